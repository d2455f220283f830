//! What keeps a Rust symbol that no edge reaches (`map_unused`): `main`; functions under a
//! test or bench attribute (`#[test]`, `#[tokio::test]`, `#[bench]`, …) or a proc-macro's;
//! `#[no_mangle]`, `#[export_name]` and `extern "C"` functions and `#[macro_export]`
//! macros (exported to other code); `_name` items (unused on purpose; a
//! `#[allow(dead_code)]` one is listed, being dead); and `pub` items (exported API; `pub(crate)` and other
//! restricted visibilities are not). A trait impl's methods are kept by their `implements`
//! edges, which the map's generic rule reads; its associated types (`type Output = Value;`)
//! by their place: only a trait's impl has them.

use crate::lang::spec::{Decl, Kept};
use crate::model::Kind;

pub(super) fn kept(d: &Decl<'_>) -> Option<Kept> {
    if d.parent.is_none() && d.kind == Kind::Function && d.name == "main" {
        return Some(Kept::Entry);
    }
    // `type Item = …;` in an impl: a trait's associated type (an inherent impl has none).
    // Its qualname names the impl's type (`Value.Output`), which may be another file's (no
    // parent here); a module's alias (`tests.X`) has the module for parent.
    let in_module_or_trait = matches!(d.parent, Some(Kind::Package | Kind::Interface));
    if d.kind == Kind::Type && d.qualname.contains('.') && !in_module_or_trait {
        return Some(Kept::Override);
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
    // `_name`: unused on purpose, as rustc reads it (a `#[allow(dead_code)]` item is still
    // listed: the compiler would call it dead, and the fixture's `shelve` is).
    let intended = d.name.starts_with('_');
    public
        .then_some(Kept::Exported)
        .or(intended.then_some(Kept::Intended))
}

/// Whether the item whose name is on `line` (1-based) of `text` is under a `#[cfg(…)]`:
/// among the attribute lines right above it, or above the `impl` (or `mod`) block it sits in
/// (the nearest line above, less indented, that opens one). Pure.
pub(super) fn cfg_gated(text: &str, line: u32) -> bool {
    let lines: Vec<&str> = text.lines().collect();
    let Some(at) = (line as usize).checked_sub(1).filter(|&i| i < lines.len()) else {
        return false;
    };
    let indent = |l: &str| l.len() - l.trim_start().len();
    let cfg_above = |i: usize| {
        lines[..i]
            .iter()
            .rev()
            .map(|l| l.trim())
            .take_while(|t| t.starts_with("#[") || t.starts_with("///") || t.starts_with("//"))
            .any(|t| t.starts_with("#[cfg") || t.starts_with("#[cfg_attr"))
    };
    if cfg_above(at) {
        return true;
    }
    let own = indent(lines[at]);
    let opener = lines[..at].iter().rposition(|l| {
        let t = l.trim_start();
        !t.is_empty()
            && indent(l) < own
            && ["impl", "unsafe impl", "mod ", "pub mod ", "pub(crate) mod "]
                .iter()
                .any(|p| t.starts_with(p))
    });
    opener.is_some_and(cfg_above)
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
    fn items_under_a_cfg() {
        let text = "impl From<f32> for Value {\n    fn from(f: f32) -> Self {}\n}\n\
            #[cfg(feature = \"x\")]\nimpl Serialize for Number {\n    /// Doc.\n    fn serialize(&self) {}\n}\n\
            impl Number {\n    #[cfg(not(feature = \"x\"))]\n    #[inline]\n    fn as_f64(&self) {}\n    fn plain(&self) {}\n}\n";
        for (line, want) in [(2, false), (7, true), (12, true), (13, false), (99, false)] {
            assert_eq!(cfg_gated(text, line), want, "line {line}");
        }
    }

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
            (
                f("fn _check(_: &dyn Source)", "_check"),
                Some(Kept::Intended),
            ),
            (f("pub fn open() -> Map", "open"), Some(Kept::Exported)),
            (f("pub(crate) fn open() -> Map", "open"), None),
            (f("pub(super) fn open()", "open"), None),
            (f("fn open() -> Map", "open"), None),
            (f("pub extern \"C\" fn cb()", "cb"), Some(Kept::Exported)),
            (f("extern \"C\" fn cb()", "cb"), Some(Kept::Exported)),
            // A trait impl's associated type; a module's type alias is judged.
            (
                Decl {
                    qualname: "Value.Output",
                    signature: "type Output = Value;",
                    ..Decl::of(Kind::Type, "Output", "src/value/index.rs")
                },
                Some(Kept::Override),
            ),
            (
                Decl {
                    qualname: "tests.Alias",
                    parent: Some(Kind::Package),
                    signature: "type Alias = u8;",
                    ..Decl::of(Kind::Type, "Alias", "src/lib.rs")
                },
                None,
            ),
            (
                Decl {
                    signature: "type Result<T> = std::result::Result<T, Error>;",
                    ..Decl::of(Kind::Type, "Result", "src/error.rs")
                },
                None,
            ),
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
            // Dead on purpose as the compiler reads it, still dead: listed.
            (with(&["#[allow(dead_code)]"], "x"), None),
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
