//! `codemap serve`: the tools over the Model Context Protocol (stdio), on the official Rust SDK.
//!
//! Every tool call runs on a blocking thread (SQLite and language servers block), so calls run
//! concurrently: a 30-second references request does not hold up a `map_search`. By default it
//! is relayed to the workspace's engine (`crate::engine`), which every session and CLI command
//! on the workspace shares; with `--no-daemon` (or a server option of the session's own) it
//! runs `tools::call` in this process.
//! The answer is SPEC's envelope, as structured content and as its JSON text, byte for byte what
//! `codemap --json` prints; a tool error is an `isError` result carrying `{code, message, hint}`,
//! never a protocol error or a dropped connection.

use crate::tools::{self, Workspace};
use indexer::index::NoProgress;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ErrorData, Implementation,
    ListToolsResult, PaginatedRequestParams, ProgressNotificationParam, ServerCapabilities,
    ServerConfig, Tool, ToolAnnotations,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ServerHandler, ServiceExt};
use serde_json::{json, Value};
use std::sync::Arc;

/// The MCP listing of one declared tool: its schema, title, annotations and the envelope as
/// its output schema.
fn listed(t: &tools::Tool, output: &Arc<rmcp::model::JsonObject>) -> Tool {
    let input = match (t.schema)() {
        Value::Object(o) => o,
        _ => Default::default(),
    };
    // Every byte here is read by the agent before its first call (`tools/list` < 8 KB): no
    // `title` (the name is what an agent calls), hints only where they differ from what a
    // client assumes; the envelope and the position forms are described once, in the
    // instructions.
    Tool::new(t.name, t.description, Arc::new(input))
        .with_raw_output_schema(output.clone())
        .with_annotations(
            // Destructive and idempotent mean something only for a tool that writes.
            if t.read_only {
                ToolAnnotations::new().read_only(true)
            } else {
                ToolAnnotations::new()
                    .read_only(false)
                    .destructive(false)
                    .idempotent(t.idempotent)
                    .open_world(false)
            },
        )
}

#[derive(Clone)]
pub struct Codemap {
    ws: Workspace,
    tools: Arc<Vec<Tool>>,
    /// Tool calls relayed to the workspace's engine, when it is used.
    relay: Option<Arc<Relay>>,
}

impl Codemap {
    pub fn new(ws: Workspace) -> Codemap {
        let output = Arc::new(match tools::output_schema() {
            Value::Object(o) => o,
            _ => Default::default(),
        });
        let tools = tools::TOOLS.iter().map(|t| listed(t, &output)).collect();
        Codemap {
            ws,
            tools: Arc::new(tools),
            relay: None,
        }
    }
}

impl ServerHandler for Codemap {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("codemap", env!("CARGO_PKG_VERSION")))
            .with_instructions(format!(
                "codemap: a symbol map of this repository ({}) and live language servers. \
                 Prefer it to grep/find for code structure: where a name is defined (map_search), \
                 who calls or uses it (nav_references, map_neighbors), what implements it, what a \
                 change affects (map_changes); they skip comments and strings and follow imports. \
                 Keep text search for text (messages, TODOs, config values). \
                 Loop: map_overview once; map_search for a name; resolve the hit's nodeId for where it \
                 is now; nav_* at it. A position is a nodeId (\"py:src/app.py#App.run\"), a locate \
                 string (\"src/app.py:App.run@return <|>result\": no column counting), or file+line+col \
                 (1-based, columns in characters). nav_* ask the language server and fall back to the \
                 map, saying so (source, warnings). Every tool takes tokenBudget (default 2000, \
                 100..10000) and answers {{ok, data, tokenBudget, truncated, dropped, warnings}} or \
                 {{ok: false, error: {{code, message, hint}}}}. Answers are compact: \"at\" is \
                 \"line:col\", \"end\" the last line, anchors are grouped by file, what a nodeId says \
                 and default values are left out. In a workspace of several projects (map_status \
                 lists them) hits carry `project`, and every tool takes `project` (a name or root) \
                 to keep to one.",
                indexer::Lang::ALL.map(indexer::Lang::name).join(", ")
            ))
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
        // Through the engine: its first build, with progress from its state while it runs
        // (the call itself waits for it in the engine).
        if let (Some(r), Some(t)) = (&self.relay, context.meta.get_progress_token()) {
            loop {
                let r = r.clone();
                let build = tokio::task::spawn_blocking(move || r.build())
                    .await
                    .ok()
                    .flatten();
                let Some((done, total)) = build else { break };
                let mut p = ProgressNotificationParam::new(t.clone(), done as f64);
                if total > 0 {
                    p = p.with_total(total as f64);
                }
                let _ = context
                    .peer
                    .notify_progress(p.with_message("building the map (first run)"))
                    .await;
                tokio::time::sleep(std::time::Duration::from_millis(250)).await;
            }
        }
        let ws = self.ws.clone();
        let relay = self.relay.clone();
        let name = request.name.to_string();
        let args = request
            .arguments
            .map(Value::Object)
            .unwrap_or_else(|| json!({}));
        // The envelope's JSON text, from the engine or made here (also when the engine cannot
        // be reached: said in the log).
        let text = tokio::task::spawn_blocking(move || {
            if let Some(r) = &relay {
                match r.call(&ws, name.clone(), args.clone()) {
                    Ok(text) => return text,
                    Err(why) => tracing::warn!("engine: {why}; answered in this process"),
                }
            }
            tools::call(&ws, &name, &args, &NoProgress).to_json()
        })
        .await
        .map_err(|e| ErrorData::internal_error(format!("the tool panicked: {e}"), None))?;
        let value: Value = serde_json::from_str(&text)
            .map_err(|e| ErrorData::internal_error(format!("not an envelope: {e}"), None))?;
        let mut result = if value["ok"] == true {
            CallToolResult::structured(value)
        } else {
            CallToolResult::structured_error(value)
        };
        // The text is the envelope byte for byte as `codemap --json` prints it (fields in
        // the envelope's order), not the structured value re-serialized with sorted keys.
        result.content = vec![rmcp::model::ContentBlock::text(text)];
        Ok(result.into())
    }
}

/// Serve MCP on stdin/stdout until the client goes away. With `engine`, tool calls are
/// relayed to the workspace's engine, which keeps the map fresh (its first build, its watcher)
/// and the servers warm for every session; else (or when no engine can be used) the map is
/// brought up to date here first (built if missing: tool calls wait for it, with progress
/// notifications), and the watcher keeps it fresh.
pub fn serve(mut ws: Workspace, engine: bool) -> anyhow::Result<()> {
    let relay = engine.then(|| Relay::open(&ws)).flatten();
    let _watcher = if relay.is_none() {
        let (fb, watcher) = crate::watch::keep_fresh(&ws, None);
        ws.first_build = Some(fb);
        watcher
    } else {
        None
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .worker_threads(2)
        .max_blocking_threads(16)
        .build()?;
    rt.block_on(async move {
        let mut handler = Codemap::new(ws);
        handler.relay = relay.map(Arc::new);
        let server = handler.serve(rmcp::transport::stdio()).await?;
        server.waiting().await?;
        anyhow::Ok(())
    })
}

/// An MCP session's link to its workspace's engine: the map file by its absolute path, and a
/// connection held open (the engine counts the session as a client, so it does not stop while
/// the session lasts; it is taken again when the engine is replaced).
pub struct Relay {
    root: std::path::PathBuf,
    db: std::path::PathBuf,
}

impl Relay {
    /// The engine for this session, started if needed, keeping the map fresh; `None` (said on
    /// stderr) when it cannot be used.
    fn open(ws: &Workspace) -> Option<Relay> {
        use crate::engine::client;
        let db = std::path::absolute(&ws.db).unwrap_or_else(|_| ws.db.clone());
        let relay = Relay {
            root: ws.root.clone(),
            db,
        };
        match client::session(&relay.root, &relay.db) {
            Ok(conn) => {
                let (root, db) = (relay.root.clone(), relay.db.clone());
                let _ = std::thread::Builder::new()
                    .name("codemap-session".into())
                    .spawn(move || client::hold_session(conn, &root, &db));
                Some(relay)
            }
            Err(why) => {
                eprintln!("warning: engine: {why}; serving in this process");
                None
            }
        }
    }

    /// The engine's first build while it runs: (files done, files in all); `None` once it is
    /// over, or when no engine answers.
    fn build(&self) -> Option<(u64, u64)> {
        use crate::engine::protocol::{Reply, Request};
        let mut conn = crate::engine::client::running(&self.root, &self.db).ok()??;
        let Ok(Reply::Info { engine }) = conn.ask(&Request::Info) else {
            return None;
        };
        let b = &engine["build"];
        if b["finished"] != false {
            return None;
        }
        Some((b["done"].as_u64()?, b["total"].as_u64()?))
    }

    /// One tool call answered by the engine: the envelope's JSON text, or why not.
    fn call(&self, ws: &Workspace, tool: String, args: Value) -> Result<String, String> {
        let call = crate::engine::protocol::Call {
            tool,
            args,
            json: true,
            detail: ws.detail,
            unbounded: false,
            session: true,
            env: indexer::lang::process_call_env(),
        };
        let p = crate::engine::client::call(&self.root, &self.db, call)?;
        Ok(p.stdout.trim_end_matches('\n').to_string())
    }
}
