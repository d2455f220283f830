//! JavaScript: `.js`, `.jsx`, `.mjs` and `.cjs` files, `query.scm`, and
//! TypeScript's language server, which reads JavaScript too. The extraction rules are
//! TypeScript's ([`super::typescript::EcmaSyntax`]): JavaScript is TypeScript without types.

use super::spec::{GeneratedRules, Language, Query, ScipSpec, ServerSpec, TextRules};
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
    text: TextRules {
        member_values: true,
        ..TextRules::BRACES
    },
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
        unchecked: Some(syntax_only),
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

/// Whether tsc type-checks the JavaScript file `rel` (its `text`): `// @ts-check` in it, or
/// `"checkJs": true` in the nearest `jsconfig.json` or `tsconfig.json` above it under `root`
/// (and no `// @ts-nocheck`). Else what its diagnostics leave out, said.
fn syntax_only(root: &std::path::Path, rel: &str, text: &str) -> Option<String> {
    let said = |d: &str| {
        text.lines()
            .take(40)
            .any(|l| l.trim_start().starts_with("//") && l.contains(d))
    };
    let checked = !said("@ts-nocheck")
        && (said("@ts-check")
            || root
                .join(rel)
                .ancestors()
                .skip(1)
                .take_while(|d| d.starts_with(root))
                .find_map(|d| {
                    ["jsconfig.json", "tsconfig.json"]
                        .iter()
                        .find_map(|n| std::fs::read_to_string(d.join(n)).ok())
                })
                .is_some_and(|config| checks_js(&config)));
    (!checked).then(|| {
        format!(
            "tsc checks {rel} for syntax only: a JavaScript file is type-checked under `// @ts-check` at its top or `\"checkJs\": true` in its jsconfig.json, so a call of a method that does not exist or a wrong argument is not reported (partial)"
        )
    })
}

/// Whether a `jsconfig.json` or `tsconfig.json` text turns `checkJs` on. Pure.
fn checks_js(config: &str) -> bool {
    let flat: String = config.chars().filter(|c| !c.is_whitespace()).collect();
    flat.contains("\"checkJs\":true")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_javascript_file_is_type_checked_under_ts_check_or_check_js() {
        let dir = std::env::temp_dir().join(format!("codemap-checkjs-{}", std::process::id()));
        let _ = std::fs::create_dir_all(dir.join("lib"));
        assert!(syntax_only(&dir, "lib/a.js", "export const a = 1;\n").is_some());
        assert!(syntax_only(&dir, "lib/a.js", "// @ts-check\nexport const a = 1;\n").is_none());
        assert!(checks_js(
            "{\n  \"compilerOptions\": { \"checkJs\" : true }\n}"
        ));
        assert!(!checks_js("{\"compilerOptions\": {\"checkJs\": false}}"));
        let _ = std::fs::write(
            dir.join("jsconfig.json"),
            "{\"compilerOptions\": {\"checkJs\": true}}",
        );
        assert!(syntax_only(&dir, "lib/a.js", "export const a = 1;\n").is_none());
        assert!(syntax_only(&dir, "lib/a.js", "// @ts-nocheck\nexport const a = 1;\n").is_some());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
