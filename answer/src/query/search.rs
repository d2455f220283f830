//! `map_search`: candidate names by tier from the name index, their rows filtered and ranked
//! (tier, closeness, test code last, hub score, kind, depth), then fitted to the budget.

use super::handle::Map;
use super::params::SearchParams;
use super::rank::{no_cost, words_in_order, NameIndex, Tier};
use crate::envelope::{clamp_budget, Answer, Text, ToolError};
use crate::shape::{self, NodeInfo, Shape};
use indexer::lang::Lang;
use indexer::model::Kind;
use indexer::overview::is_test_path;
use indexer::store::NodeRow;
use serde_json::{json, Value};
use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::sync::Arc;

/// Rows fetched at most for one search before ranking; a broader query says `more`.
const MAX_CANDIDATES: usize = 500;

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
        // Other languages' words for a kind: a Rust trait, a Swift or Python protocol are
        // interfaces here.
        let named = match k.as_str() {
            "trait" | "protocol" => "interface",
            "func" | "fn" | "def" => "function",
            "const" => "constant",
            other => other,
        };
        let kind = Kind::parse(named).ok_or_else(|| {
            ToolError::bad_args(format!("unknown kind {k:?}")).hint(format!(
                "kinds are: {} (a trait is an interface)",
                Kind::ALL.map(|k| k.as_str()).join(", ")
            ))
        })?;
        out.insert(kind);
    }
    Ok(Some(out))
}

impl Map {
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
        Ok(search_answer(self.search_hits(p)?, p, shape))
    }
}

/// A search's hits (of one map or several, [`merge_hits`]) fitted to the token budget.
pub fn search_answer(found: SearchHits, p: &SearchParams, shape: Shape) -> Answer {
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
    let narrow = if p.scope.as_deref().is_some_and(|s| s != "workspace") {
        "narrow with `kinds`, `lang`, `scope`, a longer query, a smaller `limit`, or a larger tokenBudget"
    } else {
        "narrow with `kinds`, `lang`, `path`, a longer query, a smaller `limit`, or a larger tokenBudget"
    };
    let (query, more) = (&found.query, found.more);
    let f = crate::envelope::fit_said(
        items.len(),
        budget,
        &found.warnings,
        |n| json!({ "query": query, "hits": &items[..n], "more": more || n < items.len() }),
    );
    let more = more || f.kept < items.len();
    let SearchHits {
        query,
        mut hits,
        warnings,
        ..
    } = found;
    hits.truncate(f.kept);
    Answer {
        dropped: f.dropped("hits", narrow),
        data: f.data,
        warnings,
        text: Text::new(move || search_text(&query, &hits, more)),
    }
}

/// The first tier left out after hits whose best is `best`: after an exact name or qualname,
/// no substring or fuzzy match; after any other, no fuzzy one.
fn cut_after(best: Option<Tier>) -> Option<Tier> {
    match best {
        Some(t) if t <= Tier::QualnameSuffix => Some(Tier::Substring),
        Some(t) if t < Tier::Fuzzy => Some(Tier::Fuzzy),
        _ => None,
    }
}

/// Several maps' hits as one list (the workspace's first): ranked by how each matched, the
/// order within each map kept on ties, cut at `limit`.
pub fn merge_hits(parts: Vec<SearchHits>, limit: usize) -> SearchHits {
    let mut out = SearchHits {
        query: String::new(),
        hits: Vec::new(),
        more: false,
        warnings: Vec::new(),
    };
    let mut all: Vec<(usize, usize, NodeInfo, Tier)> = Vec::new();
    for (m, part) in parts.into_iter().enumerate() {
        if out.query.is_empty() {
            out.query = part.query;
        }
        out.more |= part.more;
        out.warnings.extend(part.warnings);
        all.extend(
            part.hits
                .into_iter()
                .enumerate()
                .map(|(i, (n, t))| (m, i, n, t)),
        );
    }
    all.sort_by(|a, b| a.3.cmp(&b.3).then(a.1.cmp(&b.1)).then(a.0.cmp(&b.0)));
    // The cut each map made, once more over the merged hits: a loose hit of one map does not
    // sit beside an exact one of another.
    if let Some(cut) = cut_after(all.first().map(|h| h.3)) {
        all.retain(|h| h.3 < cut);
    }
    if all.len() > limit {
        out.more = true;
        all.truncate(limit);
    }
    out.hits = all.into_iter().map(|(_, _, n, t)| (n, t)).collect();
    out
}

impl Map {
    /// The symbols a search finds, ranked, each with how it matched; typed, for callers that
    /// read them (the tool serializes them in [`Map::search`]).
    pub fn search_hits(&self, p: &SearchParams) -> Result<SearchHits, ToolError> {
        let _snapshot = self.snapshot()?;
        // A path as Rust, C++, PHP and Ruby write it (`Slab::insert`) is the map's qualname
        // (`Slab.insert`).
        let query = qualified(p.query.trim());
        let query = query.as_str();
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
        // `join~3` names one overload: the name is `join`, the qualname says which.
        let leaf = plain_name(leaf);
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
                    if let Some(f) = &r.info.file {
                        if p.not_under.iter().any(|d| indexer::project::holds(d, f)) {
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
                        // Overloads (`isEmpty~2`) match their plain qualname too.
                        let marked = r.info.qualname.as_str();
                        let plain = plain_qualname(marked);
                        let qn = if marked == q { marked } else { plain.as_str() };
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
        hits.sort_by(|(ta, ca, a, _, ha), (tb, cb, b, _, hb)| {
            rank((*ta, *ca, &a.info, *ha), (*tb, *cb, &b.info, *hb))
        });
        // Precise hits are not padded with guesses: after a qualname that matched, only
        // names that matched it as well or loosely (`AsyncClient.send` for `Client.send`:
        // exact, qualnameSuffix or prefix); after an exact name, no substring or fuzzy match;
        // after any other, no fuzzy one.
        let best = hits.first().map(|h| h.0);
        if qual.is_some() && best.is_some_and(|t| t <= Tier::QualnameSuffix) {
            hits.retain(|h| qual_ok.contains(&h.3));
        }
        if let Some(cut) = cut_after(best) {
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
        let mut infos = self.finish_rows(rows, &mut warnings);
        for i in infos.iter_mut() {
            i.node_id = self.answered_id(&i.node_id);
        }
        // "None" from a map older than the files is no "none": said with the files (viper's
        // `addedHelper`, written since the last run: "no symbol matches", nothing else); nor
        // is an answer without the name itself (starlette's `trial_helper`, written since:
        // one loose match of another name, unsaid).
        let named = tiers_of.iter().any(|t| {
            matches!(
                t,
                Tier::Exact | Tier::ExactIgnoreCase | Tier::QualnameSuffix
            )
        });
        if !named {
            let stale = self.stale_files()?;
            if !stale.is_empty() {
                warnings.push(format!(
                    "{} file(s) changed on disk since the last index run ({}{}): what they define now is not searched; `codemap index` refreshes the map",
                    stale.len(),
                    stale.iter().take(3).cloned().collect::<Vec<_>>().join(", "),
                    if stale.len() > 3 { ", …" } else { "" }
                ));
            }
        }
        Ok(SearchHits {
            query: query.to_string(),
            hits: infos.into_iter().zip(tiers_of).collect(),
            more,
            warnings,
        })
    }
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

/// The order of two search hits, each (tier, cost, node, hub score): by tier, then cost;
/// ties go to code over its tests, to symbols over types inside another symbol (Rust's
/// `type Deserializer = Self` in an impl, seven of them, is rarely the one searched for),
/// to the more central symbol (hub score), then by kind, nesting and ID.
fn rank(a: (Tier, u32, &NodeInfo, f64), b: (Tier, u32, &NodeInfo, f64)) -> std::cmp::Ordering {
    let (ta, ca, a, ha) = a;
    let (tb, cb, b, hb) = b;
    let test_of = |i: &NodeInfo| i.file.as_deref().is_some_and(is_test_path);
    let member_type = |i: &NodeInfo| i.kind == Kind::Type.as_str() && i.qualname.contains('.');
    let kind = |i: &NodeInfo| Kind::parse(&i.kind).map_or(9, Kind::search_rank);
    ta.cmp(&tb)
        .then_with(|| (ca / 2).cmp(&(cb / 2)))
        .then_with(|| test_of(a).cmp(&test_of(b)))
        .then_with(|| member_type(a).cmp(&member_type(b)))
        .then_with(|| hb.total_cmp(&ha))
        .then_with(|| kind(a).cmp(&kind(b)))
        .then_with(|| depth(a).cmp(&depth(b)))
        .then_with(|| indexer::id::cmp_ids(&a.node_id, &b.node_id))
}

fn depth(i: &NodeInfo) -> usize {
    i.file.as_deref().map_or(0, |f| f.matches('/').count())
}

/// `map_search`: the hits, a fuzzy one marked; `more` when more would match.
/// A query's `::` separators as the map's `.` (`std::vec::Vec::push` is `std.vec.Vec.push`,
/// `::new` is `.new`); a query without them as it is.
fn qualified(query: &str) -> String {
    if query.contains("::") {
        query.replace("::", ".").trim_start_matches('.').to_string()
    } else {
        query.to_string()
    }
}

fn search_text(query: &str, hits: &[(NodeInfo, Tier)], more: bool) -> String {
    let mut out = String::new();
    if hits.is_empty() && more {
        // Matches there are; the budget holds none (the note on stderr says which would).
        out.push_str(&format!(
            "matches for {query:?} do not fit in the token budget\n"
        ));
    } else if hits.is_empty() {
        out.push_str(&format!("no symbol matches {query:?}\n"));
    }
    for (n, tier) in hits {
        let line = crate::text::node_line(n);
        // A fuzzy hit says so, on its first line.
        match (tier, line.split_once('\n')) {
            (Tier::Fuzzy, Some((first, rest))) => {
                out.push_str(&format!("{first}  (fuzzy)\n{rest}"))
            }
            _ => out.push_str(&line),
        }
    }
    if more {
        out.push_str("(more matches: narrow with --kind, --lang, --path or raise --limit)\n");
    }
    out
}

/// A name without its overload mark: `join` of `join~3`.
fn plain_name(name: &str) -> &str {
    match name.rsplit_once('~') {
        Some((n, k)) if !n.is_empty() && !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()) => {
            n
        }
        _ => name,
    }
}

/// A qualname without the overload marks of its segments: `A.join` of `A~2.join~3`.
fn plain_qualname(q: &str) -> String {
    q.split('.').map(plain_name).collect::<Vec<_>>().join(".")
}

#[cfg(test)]
mod overload_tests {
    use super::*;

    #[test]
    fn overload_marks_are_dropped_by_segment() {
        assert_eq!(plain_name("join~3"), "join");
        assert_eq!(plain_name("join"), "join");
        assert_eq!(plain_name("~2"), "~2");
        assert_eq!(plain_name("a~b"), "a~b");
        assert_eq!(plain_qualname("A~2.join~13"), "A.join");
        assert_eq!(plain_qualname("StringUtils.join"), "StringUtils.join");
    }

    #[test]
    fn paths_with_double_colons_are_qualnames() {
        for (q, want) in [
            ("Slab::insert", "Slab.insert"),
            ("std::vec::Vec::push", "std.vec.Vec.push"),
            ("::new", "new"),
            ("Server.Serve", "Server.Serve"),
            ("flag parse", "flag parse"),
        ] {
            assert_eq!(qualified(q), want, "{q}");
        }
    }
}

#[cfg(test)]
mod rank_tests {
    use super::*;

    fn node(id: &str, kind: &str, qualname: &str) -> NodeInfo {
        let mut n = NodeInfo::bare(
            id.to_string(),
            kind,
            qualname.rsplit('.').next().unwrap_or(qualname).into(),
        );
        n.qualname = qualname.into();
        n.file = id
            .split_once(':')
            .and_then(|(_, r)| r.split_once('#'))
            .map(|(f, _)| f.to_string());
        n
    }

    #[test]
    fn hits_are_ranked_by_tier_then_code_then_symbols_over_member_types_then_hub() {
        let tr = node("rs:src/de.rs#Deserializer", "interface", "Deserializer");
        let member = node(
            "rs:src/value.rs#Value.Deserializer",
            "type",
            "Value.Deserializer",
        );
        let in_test = node("rs:tests/de.rs#Deserializer", "interface", "Deserializer");
        let prefix = node(
            "rs:src/de.rs#DeserializerError",
            "class",
            "DeserializerError",
        );
        use std::cmp::Ordering::*;
        let cases = [
            // A member type's higher hub score does not put it above the trait.
            (
                (Tier::Exact, 0, &member, 0.9),
                (Tier::Exact, 0, &tr, 0.1),
                Greater,
            ),
            // Code over its tests, whatever the hub score.
            (
                (Tier::Exact, 0, &in_test, 0.9),
                (Tier::Exact, 0, &tr, 0.1),
                Greater,
            ),
            // The tier first: an exact member type above a prefix match.
            (
                (Tier::Exact, 0, &member, 0.0),
                (Tier::Prefix, 0, &prefix, 0.9),
                Less,
            ),
            // Cost in steps of two, before the hub score.
            (
                (Tier::Exact, 4, &tr, 0.9),
                (Tier::Exact, 0, &in_test, 0.0),
                Greater,
            ),
            (
                (Tier::Exact, 1, &tr, 0.9),
                (Tier::Exact, 0, &member, 0.0),
                Less,
            ),
            // Among equals, the hub score.
            (
                (Tier::Exact, 0, &tr, 0.2),
                (Tier::Exact, 0, &tr.clone(), 0.1),
                Less,
            ),
        ];
        for (i, (a, b, want)) in cases.into_iter().enumerate() {
            assert_eq!(rank(a, b), want, "case {i}");
            assert_eq!(rank(b, a), want.reverse(), "case {i} reversed");
        }
    }

    #[test]
    fn other_languages_words_for_a_kind_are_accepted() {
        let kinds = |ks: &[&str]| parse_kinds(&Some(ks.iter().map(|k| k.to_string()).collect()));
        let want = |k: Kind| Some(HashSet::from([k]));
        for (words, kind) in [
            (&["trait", "protocol", "interface"][..], Kind::Interface),
            (&["fn", "func", "def", "function"][..], Kind::Function),
            (&["const", "constant"][..], Kind::Constant),
        ] {
            for w in words {
                assert_eq!(kinds(&[w]).ok(), Some(want(kind)), "{w}");
            }
        }
        let e = kinds(&["struct", "klass"]).err().map(|e| e.message);
        assert!(e.is_some_and(|m| m.contains("\"klass\"")));
    }
}

#[cfg(test)]
mod merge_tests {
    use super::*;

    fn hit(id: &str, t: Tier) -> (NodeInfo, Tier) {
        (NodeInfo::bare(id.to_string(), "function", "x".into()), t)
    }

    fn part(hits: Vec<(NodeInfo, Tier)>) -> SearchHits {
        SearchHits {
            query: "x".into(),
            hits,
            more: false,
            warnings: Vec::new(),
        }
    }

    #[test]
    fn merged_maps_are_cut_once_after_the_best_hit() {
        // The workspace found only a loose match; a library an exact one.
        let ws = part(vec![hit("py:a.py#xyz_sub", Tier::Substring)]);
        let lib = part(vec![hit("lib:l@1/py:l.py#x", Tier::Exact)]);
        let m = merge_hits(vec![ws, lib], 20);
        let ids: Vec<&str> = m.hits.iter().map(|h| h.0.node_id.as_str()).collect();
        assert_eq!(ids, ["lib:l@1/py:l.py#x"]);
        // A prefix match keeps substrings beside it, and drops only the fuzzy.
        let ws = part(vec![
            hit("py:a.py#xs", Tier::Prefix),
            hit("py:a.py#ax", Tier::Substring),
        ]);
        let lib = part(vec![hit("lib:l@1/py:l.py#y", Tier::Fuzzy)]);
        let m = merge_hits(vec![ws, lib], 20);
        assert_eq!(m.hits.len(), 2);
    }
}
