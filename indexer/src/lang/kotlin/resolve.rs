//! Kotlin's resolution, Java's reading of packages: a package is every directory whose files
//! declare it (`package p`); imports name a package's member by its dotted name (`import
//! p.C`, `import p.f`, `import p.C.Nested`), under another name (`import p.C as D`), or all
//! of them (`import p.*`). Names go through the enclosing scopes, then the file's single
//! imports, then its own package, then its star imports; a fully qualified name (`p.q.C.m`)
//! through its package. `C.m()` is a member of `C`, or of its companion object
//! (`C.Companion.m`). What no workspace file declares is outside (`kt:ext:kotlin.collections`);
//! an outside package is cut where its first capitalised segment starts.

use crate::id::NodeId;
use crate::lang::Lang;
use crate::model::{Import, Kind, Resolution};
use crate::resolve::ctx::{
    hinted, in_scopes, Binding, FileCtx, ImportEdge, ImportName, Layout, Manifest, Outcome, Ref,
    Resolver, SymRef, SymbolIndex,
};
use crate::resolve::ctx::{join_path, scoped, single};
use crate::walk::parent_dir;
use std::collections::HashMap;

pub(crate) struct KotlinResolver;

const LANG: Lang = Lang::Kotlin;

/// Kotlin's reading of the workspace: each package name's directories.
pub(crate) struct Packages(HashMap<String, Vec<String>>);

/// The directories of package `name` (`""`: the unnamed package's).
fn dirs_of<'w>(ws: &'w Layout, name: &str) -> &'w [String] {
    ws.facts::<Packages>()
        .and_then(|p| p.0.get(name))
        .map_or(&[], Vec::as_slice)
}

/// The package a file's directory declares.
fn package_of<'w>(ws: &'w Layout, file: &str) -> &'w str {
    ws.package_name(parent_dir(file)).unwrap_or("")
}

/// What a dotted name (`p.q.C.D`) names in the workspace: the package it starts with (the
/// longest one the workspace declares) and the qualname after it, if any.
fn split_package<'a>(ws: &Layout, dotted: &'a str) -> Option<(&'a str, Option<&'a str>)> {
    if !dirs_of(ws, dotted).is_empty() {
        return Some((dotted, None));
    }
    let mut end = dotted.len();
    while let Some(i) = dotted[..end].rfind('.') {
        let (p, rest) = (&dotted[..i], &dotted[i + 1..]);
        if !dirs_of(ws, p).is_empty() {
            return Some((p, Some(rest)));
        }
        end = i;
    }
    None
}

/// The package an outside dotted name is in: its segments before the first capitalised one.
fn outside_package(dotted: &str) -> String {
    let segs: Vec<&str> = dotted
        .split('.')
        .take_while(|s| !s.starts_with(|c: char| c.is_ascii_uppercase()))
        .collect();
    if segs.is_empty() {
        dotted.to_string()
    } else {
        segs.join(".")
    }
}

/// Qualname `q` in one of `dirs` (a package's directories).
fn in_dirs(idx: &dyn SymbolIndex, dirs: &[String], q: &str) -> Option<SymRef> {
    dirs.iter()
        .find_map(|d| idx.in_dir(LANG, d, q).into_iter().next())
}

/// The file that declares top-level class `class` of the package in `dirs`, by the
/// convention that a class lives in a file of its name (`C.kt`).
fn class_file(ws: &Layout, dirs: &[String], class: &str) -> Option<String> {
    let top = class.split('.').next().unwrap_or(class);
    dirs.iter()
        .map(|d| join_path(d, &format!("{top}.kt")))
        .find(|f| ws.has_file(f))
}

/// `C.m` in `C`'s file, else in its unnamed companion object (`C.Companion.m`).
fn member_or_companion(
    idx: &dyn SymbolIndex,
    file: &str,
    class: &str,
    rest: &str,
) -> Option<SymRef> {
    idx.in_file(LANG, file, &format!("{class}.{rest}"))
        .or_else(|| idx.in_file(LANG, file, &format!("{class}.Companion.{rest}")))
}

/// `x.m()` of an extension function (`fun T.m()`, qualname `T.m`; in an object, `C.T.m`):
/// one the file imports by name (`import p.m`, `import p.C.Companion.m`, or `as` another
/// name), else, when `x`'s type is known (`hint`), one of the file's own package declared for
/// that type. `None`: no such extension, or several the call cannot tell apart.
fn extension(
    ctx: &FileCtx,
    ws: &Layout,
    idx: &dyn SymbolIndex,
    hint: Option<&str>,
    segs: &[&str],
) -> Option<Outcome> {
    let called = *segs.last()?;
    let stated = hint.map(|h| h.rsplit('.').next().unwrap_or(h));
    // Its qualname's parts: the container's (`C.Companion`, or none) and the receiver's.
    let is_extension = |s: &SymRef, container: &str, name: &str, receiver: Option<&str>| {
        let q = s.qualname();
        let Some(rest) = (if container.is_empty() {
            Some(q)
        } else {
            q.strip_prefix(container).and_then(|r| r.strip_prefix('.'))
        }) else {
            return false;
        };
        // At the top level a function (a class's method `C.m` is no extension); in an
        // object (`C.Companion`), its method, but not a nested class's secondary
        // constructor (`C.Companion.N.N`).
        let kind_fits = if container.is_empty() {
            s.kind == Kind::Function
        } else {
            matches!(s.kind, Kind::Function | Kind::Method)
        };
        kind_fits
            && rest.rsplit_once('.').is_some_and(|(recv, n)| {
                n == name
                    && !recv.is_empty()
                    && recv.rsplit('.').next() != Some(name)
                    && receiver.is_none_or(|t| recv == t)
            })
    };
    let pick = |dirs: &[String], container: &str, name: &str, receiver: Option<&str>| {
        single(idx.by_name(LANG, name).into_iter().filter(|s| {
            dirs.iter().any(|d| d == parent_dir(&s.file))
                && is_extension(s, container, name, receiver)
        }))
    };
    if let Some(Binding::Member(dirs, q)) = ctx.bindings.get(called) {
        let (container, name) = q.rsplit_once('.').unwrap_or(("", q));
        // Of the stated type if the file imports several; else the one it imports (the
        // type stated may be a value's expression, not a type's name).
        let found = pick(dirs, container, name, stated).or_else(|| {
            stated
                .is_some()
                .then(|| pick(dirs, container, name, None))
                .flatten()
        });
        if let Some(s) = found {
            return Some(Outcome::Edge(Some(s.node_id), Resolution::Import));
        }
    }
    stated?;
    let own = dirs_of(ws, package_of(ws, &ctx.path));
    let here = [parent_dir(&ctx.path).to_string()];
    let dirs = if own.is_empty() { &here[..] } else { own };
    pick(dirs, "", called, stated).map(|s| Outcome::Edge(Some(s.node_id), Resolution::Package))
}

impl KotlinResolver {
    /// A first name (a type, a static member) through the file's imports, its package and
    /// `java.lang`, with how it was found. `Err` when it is named outside the workspace (or is
    /// `java.lang`'s).
    fn name(
        &self,
        ctx: &FileCtx,
        ws: &Layout,
        idx: &dyn SymbolIndex,
        name: &str,
    ) -> Option<Result<(SymRef, Resolution), Outcome>> {
        match ctx.bindings.get(name) {
            Some(Binding::Member(dirs, q)) => {
                return Some(match in_dirs(idx, dirs, q) {
                    Some(s) => Ok((s, Resolution::Import)),
                    None => Err(Outcome::Edge(None, Resolution::Unresolved)),
                })
            }
            Some(Binding::External(_)) => {
                return Some(Err(Outcome::Edge(None, Resolution::External)))
            }
            _ => {}
        }
        let own = dirs_of(ws, package_of(ws, &ctx.path));
        if let Some(s) = in_dirs(idx, own, name) {
            return Some(Ok((s, Resolution::Package)));
        }
        if own.is_empty() {
            if let Some(s) = idx
                .in_dir(LANG, parent_dir(&ctx.path), name)
                .into_iter()
                .next()
            {
                return Some(Ok((s, Resolution::Package)));
            }
        }
        for b in &ctx.star {
            let found = match b {
                Binding::Package(dir) => idx.in_dir(LANG, dir, name).into_iter().next(),
                Binding::Member(dirs, class) => in_dirs(idx, dirs, &format!("{class}.{name}")),
                _ => None,
            };
            if let Some(s) = found {
                return Some(Ok((s, Resolution::Import)));
            }
        }
        if LANG.is_builtin(name) {
            return Some(Err(Outcome::Drop));
        }
        None
    }
}

impl Resolver for KotlinResolver {
    fn layout(
        &self,
        ws: &Layout,
        _manifests: &[Manifest],
    ) -> Option<std::sync::Arc<dyn std::any::Any + Send + Sync>> {
        let java_dirs: std::collections::HashSet<&str> = ws
            .files
            .iter()
            .filter(|f| f.ends_with(".kt") || f.ends_with(".kts"))
            .map(|f| parent_dir(f))
            .collect();
        let mut by_name: HashMap<String, Vec<String>> = HashMap::new();
        for (dir, name) in &ws.packages {
            if java_dirs.contains(dir.as_str()) {
                by_name
                    .entry(name.clone().unwrap_or_default())
                    .or_default()
                    .push(dir.clone());
            }
        }
        for dirs in by_name.values_mut() {
            dirs.sort();
        }
        Some(std::sync::Arc::new(Packages(by_name)))
    }

    fn bind(&self, ctx: &mut FileCtx, imp: &Import, ws: &Layout) {
        let member = imp.member.as_deref().unwrap_or("*");
        let container = match split_package(ws, &imp.module) {
            // A package, or a class in one.
            Some((p, q)) => {
                let dirs = dirs_of(ws, p).to_vec();
                match q {
                    None if member == "*" => {
                        ctx.star.extend(dirs.into_iter().map(Binding::Package));
                        return;
                    }
                    None => Binding::Member(dirs, member.to_string()),
                    Some(class) if member == "*" => {
                        ctx.star.push(Binding::Member(dirs, class.to_string()));
                        return;
                    }
                    Some(class) => Binding::Member(dirs, format!("{class}.{member}")),
                }
            }
            // An on-demand import from outside keeps its whole container (`org.junit.Assert`
            // of `import static org.junit.Assert.*`): a class's brings its members, a
            // package's only types (`fallback`).
            None if member == "*" => Binding::External(imp.module.clone()),
            None => Binding::External(outside_package(&imp.module)),
        };
        if member == "*" {
            ctx.star.push(container);
        } else {
            let local = imp.alias.as_deref().unwrap_or(member);
            ctx.bindings.insert(local.to_string(), container);
        }
    }

    fn import_name(&self, imp: &Import) -> Option<ImportName> {
        let member = imp.member.as_deref()?;
        (member != "*").then(|| ImportName {
            name: imp.alias.as_deref().unwrap_or(member).to_string(),
            module: imp.module.clone(),
            member: Some(member.to_string()),
        })
    }

    fn import_edge(&self, _ctx: &FileCtx, imp: &Import, ws: &Layout) -> ImportEdge {
        let member = imp.member.as_deref().unwrap_or("*");
        let name = if member == "*" {
            format!("{}.*", imp.module)
        } else {
            format!("{}.{member}", imp.module)
        };
        let edge = |target: Option<String>, resolution| ImportEdge {
            target,
            target_name: name.clone(),
            resolution,
        };
        match split_package(ws, &imp.module) {
            // `import p.*;`: the package (its first directory).
            Some((p, None)) if member == "*" => edge(
                dirs_of(ws, p).first().map(|d| NodeId::package_id(LANG, d)),
                Resolution::Import,
            ),
            // A class in its own file (`C.kt`); else (a function, a class in a file of
            // another name) the package.
            Some((p, q)) => {
                let class = q.unwrap_or(member);
                let dirs = dirs_of(ws, p);
                match class_file(ws, dirs, class) {
                    Some(f) => edge(Some(NodeId::file_id(LANG, &f)), Resolution::Import),
                    None => edge(
                        dirs.first().map(|d| NodeId::package_id(LANG, d)),
                        Resolution::Import,
                    ),
                }
            }
            None => edge(
                Some(NodeId::external_id(LANG, &outside_package(&imp.module))),
                Resolution::Import,
            ),
        }
    }

    /// `x.m()` or `m()` in an extension's body, of an extension the file imports by name; of
    /// one of its package for `x`'s stated type.
    fn extension(
        &self,
        ctx: &FileCtx,
        ws: &Layout,
        idx: &dyn SymbolIndex,
        hint: Option<&str>,
        segs: &[&str],
    ) -> Option<Outcome> {
        if matches!(segs[0], "this" | "super") {
            return None;
        }
        extension(ctx, ws, idx, hint, segs)
    }

    fn direct(
        &self,
        ctx: &FileCtx,
        ws: &Layout,
        idx: &dyn SymbolIndex,
        r: &Ref<'_>,
        segs: &[&str],
    ) -> Option<Outcome> {
        if segs[0] == "?" || segs[0].ends_with(')') {
            return None;
        }
        if let (Some(h), true) = (r.hint, segs.len() >= 2) {
            // `this.m`, a typed local's class in this file (its other members through the
            // types' walk, then its extensions: `Resolver::extension`).
            return hinted(LANG, ctx, idx, h, segs);
        }
        if matches!(segs[0], "this" | "super") {
            return None;
        }
        if let Some(o) = in_scopes(LANG, ctx, idx, r) {
            return Some(o);
        }
        // A bare name in a class (or one nested in it) that its companion object declares
        // (okhttp's `readInt(source)` in `Cache.Entry`, of `Cache.Companion.readInt`).
        if segs.len() == 1 {
            let mut scope = r.source_qual;
            while let Some(q) = scope {
                let found = idx.in_file(LANG, &ctx.path, &format!("{q}.Companion.{}", segs[0]));
                if let Some(s) = found {
                    return Some(Outcome::Edge(Some(s.node_id), Resolution::Local));
                }
                scope = q.rsplit_once('.').map(|(p, _)| p);
            }
        }
        let whole = |s: SymRef, res: Resolution| -> Option<Outcome> {
            if segs.len() == 1 {
                return Some(Outcome::Edge(Some(s.node_id), res));
            }
            // `C.m`, `C.Inner.m` in the class's own file; else the types find it (inherited).
            member_or_companion(idx, &s.file, s.qualname(), &segs[1..].join("."))
                .map(|m| Outcome::Edge(Some(m.node_id), res))
        };
        // A scope's member named first (`Inner.m`, a field): the types follow the rest.
        if segs.len() > 1 && scoped(LANG, ctx, idx, r.source_qual, segs[0]).is_some() {
            return None;
        }
        match self.name(ctx, ws, idx, segs[0]) {
            Some(Ok((s, res))) => return whole(s, res),
            Some(Err(o)) => return Some(o),
            None => {}
        }
        // A fully qualified name: `p.q.C.m`.
        if segs.len() >= 2 {
            let dotted = segs.join(".");
            if let Some((p, Some(q))) = split_package(ws, &dotted) {
                let dirs = dirs_of(ws, p);
                // The longest qualname the package defines, the rest for the types.
                let parts: Vec<&str> = q.split('.').collect();
                for n in (1..=parts.len()).rev() {
                    if let Some(s) = in_dirs(idx, dirs, &parts[..n].join(".")) {
                        return (n == parts.len())
                            .then_some(Outcome::Edge(Some(s.node_id), Resolution::Import));
                    }
                }
                return Some(Outcome::Edge(None, Resolution::Unresolved));
            }
            // `kotlin.math.max()`: a dotted name starting with an outside package.
            if matches!(segs[0], "kotlin" | "kotlinx" | "java" | "javax" | "android") {
                return Some(Outcome::Edge(None, Resolution::External));
            }
        }
        None
    }

    /// Names no rule found: a star import from outside may bring them — an object's
    /// (`import org.junit.Assert.*`) its members, called bare (`assertEquals(…)`), a
    /// package's (`import kotlin.math.*`) its types and functions (`max(a, b)`). A bare call no import can
    /// bring stays unresolved, offered as a candidate.
    fn fallback(
        &self,
        ctx: &FileCtx,
        _ws: &Layout,
        _idx: &dyn SymbolIndex,
        _r: &Ref<'_>,
        segs: &[&str],
        _want: &dyn Fn(Kind) -> bool,
    ) -> Outcome {
        if segs[0].ends_with(')') || matches!(segs[0], "this" | "super") {
            return Outcome::Edge(None, Resolution::Unresolved);
        }
        // A package's star import brings its functions as well as its types.
        let outside = ctx.star.iter().any(|b| matches!(b, Binding::External(_)));
        if outside {
            return Outcome::Edge(None, Resolution::External);
        }
        Outcome::Edge(None, Resolution::Unresolved)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outside_packages_end_at_the_first_class() {
        for (dotted, want) in [
            ("java.util", "java.util"),
            ("org.junit.Assert", "org.junit"),
            (
                "com.google.common.collect.ImmutableList.Builder",
                "com.google.common.collect",
            ),
            ("Foo", "Foo"),
        ] {
            assert_eq!(outside_package(dotted), want, "{dotted}");
        }
    }
}
