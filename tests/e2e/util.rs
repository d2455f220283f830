//! Helpers: temporary workspaces, running the real binary, reading the real SQLite map.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_codemap")
}

pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A fresh copy of `tests/fixtures/<name>` in a temporary directory.
pub fn fixture(name: &str) -> tempfile::TempDir {
    // Not a hidden directory: Go's `./...` (and so gopls) skips packages under one.
    let dir = tempfile::Builder::new()
        .prefix("codemap-")
        .tempdir()
        .expect("tempdir");
    copy_dir(&repo_root().join("tests/fixtures").join(name), dir.path());
    dir
}

pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for e in std::fs::read_dir(from).expect("read fixture") {
        let e = e.expect("entry");
        if e.file_name() == ".codemap" {
            continue; // a map someone built in the fixture is not part of it
        }
        let target = to.join(e.file_name());
        if e.file_type().expect("type").is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), &target).expect("copy");
        }
    }
}

pub fn write(root: &Path, rel: &str, text: impl AsRef<[u8]>) {
    let p = root.join(rel);
    if let Some(d) = p.parent() {
        std::fs::create_dir_all(d).expect("mkdir");
    }
    std::fs::write(p, text).expect("write");
}

pub fn run(root: &Path, args: &[&str]) -> Output {
    Command::new(bin())
        .arg("--root")
        .arg(root)
        .args(args)
        .output()
        .expect("run codemap")
}

/// Run with `--json`; returns the envelope and the exit code.
pub fn json(root: &Path, args: &[&str]) -> (Value, i32) {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let out = run(root, &all);
    let text = String::from_utf8_lossy(&out.stdout);
    let v: Value = serde_json::from_str(text.trim()).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {text}\nstderr: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    assert_envelope(&v);
    (v, out.status.code().unwrap_or(-1))
}

/// The envelope every tool answers with.
pub fn assert_envelope(v: &Value) {
    let ok = v["ok"].as_bool().expect("ok is a bool");
    for key in ["tokenBudget", "truncated", "dropped", "warnings"] {
        assert!(v.get(key).is_some(), "envelope lacks {key}: {v}");
    }
    for key in ["requested", "used", "max"] {
        assert!(v["tokenBudget"][key].is_u64(), "tokenBudget.{key}: {v}");
    }
    if ok {
        assert!(v.get("data").is_some(), "{v}");
    } else {
        assert!(v["error"]["code"].is_string(), "{v}");
        assert!(v["error"]["message"].is_string(), "{v}");
    }
}

pub fn index(root: &Path) -> Value {
    let (v, code) = json(root, &["index"]);
    assert_eq!(code, 0, "{v}");
    v["data"].clone()
}

pub fn db(root: &Path) -> rusqlite::Connection {
    rusqlite::Connection::open(root.join(".codemap/map.db")).expect("open map")
}

/// Rows of a query as strings joined by `|`, sorted.
pub fn rows(conn: &rusqlite::Connection, sql: &str) -> Vec<String> {
    let mut st = conn.prepare(sql).expect("prepare");
    let n = st.column_count();
    let mut out: Vec<String> = st
        .query_map([], |r| {
            Ok((0..n)
                .map(|i| match r.get_ref(i) {
                    Ok(v) => match v {
                        rusqlite::types::ValueRef::Null => "NULL".to_string(),
                        rusqlite::types::ValueRef::Integer(i) => i.to_string(),
                        rusqlite::types::ValueRef::Real(f) => f.to_string(),
                        rusqlite::types::ValueRef::Text(t) => {
                            String::from_utf8_lossy(t).into_owned()
                        }
                        rusqlite::types::ValueRef::Blob(_) => "<blob>".to_string(),
                    },
                    Err(_) => "?".to_string(),
                })
                .collect::<Vec<_>>()
                .join("|"))
        })
        .expect("query")
        .map(|r| r.expect("row"))
        .collect();
    out.sort();
    out
}

/// Record what a reliability test tried, for the summary `scripts/test` prints at the end:
/// one line `bad_inputs faults_injected faults_survived files_lost` in
/// `target/reliability/<name>`.
pub fn tally(name: &str, bad_inputs: u64, faults: u64, survived: u64, lost: u64) {
    let dir = repo_root().join("target/reliability");
    let _ = std::fs::create_dir_all(&dir);
    let _ = std::fs::write(
        dir.join(name),
        format!("{bad_inputs} {faults} {survived} {lost}\n"),
    );
}
