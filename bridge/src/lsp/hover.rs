//! Hover answers read: their contents as text, split into the declaration and its
//! documentation, and the declaration as a signature (what `nav_hover` and `resolve` show).

use lsp_types::{Hover, HoverContents, HoverParams, MarkedString, TextDocumentPositionParams};

/// A hover's params at a position (`textDocument/hover`).
pub fn hover_params(at: TextDocumentPositionParams) -> HoverParams {
    HoverParams {
        text_document_position_params: at,
        work_done_progress_params: Default::default(),
    }
}

/// Hover `contents` (`MarkupContent`, `MarkedString` or an array of them) as one text, the
/// parts joined by `sep`; markdown is kept as the server wrote it.
pub fn hover_text(contents: &HoverContents, sep: &str) -> String {
    let marked = |m: &MarkedString| match m {
        MarkedString::String(s) => s.clone(),
        MarkedString::LanguageString(l) => l.value.clone(),
    };
    let text = match contents {
        HoverContents::Scalar(m) => marked(m),
        HoverContents::Array(a) => a.iter().map(marked).collect::<Vec<_>>().join(sep),
        HoverContents::Markup(m) => m.value.clone(),
    };
    // pyright indents docstrings in Markdown with `&nbsp;` (121 of them in one hover): a
    // space each, for a reader that is not a Markdown renderer.
    text.replace("&nbsp;", " ")
}

/// A hover's documentation without its separators (`---`) and without rust-analyzer's notes
/// of generic substitutions (`` `T` = `T` ``), which say nothing about the symbol.
fn hover_doc(doc: &str) -> String {
    let substitution = |p: &str| {
        !p.is_empty()
            && p.split(',').all(|part| {
                let part = part.trim();
                part.split_once(" = ").is_some_and(|(a, b)| {
                    let code = |x: &str| x.len() >= 2 && x.starts_with('`') && x.ends_with('`');
                    code(a.trim()) && code(b.trim())
                })
            })
    };
    let doc: Vec<&str> = doc
        .lines()
        .map(|l| if l.trim() == "---" { "" } else { l })
        .collect();
    doc.join("\n")
        .split("\n\n")
        .map(str::trim)
        .filter(|p| !p.is_empty() && *p != "---" && !substitution(p))
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// A hover text as (declaration, documentation). Markdown: the first fenced code block, and
/// the rest. Plain text: the first paragraph (a declaration may span lines), up to the line
/// that closes a block it opens (gopls writes a type's doc right after its `}`), and the rest.
pub fn split_hover(text: &str) -> (String, String) {
    if let Some(i) = text.find("```") {
        let rest = &text[i + 3..];
        let rest = rest.split_once('\n').map_or("", |(_, r)| r);
        let (code, after) = rest.split_once("```").unwrap_or((rest, ""));
        // rust-analyzer: first the item's path (`shop_store::Map`), then its declaration.
        if !code.trim().contains(char::is_whitespace) && after.trim_start().starts_with("```") {
            return split_hover(after.trim_start());
        }
        let doc = format!("{}{}", &text[..i], after);
        return (code.trim().to_string(), hover_doc(&doc));
    }
    let (first, rest) = text.split_once("\n\n").unwrap_or((text, ""));
    let lines: Vec<&str> = first.lines().collect();
    let opens = lines
        .first()
        .is_some_and(|l| l.trim_end().ends_with('{') || l.contains("{ //"));
    let close = opens
        .then(|| lines.iter().position(|l| l.starts_with('}')))
        .flatten();
    let (decl, tail) = match close {
        Some(c) => (lines[..=c].join("\n"), lines[c + 1..].join("\n")),
        None => (first.to_string(), String::new()),
    };
    let doc = [tail.trim(), rest.trim()]
        .into_iter()
        .filter(|x| !x.is_empty())
        .collect::<Vec<_>>()
        .join("\n\n");
    (decl.trim().to_string(), doc)
}

/// [`hover_signature`] clipped to a signature's length in the map (`MAX_SIGNATURE`): for a
/// listing that names many symbols.
pub fn signature_from_hover(h: &Hover) -> Option<String> {
    hover_signature(h).map(|s| indexer::extract::clip_signature(&s))
}

/// The declaration line(s) of a hover answer, whole: the first fenced code block (or the
/// plain text's first line), whitespace collapsed; pyright's `(method) ` style prefix
/// dropped. (httpx's `httpx.get` is 13 parameters long: clipped, `verify`, `timeout`,
/// `trust_env` and its result were cut from the hover itself.)
pub fn hover_signature(h: &Hover) -> Option<String> {
    let text = hover_text(&h.contents, "\n");
    let (body, _) = split_hover(&text);
    let sig = body.split_whitespace().collect::<Vec<_>>().join(" ");
    let sig = match sig.strip_prefix('(') {
        Some(rest)
            if rest
                .split_once(") ")
                .is_some_and(|(k, _)| k.chars().all(|c| c.is_ascii_lowercase() || c == ' ')) =>
        {
            rest.split_once(") ")
                .map_or(sig.clone(), |(_, r)| r.to_string())
        }
        _ => sig,
    };
    (!sig.is_empty()).then_some(sig)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn markdown_spaces_are_spaces() {
        let h = HoverContents::Markup(lsp_types::MarkupContent {
            kind: lsp_types::MarkupKind::Markdown,
            value: "Args:\n&nbsp;&nbsp;&nbsp;&nbsp;x: the value".into(),
        });
        assert_eq!(hover_text(&h, "\n"), "Args:\n    x: the value");
    }

    #[test]
    fn declaration_and_doc_apart() {
        let cases = [
            (
                "```python\n(method) def f(x)\n```\n---\nDoes f.",
                ("(method) def f(x)", "Does f."),
            ),
            (
                "(method) def add_item(\n    self,\n    name: str\n) -> None\n\nAdds an item.",
                ("(method) def add_item(\n    self,\n    name: str\n) -> None", "Adds an item."),
            ),
            (
                "type Store interface { // size=16 (0x10)\n\tGet(id string) (Item, error)\n}\nStore is where items live.",
                (
                    "type Store interface { // size=16 (0x10)\n\tGet(id string) (Item, error)\n}",
                    "Store is where items live.",
                ),
            ),
            ("func (Store) Put(it Item) error", ("func (Store) Put(it Item) error", "")),
        ];
        for (text, (decl, doc)) in cases {
            let (d, o) = split_hover(text);
            assert_eq!((d.as_str(), o.as_str()), (decl, doc), "{text:?}");
        }
    }

    #[test]
    fn signatures_from_hovers() {
        let cases = [
            (
                json!({"contents": {"kind": "markdown", "value": "```go\nfunc (u *URL) String() string\n```\n\nString reassembles the URL."}}),
                Some("func (u *URL) String() string"),
            ),
            (
                json!({"contents": {"kind": "markdown", "value": "```python\n(method) def total(\n    self: Self@Order\n) -> float\n```\n---\nSum."}}),
                Some("def total( self: Self@Order ) -> float"),
            ),
            (
                json!({"contents": "plain first line\nsecond"}),
                Some("plain first line second"),
            ),
            (json!({"contents": []}), None),
            (json!(null), None),
        ];
        for (v, want) in cases {
            let got = serde_json::from_value::<Hover>(v.clone())
                .ok()
                .and_then(|h| signature_from_hover(&h));
            assert_eq!(got.as_deref(), want, "{v}");
        }
        // A long one whole in the hover, clipped in a listing.
        let params: Vec<String> = (0..30).map(|i| format!("p{i}: int = {i}")).collect();
        let long = format!("def f({}) -> Response", params.join(", "));
        let h: Hover = serde_json::from_value(
            json!({"contents": {"kind": "markdown", "value": format!("```python\n(function) {long}\n```")}}),
        )
        .expect("hover");
        assert_eq!(hover_signature(&h).as_deref(), Some(long.as_str()));
        let clipped = signature_from_hover(&h).unwrap_or_default();
        assert!(
            clipped.ends_with('…') && clipped.len() < long.len(),
            "{clipped}"
        );
        // rust-analyzer: the item's path, its declaration, a generic substitution, the doc.
        let text = "```rust\nserde_json::de\n```\n\n```rust\npub fn from_str<'a, T>(s: &'a str) -> Result<T>\n```\n\n---\n\n`T` = `T`, `'a` = `'a`\n\n---\n\nDeserialize an instance of type `T`.\n\nMore = `text`.";
        assert_eq!(
            split_hover(text),
            (
                "pub fn from_str<'a, T>(s: &'a str) -> Result<T>".to_string(),
                "Deserialize an instance of type `T`.\n\nMore = `text`.".to_string()
            )
        );
    }
}
