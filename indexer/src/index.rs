//! One index run: walk, compare with the map, extract what changed on all cores, resolve edges,
//! and write it all in one transaction.
//!
//! Flow: `walk` → compare (size, mtime) with `files` → rayon workers read, hash (blake3) and
//! extract the candidates → one writer thread owns the connection and writes each file's rows as
//! they arrive → references are resolved (in memory on a cold run, through SQLite on an
//! incremental one, where edges of unchanged files that named a changed name are re-resolved
//! too) → package nodes and `implements` edges → `COMMIT`. A reader never sees half a run;
//! a killed run leaves the previous map.

use crate::extract::{Extractor, QueryError, Worker};
use crate::id::{segment_name, NodeId};
use crate::lang::Lang;
use crate::model::{
    EdgeKind, FactRole, FileExtract, Import, Kind, Pos, Resolution, TypeFact, ANY_EXPORT,
};
use crate::resolve::{
    self, FileCtx, Layout, Manifest, MemIndex, MethodSet, Outcome, Ref, SymbolIndex,
};
use crate::spill::{Record, Spill};
use crate::store::{
    self, unix_now, Db, EdgeRow, FileRow, MapTypes, SetRow, SqlError, SqlResult, StoreError,
    StoredRef, TypeRow,
};
use crate::walk::{self, parent_dir, WalkError, WalkOptions, WalkedFile};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// At most this many files to extract are read, extracted and written on the run's own
/// thread (see `run_in_tx`); more go to rayon's workers and a writer thread.
const FEW: usize = 4;

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

/// What a worker made of one candidate file.
enum Work<'a> {
    Skip(&'a WalkedFile, String, Option<String>),
    Touch(&'a WalkedFile, i64),
    Extract(&'a WalkedFile, String, FileExtract, i64),
}

/// A file's references waiting for resolution: kept in memory on an incremental run, parked
/// in the run's [`Spill`] on a cold one.
type Job = Record;

struct Edge {
    file_id: i64,
    source: i64,
    target: Option<Target>,
    target_name: String,
    kind: EdgeKind,
    pos: Option<Pos>,
    resolution: Resolution,
    hint: Option<String>,
}

/// An edge's target: a node the resolver's index knew the number of, or one the writer
/// numbers (`ext:` and package nodes, and every target of an incremental run).
enum Target {
    Number(i64),
    Named(String),
}

/// Numbers node IDs for the writer, remembering the ones it has seen this run.
#[derive(Default)]
struct Numbering {
    seen: HashMap<String, i64>,
}

impl Numbering {
    fn number(&mut self, db: &Db, t: &Target) -> SqlResult<i64> {
        match t {
            Target::Number(n) => Ok(*n),
            Target::Named(id) => {
                if let Some(&n) = self.seen.get(id) {
                    return Ok(n);
                }
                let n = db.node_number(id)?;
                self.seen.insert(id.clone(), n);
                Ok(n)
            }
        }
    }
}

#[derive(Default)]
struct Written {
    /// Incremental runs: the extracted files' references.
    jobs: Vec<Job>,
    /// Cold runs: the extracted files' references, parked on disk.
    cold: Option<Spill>,
    /// Names whose set of definitions changed (added or removed somewhere).
    names: HashSet<String>,
    changed_ids: HashSet<i64>,
    /// Nodes whose symbols went; forgotten at the end if nothing names them any more.
    gone: Vec<i64>,
    /// Files whose stated types changed (or went): references elsewhere may read them.
    facts_changed: HashMap<String, TypedChange>,
    /// Files that hand on other names than before (their imports or export list changed).
    handed: HashMap<String, Handed>,
    package_dirs: HashSet<String>,
    symbols: usize,
    /// Cold runs: the facts written, and the bytes of the symbols' and facts' strings (what
    /// the in-memory index reserves).
    facts: usize,
    text: usize,
    /// What method-set `implements` must recompute.
    shapes: Shapes,
    extracted: usize,
    touched: usize,
    skipped: usize,
    parse_errors: usize,
}

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

/// The workspace's source files and the map's rows for them: from the changed files alone
/// when [`IndexOptions::changed`] allows it (see [`known_files`]), else from a walk.
fn survey(
    opts: &IndexOptions,
    conn: &Db,
) -> Result<(walk::Walked, HashMap<String, FileRow>), IndexError> {
    let load = |conn: &Db| -> Result<HashMap<String, FileRow>, IndexError> {
        let t = Instant::now();
        let old: HashMap<String, FileRow> = conn.load_files()?.into_iter().collect();
        tracing::info!(elapsed = ?t.elapsed(), files = old.len(), "loaded files table");
        Ok(old)
    };
    // Before the map's rows are read: taking generated code in flags it.
    let include = include_generated(opts, conn)?;
    // A run told what changed reads the map first: it may need no walk.
    let known = match &opts.changed {
        Some(changed) => {
            let old = load(conn)?;
            let markers = conn
                .get_meta("manifests")?
                .and_then(|m| walk::Markers::decode(&m));
            if let Some(mut walked) =
                markers.and_then(|m| known_files(&opts.root, &old, changed, m))
            {
                mark_generated(opts, include, &mut walked);
                return Ok((walked, old));
            }
            Some(old)
        }
        None => None,
    };
    let walked = walk::walk(
        &opts.root,
        &WalkOptions {
            exclude: opts.exclude.clone(),
        },
    )?;
    // What a later run from changed files alone reads instead of walking.
    let manifests = walked.markers.encode();
    if conn.get_meta("manifests")?.as_deref() != Some(manifests.as_str()) {
        conn.set_meta("manifests", &manifests)?;
    }
    let old = match known {
        Some(old) => old,
        None => load(conn)?,
    };
    let mut walked = walked;
    mark_generated(opts, include, &mut walked);
    Ok((walked, old))
}

/// Whether generated code goes into the map: as this run says (remembered in `meta`; taken
/// in now, the files left out are flagged for this run), else as the map was told.
fn include_generated(opts: &IndexOptions, conn: &Db) -> Result<bool, IndexError> {
    Ok(match opts.include_generated {
        Some(b) => {
            let v = if b { "1" } else { "0" };
            if conn
                .get_meta("include_generated")?
                .as_deref()
                .unwrap_or("0")
                != v
            {
                conn.set_meta("include_generated", v)?;
                // Taken in now: the files left out as generated are read this run.
                conn.flag_generated_stale()?;
            }
            b
        }
        None => conn.get_meta("include_generated")?.as_deref() == Some("1"),
    })
}

/// Generated files (see [`crate::generated`]) marked skipped with their reason, unless
/// `include`.
fn mark_generated(opts: &IndexOptions, include: bool, walked: &mut walk::Walked) {
    if include {
        return;
    }
    let read = |dir: &str, name: &str| {
        let p = if dir.is_empty() {
            opts.root.join(name)
        } else {
            opts.root.join(dir).join(name)
        };
        std::fs::read_to_string(p).ok()
    };
    let files: Vec<(&str, Lang)> = walked
        .files
        .iter()
        .map(|f| (f.rel.as_str(), f.lang))
        .collect();
    let reasons = crate::generated::classify(&files, &walked.markers.manifests, &read);
    for (f, r) in walked.files.iter_mut().zip(reasons) {
        if f.skip.is_none() {
            f.skip = r;
        }
    }
}

/// The workspace as the map knows it, with only `changed` looked at on disk: each is
/// stat-ed (a new stamp makes the run read it) or, when gone, left out (the run deletes it).
/// `None` when that is not enough and a walk must decide: a changed path the map does not
/// hold (a new file: only a walk applies the ignore rules to it; a manifest, which the map
/// lists only in `meta`) or one that is not a plain file now.
fn known_files(
    root: &Path,
    old: &HashMap<String, FileRow>,
    changed: &[String],
    markers: walk::Markers,
) -> Option<walk::Walked> {
    let mut fresh: HashMap<&str, Option<(u64, i64)>> = HashMap::new();
    for rel in changed {
        old.get(rel.as_str())?;
        let stamp = match std::fs::symlink_metadata(root.join(rel)) {
            Ok(m) if m.file_type().is_file() => Some((m.len(), walk::mtime_ns(&m))),
            Ok(_) => return None,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(_) => return None,
        };
        fresh.insert(rel.as_str(), stamp);
    }
    let mut files = Vec::with_capacity(old.len());
    for (rel, row) in old {
        let lang = Lang::from_prefix(&row.lang)?;
        let (size, mtime_ns) = match fresh.get(rel.as_str()) {
            Some(None) => continue,
            Some(Some(stamp)) => *stamp,
            None => (row.size as u64, row.mtime_ns),
        };
        files.push(WalkedFile {
            rel: rel.clone(),
            abs: root.join(rel),
            lang,
            size,
            mtime_ns,
            skip: None,
        });
    }
    files.sort_by(|a, b| a.rel.cmp(&b.rel));
    Some(walk::Walked {
        files,
        markers,
        warnings: Vec::new(),
    })
}

fn in_scope(scope: &Option<String>, rel: &str) -> bool {
    match scope.as_deref().map(|s| s.trim_matches('/')) {
        None | Some("") => true,
        Some(s) => rel == s || rel.starts_with(&format!("{s}/")),
    }
}

fn run_in_tx(
    opts: &IndexOptions,
    progress: &dyn Progress,
    extractor: &Extractor,
    conn: &mut Db,
    walked: &walk::Walked,
    old: HashMap<String, FileRow>,
    stats: &mut IndexStats,
) -> Result<(), IndexError> {
    let cold = old.is_empty();
    stats.mode = if cold { "cold" } else { "incremental" };
    let mut spilled = None;
    if cold {
        // A bulk load is faster without secondary indexes; they are built once at the end,
        // and so are the names' parts.
        conn.drop_secondary_indexes()?;
        conn.defer_name_parts();
        conn.cache_all_names()?;
        let db = opts.db_path();
        store::remove_stale_builds(&db);
        spilled = Some(Spill::create(&db)?);
    }
    let files: Vec<&WalkedFile> = walked
        .files
        .iter()
        .filter(|f| in_scope(&opts.scope, &f.rel))
        .collect();
    stats.files = files.len();
    let present: HashSet<&str> = walked.files.iter().map(|f| f.rel.as_str()).collect();

    let mut todo: Vec<&WalkedFile> = Vec::new();
    for f in &files {
        match old.get(&f.rel) {
            Some(r)
                // A file skipped by the walk (a symlink out, generated code) and skipped
                // when last seen is unchanged too.
                if (f.skip.is_none() || r.skipped)
                    && !r.stale
                    && r.size == f.size as i64
                    && r.mtime_ns == f.mtime_ns
                    && r.lang == f.lang.prefix() => {}
            _ => todo.push(f),
        }
    }
    stats.scanned = todo.len();

    // Deleted files leave the map first.
    let mut names: HashSet<String> = HashSet::new();
    let mut shapes = Shapes::default();
    // Package directories whose files were added, changed or removed (their node follows).
    let mut package_dirs: HashSet<String> = HashSet::new();
    // Deleted files' stated types go with them.
    let mut deleted_paths: HashMap<String, TypedChange> = HashMap::new();
    // And the names they handed on.
    let mut deleted_handed: HashMap<String, Handed> = HashMap::new();
    let mut gone: Vec<i64> = Vec::new();
    for (path, row) in &old {
        if present.contains(path.as_str()) || !in_scope(&opts.scope, path) {
            continue;
        }
        let was = Before::read(conn, row.id)?;
        names.extend(was.names());
        names.insert(module_leaf(path));
        let lang = Lang::from_prefix(&row.lang);
        let spec = lang.map(Lang::spec);
        if let Some(lang) = lang.filter(|l| l.spec().implements_by_method_set) {
            shapes.changed(lang, path, &was.shape(), &BTreeSet::new());
        }
        if spec.is_some_and(|s| s.package_nodes) {
            package_dirs.insert(parent_dir(path).to_string());
        }
        if let Some(c) = was.gone() {
            deleted_paths.insert(path.clone(), c);
        }
        if let Some(lang) = lang {
            if let Some(h) = Handed::between(lang, &was.imports, &was.facts, &[], &[]) {
                names.extend(h.names.iter().cloned());
                deleted_handed.insert(path.clone(), h);
            }
        }
        gone.extend(conn.clear_file(row.id)?);
        conn.delete_file(row.id)?;
        stats.deleted += 1;
    }

    // The stored content hash of each file whose stamp changed (one extracted when last
    // seen): a file whose bytes are the same is only touched.
    let mut hashes: HashMap<&str, String> = HashMap::new();
    for f in &todo {
        if let Some(r) = old.get(&f.rel).filter(|r| !r.skipped) {
            if let Some(h) = conn.file_hash(r.id)? {
                hashes.insert(&f.rel, h);
            }
        }
    }
    let old_hash = |f: &WalkedFile| hashes.get(f.rel.as_str()).map(String::as_str);

    // Extraction on all cores and one writer thread (an edit's few files: on this thread).
    let t = Instant::now();
    progress.start(todo.len() as u64);
    // A few files in flight per worker keep the writer fed; more only hold memory.
    let (tx, rx) = crossbeam_channel::bounded::<Work<'_>>(32);
    let mut written = if todo.len() <= FEW {
        // A few files (an edit): read and extracted here, then written, with no thread or
        // pool started for them.
        let mut worker = Worker::new();
        for f in &todo {
            let work = process(extractor, &mut worker, f, old_hash(f), opts.max_file_size);
            progress.inc(1);
            let _ = tx.send(work);
        }
        drop(tx);
        write_files(conn, &old, rx, spilled)?
    } else {
        std::thread::scope(|s| -> Result<Written, IndexError> {
            let conn_ref: &mut Db = conn;
            let old_ref = &old;
            let writer = s.spawn(move || write_files(conn_ref, old_ref, rx, spilled));
            todo.par_iter().for_each_init(
                || (Worker::new(), tx.clone()),
                |(worker, tx), f| {
                    let work = process(extractor, worker, f, old_hash(f), opts.max_file_size);
                    progress.inc(1);
                    // The writer only hangs up on an error, which it reports itself.
                    let _ = tx.send(work);
                },
            );
            drop(tx);
            writer
                .join()
                .unwrap_or_else(|_| Err(IndexError::Sql(SqlError::InvalidQuery)))
        })?
    };
    progress.finish();
    tracing::info!(elapsed = ?t.elapsed(), rss = rss(), "extracted and wrote files");
    let t = Instant::now();
    names.extend(written.names.iter().cloned());
    gone.extend(written.gone.iter().copied());
    package_dirs.extend(written.package_dirs.iter().cloned());
    if written.extracted == 0 && written.changed_ids.is_empty() && stats.deleted == 0 {
        // Nothing changed: the edges, packages and method sets are as they were. A run that
        // changed nothing writes nothing, so readers' caches (the name index, keyed on the
        // map's data version) stay warm while the watcher checks.
        stats.touched = written.touched;
        if written.touched > 0 {
            conn.set_meta("last_run", &unix_now().to_string())?;
        }
        return Ok(());
    }
    shapes.merge(std::mem::take(&mut written.shapes));
    stats.extracted = written.extracted;
    stats.touched = written.touched;
    stats.skipped = written.skipped;
    stats.parse_errors = written.parse_errors;

    // The workspace's shape, for resolution.
    let ws = workspace(conn, &opts.root, walked)?;
    tracing::info!(elapsed = ?t.elapsed(), "workspace shape");
    let t = Instant::now();

    if let Some(mut spill) = written.cold.take() {
        // The symbol index is read back from what the writer stored, now that no file's tree
        // is held: built beside the extraction, it was most of that phase's memory.
        let mut idx = MemIndex::with_capacity(
            written.extracted,
            written.symbols,
            written.facts,
            written.text,
        );
        // Read on this thread, indexed on another: the two halves took about as long (1.1 s
        // together on 6.5 M lines of Go).
        let (files_tx, files_rx) = crossbeam_channel::bounded::<store::StoredFile>(16);
        std::thread::scope(|s| -> SqlResult<()> {
            let idx = &mut idx;
            let builder = s.spawn(move || {
                for f in files_rx {
                    idx.add_file(
                        f.lang,
                        &f.path,
                        &f.symbols,
                        &f.facts,
                        &f.imports,
                        f.file_number,
                        &f.numbers,
                    );
                }
            });
            let read = conn.for_each_stored_file(|f| {
                let _ = files_tx.send(f);
            });
            drop(files_tx);
            // The builder only adds what it is sent; it cannot fail but by panicking.
            if builder.join().is_err() {
                return Err(SqlError::InvalidQuery);
            }
            read
        })?;
        idx.finish();
        spill.seal()?;
        tracing::info!(elapsed = ?t.elapsed(), rss = rss(), "in-memory index built");
        let failed: std::sync::Mutex<Option<std::io::Error>> = std::sync::Mutex::new(None);
        // Resolve on all cores while one writer inserts.
        let (tx, rx) = crossbeam_channel::bounded::<Vec<Edge>>(64);
        std::thread::scope(|s| -> SqlResult<()> {
            let conn_ref: &mut Db = &mut *conn;
            let writer = s.spawn(move || -> SqlResult<()> {
                let mut numbering = Numbering::default();
                let mut busy = std::time::Duration::ZERO;
                for batch in rx {
                    let t = Instant::now();
                    insert_edges(conn_ref, &mut numbering, batch.iter())?;
                    busy += t.elapsed();
                }
                tracing::info!(?busy, "edge writer busy");
                Ok(())
            });
            let edges_written = std::sync::atomic::AtomicUsize::new(0);
            (0..spill.len()).into_par_iter().for_each_init(
                || (tx.clone(), resolve::Cache::default()),
                |(tx, cache), i| {
                    let job = match spill.get(i) {
                        Ok(job) => job,
                        Err(e) => {
                            if let Ok(mut f) = failed.lock() {
                                f.get_or_insert(e);
                            }
                            return;
                        }
                    };
                    let edges = resolve_job(&job, &ws, &idx, cache);
                    edges_written.fetch_add(edges.len(), std::sync::atomic::Ordering::Relaxed);
                    let _ = tx.send(edges);
                },
            );
            stats.edges_written = edges_written.into_inner();
            drop(tx);
            writer.join().unwrap_or(Err(SqlError::InvalidQuery))
        })?;
        if let Some(e) = failed.into_inner().ok().flatten() {
            return Err(e.into());
        }
        drop((idx, spill));
        tracing::info!(elapsed = ?t.elapsed(), rss = rss(), "resolved and inserted edges");
        let t = Instant::now();
        conn.build_name_parts()?;
        tracing::info!(elapsed = ?t.elapsed(), rss = rss(), "names' parts");
    } else {
        let idx = conn.symbol_index();
        let mut cache = resolve::Cache::default();
        let resolved: Vec<Vec<Edge>> = written
            .jobs
            .iter()
            .map(|job| resolve_job(job, &ws, &idx, &mut cache))
            .collect();
        stats.edges_written = resolved.iter().map(Vec::len).sum();
        // Each file's edges over the ones it had: an edit rewrites only the edges it changed.
        let mut numbering = Numbering::default();
        for (job, edges) in written.jobs.iter().zip(&resolved) {
            let rows = edges
                .iter()
                .map(|e| edge_row(conn, &mut numbering, e))
                .collect::<SqlResult<Vec<_>>>()?;
            let by_method_set = job.lang.spec().implements_by_method_set;
            let embeds = conn.replace_edges(job.file_id, by_method_set, &rows)?;
            if by_method_set {
                shapes.embeds.extend(embeds);
            }
        }
        tracing::info!(elapsed = ?t.elapsed(), "resolved changed files");
        // References elsewhere that read types these files stated, found through their
        // imports before re-resolution by name moves those imports elsewhere.
        let mut typed: HashMap<String, TypedChange> = std::mem::take(&mut written.facts_changed);
        typed.extend(deleted_paths.drain());
        let mut change = TypedChange::default();
        let mut deps = HashSet::new();
        if !typed.is_empty() {
            let paths: HashSet<String> = typed.keys().cloned().collect();
            for c in typed.into_values() {
                change.merge(c);
            }
            // The changed files' own facts that name a changed type changed in meaning too
            // (`NewClient` returns `*Client`, and `Client` was renamed).
            for job in &written.jobs {
                if let Some(c) = reading(&job.facts, &change.names) {
                    change.merge(c);
                }
            }
            // A reference elsewhere reads a changed name only by spelling it, in its target
            // or in its first name's type, which comes from a value the same file spells (a
            // type that came is read through chains that do not spell it: `types`). When no
            // reference spells any of them (a function or method added), the walk is not
            // needed: on Go's standard library it read the typed references of net/url's 81
            // importers for a function added to url.go (20-30 ms; the check, two index
            // lookups a name).
            let spelled: Vec<&str> = change.names.iter().map(String::as_str).collect();
            if change.bases || change.types || conn.names_mention_any(&spelled)? {
                deps = dependents(conn, &paths)?;
            }
        }
        let mut embeds = HashSet::new();
        stats.reresolved = reresolve(conn, &ws, &names, &written.changed_ids, &mut embeds)?;
        stats.reresolved +=
            reresolve_outwards(conn, &ws, deps, change, &written.changed_ids, &mut embeds)?;
        let mut handed = std::mem::take(&mut written.handed);
        handed.extend(deleted_handed.drain());
        stats.reresolved += reresolve_handed(conn, &ws, handed, &written.changed_ids, &mut embeds)?;
        for source in embeds {
            shapes.embeds.extend(conn.number_of(&source)?);
        }
        stats.edges_written += stats.reresolved;
        tracing::info!(elapsed = ?t.elapsed(), names = names.len(), n = stats.reresolved, "re-resolved");
    }

    let t = Instant::now();
    if cold {
        sync_packages(conn, &ws, None)?;
    } else {
        gone.extend(sync_packages(conn, &ws, Some(&package_dirs))?);
    }
    if cold {
        compute_implements(conn)?;
    } else if !shapes.is_empty() {
        update_implements(conn, &shapes, &gone, &written.changed_ids)?;
    }
    tracing::info!(elapsed = ?t.elapsed(), rss = rss(), "packages and implements");
    let mut cold_hubs = None;
    if cold {
        // After every edge is in (`implements`' too): indexes built once over all the rows
        // are packed; edges inserted into built ones split their pages. The hub scores are
        // ranked on another thread meanwhile, from the same edges (SQLite builds one index
        // at a time, on one core).
        let t = Instant::now();
        let graph = hub_graph(conn)?;
        let (scores, built) = std::thread::scope(|s| {
            let scores = s.spawn(|| hub_scores(&graph));
            let built = conn.create_secondary_indexes();
            (scores.join(), built)
        });
        built?;
        cold_hubs = Some(scores.map_err(|_| SqlError::InvalidQuery)?);
        tracing::info!(elapsed = ?t.elapsed(), rss = rss(), "created indexes");
    }
    if !gone.is_empty() {
        conn.forget_nodes(&gone)?;
    }
    conn.forget_names()?;
    // Hub scores: on a cold run, and when a run re-extracts many files (small runs leave
    // them a little behind: they only rank ties).
    let many = written.extracted + stats.deleted > 50;
    let t = Instant::now();
    let scores = match cold_hubs {
        Some(scores) => Some(scores),
        None if many || !conn.has_hubs()? => Some(hub_scores(&hub_graph(conn)?)),
        None => None,
    };
    if let Some(scores) = scores {
        conn.replace_hubs(scores.into_iter())?;
        tracing::info!(elapsed = ?t.elapsed(), "hub scores");
    }

    let now = unix_now();
    conn.set_meta("schema_version", &store::SCHEMA_VERSION.to_string())?;
    conn.set_meta("tool_version", store::TOOL_VERSION)?;
    conn.set_meta("rules", &crate::lang::rules_fingerprint())?;
    conn.set_meta("root", &opts.root.to_string_lossy())?;
    conn.set_meta("last_run", &now.to_string())?;
    stats.symbols_written = written.symbols;
    if cold {
        stats.symbols = Some(conn.count_symbols()?);
        stats.edges = Some(conn.count_edges()?);
    }
    Ok(())
}

/// Resident memory now and at peak, for the phase logs (Linux; empty elsewhere).
fn rss() -> String {
    std::fs::read_to_string("/proc/self/status")
        .map(|s| {
            s.lines()
                .filter(|l| l.starts_with("VmRSS") || l.starts_with("VmHWM"))
                .map(|l| l.split_whitespace().take(2).collect::<Vec<_>>().join(" "))
                .collect::<Vec<_>>()
                .join(", ")
        })
        .unwrap_or_default()
}

/// The name a module or package is imported by: `a/b.py` → `b`, `a/__init__.py` → `a`,
/// `net/http/server.go` → `http`.
fn module_leaf(path: &str) -> String {
    let m = Lang::module_path(path);
    m.rsplit('/').next().unwrap_or(m).to_string()
}

fn process<'a>(
    extractor: &Extractor,
    worker: &mut Worker,
    f: &'a WalkedFile,
    old_hash: Option<&str>,
    max_size: u64,
) -> Work<'a> {
    if let Some(reason) = &f.skip {
        return Work::Skip(f, reason.clone(), None);
    }
    if f.size > max_size {
        return Work::Skip(
            f,
            format!("too large: {} bytes (limit {max_size})", f.size),
            None,
        );
    }
    let bytes = match std::fs::read(&f.abs) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Work::Skip(f, "deleted while indexing".into(), None)
        }
        Err(e) => return Work::Skip(f, format!("unreadable: {e}"), None),
    };
    if bytes.len() as u64 > max_size {
        return Work::Skip(
            f,
            format!("too large: {} bytes (limit {max_size})", bytes.len()),
            None,
        );
    }
    let hash = blake3::hash(&bytes).to_hex().to_string();
    if bytes.contains(&0) {
        return Work::Skip(f, "binary: contains NUL bytes".into(), Some(hash));
    }
    if old_hash == Some(hash.as_str()) {
        return Work::Touch(f, bytes.len() as i64);
    }
    let lines = bytes.iter().filter(|&&b| b == b'\n').count() as i64 + 1;
    Work::Extract(
        f,
        hash,
        extractor.extract(worker, f.lang, &f.rel, &bytes),
        lines,
    )
}

/// What method-set `implements` depends on in a file: its types and methods (qualname, kind,
/// parameter count). Embeddings are edges: [`Db::replace_edges`] and re-resolution report
/// those that changed.
type Shape = BTreeSet<(String, &'static str, Option<u32>)>;

/// The shape of (qualname, kind, parameter count) symbols: a file's, extracted or stored.
fn shape_of<'a>(symbols: impl Iterator<Item = (&'a str, Kind, Option<u32>)>) -> Shape {
    symbols
        .filter(|(_, kind, _)| kind.is_type_like() || *kind == Kind::Method)
        .map(|(q, kind, p)| (q.to_string(), kind.as_str(), p))
        .collect()
}

fn shape_new(ex: &FileExtract) -> Shape {
    shape_of(
        ex.symbols
            .iter()
            .map(|s| (s.qualname.as_str(), s.kind, s.params)),
    )
}

/// What an incremental run changed that method sets read: types named in a directory (a
/// type, or a method with it as receiver, came, went or changed), and the nodes whose
/// embeddings changed.
#[derive(Default)]
struct Shapes {
    types: HashSet<(Lang, String, String)>,
    embeds: HashSet<i64>,
}

impl Shapes {
    /// A file's shape went from `old` to `new`: the types its differences name.
    fn changed(&mut self, lang: Lang, path: &str, old: &Shape, new: &Shape) {
        let dir = parent_dir(path);
        for (qualname, _, _) in old.symmetric_difference(new) {
            let ty = qualname.split('.').next().unwrap_or(qualname);
            self.types.insert((lang, dir.to_string(), ty.to_string()));
        }
    }

    fn merge(&mut self, other: Shapes) {
        self.types.extend(other.types);
        self.embeds.extend(other.embeds);
    }

    fn is_empty(&self) -> bool {
        self.types.is_empty() && self.embeds.is_empty()
    }
}

fn write_files(
    conn: &mut Db,
    old: &HashMap<String, FileRow>,
    rx: crossbeam_channel::Receiver<Work<'_>>,
    cold: Option<Spill>,
) -> Result<Written, IndexError> {
    let mut w = Written {
        cold,
        ..Written::default()
    };
    let cold = w.cold.is_some();
    let mut busy = std::time::Duration::ZERO;
    for work in rx {
        let t = Instant::now();
        match work {
            Work::Touch(f, size) => {
                conn.touch_file(&f.rel, size, f.mtime_ns)?;
                w.touched += 1;
            }
            Work::Skip(f, reason, hash) => {
                let prev = old.get(&f.rel);
                if let Some(p) = prev {
                    let was = Before::read(conn, p.id)?;
                    w.names.extend(was.names());
                    if let Some(c) = was.gone() {
                        w.facts_changed.insert(f.rel.clone(), c);
                    }
                    if f.lang.spec().implements_by_method_set {
                        w.shapes
                            .changed(f.lang, &f.rel, &was.shape(), &BTreeSet::new());
                    }
                    w.gone.extend(conn.clear_file(p.id)?);
                } else {
                    w.names.insert(module_leaf(&f.rel));
                }
                let id = conn.upsert_file(
                    f,
                    f.size as i64,
                    hash.as_deref(),
                    Some(&reason),
                    false,
                    None,
                )?;
                w.changed_ids.insert(id);
                if f.lang.spec().package_nodes {
                    w.package_dirs.insert(parent_dir(&f.rel).to_string());
                }
                conn.insert_file_node(id, f, cold)?;
                w.skipped += 1;
            }
            Work::Extract(f, hash, ex, lines) => {
                let prev = old.get(&f.rel);
                // A file the map had is written over in place (only the rows that changed are
                // written); a cold run's files are all new (`old` is empty).
                let was = match prev {
                    Some(p) if !cold => Some(Before::read(conn, p.id)?),
                    _ => None,
                };
                let mut old_quals: HashSet<(String, String)> = HashSet::new();
                if let Some(was) = &was {
                    old_quals = was
                        .symbols
                        .iter()
                        .map(|s| (s.name.clone(), s.qualname.clone()))
                        .collect();
                    if f.lang.spec().implements_by_method_set {
                        w.shapes
                            .changed(f.lang, &f.rel, &was.shape(), &shape_new(&ex));
                    }
                    if let Some(c) = with_types(
                        typed_change(&was.facts, &ex.facts),
                        &was.types(),
                        &types_of(&ex),
                    ) {
                        w.facts_changed.insert(f.rel.clone(), c);
                    }
                    if let Some(h) =
                        Handed::between(f.lang, &was.imports, &was.facts, &ex.imports, &ex.facts)
                    {
                        w.handed.insert(f.rel.clone(), h);
                    }
                } else {
                    w.names.insert(module_leaf(&f.rel));
                    // A new module's names: nothing imports it yet, but references elsewhere
                    // may name them through a module now found.
                    if !cold {
                        if let Some(h) = Handed::between(f.lang, &[], &[], &ex.imports, &ex.facts) {
                            w.names.extend(h.names);
                        }
                    }
                    if !cold && f.lang.spec().implements_by_method_set {
                        w.shapes
                            .changed(f.lang, &f.rel, &BTreeSet::new(), &shape_new(&ex));
                    }
                    if !cold {
                        if let Some(c) = with_types(None, &BTreeSet::new(), &types_of(&ex)) {
                            w.facts_changed.insert(f.rel.clone(), c);
                        }
                    }
                }
                // Names whose definitions changed: what edges elsewhere re-resolve by. A cold
                // run has no edges elsewhere (and would hold every name).
                if !cold {
                    let new_quals: HashSet<(String, String)> = ex
                        .symbols
                        .iter()
                        .map(|s| (s.name.clone(), s.qualname.clone()))
                        .collect();
                    for (name, _) in old_quals.symmetric_difference(&new_quals) {
                        w.names.insert(name.clone());
                    }
                    // A changed build line changes which of a package's definitions its
                    // references mean: every name the file defines is re-resolved.
                    let line = |fs: &[TypeFact]| {
                        fs.iter()
                            .find(|f| f.role == FactRole::Build)
                            .map(|f| f.ty.clone())
                    };
                    if was.as_ref().map(|w| line(&w.facts)).unwrap_or_default() != line(&ex.facts) {
                        w.names
                            .extend(old_quals.into_iter().chain(new_quals).map(|(n, _)| n));
                    }
                }
                let size = f.size as i64;
                let id = conn.upsert_file(
                    f,
                    size,
                    Some(&hash),
                    None,
                    ex.parse_error,
                    ex.package.as_deref(),
                )?;
                w.changed_ids.insert(id);
                if f.lang.spec().package_nodes {
                    w.package_dirs.insert(parent_dir(&f.rel).to_string());
                }
                w.parse_errors += usize::from(ex.parse_error);
                w.symbols += ex.symbols.len();
                let (file_number, numbers, gone) =
                    conn.write_symbols(id, f, &ex, lines, was.is_some(), cold)?;
                w.gone.extend(gone);
                match &was {
                    Some(was) => {
                        conn.rewrite_facts(id, &was.facts, &ex.facts)?;
                        conn.rewrite_imports(id, &ex.imports)?;
                    }
                    None => {
                        conn.insert_facts(id, &ex.facts)?;
                        conn.insert_imports(id, &ex.imports)?;
                    }
                }
                w.extracted += 1;
                let job = Job {
                    file_id: id,
                    path: f.rel.clone(),
                    lang: f.lang,
                    syms: ex
                        .symbols
                        .into_iter()
                        .map(|s| (s.qualname.into_boxed_str(), s.kind))
                        .collect(),
                    file_number,
                    numbers,
                    refs: ex.refs,
                    imports: ex.imports,
                    facts: ex.facts,
                };
                match &mut w.cold {
                    Some(spill) => {
                        w.facts += job.facts.len();
                        w.text += job.syms.iter().map(|(q, _)| q.len()).sum::<usize>()
                            + job
                                .facts
                                .iter()
                                .map(|f| f.qualname.len() + f.ty.len())
                                .sum::<usize>();
                        spill.push(&job)?;
                    }
                    None => w.jobs.push(job),
                }
            }
        }
        busy += t.elapsed();
    }
    tracing::info!(?busy, "writer busy");
    Ok(w)
}

/// An edge as the map stores it: its target by number.
fn edge_row<'e>(db: &Db, numbering: &mut Numbering, e: &'e Edge) -> SqlResult<EdgeRow<'e>> {
    let target = match &e.target {
        Some(t) => Some(numbering.number(db, t)?),
        None => None,
    };
    Ok(EdgeRow {
        file_id: e.file_id,
        source: e.source,
        target,
        target_name: &e.target_name,
        kind: e.kind,
        pos: e.pos,
        resolution: e.resolution,
        hint: e.hint.as_deref(),
    })
}

fn insert_edges<'e>(
    conn: &Db,
    numbering: &mut Numbering,
    edges: impl Iterator<Item = &'e Edge>,
) -> SqlResult<()> {
    let rows = edges
        .map(|e| edge_row(conn, numbering, e))
        .collect::<SqlResult<Vec<_>>>()?;
    conn.insert_edges(&rows)
}

fn workspace(db: &Db, root: &std::path::Path, walked: &walk::Walked) -> SqlResult<Layout> {
    let mut packages: HashMap<String, Option<String>> = HashMap::new();
    for lang in package_langs() {
        packages.extend(db.package_dirs(lang)?);
    }
    // Each manifest's text, for the language resolvers to read (a go.mod's module path).
    let manifests: Vec<Manifest> = walked
        .markers
        .manifests
        .iter()
        .filter(|(_, name)| Lang::is_manifest(name))
        .filter_map(|(dir, name)| {
            let p = if dir.is_empty() {
                root.join(name)
            } else {
                root.join(dir).join(name)
            };
            std::fs::read_to_string(p).ok().map(|text| Manifest {
                dir: dir.clone(),
                name: name.clone(),
                text,
            })
        })
        .collect();
    Ok(Layout::new(
        // Generated code left out is no module to resolve to: an import of a package whose
        // package.json names its build output goes on to its sources (`src/index.ts`).
        walked
            .files
            .iter()
            .filter(|f| {
                f.skip
                    .as_deref()
                    .is_none_or(|r| !r.starts_with(crate::generated::REASON_PREFIX))
            })
            .map(|f| f.rel.clone()),
        packages,
        &manifests,
    ))
}

fn resolve_job(
    job: &Job,
    ws: &Layout,
    idx: &dyn SymbolIndex,
    cache: &mut resolve::Cache,
) -> Vec<Edge> {
    let ctx = FileCtx::new(job.lang, &job.path, &job.imports, ws);
    let target = |t: Option<String>| {
        t.map(|t| match idx.number(&t) {
            Some(n) => Target::Number(n),
            None => Target::Named(t),
        })
    };
    let mut out = Vec::with_capacity(job.refs.len() + job.imports.len());
    // An import with no module names the file's own export (`export default x`): no edge.
    // One edge per module a statement imports from: `import { a, b } from './m'` binds two
    // names, and a TypeScript import's edge is the module's, so they were one row twice.
    let mut seen: HashSet<(Option<String>, String, Pos)> = HashSet::new();
    for imp in job.imports.iter().filter(|i| !i.module.is_empty()) {
        let ie = ctx.import_edge(imp, ws);
        if !seen.insert((ie.target.clone(), ie.target_name.clone(), imp.pos)) {
            continue;
        }
        out.push(Edge {
            file_id: job.file_id,
            source: job.file_number,
            target: target(ie.target),
            target_name: ie.target_name,
            kind: EdgeKind::Imports,
            pos: Some(imp.pos),
            resolution: ie.resolution,
            hint: None,
        });
    }
    for r in &job.refs {
        let source_qual = r.source.map(|i| &*job.syms[i as usize].0);
        let outcome = resolve::resolve_ref(
            &ctx,
            ws,
            idx,
            &Ref {
                kind: r.kind,
                target: &r.target,
                hint: r.hint.as_deref(),
                source_qual,
            },
            cache,
        );
        let Outcome::Edge(target_id, resolution) = outcome else {
            continue;
        };
        out.push(Edge {
            file_id: job.file_id,
            source: r
                .source
                .and_then(|i| job.numbers.get(i as usize).copied())
                .unwrap_or(job.file_number),
            target: target(target_id),
            target_name: r.target.to_string(),
            kind: r.kind,
            pos: Some(r.pos),
            resolution,
            hint: r.hint.as_deref().map(str::to_string),
        });
    }
    out
}

/// Files whose references may read the types `files` state: those that import them (their
/// file or package node) and, for languages with packages, the rest of their package.
fn dependents(db: &Db, files: &HashSet<String>) -> SqlResult<HashSet<i64>> {
    let mut out = HashSet::new();
    for path in files {
        let Some(lang) = Lang::of_path(std::path::Path::new(path)) else {
            continue;
        };
        let dir = parent_dir(path);
        let mut nodes = vec![NodeId::file_id(lang, path)];
        if lang.spec().package_nodes {
            nodes.push(NodeId::package_id(lang, dir));
            out.extend(db.files_in_dir(dir, lang)?);
        }
        for n in nodes {
            out.extend(db.importers_of(&n)?);
        }
    }
    Ok(out)
}

/// What a file's symbols and stated types were before this run rewrote or removed it.
struct Before {
    symbols: Vec<store::FileSymbol>,
    facts: Vec<TypeFact>,
    imports: Vec<Import>,
}

impl Before {
    fn read(conn: &Db, file_id: i64) -> SqlResult<Before> {
        Ok(Before {
            symbols: conn.file_symbols(file_id)?,
            facts: conn.file_facts(file_id)?,
            imports: conn.file_imports(file_id)?,
        })
    }

    /// Its symbols' names: references elsewhere re-resolve by them.
    /// What method-set `implements` read of it ([`Shape`]).
    fn shape(&self) -> Shape {
        shape_of((self.symbols.iter()).map(|s| (s.qualname.as_str(), s.kind, s.params)))
    }

    fn names(&self) -> impl Iterator<Item = String> + '_ {
        self.symbols.iter().map(|s| s.name.clone())
    }

    /// The qualnames of its types (classes, structs, interfaces, named types).
    fn types(&self) -> BTreeSet<String> {
        self.symbols
            .iter()
            .filter(|s| s.kind.is_type_like())
            .map(|s| s.qualname.clone())
            .collect()
    }

    /// What its going (deleted, or now skipped) changes for the files that read its types.
    fn gone(&self) -> Option<TypedChange> {
        with_types(
            typed_change(&self.facts, &[]),
            &self.types(),
            &BTreeSet::new(),
        )
    }
}

/// Re-resolve the typed references of `deps` (files that import the changed files, or share
/// a Go package with them) that read `change`, then outwards: a file whose unchanged facts
/// name a changed type (a base, a field's or a result's type), or whose imports bind a
/// changed name or its owner, changed in meaning though not in text, so the files that read
/// it, and its own references, are re-resolved too. Each file is re-resolved only for what is
/// new to it ([`TypedChange::fresh`]), so the walk ends. Files of `changed` were resolved
/// whole already.
fn reresolve_outwards(
    conn: &Db,
    ws: &Layout,
    mut deps: HashSet<i64>,
    mut change: TypedChange,
    changed: &HashSet<i64>,
    embeds: &mut HashSet<String>,
) -> SqlResult<usize> {
    let mut done: HashMap<i64, TypedChange> = HashMap::new();
    // Each file's imports, read once for the walk (they do not change while it runs).
    let mut imports = Imports::default();
    let mut count = 0;
    while !deps.is_empty() {
        let todo: Vec<(i64, TypedChange)> = deps
            .iter()
            .filter(|id| !changed.contains(id))
            .filter_map(|&id| Some((id, change.fresh(done.entry(id).or_default())?)))
            .collect();
        count += reresolve_files(conn, ws, &todo, &mut imports, embeds)?;
        let mut next = TypedChange::default();
        let mut paths = HashSet::new();
        let mut passing = HashSet::new();
        for (id, fresh) in &todo {
            let mut passes = false;
            if let Some(c) = reading(&conn.file_facts(*id)?, &fresh.names) {
                next.merge(c);
                passes = true;
            }
            // A file that imports a changed name or its owner may hand it on (`pub use`,
            // `export … from`, a package's `__init__.py`): its importers read the change as
            // it is (`build_parallel()` of a re-exported builder).
            let bound = bound_names(imports.of(conn, *id)?, &fresh.names, &fresh.owners);
            if !bound.is_empty() {
                next.names.extend(fresh.names.iter().cloned());
                next.owners.extend(fresh.owners.iter().cloned());
                next.owners.extend(bound);
                passes = true;
            }
            if passes {
                passing.insert(*id);
                paths.extend(conn.file_path(*id)?);
            }
        }
        // Their importers (for Go, their package), and their own references that read what
        // their facts came to mean.
        deps = dependents(conn, &paths)?;
        deps.extend(passing);
        change = next;
    }
    Ok(count)
}

/// What changed in a file's stated types, as far as references elsewhere can tell: the
/// names whose types changed (a reference reads one only through a name on its path; a
/// type that came or went is among them), whether bases changed (those reach references
/// through any value of the class), and whether types came or went (a new one may give a
/// target to a reference that had none, through a chain of stated types the reference does
/// not spell: `tt.m.Encode` through `m`'s type). A chain through a type that went is found
/// by the facts that name it (see `reading`).
#[derive(Debug, Clone, Default)]
struct TypedChange {
    names: HashSet<String>,
    /// The changed qualnames' first segments: what an import that hands them on binds.
    owners: HashSet<String>,
    bases: bool,
    types: bool,
}

impl TypedChange {
    /// A change to `qualname`: references read it by its last segment, imports bind its
    /// first (a re-export of `WalkBuilder` hands on a change to `WalkBuilder.new`).
    fn add(&mut self, qualname: &str) {
        let seg = |s: Option<&str>| segment_name(s.unwrap_or(qualname)).to_string();
        self.names.insert(seg(qualname.rsplit('.').next()));
        self.owners.insert(seg(qualname.split('.').next()));
    }

    fn merge(&mut self, other: TypedChange) {
        self.names.extend(other.names);
        self.owners.extend(other.owners);
        self.bases |= other.bases;
        self.types |= other.types;
    }

    /// The part of this change a file was not re-resolved for yet (`done`: what it was),
    /// added to `done`; `None` when there is none.
    fn fresh(&self, done: &mut TypedChange) -> Option<TypedChange> {
        let fresh = TypedChange {
            names: self.names.difference(&done.names).cloned().collect(),
            owners: self.owners.clone(),
            bases: self.bases && !done.bases,
            types: self.types && !done.types,
        };
        if fresh.names.is_empty() && !fresh.bases && !fresh.types {
            return None;
        }
        done.names.extend(fresh.names.iter().cloned());
        done.bases |= fresh.bases;
        done.types |= fresh.types;
        Some(fresh)
    }
}

/// `c`, marked (or made) as a change to the file's set of types when types came or went
/// between `old` and `new` (qualnames); their names join the changed names.
fn with_types(
    c: Option<TypedChange>,
    old: &BTreeSet<String>,
    new: &BTreeSet<String>,
) -> Option<TypedChange> {
    if old == new {
        return c;
    }
    let mut c = c.unwrap_or_default();
    c.types = true;
    for q in old.symmetric_difference(new) {
        c.add(q);
    }
    Some(c)
}

/// The names a file's imports bind to one of `names` or `owners` (the name itself, and its
/// alias).
fn bound_names(
    imports: &[Import],
    names: &HashSet<String>,
    owners: &HashSet<String>,
) -> Vec<String> {
    let mut out = Vec::new();
    for imp in imports {
        let name = imp
            .member
            .as_deref()
            .unwrap_or_else(|| crate::model::leaf_of(&imp.module));
        if names.contains(name) || owners.contains(name) {
            out.push(name.to_string());
            out.extend(imp.alias.clone());
        }
    }
    out
}

/// What a file's unchanged facts now mean differently, when they name one of `names` (a
/// type that came, went or changed): their qualnames' names, and whether a base is among
/// them.
fn reading(facts: &[TypeFact], names: &HashSet<String>) -> Option<TypedChange> {
    let mut c = TypedChange::default();
    for f in facts
        .iter()
        .filter(|f| !matches!(f.role, FactRole::Exports | FactRole::Unread))
    {
        let named =
            f.ty.split(|ch: char| !(ch.is_alphanumeric() || ch == '_' || ch == '$'))
                .any(|w| names.contains(w));
        if named {
            c.add(&f.qualname);
            c.bases |= f.role == FactRole::Base;
        }
    }
    (c.bases || !c.names.is_empty()).then_some(c)
}

/// The qualnames of an extract's types (classes, structs, interfaces, named types).
fn types_of(ex: &FileExtract) -> BTreeSet<String> {
    ex.symbols
        .iter()
        .filter(|s| s.kind.is_type_like())
        .map(|s| s.qualname.clone())
        .collect()
}

/// The change from `old` to `new` facts. A name new to the file counts too: a reference
/// that reads it on the way (`req.Header.Set` when the field `Header` comes back) ends in
/// another name, so re-resolution by name does not reach it.
fn typed_change(old: &[TypeFact], new: &[TypeFact]) -> Option<TypedChange> {
    let group = |fs: &[TypeFact]| {
        let mut m: std::collections::BTreeMap<String, Vec<(FactRole, String)>> =
            std::collections::BTreeMap::new();
        // A build line is no type: what it changes is which definitions are chosen, below.
        // Nor is an export list (what it changes is followed by `Reexports`), nor a count of
        // macros not read.
        for f in fs.iter().filter(|f| {
            !matches!(
                f.role,
                FactRole::Build | FactRole::Exports | FactRole::Unread
            )
        }) {
            m.entry(f.qualname.clone())
                .or_default()
                .push((f.role, f.ty.clone()));
        }
        m
    };
    let (a, b) = (group(old), group(new));
    let mut c = TypedChange::default();
    for q in a.keys().chain(b.keys()) {
        let (x, y) = (a.get(q), b.get(q));
        if x == y {
            continue;
        }
        let base = |v: Option<&Vec<(FactRole, String)>>| {
            v.is_some_and(|v| v.iter().any(|(r, _)| *r == FactRole::Base))
        };
        c.bases |= base(x) || base(y);
        c.add(q);
    }
    (c.bases || !c.names.is_empty()).then_some(c)
}

/// Whether a stored reference's path (target or first name's type) goes through one of
/// `names`.
fn reads_any(target_name: &str, hint: Option<&str>, names: &HashSet<String>) -> bool {
    [Some(target_name), hint]
        .into_iter()
        .flatten()
        .flat_map(|t| t.split('.'))
        .any(|seg| names.contains(&seg[..seg.find(['(', '[']).unwrap_or(seg.len())]))
}

/// Re-resolve the typed references (`calls` and `uses` through a value or a stated type)
/// of these files that may read the changed types.
fn reresolve_files(
    db: &Db,
    ws: &Layout,
    files: &[(i64, TypedChange)],
    imports: &mut Imports,
    embeds: &mut HashSet<String>,
) -> SqlResult<usize> {
    let mut rows = Vec::new();
    for (id, change) in files {
        if change.bases {
            rows.extend(db.typed_refs_in_file(*id)?);
            continue;
        }
        // Most of a file's references read none of the names: only those that do are read
        // whole (building each one's source ID was most of the walk over net/url's importers).
        for r in db.typed_ref_names_in_file(*id)? {
            if (change.types && !r.resolved)
                || reads_any(&r.target_name, r.hint.as_deref(), &change.names)
            {
                rows.extend(db.stored_ref(r.id)?);
            }
        }
    }
    reresolve_rows(db, ws, &rows, imports, embeds)
}

fn reresolve(
    db: &Db,
    ws: &Layout,
    names: &HashSet<String>,
    changed: &HashSet<i64>,
    embeds: &mut HashSet<String>,
) -> SqlResult<usize> {
    if names.is_empty() {
        return Ok(0);
    }
    let mut rows = Vec::new();
    for name in names {
        for r in db.refs_with_leaf(name)? {
            if !changed.contains(&r.file_id) {
                rows.push(r);
            }
        }
    }
    reresolve_rows(db, ws, &rows, &mut Imports::default(), embeds)
}

/// Names a module hands on to its importers that changed in a run: a name an import of it
/// binds (Python: `from ._models import Response` in `__init__.py`) or its export list
/// (`__all__`) names came or went; `all` when what changed is a `*` import or a list the parse
/// could not read, so any name may have.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Handed {
    names: BTreeSet<String>,
    all: bool,
}

impl Handed {
    /// What a file hands on differently with `new` imports and facts than with `old`.
    fn between(
        lang: Lang,
        old_imports: &[Import],
        old_facts: &[TypeFact],
        new_imports: &[Import],
        new_facts: &[TypeFact],
    ) -> Option<Handed> {
        let set = |is: &[Import]| -> BTreeSet<(String, Option<String>, Option<String>, bool)> {
            is.iter()
                .filter(|i| resolve::hands_on(lang, i))
                .map(|i| {
                    (
                        i.module.clone(),
                        i.member.clone(),
                        i.alias.clone(),
                        i.reexport,
                    )
                })
                .collect()
        };
        let (a, b) = (set(old_imports), set(new_imports));
        let mut h = Handed::default();
        for (module, member, alias, reexport) in a.symmetric_difference(&b) {
            if member.as_deref() == Some("*") {
                h.all = true;
                continue;
            }
            let imp = Import {
                module: module.clone(),
                member: member.clone(),
                alias: alias.clone(),
                reexport: *reexport,
                pos: Pos::default(),
            };
            if let Some(n) = resolve::import_name(lang, &imp) {
                h.names.insert(n.name);
            }
        }
        let exports = |fs: &[TypeFact]| -> BTreeSet<String> {
            fs.iter()
                .filter(|f| f.role == FactRole::Exports)
                .map(|f| f.ty.clone())
                .collect()
        };
        let (x, y) = (exports(old_facts), exports(new_facts));
        if x != y {
            let unread = |s: &BTreeSet<String>| s.is_empty() || s.contains(ANY_EXPORT);
            if unread(&x) || unread(&y) {
                h.all = true;
            } else {
                h.names.extend(x.symmetric_difference(&y).cloned());
            }
        }
        (h.all || !h.names.is_empty()).then_some(h)
    }

    /// What an importer's `imports` of a module handing on `self` bind of it: the names its
    /// own references read the change by, and the ones it hands on in turn. `from m import *`
    /// passes the change as it is; `from m import x as y` binds `y` when `x` changed; `import
    /// m` keeps the names spelled (`m.x`), or, when any may have changed, the module's name.
    fn through(&self, lang: Lang, imports: &[&Import]) -> Handed {
        let mut out = Handed::default();
        for imp in imports {
            let bound = resolve::import_name(lang, imp).map(|n| n.name);
            match imp.member.as_deref() {
                Some("*") => {
                    out.all |= self.all;
                    out.names.extend(self.names.iter().cloned());
                }
                Some(m) if self.all || self.names.contains(m) => out.names.extend(bound),
                Some(_) => {}
                None if self.all => out.names.extend(bound),
                None => out.names.extend(self.names.iter().cloned()),
            }
        }
        out
    }

    /// The part of this a file was not re-resolved for yet (`done`), added to `done`.
    fn fresh(&self, done: &mut Handed) -> Option<Handed> {
        let fresh = Handed {
            all: self.all && !done.all,
            names: if done.all {
                BTreeSet::new()
            } else {
                self.names.difference(&done.names).cloned().collect()
            },
        };
        if !fresh.all && fresh.names.is_empty() {
            return None;
        }
        done.all |= fresh.all;
        done.names.extend(fresh.names.iter().cloned());
        Some(fresh)
    }
}

/// Re-resolve what reads the names modules hand on differently (`handed`, by path), outwards:
/// each importer's references that spell a name it binds of the change (all of them when any
/// name may have changed), then its importers for what it hands on in turn. Each file only
/// for what is new to it, so a cycle of imports ends. Files of `changed` were resolved whole
/// already, but hand the change on.
fn reresolve_handed(
    conn: &Db,
    ws: &Layout,
    handed: HashMap<String, Handed>,
    changed: &HashSet<i64>,
    embeds: &mut HashSet<String>,
) -> SqlResult<usize> {
    let mut done: HashMap<i64, Handed> = HashMap::new();
    let mut imports = Imports::default();
    let mut wave = handed;
    let mut count = 0;
    while !wave.is_empty() {
        let mut next: HashMap<String, Handed> = HashMap::new();
        let mut rows = Vec::new();
        for (path, h) in &wave {
            let Some(lang) = Lang::of_path(Path::new(path)) else {
                continue;
            };
            let node = NodeId::file_id(lang, path);
            for g in conn.importers_of(&node)? {
                let Some(g_path) = conn.file_path(g)? else {
                    continue;
                };
                let Some(g_lang) = Lang::of_path(Path::new(&g_path)) else {
                    continue;
                };
                let stored = imports.of(conn, g)?.to_vec();
                let ctx = FileCtx::new(g_lang, &g_path, &stored, ws);
                let from: Vec<&Import> = stored
                    .iter()
                    .filter(|i| ctx.import_edge(i, ws).target.as_deref() == Some(node.as_str()))
                    .collect();
                let passed = h.through(g_lang, &from);
                let Some(fresh) = passed.fresh(done.entry(g).or_default()) else {
                    continue;
                };
                if !changed.contains(&g) {
                    let names: HashSet<String> = fresh.names.iter().cloned().collect();
                    rows.extend(conn.refs_in_file(g)?.into_iter().filter(|r| {
                        fresh.all || reads_any(&r.target_name, r.hint.as_deref(), &names)
                    }));
                }
                if from.iter().any(|i| resolve::hands_on(g_lang, i)) {
                    let n = next.entry(g_path).or_default();
                    n.all |= fresh.all;
                    n.names.extend(fresh.names);
                }
            }
        }
        count += reresolve_rows(conn, ws, &rows, &mut imports, embeds)?;
        wave = next;
    }
    Ok(count)
}

/// Files' stored imports, each read once.
#[derive(Default)]
struct Imports(HashMap<i64, Vec<Import>>);

impl Imports {
    fn of(&mut self, db: &Db, file_id: i64) -> SqlResult<&[Import]> {
        Ok(match self.0.entry(file_id) {
            std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
            std::collections::hash_map::Entry::Vacant(e) => e.insert(db.file_imports(file_id)?),
        })
    }
}

/// Resolve stored edges again and write what they became; import edges are redone per file.
fn reresolve_rows(
    conn: &Db,
    ws: &Layout,
    rows: &[StoredRef],
    imports: &mut Imports,
    embeds: &mut HashSet<String>,
) -> SqlResult<usize> {
    let idx = conn.symbol_index();
    let mut numbering = Numbering::default();
    let mut cache = resolve::Cache::default();
    // Each file's bindings, made once (a file's imports bound anew for each of its
    // references were a fifth of a hub type's re-resolution).
    let mut ctxs: HashMap<i64, FileCtx> = HashMap::new();
    let mut import_files: BTreeSet<(i64, String, String)> = BTreeSet::new();
    let mut count = 0;
    for r in rows {
        let Some(lang) = Lang::from_prefix(&r.lang) else {
            continue;
        };
        if r.kind == EdgeKind::Imports {
            import_files.insert((r.file_id, r.path.clone(), r.lang.clone()));
            continue;
        }
        let kind = r.kind;
        if kind == EdgeKind::Extends && lang.spec().implements_by_method_set {
            // An embedding may change: the type's method set with it.
            embeds.insert(r.source.clone());
        }
        let ctx = match ctxs.entry(r.file_id) {
            std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
            std::collections::hash_map::Entry::Vacant(e) => e.insert(FileCtx::new(
                lang,
                &r.path,
                imports.of(conn, r.file_id)?,
                ws,
            )),
        };
        let source_qual = NodeId::parse(&r.source)
            .ok()
            .and_then(|n| n.qualname().map(str::to_string));
        let outcome = resolve::resolve_ref(
            ctx,
            ws,
            &idx,
            &Ref {
                kind,
                target: &r.target_name,
                hint: r.hint.as_deref(),
                source_qual: source_qual.as_deref(),
            },
            &mut cache,
        );
        match outcome {
            Outcome::Edge(target, res) => {
                let target = match target {
                    Some(t) => Some(numbering.number(conn, &Target::Named(t))?),
                    None => None,
                };
                // Most references re-resolved by a name resolve as they did: an update that
                // changes nothing still rewrites the row and its index entries.
                if (target, Some(res)) != (r.target, r.resolution) {
                    conn.retarget_edge(r.id, target, res)?;
                }
            }
            Outcome::Drop => {
                conn.delete_edge(r.id)?;
            }
        }
        count += 1;
    }
    // Import edges are redone per file, from its stored imports.
    for (file_id, path, lang) in import_files {
        let Some(lang) = Lang::from_prefix(&lang) else {
            continue;
        };
        let stored = imports.of(conn, file_id)?.to_vec();
        conn.delete_import_edges(file_id)?;
        let job = Job {
            file_id,
            file_number: conn.node_number(&NodeId::file_id(lang, &path))?,
            numbers: Vec::new(),
            path,
            lang,
            syms: Vec::new(),
            refs: Vec::new(),
            imports: stored,
            facts: Vec::new(),
        };
        let edges = resolve_job(&job, ws, &idx, &mut cache);
        count += edges.len();
        insert_edges(conn, &mut numbering, edges.iter())?;
    }
    Ok(count)
}

/// Languages whose directories are package nodes.
fn package_langs() -> impl Iterator<Item = Lang> {
    Lang::ALL.into_iter().filter(|l| l.spec().package_nodes)
}

/// One `package` node per package directory. The workspace keeps one namespace of package
/// directories, so one language has package nodes at a time (the registry has one).
fn sync_packages(conn: &Db, ws: &Layout, only: Option<&HashSet<String>>) -> SqlResult<Vec<i64>> {
    let mut gone = Vec::new();
    let Some(lang) = package_langs().next() else {
        return Ok(gone);
    };
    let dirs: Vec<String> = match only {
        Some(dirs) => dirs.iter().cloned().collect(),
        None => {
            conn.delete_packages()?;
            ws.package_dirs().map(str::to_string).collect()
        }
    };
    for d in dirs {
        let id = conn.node_number(&NodeId::package_id(lang, &d))?;
        conn.delete_symbol(id)?;
        if !ws.is_package_dir(&d) {
            gone.push(id);
            continue;
        }
        let name = ws
            .package_name(&d)
            .map(str::to_string)
            .unwrap_or_else(|| d.rsplit('/').next().unwrap_or(&d).to_string());
        conn.insert_package(id, &name, &d, lang)?;
    }
    Ok(gone)
}

/// The graph hub scores rank (PageRank mixed with in-degree, into `hubs`): every resolved
/// edge but imports, between node numbers made dense.
struct HubGraph {
    numbers: Vec<i64>,
    edges: Vec<(u32, u32)>,
}

fn hub_graph(db: &Db) -> SqlResult<HubGraph> {
    let mut dense: HashMap<i64, u32> = HashMap::new();
    let mut numbers: Vec<i64> = Vec::new();
    let mut edges: Vec<(u32, u32)> = Vec::new();
    db.for_each_resolved_edge(|s, t| {
        let mut id = |n: i64| {
            let next = numbers.len() as u32;
            *dense.entry(n).or_insert_with(|| {
                numbers.push(n);
                next
            })
        };
        let a = id(s);
        let b = id(t);
        if a != b {
            edges.push((a, b));
        }
    })?;
    Ok(HubGraph { numbers, edges })
}

/// Each node with an edge into it: (number, score, in-degree).
fn hub_scores(g: &HubGraph) -> Vec<(i64, f64, u32)> {
    let rank = crate::overview::pagerank(g.numbers.len(), &g.edges, 20);
    let mut indeg = vec![0u32; g.numbers.len()];
    for &(_, t) in &g.edges {
        indeg[t as usize] += 1;
    }
    let max = rank
        .iter()
        .copied()
        .fold(0.0f64, f64::max)
        .max(f64::MIN_POSITIVE);
    let max_deg = indeg.iter().copied().max().unwrap_or(1).max(1) as f64;
    g.numbers
        .iter()
        .enumerate()
        .filter_map(|(i, &n)| {
            if indeg[i] == 0 {
                return None;
            }
            // Both on a 0..1 scale: PageRank relative to the top, degree on a log scale.
            let score =
                0.6 * rank[i] / max + 0.4 * (1.0 + indeg[i] as f64).ln() / (1.0 + max_deg).ln();
            Some((n, score, indeg[i]))
        })
        .collect()
}

/// Compute the `implements` edges of every language whose types implement interfaces by
/// method set, on a cold run.
fn compute_implements(conn: &Db) -> SqlResult<()> {
    for lang in Lang::ALL {
        if lang.spec().implements_by_method_set {
            implements_by_method_set(conn, lang, true)?;
        }
    }
    Ok(())
}

/// The types `implements` reads, by node number, indexed in the order first met: concrete
/// types, interfaces, and whatever an embedding names.
#[derive(Default)]
struct TypeTable {
    index: HashMap<i64, usize>,
    /// Concrete types and interfaces as the map lists them (an embedding may name a type it
    /// does not: that one has no row).
    rows: Vec<Option<(TypeRow, Concrete)>>,
    /// Each type's own methods: an interface's method specs, a concrete type's methods.
    own: Vec<Vec<u32>>,
    embeds: Vec<Vec<usize>>,
}

/// Whether a [`TypeTable`] row is a concrete type (else an interface).
type Concrete = bool;

impl TypeTable {
    fn at(&mut self, number: i64) -> usize {
        if let Some(&i) = self.index.get(&number) {
            return i;
        }
        let i = self.rows.len();
        self.index.insert(number, i);
        self.rows.push(None);
        self.own.push(Vec::new());
        self.embeds.push(Vec::new());
        i
    }

    fn is(&self, i: usize, concrete: Concrete) -> bool {
        matches!(self.rows[i], Some((_, c)) if c == concrete)
    }
}

/// Recompute the `implements` edges of one language from its method sets in the map. Types
/// are their node numbers and methods are numbered (a method is its name and parameter
/// count), so the sets are sorted integers: on 6.5 M lines of Go they held every promoted
/// method's name as a string, and the reads built every type's node ID. `cold`: a cold run,
/// whose map has no `implements` edges yet.
fn implements_by_method_set(conn: &Db, lang: Lang, cold: bool) -> SqlResult<()> {
    let t0 = Instant::now();
    let mut table = TypeTable::default();
    let mut method_ids: HashMap<(String, u32), u32> = HashMap::new();
    let mut method_id = |name: String, params: u32| {
        let next = method_ids.len() as u32;
        *method_ids.entry((name, params)).or_insert(next)
    };
    // One pass over the language's types and methods, then each kind of row in turn.
    let (mut concrete, mut receiver_methods, mut interfaces, mut member_methods) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    conn.method_set_rows(lang, |row| match row {
        SetRow::Concrete(t) => concrete.push(t),
        SetRow::ReceiverMethod(m) => receiver_methods.push(m),
        SetRow::Interface(t) => interfaces.push(t),
        SetRow::MemberMethod(parent, name, p) => member_methods.push((parent, name, p)),
    })?;
    // Concrete types by (directory, qualname): their methods name them so.
    let mut types: HashMap<(String, String), Vec<usize>> = HashMap::new();
    for t in concrete {
        let i = table.at(t.number);
        let key = (parent_dir(&t.path).to_string(), t.qualname.clone());
        types.entry(key).or_default().push(i);
        table.rows[i] = Some((t, true));
    }
    for m in receiver_methods {
        if let Some(ts) = types.get(&(m.dir, m.receiver)) {
            let id = method_id(m.name, m.params.unwrap_or(0));
            for &i in ts {
                table.own[i].push(id);
            }
        }
    }
    drop(types);
    let mut ifaces: Vec<usize> = Vec::new();
    for t in interfaces {
        let i = table.at(t.number);
        table.rows[i] = Some((t, false));
        ifaces.push(i);
    }
    for (parent, name, p) in member_methods {
        if let Some(&i) = table.index.get(&parent) {
            if table.is(i, false) {
                table.own[i].push(method_id(name, p.unwrap_or(0)));
            }
        }
    }
    // Embedded types and interfaces (`extends` out of a type), for both kinds of set.
    conn.embeddings(lang, |(s, t)| {
        let (s, t) = (table.at(s), table.at(t));
        table.embeds[s].push(t);
    })?;
    let read = t0.elapsed();
    // Interfaces with embedded interfaces flattened (only interfaces: anything else embedded
    // in one makes a constraint, with no methods); concrete types with the methods promoted
    // from their embedded fields (types and interfaces, transitively).
    let iface_embeds: Vec<Vec<usize>> = (0..table.rows.len())
        .map(|i| match table.is(i, false) {
            true => (table.embeds[i].iter().copied())
                .filter(|&t| table.is(t, false))
                .collect(),
            false => Vec::new(),
        })
        .collect();
    let iface_sets: Vec<MethodSet> = ifaces
        .iter()
        .map(|&i| MethodSet {
            node: i,
            methods: resolve::method_set(i, &table.own, &iface_embeds),
        })
        .collect();
    drop(iface_embeds);
    let sets: Vec<MethodSet> = (0..table.rows.len())
        .filter(|&i| table.is(i, true))
        .map(|i| MethodSet {
            node: i,
            methods: resolve::method_set(i, &table.own, &table.embeds),
        })
        .filter(|m| !m.methods.is_empty())
        .collect();
    let mut pairs = resolve::implements(&sets, &iface_sets);
    drop((sets, iface_sets));
    // In node ID order (numbers follow the order files were extracted in, which varies from
    // run to run), so that answers listing them are the same for the same code.
    let mut ids: HashMap<usize, String> = HashMap::new();
    for &(t, i) in &pairs {
        for x in [t, i] {
            if let (Some((row, _)), None) = (&table.rows[x], ids.get(&x)) {
                ids.insert(x, NodeId::symbol_id(lang, &row.path, &row.qualname));
            }
        }
    }
    let id = |x: usize| ids.get(&x).map_or("", String::as_str);
    pairs.sort_unstable_by(|a, b| (id(a.0), id(a.1)).cmp(&(id(b.0), id(b.1))));
    let edges: Vec<Edge> = pairs
        .into_iter()
        .filter_map(|(t, i)| match (&table.rows[t], &table.rows[i]) {
            (Some((ty, true)), Some((iface, false))) => Some(implements_edge(ty, iface)),
            _ => None,
        })
        .collect();
    // Written over the stored ones: a method added or renamed changes a few pairs, not all.
    let mut numbering = Numbering::default();
    let rows = edges
        .iter()
        .map(|e| edge_row(conn, &mut numbering, e))
        .collect::<SqlResult<Vec<_>>>()?;
    if cold {
        // Nothing stored to write over (the stored ones are found by a pass over every edge).
        conn.insert_edges(&rows)?;
    } else {
        conn.replace_implements(lang, &rows)?;
    }
    tracing::info!(?read, elapsed = ?t0.elapsed(), pairs = rows.len(), "implements");
    Ok(())
}

/// The `implements` edge of a concrete type to an interface it implements.
fn implements_edge(ty: &TypeRow, iface: &TypeRow) -> Edge {
    // Method sets, not names, decide `implements`: the class says whether the interface is in
    // the same package or reached across packages.
    let resolution = if parent_dir(&ty.path) == parent_dir(&iface.path) {
        Resolution::Package
    } else {
        Resolution::Import
    };
    Edge {
        file_id: ty.file_id,
        source: ty.number,
        target: Some(Target::Number(iface.number)),
        target_name: segment_name(&iface.qualname).to_string(),
        kind: EdgeKind::Implements,
        pos: None,
        resolution,
        hint: None,
    }
}

/// Past this many nodes an edit's method sets reach (or four times as many owners of an
/// interface's rarest method), they are computed all at once.
const TOUCHING_LIMIT: usize = 512;

/// An incremental run's `implements`: recomputed for the types and interfaces whose method
/// sets may have changed (those `shapes` names, the nodes that went, and what embeds them)
/// and written over their stored edges; every other pair stands. Renaming a method of
/// net/url's `URL` recomputed all 48,898 of Go's standard library's pairs (0.33 s).
fn update_implements(
    conn: &Db,
    shapes: &Shapes,
    gone: &[i64],
    changed_files: &HashSet<i64>,
) -> SqlResult<()> {
    for lang in Lang::ALL {
        if !lang.spec().implements_by_method_set {
            continue;
        }
        let mut dirty: Vec<i64> = gone.to_vec();
        dirty.extend(shapes.embeds.iter().copied());
        for (l, dir, ty) in &shapes.types {
            if *l == lang {
                dirty.extend(conn.types_in_dir(lang, dir, ty)?);
            }
        }
        dirty.sort_unstable();
        dirty.dedup();
        let mut graph = MapTypes::new(conn, lang);
        let Some(resolve::Touched { involved, pairs }) =
            resolve::implements_touching(&mut graph, &dirty, TOUCHING_LIMIT)?
        else {
            tracing::info!(
                lang = lang.prefix(),
                "an edit reaches too many types to check one by one: implements recomputed whole"
            );
            implements_by_method_set(conn, lang, false)?;
            continue;
        };
        // Stored edges out of an involved type are found through its file (or, for one that
        // went, through the changed files).
        let mut files: BTreeSet<i64> = changed_files.iter().copied().collect();
        for &x in &involved {
            if let Some(n) = graph.node(x)? {
                files.insert(n.row.file_id);
            }
        }
        let mut edges: Vec<(String, String, Edge)> = Vec::with_capacity(pairs.len());
        for (t, i) in pairs {
            let (Some(ty), Some(iface)) = (graph.node(t)?.cloned(), graph.node(i)?.cloned()) else {
                continue;
            };
            edges.push((
                NodeId::symbol_id(lang, &ty.row.path, &ty.row.qualname),
                NodeId::symbol_id(lang, &iface.row.path, &iface.row.qualname),
                implements_edge(&ty.row, &iface.row),
            ));
        }
        edges.sort_unstable_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
        let mut numbering = Numbering::default();
        let rows = edges
            .iter()
            .map(|(_, _, e)| edge_row(conn, &mut numbering, e))
            .collect::<SqlResult<Vec<_>>>()?;
        conn.write_implements_over(&files, &involved, &rows)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fact(qualname: &str, role: FactRole, ty: &str) -> TypeFact {
        TypeFact {
            qualname: qualname.to_string(),
            role,
            ty: ty.to_string(),
        }
    }

    fn set(names: &[&str]) -> HashSet<String> {
        names.iter().map(|s| s.to_string()).collect()
    }

    fn imp(module: &str, member: Option<&str>, alias: Option<&str>) -> Import {
        Import {
            module: module.to_string(),
            member: member.map(str::to_string),
            alias: alias.map(str::to_string),
            reexport: false,
            pos: Pos { line: 1, col: 1 },
        }
    }

    /// What a module hands on differently (issue 35): the names its changed imports bind, or
    /// those its `__all__` gained or lost; any name after a `*` import or an unread list
    /// changed. Then what an importer binds of it, and hands on in turn.
    #[test]
    fn handed_names_follow_imports_and_export_lists() {
        let py = Lang::Python;
        let names = |h: &Handed| h.names.iter().cloned().collect::<Vec<_>>();
        let ex = |ns: &[&str]| {
            ns.iter()
                .map(|n| fact("", FactRole::Exports, n))
                .collect::<Vec<_>>()
        };
        let a = [
            imp("._models", Some("Response"), None),
            imp("._a", Some("*"), None),
        ];
        assert_eq!(
            Handed::between(py, &a, &[], &a, &[]),
            None,
            "nothing changed"
        );
        let moved = [
            imp("._a", Some("*"), None),
            imp("._models", Some("Response"), None),
        ];
        assert_eq!(
            Handed::between(py, &a, &[], &moved, &[]),
            None,
            "an import that only moved"
        );
        let h = Handed::between(
            py,
            &a[..1],
            &[],
            &[imp("._models", Some("Response"), Some("R"))],
            &[],
        )
        .expect("a change");
        assert_eq!(
            (names(&h), h.all),
            (vec!["R".into(), "Response".into()], false)
        );
        let h = Handed::between(py, &a, &[], &a[..1], &[]).expect("a change");
        assert!(h.all, "a * import went");
        let h = Handed::between(py, &[], &ex(&["a", "b"]), &[], &ex(&["b", "c"])).expect("change");
        assert_eq!((names(&h), h.all), (vec!["a".into(), "c".into()], false));
        for (old, new) in [(ex(&[]), ex(&["a"])), (ex(&["a"]), ex(&["a", "*"]))] {
            let h = Handed::between(py, &[], &old, &[], &new).expect("a change");
            assert!(h.all, "a list that came, or that the parse cannot read");
        }
        assert_eq!(
            Handed::between(py, &[], &[fact("X", FactRole::Base, "Y")], &[], &[]),
            None,
            "a type fact is no export"
        );

        let h = Handed {
            names: ["Response".to_string()].into(),
            all: false,
        };
        let star = imp("pkg", Some("*"), None);
        let named = imp("pkg", Some("Response"), Some("R"));
        let other = imp("pkg", Some("Client"), None);
        let module = imp("pkg", None, Some("p"));
        assert_eq!(names(&h.through(py, &[&star])), ["Response"]);
        assert_eq!(names(&h.through(py, &[&named, &other])), ["R"]);
        assert_eq!(names(&h.through(py, &[&module])), ["Response"]);
        let any = Handed {
            names: BTreeSet::new(),
            all: true,
        };
        assert!(any.through(py, &[&star]).all);
        let t = any.through(py, &[&named, &module]);
        assert_eq!((names(&t), t.all), (vec!["R".into(), "p".into()], false));

        let mut done = Handed::default();
        assert_eq!(h.fresh(&mut done), Some(h.clone()));
        assert_eq!(
            h.fresh(&mut done),
            None,
            "a file is re-resolved once per name"
        );
        assert!(any.fresh(&mut done).is_some_and(|f| f.all));
        assert_eq!(h.fresh(&mut done), None);
    }

    /// What a file's facts changing tells the files that read them: the changed qualnames'
    /// last segments (what references end in or pass through) and first segments (what
    /// imports bind), bases, and nothing for facts that stayed.
    #[test]
    fn a_typed_change_names_what_readers_pass_through() {
        let t = FactRole::Type;
        let same = [fact("Request.Header", t, "Header")];
        assert!(typed_change(&same, &same).is_none());
        // A field that went, one that came (`req.Header.Set` reads it on the way), a result
        // type that changed.
        for (old, new, names, owners) in [
            (
                vec![fact("Request.Header", t, "Header")],
                vec![],
                vec!["Header"],
                vec!["Request"],
            ),
            (
                vec![],
                vec![fact("Request.Header", t, "Header")],
                vec!["Header"],
                vec!["Request"],
            ),
            (
                vec![fact("URL.Query", FactRole::Returns, "Values")],
                vec![fact("URL.Query", FactRole::Returns, "*URL")],
                vec!["Query"],
                vec!["URL"],
            ),
        ] {
            let c = typed_change(&old, &new).expect("a change");
            assert_eq!(
                (c.names, c.owners, c.bases),
                (set(&names), set(&owners), false)
            );
        }
        let c = typed_change(&[fact("A", FactRole::Base, "B")], &[]).expect("a change");
        assert!(c.bases);
        // Types that came or went: their names, and the mark that unresolved readers are
        // tried again; no change when the set is the same.
        let types = |q: &[&str]| q.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
        assert!(with_types(None, &types(&["Values"]), &types(&["Values"])).is_none());
        let c = with_types(None, &types(&["Values"]), &types(&["Values2"])).expect("a change");
        assert!(c.types);
        assert_eq!(c.names, set(&["Values", "Values2"]));
    }

    /// A file is re-resolved again only for what is new to it, so the outward walk ends.
    #[test]
    fn a_file_is_re_resolved_only_for_what_is_new_to_it() {
        let mut done = TypedChange::default();
        let first = TypedChange {
            names: set(&["Client", "c"]),
            ..TypedChange::default()
        };
        assert_eq!(
            first.fresh(&mut done).map(|c| c.names),
            Some(set(&["Client", "c"]))
        );
        assert!(first.fresh(&mut done).is_none());
        let more = TypedChange {
            names: set(&["c", "builder"]),
            bases: true,
            ..TypedChange::default()
        };
        let fresh = more.fresh(&mut done).expect("builder and bases are new");
        assert_eq!((fresh.names, fresh.bases), (set(&["builder"]), true));
        assert!(more.fresh(&mut done).is_none());
    }

    /// A file's unchanged facts that name a changed type changed in meaning; its imports that
    /// bind a changed name or its owner hand the change on.
    #[test]
    fn unchanged_facts_and_imports_pass_a_change_on() {
        let facts = [
            fact("clientServerTest.c", FactRole::Type, "*Client"),
            fact("Workspace.builder", FactRole::Returns, "WalkBuilder"),
            fact("OperatorSubscriber", FactRole::Base, "Subscriber<T>"),
            fact("ClientConn.x", FactRole::Type, "ClientConn"),
        ];
        let c = reading(&facts, &set(&["Client"])).expect("reads Client");
        assert_eq!((c.names, c.bases), (set(&["c"]), false));
        let c = reading(&facts, &set(&["Subscriber"])).expect("reads Subscriber");
        assert_eq!((c.names, c.bases), (set(&["OperatorSubscriber"]), true));
        assert!(reading(&facts, &set(&["Builder", "Conn"])).is_none());
        let imports = [
            imp("crate::walk", Some("WalkBuilder"), None),
            imp("./types", Some("Observer"), Some("Obs")),
            imp("email.message", None, None),
        ];
        assert_eq!(
            bound_names(&imports, &set(&["new"]), &set(&["WalkBuilder"])),
            ["WalkBuilder"]
        );
        assert_eq!(
            bound_names(&imports, &set(&["Observer"]), &HashSet::new()),
            ["Observer", "Obs"]
        );
        assert_eq!(
            bound_names(&imports, &HashSet::new(), &set(&["message"])),
            ["message"]
        );
        assert!(bound_names(&imports, &set(&["Walk"]), &set(&["Message"])).is_empty());
    }
}
