//! `nav_symbols`: the workspace's symbols by name, from every running server that offers them
//! (ranked: exact names first), else `map_search`'s.

use super::anchor::{Anchor, Anchors};
use super::fallback::need_map;
use super::list::{listing, Layout, ListText};
use super::params::SymbolsParams;
use super::server::{failed, server_for, slow};
use crate::libs::LibHits;
use crate::lsp::{self, Capability, Server};
use crate::workspace::Workspace;
use answer::envelope::{Answer, ToolError};
use answer::query::{merge_hits, Map, SearchParams};
use indexer::id::LibId;
use indexer::lang::Lang;
use indexer::model::Pos;
use indexer::store::NodeInfo;
use lsp_types::request::WorkspaceSymbolRequest;
use lsp_types::WorkspaceSymbolParams;
use serde_json::{json, Value};

/// Opens one of the language's files on a server that knows only the projects of open files.
fn open_any_file(ws: &Workspace, s: &Server, lang: Lang, map: Option<&Map>) {
    let Some(rel) = map.and_then(|m| m.db().first_file_of(lang.prefix()).ok().flatten()) else {
        return;
    };
    let Ok(c) = crate::paths::contain(&ws.root, &rel) else {
        return;
    };
    if let Ok(Some(text)) = ws.text(&c.abs) {
        let _ = s.sync(&c, &text);
    }
}

/// A map's search hit as an anchor: a workspace file's, or (a `lib:` node ID) the file in
/// the installed library, tagged with the library and its version.
fn hit_anchor(a: &mut Anchors<'_>, libs: Option<&LibHits>, h: &NodeInfo) -> Option<Anchor> {
    let (file, r) = (h.file.as_deref()?, h.range?);
    let pos = Pos {
        line: r.name_line,
        col: r.name_col,
    };
    let mut v = match LibId::split(&h.node_id) {
        Some(Ok(l)) => {
            let abs = libs?.file_of(&h.node_id, file)?;
            let mut v = a.at(&abs, pos, r.end_line);
            v.lib = Some(l.name.to_string());
            v.lib_version = Some(l.version.to_string());
            v
        }
        _ => a.at_rel(file, pos, r.end_line),
    };
    v.node_id = Some(h.node_id.clone());
    v.name = Some(json!(h.name));
    v.kind = Some(json!(h.kind));
    Some(v)
}

pub fn symbols(ws: &Workspace, p: &SymbolsParams) -> Result<Answer, ToolError> {
    let mut w = Vec::new();
    let query = p.query.as_deref().unwrap_or("").trim().to_string();
    if query.chars().count() < 3 {
        return Err(ToolError::bad_args("query must be at least 3 characters")
            .hint("a name or part of one, e.g. \"Serve\""));
    }
    let limit = p.limit.unwrap_or(50);
    if limit == 0 || limit > 200 {
        return Err(ToolError::bad_args(format!(
            "limit must be 1..200, got {limit}"
        )));
    }
    // Library symbols come from the library maps (a server's workspace/symbol leaves them out).
    let libs = crate::libs::scoped_hits(
        ws,
        p.scope.as_deref(),
        &SearchParams {
            query: query.clone(),
            limit: Some(limit),
            ..Default::default()
        },
    )?;
    let lease = ws.map();
    let mut a = Anchors::new(ws, &lease, &mut w);
    let all_scopes = p.scope.as_deref() == Some("all");
    if let Some(lh) = libs.as_ref().filter(|_| !all_scopes) {
        w.extend(lh.hits.warnings.iter().cloned());
        let hits: Vec<Anchor> = lh
            .hits
            .hits
            .iter()
            .filter_map(|(h, _)| hit_anchor(&mut a, Some(lh), h))
            .collect();
        return Ok(listing(
            "symbols",
            hits,
            json!({"source": "libraryMap", "query": query, "more": lh.hits.more}),
            p.token_budget,
            "a longer query or a smaller limit",
            w,
            (Layout::Flat, ws.shape()),
            ListText::anchors("libraryMap"),
        ));
    }
    // Languages the map holds (both when there is no map).
    let langs: Vec<Lang> = match a.map() {
        Some(m) => m
            .db()
            .languages()?
            .iter()
            .filter_map(|l| Lang::from_prefix(l))
            .collect(),
        None => Lang::ALL.to_vec(),
    };
    let mut hits: Vec<Anchor> = Vec::new();
    let mut from_server = false;
    let mut outside = 0usize;
    let mut misplaced = 0usize;
    let mut asked = Vec::new();
    for lang in langs {
        let Some(s) = server_for(ws, lang, Capability::WorkspaceSymbol, &mut w) else {
            continue;
        };
        if asked.iter().any(|x| std::sync::Arc::ptr_eq(x, &s)) {
            continue;
        }
        asked.push(s.clone());
        s.wait_ready(slow(ws));
        if lang.spec().server.symbols_need_open_file && s.open_files().is_empty() {
            open_any_file(ws, &s, lang, a.map());
        }
        let params = WorkspaceSymbolParams {
            query: query.clone(),
            ..Default::default()
        };
        // Its view of the disk made current first, and once more for files it named that
        // changed on disk since it read them (a hand edit: places lines off otherwise).
        let ask = || -> Result<_, crate::lsp::LspError> {
            s.resync_open()?;
            let v = s.request::<WorkspaceSymbolRequest>(params.clone(), slow(ws))?;
            let named: Vec<lsp_types::Location> = lsp::workspace_symbols(v.clone())
                .into_iter()
                .filter_map(|f| {
                    f.range.map(|range| lsp_types::Location {
                        uri: f.uri.clone(),
                        range,
                    })
                })
                .collect();
            if s.tell_changed(&named)? {
                return s.request::<WorkspaceSymbolRequest>(params.clone(), slow(ws));
            }
            Ok(v)
        };
        match ask() {
            Ok(v) => {
                from_server = true;
                for found in lsp::workspace_symbols(v) {
                    let Some(mut anchor) = (match found.range {
                        Some(range) => a.lsp_anchor(
                            &lsp_types::Location {
                                uri: found.uri.clone(),
                                range,
                            },
                            s.encoding(),
                        ),
                        None => lsp::uri_to_path(found.uri.as_str())
                            .map(|p| a.at(&p, Pos { line: 1, col: 1 }, 1)),
                    }) else {
                        continue;
                    };
                    // `scope: "all"`: the standard library's and dependencies' too (chi's
                    // `symbols ResponseController --scope all`: 0, "8 outside left out").
                    if anchor.external && !all_scopes {
                        outside += 1;
                        continue;
                    }
                    // A place whose line does not name the symbol now: the server's text
                    // of the file is older than the disk's.
                    // Its own name: gopls qualifies a member (`MemoryStore.Get`), JDT LS adds
                    // the parameters (`get(int)`), clangd the scope (`Foo::bar`).
                    let word = found
                        .name
                        .split(['(', '<', ' '])
                        .next()
                        .unwrap_or(&found.name)
                        .rsplit(['.', ':'])
                        .next()
                        .unwrap_or(&found.name);
                    // (Its line or the next three: a range may start at a decorator.)
                    let names = |a: &mut Anchors<'_>, k: u32| {
                        let mut x = anchor.clone();
                        x.line += k;
                        a.line_of(&x).map(|l| indexer::syntax::writes_word(l, word))
                    };
                    if !word.is_empty()
                        && names(&mut a, 0) == Some(false)
                        && (1..=3).all(|k| names(&mut a, k) != Some(true))
                    {
                        misplaced += 1;
                        continue;
                    }
                    anchor.name = Some(json!(found.name));
                    anchor.container = Some(json!(found.container));
                    // The file's language: one server answers for two (tsc for TypeScript
                    // and JavaScript), asked once for each.
                    anchor.lang = Some(
                        Lang::of_path(std::path::Path::new(&anchor.file))
                            .unwrap_or(lang)
                            .prefix(),
                    );
                    hits.push(anchor);
                }
            }
            Err(e) => failed(&mut w, e, "without that server"),
        }
    }
    if all_scopes {
        a.in_libraries(&mut hits, &mut w);
    }
    if misplaced > 0 {
        w.push(format!(
            "{misplaced} of the server's symbols left out: their lines do not name them now (it read their files before they changed on disk; asking again once it has re-read them, or map_search, finds them)"
        ));
    }
    if outside > 0 {
        w.push(format!(
            "{outside} symbols outside the workspace (dependencies, the standard library) left out"
        ));
    }
    if !from_server {
        let map = need_map(&a)?;
        // One state of the map for every lookup of this answer.
        let _read = map.snapshot()?;
        w.push("answered by map_search".into());
        let scope = crate::workspace::current_scope();
        let found = map.search_hits(&SearchParams {
            query: query.clone(),
            limit: Some(limit),
            path: scope
                .as_ref()
                .map(|s| s.root.clone())
                .filter(|r| !r.is_empty()),
            not_under: scope.map(|s| s.nested).unwrap_or_default(),
            ..Default::default()
        })?;
        let found = match &libs {
            Some(lh) => {
                w.extend(lh.hits.warnings.iter().cloned());
                merge_hits(vec![found, lh.hits.clone()], limit as usize)
            }
            None => found,
        };
        let anchors: Vec<Anchor> = found
            .hits
            .iter()
            .filter_map(|(h, _)| hit_anchor(&mut a, libs.as_ref(), h))
            .collect();
        return Ok(listing(
            "symbols",
            anchors,
            json!({"source": "map", "query": query}),
            p.token_budget,
            "a longer query or a smaller limit",
            w,
            (Layout::Flat, ws.shape()),
            ListText::anchors("map"),
        ));
    }
    // The map's symbols of exactly the name the servers did not list (a server that could
    // not load the project: JDT LS without commons-cli's parent POM answered `DefaultParser`
    // with nothing, unsaid), added and said.
    if let Some(map) = a.map() {
        let _read = map.snapshot()?;
        let exact = map.search_hits(&SearchParams {
            query: query.clone(),
            limit: Some(limit),
            ..Default::default()
        })?;
        let mut added = 0usize;
        for (h, _) in exact.hits.iter().filter(|(h, _)| h.name == query) {
            let Some(mut x) = hit_anchor(&mut a, None, h) else {
                continue;
            };
            if hits.iter().any(|y| y.file == x.file && y.line == x.line) {
                continue;
            }
            x.source = Some("map");
            x.name = Some(json!(h.name));
            x.kind = Some(json!(h.kind));
            hits.push(x);
            added += 1;
        }
        if added > 0 {
            w.push(format!(
                "{added} symbol(s) named {query} from the map that the server(s) did not list (source: map); their answers may be partial"
            ));
        }
    }
    // Exact names first, then case-insensitive exact, prefix, the rest; then by path.
    let q = query.to_lowercase();
    // A name the server qualifies (gopls: `Command.Execute`) ranks by its own last part too
    // (`Command.Execute` was 7th for `Execute`, after `executeCommand`, cobra).
    let rank_of = |n: &str| {
        let nl = n.to_lowercase();
        if n == query {
            0
        } else if nl == q {
            1
        } else if nl.starts_with(&q) {
            2
        } else if nl.contains(&q) {
            3
        } else {
            4
        }
    };
    let rank = |v: &Anchor| {
        let n = v.name.as_ref().and_then(Value::as_str).unwrap_or("");
        let leaf = n.rsplit(['.', ':']).next().unwrap_or(n);
        rank_of(n).min(rank_of(leaf))
    };
    hits.sort_by(|x, y| {
        rank(x)
            .cmp(&rank(y))
            .then_with(|| (&x.file, x.line).cmp(&(&y.file, y.line)))
    });
    hits.dedup_by(|x, y| x.file == y.file && x.line == y.line && x.col == y.col);
    if let Some(scope) = crate::workspace::current_scope() {
        hits.retain(|h| scope.holds(&h.file));
    }
    let mut more = false;
    if let Some(lh) = &libs {
        w.extend(lh.hits.warnings.iter().cloned());
        more = lh.hits.more;
        hits.extend(
            lh.hits
                .hits
                .iter()
                .filter_map(|(h, _)| hit_anchor(&mut a, Some(lh), h)),
        );
        // Stable: the server's order within a rank, then the libraries'.
        hits.sort_by_key(|x| rank(x));
    }
    let more = more || hits.len() > limit as usize;
    hits.truncate(limit as usize);
    Ok(listing(
        "symbols",
        hits,
        json!({"source": "lsp", "query": query, "more": more}),
        p.token_budget,
        "a longer query or a smaller limit",
        w,
        (Layout::Flat, ws.shape()),
        ListText::anchors("lsp"),
    ))
}
