//! The indexer killed with SIGKILL at random moments of large runs (cold builds and incremental
//! re-indexes of the Python standard library's biggest packages): after each kill the map passes
//! `PRAGMA integrity_check`, holds exactly the old state or exactly the new one, and the next run
//! completes; no file is lost from the map.
//!
//! The moments come from a seeded generator: `CODEMAP_KILL_SEED=N` replays a failure (the seed
//! is printed).

use crate::util::*;
use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// Four moments a run (six took 56 s alone and 74–320 s in the suite; each is a cold or full
/// run of 600 files and two more runs after it). `CODEMAP_KILL_SEED` varies them.
const KILLS: usize = 4;
/// The first kills land in cold builds (the old state is "no map"), the rest in re-indexes.
const COLD_KILLS: usize = 2;

/// xorshift64*: enough randomness for kill moments, reproducible from a seed.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

fn seed() -> u64 {
    std::env::var("CODEMAP_KILL_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
                | 1
        })
}

/// Symbols and file rows of the map, or `None` when there is no map.
fn state(ws: &Path) -> Option<Vec<String>> {
    if !ws.join(".codemap/map.db").exists() {
        return None;
    }
    let conn = db(ws);
    let check: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .expect("integrity_check runs");
    assert_eq!(check, "ok", "the map is corrupt");
    let mut s = rows(
        &conn,
        "SELECT node_id, start_line, end_line FROM all_symbols",
    );
    s.extend(rows(&conn, "SELECT 'file', path, hash FROM files"));
    s.extend(rows(
        &conn,
        "SELECT 'edge', source, kind, coalesce(target, target_name) FROM all_edges WHERE kind != 'contains'",
    ));
    Some(s)
}

/// Start `codemap index`, kill it after `after`; whether it was still running then.
fn index_killed_after(ws: &Path, after: Duration) -> bool {
    let mut child = Command::new(bin())
        .arg("--root")
        .arg(ws)
        .arg("index")
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("spawn");
    std::thread::sleep(after);
    let running = child.try_wait().ok().flatten().is_none();
    let _ = child.kill(); // SIGKILL
    let _ = child.wait();
    running
}

fn timed_index(ws: &Path) -> (serde_json::Value, Duration) {
    let t = Instant::now();
    let v = index(ws);
    (v, t.elapsed())
}

/// Every file on disk is in the map once more: the number missing.
fn files_lost(ws: &Path) -> u64 {
    let on_disk: BTreeSet<String> = files_with_ext(ws, "py")
        .iter()
        .filter_map(|p| p.strip_prefix(ws).ok())
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let in_map: BTreeSet<String> = rows(&db(ws), "SELECT path FROM files")
        .into_iter()
        .collect();
    on_disk.difference(&in_map).count() as u64
}

#[test]
fn sigkill_at_random_moments_leaves_the_old_map_or_the_new_one() {
    let seed = seed();
    eprintln!("kill moments from CODEMAP_KILL_SEED={seed}");
    let mut rng = Rng(seed);
    let ws = stdlib_subset(&[
        "email",
        "json",
        "asyncio",
        "xml",
        "logging",
        "http",
        "unittest",
        "idlelib",
        "tkinter",
        "multiprocessing",
        "concurrent",
        "importlib",
        "encodings",
        "distutils",
        "lib2to3",
        "ctypes",
    ]);
    let lib = crate::corpora::python_root();
    // And the top-level modules (typing, _pydecimal, argparse, …).
    for e in std::fs::read_dir(&lib).expect("stdlib").flatten() {
        if e.path().extension().is_some_and(|x| x == "py") {
            std::fs::copy(e.path(), ws.path().join(e.file_name())).expect("copy");
        }
    }
    let ws = ws.path();
    let (first, cold_took) = timed_index(ws);
    assert_eq!(first["mode"], "cold");
    let files = first["files"].as_u64().unwrap_or(0);
    assert!(files > 600, "a large run: {files} files");

    let mut killed_mid_run = 0;
    let mut lost = 0;
    let mut took = cold_took;
    for k in 0..KILLS {
        let cold = k < COLD_KILLS;
        let old = if cold {
            std::fs::remove_dir_all(ws.join(".codemap")).expect("remove the map");
            None
        } else {
            let old = state(ws);
            // Every file changes: every symbol moves down a line.
            prepend_to_py_files(ws, &format!("# kill {k}"));
            old
        };
        let at = took.mul_f64(rng.unit());
        let running = index_killed_after(ws, at);
        let at_kill = state(ws);
        // The next run completes, and the one after it has nothing left to do.
        let (next, t) = timed_index(ws);
        took = t;
        let again = index(ws);
        assert_eq!(again["extracted"], 0, "{next}");
        assert_eq!(again["scanned"], 0, "{again}");
        let new = state(ws);
        assert!(new.is_some());
        assert_ne!(new, old);
        assert!(
            at_kill == old || at_kill == new,
            "kill {k} after {at:?} (seed {seed}): the map is neither the old state nor the new one"
        );
        eprintln!(
            "kill {k}: {} run killed after {at:?} ({}), map then: {}",
            if cold { "cold" } else { "incremental" },
            if running { "mid-run" } else { "already done" },
            if at_kill == old { "old" } else { "new" },
        );
        killed_mid_run += usize::from(running);
        lost += files_lost(ws);
    }
    assert_eq!(lost, 0, "files missing from the map after recovery");
    // Kills are drawn over the whole length of a run, so nearly all land in one.
    assert!(
        killed_mid_run >= KILLS / 2,
        "only {killed_mid_run} of {KILLS} kills landed in a run (seed {seed})"
    );
    let leftovers: Vec<_> = std::fs::read_dir(ws.join(".codemap"))
        .expect("dir")
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains("building"))
        .collect();
    assert!(
        leftovers.is_empty(),
        "build files of killed runs were removed"
    );
    tally("kill", 0, KILLS as u64, KILLS as u64, lost);
}
