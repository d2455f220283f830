//! The indexer killed with SIGKILL in the middle of a run leaves the previous map readable and
//! intact, and the next run completes.

use crate::util::*;
use std::process::Command;
use std::time::Duration;

#[test]
fn sigkill_mid_run_leaves_the_previous_map() {
    // A few hundred real files, so a run lasts long enough to be killed in the middle.
    let ws = tempfile::tempdir().expect("tmp");
    let lib = crate::corpora::python_root();
    for d in [
        "email", "json", "asyncio", "xml", "logging", "http", "unittest",
    ] {
        copy_dir(&lib.join(d), &ws.path().join(d));
    }
    // A killed first build leaves no map (and no debris the next run trips on).
    let mut child = Command::new(bin())
        .arg("--root")
        .arg(ws.path())
        .arg("index")
        .spawn()
        .expect("spawn");
    std::thread::sleep(Duration::from_millis(150));
    let _ = child.kill();
    let _ = child.wait();
    let first = index(ws.path());
    assert_eq!(first["mode"], "cold");
    let leftovers: Vec<_> = std::fs::read_dir(ws.path().join(".codemap"))
        .expect("dir")
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains("building"))
        .collect();
    assert!(leftovers.is_empty(), "stale build files were removed");
    let snapshot = |ws: &std::path::Path| rows(&db(ws), "SELECT node_id, start_line FROM symbols");
    let before = snapshot(ws.path());
    assert!(before.len() > 5000, "{}", before.len());

    // Change every file, then kill the re-index at several moments.
    let mut before = before;
    let mut killed_mid_run = 0;
    for delay in [30u64, 120, 300, 600] {
        for e in walk(ws.path()) {
            let text = std::fs::read_to_string(&e).unwrap_or_default();
            std::fs::write(&e, format!("# edit\n{text}")).expect("write");
        }
        let mut child = Command::new(bin())
            .arg("--root")
            .arg(ws.path())
            .arg("index")
            .spawn()
            .expect("spawn");
        std::thread::sleep(Duration::from_millis(delay));
        let killed = child.try_wait().ok().flatten().is_none();
        let _ = child.kill();
        let _ = child.wait();
        let conn = db(ws.path());
        let check: String = conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))
            .expect("integrity");
        assert_eq!(check, "ok");
        let at_kill = snapshot(ws.path());
        // The next run completes; its result is the new state.
        let after = index(ws.path());
        let again = index(ws.path());
        assert_eq!(
            again["extracted"], 0,
            "the run after the kill completed the work: {after}"
        );
        let new_state = snapshot(ws.path());
        assert_ne!(new_state, before, "every symbol moved down a line");
        if killed {
            killed_mid_run += 1;
            assert!(
                at_kill == before || at_kill == new_state,
                "killed after {delay} ms: the map is neither the old state nor the new one"
            );
        }
        before = new_state;
    }
    assert!(
        killed_mid_run >= 1,
        "no run was killed in the middle; make the corpus larger"
    );
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))
            {
                continue;
            }
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "py") {
                out.push(p);
            }
        }
    }
    out
}
