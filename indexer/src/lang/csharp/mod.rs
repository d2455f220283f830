//! C#: `.cs` files, `query.scm`, csharp-ls or OmniSharp, and the rules where C# differs.
//! Namespaces are `package` symbols (`namespace A.B` is `B` under `A`, as C++'s `a::b`; a
//! file-scoped `namespace A.B;` holds the rest of its file); classes, structs, interfaces,
//! enums, records and delegates are types, nested at any depth (`Ns.Outer.Inner`); methods and
//! constructors (named after their class, `A.A`) are methods, told apart when overloaded by
//! `~N` in source order; fields, properties and events are fields, `const` fields and enum
//! members constants; a local function is `A.m.local`. A partial class is one symbol per part:
//! each file's part has its own node ID (`cs:a/A.cs#Ns.A`, `cs:a/A.Gen.cs#Ns.A`), and a member
//! of another part is found by qualname (`Language::impls_anywhere`). A base list does not say
//! which entry is the base class: the ones after the first, and every one of a struct, are
//! interfaces (`implements`); the first of a class is one when its name is an interface's by
//! .NET's convention (`IDisposable`, `IPyObjectEncoder`: `I`, a capital, a small letter).

mod deps;
mod unused;
use super::spec::{
    type_name, Argument, Def, DefTag, GeneratedRules, Language, PackageName, Query, ScipSpec,
    ServerSpec, Syntax, TextRules,
};
use crate::model::{EdgeKind, Import, Kind};
use crate::syntax::{doc_above, doc_comment_at, lossy, pos_of, text, NodeExt};
use tree_sitter::Node;

pub static CSHARP: Language = Language {
    manifests: &[],
    builtins: BUILTINS,
    text: TextRules {
        member_values: true,
        ..TextRules::BRACES
    },
    self_names: &["this"],
    super_call: Some("base"),
    implicit_self: true,
    overloads: true,
    impls_anywhere: true,
    local_scopes: &[
        "lambda_expression",
        "anonymous_method_expression",
        "anonymous_object_creation_expression",
    ],
    block_scopes: &[
        "block",
        "for_statement",
        "foreach_statement",
        "using_statement",
        "catch_clause",
        "switch_section",
        "lambda_expression",
    ],
    package_nodes: true,
    is_test_file,
    server: ServerSpec {
        types_every_receiver: true,
        enum_member_kind: Kind::Constant,
        ..ServerSpec::new(
            &[&["csharp-ls"], &["OmniSharp", "-lsp"]],
            "dotnet tool install --global csharp-ls (needs the .NET SDK), or OmniSharp (OmniSharp -lsp) on PATH",
            "csharp",
        )
    },
    generated: GeneratedRules::NONE,
    kept: unused::kept,
    deps: Some(super::spec::DepsSpec {
        ecosystem: "nuget",
        find: deps::find,
        declared: None,
    }),
    ..Language::new(
        "C#",
        "cs",
        &["cs"],
        || tree_sitter_c_sharp::LANGUAGE.into(),
        Query {
            file: "lang/csharp/query.scm",
            text: include_str!("query.scm"),
        },
        &CSharpSyntax,
        ScipSpec {
            language: "CSharp",
            manager: "nuget",
            files_are_modules: false,
            manifests: &[("Directory.Build.props", props_package)],
        },
    )
};

/// The NuGet package an MSBuild `Directory.Build.props` names: its `<PackageId>` (else its
/// `<AssemblyProduct>` or `<Product>`) and `<Version>` (else `<VersionPrefix>`), each when it
/// is a literal (`$(…)` is MSBuild's to work out).
fn props_package(text: &str) -> Option<PackageName> {
    let tag = |t: &str| {
        let open = format!("<{t}>");
        let a = text.find(&open)? + open.len();
        let b = text[a..].find(&format!("</{t}>"))?;
        let v = text[a..a + b].trim();
        (!v.is_empty() && !v.contains(['<', '$'])).then(|| v.to_string())
    };
    let name = tag("PackageId")
        .or_else(|| tag("AssemblyProduct"))
        .or_else(|| tag("Product"))?;
    Some(PackageName {
        name,
        version: tag("Version").or_else(|| tag("VersionPrefix")),
    })
}

/// `FooTest.cs`, `FooTests.cs`, `TestFoo.cs`.
fn is_test_file(name: &str) -> bool {
    let Some(stem) = name.strip_suffix(".cs") else {
        return false;
    };
    stem.ends_with("Test")
        || stem.ends_with("Tests")
        || stem
            .strip_prefix("Test")
            .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_uppercase()))
}

/// Whether a type's name is an interface's by .NET's naming convention: `I`, a capital, then
/// a small letter somewhere after (`IList`, `IPyObjectEncoder`; not `IPAddress`, `IOException`
/// whose third letter is a capital, nor `Item`). Pure.
pub(crate) fn interface_name(name: &str) -> bool {
    let b = name.as_bytes();
    b.len() >= 3 && b[0] == b'I' && b[1].is_ascii_uppercase() && b[2].is_ascii_lowercase()
}

struct CSharpSyntax;

/// The type declarations, and the kind each one is.
fn type_kind(node: Node<'_>) -> Kind {
    match node.kind_name() {
        "struct_declaration" => Kind::Struct,
        "interface_declaration" => Kind::Interface,
        "enum_declaration" | "delegate_declaration" => Kind::Type,
        "record_declaration" if has_token(node, "struct") => Kind::Struct,
        _ => Kind::Class,
    }
}

/// Whether a node has an anonymous child token of this kind (`record struct`).
fn has_token(node: Node<'_>, kind: &str) -> bool {
    let mut c = node.walk();
    let found = node
        .children(&mut c)
        .any(|k| !k.is_named() && k.kind_name() == kind);
    found
}

/// Whether a declaration has this modifier (`const`, `static`).
fn has_modifier(src: &[u8], node: Node<'_>, word: &str) -> bool {
    let mut c = node.walk();
    let found = node
        .named_children(&mut c)
        .any(|k| k.kind_name() == "modifier" && &src[k.byte_range()] == word.as_bytes());
    found
}

/// The declaration a field's declarator belongs to (`field_declaration`,
/// `event_field_declaration`), through its `variable_declaration`.
fn field_decl<'t>(def: &Def<'t>) -> Option<Node<'t>> {
    let vd = def
        .parent
        .or_else(|| def.node.parent())
        .filter(|p| p.kind_name() == "variable_declaration")?;
    vd.parent().filter(|d| {
        matches!(
            d.kind_name(),
            "field_declaration" | "event_field_declaration"
        )
    })
}

/// The declarators of a variable declaration (`int a, b;`).
fn declarators(vd: Node<'_>) -> Vec<Node<'_>> {
    let mut c = vd.walk();
    let v: Vec<Node<'_>> = vd
        .named_children(&mut c)
        .filter(|k| k.kind_name() == "variable_declarator")
        .collect();
    v
}

/// A declarator's initial value: its expression after `=`.
fn declarator_value(d: Node<'_>) -> Option<Node<'_>> {
    let mut c = d.walk();
    let name = d.field("name").map(|n| n.id());
    let v = d.named_children(&mut c).find(|k| {
        Some(k.id()) != name && !matches!(k.kind_name(), "bracketed_argument_list" | "comment")
    });
    v
}

/// Parameters as C# counts them: each `parameter`, and a trailing `params T[] xs` (whose type
/// and name the grammar puts on the list itself).
fn count_params(list: Node<'_>) -> u32 {
    let mut c = list.walk();
    let n = list
        .named_children(&mut c)
        .filter(|p| p.kind_name() == "parameter")
        .count() as u32;
    n + u32::from(list.field("name").is_some())
}

/// Where a declaration's signature starts: after its attributes (`[Obsolete]`).
fn decl_start(node: Node<'_>) -> usize {
    let mut c = node.walk();
    let first = node
        .children(&mut c)
        .find(|k| !matches!(k.kind_name(), "attribute_list" | "comment"));
    first.map_or(node.start_byte(), |k| k.start_byte())
}

impl Syntax for CSharpSyntax {
    fn place(
        &self,
        tag: DefTag,
        enclosing: Option<Kind>,
        _type_node: Option<&str>,
        _name: &str,
    ) -> Option<Kind> {
        use Kind::*;
        let ns = matches!(enclosing, None | Some(Package));
        let in_type = matches!(enclosing, Some(Class | Struct | Interface | Type));
        let in_fn = matches!(enclosing, Some(Method | Function));
        match tag {
            DefTag::Module | DefTag::Method => ns.then_some(Package),
            // Refined by its declaration's kind.
            DefTag::Type => (ns || in_type || in_fn).then_some(Class),
            DefTag::Function if in_type => Some(Method),
            // A local function.
            DefTag::Function => in_fn.then_some(Function),
            DefTag::Field => in_type.then_some(Field),
            DefTag::Constant => in_type.then_some(Constant),
            _ => None,
        }
    }

    fn refine(&self, src: &[u8], def: &Def<'_>, kind: Kind) -> Option<Kind> {
        Some(match (def.tag, kind) {
            (DefTag::Type, _) => type_kind(def.node),
            (DefTag::Field, Kind::Field)
                if field_decl(def).is_some_and(|d| has_modifier(src, d, "const")) =>
            {
                Kind::Constant
            }
            _ => kind,
        })
    }

    fn is_scope(&self, kind: Kind) -> bool {
        matches!(
            kind,
            Kind::Package
                | Kind::Class
                | Kind::Struct
                | Kind::Interface
                | Kind::Type
                | Kind::Method
                | Kind::Function
        )
    }

    fn prepare(&self, src: &[u8]) -> Option<Vec<u8>> {
        conditional_branches(src)
    }

    fn holds_declarations(&self, kind: &str) -> bool {
        matches!(
            kind,
            "declaration_list" | "namespace_declaration" | "preproc_if" | "preproc_else"
        )
    }

    fn receiver(&self, src: &[u8], receiver: Node<'_>) -> Option<(String, String)> {
        // A namespace's qualifier (`A.B` of `namespace A.B.C`): no variable.
        let t: String = text(src, receiver)
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        t.split('.')
            .all(crate::syntax::is_member_name)
            .then_some((String::new(), t))
    }

    fn full_node<'t>(&self, def: &Def<'t>) -> Node<'t> {
        match def.tag {
            // A field's one declarator: the whole declaration (modifiers, type).
            DefTag::Field => match field_decl(def) {
                Some(d) if d.field("type").is_none() => {
                    let one = d
                        .named_children(&mut d.walk())
                        .find(|k| k.kind_name() == "variable_declaration")
                        .is_some_and(|vd| declarators(vd).len() == 1);
                    if one {
                        d
                    } else {
                        def.node
                    }
                }
                _ => def.node,
            },
            _ => def.node,
        }
    }

    fn params(&self, def: &Def<'_>) -> Option<u32> {
        match def.tag {
            DefTag::Function => Some(def.node.field("parameters").map_or(0, count_params)),
            _ => None,
        }
    }

    fn param_types(&self, src: &[u8], def: &Def<'_>) -> Vec<String> {
        let Some(list) = def
            .node
            .field("parameters")
            .filter(|_| def.tag == DefTag::Function)
        else {
            return Vec::new();
        };
        let mut c = list.walk();
        let params: Vec<Node<'_>> = list
            .named_children(&mut c)
            .filter(|p| p.kind_name() == "parameter")
            .collect();
        let modifiers = |p: &Node<'_>| {
            let mut c = p.walk();
            let m: Vec<String> = p
                .named_children(&mut c)
                .filter(|k| k.kind_name() == "modifier")
                .map(|k| text(src, k))
                .collect();
            m
        };
        // An extension method's receiver is no argument of its calls: not told.
        if params
            .iter()
            .any(|p| modifiers(p).iter().any(|m| m == "this"))
        {
            return Vec::new();
        }
        // `ref`/`out`/`in`/`params` parameters take what is passed as such: not told.
        let mut out: Vec<String> = params
            .iter()
            .map(|p| match p.field("type") {
                Some(t) if modifiers(p).is_empty() => type_name(&text(src, t)),
                _ => String::new(),
            })
            .collect();
        if list.field("name").is_some() {
            out.push(String::new());
        }
        out
    }

    fn argument(&self, src: &[u8], arg: Node<'_>) -> Argument {
        // An `argument` holds the expression, after a name (`x: 1`) or `ref`/`out`.
        let expr = if arg.kind_name() == "argument" {
            let mut c = arg.walk();
            let plain = arg.named_child_count() == 1 && arg.children(&mut c).all(|k| k.is_named());
            match arg.named_child(0) {
                Some(e) if plain => e,
                _ => return Argument::Unknown,
            }
        } else {
            arg
        };
        let typed = |t: &str| Argument::Type(t.to_string());
        match expr.kind_name() {
            "identifier" => Argument::Name(text(src, expr)),
            "string_literal"
            | "verbatim_string_literal"
            | "raw_string_literal"
            | "interpolated_string_expression" => typed("string"),
            "boolean_literal" => typed("bool"),
            "character_literal" => typed("char"),
            "integer_literal" => {
                let t = text(src, expr).to_ascii_lowercase();
                match t.chars().last() {
                    Some('l') => typed("long"),
                    Some('u') => Argument::Unknown,
                    _ => typed("int"),
                }
            }
            "real_literal" => match text(src, expr).to_ascii_lowercase().chars().last() {
                Some('f') => typed("float"),
                Some('m') => typed("decimal"),
                _ => typed("double"),
            },
            "object_creation_expression" | "cast_expression" => Argument::of_type_field(src, expr),
            "parenthesized_expression" => match expr.named_child(0) {
                Some(inner) => self.argument(src, inner),
                None => Argument::Unknown,
            },
            _ => Argument::Unknown,
        }
    }

    fn variadic(&self, def: &Def<'_>) -> bool {
        def.tag == DefTag::Function
            && def
                .node
                .field("parameters")
                .is_some_and(|p| p.field("name").is_some())
    }

    fn required(&self, def: &Def<'_>) -> Option<u32> {
        // `f(int a, int b = 0)` takes one or two: parameters with a default are optional.
        let list = def.node.field("parameters")?;
        let mut c = list.walk();
        let ps: Vec<Node<'_>> = list
            .named_children(&mut c)
            .filter(|p| p.kind_name() == "parameter")
            .collect();
        let defaults = ps
            .iter()
            .filter(|p| {
                let mut c = p.walk();
                let ty = p.field("type").map(|t| t.id());
                let name = p.field("name").map(|n| n.id());
                let d = p.named_children(&mut c).any(|k| {
                    Some(k.id()) != ty
                        && Some(k.id()) != name
                        && !matches!(k.kind_name(), "attribute_list" | "modifier")
                });
                d
            })
            .count() as u32;
        (defaults > 0).then(|| ps.len() as u32 - defaults)
    }

    fn signature(&self, src: &[u8], def: &Def<'_>, kind: Kind) -> Option<String> {
        let node = def.node;
        Some(match def.tag {
            DefTag::Function => {
                let end = def.body.map_or(node.end_byte(), |b| b.start_byte());
                lossy(&src[decl_start(node)..end])
                    .trim_end()
                    .trim_end_matches(';')
                    .trim_end()
                    .to_string()
            }
            DefTag::Module | DefTag::Method => {
                // `namespace A.B`: the declaration's line.
                let ns = if node.kind_name() == "compilation_unit" {
                    let mut c = node.walk();
                    let found = node
                        .named_children(&mut c)
                        .find(|k| k.kind_name() == "file_scoped_namespace_declaration");
                    found?
                } else {
                    node
                };
                let name = ns.field("name")?;
                format!("namespace {}", text(src, name))
            }
            DefTag::Type => {
                // Up to the body: `public sealed class A<T> : B, IC where T : new()`.
                let end = def.body.map_or(node.end_byte(), |b| b.start_byte());
                lossy(&src[decl_start(node)..end])
                    .trim_end()
                    .trim_end_matches(';')
                    .trim_end()
                    .to_string()
            }
            DefTag::Field | DefTag::Constant => match field_decl(def) {
                Some(d) => {
                    let vd = def.parent.or_else(|| def.node.parent())?;
                    let ty = vd.field("type")?;
                    let head = lossy(&src[decl_start(d)..ty.end_byte()]);
                    let mut s = format!("{} {}", head.trim_end(), text(src, def.name));
                    if kind == Kind::Constant {
                        if let Some(v) = declarator_value(node) {
                            s = format!("{s} = {}", text(src, v));
                        }
                    }
                    s
                }
                None => match node.kind_name() {
                    // A property or an event with accessors: up to them.
                    "property_declaration" | "event_declaration" => {
                        let end = node
                            .field("accessors")
                            .or_else(|| node.field("value"))
                            .map_or(node.end_byte(), |b| b.start_byte());
                        lossy(&src[decl_start(node)..end]).trim_end().to_string()
                    }
                    _ => crate::syntax::first_line(&text(src, node)),
                },
            },
            _ => return None,
        })
    }

    fn doc(
        &self,
        src: &[u8],
        _def: &Def<'_>,
        span_node: Node<'_>,
        comments: Option<&[Node<'_>]>,
    ) -> Option<String> {
        let d = match comments {
            Some(cs) => doc_comment_at(
                src,
                span_node.start_byte(),
                span_node.start_position().row,
                cs,
            ),
            None => doc_above(
                src,
                span_node.prev_sibling(),
                span_node.start_position().row,
                |k| k == "comment",
                true,
            ),
        }?;
        xml_doc(&d)
    }

    fn module_doc(
        &self,
        _src: &[u8],
        _root: Node<'_>,
        _package: Option<Node<'_>>,
        _comments: Option<&[Node<'_>]>,
    ) -> Option<String> {
        // The comment at a file's top is a licence more often than not.
        None
    }

    fn imports(&self, src: &[u8], node: Node<'_>, out: &mut Vec<Import>) {
        // `using A.B;` (a namespace's types), `using static A.B.C;` (a class's members),
        // `using X = A.B.C;` (an alias), `global using …;` alike.
        let alias = node.field("name").map(|n| text(src, n));
        let statik = has_token(node, "static");
        let mut c = node.walk();
        let target = node.named_children(&mut c).find(|k| {
            Some(k.id()) != node.field("name").map(|n| n.id())
                && matches!(
                    k.kind_name(),
                    "identifier" | "qualified_name" | "generic_name" | "alias_qualified_name"
                )
        });
        let Some(target) = target else { return };
        let path = type_expr(src, target).unwrap_or_else(|| text(src, target));
        let path: String = path.chars().filter(|c| !c.is_whitespace()).collect();
        let (module, member) = match (&alias, statik) {
            // An alias names a namespace or a type: its container and its last name.
            (Some(_), _) => match path.rsplit_once('.') {
                Some((m, n)) => (m.to_string(), Some(n.to_string())),
                None => (String::new(), Some(path)),
            },
            // `using static A.B.C;`: every member of class `A.B.C`.
            (None, true) => (path, Some("*".to_string())),
            // `using A.B;`: every type of namespace `A.B`.
            (None, false) => (path, None),
        };
        out.push(Import {
            module,
            member,
            alias,
            reexport: false,
            pos: pos_of(src, node),
        });
    }

    fn bindings(&self, src: &[u8], node: Node<'_>, out: &mut Vec<(String, Option<String>)>) {
        match node.kind_name() {
            "variable_declaration" => {
                let ty = node.field("type");
                let implicit = ty.is_none_or(|t| t.kind_name() == "implicit_type");
                for d in declarators(node) {
                    let Some(name) = d.field("name") else {
                        continue;
                    };
                    let t = match (ty, implicit) {
                        (Some(t), false) => type_expr(src, t),
                        _ => declarator_value(d).and_then(|v| value_type(src, v)),
                    };
                    out.push((text(src, name), t));
                }
            }
            "parameter" | "property_declaration" => {
                let Some(name) = node.field("name") else {
                    return;
                };
                let ty = node.field("type").and_then(|t| type_expr(src, t));
                out.push((text(src, name), ty));
            }
            "foreach_statement" => {
                let Some(name) = node.field("left").filter(|n| n.kind_name() == "identifier")
                else {
                    return;
                };
                let ty = node
                    .field("type")
                    .filter(|t| t.kind_name() != "implicit_type")
                    .and_then(|t| type_expr(src, t))
                    .or_else(|| {
                        node.field("right")
                            .and_then(|v| value_type(src, v))
                            .map(|c| format!("{c}[]"))
                    });
                out.push((text(src, name), ty));
            }
            "implicit_parameter" | "identifier" => out.push((text(src, node), None)),
            _ => {}
        }
    }

    fn returns(&self, src: &[u8], def: &Def<'_>) -> Option<String> {
        if def.tag != DefTag::Function {
            return None;
        }
        let t = def.node.field("returns").or_else(|| {
            (def.node.kind_name() == "local_function_statement")
                .then(|| def.node.field("type"))
                .flatten()
        })?;
        if t.kind_name() == "predefined_type" && &src[t.byte_range()] == b"void" {
            return None;
        }
        Some(type_expr(src, t).unwrap_or_else(|| "?".into()))
    }

    fn reference_kind(&self, src: &[u8], node: Node<'_>, kind: EdgeKind) -> Option<EdgeKind> {
        if kind != EdgeKind::Extends {
            return Some(kind);
        }
        // The entry of a base list, and the declaration it is in.
        let entry = match node.parent() {
            Some(p) if p.kind_name() == "primary_constructor_base_type" => p,
            _ => node,
        };
        let Some(list) = entry.parent().filter(|p| p.kind_name() == "base_list") else {
            return Some(kind);
        };
        let Some(decl) = list.parent() else {
            return Some(kind);
        };
        // An interface's bases are interfaces it extends.
        if decl.kind_name() == "interface_declaration" {
            return Some(kind);
        }
        let first = list.named_child(0).map(|n| n.id()) == Some(entry.id());
        let name = type_expr(src, node).unwrap_or_default();
        let leaf = name.rsplit('.').next().unwrap_or("");
        if type_kind(decl) == Kind::Struct || !first || interface_name(leaf) {
            Some(EdgeKind::Implements)
        } else {
            Some(kind)
        }
    }
}

/// The source as one build reads it: conditional directives blanked, the first branch of
/// each `#if` kept and its `#elif`/`#else` branches blanked, every line break kept. The
/// grammar reads a directive only where a statement or a declaration may stand: one inside
/// an argument list (`f(a\n#if TRACE\n, b\n#endif\n)`), an initializer or before a
/// statement's body (`#if X\nlock (l)\n#endif\n{`) is a syntax error that takes the
/// declarations around it. Keeping every first branch reads one consistent configuration
/// (each condition as true) where two `#if X` agree; a definition only in an `#else` branch
/// is not in the map. `None` when there is no directive.
fn conditional_branches(src: &[u8]) -> Option<Vec<u8>> {
    if !src.windows(3).any(|w| w == b"#if") {
        return None;
    }
    let mut out = src.to_vec();
    let mut changed = false;
    // Open `#if`s, each with whether it is past its first branch.
    let mut open: Vec<bool> = Vec::new();
    let mut start = 0;
    while start < src.len() {
        let end = src[start..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(src.len(), |p| start + p);
        let line = &src[start..end];
        let text = line.trim_ascii_start();
        let word: Vec<u8> = text
            .strip_prefix(b"#")
            .map(|r| {
                r.trim_ascii_start()
                    .iter()
                    .take_while(|b| b.is_ascii_alphabetic())
                    .copied()
                    .collect()
            })
            .unwrap_or_default();
        let directive = match word.as_slice() {
            b"if" => {
                open.push(false);
                true
            }
            b"elif" | b"else" => {
                if let Some(past) = open.last_mut() {
                    *past = true;
                }
                true
            }
            b"endif" => {
                open.pop();
                true
            }
            _ => false,
        };
        if directive || open.iter().any(|&past| past) {
            for b in &mut out[start..end] {
                if *b != b'\r' && *b != b' ' {
                    *b = b' ';
                    changed = true;
                }
            }
        }
        start = end + 1;
    }
    changed.then_some(out)
}

/// The first line of a documentation comment's text: an XML doc's `<summary>` without its
/// tags (`<see cref="T"/>` read as `T`), else the comment as it is.
fn xml_doc(d: &str) -> Option<String> {
    if !d.contains('<') {
        return Some(d.to_string());
    }
    // The summary only: what follows it (`<param …>`, `<returns>`) is not.
    let d = d.split("</summary>").next().unwrap_or(d);
    let mut out = String::new();
    let mut rest = d;
    while let Some(i) = rest.find('<') {
        out.push_str(&rest[..i]);
        let Some(j) = rest[i..].find('>') else {
            rest = "";
            break;
        };
        let tag = &rest[i + 1..i + j];
        // `<see cref="X"/>`, `<paramref name="x"/>`: the name it refers to.
        let refers = ["see ", "paramref ", "typeparamref "]
            .iter()
            .any(|t| tag.starts_with(t));
        if let Some(k) = tag.find('"').filter(|_| refers) {
            if let Some(l) = tag[k + 1..].find('"') {
                let r = &tag[k + 1..k + 1 + l];
                out.push_str(r.rsplit(':').next().unwrap_or(r));
            }
        }
        rest = &rest[i + j + 1..];
    }
    out.push_str(rest);
    let t = crate::syntax::collapse_ws(&out);
    (!t.is_empty()).then_some(t)
}

/// A declared type as a type expression: `T`, `A.B.T`, a generic type's raw type (`List` of
/// `List<T>`), `[]T` for an array, `T` of `T?`; predefined types give nothing.
fn type_expr(src: &[u8], node: Node<'_>) -> Option<String> {
    match node.kind_name() {
        "identifier" => Some(text(src, node)),
        "qualified_name" => {
            let q = type_expr(src, node.field("qualifier")?)?;
            let n = type_expr(src, node.field("name")?)?;
            Some(format!("{q}.{n}"))
        }
        "alias_qualified_name" => type_expr(src, node.field("name")?),
        "generic_name" => type_expr(src, node.named_child(0)?),
        "array_type" => Some(format!("[]{}", type_expr(src, node.field("type")?)?)),
        "nullable_type" => type_expr(src, node.field("type").or(node.named_child(0))?),
        "ref_type" | "scoped_type" => type_expr(src, node.field("type").or(node.named_child(0))?),
        _ => None,
    }
}

/// A value's type expression: `new T(…)`, a cast, `x as T`, or a chain of names and calls.
fn value_type(src: &[u8], node: Node<'_>) -> Option<String> {
    match node.kind_name() {
        "object_creation_expression" => type_expr(src, node.field("type")?),
        "cast_expression" => type_expr(src, node.field("type")?),
        "as_expression" => type_expr(src, node.field("right")?),
        "array_creation_expression" => {
            type_expr(src, node.field("type")?).map(|t| format!("[]{}", t.trim_start_matches("[]")))
        }
        "parenthesized_expression" => value_type(src, node.named_child(0)?),
        "invocation_expression" | "identifier" | "member_access_expression" => chain(src, node),
        _ => None,
    }
}

/// `a.b().c` for a chain of names, member accesses and calls.
fn chain(src: &[u8], node: Node<'_>) -> Option<String> {
    match node.kind_name() {
        "identifier" | "this" => Some(text(src, node)),
        "generic_name" => chain(src, node.named_child(0)?),
        "member_access_expression" => {
            let obj = chain(src, node.field("expression")?)?;
            Some(format!("{obj}.{}", chain(src, node.field("name")?)?))
        }
        "invocation_expression" => Some(format!("{}()", chain(src, node.field("function")?)?)),
        "parenthesized_expression" => chain(src, node.named_child(0)?),
        _ => None,
    }
}

/// The `System` types and C#'s keyword types' names every file sees (sorted): a call on one
/// that the workspace does not define makes no edge.
pub(super) const BUILTINS: &[&str] = &[
    "Action",
    "Activator",
    "ArgumentException",
    "ArgumentNullException",
    "ArgumentOutOfRangeException",
    "Array",
    "Attribute",
    "Boolean",
    "Buffer",
    "Byte",
    "Char",
    "ConcurrentDictionary",
    "Console",
    "Convert",
    "DateTime",
    "Debug",
    "Decimal",
    "Delegate",
    "Dictionary",
    "Double",
    "Enum",
    "Environment",
    "EventArgs",
    "EventHandler",
    "Exception",
    "Func",
    "GC",
    "Guid",
    "HashSet",
    "IDisposable",
    "Int16",
    "Int32",
    "Int64",
    "IntPtr",
    "InvalidCastException",
    "InvalidOperationException",
    "KeyValuePair",
    "List",
    "Math",
    "NotImplementedException",
    "NotSupportedException",
    "Nullable",
    "Object",
    "Queue",
    "SByte",
    "Single",
    "Stack",
    "String",
    "StringBuilder",
    "Task",
    "TimeSpan",
    "Type",
    "UInt16",
    "UInt32",
    "UInt64",
    "UIntPtr",
    "nameof",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtins_are_sorted() {
        assert!(BUILTINS.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn interfaces_by_name() {
        for (name, want) in [
            ("IDisposable", true),
            ("IPyObjectEncoder", true),
            ("IList", true),
            ("IPAddress", false),
            ("IOException", false),
            ("Item", false),
            ("I", false),
            ("Base", false),
        ] {
            assert_eq!(interface_name(name), want, "{name}");
        }
    }

    #[test]
    fn test_files_by_name() {
        for (name, test) in [
            ("StoreTest.cs", true),
            ("StoreTests.cs", true),
            ("TestStore.cs", true),
            ("Testing.cs", false),
            ("Store.cs", false),
        ] {
            assert_eq!(is_test_file(name), test, "{name}");
        }
    }

    #[test]
    fn conditional_directives_keep_the_first_branch() {
        for (src, want) in [
            (
                "f(a, run\n#if TRACE\n    , b\n#endif\n);\n",
                Some("f(a, run\n         \n    , b\n      \n);\n"),
            ),
            (
                "g(x\n  #if A\n, y\n  #else\n, z\n  #endif\n)",
                Some("g(x\n       \n, y\n       \n   \n        \n)"),
            ),
            (
                "#if A\n#if B\nint b;\n#else\nint c;\n#endif\nint a;\n#elif C\nint d;\n#endif\nint e;\n",
                Some("     \n     \nint b;\n     \n      \n      \nint a;\n       \n      \n      \nint e;\n"),
            ),
            ("#region R\nclass C {}\n#endregion\n", None),
            ("class C {}\n", None),
        ] {
            let got = conditional_branches(src.as_bytes())
                .map(|b| String::from_utf8_lossy(&b).into_owned());
            assert_eq!(got.as_deref(), want, "{src:?}");
            if let Some(g) = &got {
                assert_eq!(g.len(), src.len());
                assert_eq!(g.matches('\n').count(), src.matches('\n').count());
            }
        }
    }

    #[test]
    fn xml_docs_read_as_text() {
        for (d, want) in [
            ("<summary>A cart.</summary>", Some("A cart.")),
            (
                "<summary> Calls <see cref=\"T:Shop.Store\"/> once. </summary>",
                Some("Calls Shop.Store once."),
            ),
            ("Plain words", Some("Plain words")),
            ("<summary>", None),
        ] {
            assert_eq!(xml_doc(d).as_deref(), want, "{d}");
        }
    }
}
