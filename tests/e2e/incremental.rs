//! Incremental runs: nothing changed → nothing re-extracted; one file → one file; edges of
//! unchanged files follow the names they use; deleted files leave no rows.

use crate::util::*;

fn other_rows(root: &std::path::Path, except: &str) -> Vec<String> {
    let conn = db(root);
    let mut r = rows(
        &conn,
        &format!("SELECT s.node_id, s.start_line, s.end_line, coalesce(s.signature,'') FROM all_symbols s JOIN files f ON f.id = s.file_id WHERE f.path != '{except}'"),
    );
    r.extend(rows(
        &conn,
        &format!("SELECT e.source, coalesce(e.target,''), e.kind, e.line, e.col FROM all_edges e JOIN files f ON f.id = e.file_id WHERE f.path != '{except}' AND e.kind != 'contains'"),
    ));
    r
}

#[test]
fn second_run_reextracts_nothing_and_touch_rehashes_only() {
    let ws = fixture("py_app");
    let first = index(ws.path());
    assert_eq!(first["mode"], "cold");
    let again = index(ws.path());
    assert_eq!(
        (again["scanned"].as_u64(), again["extracted"].as_u64()),
        (Some(0), Some(0)),
        "{again}"
    );
    assert_eq!(again["mode"], "incremental");
    // Same content, new mtime: not stale (an edit undone, a `git checkout`: logrus,
    // pugixml and zustand were said changed after their files were written back), hashed,
    // not re-extracted.
    let p = ws.path().join("src/shop/util.py");
    let text = std::fs::read(&p).expect("read");
    std::thread::sleep(std::time::Duration::from_millis(20));
    std::fs::write(&p, &text).expect("write");
    let stale = |ws: &std::path::Path| {
        let (v, _) = json(ws, &["status"]);
        v["data"]["staleCount"].as_u64()
    };
    assert_eq!(stale(ws.path()), Some(0));
    let mut changed = text.clone();
    changed.extend_from_slice(b"\n# more\n");
    std::fs::write(&p, &changed).expect("write");
    assert_eq!(stale(ws.path()), Some(1));
    // Same size, other bytes: stale too.
    let mut swapped = text.clone();
    let at = swapped
        .iter()
        .position(|b| b.is_ascii_lowercase())
        .expect("a letter");
    swapped[at] = if swapped[at] == b'x' { b'y' } else { b'x' };
    std::fs::write(&p, &swapped).expect("write");
    assert_eq!(stale(ws.path()), Some(1));
    std::fs::write(&p, &text).expect("write");
    let t = index(ws.path());
    assert_eq!(
        (
            t["scanned"].as_u64(),
            t["touched"].as_u64(),
            t["extracted"].as_u64()
        ),
        (Some(1), Some(1), Some(0)),
        "{t}"
    );
}

#[test]
fn editing_a_function_moves_only_that_files_rows() {
    let ws = fixture("py_app");
    index(ws.path());
    let before = other_rows(ws.path(), "src/shop/models.py");
    let p = ws.path().join("src/shop/models.py");
    let text = std::fs::read_to_string(&p).expect("read");
    std::fs::write(
        &p,
        text.replace(
            "        net = sum(",
            "        # a comment\n        net = sum(",
        ),
    )
    .expect("write");
    let s = index(ws.path());
    assert_eq!(s["extracted"], 1, "{s}");
    assert_eq!(
        other_rows(ws.path(), "src/shop/models.py"),
        before,
        "other files' rows are untouched"
    );
    let r = rows(&db(ws.path()), "SELECT start_line, end_line FROM all_symbols WHERE node_id = 'py:src/shop/models.py#Order.total'");
    assert_eq!(r, ["30|33"], "the edited method grew by one line");
    let r = rows(
        &db(ws.path()),
        "SELECT start_line FROM all_symbols WHERE node_id = 'py:src/shop/models.py#make_order'",
    );
    assert_eq!(r, ["41"], "a later symbol moved down by the inserted line");
}

#[test]
fn edges_into_changed_files_are_reresolved() {
    let ws = fixture("py_app");
    write(
        ws.path(),
        "src/shop/extra.py",
        "from .util import audit\n\ndef run():\n    audit()\n",
    );
    index(ws.path());
    let q = "SELECT coalesce(target, '?'), resolution FROM all_edges WHERE source = 'py:src/shop/extra.py#run' AND kind = 'calls'";
    assert_eq!(rows(&db(ws.path()), q), ["?|unresolved"]);
    // Define `audit` in util.py: only util.py is re-extracted, and extra.py's edge follows.
    let util = std::fs::read_to_string(ws.path().join("src/shop/util.py")).expect("read");
    write(
        ws.path(),
        "src/shop/util.py",
        format!("{util}\n\ndef audit():\n    pass\n"),
    );
    let s = index(ws.path());
    assert_eq!(s["extracted"], 1, "{s}");
    assert!(s["reresolved"].as_u64().unwrap_or(0) >= 1, "{s}");
    assert_eq!(
        rows(&db(ws.path()), q),
        ["py:src/shop/util.py#audit|import"]
    );
    // Remove it again: the edge goes back to unresolved rather than dangling.
    write(ws.path(), "src/shop/util.py", util);
    index(ws.path());
    assert_eq!(rows(&db(ws.path()), q), ["?|unresolved"]);
}

#[test]
fn deleting_a_file_removes_its_symbols_and_edges() {
    let ws = fixture("go_app");
    index(ws.path());
    std::fs::remove_file(ws.path().join("disk/disk.go")).expect("rm");
    let s = index(ws.path());
    assert_eq!(s["deleted"], 1, "{s}");
    let conn = db(ws.path());
    assert!(rows(
        &conn,
        "SELECT node_id FROM all_symbols WHERE node_id LIKE 'go:disk/%'"
    )
    .is_empty());
    assert!(rows(
        &conn,
        "SELECT source FROM all_edges WHERE source LIKE 'go:disk/%' OR target LIKE 'go:disk/%'"
    )
    .is_empty());
    assert_eq!(
        rows(
            &conn,
            "SELECT source FROM all_edges WHERE kind = 'implements'"
        ),
        ["go:store/memory.go#MemoryStore"]
    );
    // The import of the vanished package now points outside the workspace.
    assert_eq!(
        rows(&conn, "SELECT target FROM all_edges WHERE kind = 'imports' AND target_name = 'example.com/shop/disk'"),
        ["go:ext:example.com/shop/disk"]
    );
}

#[test]
fn a_map_of_another_schema_version_is_rebuilt() {
    let ws = fixture("py_app");
    index(ws.path());
    db(ws.path())
        .execute_batch("PRAGMA user_version = 99")
        .expect("set version");
    let (v, code) = json(ws.path(), &["search", "Order"]);
    assert_eq!(
        (code, v["error"]["code"].as_str()),
        (1, Some("MAP_NOT_BUILT")),
        "{v}"
    );
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap_or("")
            .contains("schema version 99"),
        "{v}"
    );
    let (v, code) = json(ws.path(), &["index"]);
    assert_eq!(code, 0);
    assert!(
        v["warnings"][0].as_str().unwrap_or("").contains("rebuilt"),
        "{v}"
    );
    assert_eq!(v["data"]["mode"], "cold");
    let (v, _) = json(ws.path(), &["search", "Order"]);
    assert_eq!(v["ok"], true);
}

/// A map built by other extraction rules (another codemap: its query files or rules changed)
/// is rebuilt by the next run, though no file changed: what the old rules made of the files is
/// not kept.
#[test]
fn a_map_of_other_rules_is_rebuilt() {
    let ws = fixture("js_app");
    index(ws.path());
    let conn = db(ws.path());
    conn.execute_batch("UPDATE meta SET value = 'old' WHERE key = 'rules'; DELETE FROM symbols WHERE name = 'validate'")
        .expect("pretend other rules");
    drop(conn);
    let (v, code) = json(ws.path(), &["index"]);
    assert_eq!(code, 0, "{v}");
    assert!(
        v["warnings"][0]
            .as_str()
            .unwrap_or("")
            .contains("other extraction rules"),
        "{v}"
    );
    assert_eq!(v["data"]["mode"], "cold");
    assert_eq!(
        rows(
            &db(ws.path()),
            "SELECT node_id FROM all_symbols WHERE name = 'validate'"
        ),
        ["js:lib/store.js#validate"]
    );
    let (v, _) = json(ws.path(), &["index"]);
    assert_eq!(v["data"]["mode"], "incremental", "{v}");
    assert_eq!(v["warnings"].as_array().map(Vec::len), Some(0), "{v}");
}

/// Node IDs are stored once and named by number: a symbol keeps its number when its file is
/// re-extracted (edges of other files name it by that number), a deleted file's nodes are
/// forgotten unless something still names them (as are the names only its edges wrote), and a run that changes nothing writes
/// nothing (readers' caches, keyed on the map's data version, stay warm).
#[test]
fn node_numbers_survive_edits_and_orphans_are_forgotten() {
    let ws = fixture("py_app");
    index(ws.path());
    let number = |id: &str| {
        rows(
            &db(ws.path()),
            &format!("SELECT id FROM all_nodes WHERE node_id = '{id}'"),
        )
    };
    let orphans = "SELECT n.node_id FROM nodes n WHERE NOT EXISTS (SELECT 1 FROM symbols s WHERE s.id = n.id) \
         AND NOT EXISTS (SELECT 1 FROM symbols s WHERE s.parent = n.id) \
         AND NOT EXISTS (SELECT 1 FROM edges e WHERE e.target = n.id OR e.source = n.id)";
    let total = number("py:src/shop/models.py#Order.total");
    assert_eq!(total.len(), 1, "{total:?}");
    // Re-extract models.py: Order.total keeps its number.
    let p = ws.path().join("src/shop/models.py");
    let text = std::fs::read_to_string(&p).expect("read");
    std::fs::write(&p, format!("# moved down\n{text}")).expect("write");
    assert_eq!(index(ws.path())["extracted"], 1);
    assert_eq!(number("py:src/shop/models.py#Order.total"), total);
    // A file's symbols are parked in `nodes` only while their file is re-extracted.
    assert_eq!(
        rows(
            &db(ws.path()),
            "SELECT node_id FROM nodes WHERE node_id LIKE 'py:src/shop/models.py%'"
        ),
        Vec::<String>::new()
    );
    // A file nothing imports, then deleted: its nodes go, and no node is left unnamed.
    write(
        ws.path(),
        "src/shop/scratch.py",
        "def scratch_only():\n    return scratch_helper(1)\n",
    );
    index(ws.path());
    assert_eq!(number("py:src/shop/scratch.py#scratch_only").len(), 1);
    let scratch_name = "SELECT name FROM names WHERE name = 'scratch_helper'";
    assert_eq!(rows(&db(ws.path()), scratch_name).len(), 1);
    std::fs::remove_file(ws.path().join("src/shop/scratch.py")).expect("rm");
    assert_eq!(index(ws.path())["deleted"], 1);
    assert!(number("py:src/shop/scratch.py#scratch_only").is_empty());
    assert!(number("py:src/shop/scratch.py").is_empty());
    assert_eq!(rows(&db(ws.path()), orphans), Vec::<String>::new());
    // The names only its edges wrote go with them.
    assert!(rows(&db(ws.path()), scratch_name).is_empty());
    let unused =
        "SELECT n.name FROM names n WHERE NOT EXISTS (SELECT 1 FROM edges e WHERE e.name = n.id)";
    assert_eq!(rows(&db(ws.path()), unused), Vec::<String>::new());
    // A run that changes nothing leaves the map's data version where it was.
    let watcher = db(ws.path());
    let version = |c: &rusqlite::Connection| rows(c, "PRAGMA data_version");
    let before = version(&watcher);
    let again = index(ws.path());
    assert_eq!(again["extracted"], 0, "{again}");
    assert_eq!(version(&watcher), before, "a no-op run wrote to the map");
}

#[test]
fn an_exclude_is_for_its_run_and_codemapignore_for_every_run() {
    let ws = fixture("py_app");
    let (v, code) = json(ws.path(), &["index", "--exclude", "src/shop/util.py"]);
    assert_eq!(code, 0, "{v}");
    assert!(
        v["warnings"].to_string().contains(".codemapignore"),
        "the answer says where lasting exclusions go: {v}"
    );
    let files = |ws: &std::path::Path| rows(&db(ws), "SELECT path FROM files ORDER BY path");
    assert!(!files(ws.path()).contains(&"src/shop/util.py".to_string()));
    // A run without the flag (as the watcher's and serve's are) indexes it again...
    index(ws.path());
    assert!(files(ws.path()).contains(&"src/shop/util.py".to_string()));
    // ...unless .codemapignore says otherwise, for every run.
    write(ws.path(), ".codemapignore", "src/shop/util.py\n");
    let (v, _) = json(ws.path(), &["index"]);
    assert!(!v["warnings"].to_string().contains(".codemapignore"), "{v}");
    assert!(!files(ws.path()).contains(&"src/shop/util.py".to_string()));
}

/// The watcher's runs (`IndexOptions::changed`): only the files it names are looked at when
/// the map knows them all; a changed file the map does not know (new) makes the run walk.
#[test]
fn a_run_over_changed_files_looks_only_at_those_and_walks_for_new_ones() {
    use indexer::index::{run, IndexOptions, NoProgress};
    let ws = fixture("py_app");
    index(ws.path());
    let changed_run = |files: &[&str]| {
        let mut opts = IndexOptions::new(ws.path().to_path_buf());
        opts.changed = Some(files.iter().map(|f| f.to_string()).collect());
        run(&opts, &NoProgress).expect("run")
    };
    let defined = |name: &str| {
        rows(
            &db(ws.path()),
            &format!("SELECT node_id FROM all_symbols WHERE name = '{name}'"),
        )
    };
    // Two files edited; the run is told of one: that one alone is read.
    let append = |rel: &str, text: &str| {
        let p = ws.path().join(rel);
        let mut s = std::fs::read_to_string(&p).expect("read");
        s.push_str(text);
        std::fs::write(&p, s).expect("write");
    };
    append("src/shop/util.py", "\n\ndef told_of():\n    pass\n");
    append("src/shop/models.py", "\n\ndef not_told_of():\n    pass\n");
    let s = changed_run(&["src/shop/util.py"]);
    assert_eq!((s.extracted, s.deleted), (1, 0), "{s:?}");
    assert_eq!(defined("told_of"), ["py:src/shop/util.py#told_of"]);
    assert!(
        defined("not_told_of").is_empty(),
        "only the named file is looked at"
    );
    // A deleted file named: it leaves the map.
    std::fs::remove_file(ws.path().join("src/shop/service.py")).expect("rm");
    let s = changed_run(&["src/shop/service.py"]);
    assert_eq!((s.extracted, s.deleted), (0, 1), "{s:?}");
    assert!(defined("OrderService").is_empty());
    // A new file named: the run walks, and finds the other edit too; the walk records the
    // manifests it found for the next run told what changed.
    write(
        ws.path(),
        "src/shop/fresh.py",
        "def brand_new():\n    pass\n",
    );
    let manifests = "SELECT value FROM meta WHERE key = 'manifests'";
    let recorded = rows(&db(ws.path()), manifests);
    db(ws.path())
        .execute("DELETE FROM meta WHERE key = 'manifests'", [])
        .expect("forget the manifests");
    let s = changed_run(&["src/shop/fresh.py"]);
    assert_eq!(rows(&db(ws.path()), manifests), recorded);
    assert_eq!(s.extracted, 2, "{s:?}");
    assert_eq!(defined("brand_new"), ["py:src/shop/fresh.py#brand_new"]);
    assert_eq!(
        defined("not_told_of"),
        ["py:src/shop/models.py#not_told_of"]
    );
    // What it reads instead of a walk is the same workspace: a full run afterwards changes
    // nothing.
    let again = index(ws.path());
    assert_eq!(
        (again["scanned"].as_u64(), again["deleted"].as_u64()),
        (Some(0), Some(0)),
        "{again}"
    );
}

/// Every edge of a map, sorted, as the differential tests compare them: as lists, not sets,
/// so that a row written twice shows (`import { a, b } from './m'` once gave the module's
/// edge twice; `corpora.rs` now asserts no row repeats).
fn all_edges(root: &std::path::Path) -> Vec<String> {
    rows(
        &db(root),
        "SELECT source, coalesce(target, ''), target_name, kind, line, col, resolution FROM all_edges",
    )
}

/// Everything else a map stores of its files, sorted: each symbol's columns (the edges cover
/// its parent and the place of its name), each file's facts in order, its imports, and the
/// names edges are written under. An incremental run writes a changed file's rows over the
/// ones it had, column by column, so a column it failed to bring up to date shows here.
fn all_rows(root: &std::path::Path) -> Vec<String> {
    let conn = db(root);
    let mut out = rows(
        &conn,
        "SELECT 'symbol', node_id, kind, name, receiver, start_line, start_col, end_line, end_col, \
         name_end_col, signature, doc, params, lang FROM all_symbols",
    );
    out.extend(rows(
        &conn,
        "SELECT 'fact', f.path, x.seq, x.qualname, x.role, x.ty FROM facts x JOIN files f ON f.id = x.file_id",
    ));
    out.extend(rows(
        &conn,
        "SELECT 'import', f.path, i.module, i.member, i.alias, i.reexport, i.line, i.col \
         FROM imports i JOIN files f ON f.id = i.file_id",
    ));
    out.extend(rows(&conn, "SELECT 'name', name, leaf FROM names"));
    out.extend(rows(
        &conn,
        "SELECT 'part', p.part, n.name FROM name_parts p LEFT JOIN names n ON n.id = p.name",
    ));
    out.sort();
    out
}

/// Asserts that `other`'s edges (a run of kind `how`) are the cold build's, printing the
/// counts and, when they differ, the first edges on each side.
fn assert_same_edges(what: &str, how: &str, cold: &[String], other: &[String]) {
    let set = |v: &[String]| v.iter().cloned().collect::<std::collections::BTreeSet<_>>();
    let (c, o) = (set(cold), set(other));
    let only_cold: Vec<_> = c.difference(&o).collect();
    let only_other: Vec<_> = o.difference(&c).collect();
    eprintln!(
        "{what}: {} edges cold, {} {how}, {} only cold, {} only {how}",
        cold.len(),
        other.len(),
        only_cold.len(),
        only_other.len()
    );
    assert!(
        cold == other,
        "{what}: the {how} run's edges differ from a cold build's
only cold: {:#?}
only {how}: {:#?}",
        &only_cold[..only_cold.len().min(10)],
        &only_other[..only_other.len().min(10)]
    );
}

/// Asserts that `other`'s stored rows besides edges ([`all_rows`]) are the cold build's.
fn assert_same_rows(what: &str, how: &str, cold: &[String], other: &[String]) {
    let only = |a: &[String], b: &[String]| -> Vec<String> {
        let b: std::collections::BTreeSet<&String> = b.iter().collect();
        a.iter()
            .filter(|r| !b.contains(r))
            .take(10)
            .cloned()
            .collect()
    };
    assert!(
        cold == other,
        "{what}: the {how} run's rows differ from a cold build's ({} against {})
only cold: {:#?}
only {how}: {:#?}",
        cold.len(),
        other.len(),
        only(cold, other),
        only(other, cold)
    );
}

/// Resolution in memory (a cold run's `MemIndex`, built from what the writer stored) and
/// through SQLite (an incremental run's index) agree: a run that re-extracts every file of a
/// real package gives the edges the cold build gave, in each language.
#[test]
fn a_cold_build_and_a_run_that_reextracts_every_file_give_the_same_edges() {
    use crate::corpora::{cargo_crate, go_root, npm_root, python_root};
    let cases = [
        ("Go net", go_root().join("net"), "go"),
        ("Python email", python_root().join("email"), "py"),
        ("TypeScript rxjs", npm_root("rxjs-7.8.2").join("src"), "ts"),
        ("JavaScript express", npm_root("express-4.21.2"), "js"),
        ("Rust ignore", cargo_crate("ignore-0."), "rs"),
    ];
    for (name, src, ext) in cases {
        let ws = tempfile::tempdir().expect("tmp");
        copy_dir(&src, ws.path());
        assert_eq!(index(ws.path())["mode"], "cold");
        let cold = all_edges(ws.path());
        // A newline at the end of every source file: every file re-extracted, no position moves.
        let files = files_with_ext(ws.path(), ext);
        for p in &files {
            let mut text = std::fs::read(p).expect("read");
            text.push(b'\n');
            std::fs::write(p, text).expect("write");
        }
        let again = index(ws.path());
        assert_eq!(again["mode"], "incremental", "{again}");
        assert_eq!(
            again["extracted"].as_u64(),
            Some(files.len() as u64),
            "{again}"
        );
        let what = format!("{name}, {} files", files.len());
        assert_same_edges(&what, "re-extracted", &cold, &all_edges(ws.path()));
        // The rows written over in place are a cold build's of the changed tree (each file
        // is a line longer).
        let fresh = tempfile::tempdir().expect("tmp");
        copy_dir(ws.path(), fresh.path());
        assert_eq!(index(fresh.path())["mode"], "cold");
        assert_same_rows(
            &what,
            "re-extracted",
            &all_rows(fresh.path()),
            &all_rows(ws.path()),
        );
    }
}

/// What a change to real code is, as a step of [`incremental_runs_give_the_edges_a_cold_build_gives`].
enum Change {
    /// A file renamed: its definitions go, and come back under other node IDs.
    Move(&'static str, &'static str),
    Delete(&'static str),
    /// Text appended to a file (created when missing): new definitions, some of them with
    /// names the package already uses, or a comment (the file's types stay as they were).
    Append(&'static str, &'static str),
    /// The first occurrence of a text replaced: a stated type changed.
    Replace(&'static str, &'static str, &'static str),
}

/// Edges follow definitions: after each change to a real package (a file edited, moved,
/// deleted, given new definitions or another stated type), an incremental run's edges are the edges a cold build of the
/// changed tree gives, in each language. The changes are made one after another on one map.
#[test]
fn incremental_runs_give_the_edges_a_cold_build_gives() {
    use crate::corpora::{cargo_crate, go_root, npm_root, python_root};
    use Change::*;
    let go_methods = "package url\n\nfunc (u *URL) Close() error { return nil }\n\
                      func (u *URL) Read(p []byte) (int, error) { return 0, nil }\n";
    let py_defs = "\nclass Message:\n    def get_payload(self): pass\n\ndef quote(s): pass\n\
                   def formatdate(): pass\n\nclass Charset: pass\n";
    let rs_defs =
        "\npub fn matched() {}\npub struct Gitignore;\nimpl Gitignore { pub fn new() {} }\n";
    let cases: Vec<(&str, std::path::PathBuf, Vec<Change>)> = vec![
        (
            "Go net",
            go_root().join("net"),
            vec![
                // Its types' `implements` edges stay (they went with any edit, once).
                Append("url/url.go", "\n// an edit that changes no type\n"),
                // Lines above most of the file: every later symbol and edge moves, and
                // `unhex`'s doc changes (the run rewrites those rows in place).
                Replace(
                    "url/url.go",
                    "// Precondition: ishex(c) is true.\nfunc unhex(",
                    "// Precondition: none.\n//\n// Moved down.\nfunc unhex(",
                ),
                // A function no reference spells: its importers' references are not read again
                // (nothing can read it), and the edges are still a cold build's.
                Append(
                    "url/url.go",
                    "\nfunc brandNewHelper(s string) (*URL, error) { return Parse(s) }\n",
                ),
                Replace(
                    "url/url.go",
                    "func (u *URL) Query() Values {",
                    "func (u *URL) Query() *URL {",
                ),
                // A type that goes, then comes back: `tt.m.Encode` in url_test.go reads it
                // through the type of a field, not by name.
                Replace("url/url.go", "type Values map", "type Values2 map"),
                Replace("url/url.go", "type Values2 map", "type Values map"),
                // Read through the changed file's own unchanged facts (`NewClient` returns
                // `*Client`), and through a sibling's (`clientServerTest.c`).
                Replace("smtp/smtp.go", "type Client struct", "type Client2 struct"),
                Replace(
                    "http/client.go",
                    "type Client struct",
                    "type Client2 struct",
                ),
                // A field that goes and comes back: `req.Header.Set` reads it on the way.
                Replace("http/request.go", "\tHeader Header\n", "\tHeader2 Header\n"),
                Replace("http/request.go", "\tHeader2 Header\n", "\tHeader Header\n"),
                // `implements` follows method sets, recomputed for the types an edit reaches:
                // a method promoted through an embedded field (`TCPConn` and the other
                // conns embed `conn`), renamed and back;
                Replace(
                    "net.go",
                    "func (c *conn) Close() error {",
                    "func (c *conn) Close2() error {",
                ),
                Replace(
                    "net.go",
                    "func (c *conn) Close2() error {",
                    "func (c *conn) Close() error {",
                ),
                // one whose results change (`Close()` no longer implements `Close() error`:
                // chi's `Flush()` writers were listed as `Flush() error` implementations);
                Replace(
                    "net.go",
                    "func (c *conn) Close() error {",
                    "func (c *conn) Close() {",
                ),
                Replace(
                    "net.go",
                    "func (c *conn) Close() {",
                    "func (c *conn) Close() error {",
                ),
                // an interface that gains a method no type has, and loses it;
                Replace(
                    "net.go",
                    "type Conn interface {\n",
                    "type Conn interface {\n\tExtra() int\n",
                ),
                Replace(
                    "net.go",
                    "type Conn interface {\n\tExtra() int\n",
                    "type Conn interface {\n",
                ),
                // an embedded field made a named one (no methods promoted any more);
                Replace(
                    "tcpsock.go",
                    "type TCPConn struct {\n\tconn\n}",
                    "type TCPConn struct {\n\tc conn\n}",
                ),
                // an interface that stops embedding another.
                Replace(
                    "sockaddr_posix.go",
                    "type sockaddr interface {\n\tAddr\n",
                    "type sockaddr interface {\n",
                ),
                Move("url/url.go", "url/url2.go"),
                Append("url/extra.go", go_methods),
                Delete("http/server.go"),
            ],
        ),
        (
            "Python email",
            python_root().join("email"),
            vec![
                Move("utils.py", "utils2.py"),
                // Imported under another name (`from email._parseaddr import AddressList as
                // _AddressList`): the calls of `_AddressList` share no name with what went.
                Move("_parseaddr.py", "_parseaddr2.py"),
                Append("newmod.py", py_defs),
                Append("_policybase.py", py_defs),
                // Lines above the whole module: every symbol, fact and edge moves.
                Replace("_policybase.py", "import abc\n", "import abc\n\n\n\n"),
                Delete("charset.py"),
            ],
        ),
        (
            "TypeScript rxjs",
            npm_root("rxjs-7.8.2").join("src"),
            vec![
                Replace(
                    "internal/Observable.ts",
                    "): Subscription {",
                    "): Observable<T> {",
                ),
                // A base two classes up: `innerSubscriber.add` reaches Subscription through
                // OperatorSubscriber and Subscriber.
                Replace(
                    "internal/Subscriber.ts",
                    "class Subscriber<T>",
                    "class Subscriber2<T>",
                ),
                Replace(
                    "internal/Subscriber.ts",
                    "class Subscriber2<T>",
                    "class Subscriber<T>",
                ),
                // An interface named in `implements` clauses.
                Replace(
                    "internal/types.ts",
                    "interface Observer<T>",
                    "interface Observer2<T>",
                ),
                Move("internal/Subscription.ts", "internal/Subscription2.ts"),
                // Imported under another name (`import { observable as Symbol_observable }`).
                Move(
                    "internal/symbol/observable.ts",
                    "internal/symbol/observable2.ts",
                ),
                Delete("internal/util/pipe.ts"),
            ],
        ),
        (
            "JavaScript express",
            npm_root("express-4.21.2"),
            vec![Move("lib/utils.js", "lib/utils2.js")],
        ),
        (
            "Rust ignore",
            cargo_crate("ignore-0."),
            vec![
                Replace("src/dir.rs", ") -> Match<IgnoreMatch<'a>> {", ") -> bool {"),
                // Read elsewhere through lib.rs's `pub use` and a function's result type.
                Replace(
                    "src/walk.rs",
                    "pub struct WalkBuilder {",
                    "pub struct WalkBuilder2 {",
                ),
                Replace(
                    "src/walk.rs",
                    "pub struct WalkBuilder2 {",
                    "pub struct WalkBuilder {",
                ),
                Replace(
                    "src/walk.rs",
                    "pub struct WalkParallel {",
                    "pub struct WalkParallel2 {",
                ),
                // A method's result, read through the re-export of its owner.
                Replace(
                    "src/walk.rs",
                    "pub fn new<P: AsRef<Path>>(path: P) -> WalkBuilder {",
                    "pub fn new<P: AsRef<Path>>(path: P) -> WalkBuilder2 {",
                ),
                // `use crate::dir::Ignore` elsewhere: followed (Rust paths had no last segment
                // to re-resolve by, once).
                Move("src/dir.rs", "src/dir2.rs"),
                Append("src/lib.rs", rs_defs),
            ],
        ),
    ];
    for (name, src, changes) in cases {
        let ws = tempfile::tempdir().expect("tmp");
        copy_dir(&src, ws.path());
        index(ws.path());
        for change in changes {
            let root = ws.path();
            let what = match change {
                Move(from, to) => {
                    std::fs::rename(root.join(from), root.join(to)).expect("move");
                    format!("{from} moved to {to}")
                }
                Delete(path) => {
                    std::fs::remove_file(root.join(path)).expect("delete");
                    format!("{path} deleted")
                }
                Append(path, text) => {
                    let mut was = std::fs::read(root.join(path)).unwrap_or_default();
                    was.extend_from_slice(text.as_bytes());
                    write(root, path, was);
                    format!("{path} appended to")
                }
                Replace(path, from, to) => {
                    let was = std::fs::read_to_string(root.join(path)).expect("read");
                    assert!(was.contains(from), "{name}: {path} has no {from:?}");
                    write(root, path, was.replacen(from, to, 1));
                    format!("{from:?} made {to:?} in {path}")
                }
            };
            let run = index(root);
            assert_eq!(run["mode"], "incremental", "{run}");
            assert_like_cold(&format!("{name}, {what}"), root);
        }
    }
}

/// Asserts that the map at `root` (after an incremental run) stores what a cold build of a
/// copy of the same tree stores: every edge ([`all_edges`]) and every other row
/// ([`all_rows`]).
fn assert_like_cold(what: &str, root: &std::path::Path) {
    let fresh = tempfile::tempdir().expect("tmp");
    copy_dir(root, fresh.path());
    assert_eq!(index(fresh.path())["mode"], "cold");
    let (cold, inc) = (all_edges(fresh.path()), all_edges(root));
    assert_same_edges(what, "incremental", &cold, &inc);
    assert_same_rows(
        what,
        "incremental",
        &all_rows(fresh.path()),
        &all_rows(root),
    );
}

/// A type embedded by more types than the incremental `implements` takes (600 structs embed
/// `Base`): a change to its methods recomputes every pair instead, and the map is still a
/// cold build's, before and after the change and its undo.
#[test]
fn a_type_embedded_everywhere_recomputes_implements_whole() {
    let ws = tempfile::tempdir().expect("tmp");
    let root = ws.path();
    write(root, "go.mod", "module example.com/wide\n\ngo 1.22\n");
    write(
        root,
        "base.go",
        "package wide\n\ntype Base struct{}\n\nfunc (Base) Close() error { return nil }\n\n\
         type Closer interface {\n\tClose() error\n}\n\ntype Namer interface {\n\tName() string\n}\n",
    );
    let mut many = String::from("package wide\n");
    for i in 0..600 {
        many.push_str(&format!("\ntype T{i} struct {{\n\tBase\n}}\n"));
        if i % 3 == 0 {
            many.push_str(&format!("\nfunc (T{i}) Name() string {{ return \"\" }}\n"));
        }
    }
    write(root, "many.go", many);
    assert_eq!(index(root)["mode"], "cold");
    let implementers = |root: &std::path::Path| {
        rows(
            &db(root),
            "SELECT count(*) FROM all_edges WHERE kind = 'implements' AND target LIKE '%#Closer'",
        )
    };
    // `Base` and its 600 embedders.
    assert_eq!(implementers(root), vec!["601"]);
    for (from, to, closers) in [
        // Results are part of a method's identity in a method set.
        ("func (Base) Close() error", "func (Base) Close()", "0"),
        ("func (Base) Close()", "func (Base) Close() error", "601"),
        ("func (Base) Close() error", "func (Base) Shut() error", "0"),
        (
            "func (Base) Shut() error",
            "func (Base) Close() error",
            "601",
        ),
    ] {
        let was = std::fs::read_to_string(root.join("base.go")).expect("read");
        write(root, "base.go", was.replacen(from, to, 1));
        assert_eq!(index(root)["mode"], "incremental");
        assert_eq!(implementers(root), vec![closers], "{to}");
        assert_like_cold(&format!("600 embedders, {to:?}"), root);
    }
}

/// What a package hands on changes without a change to the files that use it (issue 35):
/// a re-export removed and back, an `__all__` that grows, an alias pointed elsewhere, a
/// module of a chain of `__init__.py` deleted, a cycle of `*` imports edited. After each run
/// the map is a cold build's.
#[test]
fn re_exports_that_change_re_resolve_what_reads_them() {
    use Change::*;
    let ws = fixture("py_reexports");
    let root = ws.path();
    index(root);
    let changes = [
        Replace("webby/__init__.py", "from ._models import *\n", ""),
        Replace(
            "webby/__init__.py",
            "from ._client import *\n",
            "from ._client import *\nfrom ._models import *\n",
        ),
        Replace(
            "webby/_models.py",
            "__all__ = [\"Request\", \"Response\"]",
            "__all__ = [\"Request\", \"Response\", \"Unlisted\"]",
        ),
        Replace(
            "webby/_models.py",
            "__all__ = [\"Request\", \"Response\", \"Unlisted\"]",
            "__all__ = [\"Request\"]\n__all__ += [\"Response\"]",
        ),
        Replace(
            "webby/__init__.py",
            "import Response as HTTPResponse",
            "import Request as HTTPResponse",
        ),
        Replace("webby/_transports/__init__.py", "from .mock import *\n", ""),
        Replace(
            "webby/_transports/__init__.py",
            "from .base import *\n",
            "from .base import *\nfrom .mock import MockTransport\n",
        ),
        Delete("webby/_transports/mock.py"),
        Replace("cyc/a.py", "from .b import g\n", ""),
        Replace("cyc/b.py", "def g():", "def g2():"),
        Append("cyc/__init__.py", "from .b import g2 as g\n"),
    ];
    for change in changes {
        let what = match change {
            Delete(path) => {
                std::fs::remove_file(root.join(path)).expect("delete");
                format!("{path} deleted")
            }
            Append(path, text) => {
                let mut was = std::fs::read(root.join(path)).unwrap_or_default();
                was.extend_from_slice(text.as_bytes());
                write(root, path, was);
                format!("{path} appended to")
            }
            Replace(path, from, to) => {
                let was = std::fs::read_to_string(root.join(path)).expect("read");
                assert!(was.contains(from), "{path} has no {from:?}");
                write(root, path, was.replacen(from, to, 1));
                format!("{from:?} made {to:?} in {path}")
            }
            Move(..) => unreachable!("not among the changes"),
        };
        let run = index(root);
        assert_eq!(run["mode"], "incremental", "{run}");
        assert_like_cold(&format!("re-exports, {what}"), root);
    }
}
