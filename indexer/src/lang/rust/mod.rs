//! Rust: `.rs` files, `query.scm`, rust-analyzer, and the rules where Rust differs:
//! inline modules are scopes (`mod x { fn f() }` → `x.f`; a file module is its file), structs,
//! enums (variants as constants), traits (their methods as methods) and unions; an impl's
//! functions and constants hang under its self type, as Go's methods under their receiver
//! (`impl Map { fn open() }` → `Map.open`); a function inside a function is local;
//! `macro_rules!` macros are functions, and an invocation `name!(…)` a call of one (the
//! target `name!`: `resolve::macro_call`).

mod deps;
mod syntax;

mod unused;
use super::spec::{
    self, Def, DefTag, Language, MacroArgs, PackageName, Query, ScipSpec, ServerSetup, ServerSpec,
    Setting, Syntax,
};
use crate::model::{EdgeKind, Import, Kind};
use crate::syntax::{comment_summary, count_params, first_line, head_text, text, NodeExt};
use syntax::{
    above_attributes, base_type, chain, declaring_parameter, derives, doc_siblings, elements_of,
    generic_bound, is_doc_above, is_outer_doc, macro_args, pattern_names, type_expr, type_path,
    use_tree, value_type,
};
use tree_sitter::Node;

pub static RUST: Language = Language {
    manifests: &["Cargo.toml"],
    projects: &[super::spec::ProjectSpec {
        file: "Cargo.toml",
        kind: "cargo",
        read: |t| super::spec::ProjectFile {
            name: spec::manifest_value(t, "package", "name"),
            members: spec::manifest_list(t, "workspace", "members"),
        },
    }],
    skip_dirs: &["target"],
    builtins: BUILTINS,
    self_names: &["self", "Self"],
    local_scopes: &["closure_expression"],
    macro_calls: &["macro_invocation"],
    impls_anywhere: true,
    impl_self_type: Some(impl_self_type),
    members_are_values: true,
    variants_in_file: Some(
        "another `#[cfg]` item of the same file (another build configuration: the server compiles the cfgs and features the workspace enables)",
    ),
    build_variant: Some(unused::cfg_gated),
    unwrapping: &[
        "expect",
        "unwrap",
        "unwrap_or",
        "unwrap_or_default",
        "unwrap_or_else",
        "unwrap_unchecked",
    ],
    same_value: &[
        "as_deref",
        "as_deref_mut",
        "as_mut",
        "as_ref",
        "borrow",
        "borrow_mut",
        "clone",
        "cloned",
        "copied",
        "deref",
        "deref_mut",
        "lock",
        "read",
        "take",
        "to_owned",
        "write",
    ],
    block_scopes: &[
        "block",
        "closure_expression",
        "for_expression",
        "match_arm",
        "if_expression",
        "while_expression",
    ],
    package_init: Some("mod"),
    is_test_file: |name| name.ends_with("_test.rs") || name == "tests.rs",
    server: ServerSpec {
        types_every_receiver: true,
        checks_on_save: &["rust-analyzer"],
        // Offline: `cargo metadata` from what the registry holds.
        env: &[("CARGO_NET_OFFLINE", "true")],
        setup: Some(linked_projects),
        ..ServerSpec::new(
            &[&["rust-analyzer"]],
            "install rust-analyzer: rustup component add rust-analyzer",
            "rust",
        )
    },
    kept: unused::kept,
    deps: Some(super::spec::DepsSpec {
        ecosystem: "crates",
        find: deps::find,
        declared: Some(deps::declared),
    }),
    ..Language::new(
        "Rust",
        "rs",
        &["rs"],
        || tree_sitter_rust::LANGUAGE.into(),
        Query {
            file: "lang/rust/query.scm",
            text: include_str!("query.scm"),
        },
        &RustSyntax,
        ScipSpec {
            language: "Rust",
            manager: "cargo",
            files_are_modules: true,
            manifests: &[("Cargo.toml", cargo_package)],
        },
    )
};

/// rust-analyzer's settings: workspace symbols of every kind (by default it searches types
/// only: `symbols get` on axum gave 17 types and not `routing::get`); and, as it finds a
/// `Cargo.toml` at the root or one directory down, a workspace without one there, whose Cargo
/// projects sit deeper and in no workspace together (a monorepo's `rs/a`, `rs/b`), gets each
/// of them as `linkedProjects` (a workspace's members are its root's). With a `Cargo.toml` at
/// the root: the server's own discovery.
fn linked_projects(root: &std::path::Path) -> ServerSetup {
    let mut setup = ServerSetup {
        settings: vec![(
            "workspace.symbol.search.kind",
            Setting::Str("all_symbols".into()),
        )],
        top_level: true,
        folders: Vec::new(),
    };
    if root.join("Cargo.toml").is_file() {
        return setup;
    }
    let found: Vec<(std::path::PathBuf, bool)> =
        super::spec::project_files(root, &["Cargo.toml"], 6, &["target", "node_modules"])
            .into_iter()
            .filter_map(|file| {
                let text = std::fs::read_to_string(&file).unwrap_or_default();
                let workspace = text.lines().any(|l| l.trim() == "[workspace]");
                Some((file.parent()?.to_path_buf(), workspace))
            })
            .collect();
    let linked: Vec<String> = found
        .iter()
        .filter(|(dir, _)| {
            !found
                .iter()
                .any(|(w, ws)| *ws && w != dir && dir.starts_with(w))
        })
        .map(|(dir, _)| dir.join("Cargo.toml").to_string_lossy().into_owned())
        .collect();
    if !linked.is_empty() {
        setup
            .settings
            .push(("linkedProjects", Setting::Strings(linked)));
    }
    setup
}

/// Cargo.toml's `[package]` name and version.
fn cargo_package(text: &str) -> Option<PackageName> {
    Some(PackageName {
        name: spec::manifest_value(text, "package", "name")?,
        version: spec::manifest_value(text, "package", "version"),
    })
}

struct RustSyntax;

impl Syntax for RustSyntax {
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
            DefTag::Module => top.then_some(Package),
            DefTag::Type => match type_node {
                Some("declaration_list") => top.then_some(Interface),
                _ => matches!(
                    enclosing,
                    None | Some(Package) | Some(Function) | Some(Method)
                )
                .then_some(Type),
            },
            DefTag::Function => match enclosing {
                // A function inside a function is an item too (rust-analyzer outlines it):
                // `outer.helper`.
                None | Some(Package) | Some(Function) | Some(Method) => Some(Function),
                Some(Interface) => Some(Method),
                _ => None,
            },
            // An impl inside a function (serde's `Visitor` in `deserialize`) is an item: its
            // methods hang under its type as named there (`deserialize.V.visit_str`).
            DefTag::Method => matches!(
                enclosing,
                None | Some(Package) | Some(Function) | Some(Method)
            )
            .then_some(Method),
            DefTag::Field => (enclosing == Some(Struct)).then_some(Field),
            DefTag::Constant => match enclosing {
                None | Some(Package) => Some(Constant),
                // An enum's variant.
                Some(Type) => Some(Constant),
                Some(Interface) => Some(Constant),
                _ => None,
            },
            _ => None,
        }
    }

    fn is_scope(&self, kind: Kind) -> bool {
        matches!(
            kind,
            Kind::Package
                | Kind::Struct
                | Kind::Interface
                | Kind::Type
                | Kind::Function
                | Kind::Method
        )
    }

    fn refine(&self, _src: &[u8], def: &Def<'_>, kind: Kind) -> Option<Kind> {
        let in_impl = || {
            def.parent
                .filter(|p| p.kind_name() == "declaration_list")
                .and_then(|p| p.parent())
                .is_some_and(|g| g.kind_name() == "impl_item")
        };
        match def.tag {
            // What an impl declares is its type's (the `@definition.method` match).
            DefTag::Function | DefTag::Constant | DefTag::Type if in_impl() => None,
            DefTag::Method if def.node.kind_name() == "const_item" => Some(Kind::Constant),
            DefTag::Method if def.node.kind_name() == "type_item" => Some(Kind::Type),
            DefTag::Type if matches!(def.node.kind_name(), "struct_item" | "union_item") => {
                Some(Kind::Struct)
            }
            // A type alias inside a function is local.
            DefTag::Type if def.node.kind_name() == "type_item" && kind == Kind::Type => Some(kind),
            _ => Some(kind),
        }
    }

    fn implementer(&self, src: &[u8], reference: Node<'_>) -> Option<String> {
        let impl_item = reference
            .parent()
            .filter(|p| p.kind_name() == "impl_item")?;
        Some(text(src, base_type(impl_item.field("type")?)?))
    }

    /// A type named in a signature, a field, a type's arguments or a literal is no symbol when
    /// it is `Self` or a generic parameter in scope (`T` of `Vec<T>` in `struct Pool<T>`).
    fn reference_kind(&self, src: &[u8], node: Node<'_>, kind: EdgeKind) -> Option<EdgeKind> {
        if kind != EdgeKind::Uses {
            return Some(kind);
        }
        let named = match node.kind_name() {
            "generic_type" => node.field("type"),
            _ => Some(node),
        };
        let Some(named) = named.filter(|n| n.kind_name() == "type_identifier") else {
            return Some(kind);
        };
        let name = text(src, named);
        if name == "Self" || declaring_parameter(src, node, &name).is_some() {
            return None;
        }
        Some(kind)
    }

    fn receiver(&self, src: &[u8], receiver: Node<'_>) -> Option<(String, String)> {
        Some(("self".to_string(), text(src, base_type(receiver)?)))
    }

    fn params(&self, def: &Def<'_>) -> Option<u32> {
        match def.node.kind_name() {
            "function_item" | "function_signature_item" => {
                Some(count_params(def.node.field("parameters")?))
            }
            _ => None,
        }
    }

    fn signature(&self, src: &[u8], def: &Def<'_>, _kind: Kind) -> Option<String> {
        let node = def.node;
        Some(match node.kind_name() {
            "function_item" | "mod_item" => head_text(src, node, def.body),
            "enum_item" | "trait_item" => head_text(src, node, def.ty),
            "struct_item" | "union_item" => {
                let body = node.field("body");
                head_text(src, node, body).trim_end_matches(';').to_string()
            }
            _ => first_line(&text(src, node))
                .trim_end_matches([';', ',', '{'])
                .trim_end()
                .to_string(),
        })
    }

    fn doc(
        &self,
        src: &[u8],
        def: &Def<'_>,
        _span_node: Node<'_>,
        comments: Option<&[Node<'_>]>,
    ) -> Option<String> {
        // Above the item's attributes (`/// doc` then `#[derive(…)]`).
        let (at, row) = above_attributes(src, def.node.start_byte(), def.node.start_position().row);
        match comments {
            Some(cs) => crate::syntax::doc_comment_at_where(src, at, row, cs, is_outer_doc)
                .filter(|_| is_doc_above(src, at)),
            None => doc_siblings(src, def.node).filter(|_| is_doc_above(src, at)),
        }
    }

    fn module_doc(
        &self,
        src: &[u8],
        root: Node<'_>,
        _package: Option<Node<'_>>,
        _comments: Option<&[Node<'_>]>,
    ) -> Option<String> {
        // `//!` lines at the top of the file.
        let mut c = root.walk();
        let inner: Vec<Node<'_>> = root
            .named_children(&mut c)
            .take_while(|n| n.kind_name() == "line_comment" || n.kind_name() == "block_comment")
            .filter(|n| {
                let t = text(src, *n);
                t.starts_with("//!") || t.starts_with("/*!")
            })
            .collect();
        (!inner.is_empty())
            .then(|| comment_summary(src, &inner))
            .flatten()
    }

    fn bindings(&self, src: &[u8], node: Node<'_>, out: &mut Vec<(String, Option<String>)>) {
        let stated = node
            .field("type")
            .and_then(|t| match generic_bound(src, t) {
                Some(bound) => bound,
                None => type_expr(src, t),
            });
        match node.kind_name() {
            "const_item" | "static_item" => {
                // An impl's or trait's constant is its type's, not the module's.
                let in_impl = node
                    .parent()
                    .filter(|p| p.kind_name() == "declaration_list")
                    .and_then(|p| p.parent())
                    .is_some_and(|g| matches!(g.kind_name(), "impl_item" | "trait_item"));
                if let (Some(n), false) = (node.field("name"), in_impl) {
                    out.push((text(src, n), stated));
                }
            }
            "field_declaration" => {
                if let Some(n) = node.field("name") {
                    out.push((text(src, n), stated));
                }
            }
            // A tuple struct's fields by number: `struct S(A, B)` states `S.0: A`, `S.1: B`.
            "ordered_field_declaration_list"
                if node
                    .parent()
                    .is_some_and(|p| p.kind_name() == "struct_item") =>
            {
                let mut c = node.walk();
                let types = node.fields("type", &mut c);
                for (i, t) in types.enumerate() {
                    out.push((i.to_string(), type_expr(src, t)));
                }
            }
            "parameter" | "let_declaration" => {
                let Some(pattern) = node.field("pattern") else {
                    return;
                };
                // `let (a, b) = f()`: each name the call's result of its place.
                let call = node
                    .field("value")
                    .filter(|v| v.kind_name() == "call_expression")
                    .and_then(|v| chain(src, v));
                if let (Some(call), true, None) =
                    (&call, pattern.kind_name() == "tuple_pattern", &stated)
                {
                    let mut c = pattern.walk();
                    for (i, el) in pattern.named_children(&mut c).enumerate() {
                        let mut names = Vec::new();
                        pattern_names(el, &mut names);
                        let whole = matches!(el.kind_name(), "identifier" | "mut_pattern");
                        for n in names {
                            out.push((text(src, n), whole.then(|| format!("{call}@{i}"))));
                        }
                    }
                    return;
                }
                let mut names = Vec::new();
                pattern_names(pattern, &mut names);
                // One name bound whole (`x`, `mut x`, `ref x`) gets the type; names taken
                // apart from a value (`(a, b)`, `Some(x)`) are locals of unknown type.
                let whole = matches!(
                    pattern.kind_name(),
                    "identifier" | "mut_pattern" | "ref_pattern"
                );
                let ty = match (whole, stated) {
                    (false, _) => None,
                    (true, Some(t)) => Some(t),
                    (true, None) => node.field("value").and_then(|v| value_type(src, v)),
                };
                for n in names {
                    out.push((text(src, n), ty.clone()));
                }
            }
            "for_expression" => {
                // `for x in xs` / `for x in &xs`: x is an element of xs.
                let (Some(pattern), Some(value)) = (node.field("pattern"), node.field("value"))
                else {
                    return;
                };
                let mut names = Vec::new();
                pattern_names(pattern, &mut names);
                let elem = (pattern.kind_name() == "identifier")
                    .then(|| elements_of(src, value))
                    .flatten();
                for n in names {
                    out.push((text(src, n), elem.clone()));
                }
            }
            // `Some(x) =>`, `if let Some(x) = …`, `while let …`: locals of untold type.
            "match_pattern" | "let_condition" => {
                let pattern = match node.kind_name() {
                    "let_condition" => node.field("pattern"),
                    _ => node.named_child(0),
                };
                let mut names = Vec::new();
                if let Some(p) = pattern {
                    pattern_names(p, &mut names);
                }
                for n in names {
                    out.push((text(src, n), None));
                }
            }
            "closure_parameters" => {
                // Untyped ones (`|x, (a, b)|`); a typed one is a `parameter` binding itself.
                let mut c = node.walk();
                let mut names = Vec::new();
                for p in node.named_children(&mut c) {
                    if p.kind_name() != "parameter" {
                        pattern_names(p, &mut names);
                    }
                }
                for n in names {
                    out.push((text(src, n), None));
                }
            }
            _ => {}
        }
    }

    fn returns(&self, src: &[u8], def: &Def<'_>) -> Option<String> {
        if def.node.kind_name() == "enum_variant" {
            // A tuple variant is called to make a value of its enum (`Error::Io(e)`).
            let tuple = def
                .node
                .field("body")
                .is_some_and(|b| b.kind_name() == "ordered_field_declaration_list");
            let enum_item = def.node.parent()?.parent()?;
            return tuple
                .then(|| enum_item.field("name").map(|n| text(src, n)))
                .flatten();
        }
        if !matches!(
            def.node.kind_name(),
            "function_item" | "function_signature_item"
        ) {
            return None;
        }
        let r = def.node.field("return_type")?;
        if r.kind_name() == "tuple_type" {
            // `-> (A, B)`: results one by one, as Go's (`let (a, b) = f()` picks each).
            let mut c = r.walk();
            let parts: Vec<String> = r
                .named_children(&mut c)
                .map(|t| type_expr(src, t).unwrap_or_else(|| "?".into()))
                .collect();
            return (!parts.is_empty()).then(|| parts.join(", "));
        }
        Some(type_expr(src, r).unwrap_or_else(|| "?".into()))
    }

    fn implemented<'t>(&self, src: &[u8], def: &Def<'t>) -> Vec<(String, Node<'t>)> {
        match def.node.kind_name() {
            "struct_item" | "enum_item" | "union_item" => derives(src, def.node),
            "function_item" if def.tag == DefTag::Method => {
                let trait_path = def
                    .parent
                    .filter(|p| p.kind_name() == "declaration_list")
                    .and_then(|p| p.parent())
                    .filter(|g| g.kind_name() == "impl_item")
                    .and_then(|i| i.field("trait"))
                    .and_then(|t| type_path(src, t));
                trait_path
                    .map(|t| (format!("{t}.{}", text(src, def.name)), def.name))
                    .into_iter()
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    fn macro_args(&self, src: &[u8], node: Node<'_>) -> Option<MacroArgs> {
        macro_args(src, node)
    }

    fn imports(&self, src: &[u8], node: Node<'_>, out: &mut Vec<Import>) {
        let pos = crate::syntax::pos_of(src, node);
        if node.kind_name() == "mod_item" {
            // `mod x;` brings in the file of module `x`.
            if let Some(name) = node.field("name") {
                out.push(Import {
                    module: "self".to_string(),
                    member: Some(text(src, name)),
                    alias: None,
                    reexport: false,
                    pos,
                });
            }
            return;
        }
        let Some(arg) = node.field("argument") else {
            return;
        };
        // `pub use` (any visibility) re-exports what it brings in.
        let mut c = node.walk();
        let public = node
            .children(&mut c)
            .any(|n| n.kind_name() == "visibility_modifier");
        let from = out.len();
        use_tree(src, arg, "", pos, out);
        for imp in &mut out[from..] {
            imp.reexport = public;
        }
    }
}

// Sorted, for binary search: the prelude's types, traits, functions and variants (macros are
// not call expressions).
pub(super) const BUILTINS: &[&str] = &[
    "AsMut",
    "AsRef",
    "Box",
    "Clone",
    "Copy",
    "Debug",
    "Default",
    "DoubleEndedIterator",
    "Drop",
    "Eq",
    "Err",
    "ExactSizeIterator",
    "Extend",
    "Fn",
    "FnMut",
    "FnOnce",
    "From",
    "Hash",
    "Into",
    "IntoIterator",
    "Iterator",
    "None",
    "Ok",
    "Option",
    "Ord",
    "PartialEq",
    "PartialOrd",
    "Result",
    "Send",
    "Sized",
    "Some",
    "String",
    "Sync",
    "ToOwned",
    "ToString",
    "TryFrom",
    "TryInto",
    "Unpin",
    "Vec",
    "bool",
    "char",
    "drop",
    "f32",
    "f64",
    "i128",
    "i16",
    "i32",
    "i64",
    "i8",
    "isize",
    "str",
    "u128",
    "u16",
    "u32",
    "u64",
    "u8",
    "usize",
];

/// The self type an impl's header names, from the text at its trait on: `Sealed for
/// IndexMap<K, V, S> {}` → `IndexMap`; `IntoIterator for &'a IndexMap<K, V>` → `IndexMap`;
/// `Index<usize> for Keys<'_, K, V>` → `Keys`; `None` past the header (`{`, `;`, `where`)
/// with no `for`. The header may run over lines. Pure.
fn impl_self_type(header: &str) -> Option<String> {
    // The header ends at its body or a `;` outside brackets.
    let mut depth = 0i32;
    let mut end = header.len();
    for (i, c) in header.char_indices() {
        match c {
            '<' | '(' | '[' => depth += 1,
            '>' | ')' | ']' => depth -= 1,
            '{' | ';' if depth <= 0 => {
                end = i;
                break;
            }
            _ => {}
        }
    }
    let head = header[..end].split(" where").next()?;
    // The trait's own generics may hold `for` only as `for<'a>` (a higher-ranked bound).
    let mut depth = 0i32;
    let mut at = None;
    let bytes = head.as_bytes();
    for (i, c) in head.char_indices() {
        match c {
            '<' | '(' | '[' => depth += 1,
            '>' | ')' | ']' => depth -= 1,
            'f' if depth == 0
                && head[i..].starts_with("for")
                && (i == 0 || bytes[i - 1].is_ascii_whitespace())
                && head[i + 3..].starts_with(char::is_whitespace) =>
            {
                at = Some(i + 3);
                break;
            }
            _ => {}
        }
    }
    let ty = head[at?..].trim_start();
    let ty = ty.trim_start_matches('&');
    let ty = ty.trim_start();
    // A lifetime and `mut` after `&`.
    let ty = match ty.strip_prefix('\'') {
        Some(rest) => rest.split_once(char::is_whitespace)?.1.trim_start(),
        None => ty,
    };
    let ty = ty.strip_prefix("mut ").unwrap_or(ty).trim_start();
    let path: String = ty
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
        .collect();
    let leaf = path.rsplit("::").next()?.to_string();
    (!leaf.is_empty()).then_some(leaf)
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_impl_s_self_type_is_read_from_its_header() {
        for (header, ty) in [
            ("Sealed for IndexMap<K, V, S> {}", Some("IndexMap")),
            (
                "MutableKeys for IndexMap<K, V, S>\nwhere\n    S: BuildHasher,\n{",
                Some("IndexMap"),
            ),
            ("IntoIterator for &'a IndexMap<K, V, S> {", Some("IndexMap")),
            (
                "IntoIterator for &'a mut IndexMap<K, V, S> {",
                Some("IndexMap"),
            ),
            ("Index<usize> for Keys<'_, K, V> {", Some("Keys")),
            ("fmt::Debug for crate::map::Iter<'_, K, V> {", Some("Iter")),
            ("Fn<(&'a T,)> for Keep {", Some("Keep")),
            ("Shape for str {", Some("str")),
            (
                "From<[(K, V); N]> for IndexMap<K, V, RandomState> {",
                Some("IndexMap"),
            ),
            ("Trait {", None),
        ] {
            assert_eq!(super::impl_self_type(header).as_deref(), ty, "{header}");
        }
    }
}
