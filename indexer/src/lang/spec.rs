//! What a language module declares: its [`Language`] description (identity, files, grammar,
//! query, builtins, map rules, language server) and its [`Syntax`] rules, the hooks the
//! extractor calls where languages differ. Depends only on the model and tree-sitter, so the
//! language modules (and the registry in `lang`) sit below the extractor and the resolver.

use crate::model::{EdgeKind, Import, Kind};
use tree_sitter::Node;

/// Everything codemap knows about one language, declared once in its folder. Made with
/// [`Language::new`] (what every language has) and struct update: a language states only the
/// fields where it differs from the defaults `new` gives.
pub struct Language {
    /// The language's name for people ("Python").
    pub name: &'static str,
    /// The prefix in node IDs and in the `files.lang` column ("py").
    pub prefix: &'static str,
    /// File extensions, without the dot.
    pub extensions: &'static [&'static str],
    /// Another language's extensions this one takes when the file's text says so (C++'s
    /// `.h` whose top level has C++-only syntax): the extension and the pure test of the
    /// file's first bytes ([`crate::lang::Lang::of_text`]).
    pub claims: &'static [(&'static str, Sniff)],
    /// Project files that change how imports resolve (`go.mod`), by file name.
    pub manifests: &'static [&'static str],
    /// Project files that make their directory a project of the workspace, each with its
    /// reader (`go.mod`: the module path; `go.work`: its `use` lines). Walked like
    /// `manifests`; read by `indexer::project` (pure).
    pub projects: &'static [ProjectSpec],
    /// The tree-sitter grammar.
    pub grammar: fn() -> tree_sitter::Language,
    /// Grammars for some extensions in place of `grammar` (TypeScript's `.tsx`).
    pub dialects: &'static [(&'static str, Grammar)],
    /// Directories never walked, by name (`node_modules`), or by their last parts when the
    /// entry has several (`vendor/bundle`): installed packages, build output.
    pub skip_dirs: &'static [&'static str],
    /// Directories never walked because they hold one of these files: a build tree (CMake's
    /// `CMakeCache.txt` beside its copies of sources and its `compiler_depend.ts`, which is
    /// no TypeScript).
    pub skip_marked: &'static [&'static str],
    /// The query file's path under `indexer/src` and its text (embedded at build time).
    pub query_file: &'static str,
    pub query: &'static str,
    /// Names that are builtins, sorted: a call to one that resolves to nothing in the
    /// workspace is not recorded as an edge.
    pub builtins: &'static [&'static str],
    /// Names that stand for the enclosing class inside its methods (`self`, `cls`).
    pub self_names: &'static [&'static str],
    /// The call that stands for the enclosing class's bases (`super()`), if any.
    pub super_call: Option<&'static str>,
    /// The method a call of an instance runs (Python's `__call__`): `response(scope, …)` with
    /// `response` a local of a known class calls it (starlette's 13 calls of
    /// `Response.__call__`, which pyright's call hierarchy does not see either).
    pub call_operator: Option<&'static str>,
    /// Methods and functions are overloaded by their parameters (Java, C++): a call's
    /// argument count picks among definitions of one name (`m`, `m~2`).
    pub overloads: bool,
    /// A constant declared inside a type, with no type of its own written, is one of that
    /// type's values (Rust's enum variants, Java's enum constants): `ErrorKind::Io.msg(…)`
    /// calls `ErrorKind`'s `msg`. Not so where a class body's `X = 1` is a constant (Python).
    pub members_are_values: bool,
    /// The map does not read what a library's functions return (no declared types it sees):
    /// a method called on such a result may be the workspace's (Django's
    /// `get_object_or_404(Product, …).price()`), so the calls the resolver sent outside the
    /// workspace are candidates of a same-named workspace method too, beside the untyped
    /// ones (`nav_references`, `nav_rename`). Python, JavaScript, TypeScript, Ruby, PHP.
    pub library_results_untyped: bool,
    /// The files where a function is declared apart from its definition, two symbols of one
    /// qualname (C and C++'s headers: `void OnScalar(…) override;` in the header,
    /// `void EmitFromEvents::OnScalar(…) {…}` in the source): a map answer's symbol in such a
    /// file is not added beside the server's definition of its qualname.
    pub declared_apart: Option<fn(&str) -> bool>,
    /// A bare name in a method may be a member of its class or an outer one, inherited ones
    /// included (Java's `m()` is `this.m()` when no local or scope defines it).
    pub implicit_self: bool,
    /// A name bound again in the same scope is not a new definition (Python's variables).
    pub first_binding_defines: bool,
    /// Kinds of scope that a file may open again (Ruby's `class A … end` twice): the second
    /// opening is the first one's symbol, no `A~2`.
    pub reopens: &'static [Kind],
    /// Syntax nodes whose insides are local though they are no symbol (anonymous functions,
    /// callbacks, an object literal's methods): a definition inside one, and not inside a
    /// symbol inside it, is left out.
    pub local_scopes: &'static [&'static str],
    /// Syntax nodes whose arguments the grammar leaves as tokens (Rust's `macro_invocation`):
    /// collected during the walk and read again as code where they parse
    /// ([`Syntax::macro_args`]).
    pub macro_calls: &'static [&'static str],
    /// A type's methods may be declared in any file (Rust's `impl` blocks): a member not in
    /// the type's file is looked up by qualname elsewhere.
    pub impls_anywhere: bool,
    /// Methods of an optional value or a result (`Maybe(T)`) whose call gives the value
    /// (Rust's `unwrap`).
    pub unwrapping: &'static [&'static str],
    /// Methods that, unless a type defines them, give the value they are called on (Rust's
    /// `clone`, `as_ref`, `lock`).
    pub same_value: &'static [&'static str],
    /// Syntax nodes that end a local's scope (Go's blocks, `if`, `for`), innermost first;
    /// empty when a local lives until its function ends (Python).
    pub block_scopes: &'static [&'static str],
    /// Each directory of its files is a package node (`go:net/http/`).
    pub package_nodes: bool,
    /// Definitions of one name in one file are variants under `#if` (C) or `#[cfg]` (Rust):
    /// a build compiles one of them (`lsys_load`, `lsys_load~2`), a server reads only that
    /// one. `Some(where)`: where another variant is, for a warning.
    pub variants_in_file: Option<&'static str>,
    /// Whether the definition whose name is on `line` (1-based) of `text` is one build's
    /// variant (Rust: under a `#[cfg]`, its own or its `impl` block's); `None`: every
    /// same-file twin is (C's `#if`). Rust's `impl From<f32> for Value` beside `impl
    /// From<f64>` defines `Value.from` twice, both compiled.
    pub build_variant: Option<fn(&str, u32) -> bool>,
    /// Where a definition of the same name in another file of the package is, for a warning
    /// (Go: another build's file, a build tag); `None`: the language has no such variants.
    pub variants_apart: Option<&'static str>,
    /// A call through a receiver reaches a module's function only when the receiver is an
    /// imported module (Python's `httpx.get(`; `headers.get(` is a value's method).
    pub functions_through_imports: bool,
    /// A type's implementations are its impl blocks, not subtypes (it has none): the self
    /// type an impl's header names, read from the header's text from its trait on
    /// (`Sealed for IndexMap<K, V, S> {}` → `IndexMap`). `None`: a type's implementations
    /// are its subtypes.
    pub impl_self_type: Option<fn(&str) -> Option<String>>,
    /// `implements` edges come from method sets (names, parameter and result counts).
    pub implements_by_method_set: bool,
    /// How many results a method's signature (as the map stores it) declares, for method
    /// sets: chi's `Flush()` does not implement `interface { Flush() error }`. `None`: not
    /// compared.
    pub method_results: Option<fn(&str) -> u32>,
    /// The file stem that stands for its directory's module (`__init__`), if any.
    pub package_init: Option<&'static str>,
    /// How `map_changes` reads a declaration's text ([`TextRules`]).
    pub text: TextRules,
    /// Whether a file name (no directory) is test code (`_test.go`, `test_x.py`).
    pub is_test_file: fn(&str) -> bool,
    /// How the language's server is found, spoken to and understood.
    pub server: ServerSpec,
    /// The extraction rules where this language differs.
    pub syntax: &'static dyn Syntax,
    /// How its files and symbols appear in a SCIP export.
    pub scip: ScipSpec,
    /// How its build output and vendored code are told from source (`indexer::generated`).
    pub generated: GeneratedRules,
    /// Why a symbol no edge of the map reaches may still be reached, as its declaration says
    /// (`map_unused`): an entry point, exported API, an override, a hook. `None`: nothing
    /// says so, it is unused. Pure; table-tested in the language's folder.
    pub kept: fn(&Decl<'_>) -> Option<Kept>,
    /// Where the workspace's installed dependencies are (`site-packages`, `node_modules`, the
    /// Go module cache, the cargo registry): the library maps of `scope: "lib:NAME"`
    /// ([`crate::deps`]). `None`: not looked for yet.
    pub deps: Option<DepsSpec>,
}

/// How a language finds a workspace's installed dependencies ([`Language::deps`]).
pub struct DepsSpec {
    /// The registry the packages come from, the library cache's folder (`pypi`, `npm`).
    pub ecosystem: &'static str,
    /// The workspace root and the environment in; each dependency found, and where it
    /// looked. Reads the file system (directory listings and manifests) and nothing else.
    pub find: fn(&std::path::Path, &DepEnv) -> FoundDeps,
    /// The names a project's manifest at this folder declares as its dependencies (`go.mod`'s
    /// requires, `package.json`'s, `Cargo.toml`'s tables, `pyproject.toml`'s): what `map_deps`
    /// scoped to one project lists. `None` when the folder has no manifest read so; the
    /// language reads none at all when this is `None`.
    pub declared: Option<DeclaredFn>,
}

/// Reads the dependency names a project's manifest at a folder declares ([`DepsSpec::declared`]).
pub type DeclaredFn = fn(&std::path::Path) -> Option<Vec<String>>;

/// What dependency discovery reads from the environment (`crate::deps::env`); tests build
/// it by hand.
#[derive(Debug, Clone, Default)]
pub struct DepEnv {
    pub home: Option<std::path::PathBuf>,
    /// `$VIRTUAL_ENV`.
    pub virtual_env: Option<std::path::PathBuf>,
    /// `$GOMODCACHE`, else `$GOPATH/pkg/mod` (the language adds its default under `home`).
    pub gomodcache: Option<std::path::PathBuf>,
    /// `$CARGO_HOME`, else `~/.cargo`.
    pub cargo_home: Option<std::path::PathBuf>,
    /// `$GEM_HOME`, then each of `$GEM_PATH`.
    pub gem_paths: Vec<std::path::PathBuf>,
    /// Maven's local repository: `localRepository` of `~/.m2/settings.xml`, else
    /// `~/.m2/repository`.
    pub maven_repo: Option<std::path::PathBuf>,
    /// Gradle's home: `$GRADLE_USER_HOME`, else `~/.gradle`.
    pub gradle_home: Option<std::path::PathBuf>,
    /// The library maps' cache ([`lib_cache_dir`]): where an archive's code is unpacked.
    pub lib_cache: Option<std::path::PathBuf>,
    /// `$NUGET_PACKAGES`: NuGet's global packages folder when it is not `~/.nuget/packages`.
    pub nuget_packages: Option<std::path::PathBuf>,
}

/// The environment variables dependency discovery and the library cache read: the ones a
/// client sends the engine with each call ([`with_call_env`]), so that a long-lived engine
/// answers with the caller's environment, not its own first caller's.
pub const DEP_ENV_VARS: &[&str] = &[
    "HOME",
    "VIRTUAL_ENV",
    "GOMODCACHE",
    "GOPATH",
    "CARGO_HOME",
    "GEM_HOME",
    "GEM_PATH",
    "GRADLE_USER_HOME",
    "NUGET_PACKAGES",
    "CODEMAP_LIB_CACHE",
    "XDG_CACHE_HOME",
];

/// A caller's values of [`DEP_ENV_VARS`] (those it has set).
pub type CallEnv = std::collections::BTreeMap<String, String>;

thread_local! {
    static CALL_ENV: std::cell::RefCell<Option<CallEnv>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` with `env` as the environment [`DEP_ENV_VARS`] are read from on this thread (a
/// variable it lacks is unset for the call), instead of this process's.
pub fn with_call_env<R>(env: Option<CallEnv>, f: impl FnOnce() -> R) -> R {
    let old = CALL_ENV.with(|c| c.replace(env));
    struct Restore(Option<CallEnv>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let old = self.0.take();
            CALL_ENV.with(|c| *c.borrow_mut() = old);
        }
    }
    let _restore = Restore(old);
    f()
}

/// This process's values of [`DEP_ENV_VARS`]: what a client sends with its calls.
pub fn process_call_env() -> CallEnv {
    DEP_ENV_VARS
        .iter()
        .filter_map(|k| Some((k.to_string(), std::env::var(k).ok()?)))
        .collect()
}

/// A variable of [`DEP_ENV_VARS`], from the call's environment when one is set on this
/// thread, else the process's; empty is unset.
fn dep_var(k: &str) -> Option<std::path::PathBuf> {
    CALL_ENV
        .with(|c| match &*c.borrow() {
            Some(env) => env.get(k).map(std::ffi::OsString::from),
            None => std::env::var_os(k),
        })
        .filter(|v| !v.is_empty())
        .map(std::path::PathBuf::from)
}

/// The shared cache of library maps, from the environment: `$CODEMAP_LIB_CACHE`, else
/// `$XDG_CACHE_HOME/codemap/libs`, else `~/.cache/codemap/libs`.
pub fn lib_cache_dir() -> Option<std::path::PathBuf> {
    let var = dep_var;
    var("CODEMAP_LIB_CACHE")
        .or_else(|| var("XDG_CACHE_HOME").map(|c| c.join("codemap").join("libs")))
        .or_else(|| var("HOME").map(|h| h.join(".cache").join("codemap").join("libs")))
}

/// The folder of `name@version` of `ecosystem` in the library cache `cache`
/// (`<cache>/<ecosystem>/<name>@<version>`: its map, its lock, an archive's unpacked code);
/// `None` for a name or version that would lead out of it (`..`, absolute, NUL, backslash).
pub fn lib_dir(
    cache: &std::path::Path,
    ecosystem: &str,
    name: &str,
    version: &str,
) -> Option<std::path::PathBuf> {
    let ok = |s: &str| {
        !s.is_empty()
            && !s.starts_with('/')
            && !s.contains(['\\', '\0'])
            && s.split('/')
                .all(|seg| !seg.is_empty() && seg != "." && seg != "..")
    };
    if !ok(name) || !ok(version) || version.contains('/') {
        return None;
    }
    Some(cache.join(ecosystem).join(format!("{name}@{version}")))
}

/// `localRepository` of a Maven `settings.xml` (`${user.home}` replaced by `home`); `None`
/// when it names none or one with another `${...}`.
pub fn maven_local_repository(
    settings: &str,
    home: Option<&std::path::Path>,
) -> Option<std::path::PathBuf> {
    let a = settings.find("<localRepository>")? + "<localRepository>".len();
    let b = settings[a..].find("</localRepository>")?;
    let v = settings[a..a + b].trim();
    let v = match (v.strip_prefix("${user.home}"), home) {
        (Some(rest), Some(h)) => format!("{}{rest}", h.display()),
        _ => v.to_string(),
    };
    (!v.is_empty() && !v.contains("${")).then(|| std::path::PathBuf::from(v))
}

impl DepEnv {
    /// Read from the environment (`crate::deps::env`): the call's ([`with_call_env`]), else
    /// this process's.
    pub fn from_process() -> DepEnv {
        let var = dep_var;
        let home = var("HOME");
        // Without either, the module cache's default under the home is the language's to say.
        let gomodcache =
            var("GOMODCACHE").or_else(|| var("GOPATH").map(|g| g.join("pkg").join("mod")));
        let cargo_home = var("CARGO_HOME").or_else(|| home.as_ref().map(|h| h.join(".cargo")));
        let mut gem_paths: Vec<std::path::PathBuf> = var("GEM_HOME").into_iter().collect();
        if let Some(p) = var("GEM_PATH") {
            gem_paths.extend(std::env::split_paths(&p).filter(|p| !p.as_os_str().is_empty()));
        }
        let maven_repo = home.as_ref().map(|h| {
            std::fs::read_to_string(h.join(".m2").join("settings.xml"))
                .ok()
                .and_then(|t| maven_local_repository(&t, Some(h)))
                .unwrap_or_else(|| h.join(".m2").join("repository"))
        });
        let gradle_home =
            var("GRADLE_USER_HOME").or_else(|| home.as_ref().map(|h| h.join(".gradle")));
        DepEnv {
            home,
            virtual_env: var("VIRTUAL_ENV"),
            gomodcache,
            cargo_home,
            gem_paths,
            maven_repo,
            gradle_home,
            lib_cache: lib_cache_dir(),
            nuget_packages: var("NUGET_PACKAGES"),
        }
    }
}

/// One installed dependency: its name and version as its registry spells them, the
/// directory its code is in and, when that directory holds other packages too (Python's
/// `site-packages`), the entries of it that are this one's (`attr`, `attrs`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dep {
    pub name: String,
    pub version: String,
    pub dir: std::path::PathBuf,
    pub only: Vec<String>,
    /// The archive its code comes in (a Maven sources jar): `dir` is then the folder of the
    /// library cache it is unpacked into (`<lib_dir>/src`, by `libs::ensure`, with its map).
    pub archive: Option<std::path::PathBuf>,
    /// The file name its archive has (`jsoup-1.18.1-sources.jar`), set whether or not the
    /// archive is here: how a location a server gives in an archive
    /// ([`ServerSpec::archived`]) is matched to the dependency, so a missing archive's
    /// reason can be said.
    pub archive_name: Option<String>,
    /// Why its code is not there, and how to get it (a sources jar not downloaded): listed,
    /// never indexed.
    pub missing: Option<String>,
    /// The environment's own tooling, not the project's code (Python's pip and setuptools,
    /// which every virtual environment is made with): listed and indexed when named, left out
    /// of `--all`.
    pub tooling: bool,
}

impl Dep {
    /// A dependency whose code is in the folder `dir`.
    pub fn at(name: String, version: String, dir: std::path::PathBuf) -> Dep {
        Dep {
            name,
            version,
            dir,
            only: Vec::new(),
            archive: None,
            archive_name: None,
            missing: None,
            tooling: false,
        }
    }
}

/// A language's dependencies and the places it looked (said when it found none).
#[derive(Debug, Clone, Default)]
pub struct FoundDeps {
    pub deps: Vec<Dep>,
    pub looked: Vec<String>,
    /// What was seen and could not be read (a version only a build script computes): said,
    /// never guessed.
    pub unread: Vec<String>,
    /// Places not looked in at all (project roots past a cap): said with every list of
    /// these, which may miss what they hold.
    pub not_looked: Vec<String>,
}

/// A symbol as `map_unused` asks its language about it ([`Language::kept`]): what the map
/// holds of its declaration, and the source lines it is written on.
#[derive(Debug, Clone, Copy)]
pub struct Decl<'a> {
    pub kind: Kind,
    pub name: &'a str,
    pub qualname: &'a str,
    /// Its file, workspace-relative.
    pub path: &'a str,
    /// The kind of the symbol it is a member of; `None` at its file's top level.
    pub parent: Option<Kind>,
    /// The symbol it is a member of is exported API (its language kept it as
    /// [`Kept::Exported`]): a public member of it is API too.
    pub parent_exported: bool,
    /// The package its file states (Go's `package` clause), if the map records one.
    pub package: Option<&'a str>,
    /// Its file's directory holds the language's [`Language::package_init`] file (Python's
    /// `__init__.py`: the file is a module of a package).
    pub in_package: bool,
    /// Its file is test code (`overview::is_test_path`).
    pub test_file: bool,
    /// The parse-time signature (modifiers included where the grammar puts them there).
    pub signature: &'a str,
    /// Its source from its first line to its name's line (decorators, annotations,
    /// modifiers, `export`), empty when the file could not be read.
    pub head: &'a str,
    /// Up to [`DECL_LINES_BEFORE`] lines just before it, in order (Rust's attributes are
    /// written above the range of the item they are on).
    pub before: &'a [&'a str],
}

/// Where `word` starts in `line` as a whole word (not inside a longer name).
fn word_at(line: &str, word: &str) -> Option<usize> {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut from = 0;
    while let Some(i) = line[from..].find(word).map(|i| i + from) {
        let end = i + word.len();
        if !line[..i].chars().next_back().is_some_and(ident)
            && !line[end..].chars().next().is_some_and(ident)
        {
            return Some(i);
        }
        from = end;
    }
    None
}

/// How many lines above a declaration [`Decl::before`] holds: enough for a doc comment
/// between a directive and its function (Go's `//go:linkname` 17 lines above in net/http).
pub const DECL_LINES_BEFORE: usize = 24;

/// Why a symbol nothing in the map reaches is not listed as unused (`map_unused` counts each).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kept {
    /// Run by the toolchain, the runtime or a test runner: `main`, `init`, `#[test]`,
    /// `@Test`, `test_*`, a `Test`/`Benchmark`/`Example` function.
    Entry,
    /// Overrides or implements a method its declaration names or marks (`@Override`,
    /// `override`, an `implements` edge out of it, a base's member of its name).
    Override,
    /// A method of a type whose base is outside the map: it may override one of its methods.
    BaseOutside,
    /// A member of an interface or trait: a contract, reached through its implementations.
    InterfaceMember,
    /// A constructor, reached through its class.
    Constructor,
    /// Called by the language or a framework, by its name or a registration: dunder
    /// methods, serialisation hooks, decorated or annotated functions.
    Hook,
    /// Public API: code outside the repository may use it (Go's capitalised names, `pub`,
    /// `export`, `public`).
    Exported,
    /// Its directory's text names it as a value where the map made no edge: a function
    /// passed as an argument or stored (`t.Run("x", testX)`, `p.parseSpec` as a method value).
    Value,
    /// Imported by name into another file (`import { replacer } from "./util"`, `from .cells
    /// import cell_len`): the importer binds it, to pass it on as a value or call it under
    /// another name, where the map made no edge of its use.
    Imported,
    /// Another build's definition of it (the same qualname in another file of its package,
    /// `lookup_windows.go` beside `lookup_unix.go`) is reached: the build it is for uses it.
    Variant,
    /// One of the overloads of its name that a call in its file makes where the map cannot
    /// tell which (gson's `isJavaType(c.getName())` beside `isJavaType(Class)` and
    /// `isJavaType(String)`): it may be the one called.
    Overload,
    /// Another name of the same definition is reached: a chained assignment (`res.set =
    /// res.header = function header …`) makes one function of several names.
    Alias,
    /// Its name is written in a file the parser could not read whole (a syntax the grammar
    /// lacks): a use there may be one the map missed.
    Unparsed,
    /// Its author named it as unused on purpose, as the compiler reads it: Rust's `_name`
    /// (log's `fn _check(_: &dyn Source) {}` inside a test, which asserts object safety by
    /// compiling).
    Intended,
}

impl Kept {
    pub const ALL: [Kept; 14] = [
        Kept::Entry,
        Kept::Override,
        Kept::BaseOutside,
        Kept::InterfaceMember,
        Kept::Constructor,
        Kept::Hook,
        Kept::Exported,
        Kept::Value,
        Kept::Imported,
        Kept::Variant,
        Kept::Overload,
        Kept::Alias,
        Kept::Unparsed,
        Kept::Intended,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Kept::Entry => "entry",
            Kept::Override => "override",
            Kept::BaseOutside => "baseOutside",
            Kept::InterfaceMember => "interfaceMember",
            Kept::Constructor => "constructor",
            Kept::Hook => "hook",
            Kept::Exported => "exported",
            Kept::Value => "value",
            Kept::Imported => "imported",
            Kept::Variant => "variant",
            Kept::Overload => "overload",
            Kept::Alias => "alias",
            Kept::Unparsed => "unparsed",
            Kept::Intended => "intended",
        }
    }
}

impl<'a> Decl<'a> {
    /// A top-level symbol of this kind and name in `path`, nothing else known (the start
    /// of a table test's case; struct update gives the rest).
    pub fn of(kind: Kind, name: &'a str, path: &'a str) -> Decl<'a> {
        Decl {
            kind,
            name,
            qualname: name,
            path,
            parent: None,
            parent_exported: false,
            package: None,
            in_package: false,
            test_file: false,
            signature: "",
            head: "",
            before: &[],
        }
    }

    /// The last two segments of the qualname are the same name: a constructor named after
    /// its class (`A.A`, an overload `A.A~2`: Java, C#, C++).
    pub fn named_after_parent(&self) -> bool {
        let base = |s: &'a str| s.split_once('~').map_or(s, |(b, _)| b);
        let mut segs = self.qualname.rsplit('.').map(base);
        match (segs.next(), segs.next()) {
            (Some(a), Some(b)) => a == b,
            _ => false,
        }
    }

    /// The rules Java, Kotlin and C# share, from annotations (`marker`: `@`, C#'s `[`) and the
    /// declaration's words:
    /// `main`, a test runner's annotation (`runner`, last segment), `override`, a constructor,
    /// another annotation not in `plain` (a framework's registration).
    pub fn marked(&self, marker: &str, runner: &[&str], plain: &[&str]) -> Option<Kept> {
        let d = self;
        let marks: Vec<String> = d
            .annotations(marker)
            .into_iter()
            .map(|a| a.rsplit('.').next().unwrap_or(&a).to_string())
            .collect();
        if d.kind == Kind::Method || d.kind == Kind::Function {
            if d.name.eq_ignore_ascii_case("main") && (d.says("static") || d.parent.is_none()) {
                return Some(Kept::Entry);
            }
            if marks.iter().any(|m| runner.contains(&m.as_str())) {
                return Some(Kept::Entry);
            }
            if marks.iter().any(|m| m == "Override") || d.says("override") {
                return Some(Kept::Override);
            }
            if d.named_after_parent() {
                return Some(Kept::Constructor);
            }
        }
        marks
            .iter()
            .any(|m| m != "Override" && !plain.contains(&m.as_str()))
            .then_some(Kept::Hook)
    }

    /// The head before the name (modifiers, `export`, annotations), or the whole head
    /// when the name is not in it. The head ends on the name's line, so the name is looked
    /// for there first: a doc comment above that writes it (jsoup's `Jsoup.connect("…")` in
    /// `connect`'s Javadoc) cut the head before `public` and the method was listed unused.
    pub fn prefix(&self) -> &str {
        let lines = || {
            self.head.lines().scan(0usize, |off, l| {
                let start = *off;
                *off += l.len() + 1;
                Some((start, l))
            })
        };
        let at = lines()
            .last()
            .and_then(|(start, l)| word_at(l, self.name).map(|i| start + i))
            .or_else(|| lines().find_map(|(start, l)| word_at(l, self.name).map(|i| start + i)));
        at.map_or(self.head, |i| &self.head[..i])
    }

    /// Whether the head before the name has this keyword as a word (`export`, `override`,
    /// `static`).
    pub fn says(&self, word: &str) -> bool {
        self.prefix()
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .any(|w| w == word)
    }

    /// The attribute, annotation or decorator names written in the lines just above the
    /// declaration and in its head before its name, each without its marker and arguments
    /// (`#[tokio::test]` → `tokio::test`, `@pytest.fixture(scope=…)` → `pytest.fixture`):
    /// `marker` is `#[` (Rust), `@` (Python, Java, Kotlin, TypeScript) or `[` (C#). Lines
    /// above count only while they are annotations, comments or blank, from the nearest up.
    pub fn annotations(&self, marker: &str) -> Vec<String> {
        let comment = |t: &str| {
            t.starts_with("//")
                || t.starts_with("/*")
                || t.starts_with('*')
                || (t.starts_with('#') && !t.starts_with("#["))
        };
        let mut lines: Vec<&str> = Vec::new();
        // Read upwards: a line ending a block comment opens it until its `/*` (a Javadoc
        // whose lines have no `*`: jsoup's ` @author Jonathan Hedley */` is no annotation).
        let mut in_block = false;
        for l in self.before.iter().rev() {
            let t = l.trim();
            if in_block {
                in_block = !t.contains("/*");
                continue;
            }
            if t.ends_with("*/") {
                in_block = !t.contains("/*");
                continue;
            }
            if t.starts_with(marker) {
                lines.push(t);
            } else if !(t.is_empty() || comment(t)) {
                break;
            }
        }
        // A doc comment inside the head is no annotation (Javadoc's `@param`, `@see`).
        lines.extend(self.prefix().lines().map(str::trim).filter(|t| !comment(t)));
        let mut out = Vec::new();
        for l in lines {
            let mut rest = l;
            while let Some(i) = rest.find(marker) {
                // `@` inside a word (an e-mail in a comment) is no annotation.
                let before_ok = rest[..i]
                    .chars()
                    .next_back()
                    .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
                rest = &rest[i + marker.len()..];
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | ':'))
                    .collect();
                if before_ok && !name.is_empty() {
                    out.push(name);
                }
            }
        }
        out
    }
}

/// A language's query file: its path under `indexer/src` (for messages) and its text.
pub struct Query {
    pub file: &'static str,
    pub text: &'static str,
}

impl Language {
    /// What every language states, every other field at its default: no manifests, dialects,
    /// skipped folders, builtins or scopes; no class-like `self`; every name a local lives
    /// until its function ends; no package nodes; no test-file naming; no server
    /// ([`ServerSpec::NONE`]); no generated-code rules.
    pub const fn new(
        name: &'static str,
        prefix: &'static str,
        extensions: &'static [&'static str],
        grammar: Grammar,
        query: Query,
        syntax: &'static dyn Syntax,
        scip: ScipSpec,
    ) -> Language {
        Language {
            name,
            prefix,
            extensions,
            claims: &[],
            manifests: &[],
            projects: &[],
            grammar,
            dialects: &[],
            skip_dirs: &[],
            skip_marked: &[],
            query_file: query.file,
            query: query.text,
            builtins: &[],
            self_names: &[],
            super_call: None,
            call_operator: None,
            implicit_self: false,
            overloads: false,
            members_are_values: false,
            library_results_untyped: false,
            declared_apart: None,
            first_binding_defines: false,
            reopens: &[],
            local_scopes: &[],
            macro_calls: &[],
            impls_anywhere: false,
            unwrapping: &[],
            same_value: &[],
            block_scopes: &[],
            package_nodes: false,
            variants_in_file: None,
            build_variant: None,
            variants_apart: None,
            functions_through_imports: false,
            implements_by_method_set: false,
            method_results: None,
            impl_self_type: None,
            package_init: None,
            text: TextRules::BRACES,
            is_test_file: |_| false,
            server: ServerSpec::NONE,
            syntax,
            scip,
            generated: GeneratedRules::NONE,
            kept: |_| None,
            deps: None,
        }
    }
}

/// What marks a language's files as generated or vendored: kept out of the map by default
/// (`index --include-generated` takes them in). Each rule needs evidence, never a folder's
/// name alone (`go/build` is source).
pub struct GeneratedRules {
    /// A manifest that names its package's shipped entry points (`package.json`), and the
    /// entry paths it names, relative to its folder. A folder they lead into is build output
    /// when it holds source maps (`*.map`).
    pub entries: Option<(&'static str, EntryPaths)>,
    /// Compiled copies: a file ending in the first suffix is generated when the same stem
    /// with one of the others is a source file beside it (`x.d.ts` beside `x.ts`).
    pub compiled_from: &'static [(&'static str, &'static [&'static str])],
    /// File names that say minified (`.min.js`).
    pub minified: &'static [&'static str],
    /// Vendored code: a folder of this name beside the manifest (second), holding the
    /// evidence file (third): `vendor/` beside `go.mod` with `vendor/modules.txt`.
    pub vendor: Option<(&'static str, &'static str, &'static str)>,
    /// The builds of one module a published package may ship side by side (`x.d.ts`,
    /// `x.js`, `x.cjs`), each suffix with its rank across languages (lowest first): in a
    /// library's map only the best-ranked build present is kept, so a symbol is listed once.
    pub builds: &'static [(&'static str, u8)],
}

/// A manifest's text → the entry paths it names, relative to its folder.
pub type EntryPaths = fn(&str) -> Vec<String>;

impl GeneratedRules {
    pub const NONE: GeneratedRules = GeneratedRules {
        entries: None,
        compiled_from: &[],
        minified: &[],
        vendor: None,
        builds: &[],
    };
}

/// Whether a file's first bytes are in a language ([`Language::claims`]).
pub type Sniff = fn(&[u8]) -> bool;

/// A tree-sitter grammar, made when asked.
pub type Grammar = fn() -> tree_sitter::Language;

/// A language in SCIP's terms (`indexer::export`).
pub struct ScipSpec {
    /// `Document.language`: the name scip.proto's `Language` enum gives it ("Go").
    pub language: &'static str,
    /// The package manager written in its SCIP symbols ("gomod"). Each language has its own,
    /// so a symbol's manager gives its language back.
    pub manager: &'static str,
    /// A file is a module (SCIP kind `Module`), not only a file (`File`).
    pub files_are_modules: bool,
    /// Project files that name a package, by file name (`*.gemspec`: any file ending so, the
    /// first by name), each with its reader; the nearest one above a file that names a
    /// package is the file's package.
    pub manifests: &'static [(&'static str, ReadPackage)],
}

/// A project file a language knows ([`Language::projects`]).
pub struct ProjectSpec {
    /// Its file name (`go.mod`).
    pub file: &'static str,
    /// The kind of project it makes, by its tool (`go`, `cargo`, `npm`, `python`, `maven`).
    pub kind: &'static str,
    pub read: ReadProject,
}

/// Reads a project file's text for the project it declares.
pub type ReadProject = fn(&str) -> ProjectFile;

/// What one project file declares: its project's name (none for a workspace file alone:
/// `go.work`, a virtual `Cargo.toml`, `pnpm-workspace.yaml`) and the member directories it
/// lists, relative to its own, as written (globs: `packages/*`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProjectFile {
    pub name: Option<String>,
    pub members: Vec<String>,
}

/// The strings of a TOML array `key = [ … ]` in `[section]`, over several lines (Cargo's
/// `[workspace] members`).
pub fn manifest_list(text: &str, section: &str, key: &str) -> Vec<String> {
    let mut current = String::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix('[') {
            current = rest.trim_end().trim_end_matches(']').trim().to_string();
            continue;
        }
        if current != section {
            continue;
        }
        let Some((k, v)) = line.split_once('=') else {
            continue;
        };
        if k.trim() != key {
            continue;
        }
        let mut body = v.trim().to_string();
        if !body.starts_with('[') {
            return Vec::new();
        }
        while !body.contains(']') {
            match lines.next() {
                Some(l) => {
                    body.push(' ');
                    body.push_str(l.split('#').next().unwrap_or(""));
                }
                None => break,
            }
        }
        let inner = body.trim_start_matches('[');
        let inner = inner.split(']').next().unwrap_or("");
        return quoted(inner);
    }
    Vec::new()
}

/// The quoted strings of a list's text, in order (`"a", 'b'` → `a`, `b`).
pub fn quoted(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find(['"', '\'']) {
        let q = rest[i..].chars().next().unwrap_or('"');
        let after = &rest[i + 1..];
        let Some(j) = after.find(q) else { break };
        let s = after[..j].trim();
        if !s.is_empty() {
            out.push(s.to_string());
        }
        rest = &after[j + 1..];
    }
    out
}

/// Reads a project file's text for the package it names.
pub type ReadPackage = fn(&str) -> Option<PackageName>;

/// A package as a project file names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackageName {
    pub name: String,
    pub version: Option<String>,
}

/// `key = value` in a `[section]` of an INI- or TOML-like project file (pyproject.toml,
/// setup.cfg), quotes removed; the first match wins. Enough for the plain string values
/// project files use for a name and a version.
pub fn manifest_value(text: &str, section: &str, key: &str) -> Option<String> {
    let mut current = String::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix('[') {
            current = rest.trim_end().trim_end_matches(']').trim().to_string();
            continue;
        }
        if current != section {
            continue;
        }
        let Some((k, v)) = line.split_once('=').or_else(|| line.split_once(':')) else {
            continue;
        };
        if k.trim() != key {
            continue;
        }
        let v = v.trim();
        let v = v
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .or_else(|| v.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')))
            .unwrap_or(v)
            .trim();
        return (!v.is_empty()).then(|| v.to_string());
    }
    None
}

/// How a declaration's text reads, for comparing two versions of it (`diff`): which lines
/// above it are comments, where its header ends, where its doc may sit in its body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextRules {
    /// A line starting with `#` is a comment (Python, Ruby, PHP; not C's `#include`).
    pub hash_comments: bool,
    /// The character that ends a declaration's header outside brackets: `{`, or `:` (Python).
    pub header_end: char,
    /// A string first in the body is the doc (Python's docstring).
    pub body_docstring: bool,
    /// Characters a name may end in besides a word's (Ruby's `check_unknown!`, `empty?`).
    pub name_ends: &'static [char],
    /// A method named through an object and not called is a value, the method itself
    /// (`self.not_found if …` in Python, `s.handle` in Go, `this.onAdd` in JS); not where it
    /// would be a call (Ruby) or a field's read (Rust, Java, PHP).
    pub member_values: bool,
}

impl TextRules {
    /// Whether a line (trimmed) is a comment's: `//`, `/*`, a block comment's `*` line (a
    /// `*` then a space, `/`, `*` or nothing: not C's `*p = …`), or `#` where `#` starts a
    /// comment.
    pub fn is_comment_line(&self, t: &str) -> bool {
        t.starts_with("//")
            || t.starts_with("/*")
            || (t.starts_with('*') && t[1..].chars().next().is_none_or(|c| " /*".contains(c)))
            || (self.hash_comments && t.starts_with('#'))
    }

    /// C's family: `//` and `/* */` comments, `{` bodies, docs above.
    pub const BRACES: TextRules = TextRules {
        hash_comments: false,
        header_end: '{',
        body_docstring: false,
        name_ends: &[],
        member_values: false,
    };
}

/// A language server: how to find it and its quirks. Nothing in the indexed repository
/// chooses the command. Made with [`ServerSpec::new`] and struct update, as a [`Language`].
pub struct ServerSpec {
    /// Candidate commands, the first found on PATH wins.
    pub commands: &'static [&'static [&'static str]],
    /// What to tell a user who has none of them.
    pub install_hint: &'static str,
    /// LSP's `languageId` for `didOpen`.
    pub language_id: &'static str,
    /// Another `languageId` for some extensions (`tsx` → `typescriptreact`).
    pub language_ids: &'static [(&'static str, &'static str)],
    /// Environment for the server process (e.g. no network for gopls).
    pub env: &'static [(&'static str, &'static str)],
    /// Environment that replaces `env`'s when a file exists under the root: (file, variable,
    /// value). gopls in a module that vendors its dependencies (`vendor/modules.txt`) reads
    /// them from `vendor/`, not from a module cache it may not have.
    pub env_when: &'static [(&'static str, &'static str, &'static str)],
    /// The map kind of LSP's `Class` symbol kind.
    pub class_kind: Kind,
    /// The map kind of LSP's `EnumMember`.
    pub enum_member_kind: Kind,
    /// The map kind of LSP's `Namespace` and `Module` (a TypeScript namespace), if any.
    pub namespace_kind: Option<Kind>,
    /// LSP `Function`s inside a class are methods.
    pub functions_in_class_are_methods: bool,
    /// The outline names methods with their receiver, `(*T).M` (gopls).
    pub receiver_in_method_names: bool,
    /// The outline's kinds are the server's own categories (TypeScript's: a `const` is a
    /// variable, a type alias a class, an import a variable): a parse of the same text settles
    /// each kind, and top-level variables the parse does not define (imports) are left out.
    pub outline_kinds_from_parse: bool,
    /// `workspace/symbol` answers only about projects of open files (TypeScript's server):
    /// one of the language's files is opened before asking.
    pub symbols_need_open_file: bool,
    /// Servers (by a part of their name, lower case) that log "Found N source files" once
    /// loaded and send no progress before (pyright): until then they are loading.
    pub announcing_servers: &'static [&'static str],
    /// Servers (by a part of their name, lower case) whose references without the
    /// declaration leave out more than it: the reference asked at (pyright), the imports
    /// (tsc). They are asked with it, and the declaration (their definition at the spot) is
    /// left out by the client.
    pub references_keep_declaration: &'static [&'static str],
    /// The servers (by name) that run the project's compiler on `didSave` and publish its
    /// diagnostics apart from those they answer a pull with (rust-analyzer's `cargo check`):
    /// a file's list merges both, and the check is asked for and waited on.
    pub checks_on_save: &'static [&'static str],
    /// A notification by which the server says it is ready, when it has one: (method, the
    /// `type` its params carry, or the `kind` of a work-done progress's value (`"end"`);
    /// `""`: any params). Until it comes the server is loading (JDT LS imports the
    /// project for seconds, and what it answers before is empty). The same notification with
    /// `type` "Error" says the server is unwell (a project it could not import).
    pub ready_notice: Option<(&'static str, &'static str)>,
    /// Build files an error on which means the server could not load the project (JDT LS's
    /// `pom.xml`: a Maven plugin it cannot resolve offline leaves the project without its
    /// Java settings, and every answer empty). Not tsc's `tsconfig.json`, whose errors
    /// (an output path) leave the project loaded.
    pub load_files: &'static [&'static str],
    /// How the server is started on a workspace, read from its root: its settings
    /// ([`ServerSetup`]).
    pub setup: Option<fn(&std::path::Path) -> ServerSetup>,
    /// What the server's view of the installed dependencies rests on and it does not watch
    /// (pyright: the interpreter it was given and its `site-packages`), as a stamp read from
    /// the workspace root and the environment now: when it differs from the running server's,
    /// the server is restarted (a `pip install`, another `$VIRTUAL_ENV`).
    pub stamp: Option<fn(&std::path::Path, &DepEnv) -> String>,
    /// Why the server may not offer a capability, said with the map's answer in its place
    /// (intelephense: rename and implementations need its licence key).
    pub unoffered: Option<&'static str>,
    /// Milliseconds after a document's text is sent before the diagnostics published for it
    /// are complete: a server that publishes a version's list more than once (gopls: its
    /// type errors at once, its analyzers' findings after its 1 s `diagnosticsDelay`) is
    /// read at its latest list for that version once this has passed. 0: the first list.
    pub diagnostics_settle_ms: u64,
    /// The server publishes a document's diagnostics again when it is sent the same text as
    /// a new version. clangd does not (it skips a rebuild of unchanged input): its document
    /// is then not sent again, and its last list stands (a document sent again waited 15 s
    /// for a list that never came: c-ares' `ares_process.c`, after another file changed).
    pub republishes_same_text: bool,
    /// The server knows every receiver's type (a statically typed language with no dynamic
    /// dispatch the server cannot follow): a call it does not list is another symbol's, so
    /// the map's calls of that name with no stated receiver type are not offered beside its
    /// answer as "may call this symbol" (71 on cobra's `Command.Run`, none of them its).
    /// Not C (calls through function pointers), C++ (templates), nor the dynamic languages.
    pub types_every_receiver: bool,
    /// The server keeps what it learnt of the workspace between runs (JDT LS's workspace
    /// folder) and does not look for files changed while it was down: it is told of those
    /// changed since the time its state is of (`Server::resume`).
    pub keeps_state: bool,
    /// The files that tell the server which files make the project (`tsconfig.json`): with
    /// none above a file, it sees only what the open files import, and its references miss
    /// the rest (0 of immer's uses of `applyPatches`, said by no one). Said beside its
    /// answers when missing.
    pub project_files: &'static [&'static str],
    /// Flags set at the top of `initializationOptions`, dotted keys (JDT LS's
    /// `extendedClientCapabilities.classFileContentsSupport`, without which it gives no
    /// location inside a library's jar).
    pub init_flags: &'static [(&'static str, bool)],
    /// A location the server gives in an archive, by a URI of its own (JDT LS's
    /// `jdt://contents/…`), as the archive a dependency's code comes in and the file in it.
    pub archived: Option<fn(&str) -> Option<ArchivedSource>>,
    /// What the server's answers rest on that the workspace does not give it, read from the
    /// root (clangd with no `compile_commands.json`: default flags, so a branch a build's
    /// `-D` turns on is inactive code to it): said by `status` and beside the answers about
    /// code it may not compile.
    pub caveat: Option<fn(&std::path::Path) -> Option<String>>,
    /// What the server's diagnostics of one file (the workspace's root, its path, its text)
    /// leave unchecked: tsc type-checks a JavaScript file only under `// @ts-check` or
    /// `checkJs` (axios: a rename of `AxiosHeaders.from` that breaks 11 calls was "no
    /// diagnostic"). Said beside `diagnostics` and `check-edit` for that file.
    pub unchecked: Option<Unchecked>,
    /// The paths the workspace's configuration limits the server's project to, and where that
    /// is said (pyright's `include` in `pyproject.toml`: requests' `src/requests`, so its
    /// references left out every use in `tests/`, unsaid). `None`: the whole workspace.
    pub project_include: Option<ProjectInclude>,
    /// Files of the workspace the server's build never loads, by workspace-relative path (the
    /// go tool ignores directories named `_…`, `.…` and `testdata`: chi's `_examples/`, where
    /// gopls found 0 of `middleware.Logger`'s 6 uses, or 1 once a file there was open, unsaid).
    /// `None`: it loads every file of its language.
    pub unseen: Option<fn(&str) -> bool>,
    /// The callees its call hierarchy leaves out, told by the signature of their definition
    /// in the map (clangd lists no preprocessor macro, `#define F(x) …`): added from the
    /// map's call edges, said.
    pub unlisted_callee: Option<fn(&str) -> bool>,
}

/// A file inside a dependency's archive ([`ServerSpec::archived`]): the archive's file name
/// as [`Dep::archive`] names it (`jsoup-1.17.2-sources.jar`) and the file's path in it
/// (`org/jsoup/Jsoup.java`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArchivedSource {
    pub archive: String,
    pub rel: String,
}

/// What a server is started with ([`ServerSpec::setup`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ServerSetup {
    /// LSP's `initializationOptions.settings`: dotted keys (`java.project.sourcePaths`) and
    /// their values.
    pub settings: Vec<(&'static str, Setting)>,
    /// The settings are `initializationOptions` itself, not under `settings`
    /// (rust-analyzer's `linkedProjects`).
    pub top_level: bool,
    /// Further workspace folders below the root, each with settings of its own over
    /// `settings` (a Python sub-project's own interpreter): asked by a `workspace/configuration`
    /// scoped to a file inside it.
    pub folders: Vec<(std::path::PathBuf, Vec<(&'static str, Setting)>)>,
}

/// A value of a server setting ([`ServerSpec::settings`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Setting {
    Bool(bool),
    Str(String),
    Strings(Vec<String>),
}

impl ServerSpec {
    /// A language no server is known for.
    pub const NONE: ServerSpec = ServerSpec::new(&[], "", "");

    /// A server's commands, the hint for a user who has none and its `languageId`; the
    /// defaults: no environment, LSP's kinds as most servers use them (a `Class` is a class,
    /// an `EnumMember` a constant, a `Namespace` a package, a `Function` in a class a method),
    /// kinds settled by a parse, names without receivers.
    pub const fn new(
        commands: &'static [&'static [&'static str]],
        install_hint: &'static str,
        language_id: &'static str,
    ) -> ServerSpec {
        ServerSpec {
            commands,
            install_hint,
            language_id,
            language_ids: &[],
            env: &[],
            env_when: &[],
            class_kind: Kind::Class,
            enum_member_kind: Kind::Constant,
            namespace_kind: Some(Kind::Package),
            functions_in_class_are_methods: true,
            receiver_in_method_names: false,
            outline_kinds_from_parse: true,
            symbols_need_open_file: false,
            announcing_servers: &[],
            references_keep_declaration: &[],
            checks_on_save: &[],
            ready_notice: None,
            load_files: &[],
            setup: None,
            stamp: None,
            unoffered: None,
            diagnostics_settle_ms: 0,
            republishes_same_text: true,
            types_every_receiver: false,
            keeps_state: false,
            project_files: &[],
            init_flags: &[],
            archived: None,
            caveat: None,
            unchecked: None,
            project_include: None,
            unseen: None,
            unlisted_callee: None,
        }
    }
}

/// The kind of definition a query pattern captured (`@definition.<name>`), before the
/// language's scope rules decide the symbol's kind or leave it out as a local.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DefTag {
    Class,
    Function,
    /// A method declared apart from its type, with a receiver (`func (s *S) M()`).
    Method,
    Type,
    Field,
    /// A field named after its type (`struct { sync.Mutex }`).
    Embedded,
    /// A method declared inside an interface.
    MethodSpec,
    Constant,
    Variable,
    /// A named scope of declarations inside a file (a TypeScript namespace).
    Module,
}

impl DefTag {
    pub const ALL: [DefTag; 10] = [
        DefTag::Class,
        DefTag::Function,
        DefTag::Method,
        DefTag::Type,
        DefTag::Field,
        DefTag::Embedded,
        DefTag::MethodSpec,
        DefTag::Constant,
        DefTag::Variable,
        DefTag::Module,
    ];

    /// The capture name in query files.
    pub fn capture(self) -> &'static str {
        match self {
            DefTag::Class => "definition.class",
            DefTag::Function => "definition.function",
            DefTag::Method => "definition.method",
            DefTag::Type => "definition.type",
            DefTag::Field => "definition.field",
            DefTag::Embedded => "definition.embedded",
            DefTag::MethodSpec => "definition.method_spec",
            DefTag::Constant => "definition.constant",
            DefTag::Variable => "definition.variable",
            DefTag::Module => "definition.module",
        }
    }
}

/// A definition as a query captured it, before scope rules.
#[derive(Debug, Clone, Copy)]
pub struct Def<'t> {
    pub tag: DefTag,
    pub node: Node<'t>,
    /// `node`'s parent, as the walk met it.
    pub parent: Option<Node<'t>>,
    pub name: Node<'t>,
    pub body: Option<Node<'t>>,
    pub receiver: Option<Node<'t>>,
    pub ty: Option<Node<'t>>,
}

/// [`ServerSpec::unchecked`]: from the workspace's root, a file's path and its text, what the
/// server's diagnostics of that file leave out, if anything.
pub type Unchecked = fn(&std::path::Path, &str, &str) -> Option<String>;

/// [`ServerSpec::project_include`]: from the workspace's root, where the server's project is
/// limited (the configuration file) and the paths it includes, workspace-relative.
pub type ProjectInclude = fn(&std::path::Path) -> Option<(String, Vec<String>)>;

/// What a call's argument tells of its type ([`Syntax::argument`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Argument {
    /// A type's name ([`type_name`]): `new T(…)`'s, a literal's, a cast's.
    Type(String),
    /// A name: a local's or parameter's stated type, if it has one, is the argument's.
    Name(String),
    Unknown,
}

impl Argument {
    /// The type an expression's `type` field names (`new T(…)`, `(T) x`).
    pub fn of_type_field(src: &[u8], expr: Node<'_>) -> Argument {
        match crate::syntax::NodeExt::field(&expr, "type") {
            Some(t) => Argument::Type(type_name(&crate::syntax::text(src, t))),
            None => Argument::Unknown,
        }
    }
}

/// A type's name as overloads are told apart by it: its last segment, without type arguments,
/// qualifiers, pointers or references (`java.util.List<String>` → `List`, `const std::string&`
/// → `string`, `T[]` → `T[]`). Two types of one name are not told apart. Pure.
pub fn type_name(ty: &str) -> String {
    let mut plain = String::with_capacity(ty.len());
    let mut depth = 0u32;
    for c in ty.chars() {
        match c {
            '<' => depth += 1,
            '>' => depth = depth.saturating_sub(1),
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    let plain = plain.trim().trim_end_matches(['&', '*', ' ']);
    let plain = plain
        .strip_prefix(crate::model::CONST)
        .unwrap_or(plain)
        .trim_start_matches("const ")
        .trim_start_matches("final ");
    let plain = plain
        .trim_end_matches(" const")
        .trim_end_matches(['&', '*', ' ']);
    let last = plain.rsplit(['.', ':']).next().unwrap_or(plain);
    last.split_whitespace().last().unwrap_or("").to_string()
}

/// The extraction rules of one language: the hooks the extractor calls where languages
/// differ. Each is a pure function of the syntax tree and the source bytes.
pub trait Syntax: Sync {
    /// The symbol kind of a definition given the innermost enclosing scope's kind, or `None`
    /// when it is local and left out of the map. `type_node` is the kind of the `@type`
    /// capture's node, when there is one.
    fn place(
        &self,
        tag: DefTag,
        enclosing: Option<Kind>,
        type_node: Option<&str>,
        name: &str,
    ) -> Option<Kind>;

    /// The definition's name, as its node ID spells it: the `@name` capture's text, unless
    /// the language spells it otherwise (C++'s conversion operator `operator bool`, whose
    /// capture is the `operator` keyword).
    fn name(&self, src: &[u8], def: &Def<'_>) -> String {
        crate::syntax::text(src, def.name)
    }

    /// Where the definition's name is written: the `@name` capture's range, unless its
    /// text holds more than the name (Ruby's `attr_reader :x`, whose capture is `:x`).
    fn name_span(&self, src: &[u8], def: &Def<'_>) -> crate::model::Span {
        crate::syntax::span_of(src, def.name)
    }

    /// Kinds that open a scope for qualified names.
    fn is_scope(&self, kind: Kind) -> bool;

    /// The bytes the parser reads in place of the file's, when the grammar cannot read some
    /// of them: the same length, every line break kept (only blanked spans differ), so every
    /// position and every other byte stays (C: the C++ inside `#ifdef __cplusplus`).
    fn prepare(&self, _src: &[u8]) -> Option<Vec<u8>> {
        None
    }

    /// Whether a node of this kind holds top-level declarations of its own, so error
    /// recovery looks inside it as it looks at the file's (C's `#ifdef X … #endif`, C++'s
    /// `namespace n { … }`, whose declarations sit at column 0).
    fn holds_declarations(&self, _kind: &str) -> bool {
        false
    }

    /// Whether a line at column 0 opens a block whose declarations sit at column 0 too, with
    /// the brace it ends with (C++'s `namespace n {`, `extern "C" {`): error recovery closes
    /// a prefix of the file cut inside one.
    fn opens_declaration_block(&self, _line: &[u8]) -> bool {
        false
    }

    /// The kind `place` gave, looked at again with the whole definition (a `const` bound to
    /// an arrow function is a function); `None` leaves the definition out (a name bound to
    /// `require(...)` is an import).
    fn refine(&self, _src: &[u8], _def: &Def<'_>, kind: Kind) -> Option<Kind> {
        Some(kind)
    }

    /// A definition that belongs to the file whatever encloses it (C's and C++'s macros:
    /// a `#define` inside a namespace or a function is the preprocessor's, not the scope's).
    fn file_level(&self, _def: &Def<'_>) -> bool {
        false
    }

    /// A definition that belongs to the scope around its innermost one (a constructor's
    /// parameter property belongs to the class).
    fn lifted(&self, _def: &Def<'_>) -> bool {
        false
    }

    /// The type an `implements` reference is made for, when it is not the enclosing symbol
    /// (Rust's `impl Trait for Type`: `Type`), by its name as written.
    fn implementer(&self, _src: &[u8], _reference: Node<'_>) -> Option<String> {
        None
    }

    /// What a definition implements as its declaration says, each a path to resolve and the
    /// node it is named at: `implements` references (Rust: a trait impl's method implements
    /// the trait's, `Trait.m`; a type its `#[derive(…)]` traits).
    fn implemented<'t>(&self, _src: &[u8], _def: &Def<'t>) -> Vec<(String, Node<'t>)> {
        Vec::new()
    }

    /// The kind of a reference the query captured as `kind`, when the syntax around it says
    /// otherwise (C#'s base list names a base class and interfaces alike: an interface's entry
    /// is `implements`); `None` when the name is no symbol to link (Rust's generic parameter
    /// `T` in `Vec<T>`, `Self`).
    fn reference_kind(&self, _src: &[u8], _node: Node<'_>, kind: EdgeKind) -> Option<EdgeKind> {
        Some(kind)
    }

    /// One match stands for every name of its node (`const a, b = 1, 2`).
    fn names_per_match(&self, _tag: DefTag) -> bool {
        false
    }

    /// The node of the type a field is named after (`T` in `*pkg.T[K]`).
    fn embedded_name<'t>(&self, _base: Node<'t>) -> Option<Node<'t>> {
        None
    }

    /// The node that names a definition its query gave no name (JavaScript's `export default
    /// function () {}`: its `default` keyword); `None` leaves it out.
    fn unnamed_name<'t>(&self, _def: Node<'t>) -> Option<Node<'t>> {
        None
    }

    /// A method's receiver: (variable name, base type name).
    fn receiver(&self, _src: &[u8], _receiver: Node<'_>) -> Option<(String, String)> {
        None
    }

    /// The node a definition is placed by, when not its own: the names of one chained
    /// assignment (`res.set = res.header = function header …`) are one function, so each
    /// takes the outermost assignment and none encloses another. `None`: its own.
    fn shared_node<'t>(&self, _tag: DefTag, _node: Node<'t>) -> Option<Node<'t>> {
        None
    }

    /// The node whose range is the symbol's full range (decorators, a one-spec declaration).
    fn full_node<'t>(&self, def: &Def<'t>) -> Node<'t> {
        def.node
    }

    /// The number of parameters of a function or method.
    fn params(&self, def: &Def<'_>) -> Option<u32>;

    /// Whether its last parameter takes any number of arguments (Java's `T... xs`).
    fn variadic(&self, _def: &Def<'_>) -> bool {
        false
    }

    /// How many parameters a call must pass, when fewer than all (C++'s defaults: `f(int a,
    /// int b = 0)` takes one or two); `None`: all.
    fn required(&self, _def: &Def<'_>) -> Option<u32> {
        None
    }

    /// Each parameter's type name, in order ([`type_name`]; `` for one not stated, or a
    /// variadic one): of overloads taking as many arguments, a call's argument types pick one.
    fn param_types(&self, _src: &[u8], _def: &Def<'_>) -> Vec<String> {
        Vec::new()
    }

    /// What a call's argument tells of its type: `new T(…)`, a literal, a cast, or a name
    /// whose stated type is the argument's.
    fn argument(&self, _src: &[u8], _arg: Node<'_>) -> Argument {
        Argument::Unknown
    }

    /// Whether a method is `static` (JavaScript's and TypeScript's `static concat()`).
    fn is_static(&self, _src: &[u8], _def: &Def<'_>) -> bool {
        false
    }

    /// Whether a method is declared `const` (C++'s `int size() const`).
    fn is_const(&self, _src: &[u8], _def: &Def<'_>) -> bool {
        false
    }

    /// Whether a function symbol is a declaration whose definition is in another file (C's
    /// prototype: `int f(void);`): recorded as a [`crate::model::FactRole::Declared`] fact,
    /// so that a call resolves to the definition.
    fn declared_only(&self, _src: &[u8], _def: &Def<'_>) -> bool {
        false
    }

    /// Whether the definition is a signature alone, whose overload with a body is the one
    /// that runs (TypeScript's overload signatures): that one takes the plain name
    /// (`sweep::bodies_first`). Python's `@overload` is not told: pyright's outline, not
    /// settled from the parse, would then name them otherwise.
    fn bodiless(&self, _src: &[u8], _def: &Def<'_>) -> bool {
        false
    }

    /// The parse-time signature, before white space is collapsed and it is clipped.
    fn signature(&self, src: &[u8], def: &Def<'_>, kind: Kind) -> Option<String>;

    /// The first line of the symbol's documentation. `comments`: the file's comments in
    /// source order, when the walk collected them (else the tree's siblings are asked).
    fn doc(
        &self,
        src: &[u8],
        def: &Def<'_>,
        span_node: Node<'_>,
        comments: Option<&[Node<'_>]>,
    ) -> Option<String>;

    /// How to read a macro invocation's arguments again as code (`tri!(self.f())`,
    /// `cfg_x! { fn g() {} }`): the ways to try, in order. `None`: nothing to read.
    fn macro_args(&self, _src: &[u8], _node: Node<'_>) -> Option<MacroArgs> {
        None
    }

    /// The file's build constraint (Go's `//go:build` expression), from the comments before
    /// the `@package` capture.
    fn build_constraint(
        &self,
        _src: &[u8],
        _package: Option<Node<'_>>,
        _comments: Option<&[Node<'_>]>,
    ) -> Option<String> {
        None
    }

    /// The names the module says it exports (Python's `__all__`), in order, when it says;
    /// `model::ANY_EXPORT` for a part the parse cannot read. `root` is the file's tree.
    fn exports(&self, _src: &[u8], _root: Node<'_>) -> Option<Vec<String>> {
        None
    }

    /// The first line of the file's documentation; `package` is the `@package` capture.
    fn module_doc(
        &self,
        src: &[u8],
        root: Node<'_>,
        package: Option<Node<'_>>,
        comments: Option<&[Node<'_>]>,
    ) -> Option<String>;

    /// The imports of one `@import` node.
    fn imports(&self, src: &[u8], node: Node<'_>, out: &mut Vec<Import>);

    /// The names one `@binding` node (an assignment, a parameter, a field) binds, as written
    /// (`x`, `self.x`), each with the type expression it states (`model::TypeFact`), if any.
    /// A name bound in a function is local there, typed or not.
    fn bindings(&self, _src: &[u8], _node: Node<'_>, _out: &mut Vec<(String, Option<String>)>) {}

    /// A function's or method's declared results, as type expressions joined by `, `
    /// (`?` for one that cannot be named).
    fn returns(&self, _src: &[u8], _def: &Def<'_>) -> Option<String> {
        None
    }
}

/// A macro invocation's arguments to read again with the language's grammar
/// ([`Syntax::macro_args`]): the first of `ways` whose every piece parses without an error
/// is read; when none does, the invocation is counted as not read (`name`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MacroArgs {
    /// The macro as written (`tri`, `std::format`).
    pub name: String,
    /// Where the invocation starts (the count of those not read is placed by it).
    pub at: usize,
    pub ways: Vec<Vec<Reread>>,
    /// Whether its not being read is said (an `unread` fact): a Rust invocation's calls are
    /// lost then. A C macro's body that is no code alone (`a ## b`, a bare `else`) is not.
    pub said: bool,
}

/// One piece of source to parse on its own: the bytes `start..end` of the file at their
/// own positions (the tree's nodes keep the file's bytes, lines and columns), followed by
/// `suffix`, text the file does not have (`;` making an expression a statement); with
/// `delims`, its first and last bytes read as these (a `{ a, b }` token tree as the tuple
/// `( a, b )`, the same length, so every position holds).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reread {
    pub start: usize,
    pub start_point: tree_sitter::Point,
    pub end: usize,
    pub end_point: tree_sitter::Point,
    pub suffix: &'static str,
    pub delims: Option<&'static [u8; 2]>,
}

/// The project files named one of `names` under `root`, to `depth` directories down, as the
/// indexer walks (hidden and ignored entries left out, and `.codemap` and the directories
/// named in `skip`), in path order: what a server's setup reads ([`ServerSpec::setup`]).
pub fn project_files(
    root: &std::path::Path,
    names: &[&str],
    depth: usize,
    skip: &'static [&'static str],
) -> Vec<std::path::PathBuf> {
    project_files_where(root, |n| names.contains(&n), depth, skip)
}

/// [`project_files`] whose name `wanted` (`*.csproj`).
pub fn project_files_where(
    root: &std::path::Path,
    wanted: impl Fn(&str) -> bool,
    depth: usize,
    skip: &'static [&'static str],
) -> Vec<std::path::PathBuf> {
    let mut found: Vec<std::path::PathBuf> = ignore::WalkBuilder::new(root)
        .max_depth(Some(depth))
        .hidden(true)
        .require_git(false)
        .add_custom_ignore_filename(".codemapignore")
        .filter_entry(move |e| {
            let dir = e.file_type().is_some_and(|t| t.is_dir());
            !(e.depth() > 0
                && dir
                && e.file_name()
                    .to_str()
                    .is_some_and(|n| n == ".codemap" || skip.contains(&n)))
        })
        .build()
        .flatten()
        .filter(|e| e.file_type().is_some_and(|t| t.is_file()))
        .filter(|e| e.file_name().to_str().is_some_and(&wanted))
        .map(ignore::DirEntry::into_path)
        .collect();
    found.sort();
    found
}
