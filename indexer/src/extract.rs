//! Extraction: `(bytes, language) -> FileExtract`. Pure: no file system, no SQLite.
//!
//! The query files in `queries/` say what is a definition, a call, an import or a base; this
//! module runs each file's captures in one pass and then decides, from how the captured nodes
//! nest, which definitions are symbols of the map (module-, class- and type-level ones; locals
//! are left out), their qualified names (with `~N` for repeated names in one scope), ranges,
//! signatures and first doc lines, and which symbol each reference sits in.

use crate::lang::Lang;
use crate::model::{EdgeKind, FileExtract, Import, Kind, Pos, RawRef, Span, Symbol};
use std::collections::HashMap;
use streaming_iterator::StreamingIterator;
use tree_sitter::{Node, Parser, Query, QueryCursor};

/// The longest signature kept; longer ones are cut with an ellipsis.
pub const MAX_SIGNATURE: usize = 240;
/// The longest doc line kept.
const MAX_DOC: usize = 200;

/// What kind of definition a query pattern captured, before scope rules decide its kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tag {
    PyClass,
    PyFunction,
    PyVariable,
    GoFunction,
    GoMethod,
    GoType,
    GoField,
    GoEmbedded,
    GoMethodSpec,
    GoConstant,
    GoVariable,
}

#[derive(Debug, thiserror::Error)]
pub enum QueryError {
    #[error("queries/{file}: {source}")]
    Compile {
        file: &'static str,
        source: tree_sitter::QueryError,
    },
    #[error("queries/{file}: unknown capture @{capture}; known captures: {known}")]
    UnknownCapture {
        file: &'static str,
        capture: String,
        known: String,
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
    def: HashMap<u32, Tag>,
    name: Option<u32>,
    body: Option<u32>,
    receiver: Option<u32>,
    ty: Option<u32>,
    call: Option<u32>,
    base: Option<u32>,
    import: Option<u32>,
    package: Option<u32>,
}

struct LangQuery {
    query: Query,
    caps: Captures,
}

/// The compiled queries of every language. Build once, share between threads.
pub struct Extractor {
    python: LangQuery,
    go: LangQuery,
}

impl Extractor {
    pub fn new() -> Result<Extractor, QueryError> {
        Ok(Extractor {
            python: compile(Lang::Python)?,
            go: compile(Lang::Go)?,
        })
    }

    fn query(&self, lang: Lang) -> &LangQuery {
        match lang {
            Lang::Python => &self.python,
            Lang::Go => &self.go,
        }
    }

    /// Parse and extract one file. Never fails: broken input yields what could be recovered and
    /// `parse_error: true`.
    pub fn extract(&self, worker: &mut Worker, lang: Lang, src: &[u8]) -> FileExtract {
        let src = src.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(src);
        if worker.parser.set_language(&lang.ts_language()).is_err() {
            // The grammar was checked in `Extractor::new`; this cannot happen, but a file is
            // never worth a panic.
            return FileExtract {
                parse_error: true,
                ..FileExtract::default()
            };
        }
        let Some(tree) = worker.parser.parse(src, None) else {
            return FileExtract {
                parse_error: true,
                ..FileExtract::default()
            };
        };
        let lq = self.query(lang);
        let mut raw = Raw::default();
        let mut matches = worker.cursor.matches(&lq.query, tree.root_node(), src);
        while let Some(m) = matches.next() {
            raw.take(&lq.caps, m);
        }
        let mut out = build(lang, src, raw);
        out.parse_error = tree.root_node().has_error();
        if out.doc.is_none() {
            out.doc = match lang {
                Lang::Python => python_docstring(tree.root_node(), src),
                Lang::Go => None,
            };
        }
        out
    }

    /// Convenience for tests and one-off callers: a fresh worker per call.
    pub fn extract_source(&self, lang: Lang, src: &[u8]) -> FileExtract {
        self.extract(&mut Worker::new(), lang, src)
    }
}

/// Per-thread parsing state (a parser and a query cursor); make one per rayon worker.
pub struct Worker {
    parser: Parser,
    cursor: QueryCursor,
}

impl Worker {
    pub fn new() -> Worker {
        Worker {
            parser: Parser::new(),
            cursor: QueryCursor::new(),
        }
    }
}

impl Default for Worker {
    fn default() -> Self {
        Worker::new()
    }
}

fn compile(lang: Lang) -> Result<LangQuery, QueryError> {
    let file = match lang {
        Lang::Python => "python.scm",
        Lang::Go => "go.scm",
    };
    // Fails loudly if the grammar's ABI does not fit the tree-sitter runtime.
    Parser::new()
        .set_language(&lang.ts_language())
        .map_err(|source| QueryError::Language {
            lang: lang.prefix(),
            source,
        })?;
    let query = Query::new(&lang.ts_language(), lang.query_source())
        .map_err(|source| QueryError::Compile { file, source })?;
    let defs: &[(&str, Tag)] = match lang {
        Lang::Python => &[
            ("definition.class", Tag::PyClass),
            ("definition.function", Tag::PyFunction),
            ("definition.variable", Tag::PyVariable),
        ],
        Lang::Go => &[
            ("definition.function", Tag::GoFunction),
            ("definition.method", Tag::GoMethod),
            ("definition.type", Tag::GoType),
            ("definition.field", Tag::GoField),
            ("definition.embedded", Tag::GoEmbedded),
            ("definition.method_spec", Tag::GoMethodSpec),
            ("definition.constant", Tag::GoConstant),
            ("definition.variable", Tag::GoVariable),
        ],
    };
    let others = [
        "name",
        "body",
        "receiver",
        "type",
        "reference.call",
        "reference.base",
        "reference.embed",
        "import",
        "package",
    ];
    let mut caps = Captures::default();
    for (i, name) in query.capture_names().iter().enumerate() {
        let i = i as u32;
        if let Some((_, tag)) = defs.iter().find(|(n, _)| n == name) {
            caps.def.insert(i, *tag);
            continue;
        }
        let slot = match *name {
            "name" => &mut caps.name,
            "body" => &mut caps.body,
            "receiver" => &mut caps.receiver,
            "type" => &mut caps.ty,
            "reference.call" => &mut caps.call,
            "reference.base" | "reference.embed" => &mut caps.base,
            "import" => &mut caps.import,
            "package" => &mut caps.package,
            other => {
                let known: Vec<&str> = defs.iter().map(|(n, _)| *n).chain(others).collect();
                return Err(QueryError::UnknownCapture {
                    file,
                    capture: other.to_string(),
                    known: known.join(", "),
                });
            }
        };
        *slot = Some(i);
    }
    Ok(LangQuery { query, caps })
}

/// A definition as captured, before scope rules.
struct Def<'t> {
    tag: Tag,
    node: Node<'t>,
    name: Node<'t>,
    body: Option<Node<'t>>,
    receiver: Option<Node<'t>>,
    ty: Option<Node<'t>>,
}

#[derive(Default)]
struct Raw<'t> {
    defs: Vec<Def<'t>>,
    calls: Vec<Node<'t>>,
    bases: Vec<Node<'t>>,
    imports: Vec<Node<'t>>,
    package: Option<Node<'t>>,
    /// Specs whose names were already expanded (a spec can match once per name).
    expanded: std::collections::HashSet<usize>,
}

impl<'t> Raw<'t> {
    fn take(&mut self, caps: &Captures, m: &tree_sitter::QueryMatch<'_, 't>) {
        let mut def: Option<(Tag, Node<'t>)> = None;
        let (mut name, mut body, mut receiver, mut ty) = (None, None, None, None);
        let mut base = None;
        for c in m.captures {
            let i = Some(c.index);
            if let Some(tag) = caps.def.get(&c.index) {
                def = Some((*tag, c.node));
            } else if i == caps.name {
                name = Some(c.node);
            } else if i == caps.body {
                body = Some(c.node);
            } else if i == caps.receiver {
                receiver = Some(c.node);
            } else if i == caps.ty {
                ty = Some(c.node);
            } else if i == caps.call {
                self.calls.push(c.node);
            } else if i == caps.base {
                base = Some(c.node);
            } else if i == caps.import {
                self.imports.push(c.node);
            } else if i == caps.package {
                self.package = Some(c.node);
            }
        }
        if let Some(b) = base {
            self.bases.push(b);
        }
        if let Some((tag, node)) = def {
            // An embedded field is named after its type.
            let name = match tag {
                Tag::GoEmbedded => base.and_then(type_name_node),
                _ => name,
            };
            if matches!(tag, Tag::GoConstant | Tag::GoVariable) {
                if !self.expanded.insert(node.id()) {
                    return;
                }
                // `const a, b = 1, 2`: tree-sitter reports one match for the spec.
                let mut c = node.walk();
                for n in node.children_by_field_name("name", &mut c) {
                    if n.kind() == "identifier" {
                        self.defs.push(Def {
                            tag,
                            node,
                            name: n,
                            body,
                            receiver,
                            ty,
                        });
                    }
                }
            } else if let Some(name) = name {
                self.defs.push(Def {
                    tag,
                    node,
                    name,
                    body,
                    receiver,
                    ty,
                });
            }
        }
    }
}

/// Scope rules: given what a pattern captured and the kind of the innermost enclosing scope
/// symbol, the kind of the symbol, or `None` when it is local and left out of the map.
fn place(
    tag: Tag,
    enclosing: Option<Kind>,
    type_node_kind: Option<&str>,
    name: &str,
) -> Option<Kind> {
    use Kind::*;
    match tag {
        Tag::PyClass => Some(Class),
        Tag::PyFunction => Some(if enclosing == Some(Class) {
            Method
        } else {
            Function
        }),
        Tag::PyVariable => match enclosing {
            None if is_constant_name(name) => Some(Constant),
            None => Some(Variable),
            Some(Class) => Some(Field),
            Some(_) => None,
        },
        Tag::GoFunction => enclosing.is_none().then_some(Function),
        Tag::GoMethod => enclosing.is_none().then_some(Method),
        Tag::GoType => enclosing.is_none().then_some(match type_node_kind {
            Some("struct_type") => Struct,
            Some("interface_type") => Interface,
            _ => Type,
        }),
        Tag::GoField | Tag::GoEmbedded => {
            matches!(enclosing, Some(Struct | Type | Field)).then_some(Field)
        }
        Tag::GoMethodSpec => matches!(enclosing, Some(Interface | Type | Field)).then_some(Method),
        Tag::GoConstant => enclosing.is_none().then_some(Constant),
        Tag::GoVariable => enclosing.is_none().then_some(Variable),
    }
}

/// Python convention: a module-level name in upper case is a constant.
fn is_constant_name(name: &str) -> bool {
    name.chars().any(|c| c.is_alphabetic())
        && name
            .chars()
            .all(|c| c == '_' || c.is_ascii_digit() || (c.is_alphabetic() && !c.is_lowercase()))
}

/// Kinds that open a scope for qualified names.
fn is_scope(lang: Lang, kind: Kind) -> bool {
    match lang {
        Lang::Python => matches!(kind, Kind::Class | Kind::Function | Kind::Method),
        Lang::Go => true,
    }
}

struct Open {
    start: usize,
    end: usize,
    sym: usize,
}

fn build(lang: Lang, src: &[u8], mut raw: Raw<'_>) -> FileExtract {
    let mut out = FileExtract::default();
    raw.defs
        .sort_by_key(|d| (d.node.start_byte(), std::cmp::Reverse(d.node.end_byte())));
    let mut refs: Vec<(EdgeKind, Node<'_>)> = raw
        .calls
        .iter()
        .map(|n| (EdgeKind::Calls, *n))
        .chain(raw.bases.iter().map(|n| (EdgeKind::Extends, *n)))
        .collect();
    refs.sort_by_key(|(_, n)| n.start_byte());

    let mut counts: HashMap<(Option<usize>, String), u32> = HashMap::new();
    // Python variables: the first assignment of a name in a scope is its definition.
    let mut py_seen: HashMap<(Option<usize>, String), ()> = HashMap::new();
    let mut receivers: HashMap<usize, (String, String)> = HashMap::new(); // sym -> (var, type)
    let mut stack: Vec<Open> = Vec::new();
    let mut ri = 0;

    for def in &raw.defs {
        let (start, end) = (def.node.start_byte(), def.node.end_byte());
        // References that start before this definition belong to what is open now.
        while ri < refs.len() && refs[ri].1.start_byte() < start {
            let (kind, node) = refs[ri];
            push_ref(lang, src, &mut out, &mut stack, &receivers, kind, node);
            ri += 1;
        }
        // Entries that end before this definition does cannot contain it.
        while stack.last().is_some_and(|o| o.end < end) {
            stack.pop();
        }
        // The innermost enclosing scope, skipping entries on the very same node (several
        // names in one spec: `var a, b int`).
        let scope = stack
            .iter()
            .rev()
            .filter(|o| !(o.start == start && o.end == end))
            .map(|o| o.sym)
            .find(|&s| is_scope(lang, out.symbols[s].kind));
        let enclosing = scope.map(|s| out.symbols[s].kind);
        let name = text(src, def.name);
        // Error recovery can hand us a missing (zero-width) or mangled name: no symbol, no ID.
        if !crate::id::is_identifier(&name) {
            continue;
        }
        let Some(kind) = place(def.tag, enclosing, def.ty.map(|t| t.kind()), &name) else {
            continue;
        };
        let (parent_qual, parent, receiver) = if def.tag == Tag::GoMethod {
            let recv = def.receiver.and_then(|r| receiver_info(src, r));
            let ty = recv.as_ref().map(|(_, t)| t.clone());
            (ty.clone(), None, recv)
        } else {
            (scope.map(|s| out.symbols[s].qualname.clone()), scope, None)
        };
        // Python: re-binding a name already defined in the scope is not a new definition.
        if def.tag == Tag::PyVariable && py_seen.insert((scope, name.clone()), ()).is_some() {
            continue;
        }
        let key = (
            if def.tag == Tag::GoMethod {
                None
            } else {
                scope
            },
            match &parent_qual {
                Some(p) if def.tag == Tag::GoMethod => format!("{p}.{name}"),
                _ => name.clone(),
            },
        );
        let n = counts.entry(key).or_insert(0);
        *n += 1;
        let segment = if *n > 1 {
            format!("{name}~{n}")
        } else {
            name.clone()
        };
        if lang == Lang::Python && def.tag != Tag::PyVariable {
            py_seen.insert((scope, name.clone()), ());
        }
        let qualname = match &parent_qual {
            Some(p) => format!("{p}.{segment}"),
            None => segment,
        };
        let span_node = full_node(def);
        let sym = Symbol {
            name,
            qualname,
            kind,
            span: span_of(src, span_node),
            name_span: span_of(src, def.name),
            signature: signature(lang, src, def, kind),
            doc: doc(lang, src, def, span_node),
            parent,
            params: params(def),
            receiver: receiver.as_ref().map(|(_, t)| t.clone()),
        };
        let idx = out.symbols.len();
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
        push_ref(lang, src, &mut out, &mut stack, &receivers, kind, node);
        ri += 1;
    }

    // Go methods hang under their receiver type when it is declared in the same file.
    if lang == Lang::Go {
        let top: HashMap<String, usize> = out
            .symbols
            .iter()
            .enumerate()
            .filter(|(_, s)| s.parent.is_none() && s.kind.is_type_like())
            .map(|(i, s)| (s.qualname.clone(), i))
            .collect();
        for s in out.symbols.iter_mut() {
            if let Some(r) = &s.receiver {
                s.parent = top.get(r).copied();
            }
        }
    }

    for node in raw.imports {
        parse_import(lang, src, node, &mut out.imports);
    }
    if let Some(p) = raw.package {
        out.package = Some(text(src, p));
        out.doc = p.parent().and_then(|clause| go_doc(src, clause));
    }
    out
}

fn push_ref<'t>(
    lang: Lang,
    src: &[u8],
    out: &mut FileExtract,
    stack: &mut Vec<Open>,
    receivers: &HashMap<usize, (String, String)>,
    kind: EdgeKind,
    node: Node<'t>,
) {
    let at = node.start_byte();
    while stack.last().is_some_and(|o| o.end <= at) {
        stack.pop();
    }
    let source = if kind == EdgeKind::Extends {
        // A base class or embedded type belongs to the nearest enclosing type.
        stack
            .iter()
            .rev()
            .map(|o| o.sym)
            .find(|&s| out.symbols[s].kind.is_type_like())
    } else {
        stack.last().map(|o| o.sym)
    };
    let (target, leaf_node) = dotted(src, node);
    if target.is_empty() {
        return;
    }
    let first = target.split('.').next().unwrap_or("");
    let hint = match lang {
        Lang::Python if first == "self" || first == "cls" => {
            let mut cur = source;
            let mut class = None;
            while let Some(s) = cur {
                if out.symbols[s].kind == Kind::Class {
                    class = Some(out.symbols[s].qualname.clone());
                    break;
                }
                cur = out.symbols[s].parent;
            }
            class
        }
        Lang::Go => {
            let mut cur = source;
            let mut found = None;
            while let Some(s) = cur {
                if let Some((var, ty)) = receivers.get(&s) {
                    if var == first {
                        found = Some(ty.clone());
                    }
                    break;
                }
                cur = out.symbols[s].parent;
            }
            found
        }
        _ => None,
    };
    out.refs.push(RawRef {
        kind,
        source: source.map(|s| s as u32),
        target: target.into_boxed_str(),
        hint: hint.map(String::into_boxed_str),
        pos: pos_of(src, leaf_node),
    });
}

/// `a.b.c` for a chain of attributes/selectors over an identifier; `?.c` when the chain starts
/// at an expression. Also returns the node of the last name (where the edge is recorded).
fn dotted<'t>(src: &[u8], node: Node<'t>) -> (String, Node<'t>) {
    let mut parts: Vec<String> = Vec::new();
    let mut cur = node;
    let mut leaf = node;
    let mut first = true;
    loop {
        match cur.kind() {
            "identifier" | "type_identifier" | "package_identifier" | "field_identifier" => {
                parts.push(text(src, cur));
                break;
            }
            "attribute" | "selector_expression" => {
                let (obj, attr) = match cur.kind() {
                    "attribute" => (
                        cur.child_by_field_name("object"),
                        cur.child_by_field_name("attribute"),
                    ),
                    _ => (
                        cur.child_by_field_name("operand"),
                        cur.child_by_field_name("field"),
                    ),
                };
                let Some(attr) = attr else { break };
                if first {
                    leaf = attr;
                }
                parts.push(text(src, attr));
                match obj {
                    Some(o) => cur = o,
                    None => break,
                }
            }
            "qualified_type" => {
                if let Some(n) = cur.child_by_field_name("name") {
                    if first {
                        leaf = n;
                    }
                    parts.push(text(src, n));
                }
                if let Some(p) = cur.child_by_field_name("package") {
                    parts.push(text(src, p));
                }
                break;
            }
            "pointer_type" | "generic_type" => {
                let inner = if cur.kind() == "generic_type" {
                    cur.child_by_field_name("type")
                } else {
                    cur.named_child(0)
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

/// The node that names an embedded type: `T` in `*pkg.T[K]`.
fn type_name_node(node: Node<'_>) -> Option<Node<'_>> {
    let mut cur = node;
    loop {
        match cur.kind() {
            "type_identifier" => return Some(cur),
            "qualified_type" => return cur.child_by_field_name("name"),
            "generic_type" => cur = cur.child_by_field_name("type")?,
            "pointer_type" => cur = cur.named_child(0)?,
            _ => return None,
        }
    }
}

/// A Go receiver list: (variable name, base type name). `(s *Server)` gives `("s", "Server")`.
fn receiver_info(src: &[u8], list: Node<'_>) -> Option<(String, String)> {
    let mut c = list.walk();
    let param = list
        .named_children(&mut c)
        .find(|n| n.kind() == "parameter_declaration")?;
    let var = param
        .child_by_field_name("name")
        .map(|n| text(src, n))
        .unwrap_or_default();
    let ty = type_name_node(param.child_by_field_name("type")?)?;
    Some((var, text(src, ty)))
}

/// The node whose range is the symbol's full range.
fn full_node<'t>(def: &Def<'t>) -> Node<'t> {
    let node = def.node;
    match def.tag {
        Tag::PyClass | Tag::PyFunction => match node.parent() {
            Some(p) if p.kind() == "decorated_definition" => p,
            _ => node,
        },
        Tag::GoType | Tag::GoConstant | Tag::GoVariable => match node.parent() {
            // `type T struct{}` alone: the declaration, so the range includes the keyword.
            Some(p)
                if matches!(
                    p.kind(),
                    "type_declaration" | "const_declaration" | "var_declaration"
                ) && p.named_child_count() == 1 =>
            {
                p
            }
            _ => node,
        },
        _ => node,
    }
}

fn params(def: &Def<'_>) -> Option<u32> {
    let list = match def.tag {
        Tag::GoFunction | Tag::GoMethod | Tag::GoMethodSpec | Tag::PyFunction => {
            def.node.child_by_field_name("parameters")?
        }
        _ => return None,
    };
    let mut c = list.walk();
    let mut n = 0;
    for p in list.named_children(&mut c) {
        match p.kind() {
            "parameter_declaration" => {
                let mut c2 = p.walk();
                let names = p.children_by_field_name("name", &mut c2).count() as u32;
                n += names.max(1);
            }
            "variadic_parameter_declaration" => n += 1,
            "comment" => {}
            // Python parameters of every shape; `*` and `/` separators are not parameters.
            "keyword_separator" | "positional_separator" => {}
            _ => n += 1,
        }
    }
    Some(n)
}

fn signature(lang: Lang, src: &[u8], def: &Def<'_>, kind: Kind) -> Option<String> {
    let node = def.node;
    let raw = match def.tag {
        Tag::PyClass | Tag::PyFunction | Tag::GoFunction | Tag::GoMethod => {
            let end = def.body.map_or(node.end_byte(), |b| b.start_byte());
            let s = lossy(&src[node.start_byte()..end]);
            let s = s.trim_end();
            let s = if lang == Lang::Python {
                s.strip_suffix(':').unwrap_or(s)
            } else {
                s
            };
            s.to_string()
        }
        Tag::GoType => {
            let ty = def.ty?;
            let head = lossy(&src[node.start_byte()..ty.start_byte()]);
            let head = head.trim_end();
            match kind {
                Kind::Struct => format!("type {head} struct"),
                Kind::Interface => format!("type {head} interface"),
                _ => format!("type {head} {}", text(src, ty)),
            }
        }
        Tag::GoConstant => format!("const {}", first_line(&text(src, node))),
        Tag::GoVariable => format!("var {}", first_line(&text(src, node))),
        Tag::GoField | Tag::GoEmbedded | Tag::GoMethodSpec => {
            // Without the struct tag.
            let end = node
                .child_by_field_name("tag")
                .map_or(node.end_byte(), |t| t.start_byte());
            let line = first_line(&lossy(&src[node.start_byte()..end]));
            line.trim_end_matches('{').trim_end().to_string()
        }
        Tag::PyVariable => first_line(&text(src, node)),
    };
    let collapsed = collapse_ws(&raw);
    (!collapsed.is_empty()).then(|| truncate(collapsed, MAX_SIGNATURE))
}

fn doc(lang: Lang, src: &[u8], def: &Def<'_>, span_node: Node<'_>) -> Option<String> {
    match lang {
        Lang::Python => match def.tag {
            Tag::PyClass | Tag::PyFunction => def.body.and_then(|b| python_docstring(b, src)),
            _ => None,
        },
        Lang::Go => go_doc(src, span_node).or_else(|| trailing_comment(src, span_node)),
    }
}

/// The first line of the string that opens a block or module, if it opens with one.
fn python_docstring(block: Node<'_>, src: &[u8]) -> Option<String> {
    let mut c = block.walk();
    let first = block
        .named_children(&mut c)
        .find(|n| n.kind() != "comment")?;
    if first.kind() != "expression_statement" {
        return None;
    }
    let s = first.named_child(0)?;
    if s.kind() != "string" {
        return None;
    }
    let mut c2 = s.walk();
    let content: String = s
        .named_children(&mut c2)
        .filter(|n| n.kind() == "string_content")
        .map(|n| text(src, n))
        .collect();
    content
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .map(|l| truncate(l.to_string(), MAX_DOC))
}

/// The first line of the comment block right above a Go declaration (no blank line between).
fn go_doc(src: &[u8], node: Node<'_>) -> Option<String> {
    let mut next_row = node.start_position().row;
    let mut top = None;
    let mut cur = node.prev_sibling();
    // A spec inside `type ( ... )` has its comment inside the group; the first spec of a
    // one-spec declaration has it before the declaration.
    if cur.is_none() || cur.is_some_and(|p| p.kind() == "(") {
        if let Some(parent) = node.parent() {
            if matches!(
                parent.kind(),
                "type_declaration" | "const_declaration" | "var_declaration"
            ) && parent.named_child_count() == 1
            {
                cur = parent.prev_sibling();
            }
        }
    }
    while let Some(c) = cur {
        if c.kind() != "comment" || c.end_position().row + 1 != next_row {
            break;
        }
        // A comment that trails code on its line belongs to that code.
        if c.prev_sibling()
            .is_some_and(|p| p.end_position().row == c.start_position().row)
        {
            break;
        }
        next_row = c.start_position().row;
        top = Some(c);
        cur = c.prev_sibling();
    }
    comment_first_line(src, top?)
}

/// `Addr string // TCP address`: a comment on the same line right after the declaration.
fn trailing_comment(src: &[u8], node: Node<'_>) -> Option<String> {
    let next = node.next_sibling()?;
    (next.kind() == "comment" && next.start_position().row == node.end_position().row)
        .then(|| comment_first_line(src, next))
        .flatten()
}

fn comment_first_line(src: &[u8], node: Node<'_>) -> Option<String> {
    let t = text(src, node);
    let body = if let Some(b) = t.strip_prefix("//") {
        b.to_string()
    } else {
        t.trim_start_matches("/*")
            .trim_end_matches("*/")
            .to_string()
    };
    body.lines()
        .map(|l| l.trim().trim_start_matches('*').trim())
        .find(|l| !l.is_empty())
        .map(|l| truncate(l.to_string(), MAX_DOC))
}

fn parse_import(lang: Lang, src: &[u8], node: Node<'_>, out: &mut Vec<Import>) {
    let pos = pos_of(src, node);
    match lang {
        Lang::Python => {
            let mut c = node.walk();
            if node.kind() == "import_statement" {
                for n in node.children_by_field_name("name", &mut c) {
                    let (module, alias) = name_and_alias(src, n);
                    out.push(Import {
                        module,
                        member: None,
                        alias,
                        pos,
                    });
                }
                return;
            }
            let Some(m) = node.child_by_field_name("module_name") else {
                return;
            };
            let module: String = text(src, m)
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect();
            let mut any = false;
            for n in node.children_by_field_name("name", &mut c) {
                let (member, alias) = name_and_alias(src, n);
                out.push(Import {
                    module: module.clone(),
                    member: Some(member),
                    alias,
                    pos,
                });
                any = true;
            }
            if !any {
                // `from m import *`
                out.push(Import {
                    module,
                    member: Some("*".into()),
                    alias: None,
                    pos,
                });
            }
        }
        Lang::Go => {
            let Some(p) = node.child_by_field_name("path") else {
                return;
            };
            let path = text(src, p)
                .trim_matches(|c| c == '"' || c == '`')
                .to_string();
            if path.is_empty() {
                return;
            }
            out.push(Import {
                module: path,
                member: None,
                alias: node.child_by_field_name("name").map(|n| text(src, n)),
                pos,
            });
        }
    }
}

fn name_and_alias(src: &[u8], n: Node<'_>) -> (String, Option<String>) {
    if n.kind() == "aliased_import" {
        let name = n
            .child_by_field_name("name")
            .map(|x| text(src, x))
            .unwrap_or_default();
        let alias = n.child_by_field_name("alias").map(|x| text(src, x));
        (name, alias)
    } else {
        (text(src, n), None)
    }
}

fn text(src: &[u8], node: Node<'_>) -> String {
    lossy(&src[node.byte_range()])
}

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn first_line(s: &str) -> String {
    s.lines().next().unwrap_or("").trim_end().to_string()
}

fn collapse_ws(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
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
    // `f( a` from a line break after an opening bracket reads better as `f(a`.
    out.replace("( ", "(")
        .replace(" )", ")")
        .replace("[ ", "[")
        .replace(" ]", "]")
}

/// A signature as the map keeps it: at most [`MAX_SIGNATURE`] characters. Servers' outlines and
/// hovers go through it too (a server's `detail` can be megabytes).
pub fn clip_signature(s: &str) -> String {
    clip(s, MAX_SIGNATURE)
}

/// At most `max` characters: longer text is cut to `max - 1` and an ellipsis.
fn clip(s: &str, max: usize) -> String {
    match s.char_indices().nth(max.saturating_sub(1)) {
        Some((end, _)) if s[end..].chars().nth(1).is_some() => format!("{}…", &s[..end]),
        _ => s.to_string(),
    }
}

fn truncate(s: String, max: usize) -> String {
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

fn pos_of(src: &[u8], node: Node<'_>) -> Pos {
    let p = node.start_position();
    pos_at(src, node.start_byte(), p.row, p.column)
}

fn span_of(src: &[u8], node: Node<'_>) -> Span {
    let s = node.start_position();
    let e = node.end_position();
    Span {
        start: pos_at(src, node.start_byte(), s.row, s.column),
        end: pos_at(src, node.end_byte(), e.row, e.column),
    }
}

#[cfg(test)]
mod tests;
