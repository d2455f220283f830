//! What keeps a Ruby symbol that no edge reaches (`map_unused`): `initialize` (called by
//! `new`); `method_missing`, `respond_to_missing?` and the other hooks Ruby calls by name; a
//! test file's `test_*` methods and Minitest's `setup`/`teardown`; and exported API:
//! classes, modules and their methods (Ruby's methods are public unless a `private` section
//! says otherwise, which the map does not read).

use crate::lang::spec::{Decl, Kept};
use crate::model::Kind;

const HOOKS: &[&str] = &[
    "method_missing",
    "respond_to_missing?",
    "inherited",
    "included",
    "extended",
    "prepended",
    "to_s",
    "inspect",
    "hash",
    "eql?",
    "==",
    "<=>",
    "each",
    "call",
];

pub(super) fn kept(d: &Decl<'_>) -> Option<Kept> {
    if d.name == "initialize" {
        return Some(Kept::Constructor);
    }
    if HOOKS.contains(&d.name) {
        return Some(Kept::Hook);
    }
    let callable = matches!(d.kind, Kind::Method | Kind::Function);
    if d.test_file
        && callable
        && (d.name.starts_with("test_") || matches!(d.name, "setup" | "teardown"))
    {
        return Some(Kept::Entry);
    }
    let exported = match d.parent {
        None => !callable,
        Some(_) => d.parent_exported,
    };
    (exported && !d.test_file).then_some(Kept::Exported)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constructors_hooks_tests_and_public() {
        let m = |name, test_file: bool| Decl {
            parent: Some(Kind::Class),
            parent_exported: !test_file,
            test_file,
            ..Decl::of(Kind::Method, name, "lib/a.rb")
        };
        for (d, want) in [
            (m("initialize", false), Some(Kept::Constructor)),
            (m("to_s", false), Some(Kept::Hook)),
            (m("test_adds", true), Some(Kept::Entry)),
            (m("helper", true), None),
            (m("size", false), Some(Kept::Exported)),
            (
                Decl::of(Kind::Class, "Shop", "lib/a.rb"),
                Some(Kept::Exported),
            ),
            (Decl::of(Kind::Function, "helper", "exe/run.rb"), None),
        ] {
            assert_eq!(kept(&d), want, "{d:?}");
        }
    }
}
