//! Symbols' current source: `nav_source` (one symbol's text, by node ID or locate string) and
//! `includeBody` (the bodies of the symbols an answer names, within the answer's budget).
//!
//! A body is always read from the file on disk at the range a parse of that very text gives
//! (never at a range the map recorded before an edit): the symbol is found by its qualname in
//! the live outline (`outline::find`: exact, else the one symbol of that name, said as
//! relocated). It starts at its lead, the comment and attribute lines right above it (its doc,
//! decorators, `#[cfg]`: `indexer::diff::lead_line`), and ends with the symbol.

use super::params::SourceParams;
use crate::paths::{contain, Contained};
use crate::workspace::Workspace;
use answer::envelope::{
    clamp_budget, said_tokens, tokens_of, Answer, Dropped, ErrorCode, Text, ToolError,
    DROPPED_RESERVE, ENVELOPE_OVERHEAD,
};
use answer::query::parse_node_id;
use indexer::id::NodeId;
use indexer::outline::{self, Found, OutlineSymbol};
use indexer::Lang;
use serde::Serialize;
use serde_json::{json, Value};
use std::sync::Arc;

/// One symbol's source as it is on disk now.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Body {
    /// The symbol's node ID now (a relocated symbol's new one).
    pub node_id: String,
    pub file: String,
    pub kind: &'static str,
    /// The first line of `text` (the lead's, when the symbol has doc or attribute lines).
    pub line: u32,
    /// The line of the symbol's name.
    pub name_line: u32,
    /// The last line of `text` as given (the symbol's last line, unless clipped).
    pub end_line: u32,
    pub text: String,
    /// The node ID asked for, when the symbol was found under another qualname.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub relocated_from: Option<String>,
    /// A library's symbol (`file` then the dependency's absolute path): the library and its
    /// version.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lib: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lib_version: Option<String>,
}

impl Body {
    /// As plain text: a header line (its node ID, file and lines), then the source.
    fn render(&self) -> String {
        if self.text.is_empty() {
            // Cut to nothing for the budget: no range to show.
            return format!(
                "{}  {}:{}  (no line of it fits the budget)\n",
                self.node_id, self.file, self.line
            );
        }
        let mut out = format!(
            "{}  {}:{}-{}\n{}",
            self.node_id, self.file, self.line, self.end_line, self.text
        );
        if !out.ends_with('\n') {
            out.push('\n');
        }
        out
    }

    /// The body cut to the whole lines whose JSON-escaped text fits in `room` characters;
    /// `None` when every line fits. Its lead (the doc comment and attribute lines above its
    /// name's line) goes first: the code is what was asked for, and a long doc would leave
    /// none of it; then the lines past those that fit.
    fn clip(&mut self, room: usize) -> Option<Cut> {
        let (kept, total) = fit_lines(&self.text, room);
        if kept == total {
            return None;
        }
        let mut cut = Cut {
            lead: 0,
            tail: 0,
            first: self.line,
            kept: 0,
            first_chars: 0,
        };
        if self.name_line > self.line {
            cut.lead = (self.name_line - self.line) as usize;
            let bytes: usize = self
                .text
                .split_inclusive('\n')
                .take(cut.lead)
                .map(str::len)
                .sum();
            self.text.drain(..bytes.min(self.text.len()));
            self.line = self.name_line;
        }
        let (kept, total) = fit_lines(&self.text, room);
        let bytes: usize = self
            .text
            .split_inclusive('\n')
            .take(kept)
            .map(str::len)
            .sum();
        cut.first_chars = self.text.split_inclusive('\n').next().map_or(0, |l| {
            serde_json::to_string(l).map_or(l.len(), |s| s.len() - 2)
        });
        self.text.truncate(bytes);
        cut.tail = total - kept;
        cut.kept = kept;
        self.end_line = (self.line + kept as u32).saturating_sub(1);
        Some(cut)
    }
}

/// What [`Body::clip`] left out: `lead` lines from `first` (the doc and attributes above the
/// name), `tail` lines at the end; `kept` lines were kept (none: not even the name's line,
/// which needs `first_chars` of room).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Cut {
    lead: usize,
    tail: usize,
    first: u32,
    kept: usize,
    first_chars: usize,
}

impl Cut {
    /// The lines left out, said: `lines 817-823 (doc, attributes) and 850-897`.
    fn said(&self, end_line: u32, last: u32) -> String {
        let lead = (self.lead > 0).then(|| {
            format!(
                "{}-{} (doc, attributes)",
                self.first,
                self.first + self.lead as u32 - 1
            )
        });
        let tail = (self.tail > 0).then(|| format!("{}-{last}", end_line + 1));
        let both: Vec<String> = lead.into_iter().chain(tail).collect();
        format!("lines {}", both.join(" and "))
    }
}

/// How many of `text`'s lines, from the first, fit in `room` characters once JSON-escaped,
/// and how many there are.
pub(crate) fn fit_lines(text: &str, room: usize) -> (usize, usize) {
    let mut used = 0;
    let mut kept = 0;
    let mut total = 0;
    for line in text.split_inclusive('\n') {
        total += 1;
        // Its escaped length, without the quotes serde_json adds.
        let n = serde_json::to_string(line).map_or(line.len(), |s| s.len() - 2);
        if kept == total - 1 && used + n <= room {
            used += n;
            kept += 1;
        }
    }
    (kept, total)
}

/// The source of the symbol `id` names, read now (SYMBOL_NOT_FOUND, FILE_DELETED and
/// BAD_NODE_ID as `resolve` says them).
pub(crate) fn body_of(ws: &Workspace, id: &str) -> Result<Body, ToolError> {
    // A library's symbol: its text in the dependency's file now, at the range a parse of it
    // gives (the library map's re-checked), named by its library node ID.
    if let Some(t) = super::target::library(ws, id, &mut Vec::new())? {
        if let Some(l) = &t.lib {
            let mut b = body_at(t.lang, &t.c, &t.text, &l.live);
            b.node_id = l.node_id(t.lang, &t.c.rel);
            b.file = t.c.abs.display().to_string();
            b.lib = Some(l.node.name.clone());
            b.lib_version = Some(l.node.version.clone());
            if b.node_id != id {
                b.relocated_from = Some(id.to_string());
            }
            return Ok(b);
        }
    }
    let node = parse_node_id(id)?;
    let (lang, path, qualname) = match &node {
        NodeId::Symbol {
            lang,
            path,
            qualname,
        } => (*lang, path.clone(), qualname.clone()),
        NodeId::File { .. } | NodeId::Package { .. } | NodeId::External { .. } => {
            return Err(ToolError::bad_args(format!(
                "{id} is not a symbol: a body is a symbol's (file#qualname)"
            ))
            .hint("`nav_outline` lists a file's or a folder's symbols with their node IDs"))
        }
    };
    let c = contain(&ws.root, &path)?;
    if !c.abs.exists() {
        return Err(ws.missing_node(&node, &c.rel, id));
    }
    let text = ws.source(&c, &path)?;
    let outline = ws.parsed_outline(&c, lang, &text)?;
    let lease = ws.map();
    let map = lease.as_ref().ok().map(|l| &**l);
    let (i, relocated) = match crate::reconcile::find_now(map, lang, &path, &outline, &qualname) {
        Found::Exact(i) => (i, false),
        Found::Relocated(i) => (i, true),
        Found::NotFound { candidates } => {
            return Err(crate::reconcile::not_found(
                &outline,
                &path,
                &qualname,
                &candidates,
                None,
            ))
        }
    };
    let mut b = body_at(lang, &c, &text, &outline[i]);
    if relocated {
        b.relocated_from = Some(id.to_string());
    }
    Ok(b)
}

/// The source of `sym`, a symbol of the live outline of `text` (the file `c`).
fn body_at(lang: Lang, c: &Contained, text: &Arc<str>, sym: &OutlineSymbol) -> Body {
    let first = indexer::diff::lead_line(text.as_bytes(), &c.rel, sym.span);
    let last = sym.span.end.line.max(first);
    let body: String = text
        .split_inclusive('\n')
        .skip(first as usize - 1)
        .take((last - first + 1) as usize)
        .collect();
    Body {
        node_id: NodeId::symbol_id(lang, &c.rel, &sym.qualname),
        file: c.rel.clone(),
        kind: sym.kind.as_str(),
        line: first,
        name_line: sym.name_span.start.line,
        end_line: last,
        text: body,
        relocated_from: None,
        lib: None,
        lib_version: None,
    }
}

/// `nav_source`: one symbol's current source, by node ID or by a locate string (the
/// innermost symbol around the spot), budgeted: the lines that do not fit are said.
pub fn source(ws: &Workspace, p: &SourceParams) -> Result<Answer, ToolError> {
    crate::reconcile::one_position(
        &[
            ("nodeId", p.node_id.is_some()),
            ("locate", p.locate.is_some()),
        ],
        "{\"nodeId\": \"py:src/app.py#App.run\"}, or {\"locate\": \"src/app.py:App.run@\"}",
    )?;
    let mut body = match (&p.node_id, &p.locate) {
        (Some(id), _) => body_of(ws, id)?,
        (_, Some(_)) => {
            let lease = ws.map();
            let t = super::target::position(ws, &lease, p, &mut Vec::new())?;
            let outline = ws.parsed_outline(&t.c, t.lang, &t.text)?;
            let Some(&i) = outline::enclosing(&outline, t.pos).last() else {
                return Err(ToolError::new(
                    ErrorCode::SymbolNotFound,
                    format!("no symbol of {} encloses line {}", t.shown(), t.pos.line),
                )
                .hint(
                    "locate a spot inside a function, method or type; `nav_outline` lists them",
                ));
            };
            body_at(t.lang, &t.c, &t.text, &outline[i])
        }
        (None, None) => unreachable!("one_position checked that one is given"),
    };
    let budget = clamp_budget(p.token_budget);
    let total_lines = body.end_line - body.line + 1;
    let mut dropped = None;
    if budget != answer::envelope::UNBOUNDED {
        // Room for the text: the budget less the envelope, the answer's other fields and a
        // `dropped` note.
        let head = json!(Body {
            text: String::new(),
            ..body.clone()
        });
        // The note a cut adds, at its longest for this body's lines (the general reserve,
        // `DROPPED_RESERVE`, left a 200-token budget no line of a gin function).
        let longest = Dropped {
            kind: "lines".into(),
            count: total_lines as usize,
            note: format!(
                "lines {a}-{z} (doc, attributes) and {a}-{z} left out: raise tokenBudget (up to 10000) or read the file",
                a = body.end_line,
                z = body.end_line
            ),
        };
        let reserve = tokens_of(&json!(longest)).min(DROPPED_RESERVE);
        let overhead = tokens_of(&head) + 8 + ENVELOPE_OVERHEAD + reserve;
        let room = (budget.saturating_sub(overhead) as usize) * 4;
        let end = body.end_line;
        if let Some(cut) = body.clip(room) {
            let note = match cut.kept {
                // Not one line: said with the budget that shows the first.
                0 => format!(
                    "{} left out: no line fits; tokenBudget {} shows the first",
                    cut.said(body.end_line, end),
                    overhead as usize + cut.first_chars.div_ceil(4)
                ),
                _ => format!(
                    "{} left out: raise tokenBudget (up to 10000) or read the file",
                    cut.said(body.end_line, end)
                ),
            };
            dropped = Some(Dropped {
                kind: "lines".into(),
                count: cut.lead + cut.tail,
                note,
            });
        }
    }
    let mut data = json!(body);
    data["lines"] = json!(total_lines);
    let mut warnings = Vec::new();
    if let Some(from) = &body.relocated_from {
        warnings.push(format!(
            "{from} is not in its file under that qualname now; the one symbol of its name there is {}",
            body.node_id
        ));
    }
    let more = dropped.as_ref().map(|d| d.note.clone());
    Ok(Answer {
        data,
        dropped,
        warnings,
        text: Text::new(move || {
            let mut out = body.render();
            if let Some(m) = more {
                out.push_str(&format!("… {m}\n"));
            }
            out
        }),
    })
}

/// `includeBody`: the current source of each symbol `answer` names (every object of its data
/// with a symbol's `nodeId`, in order), as a `body` beside it, while the budget lasts; a body
/// that does not fit whole is cut at a line and says how many lines it left out
/// (`bodyLinesLeft`), and the symbols left without one are counted in a warning.
pub(crate) fn attach(ws: &Workspace, answer: &mut Answer, budget: u32) {
    let mut ids = Vec::new();
    collect_ids(&answer.data, &mut ids);
    let mut seen = std::collections::HashSet::new();
    ids.retain(|id| seen.insert(id.clone()));
    if ids.is_empty() {
        return;
    }
    let unbounded = budget == answer::envelope::UNBOUNDED;
    // Room for the bodies: the budget less the data so far, the warnings (about 90 tokens for
    // this function's own), the envelope and a `dropped` note.
    let mut left = budget.saturating_sub(
        tokens_of(&answer.data)
            + said_tokens(&answer.warnings)
            + 90
            + ENVELOPE_OVERHEAD
            + DROPPED_RESERVE,
    ) as usize
        * 4;
    let mut bodies: Vec<(String, Value)> = Vec::new();
    let mut shown: Vec<Body> = Vec::new();
    let (mut cut, mut none, mut failed) = (0usize, 0usize, Vec::new());
    for id in &ids {
        if !unbounded && left < 200 {
            none += 1;
            continue;
        }
        match body_of(ws, id) {
            Ok(mut b) => {
                let mut v = json!({"text": "", "line": b.line, "endLine": b.end_line});
                if !unbounded {
                    let room = left.saturating_sub(60);
                    if let Some(c) = b.clip(room) {
                        // Not one line of it: left out, as one with no room.
                        if c.kept == 0 {
                            none += 1;
                            continue;
                        }
                        cut += 1;
                        v["bodyLinesLeft"] = json!(c.tail);
                        if c.lead > 0 {
                            v["leadLinesLeft"] = json!(c.lead);
                        }
                        v["line"] = json!(b.line);
                        v["endLine"] = json!(b.end_line);
                    }
                    let used = serde_json::to_string(&b.text).map_or(b.text.len(), |s| s.len());
                    left = left.saturating_sub(used + 60);
                }
                v["text"] = json!(b.text);
                bodies.push((id.clone(), v));
                shown.push(b);
            }
            Err(e) => failed.push(format!("{id}: {}", e.message)),
        }
    }
    let by_id: std::collections::HashMap<String, Value> = bodies.into_iter().collect();
    put_bodies(&mut answer.data, &by_id);
    if none > 0 {
        answer.warnings.push(format!(
            "includeBody: {none} of {} symbols' bodies left out for the budget: a larger tokenBudget, or `nav_source` for one",
            ids.len()
        ));
    }
    if cut > 0 {
        answer.warnings.push(format!(
            "includeBody: {cut} bodies cut for the budget: the doc and attribute lines above a symbol first (leadLinesLeft), then the lines past those that fit (bodyLinesLeft)"
        ));
    }
    if !failed.is_empty() {
        let n = failed.len();
        failed.truncate(3);
        answer.warnings.push(format!(
            "includeBody: {n} bodies could not be read: {}",
            failed.join("; ")
        ));
    }
    let before = std::mem::replace(&mut answer.text, Text::new(String::new));
    answer.text = Text::new(move || {
        let mut out = before.render();
        for b in shown {
            out.push_str("\n── ");
            out.push_str(&b.render());
        }
        out
    });
}

/// The symbols' node IDs an answer's data names, in order (files and packages left out).
fn collect_ids(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(o) => {
            if let Some(Value::String(id)) = o.get("nodeId") {
                if id.contains('#') {
                    out.push(id.clone());
                }
            }
            for (k, x) in o {
                if k != "body" {
                    collect_ids(x, out);
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| collect_ids(x, out)),
        _ => {}
    }
}

fn put_bodies(v: &mut Value, bodies: &std::collections::HashMap<String, Value>) {
    match v {
        Value::Object(o) => {
            let body = match o.get("nodeId") {
                Some(Value::String(id)) => bodies.get(id).cloned(),
                _ => None,
            };
            for (_, x) in o.iter_mut() {
                put_bodies(x, bodies);
            }
            if let Some(b) = body {
                o.insert("body".into(), b);
            }
        }
        Value::Array(a) => a.iter_mut().for_each(|x| put_bodies(x, bodies)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::{fit_lines, Body, Cut};

    fn body(line: u32, name_line: u32, text: &str) -> Body {
        Body {
            node_id: "rs:a.rs#f".into(),
            file: "a.rs".into(),
            kind: "function",
            line,
            name_line,
            end_line: line + text.lines().count() as u32 - 1,
            text: text.into(),
            relocated_from: None,
            lib: None,
            lib_version: None,
        }
    }

    /// (first line, name's line, text, room) → (text kept, its lines, the cut said)
    #[test]
    fn a_cut_body_keeps_its_code_before_its_doc() {
        let doc = "/// a\n/// b\nfn f() {\n    x();\n}\n";
        type Case<'a> = (
            u32,
            u32,
            &'a str,
            usize,
            &'a str,
            (u32, u32),
            Option<&'a str>,
        );
        let cases: &[Case<'_>] = &[
            (10, 12, doc, 1000, doc, (10, 14), None),
            // The doc goes first: the signature and the code stay.
            (
                10,
                12,
                doc,
                30,
                "fn f() {\n    x();\n}\n",
                (12, 14),
                Some("lines 10-11 (doc, attributes)"),
            ),
            // Then the end.
            (
                10,
                12,
                doc,
                12,
                "fn f() {\n",
                (12, 12),
                Some("lines 10-11 (doc, attributes) and 13-14"),
            ),
            // No lead: the end alone, from the line after the last kept.
            (
                5,
                5,
                "fn f() {\n    x();\n}\n",
                12,
                "fn f() {\n",
                (5, 5),
                Some("lines 6-7"),
            ),
            // Nothing fits: every line said, the first too.
            (5, 5, "fn f() {\n}\n", 2, "", (5, 4), Some("lines 5-6")),
        ];
        for (line, name, text, room, kept, (a, z), said) in cases {
            let mut b = body(*line, *name, text);
            let last = b.end_line;
            let cut: Option<Cut> = b.clip(*room);
            assert_eq!(b.text, *kept, "{text:?} in {room}");
            assert_eq!((b.line, b.end_line), (*a, *z), "{text:?} in {room}");
            assert_eq!(
                cut.map(|c| c.said(b.end_line, last)).as_deref(),
                *said,
                "{text:?} in {room}"
            );
        }
    }

    #[test]
    fn lines_fit_whole_or_not_at_all() {
        let cases: &[(&str, usize, (usize, usize))] = &[
            // Each line is 3 characters escaped ("a\\n").
            ("a\nb\nc\n", 100, (3, 3)),
            ("a\nb\nc\n", 6, (2, 3)),
            ("a\nb\nc\n", 5, (1, 3)),
            ("a\nb\nc", 7, (3, 3)),
            ("", 10, (0, 0)),
            // Quotes are escaped: 7 characters.
            ("\"q\"\n", 6, (0, 1)),
            ("\"q\"\n", 7, (1, 1)),
            // A line that does not fit ends the body, even when a later one would.
            ("long line\nx\n", 3, (0, 2)),
        ];
        for (text, room, want) in cases {
            assert_eq!(fit_lines(text, *room), *want, "{text:?} in {room}");
        }
    }
}
