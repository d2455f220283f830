//! Every answer, byte for byte: a fixed set of questions asked of each fixture (and of Go's
//! standard library) through the real binary, in plain text, `--json` and `--json --detail`,
//! compared with the files under `tests/snapshots/`. A restructuring that changes no behaviour
//! leaves them identical; a change that means to alter an answer updates them
//! (`UPDATE_SNAPSHOTS=1 cargo test --release --test e2e snapshot`) and the diff shows what.

use crate::util::*;
use std::fmt::Write as _;
use std::path::Path;

/// One fixture's questions: node IDs to ask about, a name to search, a pair for `path`, a
/// file to outline.
struct Questions {
    fixture: &'static str,
    ids: &'static [&'static str],
    search: &'static [&'static str],
    path: (&'static str, &'static str),
    outline: &'static str,
    rename: (&'static str, &'static str),
}

const FIXTURES: &[Questions] = &[
    Questions {
        fixture: "go_app",
        ids: &[
            "go:store/store.go#Item",
            "go:store/store.go#Store",
            "go:store/store.go#Store.Get",
        ],
        search: &["Store", "get", "item"],
        path: ("go:cmd/shop/main.go#main", "go:store/store.go#Item"),
        outline: "store/store.go",
        rename: ("go:store/store.go#Item", "Entry"),
    },
    Questions {
        fixture: "py_app",
        ids: &[
            "py:src/shop/util.py#log",
            "py:src/shop/service.py#OrderService",
            "py:src/shop/service.py#OrderService.checkout",
        ],
        search: &["OrderService", "log", "check"],
        path: ("py:main.py#main", "py:src/shop/util.py#log"),
        outline: "src/shop/service.py",
        rename: ("py:src/shop/util.py#log", "record"),
    },
    Questions {
        fixture: "ts_app",
        ids: &[
            "ts:src/cart.ts#Cart",
            "ts:packages/core/src/models.ts#Priced",
            "js:src/legacy.js#legacyTotal",
        ],
        search: &["Cart", "total", "Priced"],
        path: ("ts:src/cart.ts#checkout", "ts:src/util/log.ts#log"),
        outline: "src/cart.ts",
        rename: ("ts:src/cart.ts#Cart", "Basket"),
    },
    Questions {
        fixture: "js_app",
        ids: &[
            "js:lib/util.js#slugify",
            "js:lib/store.js#Store",
            "js:lib/store.js#Store.add",
        ],
        search: &["Store", "slug", "add"],
        path: ("js:lib/store.js#Store.add", "js:lib/util.js#slugify"),
        outline: "lib/store.js",
        rename: ("js:lib/util.js#slugify", "toSlug"),
    },
    Questions {
        fixture: "rs_app",
        ids: &[
            "rs:crates/store/src/lib.rs#Map.open",
            "rs:crates/store/src/lib.rs#Storage",
            "rs:crates/store/src/shelf.rs#Labelled.label",
        ],
        search: &["Map", "label", "Storage.get"],
        path: (
            "rs:crates/app/src/main.rs#main",
            "rs:crates/store/src/lib.rs#Map.open",
        ),
        outline: "crates/store/src/lib.rs",
        rename: ("rs:crates/store/src/lib.rs#Map.len", "size"),
    },
    Questions {
        fixture: "java_app",
        ids: &[
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.put~2",
            "java:src/main/java/com/acme/shop/Store.java#Store",
            "java:src/main/java/com/acme/shop/BaseStore.java#BaseStore.touch",
        ],
        search: &["MemoryStore", "put", "Catalog.Item"],
        path: (
            "java:src/main/java/com/acme/app/Main.java#Main.main",
            "java:src/main/java/com/acme/shop/util/Keys.java#Keys.normalize",
        ),
        outline: "src/main/java/com/acme/shop/MemoryStore.java",
        rename: (
            "java:src/main/java/com/acme/shop/BaseStore.java#BaseStore.touch",
            "mark",
        ),
    },
    Questions {
        fixture: "kotlin_app",
        ids: &[
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.put~2",
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#String.weight",
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.Companion.create",
        ],
        search: &["MemoryStore", "weight", "Item.Book"],
        path: (
            "kt:src/main/kotlin/com/acme/app/Main.kt#main",
            "kt:src/main/kotlin/com/acme/shop/util/Keys.kt#normalize",
        ),
        outline: "src/main/kotlin/com/acme/shop/Catalog.kt",
        rename: (
            "kt:src/main/kotlin/com/acme/shop/BaseStore.kt#BaseStore.touch",
            "mark",
        ),
    },
    Questions {
        fixture: "c_app",
        ids: &[
            "c:src/stock.c#stock_add",
            "c:include/inv/stock.h#stock_add",
            "c:include/inv/stock.h#store_t",
        ],
        search: &["stock_add", "item", "MAX"],
        path: ("c:src/main.c#main", "c:src/stock.c#stock_find"),
        outline: "include/inv/stock.h",
        rename: ("c:src/stock.c#clamp", "bound"),
    },
    Questions {
        fixture: "cpp_app",
        ids: &[
            "cpp:include/shop/cart.hpp#shop.Cart.add~2",
            "cpp:src/cart.cpp#shop.Cart.add~2",
            "cpp:include/shop/money.hpp#shop.Money",
        ],
        search: &["Cart.add", "Money", "operator=="],
        path: ("cpp:src/main.cpp#main", "cpp:src/cart.cpp#shop.Cart.add~2"),
        outline: "include/shop/money.hpp",
        rename: ("cpp:src/cart.cpp#clamp", "bound"),
    },
    Questions {
        fixture: "php_app",
        ids: &[
            "php:src/Shop/MemoryStore.php#MemoryStore.put",
            "php:src/Shop/Store.php#Store",
            "php:src/Support/Keys.php#normalize",
        ],
        search: &["Store", "put", "item"],
        path: (
            "php:src/app.php#main",
            "php:src/Shop/MemoryStore.php#MemoryStore.put",
        ),
        outline: "src/Shop/MemoryStore.php",
        rename: ("php:src/Shop/BaseStore.php#BaseStore.touch", "mark"),
    },
    Questions {
        fixture: "cs_app",
        ids: &[
            "cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Put~2",
            "cs:src/Shop.Core/IStore.cs#Shop.Core.IStore",
            "cs:src/Shop.Core/BaseStore.cs#Shop.Core.BaseStore.Touch",
        ],
        search: &["MemoryStore", "Put", "Keys.Normalize"],
        path: (
            "cs:src/Shop.App/Program.cs#Shop.App.Program.Main",
            "cs:src/Shop.Core/BaseStore.cs#Shop.Core.BaseStore.Touch",
        ),
        outline: "src/Shop.Core/MemoryStore.cs",
        rename: (
            "cs:src/Shop.Core/Util/Keys.cs#Shop.Core.Util.Keys.Normalize",
            "Canonical",
        ),
    },
    Questions {
        fixture: "rb_app",
        ids: &[
            "rb:lib/shop/cart.rb#Shop.Cart",
            "rb:lib/shop/cart.rb#Shop.Cart.empty",
            "rb:lib/shop/priced.rb#Shop.Priced",
        ],
        search: &["Cart", "full?", "Priced.rate"],
        path: (
            "rb:lib/shop/cart.rb#Shop.Cart.add",
            "rb:lib/shop/logging.rb#Shop.Logging.line",
        ),
        outline: "lib/shop/cart.rb",
        rename: ("rb:lib/shop/base_store.rb#Shop.BaseStore.touch", "mark"),
    },
];

/// The answers to `args` in the three shapes, each under a header line.
fn ask(out: &mut String, root: &Path, args: &[&str]) {
    for shape in [&[][..], &["--json"][..], &["--json", "--detail"][..]] {
        let mut all: Vec<&str> = shape.to_vec();
        all.extend_from_slice(args);
        let o = run(root, &all);
        let _ = writeln!(out, "$ codemap {}", all.join(" "));
        let text = String::from_utf8_lossy(&o.stdout);
        let root_s = root.to_string_lossy();
        let _ = writeln!(
            out,
            "{}",
            text.trim_end().replace(root_s.as_ref(), "<root>")
        );
        let _ = writeln!(out, "[exit {}]\n", o.status.code().unwrap_or(-1));
    }
}

/// The map's answers (and the nav tools' answers from the map, servers off).
fn map_answers(q: &Questions, root: &Path) -> String {
    let mut out = String::new();
    ask(&mut out, root, &["overview"]);
    for s in q.search {
        ask(&mut out, root, &["search", s]);
    }
    ask(&mut out, root, &["path", q.path.0, q.path.1]);
    ask(&mut out, root, &["outline", "--no-lsp", q.outline]);
    ask(&mut out, root, &["diagnostics", "--no-lsp", q.outline]);
    for id in q.ids {
        ask(&mut out, root, &["neighbors", id]);
        ask(
            &mut out,
            root,
            &["neighbors", id, "--direction", "in", "--depth", "2"],
        );
        ask(&mut out, root, &["resolve", "--no-lsp", "--node-id", id]);
        for tool in ["def", "refs", "impls", "hover", "calls"] {
            ask(&mut out, root, &[tool, "--no-lsp", id]);
        }
    }
    ask(&mut out, root, &["symbols", "--no-lsp", q.search[0]]);
    ask(
        &mut out,
        root,
        &["rename", "--no-lsp", q.rename.0, "--to", q.rename.1],
    );
    ask(&mut out, root, &["unused", "--include-exported"]);
    out
}

/// The same questions answered by the live server (one cold start per call).
fn live_answers(q: &Questions, root: &Path) -> String {
    let mut out = String::new();
    ask(&mut out, root, &["outline", q.outline]);
    ask(&mut out, root, &["diagnostics", q.outline]);
    let id = q.ids[0];
    for tool in ["def", "refs", "hover"] {
        ask(&mut out, root, &[tool, id]);
    }
    ask(&mut out, root, &["rename", q.rename.0, "--to", q.rename.1]);
    out
}

fn check(name: &str, actual: &str) {
    let path = repo_root()
        .join("tests/snapshots")
        .join(format!("{name}.txt"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(&path, actual).expect("write snapshot");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    if expected != actual {
        let diff = similar_lines(&expected, actual);
        panic!(
            "{} differs from the answers (UPDATE_SNAPSHOTS=1 to accept):\n{diff}",
            path.display()
        );
    }
}

/// The changed lines with three of context (a unified diff), at most 200 lines.
fn similar_lines(a: &str, b: &str) -> String {
    let diff = similar::TextDiff::from_lines(a, b);
    let text = diff.unified_diff().context_radius(3).to_string();
    text.lines().take(200).collect::<Vec<_>>().join("\n")
}

fn fixture_snapshot(q: &Questions, live: bool) {
    let dir = fixture(q.fixture);
    index(dir.path());
    if live {
        check(&format!("{}.live", q.fixture), &live_answers(q, dir.path()));
    } else {
        check(q.fixture, &map_answers(q, dir.path()));
    }
}

#[test]
fn fixture_answers_are_unchanged() {
    for q in FIXTURES {
        fixture_snapshot(q, false);
    }
}

#[test]
fn live_answers_are_unchanged_go_python() {
    for q in &FIXTURES[..2] {
        fixture_snapshot(q, true);
    }
}

#[test]
fn live_answers_are_unchanged_typescript_rust() {
    for q in &FIXTURES[2..] {
        // No live answers where the map has no server (JavaScript's is TypeScript's; C's
        // and C++'s clangd answers are `nav::c_with_clangd`, `nav::cpp_with_clangd`) or a cold start per question is too slow (JDT LS: its
        // live answers are `nav::java_with_jdtls`).
        if !matches!(
            q.fixture,
            "js_app"
                | "java_app"
                | "c_app"
                | "cpp_app"
                | "php_app"
                | "cs_app"
                | "rb_app"
                | "kotlin_app"
        ) {
            fixture_snapshot(q, true);
        }
    }
}

/// Questions of Go's standard library map (built once for the corpus tests).
#[test]
fn go_stdlib_answers_are_unchanged() {
    let c = crate::corpora::go();
    let mut out = String::new();
    let db = c.db.to_string_lossy().into_owned();
    let ask_db = |out: &mut String, args: &[&str]| {
        let mut all = vec!["--db", db.as_str()];
        all.extend_from_slice(args);
        ask(out, &c.root, &all);
    };
    ask_db(&mut out, &["search", "Server.Serve"]);
    ask_db(&mut out, &["search", "ReadAll"]);
    ask_db(
        &mut out,
        &["neighbors", "go:net/http/server.go#Server.Serve"],
    );
    ask_db(
        &mut out,
        &[
            "neighbors",
            "go:io/io.go#Reader",
            "--direction",
            "in",
            "--edge-kind",
            "implements",
        ],
    );
    ask_db(
        &mut out,
        &[
            "path",
            "go:net/http/server.go#ListenAndServe",
            "go:net/http/server.go#Server.Serve",
        ],
    );
    ask_db(
        &mut out,
        &[
            "resolve",
            "--no-lsp",
            "--node-id",
            "go:strings/builder.go#Builder.WriteString",
        ],
    );
    ask_db(
        &mut out,
        &[
            "refs",
            "--no-lsp",
            "go:strings/builder.go#Builder.WriteString",
        ],
    );
    ask_db(
        &mut out,
        &["calls", "--no-lsp", "go:bufio/bufio.go#Reader.ReadString"],
    );
    check("go_stdlib", &out.replace(&*db, "<db>"));
}
