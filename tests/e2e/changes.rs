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
