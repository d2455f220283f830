//! What keeps a Rust symbol that no edge reaches (`map_unused`): `main`; functions under a
//! test or bench attribute (`#[test]`, `#[tokio::test]`, `#[bench]`, …) or a proc-macro's;
//! `#[no_mangle]`, `#[export_name]` and `extern "C"` functions and `#[macro_export]`
//! macros (exported to other code); and `pub` items (exported API; `pub(crate)` and other
//! restricted visibilities are not). A trait impl's methods are kept by their `implements`
//! edges, which the map's generic rule reads.

use crate::lang::spec::{Decl, Kept};
use crate::model::Kind;

pub(super) fn kept(d: &Decl<'_>) -> Option<Kept> {
    if d.parent.is_none() && d.kind == Kind::Function && d.name == "main" {
        return Some(Kept::Entry);
    }
    let lines = attribute_lines(d.before);
    let attrs = Decl {
        before: &lines,
        ..*d
    }
    .annotations("#[");
    let last = |a: &String| a.rsplit("::").next().unwrap_or(a).to_string();
    if attrs.iter().map(last).any(|a| {
        matches!(
            a.as_str(),
            "test" | "bench" | "rstest" | "test_case" | "quickcheck" | "proptest"
        ) || a.starts_with("proc_macro")
            || a.ends_with("_test")
    }) {
        return Some(Kept::Entry);
    }
    if attrs
        .iter()
        .any(|a| matches!(a.as_str(), "no_mangle" | "export_name" | "macro_export"))
        || d.signature.contains("extern \"C\"")
    {
        return Some(Kept::Exported);
    }
    let sig = d.signature.trim_start();
    let public = sig
        .strip_prefix("pub")
        .is_some_and(|rest| rest.starts_with(char::is_whitespace));
    public.then_some(Kept::Exported)
}

/// The lines above an item with each attribute written over several lines
/// (`#[should_panic(\n    expected = "…"\n)]`) as its first line alone, which names it: the
/// lines between are no attributes, and [`Decl::annotations`] stopped at them and missed the
/// `#[test]` above. Read upwards: a line that does not start with `#[` and ends with a `]` it
/// does not open closes an attribute that the nearest `#[` line above opens.
fn attribute_lines<'a>(before: &[&'a str]) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut open = false;
    for &l in before.iter().rev() {
        let t = l.trim();
        if open {
            if t.starts_with("#[") {
                out.push(l);
                open = false;
            }
            continue;
        }
        let closes = |c| t.matches(c).count();
        if !t.starts_with("#[") && t.ends_with(']') && closes(']') > closes('[') {
            open = true;
            continue;
        }
        out.push(l);
    }
    out.reverse();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn main_tests_attributes_and_pub() {
        let f = |signature: &'static str, name| Decl {
            signature,
            ..Decl::of(Kind::Function, name, "src/lib.rs")
        };
        let with = |before: &'static [&'static str], name| Decl {
            before,
            signature: "fn x()",
            qualname: "tests.x",
            parent: Some(Kind::Package),
            ..Decl::of(Kind::Function, name, "src/lib.rs")
        };
        for (d, want) in [
            (f("fn main()", "main"), Some(Kept::Entry)),
            (f("pub fn open() -> Map", "open"), Some(Kept::Exported)),
            (f("pub(crate) fn open() -> Map", "open"), None),
            (f("pub(super) fn open()", "open"), None),
            (f("fn open() -> Map", "open"), None),
            (f("pub extern \"C\" fn cb()", "cb"), Some(Kept::Exported)),
            (f("extern \"C\" fn cb()", "cb"), Some(Kept::Exported)),
            (with(&["    #[test]"], "x"), Some(Kept::Entry)),
            (
                with(&["#[tokio::test(flavor = \"multi_thread\")]"], "x"),
                Some(Kept::Entry),
            ),
            (
                with(&["#[test]", "/// Doc.", "#[ignore]"], "x"),
                Some(Kept::Entry),
            ),
            (with(&["#[bench]"], "x"), Some(Kept::Entry)),
            (
                with(&["#[proc_macro_derive(Thing)]"], "x"),
                Some(Kept::Entry),
            ),
            (with(&["#[no_mangle]"], "x"), Some(Kept::Exported)),
            (with(&["#[test]", "fn other() {}", "#[inline]"], "x"), None),
            (with(&["#[inline]"], "x"), None),
            // An attribute over several lines, above or below the test's (axum's
            // `#[should_panic(\n    expected = "…"\n)]`).
            (
                with(
                    &[
                        "}",
                        "",
                        "#[test]",
                        "#[should_panic(",
                        "    expected = \"Nesting at the root [is] not supported\"",
                        ")]",
                    ],
                    "x",
                ),
                Some(Kept::Entry),
            ),
            (
                with(
                    &[
                        "    #[should_panic(",
                        "        expected = \"Overlapping method route\"",
                        "    )]",
                        "    #[crate::test]",
                    ],
                    "x",
                ),
                Some(Kept::Entry),
            ),
            (
                with(
                    &[
                        "#[crate::test]",
                        "#[should_panic(expected = \"\\",
                        "    Invalid route: `Router::route_service`. \\",
                        "\")]",
                    ],
                    "x",
                ),
                Some(Kept::Entry),
            ),
            // Code above: no attribute of this item.
            (
                with(
                    &[
                        "#[test]",
                        "fn other() {}",
                        "#[should_panic(",
                        "    expected = \"x\"",
                        ")]",
                    ],
                    "x",
                ),
                None,
            ),
            (with(&["#[test]", "    let v = [1, 2]"], "x"), None),
            (
                Decl {
                    before: &["#[macro_export]"],
                    signature: "macro_rules! log_line",
                    ..Decl::of(Kind::Function, "log_line", "src/lib.rs")
                },
                Some(Kept::Exported),
            ),
        ] {
            assert_eq!(kept(&d), want, "{d:?}");
        }
    }
}
