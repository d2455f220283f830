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
                },
                {
                  "at": "37:24",
                  "from": "py:src/shop/models.py#RushOrder.total",
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
                  "doc": "An order of items.",
                  "end": 32,
                  "kind": "class",
                  "nodeId": "py:src/shop/models.py#Order",
                  "signature": "class Order(Base)"
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
                },
                {
                  "at": "36:9",
                  "end": 37,
                  "kind": "method",
                  "nodeId": "py:src/shop/models.py#RushOrder.total",
                  "signature": "def total(self) -> float"
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
