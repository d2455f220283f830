//! Answers in the server's terms converted into SPEC's: URIs to paths, locations to 1-based
//! lines and character columns, definitions and workspace symbols as flat lists, a rename's
//! workspace edit per file, text edits applied.

use indexer::encoding::to_char_col;
use indexer::encoding::Encoding;
use indexer::model::Pos;
use lsp_types::{
    DocumentChangeOperation, DocumentChanges, GotoDefinitionResponse, Location, OneOf, Range,
    ResourceOp, SymbolInformation, TextEdit, WorkspaceEdit, WorkspaceSymbol,
    WorkspaceSymbolResponse,
};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// `file:///a/b c.py` for a path.
pub fn path_to_uri(p: &Path) -> String {
    let mut out = String::from("file://");
    for b in p.to_string_lossy().bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// A location a server answered with, in SPEC's units: the file, the start (1-based line,
/// character column) and the end line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spot {
    pub abs: PathBuf,
    pub pos: Pos,
    pub end_line: u32,
}

/// `{uri, range}` in the server's units → a [`Spot`]. `line_text(abs, line)` gives a line of the
/// file (1-based) to count characters in; unreadable, the column is taken as it came.
pub fn spot(
    loc: &Location,
    enc: Encoding,
    line_text: impl FnOnce(&Path, u32) -> Option<String>,
) -> Option<Spot> {
    let abs = uri_to_path(loc.uri.as_str())?;
    let (l0, u0) = (loc.range.start.line, u64::from(loc.range.start.character));
    let end_line = loc.range.end.line.max(l0) + 1;
    let col = match line_text(&abs, l0 + 1) {
        Some(t) => to_char_col(&t, u0, enc),
        None => u0 as u32 + 1,
    };
    Some(Spot {
        pos: Pos { line: l0 + 1, col },
        end_line,
        abs,
    })
}

/// `file:///a/b%20c.py` → `/a/b c.py`.
pub fn uri_to_path(uri: &str) -> Option<PathBuf> {
    let rest = uri.strip_prefix("file://")?;
    let bytes = rest.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    Some(PathBuf::from(String::from_utf8(out).ok()?))
}

/// A `definition` or `implementation` answer as locations (a link's target and selection
/// range).
pub fn locations(found: Option<GotoDefinitionResponse>) -> Vec<Location> {
    match found {
        None => Vec::new(),
        Some(GotoDefinitionResponse::Scalar(l)) => vec![l],
        Some(GotoDefinitionResponse::Array(ls)) => ls,
        Some(GotoDefinitionResponse::Link(links)) => links
            .into_iter()
            .map(|link| Location {
                uri: link.target_uri,
                range: link.target_selection_range,
            })
            .collect(),
    }
}

/// A symbol `workspace/symbol` found: its name, container and where it is (a range only
/// when the server gave one: a `WorkspaceSymbol` may carry a file alone).
#[derive(Debug, Clone)]
pub struct FoundSymbol {
    pub name: String,
    pub container: Option<String>,
    pub uri: lsp_types::Uri,
    pub range: Option<Range>,
}

/// A `workspace/symbol` answer: `SymbolInformation[]` or `WorkspaceSymbol[]`.
pub fn workspace_symbols(found: Option<WorkspaceSymbolResponse>) -> Vec<FoundSymbol> {
    let info = |i: SymbolInformation| FoundSymbol {
        name: i.name,
        container: i.container_name,
        uri: i.location.uri,
        range: Some(i.location.range),
    };
    let symbol = |w: WorkspaceSymbol| {
        let (uri, range) = match w.location {
            OneOf::Left(l) => (l.uri, Some(l.range)),
            OneOf::Right(l) => (l.uri, None),
        };
        FoundSymbol {
            name: w.name,
            container: w.container_name,
            uri,
            range,
        }
    };
    match found {
        None => Vec::new(),
        Some(WorkspaceSymbolResponse::Flat(v)) => v.into_iter().map(info).collect(),
        Some(WorkspaceSymbolResponse::Nested(v)) => v.into_iter().map(symbol).collect(),
    }
}

/// A `textDocument/rename` reply, per file (by URI, in order): its text edits, from `changes`
/// or `documentChanges`; and the file operations it asks for (create, rename, delete), which
/// are reported, not applied.
#[allow(clippy::type_complexity)]
pub fn rename_edits(edit: WorkspaceEdit) -> (BTreeMap<String, Vec<TextEdit>>, Vec<Value>) {
    let mut per_file: BTreeMap<String, Vec<TextEdit>> = BTreeMap::new();
    let mut file_ops = Vec::new();
    for (uri, edits) in edit.changes.into_iter().flatten() {
        per_file
            .entry(uri.as_str().to_string())
            .or_default()
            .extend(edits);
    }
    let mut document_edit = |d: lsp_types::TextDocumentEdit| {
        per_file
            .entry(d.text_document.uri.as_str().to_string())
            .or_default()
            .extend(d.edits.into_iter().map(|e| match e {
                OneOf::Left(e) => e,
                OneOf::Right(a) => a.text_edit,
            }));
    };
    match edit.document_changes {
        Some(DocumentChanges::Edits(es)) => es.into_iter().for_each(&mut document_edit),
        Some(DocumentChanges::Operations(ops)) => {
            for op in ops {
                match op {
                    DocumentChangeOperation::Edit(d) => document_edit(d),
                    DocumentChangeOperation::Op(ResourceOp::Create(c)) => {
                        file_ops.push(json!({"kind": "create", "uri": c.uri.as_str()}))
                    }
                    DocumentChangeOperation::Op(ResourceOp::Rename(r)) => file_ops.push(
                        json!({"kind": "rename", "oldUri": r.old_uri.as_str(), "newUri": r.new_uri.as_str()}),
                    ),
                    DocumentChangeOperation::Op(ResourceOp::Delete(d)) => {
                        file_ops.push(json!({"kind": "delete", "uri": d.uri.as_str()}))
                    }
                }
            }
        }
        None => {}
    }
    (per_file, file_ops)
}

/// The byte offset of an LSP position (server units) in a text whose lines start at `starts`;
/// past its end, its length.
fn offset_of(text: &str, starts: &[usize], p: &lsp_types::Position, enc: Encoding) -> usize {
    let Some(&start) = starts.get(p.line as usize) else {
        return text.len();
    };
    let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    start + indexer::encoding::byte_of(&text[start..end], u64::from(p.character), enc)
}

/// The LSP position (server units) of a byte offset of `text`: `offset_of` reversed.
fn position_at(text: &str, starts: &[usize], byte: usize, enc: Encoding) -> lsp_types::Position {
    let line = starts.partition_point(|&x| x <= byte).saturating_sub(1);
    let start = starts.get(line).copied().unwrap_or(0);
    let units: u64 = text[start..byte].chars().map(|c| enc.units(c)).sum();
    lsp_types::Position::new(line as u32, units as u32)
}

fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect()
}

/// The text an LSP range (server units) covers, when it lies inside `text`.
pub fn text_at<'t>(text: &'t str, range: &lsp_types::Range, enc: Encoding) -> Option<&'t str> {
    let starts = line_starts(text);
    let (s, e) = (
        offset_of(text, &starts, &range.start, enc),
        offset_of(text, &starts, &range.end, enc),
    );
    text.get(s..e)
}

/// Apply LSP text edits (server units) to a text; edits do not overlap (LSP), applied last first.
pub fn apply_edits(text: &str, edits: &[TextEdit], enc: Encoding) -> String {
    let starts = line_starts(text);
    let offset = |p: &lsp_types::Position| offset_of(text, &starts, p, enc);
    let mut spans: Vec<(usize, usize, String)> = edits
        .iter()
        .map(|e| {
            (
                offset(&e.range.start),
                offset(&e.range.end),
                e.new_text.clone(),
            )
        })
        .collect();
    spans.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    let mut out = text.to_string();
    for (s, e, t) in spans {
        if s <= e && e <= out.len() && out.is_char_boundary(s) && out.is_char_boundary(e) {
            out.replace_range(s..e, &t);
        }
    }
    out
}

/// A server's edits as the names they change: an edit that spans several spots (JDT LS
/// answers a rename with one edit per file, from its first use to its last, the text between
/// them written again) becomes one edit per identifier it changes, when its old and new texts
/// are the same tokens but for identifiers; any other edit is kept as it is. What a rename
/// counts, lists and checks against the map's uses is then each use. Pure; table-tested.
pub fn split_edits(text: &str, edits: &[TextEdit], enc: Encoding) -> Vec<TextEdit> {
    let starts = line_starts(text);
    let mut out = Vec::with_capacity(edits.len());
    for e in edits {
        let (s, end) = (
            offset_of(text, &starts, &e.range.start, enc),
            offset_of(text, &starts, &e.range.end, enc),
        );
        let split = (s < end && end <= text.len())
            .then(|| text.get(s..end))
            .flatten()
            .and_then(|old| changed_words(old, &e.new_text))
            .filter(|w| w.len() > 1 || e.range.start.line != e.range.end.line);
        let Some(words) = split else {
            out.push(e.clone());
            continue;
        };
        for (at, len, new) in words {
            let pos = |byte: usize| position_at(text, &starts, byte, enc);
            out.push(TextEdit {
                range: lsp_types::Range::new(pos(s + at), pos(s + at + len)),
                new_text: new.to_string(),
            });
        }
    }
    out
}

/// The identifiers that differ between `old` and `new` when both are the same sequence of
/// tokens otherwise: (byte offset in `old`, its length, the new identifier). `None` when
/// anything else differs.
fn changed_words<'n>(old: &str, new: &'n str) -> Option<Vec<(usize, usize, &'n str)>> {
    // Each word whole, each other character alone.
    fn tokens(t: &str) -> Vec<(usize, &str)> {
        let mut out = Vec::new();
        let mut i = 0;
        while let Some(c) = t[i..].chars().next() {
            let w = indexer::syntax::leading_word(&t[i..]);
            let len = if w.is_empty() { c.len_utf8() } else { w.len() };
            out.push((i, &t[i..i + len]));
            i += len;
        }
        out
    }
    let (a, b) = (tokens(old), tokens(new));
    if a.len() != b.len() {
        return None;
    }
    let mut out = Vec::new();
    for ((at, x), (_, y)) in a.iter().zip(&b) {
        if x == y {
            continue;
        }
        let ident = |t: &str| t.chars().next().is_some_and(indexer::syntax::is_word_char);
        if !(ident(x) && ident(y)) {
            return None;
        }
        out.push((*at, x.len(), *y));
    }
    (!out.is_empty()).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use indexer::encoding::from_char_col;

    /// (the text, one edit's range (line, character) and new text, the edits it becomes)
    #[test]
    fn an_edit_over_several_uses_is_each_use() {
        let text = "a.create(x);\nint y;\n  b.create(z); // create\n";
        let r = |l1, c1, l2, c2| {
            lsp_types::Range::new(
                lsp_types::Position::new(l1, c1),
                lsp_types::Position::new(l2, c2),
            )
        };
        let edit = |range, t: &str| TextEdit {
            range,
            new_text: t.to_string(),
        };
        let cases: &[(TextEdit, Vec<TextEdit>)] = &[
            // JDT LS: one edit from the first use to the last, the text between written again.
            (
                edit(r(0, 2, 2, 10), "make(x);\nint y;\n  b.make"),
                vec![edit(r(0, 2, 0, 8), "make"), edit(r(2, 4, 2, 10), "make")],
            ),
            // One use: kept as it is.
            (
                edit(r(0, 2, 0, 8), "make"),
                vec![edit(r(0, 2, 0, 8), "make")],
            ),
            // Punctuation changed too: kept as it is.
            (
                edit(r(0, 2, 1, 3), "make[x];\nint"),
                vec![edit(r(0, 2, 1, 3), "make[x];\nint")],
            ),
        ];
        for (e, want) in cases {
            assert_eq!(
                &split_edits(text, std::slice::from_ref(e), Encoding::Utf16),
                want,
                "{e:?}"
            );
        }
        // Columns in the server's units: `é` is two UTF-8 bytes, one UTF-16 unit.
        let text = "é.create(); é.create();\n";
        let e = edit(r(0, 2, 0, 20), "make(); é.make");
        assert_eq!(
            split_edits(text, &[e], Encoding::Utf16),
            vec![edit(r(0, 2, 0, 8), "make"), edit(r(0, 14, 0, 20), "make")]
        );
    }

    #[test]
    fn columns_between_encodings() {
        let line = "s = \"🎉 日本\"; t";
        // 🎉 is 2 UTF-16 units and 4 UTF-8 bytes; 日 and 本 are 1 unit / 3 bytes.
        let t_chars = 13;
        assert_eq!(line.chars().position(|c| c == 't'), Some(t_chars - 1));
        let units16 = from_char_col(line, t_chars as u32, Encoding::Utf16);
        let units8 = from_char_col(line, t_chars as u32, Encoding::Utf8);
        assert_eq!((units16, units8), (13, 19));
        assert_eq!(to_char_col(line, units16, Encoding::Utf16), t_chars as u32);
        assert_eq!(to_char_col(line, units8, Encoding::Utf8), t_chars as u32);
        assert_eq!(to_char_col(line, 0, Encoding::Utf16), 1);
        assert_eq!(
            to_char_col("ab", 99, Encoding::Utf16),
            3,
            "past the end clamps"
        );
    }

    #[test]
    fn uris() {
        assert_eq!(
            path_to_uri(Path::new("/a/b c#.py")),
            "file:///a/b%20c%23.py"
        );
    }

    #[test]
    fn uris_to_paths() {
        assert_eq!(
            uri_to_path("file:///a/b%20c.py"),
            Some(PathBuf::from("/a/b c.py"))
        );
        assert_eq!(
            uri_to_path("file:///x/%E6%97%A5.go"),
            Some(PathBuf::from("/x/日.go"))
        );
        assert_eq!(uri_to_path("untitled:1"), None);
        assert_eq!(uri_to_path("file:///bad%2"), Some(PathBuf::from("/bad%2")));
    }

    #[test]
    fn edits_apply_in_server_units() {
        let text = "s = \"🎉\"; old = 1\nprint(old)\n";
        let e = |l: u32, a: u32, b: u32| TextEdit {
            range: Range::new(
                lsp_types::Position::new(l, a),
                lsp_types::Position::new(l, b),
            ),
            new_text: "new".into(),
        };
        // UTF-16: 🎉 is two units; `old` starts at unit 10 on line 0.
        assert_eq!(
            apply_edits(text, &[e(0, 10, 13), e(1, 6, 9)], Encoding::Utf16),
            "s = \"🎉\"; new = 1\nprint(new)\n"
        );
        assert_eq!(
            apply_edits(text, &[e(0, 12, 15)], Encoding::Utf8),
            "s = \"🎉\"; new = 1\nprint(old)\n"
        );
    }
}
