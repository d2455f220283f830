//! The nav tools' warm latency against the bare LSP request each wraps, and their fallbacks
//! (bench/run calls this).
//!
//!     nav_bench ROOT LANG [N] [--fallback-only]
//!
//! Positions: N call sites the map resolved (for definition, hover, references) and N
//! function names (for calls and implementations), spread over the map. Each tool is called
//! once to warm up and then timed per position; the bare request is the same LSP method at
//! the same position on the same running server. `--fallback-only` skips the server (for the
//! whole standard libraries, where starting gopls and pyright on everything is not the point).

use bridge::lsp::{self, Capability, Server};
use bridge::paths::{contain, Contained};
use bridge::tools::{self, Workspace};
use indexer::index::NoProgress;
use indexer::lang::Lang;
use indexer::model::Pos;
use lsp_types::request::{
    CallHierarchyPrepare, GotoDefinition, GotoImplementation, HoverRequest, References,
};
use lsp_types::{
    CallHierarchyPrepareParams, GotoDefinitionParams, ReferenceContext, ReferenceParams,
};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The LSP request a tool wraps, asked bare at a position (nav_calls is two requests:
/// prepare, then the outgoing calls of the item).
fn bare_request(server: &Server, method: &str, c: &Contained, text: &str, pos: Pos) {
    let timeout = Some(Duration::from_secs(30));
    let plain = |at| GotoDefinitionParams {
        text_document_position_params: at,
        work_done_progress_params: Default::default(),
        partial_result_params: Default::default(),
    };
    match method {
        "textDocument/definition" => {
            let _ = server.at::<GotoDefinition>(c, text, pos, plain, timeout);
        }
        "textDocument/hover" => {
            let _ = server.at::<HoverRequest>(c, text, pos, lsp::hover_params, timeout);
        }
        "textDocument/references" => {
            let refs = |at| ReferenceParams {
                text_document_position: at,
                context: ReferenceContext {
                    include_declaration: false,
                },
                work_done_progress_params: Default::default(),
                partial_result_params: Default::default(),
            };
            let _ = server.at::<References>(c, text, pos, refs, timeout);
        }
        "textDocument/implementation" => {
            let _ = server.at::<GotoImplementation>(c, text, pos, plain, timeout);
        }
        _ => {
            let prepare = |at| CallHierarchyPrepareParams {
                text_document_position_params: at,
                work_done_progress_params: Default::default(),
            };
            let items = server.at::<CallHierarchyPrepare>(c, text, pos, prepare, timeout);
            if let Some(item) = items.ok().flatten().and_then(|i| i.into_iter().next()) {
                let _ = server.calls(item, false, Duration::from_secs(30));
            }
        }
    }
}

fn p50(v: &mut [Duration]) -> f64 {
    pct(v, 0.5)
}

fn pct(v: &mut [Duration], p: f64) -> f64 {
    v.sort();
    if v.is_empty() {
        return f64::NAN;
    }
    v[((v.len() as f64 - 1.0) * p).round() as usize].as_secs_f64() * 1000.0
}

type Spot = (String, u32, u32);

/// Call sites whose edge's target `IS NOT NULL` (resolved) or `IS NULL` (not placed): the
/// leaf name of each call, found in the line's text from the edge's column on (an edge stands
/// at the leaf already, in Go and in Python; this bench had added the written prefix's length
/// again, which pointed past the name).
fn call_sites(
    conn: &rusqlite::Connection,
    root: &std::path::Path,
    lang: Lang,
    target: &str,
    texts: &mut HashMap<String, Vec<String>>,
) -> anyhow::Result<Vec<Spot>> {
    let mut st = conn.prepare(&format!(
        "SELECT f.path, e.line, e.col, e.target_name FROM all_edges e JOIN files f ON f.id = e.file_id \
         WHERE e.kind = 'calls' AND e.target {target} AND f.lang = ?1 ORDER BY f.path, e.line"
    ))?;
    let rows: Vec<(String, u32, u32, String)> = st
        .query_map([lang.prefix()], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
        })?
        .collect::<Result<_, _>>()?;
    let mut calls: Vec<Spot> = Vec::new();
    for (path, line, col, name) in rows {
        let lines = texts.entry(path.clone()).or_insert_with(|| {
            std::fs::read_to_string(root.join(&path))
                .unwrap_or_default()
                .lines()
                .map(str::to_string)
                .collect()
        });
        let leaf: Vec<char> = indexer::model::leaf_of(&name).chars().collect();
        let Some(text) = lines.get(line.saturating_sub(1) as usize) else {
            continue;
        };
        let chars: Vec<char> = text.chars().collect();
        let from = col.saturating_sub(1) as usize;
        let found = (from..chars.len()).find(|&i| chars[i..].starts_with(&leaf));
        if let Some(i) = found {
            calls.push((path, line, i as u32 + 1));
        }
    }
    Ok(calls)
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = PathBuf::from(
        args.first()
            .ok_or_else(|| anyhow::anyhow!("ROOT LANG [N]"))?,
    );
    let lang = match args.get(1).map(String::as_str) {
        Some("go") => Lang::Go,
        Some("py") => Lang::Python,
        _ => anyhow::bail!("LANG is go or py"),
    };
    let n: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(100);
    let fallback_only = args.iter().any(|a| a == "--fallback-only");

    let mut ws = Workspace::new(&root, None).map_err(|e| anyhow::anyhow!(e.message))?;
    let built = tools::call(&ws, "map_rebuild", &json!({}), &NoProgress);
    anyhow::ensure!(built.ok, "index failed: {:?}", built.error);
    let conn = rusqlite::Connection::open(&ws.db)?;
    // Resolved calls (`IS NOT NULL`), and the calls the map could not place (`IS NULL`: a
    // library's or an untyped receiver's), where nav_hover asks the server's definition too.
    let mut texts: HashMap<String, Vec<String>> = HashMap::new();
    let calls = call_sites(&conn, &root, lang, "IS NOT NULL", &mut texts)?;
    let unplaced = call_sites(&conn, &root, lang, "IS NULL", &mut texts)?;
    let mut st = conn.prepare(
        "SELECT f.path, s.name_line, s.name_col FROM symbols s JOIN files f ON f.id = s.file_id \
         WHERE s.kind IN ('function', 'method') AND f.lang = ?1 ORDER BY f.path, s.name_line",
    )?;
    let funcs: Vec<Spot> = st
        .query_map([lang.prefix()], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<Result<_, _>>()?;
    let sample = |v: &[Spot]| -> Vec<Spot> {
        let step = (v.len() / n).max(1);
        v.iter().step_by(step).take(n).cloned().collect()
    };
    let (calls, funcs, unplaced) = (sample(&calls), sample(&funcs), sample(&unplaced));
    anyhow::ensure!(!calls.is_empty() && !funcs.is_empty(), "no positions");

    // (tool, LSP method, extra tool args, positions)
    let cases: Vec<(&str, &str, Value, &Vec<Spot>)> = vec![
        (
            "nav_definition",
            "textDocument/definition",
            json!({}),
            &calls,
        ),
        ("nav_hover", "textDocument/hover", json!({}), &calls),
        // Names the map cannot place: nav_hover asks the server's definition too, to say
        // whose node it is (the map's by the name alone may be a namesake's).
        (
            "nav_hover (unplaced)",
            "textDocument/hover",
            json!({}),
            &unplaced,
        ),
        (
            "nav_references",
            "textDocument/references",
            json!({}),
            &funcs,
        ),
        (
            "nav_implementations",
            "textDocument/implementation",
            json!({}),
            &funcs,
        ),
        (
            "nav_calls",
            "textDocument/prepareCallHierarchy",
            json!({"direction": "outgoing"}),
            &funcs,
        ),
    ];
    let call = |ws: &Workspace, tool: &str, extra: &Value, (f, l, c): &Spot| {
        let mut a = json!({"file": f, "line": l, "col": c, "tokenBudget": 10000});
        for (k, v) in extra.as_object().into_iter().flatten() {
            a[k] = v.clone();
        }
        let t = Instant::now();
        // A case's label may say more after the tool's name.
        let name = tool.split(' ').next().unwrap_or(tool);
        let env = tools::call(ws, name, &a, &NoProgress);
        (t.elapsed(), env)
    };
    let mut out = Vec::new();
    for (tool, method, extra, spots) in &cases {
        let mut line = format!("{tool}:");
        if !fallback_only {
            ws.lsp = true;
            let server = ws.server(lang).map_err(|e| anyhow::anyhow!(e.message))?;
            let supported = server.supports(match *method {
                "textDocument/definition" => Capability::Definition,
                "textDocument/hover" => Capability::Hover,
                "textDocument/references" => Capability::References,
                "textDocument/implementation" => Capability::Implementation,
                _ => Capability::CallHierarchy,
            });
            for s in spots.iter() {
                call(&ws, tool, extra, s); // warm: files open, outlines cached
            }
            let (mut wrapped, mut bare) = (Vec::new(), Vec::new());
            let mut from_server = 0;
            for s in spots.iter() {
                let (t, env) = call(&ws, tool, extra, s);
                wrapped.push(t);
                if env.data.as_ref().is_some_and(|d| d["source"] == "lsp") {
                    from_server += 1;
                }
                if supported {
                    let c = contain(&ws.root, &s.0).map_err(|e| anyhow::anyhow!(e.message))?;
                    let text = String::from_utf8_lossy(&std::fs::read(&c.abs)?).into_owned();
                    let t = Instant::now();
                    bare_request(
                        &server,
                        method,
                        &c,
                        &text,
                        Pos {
                            line: s.1,
                            col: s.2,
                        },
                    );
                    bare.push(t.elapsed());
                }
            }
            let (w50, b50) = (p50(&mut wrapped), p50(&mut bare));
            if supported {
                line.push_str(&format!(
                    " lsp p50 {w50:.2} ms p99 {:.2} ms vs bare {method}{} p50 {b50:.2} ms ({:+.0}%) [{from_server}/{} from the server]",
                    pct(&mut wrapped, 0.99),
                    if *tool == "nav_calls" { "+outgoingCalls" } else { "" },
                    (w50 / b50 - 1.0) * 100.0,
                    spots.len()
                ));
            } else {
                line.push_str(&format!(
                    " (server lacks {method}: map answer) p50 {w50:.2} ms"
                ));
            }
        }
        ws.lsp = false;
        let mut ws_off = Workspace::new(&root, None).map_err(|e| anyhow::anyhow!(e.message))?;
        ws_off.lsp = false;
        let mut fb = Vec::new();
        let mut errors = 0;
        let mut first_error = String::new();
        for s in spots.iter() {
            let (t, env) = call(&ws_off, tool, extra, s);
            fb.push(t);
            if !env.ok {
                errors += 1;
                if first_error.is_empty() {
                    first_error = format!(
                        "; the first at {}:{}:{}: {}",
                        s.0,
                        s.1,
                        s.2,
                        serde_json::to_string(&env.error).unwrap_or_default()
                    );
                }
            }
        }
        line.push_str(&format!(
            " | fallback p50 {:.2} ms p99 {:.2} ms max {:.2} ms ({errors} errors{first_error})",
            p50(&mut fb),
            pct(&mut fb, 0.99),
            pct(&mut fb, 1.0)
        ));
        out.push(line);
    }
    println!(
        "{} ({} call sites, {} functions)",
        lang.prefix(),
        calls.len(),
        funcs.len()
    );
    for l in out {
        println!("  {l}");
    }
    Ok(())
}
