//! Map tools: `map_search`, `map_neighbors`, `map_path`, `map_status`. They read the map only
//! (never a language server), mark symbols whose file changed on disk since it was indexed, and
//! answer in the envelope's terms ([`Answer`] or [`ToolError`]).
//!
//! Ranking for search is pure ([`match_tier`], [`word_starts`]) and table-tested.

use crate::envelope::{clamp_budget, fit, Answer, Dropped, ErrorCode, Fitted, ToolError};
use crate::id::{grammar, NodeId};
use crate::lang::Lang;
use crate::model::{EdgeKind, Kind};
use crate::overview::is_test_path;
use crate::shape::{self, Shape};
pub use crate::shape::{Cluster, EdgeOut, Hub, MapStatus, NodeInfo, Overview, RangeOut};
pub use crate::store::UntypedCall;
use crate::store::{self, Db, NodeRow, StoreError};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Rows fetched at most for one search before ranking; a broader query says `more`.
const MAX_CANDIDATES: usize = 500;

/// How a name matched a query, best first (SPEC `map_search`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Tier {
    Exact,
    ExactIgnoreCase,
    QualnameSuffix,
    Prefix,
    WordPart,
    Substring,
    Fuzzy,
}

/// Whether `words` (lower case) start word parts of `text`, in order; `text` may be a
/// qualname, each segment split into its word parts (`RouterGroup.handle`: router, group,
/// handle).
pub fn words_in_order(text: &str, words: &[String]) -> bool {
    let mut parts: Vec<String> = Vec::new();
    for seg in text.split('.') {
        let starts = word_starts(seg);
        for (k, &b) in starts.iter().enumerate() {
            let e = starts.get(k + 1).copied().unwrap_or(seg.len());
            parts.push(
                seg.get(b..e)
                    .unwrap_or("")
                    .trim_end_matches('_')
                    .to_lowercase(),
            );
        }
    }
    let mut next = 0;
    words.iter().all(
        |w| match parts[next..].iter().position(|p| p.starts_with(w.as_str())) {
            Some(k) => {
                next += k + 1;
                true
            }
            None => false,
        },
    )
}

/// Byte offsets where a word part starts: after `_`, at a lower→upper change, at the last
/// capital of an acronym followed by lower case (`HTTPServer` → `HTTP`, `Server`), at digits.
pub fn word_starts(name: &str) -> Vec<usize> {
    let chars: Vec<(usize, char)> = name.char_indices().collect();
    let mut out = Vec::new();
    for i in 0..chars.len() {
        let (b, c) = chars[i];
        if c == '_' {
            continue;
        }
        let prev = if i > 0 { Some(chars[i - 1].1) } else { None };
        let next = chars.get(i + 1).map(|x| x.1);
        let start = match prev {
            None | Some('_') => true,
            Some(p) => {
                (p.is_lowercase() && c.is_uppercase())
                    || (p.is_uppercase()
                        && c.is_uppercase()
                        && next.is_some_and(|n| n.is_lowercase()))
                    || (!p.is_ascii_digit() && c.is_ascii_digit())
                    || (p.is_ascii_digit() && !c.is_ascii_digit())
            }
        };
        if start {
            out.push(b);
        }
    }
    out
}

/// The tier at which `name` matches the query (`q` as typed, `ql` lower-cased), if any.
pub fn match_tier(q: &str, ql: &str, name: &str) -> Option<Tier> {
    if name == q {
        return Some(Tier::Exact);
    }
    let nl = name.to_lowercase();
    if nl == ql {
        return Some(Tier::ExactIgnoreCase);
    }
    if nl.starts_with(ql) {
        return Some(Tier::Prefix);
    }
    if word_starts(name)
        .into_iter()
        .filter(|&b| b > 0)
        .any(|b| nl.get(b..).is_some_and(|rest| rest.starts_with(ql)))
    {
        return Some(Tier::WordPart);
    }
    if nl.contains(ql) {
        return Some(Tier::Substring);
    }
    if ql.chars().count() >= 2 && is_subsequence(ql, &nl) {
        return Some(Tier::Fuzzy);
    }
    None
}

/// The distinct symbol names of a map, lower-cased and sorted, for fast tiered matching.
pub struct NameIndex {
    /// (lower-cased, as written), sorted by the lower-cased form.
    names: Vec<(String, String)>,
    /// All lower-cased names joined by '\n', and where each starts.
    blob: String,
    starts: Vec<usize>,
    /// Which characters (mod 64) each lower-cased name holds: a name lacking one of the
    /// query's characters cannot match it as a subsequence.
    masks: Vec<u64>,
}

fn char_mask(s: &str) -> u64 {
    s.chars().fold(0u64, |m, c| m | 1u64 << (c as u32 % 64))
}

impl NameIndex {
    pub fn new(names: impl IntoIterator<Item = String>) -> NameIndex {
        let mut names: Vec<(String, String)> =
            names.into_iter().map(|n| (n.to_lowercase(), n)).collect();
        names.sort();
        let mut blob = String::with_capacity(names.iter().map(|(l, _)| l.len() + 1).sum());
        let mut starts = Vec::with_capacity(names.len());
        for (l, _) in &names {
            starts.push(blob.len());
            blob.push_str(l);
            blob.push('\n');
        }
        let masks = names.iter().map(|(l, _)| char_mask(l)).collect();
        NameIndex {
            names,
            blob,
            starts,
            masks,
        }
    }

    /// Exact and prefix matches (binary search).
    fn direct(&self, q: &str, ql: &str) -> Vec<(Tier, &str)> {
        let from = self.names.partition_point(|(l, _)| l.as_str() < ql);
        let mut out: Vec<(Tier, &str)> = self.names[from..]
            .iter()
            .take_while(|(l, _)| l.starts_with(ql))
            .map(|(l, n)| {
                let t = if n == q {
                    Tier::Exact
                } else if l == ql {
                    Tier::ExactIgnoreCase
                } else {
                    Tier::Prefix
                };
                (t, n.as_str())
            })
            .collect();
        out.sort();
        out
    }

    /// Word-part and substring matches (one memmem pass over all names).
    fn inner(&self, q: &str, ql: &str) -> Vec<(Tier, &str)> {
        let mut seen: HashSet<usize> = HashSet::new();
        let mut out = Vec::new();
        for at in memchr::memmem::find_iter(self.blob.as_bytes(), ql.as_bytes()) {
            let i = self.starts.partition_point(|&s| s <= at) - 1;
            if !seen.insert(i) {
                continue;
            }
            let (_, n) = &self.names[i];
            if let Some(t @ (Tier::WordPart | Tier::Substring)) = match_tier(q, ql, n) {
                out.push((t, n.as_str()));
            }
        }
        out.sort();
        out
    }

    /// Names whose word parts start with each of `words` (lower case), in order: "login
    /// required" finds `login_required` and `LoginRequiredMixin`.
    fn words(&self, words: &[String]) -> Vec<(Tier, &str)> {
        let Some(longest) = words.iter().max_by_key(|w| w.len()) else {
            return Vec::new();
        };
        let mut seen: HashSet<usize> = HashSet::new();
        let mut out = Vec::new();
        for at in memchr::memmem::find_iter(self.blob.as_bytes(), longest.as_bytes()) {
            let i = self.starts.partition_point(|&s| s <= at) - 1;
            if !seen.insert(i) {
                continue;
            }
            let (_, n) = &self.names[i];
            if words_in_order(n, words) {
                out.push((Tier::WordPart, n.as_str()));
            }
        }
        out.sort();
        out
    }

    /// Fuzzy subsequence matches (a scan; only when the other tiers are short), the closest
    /// first ([`fuzzy_cost`]), each with its cost.
    fn fuzzy(&self, ql: &str) -> Vec<(Tier, &str, u32)> {
        if ql.chars().count() < 2 {
            return Vec::new();
        }
        let qm = char_mask(ql);
        let mut out: Vec<(u32, &str)> = self
            .names
            .iter()
            .zip(&self.masks)
            .filter(|(_, m)| *m & qm == qm)
            .filter(|((l, _), _)| !l.contains(ql))
            .filter_map(|((l, n), _)| Some((fuzzy_cost(ql, l)?, n.as_str())))
            .collect();
        out.sort();
        out.into_iter().map(|(c, n)| (Tier::Fuzzy, n, c)).collect()
    }
}

/// Candidates of a tier that has no cost within it.
fn no_cost(v: Vec<(Tier, &str)>) -> Vec<(Tier, &str, u32)> {
    v.into_iter().map(|(t, n)| (t, n, 0)).collect()
}

fn is_subsequence(needle: &str, hay: &str) -> bool {
    let mut it = hay.chars();
    needle.chars().all(|c| it.any(|h| h == c))
}

/// How far a fuzzy match strays from the query (`None`: `ql` is not a subsequence of `l`,
/// both lower case): the characters skipped between the first and last matched ones, plus
/// 1000 when the name does not start with the query's first character; smaller is closer
/// (`tst_str` is nearer `test_str` than `t_set_string_attr`).
pub fn fuzzy_cost(ql: &str, l: &str) -> Option<u32> {
    let mut hay = l.char_indices();
    let mut first = None;
    let mut last = 0;
    let mut n = 0usize;
    for c in ql.chars() {
        let (at, h) = hay.by_ref().find(|&(_, h)| h == c)?;
        first.get_or_insert(at);
        last = at + h.len_utf8();
        n += c.len_utf8();
    }
    let first = first?;
    let skipped = (last - first).saturating_sub(n).min(999) as u32;
    Some(skipped + if first == 0 { 0 } else { 1000 })
}

/// `map_search`'s arguments.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SearchParams {
    /// A name, part of one, or a qualname suffix ("Server.Serve").
    pub query: String,
    #[serde(default)]
    #[schemars(schema_with = "kinds_schema")]
    pub kinds: Option<Vec<String>>,
    #[serde(default)]
    #[schemars(schema_with = "lang_schema")]
    pub lang: Option<String>,
    /// Only under this path.
    #[serde(default)]
    pub path: Option<String>,
    /// Default 20.
    #[serde(default)]
    #[schemars(range(min = 1, max = 200))]
    pub limit: Option<u32>,
    /// Leave out test code.
    #[serde(default)]
    pub exclude_tests: Option<bool>,
    #[serde(default)]
    #[schemars(schema_with = "crate::envelope::budget_schema")]
    pub token_budget: Option<u32>,
}

/// `map_neighbors`' arguments.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NeighborsParams {
    pub node_id: String,
    #[serde(default)]
    #[schemars(schema_with = "edge_kinds_schema")]
    pub edge_kinds: Option<Vec<String>>,
    /// Default both.
    #[serde(default)]
    #[schemars(extend("enum" = ["out", "in", "both"]))]
    pub direction: Option<String>,
    /// Hops (default 1).
    #[serde(default)]
    #[schemars(range(min = 1, max = 3))]
    pub depth: Option<u32>,
    #[serde(default)]
    #[schemars(range(min = 1, max = 200))]
    pub limit: Option<u32>,
    /// Without test code's edges.
    #[serde(default)]
    pub exclude_tests: Option<bool>,
    #[serde(default)]
    #[schemars(schema_with = "crate::envelope::budget_schema")]
    pub token_budget: Option<u32>,
}

/// `map_path`'s arguments.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PathParams {
    /// A node ID.
    pub from: String,
    /// A node ID.
    pub to: String,
    #[serde(default)]
    #[schemars(schema_with = "edge_kinds_schema")]
    pub edge_kinds: Option<Vec<String>>,
    #[serde(default)]
    #[schemars(range(min = 1, max = 6))]
    pub max_depth: Option<u32>,
    #[serde(default)]
    #[schemars(schema_with = "crate::envelope::budget_schema")]
    pub token_budget: Option<u32>,
}

/// `map_overview`'s arguments.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OverviewParams {
    /// Only this directory.
    #[serde(default)]
    pub focus: Option<String>,
    #[serde(default)]
    #[schemars(range(min = 1, max = 20))]
    pub hubs_per_cluster: Option<u32>,
    #[serde(default)]
    #[schemars(schema_with = "crate::envelope::budget_schema")]
    pub token_budget: Option<u32>,
}

fn kinds_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let kinds: Vec<&str> = Kind::ALL.iter().map(|k| k.as_str()).collect();
    schemars::json_schema!({"type": "array", "items": {"type": "string", "enum": kinds}})
}

fn edge_kinds_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let kinds: Vec<&str> = EdgeKind::ALL.iter().map(|k| k.as_str()).collect();
    schemars::json_schema!({"type": "array", "items": {"type": "string", "enum": kinds}})
}

fn lang_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({"type": "string", "enum": Lang::prefixes()})
}

/// The weight of the link between neighbouring files of one directory in `map_overview`.
const DIR_LINK: f64 = 3.0;

/// The Louvain resolution of `map_overview`: above 1 to split the giant clusters a whole
/// standard library otherwise falls into.
pub const OVERVIEW_RESOLUTION: f64 = 2.0;

/// The files of the map (row id, path) in path order, and a cluster number per file.
pub type FileClusters = (Vec<(i64, String)>, Vec<u32>);

/// A read handle on the map.
pub struct Map {
    db: Db,
    root: PathBuf,
    /// The map file's path.
    path: PathBuf,
    names: RefCell<Option<(i64, Arc<NameIndex>)>>,
}

pub fn store_error(e: StoreError) -> ToolError {
    match e {
        StoreError::NotBuilt(p) => ToolError::new(
            ErrorCode::MapNotBuilt,
            format!("there is no map at {}", p.display()),
        )
        .hint("run `codemap index` in the workspace (or `map_rebuild`) to build it"),
        StoreError::Version { .. } => ToolError::new(ErrorCode::MapNotBuilt, e.to_string())
            .hint("run `codemap index` to rebuild the map for this version"),
        other => ToolError::internal(other),
    }
}

/// What a search found: the query as searched, the hits in rank order with how each
/// matched, whether more would match past `limit`, and warnings (stale files).
#[derive(Debug, Clone)]
pub struct SearchHits {
    pub query: String,
    pub hits: Vec<(NodeInfo, Tier)>,
    pub more: bool,
    pub warnings: Vec<String>,
}

fn parse_kinds(kinds: &Option<Vec<String>>) -> Result<Option<HashSet<Kind>>, ToolError> {
    let Some(ks) = kinds else { return Ok(None) };
    let mut out = HashSet::new();
    for k in ks {
        let kind = Kind::parse(k).ok_or_else(|| {
            ToolError::bad_args(format!("unknown kind {k:?}")).hint(format!(
                "kinds are: {}",
                Kind::ALL.map(|k| k.as_str()).join(", ")
            ))
        })?;
        out.insert(kind);
    }
    Ok(Some(out))
}

fn parse_edge_kinds(kinds: &Option<Vec<String>>) -> Result<Vec<EdgeKind>, ToolError> {
    let Some(ks) = kinds else {
        return Ok(EdgeKind::ALL.to_vec());
    };
    ks.iter()
        .map(|k| {
            EdgeKind::parse(k).ok_or_else(|| {
                ToolError::bad_args(format!("unknown edge kind {k:?}")).hint(format!(
                    "edge kinds are: {}",
                    EdgeKind::ALL.map(|k| k.as_str()).join(", ")
                ))
            })
        })
        .collect()
}

pub fn parse_node_id(s: &str) -> Result<NodeId, ToolError> {
    NodeId::parse(s).map_err(|e| {
        ToolError::new(ErrorCode::BadNodeId, e.to_string())
            .hint(format!("the grammar: {}", grammar()))
    })
}

impl Map {
    pub fn open(root: &Path, db: &Path) -> Result<Map, ToolError> {
        let handle = store::open_for_read(db).map_err(store_error)?;
        Ok(Map {
            db: handle,
            root: root.to_path_buf(),
            path: db.to_path_buf(),
            names: RefCell::new(None),
        })
    }

    /// The map's typed reads (see [`store::Db`]); the live tools' lookups (`symbol`,
    /// `edges_into`, `node_at`, …) are among them.
    pub fn db(&self) -> &Db {
        &self.db
    }

    /// Until the guard drops, every statement reads one state of the map: a run committed
    /// between two of an answer's queries is seen whole or not at all (SQLite WAL snapshot).
    /// Inside another snapshot, a no-op.
    pub fn snapshot(&self) -> Result<store::Snapshot<'_>, ToolError> {
        Ok(self.db.snapshot()?)
    }

    /// Whether the file on disk differs from what was indexed (a cheap stat).
    fn is_stale(&self, file: &str, size: i64, mtime: i64, flagged: bool) -> bool {
        if flagged {
            return true;
        }
        match std::fs::metadata(self.root.join(file)) {
            Ok(m) => m.len() as i64 != size || crate::walk::mtime_ns(&m) != mtime,
            Err(_) => true,
        }
    }

    fn finish_rows(&self, rows: Vec<NodeRow>, warnings: &mut Vec<String>) -> Vec<NodeInfo> {
        let mut stale_files: HashMap<String, bool> = HashMap::new();
        let mut out = Vec::with_capacity(rows.len());
        for mut r in rows {
            if let Some(f) = &r.info.file {
                let st = *stale_files
                    .entry(f.clone())
                    .or_insert_with(|| self.is_stale(f, r.size, r.mtime, r.info.stale));
                r.info.stale = st;
            }
            out.push(r.info);
        }
        let mut stale: Vec<&String> = stale_files
            .iter()
            .filter(|(_, s)| **s)
            .map(|(f, _)| f)
            .collect();
        stale.sort();
        if !stale.is_empty() {
            warnings.push(format!(
                "{} file(s) in this answer changed on disk since indexing; their positions may be off: {} (run `codemap index`, or `resolve` for live positions)",
                stale.len(),
                stale.iter().take(5).map(|s| s.as_str()).collect::<Vec<_>>().join(", ")
            ));
        }
        out
    }

    /// The distinct symbol names, cached until the map changes.
    fn names(&self) -> Result<Arc<NameIndex>, ToolError> {
        // Changes whenever another connection (an index run, the watcher) commits; a
        // timestamp would miss two runs in one second.
        let stamp = self.db.data_version()?;
        if let Some((s, names)) = self.names.borrow().as_ref() {
            if *s == stamp {
                return Ok(names.clone());
            }
        }
        let names = Arc::new(NameIndex::new(self.db.symbol_names()?));
        *self.names.borrow_mut() = Some((stamp, names.clone()));
        Ok(names)
    }

    /// `map_search`: [`Map::search_hits`] fitted to the token budget.
    pub fn search(&self, p: &SearchParams, shape: Shape) -> Result<Answer, ToolError> {
        let found = self.search_hits(p)?;
        let items: Vec<Value> = found
            .hits
            .iter()
            .map(|(i, t)| {
                let mut v = shape::node(i, shape);
                v["match"] = json!(t);
                v
            })
            .collect();
        let budget = clamp_budget(p.token_budget);
        let (query, more) = (&found.query, found.more);
        let f = crate::envelope::fit_said(
            items.len(),
            budget,
            &found.warnings,
            |n| json!({ "query": query, "hits": &items[..n], "more": more || n < items.len() }),
        );
        Ok(Answer {
            dropped: f.dropped("hits", "narrow with `kinds`, `lang`, `path`, a longer query, a smaller `limit`, or a larger tokenBudget"),
            data: f.data,
            warnings: found.warnings,
        })
    }

    /// The symbols a search finds, ranked, each with how it matched; typed, for callers that
    /// read them (the tool serializes them in [`Map::search`]).
    pub fn search_hits(&self, p: &SearchParams) -> Result<SearchHits, ToolError> {
        let _snapshot = self.snapshot()?;
        let query = p.query.trim();
        if query.is_empty() {
            return Err(ToolError::bad_args("query is empty")
                .hint("give a name or part of one, e.g. `refresh` or `Server.Serve`"));
        }
        let limit = p.limit.unwrap_or(20);
        if limit == 0 || limit > 200 {
            return Err(ToolError::bad_args(format!(
                "limit must be 1..200, got {limit}"
            )));
        }
        let limit = limit as usize;
        let kinds = parse_kinds(&p.kinds)?;
        let lang = match p.lang.as_deref() {
            None => None,
            Some(l) => Some(Lang::from_prefix(l).ok_or_else(|| {
                ToolError::bad_args(format!("unknown lang {l:?}"))
                    .hint(format!("lang is one of {}", Lang::prefixes().join(", ")))
            })?),
        };
        let path = p
            .path
            .as_deref()
            .map(|s| s.trim_matches('/').to_string())
            .filter(|s| !s.is_empty());
        // `Server.Serve`: the last segment is the name, the whole is a qualname suffix.
        let (qual, leaf) = match query.rsplit_once('.') {
            Some((_, l)) if !l.is_empty() && !query.contains(char::is_whitespace) => {
                (Some(query), l)
            }
            _ => (None, query),
        };
        let leaf_l = leaf.to_lowercase();
        // Several words: the word parts of names, in order ("flag parse" finds `FlagParse`
        // and `flag_parser`).
        let words: Vec<String> = query.split_whitespace().map(|w| w.to_lowercase()).collect();
        let multi = words.len() > 1;
        let exclude_tests = p.exclude_tests.unwrap_or(false);

        // Candidate names by tier; cheaper tiers first, the rest only while short of `limit`.
        let names = self.names()?;

        // Candidates are ranked on what ranking reads (their text columns are left out, and
        // the hub score comes along); only the hits that are answered are read whole.
        // (tier, fuzzy cost, candidate row, symbol, hub score)
        let mut hits: Vec<(Tier, u32, NodeRow, i64, f64)> = Vec::new();
        let mut more = false;
        // The hits whose qualifier matched too (a qualified query's).
        let mut qual_ok: HashSet<i64> = HashSet::new();
        'stages: for stage in 0..3 {
            let cands: Vec<(Tier, &str, u32)> = match stage {
                0 if multi => no_cost(names.words(&words)),
                // The first words may name the scope: "group handle" finds
                // `RouterGroup.handle` (the rows are checked against their qualname below).
                1 if multi => no_cost(names.words(&words[words.len() - 1..])),
                _ if multi => Vec::new(),
                0 => no_cost(names.direct(leaf, &leaf_l)),
                1 => no_cost(names.inner(leaf, &leaf_l)),
                _ => names.fuzzy(&leaf_l),
            };
            let mut current: Option<Tier> = None;
            let mut at = 0;
            while at < cands.len() {
                let tier = cands[at].0;
                // Fuzzy names come closest first: twice the limit is plenty to rank.
                if tier == Tier::Fuzzy && hits.len() >= 2 * limit {
                    more = true;
                    break 'stages;
                }
                if current != Some(tier) {
                    // A finished tier that fills the limit outranks everything after it.
                    if hits.len() >= limit {
                        more = true;
                        break 'stages;
                    }
                    current = Some(tier);
                }
                if hits.len() > MAX_CANDIDATES {
                    more = true;
                    break 'stages;
                }
                // Names of one tier, a batch per statement (fuzzy ones a few at a time: the
                // closest may be enough).
                let batch = if tier == Tier::Fuzzy {
                    limit.max(8)
                } else {
                    128
                };
                let end = cands[at..]
                    .iter()
                    .take(batch)
                    .take_while(|c| c.0 == tier)
                    .count()
                    + at;
                let chunk: HashMap<&str, u32> =
                    cands[at..end].iter().map(|&(_, n, c)| (n, c)).collect();
                at = end;
                let names: Vec<&str> = chunk.keys().copied().collect();
                let room = MAX_CANDIDATES + 1 - hits.len().min(MAX_CANDIDATES);
                for c in self.db.candidates(&names, room)? {
                    let (r, id, hub) = (c.row, c.number, c.hub);
                    let cost = chunk.get(r.info.name.as_str()).copied().unwrap_or(0);
                    let k = Kind::parse(&r.info.kind);
                    if kinds
                        .as_ref()
                        .is_some_and(|ks| !k.is_some_and(|k| ks.contains(&k)))
                    {
                        continue;
                    }
                    if lang
                        .is_some_and(|l| !r.info.node_id.starts_with(&format!("{}:", l.prefix())))
                    {
                        continue;
                    }
                    if let (Some(pp), Some(f)) = (&path, &r.info.file) {
                        if !(f == pp || f.starts_with(&format!("{pp}/"))) {
                            continue;
                        }
                    }
                    if exclude_tests && r.info.file.as_deref().is_some_and(is_test_path) {
                        continue;
                    }
                    if multi && stage == 1 && !words_in_order(&r.info.qualname, &words) {
                        continue;
                    }
                    let mut t = tier;
                    if let Some(q) = qual {
                        let qn = r.info.qualname.as_str();
                        let full = format!("{}.{qn}", module_of(&r.info));
                        let aligned = qn.ends_with(&format!(".{q}"))
                            || full == q
                            || full.ends_with(&format!(".{q}"))
                            || full.ends_with(&format!("/{q}"));
                        if qn == q {
                            t = Tier::Exact;
                            qual_ok.insert(id);
                        } else if aligned {
                            t = Tier::QualnameSuffix;
                            qual_ok.insert(id);
                        } else if qn.to_lowercase().ends_with(&q.to_lowercase()) {
                            // `AsyncClient.send` for `Client.send`: a suffix, not a scope.
                            t = Tier::Prefix;
                            qual_ok.insert(id);
                        } else {
                            // The name matched but the qualifier did not.
                            t = match t {
                                Tier::Exact | Tier::ExactIgnoreCase => Tier::Prefix,
                                other => other,
                            };
                        }
                    }
                    hits.push((t, cost, r, id, hub));
                }
            }
            if hits.len() >= limit {
                more = more || stage < 2;
                break;
            }
        }
        drop(names);
        // Ties within a tier go to the more central symbol (hub score).
        // On ties, test code ranks below the code it tests.
        let test_of = |r: &NodeRow| r.info.file.as_deref().is_some_and(is_test_path);
        hits.sort_by(|(ta, ca, a, _, ha), (tb, cb, b, _, hb)| {
            ta.cmp(tb)
                .then_with(|| (ca / 2).cmp(&(cb / 2)))
                .then_with(|| test_of(a).cmp(&test_of(b)))
                .then_with(|| hb.total_cmp(ha))
                .then_with(|| {
                    let ka = Kind::parse(&a.info.kind).map_or(9, Kind::search_rank);
                    let kb = Kind::parse(&b.info.kind).map_or(9, Kind::search_rank);
                    ka.cmp(&kb)
                })
                .then_with(|| depth(&a.info).cmp(&depth(&b.info)))
                .then_with(|| a.info.node_id.cmp(&b.info.node_id))
        });
        // Precise hits are not padded with guesses: after a qualname that matched, only
        // names that matched it as well or loosely (`AsyncClient.send` for `Client.send`:
        // exact, qualnameSuffix or prefix); after an exact name, no substring or fuzzy match;
        // after any other, no fuzzy one.
        let best = hits.first().map(|h| h.0);
        if qual.is_some() && best.is_some_and(|t| t <= Tier::QualnameSuffix) {
            hits.retain(|h| qual_ok.contains(&h.3));
        }
        let cut = match best {
            Some(t) if t <= Tier::QualnameSuffix => Some(Tier::Substring),
            Some(t) if t < Tier::Fuzzy => Some(Tier::Fuzzy),
            _ => None,
        };
        if let Some(cut) = cut {
            // Guesses left out are not "more" to page to: a larger limit would not show them.
            hits.retain(|h| h.0 < cut);
        }
        // One hit a symbol (several words find a name in two stages), at its best tier: the
        // list is sorted, so the first of each is kept.
        let mut seen: HashSet<i64> = HashSet::new();
        hits.retain(|h| seen.insert(h.3));
        let total = hits.len();
        if total > limit {
            more = true;
            hits.truncate(limit);
        }
        let tiers_of: Vec<Tier> = hits.iter().map(|(t, ..)| *t).collect();
        let mut warnings = Vec::new();
        let rows: Vec<NodeRow> = hits
            .into_iter()
            .map(|(_, _, r, id, _)| self.db.node_by_number(id).map(|w| w.unwrap_or(r)))
            .collect::<Result<_, _>>()?;
        let infos = self.finish_rows(rows, &mut warnings);
        Ok(SearchHits {
            query: query.to_string(),
            hits: infos.into_iter().zip(tiers_of).collect(),
            more,
            warnings,
        })
    }

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
        Ok(Answer {
            dropped: f.dropped("clusters", "the smaller ones; narrow with `focus` (a directory), fewer `hubsPerCluster`, or a larger tokenBudget"),
            data: f.data,
            warnings: Vec::new(),
        })
    }

    /// Clusters of related files (Louvain communities of the file graph: files linked by the
    /// edges between their symbols) with their hub symbols, and the top hubs overall, typed.
    pub fn overview_of(&self, p: &OverviewParams) -> Result<Overview, ToolError> {
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
        let (files, comm) = self.file_clusters(focus.as_deref(), OVERVIEW_RESOLUTION)?;
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
            .map(|(_, p)| crate::overview::is_test_path(p))
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
            crate::overview::cluster_hubs(&comm, &uses, &scores, &skip, per)
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
        let mut clusters: Vec<Cluster> = Vec::new();
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
            clusters.push(Cluster {
                name: crate::overview::cluster_name(&paths, &hub_ids),
                files: m.len(),
                dirs: dirs
                    .iter()
                    .take(5)
                    .map(|(d, n)| (d.to_string(), *n))
                    .collect(),
                sample_files: paths.iter().take(6).map(|p| p.to_string()).collect(),
                hubs,
            });
        }
        // Biggest first (the budget cuts the smallest).
        clusters.sort_by_key(|c| std::cmp::Reverse(c.files));
        Ok(Overview {
            files: files.len(),
            unclustered_files: alone,
            top_hubs,
            focus,
            clusters,
        })
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
        self.db.file_links(|a, b, n| {
            if let (Some(&a), Some(&b)) = (index.get(&a), index.get(&b)) {
                links.push((a, b, 1.0 + (n as f64).ln()));
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
        let comm = crate::overview::louvain(files.len(), &links, resolution, Some(&seed));
        Ok((files, comm))
    }

    /// A node of the map, with `stale` checked against the disk.
    pub fn lookup(&self, id: &str) -> Result<Option<NodeInfo>, ToolError> {
        let _snapshot = self.snapshot()?;
        let Some(row) = self.db.node(id)? else {
            return Ok(None);
        };
        let mut warnings = Vec::new();
        Ok(self.finish_rows(vec![row], &mut warnings).pop())
    }

    /// Up to `n` of the map's file paths nearest to one that is not there.
    pub fn paths_near(&self, path: &str, n: usize) -> Result<Vec<String>, ToolError> {
        let all = self.db.all_paths()?;
        Ok(
            crate::suggest::nearest(path, all.iter().map(String::as_str), n)
                .into_iter()
                .map(str::to_string)
                .collect(),
        )
    }

    /// Up to `n` qualnames of the map's symbols in `path` nearest to one that is not there.
    pub fn qualnames_near(
        &self,
        path: &str,
        qualname: &str,
        n: usize,
    ) -> Result<Vec<String>, ToolError> {
        let all = self.db.qualnames_in(path)?;
        Ok(
            crate::suggest::nearest(qualname, all.iter().map(String::as_str), n)
                .into_iter()
                .map(str::to_string)
                .collect(),
        )
    }

    /// Node IDs near one the map does not have: the same file's symbols of a near qualname,
    /// else near files (as file IDs with the same qualname).
    pub fn ids_near(&self, id: &NodeId) -> Result<Vec<String>, ToolError> {
        let lang = id.lang();
        let (path, qualname) = match id {
            NodeId::File { path, .. } => (path.as_str(), None),
            NodeId::Symbol { path, qualname, .. } => (path.as_str(), Some(qualname.as_str())),
            _ => return Ok(Vec::new()),
        };
        if let (true, Some(q)) = (self.db.has_file(path)?, qualname) {
            return Ok(self
                .qualnames_near(path, q, 3)?
                .iter()
                .map(|q| NodeId::symbol_id(lang, path, q))
                .collect());
        }
        Ok(self
            .paths_near(path, 3)?
            .iter()
            .map(|p| match qualname {
                Some(q) => NodeId::symbol_id(lang, p, q),
                None => NodeId::file_id(lang, p),
            })
            .collect())
    }

    fn require_node(&self, id: &str) -> Result<NodeId, ToolError> {
        let parsed = parse_node_id(id)?;
        if self.db.node(id)?.is_some() {
            return Ok(parsed);
        }
        if matches!(parsed, NodeId::External { .. }) && self.db.is_edge_target(id)? {
            return Ok(parsed);
        }
        let near = self.ids_near(&parsed)?;
        let near: Vec<&str> = near.iter().map(String::as_str).collect();
        let mut hint = match parsed.qualname() {
            Some(q) => format!(
                "`map_search` for {:?} finds where it lives now",
                crate::id::segment_name(q.rsplit('.').next().unwrap_or(q))
            ),
            None => "`map_search` finds node IDs by name".to_string(),
        };
        if !near.is_empty() {
            hint = format!("{} Or {hint}", crate::suggest::did_you_mean(&near));
        }
        Err(ToolError::new(ErrorCode::NodeNotFound, format!("{id} is not in the map")).hint(hint))
    }

    fn edges_of(
        &self,
        id: &str,
        outgoing: bool,
        kinds: &[EdgeKind],
    ) -> Result<Vec<EdgeOut>, ToolError> {
        let rows = self.db.edges_of(id, outgoing)?;
        Ok(rows
            .into_iter()
            .filter(|e| EdgeKind::parse(&e.kind).is_some_and(|k| kinds.contains(&k)))
            .collect())
    }

    fn describe(
        &self,
        ids: &[String],
        warnings: &mut Vec<String>,
    ) -> Result<Vec<NodeInfo>, ToolError> {
        let mut rows = Vec::new();
        let mut externals = Vec::new();
        for id in ids {
            match self.db.node(id)? {
                Some(r) => rows.push(r),
                None => externals.push(id.clone()),
            }
        }
        let mut out = self.finish_rows(rows, warnings);
        for id in externals {
            let name = match NodeId::parse(&id) {
                Ok(NodeId::External { package, .. }) => package,
                _ => id.clone(),
            };
            out.push(NodeInfo {
                node_id: id,
                kind: "external".into(),
                name,
                qualname: String::new(),
                signature: None,
                doc: None,
                file: None,
                range: None,
                stale: false,
            });
        }
        Ok(out)
    }

    /// `map_neighbors`: [`Map::neighborhood`] fitted to the token budget (edges first cut,
    /// nodes kept only while an edge names them).
    pub fn neighbors(&self, p: &NeighborsParams, shape: Shape) -> Result<Answer, ToolError> {
        let n = self.neighborhood(p)?;
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
        Ok(Answer {
            data: f.data,
            dropped,
            warnings: n.warnings,
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
                    let file = crate::id::NodeId::parse(end)
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
                    warnings.push(untyped_warning(candidates.len(), &c.name, true));
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

    /// `map_path`: [`Map::shortest_path`] as the tool answers it.
    pub fn path(&self, p: &PathParams, shape: Shape) -> Result<Answer, ToolError> {
        let (found, warnings) = self.shortest_path(p)?;
        let data = match found {
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

    /// `map_status` from the map: [`Map::map_status`], its file lists cut to the largest
    /// budget (the watcher's and servers' states are the bridge's to add).
    pub fn status(&self) -> Result<Answer, ToolError> {
        let (st, warnings) = self.map_status()?;
        let (stale_count, skipped_count, errors_count) =
            (st.stale_count, st.skipped_count, st.parse_error_count);
        let make = |n: usize| {
            let mut cut = st.clone();
            cut.stale_files.truncate(n);
            cut.skipped_files.truncate(n);
            cut.parse_error_files.truncate(n);
            let mut v = serde_json::to_value(cut).unwrap_or(Value::Null);
            v["watcher"] = json!({"state": "not-running"});
            v["servers"] = json!([]);
            v
        };
        let total = stale_count.max(skipped_count).max(errors_count);
        let Fitted { data, kept, .. } = fit(total, clamp_budget(Some(10_000)), make);
        let dropped = (kept < total).then(|| Dropped {
            kind: "files".into(),
            count: (stale_count + skipped_count + errors_count)
                - (kept.min(stale_count) + kept.min(skipped_count) + kept.min(errors_count)),
            note: "the full lists are in the map: `sqlite3 .codemap/map.db \"SELECT path, skip_reason, parse_error FROM files WHERE skip_reason IS NOT NULL OR parse_error <> 0\"`".into(),
        });
        Ok(Answer {
            data,
            dropped,
            warnings,
        })
    }

    /// The map's state, typed: counts per language and edge kind, the last run, stale and
    /// skipped files; warnings when files changed since.
    pub fn map_status(&self) -> Result<(MapStatus, Vec<String>), ToolError> {
        let _snapshot = self.snapshot()?;
        let meta = |k: &str| self.db.get_meta(k);
        let mut langs = std::collections::BTreeMap::new();
        for lang in Lang::ALL {
            langs.insert(
                lang.prefix().to_string(),
                self.db.lang_counts(lang.prefix())?,
            );
        }
        let edges = self.db.edge_counts()?;
        let skipped = self.db.skipped_files()?;
        let parse_errors = self.db.parse_error_files()?;
        let stale: Vec<String> = self
            .db
            .file_stamps()?
            .into_iter()
            .filter(|r| self.is_stale(&r.path, r.size, r.mtime, r.flagged))
            .map(|r| r.path)
            .collect();
        let last_run: Option<i64> = meta("last_run")?.and_then(|s| s.parse().ok());
        let mut warnings = Vec::new();
        if !stale.is_empty() {
            warnings.push(format!(
                "{} file(s) changed on disk since the last index run; `codemap index` (or `map_rebuild`) refreshes them",
                stale.len()
            ));
        }
        let generated = skipped
            .iter()
            .filter(|s| s.reason.starts_with(crate::generated::REASON_PREFIX))
            .count();
        if generated > 0 {
            warnings.push(format!(
                "{generated} generated file(s) are kept out of the map (build output a package ships, compiled copies, minified bundles, vendored code; each in skippedFiles with its reason): `codemap index --include-generated` (map_rebuild includeGenerated) takes them in"
            ));
        }
        let status = MapStatus {
            root: self.root.to_string_lossy().into_owned(),
            db: self.path.to_string_lossy().into_owned(),
            schema_version: store::SCHEMA_VERSION,
            tool_version: meta("tool_version")?,
            last_run: last_run.map(iso_utc),
            last_run_seconds: meta("last_run_seconds")?.and_then(|s| s.parse::<f64>().ok()),
            languages: langs,
            edges,
            stale_count: stale.len(),
            stale_files: stale,
            skipped_count: skipped.len(),
            skipped_files: skipped,
            parse_error_count: parse_errors.len(),
            parse_error_files: parse_errors,
        };
        Ok((status, warnings))
    }
}

/// Seconds since the Unix epoch as an ISO 8601 UTC time, `2026-11-23T09:41:07Z`.
pub fn iso_utc(secs: i64) -> String {
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Days to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// The dotted module of a symbol's file: `json/decoder.py` → `json.decoder`, a Go file → its
/// package directory (`net/http`).
fn module_of(i: &NodeInfo) -> String {
    let Some(f) = i.file.as_deref() else {
        return String::new();
    };
    let m = Lang::module_path(f);
    if Lang::of_path(Path::new(f)).is_some_and(|l| l.spec().package_nodes) {
        return m.to_string();
    }
    m.replace('/', ".")
}

fn depth(i: &NodeInfo) -> usize {
    i.file.as_deref().map_or(0, |f| f.matches('/').count())
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

pub fn untyped_warning(n: usize, name: &str, listed: bool) -> String {
    format!(
        "{n} call sites of `.{name}(` are linked to no one definition (their receiver's type is not stated, or the name is defined more than once where they look): they may call this symbol or another of that name{}",
        if listed { "; see candidates" } else { "" }
    )
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
            if let Some((n, name)) = crate::model::unread_count(f) {
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

    #[test]
    fn words_in_order_across_a_qualname() {
        let w = |ws: &[&str]| ws.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(words_in_order(
            "RouterGroup.handle",
            &w(&["group", "handle"])
        ));
        assert!(words_in_order("RouterGroup.handle", &w(&["rou", "han"])));
        assert!(!words_in_order(
            "RouterGroup.handle",
            &w(&["handle", "group"])
        ));
        assert!(words_in_order("flag_parser", &w(&["flag", "parse"])));
        assert!(!words_in_order("flagparser", &w(&["flag", "parse"])));
    }

    #[test]
    fn times_are_iso_utc() {
        assert_eq!(iso_utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(iso_utc(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(iso_utc(1_795_427_493), "2026-11-23T09:51:33Z");
        assert_eq!(iso_utc(4_102_444_799), "2099-12-31T23:59:59Z");
    }

    #[test]
    fn word_parts() {
        let parts = |s: &str| -> Vec<String> {
            let starts = word_starts(s);
            starts
                .iter()
                .enumerate()
                .map(|(i, &b)| {
                    let end = starts.get(i + 1).copied().unwrap_or(s.len());
                    s[b..end].trim_end_matches('_').to_string()
                })
                .collect()
        };
        assert_eq!(parts("JSONDecoder"), ["JSON", "Decoder"]);
        assert_eq!(parts("raw_decode"), ["raw", "decode"]);
        assert_eq!(parts("HTTPServer2Go"), ["HTTP", "Server", "2", "Go"]);
        assert_eq!(parts("__init__"), ["init"]);
        assert_eq!(parts("serveHTTP"), ["serve", "HTTP"]);
    }

    #[test]
    fn name_index_agrees_with_match_tier() {
        let names: Vec<String> = [
            "decode",
            "Decode",
            "decoder",
            "raw_decode",
            "JSONDecoder",
            "encode",
            "DecodeError",
            "x_decode_y",
            "deco",
            "dc",
            "HTTPServer",
            "serve",
            "ServeHTTP",
            "server",
            "Serve",
            "_decode",
            "décodé",
            "DÉCODE",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let idx = NameIndex::new(names.clone());
        for q in [
            "decode", "Decode", "dec", "code", "serve", "http", "srv", "dcd", "x", "DÉ", "zz",
        ] {
            let ql = q.to_lowercase();
            let mut want: Vec<(Tier, &str)> = names
                .iter()
                .filter_map(|n| match_tier(q, &ql, n).map(|t| (t, n.as_str())))
                .collect();
            want.sort();
            let mut got = idx.direct(q, &ql);
            got.extend(idx.inner(q, &ql));
            got.extend(idx.fuzzy(&ql).into_iter().map(|(t, n, _)| (t, n)));
            got.sort();
            assert_eq!(got, want, "query {q:?}");
        }
    }

    #[test]
    fn fuzzy_matches_rank_by_closeness() {
        assert_eq!(fuzzy_cost("tststr", "test_str"), Some(2));
        assert_eq!(fuzzy_cost("tst_str", "test_str"), Some(1));
        assert_eq!(fuzzy_cost("tst_str", "t_set_string"), Some(2));
        assert_eq!(fuzzy_cost("str", "test_str"), Some(1003));
        assert_eq!(fuzzy_cost("dé", "décodé"), Some(0));
        assert_eq!(fuzzy_cost("xyz", "test"), None);
        let idx = NameIndex::new(
            ["t_set_string_attr", "test_str", "TestStr", "other_test_str"]
                .iter()
                .map(|s| s.to_string()),
        );
        let order: Vec<&str> = idx.fuzzy("tst_str").iter().map(|(_, n, _)| *n).collect();
        assert_eq!(order, ["test_str", "t_set_string_attr", "other_test_str"]);
    }

    #[test]
    fn tiers() {
        let t = |q: &str, name: &str| match_tier(q, &q.to_lowercase(), name);
        let cases = [
            ("decode", "decode", Some(Tier::Exact)),
            ("decode", "Decode", Some(Tier::ExactIgnoreCase)),
            ("decode", "decoder", Some(Tier::Prefix)),
            ("decode", "raw_decode", Some(Tier::WordPart)),
            ("decoder", "JSONDecoder", Some(Tier::WordPart)),
            ("code", "decode", Some(Tier::Substring)),
            ("jsdc", "JSONDecoder", Some(Tier::Fuzzy)),
            ("x", "JSONDecoder", None),
            ("zzz", "JSONDecoder", None),
        ];
        for (q, name, want) in cases {
            assert_eq!(t(q, name), want, "{q} vs {name}");
        }
        assert!(Tier::Exact < Tier::QualnameSuffix && Tier::QualnameSuffix < Tier::Prefix);
    }
}
