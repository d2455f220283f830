//! What resolution works with, shared by the resolver and every language's rules: the
//! symbol index, the workspace's layout, a file's import bindings, references and their
//! outcomes, and the [`Resolver`] trait each language implements.

use crate::lang::Lang;
use crate::model::{EdgeKind, FactRole, Import, Kind, Resolution};
use crate::walk::parent_dir;
use std::any::{Any, TypeId};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// A symbol found by a lookup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SymRef {
    pub node_id: String,
    pub kind: Kind,
    pub file: String,
}

impl SymRef {
    /// The qualname its node ID carries (`""` for a file or package node).
    pub fn qualname(&self) -> &str {
        self.node_id.split_once('#').map_or("", |(_, q)| q)
    }
}

/// Symbol lookups the resolver needs.
pub trait SymbolIndex {
    /// Symbols with this qualname in any file of `dir` (a Go package, or one Python file's
    /// directory when filtered by file).
    fn in_dir(&self, lang: Lang, dir: &str, qualname: &str) -> Vec<SymRef>;
    /// Every workspace symbol with this name.
    fn by_name(&self, lang: Lang, name: &str) -> Vec<SymRef>;
    /// The type expressions a file states for one of its qualnames, in order.
    fn facts(&self, lang: Lang, file: &str, qualname: &str, role: FactRole) -> Vec<String>;
    /// A file's imports (to read its type expressions in its own scope).
    fn imports_of(&self, lang: Lang, file: &str) -> Vec<Import>;
    /// The map's number for a node ID this index holds (a definition or a file node), when it
    /// knows one without asking the map; the writer numbers the rest.
    fn number(&self, _node_id: &str) -> Option<i64> {
        None
    }

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

/// What a called name means: `found` (qualname `q`), unless it is a field and `q~2`, as
/// `second` looks it up, is callable (Rust: a method named as its type's field).
pub(crate) fn called(
    found: Option<SymRef>,
    call: bool,
    q: &str,
    second: impl FnOnce(&str) -> Option<SymRef>,
) -> Option<SymRef> {
    match found {
        Some(s) if call && !s.kind.is_callable() => second(&format!("{q}~2"))
            .filter(|m| m.kind.is_callable())
            .or(Some(s)),
        o => o,
    }
}

/// The only item, or `None` when there are none or several.
pub(crate) fn single<T>(mut it: impl Iterator<Item = T>) -> Option<T> {
    let first = it.next()?;
    it.next().is_none().then_some(first)
}

/// A project file the walk found: its directory (workspace-relative, '' for the root), file
/// name and text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Manifest {
    pub dir: String,
    pub name: String,
    pub text: String,
}

/// The layout of the workspace: which files and packages exist, module manifests, source roots.
/// The language resolvers read it; how each language finds its modules is in its resolver.
#[derive(Default, Clone)]
pub struct Layout {
    pub(crate) files: HashSet<String>,
    /// Package directories (for languages with package nodes) → package name, when known.
    pub(crate) packages: HashMap<String, Option<String>>,
    /// Each language's own reading of the project files ([`Resolver::layout`]), by its type:
    /// Go's modules, Python's source roots, TypeScript's path aliases, Rust's crates.
    pub(crate) facts: Vec<(TypeId, Arc<dyn Any + Send + Sync>)>,
    /// Files whose language their text decided, not their extension (a C++ `.h`:
    /// `Lang::of_text`).
    pub(crate) langs: HashMap<String, Lang>,
}

impl std::fmt::Debug for Layout {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Layout")
            .field("files", &self.files.len())
            .field("packages", &self.packages.len())
            .field("facts", &self.facts.len())
            .finish()
    }
}

impl Layout {
    /// The language of a workspace file: the walker's decision where its text decided it,
    /// else its extension's.
    pub fn lang_of(&self, path: &str) -> Option<Lang> {
        self.langs
            .get(path)
            .copied()
            .or_else(|| Lang::of_path(std::path::Path::new(path)))
    }

    /// Files whose text decided their language, with it.
    pub fn set_langs(&mut self, langs: HashMap<String, Lang>) {
        self.langs = langs;
    }

    /// A language's facts of type `T`, when its resolver read any.
    pub(crate) fn facts<T: Any>(&self) -> Option<&T> {
        let want = TypeId::of::<T>();
        self.facts
            .iter()
            .find(|(t, _)| *t == want)
            .and_then(|(_, f)| f.downcast_ref::<T>())
    }

    /// Every source file.
    pub fn files(&self) -> impl Iterator<Item = &str> {
        self.files.iter().map(String::as_str)
    }

    pub fn has_file(&self, f: &str) -> bool {
        self.files.contains(f)
    }

    /// Directories that are packages.
    pub fn package_dirs(&self) -> impl Iterator<Item = &str> {
        self.packages.keys().map(String::as_str)
    }

    pub fn is_package_dir(&self, dir: &str) -> bool {
        self.packages.contains_key(dir)
    }

    pub fn package_name(&self, dir: &str) -> Option<&str> {
        self.packages.get(dir).and_then(|n| n.as_deref())
    }
}

pub(crate) fn join_path(a: &str, b: &str) -> String {
    match (a.is_empty(), b.is_empty()) {
        (true, _) => b.to_string(),
        (_, true) => a.to_string(),
        _ => format!("{a}/{b}"),
    }
}

/// What a name bound by an import stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Binding {
    /// A module, as candidate path stems.
    Module(Vec<String>),
    /// A member of a module (`from m import member`).
    Member(Vec<String>, String),
    /// A package directory in the workspace.
    Package(String),
    /// Outside the workspace.
    External(String),
}

/// What resolution needs to know about the file a reference is in.
pub struct FileCtx {
    pub lang: Lang,
    pub path: String,
    pub(crate) bindings: HashMap<String, Binding>,
    /// Modules or packages whose names are all imported (`from m import *`, `import . "p"`).
    pub(crate) star: Vec<Binding>,
    /// What the language's resolver works out once per file and reads for each of its
    /// references (C: the headers the file sees through its includes).
    pub(crate) memo: std::sync::OnceLock<Box<dyn std::any::Any + Send + Sync>>,
}

/// A name an import binds: `name` stands for `module`, or for its `member`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportName {
    pub name: String,
    pub module: String,
    pub member: Option<String>,
}

/// The resolved form of an import: the `imports` edge's target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportEdge {
    pub target: Option<String>,
    pub target_name: String,
    pub resolution: Resolution,
}

/// How one language turns imports and references into edges. One per language, in its
/// folder (`lang/<name>/resolve.rs`); `resolve::langs::resolver` is the registry's entry.
pub(crate) trait Resolver: Sync {
    /// Record the names one import binds.
    fn bind(&self, ctx: &mut FileCtx, imp: &Import, ws: &Layout);
    /// The name an import binds and what it stands for, as far as the import alone tells
    /// (no workspace: what an import from outside it binds). `None` for one that binds no name
    /// (`import _ "p"`, `from m import *`).
    fn import_name(&self, imp: &Import) -> Option<ImportName>;
    /// Whether a name this import binds is one the module hands on to its own importers
    /// (Python: every import binds a module attribute; `__init__.py` re-exports so). What
    /// such an import changes is followed outwards by an incremental run (`index::Handed`).
    fn hands_on(&self, _imp: &Import) -> bool {
        false
    }
    /// The edge for one import statement's binding.
    fn import_edge(&self, ctx: &FileCtx, imp: &Import, ws: &Layout) -> ImportEdge;
    /// What the language reads from the workspace's files and project files before
    /// resolving (Go's modules from `go.mod`), kept in [`Layout`] by its type and read back
    /// with [`Layout::facts`]. Resolvers that share a type share one reading.
    /// `ws` holds the files and package directories (its facts are being read).
    fn layout(&self, _ws: &Layout, _manifests: &[Manifest]) -> Option<Arc<dyn Any + Send + Sync>> {
        None
    }
    /// A call of an extension (Kotlin: `x.m()` of `fun T.m()`): one the file imports by name,
    /// whatever `x` is, else one of the file's package for `x`'s type (`hint`) when known.
    /// Tried first when the receiver's type is not known (`hint` is `None`); after its type's
    /// members when it is, as a member wins over an extension of its name. `None` leaves the
    /// reference to the other rules.
    fn extension(
        &self,
        _ctx: &FileCtx,
        _ws: &Layout,
        _idx: &dyn SymbolIndex,
        _hint: Option<&str>,
        _segs: &[&str],
    ) -> Option<Outcome> {
        None
    }
    /// The language's name rules for a reference whose target splits into `segs` (none
    /// empty): scopes, the package, imports. `None` when they do not decide; the types the
    /// code states are tried next (`types::walk`), then [`Resolver::fallback`].
    fn direct(
        &self,
        ctx: &FileCtx,
        ws: &Layout,
        idx: &dyn SymbolIndex,
        r: &Ref<'_>,
        segs: &[&str],
    ) -> Option<Outcome>;
    /// What module `file` (of language `lang`) gives for `name` when a value reached it
    /// (`m.name` once `m` is known to be that module): its definition of `name`, or what the
    /// language lets a module hand on (Python's re-exports).
    fn module_member(
        &self,
        _ws: &Layout,
        idx: &dyn SymbolIndex,
        lang: Lang,
        file: &str,
        name: &str,
    ) -> Option<SymRef> {
        idx.in_file(lang, file, name)
    }
    /// What a reference neither the name rules nor the types decide becomes.
    fn fallback(
        &self,
        _ctx: &FileCtx,
        _ws: &Layout,
        _idx: &dyn SymbolIndex,
        _r: &Ref<'_>,
        _segs: &[&str],
        _want: &dyn Fn(Kind) -> bool,
    ) -> Outcome {
        Outcome::Edge(None, Resolution::Unresolved)
    }
    /// The node a resolved call with `args` arguments goes to in the end (C++: a method's
    /// declaration in its class → its one out-of-line definition); `None` when the call
    /// cannot be to it (C++: more arguments than it takes, `close(fd)` in a method of a
    /// class whose `close()` takes none).
    fn settle(&self, _idx: &dyn SymbolIndex, id: String, _args: Option<u16>) -> Option<String> {
        Some(id)
    }
    /// The definition a reference in file `from` means among those of one qualname in a
    /// package's files ([`SymbolIndex::in_dir`], which lists them in no fixed order): the
    /// only one, unless the language says how one is chosen. `None` when it is ambiguous:
    /// never the first.
    fn pick_in_package(
        &self,
        _idx: &dyn SymbolIndex,
        hits: Vec<SymRef>,
        _from: &str,
    ) -> Option<SymRef> {
        single(hits.into_iter())
    }
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
    /// A call's number of arguments, when known (`Language::overloads`).
    pub args: Option<u16>,
    /// A call's argument types, as far as the parse tells them (`RawRef::arg_types`).
    pub arg_types: Option<&'a str>,
    /// The qualname of the symbol the reference sits in (`None`: the file).
    pub source_qual: Option<&'a str>,
}

/// A reference whose first name's type the extractor found (`hint`: `self.m` in the class
/// itself, a typed local's class), looked up in the file itself; `None` leaves it to the types
/// (`super`, another file, bases). Call when there is a hint and two names or more.
pub(crate) fn hinted(
    lang: Lang,
    ctx: &FileCtx,
    idx: &dyn SymbolIndex,
    hint: &str,
    segs: &[&str],
) -> Option<Outcome> {
    if lang.spec().super_call == Some(segs[0]) {
        return None;
    }
    let res = if lang.spec().self_names.contains(&segs[0]) {
        Resolution::Local
    } else {
        Resolution::Inferred
    };
    let hint = hint.strip_prefix(crate::model::CONST).unwrap_or(hint);
    let q = format!("{hint}.{}", segs[1..].join("."));
    idx.in_file(lang, &ctx.path, &q)
        .map(|s| Outcome::Edge(Some(s.node_id), res))
}

/// A name through the enclosing scopes of the reference, innermost first, then the file's
/// top level (`local`).
pub(crate) fn in_scopes(
    lang: Lang,
    ctx: &FileCtx,
    idx: &dyn SymbolIndex,
    r: &Ref<'_>,
) -> Option<Outcome> {
    scoped(lang, ctx, idx, r.source_qual, r.target)
        .map(|s| Outcome::Edge(Some(s.node_id), Resolution::Local))
}

/// The symbol `name` (a qualname's tail) names in the file: through the scopes around
/// `source_qual`, innermost first, then the file's top level. A class (or an object: `res`
/// of `res.send = function …`) around a function is
/// no scope of its body where a bare name is no member (`Language::implicit_self` false:
/// Python's `cell_len(x)` in a method of `Text` is the module's `cell_len`, not the method
/// `Text.cell_len`; JavaScript's, Rust's and Go's alike); its own body is.
pub(crate) fn scoped(
    lang: Lang,
    ctx: &FileCtx,
    idx: &dyn SymbolIndex,
    source_qual: Option<&str>,
    name: &str,
) -> Option<SymRef> {
    let parts: Vec<&str> = source_qual.map_or(Vec::new(), |sq| sq.split('.').collect());
    let members_seen = lang.spec().implicit_self;
    // The scope `parts[..n]`'s symbol of the name; its kind is looked up only on a hit (this
    // runs for every bare name the indexer resolves).
    let in_scope = |n: usize| -> Option<SymRef> {
        let scope = parts[..n].join(".");
        let q = format!("{scope}.{name}");
        if is_constructor(&q) {
            return None;
        }
        let s = idx.in_file(lang, &ctx.path, &q)?;
        // An object's members are no bare names in its methods either (express:
        // `send(req, …)` in `res.sendFile`, the `send` module, was `res.send`).
        let class_around = !members_seen
            && n < parts.len()
            && idx.in_file(lang, &ctx.path, &scope).is_some_and(|c| {
                c.kind.is_type_like()
                    || matches!(c.kind, Kind::Variable | Kind::Constant | Kind::Field)
            });
        (!class_around).then_some(s)
    };
    (1..=parts.len())
        .rev()
        .find_map(in_scope)
        .or_else(|| idx.in_file(lang, &ctx.path, name))
}

/// A qualname whose last name is its scope's (`A.A`, `A.A~2`): a constructor (Java, C++).
/// Looked up from inside the class, the name is the class's.
pub(crate) fn is_constructor(q: &str) -> bool {
    let mut it = q.rsplit('.');
    match (it.next(), it.next()) {
        (Some(last), Some(scope)) => crate::syntax::segment_base(last) == scope,
        _ => false,
    }
}

/// The types around a reference, innermost first (`A.B` then `A` for a reference in
/// `A.B.m`): where a bare name that is an inherited member is looked for
/// (`Language::implicit_self`).
pub(crate) fn enclosing_types(
    lang: Lang,
    ctx: &FileCtx,
    idx: &dyn SymbolIndex,
    r: &Ref<'_>,
) -> Vec<String> {
    let Some(sq) = r.source_qual else {
        return Vec::new();
    };
    let parts: Vec<&str> = sq.split('.').collect();
    (1..=parts.len())
        .rev()
        .map(|n| parts[..n].join("."))
        .filter(|q| match idx.in_file(lang, &ctx.path, q) {
            Some(s) => s.kind.is_type_like(),
            // A scope the file does not define: an out-of-line method's class (C++'s
            // `void A::f() {}`), declared in a header.
            None => true,
        })
        .collect()
}

pub(crate) fn unique(
    idx: &dyn SymbolIndex,
    lang: Lang,
    leaf: &str,
    want: &dyn Fn(Kind) -> bool,
) -> Outcome {
    match idx.unique_by_name(lang, leaf, want) {
        Some(s) => Outcome::Edge(Some(s.node_id), Resolution::Unique),
        None => Outcome::Edge(None, Resolution::Unresolved),
    }
}

/// A `params` fact read (`FactRole::Params`): the fewest arguments a function takes and the
/// most (`None`: any more). `2` → (2, 2); `2+` → (2, any); `1-3` → (1, 3); the parameters'
/// type names after a space are left to [`param_types`]. Pure.
/// A `params` fact's parameter type names (`1 KeepCommand` → `["KeepCommand"]`; `` for one
/// not stated), empty when it names none. Pure.
pub(crate) fn param_types(p: &str) -> Vec<&str> {
    p.split_once(' ')
        .map(|(_, t)| t.split(',').collect())
        .unwrap_or_default()
}

pub(crate) fn arity(p: &str) -> Option<(u16, Option<u16>)> {
    let p = p.split(' ').next().unwrap_or(p);
    if let Some(k) = p.strip_suffix('+') {
        return Some((k.parse().ok()?, None));
    }
    if let Some((k, n)) = p.split_once('-') {
        return Some((k.parse().ok()?, Some(n.parse().ok()?)));
    }
    let n = p.parse().ok()?;
    Some((n, Some(n)))
}
