//! `nav_hover`: the server's hover (signature, documentation, the hovered symbol's node), else
//! the map's symbol for the name at the position.

use super::anchor::{read_once, sym_anchor, Anchors};
use super::definition::lib_anchor;
use super::fallback::{gone_from_disk, map_definitions, need_map};
use super::params::AtParams;
use super::server::{failed, server_anchors, server_for, server_state, Ask};
use super::target::{target, Target};
use crate::lsp::{self, Capability, Locate};
use crate::workspace::Workspace;
use answer::envelope::{Answer, ErrorCode, Text, ToolError};
use lsp_types::request::HoverRequest;
use serde_json::json;

pub fn hover(ws: &Workspace, p: &AtParams) -> Result<Answer, ToolError> {
    let lease = ws.map();
    // One state of the map for every lookup of this answer.
    let _read = read_once(&lease)?;
    let mut w = Vec::new();
    let (t, mut a) = target(ws, &lease, p, &mut w)?;
    if let Some(s) = server_for(ws, t.lang, Capability::Hover, &mut w) {
        let asked = s.at_retrying::<HoverRequest>(&t.c, &t.text, t.pos, lsp::hover_params, None);
        match asked {
            Ok(Some(h)) => {
                server_state(&s, &mut w);
                let text = hover_text(&h.contents);
                let anchor = a.at(&t.c.abs, t.pos, t.pos.line);
                let signature = lsp::hover_signature(&h);
                // The documentation without the signature's code block, said once.
                let (_, doc) = lsp::split_hover(&text);
                let mut data = json!({"source": "lsp", "signature": &signature});
                if !doc.is_empty() {
                    data["doc"] = json!(doc);
                }
                // `nodeId` is the hovered symbol's (when the map names exactly one), `in` the
                // symbol the position is written in: never one for the other.
                // The map decides when it is sure (the definition there, the edge written
                // there); by the name alone it may pick a namesake (`uuid.New` read as the
                // workspace's own `New`): the server's definition decides then.
                // A library target is its own node.
                if let Some(own) = lib_anchor(&t, &mut a) {
                    data["lib"] = json!(own.lib);
                    data["libVersion"] = json!(own.lib_version);
                }
                let own = t.lib.as_ref().map(|l| l.node_id(t.lang, &t.c.rel));
                let sure = own.or_else(|| {
                    need_map(&a).ok().and_then(|m| {
                        let (defs, how) = map_definitions(m, &t).ok()?;
                        match defs.as_slice() {
                            [d] if how.sure() => Some(d.node_id.clone()),
                            _ => None,
                        }
                    })
                });
                let hovered = match sure {
                    Some(n) => Some(n),
                    None => by_definition(ws, &t, &mut a, &mut data, &mut w),
                };
                if let Some(n) = &hovered {
                    data["nodeId"] = json!(n);
                }
                if ws.detail {
                    data["contents"] = json!(text);
                    data["at"] = json!(anchor);
                } else {
                    data["at"] = json!(answer::shape::at(anchor.line, anchor.col));
                    if let Some(n) = anchor
                        .node_id
                        .as_ref()
                        .filter(|n| hovered.as_ref() != Some(n))
                    {
                        data["in"] = json!(n);
                    }
                }
                let text = hover_plain(signature.as_deref(), Some(&doc));
                return Ok(Answer {
                    text: Text::new(move || text),
                    data,
                    dropped: None,
                    warnings: w,
                });
            }
            Ok(None) => w.push("the server has nothing to show here: answered from the map".into()),
            Err(e) => failed(&mut w, e, "from the map"),
        }
    }
    if let Some(l) = &t.lib {
        // The library's map: the symbol's parse-time signature and doc.
        let d = &l.node.sym;
        let mut data = json!({"source": "libraryMap", "kind": d.kind, "nodeId": l.node_id(t.lang, &t.c.rel),
            "lib": l.node.name, "libVersion": l.node.version});
        for (k, v) in [("signature", &d.signature), ("doc", &d.doc)] {
            if let Some(v) = v {
                data[k] = json!(v);
            }
        }
        if ws.detail {
            data["definition"] = json!(lib_anchor(&t, &mut a));
        } else {
            data["at"] = json!(answer::shape::at(t.pos.line, t.pos.col));
        }
        let text = hover_plain(d.signature.as_deref(), d.doc.as_deref());
        return Ok(Answer {
            text: Text::new(move || text),
            data,
            dropped: None,
            warnings: w,
        });
    }
    let map = need_map(&a)?;
    let (defs, how) = map_definitions(map, &t)?;
    let Some(d) = defs.first() else {
        // The name may be a dependency's that is not installed: said, not left to "none".
        let missing = crate::libs::uninstalled(ws);
        let why = match missing.first() {
            Some(m) => format!(" ({m})"),
            None => String::new(),
        };
        return Err(ToolError::new(
            ErrorCode::SymbolNotFound,
            format!(
                "the map knows no symbol for the name at {}:{}:{}{why}",
                t.shown(),
                t.pos.line,
                t.pos.col
            ),
        )
        .hint("`map_search` for the name"));
    };
    if defs.len() > 1 {
        w.push(format!(
            "{} symbols have this name; showing the first ({how})",
            defs.len()
        ));
    }
    gone_from_disk(ws, std::slice::from_ref(d), &mut w);
    let mut data = json!({"source": "map", "kind": d.kind, "nodeId": d.node_id});
    for (k, v) in [("signature", &d.signature), ("doc", &d.doc)] {
        if let Some(v) = v {
            data[k] = json!(v);
        }
    }
    if ws.detail {
        data["definition"] = json!(sym_anchor(&mut a, d));
    } else {
        data["at"] = json!(answer::shape::at(d.name_line, d.name_col));
    }
    let text = hover_plain(d.signature.as_deref(), d.doc.as_deref());
    Ok(Answer {
        text: Text::new(move || text),
        data,
        dropped: None,
        warnings: w,
    })
}

/// The hovered symbol by the server's definition of the name: a node of the workspace's map,
/// or in a dependency the library's node ID (when its map exists; else the hint to index it),
/// with `lib` and `libVersion` on the answer. None when the server gives no definition.
fn by_definition(
    ws: &Workspace,
    t: &Target,
    a: &mut Anchors<'_>,
    data: &mut serde_json::Value,
    w: &mut Vec<String>,
) -> Option<String> {
    let mut scratch = Vec::new();
    let mut found = server_anchors(ws, t, a, Ask::new(Locate::Definition), &mut scratch)?;
    a.in_libraries(&mut found, w);
    let x = found.first()?;
    if x.lib.is_some() {
        data["lib"] = json!(x.lib);
        data["libVersion"] = json!(x.lib_version);
        return x.node_id.clone();
    }
    // In the workspace: the symbol defined at that spot (a local defined there is none; the
    // function around it is not what was hovered).
    let map = need_map(a).ok()?;
    let defs = map.db().defined_at(&x.file, x.line, x.col).ok()?;
    match defs.as_slice() {
        [d] => Some(d.node_id.clone()),
        _ => None,
    }
}

fn hover_plain(signature: Option<&str>, doc: Option<&str>) -> String {
    let mut out = String::new();
    if let Some(sig) = signature {
        out.push_str(&format!("{sig}\n"));
    }
    if let Some(d) = doc.filter(|d| !d.is_empty()) {
        out.push_str(&format!("\n{d}\n"));
    }
    out
}

/// Hover contents as plain text (markdown kept, as servers write it), bounded: some servers
/// return whole documentation pages.
fn hover_text(c: &lsp_types::HoverContents) -> String {
    lsp::hover_text(c, "\n\n").chars().take(4000).collect()
}
