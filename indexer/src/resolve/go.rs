//! Go's resolution: imports through the nearest `go.mod` (vendored copies first), names
//! through the file, then the package (build variants for other systems set aside), then
//! dot-imports; `pkg.Name` through the import's package; methods through the receiver's type.

use super::ctx::{
    join_path, unique, Binding, FileCtx, ImportEdge, ImportName, Outcome, Ref, Resolver,
};
use super::ctx::{Layout, Manifest, SymRef, SymbolIndex};
use crate::id::NodeId;
use crate::lang::Lang;
use crate::model::{EdgeKind, Import, Kind, Resolution};
use crate::walk::parent_dir;

pub(crate) struct GoResolver;

const LANG: Lang = Lang::Go;

/// (directory, module path) of every `go.mod`.
pub(crate) fn modules(manifests: &[Manifest]) -> Vec<(String, String)> {
    manifests
        .iter()
        .filter(|m| m.name == "go.mod")
        .filter_map(|m| crate::lang::go::module_path(&m.text).map(|p| (m.dir.clone(), p)))
        .collect()
}

/// The directory of a Go import path inside the workspace.
pub(crate) fn package_dir(ws: &Layout, import: &str, from_file: &str) -> Option<String> {
    let from_dir = parent_dir(from_file);
    // The module the importing file belongs to: vendored copies first.
    for (dir, module) in &ws.modules {
        let inside = dir.is_empty()
            || from_dir == dir
            || from_dir
                .strip_prefix(dir.as_str())
                .is_some_and(|rest| rest.starts_with('/'));
        if !inside {
            continue;
        }
        let vendored = join_path(&join_path(dir, "vendor"), import);
        if ws.packages.contains_key(&vendored) {
            return Some(vendored);
        }
        let _ = module;
        break;
    }
    for (dir, module) in &ws.modules {
        let rel = if import == module {
            Some("")
        } else if module == "std" && !import.split('/').next().unwrap_or("").contains('.') {
            Some(import)
        } else {
            import
                .strip_prefix(module.as_str())
                .and_then(|rest| rest.strip_prefix('/'))
        };
        if let Some(rel) = rel {
            let d = join_path(dir, rel);
            if ws.packages.contains_key(&d) {
                return Some(d);
            }
        }
    }
    None
}

impl Resolver for GoResolver {
    fn bind(&self, ctx: &mut FileCtx, imp: &Import, ws: &Layout) {
        let binding = match package_dir(ws, &imp.module, &ctx.path) {
            Some(dir) => Binding::Package(dir),
            None => Binding::External(imp.module.clone()),
        };
        if imp.alias.as_deref() == Some(".") {
            ctx.star.push(binding);
            return;
        }
        let Some(bound) = self.import_name(imp) else {
            return;
        };
        // Without an alias, a workspace package binds the name its package clause gives.
        let name = match &binding {
            Binding::Package(d) if imp.alias.is_none() => {
                ws.package_name(d).map_or(bound.name, str::to_string)
            }
            _ => bound.name,
        };
        ctx.bindings.insert(name, binding);
    }

    fn import_name(&self, imp: &Import) -> Option<ImportName> {
        let name = match imp.alias.as_deref() {
            Some("_" | ".") => return None,
            Some(a) => a.to_string(),
            None => go_default_name(&imp.module),
        };
        Some(ImportName {
            name,
            module: imp.module.clone(),
            member: None,
        })
    }

    fn import_edge(&self, ctx: &FileCtx, imp: &Import, ws: &Layout) -> ImportEdge {
        let target = match package_dir(ws, &imp.module, &ctx.path) {
            Some(dir) => NodeId::package_id(LANG, &dir),
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
        _ws: &Layout,
        idx: &dyn SymbolIndex,
        r: &Ref<'_>,
        segs: &[&str],
    ) -> Option<Outcome> {
        let lang = LANG;
        let dir = parent_dir(&ctx.path);
        if segs[0] == "?" {
            return None;
        }
        let in_package = |q: &str| -> Option<Outcome> {
            let hits = idx.in_dir(lang, dir, q);
            if let Some(s) = hits.iter().find(|s| s.file == ctx.path) {
                return Some(Outcome::Edge(Some(s.node_id.clone()), Resolution::Local));
            }
            if hits.is_empty() {
                return None;
            }
            Some(match pick_in_package(hits) {
                Some(s) => Outcome::Edge(Some(s.node_id), Resolution::Package),
                None => Outcome::Edge(None, Resolution::Unresolved),
            })
        };
        if let (Some(h), 2) = (r.hint, segs.len()) {
            // A method of the receiver's (or a typed variable's) type in this package;
            // promoted methods and other packages follow the types.
            return in_package(&format!("{h}.{}", segs[1]));
        }
        if segs.len() == 1 {
            if let Some(o) = in_package(segs[0]) {
                return Some(o);
            }
            for b in &ctx.star {
                if let Binding::Package(d) = b {
                    if let Some(s) = pick_in_package(idx.in_dir(lang, d, segs[0])) {
                        return Some(Outcome::Edge(Some(s.node_id), Resolution::Import));
                    }
                }
            }
            if lang.is_builtin(segs[0]) {
                return Some(Outcome::Drop);
            }
            // A bare name that is not package-level is a local variable or parameter.
            return Some(Outcome::Edge(None, Resolution::Unresolved));
        }
        match ctx.bindings.get(segs[0]) {
            Some(Binding::Package(d)) => {
                let q = segs[1..].join(".");
                pick_in_package(idx.in_dir(lang, d, &q))
                    .map(|s| Outcome::Edge(Some(s.node_id), Resolution::Import))
            }
            Some(_) => Some(Outcome::Edge(None, Resolution::External)),
            // `T.Method` as a method expression; a value's method follows its type.
            None if segs.len() == 2 => in_package(&segs.join(".")),
            None => None,
        }
    }

    /// An embedded type found nowhere else may still be the one workspace type of its name;
    /// a method on a value of unknown type is never guessed.
    fn fallback(
        &self,
        _ctx: &FileCtx,
        idx: &dyn SymbolIndex,
        r: &Ref<'_>,
        segs: &[&str],
        want: &dyn Fn(Kind) -> bool,
    ) -> Outcome {
        if r.kind == EdgeKind::Extends && segs[0] != "?" {
            return unique(idx, LANG, segs[segs.len() - 1], want);
        }
        Outcome::Edge(None, Resolution::Unresolved)
    }
}

/// The package name Go assumes for an import path outside the workspace: its last element,
/// without a `.vN` major-version suffix or a `go-` prefix.
pub(crate) fn go_default_name(path: &str) -> String {
    let mut parts = path.rsplit('/');
    let mut last = parts.next().unwrap_or(path);
    if last.len() > 1 && last.starts_with('v') && last[1..].chars().all(|c| c.is_ascii_digit()) {
        last = parts.next().unwrap_or(last);
    }
    let last = last.split('.').next().unwrap_or(last);
    last.trim_start_matches("go-").replace('-', "_")
}

/// Go files named for an OS or architecture are build variants of the same package.
fn is_build_variant(file: &str) -> bool {
    const TAGS: &[&str] = &[
        "aix",
        "android",
        "darwin",
        "dragonfly",
        "freebsd",
        "hurd",
        "illumos",
        "ios",
        "js",
        "linux",
        "nacl",
        "netbsd",
        "openbsd",
        "plan9",
        "solaris",
        "wasip1",
        "windows",
        "zos",
        "386",
        "amd64",
        "arm",
        "arm64",
        "loong64",
        "mips",
        "mips64",
        "mips64le",
        "mipsle",
        "ppc64",
        "ppc64le",
        "riscv64",
        "s390x",
        "wasm",
        "unix",
        "js",
        "test",
    ];
    let stem = file
        .rsplit('/')
        .next()
        .unwrap_or(file)
        .trim_end_matches(".go");
    stem.split('_').skip(1).any(|p| TAGS.contains(&p))
}

/// One target among symbols of the same qualname in one package: the only one, or the only one
/// outside OS/arch-specific files. Anything else is ambiguous.
fn pick_in_package(hits: Vec<SymRef>) -> Option<SymRef> {
    if hits.len() <= 1 {
        return hits.into_iter().next();
    }
    let mut plain: Vec<SymRef> = hits
        .into_iter()
        .filter(|s| !is_build_variant(&s.file))
        .collect();
    (plain.len() == 1).then(|| plain.remove(0))
}
