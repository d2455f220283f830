//! Error recovery: the top-level chunks of a file that does not parse, and the broken ones blanked
//! so the rest parses again.

use tree_sitter::Parser;

/// `src` with its broken top-level declarations blanked (spaces, line breaks kept: every
/// other byte, line and column stays where it was); `None` when none is found. The file
/// is cut into top-level chunks ([`top_lines`]); the first broken one is the first whose
/// prefix no longer parses (a binary search over prefixes), blanked, and the search goes
/// on while the whole still has errors (at most 16 chunks).
pub(super) fn recover(
    parser: &mut Parser,
    grammar: &tree_sitter::Language,
    src: &[u8],
) -> Option<Vec<u8>> {
    const ROUNDS: usize = 16;
    parser.set_language(grammar).ok()?;
    let mut text = src.to_vec();
    let mut bounds = top_lines(&text);
    bounds.push(text.len());
    let mut changed = false;
    let mut from = 0;
    for _ in 0..ROUNDS {
        let mut errs = |end: usize, text: &[u8]| {
            parser
                .parse(&text[..end], None)
                .is_none_or(|t| t.root_node().has_error())
        };
        if !errs(text.len(), &text) {
            break;
        }
        // The smallest k (> from) whose prefix up to bounds[k] has an error.
        let (mut lo, mut hi) = (from + 1, bounds.len() - 1);
        if lo > hi {
            break;
        }
        while lo < hi {
            let mid = (lo + hi) / 2;
            if errs(bounds[mid], &text) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        // The declaration's head and its closing line kept, when the chunk parses so (an
        // interface whose members the grammar cannot read is still an interface); else
        // the whole chunk.
        let (start, end) = (bounds[lo - 1], bounds[lo]);
        let inner = inner_lines(&text[start..end]).map(|(a, b)| (start + a, start + b));
        let kept = inner.is_some_and(|(a, b)| {
            let mut tried = text[..end].to_vec();
            blank(&mut tried[a..b]);
            !errs(end, &tried)
        });
        match inner {
            Some((a, b)) if kept => blank(&mut text[a..b]),
            _ => blank(&mut text[start..end]),
        }
        changed = true;
        from = lo;
    }
    changed.then_some(text)
}

/// Where top-level chunks start: 0, and each line that starts at column 0 with code (not white
/// space or a closing bracket) unless the line before is a decorator or an attribute (`@x`,
/// `#[x]`), which belongs to what follows. Pure; table-tested.
pub fn top_lines(src: &[u8]) -> Vec<usize> {
    let attaches = |at: usize| src.get(at) == Some(&b'@') || src[at..].starts_with(b"#[");
    let mut out = vec![0];
    let mut prev = 0;
    for nl in memchr::memchr_iter(b'\n', src) {
        let next = nl + 1;
        if let Some(&b) = src.get(next) {
            let code = !matches!(
                b,
                b' ' | b'\t' | b'\r' | b'\n' | b'}' | b')' | b']' | b'\x0c'
            );
            if code && !attaches(prev) {
                out.push(next);
            }
        }
        prev = next;
    }
    out
}

/// A chunk's lines between its first line and its last line that starts with a closing
/// bracket at column 0 (`}`, `)`, `]`), as offsets in the chunk; `None` when it has none.
pub(super) fn inner_lines(chunk: &[u8]) -> Option<(usize, usize)> {
    let first = memchr::memchr(b'\n', chunk)? + 1;
    let last = memchr::memchr_iter(b'\n', chunk)
        .map(|nl| nl + 1)
        .rfind(|&at| matches!(chunk.get(at), Some(b'}' | b')' | b']')))?;
    (first < last).then_some((first, last))
}

/// Spaces for every byte but line breaks, so lines and the columns of other lines stay.
pub(super) fn blank(bytes: &mut [u8]) {
    for b in bytes {
        if *b != b'\n' {
            *b = b' ';
        }
    }
}
