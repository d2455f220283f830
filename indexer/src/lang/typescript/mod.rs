//! TypeScript: `.ts`, `.tsx` (its own grammar), `.mts`, `.cts` and `.d.ts` files,
//! `query.scm`, TypeScript's native language server (`tsc --lsp`, TypeScript 7),
//! and the rules TypeScript and JavaScript share ([`EcmaSyntax`], used by `javascript`):
//! classes, interfaces, type aliases and enums are scopes; functions in a class or interface
//! are methods; a module-level `const` is a constant unless it is bound to a function (then it
//! is a function) or a class; a name bound to `require(…)` is an import, not a symbol; anything
//! declared inside a function that is not a symbol (a callback, an IIFE) is local.

mod deps;
pub(crate) mod syntax;

pub(super) mod unused;
use super::spec::{
    Def, DefTag, GeneratedRules, Language, PackageName, Query, ScipSpec, ServerSpec, Syntax,
    TextRules,
};
use crate::model::{Import, Kind};
use crate::syntax::{
    count_params, doc_comment_at, first_line, head_text, lossy, pos_of, text, NodeExt,
};
use syntax::{
    annotation, doc_comment_siblings, is_parameter, is_require, own_exports, require_bindings,
    string_or_text, string_value, summary_of, value,
};
use tree_sitter::Node;

pub static TYPESCRIPT: Language = Language {
    library_results_untyped: true,
    manifests: MANIFESTS,
    projects: PROJECTS,
    dialects: &[("tsx", || tree_sitter_typescript::LANGUAGE_TSX.into())],
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
        language_ids: &[("tsx", "typescriptreact")],
        symbols_need_open_file: true,
        // tsc without the declaration leaves out the imports too (`import { Foo }`, an
        // alias's declaration), which pyright's answer keeps.
        references_keep_declaration: &["tsc", "typescript-language-server"],
        project_files: &["tsconfig.json", "jsconfig.json"],
        ..ServerSpec::new(
            &[
                &["tsc", "--lsp", "--stdio"],
                &["typescript-language-server", "--stdio"],
            ],
            "install TypeScript 7, whose tsc is a language server: npm install -g typescript@7.0.2",
            "typescript",
        )
    },
    generated: GeneratedRules {
        entries: Some(("package.json", package_entries)),
        compiled_from: &[
            (".d.ts", &[".ts", ".tsx"]),
            (".d.mts", &[".mts", ".ts"]),
            (".d.cts", &[".cts", ".ts"]),
        ],
        // Sources first, then declarations (what tsc's definitions land in), then
        // JavaScript's builds (javascript/mod.rs).
        builds: &[
            (".ts", 0),
            (".tsx", 0),
            (".mts", 1),
            (".cts", 2),
            (".d.ts", 3),
            (".d.mts", 4),
            (".d.cts", 5),
        ],
        ..GeneratedRules::NONE
    },
    kept: unused::kept,
    deps: Some(super::spec::DepsSpec {
        ecosystem: "npm",
        find: deps::find,
        declared: Some(deps::declared),
    }),
    ..Language::new(
        "TypeScript",
        "ts",
        &["ts", "tsx", "mts", "cts"],
        || tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into(),
        Query {
            file: "lang/typescript/query.scm",
            text: concat!(include_str!("query.scm"), include_str!("ecma.scm")),
        },
        &EcmaSyntax,
        ScipSpec {
            language: "TypeScript",
            manager: "npm",
            files_are_modules: true,
            manifests: &[("package.json", package_json)],
        },
    )
};

/// Project files that change how imports resolve: package names, `paths` and `baseUrl`.
pub(super) const MANIFESTS: &[&str] = &["package.json", "tsconfig.json", "jsconfig.json"];

/// npm's project files: a `package.json` names its package and lists its workspaces
/// (`"workspaces": [...]` or `{"packages": [...]}`); `pnpm-workspace.yaml` lists `packages`.
pub(super) const PROJECTS: &[super::spec::ProjectSpec] = &[
    super::spec::ProjectSpec {
        file: "package.json",
        kind: "npm",
        read: package_json_project,
    },
    super::spec::ProjectSpec {
        file: "pnpm-workspace.yaml",
        kind: "npm",
        read: pnpm_workspace,
    },
];

fn package_json_project(text: &str) -> super::spec::ProjectFile {
    let v: serde_json::Value = serde_json::from_str(text).unwrap_or_default();
    let ws = v.get("workspaces");
    let list = ws
        .and_then(|w| w.get("packages"))
        .or(ws)
        .and_then(|w| w.as_array());
    super::spec::ProjectFile {
        name: package_name(&v).map(|p| p.name),
        members: list
            .map(|a| {
                a.iter()
                    .filter_map(|m| m.as_str())
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default(),
    }
}

/// `pnpm-workspace.yaml`'s `packages:` list (block or flow style); `!`-exclusions left out.
pub(crate) fn pnpm_workspace(text: &str) -> super::spec::ProjectFile {
    let mut members = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        let l = line.split(" #").next().unwrap_or("");
        if !l.starts_with([' ', '\t', '-']) && !l.trim().is_empty() {
            inside = false;
            if let Some(rest) = l.trim().strip_prefix("packages:") {
                inside = true;
                if rest.trim().starts_with('[') {
                    members.extend(super::spec::quoted(rest));
                    members.extend(
                        rest.trim()
                            .trim_matches(['[', ']'])
                            .split(',')
                            .map(str::trim)
                            .filter(|m| !m.is_empty() && !m.starts_with(['"', '\'']))
                            .map(str::to_string),
                    );
                    inside = false;
                }
            }
            continue;
        }
        if inside {
            if let Some(item) = l.trim().strip_prefix('-') {
                let item = item.trim().trim_matches(['"', '\'']);
                if !item.is_empty() {
                    members.push(item.to_string());
                }
            }
        }
    }
    members.retain(|m| !m.starts_with('!'));
    super::spec::ProjectFile {
        name: None,
        members,
    }
}

/// Installed packages are not the workspace's code.
pub(super) const SKIP_DIRS: &[&str] = &["node_modules"];

/// `x.test.ts`, `x.spec.js`, `x_test.ts`.
pub(super) fn is_test_file(name: &str) -> bool {
    let stem = name.split('.').next().unwrap_or(name);
    name.contains(".test.") || name.contains(".spec.") || stem.ends_with("_test")
}

/// The paths package.json ships as its entry points (`main`, `module`, `types`, `typings`,
/// `browser`, `bin`, every string under `exports`), relative to its folder.
pub(super) fn package_entries(text: &str) -> Vec<String> {
    fn strings(v: &serde_json::Value, out: &mut Vec<String>) {
        match v {
            serde_json::Value::String(s) => out.push(s.trim_start_matches("./").to_string()),
            serde_json::Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
            serde_json::Value::Object(o) => o.values().for_each(|x| strings(x, out)),
            _ => {}
        }
    }
    let Ok(v) = serde_json::from_str::<serde_json::Value>(text) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for k in [
        "main", "module", "types", "typings", "browser", "bin", "exports",
    ] {
        if let Some(x) = v.get(k) {
            strings(x, &mut out);
        }
    }
    out.retain(|p| !p.is_empty() && !p.starts_with('/') && !p.split('/').any(|s| s == ".."));
    out
}

/// package.json's `name` and `version`.
pub(super) fn package_json(text: &str) -> Option<PackageName> {
    package_name(&serde_json::from_str(text).ok()?)
}

/// A parsed package.json's name and version.
fn package_name(v: &serde_json::Value) -> Option<PackageName> {
    let name = v.get("name")?.as_str()?.trim();
    (!name.is_empty()).then(|| PackageName {
        name: name.to_string(),
        version: v
            .get("version")
            .and_then(|v| v.as_str())
            .map(str::to_string),
    })
}

/// The extraction rules of TypeScript and JavaScript.
pub(super) struct EcmaSyntax;

/// Functions that are no symbol (callbacks, IIFEs, an object literal's methods): what is
/// declared inside one is local. (A method of a class is a symbol: what it declares is
/// inside that symbol first.)
pub(super) const LOCAL_SCOPES: &[&str] = &[
    "arrow_function",
    "function_expression",
    "function",
    "generator_function",
    "method_definition",
    "class_static_block",
];

/// Values that make the name bound to them a function.
const FUNCTION_VALUES: &[&str] = &[
    "arrow_function",
    "function_expression",
    "function",
    "generator_function",
];

impl EcmaSyntax {
    /// The value a variable is bound to (`const x = v`, `exports.x = v`, `a.x = a.y = v`).
    fn value<'t>(def: &Def<'t>) -> Option<Node<'t>> {
        let mut v = def.ty.or_else(|| def.node.field("value"))?;
        while v.kind_name() == "assignment_expression" {
            v = v.field("right")?;
        }
        Some(v)
    }

    /// The function a definition is: itself, or the function a name is bound to.
    fn function_node<'t>(def: &Def<'t>) -> Option<Node<'t>> {
        match def.tag {
            DefTag::Function => Some(def.node),
            DefTag::Variable | DefTag::Method => {
                Self::value(def).filter(|v| FUNCTION_VALUES.contains(&v.kind_name()))
            }
            _ => None,
        }
    }

    /// The statement a definition is written in, with its `export` (what a comment above
    /// documents). Asks the tree for a parent: for the reference path only.
    fn statement<'t>(def: &Def<'t>) -> Node<'t> {
        let mut n = match def.tag {
            DefTag::Variable | DefTag::Method => match def.parent {
                Some(p)
                    if matches!(
                        p.kind_name(),
                        "lexical_declaration" | "variable_declaration"
                    ) =>
                {
                    p
                }
                Some(p) if p.kind_name() == "expression_statement" => p,
                _ => def.node,
            },
            _ => def.node,
        };
        // `export declare class C`: the class, its `declare`, its `export`.
        while let Some(p) = n
            .parent()
            .filter(|p| matches!(p.kind_name(), "export_statement" | "ambient_declaration"))
        {
            n = p;
        }
        n
    }
}

impl Syntax for EcmaSyntax {
    /// `static concat()`: the `static` keyword among the method's own tokens.
    fn is_static(&self, _src: &[u8], def: &Def<'_>) -> bool {
        let mut c = def.node.walk();
        let found = def.node.children(&mut c).any(|k| k.kind_name() == "static");
        found
    }

    /// `export default function () {}`, `export default class {}`: named by their `default`
    /// keyword, as the servers name them and as a default import binds them.
    fn unnamed_name<'t>(&self, def: Node<'t>) -> Option<Node<'t>> {
        let export = def
            .parent()
            .filter(|p| p.kind_name() == "export_statement")?;
        let mut c = export.walk();
        let found = export.children(&mut c).find(|k| k.kind_name() == "default");
        found
    }

    fn place(
        &self,
        tag: DefTag,
        enclosing: Option<Kind>,
        type_node: Option<&str>,
        _name: &str,
    ) -> Option<Kind> {
        use Kind::*;
        let top = matches!(enclosing, None | Some(Package));
        match tag {
            DefTag::Class => Some(Class),
            DefTag::Type => Some(match type_node {
                Some("interface_body") => Interface,
                _ => Type,
            }),
            DefTag::Function => match enclosing {
                Some(Class | Interface) => Some(Method),
                Some(Type) => None,
                _ => Some(Function),
            },
            DefTag::Method => top.then_some(Method),
            DefTag::Field => matches!(enclosing, Some(Class | Interface)).then_some(Field),
            DefTag::Constant => (enclosing == Some(Type)).then_some(Constant),
            DefTag::Variable => top.then_some(Variable),
            DefTag::Module => top.then_some(Package),
            _ => None,
        }
    }

    fn lifted(&self, def: &Def<'_>) -> bool {
        def.tag == DefTag::Field && is_parameter(def.node)
    }

    fn is_scope(&self, kind: Kind) -> bool {
        matches!(
            kind,
            Kind::Class
                | Kind::Interface
                | Kind::Type
                | Kind::Function
                | Kind::Method
                | Kind::Package
        )
    }

    fn refine(&self, src: &[u8], def: &Def<'_>, kind: Kind) -> Option<Kind> {
        // A constructor's parameter is a field only with a modifier (`private x`,
        // `readonly x`).
        if is_parameter(def.node) {
            let mut c = def.node.walk();
            let modified = def.node.children(&mut c).any(|k| {
                matches!(
                    k.kind_name(),
                    "accessibility_modifier" | "readonly" | "override_modifier"
                )
            });
            return modified.then_some(kind);
        }
        // A method of a class expression that is no symbol (`mixin(class { m() {} })`).
        if kind == Kind::Function && def.parent.is_some_and(|p| p.kind_name() == "class_body") {
            return None;
        }
        // Accessors are properties (`get size()`, `set size(v)`), as the server has them.
        if kind == Kind::Method
            && def.node.kind_name() == "method_definition"
            && def
                .node
                .child(0)
                .is_some_and(|k| matches!(k.kind_name(), "get" | "set"))
        {
            return Some(Kind::Field);
        }
        // `Cls.prototype.x = 1` is a field; a method only when a function is assigned.
        if def.tag == DefTag::Method {
            let function = def.node.kind_name() == "method_definition"
                || Self::value(def).is_some_and(|v| FUNCTION_VALUES.contains(&v.kind_name()));
            return Some(if function { Kind::Method } else { Kind::Field });
        }
        if kind != Kind::Variable {
            return Some(kind);
        }
        let value = Self::value(def);
        if let Some(v) = value {
            if FUNCTION_VALUES.contains(&v.kind_name()) {
                return Some(Kind::Function);
            }
            if v.kind_name() == "class" {
                return Some(Kind::Class);
            }
            if is_require(src, v) {
                return None;
            }
        }
        let constant = def.parent.is_some_and(|p| {
            p.kind_name() == "lexical_declaration"
                && p.child(0).is_some_and(|k| text(src, k) == "const")
        });
        Some(if constant {
            Kind::Constant
        } else {
            Kind::Variable
        })
    }

    fn shared_node<'t>(&self, tag: DefTag, node: Node<'t>) -> Option<Node<'t>> {
        // `a.x = a.y = function …`: an assignment that is another's value.
        if tag != DefTag::Method {
            return None;
        }
        let mut top = node;
        while let Some(p) = top.parent() {
            let is_value = p.kind_name() == "assignment_expression"
                && p.field("right").is_some_and(|r| r.id() == top.id());
            if !is_value {
                break;
            }
            top = p;
        }
        (top.id() != node.id()).then_some(top)
    }

    fn full_node<'t>(&self, def: &Def<'t>) -> Node<'t> {
        match (def.tag, def.parent) {
            (DefTag::Variable, _) => def.node,
            (_, Some(p)) if p.kind_name() == "export_statement" => p,
            _ => def.node,
        }
    }

    fn receiver(&self, src: &[u8], receiver: Node<'_>) -> Option<(String, String)> {
        // Inside `Cls.prototype.m = function () { this.x() }`, `this` is a `Cls`.
        Some(("this".to_string(), text(src, receiver)))
    }

    fn bodiless(&self, _src: &[u8], def: &Def<'_>) -> bool {
        // `function f(a: string): string` before `function f(a: any) { … }`, and a class's
        // method signatures (an interface's have no overload with a body).
        matches!(
            def.node.kind_name(),
            "function_signature" | "method_signature"
        )
    }

    fn params(&self, def: &Def<'_>) -> Option<u32> {
        let f = Self::function_node(def)?;
        match f.field("parameters") {
            Some(p) => Some(count_params(p)),
            // `x => …`
            None => f.field("parameter").map(|_| 1),
        }
    }

    fn signature(&self, src: &[u8], def: &Def<'_>, kind: Kind) -> Option<String> {
        let node = def.node;
        Some(match def.tag {
            DefTag::Class | DefTag::Module | DefTag::Function => {
                let s = head_text(src, node, def.body);
                s.trim_end_matches(';').to_string()
            }
            DefTag::Type if kind == Kind::Interface => head_text(src, node, def.ty),
            DefTag::Type if def.ty.is_some_and(|t| t.kind_name() == "enum_body") => {
                head_text(src, node, def.ty)
            }
            DefTag::Variable | DefTag::Method => {
                let keyword = def
                    .parent
                    .filter(|p| {
                        matches!(
                            p.kind_name(),
                            "lexical_declaration" | "variable_declaration"
                        )
                    })
                    .and_then(|p| p.child(0))
                    .map(|k| format!("{} ", text(src, k)))
                    .unwrap_or_default();
                let body = Self::value(def)
                    .filter(|v| {
                        FUNCTION_VALUES.contains(&v.kind_name()) || v.kind_name() == "class"
                    })
                    .and_then(|v| v.field("body"));
                let head = match body {
                    Some(b) => lossy(&src[node.start_byte()..b.start_byte()])
                        .trim_end()
                        .trim_end_matches("=>")
                        .trim_end()
                        .to_string(),
                    None => first_line(&text(src, node)),
                };
                format!("{keyword}{head}")
            }
            _ => first_line(&text(src, node))
                .trim_end_matches([';', ','])
                .to_string(),
        })
    }

    fn doc(
        &self,
        src: &[u8],
        def: &Def<'_>,
        span_node: Node<'_>,
        comments: Option<&[Node<'_>]>,
    ) -> Option<String> {
        match comments {
            // The comment right above the line the statement starts on (`export const x`:
            // the line of `export`), found without asking the tree for a parent.
            Some(cs) => {
                // (An object's method, `{ a(x) {…} }`, starts on its own line.)
                let start = match def.tag {
                    DefTag::Variable | DefTag::Method => def
                        .parent
                        .filter(|p| {
                            matches!(
                                p.kind_name(),
                                "lexical_declaration"
                                    | "variable_declaration"
                                    | "expression_statement"
                            )
                        })
                        .unwrap_or(def.node),
                    _ => span_node,
                };
                let at = start.start_byte();
                let line = src[..at]
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |i| i + 1);
                let first = line
                    + src[line..at]
                        .iter()
                        .take_while(|b| b.is_ascii_whitespace())
                        .count();
                // Only `export` and `declare` may stand before it on its line.
                let prefix = String::from_utf8_lossy(&src[first..at]);
                let from = if prefix
                    .split_whitespace()
                    .all(|w| matches!(w, "export" | "declare"))
                {
                    first
                } else {
                    at
                };
                doc_comment_at(src, from, start.start_position().row, cs)
            }
            None => doc_comment_siblings(src, Self::statement(def)),
        }
    }

    fn module_doc(
        &self,
        src: &[u8],
        root: Node<'_>,
        _package: Option<Node<'_>>,
        comments: Option<&[Node<'_>]>,
    ) -> Option<String> {
        // TSDoc's and JSDoc's file comment: the first comment that says it is one.
        let first: Vec<Node<'_>> = match comments {
            Some(cs) => cs.iter().take(3).copied().collect(),
            None => {
                let mut c = root.walk();
                root.named_children(&mut c)
                    .take_while(|n| n.kind_name() == "comment")
                    .take(3)
                    .collect()
            }
        };
        let c = first.into_iter().find(|c| {
            let t = text(src, *c);
            ["@fileoverview", "@file", "@packageDocumentation", "@module"]
                .iter()
                .any(|tag| t.contains(tag))
        })?;
        let t = text(src, c);
        let cleaned: String = t
            .lines()
            .filter(|l| !l.contains("@packageDocumentation") && !l.contains("@module"))
            .map(|l| {
                l.replace("@fileoverview", "")
                    .replace("@file", "")
                    .replace("/**", "/*")
            })
            .collect::<Vec<_>>()
            .join("\n");
        summary_of(&cleaned)
    }

    fn imports(&self, src: &[u8], node: Node<'_>, out: &mut Vec<Import>) {
        let pos = pos_of(src, node);
        let import = |module: &str, member: Option<String>, alias: Option<String>| Import {
            module: module.to_string(),
            member,
            alias,
            reexport: false,
            pos,
        };
        match node.kind_name() {
            "call_expression" => {
                // `require("m")`: bound to whatever the call is assigned to.
                let Some(module) = node
                    .field("arguments")
                    .and_then(|a| a.named_child(0))
                    .and_then(|s| string_value(src, s))
                else {
                    return;
                };
                require_bindings(src, node, &module, pos, out);
            }
            "import_statement" => {
                let Some(module) = node
                    .field("source")
                    .and_then(|s| string_value(src, s))
                    .or_else(|| {
                        // `import x = require("m")`
                        let mut c = node.walk();
                        let clause = node
                            .named_children(&mut c)
                            .find(|n| n.kind_name() == "import_require_clause")?;
                        string_value(src, clause.field("source")?)
                    })
                else {
                    return;
                };
                let before = out.len();
                let mut c = node.walk();
                for child in node.named_children(&mut c) {
                    match child.kind_name() {
                        "import_clause" => {
                            let mut c2 = child.walk();
                            for part in child.named_children(&mut c2) {
                                match part.kind_name() {
                                    "identifier" => out.push(import(
                                        &module,
                                        Some("default".into()),
                                        Some(text(src, part)),
                                    )),
                                    "namespace_import" => {
                                        if let Some(id) = part.named_child(0) {
                                            out.push(import(&module, None, Some(text(src, id))));
                                        }
                                    }
                                    "named_imports" => {
                                        let mut c3 = part.walk();
                                        for spec in part.named_children(&mut c3) {
                                            if spec.kind_name() != "import_specifier" {
                                                continue;
                                            }
                                            let Some(name) = spec.field("name") else {
                                                continue;
                                            };
                                            let name = string_or_text(src, name);
                                            let alias = spec.field("alias").map(|a| text(src, a));
                                            out.push(import(&module, Some(name), alias));
                                        }
                                    }
                                    _ => {}
                                }
                            }
                        }
                        "import_require_clause" => {
                            if let Some(id) = child.named_child(0) {
                                if id.kind_name() == "identifier" {
                                    out.push(import(&module, None, Some(text(src, id))));
                                }
                            }
                        }
                        _ => {}
                    }
                }
                if out.len() == before {
                    // `import "./side-effect"`
                    out.push(import(&module, None, None));
                }
            }
            "assignment_expression" => {
                // `module.exports = x`: the file's default export.
                if let Some(right) = node.field("right") {
                    own_exports(src, right, true, pos, out);
                }
            }
            "export_statement" => {
                let Some(module) = node.field("source").and_then(|s| string_value(src, s)) else {
                    let default = {
                        let mut c = node.walk();
                        let found = node.children(&mut c).any(|k| k.kind_name() == "default");
                        found
                    };
                    if let Some(v) = node
                        .field("declaration")
                        .or_else(|| node.field("value"))
                        .filter(|_| default)
                    {
                        own_exports(src, v, true, pos, out);
                    }
                    let mut c = node.walk();
                    for clause in node.named_children(&mut c) {
                        if clause.kind_name() == "export_clause" {
                            own_exports(src, clause, false, pos, out);
                        }
                    }
                    return;
                };
                let reexport = |member: Option<String>, alias: Option<String>| Import {
                    module: module.clone(),
                    member,
                    alias,
                    reexport: true,
                    pos,
                };
                let mut c = node.walk();
                let mut any = false;
                for child in node.named_children(&mut c) {
                    match child.kind_name() {
                        "export_clause" => {
                            let mut c2 = child.walk();
                            for spec in child.named_children(&mut c2) {
                                if spec.kind_name() != "export_specifier" {
                                    continue;
                                }
                                let Some(name) = spec.field("name") else {
                                    continue;
                                };
                                let alias = spec.field("alias").map(|a| string_or_text(src, a));
                                out.push(reexport(Some(string_or_text(src, name)), alias));
                                any = true;
                            }
                        }
                        "namespace_export" => {
                            // `export * as ns from "m"`
                            if let Some(id) = child.named_child(0) {
                                out.push(reexport(None, Some(string_or_text(src, id))));
                                any = true;
                            }
                        }
                        _ => {}
                    }
                }
                if !any {
                    // `export * from "m"`
                    out.push(reexport(Some("*".into()), None));
                }
            }
            _ => {}
        }
    }

    fn bindings(&self, src: &[u8], node: Node<'_>, out: &mut Vec<(String, Option<String>)>) {
        match node.kind_name() {
            // A parameter without a type (`function f(cb)`, `x => …`).
            "identifier" => out.push((text(src, node), None)),
            "variable_declarator" => {
                let Some(name) = node.field("name") else {
                    return;
                };
                if name.kind_name() != "identifier" {
                    return;
                }
                let ty = node
                    .field("type")
                    .and_then(|t| annotation(src, t))
                    .or_else(|| node.field("value").and_then(|v| value(src, v)));
                out.push((text(src, name), ty));
            }
            "required_parameter" | "optional_parameter" => {
                let Some(name) = node
                    .field("pattern")
                    .or_else(|| node.field("name"))
                    .filter(|n| n.kind_name() == "identifier")
                else {
                    return;
                };
                let ty = node.field("type").and_then(|t| annotation(src, t));
                out.push((text(src, name), ty));
            }
            "public_field_definition" | "field_definition" => {
                let Some(name) = node
                    .field("name")
                    .or_else(|| node.field("property"))
                    .filter(|n| {
                        matches!(
                            n.kind_name(),
                            "property_identifier" | "private_property_identifier"
                        )
                    })
                else {
                    return;
                };
                let ty = node
                    .field("type")
                    .and_then(|t| annotation(src, t))
                    .or_else(|| node.field("value").and_then(|v| value(src, v)));
                out.push((text(src, name), ty));
            }
            "assignment_expression" => {
                // `this.x = new T()`
                let Some(left) = node.field("left") else {
                    return;
                };
                if left.kind_name() != "member_expression" {
                    return;
                }
                let (Some(obj), Some(prop)) = (left.field("object"), left.field("property")) else {
                    return;
                };
                if obj.kind_name() != "this"
                    || !matches!(
                        prop.kind_name(),
                        "property_identifier" | "private_property_identifier"
                    )
                {
                    return;
                }
                let ty = node.field("right").and_then(|v| value(src, v));
                out.push((format!("this.{}", text(src, prop)), ty));
            }
            _ => {}
        }
    }

    fn returns(&self, src: &[u8], def: &Def<'_>) -> Option<String> {
        let f = Self::function_node(def)?;
        let t = f.field("return_type")?;
        if t.kind_name() != "type_annotation" {
            return None;
        }
        annotation(src, t)
    }
}

// Sorted, for binary search: the globals of JavaScript's runtimes (ECMAScript, the browser,
// Node.js) and TypeScript's built-in types. A call of one, or a call through one
// (`console.log`, `Object.keys`), that resolves to nothing in the workspace is no edge.
pub(super) const BUILTINS: &[&str] = &[
    "Array",
    "ArrayBuffer",
    "ArrayLike",
    "AsyncGenerator",
    "AsyncIterable",
    "AsyncIterableIterator",
    "AsyncIterator",
    "Atomics",
    "Awaited",
    "BigInt",
    "Boolean",
    "Buffer",
    "ConstructorParameters",
    "DataView",
    "Date",
    "Error",
    "EvalError",
    "Exclude",
    "Extract",
    "Float32Array",
    "Float64Array",
    "Function",
    "Generator",
    "InstanceType",
    "Int16Array",
    "Int32Array",
    "Int8Array",
    "Intl",
    "Iterable",
    "IterableIterator",
    "Iterator",
    "JSON",
    "Map",
    "Math",
    "NaN",
    "NonNullable",
    "Number",
    "Object",
    "Omit",
    "Parameters",
    "Partial",
    "Pick",
    "Promise",
    "PromiseLike",
    "Proxy",
    "RangeError",
    "Readonly",
    "ReadonlyArray",
    "ReadonlyMap",
    "ReadonlySet",
    "Record",
    "ReferenceError",
    "Reflect",
    "RegExp",
    "Required",
    "ReturnType",
    "Set",
    "SharedArrayBuffer",
    "String",
    "Symbol",
    "SyntaxError",
    "TemplateStringsArray",
    "TextDecoder",
    "TextEncoder",
    "ThisType",
    "TypeError",
    "URIError",
    "URL",
    "URLSearchParams",
    "Uint16Array",
    "Uint32Array",
    "Uint8Array",
    "Uint8ClampedArray",
    "WeakMap",
    "WeakRef",
    "WeakSet",
    "clearImmediate",
    "clearInterval",
    "clearTimeout",
    "console",
    "decodeURI",
    "decodeURIComponent",
    "document",
    "encodeURI",
    "encodeURIComponent",
    "eval",
    "fetch",
    "globalThis",
    "isFinite",
    "isNaN",
    "parseFloat",
    "parseInt",
    "process",
    "queueMicrotask",
    "require",
    "setImmediate",
    "setInterval",
    "setTimeout",
    "structuredClone",
    "super",
    "window",
];
