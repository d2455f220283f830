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
    fn pick_in_package(&self, hits: Vec<SymRef>, from: &str) -> Option<SymRef> {
        pick_in_package(hits, from)
    }
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
            Some(match pick_in_package(hits, &ctx.path) {
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
                    if let Some(s) = pick_in_package(idx.in_dir(lang, d, segs[0]), &ctx.path) {
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
                pick_in_package(idx.in_dir(lang, d, &q), &ctx.path)
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

/// The operating systems a Go file's name may end in; `unix` stands for those marked.
const OSES: &[(&str, bool)] = &[
    ("aix", true),
    ("android", true),
    ("darwin", true),
    ("dragonfly", true),
    ("freebsd", true),
    ("hurd", true),
    ("illumos", true),
    ("ios", true),
    ("js", false),
    ("linux", true),
    ("nacl", false),
    ("netbsd", true),
    ("openbsd", true),
    ("plan9", false),
    ("solaris", true),
    ("wasip1", false),
    ("windows", false),
    ("zos", false),
];

/// The architectures a Go file's name may end in.
const ARCHES: &[&str] = &[
    "386", "amd64", "arm", "arm64", "loong64", "mips", "mips64", "mips64le", "mipsle", "ppc64",
    "ppc64le", "riscv64", "s390x", "wasm",
];

/// The words a Go file's name ends in that make it a build variant: an OS, an
/// architecture or a family of them (`ppc64x`: `ppc64` and `ppc64le`), `unix`, `test`, a
/// compiler (`gc`, `gccgo`; `gccgo.go` too): `conn_linux_amd64.go` → `linux`, `amd64`. Go
/// itself reads only the OS and architecture from a name; the others stand for the
/// `//go:build` line such files carry.
fn variant_tags(file: &str) -> impl Iterator<Item = &str> {
    let stem = file
        .rsplit('/')
        .next()
        .unwrap_or(file)
        .trim_end_matches(".go");
    stem.split('_').enumerate().filter_map(|(i, p)| {
        let tag = OSES.iter().any(|(os, _)| *os == p)
            || ARCHES.contains(&p)
            || arch_family(p).is_some()
            || matches!(p, "unix" | "test" | "gc" | "gccgo");
        ((i > 0 && tag) || p == "gccgo").then_some(p)
    })
}

/// `ppc64x` → `ppc64` (for `ppc64` and `ppc64le`), `mipsx` → `mips` (`mips`, `mipsle`).
fn arch_family(word: &str) -> Option<&str> {
    let head = word.strip_suffix('x')?;
    let le = ARCHES.iter().any(|a| a.strip_suffix("le") == Some(head));
    (le && ARCHES.contains(&head)).then_some(head)
}

/// The build a file takes part in, as far as its name tells: its OS and architecture, else
/// linux/amd64 (what `go build` and gopls use on the machines the map is made on), and
/// whether it is a test file.
struct Build<'a> {
    os: &'a str,
    arch: &'a str,
    test: bool,
}

impl<'a> Build<'a> {
    fn of(file: &'a str) -> Build<'a> {
        let mut b = Build {
            os: "linux",
            arch: "amd64",
            test: false,
        };
        for t in variant_tags(file) {
            if let Some((os, _)) = OSES.iter().find(|(os, _)| *os == t) {
                b.os = os;
            } else if ARCHES.contains(&t) {
                b.arch = t;
            } else if t == "test" {
                b.test = true;
            }
        }
        b
    }

    /// Whether a file of that name is compiled into this build.
    fn includes(&self, file: &str) -> bool {
        variant_tags(file).all(|t| match t {
            "unix" => OSES.iter().any(|&(os, unix)| os == self.os && unix),
            "test" => self.test,
            "gc" => true,
            "gccgo" => false,
            t if ARCHES.contains(&t) => t == self.arch,
            t => match arch_family(t) {
                Some(head) => self.arch.strip_suffix("le").unwrap_or(self.arch) == head,
                None => t == self.os,
            },
        })
    }
}

/// One target among symbols of the same qualname in one package: the only one, or the only
/// one in a file compiled into the referring file's build (by the names of both:
/// `_windows.go` is not part of a linux build, `_unix.go` is; a file named for no OS is
/// taken to be built on linux/amd64). Anything else is ambiguous: two plain files defining
/// one name are told apart by `//go:build` lines, which the map does not read.
fn pick_in_package(hits: Vec<SymRef>, from: &str) -> Option<SymRef> {
    if hits.len() <= 1 {
        return hits.into_iter().next();
    }
    let build = Build::of(from);
    crate::resolve::ctx::single(hits.into_iter().filter(|s| build.includes(&s.file)))
}

#[cfg(test)]
mod tests {
    use super::Build;

    #[test]
    fn a_files_name_says_which_builds_compile_it() {
        // (referring file, defining file, compiled together)
        let table = [
            ("a.go", "x.go", true),
            ("a.go", "x_linux.go", true),
            ("a.go", "x_unix.go", true),
            ("a.go", "x_amd64.go", true),
            ("a.go", "x_linux_amd64.go", true),
            ("a.go", "x_windows.go", false),
            ("a.go", "x_arm64.go", false),
            ("a.go", "x_linux_arm64.go", false),
            ("a.go", "x_plan9.go", false),
            ("a.go", "x_js.go", false),
            ("a.go", "x_test.go", false),
            ("a.go", "x_gccgo.go", false),
            ("a.go", "gccgo.go", false),
            ("a.go", "x_unix_gc.go", true),
            ("a.go", "x_unix_gc_ppc64x.go", false),
            ("a_ppc64le.go", "x_unix_gc_ppc64x.go", true),
            ("a_mips.go", "x_mipsx.go", true),
            ("a_mipsle.go", "x_mipsx.go", true),
            ("a_mips64.go", "x_mipsx.go", false),
            ("a_mips64le.go", "x_mips64x.go", true),
            // Not a family (there is no `amd64le`): a word of the name.
            ("a.go", "x_amd64x.go", true),
            ("a_test.go", "x_test.go", true),
            ("a_windows.go", "x_windows.go", true),
            ("a_windows.go", "x_unix.go", false),
            ("a_windows.go", "x_linux.go", false),
            ("a_windows.go", "x.go", true),
            ("a_darwin.go", "x_unix.go", true),
            ("a_darwin_arm64.go", "x_arm64.go", true),
            ("a_darwin_arm64.go", "x_amd64.go", false),
            ("a_plan9.go", "x_unix.go", false),
            // Words that are no build's stay part of the name.
            ("a.go", "x_decode.go", true),
            ("dir/a.go", "dir/zerrors_linux_386.go", false),
        ];
        for (from, file, want) in table {
            assert_eq!(Build::of(from).includes(file), want, "{from} → {file}");
        }
    }
}
