//! Extraction and the writer: each candidate file read, hashed and extracted (on rayon's
//! workers, or on the run's thread for a few), and its rows written by the one thread that
//! owns the connection, noting what changed for resolution, re-resolution and `implements`.

use super::changes::{typed_change, types_of, with_types, Before, Handed, TypedChange};
use super::edges::Job;
use super::implements::{shape_new, Shapes};
use super::options::{IndexError, IndexOptions};
use crate::extract::{Extractor, Worker};
use crate::lang::Lang;
use crate::model::{FactRole, FileExtract, TypeFact};
use crate::spill::Spill;
use crate::store::{Db, FileRow};
use crate::walk::{parent_dir, WalkedFile};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::time::Instant;

/// What a worker made of one candidate file.
pub(super) enum Work<'a> {
    Skip(&'a WalkedFile, String, Option<String>),
    Touch(&'a WalkedFile, i64),
    Extract(&'a WalkedFile, String, FileExtract, i64),
}

#[derive(Default)]
pub(super) struct Written {
    /// Incremental runs: the extracted files' references.
    pub(super) jobs: Vec<Job>,
    /// Cold runs: the extracted files' references, parked on disk.
    pub(super) cold: Option<Spill>,
    /// Names whose set of definitions changed (added or removed somewhere).
    pub(super) names: HashSet<String>,
    pub(super) changed_ids: HashSet<i64>,
    /// Nodes whose symbols went; forgotten at the end if nothing names them any more.
    pub(super) gone: Vec<i64>,
    /// Files whose stated types changed (or went): references elsewhere may read them.
    pub(super) facts_changed: HashMap<String, TypedChange>,
    /// Files that hand on other names than before (their imports or export list changed).
    pub(super) handed: HashMap<String, Handed>,
    pub(super) package_dirs: HashSet<String>,
    pub(super) symbols: usize,
    /// Cold runs: the facts written, and the bytes of the symbols' and facts' strings (what
    /// the in-memory index reserves).
    pub(super) facts: usize,
    pub(super) text: usize,
    /// What method-set `implements` must recompute.
    pub(super) shapes: Shapes,
    pub(super) extracted: usize,
    pub(super) touched: usize,
    pub(super) skipped: usize,
    pub(super) parse_errors: usize,
}

/// The name a module or package is imported by: `a/b.py` → `b`, `a/__init__.py` → `a`,
/// `net/http/server.go` → `http`.
pub(super) fn module_leaf(path: &str) -> String {
    let m = Lang::module_path(path);
    m.rsplit('/').next().unwrap_or(m).to_string()
}

/// A time bound as people write it: `10 s`, `250 ms`.
fn bound_text(d: std::time::Duration) -> String {
    if d.as_millis().is_multiple_of(1000) {
        format!("{} s", d.as_secs())
    } else {
        format!("{} ms", d.as_millis())
    }
}

pub(super) fn process<'a>(
    extractor: &Extractor,
    worker: &mut Worker,
    f: &'a WalkedFile,
    old_hash: Option<&str>,
    opts: &IndexOptions,
) -> Work<'a> {
    let max_size = opts.max_file_size;
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
    let hash = content_hash(&bytes);
    if bytes.contains(&0) {
        return Work::Skip(f, "binary: contains NUL bytes".into(), Some(hash));
    }
    if old_hash == Some(hash.as_str()) {
        return Work::Touch(f, bytes.len() as i64);
    }
    let lines = bytes.iter().filter(|&&b| b == b'\n').count() as i64 + 1;
    let ex = extractor.extract(worker, f.lang, &f.rel, &bytes);
    if ex.stopped {
        return Work::Skip(
            f,
            format!(
                "{}: longer than {} (the per-file bound)",
                crate::extract::PARSE_STOPPED,
                bound_text(opts.parse_bound)
            ),
            Some(hash),
        );
    }
    Work::Extract(f, hash, ex, lines)
}

pub(super) fn write_files(
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

/// The hash of a file's bytes as the map keeps it (`files.hash`): what tells a file touched
/// from a file changed.
pub fn content_hash(bytes: &[u8]) -> String {
    blake3::hash(bytes).to_hex().to_string()
}
