//! PHP: `.php` files, `query.scm`, intelephense, and the rules where PHP differs. A namespace
//! (`namespace App\Http;`, or braced) names its file's package, as Java's `package` does:
//! every directory of `.php` files is a package node named by its files' namespace, written
//! as PHP writes it (`php:src/Http/` named `App\Http`), and a class's qualname is its name
//! (`php:src/Http/Kernel.php#Kernel.handle`). Classes and traits are classes, interfaces
//! interfaces, enums types with their cases as constants; methods (static too), properties
//! (a promoted constructor parameter is one of its class), class constants, top-level
//! `const` and `define('X', …)` constants. A name written `A\B\C` in code reads `A.B.C` in
//! a reference (a leading `\` dropped). Templates: `.phtml` is not indexed (not PHP's
//! extension here); a Blade template (`x.blade.php`) is, as PHP: to the grammar its HTML,
//! `{{ }}` and `@` directives are text, and what `<?php … ?>` it holds is read.

mod deps;
mod unused;
use super::spec::{
    Def, DefTag, GeneratedRules, Language, PackageName, Query, ScipSpec, ServerSpec, Syntax,
    TextRules,
};
use crate::model::{Import, Kind};
use crate::syntax::{doc_above, doc_comment_at, first_line, lossy, pos_of, text, NodeExt};
use tree_sitter::Node;

pub static PHP: Language = Language {
    library_results_untyped: true,
    manifests: &["composer.json"],
    builtins: BUILTINS,
    self_names: &["this", "self", "static"],
    super_call: Some("parent"),
    local_scopes: &["anonymous_class", "anonymous_function", "arrow_function"],
    package_nodes: true,
    // PHPUnit's `KernelTest.php` (a class `Test` alone is none).
    is_test_file: |name| name.len() > "Test.php".len() && name.ends_with("Test.php"),
    server: ServerSpec {
        // It says when it has indexed the workspace, also from its cache: before, references
        // are empty. To a client that takes work-done progress (codemap does), by ending its
        // "indexing" progress; the `indexingEnded` notification goes only to others (waited
        // for, it never came: each first request waited its whole timeout).
        ready_notice: Some(("$/progress", "end")),
        unoffered: Some(
            "intelephense offers implementations, declarations, rename and type hierarchy only with a licence key, and call hierarchy not at all",
        ),
        ..ServerSpec::new(
            &[&["intelephense", "--stdio"]],
            "install intelephense: npm install -g intelephense@1.18.5 (outline, definition, references and hover are free; rename, implementations, declaration and type hierarchy need its licence key)",
            "php",
        )
    },
    // Composer's `vendor/` (it always writes `vendor/autoload.php`) is the dependencies' code,
    // indexed as libraries (`deps`), not as the workspace's.
    generated: GeneratedRules {
        vendor: Some(("vendor", "composer.json", "autoload.php")),
        ..GeneratedRules::NONE
    },
    kept: unused::kept,
    deps: Some(super::spec::DepsSpec {
        ecosystem: "packagist",
        find: deps::find,
        declared: Some(deps::declared),
    }),
    text: TextRules {
        hash_comments: true,
        ..TextRules::BRACES
    },
    ..Language::new(
        "PHP",
        "php",
        &["php"],
        || tree_sitter_php::LANGUAGE_PHP.into(),
        Query {
            file: "lang/php/query.scm",
            text: include_str!("query.scm"),
        },
        &PhpSyntax,
        ScipSpec {
            language: "PHP",
            manager: "composer",
            files_are_modules: false,
            manifests: &[("composer.json", composer_package)],
        },
    )
};

/// composer.json's `name` (`vendor/package`) and `version`, when it states one.
fn composer_package(text: &str) -> Option<PackageName> {
    let v: serde_json::Value = serde_json::from_str(text).ok()?;
    let name = v.get("name")?.as_str()?.trim();
    (!name.is_empty()).then(|| PackageName {
        name: name.to_string(),
        version: v
            .get("version")
            .and_then(|v| v.as_str())
            .map(str::to_string),
    })
}

struct PhpSyntax;

impl Syntax for PhpSyntax {
    fn place(
        &self,
        tag: DefTag,
        enclosing: Option<Kind>,
        _type_node: Option<&str>,
        _name: &str,
    ) -> Option<Kind> {
        use Kind::*;
        let in_type = matches!(enclosing, Some(Class | Interface | Type));
        match tag {
            // Top level, or in a function (`if (!class_exists(…)) { class A {} }` at the
            // file's level is top level: an `if` is no symbol).
            DefTag::Type => Some(Class),
            DefTag::Function => match enclosing {
                None => Some(Function),
                Some(Class | Interface | Type) => Some(Method),
                // A function declared inside a function body: local until it runs.
                _ => None,
            },
            DefTag::Field => in_type.then_some(Field),
            DefTag::Constant => match enclosing {
                None => Some(Constant),
                Some(Class | Interface | Type) => Some(Constant),
                _ => None,
            },
            _ => None,
        }
    }

    fn refine(&self, _src: &[u8], def: &Def<'_>, kind: Kind) -> Option<Kind> {
        Some(match def.node.kind_name() {
            "interface_declaration" => Kind::Interface,
            "enum_declaration" => Kind::Type,
            _ => kind,
        })
    }

    fn is_scope(&self, kind: Kind) -> bool {
        matches!(
            kind,
            Kind::Class | Kind::Interface | Kind::Type | Kind::Function | Kind::Method
        )
    }

    fn lifted(&self, def: &Def<'_>) -> bool {
        // `function __construct(private A $a)`: a property of the class.
        def.node.kind_name() == "property_promotion_parameter"
    }

    fn full_node<'t>(&self, def: &Def<'t>) -> Node<'t> {
        // A property's or constant's one element: the whole declaration (modifiers, type).
        match (def.tag, def.parent) {
            (DefTag::Field | DefTag::Constant, Some(p))
                if matches!(p.kind_name(), "property_declaration" | "const_declaration")
                    && elements(p).len() == 1 =>
            {
                p
            }
            _ => def.node,
        }
    }

    fn params(&self, def: &Def<'_>) -> Option<u32> {
        match def.tag {
            DefTag::Function => Some(def.node.field("parameters").map_or(0, |p| {
                let mut c = p.walk();
                p.named_children(&mut c)
                    .filter(|k| {
                        matches!(
                            k.kind_name(),
                            "simple_parameter"
                                | "variadic_parameter"
                                | "property_promotion_parameter"
                        )
                    })
                    .count() as u32
            })),
            _ => None,
        }
    }

    fn variadic(&self, def: &Def<'_>) -> bool {
        def.tag == DefTag::Function
            && def.node.field("parameters").is_some_and(|p| {
                let mut c = p.walk();
                let last = p.named_children(&mut c).last();
                last.is_some_and(|l| l.kind_name() == "variadic_parameter")
            })
    }

    fn signature(&self, src: &[u8], def: &Def<'_>, _kind: Kind) -> Option<String> {
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
            DefTag::Type => {
                // Up to the body: `final class A extends B implements C`.
                let end = node
                    .field("body")
                    .map_or(node.end_byte(), |b| b.start_byte());
                lossy(&src[decl_start(node)..end]).trim_end().to_string()
            }
            DefTag::Field | DefTag::Constant => match def.parent {
                Some(p)
                    if matches!(p.kind_name(), "property_declaration" | "const_declaration") =>
                {
                    // Modifiers and type, then this element (its default cut at a line's end).
                    let head = match elements(p).first() {
                        Some(first) => lossy(&src[decl_start(p)..first.start_byte()]),
                        None => String::new(),
                    };
                    let own = first_line(&text(src, node));
                    format!("{}{}", head.trim_end().to_string() + " ", own)
                        .trim()
                        .trim_end_matches([';', ','])
                        .to_string()
                }
                _ if node.kind_name() == "function_call_expression" => first_line(&text(src, node)),
                _ => first_line(&text(src, node))
                    .trim_end_matches([';', ','])
                    .to_string(),
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
        match comments {
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
        }
    }

    fn module_doc(
        &self,
        _src: &[u8],
        _root: Node<'_>,
        _package: Option<Node<'_>>,
        _comments: Option<&[Node<'_>]>,
    ) -> Option<String> {
        // The comment at a file's head is a licence more often than not.
        None
    }

    fn imports(&self, src: &[u8], node: Node<'_>, out: &mut Vec<Import>) {
        // `use A\B\C;`, `use A\B\C as D;`, `use function A\f;`, `use const A\X;`,
        // `use A\{B, C as D};`, several clauses in one: the namespace (`A\B`), the member
        // (`C`) and the alias. A function's or constant's import binds its name as a class's
        // does (one table of names).
        let mut c = node.walk();
        let mut prefix = String::new();
        let mut clauses = Vec::new();
        for k in node.named_children(&mut c) {
            match k.kind_name() {
                "namespace_name" => prefix = text(src, k),
                "namespace_use_clause" => clauses.push(k),
                "namespace_use_group" => {
                    let mut g = k.walk();
                    clauses.extend(
                        k.named_children(&mut g)
                            .filter(|x| x.kind_name() == "namespace_use_clause"),
                    );
                }
                _ => {}
            }
        }
        for clause in clauses {
            let mut c = clause.walk();
            let Some(name) = clause
                .named_children(&mut c)
                .find(|k| matches!(k.kind_name(), "name" | "qualified_name"))
            else {
                continue;
            };
            let written = text(src, name);
            let full = if prefix.is_empty() {
                written
            } else {
                format!("{prefix}\\{written}")
            };
            let full = full.trim_start_matches('\\').to_string();
            let (module, member) = match full.rsplit_once('\\') {
                Some((m, n)) => (m.to_string(), n.to_string()),
                None => (String::new(), full),
            };
            if member.is_empty() {
                continue;
            }
            out.push(Import {
                module,
                member: Some(member),
                alias: clause.field("alias").map(|a| text(src, a)),
                reexport: false,
                pos: pos_of(src, clause),
            });
        }
    }

    fn bindings(&self, src: &[u8], node: Node<'_>, out: &mut Vec<(String, Option<String>)>) {
        match node.kind_name() {
            "simple_parameter" | "variadic_parameter" => {
                let Some(name) = node.field("name").and_then(|n| var_name(src, n)) else {
                    return;
                };
                let ty = node.field("type").and_then(|t| type_expr(src, t));
                let ty = match (node.kind_name(), ty) {
                    ("variadic_parameter", Some(t)) => Some(format!("[]{t}")),
                    (_, t) => t,
                };
                out.push((name, ty));
            }
            "property_promotion_parameter" => {
                let Some(name) = node.field("name").and_then(|n| var_name(src, n)) else {
                    return;
                };
                let ty = node.field("type").and_then(|t| type_expr(src, t));
                out.push((format!("this.{name}"), ty.clone()));
                out.push((name, ty));
            }
            "property_declaration" => {
                let ty = node.field("type").and_then(|t| type_expr(src, t));
                for e in elements(node) {
                    if let Some(name) = e.field("name").and_then(|n| var_name(src, n)) {
                        out.push((name, ty.clone()));
                    }
                }
            }
            "assignment_expression" => {
                let Some(left) = node.field("left") else {
                    return;
                };
                let ty = node.field("right").and_then(|v| value_type(src, v));
                match left.kind_name() {
                    "variable_name" => {
                        if let Some(name) = var_name(src, left) {
                            out.push((name, ty));
                        }
                    }
                    // `$this->x = new A()`: the class's property.
                    "member_access_expression" => {
                        let obj = left.field("object").and_then(|o| var_name(src, o));
                        let attr = left
                            .field("name")
                            .filter(|n| n.kind_name() == "name")
                            .map(|n| text(src, n));
                        if let (Some(o), Some(a)) = (obj, attr) {
                            if o == "this" {
                                out.push((format!("this.{a}"), ty));
                            }
                        }
                    }
                    _ => {}
                }
            }
            "foreach_statement" => {
                // `foreach ($xs as $k => $v)`: names bound, their types unknown.
                let mut c = node.walk();
                for k in node.named_children(&mut c) {
                    match k.kind_name() {
                        "variable_name" if k.start_byte() > node.start_byte() => {
                            if let Some(n) = var_name(src, k) {
                                out.push((n, None));
                            }
                        }
                        "pair" => {
                            let mut p = k.walk();
                            for v in k.named_children(&mut p) {
                                if let Some(n) = var_name(src, v) {
                                    out.push((n, None));
                                }
                            }
                        }
                        _ => {}
                    }
                }
                // The first variable is the iterated value (`$xs`), not bound.
                if let Some(first) = node.named_child(0).and_then(|f| var_name(src, f)) {
                    if let Some(i) = out.iter().position(|(n, _)| *n == first) {
                        out.remove(i);
                    }
                }
            }
            _ => {}
        }
    }

    fn returns(&self, src: &[u8], def: &Def<'_>) -> Option<String> {
        if def.tag != DefTag::Function {
            return None;
        }
        let t = def.node.field("return_type")?;
        if t.kind_name() == "bottom_type" || text(src, t) == "void" {
            return None;
        }
        Some(type_expr(src, t).unwrap_or_else(|| "?".into()))
    }
}

/// The elements of a property or constant declaration (`public $a, $b;`).
fn elements(node: Node<'_>) -> Vec<Node<'_>> {
    let mut c = node.walk();
    node.named_children(&mut c)
        .filter(|k| matches!(k.kind_name(), "property_element" | "const_element"))
        .collect()
}

/// Where a declaration's signature starts: after its attributes (`#[Attr]`).
fn decl_start(node: Node<'_>) -> usize {
    match node.field("attributes") {
        Some(a) => a
            .next_sibling()
            .map_or(node.start_byte(), |n| n.start_byte()),
        None => node.start_byte(),
    }
}

/// A variable's name without its `$` (`$this` is `this`); none for `$$x`.
fn var_name(src: &[u8], node: Node<'_>) -> Option<String> {
    match node.kind_name() {
        "variable_name" => node.named_child(0).map(|n| text(src, n)),
        "by_ref" => var_name(src, node.named_child(0)?),
        _ => None,
    }
}

/// A name as a reference reads it: `A\B\C` → `A.B.C`, a leading `\` dropped.
pub(crate) fn dotted_name(written: &str) -> String {
    written
        .trim_start_matches('\\')
        .split('\\')
        .map(str::trim)
        .collect::<Vec<_>>()
        .join(".")
}

/// A declared type as a type expression: a class name (`Foo`, `A\B\Foo` → `A.B.Foo`), the
/// class of `?Foo`; a union, an intersection and a primitive give nothing.
fn type_expr(src: &[u8], node: Node<'_>) -> Option<String> {
    match node.kind_name() {
        "named_type" => type_expr(src, node.named_child(0)?),
        "name" | "qualified_name" => {
            let t = text(src, node);
            match t.to_ascii_lowercase().as_str() {
                "mixed" | "iterable" | "callable" | "object" | "array" => None,
                _ => Some(dotted_name(&t)),
            }
        }
        "optional_type" => type_expr(src, node.named_child(0)?),
        _ => None,
    }
}

/// A value's type expression: `new A(…)`, `clone $x`'s, or a chain of names and calls.
fn value_type(src: &[u8], node: Node<'_>) -> Option<String> {
    match node.kind_name() {
        "object_creation_expression" => {
            let mut c = node.walk();
            let t = node
                .named_children(&mut c)
                .find(|k| matches!(k.kind_name(), "name" | "qualified_name"))?;
            Some(dotted_name(&text(src, t)))
        }
        "parenthesized_expression" => value_type(src, node.named_child(0)?),
        "variable_name"
        | "member_call_expression"
        | "scoped_call_expression"
        | "member_access_expression" => chain(src, node),
        _ => None,
    }
}

/// `this.a.b()` for `$this->a->b()`, `A.m()` for `A::m()`.
fn chain(src: &[u8], node: Node<'_>) -> Option<String> {
    match node.kind_name() {
        "variable_name" => var_name(src, node),
        "name" | "qualified_name" => Some(dotted_name(&text(src, node))),
        "relative_scope" => Some(text(src, node)),
        "member_access_expression" => {
            let obj = chain(src, node.field("object")?)?;
            let n = node.field("name").filter(|n| n.kind_name() == "name")?;
            Some(format!("{obj}.{}", text(src, n)))
        }
        "member_call_expression" | "scoped_call_expression" => {
            let obj = chain(src, node.field("object").or_else(|| node.field("scope"))?)?;
            let n = node.field("name").filter(|n| n.kind_name() == "name")?;
            Some(format!("{obj}.{}()", text(src, n)))
        }
        "parenthesized_expression" => chain(src, node.named_child(0)?),
        _ => None,
    }
}

/// PHP's own functions and classes most code calls, which no workspace defines (sorted): a
/// call to one that resolves to nothing is no edge.
pub(super) const BUILTINS: &[&str] = &[
    "ArgumentCountError",
    "ArrayAccess",
    "ArrayIterator",
    "ArrayObject",
    "BadFunctionCallException",
    "BadMethodCallException",
    "Closure",
    "Countable",
    "DateInterval",
    "DateTime",
    "DateTimeImmutable",
    "DateTimeInterface",
    "DateTimeZone",
    "DomainException",
    "Error",
    "ErrorException",
    "Exception",
    "Generator",
    "InvalidArgumentException",
    "Iterator",
    "IteratorAggregate",
    "JsonException",
    "JsonSerializable",
    "LengthException",
    "LogicException",
    "OutOfBoundsException",
    "OutOfRangeException",
    "OverflowException",
    "RangeException",
    "ReflectionClass",
    "ReflectionFunction",
    "ReflectionMethod",
    "ReflectionNamedType",
    "ReflectionProperty",
    "RuntimeException",
    "SplFileInfo",
    "SplObjectStorage",
    "Stringable",
    "Throwable",
    "Traversable",
    "TypeError",
    "UnexpectedValueException",
    "ValueError",
    "WeakMap",
    "__",
    "abs",
    "array",
    "array_chunk",
    "array_column",
    "array_combine",
    "array_diff",
    "array_fill",
    "array_filter",
    "array_flip",
    "array_intersect",
    "array_key_exists",
    "array_key_first",
    "array_key_last",
    "array_keys",
    "array_map",
    "array_merge",
    "array_pad",
    "array_pop",
    "array_product",
    "array_push",
    "array_rand",
    "array_reduce",
    "array_reverse",
    "array_search",
    "array_shift",
    "array_slice",
    "array_splice",
    "array_sum",
    "array_unique",
    "array_unshift",
    "array_values",
    "array_walk",
    "arsort",
    "asort",
    "assert",
    "base64_decode",
    "base64_encode",
    "basename",
    "boolval",
    "call_user_func",
    "call_user_func_array",
    "ceil",
    "chmod",
    "class_exists",
    "compact",
    "constant",
    "copy",
    "count",
    "crc32",
    "curl_close",
    "curl_errno",
    "curl_error",
    "curl_exec",
    "curl_getinfo",
    "curl_init",
    "curl_multi_add_handle",
    "curl_multi_exec",
    "curl_multi_init",
    "curl_multi_remove_handle",
    "curl_multi_select",
    "curl_setopt",
    "curl_setopt_array",
    "date",
    "debug_backtrace",
    "define",
    "defined",
    "die",
    "dirname",
    "dns_get_record",
    "echo",
    "empty",
    "error_reporting",
    "eval",
    "exit",
    "explode",
    "fclose",
    "fflush",
    "file",
    "file_exists",
    "file_get_contents",
    "file_put_contents",
    "filter_var",
    "floatval",
    "floor",
    "fopen",
    "fread",
    "func_get_args",
    "func_num_args",
    "function_exists",
    "fwrite",
    "get_class",
    "get_object_vars",
    "get_parent_class",
    "getenv",
    "gettype",
    "glob",
    "gmdate",
    "hash",
    "htmlspecialchars",
    "http_build_query",
    "implode",
    "in_array",
    "ini_get",
    "ini_set",
    "intval",
    "is_a",
    "is_array",
    "is_bool",
    "is_callable",
    "is_countable",
    "is_dir",
    "is_file",
    "is_float",
    "is_int",
    "is_integer",
    "is_iterable",
    "is_null",
    "is_numeric",
    "is_object",
    "is_readable",
    "is_resource",
    "is_scalar",
    "is_string",
    "is_subclass_of",
    "is_writable",
    "isset",
    "iterator_to_array",
    "json_decode",
    "json_encode",
    "json_last_error",
    "json_last_error_msg",
    "krsort",
    "ksort",
    "lcfirst",
    "list",
    "ltrim",
    "max",
    "mb_strlen",
    "mb_strtolower",
    "mb_strtoupper",
    "mb_substr",
    "md5",
    "method_exists",
    "microtime",
    "min",
    "mkdir",
    "mt_rand",
    "number_format",
    "parse_str",
    "parse_url",
    "pathinfo",
    "preg_match",
    "preg_quote",
    "preg_replace",
    "preg_replace_callback",
    "preg_split",
    "print",
    "print_r",
    "printf",
    "property_exists",
    "putenv",
    "random_int",
    "range",
    "rawurlencode",
    "realpath",
    "rename",
    "restore_error_handler",
    "rmdir",
    "round",
    "rsort",
    "rtrim",
    "serialize",
    "set_error_handler",
    "set_exception_handler",
    "settype",
    "sha1",
    "shuffle",
    "sleep",
    "sort",
    "spl_autoload_register",
    "spl_object_hash",
    "spl_object_id",
    "sprintf",
    "str_contains",
    "str_ends_with",
    "str_pad",
    "str_repeat",
    "str_replace",
    "str_split",
    "str_starts_with",
    "strcasecmp",
    "strcmp",
    "stream_get_contents",
    "stripos",
    "strlen",
    "strncmp",
    "strpos",
    "strrpos",
    "strtolower",
    "strtoupper",
    "strval",
    "substr",
    "substr_count",
    "sys_get_temp_dir",
    "tempnam",
    "time",
    "touch",
    "trigger_deprecation",
    "trigger_error",
    "trim",
    "uasort",
    "ucfirst",
    "ucwords",
    "uksort",
    "uniqid",
    "unlink",
    "unserialize",
    "unset",
    "urldecode",
    "urlencode",
    "usleep",
    "usort",
    "var_dump",
    "var_export",
    "vsprintf",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtins_are_sorted() {
        assert!(BUILTINS.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn names_read_dotted() {
        for (written, want) in [
            ("Foo", "Foo"),
            ("\\Foo", "Foo"),
            ("App\\Http\\Kernel", "App.Http.Kernel"),
            ("\\App\\Http\\Kernel", "App.Http.Kernel"),
        ] {
            assert_eq!(dotted_name(written), want, "{written}");
        }
    }

    #[test]
    fn composer_names_its_package() {
        assert_eq!(
            composer_package("{\"name\": \"acme/shop\", \"version\": \"1.2.0\"}"),
            Some(PackageName {
                name: "acme/shop".into(),
                version: Some("1.2.0".into())
            })
        );
        assert_eq!(composer_package("{\"require\": {}}"), None);
        assert_eq!(composer_package("not json"), None);
    }
}
