//! What keeps a Python symbol that no edge reaches (`map_unused`): dunder methods (called
//! by the language; `__init__` is the constructor); a test file's `test*` functions,
//! `Test*` classes and unittest's set-up and tear-down methods; decorated definitions
//! (a framework registers them, `@property` reads them as attributes; `@override` marks an
//! override); a method named as the io protocol's (`seekable`, `writelines`: the standard
//! library calls it on a file object it is given); an options class nested in a class
//! (`class Meta`); and exported API: a module of a package
//! (an `__init__.py` beside it) whose name and every enclosing name have no leading `_`.

use crate::lang::spec::{Decl, Kept};
use crate::model::Kind;

/// unittest's and pytest's methods and functions run by name.
const FIXTURES: &[&str] = &[
    "setUp",
    "tearDown",
    "setUpClass",
    "tearDownClass",
    "setUpModule",
    "tearDownModule",
    "asyncSetUp",
    "asyncTearDown",
    "setup_method",
    "teardown_method",
    "setup_class",
    "teardown_class",
    "setup_module",
    "teardown_module",
    "setup_function",
    "teardown_function",
];

/// The io protocol's methods, which `io.TextIOWrapper`, `shutil` and the like call on the
/// file objects they are given (click's `_FixupStream.seekable`).
const IO_PROTOCOL: &[&str] = &[
    "read",
    "read1",
    "readinto",
    "readinto1",
    "readline",
    "readlines",
    "write",
    "writelines",
    "flush",
    "close",
    "seek",
    "tell",
    "seekable",
    "readable",
    "writable",
    "isatty",
    "fileno",
    "truncate",
    "detach",
];

/// Classes nested in a class that a metaclass or framework reads by name.
const NESTED_OPTIONS: &[&str] = &["Meta", "Config", "Media"];

/// Decorators that register nothing and are no attribute access.
const PLAIN: &[&str] = &[
    "staticmethod",
    "classmethod",
    "abstractmethod",
    "abc.abstractmethod",
    "functools.wraps",
    "wraps",
    "overload",
    "typing.overload",
];

pub(super) fn kept(d: &Decl<'_>) -> Option<Kept> {
    let dunder = d.name.len() > 4 && d.name.starts_with("__") && d.name.ends_with("__");
    if dunder {
        return Some(if d.name == "__init__" || d.name == "__new__" {
            Kept::Constructor
        } else {
            Kept::Hook
        });
    }
    if d.kind == Kind::Method && IO_PROTOCOL.contains(&d.name) {
        return Some(Kept::Hook);
    }
    // An options class nested in a class, read by name by its metaclass or framework:
    // marshmallow's and Django's `class Meta`, pydantic's `class Config`, Django's `Media`
    // (marshmallow's tests: 25 `Meta`s listed unused).
    if d.kind == Kind::Class && d.parent == Some(Kind::Class) && NESTED_OPTIONS.contains(&d.name) {
        return Some(Kept::Hook);
    }
    if d.test_file {
        let runs = match d.kind {
            Kind::Function | Kind::Method => {
                d.name.starts_with("test") || FIXTURES.contains(&d.name)
            }
            Kind::Class => d.name.starts_with("Test"),
            _ => false,
        };
        if runs {
            return Some(Kept::Entry);
        }
    }
    let decorators = d.annotations("@");
    if decorators
        .iter()
        .any(|a| a == "override" || a == "typing.override")
    {
        return Some(Kept::Override);
    }
    if decorators
        .iter()
        .any(|a| a.ends_with("fixture") && d.test_file || a == "pytest.fixture")
    {
        return Some(Kept::Entry);
    }
    if decorators.iter().any(|a| !PLAIN.contains(&a.as_str())) {
        return Some(Kept::Hook);
    }
    let module = d.path.rsplit('/').next().unwrap_or(d.path);
    let private = d.qualname.split('.').any(|s| s.starts_with('_'))
        || module.starts_with('_') && module != "__init__.py";
    (d.in_package && !d.test_file && !private).then_some(Kept::Exported)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dunders_tests_decorators_and_public_names() {
        let pkg = |kind, qualname: &'static str| Decl {
            in_package: true,
            qualname,
            ..Decl::of(
                kind,
                qualname.rsplit('.').next().unwrap_or(qualname),
                "shop/models.py",
            )
        };
        let script = |kind, name| Decl::of(kind, name, "tools/run.py");
        let test = |kind, name| Decl {
            test_file: true,
            in_package: true,
            ..Decl::of(kind, name, "tests/test_models.py")
        };
        let decorated = |head: &'static str| Decl {
            head,
            ..script(Kind::Function, "handler")
        };
        for (d, want) in [
            (pkg(Kind::Method, "Order.__init__"), Some(Kept::Constructor)),
            (pkg(Kind::Method, "Order.__eq__"), Some(Kept::Hook)),
            (script(Kind::Method, "__repr__"), Some(Kept::Hook)),
            (script(Kind::Function, "__"), None),
            (pkg(Kind::Function, "make_order"), Some(Kept::Exported)),
            (pkg(Kind::Class, "Order"), Some(Kept::Exported)),
            (pkg(Kind::Method, "Order.total"), Some(Kept::Exported)),
            (pkg(Kind::Method, "Order._cache"), None),
            (pkg(Kind::Method, "_Impl.run"), None),
            // The io protocol's: called by the standard library on a file object.
            (pkg(Kind::Method, "_Stream.seekable"), Some(Kept::Hook)),
            (script(Kind::Function, "seekable"), None),
            (pkg(Kind::Function, "_helper"), None),
            (script(Kind::Function, "helper"), None),
            (
                Decl {
                    parent: Some(Kind::Class),
                    ..script(Kind::Class, "Meta")
                },
                Some(Kept::Hook),
            ),
            (script(Kind::Class, "Meta"), None),
            (test(Kind::Function, "test_total"), Some(Kept::Entry)),
            (test(Kind::Class, "TestOrder"), Some(Kept::Entry)),
            (test(Kind::Method, "setUp"), Some(Kept::Entry)),
            (test(Kind::Function, "make_fixture_data"), None),
            (script(Kind::Function, "test_like"), None),
            (
                decorated("@app.route(\"/\")\ndef handler():"),
                Some(Kept::Hook),
            ),
            (decorated("@property\ndef handler(self):"), Some(Kept::Hook)),
            (decorated("@staticmethod\ndef handler():"), None),
            (
                decorated("@override\ndef handler(self):"),
                Some(Kept::Override),
            ),
            (
                Decl {
                    test_file: true,
                    ..decorated("@pytest.fixture(scope=\"module\")\ndef handler():")
                },
                Some(Kept::Entry),
            ),
            (
                Decl {
                    in_package: true,
                    ..Decl::of(Kind::Function, "helper", "shop/_impl.py")
                },
                None,
            ),
        ] {
            assert_eq!(kept(&d), want, "{d:?}");
        }
    }
}
