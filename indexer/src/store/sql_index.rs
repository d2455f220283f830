//! [`SqlIndex`]: the symbol lookups resolution makes during an incremental run, asked of the
//! map itself and remembered for the handle's life.

use super::db::{Db, SqlResult};
use crate::lang::Lang;
use crate::model::{FactRole, Import, Kind};
use crate::resolve::{SymRef, SymbolIndex};
use rusqlite::params;

impl Db {
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
