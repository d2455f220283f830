//! `codemap serve`: the tools over the Model Context Protocol (stdio), on the official Rust SDK.
//!
//! Every tool call runs `tools::call` on a blocking thread (SQLite and language servers block),
//! so calls run concurrently: a 30-second references request does not hold up a `map_search`.
//! The answer is SPEC's envelope, as structured content and as its JSON text, byte for byte what
//! `codemap --json` prints; a tool error is an `isError` result carrying `{code, message, hint}`,
//! never a protocol error or a dropped connection.

use crate::tools::{self, Workspace};
use indexer::index::NoProgress;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ErrorData, Implementation,
    ListToolsResult, PaginatedRequestParams, ProgressNotificationParam, ServerCapabilities,
    ServerConfig, Tool,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ServerHandler, ServiceExt};
use serde_json::{json, Value};
use std::sync::Arc;

const POSITION: &str = "A position is one of: {file, line, col} (1-based line, 1-based character column), nodeId (e.g. \"py:src/app.py#App.run\"), or locate (\"<file>:[scope]@[find]\", e.g. \"src/app.py:App.run@return <|>result\": no column counting).";

fn position_props() -> Value {
    json!({
        "file": {"type": "string", "description": "Workspace-relative path."},
        "line": {"type": "integer", "minimum": 1, "description": "1-based line."},
        "col": {"type": "integer", "minimum": 1, "description": "1-based character (code point) column."},
        "nodeId": {"type": "string", "description": "A node ID from the map, e.g. \"go:net/http/server.go#Server.Serve\"."},
        "locate": {"type": "string", "description": "\"<file>:[scope]@[find]\": scope is a line (42), range (10-20) or qualname (Cls.method); find is text in that scope with an optional <|> marker for the exact spot."},
        "tokenBudget": {"type": "integer", "minimum": 100, "maximum": 10000, "description": "Upper bound on the answer's size in tokens (default 2000); past it the list is truncated and `dropped` says how to narrow."},
    })
}

fn budget() -> Value {
    json!({"type": "integer", "minimum": 100, "maximum": 10000, "description": "Upper bound on the answer's size in tokens (default 2000)."})
}

fn schema(props: Value, required: &[&str]) -> Value {
    json!({"type": "object", "properties": props, "required": required, "additionalProperties": false})
}

fn with_position(extra: Value) -> Value {
    let mut p = position_props();
    if let (Some(p), Some(e)) = (p.as_object_mut(), extra.as_object()) {
        for (k, v) in e {
            p.insert(k.clone(), v.clone());
        }
    }
    schema(p, &[])
}

/// Every tool: name, what it is for (written for an agent), input schema.
pub fn tool_defs() -> Vec<(&'static str, String, Value)> {
    let kinds = json!({"type": "array", "items": {"type": "string", "enum": ["package", "module", "class", "struct", "interface", "type", "function", "method", "field", "variable", "constant"]}});
    let edge_kinds = json!({"type": "array", "items": {"type": "string", "enum": ["contains", "imports", "calls", "extends", "implements"]}});
    vec![
        ("map_overview",
         "Start here in an unfamiliar repository: clusters of related files (communities of the file graph) with their hub symbols, and the most central symbols overall. From the map, offline, milliseconds. `focus` limits it to a directory.".into(),
         schema(json!({"focus": {"type": "string", "description": "A workspace-relative directory to look inside."},
                       "hubsPerCluster": {"type": "integer", "minimum": 1, "maximum": 20},
                       "tokenBudget": budget()}), &[])),
        ("map_search",
         "Find definitions by name in the map (not text search: comments and strings never match). Ranked: exact name > qualname suffix (\"Server.Serve\") > prefix > camelCase/snake_case word part > substring > fuzzy; ties by hub score. Offline, about a millisecond. Use it before grep; then `resolve` a hit for its live position.".into(),
         schema(json!({"query": {"type": "string", "description": "A name, part of one, or a qualname suffix."},
                       "kinds": kinds, "lang": {"type": "string", "enum": indexer::Lang::prefixes()},
                       "path": {"type": "string", "description": "Only under this workspace-relative path."},
                       "limit": {"type": "integer", "minimum": 1, "maximum": 200},
                       "tokenBudget": budget()}), &["query"])),
        ("map_neighbors",
         "What a symbol touches and what touches it, from the map: contains, imports, calls, extends, implements edges, out/in/both, 1-3 hops. Offline, milliseconds; for exact type-aware references use nav_references.".into(),
         schema(json!({"nodeId": {"type": "string"}, "edgeKinds": edge_kinds.clone(),
                       "direction": {"type": "string", "enum": ["out", "in", "both"]},
                       "depth": {"type": "integer", "minimum": 1, "maximum": 3},
                       "limit": {"type": "integer", "minimum": 1, "maximum": 200},
                       "tokenBudget": budget()}), &["nodeId"])),
        ("map_path",
         "A shortest directed path between two symbols over the map's edges (e.g. how a handler reaches the database), or a clear \"no path\". Offline.".into(),
         schema(json!({"from": {"type": "string"}, "to": {"type": "string"}, "edgeKinds": edge_kinds,
                       "maxDepth": {"type": "integer", "minimum": 1, "maximum": 6},
                       "tokenBudget": budget()}), &["from", "to"])),
        ("map_status",
         "The map's state (counts, last run, stale and skipped files), the watcher's, and each language server's (ready, failed with its stderr tail, stopped-idle). Call it when answers look stale or a server seems missing.".into(),
         schema(json!({"tokenBudget": budget()}), &[])),
        ("map_rebuild",
         "Re-index now (incremental: only changed files are re-read); the watcher usually does this by itself. `scope` limits it to a directory.".into(),
         schema(json!({"scope": {"type": "string"}, "tokenBudget": budget()}), &[])),
        ("resolve",
         "Where a map symbol is NOW (nodeId → live location, mapStale/relocated flags), or which symbol is at a position ({file, line, col} → nodeId, enclosing symbols, inMap). Call it before editing at a line you got from the map. Uses the language server when it runs, else a fresh parse of the file (source: \"parse\").".into(),
         schema(json!({"nodeId": {"type": "string"}, "file": {"type": "string"},
                       "line": {"type": "integer", "minimum": 1}, "col": {"type": "integer", "minimum": 1},
                       "tokenBudget": budget()}), &[])),
        ("locate",
         format!("Turn a description into an exact position without counting columns: \"<file>:[scope]@[find]\". Identifiers match whole; a space needs a space; punctuation any spacing; <|> marks the spot. Errors LOCATE_NO_MATCH / LOCATE_AMBIGUOUS (with the candidate lines) rather than guessing. {POSITION}"),
         schema(json!({"locate": {"type": "string"}, "tokenBudget": budget()}), &["locate"])),
        ("nav_definition",
         format!("Where the name at a position is defined (language server; without one, the map, labelled source: \"map\"). {POSITION}"),
         with_position(json!({}))),
        ("nav_references",
         format!("Every use of the symbol at a position (language server, can take seconds on a large repository; without one, the map's edges). Narrow with fileFilter. {POSITION}"),
         with_position(json!({"includeDeclaration": {"type": "boolean"},
                              "fileFilter": {"type": "string", "description": "A path prefix or glob, e.g. \"src/auth\" or \"**/*_test.go\"."}}))),
        ("nav_implementations",
         format!("Implementations of an interface or interface method; subclasses and overriding methods (pyright has none: answered from the map's implements/extends edges). {POSITION}"),
         with_position(json!({}))),
        ("nav_hover",
         format!("Type, signature and documentation of the name at a position (without a server: the parse-time signature and doc from the map). {POSITION}"),
         with_position(json!({}))),
        ("nav_calls",
         format!("Callers (incoming) or callees (outgoing) of the function at a position, 1-3 levels (call hierarchy; without a server, incoming from references and outgoing from the map's call edges, labelled). {POSITION}"),
         with_position(json!({"direction": {"type": "string", "enum": ["incoming", "outgoing"]},
                              "depth": {"type": "integer", "minimum": 1, "maximum": 3}}))),
        ("nav_outline",
         "The symbols of one file as they are now (language server, or a live parse), with node IDs and positions.".into(),
         schema(json!({"file": {"type": "string"}, "tokenBudget": budget()}), &["file"])),
        ("nav_symbols",
         "Workspace symbols by name from the language servers (at least 3 characters), exact names first; without servers, map_search.".into(),
         schema(json!({"query": {"type": "string", "minLength": 3}, "limit": {"type": "integer", "minimum": 1, "maximum": 200},
                       "tokenBudget": budget()}), &["query"])),
        ("nav_rename",
         format!("What renaming the symbol at a position would change: a unified diff per file and a summary. Never writes. Needs a language server. {POSITION}"),
         with_position(json!({"newName": {"type": "string"}}))),
    ]
}

#[derive(Clone)]
pub struct Codemap {
    ws: Workspace,
    tools: Arc<Vec<Tool>>,
}

impl Codemap {
    pub fn new(ws: Workspace) -> Codemap {
        let tools = tool_defs()
            .into_iter()
            .filter_map(|(name, desc, schema)| {
                let obj = schema.as_object()?.clone();
                Some(Tool::new(name, desc, Arc::new(obj)))
            })
            .collect();
        Codemap {
            ws,
            tools: Arc::new(tools),
        }
    }
}

impl ServerHandler for Codemap {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("codemap", env!("CARGO_PKG_VERSION")))
            .with_instructions(
                "codemap: a symbol map of this Go/Python repository and live language servers. \
                 Typical loop: map_overview (once) → map_search for a name → resolve the hit's nodeId \
                 for its live position → nav_* (references, definition, calls) at it, using locate \
                 strings instead of counting columns. Every answer is an envelope \
                 {ok, data, tokenBudget, truncated, dropped, warnings} or {ok: false, error: {code, message, hint}}.",
            )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.tools.as_ref().clone()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        // The first build of the map: wait for it, telling a client that asked for progress.
        if let Some(fb) = &self.ws.first_build {
            let token = context.meta.get_progress_token();
            while !fb.finished() {
                if let Some(t) = &token {
                    let done = fb.done.load(std::sync::atomic::Ordering::Relaxed) as f64;
                    let total = fb.total.load(std::sync::atomic::Ordering::Relaxed) as f64;
                    let mut p = ProgressNotificationParam::new(t.clone(), done);
                    if total > 0.0 {
                        p = p.with_total(total);
                    }
                    let _ = context
                        .peer
                        .notify_progress(p.with_message("building the map (first run)"))
                        .await;
                }
                tokio::time::sleep(std::time::Duration::from_millis(250)).await;
            }
        }
        let ws = self.ws.clone();
        let name = request.name.to_string();
        let args = request
            .arguments
            .map(Value::Object)
            .unwrap_or_else(|| json!({}));
        let env = tokio::task::spawn_blocking(move || tools::call(&ws, &name, &args, &NoProgress))
            .await
            .map_err(|e| ErrorData::internal_error(format!("the tool panicked: {e}"), None))?;
        let value = serde_json::to_value(&env)
            .map_err(|e| ErrorData::internal_error(format!("cannot serialize: {e}"), None))?;
        Ok(if env.ok {
            CallToolResult::structured(value)
        } else {
            CallToolResult::structured_error(value)
        }
        .into())
    }
}

/// Serve MCP on stdin/stdout until the client goes away: the map is brought up to date first
/// (built if missing: tool calls wait for it, with progress notifications), and the watcher
/// keeps it fresh.
pub fn serve(mut ws: Workspace) -> anyhow::Result<()> {
    let fb = std::sync::Arc::new(crate::tools::FirstBuild::default());
    ws.first_build = Some(fb.clone());
    {
        let ws = ws.clone();
        std::thread::spawn(move || {
            let mut opts = indexer::index::IndexOptions::new(ws.root.clone());
            opts.db = Some(ws.db.clone());
            opts.exclude = ws.exclude.clone();
            let r = indexer::index::run(&opts, fb.as_ref())
                .map(|_| ())
                .map_err(|e| e.to_string());
            if let Err(e) = &r {
                tracing::error!("the first index run failed: {e}");
            }
            fb.finish(r);
        });
    }
    let _watcher = match crate::watch::start(&ws, None) {
        Ok(w) => Some(w),
        Err(e) => {
            tracing::warn!(
                "no watcher: {e}; answers still mark changed files stale by a stat check"
            );
            None
        }
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .worker_threads(2)
        .max_blocking_threads(16)
        .build()?;
    rt.block_on(async move {
        let server = Codemap::new(ws).serve(rmcp::transport::stdio()).await?;
        server.waiting().await?;
        anyhow::Ok(())
    })
}
