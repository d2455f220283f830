//! `map_search` latency through the library, as a long-lived server sees it: the map is opened
//! once, then a few hundred real queries (exact names, prefixes, qualified names, word parts
//! and misspellings of names taken from the map itself) are timed one by one.
//!
//! `cargo run --release --example search_latency -- ROOT DB [N]` prints one JSON line.

use answer::query::{Map, SearchParams};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(root), Some(db)) = (args.first(), args.get(1)) else {
        eprintln!("usage: search_latency ROOT DB [N]");
        std::process::exit(2);
    };
    let n: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(400);
    let map = match Map::open(std::path::Path::new(root), std::path::Path::new(db)) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    // Real names, spread over the map (every k-th symbol, deterministic), read as any SQLite
    // client would.
    let conn =
        match rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
        {
            Ok(c) => c,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        };
    let mut st = match conn.prepare(
        "SELECT name, qualname FROM symbols WHERE qualname != '' AND kind IN ('class','struct','interface','function','method','type') ORDER BY id",
    ) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let all: Vec<(String, String)> = st
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .map(|rows| rows.flatten().collect())
        .unwrap_or_default();
    drop(st);
    if all.is_empty() {
        eprintln!("the map has no symbols");
        std::process::exit(1);
    }
    let step = (all.len() / n).max(1);
    let mut queries = Vec::new();
    for (i, (name, qual)) in all.iter().step_by(step).take(n).enumerate() {
        let q = match i % 5 {
            0 => name.clone(),
            1 => name.chars().take(5).collect(),
            2 => qual.clone(),
            3 => name.to_lowercase(),
            _ => name.chars().filter(|c| !"aeiou".contains(*c)).collect(),
        };
        if !q.is_empty() {
            queries.push(q);
        }
    }
    // The same queries for another client (bench/run's MCP round-trip).
    if let Some(out) = std::env::var_os("QUERIES_OUT") {
        if let Err(e) = std::fs::write(&out, queries.join("\n") + "\n") {
            eprintln!("cannot write the queries: {e}");
        }
    }
    // Warm the name cache once, as a server would on its first query.
    let _ = map.search(
        &SearchParams {
            query: "warm".into(),
            ..Default::default()
        },
        Default::default(),
    );
    let mut times: Vec<f64> = Vec::with_capacity(queries.len());
    let mut slow: Vec<(f64, String)> = Vec::new();
    let mut hits = 0usize;
    for q in &queries {
        let t = Instant::now();
        let r = map.search(
            &SearchParams {
                query: q.clone(),
                ..Default::default()
            },
            Default::default(),
        );
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        times.push(ms);
        slow.push((ms, q.clone()));
        if r.is_ok() {
            hits += 1;
        }
    }
    times.sort_by(f64::total_cmp);
    slow.sort_by(|a, b| b.0.total_cmp(&a.0));
    if std::env::var_os("SHOW_SLOW").is_some() {
        for (ms, q) in slow.iter().take(8) {
            eprintln!("{ms:8.3} ms  {q:?}");
        }
    }
    let pct = |p: f64| times[((times.len() as f64 - 1.0) * p).round() as usize];
    println!(
        "{{\"queries\": {}, \"answered\": {hits}, \"p50_ms\": {:.3}, \"p99_ms\": {:.3}, \"max_ms\": {:.3}}}",
        times.len(),
        pct(0.5),
        pct(0.99),
        pct(1.0)
    );
}
