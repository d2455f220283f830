//! The language registry: every language codemap understands, each described once in its own
//! folder (`lang/python/`) by a [`Language`]: its ID prefix and file extensions, tree-sitter
//! grammar and query file, builtins, extraction rules ([`Syntax`]), map post-passes and
//! language server; its resolver (`resolve.rs`) is mounted by the resolver registry
//! (`resolve/langs.rs`). Everything else asks the registry; nothing outside the language
//! folders and the two registries names a language (`tests/e2e/architecture.rs`).

pub mod spec;

pub use spec::{
    lib_cache_dir, lib_dir, maven_local_repository, process_call_env, with_call_env, CallEnv,
    DEP_ENV_VARS,
};
pub use spec::{
    type_name, Argument, Decl, Def, DefTag, Dep, DepEnv, DepsSpec, FoundDeps, GeneratedRules, Kept,
    Language, MacroArgs, PackageName, ProjectFile, ProjectSpec, Reread, ScipSpec, ServerSetup,
    ServerSpec, Setting, Syntax, TextRules, DECL_LINES_BEFORE,
};
use std::path::Path;

/// The fingerprint of the rules a map is built by: the indexer's sources (`build.rs`:
/// extraction, resolution, every language's query file and rules) and each language's
/// prefix. A map whose fingerprint differs is rebuilt (`store`), so an upgrade never leaves
/// an unchanged file as older rules extracted it.
pub fn rules_fingerprint() -> String {
    static FP: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    FP.get_or_init(|| {
        let mut h = blake3::Hasher::new();
        h.update(env!("CODEMAP_RULES_SOURCE").as_bytes());
        for l in Lang::ALL {
            h.update(l.prefix().as_bytes());
            h.update(b"\0");
        }
        h.finalize().to_hex()[..16].to_string()
    })
    .clone()
}

/// The registry's one line per language: its [`Lang`] variant, its folder's module and the
/// [`Language`] that module declares. Makes the enum, [`Lang::ALL`] (in this order: it is the
/// order of every listing by language) and [`Lang::spec`].
macro_rules! languages {
    ($($variant:ident: $module:ident::$language:ident,)*) => {
        $(pub(crate) mod $module;)*

        /// A language the map indexes: a handle on its [`Language`].
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Lang {
            $($variant,)*
        }

        impl Lang {
            pub const ALL: [Lang; [$(Lang::$variant,)*].len()] = [$(Lang::$variant,)*];

            /// The registry: each language's description.
            pub fn spec(self) -> &'static Language {
                match self {
                    $(Lang::$variant => &$module::$language,)*
                }
            }
        }
    };
}

languages! {
    Python: python::PYTHON,
    Go: go::GO,
    TypeScript: typescript::TYPESCRIPT,
    JavaScript: javascript::JAVASCRIPT,
    Rust: rust::RUST,
    Java: java::JAVA,
    C: c::C,
    Cpp: cpp::CPP,
    Php: php::PHP,
    CSharp: csharp::CSHARP,
    Ruby: ruby::RUBY,
    Kotlin: kotlin::KOTLIN,
}

impl Lang {
    /// The prefix used in node IDs and in the `files.lang` column.
    pub fn prefix(self) -> &'static str {
        self.spec().prefix
    }

    /// The language's name for people.
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    pub fn from_prefix(s: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.prefix() == s)
    }

    /// The language of a file, by its extension.
    pub fn of_path(path: &Path) -> Option<Lang> {
        let ext = path.extension()?.to_str()?;
        Lang::ALL
            .into_iter()
            .find(|l| l.spec().extensions.contains(&ext))
    }

    /// How many of a file's first bytes [`Lang::of_text`] reads.
    pub const SNIFF_BYTES: usize = 64 * 1024;

    /// Whether the language of a file with this path may depend on its text (a `.h`):
    /// whether the walker must read its head for [`Lang::of_text`].
    pub fn needs_text(path: &Path) -> bool {
        let Some(ext) = path.extension().and_then(|e| e.to_str()) else {
            return false;
        };
        Lang::ALL
            .iter()
            .any(|l| l.spec().claims.iter().any(|(e, _)| *e == ext))
    }

    /// The language of a file by its extension and, where a language claims another's
    /// extension by the text ([`Language::claims`]: a C++ `.h`), by its first bytes. Pure.
    pub fn of_text(path: &Path, head: &[u8]) -> Option<Lang> {
        let by_ext = Lang::of_path(path)?;
        let ext = path.extension()?.to_str()?;
        Lang::ALL
            .into_iter()
            .find(|l| {
                l.spec()
                    .claims
                    .iter()
                    .any(|(e, sniff)| *e == ext && sniff(head))
            })
            .or(Some(by_ext))
    }

    pub fn ts_language(self) -> tree_sitter::Language {
        (self.spec().grammar)()
    }

    /// The grammar that parses `path`: its extension's dialect (`.tsx`), else the language's.
    pub fn grammar_for(self, path: &str) -> tree_sitter::Language {
        self.grammar(self.dialect_of(path))
    }

    /// Grammar `dialect` of the language ([`Lang::dialect_of`]: 0 its own).
    pub fn grammar(self, dialect: usize) -> tree_sitter::Language {
        match dialect.checked_sub(1) {
            Some(i) => self
                .spec()
                .dialects
                .get(i)
                .map_or_else(|| self.ts_language(), |(_, g)| g()),
            None => self.ts_language(),
        }
    }

    /// Which of the language's grammars parses `path`: 0 for its own, `i` for its `i`th
    /// dialect.
    pub fn dialect_of(self, path: &str) -> usize {
        let ext = path.rsplit_once('.').map_or("", |(_, e)| e);
        self.spec()
            .dialects
            .iter()
            .position(|(e, _)| *e == ext)
            .map_or(0, |i| i + 1)
    }

    /// Whether a directory is never walked: by its name (`node_modules`), or a file it holds
    /// (a build tree's `CMakeCache.txt`).
    pub fn is_skipped_dir(path: &std::path::Path) -> bool {
        let name = path.file_name().and_then(|n| n.to_str());
        let named =
            Lang::ALL
                .iter()
                .flat_map(|l| l.spec().skip_dirs)
                .any(|s| match s.contains('/') {
                    true => path.ends_with(s),
                    false => name == Some(*s),
                });
        named
            || Lang::ALL
                .iter()
                .flat_map(|l| l.spec().skip_marked)
                .any(|m| path.join(m).is_file())
    }

    /// The query file from the language's folder, embedded at build time.
    pub fn query_source(self) -> &'static str {
        self.spec().query
    }

    /// Names that are builtins of the language: a call to one that resolves to nothing in the
    /// workspace is not recorded as an edge (it would only be noise).
    pub fn is_builtin(self, name: &str) -> bool {
        self.spec().builtins.binary_search(&name).is_ok()
    }

    /// Every ID prefix, for schemas and messages: `["py", "go"]`.
    pub fn prefixes() -> Vec<&'static str> {
        Lang::ALL.iter().map(|l| l.prefix()).collect()
    }

    /// The languages and their extensions, for messages: "Python (.py, .pyi), Go (.go)".
    pub fn described() -> String {
        Lang::ALL
            .iter()
            .map(|l| {
                let exts: Vec<String> = l
                    .spec()
                    .extensions
                    .iter()
                    .map(|e| format!(".{e}"))
                    .collect();
                format!("{} ({})", l.name(), exts.join(", "))
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The module a file is imported as, as a path: its directory for languages whose
    /// directories are packages (`net/http/server.go` → `net/http`), else the file without its
    /// extension, a package's init file standing for its directory (`a/__init__.py` → `a`).
    pub fn module_path(path: &str) -> &str {
        let lang = Lang::of_path(Path::new(path));
        if lang.is_some_and(|l| l.spec().package_nodes) {
            return path.rsplit_once('/').map_or("", |(d, _)| d);
        }
        let stem = path.rsplit_once('.').map_or(path, |(s, _)| s);
        match lang.and_then(|l| l.spec().package_init) {
            Some(init) if stem == init => "",
            Some(init) => stem
                .strip_suffix(init)
                .and_then(|s| s.strip_suffix('/'))
                .unwrap_or(stem),
            None => stem,
        }
    }

    /// Whether a file is test code by its language's naming (`x_test.go`, `test_x.py`).
    pub fn is_test_file(path: &str) -> bool {
        let name = path.rsplit('/').next().unwrap_or(path);
        Lang::of_path(Path::new(path)).is_some_and(|l| (l.spec().is_test_file)(name))
    }

    /// Every file extension of every language, with its dot: `[".py", ".pyi", ".go"]`.
    pub fn dotted_extensions() -> Vec<String> {
        Lang::ALL
            .iter()
            .flat_map(|l| l.spec().extensions.iter().map(|e| format!(".{e}")))
            .collect()
    }

    /// Whether a file name is a project file of some language (`go.mod`).
    pub fn is_manifest(file_name: &str) -> bool {
        Lang::ALL.iter().any(|l| {
            l.spec().manifests.contains(&file_name)
                || l.spec().projects.iter().any(|p| p.file == file_name)
        })
    }

    /// The language whose name, in lower case, is `name` ("python").
    pub fn from_name(name: &str) -> Option<Lang> {
        Lang::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(name))
    }

    /// The language whose SCIP package manager is `manager` ("gomod").
    pub fn from_scip_manager(manager: &str) -> Option<Lang> {
        Lang::ALL
            .into_iter()
            .find(|l| l.spec().scip.manager == manager)
    }

    /// Whether a node ID or locate string starts with a language prefix (`py:`).
    pub fn of_id(s: &str) -> Option<Lang> {
        let (p, _) = s.split_once(':')?;
        Lang::from_prefix(p)
    }
}

/// A table of in-place rewrites (`Syntax::prepare`'s steps): each (source, what it becomes;
/// `None`: left alone, and the step says it changed nothing) through `rewrite`.
#[cfg(test)]
pub(crate) fn check_rewrites(cases: &[(&str, Option<&str>)], rewrite: impl Fn(&mut [u8]) -> bool) {
    for (src, want) in cases {
        let mut got = src.as_bytes().to_vec();
        let changed = rewrite(&mut got);
        match want {
            Some(w) => {
                assert!(changed, "{src:?}");
                assert_eq!(String::from_utf8_lossy(&got), *w, "{src:?}");
            }
            None => {
                assert!(!changed, "{src:?}: {}", String::from_utf8_lossy(&got));
                assert_eq!(&got, src.as_bytes());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_tables_are_sorted() {
        for l in Lang::ALL {
            let b = l.spec().builtins;
            assert!(b.windows(2).all(|w| w[0] < w[1]), "{}", l.name());
        }
    }

    #[test]
    fn scip_managers_give_the_language_back() {
        for l in Lang::ALL {
            assert_eq!(Lang::from_scip_manager(l.spec().scip.manager), Some(l));
        }
    }

    #[test]
    fn packages_from_project_files() {
        let read = |l: Lang, file: &str, text: &str| {
            l.spec()
                .scip
                .manifests
                .iter()
                .find(|(f, _)| *f == file)
                .and_then(|(_, r)| r(text))
                .map(|p| (p.name, p.version))
        };
        let some = |n: &str, v: Option<&str>| Some((n.to_string(), v.map(str::to_string)));
        let cases = [
            (
                Lang::Go,
                "go.mod",
                "// x\nmodule example.com/shop\n\ngo 1.22\n",
                some("example.com/shop", None),
            ),
            (
                Lang::Go,
                "go.mod",
                "module \"example.com/q\" // c\n",
                some("example.com/q", None),
            ),
            (Lang::Go, "go.mod", "go 1.22\n", None),
            (
                Lang::Java,
                "pom.xml",
                "<project><groupId>com.acme</groupId><artifactId>shop</artifactId><version>1.2.0</version></project>",
                some("com.acme:shop", Some("1.2.0")),
            ),
            (
                Lang::Java,
                "build.xml",
                "<project name=\"shop\" default=\"jar\">\n  <property name=\"src\" value=\"s\"/>\n  <property name=\"version\" value=\"1.2.0\"/>\n</project>",
                some("shop", Some("1.2.0")),
            ),
            (
                Lang::Java,
                "module-info.java",
                "/** The shop. */\nopen module com.acme.shop {\n  requires java.base;\n}\n",
                some("com.acme.shop", None),
            ),
            (
                Lang::Python,
                "pyproject.toml",
                "[build-system]\nname = \"no\"\n[project]\nname = \"shop\"\nversion = \"1.2.0\"\n",
                some("shop", Some("1.2.0")),
            ),
            (
                Lang::Python,
                "pyproject.toml",
                "[tool.poetry]\nname = 'po'\nversion = '0.1'\n",
                some("po", Some("0.1")),
            ),
            (
                Lang::Python,
                "pyproject.toml",
                "[project]\nname = \"dyn\"\ndynamic = [\"version\"]\n",
                some("dyn", None),
            ),
            (
                Lang::Python,
                "setup.cfg",
                "[metadata]\nname = cfgpkg\nversion = attr: cfgpkg.__version__\n",
                some("cfgpkg", None),
            ),
            (
                Lang::Python,
                "pyproject.toml",
                "[tool.black]\nline-length = 88\n",
                None,
            ),
            (
                Lang::TypeScript,
                "package.json",
                "{\"name\": \"@shop/core\", \"version\": \"1.4.0\"}",
                some("@shop/core", Some("1.4.0")),
            ),
            (Lang::JavaScript, "package.json", "{\"private\": true}", None),
            (Lang::JavaScript, "package.json", "not json", None),
            (
                Lang::Rust,
                "Cargo.toml",
                "[package]\nname = \"shop-store\"\nversion = \"0.2.0\"\n\n[dependencies]\nname = \"x\"\n",
                some("shop-store", Some("0.2.0")),
            ),
            (
                Lang::Rust,
                "Cargo.toml",
                "[workspace]\nmembers = [\"a\"]\n",
                None,
            ),
            (
                Lang::C,
                "CMakeLists.txt",
                "cmake_minimum_required(VERSION 3.10)\n# project(no)\nproject(inv VERSION 0.1.0 LANGUAGES C)\n",
                some("inv", Some("0.1.0")),
            ),
            (Lang::C, "CMakeLists.txt", "PROJECT( tool )\n", some("tool", None)),
            (Lang::C, "CMakeLists.txt", "add_library(x x.c)\n", None),
            (
                Lang::Php,
                "composer.json",
                "{\"name\": \"acme/shop\", \"require\": {\"php\": \">=8.1\"}}",
                some("acme/shop", None),
            ),
            (Lang::Php, "composer.json", "{\"version\": \"1.0\"}", None),
            (
                Lang::CSharp,
                "Directory.Build.props",
                "<Project><PropertyGroup><PackageId>Shop.Core</PackageId><Version>1.0.0</Version></PropertyGroup></Project>",
                some("Shop.Core", Some("1.0.0")),
            ),
            (
                Lang::CSharp,
                "Directory.Build.props",
                "<Project><PropertyGroup><AssemblyProduct>Python.NET</AssemblyProduct><VersionPrefix>$(FullVersion)</VersionPrefix></PropertyGroup></Project>",
                some("Python.NET", None),
            ),
            (Lang::CSharp, "Directory.Build.props", "<Project/>", None),
            (
                Lang::Kotlin,
                "settings.gradle.kts",
                "pluginManagement {}\nrootProject.name = \"kshop\"\ninclude(\":app\")\n",
                some("kshop", None),
            ),
            (
                Lang::Kotlin,
                "settings.gradle",
                "rootProject.name = 'groovy-shop'\n",
                some("groovy-shop", None),
            ),
            (Lang::Kotlin, "settings.gradle.kts", "include(\":app\")\n", None),
        ];
        for (l, file, text, want) in cases {
            assert_eq!(read(l, file, text), want, "{file}: {text:?}");
        }
    }

    #[test]
    fn languages_by_extension() {
        assert_eq!(Lang::of_path(Path::new("a/b.py")), Some(Lang::Python));
        assert_eq!(Lang::of_path(Path::new("a/b.pyi")), Some(Lang::Python));
        assert_eq!(Lang::of_path(Path::new("x.go")), Some(Lang::Go));
        assert_eq!(Lang::of_path(Path::new("x.rs")), Some(Lang::Rust));
        assert_eq!(Lang::of_path(Path::new("a/B.java")), Some(Lang::Java));
        assert_eq!(Lang::of_path(Path::new("x.kt")), Some(Lang::Kotlin));
        assert_eq!(
            Lang::of_path(Path::new("build.gradle.kts")),
            Some(Lang::Kotlin)
        );
        assert_eq!(
            Lang::of_id("kt:src/a.kt#String.padStart"),
            Some(Lang::Kotlin)
        );
        assert_eq!(Lang::module_path("src/a/b.kt"), "src/a");
        assert_eq!(
            Lang::of_path(Path::new("src/Shop/Cart.cs")),
            Some(Lang::CSharp)
        );
        assert_eq!(
            Lang::of_id("cs:src/Cart.cs#Shop.Cart.Add~2"),
            Some(Lang::CSharp)
        );
        assert!(Lang::is_test_file("tests/CartTests.cs") && !Lang::is_test_file("Cart.cs"));
        assert_eq!(Lang::of_path(Path::new("src/list.c")), Some(Lang::C));
        assert_eq!(
            Lang::of_path(Path::new("include/app/list.h")),
            Some(Lang::C)
        );
        assert_eq!(Lang::of_path(Path::new("x.cpp")), Some(Lang::Cpp));
        assert_eq!(Lang::of_path(Path::new("a/b.hpp")), Some(Lang::Cpp));
        assert_eq!(Lang::of_path(Path::new("a/b.h")), Some(Lang::C));
        let h = Path::new("include/shop/cart.h");
        assert!(Lang::needs_text(h) && !Lang::needs_text(Path::new("a.cpp")));
        assert_eq!(Lang::of_text(h, b"namespace shop {}\n"), Some(Lang::Cpp));
        assert_eq!(Lang::of_text(h, b"int f(void);\n"), Some(Lang::C));
        assert_eq!(
            Lang::of_text(Path::new("a.c"), b"namespace x {}"),
            Some(Lang::C)
        );
        assert_eq!(Lang::of_id("cpp:src/a.cpp#ns.A.f~2"), Some(Lang::Cpp));
        assert_eq!(Lang::module_path("src/list.c"), "src/list");
        assert_eq!(Lang::of_id("c:src/list.c#list_push"), Some(Lang::C));
        assert_eq!(Lang::of_path(Path::new("a/b.d.ts")), Some(Lang::TypeScript));
        assert_eq!(Lang::of_path(Path::new("a/b.tsx")), Some(Lang::TypeScript));
        assert_eq!(Lang::of_path(Path::new("a/b.cjs")), Some(Lang::JavaScript));
        assert_eq!(Lang::TypeScript.dialect_of("a/b.tsx"), 1);
        assert_eq!(Lang::TypeScript.dialect_of("a/b.ts"), 0);
        let skipped = |p: &str| Lang::is_skipped_dir(std::path::Path::new(p));
        assert!(skipped("node_modules") && !skipped("src"));
        assert!(skipped("target") && skipped("/w/app/web/node_modules"));
        // Bundler's install path, by its two last parts; neither part alone.
        assert!(skipped("vendor/bundle") && skipped("/w/app/vendor/bundle"));
        assert!(!skipped("vendor") && !skipped("bundle") && !skipped("src/bundle"));
        assert_eq!(Lang::module_path("src/walk/mod.rs"), "src/walk");
        assert_eq!(Lang::of_path(Path::new("Makefile")), None);
        assert_eq!(Lang::of_id("py:a.py#f"), Some(Lang::Python));
        assert_eq!(Lang::of_id("src/a.py:f@x"), None);
        assert_eq!(
            Lang::described(),
            "Python (.py, .pyi), Go (.go), TypeScript (.ts, .tsx, .mts, .cts), JavaScript (.js, .jsx, .mjs, .cjs), Rust (.rs), Java (.java), C (.c, .h), C++ (.cpp, .cc, .cxx, .c++, .hpp, .hh, .hxx, .h++, .ipp, .tpp), PHP (.php), C# (.cs), Ruby (.rb, .rake, .gemspec), Kotlin (.kt, .kts)"
        );
        assert_eq!(Lang::module_path("src/util/index.ts"), "src/util");
        assert_eq!(Lang::module_path("src/util/a.ts"), "src/util/a");
        assert_eq!(Lang::module_path("net/http/server.go"), "net/http");
        assert_eq!(Lang::module_path("main.go"), "");
        assert_eq!(Lang::module_path("json/decoder.py"), "json/decoder");
        assert_eq!(Lang::module_path("json/__init__.py"), "json");
        assert_eq!(Lang::module_path("__init__.py"), "");
        assert!(Lang::is_test_file("a/b_test.go") && Lang::is_test_file("t/test_x.py"));
        assert!(!Lang::is_test_file("a/b.go") && !Lang::is_test_file("testing.py"));
        assert!(Lang::is_test_file("src/a.test.ts") && Lang::is_test_file("a.spec.js"));
        assert!(!Lang::is_test_file("src/testing.ts"));
        assert!(Lang::is_test_file("src/test/java/p/StoreTest.java"));
        assert!(Lang::is_test_file("src/test/kotlin/p/StoreTest.kt"));
        assert_eq!(Lang::of_path(Path::new("lib/a/b.rb")), Some(Lang::Ruby));
        assert_eq!(Lang::of_path(Path::new("tasks/db.rake")), Some(Lang::Ruby));
        assert_eq!(Lang::of_path(Path::new("shop.gemspec")), Some(Lang::Ruby));
        // Names without an extension are not walked by name: no `Rakefile`, `Gemfile`.
        assert_eq!(Lang::of_path(Path::new("Rakefile")), None);
        assert_eq!(Lang::of_id("rb:lib/a.rb#A.B.valid?"), Some(Lang::Ruby));
        assert!(Lang::is_test_file("test/cart_test.rb") && Lang::is_test_file("spec/a_spec.rb"));
        assert!(!Lang::is_test_file("lib/testing.rb"));
        assert_eq!(
            Lang::of_path(Path::new("src/Http/Kernel.php")),
            Some(Lang::Php)
        );
        assert_eq!(
            Lang::of_path(Path::new("views/home.blade.php")),
            Some(Lang::Php)
        );
        assert_eq!(Lang::of_path(Path::new("views/home.phtml")), None);
        assert_eq!(
            Lang::of_id("php:src/Kernel.php#Kernel.handle"),
            Some(Lang::Php)
        );
        assert_eq!(Lang::module_path("src/Http/Kernel.php"), "src/Http");
        assert!(Lang::is_test_file("tests/KernelTest.php") && !Lang::is_test_file("src/Test.php"));
    }
}
