//! `nav_references`: the server's references with the map's edges it did not list added (or
//! the map's alone), and the calls of the name the map could not type as candidates.

use super::anchor::{dedup_anchors, read_once, sym_anchor, workspace_first, Anchor, Anchors};
use super::definition::lib_needs_server;
use super::fallback::{
    map_beside, map_definitions, merge_map_extras, offer_candidates, unread_note, Found, USE_KINDS,
};
use super::filter::{file_filter, keep};
use super::list::{listing, Layout, ListText};
use super::packages::site;
use super::params::ReferencesParams;
use super::server::{server_anchors, slow, Ask};
use super::target::target;
use crate::lsp::{Capability, Locate};
use crate::workspace::Workspace;
use answer::envelope::{Answer, ToolError};
use answer::query::{callable, Map};
use indexer::model::Pos;
use indexer::store::MapSymbol;
use serde_json::json;
use std::collections::HashSet;

/// Map edges into any of `targets`, as anchors at the spot each was written.
fn map_refs(
    map: &Map,
    a: &mut Anchors<'_>,
    targets: &[MapSymbol],
    kinds: &[&str],
) -> Result<Vec<Anchor>, ToolError> {
    let mut out = Vec::new();
    for t in targets {
        for e in map.db().edges_into(&t.node_id, kinds)? {
            let mut v = a.at_rel(
                &e.file,
                Pos {
                    line: e.line,
                    col: e.col,
                },
                e.line,
            );
            v.edge = Some(e.kind);
            v.from = Some(e.other);
            out.push(v);
        }
    }
    Ok(out)
}

/// Why a library symbol's references are asked from the workspace's uses of its name.
#[derive(Clone, Copy, Debug)]
enum Asked {
    /// The server answered from the library's file with none of the workspace's: it binds
    /// them to another definition (pyright, to typeshed's stub of an installed package).
    Stub,
    /// The server failed on the library's file.
    Failed,
    /// The server reads the library only inside its archive (JDT LS, a jar), not the
    /// unpacked file: it is not asked there at all ("a non-project file").
    Archived,
}

impl Asked {
    fn why(self, name: &str) -> String {
        match self {
            Asked::Stub => format!(
                "the server binds the workspace's uses of {name} to another definition of it (a stub of its module)"
            ),
            Asked::Failed => "the server failed on the library's file".to_string(),
            Asked::Archived => {
                "the server reads the library's code only inside its archive, not the unpacked file"
                    .to_string()
            }
        }
    }
}

/// A library symbol's uses in the workspace that the server bound to another definition of
/// it, or could not find from the library's file: from the first few places the workspace
/// imports `name` (or calls it unlinked), the one whose definitions include the target's
/// file (or a stub of its module: `…/pygments/lexers/__init__.pyi` for
/// `…/pygments/lexers/__init__.py`) is asked for its references, and the workspace's are
/// kept, said with the place asked. Empty when none is found so, said with what each place
/// gave; `None` when the workspace's map has no import or unlinked call of the name to ask
/// from. The definitions are asked until `until`; the one use's references with a
/// references request's timeout of its own.
fn uses_bound_elsewhere(
    ws: &Workspace,
    t: &super::target::Target,
    name: &str,
    why: Asked,
    until: std::time::Instant,
    a: &mut Anchors<'_>,
    w: &mut Vec<String>,
) -> Option<Vec<Anchor>> {
    let unread = |e: &dyn std::fmt::Display, w: &mut Vec<String>| {
        w.push(format!(
            "{}: the workspace's uses of {name} were not looked for, its map could not be read ({e})",
            why.why(name)
        ));
        Some(Vec::new())
    };
    let map = match a.need_map() {
        Ok(m) => m,
        Err(e) => return unread(&e.message, w),
    };
    const SITES: usize = 3;
    // One more than is asked, to know whether there were more: the imports of the name
    // (Python's `from pygments.lexers import get_lexer_by_name`), then the calls of it the map
    // could not link (Java's `Jsoup.parse(html)`, a method no import names).
    let mut sites = match map.db().imports_of_member(name, SITES + 1) {
        Ok(s) => s,
        Err(e) => return unread(&e, w),
    };
    if sites.len() <= SITES {
        let more = SITES + 1 - sites.len();
        if let Ok(calls) = map.db().first_unlinked_calls_named(name, more) {
            sites.extend(calls.into_iter().map(|c| (c.file, c.line, c.col)));
        }
    }
    if sites.is_empty() {
        return None;
    }
    let Some(server) = super::server::server_for(ws, t.lang, Capability::References, w) else {
        return Some(Vec::new());
    };
    let more = sites.len() > SITES;
    sites.truncate(SITES);
    let n = sites.len();
    let mut gave = Vec::new();
    let mut proven: Vec<Anchor> = Vec::new();
    // Until when an empty references answer is asked again (below), all places together.
    let again_until = std::time::Instant::now() + slow(ws);
    for (file, line, at) in sites {
        let left = until.saturating_duration_since(std::time::Instant::now());
        if left.is_zero() {
            break;
        }
        let mut said = |what: String| gave.push(format!("{file}:{line}: {what}"));
        let (c, text, pos) = match site(ws, &file, line, at, name) {
            Ok(s) => s,
            Err(e) => {
                said(e);
                continue;
            }
        };
        let defs = match server.locate(Locate::Definition, &c, &text, pos, Some(left)) {
            Ok(d) => d,
            Err(e) => {
                said(format!("the definition request failed ({e})"));
                continue;
            }
        };
        let mut ours = false;
        for d in &defs {
            let p =
                crate::lsp::uri_to_path(d.uri.as_str()).or_else(|| a.archived(d.uri.as_str()).ok());
            ours |= p.is_some_and(|p| same_module(&t.c.abs, &p));
        }
        if !ours {
            said(match defs.len() {
                0 => "the server gave no definition".into(),
                1 => "the server's 1 definition is another's".into(),
                k => format!("the server's {k} definitions are another's"),
            });
            continue;
        }
        // The use whose definition is this one is asked with a references request's own
        // timeout, whatever the definitions took (JDT LS's first one, importing the project
        // under load, took it all, and the references got none: CI's failure).
        let ask = || {
            let left = until
                .saturating_duration_since(std::time::Instant::now())
                .max(slow(ws));
            let declaration = false;
            server.locate(
                Locate::References { declaration },
                &c,
                &text,
                pos,
                Some(left),
            )
        };
        // This place is a use of the symbol (its definition says so), so no references at
        // all means the server has not read the workspace's files yet (JDT LS indexing its
        // project after it said it was ready, under load: CI's second failure): asked again
        // for a while: one while for the answer, not one per place asked.
        let mut refs = ask();
        let mut tries = 1;
        while refs.as_ref().is_ok_and(Vec::is_empty) && std::time::Instant::now() < again_until {
            std::thread::sleep(std::time::Duration::from_millis(500));
            refs = ask();
            tries += 1;
        }
        let refs = match refs {
            Ok(r) => r,
            Err(e) => {
                said(format!("the references request failed ({e})"));
                continue;
            }
        };
        let mut out: Vec<Anchor> = refs
            .iter()
            .filter_map(|l| a.lsp_anchor(l, server.encoding()))
            .collect();
        // The library's own (its files may lie inside the workspace, in `.venv`) are listed.
        a.in_libraries(&mut out, &mut Vec::new());
        out.retain(|x| !x.external && x.lib.is_none());
        dedup_anchors(&mut out);
        if out.is_empty() {
            // The place asked is a use, whatever the server's references missed: kept, in
            // case no other place gives more.
            said(format!(
                "the server's {} reference{} are none of the workspace's{}",
                refs.len(),
                plural(refs.len()),
                if tries > 1 {
                    format!(" ({tries} tries)")
                } else {
                    String::new()
                }
            ));
            proven.push(a.at_rel(&file, pos, pos.line));
            continue;
        }
        let k = out.len();
        w.push(format!(
            "{}: {} found from the use at {file}:{}, whose definition is this one",
            why.why(name),
            if k == 1 {
                "this 1 was".to_string()
            } else {
                format!("these {k} were")
            },
            pos.line
        ));
        return Some(out);
    }
    // Said, so that the "no use" below is read with what was asked.
    // The places whose definition is this one are uses, though the server listed none of
    // the workspace's from them (it may not have read the workspace's files yet): they alone
    // are listed, said to be partial.
    w.push(bound_elsewhere_note(
        name,
        why,
        n,
        more,
        &gave,
        proven.len(),
    ));
    Some(proven)
}

/// Adds to the server's answer `found` the symbol's uses in the workspace's other npm
/// packages it does not hold ([`super::packages::across`]), and leaves out its places in the
/// definition's package's built declarations, counted.
fn across(
    ws: &Workspace,
    (t, declaration): (&super::target::Target, bool),
    found: &mut Vec<Anchor>,
    until: std::time::Instant,
    a: &mut Anchors<'_>,
    w: &mut Vec<String>,
) {
    let Some(map) = a.map() else {
        return;
    };
    let Ok(server) = ws.server(t.lang) else {
        return;
    };
    let listed = found
        .iter()
        .filter(|x| !x.external)
        .map(|x| x.file.clone())
        .collect();
    let at = super::packages::At::of(t, declaration);
    let Some(more) = super::packages::across(ws, map, &server, at, &listed, until, w) else {
        return;
    };
    let all = found.len();
    found.retain(|x| x.external || !more.replaced(&x.file, &t.c.rel));
    if found.len() < all {
        w.push(format!(
            "left out: {} of the server's references in {} (its built declarations, files its build writes; or, answered from its definition instead, its source)",
            all - found.len(),
            more.pkg.name
        ));
    }
    found.extend(
        more.locs
            .iter()
            .filter_map(|l| a.lsp_anchor(l, server.encoding())),
    );
    dedup_anchors(found);
}

/// With no project file above the symbol's file (no `tsconfig.json`), tsserver reads each
/// file alone: each file importing the symbol that the answer does not list is asked
/// ([`super::packages::each_importer`]); the places added, said with the counts.
fn loose_importers(
    ws: &Workspace,
    (t, declaration, sure): (&super::target::Target, bool, &[MapSymbol]),
    found: &mut Vec<Anchor>,
    until: std::time::Instant,
    a: &mut Anchors<'_>,
    w: &mut Vec<String>,
) {
    let (Some(map), Ok(server)) = (a.map(), ws.server(t.lang)) else {
        return;
    };
    let Some(d) = sure.first() else {
        return;
    };
    let listed: HashSet<String> = found.iter().map(|x| x.file.clone()).collect();
    let at = (t.c.abs.as_path(), declaration);
    let Some(asked) = super::packages::each_importer(ws, map, &server, d, at, &listed, until)
    else {
        return;
    };
    let before = found.len();
    found.extend(
        asked
            .locs
            .iter()
            .filter_map(|l| a.lsp_anchor(l, server.encoding())),
    );
    dedup_anchors(found);
    let added = found.len().saturating_sub(before);
    w.push(format!("{added} more found by {}", asked.said(&d.name)));
}

/// The server's places that cannot be uses of the name: no name starts there (a blank, the
/// middle of a word, past the line's end) or another symbol is declared there. tsserver maps
/// its places in a package's built declarations back through their declaration maps, whose
/// columns are not exact: `export interface LinkProtocolOptions` for `Mark`. Left out, said.
fn not_uses(
    t: &super::target::Target,
    a: &mut Anchors<'_>,
    found: &mut Vec<Anchor>,
    w: &mut Vec<String>,
) {
    let Some((name, _)) =
        super::target::word_at(indexer::syntax::line_at(&t.text, t.pos.line), t.pos.col)
    else {
        return;
    };
    let map = a.map();
    let mut out = Vec::new();
    found.retain(|x| {
        if x.external {
            return true;
        }
        let why = match a.misplaced_structurally(x) {
            Some(why) => Some(why.to_string()),
            None => map
                .and_then(|m| m.db().defined_at(&x.file, x.line, x.col).ok())
                .and_then(|d| d.into_iter().find(|s| s.name != name))
                .map(|s| format!("{} is declared there", s.name)),
        };
        match why {
            Some(why) => {
                out.push(format!("{}:{}:{} ({why})", x.file, x.line, x.col));
                false
            }
            None => true,
        }
    });
    if !out.is_empty() {
        let n = out.len();
        out.truncate(5);
        w.push(format!(
            "left out: {n} place{} the server gave that cannot be uses of {name} ({}): places mapped back through a build's declaration maps land so",
            plural(n),
            out.join(", ")
        ));
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// What [`uses_bound_elsewhere`] asked when it found nothing: `gave` is what each place asked
/// gave, of the `n` it meant to ask (`more`: the workspace imports the name in further places,
/// not asked); fewer than `n`: it stopped at the deadline.
/// `proven` of them are listed: their definition is this symbol, though the server's
/// references from them held none of the workspace's.
fn bound_elsewhere_note(
    name: &str,
    why: Asked,
    n: usize,
    more: bool,
    gave: &[String],
    proven: usize,
) -> String {
    let of = if more {
        format!("the first {n} of more than {n} places")
    } else {
        format!("the {n} place{}", plural(n))
    };
    let stopped = if gave.len() < n {
        format!(
            ", stopped after {} at the references request's deadline",
            gave.len()
        )
    } else {
        String::new()
    };
    let each = if gave.is_empty() {
        String::new()
    } else {
        format!(" ({})", gave.join("; "))
    };
    let came = match proven {
        0 => "no use of this symbol came of them".to_string(),
        k => format!(
            "only the {k} place{} whose definition is this one {} listed, other uses may be missing (the server may not have read the workspace's files yet)",
            plural(k),
            if k == 1 { "is" } else { "are" }
        ),
    };
    format!(
        "{}: asked it from {of} the workspace imports or calls {name} (their definitions, then their references){stopped}: {came}{each}",
        why.why(name)
    )
}

/// Whether `other` is `file` or a stub of the same module: the module's name the same
/// (`…/stubs/Pygments/pygments/lexers/__init__.pyi` for
/// `…/site-packages/pygments/lexers/__init__.py`, `…/six/__init__.pyi` for `six.py`). The
/// caller has the definitions of one use: a stub named so is that module's.
fn same_module(file: &std::path::Path, other: &std::path::Path) -> bool {
    if file == other {
        return true;
    }
    // A package's `__init__` is the package: `six.py`'s stub is `six/__init__.pyi`.
    let stem = |p: &std::path::Path| -> Vec<String> {
        let mut parts: Vec<String> = p
            .with_extension("")
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        if parts.last().is_some_and(|l| l == "__init__") {
            parts.pop();
        }
        parts.reverse();
        parts
    };
    let (a, b) = (stem(file), stem(other));
    a.first().is_some_and(|f| b.first() == Some(f))
}

/// The warning for the server's references a `fileFilter` (or a call's `project`, which
/// sets it to the project's root) left out: `n` of `all`.
fn left_out(filter: Option<&str>, n: usize, all: usize) -> String {
    let f = filter.unwrap_or("");
    let project = crate::workspace::current_scope()
        .filter(|s| s.root.trim_end_matches('/') == f.trim_end_matches('/'))
        .map(|s| format!(" (project {:?}'s root)", s.name))
        .unwrap_or_default();
    format!(
        "left out: {n} of the server's {all} references, in files outside fileFilter {f:?}{project}; without it they are listed"
    )
}

pub fn references(ws: &Workspace, p: &ReferencesParams) -> Result<Answer, ToolError> {
    let filter = file_filter(ws, &p.file_filter)?;
    let decl = p.include_declaration.unwrap_or(false);
    let start = std::time::Instant::now();
    // One lease on the map and one snapshot of it for the whole answer.
    let lease = ws.map();
    let _read = read_once(&lease)?;
    let mut w = Vec::new();
    // The answer's list, with its candidates' lines (if any) after it in plain text.
    let answer = |found: Vec<Anchor>, head: serde_json::Value, source, w| {
        let tail = super::list::candidates_text(&head);
        listing(
            "references",
            found,
            head,
            p.token_budget,
            "narrow with fileFilter (a path or glob), or a larger tokenBudget",
            w,
            (Layout::ByFile, ws.shape()),
            ListText::anchors_then(source, tail),
        )
    };
    let (t, mut a) = target(ws, &lease, p, &mut w)?;
    let ask = Ask {
        timeout: Some(slow(ws)),
        instead: match t.lib {
            Some(_) => "from the workspace's uses of it",
            None => "from the map's edges",
        },
        ..Ask::new(Locate::References { declaration: decl })
    };
    // A library the server reads only inside its archive (JDT LS, a jar) is not asked at its
    // unpacked file, a file outside its projects it answers nothing from.
    let archived = t.lib.is_some() && t.lang.spec().server.archived.is_some();
    if t.lib.is_none() {
        if let Some((word, _)) =
            super::target::word_at(indexer::syntax::line_at(&t.text, t.pos.line), t.pos.col)
        {
            let _ = super::server::open_outside_project(ws, a.map(), t.lang, &word, &mut w);
            super::server::say_unseen(ws, a.map(), t.lang, &word, &mut w);
        }
    }
    let mut server = match archived {
        true => None,
        false => server_anchors(ws, &t, &mut a, ask, &mut w),
    };
    // The uses are asked within the answer's one deadline, or the usual timeout when a
    // failed request took it.
    let until = (start + slow(ws)).max(std::time::Instant::now() + ws.lsp_timeout);
    // A library's symbol: the server's answer alone (the workspace's map has no edge into
    // it), or an error that says a server is needed: never a silent empty list. A server that
    // failed on the library's file may still answer from the workspace's uses of the name.
    if let (Some(l), None) = (&t.lib, &server) {
        let name = l.live.name.clone();
        let why = if archived {
            Asked::Archived
        } else {
            Asked::Failed
        };
        match uses_bound_elsewhere(ws, &t, &name, why, until, &mut a, &mut w) {
            Some(found) if !found.is_empty() => server = Some(found),
            // Nothing in the workspace names it, and the server has nothing else to be
            // asked at: the workspace's answer is none, from the map.
            None if archived => {
                w.push(format!(
                    "no file of the workspace imports or calls {name} (by the map's imports and its calls linked to no definition; a method reference or reflection is not counted), so no use of it there; the library's own uses: map_neighbors of this nodeId, direction \"in\""
                ));
                return Ok(answer(Vec::new(), json!({ "source": "map" }), "map", w));
            }
            _ => return Err(lib_needs_server(&t, "nav_references", &w)),
        }
    }
    // The map's edges and the calls it could not type. Without a map, the server's answer
    // stands alone.
    let map = match t.lib {
        Some(_) => None,
        None => map_beside(&a, server.is_some())?,
    };
    let mut from_map = Vec::new();
    let mut untyped = Vec::new();
    let mut named: Option<MapSymbol> = None;
    let mut how = Found::Name;
    let mut unread: Option<String> = None;
    let mut sure: Vec<MapSymbol> = Vec::new();
    let mut target_name: Option<String> = None;
    if let Some(map) = map {
        let (mut defs, by) = map_definitions(map, &t)?;
        how = by;
        target_name = defs.first().map(|d| d.name.clone());
        // Beside a server's answer, the map adds only what it is sure is this symbol's: by
        // the name alone it may be a namesake's (a workspace `define` for attrs' `define`).
        if server.is_some() && !by.sure() {
            defs.clear();
        }
        if by.sure() {
            sure = defs.clone();
        }
        from_map = map_refs(map, &mut a, &defs, USE_KINDS)?;
        // A definition's own name is no use of it (a C++ definition's edge to the header's
        // prototype, once the prototype's definition is among `defs`): listed only as a
        // declaration.
        from_map.retain(|x| !defs.iter().any(|d| names(x, d)));
        // Said when the map answers: uses inside macro invocations it could not read.
        if server.is_none() {
            let mut files: Vec<Anchor> = from_map.clone();
            files.extend(defs.iter().map(|s| sym_anchor(&mut a, s)));
            let mut note = Vec::new();
            unread_note(map, &files, None, &mut note)?;
            unread = note.pop();
        }
        if decl {
            from_map.extend(defs.iter().map(|s| sym_anchor(&mut a, s)));
        }
        // Calls of the same name whose receiver's type is unknown: candidates.
        if let Some(d) = defs
            .iter()
            .find(|d| callable(&d.kind, d.signature.as_deref()))
        {
            named = Some(d.clone());
            untyped = a.calls_again(super::fallback::calls_named(map, d)?, &d.name, &mut w);
            untyped.retain(|c| filter.as_ref().is_none_or(|g| g.is_match(&c.file)));
        }
    }
    // One name declared twice in one scope where the language has no overloads (a Python
    // property's getter and setter): asked at a declaration, the server leaves out what
    // reaches the other accessor (rich's `Text.plain` by its node ID: 71 of the 78 pyright
    // gives from a use, its `self.plain += …` writes left out, from either declaration). It
    // is asked again from a use in the same file, and the two answers joined.
    if let (Some(found), Some(map)) = (server.as_mut(), map) {
        let twins = if !t.lang.spec().overloads && t.lib.is_none() && !a.changed(&t.c.rel) {
            same_name_twins(map, &sure)
        } else {
            Vec::new()
        };
        let declared = |x: &Anchor| twins.iter().chain(sure.iter()).any(|d| names(x, d));
        // A use in code (a decorator naming it, `@plain.setter`, is answered as the declaration
        // is).
        let a_use = found
            .iter()
            .find(|x| {
                !x.external
                    && x.file == t.c.rel
                    && !declared(x)
                    && !indexer::syntax::line_at(&t.text, x.line)
                        .trim_start()
                        .starts_with('@')
            })
            .map(|x| (x.line, x.col));
        if let (false, Some((line, col))) = (twins.is_empty(), a_use) {
            let before = found.len();
            let at = super::target::Target {
                c: t.c.clone(),
                lang: t.lang,
                text: t.text.clone(),
                pos: indexer::model::Pos { line, col },
                lib: None,
            };
            let ask = Ask {
                timeout: Some(slow(ws)),
                ..Ask::new(Locate::References { declaration: decl })
            };
            let mut scratch = Vec::new();
            if let Some(more) = server_anchors(ws, &at, &mut a, ask, &mut scratch) {
                found.extend(more);
            }
            if !decl {
                found.retain(|x| !declared(x));
            }
            dedup_anchors(found);
            if found.len() > before {
                w.push(format!(
                    "{} reference(s) added that the server gives from a use of {} ({}:{line}) and not from its declaration: it is declared {} times in its scope (a property's accessors), one name",
                    found.len() - before,
                    sure.first().map_or("the name", |d| d.name.as_str()),
                    t.c.rel,
                    twins.len() + 1
                ));
            }
        }
    }
    from_map.retain(|x| keep(&filter, x));
    dedup_anchors(&mut from_map);
    // The map's places in files edited since it indexed them are at old lines: each is
    // placed again where the name is written now near its old line, or left out as gone;
    // counted and said (axum's fallback gave `Route::new`'s uses at their old lines with the
    // text there now: `req.map(Body::new)`, unsaid).
    let (from_map, replaced) = place_again(&mut a, from_map, target_name.as_deref());
    let (mut found, source) = match server {
        Some(mut found) => {
            if t.lib.is_none() {
                across(ws, (&t, decl), &mut found, until, &mut a, &mut w);
                not_uses(&t, &mut a, &mut found, &mut w);
                loose_importers(ws, (&t, decl, &sure), &mut found, until, &mut a, &mut w);
            }
            let all = found.len();
            found.retain(|x| keep(&filter, x));
            // Said with the count, so that the filtered list is not read as all of them.
            if found.len() < all {
                w.push(left_out(p.file_filter.as_deref(), all - found.len(), all));
            }
            w.extend(replaced);
            let from_map = match map {
                Some(map) if super::fallback::is_overload(map, &sure)? => {
                    let listed: Vec<Anchor> = from_map
                        .into_iter()
                        .filter(|x| {
                            !found
                                .iter()
                                .any(|f| (&f.file, f.line, f.col) == (&x.file, x.line, x.col))
                        })
                        .collect();
                    let files = found.iter().map(|x| x.file.clone()).collect();
                    super::fallback::other_overloads(listed, &files, "references", &mut w)
                }
                _ => from_map,
            };
            let found = merge_map_extras(found, from_map, "references", false, &mut w);
            (found, "lsp")
        }
        None => {
            w.push(format!(
                "the map's edges into the symbol (found by {how}): calls, imports and bases the indexer resolved; a language server also finds uses it cannot"
            ));
            w.extend(unread.take());
            w.extend(replaced);
            if let (Some(name), Some(map)) = (target_name.as_deref(), a.map()) {
                w.extend(named_in_changed_files(ws, map, name));
            }
            (from_map, "map")
        }
    };
    found.retain(|x| keep(&filter, x));
    if source == "lsp" {
        a.in_libraries(&mut found, &mut w);
    }
    workspace_first(&mut found);
    if let Some(l) = &t.lib {
        // The server may bind the workspace's uses to another definition of the name (pyright
        // to typeshed's stub of an installed package): asked from a use the workspace
        // imports, whose definition is this one.
        if !found.iter().any(|x| !x.external && x.lib.is_none()) {
            found.extend(
                uses_bound_elsewhere(ws, &t, &l.live.name, Asked::Stub, until, &mut a, &mut w)
                    .unwrap_or_default(),
            );
        }
        // Said, so that "no use in my code" is not read from a list of the library's own.
        if !found.iter().any(|x| !x.external && x.lib.is_none()) {
            w.push(format!(
                "the server lists no use of {} in the workspace's files{}",
                l.node.id,
                if found.is_empty() {
                    ""
                } else {
                    " (only the library's own)"
                }
            ));
        }
    }
    let mut head = json!({ "source": source });
    let list = found.is_empty() || source == "map";
    // A call the server listed is one of this symbol's: no candidate.
    let listed: std::collections::HashSet<(String, u32)> =
        found.iter().map(|x| (x.file.clone(), x.line)).collect();
    untyped.retain(|c| !listed.contains(&(c.file.clone(), c.line)));
    // A server that knows every receiver's type left the others out as another symbol's.
    if source == "lsp" && t.lang.spec().server.types_every_receiver {
        untyped.clear();
    }
    if let Some(d) = &named {
        offer_candidates(&mut head, &untyped, d, list, &mut w);
    }
    // "No references" where the name is written: said with its places (a use in code the
    // server does not compile, Lua's `{"cosh", math_cosh}` under `#if
    // defined(LUA_COMPAT_MATHLIB)`; a value the map made no edge of; a string).
    let mut mentioned = false;
    if found.is_empty() {
        if let Some(d) = sure.first().or(named.as_ref()) {
            if let Some(note) = mentions_note(ws, map, t.lang, d) {
                w.push(note);
                mentioned = true;
            }
        }
    }
    let said = w.len();
    if let Some(map) = map {
        let mut twins = super::fallback::twin_definitions(ws, map, t.lang, &sure);
        // The server answered for the variant it compiles, which may be the map's twin
        // (zlib's `check_match`: the map links a use to the function under `ZLIB_DEBUG`,
        // clangd compiles the empty macro): that twin is the symbol answered, and the map's
        // one is the other variant.
        if source == "lsp" && !twins.is_empty() {
            if let Some(at) = answered_variant(ws, &t, &mut a, &twins) {
                let answered = twins.remove(at);
                twins.extend(sure.iter().map(|d| (answered.0.clone(), d.clone())));
            }
        }
        for (q, s) in twins {
            w.push(format!(
                "{q} is also defined at {}:{}, {}: a server reads one configuration and the map links a call to one definition, so uses the other build makes may be that one's: its references are asked with {}",
                s.file, s.name_line, super::fallback::twin_place(t.lang), s.node_id
            ));
        }
    }
    if source == "lsp" && (mentioned || w.len() > said) {
        w.extend(super::server::caveat(ws, t.lang));
    }
    Ok(answer(found, head, source, w))
}

/// Whether `x` is the place of `d`'s name (its declaration, not a use).
fn names(x: &Anchor, d: &MapSymbol) -> bool {
    d.file == x.file && d.name_line == x.line && d.name_col == x.col
}

/// The other declarations of the names of `sure` in the same scope of the same file
/// (`Text.plain~2` beside `Text.plain`; overload marks aside).
fn same_name_twins(map: &answer::query::Map, sure: &[MapSymbol]) -> Vec<MapSymbol> {
    let mut out: Vec<MapSymbol> = Vec::new();
    for d in sure {
        let Some((_, q)) = d.node_id.split_once('#') else {
            continue;
        };
        let base = match q.rsplit_once('.') {
            Some((up, leaf)) => format!("{up}.{}", indexer::id::segment_name(leaf)),
            None => indexer::id::segment_name(q).to_string(),
        };
        for s in map
            .db()
            .symbols_with_qualname(&base, "")
            .unwrap_or_default()
        {
            if s.file == d.file
                && s.node_id != d.node_id
                && !sure.iter().any(|x| x.node_id == s.node_id)
                && !out.iter().any(|x| x.node_id == s.node_id)
            {
                out.push(s);
            }
        }
    }
    out
}

/// The map's places in files changed since the last index run, each placed again where
/// `name` is written now near its old line ([`Anchors::placed_again`]), else left out; and the
/// warning that says so, with counts and files. Places in unchanged files pass as they are.
fn place_again(
    a: &mut Anchors<'_>,
    from_map: Vec<Anchor>,
    name: Option<&str>,
) -> (Vec<Anchor>, Option<String>) {
    let (mut placed, mut gone) = (0usize, 0usize);
    let mut files: std::collections::BTreeSet<String> = Default::default();
    let mut out = Vec::with_capacity(from_map.len());
    let mut taken = std::collections::HashSet::new();
    let mut changed = Vec::new();
    for x in from_map {
        if x.external || !a.changed(&x.file) {
            out.push(x);
        } else {
            changed.push(x);
        }
    }
    if changed.is_empty() {
        return (out, None);
    }
    // In order: each old place takes the nearest line not taken.
    for x in changed {
        files.insert(x.file.clone());
        match name.and_then(|n| a.placed_again(&x, n, &taken)) {
            Some(y) => {
                taken.insert((y.file.clone(), y.line, y.col));
                placed += 1;
                out.push(y);
            }
            None => gone += 1,
        }
    }
    dedup_anchors(&mut out);
    let shown: Vec<&str> = files.iter().map(String::as_str).take(3).collect();
    let note = format!(
        "{} of the map's references are in {} file{} changed since the last index run ({}{}): {placed} placed again where the name is written now near its old line, {gone} no longer found there and left out (`codemap index` refreshes the map)",
        placed + gone,
        files.len(),
        if files.len() == 1 { "" } else { "s" },
        shown.join(", "),
        if files.len() > shown.len() { ", …" } else { "" }
    );
    (out, Some(note))
}

/// Which of `twins` the server's definition at the asked position is: the variant it
/// compiles, whose references it answered. `None` when it is none of them (the map's own
/// symbol) or the server gives no definition.
fn answered_variant(
    ws: &Workspace,
    t: &super::target::Target,
    a: &mut Anchors<'_>,
    twins: &[(String, MapSymbol)],
) -> Option<usize> {
    let mut scratch = Vec::new();
    let found = server_anchors(ws, t, a, Ask::new(Locate::Definition), &mut scratch)?;
    let x = found.first()?;
    twins
        .iter()
        .position(|(_, s)| s.file == x.file && s.name_line == x.line)
}

/// The places in the folder of `d` (its language's files) that write its name as a word
/// outside its own definition, off comment lines and off the lines where the map has a
/// definition of the name (a namesake, an `#if` variant), said when no reference was found:
/// up to 5 named, all counted. `None` when there are none. A method's only where its type
/// names it (`ArrayDeserializer::new`, `Cls.method`): any call of a method of that name on
/// another type writes the name alone (toml_edit's `ArrayDeserializer::new`, in a module
/// rust-analyzer does not build: "0 references", unsaid, for 6 uses).
fn mentions_note(
    ws: &Workspace,
    map: Option<&Map>,
    lang: indexer::Lang,
    d: &MapSymbol,
) -> Option<String> {
    const FILES: usize = 500;
    const BYTES: u64 = 2 << 20;
    let through_type: Option<[String; 2]> = if d.kind == "method" {
        let ty = d.parent.as_deref()?.rsplit(['#', '.']).next()?;
        let ty = indexer::id::segment_name(ty);
        Some([format!("{ty}::{}", d.name), format!("{ty}.{}", d.name)])
    } else {
        None
    };
    let dir = indexer::walk::parent_dir(&d.file);
    let mut paths: Vec<_> = std::fs::read_dir(ws.root.join(dir))
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| indexer::Lang::of_path(p) == Some(lang))
        .collect();
    paths.sort();
    let total = paths.len();
    paths.retain(|p| p.metadata().is_ok_and(|m| m.is_file() && m.len() <= BYTES));
    paths.truncate(FILES);
    let unread = total - paths.len();
    let rules = &lang.spec().text;
    let defined: HashSet<(String, u32)> = map
        .and_then(|m| m.db().definitions_in_folder(&d.name, dir).ok())
        .unwrap_or_default()
        .into_iter()
        .collect();
    let mut places = Vec::new();
    for p in paths {
        let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
        let rel = match (dir, name) {
            ("", Some(n)) => n,
            (d, Some(n)) => format!("{d}/{n}"),
            _ => continue,
        };
        let c = crate::paths::Contained {
            rel: rel.clone(),
            abs: p.clone(),
        };
        let Ok(text) = ws.source(&c, &rel) else {
            continue;
        };
        for (line, code) in mention_lines(&text, &d.name) {
            let own = rel == d.file && (d.name_line..=d.end_line).contains(&line);
            let namesake = defined.contains(&(rel.clone(), line));
            let typed = through_type
                .as_ref()
                .is_none_or(|forms| forms.iter().any(|f| code.contains(f.as_str())));
            if !own && !namesake && typed && !rules.is_comment_line(code.trim()) {
                places.push(format!("{rel}:{line}"));
            }
        }
    }
    if places.is_empty() {
        return None;
    }
    let more = places.len().saturating_sub(5);
    Some(format!(
        "no reference was found, but `{}` is written at {}{} ({} place(s) in its folder): a use in code the server does not compile (an inactive `#if`, another build), a value the map made no edge of, or a string; check them",
        d.name,
        places[..places.len().min(5)].join(", "),
        if more > 0 { format!(" and {more} more") } else { String::new() },
        places.len()
    ) + &if unread > 0 {
        format!(" ({unread} of the folder's {total} files were not read: larger than 2 MiB or past the first {FILES})")
    } else {
        String::new()
    })
}

/// The lines of `text` that write `name` as a whole word: (1-based number, the line). Pure.
fn mention_lines<'t>(text: &'t str, name: &str) -> Vec<(u32, &'t str)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| indexer::syntax::writes_word(l, name))
        .map(|(i, l)| (i as u32 + 1, l))
        .collect()
}

/// The files changed on disk since the last index run whose text now writes `name` as a word:
/// a use added there is in no map answer (c-ares: a caller added to `ares_buf.c`, missing
/// from `refs --no-lsp`, unsaid). Said with the files; `None` when there are none.
fn named_in_changed_files(ws: &Workspace, map: &Map, name: &str) -> Option<String> {
    let changed = map.stale_files().ok()?;
    let named: Vec<String> = changed
        .into_iter()
        .filter(|rel| {
            crate::paths::contain(&ws.root, rel)
                .and_then(|c| ws.source(&c, rel))
                .is_ok_and(|t| t.lines().any(|l| indexer::syntax::writes_word(l, name)))
        })
        .collect();
    if named.is_empty() {
        return None;
    }
    let shown: Vec<&str> = named.iter().map(String::as_str).take(5).collect();
    Some(format!(
        "{name} is written in {} file(s) changed since the last index run ({}{}): uses added there are not in the map's answer (partial); `codemap index` or a running server finds them",
        named.len(),
        shown.join(", "),
        if named.len() > shown.len() { ", …" } else { "" }
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn a_name_is_mentioned_as_a_whole_word() {
        let text = "static int math_cosh (x) {\n  {\"cosh\", math_cosh},\n  math_cosh2();\n  my_math_cosh;\n";
        let lines: Vec<u32> = mention_lines(text, "math_cosh")
            .iter()
            .map(|m| m.0)
            .collect();
        assert_eq!(lines, [1, 2]);
        assert!(mention_lines("a.$f; f$", "f").is_empty());
    }

    #[test]
    fn what_was_asked_from_the_imports_is_said() {
        let one = ["a.py:1: the server gave no definition".to_string()];
        let three = [
            "a.py:1: the server's 1 definition is another's".to_string(),
            "b.py:2: the references request failed (timed out)".to_string(),
            "c.py:3: the server's 2 references are none of the workspace's".to_string(),
        ];
        let zero = [
            "T.java:12: the server's 0 references are none of the workspace's (9 tries)"
                .to_string(),
        ];
        // Why asked, places meant, more than those, what each gave, places listed; the note.
        type Case<'a> = (Asked, usize, bool, &'a [String], usize, &'a str);
        let cases: [Case; 4] = [
            (Asked::Stub, 1, false, &one, 0, "the server binds the workspace's uses of f to another definition of it (a stub of its module): asked it from the 1 place the workspace imports or calls f (their definitions, then their references): no use of this symbol came of them (a.py:1: the server gave no definition)"),
            (Asked::Archived, 3, true, &three, 0, "the server reads the library's code only inside its archive, not the unpacked file: asked it from the first 3 of more than 3 places the workspace imports or calls f (their definitions, then their references): no use of this symbol came of them (a.py:1: the server's 1 definition is another's; b.py:2: the references request failed (timed out); c.py:3: the server's 2 references are none of the workspace's)"),
            (Asked::Failed, 2, false, &one, 0, "the server failed on the library's file: asked it from the 2 places the workspace imports or calls f (their definitions, then their references), stopped after 1 at the references request's deadline: no use of this symbol came of them (a.py:1: the server gave no definition)"),
            // The place whose definition is this one is listed though its references
            // held none of the workspace's (JDT LS still indexing: CI's failure).
            (Asked::Archived, 1, false, &zero, 1, "the server reads the library's code only inside its archive, not the unpacked file: asked it from the 1 place the workspace imports or calls f (their definitions, then their references): only the 1 place whose definition is this one is listed, other uses may be missing (the server may not have read the workspace's files yet) (T.java:12: the server's 0 references are none of the workspace's (9 tries))"),
        ];
        for (why, n, more, gave, proven, want) in cases {
            assert_eq!(bound_elsewhere_note("f", why, n, more, gave, proven), want);
        }
    }

    #[test]
    fn stubs_of_the_same_module() {
        let py = Path::new("/v/lib/python3.12/site-packages/pygments/lexers/__init__.py");
        for (other, same) in [
            (
                "/t/typeshed/stubs/Pygments/pygments/lexers/__init__.pyi",
                true,
            ),
            (
                "/v/lib/python3.12/site-packages/pygments/lexers/__init__.py",
                true,
            ),
            ("/t/stubs/other/lexers/__init__.pyi", true),
            ("/t/stubs/other/lexers.pyi", true),
            ("/t/stubs/pygments/formatters/__init__.pyi", false),
            ("/t/stubs/x/__init__.pyi", false),
        ] {
            assert_eq!(same_module(py, Path::new(other)), same, "{other}");
        }
        let six = Path::new("/v/site-packages/six.py");
        assert!(same_module(six, Path::new("/t/stubs/six/six/__init__.pyi")));
        assert!(!same_module(
            six,
            Path::new("/t/stubs/six/six/moves/__init__.pyi")
        ));
    }
}
