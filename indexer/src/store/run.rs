//! An index run's statements: the files, nodes, symbols, imports and edges it writes, and what
//! it reads back inside its own transaction (a file's old shape, the edges to re-resolve, the
//! method sets `implements` is computed from).

use super::db::code::{CALLS, EXTENDS, IMPLEMENTS, IMPORTS, USES};
use super::db::{edge_kind_at, fact_at, import_at, unix_now, Db, SqlResult, SCHEMA};
use crate::id::NodeId;
use crate::lang::Lang;
use crate::model::{EdgeKind, FileExtract, Import, Kind, Pos, Resolution, Symbol, TypeFact};
use crate::walk::{parent_dir, WalkedFile};
use rusqlite::{params, OptionalExtension};
use std::borrow::Cow;
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
}

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
    ", nm.name, e.kind, e.hint, e.target, e.resolution"
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
    })
}

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

/// The columns of a stored edge [`Db::write_edges_over`] compares, in its order.
pub(super) const STORED_EDGE: &str =
    "e.id, e.file_id, e.source, e.target, e.name, e.kind, e.line, e.col, e.resolution, e.hint";

/// `column IN (codes)`: a filter on kinds by their stored codes. (The `kind` column is
/// computed for each row it is read from: 0.6 s against 0.13 s over 890k symbols.)
pub(super) fn kind_in(column: &str, kinds: &[Kind]) -> String {
    let codes: Vec<String> = kinds.iter().map(|k| k.code().to_string()).collect();
    format!("{column} IN ({})", codes.join(", "))
}

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
);

/// Stored edges to write over, by their columns: each row's id, once.
#[derive(Default)]
pub(super) struct StoredEdges {
    found: HashMap<EdgeKey, Vec<i64>>,
    ids: HashSet<i64>,
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

    pub fn insert_edge(&self, e: &EdgeRow<'_>) -> SqlResult<()> {
        self.insert_edges(std::slice::from_ref(e))
    }

    /// Edges as new rows, through one statement (`prepare_cached` hashes the SQL text each
    /// call: a cold run inserts a million edges).
    pub fn insert_edges(&self, edges: &[EdgeRow<'_>]) -> SqlResult<()> {
        let mut st = self.conn.prepare_cached(
            "INSERT INTO edges(file_id, source, target, name, kind, line, col, resolution, hint)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
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
                e.hint
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

    /// `own_name` and `schema.sql`'s computed `name` and `receiver` agree: a name stored
    /// nowhere is the qualname's last segment, every other is stored; a receiver is the rest
    /// of the qualname.
    #[test]
    fn a_name_is_stored_only_when_the_qualname_does_not_give_it() {
        let conn = rusqlite::Connection::open_in_memory().expect("open");
        conn.execute_batch(super::SCHEMA).expect("schema");
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
