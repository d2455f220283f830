//! Go: `.go` files, `query.scm`, gopls, and the rules where Go differs: only package-level
//! declarations are symbols, methods hang under their receiver's base type, struct fields
//! and interface methods under their type, one `const`/`var` spec may define several names,
//! doc comments are the comment block above a declaration, every directory is a package node
//! and `implements` comes from method sets.

mod deps;
mod unused;
use super::spec::{
    Def, DefTag, GeneratedRules, Language, PackageName, ProjectFile, ProjectSpec, Query, ScipSpec,
    ServerSpec, Syntax, TextRules,
};
use crate::model::{Import, Kind};
use crate::syntax::{
    comment_first_line, count_params, doc_comment_in, first_line, head_text, lossy, text,
    trailing_comment_in, NodeExt,
};
use tree_sitter::Node;

pub static GO: Language = Language {
    manifests: &["go.mod", "go.work"],
    projects: &[
        ProjectSpec {
            file: "go.mod",
            kind: "go",
            read: |t| ProjectFile {
                name: module_path(t),
                members: Vec::new(),
            },
        },
        ProjectSpec {
            file: "go.work",
            kind: "go",
            read: |t| ProjectFile {
                name: None,
                members: work_uses(t),
            },
        },
    ],
    builtins: BUILTINS,
    text: TextRules {
        member_values: true,
        ..TextRules::BRACES
    },
    block_scopes: &[
        "block",
        "if_statement",
        "for_statement",
        "expression_switch_statement",
        "type_switch_statement",
        "select_statement",
        "func_literal",
        "type_case",
        "expression_case",
        "communication_case",
        "default_case",
    ],
    package_nodes: true,
    variants_apart: Some(
        "another file of the package (another build configuration: a build tag, `//go:build`)",
    ),
    implements_by_method_set: true,
    method_results: Some(result_count),
    is_test_file: |name| name.ends_with("_test.go"),
    server: ServerSpec {
        types_every_receiver: true,
        // Offline: module mode without the network.
        env: &[("GOPROXY", "off"), ("GOFLAGS", "-mod=mod")],
        // In workspace mode (`go.work`) the go command refuses `-mod=mod`.
        env_when: &[
            ("vendor/modules.txt", "GOFLAGS", "-mod=vendor"),
            ("go.work", "GOFLAGS", "-mod=readonly"),
        ],
        class_kind: Kind::Type,
        enum_member_kind: Kind::Type,
        namespace_kind: None,
        functions_in_class_are_methods: false,
        receiver_in_method_names: true,
        outline_kinds_from_parse: false,
        // Measured: a version's type errors are published within 50 ms, its analyzers'
        // findings (`reflect.DeepEqual` of errors) in a second list 1.05 s later.
        diagnostics_settle_ms: 1500,
        unseen: Some(ignored_by_go),
        ..ServerSpec::new(
            &[&["gopls"]],
            "install gopls: go install golang.org/x/tools/gopls@v0.23.0 (and put $(go env GOPATH)/bin on PATH)",
            "go",
        )
    },
    // `vendor/` stays in: imports resolve into it (Go's standard library vendors
    // golang.org/x), and left out they would name packages with no symbols.
    generated: GeneratedRules::NONE,
    kept: unused::kept,
    deps: Some(super::spec::DepsSpec {
        ecosystem: "go",
        find: deps::find,
        declared: Some(deps::declared),
    }),
    ..Language::new(
        "Go",
        "go",
        &["go"],
        || tree_sitter_go::LANGUAGE.into(),
        Query {
            file: "lang/go/query.scm",
            text: include_str!("query.scm"),
        },
        &GoSyntax,
        ScipSpec {
        language: "Go",
        manager: "gomod",
        files_are_modules: false,
        manifests: &[("go.mod", go_mod_module)],
    },
    )
};

/// The module path in a go.mod file's `module` line (quoted or not, a trailing comment cut).
pub(crate) fn module_path(go_mod: &str) -> Option<String> {
    go_mod.lines().find_map(|l| {
        let rest = l.trim().strip_prefix("module")?;
        if !rest.starts_with(char::is_whitespace) {
            return None;
        }
        let path = rest.split("//").next()?.trim().trim_matches('"');
        (!path.is_empty()).then(|| path.to_string())
    })
}

/// The directories a go.work file's `use` lines and `use ( … )` block name.
pub(crate) fn work_uses(go_work: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut block = false;
    for l in go_work.lines() {
        let l = l.split("//").next().unwrap_or("").trim();
        let dir = if block {
            if l.starts_with(')') {
                block = false;
                continue;
            }
            l
        } else if let Some(rest) = l.strip_prefix("use") {
            let rest = rest.trim();
            if rest.starts_with('(') {
                block = true;
                rest.trim_start_matches('(').trim()
            } else if l.len() > 3 && l[3..].starts_with(char::is_whitespace) {
                rest
            } else {
                continue;
            }
        } else {
            continue;
        };
        let dir = dir.trim_matches('"');
        if !dir.is_empty() {
            out.push(dir.to_string());
        }
    }
    out
}

/// go.mod's module, as a SCIP package (a go.mod has no version of its own).
fn go_mod_module(text: &str) -> Option<PackageName> {
    module_path(text).map(|name| PackageName {
        name,
        version: None,
    })
}

struct GoSyntax;

impl Syntax for GoSyntax {
    fn place(
        &self,
        tag: DefTag,
        enclosing: Option<Kind>,
        type_node: Option<&str>,
        _name: &str,
    ) -> Option<Kind> {
        use Kind::*;
        let top = enclosing.is_none();
        match tag {
            DefTag::Function => top.then_some(Function),
            DefTag::Method => top.then_some(Method),
            DefTag::Type => top.then_some(match type_node {
                Some("struct_type") => Struct,
                Some("interface_type") => Interface,
                _ => Type,
            }),
            DefTag::Field | DefTag::Embedded => {
                matches!(enclosing, Some(Struct | Type | Field)).then_some(Field)
            }
            DefTag::MethodSpec => {
                matches!(enclosing, Some(Interface | Type | Field)).then_some(Method)
            }
            DefTag::Constant => top.then_some(Constant),
            DefTag::Variable => top.then_some(Variable),
            DefTag::Class | DefTag::Module => None,
        }
    }

    fn is_scope(&self, _kind: Kind) -> bool {
        true
    }

    fn names_per_match(&self, tag: DefTag) -> bool {
        matches!(tag, DefTag::Constant | DefTag::Variable)
    }

    fn embedded_name<'t>(&self, base: Node<'t>) -> Option<Node<'t>> {
        type_name_node(base)
    }

    fn receiver(&self, src: &[u8], list: Node<'_>) -> Option<(String, String)> {
        let mut c = list.walk();
        let param = list
            .named_children(&mut c)
            .find(|n| n.kind_name() == "parameter_declaration")?;
        let var = param
            .field("name")
            .map(|n| text(src, n))
            .unwrap_or_default();
        let ty = type_name_node(param.field("type")?)?;
        Some((var, text(src, ty)))
    }

    fn full_node<'t>(&self, def: &Def<'t>) -> Node<'t> {
        let node = def.node;
        match (def.tag, def.parent) {
            // `type T struct{}` alone: the declaration, so the range includes the keyword.
            (DefTag::Type | DefTag::Constant | DefTag::Variable, Some(p))
                if is_declaration(p.kind_name()) && p.named_child_count() == 1 =>
            {
                p
            }
            _ => node,
        }
    }

    fn params(&self, def: &Def<'_>) -> Option<u32> {
        match def.tag {
            DefTag::Function | DefTag::Method | DefTag::MethodSpec => {
                Some(count_params(def.node.field("parameters")?))
            }
            _ => None,
        }
    }

    fn signature(&self, src: &[u8], def: &Def<'_>, kind: Kind) -> Option<String> {
        let node = def.node;
        Some(match def.tag {
            DefTag::Function | DefTag::Method => head_text(src, node, def.body),
            DefTag::Type => {
                let ty = def.ty?;
                let head = lossy(&src[node.start_byte()..ty.start_byte()]);
                let head = head.trim_end();
                match kind {
                    Kind::Struct => format!("type {head} struct"),
                    Kind::Interface => format!("type {head} interface"),
                    _ => format!("type {head} {}", text(src, ty)),
                }
            }
            DefTag::Constant => format!("const {}", first_line(&text(src, node))),
            DefTag::Variable => format!("var {}", first_line(&text(src, node))),
            DefTag::Field | DefTag::Embedded | DefTag::MethodSpec => {
                // Without the struct tag.
                let end = node
                    .field("tag")
                    .map_or(node.end_byte(), |t| t.start_byte());
                let line = first_line(&lossy(&src[node.start_byte()..end]));
                line.trim_end_matches('{').trim_end().to_string()
            }
            DefTag::Class | DefTag::Module => return None,
        })
    }

    fn doc(
        &self,
        src: &[u8],
        _def: &Def<'_>,
        span_node: Node<'_>,
        comments: Option<&[Node<'_>]>,
    ) -> Option<String> {
        match comments {
            Some(cs) => doc_comment_in(src, span_node, cs)
                .or_else(|| trailing_comment_in(src, span_node, cs)),
            None => doc_comment(src, span_node).or_else(|| trailing_comment(src, span_node)),
        }
    }

    fn build_constraint(
        &self,
        src: &[u8],
        package: Option<Node<'_>>,
        comments: Option<&[Node<'_>]>,
    ) -> Option<String> {
        // A `//go:build` line counts only before the package clause.
        let clause = package?.parent()?;
        let before: Vec<Node<'_>> = match comments {
            Some(cs) => cs
                .iter()
                .copied()
                .take_while(|c| c.end_byte() <= clause.start_byte())
                .collect(),
            None => {
                let root = clause.parent()?;
                let mut cur = root.walk();
                root.children(&mut cur)
                    .take_while(|c| c.end_byte() <= clause.start_byte())
                    .filter(|c| c.kind_name() == "comment")
                    .collect()
            }
        };
        before.iter().find_map(|c| {
            let t = std::str::from_utf8(&src[c.byte_range()]).ok()?;
            let expr = t.strip_prefix("//go:build")?;
            (expr.starts_with([' ', '\t']) && !expr.trim().is_empty())
                .then(|| expr.trim().to_string())
        })
    }

    fn module_doc(
        &self,
        src: &[u8],
        _root: Node<'_>,
        package: Option<Node<'_>>,
        comments: Option<&[Node<'_>]>,
    ) -> Option<String> {
        // The package clause is among the first nodes: its parent is cheap to ask.
        let clause = package?.parent()?;
        match comments {
            Some(cs) => doc_comment_in(src, clause, cs),
            None => doc_comment(src, clause),
        }
    }

    fn imports(&self, src: &[u8], node: Node<'_>, out: &mut Vec<Import>) {
        let Some(p) = node.field("path") else {
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
            alias: node.field("name").map(|n| text(src, n)),
            reexport: false,
            pos: crate::syntax::pos_of(src, node),
        });
    }

    fn bindings(&self, src: &[u8], node: Node<'_>, out: &mut Vec<(String, Option<String>)>) {
        let mut c = node.walk();
        match node.kind_name() {
            "parameter_declaration" | "field_declaration" | "var_spec" => {
                let names: Vec<Node<'_>> = node
                    .fields("name", &mut c)
                    .filter(|n| matches!(n.kind_name(), "identifier" | "field_identifier"))
                    .collect();
                if let Some(t) = node.field("type") {
                    let t = type_expr(src, t);
                    for n in &names {
                        out.push((text(src, *n), t.clone()));
                    }
                } else if node.kind_name() == "var_spec" {
                    let values = named_children_of(node.field("value"));
                    assign(src, &names, &values, out);
                }
            }
            "type_case" => {
                // `switch v := x.(type) { case *T: ... }`: v is a T in the case.
                let Some(alias) = node
                    .parent()
                    .and_then(|sw| sw.field("alias"))
                    .and_then(|a| named_children_of(Some(a)).into_iter().next())
                else {
                    return;
                };
                let mut c = node.walk();
                let types: Vec<Node<'_>> = node.fields("type", &mut c).collect();
                let ty = match types.as_slice() {
                    [t] => type_expr(src, *t),
                    _ => None,
                };
                out.push((text(src, alias), ty));
            }
            "range_clause" => {
                // `for k, v := range xs`: v is an element of xs (k an index or key).
                let names: Vec<Node<'_>> = named_children_of(node.field("left"))
                    .into_iter()
                    .filter(|n| n.kind_name() == "identifier")
                    .collect();
                let elem = node.field("right").and_then(|r| match chain(src, r) {
                    Some(c) => Some(format!("{c}[]")),
                    // `range []*T{...}`: the literal's element type.
                    None => {
                        value_type(src, r).and_then(|t| t.strip_prefix("[]").map(str::to_string))
                    }
                });
                for (i, n) in names.iter().enumerate() {
                    let ty = if i == 1 { elem.clone() } else { None };
                    out.push((text(src, *n), ty));
                }
            }
            "short_var_declaration" => {
                let names: Vec<Node<'_>> = named_children_of(node.field("left"))
                    .into_iter()
                    .filter(|n| n.kind_name() == "identifier")
                    .collect();
                let values = named_children_of(node.field("right"));
                assign(src, &names, &values, out);
            }
            _ => {}
        }
    }

    fn returns(&self, src: &[u8], def: &Def<'_>) -> Option<String> {
        if !matches!(
            def.tag,
            DefTag::Function | DefTag::Method | DefTag::MethodSpec
        ) {
            return None;
        }
        let r = def.node.field("result")?;
        if r.kind_name() != "parameter_list" {
            return Some(type_expr(src, r).unwrap_or_else(|| "?".into()));
        }
        let mut c = r.walk();
        let mut types = Vec::new();
        for p in r.named_children(&mut c) {
            if p.kind_name() != "parameter_declaration" {
                continue;
            }
            let t = p
                .field("type")
                .and_then(|t| type_expr(src, t))
                .unwrap_or_else(|| "?".into());
            let mut c2 = p.walk();
            let names = p.fields("name", &mut c2).count().max(1);
            for _ in 0..names {
                types.push(t.clone());
            }
        }
        (!types.is_empty()).then(|| types.join(", "))
    }
}

/// A declared type as a type expression: `T`, `pkg.T`, through `*` and type arguments;
/// slices, maps, channels, functions and literal types give nothing.
fn type_expr(src: &[u8], node: Node<'_>) -> Option<String> {
    match node.kind_name() {
        "type_identifier" | "qualified_type" => Some(text(src, node)),
        "pointer_type" | "parenthesized_type" => type_expr(src, node.named_child(0)?),
        "generic_type" => type_expr(src, node.field("type")?),
        // Elements: `[]T`, `[N]T`, a map's values.
        "slice_type" | "array_type" | "map_type" => Some(format!(
            "[]{}",
            type_expr(src, node.field("element").or_else(|| node.field("value"))?)?
        )),
        _ => None,
    }
}

/// A value's type expression: `T{}`, `&T{}`, `new(T)`, `x.(T)`, or a call of a dotted name
/// (`NewT()`, `pkg.New()`, `a.B().C()`).
fn value_type(src: &[u8], node: Node<'_>) -> Option<String> {
    // `&x` and `(x)` unwrapped in a loop, not by recursion: 5,000 nested parentheses
    // (bad_input's deep.go) overflowed a worker thread's stack.
    let mut node = node;
    loop {
        match node.kind_name() {
            "unary_expression" => {
                let op = node.field("operator")?;
                if text(src, op) != "&" {
                    return None;
                }
                node = node.field("operand")?;
            }
            "parenthesized_expression" => node = node.named_child(0)?,
            _ => break,
        }
    }
    match node.kind_name() {
        "composite_literal" => type_expr(src, node.field("type")?),
        "type_assertion_expression" => type_expr(src, node.field("type")?),
        "call_expression" => {
            let f = node.field("function")?;
            if f.kind_name() == "identifier" && text(src, f) == "new" {
                let args = node.field("arguments")?;
                return type_expr(src, args.named_child(0)?);
            }
            chain(src, node)
        }
        "identifier" | "selector_expression" | "index_expression" => chain(src, node),
        _ => None,
    }
}

/// `a.b()[].c` for a chain of names, selectors, calls and indexing.
fn chain(src: &[u8], node: Node<'_>) -> Option<String> {
    let mut node = node;
    while node.kind_name() == "parenthesized_expression" {
        node = node.named_child(0)?;
    }
    match node.kind_name() {
        "identifier" | "field_identifier" | "package_identifier" => Some(text(src, node)),
        "selector_expression" => {
            let obj = chain(src, node.field("operand")?)?;
            let field = node.field("field")?;
            Some(format!("{obj}.{}", text(src, field)))
        }
        "call_expression" => Some(format!("{}()", chain(src, node.field("function")?)?)),
        "index_expression" => Some(format!("{}[]", chain(src, node.field("operand")?)?)),
        _ => None,
    }
}

/// Names on the left and values on the right: pairwise, or several names from one call
/// (`a, err := f()` gives `f()@0` and `f()@1`), or the value of a type assertion (`v, ok`).
fn assign(
    src: &[u8],
    names: &[Node<'_>],
    values: &[Node<'_>],
    out: &mut Vec<(String, Option<String>)>,
) {
    let types: Vec<Option<String>> = if names.len() == values.len() {
        values.iter().map(|v| value_type(src, *v)).collect()
    } else if let [v] = values {
        match v.kind_name() {
            "call_expression" => match value_type(src, *v).filter(|t| t.ends_with(')')) {
                Some(t) => (0..names.len()).map(|i| Some(format!("{t}@{i}"))).collect(),
                None => Vec::new(),
            },
            "type_assertion_expression" => vec![value_type(src, *v)],
            _ => Vec::new(),
        }
    } else {
        Vec::new()
    };
    for (i, n) in names.iter().enumerate() {
        out.push((text(src, *n), types.get(i).cloned().flatten()));
    }
}

fn named_children_of<'t>(node: Option<Node<'t>>) -> Vec<Node<'t>> {
    let Some(n) = node else { return Vec::new() };
    if n.kind_name() != "expression_list" {
        return vec![n];
    }
    let mut c = n.walk();
    n.named_children(&mut c).collect()
}

fn is_declaration(kind: &str) -> bool {
    matches!(
        kind,
        "type_declaration" | "const_declaration" | "var_declaration"
    )
}

/// The node that names an embedded or receiver type: `T` in `*pkg.T[K]`.
fn type_name_node(node: Node<'_>) -> Option<Node<'_>> {
    let mut cur = node;
    loop {
        match cur.kind_name() {
            "type_identifier" => return Some(cur),
            "qualified_type" => return cur.field("name"),
            "generic_type" => cur = cur.field("type")?,
            "pointer_type" => cur = cur.named_child(0)?,
            _ => return None,
        }
    }
}

/// The first sentence of the comment block right above a declaration (no blank line between).
fn doc_comment(src: &[u8], node: Node<'_>) -> Option<String> {
    let next_row = node.start_position().row;
    let mut cur = node.prev_sibling();
    // A spec inside `type ( ... )` has its comment inside the group; the first spec of a
    // one-spec declaration has it before the declaration.
    if cur.is_none() || cur.is_some_and(|p| p.kind_name() == "(") {
        if let Some(parent) = node.parent() {
            if is_declaration(parent.kind_name()) && parent.named_child_count() == 1 {
                cur = parent.prev_sibling();
            }
        }
    }
    crate::syntax::doc_above(src, cur, next_row, |k| k == "comment", true)
}

/// `Addr string // TCP address`: a comment on the same line right after the declaration.
fn trailing_comment(src: &[u8], node: Node<'_>) -> Option<String> {
    let next = node.next_sibling()?;
    (next.kind_name() == "comment" && next.start_position().row == node.end_position().row)
        .then(|| comment_first_line(src, next))
        .flatten()
}

pub(super) const BUILTINS: &[&str] = &[
    "any",
    "append",
    "bool",
    "byte",
    "cap",
    "clear",
    "close",
    "comparable",
    "complex",
    "complex128",
    "complex64",
    "copy",
    "delete",
    "error",
    "float32",
    "float64",
    "imag",
    "int",
    "int16",
    "int32",
    "int64",
    "int8",
    "len",
    "make",
    "max",
    "min",
    "new",
    "panic",
    "print",
    "println",
    "real",
    "recover",
    "rune",
    "string",
    "uint",
    "uint16",
    "uint32",
    "uint64",
    "uint8",
    "uintptr",
];

/// Whether the go tool ignores a workspace-relative path: a directory of it is named `_…`,
/// `.…` or `testdata`, so no package of the build holds it. Pure.
fn ignored_by_go(rel: &str) -> bool {
    let mut dirs: Vec<&str> = rel.split('/').collect();
    dirs.pop();
    dirs.iter()
        .any(|d| d.starts_with('_') || d.starts_with('.') || *d == "testdata")
}

/// How many results a method's signature declares, as the map stores it: a receiver method's
/// `func (w *writer) Flush()` (0), an interface's spec `Flush() error` (1), `Hijack() (net.Conn,
/// *bufio.ReadWriter, error)` (3), named `(n int, err error)` (2). Method sets compare it:
/// chi's writers' `Flush()` does not implement `compressFlusher`'s `Flush() error`.
fn result_count(signature: &str) -> u32 {
    let s = signature.trim().trim_end_matches('{').trim_end();
    // The text after the balanced group opening at `at` (`(`/`[`), or `None` if unclosed.
    fn after_group(s: &str, at: usize) -> Option<&str> {
        let mut depth = 0i32;
        for (i, c) in s[at..].char_indices() {
            match c {
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(&s[at + i + 1..]);
                    }
                }
                _ => {}
            }
        }
        None
    }
    let mut rest = s;
    if let Some(r) = rest.strip_prefix("func") {
        rest = r.trim_start();
        if rest.starts_with('(') {
            // The receiver.
            let Some(r) = after_group(rest, 0) else {
                return 0;
            };
            rest = r.trim_start();
        }
    }
    // The name, type parameters, then the parameters.
    let Some(open) = rest.find(['(', '[']) else {
        return 0;
    };
    let Some(mut r) = after_group(rest, open) else {
        return 0;
    };
    if rest[open..].starts_with('[') {
        let Some(p) = r.trim_start().strip_prefix('(').map(|_| r.trim_start()) else {
            return 0;
        };
        let Some(after) = after_group(p, 0) else {
            return 0;
        };
        r = after;
    }
    let results = r.trim();
    if results.is_empty() {
        return 0;
    }
    if !results.starts_with('(') {
        return 1;
    }
    // A list: its top-level commas (`(a, b int)` is two results, as `(int, int)` is).
    let inner = &results[1..results.len().saturating_sub(1)];
    if inner.trim().is_empty() {
        return 0;
    }
    let mut depth = 0i32;
    let mut n = 1;
    for c in inner.chars() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => n += 1,
            _ => {}
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::{ignored_by_go, result_count};

    #[test]
    fn the_go_tool_ignores_underscore_dot_and_testdata_directories() {
        assert!(ignored_by_go("_examples/hello-world/main.go"));
        assert!(ignored_by_go("middleware/testdata/x.go"));
        assert!(ignored_by_go("a/.hidden/x.go"));
        assert!(!ignored_by_go("middleware/logger.go"));
        assert!(!ignored_by_go("_x.go"));
    }

    #[test]
    fn a_signature_s_results_are_counted() {
        for (sig, n) in [
            ("func (cw *compressResponseWriter) Flush()", 0),
            ("Flush() error", 1),
            ("func (w *flushWriter) Flush() error {", 1),
            ("Hijack() (net.Conn, *bufio.ReadWriter, error)", 3),
            ("func (r *R) Read(p []byte) (n int, err error)", 2),
            ("func (r *R) Pair() (a, b int)", 2),
            ("Use(middlewares ...func(http.Handler) http.Handler)", 0),
            ("With(fn func(int) (int, error)) func(int) error", 1),
            ("func (s *Set[T]) Map[U any](f func(T) U) (Set[U], bool)", 2),
            ("Get() map[string][]int", 1),
            ("Empty() ()", 0),
            ("broken(", 0),
        ] {
            assert_eq!(result_count(sig), n, "{sig}");
        }
    }
}
