//! C++'s resolution.
//!
//! - `#include` as C's (`lang/c/resolve.rs`): beside the including file, then the `include`
//!   directories above it, then the root, then the one other `include` directory holding
//!   it; the `include` directories are those above C and C++ files alike. A header outside
//!   is `cpp:ext:vector`. An included header may be C (`c:include/x.h`): its names are seen,
//!   so a call from C++ to a C function is an edge to the `c:` function.
//! - A name (`f`, `A`, `ns::f`, `A::g`) is looked up in the scopes around the reference,
//!   innermost first (an out-of-line method `ns.A.f` sees `ns.A.…`, `ns.…`), in the file
//!   itself (`local`), then in the headers it includes, directly and what they include, up to
//!   three levels (`import`). A member through a stated type (`a.f()`, `p->f()`,
//!   `this->f()`) is the types' walk's.
//! - A call found at a declaration (a method in its class, a prototype in a header) goes to
//!   the definition when the workspace has exactly one of that qualname and parameter count
//!   outside headers ([`Resolver::settle`]); a definition `implements` its declaration.
//! - A type found in no scope the file sees (a header that only declares `class A;`) is
//!   the workspace's one type of that qualname (`unique`: the one-definition rule).
//! - A bare name found nowhere is the workspace's only function of that name outside
//!   headers (`unique`), or stays `unresolved`.

use crate::id::{unmarked, NodeId};
use crate::lang::c::is_header as c_header;
use crate::lang::cpp::is_header;
use crate::lang::Lang;
use crate::model::{EdgeKind, FactRole, Import, Kind, Resolution};
use crate::resolve::ctx::{
    hinted, single, Binding, FileCtx, ImportEdge, ImportName, Layout, Manifest, Outcome, Ref,
    Resolver, SymRef, SymbolIndex,
};
use crate::resolve::langs::c::{include_in, include_places, IncludePlaces};
use std::any::Any;
use std::sync::Arc;

pub(crate) struct CppResolver;

const LANG: Lang = Lang::Cpp;

/// How deep includes are followed for a name, and how many headers at most.
const INCLUDE_DEPTH: usize = 3;
const INCLUDE_FILES: usize = 64;

/// C++'s reading of the workspace: every directory named `include` above a C or C++ file.
pub(crate) struct CppIncludeDirs(IncludePlaces);

fn include_target(ws: &Layout, from: &str, path: &str) -> Option<String> {
    let none = IncludePlaces::default();
    let places = ws.facts::<CppIncludeDirs>().map_or(&none, |d| &d.0);
    include_in(ws, places, from, path)
}

/// A workspace file's language (a `.h` may be C or C++).
fn lang_of(ws: &Layout, file: &str) -> Lang {
    ws.lang_of(file).unwrap_or(LANG)
}

/// The headers a file sees, each with its language: its includes in order, then theirs.
/// Worked out once per file (`FileCtx::memo`, as C's): every reference reads it.
fn headers_seen<'a>(ctx: &'a FileCtx, ws: &Layout, idx: &dyn SymbolIndex) -> &'a [(Lang, String)] {
    let memo = ctx.memo.get_or_init(|| Box::new(headers_of(ctx, ws, idx)));
    memo.downcast_ref::<Vec<(Lang, String)>>()
        .map_or(&[], |v| &v[..])
}

fn headers_of(ctx: &FileCtx, ws: &Layout, idx: &dyn SymbolIndex) -> Vec<(Lang, String)> {
    let mut seen: Vec<(Lang, String)> = Vec::new();
    let mut level: Vec<String> = ctx
        .star
        .iter()
        .filter_map(|b| match b {
            Binding::Module(p) => p.first().cloned(),
            _ => None,
        })
        .collect();
    for depth in 0..INCLUDE_DEPTH {
        let mut next = Vec::new();
        for f in level {
            if f == ctx.path || seen.iter().any(|(_, s)| *s == f) || seen.len() >= INCLUDE_FILES {
                continue;
            }
            let l = lang_of(ws, &f);
            if depth + 1 < INCLUDE_DEPTH {
                for imp in idx.imports_of(l, &f) {
                    if let Some(t) = include_target(ws, &f, &imp.module) {
                        next.push(t);
                    }
                }
            }
            seen.push((l, f));
        }
        level = next;
    }
    seen
}

/// The qualnames a name written in scope `source_qual` may mean, innermost scope first:
/// `g` in `ns.A.f` → `ns.A.f.g`, `ns.A.g`, `ns.g`, `g`.
fn candidates(source_qual: Option<&str>, name: &str) -> Vec<String> {
    let name = name.strip_prefix("::").unwrap_or(name);
    let parts: Vec<&str> = source_qual.map_or(Vec::new(), |q| q.split('.').collect());
    let mut out: Vec<String> = (1..=parts.len())
        .rev()
        .map(|n| format!("{}.{name}", parts[..n].join(".")))
        .filter(|q| !crate::resolve::ctx::is_constructor(q))
        .collect();
    out.push(name.to_string());
    out
}

/// The fewest and most arguments (`None`: any more) a file states one of its qualnames
/// takes.
fn params(idx: &dyn SymbolIndex, lang: Lang, file: &str, q: &str) -> Option<(u16, Option<u16>)> {
    idx.facts(lang, file, q, FactRole::Params)
        .into_iter()
        .next()
        .and_then(|p| crate::resolve::ctx::arity(&p))
}

/// A declaration's parameters as its definition has them: defaults are written in the
/// declaration only (`f(int a, int b = 0);` is defined as `f(int a, int b)`), so the most
/// it takes, and whether any more.
fn shape(idx: &dyn SymbolIndex, lang: Lang, file: &str, q: &str) -> Option<(u16, bool)> {
    params(idx, lang, file, q).map(|(k, n)| (n.unwrap_or(k), n.is_none()))
}

impl CppResolver {
    /// A name through the scopes, in the file, then in the headers it sees.
    fn lookup(
        &self,
        ctx: &FileCtx,
        ws: &Layout,
        idx: &dyn SymbolIndex,
        source_qual: Option<&str>,
        name: &str,
        want: &dyn Fn(Kind) -> bool,
    ) -> Option<(SymRef, Resolution)> {
        // `using ns::A;`: `A` is `ns.A`; `using namespace ns;`: `ns.…` is seen too.
        let (first, rest) = name.split_once('.').map_or((name, ""), |(f, r)| (f, r));
        let name = match ctx.bindings.get(first) {
            Some(Binding::Member(_, q)) if rest.is_empty() => q.clone(),
            Some(Binding::Member(_, q)) => format!("{q}.{rest}"),
            _ => name.to_string(),
        };
        let mut qs = candidates(source_qual, &name);
        for b in &ctx.star {
            if let Binding::Member(_, ns) = b {
                qs.push(format!("{ns}.{name}"));
            }
        }
        for q in &qs {
            if let Some(s) = idx.in_file(LANG, &ctx.path, q).filter(|s| want(s.kind)) {
                return Some((s, Resolution::Local));
            }
        }
        let headers = headers_seen(ctx, ws, idx);
        for q in &qs {
            for (l, h) in headers {
                if let Some(s) = idx.in_file(*l, h, q).filter(|s| want(s.kind)) {
                    return Some((s, Resolution::Import));
                }
            }
        }
        // A type the file names but only declares (`class UnitTestImpl;` in a header, its
        // definition in a header the including source file sees): the workspace's one type
        // of that qualname, by the one-definition rule.
        // The standard library's names are no workspace type: no lookup by name for them
        // (most failing lookups are).
        if name.starts_with("std.") {
            return None;
        }
        let leaf = name.rsplit('.').next().unwrap_or(&name);
        let types: Vec<SymRef> = idx
            .by_name(LANG, leaf)
            .into_iter()
            .filter(|s| s.kind.is_type_like() && want(s.kind))
            .collect();
        qs.iter().find_map(|q| {
            single(types.iter().filter(|s| s.qualname() == q.as_str()))
                .map(|s| (s.clone(), Resolution::Unique))
        })
    }
}

impl Resolver for CppResolver {
    fn layout(&self, ws: &Layout, _manifests: &[Manifest]) -> Option<Arc<dyn Any + Send + Sync>> {
        Some(Arc::new(CppIncludeDirs(include_places(
            &ws.files,
            &[Lang::C, LANG],
        ))))
    }

    fn bind(&self, ctx: &mut FileCtx, imp: &Import, ws: &Layout) {
        if imp.module.is_empty() {
            // `using ns::A;` (`A` → `ns.A`), `using namespace ns;` (`*`).
            if let (Some(q), Some(name)) = (&imp.member, &imp.alias) {
                let b = Binding::Member(Vec::new(), q.clone());
                if name == "*" {
                    ctx.star.push(b);
                } else {
                    ctx.bindings.insert(name.clone(), b);
                }
            }
            return;
        }
        let b = match include_target(ws, &ctx.path, &imp.module) {
            Some(f) => Binding::Module(vec![f]),
            None => Binding::External(imp.module.clone()),
        };
        ctx.star.push(b);
    }

    /// An include binds no name: every name of the header is seen.
    fn import_name(&self, _imp: &Import) -> Option<ImportName> {
        None
    }

    fn import_edge(&self, ctx: &FileCtx, imp: &Import, ws: &Layout) -> ImportEdge {
        let target = match include_target(ws, &ctx.path, &imp.module) {
            Some(f) => NodeId::file_id(lang_of(ws, &f), &f),
            None => NodeId::external_id(LANG, &imp.module),
        };
        ImportEdge {
            target: Some(target),
            target_name: imp.module.clone(),
            resolution: Resolution::Import,
        }
    }

    fn direct(
        &self,
        ctx: &FileCtx,
        ws: &Layout,
        idx: &dyn SymbolIndex,
        r: &Ref<'_>,
        segs: &[&str],
    ) -> Option<Outcome> {
        if segs[0] == "?" || segs[0].ends_with(')') || segs[0].ends_with(']') {
            return None;
        }
        if r.kind == EdgeKind::Implements {
            return Some(self.declaration(ctx, ws, idx, r, segs));
        }
        if let (Some(h), true) = (r.hint, segs.len() >= 2) {
            // `this->f`, a typed local's class in this file; else the types' walk.
            return hinted(LANG, ctx, idx, h, segs);
        }
        if segs[0] == "this" {
            return None;
        }
        let want = |k: Kind| match r.kind {
            EdgeKind::Uses | EdgeKind::Extends => k.is_type_like(),
            _ => k.is_callable(),
        };
        let name = segs.join(".");
        if let Some((s, res)) = self.lookup(ctx, ws, idx, r.source_qual, &name, &want) {
            return Some(Outcome::Edge(Some(s.node_id), res));
        }
        // `A::f` where `A` is a type the types' walk finds (a base's member); `std::x`.
        if segs[0] == "std" {
            return Some(Outcome::Edge(None, Resolution::External));
        }
        None
    }

    /// A bare function name no scope or header gives: the workspace's only definition of it
    /// outside headers; else unresolved.
    fn fallback(
        &self,
        _ctx: &FileCtx,
        _ws: &Layout,
        idx: &dyn SymbolIndex,
        r: &Ref<'_>,
        segs: &[&str],
        _want: &dyn Fn(Kind) -> bool,
    ) -> Outcome {
        let ([name], EdgeKind::Calls, None) = (segs, r.kind, r.hint) else {
            return Outcome::Edge(None, Resolution::Unresolved);
        };
        let hit =
            single(idx.by_name(LANG, name).into_iter().filter(|s| {
                s.kind == Kind::Function && s.qualname() == *name && !is_header(&s.file)
            }));
        match hit {
            Some(s) => Outcome::Edge(Some(s.node_id), Resolution::Unique),
            None => Outcome::Edge(None, Resolution::Unresolved),
        }
    }

    /// A declaration in a header (a method in its class, a prototype) → its one definition
    /// outside headers: the same qualname and parameter count.
    fn settle(&self, idx: &dyn SymbolIndex, id: String, args: Option<u16>) -> Option<String> {
        let Ok(NodeId::Symbol {
            lang,
            path,
            qualname,
        }) = NodeId::parse(&id)
        else {
            return Some(id);
        };
        // More arguments than a C++ function takes (defaults allow fewer): not this one
        // (`close(fd)` in a method of a class whose `close()` takes none is `::close`).
        if let (LANG, Some(n), Some((_, Some(most)))) =
            (lang, args, params(idx, lang, &path, &qualname))
        {
            if n > most {
                return None;
            }
        }
        // `A(…)`, `new A(…)`: the constructor its argument count picks, when the class
        // declares one with that many parameters (else the class).
        if let (LANG, Some(n)) = (lang, args) {
            if let Some(ctor) = constructor(idx, &path, &qualname, n) {
                return self.settle(idx, ctor, None);
            }
        }
        let header = match lang {
            Lang::C => c_header(&path),
            _ => is_header(&path),
        };
        if !header || !matches!(lang, Lang::C | LANG) {
            return Some(id);
        }
        let leaf = qualname.rsplit('.').next().unwrap_or(&qualname);
        let name = crate::syntax::segment_base(leaf);
        let want = shape(idx, lang, &path, &qualname);
        // A C function's definition is C's (`c:src/x.c#f`).
        let header_of = |f: &str| match lang {
            Lang::C => c_header(f),
            _ => is_header(f),
        };
        // `const` tells two overloads of one parameter list apart (tinyxml2's
        // `FirstChildElement(const char*) const`, defined in the source, and the header's
        // inline non-const one).
        let is_const = |f: &str, q: &str| !idx.facts(lang, f, q, FactRole::Const).is_empty();
        let constness = is_const(&path, &qualname);
        let defs: Vec<SymRef> = idx
            .by_name(lang, name)
            .into_iter()
            .filter(|s| {
                unmarked(s.qualname()) == unmarked(&qualname)
                    && matches!(s.kind, Kind::Function | Kind::Method)
                    && !header_of(&s.file)
                    && shape(idx, lang, &s.file, s.qualname()) == want
                    && is_const(&s.file, s.qualname()) == constness
            })
            .collect();
        // Overloads are numbered in each file's order, which a header and its source need
        // not share (tinyxml2 declares `SetText(double)` then `(float)`, and defines them the
        // other way: a `1.5f` call went to the `double` one): the parameter types pick the
        // definition, the overload mark only when the types are not told.
        let types = |f: &str, q: &str| -> Option<String> {
            let p = idx.facts(lang, f, q, FactRole::Params).into_iter().next()?;
            let t = crate::resolve::ctx::param_types(&p);
            (!t.is_empty() && t.iter().all(|t| !t.is_empty())).then(|| t.join(","))
        };
        let typed = types(&path, &qualname).map(|want| {
            defs.iter()
                .filter(|d| types(&d.file, d.qualname()).as_deref() == Some(want.as_str()))
                .cloned()
                .collect::<Vec<_>>()
        });
        let pick = match typed {
            Some(t) if !t.is_empty() => single(t.into_iter()),
            _ => single(defs.into_iter().filter(|s| s.qualname() == qualname)),
        };
        Some(match pick {
            Some(d) => d.node_id,
            None => id,
        })
    }
}

/// The constructor of the class `class_q` (in `file`) that takes `args` arguments: the
/// one of its `A.A`, `A.A~2`, … declared there with that parameter count; `None` when
/// `class_q` is no class there, or none or several do.
fn constructor(idx: &dyn SymbolIndex, file: &str, class_q: &str, args: u16) -> Option<String> {
    let name = crate::syntax::segment_base(class_q.rsplit('.').next().unwrap_or(class_q));
    let named = idx.by_name(LANG, name);
    let class = named.iter().any(|s| {
        s.file == file && s.qualname() == class_q && matches!(s.kind, Kind::Class | Kind::Struct)
    });
    if !class {
        return None;
    }
    let ctor = format!("{class_q}.{name}");
    single(named.into_iter().filter(|s| {
        s.file == file
            && s.kind == Kind::Method
            && s.qualname()
                .rsplit_once('.')
                .map(|(p, l)| (p, crate::syntax::segment_base(l)))
                == ctor.rsplit_once('.')
            && params(idx, LANG, file, s.qualname())
                .is_some_and(|(k, n)| args >= k && n.is_none_or(|n| args <= n))
    }))
    .map(|s| s.node_id)
}

impl CppResolver {
    /// What a definition implements: the declaration of its qualname in its own file or a
    /// header it sees, the one with its parameter count when overloaded.
    fn declaration(
        &self,
        ctx: &FileCtx,
        ws: &Layout,
        idx: &dyn SymbolIndex,
        r: &Ref<'_>,
        segs: &[&str],
    ) -> Outcome {
        let target = segs.join(".");
        let mine = r.source_qual.and_then(|q| shape(idx, LANG, &ctx.path, q));
        // The scope the definition is written in (a namespace around `A::f`).
        let scope = r.source_qual.and_then(|q| {
            let q = match q.rsplit_once('.') {
                Some((p, leaf)) => format!("{p}.{}", crate::syntax::segment_base(leaf)),
                None => crate::syntax::segment_base(q).to_string(),
            };
            q.strip_suffix(target.as_str())
                .map(|p| p.trim_end_matches('.').to_string())
                .filter(|p| !p.is_empty())
        });
        // A declaration in the same file is no symbol (the definition is): the headers.
        let files = headers_seen(ctx, ws, idx);
        // Every scope around, constructors included (`Money::Money` implements `Money.Money`).
        let parts: Vec<&str> = scope
            .as_deref()
            .map_or(Vec::new(), |q| q.split('.').collect());
        let mut qs: Vec<String> = (1..=parts.len())
            .rev()
            .map(|n| format!("{}.{target}", parts[..n].join(".")))
            .collect();
        qs.push(target.clone());
        for q in qs {
            for (l, f) in files {
                let mut found: Vec<SymRef> = Vec::new();
                for k in 1..=64u32 {
                    let qk = if k == 1 {
                        q.clone()
                    } else {
                        format!("{q}~{k}")
                    };
                    match idx.in_file(*l, f, &qk) {
                        Some(s) => found.push(s),
                        None if k > 1 => break,
                        None => {}
                    }
                }
                found.retain(|s| matches!(s.kind, Kind::Function | Kind::Method));
                let pick = match found.len() {
                    0 => continue,
                    1 => found.pop(),
                    _ => single(
                        found
                            .into_iter()
                            .filter(|s| shape(idx, *l, f, s.qualname()) == mine),
                    ),
                };
                return match pick {
                    Some(s) => Outcome::Edge(Some(s.node_id), Resolution::Import),
                    None => Outcome::Drop,
                };
            }
        }
        Outcome::Drop
    }
}

#[cfg(test)]
mod tests {
    use super::candidates;

    #[test]
    fn names_are_looked_up_from_the_innermost_scope() {
        assert_eq!(
            candidates(Some("ns.A.f"), "g"),
            vec!["ns.A.f.g", "ns.A.g", "ns.g", "g"]
        );
        assert_eq!(candidates(None, "ns.f"), vec!["ns.f"]);
        // A constructor's name inside its class is the class's.
        assert_eq!(candidates(Some("A.f"), "A"), vec!["A.f.A", "A"]);
    }
}
