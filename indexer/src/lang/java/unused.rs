//! What keeps a Java symbol that no edge reaches (`map_unused`): `static main`; JUnit's
//! test and life-cycle methods (`@Test`, `@BeforeEach`, …); `@Override`; constructors;
//! serialisation hooks (`readObject`, `writeReplace`, …); other annotated methods (a
//! framework registers them: `@Bean`, `@Inject`); and exported API: `public` or `protected`
//! at the top level or in an exported type.

use crate::lang::spec::{Decl, Kept};
use crate::model::Kind;

/// JUnit 4 and 5 (and TestNG's `Test`): methods the runner calls.
const RUNNER: &[&str] = &[
    "Test",
    "ParameterizedTest",
    "RepeatedTest",
    "TestFactory",
    "TestTemplate",
    "BeforeEach",
    "AfterEach",
    "BeforeAll",
    "AfterAll",
    "Before",
    "After",
    "BeforeClass",
    "AfterClass",
    "BeforeMethod",
    "AfterMethod",
];

/// Annotations that register nothing.
const PLAIN: &[&str] = &[
    "Deprecated",
    "SuppressWarnings",
    "SafeVarargs",
    "FunctionalInterface",
    "Nullable",
    "NonNull",
    "Nonnull",
    "NotNull",
    "CheckReturnValue",
    "VisibleForTesting",
];

/// Java serialisation's methods, called by name.
const SERIAL: &[&str] = &[
    "readObject",
    "writeObject",
    "readObjectNoData",
    "readResolve",
    "writeReplace",
];

pub(super) fn kept(d: &Decl<'_>) -> Option<Kept> {
    d.marked("@", RUNNER, PLAIN).or_else(|| {
        if d.kind == Kind::Method && SERIAL.contains(&d.name) {
            return Some(Kept::Hook);
        }
        let public = d.says("public") || d.says("protected");
        (public && (d.parent.is_none() || d.parent_exported)).then_some(Kept::Exported)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runners_overrides_constructors_and_public() {
        let m = |head: &'static str, qualname: &'static str, parent_exported| Decl {
            head,
            signature: head.lines().last().unwrap_or(head),
            qualname,
            parent: Some(Kind::Class),
            parent_exported,
            ..Decl::of(
                Kind::Method,
                qualname.rsplit('.').next().unwrap_or(qualname),
                "src/A.java",
            )
        };
        for (d, want) in [
            (
                m("public static void main(String[] args)", "A.main", false),
                Some(Kept::Entry),
            ),
            (
                m("@Test\n  void putsAndGets()", "ATest.putsAndGets", false),
                Some(Kept::Entry),
            ),
            (
                m(
                    "@org.junit.jupiter.api.BeforeEach void setUp()",
                    "ATest.setUp",
                    false,
                ),
                Some(Kept::Entry),
            ),
            (
                m("@Override\n  public String toString()", "A.toString", false),
                Some(Kept::Override),
            ),
            (m("private A()", "A.A", false), Some(Kept::Constructor)),
            // A Javadoc above that writes the name and `@param` (jsoup's `Jsoup.connect`):
            // still `public`, and no annotation.
            (
                m(
                    "/**\n   * Use: Jsoup.connect(\"http://x\").get();\n   * @param url where\n   * @see #newSession()\n   */\n  public static Connection connect(String url)",
                    "Jsoup.connect",
                    true,
                ),
                Some(Kept::Exported),
            ),
            (
                m(
                    "/**\n   * Calls connect once.\n   * @param url where\n   */\n  static Connection connect(String url)",
                    "Jsoup.connect",
                    true,
                ),
                None,
            ),
            (
                m("A(int capacity)", "A.A~2", false),
                Some(Kept::Constructor),
            ),
            (
                m("@Bean\n  Store store()", "A.store", false),
                Some(Kept::Hook),
            ),
            (m("@Deprecated\n  void old()", "A.old", false), None),
            (
                m(
                    "private void readObject(ObjectInputStream in)",
                    "A.readObject",
                    false,
                ),
                Some(Kept::Hook),
            ),
            (m("public int size()", "A.size", true), Some(Kept::Exported)),
            (
                m("protected void touch()", "A.touch", true),
                Some(Kept::Exported),
            ),
            (m("public int size()", "A.size", false), None),
            (m("private Entry find(String key)", "A.find", true), None),
            (m("static void report(Catalog c)", "A.report", true), None),
            (
                Decl {
                    head: "public class A",
                    ..Decl::of(Kind::Class, "A", "src/A.java")
                },
                Some(Kept::Exported),
            ),
            (Decl::of(Kind::Class, "A", "src/A.java"), None),
        ] {
            assert_eq!(kept(&d), want, "{d:?}");
        }
        // A Javadoc above whose lines have no `*` (jsoup's `Jsoup`): ` @author X */` is no
        // annotation, so the public class is exported API, not a framework's hook.
        let before = [
            "/**",
            " The core public access point.",
            "",
            " @author Jonathan Hedley */",
            "",
        ];
        let class = Decl {
            head: "public class Jsoup",
            before: &before,
            ..Decl::of(Kind::Class, "Jsoup", "src/Jsoup.java")
        };
        assert_eq!(kept(&class), Some(Kept::Exported));
    }
}
