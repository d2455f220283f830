//! What changed between two versions of the files of a change set, symbol by symbol: added,
//! removed, changed (its signature, its body, its doc) or moved to another file. Pure: the
//! caller reads the versions (`git` for the old one, the disk for the new) and extracts them;
//! this module compares. Table-tested below.
//!
//! A symbol is the same in both versions when its qualified name and kind are (its node ID
//! without the path); a symbol that leaves one file and appears in another with the same own
//! text is moved. A symbol's own text is its range with its nested symbols' ranges cut out
//! (a class is not changed because one of its methods is), compared with whitespace collapsed
//! (re-indenting changes nothing).

use crate::model::{FileExtract, Kind, Pos, Span, Symbol};
use crate::syntax::collapse_ws;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

/// One file of a change set: its path and, for each side that has it, its text and extract.
pub struct FileVersions<'a> {
    pub path: &'a str,
    pub old: Option<(&'a [u8], &'a FileExtract)>,
    pub new: Option<(&'a [u8], &'a FileExtract)>,
}

/// How one symbol changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Change {
    Added,
    Removed,
    /// What of it differs: its signature, its body (its own text beyond the signature), the
    /// first line of its doc.
    Changed {
        signature: bool,
        body: bool,
        doc: bool,
    },
    /// Left `from` for the file it is in now, its own text unchanged.
    Moved {
        from: String,
    },
}

/// A symbol of the change set and how it changed: `path` is the file it is in now (the old
/// one for a removed symbol); `line` its first line there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SymbolChange {
    pub path: String,
    pub qualname: String,
    pub kind: Kind,
    pub line: u32,
    pub change: Change,
}

/// A symbol of one version, with what the comparison reads.
struct Version<'a> {
    path: &'a str,
    sym: &'a Symbol,
    /// Its own text, whitespace collapsed.
    own: String,
}

/// The changes of a change set, in file order, then line order.
pub fn diff(files: &[FileVersions<'_>]) -> Vec<SymbolChange> {
    let mut old: BTreeMap<(&str, Kind), Vec<Version<'_>>> = BTreeMap::new();
    let mut new: BTreeMap<(&str, Kind), Vec<Version<'_>>> = BTreeMap::new();
    for f in files {
        for (side, into) in [(f.old, &mut old), (f.new, &mut new)] {
            if let Some((src, ex)) = side {
                // Once a version: each symbol's own text reads positions through it.
                let lines = line_starts(src);
                for (i, s) in ex.symbols.iter().enumerate() {
                    into.entry((s.qualname.as_str(), s.kind))
                        .or_default()
                        .push(Version {
                            path: f.path,
                            sym: s,
                            own: own_text(src, &lines, &ex.symbols, i),
                        });
                }
            }
        }
    }
    let mut out = Vec::new();
    let mut added: Vec<Version<'_>> = Vec::new();
    let mut removed: Vec<Version<'_>> = Vec::new();
    for (key, olds) in &mut old {
        let news = new.remove(key).unwrap_or_default();
        // Pair the versions in the same file first, then what is left in order (a symbol
        // moved to another file).
        let mut news: Vec<Option<Version<'_>>> = news.into_iter().map(Some).collect();
        let mut unpaired_old = Vec::new();
        for o in olds.drain(..) {
            match news
                .iter_mut()
                .find(|n| n.as_ref().is_some_and(|n| n.path == o.path))
                .and_then(Option::take)
            {
                Some(n) => out.extend(compare(&o, &n)),
                None => unpaired_old.push(o),
            }
        }
        let mut rest = news.into_iter().flatten();
        for o in unpaired_old {
            match rest.next() {
                Some(n) if n.own == o.own => out.push(SymbolChange {
                    path: n.path.to_string(),
                    qualname: n.sym.qualname.clone(),
                    kind: n.sym.kind,
                    line: n.sym.span.start.line,
                    change: Change::Moved {
                        from: o.path.to_string(),
                    },
                }),
                Some(n) => {
                    removed.push(o);
                    added.push(n);
                }
                None => removed.push(o),
            }
        }
        added.extend(rest);
    }
    added.extend(new.into_values().flatten());
    for (v, change) in added
        .into_iter()
        .map(|v| (v, Change::Added))
        .chain(removed.into_iter().map(|v| (v, Change::Removed)))
    {
        out.push(SymbolChange {
            path: v.path.to_string(),
            qualname: v.sym.qualname.clone(),
            kind: v.sym.kind,
            line: v.sym.span.start.line,
            change,
        });
    }
    let order: HashMap<&str, usize> = files.iter().enumerate().map(|(i, f)| (f.path, i)).collect();
    out.sort_by(|a, b| {
        (order.get(a.path.as_str()), a.line, &a.qualname).cmp(&(
            order.get(b.path.as_str()),
            b.line,
            &b.qualname,
        ))
    });
    out
}

/// The change between two versions of a symbol in one file, if any.
fn compare(o: &Version<'_>, n: &Version<'_>) -> Option<SymbolChange> {
    let signature = o.sym.signature != n.sym.signature;
    let doc = o.sym.doc != n.sym.doc;
    let body = o.own != n.own
        && (!signature
            || without(&o.own, o.sym.signature.as_deref())
                != without(&n.own, n.sym.signature.as_deref()));
    (signature || body || doc).then(|| SymbolChange {
        path: n.path.to_string(),
        qualname: n.sym.qualname.clone(),
        kind: n.sym.kind,
        line: n.sym.span.start.line,
        change: Change::Changed {
            signature,
            body,
            doc,
        },
    })
}

/// `own` without the first occurrence of its signature (collapsed as `own` is); the whole
/// of `own` when the signature is not in it (clipped, or spelled otherwise).
fn without<'s>(own: &'s str, signature: Option<&str>) -> (&'s str, &'s str) {
    let sig = signature.map(collapse_ws).unwrap_or_default();
    match (!sig.is_empty()).then(|| own.find(&sig)).flatten() {
        Some(at) => (&own[..at], &own[at + sig.len()..]),
        None => (own, ""),
    }
}

/// Symbol `i`'s text without its nested symbols' text, whitespace collapsed.
fn own_text(src: &[u8], lines: &[usize], symbols: &[Symbol], i: usize) -> String {
    let at = |p: Pos| byte_at(src, lines, p);
    let s = &symbols[i];
    let (start, end) = (at(s.span.start), at(s.span.end));
    // Every other symbol inside its range: members, and what the parent chain does not show
    // (C++'s out-of-line method inside a namespace block).
    let mut cuts: Vec<(usize, usize)> = symbols
        .iter()
        .enumerate()
        .filter(|(j, c)| *j != i && c.span != s.span && inside(c.span, s.span))
        .map(|(_, c)| (at(c.span.start), at(c.span.end)))
        .collect();
    cuts.sort_unstable();
    let mut text = Vec::with_capacity(end.saturating_sub(start));
    let mut from = start;
    for (a, b) in cuts {
        // A cut inside one already made is passed over.
        if a >= from && b <= end {
            text.extend_from_slice(&src[from..a]);
            from = b;
        }
    }
    text.extend_from_slice(src.get(from..end).unwrap_or_default());
    collapse_ws(&String::from_utf8_lossy(&text))
}

/// Whether span `a` lies within span `b`.
fn inside(a: Span, b: Span) -> bool {
    let key = |p: Pos| (p.line, p.col);
    key(b.start) <= key(a.start) && key(a.end) <= key(b.end)
}

fn line_starts(src: &[u8]) -> Vec<usize> {
    std::iter::once(0)
        .chain(memchr::memchr_iter(b'\n', src).map(|n| n + 1))
        .collect()
}

/// The byte offset of a position (1-based line, 1-based column in characters), clamped to
/// the text.
fn byte_at(src: &[u8], lines: &[usize], p: Pos) -> usize {
    let Some(&start) = lines.get((p.line as usize).saturating_sub(1)) else {
        return src.len();
    };
    let line_end = memchr::memchr(b'\n', &src[start..]).map_or(src.len(), |n| start + n);
    let line = &src[start..line_end];
    let mut chars = 0usize;
    for (k, &b) in line.iter().enumerate() {
        if (b & 0xC0) != 0x80 {
            chars += 1;
            if chars == p.col as usize {
                return start + k;
            }
        }
    }
    line_end.min(src.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::Extractor;
    use crate::lang::Lang;

    /// The changes between two versions of a set of files, one line each.
    fn changes(lang: Lang, files: &[(&str, Option<&str>, Option<&str>)]) -> Vec<String> {
        let ex = Extractor::new().expect("queries");
        let extracts: Vec<(Option<FileExtract>, Option<FileExtract>)> = files
            .iter()
            .map(|(_, o, n)| {
                (
                    o.map(|t| ex.extract_source(lang, t.as_bytes())),
                    n.map(|t| ex.extract_source(lang, t.as_bytes())),
                )
            })
            .collect();
        let versions: Vec<FileVersions<'_>> = files
            .iter()
            .zip(&extracts)
            .map(|((path, o, n), (oe, ne))| FileVersions {
                path,
                old: o.map(str::as_bytes).zip(oe.as_ref()),
                new: n.map(str::as_bytes).zip(ne.as_ref()),
            })
            .collect();
        diff(&versions)
            .into_iter()
            .map(|c| format!("{}#{} {:?}", c.path, c.qualname, c.change))
            .collect()
    }

    const OLD: &str = "class Store:\n    \"\"\"Keeps things.\"\"\"\n\n    def get(self, k):\n        return self.d[k]\n\n    def put(self, k, v):\n        self.d[k] = v\n\n\ndef helper(x):\n    return x + 1\n";

    #[test]
    fn symbols_added_removed_and_changed_by_what_changed() {
        for (new, want) in [
            // Unchanged, re-indented blank lines only.
            (OLD.replace("\n\n\ndef", "\n\n\n\ndef"), vec![]),
            // A body: the method only, not its class.
            (
                OLD.replace("return self.d[k]", "return self.d.get(k)"),
                vec!["a.py#Store.get Changed { signature: false, body: true, doc: false }"],
            ),
            // A signature.
            (
                OLD.replace("def helper(x):", "def helper(x, y=0):"),
                vec!["a.py#helper Changed { signature: true, body: false, doc: false }"],
            ),
            // A doc (inside the class's own text, so its body too).
            (
                OLD.replace("Keeps things.", "Keeps values."),
                vec!["a.py#Store Changed { signature: false, body: true, doc: true }"],
            ),
            // Removed and added.
            (
                OLD.replace(
                    "    def put(self, k, v):\n        self.d[k] = v\n",
                    "    def drop(self, k):\n        del self.d[k]\n",
                ),
                vec!["a.py#Store.drop Added", "a.py#Store.put Removed"],
            ),
        ] {
            assert_eq!(
                changes(Lang::Python, &[("a.py", Some(OLD), Some(&new))]),
                want,
                "{new}"
            );
        }
    }

    #[test]
    fn a_symbol_in_another_file_with_the_same_text_is_moved() {
        // Go: a function moved between two files of one package keeps its qualname.
        let a_old = "package p\n\nfunc Keep() {}\n\nfunc Move(x int) int { return x }\n";
        let a_new = "package p\n\nfunc Keep() {}\n";
        let b_old = "package p\n";
        let b_new = "package p\n\nfunc Move(x int) int { return x }\n";
        assert_eq!(
            changes(
                Lang::Go,
                &[
                    ("a.go", Some(a_old), Some(a_new)),
                    ("b.go", Some(b_old), Some(b_new))
                ]
            ),
            ["b.go#Move Moved { from: \"a.go\" }"]
        );
        // Moved and edited: removed from one, added to the other.
        let b_edited = "package p\n\nfunc Move(x int) int { return x * 2 }\n";
        assert_eq!(
            changes(
                Lang::Go,
                &[
                    ("a.go", Some(a_old), Some(a_new)),
                    ("b.go", Some(b_old), Some(b_edited))
                ]
            ),
            ["a.go#Move Removed", "b.go#Move Added"]
        );
        // A deleted file's symbols are removed; a new file's added.
        assert_eq!(
            changes(
                Lang::Go,
                &[
                    ("a.go", Some(a_new), None),
                    ("c.go", None, Some("package p\n\nfunc New() {}\n"))
                ]
            ),
            ["a.go#Keep Removed", "c.go#New Added"]
        );
    }

    #[test]
    fn a_namespace_is_not_changed_by_an_out_of_line_method_in_it() {
        let old = "namespace ns {\n\nint A::f(int x) {\n  return x;\n}\n\n}  // namespace ns\n";
        let new = old.replace("return x;", "if (x < 0) return 0;\n  return x;");
        assert_eq!(
            changes(Lang::Cpp, &[("a.cc", Some(old), Some(&new))]),
            ["a.cc#ns.A.f Changed { signature: false, body: true, doc: false }"]
        );
    }

    #[test]
    fn positions_become_byte_offsets_by_characters() {
        let src = "é = 1\nab\n".as_bytes();
        let lines = line_starts(src);
        assert_eq!(byte_at(src, &lines, Pos { line: 1, col: 2 }), 2);
        assert_eq!(byte_at(src, &lines, Pos { line: 2, col: 2 }), 8);
        assert_eq!(byte_at(src, &lines, Pos { line: 2, col: 9 }), 9);
        assert_eq!(byte_at(src, &lines, Pos { line: 7, col: 1 }), src.len());
    }
}
