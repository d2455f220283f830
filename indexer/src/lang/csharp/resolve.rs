//! C#'s resolution. A namespace is not a directory: a type is found by its qualified name
//! (`Ns.Outer.Inner`) in whichever file declares it. Every directory of `.cs` files is a
//! package node named by its first file's namespace, which tells which namespaces the
//! workspace declares (an import of one is an edge to its directory; of any other, to
//! `cs:ext:System.Linq`).
//!
//! A name (`T`, `T.M`, `Ns.T.M`) is looked up in the scopes around the reference in the file
//! (`local`), then under each enclosing scope's qualified name anywhere (`Ns.A.T`, `Ns.T`:
//! the enclosing namespaces and classes, `package`), then under the file's `using`
//! directives (an alias `using X = A.B.C;`, the namespaces of `using A.B;`, the classes of
//! `using static A.B.C;`: `import`), then as written (a fully qualified name). Of several
//! declarations of one qualified name (a partial class's parts) the first by path is taken
//! for a type; a member is the one part's that declares it. What the rules do not decide
//! goes to the types the code states (`this.f.M()`, `new T().M()`, a typed local), then to
//! members the classes around inherit (`Language::implicit_self`).

use crate::id::NodeId;
use crate::lang::Lang;
use crate::model::{EdgeKind, Import, Kind, Resolution};
use crate::resolve::ctx::{
    hinted, in_scopes, scoped, Binding, FileCtx, ImportEdge, ImportName, Layout, Manifest, Outcome,
    Ref, Resolver, SymRef, SymbolIndex,
};
use crate::syntax::segment_base;
use crate::walk::parent_dir;
use std::collections::HashMap;

pub(crate) struct CSharpResolver;

const LANG: Lang = Lang::CSharp;

/// C#'s reading of the workspace: the directories each namespace names (by their first
/// file's namespace).
pub(crate) struct Namespaces(HashMap<String, Vec<String>>);

fn dirs_of<'w>(ws: &'w Layout, ns: &str) -> &'w [String] {
    ws.facts::<Namespaces>()
        .and_then(|n| n.0.get(ns))
        .map_or(&[], Vec::as_slice)
}

/// Whether the workspace declares namespace `ns` or one inside it.
fn in_workspace(ws: &Layout, ns: &str) -> bool {
    ws.facts::<Namespaces>().is_some_and(|n| {
        n.0.contains_key(ns)
            || n.0
                .keys()
                .any(|k| k.len() > ns.len() && k.starts_with(ns) && k.as_bytes()[ns.len()] == b'.')
    })
}

/// The workspace's declarations of qualname `q`, first by path.
fn declared(idx: &dyn SymbolIndex, q: &str) -> Vec<SymRef> {
    let leaf = segment_base(q.rsplit('.').next().unwrap_or(q));
    let mut v: Vec<SymRef> = idx
        .by_name(LANG, leaf)
        .into_iter()
        .filter(|s| s.qualname() == q)
        .collect();
    v.sort_by(|a, b| a.file.cmp(&b.file));
    v
}

/// The one symbol `q` names: of a partial type's parts the one in the file named after it
/// (`MemoryStore.cs`), else the first by path (a partial class is one class); else the only
/// declaration; `None` when several non-types share it.
fn one(idx: &dyn SymbolIndex, q: &str) -> Option<SymRef> {
    let v = declared(idx, q);
    match v.as_slice() {
        [] => None,
        [s] => Some(s.clone()),
        [s, ..]
            if v.iter()
                .all(|s| s.kind.is_type_like() || s.kind == Kind::Package) =>
        {
            let name = segment_base(q.rsplit('.').next().unwrap_or(q));
            let own = format!("{name}.cs");
            let named = v
                .iter()
                .find(|p| p.file == own || p.file.ends_with(&format!("/{own}")));
            Some(named.unwrap_or(s).clone())
        }
        _ => None,
    }
}

/// The qualified names a reference's scopes put before a name, innermost first: `Ns.A.m`,
/// `Ns.A`, `Ns` for a reference in method `Ns.A.m`.
fn scopes(source_qual: Option<&str>) -> Vec<String> {
    let parts: Vec<&str> = source_qual.map_or(Vec::new(), |q| q.split('.').collect());
    (1..=parts.len())
        .rev()
        .map(|n| {
            parts[..n]
                .iter()
                .map(|s| segment_base(s))
                .collect::<Vec<_>>()
                .join(".")
        })
        .collect()
}

/// A type named in a declaration or a base list is a type (`Category Category`: not the
/// member it declares).
fn want_type(r: &Ref<'_>) -> bool {
    matches!(
        r.kind,
        EdgeKind::Uses | EdgeKind::Extends | EdgeKind::Implements
    )
}

/// Whether a type found by its name has a namesake in its scope that differs by its type
/// parameters (`Wrapper` and `Wrapper<T>`, `Wrapper` and `Wrapper~2` in the map): which one a
/// name means, its type arguments tell, and the map does not read them.
fn generic_namesakes(idx: &dyn SymbolIndex, s: &SymRef) -> bool {
    let q = s.qualname();
    let base = q.rsplit_once('~').map_or(q, |(b, _)| b);
    s.kind.is_type_like()
        && [base.to_string(), format!("{base}~2")]
            .iter()
            .filter(|c| c.as_str() != q)
            .any(|c| {
                idx.in_file(LANG, &s.file, c)
                    .is_some_and(|o| o.kind.is_type_like())
            })
}

/// An edge to `s`, unless its name is ambiguous between generic namesakes.
fn edge_to(idx: &dyn SymbolIndex, s: SymRef, res: Resolution) -> Outcome {
    if generic_namesakes(idx, &s) {
        Outcome::Edge(None, Resolution::Unresolved)
    } else {
        Outcome::Edge(Some(s.node_id), res)
    }
}

impl CSharpResolver {
    /// What `segs` names from the prefixes the file's scopes and `using` directives give, and
    /// how: the whole path (`Some(Ok)`), or a type it starts with whose members the types'
    /// walk follows (`Some(Err(()))`).
    fn lookup(
        &self,
        ctx: &FileCtx,
        idx: &dyn SymbolIndex,
        r: &Ref<'_>,
        segs: &[&str],
    ) -> Option<Result<(SymRef, Resolution), ()>> {
        let mut bases: Vec<(String, Resolution)> = scopes(r.source_qual)
            .into_iter()
            .map(|s| (s, Resolution::Package))
            .collect();
        // An alias names its target.
        if let Some(Binding::Member(_, target)) = ctx.bindings.get(segs[0]) {
            let whole = if segs.len() == 1 {
                target.clone()
            } else {
                format!("{target}.{}", segs[1..].join("."))
            };
            return self.longest(idx, "", &whole, Resolution::Import, want_type(r));
        }
        for b in &ctx.star {
            match b {
                Binding::Package(ns) => bases.push((ns.clone(), Resolution::Import)),
                Binding::Member(_, class) => bases.push((class.clone(), Resolution::Import)),
                _ => {}
            }
        }
        bases.push((String::new(), Resolution::Package));
        let path = segs.join(".");
        for (base, res) in bases {
            if let Some(found) = self.longest(idx, &base, &path, res, want_type(r)) {
                return Some(found);
            }
        }
        None
    }

    /// The longest leading part of `path` under `base` the workspace declares.
    fn longest(
        &self,
        idx: &dyn SymbolIndex,
        base: &str,
        path: &str,
        res: Resolution,
        want_type: bool,
    ) -> Option<Result<(SymRef, Resolution), ()>> {
        let segs: Vec<&str> = path.split('.').collect();
        for n in (1..=segs.len()).rev() {
            let q = if base.is_empty() {
                segs[..n].join(".")
            } else {
                format!("{base}.{}", segs[..n].join("."))
            };
            if n == segs.len() {
                // A member of a partial class: the one part that declares it.
                let v = declared(idx, &q);
                if let Some(s) = one(idx, &q).or_else(|| {
                    (v.len() > 1 && v.iter().all(|s| s.kind.is_callable())).then(|| v[0].clone())
                }) {
                    if want_type && !s.kind.is_type_like() {
                        return None;
                    }
                    return Some(Ok((s, res)));
                }
                if !v.is_empty() {
                    return Some(Err(()));
                }
            } else if let Some(s) = one(idx, &q) {
                // A type (or namespace) the path goes through: its members are the walk's.
                if s.kind.is_type_like() {
                    return Some(Err(()));
                }
            }
        }
        None
    }
}

impl Resolver for CSharpResolver {
    fn layout(
        &self,
        ws: &Layout,
        _manifests: &[Manifest],
    ) -> Option<std::sync::Arc<dyn std::any::Any + Send + Sync>> {
        let cs_dirs: std::collections::HashSet<&str> = ws
            .files
            .iter()
            .filter(|f| f.ends_with(".cs"))
            .map(|f| parent_dir(f))
            .collect();
        let mut by_name: HashMap<String, Vec<String>> = HashMap::new();
        for (dir, name) in &ws.packages {
            if let (true, Some(name)) = (cs_dirs.contains(dir.as_str()), name) {
                by_name.entry(name.clone()).or_default().push(dir.clone());
            }
        }
        for dirs in by_name.values_mut() {
            dirs.sort();
        }
        Some(std::sync::Arc::new(Namespaces(by_name)))
    }

    fn bind(&self, ctx: &mut FileCtx, imp: &Import, _ws: &Layout) {
        match (&imp.alias, imp.member.as_deref()) {
            (Some(alias), Some(member)) => {
                let target = if imp.module.is_empty() {
                    member.to_string()
                } else {
                    format!("{}.{member}", imp.module)
                };
                ctx.bindings
                    .insert(alias.clone(), Binding::Member(Vec::new(), target));
            }
            (None, Some("*")) => ctx
                .star
                .push(Binding::Member(Vec::new(), imp.module.clone())),
            (None, None) => ctx.star.push(Binding::Package(imp.module.clone())),
            _ => {}
        }
    }

    fn import_name(&self, imp: &Import) -> Option<ImportName> {
        let alias = imp.alias.as_ref()?;
        Some(ImportName {
            name: alias.clone(),
            module: imp.module.clone(),
            member: imp.member.clone(),
        })
    }

    fn import_edge(&self, _ctx: &FileCtx, imp: &Import, ws: &Layout) -> ImportEdge {
        // What the directive names: a namespace, or a class (`using static`, an alias).
        let name = match imp.member.as_deref() {
            Some("*") | None => imp.module.clone(),
            Some(m) if imp.module.is_empty() => m.to_string(),
            Some(m) => format!("{}.{m}", imp.module),
        };
        let edge = |target: Option<String>, resolution| ImportEdge {
            target,
            target_name: name.clone(),
            resolution,
        };
        // The namespace itself, or the one the class is in.
        let ns = if dirs_of(ws, &name).is_empty() {
            match name.rsplit_once('.') {
                Some((ns, _)) if !dirs_of(ws, ns).is_empty() => ns,
                _ => name.as_str(),
            }
        } else {
            name.as_str()
        };
        match dirs_of(ws, ns).first() {
            Some(d) => edge(Some(NodeId::package_id(LANG, d)), Resolution::Import),
            None if in_workspace(ws, &name) || in_workspace(ws, ns) => {
                edge(None, Resolution::Unresolved)
            }
            None => edge(Some(NodeId::external_id(LANG, &name)), Resolution::Import),
        }
    }

    fn direct(
        &self,
        ctx: &FileCtx,
        _ws: &Layout,
        idx: &dyn SymbolIndex,
        r: &Ref<'_>,
        segs: &[&str],
    ) -> Option<Outcome> {
        if segs[0] == "?" || segs[0].ends_with(')') || segs[0].ends_with(']') {
            return None;
        }
        if let (Some(h), true) = (r.hint, segs.len() >= 2) {
            // `this.m`, a typed local's class in this file.
            return hinted(LANG, ctx, idx, h, segs);
        }
        if matches!(segs[0], "this" | "base") {
            return None;
        }
        match in_scopes(LANG, ctx, idx, r) {
            Some(Outcome::Edge(Some(id), res)) => {
                let found = crate::id::NodeId::parse(&id)
                    .ok()
                    .and_then(|n| n.qualname().map(str::to_string))
                    .and_then(|q| idx.in_file(LANG, &ctx.path, &q));
                match found {
                    Some(s) if !want_type(r) || s.kind.is_type_like() => {
                        return Some(edge_to(idx, s, res))
                    }
                    Some(_) => {}
                    None => return Some(Outcome::Edge(Some(id), res)),
                }
            }
            Some(o) => return Some(o),
            None => {}
        }
        // A scope's member named first (`Inner.m`, a field): the types follow the rest.
        if segs.len() > 1 && scoped(LANG, ctx, idx, r.source_qual, segs[0]).is_some() {
            return None;
        }
        match self.lookup(ctx, idx, r, segs) {
            Some(Ok((s, res))) => Some(edge_to(idx, s, res)),
            Some(Err(())) => None,
            None if LANG.is_builtin(segs[0]) => Some(Outcome::Drop),
            None => None,
        }
    }

    /// Names no rule found: a capitalised first name the file may have from an outside
    /// namespace it uses (`Console.WriteLine`, `List<T>`) is outside; anything else stays
    /// unresolved.
    fn fallback(
        &self,
        ctx: &FileCtx,
        ws: &Layout,
        idx: &dyn SymbolIndex,
        r: &Ref<'_>,
        segs: &[&str],
        _want: &dyn Fn(Kind) -> bool,
    ) -> Outcome {
        if segs[0].ends_with(')') || matches!(segs[0], "this" | "base" | "?") {
            return Outcome::Edge(None, Resolution::Unresolved);
        }
        // A first name the workspace declares is not an outside one.
        if self.lookup(ctx, idx, r, &segs[..1]).is_some() {
            return Outcome::Edge(None, Resolution::Unresolved);
        }
        let capitalised = segs[0].starts_with(|c: char| c.is_ascii_uppercase());
        let outside = |b: &Binding| match b {
            Binding::Package(ns) => !in_workspace(ws, ns),
            Binding::Member(_, class) => one(idx, class).is_none(),
            _ => false,
        };
        // `Marshal.SizeOf(…)` under `using System.Runtime.InteropServices;`, a type named in a
        // declaration (`List<T>`); `Abs(x)` under `using static System.Math;`.
        // A bare capitalised call the classes around do not have (an outside base's method,
        // an outside type's constructor: `new ServiceCollection()`) is outside too, unless
        // the workspace declares that name somewhere.
        let named_type = !matches!(r.kind, EdgeKind::Calls)
            || segs.len() > 1
            || idx.by_name(LANG, segs[0]).is_empty();
        let typed = capitalised && named_type && ctx.star.iter().any(outside);
        let statik = segs.len() == 1
            && ctx
                .star
                .iter()
                .any(|b| matches!(b, Binding::Member(..)) && outside(b));
        if typed || statik {
            return Outcome::Edge(None, Resolution::External);
        }
        Outcome::Edge(None, Resolution::Unresolved)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scopes_innermost_first() {
        assert_eq!(
            scopes(Some("Shop.Cart.Add~2")),
            ["Shop.Cart.Add", "Shop.Cart", "Shop"]
        );
        assert!(scopes(None).is_empty());
    }
}
