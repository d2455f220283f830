//! One file's symbols: `nav_outline` (the server's outline, else a parse of the file on disk)
//! and `locate` (a locate string → the spot, its range, its line and the symbol around it).

use super::anchor::Anchors;
use super::list::{listing, Layout, ListText};
use super::params::OutlineParams;
use super::server::failed;

use crate::locate;
use crate::paths::contain;
use crate::workspace::{lang_of, Workspace};
use answer::envelope::{Answer, Text, ToolError};
use serde::Serialize;
use serde_json::{json, Value};

pub fn outline(ws: &Workspace, p: &OutlineParams) -> Result<Answer, ToolError> {
    let mut w = Vec::new();
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
                syms = o;
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
    let depth = |mut i: usize| {
        let mut d = 0;
        while let Some(p) = syms[i].parent {
            d += 1;
            i = p;
        }
        d
    };
    let items: Vec<OutlineItem> = (0..syms.len())
        .map(|i| {
            let s = &syms[i];
            OutlineItem {
                node_id: indexer::id::NodeId::symbol_id(lang, &c.rel, &s.qualname),
                name: s.name.clone(),
                kind: s.kind.as_str(),
                qualname: s.qualname.clone(),
                line: s.name_span.start.line,
                col: s.name_span.start.col,
                end_line: s.span.end.line,
                depth: depth(i),
                signature: s.signature.clone(),
                detail: ws.detail,
            }
        })
        .collect();
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

/// An outline as plain text: a line per symbol, indented by depth, at its line number.
fn outline_text(_key: &str, items: &[OutlineItem]) -> String {
    items
        .iter()
        .map(|x| {
            let indent = "  ".repeat(x.depth);
            format!("{}  {indent}{} {}\n", x.line, x.kind, x.name)
        })
        .collect()
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
