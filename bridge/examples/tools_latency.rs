//! `map_search` through `tools::call` (argument parsing, the shared map handle, the envelope)
//! on the queries of a file, one per line: the in-process part of an MCP call.
//!
//! `cargo run --release --example tools_latency -- ROOT QUERIES`
use bridge::tools::{self, Workspace};
use indexer::index::NoProgress;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(root), Some(qfile)) = (args.first(), args.get(1)) else {
        eprintln!("usage: tools_latency ROOT QUERIES");
        std::process::exit(2);
    };
    let ws = match Workspace::new(std::path::Path::new(root), None) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("{}", e.message);
            std::process::exit(1);
        }
    };
    let queries: Vec<String> = std::fs::read_to_string(qfile)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect();
    let _ = tools::call(
        &ws,
        "map_search",
        &serde_json::json!({"query": "warm"}),
        &NoProgress,
    );
    let (mut call, mut ser) = (Vec::new(), Vec::new());
    for q in &queries {
        let t = Instant::now();
        let env = tools::call(
            &ws,
            "map_search",
            &serde_json::json!({"query": q}),
            &NoProgress,
        );
        call.push(t.elapsed().as_secs_f64() * 1000.0);
        let t = Instant::now();
        let v = serde_json::to_value(&env).unwrap_or_default();
        let _ = serde_json::to_string(&v);
        ser.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    let pct = |v: &mut Vec<f64>, p: f64| {
        v.sort_by(f64::total_cmp);
        v.get(((v.len().max(1) - 1) as f64 * p).round() as usize)
            .copied()
            .unwrap_or(0.0)
    };
    println!(
        "{{\"tools_call_p50_ms\": {:.3}, \"tools_call_p99_ms\": {:.3}, \"serialize_p50_ms\": {:.3}}}",
        pct(&mut call, 0.5),
        pct(&mut call, 0.99),
        pct(&mut ser, 0.5)
    );
}
