//! A list in an answer: fitted into the token budget (what was left out is said) and laid out
//! by the answer's shape.

use super::anchor::Anchor;
use answer::envelope::{clamp_budget, fit_said, Answer, Text};
use answer::shape::Shape;
use serde::Serialize;
use serde_json::{json, Value};

/// How a list is laid out in the compact shape (SPEC "Interfaces"); in the detail shape every
/// list is as its items serialize.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Layout {
    /// Anchors grouped by file (definitions, references, implementations).
    ByFile,
    /// Anchors whose order across files means something (calls, symbols), each with its file.
    Flat,
    /// Items already in their final shape (outline, rename's files).
    AsIs,
}

impl Layout {
    fn render(self, items: &[Value], shape: Shape) -> Value {
        match (self, shape) {
            (Layout::AsIs, _) | (_, Shape::Detail) => json!(items),
            (Layout::ByFile, Shape::Compact) => answer::shape::anchors(items, shape),
            (Layout::Flat, Shape::Compact) => {
                Value::Array(items.iter().map(answer::shape::flat_anchor).collect())
            }
        }
    }
}

/// Fit a list of anchors (or other items) into the budget, saying what was left out; `text`
/// renders the items kept as plain text (the CLI's), from their typed values.
#[allow(clippy::too_many_arguments)]
pub(super) fn listing<T: Serialize + Send + 'static>(
    key: &str,
    items: Vec<T>,
    head: Value,
    budget: Option<u32>,
    narrow: &str,
    warnings: Vec<String>,
    (layout, shape): (Layout, Shape),
    text: ListText<T>,
) -> Answer {
    let mut typed = items;
    let items: Vec<Value> = typed
        .iter()
        .map(|x| serde_json::to_value(x).unwrap_or(Value::Null))
        .collect();
    let total = items.len();
    let f = fit_said(total, clamp_budget(budget), &warnings, |n| {
        let mut h = head.clone();
        h[key] = layout.render(&items[..n], shape);
        h["total"] = json!(total);
        h
    });
    typed.truncate(f.kept);
    let dropped = f.dropped(key, narrow);
    let key = key.to_string();
    Answer {
        text: Text::new(move || (text.0)(&key, &typed)),
        dropped,
        data: f.data,
        warnings,
    }
}

/// How a list answer reads as plain text: a renderer of the items kept under their key (and of
/// what it captured from the rest of the answer).
pub(super) struct ListText<T>(RenderList<T>);

/// Renders the items kept, given their key.
type RenderList<T> = Box<dyn FnOnce(&str, &[T]) -> String + Send>;

impl<T> ListText<T> {
    pub(super) fn new(render: impl FnOnce(&str, &[T]) -> String + Send + 'static) -> Self {
        ListText(Box::new(render))
    }
}

impl ListText<Anchor> {
    /// Anchors from `source` (`lsp`, `map`), as [`anchors_text`] lays them out.
    pub(super) fn anchors(source: &'static str) -> Self {
        ListText::new(move |key, items| anchors_text(key, items, source))
    }

    /// Anchors as [`ListText::anchors`], then `tail`: lines on what the answer keeps apart
    /// from its list (callees outside the workspace), which plain text must not hide.
    pub(super) fn anchors_then(source: &'static str, tail: String) -> Self {
        ListText::new(move |key, items| anchors_text(key, items, source) + &tail)
    }
}

/// The plain-text lines of an answer's `candidates` (calls of the name whose receiver's type
/// is not known, listed apart), so that text says what `see candidates` points at. Empty when
/// there are none.
pub(super) fn candidates_text(head: &Value) -> String {
    let Some(c) = head.get("candidates").and_then(Value::as_array) else {
        return String::new();
    };
    let total = head["candidatesTotal"].as_u64().unwrap_or(c.len() as u64);
    let mut out = format!(
        "candidates (calls of the name, receiver's type unknown): {} of {total}\n",
        c.len()
    );
    for x in c {
        out.push_str(&format!(
            "  {}:{}:{}  {}  (in {})\n",
            x["file"].as_str().unwrap_or("?"),
            x["line"],
            x["col"],
            x["written"].as_str().unwrap_or(""),
            x["from"].as_str().unwrap_or("?")
        ));
    }
    out
}

/// A list of anchors as plain text: one line each (`file:line:col  name  snippet`; `[map]`
/// before what the map added to a server's answer), calls
/// indented under the caller or callee they were reached from, then the count and source.
fn anchors_text(key: &str, items: &[Anchor], source: &str) -> String {
    let mut out = String::new();
    if items.is_empty() {
        out.push_str(&format!("no {key}\n"));
    }
    let ordered: Vec<&Anchor> = if key == "calls" {
        tree_order(items)
    } else {
        items.iter().collect()
    };
    for x in &ordered {
        let depth = x.depth.map_or(String::new(), |n| {
            "  ".repeat((n as usize).saturating_sub(1))
        });
        let name = match &x.name {
            Some(Value::String(n)) => format!("{n}  "),
            _ => String::new(),
        };
        let lib = match (&x.lib, &x.lib_version, &x.node_id) {
            (Some(l), Some(v), Some(id)) => format!("[{l}@{v}] {id}  "),
            (Some(l), Some(v), None) => format!("[{l}@{v}]  "),
            _ => String::new(),
        };
        // In a server's answer, the map's additions are marked (JSON's `source`).
        let added = match (x.source, source) {
            (Some("map"), s) if s != "map" => "[map] ",
            _ => "",
        };
        out.push_str(&format!(
            "{depth}{}:{}:{}  {added}{name}{lib}{}\n",
            x.file,
            x.line,
            x.col,
            x.snippet.as_deref().unwrap_or("")
        ));
    }
    // A server's answer the map added to: how many are the map's, so that "source lsp" is not
    // read as the server's whole answer.
    let from_map = ordered.iter().filter(|x| x.source == Some("map")).count();
    let source = match from_map {
        0 => source.to_string(),
        n if n == ordered.len() => format!("{source}, all {n} added from the map"),
        n => format!("{source}, {n} of them added from the map"),
    };
    out.push_str(&format!("({} {key}, source {source})\n", ordered.len()));
    out
}

/// Call-hierarchy items (`depth`, `via`: the node ID they were reached from, breadth first)
/// in tree order: every item right after the one it was reached from, so that indenting by
/// depth puts it under its own parent. Items whose parent is not listed come last.
pub(super) fn tree_order(items: &[Anchor]) -> Vec<&Anchor> {
    fn children<'a>(
        items: &'a [Anchor],
        parent: &Anchor,
        used: &mut [bool],
        out: &mut Vec<&'a Anchor>,
    ) {
        let depth = parent.depth.unwrap_or(1);
        let Some(id) = &parent.node_id else { return };
        for (i, x) in items.iter().enumerate() {
            if !used[i]
                && x.depth == Some(depth + 1)
                && matches!(&x.via, Some(Value::String(v)) if v == id)
            {
                used[i] = true;
                out.push(x);
                children(items, x, used, out);
            }
        }
    }
    let mut used = vec![false; items.len()];
    let mut out = Vec::with_capacity(items.len());
    for (i, x) in items.iter().enumerate() {
        if !used[i] && x.depth.unwrap_or(1) <= 1 {
            used[i] = true;
            out.push(x);
            children(items, x, &mut used, &mut out);
        }
    }
    out.extend(
        items
            .iter()
            .zip(&used)
            .filter(|(_, u)| !**u)
            .map(|(x, _)| x),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::{anchors_text, tree_order, Anchor};
    use serde_json::json;

    #[test]
    fn the_count_says_how_many_of_a_server_s_answer_the_map_added() {
        let at = |line: u32, source: Option<&'static str>| Anchor {
            file: "a.h".into(),
            line,
            col: 1,
            source,
            ..Anchor::default()
        };
        let last = |items: &[Anchor]| {
            let t = anchors_text("implementations", items, "lsp");
            t.lines().last().unwrap_or("").to_string()
        };
        assert_eq!(
            last(&[at(1, None), at(2, None)]),
            "(2 implementations, source lsp)"
        );
        assert_eq!(
            last(&[at(1, Some("lsp")), at(2, Some("map"))]),
            "(2 implementations, source lsp, 1 of them added from the map)"
        );
        assert_eq!(
            last(&[at(1, Some("map")), at(2, Some("map"))]),
            "(2 implementations, source lsp, all 2 added from the map)"
        );
    }

    fn call(id: &str, depth: u32, via: Option<&str>) -> Anchor {
        Anchor {
            file: "f".into(),
            line: 1,
            col: 1,
            end_line: 1,
            snippet: None,
            node_id: Some(id.into()),
            external: false,
            edge: None,
            from: None,
            name: None,
            kind: None,
            container: None,
            lang: None,
            depth: Some(depth),
            via: via.map(|v| json!(v)),
            call_lines: None,
            source: None,
            lib: None,
            lib_version: None,
        }
    }

    #[test]
    fn candidates_are_said_in_plain_text() {
        let head = json!({"candidates": [
            {"file": "t.py", "line": 3, "col": 9, "from": "py:t.py#f", "written": "obj.send"}
        ], "candidatesTotal": 4});
        assert_eq!(
            super::candidates_text(&head),
            "candidates (calls of the name, receiver's type unknown): 1 of 4\n  t.py:3:9  obj.send  (in py:t.py#f)\n"
        );
        assert_eq!(super::candidates_text(&json!({})), "");
    }

    #[test]
    fn the_workspaces_places_come_before_a_dependencys() {
        let at = |file: &str, external: bool| Anchor {
            file: file.into(),
            external,
            ..call("x", 1, None)
        };
        // A dependency inside the workspace's own environment folder is tagged `lib`.
        let venv = Anchor {
            lib: Some("attrs".into()),
            ..at(".venv/lib/python3.11/site-packages/attr/_make.py", false)
        };
        let mut v = vec![
            at("/root/go/pkg/mod/u/a.go", true),
            venv,
            at("/root/go/pkg/mod/u/b.go", true),
            at("store/store.go", false),
            at("cmd/main.go", false),
        ];
        super::super::anchor::workspace_first(&mut v);
        let files: Vec<&str> = v.iter().map(|x| x.file.as_str()).collect();
        assert_eq!(
            files,
            [
                "store/store.go",
                "cmd/main.go",
                "/root/go/pkg/mod/u/a.go",
                ".venv/lib/python3.11/site-packages/attr/_make.py",
                "/root/go/pkg/mod/u/b.go"
            ]
        );
    }

    #[test]
    fn deeper_calls_follow_their_parent() {
        let items = vec![
            call("a", 1, None),
            call("b", 1, None),
            call("a1", 2, Some("a")),
            call("b1", 2, Some("b")),
            call("a2", 2, Some("a")),
            call("a1x", 3, Some("a1")),
            call("lost", 2, Some("zz")),
        ];
        let order: Vec<&str> = tree_order(&items)
            .iter()
            .map(|x| x.node_id.as_deref().unwrap_or(""))
            .collect();
        assert_eq!(order, ["a", "a1", "a1x", "a2", "b", "b1", "lost"]);
    }
}
