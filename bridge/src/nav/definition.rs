//! `nav_definition`, in the shape "ask the server, else the map" (`server_then_map`): the
//! server's locations when it answers, else the map's definitions of the name.

use super::anchor::{read_once, sym_anchor, Anchor, Anchors};
use super::fallback::{gone_from_disk, map_definitions, need_map, Found};
use super::list::{listing, Layout, ListText};
use super::params::{AsPosition, AtParams};
use super::server::{server_anchors, Ask};
use super::target::{target, Target};
use crate::lsp::Locate;
use crate::workspace::Workspace;
use answer::envelope::{Answer, ToolError};
use answer::query::Map;
use indexer::store::MapSymbol;
use serde_json::json;

/// What a located list is called in the answer, and how to narrow it when it is cut.
struct Listed<'a> {
    key: &'a str,
    narrow: &'a str,
}

/// The shape of definition, references and implementations: the target; the server's
/// locations when it answers `ask`, else `from_map`'s anchors; either kept by `keep` and
/// listed. One lease on the map and one snapshot of it cover the whole answer (the target's
/// lookup, the anchors' nodes, the fallback).
fn server_then_map(
    ws: &Workspace,
    p: &dyn AsPosition,
    budget: Option<u32>,
    ask: Ask<'_>,
    listed: Listed<'_>,
    keep: &dyn Fn(&Anchor) -> bool,
    from_map: impl FnOnce(
        &Map,
        &Target,
        &mut Anchors<'_>,
        &mut Vec<String>,
    ) -> Result<Vec<Anchor>, ToolError>,
) -> Result<Answer, ToolError> {
    let lease = ws.map();
    let _read = read_once(&lease)?;
    let mut w = Vec::new();
    let (t, mut a) = target(ws, &lease, p, &mut w)?;
    if t.lib.is_some() {
        // A library's symbol is its own definition: the node, at its place in the file now.
        let found: Vec<Anchor> = lib_anchor(&t, &mut a).into_iter().collect();
        return Ok(listing(
            listed.key,
            found,
            json!({ "source": "libraryMap" }),
            budget,
            listed.narrow,
            w,
            (Layout::ByFile, ws.shape()),
            ListText::anchors("libraryMap"),
        ));
    }
    let answered = server_anchors(ws, &t, &mut a, ask, &mut w);
    let mut from_map = Some(from_map);
    let (mut found, mut source) = match answered {
        Some(found) => (found, "lsp"),
        None => {
            let map = need_map(&a)?;
            let found = match from_map.take() {
                Some(from_map) => from_map(map, &t, &mut a, &mut w)?,
                None => Vec::new(),
            };
            (found, "map")
        }
    };
    found.retain(|x| keep(x));
    // The map's definitions of the target, read once for the checks below.
    let mapped = match (listed.key, a.map()) {
        ("definitions", Some(map)) if t.lib.is_none() => map_definitions(map, &t).ok(),
        _ => None,
    };
    if source == "lsp" && listed.key == "definitions" {
        let mut misplaced = misplaced_definitions(&mut a, &mut found);
        misplaced.extend(contradicted_by_map(&t, mapped.as_ref(), &mut a, &mut found));
        if !misplaced.is_empty() {
            let instead = match (found.is_empty(), from_map.take(), a.map()) {
                (true, Some(from_map), Some(map)) => {
                    found = from_map(map, &t, &mut a, &mut w)?;
                    source = "map";
                    "the map's answer is given instead"
                }
                (true, ..) => "none is left",
                _ => "the others are kept",
            };
            w.push(format!(
                "left out: the server's definition at {}: the place is wrong (a server mapping a place through a build's declaration map can land in the wrong source file); {instead}",
                misplaced.join(", ")
            ));
        }
    }
    if source == "lsp" && listed.key == "definitions" {
        built_sources(ws, &mut a, &mut found, &mut w);
    }
    // A definition the build leaves out (Go's `pre_go120.go` beside `go120.go`): said, as the
    // server answers for one build configuration.
    let mut twin = false;
    if let (Some(map), Some((defs, how))) = (a.map(), &mapped) {
        let mut sure = if how.sure() { defs.clone() } else { Vec::new() };
        // The map unsure of the use (zlib's `zcalloc`, defined three times under `#if` in
        // zutil.c): the server's definition is the map's symbol at its place.
        if sure.is_empty() && source == "lsp" {
            for x in found.iter().filter(|x| !x.external) {
                sure.extend(
                    map.db()
                        .defined_at(&x.file, x.line, x.col)
                        .unwrap_or_default(),
                );
            }
        }
        for (q, s) in super::fallback::twin_definitions(ws, map, t.lang, &sure) {
            if !found
                .iter()
                .any(|x| x.file == s.file && x.line == s.name_line)
            {
                w.push(format!(
                    "{q} is also defined at {}:{}, {}: the answer gives one definition, a build compiles one of them",
                    s.file, s.name_line, super::fallback::twin_place(t.lang)
                ));
                twin = true;
            }
        }
    }
    if twin && source == "lsp" {
        w.extend(super::server::caveat(ws, t.lang));
    }
    if source == "lsp" {
        a.in_libraries(&mut found, &mut w);
    }
    // The server names none where the map's edge is sure (flask's tests, pyright not told of
    // the root's `src/`: `def Flask` "no definitions"): the map's answer, said.
    let sure_in_map = mapped
        .as_ref()
        .is_some_and(|(defs, how)| how.sure() && !defs.is_empty());
    if source == "lsp" && found.is_empty() && listed.key == "definitions" && sure_in_map {
        if let (Some(from_map), Some(map)) = (from_map.take(), a.map()) {
            found = from_map(map, &t, &mut a, &mut w)?;
            found.retain(|x| keep(x));
            if !found.is_empty() {
                source = "map";
                w.push(format!(
                    "the server names no definition at {}:{}:{}, where the map's edge (through the file's imports) names {}: the map's answer is given (source map); the server may not resolve this import (its search paths or project), so its other answers about this file may be partial too",
                    t.shown(),
                    t.pos.line,
                    t.pos.col,
                    found.len()
                ));
            }
        }
    }
    if source == "lsp" && found.is_empty() && listed.key == "definitions" {
        // Said, so that "none" is not read as "defined nowhere".
        w.push(format!(
            "the server names no definition at {}:{}:{}: the name may be a member of a value whose type it does not know (an untyped parameter or result: `hover` on the value tells), in code it does not build (a branch or file its build leaves out, a file outside its project), or defined in a library it has no source for; `hover` there may still name it",
            t.shown(),
            t.pos.line,
            t.pos.col
        ));
        w.extend(crate::libs::uninstalled(ws));
    }
    Ok(listing(
        listed.key,
        found,
        json!({ "source": source }),
        budget,
        listed.narrow,
        w,
        (Layout::ByFile, ws.shape()),
        ListText::anchors(source),
    ))
}

/// The server's definitions that cannot be where a name is declared ([`Anchors::misplaced`]),
/// taken out of `found` and named with why.
fn misplaced_definitions(a: &mut Anchors<'_>, found: &mut Vec<Anchor>) -> Vec<String> {
    let mut out = Vec::new();
    found.retain(|x| match a.misplaced(x) {
        Some(why) => {
            out.push(format!("{}:{}:{} ({why})", x.file, x.line, x.col));
            false
        }
        None => true,
    });
    out
}

/// The server's definitions that name another symbol than the map is sure of: the name at the
/// place the server gives is not the name asked, while the map's edge for the name (through the
/// file's import), or the workspace's one symbol of the name, is a symbol of that very name
/// elsewhere. tsserver, mapping a place
/// through a bundled declaration map, gives a line of the wrong source file (`AnyRouter`'s
/// definition at `TypeError`'s line). An alias (`import { a as b }`) or a keyword (`self`) is
/// not this: the map's symbol there has another name, or the map is not sure.
fn contradicted_by_map(
    t: &Target,
    mapped: Option<&(Vec<MapSymbol>, Found)>,
    a: &mut Anchors<'_>,
    found: &mut Vec<Anchor>,
) -> Vec<String> {
    let (Some(map), Some((syms, how))) = (a.map(), mapped) else {
        return Vec::new();
    };
    if found.is_empty() {
        return Vec::new();
    }
    let Some((word, _)) =
        super::target::word_at(indexer::syntax::line_at(&t.text, t.pos.line), t.pos.col)
    else {
        return Vec::new();
    };
    // Sure: the map's edge; or the one symbol of the name, the name not an alias here (an
    // alias's definition has another name).
    let one = syms.len() == 1 && !map.db().imports_as_alias(&t.c.rel, &word).unwrap_or(true);
    if !(how.sure() || one) || syms.is_empty() {
        return Vec::new();
    }
    // Through an alias (`export { AnyRouter as AnyTRPCRouter }`) the map's edge leads to a
    // symbol of another name: only a line that writes neither name contradicts it (the
    // server may land on the alias's clause, or on a keyword of the definition).
    let alias = syms.iter().any(|s| s.name != word);
    if alias && !how.sure() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut kept = Vec::new();
    for x in found.drain(..) {
        // Inside the map's symbol (a class's constructor) is the same answer.
        let at_map = syms
            .iter()
            .any(|s| s.file == x.file && (s.name_line..=s.end_line).contains(&x.line));
        let other = match a.name_at(&x) {
            Some(n) if n != word && !at_map => Some(n),
            _ => None,
        };
        // A place at the start of a declaration whose line writes the name (intelephense's
        // range from `public` of `public function getFormatter()`, a trait's method the map
        // had linked to the interface's) is that declaration.
        let other = other.filter(|_| {
            let line = a.line_of(&x);
            if !alias {
                return !line.is_some_and(|l| indexer::syntax::writes_word(l, &word));
            }
            line.is_some_and(|l| {
                !l.contains(word.as_str()) && syms.iter().all(|s| !l.contains(s.name.as_str()))
            })
        });
        match other {
            Some(n) if alias => out.push(format!(
                "{}:{}:{} (it names `{n}` there, neither `{word}` nor `{}`, the symbol the map's edge leads to through an alias, at {}:{})",
                x.file, x.line, x.col, syms[0].name, syms[0].file, syms[0].name_line
            )),
            Some(n) => out.push(format!(
                "{}:{}:{} (it names `{n}` there, not `{word}`; the map's edge leads to {}:{})",
                x.file, x.line, x.col, syms[0].file, syms[0].name_line
            )),
            None => kept.push(x),
        }
    }
    *found = kept;
    out
}

/// A definition in the built declarations of one of the workspace's npm packages (an
/// importer reads the package through its `exports`' `.d.ts`): the map's symbol of its source
/// listed first, said.
fn built_sources(
    ws: &Workspace,
    a: &mut Anchors<'_>,
    found: &mut Vec<Anchor>,
    w: &mut Vec<String>,
) {
    let Some(map) = a.map() else {
        return;
    };
    let mut sources = Vec::new();
    for x in found.iter().filter(|x| !x.external) {
        let pos = indexer::model::Pos {
            line: x.line,
            col: x.col,
        };
        let Some((s, pkg)) = super::packages::source_of_declaration(ws, map, &x.file, pos) else {
            continue;
        };
        if found
            .iter()
            .chain(&sources)
            .any(|y: &Anchor| y.file == s.file && y.line == s.name_line)
        {
            continue;
        }
        w.push(format!(
            "{}:{} is {pkg}'s built declaration (generated); its source, {}:{}, is listed first (by the map: the package's one symbol of the name whose path matches)",
            x.file, x.line, s.file, s.name_line
        ));
        let mut v = sym_anchor(a, &s);
        v.source = Some("map");
        sources.push(v);
    }
    if !sources.is_empty() {
        sources.append(found);
        *found = sources;
    }
}

/// A library target's own anchor: its name's place in the file now, to the symbol's last
/// line, with the library's node ID, `lib` and `libVersion`; `None` for a workspace target.
pub(super) fn lib_anchor(t: &Target, a: &mut Anchors<'_>) -> Option<Anchor> {
    let l = t.lib.as_ref()?;
    let mut x = a.at(&t.c.abs, t.pos, l.live.span.end.line);
    x.node_id = Some(l.node_id(t.lang, &t.c.rel));
    x.lib = Some(l.node.name.clone());
    x.lib_version = Some(l.node.version.clone());
    Some(x)
}

/// The error of a tool that needs a language server for a library target when none answered
/// (none installed, it failed, it timed out: `w` says which): `LSP_UNAVAILABLE`, never an
/// empty list; the hint names what the library's map answers.
pub(super) fn lib_needs_server(t: &Target, tool: &str, w: &[String]) -> ToolError {
    let id = t.lib.as_ref().map_or("", |l| l.node.id.as_str());
    let why = if w.is_empty() {
        String::new()
    } else {
        format!(" ({})", w.join("; "))
    };
    answer::envelope::ToolError::new(
        answer::envelope::ErrorCode::LspUnavailable,
        format!("{tool} of a library's symbol ({id}) needs a language server's answer, and none came{why}"),
    )
    .hint({
        let (edges, what) = match tool {
            "nav_implementations" => (
                ", direction \"in\" and edgeKinds [\"extends\", \"implements\"]",
                "its subtypes",
            ),
            _ => (" and direction \"in\"", "its uses"),
        };
        format!("the library's map answers without one: map_neighbors with this nodeId{edges} ({what} inside the library); nav_definition, nav_hover and nav_source of it answer too")
    })
}

pub fn definition(ws: &Workspace, p: &AtParams) -> Result<Answer, ToolError> {
    let ask = Ask::new(Locate::Definition);
    let listed = Listed {
        key: "definitions",
        narrow: "point at a more specific name",
    };
    server_then_map(
        ws,
        p,
        p.token_budget,
        ask,
        listed,
        &|_| true,
        |map, t, a, w| {
            let (syms, how) = map_definitions(map, t)?;
            w.push(format!(
                "the map's answer, by {how}; a language server would resolve types"
            ));
            gone_from_disk(a.ws, &syms, w);
            let found = syms.iter().map(|s| sym_anchor(a, s)).collect();
            w.extend(a.moved_note());
            Ok(found)
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// One request, one read: `nav_definition {nodeId}` reads its file once, asks for one parse
    /// and takes one lease on the map (so one snapshot), whichever form names the position; and
    /// no live tool reads a file but through the workspace, where the reads are counted.
    #[test]
    fn a_nav_answer_reads_its_file_once_and_takes_one_lease() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/py_app");
        let dir = tempfile::tempdir().expect("a temporary directory");
        let db = dir.path().join("map.db");
        let mut opts = indexer::index::IndexOptions::new(root.clone());
        opts.db = Some(db.clone());
        indexer::index::run(&opts, &indexer::index::NoProgress).expect("the fixture indexed");
        let mut ws = Workspace::new(&root, Some(&db)).expect("the fixture's workspace");
        ws.lsp = false;
        let asks = [
            AtParams {
                node_id: Some("py:src/shop/service.py#OrderService.checkout".into()),
                ..Default::default()
            },
            AtParams {
                locate: Some("src/shop/service.py:OrderService.checkout".into()),
                ..Default::default()
            },
        ];
        for p in asks {
            let before = ws.counts.now();
            let answer = definition(&ws, &p);
            let after = ws.counts.now();
            assert!(answer.is_ok(), "{p:?}: {:?}", answer.err());
            let did = (after.0 - before.0, after.1 - before.1, after.2 - before.2);
            assert_eq!(did, (1, 1, 1), "{p:?}: (reads, parses, leases)");
        }
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = vec![src.join("reconcile.rs")];
        for e in std::fs::read_dir(src.join("nav")).expect("nav/") {
            files.push(e.expect("an entry").path());
        }
        for f in files {
            let code = std::fs::read_to_string(&f).expect("a source file");
            for read in ["fs::read(", "fs::read_to_string(", "File::open("] {
                let outside_tests = code.split("#[cfg(test)]").next().unwrap_or("");
                assert!(
                    !outside_tests.contains(read),
                    "{} reads a file with {read}: read through Workspace::text",
                    f.display()
                );
            }
        }
    }
}
