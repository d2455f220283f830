//! `map_neighbors`: the nodes and edges around a node, breadth first, with what the map could
//! not see (untyped callers as candidates, macro invocations it could not read).

use super::handle::{parse_edge_kinds, Map};
use super::params::NeighborsParams;
use crate::envelope::{clamp_budget, Answer, Dropped, Text, ToolError};
use crate::shape::{self, EdgeOut, NodeInfo, Shape};
use indexer::model::EdgeKind;
use indexer::overview::is_test_path;
use indexer::store::UntypedCall;
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashSet};

impl Map {
    /// `map_neighbors`: [`Map::neighborhood`] fitted to the token budget (edges first cut,
    /// nodes kept only while an edge names them).
    pub fn neighbors(&self, p: &NeighborsParams, shape: Shape) -> Result<Answer, ToolError> {
        let mut n = self.neighborhood(p)?;
        if self.lib.is_some() {
            let tag = |id: &mut String| *id = self.answered_id(id);
            for x in n.node.iter_mut().chain(n.nodes.iter_mut()) {
                tag(&mut x.node_id);
            }
            for (_, e) in n.edges.iter_mut() {
                tag(&mut e.source);
                if let Some(t) = e.target.as_mut() {
                    tag(t);
                }
            }
        }
        let edge_vals: Vec<Value> = n
            .edges
            .iter()
            .map(|(d, e)| shape::edge(e, Some(*d), shape))
            .collect();
        let budget = clamp_budget(p.token_budget);
        let f = crate::envelope::fit_said(edge_vals.len(), budget, &n.warnings, |k| {
            let used: HashSet<&str> = n.edges[..k]
                .iter()
                .flat_map(|(_, e)| [Some(e.source.as_str()), e.target.as_deref()])
                .flatten()
                .collect();
            let ns: Vec<Value> = n
                .nodes
                .iter()
                .filter(|v| used.contains(v.node_id.as_str()))
                .map(|v| {
                    // Compact: the neighbours' docs on request (the node's own is given).
                    let mut x = shape::node(v, shape);
                    if let (Shape::Compact, Some(o)) = (shape, x.as_object_mut()) {
                        o.remove("doc");
                    }
                    x
                })
                .collect();
            let mut v = json!({
                "node": n.node.as_ref().map(|x| shape::node(x, shape)),
                "nodes": ns,
                "edges": &edge_vals[..k],
                "more": n.more || k < edge_vals.len(),
            });
            if !n.candidates.is_empty() {
                v["candidates"] = json!(&n.candidates[..n.candidates.len().min(CANDIDATES)]);
                v["candidatesTotal"] = json!(n.candidates.len());
            }
            if n.total > k {
                v["total"] = json!(n.total);
            }
            if n.tests_left_out > 0 {
                v["testsLeftOut"] = json!(n.tests_left_out);
            }
            v
        });
        // What was left out, by the limit or the budget, counted against every edge found.
        let narrow = "narrow with `edgeKinds`, `direction`, `excludeTests`, a smaller `depth`, a larger `limit` or tokenBudget";
        let dropped = match f.dropped("edges", narrow) {
            // Not one fits: that note says which budget holds the first.
            Some(d) if f.one.is_some() => Some(d),
            _ if n.total > f.kept => Some(Dropped {
                kind: "edges".into(),
                count: n.total - f.kept,
                note: format!(
                    "{} of {}{} edges left out: {narrow}",
                    n.total - f.kept,
                    if n.total_exact { "" } else { "at least " },
                    n.total
                ),
            }),
            _ => None,
        };
        let Neighborhood {
            node,
            mut edges,
            mut candidates,
            warnings,
            ..
        } = n;
        edges.truncate(f.kept);
        let candidates_total = candidates.len();
        candidates.truncate(CANDIDATES);
        Ok(Answer {
            data: f.data,
            dropped,
            warnings,
            text: Text::new(move || {
                crate::text::neighbors(node.as_ref(), &edges, &candidates, candidates_total)
            }),
        })
    }

    /// The nodes and edges around a node, typed: breadth first to `depth`, at most `limit`
    /// edges (`more` when some were left), each with the hop it was found at.
    pub fn neighborhood(&self, p: &NeighborsParams) -> Result<Neighborhood, ToolError> {
        let _snapshot = self.snapshot()?;
        self.require_node(&p.node_id)?;
        let kinds = parse_edge_kinds(&p.edge_kinds)?;
        let direction = p.direction.as_deref().unwrap_or("both");
        let (out_dir, in_dir) = match direction {
            "out" => (true, false),
            "in" => (false, true),
            "both" => (true, true),
            other => {
                return Err(ToolError::bad_args(format!(
                    "direction must be out, in or both, got {other:?}"
                )))
            }
        };
        let depth = p.depth.unwrap_or(1);
        if !(1..=3).contains(&depth) {
            return Err(ToolError::bad_args(format!(
                "depth must be 1..3, got {depth}"
            )));
        }
        let limit = p.limit.unwrap_or(100);
        if limit == 0 || limit > 1000 {
            return Err(ToolError::bad_args(format!(
                "limit must be 1..1000, got {limit}"
            )));
        }
        let limit = limit as usize;
        let exclude_tests = p.exclude_tests.unwrap_or(false);
        let mut seen_nodes: HashSet<String> = HashSet::from([p.node_id.clone()]);
        let mut order: Vec<String> = Vec::new();
        let mut edges: Vec<(u32, EdgeOut)> = Vec::new();
        let mut frontier = vec![p.node_id.clone()];
        let mut more = false;
        // Every edge found, kept or not; exact unless the limit stopped a deeper hop.
        let (mut total, mut total_exact, mut tests_left_out) = (0usize, true, 0usize);
        for d in 1..=depth {
            if more {
                total_exact = false;
                break;
            }
            let mut next = Vec::new();
            for id in &frontier {
                let mut found = Vec::new();
                if out_dir {
                    found.extend(self.edges_of(id, true, &kinds)?);
                }
                if in_dir {
                    found.extend(self.edges_of(id, false, &kinds)?);
                }
                // The other end's file: the workspace's code before its tests, then by file
                // and position.
                let other = |e: &EdgeOut| -> (bool, String) {
                    let end = if e.source == *id {
                        e.target.as_deref().unwrap_or("")
                    } else {
                        e.source.as_str()
                    };
                    let file = indexer::id::NodeId::parse(end)
                        .ok()
                        .and_then(|n| n.file().map(str::to_string))
                        .unwrap_or_default();
                    (is_test_path(&file), file)
                };
                let mut found: Vec<((bool, String), EdgeOut)> =
                    found.into_iter().map(|e| (other(&e), e)).collect();
                if exclude_tests {
                    let before = found.len();
                    found.retain(|((test, _), _)| !test);
                    tests_left_out += before - found.len();
                }
                found.sort_by(|(ka, a), (kb, b)| {
                    EdgeKind::parse(&a.kind)
                        .cmp(&EdgeKind::parse(&b.kind))
                        .then_with(|| ka.cmp(kb))
                        .then(a.line.cmp(&b.line))
                        .then(a.col.cmp(&b.col))
                });
                total += found.len();
                for (_, e) in found {
                    if edges.len() >= limit {
                        more = true;
                        continue;
                    }
                    for end in [Some(&e.source), e.target.as_ref()].into_iter().flatten() {
                        if seen_nodes.insert(end.clone()) {
                            order.push(end.clone());
                            next.push(end.clone());
                        }
                    }
                    edges.push((d, e));
                }
            }
            frontier = next;
        }
        let mut warnings = Vec::new();
        let center = self.describe(std::slice::from_ref(&p.node_id), &mut warnings)?;
        let nodes = self.describe(&order, &mut warnings)?;
        // Calls the map could not see: inside macro invocations it could not read, in the
        // symbol (out) or in the files of the callers and of the symbol (in).
        if let (Some(c), true) = (center.first(), kinds.contains(&EdgeKind::Calls)) {
            if let (true, Some(f)) = (out_dir, &c.file) {
                let u = self.unread_in([f.as_str()], Some(&c.qualname))?;
                warnings.extend(u.warning("in this symbol"));
            }
            if in_dir {
                let files: std::collections::BTreeSet<&str> = c
                    .file
                    .iter()
                    .chain(nodes.iter().filter_map(|n| n.file.as_ref()))
                    .map(String::as_str)
                    .collect();
                let u = self.unread_in(files, None)?;
                warnings.extend(u.warning("in the callers' files and the symbol's own"));
            }
        }
        // Callers the map could not type: calls of the name on values of unknown type.
        let mut candidates = Vec::new();
        if in_dir && kinds.contains(&EdgeKind::Calls) {
            if let Some(c) = center
                .first()
                .filter(|c| callable(&c.kind, c.signature.as_deref()))
            {
                candidates = self.db.untyped_calls_named(&c.name)?;
                if !candidates.is_empty() {
                    warnings.push(untyped_warning(&candidates, &c.name, true, false));
                }
            }
        }
        if tests_left_out > 0 {
            warnings.push(format!(
                "{tests_left_out} edge(s) to or from test code left out (excludeTests)"
            ));
        }
        Ok(Neighborhood {
            node: center.into_iter().next(),
            nodes,
            edges,
            more,
            total,
            total_exact,
            tests_left_out,
            warnings,
            candidates,
        })
    }
}

/// How many untyped call sites an answer lists (`candidatesTotal` says how many exist).
pub const CANDIDATES: usize = 10;

/// The warning an answer carries when `n` calls of `name` were linked to no definition
/// (an untyped receiver, or a name defined in several files where the call looks: Go's
/// `json.Unmarshal`, in two files told apart by `//go:build` lines); `listed`: the answer
/// lists them as `candidates`.
/// Whether calls of a symbol's name can reach it: a function or a method, or a field,
/// variable or constant bound to a function (`produce = (base, recipe) => …`, a lambda).
/// Such symbols' callers the map could not type are offered as candidates.
pub fn callable(kind: &str, signature: Option<&str>) -> bool {
    match kind {
        "function" | "method" => true,
        "field" | "variable" | "constant" => signature
            .is_some_and(|s| s.contains("=>") || s.contains("lambda") || s.contains("function")),
        _ => false,
    }
}

/// The warning that counts the calls of `name` linked to no one definition (candidates);
/// `results`: in a language whose libraries' results the map does not type, where a call on
/// one is a candidate too.
pub fn untyped_warning(calls: &[UntypedCall], name: &str, listed: bool, results: bool) -> String {
    let n = calls.len();
    let see = if listed { "; see candidates" } else { "" };
    // A call written without a receiver (`observable(…)`) has no type to miss: its name was
    // not bound (an import the map could not follow, a name defined twice).
    let plain = calls.iter().filter(|c| !has_receiver(&c.written)).count();
    if plain == n {
        return format!(
            "{n} call sites of `{name}(` are linked to no one definition (the map could not follow the name through the file's imports, or the name is defined more than once where they look): they may call this symbol or another of that name{see}"
        );
    }
    let also = match plain {
        0 => String::new(),
        p => format!(" ({p} of them written without a receiver, whose name the map could not follow through the file's imports)"),
    };
    format!(
        "{n} call sites of `.{name}(` are linked to no one definition (their receiver's type is not stated{}, or the name is defined more than once where they look){also}: they may call this symbol or another of that name{see}",
        if results {
            " or is a library function's result, which the map does not type"
        } else {
            ""
        },
    )
}

/// Whether a call as written (`self.db.filter`, `?.filter`, `Foo::new`, `filter`) goes
/// through a receiver or a path.
fn has_receiver(written: &str) -> bool {
    written.contains(['.', ':', '>'])
}

/// Macro invocations whose arguments the map could not read as code (a `quote! { … }` or
/// `json!({…})` DSL, an invocation inside an impl), summed over the files or the symbol an
/// answer looked at: the calls inside them are in no edge.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Unread {
    pub count: u64,
    pub files: usize,
    pub by_macro: BTreeMap<String, u64>,
}

impl Unread {
    /// One file's `unread` facts (`3 quote`).
    pub fn add(&mut self, facts: &[String]) {
        let mut any = false;
        for f in facts {
            if let Some((n, name)) = indexer::model::unread_count(f) {
                self.count += u64::from(n);
                *self.by_macro.entry(name.to_string()).or_default() += u64::from(n);
                any = true;
            }
        }
        self.files += usize::from(any);
    }

    /// The answer's warning (`None` when every invocation was read): `place` says where
    /// the answer looked ("in the callers' files").
    pub fn warning(&self, place: &str) -> Option<String> {
        if self.count == 0 {
            return None;
        }
        let mut top: Vec<(&String, &u64)> = self.by_macro.iter().collect();
        top.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        let named: Vec<String> = top
            .iter()
            .take(3)
            .map(|(m, n)| format!("{m}! {n}"))
            .collect();
        let more = if top.len() > 3 { ", …" } else { "" };
        let files = if self.files > 1 {
            format!(" ({} files)", self.files)
        } else {
            String::new()
        };
        Some(format!(
            "{} macro invocation{} {place}{files} could not be read as code ({}{more}): calls inside them are not in the map",
            self.count,
            if self.count == 1 { "" } else { "s" },
            named.join(", ")
        ))
    }
}

impl Map {
    /// The macro invocations not read in these files (`within`: only in that symbol, by
    /// qualname, and its members).
    pub fn unread_in<'a>(
        &self,
        files: impl IntoIterator<Item = &'a str>,
        within: Option<&str>,
    ) -> Result<Unread, ToolError> {
        let mut u = Unread::default();
        let within = within.filter(|q| !q.is_empty());
        for f in files {
            u.add(&self.db.unread_macros(f, within)?);
        }
        Ok(u)
    }
}

/// The nodes and edges around a node (`map_neighbors` before it meets the budget).
#[derive(Debug, Clone)]
pub struct Neighborhood {
    /// The node itself.
    pub node: Option<NodeInfo>,
    /// The other nodes the edges reach, in the order they were found.
    pub nodes: Vec<NodeInfo>,
    /// Each edge with the hop (1..depth) it was found at.
    pub edges: Vec<(u32, EdgeOut)>,
    /// Edges were left out at `limit`.
    pub more: bool,
    /// Every edge found (kept or not); a lower bound unless `total_exact` (the limit
    /// stopped the walk before a deeper hop).
    pub total: usize,
    pub total_exact: bool,
    /// Edges to or from test code left out (`excludeTests`).
    pub tests_left_out: usize,
    pub warnings: Vec<String>,
    /// Untyped calls of the node's name (callers the map could not confirm), apart from
    /// the edges.
    pub candidates: Vec<UntypedCall>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn callable_symbols() {
        for (kind, sig, ok) in [
            ("method", None, true),
            ("field", Some("produce = (base, recipe) => {"), true),
            ("variable", Some("handler = lambda x: x"), true),
            ("field", Some("count: number"), false),
            ("class", Some("class Immer"), false),
        ] {
            assert_eq!(callable(kind, sig), ok, "{kind} {sig:?}");
        }
    }
}
