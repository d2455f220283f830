//! A reference's name: the dotted path its node spells (`a.b().c`).

use crate::syntax::{text, NodeExt};
use tree_sitter::Node;

/// `a.b.c` for a chain of attributes/selectors over an identifier, with `()` after a name
/// whose call the chain goes through (`a.b().c`, `super().m`); `?.c` when the chain starts
/// at another expression. Also returns the node of the last name (where the edge is recorded).
pub(super) fn dotted<'t>(src: &[u8], node: Node<'t>) -> (String, Node<'t>) {
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
            // Rust's `name!(…)`, `a::name!(…)`: the macro's path, its last name marked `!`.
            "macro_invocation" if first => {
                let Some(m) = cur.field("macro") else {
                    parts.push("?".to_string());
                    break;
                };
                called.push('!');
                cur = m;
                continue;
            }
            "identifier"
            | "type_identifier"
            | "package_identifier"
            | "field_identifier"
            | "namespace_identifier"
            | "constant"
            | "this"
            | "super"
            | "base"
            | "self"
            | "crate"
            | "name"
            | "relative_scope" => {
                push(&mut parts, text(src, cur), &mut called);
                break;
            }
            // PHP: `$x` is `x`, `$this` is `this`.
            "variable_name" => {
                match cur.named_child(0) {
                    Some(n) => push(&mut parts, text(src, n), &mut called),
                    None => parts.push("?".to_string()),
                }
                break;
            }
            // PHP's `A\B\C` (`\A\B\C`): `A.B.C`.
            // (C#'s `A.B` has a `qualifier` and is read below.)
            "qualified_name"
                if cur.field("scope").is_none() && cur.field("qualifier").is_none() =>
            {
                let written = text(src, cur);
                let mut segs: Vec<&str> = written
                    .trim_start_matches('\\')
                    .split('\\')
                    .map(str::trim)
                    .collect();
                if first {
                    leaf = cur
                        .named_child(cur.named_child_count().saturating_sub(1))
                        .unwrap_or(cur);
                }
                let last = segs.pop().unwrap_or("").to_string();
                push(&mut parts, last, &mut called);
                parts.extend(segs.iter().rev().map(|s| s.to_string()));
                break;
            }
            // PHP: `$o->m()`, `$o?->m()`, `A::m()`; in the middle of a chain the name is
            // called.
            "member_call_expression"
            | "nullsafe_member_call_expression"
            | "scoped_call_expression" => {
                let Some(name) = cur.field("name").filter(|n| n.kind_name() == "name") else {
                    parts.push("?".to_string());
                    break;
                };
                if first {
                    leaf = name;
                } else {
                    called.insert_str(0, "()");
                }
                push(&mut parts, text(src, name), &mut called);
                match cur.field("object").or_else(|| cur.field("scope")) {
                    Some(o) => cur = o,
                    None => break,
                }
            }
            // PHP's `f()`, `A\f()`: the function's name.
            "function_call_expression" => {
                let Some(f) = cur.field("function") else {
                    parts.push("?".to_string());
                    break;
                };
                if !first {
                    called.insert_str(0, "()");
                }
                cur = f;
                continue;
            }
            // Ruby's `A::B`, `::A`: the name, then its scope.
            "scope_resolution" => {
                let Some(name) = cur.field("name") else {
                    parts.push("?".to_string());
                    break;
                };
                if first {
                    leaf = name;
                }
                push(&mut parts, text(src, name), &mut called);
                match cur.field("scope") {
                    Some(s) => cur = s,
                    None => break,
                }
            }
            // Ruby's `a.m`, `m(x)`: a `call` with a `method`; in the middle of a chain the
            // name is called.
            "call" if cur.field("method").is_some() => {
                let Some(name) = cur.field("method") else {
                    break;
                };
                if first {
                    leaf = name;
                } else {
                    called.insert_str(0, "()");
                }
                push(&mut parts, text(src, name), &mut called);
                match cur.field("receiver") {
                    Some(o) => cur = o,
                    None => break,
                }
            }
            // Kotlin: `this`, `this@A`, `super`.
            "this_expression" | "super_expression" => {
                let word = if cur.kind_name() == "this_expression" {
                    "this"
                } else {
                    "super"
                };
                push(&mut parts, word.to_string(), &mut called);
                break;
            }
            // Kotlin's `f(…)`, `a.f(…)`, `f { … }`: the callee is the first child, no field.
            "call_expression" if cur.field("function").is_none() => {
                // `g(1) { … }` is a call whose callee is the call `g(1)`: that one is
                // read as part of it, not again on its own (only the captured node itself:
                // the outer call's walk goes on into it).
                if cur == node && kotlin_lambda_callee(cur) {
                    return (String::new(), node);
                }
                match cur.named_child(0).map(kotlin_operand).filter(|f| {
                    matches!(
                        f.kind_name(),
                        "identifier"
                            | "navigation_expression"
                            | "call_expression"
                            | "this_expression"
                            | "index_expression"
                    )
                }) {
                    Some(f) => {
                        if !first {
                            called.insert_str(0, "()");
                        }
                        cur = f;
                        continue;
                    }
                    None => {
                        parts.push("?".to_string());
                        break;
                    }
                }
            }
            // Kotlin's `a.b`, `a?.b`: the object, then the member's name, as children.
            "navigation_expression" => {
                let n = cur.named_child_count();
                let (Some(obj), Some(attr)) = (
                    cur.named_child(0).map(kotlin_operand),
                    n.checked_sub(1)
                        .and_then(|i| cur.named_child(i))
                        .filter(|a| a.kind_name() == "identifier" && n == 2),
                ) else {
                    parts.push("?".to_string());
                    break;
                };
                if first {
                    leaf = attr;
                }
                push(&mut parts, text(src, attr), &mut called);
                cur = obj;
            }
            // Kotlin's types: `a.B<T>` (its names), `T?`.
            "user_type" => {
                let mut c = cur.walk();
                let names: Vec<Node<'t>> = cur
                    .named_children(&mut c)
                    .filter(|k| k.kind_name() == "identifier")
                    .collect();
                let Some(last) = names.last() else {
                    parts.push("?".to_string());
                    break;
                };
                if first {
                    leaf = *last;
                }
                push(&mut parts, text(src, *last), &mut called);
                for s in names.iter().rev().skip(1) {
                    parts.push(text(src, *s));
                }
                break;
            }
            "nullable_type" if called.is_empty() => match cur.named_child(0) {
                Some(t) => {
                    cur = t;
                    continue;
                }
                None => break,
            },
            // Java: `a.m()`, `m()`; in the middle of a chain the name is called.
            "method_invocation" => {
                let Some(name) = cur.field("name") else {
                    parts.push("?".to_string());
                    break;
                };
                if first {
                    leaf = name;
                } else {
                    called.insert_str(0, "()");
                }
                push(&mut parts, text(src, name), &mut called);
                match cur.field("object") {
                    Some(o) => cur = o,
                    None => break,
                }
            }
            // C++'s `a::b::f`, `A<T>::f`, `::f`: nested to the right, read left to right.
            "qualified_identifier" => {
                let mut segs: Vec<Node<'t>> = Vec::new();
                let mut q = cur;
                let mut ok = true;
                while q.kind_name() == "qualified_identifier" {
                    if let Some(s) = q.field("scope") {
                        let s = match s.kind_name() {
                            "template_type" => s.field("name"),
                            "namespace_identifier" | "type_identifier" => Some(s),
                            _ => None,
                        };
                        match s {
                            Some(s) => segs.push(s),
                            None => ok = false,
                        }
                    }
                    match q.field("name") {
                        Some(n) => q = n,
                        None => {
                            ok = false;
                            break;
                        }
                    }
                }
                let last = match q.kind_name() {
                    "template_function" | "template_type" | "template_method" => q.field("name"),
                    "identifier" | "type_identifier" | "field_identifier" => Some(q),
                    _ => None,
                };
                match (ok, last) {
                    (true, Some(l)) => {
                        if first {
                            leaf = l;
                        }
                        push(&mut parts, text(src, l), &mut called);
                        for s in segs.iter().rev() {
                            parts.push(text(src, *s));
                        }
                    }
                    _ => parts.push("?".to_string()),
                }
                break;
            }
            // C++'s `f<T>(…)`, `V<T>`, `a.f<T>()`: the name.
            "template_function" | "template_type" | "template_method" => match cur.field("name") {
                Some(n) => {
                    cur = n;
                    continue;
                }
                None => {
                    parts.push("?".to_string());
                    break;
                }
            },
            // Java's `a.b.C` type: its parts are children, not fields.
            "scoped_type_identifier" if cur.field("name").is_none() => {
                let n = cur.named_child_count();
                let (Some(obj), Some(attr)) = (
                    cur.named_child(0),
                    n.checked_sub(1).and_then(|i| cur.named_child(i)),
                ) else {
                    parts.push("?".to_string());
                    break;
                };
                if first {
                    leaf = attr;
                }
                push(&mut parts, text(src, attr), &mut called);
                cur = obj;
            }
            // C#'s `M<T>`, `List<T>`: the name is its first child.
            "generic_name" => match cur.named_child(0) {
                Some(n) => {
                    cur = n;
                    continue;
                }
                None => {
                    parts.push("?".to_string());
                    break;
                }
            },
            // Java's `T<A>`: the type is its first child.
            "generic_type" if cur.field("type").is_none() && cur.field("name").is_none() => {
                match cur.named_child(0) {
                    Some(t) => {
                        cur = t;
                        continue;
                    }
                    None => break,
                }
            }
            "attribute"
            | "selector_expression"
            | "member_expression"
            | "field_expression"
            | "field_access"
            | "member_access_expression"
            | "qualified_name"
            | "scoped_identifier"
            | "scoped_type_identifier"
            | "nullsafe_member_access_expression" => {
                let (obj, attr) = match cur.kind_name() {
                    // PHP's `$o->p`, `$o?->p` (C#'s `a.b` has an `expression`, below).
                    "member_access_expression" | "nullsafe_member_access_expression"
                        if cur.field("object").is_some() =>
                    {
                        (
                            cur.field("object"),
                            cur.field("name").filter(|n| n.kind_name() == "name"),
                        )
                    }
                    // Rust: `a.b` and the path `a::b` alike.
                    // A tuple's or tuple struct's field by number (`self.0`) too.
                    "field_expression" => (
                        // Rust's `value`, C++'s `argument` (`a.f`, `p->f`, `this->f`).
                        cur.field("value").or_else(|| cur.field("argument")),
                        // C++'s `a.f<T>(x)`: the method's name.
                        cur.field("field")
                            .and_then(|f| match f.kind_name() {
                                "template_method" => f.field("name"),
                                _ => Some(f),
                            })
                            .filter(|f| {
                                f.kind_name() == "field_identifier"
                                    || (!first && f.kind_name() == "integer_literal")
                            }),
                    ),
                    // Rust's `path`, Java's `scope`.
                    "scoped_identifier" | "scoped_type_identifier" => (
                        cur.field("path").or_else(|| cur.field("scope")),
                        cur.field("name"),
                    ),
                    "field_access" => (
                        cur.field("object"),
                        cur.field("field").filter(|f| f.kind_name() == "identifier"),
                    ),
                    "attribute" => (cur.field("object"), cur.field("attribute")),
                    // C#'s `a.b` (a generic `a.M<T>` by its name) and `A.B` of a type.
                    "member_access_expression" | "qualified_name" => (
                        cur.field("expression").or_else(|| cur.field("qualifier")),
                        cur.field("name").and_then(|n| match n.kind_name() {
                            "generic_name" => n.named_child(0),
                            _ => Some(n),
                        }),
                    ),
                    // `this.#dispatch`: a private name is a member's name too (tanstack's
                    // `this.#dispatch(…)` made no edge: 21 called methods listed unused).
                    "member_expression" => (
                        cur.field("object"),
                        cur.field("property").filter(|p| {
                            matches!(
                                p.kind_name(),
                                "property_identifier" | "private_property_identifier"
                            )
                        }),
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
            | "object_creation_expression"
            | "subscript_expression"
            | "invocation_expression"
            | "element_access_expression"
            | "try_expression"
                if !first =>
            {
                let (inner, op) = match cur.kind_name() {
                    "call" | "call_expression" => (cur.field("function"), "()"),
                    "try_expression" => (cur.named_child(0), "?"),
                    "new_expression" => (cur.field("constructor"), "()"),
                    "invocation_expression" => (cur.field("function"), "()"),
                    "element_access_expression" => (cur.field("expression"), "[]"),
                    "object_creation_expression" => (cur.field("type"), "()"),
                    "subscript" => (cur.field("value"), "[]"),
                    // JavaScript's `object`, C++'s `argument`.
                    "subscript_expression" => {
                        (cur.field("object").or_else(|| cur.field("argument")), "[]")
                    }
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
                                | "qualified_identifier"
                                | "this"
                                | "call"
                                | "call_expression"
                                | "subscript"
                                | "index_expression"
                                | "subscript_expression"
                                | "try_expression"
                                | "type_identifier"
                                | "scoped_type_identifier"
                                | "generic_type"
                                | "method_invocation"
                                | "field_access"
                                | "object_creation_expression"
                                | "member_access_expression"
                                | "invocation_expression"
                                | "element_access_expression"
                                | "generic_name"
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

/// Whether a Kotlin call is the callee of a call that adds a trailing lambda (`g(1)` of
/// `g(1) { … }`).
/// What a Kotlin prefix or postfix operator applies to: `x` of `x!!` (`x!!.f()`), `discard` of
/// `!discard(…)` (the grammar reads the call's callee as `!discard`).
fn kotlin_operand(mut n: Node<'_>) -> Node<'_> {
    while n.kind_name() == "unary_expression" {
        match n.field("argument") {
            Some(a) => n = a,
            None => break,
        }
    }
    n
}

fn kotlin_lambda_callee(call: Node<'_>) -> bool {
    call.parent().is_some_and(|p| {
        p.kind_name() == "call_expression"
            && p.named_child(0) == Some(call)
            && (0..p.named_child_count())
                .filter_map(|i| p.named_child(i))
                .any(|k| k.kind_name() == "annotated_lambda")
    })
}
