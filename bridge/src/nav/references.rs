//! `nav_references`: the server's references with the map's edges it did not list added (or
//! the map's alone), and the calls of the name the map could not type as candidates.

use super::anchor::{dedup_anchors, read_once, sym_anchor, workspace_first, Anchor, Anchors};
use super::definition::{in_libraries, lib_needs_server};
use super::fallback::{
    map_beside, map_definitions, merge_map_extras, offer_candidates, unread_note, Found, USE_KINDS,
};
use super::filter::{file_filter, keep};
use super::list::{listing, Layout, ListText};
use super::params::ReferencesParams;
use super::server::{server_anchors, slow, Ask};
use super::target::target;
use crate::lsp::Locate;
use crate::workspace::Workspace;
use answer::envelope::{Answer, ToolError};
use answer::query::{callable, Map};
use indexer::model::Pos;
use indexer::store::MapSymbol;
use serde_json::json;

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

pub fn references(ws: &Workspace, p: &ReferencesParams) -> Result<Answer, ToolError> {
    let filter = file_filter(ws, &p.file_filter)?;
    let decl = p.include_declaration.unwrap_or(false);
    let ask = Ask {
        timeout: Some(slow(ws)),
        instead: "from the map's edges",
        ..Ask::new(Locate::References { declaration: decl })
    };
    // One lease on the map and one snapshot of it for the whole answer.
    let lease = ws.map();
    let _read = read_once(&lease)?;
    let mut w = Vec::new();
    let (t, mut a) = target(ws, &lease, p, &mut w)?;
    let server = server_anchors(ws, &t, &mut a, ask, &mut w);
    // A library's symbol: the server's answer alone (the workspace's map has no edge into
    // it), or an error that says a server is needed: never a silent empty list.
    if t.lib.is_some() && server.is_none() {
        return Err(lib_needs_server(&t, "nav_references", &w));
    }
    // The map's edges and the calls it could not type. Without a map, the server's answer
    // stands alone.
    let map = match t.lib {
        Some(_) => None,
        None => map_beside(&a, server.is_some())?,
    };
    let mut from_map = Vec::new();
    let mut untyped = Vec::new();
    let mut name = String::new();
    let mut how = Found::Name;
    let mut unread: Option<String> = None;
    if let Some(map) = map {
        let (mut defs, by) = map_definitions(map, &t)?;
        how = by;
        // Beside a server's answer, the map adds only what it is sure is this symbol's: by
        // the name alone it may be a namesake's (a workspace `define` for attrs' `define`).
        if server.is_some() && !by.sure() {
            defs.clear();
        }
        from_map = map_refs(map, &mut a, &defs, USE_KINDS)?;
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
            name = d.name.clone();
            untyped = map.db().untyped_calls_named(&d.name)?;
            untyped.retain(|c| filter.as_ref().is_none_or(|g| g.is_match(&c.file)));
        }
    }
    from_map.retain(|x| keep(&filter, x));
    dedup_anchors(&mut from_map);
    // The map's places in files edited since it indexed them are at old lines: beside a
    // server's answer (which reads the files now) they are left out, and counted.
    let mut moved = 0usize;
    let (mut found, source) = match server {
        Some(mut found) => {
            found.retain(|x| keep(&filter, x));
            from_map.retain(|x| {
                let ok = x.external || !a.changed(&x.file);
                moved += usize::from(!ok);
                ok
            });
            if moved > 0 {
                w.push(format!(
                    "not shown: {moved} of the map's own references, in files changed since the last index run (its lines there are old); the server's answer above is of the files now (`codemap index` refreshes the map)"
                ));
            }
            let found = merge_map_extras(found, from_map, "references", false, &mut w);
            (found, "lsp")
        }
        None => {
            w.push(format!(
                "the map's edges into the symbol (found by {how}): calls, imports and bases the indexer resolved; a language server also finds uses it cannot"
            ));
            w.extend(unread.take());
            (from_map, "map")
        }
    };
    found.retain(|x| keep(&filter, x));
    if source == "lsp" {
        in_libraries(ws, &mut found, &mut w);
    }
    workspace_first(&mut found);
    if let Some(l) = &t.lib {
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
    offer_candidates(&mut head, &untyped, &name, list, &mut w);
    let tail = super::list::candidates_text(&head);
    Ok(listing(
        "references",
        found,
        head,
        p.token_budget,
        "narrow with fileFilter (a path or glob), or a larger tokenBudget",
        w,
        (Layout::ByFile, ws.shape()),
        ListText::anchors_then(source, tail),
    ))
}
