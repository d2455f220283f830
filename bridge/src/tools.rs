//! The tool dispatcher: a tool name and its JSON arguments in, one envelope out.

use indexer::envelope::{Answer, Envelope, ToolError};
use indexer::index::{self, IndexOptions, Progress};
use indexer::lang::Lang;
use indexer::query::{self, Map, NeighborsParams, PathParams, SearchParams};
use serde::de::DeserializeOwned;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::supervise::{Config, Supervisor};

/// Where the tools work: the workspace root and its map.
#[derive(Debug, Clone)]
pub struct Workspace {
    pub root: PathBuf,
    pub db: PathBuf,
    pub exclude: Vec<String>,
    pub max_file_size: Option<u64>,
    /// Use language servers (off: every live answer comes from a parse of the file on disk).
    pub lsp: bool,
    /// Server commands given by the user (flag), per language; else found on PATH.
    pub lsp_commands: HashMap<Lang, Vec<String>>,
    /// Per-request timeout for language servers.
    pub lsp_timeout: std::time::Duration,
    /// Stop a language server after this long without a request.
    pub lsp_idle: std::time::Duration,
    /// The watcher's state, when one runs in this process (`serve`, `watch`).
    pub watch: std::sync::Arc<std::sync::Mutex<Option<crate::watch::WatchStatus>>>,
    /// The first build of the map, when `serve` is making it: map answers wait for it.
    pub first_build: Option<std::sync::Arc<FirstBuild>>,
    /// Texts of files read by the live tools, reused while the file's size and mtime hold.
    texts: std::sync::Arc<std::sync::Mutex<HashMap<PathBuf, CachedText>>>,
    /// The language servers' supervisor, made on first use from the fields above.
    supervisor: std::sync::Arc<std::sync::OnceLock<std::sync::Arc<Supervisor>>>,
}

/// A map build in progress that tools wait for: files done of total, and the outcome.
#[derive(Debug, Default)]
pub struct FirstBuild {
    pub done: std::sync::atomic::AtomicU64,
    pub total: std::sync::atomic::AtomicU64,
    /// `Some(Ok(()))` built, `Some(Err(message))` failed.
    pub outcome: std::sync::Mutex<Option<Result<(), String>>>,
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

/// (size, mtime) of the file when read, and its text (`None`: binary, it holds NUL bytes).
type CachedText = ((u64, std::time::SystemTime), Option<std::sync::Arc<str>>);

impl Workspace {
    /// A file's text as it is on disk now (invalid UTF-8 replaced), `None` for a binary file.
    /// Served from a cache while the file's size and mtime are unchanged.
    pub fn text(&self, abs: &Path) -> std::io::Result<Option<std::sync::Arc<str>>> {
        let meta = std::fs::metadata(abs)?;
        let stamp = (meta.len(), meta.modified()?);
        let cache = self.texts.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((s, t)) = cache.get(abs) {
            if *s == stamp {
                return Ok(t.clone());
            }
        }
        drop(cache);
        let bytes = std::fs::read(abs)?;
        let text: Option<std::sync::Arc<str>> =
            (!bytes.contains(&0)).then(|| String::from_utf8_lossy(&bytes).into());
        let mut cache = self.texts.lock().unwrap_or_else(|e| e.into_inner());
        if cache.len() >= 1024 {
            cache.clear();
        }
        cache.insert(abs.to_path_buf(), (stamp, text.clone()));
        Ok(text)
    }

    pub fn supervisor(&self) -> &Supervisor {
        self.supervisor.get_or_init(|| {
            Supervisor::new(Config {
                root: self.root.clone(),
                enabled: self.lsp,
                commands: self.lsp_commands.clone(),
                timeout: self.lsp_timeout,
                idle: self.lsp_idle,
            })
        })
    }

    /// The server for a language: started on first use, supervised.
    pub fn server(&self, lang: Lang) -> Result<std::sync::Arc<crate::lsp::Server>, ToolError> {
        self.supervisor().get(lang)
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
            lsp: true,
            lsp_commands: HashMap::new(),
            lsp_timeout: crate::lsp::TIMEOUT,
            lsp_idle: crate::supervise::IDLE,
            texts: Default::default(),
            watch: Default::default(),
            first_build: None,
            supervisor: Default::default(),
        })
    }
}

/// The names of the tools this build answers.
pub const TOOLS: &[&str] = &[
    "map_overview",
    "map_search",
    "map_neighbors",
    "map_path",
    "map_status",
    "map_rebuild",
    "resolve",
    "locate",
    "nav_definition",
    "nav_references",
    "nav_implementations",
    "nav_hover",
    "nav_calls",
    "nav_outline",
    "nav_symbols",
    "nav_rename",
];

fn params<T: DeserializeOwned>(args: &Value) -> Result<T, ToolError> {
    serde_json::from_value(args.clone()).map_err(|e| {
        ToolError::bad_args(format!("bad arguments: {e}")).hint("see the tool's input schema")
    })
}

fn budget_of(args: &Value) -> Option<u32> {
    args.get("tokenBudget")
        .and_then(Value::as_u64)
        .map(|b| b.min(u32::MAX as u64) as u32)
}

/// Run one tool.
pub fn call(ws: &Workspace, tool: &str, args: &Value, progress: &dyn Progress) -> Envelope {
    let budget = budget_of(args);
    Envelope::from_result(dispatch(ws, tool, args, progress), budget)
}

fn dispatch(
    ws: &Workspace,
    tool: &str,
    args: &Value,
    progress: &dyn Progress,
) -> Result<Answer, ToolError> {
    if !args.is_object() {
        return Err(ToolError::bad_args("arguments must be a JSON object"));
    }
    match tool {
        "map_search" => {
            let mut p: SearchParams = params(args)?;
            p.path = contained_dir(ws, p.path.take())?;
            Map::shared(&ws.root, &ws.db)?.search(&p)
        }
        "map_neighbors" => {
            Map::shared(&ws.root, &ws.db)?.neighbors(&params::<NeighborsParams>(args)?)
        }
        "map_path" => Map::shared(&ws.root, &ws.db)?.path(&params::<PathParams>(args)?),
        "map_overview" => {
            let mut p: query::OverviewParams = params(args)?;
            p.focus = contained_dir(ws, p.focus.take())?;
            Map::shared(&ws.root, &ws.db)?.overview(&p)
        }
        "map_status" => {
            let _: EmptyParams = params(args)?;
            let mut answer = Map::shared(&ws.root, &ws.db)?.status()?;
            answer.data["servers"] = ws.supervisor().status();
            if let Some(w) = ws.watch.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
                answer.data["watcher"] = json!(w);
            }
            Ok(answer)
        }
        "map_rebuild" => rebuild(ws, &params::<RebuildParams>(args)?, progress),
        "resolve" => crate::resolve::resolve(ws, &params(args)?),
        "locate" => {
            let p: LocateParams = params(args)?;
            crate::nav::locate_tool(ws, &p.locate)
        }
        t if t.starts_with("nav_") && TOOLS.contains(&t) => {
            crate::nav::check_keys(t, args)?;
            let p: crate::nav::NavParams = params(args)?;
            match t {
                "nav_definition" => crate::nav::definition(ws, &p),
                "nav_references" => crate::nav::references(ws, &p),
                "nav_implementations" => crate::nav::implementations(ws, &p),
                "nav_hover" => crate::nav::hover(ws, &p),
                "nav_calls" => crate::nav::calls(ws, &p),
                "nav_outline" => crate::nav::outline(ws, &p),
                "nav_symbols" => crate::nav::symbols(ws, &p),
                _ => crate::nav::rename(ws, &p),
            }
        }
        other => Err(ToolError::bad_args(format!("unknown tool {other:?}"))
            .hint(format!("tools: {}", TOOLS.join(", ")))),
    }
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct EmptyParams {
    #[serde(default)]
    #[allow(dead_code)]
    token_budget: Option<u32>,
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct LocateParams {
    locate: String,
    #[serde(default)]
    #[allow(dead_code)]
    token_budget: Option<u32>,
}

/// A path filter, focus or scope argument, contained like every path (`..`, absolute paths
/// elsewhere, symlinks out, NUL, absurd lengths refused) and made workspace-relative; the
/// root itself (`.`, `""`) means no filter. It need not exist: a prefix filters too.
fn contained_dir(ws: &Workspace, arg: Option<String>) -> Result<Option<String>, ToolError> {
    let Some(a) = arg else {
        return Ok(None);
    };
    if a.is_empty() || a == "." || a == "./" {
        return Ok(None);
    }
    let c = crate::paths::contain(&ws.root, &a)?;
    let trailing = a.ends_with('/') && !c.rel.is_empty();
    Ok((!c.rel.is_empty()).then(|| {
        if trailing {
            format!("{}/", c.rel)
        } else {
            c.rel
        }
    }))
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct RebuildParams {
    #[serde(default)]
    scope: Option<String>,
    #[serde(default)]
    #[allow(dead_code)]
    token_budget: Option<u32>,
}

fn rebuild(
    ws: &Workspace,
    p: &RebuildParams,
    progress: &dyn Progress,
) -> Result<Answer, ToolError> {
    let scope = contained_dir(ws, p.scope.clone())?;
    let mut opts = IndexOptions::new(ws.root.clone());
    opts.db = Some(ws.db.clone());
    opts.exclude = ws.exclude.clone();
    opts.scope = scope;
    if let Some(m) = ws.max_file_size {
        opts.max_file_size = m;
    }
    let stats = index::run(&opts, progress).map_err(|e| match e {
        index::IndexError::Walk(w) => ToolError::bad_args(w.to_string()),
        other => ToolError::internal(other),
    })?;
    let warnings = stats.warnings.clone();
    Ok(Answer {
        data: json!(stats),
        dropped: None,
        warnings,
    })
}

/// For callers that need the query layer's node-ID check.
pub fn check_node_id(id: &str) -> Result<(), ToolError> {
    query::parse_node_id(id).map(|_| ())
}
