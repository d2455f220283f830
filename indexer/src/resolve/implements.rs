//! `implements` by method set (Go): a concrete type implements an interface when its method
//! set covers the interface's. Two ways to the same pairs:
//!
//! - [`implements`], over every type and interface at once (a cold run, or when an edit's
//!   reach is large), from sets built by [`method_set`];
//! - [`implements_touching`], for the types an edit touched: their pairs alone, found by
//!   asking a [`TypeGraph`] for the few nodes they involve. An edit that renames one method
//!   reads a few dozen rows instead of every type, method and embedding of the language.
//!
//! Method sets, as Go defines them: a concrete type's are its own methods (declared with it
//! as receiver) and those promoted from what it embeds, types and interfaces, transitively;
//! an interface's are its method specs and those of the interfaces it embeds (embedding
//! anything else in an interface makes a constraint, which adds no methods).

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

/// A type or interface with its method set, for [`implements`]: the type by its index in the
/// caller's table, each method (a name and a parameter count) by its number, sorted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodSet {
    pub node: usize,
    pub methods: Vec<u32>,
}

/// The method set of type `i`: its own methods (`own[i]`) and, transitively, those of the
/// types it embeds (`embeds[i]`); sorted, each once.
pub fn method_set(i: usize, own: &[Vec<u32>], embeds: &[Vec<usize>]) -> Vec<u32> {
    let mut set: Vec<u32> = Vec::new();
    let mut seen: HashSet<usize> = HashSet::new();
    let mut stack = vec![i];
    while let Some(cur) = stack.pop() {
        if !seen.insert(cur) {
            continue;
        }
        if let Some(ms) = own.get(cur) {
            set.extend_from_slice(ms);
        }
        if let Some(es) = embeds.get(cur) {
            stack.extend_from_slice(es);
        }
    }
    set.sort_unstable();
    set.dedup();
    set
}

/// `implements` edges as (type, interface): each concrete type whose method set covers an
/// interface's (names and parameter counts). Interfaces with no methods are left out:
/// everything implements them. Sets are sorted ([`method_set`]).
pub fn implements(types: &[MethodSet], ifaces: &[MethodSet]) -> Vec<(usize, usize)> {
    let mut by_method: HashMap<u32, Vec<usize>> = HashMap::new();
    for (i, t) in types.iter().enumerate() {
        for &m in &t.methods {
            by_method.entry(m).or_default().push(i);
        }
    }
    let mut out = Vec::new();
    for iface in ifaces {
        // Start from the rarest method.
        let Some(cands) = iface
            .methods
            .iter()
            .map(|m| by_method.get(m))
            .min_by_key(|c| c.map_or(0, |v| v.len()))
            .flatten()
        else {
            continue;
        };
        for &ti in cands {
            let t = &types[ti];
            if t.node != iface.node
                && iface
                    .methods
                    .iter()
                    .all(|m| t.methods.binary_search(m).is_ok())
            {
                out.push((t.node, iface.node));
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// A method as method sets compare them: its name, parameter count and result count (0 where
/// the language's results are not compared: `Language::method_results`).
pub type Method = (String, u32, u32);

/// What a node is to method sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TypeKind {
    /// A top-level struct or named type: methods are declared with it as receiver.
    Concrete,
    Interface,
}

/// The nodes [`implements_touching`] reads, by number, asked one at a time (the map answers
/// each through an index).
pub trait TypeGraph {
    type Error;
    /// What `x` is; `None` for anything else (a nested type, a function, a node gone).
    fn kind(&mut self, x: i64) -> Result<Option<TypeKind>, Self::Error>;
    /// `x`'s own methods: a concrete type's methods with it as receiver, an interface's
    /// method specs; none for anything else.
    fn own(&mut self, x: i64) -> Result<Vec<Method>, Self::Error>;
    /// What `x` embeds.
    fn embeds(&mut self, x: i64) -> Result<Vec<i64>, Self::Error>;
    /// What embeds `x`.
    fn embedders(&mut self, x: i64) -> Result<Vec<i64>, Self::Error>;
    /// Every node with an own method named `name`, concrete or interface.
    fn owners(&mut self, name: &str) -> Result<Vec<i64>, Self::Error>;
    /// The interfaces with an own method named `name` (what `owners` would keep of them).
    fn interface_owners(&mut self, name: &str) -> Result<Vec<i64>, Self::Error>;
    /// How many own methods are named `name` (an upper bound on `owners`' length: to pick an
    /// interface's rarest method without reading the owners of each).
    fn owner_count(&mut self, name: &str) -> Result<usize, Self::Error>;
}

/// What [`implements_touching`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Touched {
    /// The nodes whose method sets may have changed: the dirty ones and, transitively, what
    /// embeds them.
    pub involved: BTreeSet<i64>,
    /// Every pair (type, interface) with an end among them, sorted.
    pub pairs: Vec<(i64, i64)>,
}

/// The `implements` pairs (type, interface) that involve any node of `dirty` or any node
/// embedding one, transitively (their method sets follow it). `None` when the whole
/// computation ([`implements`]) is cheaper: more than `limit` nodes are involved, or an
/// involved interface's rarest method has more than `OWNERS_PER_LIMIT × limit` owners to
/// check one by one (on 6.5 M lines of Go, the AWS SDK's `Validator`, whose `Validate` 15k
/// types declare: 3.9 s one by one, against 1.7 s for every pair of the language).
///
/// The caller writes these over the stored pairs with an end among [`Touched::involved`];
/// every other pair stands, since neither end's method set moved.
pub fn implements_touching<G: TypeGraph>(
    g: &mut G,
    dirty: &[i64],
    limit: usize,
) -> Result<Option<Touched>, G::Error> {
    let Some(involved) = involved(g, dirty, limit)? else {
        return Ok(None);
    };
    let mut sets = Sets::default();
    let mut pairs: BTreeSet<(i64, i64)> = BTreeSet::new();
    for &x in &involved {
        match g.kind(x)? {
            Some(TypeKind::Concrete) => {
                let set = sets.concrete(g, x)?;
                if set.is_empty() {
                    continue;
                }
                // An interface the type implements has one of the type's method names in its
                // set: it declares one, or embeds an interface that does.
                let names: BTreeSet<&str> = set.iter().map(|(n, _, _)| n.as_str()).collect();
                let mut seeds = Vec::new();
                for n in names {
                    seeds.extend(g.interface_owners(n)?);
                }
                for i in closure(g, seeds, Some(TypeKind::Interface))? {
                    if i == x || g.kind(i)? != Some(TypeKind::Interface) {
                        continue;
                    }
                    let want = sets.interface(g, i)?;
                    if !want.is_empty() && want.is_subset(&set) {
                        pairs.insert((x, i));
                    }
                }
            }
            Some(TypeKind::Interface) => {
                let want = sets.interface(g, x)?;
                // A type implementing it has its rarest method: declares it or is promoted it.
                let mut rarest: Option<(usize, &str)> = None;
                for (n, _, _) in want.iter() {
                    let c = g.owner_count(n)?;
                    if rarest.is_none_or(|(best, _)| c < best) {
                        rarest = Some((c, n));
                    }
                }
                let Some((count, name)) = rarest else {
                    continue;
                };
                if count > OWNERS_PER_LIMIT * limit {
                    return Ok(None);
                }
                let seeds = g.owners(name)?;
                for t in closure(g, seeds, None)? {
                    if t == x || g.kind(t)? != Some(TypeKind::Concrete) {
                        continue;
                    }
                    if want.is_subset(&sets.concrete(g, t)?) {
                        pairs.insert((t, x));
                    }
                }
            }
            None => {}
        }
    }
    Ok(Some(Touched {
        involved,
        pairs: pairs.into_iter().collect(),
    }))
}

/// How many owners of an interface's rarest method, per node of `limit`, are checked one by
/// one ([`implements_touching`]).
pub const OWNERS_PER_LIMIT: usize = 4;

/// `dirty` and every node embedding one of them, transitively; `None` past `limit` nodes.
fn involved<G: TypeGraph>(
    g: &mut G,
    dirty: &[i64],
    limit: usize,
) -> Result<Option<BTreeSet<i64>>, G::Error> {
    let mut seen = BTreeSet::new();
    let mut stack: Vec<i64> = dirty.to_vec();
    while let Some(x) = stack.pop() {
        if seen.insert(x) {
            if seen.len() > limit {
                return Ok(None);
            }
            stack.extend(g.embedders(x)?);
        }
    }
    Ok(Some(seen))
}

/// `seeds` and what embeds them, transitively; with `only`, through nodes of that kind alone.
fn closure<G: TypeGraph>(
    g: &mut G,
    seeds: Vec<i64>,
    only: Option<TypeKind>,
) -> Result<BTreeSet<i64>, G::Error> {
    let mut seen = BTreeSet::new();
    let mut stack = seeds;
    while let Some(x) = stack.pop() {
        if only.is_some() && g.kind(x)? != only {
            continue;
        }
        if seen.insert(x) {
            stack.extend(g.embedders(x)?);
        }
    }
    Ok(seen)
}

/// Method sets computed once each, by node.
#[derive(Default)]
struct Sets {
    concrete: BTreeMap<i64, BTreeSet<Method>>,
    interface: BTreeMap<i64, BTreeSet<Method>>,
}

impl Sets {
    fn concrete<G: TypeGraph>(&mut self, g: &mut G, x: i64) -> Result<BTreeSet<Method>, G::Error> {
        if let Some(s) = self.concrete.get(&x) {
            return Ok(s.clone());
        }
        let s = gather(g, x, None)?;
        self.concrete.insert(x, s.clone());
        Ok(s)
    }

    fn interface<G: TypeGraph>(&mut self, g: &mut G, x: i64) -> Result<BTreeSet<Method>, G::Error> {
        if let Some(s) = self.interface.get(&x) {
            return Ok(s.clone());
        }
        let s = gather(g, x, Some(TypeKind::Interface))?;
        self.interface.insert(x, s.clone());
        Ok(s)
    }
}

/// The own methods of `x` and of what it embeds, transitively (through nodes of kind `only`,
/// when given).
fn gather<G: TypeGraph>(
    g: &mut G,
    x: i64,
    only: Option<TypeKind>,
) -> Result<BTreeSet<Method>, G::Error> {
    let mut set = BTreeSet::new();
    let mut seen = HashSet::new();
    let mut stack = vec![x];
    while let Some(cur) = stack.pop() {
        if !seen.insert(cur) || (only.is_some() && g.kind(cur)? != only) {
            continue;
        }
        set.extend(g.own(cur)?);
        stack.extend(g.embeds(cur)?);
    }
    Ok(set)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::convert::Infallible;

    #[test]
    fn implements_by_method_sets() {
        // Methods: 0 Read(1), 1 Close(0), 2 Read(2).
        let t = |node: usize, ms: &[u32]| MethodSet {
            node,
            methods: ms.to_vec(),
        };
        // Types 0 T1, 1 T2, 2 T3; interfaces 10 Reader, 11 ReadCloser, 12 Any.
        let types = [t(0, &[0, 1]), t(1, &[0]), t(2, &[1, 2])];
        let ifaces = [t(10, &[0]), t(11, &[0, 1]), t(12, &[])];
        let got = implements(&types, &ifaces);
        let want = vec![(0, 10), (0, 11), (1, 10)];
        assert_eq!(got, want);
    }

    /// A graph held in memory: nodes by number, with their kind, own methods and embeddings.
    #[derive(Default, Clone)]
    struct Graph {
        kinds: BTreeMap<i64, TypeKind>,
        own: BTreeMap<i64, Vec<Method>>,
        embeds: BTreeMap<i64, Vec<i64>>,
    }

    impl Graph {
        fn node(
            mut self,
            x: i64,
            kind: Option<TypeKind>,
            own: &[(&str, u32)],
            embeds: &[i64],
        ) -> Self {
            if let Some(k) = kind {
                self.kinds.insert(x, k);
            }
            self.own
                .insert(x, own.iter().map(|(n, p)| (n.to_string(), *p, 0)).collect());
            self.embeds.insert(x, embeds.to_vec());
            self
        }

        /// Every pair, the way a cold run finds them: numbered methods, [`method_set`]
        /// (interfaces through interfaces only) and [`implements`].
        fn all_pairs(&self) -> Vec<(i64, i64)> {
            let nodes: Vec<i64> = self.own.keys().copied().collect();
            let at: HashMap<i64, usize> = nodes.iter().enumerate().map(|(i, &x)| (x, i)).collect();
            let mut ids: HashMap<Method, u32> = HashMap::new();
            let mut num = |m: &Method| {
                let next = ids.len() as u32;
                *ids.entry(m.clone()).or_insert(next)
            };
            let own: Vec<Vec<u32>> = nodes
                .iter()
                .map(|x| match self.kinds.get(x) {
                    Some(_) => self.own[x].iter().map(&mut num).collect(),
                    None => Vec::new(),
                })
                .collect();
            let embeds: Vec<Vec<usize>> = nodes
                .iter()
                .map(|x| {
                    self.embeds[x]
                        .iter()
                        .filter_map(|t| at.get(t).copied())
                        .collect()
                })
                .collect();
            let is = |i: usize, k: TypeKind| self.kinds.get(&nodes[i]) == Some(&k);
            let iface_embeds: Vec<Vec<usize>> = embeds
                .iter()
                .enumerate()
                .map(|(i, es)| match is(i, TypeKind::Interface) {
                    true => es
                        .iter()
                        .copied()
                        .filter(|&t| is(t, TypeKind::Interface))
                        .collect(),
                    false => Vec::new(),
                })
                .collect();
            let sets = |k: TypeKind, embeds: &[Vec<usize>]| -> Vec<MethodSet> {
                (0..nodes.len())
                    .filter(|&i| is(i, k))
                    .map(|i| MethodSet {
                        node: i,
                        methods: method_set(i, &own, embeds),
                    })
                    .collect()
            };
            let mut pairs: Vec<(i64, i64)> = implements(
                &sets(TypeKind::Concrete, &embeds),
                &sets(TypeKind::Interface, &iface_embeds),
            )
            .into_iter()
            .map(|(t, i)| (nodes[t], nodes[i]))
            .collect();
            pairs.sort_unstable();
            pairs
        }
    }

    impl TypeGraph for Graph {
        type Error = Infallible;
        fn kind(&mut self, x: i64) -> Result<Option<TypeKind>, Infallible> {
            Ok(self.kinds.get(&x).copied())
        }
        fn own(&mut self, x: i64) -> Result<Vec<Method>, Infallible> {
            Ok(match self.kinds.contains_key(&x) {
                true => self.own.get(&x).cloned().unwrap_or_default(),
                false => Vec::new(),
            })
        }
        fn embeds(&mut self, x: i64) -> Result<Vec<i64>, Infallible> {
            Ok(self.embeds.get(&x).cloned().unwrap_or_default())
        }
        fn embedders(&mut self, x: i64) -> Result<Vec<i64>, Infallible> {
            Ok(self
                .embeds
                .iter()
                .filter(|(_, es)| es.contains(&x))
                .map(|(&s, _)| s)
                .collect())
        }
        fn owners(&mut self, name: &str) -> Result<Vec<i64>, Infallible> {
            Ok(self
                .own
                .iter()
                .filter(|(x, ms)| {
                    self.kinds.contains_key(x) && ms.iter().any(|(n, _, _)| n == name)
                })
                .map(|(&x, _)| x)
                .collect())
        }
        fn interface_owners(&mut self, name: &str) -> Result<Vec<i64>, Infallible> {
            let all = self.owners(name)?;
            Ok(all
                .into_iter()
                .filter(|x| self.kinds.get(x) == Some(&TypeKind::Interface))
                .collect())
        }
        fn owner_count(&mut self, name: &str) -> Result<usize, Infallible> {
            Ok(self.owners(name)?.len())
        }
    }

    use TypeKind::{Concrete as C, Interface as I};

    fn touching(g: &mut Graph, dirty: &[i64]) -> Touched {
        implements_touching(g, dirty, 100)
            .unwrap_or_else(|e| match e {})
            .expect("under the limit")
    }

    /// Types 1–6 and interfaces 10–15: promotion through embedded structs and interfaces,
    /// interfaces embedding interfaces, a parameter count that differs, a nested type (no
    /// kind) passing methods on, an interface embedding a struct (a constraint: no methods).
    fn sample() -> Graph {
        Graph::default()
            .node(1, Some(C), &[("Read", 1), ("Close", 0)], &[])
            .node(2, Some(C), &[("Write", 1)], &[1])
            .node(3, Some(C), &[], &[11])
            .node(4, Some(C), &[("Read", 2)], &[])
            .node(5, Some(C), &[("String", 0)], &[7])
            .node(6, Some(C), &[], &[5])
            .node(7, None, &[("Ignored", 0)], &[1])
            .node(10, Some(I), &[("Read", 1)], &[])
            .node(11, Some(I), &[("Close", 0)], &[10])
            .node(12, Some(I), &[("Write", 1)], &[11])
            .node(13, Some(I), &[], &[])
            .node(14, Some(I), &[("String", 0)], &[1])
            .node(15, Some(I), &[], &[12])
    }

    #[test]
    fn the_whole_computation_on_the_sample() {
        let want = vec![
            (1, 10),
            (1, 11),
            (2, 10),
            (2, 11),
            (2, 12),
            (2, 15),
            (3, 10),
            (3, 11),
            (5, 10),
            (5, 11),
            (5, 14),
            (6, 10),
            (6, 11),
            (6, 14),
        ];
        assert_eq!(sample().all_pairs(), want);
    }

    /// For every node as the edit's only dirty one, and for every pair of them: the pairs
    /// touching what it reaches are exactly the whole computation's pairs touching it.
    #[test]
    fn touching_agrees_with_the_whole_computation() {
        let g = sample();
        let all = g.all_pairs();
        let nodes: Vec<i64> = g.own.keys().copied().collect();
        let mut cases: Vec<Vec<i64>> = nodes.iter().map(|&x| vec![x]).collect();
        for (i, &a) in nodes.iter().enumerate() {
            for &b in &nodes[i + 1..] {
                cases.push(vec![a, b]);
            }
        }
        cases.push(vec![99]); // a node gone from the map
        for dirty in cases {
            let Touched {
                involved,
                pairs: got,
            } = touching(&mut g.clone(), &dirty);
            let want: Vec<(i64, i64)> = all
                .iter()
                .copied()
                .filter(|(t, i)| involved.contains(t) || involved.contains(i))
                .collect();
            assert_eq!(got, want, "dirty {dirty:?}, involved {involved:?}");
            for d in &dirty {
                assert!(involved.contains(d));
            }
        }
    }

    #[test]
    fn embedders_are_involved_and_the_limit_gives_up() {
        let mut g = sample();
        let involved = touching(&mut g, &[1]).involved;
        // 2 and 7 embed 1, 5 embeds 7, 6 embeds 5; 14 embeds 1 (and adds nothing from it).
        assert_eq!(involved, BTreeSet::from([1, 2, 5, 6, 7, 14]));
        assert!(implements_touching(&mut g, &[1], 3)
            .unwrap_or_else(|e| match e {})
            .is_none());
    }

    /// An interface whose rarest method has more owners than are checked one by one: the
    /// whole computation is asked for; one fewer owner than that, and they are checked.
    #[test]
    fn an_interface_with_too_many_owners_gives_up() {
        let mut g = Graph::default().node(20, Some(I), &[("M", 0)], &[]);
        for t in 0..9 {
            g = g.node(t, Some(C), &[("M", 0)], &[]);
        }
        let run = |g: &mut Graph, limit| {
            implements_touching(g, &[20], limit).unwrap_or_else(|e| match e {})
        };
        // Ten owners of `M` (the interface's own spec among them).
        assert_eq!(run(&mut g, 2), None);
        let found = run(&mut g, 3).expect("12 owners may be checked");
        assert_eq!(found.pairs, (0..9).map(|t| (t, 20)).collect::<Vec<_>>());
    }

    /// A method renamed on a type: the pairs before and after, each agreeing with the whole
    /// computation on the graph it was asked of.
    #[test]
    fn a_renamed_method_moves_its_pairs() {
        let mut g = sample();
        g.own
            .insert(1, vec![("Read".into(), 1, 0), ("Shut".into(), 0, 0)]);
        let got = touching(&mut g, &[1]).pairs;
        // 1 lost Close: it is no ReadCloser (11), and neither are 2 and 6, which have their
        // methods through it (3 embeds 11 itself, and keeps it).
        assert!(!got.contains(&(1, 11)));
        assert!(got.contains(&(1, 10)));
        assert!(!got.contains(&(2, 11)));
        assert!(!got.contains(&(6, 11)));
        let want: Vec<(i64, i64)> = g
            .all_pairs()
            .into_iter()
            .filter(|(t, i)| [1, 2, 5, 6, 7, 14].contains(t) || [1, 2, 5, 6, 7, 14].contains(i))
            .collect();
        assert_eq!(got, want);
    }
}
