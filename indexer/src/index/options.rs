//! What a run is asked ([`IndexOptions`]), what it answers ([`IndexStats`], [`IndexError`])
//! and how it reports progress: shared by every part of the run.

use crate::extract::QueryError;
use crate::store::{self, SqlError, StoreError};
use crate::walk::WalkError;
use serde::Serialize;
use std::path::PathBuf;

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
    /// Keep one build of each module a package ships side by side (a library's map:
    /// [`crate::generated::other_builds`]), the others left out with the reason.
    pub one_build: bool,
    /// How long one file's parses may take before the file is left out, with the reason
    /// ([`crate::extract::DEFAULT_PARSE_BOUND`]): no file stalls a run.
    pub parse_bound: std::time::Duration,
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
            one_build: false,
            parse_bound: crate::extract::DEFAULT_PARSE_BOUND,
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
