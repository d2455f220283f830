//! The map file itself: opening and creating it (schema, version, rules), the connection
//! and its settings, snapshots, and the reads and writes every part of the store shares.
//! `store/mod.rs` re-exports it; the other parts of the store use it from here.

use crate::lang::Lang;
use crate::model::{FactRole, Import, Kind, Pos, TypeFact};
use crate::resolve::{SymRef, SymbolIndex};
use rusqlite::{params, Connection, OpenFlags, OptionalExtension};
use std::path::{Path, PathBuf};
use std::time::Duration;

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
    fn new(conn: Connection) -> Db {
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

pub const SCHEMA: &str = include_str!("../../../schema.sql");
/// Bump when `schema.sql` changes, or what extraction writes into it (4: `doc` is the first
/// sentence, not the first line; 5: node IDs stored once, in `nodes`, and named by number;
/// 6: a file's directory on `files`, not on each symbol; 8: a file's symbols' node IDs derived
/// from `files.node` and their qualnames, not stored; 9: no index on `edges.source`, edge kinds
/// and resolutions as small integers; 10: targets as written in `names`, symbols' name, kind,
/// end and name lines computed; 11: `symbols_name` partial; 12: a name's `leaf` ends at `::`
/// too, so Rust paths have one; 13: `facts` keyed by file, names and receivers computed from
/// `name_at`; 14: `name_parts`; 15: `files_stamp`; 16: `edges_implements`; 17: kind and
/// receiver in `symbols_name`; 18: `gone`, the deleted files); an older or newer map is rebuilt by the next index run.
pub const SCHEMA_VERSION: i64 = 18;
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

/// A failed read of the map, as the tools answer it.
impl From<SqlError> for crate::envelope::ToolError {
    fn from(e: SqlError) -> Self {
        crate::envelope::ToolError::internal(format!("cannot read the map: {e}"))
    }
}

/// Seconds since the Unix epoch (0 on a clock before it).
pub(crate) fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// The default map location: `<root>/.codemap/map.db`.
pub fn default_db(root: &Path) -> PathBuf {
    root.join(".codemap").join("map.db")
}

fn sql_err(path: &Path) -> impl Fn(rusqlite::Error) -> StoreError + '_ {
    move |source| StoreError::Sql {
        path: path.to_path_buf(),
        source,
    }
}

/// Open (creating if needed) the map for writing. Returns the connection and, when the map had
/// another schema version and was rebuilt, a message saying so.
pub fn open_for_write(db: &Path) -> Result<(Db, Option<String>), StoreError> {
    open_for_write_mode(db, false).map(|(conn, m)| (Db::new(conn), m))
}

/// A map being built from nothing: a private file, no journal (the file is renamed into place
/// only when complete, so a killed build leaves no map rather than a broken one).
pub fn open_fresh_build(db: &Path) -> Result<Db, StoreError> {
    open_for_write_mode(db, true).map(|(conn, _)| Db::new(conn))
}

/// Where a fresh build is written before it is renamed to `db`.
pub fn build_path(db: &Path) -> PathBuf {
    let name = db
        .file_name()
        .map_or_else(|| "map.db".into(), |n| n.to_string_lossy().into_owned());
    db.with_file_name(format!("{name}.building.{}", std::process::id()))
}

/// Remove build files left by killed runs (their process is gone).
pub fn remove_stale_builds(db: &Path) {
    remove_orphans(db, ".building.");
}

/// Remove the files beside `path` named `<its name><infix><pid>…` whose process is gone:
/// what a killed run (a map build, an export) left half-written.
pub fn remove_orphans(path: &Path, infix: &str) {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return;
    };
    let prefix = format!("{}{infix}", name.to_string_lossy());
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let fname = e.file_name().to_string_lossy().into_owned();
        let Some(pid) = fname.strip_prefix(&prefix) else {
            continue;
        };
        let pid = pid.split('-').next().unwrap_or(pid);
        let alive = Path::new("/proc").is_dir() && Path::new("/proc").join(pid).exists();
        if !alive {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

fn open_for_write_mode(db: &Path, fresh: bool) -> Result<(Connection, Option<String>), StoreError> {
    if let Some(dir) = db.parent() {
        std::fs::create_dir_all(dir).map_err(|source| StoreError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
        if dir.file_name().is_some_and(|n| n == ".codemap") {
            let gi = dir.join(".gitignore");
            if !gi.exists() {
                std::fs::write(&gi, "*\n").map_err(|source| StoreError::Io { path: gi, source })?;
            }
        }
    }
    let e = sql_err(db);
    let conn = Connection::open(db).map_err(&e)?;
    conn.busy_timeout(Duration::from_secs(5)).map_err(&e)?;
    conn.execute_batch(if fresh {
        "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; \
         PRAGMA cache_size = -16384; PRAGMA foreign_keys = OFF;"
    } else {
        "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
         PRAGMA cache_size = -16384; PRAGMA foreign_keys = OFF;"
    })
    .map_err(&e)?;
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(&e)?;
    let mut message = None;
    // A map built by other extraction or resolution rules holds what those rules made of
    // unchanged files: it is rebuilt, as for another schema.
    let other_rules = version == SCHEMA_VERSION && {
        let rules: Option<String> = conn
            .query_row("SELECT value FROM meta WHERE key = 'rules'", [], |r| {
                r.get(0)
            })
            .ok();
        let files: i64 = conn
            .query_row("SELECT count(*) FROM files", [], |r| r.get(0))
            .unwrap_or(0);
        files > 0 && rules.as_deref() != Some(crate::lang::rules_fingerprint().as_str())
    };
    if version != SCHEMA_VERSION || other_rules {
        let has_tables: bool = conn
            .query_row(
                "SELECT count(*) > 0 FROM sqlite_master WHERE type = 'table'",
                [],
                |r| r.get(0),
            )
            .map_err(&e)?;
        if other_rules {
            message = Some(
                "the map was built by other extraction rules (another codemap); rebuilt it"
                    .to_string(),
            );
        } else if has_tables {
            message = Some(format!(
                "the map had schema version {version}; rebuilt it for version {SCHEMA_VERSION}"
            ));
        }
        // Rebuild in one transaction: a killed rebuild leaves the old map.
        begin_immediate(&conn, db)?;
        let objects: Vec<(String, String)> = {
            let mut st = conn
                .prepare(
                    "SELECT type, name FROM sqlite_master WHERE type IN ('view', 'table') \
                     AND name NOT LIKE 'sqlite_%' ORDER BY type = 'table'",
                )
                .map_err(&e)?;
            let rows = st
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
                .map_err(&e)?;
            rows.collect::<Result<_, _>>().map_err(&e)?
        };
        for (kind, name) in objects {
            let kw = if kind == "view" { "VIEW" } else { "TABLE" };
            conn.execute_batch(&format!("DROP {kw} \"{}\"", name.replace('"', "\"\"")))
                .map_err(&e)?;
        }
        conn.execute_batch(SCHEMA).map_err(&e)?;
        conn.execute_batch(&format!("PRAGMA user_version = {SCHEMA_VERSION}"))
            .map_err(&e)?;
        conn.execute_batch("COMMIT").map_err(&e)?;
    }
    Ok((conn, message))
}

/// Take the write lock for a whole run. A second writer waits a few seconds, then gets `Busy`.
fn begin_immediate(conn: &Connection, db: &Path) -> Result<(), StoreError> {
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

/// Open an existing map for reading. Never creates one.
pub fn open_for_read(db: &Path) -> Result<Db, StoreError> {
    if !db.is_file() {
        return Err(StoreError::NotBuilt(db.to_path_buf()));
    }
    let e = sql_err(db);
    let conn = Connection::open_with_flags(
        db,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(&e)?;
    conn.busy_timeout(Duration::from_secs(5)).map_err(&e)?;
    // Readers map the file and keep a large page cache: queries touch many scattered pages.
    conn.execute_batch(
        "PRAGMA query_only = ON; PRAGMA mmap_size = 1073741824; PRAGMA cache_size = -65536;",
    )
    .map_err(&e)?;
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(&e)?;
    if version == 0 {
        return Err(StoreError::NotBuilt(db.to_path_buf()));
    }
    if version != SCHEMA_VERSION {
        return Err(StoreError::Version {
            path: db.to_path_buf(),
            found: version,
            want: SCHEMA_VERSION,
        });
    }
    Ok(Db::new(conn))
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

    /// The lookups resolution makes during an incremental run, over the map itself (they see
    /// the run's uncommitted writes).
    pub fn symbol_index(&self) -> SqlIndex<'_> {
        SqlIndex {
            db: self,
            seen: Default::default(),
            counts: Default::default(),
            facts: Default::default(),
            imports: Default::default(),
        }
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
            "SELECT name, qualname, kind_code, params FROM symbols WHERE file_id = ?1 AND qualname != ''",
        )?;
        let rows = st.query_map([file_id], |r| {
            let code: i64 = r.get(2)?;
            Ok(FileSymbol {
                name: r.get(0)?,
                qualname: r.get(1)?,
                kind: Kind::from_code(code)
                    .ok_or(rusqlite::Error::IntegralValueOutOfRange(2, code))?,
                params: r.get(3)?,
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

/// Lookups over the map itself, for incremental runs (sees the run's uncommitted writes).
/// Each answer is remembered for the handle's life: a run takes one after writing the
/// changed files' symbols, and writes only edges and nodes while it looks things up (renaming
/// `http.Request` re-resolves 35k references, most of them asking the same few questions).
pub struct SqlIndex<'c> {
    db: &'c Db,
    seen: std::cell::RefCell<std::collections::HashMap<Lookup, Vec<SymRef>>>,
    /// The two sizes [`SqlIndex::in_dir`] chooses its plan by: (statement, key) → rows.
    counts: std::cell::RefCell<std::collections::HashMap<(&'static str, String), i64>>,
    /// Each file's facts asked of so far, by path: (qualname, role, type) in order.
    #[allow(clippy::type_complexity)]
    facts: std::cell::RefCell<std::collections::HashMap<String, Vec<(String, String, String)>>>,
    /// Each file's imports asked of so far, by path (re-exports are followed through the
    /// same `__init__.py` for one reference after another).
    imports: std::cell::RefCell<std::collections::HashMap<String, Vec<Import>>>,
}

/// A question asked of a [`SqlIndex`]: (its statement, language, first and second key).
type Lookup = (&'static str, Lang, String, String);

impl SqlIndex<'_> {
    /// `query`'s answer, asked once per handle.
    fn remembered(&self, sql: &'static str, a: &str, b: &str, lang: Lang) -> Vec<SymRef> {
        let key = (sql, lang, a.to_string(), b.to_string());
        if let Some(hit) = self.seen.borrow().get(&key) {
            return hit.clone();
        }
        let out = self.query(sql, a, b, lang);
        self.seen.borrow_mut().insert(key, out.clone());
        out
    }

    /// A count `sql` gives for `key`, asked once per handle (0 when the lookup fails).
    fn count(&self, sql: &'static str, key: &str) -> i64 {
        let k = (sql, key.to_string());
        if let Some(&n) = self.counts.borrow().get(&k) {
            return n;
        }
        let n = (self.db.conn.prepare_cached(sql))
            .and_then(|mut st| st.query_row([key], |r| r.get(0)))
            .unwrap_or(0);
        self.counts.borrow_mut().insert(k, n);
        n
    }

    fn query(&self, sql: &str, a: &str, b: &str, lang: Lang) -> Vec<SymRef> {
        let run = || -> SqlResult<Vec<SymRef>> {
            let mut st = self.db.conn.prepare_cached(sql)?;
            let rows = st.query_map(params![a, b, lang.prefix()], |r| {
                let kind: String = r.get(1)?;
                Ok(SymRef {
                    node_id: r.get(0)?,
                    kind: Kind::parse(&kind).unwrap_or(Kind::Variable),
                    file: r.get(2)?,
                })
            })?;
            rows.collect()
        };
        // A failed lookup resolves nothing; it never aborts a run.
        run().unwrap_or_else(|e| {
            tracing::warn!("symbol lookup failed: {e}");
            Vec::new()
        })
    }
}

impl SymbolIndex for SqlIndex<'_> {
    fn facts(&self, _lang: Lang, file: &str, qualname: &str, role: FactRole) -> Vec<String> {
        // A file's facts are read whole (its key leads the table's) once, then asked in
        // memory: a walk asks the same file about one name after another.
        if !self.facts.borrow().contains_key(file) {
            let run = || -> SqlResult<Vec<(String, String, String)>> {
                let mut st = self.db.conn.prepare_cached(
                    "SELECT x.qualname, x.role, x.ty FROM facts x JOIN files f \
                     ON f.id = x.file_id WHERE f.path = ?1 ORDER BY x.seq",
                )?;
                let rows = st.query_map([file], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
                rows.collect()
            };
            let all = run().unwrap_or_default();
            self.facts.borrow_mut().insert(file.to_string(), all);
        }
        let facts = self.facts.borrow();
        (facts.get(file).into_iter().flatten())
            .filter(|(q, r, _)| q == qualname && r == role.as_str())
            .map(|(_, _, ty)| ty.clone())
            .collect()
    }

    fn imports_of(&self, _lang: Lang, file: &str) -> Vec<Import> {
        if let Some(hit) = self.imports.borrow().get(file) {
            return hit.clone();
        }
        let run = || -> SqlResult<Vec<Import>> {
            let id: i64 =
                self.db
                    .conn
                    .query_row("SELECT id FROM files WHERE path = ?1", [file], |r| r.get(0))?;
            self.db.file_imports(id)
        };
        let out = run().unwrap_or_default();
        self.imports
            .borrow_mut()
            .insert(file.to_string(), out.clone());
        out
    }

    fn in_file(&self, lang: Lang, file: &str, qualname: &str) -> Option<SymRef> {
        // One probe of (file, qualname), where the directory's lookup probes each of its files
        // (581 in Go's runtime).
        self.remembered(
            sym_refs_where!("f.path = ?1 AND s.qualname = ?2 AND f.lang = ?3"),
            file,
            qualname,
            lang,
        )
        .into_iter()
        .next()
    }

    fn in_dir(&self, lang: Lang, dir: &str, qualname: &str) -> Vec<SymRef> {
        // A top-level qualname is its symbol's name unless it is numbered (`f~2`): the
        // symbols of that name may be fewer to read than the directory's files to probe (a
        // local's name, looked up in Go's runtime: 0.1 against 1 ms). (Choosing so for a
        // member's qualname as well, `T.String` among every `String`, gained nothing.)
        if !qualname.contains(['.', '~']) {
            let named = self.count(
                "SELECT count(*) FROM symbols WHERE name = ?1 AND qualname != ''",
                qualname,
            );
            let files = self.count("SELECT count(*) FROM files WHERE dir = ?1", dir);
            if named < files {
                return self.remembered(
                    concat!(
                        "SELECT ",
                        file_node_text!("s", "f"),
                        ", s.kind, f.path \
                         FROM symbols s INDEXED BY symbols_name JOIN files f ON f.id = s.file_id \
                         WHERE s.name = ?2 AND s.qualname = ?2 \
                         AND s.qualname != '' AND f.dir = ?1 AND f.lang = ?3 ORDER BY f.path"
                    ),
                    dir,
                    qualname,
                    lang,
                );
            }
        }
        self.remembered(
            sym_refs_where!("f.dir = ?1 AND s.qualname = ?2 AND f.lang = ?3 ORDER BY f.path"),
            dir,
            qualname,
            lang,
        )
    }
    fn by_name(&self, lang: Lang, name: &str) -> Vec<SymRef> {
        self.remembered(
            concat!(
                "SELECT ", file_node_text!("s", "f"), ", s.kind, f.path \
                 FROM symbols s JOIN files f ON f.id = s.file_id \
                 WHERE s.name = ?1 AND ?2 = ?2 AND s.lang = ?3 AND s.qualname != '' ORDER BY f.path"
            ),
            name,
            "",
            lang,
        )
    }
}

/// Flag files as changed on disk since indexing (the watcher, before it re-indexes). Waits at
/// most `wait` for a running index to release the write lock; returns the rows flagged.
pub fn mark_stale(db: &Path, paths: &[String], wait: Duration) -> Result<usize, StoreError> {
    if !db.is_file() || paths.is_empty() {
        return Ok(0);
    }
    let e = sql_err(db);
    let conn = Connection::open(db).map_err(&e)?;
    conn.busy_timeout(wait).map_err(&e)?;
    let mut n = 0;
    let mut st = conn
        .prepare("UPDATE files SET stale = 1 WHERE path = ?1 AND stale = 0")
        .map_err(&e)?;
    for p in paths {
        n += st.execute([p]).map_err(&e)?;
    }
    Ok(n)
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
