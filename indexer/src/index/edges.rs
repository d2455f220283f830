//! Edges as the run writes them: a file's references (and imports) resolved into edges, their
//! targets numbered, and the rows inserted.

use crate::model::{EdgeKind, Pos, Resolution};
use crate::resolve::{self, FileCtx, Layout, Outcome, Ref, SymbolIndex};
use crate::spill::Record;
use crate::store::{Db, EdgeRow, SqlResult};
use std::collections::{HashMap, HashSet};

/// A file's references waiting for resolution: kept in memory on an incremental run, parked
/// in the run's [`Spill`] on a cold one.
pub(super) type Job = Record;

pub(super) struct Edge {
    pub(super) file_id: i64,
    pub(super) source: i64,
    pub(super) target: Option<Target>,
    pub(super) target_name: String,
    pub(super) kind: EdgeKind,
    pub(super) pos: Option<Pos>,
    pub(super) resolution: Resolution,
    pub(super) hint: Option<String>,
    pub(super) args: Option<u16>,
    pub(super) arg_types: Option<String>,
}

/// An edge's target: a node the resolver's index knew the number of, or one the writer
/// numbers (`ext:` and package nodes, and every target of an incremental run).
pub(super) enum Target {
    Number(i64),
    Named(String),
}

/// Numbers node IDs for the writer, remembering the ones it has seen this run.
#[derive(Default)]
pub(super) struct Numbering {
    pub(super) seen: HashMap<String, i64>,
}

impl Numbering {
    pub(super) fn number(&mut self, db: &Db, t: &Target) -> SqlResult<i64> {
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

/// An edge as the map stores it: its target by number.
pub(super) fn edge_row<'e>(
    db: &Db,
    numbering: &mut Numbering,
    e: &'e Edge,
) -> SqlResult<EdgeRow<'e>> {
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
        args: e.args,
        arg_types: e.arg_types.as_deref(),
    })
}

pub(super) fn insert_edges<'e>(
    conn: &Db,
    numbering: &mut Numbering,
    edges: impl Iterator<Item = &'e Edge>,
) -> SqlResult<()> {
    let rows = edges
        .map(|e| edge_row(conn, numbering, e))
        .collect::<SqlResult<Vec<_>>>()?;
    conn.insert_edges(&rows)
}

pub(super) fn resolve_job(
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
            args: None,
            arg_types: None,
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
                args: r.args,
                arg_types: r.arg_types.as_deref(),
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
            args: r.args,
            arg_types: r.arg_types.as_deref().map(str::to_string),
        });
    }
    out
}
