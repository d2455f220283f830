//! `codemap view`'s graph model: the overview's clusters (the biggest `clusters`), their hubs,
//! the edges between clusters (the map's edges between their files, summed) and each hub's
//! neighbours (callers and callees, at most `neighbors` a side), typed and serialisable. The
//! page (`bridge::view`) draws it; nothing here knows HTML.

use super::handle::Map;
use super::params::OverviewParams;
use crate::envelope::{Dropped, ToolError};
use indexer::model::EdgeKind;
use indexer::overview::is_test_path;
use serde::Serialize;
use std::collections::{HashMap, HashSet};

/// What `codemap view` draws, and how much.
#[derive(Debug, Clone, Default)]
pub struct ViewParams {
    /// Only this directory (as `map_overview`'s `focus`).
    pub focus: Option<String>,
    /// The biggest clusters drawn (1..=200, default 40).
    pub clusters: Option<u32>,
    /// Hubs drawn in each cluster (1..=20, default 5).
    pub hubs_per_cluster: Option<u32>,
    /// Callers and callees listed per hub, each side (1..=500, default 30).
    pub neighbors: Option<u32>,
}

/// The page's model.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ViewGraph {
    /// The workspace's absolute root: a symbol's file is relative to it.
    pub root: String,
    pub files: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub focus: Option<String>,
    pub clusters_total: usize,
    pub unclustered_files: usize,
    /// Biggest first; a cluster's index is its number in links and symbols.
    pub clusters: Vec<ViewCluster>,
    /// Between the clusters drawn, heaviest first (at most `LINKS_PER_CLUSTER` a cluster).
    pub cluster_links: Vec<ClusterLink>,
    pub cluster_links_total: usize,
    /// The hubs drawn, cluster by cluster.
    pub symbols: Vec<ViewSymbol>,
    /// The map's edges between two hubs drawn.
    pub symbol_links: Vec<SymbolLink>,
    /// The highest hub scores overall (node IDs; those drawn are in `symbols`).
    pub top_hubs: Vec<String>,
    /// What was left out (clusters, links, hubs the map no longer has), counted.
    pub dropped: Vec<Dropped>,
    /// What may be off: the files of hubs and callees changed on disk since indexing.
    pub warnings: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ViewCluster {
    pub name: String,
    pub files: usize,
    /// The directories it spans, biggest share first (at most 5).
    pub dirs: Vec<DirShare>,
    /// Indices into `ViewGraph::symbols`.
    pub hubs: Vec<usize>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DirShare {
    pub dir: String,
    pub files: usize,
}

/// Edges between the files of two clusters (both directions), `from < to`.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ClusterLink {
    pub from: usize,
    pub to: usize,
    pub edges: u64,
}

/// An edge between two hubs drawn (indices into `ViewGraph::symbols`).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct SymbolLink {
    pub from: usize,
    pub to: usize,
    pub kind: String,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ViewSymbol {
    pub node_id: String,
    pub name: String,
    pub kind: String,
    pub cluster: usize,
    pub file: String,
    pub line: u32,
    pub col: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub signature: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub doc: Option<String>,
    pub hub_score: f64,
    pub in_degree: i64,
    /// Who uses it (calls, uses, implements, extends), one entry per symbol, at its first site.
    pub callers: Vec<Neighbor>,
    pub callers_total: usize,
    /// What it uses, one entry per symbol, at that symbol's definition.
    pub callees: Vec<Neighbor>,
    pub callees_total: usize,
}

/// A neighbour and where a click leads: a caller's call site, a callee's definition.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Neighbor {
    pub node_id: String,
    /// The edge's kind (calls, uses, implements, extends).
    pub kind: String,
    pub file: String,
    pub line: u32,
}

/// Cluster links kept per cluster drawn (its heaviest).
pub const LINKS_PER_CLUSTER: usize = 6;

/// The edge kinds a neighbour is found by.
const NEIGHBOR_KINDS: [EdgeKind; 4] = [
    EdgeKind::Calls,
    EdgeKind::Uses,
    EdgeKind::Implements,
    EdgeKind::Extends,
];

fn in_range(name: &str, v: Option<u32>, default: u32, max: u32) -> Result<usize, ToolError> {
    let v = v.unwrap_or(default);
    if v == 0 || v > max {
        return Err(ToolError::bad_args(format!(
            "{name} must be 1..{max}, got {v}"
        )));
    }
    Ok(v as usize)
}

/// The links between clusters, from the map's edges between files (`file_cluster`: the
/// cluster drawn each file is in), merged both ways: each cluster keeps its `per` heaviest,
/// heaviest first overall; and how many there were.
pub fn cluster_links(
    file_links: &[(usize, usize, u64)],
    file_cluster: &[Option<usize>],
    per: usize,
) -> (Vec<ClusterLink>, usize) {
    let mut sum: HashMap<(usize, usize), u64> = HashMap::new();
    for &(a, b, n) in file_links {
        let (Some(Some(x)), Some(Some(y))) = (file_cluster.get(a), file_cluster.get(b)) else {
            continue;
        };
        if x != y {
            *sum.entry(((*x).min(*y), (*x).max(*y))).or_insert(0) += n;
        }
    }
    let mut all: Vec<ClusterLink> = sum
        .into_iter()
        .map(|((from, to), edges)| ClusterLink { from, to, edges })
        .collect();
    all.sort_by(|a, b| {
        b.edges
            .cmp(&a.edges)
            .then((a.from, a.to).cmp(&(b.from, b.to)))
    });
    let total = all.len();
    let mut count: HashMap<usize, usize> = HashMap::new();
    let kept = all
        .into_iter()
        .filter(|l| {
            let keep = count.get(&l.from).copied().unwrap_or(0) < per
                || count.get(&l.to).copied().unwrap_or(0) < per;
            if keep {
                *count.entry(l.from).or_insert(0) += 1;
                *count.entry(l.to).or_insert(0) += 1;
            }
            keep
        })
        .collect();
    (kept, total)
}

/// A symbol's neighbours one side, one entry per symbol (its first site), the workspace's
/// code before its tests, then by file and line; at most `limit`, and how many there were.
pub fn distinct_neighbors(mut found: Vec<Neighbor>, limit: usize) -> (Vec<Neighbor>, usize) {
    found.sort_by(|a, b| {
        (is_test_path(&a.file), &a.file, a.line, &a.node_id).cmp(&(
            is_test_path(&b.file),
            &b.file,
            b.line,
            &b.node_id,
        ))
    });
    let mut seen = HashSet::new();
    found.retain(|n| seen.insert(n.node_id.clone()));
    let total = found.len();
    found.truncate(limit);
    (found, total)
}

impl Map {
    /// The page's model: the overview's biggest clusters with their hubs, the links between
    /// them and each hub's neighbours.
    pub fn view_graph(&self, p: &ViewParams) -> Result<ViewGraph, ToolError> {
        let shown = in_range("clusters", p.clusters, 40, 200)?;
        let per_hubs = in_range("hubsPerCluster", p.hubs_per_cluster, 5, 20)?;
        let per_side = in_range("neighbors", p.neighbors, 30, 500)?;
        let _snapshot = self.snapshot()?;
        let (o, _files, of_file, links) = self.overview_with_files(&OverviewParams {
            focus: p.focus.clone(),
            hubs_per_cluster: Some(per_hubs as u32),
            token_budget: None,
        })?;
        let clusters_total = o.clusters.len();
        let drawn = |c: Option<usize>| c.filter(|&c| c < shown);
        let file_cluster: Vec<Option<usize>> = of_file.iter().map(|&c| drawn(c)).collect();
        let (cluster_links, cluster_links_total) =
            cluster_links(&links, &file_cluster, LINKS_PER_CLUSTER);

        let mut clusters = Vec::new();
        let mut symbols: Vec<ViewSymbol> = Vec::new();
        let mut at: HashMap<String, usize> = HashMap::new();
        let mut warnings = Vec::new();
        let hub_ids: Vec<String> = o
            .clusters
            .iter()
            .take(shown)
            .flat_map(|c| c.hubs.iter().map(|h| h.node_id.clone()))
            .collect();
        let mut described = self.lookup_many(&hub_ids, &mut warnings)?;
        // Hubs the overview named that the map no longer has (changed since it was read).
        let mut hubs_skipped = 0;
        for (ci, c) in o.clusters.iter().take(shown).enumerate() {
            let mut hubs = Vec::new();
            for h in &c.hubs {
                if at.contains_key(&h.node_id) {
                    // Drawn already, in a bigger cluster.
                    continue;
                }
                let Some(n) = described.get(&h.node_id) else {
                    hubs_skipped += 1;
                    continue;
                };
                let (line, col) = n.range.map_or((1, 1), |r| (r.name_line, r.name_col));
                at.insert(h.node_id.clone(), symbols.len());
                hubs.push(symbols.len());
                symbols.push(ViewSymbol {
                    node_id: n.node_id.clone(),
                    name: n.name.clone(),
                    kind: n.kind.clone(),
                    cluster: ci,
                    file: n.file.clone().unwrap_or_default(),
                    line,
                    col,
                    signature: n.signature.clone(),
                    doc: n.doc.as_deref().map(first_paragraph),
                    hub_score: h.hub_score,
                    in_degree: h.in_degree,
                    callers: Vec::new(),
                    callers_total: 0,
                    callees: Vec::new(),
                    callees_total: 0,
                });
            }
            clusters.push(ViewCluster {
                name: c.name.clone(),
                files: c.files,
                dirs: c
                    .dirs
                    .iter()
                    .map(|(d, n)| DirShare {
                        dir: d.clone(),
                        files: *n,
                    })
                    .collect(),
                hubs,
            });
        }

        // Each hub's neighbours, and the edges between hubs drawn.
        let mut symbol_links = Vec::new();
        // By index: `i` is also the link's end (`SymbolLink::from`).
        #[allow(clippy::needless_range_loop)]
        for i in 0..symbols.len() {
            let id = symbols[i].node_id.clone();
            let mut callers = Vec::new();
            for e in self.edges_of(&id, false, &NEIGHBOR_KINDS)? {
                let file = node_file(&e.source);
                callers.push(Neighbor {
                    node_id: e.source,
                    kind: e.kind,
                    file,
                    line: e.line.unwrap_or(1),
                });
            }
            let mut callees = Vec::new();
            for e in self.edges_of(&id, true, &NEIGHBOR_KINDS)? {
                let Some(t) = e.target else { continue };
                if let Some(&j) = at.get(&t) {
                    let l = SymbolLink {
                        from: i,
                        to: j,
                        kind: e.kind.clone(),
                    };
                    if i != j && !symbol_links.contains(&l) {
                        symbol_links.push(l);
                    }
                }
                callees.push(Neighbor {
                    file: node_file(&t),
                    node_id: t,
                    kind: e.kind,
                    line: e.line.unwrap_or(1),
                });
            }
            let (callers, callers_total) = distinct_neighbors(callers, per_side);
            let (callees, callees_total) = distinct_neighbors(callees, per_side);
            let s = &mut symbols[i];
            (s.callers, s.callers_total, s.callees, s.callees_total) =
                (callers, callers_total, callees, callees_total);
        }
        // A callee is opened at its definition (the site above is in the hub's file): the
        // callees not yet described, looked up at once.
        let mut callee_ids: Vec<String> = symbols
            .iter()
            .flat_map(|s| s.callees.iter().map(|n| n.node_id.clone()))
            .filter(|id| !described.contains_key(id))
            .collect();
        callee_ids.sort();
        callee_ids.dedup();
        described.extend(self.lookup_many(&callee_ids, &mut warnings)?);
        for n in symbols.iter_mut().flat_map(|s| s.callees.iter_mut()) {
            if let Some(r) = described.get(&n.node_id).and_then(|d| d.range) {
                n.line = r.name_line;
            }
        }

        let mut dropped = Vec::new();
        if clusters_total > shown {
            dropped.push(Dropped {
                kind: "clusters".into(),
                count: clusters_total - shown,
                note: format!(
                    "the {shown} biggest of {clusters_total} clusters drawn; raise --clusters or narrow with --focus"
                ),
            });
        }
        if cluster_links_total > cluster_links.len() {
            dropped.push(Dropped {
                kind: "clusterLinks".into(),
                count: cluster_links_total - cluster_links.len(),
                note: format!(
                    "each cluster's {LINKS_PER_CLUSTER} heaviest links to other clusters drawn"
                ),
            });
        }
        if hubs_skipped > 0 {
            dropped.push(Dropped {
                kind: "hubs".into(),
                count: hubs_skipped,
                note: format!(
                    "{hubs_skipped} hub(s) the overview named not found in the map, not drawn"
                ),
            });
        }
        Ok(ViewGraph {
            root: self.root.display().to_string(),
            files: o.files,
            focus: o.focus,
            clusters_total,
            unclustered_files: o.unclustered_files,
            clusters,
            cluster_links,
            cluster_links_total,
            symbols,
            symbol_links,
            top_hubs: o.top_hubs.into_iter().map(|h| h.node_id).collect(),
            dropped,
            warnings,
        })
    }
}

/// A node ID's file (empty for an external node).
fn node_file(id: &str) -> String {
    indexer::id::NodeId::parse(id)
        .ok()
        .and_then(|n| n.file().map(str::to_string))
        .unwrap_or_default()
}

/// A doc's first paragraph, at most 400 characters and an ellipsis.
fn first_paragraph(doc: &str) -> String {
    indexer::syntax::clip(doc.split("\n\n").next().unwrap_or(doc).trim(), 401)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cluster_links_merge_directions_and_keep_each_clusters_heaviest() {
        // Files 0,1 in cluster 0; 2 in 1; 3 in 2; 4 not drawn.
        let of = [Some(0), Some(0), Some(1), Some(2), None];
        let files = [
            (0, 2, 5),
            (2, 1, 3), // the same pair the other way: 8 in all
            (0, 1, 9), // inside cluster 0: no link
            (3, 0, 2),
            (4, 0, 100), // a cluster not drawn
            (3, 2, 1),
        ];
        let (all, total) = cluster_links(&files, &of, 6);
        assert_eq!(total, 3);
        assert_eq!(
            all,
            vec![
                ClusterLink {
                    from: 0,
                    to: 1,
                    edges: 8
                },
                ClusterLink {
                    from: 0,
                    to: 2,
                    edges: 2
                },
                ClusterLink {
                    from: 1,
                    to: 2,
                    edges: 1
                },
            ]
        );
        // One link a cluster: (0,1) first; (0,2) kept for 2's sake; (1,2): both have one.
        let (one, total) = cluster_links(&files, &of, 1);
        assert_eq!(total, 3);
        assert_eq!(one.len(), 2);
        assert_eq!(
            one[1],
            ClusterLink {
                from: 0,
                to: 2,
                edges: 2
            }
        );
    }

    #[test]
    fn neighbors_are_distinct_code_before_tests_and_counted() {
        let n = |id: &str, file: &str, line| Neighbor {
            node_id: id.into(),
            kind: "calls".into(),
            file: file.into(),
            line,
        };
        let found = vec![
            n("go:a/x_test.go#T", "a/x_test.go", 3),
            n("go:b/y.go#g", "b/y.go", 9),
            n("go:a/x.go#f", "a/x.go", 7),
            n("go:b/y.go#g", "b/y.go", 4),
        ];
        let (kept, total) = distinct_neighbors(found.clone(), 10);
        assert_eq!(total, 3);
        let ids: Vec<(&str, u32)> = kept.iter().map(|n| (n.node_id.as_str(), n.line)).collect();
        assert_eq!(
            ids,
            vec![
                ("go:a/x.go#f", 7),
                ("go:b/y.go#g", 4),
                ("go:a/x_test.go#T", 3)
            ]
        );
        let (kept, total) = distinct_neighbors(found, 1);
        assert_eq!((kept.len(), total), (1, 3));
    }

    #[test]
    fn limits_are_checked() {
        assert!(in_range("clusters", Some(0), 40, 200).is_err());
        assert!(in_range("clusters", Some(201), 40, 200).is_err());
        assert_eq!(in_range("clusters", None, 40, 200).ok(), Some(40));
    }

    #[test]
    fn a_long_doc_is_cut_at_its_first_paragraph() {
        assert_eq!(first_paragraph("One.\n\nTwo."), "One.");
        let long = "é".repeat(500);
        assert_eq!(first_paragraph(&long).chars().count(), 401);
    }
}
