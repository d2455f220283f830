//! The language's query file, matched in one walk of the tree.
//!
//! tree-sitter's query cursor is general: every node of the tree goes through its state
//! machine, which costs more than the parse on Go (measured: parse 5.8–6.7 s, parse and one
//! cursor walk 6.9–7.3 s, parse and the query 11.3 s on Go's standard library). codemap's
//! queries use a small part of the query language, so this module compiles that part into
//! patterns keyed by the root node's kind, and matches them while walking the tree once: a
//! node whose kind roots no pattern costs one table look-up.
//!
//! The part understood: `(kind …)` and `(_)` nodes, `[(a) (b)]` alternatives of plain kinds,
//! `field:` children, `!field` absent fields, `?` optional steps, `.` anchors (first child,
//! adjacent children, last child), `@capture`s and the `#eq?` and `#not-eq?` predicates against
//! a string.
//! Anything else is refused when the query is compiled. The query file is still compiled by
//! tree-sitter too (its errors name the line and the unknown node kind); a table test and a
//! check over whole standard libraries (`tests/e2e/corpora.rs`) pin the matches to
//! tree-sitter's own.

use tree_sitter::{Language, Node, Tree, TreeCursor};

/// A capture: (index in [`Patterns::capture_names`], node, the node's parent).
pub type Capture<'t> = (u32, Node<'t>, Option<Node<'t>>);

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("{0}")]
pub struct PatternError(String);

impl PatternError {
    pub fn new(message: String) -> PatternError {
        PatternError(message)
    }
}

#[derive(Debug, Clone, Default)]
struct Step {
    /// Node kinds it matches; empty: any named node (`(_)`).
    kinds: Vec<u16>,
    field: Option<u16>,
    captures: Vec<u32>,
    optional: bool,
    /// `.` before it: the first named child (or right after the previous step's child).
    anchored: bool,
    /// `.` after the last step: the last named child.
    last: bool,
    absent: Vec<u16>,
    children: Vec<Step>,
}

#[derive(Debug, Clone)]
struct Pattern {
    root: Step,
    /// `#eq? @capture "text"` (`false`) and `#not-eq? @capture "text"` (`true`).
    eq: Vec<(u32, String, bool)>,
}

/// Compiled patterns of one query file, for one grammar.
#[derive(Debug, Clone)]
pub struct Patterns {
    patterns: Vec<Pattern>,
    /// Pattern indexes by root node kind.
    by_kind: Vec<Vec<u32>>,
    capture_names: Vec<String>,
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Open,
    Close,
    OpenAlt,
    CloseAlt,
    Word(String),
    Field(String),
    Absent(String),
    Capture(String),
    Str(String),
    Question,
    Dot,
    Predicate(String),
}

fn tokens(src: &str) -> Result<Vec<Tok>, PatternError> {
    let mut out = Vec::new();
    let mut it = src.char_indices().peekable();
    let word = |it: &mut std::iter::Peekable<std::str::CharIndices<'_>>| {
        let mut w = String::new();
        while let Some(&(_, c)) = it.peek() {
            if c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '?' | '!') {
                w.push(c);
                it.next();
            } else {
                break;
            }
        }
        w
    };
    while let Some(&(_, c)) = it.peek() {
        match c {
            ';' => {
                for (_, c) in it.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            c if c.is_whitespace() => {
                it.next();
            }
            '(' => {
                it.next();
                out.push(Tok::Open);
            }
            ')' => {
                it.next();
                out.push(Tok::Close);
            }
            '[' => {
                it.next();
                out.push(Tok::OpenAlt);
            }
            ']' => {
                it.next();
                out.push(Tok::CloseAlt);
            }
            '?' => {
                it.next();
                out.push(Tok::Question);
            }
            '.' => {
                it.next();
                out.push(Tok::Dot);
            }
            '@' => {
                it.next();
                out.push(Tok::Capture(word(&mut it)));
            }
            '#' => {
                it.next();
                out.push(Tok::Predicate(word(&mut it)));
            }
            '!' => {
                it.next();
                out.push(Tok::Absent(word(&mut it)));
            }
            '"' => {
                it.next();
                let mut s = String::new();
                let mut closed = false;
                while let Some((_, c)) = it.next() {
                    match c {
                        '"' => {
                            closed = true;
                            break;
                        }
                        '\\' => {
                            if let Some((_, e)) = it.next() {
                                s.push(e);
                            }
                        }
                        c => s.push(c),
                    }
                }
                if !closed {
                    return Err(PatternError("a string is not closed".into()));
                }
                out.push(Tok::Str(s));
            }
            _ => {
                let w = word(&mut it);
                if w.is_empty() {
                    return Err(PatternError(format!("unexpected character {c:?}")));
                }
                // `name:` is a field; a bare word a node kind.
                if it.peek().is_some_and(|&(_, c)| c == ':') {
                    it.next();
                    out.push(Tok::Field(w));
                } else {
                    out.push(Tok::Word(w));
                }
            }
        }
    }
    Ok(out)
}

struct Compiler<'a> {
    toks: &'a [Tok],
    at: usize,
    lang: &'a Language,
    /// Every kind ID of each named kind (a grammar may give one name several IDs).
    kinds: std::collections::HashMap<String, Vec<u16>>,
    captures: Vec<String>,
}

impl Compiler<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at)
    }

    fn next(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.at).cloned();
        self.at += 1;
        t
    }

    fn capture(&mut self, name: &str) -> u32 {
        match self.captures.iter().position(|c| c == name) {
            Some(i) => i as u32,
            None => {
                self.captures.push(name.to_string());
                (self.captures.len() - 1) as u32
            }
        }
    }

    fn kind(&self, name: &str) -> Result<Vec<u16>, PatternError> {
        self.kinds
            .get(name)
            .cloned()
            .ok_or_else(|| PatternError(format!("unknown node kind `{name}`")))
    }

    fn field(&self, name: &str) -> Result<u16, PatternError> {
        self.lang
            .field_id_for_name(name)
            .map(|f| f.get())
            .ok_or_else(|| PatternError(format!("unknown field `{name}`")))
    }

    /// Captures and `?` after a node or alternative.
    fn suffix(&mut self, step: &mut Step) {
        loop {
            match self.peek() {
                Some(Tok::Question) => {
                    self.at += 1;
                    step.optional = true;
                }
                Some(Tok::Capture(c)) => {
                    let c = c.clone();
                    self.at += 1;
                    let i = self.capture(&c);
                    step.captures.push(i);
                }
                _ => return,
            }
        }
    }

    /// One step: `(kind …)`, `(_)` or `[(a) (b)]`, with what follows it. The opening token
    /// is next.
    fn step(&mut self, eq: &mut Vec<(u32, String, bool)>) -> Result<Step, PatternError> {
        let mut step = Step::default();
        match self.next() {
            Some(Tok::OpenAlt) => {
                loop {
                    match self.next() {
                        Some(Tok::CloseAlt) => break,
                        Some(Tok::Open) => match (self.next(), self.next()) {
                            (Some(Tok::Word(w)), Some(Tok::Close)) => {
                                let k = self.kind(&w)?;
                                step.kinds.extend(k);
                            }
                            _ => {
                                return Err(PatternError(
                                    "only plain `(kind)` nodes can be alternatives".into(),
                                ))
                            }
                        },
                        t => return Err(PatternError(format!("unexpected {t:?} in `[…]`"))),
                    }
                }
                if step.kinds.is_empty() {
                    return Err(PatternError("an empty `[]`".into()));
                }
            }
            Some(Tok::Open) => {
                match self.next() {
                    Some(Tok::Word(w)) if w == "_" => {}
                    Some(Tok::Word(w)) => step.kinds = self.kind(&w)?,
                    t => return Err(PatternError(format!("expected a node kind, found {t:?}"))),
                }
                let mut anchored = false;
                loop {
                    match self.peek().cloned() {
                        Some(Tok::Close) => {
                            self.at += 1;
                            break;
                        }
                        Some(Tok::Dot) => {
                            self.at += 1;
                            anchored = true;
                            if self.peek() == Some(&Tok::Close) {
                                match step.children.last_mut() {
                                    Some(c) => c.last = true,
                                    None => return Err(PatternError("a `.` with no child".into())),
                                }
                                anchored = false;
                            }
                        }
                        Some(Tok::Absent(f)) => {
                            self.at += 1;
                            let f = self.field(&f)?;
                            step.absent.push(f);
                        }
                        Some(Tok::Field(f)) => {
                            self.at += 1;
                            let f = self.field(&f)?;
                            let mut child = self.step(eq)?;
                            child.field = Some(f);
                            child.anchored = std::mem::take(&mut anchored);
                            step.children.push(child);
                        }
                        Some(Tok::Open)
                            if matches!(self.toks.get(self.at + 1), Some(Tok::Predicate(_))) =>
                        {
                            self.at += 1;
                            if let Some(Tok::Predicate(p)) = self.next() {
                                self.predicate(&p, eq)?;
                            }
                        }
                        Some(Tok::Open) | Some(Tok::OpenAlt) => {
                            let mut child = self.step(eq)?;
                            child.anchored = std::mem::take(&mut anchored);
                            step.children.push(child);
                        }
                        t => return Err(PatternError(format!("unexpected {t:?} inside a node"))),
                    }
                }
            }
            t => return Err(PatternError(format!("expected `(` or `[`, found {t:?}"))),
        }
        self.suffix(&mut step);
        Ok(step)
    }

    /// `#eq? @capture "text"` or `#not-eq? @capture "text"` (the opening `(#eq?` is read).
    fn predicate(
        &mut self,
        name: &str,
        eq: &mut Vec<(u32, String, bool)>,
    ) -> Result<(), PatternError> {
        let negated = match name {
            "eq?" => false,
            "not-eq?" => true,
            _ => {
                return Err(PatternError(format!(
                    "unsupported predicate #{name} (only #eq? and #not-eq? @capture \"text\")"
                )))
            }
        };
        match (self.next(), self.next(), self.next()) {
            (Some(Tok::Capture(c)), Some(Tok::Str(s)), Some(Tok::Close)) => {
                let i = self.capture(&c);
                eq.push((i, s, negated));
                Ok(())
            }
            _ => Err(PatternError(
                "#eq? and #not-eq? take a capture and a string: (#eq? @name \"text\")".into(),
            )),
        }
    }
}

impl Patterns {
    /// Compile `query` for `lang`. Capture indexes follow the order of first appearance,
    /// as tree-sitter's do.
    pub fn new(lang: &Language, query: &str) -> Result<Patterns, PatternError> {
        let toks = tokens(query)?;
        let mut kinds: std::collections::HashMap<String, Vec<u16>> = Default::default();
        for id in 0..lang.node_kind_count() as u16 {
            if lang.node_kind_is_named(id) {
                if let Some(name) = lang.node_kind_for_id(id) {
                    kinds.entry(name.to_string()).or_default().push(id);
                }
            }
        }
        let mut c = Compiler {
            toks: &toks,
            at: 0,
            lang,
            kinds,
            captures: Vec::new(),
        };
        let mut patterns = Vec::new();
        while c.peek().is_some() {
            // `(call … (#eq? …))`: a predicate sits inside its pattern's parentheses.
            let mut eq = Vec::new();
            let root = c.step(&mut eq)?;
            if root.kinds.is_empty() {
                return Err(PatternError("a pattern's root must name a kind".into()));
            }
            patterns.push(Pattern { root, eq });
        }
        let mut by_kind = vec![Vec::new(); lang.node_kind_count()];
        for (i, p) in patterns.iter().enumerate() {
            for &k in &p.root.kinds {
                by_kind[k as usize].push(i as u32);
            }
        }
        Ok(Patterns {
            patterns,
            by_kind,
            capture_names: c.captures,
        })
    }

    pub fn capture_names(&self) -> &[String] {
        &self.capture_names
    }

    /// Every match in the tree, in the order the walk meets each pattern's root (pre-order;
    /// patterns of one node in query order), each a list of captures, with the walk's path
    /// to the root (its ancestors, outermost first, then the root). Nodes whose kind is in `collect` (comments, say) are
    /// pushed to `collected` on the way, in source order.
    pub fn for_each_match<'t>(
        &self,
        tree: &'t Tree,
        src: &[u8],
        collect: &[u16],
        collected: &mut Vec<Node<'t>>,
        mut f: impl FnMut(u32, &[Capture<'t>], &[Node<'t>]),
    ) {
        let mut c = tree.walk();
        let mut found: Vec<Vec<Capture<'t>>> = Vec::new();
        let mut ancestors: Vec<Node<'t>> = Vec::new();
        let mut kids_cursor = tree.walk();
        let mut kids: Vec<Kid<'t>> = Vec::new();
        'walk: loop {
            let node = c.node();
            let kind = node.kind_id();
            if collect.contains(&kind) {
                collected.push(node);
            }
            if let Some(ps) = self.by_kind.get(usize::from(kind)) {
                let mut have_kids = false;
                for &p in ps {
                    let pat = &self.patterns[p as usize];
                    found.clear();
                    // The node's children are read once for all its patterns, with one cursor
                    // for the whole walk.
                    if !pat.root.children.is_empty() && !have_kids {
                        kids_of(node, &mut kids_cursor, &mut kids);
                        have_kids = true;
                    }
                    match_step(
                        &pat.root,
                        node,
                        ancestors.last().copied(),
                        Some(&kids),
                        &mut Vec::new(),
                        &mut found,
                    );
                    // Ways of matching that capture the same nodes are one match, as in
                    // tree-sitter (`name: (_)` over `a, b int` when the name is not captured).
                    let same = |a: &[Capture<'_>], b: &[Capture<'_>]| {
                        a.len() == b.len()
                            && a.iter()
                                .zip(b)
                                .all(|(x, y)| x.0 == y.0 && x.1.id() == y.1.id())
                    };
                    let mut k = 0;
                    while k < found.len() {
                        if found[..k].iter().any(|f| same(f, &found[k])) {
                            found.remove(k);
                        } else {
                            k += 1;
                        }
                    }
                    for m in &found {
                        let ok = pat.eq.iter().all(|(cap, text, negated)| {
                            m.iter().filter(|(i, ..)| i == cap).all(|(_, n, _)| {
                                (src.get(n.byte_range()) == Some(text.as_bytes())) != *negated
                            })
                        });
                        if ok {
                            ancestors.push(node);
                            f(p, m, &ancestors);
                            ancestors.pop();
                        }
                    }
                }
            }
            if c.goto_first_child() {
                ancestors.push(node);
                continue;
            }
            if c.goto_next_sibling() {
                continue;
            }
            loop {
                if !c.goto_parent() {
                    break 'walk;
                }
                ancestors.pop();
                if c.goto_next_sibling() {
                    break;
                }
            }
        }
    }
}

fn kind_ok(step: &Step, node: Node<'_>) -> bool {
    if step.kinds.is_empty() {
        node.is_named()
    } else {
        step.kinds.contains(&node.kind_id())
    }
}

/// A child and its field.
type Kid<'t> = (Node<'t>, Option<u16>);

/// `node`'s children with their fields, into `into`, read with `cursor`.
fn kids_of<'t>(node: Node<'t>, cursor: &mut TreeCursor<'t>, into: &mut Vec<Kid<'t>>) {
    into.clear();
    cursor.reset(node);
    if cursor.goto_first_child() {
        loop {
            into.push((cursor.node(), cursor.field_id().map(|f| f.get())));
            if !cursor.goto_next_sibling() {
                break;
            }
        }
    }
}

/// All the ways `node` (of a kind `step` accepts) matches `step`: each pushed to `out` as
/// `acc` plus its captures. `kids`: the node's children, when the caller has read them.
fn match_step<'t>(
    step: &Step,
    node: Node<'t>,
    parent: Option<Node<'t>>,
    kids: Option<&[Kid<'t>]>,
    acc: &mut Vec<Capture<'t>>,
    out: &mut Vec<Vec<Capture<'t>>>,
) {
    if !kind_ok(step, node) {
        return;
    }
    for f in &step.absent {
        if node.child_by_field_id(*f).is_some() {
            return;
        }
    }
    let mark = acc.len();
    acc.extend(step.captures.iter().map(|&i| (i, node, parent)));
    if step.children.is_empty() {
        out.push(acc.clone());
    } else {
        // The node's children with their fields, once.
        let read;
        let kids = match kids {
            Some(kids) => kids,
            None => {
                let mut v = Vec::new();
                kids_of(node, &mut node.walk(), &mut v);
                read = v;
                &read
            }
        };
        children(&step.children, node, kids, 0, None, acc, out);
    }
    acc.truncate(mark);
}

/// Match `steps` in order against `kids[from..]`; `prev` is the index of the child the
/// previous step took (for `.` between two steps).
fn children<'t>(
    steps: &[Step],
    node: Node<'t>,
    kids: &[Kid<'t>],
    from: usize,
    prev: Option<usize>,
    acc: &mut Vec<Capture<'t>>,
    out: &mut Vec<Vec<Capture<'t>>>,
) {
    let Some((step, rest)) = steps.split_first() else {
        out.push(acc.clone());
        return;
    };
    let before = out.len();
    for (i, &(kid, field)) in kids.iter().enumerate().skip(from) {
        if let Some(f) = step.field {
            if field != Some(f) {
                continue;
            }
        } else if !kid.is_named() {
            continue;
        }
        if step.anchored {
            // The first named child, or the named child right after the previous step's.
            let start = prev.map_or(0, |p| p + 1);
            if kids[start..i].iter().any(|(k, _)| k.is_named()) {
                break;
            }
        }
        if step.last && kids[i + 1..].iter().any(|(k, _)| k.is_named()) {
            continue;
        }
        let mut subs = Vec::new();
        match_step(step, kid, Some(node), None, &mut Vec::new(), &mut subs);
        for sub in subs {
            let mark = acc.len();
            acc.extend(sub);
            children(rest, node, kids, i + 1, Some(i), acc, out);
            acc.truncate(mark);
        }
    }
    if step.optional && out.len() == before {
        children(rest, node, kids, from, prev, acc, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;
    use streaming_iterator::StreamingIterator;

    /// Every match of `query` on `src`, by tree-sitter's cursor and by [`Patterns`], as
    /// sorted lists of (pattern, [(capture name, text)]).
    fn both(lang: Lang, query: &str, src: &str) -> (Vec<String>, Vec<String>) {
        let language = lang.ts_language();
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&language).expect("grammar");
        let tree = parser.parse(src, None).expect("parse");
        let text = |n: Node<'_>| src[n.byte_range()].to_string();
        let q = tree_sitter::Query::new(&language, query).expect("tree-sitter compiles it");
        let mut ts = Vec::new();
        let mut cur = tree_sitter::QueryCursor::new();
        let mut it = cur.matches(&q, tree.root_node(), src.as_bytes());
        while let Some(m) = it.next() {
            let caps: Vec<String> = m
                .captures
                .iter()
                .map(|c| format!("{}={}", q.capture_names()[c.index as usize], text(c.node)))
                .collect();
            ts.push(format!("{}:{}", m.pattern_index, caps.join(",")));
        }
        let p = Patterns::new(&language, query).expect("compiles");
        let mut ours = Vec::new();
        p.for_each_match(
            &tree,
            src.as_bytes(),
            &[],
            &mut Vec::new(),
            |i, caps, up| {
                // The path runs from the tree's root down to the pattern's root, which holds
                // every capture; each capture comes with its own parent.
                assert_eq!(up.first().copied(), Some(tree.root_node()));
                for w in up.windows(2) {
                    assert_eq!(w[1].parent(), Some(w[0]));
                }
                let root = up.last().copied().expect("a path");
                for (_, n, parent) in caps {
                    assert_eq!(*parent, n.parent(), "{}", text(*n));
                    assert!(root.start_byte() <= n.start_byte() && n.end_byte() <= root.end_byte());
                }
                let caps: Vec<String> = caps
                    .iter()
                    .map(|(c, n, _)| format!("{}={}", p.capture_names()[*c as usize], text(*n)))
                    .collect();
                ours.push(format!("{i}:{}", caps.join(",")));
            },
        );
        ts.sort();
        ours.sort();
        (ts, ours)
    }

    #[test]
    fn matches_agree_with_tree_sitter() {
        let cases: &[(Lang, &str, &str)] = &[
            (Lang::Go, "(field_declaration name: (_) type: (_) @t) @b", "package p\ntype T struct { a, b int; c string; D }\n"),
            (Lang::Go, "(field_declaration !name type: [(type_identifier) (qualified_type)] @e) @d", "package p\ntype T struct { a int; io.Reader; D }\n"),
            (Lang::Go, "(function_declaration name: (identifier) @n body: (block)? @b) @f", "package p\nfunc f() {}\nfunc g()\n"),
            (Lang::Go, "(interface_type (type_elem . [(type_identifier) (qualified_type)] @e .))", "package p\ntype I interface { io.Reader; A | B; C; M() }\n"),
            (Lang::Go, "(var_spec type: (_)? @t) @b", "package p\nvar a, b int\nvar c = 1\n"),
            (Lang::Python, "(parameters (identifier) @b)", "def f(a, b=1, *c, d: int, **e): pass\n"),
            (Lang::Python, "(assignment left: (pattern_list (identifier) @n)) @v", "a, b = 1, 2\n(c, d) = x\n"),
            (Lang::Python, "(class_definition superclasses: (argument_list [(identifier) (attribute)] @b))", "class A(B, m.C, metaclass=M): pass\n"),
            (Lang::Python, "(call function: (identifier) @_i arguments: (argument_list . (_) . [(identifier) (attribute)] @t) (#eq? @_i \"isinstance\"))", "isinstance(x, T)\nisinstance(x, (A, B))\nissubclass(x, T)\nisinstance(f(y), m.T)\n"),
            (Lang::Python, "(assignment type: (type)? @t) @b", "x: int = 1\ny = 2\nz: str\n"),
            (Lang::Python, "(call function: (identifier) @_f (#not-eq? @_f \"require\")) @c", "require(a)\nf(b)\nm.require(c)\n"),
        ];
        for (lang, query, src) in cases {
            let (ts, ours) = both(*lang, query, src);
            assert_eq!(ours, ts, "{query} on {src:?}");
        }
        // Where a field repeats (`const a, b = 1, 2`), tree-sitter's cursor stops at the
        // first name in some productions (it asks the grammar's tables whether the field can
        // come again); the patterns give each name. The extractor takes every name of such
        // a spec from its first match (`Syntax::names_per_match`), so both extract the same.
        let (ts, ours) = both(
            Lang::Go,
            "(const_spec name: (identifier) @n) @c",
            "package p\nconst a, b = 1, 2\n",
        );
        assert_eq!(ts, ["0:c=a, b = 1, 2,n=a"]);
        assert_eq!(ours, ["0:c=a, b = 1, 2,n=a", "0:c=a, b = 1, 2,n=b"]);
    }

    #[test]
    fn the_query_files_compile() {
        for lang in Lang::ALL {
            let spec = lang.spec();
            Patterns::new(&lang.ts_language(), spec.query).expect(spec.query_file);
            crate::extract::check_query(lang).expect(spec.query_file);
        }
    }

    #[test]
    fn what_is_not_understood_is_refused() {
        let go = Lang::Go.ts_language();
        for (query, says) in [
            ("(nosuchkind) @x", "unknown node kind `nosuchkind`"),
            (
                "(call_expression nosuchfield: (_))",
                "unknown field `nosuchfield`",
            ),
            ("(identifier) @x (#match? @x \"a\")", "expected a node kind"),
            (
                "(call_expression (#match? @x \"a\"))",
                "unsupported predicate #match?",
            ),
            (
                "[(identifier) (call_expression (identifier))]",
                "only plain `(kind)`",
            ),
            ("(identifier \"a)", "a string is not closed"),
        ] {
            let e = Patterns::new(&go, query).expect_err(query);
            assert!(e.0.contains(says), "{query}: {e}");
        }
    }
}
