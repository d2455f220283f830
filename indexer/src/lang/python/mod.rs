//! Python: `.py` and `.pyi` files, `query.scm`, pyright (or another Python server on
//! PATH), and the rules where Python differs: nesting makes the qualname chain, functions in a
//! class are methods, module- and class-level assignments are variables, constants and fields
//! (the first binding of a name defines it), docstrings are documentation.

mod deps;
mod unused;
use super::spec::{
    self, Def, DefTag, Language, PackageName, Query, ScipSpec, ServerSpec, Syntax, TextRules,
};
use crate::model::{Import, Kind, ANY_EXPORT};
use crate::syntax::{count_params, first_line, head_text, text, NodeExt};
use tree_sitter::Node;

pub static PYTHON: Language = Language {
    library_results_untyped: true,
    functions_through_imports: true,
    manifests: &["pyproject.toml", "setup.py", "setup.cfg"],
    projects: &[
        super::spec::ProjectSpec {
            file: "pyproject.toml",
            kind: "python",
            read: |t| super::spec::ProjectFile {
                name: pyproject_package(t).map(|p| p.name),
                members: spec::manifest_list(t, "tool.uv.workspace", "members"),
            },
        },
        super::spec::ProjectSpec {
            file: "setup.cfg",
            kind: "python",
            read: |t| super::spec::ProjectFile {
                name: setup_cfg_package(t).map(|p| p.name),
                members: Vec::new(),
            },
        },
    ],
    builtins: BUILTINS,
    self_names: &["self", "cls"],
    super_call: Some("super()"),
    call_operator: Some("__call__"),
    first_binding_defines: true,
    package_init: Some("__init__"),
    text: TextRules {
        hash_comments: true,
        header_end: ':',
        body_docstring: true,
        name_ends: &[],
        member_values: true,
    },
    is_test_file: |name| name.starts_with("test_") || name.ends_with("_test.py"),
    server: ServerSpec {
        enum_member_kind: Kind::Type,
        namespace_kind: None,
        outline_kinds_from_parse: false,
        // Measured (pyright 1.1.414, httpx): a document sent again unchanged after a file it
        // imports changed gets its old list at once under the new version (0.7 s), the one
        // checked against the other file's new text 0.1 s later.
        diagnostics_settle_ms: 1000,
        announcing_servers: &["pyright"],
        references_keep_declaration: &["pyright"],
        setup: Some(project_paths),
        stamp: Some(environment_stamp),
        project_include: Some(pyright_include),
        ..ServerSpec::new(
            &[
                &["pyright-langserver", "--stdio"],
                &["basedpyright-langserver", "--stdio"],
                &["pylsp"],
                &["jedi-language-server"],
            ],
            "install pyright: npm install -g pyright@1.1.414",
            "python",
        )
    },
    kept: unused::kept,
    deps: Some(super::spec::DepsSpec {
        ecosystem: "pypi",
        find: deps::find,
        declared: Some(deps::declared),
    }),
    ..Language::new(
        "Python",
        "py",
        &["py", "pyi"],
        || tree_sitter_python::LANGUAGE.into(),
        Query {
            file: "lang/python/query.scm",
            text: include_str!("query.scm"),
        },
        &PythonSyntax,
        ScipSpec {
            language: "Python",
            manager: "python",
            files_are_modules: true,
            manifests: &[
                ("pyproject.toml", pyproject_package),
                ("setup.cfg", setup_cfg_package),
            ],
        },
    )
};

/// A version as written, unless it is computed (`attr: pkg.__version__`).
fn literal_version(v: Option<String>) -> Option<String> {
    v.filter(|v| !v.contains(':') && !v.contains(' '))
}

/// pyproject.toml's `[project]` (PEP 621) or `[tool.poetry]` name and version.
fn pyproject_package(text: &str) -> Option<PackageName> {
    ["project", "tool.poetry"].iter().find_map(|section| {
        let name = spec::manifest_value(text, section, "name")?;
        Some(PackageName {
            name,
            version: literal_version(spec::manifest_value(text, section, "version")),
        })
    })
}

/// setup.cfg's `[metadata]` name and version.
fn setup_cfg_package(text: &str) -> Option<PackageName> {
    Some(PackageName {
        name: spec::manifest_value(text, "metadata", "name")?,
        version: literal_version(spec::manifest_value(text, "metadata", "version")),
    })
}

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
        match (def.tag, def.parent) {
            (DefTag::Class | DefTag::Function, Some(p))
                if p.kind_name() == "decorated_definition" =>
            {
                p
            }
            _ => def.node,
        }
    }

    fn bodiless(&self, src: &[u8], def: &Def<'_>) -> bool {
        // `@overload` (`@typing.overload`) signatures before the implementation.
        def.tag == DefTag::Function
            && def
                .parent
                .filter(|p| p.kind_name() == "decorated_definition")
                .is_some_and(|p| {
                    (0..p.named_child_count()).any(|i| {
                        p.named_child(i)
                            .filter(|d| d.kind_name() == "decorator")
                            .and_then(|d| d.named_child(0))
                            .and_then(|e| src.get(e.byte_range()))
                            .is_some_and(|t| t == b"overload" || t.ends_with(b".overload"))
                    })
                })
    }

    fn params(&self, def: &Def<'_>) -> Option<u32> {
        match def.tag {
            DefTag::Function => Some(count_params(def.node.field("parameters")?)),
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

    fn doc(
        &self,
        src: &[u8],
        def: &Def<'_>,
        _span_node: Node<'_>,
        _comments: Option<&[Node<'_>]>,
    ) -> Option<String> {
        match def.tag {
            DefTag::Class | DefTag::Function => def.body.and_then(|b| docstring(b, src)),
            _ => None,
        }
    }

    fn module_doc(
        &self,
        src: &[u8],
        root: Node<'_>,
        _package: Option<Node<'_>>,
        _comments: Option<&[Node<'_>]>,
    ) -> Option<String> {
        docstring(root, src)
    }

    fn imports(&self, src: &[u8], node: Node<'_>, out: &mut Vec<Import>) {
        let pos = crate::syntax::pos_of(src, node);
        let mut c = node.walk();
        if node.kind_name() == "import_statement" {
            for n in node.fields("name", &mut c) {
                let (module, alias) = name_and_alias(src, n);
                out.push(Import {
                    module,
                    member: None,
                    alias,
                    reexport: false,
                    pos,
                });
            }
            return;
        }
        let Some(m) = node.field("module_name") else {
            return;
        };
        let module: String = text(src, m)
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        let mut any = false;
        for n in node.fields("name", &mut c) {
            let (member, alias) = name_and_alias(src, n);
            out.push(Import {
                module: module.clone(),
                member: Some(member),
                alias,
                reexport: false,
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
                reexport: false,
                pos,
            });
        }
    }

    fn exports(&self, src: &[u8], root: Node<'_>) -> Option<Vec<String>> {
        let mut out = None;
        all_statements(src, root, &mut out);
        out
    }

    fn bindings(&self, src: &[u8], node: Node<'_>, out: &mut Vec<(String, Option<String>)>) {
        match node.kind_name() {
            "identifier" => out.push((text(src, node), None)),
            "assignment" => {
                let Some(left) = node.field("left") else {
                    return;
                };
                if !matches!(left.kind_name(), "identifier" | "attribute") {
                    return;
                }
                let Some(name) = chain(src, left) else { return };
                let ty = match node.field("type") {
                    Some(t) => annotation(src, t),
                    None => node.field("right").and_then(|r| value(src, r)),
                };
                out.push((name, ty));
            }
            "for_statement" | "for_in_clause" => {
                // `for x in xs`: x is an element of xs.
                let Some(left) = node.field("left") else {
                    return;
                };
                if left.kind_name() == "identifier" {
                    let ty = node
                        .field("right")
                        .and_then(|r| chain(src, r))
                        .map(|c| format!("{c}[]"));
                    out.push((text(src, left), ty));
                } else {
                    let mut c = left.walk();
                    for n in left.named_children(&mut c) {
                        if n.kind_name() == "identifier" {
                            out.push((text(src, n), None));
                        }
                    }
                }
            }
            "typed_parameter" | "typed_default_parameter" => {
                let name = node
                    .field("name")
                    .or_else(|| node.named_child(0))
                    .filter(|n| n.kind_name() == "identifier");
                let ty = node.field("type").and_then(|t| annotation(src, t));
                if let Some(n) = name {
                    out.push((text(src, n), ty));
                }
            }
            "default_parameter" => {
                let name = node.field("name").filter(|n| n.kind_name() == "identifier");
                let ty = node
                    .field("value")
                    .filter(|v| v.kind_name() != "call")
                    .and_then(|v| value(src, v));
                if let Some(n) = name {
                    out.push((text(src, n), ty));
                }
            }
            _ => {}
        }
    }

    fn returns(&self, src: &[u8], def: &Def<'_>) -> Option<String> {
        match def.tag {
            DefTag::Function => annotation(src, def.node.field("return_type")?),
            _ => None,
        }
    }
}

/// An annotation as a type expression: `Foo`, `mod.Foo`, `"Foo"`, `Optional[Foo]`,
/// `Foo | None`, `Foo[int]` (a user generic) give the class; containers and anything else,
/// nothing.
fn annotation(src: &[u8], node: Node<'_>) -> Option<String> {
    let n = if node.kind_name() == "type" {
        node.named_child(0)?
    } else {
        node
    };
    match n.kind_name() {
        "identifier" | "attribute" => {
            let t = chain(src, n)?;
            (t != "None").then_some(t)
        }
        "string" => {
            let t = text(src, n);
            let inner = t.trim_matches(|c| c == '"' || c == '\'');
            let ok = !inner.is_empty() && inner.split('.').all(crate::syntax::is_identifier);
            ok.then(|| inner.to_string())
        }
        "binary_operator" => {
            // `Foo | None`
            let l = n.field("left")?;
            let r = n.field("right")?;
            let (l, r) = (annotation(src, l), annotation(src, r));
            match (l, r) {
                (Some(a), None) | (None, Some(a)) => Some(a),
                _ => None,
            }
        }
        "none" => None,
        "subscript" | "generic_type" => {
            let head = n.field("value").or_else(|| n.named_child(0))?;
            let name = chain(src, head)?;
            let last = name.rsplit('.').next().unwrap_or(&name);
            let mut c = n.walk();
            let args: Vec<Node<'_>> = if n.kind_name() == "generic_type" {
                // `list[Foo]` in an annotation: the arguments are a `type_parameter`'s.
                let params = n
                    .named_children(&mut c)
                    .find(|k| k.kind_name() == "type_parameter");
                match params {
                    Some(p) => {
                        let mut c2 = p.walk();
                        p.named_children(&mut c2).collect()
                    }
                    None => Vec::new(),
                }
            } else {
                n.fields("subscript", &mut c).collect()
            };
            match last {
                "Optional" => annotation(src, *args.first()?),
                "Union" => {
                    let named: Vec<String> =
                        args.iter().filter_map(|a| annotation(src, *a)).collect();
                    (named.len() == 1).then(|| named[0].clone())
                }
                "Annotated" | "Final" | "ClassVar" => annotation(src, *args.first()?),
                _ if SEQUENCES.contains(&last) => {
                    Some(format!("[]{}", annotation(src, *args.first()?)?))
                }
                _ if CONTAINERS.contains(&last) => None,
                _ => Some(name),
            }
        }
        _ => None,
    }
}

/// Containers of one element type: `list[Foo]` holds `Foo`s (`[]Foo`).
const SEQUENCES: &[&str] = &[
    "AbstractSet",
    "Collection",
    "Deque",
    "FrozenSet",
    "Iterable",
    "Iterator",
    "List",
    "MutableSequence",
    "MutableSet",
    "Sequence",
    "Set",
    "frozenset",
    "list",
    "set",
];

/// Other generic containers: `dict[str, Foo]` is no `Foo`.
const CONTAINERS: &[&str] = &[
    "AbstractSet",
    "AsyncIterable",
    "AsyncIterator",
    "Awaitable",
    "Callable",
    "Collection",
    "Coroutine",
    "DefaultDict",
    "Deque",
    "Dict",
    "FrozenSet",
    "Generator",
    "Iterable",
    "Iterator",
    "List",
    "Literal",
    "Mapping",
    "MutableMapping",
    "MutableSequence",
    "MutableSet",
    "Sequence",
    "Set",
    "Tuple",
    "Type",
    "dict",
    "frozenset",
    "list",
    "set",
    "tuple",
    "type",
];

/// A value's type expression, when the value is a call of a dotted name (`Cls(...)`,
/// `mod.make(...)`, `a.b().c(...)`) or a dotted name (`compat32`, `mod.DEFAULT`).
fn value(src: &[u8], node: Node<'_>) -> Option<String> {
    match node.kind_name() {
        "call" | "identifier" | "attribute" | "subscript" => chain(src, node),
        "assignment" => value(src, node.field("right")?),
        "parenthesized_expression" => value(src, node.named_child(0)?),
        _ => None,
    }
}

/// `a.b()[].c` for a chain of names, attributes, calls and subscripts.
fn chain(src: &[u8], node: Node<'_>) -> Option<String> {
    match node.kind_name() {
        "subscript" => Some(format!("{}[]", chain(src, node.field("value")?)?)),
        "identifier" => Some(text(src, node)),
        "attribute" => {
            let obj = chain(src, node.field("object")?)?;
            let attr = node.field("attribute")?;
            Some(format!("{obj}.{}", text(src, attr)))
        }
        "call" => Some(format!("{}()", chain(src, node.field("function")?)?)),
        _ => None,
    }
}

/// Python convention: a module-level name in upper case is a constant.
fn is_constant_name(name: &str) -> bool {
    name.chars().any(|c| c.is_alphabetic())
        && name
            .chars()
            .all(|c| c == '_' || c.is_ascii_digit() || (c.is_alphabetic() && !c.is_lowercase()))
}

/// The first sentence of the string that opens a block or module, if it opens with one.
fn docstring(block: Node<'_>, src: &[u8]) -> Option<String> {
    let mut c = block.walk();
    let first = block
        .named_children(&mut c)
        .find(|n| n.kind_name() != "comment")?;
    if first.kind_name() != "expression_statement" {
        return None;
    }
    let s = first.named_child(0)?;
    if s.kind_name() != "string" {
        return None;
    }
    let mut c2 = s.walk();
    let content: String = s
        .named_children(&mut c2)
        .filter(|n| n.kind_name() == "string_content")
        .map(|n| text(src, n))
        .collect();
    crate::syntax::first_sentence(content.lines())
}

/// The module-level statements that build `__all__` (also inside `if` and `try` blocks), in
/// order: `__all__ = [...]` sets the list, `+=`, `.extend(...)` and `.append(...)` add to it.
fn all_statements(src: &[u8], block: Node<'_>, out: &mut Option<Vec<String>>) {
    let mut c = block.walk();
    for st in block.named_children(&mut c) {
        match st.kind_name() {
            "if_statement" | "try_statement" | "else_clause" | "elif_clause" | "except_clause"
            | "finally_clause" | "block" => all_statements(src, st, out),
            "expression_statement" => {
                let Some(e) = st.named_child(0) else { continue };
                let is_all = |n: Option<Node<'_>>| {
                    n.is_some_and(|n| n.kind_name() == "identifier" && text(src, n) == "__all__")
                };
                match e.kind_name() {
                    "assignment" if is_all(e.field("left")) => {
                        let mut names = Vec::new();
                        if let Some(r) = e.field("right") {
                            all_names(src, r, &mut names);
                        }
                        *out = Some(names);
                    }
                    "augmented_assignment" if is_all(e.field("left")) => {
                        if let Some(r) = e.field("right") {
                            all_names(src, r, out.get_or_insert_with(Vec::new));
                        }
                    }
                    "call" => {
                        let Some(f) = e.field("function").filter(|f| f.kind_name() == "attribute")
                        else {
                            continue;
                        };
                        let method = f.field("attribute").map(|a| text(src, a));
                        if !is_all(f.field("object"))
                            || !matches!(method.as_deref(), Some("extend" | "append"))
                        {
                            continue;
                        }
                        let names = out.get_or_insert_with(Vec::new);
                        if let Some(args) = e.field("arguments") {
                            let mut c2 = args.walk();
                            for a in args.named_children(&mut c2) {
                                all_names(src, a, names);
                            }
                        }
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
}

/// The names a value given to `__all__` lists: strings, lists and tuples of them, and `+`
/// of those; anything else is [`ANY_EXPORT`].
fn all_names(src: &[u8], n: Node<'_>, out: &mut Vec<String>) {
    let mut c = n.walk();
    match n.kind_name() {
        "list" | "tuple" | "parenthesized_expression" => {
            for x in n.named_children(&mut c) {
                all_names(src, x, out);
            }
        }
        "binary_operator" => {
            for x in [n.field("left"), n.field("right")].into_iter().flatten() {
                all_names(src, x, out);
            }
        }
        "string" => {
            let parts: Vec<Node<'_>> = n.named_children(&mut c).collect();
            if parts.iter().any(|p| p.kind_name() == "interpolation") {
                out.push(ANY_EXPORT.to_string());
                return;
            }
            let name: String = parts
                .iter()
                .filter(|p| p.kind_name() == "string_content")
                .map(|p| text(src, *p))
                .collect();
            out.push(name);
        }
        "comment" => {}
        _ => out.push(ANY_EXPORT.to_string()),
    }
}

fn name_and_alias(src: &[u8], n: Node<'_>) -> (String, Option<String>) {
    if n.kind_name() == "aliased_import" {
        let name = n.field("name").map(|x| text(src, x)).unwrap_or_default();
        let alias = n.field("alias").map(|x| text(src, x));
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

/// pyright's `python.analysis.extraPaths` for a workspace of several Python projects: each
/// project directory below the root (one holding `pyproject.toml` or `setup.cfg`, as project
/// detection reads them; a `setup.py` may be a module of that name),
/// or its `src/` when it has one, so that one project's import of another resolves as it
/// does in the map. None for a single project at the root. And the interpreter of the
/// workspace's virtual environment (`$VIRTUAL_ENV`, `.venv/`, `venv/`: `deps::venvs`, where
/// `deps` finds its dependencies)
/// (or a lone sub-project's: [`interpreter`]) as `python.pythonPath`, so that pyright resolves imports into that environment's
/// packages, not the interpreter's on PATH.
fn project_paths(root: &std::path::Path) -> super::spec::ServerSetup {
    // One walk for the projects below, read by both.
    let below = sub_projects(root);
    let mut setup = extra_paths(root, &below);
    let env = spec::DepEnv::from_process();
    let path = |py: &std::path::Path| {
        (
            "python.pythonPath",
            super::spec::Setting::Str(py.to_string_lossy().into_owned()),
        )
    };
    if let Some(py) = interpreter(root, &below, &env) {
        setup.settings.push(path(&py));
    } else if root_interpreter(root, &env).is_none() {
        // Several projects with environments of their own: each a workspace folder of the
        // server's with its own interpreter (pyright reads one per folder).
        setup.folders = own_interpreters(&below)
            .into_iter()
            .map(|(dir, py)| (dir, vec![path(&py)]))
            .collect();
    }
    setup
}

/// The projects below the root that have a virtual environment of their own (`.venv`,
/// `venv`; not `$VIRTUAL_ENV`, the root's), with its interpreter.
fn own_interpreters(below: &[std::path::PathBuf]) -> Vec<(std::path::PathBuf, std::path::PathBuf)> {
    let python = |v: &std::path::PathBuf| Some(v.join("bin/python")).filter(|p| p.exists());
    below
        .iter()
        .filter_map(|d| {
            let py = deps::venvs(d, &spec::DepEnv::default())
                .iter()
                .find_map(python)?;
            Some((d.clone(), py))
        })
        .collect()
}

/// The interpreter of the workspace's first virtual environment that has one; else, when
/// exactly one Python project below the root has an environment of its own (`web/.venv`),
/// that one's (with several, each is its project's folder's: [`project_paths`]).
fn interpreter(
    root: &std::path::Path,
    below: &[std::path::PathBuf],
    env: &spec::DepEnv,
) -> Option<std::path::PathBuf> {
    if let Some(p) = root_interpreter(root, env) {
        return Some(p);
    }
    match own_interpreters(below).as_slice() {
        [(_, one)] => Some(one.clone()),
        _ => None,
    }
}

/// The interpreter of the root's first virtual environment that has one.
fn root_interpreter(root: &std::path::Path, env: &spec::DepEnv) -> Option<std::path::PathBuf> {
    deps::venvs(root, env)
        .iter()
        .map(|v| v.join("bin/python"))
        .find(|p| p.exists())
}

/// The Python projects' folders below the root (`pyproject.toml`, `setup.cfg`).
fn sub_projects(root: &std::path::Path) -> Vec<std::path::PathBuf> {
    spec::project_files(
        root,
        &["pyproject.toml", "setup.cfg"],
        6,
        &["node_modules", "site-packages"],
    )
    .iter()
    .filter_map(|f| f.parent())
    .filter(|d| *d != root)
    .map(std::path::Path::to_path_buf)
    .collect()
}

/// pyright's view of the installed packages rests on the interpreter it is given
/// ([`project_paths`]) and on what its `site-packages` held when it read them (it does not
/// watch them): both, as a stamp (the folders' modification times change when a package is
/// installed or removed).
/// Read on every request, so the root's environments alone (no walk for a sub-project's:
/// a package installed there later does not restart the server).
fn environment_stamp(root: &std::path::Path, env: &spec::DepEnv) -> String {
    let Some(py) = root_interpreter(root, env) else {
        return String::new();
    };
    let mut stamp = py.display().to_string();
    // bin/python is in <venv>/bin.
    if let Some(venv) = py.parent().and_then(|b| b.parent()) {
        for sp in deps::site_packages(venv) {
            let modified = std::fs::metadata(&sp)
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos());
            stamp.push_str(&format!(" {}@{modified}", sp.display()));
        }
    }
    stamp
}

fn extra_paths(root: &std::path::Path, below: &[std::path::PathBuf]) -> super::spec::ServerSetup {
    let mut dirs: Vec<std::path::PathBuf> = below
        .iter()
        .map(|d| match d.join("src") {
            src if src.is_dir() => src,
            _ => d.clone(),
        })
        .collect();
    dirs.dedup();
    if dirs.is_empty() {
        return super::spec::ServerSetup::default();
    }
    // pyright searches the root's `src/` by itself (a src layout) only while no extra path
    // is given: given some, it is one of them (flask: its examples' projects as extra paths
    // left `import flask` unresolved in its tests, `app: Unknown`).
    let src = root.join("src");
    if src.is_dir() && !src.join("__init__.py").exists() && !dirs.contains(&src) {
        dirs.insert(0, src);
    }
    super::spec::ServerSetup {
        settings: vec![(
            "python.analysis.extraPaths",
            super::spec::Setting::Strings(
                dirs.iter()
                    .map(|d| d.to_string_lossy().into_owned())
                    .collect(),
            ),
        )],
        top_level: false,
        folders: Vec::new(),
    }
}

/// pyright's `include` (`pyrightconfig.json`, else `[tool.pyright]` of `pyproject.toml` at
/// the root): the file it is read from, and the paths, each up to its first wildcard.
fn pyright_include(root: &std::path::Path) -> Option<(String, Vec<String>)> {
    let from_json = || {
        let text = std::fs::read_to_string(root.join("pyrightconfig.json")).ok()?;
        let v: serde_json::Value = serde_json::from_str(&text).ok()?;
        let paths: Vec<String> = v["include"]
            .as_array()?
            .iter()
            .filter_map(|p| p.as_str().map(str::to_string))
            .collect();
        Some(("pyrightconfig.json".to_string(), paths))
    };
    let (file, paths) = match from_json() {
        Some(found) => found,
        None => {
            let text = std::fs::read_to_string(root.join("pyproject.toml")).ok()?;
            (
                "pyproject.toml [tool.pyright]".to_string(),
                toml_include(&text)?,
            )
        }
    };
    let paths: Vec<String> = paths
        .iter()
        .map(|p| {
            let plain = p.split(['*', '?', '[']).next().unwrap_or("");
            plain
                .trim_start_matches("./")
                .trim_end_matches('/')
                .to_string()
        })
        .collect();
    // An empty or root entry includes everything: no limit.
    (!paths.is_empty() && !paths.iter().any(|p| p.is_empty() || p == ".")).then_some((file, paths))
}

/// The `include` array of `[tool.pyright]` in a `pyproject.toml` text, one line or several.
/// Pure.
fn toml_include(text: &str) -> Option<Vec<String>> {
    let mut in_section = false;
    let mut value: Option<String> = None;
    for line in text.lines() {
        let t = line.split('#').next().unwrap_or("").trim();
        if let Some(v) = value.as_mut() {
            v.push_str(t);
            if t.contains(']') {
                break;
            }
            continue;
        }
        if t.starts_with('[') && !t.starts_with("[[") && t.ends_with(']') && !t.contains('=') {
            in_section = t == "[tool.pyright]";
            continue;
        }
        if !in_section {
            continue;
        }
        if let Some(rest) = t.strip_prefix("include") {
            if let Some(array) = rest.trim_start().strip_prefix('=') {
                let array = array.trim().to_string();
                let done = array.contains(']');
                value = Some(array);
                if done {
                    break;
                }
            }
        }
    }
    let v = value?;
    let inner = v.split_once('[')?.1.split(']').next()?;
    Some(
        inner
            .split(',')
            .map(|p| p.trim().trim_matches(['"', '\'']).to_string())
            .filter(|p| !p.is_empty())
            .collect(),
    )
}

#[cfg(test)]
mod include_tests {
    use super::*;

    #[test]
    fn pyright_s_include_is_read_from_pyproject() {
        let one = "[project]\nname = \"requests\"\n\n[tool.pyright]\ninclude = [\"src/requests\"]\n\n[tool.ruff]\ninclude = [\"x\"]\n";
        assert_eq!(toml_include(one), Some(vec!["src/requests".to_string()]));
        let many = "[tool.pyright]\npythonVersion = \"3.9\"\ninclude = [\n  \"src\",  # the package\n  'scripts/**',\n]\n";
        assert_eq!(
            toml_include(many),
            Some(vec!["src".to_string(), "scripts/**".to_string()])
        );
        assert_eq!(toml_include("[tool.ruff]\ninclude = [\"a\"]\n"), None);
    }
}
