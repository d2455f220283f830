//! A span locator for JSON with comments (JSONC: `//` and `/* */` comments, trailing commas;
//! Zed's and VS Code's settings), and the two edits `codemap setup` makes with it: put one
//! entry (an object member or an array item) at a path, and take it out again. Pure, and
//! byte-preserving: the user's file is never re-serialized; text is inserted or cut at the
//! spans the parser found, so comments, key order and formatting stay as they were, and a
//! removal after a setup gives back the original bytes (`remove` picks the cut whose setup
//! reproduces the current text, see [`remove`]).

use std::fmt;

/// Where the text stops being JSON(C): 1-based line and column (in characters).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}

/// A parsed value with its byte span `[start, end)`.
#[derive(Debug, Clone)]
pub enum Node {
    Object {
        start: usize,
        end: usize,
        members: Vec<Member>,
    },
    Array {
        start: usize,
        end: usize,
        items: Vec<Node>,
    },
    Scalar {
        start: usize,
        end: usize,
    },
}

/// An object's member: its decoded key, where the key's quote starts, its value.
#[derive(Debug, Clone)]
pub struct Member {
    pub key: String,
    pub key_start: usize,
    pub value: Node,
}

impl Node {
    pub fn span(&self) -> (usize, usize) {
        match self {
            Node::Object { start, end, .. }
            | Node::Array { start, end, .. }
            | Node::Scalar { start, end } => (*start, *end),
        }
    }
}

/// A value to write, in the order its keys are to appear.
#[derive(Debug, Clone, PartialEq)]
pub enum J {
    Str(String),
    Arr(Vec<J>),
    Obj(Vec<(String, J)>),
}

/// Where the entry goes: the containers from the top-level object (`["mcpServers"]`), and
/// its slot in the last one: a member by key, or an array item recognised by a substring of
/// its text (`" hook grep"`).
#[derive(Debug, Clone)]
pub struct Entry {
    pub path: Vec<String>,
    pub slot: Slot,
    pub value: J,
}

#[derive(Debug, Clone)]
pub enum Slot {
    Key(String),
    Item(String),
}

/// What a file that does not exist yet is taken to hold.
pub const FRESH: &str = "{}\n";

// ---------------------------------------------------------------------------------------
// Parsing.

struct Parser<'a> {
    text: &'a str,
    b: &'a [u8],
    i: usize,
}

impl<'a> Parser<'a> {
    fn error(&self, at: usize, message: impl Into<String>) -> ParseError {
        let at = at.min(self.text.len());
        let before = &self.text[..floor_char(self.text, at)];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        ParseError {
            line,
            col,
            message: message.into(),
        }
    }

    /// Whitespace and comments.
    fn skip(&mut self) -> Result<(), ParseError> {
        loop {
            match self.b.get(self.i) {
                Some(b' ' | b'\t' | b'\n' | b'\r') => self.i += 1,
                Some(b'/') if self.b.get(self.i + 1) == Some(&b'/') => {
                    while self.i < self.b.len() && self.b[self.i] != b'\n' {
                        self.i += 1;
                    }
                }
                Some(b'/') if self.b.get(self.i + 1) == Some(&b'*') => {
                    let open = self.i;
                    match self.text[self.i + 2..].find("*/") {
                        Some(k) => self.i += 2 + k + 2,
                        None => return Err(self.error(open, "a /* comment is never closed")),
                    }
                }
                _ => return Ok(()),
            }
        }
    }

    fn value(&mut self, depth: usize) -> Result<Node, ParseError> {
        if depth > 200 {
            return Err(self.error(self.i, "nested more than 200 levels deep"));
        }
        self.skip()?;
        let start = self.i;
        match self.b.get(self.i) {
            None => Err(self.error(self.i, "expected a value, found the end of the file")),
            Some(b'{') => {
                self.i += 1;
                let mut members = Vec::new();
                loop {
                    self.skip()?;
                    match self.b.get(self.i) {
                        Some(b'}') => {
                            self.i += 1;
                            return Ok(Node::Object {
                                start,
                                end: self.i,
                                members,
                            });
                        }
                        Some(b'"') => {}
                        _ => return Err(self.error(self.i, "expected a \"key\" or '}'")),
                    }
                    let key_start = self.i;
                    let key = self.string()?;
                    self.skip()?;
                    if self.b.get(self.i) != Some(&b':') {
                        return Err(self.error(self.i, "expected ':' after the key"));
                    }
                    self.i += 1;
                    let value = self.value(depth + 1)?;
                    members.push(Member {
                        key,
                        key_start,
                        value,
                    });
                    self.skip()?;
                    match self.b.get(self.i) {
                        Some(b',') => self.i += 1,
                        Some(b'}') => {}
                        _ => return Err(self.error(self.i, "expected ',' or '}'")),
                    }
                }
            }
            Some(b'[') => {
                self.i += 1;
                let mut items = Vec::new();
                loop {
                    self.skip()?;
                    if self.b.get(self.i) == Some(&b']') {
                        self.i += 1;
                        return Ok(Node::Array {
                            start,
                            end: self.i,
                            items,
                        });
                    }
                    items.push(self.value(depth + 1)?);
                    self.skip()?;
                    match self.b.get(self.i) {
                        Some(b',') => self.i += 1,
                        Some(b']') => {}
                        _ => return Err(self.error(self.i, "expected ',' or ']'")),
                    }
                }
            }
            Some(b'"') => {
                self.string()?;
                Ok(Node::Scalar { start, end: self.i })
            }
            Some(_) => {
                while self.i < self.b.len()
                    && (self.b[self.i].is_ascii_alphanumeric()
                        || matches!(self.b[self.i], b'+' | b'-' | b'.'))
                {
                    self.i += 1;
                }
                let word = &self.text[start..self.i];
                let ok = matches!(word, "true" | "false" | "null")
                    || (!word.is_empty() && serde_json::from_str::<f64>(word).is_ok());
                if ok {
                    Ok(Node::Scalar { start, end: self.i })
                } else {
                    Err(self.error(start, "expected a value"))
                }
            }
        }
    }

    /// A string at `i` (its quote), decoded.
    fn string(&mut self) -> Result<String, ParseError> {
        let start = self.i;
        self.i += 1;
        while let Some(&c) = self.b.get(self.i) {
            match c {
                b'\\' => self.i += 2,
                b'"' => {
                    self.i += 1;
                    return serde_json::from_str(&self.text[start..self.i])
                        .map_err(|e| self.error(start, format!("a bad string: {e}")));
                }
                b'\n' => return Err(self.error(self.i, "a line break inside a string")),
                _ => self.i += 1,
            }
        }
        Err(self.error(start, "a string is never closed"))
    }
}

fn floor_char(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The file's one top-level value (a byte-order mark is allowed before it).
pub fn parse(text: &str) -> Result<Node, ParseError> {
    let mut p = Parser {
        text,
        b: text.as_bytes(),
        i: if text.starts_with('\u{feff}') { 3 } else { 0 },
    };
    let v = p.value(0)?;
    p.skip()?;
    if p.i < p.b.len() {
        return Err(p.error(p.i, "text after the top-level value"));
    }
    Ok(v)
}

// ---------------------------------------------------------------------------------------
// Rendering.

/// `j` as JSON text; nested lines start with `indent` plus one `unit` a level. `compact`
/// writes it on one line.
pub fn render(j: &J, indent: &str, unit: &str, compact: bool) -> String {
    match j {
        J::Str(s) => serde_json::Value::String(s.clone()).to_string(),
        J::Arr(items) if compact || items.iter().all(|i| matches!(i, J::Str(_))) => {
            let parts: Vec<String> = items.iter().map(|i| render(i, "", "", true)).collect();
            format!("[{}]", parts.join(", "))
        }
        J::Obj(members) if compact || members.is_empty() => {
            let parts: Vec<String> = members
                .iter()
                .map(|(k, v)| format!("{}: {}", render_key(k), render(v, "", "", true)))
                .collect();
            format!("{{{}}}", parts.join(", "))
        }
        J::Arr(items) => {
            let inner = format!("{indent}{unit}");
            let parts: Vec<String> = items
                .iter()
                .map(|i| format!("{inner}{}", render(i, &inner, unit, false)))
                .collect();
            format!("[\n{}\n{indent}]", parts.join(",\n"))
        }
        J::Obj(members) => {
            let inner = format!("{indent}{unit}");
            let parts: Vec<String> = members
                .iter()
                .map(|(k, v)| {
                    format!(
                        "{inner}{}: {}",
                        render_key(k),
                        render(v, &inner, unit, false)
                    )
                })
                .collect();
            format!("{{\n{}\n{indent}}}", parts.join(",\n"))
        }
    }
}

fn render_key(k: &str) -> String {
    serde_json::Value::String(k.to_string()).to_string()
}

// ---------------------------------------------------------------------------------------
// Editing.

/// The leading whitespace of the line `at` is on, if only whitespace precedes `at` there.
fn line_indent(text: &str, at: usize) -> Option<&str> {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let lead = &text[line_start..at];
    lead.chars().all(|c| c == ' ' || c == '\t').then_some(lead)
}

/// The leading whitespace of the line `at` is on, whatever follows it.
fn line_lead(text: &str, at: usize) -> &str {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = &text[line_start..];
    let n = line.len() - line.trim_start_matches([' ', '\t']).len();
    &line[..n]
}

/// The file's indentation step: the leading whitespace of its first indented line.
fn unit_of(text: &str) -> String {
    text.lines()
        .map(|l| &l[..l.len() - l.trim_start_matches([' ', '\t']).len()])
        .find(|lead| !lead.is_empty())
        .map_or_else(|| "  ".to_string(), str::to_string)
}

/// The starts of a container's elements (member keys or items) and their ends.
fn elements(node: &Node) -> Vec<(usize, usize)> {
    match node {
        Node::Object { members, .. } => members
            .iter()
            .map(|m| (m.key_start, m.value.span().1))
            .collect(),
        Node::Array { items, .. } => items.iter().map(Node::span).collect(),
        Node::Scalar { .. } => Vec::new(),
    }
}

/// `text` with one more element in the container `node`: `piece(indent, compact)` renders
/// it (a member `"k": v` or an item) for the indentation it will sit at.
fn insert(text: &str, node: &Node, unit: &str, piece: &dyn Fn(&str, bool) -> String) -> String {
    let (start, end) = node.span();
    let els = elements(node);
    let mut out = String::with_capacity(text.len() + 256);
    if let (Some(&(first, _)), Some(&(_, last_end))) = (els.first(), els.last()) {
        let multiline = text[start..first].contains('\n');
        let add = if multiline {
            let indent = line_indent(text, first)
                .map(str::to_string)
                .unwrap_or_else(|| format!("{}{unit}", line_lead(text, start)));
            format!(",\n{indent}{}", piece(&indent, false))
        } else {
            format!(", {}", piece("", true))
        };
        out.push_str(&text[..last_end]);
        out.push_str(&add);
        out.push_str(&text[last_end..]);
    } else {
        let close = line_lead(text, start).to_string();
        let indent = format!("{close}{unit}");
        let inner = &text[start + 1..end - 1];
        out.push_str(&text[..start + 1]);
        out.push('\n');
        out.push_str(&indent);
        out.push_str(&piece(&indent, false));
        if inner.is_empty() {
            out.push('\n');
            out.push_str(&close);
        }
        out.push_str(&text[start + 1..]);
    }
    out
}

/// The member `key` of an object (the last one, as JSON readers take it).
fn member<'n>(node: &'n Node, key: &str) -> Option<&'n Member> {
    match node {
        Node::Object { members, .. } => members.iter().rev().find(|m| m.key == key),
        _ => None,
    }
}

fn not_a(what: &str, key: &str, text: &str, at: usize) -> ParseError {
    let p = Parser {
        text,
        b: text.as_bytes(),
        i: 0,
    };
    p.error(
        at,
        format!("\"{key}\" is not {what}; codemap leaves this file alone"),
    )
}

/// The value `rest` of the path nested around the entry: what is written when the
/// container `rest[0]` does not exist yet.
fn nested(rest: &[String], e: &Entry) -> J {
    match rest.split_first() {
        Some((k, more)) => J::Obj(vec![(k.clone(), nested(more, e))]),
        None => match &e.slot {
            Slot::Key(k) => J::Obj(vec![(k.clone(), e.value.clone())]),
            Slot::Item(_) => J::Arr(vec![e.value.clone()]),
        },
    }
}

/// Where the entry is in `text`: its span and its container, or the deepest container that
/// exists and how much of the path is missing below it.
enum Found<'n> {
    /// The entry itself: its element span, the value's span, the container.
    Entry {
        element: (usize, usize),
        value: (usize, usize),
        container: &'n Node,
    },
    /// Not there: the container to put it in and the path still missing below it.
    Missing { container: &'n Node, missing: usize },
}

fn find<'n>(text: &str, root: &'n Node, e: &Entry) -> Result<Found<'n>, ParseError> {
    let Node::Object { .. } = root else {
        let p = Parser {
            text,
            b: text.as_bytes(),
            i: 0,
        };
        return Err(p.error(root.span().0, "the file's top level is not an object"));
    };
    let mut cur = root;
    for (i, key) in e.path.iter().enumerate() {
        let Some(m) = member(cur, key) else {
            return Ok(Found::Missing {
                container: cur,
                missing: e.path.len() - i,
            });
        };
        let last = i + 1 == e.path.len();
        let want_array = last && matches!(e.slot, Slot::Item(_));
        match (&m.value, want_array) {
            (Node::Object { .. }, false) | (Node::Array { .. }, true) => cur = &m.value,
            (_, true) => return Err(not_a("an array", key, text, m.key_start)),
            (_, false) => return Err(not_a("an object", key, text, m.key_start)),
        }
    }
    let hit = match (&e.slot, cur) {
        (Slot::Key(k), _) => {
            member(cur, k).map(|m| ((m.key_start, m.value.span().1), m.value.span()))
        }
        (Slot::Item(marker), Node::Array { items, .. }) => items
            .iter()
            .rev()
            .find(|it| {
                let (s, t) = it.span();
                text[s..t].contains(marker.as_str())
            })
            .map(|it| (it.span(), it.span())),
        _ => None,
    };
    Ok(match hit {
        Some((element, value)) => Found::Entry {
            element,
            value,
            container: cur,
        },
        None => Found::Missing {
            container: cur,
            missing: 0,
        },
    })
}

/// Whether `text` holds the entry (any value).
pub fn has(text: &str, e: &Entry) -> Result<bool, ParseError> {
    let root = parse(text)?;
    Ok(matches!(find(text, &root, e)?, Found::Entry { .. }))
}

/// `text` with the entry put in: replaced where it is, else added as the last element of its
/// container (created, with the containers above it, when missing). Unchanged when the entry
/// is there as it would be written.
pub fn upsert(text: &str, e: &Entry) -> Result<String, ParseError> {
    let root = parse(text)?;
    let unit = unit_of(text);
    match find(text, &root, e)? {
        Found::Entry { value, .. } => {
            let indent = line_lead(text, value.0);
            let compact = !text[value.0..value.1].contains('\n')
                && text[value.0..value.1].len() > 2
                && !matches!(e.value, J::Str(_));
            let mut v = render(&e.value, indent, &unit, false);
            if compact && v.contains('\n') {
                // Written on one line where it is on one line.
                v = render(&e.value, "", "", true);
            }
            let mut out = String::with_capacity(text.len() + v.len());
            out.push_str(&text[..value.0]);
            out.push_str(&v);
            out.push_str(&text[value.1..]);
            Ok(out)
        }
        Found::Missing { container, missing } => {
            let below = &e.path[e.path.len() - missing..];
            let piece = |indent: &str, compact: bool| -> String {
                let u = if compact { "" } else { unit.as_str() };
                match below.split_first() {
                    Some((k, more)) => format!(
                        "{}: {}",
                        render_key(k),
                        render(&nested(more, e), indent, u, compact)
                    ),
                    None => match &e.slot {
                        Slot::Key(k) => format!(
                            "{}: {}",
                            render_key(k),
                            render(&e.value, indent, u, compact)
                        ),
                        Slot::Item(_) => render(&e.value, indent, u, compact),
                    },
                }
            };
            Ok(insert(text, container, &unit, &piece))
        }
    }
}

/// `text` with the element at `[s, e)` of a container cut out, each way of cutting its
/// separator: the comma before it, the comma after it, or (the only element) the space
/// around it, all of it or what precedes it.
fn cuts(text: &str, container: &Node, (s, e): (usize, usize)) -> Vec<String> {
    let b = text.as_bytes();
    let mut back = s;
    while back > 0 && b[back - 1].is_ascii_whitespace() {
        back -= 1;
    }
    let mut fwd = e;
    while fwd < b.len() && b[fwd].is_ascii_whitespace() {
        fwd += 1;
    }
    let cut = |from: usize, to: usize| format!("{}{}", &text[..from], &text[to..]);
    let mut out = Vec::new();
    if back > 0 && b[back - 1] == b',' {
        out.push(cut(back - 1, e));
    }
    if fwd < b.len() && b[fwd] == b',' {
        let mut after = fwd + 1;
        while after < b.len() && b[after].is_ascii_whitespace() {
            after += 1;
        }
        out.push(cut(s, after));
        out.push(cut(s, fwd + 1));
    }
    let (cs, ce) = container.span();
    if elements(container).len() == 1 {
        out.push(cut(back.max(cs + 1), fwd.min(ce - 1)));
        out.push(cut(back.max(cs + 1), e));
    }
    out.push(cut(s, e));
    out
}

/// `text` with the entry taken out, or `None` when the file is to be deleted (it held only
/// what a setup of a missing file writes). Of the ways to cut it out (the file, each
/// container setup would have created, the entry with each separator), the first whose
/// setup gives back `text` exactly is taken, so `remove(upsert(x)) == x`; when none does
/// (the file was edited since), the entry with its separator. `Ok(Some(text))` unchanged
/// when the entry is not there.
pub fn remove(text: &str, e: &Entry) -> Result<Option<String>, ParseError> {
    let root = parse(text)?;
    let Found::Entry {
        element, container, ..
    } = find(text, &root, e)?
    else {
        return Ok(Some(text.to_string()));
    };
    if upsert(FRESH, e).as_deref() == Ok(text) {
        return Ok(None);
    }
    let mut candidates = Vec::new();
    // The containers on the path, outermost first: cut whole.
    let mut cur = &root;
    for key in &e.path {
        let Some(m) = member(cur, key) else { break };
        candidates.extend(cuts(text, cur, (m.key_start, m.value.span().1)));
        cur = &m.value;
    }
    let own = cuts(text, container, element);
    candidates.extend(own.iter().cloned());
    for c in &candidates {
        if parse(c).is_ok() && upsert(c, e).as_deref() == Ok(text) {
            return Ok(Some(c.clone()));
        }
    }
    let plain = format!("{}{}", &text[..element.0], &text[element.1..]);
    Ok(Some(
        own.into_iter().find(|c| parse(c).is_ok()).unwrap_or(plain),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn server() -> Entry {
        Entry {
            path: vec!["mcpServers".into()],
            slot: Slot::Key("codemap".into()),
            value: J::Obj(vec![
                ("command".into(), J::Str("/bin/codemap".into())),
                ("args".into(), J::Arr(vec![J::Str("serve".into())])),
            ]),
        }
    }

    #[test]
    fn parse_errors_say_where() {
        let cases: &[(&str, usize, usize)] = &[
            ("{\n  \"a\": 1,\n  \"b\" 2\n}", 3, 7),
            ("{\"a\": [1, 2}", 1, 12),
            ("{\"a\": tru}", 1, 7),
            ("{ /* open", 1, 3),
            ("{} x", 1, 4),
            ("", 1, 1),
            ("{\"a\": \"b\n\"}", 1, 9),
        ];
        for (text, line, col) in cases {
            let e = parse(text).expect_err(text);
            assert_eq!((e.line, e.col), (*line, *col), "{text:?}: {e}");
        }
    }

    #[test]
    fn parses_comments_and_trailing_commas() {
        let text = "// Zed settings\n{\n  /* a */ \"theme\": \"One\", // b\n  \"x\": [1, 2,],\n}\n";
        let Node::Object { members, .. } = parse(text).expect("parse") else {
            panic!("not an object")
        };
        let keys: Vec<&str> = members.iter().map(|m| m.key.as_str()).collect();
        assert_eq!(keys, ["theme", "x"]);
    }

    /// Setup then removal gives back the bytes; a second setup changes nothing.
    #[test]
    fn upsert_then_remove_is_the_identity() {
        // (`{}\n` is what a missing file is taken to hold, and `{\n}\n` or a bare
        // `{\n  "mcpServers": {}\n}\n` is set up the same:
        // their removal deletes the file unless the backup says it was there,
        // `setup::restore_backup`.)
        let originals = [
            "{}",
            "{\n  \"mcpServers\": {\n    \"other\": {\"command\": \"x\"}\n  }\n}\n",
            "{\n\t\"mcpServers\": {\n\t\t\"other\": {\"command\": \"x\"},\n\t}\n}",
            "{\"theme\": \"dark\", \"mcpServers\": {\"a\": {}}}",
            "// head\n{\n  // c1\n  \"theme\": \"dark\", // trailing\n  /* block */\n}\n",
            "{\n  \"a\": 1 // after a\n}\n",
            "{\n  \"a\": 1,\n}\n",
            "\u{feff}{\n    \"editor\": {\"tab\": 4}\n}\r\n",
        ];
        for o in originals {
            let set = upsert(o, &server()).unwrap_or_else(|e| panic!("{o:?}: {e}"));
            assert!(parse(&set).is_ok(), "{o:?} → {set}");
            assert!(has(&set, &server()).expect("has"), "{set}");
            assert_eq!(
                upsert(&set, &server()).as_deref(),
                Ok(set.as_str()),
                "idempotent"
            );
            let back = remove(&set, &server()).expect("remove");
            assert_eq!(back.as_deref(), Some(o), "{o:?} → {set:?}");
        }
        // A file that did not exist is deleted again.
        let fresh = upsert(FRESH, &server()).expect("fresh");
        assert_eq!(remove(&fresh, &server()).expect("remove"), None);
    }

    #[test]
    fn upsert_writes_in_the_files_style() {
        let set = upsert(
            "{\n    \"mcpServers\": {\n        \"a\": {}\n    }\n}\n",
            &server(),
        )
        .expect("upsert");
        assert_eq!(
            set,
            "{\n    \"mcpServers\": {\n        \"a\": {},\n        \"codemap\": {\n            \"command\": \"/bin/codemap\",\n            \"args\": [\"serve\"]\n        }\n    }\n}\n"
        );
        let fresh = upsert(FRESH, &server()).expect("fresh");
        assert_eq!(
            fresh,
            "{\n  \"mcpServers\": {\n    \"codemap\": {\n      \"command\": \"/bin/codemap\",\n      \"args\": [\"serve\"]\n    }\n  }\n}\n"
        );
    }

    #[test]
    fn a_changed_entry_is_replaced_in_place() {
        let old = "{\n  \"mcpServers\": {\n    \"codemap\": {\"command\": \"old\"},\n    \"z\": {}\n  }\n}\n";
        let set = upsert(old, &server()).expect("upsert");
        assert!(
            set.contains(
                "\"codemap\": {\"command\": \"/bin/codemap\", \"args\": [\"serve\"]},\n    \"z\""
            ),
            "{set}"
        );
        // Removed, with its comma.
        let back = remove(&set, &server()).expect("remove").expect("kept");
        assert_eq!(back, "{\n  \"mcpServers\": {\n    \"z\": {}\n  }\n}\n");
    }

    #[test]
    fn items_in_arrays() {
        let hook = Entry {
            path: vec!["hooks".into(), "PreToolUse".into()],
            slot: Slot::Item(" hook grep".into()),
            value: J::Obj(vec![("command".into(), J::Str("codemap hook grep".into()))]),
        };
        for o in [
            "{\n  \"hooks\": {\n    \"PreToolUse\": [\n      {\"command\": \"lint\"}\n    ]\n  }\n}\n",
            "{\n  \"hooks\": {\"PreToolUse\": []}\n}\n",
            "{\n  \"permissions\": {\"allow\": []}\n}\n",
        ] {
            let set = upsert(o, &hook).expect("upsert");
            assert!(has(&set, &hook).expect("has"), "{set}");
            assert_eq!(upsert(&set, &hook).as_deref(), Ok(set.as_str()));
            assert_eq!(remove(&set, &hook).expect("remove").as_deref(), Some(o), "{set}");
        }
    }

    #[test]
    fn refuses_what_it_cannot_edit() {
        for bad in ["[1]", "{\"mcpServers\": [1]}", "{\"mcpServers\": 3}"] {
            assert!(upsert(bad, &server()).is_err(), "{bad}");
        }
    }
}
