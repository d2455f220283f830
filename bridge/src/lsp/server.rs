//! One running language server: its process started and stopped, the `initialize` handshake,
//! requests with timeouts (cancelled with `$/cancelRequest`) asked again while the server
//! answers "not now", and what the tools ask of it (outlines, position requests), its load
//! and health, and how long it has been idle.

use super::capabilities::{self, initialize_params, Capability};
use super::convert::locations;
use super::diagnostics::{convert, Diag, Published};
use super::docs::{document_uri, Docs};
use super::error::LspError;
use super::load::{CheckSeen, Load};
use super::outline::{convert_outline, parse_outline, settle_kinds, settle_twins};
use super::reply::Decode;
use super::transport::{to_json, Configs, Failure, Transport};
use crate::paths::Contained;
use indexer::encoding::from_char_col;
use indexer::encoding::Encoding;
use indexer::lang::Lang;
use indexer::model::Pos;
use indexer::outline::OutlineSymbol;
use lsp_types::notification::{Cancel, Exit, Initialized, Notification};
use lsp_types::request::{
    CallHierarchyIncomingCalls, CallHierarchyOutgoingCalls, DocumentSymbolRequest, GotoDefinition,
    GotoImplementation, Initialize, References, Request, Shutdown, WorkspaceFoldersRequest,
};
use lsp_types::{
    CallHierarchyIncomingCallsParams, CallHierarchyItem, CallHierarchyOutgoingCallsParams,
    CancelParams, DocumentSymbolParams, DocumentSymbolResponse, GotoDefinitionParams,
    InitializedParams, Location, NumberOrString, Range, ReferenceContext, ReferenceParams,
    ServerCapabilities, TextDocumentIdentifier, TextDocumentPositionParams, WorkspaceFolder,
};
use serde_json::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Per-request timeout (SPEC: 15 s; references and workspace symbols get 30 s).
pub const TIMEOUT: Duration = Duration::from_secs(15);
/// How long an empty answer is asked again while the server is still loading.
const LOADING_RETRY: Duration = Duration::from_secs(8);
/// How long a check of an edit waits for a user's second list of its new version when the
/// first is its list from before (see [`Server::diagnostics_of_edit`]).
const UNCHANGED_GRACE: Duration = Duration::from_secs(3);

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

/// How to install a language's server, from the registry.
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
    wire: Transport,
    load: Arc<Load>,
    /// The diagnostics it published, per document (kept by the reader thread).
    published: Arc<Published>,
    docs: Docs,
    encoding: Encoding,
    root: PathBuf,
    timeout: Duration,
    /// When it last answered or was waited for, in milliseconds since `started`: an idle
    /// period counts from there, not from when a request began.
    active_ms: AtomicU64,
    /// What the server said it can do (`initialize`'s `capabilities`).
    capabilities: ServerCapabilities,
    started: Instant,
    /// The last outline of each document, valid while its text is unchanged.
    outlines: Mutex<HashMap<String, (String, Vec<OutlineSymbol>)>>,
    /// When a request first waited for the load under way (`None`: none under way, as far as
    /// the last request saw): one load stalls requests for one cap in all, not each one.
    load_wait: Mutex<Option<Instant>>,
    /// Its references without the declaration leave out the reference asked at instead
    /// ([`indexer::lang::ServerSpec::references_keep_declaration`]).
    references_keep_declaration: bool,
    /// For a server that keeps state between runs: the file whose modification time says
    /// what time of the disk that state is of ([`Server::resume`]).
    kept: Option<PathBuf>,
    /// When the disk was last looked at for changed files it was then told of.
    caught_up: Mutex<Option<std::time::SystemTime>>,
    /// Started again after its predecessor stopped unasked (a crash, a kill): said beside its
    /// answers ([`Server::after_crash`]).
    after_crash: bool,
    /// It checks the project on `didSave` and publishes the compiler's diagnostics
    /// (rust-analyzer's flycheck, `cargo check`), which its pull answer leaves out.
    checks_on_save: bool,
}

/// A server that could not be started, with what it said on stderr.
#[derive(Debug)]
pub struct StartError {
    pub error: LspError,
    pub stderr_tail: Vec<String>,
}

impl From<LspError> for StartError {
    fn from(error: LspError) -> StartError {
        StartError {
            error,
            stderr_tail: Vec::new(),
        }
    }
}

impl Server {
    /// Spawn the server and run the `initialize` handshake.
    /// `after_crash`: its predecessor stopped unasked; a server that keeps state between runs
    /// is told so (`CODEMAP_SERVER_AFTER_CRASH=1`: codemap's JDT LS command starts from a new
    /// workspace folder, as a killed one's may hold a half-written index: commons-text's
    /// references answered 0, as fact, after a kill).
    pub fn start(
        lang: Lang,
        root: &Path,
        command: Vec<String>,
        timeout: Duration,
        after_crash: bool,
    ) -> Result<Server, StartError> {
        let Some((prog, args)) = command.split_first() else {
            return Err(LspError::NoCommand.into());
        };
        // Settings read from the workspace, and their digest for a server that keeps state
        // by them (JDT LS's workspace folder: its source paths are fixed there once).
        let setup = lang
            .spec()
            .server
            .setup
            .map(|read| read(root))
            .unwrap_or_default();
        // The answer to `workspace/workspaceFolders`: the root, by its directory's name, and
        // the setup's further folders.
        let folder = |dir: &Path| -> Result<WorkspaceFolder, LspError> {
            Ok(WorkspaceFolder {
                uri: document_uri(dir)?,
                name: dir
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default(),
            })
        };
        let mut workspace = vec![folder(root)?];
        for (dir, _) in &setup.folders {
            workspace.push(folder(dir)?);
        }
        let folders = to_json(WorkspaceFoldersRequest::METHOD, workspace.clone())?;
        // At `initialize` the root is named "workspace", as it always was.
        let mut initial = workspace.clone();
        if let Some(root) = initial.first_mut() {
            root.name = "workspace".into();
        }
        let spawn_error = |e: std::io::Error| LspError::Spawn {
            lang,
            program: prog.clone(),
            message: e.to_string(),
        };
        // Through the guard when this binary has one: the server dies with this process.
        let mut cmd = super::guard::command(prog).map_err(spawn_error)?;
        cmd.args(args)
            .current_dir(root)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        cmd.envs(lang.spec().server.env.iter().copied());
        if !setup.settings.is_empty() {
            let json = capabilities::settings_json(&setup.settings).to_string();
            let digest = blake3::hash(json.as_bytes());
            cmd.env("CODEMAP_SETTINGS_DIGEST", &digest.to_hex()[..16]);
        }
        if after_crash {
            cmd.env("CODEMAP_SERVER_AFTER_CRASH", "1");
        }
        for (file, key, value) in lang.spec().server.env_when {
            if root.join(file).is_file() {
                cmd.env(key, value);
            }
        }
        let mut child = super::guard::spawn(cmd).map_err(spawn_error)?;
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(LspError::NoPipes.into());
        };
        let load = Arc::new(Load::new(
            lang.spec().server.ready_notice,
            lang.spec().server.load_files,
        ));
        let published = Arc::new(Published::default());
        let wire = {
            let (load, published) = (load.clone(), published.clone());
            let config = Configs {
                root: capabilities::settings_json(&setup.settings),
                scoped: workspace
                    .iter()
                    .skip(1)
                    .zip(&setup.folders)
                    .map(|(f, (_, own))| {
                        let mut merged = setup.settings.clone();
                        merged.extend(own.iter().cloned());
                        (
                            f.uri.as_str().to_string(),
                            capabilities::settings_json(&merged),
                        )
                    })
                    .collect(),
            };
            Transport::start(prog, stdin, stdout, stderr, folders, config, move |msg| {
                load.observe(msg);
                published.observe(msg);
            })
        };
        let mut server = Server {
            lang,
            command,
            child: Mutex::new(child),
            wire,
            load,
            published,
            docs: Docs::new(lang),
            encoding: Encoding::Utf16,
            timeout,
            root: root.to_path_buf(),
            outlines: Mutex::new(HashMap::new()),
            load_wait: Mutex::new(None),
            references_keep_declaration: false,
            active_ms: AtomicU64::new(0),
            capabilities: ServerCapabilities::default(),
            started: Instant::now(),
            kept: None,
            caught_up: Mutex::new(None),
            after_crash,
            checks_on_save: false,
        };
        let flags = lang.spec().server.init_flags;
        let init = initialize_params(initial, &setup.settings, setup.top_level, flags).and_then(
            |params| {
                server.request::<Initialize>(params, server.timeout.max(Duration::from_secs(1)) * 2)
            },
        );
        let init = match init {
            Ok(v) => v,
            Err(error) => {
                // Let the stderr reader catch up with a server that died, for its last words.
                server.wire.drain_stderr(Duration::from_millis(500));
                return Err(StartError {
                    stderr_tail: server.stderr_tail(),
                    error,
                });
            }
        };
        server.capabilities = init.capabilities;
        // pyright sends no serverInfo: its command names it.
        let spec = &lang.spec().server;
        let name = init.server_info.map(|i| i.name).unwrap_or_default();
        let named = |parts: &[&str]| {
            [name.as_str(), server.command[0].as_str()].iter().any(|n| {
                let n = n.to_ascii_lowercase();
                parts.iter().any(|a| n.contains(a))
            })
        };
        server
            .load
            .set_announces_load(named(spec.announcing_servers));
        server.references_keep_declaration = named(spec.references_keep_declaration);
        server.checks_on_save = named(spec.checks_on_save);
        server.docs.set_saves(server.checks_on_save);
        server.encoding = capabilities::encoding(&server.capabilities);
        server.notify::<Initialized>(InitializedParams {})?;
        Ok(server)
    }

    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// The last lines the server wrote to stderr.
    pub fn stderr_tail(&self) -> Vec<String> {
        self.wire.stderr_tail()
    }

    /// Send a notification.
    pub fn notify<N: Notification>(&self, params: N::Params) -> Result<(), LspError> {
        self.wire.notify::<N>(params)
    }

    /// Ask a request and read its result (see [`Decode`] for how each is read), asked again
    /// while the server answers "not now" (see [`Server::ask`]).
    pub fn request<R: Request>(
        &self,
        params: R::Params,
        timeout: Duration,
    ) -> Result<R::Result, LspError>
    where
        R::Result: Decode,
    {
        let v = self.ask(R::METHOD, to_json(R::METHOD, params)?, timeout)?;
        decode::<R>(v)
    }

    /// One request as JSON, asked again (within `timeout`) while the server answers that the
    /// content was modified (-32801) or that it cancelled the request itself (-32802): both
    /// mean "not now", as rust-analyzer says while it loads.
    fn ask(&self, method: &str, params: Value, timeout: Duration) -> Result<Value, LspError> {
        let started = Instant::now();
        let mut tries = 0;
        loop {
            tries += 1;
            let left = timeout.saturating_sub(started.elapsed());
            match self.ask_once(method, params.clone(), left) {
                Err(e)
                    if e.retryable()
                        && tries < 8
                        && started.elapsed() + Duration::from_millis(300) < timeout =>
                {
                    std::thread::sleep(Duration::from_millis(250));
                }
                answered => return answered,
            }
        }
    }

    /// One request and its answer, or why there is none; cancelled when no answer comes in
    /// `timeout`.
    fn ask_once(&self, method: &str, params: Value, timeout: Duration) -> Result<Value, LspError> {
        let (id, rx) = self.wire.send(method, params)?;
        let answer = rx.recv_timeout(timeout);
        self.touch();
        match answer {
            Ok(Ok(v)) => Ok(v),
            Ok(Err(Failure::Answered { code, message })) => {
                Err(LspError::answered(method, code, message))
            }
            Ok(Err(Failure::Exited)) => Err(LspError::ExitedWaiting {
                method: method.to_string(),
            }),
            Err(_) => {
                self.wire.forget(id);
                // Ids are counted from 1 and stay within LSP's integers for the life of any
                // server; one past them could not be named, and its answer is ignored anyway.
                if let Ok(id) = i32::try_from(id) {
                    let _ = self.notify::<Cancel>(CancelParams {
                        id: NumberOrString::Number(id),
                    });
                }
                Err(LspError::Timeout {
                    method: method.to_string(),
                    waited: timeout,
                })
            }
        }
    }

    /// Make the server's copy of a file equal to `text` (its disk content), and every other
    /// open document equal to its file (see [`Docs::sync`]); the document's URI.
    pub fn sync(&self, file: &Contained, text: &str) -> Result<lsp_types::Uri, LspError> {
        self.docs.sync(&self.wire, file, text)
    }

    /// Tells the server of the files among `found` it read from disk itself and that changed
    /// there since ([`Docs::tell_changed`]); whether it was told of any, and so answered
    /// from stale text.
    pub fn tell_changed(&self, found: &[Location]) -> Result<bool, LspError> {
        let mut paths: Vec<PathBuf> = found
            .iter()
            .filter_map(|l| super::convert::uri_to_path(l.uri.as_str()))
            .collect();
        paths.sort();
        paths.dedup();
        self.docs.tell_changed(&self.wire, paths)
    }

    /// Tells the server of the files among `disk` (its language's files on disk now: path,
    /// size and modification time) that changed since it read them, were made since it
    /// started, or that it was told of and are gone ([`Docs::tell_disk`]); how many.
    pub fn tell_disk(&self, disk: Vec<(Contained, (u64, i64))>) -> Result<usize, LspError> {
        self.docs.tell_disk(&self.wire, disk)
    }

    /// Tells the server of the files among `files` (changed on disk, as a watcher saw) that
    /// changed since it read them, were made since it started (opened), or are gone.
    pub fn tell_files(&self, files: Vec<Contained>) -> Result<usize, LspError> {
        self.docs.tell_files(&self.wire, files)
    }

    /// This server keeps state between runs (JDT LS's workspace folder), of the disk as it
    /// was at `file`'s modification time: the last catch-up of a predecessor that stopped
    /// cleanly (written by [`Drop`]), or its first import (the file made now). Files changed
    /// since are told as changed, not only those changed since it started: a new user's
    /// edit before an engine was killed stayed unseen by the next one.
    pub fn resume(&mut self, file: PathBuf) {
        match std::fs::metadata(&file).and_then(|m| m.modified()) {
            Ok(t) => {
                let ns = t
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos() as i64);
                self.docs.since(ns);
            }
            Err(_) => {
                let _ = std::fs::write(&file, b"");
            }
        }
        self.kept = Some(file);
    }

    /// It was told of the files changed on disk as they were at `at`.
    pub fn caught_up(&self, at: std::time::SystemTime) {
        *self.caught_up.lock().unwrap_or_else(|e| e.into_inner()) = Some(at);
    }

    /// Its open documents made equal to their files on disk (see [`Docs::resync`]).
    pub fn resync_open(&self) -> Result<(), LspError> {
        self.docs.resync(&self.wire)
    }

    /// The files this server has open (re-opened on its successor after a restart).
    pub fn open_files(&self) -> Vec<Contained> {
        self.docs.files()
    }

    /// The server's output has not ended (it has not exited or sent garbage), and its process
    /// has not exited: a launcher killed (`tsc`'s node wrapper) while the process it started
    /// still holds the pipes and answers is dead too (reaped here; the supervisor restarts it,
    /// and the old one's successor process is shut down with it).
    pub fn alive(&self) -> bool {
        self.wire.alive()
            && !matches!(
                self.child
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .try_wait(),
                Ok(Some(_))
            )
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
        self.wire.in_flight()
    }

    pub fn pid(&self) -> u32 {
        self.child.lock().unwrap_or_else(|e| e.into_inner()).id()
    }

    /// The live outline of a file, in SPEC's terms.
    pub fn outline(&self, file: &Contained, text: &str) -> Result<Vec<OutlineSymbol>, LspError> {
        let uri = self.sync(file, text)?;
        let key = uri.as_str().to_string();
        if let Some((t, o)) = self
            .outlines
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&key)
        {
            if t == text {
                return Ok(o.clone());
            }
        }
        let started = Instant::now();
        loop {
            let found = self.request::<DocumentSymbolRequest>(
                DocumentSymbolParams {
                    text_document: TextDocumentIdentifier { uri: uri.clone() },
                    work_done_progress_params: Default::default(),
                    partial_result_params: Default::default(),
                },
                self.timeout,
            )?;
            let symbols = match found {
                Some(DocumentSymbolResponse::Nested(s)) => s,
                // Read as the hierarchical outline: a flat list has none of it.
                Some(DocumentSymbolResponse::Flat(_)) | None => Vec::new(),
            };
            let mut out = convert_outline(self.lang, &symbols, text, self.encoding);
            if let Some(parsed) = parse_outline(self.lang, &file.rel, text) {
                if self.lang.spec().server.outline_kinds_from_parse {
                    settle_kinds(&parsed, &mut out);
                }
                settle_twins(&parsed, &mut out);
            }
            // An empty answer while the server is still loading is retried for a while.
            if !out.is_empty() || started.elapsed() > LOADING_RETRY || text.trim().is_empty() {
                self.outlines
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .insert(key, (text.to_string(), out.clone()));
                return Ok(out);
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    /// Where a position request asks: a 1-based line and character column of a file whose disk
    /// text is `text`, in the server's units (the file synced first).
    fn position(
        &self,
        file: &Contained,
        text: &str,
        pos: Pos,
    ) -> Result<TextDocumentPositionParams, LspError> {
        let uri = self.sync(file, text)?;
        let line_text = indexer::syntax::line_at(text, pos.line);
        Ok(TextDocumentPositionParams {
            text_document: TextDocumentIdentifier { uri },
            position: lsp_types::Position {
                line: pos.line.saturating_sub(1),
                character: u32::try_from(from_char_col(line_text, pos.col, self.encoding))
                    .unwrap_or(u32::MAX),
            },
        })
    }

    /// A position request (hover, definition, rename, …) at a 1-based line and character
    /// column of a file whose disk text is `text`; `params` makes the request's params from
    /// the position.
    pub fn at<R: Request>(
        &self,
        file: &Contained,
        text: &str,
        pos: Pos,
        params: impl FnOnce(TextDocumentPositionParams) -> R::Params,
        timeout: Option<Duration>,
    ) -> Result<R::Result, LspError>
    where
        R::Result: Decode,
    {
        let at = self.position(file, text, pos)?;
        self.request::<R>(params(at), timeout.unwrap_or(self.timeout))
    }

    /// Whether the server offers a capability (from `initialize`'s answer).
    pub fn supports(&self, capability: Capability) -> bool {
        capability.offered_by(&self.capabilities)
    }

    /// Whether it was started again after its predecessor stopped unasked, and how long ago.
    pub fn after_crash(&self) -> Option<Duration> {
        self.after_crash.then(|| self.started.elapsed())
    }

    /// What the server says is wrong with it, when it says so (a workspace it could not
    /// load): its answers may miss what it did not load.
    pub fn degraded(&self) -> Option<String> {
        self.load.degraded()
    }

    /// How long the server has said it is done loading (its progress ended, its ready
    /// notice): `None` while loading, or when it never said.
    pub fn settled_for(&self) -> Option<Duration> {
        self.load.settled_for()
    }

    /// Still loading: work-done progress is open, or it started moments ago and has not
    /// reported any yet.
    pub fn loading(&self) -> bool {
        self.load.loading()
    }

    /// Wait until the server has finished loading the workspace, so answers that span files
    /// (references, workspace symbols, rename) are not partial: up to `cap` from the first
    /// request that waited for this load. A load that outlasts it (clangd indexing a large
    /// project in the background) no longer holds each request for `cap`: they answer at
    /// once, and `LSP_LOADING` says the answer may be partial.
    /// Whether the load outlasted the wait (then the caller answers at once from what the
    /// server has, and says so: an empty answer is not asked again either).
    pub fn wait_ready(&self, cap: Duration) -> bool {
        let episode = |set: Option<Instant>| {
            let mut w = self.load_wait.lock().unwrap_or_else(|e| e.into_inner());
            match set {
                Some(now) => *w.get_or_insert(now),
                None => {
                    *w = None;
                    Instant::now()
                }
            }
        };
        if !self.loading() {
            episode(None);
            return false;
        }
        let since = episode(Some(Instant::now()));
        while self.loading() && since.elapsed() < cap && self.alive() {
            self.touch();
            std::thread::sleep(Duration::from_millis(25));
        }
        if !self.loading() {
            episode(None);
            return false;
        }
        true
    }

    /// A position request whose empty answer (null or no element), while the server is still
    /// loading, is asked again for up to 8 s; not once the load has outlasted its wait (clangd
    /// indexing a large project for minutes held every call 8 s).
    pub fn at_retrying<R: Request>(
        &self,
        file: &Contained,
        text: &str,
        pos: Pos,
        params: impl Fn(TextDocumentPositionParams) -> R::Params,
        timeout: Option<Duration>,
    ) -> Result<R::Result, LspError>
    where
        R::Result: Decode,
    {
        let waited_out = self.wait_ready(timeout.unwrap_or(self.timeout));
        let started = Instant::now();
        loop {
            let at = params(self.position(file, text, pos)?);
            let v = self.ask(
                R::METHOD,
                to_json(R::METHOD, at)?,
                timeout.unwrap_or(self.timeout),
            )?;
            let empty = v.is_null() || v.as_array().is_some_and(Vec::is_empty);
            if !empty || !self.loading() || waited_out || started.elapsed() > LOADING_RETRY {
                return decode::<R>(v);
            }
            std::thread::sleep(Duration::from_millis(250));
        }
    }

    /// The locations a position request answers (definitions, references, implementations),
    /// asked again while the server loads (see [`Server::at_retrying`]), and once more when
    /// it named files that changed on disk since it read them (it is told of them first:
    /// a file edited after the server read it gave the old lines, beside the new text).
    pub fn locate(
        &self,
        what: Locate,
        file: &Contained,
        text: &str,
        pos: Pos,
        timeout: Option<Duration>,
    ) -> Result<Vec<Location>, LspError> {
        let found = self.locate_once(what, file, text, pos, timeout)?;
        if self.tell_changed(&found)? {
            return self.locate_once(what, file, text, pos, timeout);
        }
        Ok(found)
    }

    fn locate_once(
        &self,
        what: Locate,
        file: &Contained,
        text: &str,
        pos: Pos,
        timeout: Option<Duration>,
    ) -> Result<Vec<Location>, LspError> {
        let plain = |at| GotoDefinitionParams {
            text_document_position_params: at,
            work_done_progress_params: Default::default(),
            partial_result_params: Default::default(),
        };
        match what {
            Locate::Definition => self
                .at_retrying::<GotoDefinition>(file, text, pos, plain, timeout)
                .map(locations),
            Locate::Implementation => self
                .at_retrying::<GotoImplementation>(file, text, pos, plain, timeout)
                .map(locations),
            Locate::References { declaration } => {
                // pyright without the declaration leaves out the reference asked at (and
                // lists the declaration): asked with it, its definitions are left out here.
                let own = !declaration && self.references_keep_declaration;
                let refs = |at| ReferenceParams {
                    text_document_position: at,
                    context: ReferenceContext {
                        include_declaration: declaration || own,
                    },
                    work_done_progress_params: Default::default(),
                    partial_result_params: Default::default(),
                };
                let mut found = self
                    .at_retrying::<References>(file, text, pos, refs, timeout)?
                    .unwrap_or_default();
                if own {
                    let defs = self
                        .at_retrying::<GotoDefinition>(file, text, pos, plain, timeout)
                        .map(locations)?;
                    found.retain(|r| {
                        !defs
                            .iter()
                            .any(|d| d.uri == r.uri && d.range.start == r.range.start)
                    });
                }
                Ok(found)
            }
        }
    }

    /// The calls into (`incoming`) or out of a call hierarchy item: the other end of each, and
    /// the ranges of the calls.
    pub fn calls(
        &self,
        item: CallHierarchyItem,
        incoming: bool,
        timeout: Duration,
    ) -> Result<Vec<(CallHierarchyItem, Vec<Range>)>, LspError> {
        let (work_done_progress_params, partial_result_params) = Default::default();
        if incoming {
            let found = self.request::<CallHierarchyIncomingCalls>(
                CallHierarchyIncomingCallsParams {
                    item,
                    work_done_progress_params,
                    partial_result_params,
                },
                timeout,
            )?;
            Ok(found
                .into_iter()
                .flatten()
                .map(|c| (c.from, c.from_ranges))
                .collect())
        } else {
            let found = self.request::<CallHierarchyOutgoingCalls>(
                CallHierarchyOutgoingCallsParams {
                    item,
                    work_done_progress_params,
                    partial_result_params,
                },
                timeout,
            )?;
            Ok(found
                .into_iter()
                .flatten()
                .map(|c| (c.to, c.from_ranges))
                .collect())
        }
    }

    /// The diagnostics of a file whose text is `text` (its disk text, or an edit's: see
    /// [`Server::diagnostics_of_edit`]): synced first, then asked for (`textDocument/diagnostic`)
    /// when the server offers the pull model, else the list it publishes for that version
    /// waited for. Bounded by `timeout` after the server's load (itself capped by
    /// [`Server::wait_ready`]); a list that is not the one for this text when the time is up
    /// is answered with `complete: false`.
    pub fn diagnostics(
        &self,
        file: &Contained,
        text: &str,
        timeout: Duration,
    ) -> Result<Diagnosed, LspError> {
        let started = Instant::now();
        // The load has its own cap (`wait_ready`); the list then has `timeout` of its own: a
        // server indexing for 15 s (intelephense) would otherwise leave it no time at all.
        self.wait_ready(timeout);
        let deadline = Instant::now() + timeout;
        let uri = self.sync(file, text)?;
        let pulled = self.supports(Capability::Diagnostic);
        let (items, complete) = if pulled {
            self.pull(&uri, deadline)?
        } else {
            let Some((version, sent)) = self.docs.state(&file.abs) else {
                return Err(LspError::Encode {
                    method: lsp_types::notification::PublishDiagnostics::METHOD.to_string(),
                    message: format!("{} is not open", file.rel),
                });
            };
            let settle = Duration::from_millis(self.lang.spec().server.diagnostics_settle_ms);
            let mut w = self
                .published
                .wait(uri.as_str(), (version, sent), settle, deadline);
            // A server still at work once it published (pyright sends a document's list as
            // it was at once, then checks it again against another file that changed and
            // sends the new one): the list once it is done.
            if w.current && self.loading() {
                self.wait_ready(deadline.saturating_duration_since(Instant::now()));
                w = self
                    .published
                    .wait(uri.as_str(), (version, sent), settle, deadline);
            }
            self.touch();
            (w.items, w.current)
        };
        Ok(Diagnosed {
            items: items
                .iter()
                .map(|d| convert(d, text, self.encoding))
                .collect(),
            pulled,
            complete,
            waited: started.elapsed(),
            pushed: None,
            check: None,
        })
    }

    /// The name of the project check this server runs on save and publishes the compiler's
    /// diagnostics from (rust-analyzer: `cargo check`), which an in-memory text is not part
    /// of; `None` for a server that runs none.
    pub fn project_check(&self) -> Option<String> {
        self.checks_on_save.then(|| {
            self.load
                .check()
                .title
                .unwrap_or_else(|| "cargo check".into())
        })
    }

    /// [`Server::diagnostics`] of a file's disk text (`text`), with what the server published
    /// for it merged in (deduplicated by range and message) when it offers the pull model:
    /// rust-analyzer answers a pull with its own diagnostics only, and publishes the
    /// compiler's (`cargo check`, run on start-up and on `didSave`). For such a server, a
    /// check under way is waited for (up to `timeout` more), one not run since the file (or
    /// another) changed on disk is started (`didSave`), and what became of it is in
    /// [`Diagnosed::check`]. A text other than the disk's is answered as
    /// [`Server::diagnostics`] does: a project check reads the disk.
    pub fn disk_diagnostics(
        &self,
        file: &Contained,
        text: &str,
        timeout: Duration,
    ) -> Result<Diagnosed, LspError> {
        let mut d = self.diagnostics(file, text, timeout)?;
        let on_disk = std::fs::read(&file.abs).is_ok_and(|b| b == text.as_bytes());
        if !d.pulled || !on_disk {
            return Ok(d);
        }
        let started = Instant::now();
        let uri = document_uri(&file.abs)?;
        if self.checks_on_save {
            d.check = Some(self.await_check(file, &uri, started + timeout)?);
        }
        let mut merged = 0;
        for p in self.published.latest(uri.as_str()).unwrap_or_default() {
            let c = convert(&p, text, self.encoding);
            // The same error twice, for two of the check's targets (the library and its
            // tests: "`Route<E>`" and "`route::Route<E>`"), is one: same span, code and
            // source.
            let same = |x: &Diag| {
                x.start == c.start
                    && x.end == c.end
                    && (x.message == c.message
                        || (c.code.is_some() && x.code == c.code && x.source == c.source))
            };
            if !d.items.iter().any(same) {
                d.items.push(c);
                merged += 1;
            }
        }
        d.pushed = Some(merged);
        d.waited += started.elapsed();
        Ok(d)
    }

    /// Wait (until `deadline`) for a project check of the disk as it is now: one begun after
    /// the newest change the server was told of and after `file`'s own, and ended. None such
    /// and none asked for since: `didSave` of `file` asks for one.
    fn await_check(
        &self,
        file: &Contained,
        uri: &lsp_types::Uri,
        deadline: Instant,
    ) -> Result<ProjectCheck, LspError> {
        /// How long a check asked for may take to begin once the server is idle.
        const BEGIN_WAIT: Duration = Duration::from_secs(3);
        let mtime = std::fs::metadata(&file.abs)
            .map(|m| indexer::walk::mtime_ns(&m))
            .unwrap_or(0);
        let (changed, saved) = self.docs.disk_state();
        let newest = changed.max(mtime);
        let covers = |c: &CheckSeen| c.began_ns.is_some_and(|b| b >= newest);
        if !covers(&self.load.check()) && saved < newest {
            tracing::debug!(file = %file.rel, "asking for a project check (didSave)");
            self.docs.save(&self.wire, uri)?;
        }
        let mut idle: Option<Instant> = None;
        // A check that ended, and since when no other has begun: rust-analyzer ends one it
        // cancels for a restart and begins the next a moment later.
        let mut ended: Option<(Instant, Option<i64>)> = None;
        let state = loop {
            let c = self.load.check();
            let now = Instant::now();
            if covers(&c) && !c.running() {
                match ended {
                    Some((at, began)) if began == c.began_ns => {
                        if now.duration_since(at) >= Duration::from_millis(300) || now >= deadline {
                            break CheckState::Done;
                        }
                    }
                    _ => ended = Some((now, c.began_ns)),
                }
            } else {
                ended = None;
            }
            if now >= deadline {
                break if c.running() {
                    CheckState::Running
                } else {
                    CheckState::NotRun
                };
            }
            if c.running() || self.loading() {
                idle = None;
            } else if now.duration_since(*idle.get_or_insert(now)) > BEGIN_WAIT {
                // Asked, idle, and none began: it runs none (`checkOnSave` off).
                break CheckState::NotRun;
            }
            self.touch();
            std::thread::sleep(Duration::from_millis(50));
        };
        let title = self
            .load
            .check()
            .title
            .unwrap_or_else(|| "cargo check".into());
        Ok(ProjectCheck { title, state })
    }

    /// `textDocument/diagnostic` for a document, asked again until `deadline` while the
    /// server answers "not now" (rust-analyzer while it loads); `(items, complete)`.
    fn pull(
        &self,
        uri: &lsp_types::Uri,
        deadline: Instant,
    ) -> Result<(Vec<lsp_types::Diagnostic>, bool), LspError> {
        use lsp_types::request::DocumentDiagnosticRequest;
        use lsp_types::{DocumentDiagnosticReport, DocumentDiagnosticReportResult};
        let mut params = to_json(
            DocumentDiagnosticRequest::METHOD,
            lsp_types::DocumentDiagnosticParams {
                text_document: TextDocumentIdentifier { uri: uri.clone() },
                identifier: None,
                previous_result_id: None,
                work_done_progress_params: Default::default(),
                partial_result_params: Default::default(),
            },
        )?;
        // `identifier: null` and `previousResultId: null` are refused by tsc (TypeScript 7):
        // absent, not null.
        if let Some(o) = params.as_object_mut() {
            o.retain(|_, v| !v.is_null());
        }
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.ask_once(DocumentDiagnosticRequest::METHOD, params.clone(), left) {
                Ok(v) => {
                    let r = decode::<DocumentDiagnosticRequest>(v)?;
                    let items = match r {
                        DocumentDiagnosticReportResult::Report(DocumentDiagnosticReport::Full(
                            f,
                        )) => f.full_document_diagnostic_report.items,
                        _ => Vec::new(),
                    };
                    return Ok((items, true));
                }
                Err(e) if e.retryable() && left > Duration::from_millis(300) => {
                    std::thread::sleep(Duration::from_millis(250));
                }
                Err(LspError::Timeout { .. }) => return Ok((Vec::new(), false)),
                Err(e) => return Err(e),
            }
        }
    }

    /// The diagnostics of edited texts, checked in the server's memory: each file's
    /// `edited` text sent (`didChange`), its diagnostics collected (as
    /// [`Server::diagnostics`], within `timeout` in all), then its `disk` text sent back with
    /// a new version, whatever happened meanwhile (a guard: an error, a timeout or a panic
    /// leaves the server's view equal to the disk). Nothing is written. A server that
    /// publishes also says what the edit does to other files of the workspace (gopls
    /// re-checks the package): each one it published again meanwhile, its list during the
    /// edit and once the disk text is back and settled (`elsewhere`; a pull server's other
    /// files are not asked). `users` are files that use what the edit changes (their disk
    /// text): opened before it (a publishing server re-checks open files when one they
    /// depend on changes) and, by a pull server, asked during it, so that the errors it
    /// causes there are among `elsewhere`; those a publishing server did not publish again
    /// are `unchecked`.
    pub fn diagnostics_of_edit(
        &self,
        files: &[EditedText<'_>],
        users: &[(&Contained, &str)],
        timeout: Duration,
    ) -> Result<EditDiagnosed, LspError> {
        /// Sends each file's disk text back, when asked or when dropped.
        struct Restore<'a> {
            server: &'a Server,
            files: &'a [EditedText<'a>],
            done: bool,
        }
        impl Restore<'_> {
            fn now(&mut self) {
                if std::mem::replace(&mut self.done, true) {
                    return;
                }
                for f in self.files {
                    if let Err(e) = self.server.sync(f.file, f.disk) {
                        tracing::warn!(file = %f.file.rel, error = %e, "the disk text could not be sent back");
                    }
                }
            }
        }
        impl Drop for Restore<'_> {
            fn drop(&mut self) {
                self.now();
            }
        }
        // The users' lists before the edit, once open (their own time: a server checks a file
        // it opens); one that fails is left out of the check, not the check failed.
        let pulled = self.supports(Capability::Diagnostic);
        for (f, t) in users {
            self.sync(f, t)?;
        }
        let users_before: Vec<Option<Vec<Diag>>> = {
            let deadline = Instant::now() + timeout;
            users
                .iter()
                .map(|(f, t)| {
                    let left = deadline.saturating_duration_since(Instant::now());
                    self.diagnostics(f, t, left.max(Duration::from_millis(1)))
                        .ok()
                        .filter(|d| d.complete)
                        .map(|d| d.items)
                })
                .collect()
        };
        let deadline = Instant::now() + timeout;
        let earlier = self.published.snapshot();
        let sent = Instant::now();
        let mut restore = Restore {
            server: self,
            files,
            done: false,
        };
        for f in files {
            self.sync(f.file, f.edited)?;
        }
        // A publishing server's users, sent again: checked against the edited text.
        if !pulled {
            for (f, _) in users {
                self.docs.resend(&self.wire, &f.abs)?;
            }
        }
        let checked = files
            .iter()
            .map(|f| {
                let left = deadline.saturating_duration_since(Instant::now());
                self.diagnostics(f.file, f.edited, left.max(Duration::from_millis(1)))
            })
            .collect::<Result<Vec<_>, _>>()?;
        // A pull server's users, asked while the edit is in place; a user it does not answer
        // in time is unchecked.
        let mut elsewhere = Vec::new();
        let mut unchecked = Vec::new();
        if pulled {
            for ((f, t), before) in users.iter().zip(&users_before) {
                let left = deadline.saturating_duration_since(Instant::now());
                let after = match before {
                    Some(_) => self
                        .diagnostics(f, t, left.max(Duration::from_millis(1)))
                        .ok()
                        .filter(|d| d.complete),
                    None => None,
                };
                match (before, after) {
                    (Some(b), Some(a)) => elsewhere.push(Elsewhere {
                        abs: f.abs.clone(),
                        before: b.clone(),
                        after: a.items,
                    }),
                    _ => unchecked.push(f.abs.clone()),
                }
            }
        }
        // Other files the server published again while the edit was in place, once it has
        // stopped publishing; first each user's list of the version sent during the edit
        // (pyright published tests/test_make.py's 4.3 s after the edit of attrs' _make.py,
        // after a quiet spell: it was left unchecked, or its list came after the disk text
        // was back and the edit's error was said removed).
        let edited: Vec<&Path> = files.iter().map(|f| f.file.abs.as_path()).collect();
        let during: Vec<(String, PathBuf, Vec<lsp_types::Diagnostic>)> = if pulled {
            Vec::new()
        } else {
            let settle = Duration::from_millis(self.lang.spec().server.diagnostics_settle_ms);
            // A user's list for the new version that is its list from before the edit may be
            // the one sent at once, before the check (pyright sent tests/test_make.py's again
            // 2 s before its check's, which held the edit's error): another is waited for a
            // while. An edit that changes nothing there costs that wait.
            let grace = (settle * 3).max(UNCHANGED_GRACE);
            for ((f, t), before) in users.iter().zip(&users_before) {
                let Some(state) = self.docs.state(&f.abs) else {
                    continue;
                };
                let uri = super::convert::path_to_uri(&f.abs);
                let w = self.published.wait(&uri, state, settle, deadline);
                let (Some(before), true) = (before, w.current) else {
                    continue;
                };
                let same = w.items.len() == before.len()
                    && w.items
                        .iter()
                        .map(|d| convert(d, t, self.encoding))
                        .zip(before)
                        .all(|(a, b)| a == *b);
                if let (true, Some((_, at))) = (same, self.published.latest_at(&uri)) {
                    self.published
                        .wait_newer(&uri, at, deadline.min(Instant::now() + grace));
                }
            }
            let quiet = settle.max(super::diagnostics::QUIET);
            self.published.wait_quiet(quiet, deadline);
            self.published
                .since(sent)
                .into_iter()
                .filter_map(|(uri, items)| {
                    let abs = super::convert::uri_to_path(&uri)?;
                    (!edited.contains(&abs.as_path()) && abs.starts_with(&self.root))
                        .then_some((uri, abs, items))
                })
                .collect()
        };
        restore.now();
        if !pulled {
            unchecked.extend(
                users
                    .iter()
                    .filter(|(f, _)| !during.iter().any(|(_, abs, _)| *abs == f.abs))
                    .map(|(f, _)| f.abs.clone()),
            );
        }
        if !during.is_empty() {
            // Compared with their lists once the disk's text is back and the server has
            // settled, not with those from before the edit: a list published while the
            // workspace loaded may be a first stage (gopls' analyzers come later), and would
            // make the edit seem to add what was there all along.
            let back_from = Instant::now();
            let settle = Duration::from_millis(self.lang.spec().server.diagnostics_settle_ms)
                .max(super::diagnostics::QUIET);
            std::thread::sleep(settle);
            self.touch();
            let back: HashMap<String, Vec<lsp_types::Diagnostic>> =
                self.published.since(back_from).into_iter().collect();
            for (uri, abs, after) in during {
                // The file is not edited: its text is the disk's.
                let Ok(bytes) = std::fs::read(&abs) else {
                    continue;
                };
                let text = String::from_utf8_lossy(&bytes);
                let conv = |ds: &[lsp_types::Diagnostic]| -> Vec<Diag> {
                    ds.iter()
                        .map(|d| convert(d, &text, self.encoding))
                        .collect()
                };
                // A user's list from before the edit, of the same text, when the server gave
                // one: a list published once the disk text was back may still be the edit's
                // (pyright sends a document's list as it was at once, then checks it again).
                let user_before = users
                    .iter()
                    .zip(&users_before)
                    .find(|((f, _), _)| f.abs == abs)
                    .and_then(|(_, b)| b.clone());
                let before = match user_before {
                    Some(b) => b,
                    None => back
                        .get(&uri)
                        .or_else(|| earlier.get(&uri))
                        .map(|b| conv(b))
                        .unwrap_or_default(),
                };
                elsewhere.push(Elsewhere {
                    abs,
                    before,
                    after: conv(&after),
                });
            }
        }
        Ok(EditDiagnosed {
            files: checked,
            elsewhere,
            unchecked,
        })
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
        if self.wire.alive() {
            let _ = self.request::<Shutdown>((), Duration::from_secs(2));
            let _ = self.notify::<Exit>(());
            let deadline = Instant::now() + Duration::from_secs(2);
            while Instant::now() < deadline {
                if let Ok(Some(_)) = child.try_wait() {
                    // Stopped cleanly, its state saved: of the disk at its last catch-up.
                    let at = *self.caught_up.lock().unwrap_or_else(|e| e.into_inner());
                    if let (Some(file), Some(at)) = (&self.kept, at) {
                        if let Ok(f) = std::fs::OpenOptions::new().write(true).open(file) {
                            let _ = f.set_modified(at);
                        }
                    }
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

/// One file's diagnostics as a server gave them.
#[derive(Debug, Clone)]
pub struct Diagnosed {
    pub items: Vec<Diag>,
    /// Asked for (`textDocument/diagnostic`), else published.
    pub pulled: bool,
    /// The list is the one for the text sent; `false`: the time ran out first.
    pub complete: bool,
    pub waited: Duration,
    /// How many diagnostics of the server's published list were added to a pulled one
    /// ([`Server::disk_diagnostics`]); `None`: none was merged.
    pub pushed: Option<usize>,
    /// The project check the published list comes from, and whether it checked the disk as
    /// it is (rust-analyzer's `cargo check`).
    pub check: Option<ProjectCheck>,
}

/// What became of a server's project check for an answer ([`Server::disk_diagnostics`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectCheck {
    /// What it runs, as its progress names it (`cargo check`).
    pub title: String,
    pub state: CheckState,
}

/// Whether a project check covered the disk as it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckState {
    /// One began after the last change and ended: its diagnostics are in.
    Done,
    /// One is still running when the time is up: its diagnostics may be missing or an
    /// older check's.
    Running,
    /// None ran since the last change (asked for, none began): its diagnostics are an
    /// older check's, or none.
    NotRun,
}

/// What an edit does to diagnostics: its files' lists during the edit, in their order, and
/// other files' lists before and during it.
#[derive(Debug, Clone)]
pub struct EditDiagnosed {
    pub files: Vec<Diagnosed>,
    pub elsewhere: Vec<Elsewhere>,
    /// Users (see [`Server::diagnostics_of_edit`]) the server did not check during the edit.
    pub unchecked: Vec<PathBuf>,
}

/// A file the edit does not touch whose diagnostics the server published again meanwhile.
#[derive(Debug, Clone)]
pub struct Elsewhere {
    pub abs: PathBuf,
    pub before: Vec<Diag>,
    pub after: Vec<Diag>,
}

/// A file's text as an edit would make it, and its text on disk (sent back after).
pub struct EditedText<'a> {
    pub file: &'a Contained,
    pub disk: &'a str,
    pub edited: &'a str,
}

/// The requests answered with locations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Locate {
    Definition,
    Implementation,
    /// References, with the declaration among them or not.
    References {
        declaration: bool,
    },
}

impl Locate {
    /// The capability a server offers this request by.
    pub fn capability(self) -> Capability {
        match self {
            Locate::Definition => Capability::Definition,
            Locate::Implementation => Capability::Implementation,
            Locate::References { .. } => Capability::References,
        }
    }
}

/// A request's result read from its reply.
fn decode<R: Request>(v: Value) -> Result<R::Result, LspError>
where
    R::Result: Decode,
{
    R::Result::decode(v).map_err(|message| LspError::BadReply {
        method: R::METHOD.to_string(),
        message,
    })
}
