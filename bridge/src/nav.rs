//! The `nav_*` tools and `locate` (SPEC "nav tools"): a position in (`{file, line, col}`, a
//! `nodeId` or a `locate` string), anchors `{file, line, col, endLine, snippet, nodeId}` out.
//!
//! Each tool asks the language server when one is running and offers the capability; otherwise
//! (or when the request fails) it answers from the map or a live parse, labelled by `source`
//! (`lsp`, `map`, `parse`, `fallback-references`, `fallback-map`) with a warning that says why.
//! `nav_rename` alone has no fallback: it needs a server, and it never writes a file.

use crate::locate;
use crate::lsp::{self, Encoding, Server};
use crate::paths::{contain, Contained};
use crate::tools::Workspace;
use indexer::envelope::{clamp_budget, fit, Answer, Dropped, ErrorCode, ToolError};
use indexer::lang::Lang;
use indexer::model::Pos;
use indexer::query::{Map, SearchParams};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// Timeout for the slow requests (references, workspace symbols, call hierarchy): twice the
/// per-request one, so SPEC's 30 s by default.
fn slow(ws: &Workspace) -> Duration {
    ws.lsp_timeout.saturating_mul(2)
}
const SNIPPET_CHARS: usize = 160;

/// A position as a tool was given it: `{file, line, col}`, a `nodeId` or a `locate` string.
#[derive(Debug, Clone, Copy, Default)]
pub struct Position<'a> {
    pub file: Option<&'a str>,
    pub line: Option<u32>,
    pub col: Option<u32>,
    pub node_id: Option<&'a str>,
    pub locate: Option<&'a str>,
}

/// Arguments that carry a position.
pub trait AsPosition {
    fn position(&self) -> Position<'_>;
}

/// Declares the arguments of a tool that takes a position: the three forms of a position,
/// the tool's own fields, and `tokenBudget`. Unknown fields are refused (`deny_unknown_fields`),
/// so a field another tool takes is an error, not silently ignored.
macro_rules! at_params {
    ($(#[$doc:meta])* $name:ident { $($(#[$fm:meta])* $field:ident : $ty:ty,)* }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
        #[serde(rename_all = "camelCase", deny_unknown_fields)]
        pub struct $name {
            /// Workspace-relative path (with line and col).
            #[serde(default)]
            pub file: Option<String>,
            /// 1-based line.
            #[serde(default)]
            #[schemars(range(min = 1))]
            pub line: Option<u32>,
            /// 1-based character (code point) column.
            #[serde(default)]
            #[schemars(range(min = 1))]
            pub col: Option<u32>,
            /// A node ID from the map, e.g. "go:net/http/server.go#Server.Serve".
            #[serde(default)]
            pub node_id: Option<String>,
            /// "<file>:[scope]@[find]": scope is a line (42), range (10-20) or qualname
            /// (Cls.method); find is text in that scope with an optional <|> marker for the
            /// exact spot.
            #[serde(default)]
            pub locate: Option<String>,
            $( $(#[$fm])* pub $field: $ty, )*
            #[serde(default)]
            #[schemars(schema_with = "indexer::envelope::budget_schema")]
            pub token_budget: Option<u32>,
        }

        impl AsPosition for $name {
            fn position(&self) -> Position<'_> {
                Position {
                    file: self.file.as_deref(),
                    line: self.line,
                    col: self.col,
                    node_id: self.node_id.as_deref(),
                    locate: self.locate.as_deref(),
                }
            }
        }
    };
}

at_params!(
    /// The arguments of `nav_definition`, `nav_implementations` and `nav_hover`: a position.
    AtParams {}
);

at_params!(
    /// `nav_references`' arguments.
    ReferencesParams {
        /// Count the declaration as a reference too (default false).
        include_declaration: Option<bool>,
        /// A path prefix or glob, e.g. "src/auth" or "**/*_test.go".
        file_filter: Option<String>,
    }
);

at_params!(
    /// `nav_calls`' arguments.
    CallsParams {
        /// Callers (incoming, default) or callees (outgoing).
        #[schemars(extend("enum" = ["incoming", "outgoing"]))]
        direction: Option<String>,
        /// Levels, 1..3 (default 1).
        #[schemars(range(min = 1, max = 3))]
        depth: Option<u32>,
    }
);

at_params!(
    /// `nav_rename`'s arguments.
    RenameParams {
        /// The new name.
        #[schemars(required)]
        new_name: Option<String>,
    }
);

/// `nav_outline`'s arguments: a file, or a locate string naming one.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OutlineParams {
    /// Workspace-relative path.
    #[serde(default)]
    pub file: Option<String>,
    /// A locate string; only its file is used.
    #[serde(default)]
    pub locate: Option<String>,
    #[serde(default)]
    #[schemars(schema_with = "indexer::envelope::budget_schema")]
    pub token_budget: Option<u32>,
}

/// `nav_symbols`' arguments.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SymbolsParams {
    /// A name or part of one, at least 3 characters.
    #[schemars(required, length(min = 3))]
    pub query: Option<String>,
    /// At most this many symbols.
    #[serde(default)]
    #[schemars(range(min = 1, max = 200))]
    pub limit: Option<u32>,
    #[serde(default)]
    #[schemars(schema_with = "indexer::envelope::budget_schema")]
    pub token_budget: Option<u32>,
}

/// `locate`'s arguments.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LocateParams {
    /// "<file>:[scope]@[find]", e.g. "src/app.py:App.run@return <|>result".
    pub locate: String,
    #[serde(default)]
    #[schemars(schema_with = "indexer::envelope::budget_schema")]
    pub token_budget: Option<u32>,
}

/// A resolved position: the file inside the workspace, its text now, and the spot.
pub struct Target {
    pub c: Contained,
    pub lang: Lang,
    pub text: Arc<str>,
    pub pos: Pos,
}

/// The text of a file inside the workspace, as it is on disk now.
pub fn read_source(ws: &Workspace, c: &Contained, shown: &str) -> Result<Arc<str>, ToolError> {
    match ws.text(&c.abs) {
        Ok(Some(t)) => Ok(t),
        Ok(None) => Err(ToolError::bad_args(format!(
            "{shown} is a binary file (it contains NUL bytes)"
        ))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(ToolError::new(
            ErrorCode::FileDeleted,
            format!("{shown} does not exist"),
        )
        .hint("`map_search` finds where its symbols live now")),
        Err(e) if c.abs.is_dir() => Err(ToolError::bad_args(format!(
            "{shown} is a directory, not a file ({e})"
        ))),
        Err(e) => Err(ToolError::bad_args(format!("cannot read {shown}: {e}"))),
    }
}

fn lang_of(c: &Contained, shown: &str) -> Result<Lang, ToolError> {
    Lang::of_path(Path::new(&c.rel)).ok_or_else(|| {
        ToolError::new(
            ErrorCode::UnsupportedLanguage,
            format!(
                "{shown} is in none of the languages codemap knows: {}",
                Lang::described()
            ),
        )
    })
}

/// `{file, line, col}`, a `nodeId` or a `locate` string → a position (exactly one form).
pub fn target(
    ws: &Workspace,
    p: &dyn AsPosition,
    warnings: &mut Vec<String>,
) -> Result<Target, ToolError> {
    let p = p.position();
    let by_pos = p.file.is_some() || p.line.is_some() || p.col.is_some();
    let forms =
        usize::from(by_pos) + usize::from(p.node_id.is_some()) + usize::from(p.locate.is_some());
    if forms != 1 {
        return Err(ToolError::bad_args(
            "give exactly one position: {file, line, col}, nodeId, or locate",
        )
        .hint("e.g. {\"locate\": \"src/app.py:App.run@return <|>result\"} or {\"nodeId\": \"go:pkg/x.go#T.M\"}"));
    }
    if let Some(s) = p.locate {
        let loc = locate::parse(s)?;
        let c = contain(&ws.root, &loc.file)?;
        let lang = lang_of(&c, &loc.file)?;
        let text = read_source(ws, &c, &loc.file)?;
        let (outline, _) = crate::resolve::parse_outline(&c, lang, &loc.file)?;
        let found = locate::locate(&text, &outline, &loc)?;
        return Ok(Target {
            c,
            lang,
            text,
            pos: found.pos,
        });
    }
    if let Some(id) = p.node_id {
        let a = crate::resolve::from_node(ws, id, false)?;
        warnings.extend(a.warnings);
        let loc = &a.data["location"];
        let (Some(file), Some(line), Some(col)) = (
            loc["file"].as_str(),
            loc["line"].as_u64(),
            loc["col"].as_u64(),
        ) else {
            return Err(ToolError::bad_args(format!(
                "{id} is not a symbol with a position (a package or external node)"
            )));
        };
        let c = contain(&ws.root, file)?;
        let lang = lang_of(&c, file)?;
        let text = read_source(ws, &c, file)?;
        return Ok(Target {
            c,
            lang,
            text,
            pos: Pos {
                line: line as u32,
                col: col as u32,
            },
        });
    }
    let (Some(file), Some(line), Some(col)) = (p.file, p.line, p.col) else {
        return Err(
            ToolError::bad_args("a position needs all of file, line and col").hint(
                "or a locate string, which needs no column counting: \"src/x.py:Cls.m@<|>name\"",
            ),
        );
    };
    if line == 0 || col == 0 {
        return Err(ToolError::bad_args("line and col are 1-based"));
    }
    let c = contain(&ws.root, file)?;
    let lang = lang_of(&c, file)?;
    let text = read_source(ws, &c, file)?;
    let lines = text.split('\n').count() as u32;
    if line > lines {
        return Err(ToolError::bad_args(format!(
            "{file} has {lines} lines; line {line} is past its end"
        )));
    }
    Ok(Target {
        c,
        lang,
        text,
        pos: Pos { line, col },
    })
}

fn line_of(text: &str, line: u32) -> &str {
    let l = text
        .split('\n')
        .nth(line.saturating_sub(1) as usize)
        .unwrap_or("");
    l.strip_suffix('\r').unwrap_or(l)
}

/// The identifier under (or just before) a position.
pub fn word_at(line_text: &str, col: u32) -> Option<(String, u32)> {
    let chars: Vec<char> = line_text.chars().collect();
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    let mut i = (col.saturating_sub(1) as usize).min(chars.len());
    if i == chars.len() || !is_word(chars[i]) {
        if i > 0 && is_word(chars[i - 1]) {
            i -= 1;
        } else {
            return None;
        }
    }
    let mut start = i;
    while start > 0 && is_word(chars[start - 1]) {
        start -= 1;
    }
    let mut end = i;
    while end < chars.len() && is_word(chars[end]) {
        end += 1;
    }
    Some((chars[start..end].iter().collect(), start as u32 + 1))
}

/// `file:///a/b%20c.py` → `/a/b c.py`.
pub fn uri_to_path(uri: &str) -> Option<PathBuf> {
    let rest = uri.strip_prefix("file://")?;
    let bytes = rest.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    Some(PathBuf::from(String::from_utf8(out).ok()?))
}

/// Builds anchors, reading each file once and naming the map's node at each spot.
struct Anchors<'a> {
    ws: &'a Workspace,
    map: Option<std::rc::Rc<Map>>,
    texts: HashMap<PathBuf, Option<Arc<str>>>,
}

impl<'a> Anchors<'a> {
    fn new(ws: &'a Workspace, warnings: &mut Vec<String>) -> Anchors<'a> {
        let map = match Map::shared(&ws.root, &ws.db) {
            Ok(m) => Some(m),
            Err(e) => {
                warnings.push(format!(
                    "{}: anchors carry no nodeId ({})",
                    e.message,
                    e.hint.unwrap_or_default()
                ));
                None
            }
        };
        Anchors {
            ws,
            map,
            texts: HashMap::new(),
        }
    }

    fn text(&mut self, abs: &Path) -> Option<&str> {
        let ws = self.ws;
        self.texts
            .entry(abs.to_path_buf())
            .or_insert_with(|| ws.text(abs).ok().flatten())
            .as_deref()
    }

    /// Seed the text of a file already read (the target's).
    fn known(mut self, t: &Target) -> Self {
        self.texts.insert(t.c.abs.clone(), Some(t.text.clone()));
        self
    }

    /// The workspace-relative path, or `None` outside the workspace.
    fn rel(&self, abs: &Path) -> Option<String> {
        let root = &self.ws.root;
        // Servers answer with the paths they were given (canonical, under the root); only
        // others need resolving.
        if let Ok(r) = abs.strip_prefix(root) {
            if !r
                .components()
                .any(|c| matches!(c, std::path::Component::ParentDir))
            {
                return Some(r.to_string_lossy().replace('\\', "/"));
            }
        }
        let abs = abs.canonicalize().unwrap_or_else(|_| abs.to_path_buf());
        abs.strip_prefix(root)
            .ok()
            .map(|r| r.to_string_lossy().replace('\\', "/"))
    }

    /// An LSP `Location`-like `{uri, range}` in the server's units.
    fn lsp_anchor(&mut self, uri: &str, range: &Value, enc: Encoding) -> Option<Value> {
        let abs = uri_to_path(uri)?;
        let (l0, u0) = (
            range["start"]["line"].as_u64()? as u32,
            range["start"]["character"].as_u64()?,
        );
        let end_line = range["end"]["line"].as_u64().map_or(l0, |l| l as u32) + 1;
        let col = match self.text(&abs) {
            Some(t) => lsp::to_char_col(line_of(t, l0 + 1), u0, enc),
            None => u0 as u32 + 1,
        };
        Some(self.at(&abs, Pos { line: l0 + 1, col }, end_line))
    }

    fn at(&mut self, abs: &Path, pos: Pos, end_line: u32) -> Value {
        let snippet = self.text(abs).map(|t| {
            let l = line_of(t, pos.line).trim();
            let mut s: String = l.chars().take(SNIPPET_CHARS).collect();
            if l.chars().count() > SNIPPET_CHARS {
                s.push('…');
            }
            s
        });
        match self.rel(abs) {
            Some(rel) => {
                let node = self.node_at(&rel, pos);
                json!({"file": rel, "line": pos.line, "col": pos.col, "endLine": end_line.max(pos.line),
                       "snippet": snippet, "nodeId": node})
            }
            None => json!({"file": abs.display().to_string(), "line": pos.line, "col": pos.col,
                           "endLine": end_line.max(pos.line), "snippet": snippet, "nodeId": null, "external": true}),
        }
    }

    fn at_rel(&mut self, rel: &str, pos: Pos, end_line: u32) -> Value {
        let abs = self.ws.root.join(rel);
        self.at(&abs, pos, end_line)
    }

    /// The map's symbol named at this spot, else the innermost one around it.
    fn node_at(&self, rel: &str, pos: Pos) -> Option<String> {
        let map = self.map.as_ref()?;
        map.conn()
            .prepare_cached(
                "SELECT s.node_id FROM symbols s JOIN files f ON f.id = s.file_id \
                 WHERE f.path = ?1 AND s.start_line <= ?2 AND s.end_line >= ?2 AND s.qualname != '' \
                 ORDER BY (s.name_line = ?2 AND s.name_col <= ?3 AND s.name_end_col > ?3) DESC, \
                          (s.end_line - s.start_line) ASC, s.start_line DESC LIMIT 1",
            )
            .ok()?
            .query_row(rusqlite::params![rel, pos.line, pos.col], |r| r.get(0))
            .ok()
            .or_else(|| {
                map.conn()
                    .query_row(
                        "SELECT s.node_id FROM symbols s JOIN files f ON f.id = s.file_id \
                         WHERE f.path = ?1 AND s.qualname = '' LIMIT 1",
                        [rel],
                        |r| r.get(0),
                    )
                    .ok()
            })
    }
}

/// `Location | Location[] | LocationLink[] | null` → (uri, range) pairs.
fn locations(v: &Value) -> Vec<(String, Value)> {
    let one = |l: &Value| -> Option<(String, Value)> {
        if let Some(u) = l["targetUri"].as_str() {
            let r = if l["targetSelectionRange"].is_object() {
                l["targetSelectionRange"].clone()
            } else {
                l["targetRange"].clone()
            };
            return Some((u.to_string(), r));
        }
        Some((l["uri"].as_str()?.to_string(), l["range"].clone()))
    };
    match v {
        Value::Array(a) => a.iter().filter_map(one).collect(),
        Value::Object(_) => one(v).into_iter().collect(),
        _ => Vec::new(),
    }
}

/// The running server for a language when it offers `capability`; else why not, as a warning.
fn server_for(
    ws: &Workspace,
    lang: Lang,
    capability: &str,
    warnings: &mut Vec<String>,
) -> Option<Arc<Server>> {
    match ws.server(lang) {
        Ok(s) if s.supports(capability) => Some(s),
        Ok(s) => {
            warnings.push(format!(
                "{} offers no {capability}: answered without it",
                s.command[0]
            ));
            None
        }
        Err(e) => {
            warnings.push(format!(
                "{}: {}{}",
                e.code.as_str(),
                e.message,
                e.hint.map(|h| format!(" ({h})")).unwrap_or_default()
            ));
            None
        }
    }
}

fn failed(warnings: &mut Vec<String>, e: &ToolError, instead: &str) {
    warnings.push(format!(
        "{}: {}: answered {instead}",
        e.code.as_str(),
        e.message
    ));
}

fn need_map(ws: &Workspace) -> Result<std::rc::Rc<Map>, ToolError> {
    Map::shared(&ws.root, &ws.db)
}

/// A map symbol: node ID, file, name position, end line, kind, name, parent, signature, doc.
#[derive(Debug, Clone)]
struct MapSym {
    node_id: String,
    file: String,
    name_line: u32,
    name_col: u32,
    end_line: u32,
    kind: String,
    name: String,
    parent: Option<String>,
    signature: Option<String>,
    doc: Option<String>,
}

const SYM_COLS: &str = "s.node_id, f.path, s.name_line, s.name_col, s.end_line, s.kind, s.name, s.parent, s.signature, s.doc";

fn sym_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<MapSym> {
    Ok(MapSym {
        node_id: r.get(0)?,
        file: r.get(1)?,
        name_line: r.get(2)?,
        name_col: r.get(3)?,
        end_line: r.get(4)?,
        kind: r.get(5)?,
        name: r.get(6)?,
        parent: r.get(7)?,
        signature: r.get(8)?,
        doc: r.get(9)?,
    })
}

fn sql(e: rusqlite::Error) -> ToolError {
    ToolError::internal(format!("map query failed: {e}"))
}

fn sym(map: &Map, id: &str) -> Result<Option<MapSym>, ToolError> {
    map.conn()
        .prepare_cached(&format!(
            "SELECT {SYM_COLS} FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.node_id = ?1"
        ))
        .map_err(sql)?
        .query_map([id], sym_row)
        .map_err(sql)?
        .next()
        .transpose()
        .map_err(sql)
}

/// What the name at a position refers to, by the map: the symbol defined there, the target of
/// the edge written there, or the symbols of that name (same file first).
fn map_definitions(map: &Map, t: &Target) -> Result<(Vec<MapSym>, &'static str), ToolError> {
    let line = line_of(&t.text, t.pos.line);
    let Some((word, word_col)) = word_at(line, t.pos.col) else {
        return Err(ToolError::bad_args(format!(
            "there is no identifier at {}:{}:{}",
            t.c.rel, t.pos.line, t.pos.col
        ))
        .hint("point at a name, e.g. with locate: \"file.py:Cls.m@<|>name\""));
    };
    let conn = map.conn();
    // A definition's own name.
    let own: Vec<MapSym> = conn
        .prepare_cached(&format!(
            "SELECT {SYM_COLS} FROM symbols s JOIN files f ON f.id = s.file_id \
             WHERE f.path = ?1 AND s.name_line = ?2 AND s.name_col = ?3 AND s.qualname != ''"
        ))
        .map_err(sql)?
        .query_map(rusqlite::params![t.c.rel, t.pos.line, word_col], sym_row)
        .map_err(sql)?
        .collect::<Result<_, _>>()
        .map_err(sql)?;
    if !own.is_empty() {
        return Ok((own, "the definition itself"));
    }
    // An edge written at this spot (a call, an import, a base class).
    let mut st = conn
        .prepare_cached(
            "SELECT e.target, e.target_name, e.col FROM edges e JOIN files f ON f.id = e.file_id \
             WHERE f.path = ?1 AND e.line = ?2 AND e.target IS NOT NULL",
        )
        .map_err(sql)?;
    let edges: Vec<(String, String, u32)> = st
        .query_map(rusqlite::params![t.c.rel, t.pos.line], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })
        .map_err(sql)?
        .collect::<Result<_, _>>()
        .map_err(sql)?;
    let mut out = Vec::new();
    for (target, name, col) in edges {
        let len = name.chars().count() as u32;
        let leaf = name.rsplit('.').next().unwrap_or(&name);
        if col <= t.pos.col && t.pos.col < col + len.max(1) && leaf == word {
            if let Some(s) = sym(map, &target)? {
                out.push(s);
            }
        }
    }
    if !out.is_empty() {
        out.dedup_by(|a, b| a.node_id == b.node_id);
        return Ok((out, "the map's edge at this spot"));
    }
    // By name: the same file first, then everywhere.
    let by_name: Vec<MapSym> = conn
        .prepare_cached(&format!(
            "SELECT {SYM_COLS} FROM symbols s JOIN files f ON f.id = s.file_id \
             WHERE s.name = ?1 AND s.qualname != '' \
             ORDER BY (f.path = ?2) DESC, f.path, s.name_line LIMIT 20"
        ))
        .map_err(sql)?
        .query_map(rusqlite::params![word, t.c.rel], sym_row)
        .map_err(sql)?
        .collect::<Result<_, _>>()
        .map_err(sql)?;
    let same_file: Vec<MapSym> = by_name
        .iter()
        .filter(|s| s.file == t.c.rel)
        .cloned()
        .collect();
    if !same_file.is_empty() {
        return Ok((same_file, "the name, in the same file"));
    }
    Ok((by_name, "the name alone (every symbol so named)"))
}

fn sym_anchor(a: &mut Anchors<'_>, s: &MapSym) -> Value {
    let mut v = a.at_rel(
        &s.file,
        Pos {
            line: s.name_line,
            col: s.name_col,
        },
        s.end_line,
    );
    v["nodeId"] = json!(s.node_id);
    v
}

/// Fit a list of anchors (or other items) into the budget, saying what was left out.
fn listing(
    key: &str,
    items: Vec<Value>,
    head: Value,
    budget: Option<u32>,
    narrow: &str,
    warnings: Vec<String>,
) -> Answer {
    let total = items.len();
    let (data, kept) = fit(total, clamp_budget(budget), |n| {
        let mut h = head.clone();
        h[key] = json!(&items[..n]);
        h["total"] = json!(total);
        h
    });
    Answer {
        data,
        dropped: (kept < total).then(|| Dropped {
            kind: key.to_string(),
            count: total - kept,
            note: format!("{} of {total} {key} left out: {narrow}", total - kept),
        }),
        warnings,
    }
}

fn sort_anchors(v: &mut [Value]) {
    v.sort_by(|a, b| {
        (a["file"].as_str(), a["line"].as_u64(), a["col"].as_u64()).cmp(&(
            b["file"].as_str(),
            b["line"].as_u64(),
            b["col"].as_u64(),
        ))
    });
}

fn dedup_anchors(v: &mut Vec<Value>) {
    sort_anchors(v);
    v.dedup_by(|a, b| a["file"] == b["file"] && a["line"] == b["line"] && a["col"] == b["col"]);
}

pub fn definition(ws: &Workspace, p: &AtParams) -> Result<Answer, ToolError> {
    let mut w = Vec::new();
    let t = target(ws, p, &mut w)?;
    let mut a = Anchors::new(ws, &mut w).known(&t);
    if let Some(s) = server_for(ws, t.lang, "definitionProvider", &mut w) {
        match s.at_retrying(
            "textDocument/definition",
            &t.c,
            &t.text,
            t.pos,
            json!({}),
            None,
        ) {
            Ok(v) => {
                let mut defs: Vec<Value> = locations(&v)
                    .iter()
                    .filter_map(|(u, r)| a.lsp_anchor(u, r, s.encoding()))
                    .collect();
                dedup_anchors(&mut defs);
                return Ok(listing(
                    "definitions",
                    defs,
                    json!({"source": "lsp"}),
                    p.token_budget,
                    "point at a more specific name",
                    w,
                ));
            }
            Err(e) => failed(&mut w, &e, "from the map"),
        }
    }
    let map = need_map(ws)?;
    let (syms, how) = map_definitions(&map, &t)?;
    w.push(format!(
        "the map's answer, by {how}; a language server would resolve types"
    ));
    let defs: Vec<Value> = syms.iter().map(|s| sym_anchor(&mut a, s)).collect();
    Ok(listing(
        "definitions",
        defs,
        json!({"source": "map"}),
        p.token_budget,
        "point at a more specific name",
        w,
    ))
}

fn file_filter(filter: &Option<String>) -> Result<Option<globset::GlobMatcher>, ToolError> {
    let Some(f) = filter else { return Ok(None) };
    let pat = if f.contains(['*', '?', '[']) {
        f.clone()
    } else {
        // A plain path: the file itself or anything under it.
        format!("{}{{,/**}}", f.trim_end_matches('/'))
    };
    globset::GlobBuilder::new(&pat)
        .literal_separator(false)
        .build()
        .map(|g| Some(g.compile_matcher()))
        .map_err(|e| ToolError::bad_args(format!("fileFilter {f:?} is not a glob: {e}")))
}

fn keep(filter: &Option<globset::GlobMatcher>, anchor: &Value) -> bool {
    match filter {
        None => true,
        Some(g) => anchor["file"].as_str().is_some_and(|f| g.is_match(f)),
    }
}

/// Map edges into any of `targets`, as anchors at the spot each was written.
fn map_refs(
    map: &Map,
    a: &mut Anchors<'_>,
    targets: &[MapSym],
    kinds: &[&str],
) -> Result<Vec<Value>, ToolError> {
    let mut out = Vec::new();
    for t in targets {
        let mut st = map
            .conn()
            .prepare_cached(
                "SELECT f.path, e.line, e.col, e.kind, e.source FROM edges e JOIN files f ON f.id = e.file_id \
                 WHERE e.target = ?1 AND e.line IS NOT NULL",
            )
            .map_err(sql)?;
        let rows: Vec<(String, u32, u32, String, String)> = st
            .query_map([&t.node_id], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
            })
            .map_err(sql)?
            .collect::<Result<_, _>>()
            .map_err(sql)?;
        for (file, line, col, kind, source) in rows {
            if !kinds.contains(&kind.as_str()) {
                continue;
            }
            let mut v = a.at_rel(&file, Pos { line, col }, line);
            v["edge"] = json!(kind);
            v["from"] = json!(source);
            out.push(v);
        }
    }
    Ok(out)
}

pub fn references(ws: &Workspace, p: &ReferencesParams) -> Result<Answer, ToolError> {
    let mut w = Vec::new();
    let t = target(ws, p, &mut w)?;
    let filter = file_filter(&p.file_filter)?;
    let decl = p.include_declaration.unwrap_or(false);
    let mut a = Anchors::new(ws, &mut w).known(&t);
    let narrow = "narrow with fileFilter (a path or glob), or a larger tokenBudget";
    if let Some(s) = server_for(ws, t.lang, "referencesProvider", &mut w) {
        match s.at_retrying(
            "textDocument/references",
            &t.c,
            &t.text,
            t.pos,
            json!({"context": {"includeDeclaration": decl}}),
            Some(slow(ws)),
        ) {
            Ok(v) => {
                let mut refs: Vec<Value> = locations(&v)
                    .iter()
                    .filter_map(|(u, r)| a.lsp_anchor(u, r, s.encoding()))
                    .filter(|x| keep(&filter, x))
                    .collect();
                dedup_anchors(&mut refs);
                return Ok(listing(
                    "references",
                    refs,
                    json!({"source": "lsp"}),
                    p.token_budget,
                    narrow,
                    w,
                ));
            }
            Err(e) => failed(&mut w, &e, "from the map's edges"),
        }
    }
    let map = need_map(ws)?;
    let (defs, how) = map_definitions(&map, &t)?;
    w.push(format!(
        "the map's edges into the symbol (found by {how}): calls, imports and bases the indexer resolved; a language server also finds uses it cannot"
    ));
    let mut refs = map_refs(
        &map,
        &mut a,
        &defs,
        &["calls", "imports", "extends", "implements"],
    )?;
    if decl {
        refs.extend(defs.iter().map(|s| sym_anchor(&mut a, s)));
    }
    refs.retain(|x| keep(&filter, x));
    dedup_anchors(&mut refs);
    Ok(listing(
        "references",
        refs,
        json!({"source": "map"}),
        p.token_budget,
        narrow,
        w,
    ))
}

/// Types that implement or extend `id`, transitively (up to 3 levels).
fn subtypes(map: &Map, id: &str) -> Result<Vec<String>, ToolError> {
    let mut seen: HashSet<String> = HashSet::new();
    let mut out = Vec::new();
    let mut queue: VecDeque<(String, u32)> = VecDeque::from([(id.to_string(), 0)]);
    while let Some((n, d)) = queue.pop_front() {
        if d == 3 {
            continue;
        }
        let mut st = map
            .conn()
            .prepare_cached(
                "SELECT DISTINCT source FROM edges WHERE target = ?1 AND kind IN ('implements', 'extends')",
            )
            .map_err(sql)?;
        let subs: Vec<String> = st
            .query_map([&n], |r| r.get(0))
            .map_err(sql)?
            .collect::<Result<_, _>>()
            .map_err(sql)?;
        for s in subs {
            if seen.insert(s.clone()) {
                out.push(s.clone());
                queue.push_back((s, d + 1));
            }
        }
    }
    Ok(out)
}

pub fn implementations(ws: &Workspace, p: &AtParams) -> Result<Answer, ToolError> {
    let mut w = Vec::new();
    let t = target(ws, p, &mut w)?;
    let mut a = Anchors::new(ws, &mut w).known(&t);
    let narrow = "point at a more specific type or method, or give a larger tokenBudget";
    if let Some(s) = server_for(ws, t.lang, "implementationProvider", &mut w) {
        match s.at_retrying(
            "textDocument/implementation",
            &t.c,
            &t.text,
            t.pos,
            json!({}),
            None,
        ) {
            Ok(v) => {
                let mut imps: Vec<Value> = locations(&v)
                    .iter()
                    .filter_map(|(u, r)| a.lsp_anchor(u, r, s.encoding()))
                    .collect();
                dedup_anchors(&mut imps);
                return Ok(listing(
                    "implementations",
                    imps,
                    json!({"source": "lsp"}),
                    p.token_budget,
                    narrow,
                    w,
                ));
            }
            Err(e) => failed(&mut w, &e, "from the map"),
        }
    }
    let map = need_map(ws)?;
    let (defs, _) = map_definitions(&map, &t)?;
    let mut imps = Vec::new();
    for d in &defs {
        if matches!(d.kind.as_str(), "method" | "function") {
            // A method: the same-named methods of the subtypes of its type (overrides).
            let Some(parent) = &d.parent else { continue };
            for sub in subtypes(&map, parent)? {
                let mut st = map
                    .conn()
                    .prepare_cached(&format!(
                        "SELECT {SYM_COLS} FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.parent = ?1 AND s.name = ?2"
                    ))
                    .map_err(sql)?;
                let ms: Vec<MapSym> = st
                    .query_map(rusqlite::params![sub, d.name], sym_row)
                    .map_err(sql)?
                    .collect::<Result<_, _>>()
                    .map_err(sql)?;
                imps.extend(ms.iter().map(|m| sym_anchor(&mut a, m)));
            }
        } else {
            for sub in subtypes(&map, &d.node_id)? {
                if let Some(s) = sym(&map, &sub)? {
                    imps.push(sym_anchor(&mut a, &s));
                }
            }
        }
    }
    dedup_anchors(&mut imps);
    w.push(
        "the map's implements/extends edges (subtypes, and the methods that override this one)"
            .into(),
    );
    Ok(listing(
        "implementations",
        imps,
        json!({"source": "map"}),
        p.token_budget,
        narrow,
        w,
    ))
}

pub fn hover(ws: &Workspace, p: &AtParams) -> Result<Answer, ToolError> {
    let mut w = Vec::new();
    let t = target(ws, p, &mut w)?;
    let mut a = Anchors::new(ws, &mut w).known(&t);
    if let Some(s) = server_for(ws, t.lang, "hoverProvider", &mut w) {
        match s.at_retrying("textDocument/hover", &t.c, &t.text, t.pos, json!({}), None) {
            Ok(v) if !v.is_null() => {
                let text = hover_text(&v["contents"]);
                let anchor = a.at(&t.c.abs, t.pos, t.pos.line);
                return Ok(Answer {
                    data: json!({"source": "lsp", "signature": lsp::signature_from_hover(&v),
                                 "contents": text, "at": anchor}),
                    dropped: None,
                    warnings: w,
                });
            }
            Ok(_) => w.push("the server has nothing to show here: answered from the map".into()),
            Err(e) => failed(&mut w, &e, "from the map"),
        }
    }
    let map = need_map(ws)?;
    let (defs, how) = map_definitions(&map, &t)?;
    let Some(d) = defs.first() else {
        return Err(ToolError::new(
            ErrorCode::SymbolNotFound,
            format!(
                "the map knows no symbol for the name at {}:{}:{}",
                t.c.rel, t.pos.line, t.pos.col
            ),
        )
        .hint("`map_search` for the name"));
    };
    if defs.len() > 1 {
        w.push(format!(
            "{} symbols have this name; showing the first ({how})",
            defs.len()
        ));
    }
    Ok(Answer {
        data: json!({"source": "map", "signature": d.signature, "doc": d.doc, "kind": d.kind,
                     "nodeId": d.node_id, "definition": sym_anchor(&mut a, d)}),
        dropped: None,
        warnings: w,
    })
}

/// Hover contents as plain text (markdown kept, as servers write it).
fn hover_text(c: &Value) -> String {
    let s = match c {
        Value::String(s) => s.clone(),
        Value::Object(o) => o
            .get("value")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string(),
        Value::Array(a) => a
            .iter()
            .map(|x| x.as_str().or_else(|| x["value"].as_str()).unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n\n"),
        _ => String::new(),
    };
    // Bounded: some servers return whole documentation pages.
    s.chars().take(4000).collect()
}

pub fn outline(ws: &Workspace, p: &OutlineParams) -> Result<Answer, ToolError> {
    let mut w = Vec::new();
    let (c, shown) = match (&p.file, &p.locate) {
        (Some(f), None) => (contain(&ws.root, f)?, f.clone()),
        (None, Some(l)) => {
            let loc = locate::parse(l)?;
            (contain(&ws.root, &loc.file)?, loc.file)
        }
        _ => {
            return Err(ToolError::bad_args("nav_outline takes {file}")
                .hint("e.g. {\"file\": \"src/app.py\"}"))
        }
    };
    let lang = lang_of(&c, &shown)?;
    let text = read_source(ws, &c, &shown)?;
    let (parsed, _) = crate::resolve::parse_outline(&c, lang, &shown)?;
    let mut source = "parse";
    let mut syms = parsed;
    match ws.server(lang) {
        Ok(s) => match s.outline(&c, &text) {
            Ok(o) => {
                syms = o;
                source = "lsp";
            }
            Err(e) => failed(&mut w, &e, "from a parse of the file on disk"),
        },
        Err(e) => w.push(format!(
            "{}: {}: the outline is a parse of the file on disk",
            e.code.as_str(),
            e.message
        )),
    }
    let depth = |mut i: usize| {
        let mut d = 0;
        while let Some(p) = syms[i].parent {
            d += 1;
            i = p;
        }
        d
    };
    let items: Vec<Value> = (0..syms.len())
        .map(|i| {
            let s = &syms[i];
            json!({"name": s.name, "kind": s.kind.as_str(), "qualname": s.qualname,
                   "line": s.name_span.start.line, "col": s.name_span.start.col, "endLine": s.span.end.line,
                   "depth": depth(i), "signature": s.signature,
                   "nodeId": indexer::id::NodeId::symbol_id(lang, &c.rel, &s.qualname)})
        })
        .collect();
    Ok(listing(
        "symbols",
        items,
        json!({"source": source, "file": c.rel}),
        p.token_budget,
        "a larger tokenBudget; or `map_search` with a path",
        w,
    ))
}

pub fn symbols(ws: &Workspace, p: &SymbolsParams) -> Result<Answer, ToolError> {
    let mut w = Vec::new();
    let query = p.query.as_deref().unwrap_or("").trim().to_string();
    if query.chars().count() < 3 {
        return Err(ToolError::bad_args("query must be at least 3 characters")
            .hint("a name or part of one, e.g. \"Serve\""));
    }
    let limit = p.limit.unwrap_or(50);
    if limit == 0 || limit > 200 {
        return Err(ToolError::bad_args(format!(
            "limit must be 1..200, got {limit}"
        )));
    }
    let mut a = Anchors::new(ws, &mut w);
    // Languages the map holds (both when there is no map).
    let langs: Vec<Lang> = match &a.map {
        Some(m) => {
            let mut st = m
                .conn()
                .prepare("SELECT DISTINCT lang FROM files")
                .map_err(sql)?;
            let ls: Vec<String> = st
                .query_map([], |r| r.get(0))
                .map_err(sql)?
                .collect::<Result<_, _>>()
                .map_err(sql)?;
            ls.iter().filter_map(|l| Lang::from_prefix(l)).collect()
        }
        None => Lang::ALL.to_vec(),
    };
    let mut hits: Vec<Value> = Vec::new();
    let mut from_server = false;
    let mut outside = 0usize;
    for lang in langs {
        let Some(s) = server_for(ws, lang, "workspaceSymbolProvider", &mut w) else {
            continue;
        };
        s.wait_ready(slow(ws));
        match s.request("workspace/symbol", json!({"query": query}), slow(ws)) {
            Ok(v) => {
                from_server = true;
                for item in v.as_array().into_iter().flatten() {
                    let (Some(uri), range) = (
                        item["location"]["uri"].as_str(),
                        item["location"]["range"].clone(),
                    ) else {
                        continue;
                    };
                    let Some(mut anchor) = (if range.is_object() {
                        a.lsp_anchor(uri, &range, s.encoding())
                    } else {
                        uri_to_path(uri).map(|p| a.at(&p, Pos { line: 1, col: 1 }, 1))
                    }) else {
                        continue;
                    };
                    if anchor["external"] == true {
                        outside += 1;
                        continue;
                    }
                    anchor["name"] = item["name"].clone();
                    anchor["container"] = item["containerName"].clone();
                    anchor["lang"] = json!(lang.prefix());
                    hits.push(anchor);
                }
            }
            Err(e) => failed(&mut w, &e, "without that server"),
        }
    }
    if outside > 0 {
        w.push(format!(
            "{outside} symbols outside the workspace (dependencies, the standard library) left out"
        ));
    }
    if !from_server {
        let map = need_map(ws)?;
        w.push("answered by map_search".into());
        let found = map.search(&SearchParams {
            query: query.clone(),
            limit: Some(limit),
            ..Default::default()
        })?;
        let items = found.data["hits"].as_array().cloned().unwrap_or_default();
        let anchors: Vec<Value> = items
            .iter()
            .filter_map(|h| {
                let file = h["file"].as_str()?;
                let line = h["range"]["nameLine"]
                    .as_u64()
                    .or(h["range"]["line"].as_u64())? as u32;
                let col = h["range"]["nameCol"]
                    .as_u64()
                    .or(h["range"]["col"].as_u64())? as u32;
                let end = h["range"]["endLine"].as_u64().unwrap_or(line as u64) as u32;
                let mut v = a.at_rel(file, Pos { line, col }, end);
                v["nodeId"] = h["nodeId"].clone();
                v["name"] = h["name"].clone();
                v["kind"] = h["kind"].clone();
                Some(v)
            })
            .collect();
        return Ok(listing(
            "symbols",
            anchors,
            json!({"source": "map", "query": query}),
            p.token_budget,
            "a longer query or a smaller limit",
            w,
        ));
    }
    // Exact names first, then case-insensitive exact, prefix, the rest; then by path.
    let q = query.to_lowercase();
    let rank = |v: &Value| {
        let n = v["name"].as_str().unwrap_or("");
        let nl = n.to_lowercase();
        if n == query {
            0
        } else if nl == q {
            1
        } else if nl.starts_with(&q) {
            2
        } else if nl.contains(&q) {
            3
        } else {
            4
        }
    };
    hits.sort_by(|x, y| {
        rank(x).cmp(&rank(y)).then_with(|| {
            (x["file"].as_str(), x["line"].as_u64()).cmp(&(y["file"].as_str(), y["line"].as_u64()))
        })
    });
    hits.dedup_by(|x, y| x["file"] == y["file"] && x["line"] == y["line"] && x["col"] == y["col"]);
    let more = hits.len() > limit as usize;
    hits.truncate(limit as usize);
    Ok(listing(
        "symbols",
        hits,
        json!({"source": "lsp", "query": query, "more": more}),
        p.token_budget,
        "a longer query or a smaller limit",
        w,
    ))
}

/// One caller or callee in a call tree, flattened: `depth` 1 is the asked symbol's direct
/// callers (incoming) or callees (outgoing); `via` is the node one level up.
pub fn calls(ws: &Workspace, p: &CallsParams) -> Result<Answer, ToolError> {
    let mut w = Vec::new();
    let incoming = match p.direction.as_deref().unwrap_or("incoming") {
        "incoming" | "in" => true,
        "outgoing" | "out" => false,
        other => {
            return Err(ToolError::bad_args(format!(
                "direction {other:?} is not incoming or outgoing"
            )))
        }
    };
    let depth = p.depth.unwrap_or(1);
    if !(1..=3).contains(&depth) {
        return Err(ToolError::bad_args(format!(
            "depth must be 1..3, got {depth}"
        )));
    }
    let t = target(ws, p, &mut w)?;
    let mut a = Anchors::new(ws, &mut w).known(&t);
    let narrow = "a smaller depth, or a larger tokenBudget";
    let dir = if incoming { "incoming" } else { "outgoing" };
    if let Some(s) = server_for(ws, t.lang, "callHierarchyProvider", &mut w) {
        match lsp_calls(&s, &t, incoming, depth, &mut a, slow(ws)) {
            Ok((root, items)) => {
                return Ok(listing(
                    "calls",
                    items,
                    json!({"source": "lsp", "direction": dir, "symbol": root}),
                    p.token_budget,
                    narrow,
                    w,
                ));
            }
            Err(e) => failed(&mut w, &e, "from references and the map"),
        }
    }
    let map = need_map(ws)?;
    let (defs, _) = map_definitions(&map, &t)?;
    let Some(d) = defs.first().cloned() else {
        return Err(ToolError::new(
            ErrorCode::SymbolNotFound,
            format!(
                "the map knows no symbol at {}:{}:{}",
                t.c.rel, t.pos.line, t.pos.col
            ),
        ));
    };
    let mut items = Vec::new();
    let mut seen: HashSet<String> = HashSet::from([d.node_id.clone()]);
    let mut level = vec![d.clone()];
    let source = if incoming {
        "fallback-references"
    } else {
        "fallback-map"
    };
    w.push(if incoming {
        "callers from references (the map's call edges into the symbol), grouped by the function they sit in".to_string()
    } else {
        "callees from the map's call edges out of the symbol".to_string()
    });
    for dep in 1..=depth {
        let mut next = Vec::new();
        for cur in &level {
            let sql_text = if incoming {
                "SELECT e.source, f.path, e.line, e.col FROM edges e JOIN files f ON f.id = e.file_id WHERE e.target = ?1 AND e.kind = 'calls'"
            } else {
                "SELECT e.target, f.path, e.line, e.col FROM edges e JOIN files f ON f.id = e.file_id WHERE e.source = ?1 AND e.kind = 'calls' AND e.target IS NOT NULL"
            };
            let mut st = map.conn().prepare_cached(sql_text).map_err(sql)?;
            let rows: Vec<(String, String, u32, u32)> = st
                .query_map([&cur.node_id], |r| {
                    Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
                })
                .map_err(sql)?
                .collect::<Result<_, _>>()
                .map_err(sql)?;
            let mut by_node: BTreeMap<String, Vec<u32>> = BTreeMap::new();
            for (node, _, line, _) in rows {
                by_node.entry(node).or_default().push(line);
            }
            for (node, lines) in by_node {
                let Some(s) = sym(&map, &node)? else { continue };
                let mut v = sym_anchor(&mut a, &s);
                v["name"] = json!(s.name);
                v["kind"] = json!(s.kind);
                v["depth"] = json!(dep);
                v["via"] = json!(cur.node_id);
                v["callLines"] = json!(lines);
                items.push(v);
                if seen.insert(node) {
                    next.push(s);
                }
            }
        }
        level = next;
    }
    Ok(listing(
        "calls",
        items,
        json!({"source": source, "direction": dir, "symbol": d.node_id}),
        p.token_budget,
        narrow,
        w,
    ))
}

fn lsp_calls(
    s: &Server,
    t: &Target,
    incoming: bool,
    depth: u32,
    a: &mut Anchors<'_>,
    timeout: Duration,
) -> Result<(Value, Vec<Value>), ToolError> {
    let prepared = s.at_retrying(
        "textDocument/prepareCallHierarchy",
        &t.c,
        &t.text,
        t.pos,
        json!({}),
        None,
    )?;
    let Some(root) = prepared.as_array().and_then(|v| v.first()).cloned() else {
        return Err(ToolError::new(
            ErrorCode::SymbolNotFound,
            format!(
                "no function or method at {}:{}:{}",
                t.c.rel, t.pos.line, t.pos.col
            ),
        )
        .hint("point at a function's or method's name"));
    };
    let method = if incoming {
        "callHierarchy/incomingCalls"
    } else {
        "callHierarchy/outgoingCalls"
    };
    let key = if incoming { "from" } else { "to" };
    let item_anchor = |a: &mut Anchors<'_>, item: &Value| -> Option<Value> {
        let r = if item["selectionRange"].is_object() {
            &item["selectionRange"]
        } else {
            &item["range"]
        };
        let mut v = a.lsp_anchor(item["uri"].as_str()?, r, s.encoding())?;
        v["endLine"] = json!(item["range"]["end"]["line"]
            .as_u64()
            .map_or(v["line"].as_u64().unwrap_or(0), |l| l + 1));
        v["name"] = item["name"].clone();
        Some(v)
    };
    let root_anchor = item_anchor(a, &root).unwrap_or(Value::Null);
    let mut items = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    let mut level = vec![(root.clone(), root_anchor["nodeId"].clone())];
    for dep in 1..=depth {
        let mut next = Vec::new();
        for (item, via) in &level {
            let v = s.request(method, json!({"item": item}), timeout)?;
            for call in v.as_array().into_iter().flatten() {
                let other = &call[key];
                let Some(mut anchor) = item_anchor(a, other) else {
                    continue;
                };
                let lines: Vec<u64> = call["fromRanges"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|r| r["start"]["line"].as_u64().map(|l| l + 1))
                    .collect();
                anchor["depth"] = json!(dep);
                anchor["via"] = via.clone();
                anchor["callLines"] = json!(lines);
                let k = format!("{}:{}:{}", anchor["file"], anchor["line"], anchor["col"]);
                let node = anchor["nodeId"].clone();
                let external = anchor["external"] == true;
                items.push(anchor);
                if seen.insert(k) && !external {
                    next.push((other.clone(), node));
                }
            }
        }
        level = next;
    }
    Ok((root_anchor, items))
}

/// `nav_rename`: the server's workspace edit as a unified diff per file; nothing is written.
pub fn rename(ws: &Workspace, p: &RenameParams) -> Result<Answer, ToolError> {
    let mut w = Vec::new();
    let Some(new_name) = p.new_name.as_deref() else {
        return Err(ToolError::bad_args("nav_rename needs newName"));
    };
    if !indexer::id::is_identifier(new_name) {
        return Err(ToolError::bad_args(format!(
            "{new_name:?} is not an identifier"
        )));
    }
    let t = target(ws, p, &mut w)?;
    let s = ws.server(t.lang).map_err(|e| {
        ToolError::new(
            e.code,
            format!("nav_rename needs a language server: {}", e.message),
        )
        .hint(
            e.hint
                .unwrap_or_else(|| lsp::install_hint(t.lang).to_string()),
        )
    })?;
    if !s.supports("renameProvider") {
        return Err(ToolError::new(
            ErrorCode::LspUnavailable,
            format!("{} offers no rename", s.command[0]),
        ));
    }
    s.wait_ready(slow(ws));
    let edit = s.at(
        "textDocument/rename",
        &t.c,
        &t.text,
        t.pos,
        json!({"newName": new_name}),
        Some(slow(ws)),
    )?;
    if edit.is_null() {
        return Err(ToolError::new(
            ErrorCode::SymbolNotFound,
            format!(
                "nothing to rename at {}:{}:{}",
                t.c.rel, t.pos.line, t.pos.col
            ),
        )
        .hint("point at a name the server knows, e.g. locate \"file:Cls.m\""));
    }
    // uri → edits, from `changes` or `documentChanges`.
    let mut per_file: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    let mut file_ops = Vec::new();
    if let Some(ch) = edit["changes"].as_object() {
        for (uri, edits) in ch {
            per_file
                .entry(uri.clone())
                .or_default()
                .extend(edits.as_array().cloned().unwrap_or_default());
        }
    }
    for dc in edit["documentChanges"].as_array().into_iter().flatten() {
        if let Some(uri) = dc["textDocument"]["uri"].as_str() {
            per_file
                .entry(uri.to_string())
                .or_default()
                .extend(dc["edits"].as_array().cloned().unwrap_or_default());
        } else if let Some(kind) = dc["kind"].as_str() {
            file_ops.push(json!({"kind": kind, "uri": dc["uri"], "oldUri": dc["oldUri"], "newUri": dc["newUri"]}));
        }
    }
    let mut outside = Vec::new();
    let mut files = Vec::new();
    let mut edits_total = 0;
    for (uri, edits) in &per_file {
        let Some(abs) = uri_to_path(uri) else {
            continue;
        };
        let rel = abs.canonicalize().ok().and_then(|a| {
            a.strip_prefix(&ws.root)
                .ok()
                .map(|r| r.to_string_lossy().into_owned())
        });
        let Some(rel) = rel else {
            outside.push(abs.display().to_string());
            continue;
        };
        let old = read_source(
            ws,
            &Contained {
                rel: rel.clone(),
                abs: abs.clone(),
            },
            &rel,
        )?;
        let new = apply_edits(&old, edits, s.encoding());
        edits_total += edits.len();
        let diff = similar::TextDiff::from_lines(&*old, new.as_str())
            .unified_diff()
            .context_radius(3)
            .header(&format!("a/{rel}"), &format!("b/{rel}"))
            .to_string();
        files.push(json!({"file": rel, "edits": edits.len(), "diff": diff}));
    }
    if !outside.is_empty() {
        return Err(ToolError::new(
            ErrorCode::OutsideWorkspace,
            format!(
                "renaming would edit {} file(s) outside the workspace: {}",
                outside.len(),
                outside.iter().take(5).cloned().collect::<Vec<_>>().join(", ")
            ),
        )
        .hint("a symbol that overrides or is used by code outside the workspace cannot be renamed here"));
    }
    let summary = format!(
        "would touch {} file{}, {} edit{}{}",
        files.len(),
        if files.len() == 1 { "" } else { "s" },
        edits_total,
        if edits_total == 1 { "" } else { "s" },
        if file_ops.is_empty() {
            String::new()
        } else {
            format!(", {} file operation(s)", file_ops.len())
        }
    );
    let total = files.len();
    let head = json!({"source": "lsp", "newName": new_name, "summary": summary, "fileOperations": file_ops, "written": false});
    let mut ans = listing(
        "files",
        files,
        head,
        p.token_budget,
        "a larger tokenBudget shows every file's diff",
        w,
    );
    ans.data["filesTotal"] = json!(total);
    Ok(ans)
}

/// Apply LSP text edits (server units) to a text; edits do not overlap (LSP), applied last first.
pub fn apply_edits(text: &str, edits: &[Value], enc: Encoding) -> String {
    let starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let offset = |p: &Value| -> usize {
        let line = p["line"].as_u64().unwrap_or(0) as usize;
        let Some(&start) = starts.get(line) else {
            return text.len();
        };
        let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        let units = p["character"].as_u64().unwrap_or(0);
        let mut seen = 0u64;
        for (i, c) in text[start..end].char_indices() {
            if seen >= units {
                return start + i;
            }
            seen += match enc {
                Encoding::Utf8 => c.len_utf8() as u64,
                Encoding::Utf16 => c.len_utf16() as u64,
            };
        }
        end
    };
    let mut spans: Vec<(usize, usize, String)> = edits
        .iter()
        .map(|e| {
            (
                offset(&e["range"]["start"]),
                offset(&e["range"]["end"]),
                e["newText"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    spans.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    let mut out = text.to_string();
    for (s, e, t) in spans {
        if s <= e && e <= out.len() && out.is_char_boundary(s) && out.is_char_boundary(e) {
            out.replace_range(s..e, &t);
        }
    }
    out
}

/// `locate`: a locate string → the position, its range, the line, and the symbol around it.
pub fn locate_tool(ws: &Workspace, s: &str) -> Result<Answer, ToolError> {
    let loc = locate::parse(s)?;
    let c = contain(&ws.root, &loc.file)?;
    let lang = lang_of(&c, &loc.file)?;
    let text = read_source(ws, &c, &loc.file)?;
    let (outline, _) = crate::resolve::parse_outline(&c, lang, &loc.file)?;
    let found = locate::locate(&text, &outline, &loc)?;
    let mut w = Vec::new();
    let mut a = Anchors::new(ws, &mut w);
    let anchor = a.at(&c.abs, found.pos, found.range.end.line);
    let enclosing = indexer::outline::enclosing(&outline, found.pos)
        .last()
        .map(|&i| indexer::id::NodeId::symbol_id(lang, &c.rel, &outline[i].qualname));
    Ok(Answer {
        data: json!({"file": c.rel, "line": found.pos.line, "col": found.pos.col,
                     "range": {"line": found.range.start.line, "col": found.range.start.col,
                               "endLine": found.range.end.line, "endCol": found.range.end.col},
                     "snippet": anchor["snippet"], "nodeId": anchor["nodeId"], "enclosing": enclosing}),
        dropped: None,
        warnings: w,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_at_positions() {
        let l = "    return self.cache.get(key)";
        assert_eq!(word_at(l, 12), Some(("self".into(), 12)));
        assert_eq!(
            word_at(l, 15),
            Some(("self".into(), 12)),
            "just after a word"
        );
        assert_eq!(word_at(l, 23), Some(("get".into(), 23)));
        assert_eq!(
            word_at(l, 22),
            Some(("cache".into(), 17)),
            "a dot right after a word"
        );
        assert_eq!(word_at(l, 1), None);
        assert_eq!(word_at("é_x = 1", 2), Some(("é_x".into(), 1)));
    }

    #[test]
    fn uris_to_paths() {
        assert_eq!(
            uri_to_path("file:///a/b%20c.py"),
            Some(PathBuf::from("/a/b c.py"))
        );
        assert_eq!(
            uri_to_path("file:///x/%E6%97%A5.go"),
            Some(PathBuf::from("/x/日.go"))
        );
        assert_eq!(uri_to_path("untitled:1"), None);
        assert_eq!(uri_to_path("file:///bad%2"), Some(PathBuf::from("/bad%2")));
    }

    #[test]
    fn edits_apply_in_server_units() {
        let text = "s = \"🎉\"; old = 1\nprint(old)\n";
        let e = |l: u64, a: u64, b: u64| json!({"range": {"start": {"line": l, "character": a}, "end": {"line": l, "character": b}}, "newText": "new"});
        // UTF-16: 🎉 is two units; `old` starts at unit 10 on line 0.
        assert_eq!(
            apply_edits(text, &[e(0, 10, 13), e(1, 6, 9)], Encoding::Utf16),
            "s = \"🎉\"; new = 1\nprint(new)\n"
        );
        assert_eq!(
            apply_edits(text, &[e(0, 12, 15)], Encoding::Utf8),
            "s = \"🎉\"; new = 1\nprint(old)\n"
        );
    }
}
