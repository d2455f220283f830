//! `codemap view`: the page of the Go standard library's map, loaded in Debian's Chromium
//! (driven by playwright-core, `view_page.js`) with every outside request refused: the graph
//! is drawn, a search highlights a hub, a click on it lists its real callers. Screenshots go
//! to `target/view/`. And `view`'s bad arguments.

use crate::util::*;
use serde_json::Value;
use std::path::Path;
use std::process::Command;

fn view(root: &Path, db: &Path, extra: &[&str]) -> (Value, i32) {
    let db = db.to_string_lossy().to_string();
    let mut args = vec!["--db", db.as_str(), "--no-daemon", "view"];
    args.extend_from_slice(extra);
    json(root, &args)
}

#[test]
fn go_stdlib_view_in_a_browser() {
    let go = crate::corpora::go();
    let out = repo_root().join("target/view");
    std::fs::create_dir_all(&out).expect("target/view");
    let html = out.join("go-stdlib.html");
    let model_path = out.join("go-stdlib.json");
    let (v, code) = view(&go.root, &go.db, &["-o", html.to_str().expect("utf-8")]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["clusters"], 40, "{v}");
    assert!(v["data"]["clustersTotal"].as_u64() > Some(40), "{v}");
    // The cut is said, with counts.
    assert_eq!(v["dropped"]["kind"], "clusters", "{v}");
    let (m, code) = view(
        &go.root,
        &go.db,
        &[
            "-o",
            model_path.to_str().expect("utf-8"),
            "--format",
            "json",
        ],
    );
    assert_eq!(code, 0, "{m}");
    let page = std::fs::read_to_string(&html).expect("the page");
    let model: Value =
        serde_json::from_str(&std::fs::read_to_string(&model_path).expect("model")).expect("json");
    eprintln!(
        "view: page {} bytes, model {} bytes, {} hubs, in {}s",
        page.len(),
        m["data"]["bytes"],
        model["symbols"].as_array().map_or(0, Vec::len),
        v["data"]["seconds"]
    );
    for needle in ["<script src", "<link", "@import", "src=\"http", "url(http"] {
        assert!(!page.contains(needle), "the page loads {needle}");
    }
    // The hub with most callers whose name says something (not `T`), within what one
    // `neighbors --limit 1000` lists whole (its callers checked against it below).
    let symbols = model["symbols"].as_array().expect("symbols");
    let hub = symbols
        .iter()
        .filter(|s| s["name"].as_str().is_some_and(|n| n.len() >= 5))
        .filter(|s| s["callersTotal"].as_u64() <= Some(200))
        .max_by_key(|s| s["callersTotal"].as_u64())
        .expect("a hub");
    let id = hub["nodeId"].as_str().expect("id");
    let query = id.rsplit('#').next().expect("name");

    let tools = repo_root().join("tools");
    let shot = out.join("go-stdlib");
    let run = Command::new("node")
        .arg(repo_root().join("tests/e2e/view_page.js"))
        .arg(&html)
        .arg(&shot)
        .arg(query)
        .env("CODEMAP_TOOLS", &tools)
        .output()
        .expect("node");
    assert!(
        run.status.success(),
        "the page's driver failed (./scripts/test installs chromium and playwright-core): {}",
        String::from_utf8_lossy(&run.stderr)
    );
    let seen: Value = serde_json::from_slice(&run.stdout).expect("the driver's JSON");
    eprintln!(
        "view: loaded in {}ms, drawn in {}ms: {} nodes, {} edges; screenshots {}-*.png",
        seen["loadMs"],
        seen["renderMs"],
        seen["nodes"],
        seen["edges"],
        shot.display()
    );
    assert_eq!(seen["outside"], serde_json::json!([]), "{seen}");
    assert_eq!(seen["consoleErrors"], serde_json::json!([]), "{seen}");
    assert_eq!(seen["clusterNodes"], 40, "{seen}");
    assert_eq!(seen["symbolNodes"].as_u64(), Some(symbols.len() as u64));
    assert!(seen["edges"].as_u64() > Some(0), "{seen}");
    assert_eq!(
        seen["offscreen"], 0,
        "every hub on screen after the fit: {seen}"
    );
    // Search highlights the hub (and fades the rest).
    let matches: Vec<&str> = seen["matches"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    assert!(matches.contains(&id), "{query} → {matches:?}");
    assert!(seen["faded"].as_u64() > Some(0), "{seen}");
    // The click (on the first match's node) selects it; its panel lists real callers.
    let selected = seen["selected"]
        .as_str()
        .expect("a hub selected by the click");
    assert_eq!(Some(selected), matches.first().copied());
    let callers: Vec<&str> = seen["callers"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    assert!(!callers.is_empty(), "{seen}");
    let (n, code) = json(
        &go.root,
        &[
            "--db",
            go.db.to_str().expect("utf-8"),
            "--no-daemon",
            "--token-budget",
            "200000",
            "neighbors",
            selected,
            "--direction",
            "in",
            "--limit",
            "1000",
        ],
    );
    assert_eq!(code, 0, "{n}");
    let sources: Vec<&str> = n["data"]["edges"]
        .as_array()
        .map(|a| a.iter().filter_map(|e| e["from"].as_str()).collect())
        .unwrap_or_default();
    for c in callers.iter().take(10) {
        assert!(sources.contains(c), "{c} is no caller of {selected}");
    }
    // Its location opens in an editor.
    let links = seen["links"].as_array().expect("links");
    assert!(
        links
            .iter()
            .any(|l| l.as_str().is_some_and(|l| l.starts_with("vscode://file/"))),
        "{seen}"
    );
}

#[test]
fn view_refuses_bad_arguments_and_leaves_no_file() {
    let dir = fixture("go_app");
    let root = dir.path();
    let db = root.join(".codemap/map.db");
    index(root);
    let out = root.join("view.html");
    let o = out.to_str().expect("utf-8");
    for (args, code) in [
        (vec!["-o", o, "--clusters", "0"], "BAD_ARGS"),
        (vec!["-o", o, "--hubs", "21"], "BAD_ARGS"),
        (vec!["-o", o, "--neighbors", "0"], "BAD_ARGS"),
        (
            vec!["-o", o, "--focus", "../elsewhere"],
            "OUTSIDE_WORKSPACE",
        ),
        (vec!["-o", o, "--focus", "no/such/dir"], "BAD_ARGS"),
    ] {
        let (v, exit) = view(root, &db, &args);
        assert_ne!(exit, 0, "{args:?}: {v}");
        assert_eq!(v["ok"], false, "{v}");
        assert_eq!(v["error"]["code"], code, "{args:?}: {v}");
        assert!(!out.exists(), "{args:?} wrote a page");
    }
    // An output in a directory that does not exist: said, nothing written.
    let missing = root.join("no/such/dir/view.html");
    let (v, exit) = view(root, &db, &["-o", missing.to_str().expect("utf-8")]);
    assert_ne!(exit, 0, "{v}");
    assert_eq!(v["ok"], false, "{v}");
    assert!(v["error"]["message"]
        .as_str()
        .is_some_and(|m| m.contains("cannot write")));
    // And a good one, on the small fixture.
    let (v, exit) = view(root, &db, &["-o", o]);
    assert_eq!(exit, 0, "{v}");
    assert!(v["data"]["hubs"].as_u64() > Some(0), "{v}");
    assert!(std::fs::read_to_string(&out)
        .expect("page")
        .contains("id=\"model\""));
    // A hub's file changed since indexing: said in the answer's and the page's warnings.
    let model_path = root.join("model.json");
    let m = model_path.to_str().expect("utf-8");
    let (v, exit) = view(root, &db, &["-o", m, "--format", "json"]);
    assert_eq!(exit, 0, "{v}");
    assert_eq!(v["warnings"].as_array().map(Vec::len), Some(0), "{v}");
    let model: Value =
        serde_json::from_str(&std::fs::read_to_string(&model_path).expect("model")).expect("json");
    let file = model["symbols"][0]["file"].as_str().expect("a hub's file");
    let mut text = std::fs::read_to_string(root.join(file)).expect("hub file");
    text.push_str("\n// changed after indexing\n");
    std::fs::write(root.join(file), text).expect("edit");
    let (v, exit) = view(root, &db, &["-o", m, "--format", "json"]);
    assert_eq!(exit, 0, "{v}");
    let said = |w: &Value| {
        w.as_array().is_some_and(|ws| {
            ws.iter()
                .any(|x| x.as_str().is_some_and(|t| t.contains(file)))
        })
    };
    assert!(said(&v["warnings"]), "{v}");
    let model: Value =
        serde_json::from_str(&std::fs::read_to_string(&model_path).expect("model")).expect("json");
    assert!(said(&model["warnings"]), "{}", model["warnings"]);
}
