//! Following the types the code states. A reference whose target the language's name rules
//! do not decide (`self.graph.add(...)`, `saved.connect(...)`, `s.Scan()`) is read as a value
//! path: its first names are resolved by those rules or by the type the extractor found for
//! them (a parameter's annotation, `x = Cls()`, `x := NewT()`), and each further name is a
//! member of the value so far: a module's or package's symbol, a type's method or field, or
//! (not found there) a member of its bases or embedded types, in order. Variables, fields
//! and attributes have the type their file states (`model::TypeFact`), calls the declared
//! result of what they call. A value of a builtin or outside type gives an `external` edge;
//! a path the types do not decide gives nothing, and the resolver's fallback decides.
//!
//! Pure: symbols and facts come through [`SymbolIndex`]; type expressions are read in the
//! scope of the file that wrote them.

use super::ctx::{Binding, FileCtx, Layout, Outcome, Ref, Resolver, SymRef, SymbolIndex};
use crate::id::NodeId;
use crate::lang::Lang;
use crate::model::{EdgeKind, FactRole, Kind, Resolution, GIVES, MAYBE};
use crate::walk::parent_dir;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

/// How many type expressions one reference may read (through results, fields, bases).
const MAX_STEPS: u32 = 48;

/// A value the path reached.
#[derive(Debug, Clone)]
enum Val {
    /// A module (its file).
    Module(String),
    /// A package directory.
    Package(String),
    /// A class, struct, interface or named type, or a value of it.
    Type(SymRef),
    /// The bases of a class (`super()`), without the class itself.
    Bases(SymRef),
    /// A function or method.
    Func(SymRef),
    /// A slice, array, map or list whose elements are this.
    Elems(Box<Val>),
    /// An optional value or a result (Rust's `Option<T>`, `Result<T, E>`): `?` or an
    /// unwrapping method gives the value.
    Maybe(Box<Val>),
    /// A method of something outside whose call gives this (`opt.unwrap`).
    Gives(Box<Val>),
    /// Something outside the workspace: a builtin, an outside module's value.
    External,
}

/// What a name on a value is.
enum Member {
    Sym(SymRef),
    /// An attribute with a stated type but no symbol (`self.x = T()` in a method).
    Typed(Option<Val>),
    /// A method outside the workspace whose call gives this value (`opt.unwrap`,
    /// `x.clone`).
    Gives(Val),
    External,
}

/// What the walk learns, kept across the references of one run (one per worker): other
/// files' scopes, and the value of each (file, type expression) read. The symbols and facts
/// it read from do not change while a run resolves.
#[derive(Default)]
pub struct Cache {
    ctxs: HashMap<String, Rc<FileCtx>>,
    /// By (file, scope, expression); `None` while one is being read (a cycle reads nothing).
    types: HashMap<(String, String, String), Option<Val>>,
}

pub(crate) struct Walk<'a> {
    /// The file the reference is in.
    home: &'a FileCtx,
    r: &'a dyn Resolver,
    lang: Lang,
    ws: &'a Layout,
    idx: &'a dyn SymbolIndex,
    cache: &'a mut Cache,
    steps: u32,
}

fn qual(s: &SymRef) -> &str {
    s.qualname()
}

/// What a segment does after naming: `f()` calls, `xs[]` takes an element, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    /// A call; `Some(n)`: its result `n` (`f()@1`: the second of a tuple or of Go's results).
    Call(Option<usize>),
    Index,
    /// Rust's `?`: the value of a `Maybe`.
    Try,
}

/// A segment's name and the calls, indexing and `?` after it (`f()[]` → `f`, [Call, Index]).
fn split_ops(seg: &str) -> (&str, Vec<Op>) {
    let end = seg.find(['(', '[', '?']).unwrap_or(seg.len());
    let mut ops = Vec::new();
    let mut rest = &seg[end..];
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix("()") {
            // `@N` after a call: its result N, in the middle of a chain (`a()@0.b()`).
            let digits = r
                .strip_prefix('@')
                .map_or(0, |d| d.bytes().take_while(u8::is_ascii_digit).count());
            match r.get(1..1 + digits).and_then(|d| d.parse::<usize>().ok()) {
                Some(n) if digits > 0 => {
                    ops.push(Op::Call(Some(n)));
                    rest = &r[1 + digits..];
                }
                _ => {
                    ops.push(Op::Call(None));
                    rest = r;
                }
            }
        } else if let Some(r) = rest.strip_prefix("[]") {
            ops.push(Op::Index);
            rest = r;
        } else if let Some(r) = rest.strip_prefix('?') {
            ops.push(Op::Try);
            rest = r;
        } else {
            break;
        }
    }
    (&seg[..end], ops)
}

impl<'a> Walk<'a> {
    pub(crate) fn new(
        home: &'a FileCtx,
        r: &'a dyn Resolver,
        ws: &'a Layout,
        idx: &'a dyn SymbolIndex,
        cache: &'a mut Cache,
    ) -> Walk<'a> {
        Walk {
            home,
            r,
            lang: home.lang,
            ws,
            idx,
            cache,
            steps: 0,
        }
    }

    /// The edge for a reference whose target is `segs` (two or more names), when the types
    /// decide it.
    pub(crate) fn reference(
        &mut self,
        r: &Ref<'_>,
        segs: &[&str],
        want: &dyn Fn(Kind) -> bool,
    ) -> Option<Outcome> {
        let n = segs.len();
        if n < 2 || segs[0] == "?" {
            return None;
        }
        let (leaf, _) = split_ops(segs[n - 1]);
        let home = self.home;
        let v = self.value(home, &segs[..n - 1], r.hint, r.source_qual, 0)?;
        Some(match self.member(&v, leaf, r.kind == EdgeKind::Calls)? {
            Member::Sym(s) if want(s.kind) => Outcome::Edge(Some(s.node_id), Resolution::Inferred),
            // A field or attribute holding something callable: no definition to point at.
            Member::Sym(_) | Member::Typed(_) => Outcome::Edge(None, Resolution::Unresolved),
            Member::External | Member::Gives(_) => Outcome::Edge(None, Resolution::External),
        })
    }

    /// The language of a file the walk reaches (TypeScript may import JavaScript).
    fn lang_of(&self, file: &str) -> crate::lang::Lang {
        self.ws.lang_of(file).unwrap_or(self.lang)
    }

    fn ctx_of(&mut self, file: &str) -> Rc<FileCtx> {
        if let Some(c) = self.cache.ctxs.get(file) {
            return c.clone();
        }
        let lang = self.lang_of(file);
        let imports = self.idx.imports_of(lang, file);
        let c = Rc::new(FileCtx::new(lang, file, &imports, self.ws));
        self.cache.ctxs.insert(file.to_string(), c.clone());
        c
    }

    /// The value of a type expression written in `file`, in the scope of qualname `scope`
    /// (`None`: the file's top level).
    fn type_in(&mut self, file: &str, scope: Option<&str>, expr: &str) -> Option<Val> {
        // A `const` value reads as its type.
        let expr = expr.strip_prefix(crate::model::CONST).unwrap_or(expr);
        // The scope matters only when it defines the expression's first name: else the file's
        // top level reads it the same, and one cache entry serves every scope.
        let scope = scope.filter(|sq| self.scope_defines(file, sq, expr));
        let key = (
            file.to_string(),
            scope.unwrap_or("").to_string(),
            expr.to_string(),
        );
        if let Some(v) = self.cache.types.get(&key) {
            return v.clone();
        }
        if self.steps >= MAX_STEPS {
            return None;
        }
        self.steps += 1;
        self.cache.types.insert(key.clone(), None);
        // A pick at the end (`f()@1`); one inside the chain is its call's (`split_ops`).
        let (path, pick) = match expr.rsplit_once('@') {
            Some((p, n)) if n.bytes().all(|b| b.is_ascii_digit()) => (p, n.parse::<usize>().ok()?),
            _ => (expr, 0),
        };
        // `[]T`: elements of type T; `Maybe(T)`: an optional T or a result of T; `Gives(T)`:
        // a closure whose call gives a T.
        let maybe = path.strip_prefix(MAYBE).and_then(|r| r.strip_suffix(')'));
        let gives = path.strip_prefix(GIVES).and_then(|r| r.strip_suffix(')'));
        let elems = path.strip_prefix("[]");
        let segs: Vec<&str> = path.split('.').collect();
        let v = if let Some(inner) = maybe {
            // `Maybe()`: of something without a name (`Result<()>`).
            let v = match inner {
                "" => Some(Val::External),
                _ => self.type_in(file, scope, inner),
            };
            v.map(|v| Val::Maybe(Box::new(v)))
        } else if let Some(inner) = gives {
            self.type_in(file, scope, inner)
                .map(|v| Val::Gives(Box::new(v)))
        } else if let Some(inner) = elems {
            self.type_in(file, scope, inner)
                .map(|v| Val::Elems(Box::new(v)))
        } else if segs.iter().any(|s| s.is_empty()) {
            None
        } else if file == self.home.path {
            let home = self.home;
            self.value(home, &segs, None, scope, pick)
        } else {
            let ctx = self.ctx_of(file);
            self.value(&ctx, &segs, None, scope, pick)
        };
        // A value cut short by the step budget is not kept: another reference may finish it.
        if self.steps < MAX_STEPS {
            self.cache.types.insert(key, v.clone());
        } else {
            self.cache.types.remove(&key);
        }
        v
    }

    /// Whether a scope of `file` (qualname `sq` or one around it) defines the first name of
    /// type expression `expr`.
    fn scope_defines(&self, file: &str, sq: &str, expr: &str) -> bool {
        let bare = expr.trim_start_matches("[]");
        let bare = bare.strip_prefix(MAYBE).unwrap_or(bare);
        let bare = bare.strip_prefix(GIVES).unwrap_or(bare);
        let head = bare
            .split(['.', '(', '[', '?', ')', '@'])
            .next()
            .unwrap_or(bare);
        if head.is_empty() {
            return false;
        }
        // A path relative to the module the scope is in (Rust's `super::T` in `mod tests`).
        if matches!(head, "super" | "self") {
            return true;
        }
        let lang = self.lang_of(file);
        let mut prefix = sq;
        loop {
            let q = format!("{prefix}.{head}");
            if !super::ctx::is_constructor(&q) && self.idx.in_file(lang, file, &q).is_some() {
                return true;
            }
            // A namespace's names may be declared in another file (C++): the scope is kept.
            if self
                .idx
                .in_file(lang, file, prefix)
                .is_some_and(|s| s.kind == Kind::Package)
            {
                return true;
            }
            match prefix.rsplit_once('.') {
                Some((p, _)) => prefix = p,
                None => return false,
            }
        }
    }

    /// The value of a path of names (a name ending in `()` is called; the last call picks
    /// result `pick`). `hint` is the first name's type, when the extractor found one.
    fn value(
        &mut self,
        ctx: &FileCtx,
        segs: &[&str],
        hint: Option<&str>,
        source_qual: Option<&str>,
        pick: usize,
    ) -> Option<Val> {
        let last = segs.len() - 1;
        let pick_at = |i: usize| if i == last { pick } else { 0 };
        let (mut v, from) = match hint {
            Some(h) if self.lang.spec().super_call == Some(segs[0]) => {
                match self.type_in(&ctx.path, source_qual, h)? {
                    Val::Type(t) => (Val::Bases(t), 1),
                    _ => return None,
                }
            }
            Some(h) => {
                let v = self.type_in(&ctx.path, source_qual, h)?;
                let (_, ops) = split_ops(segs[0]);
                (self.apply(v, &ops, pick_at(0))?, 1)
            }
            None => self.start(ctx, segs, source_qual, pick_at)?,
        };
        for (i, seg) in segs.iter().enumerate().skip(from) {
            let (name, ops) = split_ops(seg);
            v = match self.member(&v, name, matches!(ops.first(), Some(Op::Call(_))))? {
                Member::Sym(s) => self.of_symbol(s)?,
                Member::Typed(t) => t?,
                Member::Gives(v) => Val::Gives(Box::new(v)),
                Member::External => Val::External,
            };
            v = self.apply(v, &ops, pick_at(i))?;
        }
        Some(v)
    }

    /// Calls and indexing after a name; the last call picks result `pick`.
    fn apply(&mut self, mut v: Val, ops: &[Op], pick: usize) -> Option<Val> {
        let last_call = ops.iter().rposition(|o| matches!(o, Op::Call(_)));
        for (i, op) in ops.iter().enumerate() {
            v = match op {
                Op::Call(p) => {
                    let p = p.unwrap_or(if Some(i) == last_call { pick } else { 0 });
                    self.call(&v, p)?
                }
                Op::Index => match v {
                    Val::Elems(e) => *e,
                    Val::External => Val::External,
                    _ => return None,
                },
                Op::Try => match v {
                    Val::Maybe(e) => *e,
                    Val::External => Val::External,
                    _ => return None,
                },
            };
        }
        Some(v)
    }

    /// The longest leading names the language's rules resolve, and how many they are.
    fn start(
        &mut self,
        ctx: &FileCtx,
        segs: &[&str],
        source_qual: Option<&str>,
        pick_at: impl Fn(usize) -> usize,
    ) -> Option<(Val, usize)> {
        // The rules read plain names; a call or an index ends the prefix they may see.
        let plain = segs
            .iter()
            .position(|s| !split_ops(s).1.is_empty())
            .map_or(segs.len(), |i| i + 1);
        for k in (1..=plain).rev() {
            let names: Vec<&str> = segs[..k].iter().map(|s| split_ops(s).0).collect();
            let (_, ops) = split_ops(segs[k - 1]);
            let v = if k == 1 {
                match ctx.bindings.get(names[0]) {
                    Some(Binding::Package(d)) => Some(Val::Package(d.clone())),
                    Some(Binding::External(_)) => Some(Val::External),
                    _ => None,
                }
            } else {
                None
            };
            let v = match v {
                Some(v) => Some(v),
                None => {
                    let target = names.join(".");
                    let r = Ref {
                        kind: EdgeKind::Calls,
                        target: &target,
                        hint: None,
                        args: None,
                        arg_types: None,
                        source_qual,
                    };
                    match self.r.direct(ctx, self.ws, self.idx, &r, &names) {
                        Some(Outcome::Edge(Some(id), _)) => self.of_id(&id),
                        Some(Outcome::Drop) if k == 1 => Some(Val::External),
                        Some(Outcome::Edge(None, Resolution::External)) => Some(Val::External),
                        // An imported name that leads nowhere in the workspace.
                        _ if k == 1 && ctx.bindings.contains_key(names[0]) => Some(Val::External),
                        _ => None,
                    }
                }
            };
            if let Some(v) = v {
                return Some((self.apply(v, &ops, pick_at(k - 1))?, k));
            }
        }
        // A member of the class around (C++'s `for (auto* s : suites_)` in a method: the
        // element type `suites_[]` names a field without `this`).
        let (name, ops) = split_ops(segs[0]);
        if !ctx.lang.spec().implicit_self || ctx.lang.spec().self_names.contains(&name) {
            return None;
        }
        let r = Ref {
            kind: EdgeKind::Calls,
            target: name,
            hint: None,
            args: None,
            arg_types: None,
            source_qual,
        };
        for class in super::ctx::enclosing_types(ctx.lang, ctx, self.idx, &r) {
            let Some(Val::Type(t)) = self.type_in(&ctx.path, source_qual, &class) else {
                continue;
            };
            let call = matches!(ops.first(), Some(Op::Call(_)));
            let v = match self.in_type(&t, name, call, &mut HashSet::new()) {
                Some(Member::Sym(s)) => self.of_symbol(s),
                Some(Member::Typed(t)) => t,
                _ => None,
            };
            if let Some(v) = v {
                return Some((self.apply(v, &ops, pick_at(0))?, 1));
            }
        }
        None
    }

    fn of_id(&mut self, id: &str) -> Option<Val> {
        match NodeId::parse(id).ok()? {
            NodeId::File { path, .. } => Some(Val::Module(path)),
            NodeId::Package { dir, .. } => Some(Val::Package(dir)),
            NodeId::External { .. } => Some(Val::External),
            NodeId::Symbol {
                lang,
                path,
                qualname,
            } => {
                let s = self.idx.in_file(lang, &path, &qualname)?;
                self.of_symbol(s)
            }
        }
    }

    /// The type a symbol's declaration states (a variable's, an alias's), when it does.
    fn stated_type(&self, s: &SymRef) -> Option<String> {
        self.idx
            .facts(self.lang, &s.file, qual(s), FactRole::Type)
            .into_iter()
            .next()
    }

    /// A symbol as a value: a type is itself, a variable or field its stated type.
    fn of_symbol(&mut self, s: SymRef) -> Option<Val> {
        match s.kind {
            // An alias with the type it stands for stated (C++'s `typedef A B;`): that type.
            Kind::Type => match self.stated_type(&s) {
                Some(ty) => self
                    .type_in(&s.file, Some(qual(&s)), &ty)
                    .or(Some(Val::Type(s))),
                None => Some(Val::Type(s)),
            },
            k if k.is_type_like() => Some(Val::Type(s)),
            Kind::Function | Kind::Method => Some(Val::Func(s)),
            Kind::Variable | Kind::Constant | Kind::Field => {
                match self.stated_type(&s) {
                    Some(ty) => self.type_in(&s.file, Some(qual(&s)), &ty),
                    // A constant called for a value (Rust's tuple variant `Error::Io(e)`).
                    None if !self
                        .idx
                        .facts(self.lang, &s.file, qual(&s), FactRole::Returns)
                        .is_empty() =>
                    {
                        Some(Val::Func(s))
                    }
                    // An enum's variant (`Language::members_are_values`): a value of the
                    // enum.
                    None if s.kind == Kind::Constant
                        && self.lang_of(&s.file).spec().members_are_values =>
                    {
                        let (parent, _) = qual(&s).rsplit_once('.')?;
                        let t = self.idx.in_file(self.lang_of(&s.file), &s.file, parent)?;
                        t.kind.is_type_like().then_some(Val::Type(t))
                    }
                    None => None,
                }
            }
            Kind::File => Some(Val::Module(s.file)),
            // A namespace inside a file is looked into like a type.
            Kind::Package if !self.lang_of(&s.file).spec().package_nodes => Some(Val::Type(s)),
            Kind::Package => Some(Val::Package(parent_dir(&s.file).to_string())),
            _ => None,
        }
    }

    /// The value a call of `v` gives: an instance of a type, a function's declared result.
    fn call(&mut self, v: &Val, pick: usize) -> Option<Val> {
        match v {
            Val::Type(t) => Some(Val::Type(t.clone())),
            Val::Func(f) => {
                let results = self
                    .idx
                    .facts(self.lang, &f.file, qual(f), FactRole::Returns)
                    .into_iter()
                    .next()?;
                let ty = results.split(", ").nth(pick)?.trim();
                if ty == "?" {
                    return None;
                }
                self.type_in(&f.file, Some(qual(f)), ty)
            }
            Val::Gives(v) => Some((**v).clone()),
            Val::External => Some(Val::External),
            _ => None,
        }
    }

    /// `name` on a value; `call`: the name is called (a method, not a field of that name).
    fn member(&mut self, v: &Val, name: &str, call: bool) -> Option<Member> {
        match v {
            Val::Module(file) => {
                let lang = self.lang_of(file);
                super::langs::resolver(lang)
                    .module_member(self.ws, self.idx, lang, file, name)
                    .map(Member::Sym)
            }
            Val::Package(dir) => self
                .r
                .pick_in_package(
                    self.idx,
                    self.idx.in_dir(self.lang, dir, name),
                    &self.home.path,
                )
                .map(Member::Sym),
            Val::Type(t) => match self.in_type(t, name, call, &mut HashSet::new()) {
                // `x.clone()`, `m.lock()`: the value itself, unless the type says otherwise.
                None | Some(Member::External) if self.lang.spec().same_value.contains(&name) => {
                    Some(Member::Gives(v.clone()))
                }
                m => m,
            },
            Val::Bases(t) => {
                let mut seen = HashSet::from([t.node_id.clone()]);
                self.in_bases(t, name, call, &mut seen)
            }
            Val::Func(_) | Val::Gives(_) => None,
            // A list's, slice's or map's own methods are the language's.
            Val::Elems(_) => Some(Member::External),
            Val::Maybe(v) if self.lang.spec().unwrapping.contains(&name) => {
                Some(Member::Gives((**v).clone()))
            }
            Val::Maybe(_) if self.lang.spec().same_value.contains(&name) => {
                Some(Member::Gives(v.clone()))
            }
            Val::Maybe(_) => Some(Member::External),
            Val::External => Some(Member::External),
        }
    }

    /// `name` in a type: its own member, a stated attribute, else its bases' in order.
    fn in_type(
        &mut self,
        t: &SymRef,
        name: &str,
        call: bool,
        seen: &mut HashSet<String>,
    ) -> Option<Member> {
        if !seen.insert(t.node_id.clone()) {
            return None;
        }
        let q = format!("{}.{name}", qual(t));
        let own = self.own_member(t, &q);
        let own = super::ctx::called(own, call, &q, |q2| self.own_member(t, q2));
        if let Some(s) = own {
            return Some(Member::Sym(s));
        }
        if let Some(ty) = self
            .idx
            .facts(self.lang, &t.file, &q, FactRole::Type)
            .into_iter()
            .next()
        {
            return Some(Member::Typed(self.type_in(&t.file, Some(&q), &ty)));
        }
        self.in_bases(t, name, call, seen)
    }

    /// The member of `t` with qualname `q`: in its file, in its package (Go), or in an impl
    /// elsewhere (Rust), when only one type of that name has it.
    fn own_member(&mut self, t: &SymRef, q: &str) -> Option<SymRef> {
        let lang = self.lang_of(&t.file);
        if let Some(s) = self.idx.in_file(lang, &t.file, q) {
            return Some(s);
        }
        if lang.spec().package_nodes {
            return super::langs::resolver(lang).pick_in_package(
                self.idx,
                self.idx.in_dir(lang, parent_dir(&t.file), q),
                &self.home.path,
            );
        }
        if !lang.spec().impls_anywhere {
            return None;
        }
        let leaf = crate::id::segment_name(q.rsplit('.').next().unwrap_or(q));
        crate::resolve::ctx::single(
            self.idx
                .by_name(lang, leaf)
                .into_iter()
                .filter(|s| s.qualname() == q && s.file != t.file),
        )
    }

    fn in_bases(
        &mut self,
        t: &SymRef,
        name: &str,
        call: bool,
        seen: &mut HashSet<String>,
    ) -> Option<Member> {
        let mut outside = false;
        // An interface's member is the contract, found last: a later base's body of it (a
        // PHP class's trait after the interfaces it implements: monolog's `$this->
        // getFormatter()` linked to `FormattableHandlerInterface`, not the trait that runs).
        let mut contract = None;
        for base in self.idx.facts(self.lang, &t.file, qual(t), FactRole::Base) {
            match self.type_in(&t.file, Some(qual(t)), &base) {
                // A base whose own bases lead outside does not hide a later base's member
                // (a PHP class's trait after its parent class).
                Some(Val::Type(b)) => match self.in_type(&b, name, call, seen) {
                    Some(Member::External) => outside = true,
                    Some(m) if b.kind == Kind::Interface => {
                        contract.get_or_insert(m);
                    }
                    Some(m) => return Some(m),
                    None => {}
                },
                Some(Val::External) => outside = true,
                _ => {}
            }
        }
        if contract.is_some() {
            return contract;
        }
        // Not in the workspace's part of the hierarchy: an outside base may have it.
        outside.then_some(Member::External)
    }
}

#[cfg(test)]
mod tests {
    /// A call of a closure's result is typed by the closure's body (`let m = |p|
    /// gi.matched(p); m(x).is_ignore()`), one expression or a block's last, through `?` and a
    /// local bound to the call; a closure whose body says no type gives no edge.
    #[test]
    fn a_closures_result_is_the_value_of_its_body() {
        let dir = tempfile::tempdir().expect("tmp");
        let src = r#"
pub struct Matcher;
pub struct Match;
impl Match {
    pub fn is_ignore(&self) -> bool { true }
}
impl Matcher {
    pub fn matched(&self, p: &str) -> Match { Match }
    pub fn load(p: &str) -> Result<Matcher, ()> { Ok(Matcher) }
}
pub fn is_ignore() -> bool { false }
pub fn check(gi: &Matcher) {
    let m = |p| gi.matched(p);
    m("x").is_ignore();
    let l = |p| Matcher::load(p);
    l("y")?.matched("z");
    let k = move || { let _ = 1; gi.matched("a") };
    let r = k();
    r.is_ignore();
    let u = |p| p;
    u(1).is_ignore();
}
"#;
        std::fs::write(dir.path().join("lib.rs"), src).expect("write");
        let db = dir.path().join("map.db");
        let mut opts = crate::index::IndexOptions::new(dir.path().to_path_buf());
        opts.db = Some(db.clone());
        crate::index::run(&opts, &crate::index::NoProgress).expect("index");
        let db = crate::store::open_for_read(&db).expect("open");
        let mut calls: Vec<(u32, String)> = db
            .edges_of("rs:lib.rs#check", true)
            .expect("edges")
            .into_iter()
            .filter(|e| e.kind == "calls")
            .filter_map(|e| Some((e.line?, e.target?)))
            .collect();
        calls.sort();
        let want: Vec<(u32, String)> = [
            (13, "rs:lib.rs#Matcher.matched"),
            (14, "rs:lib.rs#Match.is_ignore"),
            (15, "rs:lib.rs#Matcher.load"),
            (16, "rs:lib.rs#Matcher.matched"),
            (17, "rs:lib.rs#Matcher.matched"),
            (19, "rs:lib.rs#Match.is_ignore"),
        ]
        .iter()
        .map(|(l, t)| (*l, t.to_string()))
        .collect();
        assert_eq!(calls, want);
    }
}
