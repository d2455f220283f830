//! `map_changes`: the symbols a change set added, removed and changed (from
//! [`indexer::diff`], computed by the caller from the ref's blobs and the working tree), and
//! what they reach in the map: who calls, uses, implements or extends them, transitively,
//! each with its resolution and the hop it was found at, the tests among them, and the
//! untyped call sites of their names kept apart as candidates.

use super::handle::Map;
use super::neighbors::callable;
use crate::envelope::{clamp_budget, Answer, Text, ToolError};
use indexer::diff::{Change, SymbolChange};
use indexer::id::NodeId;
use indexer::lang::Lang;
use indexer::model::EdgeKind;
use indexer::overview::is_test_path;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap, HashSet};

/// `map_changes`' arguments.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ChangesParams {
    /// Default HEAD.
    #[serde(default, rename = "ref", alias = "since")]
    pub git_ref: Option<String>,
    /// Impact hops (default 2).
    #[serde(default)]
    #[schemars(range(min = 0, max = 3))]
    pub depth: Option<u32>,
    /// Only changes under this file or folder.
    #[serde(default)]
    pub path: Option<String>,
    #[serde(default)]
    pub exclude_tests: Option<bool>,
    #[serde(default)]
    #[schemars(schema_with = "crate::envelope::budget_schema")]
    pub token_budget: Option<u32>,
}

/// A file of the change set, as git names it.
#[derive(Debug, Clone, Serialize)]
pub struct ChangedFile {
    pub path: String,
    /// `added`, `deleted`, `modified`, or `untracked`.
    pub status: &'static str,
    /// The language codemap reads it as, if any.
    #[serde(skip)]
    pub lang: Option<Lang>,
    /// Why a version of it was not compared (too large, binary, unreadable, its parse
    /// stopped): its symbols' changes are unknown.
    #[serde(skip)]
    pub unread: Option<String>,
    /// Its working-tree version has syntax errors: what follows one may read as removed.
    #[serde(skip)]
    pub parse_errors: bool,
}

/// A node the change reaches.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Reached {
    pub node_id: String,
    pub depth: u32,
    /// The edge that reached it: its kind and how the map resolved it.
    pub edge: String,
    pub resolution: String,
    /// The changed symbol it leads to.
    pub via: String,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub test: bool,
}

/// What a changed symbol is also seen as by callers ([`Map::seen_as`]): an interface or base
/// method, or the first of its overloads.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
struct Through {
    node_id: String,
    #[serde(rename = "as")]
    how: &'static str,
    via: String,
}

/// The edge kinds impact follows backwards: what breaks when their target changes.
const IMPACT: [EdgeKind; 4] = [
    EdgeKind::Calls,
    EdgeKind::Uses,
    EdgeKind::Implements,
    EdgeKind::Extends,
];

/// How many reached nodes one answer looks at, at most (the counts say how many exist).
const REACHED_LIMIT: usize = 5000;

/// The most calls of one removed name, linked to nothing in the map, offered as candidates.
const UNLINKED_CANDIDATES: usize = 50;

impl Map {
    /// `map_changes`, given the change set and its symbol diff.
    pub fn changes(
        &self,
        p: &ChangesParams,
        git_ref: &str,
        files: &[ChangedFile],
        diff: &[(Lang, SymbolChange)],
    ) -> Result<Answer, ToolError> {
        let _snapshot = self.snapshot()?;
        let depth = p.depth.unwrap_or(2);
        if depth > 3 {
            return Err(ToolError::bad_args(format!(
                "depth must be 0..3, got {depth}"
            )));
        }
        let exclude_tests = p.exclude_tests.unwrap_or(false);
        let mut warnings = Vec::new();

        // The map's view of the changed files: stale ones make the impact the last run's.
        let changed_paths: HashSet<&str> = files.iter().map(|f| f.path.as_str()).collect();
        let stale = self
            .db
            .file_stamps()?
            .into_iter()
            .filter(|r| changed_paths.contains(r.path.as_str()))
            .filter(|r| self.is_stale(&r.path, r.size, r.mtime, r.flagged))
            .count();
        if stale > 0 {
            warnings.push(format!(
                "{stale} changed file(s) are newer than the map: the impact is the last index run's view of them; `codemap index` (map_rebuild) refreshes it"
            ));
        }

        // Files the diff could not read, or read with syntax errors: a partial answer says so.
        let unread: Vec<Value> = files
            .iter()
            .filter_map(|f| {
                f.unread
                    .as_ref()
                    .map(|why| json!({"path": f.path, "reason": why}))
            })
            .collect();
        if !unread.is_empty() {
            warnings.push(format!(
                "{} changed file(s) not compared, their symbol changes unknown: {}",
                unread.len(),
                some_paths(files.iter().filter(|f| f.unread.is_some()))
            ));
        }
        let broken: Vec<&str> = files
            .iter()
            .filter(|f| f.parse_errors)
            .map(|f| f.path.as_str())
            .collect();
        if !broken.is_empty() {
            warnings.push(format!(
                "{} changed file(s) have syntax errors now, so symbols past an error may be listed as removed or changed: {}",
                broken.len(),
                some_paths(files.iter().filter(|f| f.parse_errors))
            ));
        }

        // Where impact starts: every changed, removed, moved or renamed symbol the map has,
        // each with what reaches it as well as itself (`through`): the interface or base
        // methods it implements or overrides (calls through them may land on it), and for an
        // overload `f~2`, the first one `f` (which calls by name are resolved to).
        let mut starts: Vec<(String, String)> = Vec::new();
        let mut through: Vec<Through> = Vec::new();
        // Each changed symbol's leaf name, whether it is callable, and whether the map still
        // has it (a removed one's callers are found by name alone).
        let mut names: BTreeMap<String, (String, bool, bool)> = BTreeMap::new();
        // Per leaf name, the files of its changed symbols when each is `private` (only its
        // own file can call it), `None` once one is not.
        let mut private_in: HashMap<String, Option<HashSet<String>>> = HashMap::new();
        let mut not_in_map = 0usize;
        for (lang, c) in diff {
            if c.change == Change::Added {
                continue;
            }
            // A renamed symbol is in the map under its old name, with the edges into it (zod's
            // `safeParseAsync` renamed by hand: its 3 callers were no impact, "[0, 0]").
            let id = NodeId::symbol_id(*lang, &c.path, &c.qualname);
            let in_map = match &c.change {
                Change::Renamed { from } if self.db.node(&id)?.is_none() => from.as_str(),
                _ => c.qualname.as_str(),
            };
            let map_id = NodeId::symbol_id(*lang, &c.path, in_map);
            let mapped = self.db.node(&map_id)?.is_some();
            if mapped {
                starts.push((map_id.clone(), id.clone()));
                for (also, how) in self.seen_as(*lang, &c.path, in_map)? {
                    starts.push((also.clone(), id.clone()));
                    through.push(Through {
                        node_id: also,
                        how,
                        via: id.clone(),
                    });
                }
            } else {
                not_in_map += 1;
            }
            let leaf = |q: &str| q.rsplit('.').next().unwrap_or(q).to_string();
            let callable = callable(c.kind.as_str(), None);
            // javapoet: `JavaFile.emit`, private, offered 17 calls of `emit` in other classes.
            let private = mapped
                && self
                    .db
                    .symbol(&map_id)?
                    .and_then(|s| s.signature)
                    .is_some_and(|sig| {
                        sig.split_whitespace()
                            .take_while(|w| !w.contains('('))
                            .any(|w| w == "private")
                    });
            let entry = private_in
                .entry(leaf(&c.qualname))
                .or_insert_with(|| Some(HashSet::new()));
            match (private, entry.as_mut()) {
                (true, Some(files)) => {
                    files.insert(c.path.clone());
                }
                _ => *entry = None,
            }
            if let Change::Renamed { from } = &c.change {
                let old_mapped = in_map == from.as_str() && mapped
                    || self
                        .db
                        .node(&NodeId::symbol_id(*lang, &c.path, from))?
                        .is_some();
                names.insert(
                    format!("{id} (was {from})"),
                    (leaf(from), callable, old_mapped),
                );
            }
            names.insert(id, (leaf(&c.qualname), callable, mapped));
        }

        // Breadth first, backwards along IMPACT edges, from all of them at once.
        let mut seen: HashSet<String> = starts.iter().map(|(s, _)| s.clone()).collect();
        let mut frontier: Vec<(String, String)> = starts;
        let mut reached: Vec<Reached> = Vec::new();
        let mut by_depth = vec![0usize; depth as usize];
        let (mut tests_left_out, mut cut) = (0usize, false);
        for d in 1..=depth {
            let mut next = Vec::new();
            for (id, via) in &frontier {
                for e in self.edges_of(id, false, &IMPACT)? {
                    if !seen.insert(e.source.clone()) {
                        continue;
                    }
                    let file = NodeId::parse(&e.source)
                        .ok()
                        .and_then(|n| n.file().map(str::to_string))
                        .unwrap_or_default();
                    let test = is_test_path(&file);
                    if test && exclude_tests {
                        tests_left_out += 1;
                        continue;
                    }
                    by_depth[d as usize - 1] += 1;
                    if reached.len() >= REACHED_LIMIT {
                        cut = true;
                        continue;
                    }
                    next.push((e.source.clone(), via.clone()));
                    reached.push(Reached {
                        node_id: e.source,
                        depth: d,
                        edge: e.kind,
                        resolution: e.resolution,
                        via: via.clone(),
                        test,
                    });
                }
            }
            frontier = next;
        }
        if cut {
            warnings.push(format!(
                "the impact was followed for its first {REACHED_LIMIT} nodes only: narrow with a smaller `depth`"
            ));
        }
        if tests_left_out > 0 {
            warnings.push(format!(
                "{tests_left_out} node(s) of test code left out of the impact (excludeTests)"
            ));
        }
        let tests: Vec<&str> = reached
            .iter()
            .filter(|r| r.test)
            .map(|r| r.node_id.as_str())
            .collect();

        // Calls of the changed names the map could not type: they may reach them too.
        // A symbol the map no longer has (removed, or renamed and indexed since) has no edges
        // into it: every call of its name that links to nothing in the map is a candidate,
        // those the resolver sent outside the workspace too (indexmap's `IndexSet.
        // swap_remove_index` renamed and indexed: `set.swap_remove_index(rm)` in its tests,
        // typed `IndexSet` but with no such method any more, was taken for a trait's from
        // outside, and "nothing was" found).
        let mut candidates = Vec::new();
        let mut asked = HashSet::new();
        let mut unlinked_cut = 0usize;
        for (name, is_callable, mapped) in names.values() {
            if *is_callable && asked.insert((name.clone(), *mapped)) {
                let calls = if *mapped {
                    self.db.untyped_calls_named(name)?
                } else {
                    let mut c = self
                        .db
                        .first_unlinked_calls_named(name, UNLINKED_CANDIDATES + 1)?;
                    if c.len() > UNLINKED_CANDIDATES {
                        c.truncate(UNLINKED_CANDIDATES);
                        unlinked_cut += 1;
                    }
                    c
                };
                let only_in = private_in.get(name).and_then(Option::as_ref);
                for c in calls {
                    if only_in.is_some_and(|files| !files.contains(&c.file)) {
                        continue;
                    }
                    candidates.push(json!({"name": name, "site": c}));
                }
            }
        }
        // A name both renamed from (no longer mapped) and still mapped elsewhere is asked
        // both ways: a call of it is one candidate.
        let mut seen = HashSet::new();
        candidates.retain(|c| seen.insert(c.to_string()));
        if unlinked_cut > 0 {
            warnings.push(format!(
                "{unlinked_cut} removed name(s) have more than {UNLINKED_CANDIDATES} unlinked calls: the first {UNLINKED_CANDIDATES} of each are candidates (partial)"
            ));
        }
        if !candidates.is_empty() {
            warnings.push(format!(
                "{} call site(s) of the changed names that the map links to nothing (on values it could not type, or of a name it no longer has) may reach them too (candidates)",
                candidates.len()
            ));
        }
        if not_in_map > 0 {
            warnings.push(format!(
                "{not_in_map} changed symbol(s) are not in the map (removed, or not indexed yet): what called them is found only by name, among the calls the map links to nothing{}",
                if candidates.is_empty() {
                    ", and nothing was"
                } else {
                    ", among the candidates"
                }
            ));
        }

        // An added or removed symbol inside one added or removed with it is counted under it
        // (`members`), not listed: a new class is one entry.
        let diff: Vec<(Lang, SymbolChange, usize)> = fold_members(diff);
        let symbols: Vec<Value> = diff
            .iter()
            .map(|(lang, c, members)| {
                let mut v = symbol_json(*lang, c);
                if *members > 0 {
                    v["members"] = json!(members);
                }
                v
            })
            .collect();
        let counts = count_changes(&diff);
        let by_depth_json = json!(by_depth);
        let total = symbols.len() + reached.len();
        let budget = clamp_budget(p.token_budget);
        let f = crate::envelope::fit_said(total, budget, &warnings, |k| {
            let s = k.min(symbols.len());
            let r = k - s;
            let mut v = json!({
                "ref": git_ref,
                "files": files.len(),
                "counts": counts,
                "symbols": &symbols[..s],
                "impact": {
                    "byDepth": by_depth_json,
                    "reached": &reached[..r],
                    "tests": tests.len(),
                },
            });
            if !through.is_empty() {
                v["impact"]["through"] = json!(through);
            }
            if !unread.is_empty() {
                v["unread"] = json!(&unread[..unread.len().min(10)]);
            }
            if !broken.is_empty() {
                v["syntaxErrors"] = json!(&broken[..broken.len().min(10)]);
            }
            if !candidates.is_empty() {
                v["candidates"] = json!(&candidates[..candidates.len().min(10)]);
                v["candidatesTotal"] = json!(candidates.len());
            }
            v
        });
        let dropped = f.dropped(
            "changed symbols and reached nodes",
            "narrow with a smaller `depth`, `excludeTests`, or a larger tokenBudget",
        );
        let kept = f.kept;
        let text_symbols: Vec<String> = diff
            .iter()
            .take(kept)
            .map(|(lang, c, members)| symbol_line(*lang, c, *members))
            .collect();
        let text_reached: Vec<String> = reached
            .iter()
            .take(kept.saturating_sub(symbols.len()))
            .map(|r| {
                format!(
                    "  {}{} {} ({} {}, via {})",
                    "  ".repeat(r.depth as usize - 1),
                    r.depth,
                    r.node_id,
                    r.edge,
                    r.resolution,
                    r.via
                )
            })
            .collect();
        let head = format!(
            "{} file(s) changed since {git_ref}: {}; impact by depth {:?}, {} test node(s)",
            files.len(),
            counts_text(&diff),
            by_depth,
            tests.len()
        );
        let text_through: Vec<String> = through
            .iter()
            .map(|t| format!("  {} {} (for {})", t.how, t.node_id, t.via))
            .collect();
        let text_candidates: Vec<String> = candidates
            .iter()
            .take(10)
            .map(|c| {
                format!(
                    "  {} {}",
                    c["name"].as_str().unwrap_or(""),
                    untyped_site(&c["site"])
                )
            })
            .collect();
        let more_candidates = candidates.len().saturating_sub(10);
        Ok(Answer {
            data: f.data,
            dropped,
            warnings,
            text: Text::new(move || {
                let mut out = head;
                out.push('\n');
                for l in text_symbols {
                    out.push_str(&l);
                    out.push('\n');
                }
                if !text_through.is_empty() {
                    out.push_str("also reached through:\n");
                    for l in text_through {
                        out.push_str(&l);
                        out.push('\n');
                    }
                }
                if !text_reached.is_empty() {
                    out.push_str("reached:\n");
                    for l in text_reached {
                        out.push_str(&l);
                        out.push('\n');
                    }
                }
                if !text_candidates.is_empty() {
                    out.push_str(
                        "candidates (calls of the changed names the map links to nothing):\n",
                    );
                    for l in text_candidates {
                        out.push_str(&l);
                        out.push('\n');
                    }
                    if more_candidates > 0 {
                        out.push_str(&format!("  … and {more_candidates} more\n"));
                    }
                }
                out
            }),
        })
    }
}

/// The first few files' paths (and why each was not read, when it was not), and how many more.
fn some_paths<'a>(files: impl Iterator<Item = &'a ChangedFile>) -> String {
    const SHOWN: usize = 5;
    let all: Vec<String> = files
        .map(|f| match &f.unread {
            Some(why) => format!("{} ({why})", f.path),
            None => f.path.clone(),
        })
        .collect();
    let mut out = all[..all.len().min(SHOWN)].join(", ");
    if all.len() > SHOWN {
        out.push_str(&format!(" and {} more", all.len() - SHOWN));
    }
    out
}

impl Map {
    /// What else a changed symbol is seen as by the map's callers: the same-named member of
    /// each type its parent implements or extends (an interface method, a base method), and
    /// for an overload `f~2`, the first `f`. Each with how (`implements`, `overrides`,
    /// `overload`).
    fn seen_as(
        &self,
        lang: Lang,
        path: &str,
        qualname: &str,
    ) -> Result<Vec<(String, &'static str)>, ToolError> {
        let mut out = Vec::new();
        if let Some((base, n)) = qualname.rsplit_once('~') {
            if n.parse::<u32>().is_ok() {
                let first = NodeId::symbol_id(lang, path, base);
                if self.db.node(&first)?.is_some() {
                    out.push((first, "overload"));
                }
            }
        }
        let Some((parent, name)) = qualname.rsplit_once('.') else {
            return Ok(out);
        };
        let name = name.split('~').next().unwrap_or(name);
        let parent_id = NodeId::symbol_id(lang, path, parent);
        for e in self.edges_of(&parent_id, true, &[EdgeKind::Implements, EdgeKind::Extends])? {
            let Some(target) = e.target else { continue };
            let member = format!("{target}.{name}");
            if self.db.node(&member)?.is_some() {
                let how = if e.kind == "implements" {
                    "implements"
                } else {
                    "overrides"
                };
                out.push((member, how));
            }
        }
        Ok(out)
    }
}

/// An untyped call site as `file:line (in source)`.
fn untyped_site(site: &Value) -> String {
    format!(
        "{}:{} (in {})",
        site["file"].as_str().unwrap_or("?"),
        site["line"],
        site["from"].as_str().unwrap_or("?")
    )
}

fn change_name(c: &Change) -> &'static str {
    match c {
        Change::Added => "added",
        Change::Removed => "removed",
        Change::Changed { .. } => "changed",
        Change::Moved { .. } => "moved",
        Change::Renamed { .. } => "renamed",
    }
}

/// Symbols counted by change, members of a folded symbol included.
fn count_changes(diff: &[(Lang, SymbolChange, usize)]) -> BTreeMap<&'static str, usize> {
    let mut m = BTreeMap::new();
    for (_, c, members) in diff {
        *m.entry(change_name(&c.change)).or_insert(0) += 1 + members;
    }
    m
}

/// The diff with each added (removed) symbol nested in an added (removed) one of the same
/// file left out, and counted in the outermost one's third field. Pure.
fn fold_members(diff: &[(Lang, SymbolChange)]) -> Vec<(Lang, SymbolChange, usize)> {
    let whole: HashSet<(&str, &str, &'static str)> = diff
        .iter()
        .filter(|(_, c)| matches!(c.change, Change::Added | Change::Removed))
        .map(|(_, c)| (c.path.as_str(), c.qualname.as_str(), change_name(&c.change)))
        .collect();
    // The outermost added (removed) symbol around `c`, if any.
    let outer = |c: &SymbolChange| -> Option<String> {
        let name = change_name(&c.change);
        let mut found = None;
        let mut q = c.qualname.as_str();
        while let Some((parent, _)) = q.rsplit_once('.') {
            if whole.contains(&(c.path.as_str(), parent, name)) {
                found = Some(parent.to_string());
            }
            q = parent;
        }
        found
    };
    let mut members: HashMap<(String, String, &'static str), usize> = HashMap::new();
    let mut kept = Vec::new();
    for (lang, c) in diff {
        match matches!(c.change, Change::Added | Change::Removed)
            .then(|| outer(c))
            .flatten()
        {
            Some(o) => {
                *members
                    .entry((c.path.clone(), o, change_name(&c.change)))
                    .or_insert(0) += 1
            }
            None => kept.push((*lang, c.clone())),
        }
    }
    kept.into_iter()
        .map(|(lang, c)| {
            let n = members
                .get(&(c.path.clone(), c.qualname.clone(), change_name(&c.change)))
                .copied()
                .unwrap_or(0);
            (lang, c, n)
        })
        .collect()
}

fn counts_text(diff: &[(Lang, SymbolChange, usize)]) -> String {
    let m = count_changes(diff);
    if m.is_empty() {
        return "no symbol changed".into();
    }
    m.iter()
        .map(|(k, v)| format!("{v} {k}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What of a changed symbol changed, as words.
fn what(c: &Change) -> Vec<&'static str> {
    match c {
        Change::Changed {
            signature,
            body,
            doc,
        } => [(signature, "signature"), (body, "body"), (doc, "doc")]
            .into_iter()
            .filter(|(b, _)| **b)
            .map(|(_, w)| w)
            .collect(),
        _ => Vec::new(),
    }
}

fn symbol_json(lang: Lang, c: &SymbolChange) -> Value {
    let mut v = json!({
        "nodeId": NodeId::symbol_id(lang, &c.path, &c.qualname),
        "kind": c.kind.as_str(),
        "line": c.line,
        "change": change_name(&c.change),
    });
    match &c.change {
        Change::Changed { .. } => v["what"] = json!(what(&c.change)),
        Change::Moved { from } | Change::Renamed { from } => v["from"] = json!(from),
        Change::Removed => v["lineAt"] = json!("ref"),
        Change::Added => {}
    }
    v
}

fn symbol_line(lang: Lang, c: &SymbolChange, members: usize) -> String {
    let id = NodeId::symbol_id(lang, &c.path, &c.qualname);
    let id = if members > 0 {
        format!("{id} (+{members} member(s))")
    } else {
        id
    };
    match &c.change {
        Change::Changed { .. } => format!("  changed {id} ({})", what(&c.change).join(", ")),
        Change::Moved { from } => format!("  moved   {id} (from {from})"),
        Change::Renamed { from } => format!("  renamed {id} (from {from})"),
        Change::Removed => format!("  removed {id} (line {} at the ref)", c.line),
        other => format!("  {:<7} {id}", change_name(other)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use indexer::model::Kind;

    fn c(path: &str, qualname: &str, change: Change) -> (Lang, SymbolChange) {
        let sc = SymbolChange {
            path: path.into(),
            qualname: qualname.into(),
            kind: Kind::Method,
            line: 1,
            change,
        };
        (Lang::Python, sc)
    }

    #[test]
    fn members_of_an_added_or_removed_symbol_are_counted_under_it() {
        let body = Change::Changed {
            signature: false,
            body: true,
            doc: false,
        };
        let diff = [
            c("a.py", "New", Change::Added),
            c("a.py", "New.m", Change::Added),
            c("a.py", "New.Inner", Change::Added),
            c("a.py", "New.Inner.k", Change::Added),
            c("b.py", "New.x", Change::Added),
            c("a.py", "Old", Change::Removed),
            c("a.py", "Old.m", Change::Removed),
            c("a.py", "Kept.m", Change::Added),
            c("a.py", "Kept", body),
        ];
        let folded: Vec<String> = fold_members(&diff)
            .iter()
            .map(|(_, c, n)| format!("{}#{} {} +{n}", c.path, c.qualname, change_name(&c.change)))
            .collect();
        assert_eq!(
            folded,
            [
                "a.py#New added +3",
                "b.py#New.x added +0",
                "a.py#Old removed +1",
                "a.py#Kept.m added +0",
                "a.py#Kept changed +0",
            ]
        );
        let counts = count_changes(&fold_members(&diff));
        assert_eq!(counts.get("added"), Some(&6));
    }
}
