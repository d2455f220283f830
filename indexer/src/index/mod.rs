//! One index run: walk, compare with the map, extract what changed on all cores, resolve edges,
//! and write it all in one transaction.
//!
//! Flow: `walk` → compare (size, mtime) with `files` → rayon workers read, hash (blake3) and
//! extract the candidates → one writer thread owns the connection and writes each file's rows as
//! they arrive → references are resolved (in memory on a cold run, through SQLite on an
//! incremental one, where edges of unchanged files that named a changed name are re-resolved
//! too) → package nodes and `implements` edges → `COMMIT`. A reader never sees half a run;
//! a killed run leaves the previous map.
//!
//! The run's concerns, one file each: `survey` (which files to look at), `pass` (the run
//! inside its transaction, phase by phase), `write` (extraction and the writer), `edges` (a
//! file's references resolved into edge rows), `changes` (what an edit changed for other
//! files), `reresolve` (an incremental run's re-resolution outwards), `packages`,
//! `implements` and `hubs`.

mod changes;
mod edges;
mod hubs;
mod implements;
mod options;
mod packages;
mod pass;
mod reresolve;
mod survey;
mod write;

use crate::extract::Extractor;
use crate::store::{self, StoreError};
pub use options::{
    IndexError, IndexOptions, IndexStats, NoProgress, Progress, DEFAULT_MAX_FILE_SIZE,
};
use pass::run_in_tx;
use std::path::Path;
use std::time::Instant;
use survey::survey;
pub use write::content_hash;

pub fn run(opts: &IndexOptions, progress: &dyn Progress) -> Result<IndexStats, IndexError> {
    let t0 = Instant::now();
    let extractor = Extractor::new()?;
    let db = opts.db_path();
    let fresh = !db.exists();
    let mut stats = IndexStats::default();
    let (mut conn, build) = if fresh {
        if let Some(dir) = db.parent() {
            std::fs::create_dir_all(dir).map_err(|source| StoreError::Io {
                path: dir.to_path_buf(),
                source,
            })?;
        }
        store::remove_stale_builds(&db);
        let path = store::build_path(&db);
        (store::open_fresh_build(&path)?, Some(path))
    } else {
        let (conn, rebuilt) = store::open_for_write(&db)?;
        if let Some(m) = rebuilt {
            tracing::warn!("{m}");
            stats.warnings.push(m);
        }
        (conn, None)
    };
    let write_path = build.clone().unwrap_or_else(|| db.clone());
    conn.begin_immediate(&write_path)?;
    let result = survey(opts, &conn).and_then(|(walked, old)| {
        tracing::info!(elapsed = ?t0.elapsed(), files = walked.files.len(), "walked");
        run_in_tx(
            opts, progress, &extractor, &mut conn, &walked, old, &mut stats,
        )?;
        stats.warnings.extend(walked.warnings.iter().cloned());
        if !opts.exclude.is_empty() {
            // Nothing remembers a run's options: the watcher's and `serve`'s runs would index
            // the excluded paths again.
            stats.warnings.push(format!(
                "--exclude {} applies to this run only: to keep these paths out of every run \
                 (the watcher's and `serve`'s too), put the patterns in .codemapignore \
                 (gitignore syntax) at the root",
                opts.exclude.join(" ")
            ));
        }
        Ok(())
    });
    if let Err(e) = result {
        let _ = conn.rollback();
        drop(conn);
        if let Some(b) = &build {
            let _ = std::fs::remove_file(b);
        }
        return Err(e);
    }
    let changed = build.is_some()
        || stats.extracted + stats.touched + stats.deleted + stats.skipped + stats.reresolved > 0;
    if changed {
        let seconds = t0.elapsed().as_secs_f64();
        conn.set_meta("last_run_seconds", &format!("{seconds:.3}"))?;
    }
    let tc = Instant::now();
    conn.commit()?;
    tracing::info!(elapsed = ?tc.elapsed(), "committed");
    stats.seconds = t0.elapsed().as_secs_f64();
    if let Some(b) = build {
        conn.finish_fresh_build()?;
        drop(conn);
        // On disk before it replaces the old map: the build wrote without syncing, so its
        // pages may be only in the page cache, and a rename that reached the disk first would
        // leave an empty map after a power loss. (Unsynced, the next run's first checkpoint
        // paid for the whole flush: 0.15 s on the Go standard library's map.)
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |source| StoreError::Io { path, source }
        };
        std::fs::File::open(&b)
            .and_then(|f| f.sync_all())
            .map_err(io(&b))?;
        std::fs::rename(&b, &db).map_err(io(&db))?;
        if let Some(dir) = db.parent() {
            // The rename itself, durable.
            let _ = std::fs::File::open(dir).and_then(|d| d.sync_all());
        }
        // The `.codemap/` folder keeps itself out of version control.
        store::open_for_write(&db)?;
    }
    Ok(stats)
}
