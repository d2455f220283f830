//! The wire to one server: JSON-RPC messages in Content-Length frames over its stdio, a reader
//! thread that routes each response to the request waiting for it by id and answers the
//! requests servers send to clients, and a thread keeping the last lines of its stderr.
//!
//! When the server's output ends (it exited, or sent what is no frame), every waiting request
//! fails at once, and so does every later one.

use super::error::LspError;
use lsp_types::notification::Notification;
use lsp_types::request::{
    CodeLensRefresh, InlayHintRefreshRequest, RegisterCapability, Request, SemanticTokensRefresh,
    ShowDocument, ShowMessageRequest, UnregisterCapability, WorkDoneProgressCreate,
    WorkspaceConfiguration, WorkspaceDiagnosticRefresh, WorkspaceFoldersRequest,
};
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::{HashMap, VecDeque};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{ChildStderr, ChildStdin, ChildStdout};
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The stderr lines kept.
const STDERR_LINES: usize = 40;
/// The largest frame accepted from a server.
const MAX_FRAME: usize = 64 * 1024 * 1024;
/// The longest header line read before the stream is declared broken.
const MAX_HEADER_LINE: u64 = 8 * 1024;

/// JSON-RPC's code for a method the receiver does not handle.
const METHOD_NOT_FOUND: i64 = -32601;

/// The requests servers send to clients that are answered with `null`: acknowledged, nothing
/// to say (registrations, progress tokens, messages to show, refreshes).
const ANSWERED_WITH_NULL: [&str; 9] = [
    RegisterCapability::METHOD,
    UnregisterCapability::METHOD,
    WorkDoneProgressCreate::METHOD,
    ShowMessageRequest::METHOD,
    ShowDocument::METHOD,
    WorkspaceDiagnosticRefresh::METHOD,
    SemanticTokensRefresh::METHOD,
    InlayHintRefreshRequest::METHOD,
    CodeLensRefresh::METHOD,
];

/// What a request gets back: its result, or why there is none.
pub(super) type Reply = Result<Value, Failure>;
type Pending = Arc<Mutex<HashMap<i64, crossbeam_channel::Sender<Reply>>>>;

/// Why a request got no result.
#[derive(Debug)]
pub(super) enum Failure {
    /// The server answered with an error.
    Answered { code: i64, message: String },
    /// The server's output ended before it answered.
    Exited,
}

/// The wire to a running server (see the module's doc).
pub(super) struct Transport {
    /// The server's program, as messages name it.
    program: String,
    writer: Arc<Mutex<ChildStdin>>,
    pending: Pending,
    next_id: AtomicI64,
    alive: Arc<AtomicBool>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    stderr_done: Arc<AtomicBool>,
}

impl Transport {
    /// Start reading the server's output and stderr. `observe` sees every message the server
    /// sends before it is routed (its notifications say how far it has loaded); `folders` is
    /// the answer to `workspace/workspaceFolders`, `config` the settings `workspace/configuration`
    /// is answered from.
    pub(super) fn start(
        program: &str,
        stdin: ChildStdin,
        stdout: ChildStdout,
        stderr: ChildStderr,
        folders: Value,
        config: Configs,
        observe: impl Fn(&Value) + Send + 'static,
    ) -> Transport {
        let wire = Transport {
            program: program.to_string(),
            writer: Arc::new(Mutex::new(stdin)),
            pending: Arc::new(Mutex::new(HashMap::new())),
            next_id: AtomicI64::new(1),
            alive: Arc::new(AtomicBool::new(true)),
            stderr: Arc::new(Mutex::new(VecDeque::new())),
            stderr_done: Arc::new(AtomicBool::new(false)),
        };
        {
            let (tail, done) = (wire.stderr.clone(), wire.stderr_done.clone());
            std::thread::spawn(move || {
                for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                    let mut t = tail.lock().unwrap_or_else(|e| e.into_inner());
                    if t.len() == STDERR_LINES {
                        t.pop_front();
                    }
                    // Lines are kept short: a server can write anything there.
                    t.push_back(truncate(&line, 500));
                }
                done.store(true, Ordering::SeqCst);
            });
        }
        {
            let (writer, pending, alive) = (
                wire.writer.clone(),
                wire.pending.clone(),
                wire.alive.clone(),
            );
            std::thread::spawn(move || {
                let mut r = BufReader::new(stdout);
                while let Some(frame) = read_frame(&mut r) {
                    let Ok(msg) = frame else {
                        tracing::warn!("language server sent a broken frame; stopping the reader");
                        break;
                    };
                    observe(&msg);
                    route(msg, &writer, &pending, &folders, &config);
                }
                // The output ended: every waiting request fails at once.
                alive.store(false, Ordering::SeqCst);
                let waiting: Vec<_> = pending
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .drain()
                    .collect();
                for (_, tx) in waiting {
                    let _ = tx.send(Err(Failure::Exited));
                }
            });
        }
        wire
    }

    /// The server's output has not ended.
    pub(super) fn alive(&self) -> bool {
        self.alive.load(Ordering::SeqCst)
    }

    /// Send a notification.
    pub(super) fn notify<N: Notification>(&self, params: N::Params) -> Result<(), LspError> {
        let params = to_json(N::METHOD, params)?;
        tracing::debug!(method = N::METHOD, uri = %params["textDocument"]["uri"], version = %params["textDocument"]["version"], "to the server");
        write_frame(
            &self.writer,
            &json!({"jsonrpc": "2.0", "method": N::METHOD, "params": params}),
        )
        .map_err(|e| self.io_error(e))
    }

    /// Send a request: its id, and where its answer arrives. The request is registered before
    /// it is written, so a fast answer is never lost.
    pub(super) fn send(
        &self,
        method: &str,
        params: Value,
    ) -> Result<(i64, crossbeam_channel::Receiver<Reply>), LspError> {
        if !self.alive() {
            return Err(self.exited());
        }
        let id = self.next_id.fetch_add(1, Ordering::SeqCst);
        let (tx, rx) = crossbeam_channel::bounded(1);
        self.pending
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id, tx);
        let sent = write_frame(
            &self.writer,
            &json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}),
        );
        if let Err(e) = sent {
            self.forget(id);
            return Err(self.io_error(e));
        }
        Ok((id, rx))
    }

    /// Stop waiting for the answer to request `id`.
    pub(super) fn forget(&self, id: i64) {
        self.pending
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&id);
    }

    /// Requests waiting for an answer.
    pub(super) fn in_flight(&self) -> usize {
        self.pending.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// The last lines the server wrote to stderr.
    pub(super) fn stderr_tail(&self) -> Vec<String> {
        self.stderr
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .cloned()
            .collect()
    }

    /// Wait (up to `cap`) for the stderr reader to reach the end, so a server that died is
    /// quoted with its last words.
    pub(super) fn drain_stderr(&self, cap: Duration) {
        let deadline = Instant::now() + cap;
        while !self.stderr_done.load(Ordering::SeqCst) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// The server can no longer be asked: its output has ended.
    pub(super) fn exited(&self) -> LspError {
        LspError::Exited {
            program: self.program.clone(),
            stderr: self.stderr_tail(),
        }
    }

    fn io_error(&self, e: std::io::Error) -> LspError {
        LspError::Io {
            program: self.program.clone(),
            message: e.to_string(),
            stderr: self.stderr_tail(),
        }
    }
}

/// A message's params (or the result of a request to us) as JSON.
pub(super) fn to_json(method: &str, params: impl Serialize) -> Result<Value, LspError> {
    serde_json::to_value(params).map_err(|e| LspError::Encode {
        method: method.to_string(),
        message: e.to_string(),
    })
}

fn write_frame(w: &Mutex<ChildStdin>, msg: &Value) -> std::io::Result<()> {
    let body = serde_json::to_vec(msg)?;
    let mut w = w.lock().unwrap_or_else(|e| e.into_inner());
    write!(w, "Content-Length: {}\r\n\r\n", body.len())?;
    w.write_all(&body)?;
    w.flush()
}

/// Read one frame; `None` at the end of the stream or on a broken frame.
pub fn read_frame<R: BufRead + Read>(r: &mut R) -> Option<Result<Value, String>> {
    let mut len: Option<usize> = None;
    loop {
        let mut line = String::new();
        // A header line is short; a stream without newlines must not grow one without bound.
        match r.by_ref().take(MAX_HEADER_LINE).read_line(&mut line) {
            Ok(0) | Err(_) => return None,
            Ok(n) if n as u64 == MAX_HEADER_LINE && !line.ends_with('\n') => {
                return Some(Err(format!(
                    "a header line longer than {MAX_HEADER_LINE} bytes: {:?}",
                    truncate(&line, 80)
                )));
            }
            Ok(_) => {}
        }
        let line = line.trim_end();
        if line.is_empty() {
            if len.is_some() {
                break;
            }
            continue;
        }
        if let Some((k, v)) = line.split_once(':') {
            if k.eq_ignore_ascii_case("content-length") {
                len = v.trim().parse().ok();
            }
        } else {
            return Some(Err(format!("not a header line: {:?}", truncate(line, 80))));
        }
    }
    let len = len?;
    if len > MAX_FRAME {
        return Some(Err(format!("frame of {len} bytes exceeds {MAX_FRAME}")));
    }
    let mut body = vec![0u8; len];
    r.read_exact(&mut body).ok()?;
    Some(serde_json::from_slice(&body).map_err(|e| format!("bad JSON in a frame: {e}")))
}

/// The first `n` characters of `s`.
pub(super) fn truncate(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// One message from the server: a response, a request to us, or a notification.
fn route(
    mut msg: Value,
    writer: &Mutex<ChildStdin>,
    pending: &Pending,
    folders: &Value,
    config: &Configs,
) {
    let method = msg.get("method").and_then(Value::as_str);
    if let Some(m) = method {
        tracing::debug!(method = m, uri = %msg["params"]["uri"], version = %msg["params"]["version"], n = msg["params"]["diagnostics"].as_array().map_or(0, |a| a.len()), params = %truncate(&msg["params"].to_string(), 300), "from the server");
    }
    let id = msg.get("id").cloned();
    match (method, id) {
        (None, Some(id)) => {
            let Some(id) = id.as_i64() else { return };
            let tx = pending
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .remove(&id);
            if let Some(tx) = tx {
                let reply = match msg.get("error") {
                    Some(e) => Err(Failure::Answered {
                        code: e["code"].as_i64().unwrap_or(0),
                        message: e["message"].as_str().unwrap_or("").to_string(),
                    }),
                    // Moved, not copied: a result can be tens of megabytes.
                    None => Ok(msg.get_mut("result").map_or(Value::Null, Value::take)),
                };
                let _ = tx.send(reply);
            }
        }
        (Some(m), Some(id)) => {
            // Requests servers send to clients: answer every one, so none waits on us.
            let result = if m == WorkspaceConfiguration::METHOD {
                Ok(configuration(config, &msg["params"]["items"]))
            } else if m == WorkspaceFoldersRequest::METHOD {
                Ok(folders.clone())
            } else if ANSWERED_WITH_NULL.contains(&m) {
                Ok(Value::Null)
            } else {
                Err(
                    json!({"code": METHOD_NOT_FOUND, "message": format!("codemap does not handle {m}")}),
                )
            };
            let reply = match result {
                Ok(r) => json!({"jsonrpc": "2.0", "id": id, "result": r}),
                Err(e) => json!({"jsonrpc": "2.0", "id": id, "error": e}),
            };
            let _ = write_frame(writer, &reply);
        }
        // Notifications (progress, diagnostics, logs) are consumed without blocking; what the
        // server says of its state was observed before routing.
        _ => {}
    }
}

/// The settings a server was started with: the workspace's, and those of its further
/// workspace folders (by URI: a sub-project with an environment of its own).
#[derive(Debug, Clone, Default)]
pub(super) struct Configs {
    pub(super) root: Value,
    pub(super) scoped: Vec<(String, Value)>,
}

impl Configs {
    /// The settings for a `scopeUri`: those of the innermost folder holding it, else the
    /// workspace's.
    fn of(&self, scope: Option<&str>) -> &Value {
        let Some(scope) = scope else {
            return &self.root;
        };
        let holds = |folder: &str| {
            scope == folder
                || scope
                    .strip_prefix(folder)
                    .is_some_and(|rest| rest.starts_with('/'))
        };
        self.scoped
            .iter()
            .filter(|(f, _)| holds(f.trim_end_matches('/')))
            .max_by_key(|(f, _)| f.len())
            .map_or(&self.root, |(_, v)| v)
    }
}

/// The answer to `workspace/configuration`: for each item, its dotted `section` of the
/// settings the server was started with (pyright's `python.analysis`) for its `scopeUri`,
/// null where there is none (the server's defaults).
fn configuration(config: &Configs, items: &Value) -> Value {
    let items = items.as_array().map_or(&[][..], Vec::as_slice);
    Value::Array(
        items
            .iter()
            .map(|item| {
                let config = config.of(item["scopeUri"].as_str());
                match item["section"].as_str() {
                    Some(s) if !s.is_empty() => s
                        .split('.')
                        .try_fold(config, |v, key| v.get(key))
                        .cloned()
                        .unwrap_or(Value::Null),
                    _ => Value::Null,
                }
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn configuration_answers_each_section_of_the_settings() {
        let config = Configs {
            root: json!({"python": {"analysis": {"extraPaths": ["/w/a"]}}}),
            scoped: vec![(
                "file:///w/b".into(),
                json!({"python": {"pythonPath": "/w/b/.venv/bin/python"}}),
            )],
        };
        let items = json!([
            {"section": "python.analysis"},
            {"section": "python"},
            {"section": "python.analysis.typeCheckingMode"},
            {"section": "intelephense"},
            {"scopeUri": "file:///w"},
        ]);
        assert_eq!(
            configuration(&config, &items),
            json!([
                {"extraPaths": ["/w/a"]},
                {"analysis": {"extraPaths": ["/w/a"]}},
                null,
                null,
                null
            ])
        );
        // A folder's own settings for the scopes inside it; the workspace's elsewhere.
        let scoped = json!([
            {"section": "python.pythonPath", "scopeUri": "file:///w/b"},
            {"section": "python.pythonPath", "scopeUri": "file:///w/b/x.py"},
            {"section": "python.pythonPath", "scopeUri": "file:///w/bc/x.py"},
            {"section": "python.analysis", "scopeUri": "file:///w"},
        ]);
        assert_eq!(
            configuration(&config, &scoped),
            json!([
                "/w/b/.venv/bin/python",
                "/w/b/.venv/bin/python",
                null,
                {"extraPaths": ["/w/a"]}
            ])
        );
        assert_eq!(
            configuration(&Configs::default(), &json!([{"section": "x"}])),
            json!([null])
        );
        assert_eq!(configuration(&config, &Value::Null), json!([]));
    }

    #[test]
    fn frames() {
        let body = r#"{"jsonrpc":"2.0","id":1,"result":null}"#;
        let text = format!(
            "Content-Length: {}\r\nContent-Type: x\r\n\r\n{body}Content-Length: 2\r\n\r\n{{}}",
            body.len()
        );
        let mut r = std::io::Cursor::new(text.into_bytes());
        assert_eq!(
            read_frame(&mut r).and_then(Result::ok),
            Some(json!({"jsonrpc":"2.0","id":1,"result":null}))
        );
        assert_eq!(read_frame(&mut r).and_then(Result::ok), Some(json!({})));
        assert!(read_frame(&mut r).is_none());
        let mut garbage = std::io::Cursor::new(b"garbage\r\n\r\n".to_vec());
        assert!(matches!(read_frame(&mut garbage), Some(Err(_))));
        let mut huge = std::io::Cursor::new(b"Content-Length: 999999999999\r\n\r\n".to_vec());
        assert!(matches!(read_frame(&mut huge), Some(Err(_))));
        // Megabytes without a newline: refused after the first 8 KiB, not read into memory.
        let mut endless = std::io::Cursor::new(vec![b'x'; 4 << 20]);
        assert!(matches!(read_frame(&mut endless), Some(Err(_))));
        assert_eq!(endless.position(), MAX_HEADER_LINE);
    }
}
