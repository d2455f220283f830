//! How answers look on the wire (SPEC "Interfaces": answers are compact). Pure: typed values
//! in, JSON out, at the boundary only.
//!
//! The compact shape, the default, keeps the node ID and drops what it already says (file,
//! name, qualname); a position is `"line:col"` once; default values (`stale: false`, an end
//! line equal to the start, a `contains` edge's resolution) are left out; anchors are grouped
//! by file. The detail shape (`--detail`, `codemap serve --detail`, and the CLI's plain text)
//! is every field, as before.

use serde::Serialize;

pub use indexer::store::{EdgeOut, LangCounts, NodeInfo, RangeOut, Skipped};
use serde_json::{json, Map, Value};

/// Which shape an answer takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Shape {
    #[default]
    Compact,
    Detail,
}

impl Shape {
    pub fn of(detail: bool) -> Shape {
        if detail {
            Shape::Detail
        } else {
            Shape::Compact
        }
    }
}

/// `map_overview`'s answer: clusters of related files (biggest first) and the hubs overall.
#[derive(Debug, Clone)]
pub struct Overview {
    pub files: usize,
    pub unclustered_files: usize,
    pub top_hubs: Vec<Hub>,
    pub focus: Option<String>,
    pub clusters: Vec<Cluster>,
}

/// One cluster of an overview.
#[derive(Debug, Clone)]
pub struct Cluster {
    pub name: String,
    pub files: usize,
    /// The directories it spans, biggest share first, with their file counts (at most 5).
    pub dirs: Vec<(String, usize)>,
    pub sample_files: Vec<String>,
    /// In order of score.
    pub hubs: Vec<Hub>,
}

/// A hub symbol: its global score (rounded to 3 places) and in-degree; in a cluster, the
/// files of the cluster outside tests that use it.
#[derive(Debug, Clone)]
pub struct Hub {
    pub node_id: String,
    pub kind: String,
    pub hub_score: f64,
    pub in_degree: i64,
    pub used_by_files: Option<u32>,
}

/// A hub: `{nodeId, kind, hubScore}` compact; with the degrees behind the score in detail.
pub fn hub(h: &Hub, shape: Shape) -> Value {
    let mut v = json!({"nodeId": h.node_id, "kind": h.kind, "hubScore": h.hub_score});
    if shape == Shape::Detail {
        v["inDegree"] = json!(h.in_degree);
        if let Some(n) = h.used_by_files {
            v["usedByFiles"] = json!(n);
        }
    }
    v
}

/// A cluster: `{name, files, dirs: {dir: files}, hubs}` compact; in detail, `dirs` as
/// `[{dir, files}]` in order and sample files.
pub fn cluster(c: &Cluster, shape: Shape) -> Value {
    let hubs: Vec<Value> = c.hubs.iter().map(|h| hub(h, shape)).collect();
    match shape {
        Shape::Detail => json!({
            "name": c.name,
            "files": c.files,
            "dirs": c.dirs.iter().map(|(d, n)| json!({"dir": d, "files": n})).collect::<Vec<_>>(),
            "sampleFiles": c.sample_files,
            "hubs": hubs,
        }),
        Shape::Compact => {
            let dirs: Map<String, Value> =
                c.dirs.iter().map(|(d, n)| (d.clone(), json!(n))).collect();
            json!({"name": c.name, "files": c.files, "dirs": dirs, "hubs": hubs})
        }
    }
}

/// `map_status`'s answer from the map (the watcher and the servers are added by the bridge).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MapStatus {
    pub root: String,
    pub db: String,
    pub schema_version: i64,
    pub tool_version: Option<String>,
    /// ISO 8601 UTC.
    pub last_run: Option<String>,
    pub last_run_seconds: Option<f64>,
    pub languages: std::collections::BTreeMap<String, LangCounts>,
    pub edges: std::collections::BTreeMap<String, i64>,
    pub stale_files: Vec<String>,
    pub stale_count: usize,
    pub skipped_files: Vec<Skipped>,
    pub skipped_count: usize,
    /// Files tree-sitter recovered from syntax errors in: their symbols are what parsed.
    pub parse_error_files: Vec<String>,
    pub parse_error_count: usize,
    /// The workspace's projects (a `project` argument takes a name), when it has any.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub projects: Vec<ProjectStatus>,
}

/// One project in `map_status`: its files and symbols are those in its root and in no
/// project nested inside it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProjectStatus {
    pub name: String,
    pub root: String,
    pub kind: String,
    pub manifest: String,
    pub files: u64,
    pub symbols: u64,
}

/// `"line:col"`.
pub fn at(line: u32, col: u32) -> String {
    format!("{line}:{col}")
}

/// A symbol of the map: `{nodeId, kind, at, end?, signature?, doc?, stale?}` compact.
pub fn node(n: &NodeInfo, shape: Shape) -> Value {
    let mut v = node_untagged(n, shape);
    // A library's node says which library (and version) it is from.
    if let (Some(Ok(l)), Some(o)) = (indexer::id::LibId::split(&n.node_id), v.as_object_mut()) {
        o.insert("lib".into(), json!(l.name));
        o.insert("libVersion".into(), json!(l.version));
    }
    v
}

fn node_untagged(n: &NodeInfo, shape: Shape) -> Value {
    if shape == Shape::Detail {
        return serde_json::to_value(n).unwrap_or(Value::Null);
    }
    let mut o = Map::new();
    o.insert("nodeId".into(), json!(n.node_id));
    o.insert("kind".into(), json!(n.kind));
    if let Some(r) = &n.range {
        o.insert("at".into(), json!(at(r.name_line, r.name_col)));
        if r.end_line != r.name_line {
            o.insert("end".into(), json!(r.end_line));
        }
    }
    if let Some(s) = &n.signature {
        o.insert("signature".into(), json!(s));
    }
    if let Some(d) = &n.doc {
        o.insert("doc".into(), json!(d));
    }
    if n.stale {
        o.insert("stale".into(), json!(true));
    }
    if let Some(p) = &n.project {
        o.insert("project".into(), json!(p));
    }
    Value::Object(o)
}

/// An edge of the map, found at hop `depth`: `{from, to | name, kind, at?, resolution?,
/// depth?}` compact. The site is in the source's file; a `contains` edge says nothing its
/// nodes do not (no position, no resolution); depth 1 is the default.
pub fn edge(e: &EdgeOut, depth: Option<u32>, shape: Shape) -> Value {
    if shape == Shape::Detail {
        let mut v = serde_json::to_value(e).unwrap_or(Value::Null);
        if let Some(d) = depth {
            v["depth"] = json!(d);
        }
        return v;
    }
    let mut o = Map::new();
    o.insert("from".into(), json!(e.source));
    match &e.target {
        Some(t) => o.insert("to".into(), json!(t)),
        None => o.insert("name".into(), json!(e.target_name)),
    };
    o.insert("kind".into(), json!(e.kind));
    if e.kind != "contains" {
        if let (Some(l), Some(c)) = (e.line, e.col) {
            o.insert("at".into(), json!(at(l, c)));
        }
        o.insert("resolution".into(), json!(e.resolution));
    }
    if let Some(d) = depth.filter(|&d| d > 1) {
        o.insert("depth".into(), json!(d));
    }
    Value::Object(o)
}

/// Anchors (objects carrying `file`, `line`, `col`, `endLine` and more) in the compact shape:
/// grouped by file in first-seen order, `[{file, items: [{at, end?, ...rest}]}]`. In the
/// detail shape, the list as it is.
pub fn anchors(items: &[Value], shape: Shape) -> Value {
    if shape == Shape::Detail {
        return json!(items);
    }
    let mut groups: Vec<(String, Vec<Value>)> = Vec::new();
    for a in items {
        let file = a["file"].as_str().unwrap_or_default().to_string();
        let item = compact_anchor(a);
        match groups.iter_mut().find(|(f, _)| *f == file) {
            Some((_, v)) => v.push(item),
            None => groups.push((file, vec![item])),
        }
    }
    Value::Array(
        groups
            .into_iter()
            .map(|(file, items)| json!({"file": file, "items": items}))
            .collect(),
    )
}

/// One anchor without its file: `line`, `col` → `at`; `endLine` only when it differs; null
/// fields dropped, and `from` (a map reference's source) when it is the `nodeId` already given.
pub fn compact_anchor(a: &Value) -> Value {
    let mut o = Map::new();
    let line = a["line"].as_u64().unwrap_or(0) as u32;
    let col = a["col"].as_u64().unwrap_or(0) as u32;
    o.insert("at".into(), json!(at(line, col)));
    if let Some(e) = a["endLine"].as_u64().filter(|&e| e != line as u64) {
        o.insert("end".into(), json!(e));
    }
    if let Some(src) = a.as_object() {
        for (k, v) in src {
            if matches!(k.as_str(), "file" | "line" | "col" | "endLine") || v.is_null() {
                continue;
            }
            if k == "from" && a.get("nodeId") == Some(v) {
                continue;
            }
            o.insert(k.clone(), v.clone());
        }
    }
    Value::Object(o)
}

/// One anchor of a list that keeps its order across files (calls, symbols): as
/// [`compact_anchor`], with its file.
/// What the node ID says is not repeated: the file when it is the node's, the name when it is
/// the node's last; at depth 1 (the default) neither the depth nor `via` (the symbol asked
/// about) is given.
pub fn flat_anchor(a: &Value) -> Value {
    let mut v = compact_anchor(a);
    let id = a["nodeId"]
        .as_str()
        .and_then(|i| indexer::id::NodeId::parse(i).ok());
    let (id_file, id_name) = match &id {
        Some(indexer::id::NodeId::Symbol { path, qualname, .. }) => (
            Some(path.as_str()),
            Some(indexer::id::segment_name(
                qualname.rsplit('.').next().unwrap_or(qualname),
            )),
        ),
        Some(indexer::id::NodeId::File { path, .. }) => (Some(path.as_str()), None),
        _ => (None, None),
    };
    if let Some(f) = a["file"].as_str().filter(|f| Some(*f) != id_file) {
        v["file"] = json!(f);
    }
    if let (Some(o), Some(n)) = (v.as_object_mut(), id_name) {
        if o.get("name").and_then(Value::as_str) == Some(n) {
            o.remove("name");
        }
        if o.get("depth")
            .and_then(Value::as_u64)
            .is_none_or(|d| d <= 1)
        {
            o.remove("depth");
            o.remove("via");
        }
    }
    v
}

/// The text of a line shown with an anchor: trimmed, at most `max` characters, and when the
/// line is longer, a window that keeps the spot at `col` (1-based, in the untrimmed line) in
/// view, cut ends marked `…`.
pub fn snippet(line: &str, col: u32, max: usize) -> String {
    let lead = line.chars().take_while(|c| c.is_whitespace()).count();
    let t: Vec<char> = line.trim().chars().collect();
    if t.len() <= max {
        return t.into_iter().collect();
    }
    let spot = (col as usize).saturating_sub(1).saturating_sub(lead);
    // The spot a third of the way in, when the line is long enough to allow it.
    let start = spot.saturating_sub(max / 3).min(t.len() - max);
    let mut out = String::new();
    if start > 0 {
        out.push('…');
    }
    out.extend(&t[start..start + max]);
    if start + max < t.len() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(stale: bool, end_line: u32) -> NodeInfo {
        NodeInfo {
            node_id: "py:json/decoder.py#JSONDecoder".into(),
            kind: "class".into(),
            name: "JSONDecoder".into(),
            qualname: "JSONDecoder".into(),
            signature: Some("class JSONDecoder(object)".into()),
            doc: None,
            file: Some("json/decoder.py".into()),
            project: None,
            range: Some(RangeOut {
                line: 254,
                col: 1,
                end_line,
                end_col: 24,
                name_line: 254,
                name_col: 7,
            }),
            stale,
        }
    }

    #[test]
    fn nodes() {
        let cases = [
            (
                info(false, 356),
                r#"{"at":"254:7","end":356,"kind":"class","nodeId":"py:json/decoder.py#JSONDecoder","signature":"class JSONDecoder(object)"}"#,
            ),
            (
                info(true, 254),
                r#"{"at":"254:7","kind":"class","nodeId":"py:json/decoder.py#JSONDecoder","signature":"class JSONDecoder(object)","stale":true}"#,
            ),
        ];
        for (n, want) in cases {
            assert_eq!(node(&n, Shape::Compact).to_string(), want);
            let d = node(&n, Shape::Detail);
            assert_eq!(d["file"], "json/decoder.py");
            assert_eq!(d["range"]["nameCol"], 7);
            assert_eq!(d["stale"], n.stale);
        }
    }

    #[test]
    fn edges() {
        let e = |kind: &str, target: Option<&str>, res: &str| EdgeOut {
            source: "py:a.py#f".into(),
            target: target.map(str::to_string),
            target_name: "g".into(),
            kind: kind.into(),
            line: Some(3),
            col: Some(5),
            resolution: res.into(),
        };
        let cases = [
            (
                e("calls", Some("py:b.py#g"), "import"),
                Some(1),
                r#"{"at":"3:5","from":"py:a.py#f","kind":"calls","resolution":"import","to":"py:b.py#g"}"#,
            ),
            (
                e("calls", None, "unresolved"),
                Some(2),
                r#"{"at":"3:5","depth":2,"from":"py:a.py#f","kind":"calls","name":"g","resolution":"unresolved"}"#,
            ),
            (
                e("contains", Some("py:a.py#f.g"), "local"),
                None,
                r#"{"from":"py:a.py#f","kind":"contains","to":"py:a.py#f.g"}"#,
            ),
        ];
        for (x, d, want) in &cases {
            assert_eq!(edge(x, *d, Shape::Compact).to_string(), *want);
        }
        let full = edge(&cases[1].0, Some(2), Shape::Detail);
        assert_eq!(full["targetName"], "g");
        assert_eq!(full["depth"], 2);
    }

    #[test]
    fn flat_anchors_say_what_the_node_id_does_not() {
        let a = json!({"file": "a/b.py", "line": 3, "col": 5, "endLine": 3, "name": "g",
                       "nodeId": "py:a/b.py#C.g", "depth": 1, "via": "py:a/c.py#f"});
        assert_eq!(
            flat_anchor(&a).to_string(),
            r#"{"at":"3:5","nodeId":"py:a/b.py#C.g"}"#
        );
        let deep = json!({"file": "/usr/lib/typeshed/builtins.pyi", "line": 9, "col": 1,
                          "endLine": 9, "name": "len", "nodeId": null, "depth": 2, "via": "py:a/b.py#C.g"});
        assert_eq!(
            flat_anchor(&deep).to_string(),
            r#"{"at":"9:1","depth":2,"file":"/usr/lib/typeshed/builtins.pyi","name":"len","via":"py:a/b.py#C.g"}"#
        );
    }

    #[test]
    fn snippets_keep_the_spot_in_view() {
        let long = format!("    x = {}target(1)", "a + ".repeat(40));
        let col = long.find("target").map(|i| i as u32 + 1).unwrap_or(0);
        let cases: [(&str, u32, usize, &str); 4] = [
            ("    return f(x)", 12, 40, "return f(x)"),
            ("abcdefghij", 1, 4, "abcd…"),
            ("abcdefghij", 10, 4, "…ghij"),
            ("abcdefghij", 6, 4, "…efgh…"),
        ];
        for (line, col, max, want) in cases {
            assert_eq!(snippet(line, col, max), want, "{line:?} at {col}");
        }
        let s = snippet(&long, col, 60);
        assert!(s.contains("target(1)"), "{s}");
        assert!(s.starts_with('…'));
    }

    #[test]
    fn anchors_group_by_file_in_order() {
        let items = vec![
            json!({"file": "b.py", "line": 3, "col": 5, "endLine": 3, "snippet": "g()", "nodeId": "py:b.py#f", "from": "py:b.py#f"}),
            json!({"file": "a.py", "line": 7, "col": 1, "endLine": 9, "snippet": null, "nodeId": null}),
            json!({"file": "b.py", "line": 9, "col": 2, "endLine": 9, "snippet": "g(1)", "nodeId": "py:b.py#h", "from": "py:b.py#g"}),
        ];
        let v = anchors(&items, Shape::Compact);
        assert_eq!(
            v.to_string(),
            r#"[{"file":"b.py","items":[{"at":"3:5","nodeId":"py:b.py#f","snippet":"g()"},{"at":"9:2","from":"py:b.py#g","nodeId":"py:b.py#h","snippet":"g(1)"}]},{"file":"a.py","items":[{"at":"7:1","end":9}]}]"#
        );
        assert_eq!(anchors(&items, Shape::Detail), json!(items));
    }
}
