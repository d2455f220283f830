//! PHP's resolution: a namespace is every directory whose files declare it (`namespace A\B;`),
//! read from the files themselves (Composer's PSR-4 maps a namespace to a folder; the files'
//! own lines say the same and need no `composer.json`). A `use` imports a class, function or
//! constant by its qualified name (`use A\B\C as D;`, grouped `use A\{B, C};`) or a namespace
//! (`use A\B;` then `B\C`). Names go through the enclosing scopes, then the file's imports,
//! then its own namespace, then, written `A\B\C`, from the root namespace, then (a function,
//! PHP's fallback) the global namespace. What no workspace file declares is outside
//! (`php:ext:Psr\Log`, the imported name's namespace).

use crate::id::NodeId;
use crate::lang::Lang;
use crate::model::{Import, Kind, Resolution};
use crate::resolve::ctx::join_path;
use crate::resolve::ctx::{
    hinted, Binding, FileCtx, ImportEdge, ImportName, Layout, Manifest, Outcome, Ref, Resolver,
    SymRef, SymbolIndex,
};
use crate::walk::parent_dir;
use std::collections::HashMap;

pub(crate) struct PhpResolver;

const LANG: Lang = Lang::Php;

/// PHP's reading of the workspace: each namespace's directories, by its dotted name
/// (`A.B` for `A\B`; `""` for the global namespace).
pub(crate) struct Namespaces(HashMap<String, Vec<String>>);

/// `A\B` → `A.B`.
fn dotted(ns: &str) -> String {
    crate::lang::php::dotted_name(ns)
}

/// The directories of namespace `name` (dotted).
fn dirs_of<'w>(ws: &'w Layout, name: &str) -> &'w [String] {
    ws.facts::<Namespaces>()
        .and_then(|p| p.0.get(name))
        .map_or(&[], Vec::as_slice)
}

/// The namespace a file's directory declares, dotted.
fn namespace_of(ws: &Layout, file: &str) -> String {
    ws.package_name(parent_dir(file))
        .map(dotted)
        .unwrap_or_default()
}

/// What a dotted name (`A.B.C.m`) names in the workspace: the namespace it starts with (the
/// longest one the workspace declares) and the qualname after it.
fn split_namespace<'a>(ws: &Layout, name: &'a str) -> Option<(&'a str, &'a str)> {
    let mut end = name.len();
    while let Some(i) = name[..end].rfind('.') {
        let (p, rest) = (&name[..i], &name[i + 1..]);
        if !dirs_of(ws, p).is_empty() {
            return Some((p, rest));
        }
        end = i;
    }
    None
}

/// Whether some workspace namespace starts with `first` (`App` of `App.Http`).
fn in_workspace(ws: &Layout, first: &str) -> bool {
    ws.facts::<Namespaces>().is_some_and(|n| {
        n.0.keys().any(|k| {
            k.split('.')
                .next()
                .is_some_and(|f| f.eq_ignore_ascii_case(first))
        })
    })
}

/// Qualname `q` in one of `dirs` (a namespace's directories).
fn in_dirs(idx: &dyn SymbolIndex, dirs: &[String], q: &str) -> Option<SymRef> {
    dirs.iter()
        .find_map(|d| idx.in_dir(LANG, d, q).into_iter().next())
}

/// The longest qualname of `segs` that `dirs` define: the whole name, or a class whose
/// members the types follow (`None` then, to let them).
fn longest(idx: &dyn SymbolIndex, dirs: &[String], segs: &[&str], res: Resolution) -> Outcome {
    for n in (1..=segs.len()).rev() {
        if let Some(s) = in_dirs(idx, dirs, &segs[..n].join(".")) {
            if n == segs.len() {
                return Outcome::Edge(Some(s.node_id), res);
            }
            let q = format!("{}.{}", s.qualname(), segs[n..].join("."));
            if let Some(m) = idx.in_file(LANG, &s.file, &q) {
                return Outcome::Edge(Some(m.node_id), res);
            }
            return Outcome::Edge(None, Resolution::Unresolved);
        }
    }
    Outcome::Edge(None, Resolution::Unresolved)
}

/// The name an import binds: its alias, else its last name.
fn bound_name(imp: &Import) -> Option<&str> {
    imp.alias.as_deref().or(imp.member.as_deref())
}

/// An import's whole name, dotted (`A.B.C`).
fn imported(imp: &Import) -> String {
    let member = imp.member.as_deref().unwrap_or("");
    if imp.module.is_empty() {
        member.to_string()
    } else {
        format!("{}.{member}", dotted(&imp.module))
    }
}

impl Resolver for PhpResolver {
    fn layout(
        &self,
        ws: &Layout,
        _manifests: &[Manifest],
    ) -> Option<std::sync::Arc<dyn std::any::Any + Send + Sync>> {
        let php_dirs: std::collections::HashSet<&str> = ws
            .files
            .iter()
            .filter(|f| f.ends_with(".php"))
            .map(|f| parent_dir(f))
            .collect();
        let mut by_name: HashMap<String, Vec<String>> = HashMap::new();
        for (dir, name) in &ws.packages {
            if php_dirs.contains(dir.as_str()) {
                by_name
                    .entry(name.as_deref().map(dotted).unwrap_or_default())
                    .or_default()
                    .push(dir.clone());
            }
        }
        for dirs in by_name.values_mut() {
            dirs.sort();
        }
        Some(std::sync::Arc::new(Namespaces(by_name)))
    }

    fn bind(&self, ctx: &mut FileCtx, imp: &Import, ws: &Layout) {
        let (Some(name), Some(member)) = (bound_name(imp), imp.member.as_deref()) else {
            return;
        };
        let module = dotted(&imp.module);
        let whole = imported(imp);
        let binding = if !dirs_of(ws, &module).is_empty() {
            // A class, function or constant of a workspace namespace.
            Binding::Member(dirs_of(ws, &module).to_vec(), member.to_string())
        } else if !dirs_of(ws, &whole).is_empty() {
            // A namespace: `use A\B;` then `B\C`.
            Binding::Module(dirs_of(ws, &whole).to_vec())
        } else if module.is_empty() {
            // A global class (`use Closure;`): the global namespace's, if the workspace
            // has it.
            match dirs_of(ws, "") {
                [] => Binding::External(member.to_string()),
                d => Binding::Member(d.to_vec(), member.to_string()),
            }
        } else {
            Binding::External(imp.module.clone())
        };
        ctx.bindings.insert(name.to_string(), binding);
    }

    fn import_name(&self, imp: &Import) -> Option<ImportName> {
        Some(ImportName {
            name: bound_name(imp)?.to_string(),
            module: imp.module.clone(),
            member: imp.member.clone(),
        })
    }

    fn import_edge(&self, _ctx: &FileCtx, imp: &Import, ws: &Layout) -> ImportEdge {
        let member = imp.member.as_deref().unwrap_or("");
        let name = if imp.module.is_empty() {
            member.to_string()
        } else {
            format!("{}\\{member}", imp.module)
        };
        let edge = |target: Option<String>, resolution| ImportEdge {
            target,
            target_name: name.clone(),
            resolution,
        };
        let module = dotted(&imp.module);
        let dirs = dirs_of(ws, &module);
        if !dirs.is_empty() {
            // A class in its own file (`C.php`, PSR-4's rule), else the namespace.
            let file = dirs
                .iter()
                .map(|d| join_path(d, &format!("{member}.php")))
                .find(|f| ws.has_file(f));
            return match file {
                Some(f) => edge(Some(NodeId::file_id(LANG, &f)), Resolution::Import),
                None => edge(
                    dirs.first().map(|d| NodeId::package_id(LANG, d)),
                    Resolution::Import,
                ),
            };
        }
        if let Some(d) = dirs_of(ws, &imported(imp)).first() {
            return edge(Some(NodeId::package_id(LANG, d)), Resolution::Import);
        }
        let outside = if imp.module.is_empty() {
            member
        } else {
            imp.module.as_str()
        };
        edge(Some(NodeId::external_id(LANG, outside)), Resolution::Import)
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
            // `$this->m()`, `self::m()`, a typed variable's class in this file.
            return hinted(LANG, ctx, idx, h, segs);
        }
        if matches!(segs[0], "this" | "self" | "static" | "parent") {
            // `self` as a type names the class: no edge of its own.
            return (segs.len() == 1).then_some(Outcome::Drop);
        }
        // The file's own function, constant or class (PHP has no nested declarations, and a
        // bare name is never a method: `count()` in a method `count` is PHP's).
        if let Some(s) = idx.in_file(LANG, &ctx.path, &segs.join(".")) {
            if segs.len() > 1 || !matches!(s.kind, Kind::Method | Kind::Field) {
                return Some(Outcome::Edge(Some(s.node_id), Resolution::Local));
            }
        }
        // A class of the file named first (`A::m`, `m` inherited): the types follow the rest.
        if segs.len() > 1 && idx.in_file(LANG, &ctx.path, segs[0]).is_some() {
            return None;
        }
        match ctx.bindings.get(segs[0]) {
            // An imported name no workspace file of its namespace defines (`use GuzzleHttp\Promise
            // as P;` then `P\Create::f()`, where only `GuzzleHttp` is the workspace's): outside.
            Some(Binding::Member(dirs, q)) if in_dirs(idx, dirs, q).is_none() => {
                return Some(Outcome::Edge(None, Resolution::External));
            }
            Some(Binding::Member(dirs, q)) => {
                let mut whole = vec![q.as_str()];
                whole.extend_from_slice(&segs[1..]);
                return Some(match longest(idx, dirs, &whole, Resolution::Import) {
                    Outcome::Edge(None, _) => {
                        // A class the workspace has but whose member the types must find.
                        if segs.len() > 1 && in_dirs(idx, dirs, q).is_some() {
                            return None;
                        }
                        Outcome::Edge(None, Resolution::Unresolved)
                    }
                    o => o,
                });
            }
            Some(Binding::Module(dirs)) if segs.len() > 1 => {
                return Some(longest(idx, dirs, &segs[1..], Resolution::Import));
            }
            Some(Binding::External(_)) => {
                return Some(Outcome::Edge(None, Resolution::External));
            }
            _ => {}
        }
        let own = namespace_of(ws, &ctx.path);
        if let Some(s) = in_dirs(idx, dirs_of(ws, &own), segs[0]) {
            if segs.len() == 1 {
                return Some(Outcome::Edge(Some(s.node_id), Resolution::Package));
            }
            let q = format!("{}.{}", s.qualname(), segs[1..].join("."));
            return match idx.in_file(LANG, &s.file, &q) {
                Some(m) => Some(Outcome::Edge(Some(m.node_id), Resolution::Package)),
                // Inherited: the types walk the bases.
                None => None,
            };
        }
        if segs.len() >= 2 {
            // `A\B\C::m()`: from the root namespace, or (relative) from the file's.
            let name = segs.join(".");
            let relative = if own.is_empty() {
                None
            } else {
                Some(format!("{own}.{name}"))
            };
            for n in relative.iter().map(String::as_str).chain([name.as_str()]) {
                if let Some((ns, q)) = split_namespace(ws, n) {
                    let parts: Vec<&str> = q.split('.').collect();
                    return Some(longest(idx, dirs_of(ws, ns), &parts, Resolution::Import));
                }
            }
        }
        let capitalised = segs[0].starts_with(|c: char| c.is_ascii_uppercase());
        if segs.len() >= 2 && capitalised && !in_workspace(ws, segs[0]) {
            // `\Psr\Log\LoggerInterface`, `\Foo::m()`: a qualified name whose first
            // namespace no workspace file declares, or a global class the workspace lacks
            // (a variable, `$x->m()`, is lower case: its type is the types' to find).
            match in_dirs(idx, dirs_of(ws, ""), segs[0]) {
                Some(s) => {
                    let q = format!("{}.{}", s.qualname(), segs[1..].join("."));
                    return idx
                        .in_file(LANG, &s.file, &q)
                        .map(|m| Outcome::Edge(Some(m.node_id), Resolution::Package));
                }
                None => return Some(Outcome::Edge(None, Resolution::External)),
            }
        }
        if segs.len() == 1 && !own.is_empty() {
            // PHP's fallback for a function: the global namespace's.
            if let Some(s) = in_dirs(idx, dirs_of(ws, ""), segs[0]) {
                if s.kind == Kind::Function || s.kind == Kind::Constant {
                    return Some(Outcome::Edge(Some(s.node_id), Resolution::Package));
                }
            }
        }
        if LANG.is_builtin(segs[0]) {
            return Some(Outcome::Drop);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn imports_bind_their_alias_or_last_name() {
        let imp = |module: &str, member: &str, alias: Option<&str>| Import {
            module: module.into(),
            member: Some(member.into()),
            alias: alias.map(str::to_string),
            reexport: false,
            pos: Default::default(),
        };
        assert_eq!(bound_name(&imp("A\\B", "C", None)), Some("C"));
        assert_eq!(bound_name(&imp("A\\B", "C", Some("D"))), Some("D"));
        assert_eq!(imported(&imp("A\\B", "C", None)), "A.B.C");
        assert_eq!(imported(&imp("", "Closure", None)), "Closure");
    }
}
