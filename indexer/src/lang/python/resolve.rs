//! Python's resolution: imports against the source roots (the workspace root, `src/` when it
//! holds packages, each project directory and its `src/`), relative imports from the
//! importing file's package, names through enclosing scopes, then imports, then `*` imports.

use crate::id::NodeId;
use crate::lang::Lang;
use crate::model::{EdgeKind, FactRole, Import, Kind, Resolution};
use crate::resolve::ctx::{hinted, in_scopes};
use crate::resolve::ctx::{
    join_path, unique, Binding, FileCtx, ImportEdge, ImportName, Outcome, Ref, Resolver,
};
use crate::resolve::ctx::{Layout, Manifest, SymRef, SymbolIndex};
use crate::walk::parent_dir;
use std::collections::HashSet;

pub(crate) struct PythonResolver;

const LANG: Lang = Lang::Python;

/// Python's reading of the workspace: the directories imports resolve against, the root
/// first ([`source_roots`]).
pub(crate) struct SourceRoots(Vec<String>);

/// The directories imports resolve against: the root, `src/` when it holds packages, and each
/// project directory (one holding a Python manifest: `pyproject.toml`, `setup.py`,
/// `setup.cfg`) with its `src/` when that holds files.
fn source_roots(files: &HashSet<String>, manifests: &[Manifest]) -> Vec<String> {
    let mut project_dirs: Vec<&String> = manifests
        .iter()
        .filter(|m| LANG.spec().manifests.contains(&m.name.as_str()))
        .map(|m| &m.dir)
        .collect();
    project_dirs.dedup();
    let mut roots = vec![String::new()];
    if files
        .iter()
        .any(|f| f.starts_with("src/") && f.ends_with("/__init__.py"))
    {
        roots.push("src".to_string());
    }
    for d in project_dirs {
        if !roots.contains(d) {
            roots.push(d.clone());
        }
        let src = if d.is_empty() {
            "src".to_string()
        } else {
            format!("{d}/src")
        };
        if files.iter().any(|f| f.starts_with(&format!("{src}/"))) && !roots.contains(&src) {
            roots.push(src);
        }
    }
    roots
}

/// The file of a module given as a path stem (`a/b` → `a/b.py`, `a/b/__init__.py`).
pub(crate) fn module_file(ws: &Layout, stem: &str) -> Option<String> {
    let join = |s: &str| {
        if stem.is_empty() {
            s.to_string()
        } else {
            format!("{stem}/{s}")
        }
    };
    [
        format!("{stem}.py"),
        format!("{stem}.pyi"),
        join("__init__.py"),
        join("__init__.pyi"),
    ]
    .into_iter()
    .find(|f| !f.starts_with('.') && ws.files.contains(f))
}

/// Candidate path stems of a module as written in `from_file`: one per source root for an
/// absolute module, one for a relative one (`None` when the dots climb above the root).
pub(crate) fn module_stems(ws: &Layout, module: &str, from_file: &str) -> Option<Vec<String>> {
    let dots = module.chars().take_while(|c| *c == '.').count();
    let rest = &module[dots..];
    let rest_path = rest.replace('.', "/");
    if dots == 0 {
        return Some(
            ws.facts::<SourceRoots>()
                .map_or(&[][..], |r| &r.0)
                .iter()
                .map(|r| join_path(r, &rest_path))
                .collect(),
        );
    }
    let mut dir = parent_dir(from_file).to_string();
    for _ in 1..dots {
        if dir.is_empty() {
            return None;
        }
        dir = parent_dir(&dir).to_string();
    }
    Some(vec![join_path(&dir, &rest_path)])
}

impl Resolver for PythonResolver {
    fn layout(
        &self,
        ws: &Layout,
        manifests: &[Manifest],
    ) -> Option<std::sync::Arc<dyn std::any::Any + Send + Sync>> {
        Some(std::sync::Arc::new(SourceRoots(source_roots(
            &ws.files, manifests,
        ))))
    }

    fn bind(&self, ctx: &mut FileCtx, imp: &Import, ws: &Layout) {
        let Some(stems) = module_stems(ws, &imp.module, &ctx.path) else {
            return;
        };
        if imp.member.as_deref() == Some("*") {
            ctx.star.push(Binding::Module(stems));
            return;
        }
        let Some(bound) = self.import_name(imp) else {
            return;
        };
        match bound.member {
            Some(m) => {
                ctx.bindings.insert(bound.name, Binding::Member(stems, m));
            }
            None if imp.alias.is_some() => {
                ctx.bindings.insert(bound.name, Binding::Module(stems));
            }
            None => {
                // `import a.b.c` binds `a`.
                let stems = module_stems(ws, &bound.module, &ctx.path).unwrap_or_default();
                ctx.bindings
                    .entry(bound.name)
                    .or_insert(Binding::Module(stems));
            }
        }
    }

    fn import_name(&self, imp: &Import) -> Option<ImportName> {
        let (name, module, member) = match (&imp.member, &imp.alias) {
            (Some(m), _) if m == "*" => return None,
            (Some(m), alias) => (
                alias.clone().unwrap_or_else(|| m.clone()),
                imp.module.clone(),
                Some(m.clone()),
            ),
            (None, Some(alias)) => (alias.clone(), imp.module.clone(), None),
            (None, None) => {
                // `import a.b.c` binds `a`.
                let first = imp.module.split('.').next().unwrap_or("").to_string();
                (first.clone(), first, None)
            }
        };
        Some(ImportName {
            name,
            module,
            member,
        })
    }

    fn hands_on(&self, _imp: &Import) -> bool {
        true
    }

    fn import_edge(&self, ctx: &FileCtx, imp: &Import, ws: &Layout) -> ImportEdge {
        let name = match imp.member.as_deref() {
            None | Some("*") => imp.module.clone(),
            Some(m) if imp.module.ends_with('.') => format!("{}{m}", imp.module),
            Some(m) => format!("{}.{m}", imp.module),
        };
        let stems = module_stems(ws, &imp.module, &ctx.path);
        let file = stems.as_ref().and_then(|stems| {
            stems.iter().find_map(|stem| {
                // `from pkg import sub`: the submodule when there is one.
                imp.member
                    .as_ref()
                    .filter(|m| *m != "*")
                    .and_then(|m| module_file(ws, &join_path(stem, m)))
                    .or_else(|| module_file(ws, stem))
            })
        });
        match file {
            Some(f) => ImportEdge {
                target: Some(NodeId::file_id(LANG, &f)),
                target_name: name,
                resolution: Resolution::Import,
            },
            None if imp.module.starts_with('.') => ImportEdge {
                target: None,
                target_name: name,
                resolution: Resolution::Unresolved,
            },
            None => ImportEdge {
                target: Some(NodeId::external_id(
                    LANG,
                    imp.module.split('.').next().unwrap_or(&imp.module),
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
        let lang = LANG;
        if segs[0] == "?" {
            return None;
        }
        if let (Some(h), true) = (r.hint, segs.len() >= 2) {
            return hinted(lang, ctx, idx, h, segs);
        }
        if let Some(o) = in_scopes(lang, ctx, idx, r) {
            return Some(o);
        }
        if let Some(b) = ctx.bindings.get(segs[0]) {
            let found = match b {
                Binding::Module(stems) => py_through_module(ws, idx, stems, &segs[1..]),
                Binding::Member(stems, member) => {
                    let mut rest = vec![member.as_str()];
                    rest.extend_from_slice(&segs[1..]);
                    py_through_module(ws, idx, stems, &rest)
                }
                _ => Outcome::Edge(None, Resolution::Unresolved),
            };
            let stems = match b {
                Binding::Module(stems) | Binding::Member(stems, _) => stems.as_slice(),
                _ => &[],
            };
            return match found {
                Outcome::Edge(Some(t), res) => Some(Outcome::Edge(Some(t), res)),
                // A module outside the workspace.
                _ if !stems.iter().any(|s| module_file(ws, s).is_some()) => {
                    Some(Outcome::Edge(None, Resolution::External))
                }
                // Through a module's variable or class: the types decide.
                _ => None,
            };
        }
        if segs.len() == 1 {
            for b in ctx.star.iter().rev() {
                if let Binding::Module(stems) = b {
                    if !star_exports(ws, idx, stems, segs[0]) {
                        continue;
                    }
                    if let Outcome::Edge(Some(t), res) = py_through_module(ws, idx, stems, segs) {
                        return Some(Outcome::Edge(Some(t), res));
                    }
                }
            }
            if lang.is_builtin(segs[0]) {
                return Some(Outcome::Drop);
            }
        }
        None
    }

    fn module_member(
        &self,
        ws: &Layout,
        idx: &dyn SymbolIndex,
        _lang: Lang,
        file: &str,
        name: &str,
    ) -> Option<SymRef> {
        exported(ws, idx, file, &[name], &mut HashSet::new())
    }

    /// A bare name found nowhere is a guess only when a `*` import may have brought it (or
    /// it is a base class); a method on a value of unknown type is never guessed.
    fn fallback(
        &self,
        ctx: &FileCtx,
        _ws: &Layout,
        idx: &dyn SymbolIndex,
        r: &Ref<'_>,
        segs: &[&str],
        want: &dyn Fn(Kind) -> bool,
    ) -> Outcome {
        let single = segs.len() == 1 && segs[0] != "?";
        let outside_star = ctx.star.iter().any(|b| matches!(b, Binding::Module(_)));
        if single && (outside_star || r.kind == EdgeKind::Extends) {
            return unique(idx, LANG, segs[0], want);
        }
        Outcome::Edge(None, Resolution::Unresolved)
    }
}

/// The most (module, name) pairs one lookup follows through re-exports: a chain of
/// `__init__.py` files and `*` imports is short, and a cycle ends when it meets a pair again.
const MAX_REEXPORTS: usize = 64;

/// `rest` looked up through a module: submodules first (`a.b.c` may be a package path), then
/// the qualname inside the deepest module file found, or a name that file's imports bind
/// there (a re-export: `from ._models import Response` in `__init__.py`).
fn py_through_module(
    ws: &Layout,
    idx: &dyn SymbolIndex,
    stems: &[String],
    rest: &[&str],
) -> Outcome {
    match through(ws, idx, stems, rest, &mut HashSet::new()) {
        Some(s) => Outcome::Edge(Some(s.node_id), Resolution::Import),
        None => Outcome::Edge(None, Resolution::Unresolved),
    }
}

/// The file node of a module as a symbol (a submodule a package re-exports is a value too).
fn module_ref(file: &str) -> SymRef {
    SymRef {
        node_id: NodeId::file_id(LANG, file),
        kind: Kind::File,
        file: file.to_string(),
    }
}

/// What `rest` names through the first of `stems` that is a module of the workspace.
fn through(
    ws: &Layout,
    idx: &dyn SymbolIndex,
    stems: &[String],
    rest: &[&str],
    seen: &mut HashSet<(String, String)>,
) -> Option<SymRef> {
    for stem in stems {
        let mut stem = stem.clone();
        let mut i = 0;
        while i < rest.len() {
            let next = join_path(&stem, rest[i]);
            if module_file(ws, &next).is_some() {
                stem = next;
                i += 1;
            } else {
                break;
            }
        }
        let Some(file) = module_file(ws, &stem) else {
            continue;
        };
        if i == rest.len() {
            return Some(module_ref(&file));
        }
        return exported(ws, idx, &file, &rest[i..], seen);
    }
    None
}

/// What module `file` gives for `rest` (a qualname's segments): its own definition, else the
/// name one of its imports binds there, followed to its definition (the last import that binds
/// it wins, as at run time; a `*` import only for the names its module exports).
pub(crate) fn exported(
    ws: &Layout,
    idx: &dyn SymbolIndex,
    file: &str,
    rest: &[&str],
    seen: &mut HashSet<(String, String)>,
) -> Option<SymRef> {
    let first = *rest.first()?;
    if let Some(s) = idx.in_file(LANG, file, &rest.join(".")) {
        return Some(s);
    }
    // A name the module defines itself hides its imports of that name.
    if rest.len() > 1 && idx.in_file(LANG, file, first).is_some() {
        return None;
    }
    if seen.len() >= MAX_REEXPORTS || !seen.insert((file.to_string(), first.to_string())) {
        return None;
    }
    let imports = idx.imports_of(LANG, file);
    for imp in imports.iter().rev() {
        let Some(stems) = module_stems(ws, &imp.module, file) else {
            continue;
        };
        if imp.member.as_deref() == Some("*") {
            if !star_exports(ws, idx, &stems, first) {
                continue;
            }
            match through(ws, idx, &stems, rest, seen) {
                Some(s) => return Some(s),
                None => continue,
            }
        }
        let Some(bound) = PythonResolver.import_name(imp) else {
            continue;
        };
        if bound.name != first {
            continue;
        }
        return match bound.member {
            // `from m import x as first`: `x` in `m`.
            Some(m) => {
                let mut path = vec![m.as_str()];
                path.extend_from_slice(&rest[1..]);
                through(ws, idx, &stems, &path, seen)
            }
            // `import a.b as first`: the module `a.b`.
            None if imp.alias.is_some() => through(ws, idx, &stems, &rest[1..], seen),
            // `import a.b`: binds `a`.
            None => {
                let stems = module_stems(ws, &bound.module, file)?;
                through(ws, idx, &stems, &rest[1..], seen)
            }
        };
    }
    None
}

/// Whether `from <stems> import *` brings `name`: the names the module's `__all__` lists,
/// else those not starting with `_` (a module outside the workspace: any).
fn star_exports(ws: &Layout, idx: &dyn SymbolIndex, stems: &[String], name: &str) -> bool {
    let Some(file) = stems.iter().find_map(|s| module_file(ws, s)) else {
        return !name.starts_with('_');
    };
    let listed = idx.facts(LANG, &file, "", FactRole::Exports);
    if listed.is_empty() {
        return !name.starts_with('_');
    }
    listed
        .iter()
        .any(|n| n == name || n == crate::model::ANY_EXPORT)
}
