//! JavaScript: `.js`, `.jsx`, `.mjs` and `.cjs` files, `query.scm`, and
//! TypeScript's language server, which reads JavaScript too. The extraction rules are
//! TypeScript's ([`super::typescript::EcmaSyntax`]): JavaScript is TypeScript without types.

use super::spec::{GeneratedRules, Language, Query, ScipSpec, ServerSpec};
use super::typescript::{
    is_test_file, package_entries, package_json, EcmaSyntax, BUILTINS, LOCAL_SCOPES, MANIFESTS,
    PROJECTS, SKIP_DIRS,
};

pub static JAVASCRIPT: Language = Language {
    library_results_untyped: true,
    manifests: MANIFESTS,
    projects: PROJECTS,
    skip_dirs: SKIP_DIRS,
    builtins: BUILTINS,
    self_names: &["this"],
    super_call: Some("super"),
    local_scopes: LOCAL_SCOPES,
    package_init: Some("index"),
    is_test_file,
    server: ServerSpec {
        language_ids: &[("jsx", "javascriptreact")],
        symbols_need_open_file: true,
        references_keep_declaration: &["tsc", "typescript-language-server"],
        project_files: &["tsconfig.json", "jsconfig.json"],
        ..ServerSpec::new(
            &[
            &["tsc", "--lsp", "--stdio"],
            &["typescript-language-server", "--stdio"],
        ],
            "install TypeScript 7, whose tsc is a language server that reads JavaScript too: npm install -g typescript@7.0.2",
            "javascript",
        )
    },
    generated: GeneratedRules {
        entries: Some(("package.json", package_entries)),
        compiled_from: &[
            (".js", &[".ts", ".tsx"]),
            (".jsx", &[".tsx"]),
            (".mjs", &[".mts", ".ts"]),
            (".cjs", &[".cts", ".ts"]),
        ],
        minified: &[".min.js", ".min.mjs", ".min.cjs"],
        // After TypeScript's (typescript/mod.rs): ES modules before CommonJS.
        builds: &[(".jsx", 6), (".js", 6), (".mjs", 7), (".cjs", 8)],
        ..GeneratedRules::NONE
    },
    kept: super::typescript::unused::kept,
    ..Language::new(
        "JavaScript",
        "js",
        &["js", "jsx", "mjs", "cjs"],
        || tree_sitter_javascript::LANGUAGE.into(),
        Query {
            file: "lang/javascript/query.scm",
            text: concat!(include_str!("query.scm"), include_str!("../typescript/ecma.scm")),
        },
        &EcmaSyntax,
        ScipSpec {
        language: "JavaScript",
        manager: "npm-js",
        files_are_modules: true,
        manifests: &[("package.json", package_json)],
    },
    )
};
