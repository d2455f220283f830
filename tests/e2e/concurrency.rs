//! Readers against a writer: search, neighbors and resolve in several threads while `codemap
//! index` rewrites the whole map again and again; and two indexers started at once on one map.
//!
//! Every file of the corpus gains one line per generation, so each symbol's line is its first
//! line plus the generation: an answer whose nodes disagree on the generation would be a
//! half-written run seen by a reader.

use crate::util::*;
use bridge::tools::{self, Workspace};
use indexer::index::NoProgress;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

const GENERATIONS: i64 = 4;
const READERS: usize = 4;

fn corpus() -> tempfile::TempDir {
    stdlib_subset(&[
        "json",
        "email",
        "asyncio",
        "logging",
        "http",
        "unittest",
        "xml",
        "importlib",
        "multiprocessing",
    ])
}

/// Every node's line in an answer, against its first line: the one generation they all show.
fn generation(v: &Value, base: &HashMap<String, i64>, what: &str) -> Option<i64> {
    let mut seen: Option<i64> = None;
    let mut nodes = Vec::new();
    collect_nodes(v, &mut nodes);
    for (id, line) in nodes {
        // A file node is at line 1 in every generation.
        let Some(b) = base.get(&id).filter(|_| id.contains('#')) else {
            continue;
        };
        let g = line - b;
        assert!(
            (0..=GENERATIONS).contains(&g),
            "{what}: {id} at line {line}, first at {b}"
        );
        match seen {
            None => seen = Some(g),
            Some(s) => assert_eq!(
                s, g,
                "{what}: a half-written run: {id} shows generation {g}, another node {s}"
            ),
        }
    }
    seen
}

fn collect_nodes(v: &Value, out: &mut Vec<(String, i64)>) {
    match v {
        Value::Object(o) => {
            if let (Some(id), Some(line)) = (o.get("nodeId").and_then(Value::as_str), at_line(v)) {
                out.push((id.to_string(), line));
            }
            o.values().for_each(|x| collect_nodes(x, out));
        }
        Value::Array(a) => a.iter().for_each(|x| collect_nodes(x, out)),
        _ => {}
    }
}

#[test]
fn readers_never_see_an_error_or_half_a_run_while_the_map_is_rewritten() {
    let dir = corpus();
    let root = dir.path();
    index(root);
    let base: HashMap<String, i64> = rows(&db(root), "SELECT node_id, name_line FROM all_symbols")
        .into_iter()
        .filter_map(|r| {
            let (id, line) = r.rsplit_once('|')?;
            Some((id.to_string(), line.parse().ok()?))
        })
        .collect();
    let mut ws = Workspace::new(root, None).expect("workspace");
    ws.lsp = false;
    let calls: Vec<(&str, Value)> = vec![
        ("map_search", json!({"query": "JSONDecoder"})),
        ("map_search", json!({"query": "get_event_loop"})),
        ("map_search", json!({"query": "Message"})),
        ("map_search", json!({"query": "handle"})),
        (
            "map_neighbors",
            json!({"nodeId": "py:json/decoder.py#JSONDecoder", "depth": 2}),
        ),
        (
            "map_neighbors",
            json!({"nodeId": "py:asyncio/events.py#AbstractEventLoop"}),
        ),
        (
            "map_neighbors",
            json!({"nodeId": "py:email/message.py#Message", "direction": "in"}),
        ),
        (
            "resolve",
            json!({"nodeId": "py:json/decoder.py#JSONDecoder.decode"}),
        ),
        (
            "resolve",
            json!({"nodeId": "py:logging/__init__.py#Logger.handle"}),
        ),
    ];
    let done = AtomicBool::new(false);
    let answered = AtomicU64::new(0);
    let generations_seen = std::sync::Mutex::new(std::collections::BTreeSet::new());
    let runs = std::thread::scope(|s| {
        for r in 0..READERS {
            let (ws, calls, done, answered, base, seen) =
                (&ws, &calls, &done, &answered, &base, &generations_seen);
            s.spawn(move || {
                let mut i = r;
                while !done.load(Ordering::SeqCst) {
                    let (tool, args) = &calls[i % calls.len()];
                    i += 1;
                    let env = tools::call(ws, tool, args, &NoProgress);
                    let v = serde_json::to_value(&env).expect("envelope");
                    assert!(
                        env.ok,
                        "{tool} {args} failed while the map was rewritten: {v}"
                    );
                    if *tool != "resolve" {
                        // (resolve reads the file on disk, which runs ahead of the map)
                        if let Some(g) = generation(&v["data"], base, tool) {
                            seen.lock().expect("lock").insert(g);
                        }
                    }
                    answered.fetch_add(1, Ordering::SeqCst);
                }
            });
        }
        // The writer: a separate process, as the CLI or a second agent would run it.
        let mut runs = Vec::new();
        for g in 1..=GENERATIONS {
            prepend_to_py_files(root, &format!("# generation {g}"));
            let t = Instant::now();
            let v = index(root);
            runs.push((v["extracted"].as_u64().unwrap_or(0), t.elapsed()));
        }
        std::thread::sleep(Duration::from_millis(200));
        done.store(true, Ordering::SeqCst);
        runs
    });
    let seen = generations_seen.into_inner().expect("lock");
    let answered = answered.into_inner();
    eprintln!("{answered} answers during {runs:?}; generations seen: {seen:?}");
    assert!(
        runs.iter().all(|(n, _)| *n > 150),
        "every run rewrote every file: {runs:?}"
    );
    assert!(
        seen.len() >= 3,
        "readers saw the map change under them: {seen:?}"
    );
    assert!(answered > 100, "{answered}");
    tally(
        "readers_vs_writer",
        0,
        GENERATIONS as u64,
        GENERATIONS as u64,
        0,
    );
}

fn spawn_index(root: &Path) -> std::process::Child {
    Command::new(bin())
        .args(["--json", "--root"])
        .arg(root)
        .arg("index")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("spawn index")
}

/// Each outcome: completed, or refused with a clear message (never a SQLite error).
fn outcome(child: std::process::Child) -> Result<Value, String> {
    let out = child.wait_with_output().expect("wait");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "not an envelope ({e}): {}",
            String::from_utf8_lossy(&out.stdout)
        )
    });
    assert_envelope(&v);
    if v["ok"] == true {
        assert_eq!(out.status.code(), Some(0));
        Ok(v["data"].clone())
    } else {
        let msg = v["error"]["message"].as_str().unwrap_or("").to_string();
        assert!(
            msg.contains("another codemap index run"),
            "a second indexer says why it stopped: {v}"
        );
        Err(msg)
    }
}

#[test]
fn two_indexers_at_once_do_not_corrupt_the_map() {
    let dir = corpus();
    let root = dir.path();
    let mut refused = 0;
    // Twice from nothing (two builds race to put their map in place), twice on a map.
    for round in 0..4 {
        if round >= 2 {
            prepend_to_py_files(root, &format!("# round {round}"));
        }
        let (a, b) = (spawn_index(root), spawn_index(root));
        let results = [outcome(a), outcome(b)];
        refused += results.iter().filter(|r| r.is_err()).count();
        assert!(
            results.iter().any(Result::is_ok),
            "one of them completed: {results:?}"
        );
        let conn = db(root);
        let check: String = conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))
            .expect("integrity");
        assert_eq!(check, "ok");
        let again = index(root);
        assert_eq!(
            again["scanned"], 0,
            "round {round}: the map is complete: {again}"
        );
        let files: i64 = conn
            .query_row("SELECT count(*) FROM files", [], |r| r.get(0))
            .expect("count");
        assert!(files > 150, "{files}");
    }
    eprintln!("two indexers at once, 4 rounds: {refused} refused with a message, the rest waited");
    // A writer that holds the map longer than an indexer waits (5 s): refused, clearly, and the
    // map is as it was.
    let holder = db(root);
    holder.execute_batch("BEGIN IMMEDIATE").expect("lock");
    let before = rows(&holder, "SELECT node_id, name_line FROM all_symbols");
    prepend_to_py_files(root, "# held");
    let t = Instant::now();
    let refusal = outcome(spawn_index(root));
    assert!(refusal.is_err(), "{refusal:?}");
    assert!(t.elapsed() >= Duration::from_secs(4), "it waited first");
    holder.execute_batch("ROLLBACK").expect("unlock");
    assert_eq!(
        rows(&db(root), "SELECT node_id, name_line FROM all_symbols"),
        before
    );
    assert!(index(root)["extracted"].as_u64() > Some(150));
    tally("two_indexers", 0, 5, 5, 0);
}
