//! `resolve` through the CLI, with the real language servers and with none (`--no-lsp`, the
//! parse fallback): agreement with the map on real packages, and every way a map entry goes
//! stale.

use crate::util::*;
use serde_json::Value;
use std::path::Path;

/// With the real language server (`Lsp`), or with none (`--no-lsp`: the parse fallback).
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Lsp,
    Parse,
}

impl Mode {
    fn args<'a>(self, rest: &[&'a str]) -> Vec<&'a str> {
        let mut v = if self == Mode::Parse {
            vec!["--no-lsp"]
        } else {
            Vec::new()
        };
        v.extend_from_slice(rest);
        v
    }
    fn source(self) -> &'static str {
        match self {
            Mode::Lsp => "lsp",
            Mode::Parse => "parse",
        }
    }
}

fn resolve_id_in(mode: Mode, root: &Path, id: &str) -> (Value, i32) {
    if mode == Mode::Lsp {
        crate::lsp::servers_on_path();
    }
    json(root, &mode.args(&["resolve", "--node-id", id]))
}

fn resolve_at_in(mode: Mode, root: &Path, file: &str, line: u32, col: u32) -> (Value, i32) {
    if mode == Mode::Lsp {
        crate::lsp::servers_on_path();
    }
    let (l, c) = (line.to_string(), col.to_string());
    json(
        root,
        &mode.args(&["resolve", "--file", file, "--line", &l, "--col", &c]),
    )
}

fn resolve_id(root: &Path, id: &str) -> (Value, i32) {
    resolve_id_in(Mode::Parse, root, id)
}

fn resolve_at(root: &Path, file: &str, line: u32, col: u32) -> (Value, i32) {
    resolve_at_in(Mode::Parse, root, file, line, col)
}

/// Every symbol of the map resolves to the map's own name position, not stale: asked of one
/// `codemap --no-lsp serve` session (the real binary; a process a symbol spent most of the
/// test's 105 s starting processes).
fn agreement(root: &Path) -> usize {
    let ids = rows(
        &db(root),
        "SELECT node_id || '|' || name_line || '|' || name_col FROM all_symbols WHERE qualname != ''",
    );
    let mut serve = Serve::start(root, &["--no-lsp"]);
    let mut bad = Vec::new();
    for row in &ids {
        let mut parts = row.rsplitn(3, '|');
        let (col, line, id) = (
            parts.next().unwrap_or(""),
            parts.next().unwrap_or(""),
            parts.next().unwrap_or(""),
        );
        let v = serve.call("resolve", serde_json::json!({"nodeId": id}));
        let d = &v["data"];
        let ok = v["ok"] == true
            && d["location"]["line"]
                .as_u64()
                .map(|l| l.to_string())
                .as_deref()
                == Some(line)
            && d["location"]["col"]
                .as_u64()
                .map(|c| c.to_string())
                .as_deref()
                == Some(col)
            && d["mapStale"] == false
            && d["relocated"] == false
            && d["source"] == "parse";
        if !ok {
            bad.push(format!("{id}: {v}"));
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} disagree, e.g. {:#?}",
        bad.len(),
        ids.len(),
        &bad[..bad.len().min(5)]
    );
    ids.len()
}

#[test]
fn map_and_live_parse_agree_on_real_packages() {
    let ws = tempfile::tempdir().expect("tmp");
    let lib = crate::corpora::python_root();
    copy_dir(&lib.join("json"), &ws.path().join("json"));
    copy_dir(&lib.join("email"), &ws.path().join("email"));
    let go = Path::new(
        &String::from_utf8_lossy(
            &std::process::Command::new("go")
                .args(["env", "GOROOT"])
                .output()
                .expect("go")
                .stdout,
        )
        .trim()
        .to_string(),
    )
    .join("src/net/url");
    copy_dir(&go, &ws.path().join("url"));
    index(ws.path());
    let n = agreement(ws.path());
    eprintln!("resolve agrees with the map on all {n} symbols of json, email and net/url");
    assert!(n > 1000, "{n}");
}

#[test]
fn stale_relocated_renamed_deleted_parse() {
    stale_relocated_renamed_deleted(Mode::Parse);
}

#[test]
fn stale_relocated_renamed_deleted_pyright() {
    stale_relocated_renamed_deleted(Mode::Lsp);
}

fn stale_relocated_renamed_deleted(mode: Mode) {
    let ws = fixture("py_app");
    let root = ws.path();
    index(root);
    let resolve_id = |root: &Path, id: &str| resolve_id_in(mode, root, id);
    let id = "py:src/shop/models.py#Order.total";
    let (v, _) = resolve_id(root, id);
    assert_eq!(v["data"]["source"], mode.source(), "{v}");
    assert_eq!(v["data"]["verified"], mode == Mode::Lsp, "{v}");
    assert_eq!(
        (
            v["data"]["location"]["line"].as_u64(),
            v["data"]["mapStale"].as_bool()
        ),
        (Some(30), Some(false)),
        "{v}"
    );

    // Lines inserted above: the live position moves by exactly that many lines.
    let path = root.join("src/shop/models.py");
    let text = std::fs::read_to_string(&path).expect("read");
    std::fs::write(&path, format!("# 1\n# 2\n# 3\n{text}")).expect("write");
    let (v, code) = resolve_id(root, id);
    assert_eq!(code, 0);
    let d = &v["data"];
    assert_eq!(d["location"]["line"], 33, "{v}");
    assert_eq!(d["location"]["col"], 9);
    assert_eq!(d["mapStale"], true);
    assert_eq!(d["mapRange"]["nameLine"], 30, "the map's old position");
    assert_eq!(d["verified"], mode == Mode::Lsp);
    if mode == Mode::Parse {
        assert!(
            v["warnings"].to_string().contains("parse"),
            "the fallback is labelled: {v}"
        );
    }

    // Moved to another class of the same file: found by its unique last name.
    let moved = text
        .replace("    def add_item(self, name: str, price: float) -> None:\n        self.items.append((name, price))\n\n", "")
        .replace("class RushOrder(Order):\n", "class RushOrder(Order):\n    def add_item(self, name: str, price: float) -> None:\n        self.items.append((name, price))\n\n");
    assert_ne!(moved, text);
    std::fs::write(&path, &moved).expect("write");
    let (v, code) = resolve_id(root, "py:src/shop/models.py#Order.add_item");
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["relocated"], true, "{v}");
    assert_eq!(
        v["data"]["liveNodeId"],
        "py:src/shop/models.py#RushOrder.add_item"
    );

    // Renamed away: SYMBOL_NOT_FOUND with the file's top-level names.
    std::fs::write(&path, text.replace("def make_order(", "def build_order(")).expect("write");
    let (v, code) = resolve_id(root, "py:src/shop/models.py#make_order");
    assert_eq!(
        (code, v["error"]["code"].as_str()),
        (1, Some("SYMBOL_NOT_FOUND")),
        "{v}"
    );
    let hint = v["error"]["hint"].as_str().unwrap_or("");
    assert!(
        hint.contains("build_order") && hint.contains("Order") && hint.contains("TAX_RATE"),
        "{hint}"
    );
    // The map had it: "no longer". A misspelled ID, which the map never had, is not said
    // to have gone.
    assert_eq!(
        v["error"]["message"], "make_order is no longer in src/shop/models.py",
        "{v}"
    );
    let (v, _) = resolve_id(root, "py:src/shop/models.py#Order.add_iten");
    assert_eq!(
        v["error"]["message"],
        "src/shop/models.py has no symbol Order.add_iten, nor had it when indexed",
        "{v}"
    );
    assert!(
        v["error"]["hint"]
            .as_str()
            .unwrap_or("")
            .contains("add_item"),
        "{v}"
    );

    // Deleted: FILE_DELETED with a map_search hint.
    std::fs::remove_file(&path).expect("rm");
    let (v, code) = resolve_id(root, id);
    assert_eq!(
        (code, v["error"]["code"].as_str()),
        (1, Some("FILE_DELETED")),
        "{v}"
    );
    assert!(
        v["error"]["hint"]
            .as_str()
            .unwrap_or("")
            .contains("map_search"),
        "{v}"
    );
}

#[test]
fn position_to_map() {
    let ws = fixture("py_app");
    let root = ws.path();
    index(root);
    // Inside Order.total's body.
    let (v, code) = resolve_at(root, "src/shop/models.py", 31, 12);
    assert_eq!(code, 0, "{v}");
    let d = &v["data"];
    assert_eq!(d["nodeId"], "py:src/shop/models.py#Order.total");
    assert_eq!(d["qualifiedName"], "Order.total");
    assert_eq!(d["inMap"], true);
    assert_eq!(d["mapStale"], false);
    let chain: Vec<String> = d["enclosingSymbols"]
        .as_array()
        .expect("chain")
        .iter()
        .map(|e| {
            format!(
                "{}:{}:{}",
                e["kind"].as_str().unwrap_or(""),
                e["name"].as_str().unwrap_or(""),
                e["line"]
            )
        })
        .collect();
    assert_eq!(chain, ["class:Order:18", "method:total:30"]);
    // At file level.
    let (v, _) = resolve_at(root, "src/shop/models.py", 2, 1);
    assert_eq!(v["data"]["nodeId"], "py:src/shop/models.py");
    assert_eq!(v["data"]["enclosingSymbols"], serde_json::json!([]));
    // A brand-new nested function: not in the map; the nearest container is.
    let path = root.join("src/shop/service.py");
    let text = std::fs::read_to_string(&path).expect("read");
    std::fs::write(
        &path,
        text.replace(
            "        order = make_order(",
            "        def helper():\n            return 1\n        order = make_order(",
        ),
    )
    .expect("write");
    let (v, _) = resolve_at(root, "src/shop/service.py", 15, 20);
    let d = &v["data"];
    assert_eq!(
        d["nodeId"], "py:src/shop/service.py#OrderService.checkout.helper",
        "{v}"
    );
    assert_eq!(d["inMap"], false);
    assert_eq!(
        d["nearestNodeId"],
        "py:src/shop/service.py#OrderService.checkout"
    );
    // Without a map, the chain still comes back.
    std::fs::remove_dir_all(root.join(".codemap")).expect("rm map");
    let (v, code) = resolve_at(root, "src/shop/models.py", 31, 12);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["qualifiedName"], "Order.total");
    assert_eq!(v["data"]["inMap"], false);
    assert!(v["warnings"].to_string().contains("codemap index"), "{v}");
}

#[test]
fn columns_are_characters_both_ways_parse() {
    columns_are_characters_both_ways(Mode::Parse);
}

#[test]
fn columns_are_characters_both_ways_servers() {
    columns_are_characters_both_ways(Mode::Lsp);
}

fn columns_are_characters_both_ways(mode: Mode) {
    let resolve_id = |root: &Path, id: &str| resolve_id_in(mode, root, id);
    let resolve_at = |root: &Path, f: &str, l: u32, c: u32| resolve_at_in(mode, root, f, l, c);
    let ws = tempfile::tempdir().expect("tmp");
    let root = ws.path();
    write(
        root,
        "uni.py",
        "s = \"🎉 日本\"; t = 1\nclass Ünï:\n    def méthode(self): return \"é\"\n",
    );
    write(
        root,
        "uni.go",
        "package p\n\nvar s = \"🎉 日本\"; func Ünï() {}\n",
    );
    // TypeScript's server counts UTF-16 units: 🎉 is two.
    write(
        root,
        "uni.ts",
        "const s = \"🎉 日本\"; export const t = 1;\nexport class Ünï {\n  méthode(): string { return \"é\"; }\n}\n",
    );
    write(root, "uni.js", "const s = \"🎉 日本\"; function ünï() {}\n");
    index(root);
    for (id, line, col) in [("ts:uni.ts#t", 1, 32), ("js:uni.js#ünï", 1, 28)] {
        let (v, _) = resolve_id(root, id);
        assert_eq!(v["data"]["source"], mode.source(), "{v}");
        assert_eq!(
            (
                v["data"]["location"]["line"].as_u64(),
                v["data"]["location"]["col"].as_u64()
            ),
            (Some(line), Some(col)),
            "{id}: {v}"
        );
    }
    let (v, _) = resolve_at(root, "uni.ts", 3, 4);
    assert_eq!(v["data"]["nodeId"], "ts:uni.ts#Ünï.méthode", "{v}");
    let (v, _) = resolve_id(root, "py:uni.py#t");
    assert_eq!(v["data"]["source"], mode.source(), "{v}");
    assert_eq!(
        (
            v["data"]["location"]["line"].as_u64(),
            v["data"]["location"]["col"].as_u64()
        ),
        (Some(1), Some(13)),
        "{v}"
    );
    let (v, _) = resolve_id(root, "go:uni.go#Ünï");
    assert_eq!(v["data"]["source"], mode.source(), "{v}");
    assert_eq!(
        (
            v["data"]["location"]["line"].as_u64(),
            v["data"]["location"]["col"].as_u64()
        ),
        (Some(3), Some(22)),
        "{v}"
    );
    let (v, _) = resolve_at(root, "uni.go", 3, 23);
    assert_eq!(v["data"]["nodeId"], "go:uni.go#Ünï", "{v}");
    let (v, _) = resolve_at(root, "uni.py", 3, 10);
    assert_eq!(v["data"]["nodeId"], "py:uni.py#Ünï.méthode", "{v}");
}

#[test]
fn resolve_refuses_bad_arguments() {
    let ws = fixture("go_app");
    let root = ws.path();
    index(root);
    let cases: &[(&[&str], &str)] = &[
        (&["resolve"], "BAD_ARGS"),
        (
            &[
                "resolve",
                "--node-id",
                "go:store/store.go#Store",
                "--file",
                "store/store.go",
            ],
            "BAD_ARGS",
        ),
        (
            &["resolve", "--file", "store/store.go", "--line", "3"],
            "BAD_ARGS",
        ),
        (
            &[
                "resolve",
                "--file",
                "store/store.go",
                "--line",
                "0",
                "--col",
                "1",
            ],
            "BAD_ARGS",
        ),
        (
            &[
                "resolve",
                "--file",
                "store/store.go",
                "--line",
                "9999",
                "--col",
                "1",
            ],
            "BAD_ARGS",
        ),
        (
            &[
                "resolve",
                "--file",
                "../../etc/passwd",
                "--line",
                "1",
                "--col",
                "1",
            ],
            "OUTSIDE_WORKSPACE",
        ),
        (
            &[
                "resolve",
                "--file",
                "/etc/passwd",
                "--line",
                "1",
                "--col",
                "1",
            ],
            "OUTSIDE_WORKSPACE",
        ),
        (
            &["resolve", "--file", "go.mod", "--line", "1", "--col", "1"],
            "UNSUPPORTED_LANGUAGE",
        ),
        (
            &[
                "resolve",
                "--file",
                "store/gone.go",
                "--line",
                "1",
                "--col",
                "1",
            ],
            "BAD_ARGS",
        ),
        (
            &["resolve", "--node-id", "go:store/store.go#Store~1"],
            "BAD_NODE_ID",
        ),
        (&["resolve", "--node-id", "go:ext:fmt"], "BAD_ARGS"),
    ];
    for (args, code) in cases {
        let (v, exit) = json(root, args);
        assert_eq!(
            (exit, v["error"]["code"].as_str()),
            (1, Some(*code)),
            "{args:?}: {v}"
        );
    }
    let (v, code) = resolve_id(root, "go:store/");
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["symbol"]["kind"], "package");
}

/// `~N` agrees with the server: the Nth same-named definition in a scope, in source order, is
/// the Nth, whether the server lists each (gopls) or merges them (pyright: one `handler`, one
/// property `x`). The parse decides the order; the server confirms the name.
#[test]
fn same_named_definitions_follow_source_order() {
    let ws = tempfile::tempdir().expect("tmp");
    write(
        ws.path(),
        "m.py",
        "class C:\n    @property\n    def x(self):\n        return 1\n\n    @x.setter\n    def x(self, v):\n        pass\n\n\ndef f(flag):\n    if flag:\n        def handler():\n            return 1\n    else:\n        def handler():\n            return 2\n    return handler\n",
    );
    index(ws.path());
    for mode in [Mode::Lsp, Mode::Parse] {
        for (id, line) in [
            ("py:m.py#C.x", 3),
            ("py:m.py#C.x~2", 7),
            ("py:m.py#f.handler", 13),
            ("py:m.py#f.handler~2", 16),
        ] {
            let (v, code) = resolve_id_in(mode, ws.path(), id);
            assert_eq!(code, 0, "{v}");
            let d = &v["data"];
            assert_eq!(d["location"]["line"], line, "{id} ({}): {v}", mode.source());
            assert_eq!(d["source"], mode.source(), "{v}");
            assert_eq!(d["verified"], mode == Mode::Lsp, "{v}");
            assert_eq!(d["relocated"], false, "{v}");
        }
    }
}
