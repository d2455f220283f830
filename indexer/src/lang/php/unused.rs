//! What keeps a PHP symbol that no edge reaches (`map_unused`): `__construct` and the other
//! magic methods; a test file's `test*` methods and those marked `@test`; PHPUnit's
//! `setUp`/`tearDown`; and exported API: functions and classes (global names any code may
//! call), and members of an exported class that are not `private` (public by default).

use crate::lang::spec::{Decl, Kept};
use crate::model::Kind;

pub(super) fn kept(d: &Decl<'_>) -> Option<Kept> {
    if d.name == "__construct" {
        return Some(Kept::Constructor);
    }
    if d.name.starts_with("__") {
        return Some(Kept::Hook);
    }
    let test_runs = d.name.starts_with("test")
        || matches!(
            d.name,
            "setUp" | "tearDown" | "setUpBeforeClass" | "tearDownAfterClass"
        )
        || d.before.iter().any(|l| l.contains("@test"));
    if d.test_file && d.kind == Kind::Method && test_runs {
        return Some(Kept::Entry);
    }
    let exported = match d.parent {
        None => true,
        Some(_) => d.parent_exported && !d.says("private"),
    };
    exported.then_some(Kept::Exported)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_tests_and_visibility() {
        let m = |head: &'static str, name, test_file| Decl {
            head,
            parent: Some(Kind::Class),
            parent_exported: true,
            test_file,
            ..Decl::of(Kind::Method, name, "src/A.php")
        };
        for (d, want) in [
            (
                m("public function __construct()", "__construct", false),
                Some(Kept::Constructor),
            ),
            (
                m("public function __toString()", "__toString", false),
                Some(Kept::Hook),
            ),
            (
                m("public function testAdds()", "testAdds", true),
                Some(Kept::Entry),
            ),
            (m("private function helper()", "helper", true), None),
            (
                m("public function size()", "size", false),
                Some(Kept::Exported),
            ),
            (m("function size()", "size", false), Some(Kept::Exported)),
            (m("private function size()", "size", false), None),
        ] {
            assert_eq!(kept(&d), want, "{d:?}");
        }
    }
}
