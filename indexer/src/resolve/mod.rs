//! Resolution: turning references (`self.refresh`, `fmt.Println`, an import) into edges with a
//! resolution class. Pure: the workspace's shape comes in as data ([`Layout`]) and symbols
//! are looked up through the [`SymbolIndex`] trait, which a cold run implements in memory and an
//! incremental run over SQLite.
//!
//! Rules, in order (SPEC "Edges"): the same scope or file (`local`), the same package
//! (`package`), an import binding (`import`), the only workspace symbol of that name (`unique`).
//! Ambiguous names are never guessed: they stay `unresolved` with their name. How each
//! language applies them is its [`Resolver`], in its language's folder (`resolve/langs.rs`).

mod ctx;
mod implements;
mod mem_index;
mod types;

mod langs;

use ctx::{arity, param_types};
pub use ctx::{
    FileCtx, ImportEdge, ImportName, Layout, Manifest, Outcome, Ref, SymRef, SymbolIndex,
};
pub use implements::{
    implements, implements_touching, method_set, Method, MethodSet, Touched, TypeGraph, TypeKind,
};
use langs::resolver;
pub use mem_index::MemIndex;
pub use types::Cache;

use crate::lang::Lang;
use crate::model::{EdgeKind, FactRole, Import, Kind, Resolution};
use std::collections::HashMap;

impl Layout {
    /// `files`: every source file; `packages`: package directory → package name (when
    /// known); `manifests`: the project files found (each language reads its own).
    pub fn new(
        files: impl IntoIterator<Item = String>,
        packages: HashMap<String, Option<String>>,
        manifests: &[Manifest],
    ) -> Layout {
        let mut ws = Layout {
            files: files.into_iter().collect(),
            packages,
            facts: Vec::new(),
            langs: HashMap::new(),
        };
        let mut facts = Vec::new();
        for lang in Lang::ALL {
            if let Some(f) = resolver(lang).layout(&ws, manifests) {
                facts.push(((*f).type_id(), f));
            }
        }
        ws.facts = facts;
        ws
    }
}

/// The name an import binds in its file and the module (or member) it stands for, by the
/// language's rules, from the import alone.
pub fn import_name(lang: Lang, imp: &Import) -> Option<ImportName> {
    resolver(lang).import_name(imp)
}

/// Whether the names an import binds are handed on to the importers of its file
/// ([`ctx::Resolver::hands_on`]).
pub fn hands_on(lang: Lang, imp: &Import) -> bool {
    resolver(lang).hands_on(imp)
}

impl FileCtx {
    pub fn new(lang: Lang, path: &str, imports: &[Import], ws: &Layout) -> FileCtx {
        let mut ctx = FileCtx {
            lang,
            path: path.to_string(),
            bindings: HashMap::new(),
            star: Vec::new(),
            memo: std::sync::OnceLock::new(),
        };
        let r = resolver(lang);
        for imp in imports {
            r.bind(&mut ctx, imp, ws);
        }
        ctx
    }

    /// The edge for one import statement's binding.
    pub fn import_edge(&self, imp: &Import, ws: &Layout) -> ImportEdge {
        resolver(self.lang).import_edge(self, imp, ws)
    }
}

/// Resolve one reference: the language's name rules, then the types the code states, then
/// the language's fallback (which never guesses a method on a value of unknown type); a call
/// in a language of overloads then names the overload its argument count picks.
pub fn resolve_ref(
    ctx: &FileCtx,
    ws: &Layout,
    idx: &dyn SymbolIndex,
    r: &Ref<'_>,
    cache: &mut Cache,
) -> Outcome {
    // A local of a stated type called: its type's call operator, if it has one; else the
    // name as any other.
    if let (EdgeKind::Calls, Some(op), Some(_)) = (r.kind, ctx.lang.spec().call_operator, r.hint) {
        if !r.target.contains('.') {
            let target = format!("{}.{op}", r.target);
            let called = Ref {
                target: &target,
                ..*r
            };
            if let o @ Outcome::Edge(Some(_), _) = resolve_name(ctx, ws, idx, &called, cache) {
                return o;
            }
            let plain = Ref { hint: None, ..*r };
            return resolve_ref(ctx, ws, idx, &plain, cache);
        }
    }
    match resolve_name(ctx, ws, idx, r, cache) {
        Outcome::Edge(Some(id), res) if r.kind == EdgeKind::Calls => {
            match overloaded(ctx, idx, r, id, res) {
                Outcome::Edge(Some(id), res) => match resolver(ctx.lang).settle(idx, id, r.args) {
                    Some(id) => Outcome::Edge(Some(id), res),
                    None => Outcome::Edge(None, Resolution::Unresolved),
                },
                o => o,
            }
        }
        o => o,
    }
}

/// The overload of a resolved call its argument count picks (`Language::overloads`).
fn overloaded(
    ctx: &FileCtx,
    idx: &dyn SymbolIndex,
    r: &Ref<'_>,
    id: String,
    res: Resolution,
) -> Outcome {
    match (Outcome::Edge(Some(id), res), r.args) {
        (Outcome::Edge(Some(id), res), Some(n)) if ctx.lang.spec().overloads => {
            match overload(idx, &id, (n, r.arg_types), || on_const(ctx, idx, r)) {
                Overload::One(picked) => Outcome::Edge(Some(picked), res),
                Overload::NotOverloaded => Outcome::Edge(Some(id), res),
                // Several take that many arguments: which one, their types decide; not
                // guessed (the name is kept, offered as a candidate).
                Overload::Several => Outcome::Edge(None, Resolution::Unresolved),
            }
        }
        (o, _) => o,
    }
}

/// Which overload a call means ([`overload`]).
#[derive(Debug, PartialEq, Eq)]
enum Overload {
    /// The name has one definition in its scope: the name as resolved.
    NotOverloaded,
    One(String),
    Several,
}

/// Whether a call is on a `const` object, as far as the code tells (C++): a bare name or
/// `this->` in a method declared `const`; a local or parameter declared `const`
/// (`const A& a; a.f()`). What a call or a field gives is not followed: `false`.
fn on_const(ctx: &FileCtx, idx: &dyn SymbolIndex, r: &Ref<'_>) -> bool {
    match r.target.split_once('.') {
        Some((first, rest)) if !ctx.lang.spec().self_names.contains(&first) => {
            !rest.contains('.') && r.hint.is_some_and(|h| h.starts_with(crate::model::CONST))
        }
        Some((_, rest)) if rest.contains('.') => false,
        _ => r.source_qual.is_some_and(|q| {
            !idx.facts(ctx.lang, &ctx.path, q, FactRole::Const)
                .is_empty()
        }),
    }
}

/// The overload of a function or method a call with `args` arguments means, among the
/// definitions of `id`'s name in its scope (`m`, `m~2`, …): the one with that many
/// parameters, else the variadic one that takes them; of two that differ by `const` alone
/// (C++), the `const` one on a `const` object (`on_const`), else the other; of several, the
/// one whose parameter types are the arguments' where the parse tells them (`arg_types`:
/// `RawRef::arg_types`; a type told must be the parameter's, by name); `Several` when more
/// than one fits, or none.
fn overload(
    idx: &dyn SymbolIndex,
    id: &str,
    (args, arg_types): (u16, Option<&str>),
    on_const: impl FnOnce() -> bool,
) -> Overload {
    let Ok(crate::id::NodeId::Symbol {
        lang,
        path,
        qualname,
    }) = crate::id::NodeId::parse(id)
    else {
        return Overload::NotOverloaded;
    };
    let base = match qualname.rsplit_once('~') {
        Some((b, n)) if n.chars().all(|c| c.is_ascii_digit()) => b.to_string(),
        _ => qualname.clone(),
    };
    let family = |path: &str| {
        let mut callable = Vec::new();
        for k in 1..=64u32 {
            let q = if k == 1 {
                base.clone()
            } else {
                format!("{base}~{k}")
            };
            match idx.in_file(lang, path, &q) {
                Some(s) if s.kind.is_callable() && !s.kind.is_type_like() => callable.push(s),
                Some(_) => {}
                None if k > 1 => break,
                None => {}
            }
        }
        callable
    };
    let mut path = path;
    let mut callable = family(&path);
    // One definition here whose count does not take the call, and a file that declares the
    // name's overloads (a C++ method defined out of line in its source, its class in a
    // header with an inline overload: tinyxml2's `Write("<")` was linked to the source's
    // `Write(const char*, size_t)`, not the header's `Write(const char*)`): that file's.
    if let [one] = callable.as_slice() {
        let fits = idx
            .facts(lang, &path, one.qualname(), FactRole::Params)
            .first()
            .and_then(|p| arity(p))
            .is_none_or(|(k, n)| args >= k && n.is_none_or(|n| args <= n));
        if !fits {
            let leaf = crate::syntax::segment_base(base.rsplit('.').next().unwrap_or(&base));
            let unmarked = crate::id::unmarked;
            let mut files: Vec<String> = idx
                .by_name(lang, leaf)
                .into_iter()
                .filter(|s| s.file != path && unmarked(s.qualname()) == base)
                .map(|s| s.file)
                .collect();
            files.sort();
            files.dedup();
            if let Some((f, c)) = files
                .into_iter()
                .map(|f| {
                    let c = family(&f);
                    (f, c)
                })
                .find(|(_, c)| c.len() > 1)
            {
                path = f;
                callable = c;
            }
        }
    }
    if callable.len() < 2 {
        // A call resolved to a field beside the one method of its name (gson's
        // `delegate()` beside the field `delegate`): the method.
        let field = idx
            .in_file(lang, &path, &qualname)
            .is_some_and(|s| !s.kind.is_callable());
        return match callable.as_slice() {
            [one] if field => Overload::One(one.node_id.clone()),
            _ => Overload::NotOverloaded,
        };
    }
    // Java's order: an overload taking exactly that many (a variadic one too, its array
    // passed whole; C++'s `1-2`, one with defaults, any count in its range), else a
    // variadic one (`2+`: two and any more) that takes them. Each one's count is read once.
    let counts: Vec<(SymRef, Option<String>)> = callable
        .into_iter()
        .map(|s| {
            let p = idx.facts(lang, &path, s.qualname(), FactRole::Params);
            (s, p.into_iter().next())
        })
        .collect();
    // A variadic one taking `k+` takes exactly k + 1 too: an array passed whole.
    let exact = |p: &str| match arity(p) {
        Some((k, None)) => k + 1 == args,
        Some((k, Some(n))) => (k..=n).contains(&args),
        None => false,
    };
    let takes = |p: &str| matches!(arity(p), Some((min, None)) if args >= min);
    let mut fits: Vec<&SymRef> = counts
        .iter()
        .filter(|(_, p)| p.as_deref().is_some_and(exact))
        .map(|(s, _)| s)
        .collect();
    // Java tries the overloads of a fixed count before a variadic one (its array passed
    // whole): commons-io's `closeQuietly(iterator)` calls `closeQuietly(Closeable)`, not
    // `closeQuietly(Closeable...)`, which `refs` was given.
    let fixed = |s: &SymRef| {
        counts
            .iter()
            .find(|(c, _)| c.node_id == s.node_id)
            .and_then(|(_, p)| p.as_deref())
            .and_then(arity)
            .is_some_and(|(_, n)| n.is_some())
    };
    if fits.iter().any(|s| fixed(s)) {
        fits.retain(|s| fixed(s));
    }
    if fits.is_empty() {
        fits = counts
            .iter()
            .filter(|(_, p)| p.as_deref().is_some_and(takes))
            .map(|(s, _)| s)
            .collect();
    }
    let is_const = |s: &SymRef| {
        !idx.facts(lang, &path, s.qualname(), FactRole::Const)
            .is_empty()
    };
    if let [a, b] = fits.as_slice() {
        if is_const(a) != is_const(b) {
            let want = on_const();
            let pick = if is_const(a) == want { a } else { b };
            return Overload::One(pick.node_id.clone());
        }
    }
    if let Some(told) = arg_types {
        let told: Vec<&str> = told.split(',').collect();
        // Each overload's parameter types, as its `params` fact names them.
        let types_of = |s: &SymRef| -> Vec<&str> {
            counts
                .iter()
                .find(|(c, _)| c.node_id == s.node_id)
                .and_then(|(_, p)| p.as_deref())
                .map(param_types)
                .unwrap_or_default()
        };
        let typed = |s: &SymRef| {
            let p = types_of(s);
            // A parameter of no stated type, past the last (a variadic one's), of a type
            // variable (`T`) or of the root type takes it.
            told.iter()
                .enumerate()
                .filter(|(_, a)| !a.is_empty())
                .all(|(i, a)| {
                    p.get(i)
                        .is_none_or(|t| t.is_empty() || t == a || takes_any(t))
                })
        };
        if fits.len() > 1 {
            fits.retain(|s| typed(s));
            if fits.is_empty() {
                return Overload::Several;
            }
            // Of several that take them, the one that names the most told types exactly (not
            // through a type variable or the root type): the most specific
            // (commons-lang3's `append((byte[]) o)`: `append(byte[])`, not `append(Object)`).
            let exact = |s: &SymRef| {
                let p = types_of(s);
                told.iter()
                    .enumerate()
                    .filter(|(i, a)| {
                        !a.is_empty() && p.get(*i).is_some_and(|t| t == *a && !takes_any(t))
                    })
                    .count()
            };
            let best = fits.iter().map(|s| exact(s)).max().unwrap_or(0);
            if best > 0 {
                let most: Vec<&SymRef> =
                    fits.iter().copied().filter(|s| exact(s) == best).collect();
                if most.len() == 1 {
                    fits = most;
                }
            }
        } else if !fits.iter().any(|s| typed(s)) {
            // The one overload of that count contradicts a told type, and a variadic one
            // takes them: that one (commons-lang3's `Validate.isTrue(x >= 0, "message")` went
            // to `isTrue(boolean, Supplier<String>)`, not `isTrue(boolean, String, Object...)`).
            let variadic: Vec<&SymRef> = counts
                .iter()
                .filter(|(_, p)| p.as_deref().is_some_and(takes))
                .map(|(s, _)| s)
                .filter(|s| typed(s))
                .collect();
            if !variadic.is_empty() {
                fits = variadic;
            }
        }
    }
    match fits.as_slice() {
        [one] => Overload::One(one.node_id.clone()),
        // Several fit, or none does (a count the parse got wrong): not guessed.
        _ => Overload::Several,
    }
}

/// Whether a parameter's type name takes an argument of any type, as overloads are told apart:
/// a type variable (`T`, `K2`) or the root type (`Object`, Kotlin's `Any`, C#'s `object`).
/// Pure.
fn takes_any(t: &str) -> bool {
    let var = t.len() <= 2
        && t.starts_with(|c: char| c.is_ascii_uppercase())
        && t.chars().all(|c| c.is_ascii_alphanumeric());
    var || matches!(t, "Object" | "Any" | "object")
}

/// [`resolve_ref`] before an overload is picked.
fn resolve_name(
    ctx: &FileCtx,
    ws: &Layout,
    idx: &dyn SymbolIndex,
    r: &Ref<'_>,
    cache: &mut Cache,
) -> Outcome {
    let segs: Vec<&str> = r.target.split('.').collect();
    if segs.iter().any(|s| s.is_empty()) {
        return Outcome::Edge(None, Resolution::Unresolved);
    }
    let want = |k: Kind| match r.kind {
        EdgeKind::Extends | EdgeKind::Uses => k.is_type_like(),
        // A type implements a trait or interface; a method, the trait's method.
        EdgeKind::Implements => k.is_type_like() || k == Kind::Method,
        _ => k.is_callable(),
    };
    let lr = resolver(ctx.lang);
    // `x.m()` with `x`'s type known: the type's members first, its extensions after them.
    let typed = r
        .hint
        .filter(|h| segs.len() > 1 && *h != crate::model::UNKNOWN_TYPE);
    if typed.is_none() {
        if let Some(o) = lr.extension(ctx, ws, idx, None, &segs) {
            return o;
        }
    }
    // The first name is a local whose type the code does not tell: nothing to follow, and
    // no outside name it could stand for.
    if r.hint == Some(crate::model::UNKNOWN_TYPE) && segs.len() > 1 {
        return Outcome::Edge(None, Resolution::Unresolved);
    }
    if let Some(o) = lr.direct(ctx, ws, idx, r, &segs) {
        return o;
    }
    let mut walk = types::Walk::new(ctx, lr, ws, idx, cache);
    let member = walk.reference(r, &segs, &want);
    if typed.is_some() && !matches!(member, Some(Outcome::Edge(Some(_), _))) {
        if let Some(o) = lr.extension(ctx, ws, idx, typed, &segs) {
            return o;
        }
    }
    if let Some(o) = member {
        return o;
    }
    // A bare name in a method, a member its class or an outer one has or inherits (Java's
    // `m()`, `items.put()`): looked for as `this.…` in each, innermost first.
    let self_name = ctx.lang.spec().self_names.first().copied();
    if let (true, None, Some(this)) = (ctx.lang.spec().implicit_self, r.hint, self_name) {
        if !ctx.lang.spec().self_names.contains(&segs[0])
            && ctx.lang.spec().super_call != Some(segs[0])
        {
            let target = format!("{this}.{}", r.target);
            let tsegs: Vec<&str> = target.split('.').collect();
            for class in ctx::enclosing_types(ctx.lang, ctx, idx, r) {
                let implicit = Ref {
                    hint: Some(&class),
                    target: &target,
                    ..*r
                };
                if let Some(o @ Outcome::Edge(Some(_), _)) =
                    walk.reference(&implicit, &tsegs, &want)
                {
                    return o;
                }
            }
        }
    }
    lr.fallback(ctx, ws, idx, r, &segs, &want)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ws(files: &[&str], go: &[(&str, &str)], mods: &[(&str, &str)]) -> Layout {
        Layout::new(
            files.iter().map(|s| s.to_string()),
            go.iter()
                .map(|(d, n)| (d.to_string(), Some(n.to_string())))
                .collect(),
            &mods
                .iter()
                .map(|(d, t)| Manifest {
                    dir: d.to_string(),
                    name: "go.mod".into(),
                    text: t.to_string(),
                })
                .collect::<Vec<_>>(),
        )
    }

    fn index(entries: &[(Lang, &str, &str, Kind)]) -> MemIndex {
        let mut idx = MemIndex::default();
        for (lang, file, qual, kind) in entries {
            let name = qual
                .rsplit('.')
                .next()
                .unwrap_or(qual)
                .split('~')
                .next()
                .unwrap_or(qual);
            let _ = name;
            idx.add_file(*lang, file, &[((*qual).into(), *kind)], &[], &[], 0, &[]);
        }
        idx.finish();
        idx
    }

    fn imp(module: &str, member: Option<&str>, alias: Option<&str>) -> Import {
        Import {
            module: module.into(),
            member: member.map(Into::into),
            alias: alias.map(Into::into),
            reexport: false,
            pos: Default::default(),
        }
    }

    #[test]
    fn method_sets_follow_embedding() {
        // Types 0 T, 1 Base, 2 Node; methods 0 Close, 1 End, 2 Pos, 3 Run.
        let own = vec![vec![3], vec![0], vec![2, 1]];
        let embeds = vec![vec![1, 2], vec![], vec![0]];
        assert_eq!(
            method_set(0, &own, &embeds),
            vec![0, 1, 2, 3],
            "own, embedded, transitively, a cycle read once, sorted"
        );
        assert_eq!(method_set(1, &own, &embeds), vec![0]);
        assert_eq!(
            method_set(3, &own, &embeds),
            Vec::<u32>::new(),
            "a type with no row"
        );
    }

    #[test]
    fn python_rules() {
        let w = ws(
            &[
                "pkg/__init__.py",
                "pkg/a.py",
                "pkg/b.py",
                "pkg/sub/__init__.py",
                "pkg/sub/c.py",
                "main.py",
            ],
            &[],
            &[],
        );
        let idx = index(&[
            (Lang::Python, "pkg/a.py", "Base", Kind::Class),
            (Lang::Python, "pkg/a.py", "Base.run", Kind::Method),
            (Lang::Python, "pkg/a.py", "helper", Kind::Function),
            (Lang::Python, "pkg/b.py", "helper", Kind::Function),
            (Lang::Python, "pkg/b.py", "only_here", Kind::Function),
            (Lang::Python, "pkg/sub/c.py", "deep", Kind::Function),
            (Lang::Python, "main.py", "main", Kind::Function),
            (Lang::Python, "main.py", "main.inner", Kind::Function),
        ]);
        let imports = [
            imp(".a", Some("Base"), None),
            imp("pkg.b", None, Some("pb")),
            imp("pkg.sub.c", None, None),
            imp("requests", None, None),
            imp(".", Some("a"), None),
        ];
        let ctx = FileCtx::new(Lang::Python, "pkg/main2.py", &imports, &w);
        let main_ctx = FileCtx::new(Lang::Python, "main.py", &[], &w);
        let call = |ctx: &FileCtx, t: &str, src: Option<&str>| {
            resolve_ref(
                ctx,
                &w,
                &idx,
                &Ref {
                    kind: EdgeKind::Calls,
                    target: t,
                    hint: None,
                    args: None,
                    arg_types: None,
                    source_qual: src,
                },
                &mut Cache::default(),
            )
        };
        let e = |t: &str, r| Outcome::Edge(Some(t.to_string()), r);
        assert_eq!(
            call(&ctx, "Base", None),
            e("py:pkg/a.py#Base", Resolution::Import)
        );
        assert_eq!(
            call(&ctx, "Base.run", None),
            e("py:pkg/a.py#Base.run", Resolution::Import)
        );
        assert_eq!(
            call(&ctx, "pb.helper", None),
            e("py:pkg/b.py#helper", Resolution::Import)
        );
        assert_eq!(
            call(&ctx, "pkg.sub.c.deep", None),
            e("py:pkg/sub/c.py#deep", Resolution::Import)
        );
        assert_eq!(
            call(&ctx, "a.helper", None),
            e("py:pkg/a.py#helper", Resolution::Import)
        );
        assert_eq!(
            call(&ctx, "requests.get", None),
            Outcome::Edge(None, Resolution::External)
        );
        assert_eq!(
            call(&ctx, "only_here", None),
            Outcome::Edge(None, Resolution::Unresolved),
            "a bare name bound nowhere is not guessed"
        );
        let star = FileCtx::new(
            Lang::Python,
            "pkg/s.py",
            &[imp("outside", Some("*"), None)],
            &w,
        );
        assert_eq!(
            call(&star, "only_here", None),
            e("py:pkg/b.py#only_here", Resolution::Unique),
            "unless a * import may have brought it"
        );
        assert_eq!(
            call(&ctx, "helper", None),
            Outcome::Edge(None, Resolution::Unresolved),
            "ambiguous"
        );
        assert_eq!(call(&ctx, "len", None), Outcome::Drop);
        assert_eq!(
            call(&main_ctx, "inner", Some("main")),
            e("py:main.py#main.inner", Resolution::Local)
        );
        assert_eq!(
            call(&main_ctx, "?.run", None),
            Outcome::Edge(None, Resolution::Unresolved),
            "a method on a value of unknown type is never guessed"
        );
        let selfcall = resolve_ref(
            &ctx,
            &w,
            &idx,
            &Ref {
                kind: EdgeKind::Calls,
                target: "self.run",
                hint: Some("Base"),
                args: None,
                arg_types: None,
                source_qual: Some("Base.x"),
            },
            &mut Cache::default(),
        );
        assert_eq!(selfcall, e("py:pkg/a.py#Base.run", Resolution::Inferred));
        // A bare name in a method is no member of its class (rich's `cell_len(self.plain)` in
        // the property `Text.cell_len` calls the module's function, not itself); in the
        // class's own body it is.
        let a_ctx = FileCtx::new(Lang::Python, "pkg/a.py", &[], &w);
        assert_eq!(
            call(&a_ctx, "helper", Some("Base.run")),
            e("py:pkg/a.py#helper", Resolution::Local)
        );
        assert_eq!(
            call(&a_ctx, "run", Some("Base.run")),
            Outcome::Edge(None, Resolution::Unresolved),
            "the method itself is no bare name in its body"
        );
        assert_eq!(
            call(&a_ctx, "run", Some("Base")),
            e("py:pkg/a.py#Base.run", Resolution::Local)
        );

        let edge = |i: &Import| ctx.import_edge(i, &w);
        assert_eq!(edge(&imports[0]).target.as_deref(), Some("py:pkg/a.py"));
        assert_eq!(edge(&imports[2]).target.as_deref(), Some("py:pkg/sub/c.py"));
        assert_eq!(edge(&imports[3]).target.as_deref(), Some("py:ext:requests"));
        assert_eq!(edge(&imports[4]).target.as_deref(), Some("py:pkg/a.py"));
        let up = FileCtx::new(Lang::Python, "main.py", &[], &w);
        assert_eq!(up.import_edge(&imp("..x", None, None), &w).target, None);
    }

    /// Re-exports (issue 35): a package's `__init__.py` hands on names from its modules, by
    /// `*` (filtered by `__all__`, else by `_`), by name, under an alias, absolute or
    /// relative, through a chain of packages; a cycle of `*` imports ends.
    #[test]
    fn python_reexports() {
        use crate::model::{FactRole, TypeFact};
        let files = [
            "pkg/__init__.py",
            "pkg/_models.py",
            "pkg/_client.py",
            "pkg/_priv.py",
            "pkg/sub/__init__.py",
            "pkg/sub/deep.py",
            "cyc/__init__.py",
            "cyc/a.py",
            "cyc/b.py",
            "main.py",
        ];
        let w = ws(&files, &[], &[]);
        let exports = |names: &[&str]| -> Vec<TypeFact> {
            names
                .iter()
                .map(|n| TypeFact {
                    qualname: String::new(),
                    role: FactRole::Exports,
                    ty: n.to_string(),
                })
                .collect()
        };
        let py = |file: &str, syms: &[(&str, Kind)], facts: Vec<TypeFact>, imports: Vec<Import>| {
            (
                file.to_string(),
                syms.iter()
                    .map(|(q, k)| ((*q).into(), *k))
                    .collect::<Vec<(Box<str>, Kind)>>(),
                facts,
                imports,
            )
        };
        let table = vec![
            py(
                "pkg/__init__.py",
                &[],
                exports(&["Response", "Client", "Alias", "deep_fn", "sub"]),
                vec![
                    imp("._models", Some("*"), None),
                    imp("._client", Some("*"), None),
                    imp("._priv", Some("*"), None),
                    imp("pkg._models", Some("Response"), Some("Alias")),
                    imp(".sub", Some("deep_fn"), None),
                    imp(".", Some("sub"), None),
                    imp("pkg._models", None, Some("models")),
                ],
            ),
            py(
                "pkg/_models.py",
                &[
                    ("Response", Kind::Class),
                    ("Response.json", Kind::Method),
                    ("Unlisted", Kind::Class),
                ],
                exports(&["Response"]),
                vec![],
            ),
            py(
                "pkg/_client.py",
                &[("Client", Kind::Class), ("_hidden", Kind::Function)],
                vec![],
                // Not in `__all__` (there is none): `Response` is handed on by `*` too.
                vec![imp("._models", Some("Response"), None)],
            ),
            py(
                "pkg/_priv.py",
                &[("_private", Kind::Function)],
                vec![],
                vec![],
            ),
            py(
                "pkg/sub/__init__.py",
                &[],
                vec![],
                vec![imp(".deep", Some("deep_fn"), None)],
            ),
            py(
                "pkg/sub/deep.py",
                &[("deep_fn", Kind::Function)],
                vec![],
                vec![],
            ),
            py(
                "cyc/__init__.py",
                &[],
                vec![],
                vec![imp(".a", Some("*"), None), imp(".b", Some("*"), None)],
            ),
            py(
                "cyc/a.py",
                &[("f", Kind::Function)],
                vec![],
                vec![imp("cyc", Some("*"), None), imp(".b", Some("*"), None)],
            ),
            py(
                "cyc/b.py",
                &[("g", Kind::Function)],
                vec![],
                vec![imp(".a", Some("*"), None), imp("cyc", Some("*"), None)],
            ),
        ];
        let mut idx = MemIndex::default();
        for (file, syms, facts, imports) in &table {
            idx.add_file(Lang::Python, file, syms, facts, imports, 0, &[]);
        }
        idx.finish();
        let main_imports = [
            imp("pkg", None, None),
            imp("pkg", Some("Response"), Some("R")),
            imp("pkg", Some("*"), None),
            imp("cyc", None, None),
        ];
        let ctx = FileCtx::new(Lang::Python, "main.py", &main_imports, &w);
        let resolve = |kind: EdgeKind, t: &str| {
            resolve_ref(
                &ctx,
                &w,
                &idx,
                &Ref {
                    kind,
                    target: t,
                    hint: None,
                    args: None,
                    arg_types: None,
                    source_qual: None,
                },
                &mut Cache::default(),
            )
        };
        let e = |t: &str| Outcome::Edge(Some(t.to_string()), Resolution::Import);
        let none = Outcome::Edge(None, Resolution::Unresolved);
        let cases = [
            (
                EdgeKind::Calls,
                "pkg.Response",
                e("py:pkg/_models.py#Response"),
            ),
            (
                EdgeKind::Extends,
                "pkg.Client",
                e("py:pkg/_client.py#Client"),
            ),
            (
                EdgeKind::Calls,
                "pkg.Response.json",
                e("py:pkg/_models.py#Response.json"),
            ),
            (EdgeKind::Calls, "R", e("py:pkg/_models.py#Response")),
            (
                EdgeKind::Calls,
                "R.json",
                e("py:pkg/_models.py#Response.json"),
            ),
            (
                EdgeKind::Calls,
                "pkg.Alias",
                e("py:pkg/_models.py#Response"),
            ),
            (
                EdgeKind::Calls,
                "pkg.deep_fn",
                e("py:pkg/sub/deep.py#deep_fn"),
            ),
            (
                EdgeKind::Calls,
                "pkg.sub.deep_fn",
                e("py:pkg/sub/deep.py#deep_fn"),
            ),
            (
                EdgeKind::Calls,
                "pkg.models.Response",
                e("py:pkg/_models.py#Response"),
            ),
            // `from pkg import *` in main.py: `pkg.__all__` lists it.
            (EdgeKind::Calls, "Client", e("py:pkg/_client.py#Client")),
            // Through `_client`'s own import, brought by its `*` (it has no `__all__`).
            (
                EdgeKind::Calls,
                "pkg._client.Response",
                e("py:pkg/_models.py#Response"),
            ),
            // `_models.__all__` leaves it out; `_client` has no `__all__` and `_` hides it.
            (EdgeKind::Calls, "pkg.Unlisted", none.clone()),
            (EdgeKind::Calls, "pkg._hidden", none.clone()),
            (EdgeKind::Calls, "pkg._private", none.clone()),
            (EdgeKind::Calls, "cyc.f", e("py:cyc/a.py#f")),
            (EdgeKind::Calls, "cyc.g", e("py:cyc/b.py#g")),
            (EdgeKind::Calls, "cyc.nowhere", none.clone()),
        ];
        for (kind, target, want) in cases {
            assert_eq!(resolve(kind, target), want, "{target}");
        }
    }

    #[test]
    fn go_rules() {
        let w = ws(
            &[
                "go.mod",
                "srv/a.go",
                "srv/b.go",
                "srv/os_linux.go",
                "srv/os_windows.go",
                "util/u.go",
            ],
            &[("srv", "srv"), ("util", "util")],
            &[("", "module example.com/app\n\ngo 1.22\n")],
        );
        let idx = index(&[
            (Lang::Go, "srv/a.go", "Server", Kind::Struct),
            (Lang::Go, "srv/b.go", "Server.Serve", Kind::Method),
            (Lang::Go, "srv/os_linux.go", "open", Kind::Function),
            (Lang::Go, "srv/os_windows.go", "open", Kind::Function),
            (Lang::Go, "srv/a.go", "listen", Kind::Function),
            (Lang::Go, "srv/b.go", "listen", Kind::Function),
            (Lang::Go, "util/u.go", "Do", Kind::Function),
        ]);
        let imports = [
            imp("example.com/app/util", None, None),
            imp("fmt", None, None),
        ];
        let ctx = FileCtx::new(Lang::Go, "srv/a.go", &imports, &w);
        let call = |t: &str, hint: Option<&str>| {
            resolve_ref(
                &ctx,
                &w,
                &idx,
                &Ref {
                    kind: EdgeKind::Calls,
                    target: t,
                    hint,
                    args: None,
                    arg_types: None,
                    source_qual: Some("Server.Run"),
                },
                &mut Cache::default(),
            )
        };
        let e = |t: &str, r| Outcome::Edge(Some(t.to_string()), r);
        assert_eq!(
            call("util.Do", None),
            e("go:util/u.go#Do", Resolution::Import)
        );
        assert_eq!(
            call("s.Serve", Some("Server")),
            e("go:srv/b.go#Server.Serve", Resolution::Package)
        );
        assert_eq!(
            call("listen", None),
            e("go:srv/a.go#listen", Resolution::Local)
        );
        assert_eq!(
            call("open", None),
            e("go:srv/os_linux.go#open", Resolution::Package),
            "of two OS variants, the one a.go's build (linux/amd64) compiles"
        );
        assert_eq!(
            call("fmt.Println", None),
            Outcome::Edge(None, Resolution::External)
        );
        assert_eq!(call("append", None), Outcome::Drop);
        assert_eq!(
            call("x.Serve", None),
            Outcome::Edge(None, Resolution::Unresolved),
            "a method on a value of unknown type is never guessed"
        );
        assert_eq!(
            ctx.import_edge(&imports[0], &w).target.as_deref(),
            Some("go:util/")
        );
        assert_eq!(
            ctx.import_edge(&imports[1], &w).target.as_deref(),
            Some("go:ext:fmt")
        );
    }

    #[test]
    fn go_std_and_vendor() {
        let w = ws(
            &[
                "go.mod",
                "net/http/a.go",
                "vendor/golang.org/x/net/idna/i.go",
                "cmd/go.mod",
                "cmd/internal/obj/o.go",
                "cmd/go/main.go",
            ],
            &[
                ("net/http", "http"),
                ("vendor/golang.org/x/net/idna", "idna"),
                ("cmd/internal/obj", "obj"),
                ("cmd/go", "main"),
            ],
            &[("", "module std\n"), ("cmd", "module cmd\n")],
        );
        assert_eq!(
            langs::go::package_dir(&w, "net/http", "x/y.go").as_deref(),
            Some("net/http")
        );
        assert_eq!(
            langs::go::package_dir(&w, "golang.org/x/net/idna", "net/http/a.go").as_deref(),
            Some("vendor/golang.org/x/net/idna")
        );
        assert_eq!(
            langs::go::package_dir(&w, "cmd/internal/obj", "cmd/go/main.go").as_deref(),
            Some("cmd/internal/obj")
        );
        assert_eq!(
            langs::go::package_dir(&w, "github.com/x/y", "net/http/a.go"),
            None
        );
        assert_eq!(langs::go::go_default_name("gopkg.in/yaml.v3"), "yaml");
        assert_eq!(langs::go::go_default_name("github.com/x/go-foo/v2"), "foo");
    }

    /// A `params` fact read: a count, `k+` (variadic), `k-n` (defaults).
    #[test]
    fn arities() {
        assert_eq!(arity("2"), Some((2, Some(2))));
        assert_eq!(arity("2+"), Some((2, None)));
        assert_eq!(arity("1-3"), Some((1, Some(3))));
        assert_eq!(arity("x"), None);
        assert_eq!(arity("1-"), None);
        assert_eq!(arity("2 Keep,int"), Some((2, Some(2))));
        assert_eq!(param_types("2 Keep,"), vec!["Keep", ""]);
        assert_eq!(param_types("2"), Vec::<&str>::new());
    }

    /// Overloads by argument count, and C++'s `const` twins by the object's constness.
    #[test]
    fn overloads_by_count_and_by_const() {
        let fact = |q: &str, role: FactRole, ty: &str| crate::model::TypeFact {
            qualname: q.into(),
            role,
            ty: ty.into(),
        };
        let mut idx = MemIndex::default();
        let syms: Vec<(Box<str>, Kind)> = [
            "A", "A.f", "A.f~2", "A.g", "A.g~2", "A.g~3", "A.h", "A.h~2", "A.k", "A.k~2", "A.p",
            "A.p~2", "A.p~3", "A.q", "A.q~2", "A.v", "A.v~2", "A.v~3", "A.s", "A.s~2", "A.o",
            "A.o~2",
        ]
        .iter()
        .map(|q| {
            (
                (*q).into(),
                if *q == "A" { Kind::Class } else { Kind::Method },
            )
        })
        .collect();
        let facts = vec![
            fact("A.f", FactRole::Params, "0"),
            fact("A.f~2", FactRole::Params, "0"),
            fact("A.f~2", FactRole::Const, ""),
            fact("A.g", FactRole::Params, "1"),
            fact("A.g~2", FactRole::Params, "2"),
            fact("A.g~3", FactRole::Params, "2+"),
            fact("A.h", FactRole::Params, "1"),
            fact("A.h~2", FactRole::Params, "1"),
            fact("A.k", FactRole::Params, "0"),
            fact("A.k~2", FactRole::Params, "1-3"),
            // `p(Keep, int)`, `p(Insert, int)`, `p(Delete, String)`; `q(Keep)`, `q(T)`.
            fact("A.p", FactRole::Params, "2 Keep,int"),
            fact("A.p~2", FactRole::Params, "2 Insert,int"),
            fact("A.p~3", FactRole::Params, "2 Delete,String"),
            fact("A.q", FactRole::Params, "1 Keep"),
            fact("A.q~2", FactRole::Params, "1"),
            // `v(boolean, Supplier<String>)`, `v(boolean, String, Object...)`, `v(boolean)`;
            // `s(Object, String)`, `s(T, Supplier<String>)`.
            fact("A.v", FactRole::Params, "2 boolean,Supplier"),
            fact("A.v~2", FactRole::Params, "2+ boolean,String,Object"),
            fact("A.v~3", FactRole::Params, "1 boolean"),
            fact("A.s", FactRole::Params, "2 Object,String"),
            fact("A.s~2", FactRole::Params, "2 T,Supplier"),
            fact("A.o", FactRole::Params, "1 byte[]"),
            fact("A.o~2", FactRole::Params, "1 Object"),
        ];
        idx.add_file(Lang::Cpp, "a.h", &syms, &facts, &[], 0, &[]);
        idx.finish();
        let id = |q: &str| format!("cpp:a.h#{q}");
        let one = |q: &str| Overload::One(id(q));
        // (id, arguments and their types, on a const object, the overload)
        let cases = [
            ("A.f", 0, false, one("A.f")),
            ("A.f", 0, true, one("A.f~2")),
            ("A.f~2", 0, false, one("A.f")),
            ("A.g", 1, false, one("A.g")),
            ("A.g", 2, false, one("A.g~2")),
            ("A.g", 5, false, one("A.g~3")),
            // Two of one count, neither `const`: their types decide, not guessed.
            ("A.h", 1, false, Overload::Several),
            ("A.h", 1, true, Overload::Several),
            // Defaults: `k(a, b = 0, c = 0)` takes one to three.
            ("A.k", 0, false, one("A.k")),
            ("A.k", 2, false, one("A.k~2")),
            ("A.k", 4, false, Overload::Several),
        ];
        for (q, n, c, want) in cases {
            assert_eq!(
                overload(&idx, &id(q), (n, None), || c),
                want,
                "{q}({n}) const={c}"
            );
        }
        // The arguments' types where the parse tells them.
        let typed = [
            ("A.p", "Insert,", one("A.p~2")),
            ("A.p", "Keep,int", one("A.p")),
            ("A.p", ",String", one("A.p~3")),
            // Told of neither, or of one two overloads take: not guessed.
            ("A.p", ",int", Overload::Several),
            // A type no overload takes (a subclass, a widening): not guessed.
            ("A.p", "Other,", Overload::Several),
            ("A.p", "Keep,long", Overload::Several),
            // A parameter of no stated type (`q(T)`) takes anything; `q(Keep)`, naming the
            // type, is the more specific.
            ("A.q", "Keep", one("A.q")),
            ("A.q", "Other", one("A.q~2")),
        ];
        for (q, told, want) in typed {
            assert_eq!(
                overload(
                    &idx,
                    &id(q),
                    (2 - u16::from(q == "A.q"), Some(told)),
                    || false
                ),
                want,
                "{q}({told})"
            );
        }
        // Two arguments: the one overload of that count contradicts a told type and a
        // variadic one takes them; a type variable or `Object` takes any argument.
        let two = [
            ("A.v", ",String", one("A.v~2")),
            ("A.v", ",Supplier", one("A.v")),
            // No variadic one takes an `int` there either: the count's one, as before.
            ("A.v", ",int", one("A.v")),
            ("A.s", "Object,", Overload::Several),
            ("A.s", "Keep,String", one("A.s")),
            // `o(byte[])`, `o(Object)`: the exact one is the most specific.
            ("A.o", "byte[]", one("A.o")),
            ("A.o", "Keep", one("A.o~2")),
        ];
        for (q, told, want) in two {
            let n = 2 - u16::from(q == "A.o");
            assert_eq!(
                overload(&idx, &id(q), (n, Some(told)), || false),
                want,
                "{q}({told})"
            );
        }
    }
}
