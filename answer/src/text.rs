//! The map tools' answers as plain text for a person (the CLI without `--json`), rendered from
//! their typed results. Pure: typed values in, text out. Each renderer shows what the answer's
//! `data` holds in the detail shape, the items that fit the budget and no more. A renderer
//! that needs a tool's own result type sits beside it (`query::search`, `query::path`).

use crate::shape::{Cluster, EdgeOut, MapStatus, NodeInfo, Overview};
use indexer::store::UntypedCall;

/// A number as JSON writes it (`0.5`, `2.0`, `null` for none), as the text has always shown
/// scores and seconds.
pub fn json_number(x: Option<f64>) -> String {
    serde_json::to_string(&x).unwrap_or_default()
}

/// A symbol on two lines: kind and signature (or name), then node ID and where it is.
pub fn node_line(n: &NodeInfo) -> String {
    let stale = if n.stale { "  [stale]" } else { "" };
    let what = match n.signature.as_deref() {
        Some(sig) if !sig.is_empty() => sig,
        _ => n.name.as_str(),
    };
    let file = n.file.as_deref().unwrap_or("");
    let loc = match &n.range {
        Some(r) => format!("{file}:{}:{}", r.name_line, r.name_col),
        None => file.to_string(),
    };
    format!(
        "{:<9} {what}\n          {}  {loc}{stale}\n",
        n.kind, n.node_id
    )
}

/// `map_neighbors`: the node, its edges, and apart from them the untyped calls of its name
/// (`shown` of `total`).
pub fn neighbors(
    node: Option<&NodeInfo>,
    edges: &[(u32, EdgeOut)],
    candidates: &[UntypedCall],
    candidates_total: usize,
) -> String {
    let mut out = String::new();
    if let Some(n) = node {
        out.push_str(&node_line(n));
    }
    for (_, e) in edges {
        let target = e
            .target
            .clone()
            .unwrap_or_else(|| format!("?{}", e.target_name));
        let at = match (e.line, e.col) {
            (Some(l), Some(c)) => format!(" @{l}:{c}"),
            _ => String::new(),
        };
        out.push_str(&format!(
            "  {:<10} {} -> {}  ({}){at}\n",
            e.kind, e.source, target, e.resolution
        ));
    }
    if !candidates.is_empty() {
        out.push_str(&format!(
            "candidates ({candidates_total} untyped calls of the name, not edges):\n"
        ));
        for c in candidates {
            out.push_str(&format!(
                "  {} calls {} @{}:{}\n",
                c.source, c.written, c.line, c.col
            ));
        }
    }
    out
}

/// `map_overview`: the counts, then each of the `clusters` shown with its directories and hubs.
pub fn overview(o: &Overview, clusters: &[Cluster]) -> String {
    let mut out = format!(
        "{} files, {} clusters ({} files in none)\n",
        o.files,
        o.clusters.len(),
        o.unclustered_files
    );
    for (i, c) in clusters.iter().enumerate() {
        let dirs: Vec<String> = c.dirs.iter().map(|(d, n)| format!("{d} ({n})")).collect();
        out.push_str(&format!(
            "\n#{} {}  ({} files: {})\n",
            i + 1,
            c.name,
            c.files,
            dirs.join(", ")
        ));
        for h in &c.hubs {
            out.push_str(&format!(
                "    {:<9} {}  (hub {})\n",
                h.kind,
                h.node_id,
                json_number(Some(h.hub_score))
            ));
        }
    }
    out
}

/// "  … and N more (--json lists them)" under a list that shows `shown` of `total`.
fn more_files(out: &mut String, total: usize, shown: usize) {
    if total > shown {
        out.push_str(&format!(
            "  … and {} more (--json lists them)\n",
            total - shown
        ));
    }
}

/// `map_status`, the map's part: root, counts per language and edge kind, the last run, and
/// the first 20 of the stale, skipped and unparsed files the answer holds.
pub fn map_status(st: &MapStatus) -> String {
    let mut out = format!(
        "root     {}\nmap      {} (schema {})\n",
        st.root, st.db, st.schema_version
    );
    for (l, v) in &st.languages {
        out.push_str(&format!(
            "{l:<8} {} files, {} symbols, {} skipped, {} with parse errors\n",
            v.files, v.symbols, v.skipped, v.parse_errors
        ));
    }
    let parts: Vec<String> = st.edges.iter().map(|(k, v)| format!("{k} {v}")).collect();
    out.push_str(&format!("edges    {}\n", parts.join(", ")));
    out.push_str(&format!(
        "last run {} ({}s)\nstale    {} file(s)\nskipped  {} file(s)\n",
        st.last_run.as_deref().unwrap_or(""),
        json_number(st.last_run_seconds),
        st.stale_count,
        st.skipped_count
    ));
    for f in st.skipped_files.iter().take(20) {
        out.push_str(&format!("  {}: {}\n", f.path, f.reason));
    }
    more_files(&mut out, st.skipped_count, st.skipped_files.len().min(20));
    out.push_str(&format!(
        "syntax   {} file(s) the map's parser could not read whole (their symbols are what parsed; a compiler may accept them: a macro, newer syntax; `codemap diagnostics FILE` asks the language server)\n",
        st.parse_error_count
    ));
    for f in st.parse_error_files.iter().take(20) {
        out.push_str(&format!("  {f}\n"));
    }
    more_files(
        &mut out,
        st.parse_error_count,
        st.parse_error_files.len().min(20),
    );
    if !st.projects.is_empty() {
        out.push_str(&format!("projects {}\n", st.projects.len()));
        for p in &st.projects {
            let root = if p.root.is_empty() { "." } else { &p.root };
            out.push_str(&format!(
                "  {} ({}, {root}): {} files, {} symbols\n",
                p.name, p.kind, p.files, p.symbols
            ));
        }
    }
    out
}
