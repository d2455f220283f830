//! Opening the map: creating it, rebuilding it for another schema version or other rules,
//! opening it to read; and the files beside it (half-written builds, the watcher's flags).

use super::db::{begin_immediate, Db, StoreError, SCHEMA, SCHEMA_VERSION};
use rusqlite::{Connection, OpenFlags};
use std::path::{Path, PathBuf};
use std::time::Duration;

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
    let message = outdated_by(&conn, version);
    if message.is_some() || version != SCHEMA_VERSION {
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

/// Why the map on `conn` (of `user_version` `version`) must be rebuilt: another schema
/// version, or other extraction rules (it holds what those rules made of unchanged files).
/// `None` when it is current or empty (a new file).
fn outdated_by(conn: &Connection, version: i64) -> Option<String> {
    if version != SCHEMA_VERSION {
        let has_tables: bool = conn
            .query_row(
                "SELECT count(*) > 0 FROM sqlite_master WHERE type = 'table'",
                [],
                |r| r.get(0),
            )
            .unwrap_or(false);
        return has_tables.then(|| {
            format!("the map had schema version {version}; rebuilt it for version {SCHEMA_VERSION}")
        });
    }
    let rules: Option<String> = conn
        .query_row("SELECT value FROM meta WHERE key = 'rules'", [], |r| {
            r.get(0)
        })
        .ok();
    let files: i64 = conn
        .query_row("SELECT count(*) FROM files", [], |r| r.get(0))
        .unwrap_or(0);
    (files > 0 && rules.as_deref() != Some(crate::lang::rules_fingerprint().as_str())).then(|| {
        "the map was built by other extraction rules (another codemap); rebuilt it".to_string()
    })
}

/// Why the existing map at `db` must be rebuilt before it is read (another schema version or
/// other rules: what [`open_for_write`] would rebuild), or `None` when it is current.
pub fn outdated(db: &Path) -> Result<Option<String>, StoreError> {
    let e = sql_err(db);
    let conn = Connection::open_with_flags(db, OpenFlags::SQLITE_OPEN_READ_ONLY).map_err(&e)?;
    conn.busy_timeout(Duration::from_secs(5)).map_err(&e)?;
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(&e)?;
    Ok(outdated_by(&conn, version))
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
