//! The sweep: definitions placed as symbols with qualified names, ranges, signatures and docs, and
//! each reference given the symbol it sits in.

use super::dotted::dotted;
use super::raw::Raw;
use super::stack::{sitting_in, Open};
use super::types::Types;
use crate::lang::{type_name, Argument, DefTag, Language};
use crate::model::{EdgeKind, FactRole, FileExtract, Kind, RawRef, TypeFact};
use crate::syntax::{collapse_ws, pos_of, text, truncate, IntMap, NodeExt, MAX_SIGNATURE};
use std::collections::HashMap;
use tree_sitter::Node;

pub(super) fn build(spec: &Language, src: &[u8], mut raw: Raw<'_>, root: Node<'_>) -> FileExtract {
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
    let mut types = Types::new(std::mem::take(&mut raw.scope_ends));

    let mut counts: HashMap<String, (u32, usize)> = HashMap::new();
    // (the first of a name, another of it) and the signatures without a body, by index: for
    // [`bodies_first`].
    let mut overloads: Vec<(usize, usize)> = Vec::new();
    let mut bodiless: Vec<usize> = Vec::new();
    // Namespaces by qualname, where a language of overloads opens one again (C++).
    let mut reopened: HashMap<String, usize> = HashMap::new();
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
        let scope = if syntax.file_level(def) {
            None
        } else if syntax.lifted(def) {
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
        let name = syntax.name(src, def);
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
        // A namespace opened again in the same file (C++'s `namespace a { … }` twice) is
        // the same scope: what it holds goes under the first one's symbol, no `a~2`.
        if (spec.overloads && kind == Kind::Package) || spec.reopens.contains(&kind) {
            if let Some(&prev) = reopened.get(&key) {
                stack.push(Open {
                    start,
                    end,
                    sym: prev,
                });
                continue;
            }
            reopened.insert(key.clone(), out.symbols.len());
        }
        // How many of the name so far, and the first one's index.
        let (n, first) = {
            let c = counts.entry(key).or_insert((0, out.symbols.len()));
            c.0 += 1;
            *c
        };
        let segment = if n > 1 {
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
            span: crate::syntax::decl_span_of(src, span_node),
            name_span: syntax.name_span(src, def),
            signature,
            doc: syntax.doc(src, def, span_node, raw.comments.as_deref()),
            parent,
            params: syntax.params(def),
            receiver: receiver.as_ref().map(|(_, t)| t.clone()),
        };
        if n > 1 {
            overloads.push((first, out.symbols.len()));
        }
        if syntax.bodiless(src, def) {
            bodiless.push(out.symbols.len());
        }
        let idx = out.symbols.len();
        if let Some(r) = syntax.returns(src, def) {
            types.facts.push((idx, FactRole::Returns, r));
        }
        if let (true, Kind::Method | Kind::Function, Some(n)) = (spec.overloads, kind, sym.params) {
            // `2+` for `f(a, b, T... c)`: two and any more; `1-2` for `f(a, b = 0)`.
            let fact = match (syntax.variadic(def), syntax.required(def)) {
                (true, _) => format!("{}+", n.saturating_sub(1)),
                (false, Some(k)) if k < n => format!("{k}-{n}"),
                (false, _) => n.to_string(),
            };
            // `1 KeepCommand`: the count, then each parameter's type name.
            let named = syntax.param_types(src, def);
            let fact = if named.iter().any(|t| !t.is_empty()) {
                format!("{fact} {}", named.join(","))
            } else {
                fact
            };
            types.facts.push((idx, FactRole::Params, fact));
            if syntax.is_const(src, def) {
                types.facts.push((idx, FactRole::Const, String::new()));
            }
        }
        if kind == Kind::Method && syntax.is_static(src, def) {
            types.facts.push((idx, FactRole::Static, String::new()));
        }
        if kind == Kind::Function && syntax.declared_only(src, def) {
            types.facts.push((idx, FactRole::Declared, String::new()));
        }
        for (t, at) in syntax.implemented(src, def) {
            implemented.push(RawRef {
                kind: EdgeKind::Implements,
                source: Some(idx as u32),
                target: t.into_boxed_str(),
                hint: None,
                args: None,
                arg_types: None,
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

    bodies_first(&mut out, &overloads, &bodiless);

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

/// A name whose first definition is a signature without a body and whose one definition
/// with a body comes after (TypeScript's overload signatures, then the function): the body
/// takes the plain name and the signatures the marks, in their order (`f`, `f~2`, `f~3` for
/// the body and two signatures), so that the name's ID, its calls and its source are the
/// code that runs. What is nested in them is renamed with them; so are the type hints read
/// so far.
fn bodies_first(out: &mut FileExtract, overloads: &[(usize, usize)], bodiless: &[usize]) {
    if bodiless.is_empty() || overloads.is_empty() {
        return;
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &(first, other) in overloads {
        match groups.iter_mut().find(|g| g[0] == first) {
            Some(g) => g.push(other),
            None => groups.push(vec![first, other]),
        }
    }
    let mut renames: Vec<(String, String)> = Vec::new();
    for g in &groups {
        if !bodiless.contains(&g[0]) {
            continue;
        }
        let mut bodies = g.iter().filter(|i| !bodiless.contains(i));
        let (Some(&body), None) = (bodies.next(), bodies.next()) else {
            continue;
        };
        let order = std::iter::once(body).chain(g.iter().copied().filter(|&i| i != body));
        for (&old, new) in g.iter().zip(order) {
            let (from, to) = (&out.symbols[new].qualname, &out.symbols[old].qualname);
            if from != to {
                renames.push((from.clone(), to.clone()));
            }
        }
    }
    let renamed = |q: &str| {
        renames.iter().find_map(|(from, to)| {
            if q == from {
                Some(to.clone())
            } else {
                q.strip_prefix(from.as_str())
                    .filter(|r| r.starts_with('.'))
                    .map(|r| format!("{to}{r}"))
            }
        })
    };
    for s in &mut out.symbols {
        if let Some(q) = renamed(&s.qualname) {
            s.qualname = q;
        }
    }
    for r in &mut out.refs {
        if let Some(h) = r.hint.as_deref().and_then(renamed) {
            r.hint = Some(h.into_boxed_str());
        }
    }
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
    let Some(kind) = spec.syntax.reference_kind(src, node, kind) else {
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
                // A type of another file, or one the map has no symbol of (`str`): the
                // edge comes from the file, placed at the impl.
                out.symbols
                    .iter()
                    .position(|s| s.qualname == q && s.kind.is_type_like())
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
            // A receiver with no name stands for no value (C++'s `namespace a::b`).
            if var.is_empty() {
                cur = out.symbols[s].parent;
                continue;
            }
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
    // A path's first name (`body::send_body(…)`, `ns::f()`) is a module, a type or a
    // namespace, never a value: a local of that name (ureq's parameter `body`, its local
    // `unit`) does not stand for it.
    let path_head = || {
        node.utf8_text(src)
            .ok()
            .and_then(|t| t.strip_prefix(first))
            .is_some_and(|rest| rest.trim_start().starts_with("::"))
    };
    if hint.is_none() && kind == EdgeKind::Calls && !path_head() {
        hint = types.hint_at(spec, out, &target, at, source);
    }
    // A local holding an instance of a stated type, called (`response(scope, receive, send)`):
    // the type, for its call operator (the resolver's).
    if let (None, EdgeKind::Calls, Some(op)) = (&hint, kind, spec.call_operator) {
        if !target.contains(['.', '(', '[']) {
            hint = types
                .hint_at(spec, out, &format!("{target}.{op}"), at, source)
                .filter(|h| h != crate::model::UNKNOWN_TYPE);
        }
    }
    let arg_types = (kind == EdgeKind::Calls && spec.overloads)
        .then(|| {
            argument_types(spec, src, node, |name| {
                // `*this`, `this`: the enclosing class (tinyxml2's `visitor->Visit(*this)`
                // picks `Visit(const XMLElement&)` in `XMLElement::Accept`).
                if spec.self_names.contains(&name) {
                    return super::types::self_type(out, source);
                }
                types
                    .visible(spec, &out.symbols, name, at, source)
                    .flatten()
            })
        })
        .flatten();
    out.refs.push(RawRef {
        kind,
        source: source.map(|s| s as u32),
        target: target.into_boxed_str(),
        hint: hint.map(String::into_boxed_str),
        args: (kind == EdgeKind::Calls && spec.overloads)
            .then(|| call_args(node))
            .flatten(),
        arg_types,
        pos: pos_of(src, leaf_node),
    });
}

/// The number of arguments a call passes: of the call node captured (`a.m(x)`), or of the
/// call around the captured name (`new T(x)`).
fn call_args(node: Node<'_>) -> Option<u16> {
    if let Some(n) = kotlin_call_args(node) {
        return Some(n);
    }
    let args = node
        .field("arguments")
        .or_else(|| node.parent()?.field("arguments"))?;
    let mut c = args.walk();
    let n = args
        .named_children(&mut c)
        .filter(|a| !matches!(a.kind_name(), "comment" | "line_comment" | "block_comment"))
        .count();
    u16::try_from(n).ok()
}

/// A call's argument types as far as the parse tells them (`RawRef::arg_types`): each
/// argument's own ([`Syntax::argument`]), or a name's stated type (`local`); `None` when none
/// is told, or a trailing lambda makes the arguments more than the list holds.
fn argument_types<'t>(
    spec: &Language,
    src: &[u8],
    node: Node<'t>,
    local: impl Fn(&str) -> Option<String>,
) -> Option<Box<str>> {
    let list = match node.field("arguments") {
        Some(a) => a,
        None => node
            .parent()
            .and_then(|p| p.field("arguments"))
            .or_else(|| {
                let mut c = node.walk();
                let l = node
                    .named_children(&mut c)
                    .find(|k| k.kind_name() == "value_arguments");
                l
            })?,
    };
    let mut c = list.walk();
    let types: Vec<String> = list
        .named_children(&mut c)
        .filter(|a| !matches!(a.kind_name(), "comment" | "line_comment" | "block_comment"))
        .map(|a| match spec.syntax.argument(src, a) {
            Argument::Type(t) => t,
            // A list's or an optional value's type as the type walk writes it (`[]Boolean`
            // for `Boolean[] a`, for a `vector<bool>` too) names no parameter's type as
            // written: not told (commons-lang3's `toPrimitive(array)` went to the
            // `Object` overload, not `toPrimitive(Boolean[])`).
            Argument::Name(n) => local(&n)
                .filter(|t| {
                    let t = t.strip_prefix(crate::model::CONST).unwrap_or(t);
                    !t.starts_with("[]")
                        && !t.starts_with(crate::model::MAYBE)
                        && !t.starts_with(crate::model::GIVES)
                })
                .map(|t| type_name(&t))
                .unwrap_or_default(),
            Argument::Unknown => String::new(),
        })
        .collect();
    if types.iter().all(String::is_empty)
        || call_args(node).is_some_and(|n| usize::from(n) != types.len())
    {
        return None;
    }
    Some(types.join(",").into_boxed_str())
}

/// The number of arguments of Kotlin's call (a `call_expression` without fields): its
/// `value_arguments`, and a trailing lambda (`f(a) { … }`, `f { … }`) as one more; the
/// grammar reads `f(a) { … }` as the lambda added to the call `f(a)`.
fn kotlin_call_args(node: Node<'_>) -> Option<u16> {
    if node.kind_name() != "call_expression" || node.field("function").is_some() {
        return None;
    }
    let mut c = node.walk();
    let kids: Vec<Node<'_>> = node.named_children(&mut c).collect();
    let lambdas = kids
        .iter()
        .filter(|k| k.kind_name() == "annotated_lambda")
        .count();
    let mut n = lambdas;
    match kids.iter().find(|k| k.kind_name() == "value_arguments") {
        Some(args) => {
            let mut c = args.walk();
            n += args
                .named_children(&mut c)
                .filter(|a| a.kind_name() == "value_argument")
                .count();
        }
        None if lambdas > 0 => {
            if let Some(inner) = kids.first().filter(|k| k.kind_name() == "call_expression") {
                n += usize::from(kotlin_call_args(*inner).unwrap_or(0));
            }
        }
        None => {}
    }
    u16::try_from(n).ok()
}
