//! The engine (issue 38): one process per workspace that CLI commands reach over a private
//! socket. Each test gives its engines a directory of their own (`XDG_RUNTIME_DIR`), runs the
//! real binary with the real gopls, and checks the processes in /proc.

use crate::util::{bin, eventually, fixture, index};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

const REFS: &[&str] = &["refs", "go:store/store.go#Item"];

/// A workspace (the go_app fixture, indexed) and a private runtime directory for its engines.
struct Case {
    ws: tempfile::TempDir,
    runtime: tempfile::TempDir,
    idle: &'static str,
}

impl Case {
    fn new(idle: &'static str) -> Case {
        Case::of("go_app", idle)
    }

    fn of(fixture_name: &str, idle: &'static str) -> Case {
        Case::on(fixture(fixture_name), idle)
    }

    /// A workspace of the test's own (indexed here).
    fn on(ws: tempfile::TempDir, idle: &'static str) -> Case {
        index(ws.path());
        let runtime = tempfile::Builder::new()
            .prefix("codemap-rt-")
            .tempdir()
            .expect("tempdir");
        Case { ws, runtime, idle }
    }

    fn root(&self) -> &Path {
        self.ws.path()
    }

    fn engine_dir(&self) -> PathBuf {
        self.runtime.path().join("codemap")
    }

    fn cmd(&self) -> Command {
        let mut c = Command::new(bin());
        c.env("XDG_RUNTIME_DIR", self.runtime.path())
            .env("CODEMAP_ENGINE_IDLE_SECS", self.idle)
            .env_remove("CODEMAP_NO_DAEMON")
            .arg("--root")
            .arg(self.root());
        c
    }

    fn run(&self, args: &[&str]) -> Output {
        self.cmd().args(args).output().expect("run codemap")
    }

    /// `refs TARGET --json`: its places (`file:line:col`, sorted) and the answer.
    fn refs(&self, target: &str) -> (Vec<String>, Value) {
        let (t, code, _) = self.json(&["refs", target]);
        assert_eq!(code, 0, "{t}");
        let v: Value = serde_json::from_str(&t).expect("JSON");
        let mut out = Vec::new();
        for f in v["data"]["references"].as_array().into_iter().flatten() {
            for i in f["items"].as_array().into_iter().flatten() {
                out.push(format!(
                    "{}:{}",
                    f["file"].as_str().unwrap_or(""),
                    i["at"].as_str().unwrap_or("")
                ));
            }
        }
        out.sort();
        (out, v)
    }

    /// `--json` answer, its exit code and how long it took.
    fn json(&self, args: &[&str]) -> (String, i32, Duration) {
        let t = Instant::now();
        let out = self.run(&[&["--json"], args].concat());
        let took = t.elapsed();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let v: Value = serde_json::from_str(text.trim()).unwrap_or_else(|e| {
            panic!(
                "not JSON ({e}): {text}\nstderr: {}",
                String::from_utf8_lossy(&out.stderr)
            )
        });
        crate::util::assert_envelope(&v);
        (text, out.status.code().unwrap_or(-1), took)
    }

    /// `engine status --json`: the engine's state, or None when none runs.
    fn status(&self) -> Option<Value> {
        let out = self.run(&["--json", "engine", "status"]);
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        let v: Value = serde_json::from_slice(&out.stdout).expect("status JSON");
        (v["running"] != false).then_some(v)
    }

    fn engine_pid(&self) -> u32 {
        let s = self
            .status()
            .unwrap_or_else(|| panic!("no engine runs; its log: {}", self.log()));
        s["engine"]["pid"].as_u64().expect("pid") as u32
    }

    fn server_pids(&self) -> Vec<u32> {
        let s = self
            .status()
            .unwrap_or_else(|| panic!("no engine runs; its log: {}", self.log()));
        s["servers"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|s| s["pid"].as_u64())
            .map(|p| p as u32)
            .collect()
    }

    fn socket(&self) -> PathBuf {
        let s = self
            .status()
            .unwrap_or_else(|| panic!("no engine runs; its log: {}", self.log()));
        PathBuf::from(s["engine"]["socket"].as_str().expect("socket"))
    }

    fn log(&self) -> String {
        let mut all = String::new();
        for e in std::fs::read_dir(self.engine_dir())
            .into_iter()
            .flatten()
            .flatten()
        {
            if e.path().extension().is_some_and(|x| x == "log") {
                all.push_str(&std::fs::read_to_string(e.path()).unwrap_or_default());
            }
        }
        all
    }
}

impl Drop for Case {
    /// No engine outlives its test (its root going away stops it too); and then, the census
    /// every test ends with: no process is left working in the workspace (a server, what it
    /// started, a client).
    fn drop(&mut self) {
        let out = self.run(&["--json", "engine", "status"]);
        let s: Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
        if let Some(pid) = s["engine"]["pid"].as_u64() {
            let pid = pid as u32;
            let _ = self.run(&["engine", "stop"]);
            if alive(pid) {
                kill9(pid);
            }
        }
        if std::thread::panicking() {
            return;
        }
        let t = Instant::now();
        loop {
            let left = processes_in(self.root());
            if left.is_empty() {
                break;
            }
            assert!(
                t.elapsed() < Duration::from_secs(10),
                "left running in {} after its engine stopped: {left:?}",
                self.root().display()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

/// Whether a process exists and is not a zombie (a zombie has exited; this container's init
/// may be slow to reap what it inherits).
fn alive(pid: u32) -> bool {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return false;
    };
    let state = stat
        .rsplit_once(") ")
        .and_then(|(_, rest)| rest.split(' ').next())
        .unwrap_or("");
    state != "Z" && state != "X"
}

fn kill9(pid: u32) {
    let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
}

#[test]
fn two_cli_calls_share_one_engine_the_second_warm_and_the_bytes_are_the_same() {
    let c = Case::new("60");
    assert!(c.status().is_none(), "no engine before the first call");
    let (cold, code, cold_took) = c.json(REFS);
    assert_eq!(code, 0, "{cold}");
    assert!(
        cold.contains("\"source\":\"lsp\""),
        "gopls answered: {cold}"
    );
    let pid = c.engine_pid();
    let servers = c.server_pids();
    assert_eq!(servers.len(), 1, "gopls runs in the engine");
    let (warm, code, warm_took) = c.json(REFS);
    assert_eq!(code, 0);
    assert_eq!(warm, cold, "the same answer warm");
    assert_eq!(c.engine_pid(), pid, "the same engine");
    assert_eq!(c.server_pids(), servers, "the same server");
    eprintln!("refs through the engine: cold {cold_took:?}, warm {warm_took:?}");
    assert!(
        warm_took < Duration::from_millis(500) && warm_took < cold_took,
        "warm {warm_took:?}, cold {cold_took:?}"
    );
    // Warm `refs` and `def` answer in under 100 ms (the median of five, the whole command
    // line's time); `--no-daemon` (a server started and stopped every call) beside them.
    let median = |args: &[&str]| {
        let mut t: Vec<Duration> = (0..5)
            .map(|_| {
                let (out, code, took) = c.json(args);
                assert_eq!(code, 0, "{out}");
                took
            })
            .collect();
        t.sort();
        t[2]
    };
    let def = ["def", "store/memory.go:MemoryStore.Get@m.<|>items"];
    let (warm_refs, warm_def) = (median(REFS), median(&def));
    let (_, _, cold_refs) = c.json(&[&["--no-daemon"], REFS].concat());
    let (_, _, cold_def) = c.json(&[&["--no-daemon"][..], &def[..]].concat());
    eprintln!(
        "warm engine: refs {warm_refs:?}, def {warm_def:?}; --no-daemon: refs {cold_refs:?}, def {cold_def:?}"
    );
    assert!(
        warm_refs < Duration::from_millis(100) && warm_def < Duration::from_millis(100),
        "warm refs {warm_refs:?}, def {warm_def:?}"
    );
    // The same bytes as in one process: --json, plain text and its standard error, a tool
    // error's exit code.
    for args in [
        &["--json", REFS[0], REFS[1]][..],
        REFS,
        &["search", "Item"][..],
        &["--json", "status"][..],
        &["neighbors", "garbage"][..],
        &["def", "store/store.go:Item@"][..],
    ] {
        let via = c.run(args);
        let own = c.run(&[&["--no-daemon"], args].concat());
        let (a, b) = (
            String::from_utf8_lossy(&via.stdout),
            String::from_utf8_lossy(&own.stdout),
        );
        if args == ["--json", "status"] {
            // The engine's status says so (and its servers run); the rest is the map's.
            let (mut a, mut b): (Value, Value) = (
                serde_json::from_str(&a).expect("json"),
                serde_json::from_str(&b).expect("json"),
            );
            assert!(
                a["data"]["engine"]["pid"].as_u64() == Some(pid as u64),
                "{a}"
            );
            assert!(b["data"].get("engine").is_none(), "{b}");
            for v in [&mut a, &mut b] {
                if let Some(d) = v["data"].as_object_mut() {
                    for k in ["engine", "servers"] {
                        d.remove(k);
                    }
                }
                v["tokenBudget"]["used"] = Value::Null;
            }
            assert_eq!(a, b);
            continue;
        }
        assert_eq!(a, b, "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&via.stderr),
            String::from_utf8_lossy(&own.stderr),
            "{args:?}"
        );
        assert_eq!(via.status.code(), own.status.code(), "{args:?}");
    }
    // A client that goes away mid-conversation (as one killed would) leaves the engine
    // serving the others.
    {
        use std::io::Write;
        let mut s = std::os::unix::net::UnixStream::connect(c.socket()).expect("connect");
        let _ = s.write_all(
            b"{\"op\":\"hello\",\"version\":\"x\",\"schema\":0,\"protocol\":1}\n{\"op\":\"call\"",
        );
    }
    let (again, code, _) = c.json(REFS);
    assert_eq!((again, code), (cold, 0));
    assert_eq!(c.engine_pid(), pid);
    // The plain status shows the engine.
    let text = String::from_utf8_lossy(&c.run(&["status"]).stdout).into_owned();
    assert!(text.contains(&format!("engine: pid {pid}")), "{text}");
}

#[test]
fn sigkill_of_the_engine_leaves_no_server_and_the_next_call_starts_a_new_one() {
    let c = Case::new("60");
    let (first, code, _) = c.json(REFS);
    assert_eq!(code, 0, "{first}");
    let pid = c.engine_pid();
    let servers = c.server_pids();
    assert!(!servers.is_empty());
    // The servers and what they started (gopls's telemetry process).
    let mut all = servers.clone();
    for s in &servers {
        all.extend(crate::util::children_of(*s).into_iter().map(|(p, _, _)| p));
    }
    let socket = c.socket();
    kill9(pid);
    eventually(Duration::from_secs(5), || {
        let left: Vec<u32> = all.iter().copied().filter(|p| alive(*p)).collect();
        (!left.is_empty()).then(|| format!("servers left running: {left:?}"))
    });
    assert!(!alive(pid));
    assert!(socket.exists(), "a SIGKILLed engine leaves its socket");
    // The next call is answered (a new engine, a new server), the stale socket replaced.
    let (second, code, _) = c.json(REFS);
    assert_eq!((second.as_str(), code), (first.as_str(), 0));
    let new_pid = c.engine_pid();
    assert_ne!(new_pid, pid);
    assert!(c.log().contains("removed a stale socket"), "{}", c.log());
    // And `engine stop` stops it with its servers.
    let servers = c.server_pids();
    let out = c.run(&["engine", "stop"]);
    assert!(out.status.success(), "{out:?}");
    assert!(!alive(new_pid));
    assert!(servers.iter().all(|p| !alive(*p)), "{servers:?}");
    assert!(!socket.exists(), "a stopped engine removes its socket");
    assert!(c.status().is_none());
    crate::util::tally("engine_sigkill", 0, 1, 1, 0);
}

#[test]
fn a_stale_socket_file_is_replaced() {
    let c = Case::new("60");
    let (first, _, _) = c.json(&["search", "Item"]);
    let socket = c.socket();
    let out = c.run(&["engine", "stop"]);
    assert!(out.status.success(), "{out:?}");
    // A socket file nobody listens on (as a crash leaves).
    drop(std::os::unix::net::UnixListener::bind(&socket).expect("bind"));
    assert!(socket.exists());
    let (again, code, _) = c.json(&["search", "Item"]);
    assert_eq!((again, code), (first, 0));
    assert!(c.status().is_some(), "answered by a new engine");
    assert!(c.log().contains("removed a stale socket"), "{}", c.log());
    crate::util::tally("engine_stale_socket", 0, 1, 1, 0);
}

#[test]
fn no_daemon_answers_in_this_process() {
    let c = Case::new("60");
    let (a, code, _) = c.json(&[&["--no-daemon"], REFS].concat());
    assert_eq!(code, 0, "{a}");
    let out = c
        .cmd()
        .env("CODEMAP_NO_DAEMON", "1")
        .args(["--json", "search", "Item"])
        .output()
        .expect("run");
    assert!(out.status.success());
    assert!(c.status().is_none(), "no engine was started");
    assert!(
        !c.engine_dir().join("x").with_extension("sock").exists()
            && std::fs::read_dir(c.engine_dir())
                .into_iter()
                .flatten()
                .flatten()
                .all(|e| e.path().extension().is_none_or(|x| x != "sock")),
        "no socket"
    );
    // Server options of a command's own run it in its own process too.
    let out = c.run(&["--json", "--no-lsp", "refs", REFS[1]]);
    assert!(out.status.success());
    assert!(c.status().is_none(), "no engine for --no-lsp");
}

#[test]
fn an_idle_engine_stops_by_itself_with_its_servers() {
    let c = Case::new("2");
    let (_, code, _) = c.json(REFS);
    assert_eq!(code, 0);
    let pid = c.engine_pid();
    let servers = c.server_pids();
    assert!(!servers.is_empty());
    let socket = c.socket();
    eventually(Duration::from_secs(20), || {
        alive(pid).then(|| format!("engine {pid} still running"))
    });
    eventually(Duration::from_secs(5), || {
        servers
            .iter()
            .any(|p| alive(*p))
            .then(|| format!("servers {servers:?} still running"))
    });
    assert!(!socket.exists());
    assert!(c.log().contains("idle for 2.0 s"), "{}", c.log());
}

#[test]
fn an_engine_directory_others_can_reach_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    let c = Case::new("60");
    std::fs::create_dir(c.engine_dir()).expect("mkdir");
    std::fs::set_permissions(c.engine_dir(), std::fs::Permissions::from_mode(0o755))
        .expect("chmod");
    let out = c.run(&["--json", "search", "Item"]);
    assert!(out.status.success(), "answered all the same: {out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("has mode 755") && err.contains("answered in this process"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_dir(c.engine_dir()).expect("dir").count(),
        0,
        "nothing made there"
    );
    let out = c.run(&["engine", "status"]);
    assert_eq!(out.status.code(), Some(1));
    crate::util::tally("engine_open_dir", 0, 1, 1, 0);
}

/// After an upgrade: the old build's engine is asked to stop, and once it has exited the
/// client starts one of its own build and answers through it (before: it answered in its own
/// process with a warning, and the next client greeted the old engine while it went: "did not
/// greet: Connection reset by peer").
#[test]
fn an_engine_of_another_version_is_asked_to_stop_and_replaced() {
    use std::io::{BufRead, BufReader, Write};
    let c = Case::new("60");
    let (want, _, _) = c.json(&["search", "Item"]);
    let socket = c.socket();
    let out = c.run(&["engine", "stop"]);
    assert!(out.status.success());
    // The old engine's pid: a process that has exited by the time it is asked about.
    let mut gone = std::process::Command::new("true").spawn().expect("true");
    let gone_pid = gone.id();
    gone.wait().expect("wait");
    // An "old engine" listening on the socket.
    let listener = std::os::unix::net::UnixListener::bind(&socket).expect("bind");
    let old = std::thread::spawn(move || {
        let (s, _) = listener.accept().expect("accept");
        let mut r = BufReader::new(s.try_clone().expect("clone"));
        let mut w = s;
        let mut lines = Vec::new();
        let mut line = String::new();
        r.read_line(&mut line).expect("hello");
        lines.push(line.clone());
        w.write_all(
            format!(
                "{{\"op\":\"hello\",\"hello\":{{\"version\":\"0.0.1-old\",\"schema\":1,\"protocol\":1}},\"pid\":{gone_pid}}}\n"
            )
            .as_bytes(),
        )
        .expect("reply");
        line.clear();
        r.read_line(&mut line).expect("next");
        lines.push(line);
        // It stops listening, then says it is stopping.
        drop(listener);
        let _ = w.write_all(format!("{{\"op\":\"stopping\",\"pid\":{gone_pid}}}\n").as_bytes());
        lines
    });
    let out = c.run(&["--json", "search", "Item"]);
    let lines = old.join().expect("old engine");
    assert!(lines[0].contains("\"op\":\"hello\""), "{lines:?}");
    assert_eq!(lines[1].trim(), "{\"op\":\"stop\"}", "asked to stop");
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        want,
        "answered all the same"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("answered in this process"), "{err}");
    let pid = c.engine_pid();
    assert!(pid > 0 && pid != gone_pid, "a new engine serves: {pid}");
    crate::util::tally("engine_other_version", 0, 1, 1, 0);
}

#[test]
fn clients_starting_at_once_share_one_engine_and_one_server() {
    let c = Case::new("60");
    let children: Vec<_> = (0..6)
        .map(|i| {
            let mut cmd = c.cmd();
            if i % 2 == 0 {
                cmd.args(["--json", REFS[0], REFS[1]]);
            } else {
                cmd.args(["--json", "search", "Item"]);
            }
            cmd.stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("spawn")
        })
        .collect();
    let outs: Vec<Output> = children
        .into_iter()
        .map(|ch| ch.wait_with_output().expect("wait"))
        .collect();
    for (i, o) in outs.iter().enumerate() {
        assert!(o.status.success(), "{i}: {o:?}");
        assert!(
            o.stderr.is_empty(),
            "{i}: no fallback: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert_eq!(o.stdout, outs[i % 2].stdout, "{i}: the same answer");
    }
    let pid = c.engine_pid();
    assert_eq!(c.server_pids().len(), 1, "one gopls");
    let gopls: Vec<_> = crate::util::children_of(pid)
        .into_iter()
        .filter(|(p, _, cmd)| alive(*p) && cmd.contains("gopls"))
        .collect();
    assert_eq!(gopls.len(), 1, "{gopls:?}");
    let s = c.status().expect("status");
    assert!(s["engine"]["requests"].as_u64() >= Some(6), "{s}");
}

/// The engine answers each connection on its own thread: a nav call stuck on a server that
/// never answers holds up no other client's search, and a client killed mid-call leaves the
/// engine serving the others.
#[test]
fn a_stuck_nav_call_holds_up_no_other_client_and_a_killed_client_none_either() {
    use std::os::unix::fs::PermissionsExt;
    let c = Case::of("py_app", "60");
    // The Python server found on PATH is the scripted fake, hanging after `initialize`.
    let bin_dir = c.runtime.path().join("bin");
    std::fs::create_dir(&bin_dir).expect("mkdir");
    let fake = crate::util::repo_root().join("tests/fake_lsp.py");
    let script = bin_dir.join("pyright-langserver");
    std::fs::write(
        &script,
        format!("#!/bin/sh\nexec python3 {} hang\n", fake.display()),
    )
    .expect("write");
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let path = format!("{}:/usr/bin:/bin", bin_dir.display());
    let spawn = |args: &[&str]| {
        c.cmd()
            .env("PATH", &path)
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("spawn")
    };
    // One request to the server (documentSymbol), which times out after 15 s.
    let outline = ["--json", "outline", "src/shop/models.py"];
    let started = Instant::now();
    let stuck = spawn(&outline);
    let killed = spawn(&outline);
    // Wait until the engine runs and the outline has reached the server.
    eventually(Duration::from_secs(10), || {
        let Some(s) = c.status() else {
            return Some("no engine yet".into());
        };
        let servers = s["servers"].as_array().map_or(0, Vec::len);
        (servers == 0).then(|| format!("no server yet: {s}"))
    });
    let pid = c.engine_pid();
    crate::util::kill_child(killed);
    for _ in 0..3 {
        let t = Instant::now();
        let out = c
            .cmd()
            .env("PATH", &path)
            .args(["--json", "search", "Order"])
            .output()
            .expect("run");
        let took = t.elapsed();
        assert!(out.status.success(), "{out:?}");
        assert!(
            took < Duration::from_secs(2),
            "a search waited {took:?} behind the stuck outline"
        );
    }
    assert_eq!(c.engine_pid(), pid, "the same engine serves on");
    let out = stuck.wait_with_output().expect("wait");
    let v: Value = serde_json::from_slice(&out.stdout).expect("envelope");
    assert_eq!(v["ok"], true, "a parse answers after the timeout: {v}");
    assert!(v["warnings"].to_string().contains("LSP_TIMEOUT"), "{v}");
    eprintln!("the stuck outline answered after {:?}", started.elapsed());
    assert_eq!(c.engine_pid(), pid);
    // A server that hangs, a client SIGKILLed mid-call.
    crate::util::tally("engine_stuck_and_killed_client", 0, 2, 2, 0);
}

/// MCP sessions (`serve`) relay their calls to the workspace's engine: two sessions and the
/// CLI get the same bytes from one engine and one gopls; the engine keeps the map fresh (its
/// watcher); a session killed leaves the engine serving the other; an engine killed under a
/// session is replaced at its next call, and leaves no server.
#[test]
fn mcp_sessions_share_the_engine() {
    use crate::util::Serve;
    use serde_json::json;
    let c = Case::new("60");
    let env = [("XDG_RUNTIME_DIR", c.runtime.path().as_os_str())];
    let mut a = Serve::start_env(c.root(), &[], &env);
    let mut b = Serve::start_env(c.root(), &[], &env);
    let args = json!({"nodeId": REFS[1]});
    let via_a = a.call_text("nav_references", args.clone());
    let via_b = b.call_text("nav_references", args.clone());
    let (cli, code, _) = c.json(REFS);
    assert_eq!(code, 0);
    assert_eq!(via_a, via_b);
    assert_eq!(format!("{via_a}\n"), cli, "MCP text = CLI --json");
    assert!(via_a.contains("\"source\":\"lsp\""), "{via_a}");
    let pid = c.engine_pid();
    assert_eq!(
        c.server_pids().len(),
        1,
        "one gopls for both sessions and the CLI"
    );
    assert!(a
        .children()
        .iter()
        .all(|(_, _, cmd)| !cmd.contains("gopls")));
    let st = a.call("map_status", json!({}));
    assert_eq!(st["data"]["engine"]["pid"], pid, "{st}");
    assert_eq!(st["data"]["watcher"]["state"], "running", "{st}");
    assert!(st["data"]["engine"]["clients"].as_u64() >= Some(2), "{st}");
    // The engine's watcher: a saved function is found soon.
    crate::util::write(
        c.root(),
        "store/extra.go",
        "package store\n\nfunc FreshlySaved() int { return 1 }\n",
    );
    eventually(Duration::from_secs(10), || {
        let v = b.call("map_search", json!({"query": "FreshlySaved"}));
        (!v.to_string().contains("store/extra.go#FreshlySaved")).then(|| format!("not yet: {v}"))
    });
    // A session killed: the other is answered by the same engine.
    a.kill();
    let again = b.call_text("nav_references", args.clone());
    assert_eq!(again, via_b);
    assert_eq!(c.engine_pid(), pid);
    // The engine killed under a session: no server left; the session's next call starts a
    // new engine and is answered.
    let servers = c.server_pids();
    kill9(pid);
    eventually(Duration::from_secs(5), || {
        servers
            .iter()
            .any(|p| alive(*p))
            .then(|| format!("servers left: {servers:?}"))
    });
    let after = b.call_text("nav_references", args);
    assert_eq!(after, via_b, "answered, not an error");
    let new_pid = c.engine_pid();
    assert_ne!(new_pid, pid);
    // The session holds on to the new engine too.
    eventually(Duration::from_secs(5), || {
        let Some(s) = c.status() else {
            return Some("no engine".into());
        };
        (s["engine"]["clients"].as_u64() < Some(2)).then(|| format!("session not held: {s}"))
    });
    let (took, code) = b.hang_up(Duration::from_secs(10));
    assert_eq!(code, Some(0), "serve exits on EOF ({took:?})");
    assert!(alive(new_pid), "the engine outlives its sessions");
    // A session SIGKILLed, the engine SIGKILLed under a session.
    crate::util::tally("engine_mcp_kills", 0, 2, 2, 0);
}

/// The engine answers each call with its caller's environment for dependencies, not with
/// the one it was started from (a new user's `pip install` and `$CODEMAP_LIB_CACHE` went
/// unseen): the library cache each call names is the one used, and a package installed after
/// the engine's pyright started is found (the server is restarted once its environment's
/// `site-packages` changed), by the same engine.
#[test]
fn each_call_brings_its_environment_and_a_package_installed_later_is_seen() {
    let ws = tempfile::Builder::new()
        .prefix("codemap-env-")
        .tempdir()
        .expect("tempdir");
    let ok = |c: &mut Command| {
        let out = c.output().expect("run");
        assert!(out.status.success(), "{c:?}: {out:?}");
    };
    ok(Command::new("python3")
        .args(["-m", "venv"])
        .arg(ws.path().join(".venv")));
    crate::util::write(
        ws.path(),
        "uses.py",
        "import attrs\n\n\ndef f():\n    return attrs.define\n",
    );
    let c = Case::on(ws, "60");
    let (a, b) = (
        tempfile::tempdir().expect("cache"),
        tempfile::tempdir().expect("cache"),
    );
    let call = |cache: &Path, args: &[&str]| -> Value {
        let out = c
            .cmd()
            .env("CODEMAP_LIB_CACHE", cache)
            .arg("--json")
            .args(args)
            .output()
            .expect("run codemap");
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {out:?}"))
    };
    let def = &["def", "uses.py:f@attrs.<|>define"];
    let in_attrs = |v: &Value| {
        v["data"]["definitions"]
            .to_string()
            .contains("site-packages/attr")
    };
    let v = call(a.path(), def);
    assert_eq!(v["data"]["source"], "lsp", "{v}");
    assert!(!in_attrs(&v), "attrs is not installed yet: {v}");
    let pid = c.engine_pid();

    ok(Command::new(c.root().join(".venv/bin/pip")).args([
        "install",
        "-q",
        "--no-deps",
        "attrs==23.2.0",
    ]));
    let v = call(a.path(), def);
    assert!(in_attrs(&v), "installed after pyright started: {v}");
    assert!(
        v["data"]["definitions"]
            .to_string()
            .contains("\"lib\":\"attrs\""),
        "{v}"
    );
    assert_eq!(c.engine_pid(), pid, "the same engine");
    let s = c.status().expect("status");
    let py = s["servers"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|x| x["lang"] == "py")
        .cloned()
        .unwrap_or_default();
    assert_eq!(py["envRestarts"], 1, "{s}");
    // Nothing changed since: no other restart.
    let v = call(a.path(), def);
    assert!(in_attrs(&v), "{v}");

    // The library cache each call names.
    for cache in [b.path(), a.path()] {
        let v = call(cache, &["deps"]);
        assert_eq!(
            v["data"]["cache"].as_str(),
            Some(cache.to_str().expect("utf-8")),
            "{v}"
        );
    }
    let s = c.status().expect("status");
    assert!(s.to_string().contains("\"envRestarts\":1"), "{s}");
    assert_eq!(c.engine_pid(), pid, "the same engine");
}

/// A file edited on disk after the engine's server read it (it is not open there): the
/// server's next references are of the new text, not the old lines shown beside the new text
/// (a new user's `refs` after inserting lines gave the old line numbers, with whatever the
/// file now held there, and no warning).
#[test]
fn references_in_a_file_edited_after_the_server_read_it_are_at_its_new_lines() {
    let ws = tempfile::Builder::new()
        .prefix("codemap-edit-")
        .tempdir()
        .expect("tempdir");
    crate::util::write(ws.path(), "lib.py", "def helper(x):\n    return x\n");
    crate::util::write(
        ws.path(),
        "use.py",
        "from lib import helper\n\n\ndef run():\n    return helper(1)\n",
    );
    let c = Case::on(ws, "60");
    let refs = || -> Value {
        let (t, code, _) = c.json(&["refs", "lib.py:helper@def <|>helper"]);
        assert_eq!(code, 0, "{t}");
        serde_json::from_str(&t).expect("JSON")
    };
    let at = |v: &Value| -> Vec<String> {
        let mut out = Vec::new();
        for f in v["data"]["references"].as_array().into_iter().flatten() {
            for i in f["items"].as_array().into_iter().flatten() {
                out.push(format!(
                    "{}:{} {}",
                    f["file"].as_str().unwrap_or(""),
                    i["at"].as_str().unwrap_or(""),
                    i["snippet"].as_str().unwrap_or("")
                ));
            }
        }
        out.sort();
        out
    };
    let v = refs();
    assert_eq!(v["data"]["source"], "lsp", "{v}");
    assert_eq!(
        at(&v),
        [
            "use.py:1:17 from lib import helper",
            "use.py:5:12 return helper(1)"
        ],
        "{v}"
    );
    // Three lines above, and a second call.
    crate::util::write(
        c.root(),
        "use.py",
        "# one\n# two\n# three\nfrom lib import helper\n\n\ndef run():\n    return helper(1) + helper(2)\n",
    );
    let v = refs();
    assert_eq!(
        at(&v),
        [
            "use.py:4:17 from lib import helper",
            "use.py:8:12 return helper(1) + helper(2)",
            "use.py:8:24 return helper(1) + helper(2)"
        ],
        "{v}"
    );
    // The calls are in `run` by the file now (the map, not re-indexed, has `run` at lines
    // 4-5), and the map's reference at its old line is left out, and said.
    let items = v["data"]["references"][0]["items"].to_string();
    assert_eq!(
        items.matches("\"nodeId\":\"py:use.py#run\"").count(),
        2,
        "{v}"
    );
    assert!(
        v["warnings"]
            .to_string()
            .contains("changed since the last index run"),
        "{v}"
    );
}

/// An edit to a file no answer named (a call added), a new file with a call, and a file
/// deleted, after the engine's server read the workspace: the server is told of each (a walk
/// for files changed on disk before it is asked), so its references and callers list the
/// new calls; the map, not re-indexed, knows none of them. Before, the answer stayed at the
/// first one's, with no warning.
#[test]
fn calls_added_in_files_no_answer_named_are_found_by_the_engine_s_server() {
    let ws = tempfile::Builder::new()
        .prefix("codemap-edit-")
        .tempdir()
        .expect("tempdir");
    crate::util::write(ws.path(), "lib.py", "def helper(x):\n    return x\n");
    crate::util::write(
        ws.path(),
        "use.py",
        "from lib import helper\n\n\ndef run():\n    return helper(1)\n",
    );
    crate::util::write(ws.path(), "other.py", "def other():\n    return 0\n");
    let c = Case::on(ws, "60");
    let ask = |tool: &str| -> (Vec<String>, Value) {
        let at = "lib.py:helper@def <|>helper";
        if tool == "refs" {
            return c.refs(at);
        }
        let (t, code, _) = c.json(&[tool, at]);
        assert_eq!(code, 0, "{t}");
        (Vec::new(), serde_json::from_str(&t).expect("JSON"))
    };
    let (refs, v) = ask("refs");
    assert_eq!(v["data"]["source"], "lsp", "{v}");
    assert_eq!(refs, ["use.py:1:17", "use.py:5:12"], "{v}");
    crate::util::write(
        c.root(),
        "other.py",
        "from lib import helper\n\n\ndef other():\n    return helper(3)\n",
    );
    crate::util::write(c.root(), "fresh.py", "import lib\n\nlib.helper(4)\n");
    let (refs, v) = ask("refs");
    assert_eq!(
        refs,
        [
            "fresh.py:3:5",
            "other.py:1:17",
            "other.py:5:12",
            "use.py:1:17",
            "use.py:5:12"
        ],
        "{v}"
    );
    assert_eq!(v["data"]["source"], "lsp", "{v}");
    let (_, v) = ask("calls");
    let callers = v["data"]["calls"].to_string();
    assert!(
        callers.contains("\"nodeId\":\"py:other.py#other\"")
            && callers.contains("\"file\":\"fresh.py\""),
        "{v}"
    );
    std::fs::remove_file(c.root().join("use.py")).expect("rm");
    let (refs, v) = ask("refs");
    assert_eq!(
        refs,
        ["fresh.py:3:5", "other.py:1:17", "other.py:5:12"],
        "{v}"
    );
    // What it was told, in the server's status.
    let (t, _, _) = c.json(&["status"]);
    let status: Value = serde_json::from_str(&t).expect("JSON");
    let told = status["data"]["servers"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|s| s["lang"] == "py")
        .map(|s| s["toldChanged"].as_u64().unwrap_or(0));
    assert!(told >= Some(2), "{status}");
}

/// The same with gopls, which held an edited file it had read as it was (a new user's edit
/// to a file no answer named was missing from `refs` 20 s later, with no warning).
#[test]
fn gopls_is_told_of_an_edit_to_a_file_no_answer_named() {
    let ws = tempfile::Builder::new()
        .prefix("codemap-edit-")
        .tempdir()
        .expect("tempdir");
    crate::util::write(ws.path(), "go.mod", "module example.com/m\n\ngo 1.22\n");
    crate::util::write(
        ws.path(),
        "lib.go",
        "package m\n\nfunc Helper(x int) int { return x }\n",
    );
    crate::util::write(
        ws.path(),
        "use.go",
        "package m\n\nfunc run() int { return Helper(1) }\n",
    );
    crate::util::write(
        ws.path(),
        "other.go",
        "package m\n\nfunc other() int { return 0 }\n",
    );
    let c = Case::on(ws, "60");
    let refs = || -> Vec<String> {
        let (out, v) = c.refs("go:lib.go#Helper");
        assert_eq!(v["data"]["source"], "lsp", "{v}");
        out
    };
    assert_eq!(refs(), ["use.go:3:25"]);
    crate::util::write(
        c.root(),
        "other.go",
        "package m\n\nfunc other() int { return Helper(3) }\n",
    );
    crate::util::write(c.root(), "fresh.go", "package m\n\nvar fresh = Helper(4)\n");
    assert_eq!(refs(), ["fresh.go:3:13", "other.go:3:27", "use.go:3:25"]);
}

/// Callers of a method given by node ID, in a file edited since indexing (a line inserted
/// above it): the map's lines there are old, so the map adds no callers by the name alone
/// (they were another `make`'s, labelled `source: map`, before).
#[test]
fn callers_after_an_edit_above_the_target_are_not_a_namesake_s() {
    let ws = tempfile::Builder::new()
        .prefix("codemap-edit-")
        .tempdir()
        .expect("tempdir");
    crate::util::write(
        ws.path(),
        "m.py",
        "class A:\n    def make(self):\n        return 1\n\n\nclass B:\n    def make(self):\n        return 2\n",
    );
    crate::util::write(
        ws.path(),
        "use.py",
        "from m import A, B\n\n\ndef uses_a():\n    return A().make()\n\n\ndef uses_b():\n    return B().make()\n",
    );
    let c = Case::on(ws, "60");
    let callers = || -> (Vec<String>, Value) {
        let (t, code, _) = c.json(&["calls", "py:m.py#B.make", "--direction", "incoming"]);
        assert_eq!(code, 0, "{t}");
        let v: Value = serde_json::from_str(&t).expect("JSON");
        let mut out: Vec<String> = v["data"]["calls"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|x| x["nodeId"].as_str().map(str::to_string))
            .collect();
        out.sort();
        (out, v)
    };
    let (before, v) = callers();
    assert_eq!(before, ["py:use.py#uses_b"], "{v}");
    crate::util::write(
        c.root(),
        "m.py",
        "class A:\n    def make(self):\n        return 1\n\n\nclass B:\n    # a line above\n    def make(self):\n        return 2\n",
    );
    let (after, v) = callers();
    assert_eq!(after, ["py:use.py#uses_b"], "{v}");
}

/// JDT LS keeps what it learnt in its workspace folder between runs and does not look for
/// files changed while it was down: the next engine's server is told of those changed since
/// its state (`.codemap/server-java.told`: the last catch-up of the one that stopped), once it
/// has loaded. Before, a call added while the engine was down stayed unseen after a restart.
#[test]
fn jdtls_after_a_restart_is_told_of_files_changed_while_it_was_down() {
    let ws = tempfile::Builder::new()
        .prefix("codemap-jdt-")
        .tempdir()
        .expect("tempdir");
    crate::util::write(
        ws.path(),
        "p/Util.java",
        "package p;\n\npublic class Util {\n    static String strip(String s) { return s.trim(); }\n}\n",
    );
    crate::util::write(
        ws.path(),
        "p/A.java",
        "package p;\n\nclass A {\n    String a(String s) { return Util.strip(s); }\n}\n",
    );
    crate::util::write(
        ws.path(),
        "p/B.java",
        "package p;\n\nclass B {\n    String b(String s) { return s; }\n}\n",
    );
    let c = Case::on(ws, "120");
    let refs = || -> Vec<String> {
        let (out, v) = c.refs("java:p/Util.java#Util.strip");
        assert_eq!(v["data"]["source"], "lsp", "{v}");
        out
    };
    assert_eq!(refs(), ["p/A.java:4:38"]);
    let out = c.run(&["engine", "stop"]);
    assert!(out.status.success(), "{out:?}");
    assert!(c.root().join(".codemap/server-java.told").is_file());
    // While no engine runs: a call added to B, and a new file with one.
    crate::util::write(
        c.root(),
        "p/B.java",
        "package p;\n\nclass B {\n    String b(String s) { return Util.strip(s); }\n}\n",
    );
    crate::util::write(
        c.root(),
        "p/C.java",
        "package p;\n\nclass C {\n    String c(String s) { return Util.strip(s); }\n}\n",
    );
    assert_eq!(refs(), ["p/A.java:4:38", "p/B.java:4:38", "p/C.java:4:38"]);
}

/// [`tree_rss_kb`] at rest: the least of five samples 0.2 s apart (gopls's telemetry child now
/// and then holds 100 MB more for a moment, on either side of a comparison).
fn settled_rss_kb(pid: u32, skip: u32) -> u64 {
    (0..5)
        .map(|i| {
            if i > 0 {
                std::thread::sleep(Duration::from_millis(200));
            }
            tree_rss_kb(pid, skip)
        })
        .min()
        .unwrap_or(0)
}

/// Each process of a tree with its resident memory, for a message: `[codemap 30 MB, gopls …]`.
fn rss_parts(pid: u32) -> String {
    let name = |cmd: &str| {
        cmd.split_whitespace()
            .take(2)
            .map(|w| w.rsplit('/').next().unwrap_or(w))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let me = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
    let mut parts = vec![format!(
        "{} {} MB",
        name(&String::from_utf8_lossy(&me).replace('\0', " ")),
        crate::util::proc_status_kb(pid, "VmRSS") / 1024
    )];
    for (p, cmd) in descendants(pid) {
        parts.push(format!(
            "{} {} MB",
            name(&cmd),
            crate::util::proc_status_kb(p, "VmRSS") / 1024
        ));
    }
    format!("[{}]", parts.join(", "))
}

/// Resident memory (KiB) of a process and all its descendants still running, but `skip`'s
/// (the engine is the child of the client that started it while that client runs).
fn tree_rss_kb(pid: u32, skip: u32) -> u64 {
    let mut total = crate::util::proc_status_kb(pid, "VmRSS");
    for (child, state, _) in crate::util::children_of(pid) {
        if state != "Z" && child != skip {
            total += tree_rss_kb(child, skip);
        }
    }
    total
}

/// A workspace of three languages: go_app at the root, py_app beside it, ts_app in `web/`.
fn polyglot() -> tempfile::TempDir {
    let ws = crate::util::fixture("go_app");
    let fixtures = crate::util::repo_root().join("tests/fixtures");
    crate::util::copy_dir(&fixtures.join("py_app"), ws.path());
    crate::util::copy_dir(&fixtures.join("ts_app"), &ws.path().join("web"));
    index(ws.path());
    ws
}

/// One symbol a language, asked about by every session and CLI call.
const POLYGLOT_REFS: &[&str] = &[
    "go:store/store.go#Item",
    "py:src/shop/models.py#Order",
    "ts:web/src/cart.ts#Cart",
];

/// Four MCP sessions and a stream of CLI calls on one repository of three languages run one
/// server per language, in one engine, whose census (the engine and every process under it)
/// stays within 1.2 times one session's in its own process (`--no-daemon`) that was asked as
/// many questions (24: the servers' heaps grow with the work, whoever asks); each census at
/// rest ([`settled_rss_kb`]).
#[test]
fn four_sessions_and_cli_calls_run_one_server_per_language_at_about_one_sessions_cost() {
    use crate::util::Serve;
    use serde_json::json;
    let ws = polyglot();
    let runtime = tempfile::Builder::new()
        .prefix("codemap-rt-")
        .tempdir()
        .expect("tempdir");
    let c = Case {
        ws,
        runtime,
        idle: "60",
    };
    // gopls's telemetry child (`gopls **`) works on its own schedule, now 27 MB, now 123 MB, on
    // either side of the comparison: off for this test's processes (a configuration directory
    // of their own, whose go/telemetry/mode says so; GOENV still names the machine's go env).
    let config = c.runtime.path().join("config");
    crate::util::write(&config, "go/telemetry/mode", "off");
    let goenv = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))
        .map(|d| d.join("go/env"))
        .unwrap_or_default();
    let ask = |s: &mut Serve| -> Vec<String> {
        POLYGLOT_REFS
            .iter()
            .map(|id| {
                let t = s.call_text("nav_references", json!({"nodeId": id}));
                assert!(t.contains("\"source\":\"lsp\""), "{id}: {t}");
                t
            })
            .collect()
    };
    // One session in its own process, as before the engine, asked as often as the four
    // sessions and the CLI calls below are in all.
    let (own, own_answers, own_parts, own_codemap_kb) = {
        let env = [
            ("XDG_CONFIG_HOME", config.as_os_str()),
            ("GOENV", goenv.as_os_str()),
        ];
        let mut s = Serve::start_env(c.root(), &["--no-daemon"], &env);
        let answers = ask(&mut s);
        for _ in 1..8 {
            assert_eq!(ask(&mut s), answers);
        }
        std::thread::sleep(Duration::from_millis(500));
        let langs = s.children().len();
        assert_eq!(langs, 3, "three servers: {:?}", s.children());
        (
            settled_rss_kb(s.pid(), 0),
            answers,
            rss_parts(s.pid()),
            crate::util::proc_status_kb(s.pid(), "VmRSS"),
        )
    };
    let env = [
        ("XDG_RUNTIME_DIR", c.runtime.path().as_os_str()),
        ("XDG_CONFIG_HOME", config.as_os_str()),
        ("GOENV", goenv.as_os_str()),
    ];
    let mut sessions: Vec<Serve> = (0..4)
        .map(|_| Serve::start_env(c.root(), &[], &env))
        .collect();
    // Each session asks, then a round of CLI calls (the first session started the engine):
    // in turn, as the one session above asked, so that the comparison is of processes, not of
    // a server's heap after a burst (asked all at once on a loaded machine, the engine's gopls
    // once kept 216 MB against 126).
    let mut cli = 0;
    for (round, s) in sessions.iter_mut().enumerate() {
        let answers = ask(s);
        assert_eq!(answers, own_answers, "the same answers through the engine");
        for id in POLYGLOT_REFS {
            let (t, code, _) = c.json(&["refs", id]);
            assert_eq!(code, 0, "round {round} {id}: {t}");
            cli += 1;
        }
    }
    std::thread::sleep(Duration::from_millis(500));
    let pid = c.engine_pid();
    let st = c.status().expect("status");
    let mut langs: Vec<&str> = st["servers"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|s| s["lang"].as_str())
        .collect();
    langs.sort();
    assert_eq!(langs, ["go", "py", "ts"], "one server per language: {st}");
    let children: Vec<_> = crate::util::children_of(pid)
        .into_iter()
        .filter(|(_, state, _)| state != "Z")
        .collect();
    assert_eq!(children.len(), 3, "the engine's children: {children:?}");
    // A session's only child may be the engine (the first one started it).
    for s in &sessions {
        let own: Vec<_> = s
            .children()
            .into_iter()
            .filter(|(p, _, _)| *p != pid)
            .collect();
        assert!(own.is_empty(), "a session starts no server: {own:?}");
    }
    let engine = settled_rss_kb(pid, 0);
    let relays: u64 = sessions.iter().map(|s| tree_rss_kb(s.pid(), pid)).sum();
    eprintln!(
        "one session in its own process: {} MB {own_parts}; four sessions and {cli} CLI calls through the engine: engine and servers {} MB ({:.2}x) {}, the four relays {} MB",
        own / 1024,
        engine / 1024,
        engine as f64 / own as f64,
        rss_parts(pid),
        relays / 1024
    );
    // gopls's heap swings between 120 and 220 MB at rest, on either side of the comparison
    // (its collector's timing: the same run once had the engine's at 216 MB against 125, and
    // the one session's at 220 against 120): the whole is held to 1.5x, which four sets of
    // servers (about 4x) are far past, and the engine's own process to 1.2x one session's.
    assert!(
        engine as f64 <= own as f64 * 1.5,
        "engine census {engine} KiB, one session {own} KiB"
    );
    let (engine_own, session_own) = (crate::util::proc_status_kb(pid, "VmRSS"), own_codemap_kb);
    assert!(
        engine_own as f64 <= session_own as f64 * 1.2 + 8192.0,
        "the engine's process {engine_own} KiB, one session's {session_own} KiB"
    );
}

/// SIGTERM stops an engine as `engine stop` does: its socket removed, its servers shut down.
#[test]
fn sigterm_stops_the_engine_cleanly() {
    let c = Case::new("60");
    let (_, code, _) = c.json(REFS);
    assert_eq!(code, 0);
    let pid = c.engine_pid();
    let servers = c.server_pids();
    let socket = c.socket();
    let _ = Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status();
    eventually(Duration::from_secs(10), || {
        alive(pid).then(|| format!("engine {pid} still running"))
    });
    assert!(servers.iter().all(|p| !alive(*p)), "{servers:?}");
    assert!(!socket.exists(), "its socket removed");
    let log = c.log();
    assert!(
        log.contains("SIGTERM received") && log.contains("stopping (asked to stop)"),
        "{log}"
    );
    crate::util::tally("engine_sigterm", 0, 1, 1, 0);
}

/// A session's first call on a workspace without a map waits for the engine's first build,
/// told its progress (MCP progress notifications, read from the engine's state).
#[test]
fn a_sessions_first_call_waits_for_the_engines_first_build_with_progress() {
    use crate::util::Serve;
    use serde_json::json;
    let ws = tempfile::Builder::new()
        .prefix("codemap-")
        .tempdir()
        .expect("tempdir");
    // Enough files that the first build takes a while (a second or two on two cores).
    const FILES: usize = 20000;
    for i in 0..FILES {
        crate::util::write(
            ws.path(),
            &format!("pkg{}/m{i}.py", i % 200),
            format!("def f{i}(x):\n    return g{i}(x)\n\n\ndef g{i}(x):\n    return x\n"),
        );
    }
    let runtime = tempfile::tempdir().expect("tempdir");
    let env = [("XDG_RUNTIME_DIR", runtime.path().as_os_str())];
    let mut s = Serve::start_env(ws.path(), &[], &env);
    let t = Instant::now();
    let (result, progress) = s.call_with_progress("map_search", json!({"query": "f4321"}));
    let took = t.elapsed();
    let text = result["content"][0]["text"].as_str().unwrap_or("");
    assert!(text.contains("pkg121/m4321.py#f4321"), "{result}");
    eprintln!(
        "first build through the engine: {took:?}, {} progress notifications",
        progress.len()
    );
    assert!(!progress.is_empty(), "no progress in {took:?}");
    let last = progress.last().expect("one");
    assert_eq!(last["total"].as_f64(), Some(FILES as f64), "{last}");
    assert!(
        last["message"]
            .as_str()
            .is_some_and(|m| m.contains("building the map")),
        "{last}"
    );
    let (took, code) = s.hang_up(Duration::from_secs(10));
    assert_eq!(code, Some(0), "{took:?}");
    // The engine is stopped with its workspace.
    let _ = Command::new(bin())
        .env("XDG_RUNTIME_DIR", runtime.path())
        .arg("--root")
        .arg(ws.path())
        .args(["engine", "stop"])
        .output();
}

/// The live processes under `pid` (children, theirs, and so on; zombies left out): (pid,
/// command line).
fn descendants(pid: u32) -> Vec<(u32, String)> {
    let mut out = Vec::new();
    for (child, state, cmd) in crate::util::children_of(pid) {
        if state != "Z" {
            out.push((child, cmd));
            out.extend(descendants(child));
        }
    }
    out
}

/// Live processes whose working directory or command line is in `root` (what a workspace's
/// servers and their helpers look like), wherever they hang in the tree: an orphan census.
fn processes_in(root: &Path) -> Vec<(u32, String)> {
    let root_s = root.display().to_string();
    let me = std::process::id();
    let mut out = Vec::new();
    for e in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        if pid == me || !alive(pid) {
            continue;
        }
        let cwd = std::fs::read_link(e.path().join("cwd")).unwrap_or_default();
        let cmd =
            String::from_utf8_lossy(&std::fs::read(e.path().join("cmdline")).unwrap_or_default())
                .replace('\0', " ");
        if cwd.starts_with(root) || cmd.contains(&root_s) {
            out.push((pid, cmd));
        }
    }
    out
}

/// The inotify watches a process holds (its inotify descriptors' `inotify wd:` lines).
fn inotify_watches(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fdinfo"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| {
            std::fs::read_to_string(e.path())
                .unwrap_or_default()
                .lines()
                .filter(|l| l.starts_with("inotify wd:"))
                .count()
        })
        .sum()
}

/// `codemap watch` is a client of the engine: the engine runs the one watcher (and the only
/// index runs) for every `watch` and MCP session on the workspace, and sends each of its runs
/// to every `watch`, which prints it as in its own process. A SIGKILLed engine is replaced
/// (the `watch` follows on through the new one); a stopped one ends the `watch`es.
#[test]
fn watch_goes_through_the_engine_one_watcher_for_every_client() {
    use crate::util::Serve;
    use serde_json::json;
    let c = Case::new("60");
    let spawn = |json: bool, name: &str| {
        let out = c.runtime.path().join(format!("{name}.out"));
        let err = c.runtime.path().join(format!("{name}.err"));
        let mut cmd = c.cmd();
        if json {
            cmd.arg("--json");
        }
        let child = cmd
            .arg("watch")
            .stdout(std::fs::File::create(&out).expect("out"))
            .stderr(std::fs::File::create(&err).expect("err"))
            .spawn()
            .expect("spawn watch");
        (child, out, err)
    };
    let read = |p: &Path| std::fs::read_to_string(p).unwrap_or_default();
    let (mut text_watch, text_out, text_err) = spawn(false, "text");
    let (mut json_watch, json_out, json_err) = spawn(true, "json");
    let env = [("XDG_RUNTIME_DIR", c.runtime.path().as_os_str())];
    let mut session = Serve::start_env(c.root(), &[], &env);
    // Both print the engine's catch-up run (the map was up to date: nothing extracted).
    eventually(Duration::from_secs(20), || {
        let (t, j) = (read(&text_out), read(&json_out));
        (t.lines().count() < 1 || j.lines().count() < 1)
            .then(|| format!("not yet: {t:?} {j:?} {}", read(&text_err)))
    });
    let pid = c.engine_pid();
    let s = c.status().expect("status");
    assert_eq!(s["watchClients"], 2, "{s}");
    assert!(
        read(&text_err).contains(&format!("through its engine (pid {pid}")),
        "{}",
        read(&text_err)
    );
    // The one watcher is the engine's: neither `watch` nor the session holds an inotify watch.
    assert!(inotify_watches(pid) > 0, "the engine watches");
    for (who, p) in [
        ("text watch", text_watch.id()),
        ("json watch", json_watch.id()),
        ("session", session.pid()),
    ] {
        assert_eq!(inotify_watches(p), 0, "{who} watches nothing itself");
    }
    let runs = |c: &Case| -> u64 {
        let (v, _, _) = c.json(&["status"]);
        let v: Value = serde_json::from_str(&v).expect("status");
        v["data"]["watcher"]["runs"].as_u64().unwrap_or(0)
    };
    assert_eq!(runs(&c), 0);
    // A save: one run of the one watcher, printed by both, searchable in the session.
    crate::util::write(
        c.root(),
        "store/extra.go",
        "package store\n\nfunc FreshlySaved() int { return 1 }\n",
    );
    eventually(Duration::from_secs(10), || {
        let v = session.call("map_search", json!({"query": "FreshlySaved"}));
        (!v.to_string().contains("store/extra.go#FreshlySaved")).then(|| format!("not yet: {v}"))
    });
    eventually(Duration::from_secs(10), || {
        let n = runs(&c) as usize;
        let (t, j) = (read(&text_out), read(&json_out));
        (n == 0 || t.lines().count() != 1 + n || j.lines().count() != 1 + n)
            .then(|| format!("{n} runs, printed: {t:?} {j:?}"))
    });
    let t = read(&text_out);
    assert!(t.contains("(1 extracted"), "{t}");
    let last: Value =
        serde_json::from_str(read(&json_out).lines().last().expect("a line")).expect("JSON");
    assert!(last["extracted"].as_u64() >= Some(1), "{last}");
    // SIGKILL of the engine: its watch clients start a new one and follow on; a save is
    // printed again, by the new engine's watcher.
    kill9(pid);
    eventually(Duration::from_secs(15), || {
        let e = read(&text_err);
        (!e.contains("watching on through a new one")).then(|| format!("not yet: {e}"))
    });
    let new_pid = c.engine_pid();
    assert_ne!(new_pid, pid);
    let before = read(&text_out).lines().count();
    crate::util::write(
        c.root(),
        "store/extra.go",
        "package store\n\nfunc FreshlySavedAgain() int { return 2 }\n",
    );
    eventually(Duration::from_secs(10), || {
        let t = read(&text_out);
        (!t.lines().skip(before).any(|l| l.contains("(1 extracted")))
            .then(|| format!("not yet: {t}"))
    });
    eventually(Duration::from_secs(10), || match c.status() {
        Some(s) => (s["watchClients"] != 2).then(|| format!("{s}")),
        None => Some("no engine".into()),
    });
    // `engine stop` ends every watch (0, said), and no other engine is started.
    let out = c.run(&["engine", "stop"]);
    assert!(out.status.success(), "{out:?}");
    for (w, err) in [(&mut text_watch, &text_err), (&mut json_watch, &json_err)] {
        let t = Instant::now();
        let code = loop {
            if let Ok(Some(st)) = w.try_wait() {
                break st.code();
            }
            assert!(t.elapsed() < Duration::from_secs(10), "watch still runs");
            std::thread::sleep(Duration::from_millis(50));
        };
        assert_eq!(code, Some(0));
        assert!(
            read(err).contains("was stopped; watch ends"),
            "{}",
            read(err)
        );
    }
    drop(session);
    crate::util::tally("engine_watch", 0, 2, 2, 0);
}

/// Every language server the engine can run (gopls has its test above), each in its own
/// smallest fixture: a server SIGKILLed is restarted and reaped (the next call answered); the
/// engine SIGKILLed leaves nothing running: neither the server nor what it started (tsc's
/// native child, rust-analyzer's proc-macro server and cargo, clangd's index, JDT LS's JVM),
/// by the engine's process tree taken before and by a census of every process working in the
/// workspace after.
#[test]
fn sigkill_of_the_engine_orphans_no_process_of_any_server() {
    let cases: &[(&str, &str, &str)] = &[
        ("py_app", "src/shop/models.py", "pyright"),
        ("ts_app", "src/cart.ts", "tsc"),
        ("rs_app", "crates/store/src/lib.rs", "rust-analyzer"),
        // clangd through codemap-clangd (its background index on).
        ("c_app", "src/main.c", "clangd"),
        // JDT LS: its first answer takes 15-20 s on two cores.
        (
            "java_app",
            "src/main/java/com/acme/shop/Store.java",
            "jdtls",
        ),
    ];
    let (mut faults, mut survived) = (0u64, 0u64);
    for (name, file, server) in cases {
        let c = Case::of(name, "120");
        let outline = ["outline", file];
        let (first, code, took) = c.json(&outline);
        assert_eq!(code, 0, "{name}: {first}");
        eprintln!("{name}: {server} answered the first outline in {took:?}");
        let servers = c.server_pids();
        assert_eq!(servers.len(), 1, "{name}: {server} runs in the engine");
        // SIGKILL of the server: reaped, and the next call answered (by a server restarted,
        // or the parse while it starts again).
        kill9(servers[0]);
        faults += 1;
        let (again, code, _) = c.json(&outline);
        assert_eq!(
            code, 0,
            "{name}: answered after its server was killed: {again}"
        );
        eventually(Duration::from_secs(10), || {
            std::path::Path::new(&format!("/proc/{}", servers[0]))
                .exists()
                .then(|| format!("{name}: the killed {server} is not reaped"))
        });
        survived += 1;
        // Let the server restart, so the engine dies with a server (and its helpers) running.
        eventually(Duration::from_secs(60), || {
            let (v, _, _) = c.json(&outline);
            (!v.contains("\"source\":\"lsp\""))
                .then(|| format!("{name}: not from {server} yet: {v}"))
        });
        let pid = c.engine_pid();
        let tree = descendants(pid);
        assert!(
            tree.iter().any(|(p, _)| c.server_pids().contains(p)),
            "{name}: {tree:?}"
        );
        eprintln!("{name}: the engine's tree: {tree:?}");
        kill9(pid);
        faults += 1;
        eventually(Duration::from_secs(15), || {
            let left: Vec<_> = tree.iter().filter(|(p, _)| alive(*p)).collect();
            (!left.is_empty()).then(|| format!("{name}: left running: {left:?}"))
        });
        eventually(Duration::from_secs(15), || {
            let left = processes_in(c.root());
            (!left.is_empty())
                .then(|| format!("{name}: orphans working in the workspace: {left:?}"))
        });
        // The next call starts a new engine and is answered.
        let (after, code, _) = c.json(&outline);
        assert_eq!(code, 0, "{name}: {after}");
        assert_ne!(c.engine_pid(), pid);
        survived += 1;
    }
    crate::util::tally("engine_sigkill_servers", 0, faults, survived, 0);
}

/// What a dead engine leaves (its socket, its lock with its pid, its log) is taken over by
/// the next engine of its workspace (socket replaced, lock and log rewritten: nothing piles
/// up), and cleared by the next client of any workspace once its own workspace is gone; a
/// live engine's files are left alone.
#[test]
fn a_dead_engines_stale_files_are_cleared_by_the_next_client() {
    let c = Case::new("60");
    let (want, code, _) = c.json(&["search", "Item"]);
    assert_eq!(code, 0);
    let pid = c.engine_pid();
    let socket = c.socket();
    let (lock, log) = (socket.with_extension("lock"), socket.with_extension("log"));
    let read = |p: &Path| std::fs::read_to_string(p).unwrap_or_default();
    assert_eq!(
        read(&lock),
        format!("{pid}\n{}\n", c.root().display()),
        "the lock names the engine and its root"
    );
    kill9(pid);
    eventually(Duration::from_secs(5), || {
        alive(pid).then(|| "alive".into())
    });
    assert!(
        socket.exists() && lock.exists() && log.exists(),
        "left behind"
    );
    // The same workspace's next client: its new engine takes them over.
    let (again, code, _) = c.json(&["search", "Item"]);
    assert_eq!((again.as_str(), code), (want.as_str(), 0));
    let new_pid = c.engine_pid();
    assert_eq!(read(&lock), format!("{new_pid}\n{}\n", c.root().display()));
    let l = read(&log);
    assert!(l.contains("removed a stale socket"), "a new socket: {l}");
    assert!(
        l.contains(&format!("pid {new_pid} serving")) && !l.contains(&format!("pid {pid} serving")),
        "the log holds the new engine's life only: {l}"
    );
    assert_eq!(
        std::fs::read_dir(c.engine_dir()).expect("dir").count(),
        3,
        "one engine's files"
    );
    // Another workspace's engine dies and its workspace is deleted; a third's lives.
    let other = tempfile::Builder::new()
        .prefix("codemap-")
        .tempdir()
        .expect("tempdir");
    crate::util::copy_dir(
        &crate::util::repo_root().join("tests/fixtures/go_app"),
        other.path(),
    );
    index(other.path());
    let live = tempfile::Builder::new()
        .prefix("codemap-")
        .tempdir()
        .expect("tempdir");
    crate::util::copy_dir(
        &crate::util::repo_root().join("tests/fixtures/go_app"),
        live.path(),
    );
    index(live.path());
    let on = |root: &Path, args: &[&str]| {
        Command::new(bin())
            .env("XDG_RUNTIME_DIR", c.runtime.path())
            .env("CODEMAP_ENGINE_IDLE_SECS", "60")
            .arg("--root")
            .arg(root)
            .args(args)
            .output()
            .expect("run")
    };
    let status_of = |root: &Path| -> Value {
        serde_json::from_slice(&on(root, &["--json", "engine", "status"]).stdout).expect("json")
    };
    assert!(on(other.path(), &["search", "Item"]).status.success());
    assert!(on(live.path(), &["search", "Item"]).status.success());
    let dead = status_of(other.path());
    let dead_pid = dead["engine"]["pid"].as_u64().expect("pid") as u32;
    let dead_socket = PathBuf::from(dead["engine"]["socket"].as_str().expect("socket"));
    let live_pid = status_of(live.path())["engine"]["pid"]
        .as_u64()
        .expect("pid") as u32;
    kill9(dead_pid);
    eventually(Duration::from_secs(5), || {
        alive(dead_pid).then(|| "alive".into())
    });
    drop(other);
    let dead_files = [
        dead_socket.clone(),
        dead_socket.with_extension("lock"),
        dead_socket.with_extension("log"),
    ];
    assert!(dead_files.iter().all(|f| f.exists()));
    // The next client that starts an engine (here: this workspace's, stopped) clears them.
    assert!(c.run(&["engine", "stop"]).status.success());
    let (again, code, _) = c.json(&["search", "Item"]);
    assert_eq!((again.as_str(), code), (want.as_str(), 0));
    for f in &dead_files {
        assert!(!f.exists(), "{} left", f.display());
    }
    assert_eq!(
        std::fs::read_dir(c.engine_dir()).expect("dir").count(),
        6,
        "this workspace's and the live engine's files"
    );
    assert!(alive(live_pid), "a live engine is left alone");
    assert!(on(live.path(), &["search", "Item"]).status.success());
    assert_eq!(
        status_of(live.path())["engine"]["pid"].as_u64(),
        Some(live_pid as u64)
    );
    let _ = on(live.path(), &["engine", "stop"]);
    crate::util::tally("engine_stale_files", 0, 2, 2, 0);
}

/// This process's effective uid (the owner of its /proc entry).
fn my_uid() -> u32 {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata("/proc/self").map_or(u32::MAX, |m| m.uid())
}

/// A second user is refused both ways, with a real process of another uid (`nobody`, 65534:
/// a Python child of this test that drops to it with setgid/setuid, so the suite must run as
/// root; else the test says so and checks nothing). The engine refuses a peer of another uid
/// (`SO_PEERCRED`) even when the directory and socket were opened to others; a client refuses
/// an engine socket served by another uid and answers in its own process.
#[test]
fn a_second_user_is_refused_both_ways() {
    use std::io::{BufRead, BufReader};
    use std::os::unix::fs::PermissionsExt;
    if my_uid() != 0 {
        eprintln!("not root: no second uid to test with (run the suite as root)");
        return;
    }
    const NOBODY: u32 = 65534;
    let c = Case::new("60");
    let (want, code, _) = c.json(&["search", "Item"]);
    assert_eq!(code, 0);
    let pid = c.engine_pid();
    let socket = c.socket();
    // The engine's side: the directory and socket opened to everyone, as a mistake would;
    // a process of uid 65534 connects and greets; the engine hangs up without a word.
    let mode = |p: &Path, m: u32| {
        std::fs::set_permissions(p, std::fs::Permissions::from_mode(m)).expect("chmod")
    };
    mode(&c.engine_dir(), 0o711);
    mode(&socket, 0o666);
    let intruder = format!(
        "import os, socket, sys\n\
         os.setgroups([]); os.setgid({NOBODY}); os.setuid({NOBODY})\n\
         s = socket.socket(socket.AF_UNIX)\n\
         s.connect(sys.argv[1])\n\
         s.settimeout(10)\n\
         try:\n\
         \x20   s.sendall(b'{{\"op\":\"hello\",\"version\":\"{v}\",\"schema\":0,\"protocol\":2}}\\n{{\"op\":\"info\"}}\\n')\n\
         \x20   got = repr(s.recv(4096))\n\
         except OSError as e: got = type(e).__name__\n\
         print('uid', os.getuid(), 'got', got)\n",
        v = env!("CARGO_PKG_VERSION")
    );
    let out = Command::new("python3")
        .args(["-c", &intruder])
        .arg(&socket)
        .output()
        .expect("python3");
    mode(&c.engine_dir(), 0o700);
    mode(&socket, 0o600);
    let said = String::from_utf8_lossy(&out.stdout);
    // Hung up on at once: nothing read (or a reset, the greeting left unread).
    assert!(
        said.starts_with(&format!("uid {NOBODY} got "))
            && ["b''", "ConnectionResetError", "BrokenPipeError"]
                .iter()
                .any(|w| said.trim().ends_with(w)),
        "{out:?}"
    );
    assert!(
        c.log()
            .contains(&format!("refused a connection from uid {NOBODY}")),
        "{}",
        c.log()
    );
    let (again, code, _) = c.json(&["search", "Item"]);
    assert_eq!(
        (again.as_str(), code),
        (want.as_str(), 0),
        "the engine serves its user on"
    );
    assert_eq!(c.engine_pid(), pid);
    // The client's side: the engine stopped, a process of uid 65534 listens on the socket's
    // path (bound by root in root's directory, listening as 65534: the peer credentials are
    // taken at listen()).
    assert!(c.run(&["engine", "stop"]).status.success());
    let impostor = format!(
        "import os, socket, sys\n\
         s = socket.socket(socket.AF_UNIX)\n\
         s.bind(sys.argv[1])\n\
         os.setgroups([]); os.setgid({NOBODY}); os.setuid({NOBODY})\n\
         s.listen(4)\n\
         print('listening', flush=True)\n\
         s.settimeout(20)\n\
         c, _ = s.accept()\n\
         c.settimeout(5)\n\
         print('greeted with', repr(c.recv(4096)), flush=True)\n"
    );
    let mut child = Command::new("python3")
        .args(["-c", &impostor])
        .arg(&socket)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("python3");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    assert_eq!(
        lines.next().and_then(Result::ok).as_deref(),
        Some("listening")
    );
    let out = c.run(&["--json", "search", "Item"]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        want,
        "answered in its own process"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("is served by uid {NOBODY}, not 0"))
            && err.contains("answered in this process"),
        "{err}"
    );
    // It connected (and so read the peer's uid), but said nothing to the impostor.
    let greeted = lines.next().and_then(Result::ok).unwrap_or_default();
    assert_eq!(greeted, "greeted with b''");
    let _ = child.wait();
    let _ = std::fs::remove_file(&socket);
    assert!(
        c.status().is_none(),
        "no engine of ours was started meanwhile"
    );
    crate::util::tally("engine_second_uid", 0, 2, 2, 0);
}
