//! Graph measures for `map_overview` and for ranking ties: PageRank over the symbol graph, and
//! communities of the file graph (Louvain modularity, deterministic). Pure: graphs in, numbers
//! out.

/// PageRank with damping 0.85 over a directed graph of `n` nodes; dangling mass spread evenly.
/// Sums to 1.
pub fn pagerank(n: usize, edges: &[(u32, u32)], iterations: usize) -> Vec<f64> {
    if n == 0 {
        return Vec::new();
    }
    let d = 0.85;
    let mut out_deg = vec![0u32; n];
    for &(s, _) in edges {
        out_deg[s as usize] += 1;
    }
    let mut rank = vec![1.0 / n as f64; n];
    let mut next = vec![0.0; n];
    for _ in 0..iterations {
        let dangling: f64 = (0..n).filter(|&i| out_deg[i] == 0).map(|i| rank[i]).sum();
        let base = (1.0 - d) / n as f64 + d * dangling / n as f64;
        next.iter_mut().for_each(|x| *x = base);
        for &(s, t) in edges {
            next[t as usize] += d * rank[s as usize] / out_deg[s as usize] as f64;
        }
        std::mem::swap(&mut rank, &mut next);
    }
    rank
}

/// Communities of an undirected weighted graph by Louvain modularity optimisation: local
/// moves in node order (ties to the lowest community id), then aggregation, repeated until
/// nothing moves. Deterministic for a given input. Returns a community id per node,
/// renumbered 0.. in order of first appearance. A `resolution` above 1 favours smaller
/// communities (it scales the null-model term of the modularity gain). `start`, one label per
/// node, seeds the first level (nodes then move from there): seeding with something stable,
/// such as each file's directory, makes the result stable under small edits of the graph.
pub fn louvain(
    n: usize,
    edges: &[(u32, u32, f64)],
    resolution: f64,
    start: Option<&[u32]>,
) -> Vec<u32> {
    let mut membership: Vec<u32> = (0..n as u32).collect();
    let mut graph: Vec<Vec<(u32, f64)>> = adjacency(n, edges);
    let mut first = start.filter(|s| s.len() == n).map(renumber);
    loop {
        let (moved, comm) = one_level(&graph, resolution, first.take());
        // Compose: each original node follows its current super-node's community.
        for m in membership.iter_mut() {
            *m = comm[*m as usize];
        }
        if !moved {
            break;
        }
        // Aggregate communities into super-nodes.
        let k = comm.iter().copied().max().map_or(0, |m| m as usize + 1);
        let mut agg: Vec<std::collections::BTreeMap<u32, f64>> = vec![Default::default(); k];
        for (u, nbrs) in graph.iter().enumerate() {
            for &(v, w) in nbrs {
                *agg[comm[u] as usize].entry(comm[v as usize]).or_insert(0.0) += w;
            }
        }
        graph = agg.into_iter().map(|m| m.into_iter().collect()).collect();
        if graph.len() <= 1 {
            break;
        }
    }
    renumber(&membership)
}

/// Whether a path is test code (a test file by its language's naming, e.g. `x_test.go` or
/// `test_x.py`, or anything under a `test`, `tests` or `testdata` directory). Test helpers are left out of hub lists:
/// an agent orienting itself wants the code the tests exercise.
pub fn is_test_path(path: &str) -> bool {
    let (dirs, _) = path.rsplit_once('/').unwrap_or(("", path));
    crate::lang::Lang::is_test_file(path)
        || dirs
            .split('/')
            .any(|d| matches!(d, "test" | "tests" | "testdata"))
}

/// How much a user in test code counts toward a symbol's users: as much as any. A library's
/// entry points (a template's `Execute`) are called by its tests and its clients, rarely by
/// itself; left out (0) or at a half, `Execute` fell out of text/template's hubs.
pub const TEST_USER_WEIGHT: f64 = 1.0;

/// The hubs of each cluster: the symbols most characteristic of it. `uses` holds one (using
/// file, used symbol, file of the used symbol) triple per user (another file that calls it, a
/// type that implements it), files as indices into `cluster`; local counts a symbol's users
/// in its own cluster, all its users anywhere.
/// A user in test code (`skip`) counts [`TEST_USER_WEIGHT`]; a symbol in test code is never a
/// hub. Each list holds the `per` symbols with the highest local² / all × `score` (the global
/// hub score), shown by `score`, highest first; entries are (symbol, users in the cluster
/// outside tests). By local² / all alone (tests not counted), a small library's plumbing
/// (`Template.init`) pushed out its entry points (`Template.Execute`); by score alone, a big
/// cluster's list filled with everyone's helpers (`errors.New`); `io.Writer` is everyone's
/// hub, `http.Handler` net/http's.
pub fn cluster_hubs(
    cluster: &[u32],
    uses: &[(u32, u32, u32)],
    score: &[f64],
    skip: &[bool],
    per: usize,
) -> Vec<Vec<(u32, u32)>> {
    let k = cluster.iter().copied().max().map_or(0, |m| m as usize + 1);
    let test = |f: u32| skip.get(f as usize).copied().unwrap_or(true);
    // Per symbol: its cluster, its weighted users in that cluster, anywhere, and its users
    // in that cluster outside tests.
    let mut count: std::collections::HashMap<u32, (u32, f64, f64, u32)> = Default::default();
    for &(src, sym, file) in uses {
        let (Some(&a), Some(&b)) = (cluster.get(src as usize), cluster.get(file as usize)) else {
            continue;
        };
        if test(file) {
            continue;
        }
        let w = if test(src) { TEST_USER_WEIGHT } else { 1.0 };
        let e = count.entry(sym).or_insert((b, 0.0, 0.0, 0));
        e.2 += w;
        if a == b {
            e.1 += w;
            e.3 += u32::from(!test(src));
        }
    }
    let mut out: Vec<Vec<(u32, u32)>> = vec![Vec::new(); k];
    // Characteristic (used widely within the cluster, and mostly there: local² / all) and
    // central (the global score).
    let sc = |i: u32| score.get(i as usize).copied().unwrap_or(0.0);
    let mut key: std::collections::HashMap<u32, f64> = Default::default();
    for (sym, (c, local, all, shown)) in count {
        if local > 0.0 {
            out[c as usize].push((sym, shown));
            key.insert(sym, sc(sym) * local * local / all);
        }
    }
    let k = |i: u32| key.get(&i).copied().unwrap_or(0.0);
    for list in &mut out {
        list.sort_by(|a, b| k(b.0).total_cmp(&k(a.0)).then(a.0.cmp(&b.0)));
        list.truncate(per);
        list.sort_by(|a, b| sc(b.0).total_cmp(&sc(a.0)).then(a.0.cmp(&b.0)));
    }
    out
}

/// A cluster's name: the directory its files share (the deepest common one, else the one
/// holding most of them), then the names of its top hubs (node IDs), those in that directory
/// first: `text/template: Parse, New`.
pub fn cluster_name(paths: &[&str], hubs: &[&str]) -> String {
    let dir_of = |p: &str| p.rsplit_once('/').map_or("", |(d, _)| d).to_string();
    let mut common: Option<Vec<&str>> = None;
    for p in paths {
        let parts: Vec<&str> = p.split('/').collect();
        let parts = &parts[..parts.len().saturating_sub(1)];
        common = Some(match common {
            None => parts.to_vec(),
            Some(c) => c
                .iter()
                .zip(parts)
                .take_while(|(a, b)| a == b)
                .map(|(a, _)| *a)
                .collect(),
        });
    }
    let mut dir = common.map(|c| c.join("/")).unwrap_or_default();
    if dir.is_empty() {
        let mut n: std::collections::BTreeMap<String, usize> = Default::default();
        for p in paths {
            *n.entry(dir_of(p)).or_insert(0) += 1;
        }
        dir = n
            .into_iter()
            .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))
            .map(|(d, _)| d)
            .unwrap_or_default();
    }
    if dir.is_empty() {
        dir = ".".into();
    }
    let name = |id: &str| -> String {
        let q = id.rsplit_once('#').map_or(id, |(_, q)| q);
        q.rsplit('.').next().unwrap_or(q).to_string()
    };
    let inside = |id: &str| {
        let path = id.split_once(':').map_or(id, |(_, r)| r);
        dir == "." || path.starts_with(&format!("{dir}/"))
    };
    let mut ranked: Vec<&str> = hubs.iter().copied().filter(|h| inside(h)).collect();
    ranked.extend(hubs.iter().copied().filter(|h| !inside(h)));
    let names: Vec<String> = ranked.into_iter().take(2).map(name).collect();
    if names.is_empty() {
        dir
    } else {
        format!("{dir}: {}", names.join(", "))
    }
}

fn adjacency(n: usize, edges: &[(u32, u32, f64)]) -> Vec<Vec<(u32, f64)>> {
    let mut m: Vec<std::collections::BTreeMap<u32, f64>> = vec![Default::default(); n];
    for &(a, b, w) in edges {
        if a as usize >= n || b as usize >= n || w <= 0.0 {
            continue;
        }
        *m[a as usize].entry(b).or_insert(0.0) += w;
        if a != b {
            *m[b as usize].entry(a).or_insert(0.0) += w;
        }
    }
    m.into_iter().map(|x| x.into_iter().collect()).collect()
}

/// One level of local moving. Returns whether any node moved, and the (renumbered) community
/// of each node.
fn one_level(g: &[Vec<(u32, f64)>], resolution: f64, start: Option<Vec<u32>>) -> (bool, Vec<u32>) {
    let n = g.len();
    let degree: Vec<f64> = g
        .iter()
        .map(|nb| nb.iter().map(|&(_, w)| w).sum())
        .collect();
    let m2: f64 = degree.iter().sum();
    let seeded = start.is_some();
    let mut comm: Vec<u32> = start.unwrap_or_else(|| (0..n as u32).collect());
    if m2 == 0.0 {
        return (seeded, renumber(&comm));
    }
    let mut tot: Vec<f64> = vec![0.0; n];
    for (u, &c) in comm.iter().enumerate() {
        tot[c as usize] += degree[u];
    }
    // A seeded start counts as a move: its communities must be aggregated even if no node
    // leaves its seed.
    let mut moved_any = seeded;
    for _pass in 0..20 {
        let mut moved = false;
        for u in 0..n {
            let cu = comm[u];
            // Weights from u to each neighbouring community.
            let mut links: std::collections::BTreeMap<u32, f64> = Default::default();
            for &(v, w) in &g[u] {
                if v as usize != u {
                    *links.entry(comm[v as usize]).or_insert(0.0) += w;
                }
            }
            tot[cu as usize] -= degree[u];
            let gain = |c: u32, k_in: f64| k_in - resolution * tot[c as usize] * degree[u] / m2;
            let mut best = (cu, gain(cu, links.get(&cu).copied().unwrap_or(0.0)));
            for (&c, &k_in) in &links {
                let g = gain(c, k_in);
                if g > best.1 + 1e-12 || ((g - best.1).abs() <= 1e-12 && c < best.0) {
                    best = (c, g);
                }
            }
            tot[best.0 as usize] += degree[u];
            if best.0 != cu {
                comm[u] = best.0;
                moved = true;
                moved_any = true;
            }
        }
        if !moved {
            break;
        }
    }
    (moved_any, renumber(&comm))
}

fn renumber(c: &[u32]) -> Vec<u32> {
    let mut map = std::collections::HashMap::new();
    c.iter()
        .map(|x| {
            let next = map.len() as u32;
            *map.entry(*x).or_insert(next)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pagerank_favours_the_pointed_at() {
        // 0 → 2, 1 → 2, 2 → 0, 3 dangling.
        let r = pagerank(4, &[(0, 2), (1, 2), (2, 0)], 50);
        assert!((r.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        assert!(r[2] > r[0] && r[0] > r[1] && r[1] > 0.0);
        assert!(pagerank(0, &[], 10).is_empty());
    }

    #[test]
    fn louvain_finds_two_cliques_joined_by_a_bridge() {
        let mut e = Vec::new();
        for group in [[0u32, 1, 2, 3], [4, 5, 6, 7]] {
            for (i, &a) in group.iter().enumerate() {
                for &b in &group[i + 1..] {
                    e.push((a, b, 1.0));
                }
            }
        }
        e.push((3, 4, 0.5));
        let c = louvain(8, &e, 1.0, None);
        assert_eq!(c, [0, 0, 0, 0, 1, 1, 1, 1]);
        // Deterministic: the same again, and isolated nodes stay alone.
        assert_eq!(louvain(8, &e, 1.0, None), c);
        assert_eq!(louvain(3, &[], 1.0, None), [0, 1, 2]);
    }
    #[test]
    fn test_paths() {
        for (p, t) in [
            ("net/http/server_test.go", true),
            ("net/http/server.go", false),
            ("pkg/test_auth.py", true),
            ("pkg/auth_test.py", true),
            ("pkg/contest.py", false),
            ("tests/helpers.py", true),
            ("a/testdata/x.go", true),
            ("latest/x.go", false),
            ("test_x.go", false),
        ] {
            assert_eq!(is_test_path(p), t, "{p}");
        }
    }

    #[test]
    fn cluster_hubs_count_local_users_once_per_file() {
        // Files 0, 1, 2 in cluster 0; file 3 in cluster 1; file 4 (cluster 0) is a test file.
        let cluster = [0, 0, 0, 1, 0];
        let skip = [false, false, false, false, true];
        // Symbol 10 (file 0) has users in files 1 and 2 and one in its own file; symbol 11
        // (file 0) one user but a higher global score; symbol 12 (file 3) users in cluster 0
        // only (not local); symbol 13 lives in the test file.
        let mut score = vec![0.0; 14];
        score[11] = 0.9;
        score[10] = 0.1;
        let uses = [
            (1, 10, 0),
            (2, 10, 0),
            (1, 11, 0),
            (0, 12, 3),
            (1, 13, 4),
            (0, 10, 0),
        ];
        let h = cluster_hubs(&cluster, &uses, &score, &skip, 5);
        // Shown by global score, highest first; chosen by score × local / all.
        assert_eq!(h, vec![vec![(11, 1), (10, 3)], vec![]]);
        assert_eq!(
            cluster_hubs(&cluster, &uses, &score, &skip, 1)[0],
            [(11, 1)]
        );
        // Everyone's helper: a high score, but most users elsewhere.
        let cluster = [0, 0, 1, 1, 1, 1];
        let mut score = vec![0.0; 14];
        score[10] = 0.9;
        score[11] = 0.3;
        let uses = [
            (1, 10, 0),
            (2, 10, 0),
            (3, 10, 0),
            (4, 10, 0),
            (5, 10, 0),
            (1, 11, 0),
        ];
        let h = cluster_hubs(&cluster, &uses, &score, &[false; 6], 1);
        assert_eq!(h[0], [(11, 1)]);
        // A symbol only the tests call (an entry point) is a hub, after what the code uses.
        let uses = [(1, 10, 0), (2, 10, 0), (4, 12, 0), (4, 12, 0)];
        let mut score = vec![0.0; 14];
        score[10] = 0.2;
        score[12] = 0.1;
        let cluster = [0, 0, 0, 1, 0];
        let h = cluster_hubs(&cluster, &uses, &score, &skip, 5);
        assert_eq!(h[0].iter().map(|x| x.0).collect::<Vec<_>>(), [10, 12]);
        assert_eq!(h[0][1], (12, 0), "no user outside tests");
    }

    #[test]
    fn cluster_names() {
        let cases: [(&[&str], &[&str], &str); 4] = [
            (
                &["text/template/exec.go", "text/template/funcs.go"],
                &[
                    "go:text/template/template.go#Template",
                    "go:text/template/template.go#New",
                    "go:text/template/helper.go#Must",
                ],
                "text/template: Template, New",
            ),
            (&["a/x.py", "a/b/y.py"], &[], "a"),
            (&["x.py", "y.py"], &["py:x.py#f"], ".: f"),
            (
                &["p/x.go", "q/y.go", "q/z.go"],
                &["go:p/x.go#Writer", "go:q/y.go#T.M"],
                "q: M, Writer",
            ),
        ];
        for (paths, hubs, want) in cases {
            assert_eq!(cluster_name(paths, hubs), want);
        }
    }

    #[test]
    fn louvain_seeded_starts_from_the_seed() {
        // Two pairs of nodes with no edges stay as seeded; a node tied to the other seed moves.
        assert_eq!(louvain(4, &[], 1.0, Some(&[7, 7, 9, 9])), [0, 0, 1, 1]);
        let e = [(0, 1, 1.0), (2, 3, 1.0), (1, 2, 5.0)];
        let c = louvain(4, &e, 1.0, Some(&[0, 0, 1, 1]));
        assert_eq!(c[1], c[2], "{c:?}");
        // A seed of the wrong length is ignored.
        assert_eq!(louvain(2, &[], 1.0, Some(&[0])), [0, 1]);
    }
}
