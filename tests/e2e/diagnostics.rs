//! `nav_diagnostics` and `nav_check_edit` with the real servers on real code: Go's
//! `encoding/csv` copied into a module and checked by gopls (a signature changed, a function
//! removed, a type error introduced: on disk and as edits checked in memory), a fixture's
//! edit checked by every other server here (pyright, `tsc --lsp` for TypeScript and
//! JavaScript, clangd for C and C++, rust-analyzer, JDT LS, intelephense), a Ruby fixture (no
//! server) by its parse; bad input refused with nothing written.

use crate::util::*;
use serde_json::Value;
use std::path::Path;

/// The file's bytes and modification time: what "nothing written" is checked by.
fn stamp(root: &Path, rel: &str) -> (Vec<u8>, std::time::SystemTime) {
    let p = root.join(rel);
    let m = std::fs::metadata(&p).expect("stat");
    (
        std::fs::read(&p).expect("read"),
        m.modified().expect("mtime"),
    )
}

/// An answer's diagnostics (a check's added ones) as (severity, message, nodeId).
fn diags(v: &Value) -> Vec<(String, String, String)> {
    v["data"]["diagnostics"]
        .as_array()
        .unwrap_or_else(|| panic!("no diagnostics in {v}"))
        .iter()
        .filter(|d| d["change"] != "removed")
        .map(|d| {
            (
                d["severity"].as_str().unwrap_or("").to_string(),
                d["message"].as_str().unwrap_or("").to_string(),
                d["nodeId"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// `check-edit FILE --new-text-file` with `text`, through the engine.
fn check_new_text(root: &Path, rel: &str, text: &str) -> Value {
    let f = tempfile::NamedTempFile::new().expect("tmp");
    std::fs::write(f.path(), text).expect("write");
    let (v, code) = json(
        root,
        &[
            "check-edit",
            rel,
            "--new-text-file",
            &f.path().to_string_lossy(),
        ],
    );
    assert_eq!(code, 0, "{v}");
    v
}

/// How many diagnostics a check-edit answer marks added in `file`.
fn added_in(v: &Value, file: &str) -> usize {
    v["data"]["diagnostics"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|d| d["change"] == "added" && d["file"] == file)
        .count()
}

fn timed<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let t = std::time::Instant::now();
    let out = f();
    eprintln!("{what}: {} ms", t.elapsed().as_millis());
    out
}

#[test]
fn gopls_diagnoses_encoding_csv_and_checks_edits_in_memory() {
    let ws = tempfile::tempdir().expect("tmp");
    let root = ws.path();
    copy_dir(&crate::corpora::go_root().join("encoding/csv"), root);
    write(root, "go.mod", "module example.com/csv\n\ngo 1.22\n");
    let files = ["writer.go", "reader.go"];
    let initial = stamp(root, "writer.go");

    // Clean files: no error.
    let (clean, code) = timed("gopls nav_diagnostics, first", || {
        json(root, &["diagnostics", "writer.go", "reader.go"])
    });
    assert_eq!(code, 0, "{clean}");
    assert_eq!(clean["data"]["source"], "lsp", "{clean}");
    assert_eq!(clean["data"]["counts"]["error"], 0, "{clean}");
    assert_eq!(clean["data"]["files"][0]["model"], "push", "{clean}");
    let (warm, _) = timed("gopls nav_diagnostics, warm", || {
        json(root, &["diagnostics", "writer.go", "reader.go"])
    });
    assert_eq!(diags(&warm), diags(&clean));

    let text = std::fs::read_to_string(root.join("writer.go")).expect("read");
    // A signature changed: its caller in Writer.Write is an error.
    let sig = text.replacen(
        "func (w *Writer) fieldNeedsQuotes(field string) bool {",
        "func (w *Writer) fieldNeedsQuotes(field string, strict bool) bool {",
        1,
    );
    let v = timed("gopls nav_check_edit, warm", || {
        check_new_text(root, "writer.go", &sig)
    });
    assert_eq!(v["data"]["source"], "lsp", "{v}");
    assert_eq!(v["data"]["written"], false, "{v}");
    let added = diags(&v);
    assert!(
        added.iter().any(|(s, m, n)| s == "error"
            && m.contains("not enough arguments")
            && n == "go:writer.go#Writer.Write"),
        "{v}"
    );
    // Nothing of writer.go's own is removed (gopls' analyzers stop on a type error: other
    // files' warnings are, and are listed as such).
    assert_eq!(v["data"]["files"][0]["file"], "writer.go", "{v}");
    assert_eq!(v["data"]["files"][0]["removed"], 0, "{v}");
    assert!(
        stamp(root, "writer.go") == initial,
        "the check wrote writer.go"
    );
    // The server's view is the disk's again: the same answer as before the check.
    let (after, _) = json(root, &["diagnostics", "writer.go", "reader.go"]);
    assert_eq!(diags(&after), diags(&clean), "{after}");

    // The same edit written to disk: nav_diagnostics finds the caller's error.
    std::fs::write(root.join("writer.go"), &sig).expect("write");
    let (v, _) = json(root, &["diagnostics", "writer.go"]);
    assert!(
        diags(&v).iter().any(|(s, m, n)| s == "error"
            && m.contains("not enough arguments")
            && n == "go:writer.go#Writer.Write"),
        "{v}"
    );
    std::fs::write(root.join("writer.go"), &text).expect("write");
    let (v, _) = json(root, &["diagnostics", "writer.go"]);
    assert_eq!(v["data"]["counts"]["error"], 0, "{v}");
    // From here on, only checks: nothing may write.
    let before: Vec<_> = files.iter().map(|f| stamp(root, f)).collect();

    // A function removed: "undefined" where it was called.
    let start = text.find("// fieldNeedsQuotes reports").expect("doc");
    let removed = text[..start].to_string();
    let v = check_new_text(root, "writer.go", &removed);
    assert!(
        diags(&v)
            .iter()
            .any(|(s, m, _)| s == "error" && m.contains("fieldNeedsQuotes undefined")),
        "{v}"
    );

    // A method removed that another file calls: gopls re-checks the package, and the
    // caller in writer_test.go is listed (a file the edit does not touch).
    let gone = text.replacen(
        "func (w *Writer) Error() error {\n\t_, err := w.w.Write(nil)\n\treturn err\n}\n",
        "",
        1,
    );
    assert_ne!(gone, text);
    let v = check_new_text(root, "writer.go", &gone);
    let elsewhere: Vec<_> = v["data"]["diagnostics"]
        .as_array()
        .expect("list")
        .iter()
        .filter(|d| d["file"] == "writer_test.go" && d["change"] == "added")
        .collect();
    assert!(
        elsewhere.iter().any(|d| d["severity"] == "error"
            && d["message"]
                .as_str()
                .is_some_and(|m| m.contains("Error undefined"))
            && d["nodeId"]
                .as_str()
                .is_some_and(|n| n.starts_with("go:writer_test.go#"))),
        "{v}"
    );

    // A type error, as a unified diff: one error, in Writer.Flush.
    let patch = "--- a/writer.go\n+++ b/writer.go\n@@ -125,3 +125,4 @@\n func (w *Writer) Flush() {\n \tw.w.Flush()\n+\t_ = w.Comma + \"x\"\n }\n";
    let pf = tempfile::NamedTempFile::new().expect("tmp");
    std::fs::write(pf.path(), patch).expect("write");
    let (v, code) = json(
        root,
        &["check-edit", "--diff", &pf.path().to_string_lossy()],
    );
    assert_eq!(code, 0, "{v}");
    let added = diags(&v);
    assert_eq!(added.len(), 1, "{v}");
    assert_eq!(added[0].0, "error");
    assert_eq!(added[0].2, "go:writer.go#Writer.Flush", "{v}");

    // The same through MCP's parameters: range edits.
    let (v, code) = json(
        root,
        &[
            "check-edit",
            "writer.go",
            "--edit",
            "126:13-126:13=\\n\t_ = w.Comma + \"x\"",
        ],
    );
    assert_eq!(code, 0, "{v}");
    assert_eq!(diags(&v).len(), 1, "{v}");

    // Bad input: clear errors, nothing written.
    let outside = tempfile::NamedTempFile::new().expect("tmp");
    for (args, want) in [
        (
            vec!["check-edit", "../x.go", "--edit", "1:1-1:1=x"],
            "OUTSIDE_WORKSPACE",
        ),
        (
            vec!["check-edit", "writer.go", "--edit", "999:1-999:1=x"],
            "BAD_ARGS",
        ),
        (vec!["check-edit", "writer.go"], "BAD_ARGS"),
        (
            vec!["diagnostics", &*outside.path().to_string_lossy()],
            "OUTSIDE_WORKSPACE",
        ),
    ] {
        let (v, code) = json(root, &args);
        assert_ne!(code, 0, "{args:?}: {v}");
        assert_eq!(v["error"]["code"], want, "{args:?}: {v}");
    }
    write(root, "blob.go", b"package csv\x00\x01");
    let (v, _) = json(root, &["diagnostics", "blob.go"]);
    assert_eq!(v["error"]["code"], "BAD_ARGS", "{v}");
    // Gone again: while it is there, gopls rightly says the package's files do not load
    // ("unexpected NUL in input" on reader.go).
    std::fs::remove_file(root.join("blob.go")).expect("remove");
    std::fs::write(pf.path(), patch.replace("w.w.Flush()", "w.w.Nope()")).expect("write");
    let (v, _) = json(
        root,
        &["check-edit", "--diff", &pf.path().to_string_lossy()],
    );
    assert_eq!(v["error"]["code"], "BAD_ARGS", "{v}");
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap_or("")
            .contains("does not apply"),
        "{v}"
    );

    let now: Vec<_> = files.iter().map(|f| stamp(root, f)).collect();
    assert!(now == before, "a checked edit wrote a file");
    let (v, _) = json(root, &["diagnostics", "writer.go", "reader.go"]);
    assert_eq!(diags(&v), diags(&clean), "{v}");
}

/// A type error added by an edit of a fixture's file, checked by its server: the error is
/// listed in the right symbol, the file is untouched, and the server's view is the disk's
/// after (the next answer is the clean one).
fn check_fixture(fixture: &str, file: &str, at: &str, insert: &str, node: &str, message: &str) {
    let ws = crate::util::fixture(fixture);
    let root = ws.path();
    let disk = stamp(root, file);
    let (clean, code) = timed(&format!("{fixture} nav_diagnostics, first"), || {
        json(root, &["diagnostics", file])
    });
    assert_eq!(code, 0, "{clean}");
    assert_eq!(clean["data"]["source"], "lsp", "{clean}");
    let text = std::fs::read_to_string(root.join(file)).expect("read");
    assert!(text.contains(at), "{file} has no {at:?}");
    let edited = text.replacen(at, &format!("{at}{insert}"), 1);
    let v = timed(&format!("{fixture} nav_check_edit, warm"), || {
        check_new_text(root, file, &edited)
    });
    assert_eq!(v["data"]["source"], "lsp", "{v}");
    assert!(
        diags(&v)
            .iter()
            .any(|(s, m, n)| s == "error" && m.contains(message) && n == node),
        "{v}"
    );
    assert!(stamp(root, file) == disk, "the check wrote {file}");
    // It says which files it checked, and that other files' errors may be missing.
    assert_eq!(v["data"]["checked"]["edited"], 1, "{v}");
    assert!(v["warnings"].to_string().contains("CHECK_SCOPE: "), "{v}");
    // tsc type-checks JavaScript only under `// @ts-check` or `checkJs`: said (axios's
    // broken `AxiosHeaders.from` calls were "no diagnostic", unsaid).
    assert_eq!(
        v["warnings"]
            .to_string()
            .contains(&format!("tsc checks {file} for syntax only")),
        fixture == "js_app",
        "{v}"
    );
    let (after, _) = timed(&format!("{fixture} nav_diagnostics, warm"), || {
        json(root, &["diagnostics", file])
    });
    assert_eq!(diags(&after), diags(&clean), "{after}");
}

#[test]
fn pyright_checks_an_edit_of_a_python_file() {
    check_fixture(
        "py_app",
        "main.py",
        "    service = OrderService()\n",
        "    count: int = \"seven\"\n",
        "py:main.py#main",
        "is not assignable",
    );
}

/// An edit that changes a function's signature is checked in the files that use it too (the
/// map's callers and importers, opened for the server), not only in the edited file:
/// pyright re-checks open files only, so a caller in a file never opened was left out
/// (rich's `cell_len` with a new parameter: 9 of its 31 broken calls reported).
#[test]
fn a_check_of_a_changed_signature_asks_about_the_files_that_use_it() {
    let ws = crate::util::fixture("py_app");
    let root = ws.path();
    crate::util::index(root);
    let file = "src/shop/util.py";
    let text = std::fs::read_to_string(root.join(file)).expect("read");
    let at = "def log(message: str)";
    assert!(text.contains(at), "{text}");
    let v = timed("pyright nav_check_edit of a signature", || {
        check_new_text(
            root,
            file,
            &text.replacen(at, "def log(message: str, level: int)", 1),
        )
    });
    assert_eq!(v["data"]["source"], "lsp", "{v}");
    let broken: Vec<_> = diags(&v)
        .into_iter()
        .filter(|(s, m, _)| s == "error" && m.contains("\"level\""))
        .collect();
    assert!(
        broken
            .iter()
            .any(|(_, _, n)| n == "py:src/shop/service.py#OrderService.checkout"),
        "the caller's error: {v}"
    );
    assert_eq!(v["data"]["checked"]["changed"], 1, "{v}");
    assert!(v["data"]["checked"]["users"].as_u64() >= Some(1), "{v}");
    let warnings = v["warnings"].to_string();
    assert!(
        warnings.contains("the 1 declaration(s) it changes (log;"),
        "{v}"
    );
    // A body's edit changes no declaration: no other file is asked about, and it says so.
    let body = "log_.info(message)";
    assert!(text.contains(body), "{text}");
    let v = check_new_text(
        root,
        file,
        &text.replacen(body, "log_.info(message.strip())", 1),
    );
    assert_eq!(v["data"]["checked"]["changed"], 0, "{v}");
    assert_eq!(v["data"]["checked"]["users"], 0, "{v}");
    assert!(
        v["warnings"].to_string().contains("changes no declaration"),
        "{v}"
    );
}

/// A header's prototype changed in memory: clangd checks the files that use it against the
/// edited header (`--use-dirty-headers`, and each user sent again), where it checked the
/// header alone (c-ares' `ares_buf_tag_fetch_string` with a new parameter: "no diagnostic"
/// after a 15 s wait; now its 16 broken calls in 6 files and the definition's conflict).
#[test]
fn a_check_of_a_header_prototype_asks_clangd_about_its_callers() {
    let ws = crate::util::fixture("c_app");
    let root = ws.path();
    crate::util::index(root);
    let file = "include/inv/stock.h";
    let text = std::fs::read_to_string(root.join(file)).expect("read");
    let at = "int stock_add(store_t *s, const char *name, int units);";
    assert!(text.contains(at), "{text}");
    let v = timed("clangd nav_check_edit of a header prototype", || {
        check_new_text(
            root,
            file,
            &text.replacen(
                at,
                "int stock_add(store_t *s, const char *name, int units, int why);",
                1,
            ),
        )
    });
    assert_eq!(v["data"]["source"], "lsp", "{v}");
    let list = diags(&v);
    assert!(
        list.iter().any(|(s, m, n)| s == "error"
            && m.contains("oo few arguments")
            && n == "c:src/main.c#main"),
        "the callers' errors: {v}"
    );
    assert!(
        list.iter()
            .any(|(s, m, _)| s == "error" && m.contains("onflicting types")),
        "the definition's conflict: {v}"
    );
    assert_eq!(v["data"]["checked"]["changed"], 1, "{v}");
}

/// clangd does not publish again for a document sent again with the same text: a file made
/// after it started (opened, then told of as created) and a file asked again after another
/// changed on disk are answered at once, not after the whole timeout (c-ares: 15 s each,
/// with "the list may be an older text's").
#[test]
fn clangd_answers_a_file_s_diagnostics_without_waiting_for_a_list_it_never_sends() {
    let ws = crate::util::fixture("c_app");
    let root = ws.path();
    let (first, _) = json(root, &["diagnostics", "src/util.c"]);
    assert_eq!(first["data"]["source"], "lsp", "{first}");
    std::fs::write(root.join("src/later.c"), "int later(void) { return 1; }\n").expect("write");
    for (what, file) in [
        ("a new file", "src/later.c"),
        ("an old file after another changed", "src/util.c"),
    ] {
        let t = std::time::Instant::now();
        let (v, code) = json(root, &["diagnostics", file]);
        assert_eq!(code, 0, "{v}");
        assert!(
            !v["warnings"].to_string().contains("LSP_TIMEOUT"),
            "{what}: {v}"
        );
        assert!(
            t.elapsed().as_secs() < 10,
            "{what}: {} s",
            t.elapsed().as_secs()
        );
    }
}

/// A header changed on disk: a source file that includes it, already open in clangd, is
/// checked against the header's new text (fmt's `os.cc` after `os.h` gave `close` a
/// parameter: "no diagnostics", where g++ gave 3 errors), and again after it is put back.
#[test]
fn clangd_checks_a_file_again_after_a_header_it_includes_changed_on_disk() {
    let ws = crate::util::fixture("c_app");
    let root = ws.path();
    let (first, _) = json(root, &["diagnostics", "src/stock.c"]);
    assert_eq!(first["data"]["source"], "lsp", "{first}");
    assert_eq!(first["data"]["counts"]["error"], 0, "{first}");
    let h = root.join("include/inv/stock.h");
    let text = std::fs::read_to_string(&h).expect("read");
    let at = "item_t *stock_find(store_t *s, const char *name);";
    assert!(text.contains(at), "{text}");
    std::fs::write(&h, text.replacen(at, "item_t *stock_find(store_t *s);", 1)).expect("write");
    let errors = |v: &Value| {
        diags(v)
            .into_iter()
            .filter(|(s, _, _)| s == "error")
            .count()
    };
    let (v, code) = json(root, &["diagnostics", "src/stock.c"]);
    assert_eq!(code, 0, "{v}");
    assert!(errors(&v) > 0, "the header's new prototype: {v}");
    std::fs::write(&h, &text).expect("write");
    let (v, _) = json(root, &["diagnostics", "src/stock.c"]);
    assert_eq!(errors(&v), 0, "the header put back: {v}");
}

#[test]
fn tsc_checks_an_edit_of_a_typescript_file() {
    check_fixture(
        "ts_app",
        "src/cart.ts",
        "  total(): number {\n",
        "    const n: number = \"s\";\n",
        "ts:src/cart.ts#Cart.total",
        "not assignable",
    );
}

#[test]
fn clangd_checks_an_edit_of_a_c_file() {
    let text =
        std::fs::read_to_string(repo_root().join("tests/fixtures/c_app/src/util.c")).expect("read");
    let first_fn = text
        .lines()
        .find(|l| l.ends_with('{') && l.contains('('))
        .expect("a function");
    let name = first_fn[..first_fn.find('(').expect("(")]
        .rsplit([' ', '*'])
        .next()
        .expect("name")
        .to_string();
    check_fixture(
        "c_app",
        "src/util.c",
        &format!("{first_fn}\n"),
        "    int zz = \"s\";\n",
        &format!("c:src/util.c#{name}"),
        "ncompatible pointer to integer",
    );
}

#[test]
fn rust_analyzer_checks_an_edit_of_a_rust_file() {
    // The method, not the field of the same name (`count~2`).
    check_fixture(
        "rs_app",
        "crates/store/src/shelf.rs",
        "    pub fn count(&self) -> usize {\n",
        "        let zz: u32 = \"s\";\n",
        "rs:crates/store/src/shelf.rs#Shelf.count~2",
        "expected u32",
    );
}

#[test]
fn jdtls_checks_an_edit_of_a_java_file() {
    check_fixture(
        "java_app",
        "src/main/java/com/acme/shop/MemoryStore.java",
        "    public Integer get(String key) {\n",
        "        int zz = \"s\";\n",
        "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.get",
        "cannot convert from String to int",
    );
}

#[test]
fn tsc_checks_an_edit_of_a_javascript_file() {
    // Without checkJs, a JavaScript file's errors are its binder's: a redeclaration.
    check_fixture(
        "js_app",
        "lib/store.js",
        "  add(name) {\n",
        "    const zz = 1; const zz = 2;\n",
        "js:lib/store.js#Store.add",
        "Cannot redeclare block-scoped variable",
    );
}

#[test]
fn clangd_checks_an_edit_of_a_cpp_file() {
    // The second overload, in a namespace.
    check_fixture(
        "cpp_app",
        "src/cart.cpp",
        "void Cart::add(const catalog::Item* item, int quantity) {\n",
        "    int zz = \"s\";\n",
        "cpp:src/cart.cpp#shop.Cart.add~2",
        "Cannot initialize a variable of type 'int'",
    );
}

#[test]
fn intelephense_checks_an_edit_of_a_php_file() {
    check_fixture(
        "php_app",
        "src/Shop/MemoryStore.php",
        "    public function count(): int\n    {\n",
        "        $x = undefined_fn_zz();\n",
        "php:src/Shop/MemoryStore.php#MemoryStore.count",
        "Undefined function",
    );
}

#[test]
fn without_a_server_the_parse_errors_are_answered_and_labelled() {
    // Ruby has no server here; Go's is turned off.
    let ws = crate::util::fixture("rb_app");
    let root = ws.path();
    let (v, code) = json(root, &["diagnostics", "lib/shop.rb"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["source"], "parse", "{v}");
    assert_eq!(v["data"]["counts"]["error"], 0, "{v}");
    assert!(
        v["warnings"].as_array().is_some_and(|w| w
            .iter()
            .any(|w| w.as_str().is_some_and(|w| w.starts_with("LSP_UNAVAILABLE")))),
        "{v}"
    );
    let disk = stamp(root, "lib/shop.rb");
    let (v, _) = json(
        root,
        &[
            "check-edit",
            "lib/shop.rb",
            "--edit",
            "1:1-1:1=def broken(\\n",
        ],
    );
    assert_eq!(v["data"]["source"], "parse", "{v}");
    let added = &v["data"]["diagnostics"];
    assert!(
        added.as_array().is_some_and(|a| !a.is_empty()
            && a.iter()
                .all(|d| d["source"] == "parse" && d["change"] == "added")),
        "{v}"
    );
    assert!(stamp(root, "lib/shop.rb") == disk);

    let ws = crate::util::fixture("go_app");
    let root = ws.path();
    let go = files_with_ext(root, "go");
    let rel = go[0]
        .strip_prefix(root)
        .expect("inside")
        .to_string_lossy()
        .to_string();
    let (v, _) = json(
        root,
        &[
            "--no-lsp",
            "check-edit",
            &rel,
            "--edit",
            "1:1-1:1=func ( {\\n",
        ],
    );
    assert_eq!(v["data"]["source"], "parse", "{v}");
    assert!(
        v["data"]["added"]["error"].as_u64().is_some_and(|n| n > 0),
        "{v}"
    );
}

#[test]
fn a_rename_preview_checked_lists_what_it_would_break() {
    let ws = tempfile::tempdir().expect("tmp");
    let root = ws.path();
    copy_dir(&crate::corpora::go_root().join("encoding/csv"), root);
    write(root, "go.mod", "module example.com/csv\n\ngo 1.22\n");
    let disk = stamp(root, "writer.go");
    // A clean rename adds nothing.
    let (v, code) = json(
        root,
        &[
            "rename",
            "writer.go:Writer.fieldNeedsQuotes",
            "--to",
            "needsQuotes",
            "--check",
        ],
    );
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["check"]["source"], "lsp", "{v}");
    assert_eq!(v["data"]["check"]["added"]["total"], 0, "{v}");
    assert!(stamp(root, "writer.go") == disk);
}

/// The workspace as one git commit.
fn committed(root: &Path) {
    let git = |args: &[&str]| {
        let out = std::process::Command::new("git")
            .current_dir(root)
            .args([
                "-c",
                "user.name=t",
                "-c",
                "user.email=t@t",
                "-c",
                "commit.gpgsign=false",
            ])
            .args(args)
            .output()
            .expect("git is needed");
        assert!(out.status.success(), "git {args:?}");
    };
    git(&["init", "-q"]);
    git(&["add", "."]);
    git(&["commit", "-q", "-m", "base"]);
}

#[test]
fn the_files_changed_since_a_ref_are_diagnosed() {
    let ws = crate::util::fixture("rb_app");
    let root = ws.path();
    committed(root);
    let (v, code) = json(root, &["diagnostics", "--changed"]);
    assert_eq!(code, 1, "nothing changed: nothing to diagnose: {v}");
    assert_eq!(v["error"]["code"], "BAD_ARGS", "{v}");
    // One file broken on disk: it alone is diagnosed, by its parse (Ruby has no server).
    let p = root.join("lib/shop.rb");
    let text = std::fs::read_to_string(&p).expect("read");
    std::fs::write(&p, format!("def broken(\n{text}")).expect("write");
    let (v, code) = json(root, &["diagnostics", "--changed", "HEAD"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["files"].as_array().map(Vec::len), Some(1), "{v}");
    assert_eq!(v["data"]["files"][0]["file"], "lib/shop.rb", "{v}");
    assert_eq!(v["data"]["source"], "parse", "{v}");
    assert!(
        v["data"]["counts"]["error"].as_u64().is_some_and(|n| n > 0),
        "{v}"
    );
    // The parse error is the change's: marked new, from a parse of the text at HEAD.
    assert_eq!(v["data"]["diagnostics"][0]["change"], "new", "{v}");
    assert_eq!(v["data"]["since"]["old"], 0, "{v}");
    let (v, _) = json(root, &["diagnostics", "--changed", "no-such-ref"]);
    assert_eq!(v["error"]["code"], "BAD_ARGS", "{v}");
}

/// A signature changed on disk since a ref: the files that use it are diagnosed too, where
/// only the changed file was (gin's `IsAborted` renamed by hand: "no diagnostics", while its
/// test file had 15 errors).
#[test]
fn the_files_that_use_what_changed_since_a_ref_are_diagnosed() {
    let ws = crate::util::fixture("py_app");
    let root = ws.path();
    // An error there before the change (requests: 1,142 of 1,146 diagnostics after renaming
    // two methods were its tests' old ones, not told apart from the 4 new).
    let service = root.join("src/shop/service.py");
    let before = std::fs::read_to_string(&service).expect("read");
    std::fs::write(&service, format!("{before}\n\nOLD_ERROR: int = \"old\"\n")).expect("write");
    committed(root);
    crate::util::index(root);
    let file = "src/shop/util.py";
    let p = root.join(file);
    let text = std::fs::read_to_string(&p).expect("read");
    let at = "def log(message: str)";
    assert!(text.contains(at), "{text}");
    std::fs::write(
        &p,
        text.replacen(at, "def log(message: str, level: int)", 1),
    )
    .expect("write");
    let (v, code) = timed("pyright diagnostics --changed", || {
        json(root, &["diagnostics", "--changed", "HEAD"])
    });
    assert_eq!(code, 0, "{v}");
    let files: Vec<&str> = v["data"]["files"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|f| f["file"].as_str())
        .collect();
    assert!(files.contains(&file), "{v}");
    assert!(
        files.contains(&"src/shop/service.py"),
        "the caller's file: {v}"
    );
    assert!(
        diags(&v).iter().any(|(s, m, n)| s == "error"
            && m.contains("\"level\"")
            && n == "py:src/shop/service.py#OrderService.checkout"),
        "the caller's error: {v}"
    );
    assert!(
        v["warnings"]
            .to_string()
            .contains("USERS: 1 declaration(s) changed since HEAD (log)"),
        "{v}"
    );
    // The change's error is new and listed first; the one already there is old.
    let list = v["data"]["diagnostics"].as_array().expect("a list");
    assert_eq!(list[0]["change"], "new", "{v}");
    assert!(
        list[0]["message"]
            .as_str()
            .unwrap_or("")
            .contains("\"level\""),
        "{v}"
    );
    let old: Vec<&Value> = list
        .iter()
        .filter(|d| d["message"].as_str().unwrap_or("").contains("'old'"))
        .collect();
    assert_eq!(old.len(), 1, "{v}");
    assert_eq!(old[0]["change"], "old", "{v}");
    assert!(
        list.iter()
            .all(|d| d["change"] != "new"
                || d["message"].as_str().unwrap_or("").contains("\"level\"")),
        "only the change's errors are new: {v}"
    );
    assert_eq!(v["data"]["since"]["ref"], "HEAD", "{v}");
    assert!(
        v["data"]["since"]["old"].as_u64().is_some_and(|n| n >= 1),
        "{v}"
    );
    assert!(v["warnings"].to_string().contains("SINCE: "), "{v}");
    // Renamed instead, the map not told: the user's file is compared too (requests: the
    // tests' 1,142 diagnostics were "not compared" after `raise_for_status` was renamed).
    std::fs::write(&p, text.replacen("def log(", "def log2(", 1)).expect("write");
    let (v, code) = json(root, &["diagnostics", "--changed", "HEAD"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["since"]["notCompared"], 0, "{v}");
    let list = v["data"]["diagnostics"].as_array().expect("a list");
    let in_service = |change: &str| {
        list.iter()
            .filter(|d| d["file"] == "src/shop/service.py" && d["change"] == change)
            .map(|d| d["message"].as_str().unwrap_or("").to_string())
            .collect::<Vec<_>>()
    };
    assert!(
        in_service("new").iter().any(|m| m.contains("log")),
        "the broken calls are new: {v}"
    );
    assert!(
        in_service("old").iter().any(|m| m.contains("'old'")),
        "the old error is old: {v}"
    );
}

/// A file's diagnostics after another file it imports changed and changed back (httpx: after
/// `_client.py` was reverted, `tests/client/test_redirects.py` still had "No parameter named
/// follow_redirects" for seconds; pyright sends a document's old list again at once, then the
/// one checked against the other file's new text): through the engine, each answer is the
/// disk's as it is now.
#[test]
fn a_file_s_diagnostics_follow_a_file_it_imports_back_and_forth() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    let lib = "def send(x: int, *, follow_redirects: bool = False) -> int:\n    return x\n";
    write(root, "lib.py", lib);
    write(
        root,
        "use.py",
        "from lib import send\n\nsend(1, follow_redirects=True)\n",
    );
    index(root);
    let errors = |v: &Value| {
        diags(v)
            .into_iter()
            .filter(|(s, m, _)| s == "error" && m.contains("follow_redirects"))
            .count()
    };
    let (v, _) = json(root, &["diagnostics", "use.py"]);
    assert_eq!(errors(&v), 0, "{v}");
    // lib.py read by the server from disk alone (the answers before said no error for as
    // long as the engine lived), then open in it too.
    for open_lib in [false, true] {
        write(root, "lib.py", lib.replace("follow_redirects", "follow"));
        if open_lib {
            let (v, _) = json(root, &["diagnostics", "lib.py"]);
            assert_eq!(v["ok"], true, "{v}");
        }
        let (v, _) = json(root, &["diagnostics", "use.py"]);
        assert_eq!(
            errors(&v),
            1,
            "the parameter is gone (lib.py open: {open_lib}): {v}"
        );
        write(root, "lib.py", lib);
        let (v, _) = json(root, &["diagnostics", "use.py"]);
        assert_eq!(
            errors(&v),
            0,
            "the parameter is back (lib.py open: {open_lib}): {v}"
        );
    }
    run(root, &["engine", "stop"]);
}

/// rust-analyzer answers a pull with its own diagnostics only; the compiler's (`cargo
/// check`, its "flycheck", run on start-up and on `didSave`) it publishes. A file broken by a
/// hand edit on disk (a method renamed: rustc's E0599 in its caller) is diagnosed with the
/// compiler's errors once the check the edit needs has run; a check of an edit in memory
/// says that they are not part of it, and which files it checked.
#[test]
fn rust_analyzer_s_cargo_check_errors_are_merged_and_an_in_memory_check_says_it_has_none() {
    let ws = tempfile::tempdir().expect("tmp");
    let root = ws.path();
    write(
        root,
        "Cargo.toml",
        "[package]\nname = \"shapes\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\n",
    );
    write(
        root,
        "src/lib.rs",
        "pub mod square;\n\npub fn total(xs: &[square::Square]) -> u32 {\n    xs.iter().map(|s| s.area()).sum()\n}\n",
    );
    let square = "pub struct Square {\n    pub side: u32,\n}\n\nimpl Square {\n    pub fn area(&self) -> u32 {\n        self.side * self.side\n    }\n}\n";
    write(root, "src/square.rs", square);
    let errors = |v: &Value| v["data"]["counts"]["error"].as_u64().unwrap_or(99);

    let (clean, code) = timed("rust-analyzer nav_diagnostics, first", || {
        json(root, &["diagnostics", "src/lib.rs"])
    });
    assert_eq!(code, 0, "{clean}");
    assert_eq!(errors(&clean), 0, "{clean}");
    assert_eq!(clean["data"]["files"][0]["model"], "pull+push", "{clean}");

    // A hand edit: the method renamed, its caller in another file broken (rustc only).
    write(
        root,
        "src/square.rs",
        square.replace("fn area", "fn surface"),
    );
    let (broken, _) = timed("rust-analyzer nav_diagnostics, after a hand edit", || {
        json(root, &["diagnostics", "src/lib.rs"])
    });
    assert_eq!(
        broken["data"]["files"][0]["check"]["state"], "done",
        "{broken}"
    );
    let list = diags(&broken);
    assert!(
        list.iter().any(|(s, m, n)| s == "error"
            && m.contains("no method named `area`")
            && n == "rs:src/lib.rs#total"),
        "{broken}"
    );
    assert_eq!(
        errors(&broken),
        1,
        "one error, not one per target: {broken}"
    );

    // Put back: the check runs again, and the error is gone.
    write(root, "src/square.rs", square);
    let (back, _) = json(root, &["diagnostics", "src/lib.rs"]);
    assert_eq!(errors(&back), 0, "{back}");

    // In memory: rust-analyzer's own diagnostics only, and the answer says so.
    let (v, code) = json(
        root,
        &["check-edit", "src/lib.rs", "--edit", "4:25-4:29=surface"],
    );
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["checked"]["edited"], 1, "{v}");
    let warnings = v["warnings"].to_string();
    assert!(
        warnings.contains("CHECK_IN_MEMORY") && warnings.contains("cargo check"),
        "{v}"
    );
    assert!(warnings.contains("CHECK_SCOPE: 1 file checked"), "{v}");
    assert_eq!(v["data"]["compilerChecked"], false, "{v}");
    // The text says whose word "none" is, not "adds no diagnostic" alone.
    let out = run(
        root,
        &["check-edit", "src/lib.rs", "--edit", "4:25-4:29=surface"],
    );
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        text.contains("own diagnostics: the edit adds and removes none")
            && text.contains("are not checked on an edit in memory"),
        "{text}"
    );

    // Since a ref: the compiler's error the rename makes in the caller is not known new or
    // old (the in-memory put-back is not `cargo check`'s), so it is left unmarked and said,
    // where it was marked `old` (its file was compared, rust-analyzer's own lists only).
    write(root, ".gitignore", "target/\n");
    committed(root);
    crate::util::index(root);
    write(
        root,
        "src/square.rs",
        square.replace("fn area", "fn surface"),
    );
    let (v, code) = json(root, &["diagnostics", "--changed", "HEAD"]);
    assert_eq!(code, 0, "{v}");
    let list = v["data"]["diagnostics"].as_array().expect("a list");
    let rustc: Vec<&Value> = list
        .iter()
        .filter(|d| {
            d["message"]
                .as_str()
                .unwrap_or("")
                .contains("no method named `area`")
        })
        .collect();
    assert_eq!(rustc.len(), 1, "{v}");
    assert!(rustc[0]["change"].is_null(), "neither new nor old: {v}");
    assert!(
        v["data"]["since"]["compilerNotCompared"]
            .as_u64()
            .is_some_and(|n| n >= 1),
        "{v}"
    );
    assert!(
        v["warnings"].to_string().contains("are the compiler's"),
        "{v}"
    );
}

/// A method made private breaks the methods that override it (`@Override` then fails), in
/// files that do not call it and to which the map has no edge from it: those files are
/// checked (javapoet: `TypeName.emit` made private, javac 9 errors, the check 6: `ClassName`,
/// `TypeVariableName` and `WildcardTypeName`'s overrides unchecked, unsaid).
#[test]
fn an_edit_checks_the_methods_that_override_what_it_changes() {
    let ws = crate::util::fixture("java_app");
    let root = ws.path();
    write(
        root,
        "src/main/java/com/acme/shop/Shape.java",
        "package com.acme.shop;\n\npublic abstract class Shape {\n    double area() {\n        return 0;\n    }\n}\n",
    );
    write(
        root,
        "src/main/java/com/acme/shop/Square.java",
        "package com.acme.shop;\n\npublic class Square extends Shape {\n    @Override\n    double area() {\n        return 4;\n    }\n}\n",
    );
    crate::util::index(root);
    let (v, code) = json(
        root,
        &[
            "check-edit",
            "src/main/java/com/acme/shop/Shape.java",
            "--edit",
            "4:5-4:5=private ",
        ],
    );
    assert_eq!(code, 0, "{v}");
    let added = added_in(&v, "src/main/java/com/acme/shop/Square.java");
    assert!(added > 0, "the override's error: {v}");
    run(root, &["engine", "stop"]);
}

/// An edit that breaks a file's syntax: gopls then reports its parse error alone, and the
/// type errors it no longer reports are "removed" though not fixed (cobra: 19): said.
#[test]
fn an_edit_that_breaks_the_syntax_says_its_removed_errors_may_be_unreported() {
    let ws = tempfile::Builder::new()
        .prefix("gows")
        .tempdir()
        .expect("tmp");
    let root = ws.path();
    write(root, "go.mod", "module example.com/app\n\ngo 1.21\n");
    write(
        root,
        "main.go",
        "package main\n\nfunc main() {\n\tvar s string = 1\n\t_ = s\n}\n",
    );
    crate::util::index(root);
    let (v, code) = json(root, &["check-edit", "main.go", "--edit", "3:10-3:11="]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["removed"], 1, "gopls drops the type error: {v}");
    assert!(
        v["warnings"]
            .to_string()
            .contains("CHECK_UNPARSABLE: the edit leaves a syntax error in main.go"),
        "{v}"
    );
    run(root, &["engine", "stop"]);
}

/// A method renamed since the ref, and indexed since: the map has no edge into it any more,
/// and its callers broke all the same (cobra: `HasParent` renamed and indexed, its 5 callers
/// in `doc/` unchecked, unsaid): the calls of its old name the map links to nothing are
/// checked.
#[test]
fn the_callers_of_a_method_renamed_and_indexed_since_a_ref_are_diagnosed() {
    let ws = tempfile::Builder::new()
        .prefix("gows")
        .tempdir()
        .expect("tmp");
    let root = ws.path();
    write(root, "go.mod", "module example.com/app\n\ngo 1.21\n");
    write(
        root,
        "cmd.go",
        "package app\n\ntype Command struct{ parent *Command }\n\nfunc (c *Command) HasParent() bool {\n\treturn c.parent != nil\n}\n",
    );
    write(
        root,
        "doc/util.go",
        "package doc\n\nimport \"example.com/app\"\n\nfunc Root(cmd *app.Command) bool {\n\treturn !cmd.HasParent()\n}\n",
    );
    committed(root);
    let p = root.join("cmd.go");
    let text = std::fs::read_to_string(&p).expect("read");
    std::fs::write(&p, text.replace("HasParent()", "HasParentCmd()")).expect("write");
    crate::util::index(root);
    let (v, code) = json(root, &["diagnostics", "--changed", "HEAD"]);
    assert_eq!(code, 0, "{v}");
    assert!(
        diags(&v).iter().any(|(s, m, n)| s == "error"
            && m.contains("HasParent")
            && n.starts_with("go:doc/util.go")),
        "the caller's error: {v}"
    );
    run(root, &["engine", "stop"]);
}

/// A method's calls the map could not link count in files that name a subtype of its type,
/// not only the type: a value of a subtype calls it too (marshmallow's `Field.serialize`
/// renamed: 2 errors of pyright's 172; the 170 in `tests/test_serialization.py`, which
/// writes `fields.String(…)` and never `Field`, unchecked).
#[test]
fn an_edit_checks_the_unlinked_calls_on_a_subtype() {
    let dir = tempfile::tempdir().expect("tmp");
    let root = dir.path();
    write(root, "pkg/__init__.py", "");
    write(
        root,
        "pkg/fields.py",
        "class Field:\n    def serialize(self, value: int) -> int:\n        return value\n\n\nclass String(Field):\n    pass\n",
    );
    write(
        root,
        "tests/test_s.py",
        "from pkg.fields import String\n\n\ndef test_it() -> None:\n    field = [String()][0]\n    field.serialize(1)\n",
    );
    crate::util::index(root);
    let (v, code) = json(
        root,
        &[
            "check-edit",
            "pkg/fields.py",
            "--edit",
            "2:9-2:18=serialize_value",
        ],
    );
    assert_eq!(code, 0, "{v}");
    let added = added_in(&v, "tests/test_s.py");
    assert_eq!(added, 1, "the call on a String: {v}");
    run(root, &["engine", "stop"]);
}

/// An interface given a member is a changed declaration: its implementations, in other
/// packages too, are its users and are checked (urfave/cli's `Flag` given `IsHidden()
/// bool`: "the edit changes no declaration", and ~760 errors in its tests unchecked).
#[test]
fn an_interface_given_a_member_checks_its_implementations() {
    let ws = tempfile::Builder::new()
        .prefix("gows")
        .tempdir()
        .expect("tmp");
    let root = ws.path();
    write(root, "go.mod", "module example.com/app\n\ngo 1.21\n");
    write(
        root,
        "flag.go",
        "package app\n\ntype Flag interface {\n\tName() string\n}\n",
    );
    write(
        root,
        "impl/bool.go",
        "package impl\n\nimport \"example.com/app\"\n\ntype Bool struct{}\n\nfunc (Bool) Name() string { return \"b\" }\n\nvar _ app.Flag = Bool{}\n",
    );
    crate::util::index(root);
    let (v, code) = json(
        root,
        &[
            "check-edit",
            "flag.go",
            "--edit",
            "4:15-4:15=\n\tIsHidden() bool",
        ],
    );
    assert_eq!(code, 0, "{v}");
    let warnings = v["warnings"].to_string();
    assert!(
        warnings.contains("1 declaration(s) it changes (Flag"),
        "{v}"
    );
    let added = added_in(&v, "impl/bool.go");
    assert_eq!(added, 1, "Bool lacks IsHidden: {v}");
    run(root, &["engine", "stop"]);
}

/// An interface method changed breaks every concrete type below the interface, those that
/// inherit an implementation and never write the name too: their files are checked
/// (commons-collections4: `Bag.getCount` given a parameter, `HashBag`, `TreeBag` and
/// `CollectionBag` "must implement" it, unchecked and unsaid).
#[test]
fn an_interface_method_changed_checks_the_types_that_inherit_it() {
    let ws = crate::util::fixture("java_app");
    let root = ws.path();
    write(
        root,
        "src/main/java/com/acme/shop/Shape.java",
        "package com.acme.shop;\n\npublic interface Shape {\n    double area();\n}\n",
    );
    write(
        root,
        "src/main/java/com/acme/shop/Base.java",
        "package com.acme.shop;\n\npublic abstract class Base implements Shape {\n    public double area() {\n        return 0;\n    }\n}\n",
    );
    write(
        root,
        "src/main/java/com/acme/shop/Square.java",
        "package com.acme.shop;\n\npublic class Square extends Base {\n}\n",
    );
    crate::util::index(root);
    let (v, code) = json(
        root,
        &[
            "check-edit",
            "src/main/java/com/acme/shop/Shape.java",
            "--edit",
            "4:17-4:17=int n",
        ],
    );
    assert_eq!(code, 0, "{v}");
    let added = added_in(&v, "src/main/java/com/acme/shop/Square.java");
    assert!(added > 0, "Square must implement area(int): {v}");
    run(root, &["engine", "stop"]);
}

/// A member used through a value the map cannot type (a callback's parameter, typed by
/// inference) is found by the server's references, and that file checked (hono: `Context.text`
/// renamed, "the edit adds and removes no diagnostic"; tsc: TS2551 in the caller).
#[test]
fn an_edit_checks_the_files_the_server_s_references_find() {
    let dir = tempfile::tempdir().expect("tmp");
    let root = dir.path();
    write(
        root,
        "tsconfig.json",
        "{\"compilerOptions\": {\"strict\": true}, \"include\": [\"src\"]}\n",
    );
    write(
        root,
        "src/context.ts",
        "export class Context {\n  text(s: string): string {\n    return s;\n  }\n}\n",
    );
    write(
        root,
        "src/use.ts",
        "import { Context } from './context';\n\nexport function use(f: (c: Context) => string): string {\n  return f(new Context());\n}\n",
    );
    write(
        root,
        "src/app.ts",
        "import { use } from './use';\n\nexport const out = use((c) => c.text('x'));\n",
    );
    crate::util::index(root);
    let (v, code) = json(
        root,
        &["check-edit", "src/context.ts", "--edit", "2:3-2:7=txt"],
    );
    assert_eq!(code, 0, "{v}");
    let added = added_in(&v, "src/app.ts");
    assert_eq!(added, 1, "c.text in the callback: {v}");
    run(root, &["engine", "stop"]);
}
