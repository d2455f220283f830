//! Resolution: turning references (`self.refresh`, `fmt.Println`, an import) into edges with a
//! resolution class. Pure: the workspace's shape comes in as data ([`Workspace`]) and symbols
//! are looked up through the [`SymbolIndex`] trait, which a cold run implements in memory and an
//! incremental run over SQLite.
//!
//! Rules, in order (SPEC "Edges"): the same scope or file (`local`), the same Go package
//! (`package`), an import binding (`import`), the only workspace symbol of that name (`unique`).
//! Ambiguous names are never guessed: they stay `unresolved` with their name.

use crate::id::NodeId;
use crate::lang::Lang;
use crate::model::{EdgeKind, Import, Kind, Resolution};
use crate::walk::parent_dir;
use std::collections::{HashMap, HashSet};

/// A symbol found by a lookup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SymRef {
    pub node_id: String,
    pub kind: Kind,
    pub file: String,
}

/// Symbol lookups the resolver needs.
pub trait SymbolIndex {
    /// Symbols with this qualname in any file of `dir` (a Go package, or one Python file's
    /// directory when filtered by file).
    fn in_dir(&self, lang: Lang, dir: &str, qualname: &str) -> Vec<SymRef>;
    /// Every workspace symbol with this name.
    fn by_name(&self, lang: Lang, name: &str) -> Vec<SymRef>;

    fn in_file(&self, lang: Lang, file: &str, qualname: &str) -> Option<SymRef> {
        self.in_dir(lang, parent_dir(file), qualname)
            .into_iter()
            .find(|s| s.file == file)
    }

    /// The one workspace symbol with this name whose kind is wanted; `None` when there are
    /// none or several.
    fn unique_by_name(
        &self,
        lang: Lang,
        name: &str,
        want: &dyn Fn(Kind) -> bool,
    ) -> Option<SymRef> {
        single(
            self.by_name(lang, name)
                .into_iter()
                .filter(|s| want(s.kind)),
        )
    }
}

/// The only item, or `None` when there are none or several.
fn single<T>(mut it: impl Iterator<Item = T>) -> Option<T> {
    let first = it.next()?;
    it.next().is_none().then_some(first)
}

/// An index held in memory, for a cold run: each symbol once, and two sorted tables of
/// (hash of the lookup key, symbol) searched by binary search; hits are verified against the
/// symbol itself, so a hash collision never returns a wrong symbol.
#[derive(Default)]
pub struct MemIndex {
    /// (node ID, kind, file index, byte offset of the qualname in the node ID)
    syms: Vec<(Box<str>, Kind, u32, u16)>,
    files: Vec<(Box<str>, Lang)>,
    by_dir: Vec<(u64, u32)>,
    by_name: Vec<(u64, u32)>,
    sorted: bool,
}

fn key_hash(parts: &[&str]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for p in parts {
        p.hash(&mut h);
    }
    h.finish()
}

impl MemIndex {
    /// Add a file's symbols, as (qualname, kind).
    pub fn add_file(&mut self, lang: Lang, file: &str, symbols: &[(Box<str>, Kind)]) {
        let fi = self.files.len() as u32;
        self.files.push((file.into(), lang));
        let dir = parent_dir(file);
        for (qualname, kind) in symbols {
            let qualname: &str = qualname;
            let name = crate::id::segment_name(qualname.rsplit('.').next().unwrap_or(qualname));
            let i = self.syms.len() as u32;
            let id = NodeId::symbol_id(lang, file, qualname);
            let at = (id.len() - qualname.len()) as u16;
            self.syms.push((id.into_boxed_str(), *kind, fi, at));
            self.by_dir
                .push((key_hash(&[lang.prefix(), dir, qualname]), i));
            self.by_name.push((key_hash(&[lang.prefix(), name]), i));
        }
        self.sorted = false;
    }

    /// Sort the lookup tables; call once after the last `add_file`.
    pub fn finish(&mut self) {
        self.by_dir.sort_unstable();
        self.by_name.sort_unstable();
        self.sorted = true;
    }

    fn range(table: &[(u64, u32)], h: u64) -> impl Iterator<Item = u32> + '_ {
        let from = table.partition_point(|(k, _)| *k < h);
        table[from..]
            .iter()
            .take_while(move |(k, _)| *k == h)
            .map(|(_, i)| *i)
    }

    /// Symbol `i` borrowed: (node ID, kind, qualname, file, language). Candidates are checked
    /// on this view; only the hits are copied out (a common name has thousands of candidates).
    fn view(&self, i: u32) -> (&str, Kind, &str, &str, Lang) {
        let (id, kind, f, at) = &self.syms[i as usize];
        let (file, lang) = &self.files[*f as usize];
        (id, *kind, id.get(*at as usize..).unwrap_or(""), file, *lang)
    }

    fn sym(&self, i: u32) -> SymRef {
        let (id, kind, _, file, _) = self.view(i);
        SymRef {
            node_id: id.to_string(),
            kind,
            file: file.to_string(),
        }
    }

    fn named<'a>(&'a self, lang: Lang, name: &'a str) -> impl Iterator<Item = u32> + 'a {
        Self::range(&self.by_name, key_hash(&[lang.prefix(), name])).filter(move |&i| {
            let (_, _, q, _, l) = self.view(i);
            l == lang && crate::id::segment_name(q.rsplit('.').next().unwrap_or(q)) == name
        })
    }
}

impl SymbolIndex for MemIndex {
    fn in_dir(&self, lang: Lang, dir: &str, qualname: &str) -> Vec<SymRef> {
        debug_assert!(self.sorted, "MemIndex::finish was not called");
        Self::range(&self.by_dir, key_hash(&[lang.prefix(), dir, qualname]))
            .filter(|&i| {
                let (_, _, q, f, l) = self.view(i);
                l == lang && q == qualname && parent_dir(f) == dir
            })
            .map(|i| self.sym(i))
            .collect()
    }

    fn in_file(&self, lang: Lang, file: &str, qualname: &str) -> Option<SymRef> {
        Self::range(
            &self.by_dir,
            key_hash(&[lang.prefix(), parent_dir(file), qualname]),
        )
        .find(|&i| {
            let (_, _, q, f, l) = self.view(i);
            l == lang && q == qualname && f == file
        })
        .map(|i| self.sym(i))
    }

    fn by_name(&self, lang: Lang, name: &str) -> Vec<SymRef> {
        self.named(lang, name).map(|i| self.sym(i)).collect()
    }

    fn unique_by_name(
        &self,
        lang: Lang,
        name: &str,
        want: &dyn Fn(Kind) -> bool,
    ) -> Option<SymRef> {
        single(self.named(lang, name).filter(|&i| want(self.view(i).1))).map(|i| self.sym(i))
    }
}

/// The workspace's shape: which files and packages exist, Go modules, Python source roots.
#[derive(Debug, Default, Clone)]
pub struct Workspace {
    files: HashSet<String>,
    go_dirs: HashMap<String, Option<String>>,
    /// (directory of go.mod, module path), longest directory first.
    go_modules: Vec<(String, String)>,
    py_roots: Vec<String>,
}

impl Workspace {
    /// `files`: every source file; `go_packages`: Go package directory → package name (when
    /// known); `go_mods`: (directory, contents of its go.mod); `py_project_dirs`: directories
    /// holding pyproject.toml, setup.py or setup.cfg.
    pub fn new(
        files: impl IntoIterator<Item = String>,
        go_packages: HashMap<String, Option<String>>,
        go_mods: &[(String, String)],
        py_project_dirs: &[String],
    ) -> Workspace {
        let files: HashSet<String> = files.into_iter().collect();
        let mut go_modules: Vec<(String, String)> = go_mods
            .iter()
            .filter_map(|(dir, text)| module_path(text).map(|m| (dir.clone(), m)))
            .collect();
        go_modules.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then(a.0.cmp(&b.0)));
        let mut py_roots = vec![String::new()];
        // `src/` when it holds packages.
        if files
            .iter()
            .any(|f| f.starts_with("src/") && f.ends_with("/__init__.py"))
        {
            py_roots.push("src".to_string());
        }
        for d in py_project_dirs {
            if !py_roots.contains(d) {
                py_roots.push(d.clone());
            }
            let src = if d.is_empty() {
                "src".to_string()
            } else {
                format!("{d}/src")
            };
            if files.iter().any(|f| f.starts_with(&format!("{src}/"))) && !py_roots.contains(&src) {
                py_roots.push(src);
            }
        }
        Workspace {
            files,
            go_dirs: go_packages,
            go_modules,
            py_roots,
        }
    }

    pub fn has_file(&self, f: &str) -> bool {
        self.files.contains(f)
    }

    /// The file of a Python module given as a path stem (`a/b` → `a/b.py`, `a/b/__init__.py`).
    pub fn py_module_file(&self, stem: &str) -> Option<String> {
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
        .find(|f| !f.starts_with('.') && self.files.contains(f))
    }

    /// Candidate path stems of a module as written in `from_file`: one per source root for an
    /// absolute module, one for a relative one (`None` when the dots climb above the root).
    pub fn py_module_stems(&self, module: &str, from_file: &str) -> Option<Vec<String>> {
        let dots = module.chars().take_while(|c| *c == '.').count();
        let rest = &module[dots..];
        let rest_path = rest.replace('.', "/");
        if dots == 0 {
            return Some(
                self.py_roots
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

    /// The directory of a Go import path inside the workspace.
    pub fn go_package_dir(&self, import: &str, from_file: &str) -> Option<String> {
        let from_dir = parent_dir(from_file);
        // The module the importing file belongs to: vendored copies first.
        for (dir, module) in &self.go_modules {
            let inside =
                dir.is_empty() || from_dir == dir || from_dir.starts_with(&format!("{dir}/"));
            if !inside {
                continue;
            }
            let vendored = join_path(&join_path(dir, "vendor"), import);
            if self.go_dirs.contains_key(&vendored) {
                return Some(vendored);
            }
            let _ = module;
            break;
        }
        for (dir, module) in &self.go_modules {
            let rel = if import == module {
                Some("")
            } else if module == "std" && !import.split('/').next().unwrap_or("").contains('.') {
                Some(import)
            } else {
                import.strip_prefix(&format!("{module}/"))
            };
            if let Some(rel) = rel {
                let d = join_path(dir, rel);
                if self.go_dirs.contains_key(&d) {
                    return Some(d);
                }
            }
        }
        None
    }

    /// Directories that hold Go files.
    pub fn go_dirs(&self) -> impl Iterator<Item = &str> {
        self.go_dirs.keys().map(String::as_str)
    }

    pub fn is_go_dir(&self, dir: &str) -> bool {
        self.go_dirs.contains_key(dir)
    }

    pub fn go_package_name(&self, dir: &str) -> Option<&str> {
        self.go_dirs.get(dir).and_then(|n| n.as_deref())
    }
}

fn join_path(a: &str, b: &str) -> String {
    match (a.is_empty(), b.is_empty()) {
        (true, _) => b.to_string(),
        (_, true) => a.to_string(),
        _ => format!("{a}/{b}"),
    }
}

/// The module path in a go.mod file's `module` line.
pub fn module_path(go_mod: &str) -> Option<String> {
    go_mod.lines().find_map(|l| {
        let l = l.trim();
        let rest = l.strip_prefix("module")?;
        if !rest.starts_with(|c: char| c.is_whitespace()) {
            return None;
        }
        let m = rest.trim().trim_matches('"');
        let m = m.split("//").next().unwrap_or(m).trim();
        (!m.is_empty()).then(|| m.to_string())
    })
}

/// What a name bound by an import stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Binding {
    /// A Python module, as candidate path stems.
    PyModule(Vec<String>),
    /// `from m import member`.
    PyMember(Vec<String>, String),
    /// A Go package directory in the workspace.
    GoPackage(String),
    /// Outside the workspace.
    External(String),
}

/// What resolution needs to know about the file a reference is in.
pub struct FileCtx<'a> {
    pub lang: Lang,
    pub path: &'a str,
    bindings: HashMap<String, Binding>,
    /// Python `from m import *` modules; Go `import . "p"` packages.
    star: Vec<Binding>,
}

/// The resolved form of an import: the `imports` edge's target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportEdge {
    pub target: Option<String>,
    pub target_name: String,
    pub resolution: Resolution,
}

impl<'a> FileCtx<'a> {
    pub fn new(lang: Lang, path: &'a str, imports: &[Import], ws: &Workspace) -> FileCtx<'a> {
        let mut ctx = FileCtx {
            lang,
            path,
            bindings: HashMap::new(),
            star: Vec::new(),
        };
        for imp in imports {
            match lang {
                Lang::Python => {
                    let Some(stems) = ws.py_module_stems(&imp.module, path) else {
                        continue;
                    };
                    match (&imp.member, &imp.alias) {
                        (Some(m), _) if m == "*" => ctx.star.push(Binding::PyModule(stems)),
                        (Some(m), alias) => {
                            let name = alias.clone().unwrap_or_else(|| m.clone());
                            ctx.bindings
                                .insert(name, Binding::PyMember(stems, m.clone()));
                        }
                        (None, Some(alias)) => {
                            ctx.bindings.insert(alias.clone(), Binding::PyModule(stems));
                        }
                        (None, None) => {
                            // `import a.b.c` binds `a`.
                            let first = imp.module.split('.').next().unwrap_or("").to_string();
                            let stems = ws.py_module_stems(&first, path).unwrap_or_default();
                            ctx.bindings
                                .entry(first)
                                .or_insert(Binding::PyModule(stems));
                        }
                    }
                }
                Lang::Go => {
                    let binding = match ws.go_package_dir(&imp.module, path) {
                        Some(dir) => Binding::GoPackage(dir),
                        None => Binding::External(imp.module.clone()),
                    };
                    let name = match imp.alias.as_deref() {
                        Some("_") => continue,
                        Some(".") => {
                            ctx.star.push(binding);
                            continue;
                        }
                        Some(a) => a.to_string(),
                        None => match &binding {
                            Binding::GoPackage(d) => ws
                                .go_package_name(d)
                                .map(str::to_string)
                                .unwrap_or_else(|| go_default_name(&imp.module)),
                            _ => go_default_name(&imp.module),
                        },
                    };
                    ctx.bindings.insert(name, binding);
                }
            }
        }
        ctx
    }

    /// The edge for one import statement's binding.
    pub fn import_edge(&self, imp: &Import, ws: &Workspace) -> ImportEdge {
        let lang = self.lang;
        match lang {
            Lang::Python => {
                let name = match imp.member.as_deref() {
                    None | Some("*") => imp.module.clone(),
                    Some(m) if imp.module.ends_with('.') => format!("{}{m}", imp.module),
                    Some(m) => format!("{}.{m}", imp.module),
                };
                let stems = ws.py_module_stems(&imp.module, self.path);
                let file = stems.as_ref().and_then(|stems| {
                    stems.iter().find_map(|stem| {
                        // `from pkg import sub`: the submodule when there is one.
                        imp.member
                            .as_ref()
                            .filter(|m| *m != "*")
                            .and_then(|m| ws.py_module_file(&join_path(stem, m)))
                            .or_else(|| ws.py_module_file(stem))
                    })
                });
                match file {
                    Some(f) => ImportEdge {
                        target: Some(NodeId::file_id(lang, &f)),
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
                            lang,
                            imp.module.split('.').next().unwrap_or(&imp.module),
                        )),
                        target_name: name,
                        resolution: Resolution::Import,
                    },
                }
            }
            Lang::Go => match ws.go_package_dir(&imp.module, self.path) {
                Some(dir) => ImportEdge {
                    target: Some(NodeId::package_id(lang, &dir)),
                    target_name: imp.module.clone(),
                    resolution: Resolution::Import,
                },
                None => ImportEdge {
                    target: Some(NodeId::external_id(lang, &imp.module)),
                    target_name: imp.module.clone(),
                    resolution: Resolution::Import,
                },
            },
        }
    }
}

/// The package name Go assumes for an import path outside the workspace: its last element,
/// without a `.vN` major-version suffix or a `go-` prefix.
fn go_default_name(path: &str) -> String {
    let mut parts = path.rsplit('/');
    let mut last = parts.next().unwrap_or(path);
    if last.len() > 1 && last.starts_with('v') && last[1..].chars().all(|c| c.is_ascii_digit()) {
        last = parts.next().unwrap_or(last);
    }
    let last = last.split('.').next().unwrap_or(last);
    last.trim_start_matches("go-").replace('-', "_")
}

/// What became of a reference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Edge(Option<String>, Resolution),
    /// A call to a language builtin: no edge.
    Drop,
}

/// A reference to resolve, independent of where it came from (fresh extraction or a stored edge).
pub struct Ref<'a> {
    pub kind: EdgeKind,
    pub target: &'a str,
    pub hint: Option<&'a str>,
    /// The qualname of the symbol the reference sits in (`None`: the file).
    pub source_qual: Option<&'a str>,
}

pub fn resolve_ref(
    ctx: &FileCtx<'_>,
    ws: &Workspace,
    idx: &dyn SymbolIndex,
    r: &Ref<'_>,
) -> Outcome {
    let segs: Vec<&str> = r.target.split('.').collect();
    if segs.iter().any(|s| s.is_empty()) {
        return Outcome::Edge(None, Resolution::Unresolved);
    }
    let want = |k: Kind| match r.kind {
        EdgeKind::Extends => k.is_type_like(),
        _ => k.is_callable(),
    };
    match ctx.lang {
        Lang::Python => resolve_python(ctx, ws, idx, r, &segs, &want),
        Lang::Go => resolve_go(ctx, idx, r, &segs, &want),
    }
}

fn unique(idx: &dyn SymbolIndex, lang: Lang, leaf: &str, want: &dyn Fn(Kind) -> bool) -> Outcome {
    match idx.unique_by_name(lang, leaf, want) {
        Some(s) => Outcome::Edge(Some(s.node_id), Resolution::Unique),
        None => Outcome::Edge(None, Resolution::Unresolved),
    }
}

fn resolve_python(
    ctx: &FileCtx<'_>,
    ws: &Workspace,
    idx: &dyn SymbolIndex,
    r: &Ref<'_>,
    segs: &[&str],
    want: &dyn Fn(Kind) -> bool,
) -> Outcome {
    let lang = Lang::Python;
    let leaf = segs[segs.len() - 1];
    if segs[0] == "?" {
        return unique(idx, lang, leaf, want);
    }
    if let (Some(h), true) = (r.hint, segs.len() >= 2) {
        let q = format!("{h}.{}", segs[1..].join("."));
        if let Some(s) = idx.in_file(lang, ctx.path, &q) {
            return Outcome::Edge(Some(s.node_id), Resolution::Local);
        }
        return unique(idx, lang, leaf, &|k| k == Kind::Method);
    }
    // Enclosing scopes, innermost first, then the module.
    let mut scopes: Vec<String> = Vec::new();
    if let Some(sq) = r.source_qual {
        let parts: Vec<&str> = sq.split('.').collect();
        for n in (1..=parts.len()).rev() {
            scopes.push(format!("{}.{}", parts[..n].join("."), r.target));
        }
    }
    scopes.push(r.target.to_string());
    for q in &scopes {
        if let Some(s) = idx.in_file(lang, ctx.path, q) {
            return Outcome::Edge(Some(s.node_id), Resolution::Local);
        }
    }
    if let Some(b) = ctx.bindings.get(segs[0]) {
        return match b {
            Binding::PyModule(stems) => py_through_module(ws, idx, stems, &segs[1..]),
            Binding::PyMember(stems, member) => {
                let mut rest = vec![member.as_str()];
                rest.extend_from_slice(&segs[1..]);
                py_through_module(ws, idx, stems, &rest)
            }
            _ => Outcome::Edge(None, Resolution::Unresolved),
        };
    }
    if segs.len() == 1 {
        for b in &ctx.star {
            if let Binding::PyModule(stems) = b {
                if let Outcome::Edge(Some(t), res) = py_through_module(ws, idx, stems, segs) {
                    return Outcome::Edge(Some(t), res);
                }
            }
        }
        if lang.is_builtin(segs[0]) {
            return Outcome::Drop;
        }
    }
    unique(idx, lang, leaf, want)
}

/// `rest` looked up through a module: submodules first (`a.b.c` may be a package path), then
/// the qualname inside the deepest module file found.
fn py_through_module(
    ws: &Workspace,
    idx: &dyn SymbolIndex,
    stems: &[String],
    rest: &[&str],
) -> Outcome {
    for stem in stems {
        let mut stem = stem.clone();
        let mut i = 0;
        while i < rest.len() {
            let next = join_path(&stem, rest[i]);
            if ws.py_module_file(&next).is_some() {
                stem = next;
                i += 1;
            } else {
                break;
            }
        }
        let Some(file) = ws.py_module_file(&stem) else {
            continue;
        };
        if i == rest.len() {
            return Outcome::Edge(
                Some(NodeId::file_id(Lang::Python, &file)),
                Resolution::Import,
            );
        }
        let q = rest[i..].join(".");
        return match idx.in_file(Lang::Python, &file, &q) {
            Some(s) => Outcome::Edge(Some(s.node_id), Resolution::Import),
            None => Outcome::Edge(None, Resolution::Unresolved),
        };
    }
    Outcome::Edge(None, Resolution::Unresolved)
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

fn resolve_go(
    ctx: &FileCtx<'_>,
    idx: &dyn SymbolIndex,
    r: &Ref<'_>,
    segs: &[&str],
    want: &dyn Fn(Kind) -> bool,
) -> Outcome {
    let lang = Lang::Go;
    let dir = parent_dir(ctx.path);
    let leaf = segs[segs.len() - 1];
    let methods = |k: Kind| k == Kind::Method;
    if segs[0] == "?" {
        return unique(idx, lang, leaf, &methods);
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
        if let Some(o) = in_package(&format!("{h}.{}", segs[1])) {
            return o;
        }
        return unique(idx, lang, leaf, &methods);
    }
    if segs.len() == 1 {
        if let Some(o) = in_package(segs[0]) {
            return o;
        }
        for b in &ctx.star {
            if let Binding::GoPackage(d) = b {
                if let Some(s) = pick_in_package(idx.in_dir(lang, d, segs[0])) {
                    return Outcome::Edge(Some(s.node_id), Resolution::Import);
                }
            }
        }
        if lang.is_builtin(segs[0]) {
            return Outcome::Drop;
        }
        // A bare name that is not package-level is a local variable or parameter.
        return Outcome::Edge(None, Resolution::Unresolved);
    }
    match ctx.bindings.get(segs[0]) {
        Some(Binding::GoPackage(d)) => {
            let q = segs[1..].join(".");
            match pick_in_package(idx.in_dir(lang, d, &q)) {
                Some(s) => Outcome::Edge(Some(s.node_id), Resolution::Import),
                None => Outcome::Edge(None, Resolution::Unresolved),
            }
        }
        Some(_) => Outcome::Edge(None, Resolution::Unresolved),
        None => {
            // `T.Method` as a method expression, or a value's method.
            if segs.len() == 2 {
                if let Some(o) = in_package(&segs.join(".")) {
                    return o;
                }
            }
            if r.kind == EdgeKind::Extends {
                return unique(idx, lang, leaf, want);
            }
            unique(idx, lang, leaf, &methods)
        }
    }
}

/// A Go type or interface with its method set, for `implements`.
#[derive(Debug, Clone)]
pub struct MethodSet {
    pub node_id: String,
    pub methods: Vec<(String, u32)>,
}

/// `implements` edges: each concrete type whose method set covers an interface's (names and
/// parameter counts). Interfaces with no methods are left out: everything implements them.
pub fn implements(types: &[MethodSet], ifaces: &[MethodSet]) -> Vec<(String, String)> {
    let mut by_method: HashMap<(&str, u32), Vec<usize>> = HashMap::new();
    for (i, t) in types.iter().enumerate() {
        for (m, p) in &t.methods {
            by_method.entry((m.as_str(), *p)).or_default().push(i);
        }
    }
    let mut out = Vec::new();
    for iface in ifaces {
        if iface.methods.is_empty() {
            continue;
        }
        // Start from the rarest method.
        let Some(cands) = iface
            .methods
            .iter()
            .map(|(m, p)| by_method.get(&(m.as_str(), *p)))
            .min_by_key(|c| c.map_or(0, |v| v.len()))
            .flatten()
        else {
            continue;
        };
        for &ti in cands {
            let t = &types[ti];
            if t.node_id == iface.node_id {
                continue;
            }
            let set: HashSet<(&str, u32)> =
                t.methods.iter().map(|(m, p)| (m.as_str(), *p)).collect();
            if iface
                .methods
                .iter()
                .all(|(m, p)| set.contains(&(m.as_str(), *p)))
            {
                out.push((t.node_id.clone(), iface.node_id.clone()));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ws(files: &[&str], go: &[(&str, &str)], mods: &[(&str, &str)]) -> Workspace {
        Workspace::new(
            files.iter().map(|s| s.to_string()),
            go.iter()
                .map(|(d, n)| (d.to_string(), Some(n.to_string())))
                .collect(),
            &mods
                .iter()
                .map(|(d, t)| (d.to_string(), t.to_string()))
                .collect::<Vec<_>>(),
            &[],
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
            idx.add_file(*lang, file, &[((*qual).into(), *kind)]);
        }
        idx.finish();
        idx
    }

    fn imp(module: &str, member: Option<&str>, alias: Option<&str>) -> Import {
        Import {
            module: module.into(),
            member: member.map(Into::into),
            alias: alias.map(Into::into),
            pos: Default::default(),
        }
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
        let call = |ctx: &FileCtx<'_>, t: &str, src: Option<&str>| {
            resolve_ref(
                ctx,
                &w,
                &idx,
                &Ref {
                    kind: EdgeKind::Calls,
                    target: t,
                    hint: None,
                    source_qual: src,
                },
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
            Outcome::Edge(None, Resolution::Unresolved)
        );
        assert_eq!(
            call(&ctx, "only_here", None),
            e("py:pkg/b.py#only_here", Resolution::Unique)
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
            e("py:pkg/a.py#Base.run", Resolution::Unique)
        );
        let selfcall = resolve_ref(
            &ctx,
            &w,
            &idx,
            &Ref {
                kind: EdgeKind::Calls,
                target: "self.run",
                hint: Some("Base"),
                source_qual: Some("Base.x"),
            },
        );
        assert_eq!(selfcall, e("py:pkg/a.py#Base.run", Resolution::Unique));

        let edge = |i: &Import| ctx.import_edge(i, &w);
        assert_eq!(edge(&imports[0]).target.as_deref(), Some("py:pkg/a.py"));
        assert_eq!(edge(&imports[2]).target.as_deref(), Some("py:pkg/sub/c.py"));
        assert_eq!(edge(&imports[3]).target.as_deref(), Some("py:ext:requests"));
        assert_eq!(edge(&imports[4]).target.as_deref(), Some("py:pkg/a.py"));
        let up = FileCtx::new(Lang::Python, "main.py", &[], &w);
        assert_eq!(up.import_edge(&imp("..x", None, None), &w).target, None);
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
                    source_qual: Some("Server.Run"),
                },
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
            Outcome::Edge(None, Resolution::Unresolved),
            "two OS variants"
        );
        assert_eq!(
            call("fmt.Println", None),
            Outcome::Edge(None, Resolution::Unresolved)
        );
        assert_eq!(call("append", None), Outcome::Drop);
        assert_eq!(
            call("x.Serve", None),
            e("go:srv/b.go#Server.Serve", Resolution::Unique)
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
            w.go_package_dir("net/http", "x/y.go").as_deref(),
            Some("net/http")
        );
        assert_eq!(
            w.go_package_dir("golang.org/x/net/idna", "net/http/a.go")
                .as_deref(),
            Some("vendor/golang.org/x/net/idna")
        );
        assert_eq!(
            w.go_package_dir("cmd/internal/obj", "cmd/go/main.go")
                .as_deref(),
            Some("cmd/internal/obj")
        );
        assert_eq!(w.go_package_dir("github.com/x/y", "net/http/a.go"), None);
        assert_eq!(go_default_name("gopkg.in/yaml.v3"), "yaml");
        assert_eq!(go_default_name("github.com/x/go-foo/v2"), "foo");
    }

    #[test]
    fn implements_by_method_sets() {
        let t = |id: &str, ms: &[(&str, u32)]| MethodSet {
            node_id: id.into(),
            methods: ms.iter().map(|(m, p)| (m.to_string(), *p)).collect(),
        };
        let types = [
            t("T1", &[("Read", 1), ("Close", 0)]),
            t("T2", &[("Read", 1)]),
            t("T3", &[("Read", 2), ("Close", 0)]),
        ];
        let ifaces = [
            t("Reader", &[("Read", 1)]),
            t("ReadCloser", &[("Read", 1), ("Close", 0)]),
            t("Any", &[]),
        ];
        let got = implements(&types, &ifaces);
        let want: Vec<(String, String)> =
            [("T1", "ReadCloser"), ("T1", "Reader"), ("T2", "Reader")]
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect();
        assert_eq!(got, want);
    }
}
