//! The reads of the map tools (`query`) and the live tools (`nav`, through [`MapSymbol`] and
//! [`EdgeSite`]): symbols by ID, name, position or search candidate, edges into and out of a
//! node, the file graph, the map's counts. Callers group the reads of one answer in a
//! [`Db::snapshot`].

use super::db::code::{CALLS, CONTAINS, EXTENDS, IMPLEMENTS, IMPORTS, LOCAL, UNRESOLVED};
use super::db::edge_kind_at;
use super::db::{kind_at, resolution_at, Db, SqlResult};
use crate::model::EdgeKind;
use crate::model::Pos;
use rusqlite::{params, OptionalExtension, Row};
use serde::Serialize;
use std::collections::BTreeMap;

/// One symbol row as answers show it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NodeInfo {
    pub node_id: String,
    pub kind: String,
    pub name: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub qualname: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub signature: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub doc: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range: Option<RangeOut>,
    pub stale: bool,
    /// Its file's project, when the workspace has more than one (set by the answer layer).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub project: Option<String>,
}

impl NodeInfo {
    /// A node known by its ID, kind and name only (no row of its own: an external package).
    pub fn bare(node_id: String, kind: &str, name: String) -> NodeInfo {
        NodeInfo {
            node_id,
            kind: kind.to_string(),
            name,
            qualname: String::new(),
            signature: None,
            doc: None,
            file: None,
            range: None,
            stale: false,
            project: None,
        }
    }
}

#[derive(Debug, Clone, Copy, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RangeOut {
    pub line: u32,
    pub col: u32,
    pub end_line: u32,
    pub end_col: u32,
    /// Where the name is: what `resolve` and the nav tools want.
    pub name_line: u32,
    pub name_col: u32,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EdgeOut {
    pub source: String,
    pub target: Option<String>,
    pub target_name: String,
    pub kind: String,
    pub line: Option<u32>,
    pub col: Option<u32>,
    pub resolution: String,
}

/// One language's files and symbols (definitions: file and package nodes not counted).
#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LangCounts {
    pub files: i64,
    pub symbols: i64,
    pub skipped: i64,
    pub parse_errors: i64,
}

/// A file left out of the map, and why.
#[derive(Debug, Clone, Serialize)]
pub struct Skipped {
    pub path: String,
    pub reason: String,
}

/// A symbol of the map as the live tools use it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MapSymbol {
    pub node_id: String,
    pub file: String,
    pub name_line: u32,
    pub name_col: u32,
    pub end_line: u32,
    pub kind: String,
    pub name: String,
    pub parent: Option<String>,
    pub signature: Option<String>,
    pub doc: Option<String>,
    /// A function's or method's parameter count, when the parse knows it.
    pub params: Option<u32>,
}

/// An edge where it is written: the file, position, kind and the other end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EdgeSite {
    pub file: String,
    pub line: u32,
    pub col: u32,
    pub kind: String,
    /// The node at the other end: the source for edges into a symbol, the target for edges
    /// out of it.
    pub other: String,
}

/// A resolved edge written on a line: its target, the name as written and its column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EdgeOnLine {
    pub target: String,
    pub target_name: String,
    pub col: u32,
}

/// A symbol of a file `s` and its file `f`: the columns of [`MapSymbol`]. Its node ID is its
/// file's and its qualname; its parent's is looked up (a package has no file).
const SYM_COLS: &str = concat!(
    file_node_text!("s", "f"),
    ", f.path, s.name_line, s.name_col, s.end_line, s.kind, s.name, ",
    node_text!("s.parent"),
    ", s.signature, s.doc, s.params"
);
/// The tables `SYM_COLS` reads.
const SYM_FROM: &str = "symbols s JOIN files f ON f.id = s.file_id";

fn sym_row(r: &Row<'_>) -> SqlResult<MapSymbol> {
    Ok(MapSymbol {
        node_id: r.get(0)?,
        file: r.get(1)?,
        name_line: r.get(2)?,
        name_col: r.get(3)?,
        end_line: r.get(4)?,
        kind: r.get(5)?,
        name: r.get(6)?,
        parent: r.get(7)?,
        signature: r.get(8)?,
        doc: r.get(9)?,
        params: r.get(10)?,
    })
}

impl Db {
    fn symbols_where(
        &self,
        clause: &str,
        args: impl rusqlite::Params,
    ) -> SqlResult<Vec<MapSymbol>> {
        self.conn
            .prepare_cached(&format!("SELECT {SYM_COLS} FROM {SYM_FROM} WHERE {clause}"))?
            .query_map(args, sym_row)?
            .collect()
    }

    /// The symbol with this node ID (files included; packages, which have no file, are not).
    pub fn symbol(&self, id: &str) -> SqlResult<Option<MapSymbol>> {
        let Some(n) = self.number_of(id)? else {
            return Ok(None);
        };
        Ok(self.symbols_where("s.id = ?1", [n])?.into_iter().next())
    }

    /// Symbols whose name starts at this spot.
    pub fn defined_at(&self, file: &str, line: u32, col: u32) -> SqlResult<Vec<MapSymbol>> {
        self.symbols_where(
            "f.path = ?1 AND s.name_line = ?2 AND s.name_col = ?3 AND s.qualname != ''",
            params![file, line, col],
        )
    }

    /// Symbols of this name, those in `file` first, at most 20.
    pub fn symbols_named(&self, name: &str, file: &str) -> SqlResult<Vec<MapSymbol>> {
        self.symbols_where(
            "s.name = ?1 AND s.qualname != '' ORDER BY (f.path = ?2) DESC, f.path, s.name_line LIMIT 20",
            params![name, file],
        )
    }

    /// Where a symbol named `name` is defined in the files directly in the folder `dir` (`''`:
    /// the root): (file, line of its name), every one.
    pub fn definitions_in_folder(&self, name: &str, dir: &str) -> SqlResult<Vec<(String, u32)>> {
        Ok(self
            .symbols_where(
                "s.name = ?1 AND (?2 = '' OR substr(f.path, 1, length(?2) + 1) = ?2 || '/')",
                params![name, dir],
            )?
            .into_iter()
            .filter(|s| crate::walk::parent_dir(&s.file) == dir)
            .map(|s| (s.file, s.name_line))
            .collect())
    }

    /// The symbols of this qualname, or of its overloads (`pipe~2`), in files under the
    /// folder `under` (`''`: all), by file and line, at most 200.
    pub fn symbols_with_qualname(&self, qualname: &str, under: &str) -> SqlResult<Vec<MapSymbol>> {
        self.symbols_where(
            "(s.qualname = ?1 OR substr(s.qualname, 1, length(?1) + 1) = ?1 || '~') \
             AND (?2 = '' OR substr(f.path, 1, length(?2) + 1) = ?2 || '/') \
             ORDER BY f.path, s.name_line LIMIT 200",
            params![qualname, under],
        )
    }

    /// The members of `parent` named `name` (a subtype's override of a method).
    pub fn members_named(&self, parent: &str, name: &str) -> SqlResult<Vec<MapSymbol>> {
        let Some(n) = self.number_of(parent)? else {
            return Ok(Vec::new());
        };
        self.symbols_where("s.parent = ?1 AND s.name = ?2", params![n, name])
    }

    /// The resolved edges written on one line of a file.
    pub fn edges_on_line(&self, file: &str, line: u32) -> SqlResult<Vec<EdgeOnLine>> {
        self.conn
            .prepare_cached(&format!(
                "SELECT {}, {}, e.col FROM edges e JOIN files f ON f.id = e.file_id \
                 WHERE f.path = ?1 AND e.line = ?2 AND e.target IS NOT NULL",
                node_text!("e.target"),
                edge_name!("e")
            ))?
            .query_map(params![file, line], |r| {
                Ok(EdgeOnLine {
                    target: r.get(0)?,
                    target_name: r.get(1)?,
                    col: r.get(2)?,
                })
            })?
            .collect()
    }

    /// What a file's own uses of the name `name` bound by an import lead to: the targets of its
    /// edges written with that very name and resolved through an import, most used first.
    pub fn import_targets_in_file(&self, file: &str, name: &str) -> SqlResult<Vec<String>> {
        self.conn
            .prepare_cached(&format!(
                "SELECT {} AS t FROM edges e JOIN files f ON f.id = e.file_id \
                 WHERE f.path = ?1 AND e.target IS NOT NULL AND e.resolution = 1 \
                 AND e.name = (SELECT id FROM names WHERE name = ?2) \
                 GROUP BY e.target ORDER BY count(*) DESC, t",
                node_text!("e.target"),
            ))?
            .query_map(params![file, name], |r| r.get(0))?
            .collect()
    }

    /// Edges into `target` where they are written (`other` is each edge's source), of the
    /// given kinds, or of every kind when `kinds` is empty.
    pub fn edges_into(&self, target: &str, kinds: &[&str]) -> SqlResult<Vec<EdgeSite>> {
        let mut out = self.edge_sites(
            &format!(
                "SELECT f.path, e.line, e.col, e.kind, {} FROM edges e JOIN files f ON f.id = e.file_id \
                 WHERE e.target = ?1 AND e.line IS NOT NULL",
                node_text!("e.source")
            ),
            target,
        )?;
        out.retain(|e| kinds.is_empty() || kinds.contains(&e.kind.as_str()));
        Ok(out)
    }

    /// The `implements` edges written in `source`'s impls (`other`: the trait's node ID, or
    /// its name as written when the map has no node of it: `Clone`, `fmt::Debug`).
    pub fn implements_out_of(&self, source: &str) -> SqlResult<Vec<EdgeSite>> {
        self.edge_sites(
            &format!(
                "SELECT f.path, e.line, e.col, e.kind, coalesce({}, {}) FROM edges e \
                 JOIN files f ON f.id = e.file_id \
                 WHERE e.file_id = (SELECT file_id FROM symbols WHERE id = ?1) AND e.source = ?1 \
                 AND e.kind = {IMPLEMENTS} AND e.line IS NOT NULL ORDER BY e.line, e.col",
                node_text!("e.target"),
                edge_name!("e"),
            ),
            source,
        )
    }

    /// The `implements` edges of language `lang` that come from a file, not a type: an impl
    /// of a type the file does not declare (Rust's `impl Sealed for IndexMap` in another
    /// file than `IndexMap`). `other`: the trait's node ID, or its name as written.
    pub fn implements_from_files(&self, lang: &str) -> SqlResult<Vec<EdgeSite>> {
        self.conn
            .prepare_cached(&format!(
                "SELECT f.path, e.line, e.col, e.kind, coalesce({}, {}) FROM edges e \
                 JOIN files f ON f.id = e.file_id JOIN symbols s ON s.id = e.source \
                 WHERE s.qualname = '' AND f.lang = ?1 AND e.kind = {IMPLEMENTS} \
                 AND e.line IS NOT NULL ORDER BY f.path, e.line, e.col",
                node_text!("e.target"),
                edge_name!("e"),
            ))?
            .query_map([lang], edge_site)?
            .collect()
    }

    /// Resolved `calls` edges out of `source` (`other` is each edge's target).
    pub fn calls_out_of(&self, source: &str) -> SqlResult<Vec<EdgeSite>> {
        self.edge_sites(
            &format!(
                "SELECT f.path, e.line, e.col, e.kind, {} FROM edges e JOIN files f ON f.id = e.file_id \
                 WHERE e.file_id = (SELECT file_id FROM symbols WHERE id = ?1) AND e.source = ?1 \
                 AND e.kind = {CALLS} AND e.target IS NOT NULL",
                node_text!("e.target")
            ),
            source,
        )
    }

    /// The calls out of `source` that no edge links to a symbol, as written
    /// (`this.path_router.route`), with their lines, in source order: the untyped ones (the
    /// receiver's type unknown), and with `outside` those the resolver sent outside the
    /// workspace too.
    pub fn unlinked_calls_out_of(
        &self,
        source: &str,
        outside: bool,
    ) -> SqlResult<Vec<(u32, String)>> {
        let Some(n) = self.number_of(source)? else {
            return Ok(Vec::new());
        };
        self.conn
            .prepare_cached(&format!(
                "SELECT e.line, nm.name FROM edges e JOIN names nm ON nm.id = e.name \
                 WHERE e.file_id = (SELECT file_id FROM symbols WHERE id = ?1) AND e.source = ?1 \
                 AND e.kind = {CALLS} AND e.target IS NULL AND (?2 OR e.resolution = {UNRESOLVED}) \
                 AND e.line IS NOT NULL ORDER BY e.line, e.col"
            ))?
            .query_map(params![n, outside], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect()
    }

    /// The rows of `statement` (file, line, col, kind, other end) about the node `node`.
    fn edge_sites(&self, statement: &str, node: &str) -> SqlResult<Vec<EdgeSite>> {
        let Some(n) = self.number_of(node)? else {
            return Ok(Vec::new());
        };
        self.conn
            .prepare_cached(statement)?
            .query_map([n], edge_site)?
            .collect()
    }

    /// The types `id` extends or implements directly, by node ID (the same whatever order
    /// runs wrote the edges in).
    pub fn direct_supertypes(&self, id: &str) -> SqlResult<Vec<String>> {
        let Some(n) = self.number_of(id)? else {
            return Ok(Vec::new());
        };
        strings(
            self,
            &format!(
                "SELECT DISTINCT {} AS id FROM edges e WHERE e.source = ?1 AND e.target IS NOT NULL AND e.kind IN ({IMPLEMENTS}, {EXTENDS}) ORDER BY id",
                node_text!("e.target")
            ),
            [n],
        )
    }

    /// The types that implement or extend `id` directly, by node ID (the same whatever order
    /// runs wrote the edges in).
    pub fn direct_subtypes(&self, id: &str) -> SqlResult<Vec<String>> {
        let Some(n) = self.number_of(id)? else {
            return Ok(Vec::new());
        };
        strings(
            self,
            &format!(
                "SELECT DISTINCT {} AS id FROM edges e WHERE e.target = ?1 AND e.kind IN ({IMPLEMENTS}, {EXTENDS}) ORDER BY id",
                node_text!("e.source")
            ),
            [n],
        )
    }

    /// The first file of a language in the map (by path), if it has one.
    pub fn first_file_of(&self, lang: &str) -> SqlResult<Option<String>> {
        self.conn
            .prepare_cached(
                "SELECT path FROM files WHERE lang = ?1 AND skip_reason IS NULL ORDER BY path LIMIT 1",
            )?
            .query_map([lang], |r| r.get(0))?
            .next()
            .transpose()
    }

    /// The ID prefixes of the languages the map holds files of.
    pub fn languages(&self) -> SqlResult<Vec<String>> {
        strings(self, "SELECT DISTINCT lang FROM files", [])
    }

    /// The map's symbol named at this spot, else the innermost one around it, else the type
    /// an implementation on this line is for (Rust's `impl Trait for Type`, which is no
    /// symbol), else the file.
    pub fn node_at(&self, file: &str, pos: Pos) -> Option<String> {
        self.conn
            .prepare_cached(
                concat!(
                    "SELECT ", file_node_text!("s", "f"), " FROM symbols s JOIN files f ON f.id = s.file_id \
                     WHERE f.path = ?1 AND s.start_line <= ?2 AND s.end_line >= ?2 AND s.qualname != '' \
                     ORDER BY (s.name_line = ?2 AND s.name_col <= ?3 AND s.name_end_col > ?3) DESC, \
                              (s.end_line - s.start_line) ASC, s.start_line DESC LIMIT 1"
                ),
            )
            .ok()?
            .query_row(params![file, pos.line, pos.col], |r| r.get(0))
            .ok()
            .or_else(|| {
                self.conn
                    .prepare_cached(&format!(
                        "SELECT {} FROM edges e JOIN files f ON f.id = e.file_id \
                         JOIN symbols s ON s.id = e.source \
                         WHERE f.path = ?1 AND e.kind = {IMPLEMENTS} AND e.line = ?2 \
                         AND s.kind IN ('class', 'struct', 'type', 'interface') ORDER BY e.col LIMIT 1",
                        file_node_text!("s", "f")
                    ))
                    .ok()?
                    .query_row(params![file, pos.line], |r| r.get(0))
                    .ok()
            })
            .or_else(|| {
                self.conn
                    .prepare_cached(
                        "SELECT f.node FROM symbols s JOIN files f ON f.id = s.file_id \
                         WHERE f.path = ?1 AND s.qualname = '' LIMIT 1",
                    )
                    .ok()?
                    .query_row([file], |r| r.get(0))
                    .ok()
            })
    }
}

/// A symbol row as the map tools answer with it, and its file's stamp when indexed (what
/// `stale` is checked against).
#[derive(Debug, Clone)]
pub struct NodeRow {
    pub info: NodeInfo,
    pub size: i64,
    pub mtime: i64,
}

/// A search candidate: what ranking reads (text columns left out), the symbol's number
/// (to read it whole if it is answered) and its hub score.
#[derive(Debug, Clone)]
pub struct CandidateRow {
    pub row: NodeRow,
    pub number: i64,
    pub hub: f64,
}

/// An edge between files that `map_overview` ranks hubs by: the file it is in, the symbol it
/// names (node ID, file, kind, hub score, in-degree).
#[derive(Debug, Clone)]
pub struct UseRow {
    pub from_file: i64,
    pub node_id: String,
    pub file: i64,
    pub kind: String,
    pub score: f64,
    pub in_degree: i64,
}

/// A file's stamp when indexed, and whether the watcher flagged it.
#[derive(Debug, Clone)]
pub struct StaleRow {
    pub path: String,
    pub size: i64,
    pub mtime: i64,
    pub flagged: bool,
}

/// A call the map could not type: its receiver's type is not stated, so it may or may not
/// call a symbol of its name. Offered as a candidate, apart from edges.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UntypedCall {
    pub file: String,
    pub line: u32,
    pub col: u32,
    /// The symbol the call is in.
    #[serde(rename = "from")]
    pub source: String,
    /// The call as written (`self.db.filter`, `?.filter`).
    pub written: String,
    /// The number of arguments passed, where overloads are told apart by it.
    #[serde(skip)]
    pub args: Option<u16>,
}

/// A symbol `s` and its file `f` (LEFT JOINed: a package has none): the columns of [`NodeRow`].
const NODE_COLS: &str = concat!(
    sym_text!("s", "f"),
    ", s.kind, s.name, s.qualname, s.signature, s.doc, f.path, \
    s.start_line, s.start_col, s.end_line, s.end_col, s.name_line, s.name_col, f.stale, f.size, f.mtime_ns"
);

/// What ranking a search's candidates reads: [`NODE_COLS`] without the text columns, then
/// the symbol's number and hub score.
const CANDIDATE_COLS: &str = concat!(
    file_node_text!("s", "f"),
    ", s.kind, s.name, s.qualname, NULL, NULL, f.path, \
    s.start_line, s.start_col, s.end_line, s.end_col, s.name_line, s.name_col, f.stale, f.size, f.mtime_ns, \
    s.id, coalesce(h.score, 0)"
);

fn node_row(r: &Row<'_>) -> SqlResult<NodeRow> {
    let file: Option<String> = r.get(6)?;
    let line: u32 = r.get(7)?;
    Ok(NodeRow {
        info: NodeInfo {
            node_id: r.get(0)?,
            kind: r.get(1)?,
            name: r.get(2)?,
            qualname: r.get(3)?,
            signature: r.get(4)?,
            doc: r.get(5)?,
            range: (line > 0)
                .then(|| -> SqlResult<RangeOut> {
                    Ok(RangeOut {
                        line,
                        col: r.get(8)?,
                        end_line: r.get(9)?,
                        end_col: r.get(10)?,
                        name_line: r.get(11)?,
                        name_col: r.get(12)?,
                    })
                })
                .transpose()?,
            stale: r.get::<_, Option<bool>>(13)?.unwrap_or(false),
            file,
            project: None,
        },
        size: r.get::<_, Option<i64>>(14)?.unwrap_or(0),
        mtime: r.get::<_, Option<i64>>(15)?.unwrap_or(0),
    })
}

fn strings(db: &Db, query: &str, params: impl rusqlite::Params) -> SqlResult<Vec<String>> {
    db.conn
        .prepare_cached(query)?
        .query_map(params, |r| r.get(0))?
        .collect()
}

fn edge_out(r: &Row<'_>) -> SqlResult<EdgeOut> {
    Ok(EdgeOut {
        source: r.get(0)?,
        target: r.get(1)?,
        target_name: r.get(2)?,
        kind: kind_at(r, 3)?.to_string(),
        line: r.get(4)?,
        col: r.get(5)?,
        resolution: resolution_at(r, 6)?.to_string(),
    })
}

/// Every reader's search index starts from these: read in the order of `symbols_name` (it holds
/// no file or package), 53 ms on Go's standard library where reading the table took 0.27-0.72 s.
const SYMBOL_NAMES: &str = "SELECT DISTINCT name FROM symbols WHERE qualname != '' ORDER BY name";

fn candidates_sql() -> String {
    format!(
        "SELECT {CANDIDATE_COLS} FROM symbols s JOIN files f ON f.id = s.file_id \
         LEFT JOIN hubs h ON h.node = s.id \
         WHERE s.name IN (SELECT value FROM json_each(?1)) AND s.qualname != '' LIMIT ?2"
    )
}

impl Db {
    /// The distinct names of the map's symbols (files and packages left out), sorted.
    pub fn symbol_names(&self) -> SqlResult<Vec<String>> {
        strings(self, SYMBOL_NAMES, [])
    }

    /// The symbols with one of these names, at most `room` of them.
    pub fn candidates(&self, names: &[&str], room: usize) -> SqlResult<Vec<CandidateRow>> {
        let list = serde_json::to_string(names)
            .map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))?;
        self.conn
            .prepare_cached(&candidates_sql())?
            .query_map(params![list, room as i64], |r| {
                Ok(CandidateRow {
                    row: node_row(r)?,
                    number: r.get(16)?,
                    hub: r.get(17)?,
                })
            })?
            .collect()
    }

    /// A symbol row by number.
    pub fn node_by_number(&self, number: i64) -> SqlResult<Option<NodeRow>> {
        self.conn
            .prepare_cached(&format!(
                "SELECT {NODE_COLS} FROM symbols s LEFT JOIN files f ON f.id = s.file_id WHERE s.id = ?1"
            ))?
            .query_row([number], node_row)
            .optional()
    }

    /// The rows of many node IDs in one query, each with the ID asked, in the order asked (an
    /// ID the map lacks is left out), as [`Db::node`] finds them one by one: a number kept in `nodes`, else the
    /// file's node and qualname (split at the first `#`).
    pub fn nodes(&self, ids: &[String]) -> SqlResult<Vec<(String, NodeRow)>> {
        let list = serde_json::to_string(ids)
            .map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))?;
        self.conn
            .prepare_cached(&format!(
                "WITH asked(i, id, file, qualname) AS (
                   SELECT key, value,
                     CASE WHEN instr(value, '#') > 0 THEN substr(value, 1, instr(value, '#') - 1) ELSE value END,
                     CASE WHEN instr(value, '#') > 0 THEN substr(value, instr(value, '#') + 1) ELSE '' END
                   FROM json_each(?1)),
                 numbered(i, id, n) AS (
                   SELECT a.i, a.id, coalesce(
                     (SELECT k.id FROM nodes k WHERE k.node_id = a.id),
                     (SELECT x.id FROM files g JOIN symbols x ON x.file_id = g.id
                       WHERE g.node = a.file AND x.qualname = a.qualname))
                   FROM asked a)
                 SELECT {NODE_COLS}, numbered.id FROM numbered
                 JOIN symbols s ON s.id = numbered.n LEFT JOIN files f ON f.id = s.file_id
                 ORDER BY numbered.i"
            ))?
            .query_map([list], |r| Ok((r.get(16)?, node_row(r)?)))?
            .collect()
    }

    /// A symbol, file or package row by node ID.
    pub fn node(&self, id: &str) -> SqlResult<Option<NodeRow>> {
        match self.number_of(id)? {
            Some(n) => self.node_by_number(n),
            None => Ok(None),
        }
    }

    /// Whether some edge points at this node (an external package has no row of its own).
    pub fn is_edge_target(&self, id: &str) -> SqlResult<bool> {
        let Some(n) = self.number_of(id)? else {
            return Ok(false);
        };
        self.conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM edges WHERE target = ?1)",
            [n],
            |r| r.get(0),
        )
    }

    /// Whether the map has indexed this workspace-relative path (a file ever seen).
    pub fn has_file(&self, path: &str) -> SqlResult<bool> {
        self.conn.query_row(
            "SELECT count(*) > 0 FROM files WHERE path = ?1",
            [path],
            |r| r.get(0),
        )
    }

    /// Whether the map indexed `path` at some time: it is in the map, or was deleted since.
    pub fn ever_indexed(&self, path: &str) -> SqlResult<bool> {
        self.conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM files WHERE path = ?1) OR EXISTS (SELECT 1 FROM gone WHERE path = ?1)",
            [path],
            |r| r.get(0),
        )
    }

    /// Every file path of the map, in order.
    pub fn all_paths(&self) -> SqlResult<Vec<String>> {
        strings(self, "SELECT path FROM files ORDER BY path", [])
    }

    /// The qualnames of a file's symbols, in source order.
    pub fn qualnames_in(&self, path: &str) -> SqlResult<Vec<String>> {
        strings(
            self,
            "SELECT s.qualname FROM symbols s JOIN files f ON f.id = s.file_id \
             WHERE f.path = ?1 AND s.qualname != '' ORDER BY s.start_line",
            [path],
        )
    }

    /// Unresolved calls whose last name is `name`, where they are written. From the name
    /// to its edges (`CROSS JOIN` keeps that order: by `target IS NULL` SQLite would read
    /// every unresolved edge, 4.3 s for `map_unused`'s 700 names on Go's `go/` and `net/`).
    pub fn untyped_calls_named(&self, name: &str) -> SqlResult<Vec<UntypedCall>> {
        self.calls_named_without_target(name, true, None)
    }

    /// Calls whose last name is `name` that no edge links to a definition, where they are
    /// written: the untyped ones ([`Db::untyped_calls_named`]) and those the resolver sent
    /// outside the workspace without a node (a receiver it took for another package's
    /// value), which may reach a symbol of that name as well (`map_unused`).
    pub fn unlinked_calls_named(&self, name: &str) -> SqlResult<Vec<UntypedCall>> {
        self.calls_named_without_target(name, false, None)
    }

    /// The first `limit` of [`Db::unlinked_calls_named`] (by file and line), for a caller
    /// that asks about a few of them: a common name (`get`) has thousands.
    pub fn first_unlinked_calls_named(
        &self,
        name: &str,
        limit: usize,
    ) -> SqlResult<Vec<UntypedCall>> {
        self.calls_named_without_target(name, false, Some(limit))
    }

    /// Calls named `name` with no target: only the unresolved ones (`untyped`), or any.
    fn calls_named_without_target(
        &self,
        name: &str,
        untyped: bool,
        limit: Option<usize>,
    ) -> SqlResult<Vec<UntypedCall>> {
        // SQLite reads a negative LIMIT as none.
        let limit = limit.map_or(-1, |n| i64::try_from(n).unwrap_or(i64::MAX));
        self.conn
            .prepare_cached(&format!(
                "SELECT f.path, e.line, e.col, {}, \
                 nm.name, e.args FROM names nm CROSS JOIN edges e ON e.name = nm.id JOIN files f ON f.id = e.file_id \
                 JOIN symbols n ON n.id = e.source JOIN files sf ON sf.id = n.file_id WHERE nm.leaf = ?1 AND e.kind = {CALLS} AND e.target IS NULL \
                 AND (?2 = 0 OR e.resolution = {UNRESOLVED}) AND e.line IS NOT NULL ORDER BY f.path, e.line, e.col LIMIT ?3",
                file_node_text!("n", "sf")
            ))?
            .query_map(params![name, untyped, limit], |r| {
                Ok(UntypedCall {
                    file: r.get(0)?,
                    line: r.get(1)?,
                    col: r.get(2)?,
                    source: r.get(3)?,
                    written: r.get(4)?,
                    args: r.get(5)?,
                })
            })?
            .collect()
    }

    /// The macro invocations of a file whose arguments could not be read as code (its
    /// `unread` facts, `3 quote` each: `model::unread_count`); with `within` (a qualname), only
    /// those in that symbol and its members.
    pub fn unread_macros(&self, path: &str, within: Option<&str>) -> SqlResult<Vec<String>> {
        self.conn
            .prepare_cached(
                "SELECT x.ty FROM files f JOIN facts x ON x.file_id = f.id \
                 WHERE f.path = ?1 AND x.role = 'unread' AND (?2 IS NULL OR x.qualname = ?2 \
                 OR substr(x.qualname, 1, length(?2) + 1) = ?2 || '.')",
            )?
            .query_map(params![path, within], |r| r.get(0))?
            .collect()
    }

    /// The edges out of (`outgoing`) or into a node, as the `all_edges` view shows them.
    pub fn edges_of(&self, id: &str, outgoing: bool) -> SqlResult<Vec<EdgeOut>> {
        let Some(n) = self.number_of(id)? else {
            return Ok(Vec::new());
        };
        let statement = if outgoing {
            format!(
                "SELECT ?2, {}, {}, e.kind, e.line, e.col, e.resolution FROM edges e \
                 WHERE e.file_id = (SELECT file_id FROM symbols WHERE id = ?1) AND e.source = ?1 \
                 UNION ALL \
                 SELECT ?2, {}, y.name, {CONTAINS}, y.name_line, y.name_col, {LOCAL} \
                 FROM symbols y LEFT JOIN files f ON f.id = y.file_id WHERE y.parent = ?1",
                node_text!("e.target"),
                edge_name!("e"),
                sym_text!("y", "f")
            )
        } else {
            format!(
                "SELECT {}, ?2, {}, e.kind, e.line, e.col, e.resolution FROM edges e WHERE e.target = ?1 \
                 UNION ALL \
                 SELECT {}, ?2, y.name, {CONTAINS}, y.name_line, y.name_col, {LOCAL} \
                 FROM symbols y WHERE y.id = ?1 AND y.parent IS NOT NULL",
                node_text!("e.source"),
                edge_name!("e"),
                node_text!("y.parent")
            )
        };
        self.conn
            .prepare_cached(&statement)?
            .query_map(params![n, id], edge_out)?
            .collect()
    }

    /// The files that were indexed (not skipped): (row id, path), in path order.
    pub fn indexed_files(&self) -> SqlResult<Vec<(i64, String)>> {
        self.conn
            .prepare_cached("SELECT id, path FROM files WHERE skip_reason IS NULL ORDER BY path")?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect()
    }

    /// The files that were indexed (not skipped): (path, language prefix), in path order.
    pub fn indexed_files_with_lang(&self) -> SqlResult<Vec<(String, String)>> {
        self.conn
            .prepare_cached("SELECT path, lang FROM files WHERE skip_reason IS NULL ORDER BY path")?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect()
    }

    /// Each pair of files with edges from the first into symbols of the second, and how many.
    pub fn file_links(&self, mut f: impl FnMut(i64, i64, i64)) -> SqlResult<()> {
        let mut st = self.conn.prepare(
            "SELECT e.file_id, t.file_id, count(*) FROM edges e JOIN symbols t ON t.id = e.target \
             WHERE t.file_id IS NOT NULL AND t.file_id != e.file_id GROUP BY 1, 2",
        )?;
        for r in st.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))? {
            let (a, b, n) = r?;
            f(a, b, n);
        }
        Ok(())
    }

    /// Each distinct use of a symbol from another file (or an `implements` from anywhere),
    /// imports left out.
    pub fn cross_file_uses(&self, mut f: impl FnMut(UseRow)) -> SqlResult<()> {
        let mut st = self.conn.prepare(&format!(
            "SELECT DISTINCT e.file_id, {}, \
             t.file_id, t.kind, coalesce(h.score, 0), coalesce(h.in_degree, 0), \
             CASE WHEN e.kind = {IMPLEMENTS} THEN e.source END \
             FROM edges e JOIN symbols t ON t.id = e.target JOIN files tf ON tf.id = t.file_id \
             LEFT JOIN hubs h ON h.node = t.id \
             WHERE e.kind != {IMPORTS} AND t.file_id IS NOT NULL AND (t.file_id != e.file_id OR e.kind = {IMPLEMENTS})",
            file_node_text!("t", "tf")
        ))?;
        let rows = st.query_map([], |r| {
            Ok(UseRow {
                from_file: r.get(0)?,
                node_id: r.get(1)?,
                file: r.get(2)?,
                kind: r.get(3)?,
                score: r.get(4)?,
                in_degree: r.get(5)?,
            })
        })?;
        for r in rows {
            f(r?);
        }
        Ok(())
    }

    /// Each language's files, skipped files, parse errors and symbols, by prefix: one pass
    /// over each table (a count per language through the `lang` index read every symbol's
    /// row: 21 s for the Linux kernel's 5 M symbols). A language with no file is absent.
    pub fn lang_counts(&self) -> SqlResult<BTreeMap<String, LangCounts>> {
        let mut out: BTreeMap<String, LangCounts> = BTreeMap::new();
        let mut st = self.conn.prepare(
            "SELECT lang, count(*), count(skip_reason), coalesce(sum(parse_error), 0) FROM files GROUP BY lang",
        )?;
        for r in st.query_map([], |r| {
            Ok((
                r.get::<_, String>(0)?,
                LangCounts {
                    files: r.get(1)?,
                    symbols: 0,
                    skipped: r.get(2)?,
                    parse_errors: r.get(3)?,
                },
            ))
        })? {
            let (lang, c) = r?;
            out.insert(lang, c);
        }
        let mut st = self
            .conn
            .prepare("SELECT lang, count(*) FROM symbols WHERE qualname != '' GROUP BY lang")?;
        for r in st.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))? {
            let (lang, n) = r?;
            out.entry(lang).or_default().symbols = n;
        }
        Ok(out)
    }

    /// Edges per kind, `contains` (a symbol's parent) counted as one.
    pub fn edge_counts(&self) -> SqlResult<BTreeMap<String, i64>> {
        let mut edges: BTreeMap<String, i64> = self
            .conn
            .prepare("SELECT kind, count(*) FROM edges GROUP BY kind")?
            .query_map([], |r| Ok((kind_at(r, 0)?.to_string(), r.get(1)?)))?
            .collect::<SqlResult<_>>()?;
        let contains: i64 = self.conn.query_row(
            "SELECT count(*) FROM symbols WHERE parent IS NOT NULL",
            [],
            |r| r.get(0),
        )?;
        edges.insert("contains".into(), contains);
        Ok(edges)
    }

    /// The files left out of the map, and why, by path.
    pub fn skipped_files(&self) -> SqlResult<Vec<Skipped>> {
        self.conn
            .prepare(
                "SELECT path, skip_reason FROM files WHERE skip_reason IS NOT NULL ORDER BY path",
            )?
            .query_map([], |r| {
                Ok(Skipped {
                    path: r.get(0)?,
                    reason: r.get(1)?,
                })
            })?
            .collect()
    }

    /// The files extracted with syntax errors, in order.
    pub fn parse_error_files(&self) -> SqlResult<Vec<String>> {
        strings(
            self,
            "SELECT path FROM files WHERE parse_error <> 0 ORDER BY path",
            [],
        )
    }

    /// One file's stamp when indexed; `None` for a file the map does not hold.
    pub fn file_stamp(&self, path: &str) -> SqlResult<Option<StaleRow>> {
        self.conn
            .prepare_cached("SELECT path, size, mtime_ns, stale FROM files WHERE path = ?1")?
            .query_row([path], |r| {
                Ok(StaleRow {
                    path: r.get(0)?,
                    size: r.get(1)?,
                    mtime: r.get(2)?,
                    flagged: r.get(3)?,
                })
            })
            .optional()
    }

    /// The blake3 hash of a file's bytes when indexed (`None`: not held, or skipped unread).
    pub fn hash_of_file(&self, path: &str) -> SqlResult<Option<String>> {
        Ok(self
            .conn
            .prepare_cached("SELECT hash FROM files WHERE path = ?1")?
            .query_row([path], |r| r.get::<_, Option<String>>(0))
            .optional()?
            .flatten())
    }

    /// Every file's stamp when indexed, by path.
    pub fn file_stamps(&self) -> SqlResult<Vec<StaleRow>> {
        self.conn
            .prepare("SELECT path, size, mtime_ns, stale FROM files ORDER BY path")?
            .query_map([], |r| {
                Ok(StaleRow {
                    path: r.get(0)?,
                    size: r.get(1)?,
                    mtime: r.get(2)?,
                    flagged: r.get(3)?,
                })
            })?
            .collect()
    }
}

/// A symbol of the files `map_unused` looks at: what it asks of the symbol's declaration.
#[derive(Debug, Clone)]
pub struct ScopeSymbol {
    pub number: i64,
    pub node_id: String,
    pub kind: String,
    pub name: String,
    pub qualname: String,
    pub parent: Option<i64>,
    pub path: String,
    pub lang: String,
    /// The package its file states (Go), if any.
    pub package: Option<String>,
    pub signature: Option<String>,
    pub start_line: u32,
    pub name_line: u32,
    pub end_line: u32,
    /// The name's column (characters, 1-based).
    pub name_col: u32,
}

/// An edge into a symbol of `map_unused`'s files, by node numbers: the source, its parent
/// and its file's path.
#[derive(Debug, Clone)]
pub struct InEdge {
    pub target: i64,
    pub source: i64,
    pub source_parent: Option<i64>,
    pub source_path: String,
    pub kind: EdgeKind,
}

/// An `implements` or `extends` edge out of a symbol, by node numbers: its base (`None`:
/// unresolved) and whether the base is a symbol of the map (not an `ext:` node).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BaseEdge {
    pub source: i64,
    pub base: Option<i64>,
    pub in_map: bool,
}

/// The files under `scope` (a file's path, or a folder: every file under it; `None`: every
/// file), as a clause on `$f.path` with the parameters `?1` (the path) and `?2` (the folder
/// with its trailing `/`).
macro_rules! in_scope {
    ($f:literal) => {
        concat!(
            "(?1 IS NULL OR ",
            $f,
            ".path = ?1 OR substr(",
            $f,
            ".path, 1, length(?2)) = ?2)"
        )
    };
}

fn scope_params(scope: Option<&str>) -> (Option<&str>, Option<String>) {
    let scope = scope
        .map(|s| s.trim_end_matches('/'))
        .filter(|s| !s.is_empty());
    (scope, scope.map(|s| format!("{s}/")))
}

impl Db {
    /// The symbols (files and packages left out) of the indexed files under `scope`, by
    /// file and line (`map_unused`).
    pub fn scope_symbols(&self, scope: Option<&str>) -> SqlResult<Vec<ScopeSymbol>> {
        self.conn
            .prepare_cached(concat!(
                "SELECT s.id, ",
                file_node_text!("s", "f"),
                ", s.kind, s.name, s.qualname, s.parent, f.path, f.lang, f.package, s.signature, \
                 s.start_line, s.name_line, s.end_line, s.name_col FROM files f JOIN symbols s ON s.file_id = f.id \
                 WHERE f.skip_reason IS NULL AND s.qualname != '' AND ",
                in_scope!("f"),
                " ORDER BY f.path, s.start_line, s.start_col"
            ))?
            .query_map(params![scope_params(scope).0, scope_params(scope).1], |r| {
                Ok(ScopeSymbol {
                    number: r.get(0)?,
                    node_id: r.get(1)?,
                    kind: r.get(2)?,
                    name: r.get(3)?,
                    qualname: r.get(4)?,
                    parent: r.get(5)?,
                    path: r.get(6)?,
                    lang: r.get(7)?,
                    package: r.get(8)?,
                    signature: r.get(9)?,
                    start_line: r.get(10)?,
                    name_line: r.get(11)?,
                    end_line: r.get(12)?,
                    name_col: r.get(13)?,
                })
            })?
            .collect()
    }

    /// Every edge into a symbol of the files under `scope` (`map_unused`'s reached symbols).
    pub fn edges_into_scope(&self, scope: Option<&str>) -> SqlResult<Vec<InEdge>> {
        self.conn
            .prepare_cached(concat!(
                "SELECT e.target, e.source, src.parent, ef.path, e.kind \
                 FROM files f JOIN symbols t ON t.file_id = f.id JOIN edges e ON e.target = t.id \
                 JOIN files ef ON ef.id = e.file_id LEFT JOIN symbols src ON src.id = e.source \
                 WHERE f.skip_reason IS NULL AND t.qualname != '' AND ",
                in_scope!("f")
            ))?
            .query_map(params![scope_params(scope).0, scope_params(scope).1], |r| {
                Ok(InEdge {
                    target: r.get(0)?,
                    source: r.get(1)?,
                    source_parent: r.get(2)?,
                    source_path: r.get(3)?,
                    kind: edge_kind_at(r, 4)?,
                })
            })?
            .collect()
    }

    /// The `implements` and `extends` edges written in the files under `scope`.
    pub fn bases_in_scope(&self, scope: Option<&str>) -> SqlResult<Vec<BaseEdge>> {
        self.conn
            .prepare_cached(&format!(
                "SELECT e.source, e.target, EXISTS (SELECT 1 FROM symbols b WHERE b.id = e.target) \
                 FROM files f JOIN edges e ON e.file_id = f.id \
                 WHERE e.kind IN ({IMPLEMENTS}, {EXTENDS}) AND {}",
                in_scope!("f")
            ))?
            .query_map(
                params![scope_params(scope).0, scope_params(scope).1],
                base_edge,
            )?
            .collect()
    }

    /// The `implements` and `extends` edges out of one symbol (a base outside the scope).
    pub fn bases_of(&self, number: i64) -> SqlResult<Vec<BaseEdge>> {
        self.conn
            .prepare_cached(&format!(
                "SELECT e.source, e.target, EXISTS (SELECT 1 FROM symbols b WHERE b.id = e.target) \
                 FROM edges e WHERE e.file_id = (SELECT file_id FROM symbols WHERE id = ?1) \
                 AND e.source = ?1 AND e.kind IN ({IMPLEMENTS}, {EXTENDS})"
            ))?
            .query_map([number], base_edge)?
            .collect()
    }

    /// The types that extend or implement the symbol numbered `number` (its direct subtypes).
    pub fn subtypes_of(&self, number: i64) -> SqlResult<Vec<i64>> {
        self.conn
            .prepare_cached(&format!(
                "SELECT DISTINCT e.source FROM edges e \
                 WHERE e.target = ?1 AND e.source IS NOT NULL AND e.kind IN ({IMPLEMENTS}, {EXTENDS})"
            ))?
            .query_map([number], |r| r.get(0))?
            .collect()
    }

    /// Whether the symbol numbered `parent` has a member named `name`.
    pub fn has_member_named(&self, parent: i64, name: &str) -> SqlResult<bool> {
        self.conn
            .prepare_cached(
                "SELECT EXISTS (SELECT 1 FROM symbols WHERE parent = ?1 AND name = ?2)",
            )?
            .query_row(params![parent, name], |r| r.get(0))
    }
}

fn base_edge(r: &Row<'_>) -> SqlResult<BaseEdge> {
    Ok(BaseEdge {
        source: r.get(0)?,
        base: r.get(1)?,
        in_map: r.get(2)?,
    })
}

/// An [`EdgeSite`] from a row of (file, line, col, kind, other end).
fn edge_site(r: &Row<'_>) -> SqlResult<EdgeSite> {
    Ok(EdgeSite {
        file: r.get(0)?,
        line: r.get(1)?,
        col: r.get(2)?,
        kind: kind_at(r, 3)?.to_string(),
        other: r.get(4)?,
    })
}

#[cfg(test)]
mod tests {
    /// `nodes` (one query) finds what `node` finds one ID at a time: every symbol, file and
    /// package of a real map, in the order asked, and leaves out the IDs it lacks.
    #[test]
    fn many_nodes_in_one_query_are_the_nodes_one_at_a_time() {
        let root =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/go_app");
        let dir = tempfile::tempdir().expect("tempdir");
        let db = dir.path().join("map.db");
        let mut opts = crate::index::IndexOptions::new(root);
        opts.db = Some(db.clone());
        crate::index::run(&opts, &crate::index::NoProgress).expect("index");
        let db = super::super::open_for_read(&db).expect("open");
        let mut ids: Vec<String> = db
            .conn
            .prepare("SELECT node_id FROM nodes UNION SELECT f.node || '#' || s.qualname FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.qualname != '' UNION SELECT node FROM files")
            .expect("ids")
            .query_map([], |r| r.get(0))
            .expect("ids")
            .map(|r| r.expect("id"))
            .collect();
        assert!(ids.len() > 20, "{}", ids.len());
        ids.push("go:no/such.go#Nothing".into());
        ids.push("not an id".into());
        ids.reverse();
        let one: Vec<(String, String)> = ids
            .iter()
            .filter_map(|id| {
                Some((
                    id.clone(),
                    format!("{:?}", db.node(id).expect("node")?.info),
                ))
            })
            .collect();
        let many: Vec<(String, String)> = db
            .nodes(&ids)
            .expect("nodes")
            .into_iter()
            .map(|(id, r)| (id, format!("{:?}", r.info)))
            .collect();
        assert!(
            one.len() + 2 <= ids.len() && one.len() > 20,
            "{}",
            one.len()
        );
        assert_eq!(one, many);
    }

    /// The search's reads use the index on name (a partial index: a statement that does not
    /// say `qualname != ''` would read the whole table instead).
    #[test]
    fn search_reads_go_through_the_name_index() {
        let conn = rusqlite::Connection::open_in_memory().expect("open");
        conn.execute_batch(super::super::SCHEMA).expect("schema");
        let plan = |sql: &str, params: &[&dyn rusqlite::ToSql]| -> String {
            let mut st = conn
                .prepare(&format!("EXPLAIN QUERY PLAN {sql}"))
                .expect("explain");
            let rows = st
                .query_map(params, |r| r.get::<_, String>(3))
                .expect("plan");
            rows.map(|r| r.expect("row")).collect::<Vec<_>>().join("; ")
        };
        let names = plan(super::SYMBOL_NAMES, &[]);
        assert!(names.contains("INDEX symbols_name"), "{names}");
        let candidates = plan(&super::candidates_sql(), &[&"[\"x\"]", &10]);
        assert!(candidates.contains("INDEX symbols_name"), "{candidates}");
    }
}
