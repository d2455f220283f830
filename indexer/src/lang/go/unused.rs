//! What keeps a Go symbol that no edge reaches (`map_unused`): `main` of package main and
//! every `init`; a `//go:linkname` directive naming it (code elsewhere links to it); `func _`; a test file's `Test`, `Benchmark`, `Example` and `Fuzz` functions; and
//! exported API: a capitalised name outside `internal/` directories, package main and test
//! files, and a capitalised method anywhere (it may satisfy another package's interface); a
//! method named as a standard library interface's (`Error`, `ServeHTTP`, `UnmarshalText`) is
//! kept even with exported API judged: the standard library calls it through the interface.

use crate::lang::spec::{Decl, Kept};
use crate::model::Kind;

pub(super) fn kept(d: &Decl<'_>) -> Option<Kept> {
    // `//go:linkname name …` above it: other packages reach it by its linker name.
    let linkname = |l: &&str| {
        l.trim()
            .strip_prefix("//go:linkname ")
            .is_some_and(|rest| rest.split_whitespace().next() == Some(d.name))
    };
    if d.before.iter().any(linkname) {
        return Some(Kept::Hook);
    }
    if d.name == "_" {
        // `func _() { … }` and `var _ I = T{}`: the compiler's checks, never called.
        return Some(Kept::Hook);
    }
    if d.parent.is_none() && d.kind == Kind::Function {
        if d.name == "init" || (d.name == "main" && d.package == Some("main")) {
            return Some(Kept::Entry);
        }
        if d.test_file && is_test_function(d.name) {
            return Some(Kept::Entry);
        }
    }
    if d.kind == Kind::Method && STD_INTERFACE_METHODS.contains(&d.name) {
        return Some(Kept::Hook);
    }
    let internal = d.path.split('/').any(|s| s == "internal");
    let capitalised = d.name.chars().next().is_some_and(char::is_uppercase);
    // A capitalised method may satisfy an interface of any package (`io.Writer`'s `Write`
    // on a test's type): exported wherever it is.
    let method = d.kind == Kind::Method;
    (capitalised && (method || !internal && !d.test_file && d.package != Some("main")))
        .then_some(Kept::Exported)
}

/// The methods of the standard library's interfaces it calls through them: `error`,
/// `fmt.Stringer`/`Formatter`, the `encoding` and `json`/`xml` (un)marshalers, `io`'s
/// readers, writers and closers, `net/http`'s handler and response writer, `fs.FS` and
/// `fs.File`, `sort.Interface`, `heap.Interface`, `sql.Scanner`/`driver.Valuer`,
/// `context.Context`, `sync.Locker`, `flag.Value`/`Getter`, and `errors.Is`/`As`/`Unwrap`'s.
const STD_INTERFACE_METHODS: &[&str] = &[
    "Error",
    "String",
    "GoString",
    "Format",
    "MarshalJSON",
    "UnmarshalJSON",
    "MarshalText",
    "UnmarshalText",
    "MarshalBinary",
    "UnmarshalBinary",
    "MarshalXML",
    "UnmarshalXML",
    "MarshalXMLAttr",
    "UnmarshalXMLAttr",
    "Unwrap",
    "Is",
    "As",
    "Read",
    "Write",
    "Close",
    "Seek",
    "ReadAt",
    "WriteAt",
    "ReadFrom",
    "WriteTo",
    "WriteString",
    "ReadByte",
    "WriteByte",
    "UnreadByte",
    "ReadRune",
    "UnreadRune",
    "ServeHTTP",
    "Header",
    "WriteHeader",
    "Flush",
    "Hijack",
    "CloseNotify",
    "Push",
    "Open",
    "Stat",
    "ReadDir",
    "Readdir",
    "Len",
    "Less",
    "Swap",
    "Pop",
    "Scan",
    "Value",
    "Deadline",
    "Done",
    "Err",
    "Lock",
    "Unlock",
    "RoundTrip",
    "Timeout",
    "Temporary",
    // `flag.Value` and `flag.Getter` (cobra's test values, passed to `Flags().VarP`).
    "Set",
    "Get",
];

/// `go test`'s functions: `Test`, `Benchmark`, `Example` and `Fuzz`, alone or followed by
/// a name that does not start with a lower-case letter (`TestX`, `Test_x`; `Testify` is not).
fn is_test_function(name: &str) -> bool {
    ["Test", "Benchmark", "Example", "Fuzz"].iter().any(|p| {
        name.strip_prefix(p)
            .is_some_and(|rest| !rest.chars().next().is_some_and(char::is_lowercase))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_points_and_exported_names() {
        let main = Decl {
            package: Some("main"),
            ..Decl::of(Kind::Function, "main", "cmd/x/main.go")
        };
        let test = |name| Decl {
            test_file: true,
            package: Some("csv"),
            ..Decl::of(Kind::Function, name, "csv/reader_test.go")
        };
        let in_pkg = |kind, name, path| Decl {
            package: Some("csv"),
            ..Decl::of(kind, name, path)
        };
        for (d, want) in [
            (main, Some(Kept::Entry)),
            (in_pkg(Kind::Function, "main", "csv/x.go"), None),
            (
                in_pkg(Kind::Function, "init", "csv/x.go"),
                Some(Kept::Entry),
            ),
            (test("TestRead"), Some(Kept::Entry)),
            (test("Test"), Some(Kept::Entry)),
            (test("Test_read"), Some(Kept::Entry)),
            (test("BenchmarkRead"), Some(Kept::Entry)),
            (test("ExampleReader_Read"), Some(Kept::Entry)),
            (test("FuzzRead"), Some(Kept::Entry)),
            (test("Testify"), None),
            (test("HelperFunc"), None),
            (test("helper"), None),
            (
                in_pkg(Kind::Function, "NewReader", "csv/reader.go"),
                Some(Kept::Exported),
            ),
            (
                in_pkg(Kind::Struct, "Reader", "csv/reader.go"),
                Some(Kept::Exported),
            ),
            (in_pkg(Kind::Function, "readRecord", "csv/reader.go"), None),
            (
                in_pkg(Kind::Function, "Parse", "net/http/internal/x.go"),
                None,
            ),
            (
                Decl {
                    package: Some("main"),
                    ..Decl::of(Kind::Function, "Run", "cmd/x/main.go")
                },
                None,
            ),
            (
                Decl {
                    parent: Some(Kind::Struct),
                    ..in_pkg(Kind::Method, "ReadRecord", "csv/reader.go")
                },
                Some(Kept::Exported),
            ),
            // A standard library interface's method: called through it.
            (
                Decl {
                    parent: Some(Kind::Struct),
                    ..in_pkg(Kind::Method, "Read", "csv/reader.go")
                },
                Some(Kept::Hook),
            ),
            (
                Decl {
                    parent: Some(Kind::Struct),
                    test_file: true,
                    ..in_pkg(Kind::Method, "Write", "csv/writer_test.go")
                },
                Some(Kept::Hook),
            ),
            (
                Decl {
                    parent: Some(Kind::Struct),
                    ..in_pkg(Kind::Method, "WriteChunk", "net/http/internal/chunked.go")
                },
                Some(Kept::Exported),
            ),
        ] {
            assert_eq!(kept(&d), want, "{d:?}");
        }
    }
}
