//! The command line: clap definitions, turning flags into a tool's JSON arguments, and the
//! human-readable rendering of each answer. `--json` prints the envelope exactly as MCP returns it.

use crate::tools::{self, Workspace};
use clap::{Args, Parser, Subcommand};
use indexer::envelope::Envelope;
use indexer::index::Progress;
use serde_json::{json, Map, Value};
use std::io::IsTerminal;
use std::path::PathBuf;

// Output to stdout that a closed pipe (`codemap search x | head`) does not turn into a panic.
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stdout().lock(), $($t)*);
    }};
}
macro_rules! outln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($t)*);
    }};
}

#[derive(Debug, Parser)]
#[command(
    name = "codemap",
    version,
    about = "An IDE's sense of a repository, for coding agents: a symbol map and live language servers"
)]
pub struct Cli {
    #[command(flatten)]
    pub global: Global,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Args)]
pub struct Global {
    /// The workspace root.
    #[arg(long, global = true, default_value = ".")]
    pub root: PathBuf,
    /// The map file (default: <root>/.codemap/map.db).
    #[arg(long, global = true)]
    pub db: Option<PathBuf>,
    /// Print the answer envelope as JSON (exactly what MCP returns).
    #[arg(long, global = true)]
    pub json: bool,
    /// Token budget for the answer (100..10000, default 2000).
    #[arg(long, global = true)]
    pub token_budget: Option<u32>,
    /// Do not start language servers: live answers come from a parse of the file on disk.
    #[arg(long, global = true)]
    pub no_lsp: bool,
    /// The server command for a language, e.g. `--lsp "go=gopls -rpc.trace"`; repeatable.
    /// (Default: gopls; pyright-langserver, basedpyright-langserver, pylsp or
    /// jedi-language-server, whichever is on PATH.)
    #[arg(long = "lsp", global = true, value_name = "LANG=CMD")]
    pub lsp: Vec<String>,
    /// Per-request timeout for language servers, in milliseconds (default 15000; references,
    /// workspace symbols and call hierarchy get twice as long).
    #[arg(long, global = true)]
    pub lsp_timeout_ms: Option<u64>,
    /// Stop a language server after this many seconds without a request (default 600).
    #[arg(long, global = true, value_name = "SECONDS")]
    pub lsp_idle: Option<f64>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Build or refresh the map (incremental: only changed files are re-read).
    Index {
        /// The workspace to index (overrides --root).
        dir: Option<PathBuf>,
        /// Leave out paths matching this glob (gitignore syntax); repeatable.
        #[arg(long)]
        exclude: Vec<String>,
        /// Re-index only this workspace-relative directory.
        #[arg(long)]
        scope: Option<String>,
        /// Skip files larger than this many bytes (default 4 MiB).
        #[arg(long)]
        max_file_size: Option<u64>,
    },
    /// Find symbols by name: exact > qualname suffix > prefix > word part > substring > fuzzy.
    Search {
        query: String,
        /// Only these kinds (class, function, method, struct, ...); repeatable.
        #[arg(long = "kind")]
        kinds: Vec<String>,
        /// Only this language: py or go.
        #[arg(long)]
        lang: Option<String>,
        /// Only under this workspace-relative path.
        #[arg(long)]
        path: Option<String>,
        #[arg(long)]
        limit: Option<u32>,
    },
    /// The nodes and edges around a node.
    Neighbors {
        node_id: String,
        /// Only these edge kinds (contains, imports, calls, extends, implements); repeatable.
        #[arg(long = "edge-kind")]
        edge_kinds: Vec<String>,
        /// out, in or both.
        #[arg(long)]
        direction: Option<String>,
        /// 1..3.
        #[arg(long)]
        depth: Option<u32>,
        #[arg(long)]
        limit: Option<u32>,
    },
    /// A shortest directed path between two nodes.
    Path {
        from: String,
        to: String,
        #[arg(long = "edge-kind")]
        edge_kinds: Vec<String>,
        /// 1..6.
        #[arg(long)]
        max_depth: Option<u32>,
    },
    /// The map's state: counts, last run, stale and skipped files.
    Status,
    /// Where a node is now (--node-id), or which node is at a position (--file --line --col).
    Resolve {
        #[arg(long)]
        node_id: Option<String>,
        #[arg(long)]
        file: Option<String>,
        #[arg(long)]
        line: Option<u32>,
        #[arg(long)]
        col: Option<u32>,
    },
    /// A position without counting columns: `FILE:[scope]@[find]`, e.g. 'src/x.py:Cls.m@return <|>result'.
    Locate { spec: String },
    /// Where the name at a position is defined.
    Def(At),
    /// Every use of the symbol at a position.
    Refs {
        #[command(flatten)]
        at: At,
        /// Count the declaration as a reference too.
        #[arg(long)]
        include_declaration: bool,
        /// Only files matching this path or glob.
        #[arg(long)]
        file_filter: Option<String>,
    },
    /// Implementations of an interface or method; subclasses and overrides.
    Impls(At),
    /// The type, signature and documentation of the name at a position.
    Hover(At),
    /// Callers (incoming) or callees (outgoing) of the function at a position.
    Calls {
        #[command(flatten)]
        at: At,
        /// incoming or outgoing.
        #[arg(long)]
        direction: Option<String>,
        /// 1..3.
        #[arg(long)]
        depth: Option<u32>,
    },
    /// The symbols of one file, live.
    Outline { file: String },
    /// Workspace symbols by name (at least 3 characters), exact names first.
    Symbols {
        query: String,
        #[arg(long)]
        limit: Option<u32>,
    },
    /// Where to start: clusters of related files with their hub symbols.
    Overview {
        /// Only files under this workspace-relative directory.
        #[arg(long)]
        focus: Option<String>,
        #[arg(long)]
        hubs_per_cluster: Option<u32>,
    },
    /// Serve every tool over MCP (stdio) for agents; builds the map if missing and watches files.
    Serve,
    /// Keep the map fresh: re-index in the background as files change (until interrupted).
    Watch,
    /// What renaming the symbol at a position would change, as a diff (nothing is written).
    Rename {
        #[command(flatten)]
        at: At,
        /// The new name.
        #[arg(long)]
        to: String,
    },
}

/// A position: a locate string or node ID, or --file --line --col.
#[derive(Debug, clap::Args)]
pub struct At {
    /// A locate string ('src/x.py:Cls.m@<|>name') or a node ID ('py:src/x.py#Cls.m').
    pub target: Option<String>,
    #[arg(long)]
    pub file: Option<String>,
    #[arg(long)]
    pub line: Option<u32>,
    #[arg(long)]
    pub col: Option<u32>,
}

fn put_at(args: &mut Map<String, Value>, at: &At) {
    if let Some(t) = &at.target {
        let is_id = indexer::Lang::of_id(t).is_some() && t.contains('#');
        put(args, if is_id { "nodeId" } else { "locate" }, json!(t));
    }
    put(args, "file", json!(at.file));
    put(args, "line", json!(at.line));
    put(args, "col", json!(at.col));
}

struct Bar(Option<indicatif::ProgressBar>);

impl Progress for Bar {
    fn start(&self, total: u64) {
        if let Some(b) = &self.0 {
            b.set_length(total);
        }
    }
    fn inc(&self, n: u64) {
        if let Some(b) = &self.0 {
            b.inc(n);
        }
    }
    fn finish(&self) {
        if let Some(b) = &self.0 {
            b.finish_and_clear();
        }
    }
}

fn bar(json: bool) -> Bar {
    if json || !std::io::stderr().is_terminal() {
        return Bar(None);
    }
    let b = indicatif::ProgressBar::new(0);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{spinner} indexing [{bar:30}] {pos}/{len} files {per_sec} eta {eta}",
    ) {
        b.set_style(style.progress_chars("=> "));
    }
    Bar(Some(b))
}

fn put(obj: &mut Map<String, Value>, key: &str, v: Value) {
    let empty = v.is_null() || v.as_array().is_some_and(Vec::is_empty);
    if !empty {
        obj.insert(key.to_string(), v);
    }
}

/// Run the command; returns the process exit code (0 ok, 1 tool error).
pub fn run(cli: Cli) -> i32 {
    let g = &cli.global;
    let root = match &cli.command {
        Command::Index { dir: Some(d), .. } => d.clone(),
        _ => g.root.clone(),
    };
    let mut ws = match Workspace::new(&root, g.db.as_deref()) {
        Ok(ws) => ws,
        Err(e) => return emit(g.json, "", &Envelope::from_result(Err(e), g.token_budget)),
    };
    ws.lsp = !g.no_lsp;
    if let Some(ms) = g.lsp_timeout_ms {
        ws.lsp_timeout = std::time::Duration::from_millis(ms.max(1));
    }
    if let Some(secs) = g.lsp_idle {
        ws.lsp_idle = std::time::Duration::from_secs_f64(secs.clamp(0.1, 1e7));
    }
    for spec in &g.lsp {
        let parsed = spec.split_once('=').and_then(|(l, c)| {
            let cmd: Vec<String> = c.split_whitespace().map(str::to_string).collect();
            indexer::Lang::from_prefix(l.trim())
                .filter(|_| !cmd.is_empty())
                .map(|l| (l, cmd))
        });
        match parsed {
            Some((l, cmd)) => {
                ws.lsp_commands.insert(l, cmd);
            }
            None => {
                let e = indexer::envelope::ToolError::bad_args(format!(
                    "--lsp {spec:?} is not LANG=CMD"
                ))
                .hint("e.g. --lsp \"py=pyright-langserver --stdio\" or --lsp go=gopls");
                return emit(g.json, "", &Envelope::from_result(Err(e), g.token_budget));
            }
        }
    }
    match &cli.command {
        Command::Serve => {
            return match crate::mcp::serve(ws) {
                Ok(()) => 0,
                Err(e) => {
                    eprintln!("error: {e}");
                    1
                }
            }
        }
        Command::Watch => return watch(ws, g.json),
        _ => {}
    }
    let mut args = Map::new();
    put(&mut args, "tokenBudget", json!(g.token_budget));
    let tool = match &cli.command {
        Command::Index {
            exclude,
            scope,
            max_file_size,
            ..
        } => {
            ws.exclude = exclude.clone();
            ws.max_file_size = *max_file_size;
            put(&mut args, "scope", json!(scope));
            "map_rebuild"
        }
        Command::Search {
            query,
            kinds,
            lang,
            path,
            limit,
        } => {
            put(&mut args, "query", json!(query));
            put(&mut args, "kinds", json!(kinds));
            put(&mut args, "lang", json!(lang));
            put(&mut args, "path", json!(path));
            put(&mut args, "limit", json!(limit));
            "map_search"
        }
        Command::Neighbors {
            node_id,
            edge_kinds,
            direction,
            depth,
            limit,
        } => {
            put(&mut args, "nodeId", json!(node_id));
            put(&mut args, "edgeKinds", json!(edge_kinds));
            put(&mut args, "direction", json!(direction));
            put(&mut args, "depth", json!(depth));
            put(&mut args, "limit", json!(limit));
            "map_neighbors"
        }
        Command::Path {
            from,
            to,
            edge_kinds,
            max_depth,
        } => {
            put(&mut args, "from", json!(from));
            put(&mut args, "to", json!(to));
            put(&mut args, "edgeKinds", json!(edge_kinds));
            put(&mut args, "maxDepth", json!(max_depth));
            "map_path"
        }
        Command::Status => "map_status",
        Command::Resolve {
            node_id,
            file,
            line,
            col,
        } => {
            put(&mut args, "nodeId", json!(node_id));
            put(&mut args, "file", json!(file));
            put(&mut args, "line", json!(line));
            put(&mut args, "col", json!(col));
            "resolve"
        }
        Command::Locate { spec } => {
            put(&mut args, "locate", json!(spec));
            "locate"
        }
        Command::Def(at) => {
            put_at(&mut args, at);
            "nav_definition"
        }
        Command::Refs {
            at,
            include_declaration,
            file_filter,
        } => {
            put_at(&mut args, at);
            if *include_declaration {
                put(&mut args, "includeDeclaration", json!(true));
            }
            put(&mut args, "fileFilter", json!(file_filter));
            "nav_references"
        }
        Command::Impls(at) => {
            put_at(&mut args, at);
            "nav_implementations"
        }
        Command::Hover(at) => {
            put_at(&mut args, at);
            "nav_hover"
        }
        Command::Calls {
            at,
            direction,
            depth,
        } => {
            put_at(&mut args, at);
            put(&mut args, "direction", json!(direction));
            put(&mut args, "depth", json!(depth));
            "nav_calls"
        }
        Command::Outline { file } => {
            put(&mut args, "file", json!(file));
            "nav_outline"
        }
        Command::Symbols { query, limit } => {
            put(&mut args, "query", json!(query));
            put(&mut args, "limit", json!(limit));
            "nav_symbols"
        }
        Command::Rename { at, to } => {
            put_at(&mut args, at);
            put(&mut args, "newName", json!(to));
            "nav_rename"
        }
        Command::Overview {
            focus,
            hubs_per_cluster,
        } => {
            put(&mut args, "focus", json!(focus));
            put(&mut args, "hubsPerCluster", json!(hubs_per_cluster));
            "map_overview"
        }
        Command::Serve | Command::Watch => return 2,
    };
    let progress = bar(g.json);
    let env = tools::call(&ws, tool, &Value::Object(args), &progress);
    emit(g.json, tool, &env)
}

/// `codemap watch`: bring the map up to date, then re-index as files change, a line per run.
fn watch(ws: Workspace, json_out: bool) -> i32 {
    let first = crate::watch::reindex(&ws);
    let report = move |r: &Result<indexer::index::IndexStats, String>| match r {
        Ok(s) if json_out => outln!("{}", json!(s)),
        Ok(s) => {
            let d = json!(s);
            out!("{}", render("map_rebuild", &d));
        }
        Err(e) => eprintln!("error: re-index failed: {e}"),
    };
    report(&first);
    let _w = match crate::watch::start(&ws, Some(Box::new(report))) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    eprintln!("watching {} (Ctrl-C to stop)", ws.root.display());
    loop {
        std::thread::park();
    }
}

fn emit(json: bool, tool: &str, env: &Envelope) -> i32 {
    if json {
        outln!("{}", env.to_json());
    } else if let Some(e) = &env.error {
        eprintln!(
            "error [{}]: {}",
            serde_json::to_value(e.code)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default(),
            e.message
        );
        if let Some(h) = &e.hint {
            eprintln!("hint: {h}");
        }
    } else {
        let data = env.data.clone().unwrap_or(Value::Null);
        out!("{}", render(tool, &data));
        for w in &env.warnings {
            eprintln!("warning: {w}");
        }
        if let Some(d) = &env.dropped {
            eprintln!(
                "truncated: {} {} left out to fit the token budget; {}",
                d.count, d.kind, d.note
            );
        }
    }
    i32::from(!env.ok)
}

fn s<'a>(v: &'a Value, k: &str) -> &'a str {
    v.get(k).and_then(Value::as_str).unwrap_or("")
}

fn loc(v: &Value) -> String {
    let file = s(v, "file");
    match v.get("range") {
        Some(r) if !r.is_null() => format!("{file}:{}:{}", r["nameLine"], r["nameCol"]),
        _ => file.to_string(),
    }
}

fn node_line(v: &Value) -> String {
    let stale = if v["stale"].as_bool() == Some(true) {
        "  [stale]"
    } else {
        ""
    };
    let sig = s(v, "signature");
    let what = if sig.is_empty() {
        s(v, "name").to_string()
    } else {
        sig.to_string()
    };
    format!(
        "{:<9} {what}\n          {}  {}{stale}\n",
        s(v, "kind"),
        s(v, "nodeId"),
        loc(v)
    )
}

/// Human-readable output of each tool's data.
pub fn render(tool: &str, d: &Value) -> String {
    let mut out = String::new();
    match tool {
        "map_rebuild" => {
            let totals = match (d["symbols"].as_i64(), d["edges"].as_i64()) {
                (Some(sy), Some(e)) => format!("{sy} symbols, {e} edges"),
                _ => format!(
                    "{} symbols and {} edges written",
                    d["symbolsWritten"], d["edgesWritten"]
                ),
            };
            out.push_str(&format!(
                "indexed {} files ({} extracted, {} unchanged content, {} deleted, {} skipped, {} with syntax errors): {totals} in {:.2}s ({})\n",
                d["files"], d["extracted"], d["touched"], d["deleted"], d["skipped"], d["parseErrors"],
                d["seconds"].as_f64().unwrap_or(0.0), s(d, "mode")
            ));
        }
        "map_search" => {
            let hits = d["hits"].as_array().cloned().unwrap_or_default();
            if hits.is_empty() {
                out.push_str(&format!("no symbol matches {:?}\n", s(d, "query")));
            }
            for h in &hits {
                out.push_str(&node_line(h));
            }
            if d["more"].as_bool() == Some(true) {
                out.push_str(
                    "(more matches: narrow with --kind, --lang, --path or raise --limit)\n",
                );
            }
        }
        "map_neighbors" => {
            if let Some(n) = d.get("node").filter(|n| !n.is_null()) {
                out.push_str(&node_line(n));
            }
            for e in d["edges"].as_array().cloned().unwrap_or_default() {
                let target = e["target"]
                    .as_str()
                    .map_or_else(|| format!("?{}", s(&e, "targetName")), str::to_string);
                let at = match (e["line"].as_u64(), e["col"].as_u64()) {
                    (Some(l), Some(c)) => format!(" @{l}:{c}"),
                    _ => String::new(),
                };
                out.push_str(&format!(
                    "  {:<10} {} -> {}  ({}){at}\n",
                    s(&e, "kind"),
                    s(&e, "source"),
                    target,
                    s(&e, "resolution")
                ));
            }
        }
        "map_path" => {
            if d["found"].as_bool() == Some(true) {
                for e in d["edges"].as_array().cloned().unwrap_or_default() {
                    out.push_str(&format!(
                        "{} -[{}]-> {}\n",
                        s(&e, "source"),
                        s(&e, "kind"),
                        s(&e, "target")
                    ));
                }
                if d["length"] == 0 {
                    out.push_str("from and to are the same node\n");
                }
            } else {
                out.push_str(&format!("{}\n", s(d, "message")));
            }
        }
        "map_status" => {
            out.push_str(&format!(
                "root     {}\nmap      {} (schema {})\n",
                s(d, "root"),
                s(d, "db"),
                d["schemaVersion"]
            ));
            if let Some(langs) = d["languages"].as_object() {
                for (l, v) in langs {
                    out.push_str(&format!(
                        "{l:<8} {} files, {} symbols, {} skipped, {} with syntax errors\n",
                        v["files"], v["symbols"], v["skipped"], v["parseErrors"]
                    ));
                }
            }
            if let Some(edges) = d["edges"].as_object() {
                let parts: Vec<String> = edges.iter().map(|(k, v)| format!("{k} {v}")).collect();
                out.push_str(&format!("edges    {}\n", parts.join(", ")));
            }
            out.push_str(&format!(
                "last run {} ({}s)\nstale    {} file(s)\nskipped  {} file(s)\n",
                d["lastRun"], d["lastRunSeconds"], d["staleCount"], d["skippedCount"]
            ));
            for f in d["skippedFiles"]
                .as_array()
                .cloned()
                .unwrap_or_default()
                .iter()
                .take(20)
            {
                out.push_str(&format!("  {}: {}\n", s(f, "path"), s(f, "reason")));
            }
            for sv in d["servers"].as_array().cloned().unwrap_or_default() {
                let extra = [s(&sv, "command"), s(&sv, "reason")]
                    .into_iter()
                    .filter(|x| !x.is_empty())
                    .collect::<Vec<_>>()
                    .join("; ");
                out.push_str(&format!(
                    "server   {:<3} {} (restarts {}){}\n",
                    s(&sv, "lang"),
                    s(&sv, "state"),
                    sv["restarts"],
                    if extra.is_empty() {
                        String::new()
                    } else {
                        format!(": {extra}")
                    }
                ));
            }
        }
        "resolve" => {
            let l = &d["location"];
            let at = match (l["line"].as_u64(), l["col"].as_u64()) {
                (Some(line), Some(col)) => format!("{}:{line}:{col}", s(l, "file")),
                _ => s(l, "file").to_string(),
            };
            out.push_str(&format!("{}  {at}\n", s(d, "nodeId")));
            if let Some(sym) = d.get("symbol").filter(|v| !v.is_null()) {
                let sig = sym["signature"].as_str().unwrap_or_else(|| s(sym, "name"));
                out.push_str(&format!("  {} {sig}\n", s(sym, "kind")));
            }
            if let Some(chain) = d["enclosingSymbols"].as_array() {
                let names: Vec<String> = chain
                    .iter()
                    .map(|e| format!("{} {}", s(e, "kind"), s(e, "name")))
                    .collect();
                out.push_str(&format!(
                    "  in: {}\n",
                    if names.is_empty() {
                        "(file level)".to_string()
                    } else {
                        names.join(" > ")
                    }
                ));
            }
            let mut flags = vec![format!("source {}", s(d, "source"))];
            flags.push(format!("in map: {}", d["inMap"]));
            if d["mapStale"] == true {
                flags.push("map is stale here".into());
            }
            if d["relocated"] == true {
                flags.push(format!("relocated to {}", s(d, "liveNodeId")));
            }
            if let Some(n) = d["nearestNodeId"].as_str() {
                flags.push(format!("nearest in map: {n}"));
            }
            out.push_str(&format!("  {}\n", flags.join("; ")));
        }
        "locate" => {
            out.push_str(&format!(
                "{}:{}:{}  {}\n",
                s(d, "file"),
                d["line"],
                d["col"],
                s(d, "snippet")
            ));
            if let Some(n) = d["enclosing"].as_str() {
                out.push_str(&format!("  in {n}\n"));
            }
        }
        "map_overview" => {
            out.push_str(&format!(
                "{} files, {} clusters ({} files in none)\n",
                d["files"], d["clusterCount"], d["unclusteredFiles"]
            ));
            for (i, c) in d["clusters"]
                .as_array()
                .cloned()
                .unwrap_or_default()
                .iter()
                .enumerate()
            {
                let dirs: Vec<String> = c["dirs"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|x| format!("{} ({})", s(x, "dir"), x["files"]))
                    .collect();
                out.push_str(&format!(
                    "\n#{} {} files: {}\n",
                    i + 1,
                    c["files"],
                    dirs.join(", ")
                ));
                for h in c["hubs"].as_array().into_iter().flatten() {
                    out.push_str(&format!(
                        "    {:<9} {}  (hub {})\n",
                        s(h, "kind"),
                        s(h, "nodeId"),
                        h["hubScore"]
                    ));
                }
            }
        }
        "nav_hover" => {
            if let Some(sig) = d["signature"].as_str() {
                out.push_str(&format!("{sig}\n"));
            }
            for k in ["contents", "doc"] {
                if let Some(c) = d[k].as_str().filter(|c| !c.is_empty()) {
                    out.push_str(&format!("\n{c}\n"));
                }
            }
        }
        "nav_rename" => {
            out.push_str(&format!("{} (nothing written)\n", s(d, "summary")));
            for f in d["files"].as_array().cloned().unwrap_or_default() {
                out.push_str(s(&f, "diff"));
            }
        }
        "nav_outline" => {
            for x in d["symbols"].as_array().cloned().unwrap_or_default() {
                let indent = "  ".repeat(x["depth"].as_u64().unwrap_or(0) as usize);
                out.push_str(&format!(
                    "{:>5}  {indent}{} {}\n",
                    x["line"],
                    s(&x, "kind"),
                    s(&x, "name")
                ));
            }
        }
        t if t.starts_with("nav_") => {
            let key = [
                "definitions",
                "references",
                "implementations",
                "calls",
                "symbols",
            ]
            .into_iter()
            .find(|k| d[*k].is_array())
            .unwrap_or("items");
            let items = d[key].as_array().cloned().unwrap_or_default();
            if items.is_empty() {
                out.push_str(&format!("no {key}\n"));
            }
            for x in &items {
                let depth = x["depth"]
                    .as_u64()
                    .map_or(String::new(), |n| "  ".repeat(n as usize - 1));
                let name = x["name"]
                    .as_str()
                    .map_or(String::new(), |n| format!("{n}  "));
                out.push_str(&format!(
                    "{depth}{}:{}:{}  {name}{}\n",
                    s(x, "file"),
                    x["line"],
                    x["col"],
                    s(x, "snippet")
                ));
            }
            out.push_str(&format!(
                "({} {key}, source {})\n",
                items.len(),
                s(d, "source")
            ));
        }
        _ => out.push_str(&format!("{d:#}\n")),
    }
    out
}
