//! The map's shared core: the schema and its version, the [`Db`] handle and its
//! transaction, snapshots and meta, and the reads and writes every part of the store shares
//! (node numbers, names, a file's facts and imports). Opening the map is `open`'s.
//! `store/mod.rs` re-exports it; the other parts of the store use it from here.

use crate::model::{FactRole, Import, Kind, Pos, TypeFact};
use rusqlite::{params, Connection, OptionalExtension};
use std::path::{Path, PathBuf};

/// An error from SQLite, as callers of [`Db`] see it.
pub type SqlError = rusqlite::Error;
pub type SqlResult<T> = Result<T, SqlError>;

/// A symbol of a file as [`Db::file_symbols`] reads it.
#[derive(Debug, Clone)]
pub struct FileSymbol {
    pub name: String,
    pub qualname: String,
    pub kind: Kind,
    /// Functions and methods: the parameter count.
    pub params: Option<u32>,
    pub signature: Option<String>,
}

/// One of a name's parts (see [`crate::model::name_parts`]).
const INSERT_PART: &str = "INSERT INTO name_parts(part, name) VALUES (?1, ?2)";

/// The statement that parks symbols' node IDs in `nodes` (by number) before their rows go:
/// those whose `column` is `?1` (`s.id`, `s.file_id`). A symbol that comes back takes its
/// number again ([`Db::symbol_number`]); edges elsewhere still naming one that went keep it.
pub(super) fn park_sql(column: &str) -> String {
    format!(
        "INSERT OR REPLACE INTO nodes(id, node_id) SELECT s.id, {} \
         FROM symbols s JOIN files f ON f.id = s.file_id WHERE {column} = ?1",
        file_node_text!("s", "f")
    )
}

/// An open map. Opened for writing ([`open_for_write`], [`open_fresh_build`]) it serves an
/// index run; opened for reading ([`open_for_read`]) the tools. Its methods are the map's
/// typed API; `rusqlite` appears nowhere outside this module.
///
/// [`open_for_write`]: super::open_for_write
/// [`open_fresh_build`]: super::open_fresh_build
/// [`open_for_read`]: super::open_for_read
pub struct Db {
    pub(super) conn: Connection,
    /// The next node number to give (see [`Db::fresh_number`]); read from the map once per
    /// write transaction.
    next_number: std::cell::Cell<Option<i64>>,
    /// The `names` rows this write transaction has read or written, by text (see
    /// [`Db::name_id`]).
    name_ids: std::cell::RefCell<std::collections::HashMap<Box<str>, i64>>,
    /// Names whose edges this transaction deleted: [`Db::forget_names`] deletes those no edge
    /// uses any more.
    dropped_names: std::cell::RefCell<Vec<i64>>,
    /// A cold run writes `name_parts` once, at its end ([`Db::build_name_parts`]): in key
    /// order, not a row at a time wherever each new name's parts fall.
    parts_deferred: std::cell::Cell<bool>,
    /// Every `names` row is in `name_ids` (a fresh build's table started empty): a name not
    /// found there is new, and is inserted without being looked up first.
    names_cached: std::cell::Cell<bool>,
}

impl Db {
    pub(super) fn new(conn: Connection) -> Db {
        Db {
            conn,
            next_number: std::cell::Cell::new(None),
            name_ids: Default::default(),
            dropped_names: Default::default(),
            parts_deferred: std::cell::Cell::new(false),
            names_cached: std::cell::Cell::new(false),
        }
    }
}

/// Edge kinds and resolutions as the map stores them: small integers ([`EdgeKind::code`],
/// [`Resolution::code`]); the views spell them out.
///
/// [`EdgeKind::code`]: crate::model::EdgeKind::code
/// [`Resolution::code`]: crate::model::Resolution::code
pub(crate) mod code {
    use crate::model::{EdgeKind as K, Resolution as R};
    pub const CONTAINS: i64 = K::Contains as i64;
    pub const IMPORTS: i64 = K::Imports as i64;
    pub const CALLS: i64 = K::Calls as i64;
    pub const EXTENDS: i64 = K::Extends as i64;
    pub const IMPLEMENTS: i64 = K::Implements as i64;
    pub const USES: i64 = K::Uses as i64;
    pub const LOCAL: i64 = R::Local as i64;
    pub const EXTERNAL: i64 = R::External as i64;
    pub const UNRESOLVED: i64 = R::Unresolved as i64;
}

/// The edge kind stored in column `i`.
pub(crate) fn edge_kind_at(r: &rusqlite::Row<'_>, i: usize) -> SqlResult<crate::model::EdgeKind> {
    let code: i64 = r.get(i)?;
    crate::model::EdgeKind::from_code(code).ok_or(rusqlite::Error::IntegralValueOutOfRange(i, code))
}

/// The edge kind stored in column `i`, by name.
pub(crate) fn kind_at(r: &rusqlite::Row<'_>, i: usize) -> SqlResult<&'static str> {
    edge_kind_at(r, i).map(crate::model::EdgeKind::as_str)
}

/// The resolution stored in column `i`, by name.
pub(crate) fn resolution_at(r: &rusqlite::Row<'_>, i: usize) -> SqlResult<&'static str> {
    let code: i64 = r.get(i)?;
    crate::model::Resolution::from_code(code)
        .map(crate::model::Resolution::as_str)
        .ok_or(rusqlite::Error::IntegralValueOutOfRange(i, code))
}

/// `column IN (codes)`: a filter on kinds by their stored codes. (The `kind` column is
/// computed for each row it is read from: 0.6 s against 0.13 s over 890k symbols.)
pub(super) fn kind_in(column: &str, kinds: &[Kind]) -> String {
    let codes: Vec<String> = kinds.iter().map(|k| k.code().to_string()).collect();
    format!("{column} IN ({})", codes.join(", "))
}

pub const SCHEMA: &str = include_str!("../../../schema.sql");
/// Bump when `schema.sql` changes, or what extraction writes into it (4: `doc` is the first
/// sentence, not the first line; 5: node IDs stored once, in `nodes`, and named by number;
/// 6: a file's directory on `files`, not on each symbol; 8: a file's symbols' node IDs derived
/// from `files.node` and their qualnames, not stored; 9: no index on `edges.source`, edge kinds
/// and resolutions as small integers; 10: targets as written in `names`, symbols' name, kind,
/// end and name lines computed; 11: `symbols_name` partial; 12: a name's `leaf` ends at `::`
/// too, so Rust paths have one; 13: `facts` keyed by file, names and receivers computed from
/// `name_at`; 14: `name_parts`; 15: `files_stamp`; 16: `edges_implements`; 17: kind and
/// receiver in `symbols_name`; 18: `gone`, the deleted files; 21: `edges.arg_types`; 22: Go's `implements` compare result counts, so its edges are
/// computed again); an older or newer map is rebuilt by the next index run.
pub const SCHEMA_VERSION: i64 = 22;
pub const TOOL_VERSION: &str = env!("CARGO_PKG_VERSION");

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("no map at {0}: run `codemap index` in the workspace first")]
    NotBuilt(PathBuf),
    #[error("the map at {path} has schema version {found}, this codemap reads version {want}: run `codemap index` to rebuild it")]
    Version {
        path: PathBuf,
        found: i64,
        want: i64,
    },
    #[error(
        "another codemap index run is writing the map at {0}; wait for it to finish and try again"
    )]
    Busy(PathBuf),
    #[error("SQLite error on {path}: {source}")]
    Sql {
        path: PathBuf,
        source: rusqlite::Error,
    },
    #[error("cannot create {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// Seconds since the Unix epoch (0 on a clock before it).
pub(crate) fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// Take the write lock for a whole run. A second writer waits a few seconds, then gets `Busy`.
pub(super) fn begin_immediate(conn: &Connection, db: &Path) -> Result<(), StoreError> {
    match conn.execute_batch("BEGIN IMMEDIATE") {
        Ok(()) => Ok(()),
        Err(rusqlite::Error::SqliteFailure(f, _))
            if matches!(
                f.code,
                rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked
            ) =>
        {
            Err(StoreError::Busy(db.to_path_buf()))
        }
        Err(source) => Err(StoreError::Sql {
            path: db.to_path_buf(),
            source,
        }),
    }
}

/// A row of `files`, as the indexer compares it with the disk.
#[derive(Debug, Clone)]
pub struct FileRow {
    pub id: i64,
    pub size: i64,
    pub mtime_ns: i64,
    /// Left out when last seen (binary, too large, ...).
    pub skipped: bool,
    pub lang: String,
    /// Flagged by the watcher: the next run must look at it even if its stat is unchanged.
    pub stale: bool,
}

impl Db {
    /// Take the write lock for a whole run (`db`: the map's path, for the error). A second
    /// writer waits a few seconds, then gets [`StoreError::Busy`].
    pub fn begin_immediate(&self, db: &Path) -> Result<(), StoreError> {
        self.next_number.set(None);
        self.name_ids.borrow_mut().clear();
        self.names_cached.set(false);
        self.dropped_names.borrow_mut().clear();
        begin_immediate(&self.conn, db)
    }

    /// End the run's transaction, keeping what it wrote.
    pub fn commit(&self) -> SqlResult<()> {
        self.conn.execute_batch("COMMIT")
    }

    /// End the run's transaction, dropping what it wrote.
    pub fn rollback(&self) -> SqlResult<()> {
        self.conn.execute_batch("ROLLBACK")
    }

    /// A fresh build, complete, takes the journal mode every later run and reader uses.
    pub fn finish_fresh_build(&self) -> SqlResult<()> {
        self.conn.execute_batch("PRAGMA journal_mode = WAL;")
    }

    /// Until the guard drops, every statement reads one state of the map: a run committed
    /// between two of an answer's queries is seen whole or not at all (SQLite WAL snapshot).
    /// Inside another snapshot, a no-op.
    pub fn snapshot(&self) -> SqlResult<Snapshot<'_>> {
        if !self.conn.is_autocommit() {
            return Ok(Snapshot(None));
        }
        self.conn.execute_batch("BEGIN")?;
        Ok(Snapshot(Some(&self.conn)))
    }

    /// A number that changes whenever another connection commits to the map (SQLite's
    /// `data_version`): what readers' caches key on. A timestamp would miss two runs in one
    /// second.
    pub fn data_version(&self) -> SqlResult<i64> {
        self.conn
            .query_row("PRAGMA data_version", [], |r| r.get::<_, i64>(0))
    }

    pub fn get_meta(&self, key: &str) -> SqlResult<Option<String>> {
        self.conn
            .query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
            .optional()
    }

    pub fn set_meta(&self, key: &str, value: &str) -> SqlResult<()> {
        self.conn.execute(
            "INSERT INTO meta(key, value) VALUES (?1, ?2) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            params![key, value],
        )?;
        Ok(())
    }

    /// The workspace's projects as the last run found them, by root.
    pub fn projects(&self) -> SqlResult<Vec<crate::project::Project>> {
        let mut st = self
            .conn
            .prepare_cached("SELECT name, root, kind, manifest FROM projects ORDER BY root")?;
        let rows = st.query_map([], |r| {
            Ok(crate::project::Project {
                name: r.get(0)?,
                root: r.get(1)?,
                kind: r.get(2)?,
                manifest: r.get(3)?,
            })
        })?;
        rows.collect()
    }

    /// The projects replaced by these.
    pub fn replace_projects(&self, projects: &[crate::project::Project]) -> SqlResult<()> {
        self.conn.execute("DELETE FROM projects", [])?;
        let mut st = self.conn.prepare_cached(
            "INSERT INTO projects(root, name, kind, manifest) VALUES (?1, ?2, ?3, ?4)",
        )?;
        for p in projects {
            st.execute(params![p.root, p.name, p.kind, p.manifest])?;
        }
        Ok(())
    }

    /// Each file's path and its count of symbols (file nodes left out), for counting by
    /// project.
    pub fn symbols_per_file(&self) -> SqlResult<Vec<(String, u64)>> {
        let mut st = self.conn.prepare_cached(
            "SELECT f.path, (SELECT count(*) FROM symbols y WHERE y.file_id = f.id AND y.qualname != '') \
             FROM files f",
        )?;
        let rows = st.query_map([], |r| {
            Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)? as u64))
        })?;
        rows.collect()
    }

    pub fn load_files(&self) -> SqlResult<Vec<(String, FileRow)>> {
        // Read from the index `files_stamp` alone (a third of the table's pages): the
        // content hash is read only for the files whose stamp changed ([`Db::file_hash`]).
        let mut st = self.conn.prepare_cached(
            "SELECT path, id, size, mtime_ns, skip_reason IS NOT NULL, lang, stale FROM files \
             INDEXED BY files_stamp",
        )?;
        let rows = st.query_map([], |r| {
            Ok((
                r.get(0)?,
                FileRow {
                    id: r.get(1)?,
                    size: r.get(2)?,
                    mtime_ns: r.get(3)?,
                    skipped: r.get(4)?,
                    lang: r.get(5)?,
                    stale: r.get::<_, Option<bool>>(6)?.unwrap_or(false),
                },
            ))
        })?;
        rows.collect()
    }

    /// The content hash the map holds for a file.
    pub fn file_hash(&self, id: i64) -> SqlResult<Option<String>> {
        Ok(self
            .conn
            .prepare_cached("SELECT hash FROM files WHERE id = ?1")?
            .query_row([id], |r| r.get(0))
            .optional()?
            .flatten())
    }

    /// A number no node has: one above the largest in the map, counted on from there for the
    /// rest of the write transaction.
    pub fn fresh_number(&self) -> SqlResult<i64> {
        let n = match self.next_number.get() {
            Some(n) => n,
            None => self.conn.query_row(
                "SELECT max(coalesce((SELECT max(id) FROM symbols), 0), coalesce((SELECT max(id) FROM nodes), 0)) + 1",
                [],
                |r| r.get(0),
            )?,
        };
        self.next_number.set(Some(n + 1));
        Ok(n)
    }

    /// The `names` row of a reference's target as written, added if the map has none. Looked
    /// up once per write transaction: the transaction keeps what it found.
    pub fn name_id(&self, name: &str) -> SqlResult<i64> {
        if let Some(&id) = self.name_ids.borrow().get(name) {
            return Ok(id);
        }
        let kept = if self.names_cached.get() {
            None
        } else {
            self.conn
                .prepare_cached("SELECT id FROM names WHERE name = ?1")?
                .query_row([name], |r| r.get(0))
                .optional()?
        };
        let id = match kept {
            Some(id) => id,
            None => {
                // Not `RETURNING id`: SQLite gathers returned rows in a temporary table first.
                self.conn
                    .prepare_cached("INSERT INTO names(name, leaf) VALUES (?1, ?2)")?
                    .execute(params![name, crate::model::leaf_of(name)])?;
                let id = self.conn.last_insert_rowid();
                if !self.parts_deferred.get() {
                    let mut st = self.conn.prepare_cached(INSERT_PART)?;
                    for part in crate::model::name_parts(name) {
                        st.execute(params![part, id])?;
                    }
                }
                id
            }
        };
        self.name_ids.borrow_mut().insert(name.into(), id);
        Ok(id)
    }

    /// A cold run's `name_parts`: written by [`Db::build_name_parts`] at its end.
    pub fn defer_name_parts(&self) {
        self.parts_deferred.set(true);
    }

    /// A fresh build: when `names` is empty, every row this transaction adds is remembered,
    /// so [`Db::name_id`] need not look a name up before adding it.
    pub fn cache_all_names(&self) -> SqlResult<()> {
        let empty: bool =
            self.conn
                .query_row("SELECT NOT EXISTS (SELECT 1 FROM names)", [], |r| r.get(0))?;
        self.names_cached.set(empty);
        Ok(())
    }

    /// Every name's parts, written in key order (a cold run, after its edges).
    pub fn build_name_parts(&self) -> SqlResult<()> {
        let mut rows: Vec<(String, i64)> = Vec::new();
        {
            let mut st = self.conn.prepare("SELECT id, name FROM names")?;
            let mut names = st.query([])?;
            while let Some(r) = names.next()? {
                let id: i64 = r.get(0)?;
                let name = r.get_ref(1)?.as_str()?;
                rows.extend(
                    crate::model::name_parts(name)
                        .into_iter()
                        .map(|p| (p.to_string(), id)),
                );
            }
        }
        rows.sort_unstable();
        let mut st = self.conn.prepare_cached(INSERT_PART)?;
        for (part, id) in &rows {
            st.execute(params![part, id])?;
        }
        self.parts_deferred.set(false);
        Ok(())
    }

    /// Delete the names whose edges this transaction deleted and that no edge uses now.
    pub fn forget_names(&self) -> SqlResult<usize> {
        let mut dropped = std::mem::take(&mut *self.dropped_names.borrow_mut());
        dropped.sort_unstable();
        dropped.dedup();
        let mut st = self.conn.prepare_cached(
            "DELETE FROM names WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM edges WHERE name = ?1) \
             RETURNING name",
        )?;
        let mut parts = self
            .conn
            .prepare_cached("DELETE FROM name_parts WHERE part = ?1 AND name = ?2")?;
        let mut n = 0;
        for id in dropped {
            let Some(name) = st.query_row([id], |r| r.get::<_, String>(0)).optional()? else {
                continue;
            };
            for part in crate::model::name_parts(&name) {
                parts.execute(params![part, id])?;
            }
            n += 1;
        }
        if n > 0 {
            // A forgotten row's text may come back later in this transaction, as a new row.
            self.name_ids.borrow_mut().clear();
            self.names_cached.set(false);
        }
        Ok(n)
    }

    /// Remember the names of edges a statement deleted (its `RETURNING name` rows).
    pub(super) fn drop_names(&self, rows: impl Iterator<Item = SqlResult<i64>>) -> SqlResult<()> {
        let mut dropped = self.dropped_names.borrow_mut();
        for id in rows {
            dropped.push(id?);
        }
        Ok(())
    }

    /// The number of a node ID, if the map has that node: a symbol of a file, or a node of
    /// `nodes`.
    pub fn number_of(&self, node_id: &str) -> SqlResult<Option<i64>> {
        let kept = self
            .conn
            .prepare_cached("SELECT id FROM nodes WHERE node_id = ?1")?
            .query_row([node_id], |r| r.get(0))
            .optional()?;
        if kept.is_some() {
            return Ok(kept);
        }
        let (file, qualname) = node_id.split_once('#').unwrap_or((node_id, ""));
        self.conn
            .prepare_cached(
                "SELECT s.id FROM files f JOIN symbols s ON s.file_id = f.id WHERE f.node = ?1 AND s.qualname = ?2",
            )?
            .query_row([file, qualname], |r| r.get(0))
            .optional()
    }

    /// The number of a node ID; a node the map does not have yet is stored in `nodes`.
    pub fn node_number(&self, node_id: &str) -> SqlResult<i64> {
        match self.number_of(node_id)? {
            Some(n) => Ok(n),
            None => self.new_node(node_id),
        }
    }

    /// Store a node ID known not to be in the map yet, in `nodes`.
    pub fn new_node(&self, node_id: &str) -> SqlResult<i64> {
        let n = self.fresh_number()?;
        self.conn
            .prepare_cached("INSERT INTO nodes(id, node_id) VALUES (?1, ?2)")?
            .execute(params![n, node_id])?;
        Ok(n)
    }

    /// The number for a symbol of a file about to be written: the one it had when its file
    /// was cleared this run (parked in `nodes`, and taken out), else a new one. `cold`: the
    /// map holds nothing of this run's files, so every number is new.
    pub fn symbol_number(&self, node_id: &str, cold: bool) -> SqlResult<i64> {
        if !cold {
            let parked = self
                .conn
                .prepare_cached("DELETE FROM nodes WHERE node_id = ?1 RETURNING id")?
                .query_row([node_id], |r| r.get(0))
                .optional()?;
            if let Some(n) = parked {
                return Ok(n);
            }
        }
        self.fresh_number()
    }

    /// Forget the nodes among `candidates` that nothing names any more: no symbol (as itself or
    /// as a parent), no edge into it (an edge's source is always a symbol of the edge's file,
    /// so a node in `nodes` is never one). A forgotten number may be given to a new node later.
    pub fn forget_nodes(&self, candidates: &[i64]) -> SqlResult<usize> {
        let mut st = self.conn.prepare_cached(
            "DELETE FROM nodes WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM symbols WHERE id = ?1)
             AND NOT EXISTS (SELECT 1 FROM symbols WHERE parent = ?1)
             AND NOT EXISTS (SELECT 1 FROM edges WHERE target = ?1)",
        )?;
        let mut hubs = self
            .conn
            .prepare_cached("DELETE FROM hubs WHERE node = ?1")?;
        let mut n = 0;
        for &c in candidates {
            if st.execute([c])? > 0 {
                hubs.execute([c])?;
                n += 1;
            }
        }
        Ok(n)
    }

    /// Remove everything a file owns (symbols, edges found in it, imports, facts): a file
    /// deleted, or skipped now. The file row stays. Returns the numbers of the nodes its
    /// symbols were (others may still name them). A file extracted again is written over
    /// instead ([`Db::write_symbols`], [`Db::replace_edges`]).
    pub fn clear_file(&self, file_id: i64) -> SqlResult<Vec<i64>> {
        // Park the symbols' IDs in `nodes`: a symbol written again this run takes its number
        // back, and edges of other files still naming a symbol that went keep its ID.
        self.conn
            .prepare_cached(&park_sql("s.file_id"))?
            .execute([file_id])?;
        let gone: Vec<i64> = self
            .conn
            .prepare_cached("DELETE FROM symbols WHERE file_id = ?1 RETURNING id")?
            .query_map([file_id], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        self.drop_names(
            self.conn
                .prepare_cached("DELETE FROM edges WHERE file_id = ?1 RETURNING name")?
                .query_map([file_id], |r| r.get(0))?,
        )?;
        self.conn
            .prepare_cached("DELETE FROM imports WHERE file_id = ?1")?
            .execute([file_id])?;
        self.conn
            .prepare_cached("DELETE FROM facts WHERE file_id = ?1")?
            .execute([file_id])?;
        Ok(gone)
    }

    /// Write a file's type facts, in order.
    pub fn insert_facts(&self, file_id: i64, facts: &[TypeFact]) -> SqlResult<()> {
        self.insert_facts_from(file_id, facts, 0)
    }

    /// Facts written from position `first` on.
    fn insert_facts_from(&self, file_id: i64, facts: &[TypeFact], first: usize) -> SqlResult<()> {
        let mut st = self.conn.prepare_cached(
            "INSERT INTO facts(file_id, qualname, role, ty, seq) VALUES (?1, ?2, ?3, ?4, ?5)",
        )?;
        for (i, f) in facts.iter().enumerate() {
            st.execute(params![
                file_id,
                f.qualname,
                f.role.as_str(),
                f.ty,
                (first + i) as i64
            ])?;
        }
        Ok(())
    }

    /// A file's type facts written over `was`, the ones stored (in order): only the rows that
    /// changed.
    pub fn rewrite_facts(&self, file_id: i64, was: &[TypeFact], now: &[TypeFact]) -> SqlResult<()> {
        let common = was.len().min(now.len());
        for (i, (w, f)) in was.iter().zip(now).enumerate() {
            if w != f {
                self.conn
                    .prepare_cached(
                        "UPDATE facts SET qualname = ?3, role = ?4, ty = ?5 WHERE file_id = ?1 AND seq = ?2",
                    )?
                    .execute(params![file_id, i as i64, f.qualname, f.role.as_str(), f.ty])?;
            }
        }
        self.insert_facts_from(file_id, &now[common..], common)?;
        if was.len() > now.len() {
            self.conn
                .prepare_cached("DELETE FROM facts WHERE file_id = ?1 AND seq >= ?2")?
                .execute(params![file_id, now.len() as i64])?;
        }
        Ok(())
    }

    /// A file's imports written over the stored ones, when they differ.
    pub fn rewrite_imports(&self, file_id: i64, now: &[Import]) -> SqlResult<()> {
        if self.file_imports(file_id)? != now {
            self.conn
                .prepare_cached("DELETE FROM imports WHERE file_id = ?1")?
                .execute([file_id])?;
            self.insert_imports(file_id, now)?;
        }
        Ok(())
    }

    /// A file's type facts as stored, in order: the shape that references elsewhere read.
    pub fn file_facts(&self, file_id: i64) -> SqlResult<Vec<TypeFact>> {
        let mut st = self.conn.prepare_cached(
            "SELECT qualname, role, ty FROM facts WHERE file_id = ?1 ORDER BY seq",
        )?;
        let rows = st.query_map([file_id], |r| fact_at(r, 0))?;
        rows.collect()
    }

    /// Where the workspace imports a member of this name (`from m import name`): (file,
    /// line, column of the statement), in file order, at most `limit`.
    pub fn imports_of_member(
        &self,
        name: &str,
        limit: usize,
    ) -> SqlResult<Vec<(String, u32, u32)>> {
        let mut st = self.conn.prepare_cached(
            "SELECT f.path, i.line, i.col FROM imports i JOIN files f ON f.id = i.file_id \
             WHERE i.member = ?1 ORDER BY f.path, i.line LIMIT ?2",
        )?;
        let rows = st.query_map(rusqlite::params![name, limit as i64], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })?;
        rows.collect()
    }

    /// The imports of the member `name` from the module `module` or a path inside it
    /// (`@scope/pkg`, `@scope/pkg/sub`), by file and line: its importers by the package's name.
    pub fn imports_of_member_from(
        &self,
        name: &str,
        module: &str,
        limit: usize,
    ) -> SqlResult<Vec<(String, u32, u32)>> {
        let mut st = self.conn.prepare_cached(
            "SELECT f.path, i.line, i.col FROM imports i JOIN files f ON f.id = i.file_id \
             WHERE i.member = ?1 AND (i.module = ?2 OR substr(i.module, 1, length(?2) + 1) = ?2 || '/') \
             ORDER BY f.path, i.line LIMIT ?3",
        )?;
        let rows = st.query_map(rusqlite::params![name, module, limit as i64], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })?;
        rows.collect()
    }

    /// The files importing anything from the module `module` or a path inside it, with the
    /// line of their first such import: its importers by the package's name.
    pub fn files_importing(&self, module: &str, limit: usize) -> SqlResult<Vec<(String, u32)>> {
        let mut st = self.conn.prepare_cached(
            "SELECT f.path, MIN(i.line) FROM imports i JOIN files f ON f.id = i.file_id \
             WHERE i.module = ?1 OR substr(i.module, 1, length(?1) + 1) = ?1 || '/' \
             GROUP BY f.path ORDER BY f.path LIMIT ?2",
        )?;
        let rows = st.query_map(rusqlite::params![module, limit as i64], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })?;
        rows.collect()
    }

    /// Whether the file `path` binds `name` by an import under another name (`import { a as
    /// name }`, a default or namespace import, `import x as name`).
    pub fn imports_as_alias(&self, path: &str, name: &str) -> SqlResult<bool> {
        self.conn
            .prepare_cached(
                "SELECT EXISTS(SELECT 1 FROM imports i JOIN files f ON f.id = i.file_id \
                 WHERE f.path = ?1 AND i.alias = ?2 AND (i.member IS NULL OR i.member != ?2))",
            )?
            .query_row(rusqlite::params![path, name], |r| r.get(0))
    }

    /// Whether the file at `path` binds `name` by an import (`import name`, `import name.x`,
    /// `from m import name`, `… as name`).
    pub fn binds_import(&self, path: &str, name: &str) -> SqlResult<bool> {
        self.conn
            .prepare_cached(
                "SELECT EXISTS(SELECT 1 FROM imports i JOIN files f ON f.id = i.file_id \
                 WHERE f.path = ?1 AND i.reexport = 0 AND (i.alias = ?2 \
                 OR (i.alias IS NULL AND i.member = ?2) \
                 OR (i.alias IS NULL AND i.member IS NULL \
                     AND (i.module = ?2 OR substr(i.module, 1, length(?2) + 1) = ?2 || '.'))))",
            )?
            .query_row(rusqlite::params![path, name], |r| r.get(0))
    }

    /// A file's stored imports.
    pub fn file_imports(&self, file_id: i64) -> SqlResult<Vec<Import>> {
        let mut st = self.conn.prepare_cached(
            "SELECT module, member, alias, reexport, line, col FROM imports WHERE file_id = ?1 \
             ORDER BY line, col, rowid",
        )?;
        let rows = st.query_map([file_id], |r| import_at(r, 0))?;
        rows.collect()
    }

    /// A file's symbols (its file node left out), for working out which names and types a
    /// change added or removed.
    pub fn file_symbols(&self, file_id: i64) -> SqlResult<Vec<FileSymbol>> {
        let mut st = self.conn.prepare_cached(
            "SELECT name, qualname, kind_code, params, signature FROM symbols WHERE file_id = ?1 AND qualname != ''",
        )?;
        let rows = st.query_map([file_id], |r| {
            let code: i64 = r.get(2)?;
            Ok(FileSymbol {
                name: r.get(0)?,
                qualname: r.get(1)?,
                kind: Kind::from_code(code)
                    .ok_or(rusqlite::Error::IntegralValueOutOfRange(2, code))?,
                params: r.get(3)?,
                signature: r.get(4)?,
            })
        })?;
        rows.collect()
    }
}

/// A read transaction on the map; see [`Db::snapshot`].
pub struct Snapshot<'a>(Option<&'a Connection>);

impl Drop for Snapshot<'_> {
    fn drop(&mut self) {
        if let Some(c) = self.0 {
            let _ = c.execute_batch("COMMIT");
        }
    }
}

/// A `facts` row (qualname, role, type), read from column `i` on.
pub(crate) fn fact_at(r: &rusqlite::Row<'_>, i: usize) -> SqlResult<TypeFact> {
    let role: String = r.get(i + 1)?;
    Ok(TypeFact {
        qualname: r.get(i)?,
        role: FactRole::parse(&role).unwrap_or(FactRole::Type),
        ty: r.get(i + 2)?,
    })
}

/// An `imports` row's binding, read from column `i` on.
pub(crate) fn import_at(r: &rusqlite::Row<'_>, i: usize) -> SqlResult<Import> {
    Ok(Import {
        module: r.get(i)?,
        member: r.get(i + 1)?,
        alias: r.get(i + 2)?,
        reexport: r.get(i + 3)?,
        pos: Pos {
            line: r.get(i + 4)?,
            col: r.get(i + 5)?,
        },
    })
}
