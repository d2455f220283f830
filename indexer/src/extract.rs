//! Extraction: `(bytes, language) -> FileExtract`. Pure: no file system, no SQLite.
//!
//! The query files (`lang/<name>/query.scm`) say what is a definition, a call, an import or a base; this
//! module runs each file's captures in one pass and then decides, from how the captured nodes
//! nest, which definitions are symbols of the map (module-, class- and type-level ones; locals
//! are left out), their qualified names (with `~N` for repeated names in one scope), ranges,
//! signatures and first doc lines, and which symbol each reference sits in. Where languages
//! differ it asks the language's [`Syntax`] rules from the registry; it names no language.

use crate::lang::{Def, DefTag, Lang, Language, MacroArgs, Reread};
use crate::model::{EdgeKind, FactRole, FileExtract, Kind, RawRef, TypeFact, UNKNOWN_TYPE};
use crate::pattern::{Capture, PatternError, Patterns};
pub use crate::syntax::{char_count, clip_signature, pos_at, MAX_SIGNATURE};
use crate::syntax::{collapse_ws, pos_of, span_of, text, truncate, IntMap, IntSet, NodeExt};
use std::collections::HashMap;
use streaming_iterator::StreamingIterator;
use tree_sitter::{Node, Parser, Query};

#[derive(Debug, thiserror::Error)]
pub enum QueryError {
    #[error("{file}: {source}")]
    Compile {
        file: &'static str,
        source: tree_sitter::QueryError,
    },
    #[error("{file}: unknown capture @{capture}; known captures: {known}")]
    UnknownCapture {
        file: &'static str,
        capture: String,
        known: String,
    },
    #[error("{file}: {source}")]
    Pattern {
        file: &'static str,
        source: PatternError,
    },
    #[error("grammar version mismatch for {lang}: {source}")]
    Language {
        lang: &'static str,
        source: tree_sitter::LanguageError,
    },
}

/// Capture indices of one compiled query.
#[derive(Debug, Default, Clone)]
struct Captures {
    def: IntMap<u32, DefTag>,
    name: Option<u32>,
    body: Option<u32>,
    receiver: Option<u32>,
    ty: Option<u32>,
    call: Option<u32>,
    base: Option<u32>,
    implements: Option<u32>,
    uses: Option<u32>,
    import: Option<u32>,
    package: Option<u32>,
    binding: Option<u32>,
}

/// One language's query compiled for one of its grammars.
struct LangQuery {
    lang: Lang,
    /// Which of the language's grammars (`Lang::dialect_of`).
    dialect: usize,
    grammar: tree_sitter::Language,
    /// Kinds of comment nodes, collected during the walk (for doc comments).
    comment_kinds: Vec<u16>,
    /// Kinds of the language's local scopes (`Language::local_scopes`), collected too.
    local_kinds: Vec<u16>,
    /// Kinds of macro invocations (`Language::macro_calls`), collected too.
    macro_kinds: Vec<u16>,
    /// All three, what the walk collects.
    collect_kinds: Vec<u16>,
    /// tree-sitter's compiled query, the reference (compiled on first use: it costs more
    /// than a one-file run's extraction). Its capture indexes are the patterns'.
    query: std::sync::OnceLock<Option<Query>>,
    patterns: Patterns,
    caps: Captures,
}

/// The compiled queries of every language. Build once, share between threads.
pub struct Extractor {
    queries: Vec<LangQuery>,
}

impl Extractor {
    pub fn new() -> Result<Extractor, QueryError> {
        let mut queries = Vec::new();
        for lang in Lang::ALL {
            for dialect in 0..=lang.spec().dialects.len() {
                queries.push(compile(lang, dialect)?);
            }
        }
        Ok(Extractor { queries })
    }

    /// The compiled queries, built once per process and shared (the error, when a query
    /// does not compile, as text).
    pub fn shared() -> Result<&'static Extractor, String> {
        static EX: std::sync::OnceLock<Result<Extractor, String>> = std::sync::OnceLock::new();
        EX.get_or_init(|| Extractor::new().map_err(|e| e.to_string()))
            .as_ref()
            .map_err(Clone::clone)
    }

    fn query(&self, lang: Lang, dialect: usize) -> Option<&LangQuery> {
        self.queries
            .iter()
            .find(|q| q.lang == lang && q.dialect == dialect)
    }

    /// Parse and extract one file, with the grammar its path calls for (`.tsx`). Never
    /// fails: broken input yields what could be recovered and `parse_error: true`.
    pub fn extract(&self, worker: &mut Worker, lang: Lang, path: &str, src: &[u8]) -> FileExtract {
        self.extract_by(worker, lang, lang.dialect_of(path), src, false)
    }

    /// The same extraction with tree-sitter's own query cursor matching the query file: the
    /// reference the pattern walk is checked against (tests, `bare_parse --reference`).
    pub fn extract_reference(
        &self,
        worker: &mut Worker,
        lang: Lang,
        path: &str,
        src: &[u8],
    ) -> FileExtract {
        self.extract_by(worker, lang, lang.dialect_of(path), src, true)
    }

    fn extract_by(
        &self,
        worker: &mut Worker,
        lang: Lang,
        dialect: usize,
        src: &[u8],
        reference: bool,
    ) -> FileExtract {
        let src = src.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(src);
        let first = self.extract_parsed(worker, lang, dialect, src, reference);
        if !first.parse_error {
            return first;
        }
        // A syntax error can swallow every declaration after it into one top-level error
        // node (`function a(x: number,` unclosed). Blank the broken declaration and parse
        // again: the answer that recovers more definitions is kept.
        let Some(blanked) = self.recover(worker, lang, dialect, src) else {
            return first;
        };
        let second = self.extract_parsed(worker, lang, dialect, &blanked, reference);
        if second.symbols.len() > first.symbols.len() {
            FileExtract {
                parse_error: true,
                ..second
            }
        } else {
            first
        }
    }

    /// `src` with its broken top-level declarations blanked (spaces, line breaks kept: every
    /// other byte, line and column stays where it was); `None` when none is found. The file
    /// is cut into top-level chunks ([`top_lines`]); the first broken one is the first whose
    /// prefix no longer parses (a binary search over prefixes), blanked, and the search goes
    /// on while the whole still has errors (at most 16 chunks).
    fn recover(
        &self,
        worker: &mut Worker,
        lang: Lang,
        dialect: usize,
        src: &[u8],
    ) -> Option<Vec<u8>> {
        const ROUNDS: usize = 16;
        let lq = self.query(lang, dialect)?;
        worker.parser.set_language(&lq.grammar).ok()?;
        let mut text = src.to_vec();
        let mut bounds = top_lines(&text);
        bounds.push(text.len());
        let mut changed = false;
        let mut from = 0;
        for _ in 0..ROUNDS {
            let mut errs = |end: usize, text: &[u8]| {
                worker
                    .parser
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

    fn extract_parsed(
        &self,
        worker: &mut Worker,
        lang: Lang,
        dialect: usize,
        src: &[u8],
        reference: bool,
    ) -> FileExtract {
        let failed = FileExtract {
            parse_error: true,
            ..FileExtract::default()
        };
        // The grammar was checked in `Extractor::new`; a failure here cannot happen, but a
        // file is never worth a panic.
        let Some(lq) = self.query(lang, dialect) else {
            return failed;
        };
        if worker.parser.set_language(&lq.grammar).is_err() {
            return failed;
        }
        // A previous file's macro arguments were parsed alone.
        if worker.parser.set_included_ranges(&[]).is_err() {
            return failed;
        }
        let Some(tree) = worker.parser.parse(src, None) else {
            return failed;
        };
        let spec = lang.spec();
        let mut raw = Raw::default();
        let mut macros: Vec<MacroArgs> = Vec::new();
        let mut collected = Vec::new();
        if reference {
            let Some(query) = lq
                .query
                .get_or_init(|| Query::new(&lq.grammar, spec.query).ok())
            else {
                return failed;
            };
            reference_matches(lq, spec, query, &tree, src, &mut raw, &mut collected);
        } else {
            lq.patterns.for_each_match(
                &tree,
                src,
                &lq.collect_kinds,
                &mut collected,
                |_, m, path| {
                    raw.take(&lq.caps, spec, m, path);
                },
            );
        }
        raw.sort_collected(lq, spec, src, collected, &mut macros, reference, false);
        // Macro arguments, parsed again on their own; then matched as the file is.
        let mut trees: Vec<tree_sitter::Tree> = Vec::new();
        let unread = reread(&mut worker.parser, lq, spec, src, macros, &mut trees);
        if worker.parser.set_included_ranges(&[]).is_err() {
            return failed;
        }
        if !trees.is_empty() {
            let mut collected = Vec::new();
            for t in &trees {
                if reference {
                    if let Some(Some(query)) = lq.query.get() {
                        reference_matches(lq, spec, query, t, src, &mut raw, &mut collected);
                    }
                } else {
                    lq.patterns.for_each_match(
                        t,
                        src,
                        &lq.collect_kinds,
                        &mut collected,
                        |_, m, path| {
                            raw.take(&lq.caps, spec, m, path);
                        },
                    );
                }
            }
            // Their macros were read already (`reread`).
            raw.sort_collected(lq, spec, src, collected, &mut Vec::new(), reference, true);
        }
        raw.unread = unread;
        let mut out = build(spec, src, raw, tree.root_node());
        out.parse_error = tree.root_node().has_error();
        out
    }

    /// Convenience for tests and one-off callers: a fresh worker per call, the language's
    /// own grammar.
    pub fn extract_source(&self, lang: Lang, src: &[u8]) -> FileExtract {
        self.extract_by(&mut Worker::new(), lang, 0, src, false)
    }
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
fn inner_lines(chunk: &[u8]) -> Option<(usize, usize)> {
    let first = memchr::memchr(b'\n', chunk)? + 1;
    let last = memchr::memchr_iter(b'\n', chunk)
        .map(|nl| nl + 1)
        .rfind(|&at| matches!(chunk.get(at), Some(b'}' | b')' | b']')))?;
    (first < last).then_some((first, last))
}

/// Spaces for every byte but line breaks, so lines and the columns of other lines stay.
fn blank(bytes: &mut [u8]) {
    for b in bytes {
        if *b != b'\n' {
            *b = b' ';
        }
    }
}

/// tree-sitter's query cursor over one tree (the reference path), and a walk of the whole
/// tree collecting what the pattern walk collects on its way.
fn reference_matches<'t>(
    lq: &LangQuery,
    spec: &'static Language,
    query: &Query,
    tree: &'t tree_sitter::Tree,
    src: &[u8],
    raw: &mut Raw<'t>,
    collected: &mut Vec<Node<'t>>,
) {
    let mut cursor = tree_sitter::QueryCursor::new();
    let mut matches = cursor.matches(query, tree.root_node(), src);
    let mut caps = Vec::new();
    while let Some(m) = matches.next() {
        caps.clear();
        caps.extend(
            m.captures
                .iter()
                .map(|c| (c.index, c.node, c.node.parent())),
        );
        raw.take(&lq.caps, spec, &caps, &[]);
    }
    crate::syntax::each_node(tree, |n| {
        if lq.collect_kinds.contains(&n.kind_id()) {
            collected.push(n);
        }
    });
}

/// Bytes of macro arguments parsed again, at most, per byte of the file (nested macros
/// parse their text once per level).
const REREAD_PER_BYTE: usize = 4;

/// Macro invocations' arguments parsed again as code, each on its own with the file's
/// bytes at their own positions (`Parser::set_included_ranges`), so the trees' nodes carry
/// the file's bytes, lines and columns and are matched as the file's own; the trees are
/// pushed to `trees`. Invocations inside what parsed are read in turn. Returns those none
/// of whose ways parsed: (where, the macro's name).
fn reread(
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
        if !read {
            unread.push((m.at, m.name));
        }
    }
    unread.sort();
    unread
}

/// One piece parsed alone: the file's bytes `start..end`, then the piece's suffix.
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
    let mut input = |at: usize, _: tree_sitter::Point| -> &[u8] {
        if at < start {
            &[]
        } else if at < end {
            &src[at..end]
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

/// Per-thread parsing state (a parser); make one per rayon worker.
pub struct Worker {
    parser: Parser,
}

impl Worker {
    pub fn new() -> Worker {
        Worker {
            parser: Parser::new(),
        }
    }
}

impl Default for Worker {
    fn default() -> Self {
        Worker::new()
    }
}

fn compile(lang: Lang, dialect: usize) -> Result<LangQuery, QueryError> {
    let spec = lang.spec();
    let file = spec.query_file;
    let language = lang.grammar(dialect);
    // Fails loudly if the grammar's ABI does not fit the tree-sitter runtime.
    Parser::new()
        .set_language(&language)
        .map_err(|source| QueryError::Language {
            lang: spec.prefix,
            source,
        })?;
    // The patterns are what runs; tree-sitter's compile of the same file (its errors name the
    // line) is `check_query`, run by the tests.
    let patterns = Patterns::new(&language, spec.query)
        .map_err(|source| QueryError::Pattern { file, source })?;
    let others = [
        "name",
        "body",
        "receiver",
        "type",
        "reference.call",
        "reference.base",
        "reference.embed",
        "reference.implements",
        "reference.type",
        "import",
        "package",
        "binding",
    ];
    let mut caps = Captures::default();
    for (i, name) in patterns.capture_names().iter().enumerate() {
        let i = i as u32;
        let name = name.as_str();
        if let Some(tag) = DefTag::ALL.iter().find(|t| t.capture() == name) {
            caps.def.insert(i, *tag);
            continue;
        }
        let slot = match name {
            "name" => &mut caps.name,
            "body" => &mut caps.body,
            "receiver" => &mut caps.receiver,
            "type" => &mut caps.ty,
            "reference.call" => &mut caps.call,
            "reference.base" | "reference.embed" => &mut caps.base,
            "reference.implements" => &mut caps.implements,
            "reference.type" => &mut caps.uses,
            // `@_name`: a capture for a predicate only.
            other if other.starts_with('_') => continue,
            "import" => &mut caps.import,
            "package" => &mut caps.package,
            "binding" => &mut caps.binding,
            other => {
                let known: Vec<&str> = DefTag::ALL
                    .iter()
                    .map(|t| t.capture())
                    .chain(others)
                    .collect();
                return Err(QueryError::UnknownCapture {
                    file,
                    capture: other.to_string(),
                    known: known.join(", "),
                });
            }
        };
        *slot = Some(i);
    }
    let kinds_named = |names: &[&str]| -> Vec<u16> {
        (0..language.node_kind_count() as u16)
            .filter(|&k| {
                language.node_kind_is_named(k)
                    && language
                        .node_kind_for_id(k)
                        .is_some_and(|n| names.contains(&n))
            })
            .collect()
    };
    let comment_kinds = kinds_named(&["comment", "line_comment", "block_comment"]);
    let local_kinds = kinds_named(spec.local_scopes);
    let macro_kinds = kinds_named(spec.macro_calls);
    let collect_kinds = comment_kinds
        .iter()
        .chain(&local_kinds)
        .chain(&macro_kinds)
        .copied()
        .collect();
    Ok(LangQuery {
        lang,
        dialect,
        grammar: language,
        comment_kinds,
        local_kinds,
        macro_kinds,
        collect_kinds,
        query: std::sync::OnceLock::new(),
        patterns,
        caps,
    })
}

/// A language's query file compiled by tree-sitter, and its captures read the same way by
/// the patterns: what the tests check of every query file.
pub fn check_query(lang: Lang) -> Result<(), QueryError> {
    for dialect in 0..=lang.spec().dialects.len() {
        check_dialect(lang, dialect)?;
    }
    Ok(())
}

fn check_dialect(lang: Lang, dialect: usize) -> Result<(), QueryError> {
    let spec = lang.spec();
    let file = spec.query_file;
    let language = lang.grammar(dialect);
    let query =
        Query::new(&language, spec.query).map_err(|source| QueryError::Compile { file, source })?;
    let patterns = Patterns::new(&language, spec.query)
        .map_err(|source| QueryError::Pattern { file, source })?;
    if query.capture_names() != patterns.capture_names() {
        return Err(QueryError::Pattern {
            file,
            source: PatternError::new(format!(
                "captures read as {:?}, tree-sitter reads {:?}",
                patterns.capture_names(),
                query.capture_names()
            )),
        });
    }
    Ok(())
}

#[derive(Default)]
struct Raw<'t> {
    defs: Vec<Def<'t>>,
    calls: Vec<Node<'t>>,
    bases: Vec<Node<'t>>,
    implements: Vec<Node<'t>>,
    uses: Vec<Node<'t>>,
    imports: Vec<Node<'t>>,
    bindings: Vec<Node<'t>>,
    package: Option<Node<'t>>,
    /// Specs whose names were already expanded (a spec can match once per name).
    expanded: IntSet<usize>,
    /// What the walk saw around the nodes (empty on the reference path, which asks the
    /// tree): each binding's innermost block-scope end (`usize::MAX`: none), and the file's
    /// comments in source order.
    scope_ends: IntMap<usize, usize>,
    comments: Option<Vec<Node<'t>>>,
    /// The language's local scopes (`Language::local_scopes`) as byte ranges, in pre-order.
    locals: Vec<(usize, usize)>,
    /// Macro invocations whose arguments could not be read (where, the macro's name), in
    /// source order.
    unread: Vec<(usize, String)>,
}

impl<'t> Raw<'t> {
    /// What a walk collected, sorted in: comments (in source order, once: a tree parsed
    /// from macro arguments holds the comments inside them again; none on the reference
    /// path, which asks the tree), local scopes (in pre-order) and, into `macros`, how to
    /// read each macro invocation's arguments. `merge`: added to a previous walk's.
    #[allow(clippy::too_many_arguments)]
    fn sort_collected(
        &mut self,
        lq: &LangQuery,
        spec: &Language,
        src: &[u8],
        collected: Vec<Node<'t>>,
        macros: &mut Vec<MacroArgs>,
        reference: bool,
        merge: bool,
    ) {
        for n in collected {
            let k = n.kind_id();
            if lq.comment_kinds.contains(&k) {
                if !reference {
                    self.comments.get_or_insert_with(Vec::new).push(n);
                }
            } else if lq.local_kinds.contains(&k) {
                self.locals.push((n.start_byte(), n.end_byte()));
            } else if let Some(m) = spec.syntax.macro_args(src, n) {
                macros.push(m);
            }
        }
        if !reference && self.comments.is_none() {
            self.comments = Some(Vec::new());
        }
        if merge {
            if let Some(cs) = self.comments.as_mut() {
                // The re-read tree's comment first: the file's own, inside a token tree, is
                // a token tree's (its doc comment's line ends elsewhere).
                cs.reverse();
                cs.sort_by_key(|n| n.start_byte());
                cs.dedup_by_key(|n| n.start_byte());
            }
            self.locals.sort_by_key(|&(s, e)| (s, std::cmp::Reverse(e)));
            self.locals.dedup();
        }
    }

    /// One match. `path` is the walk's path to the pattern's root (its ancestors, then the
    /// root); empty on the reference path.
    fn take(&mut self, caps: &Captures, spec: &Language, m: &[Capture<'t>], path: &[Node<'t>]) {
        let syntax = spec.syntax;
        let mut def: Option<(DefTag, Node<'t>, Option<Node<'t>>)> = None;
        let (mut name, mut body, mut receiver, mut ty) = (None, None, None, None);
        let mut base = None;
        for &(index, node, parent) in m {
            let i = Some(index);
            if let Some(tag) = caps.def.get(&index) {
                def = Some((*tag, node, parent));
            } else if i == caps.name {
                name = Some(node);
            } else if i == caps.body {
                body = Some(node);
            } else if i == caps.receiver {
                receiver = Some(node);
            } else if i == caps.ty {
                ty = Some(node);
            } else if i == caps.call {
                self.calls.push(node);
            } else if i == caps.uses {
                self.uses.push(node);
            } else if i == caps.implements {
                self.implements.push(node);
            } else if i == caps.base {
                base = Some(node);
            } else if i == caps.import {
                self.imports.push(node);
            } else if i == caps.package {
                self.package = Some(node);
            } else if i == caps.binding {
                self.bindings.push(node);
                if !spec.block_scopes.is_empty() {
                    if let Some(end) = block_end(spec, node, parent, path) {
                        self.scope_ends.insert(node.id(), end);
                    }
                }
            }
        }
        if let Some(b) = base {
            self.bases.push(b);
        }
        let Some((tag, node, parent)) = def else {
            return;
        };
        // An embedded field is named after its type.
        let name = match tag {
            DefTag::Embedded => base.and_then(|b| syntax.embedded_name(b)),
            _ => name,
        };
        let mut push = |name| {
            self.defs.push(Def {
                tag,
                node,
                parent,
                name,
                body,
                receiver,
                ty,
            })
        };
        if syntax.names_per_match(tag) {
            if !self.expanded.insert(node.id()) {
                return;
            }
            // `const a, b = 1, 2`: one match for the spec, every name of it a definition.
            let mut c = node.walk();
            for n in node.fields("name", &mut c) {
                if n.kind_name() == "identifier" {
                    push(n);
                }
            }
        } else if let Some(name) = name {
            push(name);
        }
    }
}

struct Open {
    start: usize,
    end: usize,
    sym: usize,
}

fn build(spec: &Language, src: &[u8], mut raw: Raw<'_>, root: Node<'_>) -> FileExtract {
    let syntax = spec.syntax;
    let mut out = FileExtract::default();
    raw.defs
        .sort_by_key(|d| (d.node.start_byte(), std::cmp::Reverse(d.node.end_byte())));
    // References and bindings (`None`), in source order.
    let mut refs: Vec<(Option<EdgeKind>, Node<'_>)> = raw
        .calls
        .iter()
        .map(|n| (Some(EdgeKind::Calls), *n))
        .chain(raw.bases.iter().map(|n| (Some(EdgeKind::Extends), *n)))
        .chain(
            raw.implements
                .iter()
                .map(|n| (Some(EdgeKind::Implements), *n)),
        )
        .chain(raw.uses.iter().map(|n| (Some(EdgeKind::Uses), *n)))
        .chain(raw.bindings.iter().map(|n| (None, *n)))
        .collect();
    refs.sort_by_key(|(_, n)| n.start_byte());
    let mut types = Types {
        scope_ends: std::mem::take(&mut raw.scope_ends),
        ..Types::default()
    };

    let mut counts: HashMap<String, u32> = HashMap::new();
    // Names already defined per scope, where the first binding of a name defines it.
    let mut bound: HashMap<(Option<usize>, String), ()> = HashMap::new();
    let mut receivers: IntMap<usize, (String, String)> = IntMap::default(); // sym -> (var, type)
                                                                            // What methods implement (`Trait.m`), kept apart until the sweep's references are in.
    let mut implemented: Vec<RawRef> = Vec::new();
    let mut stack: Vec<Open> = Vec::new();
    let mut ri = 0;
    // Local scopes open at the definition being placed (innermost last), and the next one.
    let mut locals_open: Vec<(usize, usize)> = Vec::new();
    let mut li = 0;
    // Macro invocations not read, by the symbol they sit in (`None`: the file's level).
    let unread = std::mem::take(&mut raw.unread);
    let mut unread_in: Vec<(Option<usize>, &str)> = Vec::new();
    let mut ui = 0;

    for def in &raw.defs {
        let (start, end) = (def.node.start_byte(), def.node.end_byte());
        // References that start before this definition belong to what is open now.
        while ri < refs.len() && refs[ri].1.start_byte() < start {
            let (kind, node) = refs[ri];
            take_ref(
                spec, src, &mut out, &mut stack, &receivers, &mut types, kind, node,
            );
            ri += 1;
        }
        while ui < unread.len() && unread[ui].0 < start {
            unread_in.push((sitting_in(&mut stack, unread[ui].0), &unread[ui].1));
            ui += 1;
        }
        // Entries that end before this definition does cannot contain it.
        while stack.last().is_some_and(|o| o.end < end) {
            stack.pop();
        }
        // The innermost enclosing scope, skipping entries on the very same node (several
        // names in one spec: `var a, b int`).
        let mut scopes = stack
            .iter()
            .rev()
            .filter(|o| !(o.start == start && o.end == end))
            .map(|o| o.sym)
            .filter(|&s| syntax.is_scope(out.symbols[s].kind));
        let innermost = scopes.next();
        let scope = if syntax.lifted(def) {
            scopes.next()
        } else {
            innermost
        };
        let enclosing = scope.map(|s| out.symbols[s].kind);
        // Inside a local scope (a callback) that is itself inside the enclosing symbol (or
        // outside every symbol): a local, left out.
        while li < raw.locals.len() && raw.locals[li].0 < start {
            while locals_open.last().is_some_and(|l| l.1 <= raw.locals[li].0) {
                locals_open.pop();
            }
            locals_open.push(raw.locals[li]);
            li += 1;
        }
        while locals_open.last().is_some_and(|l| l.1 <= start) {
            locals_open.pop();
        }
        let scope_start =
            innermost.and_then(|s| stack.iter().find(|o| o.sym == s).map(|o| o.start));
        if locals_open
            .last()
            .is_some_and(|l| l.1 >= end && scope_start.is_none_or(|s| l.0 > s))
        {
            continue;
        }
        let name = text(src, def.name);
        // Error recovery can hand us a missing (zero-width) or mangled name: no symbol, no ID.
        if !crate::syntax::is_member_name(&name) {
            continue;
        }
        let Some(kind) = syntax
            .place(def.tag, enclosing, def.ty.map(|t| t.kind_name()), &name)
            .and_then(|k| syntax.refine(src, def, k))
        else {
            continue;
        };
        // A method declared apart from its type hangs under its receiver's type, as named in
        // the scope it is written in (`mod tests { impl T { fn f() } }` → `tests.T.f`).
        let by_receiver = def.tag == DefTag::Method;
        let (parent_qual, parent, receiver) = if by_receiver {
            let recv =
                def.receiver
                    .and_then(|r| syntax.receiver(src, r))
                    .map(|(v, t)| match scope {
                        Some(s) => (v, format!("{}.{t}", out.symbols[s].qualname)),
                        None => (v, t),
                    });
            let ty = recv.as_ref().map(|(_, t)| t.clone());
            (ty, None, recv)
        } else {
            (scope.map(|s| out.symbols[s].qualname.clone()), scope, None)
        };
        // A name bound again in its scope is not a new definition.
        if spec.first_binding_defines
            && def.tag == DefTag::Variable
            && bound.insert((scope, name.clone()), ()).is_some()
        {
            continue;
        }
        // Counted by qualname: a method declared apart from its type shares its names with
        // the type's own members (a Rust field and a method of one name: `len`, `len~2`).
        let key = match &parent_qual {
            Some(p) => format!("{p}.{name}"),
            None => name.clone(),
        };
        let n = counts.entry(key).or_insert(0);
        *n += 1;
        let segment = if *n > 1 {
            format!("{name}~{n}")
        } else {
            name.clone()
        };
        if spec.first_binding_defines && def.tag != DefTag::Variable {
            bound.insert((scope, name.clone()), ());
        }
        let qualname = match &parent_qual {
            Some(p) => format!("{p}.{segment}"),
            None => segment,
        };
        let span_node = syntax.full_node(def);
        let signature = syntax
            .signature(src, def, kind)
            .map(|s| collapse_ws(&s))
            .filter(|s| !s.is_empty())
            .map(|s| truncate(s, MAX_SIGNATURE));
        let sym = crate::model::Symbol {
            name,
            qualname,
            kind,
            span: span_of(src, span_node),
            name_span: span_of(src, def.name),
            signature,
            doc: syntax.doc(src, def, span_node, raw.comments.as_deref()),
            parent,
            params: syntax.params(def),
            receiver: receiver.as_ref().map(|(_, t)| t.clone()),
        };
        let idx = out.symbols.len();
        if let Some(r) = syntax.returns(src, def) {
            types.facts.push((idx, FactRole::Returns, r));
        }
        for (t, at) in syntax.implemented(src, def) {
            implemented.push(RawRef {
                kind: EdgeKind::Implements,
                source: Some(idx as u32),
                target: t.into_boxed_str(),
                hint: None,
                pos: pos_of(src, at),
            });
        }
        out.symbols.push(sym);
        if let Some(r) = receiver {
            receivers.insert(idx, r);
        }
        stack.push(Open {
            start,
            end,
            sym: idx,
        });
    }
    while ri < refs.len() {
        let (kind, node) = refs[ri];
        take_ref(
            spec, src, &mut out, &mut stack, &receivers, &mut types, kind, node,
        );
        ri += 1;
    }
    for (at, name) in &unread[ui..] {
        unread_in.push((sitting_in(&mut stack, *at), name));
    }

    // Methods hang under their receiver type when it is declared in the same file.
    let top: HashMap<String, usize> = out
        .symbols
        .iter()
        .enumerate()
        .filter(|(_, s)| s.kind.is_type_like())
        .map(|(i, s)| (s.qualname.clone(), i))
        .collect();
    for s in out.symbols.iter_mut() {
        if let Some(r) = &s.receiver {
            s.parent = top.get(r).copied();
        }
    }

    out.refs.extend(implemented);
    types.finish(spec, &mut out);
    // Counted per symbol and macro: `3 quote` (`model::unread_fact`).
    let mut counted: Vec<(String, &str, u32)> = Vec::new();
    for (s, name) in unread_in {
        let q = s
            .map(|s| out.symbols[s].qualname.clone())
            .unwrap_or_default();
        match counted
            .iter_mut()
            .find(|(cq, cn, _)| *cq == q && *cn == name)
        {
            Some(c) => c.2 += 1,
            None => counted.push((q, name, 1)),
        }
    }
    for (qualname, name, n) in counted {
        out.facts.push(crate::model::unread_fact(qualname, name, n));
    }
    for node in raw.imports {
        syntax.imports(src, node, &mut out.imports);
    }
    out.package = raw.package.map(|p| text(src, p));
    out.doc = syntax.module_doc(src, root, raw.package, raw.comments.as_deref());
    for name in syntax.exports(src, root).unwrap_or_default() {
        out.facts.push(TypeFact {
            qualname: String::new(),
            role: FactRole::Exports,
            ty: name,
        });
    }
    if let Some(expr) = syntax.build_constraint(src, raw.package, raw.comments.as_deref()) {
        out.facts.push(TypeFact {
            qualname: String::new(),
            role: FactRole::Build,
            ty: expr,
        });
    }
    out
}

/// The symbol a spot at byte `at` sits in, after the sweep's stack is popped to it.
fn sitting_in(stack: &mut Vec<Open>, at: usize) -> Option<usize> {
    while stack.last().is_some_and(|o| o.end <= at) {
        stack.pop();
    }
    stack.last().map(|o| o.sym)
}

/// One function's locals by name, in order: (type if stated, where the binding is).
type Scoped<'t> = HashMap<String, Vec<(Option<String>, Binding<'t>)>>;

/// Where a local was bound, and (worked out when first asked: a node's parent chain is not
/// free) the byte where its scope ends.
struct Binding<'t> {
    node: Node<'t>,
    fn_end: usize,
    end: std::cell::Cell<Option<usize>>,
}

impl Binding<'_> {
    fn end(&self, spec: &Language) -> usize {
        if let Some(e) = self.end.get() {
            return e;
        }
        let e = scope_end(spec, self.node, self.fn_end);
        self.end.set(Some(e));
        e
    }

    /// Whether a reference at byte `at` sees this binding: it is in its scope and not in the
    /// value being bound (`let x = x.unwrap()` reads the earlier `x`).
    fn seen_at(&self, spec: &Language, at: usize) -> bool {
        let in_value = self
            .node
            .field("value")
            .or_else(|| self.node.field("right"))
            .is_some_and(|v| v.start_byte() <= at && at < v.end_byte());
        self.end(spec) > at && !in_value
    }
}

/// Types stated in one file, gathered during the sweep and settled at its end.
#[derive(Default)]
struct Types<'t> {
    /// (symbol, role, type expression) for the file's qualnames; the symbol's qualname is
    /// taken at the end (methods get their receiver's type as parent late).
    facts: Vec<(usize, FactRole, String)>,
    /// Class attributes (`self.x = ...`): (class symbol, attribute, type expression, scope
    /// the value was written in).
    attrs: Vec<(usize, String, String, usize)>,
    /// Module-level names: (name, type expression).
    module: Vec<(String, String)>,
    /// Locals per function or method symbol by name: (type if stated, where bound), in
    /// source order; a reference sees the last one whose scope it is in.
    scoped: IntMap<usize, Scoped<'t>>,
    /// Binding nodes' block-scope ends as the walk saw them ([`Raw`]).
    scope_ends: IntMap<usize, usize>,
}

impl<'t> Types<'t> {
    /// One binding node's names, placed by the scope it is written in.
    fn bind(
        &mut self,
        spec: &Language,
        src: &[u8],
        out: &FileExtract,
        stack: &[Open],
        node: Node<'t>,
    ) {
        let inner = stack.last().map(|o| o.sym);
        let mut pairs = Vec::new();
        spec.syntax.bindings(src, node, &mut pairs);
        if pairs.is_empty() {
            return;
        }
        // The scope: the innermost enclosing symbol that is not itself a variable or field.
        let mut scope = inner;
        while let Some(s) = scope {
            if matches!(
                out.symbols[s].kind,
                Kind::Variable | Kind::Constant | Kind::Field
            ) {
                scope = out.symbols[s].parent;
            } else {
                break;
            }
        }
        let in_function =
            scope.is_some_and(|s| matches!(out.symbols[s].kind, Kind::Function | Kind::Method));
        for (name, ty) in pairs {
            let typed = || ty.clone();
            match (scope, in_function) {
                (Some(f), true) => match name.split_once('.') {
                    Some((obj, attr)) if spec.self_names.contains(&obj) && !attr.contains('.') => {
                        if let (Some(c), Some(ty)) = (enclosing_class(out, Some(f)), typed()) {
                            self.attrs.push((c, attr.to_string(), ty, f));
                        }
                    }
                    Some(_) => {}
                    None => {
                        let fn_end = stack
                            .iter()
                            .find(|o| o.sym == f)
                            .map_or(usize::MAX, |o| o.end);
                        // Read through the locals the value names as they are here
                        // (`let x = x.clone()` reads the earlier `x`).
                        let at = node.start_byte();
                        let ty = ty.as_deref().and_then(|t| {
                            let lookup = |h: &str| self.visible(spec, &out.symbols, h, at, Some(f));
                            read_through(spec, out, t, Some(f), lookup)
                        });
                        self.scoped
                            .entry(f)
                            .or_default()
                            .entry(name.clone())
                            .or_default()
                            .push((
                                ty.clone(),
                                Binding {
                                    node,
                                    fn_end,
                                    end: std::cell::Cell::new(
                                        self.scope_ends.get(&node.id()).map(|&e| e.min(fn_end)),
                                    ),
                                },
                            ));
                    }
                },
                (Some(t), false) if !name.contains('.') => {
                    // A class- or type-level name: a field. Its symbol may not exist (a
                    // Go struct field of a struct declared inside a type); the fact keys
                    // on the qualname.
                    if let Some(ty) = typed() {
                        self.attrs.push((t, name, ty, t));
                    }
                }
                (None, _) if !name.contains('.') => {
                    if let Some(ty) = typed() {
                        self.module.push((name, ty));
                    }
                }
                _ => {}
            }
        }
    }

    /// Keep one type per name (a name bound to two types has none), substitute locals and
    /// `self` in type expressions, write the facts and give references their first name's
    /// type.
    fn finish(mut self, spec: &Language, out: &mut FileExtract) {
        // Each function's locals, with the one type all their bindings agree on (if any).
        let locals: IntMap<usize, HashMap<&str, Option<&str>>> = self
            .scoped
            .iter()
            .map(|(f, by_name)| {
                let one = by_name.iter().map(|(n, bs)| {
                    let first = bs.first().and_then(|(t, _)| t.as_deref());
                    let same = bs.iter().all(|(t, _)| t.as_deref() == first);
                    (n.as_str(), first.filter(|_| same))
                });
                (*f, one.collect())
            })
            .collect();
        // A call of a local (a closure, a callback) is no call of a symbol: dropped.
        let symbols = &out.symbols;
        out.refs.retain(|r| {
            if r.kind != EdgeKind::Calls || r.hint.is_some() {
                return true;
            }
            let mut cur = r.source.map(|s| s as usize);
            while let Some(s) = cur {
                if locals.get(&s).is_some_and(|n| n.contains_key(&*r.target)) {
                    return false;
                }
                cur = symbols[s].parent;
            }
            true
        });
        // A local as a type expression's first name, as seen anywhere in its function.
        let subst = |ty: &str, scope: Option<usize>| {
            let lookup = |h: &str| {
                let mut cur = scope;
                while let Some(s) = cur {
                    if let Some(t) = locals.get(&s).and_then(|m| m.get(h)) {
                        return Some(t.map(str::to_string));
                    }
                    cur = out.symbols[s].parent;
                }
                None
            };
            read_through(spec, out, ty, scope, lookup)
        };
        let mut facts: Vec<TypeFact> = Vec::new();
        for (s, role, ty) in self.facts.drain(..) {
            if let Some(ty) = subst(&ty, Some(s)) {
                facts.push(TypeFact {
                    qualname: out.symbols[s].qualname.clone(),
                    role,
                    ty,
                });
            }
        }
        let mut typed: Vec<(String, Option<String>)> = self
            .attrs
            .drain(..)
            .map(|(c, attr, ty, scope)| {
                (
                    format!("{}.{attr}", out.symbols[c].qualname),
                    subst(&ty, Some(scope)),
                )
            })
            .collect();
        typed.extend(self.module.drain(..).map(|(n, t)| (n, Some(t))));
        for (q, ty) in agreed(typed) {
            facts.push(TypeFact {
                qualname: q,
                role: FactRole::Type,
                ty,
            });
        }
        // Bases, in order, from the extends and implements references of types (a
        // trait's provided methods are its implementers').
        for r in &out.refs {
            if let (EdgeKind::Extends | EdgeKind::Implements, Some(s)) = (r.kind, r.source) {
                if !r.target.starts_with('?') && out.symbols[s as usize].kind.is_type_like() {
                    facts.push(TypeFact {
                        qualname: out.symbols[s as usize].qualname.clone(),
                        role: FactRole::Base,
                        ty: r.target.to_string(),
                    });
                }
            }
        }
        out.facts = facts;
    }
}

/// The end of the innermost block scope at `node` (itself included) from the walk's `path`
/// to the match's root (ancestors, then the root), when `node` is that root or a child of it;
/// `usize::MAX` when no block holds it; `None` when the path cannot tell (the reference path
/// has none), and the tree is asked later.
fn block_end(
    spec: &Language,
    node: Node<'_>,
    parent: Option<Node<'_>>,
    path: &[Node<'_>],
) -> Option<usize> {
    let (root, ancestors) = path.split_last()?;
    let up = if node == *root {
        ancestors
    } else if parent == Some(*root) {
        path
    } else {
        return None;
    };
    Some(
        std::iter::once(&node)
            .chain(up.iter().rev())
            .find(|n| spec.block_scopes.contains(&n.kind_name()))
            .map_or(usize::MAX, |n| n.end_byte()),
    )
}

/// Where a local bound at `node` stops being visible: the end of its block (block-scoped
/// languages) or of its function.
fn scope_end(spec: &Language, node: Node<'_>, fn_end: usize) -> usize {
    if spec.block_scopes.is_empty() {
        return fn_end;
    }
    let mut cur = Some(node);
    while let Some(p) = cur {
        if spec.block_scopes.contains(&p.kind_name()) {
            return p.end_byte().min(fn_end);
        }
        cur = p.parent();
    }
    fn_end
}

impl Types<'_> {
    /// The type of local `name` as a reference at byte `at` in symbol `source` sees it: the
    /// last binding before it whose scope it is in, in the innermost function that has one.
    /// `Some(None)`: a local without a stated type.
    fn visible(
        &self,
        spec: &Language,
        symbols: &[crate::model::Symbol],
        name: &str,
        at: usize,
        source: Option<usize>,
    ) -> Option<Option<String>> {
        let mut cur = source;
        while let Some(s) = cur {
            if let Some(list) = self.scoped.get(&s).and_then(|m| m.get(name)) {
                if let Some((ty, _)) = list.iter().rev().find(|(_, b)| b.seen_at(spec, at)) {
                    return Some(ty.clone());
                }
            }
            cur = symbols[s].parent;
        }
        None
    }

    /// A reference's first name's type, from the locals it sees: `x.m` with `x := T{}` gives
    /// `T`; a type that starts with another local (`xs[]`) is read through it once.
    fn hint_at(
        &self,
        spec: &Language,
        out: &FileExtract,
        target: &str,
        at: usize,
        source: Option<usize>,
    ) -> Option<String> {
        if !target.contains('.') {
            return None;
        }
        let first = target.split('.').next().unwrap_or("");
        let name = &first[..first.find(['(', '[', '?']).unwrap_or(first.len())];
        // A local whose type the code does not tell: `?`, never a name looked up elsewhere.
        let Some(t) = self.visible(spec, &out.symbols, name, at, source)? else {
            return Some(UNKNOWN_TYPE.to_string());
        };
        // Read through another local as this reference sees it (not through itself).
        let lookup = |h: &str| {
            (h != name)
                .then(|| self.visible(spec, &out.symbols, h, at, source))
                .flatten()
        };
        Some(
            read_through(spec, out, &t, source, lookup).unwrap_or_else(|| UNKNOWN_TYPE.to_string()),
        )
    }
}

/// A type expression read through its first name, once: `self`/`cls` become the enclosing
/// class; a local (as `lookup` finds it: `Some(type if stated)`) its own type, an element of
/// `[]X` being an `X`. `None`: it cannot be read (a local without a stated type, a call's
/// Nth result followed by more names).
fn read_through(
    spec: &Language,
    out: &FileExtract,
    ty: &str,
    scope: Option<usize>,
    lookup: impl Fn(&str) -> Option<Option<String>>,
) -> Option<String> {
    // Inside a list or an optional value: the element's or the value's type read through.
    if let Some(inner) = ty.strip_prefix("[]") {
        return read_through(spec, out, inner, scope, lookup).map(|t| format!("[]{t}"));
    }
    if let Some(inner) = ty
        .strip_prefix(crate::model::MAYBE)
        .and_then(|x| x.strip_suffix(')'))
    {
        if inner.is_empty() {
            return Some(ty.to_string());
        }
        let m = crate::model::MAYBE;
        return read_through(spec, out, inner, scope, lookup).map(|t| format!("{m}{t})"));
    }
    let (head, rest) = match ty.find(['.', '(', '[', '?']) {
        Some(i) => (&ty[..i], &ty[i..]),
        None => (ty, ""),
    };
    if head.is_empty() {
        return Some(ty.to_string());
    }
    if spec.self_names.contains(&head) {
        return self_type(out, scope).map(|t| format!("{t}{rest}"));
    }
    match lookup(head) {
        None => Some(ty.to_string()),
        Some(None) => None,
        Some(Some(t)) if t.contains('@') && !rest.is_empty() => None,
        Some(Some(t)) => {
            let maybe = t
                .strip_prefix(crate::model::MAYBE)
                .and_then(|x| x.strip_suffix(')'));
            match (t.strip_prefix("[]"), maybe) {
                _ if rest.is_empty() => Some(t),
                // An element of a list local, the value of an optional one (`x?`).
                (Some(x), _) => rest.strip_prefix("[]").map(|r| format!("{x}{r}")),
                (_, Some(x)) => rest.strip_prefix('?').map(|r| format!("{x}{r}")),
                _ => Some(format!("{t}{rest}")),
            }
        }
    }
}

/// Names with exactly one type among their bindings (one bound without a stated type has
/// none), in the order first bound (facts are written in a stable order).
fn agreed(pairs: Vec<(String, Option<String>)>) -> Vec<(String, String)> {
    let mut order: Vec<(String, Option<String>)> = Vec::new();
    let mut at: HashMap<String, usize> = HashMap::new();
    for (n, t) in pairs {
        match at.get(&n) {
            None => {
                at.insert(n.clone(), order.len());
                order.push((n, t));
            }
            Some(&i) => {
                if order[i].1 != t {
                    order[i].1 = None;
                }
            }
        }
    }
    order
        .into_iter()
        .filter_map(|(n, t)| Some((n, t?)))
        .collect()
}

/// The class a scope sits in (itself when it is one).
fn enclosing_class(out: &FileExtract, mut cur: Option<usize>) -> Option<usize> {
    while let Some(s) = cur {
        if out.symbols[s].kind == Kind::Class {
            return Some(s);
        }
        cur = out.symbols[s].parent;
    }
    None
}

/// The type `self`/`Self`/`this` stands for in a scope: a method's receiver type, else the
/// enclosing class (or trait).
fn self_type(out: &FileExtract, mut cur: Option<usize>) -> Option<String> {
    while let Some(s) = cur {
        let sym = &out.symbols[s];
        if let Some(r) = &sym.receiver {
            return Some(r.clone());
        }
        if matches!(sym.kind, Kind::Class | Kind::Interface) {
            return Some(sym.qualname.clone());
        }
        cur = sym.parent;
    }
    None
}

/// One reference or binding (`kind` `None`) in the sweep.
#[allow(clippy::too_many_arguments)]
fn take_ref<'t>(
    spec: &Language,
    src: &[u8],
    out: &mut FileExtract,
    stack: &mut Vec<Open>,
    receivers: &IntMap<usize, (String, String)>,
    types: &mut Types<'t>,
    kind: Option<EdgeKind>,
    node: Node<'t>,
) {
    let at = node.start_byte();
    while stack.last().is_some_and(|o| o.end <= at) {
        stack.pop();
    }
    let Some(kind) = kind else {
        types.bind(spec, src, out, stack, node);
        return;
    };
    let source = if matches!(kind, EdgeKind::Extends | EdgeKind::Implements) {
        // A base class or embedded type belongs to the nearest enclosing type; an
        // implemented trait to the type its impl is for (`impl Tr for Map`), named in the
        // scope the impl is written in.
        match spec.syntax.implementer(src, node) {
            Some(ty) => {
                let scope = stack
                    .iter()
                    .rev()
                    .map(|o| o.sym)
                    .find(|&s| spec.syntax.is_scope(out.symbols[s].kind));
                let q = match scope {
                    Some(s) => format!("{}.{ty}", out.symbols[s].qualname),
                    None => ty,
                };
                let found = out
                    .symbols
                    .iter()
                    .position(|s| s.qualname == q && s.kind.is_type_like());
                let Some(found) = found else {
                    return;
                };
                Some(found)
            }
            None => stack
                .iter()
                .rev()
                .map(|o| o.sym)
                .find(|&s| out.symbols[s].kind.is_type_like()),
        }
    } else {
        stack.last().map(|o| o.sym)
    };
    let (target, leaf_node) = dotted(src, node);
    if target.is_empty() || (kind == EdgeKind::Uses && target.contains('?')) {
        return;
    }
    // A method's receiver names its own type: not a use.
    if kind == EdgeKind::Uses
        && source.is_some_and(|s| out.symbols[s].receiver.as_deref() == Some(target.as_str()))
    {
        return;
    }
    let first = target.split('.').next().unwrap_or("");
    // What the first name stands for: the receiver's type (`s.run()` in a method of `*S`), or
    // the enclosing class (`self.run()`).
    let mut hint = None;
    let mut cur = source;
    while let Some(s) = cur {
        if let Some((var, ty)) = receivers.get(&s) {
            // The receiver's name, or the language's name for its own type (`Self::new()`).
            if var == first || spec.self_names.contains(&first) {
                hint = Some(ty.clone());
            }
            break;
        }
        cur = out.symbols[s].parent;
    }
    if hint.is_none() && (spec.self_names.contains(&first) || spec.super_call == Some(first)) {
        let mut cur = source;
        while let Some(s) = cur {
            if matches!(out.symbols[s].kind, Kind::Class | Kind::Interface) {
                hint = Some(out.symbols[s].qualname.clone());
                break;
            }
            cur = out.symbols[s].parent;
        }
    }
    if hint.is_none() && kind == EdgeKind::Calls {
        hint = types.hint_at(spec, out, &target, at, source);
    }
    out.refs.push(RawRef {
        kind,
        source: source.map(|s| s as u32),
        target: target.into_boxed_str(),
        hint: hint.map(String::into_boxed_str),
        pos: pos_of(src, leaf_node),
    });
}

/// `a.b.c` for a chain of attributes/selectors over an identifier, with `()` after a name
/// whose call the chain goes through (`a.b().c`, `super().m`); `?.c` when the chain starts
/// at another expression. Also returns the node of the last name (where the edge is recorded).
fn dotted<'t>(src: &[u8], node: Node<'t>) -> (String, Node<'t>) {
    let mut parts: Vec<String> = Vec::new();
    let mut cur = node;
    let mut leaf = node;
    let mut first = true;
    // What the chain did after the next name pushed: `()` for a call, `[]` for an index.
    let mut called = String::new();
    let push = |parts: &mut Vec<String>, name: String, called: &mut String| {
        parts.push(name + &std::mem::take(called));
    };
    loop {
        match cur.kind_name() {
            "identifier" | "type_identifier" | "package_identifier" | "field_identifier"
            | "this" | "super" | "self" | "crate" => {
                push(&mut parts, text(src, cur), &mut called);
                break;
            }
            "attribute"
            | "selector_expression"
            | "member_expression"
            | "field_expression"
            | "scoped_identifier"
            | "scoped_type_identifier" => {
                let (obj, attr) = match cur.kind_name() {
                    // Rust: `a.b` and the path `a::b` alike.
                    // A tuple's or tuple struct's field by number (`self.0`) too.
                    "field_expression" => (
                        cur.field("value"),
                        cur.field("field").filter(|f| {
                            f.kind_name() == "field_identifier"
                                || (!first && f.kind_name() == "integer_literal")
                        }),
                    ),
                    "scoped_identifier" | "scoped_type_identifier" => {
                        (cur.field("path"), cur.field("name"))
                    }
                    "attribute" => (cur.field("object"), cur.field("attribute")),
                    "member_expression" => (
                        cur.field("object"),
                        cur.field("property")
                            .filter(|p| p.kind_name() == "property_identifier"),
                    ),
                    _ => (cur.field("operand"), cur.field("field")),
                };
                let Some(attr) = attr else {
                    parts.push("?".to_string());
                    break;
                };
                if first {
                    leaf = attr;
                }
                push(&mut parts, text(src, attr), &mut called);
                match obj {
                    Some(o) => cur = o,
                    None => break,
                }
            }
            // A call or an index in the middle of a chain: the name before it gets `()` or
            // `[]` (`a.b()[0].c` is `a.b()[].c`).
            "call"
            | "call_expression"
            | "subscript"
            | "index_expression"
            | "new_expression"
            | "subscript_expression"
            | "try_expression"
                if !first =>
            {
                let (inner, op) = match cur.kind_name() {
                    "call" | "call_expression" => (cur.field("function"), "()"),
                    "try_expression" => (cur.named_child(0), "?"),
                    "new_expression" => (cur.field("constructor"), "()"),
                    "subscript" => (cur.field("value"), "[]"),
                    "subscript_expression" => (cur.field("object"), "[]"),
                    _ => (cur.field("operand"), "[]"),
                };
                match inner {
                    Some(f)
                        if matches!(
                            f.kind_name(),
                            "identifier"
                                | "attribute"
                                | "selector_expression"
                                | "member_expression"
                                | "field_expression"
                                | "scoped_identifier"
                                | "this"
                                | "call"
                                | "call_expression"
                                | "subscript"
                                | "index_expression"
                                | "subscript_expression"
                                | "try_expression"
                        ) =>
                    {
                        called.insert_str(0, op);
                        cur = f;
                        continue;
                    }
                    _ => {
                        parts.push("?".to_string());
                        break;
                    }
                }
            }
            "qualified_type" | "nested_type_identifier" => {
                if let Some(n) = cur.field("name") {
                    if first {
                        leaf = n;
                    }
                    parts.push(text(src, n));
                }
                // Go's package, TypeScript's module (`a.b.T`: a nested one).
                match cur.field("package").or_else(|| cur.field("module")) {
                    Some(m) if m.kind_name() == "nested_identifier" => {
                        let t = text(src, m);
                        parts.extend(t.rsplit('.').map(str::to_string));
                    }
                    Some(m) => parts.push(text(src, m)),
                    None => {}
                }
                break;
            }
            "pointer_type" | "generic_type" | "type" | "slice_type" | "array_type" | "map_type"
                if called.is_empty() =>
            {
                let inner = match cur.kind_name() {
                    "generic_type" => cur.field("type").or_else(|| cur.field("name")),
                    "slice_type" | "array_type" => cur.field("element"),
                    "map_type" => cur.field("value"),
                    _ => cur.named_child(0),
                };
                match inner {
                    Some(i) => {
                        cur = i;
                        continue;
                    }
                    None => break,
                }
            }
            _ => {
                parts.push("?".to_string());
                break;
            }
        }
        first = false;
    }
    if first && parts.len() == 1 {
        leaf = cur;
    }
    parts.reverse();
    (parts.join("."), leaf)
}

#[cfg(test)]
mod tests;
