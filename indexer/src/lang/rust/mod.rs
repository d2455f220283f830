//! Rust: `.rs` files, `query.scm`, rust-analyzer, and the rules where Rust differs:
//! inline modules are scopes (`mod x { fn f() }` → `x.f`; a file module is its file), structs,
//! enums (variants as constants), traits (their methods as methods) and unions; an impl's
//! functions and constants hang under its self type, as Go's methods under their receiver
//! (`impl Map { fn open() }` → `Map.open`); a function inside a function is local;
//! `macro_rules!` macros are functions.

use super::spec::{
    self, Def, DefTag, Language, MacroArgs, PackageName, Query, Reread, ScipSpec, ServerSpec,
    Syntax,
};
use crate::model::MAYBE;
use crate::model::{Import, Kind};
use crate::syntax::{
    comment_summary, count_params, doc_comment_at, first_line, head_text, text, NodeExt,
};
use tree_sitter::Node;

pub static RUST: Language = Language {
    manifests: &["Cargo.toml"],
    skip_dirs: &["target"],
    builtins: BUILTINS,
    self_names: &["self", "Self"],
    local_scopes: &["closure_expression"],
    macro_calls: &["macro_invocation"],
    impls_anywhere: true,
    unwrapping: &[
        "expect",
        "unwrap",
        "unwrap_or",
        "unwrap_or_default",
        "unwrap_or_else",
        "unwrap_unchecked",
    ],
    same_value: &[
        "as_deref",
        "as_deref_mut",
        "as_mut",
        "as_ref",
        "borrow",
        "borrow_mut",
        "clone",
        "cloned",
        "copied",
        "deref",
        "deref_mut",
        "lock",
        "read",
        "take",
        "to_owned",
        "write",
    ],
    block_scopes: &[
        "block",
        "closure_expression",
        "for_expression",
        "match_arm",
        "if_expression",
        "while_expression",
    ],
    package_init: Some("mod"),
    is_test_file: |name| name.ends_with("_test.rs") || name == "tests.rs",
    server: ServerSpec {
        // Offline: `cargo metadata` from what the registry holds.
        env: &[("CARGO_NET_OFFLINE", "true")],
        ..ServerSpec::new(
            &[&["rust-analyzer"]],
            "install rust-analyzer: rustup component add rust-analyzer",
            "rust",
        )
    },
    ..Language::new(
        "Rust",
        "rs",
        &["rs"],
        || tree_sitter_rust::LANGUAGE.into(),
        Query {
            file: "lang/rust/query.scm",
            text: include_str!("query.scm"),
        },
        &RustSyntax,
        ScipSpec {
            language: "Rust",
            manager: "cargo",
            files_are_modules: true,
            manifests: &[("Cargo.toml", cargo_package)],
        },
    )
};

/// Cargo.toml's `[package]` name and version.
fn cargo_package(text: &str) -> Option<PackageName> {
    Some(PackageName {
        name: spec::manifest_value(text, "package", "name")?,
        version: spec::manifest_value(text, "package", "version"),
    })
}

struct RustSyntax;

impl Syntax for RustSyntax {
    fn place(
        &self,
        tag: DefTag,
        enclosing: Option<Kind>,
        type_node: Option<&str>,
        _name: &str,
    ) -> Option<Kind> {
        use Kind::*;
        let top = matches!(enclosing, None | Some(Package));
        match tag {
            DefTag::Module => top.then_some(Package),
            DefTag::Type => match type_node {
                Some("declaration_list") => top.then_some(Interface),
                _ => matches!(
                    enclosing,
                    None | Some(Package) | Some(Function) | Some(Method)
                )
                .then_some(Type),
            },
            DefTag::Function => match enclosing {
                None | Some(Package) => Some(Function),
                Some(Interface) => Some(Method),
                _ => None,
            },
            DefTag::Method => top.then_some(Method),
            DefTag::Field => (enclosing == Some(Struct)).then_some(Field),
            DefTag::Constant => match enclosing {
                None | Some(Package) => Some(Constant),
                // An enum's variant.
                Some(Type) => Some(Constant),
                Some(Interface) => Some(Constant),
                _ => None,
            },
            _ => None,
        }
    }

    fn is_scope(&self, kind: Kind) -> bool {
        matches!(
            kind,
            Kind::Package
                | Kind::Struct
                | Kind::Interface
                | Kind::Type
                | Kind::Function
                | Kind::Method
        )
    }

    fn refine(&self, _src: &[u8], def: &Def<'_>, kind: Kind) -> Option<Kind> {
        let in_impl = || {
            def.parent
                .filter(|p| p.kind_name() == "declaration_list")
                .and_then(|p| p.parent())
                .is_some_and(|g| g.kind_name() == "impl_item")
        };
        match def.tag {
            // What an impl declares is its type's (the `@definition.method` match).
            DefTag::Function | DefTag::Constant | DefTag::Type if in_impl() => None,
            DefTag::Method if def.node.kind_name() == "const_item" => Some(Kind::Constant),
            DefTag::Method if def.node.kind_name() == "type_item" => Some(Kind::Type),
            DefTag::Type if matches!(def.node.kind_name(), "struct_item" | "union_item") => {
                Some(Kind::Struct)
            }
            // A type alias inside a function is local.
            DefTag::Type if def.node.kind_name() == "type_item" && kind == Kind::Type => Some(kind),
            _ => Some(kind),
        }
    }

    fn implementer(&self, src: &[u8], reference: Node<'_>) -> Option<String> {
        let impl_item = reference
            .parent()
            .filter(|p| p.kind_name() == "impl_item")?;
        Some(text(src, base_type(impl_item.field("type")?)?))
    }

    fn receiver(&self, src: &[u8], receiver: Node<'_>) -> Option<(String, String)> {
        Some(("self".to_string(), text(src, base_type(receiver)?)))
    }

    fn params(&self, def: &Def<'_>) -> Option<u32> {
        match def.node.kind_name() {
            "function_item" | "function_signature_item" => {
                Some(count_params(def.node.field("parameters")?))
            }
            _ => None,
        }
    }

    fn signature(&self, src: &[u8], def: &Def<'_>, _kind: Kind) -> Option<String> {
        let node = def.node;
        Some(match node.kind_name() {
            "function_item" | "mod_item" => head_text(src, node, def.body),
            "enum_item" | "trait_item" => head_text(src, node, def.ty),
            "struct_item" | "union_item" => {
                let body = node.field("body");
                head_text(src, node, body).trim_end_matches(';').to_string()
            }
            _ => first_line(&text(src, node))
                .trim_end_matches([';', ',', '{'])
                .trim_end()
                .to_string(),
        })
    }

    fn doc(
        &self,
        src: &[u8],
        def: &Def<'_>,
        _span_node: Node<'_>,
        comments: Option<&[Node<'_>]>,
    ) -> Option<String> {
        // Above the item's attributes (`/// doc` then `#[derive(…)]`).
        let (at, row) = above_attributes(src, def.node.start_byte(), def.node.start_position().row);
        match comments {
            Some(cs) => doc_comment_at(src, at, row, cs).filter(|_| is_doc_above(src, at)),
            None => doc_siblings(src, def.node).filter(|_| is_doc_above(src, at)),
        }
    }

    fn module_doc(
        &self,
        src: &[u8],
        root: Node<'_>,
        _package: Option<Node<'_>>,
        _comments: Option<&[Node<'_>]>,
    ) -> Option<String> {
        // `//!` lines at the top of the file.
        let mut c = root.walk();
        let inner: Vec<Node<'_>> = root
            .named_children(&mut c)
            .take_while(|n| n.kind_name() == "line_comment" || n.kind_name() == "block_comment")
            .filter(|n| {
                let t = text(src, *n);
                t.starts_with("//!") || t.starts_with("/*!")
            })
            .collect();
        (!inner.is_empty())
            .then(|| comment_summary(src, &inner))
            .flatten()
    }

    fn bindings(&self, src: &[u8], node: Node<'_>, out: &mut Vec<(String, Option<String>)>) {
        let stated = node
            .field("type")
            .and_then(|t| match generic_bound(src, t) {
                Some(bound) => bound,
                None => type_expr(src, t),
            });
        match node.kind_name() {
            "const_item" | "static_item" => {
                // An impl's or trait's constant is its type's, not the module's.
                let in_impl = node
                    .parent()
                    .filter(|p| p.kind_name() == "declaration_list")
                    .and_then(|p| p.parent())
                    .is_some_and(|g| matches!(g.kind_name(), "impl_item" | "trait_item"));
                if let (Some(n), false) = (node.field("name"), in_impl) {
                    out.push((text(src, n), stated));
                }
            }
            "field_declaration" => {
                if let Some(n) = node.field("name") {
                    out.push((text(src, n), stated));
                }
            }
            // A tuple struct's fields by number: `struct S(A, B)` states `S.0: A`, `S.1: B`.
            "ordered_field_declaration_list"
                if node
                    .parent()
                    .is_some_and(|p| p.kind_name() == "struct_item") =>
            {
                let mut c = node.walk();
                let types = node.fields("type", &mut c);
                for (i, t) in types.enumerate() {
                    out.push((i.to_string(), type_expr(src, t)));
                }
            }
            "parameter" | "let_declaration" => {
                let Some(pattern) = node.field("pattern") else {
                    return;
                };
                // `let (a, b) = f()`: each name the call's result of its place.
                let call = node
                    .field("value")
                    .filter(|v| v.kind_name() == "call_expression")
                    .and_then(|v| chain(src, v));
                if let (Some(call), true, None) =
                    (&call, pattern.kind_name() == "tuple_pattern", &stated)
                {
                    let mut c = pattern.walk();
                    for (i, el) in pattern.named_children(&mut c).enumerate() {
                        let mut names = Vec::new();
                        pattern_names(el, &mut names);
                        let whole = matches!(el.kind_name(), "identifier" | "mut_pattern");
                        for n in names {
                            out.push((text(src, n), whole.then(|| format!("{call}@{i}"))));
                        }
                    }
                    return;
                }
                let mut names = Vec::new();
                pattern_names(pattern, &mut names);
                // One name bound whole (`x`, `mut x`, `ref x`) gets the type; names taken
                // apart from a value (`(a, b)`, `Some(x)`) are locals of unknown type.
                let whole = matches!(
                    pattern.kind_name(),
                    "identifier" | "mut_pattern" | "ref_pattern"
                );
                let ty = match (whole, stated) {
                    (false, _) => None,
                    (true, Some(t)) => Some(t),
                    (true, None) => node.field("value").and_then(|v| value_type(src, v)),
                };
                for n in names {
                    out.push((text(src, n), ty.clone()));
                }
            }
            "for_expression" => {
                // `for x in xs` / `for x in &xs`: x is an element of xs.
                let (Some(pattern), Some(value)) = (node.field("pattern"), node.field("value"))
                else {
                    return;
                };
                let mut names = Vec::new();
                pattern_names(pattern, &mut names);
                let elem = (pattern.kind_name() == "identifier")
                    .then(|| elements_of(src, value))
                    .flatten();
                for n in names {
                    out.push((text(src, n), elem.clone()));
                }
            }
            // `Some(x) =>`, `if let Some(x) = …`, `while let …`: locals of untold type.
            "match_pattern" | "let_condition" => {
                let pattern = match node.kind_name() {
                    "let_condition" => node.field("pattern"),
                    _ => node.named_child(0),
                };
                let mut names = Vec::new();
                if let Some(p) = pattern {
                    pattern_names(p, &mut names);
                }
                for n in names {
                    out.push((text(src, n), None));
                }
            }
            "closure_parameters" => {
                // Untyped ones (`|x, (a, b)|`); a typed one is a `parameter` binding itself.
                let mut c = node.walk();
                let mut names = Vec::new();
                for p in node.named_children(&mut c) {
                    if p.kind_name() != "parameter" {
                        pattern_names(p, &mut names);
                    }
                }
                for n in names {
                    out.push((text(src, n), None));
                }
            }
            _ => {}
        }
    }

    fn returns(&self, src: &[u8], def: &Def<'_>) -> Option<String> {
        if def.node.kind_name() == "enum_variant" {
            // A tuple variant is called to make a value of its enum (`Error::Io(e)`).
            let tuple = def
                .node
                .field("body")
                .is_some_and(|b| b.kind_name() == "ordered_field_declaration_list");
            let enum_item = def.node.parent()?.parent()?;
            return tuple
                .then(|| enum_item.field("name").map(|n| text(src, n)))
                .flatten();
        }
        if !matches!(
            def.node.kind_name(),
            "function_item" | "function_signature_item"
        ) {
            return None;
        }
        let r = def.node.field("return_type")?;
        if r.kind_name() == "tuple_type" {
            // `-> (A, B)`: results one by one, as Go's (`let (a, b) = f()` picks each).
            let mut c = r.walk();
            let parts: Vec<String> = r
                .named_children(&mut c)
                .map(|t| type_expr(src, t).unwrap_or_else(|| "?".into()))
                .collect();
            return (!parts.is_empty()).then(|| parts.join(", "));
        }
        Some(type_expr(src, r).unwrap_or_else(|| "?".into()))
    }

    fn implemented<'t>(&self, src: &[u8], def: &Def<'t>) -> Vec<(String, Node<'t>)> {
        match def.node.kind_name() {
            "struct_item" | "enum_item" | "union_item" => derives(src, def.node),
            "function_item" if def.tag == DefTag::Method => {
                let trait_path = def
                    .parent
                    .filter(|p| p.kind_name() == "declaration_list")
                    .and_then(|p| p.parent())
                    .filter(|g| g.kind_name() == "impl_item")
                    .and_then(|i| i.field("trait"))
                    .and_then(|t| type_path(src, t));
                trait_path
                    .map(|t| (format!("{t}.{}", text(src, def.name)), def.name))
                    .into_iter()
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    fn macro_args(&self, src: &[u8], node: Node<'_>) -> Option<MacroArgs> {
        macro_args(src, node)
    }

    fn imports(&self, src: &[u8], node: Node<'_>, out: &mut Vec<Import>) {
        let pos = crate::syntax::pos_of(src, node);
        if node.kind_name() == "mod_item" {
            // `mod x;` brings in the file of module `x`.
            if let Some(name) = node.field("name") {
                out.push(Import {
                    module: "self".to_string(),
                    member: Some(text(src, name)),
                    alias: None,
                    reexport: false,
                    pos,
                });
            }
            return;
        }
        let Some(arg) = node.field("argument") else {
            return;
        };
        // `pub use` (any visibility) re-exports what it brings in.
        let mut c = node.walk();
        let public = node
            .children(&mut c)
            .any(|n| n.kind_name() == "visibility_modifier");
        let from = out.len();
        use_tree(src, arg, "", pos, out);
        for imp in &mut out[from..] {
            imp.reexport = public;
        }
    }
}

/// Macros whose arguments after the first are patterns (`matches!(x, Some(_) | None)`): only
/// the first is read.
const PATTERN_MACROS: &[&str] = &["assert_matches", "debug_assert_matches", "matches"];

/// How a macro invocation's token tree is read again (see [`MacroArgs`]): in item position
/// (a module's or the file's level, `cfg_x! { pub fn f() {} }`) as items, else as
/// expressions (`tri!(self.f())` as `(self.f());`, `vec![a(), b()]` as `[a(), b()];`), then
/// the other way. Items that are not items (`cfg_if! { if #[cfg(x)] { mod a; } else { … } }`)
/// are read group by group: each `{ … }` of the token tree as items. An invocation inside an
/// impl or a trait is not read: its items would be its type's, which no parse of them alone
/// can say; it is counted as not read.
fn macro_args(src: &[u8], node: Node<'_>) -> Option<MacroArgs> {
    let name_node = node.field("macro")?;
    let name = text(src, name_node);
    let mut c = node.walk();
    let tt = node
        .named_children(&mut c)
        .filter(|n| n.kind_name() == "token_tree")
        .last()?;
    let (start, end) = (tt.start_byte(), tt.end_byte());
    let (sp, ep) = (tt.start_position(), tt.end_position());
    if end < start + 2 || ep.column == 0 {
        return None;
    }
    let parent = node.parent();
    let parent_kind = parent.map(|p| p.kind_name()).unwrap_or("");
    let in_type = parent_kind == "declaration_list"
        && parent
            .and_then(|p| p.parent())
            .is_some_and(|g| matches!(g.kind_name(), "impl_item" | "trait_item"));
    let at = node.start_byte();
    if in_type {
        return Some(MacroArgs {
            name,
            at,
            ways: Vec::new(),
        });
    }
    let point = |row: usize, column: usize| tree_sitter::Point { row, column };
    // The token tree without its delimiters, as the file's items.
    let inside = |t: Node<'_>| {
        let (s, e) = (t.start_position(), t.end_position());
        Reread {
            start: t.start_byte() + 1,
            start_point: point(s.row, s.column + 1),
            end: t.end_byte() - 1,
            end_point: point(e.row, e.column - 1),
            suffix: "",
        }
    };
    let items = vec![inside(tt)];
    // `matches!(x, P)`: `(x);`.
    let first_comma = (PATTERN_MACROS.contains(&name.rsplit("::").next().unwrap_or(""))
        && text(src, tt).starts_with('('))
    .then(|| {
        let mut c = tt.walk();
        let comma = tt.children(&mut c).find(|t| t.kind_name() == ",");
        comma
    })
    .flatten();
    let exprs = vec![match first_comma {
        Some(comma) => Reread {
            start,
            start_point: sp,
            end: comma.start_byte(),
            end_point: comma.start_position(),
            suffix: ");",
        },
        None => Reread {
            start,
            start_point: sp,
            end,
            end_point: ep,
            suffix: ";",
        },
    }];
    // Each `{ … }` group of the token tree, as items.
    let groups: Vec<Reread> = {
        let mut c = tt.walk();
        let g = tt
            .named_children(&mut c)
            .filter(|t| {
                t.kind_name() == "token_tree"
                    && src.get(t.start_byte()) == Some(&b'{')
                    && t.end_byte() >= t.start_byte() + 2
                    && t.end_position().column > 0
            })
            .map(inside)
            .collect();
        g
    };
    // The other way only where it may hold: items in braces (`thread_local! { … }` in a
    // function), expressions in parentheses or brackets (`impl_x!(T::f());` at item level).
    // A way that fails costs a parse to its first error (tracing's `info!(target: "x", …)`).
    let item_level = matches!(parent_kind, "source_file" | "declaration_list");
    let braced = src.get(start) == Some(&b'{');
    let mut ways = match (item_level, braced) {
        (true, true) => vec![items],
        (true, false) => vec![items, exprs],
        (false, true) => vec![exprs, items],
        (false, false) => vec![exprs],
    };
    if !groups.is_empty() {
        ways.push(groups);
    }
    Some(MacroArgs { name, at, ways })
}

/// The names of a `use` tree, each as (path of the module, member, alias): `use a::b::{c, d as
/// e, f::*}` gives `a::b`/`c`, `a::b`/`d` as `e`, `a::b::f`/`*`.
fn use_tree(
    src: &[u8],
    node: Node<'_>,
    prefix: &str,
    pos: crate::model::Pos,
    out: &mut Vec<Import>,
) {
    let join = |a: &str, b: &str| {
        if a.is_empty() {
            b.to_string()
        } else {
            format!("{a}::{b}")
        }
    };
    let mut push = |path: String, alias: Option<String>| {
        let (module, member) = match path.rsplit_once("::") {
            Some((m, last)) => (m.to_string(), last.to_string()),
            None => (String::new(), path.clone()),
        };
        out.push(Import {
            module,
            member: Some(member),
            alias,
            reexport: false,
            pos,
        });
    };
    match node.kind_name() {
        "identifier" | "scoped_identifier" | "crate" | "self" | "super" => {
            push(join(prefix, &text(src, node)), None)
        }
        "use_as_clause" => {
            let (Some(p), alias) = (
                node.field("path"),
                node.field("alias").map(|a| text(src, a)),
            ) else {
                return;
            };
            push(join(prefix, &text(src, p)), alias);
        }
        "use_wildcard" => {
            let path = node
                .named_child(0)
                .map(|p| text(src, p))
                .unwrap_or_default();
            push(join(&join(prefix, &path), "*"), None);
        }
        "scoped_use_list" => {
            let path = node.field("path").map(|p| text(src, p)).unwrap_or_default();
            if let Some(list) = node.field("list") {
                use_tree(src, list, &join(prefix, &path), pos, out);
            }
        }
        "use_list" => {
            let mut c = node.walk();
            for child in node.named_children(&mut c) {
                use_tree(src, child, prefix, pos, out);
            }
        }
        _ => {}
    }
}

/// A type written as a generic parameter (`p: &P` with `P: AsRef<Path>`, or a `where`
/// clause): `Some` its first trait bound's type expression (`Some(None)` without a bound);
/// `None` when the type is no generic parameter of the enclosing function or impl.
fn generic_bound(src: &[u8], ty: Node<'_>) -> Option<Option<String>> {
    let mut base = ty;
    while matches!(base.kind_name(), "reference_type" | "pointer_type") {
        base = base.field("type")?;
    }
    if base.kind_name() != "type_identifier" {
        return None;
    }
    let name = text(src, base);
    let first_bound = |bounds: Node<'_>| {
        let mut c = bounds.walk();
        let b = bounds
            .named_children(&mut c)
            .find(|b| b.kind_name() != "lifetime")
            .and_then(|b| type_expr(src, b));
        b
    };
    let mut cur = ty.parent();
    while let Some(n) = cur {
        if matches!(
            n.kind_name(),
            "function_item" | "impl_item" | "trait_item" | "function_signature_item"
        ) {
            if let Some(params) = n.field("type_parameters") {
                let mut c = params.walk();
                for p in params.named_children(&mut c) {
                    let is_it = p.kind_name() == "type_parameter"
                        && p.field("name").is_some_and(|x| text(src, x) == name);
                    if is_it {
                        let stated = p.field("bounds").and_then(first_bound);
                        let from_where = || where_bound(src, n, &name, first_bound);
                        return Some(stated.or_else(from_where));
                    }
                }
            }
        }
        if matches!(n.kind_name(), "source_file" | "mod_item") {
            break;
        }
        cur = n.parent();
    }
    None
}

/// `T`'s first bound in an item's `where` clause.
fn where_bound(
    src: &[u8],
    item: Node<'_>,
    name: &str,
    first_bound: impl Fn(Node<'_>) -> Option<String>,
) -> Option<String> {
    let mut c = item.walk();
    let clause = item
        .named_children(&mut c)
        .find(|w| w.kind_name() == "where_clause")?;
    let mut c = clause.walk();
    let found = clause
        .named_children(&mut c)
        .filter(|p| p.kind_name() == "where_predicate")
        .find(|p| p.field("left").is_some_and(|l| text(src, l) == name))
        .and_then(|p| p.field("bounds"))
        .and_then(first_bound);
    found
}

/// The traits an item's `#[derive(…)]` attributes name (`serde::Serialize` as
/// `serde.Serialize`), each with the node of its last name.
fn derives<'t>(src: &[u8], item: Node<'t>) -> Vec<(String, Node<'t>)> {
    let mut out = Vec::new();
    let mut cur = item.prev_named_sibling();
    while let Some(n) = cur {
        match n.kind_name() {
            "attribute_item" => {
                let attr = n.named_child(0).filter(|a| a.kind_name() == "attribute");
                let args = attr
                    .filter(|a| a.named_child(0).is_some_and(|p| text(src, p) == "derive"))
                    .and_then(|a| a.field("arguments"));
                if let Some(args) = args {
                    // Paths in the token tree: names joined by `::`, split at `,`.
                    let mut path: Vec<Node<'t>> = Vec::new();
                    let mut c = args.walk();
                    let mut flush = |path: &mut Vec<Node<'t>>| {
                        if let Some(last) = path.last().copied() {
                            let p: Vec<String> = path.iter().map(|x| text(src, *x)).collect();
                            out.push((p.join("."), last));
                        }
                        path.clear();
                    };
                    for t in args.children(&mut c) {
                        match t.kind_name() {
                            "identifier" => path.push(t),
                            "::" => {}
                            _ => flush(&mut path),
                        }
                    }
                    flush(&mut path);
                }
            }
            "line_comment" | "block_comment" => {}
            _ => break,
        }
        cur = n.prev_named_sibling();
    }
    out
}

/// The names a pattern binds: `x`, `mut x`, `(a, b)`, `Some(x)`, `Point { x, y: b }`.
fn pattern_names<'t>(node: Node<'t>, out: &mut Vec<Node<'t>>) {
    match node.kind_name() {
        "identifier" => out.push(node),
        "shorthand_field_identifier" => out.push(node),
        // `Some(x)`, `E::V { .. }`: the path names no binding.
        "tuple_struct_pattern" | "struct_pattern" => {
            let mut c = node.walk();
            for child in node.named_children(&mut c) {
                if child.kind_name() == "field_pattern" {
                    match child.field("pattern") {
                        Some(p) => pattern_names(p, out),
                        None => {
                            if let Some(n) = child.field("name") {
                                out.push(n);
                            }
                        }
                    }
                } else if !matches!(
                    child.kind_name(),
                    "scoped_identifier" | "scoped_type_identifier" | "type_identifier"
                ) && Some(child) != node.field("type")
                {
                    pattern_names(child, out);
                }
            }
        }
        "captured_pattern" => {
            // `name @ pattern`
            if let Some(n) = node.named_child(0) {
                pattern_names(n, out);
            }
        }
        "mut_pattern" | "ref_pattern" | "reference_pattern" | "tuple_pattern" | "slice_pattern"
        | "or_pattern" => {
            let mut c = node.walk();
            for child in node.named_children(&mut c) {
                pattern_names(child, out);
            }
        }
        _ => {}
    }
}

/// Wrappers a value is used through (`Box<T>`, `&T` are `T` for a method call).
const TRANSPARENT: &[&str] = &["Arc", "Box", "Cow", "Mutex", "Rc", "RefCell", "RwLock"];
/// Optional values and results: `Maybe(T)` (`?` and `unwrap()` give the `T`).
const MAYBES: &[&str] = &["Option", "Result"];
/// Collections whose elements `for`, `[i]` and `iter()` give.
const SEQUENCES: &[&str] = &["Vec", "VecDeque", "SmallVec", "BTreeSet", "HashSet"];

/// A type as the type walk reads it (`model::TypeFact`): a path with `.` for `::`
/// (`store::Map`), `[]T` for a sequence of `T`; references, pointers and the wrappers a
/// method call sees through are left out. `None` for what has no name (a tuple, a fn type).
fn type_expr(src: &[u8], node: Node<'_>) -> Option<String> {
    match node.kind_name() {
        "type_identifier" | "primitive_type" | "scoped_type_identifier" => type_path(src, node),
        "reference_type" | "pointer_type" => type_expr(src, node.field("type")?),
        "generic_type" => {
            let base = type_path(src, node.field("type")?)?;
            let leaf = base.rsplit('.').next().unwrap_or(&base);
            let first_arg = || {
                let args = node.field("type_arguments")?;
                let mut c = args.walk();
                let first = args.named_children(&mut c).find(|a| {
                    !matches!(a.kind_name(), "lifetime" | "line_comment" | "block_comment")
                });
                first
            };
            // A wrapper or a sequence of something without a name (`Vec<(u32, u32)>`) is
            // still the standard library's: its own name, a builtin.
            let inner = first_arg().and_then(|a| type_expr(src, a));
            if TRANSPARENT.contains(&leaf) {
                Some(inner.unwrap_or(base))
            } else if MAYBES.contains(&leaf) {
                Some(format!("{MAYBE}{})", inner.unwrap_or_default()))
            } else if SEQUENCES.contains(&leaf) {
                Some(inner.map_or(base, |t| format!("[]{t}")))
            } else {
                Some(base)
            }
        }
        "array_type" => Some(
            match node.field("element").and_then(|e| type_expr(src, e)) {
                Some(t) => format!("[]{t}"),
                None => "Vec".to_string(),
            },
        ),
        "dynamic_type" | "abstract_type" => {
            let t = node.field("trait")?;
            type_expr(src, t)
        }
        "bounded_type" => type_expr(src, node.named_child(0)?),
        _ => None,
    }
}

/// A type's path without generics, `.` for `::`: `crate::store::Map<K>` → `crate.store.Map`.
fn type_path(src: &[u8], node: Node<'_>) -> Option<String> {
    match node.kind_name() {
        "type_identifier" | "primitive_type" | "identifier" | "crate" | "self" | "super" => {
            Some(text(src, node))
        }
        "generic_type" => type_path(src, node.field("type")?),
        "scoped_type_identifier" | "scoped_identifier" => {
            let name = text(src, node.field("name")?);
            match node.field("path") {
                Some(p) => Some(format!("{}.{name}", type_path(src, p)?)),
                None => Some(name),
            }
        }
        _ => None,
    }
}

/// A value's type expression: `T { .. }`, `T::new()`, `x.f()`, `&x`, `x as T`.
fn value_type(src: &[u8], node: Node<'_>) -> Option<String> {
    match node.kind_name() {
        "struct_expression" => type_path(src, node.field("name")?),
        "reference_expression" => value_type(src, node.field("value")?),
        "parenthesized_expression" => value_type(src, node.named_child(0)?),
        "type_cast_expression" => type_expr(src, node.field("type")?),
        "call_expression" | "identifier" | "field_expression" | "scoped_identifier"
        | "index_expression" | "self" | "try_expression" => chain(src, node),
        _ => None,
    }
}

/// The elements a `for` loop over `node` gives: `xs`, `&xs`, `&mut xs`, `xs.iter()`.
fn elements_of(src: &[u8], node: Node<'_>) -> Option<String> {
    match node.kind_name() {
        "reference_expression" => elements_of(src, node.field("value")?),
        "call_expression" => {
            let f = node.field("function")?;
            let method = f.field("field").map(|m| text(src, m));
            match (f.kind_name(), method.as_deref()) {
                ("field_expression", Some("iter" | "iter_mut" | "into_iter" | "drain")) => {
                    Some(format!("{}[]", chain(src, f.field("value")?)?))
                }
                _ => None,
            }
        }
        "identifier" | "field_expression" | "self" => Some(format!("{}[]", chain(src, node)?)),
        // `[a, b]`: of the first element's type.
        "array_expression" => value_type(src, node.named_child(0)?),
        _ => None,
    }
}

/// `a.b().c` for a chain of names, fields, paths, calls and indexing.
fn chain(src: &[u8], node: Node<'_>) -> Option<String> {
    match node.kind_name() {
        "identifier" | "self" | "crate" | "super" | "type_identifier" => Some(text(src, node)),
        "field_expression" => {
            let field = node.field("field")?;
            if !matches!(field.kind_name(), "field_identifier" | "integer_literal") {
                return None;
            }
            let obj = chain(src, node.field("value")?)?;
            Some(format!("{obj}.{}", text(src, field)))
        }
        "scoped_identifier" => {
            let name = text(src, node.field("name")?);
            match node.field("path") {
                Some(p) => Some(format!("{}.{name}", chain(src, p)?)),
                None => Some(name),
            }
        }
        "generic_type" => type_path(src, node),
        "generic_function" => chain(src, node.field("function")?),
        "call_expression" => Some(format!("{}()", chain(src, node.field("function")?)?)),
        "index_expression" => Some(format!("{}[]", chain(src, node.named_child(0)?)?)),
        "try_expression" => Some(format!("{}?", chain(src, node.named_child(0)?)?)),
        "parenthesized_expression" => chain(src, node.named_child(0)?),
        _ => None,
    }
}

/// The type an impl is for, without generics or a path: `Map<K, V>` → `Map`.
fn base_type(node: Node<'_>) -> Option<Node<'_>> {
    match node.kind_name() {
        "type_identifier" => Some(node),
        "generic_type" => base_type(node.field("type")?),
        "scoped_type_identifier" => node.field("name"),
        "reference_type" => base_type(node.field("type")?),
        _ => None,
    }
}

/// The start of an item's attributes (`#[…]` lines right above it), and its row.
fn above_attributes(src: &[u8], at: usize, row: usize) -> (usize, usize) {
    let (mut at, mut row) = (at, row);
    loop {
        let line_start = src[..at]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        if line_start == 0 {
            return (at, row);
        }
        let prev_start = src[..line_start - 1]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let prev = String::from_utf8_lossy(&src[prev_start..line_start - 1]);
        let t = prev.trim_start();
        if t.starts_with("#[") {
            at = prev_start + (prev.len() - t.len());
            row -= 1;
        } else {
            return (at, row);
        }
    }
}

/// Whether the comment right above `at` is a doc comment (`///`, `/**`), not a plain one.
fn is_doc_above(src: &[u8], at: usize) -> bool {
    let before = String::from_utf8_lossy(&src[..at]);
    let last = before
        .trim_end()
        .rsplit('\n')
        .next()
        .unwrap_or("")
        .trim_start();
    last.starts_with("///") || last.ends_with("*/") && before.contains("/**")
}

/// The doc comment above an item from the tree's siblings (the reference path).
fn doc_siblings(src: &[u8], node: Node<'_>) -> Option<String> {
    let mut next_row = node.start_position().row;
    let mut cur = node.prev_sibling();
    while let Some(a) = cur.filter(|c| c.kind_name() == "attribute_item") {
        next_row = a.start_position().row;
        cur = a.prev_sibling();
    }
    let is_comment = |k: &str| matches!(k, "line_comment" | "block_comment");
    crate::syntax::doc_above(src, cur, next_row, is_comment, false)
}

// Sorted, for binary search: the prelude's types, traits, functions and variants (macros are
// not call expressions).
pub(super) const BUILTINS: &[&str] = &[
    "AsMut",
    "AsRef",
    "Box",
    "Clone",
    "Copy",
    "Debug",
    "Default",
    "DoubleEndedIterator",
    "Drop",
    "Eq",
    "Err",
    "ExactSizeIterator",
    "Extend",
    "Fn",
    "FnMut",
    "FnOnce",
    "From",
    "Hash",
    "Into",
    "IntoIterator",
    "Iterator",
    "None",
    "Ok",
    "Option",
    "Ord",
    "PartialEq",
    "PartialOrd",
    "Result",
    "Send",
    "Sized",
    "Some",
    "String",
    "Sync",
    "ToOwned",
    "ToString",
    "TryFrom",
    "TryInto",
    "Unpin",
    "Vec",
    "bool",
    "char",
    "drop",
    "f32",
    "f64",
    "i128",
    "i16",
    "i32",
    "i64",
    "i8",
    "isize",
    "str",
    "u128",
    "u16",
    "u32",
    "u64",
    "u8",
    "usize",
];
