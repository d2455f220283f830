//! `map_overview`: clusters of related files (Louvain communities of the file graph) with
//! their hubs, and the top hubs overall.

use super::handle::Map;
use super::params::OverviewParams;
use crate::envelope::{clamp_budget, fit, Answer, ErrorCode, Text, ToolError};
use crate::shape::{self, Cluster, Hub, Overview, Shape};
use serde_json::{json, Value};
use std::collections::HashMap;

/// An overview, its files (row id, path), each file's cluster (an index into
/// `Overview::clusters`; `None`: a file alone in its community) and the file graph's links
/// (`FileLinks`).
pub type OverviewWithFiles = (Overview, Vec<(i64, String)>, Vec<Option<usize>>, FileLinks);

/// The map's edges between files, as read once: (file, file, edges), files as indices into
/// the files listed.
pub type FileLinks = Vec<(usize, usize, u64)>;

/// The weight of the link between neighbouring files of one directory in `map_overview`.
const DIR_LINK: f64 = 3.0;

/// The Louvain resolution of `map_overview`: above 1 to split the giant clusters a whole
/// standard library otherwise falls into.
pub const OVERVIEW_RESOLUTION: f64 = 2.0;

/// The files of the map (row id, path) in path order, a cluster number per file and the
/// links between files it was made from.
pub type FileClusters = (Vec<(i64, String)>, Vec<u32>, FileLinks);

impl Map {
    /// `map_overview`: [`Map::overview_of`] in the answer's shape, fitted to the token budget
    /// (the smaller clusters cut first).
    pub fn overview(&self, p: &OverviewParams, shape: Shape) -> Result<Answer, ToolError> {
        let o = self.overview_of(p)?;
        let clusters: Vec<Value> = o
            .clusters
            .iter()
            .map(|c| shape::cluster(c, shape))
            .collect();
        let head = json!({"files": o.files, "clusterCount": clusters.len(),
                          "unclusteredFiles": o.unclustered_files,
                          "topHubs": o.top_hubs.iter().map(|h| shape::hub(h, shape)).collect::<Vec<_>>(),
                          "focus": o.focus});
        let f = fit(clusters.len(), clamp_budget(p.token_budget), |n| {
            let mut h = head.clone();
            h["clusters"] = json!(&clusters[..n]);
            h
        });
        let kept = f.kept;
        Ok(Answer {
            dropped: f.dropped("clusters", "the smaller ones; narrow with `focus` (a directory), fewer `hubsPerCluster`, or a larger tokenBudget"),
            data: f.data,
            warnings: Vec::new(),
            text: Text::new(move || crate::text::overview(&o, &o.clusters[..kept])),
        })
    }

    /// Clusters of related files (Louvain communities of the file graph: files linked by the
    /// edges between their symbols) with their hub symbols, and the top hubs overall, typed.
    pub fn overview_of(&self, p: &OverviewParams) -> Result<Overview, ToolError> {
        Ok(self.overview_with_files(p)?.0)
    }

    /// [`Map::overview_of`] with the file graph it was made from: the files (row id, path)
    /// and, per file, the index of its cluster in `Overview::clusters` (`None`: a file alone
    /// in its community, counted in `unclustered_files`).
    pub fn overview_with_files(&self, p: &OverviewParams) -> Result<OverviewWithFiles, ToolError> {
        let _snapshot = self.snapshot()?;
        let per = p.hubs_per_cluster.unwrap_or(5).clamp(1, 20) as usize;
        let focus = p
            .focus
            .as_deref()
            .map(|f| f.trim_matches('/').to_string())
            .filter(|f| !f.is_empty() && f != ".");
        if let Some(f) = &focus {
            if f.contains("..") || f.starts_with('/') {
                return Err(ToolError::new(
                    ErrorCode::OutsideWorkspace,
                    format!("focus {f:?} is not a workspace-relative directory"),
                ));
            }
        }
        let (files, comm, file_links) =
            self.file_clusters(focus.as_deref(), OVERVIEW_RESOLUTION)?;
        let index: HashMap<i64, u32> = files
            .iter()
            .enumerate()
            .map(|(i, (id, _))| (*id, i as u32))
            .collect();
        let k = comm.iter().copied().max().map_or(0, |m| m as usize + 1);
        let mut members: Vec<Vec<usize>> = vec![Vec::new(); k];
        for (i, &c) in comm.iter().enumerate() {
            members[c as usize].push(i);
        }
        // Hubs: per cluster, the symbols with most users in the cluster (other files that call
        // them; types that implement them); overall, the highest hub scores. Tests left out.
        let skip: Vec<bool> = files
            .iter()
            .map(|(_, p)| indexer::overview::is_test_path(p))
            .collect();
        let mut syms: Vec<(String, String, f64, i64)> = Vec::new();
        let mut sym_ix: HashMap<String, u32> = HashMap::new();
        let mut uses: Vec<(u32, u32, u32)> = Vec::new();
        self.db.cross_file_uses(|u| {
            let (Some(&a), Some(&b)) = (index.get(&u.from_file), index.get(&u.file)) else {
                return;
            };
            let next = syms.len() as u32;
            let i = *sym_ix.entry(u.node_id).or_insert_with_key(|id| {
                syms.push((id.clone(), u.kind, u.score, u.in_degree));
                next
            });
            uses.push((a, i, b));
        })?;
        // Symbols numbered in node-ID order, so equal scores rank the same way whatever
        // order the rows came in (a cold build's parallel extraction numbers them apart).
        let mut order: Vec<u32> = (0..syms.len() as u32).collect();
        order.sort_by(|&a, &b| syms[a as usize].0.cmp(&syms[b as usize].0));
        let mut rank = vec![0u32; syms.len()];
        for (r, &i) in order.iter().enumerate() {
            rank[i as usize] = r as u32;
        }
        for u in &mut uses {
            u.1 = rank[u.1 as usize];
        }
        let mut numbered: Vec<Option<(String, String, f64, i64)>> =
            syms.into_iter().map(Some).collect();
        let syms: Vec<(String, String, f64, i64)> = order
            .iter()
            .filter_map(|&i| numbered[i as usize].take())
            .collect();
        let scores: Vec<f64> = syms.iter().map(|s| s.2).collect();
        let hub = |i: u32, local: Option<u32>| {
            let (id, kind, score, deg) = &syms[i as usize];
            Hub {
                node_id: id.clone(),
                kind: kind.clone(),
                hub_score: (score * 1000.0).round() / 1000.0,
                in_degree: *deg,
                used_by_files: local,
            }
        };
        let mut hubs: Vec<Vec<Hub>> =
            indexer::overview::cluster_hubs(&comm, &uses, &scores, &skip, per)
                .into_iter()
                .map(|l| l.into_iter().map(|(i, n)| hub(i, Some(n))).collect())
                .collect();
        let mut in_prod: Vec<u32> = uses
            .iter()
            .filter(|u| !skip[u.2 as usize])
            .map(|u| u.1)
            .collect();
        in_prod.sort_unstable();
        in_prod.dedup();
        in_prod.sort_by(|&a, &b| {
            scores[b as usize]
                .total_cmp(&scores[a as usize])
                .then(a.cmp(&b))
        });
        let top_hubs: Vec<Hub> = in_prod.into_iter().take(10).map(|i| hub(i, None)).collect();
        let mut clusters: Vec<(u32, Cluster)> = Vec::new();
        let mut alone = 0usize;
        for (c, m) in members.iter().enumerate() {
            if m.len() < 2 {
                alone += m.len();
                continue;
            }
            let paths: Vec<&str> = m.iter().map(|&i| files[i].1.as_str()).collect();
            // The directories it spans, biggest share first.
            let mut dirs: HashMap<&str, usize> = HashMap::new();
            for p in &paths {
                *dirs
                    .entry(p.rsplit_once('/').map_or(".", |(d, _)| d))
                    .or_insert(0) += 1;
            }
            let mut dirs: Vec<(&str, usize)> = dirs.into_iter().collect();
            dirs.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
            let hubs = std::mem::take(&mut hubs[c]);
            let hub_ids: Vec<&str> = hubs.iter().map(|h| h.node_id.as_str()).collect();
            clusters.push((
                c as u32,
                Cluster {
                    name: indexer::overview::cluster_name(&paths, &hub_ids),
                    files: m.len(),
                    dirs: dirs
                        .iter()
                        .take(5)
                        .map(|(d, n)| (d.to_string(), *n))
                        .collect(),
                    sample_files: paths.iter().take(6).map(|p| p.to_string()).collect(),
                    hubs,
                },
            ));
        }
        // Biggest first (the budget cuts the smallest).
        clusters.sort_by_key(|(_, c)| std::cmp::Reverse(c.files));
        let mut place: Vec<Option<usize>> = vec![None; k];
        for (i, (c, _)) in clusters.iter().enumerate() {
            place[*c as usize] = Some(i);
        }
        let of_file: Vec<Option<usize>> = comm.iter().map(|&c| place[c as usize]).collect();
        let overview = Overview {
            files: files.len(),
            unclustered_files: alone,
            top_hubs,
            focus,
            clusters: clusters.into_iter().map(|(_, c)| c).collect(),
        };
        Ok((overview, files, of_file, file_links))
    }

    /// The communities of the file graph (under `focus`, a workspace-relative directory):
    /// the files in path order and a cluster number per file. Links are the edges between
    /// files (weighted by the log of their count) plus a chain through each directory's files.
    pub fn file_clusters(
        &self,
        focus: Option<&str>,
        resolution: f64,
    ) -> Result<FileClusters, ToolError> {
        let under =
            |path: &str| focus.is_none_or(|f| path == f || path.starts_with(&format!("{f}/")));
        // Files, in path order (stable node numbering across runs).
        let files: Vec<(i64, String)> = self
            .db
            .indexed_files()?
            .into_iter()
            .filter(|(_, p)| under(p))
            .collect();
        if files.is_empty() {
            return Err(ToolError::bad_args(match &focus {
                Some(f) => format!("no indexed files under {f}/"),
                None => "the map holds no files".to_string(),
            }));
        }
        let index: HashMap<i64, u32> = files
            .iter()
            .enumerate()
            .map(|(i, (id, _))| (*id, i as u32))
            .collect();
        let mut links: Vec<(u32, u32, f64)> = Vec::new();
        let mut counted: FileLinks = Vec::new();
        self.db.file_links(|a, b, n| {
            if let (Some(&a), Some(&b)) = (index.get(&a), index.get(&b)) {
                links.push((a, b, 1.0 + (n as f64).ln()));
                counted.push((a as usize, b as usize, n.max(0) as u64));
            }
        })?;
        // Files of one directory (a Go package, a Python package) belong together: a chain of
        // links through them in path order keeps them close without n² pairs.
        for w in files.windows(2) {
            let dir = |p: &str| {
                p.rsplit_once('/')
                    .map_or(String::new(), |(d, _)| d.to_string())
            };
            if dir(&w[0].1) == dir(&w[1].1) {
                if let (Some(&a), Some(&b)) = (index.get(&w[0].0), index.get(&w[1].0)) {
                    links.push((a, b, DIR_LINK));
                }
            }
        }
        links.sort_by_key(|x| (x.0, x.1));
        // Seeded with directories: files start with their package and move only when pulled.
        let mut dirs: HashMap<&str, u32> = HashMap::new();
        let seed: Vec<u32> = files
            .iter()
            .map(|(_, p)| {
                let d = p.rsplit_once('/').map_or("", |(d, _)| d);
                let next = dirs.len() as u32;
                *dirs.entry(d).or_insert(next)
            })
            .collect();
        let comm = indexer::overview::louvain(files.len(), &links, resolution, Some(&seed));
        Ok((files, comm, counted))
    }
}
