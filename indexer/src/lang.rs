//! The languages codemap understands, and what each one needs from tree-sitter.

use std::path::Path;

/// A language the map indexes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {
    Python,
    Go,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::Python, Lang::Go];

    /// The prefix used in node IDs and in the `files.lang` column.
    pub fn prefix(self) -> &'static str {
        match self {
            Lang::Python => "py",
            Lang::Go => "go",
        }
    }

    pub fn from_prefix(s: &str) -> Option<Lang> {
        match s {
            "py" => Some(Lang::Python),
            "go" => Some(Lang::Go),
            _ => None,
        }
    }

    /// The language of a file, by its extension: `.py`/`.pyi` are Python, `.go` is Go.
    pub fn of_path(path: &Path) -> Option<Lang> {
        match path.extension()?.to_str()? {
            "py" | "pyi" => Some(Lang::Python),
            "go" => Some(Lang::Go),
            _ => None,
        }
    }

    pub fn ts_language(self) -> tree_sitter::Language {
        match self {
            Lang::Python => tree_sitter_python::LANGUAGE.into(),
            Lang::Go => tree_sitter_go::LANGUAGE.into(),
        }
    }

    /// The query file from `queries/`, embedded at build time.
    pub fn query_source(self) -> &'static str {
        match self {
            Lang::Python => include_str!("../../queries/python.scm"),
            Lang::Go => include_str!("../../queries/go.scm"),
        }
    }

    /// Names that are builtins of the language: a call to one that resolves to nothing in the
    /// workspace is not recorded as an edge (it would only be noise).
    pub fn is_builtin(self, name: &str) -> bool {
        match self {
            Lang::Python => PY_BUILTINS.binary_search(&name).is_ok(),
            Lang::Go => GO_BUILTINS.binary_search(&name).is_ok(),
        }
    }
}

// Sorted, for binary search.
const PY_BUILTINS: &[&str] = &[
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

const GO_BUILTINS: &[&str] = &[
    "any",
    "append",
    "bool",
    "byte",
    "cap",
    "clear",
    "close",
    "comparable",
    "complex",
    "complex128",
    "complex64",
    "copy",
    "delete",
    "error",
    "float32",
    "float64",
    "imag",
    "int",
    "int16",
    "int32",
    "int64",
    "int8",
    "len",
    "make",
    "max",
    "min",
    "new",
    "panic",
    "print",
    "println",
    "real",
    "recover",
    "rune",
    "string",
    "uint",
    "uint16",
    "uint32",
    "uint64",
    "uint8",
    "uintptr",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_tables_are_sorted() {
        assert!(PY_BUILTINS.windows(2).all(|w| w[0] < w[1]));
        assert!(GO_BUILTINS.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn languages_by_extension() {
        assert_eq!(Lang::of_path(Path::new("a/b.py")), Some(Lang::Python));
        assert_eq!(Lang::of_path(Path::new("a/b.pyi")), Some(Lang::Python));
        assert_eq!(Lang::of_path(Path::new("x.go")), Some(Lang::Go));
        assert_eq!(Lang::of_path(Path::new("x.rs")), None);
        assert_eq!(Lang::of_path(Path::new("Makefile")), None);
    }
}
