//! Reliability: containment of every path-taking tool (in process, through the CLI and through
//! MCP), fuzz regressions replayed, readers beside a rewriting indexer, two indexers at once,
//! and pathological repositories. Each test tallies what it tried (`util::tally`).

use crate::util::*;
use bridge::tools::{self, Workspace};
use indexer::index::NoProgress;
use serde_json::{json, Value};
use std::path::Path;
use std::time::Duration;

/// Bad paths, each with a `.py` name where the syntax needs one.
fn bad_paths(outside: &Path) -> Vec<(String, &'static str)> {
    vec![
        ("../outside/secret.py".into(), "dot-dot"),
        (
            "src/shop/../../../outside/secret.py".into(),
            "dot-dot inside",
        ),
        (
            outside.join("secret.py").display().to_string(),
            "absolute outside",
        ),
        ("/etc/passwd.py".into(), "absolute system"),
        ("src/shop/escape.py".into(), "symlink file out"),
        ("linkdir/secret.py".into(), "symlink dir out"),
        ("src/shop/\0util.py".into(), "NUL"),
        (format!("{}x.py", "a/".repeat(5000)), "10,000 characters"),
    ]
}

/// Every path-taking tool, given `path`.
fn calls(path: &str) -> Vec<(&'static str, Value)> {
    let pos = json!({"file": path, "line": 1, "col": 1});
    let mut v = vec![
        ("resolve", pos.clone()),
        ("nav_definition", pos.clone()),
        ("nav_references", pos.clone()),
        ("nav_implementations", pos.clone()),
        ("nav_hover", pos.clone()),
        ("nav_calls", pos.clone()),
        (
            "nav_rename",
            json!({"file": path, "line": 1, "col": 1, "newName": "x"}),
        ),
        ("nav_outline", json!({"file": path})),
        ("nav_diagnostics", json!({"files": [path]})),
        ("nav_check_edit", json!({"file": path, "newText": "x"})),
        (
            "nav_check_edit",
            json!({"diff": format!("--- a/{path}\n+++ b/{path}\n@@ -1 +1 @@\n-a\n+b\n")}),
        ),
        ("locate", json!({"locate": format!("{path}:1")})),
        (
            "nav_definition",
            json!({"locate": format!("{path}@secret")}),
        ),
        ("map_search", json!({"query": "secret", "path": path})),
        ("map_overview", json!({"focus": path})),
        ("map_rebuild", json!({"scope": path})),
        ("map_unused", json!({"path": path})),
    ];
    if !path.contains('\0') {
        v.push(("resolve", json!({"nodeId": format!("py:{path}#secret")})));
        v.push((
            "map_neighbors",
            json!({"nodeId": format!("py:{path}#secret")}),
        ));
    }
    v
}

struct Sandbox {
    ws: tempfile::TempDir,
    outside: tempfile::TempDir,
}

fn sandbox() -> Sandbox {
    let ws = fixture("py_app");
    let outside = tempfile::tempdir().expect("outside");
    write(
        outside.path(),
        "secret.py",
        "def secret():\n    return 'do not read'\n",
    );
    std::os::unix::fs::symlink(
        outside.path().join("secret.py"),
        ws.path().join("src/shop/escape.py"),
    )
    .expect("symlink");
    std::os::unix::fs::symlink(outside.path(), ws.path().join("linkdir")).expect("symlink");
    // `../outside` from the root: a sibling directory named so.
    index(ws.path());
    Sandbox { ws, outside }
}

/// Opens of anything in `dir`, seen through inotify while `f` runs.
fn opens_during(dir: &Path, f: impl FnOnce()) -> Vec<String> {
    use notify::{RecursiveMode, Watcher};
    let (tx, rx) = std::sync::mpsc::channel();
    let mut w = notify::recommended_watcher(tx).expect("watcher");
    w.watch(dir, RecursiveMode::Recursive)
        .expect("watch outside");
    // The watch itself is quiet; make sure it is live by touching a file of our own.
    write(dir, "canary.txt", "x");
    let canary = std::time::Instant::now();
    loop {
        match rx.recv_timeout(Duration::from_secs(2)) {
            Ok(Ok(ev)) if ev.paths.iter().any(|p| p.ends_with("canary.txt")) => break,
            Ok(_) => {}
            Err(_) => panic!("the inotify watch on the outside directory is not live"),
        }
        assert!(canary.elapsed() < Duration::from_secs(3));
    }
    while rx.recv_timeout(Duration::from_millis(200)).is_ok() {}
    f();
    std::thread::sleep(Duration::from_millis(300));
    drop(w);
    rx.try_iter()
        .flatten()
        .filter(|ev| !ev.paths.iter().all(|p| p.ends_with("canary.txt")))
        .map(|ev| format!("{:?} {:?}", ev.kind, ev.paths))
        .collect()
}

/// Refusals. `NODE_NOT_FOUND` is a map-only answer (`map_neighbors` reads no file): a
/// well-formed ID whose path the map does not hold.
const REFUSED: [&str; 4] = [
    "OUTSIDE_WORKSPACE",
    "BAD_ARGS",
    "BAD_NODE_ID",
    "NODE_NOT_FOUND",
];

#[test]
fn every_path_taking_tool_refuses_paths_outside_and_opens_nothing_there() {
    let sb = sandbox();
    let root = sb.ws.path();
    let mut ws = Workspace::new(root, None).expect("workspace");
    ws.lsp = false;
    let paths = bad_paths(sb.outside.path());
    let mut tried = 0u64;
    let opened = opens_during(sb.outside.path(), || {
        // In process: the code MCP and the CLI share.
        for (p, what) in &paths {
            for (tool, args) in calls(p) {
                let e = tools::call(&ws, tool, &args, &NoProgress);
                tried += 1;
                let code = e.error.as_ref().map(|e| {
                    serde_json::to_value(e.code)
                        .ok()
                        .and_then(|v| v.as_str().map(String::from))
                });
                let code = code.flatten().unwrap_or_else(|| "ok".into());
                assert!(
                    REFUSED.contains(&code.as_str()),
                    "{tool} with {what} ({p:.60}): {code}"
                );
                assert!(
                    code != "NODE_NOT_FOUND" || tool == "map_neighbors",
                    "{tool} with {what}: {code}"
                );
            }
        }
        // The CLI: each command form that takes a path.
        for (p, what) in &paths {
            if p.contains('\0') {
                continue; // an argv cannot carry a NUL; the in-process and MCP runs cover it
            }
            let (line, find) = (format!("{p}:1"), format!("{p}@secret"));
            for args in [
                vec!["resolve", "--file", p, "--line", "1", "--col", "1"],
                vec!["outline", p],
                vec!["diagnostics", p],
                vec!["check-edit", p, "--edit", "1:1-1:1=x"],
                vec!["locate", &line],
                vec!["def", &find],
                vec!["refs", &find],
                vec!["rename", &find, "--to", "x"],
                vec!["search", "secret", "--path", p],
                vec!["overview", "--focus", p],
                vec!["index", "--scope", p],
                vec!["unused", "--path", p],
            ] {
                let mut all: Vec<&str> = vec!["--no-lsp"];
                all.extend(args.iter().copied());
                let (v, code) = json(root, &all);
                tried += 1;
                assert_eq!(code, 1, "{all:?} ({what}): {v}");
                let c = v["error"]["code"].as_str().unwrap_or("");
                assert!(REFUSED.contains(&c), "{:?} ({what}): {v}", &all[..2]);
            }
        }
        // MCP, through the official SDK.
        let mut list = Vec::new();
        for (p, _) in &paths {
            for (tool, args) in calls(p) {
                list.push(json!([tool, args]));
            }
        }
        let file = root.join(".codemap/calls.json");
        std::fs::write(&file, serde_json::to_string(&list).expect("json")).expect("write");
        let file_s = file.display().to_string();
        let v = crate::mcp::client(root, "calls", &["--no-lsp"], &[("CALLS", file_s.as_str())]);
        for (i, c) in v["codes"].as_array().expect("codes").iter().enumerate() {
            assert!(
                REFUSED.contains(&c.as_str().unwrap_or("")),
                "MCP call {}: {c}",
                list[i]
            );
        }
        tried += list.len() as u64;
        assert_eq!(v["still_serving"], true);
    });
    assert!(
        opened.is_empty(),
        "files outside the workspace were touched: {opened:#?}"
    );
    // Nothing of the outside made it into the map.
    assert!(rows(
        &db(root),
        "SELECT node_id FROM all_symbols WHERE name = 'secret'"
    )
    .is_empty());
    eprintln!("containment: {tried} bad path arguments refused, 0 opens outside");
    tally("containment", tried, 0, 0, 0);
}

/// Every input a fuzzer ever crashed on (fuzz/regressions/<target>/) passes its check now; and
/// the same checks hold on every file of the real standard libraries cut at a random byte and
/// with random bytes overwritten: over ten thousand malformed inputs in every run of the suite.
#[test]
fn fuzz_regressions_and_mangled_real_files_pass_the_harness_checks() {
    use bridge::harness;
    let mut tried = 0u64;
    for target in harness::TARGETS {
        let dir = repo_root().join("fuzz/regressions").join(target);
        for e in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let data = std::fs::read(e.path()).expect("read regression");
            assert!(harness::run(target, &data), "{target}");
            tried += 1;
        }
    }
    assert!(tried >= 1, "the kept crash inputs were replayed");
    let regressions = tried;

    let mut files: Vec<(&str, std::path::PathBuf)> = Vec::new();
    for (target, root, ext) in [
        ("extract_python", crate::corpora::python_root(), "py"),
        ("extract_go", crate::corpora::go_root(), "go"),
        (
            "extract_typescript",
            crate::corpora::npm_root("rxjs-7.8.2"),
            "ts",
        ),
        (
            "extract_javascript",
            crate::corpora::npm_root("rxjs-7.8.2"),
            "js",
        ),
        (
            "extract_javascript",
            crate::corpora::npm_root("express-4.21.2"),
            "js",
        ),
        (
            "extract_c",
            crate::corpora::cargo_crate("libmimalloc-sys-0.1").join("c_src/mimalloc/v2"),
            "c",
        ),
        (
            "extract_c",
            crate::corpora::cargo_crate("libmimalloc-sys-0.1").join("c_src/mimalloc/v2"),
            "h",
        ),
    ] {
        let mut stack = vec![root];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
                let p = e.path();
                if p.is_dir() {
                    if !p.ends_with("site-packages") {
                        stack.push(p);
                    }
                } else if p.extension().is_some_and(|x| x == ext) {
                    files.push((target, p));
                }
            }
        }
    }
    files.sort();
    // Every fifth file, over ten thousand inputs (every other one took 160 s of CPU, every
    // fourth 160 s of a suite's run), dealt out to the threads in turn: the files of one corpus cost alike, so halves
    // by path left one thread working alone.
    let files: Vec<_> = files.into_iter().step_by(5).collect();
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let files = &files;
    let counted: u64 = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let part: Vec<_> = files.iter().skip(t).step_by(threads).collect();
                s.spawn(move || {
                    let mut n = 0u64;
                    let mut x = 0x9E37_79B9_7F4A_7C15u64 ^ t as u64;
                    let mut next = move || {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        x
                    };
                    for (target, path) in part {
                        let Ok(data) = std::fs::read(path) else {
                            continue;
                        };
                        harness::run(target, &data);
                        if data.is_empty() {
                            n += 1;
                            continue;
                        }
                        // Cut anywhere (mid-token, mid-UTF-8 sequence).
                        let cut = (next() % data.len() as u64) as usize;
                        harness::run(target, &data[..cut]);
                        // Sixteen bytes overwritten with random ones.
                        let mut mangled = data.clone();
                        for _ in 0..16 {
                            let i = (next() % mangled.len() as u64) as usize;
                            mangled[i] = next() as u8;
                        }
                        harness::run(target, &mangled);
                        // The locate check over the file with a query from its own text.
                        let line = (next() % 50) as usize + 1;
                        let name = path
                            .file_name()
                            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
                        let text = String::from_utf8_lossy(&data);
                        let word = text
                            .split(|c: char| !c.is_alphanumeric() && c != '_')
                            .filter(|w| w.len() > 3)
                            .nth(line)
                            .unwrap_or("x");
                        let q = format!("{name}:{line}@<|>{word}\n{text}");
                        harness::run("locate", q.as_bytes());
                        // A node ID made of the file's words, and the same with a byte mangled.
                        let id = format!("py:{name}#{word}.{word}~2");
                        harness::run("node_id", id.as_bytes());
                        let mut bad = id.into_bytes();
                        let i = (next() % bad.len() as u64) as usize;
                        bad[i] = next() as u8;
                        harness::run("node_id", &bad);
                        n += 5;
                    }
                    n
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("no check failed"))
            .sum()
    });
    eprintln!(
        "harness: {regressions} fuzz regressions + {counted} inputs from {} real files",
        files.len()
    );
    assert!(files.len() > 1250, "{}", files.len());
    tally("harness", regressions + counted, 0, 0, 0);
}
