//! Rust: `.rs` files, `queries/rust.scm`, rust-analyzer, and the rules where Rust differs:
//! inline modules are scopes (`mod x { fn f() }` → `x.f`; a file module is its file), structs,
//! enums (variants as constants), traits (their methods as methods) and unions; an impl's
//! functions and constants hang under its self type, as Go's methods under their receiver
//! (`impl Map { fn open() }` → `Map.open`); a function inside a function is local;
//! `macro_rules!` macros are functions.

use super::spec::{self, Def, DefTag, Language, PackageName, ScipSpec, ServerSpec, Syntax};
use crate::model::{Import, Kind};
use crate::syntax::{comment_summary, count_params, doc_comment_at, first_line, head_text, text};
use tree_sitter::Node;

pub static RUST: Language = Language {
    name: "Rust",
    prefix: "rs",
    extensions: &["rs"],
    manifests: &["Cargo.toml"],
    grammar: || tree_sitter_rust::LANGUAGE.into(),
    dialects: &[],
    skip_dirs: &["target"],
    query_file: "rust.scm",
    query: include_str!("../../../queries/rust.scm"),
    definitions: &[
        DefTag::Module,
        DefTag::Type,
        DefTag::Function,
        DefTag::Method,
        DefTag::Field,
        DefTag::Constant,
    ],
    builtins: BUILTINS,
    self_names: &["self", "Self"],
    super_call: None,
    local_scopes: &["closure_expression"],
    block_scopes: &[],
    first_binding_defines: false,
    package_nodes: false,
    implements_by_method_set: false,
    package_init: Some("mod"),
    is_test_file: |name| name.ends_with("_test.rs") || name == "tests.rs",
    server: ServerSpec {
        commands: &[&["rust-analyzer"]],
        install_hint: "install rust-analyzer: rustup component add rust-analyzer",
        language_id: "rust",
        language_ids: &[],
        // Offline: `cargo metadata` from what the registry holds.
        env: &[("CARGO_NET_OFFLINE", "true")],
        class_kind: Kind::Class,
        enum_member_kind: Kind::Constant,
        namespace_kind: Some(Kind::Package),
        functions_in_class_are_methods: true,
        receiver_in_method_names: false,
        outline_kinds_from_parse: true,
        symbols_need_open_file: false,
        announcing_servers: &[],
    },
    syntax: &RustSyntax,
    scip: ScipSpec {
        language: "Rust",
        manager: "cargo",
        files_are_modules: true,
        manifests: &[("Cargo.toml", cargo_package)],
    },
};

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
                None | Some(Package) => Some(Function),
                Some(Interface) => Some(Method),
                _ => None,
            },
            DefTag::Method => top.then_some(Method),
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
                .filter(|p| p.kind() == "declaration_list")
                .and_then(|p| p.parent())
                .is_some_and(|g| g.kind() == "impl_item")
        };
        match def.tag {
            // What an impl declares is its type's (the `@definition.method` match).
            DefTag::Function | DefTag::Constant | DefTag::Type if in_impl() => None,
            DefTag::Method if def.node.kind() == "const_item" => Some(Kind::Constant),
            DefTag::Method if def.node.kind() == "type_item" => Some(Kind::Type),
            DefTag::Type if matches!(def.node.kind(), "struct_item" | "union_item") => {
                Some(Kind::Struct)
            }
            // A type alias inside a function is local.
            DefTag::Type if def.node.kind() == "type_item" && kind == Kind::Type => Some(kind),
            _ => Some(kind),
        }
    }

    fn implementer(&self, src: &[u8], reference: Node<'_>) -> Option<String> {
        let impl_item = reference.parent().filter(|p| p.kind() == "impl_item")?;
        Some(text(
            src,
            base_type(impl_item.child_by_field_name("type")?)?,
        ))
    }

    fn receiver(&self, src: &[u8], receiver: Node<'_>) -> Option<(String, String)> {
        Some(("self".to_string(), text(src, base_type(receiver)?)))
    }

    fn params(&self, def: &Def<'_>) -> Option<u32> {
        match def.node.kind() {
            "function_item" | "function_signature_item" => {
                Some(count_params(def.node.child_by_field_name("parameters")?))
            }
            _ => None,
        }
    }

    fn signature(&self, src: &[u8], def: &Def<'_>, _kind: Kind) -> Option<String> {
        let node = def.node;
        Some(match node.kind() {
            "function_item" | "mod_item" => head_text(src, node, def.body),
            "enum_item" | "trait_item" => head_text(src, node, def.ty),
            "struct_item" | "union_item" => {
                let body = node.child_by_field_name("body");
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
            Some(cs) => doc_comment_at(src, at, row, cs).filter(|_| is_doc_above(src, at)),
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
            .take_while(|n| n.kind() == "line_comment" || n.kind() == "block_comment")
            .filter(|n| {
                let t = text(src, *n);
                t.starts_with("//!") || t.starts_with("/*!")
            })
            .collect();
        (!inner.is_empty())
            .then(|| comment_summary(src, &inner))
            .flatten()
    }

    fn imports(&self, src: &[u8], node: Node<'_>, out: &mut Vec<Import>) {
        let pos = crate::syntax::pos_of(src, node);
        if node.kind() == "mod_item" {
            // `mod x;` brings in the file of module `x`.
            if let Some(name) = node.child_by_field_name("name") {
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
        let Some(arg) = node.child_by_field_name("argument") else {
            return;
        };
        use_tree(src, arg, "", pos, out);
    }
}

/// The names of a `use` tree, each as (path of the module, member, alias): `use a::b::{c, d as
/// e, f::*}` gives `a::b`/`c`, `a::b`/`d` as `e`, `a::b::f`/`*`.
fn use_tree(
    src: &[u8],
    node: Node<'_>,
    prefix: &str,
    pos: crate::model::Pos,
    out: &mut Vec<Import>,
) {
    let join = |a: &str, b: &str| {
        if a.is_empty() {
            b.to_string()
        } else {
            format!("{a}::{b}")
        }
    };
    let mut push = |path: String, alias: Option<String>| {
        let (module, member) = match path.rsplit_once("::") {
            Some((m, last)) => (m.to_string(), last.to_string()),
            None => (String::new(), path.clone()),
        };
        out.push(Import {
            module,
            member: Some(member),
            alias,
            reexport: false,
            pos,
        });
    };
    match node.kind() {
        "identifier" | "scoped_identifier" | "crate" | "self" | "super" => {
            push(join(prefix, &text(src, node)), None)
        }
        "use_as_clause" => {
            let (Some(p), alias) = (
                node.child_by_field_name("path"),
                node.child_by_field_name("alias").map(|a| text(src, a)),
            ) else {
                return;
            };
            push(join(prefix, &text(src, p)), alias);
        }
        "use_wildcard" => {
            let path = node
                .named_child(0)
                .map(|p| text(src, p))
                .unwrap_or_default();
            push(join(&join(prefix, &path), "*"), None);
        }
        "scoped_use_list" => {
            let path = node
                .child_by_field_name("path")
                .map(|p| text(src, p))
                .unwrap_or_default();
            if let Some(list) = node.child_by_field_name("list") {
                use_tree(src, list, &join(prefix, &path), pos, out);
            }
        }
        "use_list" => {
            let mut c = node.walk();
            for child in node.named_children(&mut c) {
                use_tree(src, child, prefix, pos, out);
            }
        }
        _ => {}
    }
}

/// The type an impl is for, without generics or a path: `Map<K, V>` → `Map`.
fn base_type(node: Node<'_>) -> Option<Node<'_>> {
    match node.kind() {
        "type_identifier" => Some(node),
        "generic_type" => base_type(node.child_by_field_name("type")?),
        "scoped_type_identifier" => node.child_by_field_name("name"),
        "reference_type" => base_type(node.child_by_field_name("type")?),
        _ => None,
    }
}

/// The start of an item's attributes (`#[…]` lines right above it), and its row.
fn above_attributes(src: &[u8], at: usize, row: usize) -> (usize, usize) {
    let (mut at, mut row) = (at, row);
    loop {
        let line_start = src[..at]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        if line_start == 0 {
            return (at, row);
        }
        let prev_start = src[..line_start - 1]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let prev = String::from_utf8_lossy(&src[prev_start..line_start - 1]);
        let t = prev.trim_start();
        if t.starts_with("#[") {
            at = prev_start + (prev.len() - t.len());
            row -= 1;
        } else {
            return (at, row);
        }
    }
}

/// Whether the comment right above `at` is a doc comment (`///`, `/**`), not a plain one.
fn is_doc_above(src: &[u8], at: usize) -> bool {
    let before = String::from_utf8_lossy(&src[..at]);
    let last = before
        .trim_end()
        .rsplit('\n')
        .next()
        .unwrap_or("")
        .trim_start();
    last.starts_with("///") || last.ends_with("*/") && before.contains("/**")
}

/// The doc comment above an item from the tree's siblings (the reference path).
fn doc_siblings(src: &[u8], node: Node<'_>) -> Option<String> {
    let mut next_row = node.start_position().row;
    let mut cur = node.prev_sibling();
    while let Some(a) = cur.filter(|c| c.kind() == "attribute_item") {
        next_row = a.start_position().row;
        cur = a.prev_sibling();
    }
    let mut run = Vec::new();
    while let Some(c) = cur {
        if !matches!(c.kind(), "line_comment" | "block_comment")
            || c.end_position().row + 1 != next_row
        {
            break;
        }
        next_row = c.start_position().row;
        run.push(c);
        cur = c.prev_sibling();
    }
    if run.is_empty() {
        return None;
    }
    run.reverse();
    comment_summary(src, &run)
}

// Sorted, for binary search: the prelude's types, traits, functions and variants (macros are
// not call expressions).
pub(super) const BUILTINS: &[&str] = &[
    "AsMut",
    "AsRef",
    "Box",
    "Clone",
    "Copy",
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
    "drop",
];
