//! Types stated in one file: locals and their scopes, attributes and module-level names, read
//! through to facts and call hints.

use super::stack::Open;
use crate::lang::Language;
use crate::model::{EdgeKind, FactRole, FileExtract, Kind, TypeFact, UNKNOWN_TYPE};
use crate::syntax::{IntMap, NodeExt};
use std::collections::HashMap;
use tree_sitter::Node;

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
pub(super) struct Types<'t> {
    /// (symbol, role, type expression) for the file's qualnames; the symbol's qualname is
    /// taken at the end (methods get their receiver's type as parent late).
    pub(super) facts: Vec<(usize, FactRole, String)>,
    /// Class attributes (`self.x = ...`): (class symbol, attribute, type expression, scope
    /// the value was written in).
    attrs: Vec<(usize, String, String, usize)>,
    /// Module-level names: (name, type expression).
    module: Vec<(String, String)>,
    /// Locals per function or method symbol by name: (type if stated, where bound), in
    /// source order; a reference sees the last one whose scope it is in.
    scoped: IntMap<usize, Scoped<'t>>,
    /// Binding nodes' block-scope ends as the walk saw them ([`Raw`](super::raw::Raw)).
    scope_ends: IntMap<usize, usize>,
}

impl<'t> Types<'t> {
    /// None gathered yet; `scope_ends` as the walk saw them ([`Raw`](super::raw::Raw)).
    pub(super) fn new(scope_ends: IntMap<usize, usize>) -> Self {
        Types {
            scope_ends,
            ..Types::default()
        }
    }

    /// One binding node's names, placed by the scope it is written in.
    pub(super) fn bind(
        &mut self,
        spec: &Language,
        src: &[u8],
        out: &FileExtract,
        stack: &[Open],
        node: Node<'t>,
    ) {
        // Not the alias the node itself defines (`using B = A;` binds `B` in its scope).
        let inner = stack
            .iter()
            .rev()
            .find(|o| !(o.start == node.start_byte() && out.symbols[o.sym].kind == Kind::Type))
            .map(|o| o.sym);
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
    pub(super) fn finish(mut self, spec: &Language, out: &mut FileExtract) {
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
    pub(super) fn visible(
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
    pub(super) fn hint_at(
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
    // A `const` value: its type read through, still `const` unless it is a list's or an
    // optional value's.
    if let Some(inner) = ty.strip_prefix(crate::model::CONST) {
        return read_through(spec, out, inner, scope, lookup).map(|t| {
            if t.starts_with("[]")
                || t.starts_with(crate::model::MAYBE)
                || t.starts_with(crate::model::CONST)
            {
                t
            } else {
                format!("{}{t}", crate::model::CONST)
            }
        });
    }
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
    // A closure's: what its call gives, read through.
    if let Some(inner) = ty
        .strip_prefix(crate::model::GIVES)
        .and_then(|x| x.strip_suffix(')'))
    {
        let g = crate::model::GIVES;
        return read_through(spec, out, inner, scope, lookup).map(|t| format!("{g}{t})"));
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
        // A name on a `const` local: the name's own type, its constness not followed.
        Some(Some(t)) if !rest.is_empty() && t.starts_with(crate::model::CONST) => {
            Some(format!("{}{rest}", &t[crate::model::CONST.len()..]))
        }
        Some(Some(t)) => {
            let maybe = t
                .strip_prefix(crate::model::MAYBE)
                .and_then(|x| x.strip_suffix(')'));
            let gives = t
                .strip_prefix(crate::model::GIVES)
                .and_then(|x| x.strip_suffix(')'));
            match (t.strip_prefix("[]"), maybe) {
                _ if rest.is_empty() => Some(t),
                // A call of a closure local: what it gives (`m(x).f` → `T.f`).
                _ if gives.is_some() => {
                    let r = rest.strip_prefix("()")?;
                    gives.map(|g| format!("{g}{r}"))
                }
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
pub(super) fn self_type(out: &FileExtract, mut cur: Option<usize>) -> Option<String> {
    while let Some(s) = cur {
        let sym = &out.symbols[s];
        if let Some(r) = &sym.receiver {
            return Some(r.clone());
        }
        if matches!(sym.kind, Kind::Class | Kind::Struct | Kind::Interface) {
            return Some(sym.qualname.clone());
        }
        cur = sym.parent;
    }
    None
}
