//! An index run's edge writes: edges inserted, written over the stored ones (a row found
//! again stays as it is), retargeted and deleted.

use super::db::code::{EXTENDS, IMPLEMENTS, IMPORTS};
use super::db::{Db, SqlResult};
use crate::model::{EdgeKind, Pos, Resolution};
use rusqlite::params;
use std::collections::{HashMap, HashSet};

/// An edge as the run writes it: its ends by node number.
#[derive(Debug, Clone, Copy)]
pub struct EdgeRow<'a> {
    pub file_id: i64,
    pub source: i64,
    pub target: Option<i64>,
    pub target_name: &'a str,
    pub kind: EdgeKind,
    pub pos: Option<Pos>,
    pub resolution: Resolution,
    pub hint: Option<&'a str>,
    pub args: Option<u16>,
    pub arg_types: Option<&'a str>,
}

/// The columns of a stored edge [`Db::write_edges_over`] compares, in its order.
pub(super) const STORED_EDGE: &str =
    "e.id, e.file_id, e.source, e.target, e.name, e.kind, e.line, e.col, e.resolution, e.hint, e.args, e.arg_types";

/// A stored edge's columns after its id, as [`STORED_EDGE`] reads them.
type EdgeKey = (
    i64,
    i64,
    Option<i64>,
    i64,
    i64,
    Option<i64>,
    Option<i64>,
    i64,
    Option<String>,
    Option<i64>,
    Option<String>,
);

/// Stored edges to write over, by their columns: each row's id, once.
#[derive(Default)]
pub(super) struct StoredEdges {
    found: HashMap<EdgeKey, Vec<i64>>,
    ids: HashSet<i64>,
}

impl Db {
    pub fn insert_edge(&self, e: &EdgeRow<'_>) -> SqlResult<()> {
        self.insert_edges(std::slice::from_ref(e))
    }

    /// Edges as new rows, through one statement (`prepare_cached` hashes the SQL text each
    /// call: a cold run inserts a million edges).
    pub fn insert_edges(&self, edges: &[EdgeRow<'_>]) -> SqlResult<()> {
        let mut st = self.conn.prepare_cached(
            "INSERT INTO edges(file_id, source, target, name, kind, line, col, resolution, hint, args, arg_types)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        )?;
        for e in edges {
            st.execute(params![
                e.file_id,
                e.source,
                e.target,
                self.name_id(e.target_name)?,
                e.kind.code(),
                e.pos.map(|p| p.line),
                e.pos.map(|p| p.col),
                e.resolution.code(),
                e.hint,
                e.args,
                e.arg_types
            ])?;
        }
        Ok(())
    }

    /// A file's edges written over the stored ones (an incremental run; see
    /// [`Db::write_edges_over`]). `keep_implements`: a file of a method-set language keeps
    /// its types' `implements` edges. Those are computed from method sets, not found in the
    /// file, and are recomputed for the types whose method sets changed
    /// ([`Db::write_implements_over`]); its symbols keep their numbers, so the others stay
    /// true. Returns the sources of the `extends` edges inserted or deleted: embeddings that
    /// changed.
    pub fn replace_edges(
        &self,
        file_id: i64,
        keep_implements: bool,
        edges: &[EdgeRow<'_>],
    ) -> SqlResult<Vec<i64>> {
        let mut stored = StoredEdges::default();
        self.read_stored_edges(
            &format!(
                "SELECT {STORED_EDGE} FROM edges e WHERE e.file_id = ?1 AND NOT (?2 AND e.kind = {IMPLEMENTS})"
            ),
            params![file_id, keep_implements],
            &mut stored,
        )?;
        self.write_edges_over(stored, edges)
    }

    /// The stored edges `sql` selects (its columns [`STORED_EDGE`]), added to `into` (each
    /// row once, whichever selects found it).
    pub(super) fn read_stored_edges(
        &self,
        sql: &str,
        params: impl rusqlite::Params,
        into: &mut StoredEdges,
    ) -> SqlResult<()> {
        let mut st = self.conn.prepare_cached(sql)?;
        let mut rows = st.query(params)?;
        while let Some(r) = rows.next()? {
            let id: i64 = r.get(0)?;
            if !into.ids.insert(id) {
                continue;
            }
            let key: EdgeKey = (
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
                r.get(6)?,
                r.get(7)?,
                r.get(8)?,
                r.get(9)?,
                r.get(10)?,
                r.get(11)?,
            );
            into.found.entry(key).or_default().push(id);
        }
        Ok(())
    }

    /// `edges` written over the `stored` ones: an edge found again (the same file, ends, name,
    /// kind, place, resolution and hint) keeps its row, the others are inserted in order, and
    /// the stored ones not found again are deleted. Deleting every row and inserting it again
    /// dirtied each index page the rows sit in. Returns the sources of the `extends` edges
    /// inserted or deleted.
    pub(super) fn write_edges_over(
        &self,
        mut stored: StoredEdges,
        edges: &[EdgeRow<'_>],
    ) -> SqlResult<Vec<i64>> {
        let mut embeds = Vec::new();
        for e in edges {
            let key: EdgeKey = (
                e.file_id,
                e.source,
                e.target,
                self.name_id(e.target_name)?,
                e.kind.code(),
                e.pos.map(|p| i64::from(p.line)),
                e.pos.map(|p| i64::from(p.col)),
                e.resolution.code(),
                e.hint.map(str::to_string),
                e.args.map(i64::from),
                e.arg_types.map(str::to_string),
            );
            if stored.found.get_mut(&key).and_then(Vec::pop).is_none() {
                self.insert_edge(e)?;
                if e.kind == EdgeKind::Extends {
                    embeds.push(e.source);
                }
            }
        }
        let mut gone: Vec<(i64, EdgeKey)> = stored
            .found
            .into_iter()
            .flat_map(|(k, ids)| ids.into_iter().map(move |id| (id, k.clone())))
            .collect();
        gone.sort_unstable_by_key(|(id, _)| *id);
        for (id, key) in gone {
            if key.4 == EXTENDS {
                embeds.push(key.1);
            }
            self.delete_edge(id)?;
        }
        Ok(embeds)
    }

    /// What a stored edge resolved to this time.
    pub fn retarget_edge(
        &self,
        edge: i64,
        target: Option<i64>,
        resolution: Resolution,
    ) -> SqlResult<()> {
        self.conn
            .prepare_cached("UPDATE edges SET target = ?1, resolution = ?2 WHERE id = ?3")?
            .execute(params![target, resolution.code(), edge])?;
        Ok(())
    }

    pub fn delete_edge(&self, edge: i64) -> SqlResult<()> {
        self.drop_names(
            self.conn
                .prepare_cached("DELETE FROM edges WHERE id = ?1 RETURNING name")?
                .query_map([edge], |r| r.get(0))?,
        )
    }

    /// A file's import edges (redone from its stored imports).
    pub fn delete_import_edges(&self, file_id: i64) -> SqlResult<()> {
        self.drop_names(
            self.conn
                .prepare_cached(&format!(
                    "DELETE FROM edges WHERE file_id = ?1 AND kind = {IMPORTS} RETURNING name"
                ))?
                .query_map([file_id], |r| r.get(0))?,
        )
    }
}
