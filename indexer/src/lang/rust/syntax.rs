//! Rust's syntax helpers, what `RustSyntax` reads the tree with: macro arguments read again
//! as code, `use` trees, the names a pattern binds, type expressions (stated, bound, of a
//! value, of a loop's elements, of a chain), `#[derive]`s, and the doc comment above an item's
//! attributes.

use crate::lang::spec::{MacroArgs, Reread};
use crate::model::{Import, GIVES, MAYBE};
use crate::syntax::{text, NodeExt};
use tree_sitter::Node;

/// Macros whose arguments after the first are patterns (`matches!(x, Some(_) | None)`): only
/// the first is read.
const PATTERN_MACROS: &[&str] = &["assert_matches", "debug_assert_matches", "matches"];

/// How a macro invocation's token tree is read again (see [`MacroArgs`]): in item position
/// (a module's or the file's level, `cfg_x! { pub fn f() {} }`) as items, else as
/// expressions (`tri!(self.f())` as `(self.f());`, `vec![a(), b()]` as `[a(), b()];`, a
/// braced list `m! { a, { b } }` as the tuple `(a, { b });`), then the other way. Items that are not items (`cfg_if! { if #[cfg(x)] { mod a; } else { … } }`)
/// are read group by group: each `{ … }` of the token tree as items. An invocation inside an
/// impl or a trait is not read: its items would be its type's, which no parse of them alone
/// can say; it is counted as not read.
pub(super) fn macro_args(src: &[u8], node: Node<'_>) -> Option<MacroArgs> {
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
            said: true,
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
            delims: None,
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
            delims: None,
        },
        None => Reread {
            start,
            start_point: sp,
            end,
            end_point: ep,
            suffix: ";",
            delims: None,
        },
    }];
    // A braced list of expressions (`if_log_enabled! { *meta.level(), { … } }`), which no
    // block parses, as the tuple `( … );`.
    let tuple = vec![Reread {
        start,
        start_point: sp,
        end,
        end_point: ep,
        suffix: ";",
        delims: Some(b"()"),
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
        (false, true) => vec![exprs, tuple, items],
        (false, false) => vec![exprs],
    };
    if !groups.is_empty() {
        ways.push(groups);
    }
    Some(MacroArgs {
        name,
        at,
        ways,
        said: true,
    })
}

/// The names of a `use` tree, each as (path of the module, member, alias): `use a::b::{c, d as
/// e, f::*}` gives `a::b`/`c`, `a::b`/`d` as `e`, `a::b::f`/`*`.
pub(super) fn use_tree(
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
pub(super) fn generic_bound(src: &[u8], ty: Node<'_>) -> Option<Option<String>> {
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
    let (item, p) = declaring_parameter(src, ty, &name)?;
    let stated = p.field("bounds").and_then(first_bound);
    Some(stated.or_else(|| where_bound(src, item, &name, first_bound)))
}

/// The generic parameter named `name` that an item around `at` declares (a function's, an
/// impl's, a trait's, a type's or alias's), nearest first, up to the module: the item and the
/// parameter.
pub(super) fn declaring_parameter<'t>(
    src: &[u8],
    at: Node<'t>,
    name: &str,
) -> Option<(Node<'t>, Node<'t>)> {
    let mut cur = at.parent();
    while let Some(n) = cur {
        if matches!(
            n.kind_name(),
            "function_item"
                | "impl_item"
                | "trait_item"
                | "function_signature_item"
                | "struct_item"
                | "enum_item"
                | "union_item"
                | "type_item"
        ) {
            if let Some(params) = n.field("type_parameters") {
                let mut c = params.walk();
                let found = params.named_children(&mut c).find(|p| {
                    p.kind_name() == "type_parameter"
                        && p.field("name").is_some_and(|x| text(src, x) == name)
                });
                if let Some(p) = found {
                    return Some((n, p));
                }
            }
        }
        if matches!(n.kind_name(), "source_file" | "mod_item") {
            return None;
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
pub(super) fn derives<'t>(src: &[u8], item: Node<'t>) -> Vec<(String, Node<'t>)> {
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
pub(super) fn pattern_names<'t>(node: Node<'t>, out: &mut Vec<Node<'t>>) {
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
pub(super) fn type_expr(src: &[u8], node: Node<'_>) -> Option<String> {
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
pub(super) fn type_path(src: &[u8], node: Node<'_>) -> Option<String> {
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

/// A value's type expression: `T { .. }`, `T::new()`, `x.f()`, `&x`, `x as T`, a closure's
/// by what its call gives.
pub(super) fn value_type(src: &[u8], node: Node<'_>) -> Option<String> {
    match node.kind_name() {
        "struct_expression" => type_path(src, node.field("name")?),
        "reference_expression" => value_type(src, node.field("value")?),
        "parenthesized_expression" => value_type(src, node.named_child(0)?),
        "type_cast_expression" => type_expr(src, node.field("type")?),
        // `State::default()`: the type itself, a derived `Default` being in no file of the
        // map (toml_edit's `let mut state = State::default()`: 7 of `State`'s methods, called
        // through it, listed as dead).
        "call_expression"
            if node.field("function").is_some_and(|f| {
                f.kind_name() == "scoped_identifier"
                    && f.field("name").is_some_and(|n| text(src, n) == "default")
                    && f.field("path").is_some_and(|p| {
                        let t = text(src, p);
                        t != "Default"
                            && t.rsplit("::")
                                .next()
                                .is_some_and(|l| l.starts_with(|c: char| c.is_ascii_uppercase()))
                    })
            }) =>
        {
            type_path(src, node.field("function")?.field("path")?)
        }
        "call_expression" | "identifier" | "field_expression" | "scoped_identifier"
        | "index_expression" | "self" | "try_expression" => chain(src, node),
        // `|p| gi.matched(p)`, `move || { …; x.f() }`: what a call of it gives, by the body's
        // value (a block's last expression).
        "closure_expression" => {
            let body = node.field("body")?;
            let value = match body.kind_name() {
                "block" => {
                    let mut c = body.walk();
                    let last = body
                        .named_children(&mut c)
                        .filter(|n| !n.kind_name().ends_with("comment"))
                        .last()?;
                    last
                }
                _ => body,
            };
            Some(format!("{GIVES}{})", value_type(src, value)?))
        }
        _ => None,
    }
}

/// The elements a `for` loop over `node` gives: `xs`, `&xs`, `&mut xs`, `xs.iter()`.
pub(super) fn elements_of(src: &[u8], node: Node<'_>) -> Option<String> {
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
pub(super) fn chain(src: &[u8], node: Node<'_>) -> Option<String> {
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

/// The type an impl is for, without generics or a path: `Map<K, V>` → `Map`, `&str` → `str`.
pub(super) fn base_type(node: Node<'_>) -> Option<Node<'_>> {
    match node.kind_name() {
        "type_identifier" | "primitive_type" => Some(node),
        "generic_type" => base_type(node.field("type")?),
        "scoped_type_identifier" => node.field("name"),
        "reference_type" => base_type(node.field("type")?),
        _ => None,
    }
}

/// The start of an item's attributes (`#[…]` lines right above it), and its row.
pub(super) fn above_attributes(src: &[u8], at: usize, row: usize) -> (usize, usize) {
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
pub(super) fn is_doc_above(src: &[u8], at: usize) -> bool {
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
pub(super) fn doc_siblings(src: &[u8], node: Node<'_>) -> Option<String> {
    let mut next_row = node.start_position().row;
    let mut cur = node.prev_sibling();
    while let Some(a) = cur.filter(|c| c.kind_name() == "attribute_item") {
        next_row = a.start_position().row;
        cur = a.prev_sibling();
    }
    let is_comment = |k: &str| matches!(k, "line_comment" | "block_comment");
    crate::syntax::doc_above_where(src, cur, next_row, is_comment, false, is_outer_doc)
}

/// Whether a comment is an outer doc comment (`///`, `/** */`): a plain `//` or `/* */` above
/// one is a note, not the item's doc. `////` and `/***` are plain, as rustdoc reads them.
pub(super) fn is_outer_doc(t: &[u8]) -> bool {
    (t.starts_with(b"///") && !t.starts_with(b"////"))
        || (t.starts_with(b"/**") && !t.starts_with(b"/***") && !t.starts_with(b"/**/"))
}
