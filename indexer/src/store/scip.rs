//! The SCIP export's reads (`export::scip`): the tree of nodes, the package nodes, the files,
//! and one file's rows at a time, all inside one read transaction ([`Db::export_snapshot`]).

use super::db::code::{CALLS, EXTENDS, EXTERNAL, IMPLEMENTS, USES};
use super::db::{Db, Snapshot, SqlResult};
use crate::model::{EdgeKind, Import, Kind};
use std::collections::HashMap;

/// A symbol row of the map (positions 1-based, columns in characters, end exclusive).
#[derive(Debug, Clone, PartialEq)]
pub struct DocSymbol {
    /// Its node number.
    pub id: i64,
    pub name: String,
    pub kind: Kind,
    pub start: (u32, u32),
    pub end: (u32, u32),
    pub name_line: u32,
    pub name_cols: (u32, u32),
    pub signature: Option<String>,
    pub doc: Option<String>,
    pub parent: Option<i64>,
    /// The kind of its parent (`Interface` makes a method abstract).
    pub parent_kind: Option<Kind>,
}

/// An edge found in the file, its target resolved.
#[derive(Debug, Clone, PartialEq)]
pub struct DocEdge {
    pub source: i64,
    pub target: i64,
    pub target_name: String,
    pub kind: EdgeKind,
    pub line: Option<u32>,
    pub col: Option<u32>,
}

/// The map's rows for one file, as a SCIP document is made of them.
pub struct DocRows {
    pub symbols: Vec<DocSymbol>,
    pub edges: Vec<DocEdge>,
    /// `implements` and `extends` edges out of the file's symbols.
    pub bases: Vec<DocEdge>,
    /// A method of the file and the method of the same name in a type its type extends or
    /// implements, by node number.
    pub overrides: Vec<(i64, i64)>,
    /// Node ID text of every node the rows name.
    pub ids: HashMap<i64, String>,
    /// Edges into libraries the map keeps without a target (`external`): source, written
    /// name, kind, position (`target` 0).
    pub library: Vec<DocEdge>,
    pub imports: Vec<Import>,
}

/// A package node and the file whose document defines it: the first, by path, of those with
/// a doc comment (the package's documentation is there), else the first.
#[derive(Debug, Clone)]
pub struct PackageRow {
    pub id: i64,
    pub node_id: String,
    pub name: String,
    pub doc: Option<String>,
    pub first_file: i64,
}

/// A file the export writes a document for.
#[derive(Debug, Clone)]
pub struct ExportFile {
    pub id: i64,
    pub path: String,
    pub lang: String,
    pub package: Option<String>,
    /// (size, mtime_ns) when indexed.
    pub stamp: (i64, i64),
}

const SYMBOLS_SQL: &str = concat!(
    "SELECT y.id, ",
    file_node_text!("y", "f"),
    ", y.name, y.kind, y.start_line, y.start_col, y.end_line, y.end_col,
       y.name_line, y.name_col, y.name_end_col, y.signature, y.doc, y.parent, p.kind, ",
    node_text!("y.parent"),
    " FROM symbols y JOIN files f ON f.id = y.file_id
     LEFT JOIN symbols p ON p.id = y.parent
     WHERE y.file_id = ?1
     ORDER BY y.start_line, y.start_col, y.id"
);

fn edges_sql() -> String {
    format!(
        "SELECT e.source, e.target, {}, {}, e.kind, e.line, e.col
         FROM edges e
         WHERE e.file_id = ?1 AND e.kind != {IMPLEMENTS} AND e.target IS NOT NULL
         ORDER BY e.id",
        node_text!("e.target"),
        edge_name!("e")
    )
}

fn library_sql() -> String {
    format!(
        "SELECT e.source, 0, '', {}, e.kind, e.line, e.col FROM edges e
         WHERE e.file_id = ?1 AND e.target IS NULL AND e.resolution = {EXTERNAL} AND e.line IS NOT NULL
           AND e.kind IN ({CALLS}, {USES}, {EXTENDS})
         ORDER BY e.id",
        edge_name!("e")
    )
}

fn bases_sql() -> String {
    format!(
        "SELECT e.source, e.target, {}, {}, e.kind, e.line, e.col
         FROM edges e
         WHERE e.file_id = ?1 AND e.kind IN ({IMPLEMENTS}, {EXTENDS}) AND e.target IS NOT NULL
         ORDER BY e.id",
        node_text!("e.target"),
        edge_name!("e")
    )
}

/// A method of the file and the method of the same name in a type its type extends or
/// implements (a method's parent is in its own file). The joins run in the order written
/// (CROSS JOIN, and no index on the name): the file's extends and implements edges, then the
/// methods of each edge's source, then the same-named methods of its target; by name first, a
/// method called `__init__` would meet every other `__init__`. In the order of the code, not of
/// node numbers (which follow the order files were extracted in), so that two builds of the
/// same code export the same bytes.
fn overrides_sql() -> String {
    format!(
        "SELECT m.id, b.id, {}
         FROM edges e CROSS JOIN symbols m CROSS JOIN symbols b CROSS JOIN files bf
         WHERE e.file_id = ?1 AND e.kind IN ({EXTENDS}, {IMPLEMENTS})
           AND m.parent = e.source AND m.kind = 'method' AND m.file_id = ?1
           AND b.parent = e.target AND +b.name = m.name AND b.kind = 'method'
           AND bf.id = b.file_id
         ORDER BY m.start_line, m.start_col, bf.path, b.start_line, b.start_col, m.id, b.id",
        file_node_text!("b", "bf")
    )
}

fn doc_edge(r: &rusqlite::Row) -> SqlResult<(DocEdge, String)> {
    let kind: i64 = r.get(4)?;
    Ok((
        DocEdge {
            source: r.get(0)?,
            target: r.get(1)?,
            target_name: r.get(3)?,
            kind: EdgeKind::from_code(kind).unwrap_or(EdgeKind::Calls),
            line: r.get(5)?,
            col: r.get(6)?,
        },
        r.get(2)?,
    ))
}

impl Db {
    /// One state of the map for a whole export, whatever a watcher commits meanwhile, read
    /// through a bounded page cache, not a map of the whole file: an export touches every
    /// page once, and a mapped file's pages would count as this process's memory.
    pub fn export_snapshot(&self) -> SqlResult<Snapshot<'_>> {
        self.conn
            .execute_batch("PRAGMA mmap_size = 0; PRAGMA cache_size = -16384;")?;
        self.snapshot()
    }

    /// Each node's kind and parent number (0: none), indexed by node number.
    pub fn node_tree(&self) -> SqlResult<Vec<(Option<Kind>, i64)>> {
        let max: i64 = self
            .conn
            .query_row(
                "SELECT max(coalesce((SELECT max(id) FROM symbols), 0), coalesce((SELECT max(id) FROM nodes), 0))",
                [],
                |r| r.get(0),
            )?;
        let mut nodes = vec![(None, 0i64); usize::try_from(max).unwrap_or(0) + 1];
        let mut stmt = self
            .conn
            .prepare("SELECT id, kind, coalesce(parent, 0) FROM symbols")?;
        let mut rows = stmt.query([])?;
        while let Some(r) = rows.next()? {
            let id: i64 = r.get(0)?;
            let kind: String = r.get(1)?;
            if let Some(slot) = usize::try_from(id).ok().and_then(|i| nodes.get_mut(i)) {
                *slot = (Kind::parse(&kind), r.get(2)?);
            }
        }
        Ok(nodes)
    }

    /// Each node that an edge in another file than its own names.
    pub fn targets_named_elsewhere(&self, mut f: impl FnMut(i64)) -> SqlResult<()> {
        let mut stmt = self.conn.prepare(
            "SELECT DISTINCT e.target FROM edges e JOIN symbols t ON t.id = e.target
             WHERE t.file_id IS NOT e.file_id",
        )?;
        for t in stmt.query_map([], |r| r.get::<_, i64>(0))? {
            f(t?);
        }
        Ok(())
    }

    /// The package nodes, by number.
    pub fn package_nodes(&self) -> SqlResult<HashMap<i64, PackageRow>> {
        let mut stmt = self.conn.prepare(
            "SELECT y.id, n.node_id, y.name, y.doc,
                    (SELECT f.id FROM symbols c JOIN files f ON f.id = c.file_id
                     WHERE c.parent = y.id AND c.kind = 'file' ORDER BY c.doc IS NULL, f.path LIMIT 1)
             FROM symbols y JOIN nodes n ON n.id = y.id WHERE y.kind = 'package' AND y.file_id IS NULL",
        )?;
        let rows = stmt.query_map([], |r| {
            Ok(PackageRow {
                id: r.get(0)?,
                node_id: r.get(1)?,
                name: r.get(2)?,
                doc: r.get(3)?,
                first_file: r.get::<_, Option<i64>>(4)?.unwrap_or(0),
            })
        })?;
        rows.map(|p| p.map(|p| (p.id, p))).collect()
    }

    /// The files that were indexed (not skipped), by path.
    pub fn export_files(&self) -> SqlResult<Vec<ExportFile>> {
        self.conn
            .prepare(
                "SELECT id, path, lang, package, size, mtime_ns FROM files
                 WHERE skip_reason IS NULL ORDER BY path",
            )?
            .query_map([], |r| {
                Ok(ExportFile {
                    id: r.get(0)?,
                    path: r.get(1)?,
                    lang: r.get(2)?,
                    package: r.get(3)?,
                    stamp: (r.get(4)?, r.get(5)?),
                })
            })?
            .collect()
    }

    /// Edges whose target the map does not know.
    pub fn count_unresolved_edges(&self) -> SqlResult<u64> {
        self.conn
            .query_row("SELECT count(*) FROM edges WHERE target IS NULL", [], |r| {
                r.get(0)
            })
    }

    /// One file's rows for its document.
    pub fn doc_rows(&self, file_id: i64) -> SqlResult<DocRows> {
        let conn = &self.conn;
        let mut ids = HashMap::new();
        let mut symbols = Vec::new();
        let mut stmt = conn.prepare_cached(SYMBOLS_SQL)?;
        let mut rows = stmt.query([file_id])?;
        while let Some(r) = rows.next()? {
            let kind: String = r.get(3)?;
            let Some(kind) = Kind::parse(&kind) else {
                continue;
            };
            let id: i64 = r.get(0)?;
            ids.insert(id, r.get(1)?);
            let parent: Option<i64> = r.get(13)?;
            if let (Some(p), Some(pid)) = (parent, r.get::<_, Option<String>>(15)?) {
                ids.insert(p, pid);
            }
            symbols.push(DocSymbol {
                id,
                name: r.get(2)?,
                kind,
                start: (r.get(4)?, r.get(5)?),
                end: (r.get(6)?, r.get(7)?),
                name_line: r.get(8)?,
                name_cols: (r.get(9)?, r.get(10)?),
                signature: r.get(11)?,
                doc: r.get(12)?,
                parent,
                parent_kind: r
                    .get::<_, Option<String>>(14)?
                    .and_then(|k| Kind::parse(&k)),
            });
        }
        let mut edges_of = |sql: &str| -> SqlResult<Vec<DocEdge>> {
            let mut stmt = conn.prepare_cached(sql)?;
            let rows = stmt.query_map([file_id], doc_edge)?;
            let mut out = Vec::new();
            for row in rows {
                let (e, target_id) = row?;
                ids.insert(e.target, target_id);
                out.push(e);
            }
            Ok(out)
        };
        let edges = edges_of(&edges_sql())?;
        let bases = edges_of(&bases_sql())?;
        let library = conn
            .prepare_cached(&library_sql())?
            .query_map([file_id], doc_edge)?
            .map(|r| r.map(|(e, _)| e))
            .collect::<SqlResult<Vec<_>>>()?;
        let imports = self.file_imports(file_id)?;
        let mut overrides = Vec::new();
        let mut stmt = conn.prepare_cached(&overrides_sql())?;
        let mut rows = stmt.query([file_id])?;
        while let Some(r) = rows.next()? {
            let (m, b): (i64, i64) = (r.get(0)?, r.get(1)?);
            ids.insert(b, r.get(2)?);
            overrides.push((m, b));
        }
        overrides.dedup();
        Ok(DocRows {
            symbols,
            edges,
            bases,
            overrides,
            ids,
            library,
            imports,
        })
    }
}
