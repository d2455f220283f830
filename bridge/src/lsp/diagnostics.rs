//! Diagnostics: what a server publishes (`textDocument/publishDiagnostics`: the latest list of
//! each document is kept, with the version it was computed for when the server says it) and
//! what it answers when asked (`textDocument/diagnostic`, the pull model, for a server whose
//! capabilities offer `diagnosticProvider`), converted into SPEC's units ([`Diag`]).
//!
//! Servers differ (measured on the installed ones): gopls, pyright and clangd push, with the
//! document's version, and push an empty list for a clean file; `tsc --lsp` and rust-analyzer
//! offer the pull model (rust-analyzer cancels a pull while it loads: asked again). A server
//! that pushes without versions is read after a quiet period following the last change sent;
//! gopls publishes a version's list twice (`ServerSpec::diagnostics_settle_ms`).

use indexer::encoding::{to_char_col, Encoding};
use indexer::model::Pos;
use indexer::syntax::line_at;
use lsp_types::notification::{Notification, PublishDiagnostics};
use lsp_types::{Diagnostic, DiagnosticSeverity, NumberOrString, PublishDiagnosticsParams};
use serde::Deserialize;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

/// How long a server that publishes without versions must stay silent about a document after
/// its last publish for that list to be taken as the one for the text sent.
pub(super) const QUIET: Duration = Duration::from_millis(600);

/// How bad a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Error,
    Warning,
    Information,
    Hint,
}

impl Severity {
    pub const ALL: [Severity; 4] = [
        Severity::Error,
        Severity::Warning,
        Severity::Information,
        Severity::Hint,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Information => "info",
            Severity::Hint => "hint",
        }
    }
}

/// One diagnostic in SPEC's units: 1-based lines, character columns (`end` exclusive).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diag {
    pub severity: Severity,
    pub code: Option<String>,
    /// Who says it (`compiler`, `Pyright`, `ts`), as the server names it.
    pub source: Option<String>,
    pub message: String,
    pub start: Pos,
    pub end: Pos,
}

/// A server's diagnostic in SPEC's units, its columns counted in `text` (the text it was
/// computed for). A diagnostic without a severity is an error, as editors read it.
pub(super) fn convert(d: &Diagnostic, text: &str, enc: Encoding) -> Diag {
    let pos = |p: lsp_types::Position| {
        let line = p.line.saturating_add(1);
        Pos {
            line,
            col: to_char_col(line_at(text, line), u64::from(p.character), enc),
        }
    };
    let severity = match d.severity {
        Some(DiagnosticSeverity::WARNING) => Severity::Warning,
        Some(DiagnosticSeverity::INFORMATION) => Severity::Information,
        Some(DiagnosticSeverity::HINT) => Severity::Hint,
        _ => Severity::Error,
    };
    Diag {
        severity,
        code: d.code.as_ref().map(|c| match c {
            NumberOrString::Number(n) => n.to_string(),
            NumberOrString::String(s) => s.clone(),
        }),
        source: d.source.clone(),
        // Messages are kept to a few lines: some servers quote whole types.
        message: d.message.chars().take(1000).collect(),
        start: pos(d.range.start),
        end: pos(d.range.end),
    }
}

/// The latest list a server published for one document.
struct Entry {
    version: Option<i32>,
    items: Vec<Diagnostic>,
    at: Instant,
}

/// Every document's latest published diagnostics (updated by the reader thread), and a
/// signal for those waiting on one.
#[derive(Default)]
pub(super) struct Published {
    by_uri: Mutex<HashMap<String, Entry>>,
    arrived: Condvar,
}

/// What a wait for published diagnostics gave.
pub(super) struct Waited {
    pub(super) items: Vec<Diagnostic>,
    /// The list is the one for the text sent (else the deadline passed: `items` is the latest
    /// list, which may be an older text's, or none).
    pub(super) current: bool,
}

impl Published {
    /// Read one message from the server: a `publishDiagnostics` replaces its document's list.
    pub(super) fn observe(&self, msg: &Value) {
        if msg["method"] != PublishDiagnostics::METHOD {
            return;
        }
        let Ok(p) = PublishDiagnosticsParams::deserialize(&msg["params"]) else {
            return;
        };
        let mut all = self.by_uri.lock().unwrap_or_else(|e| e.into_inner());
        all.insert(
            p.uri.as_str().to_string(),
            Entry {
                version: p.version,
                items: p.diagnostics,
                at: Instant::now(),
            },
        );
        drop(all);
        self.arrived.notify_all();
    }

    /// The latest list published for a document, if any.
    pub(super) fn latest(&self, uri: &str) -> Option<Vec<Diagnostic>> {
        let all = self.by_uri.lock().unwrap_or_else(|e| e.into_inner());
        all.get(uri).map(|e| e.items.clone())
    }

    /// Every document's latest list, by URI: what other files looked like before an edit.
    pub(super) fn snapshot(&self) -> HashMap<String, Vec<Diagnostic>> {
        let all = self.by_uri.lock().unwrap_or_else(|e| e.into_inner());
        all.iter()
            .map(|(u, e)| (u.clone(), e.items.clone()))
            .collect()
    }

    /// Wait until no list has been published for `quiet` (whatever the document), or until
    /// `deadline`: a server that re-checks other files after an edit publishes them in a burst
    /// that may end after the edited file's own list (gopls under load).
    pub(super) fn wait_quiet(&self, quiet: Duration, deadline: Instant) {
        let mut all = self.by_uri.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            let now = Instant::now();
            let last = all.values().map(|e| e.at).max();
            let calm = last.map_or(quiet, |l| now.saturating_duration_since(l));
            if calm >= quiet || now >= deadline {
                return;
            }
            let nap = (quiet - calm).min(deadline.saturating_duration_since(now));
            all = match self.arrived.wait_timeout(all, nap) {
                Ok((g, _)) => g,
                Err(e) => e.into_inner().0,
            };
        }
    }

    /// A document's latest list and when it came.
    pub(super) fn latest_at(&self, uri: &str) -> Option<(Vec<Diagnostic>, Instant)> {
        let all = self.by_uri.lock().unwrap_or_else(|e| e.into_inner());
        all.get(uri).map(|e| (e.items.clone(), e.at))
    }

    /// Wait until a list of `uri` is published after `after`, or until `deadline`: whether
    /// one was.
    pub(super) fn wait_newer(&self, uri: &str, after: Instant, deadline: Instant) -> bool {
        let mut all = self.by_uri.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if all.get(uri).is_some_and(|e| e.at > after) {
                return true;
            }
            let now = Instant::now();
            if now >= deadline {
                return false;
            }
            all = self
                .arrived
                .wait_timeout(all, deadline - now)
                .map(|(g, _)| g)
                .unwrap_or_else(|e| e.into_inner().0);
        }
    }

    /// The documents whose list was published after `t`, with that list.
    pub(super) fn since(&self, t: Instant) -> Vec<(String, Vec<Diagnostic>)> {
        let all = self.by_uri.lock().unwrap_or_else(|e| e.into_inner());
        let mut v: Vec<_> = all
            .iter()
            .filter(|(_, e)| e.at > t)
            .map(|(u, e)| (u.clone(), e.items.clone()))
            .collect();
        v.sort_by(|a, b| a.0.cmp(&b.0));
        v
    }

    /// Wait until `deadline` for the diagnostics of `uri` as it is at `version`, last sent at
    /// `changed`: a list published for that version (the latest one once `settle` has passed
    /// since `changed`: a server that publishes a version's list in stages), or, from a server
    /// that publishes without versions, a list published after `changed` and followed by
    /// [`QUIET`] without another.
    pub(super) fn wait(
        &self,
        uri: &str,
        (version, changed): (i32, Instant),
        settle: Duration,
        deadline: Instant,
    ) -> Waited {
        let mut all = self.by_uri.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            let now = Instant::now();
            let mut nap = deadline.saturating_duration_since(now);
            if let Some(e) = all.get(uri) {
                match e.version {
                    Some(v) if v == version => {
                        let settled = now.saturating_duration_since(changed);
                        if settled >= settle || now >= deadline {
                            return Waited {
                                items: e.items.clone(),
                                current: true,
                            };
                        }
                        nap = nap.min(settle - settled);
                    }
                    None if e.at >= changed => {
                        let quiet = now.saturating_duration_since(e.at);
                        if quiet >= QUIET {
                            return Waited {
                                items: e.items.clone(),
                                current: true,
                            };
                        }
                        nap = nap.min(QUIET - quiet);
                    }
                    _ => {}
                }
            }
            if now >= deadline {
                return Waited {
                    items: all.get(uri).map(|e| e.items.clone()).unwrap_or_default(),
                    current: false,
                };
            }
            all = self
                .arrived
                .wait_timeout(all, nap.max(Duration::from_millis(1)))
                .map(|(g, _)| g)
                .unwrap_or_else(|e| e.into_inner().0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn publish(p: &Published, version: Option<i32>, n: usize) {
        let d = json!({"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 1}}, "message": "m"});
        let mut params = json!({"uri": "file:///a.go", "diagnostics": vec![d; n]});
        if let Some(v) = version {
            params["version"] = json!(v);
        }
        p.observe(&json!({"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": params}));
    }

    #[test]
    fn a_wait_takes_the_list_of_the_version_sent() {
        let p = Published::default();
        publish(&p, Some(1), 2);
        let soon = Instant::now() + Duration::from_millis(50);
        // Version 2 was sent: version 1's list is not its answer.
        let none = Duration::ZERO;
        let w = p.wait("file:///a.go", (2, Instant::now()), none, soon);
        assert!(!w.current);
        assert_eq!(w.items.len(), 2, "the latest list, said not to be current");
        publish(&p, Some(2), 0);
        let w = p.wait("file:///a.go", (2, Instant::now()), none, soon);
        assert!(w.current && w.items.is_empty());
        assert!(
            !p.wait("file:///b.go", (1, Instant::now()), none, soon)
                .current
        );
        // A server that publishes a version in stages: its second list, once settled.
        let sent = Instant::now();
        std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(Duration::from_millis(100));
                publish(&p, Some(3), 1);
                std::thread::sleep(Duration::from_millis(100));
                publish(&p, Some(3), 4);
            });
            let far = Instant::now() + Duration::from_secs(5);
            let w = p.wait("file:///a.go", (3, sent), Duration::from_millis(400), far);
            assert!(w.current);
            assert_eq!(w.items.len(), 4, "the last list of the version");
        });
    }

    #[test]
    fn without_versions_a_list_after_the_change_and_a_quiet_period_is_taken() {
        let p = Published::default();
        publish(&p, None, 3);
        let changed = Instant::now();
        let far = Instant::now() + Duration::from_secs(5);
        std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(Duration::from_millis(100));
                publish(&p, None, 1);
            });
            let started = Instant::now();
            let w = p.wait("file:///a.go", (7, changed), Duration::ZERO, far);
            assert!(w.current);
            assert_eq!(w.items.len(), 1, "the list published after the change");
            assert!(started.elapsed() >= QUIET, "after a quiet period");
        });
    }

    #[test]
    fn diagnostics_in_character_columns() {
        let d: Diagnostic = serde_json::from_value(json!({
            "range": {"start": {"line": 1, "character": 4}, "end": {"line": 1, "character": 6}},
            "severity": 2, "code": 2322, "source": "ts", "message": "bad"
        }))
        .expect("diagnostic");
        // "éé" are 2 UTF-16 units and 4 UTF-8 bytes: the 5th unit is the 5th character.
        let text = "x\néé = yy\n";
        let got = convert(&d, text, Encoding::Utf16);
        assert_eq!(got.severity, Severity::Warning);
        assert_eq!(got.code.as_deref(), Some("2322"));
        assert_eq!(
            (got.start, got.end),
            (Pos { line: 2, col: 5 }, Pos { line: 2, col: 7 })
        );
        let got = convert(&d, text, Encoding::Utf8);
        assert_eq!(
            got.start,
            Pos { line: 2, col: 3 },
            "4 bytes are 2 characters"
        );
    }
}
