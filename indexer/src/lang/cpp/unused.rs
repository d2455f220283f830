//! What keeps a C++ symbol that no edge reaches (`map_unused`): `main`; constructors and
//! destructors; operators (called by their syntax, which the map does not link); a test
//! file's test bodies (googletest's `TEST_F(A, B)`, read as `A::B`); `override`; and exported
//! API: a free function with external linkage (not `static`, not in an anonymous namespace
//! the map could tell) and members of an exported type (the map does not read access
//! sections, so every member counts as public).

use crate::lang::spec::{Decl, Kept};
use crate::model::Kind;

pub(super) fn kept(d: &Decl<'_>) -> Option<Kept> {
    let callable = matches!(d.kind, Kind::Function | Kind::Method);
    if callable && d.parent.is_none() && d.name == "main" {
        return Some(Kept::Entry);
    }
    if callable && (d.named_after_parent() || d.name.starts_with('~')) {
        return Some(Kept::Constructor);
    }
    if callable && d.name.starts_with("operator") {
        return Some(Kept::Hook);
    }
    if callable && d.test_file {
        return Some(Kept::Entry);
    }
    if d.says("override") || d.signature.contains(" override") {
        return Some(Kept::Override);
    }
    let is_static = d.says("static") || d.signature.split_whitespace().any(|w| w == "static");
    let exported = match d.parent {
        None => !is_static,
        Some(Kind::Package) => !is_static,
        Some(_) => d.parent_exported,
    };
    exported.then_some(Kept::Exported)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn main_special_members_and_linkage() {
        let f = |signature: &'static str, qualname: &'static str, parent| Decl {
            signature,
            head: signature,
            qualname,
            parent,
            ..Decl::of(
                Kind::Function,
                qualname.rsplit('.').next().unwrap_or(qualname),
                "src/a.cpp",
            )
        };
        for (d, want) in [
            (f("int main()", "main", None), Some(Kept::Entry)),
            (f("A()", "A.A", Some(Kind::Class)), Some(Kept::Constructor)),
            (
                f("~A()", "A.~A", Some(Kind::Class)),
                Some(Kept::Constructor),
            ),
            (
                f(
                    "bool operator==(const A&)",
                    "A.operator==",
                    Some(Kind::Class),
                ),
                Some(Kept::Hook),
            ),
            (
                f("void run() override", "A.run", Some(Kind::Class)),
                Some(Kept::Override),
            ),
            (f("int add(int a)", "add", None), Some(Kept::Exported)),
            (f("static int add(int a)", "add", None), None),
            (f("int size()", "A.size", Some(Kind::Class)), None),
        ] {
            assert_eq!(kept(&d), want, "{d:?}");
        }
    }
}
