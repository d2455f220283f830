//! Rust's resolution: a crate's modules are its files (`src/lib.rs` or `src/main.rs` the root,
//! `a/b.rs` or `a/b/mod.rs` the module `a::b`), crates by their `Cargo.toml` name (a workspace's
//! members), `use` paths from `crate::`, `self::`, `super::` or a crate's name; names through
//! the enclosing scopes, then `use` bindings, then paths; the rest is outside (`rs:ext:serde`).

use crate::id::NodeId;
use crate::lang::Lang;
use crate::model::{EdgeKind, FactRole, Import, Kind, Resolution};
use crate::resolve::ctx::{
    called, in_scopes, join_path, scoped, Binding, FileCtx, ImportEdge, ImportName, Layout,
    Manifest, Outcome, Ref, Resolver, SymRef, SymbolIndex,
};

pub(crate) struct RustResolver;

const LANG: Lang = Lang::Rust;

/// Rust's reading of the workspace: its crates ([`crates`]).
pub(crate) struct Crates(Vec<(String, String)>);

/// The crates of the workspace: (directory, name with `-` as `_`), from each `Cargo.toml`
/// with a `[package]`.
fn crates(manifests: &[Manifest]) -> Vec<(String, String)> {
    manifests
        .iter()
        .filter(|m| m.name == "Cargo.toml")
        .filter_map(|m| {
            let name = crate::lang::spec::manifest_value(&m.text, "package", "name")?;
            Some((m.dir.clone(), name.replace('-', "_")))
        })
        .collect()
}

/// The workspace's crates, none when it has no `Cargo.toml` with a `[package]`.
fn ws_crates(ws: &Layout) -> &[(String, String)] {
    ws.facts::<Crates>().map_or(&[], |c| &c.0)
}

/// The crate a file belongs to: its directory (the nearest one above with a `Cargo.toml`).
fn crate_dir<'w>(ws: &'w Layout, file: &str) -> Option<&'w str> {
    ws_crates(ws)
        .iter()
        .filter(|(d, _)| {
            d.is_empty()
                || (file.starts_with(d.as_str()) && file.as_bytes().get(d.len()) == Some(&b'/'))
        })
        .max_by_key(|(d, _)| d.len())
        .map(|(d, _)| d.as_str())
}

/// The source file of module path `segs` under a crate's `src` (`[]` the crate root).
fn module_file(ws: &Layout, src: &str, segs: &[&str]) -> Option<String> {
    if segs.is_empty() {
        return ["lib.rs", "main.rs"]
            .iter()
            .map(|f| join_path(src, f))
            .find(|f| ws.has_file(f));
    }
    let path = join_path(src, &segs.join("/"));
    [format!("{path}.rs"), format!("{path}/mod.rs")]
        .into_iter()
        .find(|f| ws.has_file(f))
}

/// The module path of a file inside its crate's `src`: `src/a/b.rs` → `["a", "b"]`.
fn module_of(src: &str, file: &str) -> Vec<String> {
    let rel = file
        .strip_prefix(src)
        .map(|r| r.trim_start_matches('/'))
        .unwrap_or(file);
    let rel = rel.strip_suffix(".rs").unwrap_or(rel);
    let mut segs: Vec<String> = rel.split('/').map(str::to_string).collect();
    if matches!(
        segs.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        segs.pop();
    }
    segs
}

/// Where a `::` path written in `from` leads: the deepest module file it names, and the rest
/// of the path (a qualname in that file). `None`: outside the workspace (another crate).
fn through_modules(ws: &Layout, path: &[&str], from: &str) -> Option<(String, Vec<String>)> {
    let (first, rest) = path.split_first()?;
    let dir = crate_dir(ws, from)?;
    let src = join_path(dir, "src");
    let mut base: Vec<String> = match *first {
        "crate" => Vec::new(),
        "self" => module_of(&src, from),
        "super" => {
            let mut m = module_of(&src, from);
            m.pop();
            m
        }
        name => {
            // A child module of this one (`use util::f` beside `mod util;`), else another
            // crate of the workspace, by name.
            let mut child = module_of(&src, from);
            child.push(name.to_string());
            if module_file(
                ws,
                &src,
                &child.iter().map(String::as_str).collect::<Vec<_>>(),
            )
            .is_some()
            {
                child.pop();
                return descend(ws, &src, child, path);
            }
            let (d, _) = ws_crates(ws).iter().find(|(_, n)| n == name)?;
            let other = join_path(d, "src");
            return descend(ws, &other, Vec::new(), rest);
        }
    };
    let mut rest = rest;
    while rest.first() == Some(&"super") {
        base.pop();
        rest = &rest[1..];
    }
    descend(ws, &src, base, rest)
}

fn descend(
    ws: &Layout,
    src: &str,
    mut base: Vec<String>,
    rest: &[&str],
) -> Option<(String, Vec<String>)> {
    fn as_refs(v: &[String]) -> Vec<&str> {
        v.iter().map(String::as_str).collect()
    }
    let mut file = module_file(ws, src, &as_refs(&base))?;
    let mut i = 0;
    while i < rest.len() {
        base.push(rest[i].to_string());
        match module_file(ws, src, &as_refs(&base)) {
            Some(f) => {
                file = f;
                i += 1;
            }
            None => break,
        }
    }
    Some((file, rest[i..].iter().map(|s| s.to_string()).collect()))
}

/// The longest chain of `use` re-exports followed (`pub use inner::Thing` in a module that
/// another re-exports).
const MAX_REEXPORTS: usize = 4;

/// The most modules one look-up reads through `pub use` re-exports. A crate whose modules
/// re-export each other's globs per platform (libc's `pub use self::linux::*` in each arm of
/// a `cfg_if!`) branches at every step: 10 globs a module, 4 deep, is 10,000 reads a name.
const MAX_REEXPORT_READS: usize = 64;

/// Whether the module of file `module` lets `from` see its private items, its plain `use`
/// imports among them: `from` is that module or inside it (the crate root's `lib.rs` holds
/// every module of its folder; `de/mod.rs` and `de.rs` hold `de/…`). Pure.
fn sees_private(module: &str, from: &str) -> bool {
    if module == from {
        return true;
    }
    let (dir, name) = module.rsplit_once('/').unwrap_or(("", module));
    let inside = match name {
        "lib.rs" | "main.rs" | "mod.rs" => dir.to_string(),
        _ => match name.strip_suffix(".rs") {
            Some(stem) if dir.is_empty() => stem.to_string(),
            Some(stem) => format!("{dir}/{stem}"),
            None => return false,
        },
    };
    inside.is_empty() || from.starts_with(&format!("{inside}/"))
}

/// The symbol `q` (a qualname's segments) names in module file `file`: its own, or one a
/// `pub use` there re-exports (`pub use walk::WalkBuilder`, `pub use self::types::*`), or a
/// plain `use` there where `from` (the referring file) sees it (toml_edit's
/// `use crate::de::ArrayDeserializer` in `de/value.rs`, through `use array::ArrayDeserializer`
/// in `de/mod.rs`: 15 used functions listed as dead), in at most [`MAX_REEXPORT_READS`]
/// modules (`reads` counts them).
fn find(
    ws: &Layout,
    idx: &dyn SymbolIndex,
    file: &str,
    from: &str,
    q: &[&str],
    depth: usize,
    reads: &mut usize,
) -> Option<SymRef> {
    if q.is_empty() || *reads >= MAX_REEXPORT_READS {
        return None;
    }
    *reads += 1;
    if let Some(s) = idx.in_file(LANG, file, &q.join(".")) {
        return Some(s);
    }
    if depth >= MAX_REEXPORTS {
        return None;
    }
    let imports = idx.imports_of(LANG, file);
    let private = sees_private(file, from);
    let named = imports
        .iter()
        .filter(|imp| imp.reexport || private)
        .find(|imp| {
            let bound = match (&imp.alias, imp.member.as_deref()) {
                (Some(a), _) => Some(a.as_str()),
                (None, Some("self")) => imp.module.rsplit("::").next(),
                (None, m) => m,
            };
            bound == Some(q[0])
        });
    if let Some(imp) = named {
        let path = use_path(imp);
        let (f, rest) = through_modules(ws, &path, file)?;
        let mut next: Vec<&str> = rest.iter().map(String::as_str).collect();
        next.extend_from_slice(&q[1..]);
        if next.is_empty() {
            return None;
        }
        return find(ws, idx, &f, from, &next, depth + 1, reads);
    }
    imports
        .iter()
        .filter(|imp| (imp.reexport || private) && imp.member.as_deref() == Some("*"))
        .find_map(|imp| {
            if *reads >= MAX_REEXPORT_READS {
                return None;
            }
            let path = use_path(imp);
            let (f, rest) = through_modules(ws, &path, file)?;
            if f == file && rest.is_empty() {
                return None;
            }
            let mut next: Vec<&str> = rest.iter().map(String::as_str).collect();
            next.extend_from_slice(q);
            find(ws, idx, &f, from, &next, depth + 1, reads)
        })
}

/// An import's path without a trailing `*` or `self`: `use a::b::{self, c}` → `a::b`, `a::b::c`.
fn use_path(imp: &Import) -> Vec<&str> {
    let mut path: Vec<&str> = imp.module.split("::").filter(|s| !s.is_empty()).collect();
    if let Some(m) = imp.member.as_deref().filter(|m| *m != "*" && *m != "self") {
        path.push(m);
    }
    path
}

/// `super::…`/`self::…` written inside inline modules of the file (`mod tests { … }`): each
/// `super` leaves one of them before it leaves the file's module. `None` when the reference
/// is in no inline module or the path leaves them all (the file's modules decide).
fn in_inline_module(
    ctx: &FileCtx,
    idx: &dyn SymbolIndex,
    r: &Ref<'_>,
    segs: &[&str],
) -> Option<Outcome> {
    if !matches!(segs[0], "super" | "self") {
        return None;
    }
    let sq = r.source_qual?;
    let parts: Vec<&str> = sq.split('.').collect();
    // The inline modules around the reference, outermost first.
    let mut inline: Vec<String> = (1..=parts.len())
        .map(|n| parts[..n].join("."))
        .filter(|q| {
            idx.in_file(LANG, &ctx.path, q)
                .is_some_and(|s| s.kind == crate::model::Kind::Package)
        })
        .collect();
    if inline.is_empty() {
        return None;
    }
    let mut rest = segs;
    if rest[0] == "self" {
        rest = &rest[1..];
    } else {
        while rest.first() == Some(&"super") {
            if inline.is_empty() {
                // `super` past the file's own module: the file modules' rule.
                return None;
            }
            inline.pop();
            rest = &rest[1..];
        }
    }
    if rest.is_empty() {
        return None;
    }
    let q = match inline.last() {
        Some(m) => format!("{m}.{}", rest.join(".")),
        None => rest.join("."),
    };
    let hit = idx.in_file(LANG, &ctx.path, &q)?;
    Some(Outcome::Edge(Some(hit.node_id), Resolution::Local))
}

/// A macro's invocation, `name!(…)` (`segs`: its path, the `!` taken off): a `macro_rules!`
/// in scope in the file, one a `use` names, else one of the crate's (a `#[macro_use]`
/// module's macros are seen by the modules after it; a `#[macro_export]`ed one is
/// `crate::name!`): its functions of that name that state no result, all in one file, the
/// first (the others are `#[cfg]` variants of it, which `map_unused` keeps with it). No edge
/// for one the workspace does not define (the standard library's `vec!`, `println!`); an
/// outside one when a `use` or a path names another crate (`tracing::info!`).
fn macro_call(
    ctx: &FileCtx,
    ws: &Layout,
    idx: &dyn SymbolIndex,
    r: &Ref<'_>,
    segs: &[&str],
) -> Outcome {
    let is_macro = |s: &SymRef| s.kind == Kind::Function;
    let name = segs.last().copied().unwrap_or("");
    let here = crate_dir(ws, &ctx.path);
    let outside = || {
        if segs.len() == 1 {
            Outcome::Drop
        } else {
            Outcome::Edge(None, Resolution::External)
        }
    };
    let in_crate: Option<Option<&str>> = match segs {
        [_] => {
            if let Some(s) = scoped(LANG, ctx, idx, r.source_qual, name).filter(is_macro) {
                return Outcome::Edge(Some(s.node_id), Resolution::Local);
            }
            match ctx.bindings.get(name) {
                Some(Binding::External(_)) => return Outcome::Edge(None, Resolution::External),
                Some(Binding::Member(files, member)) => {
                    let hit = files
                        .first()
                        .and_then(|f| idx.in_file(LANG, f, member))
                        .filter(is_macro);
                    if let Some(s) = hit {
                        return Outcome::Edge(Some(s.node_id), Resolution::Import);
                    }
                    Some(here)
                }
                _ => Some(here),
            }
        }
        ["crate", _] => Some(here),
        [first, _] => ws_crates(ws)
            .iter()
            .find(|(_, n)| n == first)
            .map(|(d, _)| Some(d.as_str())),
        _ => None,
    };
    let Some(krate) = in_crate else {
        return outside();
    };
    let found: Vec<SymRef> = idx
        .by_name(LANG, name)
        .into_iter()
        .filter(|s| is_macro(s) && crate_dir(ws, &s.file) == krate)
        .filter(|s| {
            idx.facts(LANG, &s.file, s.qualname(), FactRole::Returns)
                .is_empty()
        })
        .collect();
    let Some(first) = found.first() else {
        return outside();
    };
    if found.iter().any(|s| s.file != first.file) {
        return Outcome::Edge(None, Resolution::Unresolved);
    }
    let pick = found
        .iter()
        .find(|s| !s.qualname().contains('~'))
        .unwrap_or(first);
    Outcome::Edge(Some(pick.node_id.clone()), Resolution::Unique)
}

impl Resolver for RustResolver {
    fn layout(
        &self,
        _ws: &Layout,
        manifests: &[Manifest],
    ) -> Option<std::sync::Arc<dyn std::any::Any + Send + Sync>> {
        Some(std::sync::Arc::new(Crates(crates(manifests))))
    }

    fn bind(&self, ctx: &mut FileCtx, imp: &Import, ws: &Layout) {
        if imp.member.as_deref() == Some("*") {
            // `use a::b::*`: every name of module `b` (or variant of enum `b`).
            let path = use_path(imp);
            let star = match through_modules(ws, &path, &ctx.path) {
                Some((file, rest)) if rest.is_empty() => Binding::Module(vec![file]),
                Some((file, rest)) => Binding::Member(vec![file], rest.join(".")),
                None => Binding::External(path.first().copied().unwrap_or("").to_string()),
            };
            ctx.star.push(star);
            return;
        }
        let Some(bound) = self.import_name(imp) else {
            return;
        };
        // `use crate::unit::{self, Unit}` binds `unit` to the module (its path without `self`:
        // ureq's `unit::connect(…)` was linked to nothing, and `unused` listed it).
        let path = use_path(imp);
        let binding = match through_modules(ws, &path, &ctx.path) {
            Some((file, rest)) if rest.is_empty() => Binding::Module(vec![file]),
            Some((file, rest)) => Binding::Member(vec![file], rest.join(".")),
            None => Binding::External(path.first().copied().unwrap_or("").to_string()),
        };
        ctx.bindings.insert(bound.name, binding);
    }

    fn import_name(&self, imp: &Import) -> Option<ImportName> {
        let member = imp.member.clone()?;
        if member == "*" {
            return None;
        }
        let name = match (&imp.alias, member.as_str()) {
            (Some(a), _) => a.clone(),
            // `use a::b::{self}` binds `b`.
            (None, "self") => imp.module.rsplit("::").next()?.to_string(),
            (None, m) => m.to_string(),
        };
        Some(ImportName {
            name,
            module: imp.module.clone(),
            member: Some(member),
        })
    }

    fn import_edge(&self, ctx: &FileCtx, imp: &Import, ws: &Layout) -> ImportEdge {
        let path = use_path(imp);
        // `mod util;` names `util` (its import is `self::util`).
        let name = path.join("::");
        let name = name.strip_prefix("self::").unwrap_or(&name).to_string();
        match through_modules(ws, &path, &ctx.path) {
            Some((file, _)) => ImportEdge {
                target: Some(NodeId::file_id(LANG, &file)),
                target_name: name,
                resolution: Resolution::Import,
            },
            None if matches!(path.first(), Some(&"crate" | &"self" | &"super")) => ImportEdge {
                target: None,
                target_name: name,
                resolution: Resolution::Unresolved,
            },
            None => ImportEdge {
                target: Some(NodeId::external_id(
                    LANG,
                    path.first().copied().unwrap_or(""),
                )),
                target_name: name,
                resolution: Resolution::Import,
            },
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
        if segs[0] == "?" {
            return None;
        }
        if let Some(macro_name) = segs.last().and_then(|l| l.strip_suffix('!')) {
            let mut path = segs.to_vec();
            path.pop();
            path.push(macro_name);
            return Some(macro_call(ctx, ws, idx, r, &path));
        }
        // A prelude trait (`impl Clone for T`): a trait outside the map; its method
        // (`Drop.drop` of `impl Drop for T`) is a base outside the map, which keeps it out of
        // `map_unused` as `fmt.Display.fmt` keeps `fmt`.
        // The impl itself stays, linked to nothing: a type's impl blocks are its
        // implementations (indexmap's `Keys` showed 3 of its 8 from the map, `Iterator`,
        // `Clone`, `Default` and two more left out).
        if r.kind == EdgeKind::Implements && LANG.is_builtin(segs[0]) {
            return Some(Outcome::Edge(None, Resolution::External));
        }
        if let (Some(h), true) = (r.hint, segs.len() >= 2) {
            // `self.m()` in an impl of the type: its own method, in this file.
            let q = format!("{h}.{}", segs[1..].join("."));
            // A field and a method of one name: a call means the method (`count~2`).
            let own = called(
                idx.in_file(LANG, &ctx.path, &q),
                r.kind == EdgeKind::Calls,
                &q,
                |q2| idx.in_file(LANG, &ctx.path, q2),
            );
            // Not the method the call is in: `self.key_mut()` in `impl MutableEntryKey for
            // VacantEntry`'s `key_mut` is the type's inherent `key_mut` (inherent methods
            // come first), declared in another file; recursion through `self` would not end.
            if own
                .as_ref()
                .is_some_and(|s| Some(s.qualname()) == r.source_qual)
            {
                return None;
            }
            return own.map(|s| Outcome::Edge(Some(s.node_id), Resolution::Local));
        }
        // Enclosing scopes, innermost first, then the module.
        if let Some(o) = in_scopes(LANG, ctx, idx, r) {
            return Some(o);
        }
        // One budget of module reads for the whole reference, globs included.
        let mut reads = 0;
        let mut found = |file: &str, q: &[&str]| -> Option<SymRef> {
            find(ws, idx, file, &ctx.path, q, 0, &mut reads)
        };
        let imported = |s: SymRef| Outcome::Edge(Some(s.node_id), Resolution::Import);
        match ctx.bindings.get(segs[0]) {
            Some(Binding::External(_)) => return Some(Outcome::Edge(None, Resolution::External)),
            Some(Binding::Module(files)) => {
                let file = files.first()?;
                return found(file, &segs[1..]).map(imported);
            }
            Some(Binding::Member(files, member)) => {
                let file = files.first()?;
                let mut q: Vec<&str> = member.split('.').collect();
                q.extend_from_slice(&segs[1..]);
                return found(file, &q).map(imported);
            }
            _ => {}
        }
        // `super::f` or `self::f` inside an inline module (`mod tests { use super::*; }`): the
        // module around it in this file.
        if let Some(o) = in_inline_module(ctx, idx, r, segs) {
            return Some(o);
        }
        // A path: `crate::a::f`, `super::f`, `other_crate::f`.
        let is_path = matches!(segs[0], "crate" | "self" | "super") || segs.len() > 1;
        if is_path {
            if let Some((file, rest)) = through_modules(ws, segs, &ctx.path) {
                let rest: Vec<&str> = rest.iter().map(String::as_str).collect();
                if let Some(s) = found(&file, &rest) {
                    return Some(imported(s));
                }
            }
        }
        // Names a glob import brings in (`use super::*`, `use Kind::*`).
        for star in &ctx.star {
            let hit = match star {
                Binding::Module(files) => files.first().and_then(|f| found(f, segs)),
                Binding::Member(files, member) => files.first().and_then(|f| {
                    let mut q: Vec<&str> = member.split('.').collect();
                    q.extend_from_slice(segs);
                    found(f, &q)
                }),
                _ => None,
            };
            if let Some(s) = hit {
                return Some(imported(s));
            }
        }
        // The standard library's paths (`std::fmt::Display`).
        if segs.len() > 1 && matches!(segs[0], "std" | "core" | "alloc") {
            return Some(Outcome::Edge(None, Resolution::External));
        }
        // An item of a parent module's file is not visible without `use`; the prelude's
        // names are no edges.
        if segs.len() == 1 && LANG.is_builtin(segs[0]) {
            return Some(Outcome::Drop);
        }
        // A path from a name nothing in the workspace defines: another crate's
        // (`walkdir::WalkDir::new`) or a builtin type's (`u32::from`, `String::new`).
        let mut from_glob = |name: &str| {
            ctx.star.iter().any(|s| match s {
                Binding::Module(files) => files.first().and_then(|f| found(f, &[name])).is_some(),
                Binding::Member(..) => true,
                _ => false,
            })
        };
        if segs.len() > 1
            && !LANG.spec().self_names.contains(&segs[0])
            && !matches!(segs[0], "crate" | "self" | "super")
            && scoped(LANG, ctx, idx, r.source_qual, segs[0]).is_none()
            && !from_glob(segs[0])
        {
            return Some(Outcome::Edge(None, Resolution::External));
        }
        // A method called on a function item (`forever.layer(…)`, a method axum's `Handler`
        // gives every handler function; no path led to a module of that name): a use of the function, the edge goes to it.
        if r.kind == EdgeKind::Calls && r.hint.is_none() && segs.len() == 2 {
            let function =
                scoped(LANG, ctx, idx, r.source_qual, segs[0]).filter(|s| s.kind == Kind::Function);
            if let Some(s) = function {
                return Some(Outcome::Edge(Some(s.node_id), Resolution::Local));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_module_s_private_uses_are_seen_from_inside_it() {
        for (module, from, want) in [
            ("src/de/mod.rs", "src/de/value.rs", true),
            ("src/de/mod.rs", "src/de/inner/x.rs", true),
            ("src/de/mod.rs", "src/ser/value.rs", false),
            ("src/de.rs", "src/de/value.rs", true),
            ("src/de.rs", "src/dex.rs", false),
            ("src/lib.rs", "src/table.rs", true),
            ("src/table.rs", "src/table.rs", true),
            ("lib.rs", "table.rs", true),
        ] {
            assert_eq!(
                super::sees_private(module, from),
                want,
                "{module} from {from}"
            );
        }
    }

    use crate::extract::Extractor;
    use crate::lang::Lang;
    use crate::model::{FileExtract, Kind};
    use crate::resolve::{resolve_ref, Cache, FileCtx, Layout, Manifest, MemIndex, Outcome, Ref};

    /// Each call of the crate's files (path, source): `file:line source -> target: where it
    /// goes` (`-` no edge), as extraction and resolution make them.
    fn calls(files: &[(&str, &str)]) -> Vec<String> {
        let ex = Extractor::new().expect("queries compile");
        let outs: Vec<(&str, FileExtract)> = files
            .iter()
            .map(|(p, s)| (*p, ex.extract_source(Lang::Rust, s.as_bytes())))
            .collect();
        let mut idx = MemIndex::default();
        for (p, out) in &outs {
            let syms: Vec<(Box<str>, Kind)> = out
                .symbols
                .iter()
                .map(|s| (s.qualname.clone().into_boxed_str(), s.kind))
                .collect();
            idx.add_file(Lang::Rust, p, &syms, &out.facts, &out.imports, 0, &[]);
        }
        idx.finish();
        let ws = Layout::new(
            files.iter().map(|(p, _)| p.to_string()),
            Default::default(),
            &[Manifest {
                dir: String::new(),
                name: "Cargo.toml".into(),
                text: "[package]\nname = \"app\"\n".into(),
            }],
        );
        let mut got = Vec::new();
        for (p, out) in &outs {
            let ctx = FileCtx::new(Lang::Rust, p, &out.imports, &ws);
            for r in out.refs.iter().filter(|r| r.kind == crate::EdgeKind::Calls) {
                let source = r.source.map(|i| out.symbols[i as usize].qualname.as_str());
                let o = resolve_ref(
                    &ctx,
                    &ws,
                    &idx,
                    &Ref {
                        kind: r.kind,
                        target: &r.target,
                        hint: r.hint.as_deref(),
                        args: r.args,
                        arg_types: r.arg_types.as_deref(),
                        source_qual: source,
                    },
                    &mut Cache::default(),
                );
                let to = match o {
                    Outcome::Drop => "-".to_string(),
                    Outcome::Edge(Some(id), res) => format!("{id} ({})", res.as_str()),
                    Outcome::Edge(None, res) => res.as_str().to_string(),
                };
                got.push(format!(
                    "{p}:{} {} -> {}: {to}",
                    r.pos.line,
                    source.unwrap_or("-"),
                    r.target
                ));
            }
        }
        got
    }

    /// A type brought into a module by a plain `use`, named through that module by a file
    /// inside it (toml_edit's `use crate::de::ArrayDeserializer` in `de/value.rs`), and a
    /// local made by `T::default()` (a derived `Default`): both lead to their methods.
    #[test]
    fn a_parent_module_s_private_use_and_a_default_value_link() {
        let lib = "mod de;\n";
        let de = "mod array;\nmod value;\nuse array::ArrayDeserializer;\n";
        let array = "pub(crate) struct ArrayDeserializer;\nimpl ArrayDeserializer {\n    pub(crate) fn new() -> Self { ArrayDeserializer }\n}\n";
        let value = "use crate::de::ArrayDeserializer;\n#[derive(Default)]\nstruct State;\nimpl State {\n    fn start(&mut self) {}\n}\nfn build() {\n    ArrayDeserializer::new();\n    let mut state = State::default();\n    state.start();\n}\n";
        let got = calls(&[
            ("src/lib.rs", lib),
            ("src/de/mod.rs", de),
            ("src/de/array.rs", array),
            ("src/de/value.rs", value),
        ]);
        for want in [
            "src/de/value.rs:8 build -> ArrayDeserializer.new: rs:src/de/array.rs#ArrayDeserializer.new",
            "src/de/value.rs:10 build -> state.start: rs:src/de/value.rs#State.start",
        ] {
            assert!(got.iter().any(|g| g.starts_with(want)), "{want}\n{got:#?}");
        }
    }

    /// Calls written with a turbofish, macros invoked (in their file, from a `#[macro_use]`
    /// module, by `crate::`, the standard library's and outside ones), and a method called on
    /// a function item.
    #[test]
    fn turbofish_calls_macros_and_functions_as_receivers() {
        let lib = r#"#[macro_use]
mod macros;
mod helpers;
mod handler;
pub fn trace() -> u8 { 1 }
"#;
        let macros = r#"macro_rules! all_the_tuples {
    ($name:ident) => { $name!([], T1); };
}
#[cfg(feature = "tracing")]
macro_rules! trace {
    ($($tt:tt)*) => { tracing::trace!($($tt)*) };
}
#[cfg(not(feature = "tracing"))]
macro_rules! trace {
    ($($tt:tt)*) => {};
}
"#;
        let helpers = r#"pub(crate) fn assert_send<T: Send>() {}
pub(crate) fn capture_tracing<T>() -> Vec<T> { Vec::new() }
pub(crate) struct Client;
impl Client {
    pub(crate) fn get<T>(&self) {}
}
"#;
        let handler = r#"use crate::helpers::{assert_send, capture_tracing, Client};
use serde_json::json;
macro_rules! impl_handler {
    ([$($ty:ident),*], $last:ident) => {};
}
all_the_tuples!(impl_handler);
impl_handler!([], T1);
async fn forever() {}
fn run(c: Client) {
    assert_send::<u8>();
    let _ = capture_tracing::<u8>();
    crate::helpers::assert_send::<u16>();
    c.get::<u8>();
    forever.layer(1);
    trace!("x {}", 1);
    crate::all_the_tuples!(impl_handler);
    let v = vec![1];
    println!("{v:?}");
    let j = json!({});
    tracing::debug!("y");
    unknown!();
}
"#;
        let mut got = calls(&[
            ("src/lib.rs", lib),
            ("src/macros.rs", macros),
            ("src/helpers.rs", helpers),
            ("src/handler.rs", handler),
        ]);
        got.retain(|c| c.starts_with("src/handler.rs"));
        // tree-sitter's query cursor reads the same.
        let ex = Extractor::new().expect("queries compile");
        let mut w = crate::extract::Worker::new();
        assert_eq!(
            ex.extract_reference(&mut w, Lang::Rust, "src/handler.rs", handler.as_bytes()),
            ex.extract(&mut w, Lang::Rust, "src/handler.rs", handler.as_bytes())
        );
        let want = [
            "src/handler.rs:6 - -> all_the_tuples!: rs:src/macros.rs#all_the_tuples (unique)",
            "src/handler.rs:7 - -> impl_handler!: rs:src/handler.rs#impl_handler (local)",
            "src/handler.rs:10 run -> assert_send: rs:src/helpers.rs#assert_send (import)",
            "src/handler.rs:11 run -> capture_tracing: rs:src/helpers.rs#capture_tracing (import)",
            "src/handler.rs:12 run -> crate.helpers.assert_send: rs:src/helpers.rs#assert_send (import)",
            "src/handler.rs:13 run -> c.get: rs:src/helpers.rs#Client.get (inferred)",
            "src/handler.rs:14 run -> forever.layer: rs:src/handler.rs#forever (local)",
            // Two `#[cfg]` variants: the first; `fn trace` states a result, no macro.
            "src/handler.rs:15 run -> trace!: rs:src/macros.rs#trace (unique)",
            "src/handler.rs:16 run -> crate.all_the_tuples!: rs:src/macros.rs#all_the_tuples (unique)",
            "src/handler.rs:17 run -> vec!: -",
            "src/handler.rs:18 run -> println!: -",
            "src/handler.rs:19 run -> json!: external",
            "src/handler.rs:20 run -> tracing.debug!: external",
            "src/handler.rs:21 run -> unknown!: -",
        ];
        assert_eq!(got, want, "{got:#?}");
    }
}
