//! `locate`: positions for agents, so that none counts columns (SPEC "Positions for agents").
//!
//! `<file>:[scope]@[find]`: a scope (a line `42`, a range `10-20` or `10,20`, a qualname
//! `Cls.method`; none = the whole file) narrows the text; `find` is matched token-aware inside
//! it, with an optional marker `<|>` (or a deeper `<<|>>`, … : the deepest that appears exactly
//! once) for the exact spot. Pure: the text and its outline come in, a position goes out.

use answer::envelope::{ErrorCode, ToolError};
use indexer::model::{Pos, Span};
use indexer::outline::{self, Found, OutlineSymbol};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    File,
    /// 1-based, inclusive.
    Lines(u32, u32),
    Symbol(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Locator {
    pub file: String,
    pub scope: Scope,
    pub find: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located {
    /// The position (the marker, the start of the match, or the scope's natural position).
    pub pos: Pos,
    /// The match (or, with no find, the scope) as a range: `LocateRange`.
    pub range: Span,
}

const SYNTAX: &str = "<file>:[scope]@[find], e.g. `src/app.py:App.run@return <|>result`, `main.go:42`, `pkg/x.go@func <|>New`";

/// Parse a locate string. The file ends at the first `:` or `@` after a name with the
/// extension of a language codemap knows (so paths may hold `@` or `:` elsewhere).
pub fn parse(s: &str) -> Result<Locator, ToolError> {
    let bad = |m: String| ToolError::bad_args(m).hint(SYNTAX);
    let extensions = indexer::Lang::dotted_extensions();
    let cut = s
        .char_indices()
        .filter(|(_, c)| *c == ':' || *c == '@')
        .map(|(i, _)| i)
        .find(|&i| extensions.iter().any(|e| s[..i].ends_with(e.as_str())));
    let (file, rest) = match cut {
        Some(i) => (&s[..i], &s[i..]),
        None if extensions.iter().any(|e| s.ends_with(e.as_str())) => (s, ""),
        None => {
            return Err(bad(format!(
                "{s:?} names no {} file before its scope or find",
                extensions.join(", ")
            )))
        }
    };
    let (scope_text, find) = match rest.strip_prefix(':') {
        Some(r) => match r.split_once('@') {
            Some((sc, f)) => (sc, Some(f)),
            None => (r, None),
        },
        None => ("", rest.strip_prefix('@')),
    };
    let scope = parse_scope(scope_text.trim()).map_err(bad)?;
    Ok(Locator {
        file: file.to_string(),
        scope,
        find: find.map(str::to_string),
    })
}

fn parse_scope(s: &str) -> Result<Scope, String> {
    if s.is_empty() {
        return Ok(Scope::File);
    }
    if s.chars().all(|c| c.is_ascii_digit()) {
        let n: u32 = s.parse().map_err(|_| format!("line {s} is too large"))?;
        if n == 0 {
            return Err("lines are 1-based".into());
        }
        return Ok(Scope::Lines(n, n));
    }
    if let Some((a, b)) = s.split_once(['-', ',']) {
        let (a, b) = (a.trim(), b.trim());
        if !a.is_empty() && a.chars().chain(b.chars()).all(|c| c.is_ascii_digit()) {
            let a: u32 = a.parse().map_err(|_| format!("line {a} is not a line"))?;
            let b: u32 = b.parse().map_err(|_| format!("line {b} is not a line"))?;
            if a == 0 || b < a {
                return Err(format!("the range {s} must be 1-based and ascending"));
            }
            return Ok(Scope::Lines(a, b));
        }
    }
    // A qualname as in node IDs: identifier segments joined by dots, each with an optional ~N.
    let ok = s
        .split('.')
        .all(|seg| indexer::id::is_member_name(indexer::id::segment_name(seg)));
    if ok {
        Ok(Scope::Symbol(s.to_string()))
    } else {
        Err(format!(
            "scope {s:?} is neither a line (42), a range (10-20) nor a qualname (Cls.method)"
        ))
    }
}

/// The marker in a find pattern: the deepest `<…|…>` that appears exactly once.
fn marker(find: &str) -> Result<Option<(usize, usize)>, ToolError> {
    let mut best = None;
    let mut seen_many = None;
    for d in 1..=8 {
        let m = format!("{}|{}", "<".repeat(d), ">".repeat(d));
        let n = find.matches(&m).count();
        if n == 1 {
            let at = find.find(&m).unwrap_or(0);
            best = Some((at, m.len()));
        } else if n > 1 && best.is_none() {
            seen_many = Some((m, n));
        }
    }
    match (best, seen_many) {
        (Some(b), _) => Ok(Some(b)),
        (None, Some((m, n))) => Err(ToolError::bad_args(format!(
            "the marker {m} appears {n} times in the find text"
        ))
        .hint(
            "use a deeper marker that appears once: <<|>> (or <<<|>>> when the code holds <<|>>)",
        )),
        (None, None) => Ok(None),
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Tok<'a> {
    Word(&'a str),
    Space,
    Punct(char),
}

/// A locate pattern's words: PHP's `$this` is `$` and `this`, as patterns write it
/// (`$this->store-><|>put`), so `$` is punctuation here, unlike `syntax::is_word_char`.
fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

fn tokens(s: &str) -> Vec<Tok<'_>> {
    let mut out = Vec::new();
    let mut it = s.char_indices().peekable();
    while let Some((i, c)) = it.next() {
        if is_word(c) {
            let mut end = i + c.len_utf8();
            while let Some(&(j, d)) = it.peek() {
                if !is_word(d) {
                    break;
                }
                end = j + d.len_utf8();
                it.next();
            }
            out.push(Tok::Word(&s[i..end]));
        } else if c.is_whitespace() {
            while it.peek().is_some_and(|&(_, d)| d.is_whitespace()) {
                it.next();
            }
            out.push(Tok::Space);
        } else {
            out.push(Tok::Punct(c));
        }
    }
    out
}

/// The regular expression for a run of find text: identifiers whole (`\b` at both ends), a
/// space needing at least one space, any spacing between other adjacent tokens.
fn pattern(toks: &[Tok<'_>]) -> String {
    let mut re = String::new();
    for (i, t) in toks.iter().enumerate() {
        let prev = i.checked_sub(1).map(|j| toks[j]);
        if !matches!(t, Tok::Space) && prev.is_some_and(|p| !matches!(p, Tok::Space)) {
            re.push_str(r"\s*");
        }
        match t {
            Tok::Word(w) => {
                re.push_str(r"\b");
                re.push_str(&regex::escape(w));
                re.push_str(r"\b");
            }
            Tok::Space => re.push_str(r"\s+"),
            Tok::Punct(c) => re.push_str(&regex::escape(&c.to_string())),
        }
    }
    re
}

/// Byte offsets of each line's start.
fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect()
}

fn pos_of(text: &str, starts: &[usize], offset: usize) -> Pos {
    let line = starts.partition_point(|&s| s <= offset).max(1);
    let start = starts[line - 1];
    let col = text[start..offset.min(text.len())].chars().count() as u32 + 1;
    Pos {
        line: line as u32,
        col,
    }
}

fn offset_of(text: &str, starts: &[usize], p: Pos) -> usize {
    let Some(&start) = starts.get(p.line.saturating_sub(1) as usize) else {
        return text.len();
    };
    let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    text[start..line_end]
        .char_indices()
        .nth(p.col.saturating_sub(1) as usize)
        .map_or(line_end, |(i, _)| start + i)
}

/// The identifiers of a find text that the scope does not hold, each with the scope's nearest
/// identifiers: "`svae`: did you mean save?".
fn misspelt(find: &str, hay: &str) -> Option<String> {
    let words = |t: &str| -> Vec<String> {
        t.split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty() && !w.chars().all(|c| c.is_ascii_digit()))
            .map(str::to_string)
            .collect()
    };
    let mut have = words(hay);
    have.sort();
    have.dedup();
    let out: Vec<String> = words(find)
        .into_iter()
        .filter(|w| have.binary_search(w).is_err())
        .filter_map(|w| {
            let near = indexer::suggest::nearest(&w, have.iter().map(String::as_str), 3);
            (!near.is_empty()).then(|| format!("`{w}`: {}", indexer::suggest::did_you_mean(&near)))
        })
        .collect();
    (!out.is_empty()).then(|| out.join("; "))
}

fn no_match(msg: String) -> ToolError {
    ToolError::new(ErrorCode::LocateNoMatch, msg)
}

/// Resolve a locator over a file's text and its outline. A scope naming a symbol with
/// overloads (`useQuery`, then `useQuery~2`, `useQuery~3`, …: TypeScript's signatures before
/// its body) is each of them: when the first holds no match and exactly one of the others
/// does, that one's.
pub fn locate(text: &str, outline: &[OutlineSymbol], loc: &Locator) -> Result<Located, ToolError> {
    let first = locate_in(text, outline, loc);
    let (Err(e), Scope::Symbol(q), Some(_)) = (&first, &loc.scope, &loc.find) else {
        return first;
    };
    if e.code != ErrorCode::LocateNoMatch || q.contains('~') {
        return first;
    }
    let names = |q: &str| {
        matches!(outline::find(outline, q), Found::Exact(_))
            || outline::by_suffix(outline, q).is_some()
    };
    let mut hits = Vec::new();
    for n in 2..=OVERLOADS {
        let alt = format!("{q}~{n}");
        if !names(&alt) {
            break;
        }
        let l = Locator {
            scope: Scope::Symbol(alt),
            ..loc.clone()
        };
        hits.extend(locate_in(text, outline, &l).ok());
    }
    match hits.len() {
        1 => Ok(hits.remove(0)),
        _ => first,
    }
}

/// The most overloads of one name [`locate`] looks in.
const OVERLOADS: usize = 64;

fn locate_in(text: &str, outline: &[OutlineSymbol], loc: &Locator) -> Result<Located, ToolError> {
    let starts = line_starts(text);
    let n_lines = starts.len() as u32;
    // The scope as a byte range, and its natural position.
    let (from, to, natural) = match &loc.scope {
        Scope::File => (0, text.len(), None),
        Scope::Lines(a, b) => {
            if *a > n_lines {
                return Err(no_match(format!(
                    "{} has {n_lines} lines; line {a} is past its end",
                    loc.file
                )));
            }
            let b = (*b).min(n_lines);
            let from = starts[*a as usize - 1];
            let to = starts.get(b as usize).map_or(text.len(), |&s| s);
            let line = &text[from..to];
            let first = line
                .char_indices()
                .find(|(_, c)| !c.is_whitespace())
                .map_or(from, |(i, _)| from + i);
            // The name of a symbol declared on the one line, where there is one: `file:535`
            // at `fn iter(&self)` is `iter`, not the keyword (toml_edit: SYMBOL_NOT_FOUND).
            let named = outline
                .iter()
                .filter(|s| *a == b && s.name_span.start.line == *a)
                .map(|s| s.name_span.start)
                .min_by_key(|p| p.col);
            (
                from,
                to,
                Some(named.unwrap_or_else(|| pos_of(text, &starts, first))),
            )
        }
        // The symbol, or the one whose qualname ends in it (the namespaces around left out:
        // `Limiter.Acquire` for `leveldb.Limiter.Acquire`).
        Scope::Symbol(q) => {
            let i =
                match outline::find(outline, q) {
                    Found::Exact(i) => i,
                    found => match outline::by_suffix(outline, q) {
                        Some(i) => i,
                        None => {
                            let candidates = match found {
                                Found::NotFound { candidates } => candidates,
                                _ => Vec::new(),
                            };
                            return Err(ToolError::new(
                                ErrorCode::SymbolNotFound,
                                format!("{q} is not a symbol of {}", loc.file),
                            )
                            .hint(outline::not_found_hint(outline, q, &candidates)));
                        }
                    },
                };
            let s = &outline[i];
            (
                offset_of(text, &starts, s.span.start),
                offset_of(text, &starts, s.span.end),
                Some(s.name_span.start),
            )
        }
    };
    let scope_range = Span {
        start: pos_of(text, &starts, from),
        end: pos_of(text, &starts, to),
    };
    let Some(find) = &loc.find else {
        let pos = natural.unwrap_or(Pos { line: 1, col: 1 });
        return Ok(Located {
            pos,
            range: scope_range,
        });
    };
    let (before, after) = match marker(find)? {
        Some((at, len)) => (&find[..at], Some(&find[at + len..])),
        None => (find.as_str(), None),
    };
    if find.is_empty() {
        return Ok(Located {
            pos: natural.unwrap_or(scope_range.start),
            range: scope_range,
        });
    }
    if before.is_empty() && after == Some("") {
        // A lone marker: the start of the scope.
        return Ok(Located {
            pos: scope_range.start,
            range: scope_range,
        });
    }
    let (bt, at) = (tokens(before), after.map(tokens).unwrap_or_default());
    let mut re = pattern(&bt);
    let marked = after.is_some();
    if marked {
        // The marker inside an identifier (`compile_<|>path`): the two halves are one word.
        let inside =
            matches!(bt.last(), Some(Tok::Word(_))) && matches!(at.first(), Some(Tok::Word(_)));
        let joins = bt.last().is_some_and(|t| !matches!(t, Tok::Space))
            && at.first().is_some_and(|t| !matches!(t, Tok::Space));
        let after = pattern(&at);
        if inside {
            re.truncate(re.len() - r"\b".len());
            re.push_str("()");
            re.push_str(after.strip_prefix(r"\b").unwrap_or(&after));
        } else {
            if joins {
                re.push_str(r"\s*");
            }
            re.push_str("()");
            re.push_str(&after);
        }
    }
    let re = regex::Regex::new(&re)
        .map_err(|e| ToolError::bad_args(format!("the find text cannot be matched: {e}")))?;
    let hay = &text[from..to];
    let hits: Vec<(usize, usize, usize)> = re
        .captures_iter(hay)
        .filter_map(|c| {
            let m = c.get(0)?;
            let at = if marked {
                c.get(1).map_or(m.start(), |g| g.start())
            } else {
                m.start()
            };
            Some((from + m.start(), from + m.end(), from + at))
        })
        .collect();
    match hits.as_slice() {
        [] => Err(no_match(format!(
            "{find:?} is not in {}{}",
            loc.file,
            describe(&loc.scope)
        ))
        .hint(match misspelt(find, hay) {
            Some(s) => s,
            None => "identifiers match whole; a space needs a space in the code; check the text with `codemap outline` or widen the scope".to_string(),
        })),
        [(s, e, at)] => Ok(Located {
            pos: pos_of(text, &starts, *at),
            range: Span {
                start: pos_of(text, &starts, *s),
                end: pos_of(text, &starts, *e),
            },
        }),
        // One of them in code, the others in comment lines (an interface's doc comment
        // naming its method): the one in code.
        many if code_hits(text, &starts, &loc.file, many).len() == 1 => {
            let (s, e, at) = code_hits(text, &starts, &loc.file, many)[0];
            Ok(Located {
                pos: pos_of(text, &starts, at),
                range: Span {
                    start: pos_of(text, &starts, s),
                    end: pos_of(text, &starts, e),
                },
            })
        }
        many => {
            let mut lines: Vec<u32> = many
                .iter()
                .map(|(s, _, _)| pos_of(text, &starts, *s).line)
                .collect();
            lines.dedup();
            let shown: Vec<String> = lines.iter().take(20).map(u32::to_string).collect();
            Err(ToolError::new(
                ErrorCode::LocateAmbiguous,
                format!(
                    "{find:?} matches {} times in {}{}, at lines {}{}",
                    many.len(),
                    loc.file,
                    describe(&loc.scope),
                    shown.join(", "),
                    if lines.len() > shown.len() { ", …" } else { "" }
                ),
            )
            .hint(format!(
                "narrow it: a line scope (`{}:{}@…`), a symbol scope (`{}:Cls.method@…`), or more text around the spot",
                loc.file, lines[0], loc.file
            )))
        }
    }
}

/// The hits (start, end, spot: byte offsets) not on a comment line of `file`'s language.
fn code_hits(
    text: &str,
    starts: &[usize],
    file: &str,
    hits: &[(usize, usize, usize)],
) -> Vec<(usize, usize, usize)> {
    let Some(lang) = indexer::Lang::of_path(std::path::Path::new(file)) else {
        return hits.to_vec();
    };
    let rules = &lang.spec().text;
    hits.iter()
        .filter(|(s, _, _)| {
            let line = pos_of(text, starts, *s).line as usize;
            let from = starts[line - 1];
            let to = starts.get(line).copied().unwrap_or(text.len());
            !rules.is_comment_line(text[from..to].trim())
        })
        .copied()
        .collect()
}

fn describe(scope: &Scope) -> String {
    match scope {
        Scope::File => String::new(),
        Scope::Lines(a, b) if a == b => format!(" on line {a}"),
        Scope::Lines(a, b) => format!(" in lines {a}-{b}"),
        Scope::Symbol(q) => format!(" in {q}"),
    }
}

#[cfg(test)]
mod tests;
