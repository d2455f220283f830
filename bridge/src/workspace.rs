//! One workspace as the tools see it: its root and map, the options its index runs and
//! language servers are given, and the state of this process's session on it (the language
//! servers' supervisor, file texts read by the live tools, the watcher's status, a first
//! build in progress). The tools, the live bridge and the watcher all take a [`Workspace`];
//! none of them imports another to get one.

use crate::paths::Contained;
use crate::supervise::{Config, Supervisor};
use answer::envelope::{ErrorCode, ToolError};
use answer::query::Map;
use indexer::extract::Extractor;
use indexer::index::{IndexOptions, Progress};
use indexer::lang::Lang;
use indexer::outline::OutlineSymbol;
use serde::Serialize;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The language of a file a live tool answers about, by its path; `UNSUPPORTED_LANGUAGE`
/// (built here alone) when codemap knows none.
pub fn lang_of(c: &Contained, shown: &str) -> Result<Lang, ToolError> {
    let path = Path::new(&c.rel);
    // A `.h` is C or C++ by its text, as the walker decides (`Lang::of_text`): its head is
    // read (the one read besides `Workspace::source`, for such files only).
    let by_text = Lang::needs_text(path)
        .then(|| {
            use std::io::Read;
            let mut head = Vec::new();
            let f = std::fs::File::open(&c.abs).ok()?;
            f.take(Lang::SNIFF_BYTES as u64)
                .read_to_end(&mut head)
                .ok()?;
            Lang::of_text(path, &head)
        })
        .flatten();
    by_text.or_else(|| Lang::of_path(path)).ok_or_else(|| {
        ToolError::new(
            ErrorCode::UnsupportedLanguage,
            format!(
                "{shown} is in none of the languages codemap knows: {}",
                Lang::described()
            ),
        )
    })
}

/// Where the tools work: the workspace root and its map.
#[derive(Debug, Clone)]
pub struct Workspace {
    pub root: PathBuf,
    pub db: PathBuf,
    pub exclude: Vec<String>,
    pub max_file_size: Option<u64>,
    /// How long one file's parses may take (`codemap index --parse-bound`); `None`: the
    /// index's default.
    pub parse_bound: Option<std::time::Duration>,
    /// Use language servers (off: every live answer comes from a parse of the file on disk).
    pub lsp: bool,
    /// Server commands given by the user (flag), per language; else found on PATH.
    pub lsp_commands: HashMap<Lang, Vec<String>>,
    /// Per-request timeout for language servers.
    pub lsp_timeout: std::time::Duration,
    /// Stop a language server after this long without a request.
    pub lsp_idle: std::time::Duration,
    /// Answers in the full shape (`--detail`; the CLI's plain text renders from it) rather
    /// than the compact one.
    pub detail: bool,
    /// Answers not cut to a budget: the CLI writing a whole patch (`rename --output`).
    pub unbounded: bool,
    /// The watcher's state, when one runs in this process (`serve`, `watch`).
    pub watch: std::sync::Arc<std::sync::Mutex<Option<WatchStatus>>>,
    /// The files the watcher saw change, for the language servers (its own while it runs).
    pub disk_log: std::sync::Arc<std::sync::Mutex<crate::disk_log::DiskLog>>,
    /// The first build of the map, when `serve` is making it: map answers wait for it.
    pub first_build: Option<std::sync::Arc<FirstBuild>>,
    /// The engine serving this workspace, when this process is one (`map_status` shows it).
    pub engine: Option<std::sync::Arc<EngineState>>,
    /// Held by each index run this process makes of the map (the first build, the watcher's
    /// runs, `map_rebuild`, `watch`'s catch-up): one writer at a time in a process, queued
    /// here rather than refused by SQLite after its busy timeout ([`Workspace::writing`]).
    writer: std::sync::Arc<std::sync::Mutex<()>>,
    /// Tree-sitter outlines of files parsed by the live tools, reused while the file's
    /// content is the same (a server that is down is asked about the same file many times).
    parses: std::sync::Arc<std::sync::Mutex<HashMap<PathBuf, CachedParse>>>,
    /// Open read handles on the map, lent to one answer at a time ([`Workspace::map`]).
    maps: std::sync::Arc<std::sync::Mutex<MapPool>>,
    /// The language servers' supervisor, made on first use from the fields above.
    supervisor: std::sync::Arc<std::sync::OnceLock<std::sync::Arc<Supervisor>>>,
    /// What the live tools did, for the tests that hold "one request, one read".
    #[cfg(test)]
    pub(crate) counts: std::sync::Arc<Counts>,
}

/// Files read ([`Workspace::text`]), parses asked for ([`Workspace::parsed_outline`]) and map
/// leases taken ([`Workspace::map`]) since the workspace was made.
#[cfg(test)]
#[derive(Debug, Default)]
pub(crate) struct Counts {
    pub(crate) reads: std::sync::atomic::AtomicUsize,
    pub(crate) parses: std::sync::atomic::AtomicUsize,
    pub(crate) leases: std::sync::atomic::AtomicUsize,
}

#[cfg(test)]
impl Counts {
    /// (reads, parses, leases) so far.
    pub(crate) fn now(&self) -> (usize, usize, usize) {
        use std::sync::atomic::Ordering::SeqCst;
        (
            self.reads.load(SeqCst),
            self.parses.load(SeqCst),
            self.leases.load(SeqCst),
        )
    }
}

/// Counts one of the things [`Counts`] counts (nothing outside the tests).
macro_rules! count {
    ($ws:expr, $what:ident) => {
        #[cfg(test)]
        $ws.counts
            .$what
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    };
}

/// Read handles on the map kept between answers: each keeps its prepared statements and its
/// search name index warm. They belong to one map file: a fresh build renamed into place is
/// a new file (device, inode), and the handles on the old one are dropped.
#[derive(Default)]
struct MapPool {
    file: Option<(u64, u64)>,
    idle: Vec<Map>,
}

impl std::fmt::Debug for MapPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MapPool")
            .field("file", &self.file)
            .field("idle", &self.idle.len())
            .finish()
    }
}

/// Handles kept idle at most: one per thread that answers at once is plenty.
const IDLE_MAPS: usize = 4;

/// A read handle on the map lent by the [`Workspace`]; it goes back to the pool when dropped.
pub struct MapLease {
    map: Option<Map>,
    file: Option<(u64, u64)>,
    pool: std::sync::Arc<std::sync::Mutex<MapPool>>,
}

impl std::ops::Deref for MapLease {
    type Target = Map;
    fn deref(&self) -> &Map {
        // Set from construction until drop.
        self.map
            .as_ref()
            .expect("a lease holds its map until dropped")
    }
}

impl Drop for MapLease {
    fn drop(&mut self) {
        let (Some(map), Some(file)) = (self.map.take(), self.file) else {
            return;
        };
        let mut pool = self.pool.lock().unwrap_or_else(|e| e.into_inner());
        if pool.file == Some(file) && pool.idle.len() < IDLE_MAPS {
            pool.idle.push(map);
        }
    }
}

/// A map build in progress that tools wait for: files done of total, and the outcome.
#[derive(Debug, Default)]
pub struct FirstBuild {
    pub done: std::sync::atomic::AtomicU64,
    pub total: std::sync::atomic::AtomicU64,
    /// `Some(Ok(()))` built, `Some(Err(message))` failed.
    pub outcome: std::sync::Mutex<Option<Result<(), String>>>,
    /// What the build did, once it has (a `watch` that started it prints it).
    pub stats: std::sync::Mutex<Option<indexer::index::IndexStats>>,
    pub cond: std::sync::Condvar,
}

impl FirstBuild {
    pub fn finish(&self, r: Result<(), String>) {
        *self.outcome.lock().unwrap_or_else(|e| e.into_inner()) = Some(r);
        self.cond.notify_all();
    }

    pub fn finished(&self) -> bool {
        self.outcome
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_some()
    }

    /// Wait up to `d` for the build; true when it is over.
    pub fn wait(&self, d: std::time::Duration) -> bool {
        let g = self.outcome.lock().unwrap_or_else(|e| e.into_inner());
        let (g, _) = self
            .cond
            .wait_timeout_while(g, d, |o| o.is_none())
            .unwrap_or_else(|e| e.into_inner());
        g.is_some()
    }
}

impl Progress for FirstBuild {
    fn start(&self, total: u64) {
        self.total
            .store(total, std::sync::atomic::Ordering::Relaxed);
    }
    fn inc(&self, n: u64) {
        self.done.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
    }
}

/// A file's text when parsed, and its outline.
type CachedParse = (Arc<str>, Vec<OutlineSymbol>);

/// The compiled queries, once per process (not a cache: they never change).
fn extractor() -> Result<&'static Extractor, ToolError> {
    Extractor::shared().map_err(ToolError::internal)
}

impl Workspace {
    /// A read handle on the map: an idle one of this map file's, else a new one.
    pub fn map(&self) -> Result<MapLease, ToolError> {
        count!(self, leases);
        use std::os::unix::fs::MetadataExt;
        let file = std::fs::metadata(&self.db).ok().map(|m| (m.dev(), m.ino()));
        let idle = {
            let mut pool = self.maps.lock().unwrap_or_else(|e| e.into_inner());
            if pool.file != file {
                pool.idle.clear();
                pool.file = file;
            }
            pool.idle.pop()
        };
        let map = match idle {
            Some(m) => m,
            None => Map::open(&self.root, &self.db)?,
        };
        Ok(MapLease {
            map: Some(map),
            file,
            pool: self.maps.clone(),
        })
    }

    /// The shape answers take.
    pub fn shape(&self) -> answer::shape::Shape {
        answer::shape::Shape::of(self.detail)
    }

    /// A file's text as it is on disk now (invalid UTF-8 replaced), `None` for a binary file.
    /// Read afresh every time: a nav answer reads its file once ([`Workspace::source`]) and
    /// hands that text down, so nothing keeps a copy that an edit could leave stale.
    /// A file's path under the root once links are followed (`None` outside the workspace,
    /// or when the file is gone): how a server's location is told inside from outside.
    pub fn rel_of(&self, abs: &Path) -> Option<String> {
        let real = abs.canonicalize().ok()?;
        let rel = real.strip_prefix(&self.root).ok()?;
        Some(rel.to_string_lossy().into_owned())
    }

    pub fn text(&self, abs: &Path) -> std::io::Result<Option<Arc<str>>> {
        count!(self, reads);
        let bytes = std::fs::read(abs)?;
        Ok((!bytes.contains(&0)).then(|| String::from_utf8_lossy(&bytes).into()))
    }

    /// The text of a file inside the workspace that a live tool answers about, as it is on
    /// disk now: the one read of it an answer makes. A file that is gone, a directory, a
    /// binary file or one that cannot be read is refused, here alone.
    pub fn source(&self, c: &Contained, shown: &str) -> Result<Arc<str>, ToolError> {
        // A file past the size the map reads is not parsed or sent to a server either: a new
        // user's 10.6 MB generated module held an outline for 176 s and a pyright at 1.4 GB.
        let limit = self
            .max_file_size
            .unwrap_or(indexer::index::DEFAULT_MAX_FILE_SIZE);
        if let Ok(m) = std::fs::metadata(&c.abs) {
            if m.is_file() && m.len() > limit {
                let mb = |n: u64| n as f64 / (1024.0 * 1024.0);
                return Err(ToolError::bad_args(format!(
                    "{shown} is {:.1} MB, over the {:.1} MB of a file codemap reads: the map left it out, and the live tools neither parse it nor send it to a language server",
                    mb(m.len()),
                    mb(limit)
                ))
                .hint("a generated file, most likely; `codemap index --max-file-size BYTES` maps larger files, the live tools keep to this size"));
            }
        }
        match self.text(&c.abs) {
            Ok(Some(t)) => Ok(t),
            Ok(None) => Err(ToolError::bad_args(format!(
                "{shown} is a binary file (it contains NUL bytes)"
            ))),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(self.missing(&c.rel, shown)),
            Err(e) if c.abs.is_dir() => Err(ToolError::bad_args(format!(
                "{shown} is a directory, not a file ({e})"
            ))),
            Err(e) => Err(ToolError::bad_args(format!("cannot read {shown}: {e}"))),
        }
    }

    /// The error for a file that is not on disk: `FILE_DELETED` when the map indexed it (it
    /// was there and is gone), else `BAD_ARGS` (it never was: a typo); either way with the
    /// map's nearest paths.
    pub fn missing(&self, rel: &str, shown: &str) -> ToolError {
        let map = self.map().ok();
        let known = map
            .as_ref()
            .is_some_and(|m| m.db().ever_indexed(rel).unwrap_or(false));
        let near = map
            .and_then(|m| m.paths_near(rel, 3).ok())
            .unwrap_or_default();
        let near =
            indexer::suggest::did_you_mean(&near.iter().map(String::as_str).collect::<Vec<_>>());
        if known {
            let hint = "`map_search` finds where its symbols live now";
            ToolError::new(
                ErrorCode::FileDeleted,
                format!("{shown} was indexed but no longer exists"),
            )
            .hint(if near.is_empty() {
                hint.to_string()
            } else {
                format!("{near} Or {hint}")
            })
        } else {
            ToolError::bad_args(format!(
                "{shown} does not exist, and the map never indexed it"
            ))
            .hint(if near.is_empty() {
                "paths are relative to the workspace root; `map_search` finds files by name"
                    .to_string()
            } else {
                near
            })
        }
    }

    /// A node ID whose file is not on disk: as [`Workspace::missing`], but a file the map
    /// never had is `NODE_NOT_FOUND`, with the nearest node IDs.
    pub fn missing_node(&self, node: &indexer::id::NodeId, rel: &str, id: &str) -> ToolError {
        let e = self.missing(rel, id);
        if e.code == ErrorCode::FileDeleted {
            return e;
        }
        let near = self
            .map()
            .ok()
            .and_then(|m| m.ids_near(node).ok())
            .unwrap_or_default();
        let near =
            indexer::suggest::did_you_mean(&near.iter().map(String::as_str).collect::<Vec<_>>());
        ToolError::new(
            ErrorCode::NodeNotFound,
            format!("{id} is not in the map, and its file {rel} does not exist"),
        )
        .hint(if near.is_empty() {
            "`map_search` finds node IDs by name".to_string()
        } else {
            near
        })
    }

    /// The live outline of a file: a tree-sitter parse of `text`, its content now (as
    /// [`Workspace::source`] read it).
    pub fn parsed_outline(
        &self,
        c: &Contained,
        lang: Lang,
        text: &Arc<str>,
    ) -> Result<Vec<OutlineSymbol>, ToolError> {
        count!(self, parses);
        let cache = &self.parses;
        if let Some((t, o)) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&c.abs) {
            if t == text {
                return Ok(o.clone());
            }
        }
        let extract = extractor()?.extract(
            &mut indexer::extract::Worker::new(),
            lang,
            &c.rel,
            text.as_bytes(),
        );
        let outline = OutlineSymbol::from_symbols(extract.symbols);
        let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
        if cache.len() > 256 {
            cache.clear();
        }
        cache.insert(c.abs.clone(), (text.clone(), outline.clone()));
        Ok(outline)
    }

    pub fn supervisor(&self) -> &Supervisor {
        self.supervisor.get_or_init(|| {
            Supervisor::new(Config {
                root: self.root.clone(),
                enabled: self.lsp,
                commands: self.lsp_commands.clone(),
                timeout: self.lsp_timeout,
                idle: self.lsp_idle,
                exclude: self.exclude.clone(),
                disk_log: self.disk_log.clone(),
                state_dir: self.db.parent().map(Path::to_path_buf),
            })
        })
    }

    /// A tool call begins (see [`Supervisor::new_call`]); nothing when no server was asked for.
    pub fn new_call(&self) {
        if let Some(s) = self.supervisor.get() {
            s.new_call();
        }
    }

    /// Stop the servers this workspace started, if any (none are started by this).
    pub fn stop_servers(&self) {
        if let Some(s) = self.supervisor.get() {
            s.stop_all();
        }
    }

    /// The server for a language: started on first use, supervised.
    pub fn server(&self, lang: Lang) -> Result<std::sync::Arc<crate::lsp::Server>, ToolError> {
        self.supervisor().get(lang)
    }

    /// The right to write the map from this process, held for one index run.
    pub fn writing(&self) -> std::sync::MutexGuard<'_, ()> {
        self.writer.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// What an index run of this workspace is given: its map, excluded paths and file size
    /// limit (one place, for `map_rebuild`, the watcher and `serve`'s first build).
    pub fn index_options(&self) -> IndexOptions {
        let mut opts = IndexOptions::new(self.root.clone());
        opts.db = Some(self.db.clone());
        opts.exclude = self.exclude.clone();
        if let Some(m) = self.max_file_size {
            opts.max_file_size = m;
        }
        if let Some(b) = self.parse_bound {
            opts.parse_bound = b;
        }
        opts
    }

    /// The root must be an existing directory; the map defaults to `<root>/.codemap/map.db`.
    pub fn new(root: &Path, db: Option<&Path>) -> Result<Workspace, ToolError> {
        let root = root.canonicalize().map_err(|e| {
            ToolError::bad_args(format!(
                "workspace root {} is not usable: {e}",
                root.display()
            ))
            .hint("pass an existing directory with --root")
        })?;
        if !root.is_dir() {
            return Err(ToolError::bad_args(format!(
                "workspace root {} is not a directory",
                root.display()
            )));
        }
        let db = db.map_or_else(|| indexer::store::default_db(&root), Path::to_path_buf);
        Ok(Workspace {
            root,
            db,
            exclude: Vec::new(),
            max_file_size: None,
            parse_bound: None,
            lsp: true,
            lsp_commands: HashMap::new(),
            lsp_timeout: crate::lsp::TIMEOUT,
            lsp_idle: crate::supervise::IDLE,
            detail: false,
            unbounded: false,
            parses: Default::default(),
            maps: Default::default(),
            watch: Default::default(),
            disk_log: Default::default(),
            first_build: None,
            engine: None,
            writer: Default::default(),
            supervisor: Default::default(),
            #[cfg(test)]
            counts: Default::default(),
        })
    }
}

#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WatchStatus {
    pub state: String,
    /// Relevant file events seen.
    pub events: u64,
    /// Re-index runs made.
    pub runs: u64,
    pub files_marked_stale: u64,
    pub last_run_seconds: Option<f64>,
    /// Unix seconds.
    pub last_run_at: Option<u64>,
    pub last_error: Option<String>,
    /// Directories watched (ignored and hidden ones are not).
    pub directories: u64,
    /// Directories that could not be watched (the inotify limit), if any.
    pub unwatched: Option<String>,
}

/// This process as an engine (`bridge::engine`): who it is and how busy, for `map_status`
/// and its idle stop.
#[derive(Debug)]
pub struct EngineState {
    pub pid: u32,
    pub started: std::time::Instant,
    pub socket: PathBuf,
    pub log: PathBuf,
    /// It stops after this long with no client and no request.
    pub idle: std::time::Duration,
    /// Connections open now.
    pub clients: std::sync::atomic::AtomicU64,
    /// Tool calls being answered now.
    pub in_flight: std::sync::atomic::AtomicU64,
    /// Tool calls answered since it started.
    pub requests: std::sync::atomic::AtomicU64,
    /// When a client last came, asked or went.
    pub last_activity: std::sync::Mutex<std::time::Instant>,
}

/// [`EngineState`] as `map_status` shows it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EngineStatus {
    pub pid: u32,
    pub uptime_seconds: u64,
    pub clients: u64,
    pub requests: u64,
    pub idle_stop_seconds: u64,
    pub socket: String,
    pub log: String,
}

impl EngineState {
    pub fn new(socket: PathBuf, log: PathBuf, idle: std::time::Duration) -> EngineState {
        EngineState {
            pid: std::process::id(),
            started: std::time::Instant::now(),
            socket,
            log,
            idle,
            clients: Default::default(),
            in_flight: Default::default(),
            requests: Default::default(),
            last_activity: std::sync::Mutex::new(std::time::Instant::now()),
        }
    }

    /// Something happened: the idle period starts again.
    pub fn touch(&self) {
        *self.last_activity.lock().unwrap_or_else(|e| e.into_inner()) = std::time::Instant::now();
    }

    /// How long since anything happened.
    pub fn quiet_for(&self) -> std::time::Duration {
        self.last_activity
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .elapsed()
    }

    pub fn status(&self) -> EngineStatus {
        use std::sync::atomic::Ordering::Relaxed;
        EngineStatus {
            pid: self.pid,
            uptime_seconds: self.started.elapsed().as_secs(),
            clients: self.clients.load(Relaxed),
            requests: self.requests.load(Relaxed),
            idle_stop_seconds: self.idle.as_secs(),
            socket: self.socket.display().to_string(),
            log: self.log.display().to_string(),
        }
    }
}

impl EngineStatus {
    /// One line of `codemap status`.
    pub fn text(&self) -> String {
        format!(
            "engine: pid {}, up {} s, {} client{} connected, {} request{} answered; stops after {} s idle (socket {}, log {})\n",
            self.pid,
            self.uptime_seconds,
            self.clients,
            if self.clients == 1 { "" } else { "s" },
            self.requests,
            if self.requests == 1 { "" } else { "s" },
            self.idle_stop_seconds,
            self.socket,
            self.log
        )
    }
}

/// The project a call is scoped to (the `project` argument every tool takes): its root, and
/// the roots of projects nested in it, which it leaves out. Set by `tools::dispatch` for the
/// call, on the thread that runs it; tools that list files read it (`current_scope`).
#[derive(Debug, Clone, Default)]
pub struct ProjectScope {
    pub name: String,
    pub root: String,
    pub nested: Vec<String>,
}

impl ProjectScope {
    /// Whether a workspace-relative path is in the project (not in a nested one).
    pub fn holds(&self, path: &str) -> bool {
        indexer::project::holds(&self.root, path)
            && !self.nested.iter().any(|n| indexer::project::holds(n, path))
    }
}

thread_local! {
    static SCOPE: std::cell::RefCell<Option<ProjectScope>> = const { std::cell::RefCell::new(None) };
}

/// The project the running call is scoped to, if any.
pub fn current_scope() -> Option<ProjectScope> {
    SCOPE.with(|s| s.borrow().clone())
}

/// Runs `f` with the call scoped to `scope` (none: unscoped), then clears it.
pub fn with_scope<T>(scope: Option<ProjectScope>, f: impl FnOnce() -> T) -> T {
    struct Clear;
    impl Drop for Clear {
        fn drop(&mut self) {
            SCOPE.with(|s| *s.borrow_mut() = None);
        }
    }
    SCOPE.with(|s| *s.borrow_mut() = scope);
    let _clear = Clear;
    f()
}
