//! JavaScript: `.js`, `.jsx`, `.mjs` and `.cjs` files, `queries/javascript.scm`, and
//! TypeScript's language server, which reads JavaScript too. The extraction rules are
//! TypeScript's ([`super::typescript::EcmaSyntax`]): JavaScript is TypeScript without types.

use super::spec::{GeneratedRules, Language, ScipSpec, ServerSpec};
use super::typescript::{
    is_test_file, package_entries, package_json, EcmaSyntax, BUILTINS, DEFINITIONS, LOCAL_SCOPES,
    MANIFESTS, SKIP_DIRS,
};
use crate::model::Kind;

pub static JAVASCRIPT: Language = Language {
    name: "JavaScript",
    prefix: "js",
    extensions: &["js", "jsx", "mjs", "cjs"],
    manifests: MANIFESTS,
    grammar: || tree_sitter_javascript::LANGUAGE.into(),
    dialects: &[],
    skip_dirs: SKIP_DIRS,
    query_file: "javascript.scm",
    query: include_str!("../../../queries/javascript.scm"),
    definitions: DEFINITIONS,
    builtins: BUILTINS,
    self_names: &["this"],
    super_call: Some("super"),
    local_scopes: LOCAL_SCOPES,
    macro_calls: &[],
    impls_anywhere: false,
    unwrapping: &[],
    same_value: &[],
    block_scopes: &[],
    first_binding_defines: false,
    package_nodes: false,
    implements_by_method_set: false,
    package_init: Some("index"),
    is_test_file,
    server: ServerSpec {
        commands: &[
            &["tsc", "--lsp", "--stdio"],
            &["typescript-language-server", "--stdio"],
        ],
        install_hint: "install TypeScript 7, whose tsc is a language server that reads JavaScript too: npm install -g typescript@7.0.2",
        language_id: "javascript",
        language_ids: &[("jsx", "javascriptreact")],
        env: &[],
        env_when: &[],
        class_kind: Kind::Class,
        enum_member_kind: Kind::Constant,
        namespace_kind: Some(Kind::Package),
        functions_in_class_are_methods: true,
        receiver_in_method_names: false,
        outline_kinds_from_parse: true,
        symbols_need_open_file: true,
        announcing_servers: &[],
    },
    syntax: &EcmaSyntax,
    scip: ScipSpec {
        language: "JavaScript",
        manager: "npm-js",
        files_are_modules: true,
        manifests: &[("package.json", package_json)],
    },
    generated: GeneratedRules {
        entries: Some(("package.json", package_entries)),
        compiled_from: &[
            (".js", &[".ts", ".tsx"]),
            (".jsx", &[".tsx"]),
            (".mjs", &[".mts"]),
            (".cjs", &[".cts"]),
        ],
        minified: &[".min.js", ".min.mjs", ".min.cjs"],
        ..GeneratedRules::NONE
    },
};
