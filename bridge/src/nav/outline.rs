//! One file's symbols: `nav_outline` (the server's outline, else a parse of the file on disk)
//! and `locate` (a locate string → the spot, its range, its line and the symbol around it).

use super::anchor::Anchors;
use super::list::{listing, Layout, ListText};
use super::params::OutlineParams;
use super::server::failed;

use crate::locate;
use crate::paths::{contain, Contained};
use crate::workspace::{lang_of, Workspace};
use answer::envelope::{Answer, Text, ToolError};
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::HashMap;

pub fn outline(ws: &Workspace, p: &OutlineParams) -> Result<Answer, ToolError> {
    let mut w = Vec::new();
    if let (Some(f), None) = (&p.file, &p.locate) {
        if let Some(lib) = crate::libs::lib_file(ws, f)? {
            return library_outline(ws, lib, p);
        }
    }
    if let (Some(f), None) = (&p.file, &p.locate) {
        if is_glob(f) || contain(&ws.root, f)?.abs.is_dir() {
            return folder_outline(ws, f, p);
        }
    }
    if p.offset.is_some() || p.limit.is_some() {
        return Err(ToolError::bad_args(
            "offset and limit page a folder's or a glob's files; one file's outline is whole",
        )
        .hint("a tokenBudget, or depth 0 for its top-level symbols only"));
    }
    let (c, shown) = match (&p.file, &p.locate) {
        (Some(f), None) => (contain(&ws.root, f)?, f.clone()),
        (None, Some(l)) => {
            let loc = locate::parse(l)?;
            (contain(&ws.root, &loc.file)?, loc.file)
        }
        _ => {
            return Err(ToolError::bad_args("nav_outline takes {file}")
                .hint("e.g. {\"file\": \"src/app.py\"}"))
        }
    };
    let lang = lang_of(&c, &shown)?;
    let text = ws.source(&c, &shown)?;
    let parsed = ws.parsed_outline(&c, lang, &text)?;
    let mut source = "parse";
    let mut syms = parsed;
    match ws.server(lang) {
        Ok(s) => match s.outline(&c, &text) {
            Ok(o) => {
                let (merged, added) = add_unlisted(o, &syms);
                if !added.is_empty() {
                    w.push(format!(
                        "{} name(s) the server's outline leaves out are added from a parse of the file ({}{}): macros, code under an `#if` the server's build leaves out, or members the server does not outline",
                        added.len(),
                        added[..added.len().min(8)].join(", "),
                        if added.len() > 8 { ", …" } else { "" }
                    ));
                }
                syms = merged;
                source = "lsp";
            }
            Err(e) => failed(&mut w, e, "from a parse of the file on disk"),
        },
        Err(e) => w.push(format!(
            "{}: {}: the outline is a parse of the file on disk",
            e.code.as_str(),
            e.message
        )),
    }
    let mut items = parsed_items(&syms, lang, &c.rel, ws.detail);
    if let Some(d) = p.depth {
        let before = items.len();
        items.retain(|x| x.depth <= d as usize);
        w.extend(deeper_note(before - items.len(), d));
    }
    Ok(listing(
        "symbols",
        items,
        json!({"source": source, "file": c.rel}),
        p.token_budget,
        "a larger tokenBudget; or `map_search` with a path",
        w,
        (Layout::AsIs, ws.shape()),
        ListText::new(outline_text),
    ))
}

/// `nav_outline` of a library's file by its file node ID: a parse of the file in the
/// dependency's folder now, its symbols named by library node IDs.
fn library_outline(
    ws: &Workspace,
    lib: crate::libs::LibFile,
    p: &OutlineParams,
) -> Result<Answer, ToolError> {
    if p.offset.is_some() || p.limit.is_some() {
        return Err(ToolError::bad_args(
            "offset and limit page a folder's or a glob's files; one file's outline is whole",
        )
        .hint("a tokenBudget, or depth 0 for its top-level symbols only"));
    }
    let c = Contained {
        abs: lib.abs.clone(),
        rel: lib.rel.clone(),
    };
    let shown = lib.abs.display().to_string();
    let text = ws.source(&c, &shown)?;
    let syms = ws.parsed_outline(&c, lib.lang, &text)?;
    let mut items = parsed_items(&syms, lib.lang, &c.rel, ws.detail);
    for x in &mut items {
        x.node_id = format!("{}{}", lib.prefix, x.node_id);
    }
    if let Some(d) = p.depth {
        items.retain(|x| x.depth <= d as usize);
    }
    Ok(listing(
        "symbols",
        items,
        json!({"source": "parse", "file": shown, "lib": lib.prefix.trim_end_matches('/')}),
        p.token_budget,
        "a larger tokenBudget, or depth 0",
        lib.warnings,
        (Layout::AsIs, ws.shape()),
        ListText::new(outline_text),
    ))
}

/// A pattern rather than a path: `*`, `?`, `[` or `{`.
fn is_glob(f: &str) -> bool {
    f.contains(['*', '?', '[', '{'])
}

/// The folder a glob's files are under: its segments before the first with a pattern.
fn glob_base(glob: &str) -> String {
    let segs: Vec<&str> = glob
        .split('/')
        .take_while(|s| !is_glob(s))
        .filter(|s| !s.is_empty() && *s != ".")
        .collect();
    // The last segment is the glob's own file part when the whole glob has no pattern left.
    segs.join("/")
}

/// One file of a folder's or a glob's outline.
#[derive(Serialize)]
struct FileOutline {
    file: String,
    /// "map" (the file is as the map read it), or "parse" (changed or new since the last
    /// run: read now).
    source: &'static str,
    symbols: Vec<OutlineItem>,
}

/// `nav_outline` of a folder or a glob: its files, paged (`offset`, `limit`), each file's
/// symbols from the map when the file is as the map last read it (size and modification
/// time), else from a parse of the file now; `depth` as for one file.
fn folder_outline(ws: &Workspace, given: &str, p: &OutlineParams) -> Result<Answer, ToolError> {
    let mut w = Vec::new();
    let given = given.strip_prefix("./").unwrap_or(given);
    let globbed = is_glob(given);
    let base = if globbed {
        glob_base(given)
    } else {
        given.trim_end_matches('/').to_string()
    };
    let c = contain(&ws.root, if base.is_empty() { "." } else { &base })?;
    if !c.abs.is_dir() {
        return Err(ToolError::bad_args(format!(
            "{given}: {} is not a folder of the workspace",
            if base.is_empty() { "." } else { &base }
        )));
    }
    let matcher = if globbed {
        let g = globset::GlobBuilder::new(given)
            .literal_separator(true)
            .build()
            .map_err(|e| ToolError::bad_args(format!("{given:?} is not a glob: {e}")))?;
        Some(g.compile_matcher())
    } else {
        None
    };
    let walked = indexer::walk::walk_under(&ws.root, &c.rel, &Default::default())
        .map_err(|e| ToolError::bad_args(e.to_string()))?;
    let lease = ws.map();
    let map = match &lease {
        Ok(m) => Some(m),
        Err(e) => {
            w.push(format!(
                "{}: every file is parsed now (no map to read)",
                e.message
            ));
            None
        }
    };
    let _read = map.map(|m| m.snapshot()).transpose()?;
    let mut stamps = HashMap::new();
    let mut skipped = HashMap::new();
    if let Some(m) = map {
        for s in m.db().file_stamps()? {
            stamps.insert(s.path.clone(), s);
        }
        for s in m.db().skipped_files()? {
            skipped.insert(s.path, s.reason);
        }
    }
    let mut left_out = 0usize;
    let files: Vec<_> = walked
        .files
        .into_iter()
        .filter(|f| matcher.as_ref().is_none_or(|m| m.is_match(&f.rel)))
        .filter(|f| {
            // What the map leaves out (generated, too large, binary) an outline leaves out.
            let keep = f.skip.is_none() && !skipped.contains_key(&f.rel);
            left_out += usize::from(!keep);
            keep
        })
        .collect();
    if files.is_empty() {
        return Err(
            ToolError::bad_args(format!("{given} holds no source file codemap reads"))
                .hint("a folder or a glob such as 'src/**/*.py', relative to the workspace root"),
        );
    }
    let matched = files.len();
    let offset = p.offset.unwrap_or(0) as usize;
    let limit = p.limit.unwrap_or(100).clamp(1, 1000) as usize;
    // The map's symbols of the whole folder in one read (a read per file cost 14 ms each on
    // Go's net/), by file.
    let mut by_file: HashMap<String, Vec<indexer::store::ScopeSymbol>> = HashMap::new();
    if let Some(m) = map {
        let scope = (!c.rel.is_empty()).then_some(c.rel.as_str());
        for s in m.db().scope_symbols(scope)? {
            by_file.entry(s.path.clone()).or_default().push(s);
        }
    }
    let mut reread = 0usize;
    let mut out = Vec::new();
    let mut deeper = 0usize;
    for f in files.iter().skip(offset).take(limit) {
        let fresh = stamps
            .get(&f.rel)
            .is_some_and(|s| !s.flagged && s.size == f.size as i64 && s.mtime == f.mtime_ns);
        let mut symbols = match (fresh, map) {
            (true, Some(_)) => map_items(by_file.remove(&f.rel).unwrap_or_default(), ws.detail),
            _ => {
                reread += 1;
                let c = contain(&ws.root, &f.rel)?;
                match ws.source(&c, &f.rel) {
                    Ok(text) => {
                        let syms = ws.parsed_outline(&c, f.lang, &text)?;
                        parsed_items(&syms, f.lang, &f.rel, ws.detail)
                    }
                    Err(e) => {
                        w.push(format!("{}: {}", f.rel, e.message));
                        continue;
                    }
                }
            }
        };
        if let Some(d) = p.depth {
            let before = symbols.len();
            symbols.retain(|x| x.depth <= d as usize);
            deeper += before - symbols.len();
        }
        out.push(FileOutline {
            file: f.rel.clone(),
            source: if fresh && map.is_some() {
                "map"
            } else {
                "parse"
            },
            symbols,
        });
    }
    if let Some(d) = p.depth {
        w.extend(deeper_note(deeper, d));
    }
    // A first file too large for the budget alone is shown in part, not left out: its first
    // symbols, the rest counted (paging goes on from the next file).
    let budget = answer::envelope::clamp_budget(p.token_budget);
    if let Some(first) = out.first_mut() {
        // The room the answer's head, its warnings and a cut note leave (about 200 tokens).
        let room = budget.saturating_sub(200);
        if budget != answer::envelope::UNBOUNDED
            && answer::envelope::tokens_of(&json!(first)) > room
        {
            let total = first.symbols.len();
            let lo = answer::envelope::fit(total, room, |n| {
                json!({"file": first.file, "source": first.source, "symbols": &first.symbols[..n]})
            })
            .kept;
            first.symbols.truncate(lo);
            w.push(format!(
                "{}: {lo} of its {total} symbols shown for the budget: depth 0, a larger tokenBudget, or nav_outline of the file",
                first.file
            ));
        }
    }
    let mut head = json!({"path": given, "files": [], "matched": matched, "offset": offset});
    // Said before the fit, so that its room is counted; made true after it.
    let paged = |kept: usize| {
        format!(
            "{kept} of {matched} files shown (from {offset}): offset {} for the next",
            offset + kept
        )
    };
    let page_note = w.len();
    w.push(paged(out.len()));
    if reread > 0 {
        head["reread"] = json!(reread);
    }
    if left_out > 0 {
        head["leftOut"] = json!(left_out);
    }
    let mut a = listing(
        "files",
        out,
        head,
        p.token_budget,
        "a larger tokenBudget, depth 0, offset and limit, or a narrower glob",
        w,
        (Layout::AsIs, ws.shape()),
        ListText::new(|_key, files: &[FileOutline]| {
            files
                .iter()
                .map(|f| {
                    let mut s = format!("{}\n", f.file);
                    s.push_str(
                        &outline_text("", &f.symbols)
                            .lines()
                            .map(|l| format!("  {l}\n"))
                            .collect::<String>(),
                    );
                    s
                })
                .collect()
        }),
    );
    // The next page starts after the last file this answer holds (the budget may have kept
    // fewer than the page).
    let kept = a.data["files"].as_array().map_or(0, Vec::len);
    // `total` counts the files matched, on every page alike (it counted those from the offset
    // on: 55 on echo's first page, 26 on its second).
    a.data["total"] = json!(matched);
    if offset + kept < matched {
        a.data["nextOffset"] = json!(offset + kept);
        a.warnings[page_note] = paged(kept);
    } else {
        a.warnings.remove(page_note);
    }
    Ok(a)
}

/// A file's symbols as the map holds them, in source order, with their depth.
fn map_items(rows: Vec<indexer::store::ScopeSymbol>, detail: bool) -> Vec<OutlineItem> {
    let index: HashMap<i64, usize> = rows
        .iter()
        .enumerate()
        .map(|(i, s)| (s.number, i))
        .collect();
    let depth = |mut i: usize| {
        let mut d = 0;
        while let Some(&j) = rows[i].parent.as_ref().and_then(|p| index.get(p)) {
            d += 1;
            i = j;
            if d > 64 {
                break;
            }
        }
        d
    };
    (0..rows.len())
        .map(|i| {
            let s = &rows[i];
            OutlineItem {
                node_id: s.node_id.clone(),
                name: s.name.clone(),
                kind: indexer::Kind::parse(&s.kind).map_or("symbol", |k| k.as_str()),
                qualname: s.qualname.clone(),
                line: s.name_line,
                col: s.name_col,
                end_line: s.end_line,
                depth: depth(i),
                signature: s.signature.clone(),
                detail,
            }
        })
        .collect()
}

/// What `depth` left out, said with its count (Go's methods hang under their types: depth 0
/// of viper.go showed 1 of its 93 methods, unsaid).
fn deeper_note(hidden: usize, depth: u32) -> Option<String> {
    (hidden > 0).then(|| {
        format!(
            "{hidden} symbol(s) deeper than depth {depth} left out (members: methods under their type, fields, nested definitions); a larger depth shows them"
        )
    })
}

/// The server's outline with the parse's symbols it does not list (clangd leaves out macros and
/// code under an inactive `#if`: Lua's `lvm.h` 18 symbols of ~50; tsc's outline of a JS class
/// leaves out its fields and constructor: hono's `Hono` 24 of 35 members): a top-level one that
/// no server symbol's range holds and whose name it does not give, with its members; a member of
/// a symbol the server lists, inside its range (the server's or the parse's), that no server
/// symbol below it names
/// or holds. In line order; with the added names. Pure.
fn add_unlisted(
    server: Vec<indexer::outline::OutlineSymbol>,
    parsed: &[indexer::outline::OutlineSymbol],
) -> (Vec<indexer::outline::OutlineSymbol>, Vec<String>) {
    use indexer::outline::OutlineSymbol;
    let listed = server.len();
    let mut out = server;
    let mut added: Vec<String> = Vec::new();
    let holds =
        |s: &OutlineSymbol, line: u32| (s.span.start.line..=s.span.end.line).contains(&line);
    let below = |syms: &[OutlineSymbol], mut k: usize, top: usize| {
        while let Some(p) = syms[k].parent {
            if p == top {
                return true;
            }
            k = p;
        }
        false
    };
    // Each parsed symbol's owner: its parent, or the symbol its qualname hangs under (a
    // method placed by its receiver, `proto.onerror` of `const proto = module.exports = {…}`).
    let by_qual: HashMap<&str, usize> = parsed
        .iter()
        .enumerate()
        .map(|(i, s)| (s.qualname.as_str(), i))
        .collect();
    let up_of: Vec<Option<usize>> = parsed
        .iter()
        .enumerate()
        .map(|(i, s)| {
            s.parent.or_else(|| {
                let (up, _) = s.qualname.rsplit_once('.')?;
                by_qual.get(up).copied().filter(|&k| k != i)
            })
        })
        .collect();
    let depth = |mut i: usize| {
        let mut d = 0;
        while let Some(p) = up_of[i] {
            i = p;
            d += 1;
            if d > 64 {
                break;
            }
        }
        d
    };
    let mut order: Vec<usize> = (0..parsed.len()).collect();
    order.sort_by_key(|&i| (depth(i), i));
    // Each parsed symbol's place in `out`: its server twin, or where it was added.
    let mut twin: Vec<Option<usize>> = vec![None; parsed.len()];
    for i in order {
        let p = &parsed[i];
        let line = p.name_span.start.line;
        let add = |out: &mut Vec<OutlineSymbol>, parent: Option<usize>| {
            let mut m = p.clone();
            m.parent = parent;
            out.push(m);
            out.len() - 1
        };
        match up_of[i] {
            None => {
                let same = (0..listed)
                    .filter(|&k| out[k].parent.is_none() && out[k].name == p.name)
                    .min_by_key(|&k| !holds(&out[k], line));
                if same.is_some() {
                    twin[i] = same;
                } else if !(0..listed).any(|k| out[k].name == p.name || holds(&out[k], line)) {
                    twin[i] = Some(add(&mut out, None));
                    added.push(p.name.clone());
                }
            }
            Some(up) => {
                let Some(c) = twin[up] else { continue };
                if c >= listed {
                    twin[i] = Some(add(&mut out, Some(c)));
                    continue;
                }
                let under: Vec<usize> = (0..listed).filter(|&k| below(&out, k, c)).collect();
                let same = under
                    .iter()
                    .copied()
                    .filter(|&k| out[k].parent == Some(c) && out[k].name == p.name)
                    .min_by_key(|&k| !holds(&out[k], line));
                if same.is_some() {
                    twin[i] = same;
                } else if (holds(&out[c], line) || holds(&parsed[up], line))
                    && !under
                        .iter()
                        .any(|&k| out[k].name == p.name || holds(&out[k], line))
                {
                    twin[i] = Some(add(&mut out, Some(c)));
                    added.push(format!("{}.{}", out[c].name, p.name));
                }
            }
        }
    }
    if out.len() == listed {
        return (out, added);
    }
    added.dedup();
    (in_line_order(out), added)
}

/// An outline in tree order (each symbol before its members), siblings by line. Pure.
fn in_line_order(
    syms: Vec<indexer::outline::OutlineSymbol>,
) -> Vec<indexer::outline::OutlineSymbol> {
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); syms.len()];
    let mut tops = Vec::new();
    for (i, s) in syms.iter().enumerate() {
        match s.parent {
            Some(p) => members[p].push(i),
            None => tops.push(i),
        }
    }
    let key = |i: &usize| {
        (
            syms[*i].name_span.start.line,
            syms[*i].name_span.start.col,
            *i,
        )
    };
    tops.sort_by_key(key);
    for m in &mut members {
        m.sort_by_key(key);
    }
    let mut order = Vec::with_capacity(syms.len());
    let mut stack: Vec<usize> = tops.into_iter().rev().collect();
    while let Some(i) = stack.pop() {
        order.push(i);
        stack.extend(members[i].iter().rev());
    }
    let mut at = vec![0; syms.len()];
    for (k, &i) in order.iter().enumerate() {
        at[i] = k;
    }
    order
        .iter()
        .map(|&i| {
            let mut s = syms[i].clone();
            s.parent = s.parent.map(|p| at[p]);
            s
        })
        .collect()
}

fn parsed_items(
    syms: &[indexer::outline::OutlineSymbol],
    lang: indexer::Lang,
    rel: &str,
    detail: bool,
) -> Vec<OutlineItem> {
    let depth = |mut i: usize| {
        let mut d = 0;
        while let Some(p) = syms[i].parent {
            d += 1;
            i = p;
        }
        d
    };
    (0..syms.len())
        .map(|i| {
            let s = &syms[i];
            OutlineItem {
                node_id: indexer::id::NodeId::symbol_id(lang, rel, &s.qualname),
                name: s.name.clone(),
                kind: s.kind.as_str(),
                qualname: s.qualname.clone(),
                line: s.name_span.start.line,
                col: s.name_span.start.col,
                end_line: s.span.end.line,
                depth: depth(i),
                signature: s.signature.clone(),
                detail,
            }
        })
        .collect()
}

/// One symbol of an outline, typed; on the wire in the answer's shape.
struct OutlineItem {
    node_id: String,
    name: String,
    kind: &'static str,
    qualname: String,
    line: u32,
    col: u32,
    end_line: u32,
    depth: usize,
    signature: Option<String>,
    /// The detail shape: every field; else compact (the node ID says the name and qualname;
    /// depth 0 and an end on the same line are left out).
    detail: bool,
}

impl OutlineItem {
    fn to_json(&self) -> Value {
        if self.detail {
            return json!({"name": self.name, "kind": self.kind, "qualname": self.qualname,
                   "line": self.line, "col": self.col, "endLine": self.end_line,
                   "depth": self.depth, "signature": self.signature, "nodeId": self.node_id});
        }
        let mut v = json!({"nodeId": self.node_id, "kind": self.kind,
                           "at": answer::shape::at(self.line, self.col)});
        if self.end_line != self.line {
            v["end"] = json!(self.end_line);
        }
        if let Some(sig) = &self.signature {
            v["signature"] = json!(sig);
        }
        if self.depth > 0 {
            v["depth"] = json!(self.depth);
        }
        v
    }
}

impl Serialize for OutlineItem {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_json().serialize(s)
    }
}

/// An outline as plain text: a line per symbol, indented by depth, at its line number. A
/// symbol whose qualname is not its name under the line it is indented below (a Go method, a
/// Rust method of an impl: `Version.partial_cmp`; gin's two `Instance` methods under
/// `var htmlContentType`, as gopls nests them) is shown by its qualname: two `partial_cmp`
/// lines said not whose they were.
fn outline_text(_key: &str, items: &[OutlineItem]) -> String {
    // The qualname shown at each depth above the current line.
    let mut above: Vec<String> = Vec::new();
    // An overload (a name defined more than once in its scope) is shown with its parameters:
    // tinyxml2's 8 `SetText` lines read alike.
    let unmarked = indexer::id::unmarked;
    let mut seen: std::collections::HashMap<String, usize> = Default::default();
    for x in items {
        *seen.entry(unmarked(&x.qualname)).or_default() += 1;
    }
    items
        .iter()
        .map(|x| {
            let params = match seen.get(&unmarked(&x.qualname)) {
                Some(n) if *n > 1 => x.signature.as_deref().and_then(parameter_list),
                _ => None,
            };
            // Overloads' marks (`~2`, in any segment) are not part of the names shown.
            let qualname = unmarked(&x.qualname);
            above.truncate(x.depth);
            let under = above.last().map(|p| format!("{p}.{}", x.name));
            let (name, depth) = match under {
                Some(q) if x.depth > 0 && q == qualname => (&x.name, x.depth),
                // Not under the line above (chi's `compressResponseWriter.Flush` after
                // `interface compressFlusher`): at the depth its qualname says, not indented
                // under a symbol it is no member of.
                _ => (
                    &x.qualname,
                    x.depth
                        .saturating_sub(qualname.matches('.').count())
                        .min(x.depth),
                ),
            };
            above.truncate(depth);
            above.resize(depth, String::new());
            above.push(qualname);
            let indent = "  ".repeat(depth);
            format!(
                "{}  {indent}{} {name}{}\n",
                x.line,
                x.kind,
                params.unwrap_or_default()
            )
        })
        .collect()
}

/// A signature's parameter list, from its first `(` to the matching `)`. Pure.
fn parameter_list(sig: &str) -> Option<&str> {
    let open = sig.find('(')?;
    let mut depth = 0usize;
    for (i, c) in sig[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(&sig[open..open + i + 1]);
                }
            }
            _ => {}
        }
    }
    None
}

/// `locate`: a locate string → the position, its range, the line, and the symbol around it.
pub fn locate_tool(ws: &Workspace, s: &str) -> Result<Answer, ToolError> {
    let loc = locate::parse(s)?;
    let c = contain(&ws.root, &loc.file)?;
    let lang = lang_of(&c, &loc.file)?;
    let text = ws.source(&c, &loc.file)?;
    let outline = ws.parsed_outline(&c, lang, &text)?;
    let found = locate::locate(&text, &outline, &loc)?;
    let mut w = Vec::new();
    let lease = ws.map();
    let mut a = Anchors::new(ws, &lease, &mut w).known(&c.abs, &text);
    let anchor = a.at(&c.abs, found.pos, found.range.end.line);
    let enclosing = indexer::outline::enclosing(&outline, found.pos)
        .last()
        .map(|&i| indexer::id::NodeId::symbol_id(lang, &c.rel, &outline[i].qualname));
    let text = format!(
        "{}:{}:{}  {}\n{}",
        c.rel,
        found.pos.line,
        found.pos.col,
        anchor.snippet.as_deref().unwrap_or(""),
        enclosing
            .as_ref()
            .map_or(String::new(), |n| format!("  in {n}\n"))
    );
    Ok(Answer {
        text: Text::new(move || text),
        data: json!({"file": c.rel, "line": found.pos.line, "col": found.pos.col,
                     "range": {"line": found.range.start.line, "col": found.range.start.col,
                               "endLine": found.range.end.line, "endCol": found.range.end.col},
                     "snippet": anchor.snippet, "nodeId": anchor.node_id, "enclosing": enclosing}),
        dropped: None,
        warnings: w,
    })
}

#[cfg(test)]
mod tests {
    use super::add_unlisted;

    #[test]
    fn an_overload_is_shown_with_its_parameters() {
        let p = super::parameter_list;
        assert_eq!(p("void SetText(double value)"), Some("(double value)"));
        assert_eq!(
            p("void f(std::function<void(int)> g) const"),
            Some("(std::function<void(int)> g)")
        );
        assert_eq!(p("#define X 1"), None);
    }

    #[test]
    fn a_member_apart_from_its_type_is_not_indented_under_another() {
        let it = |name: &str, qualname: &str, kind: &'static str, line: u32, depth: usize| {
            super::OutlineItem {
                node_id: String::new(),
                name: name.into(),
                kind,
                qualname: qualname.into(),
                line,
                col: 1,
                end_line: line,
                depth,
                signature: None,
                detail: false,
            }
        };
        // As chi's compress.go: `compressResponseWriter`'s methods after `compressFlusher`.
        let items = [
            it("W", "W", "struct", 1, 0),
            it("w", "W.w", "field", 2, 1),
            it("Write", "W.Write", "method", 4, 1),
            it("Flusher", "Flusher", "interface", 8, 0),
            it("Flush", "Flusher.Flush", "method", 9, 1),
            it("Flush", "W.Flush", "method", 12, 1),
        ];
        assert_eq!(
            super::outline_text("", &items),
            "1  struct W\n2    field w\n4    method Write\n8  interface Flusher\n9    method Flush\n12  method W.Flush\n"
        );
    }
    use indexer::model::{Kind, Pos, Span};
    use indexer::outline::OutlineSymbol;

    fn sym(name: &str, lines: (u32, u32), parent: Option<usize>) -> OutlineSymbol {
        let at = |line| Pos { line, col: 1 };
        OutlineSymbol {
            name: name.to_string(),
            qualname: name.to_string(),
            kind: Kind::Function,
            span: Span {
                start: at(lines.0),
                end: at(lines.1),
            },
            name_span: Span {
                start: at(lines.0),
                end: at(lines.0),
            },
            signature: None,
            parent,
        }
    }

    /// clangd's outline of a header without its macros: the parse's macros are added where
    /// they stand, a struct's fields stay under it, a name inside a server symbol is not added.
    #[test]
    fn names_the_server_leaves_out_are_added_in_line_order() {
        let server = vec![sym("item", (5, 8), None), sym("item.n", (6, 6), Some(0))];
        let parsed = vec![
            sym("GUARD", (1, 1), None),
            sym("item", (5, 8), None),
            sym("item.n", (6, 6), Some(1)),
            sym("local", (7, 7), None),
            sym("MAX", (10, 12), None),
            sym("MAX.a", (11, 11), Some(4)),
        ];
        let (out, added) = add_unlisted(server, &parsed);
        let got: Vec<(&str, Option<usize>)> =
            out.iter().map(|s| (s.name.as_str(), s.parent)).collect();
        assert_eq!(
            got,
            [
                ("GUARD", None),
                ("item", None),
                ("item.n", Some(1)),
                ("MAX", None),
                ("MAX.a", Some(3)),
            ]
        );
        assert_eq!(added, ["GUARD", "MAX"]);
        let (same, none) = add_unlisted(vec![sym("a", (1, 2), None)], &[sym("a", (1, 2), None)]);
        assert_eq!((same.len(), none.len()), (1, 0));
    }

    /// tsc's outline of a JS class without its fields and constructor: they are added under the
    /// class in line order; a member the server lists under another name (held by its range)
    /// and a member outside the class's range (a Go method) are not.
    #[test]
    fn members_the_server_leaves_out_are_added_under_their_type() {
        let server = vec![
            sym("Hono", (2, 20), None),
            sym("route", (9, 11), Some(0)),
            sym("route(int)", (12, 13), Some(0)),
        ];
        let parsed = vec![
            sym("Hono", (2, 20), None),
            sym("get", (3, 3), Some(0)),
            sym("constructor", (5, 8), Some(0)),
            sym("route", (9, 11), Some(0)),
            sym("route", (12, 13), Some(0)),
            sym("fetch", (15, 15), Some(0)),
            sym("Write", (30, 32), Some(0)),
        ];
        let (out, added) = add_unlisted(server, &parsed);
        let got: Vec<(&str, Option<usize>)> =
            out.iter().map(|s| (s.name.as_str(), s.parent)).collect();
        assert_eq!(
            got,
            [
                ("Hono", None),
                ("get", Some(0)),
                ("constructor", Some(0)),
                ("route", Some(0)),
                ("route(int)", Some(0)),
                ("fetch", Some(0)),
            ]
        );
        assert_eq!(added, ["Hono.get", "Hono.constructor", "Hono.fetch"]);
    }
}
