//! Error recovery: the top-level chunks of a file that does not parse, and the broken ones blanked
//! so the rest parses again.

use crate::lang::spec::Syntax;
use tree_sitter::{Node, Parser};

/// The bodies of the blocks that hold declarations at column 0 (C++'s `namespace n {`, a
/// line [`Syntax::opens_declaration_block`] accepts), as byte ranges: after the opening
/// brace, to the closing one (`usize::MAX` when it never closes). Found in the text, not
/// the tree, which an error may have left without the namespace's node; braces are matched
/// past comments, strings and character literals. A prefix of the file cut inside one is
/// closed before it is parsed, so recovery looks for the broken declaration inside, not at
/// the namespace's head. Pure; table-tested.
pub fn bodies(src: &[u8], syntax: &dyn Syntax) -> Vec<(usize, usize)> {
    // The brace that ends each opening line.
    let mut openers: Vec<usize> = top_lines(src)
        .into_iter()
        .filter_map(|at| {
            let line = &src[at..memchr::memchr(b'\n', &src[at..]).map_or(src.len(), |n| at + n)];
            let brace = memchr::memrchr(b'{', line)?;
            syntax.opens_declaration_block(line).then_some(at + brace)
        })
        .collect();
    if openers.is_empty() {
        return Vec::new();
    }
    openers.reverse();
    let mut out = Vec::new();
    // Each open brace: where its body starts, when it opens a block of declarations.
    let mut open: Vec<Option<usize>> = Vec::new();
    let mut i = 0;
    while i < src.len() {
        match src[i] {
            b'/' if src.get(i + 1) == Some(&b'/') => {
                i = memchr::memchr(b'\n', &src[i..]).map_or(src.len(), |n| i + n);
            }
            b'/' if src.get(i + 1) == Some(&b'*') => {
                i = memchr::memmem::find(&src[i + 2..], b"*/").map_or(src.len(), |n| i + 2 + n + 2);
            }
            q @ (b'"' | b'\'') => {
                // A digit separator (`1'000`) is not a quote.
                let separator = q == b'\'' && i > 0 && src[i - 1].is_ascii_alphanumeric();
                if !separator {
                    i = quoted_end(src, i);
                    continue;
                }
                i += 1;
            }
            b'{' => {
                let block = openers.last() == Some(&i);
                if block {
                    openers.pop();
                }
                open.push(block.then_some(i + 1));
                i += 1;
            }
            b'}' => {
                if let Some(Some(body)) = open.pop() {
                    out.push((body, i));
                }
                i += 1;
            }
            _ => i += 1,
        }
        while openers.last().is_some_and(|&o| o < i) {
            // An opener the lexer stepped over (inside a comment or a string): not one.
            openers.pop();
        }
    }
    out.extend(open.into_iter().flatten().map(|body| (body, usize::MAX)));
    out
}

/// Where a quoted literal that starts at `at` ends (after its closing quote, or at the line's
/// end when it never closes); C++'s raw strings (`R"x(…)x"`) included.
fn quoted_end(src: &[u8], at: usize) -> usize {
    let q = src[at];
    if q == b'"' && at > 0 && src[at - 1] == b'R' {
        if let Some(paren) = memchr::memchr(b'(', &src[at..]).map(|n| at + n) {
            let mut close = vec![b')'];
            close.extend_from_slice(&src[at + 1..paren]);
            close.push(b'"');
            return memchr::memmem::find(&src[paren..], &close)
                .map_or(src.len(), |n| paren + n + close.len());
        }
    }
    crate::syntax::literal_end(src, at)
}

/// `text[..end]` closed: a closing brace for each body in `bodies` the cut falls inside.
fn closed_prefix<'a>(
    text: &'a [u8],
    end: usize,
    bodies: &[(usize, usize)],
) -> std::borrow::Cow<'a, [u8]> {
    let open = bodies.iter().filter(|&&(a, b)| a <= end && end < b).count();
    if open == 0 {
        return std::borrow::Cow::Borrowed(&text[..end]);
    }
    let mut out = Vec::with_capacity(end + 2 * open);
    out.extend_from_slice(&text[..end]);
    for _ in 0..open {
        out.extend_from_slice(b"\n}");
    }
    std::borrow::Cow::Owned(out)
}

/// Where a parse error swallowed a declaration (the start of the first line swallowed): a
/// top-level node with an error in it that spans the start of a line that opens a
/// declaration ([`top_lines`], less comments and C's labels and preprocessor lines, which a
/// function's body has at column 0 too; two such lines, or one after a `;` or a brace, as a
/// head written over two lines has one). Top-level nodes are the root's children (an error
/// root's too), and those of the nodes that hold declarations of their own
/// ([`Syntax::holds_declarations`]: C's `#ifdef X … #endif`, C++'s namespaces). An unclosed parameter list leaves an error node over what follows; a body
/// that never closes (a loop macro, `for_each_cpu(i) x++;`, read as a nested function) holds
/// every later function. Only then can blanking a broken chunk give the rest back; an error
/// inside one declaration is left alone, and the file is parsed once, not dozens of times.
pub fn swallows(root: Node, src: &[u8], syntax: &dyn Syntax) -> Option<usize> {
    if !root.has_error() {
        return None;
    }
    let starts: Vec<usize> = top_lines(src)
        .into_iter()
        .filter(|&s| opens_a_declaration(&src[s..]))
        .collect();
    // A start inside the node, unless it is the second line of a head written over two
    // (`static inline u32\nf(void)`): one start that reads as a declarator (`f(`), with
    // nothing closed before it.
    let spanned = |n: Node| {
        let (a, b) = (n.start_byte(), n.end_byte());
        let i = starts.partition_point(|&s| s <= a);
        let first = starts.get(i).copied().filter(|&s| s < b)?;
        let second = starts.get(i + 1).is_some_and(|&s| s < b);
        let closed = src[a..first]
            .iter()
            .any(|b| matches!(b, b';' | b'{' | b'}'));
        (second || closed || !declarator_line(&src[first..])).then_some(first)
    };
    let mut cursor = root.walk();
    // Popped in source order.
    let mut todo: Vec<Node> = root.children(&mut cursor).collect();
    todo.reverse();
    while let Some(n) = todo.pop() {
        if !n.has_error() {
            continue;
        }
        if syntax.holds_declarations(n.kind()) {
            let at = todo.len();
            todo.extend(n.children(&mut cursor));
            todo[at..].reverse();
        } else if let Some(at) = spanned(n) {
            return Some(at);
        }
    }
    None
}

/// Whether a line starts as a declarator does on the second line of a head: a name and
/// its parameters (`f(void)`, `*alloc(size_t n)`). Pure.
fn declarator_line(line: &[u8]) -> bool {
    let line = line.strip_prefix(b"*").unwrap_or(line);
    let word = line
        .iter()
        .position(|b| !(b.is_ascii_alphanumeric() || *b == b'_'))
        .unwrap_or(line.len());
    word > 0 && line[word..].trim_ascii_start().starts_with(b"(")
}

/// Whether a line at column 0 can open a declaration: it starts with a name, a keyword, a
/// decorator or an attribute (`@x`, `#[x]`), not with a string (C's long format strings sit
/// at column 0 inside calls), a comment or a preprocessor line (`#if`, which C writes inside
/// bodies); and it is not a label (`out:`). Pure.
fn opens_a_declaration(line: &[u8]) -> bool {
    let Some(&first) = line.first() else {
        return false;
    };
    let word_start = first.is_ascii_alphabetic() || matches!(first, b'_' | b'$' | b'@');
    if !(word_start || line.starts_with(b"#[")) {
        return false;
    }
    let word = line
        .iter()
        .position(|b| !(b.is_ascii_alphanumeric() || *b == b'_'))
        .unwrap_or(line.len());
    let rest = &line[word..];
    let label = word > 0 && rest.first() == Some(&b':') && rest.get(1) != Some(&b':');
    !label
}

/// `src` with its broken top-level declarations blanked (spaces, line breaks kept: every
/// other byte, line and column stays where it was); `None` when none is found. The file
/// is cut into top-level chunks ([`top_lines`]); the first broken one is the first whose
/// prefix no longer parses (a binary search over prefixes, each closed: [`bodies`]), blanked, and the search goes
/// on while the whole still has errors (at most 16 chunks, and 4 times the file's bytes
/// parsed, plus 128 KiB).
pub(super) fn recover(
    parser: &mut Parser,
    grammar: &tree_sitter::Language,
    src: &[u8],
    bodies: &[(usize, usize)],
    until: Option<crate::syntax::Deadline>,
) -> Option<Vec<u8>> {
    const ROUNDS: usize = 16;
    parser.set_language(grammar).ok()?;
    let mut text = src.to_vec();
    let mut bounds = top_lines(&text);
    bounds.push(text.len());
    let mut changed = false;
    let mut from = 0;
    // Bytes parsed at most: what a big file with many broken chunks may cost.
    let budget = std::cell::Cell::new(4 * src.len() + (128 << 10));
    for _ in 0..ROUNDS {
        let mut errs = |end: usize, text: &[u8]| {
            budget.set(budget.get().saturating_sub(end));
            crate::syntax::parse_until(parser, &closed_prefix(text, end, bodies), until)
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
            if budget.get() == 0 {
                return changed.then_some(text);
            }
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
/// space, a closing bracket, or an opening brace, which C puts under a function's head) unless the line before is a decorator or an attribute (`@x`,
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
                b' ' | b'\t' | b'\r' | b'\n' | b'{' | b'}' | b')' | b']' | b'\x0c'
            );
            if code && !attaches(prev) {
                out.push(next);
            }
        }
        prev = next;
    }
    out
}

/// A chunk's lines between its head (its first line, and the next when that is an opening
/// brace at column 0, as C writes a function's) and its last line that starts with a closing
/// bracket at column 0 (`}`, `)`, `]`), as offsets in the chunk; `None` when it has none.
pub(super) fn inner_lines(chunk: &[u8]) -> Option<(usize, usize)> {
    let mut first = memchr::memchr(b'\n', chunk)? + 1;
    if chunk.get(first) == Some(&b'{') {
        first += memchr::memchr(b'\n', &chunk[first..])? + 1;
    }
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
