//! The map's typed lookups for the live tools (`nav_*`): symbols by ID, by name or at a
//! position, edges into and out of a symbol, subtypes. Every statement is here, behind
//! [`Map`]; callers get [`MapSymbol`]s and [`EdgeSite`]s, never rows, and group several
//! lookups of one answer in a [`Map::snapshot`].

use crate::envelope::ToolError;
use crate::model::Pos;
use crate::query::Map;
use rusqlite::{params, Row};

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

const SYM_COLS: &str = "n.node_id, f.path, s.name_line, s.name_col, s.end_line, s.kind, s.name, p.node_id, s.signature, s.doc";
/// The tables `SYM_COLS` reads: a symbol, its file, its node ID and its parent's.
const SYM_FROM: &str = "symbols s JOIN files f ON f.id = s.file_id JOIN nodes n ON n.id = s.id \
     LEFT JOIN nodes p ON p.id = s.parent";

fn sym_row(r: &Row<'_>) -> rusqlite::Result<MapSymbol> {
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
    })
}

fn sql(e: rusqlite::Error) -> ToolError {
    ToolError::internal(format!("map query failed: {e}"))
}

impl Map {
    fn symbols_where(
        &self,
        clause: &str,
        args: impl rusqlite::Params,
    ) -> Result<Vec<MapSymbol>, ToolError> {
        self.conn()
            .prepare_cached(&format!("SELECT {SYM_COLS} FROM {SYM_FROM} WHERE {clause}"))
            .map_err(sql)?
            .query_map(args, sym_row)
            .map_err(sql)?
            .collect::<Result<_, _>>()
            .map_err(sql)
    }

    /// The symbol with this node ID (files included; packages, which have no file, are not).
    pub fn symbol(&self, id: &str) -> Result<Option<MapSymbol>, ToolError> {
        Ok(self
            .symbols_where("n.node_id = ?1", [id])?
            .into_iter()
            .next())
    }

    /// Symbols whose name starts at this spot.
    pub fn defined_at(&self, file: &str, line: u32, col: u32) -> Result<Vec<MapSymbol>, ToolError> {
        self.symbols_where(
            "f.path = ?1 AND s.name_line = ?2 AND s.name_col = ?3 AND s.qualname != ''",
            params![file, line, col],
        )
    }

    /// Symbols of this name, those in `file` first, at most 20.
    pub fn symbols_named(&self, name: &str, file: &str) -> Result<Vec<MapSymbol>, ToolError> {
        self.symbols_where(
            "s.name = ?1 AND s.qualname != '' ORDER BY (f.path = ?2) DESC, f.path, s.name_line LIMIT 20",
            params![name, file],
        )
    }

    /// The members of `parent` named `name` (a subtype's override of a method).
    pub fn members_named(&self, parent: &str, name: &str) -> Result<Vec<MapSymbol>, ToolError> {
        self.symbols_where("p.node_id = ?1 AND s.name = ?2", params![parent, name])
    }

    /// The resolved edges written on one line of a file.
    pub fn edges_on_line(&self, file: &str, line: u32) -> Result<Vec<EdgeOnLine>, ToolError> {
        self.conn()
            .prepare_cached(
                "SELECT t.node_id, e.target_name, e.col FROM edges e JOIN files f ON f.id = e.file_id \
                 JOIN nodes t ON t.id = e.target WHERE f.path = ?1 AND e.line = ?2",
            )
            .map_err(sql)?
            .query_map(params![file, line], |r| {
                Ok(EdgeOnLine {
                    target: r.get(0)?,
                    target_name: r.get(1)?,
                    col: r.get(2)?,
                })
            })
            .map_err(sql)?
            .collect::<Result<_, _>>()
            .map_err(sql)
    }

    /// Edges into `target` where they are written (`other` is each edge's source), of the
    /// given kinds, or of every kind when `kinds` is empty.
    pub fn edges_into(&self, target: &str, kinds: &[&str]) -> Result<Vec<EdgeSite>, ToolError> {
        let mut out = self.edge_sites(
            "SELECT f.path, e.line, e.col, e.kind, o.node_id FROM nodes n JOIN edges e ON e.target = n.id \
             JOIN files f ON f.id = e.file_id JOIN nodes o ON o.id = e.source \
             WHERE n.node_id = ?1 AND e.line IS NOT NULL",
            target,
        )?;
        out.retain(|e| kinds.is_empty() || kinds.contains(&e.kind.as_str()));
        Ok(out)
    }

    /// Resolved `calls` edges out of `source` (`other` is each edge's target).
    pub fn calls_out_of(&self, source: &str) -> Result<Vec<EdgeSite>, ToolError> {
        self.edge_sites(
            "SELECT f.path, e.line, e.col, e.kind, o.node_id FROM nodes n JOIN edges e ON e.source = n.id \
             JOIN files f ON f.id = e.file_id JOIN nodes o ON o.id = e.target \
             WHERE n.node_id = ?1 AND e.kind = 'calls'",
            source,
        )
    }

    fn edge_sites(&self, statement: &str, node: &str) -> Result<Vec<EdgeSite>, ToolError> {
        self.conn()
            .prepare_cached(statement)
            .map_err(sql)?
            .query_map([node], |r| {
                Ok(EdgeSite {
                    file: r.get(0)?,
                    line: r.get(1)?,
                    col: r.get(2)?,
                    kind: r.get(3)?,
                    other: r.get(4)?,
                })
            })
            .map_err(sql)?
            .collect::<Result<_, _>>()
            .map_err(sql)
    }

    /// The types that implement or extend `id` directly.
    pub fn direct_subtypes(&self, id: &str) -> Result<Vec<String>, ToolError> {
        self.conn()
            .prepare_cached(
                "SELECT DISTINCT o.node_id FROM nodes n JOIN edges e ON e.target = n.id \
                 JOIN nodes o ON o.id = e.source WHERE n.node_id = ?1 AND e.kind IN ('implements', 'extends')",
            )
            .map_err(sql)?
            .query_map([id], |r| r.get(0))
            .map_err(sql)?
            .collect::<Result<_, _>>()
            .map_err(sql)
    }

    /// The first file of a language in the map (by path), if it has one.
    pub fn first_file_of(&self, lang: &str) -> Result<Option<String>, ToolError> {
        self.conn()
            .prepare_cached(
                "SELECT path FROM files WHERE lang = ?1 AND skip_reason IS NULL ORDER BY path LIMIT 1",
            )
            .map_err(sql)?
            .query_map([lang], |r| r.get(0))
            .map_err(sql)?
            .next()
            .transpose()
            .map_err(sql)
    }

    /// The ID prefixes of the languages the map holds files of.
    pub fn languages(&self) -> Result<Vec<String>, ToolError> {
        self.conn()
            .prepare_cached("SELECT DISTINCT lang FROM files")
            .map_err(sql)?
            .query_map([], |r| r.get(0))
            .map_err(sql)?
            .collect::<Result<_, _>>()
            .map_err(sql)
    }

    /// The map's symbol named at this spot, else the innermost one around it, else the type
    /// an implementation on this line is for (Rust's `impl Trait for Type`, which is no
    /// symbol), else the file.
    pub fn node_at(&self, file: &str, pos: Pos) -> Option<String> {
        self.conn()
            .prepare_cached(
                "SELECT n.node_id FROM symbols s JOIN files f ON f.id = s.file_id JOIN nodes n ON n.id = s.id \
                 WHERE f.path = ?1 AND s.start_line <= ?2 AND s.end_line >= ?2 AND s.qualname != '' \
                 ORDER BY (s.name_line = ?2 AND s.name_col <= ?3 AND s.name_end_col > ?3) DESC, \
                          (s.end_line - s.start_line) ASC, s.start_line DESC LIMIT 1",
            )
            .ok()?
            .query_row(params![file, pos.line, pos.col], |r| r.get(0))
            .ok()
            .or_else(|| {
                self.conn()
                    .prepare_cached(
                        "SELECT n.node_id FROM edges e JOIN files f ON f.id = e.file_id \
                         JOIN symbols s ON s.id = e.source JOIN nodes n ON n.id = e.source \
                         WHERE f.path = ?1 AND e.kind = 'implements' AND e.line = ?2 \
                         AND s.kind IN ('class', 'struct', 'type', 'interface') ORDER BY e.col LIMIT 1",
                    )
                    .ok()?
                    .query_row(params![file, pos.line], |r| r.get(0))
                    .ok()
            })
            .or_else(|| {
                self.conn()
                    .prepare_cached(
                        "SELECT n.node_id FROM symbols s JOIN files f ON f.id = s.file_id JOIN nodes n ON n.id = s.id \
                         WHERE f.path = ?1 AND s.qualname = '' LIMIT 1",
                    )
                    .ok()?
                    .query_row([file], |r| r.get(0))
                    .ok()
            })
    }
}
