//! `resolve`: between the map and the file as it is now (SPEC "resolve").
//!
//! `{nodeId}` (MAP → live): where is that symbol now? `{file, line, col}` (live → MAP): which
//! symbol is this, and is it in the map? The live outline is the language server's when one runs,
//! else a tree-sitter parse of the file on disk (`source: "parse"`, `verified: false`), matched by
//! the same rules (`indexer::outline`).

use crate::paths::{contain, Contained};
use crate::workspace::{lang_of, Workspace};
use answer::envelope::{Answer, ErrorCode, Text, ToolError};
use answer::query::{parse_node_id, Map, NodeInfo};
use indexer::id::{segment_name, NodeId};
use indexer::lang::Lang;
use indexer::model::{Pos, Span};
use indexer::outline::{self, Found, OutlineSymbol};
use lsp_types::request::HoverRequest;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::sync::Arc;

/// `resolve`'s arguments: a node ID, or a position.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ResolveParams {
    /// Where is this symbol now?
    #[serde(default)]
    pub node_id: Option<String>,
    /// With line, col (characters): which symbol is here?
    #[serde(default)]
    pub file: Option<String>,
    #[serde(default)]
    #[schemars(range(min = 1))]
    pub line: Option<u32>,
    #[serde(default)]
    #[schemars(range(min = 1))]
    pub col: Option<u32>,
    /// Add each symbol's source (`body`).
    #[serde(default)]
    pub include_body: Option<bool>,
    #[serde(default)]
    #[schemars(schema_with = "answer::envelope::budget_schema")]
    pub token_budget: Option<u32>,
}

pub fn resolve(ws: &Workspace, p: &ResolveParams) -> Result<Answer, ToolError> {
    let by_pos = p.file.is_some() || p.line.is_some() || p.col.is_some();
    one_position(
        &[("nodeId", p.node_id.is_some()), ("{file, line, col}", by_pos)],
        "{\"nodeId\": \"py:src/app.py#App.run\"} finds a symbol now; {\"file\", \"line\", \"col\"} names the symbol at a position",
    )?;
    if let Some(id) = &p.node_id {
        if let Some(a) = crate::libs::resolve(ws, id)? {
            return Ok(a);
        }
        return from_node(ws, id, true);
    }
    let (Some(file), Some(line), Some(col)) = (&p.file, p.line, p.col) else {
        return Err(
            ToolError::bad_args("a position needs all of file, line and col")
                .hint("e.g. {\"file\": \"src/app.py\", \"line\": 12, \"col\": 5}"),
        );
    };
    from_position(ws, file, line, col)
}

/// `BAD_ARGS` unless exactly one of a tool's position forms (name, given) was given: the one
/// place this is checked, for `resolve` and the nav tools alike.
pub(crate) fn one_position(forms: &[(&str, bool)], hint: &str) -> Result<(), ToolError> {
    if forms.iter().filter(|(_, given)| *given).count() == 1 {
        return Ok(());
    }
    let names: Vec<&str> = forms.iter().map(|(name, _)| *name).collect();
    let listed = match names.split_last() {
        Some((last, rest)) if rest.len() > 1 => format!("{}, or {last}", rest.join(", ")),
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    };
    Err(ToolError::bad_args(format!("give exactly one position: {listed}")).hint(hint))
}

/// Where a live outline came from.
struct Live {
    outline: Vec<OutlineSymbol>,
    /// The parse of the disk, kept for symbols a server's outline leaves out.
    parsed: Vec<OutlineSymbol>,
    /// "lsp" (verified by the language server) or "parse".
    source: &'static str,
    /// The server that gave the outline (it was given `text`).
    server: Option<std::sync::Arc<crate::lsp::Server>>,
}

/// The live outline of a file whose text now is `text` (read once by the caller, the same
/// text parsed and synced to the server): from the language server when one can be had, else
/// from a tree-sitter parse (the fallback says why in `warnings`).
fn live_outline(
    ws: &Workspace,
    c: &Contained,
    lang: Lang,
    text: &Arc<str>,
    warnings: &mut Vec<String>,
) -> Result<Live, ToolError> {
    let outline = ws.parsed_outline(c, lang, text)?;
    match ws.server(lang) {
        Ok(server) => match server.outline(c, text) {
            Ok(o) => {
                return Ok(Live {
                    outline: o,
                    parsed: outline,
                    source: "lsp",
                    server: Some(server),
                })
            }
            Err(e) => {
                let e = ToolError::from(e);
                warnings.push(format!(
                    "{}: {}: falling back to a parse of the file on disk (verified: false)",
                    e.code.as_str(),
                    e.message
                ))
            }
        },
        Err(e) => warnings.push(format!(
            "{}: {}{}: the position comes from a parse of the file on disk (verified: false)",
            e.code.as_str(),
            e.message,
            e.hint.map(|h| format!(" ({h})")).unwrap_or_default()
        )),
    }
    Ok(Live {
        parsed: outline.clone(),
        outline,
        source: "parse",
        server: None,
    })
}

/// A qualname without its `~N` suffixes: the names a server that merges same-named
/// definitions can confirm.
fn plain(q: &str) -> String {
    indexer::id::unmarked(q)
}

/// The map when there is one; else `None`, and why in a warning.
fn map_or_warn<M>(map: Result<M, &ToolError>, warnings: &mut Vec<String>) -> Option<M> {
    match map {
        Ok(m) => Some(m),
        Err(e) => {
            warnings.push(format!(
                "{} ({})",
                e.message,
                e.hint.clone().unwrap_or_default()
            ));
            None
        }
    }
}

fn range(s: &Span) -> Value {
    json!({"line": s.start.line, "col": s.start.col, "endLine": s.end.line, "endCol": s.end.col})
}

fn map_range(info: &NodeInfo) -> Value {
    match &info.range {
        Some(r) => json!({"line": r.line, "col": r.col, "endLine": r.end_line, "endCol": r.end_col,
                          "nameLine": r.name_line, "nameCol": r.name_col}),
        None => Value::Null,
    }
}

/// Whether the map's record of a symbol disagrees with the live one: its name moved, or the
/// file changed since indexing. (Full ranges are not compared: servers draw them differently.)
fn differs(info: &NodeInfo, live: &OutlineSymbol) -> bool {
    match &info.range {
        Some(r) => {
            info.stale
                || r.name_line != live.name_span.start.line
                || r.name_col != live.name_span.start.col
        }
        None => true,
    }
}

/// Where a node is now: `resolve`'s answer for a node ID, typed (the tool serializes it; the
/// nav tools read its location).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Resolved {
    pub node_id: String,
    pub location: Location,
    /// The live symbol's full range (symbols only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range: Option<Value>,
    pub verified: bool,
    pub source: &'static str,
    pub map_stale: bool,
    pub map_range: Option<Value>,
    pub in_map: bool,
    pub relocated: bool,
    pub symbol: SymbolSummary,
    /// The node ID the symbol has now, when it was relocated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub live_node_id: Option<String>,
}

/// A live location: a file (a package: its directory with a trailing `/`) and, for files and
/// symbols, the 1-based line and character column.
#[derive(Debug, Clone, Serialize)]
pub struct Location {
    pub file: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub col: Option<u32>,
}

/// The live symbol's name, kind and (for symbols, possibly none) signature.
#[derive(Debug, Clone, Serialize)]
pub struct SymbolSummary {
    pub name: String,
    pub kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub signature: Option<Option<String>>,
}

pub(crate) fn from_node(ws: &Workspace, id: &str, hover: bool) -> Result<Answer, ToolError> {
    let node = parse_node_id(id)?;
    let map = ws.map();
    // One state of the map for the whole answer.
    let _read = map.as_ref().ok().map(|m| m.snapshot()).transpose()?;
    let mut warnings = Vec::new();
    let (r, _) = locate_node(ws, map.as_deref(), &node, id, hover, &mut warnings)?;
    let text = ResolveText {
        node_id: r.node_id.clone(),
        file: r.location.file.clone(),
        at: r.location.line.zip(r.location.col),
        symbol: Some(format!(
            "{} {}",
            r.symbol.kind,
            r.symbol
                .signature
                .clone()
                .flatten()
                .unwrap_or_else(|| r.symbol.name.clone())
        )),
        enclosing: None,
        source: r.source,
        in_map: r.in_map,
        map_stale: r.map_stale,
        relocated_to: r
            .relocated
            .then(|| r.live_node_id.clone().unwrap_or_default()),
        nearest: None,
    };
    Ok(Answer {
        data: serde_json::to_value(&r).map_err(ToolError::internal)?,
        dropped: None,
        warnings,
        text: Text::new(move || text.render()),
    })
}

/// `resolve`'s answer as plain text, from either direction's typed answer.
struct ResolveText {
    node_id: String,
    file: String,
    at: Option<(u32, u32)>,
    /// The live symbol: its kind and signature (or name).
    symbol: Option<String>,
    /// From a position: the symbols around it, outermost first (kind and name).
    enclosing: Option<Vec<String>>,
    source: &'static str,
    in_map: bool,
    map_stale: bool,
    relocated_to: Option<String>,
    nearest: Option<String>,
}

impl ResolveText {
    fn render(&self) -> String {
        let at = match self.at {
            Some((line, col)) => format!("{}:{line}:{col}", self.file),
            None => self.file.clone(),
        };
        let mut out = format!("{}  {at}\n", self.node_id);
        if let Some(sym) = &self.symbol {
            out.push_str(&format!("  {sym}\n"));
        }
        if let Some(chain) = &self.enclosing {
            out.push_str(&format!(
                "  in: {}\n",
                if chain.is_empty() {
                    "(file level)".to_string()
                } else {
                    chain.join(" > ")
                }
            ));
        }
        let mut flags = vec![format!("source {}", self.source)];
        flags.push(format!("in map: {}", self.in_map));
        if self.map_stale {
            flags.push("map is stale here".into());
        }
        if let Some(to) = &self.relocated_to {
            flags.push(format!("relocated to {to}"));
        }
        if let Some(n) = &self.nearest {
            flags.push(format!("nearest in map: {n}"));
        }
        out.push_str(&format!("  {}\n", flags.join("; ")));
        out
    }
}

/// A file as one answer read it: where it is, and its text then.
pub(crate) type Read = (Contained, Arc<str>);

/// `SYMBOL_NOT_FOUND` for `qualname` in the live `outline` of `path`: several symbols of its
/// last name that cannot be told apart (`candidates`), or none; with the outline's hint.
/// `in_map`: whether the map has the node (it was there when indexed: "no longer"), has not
/// (a misspelled ID: never there), or was not asked.
/// [`outline::find`] in a file as it is now, where the one symbol of the name under another
/// qualname is this one moved only if the map did not have it already: one it had is another
/// symbol, and this one was renamed or removed (echo's `context.HTMLBlob` renamed by hand:
/// `source` gave the interface's `Context.HTMLBlob`; marshmallow's likewise).
pub(crate) fn find_now(
    map: Option<&Map>,
    lang: Lang,
    path: &str,
    outline: &[OutlineSymbol],
    qualname: &str,
) -> Found {
    match outline::find(outline, qualname) {
        Found::Relocated(i) => {
            let other = NodeId::symbol_id(lang, path, &outline[i].qualname);
            let had = map.is_some_and(|m| m.lookup(&other).ok().flatten().is_some());
            if had {
                Found::NotFound {
                    candidates: vec![i],
                }
            } else {
                Found::Relocated(i)
            }
        }
        f => f,
    }
}

pub(crate) fn not_found(
    outline: &[OutlineSymbol],
    path: &str,
    qualname: &str,
    candidates: &[usize],
    in_map: Option<bool>,
) -> ToolError {
    let name = segment_name(qualname.rsplit('.').next().unwrap_or(qualname));
    let why = if candidates.len() > 1 {
        format!(
            "{} symbols in {path} are named {name:?}; which one is meant cannot be told",
            candidates.len()
        )
    } else {
        match in_map {
            Some(true) => format!("{qualname} is no longer in {path}"),
            Some(false) => format!("{path} has no symbol {qualname}, nor had it when indexed"),
            None => format!("{path} has no symbol {qualname} now"),
        }
    };
    let mut hint = outline::not_found_hint(outline, qualname, candidates);
    if candidates.len() <= 1 {
        hint.push_str("; `map_search` finds it if it moved to another file");
    }
    ToolError::new(ErrorCode::SymbolNotFound, why).hint(hint)
}

/// Where a node (`id`, parsed once by the caller as `node`) is now, with the warnings on the
/// way (a fallback taken, a relocation; no map, when `map` is the error that says why); for a
/// file or symbol node also its file and the text read of it, the one read of this answer
/// (parsed, synced to the server and handed back to the caller).
pub(crate) fn locate_node(
    ws: &Workspace,
    map: Result<&Map, &ToolError>,
    node: &NodeId,
    id: &str,
    hover: bool,
    warnings: &mut Vec<String>,
) -> Result<(Resolved, Option<Read>), ToolError> {
    let lang = node.lang();
    let (path, qualname) = match node {
        NodeId::External { package, .. } => {
            return Err(ToolError::bad_args(format!(
                "{id} is a package outside the workspace ({package}); it has no source to resolve"
            ))
            .hint("`map_neighbors` with direction \"in\" shows what imports it"));
        }
        NodeId::Package { dir, .. } => {
            let shown = if dir.is_empty() { "." } else { dir.as_str() };
            let c = contain(&ws.root, shown)?;
            if !c.abs.is_dir() {
                return Err(ToolError::new(
                    ErrorCode::FileDeleted,
                    format!("the package directory {shown}/ no longer exists"),
                )
                .hint("`map_search` finds where its symbols live now"));
            }
            let map = map_or_warn(map, warnings);
            let in_map = map.and_then(|m| m.lookup(id).ok().flatten()).is_some();
            let r = Resolved {
                node_id: id.to_string(),
                location: Location {
                    file: format!("{}/", c.rel),
                    line: None,
                    col: None,
                },
                range: None,
                verified: true,
                source: "parse",
                map_stale: false,
                map_range: None,
                in_map,
                relocated: false,
                symbol: SymbolSummary {
                    name: dir.rsplit('/').next().unwrap_or(dir).to_string(),
                    kind: "package",
                    signature: None,
                },
                live_node_id: None,
            };
            return Ok((r, None));
        }
        NodeId::File { path, .. } => (path.clone(), None),
        NodeId::Symbol { path, qualname, .. } => (path.clone(), Some(qualname.clone())),
    };
    let c = contain(&ws.root, &path)?;
    let map = map_or_warn(map, warnings);
    let info = match map {
        Some(m) => m.lookup(id)?,
        None => None,
    };
    let name_hint = qualname
        .as_deref()
        .map(|q| segment_name(q.rsplit('.').next().unwrap_or(q)).to_string());
    let named = |e: ToolError| match e.code {
        ErrorCode::FileDeleted => e.hint(match &name_hint {
            Some(n) => format!("`map_search` for {n:?} finds where it lives now"),
            None => "`map_search` finds where its symbols live now".to_string(),
        }),
        _ => e,
    };
    if !c.abs.exists() {
        return Err(named(ws.missing_node(node, &c.rel, id)));
    }
    let text = ws.source(&c, &path).map_err(named)?;
    let live = live_outline(ws, &c, lang, &text, warnings)?;
    let (mut outline, mut source, server) = (live.outline, live.source, live.server);
    // Same-named definitions in one scope (`def handler` in both branches of an `if`, a
    // property's getter and setter): the parse decides which is the Nth, in source order; the
    // server confirms the name. A server that merges them lists fewer than the parse finds.
    let mut merged = false;
    if let (Some(q), "lsp") = (&qualname, source) {
        if let Found::Exact(_) = outline::find(&live.parsed, q) {
            let plain_q = plain(q);
            let count =
                |o: &[OutlineSymbol]| o.iter().filter(|s| plain(&s.qualname) == plain_q).count();
            let (in_parse, in_server) = (count(&live.parsed), count(&outline));
            if in_parse > 1 && in_server >= 1 && in_server != in_parse {
                let lists = if in_server < in_parse {
                    format!("lists {in_server} of the {in_parse} definitions named like {q} in that scope")
                } else {
                    format!("lists {in_server} definitions named like {q} in that scope where the parse finds {in_parse}")
                };
                warnings.push(format!(
                    "the language server {lists}; which one this is comes from the parse's source order (the server confirms the name)"
                ));
                outline = live.parsed.clone();
                merged = true;
            }
        }
    }
    // A server's outline leaves out some definitions (gopls: `var _ = …`; pyright: a name
    // whose first binding is an import alias). When the parse has the symbol exactly, answer
    // from the parse, labelled as such.
    if let Some(q) = &qualname {
        // Not only when the server finds nothing: a unique last name elsewhere would otherwise
        // be taken for a relocation of a symbol the server merely does not list.
        if source == "lsp"
            && !merged
            && !matches!(outline::find(&outline, q), Found::Exact(_))
            && matches!(outline::find(&live.parsed, q), Found::Exact(_))
        {
            warnings.push(format!(
                "the language server's outline does not list {q}; its position comes from a parse of the file on disk (verified: false)"
            ));
            outline = live.parsed;
            source = "parse";
        }
    }
    let verified = source == "lsp";
    let Some(qualname) = qualname else {
        // A file node: the file itself.
        let r = Resolved {
            node_id: id.to_string(),
            location: Location {
                file: c.rel.clone(),
                line: Some(1),
                col: Some(1),
            },
            range: None,
            verified,
            source,
            map_stale: info.as_ref().is_some_and(|i| i.stale),
            map_range: info.as_ref().map(map_range),
            in_map: info.is_some(),
            relocated: false,
            symbol: SymbolSummary {
                name: path.rsplit('/').next().unwrap_or(&path).to_string(),
                kind: "file",
                signature: None,
            },
            live_node_id: None,
        };
        return Ok((r, Some((c, text))));
    };
    let (i, relocated) = match find_now(map, lang, &path, &outline, &qualname) {
        Found::Exact(i) => (i, false),
        Found::Relocated(i) => (i, true),
        Found::NotFound { candidates } => {
            return Err(not_found(
                &outline,
                &path,
                &qualname,
                &candidates,
                map.is_some().then_some(info.is_some()),
            ));
        }
    };
    let live = &outline[i];
    let in_map = info.is_some();
    let map_stale = info.as_ref().is_none_or(|inf| differs(inf, live)) || relocated;
    let live_id = NodeId::symbol_id(lang, &c.rel, &live.qualname);
    // The signature, the cheapest that is true first: the map's when the map is not stale
    // here (the parse of this very text, as written: receiver, names, types), else the
    // server's outline detail (gopls gives one), else a hover at the live name (a round-trip,
    // slow on a file the server has not seen: pyright's outline has no detail), else the
    // parse's.
    let map_sig = info
        .as_ref()
        .filter(|_| !map_stale)
        .and_then(|i| i.signature.clone());
    let signature = match (map_sig.or_else(|| live.signature.clone()), &server) {
        (Some(sig), _) => Some(sig),
        (None, Some(s)) if verified && hover => s
            .at::<HoverRequest>(
                &c,
                &text,
                live.name_span.start,
                crate::lsp::hover_params,
                None,
            )
            .ok()
            .flatten()
            .and_then(|h| crate::lsp::signature_from_hover(&h)),
        (None, _) => None,
    }
    .or_else(|| info.as_ref().and_then(|i| i.signature.clone()));
    if relocated {
        warnings.push(format!(
            "{qualname} was not found by its chain; the only {:?} in {path} is {} now",
            live.name, live.qualname
        ));
    }
    let r = Resolved {
        node_id: id.to_string(),
        location: Location {
            file: c.rel.clone(),
            line: Some(live.name_span.start.line),
            col: Some(live.name_span.start.col),
        },
        range: Some(range(&live.span)),
        verified,
        source,
        map_stale,
        map_range: info.as_ref().map(map_range),
        in_map,
        relocated,
        symbol: SymbolSummary {
            name: live.name.clone(),
            kind: live.kind.as_str(),
            signature: Some(signature),
        },
        live_node_id: relocated.then_some(live_id),
    };
    Ok((r, Some((c, text))))
}

/// A 1-based line and character column inside `text`: the line exists, and the column is on
/// it or just past its last character (where a cursor can stand).
pub fn check_position(text: &str, file: &str, line: u32, col: u32) -> Result<(), ToolError> {
    if line == 0 || col == 0 {
        return Err(ToolError::bad_args("line and col are 1-based"));
    }
    let lines = text.split('\n').count() as u32;
    if line > lines {
        return Err(ToolError::bad_args(format!(
            "{file} has {lines} lines; line {line} is past its end"
        )));
    }
    let chars = indexer::syntax::line_at(text, line).chars().count() as u32;
    if col > chars + 1 {
        return Err(ToolError::bad_args(format!(
            "line {line} of {file} has {chars} characters; column {col} is past its end"
        ))
        .hint(
            "columns count characters from 1; a locate string needs none: \"file:Cls.m@<|>name\"",
        ));
    }
    Ok(())
}

fn from_position(ws: &Workspace, file: &str, line: u32, col: u32) -> Result<Answer, ToolError> {
    if line == 0 || col == 0 {
        return Err(ToolError::bad_args("line and col are 1-based"));
    }
    let c = contain(&ws.root, file)?;
    let lang = lang_of(&c, file)?;
    let mut warnings = Vec::new();
    let text = ws.source(&c, file).map_err(|e| match e.code {
        ErrorCode::FileDeleted => e.hint("`map_search` finds where its symbols live now"),
        _ => e,
    })?;
    check_position(&text, file, line, col)?;
    let live = live_outline(ws, &c, lang, &text, &mut warnings)?;
    let (outline, source) = (live.outline, live.source);
    let lease = ws.map();
    let map = map_or_warn(lease.as_deref(), &mut warnings);
    // One state of the map for the whole answer.
    let _read = map.map(|m| m.snapshot()).transpose()?;
    let chain = outline::enclosing(&outline, Pos { line, col });
    let enclosing: Vec<Value> = chain
        .iter()
        .map(|&i| json!({"name": outline[i].name, "kind": outline[i].kind.as_str(), "line": outline[i].name_span.start.line}))
        .collect();
    let file_id = NodeId::file_id(lang, &c.rel);
    let lookup = |id: &str| -> Result<Option<NodeInfo>, ToolError> {
        match map {
            Some(m) => m.lookup(id),
            None => Ok(None),
        }
    };
    let (node_id, qualified, at, info) = match chain.last() {
        Some(&i) => {
            let s = &outline[i];
            let id = NodeId::symbol_id(lang, &c.rel, &s.qualname);
            let info = lookup(&id)?;
            (
                id,
                s.qualname.clone(),
                (s.name_span.start.line, s.name_span.start.col),
                info,
            )
        }
        None => {
            let info = lookup(&file_id)?;
            (file_id.clone(), String::new(), (1, 1), info)
        }
    };
    let in_map = info.is_some();
    let map_stale = match (chain.last(), &info) {
        (Some(&i), Some(inf)) => differs(inf, &outline[i]),
        (None, Some(inf)) => inf.stale,
        (_, None) => map.is_some(),
    };
    let mut data = json!({
        "nodeId": node_id,
        "inMap": in_map,
        "mapStale": map_stale,
        "qualifiedName": qualified,
        "enclosingSymbols": enclosing,
        "location": {"file": c.rel, "line": at.0, "col": at.1},
        "source": source,
    });
    let mut nearest = None;
    if !in_map && map.is_some() {
        // Walk up to the nearest container the map knows.
        for &i in chain.iter().rev().skip(1) {
            let id = NodeId::symbol_id(lang, &c.rel, &outline[i].qualname);
            if lookup(&id)?.is_some() {
                nearest = Some(id);
                break;
            }
        }
        if nearest.is_none() && lookup(&file_id)?.is_some() {
            nearest = Some(file_id);
        }
        data["nearestNodeId"] = json!(nearest);
        warnings.push(
            "this symbol is not in the map yet: `codemap index` (or `map_rebuild`) adds it".into(),
        );
    }
    let text = ResolveText {
        node_id,
        file: c.rel.clone(),
        at: Some(at),
        symbol: None,
        enclosing: Some(
            chain
                .iter()
                .map(|&i| format!("{} {}", outline[i].kind.as_str(), outline[i].name))
                .collect(),
        ),
        source,
        in_map,
        map_stale,
        relocated_to: None,
        nearest,
    };
    Ok(Answer {
        data,
        dropped: None,
        warnings,
        text: Text::new(move || text.render()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_position_form_is_checked_in_one_place() {
        let nav = |given: [bool; 3]| {
            let forms = [
                ("{file, line, col}", given[0]),
                ("nodeId", given[1]),
                ("locate", given[2]),
            ];
            one_position(&forms, "h").map_err(|e| e.message)
        };
        assert!(nav([false, true, false]).is_ok());
        let said = "give exactly one position: {file, line, col}, nodeId, or locate";
        assert_eq!(nav([true, true, false]).err().as_deref(), Some(said));
        assert_eq!(nav([false, false, false]).err().as_deref(), Some(said));
        let resolve = one_position(&[("nodeId", true), ("{file, line, col}", true)], "h");
        assert_eq!(
            resolve.err().map(|e| e.message).as_deref(),
            Some("give exactly one position: nodeId or {file, line, col}")
        );
    }

    #[test]
    fn positions_checked() {
        let text = "ab\n\né\n";
        // (line, col, ok)
        for (line, col, ok) in [
            (1, 1, true),
            (1, 3, true),
            (1, 4, false),
            (2, 1, true),
            (2, 2, false),
            (3, 2, true),
            (3, 3, false),
            (4, 1, true),
            (5, 1, false),
            (0, 1, false),
            (1, 0, false),
        ] {
            assert_eq!(
                check_position(text, "f", line, col).is_ok(),
                ok,
                "{line}:{col}"
            );
        }
    }
}
