//! An incremental run's re-resolution of unchanged files: references that named a changed
//! name, then outwards through what read the changed types ([`TypedChange`]) and what modules
//! hand on differently ([`Handed`]), each file only for what is new to it.

use super::changes::{bound_names, reading, Handed, TypedChange};
use super::edges::{insert_edges, resolve_job, Job, Numbering, Target};
use crate::id::NodeId;
use crate::lang::Lang;
use crate::model::{EdgeKind, Import};
use crate::resolve::{self, FileCtx, Layout, Outcome, Ref};
use crate::store::{Db, SqlResult, StoredRef};
use crate::walk::parent_dir;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::Path;

/// Files whose references may read the types `files` state: those that import them (their
/// file or package node) and, for languages with packages, the rest of their package.
pub(super) fn dependents(db: &Db, files: &HashSet<String>) -> SqlResult<HashSet<i64>> {
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

/// Re-resolve the typed references of `deps` (files that import the changed files, or share
/// a Go package with them) that read `change`, then outwards: a file whose unchanged facts
/// name a changed type (a base, a field's or a result's type), or whose imports bind a
/// changed name or its owner, changed in meaning though not in text, so the files that read
/// it, and its own references, are re-resolved too. Each file is re-resolved only for what is
/// new to it ([`TypedChange::fresh`]), so the walk ends. Files of `changed` were resolved
/// whole already.
pub(super) fn reresolve_outwards(
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

pub(super) fn reresolve(
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

/// Re-resolve what reads the names modules hand on differently (`handed`, by path), outwards:
/// each importer's references that spell a name it binds of the change (all of them when any
/// name may have changed), then its importers for what it hands on in turn. Each file only
/// for what is new to it, so a cycle of imports ends. Files of `changed` were resolved whole
/// already, but hand the change on.
pub(super) fn reresolve_handed(
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
                args: r.args,
                arg_types: r.arg_types.as_deref(),
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
