//! An index run's writes of a file's rows: the file row, its node and symbols (a kept
//! symbol's row updated in place), its imports; and the package nodes.

use super::db::{kind_in, unix_now, Db, SqlResult};
use crate::id::NodeId;
use crate::lang::Lang;
use crate::model::{FileExtract, Import, Kind, Symbol};
use crate::walk::{parent_dir, WalkedFile};
use rusqlite::params;
use std::borrow::Cow;
use std::collections::HashMap;

/// What `symbols.own_name` stores for a symbol: its name when it is not its qualname (a
/// member's, a file's, a package's); `schema.sql`'s `name` column is the qualname otherwise.
/// (Taking a member's name from the qualname's last segment saved 3 MB more on Go's standard
/// library, but the SQL that finds it costs 1.3 µs a row: 1.1 s for every name on 6.5 M
/// lines of Go.)
fn own_name<'a>(name: &'a str, qualname: &str) -> Option<&'a str> {
    (name != &qualname[last_segment_at(qualname)..]).then_some(name)
}

/// `symbols.name_at`: the characters (SQLite's `substr` counts characters) before the
/// qualname's last segment.
fn name_at(qualname: &str) -> usize {
    qualname[..last_segment_at(qualname)].chars().count()
}

/// The byte where a qualname's last segment begins (after its last '.').
fn last_segment_at(qualname: &str) -> usize {
    qualname.rfind('.').map_or(0, |i| i + 1)
}

/// What `symbols` stores of a symbol beside its number, file and qualname: how a run writes
/// the row, and what a rewrite of its file compares to leave a row that did not change alone.
#[derive(Debug, Clone, PartialEq)]
struct SymbolCols<'a> {
    lang: Cow<'a, str>,
    own_name: Option<Cow<'a, str>>,
    name_at: i64,
    kind_code: i64,
    start_line: i64,
    start_col: i64,
    end_lines: i64,
    end_col: i64,
    name_lines: i64,
    name_col: i64,
    name_end_col: i64,
    signature: Option<Cow<'a, str>>,
    doc: Option<Cow<'a, str>>,
    parent: Option<i64>,
    params: Option<i64>,
    has_receiver: bool,
}

impl<'a> SymbolCols<'a> {
    /// An extracted symbol's row; `parent` is its parent's number (or its file's).
    fn of(lang: Lang, s: &'a Symbol, parent: i64) -> SymbolCols<'a> {
        let line = i64::from(s.span.start.line);
        SymbolCols {
            lang: lang.prefix().into(),
            own_name: own_name(&s.name, &s.qualname).map(Cow::Borrowed),
            name_at: name_at(&s.qualname) as i64,
            kind_code: s.kind.code(),
            start_line: line,
            start_col: i64::from(s.span.start.col),
            end_lines: i64::from(s.span.end.line) - line,
            end_col: i64::from(s.span.end.col),
            name_lines: i64::from(s.name_span.start.line) - line,
            name_col: i64::from(s.name_span.start.col),
            name_end_col: i64::from(s.name_span.end.col),
            signature: s.signature.as_deref().map(Cow::Borrowed),
            doc: s.doc.as_deref().map(Cow::Borrowed),
            parent: Some(parent),
            params: s.params.map(i64::from),
            has_receiver: s.receiver.is_some(),
        }
    }
}

impl Db {
    /// Insert or update a file's row; returns its id.
    pub fn upsert_file(
        &self,
        f: &WalkedFile,
        size: i64,
        hash: Option<&str>,
        skip: Option<&str>,
        parse_error: bool,
        package: Option<&str>,
    ) -> SqlResult<i64> {
        self.conn
            .prepare_cached(
                "INSERT INTO files(path, lang, size, mtime_ns, hash, indexed_at, stale, skip_reason, parse_error, package, dir, node)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0, ?7, ?8, ?9, ?10, ?11)
                 ON CONFLICT(path) DO UPDATE SET lang = excluded.lang, node = excluded.node, size = excluded.size,
                   mtime_ns = excluded.mtime_ns, hash = excluded.hash, indexed_at = excluded.indexed_at,
                   stale = 0, skip_reason = excluded.skip_reason, parse_error = excluded.parse_error,
                   package = excluded.package
                 RETURNING id",
            )?
            .query_row(
                params![
                    f.rel,
                    f.lang.prefix(),
                    size,
                    f.mtime_ns,
                    hash,
                    unix_now(),
                    skip,
                    parse_error,
                    package,
                    parent_dir(&f.rel),
                    NodeId::file_id(f.lang, &f.rel)
                ],
                |r| r.get(0),
            )
    }

    /// A file whose content is unchanged: its new stamp, and no longer flagged stale.
    pub fn touch_file(&self, rel: &str, size: i64, mtime_ns: i64) -> SqlResult<()> {
        self.conn
            .prepare_cached("UPDATE files SET size = ?1, mtime_ns = ?2, stale = 0 WHERE path = ?3")?
            .execute(params![size, mtime_ns, rel])?;
        Ok(())
    }

    /// Every file left out as generated code, flagged so that the next run reads it.
    pub fn flag_generated_stale(&self) -> SqlResult<()> {
        self.conn.execute(
            "UPDATE files SET stale = 1 WHERE skip_reason LIKE ?1",
            [format!("{}%", crate::generated::REASON_PREFIX)],
        )?;
        Ok(())
    }

    /// A file's row (after [`Db::clear_file`] took what it owned); its path is remembered in
    /// `gone`.
    pub fn delete_file(&self, file_id: i64) -> SqlResult<()> {
        self.conn
            .prepare_cached(
                "INSERT OR REPLACE INTO gone(path, at) SELECT path, unixepoch() FROM files WHERE id = ?1",
            )?
            .execute([file_id])?;
        self.conn
            .prepare_cached("DELETE FROM files WHERE id = ?1")?
            .execute([file_id])?;
        Ok(())
    }

    /// A file's imports, in order.
    pub fn insert_imports(&self, file_id: i64, imports: &[Import]) -> SqlResult<()> {
        let mut st = self.conn.prepare_cached(
            "INSERT INTO imports(file_id, module, member, alias, reexport, line, col) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?;
        for imp in imports {
            st.execute(params![
                file_id,
                imp.module,
                imp.member,
                imp.alias,
                imp.reexport,
                imp.pos.line,
                imp.pos.col
            ])?;
        }
        Ok(())
    }

    /// A file's node and symbols; returns the file's number, its symbols' numbers in order,
    /// and the numbers of the symbols that went.
    ///
    /// A file the map had (`rewrite`: an incremental run) is written over what the map holds
    /// of it: a symbol whose qualname the file already had keeps its row, updated only in the
    /// columns that changed (no index covers a position, so a symbol an edit moved rewrites
    /// one table page, not its index entries); the others are inserted, and those that went
    /// are parked in `nodes` (edges elsewhere may still name them) and deleted. Deleting every
    /// row and inserting it again dirtied each page of each index the file's rows sit in:
    /// about 290 pages of WAL, and as many checkpointed, for an edit that changed 12.
    /// `cold`: the map holds no node of this run's files, so every number is new.
    pub fn write_symbols(
        &self,
        file_id: i64,
        f: &WalkedFile,
        ex: &FileExtract,
        lines: i64,
        rewrite: bool,
        cold: bool,
    ) -> SqlResult<(i64, Vec<i64>, Vec<i64>)> {
        let mut stored = if rewrite {
            self.stored_symbols(file_id)?
        } else {
            HashMap::new()
        };
        // A cold run numbers from its counter: no parked node can have the ID, which is
        // then not made.
        let number_of = |qualname: &str, node: &dyn Fn() -> String| -> SqlResult<i64> {
            match stored.get(qualname) {
                Some((n, _)) => Ok(*n),
                None if cold => self.fresh_number(),
                None => self.symbol_number(&node(), false),
            }
        };
        let file_number = number_of("", &|| NodeId::file_id(f.lang, &f.rel))?;
        let file_row = self.file_cols(f, ex.doc.as_deref(), lines)?;
        let mut kept: HashMap<&str, i64> = HashMap::with_capacity(ex.symbols.len() + 1);
        let mut numbers: Vec<i64> = Vec::with_capacity(ex.symbols.len());
        let mut rows = Vec::with_capacity(ex.symbols.len() + 1);
        rows.push((file_number, "", file_row));
        kept.insert("", file_number);
        for s in &ex.symbols {
            // Two symbols of one file never share a qualname (`~N`); should extraction ever
            // give two, the second names the first's node and adds no row.
            if let Some(&n) = kept.get(s.qualname.as_str()) {
                numbers.push(n);
                continue;
            }
            let number = number_of(&s.qualname, &|| {
                NodeId::symbol_id(f.lang, &f.rel, &s.qualname)
            })?;
            kept.insert(&s.qualname, number);
            numbers.push(number);
            let parent = s
                .parent
                .and_then(|p| numbers.get(p).copied())
                .unwrap_or(file_number);
            rows.push((number, &s.qualname, SymbolCols::of(f.lang, s, parent)));
        }
        // One statement for the file's inserts (`prepare_cached` hashes the SQL text each call).
        let mut insert = self.conn.prepare_cached(INSERT_SYMBOL)?;
        for (number, qualname, row) in &rows {
            match stored.remove(*qualname) {
                Some((_, was)) if was == *row => {}
                Some((_, was)) => self.update_symbol(*number, &was, row)?,
                None => insert_symbol(&mut insert, *number, file_id, qualname, row)?,
            }
        }
        // What is left of the stored rows went: parked, then deleted.
        let mut gone: Vec<i64> = stored.into_values().map(|(n, _)| n).collect();
        gone.sort_unstable();
        for &n in &gone {
            self.conn
                .prepare_cached(&super::db::park_sql("s.id"))?
                .execute([n])?;
            self.conn
                .prepare_cached("DELETE FROM symbols WHERE id = ?1")?
                .execute([n])?;
        }
        Ok((file_number, numbers, gone))
    }

    /// The row of a file's node: `doc` its docstring, `lines` its length.
    fn file_cols<'a>(
        &self,
        f: &'a WalkedFile,
        doc: Option<&'a str>,
        lines: i64,
    ) -> SqlResult<SymbolCols<'a>> {
        let parent = match f.lang.spec().package_nodes {
            true => Some(self.node_number(&NodeId::package_id(f.lang, parent_dir(&f.rel)))?),
            false => None,
        };
        let name = f.rel.rsplit('/').next().unwrap_or(&f.rel);
        Ok(SymbolCols {
            lang: f.lang.prefix().into(),
            own_name: own_name(name, "").map(Cow::Borrowed),
            name_at: 0,
            kind_code: Kind::File.code(),
            start_line: 1,
            start_col: 1,
            end_lines: lines - 1,
            end_col: 1,
            name_lines: 0,
            name_col: 1,
            name_end_col: 1,
            signature: None,
            doc: doc.map(Cow::Borrowed),
            parent,
            params: None,
            has_receiver: false,
        })
    }

    /// The node row of a file with no symbols (skipped: binary, too large); returns its
    /// number. `cold`: the map holds no node of this run's files yet, so the file's is new.
    pub fn insert_file_node(&self, file_id: i64, f: &WalkedFile, cold: bool) -> SqlResult<i64> {
        let number = self.symbol_number(&NodeId::file_id(f.lang, &f.rel), cold)?;
        self.insert_symbol(number, file_id, "", &self.file_cols(f, None, 1)?)?;
        Ok(number)
    }

    /// A file's stored symbol rows (its file node's under the qualname ''), by qualname.
    fn stored_symbols(
        &self,
        file_id: i64,
    ) -> SqlResult<HashMap<String, (i64, SymbolCols<'static>)>> {
        self.conn
            .prepare_cached(
                "SELECT id, qualname, lang, own_name, name_at, kind_code, start_line, start_col, end_lines,
                   end_col, name_lines, name_col, name_end_col, signature, doc, parent, params, has_receiver
                 FROM symbols WHERE file_id = ?1",
            )?
            .query_map([file_id], |r| {
                let cols = SymbolCols {
                    lang: Cow::Owned(r.get(2)?),
                    own_name: r.get::<_, Option<String>>(3)?.map(Cow::Owned),
                    name_at: r.get(4)?,
                    kind_code: r.get(5)?,
                    start_line: r.get(6)?,
                    start_col: r.get(7)?,
                    end_lines: r.get(8)?,
                    end_col: r.get(9)?,
                    name_lines: r.get(10)?,
                    name_col: r.get(11)?,
                    name_end_col: r.get(12)?,
                    signature: r.get::<_, Option<String>>(13)?.map(Cow::Owned),
                    doc: r.get::<_, Option<String>>(14)?.map(Cow::Owned),
                    parent: r.get(15)?,
                    params: r.get(16)?,
                    has_receiver: r.get(17)?,
                };
                Ok((r.get(1)?, (r.get(0)?, cols)))
            })?
            .collect()
    }

    fn insert_symbol(
        &self,
        number: i64,
        file_id: i64,
        qualname: &str,
        c: &SymbolCols<'_>,
    ) -> SqlResult<()> {
        insert_symbol(
            &mut self.conn.prepare_cached(INSERT_SYMBOL)?,
            number,
            file_id,
            qualname,
            c,
        )
    }

    /// A kept symbol's row brought up to date. The columns an index covers (its name's
    /// parts, its parent) are set only when one of them changed: SQLite leaves alone an
    /// index none of whose columns an `UPDATE` sets.
    fn update_symbol(
        &self,
        number: i64,
        was: &SymbolCols<'_>,
        now: &SymbolCols<'_>,
    ) -> SqlResult<()> {
        self.conn
            .prepare_cached(
                "UPDATE symbols SET kind_code = ?2, start_line = ?3, start_col = ?4, end_lines = ?5, end_col = ?6,
                   name_lines = ?7, name_col = ?8, name_end_col = ?9, signature = ?10, doc = ?11, params = ?12,
                   has_receiver = ?13
                 WHERE id = ?1",
            )?
            .execute(params![
                number,
                now.kind_code,
                now.start_line,
                now.start_col,
                now.end_lines,
                now.end_col,
                now.name_lines,
                now.name_col,
                now.name_end_col,
                now.signature,
                now.doc,
                now.params,
                now.has_receiver
            ])?;
        if (&was.lang, &was.own_name, was.name_at, was.parent)
            != (&now.lang, &now.own_name, now.name_at, now.parent)
        {
            self.conn
                .prepare_cached(
                    "UPDATE symbols SET lang = ?2, own_name = ?3, name_at = ?4, parent = ?5 WHERE id = ?1",
                )?
                .execute(params![number, now.lang, now.own_name, now.name_at, now.parent])?;
        }
        Ok(())
    }

    /// Every package node (a cold run makes them all again).
    pub fn delete_packages(&self) -> SqlResult<()> {
        self.conn.execute(
            &format!(
                "DELETE FROM symbols WHERE {} AND file_id IS NULL",
                kind_in("kind_code", &[Kind::Package])
            ),
            [],
        )?;
        Ok(())
    }

    /// A symbol row by number (its node stays: see [`Db::forget_nodes`]).
    pub fn delete_symbol(&self, number: i64) -> SqlResult<()> {
        self.conn
            .prepare_cached("DELETE FROM symbols WHERE id = ?1")?
            .execute([number])?;
        Ok(())
    }

    /// A package node's symbol row: it has no file, only a directory.
    pub fn insert_package(&self, number: i64, name: &str, dir: &str, lang: Lang) -> SqlResult<()> {
        self.conn
            .prepare_cached(
                "INSERT INTO symbols(id, file_id, lang, own_name, qualname, kind_code, start_line, start_col, end_lines, end_col,
                   name_lines, name_col, name_end_col, dir)
                 VALUES (?1, NULL, ?4, ?2, '', ?5, 0, 0, 0, 0, 0, 0, 0, ?3)",
            )?
            .execute(params![number, own_name(name, ""), dir, lang.prefix(), Kind::Package.code()])?;
        Ok(())
    }
}

const INSERT_SYMBOL: &str = "INSERT OR IGNORE INTO symbols(id, file_id, qualname, lang, own_name, name_at, kind_code, start_line,
   start_col, end_lines, end_col, name_lines, name_col, name_end_col, signature, doc, parent,
   params, has_receiver)
 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)";

/// One symbol's row, through [`INSERT_SYMBOL`] prepared by the caller.
fn insert_symbol(
    st: &mut rusqlite::CachedStatement<'_>,
    number: i64,
    file_id: i64,
    qualname: &str,
    c: &SymbolCols<'_>,
) -> SqlResult<()> {
    st.execute(params![
        number,
        file_id,
        qualname,
        c.lang,
        c.own_name,
        c.name_at,
        c.kind_code,
        c.start_line,
        c.start_col,
        c.end_lines,
        c.end_col,
        c.name_lines,
        c.name_col,
        c.name_end_col,
        c.signature,
        c.doc,
        c.parent,
        c.params,
        c.has_receiver
    ])?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{name_at, own_name};

    /// `own_name` and `schema.sql`'s computed `name` and `receiver` agree: a name stored
    /// nowhere is the qualname's last segment, every other is stored; a receiver is the rest
    /// of the qualname.
    #[test]
    fn a_name_is_stored_only_when_the_qualname_does_not_give_it() {
        let conn = rusqlite::Connection::open_in_memory().expect("open");
        conn.execute_batch(super::super::SCHEMA).expect("schema");
        // (name, qualname, stored, receiver)
        let cases = [
            (
                "refresh",
                "SessionStore.refresh",
                false,
                Some("SessionStore"),
            ),
            ("parse", "parse", false, None),
            ("map", "map~3", true, None),
            ("len", "Vec.len~2", true, Some("Vec")),
            ("url.go", "", true, None),
            ("héllo", "héllo", false, None),
            ("ñ", "Ünï.cödé.ñ", false, Some("Ünï.cödé")),
            ("x", "a.b.c.x", false, Some("a.b.c")),
            ("x", "a.b.c.y", true, None),
            ("run", "tests.T.run", false, Some("tests.T")),
            ("", "", false, None),
            ("", "a.", false, Some("a")),
        ];
        for (i, (name, qualname, stored, receiver)) in cases.into_iter().enumerate() {
            let own = own_name(name, qualname);
            assert_eq!(own.is_some(), stored, "{name:?} in {qualname:?}");
            conn.execute(
                "INSERT INTO symbols(id, lang, own_name, qualname, kind_code, start_line, start_col,
                   end_lines, end_col, name_lines, name_col, name_end_col, has_receiver, name_at)
                 VALUES (?1, 'py', ?2, ?3, 7, 10, 1, 2, 1, 1, 5, 9, ?4, ?5)",
                rusqlite::params![
                    i as i64 + 1,
                    own,
                    qualname,
                    receiver.is_some(),
                    name_at(qualname)
                ],
            )
            .expect("insert");
            let back: (String, String, i64, i64, Option<String>) = conn
                .query_row(
                    "SELECT name, kind, end_line, name_line, receiver FROM symbols WHERE id = ?1",
                    [i as i64 + 1],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
                )
                .expect("read");
            assert_eq!(
                back,
                (
                    name.to_string(),
                    "method".to_string(),
                    12,
                    11,
                    receiver.map(str::to_string)
                ),
                "{name:?} in {qualname:?}"
            );
        }
    }
}
