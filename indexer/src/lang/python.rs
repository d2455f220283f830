//! Python: `.py` and `.pyi` files, `queries/python.scm`, pyright (or another Python server on
//! PATH), and the rules where Python differs: nesting makes the qualname chain, functions in a
//! class are methods, module- and class-level assignments are variables, constants and fields
//! (the first binding of a name defines it), docstrings are documentation.

use super::spec::{Def, DefTag, Language, ServerSpec, Syntax};
use crate::model::{Import, Kind};
use crate::syntax::{count_params, first_line, head_text, text, truncate, MAX_DOC};
use tree_sitter::Node;

pub static PYTHON: Language = Language {
    name: "Python",
    prefix: "py",
    extensions: &["py", "pyi"],
    manifests: &["pyproject.toml", "setup.py", "setup.cfg"],
    grammar: || tree_sitter_python::LANGUAGE.into(),
    query_file: "python.scm",
    query: include_str!("../../../queries/python.scm"),
    definitions: &[DefTag::Class, DefTag::Function, DefTag::Variable],
    builtins: BUILTINS,
    self_names: &["self", "cls"],
    first_binding_defines: true,
    package_nodes: false,
    implements_by_method_set: false,
    package_init: Some("__init__"),
    is_test_file: |name| name.starts_with("test_") || name.ends_with("_test.py"),
    server: ServerSpec {
        commands: &[
            &["pyright-langserver", "--stdio"],
            &["basedpyright-langserver", "--stdio"],
            &["pylsp"],
            &["jedi-language-server"],
        ],
        install_hint: "install pyright: npm install -g pyright@1.1.414",
        language_id: "python",
        env: &[],
        class_kind: Kind::Class,
        functions_in_class_are_methods: true,
        receiver_in_method_names: false,
        announcing_servers: &["pyright"],
    },
    syntax: &PythonSyntax,
};

struct PythonSyntax;

impl Syntax for PythonSyntax {
    fn place(
        &self,
        tag: DefTag,
        enclosing: Option<Kind>,
        _type_node: Option<&str>,
        name: &str,
    ) -> Option<Kind> {
        use Kind::*;
        match tag {
            DefTag::Class => Some(Class),
            DefTag::Function => Some(if enclosing == Some(Class) {
                Method
            } else {
                Function
            }),
            DefTag::Variable => match enclosing {
                None if is_constant_name(name) => Some(Constant),
                None => Some(Variable),
                Some(Class) => Some(Field),
                Some(_) => None,
            },
            _ => None,
        }
    }

    fn is_scope(&self, kind: Kind) -> bool {
        matches!(kind, Kind::Class | Kind::Function | Kind::Method)
    }

    fn full_node<'t>(&self, def: &Def<'t>) -> Node<'t> {
        match (def.tag, def.node.parent()) {
            (DefTag::Class | DefTag::Function, Some(p)) if p.kind() == "decorated_definition" => p,
            _ => def.node,
        }
    }

    fn params(&self, def: &Def<'_>) -> Option<u32> {
        match def.tag {
            DefTag::Function => Some(count_params(def.node.child_by_field_name("parameters")?)),
            _ => None,
        }
    }

    fn signature(&self, src: &[u8], def: &Def<'_>, _kind: Kind) -> Option<String> {
        Some(match def.tag {
            DefTag::Class | DefTag::Function => {
                let s = head_text(src, def.node, def.body);
                s.strip_suffix(':').unwrap_or(&s).to_string()
            }
            _ => first_line(&text(src, def.node)),
        })
    }

    fn doc(&self, src: &[u8], def: &Def<'_>, _span_node: Node<'_>) -> Option<String> {
        match def.tag {
            DefTag::Class | DefTag::Function => def.body.and_then(|b| docstring(b, src)),
            _ => None,
        }
    }

    fn module_doc(&self, src: &[u8], root: Node<'_>, _package: Option<Node<'_>>) -> Option<String> {
        docstring(root, src)
    }

    fn imports(&self, src: &[u8], node: Node<'_>, out: &mut Vec<Import>) {
        let pos = crate::syntax::pos_of(src, node);
        let mut c = node.walk();
        if node.kind() == "import_statement" {
            for n in node.children_by_field_name("name", &mut c) {
                let (module, alias) = name_and_alias(src, n);
                out.push(Import {
                    module,
                    member: None,
                    alias,
                    pos,
                });
            }
            return;
        }
        let Some(m) = node.child_by_field_name("module_name") else {
            return;
        };
        let module: String = text(src, m)
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        let mut any = false;
        for n in node.children_by_field_name("name", &mut c) {
            let (member, alias) = name_and_alias(src, n);
            out.push(Import {
                module: module.clone(),
                member: Some(member),
                alias,
                pos,
            });
            any = true;
        }
        if !any {
            // `from m import *`
            out.push(Import {
                module,
                member: Some("*".into()),
                alias: None,
                pos,
            });
        }
    }
}

/// Python convention: a module-level name in upper case is a constant.
fn is_constant_name(name: &str) -> bool {
    name.chars().any(|c| c.is_alphabetic())
        && name
            .chars()
            .all(|c| c == '_' || c.is_ascii_digit() || (c.is_alphabetic() && !c.is_lowercase()))
}

/// The first line of the string that opens a block or module, if it opens with one.
fn docstring(block: Node<'_>, src: &[u8]) -> Option<String> {
    let mut c = block.walk();
    let first = block
        .named_children(&mut c)
        .find(|n| n.kind() != "comment")?;
    if first.kind() != "expression_statement" {
        return None;
    }
    let s = first.named_child(0)?;
    if s.kind() != "string" {
        return None;
    }
    let mut c2 = s.walk();
    let content: String = s
        .named_children(&mut c2)
        .filter(|n| n.kind() == "string_content")
        .map(|n| text(src, n))
        .collect();
    content
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .map(|l| truncate(l.to_string(), MAX_DOC))
}

fn name_and_alias(src: &[u8], n: Node<'_>) -> (String, Option<String>) {
    if n.kind() == "aliased_import" {
        let name = n
            .child_by_field_name("name")
            .map(|x| text(src, x))
            .unwrap_or_default();
        let alias = n.child_by_field_name("alias").map(|x| text(src, x));
        (name, alias)
    } else {
        (text(src, n), None)
    }
}

// Sorted, for binary search.
pub(super) const BUILTINS: &[&str] = &[
    "ArithmeticError",
    "AssertionError",
    "AttributeError",
    "BaseException",
    "BlockingIOError",
    "BrokenPipeError",
    "BufferError",
    "BytesWarning",
    "ChildProcessError",
    "ConnectionAbortedError",
    "ConnectionError",
    "ConnectionRefusedError",
    "ConnectionResetError",
    "DeprecationWarning",
    "EOFError",
    "EncodingWarning",
    "EnvironmentError",
    "Exception",
    "FileExistsError",
    "FileNotFoundError",
    "FloatingPointError",
    "FutureWarning",
    "GeneratorExit",
    "IOError",
    "ImportError",
    "ImportWarning",
    "IndentationError",
    "IndexError",
    "InterruptedError",
    "IsADirectoryError",
    "KeyError",
    "KeyboardInterrupt",
    "LookupError",
    "MemoryError",
    "ModuleNotFoundError",
    "NameError",
    "NotADirectoryError",
    "NotImplementedError",
    "OSError",
    "OverflowError",
    "PendingDeprecationWarning",
    "PermissionError",
    "ProcessLookupError",
    "RecursionError",
    "ReferenceError",
    "ResourceWarning",
    "RuntimeError",
    "RuntimeWarning",
    "StopAsyncIteration",
    "StopIteration",
    "SyntaxError",
    "SyntaxWarning",
    "SystemError",
    "SystemExit",
    "TabError",
    "TimeoutError",
    "TypeError",
    "UnboundLocalError",
    "UnicodeDecodeError",
    "UnicodeEncodeError",
    "UnicodeError",
    "UnicodeTranslateError",
    "UnicodeWarning",
    "UserWarning",
    "ValueError",
    "Warning",
    "ZeroDivisionError",
    "__import__",
    "abs",
    "aiter",
    "all",
    "anext",
    "any",
    "ascii",
    "bin",
    "bool",
    "breakpoint",
    "bytearray",
    "bytes",
    "callable",
    "chr",
    "classmethod",
    "compile",
    "complex",
    "delattr",
    "dict",
    "dir",
    "divmod",
    "enumerate",
    "eval",
    "exec",
    "filter",
    "float",
    "format",
    "frozenset",
    "getattr",
    "globals",
    "hasattr",
    "hash",
    "help",
    "hex",
    "id",
    "input",
    "int",
    "isinstance",
    "issubclass",
    "iter",
    "len",
    "list",
    "locals",
    "map",
    "max",
    "memoryview",
    "min",
    "next",
    "object",
    "oct",
    "open",
    "ord",
    "pow",
    "print",
    "property",
    "range",
    "repr",
    "reversed",
    "round",
    "set",
    "setattr",
    "slice",
    "sorted",
    "staticmethod",
    "str",
    "sum",
    "super",
    "tuple",
    "type",
    "vars",
    "zip",
];
