//! What `implements` by method set reads from the map and writes to it: the whole of a
//! language's types, methods and embeddings (a cold run), or one node at a time through the
//! indexes ([`MapTypes`], for an edit's few types).

use super::db::code::{EXTENDS, IMPLEMENTS};
use super::db::{kind_in, Db, SqlResult};
use super::edges::{EdgeRow, StoredEdges, STORED_EDGE};
use crate::lang::Lang;
use crate::model::Kind;
use crate::resolve::{Method, TypeGraph, TypeKind};
use rusqlite::OptionalExtension;
use std::collections::{BTreeSet, HashMap};

/// A top-level type or interface of a method-set language, as `implements` reads it.
#[derive(Debug, Clone)]
pub struct TypeRow {
    pub path: String,
    pub qualname: String,
    pub file_id: i64,
    pub number: i64,
}

fn type_row(r: &rusqlite::Row<'_>) -> SqlResult<TypeRow> {
    Ok(TypeRow {
        path: r.get(0)?,
        qualname: r.get(1)?,
        file_id: r.get(2)?,
        number: r.get(3)?,
    })
}

/// A method declared with a receiver (`func (t T) M()`), as `implements` reads it.
#[derive(Debug, Clone)]
pub struct ReceiverMethod {
    pub dir: String,
    pub receiver: String,
    pub name: String,
    pub params: Option<u32>,
    /// Its result count (`Language::method_results`; 0 where not compared).
    pub results: u32,
}

/// A node as [`MapTypes`] reads it: what it is, where it is declared.
/// One row of [`Db::method_set_rows`].
#[derive(Debug, Clone)]
pub enum SetRow {
    /// A top-level struct or named type.
    Concrete(TypeRow),
    Interface(TypeRow),
    ReceiverMethod(ReceiverMethod),
    /// An interface's method spec: (parent, name, parameter count, result count).
    MemberMethod(i64, String, Option<u32>, u32),
}

#[derive(Debug, Clone)]
pub struct TypeNode {
    pub kind: Option<TypeKind>,
    /// Whether its `extends` edges are embeddings (a type or interface of the language).
    pub embeds: bool,
    pub row: TypeRow,
    pub dir: String,
}

impl Db {
    /// A language's `implements` edges computed from method sets (`edges`, in the order to
    /// insert new ones), written over the stored ones ([`Db::write_edges_over`], which finds
    /// them through the partial index `edges_implements`). Recomputing after a Go type's
    /// methods changed deleted and inserted all 48,898 of the standard library's (0.2 s to
    /// delete them, through a scan of every edge; 0.12 s to insert).
    pub fn replace_implements(&self, lang: Lang, edges: &[EdgeRow<'_>]) -> SqlResult<()> {
        let mut stored = StoredEdges::default();
        self.read_stored_edges(
            &format!(
                "SELECT {STORED_EDGE} FROM edges e JOIN files f ON f.id = e.file_id \
                 WHERE e.kind = {IMPLEMENTS} AND f.lang = ?1"
            ),
            [lang.prefix()],
            &mut stored,
        )?;
        self.write_edges_over(stored, edges)?;
        Ok(())
    }

    /// The `implements` edges of the types and interfaces in `nodes` (as either end) written
    /// over the stored ones: `edges` are all of theirs ([`implements_touching`]). A stored
    /// edge out of one is found through its file: `files` holds the files of those still in
    /// the map and of those that went (the run's changed files).
    ///
    /// [`implements_touching`]: crate::resolve::implements_touching
    pub fn write_implements_over(
        &self,
        files: &BTreeSet<i64>,
        nodes: &BTreeSet<i64>,
        edges: &[EdgeRow<'_>],
    ) -> SqlResult<()> {
        let mut stored = StoredEdges::default();
        let list = nodes
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(",");
        for &file in files {
            self.read_stored_edges(
                &format!(
                    "SELECT {STORED_EDGE} FROM edges e WHERE e.kind = {IMPLEMENTS} \
                     AND e.file_id = ?1 AND e.source IN ({list})"
                ),
                [file],
                &mut stored,
            )?;
        }
        for &node in nodes {
            self.read_stored_edges(
                &format!(
                    "SELECT {STORED_EDGE} FROM edges e WHERE e.target = ?1 AND e.kind = {IMPLEMENTS}"
                ),
                [node],
                &mut stored,
            )?;
        }
        self.write_edges_over(stored, edges)?;
        Ok(())
    }

    /// Every type and method of a language's method sets, in one pass over its symbols (four
    /// passes, one for each kind of row, took most of `implements`' 1.4 s on 6.5 M lines of
    /// Go, when a cold run has no index on them yet). Rows come in the table's order.
    pub fn method_set_rows(&self, lang: Lang, mut f: impl FnMut(SetRow)) -> SqlResult<()> {
        let (strukt, ty, iface, method) = (
            Kind::Struct.code(),
            Kind::Type.code(),
            Kind::Interface.code(),
            Kind::Method.code(),
        );
        let mut st = self.conn.prepare(&format!(
            "SELECT f.path, s.qualname, s.file_id, s.id, s.kind_code, s.has_receiver, s.parent,
                    s.name, s.params, f.dir, s.receiver, s.signature
             FROM symbols s JOIN files f ON f.id = s.file_id
             WHERE s.lang = ?1 AND {}",
            kind_in(
                "s.kind_code",
                &[Kind::Struct, Kind::Type, Kind::Interface, Kind::Method]
            )
        ))?;
        let results = |sig: Option<String>| results_of(lang, sig.as_deref());
        let mut rows = st.query([lang.prefix()])?;
        while let Some(r) = rows.next()? {
            let code: i64 = r.get(4)?;
            let has_receiver: bool = r.get(5)?;
            let row = if code == method {
                match (has_receiver, r.get::<_, Option<i64>>(6)?) {
                    // A method declared apart from its type: found by (directory, receiver).
                    (true, _) => SetRow::ReceiverMethod(ReceiverMethod {
                        dir: r.get(9)?,
                        receiver: r.get(10)?,
                        name: r.get(7)?,
                        params: r.get(8)?,
                        results: results(r.get(11)?),
                    }),
                    // An interface's method spec: a member of its parent.
                    (false, Some(parent)) => {
                        SetRow::MemberMethod(parent, r.get(7)?, r.get(8)?, results(r.get(11)?))
                    }
                    (false, None) => continue,
                }
            } else if code == iface {
                SetRow::Interface(type_row(r)?)
            } else if code == strukt || code == ty {
                // Top-level types only: a nested one has no methods of its own.
                let t = type_row(r)?;
                if t.qualname.contains('.') {
                    continue;
                }
                SetRow::Concrete(t)
            } else {
                continue;
            };
            f(row);
        }
        Ok(())
    }

    /// A language's resolved embeddings: (type or interface, what it embeds), by number.
    pub fn embeddings(&self, lang: Lang, mut f: impl FnMut((i64, i64))) -> SqlResult<()> {
        let mut st = self.conn.prepare(&format!(
            "SELECT e.source, e.target FROM edges e JOIN symbols s ON s.id = e.source
                 WHERE e.kind = {EXTENDS} AND e.target IS NOT NULL
                 AND s.lang = ?1 AND {}",
            kind_in("s.kind_code", &[Kind::Interface, Kind::Struct, Kind::Type])
        ))?;
        for r in st.query_map([lang.prefix()], |r| Ok((r.get(0)?, r.get(1)?)))? {
            f(r?);
        }
        Ok(())
    }

    /// One node as method sets see it; `None` when it is no symbol (a node that went).
    pub fn type_node(&self, lang: Lang, number: i64) -> SqlResult<Option<TypeNode>> {
        self.conn
            .prepare_cached(
                "SELECT f.path, s.qualname, s.file_id, s.id, s.kind_code, s.lang, f.dir \
                 FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.id = ?1",
            )?
            .query_row([number], |r| {
                let row = type_row(r)?;
                let code: i64 = r.get(4)?;
                let ours = r.get::<_, String>(5)? == lang.prefix();
                let is = |k: Kind| ours && code == k.code();
                let kind = if is(Kind::Interface) {
                    Some(TypeKind::Interface)
                } else if (is(Kind::Struct) || is(Kind::Type)) && !row.qualname.contains('.') {
                    Some(TypeKind::Concrete)
                } else {
                    None
                };
                Ok(TypeNode {
                    kind,
                    embeds: is(Kind::Interface) || is(Kind::Struct) || is(Kind::Type),
                    row,
                    dir: r.get(6)?,
                })
            })
            .optional()
    }

    /// The types of a language named `qualname` in directory `dir` (one per file that
    /// declares it: build-constrained files may each).
    pub fn types_in_dir(&self, lang: Lang, dir: &str, qualname: &str) -> SqlResult<Vec<i64>> {
        self.conn
            .prepare_cached(
                "SELECT s.id FROM files f JOIN symbols s ON s.file_id = f.id \
                 WHERE f.dir = ?1 AND s.qualname = ?2 AND s.lang = ?3",
            )?
            .query_map(rusqlite::params![dir, qualname, lang.prefix()], |r| {
                r.get(0)
            })?
            .collect()
    }
}

/// The map as a [`TypeGraph`]: each answer read once, through the indexes (closures and
/// method sets built for one node share most of their reads with the next).
pub struct MapTypes<'a> {
    db: &'a Db,
    lang: Lang,
    nodes: HashMap<i64, Option<TypeNode>>,
    own: HashMap<i64, Vec<Method>>,
    embeds: HashMap<i64, Vec<i64>>,
    embedders: HashMap<i64, Vec<i64>>,
    owners: HashMap<String, Vec<i64>>,
    interface_owners: HashMap<String, Vec<i64>>,
}

impl<'a> MapTypes<'a> {
    pub fn new(db: &'a Db, lang: Lang) -> Self {
        MapTypes {
            db,
            lang,
            nodes: HashMap::new(),
            own: HashMap::new(),
            embeds: HashMap::new(),
            embedders: HashMap::new(),
            owners: HashMap::new(),
            interface_owners: HashMap::new(),
        }
    }

    /// A node read before (or now).
    pub fn node(&mut self, x: i64) -> SqlResult<Option<&TypeNode>> {
        if !self.nodes.contains_key(&x) {
            let n = self.db.type_node(self.lang, x)?;
            self.nodes.insert(x, n);
        }
        Ok(self.nodes.get(&x).and_then(Option::as_ref))
    }
}

/// An answer from `memo`, or read by `read` and kept there.
fn memo<K, V>(memo: &mut HashMap<K, V>, key: K, read: impl FnOnce() -> SqlResult<V>) -> SqlResult<V>
where
    K: std::hash::Hash + Eq,
    V: Clone,
{
    if let Some(v) = memo.get(&key) {
        return Ok(v.clone());
    }
    let v = read()?;
    memo.insert(key, v.clone());
    Ok(v)
}

impl TypeGraph for MapTypes<'_> {
    type Error = rusqlite::Error;

    fn kind(&mut self, x: i64) -> SqlResult<Option<TypeKind>> {
        Ok(self.node(x)?.and_then(|n| n.kind))
    }

    fn own(&mut self, x: i64) -> SqlResult<Vec<Method>> {
        self.node(x)?;
        let MapTypes {
            db,
            lang,
            nodes,
            own,
            ..
        } = self;
        let node = nodes.get(&x).and_then(Option::as_ref);
        memo(own, x, || read_own(db, *lang, x, node))
    }

    fn embeds(&mut self, x: i64) -> SqlResult<Vec<i64>> {
        self.node(x)?;
        let MapTypes {
            db, nodes, embeds, ..
        } = self;
        let node = nodes.get(&x).and_then(Option::as_ref);
        memo(embeds, x, || read_embeds(db, x, node))
    }

    fn embedders(&mut self, x: i64) -> SqlResult<Vec<i64>> {
        let (db, lang) = (self.db, self.lang);
        memo(&mut self.embedders, x, || read_embedders(db, lang, x))
    }

    fn owners(&mut self, name: &str) -> SqlResult<Vec<i64>> {
        if let Some(v) = self.owners.get(name) {
            return Ok(v.clone());
        }
        let mut v = read_receiver_owners(self.db, self.lang, name)?;
        v.extend(self.interface_owners(name)?);
        v.sort_unstable();
        v.dedup();
        self.owners.insert(name.to_string(), v.clone());
        Ok(v)
    }

    fn interface_owners(&mut self, name: &str) -> SqlResult<Vec<i64>> {
        let (db, lang) = (self.db, self.lang);
        memo(&mut self.interface_owners, name.to_string(), || {
            read_interface_owners(db, lang, name)
        })
    }

    fn owner_count(&mut self, name: &str) -> SqlResult<usize> {
        // Every symbol of that name: the index alone answers it.
        self.db
            .conn
            .prepare_cached("SELECT count(*) FROM symbols WHERE name = ?1 AND qualname != ''")?
            .query_row([name], |r| r.get::<_, i64>(0))
            .map(|n| n as usize)
    }
}

/// A method's result count from its signature, where the language compares them.
fn results_of(lang: Lang, signature: Option<&str>) -> u32 {
    match (lang.spec().method_results, signature) {
        (Some(f), Some(s)) => f(s),
        _ => 0,
    }
}

/// A node's own methods ([`TypeGraph::own`]).
fn read_own(db: &Db, lang: Lang, x: i64, node: Option<&TypeNode>) -> SqlResult<Vec<Method>> {
    let methods = |sql: &str, params: &[&dyn rusqlite::ToSql]| -> SqlResult<Vec<Method>> {
        db.conn
            .prepare_cached(sql)?
            .query_map(params, |r| {
                Ok((
                    r.get(0)?,
                    r.get::<_, Option<u32>>(1)?.unwrap_or(0),
                    results_of(lang, r.get::<_, Option<String>>(2)?.as_deref()),
                ))
            })?
            .collect()
    };
    let Some(n) = node else {
        return Ok(Vec::new());
    };
    match n.kind {
        // Methods whose receiver it is, declared in any file of its package. (`name` and
        // `receiver` are computed: the range on the qualname is what the index searches.)
        Some(TypeKind::Concrete) => methods(
            &format!(
                "SELECT s.name, s.params, s.signature FROM files f JOIN symbols s ON s.file_id = f.id \
                 WHERE f.dir = ?1 AND s.qualname > ?2 || '.' AND s.qualname < ?2 || '/' \
                 AND s.receiver = ?2 AND s.has_receiver AND s.lang = ?3 AND {}",
                kind_in("s.kind_code", &[Kind::Method])
            ),
            rusqlite::params![n.dir, n.row.qualname, lang.prefix()],
        ),
        Some(TypeKind::Interface) => methods(
            &format!(
                "SELECT s.name, s.params, s.signature FROM symbols s WHERE s.parent = ?1 \
                 AND NOT s.has_receiver AND {}",
                kind_in("s.kind_code", &[Kind::Method])
            ),
            rusqlite::params![x],
        ),
        None => Ok(Vec::new()),
    }
}

/// What a node embeds ([`TypeGraph::embeds`]), found through its file's edges.
fn read_embeds(db: &Db, x: i64, node: Option<&TypeNode>) -> SqlResult<Vec<i64>> {
    let Some(file) = node.filter(|n| n.embeds).map(|n| n.row.file_id) else {
        return Ok(Vec::new());
    };
    numbers(
        db,
        &format!(
            "SELECT e.target FROM edges e WHERE e.file_id = ?1 AND e.source = ?2 \
             AND e.kind = {EXTENDS} AND e.target IS NOT NULL ORDER BY e.id"
        ),
        [file, x],
    )
}

fn numbers(db: &Db, sql: &str, params: impl rusqlite::Params) -> SqlResult<Vec<i64>> {
    db.conn
        .prepare_cached(sql)?
        .query_map(params, |r| r.get(0))?
        .collect()
}

fn read_embedders(db: &Db, lang: Lang, x: i64) -> SqlResult<Vec<i64>> {
    numbers(
        db,
        &format!(
            "SELECT e.source FROM edges e JOIN symbols s ON s.id = e.source \
             WHERE e.target = ?1 AND e.kind = {EXTENDS} AND s.lang = ?2 AND {} ORDER BY e.id",
            kind_in("s.kind_code", &[Kind::Interface, Kind::Struct, Kind::Type])
        ),
        rusqlite::params![x, lang.prefix()],
    )
}

/// The types of the methods named `name` with a receiver, found in the method's directory.
fn read_receiver_owners(db: &Db, lang: Lang, name: &str) -> SqlResult<Vec<i64>> {
    numbers(
        db,
        &format!(
            "SELECT t.id FROM symbols m JOIN files fm ON fm.id = m.file_id \
             JOIN files ft ON ft.dir = fm.dir \
             JOIN symbols t ON t.file_id = ft.id AND t.qualname = m.receiver \
             WHERE m.name = ?1 AND m.qualname != '' AND m.kind_code = {} AND m.has_receiver = 1 \
             AND m.lang = ?2",
            Kind::Method.code()
        ),
        rusqlite::params![name, lang.prefix()],
    )
}

/// The interfaces with a method spec named `name`.
fn read_interface_owners(db: &Db, lang: Lang, name: &str) -> SqlResult<Vec<i64>> {
    numbers(
        db,
        &format!(
            "SELECT DISTINCT m.parent FROM symbols m \
             WHERE m.name = ?1 AND m.qualname != '' AND m.kind_code = {} AND m.has_receiver = 0 \
             AND m.lang = ?2 AND m.parent IS NOT NULL",
            Kind::Method.code()
        ),
        rusqlite::params![name, lang.prefix()],
    )
}
