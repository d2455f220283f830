//! Go's resolution: imports through the nearest `go.mod` (vendored copies first), names
//! through the file, then the package (build variants for other systems set aside), then
//! dot-imports; `pkg.Name` through the import's package; methods through the receiver's type.

use crate::id::NodeId;
use crate::lang::Lang;
use crate::model::{EdgeKind, FactRole, Import, Kind, Resolution};
use crate::resolve::ctx::{
    join_path, unique, Binding, FileCtx, ImportEdge, ImportName, Outcome, Ref, Resolver,
};
use crate::resolve::ctx::{Layout, Manifest, SymRef, SymbolIndex};
use crate::walk::parent_dir;

pub(crate) struct GoResolver;

const LANG: Lang = Lang::Go;

/// Go's reading of the workspace: (directory of a `go.mod`, module path), longest directory
/// first.
pub(crate) struct Modules(Vec<(String, String)>);

/// (directory, module path) of every `go.mod`, longest directory first.
fn modules(manifests: &[Manifest]) -> Modules {
    let mut m: Vec<(String, String)> = manifests
        .iter()
        .filter(|m| m.name == "go.mod")
        .filter_map(|m| crate::lang::go::module_path(&m.text).map(|p| (m.dir.clone(), p)))
        .collect();
    m.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then(a.0.cmp(&b.0)));
    Modules(m)
}

/// The workspace's Go modules, none when it has no `go.mod`.
fn ws_modules(ws: &Layout) -> &[(String, String)] {
    ws.facts::<Modules>().map_or(&[], |m| &m.0)
}

/// The directory of a Go import path inside the workspace.
pub(crate) fn package_dir(ws: &Layout, import: &str, from_file: &str) -> Option<String> {
    let from_dir = parent_dir(from_file);
    // The module the importing file belongs to: vendored copies first.
    for (dir, module) in ws_modules(ws) {
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
    for (dir, module) in ws_modules(ws) {
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
    fn layout(
        &self,
        _ws: &Layout,
        manifests: &[Manifest],
    ) -> Option<std::sync::Arc<dyn std::any::Any + Send + Sync>> {
        Some(std::sync::Arc::new(modules(manifests)))
    }

    fn pick_in_package(
        &self,
        idx: &dyn SymbolIndex,
        hits: Vec<SymRef>,
        from: &str,
    ) -> Option<SymRef> {
        pick_in_package(idx, hits, from)
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
            Some(match pick_in_package(idx, hits, &ctx.path) {
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
                    if let Some(s) = pick_in_package(idx, idx.in_dir(lang, d, segs[0]), &ctx.path) {
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
                pick_in_package(idx, idx.in_dir(lang, d, &q), &ctx.path)
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
        _ws: &Layout,
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

/// The build a file takes part in: its OS and architecture as its name and build line
/// say, else linux/amd64 (what `go build` and gopls use on the machines the map is made
/// on), and whether it is a test file.
struct Build<'a> {
    os: &'a str,
    arch: &'a str,
    test: bool,
}

impl<'a> Build<'a> {
    /// The build of `file` whose `//go:build` expression is `constraint`: by its name, and
    /// when the line rules that build out (`//go:build windows` in `conn.go`), the first
    /// OS and architecture the line allows.
    fn of(file: &'a str, constraint: Option<&str>) -> Build<'a> {
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
        let Some(expr) = constraint else {
            return b;
        };
        if constraint_holds(expr, &|t| b.has(t)) != Some(false) {
            return b;
        }
        let arches = std::iter::once(b.arch).chain(ARCHES.iter().copied());
        for arch in arches {
            for &(os, _) in OSES {
                let other = Build { os, arch, ..b };
                if constraint_holds(expr, &|t| other.has(t)) == Some(true) {
                    return other;
                }
            }
        }
        b
    }

    /// Whether a build tag is set in this build: its OS (and what that OS implies), its
    /// architecture, `unix`, the `gc` compiler, cgo and every Go release. Experiments
    /// (`goexperiment.…`), `gccgo` and custom tags are not.
    fn has(&self, tag: &str) -> bool {
        let implied = match self.os {
            "android" => "linux",
            "ios" => "darwin",
            "illumos" => "solaris",
            _ => self.os,
        };
        tag == self.os
            || tag == implied
            || tag == self.arch
            || (tag == "unix" && OSES.iter().any(|&(os, unix)| os == self.os && unix))
            || matches!(tag, "gc" | "cgo")
            || tag.starts_with("go1.")
    }

    /// Whether a file of that name and build line is compiled into this build.
    fn includes(&self, file: &str, constraint: Option<&str>) -> bool {
        // A name's words mean what the same tags mean in a build line, but for `test`, the
        // architecture families, and an OS word, which is that OS alone.
        let by_name = variant_tags(file).all(|t| match t {
            "test" => self.test,
            "unix" | "gc" | "gccgo" => self.has(t),
            t if ARCHES.contains(&t) => t == self.arch,
            t => match arch_family(t) {
                Some(head) => self.arch.strip_suffix("le").unwrap_or(self.arch) == head,
                None => t == self.os,
            },
        });
        // A line the map cannot read rules nothing out.
        by_name && constraint.is_none_or(|e| constraint_holds(e, &|t| self.has(t)) != Some(false))
    }
}

/// Whether a `//go:build` expression holds when `tag` says which tags are set; `None` when
/// it is not one (`||`, `&&`, `!`, parentheses and tags, as `go/build/constraint` reads).
fn constraint_holds(expr: &str, tag: &dyn Fn(&str) -> bool) -> Option<bool> {
    struct P<'e, 't> {
        s: &'e [u8],
        at: usize,
        tag: &'t dyn Fn(&str) -> bool,
    }
    impl P<'_, '_> {
        fn skip(&mut self) {
            while self.s.get(self.at).is_some_and(|c| c.is_ascii_whitespace()) {
                self.at += 1;
            }
        }
        fn eat(&mut self, tok: &str) -> bool {
            self.skip();
            let hit = self.s[self.at..].starts_with(tok.as_bytes());
            if hit {
                self.at += tok.len();
            }
            hit
        }
        fn or(&mut self, depth: u32) -> Option<bool> {
            let mut v = self.and(depth)?;
            while self.eat("||") {
                v |= self.and(depth)?;
            }
            Some(v)
        }
        fn and(&mut self, depth: u32) -> Option<bool> {
            let mut v = self.not(depth)?;
            while self.eat("&&") {
                v &= self.not(depth)?;
            }
            Some(v)
        }
        fn not(&mut self, depth: u32) -> Option<bool> {
            if depth > 64 {
                return None;
            }
            if self.eat("!") {
                return Some(!self.not(depth + 1)?);
            }
            if self.eat("(") {
                let v = self.or(depth + 1)?;
                return self.eat(")").then_some(v);
            }
            self.skip();
            let start = self.at;
            while self
                .s
                .get(self.at)
                .is_some_and(|&c| c.is_ascii_alphanumeric() || c == b'_' || c == b'.')
            {
                self.at += 1;
            }
            let word = std::str::from_utf8(&self.s[start..self.at]).ok()?;
            (!word.is_empty()).then(|| (self.tag)(word))
        }
    }
    let mut p = P {
        s: expr.as_bytes(),
        at: 0,
        tag,
    };
    let v = p.or(0)?;
    p.skip();
    (p.at == p.s.len()).then_some(v)
}

/// A Go file's build line, as the index holds it (a fact of the file).
fn build_line(idx: &dyn SymbolIndex, file: &str) -> Option<String> {
    idx.facts(LANG, file, "", FactRole::Build)
        .into_iter()
        .next()
}

/// One target among symbols of the same qualname in one package: the only one, or the only
/// one in a file compiled into the referring file's build (by both files' names and build
/// lines: `_windows.go` is not part of a linux build, `_unix.go` is, and neither is a file
/// whose line says `goexperiment.jsonv2`). Anything else is ambiguous.
fn pick_in_package(idx: &dyn SymbolIndex, hits: Vec<SymRef>, from: &str) -> Option<SymRef> {
    if hits.len() <= 1 {
        return hits.into_iter().next();
    }
    let from_line = build_line(idx, from);
    let build = Build::of(from, from_line.as_deref());
    crate::resolve::ctx::single(
        hits.into_iter()
            .filter(|s| build.includes(&s.file, build_line(idx, &s.file).as_deref())),
    )
}

#[cfg(test)]
mod tests {
    use super::{constraint_holds, Build};

    #[test]
    fn build_lines_read_as_go_reads_them() {
        let linux = Build::of("a.go", None);
        let holds = |e: &str| constraint_holds(e, &|t| linux.has(t));
        let table = [
            ("linux", Some(true)),
            ("windows", Some(false)),
            ("unix", Some(true)),
            ("!windows", Some(true)),
            ("linux && amd64", Some(true)),
            ("linux && arm64", Some(false)),
            ("darwin || linux", Some(true)),
            ("(darwin || freebsd) && !cgo", Some(false)),
            ("!(darwin || freebsd)", Some(true)),
            ("!!linux", Some(true)),
            ("gc && go1.21", Some(true)),
            ("gccgo", Some(false)),
            ("goexperiment.jsonv2", Some(false)),
            ("!goexperiment.jsonv2", Some(true)),
            ("ignore", Some(false)),
            ("  linux  ||windows ", Some(true)),
            // Not expressions: read as no constraint by the callers.
            ("", None),
            ("linux &&", None),
            ("(linux", None),
            ("linux windows", None),
            ("linux | windows", None),
            ("+build linux", None),
        ];
        for (e, want) in table {
            assert_eq!(holds(e), want, "{e:?}");
        }
        let deep = format!("{}linux{}", "(".repeat(500), ")".repeat(500));
        assert_eq!(holds(&deep), None, "nesting is bounded");
        let nots = format!("{}linux", "!".repeat(500));
        assert_eq!(holds(&nots), None, "nesting is bounded");
    }

    #[test]
    fn a_files_build_line_chooses_its_build() {
        // (referring file and its line, defining file and its line, compiled together)
        let table = [
            (("a.go", None), ("x.go", Some("!goexperiment.jsonv2")), true),
            (("a.go", None), ("x.go", Some("goexperiment.jsonv2")), false),
            (("a.go", None), ("x.go", Some("gccgo")), false),
            (("a.go", None), ("x_unix.go", Some("unix && !linux")), false),
            (("a.go", None), ("x.go", Some("not a line (")), true),
            // A referrer whose line rules linux out takes the first build it allows.
            (("a.go", Some("windows")), ("x_windows.go", None), true),
            (("a.go", Some("windows")), ("x_unix.go", None), false),
            (("a.go", Some("aix || solaris")), ("x_aix.go", None), true),
            (
                ("a.go", Some("darwin && arm64")),
                ("x_arm64.go", None),
                true,
            ),
            (
                ("a.go", Some("darwin && arm64")),
                ("x_amd64.go", None),
                false,
            ),
            (("a.go", Some("ignore")), ("x_linux.go", None), true),
        ];
        for ((from, from_line), (file, line), want) in table {
            assert_eq!(
                Build::of(from, from_line).includes(file, line),
                want,
                "{from} {from_line:?} → {file} {line:?}"
            );
        }
    }

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
            assert_eq!(
                Build::of(from, None).includes(file, None),
                want,
                "{from} → {file}"
            );
        }
    }
}
