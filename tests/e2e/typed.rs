//! Calls resolved through the types the code states, and the wrong edges the old by-name rule
//! made: each case is its own small project, indexed by the real binary, read from the real
//! map. A call on a value of unknown type is never linked by name alone.

use crate::util::*;
use indexer::model::{EdgeKind, Resolution};
use std::path::Path;

/// The target of the `calls` edge written at `file:line` whose name ends in `.leaf` (or is
/// `leaf`), with its resolution; `None` when there is no such edge.
fn call_at(root: &Path, file: &str, line: u32, leaf: &str) -> Option<(Option<String>, String)> {
    let conn = db(root);
    let mut st = conn
        .prepare(
            "SELECT t.node_id, e.resolution FROM edges e JOIN files f ON f.id = e.file_id
             LEFT JOIN all_nodes t ON t.id = e.target
             WHERE f.path = ?1 AND e.line = ?2 AND e.kind = ?4
             AND e.name IN (SELECT id FROM names WHERE leaf = ?3)",
        )
        .expect("prepare");
    let mut rows = st
        .query_map(
            rusqlite::params![file, line, leaf, EdgeKind::Calls.code()],
            |r| {
                let res = Resolution::from_code(r.get(1)?).map_or("?", Resolution::as_str);
                Ok((r.get::<_, Option<String>>(0)?, res.to_string()))
            },
        )
        .expect("query");
    rows.next().map(|r| r.expect("row"))
}

fn edges_into(root: &Path, target: &str) -> usize {
    rows(
        &db(root),
        &format!("SELECT line FROM all_edges WHERE target = '{target}' AND kind = 'calls'"),
    )
    .len()
}

fn project(files: &[(&str, &str)]) -> tempfile::TempDir {
    let ws = tempfile::Builder::new()
        .prefix("codemap-")
        .tempdir()
        .expect("tmp");
    for (rel, text) in files {
        write(ws.path(), rel, text);
    }
    index(ws.path());
    ws
}

fn target(t: &str) -> Option<(Option<String>, String)> {
    Some((Some(t.to_string()), "inferred".to_string()))
}

#[test]
fn a_builtin_method_is_not_a_workspace_function() {
    // `str.lower()` and `list.extend(...)` once became the one workspace `lower` / `extend`.
    let ws = project(&[
        (
            "text.py",
            "def lower(s):\n    return s\n\nclass Bag:\n    def extend(self, more):\n        pass\n",
        ),
        (
            "use.py",
            "def f(name: str, items: list):\n    a = name.lower()\n    items.extend([1])\n    x = 'A'\n    return x.lower()\n",
        ),
    ]);
    assert_eq!(edges_into(ws.path(), "py:text.py#lower"), 0);
    assert_eq!(edges_into(ws.path(), "py:text.py#Bag.extend"), 0);
    assert_eq!(
        call_at(ws.path(), "use.py", 2, "lower"),
        Some((None, "external".to_string())),
        "a str's method is outside the workspace"
    );
    // `x = 'A'`: a value of no stated type stays unresolved, never guessed.
    assert_eq!(
        call_at(ws.path(), "use.py", 5, "lower"),
        Some((None, "unresolved".to_string()))
    );
}

#[test]
fn go_error_and_bufio_methods_are_not_workspace_methods() {
    // `err.Error()` once became the one workspace type's `Error`; `scanner.Err()` on a
    // bufio.Scanner a workspace helper's `Err`.
    let ws = project(&[
        ("go.mod", "module example.com/m\n\ngo 1.22\n"),
        (
            "errs.go",
            "package m\n\ntype MyErr struct{}\n\nfunc (e *MyErr) Error() string { return \"\" }\n\ntype helper struct{}\n\nfunc (h helper) Err() error { return nil }\n",
        ),
        (
            "use.go",
            "package m\n\nimport (\n\t\"bufio\"\n\t\"os\"\n)\n\nfunc run() string {\n\tscanner := bufio.NewScanner(os.Stdin)\n\tif scanner.Err() != nil {\n\t\treturn \"\"\n\t}\n\t_, err := os.Open(\"x\")\n\treturn err.Error()\n}\n",
        ),
    ]);
    assert_eq!(edges_into(ws.path(), "go:errs.go#MyErr.Error"), 0);
    assert_eq!(edges_into(ws.path(), "go:errs.go#helper.Err"), 0);
    assert_eq!(
        call_at(ws.path(), "use.go", 10, "Err"),
        Some((None, "external".to_string()))
    );
    assert_eq!(
        call_at(ws.path(), "use.go", 14, "Error"),
        Some((None, "external".to_string()))
    );
}

#[test]
fn python_calls_typed_by_what_the_code_states() {
    let ws = project(&[
        (
            "graph.py",
            "class Graph:\n    def add_dependency(self, a, b):\n        pass\n\n    @classmethod\n    def from_bytes(cls, b):\n        return cls()\n\n\nclass Signal:\n    def connect(self, f):\n        pass\n\n\nsaved = Signal()\n\n\ndef make() -> Graph:\n    return Graph()\n",
        ),
        (
            "base.py",
            "class Base:\n    def save(self):\n        pass\n\n\nclass Child(Base):\n    def save(self):\n        super().save()\n\n    def again(self):\n        self.save()\n",
        ),
        (
            "app.py",
            "import graph\nfrom graph import saved, Graph, make\n\n\nclass App:\n    def __init__(self):\n        self.graph = Graph()\n\n    def run(self, g: Graph, other: 'Graph'):\n        self.graph.add_dependency(1, 2)\n        saved.connect(print)\n        graph.Graph.from_bytes(b'')\n        g.add_dependency(1, 2)\n        other.add_dependency(1, 2)\n        make().add_dependency(1, 2)\n        for x in self.all():\n            x.add_dependency(3, 4)\n\n    def all(self) -> list[Graph]:\n        return []\n",
        ),
    ]);
    let add = "py:graph.py#Graph.add_dependency";
    // self.x = Cls() in __init__, as the class's attribute type.
    assert_eq!(
        call_at(ws.path(), "app.py", 10, "add_dependency"),
        target(add)
    );
    // A module-level instance through an import.
    assert_eq!(
        call_at(ws.path(), "app.py", 11, "connect"),
        target("py:graph.py#Signal.connect")
    );
    // An attribute chain through a module and a class.
    assert_eq!(
        call_at(ws.path(), "app.py", 12, "from_bytes"),
        Some((
            Some("py:graph.py#Graph.from_bytes".to_string()),
            "import".to_string()
        ))
    );
    // Annotated parameters, a quoted annotation, a declared result, list elements.
    for line in [13, 14, 15, 17] {
        assert_eq!(
            call_at(ws.path(), "app.py", line, "add_dependency"),
            target(add),
            "line {line}"
        );
    }
    // super() through the class's bases; self.m() inherited or own.
    assert_eq!(
        call_at(ws.path(), "base.py", 8, "save"),
        target("py:base.py#Base.save")
    );
    assert_eq!(
        call_at(ws.path(), "base.py", 11, "save"),
        Some((
            Some("py:base.py#Child.save".to_string()),
            "local".to_string()
        ))
    );
}

#[test]
fn go_calls_typed_by_what_the_code_states() {
    let ws = project(&[
        ("go.mod", "module example.com/m\n\ngo 1.22\n"),
        (
            "store/store.go",
            "package store\n\ntype Base struct{}\n\nfunc (b *Base) Close() error { return nil }\n\ntype DB struct {\n\tBase\n\tname string\n}\n\nfunc (d *DB) Query(q string) int { return 0 }\n\nfunc Open(name string) (*DB, error) { return &DB{name: name}, nil }\n\ntype Querier interface {\n\tQuery(q string) int\n}\n",
        ),
        (
            "app/app.go",
            "package app\n\nimport \"example.com/m/store\"\n\ntype App struct {\n\tdb *store.DB\n}\n\nfunc (a *App) Run(q store.Querier) {\n\ta.db.Query(\"x\")\n\tdb, err := store.Open(\"n\")\n\t_ = err\n\tdb.Query(\"y\")\n\tdb.Close()\n\tq.Query(\"z\")\n\td2 := &store.DB{}\n\td2.Query(\"w\")\n\tvar d3 store.DB\n\td3.Query(\"v\")\n\tfor _, d := range []*store.DB{d2} {\n\t\td.Query(\"u\")\n\t}\n}\n",
        ),
    ]);
    let query = "go:store/store.go#DB.Query";
    // A struct field's declared type; a callee's first result; composite literals; var.
    for line in [10, 13, 17, 19, 21] {
        assert_eq!(
            call_at(ws.path(), "app/app.go", line, "Query"),
            target(query),
            "line {line}"
        );
    }
    // A method promoted through an embedded field.
    assert_eq!(
        call_at(ws.path(), "app/app.go", 14, "Close"),
        target("go:store/store.go#Base.Close")
    );
    // Through an interface: the interface's method.
    assert_eq!(
        call_at(ws.path(), "app/app.go", 15, "Query"),
        target("go:store/store.go#Querier.Query")
    );
}

#[test]
fn go_build_variants_chosen_by_the_referring_files_build_never_by_order() {
    // `sys` defines `Errno` and `Syscall` once per OS (by file name), `Decode` in two plain
    // files told apart by `//go:build` lines, `T.Flush` twice the same way, and `Twice` in
    // two files nothing tells apart. Each reference takes the definition its own file's
    // build compiles (linux/amd64 unless its name or line says otherwise), by the name rules
    // and through the types alike; `Twice` stays ambiguous, whichever file came first.
    let ws = project(&[
        ("go.mod", "module example.com/m\n\ngo 1.22\n"),
        (
            "sys/sys_unix.go",
            "//go:build unix\n\npackage sys\n\ntype Errno uintptr\n\nfunc Syscall() Errno { return 0 }\n",
        ),
        (
            "sys/sys_windows.go",
            "package sys\n\ntype Errno uintptr\n\nfunc Syscall() Errno { return 0 }\n",
        ),
        (
            "sys/sys_plan9.go",
            "package sys\n\ntype Errno string\n\nfunc Syscall() Errno { return \"\" }\n",
        ),
        (
            "sys/decode.go",
            "// Copyright line.\n\n//go:build !goexperiment.v2\n\npackage sys\n\nfunc Decode() {}\n",
        ),
        (
            "sys/v2_decode.go",
            "//go:build goexperiment.v2\n\npackage sys\n\nfunc Decode() {}\n",
        ),
        (
            "sys/t.go",
            "package sys\n\ntype T struct{}\n\nfunc New() *T { return &T{} }\n",
        ),
        (
            "sys/flush_a.go",
            "//go:build a\n\npackage sys\n\nfunc (t *T) Flush() {}\n",
        ),
        (
            "sys/flush_b.go",
            "//go:build !a\n\npackage sys\n\nfunc (t *T) Flush() {}\n",
        ),
        ("sys/twice1.go", "package sys\n\nfunc Twice() {}\n"),
        ("sys/twice2.go", "package sys\n\nfunc Twice() {}\n"),
        (
            "app/app.go",
            "package app\n\nimport \"example.com/m/sys\"\n\nfunc Run() {\n\tsys.Syscall()\n\tsys.Decode()\n\tt := sys.New()\n\tt.Flush()\n\tsys.Twice()\n}\n",
        ),
        (
            "app/app_windows.go",
            "package app\n\nimport \"example.com/m/sys\"\n\nfunc RunWin() {\n\tsys.Syscall()\n}\n",
        ),
        (
            "app/plan.go",
            "//go:build plan9\n\npackage app\n\nimport \"example.com/m/sys\"\n\nfunc RunPlan9() {\n\tsys.Syscall()\n}\n",
        ),
    ]);
    let at = |file: &str, line: u32, leaf: &str| call_at(ws.path(), file, line, leaf);
    let import = |t: &str| Some((Some(t.to_string()), "import".to_string()));
    assert_eq!(
        at("app/app.go", 6, "Syscall"),
        import("go:sys/sys_unix.go#Syscall")
    );
    assert_eq!(
        at("app/app_windows.go", 6, "Syscall"),
        import("go:sys/sys_windows.go#Syscall")
    );
    assert_eq!(
        at("app/plan.go", 8, "Syscall"),
        import("go:sys/sys_plan9.go#Syscall")
    );
    assert_eq!(
        at("app/app.go", 7, "Decode"),
        import("go:sys/decode.go#Decode")
    );
    assert_eq!(
        at("app/app.go", 9, "Flush"),
        target("go:sys/flush_b.go#T.Flush")
    );
    assert_eq!(at("app/app.go", 10, "Twice").map(|t| t.0), Some(None));

    // The build lines swapped: the unchanged caller's edge follows, as a cold build's would.
    write(
        ws.path(),
        "sys/flush_a.go",
        "//go:build !a\n\npackage sys\n\nfunc (t *T) Flush() {}\n",
    );
    write(
        ws.path(),
        "sys/flush_b.go",
        "//go:build a\n\npackage sys\n\nfunc (t *T) Flush() {}\n",
    );
    index(ws.path());
    assert_eq!(
        call_at(ws.path(), "app/app.go", 9, "Flush"),
        target("go:sys/flush_a.go#T.Flush")
    );
}

#[test]
fn a_changed_stated_type_reresolves_the_files_that_read_it() {
    let ws = project(&[
        (
            "sig.py",
            "class Signal:\n    def connect(self, f):\n        pass\n\n\nclass Other:\n    def connect(self, f):\n        pass\n\n\nsaved = Signal()\n",
        ),
        ("use.py", "from sig import saved\n\n\ndef f():\n    saved.connect(print)\n"),
    ]);
    assert_eq!(
        call_at(ws.path(), "use.py", 5, "connect"),
        target("py:sig.py#Signal.connect")
    );
    let p = ws.path().join("sig.py");
    let text = std::fs::read_to_string(&p).expect("read");
    std::fs::write(&p, text.replace("saved = Signal()", "saved = Other()")).expect("write");
    let stats = index(ws.path());
    assert_eq!(stats["extracted"], 1, "{stats}");
    assert_eq!(
        call_at(ws.path(), "use.py", 5, "connect"),
        target("py:sig.py#Other.connect"),
        "use.py did not change; the type it reads did"
    );
    // And the same map from scratch.
    std::fs::remove_dir_all(ws.path().join(".codemap")).expect("rm");
    index(ws.path());
    assert_eq!(
        call_at(ws.path(), "use.py", 5, "connect"),
        target("py:sig.py#Other.connect")
    );
}

#[test]
fn untyped_calls_are_candidates_apart_from_edges() {
    let ws = project(&[
        (
            "sig.py",
            "class Signal:\n    def connect(self, f):\n        pass\n\n\ndef wire(s: Signal, other):\n    s.connect(1)\n    other.connect(2)\n",
        ),
        ("tests/test_sig.py", "def test_connect(thing):\n    thing.connect(3)\n"),
    ]);
    let id = "py:sig.py#Signal.connect";
    let (v, code) = json(ws.path(), &["neighbors", id, "--direction", "in"]);
    assert_eq!(code, 0, "{v}");
    let d = &v["data"];
    let edges: Vec<&str> = d["edges"]
        .as_array()
        .expect("edges")
        .iter()
        .filter(|e| e["kind"] == "calls")
        .filter_map(|e| e["resolution"].as_str())
        .collect();
    assert_eq!(edges, ["inferred"], "only the typed call is an edge: {v}");
    assert_eq!(d["candidatesTotal"], 2, "{v}");
    let written: Vec<&str> = d["candidates"]
        .as_array()
        .expect("candidates")
        .iter()
        .filter_map(|c| c["written"].as_str())
        .collect();
    assert_eq!(written, ["other.connect", "thing.connect"], "{v}");
    let warned = v["warnings"].as_array().expect("warnings").iter().any(|w| {
        w.as_str()
            .is_some_and(|w| w.starts_with("2 call sites of `.connect(`"))
    });
    assert!(warned, "{v}");
    // The nav fallback without a server: the edges as references, the rest as candidates.
    let (v, code) = json(ws.path(), &["--no-lsp", "refs", id]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["source"], "map", "{v}");
    assert_eq!(v["data"]["total"], 1, "{v}");
    assert_eq!(v["data"]["candidatesTotal"], 2, "{v}");
    let (v, code) = json(
        ws.path(),
        &["--no-lsp", "calls", id, "--direction", "incoming"],
    );
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["total"], 1, "{v}");
    assert_eq!(v["data"]["candidatesTotal"], 2, "{v}");
    // With pyright: the server's callers, and the count of what may be more.
    crate::lsp::servers_on_path();
    let (v, code) = json(ws.path(), &["calls", id, "--direction", "incoming"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["source"], "lsp", "{v}");
    let warned = v["warnings"].as_array().expect("warnings").iter().any(|w| {
        w.as_str()
            .is_some_and(|w| w.starts_with("2 call sites of `.connect(`"))
    });
    assert!(warned, "{v}");
    // Plain text shows them apart too.
    let out = run(ws.path(), &["neighbors", id, "--direction", "in"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("candidates (2 untyped calls of the name, not edges):"),
        "{text}"
    );
}

#[test]
fn search_an_agent_can_steer() {
    let ws = project(&[
        (
            "auth.py",
            "def login_required(f):\n    return f\n\n\nclass LoginRequiredMixin:\n    pass\n",
        ),
        ("tests/test_auth.py", "def login_required():\n    pass\n"),
    ]);
    // On ties, test code ranks below the code it tests; it can be left out.
    let (v, _) = json(ws.path(), &["search", "login_required"]);
    let ids: Vec<&str> = v["data"]["hits"]
        .as_array()
        .expect("hits")
        .iter()
        .filter_map(|h| h["nodeId"].as_str())
        .collect();
    assert_eq!(
        &ids[..2],
        [
            "py:auth.py#login_required",
            "py:tests/test_auth.py#login_required"
        ],
        "{v}"
    );
    let (v, _) = json(ws.path(), &["search", "login_required", "--exclude-tests"]);
    assert!(
        !v["data"]["hits"]
            .as_array()
            .expect("hits")
            .iter()
            .any(|h| h["nodeId"]
                .as_str()
                .is_some_and(|id| file_of(id).starts_with("tests/"))),
        "{v}"
    );
    // Several words match the word parts of names, in order.
    let (v, _) = json(ws.path(), &["search", "login required", "--exclude-tests"]);
    let names: Vec<&str> = v["data"]["hits"]
        .as_array()
        .expect("hits")
        .iter()
        .filter_map(|h| h["nodeId"].as_str().map(name_of))
        .collect();
    assert_eq!(names.len(), 2, "{v}");
    assert!(
        names.contains(&"login_required") && names.contains(&"LoginRequiredMixin"),
        "{v}"
    );
    // Fuzzy hits say so, in JSON and in plain text.
    let (v, _) = json(ws.path(), &["search", "lgnreq", "--exclude-tests"]);
    assert_eq!(v["data"]["hits"][0]["match"], "fuzzy", "{v}");
    let text = String::from_utf8_lossy(&run(ws.path(), &["search", "lgnreq"]).stdout).into_owned();
    assert!(
        text.lines().next().is_some_and(|l| l.ends_with("(fuzzy)")),
        "{text}"
    );
}

#[test]
fn rust_calls_typed_by_what_the_code_states() {
    let lib = "\
pub mod store;
pub mod extra;
pub use store::{Item, Store};

pub trait Named {
    fn name(&self) -> String;
    fn loud(&self) -> String {
        self.name()
    }
}
";
    let store = "\
use std::sync::Arc;

#[derive(Clone, Debug, Default)]
pub struct Item {
    pub label: String,
}

impl Item {
    pub fn shown(&self) -> String {
        self.label.clone()
    }
}

pub struct Store {
    items: Vec<Item>,
    first: Option<Item>,
    shared: Arc<Item>,
}

impl Store {
    pub fn open() -> Self {
        Self { items: Vec::new(), first: None, shared: Arc::new(Item::default()) }
    }

    pub fn get(&self, i: usize) -> Option<&Item> {
        self.items.get(i)
    }

    pub fn load(path: &str) -> std::io::Result<Store> {
        let _ = path.len();
        Ok(Store::open())
    }

    pub fn items(&self) -> usize {
        self.items.len()
    }

    pub fn split(&self) -> (Store, Option<Item>) {
        (Store::open(), None)
    }
}

pub struct Wrap(pub Item);
";
    let extra = "\
use crate::store::Store;

// An impl of the type in another file of the crate.
impl Store {
    pub fn count(&self) -> usize {
        self.items()
    }
}
";
    let app = "\
use shop::{Named, Store};

fn show<T: Named>(t: &T, s: &Store) -> String {
    t.name();
    s.items();
    let item = s.get(0).unwrap();
    item.shown();
    let fresh = Store::load(\"x\")?;
    fresh.items();
    let again = fresh.get(1);
    let again = again.unwrap();
    again.shown();
    let copy = item.clone();
    copy.shown();
    s.count();
    for it in &[item.clone()] {
        it.shown();
    }
    let n = u32::from(7u8);
    match s.get(2) {
        Some(found) => found.shown(),
        None => String::new(),
    }
}

fn wrapped(w: &shop::store::Wrap) {
    w.0.shown();
}

fn halves(s: &Store) {
    let (a1, _) = s.split();
    let (a2, _) = a1.split();
    a2.items();
}
";
    let ws = project(&[
        ("Cargo.toml", "[workspace]\nmembers = [\"shop\", \"app\"]\n"),
        (
            "shop/Cargo.toml",
            "[package]\nname = \"shop\"\nversion = \"0.1.0\"\n",
        ),
        ("shop/src/lib.rs", lib),
        ("shop/src/store.rs", store),
        ("shop/src/extra.rs", extra),
        (
            "app/Cargo.toml",
            "[package]\nname = \"app\"\nversion = \"0.1.0\"\n",
        ),
        ("app/src/main.rs", app),
    ]);
    let a = |line, leaf| call_at(ws.path(), "app/src/main.rs", line, leaf);
    let shown = target("rs:shop/src/store.rs#Item.shown");
    // A generic parameter's bound: the trait's method.
    assert_eq!(a(4, "name"), target("rs:shop/src/lib.rs#Named.name"));
    // A parameter's type, through the crate's `pub use`; the method `items`, not the field of
    // that name (`items~2`).
    let items = target("rs:shop/src/store.rs#Store.items~2");
    assert_eq!(a(5, "items"), items);
    // `Option<&Item>` unwrapped; `?` on `io::Result<Store>`; a shadowed local read through the
    // one before it; `clone()` of a value; an element of a slice in a `for`.
    for line in [7, 12, 14, 17] {
        assert_eq!(a(line, "shown"), shown, "line {line}");
    }
    assert_eq!(a(9, "items"), items);
    // A method in an impl in another file of the type's crate.
    assert_eq!(a(15, "count"), target("rs:shop/src/extra.rs#Store.count"));
    // A builtin type's function is outside; a match arm's binding has no stated type.
    assert_eq!(a(19, "from"), Some((None, "external".to_string())));
    assert_eq!(a(21, "shown"), Some((None, "unresolved".to_string())));
    // A tuple struct's field by number.
    assert_eq!(a(27, "shown"), shown);
    // A tuple's element, taken apart from a call on a local that was itself one (the ignore
    // crate's `let (ig, err) = ig.add_child(…)`, 220 of rust-analyzer's 296 sites the map
    // missed there).
    assert_eq!(a(32, "split"), target("rs:shop/src/store.rs#Store.split"));
    assert_eq!(a(33, "items"), items);
    // A trait's provided method through `self`, and the crate's own calls.
    assert_eq!(
        call_at(ws.path(), "shop/src/lib.rs", 8, "name"),
        Some((Some("rs:shop/src/lib.rs#Named.name".into()), "local".into()))
    );
    assert_eq!(
        call_at(ws.path(), "shop/src/extra.rs", 6, "items"),
        Some((
            Some("rs:shop/src/store.rs#Store.items~2".into()),
            "inferred".into()
        ))
    );
    assert_eq!(
        call_at(ws.path(), "shop/src/store.rs", 10, "clone"),
        Some((None, "external".to_string()))
    );
}

/// A module brought in by `use crate::unit::{self, Unit}` and called by path beside a local
/// of the module's name (ureq's `let unit = Unit::new(…); unit::connect(unit, …)`, and a
/// parameter `body` beside `body::send_body(…)`): the path's first name is the module, never
/// the local. Both calls were linked to nothing and `unused` listed both functions.
#[test]
fn rust_a_path_call_beside_a_local_and_a_variant_s_method() {
    let ws = project(&[
        ("Cargo.toml", "[package]\nname = \"x\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
        ("src/lib.rs", "mod body;\nmod error;\nmod request;\nmod unit;\n"),
        ("src/unit.rs", "pub struct Unit;\npub(crate) fn connect(_u: Unit) -> u32 {\n    1\n}\n"),
        ("src/body.rs", "pub(crate) fn send_body(n: u32) -> u32 {\n    n\n}\n"),
        (
            "src/error.rs",
            "pub enum ErrorKind {\n    Io,\n}\n\nimpl ErrorKind {\n    pub fn msg(self, _m: &str) -> u32 {\n        0\n    }\n}\n\npub fn fail() -> u32 {\n    ErrorKind::Io.msg(\"no\")\n}\n",
        ),
        (
            "src/request.rs",
            "use crate::body;\nuse crate::unit::{self, Unit};\n\npub fn call(body: u32) -> u32 {\n    let unit = Unit;\n    unit::connect(unit) + body::send_body(body)\n}\n",
        ),
    ]);
    assert_eq!(
        call_at(ws.path(), "src/request.rs", 6, "connect").map(|c| c.0),
        Some(Some("rs:src/unit.rs#connect".to_string()))
    );
    assert_eq!(
        call_at(ws.path(), "src/request.rs", 6, "send_body").map(|c| c.0),
        Some(Some("rs:src/body.rs#send_body".to_string()))
    );
    // An enum's variant is a value of the enum: its method is the enum's (ureq's
    // `ErrorKind::UnknownScheme.msg(…)`, 4 of them under `#[cfg]`s rust-analyzer does not
    // compile, were left out of a rename of `msg` unsaid).
    assert_eq!(
        call_at(ws.path(), "src/error.rs", 12, "msg").map(|c| c.0),
        Some(Some("rs:src/error.rs#ErrorKind.msg".to_string()))
    );
}

/// Issue 35: calls written inside macro arguments (serde_json's `tri!(self.parse_whitespace())`
/// around nearly every fallible call), items inside an item-level invocation (`cfg_std! { … }`),
/// and a counted warning where the map could not read an invocation (a `json!` DSL), on a
/// project shaped like serde_json. Before, `parse_whitespace` had 1 caller of 4, `from_str`
/// had no path to it and `to_string` was no symbol.
#[test]
fn rust_calls_inside_macro_arguments_and_items_inside_invocations() {
    let lib = "\
#[macro_use]
mod macros;
pub mod de;
pub mod ser;
";
    let macros = "\
macro_rules! tri {
    ($e:expr $(,)?) => {
        match $e {
            core::result::Result::Ok(val) => val,
            core::result::Result::Err(err) => return core::result::Result::Err(err),
        }
    };
}

macro_rules! cfg_std {
    ($($item:item)*) => { $($item)* };
}
";
    let de = "\
pub struct Deserializer {
    pos: usize,
}

impl Deserializer {
    fn parse_whitespace(&mut self) -> Result<Option<u8>, ()> {
        Ok(None)
    }

    pub fn end(&mut self) -> Result<(), ()> {
        match tri!(self.parse_whitespace()) {
            Some(_) => Err(()),
            None => Ok(()),
        }
    }

    fn peek_seq(&mut self) -> Result<bool, ()> {
        let v = vec![tri!(self.parse_whitespace()), None];
        assert!(v.len() == 2, \"{} entries\", describe(&v));
        Ok(matches!(self.parse_whitespace(), Ok(Some(b'[')) | Err(_)))
    }
}

fn describe(v: &[Option<u8>]) -> String {
    format!(\"{:?}\", v)
}

fn from_trait(mut de: Deserializer) -> Result<(), ()> {
    tri!(de.end());
    Ok(())
}

pub fn from_str(s: &str) -> Result<(), ()> {
    tri!(from_trait(Deserializer { pos: s.len() }));
    Ok(())
}

fn sample() -> String {
    let v = json!({\"a\": [1, 2], \"b\": from_str(\"x\").is_ok()});
    v.to_string()
}
";
    let ser = "\
cfg_std! {
    /// The value as a JSON string.
    pub fn to_string(v: &[u8]) -> String {
        tri!(to_vec(v).map(|b| String::from_utf8(b)))
    }
}

fn to_vec(v: &[u8]) -> Result<Vec<u8>, ()> {
    Ok(v.to_vec())
}
";
    let ws = project(&[
        (
            "Cargo.toml",
            "[package]\nname = \"sj\"\nversion = \"0.1.0\"\n",
        ),
        ("src/lib.rs", lib),
        ("src/macros.rs", macros),
        ("src/de.rs", de),
        ("src/ser.rs", ser),
    ]);
    let pw = "rs:src/de.rs#Deserializer.parse_whitespace";
    // Every call of `parse_whitespace`, at the line and character column of its name.
    let (v, _) = json(ws.path(), &["neighbors", pw, "--direction", "in"]);
    let mut at: Vec<String> = v["data"]["edges"]
        .as_array()
        .expect("edges")
        .iter()
        .filter(|e| e["kind"] == "calls")
        .map(|e| {
            format!(
                "{} {}",
                e["from"].as_str().map(name_of).unwrap_or(""),
                e["at"]
            )
        })
        .collect();
    at.sort();
    assert_eq!(
        at,
        ["end \"11:25\"", "peek_seq \"18:32\"", "peek_seq \"20:26\"",],
        "{v}"
    );
    // The invocation the map could not read is said, with its count.
    let warnings = v["warnings"].to_string();
    assert!(
        warnings.contains("1 macro invocation in the callers' files")
            && warnings.contains("json! 1"),
        "{v}"
    );
    // A path through calls written only inside `tri!`.
    let (v, _) = json(
        ws.path(),
        &["path", "rs:src/de.rs#from_str", pw, "--edge-kind", "calls"],
    );
    assert_eq!(v["data"]["found"], true, "{v}");
    assert_eq!(v["data"]["length"], 3, "{v}");
    // A function defined inside `cfg_std! { … }`: a symbol with its doc, and its calls.
    let (v, _) = json(
        ws.path(),
        &["neighbors", "rs:src/ser.rs#to_string", "--direction", "out"],
    );
    assert_eq!(
        v["data"]["node"]["doc"], "The value as a JSON string.",
        "{v}"
    );
    let calls: Vec<String> = v["data"]["edges"]
        .as_array()
        .expect("edges")
        .iter()
        .filter(|e| e["kind"] == "calls" && e["to"].is_string())
        .map(|e| format!("{} {}", e["to"].as_str().unwrap_or(""), e["at"]))
        .collect();
    assert!(
        calls.contains(&"rs:src/ser.rs#to_vec \"4:14\"".to_string()),
        "{v}"
    );
    assert!(v["warnings"].as_array().is_none_or(|w| w.is_empty()), "{v}");
    // Outgoing from the symbol with the unread invocation: said for it.
    let (v, _) = json(
        ws.path(),
        &["neighbors", "rs:src/de.rs#sample", "--direction", "out"],
    );
    assert!(
        v["warnings"]
            .to_string()
            .contains("1 macro invocation in this symbol"),
        "{v}"
    );
    // The same warning in nav answers the map gives.
    let (v, _) = json(
        ws.path(),
        &[
            "--no-lsp",
            "calls",
            "src/de.rs:sample",
            "--direction",
            "outgoing",
        ],
    );
    assert!(
        v["warnings"]
            .to_string()
            .contains("1 macro invocation in this symbol"),
        "{v}"
    );
    let (v, _) = json(ws.path(), &["--no-lsp", "refs", "src/de.rs:from_str"]);
    assert!(v["warnings"].to_string().contains("json! 1"), "{v}");
}
