//! The hierarchies around a symbol: `nav_implementations` (subtypes, and the methods that
//! override a method) and `nav_calls` (callers or callees, up to three levels), each the
//! server's with the map's finds added, or the map's alone.

use super::anchor::{dedup_anchors, read_once, sym_anchor, Anchor, Anchors};
use super::definition::{lib_anchor, lib_needs_server};
use super::fallback::{
    calls_named, map_beside, map_definitions, merge_map_extras, need_map, offer_candidates,
    unread_note,
};
use super::list::{listing, Layout, ListText};
use super::params::{AtParams, CallsParams};
use super::server::{failed, server_anchors, server_for, server_state_across, slow, Ask};
use super::target::{callable_target, Target};
use crate::lsp::{Capability, Locate, Server};
use crate::workspace::Workspace;
use answer::envelope::{Answer, ErrorCode, ToolError};
use answer::query::{callable, Map};
use indexer::lang::Lang;
use indexer::store::MapSymbol;
use lsp_types::request::CallHierarchyPrepare;
use lsp_types::CallHierarchyPrepareParams;
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashSet, VecDeque};
use std::time::Duration;

/// Types that implement or extend `id`, transitively (up to 3 levels).
pub(super) fn subtypes(map: &Map, id: &str) -> Result<Vec<String>, ToolError> {
    related_types(map, id, false)
}

/// The types `id` implements or extends (`up`) or that implement or extend it, transitively,
/// breadth first, up to 16 levels (3 cut zod's `$ZodType` at 167 of its 230 subtypes, unsaid).
fn related_types(map: &Map, id: &str, up: bool) -> Result<Vec<String>, ToolError> {
    let mut seen: HashSet<String> = HashSet::new();
    let mut out = Vec::new();
    let mut queue: VecDeque<(String, u32)> = VecDeque::from([(id.to_string(), 0)]);
    while let Some((n, d)) = queue.pop_front() {
        if d == 16 {
            continue;
        }
        let next = if up {
            map.db().direct_supertypes(&n)?
        } else {
            map.db().direct_subtypes(&n)?
        };
        for s in next {
            if seen.insert(s.clone()) {
                out.push(s.clone());
                queue.push_back((s, d + 1));
            }
        }
    }
    Ok(out)
}

/// The methods of the same name a method `d` overrides (in its type's supertypes) or is
/// overridden by (in its subtypes), up to 16 levels each way ([`overrides`]).
pub(super) fn override_family(map: &Map, d: &MapSymbol) -> Result<Vec<MapSymbol>, ToolError> {
    let Some(parent) = d.parent.as_deref().filter(|p| p.contains('#')) else {
        return Ok(Vec::new());
    };
    if d.kind != "method" {
        return Ok(Vec::new());
    }
    let mut types = subtypes(map, parent)?;
    types.extend(related_types(map, parent, true)?);
    types.retain(|t| t != parent);
    let mut out = Vec::new();
    members_overriding(map, d, &types, &mut out)?;
    Ok(out)
}

/// The methods of `d`'s name in `types` (node IDs; a file's is skipped) that override it or
/// that it overrides ([`overrides`]), appended to `out` where not there already.
fn members_overriding(
    map: &Map,
    d: &MapSymbol,
    types: &[String],
    out: &mut Vec<MapSymbol>,
) -> Result<(), ToolError> {
    // Where a method implements a trait only through its impl (Rust), a same-named method of
    // the type is another (an inherent `fmt`, `Display::fmt`: toml_edit's `impls
    // TableLike.fmt` gave 4 such beside its 2 implementations, and rename would have renamed
    // them): only an `implements` edge between the two links them.
    let by_impl = Lang::of_id(&d.node_id).is_some_and(|l| l.spec().impl_self_type.is_some());
    let linked: HashSet<String> = if by_impl {
        let mut l: HashSet<String> = map
            .db()
            .direct_supertypes(&d.node_id)?
            .into_iter()
            .collect();
        l.extend(
            map.db()
                .edges_into(&d.node_id, &["implements"])?
                .into_iter()
                .map(|e| e.other),
        );
        l
    } else {
        HashSet::new()
    };
    for t in types.iter().filter(|t| t.contains('#')) {
        for m in map.db().members_named(t, &d.name)? {
            if (!by_impl || linked.contains(&m.node_id))
                && overrides(d, &m)
                && !out.iter().any(|o| o.node_id == m.node_id)
            {
                out.push(m);
            }
        }
    }
    Ok(())
}

/// What the map knows implements the symbol at `t`: the subtypes of a type, and the methods of
/// the subtypes that override a method.
fn map_implementations(
    map: &Map,
    defs: &[MapSymbol],
    a: &mut Anchors<'_>,
) -> Result<Vec<Anchor>, ToolError> {
    let mut imps = Vec::new();
    for d in defs {
        if matches!(d.kind.as_str(), "method" | "function") {
            // A method: the same-named methods of the subtypes of its type that override it
            // ([`overrides`]).
            // A declaration's definitions elsewhere (C++'s `void A::f() {}` implements `A.f`
            // in the class), a trait method's in an impl of another file than its type
            // (Rust's `impl Shape for Sq` apart from `Sq`): their `implements` edges.
            for e in map.db().edges_into(&d.node_id, &["implements"])? {
                if let Some(s) = map.db().symbol(&e.other)? {
                    imps.push(sym_anchor(a, &s));
                }
            }
            let Some(parent) = &d.parent else { continue };
            // A file is no subtype: its `implements` edge stands for an impl of a type the
            // file does not declare, whose methods the edges above gave.
            // A subtype without its own: the one it inherits from another base, which
            // implements this method for it (a PHP trait the class uses, monolog's
            // `ProcessableHandlerTrait.pushProcessor`; a Java superclass's method).
            let above: HashSet<String> = related_types(map, parent, true)?.into_iter().collect();
            let mut found: Vec<MapSymbol> = Vec::new();
            for sub in subtypes(map, parent)?.iter().filter(|s| s.contains('#')) {
                let before = found.len();
                members_overriding(map, d, std::slice::from_ref(sub), &mut found)?;
                let own = found.len() > before || !map.db().members_named(sub, &d.name)?.is_empty();
                if !own {
                    let mut bases = related_types(map, sub, true)?;
                    bases.retain(|b| b != parent && !above.contains(b));
                    members_overriding(map, d, &bases, &mut found)?;
                }
            }
            imps.extend(found.iter().map(|m| sym_anchor(a, m)));
        } else {
            // A direct subtype whose `implements` is written apart from it (Rust's
            // `impl Trait for Type`, a block of its own): the anchor is that block, where a
            // server places it too, with the type's node.
            let mut apart = HashSet::new();
            for e in map.db().edges_into(&d.node_id, &["implements"])? {
                let Some(s) = map.db().symbol(&e.other)? else {
                    continue;
                };
                // A type the map has no symbol of (`impl StripPrefixExt for str`): the edge
                // comes from the file, and the place is the block, not the file's first line.
                let file_node = !s.node_id.contains('#');
                if !file_node && e.file == s.file && (s.name_line..=s.end_line).contains(&e.line) {
                    continue;
                }
                let pos = indexer::model::Pos {
                    line: e.line,
                    col: e.col,
                };
                let mut v = a.at_rel(&e.file, pos, e.line);
                v.node_id = Some(s.node_id.clone());
                imps.push(v);
                apart.insert(s.node_id);
            }
            for sub in subtypes(map, &d.node_id)? {
                if apart.contains(&sub) {
                    continue;
                }
                if let Some(s) = map.db().symbol(&sub)? {
                    imps.push(sym_anchor(a, &s));
                }
            }
            imps.extend(impl_blocks(map, d, a)?);
        }
    }
    dedup_anchors(&mut imps);
    Ok(imps)
}

/// A type's impls of traits, where its language's types have impl blocks, not subtypes
/// (`Language::impl_self_type`): each `implements` edge out of it (an impl in its own file),
/// and each an impl of another file writes for a type of its name (`impl Sealed for
/// IndexMap<K, V, S> {}` in `mutable.rs`: the edge comes from that file, whose header names
/// the type). indexmap's `impls IndexMap` from the map: "no implementations", where
/// rust-analyzer lists 26 impl blocks. A type of that name elsewhere is told apart by the
/// impl's file importing this one's, when the name is not the only type of it.
fn impl_blocks(map: &Map, d: &MapSymbol, a: &mut Anchors<'_>) -> Result<Vec<Anchor>, ToolError> {
    let Some(lang) = Lang::of_id(&d.node_id) else {
        return Ok(Vec::new());
    };
    let Some(self_type) = lang.spec().impl_self_type else {
        return Ok(Vec::new());
    };
    if matches!(
        d.kind.as_str(),
        "interface" | "trait" | "function" | "method"
    ) {
        return Ok(Vec::new());
    }
    let db = map.db();
    let block = |a: &mut Anchors<'_>, e: &indexer::store::EdgeSite| {
        let mut v = a.at_rel(
            &e.file,
            indexer::model::Pos {
                line: e.line,
                col: e.col,
            },
            e.line,
        );
        v.node_id = Some(d.node_id.clone());
        v.name = Some(json!(e.other.rsplit(['#', '.']).next().unwrap_or(&e.other)));
        v
    };
    let mut out: Vec<Anchor> = db
        .implements_out_of(&d.node_id)?
        .iter()
        .map(|e| block(a, e))
        .collect();
    let apart = db.implements_from_files(lang.prefix())?;
    if apart.is_empty() {
        return Ok(out);
    }
    // Types of this name in other files (a `#[cfg]` twin in its own file is the same type).
    let same_name = 1 + db
        .symbols_named(&d.name, &d.file)?
        .iter()
        .filter(|s| {
            s.file != d.file
                && !matches!(
                    s.kind.as_str(),
                    "interface" | "function" | "method" | "field"
                )
        })
        .count();
    let importers: HashSet<String> = if same_name > 1 {
        db.edges_into(&d.node_id, &[])?
            .into_iter()
            .map(|e| e.file)
            .collect()
    } else {
        HashSet::new()
    };
    for e in &apart {
        let pos = indexer::model::Pos {
            line: e.line,
            col: e.col,
        };
        let Some(header) = a.text_from(&e.file, pos, 6) else {
            continue;
        };
        if self_type(&header).as_deref() != Some(d.name.as_str()) {
            continue;
        }
        if same_name > 1 && e.file != d.file && !importers.contains(&e.file) {
            continue;
        }
        out.push(block(a, e));
    }
    Ok(out)
}

/// Whether a same-named method `m` in a related type overrides or is overridden by `d`: in a
/// language of overloads, of as many parameters where both counts are known and of the same
/// parameter types as their signatures write them (an overload overrides nothing of
/// another's); elsewhere by name alone (Python's `Nested._deserialize(…, partial=None)` and
/// `Constant._deserialize(self, value, *args)` override `Field._deserialize`).
fn overrides(d: &MapSymbol, m: &MapSymbol) -> bool {
    let overloads = Lang::of_id(&d.node_id).is_some_and(|l| l.spec().overloads);
    !overloads
        || ((m.params.is_none() || d.params.is_none() || m.params == d.params)
            && super::signature::same_parameter_types(d, m))
}

/// Whether `x` is where one of `defs` is defined: a server that answers "implementations" with
/// the symbol itself (tsc does for a class or a method) has answered nothing.
fn is_own_definition(x: &Anchor, defs: &[MapSymbol]) -> bool {
    defs.iter()
        .any(|d| d.file == x.file && d.name_line == x.line)
}

pub fn implementations(ws: &Workspace, p: &AtParams) -> Result<Answer, ToolError> {
    let ask = Ask::new(Locate::Implementation);
    // One lease on the map and one snapshot of it for the whole answer.
    let lease = ws.map();
    let _read = read_once(&lease)?;
    let mut w = Vec::new();
    let (t, mut a) = callable_target(ws, &lease, p, &mut w)?;
    let server = server_anchors(ws, &t, &mut a, ask, &mut w);
    // A library's symbol: the server's answer alone, or the error that says one is needed.
    if t.lib.is_some() && server.is_none() {
        return Err(lib_needs_server(&t, "nav_implementations", &w));
    }
    let map = match t.lib {
        Some(_) => None,
        None => map_beside(&a, server.is_some())?,
    };
    let mut defs = Vec::new();
    let mut from_map = Vec::new();
    if let Some(map) = map {
        defs = match map_definitions(map, &t) {
            // Beside a server's answer, only what the map is sure is this symbol's.
            Ok((_, how)) if server.is_some() && !how.sure() => Vec::new(),
            Ok((d, _)) => d,
            // With a server's answer, the map only adds to it.
            Err(_) if server.is_some() => Vec::new(),
            Err(e) => return Err(e),
        };
        from_map = map_implementations(map, &defs, &mut a)?;
        // A symbol renamed or removed since indexing is no implementation now.
        let before = from_map.len();
        from_map.retain(|x| !x.node_id.as_deref().is_some_and(|n| a.gone(n)));
        if from_map.len() < before {
            w.push(format!(
                "{} of the map's implementations are no longer in their files (renamed or removed since the last index run): left out",
                before - from_map.len()
            ));
        }
    }
    let (mut found, source) = match server {
        Some(mut found) => {
            let before = found.len();
            let own = lib_anchor(&t, &mut a);
            found.retain(|x| {
                !is_own_definition(x, &defs)
                    && !own
                        .as_ref()
                        .is_some_and(|o| o.file == x.file && o.line == x.line)
            });
            if found.len() < before {
                w.push(
                    "the server answered the symbol's own definition, which is not an implementation: left out"
                        .into(),
                );
            }
            // An import or a re-export of an implementation is none (tsc on a `.d.ts`
            // interface: hono's `Router`, 20 import and export lines among its 6 classes).
            let before = found.len();
            found.retain(|x| {
                !x.snippet
                    .as_deref()
                    .is_some_and(super::fallback::imports_or_exports)
            });
            if found.len() < before {
                w.push(format!(
                    "{} place(s) the server gave on import or export lines are not implementations: left out",
                    before - found.len()
                ));
            }
            // The server read the files changed since indexing as they are now: what the map
            // has there and the server does not list is the old text's (echo's `context`,
            // added by the map after its `HTMLBlob` was renamed by hand: no implementation).
            let (stale, fresh): (Vec<Anchor>, Vec<Anchor>) =
                from_map.into_iter().partition(|x| a.changed(&x.file));
            let unlisted = stale
                .iter()
                .filter(|x| {
                    !found
                        .iter()
                        .any(|f| f.file == x.file && (f.line == x.line || f.node_id == x.node_id))
                })
                .count();
            if unlisted > 0 {
                w.push(format!(
                    "{unlisted} of the map's implementations are in files changed since the last index run, which the server read as they are now and did not list: not added (`codemap index` brings the map up to date)"
                ));
            }
            (
                merge_map_extras(found, fresh, "implementations", true, &mut w),
                "lsp",
            )
        }
        None => {
            let blocks = defs.iter().any(|d| {
                Lang::of_id(&d.node_id).is_some_and(|l| l.spec().impl_self_type.is_some())
                    && !matches!(d.kind.as_str(), "interface" | "function" | "method")
            });
            w.push(if blocks {
                "the map's impls of traits for this type, each at its trait in the impl's header (its inherent `impl` blocks are not listed; an impl written inside a macro is not in the map)".into()
            } else {
                "the map's implements/extends edges (subtypes, and the methods that override this one)".into()
            });
            (from_map, "map")
        }
    };
    if source == "lsp" {
        a.in_libraries(&mut found, &mut w);
    }
    // The workspace's own first: a budget cuts the dependencies' (toml_edit's `impls
    // Display`: 14 of 418 shown, all from dependencies, none of its own 11).
    super::anchor::workspace_first(&mut found);
    w.extend(a.moved_note());
    Ok(listing(
        "implementations",
        found,
        json!({ "source": source }),
        p.token_budget,
        "point at a more specific type or method, or give a larger tokenBudget",
        w,
        (Layout::ByFile, ws.shape()),
        ListText::anchors(source),
    ))
}

/// One caller or callee in a call tree, flattened: `depth` 1 is the asked symbol's direct
/// callers (incoming) or callees (outgoing); `via` is the node one level up.
pub fn calls(ws: &Workspace, p: &CallsParams) -> Result<Answer, ToolError> {
    let mut w = Vec::new();
    let incoming = match p.direction.as_deref().unwrap_or("incoming") {
        "incoming" | "in" => true,
        "outgoing" | "out" => false,
        other => {
            return Err(ToolError::bad_args(format!(
                "direction {other:?} is not incoming or outgoing"
            )))
        }
    };
    let depth = p.depth.unwrap_or(1);
    if !(1..=3).contains(&depth) {
        return Err(ToolError::bad_args(format!(
            "depth must be 1..3, got {depth}"
        )));
    }
    // One lease on the map and one snapshot of it for the whole answer.
    let lease = ws.map();
    let _read = read_once(&lease)?;
    let (t, mut a) = callable_target(ws, &lease, p, &mut w)?;
    let narrow = "a smaller depth, or a larger tokenBudget";
    let answer = |items: Vec<Anchor>, head: Value, w: Vec<String>, source| {
        let tail = outside_text(&head) + &super::list::candidates_text(&head);
        listing(
            "calls",
            items,
            head,
            p.token_budget,
            narrow,
            w,
            (Layout::Flat, ws.shape()),
            ListText::anchors_then(source, tail),
        )
    };
    let dir = if incoming { "incoming" } else { "outgoing" };
    if let Some(s) = server_for(ws, t.lang, Capability::CallHierarchy, &mut w) {
        match lsp_calls(&s, &t, incoming, depth, &mut a, slow(ws)) {
            Ok((mut root, mut items, siteless)) => {
                if siteless > 0 {
                    w.push(format!(
                        "{siteless} {} the server gave with no call site were left out: a symbol several definitions share (clangd: `main`, or a function of one name in several programs) gets the calls of all of them, and these are another definition's",
                        if incoming { "caller(s)" } else { "callee(s)" }
                    ));
                }
                // Callers or callees the server placed where no file can be shown (JDT LS's
                // `jdt://` JDK classes): said, not dropped unsaid.
                w.extend(a.take_notes());
                server_state_across(&s, &t.c.abs, &mut w);
                // A library's symbol is named by its library node ID.
                if let (Some(r), Some(own)) = (root.as_mut(), lib_anchor(&t, &mut a)) {
                    r.node_id = own.node_id;
                    r.lib = own.lib;
                    r.lib_version = own.lib_version;
                }
                let mut head = json!({"source": "lsp", "direction": dir, "symbol": root});
                if !ws.detail {
                    head["symbol"] = answer::shape::flat_anchor(&head["symbol"]);
                }
                a.in_libraries(&mut items, &mut w);
                if incoming && t.lib.is_none() {
                    add_map_callers(&t, (&mut a, depth), &mut items, &mut head, &mut w)?;
                } else if t.lib.is_none() {
                    add_map_callees(&t, &mut a, &mut items, &mut w)?;
                    // (A library's symbol's callees are the library's: listed.)
                    set_outside_apart(&mut items, &mut head, &mut w);
                }
                w.extend(a.moved_note());
                return Ok(answer(items, head, w, "lsp"));
            }
            Err(e) => failed(&mut w, e, "from references and the map"),
        }
    }
    if t.lib.is_some() {
        return Err(lib_needs_server(&t, "nav_calls", &w));
    }
    let map = need_map(&a)?;
    let (defs, how) = map_definitions(map, &t)?;
    let Some(d) = defs.first().cloned() else {
        // Why the map may not know it: its file changed since the last run (starlette's
        // `init_hdrs`, renamed by hand: "no symbol", the map's `init_headers` at that very
        // spot unsaid), or the server that would have answered failed.
        let mut why = Vec::new();
        if t.lib.is_none() && a.changed(&t.c.rel) {
            why.push(format!(
                "{} changed since the last index run: the map's symbols there are the old text's (`codemap index` brings it up to date)",
                t.shown()
            ));
        }
        why.extend(w.iter().cloned());
        let e = ToolError::new(
            ErrorCode::SymbolNotFound,
            format!(
                "the map knows no symbol at {}:{}:{}",
                t.shown(),
                t.pos.line,
                t.pos.col
            ),
        );
        return Err(if why.is_empty() {
            e
        } else {
            e.hint(why.join("; "))
        });
    };
    let mut items = Vec::new();
    // The symbol's definitions the map is sure of, together (a C++ prototype and its
    // definition: the calls are linked to the definition); of a name alone, the first.
    let mut level = if how.sure() {
        defs.clone()
    } else {
        vec![d.clone()]
    };
    let mut seen: HashSet<String> = level.iter().map(|s| s.node_id.clone()).collect();
    let source = if incoming {
        "fallback-references"
    } else {
        "fallback-map"
    };
    w.push(if incoming {
        "callers from references (the map's call edges into the symbol), grouped by the function they sit in".to_string()
    } else {
        "callees from the map's call edges out of the symbol".to_string()
    });
    // Callees defined again in another build configuration (below).
    let mut variants: Vec<String> = Vec::new();
    for dep in 1..=depth {
        let mut next = Vec::new();
        for cur in &level {
            let sites = if incoming {
                map.db().edges_into(&cur.node_id, &["calls"])?
            } else {
                map.db().calls_out_of(&cur.node_id)?
            };
            let mut by_node: BTreeMap<String, Vec<u32>> = BTreeMap::new();
            for e in sites {
                by_node.entry(e.other).or_default().push(e.line);
            }
            for (node, lines) in by_node {
                let Some(s) = map.db().symbol(&node)? else {
                    continue;
                };
                let mut v = if incoming {
                    caller_anchor(&mut a, &s, &lines)
                } else {
                    sym_anchor(&mut a, &s)
                };
                if !incoming && dep == 1 && !seen.contains(&node) {
                    let twins = super::fallback::twin_definitions(
                        ws,
                        map,
                        t.lang,
                        std::slice::from_ref(&s),
                    );
                    if let Some((_, o)) = twins.first() {
                        variants.push(format!("{} (also {}:{})", s.name, o.file, o.name_line));
                    }
                }
                v.name = Some(json!(s.name));
                v.kind = Some(json!(s.kind));
                v.depth = Some(dep);
                v.via = Some(json!(cur.node_id));
                v.call_lines = Some(lines.into_iter().map(u64::from).collect());
                items.push(v);
                if seen.insert(node) {
                    next.push(s);
                }
            }
        }
        level = next;
    }
    w.extend(a.moved_note());
    let mut head = json!({"source": source, "direction": dir, "symbol": d.node_id});
    if incoming {
        let mut anchors: Vec<Anchor> = items.clone();
        anchors.push(sym_anchor(&mut a, &d));
        unread_note(map, &anchors, None, &mut w)?;
    } else {
        note_unlinked_callees(map, &[d.node_id.as_str()], false, &items, &mut w)?;
        // A callee defined again in another build configuration (C's `#if` branches, Go's
        // build tags): the map linked the call to one of them, which may not be the one the
        // build calls (c-ares' `ares_thread_mutex_lock`: the `_WIN32` one given, unsaid).
        if !variants.is_empty() {
            w.push(format!(
                "{} callee(s) are defined again in {}: the map links each call to one of them, which may not be the one this build calls: {}",
                variants.len(),
                super::fallback::twin_place(t.lang),
                variants.iter().take(5).cloned().collect::<Vec<_>>().join(", ")
            ));
        }
        let within = d.node_id.split_once('#').map(|(_, q)| q);
        unread_note(
            map,
            &[sym_anchor(&mut a, &d)],
            Some(within.unwrap_or("")),
            &mut w,
        )?;
    }
    if incoming && callable(&d.kind, d.signature.as_deref()) {
        dispatched_through(map, &d, &items, &mut head, &mut w)?;
        let untyped = a.calls_again(calls_named(map, &d)?, &d.name, &mut w);
        offer_candidates(&mut head, &untyped, &d, true, &mut w);
    }
    Ok(answer(items, head, w, source))
}

/// The methods `d` implements or overrides, up its types (an `implements` edge out of it,
/// Rust's trait impl; a same-named method of a supertype, [`overrides`]).
fn overridden(map: &Map, d: &MapSymbol) -> Result<Vec<MapSymbol>, ToolError> {
    let mut out: Vec<MapSymbol> = Vec::new();
    for id in map.db().direct_supertypes(&d.node_id)? {
        if let Some(s) = map.db().symbol(&id)? {
            out.push(s);
        }
    }
    if let Some(parent) = d.parent.as_deref().filter(|p| p.contains('#')) {
        members_overriding(map, d, &related_types(map, parent, true)?, &mut out)?;
    }
    Ok(out)
}

/// The most call sites of an implemented method named in [`dispatched_through`]'s note.
const THROUGH_SITES: usize = 5;

/// The calls of the methods `d` implements or overrides: each may run `d` (a call through
/// the trait, the interface or the base type), which no call hierarchy lists as `d`'s
/// (regex-syntax: `TranslatorI.visit_post`, called by `HeapVisitor::visit` through `V:
/// Visitor`: "no calls", unsaid). Under `through`, and said with their first sites; those
/// already listed as callers (gopls lists the calls through an interface: echo's 102 calls of
/// `Context.String`, said as not listed beside the 90 callers that made them) are not.
fn dispatched_through(
    map: &Map,
    d: &MapSymbol,
    listed: &[Anchor],
    head: &mut Value,
    w: &mut Vec<String>,
) -> Result<(), ToolError> {
    if d.kind != "method" {
        return Ok(());
    }
    let at: std::collections::HashSet<(&str, u32)> = listed
        .iter()
        .flat_map(|x| {
            x.call_lines
                .iter()
                .flatten()
                .filter_map(|&l| u32::try_from(l).ok())
                .map(|l| (x.file.as_str(), l))
        })
        .collect();
    let mut through = Vec::new();
    for b in overridden(map, d)? {
        let mut sites = map.db().edges_into(&b.node_id, &["calls"])?;
        sites.retain(|e| !at.contains(&(e.file.as_str(), e.line)));
        // A `super.m()` call runs the base's method itself, never this one; this method's
        // own calls of it are its `super` calls too (commons-io: 5 such said as "may run"
        // `CountingInputStream.afterRead`).
        // A call on the caller's own object (`afterRead(n)`, `this.afterRead(n)`) runs this
        // one only where the caller's type is this method's, above it or below it
        // (commons-io's `BOMInputStream`, a sibling of `CountingInputStream`, cannot).
        let spec = Lang::of_id(&d.node_id).map(|l| l.spec());
        let super_prefix = spec.and_then(|s| s.super_call).map(|sc| format!("{sc}."));
        let selves: Vec<String> = spec
            .map(|s| {
                s.self_names
                    .iter()
                    .map(|n| format!("{n}.{}", d.name))
                    .collect()
            })
            .unwrap_or_default();
        let mut own_types: HashSet<String> = HashSet::new();
        if let Some(p) = d.parent.as_deref() {
            own_types.insert(p.to_string());
            own_types.extend(subtypes(map, p)?);
            own_types.extend(related_types(map, p, true)?);
        }
        sites.retain(|e| e.other != d.node_id);
        let mut kept = Vec::with_capacity(sites.len());
        for e in sites {
            let written = map
                .db()
                .edges_on_line(&e.file, e.line)?
                .into_iter()
                .find(|x| x.target == b.node_id && x.col == e.col)
                .map(|x| x.target_name);
            let direct = match (&written, &super_prefix) {
                (Some(w), Some(sp)) => w.starts_with(sp.as_str()),
                _ => false,
            };
            let on_self = written
                .as_deref()
                .is_some_and(|w| w == d.name || selves.iter().any(|s| s == w));
            let elsewhere = on_self
                && !own_types.is_empty()
                && map
                    .db()
                    .symbol(&e.other)?
                    .and_then(|c| c.parent)
                    .is_some_and(|t| t.contains('#') && !own_types.contains(&t));
            if !direct && !elsewhere {
                kept.push(e);
            }
        }
        sites = kept;
        if sites.is_empty() {
            continue;
        }
        let shown: Vec<String> = sites
            .iter()
            .take(THROUGH_SITES)
            .map(|e| format!("{}:{}", e.file, e.line))
            .collect();
        w.push(format!(
            "{} implements or overrides {}, to which the map links {} call(s) that may run this one through it (not listed as its callers; `calls {}` lists them, with its calls the map could not link): {}{}",
            d.name,
            b.node_id,
            sites.len(),
            b.node_id,
            shown.join(", "),
            if sites.len() > shown.len() { ", …" } else { "" }
        ));
        through.push(json!({"nodeId": b.node_id, "calls": sites.len(), "sites": shown}));
    }
    if !through.is_empty() {
        head["through"] = Value::Array(through);
    }
    Ok(())
}

/// Callees outside the workspace (builtins, the standard library's stubs, dependencies) are
/// not what an agent follows, and they pushed the workspace's callees past the budget: left
/// out of the list, counted and named once under `outside`, with a warning.
fn set_outside_apart(items: &mut Vec<Anchor>, head: &mut Value, w: &mut Vec<String>) {
    let (outside, inside): (Vec<Anchor>, Vec<Anchor>) =
        std::mem::take(items).into_iter().partition(|x| x.external);
    *items = inside;
    if outside.is_empty() {
        return;
    }
    let mut names: Vec<String> = outside
        .iter()
        .filter_map(|x| x.name.as_ref().and_then(Value::as_str).map(str::to_string))
        .collect();
    names.sort();
    names.dedup();
    let more = names.len() > 30;
    names.truncate(30);
    head["outside"] = json!({"count": outside.len(), "names": names, "more": more});
    // Which of them are the workspace's dependencies' (tagged by `in_libraries`), by library.
    let mut libs: BTreeMap<(String, String), usize> = BTreeMap::new();
    for x in &outside {
        if let (Some(l), Some(v)) = (&x.lib, &x.lib_version) {
            *libs.entry((l.clone(), v.clone())).or_default() += 1;
        }
    }
    if !libs.is_empty() {
        head["outside"]["libs"] = json!(libs
            .into_iter()
            .map(
                |((lib, version), count)| json!({"lib": lib, "libVersion": version, "count": count})
            )
            .collect::<Vec<_>>());
    }
    w.push(format!(
        "{} callees outside the workspace (builtins, standard-library stubs, dependencies) left out of the list; `outside` names them",
        outside.len()
    ));
}

/// The plain-text lines for `outside` (callees kept out of the list): their count, names and
/// libraries, so that the text says what the JSON says. Empty when there is none.
fn outside_text(head: &Value) -> String {
    let Some(o) = head.get("outside") else {
        return String::new();
    };
    let count = o["count"].as_u64().unwrap_or(0);
    let names: Vec<&str> = o["names"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let more = if o["more"].as_bool().unwrap_or(false) {
        ", …"
    } else {
        ""
    };
    let mut out = format!(
        "outside the workspace, not listed: {count} callees ({}{more})\n",
        names.join(", ")
    );
    for l in o["libs"].as_array().into_iter().flatten() {
        out.push_str(&format!(
            "  {}@{}: {}\n",
            l["lib"].as_str().unwrap_or("?"),
            l["libVersion"].as_str().unwrap_or("?"),
            l["count"]
        ));
    }
    out
}

/// Direct callers the map knows and the server did not list, added and labelled (each item
/// then says `source: lsp|map`); when the server lists none, the map's untyped calls of the
/// name as `candidates`. Without a map, the server's answer stands alone.
fn add_map_callers(
    t: &Target,
    (a, depth): (&mut Anchors<'_>, u32),
    items: &mut Vec<Anchor>,
    head: &mut Value,
    w: &mut Vec<String>,
) -> Result<(), ToolError> {
    let Ok(map) = need_map(a) else {
        return Ok(());
    };
    // Callers are added only of the symbol the map is sure of: of the name alone, they
    // were another `new`'s.
    let (defs, found) = map_definitions(map, t)?;
    if !found.sure() {
        return Ok(());
    }
    let Some(d) = defs
        .iter()
        .find(|d| callable(&d.kind, d.signature.as_deref()))
    else {
        return Ok(());
    };
    let listed = listed_at_depth_1(items);
    // The call sites the server listed, whoever it said holds them (tsc names a whole file
    // where the map names the function inside it): a map edge there is no new caller.
    let sites: HashSet<(String, u64)> = items
        .iter()
        .filter(|x| x.depth == Some(1))
        .flat_map(|x| {
            x.call_lines
                .iter()
                .flatten()
                .map(|l| (x.file.clone(), *l))
                .collect::<Vec<_>>()
        })
        .collect();
    let mut by_node: BTreeMap<String, Vec<u32>> = BTreeMap::new();
    // Every callable definition's (a C++ prototype in a header and its definition in a source
    // file: the map links the calls to the definition).
    for c in defs
        .iter()
        .filter(|c| callable(&c.kind, c.signature.as_deref()))
    {
        for e in map.db().edges_into(&c.node_id, &["calls"])? {
            if !listed.contains(&e.other) && !sites.contains(&(e.file.clone(), u64::from(e.line))) {
                by_node.entry(e.other).or_default().push(e.line);
            }
        }
    }
    for lines in by_node.values_mut() {
        lines.sort_unstable();
        lines.dedup();
    }
    let mut extra = Vec::new();
    for (node, lines) in by_node {
        let Some(s) = map.db().symbol(&node)? else {
            continue;
        };
        extra.push(map_caller(a, &s, d, lines));
    }
    if super::fallback::is_overload(map, &defs)? {
        let files = items
            .iter()
            .filter(|x| x.depth == Some(1))
            .map(|x| x.file.clone())
            .collect();
        extra = super::fallback::other_overloads(extra, &files, "callers", w);
    }
    if !extra.is_empty() {
        w.push(format!(
            "{} callers from the map's call edges that the server did not list are added (source: map)",
            extra.len()
        ));
        for x in items.iter_mut() {
            x.source = Some("lsp");
        }
        items.extend(extra);
    }
    callers_across(t, a, items, d, w);
    deeper_map_callers(map, a, items, depth, w)?;
    dispatched_through(map, d, items, head, w)?;
    // A server that knows every receiver's type left the others out as another symbol's.
    if !t.lang.spec().server.types_every_receiver {
        let mut untyped = a.calls_again(calls_named(map, d)?, &d.name, w);
        let called: HashSet<(String, u64)> = items
            .iter()
            .flat_map(|x| {
                let lines = x.call_lines.iter().flatten();
                lines.map(|l| (x.file.clone(), *l)).collect::<Vec<_>>()
            })
            .collect();
        untyped.retain(|c| !called.contains(&(c.file.clone(), u64::from(c.line))));
        offer_candidates(head, &untyped, d, items.is_empty(), w);
    }
    Ok(())
}

/// The callees the map's call edges know and the server's call hierarchy did not list, added
/// at depth 1 (source `map`), said: macros (`ServerSpec::unlisted_callee`; clangd lists
/// functions only: zlib's `deflate_slow` invokes 7 macros, `FLUSH_BLOCK`, `INSERT_STRING`, …,
/// and its outgoing calls named none, unsaid), member calls clangd leaves out (sentencepiece's
/// `unigram::Model::Encode` → `EncodeOptimized`: "no calls"), calls inside a macro's arguments
/// rust-analyzer does not follow. A call the server listed at that line under the callee's name
/// is not added again. Then the body's calls neither resolved (a receiver of unknown type, a
/// call written inside a macro: axum's `Router::route` calls `this.path_router.route(…)` in
/// `tap_inner!`, and rust-analyzer said "no calls"), counted and named, so that a short list
/// does not read as the whole. Only for the symbol the map is sure of.
fn add_map_callees(
    t: &Target,
    a: &mut Anchors<'_>,
    items: &mut Vec<Anchor>,
    w: &mut Vec<String>,
) -> Result<(), ToolError> {
    let Ok(map) = need_map(a) else {
        return Ok(());
    };
    let (defs, found) = map_definitions(map, t)?;
    if !found.sure() {
        // Said where the map could not be asked: its lines of an edited file are old.
        if t.lib.is_none() && a.changed(&t.c.rel) {
            w.push(format!(
                "the map's callees were not compared with the server's: {} changed since the last index run (`codemap index`); calls the server leaves out (macros, calls inside macros) may be missing",
                t.c.rel
            ));
        }
        return Ok(());
    }
    let unlisted = t.lang.spec().server.unlisted_callee;
    let listed = listed_at_depth_1(items);
    // (line, name) of each call the server listed (JDT LS names `Entry(int)`, `touch() : void`;
    // a constructor call the map links to its class).
    let sites: HashSet<(u64, String)> = items
        .iter()
        .filter(|x| x.depth == Some(1))
        .flat_map(|x| {
            let name = x.name.as_ref().and_then(|n| n.as_str()).unwrap_or_default();
            let name = name.split('(').next().unwrap_or(name).trim().to_string();
            x.call_lines
                .iter()
                .flatten()
                .map(move |l| (*l, name.clone()))
                .collect::<Vec<_>>()
        })
        .collect();
    let (mut macros, mut others) = (Vec::new(), Vec::new());
    // Each of the map's definitions (a C function's prototype has no body, its definition
    // does).
    for d in &defs {
        let mut by_node: BTreeMap<String, Vec<u32>> = BTreeMap::new();
        for e in map.db().calls_out_of(&d.node_id)? {
            if !listed.contains(&e.other) {
                by_node.entry(e.other).or_default().push(e.line);
            }
        }
        for (node, lines) in by_node {
            let Some(s) = map.db().symbol(&node)? else {
                continue;
            };
            if lines
                .iter()
                .all(|l| sites.contains(&(u64::from(*l), s.name.clone())))
            {
                continue;
            }
            let is_macro = match (unlisted, s.signature.as_deref()) {
                (Some(f), Some(sig)) => f(sig),
                _ => false,
            };
            let v = map_caller(a, &s, d, lines);
            if is_macro {
                macros.push(v);
            } else {
                others.push(v);
            }
        }
    }
    let names = |xs: &[Anchor]| -> String {
        let shown: Vec<&str> = xs
            .iter()
            .filter_map(|x| x.name.as_ref().and_then(|n| n.as_str()))
            .take(5)
            .collect();
        format!(
            "{}{}",
            shown.join(", "),
            if xs.len() > shown.len() { ", …" } else { "" }
        )
    };
    if !macros.is_empty() {
        w.push(format!(
            "{} macro{} the body invokes ({}) added from the map's call edges (source: map): the server's call hierarchy lists no macros",
            macros.len(),
            if macros.len() == 1 { "" } else { "s" },
            names(&macros)
        ));
    }
    if !others.is_empty() {
        w.push(format!(
            "{} callee{} from the map's call edges that the server did not list added ({}; source: map)",
            others.len(),
            if others.len() == 1 { "" } else { "s" },
            names(&others)
        ));
    }
    if !macros.is_empty() || !others.is_empty() {
        for x in items.iter_mut() {
            x.source.get_or_insert("lsp");
        }
        items.extend(macros);
        items.extend(others);
    }
    let ids: Vec<&str> = defs.iter().map(|d| d.node_id.as_str()).collect();
    note_unlinked_callees(map, &ids, true, items, w)?;
    // Macro invocations in the body the map could not read as code (axum's `map_inner!(self,
    // mut this => { … })`): what they call is in no list.
    if let Some(d) = defs.first() {
        let within = d.node_id.split_once('#').map_or("", |(_, q)| q);
        unread_note(map, &[sym_anchor(a, d)], Some(within), w)?;
    }
    Ok(())
}

/// The calls out of `ids` (a symbol's definitions) that the map could not link to a symbol
/// (with `outside`, those it sent outside the workspace too: a server lists what it resolved
/// there), at lines where `items` list no callee: counted and named, so that a short list of
/// callees does not read as the whole body.
fn note_unlinked_callees(
    map: &Map,
    ids: &[&str],
    outside: bool,
    items: &[Anchor],
    w: &mut Vec<String>,
) -> Result<(), ToolError> {
    let mut untyped: Vec<(u32, String)> = Vec::new();
    for id in ids {
        untyped.extend(map.db().unlinked_calls_out_of(id, outside)?);
    }
    let covered: HashSet<u64> = items
        .iter()
        .filter(|x| x.depth == Some(1))
        .flat_map(|x| x.call_lines.iter().flatten().copied().collect::<Vec<_>>())
        .collect();
    untyped.retain(|(line, _)| !covered.contains(&u64::from(*line)));
    untyped.dedup();
    if !untyped.is_empty() {
        let shown: Vec<String> = untyped
            .iter()
            .take(5)
            .map(|(line, written)| format!("{written} (line {line})"))
            .collect();
        w.push(format!(
            "{} more call{} in the body {}, not listed: {}{}",
            untyped.len(),
            if untyped.len() == 1 { "" } else { "s" },
            if outside {
                "that neither the server listed nor the map placed in the workspace (a receiver of unknown type, code in a macro's arguments, or a dependency's)"
            } else {
                "that no edge resolves (a receiver of unknown type, or code in a macro's arguments)"
            },
            shown.join(", "),
            if untyped.len() > shown.len() { ", …" } else { "" }
        ));
    }
    Ok(())
}

/// The node IDs the tree lists at depth 1 (the symbol's direct callers or callees).
fn listed_at_depth_1(items: &[Anchor]) -> HashSet<String> {
    items
        .iter()
        .filter(|x| x.depth == Some(1))
        .filter_map(|x| x.node_id.clone())
        .collect()
}

/// The callers, to `depth`, that the map's call edges know and the server's tree does not list
/// (it never went up from a caller the map added; with no tsconfig.json tsserver sees few
/// files): each level's callers of the level below, said.
fn deeper_map_callers(
    map: &Map,
    a: &mut Anchors<'_>,
    items: &mut Vec<Anchor>,
    depth: u32,
    w: &mut Vec<String>,
) -> Result<(), ToolError> {
    let mut added = 0usize;
    for dep in 2..=depth {
        let parents: Vec<String> = items
            .iter()
            .filter(|x| x.depth == Some(dep - 1) && !x.external)
            .filter_map(|x| x.node_id.clone())
            .collect();
        // A caller the tree holds at this depth already (through any callee) is not added.
        let mut known: HashSet<String> = items
            .iter()
            .filter(|x| x.depth == Some(dep))
            .filter_map(|x| x.node_id.clone())
            .collect();
        for p in parents {
            let Some(ps) = map.db().symbol(&p)? else {
                continue;
            };
            let mut by_node: BTreeMap<String, Vec<u32>> = BTreeMap::new();
            for e in map.db().edges_into(&p, &["calls"])? {
                by_node.entry(e.other).or_default().push(e.line);
            }
            for (node, lines) in by_node {
                if !known.insert(node.clone()) {
                    continue;
                }
                let Some(s) = map.db().symbol(&node)? else {
                    continue;
                };
                let mut v = map_caller(a, &s, &ps, lines);
                v.depth = Some(dep);
                items.push(v);
                added += 1;
            }
        }
    }
    if added > 0 {
        w.push(format!(
            "{added} callers at depth {} from the map's call edges that the server's tree did not list are added (source: map)",
            if depth == 2 { "2".to_string() } else { format!("2 to {depth}") }
        ));
    }
    Ok(())
}

/// Where a caller `s` the map found is shown: at its name, or, when the calls sit at its file's
/// top level (in no function the map knows: zod's tests call inside arrows passed to
/// `test(…)`), at the first call's line, not at the file's line 1.
fn caller_anchor(a: &mut Anchors<'_>, s: &MapSymbol, lines: &[u32]) -> Anchor {
    match lines.iter().min() {
        Some(&line) if s.kind == "file" => at_call(a, &s.file, line, Some(s.node_id.clone())),
        _ => sym_anchor(a, s),
    }
}

/// A file-level caller shown at the line of its first call (`rel`'s `line`), with its node.
fn at_call(a: &mut Anchors<'_>, rel: &str, line: u32, node: Option<String>) -> Anchor {
    let mut v = a.at_rel(rel, indexer::model::Pos { line, col: 1 }, line);
    v.node_id = node;
    v
}

/// A direct caller `s` of `d` the map found, calling it at `lines` (or a callee, called at
/// them: a function, never a file, so shown at its name).
fn map_caller(a: &mut Anchors<'_>, s: &MapSymbol, d: &MapSymbol, lines: Vec<u32>) -> Anchor {
    let mut v = caller_anchor(a, s, &lines);
    v.name = Some(json!(s.name));
    v.kind = Some(json!(s.kind));
    v.depth = Some(1);
    v.via = Some(json!(d.node_id));
    v.call_lines = Some(lines.into_iter().map(u64::from).collect());
    v.source = Some("map");
    v
}

/// The callers in the workspace's other npm packages, which the server's call hierarchy from
/// the symbol's own package does not reach ([`super::packages::across`]): each of those uses
/// written as a call (the name, then `(`) is placed in the map's innermost symbol around it,
/// added as a caller (source `map`), said.
fn callers_across(
    t: &Target,
    a: &mut Anchors<'_>,
    items: &mut Vec<Anchor>,
    d: &MapSymbol,
    w: &mut Vec<String>,
) {
    let ws = a.ws;
    let (Some(map), Ok(server)) = (a.map(), ws.server(t.lang)) else {
        return;
    };
    let listed: HashSet<String> = items
        .iter()
        .filter(|x| x.depth == Some(1))
        .map(|x| x.file.clone())
        .chain(std::iter::once(t.c.rel.clone()))
        .collect();
    let at = super::packages::At::of(t, false);
    let until = std::time::Instant::now() + slow(ws);
    let Some(more) = super::packages::across(ws, map, &server, at, &listed, until, w) else {
        return;
    };
    let mut by_node: BTreeMap<String, Vec<u32>> = BTreeMap::new();
    for l in &more.locs {
        let Some(x) = a.lsp_anchor(l, server.encoding()) else {
            continue;
        };
        if x.external || listed.contains(&x.file) {
            continue;
        }
        // A call: the name, then its arguments (`f(`, `new F(`, `f<T>(`), on its line.
        let text = ws.text(&ws.root.join(&x.file)).ok().flatten();
        let rest: String = text
            .as_deref()
            .and_then(|t| t.lines().nth(x.line.saturating_sub(1) as usize))
            .map(|l| {
                let after = (x.col as usize).saturating_sub(1) + d.name.chars().count();
                l.chars().skip(after).collect()
            })
            .unwrap_or_default();
        let rest = rest.trim_start();
        let called = rest.starts_with('(') || (rest.starts_with('<') && rest.contains(">("));
        if !called {
            continue;
        }
        let pos = indexer::model::Pos {
            line: x.line,
            col: x.col,
        };
        if let Some(node) = map.db().node_at(&x.file, pos) {
            by_node.entry(node).or_default().push(x.line);
        }
    }
    let mut n = 0;
    for (node, lines) in by_node {
        let Ok(Some(s)) = map.db().symbol(&node) else {
            continue;
        };
        items.push(map_caller(a, &s, d, lines));
        n += 1;
    }
    if n > 0 {
        w.push(format!(
            "{n} caller{} in other packages of the workspace added: the server's call hierarchy does not reach them; their uses were asked across packages (above) and each written as a call placed in the map's symbol around it (source: map)",
            if n == 1 { "" } else { "s" }
        ));
    }
}

fn lsp_calls(
    s: &Server,
    t: &Target,
    incoming: bool,
    depth: u32,
    a: &mut Anchors<'_>,
    timeout: Duration,
) -> Result<(Option<Anchor>, Vec<Anchor>, usize), ToolError> {
    let prepare = |at| CallHierarchyPrepareParams {
        text_document_position_params: at,
        work_done_progress_params: Default::default(),
    };
    let prepared = s.at_retrying::<CallHierarchyPrepare>(&t.c, &t.text, t.pos, prepare, None)?;
    let Some(root) = prepared.into_iter().flatten().next() else {
        return Err(ToolError::new(
            ErrorCode::SymbolNotFound,
            format!(
                "no function or method at {}:{}:{}",
                t.shown(),
                t.pos.line,
                t.pos.col
            ),
        )
        .hint("point at a function's or method's name"));
    };
    let item_anchor =
        |a: &mut Anchors<'_>, item: &lsp_types::CallHierarchyItem| -> Option<Anchor> {
            let at = lsp_types::Location {
                uri: item.uri.clone(),
                range: item.selection_range,
            };
            let mut v = a.lsp_anchor(&at, s.encoding())?;
            v.end_line = item.range.end.line + 1;
            // tsc names a module by its absolute path: by the file's, as every answer does.
            let name = if std::path::Path::new(&item.name).is_absolute() {
                v.file.clone()
            } else {
                item.name.clone()
            };
            v.name = Some(json!(name));
            Some(v)
        };
    let root_anchor = item_anchor(a, &root);
    let mut items = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    let root_node = json!(root_anchor.as_ref().and_then(|r| r.node_id.clone()));
    let mut level = vec![(root, root_node)];
    // Callers or callees with no call site: another definition's of a shared symbol.
    let mut siteless = 0;
    for dep in 1..=depth {
        let mut next = Vec::new();
        for (item, via) in &level {
            for (other, ranges) in s.calls(item.clone(), incoming, timeout)? {
                // clangd gives every `main` of a project one symbol, and the calls of all of
                // them, those of the others with no range (libyaml: `run-scanner.c`'s `main`
                // "called" 56 functions, 5 its own).
                if ranges.is_empty() {
                    siteless += 1;
                    continue;
                }
                let Some(mut anchor) = item_anchor(a, &other) else {
                    continue;
                };
                // The lines of the calls, each once (a server may give two ranges on one).
                let mut lines: Vec<u64> =
                    ranges.iter().map(|r| u64::from(r.start.line) + 1).collect();
                lines.sort_unstable();
                lines.dedup();
                // A module calling at its top level (tsc's item for the file, at 1:1): shown
                // at its first call, as the map's are (`caller_anchor`).
                let module = matches!(
                    other.kind,
                    lsp_types::SymbolKind::FILE | lsp_types::SymbolKind::MODULE
                );
                if let (true, true, false, Some(&first)) =
                    (incoming, module, anchor.external, lines.first())
                {
                    let line = u32::try_from(first).unwrap_or(u32::MAX);
                    let mut at = at_call(a, &anchor.file, line, anchor.node_id.take());
                    at.name = anchor.name.take();
                    anchor = at;
                }
                anchor.depth = Some(dep);
                anchor.via = Some(via.clone());
                anchor.call_lines = Some(lines);
                let k = format!("{}:{}:{}", anchor.file, anchor.line, anchor.col);
                let node = json!(anchor.node_id);
                let external = anchor.external;
                items.push(anchor);
                if seen.insert(k) && !external {
                    next.push((other, node));
                }
            }
        }
        level = next;
    }
    Ok((root_anchor, items, siteless))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn import_and_export_lines_are_told_from_declarations() {
        for (line, want) in [
            ("import { Result, Router } from \"../../router.js\";", true),
            ("export { PreparedRegExpRouter, RegExpRouter };", true),
            ("  export * from './router';", true),
            ("from .routing import Router", true),
            (
                "export declare class TrieRouter<T> implements Router<T> {",
                false,
            ),
            ("class Importer implements Loader {", false),
            ("exporter := NewExporter()", false),
        ] {
            assert_eq!(
                super::super::fallback::imports_or_exports(line),
                want,
                "{line}"
            );
        }
    }

    #[test]
    fn plain_text_says_the_callees_kept_outside_the_list() {
        let mut items = vec![
            Anchor {
                name: Some(json!("asdict")),
                external: true,
                lib: Some("attrs".into()),
                lib_version: Some("23.2.0".into()),
                ..Anchor::default()
            },
            Anchor {
                name: Some(json!("print")),
                external: true,
                ..Anchor::default()
            },
            Anchor {
                name: Some(json!("helper")),
                ..Anchor::default()
            },
        ];
        let mut head = json!({});
        let mut w = Vec::new();
        set_outside_apart(&mut items, &mut head, &mut w);
        assert_eq!(items.len(), 1);
        assert_eq!(
            outside_text(&head),
            "outside the workspace, not listed: 2 callees (asdict, print)\n  attrs@23.2.0: 1\n"
        );
        assert_eq!(outside_text(&json!({})), "");
    }
}
