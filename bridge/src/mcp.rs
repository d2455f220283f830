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
        }
    }
}

impl ServerHandler for Codemap {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("codemap", env!("CARGO_PKG_VERSION")))
            .with_instructions(format!(
                "codemap: a symbol map of this repository ({}) and live language servers. \
                 Loop: map_overview once; map_search for a name; resolve the hit's nodeId for where it \
                 is now; nav_* at it. A position is a nodeId (\"py:src/app.py#App.run\"), a locate \
                 string (\"src/app.py:App.run@return <|>result\": no column counting), or file+line+col \
                 (1-based, columns in characters). nav_* ask the language server and fall back to the \
                 map, saying so (source, warnings). Every tool takes tokenBudget (default 2000, \
                 100..10000) and answers {{ok, data, tokenBudget, truncated, dropped, warnings}} or \
                 {{ok: false, error: {{code, message, hint}}}}. Answers are compact: \"at\" is \
                 \"line:col\", \"end\" the last line, anchors are grouped by file, what a nodeId says \
                 and default values are left out.",
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
        let mut result = if env.ok {
            CallToolResult::structured(value)
        } else {
            CallToolResult::structured_error(value)
        };
        // The text is the envelope byte for byte as `codemap --json` prints it (fields in
        // the envelope's order), not the structured value re-serialized with sorted keys.
        result.content = vec![rmcp::model::ContentBlock::text(env.to_json())];
        Ok(result.into())
    }
}

/// Serve MCP on stdin/stdout until the client goes away: the map is brought up to date first
/// (built if missing: tool calls wait for it, with progress notifications), and the watcher
/// keeps it fresh.
pub fn serve(mut ws: Workspace) -> anyhow::Result<()> {
    let fb = std::sync::Arc::new(crate::workspace::FirstBuild::default());
    ws.first_build = Some(fb.clone());
    {
        let ws = ws.clone();
        std::thread::spawn(move || {
            let r = indexer::index::run(&ws.index_options(), fb.as_ref())
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
