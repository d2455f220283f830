//! Hub scores: PageRank mixed with in-degree over the map's resolved edges (the `hubs` table).

use crate::store::{Db, SqlResult};
use std::collections::HashMap;

/// The graph hub scores rank (PageRank mixed with in-degree, into `hubs`): every resolved
/// edge but imports, between node numbers made dense.
pub(super) struct HubGraph {
    numbers: Vec<i64>,
    edges: Vec<(u32, u32)>,
}

pub(super) fn hub_graph(db: &Db) -> SqlResult<HubGraph> {
    let mut dense: HashMap<i64, u32> = HashMap::new();
    let mut numbers: Vec<i64> = Vec::new();
    let mut edges: Vec<(u32, u32)> = Vec::new();
    db.for_each_resolved_edge(|s, t| {
        let mut id = |n: i64| {
            let next = numbers.len() as u32;
            *dense.entry(n).or_insert_with(|| {
                numbers.push(n);
                next
            })
        };
        let a = id(s);
        let b = id(t);
        if a != b {
            edges.push((a, b));
        }
    })?;
    Ok(HubGraph { numbers, edges })
}

/// Each node with an edge into it: (number, score, in-degree).
pub(super) fn hub_scores(g: &HubGraph) -> Vec<(i64, f64, u32)> {
    let rank = crate::overview::pagerank(g.numbers.len(), &g.edges, 20);
    let mut indeg = vec![0u32; g.numbers.len()];
    for &(_, t) in &g.edges {
        indeg[t as usize] += 1;
    }
    let max = rank
        .iter()
        .copied()
        .fold(0.0f64, f64::max)
        .max(f64::MIN_POSITIVE);
    let max_deg = indeg.iter().copied().max().unwrap_or(1).max(1) as f64;
    g.numbers
        .iter()
        .enumerate()
        .filter_map(|(i, &n)| {
            if indeg[i] == 0 {
                return None;
            }
            // Both on a 0..1 scale: PageRank relative to the top, degree on a log scale.
            let score =
                0.6 * rank[i] / max + 0.4 * (1.0 + indeg[i] as f64).ln() / (1.0 + max_deg).ln();
            Some((n, score, indeg[i]))
        })
        .collect()
}
