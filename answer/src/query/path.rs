//! `map_path`: a shortest directed path between two nodes (bidirectional breadth-first
//! search), or a clear "no path".

use super::handle::{parse_edge_kinds, Map};
use super::params::PathParams;
use crate::envelope::{Answer, Text, ToolError};
use crate::shape::{self, EdgeOut, NodeInfo, Shape};
use serde::Serialize;
use serde_json::json;
use std::collections::{HashMap, VecDeque};

impl Map {
    /// `map_path`: [`Map::shortest_path`] as the tool answers it.
    pub fn path(&self, p: &PathParams, shape: Shape) -> Result<Answer, ToolError> {
        let (found, warnings) = self.shortest_path(p)?;
        let data = match &found {
            PathFound::Path {
                found,
                length,
                nodes,
                edges,
            } => json!({
                "found": found,
                "length": length,
                "nodes": nodes.iter().map(|n| shape::node(n, shape)).collect::<Vec<_>>(),
                "edges": edges.iter().map(|e| shape::edge(e, None, shape)).collect::<Vec<_>>(),
            }),
            none => serde_json::to_value(none).map_err(ToolError::internal)?,
        };
        Ok(Answer {
            data,
            dropped: None,
            warnings,
            text: Text::new(move || path_text(&found)),
        })
    }

    /// A shortest directed path (bidirectional breadth-first search), typed.
    pub fn shortest_path(&self, p: &PathParams) -> Result<(PathFound, Vec<String>), ToolError> {
        let _snapshot = self.snapshot()?;
        self.require_node(&p.from)?;
        self.require_node(&p.to)?;
        let kinds = parse_edge_kinds(&p.edge_kinds)?;
        let max_depth = p.max_depth.unwrap_or(6);
        if !(1..=6).contains(&max_depth) {
            return Err(ToolError::bad_args(format!(
                "maxDepth must be 1..6, got {max_depth}"
            )));
        }
        // Bidirectional breadth-first search: forward from `from`, backward from `to`.
        let mut fwd: HashMap<String, Option<EdgeOut>> = HashMap::from([(p.from.clone(), None)]);
        let mut bwd: HashMap<String, Option<EdgeOut>> = HashMap::from([(p.to.clone(), None)]);
        let mut ff: VecDeque<String> = VecDeque::from([p.from.clone()]);
        let mut bf: VecDeque<String> = VecDeque::from([p.to.clone()]);
        let (mut fd, mut bd) = (0u32, 0u32);
        let mut meet: Option<String> = (p.from == p.to).then(|| p.from.clone());
        const MAX_VISITED: usize = 200_000;
        while meet.is_none() && fd + bd < max_depth && !ff.is_empty() && !bf.is_empty() {
            if fwd.len() + bwd.len() > MAX_VISITED {
                break;
            }
            let forward = ff.len() <= bf.len();
            let (frontier, seen, other) = if forward {
                fd += 1;
                (&mut ff, &mut fwd, &bwd)
            } else {
                bd += 1;
                (&mut bf, &mut bwd, &fwd)
            };
            let mut next = VecDeque::new();
            'level: for id in frontier.drain(..) {
                for e in self.edges_of(&id, forward, &kinds)? {
                    let Some(t) = (if forward {
                        e.target.clone()
                    } else {
                        Some(e.source.clone())
                    }) else {
                        continue;
                    };
                    if seen.contains_key(&t) {
                        continue;
                    }
                    seen.insert(t.clone(), Some(e));
                    if other.contains_key(&t) {
                        meet = Some(t);
                        break 'level;
                    }
                    next.push_back(t);
                }
            }
            *frontier = next;
        }
        let Some(m) = meet else {
            let none = PathFound::NoPath {
                found: false,
                from: p.from.clone(),
                to: p.to.clone(),
                message: format!(
                    "no directed path of at most {max_depth} edges from {} to {} over {}",
                    p.from,
                    p.to,
                    kinds
                        .iter()
                        .map(|k| k.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            };
            return Ok((none, Vec::new()));
        };
        let mut chain: Vec<EdgeOut> = Vec::new();
        let mut cur = m.clone();
        while let Some(Some(e)) = fwd.get(&cur) {
            chain.push(e.clone());
            cur = e.source.clone();
        }
        chain.reverse();
        let mut cur = m;
        while let Some(Some(e)) = bwd.get(&cur) {
            chain.push(e.clone());
            cur = e.target.clone().unwrap_or_default();
        }
        let mut ids = vec![p.from.clone()];
        for e in &chain {
            if let Some(t) = &e.target {
                ids.push(t.clone());
            }
        }
        let mut warnings = Vec::new();
        let nodes = self.describe(&ids, &mut warnings)?;
        let found = PathFound::Path {
            found: true,
            length: chain.len(),
            nodes,
            edges: chain,
        };
        Ok((found, warnings))
    }
}

/// `map_path`'s answer: the path, or a clear "no path".
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum PathFound {
    Path {
        found: bool,
        length: usize,
        nodes: Vec<NodeInfo>,
        edges: Vec<EdgeOut>,
    },
    NoPath {
        found: bool,
        from: String,
        to: String,
        message: String,
    },
}

/// `map_path`: the chain of edges, or why there is none.
fn path_text(found: &PathFound) -> String {
    let mut out = String::new();
    match found {
        PathFound::Path {
            found: true,
            length,
            edges,
            ..
        } => {
            for e in edges {
                out.push_str(&format!(
                    "{} -[{}]-> {}\n",
                    e.source,
                    e.kind,
                    e.target.as_deref().unwrap_or("")
                ));
            }
            if *length == 0 {
                out.push_str("from and to are the same node\n");
            }
        }
        PathFound::Path { .. } => out.push('\n'),
        PathFound::NoPath { message, .. } => out.push_str(&format!("{message}\n")),
    }
    out
}
