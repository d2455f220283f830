//! The tool dispatcher: a tool name and its JSON arguments in, one envelope out.

use crate::nav;
use answer::envelope::{Answer, Envelope, Text, ToolError};
use answer::query::{self, NeighborsParams, PathParams, SearchParams};
use indexer::index::{self, Progress};
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::{json, Value};

use crate::workspace::ProjectScope;
pub use crate::workspace::{FirstBuild, Workspace};

/// One tool, declared once. The MCP listing (name, description, input and output
/// schemas, annotations), the CLI command (`cli`) and the dispatch all come from here; the
/// input schema is derived from the handler's parameter type, so it cannot drift from what
/// the handler accepts.
pub struct Tool {
    pub name: &'static str,
    /// What the tool is for, written for an agent.
    pub description: &'static str,
    /// Reads only: nothing is written (MCP `readOnlyHint`).
    pub read_only: bool,
    /// The same call again changes nothing more (MCP `idempotentHint`).
    pub idempotent: bool,
    pub cli: CliSpec,
    /// The JSON schema of the arguments.
    pub schema: fn() -> Value,
    run: fn(&Workspace, &Value, &dyn Progress) -> Result<Answer, ToolError>,
}

/// How a tool appears on the command line. Every argument of the tool's schema becomes a
/// flag named after it (`fileFilter` → `--file-filter`), except those listed here.
pub struct CliSpec {
    pub command: &'static str,
    pub about: &'static str,
    /// Arguments given by position, in order. `target` is a position given as a node ID or
    /// a locate string (it becomes `nodeId` or `locate`).
    pub positional: &'static [&'static str],
    /// Flags named otherwise than their argument: (argument, flag).
    pub renamed: &'static [(&'static str, &'static str)],
}

/// The arguments of `tool` as its parameter type `P`.
pub(crate) fn params<P: DeserializeOwned>(args: &Value) -> Result<P, ToolError> {
    serde_json::from_value(args.clone()).map_err(|e| {
        ToolError::bad_args(format!("bad arguments: {e}")).hint("see the tool's input schema")
    })
}

/// A tool's entry: its declaration, the parameter type its schema is derived from, and the
/// handler that takes that type.
macro_rules! tool {
    ($name:literal, read_only: $ro:literal, idempotent: $idem:literal,
     cli: ($cmd:literal, $about:literal, [$($pos:literal),*], [$(($prop:literal, $flag:literal)),*]),
     $params:ty, $desc:expr, $run:expr) => {
        Tool {
            name: $name,
            description: $desc,
            read_only: $ro,
            idempotent: $idem,
            cli: CliSpec {
                command: $cmd,
                about: $about,
                positional: &[$($pos),*],
                renamed: &[$(($prop, $flag)),*],
            },
            schema: input_schema::<$params>,
            run: |ws, args, progress| {
                let p: $params = params(args)?;
                #[allow(clippy::redundant_closure_call)]
                ($run)(ws, p, progress)
            },
        }
    };
}

/// Every tool this build answers, in the order they are listed.
pub static TOOLS: &[Tool] = &[
    tool!("map_overview", read_only: true, idempotent: true,
    cli: ("overview", "Where to start: clusters of related files with their hub symbols.", [], []),
    query::OverviewParams,
    "Start here in an unfamiliar repository: clusters of related files with their hub symbols.",
    |ws: &Workspace, mut p: query::OverviewParams, _: &dyn Progress| {
        p.focus = contained_dir(ws, p.focus.take())?;
        ws.map()?.overview(&p, ws.shape())
    }),
    tool!("map_search", read_only: true, idempotent: true,
    cli: ("search", "Find symbols by name: exact > qualname suffix > prefix > word part > substring > fuzzy.", ["query"], [("kinds", "kind")]),
    SearchParams,
    "Find definitions by name (never comments or strings), exact first, then qualname suffix, prefix, word part, fuzzy. Use before grep.",
    |ws: &Workspace, mut p: SearchParams, _: &dyn Progress| {
        if crate::libs::workspace_scope(&p) {
            p.path = contained_dir(ws, p.path.take())?;
            p.not_under = nested_roots();
        }
        crate::libs::search(ws, &p, ws.shape())
    }),
    tool!("map_neighbors", read_only: true, idempotent: true,
    cli: ("neighbors", "The nodes and edges around a node.", ["nodeId"], [("edgeKinds", "edge-kind")]),
    NeighborsParams,
    "Edges around a symbol (calls, imports, uses, extends, implements, contains), 1-3 hops.",
    |ws: &Workspace, p: NeighborsParams, _: &dyn Progress| match crate::libs::neighbors(ws, &p, ws.shape())? {
        Some(a) => Ok(a),
        None => ws.map()?.neighbors(&p, ws.shape()),
    }),
    tool!("map_path", read_only: true, idempotent: true,
    cli: ("path", "A shortest directed path between two nodes.", ["from", "to"], [("edgeKinds", "edge-kind")]),
    PathParams,
    "A shortest chain of edges between two symbols, or \"no path\".",
    |ws: &Workspace, p: PathParams, _: &dyn Progress| ws.map()?.path(&p, ws.shape())),
    tool!("map_status", read_only: true, idempotent: true,
        cli: ("status", "The map's state: counts, last run, stale and skipped files; the watcher and the language servers.", [], []),
        StatusParams,
        "Map, watcher and language-server state: when answers look stale or a server missing.",
        |ws: &Workspace, _: StatusParams, _: &dyn Progress| status(ws)),
    tool!("map_rebuild", read_only: false, idempotent: true,
        cli: ("index", "Build or refresh the map (incremental: only changed files are re-read).", [], []),
        RebuildParams,
        "Re-index now, incrementally (the watcher usually does it).",
        |ws: &Workspace, p: RebuildParams, progress: &dyn Progress| rebuild(ws, &p, progress)),
    tool!("map_changes", read_only: true, idempotent: true,
        cli: ("changes", "What changed since a git ref (default HEAD), symbol by symbol, and what it reaches.", ["ref"], []),
        query::ChangesParams,
        "Review a diff: symbols changed since a git ref (default HEAD), and who calls or uses them.",
        |ws: &Workspace, p: query::ChangesParams, _: &dyn Progress| changes(ws, &p)),
    tool!("map_unused", read_only: true, idempotent: true,
    cli: ("unused", "Symbols nothing in the map reaches: entry points, exported API and overrides kept, untyped calls of each name as candidates.", [], [("kinds", "kind")]),
    query::UnusedParams,
    "Can I delete it: symbols nothing reaches (entry points, exports, overrides kept), each with untyped calls of its name.",
    |ws: &Workspace, mut p: query::UnusedParams, _: &dyn Progress| {
        p.path = contained_dir(ws, p.path.take())?;
        p.not_under = nested_roots();
        ws.map()?.unused(&p)
    }),
    tool!("map_deps", read_only: true, idempotent: true,
        cli: ("deps", "The workspace's installed dependencies (name, version, language, indexed or not); --index NAME or --all indexes them.", [], []),
        crate::libs::DepsParams,
        "Installed dependencies (venv, node_modules, Go module cache, cargo registry), indexed or not; index one or all for map_search scope lib:NAME.",
        |ws: &Workspace, p: crate::libs::DepsParams, _: &dyn Progress| crate::libs::deps_tool(ws, &p)),
    tool!("resolve", read_only: true, idempotent: true,
        cli: ("resolve", "Where a node is now (--node-id), or which node is at a position (--file --line --col).", [], []),
        crate::reconcile::ResolveParams,
        "Where a map symbol is now (nodeId), or which symbol is at file+line+col. Use before editing at a line the map gave.",
        |ws: &Workspace, p: crate::reconcile::ResolveParams, _: &dyn Progress| crate::reconcile::resolve(ws, &p)),
    tool!("locate", read_only: true, idempotent: true,
        cli: ("locate", "A position without counting columns: `FILE:[scope]@[find]`, e.g. 'src/x.py:Cls.m@return <|>result'.", ["locate"], []),
        nav::LocateParams,
        "A position without counting columns: \"<file>:[scope]@[find]\", scope a line, range (10-20) or qualname, find text in it with <|> at the spot. nav_* take it as `locate`.",
        |ws: &Workspace, p: nav::LocateParams, _: &dyn Progress| nav::locate_tool(ws, &p.locate)),
    tool!("nav_definition", read_only: true, idempotent: true,
        cli: ("def", "Where the name at a position is defined.", ["target"], []),
        nav::AtParams,
        "Where the name at a position is defined.",
        |ws: &Workspace, p: nav::AtParams, _: &dyn Progress| nav::definition(ws, &p)),
    tool!("nav_references", read_only: true, idempotent: true,
        cli: ("refs", "Every use of the symbol at a position.", ["target"], []),
        nav::ReferencesParams,
        "Every use of the symbol at a position, not text matches as grep gives; slow on a large repository: narrow with fileFilter.",
        |ws: &Workspace, p: nav::ReferencesParams, _: &dyn Progress| nav::references(ws, &p)),
    tool!("nav_implementations", read_only: true, idempotent: true,
        cli: ("impls", "Implementations of an interface or method; subclasses and overrides.", ["target"], []),
        nav::AtParams,
        "Implementations, subclasses and overrides of the symbol at a position.",
        |ws: &Workspace, p: nav::AtParams, _: &dyn Progress| nav::implementations(ws, &p)),
    tool!("nav_hover", read_only: true, idempotent: true,
        cli: ("hover", "The type, signature and documentation of the name at a position.", ["target"], []),
        nav::AtParams,
        "Type, signature and doc of the name at a position.",
        |ws: &Workspace, p: nav::AtParams, _: &dyn Progress| nav::hover(ws, &p)),
    tool!("nav_calls", read_only: true, idempotent: true,
        cli: ("calls", "Callers (incoming) or callees (outgoing) of the function at a position.", ["target"], []),
        nav::CallsParams,
        "Callers or callees of the function at a position, 1-3 levels.",
        |ws: &Workspace, p: nav::CallsParams, _: &dyn Progress| nav::calls(ws, &p)),
    tool!("nav_outline", read_only: true, idempotent: true,
        cli: ("outline", "The symbols of one file, live.", ["file"], []),
        nav::OutlineParams,
        "The symbols of one file as they are now, with node IDs.",
        |ws: &Workspace, p: nav::OutlineParams, _: &dyn Progress| nav::outline(ws, &p)),
    tool!("nav_source", read_only: true, idempotent: true,
        cli: ("source", "One symbol's current source (read from disk at its range now), by node ID or locate string.", ["target"], []),
        nav::SourceParams,
        "One symbol's source as it is now, by nodeId or locate string; budgeted, cuts said. Instead of reading the whole file.",
        |ws: &Workspace, p: nav::SourceParams, _: &dyn Progress| nav::source(ws, &p)),
    tool!("nav_symbols", read_only: true, idempotent: true,
        cli: ("symbols", "Workspace symbols by name (at least 3 characters), exact names first.", ["query"], []),
        nav::SymbolsParams,
        "Workspace symbols by name from the language servers, exact names first.",
        |ws: &Workspace, p: nav::SymbolsParams, _: &dyn Progress| nav::symbols(ws, &p)),
    tool!("nav_rename", read_only: true, idempotent: true,
        cli: ("rename", "What renaming the symbol at a position would change, as a diff (nothing is written).", ["target"], [("newName", "to")]),
        nav::RenameParams,
        "Preview a rename: edits per file and unified diffs. Never writes; needs a server.",
        |ws: &Workspace, p: nav::RenameParams, _: &dyn Progress| nav::rename(ws, &p)),
    tool!("nav_diagnostics", read_only: true, idempotent: true,
        cli: ("diagnostics", "Errors and warnings of files (or of those changed since --changed REF) from their servers, each in its symbol.", ["files"], []),
        nav::DiagnosticsParams,
        "Errors and warnings of files (or those changed since a git ref), each with the node ID of its symbol. No server: parse errors.",
        |ws: &Workspace, p: nav::DiagnosticsParams, _: &dyn Progress| nav::diagnostics(ws, &p)),
    tool!("nav_check_edit", read_only: true, idempotent: true,
        cli: ("check-edit", "The diagnostics an edit would add and remove, checked by the server in memory (nothing is written).", ["file"], [("edits", "edit")]),
        nav::CheckEditParams,
        "Check an edit before writing it: the diagnostics it would add and remove (newText, edits or a unified diff). Never writes.",
        |ws: &Workspace, p: nav::CheckEditParams, _: &dyn Progress| nav::check_edit(ws, &p)),
];

impl std::fmt::Debug for Tool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

/// The tool of this name.
pub fn find(name: &str) -> Option<&'static Tool> {
    TOOLS.iter().find(|t| t.name == name)
}

/// The JSON schema of a parameter type as tools publish it: one object, subschemas inlined,
/// optional arguments simply left out of `required` rather than typed as nullable. Unknown
/// arguments are refused when called (`deny_unknown_fields`: `BAD_ARGS` naming the field), so
/// the listing leaves out `additionalProperties: false`, 28 bytes of every tool.
fn input_schema<P: JsonSchema>() -> Value {
    let mut v = schema_of::<P>();
    if let Some(o) = v.as_object_mut() {
        o.remove("description");
        o.remove("additionalProperties");
        o.entry("properties").or_insert_with(|| json!({}));
        if let Some(props) = o.get_mut("properties").and_then(Value::as_object_mut) {
            for p in props.values_mut() {
                tidy(p);
            }
            // Every tool takes `project` (described once, in the server's instructions).
            props.insert("project".into(), json!({"type": "string"}));
        }
    }
    v
}

/// One argument's schema as an agent reads it: `{"type": ["string", "null"]}` → `{"type":
/// "string"}`, no `"default": null` or integer `format`, descriptions on one line.
fn tidy(v: &mut Value) {
    let Some(o) = v.as_object_mut() else {
        return;
    };
    if o.get("default").is_some_and(Value::is_null) {
        o.remove("default");
    }
    o.remove("format");
    if let Some(d) = o.get_mut("description") {
        if let Some(text) = d.as_str() {
            *d = Value::String(text.split_whitespace().collect::<Vec<_>>().join(" "));
        }
    }
    if let Some(t) = o.get_mut("type") {
        if let Some(a) = t.as_array() {
            let rest: Vec<Value> = a.iter().filter(|x| *x != "null").cloned().collect();
            if rest.len() == 1 {
                *t = rest[0].clone();
            }
        }
    }
}

/// The schema of every tool's answer, as listed: the envelope's fields by name only. The
/// envelope is described once, in the server's instructions; its full schema repeated under
/// each of 16 tools cost 27 KB of every `tools/list` an agent reads.
pub fn output_schema() -> Value {
    json!({"type": "object"})
}

/// A type's JSON schema as one self-contained object: subschemas inlined, no `$schema`, no
/// `title` (the type's Rust name says nothing to a client).
fn schema_of<T: JsonSchema>() -> Value {
    let settings = schemars::generate::SchemaSettings::draft2020_12().with(|s| {
        s.inline_subschemas = true;
        s.meta_schema = None;
    });
    let mut v = settings
        .into_generator()
        .into_root_schema_for::<T>()
        .to_value();
    if let Some(o) = v.as_object_mut() {
        o.remove("title");
    }
    v
}

/// Run one tool. A workspace set `unbounded` (the CLI's plain text, `rename --output`) answers
/// without a budget; a client's budget never reaches that.
pub fn call(ws: &Workspace, tool: &str, args: &Value, progress: &dyn Progress) -> Envelope {
    call_with_text(ws, tool, args, progress).0
}

/// [`call`], and the answer as plain text for a person (the CLI's), from the tool's typed
/// result: none for an error.
pub fn call_with_text(
    ws: &Workspace,
    tool: &str,
    args: &Value,
    progress: &dyn Progress,
) -> (Envelope, Option<Text>) {
    use answer::envelope::UNBOUNDED;
    ws.new_call();
    let asked = budget_of(args);
    let mut args = args.clone();
    let budget = if ws.unbounded {
        Some(UNBOUNDED)
    } else {
        // A client's budget is never unbounded: the largest is clamped, and said so.
        asked.map(|b| b.min(UNBOUNDED - 1))
    };
    if let (Some(o), Some(b)) = (args.as_object_mut(), budget) {
        if Some(b) != asked {
            o.insert("tokenBudget".into(), json!(b));
        }
    }
    Envelope::with_text(dispatch(ws, tool, &args, progress), budget)
}

fn budget_of(args: &Value) -> Option<u32> {
    args.get("tokenBudget")
        .and_then(Value::as_u64)
        .map(|b| b.min(u32::MAX as u64) as u32)
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
    let Some(t) = find(tool) else {
        let names: Vec<&str> = TOOLS.iter().map(|t| t.name).collect();
        return Err(ToolError::bad_args(format!("unknown tool {tool:?}"))
            .hint(format!("tools: {}", names.join(", "))));
    };
    let Some(name) = args.get("project") else {
        return run_tool(t, ws, args, progress);
    };
    let Some(name) = name.as_str() else {
        return Err(ToolError::bad_args("project must be a string")
            .hint("a project's name or root directory, as map_status lists them"));
    };
    let (project, all) = ws.map()?.project(name)?;
    let scope = ProjectScope {
        nested: all
            .nested(&project)
            .into_iter()
            .map(str::to_string)
            .collect(),
        name: project.name.clone(),
        root: project.root.clone(),
    };
    let mut args = args.clone();
    let o = args
        .as_object_mut()
        .ok_or_else(|| ToolError::bad_args("arguments must be a JSON object"))?;
    o.remove("project");
    // A tool's own directory argument is the project's root, or must lie inside it.
    let schema = (t.schema)();
    let takes = |key: &str| schema.get("properties").and_then(|p| p.get(key)).is_some();
    // A `scope` naming one library (map_search's): its `path` is the library's, no project's.
    let in_lib = o
        .get("scope")
        .and_then(Value::as_str)
        .is_some_and(|s| s.starts_with("lib:"));
    for key in ["path", "focus", "fileFilter"] {
        if !takes(key) || (in_lib && key == "path") {
            continue;
        }
        match o.get(key).and_then(Value::as_str) {
            None if !scope.root.is_empty() => {
                o.insert(key.into(), json!(scope.root));
            }
            Some(dir) if key != "fileFilter" => {
                let rel = contained_dir(ws, Some(dir.to_string()))?.unwrap_or_default();
                if !indexer::project::holds(&scope.root, rel.trim_end_matches('/')) {
                    return Err(ToolError::bad_args(format!(
                        "{key} {dir:?} is outside project {:?} (root {:?})",
                        scope.name,
                        root_shown(&scope.root)
                    ))
                    .hint("leave out `project`, or give a directory inside it"));
                }
            }
            _ => {}
        }
    }
    let outside = files_named(ws, &args)
        .into_iter()
        .filter(|f| !scope.holds(f))
        .collect::<Vec<_>>();
    let mut answer =
        crate::workspace::with_scope(Some(scope.clone()), || run_tool(t, ws, &args, progress))?;
    if !outside.is_empty() {
        answer.warnings.push(format!(
            "{} outside project {:?} (root {:?}): answered as asked",
            outside.join(", "),
            scope.name,
            root_shown(&scope.root)
        ));
    }
    Ok(answer)
}

fn root_shown(root: &str) -> &str {
    if root.is_empty() {
        "."
    } else {
        root
    }
}

/// The roots of the projects nested in the call's project (left out of its scope).
fn nested_roots() -> Vec<String> {
    crate::workspace::current_scope()
        .map(|s| s.nested)
        .unwrap_or_default()
}

/// The workspace-relative files a call's arguments name: node IDs (`nodeId`, `from`, `to`),
/// a locate string's file (as `locate::parse` reads it), `file` and `files` (as
/// `paths::contain` makes them relative; one outside the workspace is the tool's to refuse).
fn files_named(ws: &Workspace, args: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for key in ["nodeId", "from", "to"] {
        if let Some(id) = args.get(key).and_then(Value::as_str) {
            match indexer::id::NodeId::parse(id) {
                Ok(indexer::id::NodeId::File { path, .. })
                | Ok(indexer::id::NodeId::Symbol { path, .. }) => out.push(path),
                _ => {}
            }
        }
    }
    let rel = |f: &str| crate::paths::contain(&ws.root, f).ok().map(|c| c.rel);
    if let Some(l) = args.get("locate").and_then(Value::as_str) {
        out.extend(crate::locate::parse(l).ok().and_then(|l| rel(&l.file)));
    }
    out.extend(args.get("file").and_then(Value::as_str).and_then(rel));
    if let Some(fs) = args.get("files").and_then(Value::as_array) {
        out.extend(fs.iter().filter_map(Value::as_str).filter_map(rel));
    }
    out.sort();
    out.dedup();
    out
}

/// Run a tool's handler; with `includeBody`, the list gets half the budget (all of a small
/// one) and the bodies of the symbols it names the rest (`nav::attach_bodies`).
fn run_tool(
    t: &Tool,
    ws: &Workspace,
    args: &Value,
    progress: &dyn Progress,
) -> Result<Answer, ToolError> {
    if args.get("includeBody") != Some(&Value::Bool(true)) {
        return (t.run)(ws, args, progress);
    }
    let budget = answer::envelope::clamp_budget(budget_of(args));
    let mut listed = args.clone();
    if budget != answer::envelope::UNBOUNDED {
        listed["tokenBudget"] = json!((budget / 2).max(budget.min(600)));
    }
    let mut a = (t.run)(ws, &listed, progress)?;
    nav::attach_bodies(ws, &mut a, budget);
    Ok(a)
}

fn status(ws: &Workspace) -> Result<Answer, ToolError> {
    let mut answer = ws.map()?.status()?;
    let servers = ws.supervisor().status();
    answer.data["servers"] = json!(servers);
    if let Some(w) = ws.watch.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
        answer.data["watcher"] = json!(w);
    }
    let engine = ws.engine.as_ref().map(|e| e.status());
    if let Some(e) = &engine {
        answer.data["engine"] = json!(e);
    }
    let map = std::mem::replace(&mut answer.text, Text::new(String::new));
    answer.text = Text::new(move || {
        let mut out = map.render();
        servers.iter().for_each(|s| out.push_str(&s.text()));
        if let Some(e) = &engine {
            out.push_str(&e.text());
        }
        out
    });
    Ok(answer)
}

/// `map_status`'s arguments: none but the budget.
#[derive(serde::Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StatusParams {
    #[serde(default)]
    #[allow(dead_code)]
    #[schemars(schema_with = "answer::envelope::budget_schema")]
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

/// `map_rebuild`'s arguments.
#[derive(serde::Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RebuildParams {
    /// Only this directory.
    #[serde(default)]
    scope: Option<String>,
    /// Generated code (build output, compiled copies, bundles) in or out; remembered.
    #[serde(default)]
    include_generated: Option<bool>,
    #[serde(default)]
    #[allow(dead_code)]
    #[schemars(schema_with = "answer::envelope::budget_schema")]
    token_budget: Option<u32>,
}

fn rebuild(
    ws: &Workspace,
    p: &RebuildParams,
    progress: &dyn Progress,
) -> Result<Answer, ToolError> {
    let mut opts = ws.index_options();
    opts.scope = contained_dir(ws, p.scope.clone())?;
    opts.include_generated = p.include_generated;
    let stats = {
        let _writing = ws.writing();
        index::run(&opts, progress)
    }
    .map_err(|e| match e {
        index::IndexError::Walk(w) => ToolError::bad_args(w.to_string()),
        other => ToolError::internal(other),
    })?;
    let warnings = stats.warnings.clone();
    Ok(Answer {
        data: json!(stats),
        dropped: None,
        warnings,
        text: Text::new(move || rebuild_text(&stats)),
    })
}

/// What `codemap watch` prints for one run (in its own process, or sent by the engine):
/// its stats as a JSON line (`json`) or `map_rebuild`'s text; a failure on standard error.
pub fn run_printed(json: bool, r: &Result<index::IndexStats, String>) -> crate::print::Printed {
    let (stdout, stderr, code) = match r {
        Ok(s) if json => (format!("{}\n", json!(s)), String::new(), 0),
        Ok(s) => (rebuild_text(s), String::new(), 0),
        Err(e) => (String::new(), format!("error: re-index failed: {e}\n"), 1),
    };
    crate::print::Printed {
        stdout,
        stderr,
        code,
    }
}

/// `map_rebuild`'s plain text: what the run read and wrote.
pub(crate) fn rebuild_text(st: &index::IndexStats) -> String {
    let totals = match (st.symbols, st.edges) {
        (Some(sy), Some(e)) => format!("{sy} symbols, {e} edges"),
        _ => format!(
            "{} symbols and {} edges written",
            st.symbols_written, st.edges_written
        ),
    };
    format!(
        "indexed {} files ({} extracted, {} unchanged content, {} deleted, {} skipped, {} with parse errors): {totals} in {:.2}s ({})\n",
        st.files, st.extracted, st.touched, st.deleted, st.skipped, st.parse_errors, st.seconds, st.mode
    )
}

/// For callers that need the query layer's node-ID check.
pub fn check_node_id(id: &str) -> Result<(), ToolError> {
    query::parse_node_id(id).map(|_| ())
}

/// `map_changes`: the change set from git, both versions of each file it has in a language
/// the map reads extracted in memory and compared ([`indexer::diff`]), then the impact from
/// the map.
fn changes(ws: &Workspace, p: &query::ChangesParams) -> Result<Answer, ToolError> {
    use indexer::extract::{Extractor, Worker, DEFAULT_PARSE_BOUND};
    use indexer::lang::Lang;
    let git_ref = p.git_ref.as_deref().unwrap_or("HEAD");
    let path = contained_dir(ws, p.path.clone())?;
    let mut set = crate::git::change_set(&ws.root, git_ref, path.as_deref())?;
    let ex = Extractor::shared()
        .map_err(|e| ToolError::new(answer::envelope::ErrorCode::Internal, e))?;
    let mut worker = Worker::bounded(DEFAULT_PARSE_BOUND);
    let max = ws.max_file_size.unwrap_or(index::DEFAULT_MAX_FILE_SIZE) as usize;
    // Why a version is not compared, if it is not.
    let unreadable = |b: &[u8]| {
        if b.len() > max {
            Some(format!("larger than {max} bytes"))
        } else if b.contains(&0) {
            Some("binary".to_string())
        } else {
            None
        }
    };
    // Each file's index in the set, language, path, and its bytes at the ref and now.
    type Versions = (usize, Lang, String, Option<Vec<u8>>, Option<Vec<u8>>);
    let mut versions: Vec<Versions> = Vec::new();
    for (i, f) in set.files.iter_mut().enumerate() {
        if f.lang.is_none() {
            continue;
        }
        let mut why = None;
        let old = set.old.get(&f.path).cloned();
        let new = match f.status {
            "deleted" => None,
            _ => match std::fs::read(ws.root.join(&f.path)) {
                Ok(b) => Some(b),
                Err(e) => {
                    why = Some(format!("unreadable: {e}"));
                    None
                }
            },
        };
        let mut keep = |b: Option<Vec<u8>>| {
            b.and_then(|b| match unreadable(&b) {
                Some(w) => {
                    why.get_or_insert(w);
                    None
                }
                None => Some(b),
            })
        };
        let (old, new) = (keep(old), keep(new));
        // One version alone would read as every symbol added or removed.
        if why.is_some() {
            f.unread = why;
            continue;
        }
        let head = new.as_deref().or(old.as_deref()).unwrap_or_default();
        let head = &head[..head.len().min(Lang::SNIFF_BYTES)];
        let Some(lang) = Lang::of_text(std::path::Path::new(&f.path), head) else {
            continue;
        };
        versions.push((i, lang, f.path.clone(), old, new));
    }
    let mut extracts: Vec<_> = versions
        .iter()
        .map(|(_, lang, path, old, new)| {
            let mut read =
                |b: &Option<Vec<u8>>| b.as_ref().map(|b| ex.extract(&mut worker, *lang, path, b));
            (read(old), read(new))
        })
        .collect();
    // A parse stopped by the bound extracted nothing: that version is not compared either.
    for ((i, ..), (oe, ne)) in versions.iter().zip(extracts.iter_mut()) {
        let f = &mut set.files[*i];
        if [&*oe, &*ne]
            .iter()
            .any(|e| e.as_ref().is_some_and(|e| e.stopped))
        {
            (*oe, *ne) = (None, None);
            f.unread = Some("its parse passed the per-file time bound".into());
        }
        f.parse_errors = ne.as_ref().is_some_and(|e| e.parse_error);
    }
    let mut diff = Vec::new();
    for lang in Lang::ALL {
        let files: Vec<indexer::diff::FileVersions<'_>> = versions
            .iter()
            .zip(&extracts)
            .filter(|((_, l, ..), _)| *l == lang)
            .map(
                |((_, _, path, old, new), (oe, ne))| indexer::diff::FileVersions {
                    path,
                    old: old.as_deref().zip(oe.as_ref()),
                    new: new.as_deref().zip(ne.as_ref()),
                },
            )
            .collect();
        if !files.is_empty() {
            diff.extend(indexer::diff::diff(&files).into_iter().map(|c| (lang, c)));
        }
    }
    let label = format!("{git_ref} ({})", &set.commit[..set.commit.len().min(12)]);
    ws.map()?.changes(p, &label, &set.files, &diff)
}
