//! Answers an agent can trust and afford: the compact shapes (snapshots), the full shape on
//! request, and sizes against the full shape for the same content.

use crate::util::*;
use expect_test::{expect, Expect};
use std::path::Path;

fn py_app() -> tempfile::TempDir {
    let ws = fixture("py_app");
    index(ws.path());
    ws
}

/// The data of an answer, pretty, for a snapshot.
fn check(root: &Path, args: &[&str], want: Expect) {
    let (v, code) = json(root, args);
    assert_eq!(code, 0, "{v}");
    want.assert_eq(&serde_json::to_string_pretty(&v["data"]).expect("json"));
}

/// The size of an answer's data (the envelope around it is the same in both shapes), and
/// whether it was cut.
fn bytes(root: &Path, args: &[&str]) -> (usize, bool) {
    let (v, code) = json(root, args);
    assert_eq!(code, 0, "{v}");
    (v["data"].to_string().len(), v["truncated"] == true)
}

#[test]
fn compact_shapes() {
    let ws = py_app();
    let root = ws.path();
    check(
        root,
        &["search", "Order", "--limit", "2"],
        expect![[r#"
            {
              "hits": [
                {
                  "at": "18:7",
                  "doc": "An order of items.",
                  "end": 32,
                  "kind": "class",
                  "match": "exact",
                  "nodeId": "py:src/shop/models.py#Order",
                  "signature": "class Order(Base)"
                },
                {
                  "at": "6:7",
                  "end": 19,
                  "kind": "class",
                  "match": "prefix",
                  "nodeId": "py:src/shop/service.py#OrderService",
                  "signature": "class OrderService"
                }
              ],
              "more": true,
              "query": "Order"
            }"#]],
    );
    check(
        root,
        &[
            "neighbors",
            "py:src/shop/models.py#Order.total",
            "--direction",
            "in",
        ],
        expect![[r#"
            {
              "edges": [
                {
                  "from": "py:src/shop/models.py#Order",
                  "kind": "contains",
                  "to": "py:src/shop/models.py#Order.total"
                },
                {
                  "at": "37:24",
                  "from": "py:src/shop/models.py#RushOrder.total",
                  "kind": "calls",
                  "resolution": "inferred",
                  "to": "py:src/shop/models.py#Order.total"
                },
                {
                  "at": "11:22",
                  "from": "py:src/shop/service.py#OrderService.validate",
                  "kind": "calls",
                  "resolution": "inferred",
                  "to": "py:src/shop/models.py#Order.total"
                },
                {
                  "at": "19:22",
                  "from": "py:src/shop/service.py#OrderService.checkout",
                  "kind": "calls",
                  "resolution": "inferred",
                  "to": "py:src/shop/models.py#Order.total"
                }
              ],
              "more": false,
              "node": {
                "at": "30:9",
                "end": 32,
                "kind": "method",
                "nodeId": "py:src/shop/models.py#Order.total",
                "signature": "def total(self) -> float"
              },
              "nodes": [
                {
                  "at": "18:7",
                  "end": 32,
                  "kind": "class",
                  "nodeId": "py:src/shop/models.py#Order",
                  "signature": "class Order(Base)"
                },
                {
                  "at": "36:9",
                  "end": 37,
                  "kind": "method",
                  "nodeId": "py:src/shop/models.py#RushOrder.total",
                  "signature": "def total(self) -> float"
                },
                {
                  "at": "10:9",
                  "end": 11,
                  "kind": "method",
                  "nodeId": "py:src/shop/service.py#OrderService.validate",
                  "signature": "def validate(self, order: Order) -> bool"
                },
                {
                  "at": "13:9",
                  "end": 19,
                  "kind": "method",
                  "nodeId": "py:src/shop/service.py#OrderService.checkout",
                  "signature": "def checkout(self, number: int) -> float"
                }
              ]
            }"#]],
    );
    check(
        root,
        &["--no-lsp", "refs", "py:src/shop/models.py#Order.total"],
        expect![[r#"
            {
              "references": [
                {
                  "file": "src/shop/models.py",
                  "items": [
                    {
                      "at": "37:24",
                      "edge": "calls",
                      "nodeId": "py:src/shop/models.py#RushOrder.total",
                      "snippet": "return super().total() + 5"
                    }
                  ]
                },
                {
                  "file": "src/shop/service.py",
                  "items": [
                    {
                      "at": "11:22",
                      "edge": "calls",
                      "nodeId": "py:src/shop/service.py#OrderService.validate",
                      "snippet": "return order.total() > 0"
                    },
                    {
                      "at": "19:22",
                      "edge": "calls",
                      "nodeId": "py:src/shop/service.py#OrderService.checkout",
                      "snippet": "return order.total()"
                    }
                  ]
                }
              ],
              "source": "map",
              "total": 3
            }"#]],
    );
    check(
        root,
        &["--no-lsp", "outline", "src/shop/service.py"],
        expect![[r#"
            {
              "file": "src/shop/service.py",
              "source": "parse",
              "symbols": [
                {
                  "at": "6:7",
                  "end": 19,
                  "kind": "class",
                  "nodeId": "py:src/shop/service.py#OrderService",
                  "signature": "class OrderService"
                },
                {
                  "at": "7:9",
                  "depth": 1,
                  "end": 8,
                  "kind": "method",
                  "nodeId": "py:src/shop/service.py#OrderService.__init__",
                  "signature": "def __init__(self, prefix: str = \"order\")"
                },
                {
                  "at": "10:9",
                  "depth": 1,
                  "end": 11,
                  "kind": "method",
                  "nodeId": "py:src/shop/service.py#OrderService.validate",
                  "signature": "def validate(self, order: Order) -> bool"
                },
                {
                  "at": "13:9",
                  "depth": 1,
                  "end": 19,
                  "kind": "method",
                  "nodeId": "py:src/shop/service.py#OrderService.checkout",
                  "signature": "def checkout(self, number: int) -> float"
                }
              ],
              "total": 4
            }"#]],
    );
    check(
        root,
        &[
            "path",
            "py:src/shop/service.py",
            "py:src/shop/models.py#Order",
        ],
        expect![[r#"
            {
              "edges": [
                {
                  "at": "3:1",
                  "from": "py:src/shop/service.py",
                  "kind": "imports",
                  "resolution": "import",
                  "to": "py:src/shop/models.py"
                },
                {
                  "from": "py:src/shop/models.py",
                  "kind": "contains",
                  "to": "py:src/shop/models.py#Order"
                }
              ],
              "found": true,
              "length": 2,
              "nodes": [
                {
                  "at": "1:1",
                  "doc": "Checking orders out.",
                  "end": 20,
                  "kind": "file",
                  "nodeId": "py:src/shop/service.py"
                },
                {
                  "at": "1:1",
                  "doc": "Order models.",
                  "end": 45,
                  "kind": "file",
                  "nodeId": "py:src/shop/models.py"
                },
                {
                  "at": "18:7",
                  "doc": "An order of items.",
                  "end": 32,
                  "kind": "class",
                  "nodeId": "py:src/shop/models.py#Order",
                  "signature": "class Order(Base)"
                }
              ]
            }"#]],
    );
}

/// The overview's compact shape: clusters named, directories as {dir: files}, hubs by score.
#[test]
fn compact_overview() {
    let ws = py_app();
    check(
        ws.path(),
        &["overview"],
        expect![[r#"
            {
              "clusterCount": 2,
              "clusters": [
                {
                  "dirs": {
                    ".": 1,
                    "src/shop": 2
                  },
                  "files": 3,
                  "hubs": [
                    {
                      "hubScore": 0.522,
                      "kind": "function",
                      "nodeId": "py:src/shop/util.py#log"
                    },
                    {
                      "hubScore": 0.468,
                      "kind": "class",
                      "nodeId": "py:src/shop/service.py#OrderService"
                    },
                    {
                      "hubScore": 0.468,
                      "kind": "method",
                      "nodeId": "py:src/shop/service.py#OrderService.checkout"
                    }
                  ],
                  "name": "src/shop: log, OrderService"
                },
                {
                  "dirs": {
                    "src/shop": 2
                  },
                  "files": 2,
                  "hubs": [],
                  "name": "src/shop"
                }
              ],
              "files": 5,
              "focus": null,
              "topHubs": [
                {
                  "hubScore": 0.911,
                  "kind": "class",
                  "nodeId": "py:src/shop/models.py#Order"
                },
                {
                  "hubScore": 0.78,
                  "kind": "method",
                  "nodeId": "py:src/shop/models.py#Order.total"
                },
                {
                  "hubScore": 0.522,
                  "kind": "function",
                  "nodeId": "py:src/shop/util.py#log"
                },
                {
                  "hubScore": 0.468,
                  "kind": "class",
                  "nodeId": "py:src/shop/service.py#OrderService"
                },
                {
                  "hubScore": 0.468,
                  "kind": "method",
                  "nodeId": "py:src/shop/service.py#OrderService.checkout"
                },
                {
                  "hubScore": 0.379,
                  "kind": "method",
                  "nodeId": "py:src/shop/models.py#Base.describe"
                },
                {
                  "hubScore": 0.379,
                  "kind": "function",
                  "nodeId": "py:src/shop/models.py#make_order"
                }
              ],
              "unclusteredFiles": 0
            }"#]],
    );
}

/// `--detail` gives the full shape: file, name, qualname, six-field ranges, `stale` always,
/// anchors not grouped; the compact one is at least 40% smaller for the same content.
#[test]
fn detail_on_request_and_compact_by_default() {
    let ws = py_app();
    let root = ws.path();
    let (v, _) = json(root, &["--detail", "search", "Order", "--limit", "1"]);
    let hit = &v["data"]["hits"][0];
    assert_eq!(hit["file"], "src/shop/models.py", "{hit}");
    assert_eq!(hit["qualname"], "Order", "{hit}");
    assert_eq!(hit["range"]["nameLine"], 18, "{hit}");
    assert_eq!(hit["stale"], false, "{hit}");
    let (v, _) = json(
        root,
        &[
            "--detail",
            "--no-lsp",
            "refs",
            "py:src/shop/models.py#Order.total",
        ],
    );
    let first = &v["data"]["references"][0];
    assert!(first["file"].is_string() && first["line"].is_u64(), "{v}");

    let mut rows = Vec::new();
    for args in [
        &["search", "o", "--limit", "10"][..],
        &["neighbors", "py:src/shop/models.py#Order", "--depth", "2"][..],
        &["--no-lsp", "refs", "py:src/shop/models.py#Order"][..],
        &["--no-lsp", "outline", "src/shop/models.py"][..],
    ] {
        let mut a = vec!["--token-budget", "10000"];
        a.extend_from_slice(args);
        let (compact, cut) = bytes(root, &a);
        a.insert(0, "--detail");
        let (full, full_cut) = bytes(root, &a);
        assert!(
            !cut && !full_cut,
            "{args:?}: the same content in both shapes"
        );
        let saved = 100.0 * (1.0 - compact as f64 / full as f64);
        eprintln!(
            "{:<60} {full:6} → {compact:6} bytes ({saved:.0}% smaller)",
            args.join(" ")
        );
        rows.push((args.join(" "), saved));
    }
    for (what, saved) in rows {
        assert!(saved >= 25.0, "{what}: only {saved:.0}% smaller");
    }
}

/// A budget that holds no hit says so and names the smallest that holds one; that budget
/// does; plain text never says "no symbol matches" when symbols match.
#[test]
fn a_budget_too_small_for_one_hit_says_which_is_enough() {
    let ws = py_app();
    let root = ws.path();
    let (v, code) = json(
        root,
        &["search", "o", "--token-budget", "100", "--limit", "50"],
    );
    assert_eq!(code, 0, "{v}");
    if v["data"]["hits"].as_array().is_some_and(Vec::is_empty) {
        let note = v["dropped"]["note"].as_str().expect("a note");
        let need: u32 = note
            .split("tokenBudget ")
            .nth(1)
            .and_then(|r| r.split(": ").nth(1))
            .and_then(|r| r.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no budget named: {note}"));
        let (v2, _) = json(
            root,
            &[
                "search",
                "o",
                "--token-budget",
                &need.to_string(),
                "--limit",
                "50",
            ],
        );
        assert_eq!(v2["data"]["hits"].as_array().map(Vec::len), Some(1), "{v2}");
    }
    // A name long enough that one hit does not fit in 100 tokens.
    let long = format!(
        "def {}():\n    \"\"\"{}.\"\"\"\n",
        "x_".repeat(60) + "y",
        "word ".repeat(30)
    );
    write(root, "src/shop/long.py", long);
    index(root);
    let (v, _) = json(root, &["search", "x_x_x", "--token-budget", "100"]);
    assert_eq!(v["data"]["hits"], serde_json::json!([]), "{v}");
    assert_eq!(v["truncated"], true, "{v}");
    let note = v["dropped"]["note"].as_str().unwrap_or("");
    assert!(note.contains("holds the first"), "{note}");
    let out = run(root, &["search", "x_x_x", "--token-budget", "100"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("no symbol matches"), "{text}");
    assert!(text.contains("do not fit"), "{text}");
}

/// Typos get a clear error and the nearest real names: a path that never existed is not
/// "deleted"; a node ID's, a locate scope's and a find text's typos are answered with what
/// was meant; a file node is not a position.
#[test]
fn typos_are_told_apart_from_deleted_files_with_what_was_meant() {
    let ws = py_app();
    let root = ws.path();
    let err = |args: &[&str]| -> (String, String, String) {
        let (v, code) = json(root, args);
        assert_eq!(code, 1, "{args:?}: {v}");
        let e = &v["error"];
        (
            e["code"].as_str().unwrap_or("").to_string(),
            e["message"].as_str().unwrap_or("").to_string(),
            e["hint"].as_str().unwrap_or("").to_string(),
        )
    };
    let (code, msg, hint) = err(&["--no-lsp", "outline", "src/shop/model.py"]);
    assert_eq!(code, "BAD_ARGS", "{msg}");
    assert!(msg.contains("never indexed"), "{msg}");
    assert_eq!(hint, "did you mean src/shop/models.py?");
    let (code, _, hint) = err(&[
        "--no-lsp",
        "resolve",
        "--node-id",
        "py:src/shop/model.py#Order",
    ]);
    assert_eq!(code, "NODE_NOT_FOUND");
    assert_eq!(hint, "did you mean py:src/shop/models.py#Order?");
    let (code, _, hint) = err(&["neighbors", "py:src/shop/models.py#Order.totl"]);
    assert_eq!(code, "NODE_NOT_FOUND");
    assert!(
        hint.starts_with("did you mean py:src/shop/models.py#Order.total?"),
        "{hint}"
    );
    let (code, _, hint) = err(&["--no-lsp", "refs", "src/shop/models.py:Order.totl@"]);
    assert_eq!(code, "SYMBOL_NOT_FOUND");
    assert_eq!(hint, "did you mean Order.total?");
    let (code, _, hint) = err(&["--no-lsp", "refs", "src/shop/models.py:Order@add_itme"]);
    assert_eq!(code, "LOCATE_NO_MATCH");
    assert_eq!(hint, "`add_itme`: did you mean add_item?");
    let (code, msg, _) = err(&["--no-lsp", "hover", "py:src/shop/models.py"]);
    assert_eq!(code, "BAD_ARGS");
    assert!(msg.contains("is a file"), "{msg}");
    // A file that was indexed and is gone is FILE_DELETED.
    std::fs::remove_file(root.join("src/shop/util.py")).expect("rm");
    let (code, msg, _) = err(&["--no-lsp", "outline", "src/shop/util.py"]);
    assert_eq!(code, "FILE_DELETED", "{msg}");
    assert!(msg.contains("was indexed"), "{msg}");
    // Still FILE_DELETED once an index run (or the watcher under `serve`) has taken its row.
    index(root);
    let (code, msg, _) = err(&["--no-lsp", "outline", "src/shop/util.py"]);
    assert_eq!(code, "FILE_DELETED", "{msg}");
    // A column past the end of its line is refused at once, as a line past the end is.
    let (code, msg, _) = err(&[
        "--no-lsp",
        "refs",
        "--file",
        "src/shop/models.py",
        "--line",
        "1",
        "--col",
        "400",
    ]);
    assert_eq!(code, "BAD_ARGS", "{msg}");
    assert!(msg.contains("column 400 is past its end"), "{msg}");
}

/// Several symbols of one name: the error lists them, not the file's top-level names.
#[test]
fn an_ambiguous_name_lists_its_candidates() {
    let ws = py_app();
    let root = ws.path();
    write(
        root,
        "src/shop/handlers.py",
        "import os\n\nif os.name == 'nt':\n    def handler():\n        pass\nelse:\n    def handler():\n        pass\n\nclass Unrelated:\n    pass\n",
    );
    index(root);
    let (v, code) = json(
        root,
        &[
            "--no-lsp",
            "resolve",
            "--node-id",
            "py:src/shop/handlers.py#Gone.handler",
        ],
    );
    assert_eq!(code, 1, "{v}");
    assert_eq!(v["error"]["code"], "SYMBOL_NOT_FOUND");
    let hint = v["error"]["hint"].as_str().unwrap_or("");
    assert!(
        hint.contains("handler (line 4)") && hint.contains("handler~2 (line 7)"),
        "{hint}"
    );
    assert!(!hint.contains("Unrelated"), "{hint}");
}

/// `--no-lsp` never suggests installing a server; `status` says when in ISO 8601 and counts
/// symbols as `index` does; every plain-text answer ends its last line.
#[test]
fn no_lsp_status_and_plain_text_say_what_is_true() {
    let ws = py_app();
    let root = ws.path();
    std::fs::remove_dir_all(root.join(".codemap")).expect("rm map");
    let (built, _) = json(root, &["index"]);
    let (st, _) = json(root, &["status"]);
    assert_eq!(
        built["data"]["symbols"], st["data"]["languages"]["py"]["symbols"],
        "index and status count the same symbols: {built} {st}"
    );
    let last = st["data"]["lastRun"].as_str().expect("lastRun is a time");
    assert!(
        last.len() == 20 && last.ends_with('Z') && last.contains('T'),
        "{last}"
    );
    for args in [
        &[
            "--no-lsp",
            "rename",
            "py:src/shop/models.py#Order.total",
            "--to",
            "sum",
        ][..],
        &["--no-lsp", "refs", "py:src/shop/models.py#Order.total"][..],
        &["--no-lsp", "hover", "py:src/shop/models.py#Order.total"][..],
    ] {
        let out = run(root, args);
        let all = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!all.contains("install"), "{args:?}: {all}");
    }
    for args in [
        &["search", "Order"][..],
        &["neighbors", "py:src/shop/models.py#Order"][..],
        &["status"][..],
        &["overview"][..],
        &["--no-lsp", "outline", "src/shop/models.py"][..],
        &["--no-lsp", "refs", "py:src/shop/models.py#Order.total"][..],
        &[
            "--no-lsp",
            "calls",
            "py:src/shop/service.py#OrderService.checkout",
            "--direction",
            "outgoing",
        ][..],
        &["--no-lsp", "hover", "py:src/shop/models.py#Order.total"][..],
        &["locate", "src/shop/models.py:Order.total@"][..],
    ] {
        let out = run(root, args);
        assert!(
            out.stdout.ends_with(b"\n"),
            "{args:?}: {:?}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
}

/// Calls several levels deep, in plain text: each callee under the one it was reached from.
#[test]
fn deeper_calls_are_indented_under_their_own_parent() {
    let ws = py_app();
    let root = ws.path();
    let out = run(
        root,
        &[
            "--no-lsp",
            "calls",
            "py:src/shop/service.py#OrderService.checkout",
            "--direction",
            "outgoing",
            "--depth",
            "2",
        ],
    );
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let lines: Vec<&str> = text.lines().collect();
    let under = |child: &str, parent: &str| {
        let c = lines
            .iter()
            .position(|l| l.trim_start().contains(child) && l.starts_with("  "));
        let c = c.unwrap_or_else(|| panic!("{child} not indented in:\n{text}"));
        let p = lines[..c]
            .iter()
            .rposition(|l| !l.starts_with("  "))
            .unwrap_or_else(|| panic!("no parent above {child}:\n{text}"));
        assert!(
            lines[p].contains(parent),
            "{child} is under {:?}, not {parent}:\n{text}",
            lines[p]
        );
    };
    under("ident", "describe");
    under("add_item", "make_order");
    under("models.py:30:9  total", "validate");
}

/// Hover says the signature once, and the map's doc is the first sentence, whole.
#[test]
fn hover_says_the_signature_once_and_the_doc_whole() {
    let ws = py_app();
    let root = ws.path();
    write(
        root,
        "src/shop/doc.py",
        "def wrapped():\n    \"\"\"Return the value of the header, decoded\n    as unicode. Then more.\n    \"\"\"\n",
    );
    index(root);
    let (v, _) = json(root, &["--no-lsp", "hover", "py:src/shop/doc.py#wrapped"]);
    assert_eq!(
        v["data"]["doc"], "Return the value of the header, decoded as unicode.",
        "{v}"
    );
    crate::lsp::servers_on_path();
    let out = run(root, &["hover", "py:src/shop/models.py#Order.add_item"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.matches("add_item").count(), 1, "{text}");
}

/// Outgoing calls through the server: the workspace's callees listed, the ones outside it
/// (the standard library, builtins) counted and named apart.
#[test]
fn outgoing_calls_keep_the_workspace_and_name_the_rest() {
    crate::lsp::servers_on_path();
    let ws = fixture("go_app");
    index(ws.path());
    let (v, code) = json(
        ws.path(),
        &[
            "calls",
            "go:cmd/shop/main.go#main",
            "--direction",
            "outgoing",
        ],
    );
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["source"], "lsp", "{v}");
    let calls = anchors_of(&v["data"]["calls"]);
    assert!(
        calls.iter().all(|c| c["nodeId"].is_string()),
        "only workspace callees: {v}"
    );
    assert_eq!(calls.len(), 2, "{v}");
    let outside = &v["data"]["outside"];
    assert_eq!(outside["count"], 1, "{v}");
    assert_eq!(outside["names"], serde_json::json!(["Println"]), "{v}");
    assert!(
        v["warnings"].to_string().contains("outside the workspace"),
        "{v}"
    );
}

/// A rename preview lists every file with its edits at any budget, pages through the diffs,
/// filters them by file, and writes the whole patch on request (never the sources).
#[test]
fn rename_previews_list_every_file_page_and_write_the_patch() {
    crate::lsp::servers_on_path();
    let ws = fixture("go_app");
    let root = ws.path();
    index(root);
    let target = "go:store/memory.go#NewMemoryStore";
    let (v, code) = json(
        root,
        &["rename", target, "--to", "NewMem", "--token-budget", "100"],
    );
    assert_eq!(code, 0, "{v}");
    let files = v["data"]["files"].as_array().expect("files");
    assert!(files.len() >= 2, "{v}");
    assert!(files.iter().all(|f| f["edits"].as_u64() > Some(0)), "{v}");
    let total = v["data"]["diffsTotal"].as_u64().expect("diffsTotal");
    assert_eq!(total as usize, files.len(), "{v}");
    // Page on until every diff was seen.
    let mut seen = Vec::new();
    while seen.len() < total as usize {
        let off = seen.len().to_string();
        let (p, _) = json(
            root,
            &[
                "rename",
                target,
                "--to",
                "NewMem",
                "--offset",
                &off,
                "--token-budget",
                "2000",
            ],
        );
        let diffs = p["data"]["diffs"].as_array().cloned().unwrap_or_default();
        assert!(!diffs.is_empty(), "no progress at offset {off}: {p}");
        seen.extend(
            diffs
                .iter()
                .map(|d| d["file"].as_str().unwrap_or("").to_string()),
        );
    }
    let listed: Vec<&str> = files.iter().filter_map(|f| f["file"].as_str()).collect();
    assert_eq!(seen, listed);
    let (f, _) = json(
        root,
        &["rename", target, "--to", "NewMem", "--file-filter", "cmd"],
    );
    let only: Vec<&str> = f["data"]["diffs"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|d| d["file"].as_str())
        .collect();
    assert_eq!(only, ["cmd/shop/main.go"], "{f}");
    assert_eq!(
        f["data"]["files"].as_array().map(Vec::len),
        Some(files.len())
    );
    // The whole patch, to a file; the sources untouched; it applies.
    let before = std::fs::read_to_string(root.join("store/memory.go")).expect("read");
    let patch = root.join("rename.diff");
    let out = run(
        root,
        &[
            "rename",
            target,
            "--to",
            "NewMem",
            "--output",
            patch.to_str().unwrap_or(""),
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(root.join("store/memory.go")).expect("read"),
        before
    );
    let text = std::fs::read_to_string(&patch).expect("patch written");
    assert_eq!(text.matches("+++ b/").count(), files.len(), "{text}");
    let applied = std::process::Command::new("patch")
        .args(["-p1", "--batch", "-i"])
        .arg(&patch)
        .current_dir(root)
        .output()
        .expect("patch");
    assert!(
        applied.status.success(),
        "{}",
        String::from_utf8_lossy(&applied.stdout)
    );
    assert!(std::fs::read_to_string(root.join("store/memory.go"))
        .expect("read")
        .contains("NewMem("));
}

/// `map_overview` on a real Go library (text/template and its parser): each cluster named
/// after its directory and top hubs, hubs in order of score, and the library's core type
/// and entry point among them.
#[test]
fn overview_names_clusters_and_ranks_hubs_by_score() {
    let dir = tempfile::tempdir().expect("tmp");
    let src = crate::corpora::go_root().join("text/template");
    copy_dir(&src, &dir.path().join("text/template"));
    index(dir.path());
    let (v, code) = json(dir.path(), &["overview"]);
    assert_eq!(code, 0, "{v}");
    let clusters = v["data"]["clusters"].as_array().expect("clusters");
    assert!(!clusters.is_empty(), "{v}");
    for c in clusters {
        let name = c["name"].as_str().expect("a name");
        assert!(name.starts_with("text/template"), "{name}");
        let scores: Vec<f64> = c["hubs"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|h| h["hubScore"].as_f64())
            .collect();
        assert!(
            scores.windows(2).all(|w| w[0] >= w[1]),
            "hubs by score: {scores:?}"
        );
    }
    let main = clusters
        .iter()
        .find(|c| {
            c["name"]
                .as_str()
                .is_some_and(|n| n.starts_with("text/template:"))
        })
        .expect("the text/template cluster");
    let hubs: Vec<&str> = main["hubs"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|h| h["nodeId"].as_str())
        .collect();
    for want in [
        "go:text/template/template.go#Template",
        "go:text/template/exec.go#Template.Execute",
    ] {
        assert!(hubs.contains(&want), "{want} not in {hubs:?}");
    }
}

/// Plain text at a terminal shows everything (no token budget unless one is asked for); the
/// JSON an agent gets keeps its budget, and a client cannot lift it past 10000.
#[test]
fn plain_text_shows_the_whole_outline() {
    let ws = py_app();
    let root = ws.path();
    let body: String = (0..400)
        .map(|i| format!("def function_number_{i}(a, b, c):\n    return a + b + c\n\n"))
        .collect();
    write(root, "src/shop/big.py", body);
    index(root);
    let out = run(root, &["--no-lsp", "outline", "src/shop/big.py"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.matches("function_number_").count(), 400, "{text}");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("truncated"));
    let (v, _) = json(root, &["--no-lsp", "outline", "src/shop/big.py"]);
    assert_eq!(v["truncated"], true, "the JSON keeps its budget");
    let (v, _) = json(
        root,
        &[
            "--no-lsp",
            "outline",
            "src/shop/big.py",
            "--token-budget",
            "4294967295",
        ],
    );
    assert_eq!(v["tokenBudget"]["max"], 10000, "{}", v["tokenBudget"]);
}

/// The CLI's `--json` and MCP's text are the same bytes, answers and errors alike.
#[test]
fn json_and_mcp_are_the_same_bytes() {
    let ws = py_app();
    let root = ws.path();
    let mut serve = Serve::start(root, &["--no-lsp"]);
    for (tool, args, cli) in [
        (
            "map_search",
            serde_json::json!({"query": "Order", "limit": 3}),
            &["search", "Order", "--limit", "3"][..],
        ),
        (
            "map_neighbors",
            serde_json::json!({"nodeId": "py:src/shop/models.py#Order.totl"}),
            &["neighbors", "py:src/shop/models.py#Order.totl"][..],
        ),
    ] {
        let text = serve.call_text(tool, args);
        let mut all = vec!["--no-lsp", "--json"];
        all.extend_from_slice(cli);
        let out = run(root, &all);
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).trim_end(),
            text,
            "{tool}"
        );
    }
}

/// Call lines are each given once, in order, even where pyright reports two ranges on one line
/// (`self.get_payload()` in Python's email package).
#[test]
fn call_lines_are_given_once() {
    crate::lsp::servers_on_path();
    let dir = stdlib_subset(&["email"]);
    index(dir.path());
    let (v, code) = json(
        dir.path(),
        &[
            "calls",
            "py:email/message.py#Message.get_payload",
            "--direction",
            "incoming",
        ],
    );
    assert_eq!(code, 0, "{v}");
    let calls = anchors_of(&v["data"]["calls"]);
    assert!(!calls.is_empty(), "{v}");
    for c in &calls {
        let lines: Vec<u64> = c["callLines"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(serde_json::Value::as_u64)
            .collect();
        assert!(!lines.is_empty(), "{c}");
        assert!(lines.windows(2).all(|w| w[0] < w[1]), "{c}");
    }
}

/// `tokenBudget.used` is what the whole envelope costs, and an answer that holds anything
/// stays within `max` whatever is cut, warnings and notes included.
#[test]
fn used_never_exceeds_max() {
    let ws = py_app();
    let root = ws.path();
    let body: String = (0..200)
        .map(|i| format!("def helper_{i}():\n    return order_total_{i}()\n\ndef order_total_{i}():\n    pass\n\n"))
        .collect();
    write(root, "src/shop/many.py", body);
    index(root);
    for budget in [100, 150, 200, 300, 500, 800, 1200, 2000] {
        let b = budget.to_string();
        for args in [
            &["search", "order", "--limit", "200", "--token-budget", &b][..],
            &[
                "--no-lsp",
                "outline",
                "src/shop/many.py",
                "--token-budget",
                &b,
            ][..],
            &[
                "--no-lsp",
                "refs",
                "py:src/shop/models.py#Order",
                "--token-budget",
                &b,
            ][..],
            &["neighbors", "py:src/shop/many.py", "--token-budget", &b][..],
        ] {
            let (v, code) = json(root, args);
            assert_eq!(code, 0, "{v}");
            let t = &v["tokenBudget"];
            let bytes = v.to_string().chars().count() as u64;
            // Below what the envelope's own messages take (warnings, the note saying that
            // nothing fits) no answer fits; from one item up, the cut leaves room for them.
            let items = ["hits", "symbols", "references", "edges"]
                .iter()
                .map(|k| anchors_of(&v["data"][*k]).len())
                .sum::<usize>();
            if items > 0 {
                assert!(t["used"].as_u64() <= t["max"].as_u64(), "{args:?}: {t}");
            }
            assert!(
                bytes.div_ceil(4) <= t["used"].as_u64().unwrap_or(0) + 2,
                "{args:?}: {bytes} bytes, {t}"
            );
        }
    }
}

/// A package that ships its build output beside its TypeScript source (as npm packages do):
/// the output is kept out of the map, said in status with its reason, and taken in on
/// request, a choice later runs keep.
#[test]
fn shipped_build_output_is_kept_out_until_asked_for() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "package.json",
        r#"{"name": "pkg", "main": "build/index.cjs", "types": "build/index.d.ts"}"#,
    );
    write(
        root,
        "src/client.ts",
        "export class Client {\n  send(): number {\n    return 1\n  }\n}\n",
    );
    write(
        root,
        "build/index.cjs",
        "class Client {\n  send() { return 1 }\n}\nexports.Client = Client\n",
    );
    write(root, "build/index.cjs.map", "{}");
    write(
        root,
        "build/index.d.ts",
        "export declare class Client {\n  send(): number\n}\n",
    );
    write(root, "src/old.js", "function legacy() {}\n");
    write(root, "src/old.ts", "export function legacy() {}\n");
    write(root, "src/vendor.min.js", "function m(){}\n");
    write(root, "src/index.ts", "export { Client } from './client'\n");
    write(
        root,
        "app/main.ts",
        "import { Client } from 'pkg'\n\nexport function run() {\n  return new Client().send()\n}\n",
    );
    index(root);
    // The package's name leads to its sources, not to the build output its package.json names.
    let conn = db(root);
    assert_eq!(
        rows(
            &conn,
            "SELECT target FROM all_edges WHERE source = 'ts:app/main.ts' AND kind = 'imports'"
        ),
        ["ts:src/index.ts"]
    );
    let ids = |root: &Path| {
        let (v, _) = json(root, &["search", "Client", "--limit", "20"]);
        let mut ids: Vec<String> = v["data"]["hits"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .filter_map(|r| r["nodeId"].as_str().map(str::to_string))
            .collect();
        ids.sort();
        ids
    };
    assert_eq!(ids(root), ["ts:src/client.ts#Client"]);
    let (st, _) = json(root, &["status"]);
    let skipped: Vec<String> = st["data"]["skippedFiles"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|s| {
            format!(
                "{}: {}",
                s["path"].as_str().unwrap_or(""),
                s["reason"].as_str().unwrap_or("")
            )
        })
        .collect();
    assert_eq!(
        skipped,
        [
            "build/index.cjs: generated: build/ is the build output package.json ships (it holds source maps)",
            "build/index.d.ts: generated: build/ is the build output package.json ships (it holds source maps)",
            "src/old.js: generated: compiled from old.ts beside it",
            "src/vendor.min.js: generated: minified",
        ]
    );
    let warned = st["warnings"].to_string();
    assert!(warned.contains("4 generated file(s)"), "{warned}");
    // Taken in, and kept in by a later run that is not told again.
    let (v, code) = json(root, &["index", "--include-generated"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["extracted"], 4, "{v}");
    index(root);
    let all = ids(root);
    for id in [
        "js:build/index.cjs#Client",
        "ts:build/index.d.ts#Client",
        "ts:src/client.ts#Client",
    ] {
        assert!(all.contains(&id.to_string()), "{id} in {all:?}");
    }
}

/// Search: the exact qualname first, no guesses after precise hits, and several words
/// matched across a qualname's word parts.
#[test]
fn search_puts_the_exact_qualname_first_and_pads_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "client.py",
        "class AsyncClient:\n    def send(self):\n        pass\n\nclass Client:\n    def send(self):\n        pass\n\n    def sender(self):\n        pass\n\ndef resend():\n    pass\n\ndef sned():\n    pass\n",
    );
    write(
        root,
        "routes.py",
        "class RouterGroup:\n    def handle(self):\n        pass\n\n    def handle_all(self):\n        pass\n",
    );
    index(root);
    let hits = |q: &str| -> Vec<String> {
        let (v, _) = json(root, &["search", q]);
        v["data"]["hits"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .map(|h| {
                format!(
                    "{} {}",
                    h["nodeId"].as_str().unwrap_or(""),
                    h["match"].as_str().unwrap_or("")
                )
            })
            .collect()
    };
    assert_eq!(
        hits("Client.send"),
        [
            "py:client.py#Client.send exact",
            "py:client.py#AsyncClient.send prefix"
        ]
    );
    assert_eq!(
        hits("group handle"),
        [
            "py:routes.py#RouterGroup.handle wordPart",
            "py:routes.py#RouterGroup.handle_all wordPart"
        ]
    );
    // An exact name: no substring (`resend`) or fuzzy (`sned`) padding.
    assert_eq!(
        hits("send"),
        [
            "py:client.py#AsyncClient.send exact",
            "py:client.py#Client.send exact",
            "py:client.py#Client.sender prefix"
        ]
    );
}

/// Neighbors: the workspace's edges before its tests', the true total when a limit cuts, and
/// tests left out on request, counted.
#[test]
fn neighbors_count_every_edge_and_can_leave_tests_out() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(root, "core.py", "def target():\n    pass\n");
    for i in 0..3 {
        write(
            root,
            &format!("tests/test_{i}.py"),
            "from core import target\n\ndef test_a():\n    target()\n\ndef test_b():\n    target()\n",
        );
    }
    write(
        root,
        "zz_app.py",
        "from core import target\n\ndef run():\n    target()\n",
    );
    index(root);
    let (v, _) = json(
        root,
        &[
            "neighbors",
            "py:core.py#target",
            "--direction",
            "in",
            "--edge-kind",
            "calls",
            "--limit",
            "3",
        ],
    );
    let froms: Vec<&str> = v["data"]["edges"]
        .as_array()
        .map(|a| a.iter().filter_map(|e| e["from"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(froms[0], "py:zz_app.py#run", "the workspace first: {v}");
    assert_eq!(v["data"]["total"], 7, "{v}");
    assert_eq!(v["dropped"]["count"], 4, "{v}");
    assert!(
        v["dropped"]["note"]
            .as_str()
            .unwrap_or("")
            .starts_with("4 of 7 edges left out"),
        "{v}"
    );
    let (v, _) = json(
        root,
        &[
            "neighbors",
            "py:core.py#target",
            "--direction",
            "in",
            "--edge-kind",
            "calls",
            "--exclude-tests",
        ],
    );
    assert_eq!(v["data"]["edges"].as_array().map(Vec::len), Some(1), "{v}");
    assert_eq!(v["data"]["testsLeftOut"], 6, "{v}");
    assert!(
        v["warnings"]
            .to_string()
            .contains("6 edge(s) to or from test code left out"),
        "{v}"
    );
}

/// A rename preview whose server leaves out calls the map could not type says so, counted and
/// placed (pyright renames the typed call, not the one on an untyped parameter).
#[test]
fn a_rename_preview_says_what_it_may_miss() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "store.py",
        "class Store:\n    def save(self):\n        pass\n\n\ndef typed(s: Store):\n    s.save()\n\n\ndef untyped(x):\n    x.save()\n",
    );
    index(root);
    let (v, code) = json(root, &["rename", "store.py:Store.save", "--to", "persist"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["summary"], "would touch 1 file, 2 edits", "{v}");
    let warned = v["warnings"].to_string();
    assert!(
        warned.contains("1 call site(s) of `.save(`") && warned.contains("store.py:11"),
        "{warned}"
    );
}
