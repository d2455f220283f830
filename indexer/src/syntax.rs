//! Small pure helpers over source bytes and tree-sitter nodes that the extractor and every
//! language module share: node text, positions in characters, signature clipping, comment
//! lines. A leaf: it depends on nothing but the model.

use crate::model::{Pos, Span};
use std::cell::RefCell;
use std::collections::HashMap;
use std::num::NonZeroU16 as FieldId;
use tree_sitter::{Language, Node, TreeCursor};

/// What the extraction asks of a node, without tree-sitter's per-call costs:
/// - a child by field name: tree-sitter compares the name with each of the grammar's field
///   names in turn (`ts_language_field_id_for_name`), 9% of the extraction's instructions
///   beyond the parse on Go;
/// - the kind's name: tree-sitter's `kind()` measures and checks the C string each time.
///
/// Both come from tables per grammar, built once per thread.
pub trait NodeExt<'t> {
    /// `child_by_field_name`.
    fn field(&self, name: &'static str) -> Option<Node<'t>>;
    /// `children_by_field_name`.
    fn fields<'c>(
        &self,
        name: &'static str,
        cursor: &'c mut TreeCursor<'t>,
    ) -> impl Iterator<Item = Node<'t>> + 'c
    where
        't: 'c;
    /// `kind`.
    fn kind_name(&self) -> &'static str;
}

impl<'t> NodeExt<'t> for Node<'t> {
    fn field(&self, name: &'static str) -> Option<Node<'t>> {
        self.child_by_field_id(field_id(&self.language(), name)?.get())
    }

    fn fields<'c>(
        &self,
        name: &'static str,
        cursor: &'c mut TreeCursor<'t>,
    ) -> impl Iterator<Item = Node<'t>> + 'c
    where
        't: 'c,
    {
        let id = field_id(&self.language(), name);
        let node = *self;
        let mut kids = id.map(|id| node.children_by_field_id(id, cursor));
        std::iter::from_fn(move || kids.as_mut()?.next())
    }

    fn kind_name(&self) -> &'static str {
        let id = self.kind_id();
        with_grammar(&self.language(), |g| g.kinds.get(usize::from(id)).copied())
            .unwrap_or_else(|| self.kind())
    }
}

/// One grammar's tables: field IDs by the name's (address, length) (the names are literals,
/// so the address is a cheap key; two literals with one text are two entries of one ID), and
/// kind names by kind ID.
struct Grammar {
    lang: Language,
    fields: HashMap<(usize, usize), Option<FieldId>, AddrHash>,
    kinds: Vec<&'static str>,
}

thread_local! {
    static GRAMMARS: RefCell<Vec<Grammar>> = const { RefCell::new(Vec::new()) };
}

fn with_grammar<R>(lang: &Language, f: impl FnOnce(&mut Grammar) -> R) -> R {
    GRAMMARS.with_borrow_mut(|grammars| {
        let i = match grammars.iter().position(|g| g.lang == *lang) {
            Some(i) => i,
            None => {
                let kinds = (0..lang.node_kind_count())
                    .map(|id| {
                        u16::try_from(id)
                            .ok()
                            .and_then(|id| lang.node_kind_for_id(id))
                            .unwrap_or("")
                    })
                    .collect();
                grammars.push(Grammar {
                    lang: lang.clone(),
                    fields: HashMap::default(),
                    kinds,
                });
                grammars.len() - 1
            }
        };
        f(&mut grammars[i])
    })
}

fn field_id(lang: &Language, name: &'static str) -> Option<FieldId> {
    with_grammar(lang, |g| {
        *g.fields
            .entry((name.as_ptr() as usize, name.len()))
            .or_insert_with(|| lang.field_id_for_name(name))
    })
}

/// A hasher for keys made of integers (addresses, IDs): one multiply each, as FxHash does.
#[derive(Default, Clone, Copy)]
pub struct AddrHasher(u64);

impl std::hash::Hasher for AddrHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

pub type AddrHash = std::hash::BuildHasherDefault<AddrHasher>;

/// A map keyed by integers the program made (node IDs, capture indexes), not by names read
/// from the source: hashed with a multiply, not SipHash (1.5% of the extraction's
/// instructions on Go).
pub type IntMap<K, V> = HashMap<K, V, AddrHash>;
pub type IntSet<K> = std::collections::HashSet<K, AddrHash>;

/// The longest signature kept; longer ones are cut with an ellipsis.
pub const MAX_SIGNATURE: usize = 240;
/// The longest doc line kept.
pub const MAX_DOC: usize = 200;

/// The text of a node (invalid UTF-8 replaced).
pub fn text(src: &[u8], node: Node<'_>) -> String {
    lossy(&src[node.byte_range()])
}

pub fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

pub fn first_line(s: &str) -> String {
    s.lines().next().unwrap_or("").trim_end().to_string()
}

pub fn collapse_ws(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut space = false;
    for c in s.trim().chars() {
        if c.is_whitespace() {
            space = true;
        } else {
            // `f( a` from a line break after an opening bracket reads better as `f(a`, and
            // `a )` as `a)`.
            if space && !out.is_empty() && !out.ends_with(['(', '[']) && !matches!(c, ')' | ']') {
                out.push(' ');
            }
            space = false;
            out.push(c);
        }
    }
    out
}

/// A signature as the map keeps it: at most [`MAX_SIGNATURE`] characters. Servers' outlines and
/// hovers go through it too (a server's `detail` can be megabytes).
pub fn clip_signature(s: &str) -> String {
    clip(s, MAX_SIGNATURE)
}

/// At most `max` characters: longer text is cut to `max - 1` and an ellipsis.
pub fn clip(s: &str, max: usize) -> String {
    match s.char_indices().nth(max.saturating_sub(1)) {
        Some((end, _)) if s[end..].chars().nth(1).is_some() => format!("{}…", &s[..end]),
        _ => s.to_string(),
    }
}

pub fn truncate(s: String, max: usize) -> String {
    if s.len() <= max {
        return s; // fewer bytes than `max`: fewer characters too
    }
    clip(&s, max)
}

/// The 1-based line and character column of a byte offset, given tree-sitter's point for it.
pub fn pos_at(src: &[u8], byte: usize, point_row: usize, point_col_bytes: usize) -> Pos {
    let line_start = byte.saturating_sub(point_col_bytes);
    let prefix = &src[line_start.min(src.len())..byte.min(src.len())];
    Pos {
        line: point_row as u32 + 1,
        col: char_count(prefix) as u32 + 1,
    }
}

/// Characters in UTF-8 bytes; an invalid byte counts as one character (as a lossy decode would).
pub fn char_count(bytes: &[u8]) -> usize {
    if bytes.is_ascii() {
        return bytes.len();
    }
    bytes.iter().filter(|&&b| (b & 0xC0) != 0x80).count()
}

pub fn pos_of(src: &[u8], node: Node<'_>) -> Pos {
    let p = node.start_position();
    pos_at(src, node.start_byte(), p.row, p.column)
}

pub fn span_of(src: &[u8], node: Node<'_>) -> Span {
    let s = node.start_position();
    let e = node.end_position();
    Span {
        start: pos_at(src, node.start_byte(), s.row, s.column),
        end: pos_at(src, node.end_byte(), e.row, e.column),
    }
}

/// A declaration's span: one whose node takes its line's end with it (C's `#define`, whose
/// node ends past its newline, at column 1 of the next line) ends at that line's end, so a
/// range read or replaced is the declaration's lines only (cJSON: `source` of
/// `#define internal_free free` gave the next `#define` line too).
pub fn decl_span_of(src: &[u8], node: Node<'_>) -> Span {
    let mut span = span_of(src, node);
    let end = node.end_byte();
    let e = node.end_position();
    if end > node.start_byte() && e.column == 0 && e.row > node.start_position().row {
        if let Some(b'\n') = src.get(end - 1) {
            let mut nl = end - 1;
            if nl > 0 && src.get(nl - 1) == Some(&b'\r') {
                nl -= 1;
            }
            let line_start = src[..nl]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
            span.end = pos_at(src, nl, e.row - 1, nl - line_start);
        }
    }
    span
}

/// The first non-empty line of a `//` or `/* */` comment, without its markers.
pub fn comment_first_line(src: &[u8], node: Node<'_>) -> Option<String> {
    comment_summary(src, &[node])
}

/// The doc comment above a declaration, from the tree's siblings (the reference path, which
/// has no list of the file's comments): walking back from `cur`, the node before it, the run
/// of comments (`is_comment`, by kind) that ends on the line above `next_row` with no blank
/// line between; its summary ([`comment_summary`]). With `trailing_ends_run`, a comment that
/// trails code on its line ends the run (it belongs to that code). A comment node that ends at
/// column 0 (one holding its newline, as Rust's `///` parsed from macro arguments) ends on the
/// line before.
pub fn doc_above(
    src: &[u8],
    cur: Option<Node<'_>>,
    next_row: usize,
    is_comment: fn(&str) -> bool,
    trailing_ends_run: bool,
) -> Option<String> {
    doc_above_where(src, cur, next_row, is_comment, trailing_ends_run, |_| true)
}

/// [`doc_above`] whose run stops at a comment whose text is not `doc`
/// ([`doc_comment_at_where`]).
pub fn doc_above_where(
    src: &[u8],
    mut cur: Option<Node<'_>>,
    mut next_row: usize,
    is_comment: fn(&str) -> bool,
    trailing_ends_run: bool,
    doc: fn(&[u8]) -> bool,
) -> Option<String> {
    let mut run = Vec::new();
    while let Some(c) = cur {
        let e = c.end_position();
        let last_row = if e.column == 0 && e.row > 0 {
            e.row - 1
        } else {
            e.row
        };
        if !is_comment(c.kind_name()) || last_row + 1 != next_row || !doc(&src[c.byte_range()]) {
            break;
        }
        if trailing_ends_run
            && c.prev_sibling()
                .is_some_and(|p| p.end_position().row == c.start_position().row)
        {
            break;
        }
        next_row = c.start_position().row;
        run.push(c);
        cur = c.prev_sibling();
    }
    if run.is_empty() {
        return None;
    }
    run.reverse();
    comment_summary(src, &run)
}

/// The summary of a run of comments (consecutive `//` lines, or one block comment): its
/// first sentence, see [`first_sentence`].
pub fn comment_summary(src: &[u8], nodes: &[Node<'_>]) -> Option<String> {
    // Borrowed from the source unless it is not UTF-8.
    let texts: Vec<std::borrow::Cow<'_, str>> = nodes
        .iter()
        .map(|n| String::from_utf8_lossy(&src[n.byte_range()]))
        .collect();
    fn body(t: &str) -> &str {
        // `///` and `//!` are Rust's doc comments.
        match t
            .strip_prefix("///")
            .or_else(|| t.strip_prefix("//!"))
            .or_else(|| t.strip_prefix("//"))
        {
            Some(b) => b,
            None => t
                .trim_start_matches("/*")
                .trim_start_matches(['*', '!'])
                .trim_end_matches("*/"),
        }
    }
    first_sentence(
        texts
            .iter()
            .flat_map(|t| body(t).lines())
            .map(|l| l.trim().trim_start_matches('*').trim()),
    )
}

/// What a symbol's documentation says first: the first sentence of its first paragraph,
/// its lines joined (a sentence wrapped over two lines is not cut in the middle), at most
/// [`MAX_DOC`] characters.
pub fn first_sentence<'a>(lines: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let mut para = String::new();
    for l in lines.into_iter().map(str::trim) {
        if l.is_empty() {
            if para.is_empty() {
                continue;
            }
            break;
        }
        if !para.is_empty() {
            para.push(' ');
        }
        para.push_str(l);
        if para.len() > MAX_DOC * 2 {
            break;
        }
    }
    if para.is_empty() {
        return None;
    }
    // The end of the first sentence: a stop followed by a space (not `e.g. x`, `1.5`).
    let b = para.as_bytes();
    let end = (0..b.len().saturating_sub(1)).find(|&i| {
        matches!(b[i], b'.' | b'!' | b'?')
            && b[i + 1] == b' '
            && !para[..i].ends_with("e.g")
            && !para[..i].ends_with("i.e")
            && !para[..i].ends_with("etc")
    });
    let sentence = match end {
        Some(i) => para[..=i].to_string(),
        None => para,
    };
    Some(truncate(sentence, MAX_DOC))
}

/// The parameters in a parameter list node: every named child but comments and Python's `*`
/// and `/` separators; a Go declaration `a, b int` counts each name.
pub fn count_params(list: Node<'_>) -> u32 {
    let mut c = list.walk();
    let mut n = 0;
    for p in list.named_children(&mut c) {
        match p.kind() {
            "parameter_declaration" => {
                let mut c2 = p.walk();
                let names = p.children_by_field_name("name", &mut c2).count() as u32;
                n += names.max(1);
            }
            "comment" | "keyword_separator" | "positional_separator" => {}
            _ => n += 1,
        }
    }
    n
}

/// The signature of a definition that has a body: its text up to the body.
pub fn head_text(src: &[u8], node: Node<'_>, body: Option<Node<'_>>) -> String {
    let end = body.map_or(node.end_byte(), |b| b.start_byte());
    lossy(&src[node.start_byte()..end]).trim_end().to_string()
}

/// Every node of a tree, in document order (one cursor, no recursion).
pub fn each_node<'t>(tree: &'t tree_sitter::Tree, mut f: impl FnMut(tree_sitter::Node<'t>)) {
    let mut c = tree.walk();
    'walk: loop {
        f(c.node());
        if c.goto_first_child() || c.goto_next_sibling() {
            continue;
        }
        loop {
            if !c.goto_parent() {
                break 'walk;
            }
            if c.goto_next_sibling() {
                break;
            }
        }
    }
}

/// Line `line` (1-based) of a text, without its line break; empty past the end.
pub fn line_at(text: &str, line: u32) -> &str {
    let l = text
        .split('\n')
        .nth(line.saturating_sub(1) as usize)
        .unwrap_or("");
    l.strip_suffix('\r').unwrap_or(l)
}

/// Whether `src[from..to]` is blank (spaces, tabs, line ends).
pub fn blank(src: &[u8], from: usize, to: usize) -> bool {
    src.get(from..to)
        .is_some_and(|b| b.iter().all(|c| c.is_ascii_whitespace()))
}

/// The doc comment of a declaration, from the file's comments instead of the tree's siblings (which tree-sitter
/// finds by walking from the parent's first child: quadratic over a file's thousands of
/// declarations): the comments right above, each on the line before the next, none trailing
/// code on its line.
pub fn doc_comment_in(src: &[u8], node: Node<'_>, comments: &[Node<'_>]) -> Option<String> {
    doc_comment_at(src, node.start_byte(), node.start_position().row, comments)
}

/// [`doc_comment_in`] for what starts at byte `at` on row `row`. The comments are in source
/// order, so the run is found by stepping back through the list from one binary search (a
/// generated file's doc comments run to dozens of lines).
pub fn doc_comment_at(src: &[u8], at: usize, row: usize, comments: &[Node<'_>]) -> Option<String> {
    doc_comment_at_where(src, at, row, comments, |_| true)
}

/// [`doc_comment_at`] whose run stops at a comment whose text is not `doc` (Rust's `//` above
/// its `///` lines is a note, not the doc).
pub fn doc_comment_at_where(
    src: &[u8],
    at: usize,
    row: usize,
    comments: &[Node<'_>],
    doc: fn(&[u8]) -> bool,
) -> Option<String> {
    let end = comments.partition_point(|c| c.end_byte() <= at);
    let (mut i, mut at, mut next_row) = (end, at, row);
    while let Some(c) = i.checked_sub(1).and_then(|j| comments.get(j)) {
        // Right above, on the line before: nothing but blanks between. (A `///` comment
        // parsed from macro arguments ends with its line's newline, at column 0 below.)
        let e = c.end_position();
        let last_row = if e.column == 0 && e.row > 0 {
            e.row - 1
        } else {
            e.row
        };
        if !blank(src, c.end_byte(), at) || last_row + 1 != next_row || !doc(&src[c.byte_range()]) {
            break;
        }
        // A comment that trails code on its line belongs to that code.
        let line_start = src[..c.start_byte()]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        if !blank(src, line_start, c.start_byte()) {
            break;
        }
        next_row = c.start_position().row;
        at = c.start_byte();
        i -= 1;
    }
    if i == end {
        return None;
    }
    comment_summary(src, &comments[i..end])
}

/// `Addr string // TCP address`: a comment on the same line right after the declaration,
/// from the file's comments.
pub fn trailing_comment_in(src: &[u8], node: Node<'_>, comments: &[Node<'_>]) -> Option<String> {
    let i = comments.partition_point(|c| c.start_byte() < node.end_byte());
    let next = *comments.get(i)?;
    (next.start_position().row == node.end_position().row
        && blank(src, node.end_byte(), next.start_byte()))
    .then(|| comment_first_line(src, next))
    .flatten()
}

/// A qualname segment's name: an identifier, a JavaScript/TypeScript private name (`#x`), a
/// C++ destructor (`~A`) or operator (`operator==`, `operator()`, `operator[]`), a Ruby
/// method's name (`valid?`, `save!`, `name=`, and its operators: `==`, `[]=`, `<=>`, `-@`).
pub fn is_member_name(s: &str) -> bool {
    if RUBY_OPERATORS.contains(&s) {
        return true;
    }
    if s.strip_suffix(['?', '!', '=']).is_some_and(is_identifier) {
        return true;
    }
    if let Some(d) = s.strip_prefix('~') {
        return is_identifier(d);
    }
    if let Some(op) = s.strip_prefix("operator") {
        if !op.is_empty() && op.chars().all(|c| OPERATOR_CHARS.contains(c)) {
            return true;
        }
        // `operator new`, `operator delete[]`, a conversion `operator bool`.
        if let Some(word) = op.strip_prefix(' ') {
            return is_identifier(word.strip_suffix("[]").unwrap_or(word));
        }
    }
    is_identifier(s.strip_prefix('#').unwrap_or(s))
}

/// The operators a Ruby class may define as methods (`def ==(other)`).
const RUBY_OPERATORS: &[&str] = &[
    "!", "!=", "!~", "%", "&", "*", "**", "+", "+@", "-", "-@", "/", "<", "<<", "<=", "<=>", "==",
    "===", "=~", ">", ">=", ">>", "[]", "[]=", "^", "`", "|", "~",
];

/// What follows `operator` in a C++ operator's name (`operator<<=`, `operator()`).
const OPERATOR_CHARS: &str = "+-*/%^&|~!=<>()[],";

/// A qualname segment without its overload suffix: `add~2` → `add`, `~A~2` → `~A`, `~A` →
/// `~A` (a destructor's `~` is its name's).
pub fn segment_base(seg: &str) -> &str {
    match seg.rsplit_once('~') {
        Some((b, n)) if !b.is_empty() && !n.is_empty() && n.bytes().all(|c| c.is_ascii_digit()) => {
            b
        }
        _ => seg,
    }
}

/// The index past a string or character literal that starts at `from` (its quote), escapes
/// skipped; an unclosed one ends at its line's end (C-family quoting). Pure.
pub fn literal_end(src: &[u8], from: usize) -> usize {
    let quote = src[from];
    let mut i = from + 1;
    while i < src.len() {
        match src[i] {
            b'\\' => i += 2,
            b'\n' => return i,
            c if c == quote => return i + 1,
            _ => i += 1,
        }
    }
    src.len()
}

/// A character of a name in any of the map's languages: a letter, a digit, `_`, or `$`
/// (JavaScript's, Java's and PHP's names). The one word test of the map and the bridge. Pure.
pub fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '$'
}

/// The words of a line with their byte offsets, each whole (never part of a longer one). Pure.
pub fn word_spans(line: &str) -> impl Iterator<Item = (usize, &str)> {
    line.char_indices()
        .filter(move |&(i, c)| {
            is_word_char(c) && !line[..i].chars().next_back().is_some_and(is_word_char)
        })
        .map(move |(i, _)| (i, leading_word(&line[i..])))
}

/// The word that begins `s`, empty when `s` begins with no word character. Pure.
pub fn leading_word(s: &str) -> &str {
    &s[..s.find(|c: char| !is_word_char(c)).unwrap_or(s.len())]
}

/// The word that begins at `line`'s 1-based character column `col`, empty when none does. Pure.
pub fn word_from(line: &str, col: u32) -> &str {
    let at = line
        .char_indices()
        .nth(col.saturating_sub(1) as usize)
        .map_or(line.len(), |(i, _)| i);
    leading_word(&line[at..])
}

/// Whether `line` writes `word` as a whole word. Pure.
pub fn writes_word(line: &str, word: &str) -> bool {
    word_spans(line).any(|(_, w)| w == word)
}

/// An identifier of the languages codemap reads: Unicode XID (as Python, Go and Rust define
/// them), with `_`, and `$` (JavaScript and TypeScript).
pub fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if c == '_' || c == '$' || unicode_ident::is_xid_start(c) => {}
        _ => return false,
    }
    chars.all(|c| c == '$' || unicode_ident::is_xid_continue(c))
}

/// Each line's byte range, its `\n` left out (a `\r` kept): for a rewrite in place, which
/// keeps every line where it was. Pure.
pub(crate) fn line_spans(src: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < src.len() {
        let end = memchr::memchr(b'\n', &src[at..]).map_or(src.len(), |i| at + i);
        out.push((at, end));
        at = end + 1;
    }
    out
}

#[cfg(test)]
mod word_tests {
    use super::*;

    /// (line, word, written whole?): `$` is a word character (JavaScript, PHP), so `$f` and
    /// `f$` are other names than `f`.
    #[test]
    fn a_word_is_written_whole() {
        for (line, word, want) in [
            ("f(x)", "f", true),
            ("g.f()", "f", true),
            ("ff(f2)", "f", false),
            ("a.$f; f$", "f", false),
            ("$f = 1", "$f", true),
            ("x = 1  # f", "f", true),
            ("ñf f", "f", true),
            ("", "f", false),
        ] {
            assert_eq!(writes_word(line, word), want, "{line:?} {word:?}");
        }
        let spans: Vec<_> = word_spans("a.b(cd, $e) é").collect();
        assert_eq!(spans, [(0, "a"), (2, "b"), (4, "cd"), (8, "$e"), (12, "é")]);
        // Columns are characters, not bytes.
        assert_eq!(word_from("é = foo_1(x)", 5), "foo_1");
        assert_eq!(word_from("é = foo(x)", 4), "");
        assert_eq!(word_from("ab", 9), "");
        assert_eq!(leading_word("$x.y"), "$x");
    }
}

#[cfg(test)]
mod doc_tests {
    use super::first_sentence;

    #[test]
    fn first_sentences() {
        let cases: [(&str, Option<&str>); 6] = [
            ("Decode a string.", Some("Decode a string.")),
            (
                "\n  Return the value of the header, decoded\n  as unicode. More text.\n",
                Some("Return the value of the header, decoded as unicode."),
            ),
            (
                "First para\nstill first\n\nSecond para.",
                Some("First para still first"),
            ),
            ("Use e.g. this one. Then", Some("Use e.g. this one.")),
            ("Version 1.5 works. Yes", Some("Version 1.5 works.")),
            ("\n\n", None),
        ];
        for (text, want) in cases {
            assert_eq!(first_sentence(text.lines()).as_deref(), want, "{text:?}");
        }
        let long = "word ".repeat(100);
        let s = first_sentence([long.as_str()]).expect("doc");
        assert!(
            s.chars().count() <= super::MAX_DOC && s.ends_with('…'),
            "{s}"
        );
    }
}

#[cfg(test)]
mod collapse_tests {
    use super::collapse_ws;

    #[test]
    fn whitespace_runs_become_one_space_and_none_inside_brackets() {
        let cases = [
            ("  func f(a int)  ", "func f(a int)"),
            (
                "func f(\n\ta int,\n\tb string,\n)",
                "func f(a int, b string,)",
            ),
            ("x [ 3 ]int", "x [3]int"),
            ("f( ( a ) )", "f((a))"),
            ("( )", "()"),
            ("[\n]", "[]"),
            ("a\t\tb\n c", "a b c"),
            ("", ""),
            ("   ", ""),
            ("g (x)", "g (x)"),
            ("T[ K, V ]", "T[K, V]"),
        ];
        for (input, want) in cases {
            assert_eq!(collapse_ws(input), want, "{input:?}");
        }
    }

    /// The rule as it was first written: collapse, then take the space out of `( `, ` )`,
    /// `[ ` and ` ]`.
    fn by_replacing(s: &str) -> String {
        let mut out = String::new();
        let mut space = false;
        for c in s.trim().chars() {
            if c.is_whitespace() {
                space = true;
            } else {
                if space && !out.is_empty() {
                    out.push(' ');
                }
                space = false;
                out.push(c);
            }
        }
        out.replace("( ", "(")
            .replace(" )", ")")
            .replace("[ ", "[")
            .replace(" ]", "]")
    }

    #[test]
    fn one_pass_equals_the_replacements_on_every_short_string() {
        let alphabet = [' ', '\n', '(', ')', '[', ']', 'a'];
        let n = alphabet.len();
        for len in 0..=6u32 {
            for mut k in 0..n.pow(len) {
                let mut s = String::new();
                for _ in 0..len {
                    s.push(alphabet[k % n]);
                    k /= n;
                }
                assert_eq!(collapse_ws(&s), by_replacing(&s), "{s:?}");
            }
        }
    }
}

/// When one file's parses must stop: after `bound` of this thread's CPU time, so that a
/// loaded machine (other processes on its cores) does not cut a parse short and leave a file
/// out that an idle one keeps. The CPU clock (a system call) is read only once as much wall
/// time has passed, since a thread's CPU time never runs ahead of it; where there is no
/// thread CPU clock, wall time decides.
#[derive(Debug, Clone, Copy)]
pub struct Deadline {
    wall: std::time::Instant,
    cpu_start: Option<std::time::Duration>,
    bound: std::time::Duration,
}

impl Deadline {
    pub fn after(bound: std::time::Duration) -> Deadline {
        Deadline {
            wall: std::time::Instant::now() + bound,
            cpu_start: thread_cpu(),
            bound,
        }
    }

    pub fn passed(&self) -> bool {
        if std::time::Instant::now() < self.wall {
            return false;
        }
        match (self.cpu_start, thread_cpu()) {
            (Some(start), Some(now)) => now.saturating_sub(start) >= self.bound,
            _ => true,
        }
    }
}

/// This thread's CPU time, where the platform tells it.
fn thread_cpu() -> Option<std::time::Duration> {
    #[cfg(unix)]
    {
        use nix::time::{clock_gettime, ClockId};
        let t = clock_gettime(ClockId::CLOCK_THREAD_CPUTIME_ID).ok()?;
        Some(std::time::Duration::new(
            u64::try_from(t.tv_sec()).ok()?,
            u32::try_from(t.tv_nsec()).ok()?,
        ))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// Parse `src`, stopping when `until` passes (`None` when it did, or when the grammar
/// could not be used). A stopped parse is not resumed by the next one.
pub fn parse_until(
    parser: &mut tree_sitter::Parser,
    src: &[u8],
    until: Option<Deadline>,
) -> Option<tree_sitter::Tree> {
    let Some(until) = until else {
        return parser.parse(src, None);
    };
    let mut stop = |_: &tree_sitter::ParseState| until.passed();
    let options = tree_sitter::ParseOptions::new().progress_callback(&mut stop);
    let mut input = |at: usize, _: tree_sitter::Point| -> &[u8] { src.get(at..).unwrap_or(&[]) };
    let tree = parser.parse_with_options(&mut input, None, Some(options));
    if tree.is_none() {
        parser.reset();
    }
    tree
}
