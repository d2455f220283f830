//! Node IDs as SCIP symbols, and back. Pure.
//!
//! A node ID `lang:head#seg.seg` (head: a file path, a Go package directory with its `/`, or
//! `ext:<package>`) becomes
//!
//! ```text
//! codemap <manager> <package> <version> `<head>`/ <seg><suffix> <seg><suffix> ...
//! ```
//!
//! - the scheme is always `codemap`; the manager is the language's (`Lang::spec().scip`), so
//!   it gives the language back;
//! - package and version name the project the node belongs to (its nearest project file, else
//!   the workspace's directory name and `.`); for an external node, its package and `.`;
//! - the first descriptor is a namespace whose name is the head exactly as the node ID writes
//!   it (percent-escapes kept), so the path needs no second spelling;
//! - each qualname segment (a `~N` ordinal kept in its name) is a descriptor whose suffix
//!   comes from the kind of the symbol that segment names: `#` for classes, structs,
//!   interfaces and types, `().` for functions and methods, `.` for fields, constants and
//!   variables.
//!
//! Going back needs only the manager, the first descriptor and the names: `node_id` is the
//! inverse of `global` for every node ID. Symbols local to a document (`local N`) are mapped
//! through their document (see `export::document`). A library member that a call names
//! (``codemap gomod fmt . `ext:fmt`/Println().``) comes back as `go:ext:fmt#Println`: its
//! package's external node and the member's name, which the map holds as an `external`
//! edge's written name, not as a node.

use crate::model::Kind;
use crate::Lang;

/// SCIP's scheme for every symbol codemap writes.
pub const SCHEME: &str = "codemap";

/// A descriptor's suffix: what kind of name it is in SCIP's grammar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// `name/`: packages, modules, files.
    Namespace,
    /// `name#`
    Type,
    /// `name().`
    Method,
    /// `name.`
    Term,
}

impl Suffix {
    pub fn of(kind: Kind) -> Suffix {
        match kind {
            Kind::File | Kind::Package => Suffix::Namespace,
            Kind::Class | Kind::Struct | Kind::Interface | Kind::Type => Suffix::Type,
            Kind::Function | Kind::Method => Suffix::Method,
            Kind::Field | Kind::Constant | Kind::Variable => Suffix::Term,
        }
    }

    fn write(self, out: &mut String, name: &str) {
        escape_name(out, name);
        out.push_str(match self {
            Suffix::Namespace => "/",
            Suffix::Type => "#",
            Suffix::Method => "().",
            Suffix::Term => ".",
        });
    }
}

/// The package a SCIP symbol names: manager, name and version (`.` when empty).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Package {
    pub manager: String,
    pub name: String,
    pub version: String,
}

impl Package {
    /// An outside package, as codemap knows it: its name, no version.
    pub fn external(lang: Lang, name: &str) -> Package {
        Package {
            manager: lang.spec().scip.manager.to_string(),
            name: name.to_string(),
            version: String::new(),
        }
    }

    /// The package part of a symbol, each field with its spaces doubled (SCIP's escape).
    fn write(&self, out: &mut String) {
        for field in [&self.manager, &self.name, &self.version] {
            out.push(' ');
            if field.is_empty() {
                out.push('.');
            } else {
                out.push_str(&field.replace(' ', "  "));
            }
        }
    }
}

/// A simple identifier in SCIP's grammar needs no backticks.
fn is_simple(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '+' | '-' | '$'))
}

fn escape_name(out: &mut String, name: &str) {
    if is_simple(name) {
        out.push_str(name);
    } else {
        out.push('`');
        out.push_str(&name.replace('`', "``"));
        out.push('`');
    }
}

/// A node ID's parts: its language, head (the text between `lang:` and `#`) and qualname
/// segments.
pub fn split_node_id(node_id: &str) -> Option<(Lang, &str, Vec<&str>)> {
    let (prefix, rest) = node_id.split_once(':')?;
    let lang = Lang::from_prefix(prefix)?;
    if rest.starts_with("ext:") {
        return Some((lang, rest, Vec::new()));
    }
    match rest.split_once('#') {
        Some((head, qual)) => Some((lang, head, qual.split('.').collect())),
        None => Some((lang, rest, Vec::new())),
    }
}

/// The global SCIP symbol of a node: its package, its head and its qualname's segments, each
/// with the suffix of the kind of symbol it names (`suffixes[i]` for `segments[i]`).
pub fn global(pkg: &Package, head: &str, segments: &[&str], suffixes: &[Suffix]) -> String {
    let mut out = String::with_capacity(SCHEME.len() + head.len() + 48);
    out.push_str(SCHEME);
    pkg.write(&mut out);
    out.push(' ');
    Suffix::Namespace.write(&mut out, head);
    for (seg, suffix) in segments.iter().zip(suffixes) {
        suffix.write(&mut out, seg);
    }
    out
}

/// Why a SCIP symbol is not one codemap wrote.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{symbol:?} is not a codemap SCIP symbol: {reason}")]
pub struct NotOurs {
    pub symbol: String,
    pub reason: String,
}

/// The node ID of a global SCIP symbol written by [`global`]: the language from the manager,
/// the head from the first descriptor, the qualname from the others' names.
pub fn node_id(symbol: &str) -> Result<String, NotOurs> {
    use scip::types::descriptor::Suffix as S;
    let bad = |reason: &str| NotOurs {
        symbol: symbol.to_string(),
        reason: reason.to_string(),
    };
    let parsed = scip::symbol::parse_symbol(symbol).map_err(|e| bad(&format!("{e:?}")))?;
    if parsed.scheme != SCHEME {
        return Err(bad("its scheme is not \"codemap\""));
    }
    let manager = parsed
        .package
        .as_ref()
        .map(|p| p.manager.as_str())
        .unwrap_or("");
    let lang = Lang::from_scip_manager(manager).ok_or_else(|| bad("unknown package manager"))?;
    let (first, rest) = parsed
        .descriptors
        .split_first()
        .ok_or_else(|| bad("it has no descriptors"))?;
    if first.suffix.enum_value() != Ok(S::Namespace) {
        return Err(bad("its first descriptor is not a namespace"));
    }
    let mut id = format!("{}:{}", lang.prefix(), first.name);
    for (i, d) in rest.iter().enumerate() {
        match d.suffix.enum_value() {
            Ok(S::Type | S::Method | S::Term) => {}
            _ => {
                return Err(bad(
                    "a descriptor after the first is not a type, method or term",
                ))
            }
        }
        id.push(if i == 0 { '#' } else { '.' });
        id.push_str(&d.name);
    }
    Ok(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pkg(manager: &str, name: &str, version: &str) -> Package {
        Package {
            manager: manager.into(),
            name: name.into(),
            version: version.into(),
        }
    }

    #[test]
    fn node_ids_become_symbols_and_come_back() {
        use Suffix::*;
        let shop = pkg("python", "shop", "1.0");
        let std = pkg("gomod", "std", "");
        let cases: &[(&str, &Package, &[Suffix], &str)] = &[
            (
                "py:src/shop/models.py",
                &shop,
                &[],
                "codemap python shop 1.0 `src/shop/models.py`/",
            ),
            (
                "py:src/shop/models.py#Order.add_item",
                &shop,
                &[Type, Method],
                "codemap python shop 1.0 `src/shop/models.py`/Order#add_item().",
            ),
            (
                "py:a.py#f.handler~2",
                &shop,
                &[Method, Method],
                "codemap python shop 1.0 `a.py`/f().`handler~2`().",
            ),
            (
                "py:a.py#LIMIT",
                &shop,
                &[Term],
                "codemap python shop 1.0 `a.py`/LIMIT.",
            ),
            (
                "go:net/http/",
                &std,
                &[],
                "codemap gomod std . `net/http/`/",
            ),
            ("go:/", &std, &[], "codemap gomod std . `/`/"),
            (
                "go:net/http/server.go#Server.Serve",
                &std,
                &[Type, Method],
                "codemap gomod std . `net/http/server.go`/Server#Serve().",
            ),
            (
                "go:x/y.go#Item.ID",
                &std,
                &[Type, Term],
                "codemap gomod std . `x/y.go`/Item#ID.",
            ),
            // Non-ASCII names, escapes in the path, backticks and spaces in the package.
            (
                "py:dir%20x/m.py#Café.naïve",
                &pkg("python", "my pkg", ""),
                &[Type, Method],
                "codemap python my  pkg . `dir%20x/m.py`/`Café`#`naïve`().",
            ),
            (
                "py:ext:requests",
                &pkg("python", "requests", ""),
                &[],
                "codemap python requests . `ext:requests`/",
            ),
            (
                "go:ext:github.com/spf13/cobra",
                &pkg("gomod", "github.com/spf13/cobra", ""),
                &[],
                "codemap gomod github.com/spf13/cobra . `ext:github.com/spf13/cobra`/",
            ),
            (
                "py:we`ird.py",
                &shop,
                &[],
                "codemap python shop 1.0 `we``ird.py`/",
            ),
        ];
        for (id, p, suffixes, want) in cases {
            let (_, head, segments) = split_node_id(id).expect("a node ID");
            let got = global(p, head, &segments, suffixes);
            assert_eq!(&got, want, "{id}");
            assert_eq!(node_id(&got).as_deref(), Ok(*id), "back from {got}");
        }
    }

    #[test]
    fn suffixes_follow_kinds() {
        let cases = [
            (Kind::File, Suffix::Namespace),
            (Kind::Package, Suffix::Namespace),
            (Kind::Class, Suffix::Type),
            (Kind::Interface, Suffix::Type),
            (Kind::Type, Suffix::Type),
            (Kind::Function, Suffix::Method),
            (Kind::Method, Suffix::Method),
            (Kind::Field, Suffix::Term),
            (Kind::Constant, Suffix::Term),
            (Kind::Variable, Suffix::Term),
        ];
        for (k, s) in cases {
            assert_eq!(Suffix::of(k), s, "{k:?}");
        }
    }

    #[test]
    fn foreign_symbols_are_refused() {
        for s in [
            "scip-go gomod std . `net/http`/Server#",
            "codemap hex x . `a.kt`/",
            "codemap python x . f().",
            "codemap python x . `a.py`/b/",
            "local 3",
            "codemap python",
        ] {
            assert!(node_id(s).is_err(), "{s}");
        }
    }
}
