//! Ruby: `.rb`, `.rake` and `.gemspec` files, `query.scm`, ruby-lsp (or solargraph), and the
//! rules where Ruby differs: a `module` is an interface (a namespace classes mix in), a
//! compact `class A::B` is `A.B`, a method on `self` (`def self.x`, `class << self`) is a
//! function of its class beside its instance methods (`A.x`, kind `function`), `attr_*`
//! symbols are fields, constants are assigned at file, class and module level, a class
//! opened again in its file is the same scope, docs are the `#` comments above.

mod deps;
mod unused;
use super::spec::{
    Def, DefTag, Language, PackageName, Query, ScipSpec, ServerSpec, Syntax, TextRules,
};
use crate::model::{Import, Kind};
use crate::syntax::{first_line, first_sentence, lossy, text, NodeExt};
use tree_sitter::Node;

pub static RUBY: Language = Language {
    library_results_untyped: true,
    // Bundler's install path (`bundle config set path vendor/bundle`): the gems' code,
    // indexed as libraries (`deps`), not as the workspace's.
    skip_dirs: &["vendor/bundle"],
    builtins: BUILTINS,
    self_names: &["self"],
    implicit_self: true,
    impls_anywhere: true,
    reopens: &[Kind::Class, Kind::Interface],
    is_test_file: |name| {
        name.ends_with("_test.rb") || name.ends_with("_spec.rb") || name.starts_with("test_")
    },
    server: ServerSpec::new(
        &[&["ruby-lsp"], &["solargraph", "stdio"]],
        "install ruby-lsp: gem install ruby-lsp",
        "ruby",
    ),
    kept: unused::kept,
    deps: Some(super::spec::DepsSpec {
        ecosystem: "rubygems",
        find: deps::find,
        declared: None,
    }),
    text: TextRules {
        hash_comments: true,
        name_ends: &['!', '?'],
        ..TextRules::BRACES
    },
    ..Language::new(
        "Ruby",
        "rb",
        &["rb", "rake", "gemspec"],
        || tree_sitter_ruby::LANGUAGE.into(),
        Query {
            file: "lang/ruby/query.scm",
            text: include_str!("query.scm"),
        },
        &RubySyntax,
        ScipSpec {
            language: "Ruby",
            manager: "gem",
            files_are_modules: false,
            manifests: &[("*.gemspec", gemspec_package)],
        },
    )
};

/// A gemspec's `s.name = "x"` and `s.version = "1.2"` (string literals only; a version
/// named by a constant, `Shop::VERSION`, is none).
fn gemspec_package(text: &str) -> Option<PackageName> {
    let value = |key: &str| {
        text.lines().find_map(|l| {
            let (lhs, rhs) = l.trim().split_once('=')?;
            if !lhs.trim_end().ends_with(&format!(".{key}")) || rhs.starts_with('=') {
                return None;
            }
            let v = rhs.trim().trim_end_matches(".freeze");
            let v = v
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .or_else(|| v.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')))?;
            (!v.is_empty() && !v.contains("#{")).then(|| v.to_string())
        })
    };
    Some(PackageName {
        name: value("name")?,
        version: value("version"),
    })
}

struct RubySyntax;

/// What a `def` sits in: the nearest `class`, `module` or `class << self` around it.
fn in_singleton_class(node: Node<'_>) -> bool {
    let mut cur = node.parent();
    while let Some(p) = cur {
        match p.kind_name() {
            "singleton_class" => {
                return p.field("value").is_some_and(|v| v.kind_name() == "self");
            }
            "class" | "module" | "method" | "singleton_method" => return false,
            _ => {}
        }
        cur = p.parent();
    }
    false
}

/// A constant whose value makes a class: `X = Struct.new(…)`, `Class.new(Base)`,
/// `Data.define(…)` (with or without a block).
fn makes_class(src: &[u8], value: Node<'_>) -> bool {
    if value.kind_name() != "call" {
        return false;
    }
    let (Some(recv), Some(m)) = (value.field("receiver"), value.field("method")) else {
        return false;
    };
    matches!(
        (text(src, recv).as_str(), text(src, m).as_str()),
        ("Struct" | "Class", "new") | ("Data", "define")
    )
}

/// A name as the ID spells it: a symbol's without its colon (`:x` → `x`).
fn plain_name(s: &str) -> String {
    s.strip_prefix(':').unwrap_or(s).to_string()
}

impl Syntax for RubySyntax {
    fn place(
        &self,
        tag: DefTag,
        enclosing: Option<Kind>,
        _type_node: Option<&str>,
        _name: &str,
    ) -> Option<Kind> {
        use Kind::*;
        let in_type = matches!(enclosing, None | Some(Class | Interface));
        match tag {
            DefTag::Class => in_type.then_some(Class),
            DefTag::Method => Some(Class),
            DefTag::Function => match enclosing {
                None => Some(Function),
                Some(Class | Interface) => Some(Method),
                _ => None,
            },
            DefTag::Constant => in_type.then_some(Constant),
            DefTag::Field => matches!(enclosing, Some(Class | Interface)).then_some(Field),
            _ => None,
        }
    }

    fn name(&self, src: &[u8], def: &Def<'_>) -> String {
        plain_name(&text(src, def.name))
    }

    fn name_span(&self, src: &[u8], def: &Def<'_>) -> crate::model::Span {
        let n = def.name;
        let mut span = crate::syntax::span_of(src, n);
        // `:x`: the name after the colon.
        if n.kind_name() == "simple_symbol" && src.get(n.start_byte()) == Some(&b':') {
            let p = n.start_position();
            span.start = crate::syntax::pos_at(src, n.start_byte() + 1, p.row, p.column + 1);
        }
        span
    }

    fn refine(&self, src: &[u8], def: &Def<'_>, kind: Kind) -> Option<Kind> {
        let node = def.node.kind_name();
        match def.tag {
            DefTag::Class | DefTag::Method if node == "module" => Some(Kind::Interface),
            DefTag::Class | DefTag::Method if node == "class" => Some(Kind::Class),
            // `def Foo.x`: a function of Foo.
            DefTag::Method => Some(Kind::Function),
            DefTag::Function if node == "singleton_method" => Some(Kind::Function),
            DefTag::Function if kind == Kind::Method && in_singleton_class(def.node) => {
                Some(Kind::Function)
            }
            DefTag::Constant if def.node.field("right").is_some_and(|v| makes_class(src, v)) => {
                Some(Kind::Class)
            }
            _ => Some(kind),
        }
    }

    fn is_scope(&self, kind: Kind) -> bool {
        matches!(
            kind,
            Kind::Class | Kind::Interface | Kind::Function | Kind::Method
        )
    }

    fn receiver(&self, src: &[u8], receiver: Node<'_>) -> Option<(String, String)> {
        // `class A::B`: the scope, with no variable of its own.
        let path = constant_path(src, receiver)?;
        let def = receiver.parent()?;
        if def.kind_name() != "singleton_method" {
            return Some((String::new(), path));
        }
        // `def Foo.x`: Foo as the scopes around it name it, whole (the definition is placed
        // at the file's level): `module M; def M.x` is `M.x`, `module M; def N.x` `M.N.x`.
        let outer = enclosing_path(src, def);
        let own = outer.rsplit('.').next().unwrap_or("");
        let full = if outer.is_empty() {
            path
        } else if own == path || outer.ends_with(&format!(".{path}")) {
            outer
        } else {
            format!("{outer}.{path}")
        };
        Some((String::new(), full))
    }

    fn file_level(&self, def: &Def<'_>) -> bool {
        def.tag == DefTag::Method && def.node.kind_name() == "singleton_method"
    }

    fn params(&self, def: &Def<'_>) -> Option<u32> {
        let list = def.node.field("parameters");
        match def.node.kind_name() {
            "method" | "singleton_method" => Some(list.map_or(0, |l| {
                let mut c = l.walk();
                l.named_children(&mut c)
                    .filter(|p| p.kind_name() != "comment")
                    .count() as u32
            })),
            _ => None,
        }
    }

    fn signature(&self, src: &[u8], def: &Def<'_>, _kind: Kind) -> Option<String> {
        let node = def.node;
        let end = match node.kind_name() {
            "class" => node
                .field("superclass")
                .or_else(|| node.field("name"))
                .map(|n| n.end_byte()),
            "module" => node.field("name").map(|n| n.end_byte()),
            "method" | "singleton_method" => node
                .field("parameters")
                .or_else(|| node.field("name"))
                .map(|n| n.end_byte()),
            _ => None,
        };
        Some(match end {
            Some(e) => lossy(&src[node.start_byte()..e]),
            None => first_line(&text(src, node)),
        })
    }

    fn doc(
        &self,
        src: &[u8],
        _def: &Def<'_>,
        span_node: Node<'_>,
        comments: Option<&[Node<'_>]>,
    ) -> Option<String> {
        match comments {
            Some(cs) => doc_in(src, span_node, cs),
            None => {
                let mut run = Vec::new();
                let mut next_row = span_node.start_position().row;
                let mut cur = span_node.prev_sibling();
                while let Some(c) = cur {
                    if c.kind_name() != "comment" || c.end_position().row + 1 != next_row {
                        break;
                    }
                    if c.prev_sibling()
                        .is_some_and(|p| p.end_position().row == c.start_position().row)
                    {
                        break;
                    }
                    next_row = c.start_position().row;
                    run.push(c);
                    cur = c.prev_sibling();
                }
                run.reverse();
                summary(src, &run)
            }
        }
    }

    fn module_doc(
        &self,
        src: &[u8],
        root: Node<'_>,
        _package: Option<Node<'_>>,
        _comments: Option<&[Node<'_>]>,
    ) -> Option<String> {
        // The comments the file opens with (after a `#!` line and magic comments), when a
        // blank line ends them: a file's header, not the first definition's doc.
        let mut c = root.walk();
        let mut run = Vec::new();
        let mut last_row = None;
        for n in root.children(&mut c) {
            if n.kind_name() != "comment" {
                let r = last_row?;
                // Right above a definition: its doc.
                if n.start_position().row == r + 1 {
                    return None;
                }
                break;
            }
            let t = text(src, n);
            if run.is_empty() && (t.starts_with("#!") || is_magic(&t)) {
                continue;
            }
            if last_row.is_some_and(|r| n.start_position().row != r + 1) {
                break;
            }
            last_row = Some(n.end_position().row);
            run.push(n);
        }
        summary(src, &run)
    }

    fn imports(&self, src: &[u8], node: Node<'_>, out: &mut Vec<Import>) {
        let (Some(m), Some(args)) = (node.field("method"), node.field("arguments")) else {
            return;
        };
        let Some(arg) = args.named_child(0).filter(|a| a.kind_name() == "string") else {
            return;
        };
        let Some(path) = string_literal(src, arg) else {
            return;
        };
        let path = path.trim_end_matches(".rb").to_string();
        if path.is_empty() {
            return;
        }
        let module = match text(src, m).as_str() {
            "require_relative" if path.starts_with("../") || path.starts_with("./") => path,
            "require_relative" => format!("./{path}"),
            _ => path,
        };
        out.push(Import {
            module,
            member: None,
            alias: None,
            reexport: false,
            pos: crate::syntax::pos_of(src, node),
        });
    }

    fn bindings(&self, src: &[u8], node: Node<'_>, out: &mut Vec<(String, Option<String>)>) {
        match node.kind_name() {
            "identifier" => out.push((text(src, node), None)),
            "assignment" => {
                let Some(left) = node.field("left").filter(|l| l.kind_name() == "identifier")
                else {
                    return;
                };
                let ty = node.field("right").and_then(|r| constructed(src, r));
                out.push((text(src, left), ty));
            }
            _ => {}
        }
    }
}

/// The qualname of the classes and modules around a node (`A.B` for a node in
/// `module A; class B`), as their names spell them (`class A::B` is `A.B`).
fn enclosing_path(src: &[u8], node: Node<'_>) -> String {
    let mut parts = Vec::new();
    let mut cur = node.parent();
    while let Some(p) = cur {
        if matches!(p.kind_name(), "class" | "module") {
            match p.field("name").and_then(|n| constant_path(src, n)) {
                Some(name) => parts.push(name),
                None => return String::new(),
            }
        }
        cur = p.parent();
    }
    parts.reverse();
    parts.join(".")
}

/// The class a value is made of: `Foo.new(…)`, `A::B.new` → `Foo`, `A.B`.
fn constructed(src: &[u8], value: Node<'_>) -> Option<String> {
    if value.kind_name() != "call" {
        return None;
    }
    if text(src, value.field("method")?) != "new" {
        return None;
    }
    constant_path(src, value.field("receiver")?)
}

/// `A::B::C` as `A.B.C`, when it is a path of constants.
pub(crate) fn constant_path(src: &[u8], node: Node<'_>) -> Option<String> {
    match node.kind_name() {
        "constant" => Some(text(src, node)),
        "scope_resolution" => {
            let name = text(src, node.field("name")?);
            match node.field("scope") {
                Some(s) => Some(format!("{}.{name}", constant_path(src, s)?)),
                // `::A`: from the top.
                None => Some(name),
            }
        }
        _ => None,
    }
}

/// A string literal's text, when it has no interpolation.
fn string_literal(src: &[u8], node: Node<'_>) -> Option<String> {
    let mut c = node.walk();
    let mut out = String::new();
    for p in node.named_children(&mut c) {
        match p.kind_name() {
            "string_content" => out.push_str(&text(src, p)),
            _ => return None,
        }
    }
    Some(out)
}

/// `# frozen_string_literal: true`, `# -*- coding: utf-8 -*-`, `# encoding: …`.
fn is_magic(comment: &str) -> bool {
    let t = comment.trim_start_matches('#').trim();
    t.starts_with("-*-")
        || t.starts_with("frozen_string_literal:")
        || t.starts_with("encoding:")
        || t.starts_with("coding:")
        || t.starts_with("warn_indent:")
        || t.starts_with("shareable_constant_value:")
}

/// The doc comment above `node`, from the file's comments: the `#` lines right above it,
/// none trailing code on its line.
fn doc_in(src: &[u8], node: Node<'_>, comments: &[Node<'_>]) -> Option<String> {
    let end = comments.partition_point(|c| c.end_byte() <= node.start_byte());
    let (mut i, mut at, mut next_row) = (end, node.start_byte(), node.start_position().row);
    while let Some(c) = i.checked_sub(1).and_then(|j| comments.get(j)) {
        if !crate::syntax::blank(src, c.end_byte(), at) || c.end_position().row + 1 != next_row {
            break;
        }
        let line_start = src[..c.start_byte()]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        if !crate::syntax::blank(src, line_start, c.start_byte()) {
            break;
        }
        next_row = c.start_position().row;
        at = c.start_byte();
        i -= 1;
    }
    summary(src, &comments[i..end])
}

/// The first sentence of a run of `#` comments (or one `=begin … =end` block); RDoc's
/// directives (`# :nodoc:`) and magic comments say nothing.
fn summary(src: &[u8], run: &[Node<'_>]) -> Option<String> {
    let texts: Vec<String> = run.iter().map(|n| text(src, *n)).collect();
    let lines: Vec<&str> = texts
        .iter()
        .flat_map(|t| t.lines())
        .filter(|l| !l.starts_with("=begin") && !l.starts_with("=end"))
        .map(|l| l.trim().trim_start_matches('#').trim())
        .filter(|l| !(is_magic(l) || l.starts_with(':') && l.ends_with(':')))
        .collect();
    first_sentence(lines)
}

// Sorted, for binary search: Kernel's and Module's methods a class body or method calls
// without a receiver, and the core classes.
pub(super) const BUILTINS: &[&str] = &[
    "ArgumentError",
    "Array",
    "Comparable",
    "Complex",
    "Enumerable",
    "Exception",
    "Float",
    "Hash",
    "IOError",
    "IndexError",
    "Integer",
    "Kernel",
    "KeyError",
    "NameError",
    "NoMethodError",
    "NotImplementedError",
    "Object",
    "Rational",
    "RuntimeError",
    "StandardError",
    "String",
    "TypeError",
    "__dir__",
    "__method__",
    "abort",
    "alias_method",
    "at_exit",
    "attr",
    "attr_accessor",
    "attr_reader",
    "attr_writer",
    "autoload",
    "binding",
    "block_given?",
    "caller",
    "catch",
    "class_eval",
    "define_method",
    "exit",
    "extend",
    "fail",
    "format",
    "freeze",
    "gets",
    "include",
    "instance_variable_get",
    "instance_variable_set",
    "lambda",
    "loop",
    "module_function",
    "p",
    "prepend",
    "print",
    "printf",
    "private",
    "private_class_method",
    "private_constant",
    "proc",
    "protected",
    "public",
    "puts",
    "raise",
    "rand",
    "require",
    "require_relative",
    "respond_to?",
    "send",
    "sleep",
    "sprintf",
    "super",
    "throw",
    "warn",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtins_sorted() {
        assert!(BUILTINS.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn gemspecs() {
        type Want<'a> = Option<(&'a str, Option<&'a str>)>;
        let cases: [(&str, Want<'_>); 4] = [
            (
                "Gem::Specification.new do |s|\n  s.name = \"rack\"\n  s.version = \"3.0.1\"\nend\n",
                Some(("rack", Some("3.0.1"))),
            ),
            (
                "Gem::Specification.new do |spec|\n  spec.name    = 'httparty'\n  spec.version = HTTParty::VERSION\nend\n",
                Some(("httparty", None)),
            ),
            ("spec.name = name_from(x)\n", None),
            ("s.name == \"x\"\n", None),
        ];
        for (text, want) in cases {
            let got = gemspec_package(text);
            let want = want.map(|(n, v)| PackageName {
                name: n.to_string(),
                version: v.map(str::to_string),
            });
            assert_eq!(got, want, "{text:?}");
        }
    }
}
