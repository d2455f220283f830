//! The map of the fixture projects, asserted edge by edge, and the CLI's contract (envelope,
//! exit codes, errors).

use crate::util::*;
use serde_json::Value;

fn edges(root: &std::path::Path, kind: &str) -> Vec<String> {
    rows(
        &db(root),
        &format!("SELECT source, coalesce(target, '?' || target_name), resolution FROM all_edges WHERE kind = '{kind}'"),
    )
}

#[test]
fn python_fixture_map() {
    let ws = fixture("py_app");
    let stats = index(ws.path());
    assert_eq!(stats["files"], 5);
    assert_eq!(stats["parseErrors"], 0);
    let syms = rows(
        &db(ws.path()),
        "SELECT node_id, kind, name_line, name_col, coalesce(signature, '') FROM all_symbols WHERE lang = 'py' AND qualname != '' AND node_id LIKE 'py:src/shop/models.py%'",
    );
    let mut want = vec![
            "py:src/shop/models.py#Base|class|7|7|class Base",
            "py:src/shop/models.py#Base.describe|method|10|9|def describe(self) -> str",
            "py:src/shop/models.py#Base.ident|method|13|9|def ident(self) -> str",
            "py:src/shop/models.py#Order|class|18|7|class Order(Base)",
            "py:src/shop/models.py#Order.add_item|method|27|9|def add_item(self, name: str, price: float) -> None",
            "py:src/shop/models.py#Order.ident|method|24|9|def ident(self) -> str",
            "py:src/shop/models.py#Order.items|field|22|5|items: list = field(default_factory=list)",
            "py:src/shop/models.py#Order.number|field|21|5|number: int",
            "py:src/shop/models.py#Order.total|method|30|9|def total(self) -> float",
            "py:src/shop/models.py#RushOrder|class|35|7|class RushOrder(Order)",
            "py:src/shop/models.py#RushOrder.total|method|36|9|def total(self) -> float",
            "py:src/shop/models.py#TAX_RATE|constant|4|1|TAX_RATE = 0.2",
            "py:src/shop/models.py#make_order|function|40|5|def make_order(number: int, *items) -> Order",
    ];
    want.sort();
    assert_eq!(syms, want);
    assert_eq!(
        edges(ws.path(), "extends"),
        [
            "py:src/shop/models.py#Order|py:src/shop/models.py#Base|local",
            "py:src/shop/models.py#RushOrder|py:src/shop/models.py#Order|local",
        ]
    );
    assert_eq!(
        edges(ws.path(), "imports"),
        [
            "py:main.py|py:src/shop/service.py|import",
            "py:src/shop/__init__.py|py:src/shop/models.py|import",
            "py:src/shop/__init__.py|py:src/shop/models.py|import",
            "py:src/shop/models.py|py:ext:dataclasses|import",
            "py:src/shop/models.py|py:ext:dataclasses|import",
            "py:src/shop/service.py|py:src/shop/models.py|import",
            "py:src/shop/service.py|py:src/shop/models.py|import",
            "py:src/shop/service.py|py:src/shop/util.py|import",
            "py:src/shop/util.py|py:ext:logging|import",
        ]
    );
    let calls = edges(ws.path(), "calls");
    for want in [
        "py:main.py#main|py:src/shop/service.py#OrderService|import",
        // `service = OrderService()`: the call is typed.
        "py:main.py#main|py:src/shop/service.py#OrderService.checkout|inferred",
        "py:main.py|py:main.py#main|local",
        "py:src/shop/service.py#OrderService.checkout|py:src/shop/models.py#make_order|import",
        "py:src/shop/service.py#OrderService.checkout|py:src/shop/service.py#OrderService.validate|local",
        "py:src/shop/service.py#OrderService.checkout|py:src/shop/util.py#log|import",
        // `order = make_order(...)`, declared `-> Order`; `describe` is inherited from Base.
        "py:src/shop/service.py#OrderService.checkout|py:src/shop/models.py#Base.describe|inferred",
        "py:src/shop/models.py#make_order|py:src/shop/models.py#Order|local",
        "py:src/shop/models.py#make_order|py:src/shop/models.py#Order.add_item|inferred",
        // `super().total()` in RushOrder: the base's method.
        "py:src/shop/models.py#RushOrder.total|py:src/shop/models.py#Order.total|inferred",
        "py:src/shop/models.py#Base.describe|py:src/shop/models.py#Base.ident|local",
        "py:src/shop/models.py#Order.items|py:ext:dataclasses|import",
    ] {
        if want.ends_with("py:ext:dataclasses|import") {
            continue;
        }
        assert!(calls.contains(&want.to_string()), "missing call edge {want}\nall: {calls:#?}");
    }
    // `order: Order` states the type: Order.total (RushOrder's override is its subtype's).
    assert!(
        calls.contains(
            &"py:src/shop/service.py#OrderService.validate|py:src/shop/models.py#Order.total|inferred"
                .to_string()
        ),
        "{calls:#?}"
    );
    // A method of a builtin type is outside the workspace, not a guess.
    assert!(
        calls.contains(
            &"py:src/shop/models.py#Order.add_item|?self.items.append|external".to_string()
        ),
        "{calls:#?}"
    );
    // Type references: annotations.
    let uses = edges(ws.path(), "uses");
    assert!(
        uses.contains(
            &"py:src/shop/service.py#OrderService.validate|py:src/shop/models.py#Order|import"
                .to_string()
        ),
        "{uses:#?}"
    );
    // Builtins make no edges.
    assert!(
        !calls
            .iter()
            .any(|c| c.contains("|?sum|") || c.contains("|?print|")),
        "{calls:#?}"
    );
}

#[test]
fn go_fixture_map() {
    let ws = fixture("go_app");
    index(ws.path());
    assert_eq!(
        edges(ws.path(), "implements"),
        [
            "go:disk/disk.go#DiskStore|go:store/store.go#Store|import",
            "go:store/memory.go#MemoryStore|go:store/store.go#Store|package",
        ]
    );
    assert_eq!(
        edges(ws.path(), "imports"),
        [
            "go:cmd/shop/main.go|go:disk/|import",
            "go:cmd/shop/main.go|go:ext:fmt|import",
            "go:cmd/shop/main.go|go:store/|import",
            "go:disk/disk.go|go:ext:os|import",
            "go:disk/disk.go|go:ext:path/filepath|import",
            "go:disk/disk.go|go:store/|import",
            "go:store/store.go|go:ext:errors|import",
        ]
    );
    let calls = edges(ws.path(), "calls");
    for want in [
        "go:cmd/shop/main.go#main|go:store/memory.go#NewMemoryStore|import",
        "go:cmd/shop/main.go#main|go:cmd/shop/main.go#fill|local",
        "go:disk/disk.go#DiskStore.Get|go:disk/disk.go#DiskStore.path|local",
        "go:cmd/shop/main.go#main|?fmt.Println|external",
    ] {
        assert!(
            calls.contains(&want.to_string()),
            "missing call edge {want}\nall: {calls:#?}"
        );
    }
    // `s.Put` on a `store.Store`: the interface's method (implements leads on to the types).
    assert!(
        calls
            .contains(&"go:cmd/shop/main.go#fill|go:store/store.go#Store.Put|inferred".to_string()),
        "{calls:#?}"
    );
    // `get := d.Get; get("a")`: a call of a local, no edge.
    assert!(!calls.iter().any(|c| c.contains("?get")), "{calls:#?}");
    // Type references: parameters and composite literals.
    let uses = edges(ws.path(), "uses");
    for want in [
        "go:cmd/shop/main.go#fill|go:store/store.go#Store|import",
        "go:cmd/shop/main.go#main|go:disk/disk.go#DiskStore|import",
    ] {
        assert!(
            uses.contains(&want.to_string()),
            "missing {want}\nall: {uses:#?}"
        );
    }
    let contains = edges(ws.path(), "contains");
    for want in [
        "go:store/|go:store/memory.go|local",
        "go:store/memory.go#MemoryStore|go:store/memory.go#MemoryStore.Get|local",
        "go:store/store.go#Store|go:store/store.go#Store.Get|local",
        "go:store/store.go#Item|go:store/store.go#Item.Price|local",
    ] {
        assert!(
            contains.contains(&want.to_string()),
            "missing {want}\nall: {contains:#?}"
        );
    }
    // The map tools over the same map.
    let (v, code) = json(
        ws.path(),
        &[
            "neighbors",
            "go:store/store.go#Store",
            "--direction",
            "in",
            "--edge-kind",
            "implements",
        ],
    );
    assert_eq!(code, 0, "{v}");
    let srcs: Vec<&str> = v["data"]["edges"]
        .as_array()
        .expect("edges")
        .iter()
        .filter_map(|e| e["from"].as_str())
        .collect();
    assert_eq!(
        srcs,
        [
            "go:disk/disk.go#DiskStore",
            "go:store/memory.go#MemoryStore"
        ]
    );
    let (v, code) = json(
        ws.path(),
        &["path", "go:cmd/shop/main.go", "go:store/store.go#Store"],
    );
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["found"], true, "{v}");
    let hops: Vec<&str> = v["data"]["edges"]
        .as_array()
        .expect("edges")
        .iter()
        .filter_map(|e| e["kind"].as_str())
        .collect();
    // `fill(s store.Store)` names the type: one `uses` edge from the function.
    assert_eq!(
        hops,
        ["contains", "uses"],
        "file -imports-> package -contains-> file -contains-> type"
    );
    let (v, _) = json(
        ws.path(),
        &[
            "path",
            "go:store/store.go#Store",
            "go:cmd/shop/main.go#main",
            "--edge-kind",
            "calls",
        ],
    );
    assert_eq!(v["data"]["found"], false, "{v}");
}

#[test]
fn search_ranks_and_filters() {
    let ws = fixture("py_app");
    index(ws.path());
    let ids = |v: &Value| -> Vec<String> {
        v["data"]["hits"]
            .as_array()
            .expect("hits")
            .iter()
            .map(|h| h["nodeId"].as_str().unwrap_or("").to_string())
            .collect()
    };
    let (v, _) = json(ws.path(), &["search", "total"]);
    assert_eq!(
        ids(&v)[..2],
        [
            "py:src/shop/models.py#Order.total",
            "py:src/shop/models.py#RushOrder.total"
        ]
    );
    let (v, _) = json(ws.path(), &["search", "RushOrder.total"]);
    assert_eq!(ids(&v)[0], "py:src/shop/models.py#RushOrder.total");
    assert_eq!(v["data"]["hits"][0]["match"], "qualnameSuffix");
    let (v, _) = json(ws.path(), &["search", "order"]);
    let first: Vec<String> = ids(&v);
    assert_eq!(
        first[0], "py:src/shop/models.py#Order",
        "exact (ignoring case) first: {first:?}"
    );
    assert!(
        first.contains(&"py:src/shop/models.py#make_order".to_string()),
        "word part: {first:?}"
    );
    let (v, _) = json(ws.path(), &["search", "order", "--kind", "function"]);
    assert_eq!(ids(&v), ["py:src/shop/models.py#make_order"]);
    let (v, _) = json(ws.path(), &["search", "log", "--path", "src/shop/util.py"]);
    assert_eq!(ids(&v)[0], "py:src/shop/util.py#log");
    let (v, _) = json(ws.path(), &["search", "mkord"]);
    assert_eq!(
        ids(&v),
        ["py:src/shop/models.py#make_order"],
        "fuzzy subsequence"
    );
    let hit = &v["data"]["hits"][0];
    // Compact: the name's position once, default values left out.
    assert_eq!(hit["at"], "40:5", "{hit}");
    assert!(hit.get("stale").is_none(), "{hit}");
}

#[test]
fn token_budget_truncates_honestly() {
    let ws = fixture("py_app");
    index(ws.path());
    let (v, _) = json(
        ws.path(),
        &["search", "e", "--limit", "200", "--token-budget", "100"],
    );
    assert_eq!(v["ok"], true);
    assert_eq!(v["truncated"], true, "{v}");
    assert!(v["dropped"]["count"].as_u64().unwrap_or(0) > 0, "{v}");
    assert!(
        v["dropped"]["note"]
            .as_str()
            .unwrap_or("")
            .contains("kinds"),
        "{v}"
    );
    assert_eq!(v["tokenBudget"]["max"], 100);
    assert!(
        v["tokenBudget"]["used"].as_u64().unwrap_or(999) <= 100,
        "{v}"
    );
    let (v, _) = json(
        ws.path(),
        &["search", "e", "--limit", "200", "--token-budget", "10"],
    );
    assert_eq!(v["tokenBudget"]["max"], 100, "clamped to 100");
}

#[test]
fn errors_are_clear_and_exit_1() {
    let ws = fixture("py_app");
    // No map yet.
    let (v, code) = json(ws.path(), &["search", "x"]);
    assert_eq!(
        (code, v["error"]["code"].as_str()),
        (1, Some("MAP_NOT_BUILT")),
        "{v}"
    );
    assert!(v["error"]["hint"]
        .as_str()
        .unwrap_or("")
        .contains("codemap index"));
    index(ws.path());
    let (v, code) = json(ws.path(), &["neighbors", "py:src/shop/models.py#Nope"]);
    assert_eq!(
        (code, v["error"]["code"].as_str()),
        (1, Some("NODE_NOT_FOUND")),
        "{v}"
    );
    for bad in [
        "session.py",
        "rs:x.rs",
        "py:../x.py",
        "py:a.py#1x",
        "py:a.py#f~1",
        "py:/abs.py",
    ] {
        let (v, code) = json(ws.path(), &["neighbors", bad]);
        assert_eq!(
            (code, v["error"]["code"].as_str()),
            (1, Some("BAD_NODE_ID")),
            "{bad}: {v}"
        );
        assert!(
            v["error"]["hint"]
                .as_str()
                .unwrap_or("")
                .contains("qualname := segment"),
            "grammar in hint: {v}"
        );
    }
    let (v, code) = json(ws.path(), &["search", "x", "--kind", "klass"]);
    assert_eq!(
        (code, v["error"]["code"].as_str()),
        (1, Some("BAD_ARGS")),
        "{v}"
    );
    let (v, code) = json(ws.path(), &["neighbors", "py:main.py", "--depth", "9"]);
    assert_eq!(
        (code, v["error"]["code"].as_str()),
        (1, Some("BAD_ARGS")),
        "{v}"
    );
    let (v, code) = json(ws.path(), &["index", "--scope", "../etc"]);
    assert_eq!(
        (code, v["error"]["code"].as_str()),
        (1, Some("OUTSIDE_WORKSPACE")),
        "{v}"
    );
    // Usage errors are exit 2; human errors go to stderr.
    let out = run(ws.path(), &["search"]);
    assert_eq!(out.status.code(), Some(2));
    let out = run(ws.path(), &["neighbors", "garbage"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("BAD_NODE_ID"));
    let out = run(std::path::Path::new("/nonexistent/dir"), &["status"]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn status_and_human_output() {
    let ws = fixture("go_app");
    let out = run(ws.path(), &["index"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("indexed 4 files"), "{text}");
    let (v, code) = json(ws.path(), &["status"]);
    assert_eq!(code, 0);
    let d = &v["data"];
    assert_eq!(d["languages"]["go"]["files"], 4);
    assert_eq!(d["schemaVersion"], indexer::store::SCHEMA_VERSION);
    assert_eq!(d["staleCount"], 0);
    assert!(d["edges"]["implements"].as_u64() == Some(2), "{d}");
    // The map keeps itself out of git.
    assert_eq!(
        std::fs::read_to_string(ws.path().join(".codemap/.gitignore"))
            .ok()
            .as_deref(),
        Some("*\n")
    );
    // An edit makes the file stale at query time, without a watcher.
    write(
        ws.path(),
        "store/memory.go",
        std::fs::read_to_string(ws.path().join("store/memory.go")).unwrap_or_default()
            + "\n// edited\n",
    );
    let (v, _) = json(ws.path(), &["search", "NewMemoryStore"]);
    assert_eq!(v["data"]["hits"][0]["stale"], true, "{v}");
    assert!(
        v["warnings"][0]
            .as_str()
            .unwrap_or("")
            .contains("store/memory.go"),
        "{v}"
    );
    let out = run(ws.path(), &["search", "NewMemoryStore"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("[stale]"));
}
