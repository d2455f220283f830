//! `codemap serve` driven by the official MCP Python SDK (tests/mcp_client.py, pinned in
//! tools/venv by scripts/test), with the real gopls; faults with the scripted fake server.

use crate::lsp::servers_on_path;
use crate::util::*;
use serde_json::Value;
use std::path::Path;
use std::process::Command;

/// Run one scenario of tests/mcp_client.py against `codemap serve` on `root`.
pub fn client(root: &Path, scenario: &str, extra: &[&str], env: &[(&str, &str)]) -> Value {
    servers_on_path();
    let python = repo_root().join("tools/venv/bin/python");
    assert!(
        python.exists(),
        "{} is missing: run ./scripts/test, which installs the MCP Python SDK",
        python.display()
    );
    let out = Command::new(python)
        .arg(repo_root().join("tests/mcp_client.py"))
        .arg(bin())
        .arg(root)
        .arg(scenario)
        .args(extra)
        .env("CODEMAP_ENGINE_IDLE_SECS", "30")
        .envs(env.iter().copied())
        .output()
        .expect("run the MCP client");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "MCP client failed ({scenario}): {text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(text.trim()).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

const TOOLS: [&str; 22] = [
    "locate",
    "map_changes",
    "map_deps",
    "map_neighbors",
    "map_overview",
    "map_path",
    "map_rebuild",
    "map_search",
    "map_status",
    "map_unused",
    "nav_calls",
    "nav_check_edit",
    "nav_definition",
    "nav_diagnostics",
    "nav_hover",
    "nav_implementations",
    "nav_outline",
    "nav_references",
    "nav_rename",
    "nav_source",
    "nav_symbols",
    "resolve",
];

/// No map yet: serve builds one on first use, then every tool is listed with a strict schema
/// and the map and live tools answer on the Go fixture with the real gopls.
#[test]
fn serve_lists_every_tool_and_answers_over_mcp() {
    let ws = fixture("go_app");
    assert!(!ws.path().join(".codemap").exists());
    let v = client(ws.path(), "tools", &[], &[]);
    let names: Vec<&str> = v["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(names, TOOLS);
    assert_eq!(v["described"], true, "every tool has a description");
    for (name, schema) in v["schemas"].as_object().expect("schemas") {
        assert_eq!(schema["type"], "object", "{name}");
        assert!(schema["properties"].is_object(), "{name}");
        assert!(
            schema["properties"]["tokenBudget"].is_object(),
            "{name}: every tool takes tokenBudget"
        );
    }
    // Annotations and an output schema from each tool's declaration; hints that mean
    // something only for a tool that writes are given only for it.
    for (name, a) in v["annotations"].as_object().expect("annotations") {
        assert_eq!(a["readOnly"], name != "map_rebuild", "{name}");
        if name == "map_rebuild" {
            assert_eq!(a["idempotent"], true, "{name}");
            assert_eq!(a["destructive"], false, "{name}");
        }
        assert_eq!(a["outputType"], "object", "{name}");
    }
    // The whole listing an agent reads before its first call.
    let listed = v["listBytes"].as_u64().expect("listBytes");
    // About 500 bytes a tool: 9 KiB held 17 tools; map_unused adds 632 bytes,
    // nav_diagnostics and nav_check_edit about 1.6 KB; `project` on every tool 580 bytes
    // (11,466 bytes measured with it); map_deps and map_search's scope about 650 more;
    // nav_source and includeBody on 9 tools about 1 KB more (13,699 bytes with all of them).
    assert!(listed < 13 * 1024 + 512, "tools/list is {listed} bytes");
    assert_eq!(v["schemas"]["map_search"]["required"][0], "query");
    assert_eq!(v["schemas"]["nav_symbols"]["required"][0], "query");
    assert_eq!(v["schemas"]["nav_rename"]["required"][0], "newName");
    assert_eq!(
        v["schemas"]["map_search"]["properties"]["lang"]["enum"],
        serde_json::json!(indexer::Lang::prefixes())
    );
    assert_eq!(v["schemas"]["map_neighbors"]["required"][0], "nodeId");
    assert_eq!(
        v["search"][0], "go:store/memory.go#MemoryStore",
        "{}",
        v["search"]
    );
    assert_eq!(
        v["neighbors"],
        serde_json::json!([
            "contains go:store/store.go",
            "implements go:disk/disk.go#DiskStore",
            "implements go:store/memory.go#MemoryStore",
            "uses go:cmd/shop/main.go#fill"
        ])
    );
    let r = &v["resolve"];
    assert_eq!(r["source"], "lsp", "{r}");
    assert_eq!(r["verified"], true, "{r}");
    assert_eq!(r["mapStale"], false, "{r}");
    assert_eq!(r["location"]["file"], "disk/disk.go", "{r}");
    assert_eq!(r["location"]["line"], 21, "{r}");
    let d = &v["definition"];
    assert_eq!(d["source"], "lsp", "{d}");
    let defs = anchors_of(&d["definitions"]);
    assert_eq!(defs[0]["nodeId"], "go:store/store.go#Store.Put", "{d}");
    assert_eq!(defs[0]["file"], "store/store.go", "{d}");
    assert_eq!(defs[0]["line"], 18, "{d}");
    let s = &v["status"];
    assert_eq!(
        s["staleCount"], 0,
        "reading files must not make them stale: {s}"
    );
    assert_eq!(s["watcher"]["state"], "running", "{s}");
    let go = s["servers"]
        .as_array()
        .expect("servers")
        .iter()
        .find(|x| x["lang"] == "go")
        .expect("go server");
    assert_eq!(go["state"], "ready", "{s}");
}

/// Unknown tool, missing and mistyped arguments, a malformed ID, paths outside: each a
/// structured error result, and the server keeps serving.
#[test]
fn bad_input_over_mcp_is_a_structured_error() {
    let ws = fixture("go_app");
    index(ws.path());
    let v = client(ws.path(), "bad", &["--no-lsp"], &[]);
    assert_eq!(
        v["errors"],
        serde_json::json!([
            "BAD_ARGS",
            "BAD_ARGS",
            "BAD_ARGS",
            "BAD_ARGS",
            "BAD_NODE_ID",
            "OUTSIDE_WORKSPACE",
            "OUTSIDE_WORKSPACE",
            "LOCATE_NO_MATCH",
            "BAD_ARGS"
        ])
    );
    assert_eq!(v["still_serving"], true);
    tally("mcp_bad", 9, 0, 0, 0);
}

/// A references call stuck on a hung server and 50 map_search calls in flight together: the
/// searches finish long before the slow call times out (and falls back to the map).
#[test]
fn a_slow_nav_call_does_not_hold_up_searches() {
    let ws = fixture("py_app");
    index(ws.path());
    let fake = format!(
        "py=python3 {} hang",
        repo_root().join("tests/fake_lsp.py").display()
    );
    let v = client(
        ws.path(),
        "concurrent",
        &["--lsp", &fake, "--lsp-timeout-ms", "2500"],
        &[],
    );
    let searches = v["searches_seconds"].as_f64().expect("searches");
    let slow = v["slow_seconds"].as_f64().expect("slow");
    eprintln!("50 searches in {searches:.3} s beside a references call of {slow:.1} s");
    assert!(
        slow >= 4.5,
        "the slow call did not wait for its timeout: {v}"
    );
    assert!(searches < 2.0, "searches were held up: {v}");
    assert_eq!(v["slow_source"], "map", "{v}");
    let w = v["slow_warnings"][0].as_str().unwrap_or("");
    assert!(w.starts_with("LSP_TIMEOUT"), "{v}");
}

/// An MCP session's engine runs the watcher: its log of changed files tells pyright of an
/// edit to a file no answer named and of a new file, before the next question (no walk).
#[test]
fn a_session_s_server_is_told_of_files_the_watcher_saw_change() {
    let ws = tempfile::Builder::new()
        .prefix("codemap-edits-")
        .tempdir()
        .expect("tempdir");
    write(ws.path(), "lib.py", "def helper(x):\n    return x\n");
    write(
        ws.path(),
        "use.py",
        "from lib import helper\n\n\ndef run():\n    return helper(1)\n",
    );
    write(ws.path(), "other.py", "def other():\n    return 0\n");
    let runtime = tempfile::Builder::new()
        .prefix("codemap-rt-")
        .tempdir()
        .expect("tempdir");
    let rt = runtime.path().to_string_lossy().into_owned();
    let v = client(ws.path(), "edits", &[], &[("XDG_RUNTIME_DIR", rt.as_str())]);
    assert_eq!(
        v["before"],
        serde_json::json!(["use.py:1:17", "use.py:5:12"]),
        "{v}"
    );
    assert_eq!(
        v["after"],
        serde_json::json!([
            "fresh.py:5:16",
            "other.py:1:17",
            "other.py:5:12",
            "use.py:1:17",
            "use.py:5:12"
        ]),
        "{v}"
    );
    assert_eq!(v["source"], "lsp", "{v}");
}
