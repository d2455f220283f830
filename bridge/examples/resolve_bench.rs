//! `resolve` latency against the bare LSP round-trip it wraps (bench/run calls this).
//!
//!     resolve_bench ROOT LANG [N]
//!
//! ROOT holds a copy of real packages (its map is built here). Prints, for LANG's server:
//! cold start to the first `resolve` answer, warm `resolve {nodeId}` p50/p99 over N symbols
//! of the map, the bare `textDocument/documentSymbol` round-trip on the same files, and the
//! parse fallback (`--no-lsp`) p50/p99.

use bridge::paths::contain;
use bridge::tools::{self, Workspace};
use indexer::index::NoProgress;
use indexer::lang::Lang;
use serde_json::json;
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn pct(v: &mut [Duration], p: f64) -> f64 {
    v.sort();
    if v.is_empty() {
        return f64::NAN;
    }
    let i = ((v.len() as f64 - 1.0) * p).round() as usize;
    v[i].as_secs_f64() * 1000.0
}

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let root = PathBuf::from(
        args.next()
            .ok_or_else(|| anyhow::anyhow!("ROOT LANG [N]"))?,
    );
    let lang = match args.next().as_deref() {
        Some("go") => Lang::Go,
        Some("py") => Lang::Python,
        _ => anyhow::bail!("LANG is go or py"),
    };
    let n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(300);

    let ws = Workspace::new(&root, None).map_err(|e| anyhow::anyhow!(e.message))?;
    let built = tools::call(&ws, "map_rebuild", &json!({}), &NoProgress);
    anyhow::ensure!(built.ok, "index failed: {:?}", built.error);

    // Symbols spread over the map, in file order (as an agent would come back to a file).
    let conn = rusqlite::Connection::open(&ws.db)?;
    let mut stmt = conn.prepare(
        "SELECT s.node_id, f.path FROM all_symbols s JOIN files f ON f.id = s.file_id \
         WHERE s.qualname != '' AND f.lang = ?1 ORDER BY f.path, s.start_line",
    )?;
    let all: Vec<(String, String)> = stmt
        .query_map([lang.prefix()], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    anyhow::ensure!(
        !all.is_empty(),
        "no {} symbols under {}",
        lang.prefix(),
        root.display()
    );
    let step = (all.len() / n).max(1);
    let sample: Vec<&(String, String)> = all.iter().step_by(step).take(n).collect();

    // Cold: server start, initialize, first outline (the module's load for gopls) and answer.
    let t = Instant::now();
    let first = tools::call(&ws, "resolve", &json!({"nodeId": sample[0].0}), &NoProgress);
    let cold = t.elapsed();
    let source = first.data.as_ref().map(|d| d["source"].clone());
    anyhow::ensure!(
        source == Some(json!("lsp")),
        "the first resolve did not come from the server: {:?}",
        first
    );

    // First pass: each file's first visit (its outline asked of the server); second pass: the
    // same symbols again (the outline of unchanged text is reused; hover is asked each time).
    let mut first_visit = Vec::new();
    let mut warm = Vec::new();
    let mut bad = 0;
    for pass in 0..2 {
        for (id, _) in &sample {
            let t = Instant::now();
            let env = tools::call(&ws, "resolve", &json!({"nodeId": id}), &NoProgress);
            if pass == 0 {
                first_visit.push(t.elapsed());
            } else {
                warm.push(t.elapsed());
            }
            if pass == 1
                && (!env.ok || env.data.as_ref().map(|d| d["source"].clone()) != Some(json!("lsp")))
            {
                bad += 1;
            }
        }
    }

    // The bare round-trip on the same files (already open and synced).
    let server = ws.server(lang).map_err(|e| anyhow::anyhow!(e.message))?;
    let mut bare = Vec::new();
    for (_, path) in &sample {
        let c = contain(&ws.root, path).map_err(|e| anyhow::anyhow!(e.message))?;
        let text = String::from_utf8_lossy(&std::fs::read(&c.abs)?).into_owned();
        let uri = server.sync(&c, &text)?;
        let t = Instant::now();
        server.request::<lsp_types::request::DocumentSymbolRequest>(
            lsp_types::DocumentSymbolParams {
                text_document: lsp_types::TextDocumentIdentifier { uri },
                work_done_progress_params: Default::default(),
                partial_result_params: Default::default(),
            },
            server.timeout(),
        )?;
        bare.push(t.elapsed());
    }
    let mut hover = Vec::new();
    for (id, path) in &sample {
        let c = contain(&ws.root, path).map_err(|e| anyhow::anyhow!(e.message))?;
        let text = String::from_utf8_lossy(&std::fs::read(&c.abs)?).into_owned();
        let env = tools::call(&ws, "resolve", &json!({"nodeId": id}), &NoProgress);
        let Some(d) = env.data else { continue };
        let pos = indexer::model::Pos {
            line: d["location"]["line"].as_u64().unwrap_or(1) as u32,
            col: d["location"]["col"].as_u64().unwrap_or(1) as u32,
        };
        let t = Instant::now();
        let _ = server.at::<lsp_types::request::HoverRequest>(
            &c,
            &text,
            pos,
            bridge::lsp::hover_params,
            None,
        );
        hover.push(t.elapsed());
    }

    let mut parse_ws = Workspace::new(&root, None).map_err(|e| anyhow::anyhow!(e.message))?;
    parse_ws.lsp = false;
    let mut parse = Vec::new();
    for (id, _) in &sample {
        let t = Instant::now();
        let env = tools::call(&parse_ws, "resolve", &json!({"nodeId": id}), &NoProgress);
        parse.push(t.elapsed());
        if !env.ok {
            bad += 1;
        }
    }
    let (w50, w99) = (pct(&mut warm, 0.5), pct(&mut warm, 0.99));
    let (b50, b99) = (pct(&mut bare, 0.5), pct(&mut bare, 0.99));
    let (h50, h99) = (pct(&mut hover, 0.5), pct(&mut hover, 0.99));
    println!(
        "{} ({} symbols, {} sampled): cold start to first resolve {:.2} s | first pass p50 {:.2} ms p99 {:.2} ms | warm resolve p50 {:.2} ms p99 {:.2} ms | bare documentSymbol p50 {:.2} ms p99 {:.2} ms | bare documentSymbol+hover p50 {:.2} ms | resolve/(documentSymbol+hover) p50 {:.2}x | parse fallback p50 {:.2} ms p99 {:.2} ms | {} answers not from the server (labelled parse)",
        lang.prefix(),
        all.len(),
        sample.len(),
        cold.as_secs_f64(),
        pct(&mut first_visit, 0.5),
        pct(&mut first_visit, 0.99),
        w50,
        w99,
        b50,
        b99,
        b50 + h50,
        w50 / (b50 + h50),
        pct(&mut parse, 0.5),
        pct(&mut parse, 0.99),
        bad,
    );
    let _ = h99;
    Ok(())
}
