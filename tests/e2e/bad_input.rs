//! Bad input never aborts a run: each case is indexed as far as it can be, or skipped with its
//! reason recorded, and the good files beside it are all there.

use crate::util::*;

#[test]
fn bad_files_are_recorded_not_fatal() {
    let ws = tempfile::tempdir().expect("tmp");
    let root = ws.path();
    write(root, "good.py", "def fine():\n    return 1\n");
    write(root, "nul.py", b"def a():\n    pass\n\x00\x00\x01binary");
    write(
        root,
        "big.py",
        format!("X = 1\n{}", "# padding\n".repeat(3000)),
    );
    write(
        root,
        "latin1.py",
        b"s = '\xe9t\xe9'\ndef after_bad_bytes():\n    pass\n",
    );
    write(
        root,
        "syntax.py",
        "def ok():\n    pass\ndef broken(:\n    pass\nclass After:\n    pass\n",
    );
    write(
        root,
        "deep.py",
        format!(
            "x = {}1{}\ndef after_deep():\n    pass\n",
            "(".repeat(5000),
            ")".repeat(5000)
        ),
    );
    write(
        root,
        "deep.go",
        format!(
            "package p\nvar x = {}1{}\nfunc AfterDeep() {{}}\n",
            "(".repeat(5000),
            ")".repeat(5000)
        ),
    );
    write(
        root,
        "crlf.py",
        "class Win:\r\n    def m(self):\r\n        pass\r\n",
    );
    write(root, "bom.go", "\u{feff}package p\n\nfunc WithBom() {}\n");
    write(
        root,
        "unicode.py",
        "class Café:\n    def naïve(self):\n        return '🎉'\n\n\ndef 函数():\n    pass\n",
    );
    write(root, "empty.py", "");
    let outside = tempfile::tempdir().expect("outside");
    write(outside.path(), "secret.py", "def secret():\n    pass\n");
    std::os::unix::fs::symlink(outside.path().join("secret.py"), root.join("link_out.py"))
        .expect("symlink");
    std::os::unix::fs::symlink(root.join("nowhere.py"), root.join("dangling.py")).expect("symlink");
    write(root, "inner/real.py", "def real():\n    pass\n");
    std::os::unix::fs::symlink(root.join("inner/real.py"), root.join("link_in.py"))
        .expect("symlink");
    // Unreadable: as root, permissions do not stop reads, so that case only runs unprivileged.
    let unprivileged = std::fs::metadata("/root")
        .map(|m| std::os::unix::fs::MetadataExt::uid(&m))
        .ok()
        != Some(0)
        || std::fs::read_dir("/root").is_err();
    if unprivileged {
        write(root, "locked.py", "def locked(): pass\n");
        std::fs::set_permissions(
            root.join("locked.py"),
            std::os::unix::fs::PermissionsExt::from_mode(0o000),
        )
        .expect("chmod");
    }

    let (v, code) = json(root, &["index", "--max-file-size", "20000"]);
    assert_eq!(code, 0, "{v}");
    let conn = db(root);
    let skipped = rows(
        &conn,
        "SELECT path, skip_reason FROM files WHERE skip_reason IS NOT NULL",
    );
    let reason = |p: &str| {
        skipped
            .iter()
            .find(|r| r.starts_with(&format!("{p}|")))
            .cloned()
            .unwrap_or_default()
    };
    assert!(reason("nul.py").contains("binary"), "{skipped:?}");
    assert!(reason("big.py").contains("too large"), "{skipped:?}");
    assert!(
        reason("link_out.py").contains("outside the workspace"),
        "{skipped:?}"
    );
    assert!(
        reason("dangling.py").contains("broken symlink"),
        "{skipped:?}"
    );
    if unprivileged {
        assert!(reason("locked.py").contains("unreadable"), "{skipped:?}");
    }
    let flagged = rows(&conn, "SELECT path FROM files WHERE parse_error = 1");
    assert_eq!(flagged, ["syntax.py"]);
    let names = rows(
        &conn,
        "SELECT node_id FROM all_symbols WHERE qualname != ''",
    );
    for want in [
        "py:good.py#fine",
        "py:latin1.py#after_bad_bytes",
        "py:syntax.py#ok",
        "py:syntax.py#After",
        "py:deep.py#after_deep",
        "go:deep.go#AfterDeep",
        "py:crlf.py#Win.m",
        "go:bom.go#WithBom",
        "py:unicode.py#Café.naïve",
        "py:unicode.py#函数",
        "py:inner/real.py#real",
        "py:link_in.py#real",
    ] {
        assert!(
            names.contains(&want.to_string()),
            "missing {want}: {names:?}"
        );
    }
    assert!(
        !names.iter().any(|n| n.contains("secret")),
        "nothing from outside the root"
    );
    // Columns count characters: `naïve` starts at column 9 on its line, `函数` at 5.
    assert_eq!(rows(&conn, "SELECT name_line, name_col, name_end_col FROM all_symbols WHERE node_id = 'py:unicode.py#Café.naïve'"), ["2|9|14"]);
    assert_eq!(
        rows(
            &conn,
            "SELECT name_line, name_col FROM all_symbols WHERE node_id = 'go:bom.go#WithBom'"
        ),
        ["3|6"]
    );
    // Every skipped file is a node and shows in status with its reason.
    let (v, _) = json(root, &["status"]);
    assert!(v["data"]["skippedCount"].as_u64().unwrap_or(0) >= 4, "{v}");
    // Files with syntax errors are named, not only counted.
    let errors = v["data"]["parseErrorFiles"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(errors.contains(&serde_json::json!("syntax.py")), "{v}");
    assert_eq!(
        v["data"]["parseErrorCount"].as_u64(),
        Some(errors.len() as u64)
    );
    assert!(
        rows(
            &conn,
            "SELECT node_id FROM all_symbols WHERE node_id = 'py:nul.py'"
        )
        .len()
            == 1
    );
    // A second run is a no-op even with the skips in place.
    let (v, _) = json(root, &["index", "--max-file-size", "20000"]);
    assert_eq!(v["data"]["extracted"], 0, "{v}");
    // NUL, too large, Latin-1, syntax error, 5,000-deep nesting ×2, CRLF, BOM, non-ASCII names,
    // empty, symlinks out / dangling / in, unreadable.
    tally("bad_files", 14, 0, 0, 0);
}

/// A file whose parse passes the per-file time bound (`index --parse-bound MS`) is left out
/// with its reason, named in `status`, and stalls nothing: the files beside it are read, and
/// the same file is read under the default bound.
#[test]
fn a_file_past_the_parse_bound_is_left_out_with_its_reason() {
    let ws = tempfile::tempdir().expect("tmp");
    let root = ws.path();
    write(root, "good.py", "def fine():\n    return 1\n");
    // 3 MB of one list: tens of milliseconds to parse, far past a 1 ms bound.
    write(
        root,
        "slow.py",
        format!(
            "X = [{}]\ndef after():\n    pass\n",
            "(1, 'a'), ".repeat(300_000)
        ),
    );
    let (v, code) = json(root, &["index", "--parse-bound", "1"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["skipped"], 1, "{v}");
    let (v, _) = json(root, &["status"]);
    let skipped = v["data"]["skippedFiles"].to_string();
    assert!(
        skipped.contains("slow.py") && skipped.contains("parse stopped: longer than 1 ms"),
        "{v}"
    );
    let conn = db(root);
    assert_eq!(
        rows(
            &conn,
            "SELECT node_id FROM all_symbols WHERE qualname != ''"
        ),
        ["py:good.py#fine"]
    );
    tally("parse_bound", 1, 0, 0, 0);
    // Under the default bound (10 s) the same file is read.
    std::fs::remove_dir_all(root.join(".codemap")).expect("rm map");
    let (v, code) = json(root, &["index"]);
    assert_eq!(
        (code, &v["data"]["skipped"]),
        (0, &serde_json::json!(0)),
        "{v}"
    );
    let conn = db(root);
    assert!(
        rows(
            &conn,
            "SELECT node_id FROM all_symbols WHERE qualname = 'after'"
        )
        .len()
            == 1
    );
}

/// A file past the size the map reads (4 MiB) is refused by the live tools with its size,
/// at once: a new user's 10.6 MB generated module held `outline` for 176 s and took pyright
/// to 1.4 GB, and `refs` of a symbol in it answered "no references" from a map without it.
#[test]
fn a_file_too_large_to_map_is_refused_by_the_live_tools_with_its_size() {
    let ws = tempfile::tempdir().expect("tmp");
    let root = ws.path();
    let mut big = String::from("def first():\n    return 0\n");
    while big.len() < 5 * 1024 * 1024 {
        big.push_str("def more():\n    return first()\n");
    }
    write(root, "gen.py", &big);
    write(root, "ok.py", "def fine():\n    return 1\n");
    let (v, code) = json(root, &["index"]);
    assert_eq!(code, 0, "{v}");
    for args in [
        &["outline", "gen.py"][..],
        &["refs", "gen.py:first@def <|>first"],
        &["--no-lsp", "refs", "py:gen.py#first"],
    ] {
        let t = std::time::Instant::now();
        let (v, code) = json(root, args);
        assert_eq!(code, 1, "{args:?}: {v}");
        let message = v["error"]["message"].as_str().unwrap_or("");
        assert!(
            message.contains("gen.py is 5.0 MB, over the 4.0 MB"),
            "{args:?}: {v}"
        );
        assert!(t.elapsed() < std::time::Duration::from_secs(10), "{args:?}");
    }
}
