//! Outlines: the symbols of one file as they are now, and the two questions `resolve` asks of
//! them. Pure: the outline comes from a live parse or a language server, as data.
//!
//! - [`find`]: where is the symbol a qualname names? Exactly there, or (when its chain no longer
//!   matches) the only symbol of the same file with the same last name (`relocated`).
//! - [`enclosing`]: which chain of symbols encloses a position, innermost last?

use crate::id::segment_name;
use crate::model::{Kind, Pos, Span};

/// One symbol of an outline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutlineSymbol {
    pub name: String,
    /// The chain of names from the file down, with `~N` suffixes (as in node IDs).
    pub qualname: String,
    pub kind: Kind,
    pub span: Span,
    pub name_span: Span,
    pub signature: Option<String>,
    /// Index of the parent in the outline; `None` for top-level symbols.
    pub parent: Option<usize>,
}

impl OutlineSymbol {
    pub fn from_symbols(symbols: Vec<crate::model::Symbol>) -> Vec<OutlineSymbol> {
        symbols
            .into_iter()
            .map(|s| OutlineSymbol {
                name: s.name,
                qualname: s.qualname,
                kind: s.kind,
                span: s.span,
                name_span: s.name_span,
                signature: s.signature,
                parent: s.parent,
            })
            .collect()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// The chain matches: this symbol.
    Exact(usize),
    /// The chain does not match, but exactly one symbol has the same last name.
    Relocated(usize),
    /// Nothing, or several symbols of that last name (`candidates`, which one is meant
    /// cannot be told).
    NotFound { candidates: Vec<usize> },
}

/// What to tell someone whose qualname was not found in `outline`: the candidates that could
/// not be told apart (with their lines), else the nearest qualnames, else the top-level names.
pub fn not_found_hint(outline: &[OutlineSymbol], qualname: &str, candidates: &[usize]) -> String {
    if candidates.len() > 1 {
        let listed: Vec<String> = candidates
            .iter()
            .map(|&i| {
                format!(
                    "{} (line {})",
                    outline[i].qualname, outline[i].name_span.start.line
                )
            })
            .collect();
        return format!(
            "the candidates: {}; name one by its chain or ~N",
            listed.join(", ")
        );
    }
    let near = crate::suggest::nearest(qualname, outline.iter().map(|s| s.qualname.as_str()), 3);
    if !near.is_empty() {
        return crate::suggest::did_you_mean(&near);
    }
    let mut top: Vec<&str> = outline
        .iter()
        .filter(|s| s.parent.is_none())
        .map(|s| s.qualname.as_str())
        .collect();
    top.dedup();
    let more = if top.len() > 30 { ", …" } else { "" };
    top.truncate(30);
    format!("top-level names: {}{more}", top.join(", "))
}

/// Walk a qualname's chain through an outline.
pub fn find(outline: &[OutlineSymbol], qualname: &str) -> Found {
    if let Some(i) = outline.iter().position(|s| s.qualname == qualname) {
        return Found::Exact(i);
    }
    let last = qualname.rsplit('.').next().unwrap_or(qualname);
    let name = segment_name(last);
    let same: Vec<usize> = outline
        .iter()
        .enumerate()
        .filter(|(_, s)| s.name == name)
        .map(|(i, _)| i)
        .collect();
    if same.len() == 1 {
        return Found::Relocated(same[0]);
    }
    Found::NotFound { candidates: same }
}

/// The overloads a qualname written without overload marks names (`logger.log` for
/// `spdlog.logger.log`, `…log~2`, …): the symbols whose qualname, marks left out, is it or
/// ends in it after a whole segment, in outline order. Empty when `qualname` has a mark (it
/// names one) or names fewer than two.
pub fn overloads_named(outline: &[OutlineSymbol], qualname: &str) -> Vec<usize> {
    if qualname.contains('~') {
        return Vec::new();
    }
    let plain = |q: &str| q.split('.').map(segment_name).collect::<Vec<_>>().join(".");
    let tail = format!(".{qualname}");
    let hits: Vec<usize> = outline
        .iter()
        .enumerate()
        .filter(|(_, s)| {
            let p = plain(&s.qualname);
            p == qualname || p.ends_with(&tail)
        })
        .map(|(i, _)| i)
        .collect();
    // One symbol's overloads: the same qualname once the marks are left out.
    let first = hits.first().map(|&i| plain(&outline[i].qualname));
    if hits.len() < 2
        || hits
            .iter()
            .any(|&i| Some(plain(&outline[i].qualname)) != first)
    {
        return Vec::new();
    }
    hits
}

/// The one symbol whose qualname ends in `qualname` after a whole segment (`Limiter.Acquire`
/// for `leveldb.Limiter.Acquire`: the enclosing namespaces left out); `None` when none or
/// several do.
pub fn by_suffix(outline: &[OutlineSymbol], qualname: &str) -> Option<usize> {
    let tail = format!(".{qualname}");
    let mut hits = outline
        .iter()
        .enumerate()
        .filter(|(_, s)| s.qualname.ends_with(&tail))
        .map(|(i, _)| i);
    match (hits.next(), hits.next()) {
        (Some(i), None) => Some(i),
        _ => None,
    }
}

/// The declarations of `old` that `new` no longer makes as they were: gone (renamed, moved
/// into another scope, deleted) or of another kind or signature (a parameter added, a type
/// changed; whitespace aside): their uses elsewhere may no longer compile. Indexes into `old`,
/// in its order. A body's change is no declaration's: a function whose signature stays says
/// nothing (an inferred return type is the one case it misses). An interface given a member
/// is changed (its implementations lack it).
pub fn changed_declarations(old: &[OutlineSymbol], new: &[OutlineSymbol]) -> Vec<usize> {
    let squeeze = |s: &Option<String>| -> Option<String> {
        s.as_ref()
            .map(|s| s.split_whitespace().collect::<Vec<_>>().join(" "))
    };
    let now: std::collections::HashMap<&str, (&Kind, Option<String>)> = new
        .iter()
        .map(|s| (s.qualname.as_str(), (&s.kind, squeeze(&s.signature))))
        .collect();
    // An interface given a member: every implementation of it now lacks one (urfave/cli's
    // `Flag` given `IsHidden() bool`: "the edit changes no declaration", ~775 errors).
    let was: std::collections::HashSet<&str> = old.iter().map(|s| s.qualname.as_str()).collect();
    let widened: std::collections::HashSet<&str> = new
        .iter()
        .filter(|s| !was.contains(s.qualname.as_str()))
        .filter_map(|s| s.parent.map(|p| &new[p]))
        .filter(|p| p.kind == Kind::Interface)
        .map(|p| p.qualname.as_str())
        .collect();
    old.iter()
        .enumerate()
        .filter(|(_, s)| match now.get(s.qualname.as_str()) {
            None => true,
            Some((kind, sig)) => {
                **kind != s.kind
                    || *sig != squeeze(&s.signature)
                    || widened.contains(s.qualname.as_str())
            }
        })
        .map(|(i, _)| i)
        .collect()
}

fn contains(span: &Span, pos: Pos) -> bool {
    span.start <= pos && pos < span.end
}

/// The chain of symbols whose full range holds `pos`, outermost first.
pub fn enclosing(outline: &[OutlineSymbol], pos: Pos) -> Vec<usize> {
    // The innermost: the smallest span that holds the position.
    let Some(inner) = outline
        .iter()
        .enumerate()
        .filter(|(_, s)| contains(&s.span, pos))
        .min_by_key(|(_, s)| {
            (
                s.span.end.line - s.span.start.line,
                s.span.end.col.abs_diff(s.span.start.col),
            )
        })
        .map(|(i, _)| i)
    else {
        return Vec::new();
    };
    let mut chain = vec![inner];
    let mut cur = outline[inner].parent;
    while let Some(p) = cur {
        if chain.contains(&p) {
            break;
        }
        chain.push(p);
        cur = outline[p].parent;
    }
    chain.reverse();
    chain
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::Extractor;
    use crate::lang::Lang;

    fn outline(src: &str) -> Vec<OutlineSymbol> {
        let ex = Extractor::new().expect("queries");
        OutlineSymbol::from_symbols(ex.extract_source(Lang::Python, src.as_bytes()).symbols)
    }

    const SRC: &str = "class A:\n    def m(self):\n        def inner():\n            pass\n\nclass B:\n    def other(self):\n        pass\n\ndef f():\n    pass\ndef f():\n    pass\n";

    /// An edit's declarations that changed: a parameter added, one renamed (and its members
    /// with it), a kind changed; a body's change, whitespace and an added symbol are none.
    #[test]
    fn changed_declarations_of_an_edit() {
        let ex = Extractor::new().expect("queries");
        let q = |lang: Lang, old: &str, new: &str| -> Vec<String> {
            let o = OutlineSymbol::from_symbols(ex.extract_source(lang, old.as_bytes()).symbols);
            let n = OutlineSymbol::from_symbols(ex.extract_source(lang, new.as_bytes()).symbols);
            changed_declarations(&o, &n)
                .into_iter()
                .map(|i| o[i].qualname.clone())
                .collect()
        };
        let py = "def cell_len(text: str) -> int:\n    return len(text)\n\nclass Box:\n    def get(self):\n        return 1\n";
        let cases: &[(Lang, &str, &str, &[&str])] = &[
            (Lang::Python, py, py, &[]),
            // The body alone, and a function added: no declaration changed.
            (
                Lang::Python,
                py,
                &py.replace("len(text)", "len(text) + 1"),
                &[],
            ),
            (
                Lang::Python,
                py,
                &format!("{py}\ndef added():\n    pass\n"),
                &[],
            ),
            // Whitespace in a signature is none of its change.
            (
                Lang::Python,
                py,
                &py.replace("text: str", "text:  str"),
                &[],
            ),
            // A parameter added.
            (
                Lang::Python,
                py,
                &py.replace("text: str", "text: str, width: int"),
                &["cell_len"],
            ),
            // A class renamed: its members are gone with it.
            (
                Lang::Python,
                py,
                &py.replace("class Box", "class Crate"),
                &["Box", "Box.get"],
            ),
            // A Go function's result type; a C prototype's parameter type.
            (
                Lang::Go,
                "package p\nfunc F(a int) int { return a }\n",
                "package p\nfunc F(a int) int64 { return 1 }\n",
                &["F"],
            ),
            (
                Lang::C,
                "int twice(int x);\nint keep(void);\n",
                "int twice(long x);\nint keep(void);\n",
                &["twice"],
            ),
            // An interface given a member: its implementations break; a struct given a
            // method does not change.
            (
                Lang::Go,
                "package p\ntype Flag interface {\n\tName() string\n}\ntype B struct{}\n",
                "package p\ntype Flag interface {\n\tName() string\n\tIsHidden() bool\n}\ntype B struct{}\nfunc (B) X() {}\n",
                &["Flag"],
            ),
        ];
        for (lang, old, new, want) in cases {
            assert_eq!(q(*lang, old, new), *want, "{lang:?}: {new}");
        }
    }

    /// A chain with the namespaces around it left out, when one symbol ends in it.
    #[test]
    fn finds_by_a_chain_without_its_namespaces() {
        let ex = Extractor::new().expect("queries");
        let src = "namespace db {\nclass L {\n  void Acquire();\n};\nclass M {\n  void Acquire();\n};\n}\n";
        let o = OutlineSymbol::from_symbols(ex.extract_source(Lang::Cpp, src.as_bytes()).symbols);
        let q = |i: Option<usize>| i.map(|i| o[i].qualname.clone());
        assert_eq!(q(by_suffix(&o, "L.Acquire")), Some("db.L.Acquire".into()));
        assert_eq!(q(by_suffix(&o, "L")), Some("db.L".into()));
        // Two end in it; a part of a segment is no suffix.
        assert_eq!(by_suffix(&o, "Acquire"), None);
        assert_eq!(by_suffix(&o, "b.L"), None);
    }

    /// A qualname without marks names every overload: listed, so that the first is not
    /// taken silently (spdlog's `logger.log`, twelve of them).
    #[test]
    fn overloads_named_by_a_qualname_without_marks() {
        let ex = Extractor::new().expect("queries");
        let src = "namespace s {\nclass logger {\n  void log(int a);\n  void log(int a, int b);\n  void flush();\n};\nclass other {\n  void log(int a);\n};\n}\n";
        let o = OutlineSymbol::from_symbols(ex.extract_source(Lang::Cpp, src.as_bytes()).symbols);
        let q = |v: Vec<usize>| {
            v.into_iter()
                .map(|i| o[i].qualname.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            q(overloads_named(&o, "logger.log")),
            ["s.logger.log", "s.logger.log~2"]
        );
        assert_eq!(
            q(overloads_named(&o, "s.logger.log")),
            ["s.logger.log", "s.logger.log~2"]
        );
        // One named by its mark; one with no overload; two classes' `log` are no overloads.
        assert!(overloads_named(&o, "logger.log~2").is_empty());
        assert!(overloads_named(&o, "logger.flush").is_empty());
        assert!(overloads_named(&o, "log").is_empty());
        assert!(overloads_named(&o, "gger.log").is_empty());
    }

    #[test]
    fn finds_by_chain_then_by_unique_last_name() {
        let o = outline(SRC);
        let q = |i: usize| o[i].qualname.clone();
        match find(&o, "A.m") {
            Found::Exact(i) => assert_eq!(q(i), "A.m"),
            other => panic!("{other:?}"),
        }
        // `m` moved from B to A: the chain B.m fails, the last name is unique.
        match find(&o, "B.m") {
            Found::Relocated(i) => assert_eq!(q(i), "A.m"),
            other => panic!("{other:?}"),
        }
        match find(&o, "f~2") {
            Found::Exact(i) => assert_eq!(o[i].span.start.line, 12),
            other => panic!("{other:?}"),
        }
        // `X.f`: two `f`s, so no guess.
        let Found::NotFound { candidates } = find(&o, "X.f") else {
            panic!("X.f is ambiguous");
        };
        assert_eq!(candidates.len(), 2);
        assert_eq!(
            not_found_hint(&o, "X.f", &candidates),
            "the candidates: f (line 10), f~2 (line 12); name one by its chain or ~N"
        );
        assert_eq!(find(&o, "gone"), Found::NotFound { candidates: vec![] });
        // A typo: the nearest names; nothing near: the top-level names.
        assert_eq!(not_found_hint(&o, "A.mm", &[]), "did you mean A.m?");
        assert_eq!(not_found_hint(&o, "B.othre", &[]), "did you mean B.other?");
        assert_eq!(
            not_found_hint(&o, "zzzzzz", &[]),
            "top-level names: A, B, f, f~2"
        );
    }

    #[test]
    fn encloses_innermost_last() {
        let o = outline(SRC);
        let chain = |line, col| -> Vec<String> {
            enclosing(&o, Pos { line, col })
                .into_iter()
                .map(|i| o[i].qualname.clone())
                .collect()
        };
        assert_eq!(chain(4, 13), ["A", "A.m", "A.m.inner"]);
        assert_eq!(chain(2, 9), ["A", "A.m"]);
        assert_eq!(chain(1, 1), ["A"]);
        assert_eq!(
            chain(5, 1),
            Vec::<String>::new(),
            "a blank line between classes"
        );
        assert_eq!(chain(13, 5), ["f~2"]);
    }
}
