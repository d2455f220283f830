//! What keeps a C# symbol that no edge reaches (`map_unused`): `Main`; NUnit's, xUnit's and
//! MSTest's test and set-up methods (`[Test]`, `[Fact]`, `[TestMethod]`, …); `override`;
//! constructors; other attributed methods (a framework's); and exported API: `public` or
//! `protected` at the top level or in an exported type.

use crate::lang::spec::{Decl, Kept};
use crate::model::Kind;

const RUNNER: &[&str] = &[
    "Test",
    "TestCase",
    "TestCaseSource",
    "Fact",
    "Theory",
    "TestMethod",
    "DataTestMethod",
    "SetUp",
    "TearDown",
    "OneTimeSetUp",
    "OneTimeTearDown",
    "TestInitialize",
    "TestCleanup",
    "ClassInitialize",
    "ClassCleanup",
];
const PLAIN: &[&str] = &["Obsolete", "MethodImpl", "DebuggerStepThrough", "Pure"];

pub(super) fn kept(d: &Decl<'_>) -> Option<Kept> {
    d.marked("[", RUNNER, PLAIN).or_else(|| {
        let public = d.says("public") || d.says("protected");
        // A type in a namespace's block (`namespace A { public class B }`) is top-level.
        let top = matches!(d.parent, None | Some(Kind::Package));
        (public && (top || d.parent_exported)).then_some(Kept::Exported)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attributes_override_and_public() {
        let m = |head: &'static str, qualname: &'static str| Decl {
            head,
            qualname,
            parent: Some(Kind::Class),
            parent_exported: true,
            ..Decl::of(
                Kind::Method,
                qualname.rsplit('.').next().unwrap_or(qualname),
                "src/A.cs",
            )
        };
        for (d, want) in [
            (
                m("static void Main(string[] args)", "P.Main"),
                Some(Kept::Entry),
            ),
            (
                m("[Fact]\n    public void Adds()", "T.Adds"),
                Some(Kept::Entry),
            ),
            (
                m("public override string ToString()", "A.ToString"),
                Some(Kept::Override),
            ),
            (m("A(int x)", "A.A"), Some(Kept::Constructor)),
            (m("public int Size()", "A.Size"), Some(Kept::Exported)),
            (m("private int Size()", "A.Size"), None),
            (m("int Size()", "A.Size"), None),
            // A type in a namespace's block is top-level; in a type not exported, not.
            (
                Decl {
                    head: "public class A",
                    parent: Some(Kind::Package),
                    parent_exported: false,
                    ..Decl::of(Kind::Class, "A", "src/A.cs")
                },
                Some(Kept::Exported),
            ),
            (
                Decl {
                    head: "public class B",
                    parent: Some(Kind::Class),
                    parent_exported: false,
                    ..Decl::of(Kind::Class, "B", "src/A.cs")
                },
                None,
            ),
        ] {
            assert_eq!(kept(&d), want, "{d:?}");
        }
    }
}
