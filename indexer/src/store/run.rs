//! An index run's reads inside its own transaction (the files a cold run wrote, a file's
//! references to re-resolve, the files an edit reaches), and its run-wide steps (the
//! secondary indexes, hub scores, counts). What it writes of a file is `file_rows`'s; its
//! edges, `edges`'.

use super::db::code::{CALLS, EXTENDS, IMPLEMENTS, IMPORTS, USES};
use super::db::{edge_kind_at, fact_at, import_at, Db, SqlResult, SCHEMA};
use crate::lang::Lang;
use crate::model::{EdgeKind, Import, Kind, Resolution, TypeFact};
use crate::walk::parent_dir;
use rusqlite::{params, OptionalExtension};
use std::collections::HashMap;

/// A stored edge an incremental run resolves again.
#[derive(Debug, Clone)]
pub struct StoredRef {
    pub id: i64,
    pub file_id: i64,
    pub path: String,
    pub lang: String,
    /// The source's node ID.
    pub source: String,
    pub target_name: String,
    pub kind: EdgeKind,
    pub hint: Option<String>,
    pub args: Option<u16>,
    pub arg_types: Option<String>,
    /// What it resolved to when last written: its target's number and resolution class.
    pub target: Option<i64>,
    pub resolution: Option<Resolution>,
}

/// A stored reference by what it names: [`Db::typed_ref_names_in_file`].
#[derive(Debug, Clone)]
pub struct RefName {
    pub id: i64,
    pub target_name: String,
    pub hint: Option<String>,
    pub resolved: bool,
}

/// One file a cold run extracted, read back as the writer stored it: what the in-memory
/// symbol index is built from once extraction is over (so that it does not share the
/// extraction's memory).
#[derive(Debug)]
pub struct StoredFile {
    pub path: String,
    pub lang: Lang,
    /// Its file node's number.
    pub file_number: i64,
    /// Its symbols (qualname, kind) and their numbers, in the order they were written.
    pub symbols: Vec<(Box<str>, Kind)>,
    pub numbers: Vec<i64>,
    pub facts: Vec<TypeFact>,
    pub imports: Vec<Import>,
}

/// A table's rows in the order written, handed out file by file. A cold run writes each
/// file's rows together and files in the order of their ids, so every table is in file
/// order; a row out of that order is an error, not a row silently passed over.
struct ByFile<'s, T> {
    rows: rusqlite::Rows<'s>,
    decode: fn(&rusqlite::Row<'_>) -> SqlResult<T>,
    next: Option<(i64, T)>,
    last: i64,
}

impl<'s, T> ByFile<'s, T> {
    fn new(
        rows: rusqlite::Rows<'s>,
        decode: fn(&rusqlite::Row<'_>) -> SqlResult<T>,
    ) -> SqlResult<Self> {
        let mut b = ByFile {
            rows,
            decode,
            next: None,
            last: i64::MIN,
        };
        b.advance()?;
        Ok(b)
    }

    /// Reads the next row: its file (column 0) and the rest decoded.
    fn advance(&mut self) -> SqlResult<()> {
        self.next = match self.rows.next()? {
            Some(r) => {
                let file: i64 = r.get(0)?;
                if file < self.last {
                    return Err(rusqlite::Error::IntegralValueOutOfRange(0, file));
                }
                self.last = file;
                Some((file, (self.decode)(r)?))
            }
            None => None,
        };
        Ok(())
    }

    /// The rows of `file`, pushed to `out`; the rows of files before it (files not
    /// extracted, whose file node is all they have) are passed over.
    fn take(&mut self, file: i64, out: &mut Vec<T>) -> SqlResult<()> {
        while let Some((f, v)) = self.next.take() {
            if f > file {
                self.next = Some((f, v));
                break;
            }
            if f == file {
                out.push(v);
            }
            self.advance()?;
        }
        Ok(())
    }
}

/// A symbol row as [`Db::for_each_stored_file`] reads it: number, qualname, kind.
fn stored_symbol(r: &rusqlite::Row<'_>) -> SqlResult<(i64, Box<str>, Kind)> {
    let code: i64 = r.get(3)?;
    let kind = Kind::from_code(code).ok_or(rusqlite::Error::IntegralValueOutOfRange(3, code))?;
    Ok((r.get(1)?, r.get::<_, String>(2)?.into_boxed_str(), kind))
}

const REF_COLS: &str = concat!(
    "e.id, e.file_id, f.path, f.lang, ",
    file_node_text!("n", "sf"),
    ", nm.name, e.kind, e.hint, e.target, e.resolution, e.args, e.arg_types"
);
/// The tables `REF_COLS` reads.
const REF_FROM: &str = "edges e JOIN names nm ON nm.id = e.name JOIN files f ON f.id = e.file_id \
     JOIN symbols n ON n.id = e.source JOIN files sf ON sf.id = n.file_id";

fn stored_ref(r: &rusqlite::Row<'_>) -> SqlResult<StoredRef> {
    Ok(StoredRef {
        id: r.get(0)?,
        file_id: r.get(1)?,
        path: r.get(2)?,
        lang: r.get(3)?,
        source: r.get(4)?,
        target_name: r.get(5)?,
        kind: edge_kind_at(r, 6)?,
        hint: r.get(7)?,
        target: r.get(8)?,
        resolution: Resolution::from_code(r.get(9)?),
        args: r.get(10)?,
        arg_types: r.get(11)?,
    })
}

/// The secondary indexes of `schema.sql`, by name and statement. Comments are cut first:
/// they may come before a statement and hold a `;` (this missed `symbols_name`, `files_stamp`
/// and `edges_implements` so, and a cold run kept them through its bulk load).
fn schema_indexes() -> Vec<(String, String)> {
    let code: String = SCHEMA
        .lines()
        .map(|l| l.split_once("--").map_or(l, |(code, _)| code))
        .collect::<Vec<_>>()
        .join("\n");
    code.split(';')
        .filter_map(|stmt| {
            let stmt = stmt.trim();
            let rest = stmt.strip_prefix("CREATE INDEX ")?;
            Some((
                rest.split_whitespace().next()?.to_string(),
                stmt.to_string(),
            ))
        })
        .collect()
}

impl Db {
    /// Whether some reference's target, as written, spells one of `names` (a single
    /// segment each: as its leaf, or as one of its parts, see [`crate::model::name_parts`]).
    /// Two index lookups a name. (It was one pass over every name, 4.5-11 ms on Go's
    /// standard library's 72k: the most of a run that added a function.)
    pub fn names_mention_any(&self, names: &[&str]) -> SqlResult<bool> {
        let mut st = self.conn.prepare_cached(
            "SELECT EXISTS (SELECT 1 FROM names WHERE leaf = ?1) \
             OR EXISTS (SELECT 1 FROM name_parts WHERE part = ?1)",
        )?;
        for n in names {
            if st.query_row([n], |r| r.get::<_, bool>(0))? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// A file's path.
    pub fn file_path(&self, file_id: i64) -> SqlResult<Option<String>> {
        self.conn
            .prepare_cached("SELECT path FROM files WHERE id = ?1")?
            .query_row([file_id], |r| r.get(0))
            .optional()
    }

    /// Every extracted file of this cold run as it was written, in the order it was written
    /// (file ids ascending), handed to `f` one at a time. Four reads side by side, one per
    /// table, each in the order its rows were inserted: a cold run has no secondary indexes
    /// yet, and needs none for this.
    pub fn for_each_stored_file(&self, mut f: impl FnMut(StoredFile)) -> SqlResult<()> {
        let mut files = self
            .conn
            .prepare("SELECT id, path, lang FROM files WHERE skip_reason IS NULL ORDER BY id")?;
        let mut syms = self.conn.prepare(
            "SELECT file_id, id, qualname, kind_code FROM symbols WHERE file_id IS NOT NULL ORDER BY id",
        )?;
        let mut facts = self
            .conn
            .prepare("SELECT file_id, qualname, role, ty FROM facts ORDER BY file_id, seq")?;
        let mut imports = self.conn.prepare(
            "SELECT file_id, module, member, alias, reexport, line, col FROM imports ORDER BY rowid",
        )?;
        let mut syms = ByFile::new(syms.query([])?, stored_symbol)?;
        let mut facts = ByFile::new(facts.query([])?, |r| fact_at(r, 1))?;
        let mut imports = ByFile::new(imports.query([])?, |r| import_at(r, 1))?;
        let mut rows = files.query([])?;
        let mut these = Vec::new();
        while let Some(r) = rows.next()? {
            let id: i64 = r.get(0)?;
            let lang: String = r.get(2)?;
            let lang = Lang::from_prefix(&lang).ok_or_else(|| {
                rusqlite::Error::InvalidColumnType(2, lang, rusqlite::types::Type::Text)
            })?;
            these.clear();
            syms.take(id, &mut these)?;
            let mut out = StoredFile {
                path: r.get(1)?,
                lang,
                file_number: 0,
                symbols: Vec::with_capacity(these.len()),
                numbers: Vec::with_capacity(these.len()),
                facts: Vec::new(),
                imports: Vec::new(),
            };
            for (number, qualname, kind) in these.drain(..) {
                if kind == Kind::File {
                    out.file_number = number;
                } else {
                    out.symbols.push((qualname, kind));
                    out.numbers.push(number);
                }
            }
            facts.take(id, &mut out.facts)?;
            imports.take(id, &mut out.imports)?;
            f(out);
        }
        Ok(())
    }

    /// Drop the secondary indexes: a bulk load is faster without them.
    pub fn drop_secondary_indexes(&self) -> SqlResult<()> {
        // `files_stamp` stays: the run reads the workspace's packages through it before the
        // others are built (a row a file, it costs the load nothing).
        for (name, _) in schema_indexes()
            .into_iter()
            .filter(|(n, _)| n != "files_stamp")
        {
            self.conn
                .execute_batch(&format!("DROP INDEX IF EXISTS {name}"))?;
        }
        Ok(())
    }

    /// Build the secondary indexes that are missing.
    pub fn create_secondary_indexes(&self) -> SqlResult<()> {
        for (name, stmt) in schema_indexes() {
            let exists: bool = self.conn.query_row(
                "SELECT count(*) > 0 FROM sqlite_master WHERE type = 'index' AND name = ?1",
                [&name],
                |r| r.get(0),
            )?;
            if !exists {
                self.conn.execute_batch(&stmt)?;
            }
        }
        Ok(())
    }

    /// The package directories of a language, each with the package its files state: the
    /// one the first file in path order states, test packages (`_test`) aside; `None` when
    /// only test packages or none are stated.
    ///
    /// Read from `files_stamp` alone (which the run's comparison with the disk read already),
    /// in its order, with rows borrowed: a directory's string is made once. Reading each
    /// row's path and package from the table as strings, and sorting them, took 3.2–3.6 ms
    /// on Go's standard library (7,709 files), a tenth of a one-file run.
    pub fn package_dirs(&self, lang: Lang) -> SqlResult<HashMap<String, Option<String>>> {
        let mut st = self.conn.prepare_cached(
            "SELECT path, package FROM files INDEXED BY files_stamp WHERE lang = ?1 ORDER BY path",
        )?;
        let mut rows = st.query([lang.prefix()])?;
        let mut dirs: HashMap<String, Option<String>> = HashMap::new();
        while let Some(r) = rows.next()? {
            let dir = parent_dir(r.get_ref(0)?.as_str()?);
            let package = r.get_ref(1)?.as_str_or_null()?;
            let named = match dirs.get_mut(dir) {
                Some(named) => named,
                None => dirs.entry(dir.to_string()).or_default(),
            };
            if named.is_none() {
                *named = package
                    .filter(|p| !p.ends_with("_test"))
                    .map(str::to_string);
            }
        }
        Ok(dirs)
    }

    /// The files that import this node (a file or package node) or something in it: an
    /// import edge names the file (`import m`) or one of its symbols (`from m import x`,
    /// `use crate::m::X`), live or parked in `nodes` after its definition went.
    pub fn importers_of(&self, node_id: &str) -> SqlResult<Vec<i64>> {
        self.conn
            .prepare_cached(&format!(
                "SELECT DISTINCT e.file_id FROM edges e WHERE e.kind = {IMPORTS} AND e.target IN (
                   SELECT id FROM nodes WHERE node_id = ?1
                   UNION ALL SELECT id FROM nodes WHERE node_id >= ?1 || '#' AND node_id < ?1 || '$'
                   UNION ALL SELECT s.id FROM files f JOIN symbols s ON s.file_id = f.id WHERE f.node = ?1)"
            ))?
            .query_map([node_id], |r| r.get(0))?
            .collect()
    }

    /// Where the files importing the file node `file` (by the map's import edges, as
    /// [`Db::importers_of`]) import the member `name`: (file, line, column), in file order.
    pub fn imports_of_member_into(
        &self,
        name: &str,
        file: &str,
    ) -> SqlResult<Vec<(String, u32, u32)>> {
        self.conn
            .prepare_cached(&format!(
                "SELECT f.path, i.line, i.col FROM imports i JOIN files f ON f.id = i.file_id \
                 WHERE i.member = ?2 AND i.file_id IN (
                   SELECT e.file_id FROM edges e WHERE e.kind = {IMPORTS} AND e.target IN (
                     SELECT id FROM nodes WHERE node_id = ?1
                     UNION ALL SELECT s.id FROM files g JOIN symbols s ON s.file_id = g.id WHERE g.node = ?1))
                 ORDER BY f.path, i.line"
            ))?
            .query_map(params![file, name], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect()
    }

    /// The files of a language in a directory.
    pub fn files_in_dir(&self, dir: &str, lang: Lang) -> SqlResult<Vec<i64>> {
        self.conn
            .prepare_cached("SELECT id FROM files WHERE dir = ?1 AND lang = ?2")?
            .query_map(params![dir, lang.prefix()], |r| r.get(0))?
            .collect()
    }

    /// A file's references that go through a value or a stated type: `calls` and `uses`
    /// with a dotted target or a hint.
    pub fn typed_refs_in_file(&self, file_id: i64) -> SqlResult<Vec<StoredRef>> {
        self.conn
            .prepare_cached(&format!(
                "SELECT {REF_COLS} FROM {REF_FROM}
                 WHERE e.file_id = ?1 AND e.kind IN ({CALLS}, {USES})
                 AND (instr(nm.name, '.') > 0 OR e.hint IS NOT NULL)"
            ))?
            .query_map([file_id], stored_ref)?
            .collect()
    }

    /// What [`Db::typed_refs_in_file`] would give, each as its id, target as written, hint and
    /// whether it has a target: enough to tell which to read whole ([`Db::stored_ref`]).
    pub fn typed_ref_names_in_file(&self, file_id: i64) -> SqlResult<Vec<RefName>> {
        self.conn
            .prepare_cached(&format!(
                "SELECT e.id, nm.name, e.hint, e.target IS NOT NULL \
                 FROM edges e JOIN names nm ON nm.id = e.name
                 WHERE e.file_id = ?1 AND e.kind IN ({CALLS}, {USES})
                 AND (instr(nm.name, '.') > 0 OR e.hint IS NOT NULL)"
            ))?
            .query_map([file_id], |r| {
                Ok(RefName {
                    id: r.get(0)?,
                    target_name: r.get(1)?,
                    hint: r.get(2)?,
                    resolved: r.get(3)?,
                })
            })?
            .collect()
    }

    /// Every reference of a file that resolution decides (calls, extends, uses, and the
    /// `implements` clauses the code states): what a file re-resolves when a module it
    /// imports from hands on other names.
    pub fn refs_in_file(&self, file_id: i64) -> SqlResult<Vec<StoredRef>> {
        self.conn
            .prepare_cached(&format!(
                "SELECT {REF_COLS} FROM {REF_FROM}
                 WHERE e.file_id = ?1 AND (e.kind IN ({CALLS}, {EXTENDS}, {USES})
                   OR e.kind = {IMPLEMENTS} AND e.line IS NOT NULL)"
            ))?
            .query_map([file_id], stored_ref)?
            .collect()
    }

    /// One stored edge as re-resolution reads it.
    pub fn stored_ref(&self, id: i64) -> SqlResult<Option<StoredRef>> {
        self.conn
            .prepare_cached(&format!(
                "SELECT {REF_COLS} FROM {REF_FROM} WHERE e.id = ?1"
            ))?
            .query_row([id], stored_ref)
            .optional()
    }

    /// The references (calls, extends, uses, imports, and `implements` clauses the code
    /// states: those computed from method sets have no position) whose target's last name
    /// is `leaf`.
    pub fn refs_with_leaf(&self, leaf: &str) -> SqlResult<Vec<StoredRef>> {
        self.conn
            .prepare_cached(&format!(
                "SELECT {REF_COLS} FROM {REF_FROM}
                 WHERE nm.leaf = ?1 AND (e.kind IN ({CALLS}, {EXTENDS}, {USES}, {IMPORTS})
                   OR e.kind = {IMPLEMENTS} AND e.line IS NOT NULL)"
            ))?
            .query_map([leaf], stored_ref)?
            .collect()
    }

    /// Each resolved edge's (source, target) numbers, imports left out: the graph hub scores
    /// rank.
    pub fn for_each_resolved_edge(&self, mut f: impl FnMut(i64, i64)) -> SqlResult<()> {
        let mut st = self.conn.prepare(&format!(
            "SELECT source, target FROM edges WHERE target IS NOT NULL AND kind != {IMPORTS}"
        ))?;
        let mut rows = st.query([])?;
        while let Some(r) = rows.next()? {
            f(r.get(0)?, r.get(1)?);
        }
        Ok(())
    }

    /// Replace the hub scores: (node number, score, in-degree).
    pub fn replace_hubs(&self, hubs: impl Iterator<Item = (i64, f64, u32)>) -> SqlResult<()> {
        self.conn.execute("DELETE FROM hubs", [])?;
        let mut ins = self
            .conn
            .prepare("INSERT INTO hubs(node, score, in_degree) VALUES (?1, ?2, ?3)")?;
        for (n, score, indeg) in hubs {
            ins.execute(params![n, score, indeg])?;
        }
        Ok(())
    }

    pub fn has_hubs(&self) -> SqlResult<bool> {
        self.conn
            .query_row("SELECT EXISTS (SELECT 1 FROM hubs)", [], |r| r.get(0))
    }

    /// The symbols an agent can name (files and packages left out).
    pub fn count_symbols(&self) -> SqlResult<i64> {
        self.conn.query_row(
            "SELECT count(*) FROM symbols WHERE qualname != ''",
            [],
            |r| r.get(0),
        )
    }

    pub fn count_edges(&self) -> SqlResult<i64> {
        // What `all_edges` counts: the stored edges and each symbol's `contains` edge.
        self.conn.query_row(
            "SELECT (SELECT count(*) FROM edges) + (SELECT count(*) FROM symbols WHERE parent IS NOT NULL)",
            [],
            |r| r.get(0),
        )
    }
}

#[cfg(test)]
mod tests {

    /// Every index `schema.sql` creates is one a cold run drops before its bulk load and
    /// builds after it, comments before it or not.
    #[test]
    fn every_index_of_the_schema_is_found() {
        let created = super::SCHEMA.matches("CREATE INDEX ").count();
        let indexes = super::schema_indexes();
        let found: Vec<&str> = indexes.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(found.len(), created, "{found:?}");
        for name in [
            "symbols_name",
            "files_stamp",
            "edges_implements",
            "edges_target",
        ] {
            assert!(found.contains(&name), "{name} in {found:?}");
        }
        for (_, stmt) in &indexes {
            assert!(
                stmt.starts_with("CREATE INDEX ") && !stmt.contains("--"),
                "{stmt}"
            );
        }
    }
}
