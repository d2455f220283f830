//! Whether a server is still loading the workspace, and whether it says it is unwell, read
//! from what it sends: work-done progress, pyright's "Found N source files" log line,
//! rust-analyzer's `experimental/serverStatus`.

use super::transport::truncate;
use lsp_types::notification::{LogMessage, Notification, Progress};
use serde_json::Value;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU8, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The server has said nothing of its state.
const STATUS_UNKNOWN: u8 = 0;
/// The server says it is still loading or indexing.
const STATUS_BUSY: u8 = 1;
/// The server says it is quiescent: what it answers now is complete.
const STATUS_QUIESCENT: u8 = 2;

/// What a server has said of its load and health so far (updated by the reader thread).
pub(super) struct Load {
    /// Work-done progress begun and not yet ended (the server is loading).
    progress: AtomicI64,
    /// Whether any work-done progress was ever reported.
    progress_seen: AtomicBool,
    /// What the server last said of its state (rust-analyzer's `experimental/serverStatus`):
    /// [`STATUS_UNKNOWN`], [`STATUS_BUSY`] or [`STATUS_QUIESCENT`]. Once it says, that and
    /// not the progress decides whether it is loading.
    status: AtomicU8,
    /// What the server last said of its health when not "ok" (rust-analyzer's
    /// `experimental/serverStatus`: "warning: Failed to load workspaces…"): its answers may
    /// be partial.
    health: Mutex<Option<String>>,
    /// The server says when it has found the workspace's files (pyright: "Found N source
    /// files"), so until then it is loading however long that takes.
    announces_load: AtomicBool,
    /// The notification by which the server says it is ready (method, params' `type`), when
    /// its language's spec names one; `ready` once it came.
    ready_notice: Option<(&'static str, &'static str)>,
    /// Build files an error on which means the project may not be loaded (JDT LS's
    /// `pom.xml`: `ServerSpec::load_files`; [`Load::degraded`]).
    build_files: &'static [&'static str],
    /// The last error published on a build file, if its latest diagnostics have one.
    build_error: Mutex<Option<String>>,
    ready: AtomicBool,
    started: Instant,
    /// The project check the server runs on save, as its work-done progress tells of it.
    check: Mutex<CheckSeen>,
    /// When the server last said something that ends a load (its last open progress ended,
    /// its ready notice, a quiescent status, pyright's file count).
    quiet_since: Mutex<Option<Instant>>,
}

/// What a server's work-done progress has said of its project check (rust-analyzer's
/// "flycheck": `cargo check`, run once the workspace is loaded and on each `didSave`,
/// reported as progress with the token `rust-analyzer/flycheck/N` and the title
/// `cargo check`): the compiler's diagnostics, which it publishes and does not answer when
/// asked.
#[derive(Debug, Clone, Default)]
pub struct CheckSeen {
    /// Its progress title (`cargo check`), once one began.
    pub title: Option<String>,
    /// The tokens of the checks begun and not yet ended.
    open: Vec<String>,
    /// When the last check began (ns since the epoch): it checks the disk as it was then.
    pub began_ns: Option<i64>,
    /// How many checks ended.
    pub ended: u64,
}

impl CheckSeen {
    /// A check is under way.
    pub fn running(&self) -> bool {
        !self.open.is_empty()
    }
}

/// Whether a work-done progress is a project check: rust-analyzer's flycheck token, or a
/// title that runs cargo (`cargo check`, `cargo clippy`).
fn is_check(token: &str, title: &str) -> bool {
    token.starts_with("rust-analyzer/flycheck") || title.starts_with("cargo ")
}

fn now_ns() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as i64)
}

impl Load {
    pub(super) fn new(
        ready_notice: Option<(&'static str, &'static str)>,
        build_files: &'static [&'static str],
    ) -> Load {
        Load {
            ready_notice,
            build_files,
            build_error: Mutex::new(None),
            ready: AtomicBool::new(false),
            progress: AtomicI64::new(0),
            progress_seen: AtomicBool::new(false),
            status: AtomicU8::new(STATUS_UNKNOWN),
            health: Mutex::new(None),
            announces_load: AtomicBool::new(false),
            started: Instant::now(),
            check: Mutex::new(CheckSeen::default()),
            quiet_since: Mutex::new(None),
        }
    }

    /// Note that this server announces when it has loaded (known once it has said who it is).
    pub(super) fn set_announces_load(&self, yes: bool) {
        self.announces_load.store(yes, Ordering::SeqCst);
    }

    /// Read one message from the server for what it says of its state.
    pub(super) fn observe(&self, msg: &Value) {
        self.observe_state(msg);
        let ends = msg["params"]["value"]["kind"] == "end"
            || msg["method"] == "experimental/serverStatus"
            || announces_loaded(msg)
            || self.ready_notice.is_some_and(|(m, _)| msg["method"] == m);
        if ends && !self.loading() {
            *self.quiet_since.lock().unwrap_or_else(|e| e.into_inner()) = Some(Instant::now());
        }
    }

    /// How long the server has said it is done loading, when it has said so (a server that
    /// reports no progress never does): `None` while loading or before.
    pub(super) fn settled_for(&self) -> Option<Duration> {
        if self.loading() {
            return None;
        }
        let quiet = *self.quiet_since.lock().unwrap_or_else(|e| e.into_inner());
        // A server that says nothing of its load (tsc: it reads the project inside the first
        // request, and answers whole after) never says it is done: settled since it started
        // (LSP_RESTARTED rode on hono's answers for 100 s after a restart).
        let silent = self.ready_notice.is_none()
            && !self.progress_seen.load(Ordering::SeqCst)
            && !self.announces_load.load(Ordering::SeqCst);
        quiet
            .map(|t| t.elapsed())
            .or_else(|| silent.then(|| self.started.elapsed()))
    }

    fn observe_state(&self, msg: &Value) {
        if let Some((method, kind)) = self.ready_notice {
            // `type` in a notification's params, or a work-done progress's `kind` ("end").
            let said = |k: &str| msg["params"]["type"] == k || msg["params"]["value"]["kind"] == k;
            if msg["method"] == method && (kind.is_empty() || said(kind)) {
                self.ready.store(true, Ordering::SeqCst);
            }
            // The same notice saying it failed (JDT LS: "Failed to import projects").
            if msg["method"] == method && msg["params"]["type"] == "Error" {
                let why = msg["params"]["message"].as_str().unwrap_or("an error");
                *self.health.lock().unwrap_or_else(|e| e.into_inner()) =
                    Some(format!("error: {}", truncate(first_line(why), 300)));
            }
        }
        if msg["method"] == Progress::METHOD || announces_loaded(msg) {
            self.progress_seen.store(true, Ordering::SeqCst);
        }
        // Errors on a build file (JDT LS on `pom.xml`, a plugin it could not resolve
        // offline): the project may be loaded without its sources' settings, and every
        // answer then empty (commons-collections4: "java ready", hovers and definitions
        // empty, unsaid).
        if !self.build_files.is_empty() && msg["method"] == "textDocument/publishDiagnostics" {
            if let Some(said) = build_file_error(&msg["params"], self.build_files) {
                *self.build_error.lock().unwrap_or_else(|e| e.into_inner()) = said;
            }
        }
        // rust-analyzer's own notification, which lsp-types does not declare.
        if msg["method"] == "experimental/serverStatus" {
            let quiet = msg["params"]["quiescent"].as_bool().unwrap_or(false);
            let now = if quiet { STATUS_QUIESCENT } else { STATUS_BUSY };
            self.status.store(now, Ordering::SeqCst);
            *self.health.lock().unwrap_or_else(|e| e.into_inner()) = unhealthy(&msg["params"]);
        }
        // Work-done progress: while some is open, the server is still loading.
        if msg["method"] == Progress::METHOD && msg.get("id").is_none() {
            self.observe_check(&msg["params"]);
            match msg["params"]["value"]["kind"].as_str() {
                Some("begin") => {
                    self.progress.fetch_add(1, Ordering::SeqCst);
                }
                Some("end") => {
                    let _ = self
                        .progress
                        .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| Some((n - 1).max(0)));
                }
                _ => {}
            }
        }
    }

    /// A progress's begin or end that is a project check's ([`CheckSeen`]).
    fn observe_check(&self, params: &Value) {
        let token = match &params["token"] {
            Value::String(t) => t.clone(),
            t => t.to_string(),
        };
        let mut c = self.check.lock().unwrap_or_else(|e| e.into_inner());
        match params["value"]["kind"].as_str() {
            Some("begin") => {
                let title = params["value"]["title"].as_str().unwrap_or("");
                if is_check(&token, title) {
                    tracing::debug!(token, title, "the server's project check began");
                    c.title = Some(title.to_string()).filter(|t| !t.is_empty());
                    c.open.push(token);
                    c.began_ns = Some(now_ns());
                }
            }
            Some("end") => {
                if let Some(i) = c.open.iter().position(|t| *t == token) {
                    tracing::debug!(token, "the server's project check ended");
                    c.open.remove(i);
                    c.ended += 1;
                }
            }
            _ => {}
        }
    }

    /// What the server's progress has said of its project check so far.
    pub(super) fn check(&self) -> CheckSeen {
        self.check.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Still loading: work-done progress is open, or it started moments ago and has not
    /// reported any yet.
    pub(super) fn loading(&self) -> bool {
        if self.ready_notice.is_some() && !self.ready.load(Ordering::SeqCst) {
            return true;
        }
        match self.status.load(Ordering::SeqCst) {
            STATUS_QUIESCENT => return false,
            STATUS_BUSY => return true,
            _ => {}
        }
        let open = self.progress.load(Ordering::SeqCst);
        // A server that announces its load is waited for (up to the caller's cap); one that
        // reports nothing is given a second.
        let grace = if self.announces_load.load(Ordering::SeqCst) {
            Duration::from_secs(60)
        } else {
            Duration::from_secs(1)
        };
        let progressed = self.progress_seen.load(Ordering::SeqCst);
        open > 0 || (open == 0 && !progressed && self.started.elapsed() < grace)
    }

    /// What the server says is wrong with it, when it says so.
    pub(super) fn degraded(&self) -> Option<String> {
        self.health
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
            .or_else(|| {
                self.build_error
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .clone()
            })
    }
}

/// What a `publishDiagnostics` says of a build file: `None` when it is no build file's;
/// `Some(None)` when it has no error now; else the first error, said. Pure.
fn build_file_error(params: &Value, build_files: &[&str]) -> Option<Option<String>> {
    let uri = params["uri"].as_str()?;
    let name = uri.rsplit('/').next()?;
    if !build_files.contains(&name) {
        return None;
    }
    let errors: Vec<&str> = params["diagnostics"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|d| d["severity"] == 1)
        .filter_map(|d| d["message"].as_str())
        .collect();
    Some(errors.first().map(|m| {
        format!(
            "{} error(s) in the build file {name} (\"{}\"), so the project may not be loaded",
            errors.len(),
            truncate(first_line(m), 200)
        )
    }))
}

/// A server status that is not healthy, said in a line: rust-analyzer's `health` ("ok",
/// "warning", "error") and the first line of its `message`.
fn unhealthy(params: &Value) -> Option<String> {
    let health = params["health"].as_str()?;
    if health == "ok" {
        return None;
    }
    let message = params["message"]
        .as_str()
        .and_then(|m| m.lines().map(str::trim).find(|l| !l.is_empty()))
        .map(|l| l.trim_end_matches(':'))
        .unwrap_or("no reason given");
    Some(format!("{health}: {}", truncate(message, 300)))
}

fn first_line(s: &str) -> &str {
    s.lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or(s)
}

/// pyright's (and basedpyright's) log line once it has enumerated the workspace's files.
fn announces_loaded(msg: &Value) -> bool {
    msg["method"] == LogMessage::METHOD
        && msg["params"]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("Found ") && m.contains(" source file"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn progress(kind: &str) -> Value {
        json!({"jsonrpc": "2.0", "method": "$/progress", "params": {"token": "t", "value": {"kind": kind}}})
    }

    /// A load is settled once the server's last open progress ended; not while one is open,
    /// nor for a server that never reported any.
    #[test]
    fn a_load_is_settled_once_its_progress_ends() {
        let l = Load::new(None, &[]);
        assert_eq!(l.settled_for(), None);
        l.observe(&progress("begin"));
        assert_eq!(l.settled_for(), None, "loading");
        l.observe(&progress("end"));
        assert!(l.settled_for().is_some());
        l.observe(&progress("begin"));
        assert_eq!(l.settled_for(), None, "loading again");
    }

    #[test]
    fn rust_analyzer_s_cargo_check_is_read_from_its_progress() {
        let ra = Load::new(None, &[]);
        let say = |token: &str, value: Value| {
            ra.observe(&json!({"jsonrpc": "2.0", "method": "$/progress", "params": {"token": token, "value": value}}));
        };
        say(
            "rustAnalyzer/Indexing",
            json!({"kind": "begin", "title": "Indexing"}),
        );
        assert!(!ra.check().running() && ra.check().began_ns.is_none());
        say(
            "rust-analyzer/flycheck/0",
            json!({"kind": "begin", "title": "cargo check", "cancellable": true}),
        );
        let c = ra.check();
        assert!(c.running() && c.began_ns.is_some());
        assert_eq!(c.title.as_deref(), Some("cargo check"));
        say(
            "rust-analyzer/flycheck/0",
            json!({"kind": "report", "message": "rsx (lib)"}),
        );
        say("rustAnalyzer/Indexing", json!({"kind": "end"}));
        assert!(
            ra.check().running(),
            "another progress's end is not the check's"
        );
        say("rust-analyzer/flycheck/0", json!({"kind": "end"}));
        assert!(!ra.check().running());
        assert_eq!(ra.check().ended, 1);
    }

    #[test]
    fn a_ready_notice_is_a_notification_s_type_or_a_progress_s_end() {
        // intelephense to a client that takes work-done progress: ready when it ends.
        let php = Load::new(Some(("$/progress", "end")), &[]);
        assert!(php.loading());
        php.observe(&progress("begin"));
        php.observe(&progress("report"));
        assert!(php.loading());
        php.observe(&progress("end"));
        assert!(!php.loading());
        // JDT LS: its own notification's `type`; another type is not it.
        let java = Load::new(Some(("language/status", "ServiceReady")), &["pom.xml"]);
        let status =
            |t: &str| json!({"method": "language/status", "params": {"type": t, "message": "m"}});
        java.observe(&status("Starting"));
        java.observe(&progress("begin"));
        java.observe(&progress("end"));
        assert!(java.loading(), "a progress's end is not JDT LS's notice");
        java.observe(&status("ServiceReady"));
        assert!(!java.loading());
        java.observe(&status("Error"));
        assert!(java.degraded().is_some_and(|d| d.starts_with("error: m")));
    }

    /// An error published on a build file degrades the server until it is gone; another
    /// file's errors and a build file's warnings do not.
    #[test]
    fn an_error_on_a_build_file_degrades_the_server() {
        let java = Load::new(None, &["pom.xml"]);
        let publish = |uri: &str, severity: u8| {
            json!({"method": "textDocument/publishDiagnostics", "params": {"uri": uri,
                "diagnostics": [{"severity": severity, "message": "Plugin x could not be resolved\nmore"}]}})
        };
        java.observe(&publish("file:///w/src/A.java", 1));
        java.observe(&publish("file:///w/pom.xml", 2));
        assert_eq!(java.degraded(), None);
        java.observe(&publish("file:///w/pom.xml", 1));
        assert!(
            java.degraded().is_some_and(
                |d| d.contains("build file pom.xml (\"Plugin x could not be resolved\")")
            )
        );
        java.observe(&json!({"method": "textDocument/publishDiagnostics",
            "params": {"uri": "file:///w/pom.xml", "diagnostics": []}}));
        assert_eq!(java.degraded(), None);
    }
}
