//! The watcher, in process against a real map: saves, editors' atomic saves, deletes, renames
//! and a burst of 1,000 writes, each followed to the map.

use crate::util::*;
use bridge::tools::{self, Workspace};
use bridge::watch;
use indexer::index::NoProgress;
use serde_json::{json, Value};
use std::path::Path;
use std::time::{Duration, Instant};

struct Watched {
    dir: tempfile::TempDir,
    ws: Workspace,
    _w: watch::Watcher,
}

fn watched(fixture_name: &str) -> Watched {
    let dir = fixture(fixture_name);
    index(dir.path());
    let mut ws = Workspace::new(dir.path(), None).expect("workspace");
    ws.lsp = false;
    let w = watch::start(&ws, None).expect("watcher");
    // inotify watches are in place when start returns; give the debouncer a moment anyway.
    std::thread::sleep(Duration::from_millis(100));
    Watched { dir, ws, _w: w }
}

impl Watched {
    fn root(&self) -> &Path {
        self.dir.path()
    }
    fn search(&self, q: &str) -> Vec<String> {
        let e = tools::call(
            &self.ws,
            "map_search",
            &json!({"query": q, "limit": 50}),
            &NoProgress,
        );
        assert!(e.ok, "{e:?}");
        e.data.expect("data")["hits"]
            .as_array()
            .expect("hits")
            .iter()
            .filter(|h| h["nodeId"].as_str().map(name_of) == Some(q))
            .filter_map(|h| h["nodeId"].as_str().map(String::from))
            .collect()
    }
    fn flagged(&self, path: &str) -> bool {
        rows(
            &db(self.root()),
            &format!("SELECT stale FROM files WHERE path = '{path}'"),
        ) == ["1"]
    }
    fn status(&self) -> Value {
        let e = tools::call(&self.ws, "map_status", &json!({}), &NoProgress);
        e.data.expect("status")["watcher"].clone()
    }
    /// Wait until `f` holds; the time it took, or a panic after `limit`.
    fn until(&self, what: &str, limit: Duration, f: impl Fn() -> bool) -> Duration {
        let t = Instant::now();
        while !f() {
            assert!(
                t.elapsed() < limit,
                "{what}: not within {limit:?}; watcher {}",
                self.status()
            );
            std::thread::sleep(Duration::from_millis(10));
        }
        t.elapsed()
    }
}

#[test]
fn a_saved_function_is_stale_at_once_and_searchable_soon() {
    let w = watched("py_app");
    let file = "src/shop/util.py";
    let mut text = std::fs::read_to_string(w.root().join(file)).expect("read");
    text.push_str("\n\ndef freshly_saved_helper(x):\n    return x\n");
    let saved = Instant::now();
    std::fs::write(w.root().join(file), &text).expect("write");
    let id = "py:src/shop/util.py#freshly_saved_helper".to_string();
    // Stale: flagged by the watcher (or already re-indexed, which clears the flag).
    w.until("stale", Duration::from_secs(1), || {
        w.flagged(file) || w.search("freshly_saved_helper") == [id.clone()]
    });
    let stale = saved.elapsed();
    w.until("searchable", Duration::from_secs(3), || {
        w.search("freshly_saved_helper") == [id.clone()]
    });
    let found = saved.elapsed();
    eprintln!("save → stale {stale:?}, → searchable {found:?}");
    assert!(!w.flagged(file), "the re-index clears the flag");
    // The run is counted once it has returned, a moment after its commit is searchable.
    w.until("counted", Duration::from_secs(1), || {
        w.status()["runs"].as_u64().unwrap_or(0) >= 1
    });
    assert_eq!(w.status()["runs"], 1, "one run: {}", w.status());
}

#[test]
fn atomic_saves_deletes_and_renames_reach_the_map() {
    let w = watched("py_app");
    let s = Duration::from_secs(3);
    // An editor's atomic save: write a temporary file beside it, rename over.
    let file = w.root().join("src/shop/util.py");
    let mut text = std::fs::read_to_string(&file).expect("read");
    text.push_str("\n\ndef atomically_saved():\n    pass\n");
    let tmp = w.root().join("src/shop/.util.py.swp");
    std::fs::write(&tmp, &text).expect("write tmp");
    std::fs::rename(&tmp, &file).expect("rename over");
    w.until("atomic save", s, || {
        w.search("atomically_saved") == ["py:src/shop/util.py#atomically_saved"]
    });
    // A delete.
    assert_eq!(
        w.search("OrderService"),
        ["py:src/shop/service.py#OrderService"]
    );
    std::fs::remove_file(w.root().join("src/shop/service.py")).expect("rm");
    w.until("delete", s, || w.search("OrderService").is_empty());
    assert!(rows(
        &db(w.root()),
        "SELECT path FROM files WHERE path = 'src/shop/service.py'"
    )
    .is_empty());
    // A rename: the symbols move to the new path.
    std::fs::rename(
        w.root().join("src/shop/models.py"),
        w.root().join("src/shop/orders.py"),
    )
    .expect("mv");
    w.until("rename", s, || {
        w.search("RushOrder") == ["py:src/shop/orders.py#RushOrder"]
    });
    // A new directory with a file in it, made in one go.
    write(
        w.root(),
        "src/extra/deep/mod.py",
        "def made_in_a_new_dir():\n    pass\n",
    );
    w.until("new directory", s, || {
        w.search("made_in_a_new_dir") == ["py:src/extra/deep/mod.py#made_in_a_new_dir"]
    });
    // Ignored and internal paths do not start runs. First the watcher settles: the new
    // directory's events can start a second run after the first one found the file (seen
    // under a loaded machine's scheduling).
    let mut runs = w.status()["runs"].as_u64().expect("runs");
    let settle = std::time::Instant::now();
    loop {
        std::thread::sleep(Duration::from_millis(600));
        let now = w.status()["runs"].as_u64().expect("runs");
        if now == runs || settle.elapsed() > Duration::from_secs(6) {
            break;
        }
        runs = now;
    }
    write(w.root(), ".codemap/scratch.txt", "x");
    write(w.root(), "notes.txt", "not source");
    std::thread::sleep(Duration::from_millis(800));
    assert_eq!(w.status()["runs"].as_u64(), Some(runs), "{}", w.status());
}

/// Only the directories a run walks are watched (an ignored tree of 600 directories costs no
/// inotify watch); directories made or renamed later are watched from then on, so an edit
/// inside one, long after it appeared, still reaches the map.
#[test]
fn ignored_trees_are_not_watched_and_new_directories_are() {
    let dir = fixture("py_app");
    write(dir.path(), ".gitignore", "node_modules/\n");
    for i in 0..300 {
        std::fs::create_dir_all(dir.path().join(format!("node_modules/pkg{i}/lib")))
            .expect("mkdir");
    }
    index(dir.path());
    let mut ws = Workspace::new(dir.path(), None).expect("workspace");
    ws.lsp = false;
    // An --exclude pattern anchored at the root, for a directory made later.
    ws.exclude = vec!["src/later/skip".into()];
    let walked = indexer::walk::dirs(dir.path(), &Default::default()).expect("dirs");
    let _w = watch::start(&ws, None).expect("watcher");
    std::thread::sleep(Duration::from_millis(100));
    let w = Watched { dir, ws, _w };
    let watched = w.status()["directories"].as_u64().expect("directories");
    assert_eq!(watched, walked.len() as u64, "{}", w.status());
    assert!(watched < 10, "{watched} watched: the ignored tree is not");
    let s = Duration::from_secs(3);
    let edit = |rel: &str, name: &str| {
        write(w.root(), rel, format!("def {name}():\n    pass\n"));
    };
    edit("src/later/skip/b.py", "excluded_one");
    edit("src/later/inner/a.py", "first_version");
    w.until("new directory", s, || {
        w.search("first_version") == ["py:src/later/inner/a.py#first_version"]
    });
    assert!(w.search("excluded_one").is_empty());
    // later/ and later/inner/ are watched, the excluded later/skip/ is not.
    assert_eq!(
        w.status()["directories"].as_u64(),
        Some(watched + 2),
        "{}",
        w.status()
    );
    std::thread::sleep(Duration::from_millis(300));
    edit("src/later/inner/a.py", "second_version");
    w.until("an edit in a directory made after the start", s, || {
        w.search("second_version") == ["py:src/later/inner/a.py#second_version"]
    });
    std::fs::rename(w.root().join("src/later"), w.root().join("src/moved")).expect("mv");
    w.until("a renamed directory", s, || {
        w.search("second_version") == ["py:src/moved/inner/a.py#second_version"]
    });
    // The renamed directories replace the old ones; moved/skip/ is no longer excluded.
    assert_eq!(
        w.status()["directories"].as_u64(),
        Some(watched + 3),
        "{}",
        w.status()
    );
    std::thread::sleep(Duration::from_millis(300));
    edit("src/moved/inner/a.py", "third_version");
    w.until("an edit in a renamed directory", s, || {
        w.search("third_version") == ["py:src/moved/inner/a.py#third_version"]
    });
}

/// `node_modules` made after the watcher started (an `npm install`), with no `.gitignore`
/// naming it: no directory of it is watched and none of its files reaches the map, while an
/// edit beside it does.
#[test]
fn node_modules_made_later_is_not_watched() {
    let dir = fixture("js_app");
    index(dir.path());
    let mut ws = Workspace::new(dir.path(), None).expect("workspace");
    ws.lsp = false;
    let _w = watch::start(&ws, None).expect("watcher");
    std::thread::sleep(Duration::from_millis(100));
    let w = Watched { dir, ws, _w };
    let watched = w.status()["directories"].as_u64().expect("directories");
    for i in 0..50 {
        write(
            w.root(),
            &format!("node_modules/pkg{i}/lib/index.js"),
            format!("function installed{i}() {{}}\n"),
        );
    }
    write(
        w.root(),
        "lib/later.js",
        "function writtenBeside() {}\nmodule.exports = { writtenBeside };\n",
    );
    w.until(
        "an edit beside node_modules",
        Duration::from_secs(3),
        || w.search("writtenBeside") == ["js:lib/later.js#writtenBeside"],
    );
    std::thread::sleep(Duration::from_millis(300));
    assert!(w.search("installed1").is_empty());
    assert_eq!(
        w.status()["directories"].as_u64(),
        Some(watched),
        "{}",
        w.status()
    );
}

#[test]
fn a_burst_of_a_thousand_writes_is_one_reindex() {
    let w = watched("py_app");
    let t = Instant::now();
    for i in 0..1000 {
        write(
            w.root(),
            &format!("src/gen/m{:02}/f{i}.py", i % 20),
            format!("def generated_{i}():\n    return {i}\n"),
        );
    }
    let wrote = t.elapsed();
    let files = || {
        rows(
            &db(w.root()),
            "SELECT count(*) FROM files WHERE path LIKE 'src/gen/%'",
        )
        .first()
        .cloned()
        .unwrap_or_default()
    };
    w.until("burst indexed", Duration::from_secs(20), || {
        files() == "1000" && w.status()["runs"].as_u64() >= Some(1)
    });
    std::thread::sleep(Duration::from_millis(600)); // nothing more follows
    let st = w.status();
    eprintln!(
        "1,000 files written in {wrote:?}; indexed after {:?}; watcher {st}",
        t.elapsed()
    );
    assert_eq!(st["runs"], 1, "the burst took more than one run: {st}");
    assert_eq!(
        w.search("generated_999"),
        ["py:src/gen/m19/f999.py#generated_999"]
    );
    assert_eq!(
        w.search("generated_0"),
        ["py:src/gen/m00/f0.py#generated_0"]
    );
    let stale = rows(&db(w.root()), "SELECT count(*) FROM files WHERE stale = 1");
    assert_eq!(stale, ["0"]);
}
