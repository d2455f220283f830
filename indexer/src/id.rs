//! Node IDs: the stable names of everything in the map (SPEC "Node IDs").
//!
//! ```text
//! node_id  := lang ":" ( path [ "#" qualname ] | "ext:" package )
//! lang     := a prefix of the language registry ("py", "go", ...)
//! path     := workspace-relative, "/"-separated, no "..", no leading "/"; a Go package: its directory + "/"
//! qualname := segment ("." segment)*
//! segment  := [ "#" ] identifier [ "~" N ]   N >= 2; "#": a JavaScript/TypeScript private name
//! lib_id   := "lib:" NAME "@" VERSION "/" node_id   a node of a library map (`crate::libs`)
//! ```
//!
//! Parsing and formatting are pure; percent-encoding covers `#`, `%` and white space in paths.

use crate::lang::Lang;
pub use crate::syntax::{is_identifier, is_member_name};
use std::fmt;

/// The grammar, quoted in every `BAD_NODE_ID` message; `lang` lists the registry's prefixes.
pub fn grammar() -> String {
    format!(
        "node_id := lang \":\" ( path [ \"#\" qualname ] | \"ext:\" package ); \
lang := {}; path is workspace-relative with \"/\" separators, no \"..\" and no leading \"/\" \
(a package is its directory plus \"/\"); qualname := segment (\".\" segment)*; \
segment := [\"#\"] identifier [ \"~\" N ] with N >= 2 (\"#\": a JavaScript or TypeScript private name; C++ also names ~A and operator==). Examples: py:src/auth/session.py#SessionStore.refresh, \
go:net/http/server.go#Server.Serve, go:net/http/, py:ext:requests. \
A dependency's node (map_search scope \"lib:NAME\"): \"lib:\" NAME \"@\" VERSION \"/\" node_id, \
e.g. lib:attrs@23.2.0/py:attr/_make.py#attrib",
        Lang::prefixes().join(" | ")
    )
}

/// A node of a library map: `lib:NAME@VERSION/` and the node's ID in that map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LibId<'a> {
    pub name: &'a str,
    pub version: &'a str,
    pub inner: &'a str,
}

impl LibId<'_> {
    /// `lib:attrs@23.2.0/` + `inner`.
    pub fn format(name: &str, version: &str, inner: &str) -> String {
        format!("lib:{name}@{version}/{inner}")
    }

    /// `None` when `s` is no library ID (no `lib:`); else its parts, the inner ID checked.
    pub fn split(s: &str) -> Option<Result<LibId<'_>, BadNodeId>> {
        let rest = s.strip_prefix("lib:")?;
        let bad = |reason: String| BadNodeId {
            id: s.to_string(),
            reason,
        };
        let shape = "a library's node ID is lib:NAME@VERSION/ and a node ID of its map";
        let at = rest
            .get(1..)
            .and_then(|r| r.find('@'))
            .map(|i| i + 1)
            .filter(|&i| i > 0);
        let Some(at) = at else {
            return Some(Err(bad(format!("{shape} (no \"@VERSION\")"))));
        };
        let (name, after) = (&rest[..at], &rest[at + 1..]);
        let Some((version, inner)) = after.split_once('/') else {
            return Some(Err(bad(format!("{shape} (no \"/\" after the version)"))));
        };
        if name.is_empty() || version.is_empty() {
            return Some(Err(bad(format!("{shape} (empty name or version)"))));
        }
        if let Err(e) = NodeId::parse(inner) {
            return Some(Err(bad(format!(
                "in the library's node ID {inner:?}: {}",
                e.reason
            ))));
        }
        Some(Ok(LibId {
            name,
            version,
            inner,
        }))
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NodeId {
    /// `py:pkg/mod.py`
    File { lang: Lang, path: String },
    /// `go:net/http/` (the directory without its trailing slash is stored; `""` is the root).
    Package { lang: Lang, dir: String },
    /// `py:pkg/mod.py#Cls.method`
    Symbol {
        lang: Lang,
        path: String,
        qualname: String,
    },
    /// `py:ext:requests`
    External { lang: Lang, package: String },
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("malformed node ID {id:?}: {reason}")]
pub struct BadNodeId {
    pub id: String,
    pub reason: String,
}

impl NodeId {
    pub fn lang(&self) -> Lang {
        match self {
            NodeId::File { lang, .. }
            | NodeId::Package { lang, .. }
            | NodeId::Symbol { lang, .. }
            | NodeId::External { lang, .. } => *lang,
        }
    }

    /// The workspace file this ID lives in, if any.
    pub fn file(&self) -> Option<&str> {
        match self {
            NodeId::File { path, .. } | NodeId::Symbol { path, .. } => Some(path),
            NodeId::Package { .. } | NodeId::External { .. } => None,
        }
    }

    pub fn qualname(&self) -> Option<&str> {
        match self {
            NodeId::Symbol { qualname, .. } => Some(qualname),
            _ => None,
        }
    }

    pub fn file_id(lang: Lang, path: &str) -> String {
        format!("{}:{}", lang.prefix(), encode_path(path))
    }

    pub fn symbol_id(lang: Lang, path: &str, qualname: &str) -> String {
        format!("{}:{}#{}", lang.prefix(), encode_path(path), qualname)
    }

    pub fn package_id(lang: Lang, dir: &str) -> String {
        if dir.is_empty() {
            format!("{}:/", lang.prefix())
        } else {
            format!("{}:{}/", lang.prefix(), encode_path(dir))
        }
    }

    pub fn external_id(lang: Lang, package: &str) -> String {
        format!("{}:ext:{}", lang.prefix(), package)
    }

    pub fn parse(s: &str) -> Result<NodeId, BadNodeId> {
        let bad = |reason: &str| BadNodeId {
            id: s.to_string(),
            reason: reason.to_string(),
        };
        let prefixes = || Lang::prefixes().join(", ");
        if s.starts_with("lib:") {
            return Err(bad(
                "a library's node ID (lib:NAME@VERSION/…) is answered by the map tools, not here",
            ));
        }
        let (lang, rest) = s.split_once(':').ok_or_else(|| BadNodeId {
            id: s.to_string(),
            reason: format!("it has no language prefix (one of {})", prefixes()),
        })?;
        let lang = Lang::from_prefix(lang).ok_or_else(|| BadNodeId {
            id: s.to_string(),
            reason: format!("the language prefix must be one of {}", prefixes()),
        })?;
        if let Some(package) = rest.strip_prefix("ext:") {
            if package.is_empty() || package.chars().any(|c| c.is_whitespace() || c == '#') {
                return Err(bad(
                    "an external package name must be non-empty, without spaces or \"#\"",
                ));
            }
            return Ok(NodeId::External {
                lang,
                package: package.to_string(),
            });
        }
        let (raw_path, qualname) = match rest.split_once('#') {
            Some((p, q)) => (p, Some(q)),
            None => (rest, None),
        };
        if raw_path == "/" && qualname.is_none() {
            return Ok(NodeId::Package {
                lang,
                dir: String::new(),
            });
        }
        let path = decode_path(raw_path).ok_or_else(|| bad("the path has a bad %-escape"))?;
        check_path(&path).map_err(|r| bad(&r))?;
        if let Some(dir) = path.strip_suffix('/') {
            if qualname.is_some() {
                return Err(bad(
                    "a package ID (ending in \"/\") cannot have a \"#\" part",
                ));
            }
            check_path(dir).map_err(|r| bad(&r))?;
            return Ok(NodeId::Package {
                lang,
                dir: dir.to_string(),
            });
        }
        match qualname {
            None => Ok(NodeId::File { lang, path }),
            Some(q) => {
                check_qualname(q).map_err(|r| bad(&r))?;
                Ok(NodeId::Symbol {
                    lang,
                    path,
                    qualname: q.to_string(),
                })
            }
        }
    }
}

impl fmt::Display for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NodeId::File { lang, path } => f.write_str(&NodeId::file_id(*lang, path)),
            NodeId::Package { lang, dir } => f.write_str(&NodeId::package_id(*lang, dir)),
            NodeId::Symbol {
                lang,
                path,
                qualname,
            } => f.write_str(&NodeId::symbol_id(*lang, path, qualname)),
            NodeId::External { lang, package } => f.write_str(&NodeId::external_id(*lang, package)),
        }
    }
}

fn check_path(path: &str) -> Result<(), String> {
    if path.is_empty() {
        return Err("the path is empty".into());
    }
    if path.starts_with('/') {
        return Err("the path must be workspace-relative (no leading \"/\")".into());
    }
    if path.contains('\\') {
        return Err("the path must use \"/\" separators".into());
    }
    if path.contains('\0') {
        return Err("the path contains a NUL byte".into());
    }
    let trimmed = path.strip_suffix('/').unwrap_or(path);
    for seg in trimmed.split('/') {
        match seg {
            "" => return Err("the path has an empty segment (\"//\")".into()),
            "." | ".." => return Err("the path may not contain \".\" or \"..\" segments".into()),
            _ => {}
        }
    }
    Ok(())
}

fn check_qualname(q: &str) -> Result<(), String> {
    if q.is_empty() {
        return Err("the qualname after \"#\" is empty".into());
    }
    for seg in q.split('.') {
        // A name that ends in `~` itself (Ruby's `=~`, `!~`), with no `~N`.
        if seg.ends_with('~') && is_member_name(seg) {
            continue;
        }
        let base = crate::syntax::segment_base(seg);
        let (ident, n) = match seg.strip_prefix(base).and_then(|r| r.strip_prefix('~')) {
            Some(n) => (base, Some(n)),
            // `~A` is a destructor's name; `a~` or `a~x` is no segment.
            None if base == seg && !seg.starts_with('~') && seg.contains('~') => {
                let (i, n) = seg.split_once('~').unwrap_or((seg, ""));
                (i, Some(n))
            }
            None => (seg, None),
        };
        if !is_member_name(ident) {
            return Err(format!("qualname segment {seg:?} is not an identifier"));
        }
        if let Some(n) = n {
            match n.parse::<u32>() {
                Ok(n) if n >= 2 => {}
                _ => {
                    return Err(format!(
                        "in segment {seg:?}, \"~\" must be followed by a number >= 2"
                    ))
                }
            }
            if n.starts_with('0') || n.starts_with('+') {
                return Err(format!(
                    "in segment {seg:?}, \"~N\" must be written without leading zeros or signs"
                ));
            }
        }
    }
    Ok(())
}

/// The segment's name without its `~N` suffix.
pub fn segment_name(seg: &str) -> &str {
    crate::syntax::segment_base(seg)
}

/// A qualname without the overload marks of its segments (`A~2.f~3` → `A.f`): what the
/// overloads of one name share.
pub fn unmarked(qualname: &str) -> String {
    qualname
        .split('.')
        .map(segment_name)
        .collect::<Vec<_>>()
        .join(".")
}

/// Percent-encode `#`, `%` and white space.
pub fn encode_path(path: &str) -> String {
    if !path.chars().any(needs_escape) {
        return path.to_string();
    }
    let mut out = String::with_capacity(path.len() + 8);
    for c in path.chars() {
        if needs_escape(c) {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn needs_escape(c: char) -> bool {
    c == '#' || c == '%' || c.is_whitespace()
}

pub fn decode_path(s: &str) -> Option<String> {
    if !s.contains('%') {
        return Some(s.to_string());
    }
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Node IDs in reading order: a segment's `~N` by its number (`parse`, `parse~2`, …,
/// `parse~10`), the rest as text.
pub fn cmp_ids(a: &str, b: &str) -> std::cmp::Ordering {
    fn key(id: &str) -> std::borrow::Cow<'_, str> {
        if !id.contains('~') {
            return id.into();
        }
        let mut out = String::with_capacity(id.len() + 16);
        for (i, part) in id.split('~').enumerate() {
            if i > 0 {
                out.push('~');
                let digits =
                    part.len() - part.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                if digits > 0 && digits < 20 {
                    for _ in digits..20 {
                        out.push('0');
                    }
                }
            }
            out.push_str(part);
        }
        out.into()
    }
    key(a).cmp(&key(b))
}

#[cfg(test)]
mod tests {
    use super::cmp_ids;

    #[test]
    fn overloads_sort_by_their_number() {
        let mut ids = vec![
            "java:J.java#J.parse~10",
            "java:J.java#J.parse~2",
            "java:J.java#J.parse",
            "java:J.java#J.parse~11",
            "java:J.java#J.other",
            "cpp:a.h#~A",
            "cpp:a.h#~A~3",
            "cpp:a.h#~A~2",
        ];
        ids.sort_by(|a, b| cmp_ids(a, b));
        assert_eq!(
            ids,
            [
                "cpp:a.h#~A",
                "cpp:a.h#~A~2",
                "cpp:a.h#~A~3",
                "java:J.java#J.other",
                "java:J.java#J.parse",
                "java:J.java#J.parse~2",
                "java:J.java#J.parse~10",
                "java:J.java#J.parse~11",
            ]
        );
    }

    use super::*;

    #[test]
    fn library_ids_split_into_name_version_and_inner_id() {
        let ok: &[(&str, (&str, &str, &str))] = &[
            (
                "lib:attrs@23.2.0/py:attr/_make.py#attrib",
                ("attrs", "23.2.0", "py:attr/_make.py#attrib"),
            ),
            (
                "lib:@types/node@22.0.0/ts:fs.d.ts#readFile",
                ("@types/node", "22.0.0", "ts:fs.d.ts#readFile"),
            ),
            (
                "lib:golang.org/x/sync@v0.21.0/go:errgroup/",
                ("golang.org/x/sync", "v0.21.0", "go:errgroup/"),
            ),
        ];
        for (s, (n, v, i)) in ok {
            let got = LibId::split(s).and_then(Result::ok);
            assert_eq!(
                got.map(|l| (l.name, l.version, l.inner)),
                Some((*n, *v, *i)),
                "{s}"
            );
            assert_eq!(LibId::format(n, v, i), *s);
        }
        let bad: &[(&str, &str)] = &[
            ("lib:attrs/py:a.py", "no \"@VERSION\""),
            ("lib:attrs@23.2.0", "no \"/\" after the version"),
            ("lib:attrs@/py:a.py", "empty name or version"),
            ("lib:attrs@1/xx:a.py", "language prefix"),
            ("lib:attrs@1/py:../a.py", "\"..\""),
        ];
        for (s, want) in bad {
            let err = LibId::split(s).and_then(Result::err).map(|e| e.to_string());
            assert!(
                err.as_deref().is_some_and(|e| e.contains(want)),
                "{s}: {err:?}"
            );
        }
        assert!(LibId::split("py:a.py").is_none());
        assert!(NodeId::parse("lib:attrs@1/py:a.py")
            .is_err_and(|e| e.reason.contains("answered by the map tools")));
    }

    #[test]
    fn parses_every_shape() {
        let cases: &[(&str, NodeId)] = &[
            (
                "py:src/auth/session.py#SessionStore.refresh",
                NodeId::Symbol {
                    lang: Lang::Python,
                    path: "src/auth/session.py".into(),
                    qualname: "SessionStore.refresh".into(),
                },
            ),
            (
                "go:net/http/server.go#Server.Serve",
                NodeId::Symbol {
                    lang: Lang::Go,
                    path: "net/http/server.go".into(),
                    qualname: "Server.Serve".into(),
                },
            ),
            (
                "py:pkg/mod.py",
                NodeId::File {
                    lang: Lang::Python,
                    path: "pkg/mod.py".into(),
                },
            ),
            (
                "go:net/http/",
                NodeId::Package {
                    lang: Lang::Go,
                    dir: "net/http".into(),
                },
            ),
            (
                "go:/",
                NodeId::Package {
                    lang: Lang::Go,
                    dir: "".into(),
                },
            ),
            (
                "py:ext:requests",
                NodeId::External {
                    lang: Lang::Python,
                    package: "requests".into(),
                },
            ),
            (
                "go:ext:github.com/spf13/cobra",
                NodeId::External {
                    lang: Lang::Go,
                    package: "github.com/spf13/cobra".into(),
                },
            ),
            (
                "py:a.py#f~2",
                NodeId::Symbol {
                    lang: Lang::Python,
                    path: "a.py".into(),
                    qualname: "f~2".into(),
                },
            ),
            (
                "py:my%20dir/a%23b.py#Cls.méthode",
                NodeId::Symbol {
                    lang: Lang::Python,
                    path: "my dir/a#b.py".into(),
                    qualname: "Cls.méthode".into(),
                },
            ),
        ];
        for (text, want) in cases {
            let got = NodeId::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(&got, want, "{text}");
            assert_eq!(got.to_string(), *text, "round trip of {text}");
        }
    }

    #[test]
    fn rejects_malformed_ids() {
        let cases = [
            "",
            "session.py",
            "zz:src/main.zz",
            "py:",
            "py:/abs/path.py",
            "py:../up.py",
            "py:a/../b.py",
            "py:a//b.py",
            "py:a.py#",
            "py:a.py#Cls..m",
            "py:a.py#1abc",
            "py:a.py#f~1",
            "py:a.py#f~x",
            "py:a.py#f~02",
            "py:a.py#f-g",
            "go:net/http/#Server",
            "py:ext:",
            "py:a%zz.py",
            "py:a.py#x y",
            "py:a.py#x-",
            "py:a\\b.py",
            "ts:a.ts#R.##x",
            "ts:a.ts#R.#",
            "ts:a.ts#R.x#y",
        ];
        for text in cases {
            assert!(NodeId::parse(text).is_err(), "{text:?} should be rejected");
        }
    }

    #[test]
    fn private_names() {
        let id = "ts:src/removable.ts#Removable.#gcTimeout~2";
        assert_eq!(
            NodeId::parse(id),
            Ok(NodeId::Symbol {
                lang: Lang::TypeScript,
                path: "src/removable.ts".into(),
                qualname: "Removable.#gcTimeout~2".into(),
            })
        );
        assert!(is_member_name("#x") && !is_identifier("#x"));
    }

    /// Ruby's method names: `?`, `!`, `=` after a name, and the operators a class defines
    /// (`=~` and `!~` end in `~` with no `~N`).
    #[test]
    fn ruby_method_names() {
        for q in [
            "A.valid?", "A.save!", "A.name=", "A.<=>", "A.[]=", "A.=~", "A.!~", "A.-@", "A.==~2",
            "A.=~~2", "A.~",
        ] {
            let id = format!("rb:a.rb#{q}");
            assert!(NodeId::parse(&id).is_ok(), "{id}");
        }
        for q in ["A.a?b", "A.?", "A.==~1", "A.=~~", "A.a=="] {
            let id = format!("rb:a.rb#{q}");
            assert!(NodeId::parse(&id).is_err(), "{id}");
        }
    }

    #[test]
    fn unicode_identifiers() {
        for ok in ["x\u{e0100}", "函数", "Café", "_", "ｘ", "a1"] {
            assert!(is_identifier(ok), "{ok:?}");
        }
        for bad in ["1a", "", "a-b", "a b", "€"] {
            assert!(!is_identifier(bad), "{bad:?}");
        }
    }

    #[test]
    fn encodes_paths() {
        assert_eq!(encode_path("a b/c#d%e.py"), "a%20b/c%23d%25e.py");
        assert_eq!(
            decode_path("a%20b/c%23d%25e.py").as_deref(),
            Some("a b/c#d%e.py")
        );
        assert_eq!(NodeId::file_id(Lang::Go, "x y.go"), "go:x%20y.go");
    }
}
