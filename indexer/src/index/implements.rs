//! `implements` by method set: what a file's types and methods are ([`Shape`]), what an
//! incremental run changed of them ([`Shapes`]), and the edges computed from the map's method
//! sets, whole on a cold run or for the types an edit reaches.

use super::edges::{edge_row, Edge, Numbering, Target};
use crate::id::{segment_name, NodeId};
use crate::lang::Lang;
use crate::model::{EdgeKind, FileExtract, Kind, Resolution};
use crate::resolve::{self, MethodSet};
use crate::store::{Db, MapTypes, SetRow, SqlResult, TypeRow};
use crate::walk::parent_dir;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::time::Instant;

/// What method-set `implements` depends on in a file: its types and methods (qualname, kind,
/// parameter count, signature: its results). Embeddings are edges: [`Db::replace_edges`] and
/// re-resolution report those that changed.
pub(super) type Shape = BTreeSet<(String, &'static str, Option<u32>, Option<String>)>;

/// A symbol as its file's [`Shape`] reads it: (qualname, kind, parameter count, signature).
pub(super) type ShapeSymbol<'a> = (&'a str, Kind, Option<u32>, Option<&'a str>);

/// The shape of symbols: a file's, extracted or stored.
pub(super) fn shape_of<'a>(symbols: impl Iterator<Item = ShapeSymbol<'a>>) -> Shape {
    symbols
        .filter(|(_, kind, _, _)| kind.is_type_like() || *kind == Kind::Method)
        .map(|(q, kind, p, sig)| {
            // A type's signature is its declaration's head, which names no method.
            let sig = (kind == Kind::Method)
                .then(|| sig.map(str::to_string))
                .flatten();
            (q.to_string(), kind.as_str(), p, sig)
        })
        .collect()
}

pub(super) fn shape_new(ex: &FileExtract) -> Shape {
    shape_of(ex.symbols.iter().map(|s| {
        (
            s.qualname.as_str(),
            s.kind,
            s.params,
            s.signature.as_deref(),
        )
    }))
}

/// What an incremental run changed that method sets read: types named in a directory (a
/// type, or a method with it as receiver, came, went or changed), and the nodes whose
/// embeddings changed.
#[derive(Default)]
pub(super) struct Shapes {
    pub(super) types: HashSet<(Lang, String, String)>,
    pub(super) embeds: HashSet<i64>,
}

impl Shapes {
    /// A file's shape went from `old` to `new`: the types its differences name.
    pub(super) fn changed(&mut self, lang: Lang, path: &str, old: &Shape, new: &Shape) {
        let dir = parent_dir(path);
        for (qualname, _, _, _) in old.symmetric_difference(new) {
            let ty = qualname.split('.').next().unwrap_or(qualname);
            self.types.insert((lang, dir.to_string(), ty.to_string()));
        }
    }

    pub(super) fn merge(&mut self, other: Shapes) {
        self.types.extend(other.types);
        self.embeds.extend(other.embeds);
    }

    pub(super) fn is_empty(&self) -> bool {
        self.types.is_empty() && self.embeds.is_empty()
    }
}

/// Compute the `implements` edges of every language whose types implement interfaces by
/// method set, on a cold run.
pub(super) fn compute_implements(conn: &Db) -> SqlResult<()> {
    for lang in Lang::ALL {
        if lang.spec().implements_by_method_set {
            implements_by_method_set(conn, lang, true)?;
        }
    }
    Ok(())
}

/// The types `implements` reads, by node number, indexed in the order first met: concrete
/// types, interfaces, and whatever an embedding names.
#[derive(Default)]
struct TypeTable {
    index: HashMap<i64, usize>,
    /// Concrete types and interfaces as the map lists them (an embedding may name a type it
    /// does not: that one has no row).
    rows: Vec<Option<(TypeRow, Concrete)>>,
    /// Each type's own methods: an interface's method specs, a concrete type's methods.
    own: Vec<Vec<u32>>,
    embeds: Vec<Vec<usize>>,
}

/// Whether a [`TypeTable`] row is a concrete type (else an interface).
type Concrete = bool;

impl TypeTable {
    fn at(&mut self, number: i64) -> usize {
        if let Some(&i) = self.index.get(&number) {
            return i;
        }
        let i = self.rows.len();
        self.index.insert(number, i);
        self.rows.push(None);
        self.own.push(Vec::new());
        self.embeds.push(Vec::new());
        i
    }

    fn is(&self, i: usize, concrete: Concrete) -> bool {
        matches!(self.rows[i], Some((_, c)) if c == concrete)
    }
}

/// Recompute the `implements` edges of one language from its method sets in the map. Types
/// are their node numbers and methods are numbered (a method is its name and parameter
/// count), so the sets are sorted integers: on 6.5 M lines of Go they held every promoted
/// method's name as a string, and the reads built every type's node ID. `cold`: a cold run,
/// whose map has no `implements` edges yet.
fn implements_by_method_set(conn: &Db, lang: Lang, cold: bool) -> SqlResult<()> {
    let t0 = Instant::now();
    let mut table = TypeTable::default();
    let mut method_ids: HashMap<resolve::Method, u32> = HashMap::new();
    let mut method_id = |name: String, params: u32, results: u32| {
        let next = method_ids.len() as u32;
        *method_ids.entry((name, params, results)).or_insert(next)
    };
    // One pass over the language's types and methods, then each kind of row in turn.
    let (mut concrete, mut receiver_methods, mut interfaces, mut member_methods) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    conn.method_set_rows(lang, |row| match row {
        SetRow::Concrete(t) => concrete.push(t),
        SetRow::ReceiverMethod(m) => receiver_methods.push(m),
        SetRow::Interface(t) => interfaces.push(t),
        SetRow::MemberMethod(parent, name, p, r) => member_methods.push((parent, name, p, r)),
    })?;
    // Concrete types by (directory, qualname): their methods name them so.
    let mut types: HashMap<(String, String), Vec<usize>> = HashMap::new();
    for t in concrete {
        let i = table.at(t.number);
        let key = (parent_dir(&t.path).to_string(), t.qualname.clone());
        types.entry(key).or_default().push(i);
        table.rows[i] = Some((t, true));
    }
    for m in receiver_methods {
        if let Some(ts) = types.get(&(m.dir, m.receiver)) {
            let id = method_id(m.name, m.params.unwrap_or(0), m.results);
            for &i in ts {
                table.own[i].push(id);
            }
        }
    }
    drop(types);
    let mut ifaces: Vec<usize> = Vec::new();
    for t in interfaces {
        let i = table.at(t.number);
        table.rows[i] = Some((t, false));
        ifaces.push(i);
    }
    for (parent, name, p, r) in member_methods {
        if let Some(&i) = table.index.get(&parent) {
            if table.is(i, false) {
                table.own[i].push(method_id(name, p.unwrap_or(0), r));
            }
        }
    }
    // Embedded types and interfaces (`extends` out of a type), for both kinds of set.
    conn.embeddings(lang, |(s, t)| {
        let (s, t) = (table.at(s), table.at(t));
        table.embeds[s].push(t);
    })?;
    let read = t0.elapsed();
    // Interfaces with embedded interfaces flattened (only interfaces: anything else embedded
    // in one makes a constraint, with no methods); concrete types with the methods promoted
    // from their embedded fields (types and interfaces, transitively).
    let iface_embeds: Vec<Vec<usize>> = (0..table.rows.len())
        .map(|i| match table.is(i, false) {
            true => (table.embeds[i].iter().copied())
                .filter(|&t| table.is(t, false))
                .collect(),
            false => Vec::new(),
        })
        .collect();
    let iface_sets: Vec<MethodSet> = ifaces
        .iter()
        .map(|&i| MethodSet {
            node: i,
            methods: resolve::method_set(i, &table.own, &iface_embeds),
        })
        .collect();
    drop(iface_embeds);
    let sets: Vec<MethodSet> = (0..table.rows.len())
        .filter(|&i| table.is(i, true))
        .map(|i| MethodSet {
            node: i,
            methods: resolve::method_set(i, &table.own, &table.embeds),
        })
        .filter(|m| !m.methods.is_empty())
        .collect();
    let mut pairs = resolve::implements(&sets, &iface_sets);
    drop((sets, iface_sets));
    // In node ID order (numbers follow the order files were extracted in, which varies from
    // run to run), so that answers listing them are the same for the same code.
    let mut ids: HashMap<usize, String> = HashMap::new();
    for &(t, i) in &pairs {
        for x in [t, i] {
            if let (Some((row, _)), None) = (&table.rows[x], ids.get(&x)) {
                ids.insert(x, NodeId::symbol_id(lang, &row.path, &row.qualname));
            }
        }
    }
    let id = |x: usize| ids.get(&x).map_or("", String::as_str);
    pairs.sort_unstable_by(|a, b| (id(a.0), id(a.1)).cmp(&(id(b.0), id(b.1))));
    let edges: Vec<Edge> = pairs
        .into_iter()
        .filter_map(|(t, i)| match (&table.rows[t], &table.rows[i]) {
            (Some((ty, true)), Some((iface, false))) => Some(implements_edge(ty, iface)),
            _ => None,
        })
        .collect();
    // Written over the stored ones: a method added or renamed changes a few pairs, not all.
    let mut numbering = Numbering::default();
    let rows = edges
        .iter()
        .map(|e| edge_row(conn, &mut numbering, e))
        .collect::<SqlResult<Vec<_>>>()?;
    if cold {
        // Nothing stored to write over (the stored ones are found by a pass over every edge).
        conn.insert_edges(&rows)?;
    } else {
        conn.replace_implements(lang, &rows)?;
    }
    tracing::info!(?read, elapsed = ?t0.elapsed(), pairs = rows.len(), "implements");
    Ok(())
}

/// The `implements` edge of a concrete type to an interface it implements.
fn implements_edge(ty: &TypeRow, iface: &TypeRow) -> Edge {
    // Method sets, not names, decide `implements`: the class says whether the interface is in
    // the same package or reached across packages.
    let resolution = if parent_dir(&ty.path) == parent_dir(&iface.path) {
        Resolution::Package
    } else {
        Resolution::Import
    };
    Edge {
        file_id: ty.file_id,
        source: ty.number,
        target: Some(Target::Number(iface.number)),
        target_name: segment_name(&iface.qualname).to_string(),
        kind: EdgeKind::Implements,
        pos: None,
        resolution,
        hint: None,
        args: None,
        arg_types: None,
    }
}

/// Past this many nodes an edit's method sets reach (or four times as many owners of an
/// interface's rarest method), they are computed all at once.
const TOUCHING_LIMIT: usize = 512;

/// An incremental run's `implements`: recomputed for the types and interfaces whose method
/// sets may have changed (those `shapes` names, the nodes that went, and what embeds them)
/// and written over their stored edges; every other pair stands. Renaming a method of
/// net/url's `URL` recomputed all 48,898 of Go's standard library's pairs (0.33 s).
pub(super) fn update_implements(
    conn: &Db,
    shapes: &Shapes,
    gone: &[i64],
    changed_files: &HashSet<i64>,
) -> SqlResult<()> {
    for lang in Lang::ALL {
        if !lang.spec().implements_by_method_set {
            continue;
        }
        let mut dirty: Vec<i64> = gone.to_vec();
        dirty.extend(shapes.embeds.iter().copied());
        for (l, dir, ty) in &shapes.types {
            if *l == lang {
                dirty.extend(conn.types_in_dir(lang, dir, ty)?);
            }
        }
        dirty.sort_unstable();
        dirty.dedup();
        let mut graph = MapTypes::new(conn, lang);
        let Some(resolve::Touched { involved, pairs }) =
            resolve::implements_touching(&mut graph, &dirty, TOUCHING_LIMIT)?
        else {
            tracing::info!(
                lang = lang.prefix(),
                "an edit reaches too many types to check one by one: implements recomputed whole"
            );
            implements_by_method_set(conn, lang, false)?;
            continue;
        };
        // Stored edges out of an involved type are found through its file (or, for one that
        // went, through the changed files).
        let mut files: BTreeSet<i64> = changed_files.iter().copied().collect();
        for &x in &involved {
            if let Some(n) = graph.node(x)? {
                files.insert(n.row.file_id);
            }
        }
        let mut edges: Vec<(String, String, Edge)> = Vec::with_capacity(pairs.len());
        for (t, i) in pairs {
            let (Some(ty), Some(iface)) = (graph.node(t)?.cloned(), graph.node(i)?.cloned()) else {
                continue;
            };
            edges.push((
                NodeId::symbol_id(lang, &ty.row.path, &ty.row.qualname),
                NodeId::symbol_id(lang, &iface.row.path, &iface.row.qualname),
                implements_edge(&ty.row, &iface.row),
            ));
        }
        edges.sort_unstable_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
        let mut numbering = Numbering::default();
        let rows = edges
            .iter()
            .map(|(_, _, e)| edge_row(conn, &mut numbering, e))
            .collect::<SqlResult<Vec<_>>>()?;
        conn.write_implements_over(&files, &involved, &rows)?;
    }
    Ok(())
}
