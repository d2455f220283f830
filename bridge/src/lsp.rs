//! A client for one language server over stdio (LSP): Content-Length framing, a reader thread
//! that routes responses to waiting requests by id and answers the requests servers send to
//! clients, a stderr thread keeping the last lines, per-request timeouts with `$/cancelRequest`,
//! document sync from disk, and the hierarchical outline converted to SPEC's positions
//! (1-based lines, character columns) and qualnames. What differs between servers comes from
//! the language registry (`Lang::spec().server`): commands, `languageId`, kinds, quirks.
//!
//! A server that dies makes every waiting and later request fail at once with `LSP_FAILED`;
//! restarting it is the supervisor's job (module `supervise`).

use crate::paths::Contained;
use indexer::envelope::{ErrorCode, ToolError};
use indexer::lang::Lang;
use indexer::model::{Kind, Pos, Span};
use indexer::outline::OutlineSymbol;
use lsp_types::{
    CallHierarchyIncomingCall, CallHierarchyItem, CallHierarchyOutgoingCall,
    DocumentChangeOperation, DocumentChanges, DocumentSymbol, Hover, HoverContents, Location,
    LocationLink, MarkedString, OneOf, Range, ResourceOp, SymbolInformation, SymbolKind, TextEdit,
    WorkspaceEdit, WorkspaceSymbol,
};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Per-request timeout (SPEC: 15 s; references and workspace symbols get 30 s).
pub const TIMEOUT: Duration = Duration::from_secs(15);
/// How long an empty outline is retried while the server is still loading.
const LOADING_RETRY: Duration = Duration::from_secs(8);
const STDERR_LINES: usize = 40;
/// The largest frame accepted from a server.
const MAX_FRAME: usize = 64 * 1024 * 1024;
/// The longest header line read before the stream is declared broken.
const MAX_HEADER_LINE: u64 = 8 * 1024;

/// How the server counts columns (negotiated: UTF-8 if it offers it, else UTF-16); the
/// conversions are the indexer's, shared with the SCIP export.
pub use indexer::encoding::{from_char_col, to_char_col, Encoding};

type Reply = Result<Value, (i64, String)>;
type Pending = Arc<Mutex<HashMap<i64, crossbeam_channel::Sender<Reply>>>>;

/// The command for a language: the first of its registry's candidates found on PATH, never
/// chosen by the indexed repository.
pub fn command_for(lang: Lang) -> Option<Vec<String>> {
    lang.spec()
        .server
        .commands
        .iter()
        .find(|c| c.first().is_some_and(|p| which(p).is_some()))
        .map(|c| c.iter().map(|s| s.to_string()).collect())
}

pub fn install_hint(lang: Lang) -> &'static str {
    lang.spec().server.install_hint
}

fn which(cmd: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(cmd))
        .find(|p| p.is_file())
}

/// A running language server.
pub struct Server {
    pub lang: Lang,
    pub command: Vec<String>,
    child: Mutex<Child>,
    writer: Arc<Mutex<ChildStdin>>,
    pending: Pending,
    next_id: AtomicI64,
    alive: Arc<AtomicBool>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    encoding: Encoding,
    root: PathBuf,
    timeout: Duration,
    /// Open documents by absolute path.
    docs: Mutex<HashMap<PathBuf, Doc>>,
    /// Work-done progress begun and not yet ended (the server is loading).
    progress: Arc<AtomicI64>,
    /// Whether any work-done progress was ever reported.
    progress_seen: Arc<AtomicBool>,
    /// What the server last said of its state (rust-analyzer's `experimental/serverStatus`):
    /// [`STATUS_UNKNOWN`], [`STATUS_BUSY`] or [`STATUS_QUIESCENT`]. Once it says, that and
    /// not the progress decides whether it is loading.
    status: Arc<AtomicU8>,
    /// What the server last said of its health when not "ok" (rust-analyzer's
    /// `experimental/serverStatus`: "warning: Failed to load workspaces…"): its answers may
    /// be partial.
    health: Arc<Mutex<Option<String>>>,
    /// When it last answered or was waited for, in milliseconds since `started`: an idle
    /// period counts from there, not from when a request began.
    active_ms: AtomicU64,
    /// The server says when it has found the workspace's files (pyright: "Found N source
    /// files"), so until then it is loading however long that takes.
    announces_load: bool,
    /// What the server said it can do (`initialize`'s `capabilities`).
    capabilities: Value,
    started: Instant,
    /// The last outline of each document, valid while its text is unchanged.
    outlines: Mutex<HashMap<String, (String, Vec<OutlineSymbol>)>>,
}

/// A document the server has open: what was last sent, and the disk state it came from.
struct Doc {
    file: Contained,
    uri: String,
    version: i32,
    text: String,
    stamp: Option<(u64, std::time::SystemTime)>,
}

fn stamp(p: &Path) -> Option<(u64, std::time::SystemTime)> {
    let m = std::fs::metadata(p).ok()?;
    Some((m.len(), m.modified().ok()?))
}

fn lsp_error(code: ErrorCode, msg: impl Into<String>) -> ToolError {
    ToolError::new(code, msg)
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

fn truncate(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// `file:///a/b c.py` for a path.
pub fn path_to_uri(p: &Path) -> String {
    let mut out = String::from("file://");
    for b in p.to_string_lossy().bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// A server that could not be started, with what it said on stderr.
#[derive(Debug)]
pub struct StartError {
    pub error: ToolError,
    pub stderr_tail: Vec<String>,
}

impl From<ToolError> for StartError {
    fn from(error: ToolError) -> StartError {
        StartError {
            error,
            stderr_tail: Vec::new(),
        }
    }
}

impl Server {
    /// Spawn the server and run the `initialize` handshake.
    pub fn start(
        lang: Lang,
        root: &Path,
        command: Vec<String>,
        timeout: Duration,
    ) -> Result<Server, StartError> {
        let Some((prog, args)) = command.split_first() else {
            return Err(lsp_error(ErrorCode::LspUnavailable, "empty server command").into());
        };
        let mut cmd = Command::new(prog);
        cmd.args(args)
            .current_dir(root)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        cmd.envs(lang.spec().server.env.iter().copied());
        for (file, key, value) in lang.spec().server.env_when {
            if root.join(file).is_file() {
                cmd.env(key, value);
            }
        }
        let mut child = cmd.spawn().map_err(|e| {
            lsp_error(
                ErrorCode::LspUnavailable,
                format!("cannot start {prog}: {e}"),
            )
            .hint(install_hint(lang))
        })?;
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(ToolError::internal("the server's pipes were not set up").into());
        };
        let writer = Arc::new(Mutex::new(stdin));
        let pending: Pending = Arc::new(Mutex::new(HashMap::new()));
        let alive = Arc::new(AtomicBool::new(true));
        let progress = Arc::new(AtomicI64::new(0));
        let progress_seen = Arc::new(AtomicBool::new(false));
        let status = Arc::new(AtomicU8::new(STATUS_UNKNOWN));
        let health: Arc<Mutex<Option<String>>> = Arc::new(Mutex::new(None));
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        let stderr_done = Arc::new(AtomicBool::new(false));
        {
            let (tail, done) = (tail.clone(), stderr_done.clone());
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
            let (writer, pending, alive, progress, seen, status, health) = (
                writer.clone(),
                pending.clone(),
                alive.clone(),
                progress.clone(),
                progress_seen.clone(),
                status.clone(),
                health.clone(),
            );
            let folder = json!([{"uri": path_to_uri(root), "name": root.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()}]);
            std::thread::spawn(move || {
                let mut r = BufReader::new(stdout);
                while let Some(frame) = read_frame(&mut r) {
                    let Ok(msg) = frame else {
                        tracing::warn!("language server sent a broken frame; stopping the reader");
                        break;
                    };
                    if msg["method"] == "$/progress" || announces_loaded(&msg) {
                        seen.store(true, Ordering::SeqCst);
                    }
                    if msg["method"] == "experimental/serverStatus" {
                        let quiet = msg["params"]["quiescent"].as_bool().unwrap_or(false);
                        let now = if quiet { STATUS_QUIESCENT } else { STATUS_BUSY };
                        status.store(now, Ordering::SeqCst);
                        *health.lock().unwrap_or_else(|e| e.into_inner()) =
                            unhealthy(&msg["params"]);
                    }
                    route(msg, &writer, &pending, &folder, &progress);
                }
                // The output ended: every waiting request fails at once.
                alive.store(false, Ordering::SeqCst);
                let waiting: Vec<_> = pending
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .drain()
                    .collect();
                for (_, tx) in waiting {
                    let _ = tx.send(Err((-32099, "the language server exited".into())));
                }
            });
        }
        let mut server = Server {
            lang,
            command,
            child: Mutex::new(child),
            writer,
            pending,
            next_id: AtomicI64::new(1),
            alive,
            stderr: tail,
            encoding: Encoding::Utf16,
            timeout,
            root: root.to_path_buf(),
            docs: Mutex::new(HashMap::new()),
            outlines: Mutex::new(HashMap::new()),
            progress,
            progress_seen,
            status,
            health,
            active_ms: AtomicU64::new(0),
            announces_load: false,
            capabilities: Value::Null,
            started: Instant::now(),
        };
        let init = server.request(
            "initialize",
            json!({
                "processId": std::process::id(),
                "rootUri": path_to_uri(root),
                "workspaceFolders": [{"uri": path_to_uri(root), "name": "workspace"}],
                "capabilities": {
                    "general": {"positionEncodings": ["utf-8", "utf-16"]},
                    "textDocument": {
                        "documentSymbol": {"hierarchicalDocumentSymbolSupport": true},
                        "hover": {"contentFormat": ["markdown", "plaintext"]},
                        "synchronization": {"dynamicRegistration": false},
                    },
                    "workspace": {"configuration": true, "workspaceFolders": true},
                    "window": {"workDoneProgress": true},
                    // rust-analyzer says when it is quiescent (done loading and indexing).
                    "experimental": {"serverStatusNotification": true},
                },
            }),
            server.timeout.max(Duration::from_secs(1)) * 2,
        );
        let init = match init {
            Ok(v) => v,
            Err(error) => {
                // Let the stderr reader catch up with a server that died, for its last words.
                let deadline = Instant::now() + Duration::from_millis(500);
                while !stderr_done.load(Ordering::SeqCst) && Instant::now() < deadline {
                    std::thread::sleep(Duration::from_millis(10));
                }
                return Err(StartError {
                    stderr_tail: server.stderr_tail(),
                    error,
                });
            }
        };
        server.capabilities = init["capabilities"].clone();
        // pyright sends no serverInfo: its command names it.
        let announcing = lang.spec().server.announcing_servers;
        server.announces_load = [
            init["serverInfo"]["name"].as_str().unwrap_or(""),
            &server.command[0],
        ]
        .iter()
        .any(|n| {
            let n = n.to_ascii_lowercase();
            announcing.iter().any(|a| n.contains(a))
        });
        server.encoding = match init["capabilities"]["positionEncoding"].as_str() {
            Some("utf-8") => Encoding::Utf8,
            Some("utf-32") => Encoding::Utf32,
            _ => Encoding::Utf16,
        };
        server.notify("initialized", json!({}))?;
        Ok(server)
    }

    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    pub fn stderr_tail(&self) -> Vec<String> {
        self.stderr
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .cloned()
            .collect()
    }

    fn failed(&self, what: &str) -> ToolError {
        let tail = self.stderr_tail();
        lsp_error(
            ErrorCode::LspFailed,
            format!(
                "{} {what}{}",
                self.command[0],
                if tail.is_empty() {
                    String::new()
                } else {
                    format!(
                        "; its stderr ends: {}",
                        tail.iter()
                            .rev()
                            .take(5)
                            .rev()
                            .cloned()
                            .collect::<Vec<_>>()
                            .join(" | ")
                    )
                }
            ),
        )
    }

    pub fn notify(&self, method: &str, params: Value) -> Result<(), ToolError> {
        write_frame(
            &self.writer,
            &json!({"jsonrpc": "2.0", "method": method, "params": params}),
        )
        .map_err(|e| self.failed(&format!("could not be written to: {e}")))
    }

    /// One request, asked again (within `timeout`) while the server answers that the content
    /// was modified (-32801) or that it cancelled the request itself (-32802): both mean
    /// "not now", as rust-analyzer says while it loads.
    pub fn request(
        &self,
        method: &str,
        params: Value,
        timeout: Duration,
    ) -> Result<Value, ToolError> {
        const CONTENT_MODIFIED: i64 = -32801;
        const SERVER_CANCELLED: i64 = -32802;
        let started = Instant::now();
        let mut tries = 0;
        loop {
            tries += 1;
            let left = timeout.saturating_sub(started.elapsed());
            match self.request_once(method, params.clone(), left)? {
                Ok(v) => return Ok(v),
                Err((code, _))
                    if tries < 8
                        && matches!(code, CONTENT_MODIFIED | SERVER_CANCELLED)
                        && started.elapsed() + Duration::from_millis(300) < timeout =>
                {
                    std::thread::sleep(Duration::from_millis(250));
                }
                Err((code, msg)) => {
                    return Err(lsp_error(
                        ErrorCode::LspFailed,
                        format!("{method} failed ({code}): {msg}"),
                    ))
                }
            }
        }
    }

    /// One request and its answer: the result, or the server's error (code, message); the
    /// outer error when the server could not be asked or did not answer in time.
    fn request_once(
        &self,
        method: &str,
        params: Value,
        timeout: Duration,
    ) -> Result<Result<Value, (i64, String)>, ToolError> {
        if !self.alive.load(Ordering::SeqCst) {
            return Err(self.failed("has exited"));
        }
        let id = self.next_id.fetch_add(1, Ordering::SeqCst);
        let (tx, rx) = crossbeam_channel::bounded(1);
        // Registered before the request is written, so a fast answer is never lost.
        self.pending
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id, tx);
        let sent = write_frame(
            &self.writer,
            &json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}),
        );
        if let Err(e) = sent {
            self.pending
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .remove(&id);
            return Err(self.failed(&format!("could not be written to: {e}")));
        }
        let answer = rx.recv_timeout(timeout);
        self.touch();
        match answer {
            Ok(answered) => Ok(answered),
            Err(_) => {
                self.pending
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .remove(&id);
                let _ = self.notify("$/cancelRequest", json!({"id": id}));
                Err(lsp_error(
                    ErrorCode::LspTimeout,
                    format!("{method} got no answer in {:.1} s", timeout.as_secs_f64()),
                )
                .hint("the map answers without a server: `map_search`, `map_neighbors`"))
            }
        }
    }

    /// Make the server's copy of a file equal to `text` (its disk content): `didOpen`, then
    /// `didChange` with a new version when it changed. Every other open document whose file
    /// changed on disk is re-synced too (a stale buffer poisons answers about other files), and
    /// one whose file is gone is closed.
    pub fn sync(&self, file: &Contained, text: &str) -> Result<String, ToolError> {
        let uri = path_to_uri(&file.abs);
        let mut docs = self.docs.lock().unwrap_or_else(|e| e.into_inner());
        let mut gone = Vec::new();
        for (path, doc) in docs.iter_mut() {
            if *path == file.abs {
                continue;
            }
            let now = stamp(path);
            if now == doc.stamp {
                continue;
            }
            match std::fs::read(path) {
                Ok(bytes) => {
                    let t = String::from_utf8_lossy(&bytes).into_owned();
                    doc.stamp = now;
                    if t != doc.text {
                        doc.version += 1;
                        self.notify(
                            "textDocument/didChange",
                            json!({"textDocument": {"uri": doc.uri, "version": doc.version}, "contentChanges": [{"text": t}]}),
                        )?;
                        doc.text = t;
                    }
                }
                Err(_) => gone.push(path.clone()),
            }
        }
        for path in gone {
            if let Some(doc) = docs.remove(&path) {
                self.notify(
                    "textDocument/didClose",
                    json!({"textDocument": {"uri": doc.uri}}),
                )?;
            }
        }
        match docs.get_mut(&file.abs) {
            None => {
                self.notify(
                    "textDocument/didOpen",
                    json!({"textDocument": {"uri": uri, "languageId": language_id(self.lang, &file.abs), "version": 1, "text": text}}),
                )?;
                docs.insert(
                    file.abs.clone(),
                    Doc {
                        file: file.clone(),
                        uri: uri.clone(),
                        version: 1,
                        text: text.to_string(),
                        stamp: stamp(&file.abs),
                    },
                );
            }
            Some(doc) => {
                doc.stamp = stamp(&file.abs);
                if doc.text != text {
                    doc.version += 1;
                    self.notify(
                        "textDocument/didChange",
                        json!({"textDocument": {"uri": uri, "version": doc.version}, "contentChanges": [{"text": text}]}),
                    )?;
                    doc.text = text.to_string();
                }
            }
        }
        Ok(uri)
    }

    /// The files this server has open (re-opened on its successor after a restart).
    pub fn open_files(&self) -> Vec<Contained> {
        let docs = self.docs.lock().unwrap_or_else(|e| e.into_inner());
        let mut v: Vec<Contained> = docs.values().map(|d| d.file.clone()).collect();
        v.sort_by(|a, b| a.rel.cmp(&b.rel));
        v
    }

    /// The server's output has not ended (it has not exited or sent garbage).
    pub fn alive(&self) -> bool {
        self.alive.load(Ordering::SeqCst)
    }

    /// Note that the server is in use now.
    fn touch(&self) {
        let ms = u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.active_ms.fetch_max(ms, Ordering::SeqCst);
    }

    /// How long since it last answered or was waited for.
    pub fn idle_for(&self) -> Duration {
        let at = Duration::from_millis(self.active_ms.load(Ordering::SeqCst));
        self.started.elapsed().saturating_sub(at)
    }

    /// Requests waiting for an answer.
    pub fn in_flight(&self) -> usize {
        self.pending.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    pub fn pid(&self) -> u32 {
        self.child.lock().unwrap_or_else(|e| e.into_inner()).id()
    }

    /// The live outline of a file, in SPEC's terms.
    pub fn outline(&self, file: &Contained, text: &str) -> Result<Vec<OutlineSymbol>, ToolError> {
        let uri = self.sync(file, text)?;
        if let Some((t, o)) = self
            .outlines
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&uri)
        {
            if t == text {
                return Ok(o.clone());
            }
        }
        let started = Instant::now();
        loop {
            let v = self.request(
                "textDocument/documentSymbol",
                json!({"textDocument": {"uri": uri}}),
                self.timeout,
            )?;
            let mut out = convert_outline(self.lang, &v, text, self.encoding);
            if self.lang.spec().server.outline_kinds_from_parse {
                settle_kinds(self.lang, &file.rel, text, &mut out);
            }
            // An empty answer while the server is still loading is retried for a while.
            if !out.is_empty() || started.elapsed() > LOADING_RETRY || text.trim().is_empty() {
                self.outlines
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .insert(uri, (text.to_string(), out.clone()));
                return Ok(out);
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    /// A position request (`textDocument/hover`, `definition`, …) at a 1-based line and
    /// character column of a file whose disk text is `text`; `extra` is merged into the params.
    pub fn at(
        &self,
        method: &str,
        file: &Contained,
        text: &str,
        pos: Pos,
        extra: Value,
        timeout: Option<Duration>,
    ) -> Result<Value, ToolError> {
        let uri = self.sync(file, text)?;
        let line_text = indexer::syntax::line_at(text, pos.line);
        let mut params = json!({
            "textDocument": {"uri": uri},
            "position": {"line": pos.line.saturating_sub(1), "character": from_char_col(line_text, pos.col, self.encoding)},
        });
        if let (Some(p), Some(e)) = (params.as_object_mut(), extra.as_object()) {
            for (k, v) in e {
                p.insert(k.clone(), v.clone());
            }
        }
        self.request(method, params, timeout.unwrap_or(self.timeout))
    }

    /// Whether the server offers a capability (`definitionProvider`, `renameProvider`, …).
    pub fn supports(&self, capability: &str) -> bool {
        !matches!(
            &self.capabilities[capability],
            Value::Null | Value::Bool(false)
        )
    }

    /// What the server says is wrong with it, when it says so (a workspace it could not
    /// load): its answers may miss what it did not load.
    pub fn degraded(&self) -> Option<String> {
        self.health
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Still loading: work-done progress is open, or it started moments ago and has not
    /// reported any yet.
    pub fn loading(&self) -> bool {
        match self.status.load(Ordering::SeqCst) {
            STATUS_QUIESCENT => return false,
            STATUS_BUSY => return true,
            _ => {}
        }
        let open = self.progress.load(Ordering::SeqCst);
        // A server that announces its load is waited for (up to the caller's cap); one that
        // reports nothing is given a second.
        let grace = if self.announces_load {
            Duration::from_secs(60)
        } else {
            Duration::from_secs(1)
        };
        open > 0 || (open == 0 && !self.progressed() && self.started.elapsed() < grace)
    }

    fn progressed(&self) -> bool {
        self.progress_seen.load(Ordering::SeqCst)
    }

    /// Wait (up to `cap`) until the server has finished loading the workspace, so answers that
    /// span files (references, workspace symbols, rename) are not partial.
    pub fn wait_ready(&self, cap: Duration) {
        let t = Instant::now();
        while self.loading() && t.elapsed() < cap && self.alive() {
            self.touch();
            std::thread::sleep(Duration::from_millis(25));
        }
    }

    /// A position request whose empty answer, while the server is still loading, is asked
    /// again for up to 8 s.
    pub fn at_retrying(
        &self,
        method: &str,
        file: &Contained,
        text: &str,
        pos: Pos,
        extra: Value,
        timeout: Option<Duration>,
    ) -> Result<Value, ToolError> {
        self.wait_ready(timeout.unwrap_or(self.timeout));
        let started = Instant::now();
        loop {
            let v = self.at(method, file, text, pos, extra.clone(), timeout)?;
            let empty = v.is_null() || v.as_array().is_some_and(Vec::is_empty);
            if !empty || !self.loading() || started.elapsed() > LOADING_RETRY {
                return Ok(v);
            }
            std::thread::sleep(Duration::from_millis(250));
        }
    }

    /// The per-request timeout this server was started with.
    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    pub fn root(&self) -> &Path {
        &self.root
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let mut child = self.child.lock().unwrap_or_else(|e| e.into_inner());
        if self.alive.load(Ordering::SeqCst) {
            let _ = self.request("shutdown", Value::Null, Duration::from_secs(2));
            let _ = self.notify("exit", Value::Null);
            let deadline = Instant::now() + Duration::from_secs(2);
            while Instant::now() < deadline {
                if let Ok(Some(_)) = child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        }
        // Dead, broken or deaf: killed, and always reaped (no zombie is left).
        let _ = child.kill();
        let _ = child.wait();
    }
}

/// The server has said nothing of its state.
const STATUS_UNKNOWN: u8 = 0;
/// The server says it is still loading or indexing.
const STATUS_BUSY: u8 = 1;
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

/// The server says it is quiescent: what it answers now is complete.
const STATUS_QUIESCENT: u8 = 2;

/// pyright's (and basedpyright's) log line once it has enumerated the workspace's files.
fn announces_loaded(msg: &Value) -> bool {
    msg["method"] == "window/logMessage"
        && msg["params"]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("Found ") && m.contains(" source file"))
}

/// One message from the server: a response, a request to us, or a notification.
fn route(
    mut msg: Value,
    writer: &Mutex<ChildStdin>,
    pending: &Pending,
    folders: &Value,
    progress: &AtomicI64,
) {
    let method = msg.get("method").and_then(Value::as_str);
    if let Some(m) = method {
        tracing::debug!(method = m, params = %truncate(&msg["params"].to_string(), 300), "from the server");
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
                    Some(e) => Err((
                        e["code"].as_i64().unwrap_or(0),
                        e["message"].as_str().unwrap_or("").to_string(),
                    )),
                    // Moved, not copied: a result can be tens of megabytes.
                    None => Ok(msg.get_mut("result").map_or(Value::Null, Value::take)),
                };
                let _ = tx.send(reply);
            }
        }
        (Some(m), Some(id)) => {
            // Requests servers send to clients: answer every one, so none waits on us.
            let result = match m {
                "workspace/configuration" => {
                    let n = msg["params"]["items"].as_array().map_or(0, Vec::len);
                    Ok(Value::Array(vec![Value::Null; n]))
                }
                "workspace/workspaceFolders" => Ok(folders.clone()),
                "client/registerCapability"
                | "client/unregisterCapability"
                | "window/workDoneProgress/create"
                | "window/showMessageRequest"
                | "window/showDocument"
                | "workspace/diagnostic/refresh"
                | "workspace/semanticTokens/refresh"
                | "workspace/inlayHint/refresh"
                | "workspace/codeLens/refresh" => Ok(Value::Null),
                _ => {
                    Err(json!({"code": -32601, "message": format!("codemap does not handle {m}")}))
                }
            };
            let reply = match result {
                Ok(r) => json!({"jsonrpc": "2.0", "id": id, "result": r}),
                Err(e) => json!({"jsonrpc": "2.0", "id": id, "error": e}),
            };
            let _ = write_frame(writer, &reply);
        }
        // Work-done progress: while some is open, the server is still loading.
        (Some("$/progress"), None) => match msg["params"]["value"]["kind"].as_str() {
            Some("begin") => {
                progress.fetch_add(1, Ordering::SeqCst);
            }
            Some("end") => {
                let _ = progress
                    .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| Some((n - 1).max(0)));
            }
            _ => {}
        },
        // Other notifications (diagnostics, logs) are consumed without blocking.
        _ => {}
    }
}

/// Hover `contents` (`MarkupContent`, `MarkedString` or an array of them) as one text, the
/// parts joined by `sep`; markdown is kept as the server wrote it.
pub fn hover_text(contents: &HoverContents, sep: &str) -> String {
    let marked = |m: &MarkedString| match m {
        MarkedString::String(s) => s.clone(),
        MarkedString::LanguageString(l) => l.value.clone(),
    };
    match contents {
        HoverContents::Scalar(m) => marked(m),
        HoverContents::Array(a) => a.iter().map(marked).collect::<Vec<_>>().join(sep),
        HoverContents::Markup(m) => m.value.clone(),
    }
}

/// A hover's documentation without its separators (`---`) and without rust-analyzer's notes
/// of generic substitutions (`` `T` = `T` ``), which say nothing about the symbol.
fn hover_doc(doc: &str) -> String {
    let substitution = |p: &str| {
        !p.is_empty()
            && p.split(',').all(|part| {
                let part = part.trim();
                part.split_once(" = ").is_some_and(|(a, b)| {
                    let code = |x: &str| x.len() >= 2 && x.starts_with('`') && x.ends_with('`');
                    code(a.trim()) && code(b.trim())
                })
            })
    };
    let doc: Vec<&str> = doc
        .lines()
        .map(|l| if l.trim() == "---" { "" } else { l })
        .collect();
    doc.join("\n")
        .split("\n\n")
        .map(str::trim)
        .filter(|p| !p.is_empty() && *p != "---" && !substitution(p))
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// A hover text as (declaration, documentation). Markdown: the first fenced code block, and
/// the rest. Plain text: the first paragraph (a declaration may span lines), up to the line
/// that closes a block it opens (gopls writes a type's doc right after its `}`), and the rest.
pub fn split_hover(text: &str) -> (String, String) {
    if let Some(i) = text.find("```") {
        let rest = &text[i + 3..];
        let rest = rest.split_once('\n').map_or("", |(_, r)| r);
        let (code, after) = rest.split_once("```").unwrap_or((rest, ""));
        // rust-analyzer: first the item's path (`shop_store::Map`), then its declaration.
        if !code.trim().contains(char::is_whitespace) && after.trim_start().starts_with("```") {
            return split_hover(after.trim_start());
        }
        let doc = format!("{}{}", &text[..i], after);
        return (code.trim().to_string(), hover_doc(&doc));
    }
    let (first, rest) = text.split_once("\n\n").unwrap_or((text, ""));
    let lines: Vec<&str> = first.lines().collect();
    let opens = lines
        .first()
        .is_some_and(|l| l.trim_end().ends_with('{') || l.contains("{ //"));
    let close = opens
        .then(|| lines.iter().position(|l| l.starts_with('}')))
        .flatten();
    let (decl, tail) = match close {
        Some(c) => (lines[..=c].join("\n"), lines[c + 1..].join("\n")),
        None => (first.to_string(), String::new()),
    };
    let doc = [tail.trim(), rest.trim()]
        .into_iter()
        .filter(|x| !x.is_empty())
        .collect::<Vec<_>>()
        .join("\n\n");
    (decl.trim().to_string(), doc)
}

/// The declaration line(s) of a hover answer: the first fenced code block (or the plain
/// text's first line), whitespace collapsed; pyright's `(method) ` style prefix dropped.
pub fn signature_from_hover(h: &Hover) -> Option<String> {
    let text = hover_text(&h.contents, "\n");
    let (body, _) = split_hover(&text);
    let sig = body.split_whitespace().collect::<Vec<_>>().join(" ");
    let sig = match sig.strip_prefix('(') {
        Some(rest)
            if rest
                .split_once(") ")
                .is_some_and(|(k, _)| k.chars().all(|c| c.is_ascii_lowercase() || c == ' ')) =>
        {
            rest.split_once(") ")
                .map_or(sig.clone(), |(_, r)| r.to_string())
        }
        _ => sig,
    };
    (!sig.is_empty()).then(|| indexer::extract::clip_signature(&sig))
}

fn lsp_pos(p: &lsp_types::Position, lines: &[&str], enc: Encoding) -> Pos {
    let text = lines.get(p.line as usize).copied().unwrap_or("");
    Pos {
        line: p.line + 1,
        col: to_char_col(text, u64::from(p.character), enc),
    }
}

fn lsp_span(r: &Range, lines: &[&str], enc: Encoding) -> Span {
    Span {
        start: lsp_pos(&r.start, lines, enc),
        end: lsp_pos(&r.end, lines, enc),
    }
}

/// A method named with its receiver, `(*Server).Serve` or `(T[K]).M`, as gopls lists them at
/// the top of its outline: (receiver base type, method).
fn receiver_method_name(name: &str) -> Option<(String, String)> {
    let rest = name.strip_prefix('(')?;
    let (recv, method) = rest.split_once(").")?;
    let recv = recv.trim_start_matches('*');
    let recv = recv.split('[').next().unwrap_or(recv);
    Some((recv.to_string(), method.to_string()))
}

/// LSP's `languageId` of a file: its extension's (`tsx` → `typescriptreact`), else its
/// language's.
fn language_id(lang: Lang, path: &Path) -> &'static str {
    let server = &lang.spec().server;
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    server
        .language_ids
        .iter()
        .find(|(e, _)| *e == ext)
        .map_or(server.language_id, |(_, id)| id)
}

/// The map kind of an outline entry of `lsp_kind` under a `parent` of this kind.
fn kind_of(lang: Lang, lsp_kind: SymbolKind, parent: Option<Kind>) -> Option<Kind> {
    use Kind::*;
    let server = &lang.spec().server;
    Some(match lsp_kind {
        SymbolKind::CLASS => server.class_kind,
        SymbolKind::STRUCT => Struct,
        SymbolKind::INTERFACE => Interface,
        SymbolKind::METHOD | SymbolKind::CONSTRUCTOR => Method,
        SymbolKind::FUNCTION if parent == Some(Class) && server.functions_in_class_are_methods => {
            Method
        }
        SymbolKind::FUNCTION => Function,
        SymbolKind::FIELD | SymbolKind::PROPERTY => Field,
        SymbolKind::CONSTANT => Constant,
        SymbolKind::VARIABLE => match parent {
            Some(Class | Struct) => Field,
            _ => Variable,
        },
        SymbolKind::ENUM_MEMBER => server.enum_member_kind,
        SymbolKind::NAMESPACE | SymbolKind::MODULE => return server.namespace_kind,
        SymbolKind::TYPE_PARAMETER | SymbolKind::ENUM => Type,
        _ => return None,
    })
}

/// The kinds of a server's outline settled by a parse of the same text, for servers whose
/// categories are not the map's: the parsed symbol whose name starts at the same place, or
/// (where the server points at the value: `exports.f = function () {}`) the one of the same
/// name declared on that line around it, gives its kind, name position and qualname. Top-level
/// variables the parse does not define (imports: `import { a }`, `const b = require(…)`) are
/// left out, as the map leaves them out.
fn settle_kinds(lang: Lang, path: &str, text: &str, out: &mut Vec<OutlineSymbol>) {
    let Ok(ex) = indexer::extract::Extractor::shared() else {
        return;
    };
    let parsed = ex
        .extract(
            &mut indexer::extract::Worker::new(),
            lang,
            path,
            text.as_bytes(),
        )
        .symbols;
    let at: HashMap<(u32, u32), usize> = parsed
        .iter()
        .enumerate()
        .map(|(i, s)| ((s.name_span.start.line, s.name_span.start.col), i))
        .collect();
    let mut keep = Vec::with_capacity(out.len());
    for s in out.iter_mut() {
        let start = s.name_span.start;
        let found = at.get(&(start.line, start.col)).copied().or_else(|| {
            parsed.iter().position(|p| {
                p.name == s.name
                    && p.name_span.start.line == start.line
                    && (p.span.start.line, p.span.start.col) <= (start.line, start.col)
                    && (start.line, start.col) <= (p.span.end.line, p.span.end.col)
            })
        });
        match found.map(|i| &parsed[i]) {
            Some(p) => {
                s.kind = p.kind;
                s.name_span = p.name_span;
                s.qualname = p.qualname.clone();
                keep.push(true);
            }
            None => keep.push(!(s.parent.is_none() && s.kind == Kind::Variable)),
        }
    }
    // Drop, and renumber the parents of what stays.
    let mut new_index = Vec::with_capacity(out.len());
    let mut n = 0;
    for k in &keep {
        new_index.push(n);
        n += usize::from(*k);
    }
    let old = std::mem::take(out);
    for (i, mut s) in old.into_iter().enumerate() {
        if keep[i] {
            s.parent = s.parent.filter(|p| keep[*p]).map(|p| new_index[p]);
            out.push(s);
        }
    }
    // What the parse named under a type the server listed apart (`Map.open` out of an
    // `impl Map` block) hangs under it.
    let by_qual: HashMap<String, usize> = out
        .iter()
        .enumerate()
        .map(|(i, s)| (s.qualname.clone(), i))
        .collect();
    for s in out.iter_mut() {
        if s.parent.is_none() {
            if let Some((up, _)) = s.qualname.rsplit_once('.') {
                s.parent = by_qual.get(up).copied();
            }
        }
    }
}

/// Kinds that are declarations of their own even inside a function (not locals).
fn declares_scope(k: SymbolKind) -> bool {
    matches!(
        k,
        SymbolKind::CLASS
            | SymbolKind::METHOD
            | SymbolKind::FUNCTION
            | SymbolKind::STRUCT
            | SymbolKind::INTERFACE
    )
}

/// The server's hierarchical outline → outline symbols with SPEC qualnames (`~N` for repeated
/// names in one scope, Go methods under their receiver type) and character positions. Locals
/// (what servers list under functions that are not functions or classes) are left out, as in
/// the map.
pub fn convert_outline(lang: Lang, v: &Value, text: &str, enc: Encoding) -> Vec<OutlineSymbol> {
    let lines: Vec<&str> = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    let mut out: Vec<OutlineSymbol> = Vec::new();
    let mut counts: HashMap<(Option<usize>, String), u32> = HashMap::new();
    let top: Vec<DocumentSymbol> = each(v);
    // (symbol, parent index in `out`)
    let mut stack: Vec<(&DocumentSymbol, Option<usize>)> =
        top.iter().rev().map(|s| (s, None)).collect();
    // Process in source order: a stack of reversed children keeps document order per level.
    while let Some((s, parent)) = stack.pop() {
        let raw_name = s.name.as_str();
        let parent_kind = parent.map(|p| out[p].kind);
        // Under a function, only nested functions and types count: the rest are locals and
        // parameters.
        if matches!(parent_kind, Some(Kind::Function | Kind::Method)) && !declares_scope(s.kind) {
            continue;
        }
        let Some(kind) = kind_of(lang, s.kind, parent_kind) else {
            // A container the map has no kind for (rust-analyzer's `impl Map` block): where
            // the parse settles the outline, its children stand in its place, and the parse
            // names them (`Map.open`).
            if lang.spec().server.outline_kinds_from_parse {
                for c in s.children.iter().flatten().rev() {
                    stack.push((c, parent));
                }
            }
            continue;
        };
        let by_receiver = lang
            .spec()
            .server
            .receiver_in_method_names
            .then(|| receiver_method_name(raw_name))
            .flatten();
        let (prefix, name, kind) = match by_receiver {
            Some((recv, m)) => (Some(recv), m, Kind::Method),
            _ => (
                parent.map(|p| out[p].qualname.clone()),
                raw_name.to_string(),
                kind,
            ),
        };
        // A name no node ID can carry (tsc's `setTimeout() callback`, a computed key) is no
        // symbol of the map's; what it holds is local to it.
        if !indexer::id::is_member_name(&name) {
            continue;
        }
        let key_scope = if prefix.is_some() && parent.is_none() {
            None
        } else {
            parent
        };
        let key = (
            key_scope,
            format!("{}|{name}", prefix.clone().unwrap_or_default()),
        );
        let n = counts.entry(key).or_insert(0);
        *n += 1;
        let seg = if *n > 1 {
            format!("{name}~{n}")
        } else {
            name.clone()
        };
        let qualname = match prefix {
            Some(p) => format!("{p}.{seg}"),
            None => seg,
        };
        let span = lsp_span(&s.range, &lines, enc);
        let name_span = lsp_span(&s.selection_range, &lines, enc);
        let idx = out.len();
        out.push(OutlineSymbol {
            name,
            qualname,
            kind,
            span,
            name_span,
            signature: s
                .detail
                .as_deref()
                .filter(|d| !d.is_empty())
                .map(indexer::extract::clip_signature),
            parent,
        });
        for c in s.children.iter().flatten().rev() {
            stack.push((c, Some(idx)));
        }
    }
    // Methods named with their receiver hang under its type when it is in this file.
    if lang.spec().server.receiver_in_method_names {
        let types: HashMap<String, usize> = out
            .iter()
            .enumerate()
            .filter(|(_, s)| s.parent.is_none() && s.kind.is_type_like())
            .map(|(i, s)| (s.qualname.clone(), i))
            .collect();
        for s in out.iter_mut() {
            if s.kind == Kind::Method && s.parent.is_none() {
                if let Some((recv, _)) = s.qualname.split_once('.') {
                    s.parent = types.get(recv).copied();
                }
            }
        }
    }
    out
}

/// A location a server answered with, in SPEC's units: the file, the start (1-based line,
/// character column) and the end line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spot {
    pub abs: PathBuf,
    pub pos: Pos,
    pub end_line: u32,
}

/// `{uri, range}` in the server's units → a [`Spot`]. `line_text(abs, line)` gives a line of the
/// file (1-based) to count characters in; unreadable, the column is taken as it came.
pub fn spot(
    loc: &Location,
    enc: Encoding,
    line_text: impl FnOnce(&Path, u32) -> Option<String>,
) -> Option<Spot> {
    let abs = uri_to_path(loc.uri.as_str())?;
    let (l0, u0) = (loc.range.start.line, u64::from(loc.range.start.character));
    let end_line = loc.range.end.line.max(l0) + 1;
    let col = match line_text(&abs, l0 + 1) {
        Some(t) => to_char_col(&t, u0, enc),
        None => u0 as u32 + 1,
    };
    Some(Spot {
        pos: Pos { line: l0 + 1, col },
        end_line,
        abs,
    })
}

/// `file:///a/b%20c.py` → `/a/b c.py`.
pub fn uri_to_path(uri: &str) -> Option<PathBuf> {
    let rest = uri.strip_prefix("file://")?;
    let bytes = rest.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    Some(PathBuf::from(String::from_utf8(out).ok()?))
}

/// The elements of a reply (an array, one value, or null) that decode as `T`: an element a
/// server got wrong is left out, not the whole reply.
fn each<T: serde::de::DeserializeOwned>(v: &Value) -> Vec<T> {
    let one = |x: &Value| T::deserialize(x).ok();
    match v {
        Value::Array(a) => a.iter().filter_map(one).collect(),
        Value::Null => Vec::new(),
        x => one(x).into_iter().collect(),
    }
}

/// `Location | Location[] | LocationLink[] | null` → locations (a link's selection range).
pub fn locations(v: &Value) -> Vec<Location> {
    each::<OneOf<LocationLink, Location>>(v)
        .into_iter()
        .map(|l| match l {
            OneOf::Left(link) => Location {
                uri: link.target_uri,
                range: link.target_selection_range,
            },
            OneOf::Right(l) => l,
        })
        .collect()
}

/// A symbol `workspace/symbol` found: its name, container and where it is (a range only
/// when the server gave one: a `WorkspaceSymbol` may carry a file alone).
#[derive(Debug, Clone)]
pub struct FoundSymbol {
    pub name: String,
    pub container: Option<String>,
    pub uri: lsp_types::Uri,
    pub range: Option<Range>,
}

/// A `workspace/symbol` reply: `SymbolInformation[]` or `WorkspaceSymbol[]`.
pub fn workspace_symbols(v: &Value) -> Vec<FoundSymbol> {
    each::<OneOf<SymbolInformation, WorkspaceSymbol>>(v)
        .into_iter()
        .map(|s| match s {
            OneOf::Left(i) => FoundSymbol {
                name: i.name,
                container: i.container_name,
                uri: i.location.uri,
                range: Some(i.location.range),
            },
            OneOf::Right(w) => {
                let (uri, range) = match w.location {
                    OneOf::Left(l) => (l.uri, Some(l.range)),
                    OneOf::Right(l) => (l.uri, None),
                };
                FoundSymbol {
                    name: w.name,
                    container: w.container_name,
                    uri,
                    range,
                }
            }
        })
        .collect()
}

/// A `textDocument/prepareCallHierarchy` reply.
pub fn call_items(v: &Value) -> Vec<CallHierarchyItem> {
    each(v)
}

/// A `callHierarchy/incomingCalls` (`incoming`) or `outgoingCalls` reply: the other end of
/// each call and the ranges of the calls.
pub fn calls(v: &Value, incoming: bool) -> Vec<(CallHierarchyItem, Vec<Range>)> {
    if incoming {
        each::<CallHierarchyIncomingCall>(v)
            .into_iter()
            .map(|c| (c.from, c.from_ranges))
            .collect()
    } else {
        each::<CallHierarchyOutgoingCall>(v)
            .into_iter()
            .map(|c| (c.to, c.from_ranges))
            .collect()
    }
}

/// A `textDocument/hover` reply; `None` for null or one that does not decode.
pub fn hover(v: &Value) -> Option<Hover> {
    Hover::deserialize(v).ok()
}

/// A `textDocument/rename` reply, per file (by URI, in order): its text edits, from `changes`
/// or `documentChanges`; and the file operations it asks for (create, rename, delete), which
/// are reported, not applied.
#[allow(clippy::type_complexity)]
pub fn rename_edits(v: &Value) -> Option<(BTreeMap<String, Vec<TextEdit>>, Vec<Value>)> {
    let edit = WorkspaceEdit::deserialize(v).ok()?;
    let mut per_file: BTreeMap<String, Vec<TextEdit>> = BTreeMap::new();
    let mut file_ops = Vec::new();
    for (uri, edits) in edit.changes.into_iter().flatten() {
        per_file
            .entry(uri.as_str().to_string())
            .or_default()
            .extend(edits);
    }
    let mut document_edit = |d: lsp_types::TextDocumentEdit| {
        per_file
            .entry(d.text_document.uri.as_str().to_string())
            .or_default()
            .extend(d.edits.into_iter().map(|e| match e {
                OneOf::Left(e) => e,
                OneOf::Right(a) => a.text_edit,
            }));
    };
    match edit.document_changes {
        Some(DocumentChanges::Edits(es)) => es.into_iter().for_each(&mut document_edit),
        Some(DocumentChanges::Operations(ops)) => {
            for op in ops {
                match op {
                    DocumentChangeOperation::Edit(d) => document_edit(d),
                    DocumentChangeOperation::Op(ResourceOp::Create(c)) => {
                        file_ops.push(json!({"kind": "create", "uri": c.uri.as_str()}))
                    }
                    DocumentChangeOperation::Op(ResourceOp::Rename(r)) => file_ops.push(
                        json!({"kind": "rename", "oldUri": r.old_uri.as_str(), "newUri": r.new_uri.as_str()}),
                    ),
                    DocumentChangeOperation::Op(ResourceOp::Delete(d)) => {
                        file_ops.push(json!({"kind": "delete", "uri": d.uri.as_str()}))
                    }
                }
            }
        }
        None => {}
    }
    Some((per_file, file_ops))
}

/// Apply LSP text edits (server units) to a text; edits do not overlap (LSP), applied last first.
pub fn apply_edits(text: &str, edits: &[TextEdit], enc: Encoding) -> String {
    let starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let offset = |p: &lsp_types::Position| -> usize {
        let line = p.line as usize;
        let Some(&start) = starts.get(line) else {
            return text.len();
        };
        let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        let units = u64::from(p.character);
        start + indexer::encoding::byte_of(&text[start..end], units, enc)
    };
    let mut spans: Vec<(usize, usize, String)> = edits
        .iter()
        .map(|e| {
            (
                offset(&e.range.start),
                offset(&e.range.end),
                e.new_text.clone(),
            )
        })
        .collect();
    spans.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    let mut out = text.to_string();
    for (s, e, t) in spans {
        if s <= e && e <= out.len() && out.is_char_boundary(s) && out.is_char_boundary(e) {
            out.replace_range(s..e, &t);
        }
    }
    out
}

#[cfg(test)]
mod hover_tests {
    use super::split_hover;

    #[test]
    fn declaration_and_doc_apart() {
        let cases = [
            (
                "```python\n(method) def f(x)\n```\n---\nDoes f.",
                ("(method) def f(x)", "Does f."),
            ),
            (
                "(method) def add_item(\n    self,\n    name: str\n) -> None\n\nAdds an item.",
                ("(method) def add_item(\n    self,\n    name: str\n) -> None", "Adds an item."),
            ),
            (
                "type Store interface { // size=16 (0x10)\n\tGet(id string) (Item, error)\n}\nStore is where items live.",
                (
                    "type Store interface { // size=16 (0x10)\n\tGet(id string) (Item, error)\n}",
                    "Store is where items live.",
                ),
            ),
            ("func (Store) Put(it Item) error", ("func (Store) Put(it Item) error", "")),
        ];
        for (text, (decl, doc)) in cases {
            let (d, o) = split_hover(text);
            assert_eq!((d.as_str(), o.as_str()), (decl, doc), "{text:?}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_between_encodings() {
        let line = "s = \"🎉 日本\"; t";
        // 🎉 is 2 UTF-16 units and 4 UTF-8 bytes; 日 and 本 are 1 unit / 3 bytes.
        let t_chars = 13;
        assert_eq!(line.chars().position(|c| c == 't'), Some(t_chars - 1));
        let units16 = from_char_col(line, t_chars as u32, Encoding::Utf16);
        let units8 = from_char_col(line, t_chars as u32, Encoding::Utf8);
        assert_eq!((units16, units8), (13, 19));
        assert_eq!(to_char_col(line, units16, Encoding::Utf16), t_chars as u32);
        assert_eq!(to_char_col(line, units8, Encoding::Utf8), t_chars as u32);
        assert_eq!(to_char_col(line, 0, Encoding::Utf16), 1);
        assert_eq!(
            to_char_col("ab", 99, Encoding::Utf16),
            3,
            "past the end clamps"
        );
    }

    #[test]
    fn signatures_from_hovers() {
        let cases = [
            (
                json!({"contents": {"kind": "markdown", "value": "```go\nfunc (u *URL) String() string\n```\n\nString reassembles the URL."}}),
                Some("func (u *URL) String() string"),
            ),
            (
                json!({"contents": {"kind": "markdown", "value": "```python\n(method) def total(\n    self: Self@Order\n) -> float\n```\n---\nSum."}}),
                Some("def total( self: Self@Order ) -> float"),
            ),
            (
                json!({"contents": "plain first line\nsecond"}),
                Some("plain first line second"),
            ),
            (json!({"contents": []}), None),
            (json!(null), None),
        ];
        for (v, want) in cases {
            let got = hover(&v).and_then(|h| signature_from_hover(&h));
            assert_eq!(got.as_deref(), want, "{v}");
        }
        // rust-analyzer: the item's path, its declaration, a generic substitution, the doc.
        let text = "```rust\nserde_json::de\n```\n\n```rust\npub fn from_str<'a, T>(s: &'a str) -> Result<T>\n```\n\n---\n\n`T` = `T`, `'a` = `'a`\n\n---\n\nDeserialize an instance of type `T`.\n\nMore = `text`.";
        assert_eq!(
            split_hover(text),
            (
                "pub fn from_str<'a, T>(s: &'a str) -> Result<T>".to_string(),
                "Deserialize an instance of type `T`.\n\nMore = `text`.".to_string()
            )
        );
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

    #[test]
    fn outline_names_are_node_id_segments() {
        let r = |l: u32, c: u32, e: u32| json!({"start": {"line": l, "character": c}, "end": {"line": l, "character": e}});
        let text = "class R {\n  #t = 0\n  s() {\n    setTimeout(() => {}, 1)\n  }\n}\n";
        let v = json!([{
            "name": "R", "kind": 5, "range": r(0, 0, 1), "selectionRange": r(0, 6, 7),
            "children": [
                {"name": "#t", "kind": 8, "range": r(1, 2, 8), "selectionRange": r(1, 2, 4)},
                {"name": "s", "kind": 6, "range": r(2, 2, 3), "selectionRange": r(2, 2, 3),
                 "children": [{"name": "setTimeout() callback", "kind": 12,
                               "range": r(3, 15, 25), "selectionRange": r(3, 15, 25)}]}
            ]
        }]);
        let out = convert_outline(Lang::TypeScript, &v, text, Encoding::Utf16);
        let names: Vec<&str> = out.iter().map(|s| s.qualname.as_str()).collect();
        assert_eq!(names, ["R", "R.#t", "R.s"]);
        for s in &out {
            let id = indexer::id::NodeId::symbol_id(Lang::TypeScript, "r.ts", &s.qualname);
            assert!(indexer::id::NodeId::parse(&id).is_ok(), "{id}");
        }
    }

    #[test]
    fn gopls_method_names() {
        assert_eq!(
            receiver_method_name("(*Server).Serve"),
            Some(("Server".into(), "Serve".into()))
        );
        assert_eq!(
            receiver_method_name("(List[T]).Len"),
            Some(("List".into(), "Len".into()))
        );
        assert_eq!(receiver_method_name("Serve"), None);
    }

    #[test]
    fn uris() {
        assert_eq!(
            path_to_uri(Path::new("/a/b c#.py")),
            "file:///a/b%20c%23.py"
        );
    }

    #[test]
    fn uris_to_paths() {
        assert_eq!(
            uri_to_path("file:///a/b%20c.py"),
            Some(PathBuf::from("/a/b c.py"))
        );
        assert_eq!(
            uri_to_path("file:///x/%E6%97%A5.go"),
            Some(PathBuf::from("/x/日.go"))
        );
        assert_eq!(uri_to_path("untitled:1"), None);
        assert_eq!(uri_to_path("file:///bad%2"), Some(PathBuf::from("/bad%2")));
    }

    #[test]
    fn edits_apply_in_server_units() {
        let text = "s = \"🎉\"; old = 1\nprint(old)\n";
        let e = |l: u32, a: u32, b: u32| TextEdit {
            range: Range::new(
                lsp_types::Position::new(l, a),
                lsp_types::Position::new(l, b),
            ),
            new_text: "new".into(),
        };
        // UTF-16: 🎉 is two units; `old` starts at unit 10 on line 0.
        assert_eq!(
            apply_edits(text, &[e(0, 10, 13), e(1, 6, 9)], Encoding::Utf16),
            "s = \"🎉\"; new = 1\nprint(new)\n"
        );
        assert_eq!(
            apply_edits(text, &[e(0, 12, 15)], Encoding::Utf8),
            "s = \"🎉\"; new = 1\nprint(old)\n"
        );
    }
}
