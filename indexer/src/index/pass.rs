//! The run inside its transaction, phase by phase: deleted files out, changed files extracted
//! and written, references resolved (in memory on a cold run; changed files, then what reads
//! them, on an incremental one), package nodes, `implements`, indexes and hub scores, `meta`.

use super::changes::{reading, Before, Handed, TypedChange};
use super::edges::{edge_row, insert_edges, resolve_job, Edge, Numbering};
use super::hubs::{hub_graph, hub_scores};
use super::implements::{compute_implements, update_implements, Shapes};
use super::options::{IndexError, IndexOptions, IndexStats, Progress};
use super::packages::{sync_packages, workspace};
use super::reresolve::{dependents, reresolve, reresolve_handed, reresolve_outwards};
use super::write::{module_leaf, process, write_files, Work, Written};
use crate::extract::{Extractor, Worker};
use crate::lang::Lang;
use crate::resolve::{self, MemIndex};
use crate::spill::Spill;
use crate::store::{self, unix_now, Db, FileRow, SqlError, SqlResult};
use crate::walk::{self, parent_dir, WalkedFile};
use rayon::prelude::*;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::time::Instant;

/// At most this many files to extract are read, extracted and written on the run's own
/// thread (see `run_in_tx`); more go to rayon's workers and a writer thread.
const FEW: usize = 4;

fn in_scope(scope: &Option<String>, rel: &str) -> bool {
    match scope.as_deref().map(|s| s.trim_matches('/')) {
        None | Some("") => true,
        Some(s) => rel == s || rel.starts_with(&format!("{s}/")),
    }
}

pub(super) fn run_in_tx(
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
        let mut worker = Worker::bounded(opts.parse_bound);
        for f in &todo {
            let work = process(extractor, &mut worker, f, old_hash(f), opts);
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
                || (Worker::bounded(opts.parse_bound), tx.clone()),
                |(worker, tx), f| {
                    let work = process(extractor, worker, f, old_hash(f), opts);
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
    let manifests = super::packages::manifest_texts(&opts.root, walked);
    super::packages::sync_projects(conn, &manifests)?;
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
    let ws = workspace(conn, &manifests, walked)?;
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
