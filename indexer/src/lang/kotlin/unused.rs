//! What keeps a Kotlin symbol that no edge reaches (`map_unused`): `main`; JUnit's test and
//! life-cycle methods; `override`; constructors; other annotated functions (a framework's);
//! and exported API: anything not `private` or `internal` (Kotlin's default is public) at
//! the top level or in an exported type; an `expect` or `actual` declaration (each stands for
//! the others). A companion object is its class's, as a constructor
//! is (okhttp's `Cache.Entry.Companion` holds constants only, whose reads the map does not
//! record).

use crate::lang::spec::{Decl, Kept};

const RUNNER: &[&str] = &[
    "Test",
    "ParameterizedTest",
    "BeforeEach",
    "AfterEach",
    "BeforeAll",
    "AfterAll",
    "Before",
    "After",
    "BeforeClass",
    "AfterClass",
];
const PLAIN: &[&str] = &[
    "Deprecated",
    "Suppress",
    "JvmStatic",
    "JvmOverloads",
    "Throws",
];

pub(super) fn kept(d: &Decl<'_>) -> Option<Kept> {
    let companion = d.name == "Companion" && d.head.contains("companion object");
    d.marked("@", RUNNER, PLAIN)
        .or_else(|| {
            let public = !(d.says("private") || d.says("internal"));
            (public && (d.parent.is_none() || d.parent_exported)).then_some(Kept::Exported)
        })
        // An `expect` and its `actual`s are one declaration in several source sets: a call
        // links to one of them (common code to the `expect`, a platform's to its `actual`),
        // so each stands for the others (okio: the `actual fun newLock()` called through its
        // `expect`, and an `expect` whose only caller linked to the JVM `actual`, were listed).
        .or_else(|| (d.says("expect") || d.says("actual")).then_some(Kept::Variant))
        // Exported when its class is (its members are then API too), else its class's.
        .or(companion.then_some(Kept::Constructor))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Kind;

    #[test]
    fn kotlin_is_public_unless_it_says_otherwise() {
        let f = |head: &'static str, name| Decl {
            head,
            ..Decl::of(Kind::Function, name, "src/main/kotlin/a/A.kt")
        };
        for (d, want) in [
            (
                f("fun main(args: Array<String>)", "main"),
                Some(Kept::Entry),
            ),
            (f("fun total(): Int", "total"), Some(Kept::Exported)),
            (f("private fun total(): Int", "total"), None),
            (f("internal fun total(): Int", "total"), None),
            (
                f("internal actual fun newLock(): Lock", "newLock"),
                Some(Kept::Variant),
            ),
            (
                f(
                    "internal expect fun datePartsToEpochMillis()",
                    "datePartsToEpochMillis",
                ),
                Some(Kept::Variant),
            ),
            (f("@Test fun total()", "total"), Some(Kept::Entry)),
            (
                f("override fun toString(): String", "toString"),
                Some(Kept::Override),
            ),
            // A companion object, even of a private class: its class's.
            (
                Decl {
                    head: "companion object {",
                    parent: Some(Kind::Class),
                    ..Decl::of(Kind::Class, "Companion", "src/main/kotlin/a/A.kt")
                },
                Some(Kept::Constructor),
            ),
        ] {
            assert_eq!(kept(&d), want, "{d:?}");
        }
    }
}
