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

/// Run the binary on `root`. Tool calls go through the workspace's engine, as by default; an
/// engine started here stops after 30 idle seconds (or once its temporary root is gone), so
/// none outlives the test run for long.
pub fn run(root: &Path, args: &[&str]) -> Output {
    Command::new(bin())
        .env("CODEMAP_ENGINE_IDLE_SECS", "30")
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

/// `codemap serve` on `root`, driven over its stdio with plain newline-delimited JSON-RPC: the
/// real binary, whose process (memory, children) a test can inspect.
pub struct Serve {
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    lines: std::sync::mpsc::Receiver<String>,
    next_id: u64,
}

impl Serve {
    pub fn start(root: &Path, extra: &[&str]) -> Serve {
        Serve::start_env(root, extra, &[])
    }

    /// [`Serve::start`] with more environment variables.
    pub fn start_env(root: &Path, extra: &[&str], env: &[(&str, &std::ffi::OsStr)]) -> Serve {
        use std::io::BufRead;
        let mut child = Command::new(bin())
            .env("CODEMAP_ENGINE_IDLE_SECS", "30")
            .envs(env.iter().copied())
            .arg("--root")
            .arg(root)
            .args(extra)
            .arg("serve")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(if std::env::var_os("CODEMAP_TEST_SERVE_STDERR").is_some() {
                std::process::Stdio::inherit()
            } else {
                std::process::Stdio::null()
            })
            .spawn()
            .expect("spawn serve");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut s = Serve {
            child,
            stdin: Some(stdin),
            lines,
            next_id: 0,
        };
        s.rpc(
            "initialize",
            serde_json::json!({"protocolVersion": "2025-06-18", "capabilities": {},
                "clientInfo": {"name": "codemap-tests", "version": "0"}}),
        );
        s.send(&serde_json::json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        s
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    fn send(&mut self, msg: &Value) {
        use std::io::Write;
        let mut line = msg.to_string();
        line.push('\n');
        let stdin = self.stdin.as_mut().expect("serve's stdin is open");
        stdin.write_all(line.as_bytes()).expect("write to serve");
        stdin.flush().expect("flush");
    }

    /// One request; its result (notifications in between are skipped).
    pub fn rpc(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(
            &serde_json::json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}),
        );
        let limit = std::time::Duration::from_secs(120);
        loop {
            let line = self
                .lines
                .recv_timeout(limit)
                .unwrap_or_else(|e| panic!("no answer to {method} in {limit:?}: {e}"));
            let v: Value = serde_json::from_str(&line)
                .unwrap_or_else(|e| panic!("serve wrote a line that is not JSON ({e}): {line}"));
            if v["id"] == id {
                assert!(v.get("error").is_none(), "{method}: {v}");
                return v["result"].clone();
            }
        }
    }

    /// One tool call asking for progress: its result and the progress notifications that came
    /// before it.
    pub fn call_with_progress(&mut self, tool: &str, args: Value) -> (Value, Vec<Value>) {
        self.next_id += 1;
        let id = self.next_id;
        self.send(
            &serde_json::json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": tool, "arguments": args, "_meta": {"progressToken": "p"}}}),
        );
        let limit = std::time::Duration::from_secs(120);
        let mut progress = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(limit)
                .unwrap_or_else(|e| panic!("no answer to {tool} in {limit:?}: {e}"));
            let v: Value = serde_json::from_str(&line).expect("JSON");
            if v["method"] == "notifications/progress" {
                progress.push(v["params"].clone());
            } else if v["id"] == id {
                return (v["result"].clone(), progress);
            }
        }
    }

    /// One tool call; the envelope (checked to be the same as structured content and text).
    pub fn call(&mut self, tool: &str, args: Value) -> Value {
        let env: Value = serde_json::from_str(&self.call_text(tool, args)).expect("envelope JSON");
        env
    }

    /// A tool call's text content as sent (checked against its structured content).
    pub fn call_text(&mut self, tool: &str, args: Value) -> String {
        let r = self.rpc(
            "tools/call",
            serde_json::json!({"name": tool, "arguments": args}),
        );
        let text = r["content"][0]["text"].as_str().expect("text content");
        let env: Value = serde_json::from_str(text).expect("envelope JSON");
        assert_eq!(r["structuredContent"], env, "structured content = text");
        assert_envelope(&env);
        assert_eq!(r["isError"].as_bool().unwrap_or(false), env["ok"] == false);
        text.to_string()
    }

    /// A field of /proc/<pid>/status in kB (`VmRSS`, `VmHWM`).
    pub fn memory_kb(&self, field: &str) -> u64 {
        proc_status_kb(self.pid(), field)
    }

    /// The children of the serve process: (pid, state, command line).
    pub fn children(&self) -> Vec<(u32, String, String)> {
        children_of(self.pid())
    }

    /// The client goes away: stdin closes. How long serve took to exit, and its exit code.
    pub fn hang_up(&mut self, limit: std::time::Duration) -> (std::time::Duration, Option<i32>) {
        self.stdin.take();
        let t = std::time::Instant::now();
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return (t.elapsed(), status.code());
            }
            assert!(
                t.elapsed() < limit,
                "serve still running {limit:?} after EOF"
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }

    /// SIGKILL, and reaped.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// SIGKILL a child process and reap it.
pub fn kill_child(mut child: std::process::Child) {
    let _ = child.kill();
    let _ = child.wait();
}

pub fn proc_status_kb(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// The child processes of `pid`: (pid, state, command line).
pub fn children_of(pid: u32) -> Vec<(u32, String, String)> {
    let parent = pid.to_string();
    let mut out = Vec::new();
    for e in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Ok(child) = e.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(e.path().join("stat")) else {
            continue;
        };
        let Some((_, rest)) = stat.rsplit_once(") ") else {
            continue;
        };
        let mut f = rest.split(' ');
        let (state, ppid) = (f.next().unwrap_or(""), f.next().unwrap_or(""));
        if ppid == parent {
            let cmd = std::fs::read(e.path().join("cmdline")).unwrap_or_default();
            let cmd = String::from_utf8_lossy(&cmd).replace('\0', " ");
            out.push((child, state.to_string(), cmd));
        }
    }
    out
}

/// Poll `check` every 100 ms until it has no complaint; panic with its last one after `limit`.
pub fn eventually(limit: std::time::Duration, mut check: impl FnMut() -> Option<String>) {
    let t = std::time::Instant::now();
    loop {
        let Some(complaint) = check() else { return };
        assert!(t.elapsed() < limit, "after {limit:?}: {complaint}");
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
}

/// Files under `dir` with extension `ext`, hidden entries (`.codemap`) left out.
pub fn files_with_ext(dir: &Path, ext: &str) -> Vec<PathBuf> {
    walk_files(dir)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect()
}

/// Every file under `dir`, hidden entries (`.codemap`, `.git`) left out.
pub fn walk_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if e.file_name().to_string_lossy().starts_with('.') {
                continue;
            }
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out
}

/// A temporary copy of these packages of the machine's Python standard library (those it has).
pub fn stdlib_subset(packages: &[&str]) -> tempfile::TempDir {
    let ws = tempfile::tempdir().expect("tmp");
    let lib = crate::corpora::python_root();
    for d in packages {
        if lib.join(d).is_dir() {
            copy_dir(&lib.join(d), &ws.path().join(d));
        }
    }
    ws
}

/// Put `line` first in every Python file under `root`: every symbol moves down a line. Each
/// file is replaced whole, as an editor saves (a hidden temporary renamed over it), so a reader
/// never meets a half-written file.
pub fn prepend_to_py_files(root: &Path, line: &str) {
    for p in files_with_ext(root, "py") {
        let mut text = format!("{line}\n").into_bytes();
        text.extend(std::fs::read(&p).unwrap_or_default());
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let tmp = p.with_file_name(format!(".{name}.tmp"));
        std::fs::write(&tmp, text).expect("write");
        std::fs::rename(&tmp, &p).expect("rename");
    }
}

/// The line of a compact answer's `"at": "line:col"`.
pub fn at_line(v: &Value) -> Option<i64> {
    v["at"].as_str()?.split(':').next()?.parse().ok()
}

/// The name a node ID ends with (`py:a/b.py#Cls.m` → `m`; a file → its file name).
pub fn name_of(id: &str) -> &str {
    match id.split_once('#') {
        Some((_, q)) => q.rsplit('.').next().unwrap_or(q),
        None => id.rsplit('/').next().unwrap_or(id),
    }
}

/// The workspace-relative file of a node ID (`py:a/b.py#Cls.m` → `a/b.py`).
pub fn file_of(id: &str) -> &str {
    let rest = id.split_once(':').map_or(id, |(_, r)| r);
    rest.split_once('#').map_or(rest, |(f, _)| f)
}

/// A compact list of anchors (grouped `[{file, items: [{at, ...}]}]`, or flat `[{file?, at,
/// ...}]`) as anchors with `file`, `line` and `col` (and `qualname` from a node ID), so that
/// checks read every shape alike.
pub fn anchors_of(list: &Value) -> Vec<Value> {
    let expand = |i: &Value, file: Option<&str>| {
        let mut v = i.clone();
        if let Some((l, c)) = i["at"].as_str().and_then(|a| a.split_once(':')) {
            v["line"] = serde_json::json!(l.parse::<u64>().unwrap_or(0));
            v["col"] = serde_json::json!(c.parse::<u64>().unwrap_or(0));
        }
        // A flat anchor gives its file only when its node ID does not say it.
        match (file, i["nodeId"].as_str()) {
            (Some(f), _) => v["file"] = serde_json::json!(f),
            (None, Some(id)) => v["file"] = serde_json::json!(file_of(id)),
            _ => {}
        }
        if let Some(q) = i["nodeId"].as_str().and_then(|id| id.split_once('#')) {
            if v.get("qualname").is_none() {
                v["qualname"] = serde_json::json!(q.1);
            }
        }
        v
    };
    let mut out = Vec::new();
    for x in list.as_array().into_iter().flatten() {
        match x["items"].as_array() {
            Some(items) => out.extend(items.iter().map(|i| expand(i, x["file"].as_str()))),
            None => out.push(expand(x, x["file"].as_str())),
        }
    }
    out
}

/// Whether a symbol's name range (its text `written`) holds its `name`: the same text, a
/// C++ conversion operator, named after its type (`operator Matcher` for `operator
/// ::testing::Matcher<F>() const` on one line), whose range runs from the keyword and holds
/// the type's name, or a Kotlin declaration named by no identifier of its own.
pub fn holds_name(written: &str, name: &str) -> bool {
    if written == name {
        return true;
    }
    // Kotlin: a secondary constructor, named after its class, at its `constructor` keyword;
    // an unnamed companion object, `Companion`, at `companion`.
    if written == "constructor" || (written == "companion" && name == "Companion") {
        return true;
    }
    name.strip_prefix("operator ").is_some_and(|w| {
        w.starts_with(|c: char| c.is_alphabetic() || c == '_')
            && written.starts_with("operator")
            && written.contains(w)
    })
}
