//! Language-server faults, with the scripted fake server (`tests/fake_lsp.py`) where a real one
//! cannot be made to misbehave on demand, and the real pyright for idle shutdown: `resolve`
//! keeps answering (from the parse, labelled), the supervisor restarts with backoff or parks the
//! server as failed with its stderr tail, and no process is left behind.

use crate::util::*;
use bridge::tools::{self, Workspace};
use indexer::index::NoProgress;
use indexer::lang::Lang;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const NODE: &str = "py:src/shop/models.py#Order.total";

fn fake_script() -> PathBuf {
    repo_root().join("tests/fake_lsp.py")
}

/// The py_app fixture with a map, and a workspace whose Python server is the fake in `mode`.
fn fake_ws(mode: &str, timeout_ms: u64) -> (tempfile::TempDir, Workspace, PathBuf) {
    let dir = fixture("py_app");
    let log = dir.path().join("..").join(format!(
        "fake-{}.log",
        dir.path()
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("x")
    ));
    let mut ws = Workspace::new(dir.path(), None).expect("workspace");
    ws.lsp_commands.insert(
        Lang::Python,
        vec![
            "python3".into(),
            fake_script().display().to_string(),
            mode.into(),
            log.display().to_string(),
        ],
    );
    ws.lsp_timeout = Duration::from_millis(timeout_ms);
    let built = tools::call(&ws, "map_rebuild", &json!({}), &NoProgress);
    assert!(built.ok, "{built:?}");
    (dir, ws, log)
}

fn resolve(ws: &Workspace) -> (Value, Vec<String>, Duration) {
    let t = Instant::now();
    let env = tools::call(ws, "resolve", &json!({"nodeId": NODE}), &NoProgress);
    let took = t.elapsed();
    assert!(env.ok, "the parse fallback answers: {env:?}");
    (env.data.clone().unwrap_or_default(), env.warnings, took)
}

fn python_server(ws: &Workspace) -> Value {
    let env = tools::call(ws, "map_status", &json!({}), &NoProgress);
    assert!(env.ok, "{env:?}");
    let servers = env.data.unwrap_or_default()["servers"].clone();
    servers
        .as_array()
        .and_then(|a| a.iter().find(|s| s["lang"] == "py").cloned())
        .unwrap_or(Value::Null)
}

fn wait_for(ws: &Workspace, what: &str, limit: Duration, ok: impl Fn(&Value) -> bool) -> Value {
    let t = Instant::now();
    loop {
        let s = python_server(ws);
        if ok(&s) {
            return s;
        }
        assert!(t.elapsed() < limit, "no {what} in {limit:?}: {s}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Children of this process that are zombies (exited, never reaped), or still running `cmd`.
fn leftovers(marker: &str) -> Vec<String> {
    children_of(std::process::id())
        .into_iter()
        .filter(|(_, state, cmd)| state == "Z" || cmd.contains(marker))
        .map(|(pid, state, cmd)| format!("{pid} {state} {cmd}"))
        .collect()
}

/// After the workspace is dropped, none of the fake's processes is left, running or zombie.
fn assert_no_leftovers(ws: Workspace, log: &Path) {
    drop(ws);
    let marker = log.display().to_string();
    eventually(Duration::from_secs(10), || {
        let left = leftovers(&marker);
        (!left.is_empty()).then(|| format!("processes left: {left:?}"))
    });
}

#[test]
fn a_server_that_never_answers_times_out_and_the_bridge_stays_usable() {
    let (_dir, ws, log) = fake_ws("hang", 400);
    for round in 0..2 {
        let (d, warnings, took) = resolve(&ws);
        assert_eq!(d["source"], "parse", "round {round}");
        assert_eq!(d["verified"], false);
        assert_eq!(d["location"]["line"], 30, "{d}");
        assert!(
            warnings.iter().any(|w| w.contains("LSP_TIMEOUT")),
            "{warnings:?}"
        );
        assert!(took < Duration::from_secs(3), "answered in {took:?}");
    }
    // The request was cancelled, and the map answers as ever.
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(text.contains("$/cancelRequest"), "{text}");
    let env = tools::call(&ws, "map_search", &json!({"query": "total"}), &NoProgress);
    assert!(env.ok);
    assert_eq!(python_server(&ws)["state"], "ready");
    assert_no_leftovers(ws, &log);
    tally("lsp_hang", 0, 2, 2, 0);
}

/// A server whose load never ends (clangd indexing a large project in the background): the
/// first request waits for it one cap (here 2 × 600 ms), the next ones answer at once; each
/// answer says it may be partial.
#[test]
fn a_load_that_outlasts_the_wait_holds_one_request_not_each() {
    let (_dir, ws, log) = fake_ws("loading", 600);
    let mut took = Vec::new();
    for round in 0..3 {
        let t = Instant::now();
        let env = tools::call(&ws, "nav_references", &json!({"nodeId": NODE}), &NoProgress);
        took.push(t.elapsed());
        assert!(env.ok, "round {round}: {env:?}");
        assert!(
            env.warnings.iter().any(|w| w.contains("LSP_LOADING")),
            "round {round}: {:?}",
            env.warnings
        );
    }
    assert!(
        took[0] >= Duration::from_millis(1000),
        "the first waited: {took:?}"
    );
    assert!(
        took[1] < Duration::from_millis(700) && took[2] < Duration::from_millis(700),
        "the next answered at once: {took:?}"
    );
    // Its empty definitions are not asked again for 8 s each (spdlog under clangd's
    // background index: 8.2 s per call), and the map answers instead of "0 definitions".
    for round in 0..2 {
        let t = Instant::now();
        let env = tools::call(
            &ws,
            "nav_definition",
            &json!({"locate": "src/shop/service.py:OrderService.checkout@<|>make_order"}),
            &NoProgress,
        );
        let took = t.elapsed();
        assert!(env.ok, "round {round}: {env:?}");
        assert!(
            took < Duration::from_millis(2000),
            "round {round}: {took:?}"
        );
        let d = env.data.unwrap_or_default();
        assert_eq!(d["source"], "map", "round {round}: {d}");
        assert!(
            d.to_string().contains("make_order"),
            "round {round}: the map's definition: {d}"
        );
        assert!(
            env.warnings
                .iter()
                .any(|w| w.contains("still loading the workspace, named nothing here")),
            "round {round}: {:?}",
            env.warnings
        );
    }
    assert_no_leftovers(ws, &log);
    tally("lsp_endless_load", 0, 1, 1, 0);
}

#[test]
fn a_server_that_crashes_at_start_is_restarted_with_backoff_then_parked_as_failed() {
    let (_dir, ws, log) = fake_ws("crash-start", 2000);
    let t = Instant::now();
    let (d, warnings, _) = resolve(&ws);
    assert_eq!(d["source"], "parse");
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("LSP_FAILED") && w.contains("libfake.so.1 not found")),
        "the first answer says why, with the server's last words: {warnings:?}"
    );
    let s = wait_for(&ws, "failed state", Duration::from_secs(40), |s| {
        s["state"] == "failed"
    });
    let parked = t.elapsed();
    // Five restarts after 0.5, 1, 2, 4 and 8 s.
    assert_eq!(s["restarts"], 5, "{s}");
    assert!(
        parked >= Duration::from_millis(15_000) && parked < Duration::from_secs(30),
        "parked after {parked:?}"
    );
    assert!(
        s["stderrTail"].as_array().is_some_and(|t| t
            .iter()
            .any(|l| l.as_str().unwrap_or("").contains("libfake"))),
        "{s}"
    );
    // Parked: answers come from the parse at once, saying the server failed.
    let (d, warnings, took) = resolve(&ws);
    assert_eq!(d["source"], "parse");
    assert!(took < Duration::from_secs(1), "{took:?}");
    assert!(
        warnings.iter().any(|w| w.contains("parked as failed")),
        "{warnings:?}"
    );
    assert_no_leftovers(ws, &log);
    tally("lsp_crash_start", 0, 6, 6, 0);
}

#[test]
fn a_crashed_server_is_restarted_and_gets_its_documents_back() {
    let (_dir, ws, log) = fake_ws("crash-once", 2000);
    let (d, warnings, _) = resolve(&ws);
    assert_eq!(d["source"], "parse", "the crash answers from the parse");
    assert!(
        warnings.iter().any(|w| w.contains("exited")),
        "{warnings:?}"
    );
    let s = wait_for(&ws, "a restart", Duration::from_secs(10), |s| {
        s["state"] == "ready" && s["restarts"] == 1
    });
    assert!(s["pid"].as_u64().is_some(), "{s}");
    // The bridge writes the re-opens before it marks the server ready; the fake server logs
    // each as it reads it, a moment later.
    eventually(Duration::from_secs(5), || {
        let text = std::fs::read_to_string(&log).unwrap_or_default();
        let opens = text
            .lines()
            .filter(|l| l.starts_with("textDocument/didOpen") && l.ends_with("models.py"))
            .count();
        (opens != 2).then(|| format!("re-opened on the new server ({opens} opens):\n{text}"))
    });
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    assert_eq!(text.lines().filter(|l| l.starts_with("start")).count(), 2);
    // The restarted server's answers say it was restarted (an empty one may be what it has
    // read so far: JDT LS answered commons-text's references with none after a kill).
    let env = tools::call(&ws, "nav_references", &json!({"nodeId": NODE}), &NoProgress);
    assert!(
        env.warnings
            .iter()
            .any(|w| w.starts_with("LSP_RESTARTED: ")),
        "{env:?}"
    );
    assert_no_leftovers(ws, &log);
    tally("lsp_crash_once", 0, 1, 1, 0);
}

#[test]
fn a_server_that_writes_garbage_is_dropped_at_once_and_restarted() {
    let (_dir, ws, log) = fake_ws("garbage", 5000);
    let (d, warnings, took) = resolve(&ws);
    assert_eq!(d["source"], "parse");
    assert!(
        took < Duration::from_secs(3),
        "no waiting for a timeout: {took:?}"
    );
    assert!(!warnings.is_empty());
    wait_for(&ws, "a restart", Duration::from_secs(10), |s| {
        s["restarts"].as_u64() >= Some(1)
    });
    assert_no_leftovers(ws, &log);
    tally("lsp_garbage", 0, 1, 1, 0);
}

#[test]
fn a_missing_server_is_unavailable_with_the_install_command_and_the_parse_answers() {
    let dir = fixture("go_app");
    index(dir.path());
    // Only the system directories on PATH: no gopls there.
    let out = std::process::Command::new(bin())
        .env("PATH", "/usr/bin:/bin")
        .env("HOME", dir.path())
        .args(["--json", "--root"])
        .arg(dir.path())
        .args(["resolve", "--node-id", "go:disk/disk.go#DiskStore.Get"])
        .output()
        .expect("run");
    let v: Value = serde_json::from_slice(&out.stdout).expect("envelope");
    assert_eq!(out.status.code(), Some(0), "{v}");
    assert_eq!(v["data"]["source"], "parse", "{v}");
    let w = v["warnings"].to_string();
    assert!(
        w.contains("LSP_UNAVAILABLE") && w.contains("go install golang.org/x/tools/gopls@"),
        "{w}"
    );
    // A command that does not exist is the same.
    let (_dir, mut ws, _log) = fake_ws("hang", 1000);
    ws.lsp_commands
        .insert(Lang::Python, vec!["/nonexistent/pyright-langserver".into()]);
    let (d, warnings, _) = resolve(&ws);
    assert_eq!(d["source"], "parse");
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("LSP_UNAVAILABLE") && w.contains("npm install")),
        "{warnings:?}"
    );
    assert_eq!(python_server(&ws)["state"], "failed");
    tally("lsp_missing", 0, 2, 2, 0);
}

#[test]
fn an_idle_real_server_is_stopped_and_started_again_on_use() {
    crate::lsp::servers_on_path();
    let dir = fixture("py_app");
    let mut ws = Workspace::new(dir.path(), None).expect("workspace");
    ws.lsp_idle = Duration::from_millis(1500);
    assert!(tools::call(&ws, "map_rebuild", &json!({}), &NoProgress).ok);
    let (d, _, _) = resolve(&ws);
    assert_eq!(d["source"], "lsp", "{d}");
    let pid = python_server(&ws)["pid"].as_u64().expect("a pid");
    wait_for(&ws, "idle stop", Duration::from_secs(15), |s| {
        s["state"] == "stopped-idle"
    });
    // The shutdown handshake ends with the process gone and reaped (no zombie left).
    let t = Instant::now();
    while Path::new(&format!("/proc/{pid}")).exists() {
        assert!(
            t.elapsed() < Duration::from_secs(6),
            "the idle server {pid} is still there"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let (d, _, _) = resolve(&ws);
    assert_eq!(d["source"], "lsp", "started again: {d}");
    assert_eq!(python_server(&ws)["state"], "ready");
}

/// `codemap serve` on a py_app fixture with a map, its Python server the fake in `mode`.
fn serve_fake(mode: &str) -> (tempfile::TempDir, Serve, PathBuf) {
    let dir = fixture("py_app");
    index(dir.path());
    let log = dir.path().join(".codemap").join("fake.log");
    let cmd = format!(
        "py=python3 {} {mode} {}",
        fake_script().display(),
        log.display()
    );
    let serve = Serve::start(dir.path(), &["--lsp", &cmd, "--lsp-timeout-ms", "5000"]);
    (dir, serve, log)
}

/// Rounds of `resolve` on a file edited between rounds (so each asks the server anew); how many
/// were answered by the server (verified) and the serve process's memory after the first and the
/// last round, and at its peak (kB).
struct Rounds {
    verified: u64,
    rss_first: u64,
    rss_last: u64,
    peak: u64,
}

fn rounds(dir: &Path, serve: &mut Serve, n: u64) -> Rounds {
    let mut r = Rounds {
        verified: 0,
        rss_first: 0,
        rss_last: 0,
        peak: 0,
    };
    let file = dir.join("src/shop/models.py");
    for round in 0..n {
        if round > 0 {
            let mut text = std::fs::read_to_string(&file).expect("read");
            text.push_str(&format!("\n# round {round}\n"));
            std::fs::write(&file, text).expect("write");
        }
        let env = serve.call("resolve", json!({"nodeId": NODE}));
        assert!(env["ok"] == true, "round {round}: {env}");
        let d = &env["data"];
        assert_eq!(d["location"]["line"], 30, "round {round}: {env}");
        if d["source"] == "lsp" && d["verified"] == true {
            r.verified += 1;
        }
        let rss = serve.memory_kb("VmRSS");
        if round == 0 {
            r.rss_first = rss;
        }
        r.rss_last = rss;
    }
    r.peak = serve.memory_kb("VmHWM");
    eprintln!(
        "{n} rounds: {} verified, RSS {} → {} kB, peak {} kB",
        r.verified, r.rss_first, r.rss_last, r.peak
    );
    r
}

/// No zombie among serve's children, and at most one fake server running.
fn assert_reaped(serve: &Serve) {
    eventually(Duration::from_secs(10), || {
        let kids = serve.children();
        let zombies = kids.iter().filter(|(_, s, _)| s == "Z").count();
        let fakes = kids
            .iter()
            .filter(|(_, s, c)| s != "Z" && c.contains("fake_lsp.py"))
            .count();
        (zombies > 0 || fakes > 1).then(|| format!("children of serve: {kids:?}"))
    });
}

#[test]
fn a_server_that_floods_notifications_is_answered_and_memory_stays_flat() {
    let (dir, mut serve, _log) = serve_fake("flood");
    // 20,000 log notifications (2 MB) before every answer.
    let r = rounds(dir.path(), &mut serve, 6);
    assert_eq!(r.verified, 6, "every answer came from the server");
    let grew = r.rss_last.saturating_sub(r.rss_first);
    assert!(
        grew < 32 * 1024,
        "memory grew by {grew} kB over 100,000 notifications ({} → {} kB)",
        r.rss_first,
        r.rss_last
    );
    assert!(serve.call("map_search", json!({"query": "total"}))["ok"] == true);
    assert_reaped(&serve);
    tally("lsp_flood", 0, 6, r.verified, 0);
}

#[test]
fn a_50_mb_response_is_read_and_memory_is_given_back() {
    let (dir, mut serve, _log) = serve_fake("huge");
    let r = rounds(dir.path(), &mut serve, 10);
    assert_eq!(r.verified, 10, "every 50 MB outline was read");
    assert!(r.peak < 400 * 1024, "peak {} kB for a 50 MB frame", r.peak);
    let grew = r.rss_last.saturating_sub(r.rss_first);
    assert!(
        grew < 48 * 1024,
        "grew {grew} kB from the first frame to the tenth"
    );
    // Nothing of the responses is kept: the memory is given back (in about 10 s here; the
    // allocator returns freed pages lazily).
    let t = Instant::now();
    eventually(Duration::from_secs(30), || {
        let rss = serve.memory_kb("VmRSS");
        (rss > 96 * 1024).then(|| format!("{rss} kB still resident"))
    });
    eprintln!(
        "after 10 frames of 50 MB: {} kB after {:?}",
        serve.memory_kb("VmRSS"),
        t.elapsed()
    );
    assert_reaped(&serve);
    tally("lsp_huge", 0, 10, r.verified, 0);
}

#[test]
fn requests_we_do_not_know_get_an_answer_and_the_server_keeps_answering() {
    let (dir, mut serve, log) = serve_fake("asks");
    // Before each answer the server asks three things: one unknown, two we know.
    let r = rounds(dir.path(), &mut serve, 4);
    assert_eq!(r.verified, 4);
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    let replies = text.lines().filter(|l| l.starts_with("reply:1")).count();
    assert!(
        replies >= 12,
        "every request from the server got a reply ({replies}):\n{text}"
    );
    assert_reaped(&serve);
    tally("lsp_asks", 0, 4, r.verified, 0);
}

#[test]
fn a_server_that_exits_between_two_requests_is_restarted_and_reaped() {
    // Each server answers one request and exits on the next: every round finds it gone, answers
    // from the parse while the restart backs off, then from the new server.
    let (dir, mut serve, log) = serve_fake("exit-after-one");
    let file = dir.path().join("src/shop/models.py");
    let (mut answered, mut verified) = (0u64, 0u64);
    for round in 0..4 {
        let mut text = std::fs::read_to_string(&file).expect("read");
        text.push_str(&format!("\n# round {round}\n"));
        std::fs::write(&file, text).expect("write");
        let t = Instant::now();
        loop {
            let env = serve.call("resolve", json!({"nodeId": NODE}));
            assert!(env["ok"] == true, "round {round}: {env}");
            assert_eq!(env["data"]["location"]["line"], 30, "{env}");
            answered += 1;
            if env["data"]["verified"] == true {
                verified += 1;
                break;
            }
            let w = env["warnings"].to_string();
            assert!(w.contains("LSP_"), "round {round}: says why: {env}");
            assert!(
                t.elapsed() < Duration::from_secs(15),
                "no new server: {env}"
            );
            std::thread::sleep(Duration::from_millis(200));
        }
    }
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    let starts = text.lines().filter(|l| l.starts_with("start")).count() as u64;
    assert!(starts >= 4, "a server for every round: {starts}\n{text}");
    assert_eq!(verified, 4);
    assert_reaped(&serve);
    tally("lsp_exit", 0, starts - 1, starts - 1, 0);
    eprintln!("exit-after-one: {answered} answers, {verified} from the server, {starts} servers");
}

/// An agent's client goes away — it closes serve's stdin, or serve is killed outright — while
/// real gopls and pyright run under it (`--no-daemon`: serve's own servers; through the engine,
/// they are the engine's and outlive the session by design, `engine::mcp_sessions_share_the_engine`):
/// serve exits at once on EOF, and no language server process outlives it either way.
#[test]
fn no_language_server_outlives_serve() {
    crate::lsp::servers_on_path();
    for (fixture_name, node) in [
        ("go_app", "go:disk/disk.go#DiskStore.Get"),
        ("py_app", NODE),
    ] {
        for how in ["eof", "sigkill"] {
            let dir = fixture(fixture_name);
            index(dir.path());
            let mut serve = Serve::start(dir.path(), &["--no-daemon"]);
            let env = serve.call("resolve", json!({"nodeId": node}));
            assert_eq!(env["data"]["source"], "lsp", "{env}");
            let servers: Vec<u32> = serve
                .children()
                .into_iter()
                .map(|(pid, _, _)| pid)
                .collect();
            assert!(!servers.is_empty(), "a language server runs under serve");
            let mut all = servers.clone();
            for s in &servers {
                all.extend(children_of(*s).into_iter().map(|(pid, _, _)| pid));
            }
            if how == "eof" {
                let (took, code) = serve.hang_up(Duration::from_secs(20));
                assert_eq!(code, Some(0), "{fixture_name}: serve exits cleanly on EOF");
                eprintln!("{fixture_name}: serve exited {took:?} after EOF");
            } else {
                serve.kill();
            }
            eventually(Duration::from_secs(10), || {
                let alive: Vec<String> = all
                    .iter()
                    .filter_map(|pid| std::fs::read_to_string(format!("/proc/{pid}/stat")).ok())
                    .filter(|stat| {
                        stat.rsplit_once(") ")
                            .is_some_and(|(_, r)| !r.starts_with('Z'))
                    })
                    .collect();
                (!alive.is_empty())
                    .then(|| format!("{fixture_name} ({how}): left running: {alive:?}"))
            });
        }
    }
    tally("client_gone", 0, 4, 4, 0);
}

/// A real rust-analyzer that cannot load its Cargo workspace (a dependency that is not in
/// the cache, offline) still answers, and says it is unwell: every answer carries
/// `LSP_DEGRADED` with its reason, so a short list is not taken for the whole.
#[test]
fn a_server_that_cannot_load_its_workspace_is_said_to_be_degraded() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "Cargo.toml",
        "[package]\nname = \"degraded\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\ncodemap-no-such-crate-for-tests = \"1\"\n",
    );
    write(
        root,
        "src/lib.rs",
        "pub struct IoRead;\n\npub fn make() -> IoRead {\n    IoRead\n}\n",
    );
    index(root);
    let out = std::process::Command::new(bin())
        .current_dir(root)
        .env("CARGO_NET_OFFLINE", "true")
        .args(["--json", "refs", "src/lib.rs:IoRead"])
        .output()
        .expect("run codemap");
    let v: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["ok"], true, "{v}");
    let warned = v["warnings"].to_string();
    assert!(
        warned.contains("LSP_DEGRADED: rust-analyzer reports warning"),
        "{warned}"
    );
    // What it could still read is answered.
    assert_eq!(v["data"]["total"], 2, "{v}");
}

/// JDT LS keeps a project whose Maven import failed (a build plugin missing offline) in its
/// data folder, and on the next start, the build files unchanged, does not import it again: it
/// answered nothing and said nothing ("source lsp, all 1 added from the map"). codemap's
/// command for it starts such a data folder afresh. The local repository is first an empty
/// folder (the import fails, said), then Maven's real one (as when the plugin is fetched).
#[test]
fn a_failed_java_import_is_tried_again_once_its_cause_is_gone() {
    let home = tempfile::tempdir().expect("home");
    let ws = crate::util::fixture("java_jsoup_app");
    let root = ws.path();
    crate::util::index(root);
    let real = std::env::var("HOME")
        .map(std::path::PathBuf::from)
        .expect("HOME");
    let empty = home.path().join("empty");
    std::fs::create_dir_all(&empty).expect("mkdir");
    std::fs::create_dir_all(home.path().join(".m2")).expect("mkdir");
    let repo = home.path().join(".m2/repository");
    let opts = format!("-Duser.home={}", home.path().display());
    let refs = || {
        let out = std::process::Command::new(crate::util::bin())
            .env("JDTLS_JAVA_OPTS", &opts)
            .env("XDG_CACHE_HOME", home.path().join("cache"))
            .env("CODEMAP_LIB_CACHE", home.path().join("libs"))
            .env("CODEMAP_NO_DAEMON", "1")
            .args(["--root"])
            .arg(root)
            .args([
                "--json",
                "def",
                "src/main/java/demo/Titles.java:Titles.of@Jsoup.<|>parse",
            ])
            .output()
            .expect("run");
        let v: serde_json::Value =
            serde_json::from_slice(&out.stdout).unwrap_or(serde_json::Value::Null);
        v
    };
    std::os::unix::fs::symlink(&empty, &repo).expect("symlink");
    let v = refs();
    assert!(
        v["warnings"]
            .to_string()
            .contains("Failed to import projects"),
        "{v}"
    );
    std::fs::remove_file(&repo).expect("rm");
    std::os::unix::fs::symlink(real.join(".m2/repository"), &repo).expect("symlink");
    let v = refs();
    assert_eq!(v["ok"], true, "{v}");
    let w = v["warnings"].to_string();
    assert!(!w.contains("LSP_DEGRADED"), "{v}");
    assert_eq!(v["data"]["source"], "lsp", "{v}");
    // The server's own answer: jsoup's `parse`, in the library's sources.
    assert!(
        v["data"]
            .to_string()
            .contains("lib:org.jsoup:jsoup@1.17.2/java:org/jsoup/Jsoup.java#Jsoup.parse"),
        "{v}"
    );
}
