//! What changed between two versions of the files of a change set, symbol by symbol: added,
//! removed, changed (its signature, its body, its doc) or moved to another file. Pure: the
//! caller reads the versions (`git` for the old one, the disk for the new) and extracts them;
//! this module compares. Table-tested below.
//!
//! A symbol is the same in both versions when its qualified name and kind are (its node ID
//! without the path); a symbol that leaves one file and appears in another with the same own
//! text is moved, and one removed and another added in its place whose texts differ only by
//! the name is renamed. A symbol's own text is its range with its nested symbols cut out, each
//! with the comments and attributes above it (a class is not changed because one of its
//! methods or their docs is), compared with whitespace collapsed (re-indenting changes
//! nothing). Its doc is the whole comment block above it (and a Python docstring, cut out of
//! its body); its attributes above it (`#[cfg(…)]`, `@Deprecated`, `[Obsolete]`) count as its
//! signature.

use crate::lang::{Lang, TextRules};
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
    /// Left `from` (a file; `file#Qual.name` when its qualname changed too) for where it is
    /// now, its own text unchanged.
    Moved {
        from: String,
    },
    /// Was `from` (a qualname, in the same file), its text unchanged but for the name.
    Renamed {
        from: String,
    },
}

/// A symbol of the change set and how it changed: `path` is the file it is in now (the old
/// one for a removed symbol); `line` its first line there (in the ref's version for a
/// removed symbol).
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
    /// Its whole doc: the comments above it and a Python docstring, whitespace collapsed.
    doc: String,
    /// The attributes above it, whitespace collapsed.
    attrs: String,
}

/// The changes of a change set, in file order, then line order.
pub fn diff(files: &[FileVersions<'_>]) -> Vec<SymbolChange> {
    let mut old: BTreeMap<(&str, Kind), Vec<Version<'_>>> = BTreeMap::new();
    let mut new: BTreeMap<(&str, Kind), Vec<Version<'_>>> = BTreeMap::new();
    for f in files {
        for (side, into) in [(f.old, &mut old), (f.new, &mut new)] {
            if let Some((src, ex)) = side {
                // Once a version: each symbol's own text reads positions through it.
                let text = Text::new(src, f.path);
                let leads: Vec<Lead> = ex.symbols.iter().map(|s| text.lead(s.span)).collect();
                for (i, s) in ex.symbols.iter().enumerate() {
                    let (own, docstring) = text.own(&ex.symbols, &leads, i);
                    let mut doc = leads[i].comments.clone();
                    if let Some(d) = docstring {
                        doc.push_str(&d);
                    }
                    into.entry((s.qualname.as_str(), s.kind))
                        .or_default()
                        .push(Version {
                            path: f.path,
                            sym: s,
                            own,
                            doc,
                            attrs: leads[i].attrs.clone(),
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
    let Paired {
        changes: renamed,
        added,
        removed,
    } = pair_renames(added, removed);
    out.extend(renamed);
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

/// What is left of a change set's added and removed symbols once each removed one that was
/// renamed or moved within its file (same kind and file, the texts equal once the old name
/// reads as the new) is paired with its new self.
struct Paired<'a> {
    changes: Vec<SymbolChange>,
    added: Vec<Version<'a>>,
    removed: Vec<Version<'a>>,
}

fn pair_renames<'a>(added: Vec<Version<'a>>, removed: Vec<Version<'a>>) -> Paired<'a> {
    let mut added: Vec<Option<Version<'a>>> = added.into_iter().map(Some).collect();
    let mut changes = Vec::new();
    let mut left = Vec::new();
    for r in removed {
        let same = |a: &Version<'_>| {
            a.path == r.path
                && a.sym.kind == r.sym.kind
                && !r.own.is_empty()
                && if a.sym.name == r.sym.name {
                    a.own == r.own
                } else {
                    r.own.replace(&r.sym.name, &a.sym.name) == a.own
                }
        };
        match added
            .iter_mut()
            .find(|a| a.as_ref().is_some_and(same))
            .and_then(Option::take)
        {
            Some(a) => changes.push(SymbolChange {
                path: a.path.to_string(),
                qualname: a.sym.qualname.clone(),
                kind: a.sym.kind,
                line: a.sym.span.start.line,
                change: if a.sym.name == r.sym.name {
                    Change::Moved {
                        from: format!("{}#{}", r.path, r.sym.qualname),
                    }
                } else {
                    Change::Renamed {
                        from: r.sym.qualname.clone(),
                    }
                },
            }),
            None => left.push(r),
        }
    }
    Paired {
        changes,
        added: added.into_iter().flatten().collect(),
        removed: left,
    }
}

/// The change between two versions of a symbol in one file, if any.
fn compare(o: &Version<'_>, n: &Version<'_>) -> Option<SymbolChange> {
    let doc = o.sym.doc != n.sym.doc || o.doc != n.doc;
    let end = rules_of(n.path).header_end;
    let (signature, body) = match (
        parts(&o.own, o.sym.signature.as_deref(), end),
        parts(&n.own, n.sym.signature.as_deref(), end),
    ) {
        // What is before the header (decorators, annotations) and the header itself are the
        // signature; what follows, the body.
        (Some((op, oh, ob)), Some((np, nh, nb))) => {
            ((op, oh) != (np, nh) || o.attrs != n.attrs, ob != nb)
        }
        _ => (
            o.sym.signature != n.sym.signature || o.attrs != n.attrs,
            o.own != n.own,
        ),
    };
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

/// The text rules of a file's language (C's family when codemap does not read it).
fn rules_of(path: &str) -> TextRules {
    Lang::of_path(std::path::Path::new(path)).map_or(TextRules::BRACES, |l| l.spec().text)
}

/// `own` cut at its signature (collapsed as `own` is): what is before it, the signature as
/// written, what follows; `None` when the signature is not in it (spelled otherwise). A
/// clipped signature (past `MAX_SIGNATURE`, ending in `…`) runs from where its start is found
/// to the header's end: the first `header_end` (`{`, Python's `:`) outside brackets.
fn parts<'s>(
    own: &'s str,
    signature: Option<&str>,
    header_end_char: char,
) -> Option<(&'s str, &'s str, &'s str)> {
    let sig = signature.map(collapse_ws).unwrap_or_default();
    let (sig, clipped) = match sig.strip_suffix('…') {
        Some(head) => (head.to_string(), true),
        None => (sig, false),
    };
    let at = (!sig.is_empty()).then(|| own.find(&sig)).flatten()?;
    let end = if clipped {
        header_end(&own[at..], header_end_char).map_or(own.len(), |e| at + e)
    } else {
        at + sig.len()
    };
    Some((&own[..at], &own[at..end], &own[end..]))
}

/// Where a declaration's header ends in `text`: the byte offset of the first `stop` outside
/// brackets, if any.
fn header_end(text: &str, stop: char) -> Option<usize> {
    let mut depth = 0i32;
    for (i, c) in text.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            c if c == stop && depth <= 0 => return Some(i),
            _ => {}
        }
    }
    None
}

/// The first line (1-based) of what belongs to a symbol spanning `span` in `src` (the file at
/// `path`): its own first line, or the first of the comment and attribute lines right above it
/// (its doc, decorators, `#[cfg]`), as `map_changes` reads them. A symbol's body as an agent
/// wants it starts here.
pub fn lead_line(src: &[u8], path: &str, span: Span) -> u32 {
    let text = Text::new(src, path);
    let start = text.lead(span).start;
    let line = text.lines.partition_point(|&l| l <= start) as u32;
    line.clamp(1, span.start.line.max(1))
}

/// What sits right above a symbol: the comment lines (its doc) and attribute lines, up to a
/// blank line or code.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
struct Lead {
    /// The byte where the block starts (the symbol's start when there is none).
    start: usize,
    comments: String,
    attrs: String,
}

/// One version's text and its line starts, to read symbols' parts by position.
struct Text<'a> {
    src: &'a [u8],
    lines: Vec<usize>,
    rules: TextRules,
}

impl<'a> Text<'a> {
    fn new(src: &'a [u8], path: &str) -> Text<'a> {
        Text {
            src,
            lines: line_starts(src),
            rules: rules_of(path),
        }
    }

    fn at(&self, p: Pos) -> usize {
        byte_at(self.src, &self.lines, p)
    }

    /// Line `n` (0-based) without its line break.
    fn line(&self, n: usize) -> &'a [u8] {
        let start = self.lines[n];
        let end = self.lines.get(n + 1).map_or(self.src.len(), |e| e - 1);
        &self.src[start..end.max(start)]
    }

    /// The comments and attributes on the lines right above `span`.
    fn lead(&self, span: Span) -> Lead {
        let start = self.at(span.start);
        let first = (span.start.line as usize).saturating_sub(1);
        let mut lead = Lead {
            start,
            ..Lead::default()
        };
        let (mut comments, mut attrs) = (Vec::new(), Vec::new());
        let mut in_block = false;
        for n in (0..first.min(self.lines.len())).rev() {
            let line = String::from_utf8_lossy(self.line(n));
            let t = line.trim();
            let kind = if in_block {
                // Inside a `/* … */` read upwards: up to its opening line.
                in_block = !t.starts_with("/*");
                LineKind::Comment
            } else {
                let k = line_kind(t, &self.rules);
                in_block = k == LineKind::Comment && t.ends_with("*/") && !t.starts_with("/*");
                k
            };
            match kind {
                LineKind::Comment => comments.push(t.to_string()),
                LineKind::Attribute => attrs.push(t.to_string()),
                LineKind::Other => break,
            }
            lead.start = self.lines[n];
        }
        comments.reverse();
        attrs.reverse();
        lead.comments = collapse_ws(&comments.join("\n"));
        lead.attrs = collapse_ws(&attrs.join("\n"));
        lead
    }

    /// Symbol `i`'s own text: its range without its nested symbols (each from its lead's
    /// start), and without its Python docstring, which is returned apart.
    fn own(&self, symbols: &[Symbol], leads: &[Lead], i: usize) -> (String, Option<String>) {
        let s = &symbols[i];
        let (start, end) = (self.at(s.span.start), self.at(s.span.end));
        // Every other symbol inside its range: members, and what the parent chain does not
        // show (C++'s out-of-line method inside a namespace block).
        let mut cuts: Vec<(usize, usize)> = symbols
            .iter()
            .enumerate()
            .filter(|(j, c)| *j != i && c.span != s.span && inside(c.span, s.span))
            .map(|(j, c)| (leads[j].start.max(start), self.at(c.span.end)))
            .collect();
        let docstring = self
            .rules
            .body_docstring
            .then(|| body_docstring(&self.src[start..end.max(start)], self.rules.header_end))
            .flatten()
            .map(|(a, b)| (start + a, start + b));
        cuts.extend(docstring);
        cuts.sort_unstable();
        let mut text = Vec::with_capacity(end.saturating_sub(start));
        let mut from = start;
        for (a, b) in cuts {
            // A cut inside one already made is passed over.
            if a >= from && b <= end {
                text.extend_from_slice(&self.src[from..a]);
                from = b;
            }
        }
        text.extend_from_slice(self.src.get(from..end).unwrap_or_default());
        let doc = docstring.map(|(a, b)| collapse_ws(&String::from_utf8_lossy(&self.src[a..b])));
        (collapse_ws(&String::from_utf8_lossy(&text)), doc)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LineKind {
    Comment,
    Attribute,
    Other,
}

/// What a trimmed line above a symbol is: a comment (`//`, `/* … */` and its `*` lines, `#`
/// lines where `hash_comments`), an attribute or decorator (`#[…]`, `@Name…`, `[Name…]`), or
/// anything else (code, a blank line, C's `#include`).
fn line_kind(t: &str, rules: &TextRules) -> LineKind {
    let attribute = (t.starts_with("#[") || t.starts_with("#!["))
        || (t.starts_with('@') && t[1..].starts_with(char::is_alphabetic))
        || (t.starts_with('[') && t.ends_with(']') && t[1..].starts_with(char::is_alphabetic));
    let comment = rules.is_comment_line(t);
    if attribute {
        LineKind::Attribute
    } else if comment {
        LineKind::Comment
    } else {
        LineKind::Other
    }
}

/// A definition's docstring in its text: the string that is the first statement after the
/// header's end (Python's `:`), as byte offsets. Pure text reading: brackets are counted, the
/// string's own quotes are matched.
fn body_docstring(def: &[u8], header_end_char: char) -> Option<(usize, usize)> {
    let text = std::str::from_utf8(def).ok()?;
    let colon = header_end(text, header_end_char)?;
    let rest = &text[colon + 1..];
    let lead = rest.len() - rest.trim_start().len();
    let body = &rest[lead..];
    let prefix = body
        .find(['"', '\''])
        .filter(|&p| p <= 2 && body[..p].chars().all(|c| "rRuUbBfF".contains(c)))?;
    let q = &body[prefix..];
    let quote = if q.starts_with("\"\"\"") || q.starts_with("'''") {
        &q[..3]
    } else {
        &q[..1]
    };
    let close = q[quote.len()..].find(quote)? + 2 * quote.len();
    let start = colon + 1 + lead;
    Some((start, start + prefix + close))
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

    #[test]
    fn a_body_starts_at_its_doc_and_attributes() {
        let at = |line| Span {
            start: Pos { line, col: 1 },
            end: Pos {
                line: line + 1,
                col: 2,
            },
        };
        let cases: &[(&str, &str, u32, u32)] = &[
            (
                "a.go",
                "package a\n\n// F does.\n// More.\nfunc F() {\n}\n",
                5,
                3,
            ),
            ("a.go", "package a\n\nvar x = 1\nfunc F() {\n}\n", 4, 4),
            ("a.rs", "/// Doc.\n#[cfg(test)]\nfn f() {\n}\n", 3, 1),
            ("a.py", "x = 1\n\n@cache\n# why\ndef f():\n    pass\n", 5, 3),
            ("a.py", "def f():\n    pass\n", 1, 1),
            (
                "a.java",
                "/**\n * Doc.\n */\n@Override\nvoid f() {\n}\n",
                5,
                1,
            ),
        ];
        for (path, src, line, want) in cases {
            assert_eq!(
                lead_line(src.as_bytes(), path, at(*line)),
                *want,
                "{path}: {src:?}"
            );
        }
    }

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
            // A docstring: the doc only, not the body it sits in.
            (
                OLD.replace("Keeps things.", "Keeps values."),
                vec!["a.py#Store Changed { signature: false, body: false, doc: true }"],
            ),
            // A comment above a method: its doc, not its class.
            (
                OLD.replace("    def put", "    # Stores v.\n    def put"),
                vec!["a.py#Store.put Changed { signature: false, body: false, doc: true }"],
            ),
            // A decorator: the signature.
            (
                OLD.replace("    def put", "    @locked\n    def put"),
                vec!["a.py#Store.put Changed { signature: true, body: false, doc: false }"],
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
    fn a_members_doc_is_its_own_and_the_whole_comment_counts() {
        // Java: a Javadoc's second paragraph, on a method, changes the method's doc only.
        let java = "class A {\n  /**\n   * Adds.\n   *\n   * @param x the thing\n   */\n  @Deprecated\n  int add(int x) { return x; }\n}\n";
        for (new, want) in [
            (
                java.replace("the thing", "the value"),
                "a.java#A.add Changed { signature: false, body: false, doc: true }",
            ),
            (
                java.replace("@Deprecated", "@Deprecated(since = \"2\")"),
                "a.java#A.add Changed { signature: true, body: false, doc: false }",
            ),
        ] {
            assert_eq!(
                changes(Lang::Java, &[("a.java", Some(java), Some(&new))]),
                [want],
                "{new}"
            );
        }
        // TypeScript: a JSDoc `@param` line on a function.
        let ts = "/**\n * Retries.\n * @param n - how often\n */\nexport function retry(n: number) {\n  return n;\n}\n";
        assert_eq!(
            changes(
                Lang::TypeScript,
                &[(
                    "a.ts",
                    Some(ts),
                    Some(&ts.replace("how often", "how many times"))
                )]
            ),
            ["a.ts#retry Changed { signature: false, body: false, doc: true }"]
        );
        // Go: a method added with its doc comment changes nothing else; Rust: a `#[cfg]`
        // attribute is the signature.
        let go = "package p\n\ntype T struct{}\n\nfunc (T) A() {}\n";
        let go_new =
            "package p\n\ntype T struct{}\n\nfunc (T) A() {}\n\n// B does b.\nfunc (T) B() {}\n";
        assert_eq!(
            changes(Lang::Go, &[("a.go", Some(go), Some(go_new))]),
            ["a.go#T.B Added"]
        );
        let rs = "#[cfg(feature = \"std\")]\nfn f() {}\n";
        assert_eq!(
            changes(
                Lang::Rust,
                &[("a.rs", Some(rs), Some(&rs.replace("\"std\"", "\"alloc\"")))]
            ),
            ["a.rs#f Changed { signature: true, body: false, doc: false }"]
        );
    }

    #[test]
    fn a_long_python_signature_changed_is_not_a_body_change() {
        let params: Vec<String> = (0..30).map(|i| format!("arg_{i}: int = 0")).collect();
        let old = format!("def f({}) -> int:\n    ...\n", params.join(", "));
        let new = old.replace("arg_29: int", "arg_29: int | str");
        assert_eq!(
            changes(Lang::Python, &[("a.py", Some(&old), Some(&new))]),
            ["a.py#f Changed { signature: true, body: false, doc: false }"]
        );
    }

    #[test]
    fn a_symbol_renamed_or_moved_within_its_file_is_said_so() {
        let old = "package p\n\nfunc oldName(x int) int { return x + 1 }\n\nfunc other() {}\n";
        let new = old.replace("oldName", "newName");
        assert_eq!(
            changes(Lang::Go, &[("a.go", Some(old), Some(&new))]),
            ["a.go#newName Renamed { from: \"oldName\" }"]
        );
        // Between two classes of one file, the text unchanged.
        let old = "class A:\n    def f(self):\n        return 1\n\n    def g(self):\n        pass\n\nclass B:\n    def h(self):\n        pass\n";
        let new = "class A:\n    def g(self):\n        pass\n\nclass B:\n    def h(self):\n        pass\n\n    def f(self):\n        return 1\n";
        assert_eq!(
            changes(Lang::Python, &[("a.py", Some(old), Some(new))]),
            ["a.py#B.f Moved { from: \"a.py#A.f\" }"]
        );
    }

    #[test]
    fn lines_above_a_symbol_are_comments_attributes_or_code() {
        for (line, python, want) in [
            ("// x", false, LineKind::Comment),
            ("/// x", false, LineKind::Comment),
            ("/**", false, LineKind::Comment),
            ("* @param x", false, LineKind::Comment),
            ("*/", false, LineKind::Comment),
            ("# x", true, LineKind::Comment),
            ("# define X 1", false, LineKind::Other),
            ("#x", true, LineKind::Comment),
            ("#include <a.h>", false, LineKind::Other),
            ("#if DEBUG", false, LineKind::Other),
            ("#[derive(Debug)]", false, LineKind::Attribute),
            ("@Override", false, LineKind::Attribute),
            ("@app.route(\"/\")", true, LineKind::Attribute),
            ("[Obsolete]", false, LineKind::Attribute),
            ("[1, 2]", false, LineKind::Other),
            ("}", false, LineKind::Other),
            ("", false, LineKind::Other),
            ("*", false, LineKind::Comment),
            ("**/", false, LineKind::Comment),
            ("*p = apply(x);", false, LineKind::Other),
        ] {
            let rules = TextRules {
                hash_comments: python,
                ..TextRules::BRACES
            };
            assert_eq!(line_kind(line, &rules), want, "{line}");
        }
    }

    #[test]
    fn python_docstrings_are_found_after_the_header() {
        for (def, want) in [
            (
                "def f(a: int) -> int:\n    \"\"\"Doc.\n\n    More.\"\"\"\n    return a\n",
                Some("\"\"\"Doc.\n\n    More.\"\"\""),
            ),
            ("def f():\n    r'doc'\n", Some("r'doc'")),
            ("class A(B):\n    '''x'''\n", Some("'''x'''")),
            ("def f(d={'a': 1}):\n    return d\n", None),
            ("def f(): return \"x\"\n", None),
        ] {
            let got = body_docstring(def.as_bytes(), ':').map(|(a, b)| &def[a..b]);
            assert_eq!(got, want, "{def}");
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
