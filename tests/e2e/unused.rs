//! `map_unused` on the fixtures of five languages, each copied with a file of cases added (a
//! dead private helper, a used one, a test function, an interface method's implementation,
//! an exported function, a method only an untyped call may reach), and on real code: Go's
//! `encoding/csv` and `go/ast`, whose answers were checked by hand.

use crate::util::*;
use serde_json::Value;
use std::path::Path;

/// The answer's listed symbols by node ID.
fn listed(v: &Value) -> Vec<String> {
    v["data"]["symbols"]
        .as_array()
        .unwrap_or_else(|| panic!("no symbols: {v}"))
        .iter()
        .filter_map(|s| s["nodeId"].as_str().map(str::to_string))
        .collect()
}

fn entry<'a>(v: &'a Value, id: &str) -> &'a Value {
    v["data"]["symbols"]
        .as_array()
        .and_then(|a| a.iter().find(|s| s["nodeId"] == id))
        .unwrap_or_else(|| panic!("{id} is not listed: {v}"))
}

/// `codemap unused` on a fixture with `files` added: the answer (indexed first).
fn unused_in(
    fixture_name: &str,
    files: &[(&str, &str)],
    args: &[&str],
) -> (tempfile::TempDir, Value) {
    let ws = fixture(fixture_name);
    for (rel, text) in files {
        write(ws.path(), rel, text);
    }
    index(ws.path());
    let v = ask(ws.path(), args);
    (ws, v)
}

fn ask(root: &Path, args: &[&str]) -> Value {
    let mut all = vec!["unused"];
    all.extend_from_slice(args);
    let (v, code) = json(root, &all);
    assert_eq!(code, 0, "{v}");
    v
}

/// Each case: the listed IDs that must be there, and those that must not.
fn check(v: &Value, listed_ids: &[&str], not_listed: &[&str]) {
    let got = listed(v);
    for id in listed_ids {
        assert!(
            got.iter().any(|g| g == id),
            "{id} should be listed: {got:?}\n{v}"
        );
    }
    for id in not_listed {
        assert!(
            !got.iter().any(|g| g == id),
            "{id} should not be listed: {got:?}\n{v}"
        );
    }
}

#[test]
fn go_lists_dead_helpers_and_keeps_entry_points_exports_and_implementations() {
    let (ws, v) = unused_in(
        "go_app",
        &[
            (
                "store/extra.go",
                "package store\n\n// deadHelper is called by nothing.\nfunc deadHelper() int { return 1 }\n\nfunc usedHelper() int { return 2 }\n\ntype sizer interface{ size() int }\n\ntype box struct{ n int }\n\nfunc (b box) size() int { return b.n }\n\nfunc measure(s sizer) int { return s.size() }\n\ntype flusher struct{}\n\nfunc (f *flusher) flushAll() {}\n\n// Exported is API.\nfunc Exported(xs []any) int {\n\tfor _, x := range xs {\n\t\tx.flushAll()\n\t}\n\t_ = flusher{}\n\treturn measure(box{}) + usedHelper()\n}\n",
            ),
            (
                "store/extra_test.go",
                "package store\n\nimport \"testing\"\n\nfunc TestExtra(t *testing.T) {}\n\nfunc unusedTestHelper() {}\n",
            ),
        ],
        &[],
    );
    check(
        &v,
        &[
            "go:store/extra.go#deadHelper",
            "go:store/extra.go#flusher.flushAll",
            "go:store/extra_test.go#unusedTestHelper",
        ],
        &[
            "go:store/extra.go#usedHelper",
            "go:store/extra.go#box.size",
            "go:store/extra.go#box",
            "go:store/extra.go#Exported",
            "go:store/extra_test.go#TestExtra",
            "go:cmd/shop/main.go#main",
            "go:store/extra.go#measure",
        ],
    );
    // The dead helper is certain; the method only an untyped call may reach says so.
    assert_eq!(
        entry(&v, "go:store/extra.go#deadHelper")["candidates"],
        Value::Null
    );
    let f = entry(&v, "go:store/extra.go#flusher.flushAll");
    assert_eq!(f["candidates"], 1, "{f}");
    assert_eq!(f["sites"], serde_json::json!(["store/extra.go:23"]), "{f}");
    let first = listed(&v);
    assert!(
        first.iter().position(|i| i.ends_with("#deadHelper"))
            < first.iter().position(|i| i.ends_with("#flusher.flushAll")),
        "the certain ones first: {first:?}"
    );
    let kept = &v["data"]["kept"];
    assert!(kept["entry"].as_u64() >= Some(2), "main and TestExtra: {v}");
    assert!(kept["override"].as_u64() >= Some(1), "box.size: {v}");
    assert!(kept["exported"].as_u64() >= Some(1), "Exported: {v}");

    // With exported API: an exported function nothing calls is listed, marked.
    write(
        ws.path(),
        "store/more.go",
        "package store\n\nfunc Orphan() {}\n",
    );
    index(ws.path());
    let all = ask(ws.path(), &["--include-exported"]);
    assert_eq!(
        entry(&all, "go:store/more.go#Orphan")["exported"],
        true,
        "{all}"
    );
    let not = ask(ws.path(), &[]);
    check(&not, &[], &["go:store/more.go#Orphan"]);

    // Test code left out: its symbols are not listed, and a symbol only tests reach is.
    write(
        ws.path(),
        "store/only.go",
        "package store\n\nfunc onlyTests() {}\n",
    );
    write(
        ws.path(),
        "store/only_test.go",
        "package store\n\nimport \"testing\"\n\nfunc TestOnly(t *testing.T) { onlyTests() }\n",
    );
    index(ws.path());
    let with_tests = ask(ws.path(), &[]);
    check(&with_tests, &[], &["go:store/only.go#onlyTests"]);
    let without = ask(ws.path(), &["--exclude-tests"]);
    check(
        &without,
        &["go:store/only.go#onlyTests"],
        &["go:store/extra_test.go#unusedTestHelper"],
    );
    assert_eq!(
        entry(&without, "go:store/only.go#onlyTests")["onlyTests"],
        true
    );

    // Scoped to a folder and to kinds.
    let scoped = ask(ws.path(), &["--path", "cmd", "--kind", "function"]);
    assert_eq!(listed(&scoped), Vec::<String>::new(), "{scoped}");
    let (bad, code) = json(ws.path(), &["unused", "--kind", "field"]);
    assert_eq!(code, 1, "{bad}");
    assert_eq!(bad["error"]["code"], "BAD_ARGS", "{bad}");
}

#[test]
fn python_lists_private_dead_code_and_keeps_dunders_tests_and_public_names() {
    let (_ws, v) = unused_in(
        "py_app",
        &[
            (
                "src/shop/extra.py",
                "def _dead_helper():\n    return 1\n\n\ndef _used_helper():\n    return 2\n\n\nclass _Base:\n    def _step(self):\n        return 0\n\n\nclass _Impl(_Base):\n    def _step(self):\n        return 1\n\n    def __repr__(self):\n        return \"impl\"\n\n\nclass _Flusher:\n    def _flush_all(self):\n        return 0\n\n\ndef public_api(x):\n    x._flush_all()\n    _Impl()._step()\n    return _Flusher() and _used_helper()\n",
            ),
            (
                "tests/test_extra.py",
                "from shop.extra import public_api\n\n\ndef test_public_api():\n    assert public_api\n\n\ndef _unused_test_helper():\n    return 3\n",
            ),
        ],
        &[],
    );
    check(
        &v,
        &[
            "py:src/shop/extra.py#_dead_helper",
            "py:src/shop/extra.py#_Flusher._flush_all",
            "py:tests/test_extra.py#_unused_test_helper",
        ],
        &[
            "py:src/shop/extra.py#_used_helper",
            "py:src/shop/extra.py#public_api",
            "py:src/shop/extra.py#_Impl.__repr__",
            "py:src/shop/extra.py#_Impl._step",
            "py:tests/test_extra.py#test_public_api",
            "py:main.py#main",
        ],
    );
    let f = entry(&v, "py:src/shop/extra.py#_Flusher._flush_all");
    assert_eq!(f["candidates"], 1, "{f}");
    assert_eq!(
        f["sites"],
        serde_json::json!(["src/shop/extra.py:28"]),
        "{f}"
    );
    assert_eq!(
        entry(&v, "py:src/shop/extra.py#_dead_helper")["candidates"],
        Value::Null
    );
}

#[test]
fn typescript_lists_unexported_dead_code_and_keeps_exports_and_implementations() {
    let (_ws, v) = unused_in(
        "ts_app",
        &[(
            "src/extra.ts",
            "function deadHelper(): number {\n  return 1;\n}\n\nfunction usedHelper(): number {\n  return 2;\n}\n\ninterface Sizer {\n  size(): number;\n}\n\nclass Box implements Sizer {\n  size(): number {\n    return 1;\n  }\n}\n\nclass Flusher {\n  flushAll(): void {}\n}\n\nexport function exportedApi(x: any): number {\n  x.flushAll();\n  new Flusher();\n  return new Box().size() + usedHelper();\n}\n",
        )],
        &[],
    );
    check(
        &v,
        &[
            "ts:src/extra.ts#deadHelper",
            "ts:src/extra.ts#Flusher.flushAll",
        ],
        &[
            "ts:src/extra.ts#usedHelper",
            "ts:src/extra.ts#exportedApi",
            "ts:src/extra.ts#Box.size",
            "ts:src/extra.ts#Sizer.size",
            "ts:packages/core/src/models.ts#Item.constructor",
        ],
    );
    let f = entry(&v, "ts:src/extra.ts#Flusher.flushAll");
    assert_eq!(f["candidates"], 1, "{f}");
    assert_eq!(f["sites"], serde_json::json!(["src/extra.ts:24"]), "{f}");
}

/// Uses the map makes no edge of, in another folder: a function imported and passed as a
/// value, one named through its module as a value, a type named through its module in a cast
/// and in a constraint (zod: `util.jsonStringifyReplacer`, `as errors.$ZodStringFormatIssues`,
/// `util.Mask<…>`, all listed); a C callback passed from a statement that starts with `*`
/// (c-ares' `*arr = ares_array_create(…, ares_buf_destroy_cb)`, read as a comment line).
#[test]
fn uses_through_a_module_and_callbacks_keep_a_symbol() {
    let (_ws, v) = unused_in(
        "ts_app",
        &[
            (
                "src/lib/util.ts",
                "export interface Issues { code: string }\nexport type Mask<T> = { [k in keyof T]?: true };\nexport function replacer(_: string, v: unknown) { return v; }\nexport function passed(_: string, v: unknown) { return v; }\nexport function dead() { return 1; }\n",
            ),
            (
                "src/loc/use.ts",
                "import * as util from \"../lib/util.js\";\nimport { replacer } from \"../lib/util.js\";\nexport function f<M extends util.Mask<{ a: 1 }>>(issue: unknown, _m?: M) {\n  const x = issue as util.Issues;\n  JSON.stringify(x, replacer);\n  return JSON.stringify(x, util.passed);\n}\n",
            ),
        ],
        &["--include-exported", "--path", "src/lib"],
    );
    check(
        &v,
        &["ts:src/lib/util.ts#dead"],
        &[
            "ts:src/lib/util.ts#Issues",
            "ts:src/lib/util.ts#Mask",
            "ts:src/lib/util.ts#replacer",
            "ts:src/lib/util.ts#passed",
        ],
    );
    let (_ws, v) = unused_in(
        "c_app",
        &[(
            "src/cb.c",
            "typedef void (*cb_t)(void *);\nvoid *make(cb_t cb);\nstatic void destroy_cb(void *arg) { (void)arg; }\nstatic void dead_cb(void *arg) { (void)arg; }\nvoid build(void **arr) {\n  *arr = make(destroy_cb);\n}\n",
        )],
        &["--path", "src/cb.c"],
    );
    check(&v, &["c:src/cb.c#dead_cb"], &["c:src/cb.c#destroy_cb"]);
}

#[test]
fn rust_lists_private_dead_code_and_keeps_main_tests_pub_and_trait_impls() {
    let (_ws, v) = unused_in(
        "rs_app",
        &[(
            "crates/app/src/extra.rs",
            "fn dead_helper() -> u32 {\n    1\n}\n\nfn used_helper() -> u32 {\n    2\n}\n\ntrait Sizer {\n    fn size(&self) -> usize;\n}\n\nstruct Flusher;\n\nimpl Flusher {\n    fn flush_all(&self) {}\n}\n\nimpl Sizer for Flusher {\n    fn size(&self) -> usize {\n        0\n    }\n}\n\npub fn api(v: Vec<Flusher>) -> u32 {\n    v.into_iter().for_each(|x| x.flush_all());\n    used_helper()\n}\n\nstruct Wrap;\n\nimpl std::ops::Deref for Wrap {\n    type Target = u32;\n    fn deref(&self) -> &u32 {\n        &0\n    }\n}\n\nstruct Inner;\n\nstruct Built {\n    n: u32,\n}\n\npub struct Pool {\n    inner: std::sync::Mutex<Inner>,\n}\n\nstruct Guard;\n\nimpl Drop for Guard {\n    fn drop(&mut self) {}\n}\n\npub fn hold(_g: Guard) {}\n\n#[cfg(feature = \"tls\")]\nfn tls_config() -> u32 {\n    1\n}\n\n#[cfg(not(feature = \"tls\"))]\nfn tls_config() -> u32 {\n    0\n}\n\npub fn built() -> u32 {\n    let b = Built { n: tls_config() };\n    b.n\n}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn runs() {\n        assert_eq!(super::api(Vec::new()), 2);\n    }\n\n    fn unused_test_helper() {}\n}\n",
        )],
        &[],
    );
    check(
        &v,
        &[
            "rs:crates/app/src/extra.rs#dead_helper",
            "rs:crates/app/src/extra.rs#Flusher.flush_all",
            "rs:crates/app/src/extra.rs#tests.unused_test_helper",
            "rs:crates/app/src/main.rs#shelve",
        ],
        &[
            "rs:crates/app/src/extra.rs#used_helper",
            "rs:crates/app/src/extra.rs#api",
            "rs:crates/app/src/extra.rs#Flusher.size",
            // An associated type of a trait outside the map (ureq's three `type Target`s
            // were listed).
            "rs:crates/app/src/extra.rs#Wrap.Target",
            "rs:crates/app/src/extra.rs#Wrap.deref",
            // Used only as a type's argument (ureq's `Mutex<Inner>`), only built by its
            // literal, a prelude trait's method (ureq's `impl Drop for TestServer`), and the
            // other `#[cfg]` variant of a function called (ureq's `default_tls_config~2`).
            "rs:crates/app/src/extra.rs#Inner",
            "rs:crates/app/src/extra.rs#Built",
            "rs:crates/app/src/extra.rs#Guard.drop",
            "rs:crates/app/src/extra.rs#tls_config",
            "rs:crates/app/src/extra.rs#tls_config~2",
            "rs:crates/app/src/extra.rs#tests.runs",
            "rs:crates/app/src/main.rs#main",
        ],
    );
    let f = entry(&v, "rs:crates/app/src/extra.rs#Flusher.flush_all");
    assert_eq!(f["candidates"], 1, "{f}");
    assert_eq!(
        f["sites"],
        serde_json::json!(["crates/app/src/extra.rs:26"]),
        "{f}"
    );
}

/// Kotlin's extension functions and calls its grammar reads oddly (okhttp 5.1.0's
/// `threadName("…") { … }`, `!discard(…)`, `trailers!!.toHeaderList()`, `s.toHttpUrlOrNull()`
/// of an import: 123 listed, most of them called), and a member beside an extension of its name.
#[test]
fn kotlin_keeps_extensions_and_calls_with_a_trailing_lambda_or_an_operator() {
    let (_ws, v) = unused_in(
        "kotlin_app",
        &[
            (
                "src/main/kotlin/com/acme/shop/util/Ext.kt",
                "package com.acme.shop.util\n\ninternal inline fun threadName(name: String, block: () -> Unit) {\n    block()\n}\n\ninternal fun String.shout(): String = uppercase()\n\ninternal fun Int.twice(): Int = this * 2\n\ninternal fun String.discard(n: Int): Boolean = length > n\n\ninternal fun String.deadExt(): Int = 0\n\nobject Urls {\n    fun String.toUrl(): String = this\n}\n",
            ),
            (
                "src/main/kotlin/com/acme/shop/util/Loud.kt",
                "package com.acme.shop.util\n\ninternal class Loud {\n    internal fun shout(): String = \"\"\n}\n",
            ),
            (
                "src/main/kotlin/com/acme/shop/Use.kt",
                "package com.acme.shop\n\nimport com.acme.shop.util.Loud\nimport com.acme.shop.util.Urls.toUrl\nimport com.acme.shop.util.discard\nimport com.acme.shop.util.shout\nimport com.acme.shop.util.threadName\nimport com.acme.shop.util.twice\n\nclass Use(private val s: String?) {\n    fun run(n: Int): Int {\n        threadName(\"x\") { println(n) }\n        val t = s!!.shout().toUrl()\n        if (!t.discard(n)) return 0\n        return n.twice() + Entry().size()\n    }\n\n    internal fun loud(l: Loud): String = l.shout()\n}\n\nprivate class Entry {\n    fun size(): Int = readSize(1)\n\n    companion object {\n        private val KEY = \"k\"\n\n        fun readSize(n: Int): Int = n + KEY.length\n    }\n}\n",
            ),
        ],
        &[],
    );
    let util = "kt:src/main/kotlin/com/acme/shop/util/Ext.kt";
    check(
        &v,
        &[&format!("{util}#String.deadExt")],
        &[
            &format!("{util}#threadName"),
            &format!("{util}#String.shout"),
            &format!("{util}#Int.twice"),
            &format!("{util}#String.discard"),
            &format!("{util}#Urls.String.toUrl"),
            // A member wins over an imported extension of its name (`l.shout()`, `l: Loud`).
            "kt:src/main/kotlin/com/acme/shop/util/Loud.kt#Loud.shout",
            // A companion object of constants, and its function called bare in its class
            // (okhttp's `Cache.Entry.Companion`, `readInt(source)` in `Cache.Entry`).
            "kt:src/main/kotlin/com/acme/shop/Use.kt#Entry.Companion",
            "kt:src/main/kotlin/com/acme/shop/Use.kt#Entry.Companion.readSize",
        ],
    );
}

#[test]
fn java_lists_private_dead_code_and_keeps_main_tests_overrides_and_public() {
    let (_ws, v) = unused_in(
        "java_app",
        &[
            (
                "src/main/java/com/acme/shop/Extra.java",
                "package com.acme.shop;\n\nimport java.util.List;\n\npublic class Extra {\n    private int deadHelper() {\n        return 1;\n    }\n\n    private int usedHelper() {\n        return 2;\n    }\n\n    public int api(List<Flusher> xs) {\n        xs.forEach(x -> x.flushAll());\n        return new Box().size() + usedHelper();\n    }\n\n    static class Flusher {\n        void flushAll() {}\n    }\n\n    static class Box implements Sizer {\n        @Override\n        public int size() {\n            return 1;\n        }\n    }\n}\n\ninterface Sizer {\n    int size();\n}\n",
            ),
            (
                // gson's `delegate()` beside its field `delegate`, and `isJavaType(c.getName())`
                // where two one-argument overloads fit (the map cannot tell which).
                "src/main/java/com/acme/shop/Overloads.java",
                "package com.acme.shop;\n\npublic class Overloads {\n    private final int delegate;\n\n    Overloads(int d) {\n        this.delegate = d;\n    }\n\n    private int delegate() {\n        return delegate;\n    }\n\n    public int twice() {\n        return delegate() * 2;\n    }\n\n    private static boolean isJava(String n) {\n        return n.startsWith(\"java.\");\n    }\n\n    private static boolean isJava(Class<?> c) {\n        return isJava(c.getName());\n    }\n\n    public boolean use() {\n        return isJava(Overloads.class) && twice() > 0;\n    }\n}\n",
            ),
            (
                "src/test/java/com/acme/shop/ExtraTest.java",
                "package com.acme.shop;\n\nimport org.junit.jupiter.api.Test;\n\nclass ExtraTest {\n    @Test\n    void works() {\n        new Extra();\n    }\n\n    private void unusedHelper() {}\n}\n",
            ),
        ],
        &[],
    );
    let base = "java:src/main/java/com/acme/shop/Extra.java#Extra";
    let test = "java:src/test/java/com/acme/shop/ExtraTest.java#ExtraTest";
    check(
        &v,
        &[
            &format!("{base}.deadHelper"),
            &format!("{base}.Flusher.flushAll"),
            &format!("{test}.unusedHelper"),
        ],
        &[
            &format!("{base}.usedHelper"),
            &format!("{base}.api"),
            &format!("{base}.Box.size"),
            &format!("{test}.works"),
            test,
            "java:src/main/java/com/acme/app/Main.java#Main.main",
            "java:src/main/java/com/acme/shop/Overloads.java#Overloads.delegate~2",
            "java:src/main/java/com/acme/shop/Overloads.java#Overloads.isJava",
            "java:src/main/java/com/acme/shop/Overloads.java#Overloads.isJava~2",
        ],
    );
    let f = entry(&v, &format!("{base}.Flusher.flushAll"));
    assert_eq!(f["candidates"], 1, "{f}");
}

/// Go's `encoding/csv` and `go/ast`, checked by hand: csv has no unexported symbol that
/// nothing reaches (every one is called, a test, or a capitalised method that satisfies
/// `io.Writer`/`io.Reader`); in go/ast, `CommentMap.addComment` is called on a value of
/// `make(CommentMap)`, which the map does not type (listed, with that call as its
/// candidate), and `exportFilter` is passed as a function value, no edge: kept (`value`).
#[test]
fn go_standard_library_packages_answer_what_was_checked_by_hand() {
    let ws = tempfile::tempdir().expect("tmp");
    copy_dir(
        &crate::corpora::go_root().join("encoding/csv"),
        &ws.path().join("csv"),
    );
    copy_dir(
        &crate::corpora::go_root().join("go/ast"),
        &ws.path().join("ast"),
    );
    index(ws.path());
    let csv = ask(ws.path(), &["--path", "csv"]);
    assert_eq!(listed(&csv), Vec::<String>::new(), "{csv}");
    assert_eq!(csv["data"]["judged"], 49, "{csv}");
    let ast = ask(ws.path(), &["--path", "ast/"]);
    assert_eq!(
        listed(&ast),
        ["go:ast/commentmap.go#CommentMap.addComment"],
        "{ast}"
    );
    let add = entry(&ast, "go:ast/commentmap.go#CommentMap.addComment");
    assert_eq!(
        add["sites"],
        serde_json::json!(["ast/commentmap.go:205"]),
        "{add}"
    );
    assert_eq!(ast["data"]["kept"]["value"], 1, "exportFilter: {ast}");
    assert_eq!(ast["data"]["kept"]["override"], 190, "{ast}");
    // Exported API listed on request: more, each marked.
    let all = ask(ws.path(), &["--path", "ast/", "--include-exported"]);
    let n_all = listed(&all).len();
    assert!(n_all > 2, "{all}");
    assert_eq!(all["data"]["kept"].get("exported"), None, "{all}");
    // The budget cuts the list and says so.
    let small = ask(ws.path(), &["--include-exported", "--token-budget", "100"]);
    assert_eq!(small["truncated"], true, "{small}");
}

/// ECMAScript private names (`#dispatch`): a call through `this.#m()` is an edge, a typed
/// private field (`#cache: Cache`) types its member calls, and the node ID of a private
/// method answers `refs` (tanstack's query-core: 21 private methods, all called, were listed
/// unused; `refs ts:src/query.ts#Query.#dispatch` was BAD_ARGS "no identifier").
#[test]
fn typescript_private_names_are_called_and_asked_about() {
    let dir = tempfile::tempdir().expect("tmp");
    let root = dir.path();
    write(
        root,
        "src/query.ts",
        "export class Cache {\n  clear(): void {}\n}\n\nexport class Query {\n  #cache: Cache\n\n  constructor(c: Cache) {\n    this.#cache = c\n  }\n\n  #dispatch(x: number): void {\n    this.#cache.clear()\n  }\n\n  #dead(): void {}\n\n  run(): void {\n    this.#dispatch(1)\n  }\n}\n",
    );
    index(root);
    let v = ask(root, &[]);
    check(
        &v,
        &["ts:src/query.ts#Query.#dead"],
        &["ts:src/query.ts#Query.#dispatch"],
    );
    let (v, code) = json(
        root,
        &[
            "calls",
            "ts:src/query.ts#Query.#dispatch",
            "--direction",
            "outgoing",
            "--no-lsp",
        ],
    );
    assert_eq!(code, 0, "{v}");
    assert!(v.to_string().contains("ts:src/query.ts#Cache.clear"), "{v}");
    let (v, code) = json(
        root,
        &["refs", "ts:src/query.ts#Query.#dispatch", "--no-lsp"],
    );
    assert_eq!(code, 0, "{v}");
    assert!(
        v["data"].to_string().contains("19:"),
        "this.#dispatch(1) at line 19: {v}"
    );
}

/// A function found by its name in a string in another directory (flask's test apps:
/// `"create_app2"` in `tests/test_cli.py`, `("create_app", "make_app")` looked up by
/// `getattr` in `src/flask/cli.py`) is listed with that mention, not as surely dead.
#[test]
fn a_name_in_a_string_elsewhere_is_a_mention() {
    let dir = tempfile::tempdir().expect("tmp");
    let root = dir.path();
    write(
        root,
        "tests/apps/factory.py",
        "def create_app2(name):\n    return name\n\n\ndef make_app():\n    return 1\n\n\ndef _dead():\n    return 2\n",
    );
    write(
        root,
        "tests/test_cli.py",
        "def test_find() -> None:\n    find_app(\"apps.factory:create_app2('x')\")\n",
    );
    write(
        root,
        "src/cli.py",
        "def find(module):\n    for attr in (\"create_app\", \"make_app\"):\n        getattr(module, attr)\n    print(\"it's done\")\n",
    );
    index(root);
    let v = ask(root, &[]);
    let dead = entry(&v, "py:tests/apps/factory.py#_dead");
    assert!(
        dead["mentionedAt"].is_null() || dead["mentions"] == 0,
        "{v}"
    );
    let two = entry(&v, "py:tests/apps/factory.py#create_app2");
    assert_eq!(two["mentions"], 1, "{v}");
    assert!(two.to_string().contains("tests/test_cli.py:2"), "{v}");
    let make = entry(&v, "py:tests/apps/factory.py#make_app");
    assert!(make.to_string().contains("src/cli.py:2"), "{v}");
}

/// An options class nested in a class (marshmallow's and Django's `class Meta`) is read by
/// name by its metaclass: kept as a hook, not listed (marshmallow's tests: 25 listed).
#[test]
fn a_nested_meta_class_is_a_hook() {
    let dir = tempfile::tempdir().expect("tmp");
    let root = dir.path();
    write(
        root,
        "app/schemas.py",
        "class UserSchema:\n    class Meta:\n        fields = (\"name\",)\n\n\nclass Meta:\n    pass\n",
    );
    index(root);
    let v = ask(root, &[]);
    let got = listed(&v);
    assert!(
        !got.iter().any(|g| g == "py:app/schemas.py#UserSchema.Meta"),
        "{v}"
    );
    assert!(got.iter().any(|g| g == "py:app/schemas.py#Meta"), "{v}");
}

/// A name written in a file the parser could not read whole is kept (`unparsed`): its use
/// there may be one the map missed (immer's `AnyFunc`, used only in `IProduce`'s call
/// signatures, which tree-sitter's TypeScript grammar does not parse, was listed as dead).
#[test]
fn a_name_written_in_an_unparsed_file_is_kept() {
    let dir = tempfile::tempdir().expect("tmp");
    let root = dir.path();
    write(
        root,
        "src/types.ts",
        "type AnyFunc = (...args: any[]) => any\n\ntype Lonely = number\n\nexport interface IProduce {\n\t<Curried>(\n\t\trecipe: Curried\n\t): Curried\n\n\t<Recipe extends AnyFunc>(\n\t\trecipe: Recipe\n\t): Recipe\n}\n",
    );
    index(root);
    let (st, _) = json(root, &["status"]);
    assert!(
        st.to_string().contains("src/types.ts"),
        "the file parses whole now? {st}"
    );
    let v = ask(root, &[]);
    let got = listed(&v);
    assert!(!got.iter().any(|g| g == "ts:src/types.ts#AnyFunc"), "{v}");
    assert_eq!(v["data"]["kept"]["unparsed"], 1, "{v}");
}

/// Rust: an inherent method nothing calls is listed, though its type has a trait impl of
/// a trait outside the map (regex-syntax: kept as "baseOutside"; `cargo check` says never
/// used); a trait impl's method is still kept. And a file edited since the index run is
/// read where its declarations are now: 4 lines added above `#[test]` functions listed them.
#[test]
fn rust_inherent_methods_are_listed_and_tests_in_an_edited_file_kept() {
    let dir = tempfile::tempdir().expect("tmp");
    let root = dir.path();
    write(
        root,
        "Cargo.toml",
        "[package]\nname = \"rt\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    let body = "pub struct T;\n\nimpl std::fmt::Debug for T {\n    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {\n        f.write_str(\"T\")\n    }\n}\n\nimpl T {\n    fn helper(&self) -> usize {\n        1\n    }\n}\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn literal() {\n        let _ = super::T;\n    }\n}\n";
    write(root, "src/lib.rs", body);
    index(root);
    let v = ask(root, &[]);
    let got = listed(&v);
    assert!(got.iter().any(|g| g == "rs:src/lib.rs#T.helper"), "{v}");
    assert!(!got.iter().any(|g| g == "rs:src/lib.rs#T.fmt"), "{v}");
    assert!(
        !got.iter().any(|g| g == "rs:src/lib.rs#tests.literal"),
        "{v}"
    );
    write(
        root,
        "src/lib.rs",
        format!("// a\n// b\n// c\n// d\n{body}"),
    );
    let v = ask(root, &[]);
    let got = listed(&v);
    assert!(
        !got.iter().any(|g| g == "rs:src/lib.rs#tests.literal"),
        "a test moved down 4 lines: {v}"
    );
}

/// A class named with a member read through it (`functools.partial(_Routes.endpoint)`) and a
/// method named through `self` and not called (`self._not_found if … else …`) are used
/// (starlette's `PartialRoutes` and `Router.not_found`, listed as dead).
#[test]
fn a_class_read_through_and_a_method_named_as_a_value_are_kept() {
    let dir = tempfile::tempdir().expect("tmp");
    let root = dir.path();
    write(
        root,
        "app/routing.py",
        "import functools\n\n\nclass _Routes:\n    @classmethod\n    def endpoint(cls, arg):\n        return arg\n\n\nclass Router:\n    def __init__(self, default=None):\n        self.default = self._not_found if default is None else default\n        self.partial = functools.partial(_Routes.endpoint, arg=1)\n\n    def _not_found(self):\n        return 404\n\n    def _dead(self):\n        return 0\n\n\nrouter = Router()\n",
    );
    index(root);
    let v = ask(root, &[]);
    check(
        &v,
        &["py:app/routing.py#Router._dead"],
        &[
            "py:app/routing.py#_Routes",
            "py:app/routing.py#Router._not_found",
        ],
    );
}
