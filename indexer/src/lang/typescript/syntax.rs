//! The syntax helpers `EcmaSyntax` reads the tree with: what an import, `require(…)` or
//! export binds, string literals as names, type annotations and values as type expressions,
//! and the comments above a statement.

use crate::model::Import;
use crate::syntax::{text, NodeExt};
use tree_sitter::Node;

/// The member of the re-export that says a file's default export is an object literal whose
/// properties are the file's own names (`export default { a, b }`, `module.exports = { a }`).
pub(crate) const DEFAULT_OBJECT: &str = "{}";

/// What a file exports under another name than its own: `export default x` and
/// `module.exports = x` (`default`: x is the default export), `export { a as b }`,
/// `module.exports = { b: a }`. Each is a re-export from the file itself (no module).
pub(super) fn own_exports(
    src: &[u8],
    node: Node<'_>,
    default: bool,
    pos: crate::model::Pos,
    out: &mut Vec<Import>,
) {
    let mut push = |member: String, alias: String| {
        if member != alias {
            out.push(Import {
                module: String::new(),
                member: Some(member),
                alias: Some(alias),
                reexport: true,
                pos,
            });
        }
    };
    match node.kind_name() {
        "identifier" if default => push(text(src, node), "default".into()),
        "export_clause" => {
            let mut c = node.walk();
            for spec in node.named_children(&mut c) {
                let (Some(name), Some(alias)) = (spec.field("name"), spec.field("alias")) else {
                    continue;
                };
                push(string_or_text(src, name), string_or_text(src, alias));
            }
        }
        "object" => {
            // `export default { forEach, merge }` (axios's `utils`): the default export is an
            // object of the file's own names, so `utils.forEach` is the file's `forEach`.
            if default {
                push(DEFAULT_OBJECT.into(), "default".into());
            }
            let mut c = node.walk();
            for pair in node.named_children(&mut c) {
                if pair.kind_name() != "pair" {
                    continue;
                }
                let (Some(k), Some(v)) = (pair.field("key"), pair.field("value")) else {
                    continue;
                };
                if v.kind_name() == "identifier" {
                    push(text(src, v), string_or_text(src, k));
                }
            }
        }
        _ if default => {
            // `export default class C {}`, `module.exports = function f() {}`.
            if let Some(name) = node
                .field("name")
                .filter(|n| matches!(n.kind_name(), "identifier" | "type_identifier"))
            {
                push(text(src, name), "default".into());
            }
        }
        _ => {}
    }
}

pub(super) fn is_parameter(node: Node<'_>) -> bool {
    matches!(
        node.kind_name(),
        "required_parameter" | "optional_parameter"
    )
}

/// Whether a value is `require("…")`.
pub(super) fn is_require(src: &[u8], v: Node<'_>) -> bool {
    v.kind_name() == "call_expression"
        && v.field("function")
            .is_some_and(|f| f.kind_name() == "identifier" && text(src, f) == "require")
}

/// The names a `require("m")` call binds, from what it is assigned to: `const m = require(…)`
/// binds the module, `const { a, b: c } = require(…)` its members, `require(…).x` a member.
pub(super) fn require_bindings(
    src: &[u8],
    call: Node<'_>,
    module: &str,
    pos: crate::model::Pos,
    out: &mut Vec<Import>,
) {
    let push = |out: &mut Vec<Import>, member: Option<String>, alias: Option<String>| {
        out.push(Import {
            module: module.to_string(),
            member,
            alias,
            reexport: false,
            pos,
        })
    };
    let Some(parent) = call.parent() else {
        return push(out, None, None);
    };
    let (holder, member) = if parent.kind_name() == "member_expression" {
        let m = parent.field("property").map(|p| text(src, p));
        (parent.parent(), m)
    } else {
        (Some(parent), None)
    };
    let Some(decl) = holder.filter(|h| h.kind_name() == "variable_declarator") else {
        return push(out, member, None);
    };
    let Some(name) = decl.field("name") else {
        return push(out, member, None);
    };
    match name.kind_name() {
        "identifier" => {
            let alias = Some(text(src, name));
            push(out, member, alias)
        }
        "object_pattern" => {
            let mut c = name.walk();
            for p in name.named_children(&mut c) {
                match p.kind_name() {
                    "shorthand_property_identifier_pattern" => {
                        let n = text(src, p);
                        push(out, Some(n.clone()), Some(n));
                    }
                    "pair_pattern" => {
                        let (Some(k), Some(v)) = (p.field("key"), p.field("value")) else {
                            continue;
                        };
                        if v.kind_name() == "identifier" {
                            push(out, Some(string_or_text(src, k)), Some(text(src, v)));
                        }
                    }
                    _ => {}
                }
            }
        }
        _ => push(out, member, None),
    }
}

/// A string literal's value (`"./x"` → `./x`), when it has no substitutions.
pub(super) fn string_value(src: &[u8], node: Node<'_>) -> Option<String> {
    if node.kind_name() != "string" {
        return None;
    }
    let t = text(src, node);
    let inner = t
        .strip_prefix(['"', '\''])
        .and_then(|s| s.strip_suffix(['"', '\'']))?;
    (!inner.is_empty()).then(|| inner.to_string())
}

/// A name that may be written as a string (`import { "a-b" as c }`).
pub(super) fn string_or_text(src: &[u8], node: Node<'_>) -> String {
    string_value(src, node).unwrap_or_else(|| text(src, node))
}

/// An annotation as a type expression: `Foo`, `ns.Foo`, `Foo<T>` give the type; `Foo | null`
/// and `Foo | undefined` the type; `Foo[]` and `Array<Foo>` an array of it (`[]Foo`); anything
/// else, nothing.
pub(super) fn annotation(src: &[u8], node: Node<'_>) -> Option<String> {
    let n = if node.kind_name() == "type_annotation" {
        node.named_child(0)?
    } else {
        node
    };
    match n.kind_name() {
        "type_identifier" => Some(text(src, n)),
        "nested_type_identifier" => {
            let module = n.field("module")?;
            let name = n.field("name")?;
            Some(format!("{}.{}", text(src, module), text(src, name)))
        }
        "generic_type" => {
            let name = annotation(src, n.field("name")?)?;
            let args = n.field("type_arguments");
            match name.as_str() {
                "Array" | "ReadonlyArray" => {
                    Some(format!("[]{}", annotation(src, args?.named_child(0)?)?))
                }
                "Promise" | "Readonly" | "Required" | "Partial" => {
                    annotation(src, args?.named_child(0)?)
                }
                _ => Some(name),
            }
        }
        "array_type" => Some(format!("[]{}", annotation(src, n.named_child(0)?)?)),
        "union_type" => {
            let mut c = n.walk();
            let named: Vec<String> = n
                .named_children(&mut c)
                .filter_map(|t| annotation(src, t))
                .collect();
            (named.len() == 1).then(|| named[0].clone())
        }
        "parenthesized_type" => annotation(src, n.named_child(0)?),
        _ => None,
    }
}

/// A value's type expression: `new T(…)` is a `T`; a call or name chain (`make()`,
/// `a.b.c()`) is read through what it names; `x as T` and `<T>x` are `T`.
pub(super) fn value(src: &[u8], node: Node<'_>) -> Option<String> {
    match node.kind_name() {
        "new_expression" => chain(src, node.field("constructor")?),
        "call_expression" | "identifier" | "member_expression" => chain(src, node),
        "as_expression" | "satisfies_expression" => {
            let t = node.named_child(1)?;
            annotation(src, t).or_else(|| value(src, node.named_child(0)?))
        }
        "type_assertion" => annotation(src, node.named_child(0)?),
        "await_expression" | "parenthesized_expression" | "non_null_expression" => {
            value(src, node.named_child(0)?)
        }
        _ => None,
    }
}

/// `a.b().c` for a chain of names, members and calls.
fn chain(src: &[u8], node: Node<'_>) -> Option<String> {
    match node.kind_name() {
        "identifier" | "this" => Some(text(src, node)),
        "member_expression" => {
            let obj = chain(src, node.field("object")?)?;
            let prop = node.field("property")?;
            if !matches!(
                prop.kind_name(),
                "property_identifier" | "private_property_identifier"
            ) {
                return None;
            }
            Some(format!("{obj}.{}", text(src, prop)))
        }
        "call_expression" => {
            let f = node.field("function")?;
            if f.kind_name() == "identifier" && text(src, f) == "require" {
                return None;
            }
            Some(format!("{}()", chain(src, f)?))
        }
        "non_null_expression" => chain(src, node.named_child(0)?),
        _ => None,
    }
}

/// The first sentence of a comment's text.
pub(super) fn summary_of(t: &str) -> Option<String> {
    let body = t
        .trim()
        .trim_start_matches("/*")
        .trim_end_matches("*/")
        .to_string();
    crate::syntax::first_sentence(
        body.lines()
            .map(|l| l.trim().trim_start_matches('*').trim_start_matches("//")),
    )
}

/// The comments right above a statement, from the tree's siblings (the reference path, which
/// has no list of the file's comments): the same run [`doc_comment_in`] finds.
pub(super) fn doc_comment_siblings(src: &[u8], node: Node<'_>) -> Option<String> {
    let (cur, row) = (node.prev_sibling(), node.start_position().row);
    crate::syntax::doc_above(src, cur, row, |k| k == "comment", true)
}
