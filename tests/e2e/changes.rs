//! `map_changes` on real code: Go's `encoding/csv`, copied into a git repository, committed,
//! then edited as a change would (a signature changed, a body changed, a function removed, a
//! file added), and asked what changed and what it reaches.

use crate::util::*;
use std::path::Path;
use std::process::Command;

fn git(root: &Path, args: &[&str]) {
    let out = Command::new("git")
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
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn edit(root: &Path, file: &str, from: &str, to: &str) {
    let p = root.join(file);
    let text = std::fs::read_to_string(&p).expect("read");
    assert!(text.contains(from), "{file} has no {from:?}");
    std::fs::write(&p, text.replacen(from, to, 1)).expect("write");
}

/// A symbol renamed by hand is in the map under its old name: its callers are the impact
/// (zod's `safeParseAsync` renamed: "impact by depth [0, 0]", its 3 callers unnamed).
#[test]
fn a_renamed_symbol_s_callers_are_its_impact() {
    let ws = tempfile::tempdir().expect("tmp");
    let root = ws.path();
    std::fs::write(
        root.join("a.py"),
        "def foo():\n    return 1\n\n\ndef bar():\n    return foo()\n",
    )
    .expect("write");
    std::fs::write(
        root.join("b.py"),
        "from a import foo\n\n\ndef baz():\n    return foo()\n",
    )
    .expect("write");
    git(root, &["init", "-q"]);
    git(root, &["add", "."]);
    git(root, &["commit", "-q", "-m", "init"]);
    let (v, code) = json(root, &["index"]);
    assert_eq!(code, 0, "{v}");
    edit(root, "a.py", "def foo():", "def foo2():");
    let (v, code) = json(root, &["changes"]);
    assert_eq!(code, 0, "{v}");
    let text = v["data"].to_string();
    for caller in ["py:a.py#bar", "py:b.py#baz"] {
        assert!(text.contains(caller), "{caller}: {v}");
    }
}

/// A method renamed and indexed since: the map has no node of the old name and no edge
/// into it, and the call of a typed value that now names nothing was sent outside the
/// workspace. It is a candidate (indexmap's `IndexSet.swap_remove_index` renamed and
/// indexed: "found only by name, and nothing was"; `set.swap_remove_index(rm)` broke).
#[test]
fn a_removed_method_s_unlinked_calls_are_candidates() {
    let ws = tempfile::tempdir().expect("tmp");
    let root = ws.path();
    write(
        root,
        "Cargo.toml",
        "[package]\nname = \"sets\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
    );
    write(
        root,
        "src/lib.rs",
        "pub struct Set {\n    items: Vec<u32>,\n}\n\nimpl Set {\n    pub fn new() -> Set {\n        Set { items: Vec::new() }\n    }\n\n    pub fn swap_remove_index(&mut self, i: usize) -> u32 {\n        self.items.swap_remove(i)\n    }\n}\n\nimpl Extend<u32> for Set {\n    fn extend<I: IntoIterator<Item = u32>>(&mut self, iter: I) {\n        self.items.extend(iter)\n    }\n}\n\npub struct Other;\n\nimpl Other {\n    pub fn swap_remove_index(&mut self, _i: usize) -> u32 {\n        0\n    }\n}\n\n#[cfg(test)]\nmod tests {\n    use super::Set;\n\n    #[test]\n    fn removes() {\n        let mut set = Set::new();\n        let _ = set.swap_remove_index(0);\n        let mut any = elsewhere::make();\n        let _ = any.swap_remove_index(1);\n    }\n}\n",
    );
    git(root, &["init", "-q"]);
    git(root, &["add", "."]);
    git(root, &["commit", "-q", "-m", "init"]);
    edit(
        root,
        "src/lib.rs",
        "pub fn swap_remove_index(",
        "pub fn swap_remove_at(",
    );
    // `Other`'s method of the name changes too: the name is both removed and still mapped.
    edit(root, "src/lib.rs", "        0\n", "        1\n");
    let (v, code) = json(root, &["index"]);
    assert_eq!(code, 0, "{v}");
    let (v, code) = json(root, &["changes"]);
    assert_eq!(code, 0, "{v}");
    let sites: Vec<String> = v["data"]["candidates"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| c.to_string())
        .collect();
    assert!(
        sites
            .iter()
            .any(|c| c.contains("swap_remove_index") && c.contains("\"line\":36")),
        "the broken call is a candidate: {v}"
    );
    // The name is still `Other`'s, changed too: the untyped call is asked about as a call of
    // a mapped name and as one of a removed name, and is one candidate.
    let untyped: Vec<&String> = sites
        .iter()
        .filter(|c| c.contains("any.swap_remove_index") && c.contains("\"line\":38"))
        .collect();
    assert_eq!(untyped.len(), 1, "{v}");
}

#[test]
fn changes_since_a_ref_name_the_symbols_and_what_they_reach() {
    let ws = tempfile::tempdir().expect("tmp");
    let root = ws.path();
    copy_dir(&crate::corpora::go_root().join("encoding/csv"), root);
    git(root, &["init", "-q"]);
    git(root, &["add", "."]);
    git(root, &["commit", "-q", "-m", "csv"]);

    // Nothing changed: no symbol, no impact.
    let (v, code) = json(root, &["index"]);
    assert_eq!(code, 0, "{v}");
    let (v, code) = json(root, &["changes"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["files"], 0, "{v}");
    assert_eq!(v["data"]["symbols"], serde_json::json!([]), "{v}");

    // A signature, a body, a removed method, a new file (untracked), one staged edit.
    edit(
        root,
        "writer.go",
        "func (w *Writer) fieldNeedsQuotes(field string) bool {",
        "func (w *Writer) fieldNeedsQuotes(field string, strict bool) bool {",
    );
    edit(
        root,
        "writer.go",
        "if !w.fieldNeedsQuotes(field) {",
        "if !w.fieldNeedsQuotes(field, false) {",
    );
    edit(
        root,
        "writer.go",
        "func (w *Writer) Error() error {\n\t_, err := w.w.Write(nil)\n\treturn err\n}\n",
        "",
    );
    edit(
        root,
        "reader.go",
        "func (r *Reader) FieldPos(field int) (line, column int) {",
        "func (r *Reader) FieldPos(field int) (line, column int) {\n\t_ = field",
    );
    std::fs::write(
        root.join("extra.go"),
        "package csv\n\n// Extra is new.\nfunc Extra() int { return 1 }\n",
    )
    .expect("write");
    git(root, &["add", "reader.go"]);
    json(root, &["index"]);

    let (v, code) = json(root, &["changes", "HEAD", "--depth", "2"]);
    assert_eq!(code, 0, "{v}");
    let d = &v["data"];
    assert_eq!(d["files"], 3, "{v}");
    let symbols: Vec<String> = d["symbols"]
        .as_array()
        .expect("symbols")
        .iter()
        .map(|s| {
            format!(
                "{} {} {}",
                s["change"].as_str().unwrap_or(""),
                s["nodeId"].as_str().unwrap_or(""),
                s["what"]
            )
        })
        .collect();
    assert_eq!(
        symbols,
        [
            "added go:extra.go#Extra null",
            "changed go:reader.go#Reader.FieldPos [\"body\"]",
            "changed go:writer.go#Writer.Write [\"body\"]",
            "removed go:writer.go#Writer.Error null",
            "changed go:writer.go#Writer.fieldNeedsQuotes [\"signature\"]",
        ],
        "{v}"
    );
    // Impact: Write's callers (WriteAll, and tests) at depth 1; the tests reached are counted.
    let reached: Vec<String> = d["impact"]["reached"]
        .as_array()
        .expect("reached")
        .iter()
        .map(|r| {
            format!(
                "{} {} {} via {}",
                r["depth"],
                r["nodeId"].as_str().unwrap_or(""),
                r["edge"].as_str().unwrap_or(""),
                r["via"].as_str().unwrap_or("")
            )
        })
        .collect();
    assert!(
        reached.contains(
            &"1 go:writer.go#Writer.WriteAll calls via go:writer.go#Writer.Write".to_string()
        ),
        "{reached:#?}"
    );
    assert!(d["impact"]["tests"].as_u64().unwrap_or(0) > 0, "{v}");
    let by_depth = d["impact"]["byDepth"].as_array().expect("byDepth");
    assert_eq!(by_depth.len(), 2);
    let total: u64 = by_depth.iter().filter_map(|n| n.as_u64()).sum();
    assert_eq!(
        total as usize,
        reached.len(),
        "every reached node listed within the budget: {v}"
    );
    // The removed method is not in the map any more (indexed since): said, not hidden.
    let warnings = v["warnings"].to_string();
    assert!(warnings.contains("not in the map"), "{v}");

    // The plain text a person reads.
    let out = run(root, &["changes"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("3 file(s) changed since HEAD ("), "{text}");
    assert!(
        text.contains("changed go:writer.go#Writer.fieldNeedsQuotes (signature)"),
        "{text}"
    );

    // Bad refs and a workspace outside git are clear errors.
    let (v, code) = json(root, &["changes", "no-such-ref"]);
    assert_ne!(code, 0);
    assert_eq!(v["error"]["code"], "BAD_ARGS", "{v}");
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap_or("")
            .contains("names no commit"),
        "{v}"
    );
    let (v, _) = json(root, &["changes", "--", "--upload-pack=x"]);
    assert_eq!(v["error"]["code"], "BAD_ARGS", "{v}");
    let plain = tempfile::tempdir().expect("tmp");
    write(plain.path(), "a.go", "package a\n");
    json(plain.path(), &["index"]);
    let (v, _) = json(plain.path(), &["changes"]);
    assert_eq!(v["error"]["code"], "BAD_ARGS", "{v}");
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap_or("")
            .contains("not in a git repository"),
        "{v}"
    );
}

/// Every fixture (each language), committed, then a comment put above one method and a file
/// deleted: `map_changes` names exactly that method's doc and the deleted file's symbols, and
/// nothing else (the method's class is not changed by its member's doc).
#[test]
fn every_language_s_doc_edit_and_deleted_file_are_named_and_nothing_else() {
    let fixtures = [
        "c_app",
        "cpp_app",
        "cs_app",
        "go_app",
        "java_app",
        "js_app",
        "kotlin_app",
        "php_app",
        "py_app",
        "rb_app",
        "rs_app",
        "ts_app",
    ];
    for name in fixtures {
        let ws = crate::util::fixture(name);
        let root = ws.path();
        git(root, &["init", "-q"]);
        git(root, &["add", "."]);
        git(root, &["commit", "-q", "-m", name]);
        let (v, code) = json(root, &["index"]);
        assert_eq!(code, 0, "{name}: {v}");

        // Each source file's outline from its parse, in path order.
        let mut files: Vec<String> = walk_files(root)
            .iter()
            .filter_map(|p| p.strip_prefix(root).ok())
            .map(|p| p.to_string_lossy().to_string())
            .collect();
        files.sort();
        let mut outlines = Vec::new();
        for f in files {
            let (v, code) = json(root, &["outline", "--no-lsp", &f]);
            let syms = v["data"]["symbols"].as_array().cloned().unwrap_or_default();
            if code == 0 && !syms.is_empty() {
                outlines.push((f, syms));
            }
        }
        assert!(outlines.len() >= 2, "{name}: {outlines:?}");

        // A function or method (a member if there is one) with no attribute above it.
        let pick = |member: bool| {
            outlines.iter().find_map(|(f, syms)| {
                let text = std::fs::read_to_string(root.join(f)).ok()?;
                let lines: Vec<&str> = text.lines().collect();
                syms.iter().find_map(|s| {
                    let kind = s["kind"].as_str()?;
                    let line: usize = s["at"].as_str()?.split(':').next()?.parse().ok()?;
                    let above = lines.get(line.checked_sub(2)?)?.trim_start();
                    let plain = !["@", "#[", "["].iter().any(|a| above.starts_with(a));
                    ((kind == "method" || kind == "function")
                        && (s["depth"].as_u64().unwrap_or(0) > 0) == member
                        && plain)
                        .then(|| {
                            (
                                f.clone(),
                                s["nodeId"].as_str().unwrap_or("").to_string(),
                                line,
                            )
                        })
                })
            })
        };
        let (file, node, line) = pick(true)
            .or_else(|| pick(false))
            .unwrap_or_else(|| panic!("{name}: no function to edit"));
        let p = root.join(&file);
        let text = std::fs::read_to_string(&p).expect("read");
        let mut lines: Vec<&str> = text.split_inclusive('\n').collect();
        let def = lines[line - 1];
        let indent = &def[..def.len() - def.trim_start().len()];
        let mark = if file.ends_with(".py") || file.ends_with(".rb") {
            "#"
        } else {
            "//"
        };
        let comment = format!("{indent}{mark} Changed by the test.\n");
        lines.insert(line - 1, &comment);
        std::fs::write(&p, lines.concat()).expect("write");

        // Another file with symbols, deleted.
        let (gone, _) = outlines
            .iter()
            .rev()
            .find(|(f, _)| *f != file)
            .expect("a second file");
        std::fs::remove_file(root.join(gone)).expect("rm");

        let (v, code) = json(root, &["changes", "--depth", "1"]);
        assert_eq!(code, 0, "{name}: {v}");
        assert_eq!(v["data"]["files"], 2, "{name}: {v}");
        let mut edited = false;
        let mut removed = 0;
        for s in v["data"]["symbols"].as_array().expect("symbols") {
            let id = s["nodeId"].as_str().unwrap_or("");
            match s["change"].as_str() {
                Some("changed") if id == node => {
                    assert_eq!(s["what"], serde_json::json!(["doc"]), "{name}: {s}");
                    edited = true;
                }
                Some("removed")
                    if id
                        .split_once('#')
                        .is_some_and(|(p, _)| p.ends_with(gone.as_str())) =>
                {
                    removed += 1
                }
                _ => panic!("{name}: {s} is not what changed ({file} {node}; {gone} deleted): {v}"),
            }
        }
        assert!(edited && removed > 0, "{name}: {v}");
        eprintln!("{name}: {node} (doc), {removed} removed in {gone}");
    }
}

/// A private method's calls are in its own file: a changed one offers no call of its name in
/// another file as a candidate (javapoet: `JavaFile.emit`'s body changed, 17 calls of `emit`
/// in other classes offered).
#[test]
fn a_private_method_s_candidates_are_in_its_own_file() {
    let ws = tempfile::tempdir().expect("tmp");
    let root = ws.path();
    write(
        root,
        "src/p/JavaFile.java",
        "package p;\n\nclass JavaFile {\n    private void emit(Object out) {\n        System.out.println(out);\n    }\n\n    void write(Object o) {\n        emit(o);\n    }\n}\n",
    );
    write(
        root,
        "src/p/Spec.java",
        "package p;\n\nclass Spec {\n    void go(Writers w) {\n        w.pick().emit(this);\n    }\n}\n",
    );
    git(root, &["init", "-q"]);
    git(root, &["add", "."]);
    git(root, &["commit", "-q", "-m", "init"]);
    edit(
        root,
        "src/p/JavaFile.java",
        "println(out)",
        "println(out + \"!\")",
    );
    let (v, code) = json(root, &["index"]);
    assert_eq!(code, 0, "{v}");
    let (v, code) = json(root, &["changes"]);
    assert_eq!(code, 0, "{v}");
    assert!(
        v["data"]["symbols"].to_string().contains("JavaFile.emit"),
        "{v}"
    );
    assert!(
        !v["data"]["candidates"].to_string().contains("Spec.java"),
        "{v}"
    );
    // The same call of a changed method that is not private is a candidate.
    edit(
        root,
        "src/p/JavaFile.java",
        "private void emit",
        "void emit",
    );
    git(root, &["commit", "-qam", "open"]);
    edit(
        root,
        "src/p/JavaFile.java",
        "println(out + \"!\")",
        "println(out)",
    );
    let (v, code) = json(root, &["index"]);
    assert_eq!(code, 0, "{v}");
    let (v, _) = json(root, &["changes"]);
    assert!(
        v["data"]["candidates"].to_string().contains("Spec.java"),
        "{v}"
    );
}
