//! Macro arguments parsed again as code, each piece on its own at the file's positions.

use super::query::LangQuery;
use crate::lang::{Language, MacroArgs, Reread};
use tree_sitter::Parser;

/// Bytes of macro arguments parsed again, at most, per byte of the file (nested macros
/// parse their text once per level).
const REREAD_PER_BYTE: usize = 4;

/// Macro invocations' arguments parsed again as code, each on its own with the file's
/// bytes at their own positions (`Parser::set_included_ranges`), so the trees' nodes carry
/// the file's bytes, lines and columns and are matched as the file's own; the trees are
/// pushed to `trees`. Invocations inside what parsed are read in turn. Returns those none
/// of whose ways parsed: (where, the macro's name).
pub(super) fn reread(
    parser: &mut Parser,
    lq: &LangQuery,
    spec: &Language,
    src: &[u8],
    mut todo: Vec<MacroArgs>,
    trees: &mut Vec<tree_sitter::Tree>,
) -> Vec<(usize, String)> {
    let mut unread = Vec::new();
    let mut budget = src.len().saturating_mul(REREAD_PER_BYTE);
    while let Some(m) = todo.pop() {
        let mut read = false;
        for way in &m.ways {
            let cost: usize = way.iter().map(|r| r.end.saturating_sub(r.start)).sum();
            if cost > budget {
                break;
            }
            budget -= cost;
            let mut parsed = Vec::new();
            for piece in way {
                match parse_piece(parser, src, piece) {
                    Some(t) if !t.root_node().has_error() => parsed.push(t),
                    _ => break,
                }
            }
            if parsed.len() == way.len() {
                for t in &parsed {
                    inner_macros(lq, spec, src, t, &mut todo);
                }
                trees.extend(parsed);
                read = true;
                break;
            }
        }
        if !read && m.said {
            unread.push((m.at, m.name));
        }
    }
    unread.sort();
    unread
}

/// One piece parsed alone: the file's bytes `start..end` (its delimiters swapped when it says
/// so), then the piece's suffix.
fn parse_piece(parser: &mut Parser, src: &[u8], r: &Reread) -> Option<tree_sitter::Tree> {
    let (start, end) = (r.start, r.end.min(src.len()));
    if start > end {
        return None;
    }
    let suffix = r.suffix.as_bytes();
    let range = tree_sitter::Range {
        start_byte: start,
        end_byte: end + suffix.len(),
        start_point: r.start_point,
        end_point: tree_sitter::Point {
            row: r.end_point.row,
            column: r.end_point.column + suffix.len(),
        },
    };
    parser.set_included_ranges(&[range]).ok()?;
    // The delimiters read instead of the piece's first and last bytes.
    let (open, close) = match r.delims {
        Some(d) if end >= start + 2 => (Some(&d[..1]), Some(&d[1..])),
        _ => (None, None),
    };
    let last = end.saturating_sub(1);
    let mut input = |at: usize, _: tree_sitter::Point| -> &[u8] {
        if at < start {
            &[]
        } else if let (Some(o), true) = (open, at == start) {
            o
        } else if let (Some(c), true) = (close, at == last) {
            c
        } else if at < end {
            &src[at..if close.is_some() { last } else { end }]
        } else {
            suffix.get(at - end..).unwrap_or(&[])
        }
    };
    // A piece that does not parse is not read: the parse stops at its first error rather
    // than recover (error recovery was half of a cold run's time on crates of `quote!`).
    let mut stop = |state: &tree_sitter::ParseState| state.has_error();
    let options = tree_sitter::ParseOptions::new().progress_callback(&mut stop);
    let tree = parser.parse_with_options(&mut input, None, Some(options));
    if tree.is_none() {
        // A stopped parse would be resumed by the next one.
        parser.reset();
    }
    tree
}

/// The macro invocations of a tree parsed from macro arguments, to read in turn.
fn inner_macros(
    lq: &LangQuery,
    spec: &Language,
    src: &[u8],
    tree: &tree_sitter::Tree,
    out: &mut Vec<MacroArgs>,
) {
    crate::syntax::each_node(tree, |n| {
        if lq.macro_kinds.contains(&n.kind_id()) {
            if let Some(m) = spec.syntax.macro_args(src, n) {
                out.push(m);
            }
        }
    });
}
