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
mod packages;
mod pass;
mod reresolve;
mod survey;
mod write;

use crate::extract::{Extractor, QueryError};
use crate::store::{self, SqlError, StoreError};
use crate::walk::WalkError;
use pass::run_in_tx;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::time::Instant;
use survey::survey;

/// Files larger than this are skipped (and the reason recorded).
pub const DEFAULT_MAX_FILE_SIZE: u64 = 4 * 1024 * 1024;

#[derive(Debug, Clone)]
pub struct IndexOptions {
    pub root: PathBuf,
    /// Where the map lives; default `<root>/.codemap/map.db`.
    pub db: Option<PathBuf>,
    pub exclude: Vec<String>,
    pub max_file_size: u64,
    /// Only re-index files under this workspace-relative directory (`map_rebuild {scope}`).
    pub scope: Option<String>,
    /// The workspace-relative source files a watcher saw change. When the map knows every
    /// one of them, the run looks only at these (stat, then re-extract or drop) and takes the
    /// rest of the workspace from the map, instead of walking and stat-ing every file; any
    /// other case (a new file, a symlink, no map yet) walks as usual.
    pub changed: Option<Vec<String>>,
    /// Take generated code (build output, compiled copies, vendored code) into the map:
    /// `Some` sets it for this and later runs (remembered in the map), `None` keeps the
    /// map's choice (default: kept out).
    pub include_generated: Option<bool>,
}

impl IndexOptions {
    pub fn new(root: PathBuf) -> IndexOptions {
        IndexOptions {
            root,
            db: None,
            exclude: Vec::new(),
            max_file_size: DEFAULT_MAX_FILE_SIZE,
            scope: None,
            changed: None,
            include_generated: None,
        }
    }

    pub fn db_path(&self) -> PathBuf {
        self.db
            .clone()
            .unwrap_or_else(|| store::default_db(&self.root))
    }
}

/// What a run did.
#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct IndexStats {
    /// Source files in the workspace (in scope).
    pub files: usize,
    /// Files whose (size, mtime) changed and were read and hashed.
    pub scanned: usize,
    /// Files parsed and extracted anew.
    pub extracted: usize,
    /// Files whose content was unchanged (mtime refreshed only).
    pub touched: usize,
    pub deleted: usize,
    /// Files left out, with a reason recorded in the map.
    pub skipped: usize,
    pub parse_errors: usize,
    /// Edges of unchanged files re-resolved because a name they use changed.
    pub reresolved: usize,
    /// Symbols written by this run (definitions: file and package nodes are not counted,
    /// as in `map_status`).
    pub symbols_written: usize,
    /// Edges written by this run (re-resolved ones included).
    pub edges_written: usize,
    /// Totals in the map; counted on cold runs only (`map_status` always has them).
    pub symbols: Option<i64>,
    pub edges: Option<i64>,
    pub seconds: f64,
    /// `cold` (empty map: resolution in memory) or `incremental`.
    pub mode: &'static str,
    pub warnings: Vec<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum IndexError {
    #[error(transparent)]
    Walk(#[from] WalkError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Query(#[from] QueryError),
    #[error("SQLite error while indexing: {0}")]
    Sql(#[from] SqlError),
    #[error("cannot park references on disk beside the map: {0}")]
    Spill(#[from] std::io::Error),
}

/// Progress of the extraction phase (a terminal bar in the CLI).
pub trait Progress: Sync {
    fn start(&self, _total: u64) {}
    fn inc(&self, _n: u64) {}
    fn finish(&self) {}
}

pub struct NoProgress;
impl Progress for NoProgress {}

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
