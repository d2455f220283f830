//! The `nav_*` tools and `locate` (SPEC "nav tools"): a position in (`{file, line, col}`, a
//! `nodeId` or a `locate` string), anchors `{file, line, col, endLine, snippet, nodeId}` out.
//!
//! Each tool asks the language server when one is running and offers the capability; otherwise
//! (or when the request fails) it answers from the map or a live parse, labelled by `source`
//! (`lsp`, `map`, `parse`, `fallback-references`, `fallback-map`) with a warning that says why.
//! `nav_rename` alone has no fallback: it needs a server, and it never writes a file.

use crate::locate;
use crate::lsp::{self, Capability, Encoding, Locate, LspError, Server};
use crate::paths::{contain, Contained};
use crate::workspace::{MapLease, Workspace};
use indexer::envelope::{clamp_budget, fit_said, Answer, ErrorCode, ToolError};
use indexer::lang::Lang;
use indexer::model::Pos;
use indexer::query::{callable, untyped_warning, Map, SearchParams, UntypedCall, CANDIDATES};
use indexer::shape::Shape;
use indexer::store::MapSymbol;
use indexer::syntax::line_at;
use lsp_types::request::{CallHierarchyPrepare, HoverRequest, Rename, WorkspaceSymbolRequest};
use lsp_types::{CallHierarchyPrepareParams, WorkspaceSymbolParams};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

/// Timeout for the slow requests (references, workspace symbols, call hierarchy): twice the
/// per-request one, so SPEC's 30 s by default.
fn slow(ws: &Workspace) -> Duration {
    ws.lsp_timeout.saturating_mul(2)
}
/// The most of a line an anchor shows: in the detail shape, and in the compact one (a window
/// around the spot).
const SNIPPET_CHARS: usize = 160;
const COMPACT_SNIPPET_CHARS: usize = 100;

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
            #[serde(default)]
            pub file: Option<String>,
            #[serde(default)]
            #[schemars(range(min = 1))]
            pub line: Option<u32>,
            #[serde(default)]
            #[schemars(range(min = 1))]
            pub col: Option<u32>,
            #[serde(default)]
            pub node_id: Option<String>,
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
        include_declaration: Option<bool>,
        /// Path prefix or glob ("**/*_test.go").
        file_filter: Option<String>,
    }
);

at_params!(
    /// `nav_calls`' arguments.
    CallsParams {
        /// Default incoming.
        #[schemars(extend("enum" = ["incoming", "outgoing"]))]
        direction: Option<String>,
        /// Default 1.
        #[schemars(range(min = 1, max = 3))]
        depth: Option<u32>,
    }
);

at_params!(
    /// `nav_rename`'s arguments.
    RenameParams {
        #[schemars(required)]
        new_name: Option<String>,
        /// Diffs of these files only (prefix or glob).
        file_filter: Option<String>,
        /// Skip this many files' diffs.
        offset: Option<u32>,
    }
);

/// `nav_outline`'s arguments: a file, or a locate string naming one.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OutlineParams {
    #[serde(default)]
    pub file: Option<String>,
    /// Only its file is used.
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
    #[schemars(required, length(min = 3))]
    pub query: Option<String>,
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
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(ws.missing(&c.rel, shown)),
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
        let (outline, _) = ws.parsed_outline(&c, lang, &loc.file)?;
        let found = locate::locate(&text, &outline, &loc)?;
        return Ok(Target {
            c,
            lang,
            text,
            pos: found.pos,
        });
    }
    if let Some(id) = p.node_id {
        if let Ok(indexer::id::NodeId::File { .. }) = indexer::id::NodeId::parse(id) {
            return Err(ToolError::bad_args(format!(
                "{id} is a file; a position tool needs a symbol in it (`{id}#Name`) or a position"
            ))
            .hint("`nav_outline` lists the file's symbols with their node IDs"));
        }
        let (r, warned) = crate::reconcile::locate_node(ws, id, false)?;
        warnings.extend(warned);
        let (file, Some(line), Some(col)) =
            (r.location.file.as_str(), r.location.line, r.location.col)
        else {
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
            pos: Pos { line, col },
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
    crate::reconcile::check_position(&text, file, line, col)?;
    Ok(Target {
        c,
        lang,
        text,
        pos: Pos { line, col },
    })
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

/// One place a nav tool answers with (SPEC: file, line, character column, end line, the
/// line's text, the map's node there; `external` outside the workspace), and what the tool
/// says about it. Serialized only when the answer is made.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
struct Anchor {
    file: String,
    line: u32,
    col: u32,
    end_line: u32,
    snippet: Option<String>,
    node_id: Option<String>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    external: bool,
    /// Map references: the edge's kind and source.
    #[serde(skip_serializing_if = "Option::is_none")]
    edge: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<String>,
    /// Symbols and calls: the name, kind and container as the server or the map gave them.
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    kind: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    container: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lang: Option<&'static str>,
    /// Calls: the level, the caller or callee it was reached from, the lines of the calls.
    #[serde(skip_serializing_if = "Option::is_none")]
    depth: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    via: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    call_lines: Option<Vec<u64>>,
    /// In an answer that joins the server's and the map's: which one found this.
    #[serde(skip_serializing_if = "Option::is_none")]
    source: Option<&'static str>,
}

/// Builds anchors, reading each file once and naming the map's node at each spot. Its read
/// handle on the map is the answer's: the map fallbacks take it too ([`need_map`]), so one
/// snapshot covers every read of the answer.
struct Anchors<'a> {
    ws: &'a Workspace,
    map: Option<Rc<MapLease>>,
    texts: HashMap<PathBuf, Option<Arc<str>>>,
}

impl<'a> Anchors<'a> {
    fn new(ws: &'a Workspace, warnings: &mut Vec<String>) -> Anchors<'a> {
        let map = match ws.map() {
            Ok(m) => Some(Rc::new(m)),
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

    /// An LSP `{uri, range}`, converted by the LSP layer into SPEC's units.
    fn lsp_anchor(&mut self, loc: &lsp_types::Location, enc: Encoding) -> Option<Anchor> {
        let spot = lsp::spot(loc, enc, |abs, line| {
            self.text(abs).map(|t| line_at(t, line).to_string())
        })?;
        Some(self.at(&spot.abs, spot.pos, spot.end_line))
    }

    fn at(&mut self, abs: &Path, pos: Pos, end_line: u32) -> Anchor {
        let max = match self.ws.shape() {
            Shape::Detail => SNIPPET_CHARS,
            Shape::Compact => COMPACT_SNIPPET_CHARS,
        };
        let snippet = self
            .text(abs)
            .map(|t| indexer::shape::snippet(line_at(t, pos.line), pos.col, max));
        let (file, node_id, external) = match self.rel(abs) {
            Some(rel) => {
                let node = self.node_at(&rel, pos);
                (rel, node, false)
            }
            None => (abs.display().to_string(), None, true),
        };
        Anchor {
            file,
            line: pos.line,
            col: pos.col,
            end_line: end_line.max(pos.line),
            snippet,
            node_id,
            external,
            edge: None,
            from: None,
            name: None,
            kind: None,
            container: None,
            lang: None,
            depth: None,
            via: None,
            call_lines: None,
            source: None,
        }
    }

    fn at_rel(&mut self, rel: &str, pos: Pos, end_line: u32) -> Anchor {
        let abs = self.ws.root.join(rel);
        self.at(&abs, pos, end_line)
    }

    /// The map's symbol named at this spot, else the innermost one around it.
    fn node_at(&self, rel: &str, pos: Pos) -> Option<String> {
        self.map.as_ref()?.db().node_at(rel, pos)
    }
}

/// The running server for a language when it offers `capability`; else why not, as a warning.
fn server_for(
    ws: &Workspace,
    lang: Lang,
    capability: Capability,
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

/// A request of the tools that ask the server first and fall back to the map.
struct Ask<'a> {
    request: Locate,
    timeout: Option<Duration>,
    /// What answers when the server cannot ("from the map"), for the warning.
    instead: &'a str,
}

impl<'a> Ask<'a> {
    /// A request with the usual timeout, the map instead.
    fn new(request: Locate) -> Ask<'a> {
        Ask {
            request,
            timeout: None,
            instead: "from the map",
        }
    }
}

/// The locations the server answers `ask` with at the target, as anchors (sorted, without
/// duplicates); `None` when no server offers it or the request failed: the warnings say why,
/// and the caller answers from the map.
fn server_anchors(
    ws: &Workspace,
    t: &Target,
    a: &mut Anchors<'_>,
    ask: Ask<'_>,
    w: &mut Vec<String>,
) -> Option<Vec<Anchor>> {
    let s = server_for(ws, t.lang, ask.request.capability(), w)?;
    match s.locate(ask.request, &t.c, &t.text, t.pos, ask.timeout) {
        Ok(found) => {
            let mut out: Vec<Anchor> = found
                .iter()
                .filter_map(|l| a.lsp_anchor(l, s.encoding()))
                .collect();
            dedup_anchors(&mut out);
            server_state(&s, w);
            if out.is_empty() && s.degraded().is_some() {
                // Nothing from a server that says it is unwell is no answer: the map's stands.
                w.push(format!(
                    "{} answered nothing: {}",
                    s.command[0], ask.instead
                ));
                return None;
            }
            Some(out)
        }
        Err(e) => {
            failed(w, e, ask.instead);
            None
        }
    }
}

/// What the server's state says of the answer it just gave: a server that reports itself
/// unwell (a workspace it could not load) or that is still loading after the wait answers
/// from what it has read; said, so an agent does not take a short list for the whole.
fn server_state(s: &Server, w: &mut Vec<String>) {
    if let Some(why) = s.degraded() {
        w.push(format!(
            "LSP_DEGRADED: {} reports {why}: its answers may miss what it could not load; the map's are added where it answers nothing",
            s.command[0]
        ));
    }
    if s.loading() {
        w.push(format!(
            "LSP_LOADING: {} is still loading the workspace: its answer may be partial; ask again shortly",
            s.command[0]
        ));
    }
}

fn failed(warnings: &mut Vec<String>, e: impl Into<ToolError>, instead: &str) {
    let e: ToolError = e.into();
    warnings.push(format!(
        "{}: {}: answered {instead}",
        e.code.as_str(),
        e.message
    ));
}

/// The answer's read handle on the map: the anchors' (see [`Anchors`]); when they have none,
/// the error that says why.
fn need_map(a: &Anchors<'_>) -> Result<Rc<MapLease>, ToolError> {
    match &a.map {
        Some(m) => Ok(m.clone()),
        None => a.ws.map().map(Rc::new),
    }
}

/// What the name at a position refers to, by the map: the symbol defined there, the target of
/// the edge written there, or the symbols of that name (same file first).
fn map_definitions(map: &Map, t: &Target) -> Result<(Vec<MapSymbol>, &'static str), ToolError> {
    let line = line_at(&t.text, t.pos.line);
    let Some((word, word_col)) = word_at(line, t.pos.col) else {
        return Err(ToolError::bad_args(format!(
            "there is no identifier at {}:{}:{}",
            t.c.rel, t.pos.line, t.pos.col
        ))
        .hint("point at a name, e.g. with locate: \"file.py:Cls.m@<|>name\""));
    };
    // A definition's own name.
    let own = map.db().defined_at(&t.c.rel, t.pos.line, word_col)?;
    if !own.is_empty() {
        return Ok((own, "the definition itself"));
    }
    // An edge written at this spot (a call, an import, a base class).
    let mut out = Vec::new();
    for e in map.db().edges_on_line(&t.c.rel, t.pos.line)? {
        let len = e.target_name.chars().count() as u32;
        let leaf = e.target_name.rsplit('.').next().unwrap_or(&e.target_name);
        if e.col <= t.pos.col && t.pos.col < e.col + len.max(1) && leaf == word {
            if let Some(s) = map.db().symbol(&e.target)? {
                out.push(s);
            }
        }
    }
    if !out.is_empty() {
        out.dedup_by(|a, b| a.node_id == b.node_id);
        return Ok((out, "the map's edge at this spot"));
    }
    // By name: the same file first, then everywhere.
    let by_name = map.db().symbols_named(&word, &t.c.rel)?;
    let same_file: Vec<MapSymbol> = by_name
        .iter()
        .filter(|s| s.file == t.c.rel)
        .cloned()
        .collect();
    if !same_file.is_empty() {
        return Ok((same_file, "the name, in the same file"));
    }
    Ok((by_name, "the name alone (every symbol so named)"))
}

fn sym_anchor(a: &mut Anchors<'_>, s: &MapSymbol) -> Anchor {
    let mut v = a.at_rel(
        &s.file,
        Pos {
            line: s.name_line,
            col: s.name_col,
        },
        s.end_line,
    );
    v.node_id = Some(s.node_id.clone());
    v
}

/// How a list is laid out in the compact shape (SPEC "Interfaces"); in the detail shape every
/// list is as its items serialize.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Layout {
    /// Anchors grouped by file (definitions, references, implementations).
    ByFile,
    /// Anchors whose order across files means something (calls, symbols), each with its file.
    Flat,
    /// Items already in their final shape (outline, rename's files).
    AsIs,
}

impl Layout {
    fn render(self, items: &[Value], shape: Shape) -> Value {
        match (self, shape) {
            (Layout::AsIs, _) | (_, Shape::Detail) => json!(items),
            (Layout::ByFile, Shape::Compact) => indexer::shape::anchors(items, shape),
            (Layout::Flat, Shape::Compact) => {
                Value::Array(items.iter().map(indexer::shape::flat_anchor).collect())
            }
        }
    }
}

/// Fit a list of anchors (or other items) into the budget, saying what was left out.
fn listing<T: Serialize>(
    key: &str,
    items: Vec<T>,
    head: Value,
    budget: Option<u32>,
    narrow: &str,
    warnings: Vec<String>,
    (layout, shape): (Layout, Shape),
) -> Answer {
    let items: Vec<Value> = items
        .iter()
        .map(|x| serde_json::to_value(x).unwrap_or(Value::Null))
        .collect();
    let total = items.len();
    let f = fit_said(total, clamp_budget(budget), &warnings, |n| {
        let mut h = head.clone();
        h[key] = layout.render(&items[..n], shape);
        h["total"] = json!(total);
        h
    });
    Answer {
        dropped: f.dropped(key, narrow),
        data: f.data,
        warnings,
    }
}

fn sort_anchors(v: &mut [Anchor]) {
    v.sort_by(|a, b| (&a.file, a.line, a.col).cmp(&(&b.file, b.line, b.col)));
}

fn dedup_anchors(v: &mut Vec<Anchor>) {
    sort_anchors(v);
    v.dedup_by(|a, b| a.file == b.file && a.line == b.line && a.col == b.col);
}

/// What a located list is called in the answer, and how to narrow it when it is cut.
struct Listed<'a> {
    key: &'a str,
    narrow: &'a str,
}

/// The shape of definition, references and implementations: the target; the server's
/// locations when it answers `ask`, else `from_map`'s anchors (every lookup in one snapshot of
/// the map); either kept by `keep` and listed.
fn server_then_map(
    ws: &Workspace,
    p: &dyn AsPosition,
    budget: Option<u32>,
    ask: Ask<'_>,
    listed: Listed<'_>,
    keep: &dyn Fn(&Anchor) -> bool,
    from_map: impl FnOnce(
        &Map,
        &Target,
        &mut Anchors<'_>,
        &mut Vec<String>,
    ) -> Result<Vec<Anchor>, ToolError>,
) -> Result<Answer, ToolError> {
    let mut w = Vec::new();
    let t = target(ws, p, &mut w)?;
    let mut a = Anchors::new(ws, &mut w).known(&t);
    let (mut found, source) = match server_anchors(ws, &t, &mut a, ask, &mut w) {
        Some(found) => (found, "lsp"),
        None => {
            let map = need_map(&a)?;
            let _read = map.snapshot()?;
            (from_map(&map, &t, &mut a, &mut w)?, "map")
        }
    };
    found.retain(|x| keep(x));
    Ok(listing(
        listed.key,
        found,
        json!({ "source": source }),
        budget,
        listed.narrow,
        w,
        (Layout::ByFile, ws.shape()),
    ))
}

pub fn definition(ws: &Workspace, p: &AtParams) -> Result<Answer, ToolError> {
    let ask = Ask::new(Locate::Definition);
    let listed = Listed {
        key: "definitions",
        narrow: "point at a more specific name",
    };
    server_then_map(
        ws,
        p,
        p.token_budget,
        ask,
        listed,
        &|_| true,
        |map, t, a, w| {
            let (syms, how) = map_definitions(map, t)?;
            w.push(format!(
                "the map's answer, by {how}; a language server would resolve types"
            ));
            gone_from_disk(a.ws, &syms, w);
            Ok(syms.iter().map(|s| sym_anchor(a, s)).collect())
        },
    )
}

/// What `fileFilter` keeps: a glob (`*`, `?`, `[`), or a plain path relative to the root (the
/// file itself or anything under the folder). globset drops an empty alternative (`f{,/**}`
/// matched only `f/…`), so a plain path is two globs, each escaped.
pub(crate) struct FileFilter(globset::GlobSet);

impl FileFilter {
    /// The filter as given; `root` turns an absolute path inside the workspace into a relative
    /// one. A plain path that names nothing under `root` is refused: an answer of "no uses in
    /// that file" would be false.
    pub(crate) fn parse(f: &str, root: &Path) -> Result<FileFilter, ToolError> {
        let bad = |e: String| ToolError::bad_args(format!("fileFilter {f:?} is not a glob: {e}"));
        let glob = |pat: &str| {
            globset::GlobBuilder::new(pat)
                .literal_separator(false)
                .build()
                .map_err(|e| bad(e.to_string()))
        };
        let mut set = globset::GlobSetBuilder::new();
        if f.contains(['*', '?', '[']) {
            set.add(glob(f.strip_prefix("./").unwrap_or(f))?);
        } else {
            let rel = plain_rel(f, root)?;
            if !root.join(&rel).exists() {
                return Err(ToolError::bad_args(format!(
                    "fileFilter {f:?} names no file or folder in the workspace"
                ))
                .hint("a path relative to the workspace root, or a glob such as 'src/**/*.py'"));
            }
            let esc = globset::escape(&rel);
            set.add(glob(&esc)?);
            set.add(glob(&format!("{esc}/**"))?);
        }
        set.build().map(FileFilter).map_err(|e| bad(e.to_string()))
    }

    pub(crate) fn is_match(&self, rel: &str) -> bool {
        self.0.is_match(rel)
    }
}

/// A plain `fileFilter` path as the workspace-relative form anchors carry: `./` and a trailing
/// `/` dropped, an absolute path inside the root made relative.
fn plain_rel(f: &str, root: &Path) -> Result<String, ToolError> {
    let p = Path::new(f);
    let rel = if p.is_absolute() {
        let canon = p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
        match canon.strip_prefix(root) {
            Ok(r) => r.to_string_lossy().into_owned(),
            Err(_) => {
                return Err(ToolError::new(
                    ErrorCode::OutsideWorkspace,
                    format!("fileFilter {f:?} is outside the workspace"),
                ))
            }
        }
    } else {
        f.trim_start_matches("./").to_string()
    };
    Ok(rel.trim_end_matches('/').to_string())
}

fn file_filter(ws: &Workspace, filter: &Option<String>) -> Result<Option<FileFilter>, ToolError> {
    filter
        .as_deref()
        .map(|f| FileFilter::parse(f, &ws.root))
        .transpose()
}

fn keep(filter: &Option<FileFilter>, anchor: &Anchor) -> bool {
    match filter {
        None => true,
        Some(g) => g.is_match(&anchor.file),
    }
}

/// Map edges into any of `targets`, as anchors at the spot each was written.
/// The edge kinds that use a symbol: what references, and rename's gaps, read from the map.
const USE_KINDS: &[&str] = &["calls", "imports", "extends", "implements", "uses"];

fn map_refs(
    map: &Map,
    a: &mut Anchors<'_>,
    targets: &[MapSymbol],
    kinds: &[&str],
) -> Result<Vec<Anchor>, ToolError> {
    let mut out = Vec::new();
    for t in targets {
        for e in map.db().edges_into(&t.node_id, kinds)? {
            let mut v = a.at_rel(
                &e.file,
                Pos {
                    line: e.line,
                    col: e.col,
                },
                e.line,
            );
            v.edge = Some(e.kind);
            v.from = Some(e.other);
            out.push(v);
        }
    }
    Ok(out)
}

pub fn references(ws: &Workspace, p: &ReferencesParams) -> Result<Answer, ToolError> {
    let filter = file_filter(ws, &p.file_filter)?;
    let decl = p.include_declaration.unwrap_or(false);
    let ask = Ask {
        timeout: Some(slow(ws)),
        instead: "from the map's edges",
        ..Ask::new(Locate::References { declaration: decl })
    };
    let mut w = Vec::new();
    let t = target(ws, p, &mut w)?;
    let mut a = Anchors::new(ws, &mut w).known(&t);
    let server = server_anchors(ws, &t, &mut a, ask, &mut w);
    // The map's edges and the calls it could not type, in one snapshot. Without a map, the
    // server's answer stands alone.
    let map = map_beside(&a, server.is_some())?;
    let mut from_map = Vec::new();
    let mut untyped = Vec::new();
    let mut name = String::new();
    let mut how = "";
    let mut unread: Option<String> = None;
    if let Some(map) = &map {
        let _read = map.snapshot()?;
        let (defs, by) = map_definitions(map, &t)?;
        how = by;
        from_map = map_refs(map, &mut a, &defs, USE_KINDS)?;
        // Said when the map answers: uses inside macro invocations it could not read.
        if server.is_none() {
            let mut files: Vec<Anchor> = from_map.clone();
            files.extend(defs.iter().map(|s| sym_anchor(&mut a, s)));
            let mut note = Vec::new();
            unread_note(map, &files, None, &mut note)?;
            unread = note.pop();
        }
        if decl {
            from_map.extend(defs.iter().map(|s| sym_anchor(&mut a, s)));
        }
        // Calls of the same name whose receiver's type is unknown: candidates.
        if let Some(d) = defs
            .iter()
            .find(|d| callable(&d.kind, d.signature.as_deref()))
        {
            name = d.name.clone();
            untyped = map.db().untyped_calls_named(&d.name)?;
            untyped.retain(|c| filter.as_ref().is_none_or(|g| g.is_match(&c.file)));
        }
    }
    from_map.retain(|x| keep(&filter, x));
    dedup_anchors(&mut from_map);
    let (mut found, source) = match server {
        Some(mut found) => {
            found.retain(|x| keep(&filter, x));
            let found = merge_map_extras(found, from_map, "references", false, &mut w);
            (found, "lsp")
        }
        None => {
            w.push(format!(
                "the map's edges into the symbol (found by {how}): calls, imports and bases the indexer resolved; a language server also finds uses it cannot"
            ));
            w.extend(unread.take());
            (from_map, "map")
        }
    };
    found.retain(|x| keep(&filter, x));
    let mut head = json!({ "source": source });
    let list = found.is_empty() || source == "map";
    offer_candidates(&mut head, &untyped, &name, list, &mut w);
    Ok(listing(
        "references",
        found,
        head,
        p.token_budget,
        "narrow with fileFilter (a path or glob), or a larger tokenBudget",
        w,
        (Layout::ByFile, ws.shape()),
    ))
}

/// The map's answer may miss calls inside macro invocations it could not read: counted in
/// a warning, over the files of `anchors` (callers, references and the symbol's own), or
/// (`within` a qualname) in that symbol alone.
fn unread_note(
    map: &Map,
    anchors: &[Anchor],
    within: Option<&str>,
    w: &mut Vec<String>,
) -> Result<(), ToolError> {
    let files: BTreeSet<&str> = anchors
        .iter()
        .filter(|x| !x.external)
        .map(|x| x.file.as_str())
        .collect();
    let u = map.unread_in(files, within)?;
    let place = match within {
        Some(_) => "in this symbol",
        None => "in the files of these answers",
    };
    w.extend(u.warning(place));
    Ok(())
}

/// Calls of `name` the map could not type: counted in a warning, and listed in `head` as
/// `candidates` (apart from the answer's own list) when `list`.
fn offer_candidates(
    head: &mut Value,
    untyped: &[UntypedCall],
    name: &str,
    list: bool,
    w: &mut Vec<String>,
) {
    if untyped.is_empty() {
        return;
    }
    w.push(untyped_warning(untyped.len(), name, list));
    if list {
        head["candidates"] = json!(&untyped[..untyped.len().min(CANDIDATES)]);
        head["candidatesTotal"] = json!(untyped.len());
    }
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
        let subs = map.db().direct_subtypes(&n)?;
        for s in subs {
            if seen.insert(s.clone()) {
                out.push(s.clone());
                queue.push_back((s, d + 1));
            }
        }
    }
    Ok(out)
}

/// The server's anchors with what the map knows and the server did not list added, each
/// labelled by its source when any is added. `by_symbol`: a map anchor whose symbol the
/// server listed (at another spot: rust-analyzer's `impl Trait for T` line) is not new.
fn merge_map_extras(
    mut found: Vec<Anchor>,
    from_map: Vec<Anchor>,
    what: &str,
    by_symbol: bool,
    w: &mut Vec<String>,
) -> Vec<Anchor> {
    let listed: HashSet<(String, u32, u32)> = found
        .iter()
        .map(|x| (x.file.clone(), x.line, x.col))
        .collect();
    let symbols: HashSet<&str> = found
        .iter()
        .filter(|_| by_symbol)
        .filter_map(|x| x.node_id.as_deref())
        .collect();
    let extra: Vec<Anchor> = from_map
        .into_iter()
        .filter(|x| !listed.contains(&(x.file.clone(), x.line, x.col)))
        .filter(|x| !x.node_id.as_deref().is_some_and(|n| symbols.contains(n)))
        .collect();
    if !extra.is_empty() {
        w.push(format!(
            "{} of the map's {what} the server did not list are added (source: map)",
            extra.len()
        ));
        for x in &mut found {
            x.source = Some("lsp");
        }
        found.extend(extra.into_iter().map(|mut x| {
            x.source = Some("map");
            x
        }));
        sort_anchors(&mut found);
    }
    found
}

/// The answer's map handle; without a map, `None` when the server answered (its answer then
/// stands alone), else the error that says why.
fn map_beside(a: &Anchors<'_>, answered: bool) -> Result<Option<Rc<MapLease>>, ToolError> {
    match need_map(a) {
        Ok(m) => Ok(Some(m)),
        Err(_) if answered => Ok(None),
        Err(e) => Err(e),
    }
}

/// What the map knows implements the symbol at `t`: the subtypes of a type, and the methods of
/// the subtypes that override a method.
fn map_implementations(
    map: &Map,
    defs: &[MapSymbol],
    a: &mut Anchors<'_>,
) -> Result<Vec<Anchor>, ToolError> {
    let mut imps = Vec::new();
    for d in defs {
        if matches!(d.kind.as_str(), "method" | "function") {
            // A method: the same-named methods of the subtypes of its type (overrides).
            let Some(parent) = &d.parent else { continue };
            for sub in subtypes(map, parent)? {
                let ms = map.db().members_named(&sub, &d.name)?;
                imps.extend(ms.iter().map(|m| sym_anchor(a, m)));
            }
        } else {
            for sub in subtypes(map, &d.node_id)? {
                if let Some(s) = map.db().symbol(&sub)? {
                    imps.push(sym_anchor(a, &s));
                }
            }
        }
    }
    dedup_anchors(&mut imps);
    Ok(imps)
}

/// Whether `x` is where one of `defs` is defined: a server that answers "implementations" with
/// the symbol itself (tsc does for a class or a method) has answered nothing.
fn is_own_definition(x: &Anchor, defs: &[MapSymbol]) -> bool {
    defs.iter()
        .any(|d| d.file == x.file && d.name_line == x.line)
}

pub fn implementations(ws: &Workspace, p: &AtParams) -> Result<Answer, ToolError> {
    let ask = Ask::new(Locate::Implementation);
    let mut w = Vec::new();
    let t = target(ws, p, &mut w)?;
    let mut a = Anchors::new(ws, &mut w).known(&t);
    let server = server_anchors(ws, &t, &mut a, ask, &mut w);
    let map = map_beside(&a, server.is_some())?;
    let mut defs = Vec::new();
    let mut from_map = Vec::new();
    if let Some(map) = &map {
        let _read = map.snapshot()?;
        defs = match map_definitions(map, &t) {
            Ok((d, _)) => d,
            // With a server's answer, the map only adds to it.
            Err(_) if server.is_some() => Vec::new(),
            Err(e) => return Err(e),
        };
        from_map = map_implementations(map, &defs, &mut a)?;
    }
    let (found, source) = match server {
        Some(mut found) => {
            let before = found.len();
            found.retain(|x| !is_own_definition(x, &defs));
            if found.len() < before {
                w.push(
                    "the server answered the symbol's own definition, which is not an implementation: left out"
                        .into(),
                );
            }
            (
                merge_map_extras(found, from_map, "implementations", true, &mut w),
                "lsp",
            )
        }
        None => {
            w.push(
                "the map's implements/extends edges (subtypes, and the methods that override this one)"
                    .into(),
            );
            (from_map, "map")
        }
    };
    Ok(listing(
        "implementations",
        found,
        json!({ "source": source }),
        p.token_budget,
        "point at a more specific type or method, or give a larger tokenBudget",
        w,
        (Layout::ByFile, ws.shape()),
    ))
}

pub fn hover(ws: &Workspace, p: &AtParams) -> Result<Answer, ToolError> {
    let mut w = Vec::new();
    let t = target(ws, p, &mut w)?;
    let mut a = Anchors::new(ws, &mut w).known(&t);
    if let Some(s) = server_for(ws, t.lang, Capability::Hover, &mut w) {
        let asked = s.at_retrying::<HoverRequest>(&t.c, &t.text, t.pos, lsp::hover_params, None);
        match asked {
            Ok(Some(h)) => {
                server_state(&s, &mut w);
                let text = hover_text(&h.contents);
                let anchor = a.at(&t.c.abs, t.pos, t.pos.line);
                let signature = lsp::signature_from_hover(&h);
                // The documentation without the signature's code block, said once.
                let (_, doc) = lsp::split_hover(&text);
                let mut data = json!({"source": "lsp", "signature": signature});
                if !doc.is_empty() {
                    data["doc"] = json!(doc);
                }
                // `nodeId` is the hovered symbol's (when the map names exactly one), `in` the
                // symbol the position is written in: never one for the other.
                let hovered = need_map(&a).ok().and_then(|m| {
                    let _read = m.snapshot().ok()?;
                    let (defs, _) = map_definitions(&m, &t).ok()?;
                    match defs.as_slice() {
                        [d] => Some(d.node_id.clone()),
                        _ => None,
                    }
                });
                if let Some(n) = &hovered {
                    data["nodeId"] = json!(n);
                }
                if ws.detail {
                    data["contents"] = json!(text);
                    data["at"] = json!(anchor);
                } else {
                    data["at"] = json!(indexer::shape::at(anchor.line, anchor.col));
                    if let Some(n) = anchor
                        .node_id
                        .as_ref()
                        .filter(|n| hovered.as_ref() != Some(n))
                    {
                        data["in"] = json!(n);
                    }
                }
                return Ok(Answer {
                    data,
                    dropped: None,
                    warnings: w,
                });
            }
            Ok(None) => w.push("the server has nothing to show here: answered from the map".into()),
            Err(e) => failed(&mut w, e, "from the map"),
        }
    }
    let map = need_map(&a)?;
    // One state of the map for every lookup of this answer.
    let _read = map.snapshot()?;
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
    gone_from_disk(ws, std::slice::from_ref(d), &mut w);
    let mut data = json!({"source": "map", "kind": d.kind, "nodeId": d.node_id});
    for (k, v) in [("signature", &d.signature), ("doc", &d.doc)] {
        if let Some(v) = v {
            data[k] = json!(v);
        }
    }
    if ws.detail {
        data["definition"] = json!(sym_anchor(&mut a, d));
    } else {
        data["at"] = json!(indexer::shape::at(d.name_line, d.name_col));
    }
    Ok(Answer {
        data,
        dropped: None,
        warnings: w,
    })
}

/// Hover contents as plain text (markdown kept, as servers write it), bounded: some servers
/// return whole documentation pages.
fn hover_text(c: &lsp_types::HoverContents) -> String {
    lsp::hover_text(c, "\n\n").chars().take(4000).collect()
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
    let (parsed, _) = ws.parsed_outline(&c, lang, &shown)?;
    let mut source = "parse";
    let mut syms = parsed;
    match ws.server(lang) {
        Ok(s) => match s.outline(&c, &text) {
            Ok(o) => {
                syms = o;
                source = "lsp";
            }
            Err(e) => failed(&mut w, e, "from a parse of the file on disk"),
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
            let id = indexer::id::NodeId::symbol_id(lang, &c.rel, &s.qualname);
            if ws.detail {
                return json!({"name": s.name, "kind": s.kind.as_str(), "qualname": s.qualname,
                       "line": s.name_span.start.line, "col": s.name_span.start.col, "endLine": s.span.end.line,
                       "depth": depth(i), "signature": s.signature, "nodeId": id});
            }
            // Compact: the node ID says the name and qualname; depth 0 and an end on the
            // same line are left out.
            let (line, end) = (s.name_span.start.line, s.span.end.line);
            let mut v = json!({"nodeId": id, "kind": s.kind.as_str(),
                               "at": indexer::shape::at(line, s.name_span.start.col)});
            if end != line {
                v["end"] = json!(end);
            }
            if let Some(sig) = &s.signature {
                v["signature"] = json!(sig);
            }
            if depth(i) > 0 {
                v["depth"] = json!(depth(i));
            }
            v
        })
        .collect();
    Ok(listing(
        "symbols",
        items,
        json!({"source": source, "file": c.rel}),
        p.token_budget,
        "a larger tokenBudget; or `map_search` with a path",
        w,
        (Layout::AsIs, ws.shape()),
    ))
}

/// Opens one of the language's files on a server that knows only the projects of open files.
fn open_any_file(ws: &Workspace, s: &Server, lang: Lang, map: Option<&Map>) {
    let Some(rel) = map.and_then(|m| m.db().first_file_of(lang.prefix()).ok().flatten()) else {
        return;
    };
    let Ok(c) = crate::paths::contain(&ws.root, &rel) else {
        return;
    };
    if let Ok(bytes) = std::fs::read(&c.abs) {
        let _ = s.sync(&c, &String::from_utf8_lossy(&bytes));
    }
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
        Some(m) => m
            .db()
            .languages()?
            .iter()
            .filter_map(|l| Lang::from_prefix(l))
            .collect(),
        None => Lang::ALL.to_vec(),
    };
    let mut hits: Vec<Anchor> = Vec::new();
    let mut from_server = false;
    let mut outside = 0usize;
    for lang in langs {
        let Some(s) = server_for(ws, lang, Capability::WorkspaceSymbol, &mut w) else {
            continue;
        };
        s.wait_ready(slow(ws));
        if lang.spec().server.symbols_need_open_file && s.open_files().is_empty() {
            open_any_file(ws, &s, lang, a.map.as_deref().map(|l| &**l));
        }
        let params = WorkspaceSymbolParams {
            query: query.clone(),
            ..Default::default()
        };
        match s.request::<WorkspaceSymbolRequest>(params, slow(ws)) {
            Ok(v) => {
                from_server = true;
                for found in lsp::workspace_symbols(v) {
                    let Some(mut anchor) = (match found.range {
                        Some(range) => a.lsp_anchor(
                            &lsp_types::Location {
                                uri: found.uri.clone(),
                                range,
                            },
                            s.encoding(),
                        ),
                        None => lsp::uri_to_path(found.uri.as_str())
                            .map(|p| a.at(&p, Pos { line: 1, col: 1 }, 1)),
                    }) else {
                        continue;
                    };
                    if anchor.external {
                        outside += 1;
                        continue;
                    }
                    anchor.name = Some(json!(found.name));
                    anchor.container = Some(json!(found.container));
                    anchor.lang = Some(lang.prefix());
                    hits.push(anchor);
                }
            }
            Err(e) => failed(&mut w, e, "without that server"),
        }
    }
    if outside > 0 {
        w.push(format!(
            "{outside} symbols outside the workspace (dependencies, the standard library) left out"
        ));
    }
    if !from_server {
        let map = need_map(&a)?;
        // One state of the map for every lookup of this answer.
        let _read = map.snapshot()?;
        w.push("answered by map_search".into());
        let found = map.search_hits(&SearchParams {
            query: query.clone(),
            limit: Some(limit),
            ..Default::default()
        })?;
        let anchors: Vec<Anchor> = found
            .hits
            .into_iter()
            .filter_map(|(h, _)| {
                let (file, r) = (h.file.as_deref()?, h.range?);
                let pos = Pos {
                    line: r.name_line,
                    col: r.name_col,
                };
                let mut v = a.at_rel(file, pos, r.end_line);
                v.node_id = Some(h.node_id);
                v.name = Some(json!(h.name));
                v.kind = Some(json!(h.kind));
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
            (Layout::Flat, ws.shape()),
        ));
    }
    // Exact names first, then case-insensitive exact, prefix, the rest; then by path.
    let q = query.to_lowercase();
    let rank = |v: &Anchor| {
        let n = v.name.as_ref().and_then(Value::as_str).unwrap_or("");
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
        rank(x)
            .cmp(&rank(y))
            .then_with(|| (&x.file, x.line).cmp(&(&y.file, y.line)))
    });
    hits.dedup_by(|x, y| x.file == y.file && x.line == y.line && x.col == y.col);
    let more = hits.len() > limit as usize;
    hits.truncate(limit as usize);
    Ok(listing(
        "symbols",
        hits,
        json!({"source": "lsp", "query": query, "more": more}),
        p.token_budget,
        "a longer query or a smaller limit",
        w,
        (Layout::Flat, ws.shape()),
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
    let answer = |items: Vec<Anchor>, head: Value, w: Vec<String>| {
        listing(
            "calls",
            items,
            head,
            p.token_budget,
            narrow,
            w,
            (Layout::Flat, ws.shape()),
        )
    };
    let dir = if incoming { "incoming" } else { "outgoing" };
    if let Some(s) = server_for(ws, t.lang, Capability::CallHierarchy, &mut w) {
        match lsp_calls(&s, &t, incoming, depth, &mut a, slow(ws)) {
            Ok((root, mut items)) => {
                server_state(&s, &mut w);
                let mut head = json!({"source": "lsp", "direction": dir, "symbol": root});
                if !ws.detail {
                    head["symbol"] = indexer::shape::flat_anchor(&head["symbol"]);
                }
                if incoming {
                    add_map_callers(&t, &mut a, &mut items, &mut head, &mut w)?;
                } else {
                    set_outside_apart(&mut items, &mut head, &mut w);
                }
                return Ok(answer(items, head, w));
            }
            Err(e) => failed(&mut w, e, "from references and the map"),
        }
    }
    let map = need_map(&a)?;
    // One state of the map for every lookup of this answer.
    let _read = map.snapshot()?;
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
            let sites = if incoming {
                map.db().edges_into(&cur.node_id, &["calls"])?
            } else {
                map.db().calls_out_of(&cur.node_id)?
            };
            let mut by_node: BTreeMap<String, Vec<u32>> = BTreeMap::new();
            for e in sites {
                by_node.entry(e.other).or_default().push(e.line);
            }
            for (node, lines) in by_node {
                let Some(s) = map.db().symbol(&node)? else {
                    continue;
                };
                let mut v = sym_anchor(&mut a, &s);
                v.name = Some(json!(s.name));
                v.kind = Some(json!(s.kind));
                v.depth = Some(dep);
                v.via = Some(json!(cur.node_id));
                v.call_lines = Some(lines.into_iter().map(u64::from).collect());
                items.push(v);
                if seen.insert(node) {
                    next.push(s);
                }
            }
        }
        level = next;
    }
    let mut head = json!({"source": source, "direction": dir, "symbol": d.node_id});
    if incoming {
        let mut anchors: Vec<Anchor> = items.clone();
        anchors.push(sym_anchor(&mut a, &d));
        unread_note(&map, &anchors, None, &mut w)?;
    } else {
        let within = d.node_id.split_once('#').map(|(_, q)| q);
        unread_note(
            &map,
            &[sym_anchor(&mut a, &d)],
            Some(within.unwrap_or("")),
            &mut w,
        )?;
    }
    if incoming && callable(&d.kind, d.signature.as_deref()) {
        let untyped = map.db().untyped_calls_named(&d.name)?;
        offer_candidates(&mut head, &untyped, &d.name, true, &mut w);
    }
    Ok(answer(items, head, w))
}

/// Callees outside the workspace (builtins, the standard library's stubs, dependencies) are
/// not what an agent follows, and they pushed the workspace's callees past the budget: left
/// out of the list, counted and named once under `outside`, with a warning.
fn set_outside_apart(items: &mut Vec<Anchor>, head: &mut Value, w: &mut Vec<String>) {
    let (outside, inside): (Vec<Anchor>, Vec<Anchor>) =
        std::mem::take(items).into_iter().partition(|x| x.external);
    *items = inside;
    if outside.is_empty() {
        return;
    }
    let mut names: Vec<String> = outside
        .iter()
        .filter_map(|x| x.name.as_ref().and_then(Value::as_str).map(str::to_string))
        .collect();
    names.sort();
    names.dedup();
    let more = names.len() > 30;
    names.truncate(30);
    head["outside"] = json!({"count": outside.len(), "names": names, "more": more});
    w.push(format!(
        "{} callees outside the workspace (builtins, standard-library stubs, dependencies) left out of the list; `outside` names them",
        outside.len()
    ));
}

/// Direct callers the map knows and the server did not list, added and labelled (each item
/// then says `source: lsp|map`); when the server lists none, the map's untyped calls of the
/// name as `candidates`. Without a map, the server's answer stands alone.
fn add_map_callers(
    t: &Target,
    a: &mut Anchors<'_>,
    items: &mut Vec<Anchor>,
    head: &mut Value,
    w: &mut Vec<String>,
) -> Result<(), ToolError> {
    let Ok(map) = need_map(a) else {
        return Ok(());
    };
    let _read = map.snapshot()?;
    let (defs, _) = map_definitions(&map, t)?;
    let Some(d) = defs
        .iter()
        .find(|d| callable(&d.kind, d.signature.as_deref()))
    else {
        return Ok(());
    };
    let listed: HashSet<String> = items
        .iter()
        .filter(|x| x.depth == Some(1))
        .filter_map(|x| x.node_id.clone())
        .collect();
    // The call sites the server listed, whoever it said holds them (tsc names a whole file
    // where the map names the function inside it): a map edge there is no new caller.
    let sites: HashSet<(String, u64)> = items
        .iter()
        .filter(|x| x.depth == Some(1))
        .flat_map(|x| {
            x.call_lines
                .iter()
                .flatten()
                .map(|l| (x.file.clone(), *l))
                .collect::<Vec<_>>()
        })
        .collect();
    let mut by_node: BTreeMap<String, Vec<u32>> = BTreeMap::new();
    for e in map.db().edges_into(&d.node_id, &["calls"])? {
        if !listed.contains(&e.other) && !sites.contains(&(e.file.clone(), u64::from(e.line))) {
            by_node.entry(e.other).or_default().push(e.line);
        }
    }
    let mut extra = Vec::new();
    for (node, lines) in by_node {
        let Some(s) = map.db().symbol(&node)? else {
            continue;
        };
        let mut v = sym_anchor(a, &s);
        v.name = Some(json!(s.name));
        v.kind = Some(json!(s.kind));
        v.depth = Some(1);
        v.via = Some(json!(d.node_id));
        v.call_lines = Some(lines.into_iter().map(u64::from).collect());
        v.source = Some("map");
        extra.push(v);
    }
    if !extra.is_empty() {
        w.push(format!(
            "{} callers from the map's call edges that the server did not list are added (source: map)",
            extra.len()
        ));
        for x in items.iter_mut() {
            x.source = Some("lsp");
        }
        items.extend(extra);
    }
    let untyped = map.db().untyped_calls_named(&d.name)?;
    offer_candidates(head, &untyped, &d.name, items.is_empty(), w);
    Ok(())
}

fn lsp_calls(
    s: &Server,
    t: &Target,
    incoming: bool,
    depth: u32,
    a: &mut Anchors<'_>,
    timeout: Duration,
) -> Result<(Option<Anchor>, Vec<Anchor>), ToolError> {
    let prepare = |at| CallHierarchyPrepareParams {
        text_document_position_params: at,
        work_done_progress_params: Default::default(),
    };
    let prepared = s.at_retrying::<CallHierarchyPrepare>(&t.c, &t.text, t.pos, prepare, None)?;
    let Some(root) = prepared.into_iter().flatten().next() else {
        return Err(ToolError::new(
            ErrorCode::SymbolNotFound,
            format!(
                "no function or method at {}:{}:{}",
                t.c.rel, t.pos.line, t.pos.col
            ),
        )
        .hint("point at a function's or method's name"));
    };
    let item_anchor =
        |a: &mut Anchors<'_>, item: &lsp_types::CallHierarchyItem| -> Option<Anchor> {
            let at = lsp_types::Location {
                uri: item.uri.clone(),
                range: item.selection_range,
            };
            let mut v = a.lsp_anchor(&at, s.encoding())?;
            v.end_line = item.range.end.line + 1;
            v.name = Some(json!(item.name));
            Some(v)
        };
    let root_anchor = item_anchor(a, &root);
    let mut items = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    let root_node = json!(root_anchor.as_ref().and_then(|r| r.node_id.clone()));
    let mut level = vec![(root, root_node)];
    for dep in 1..=depth {
        let mut next = Vec::new();
        for (item, via) in &level {
            for (other, ranges) in s.calls(item.clone(), incoming, timeout)? {
                let Some(mut anchor) = item_anchor(a, &other) else {
                    continue;
                };
                // The lines of the calls, each once (a server may give two ranges on one).
                let mut lines: Vec<u64> =
                    ranges.iter().map(|r| u64::from(r.start.line) + 1).collect();
                lines.sort_unstable();
                lines.dedup();
                anchor.depth = Some(dep);
                anchor.via = Some(via.clone());
                anchor.call_lines = Some(lines);
                let k = format!("{}:{}:{}", anchor.file, anchor.line, anchor.col);
                let node = json!(anchor.node_id);
                let external = anchor.external;
                items.push(anchor);
                if seen.insert(k) && !external {
                    next.push((other, node));
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
    if !s.supports(Capability::Rename) {
        return Err(ToolError::new(
            ErrorCode::LspUnavailable,
            format!("{} offers no rename", s.command[0]),
        ));
    }
    s.wait_ready(slow(ws));
    let rename = |at| lsp_types::RenameParams {
        text_document_position: at,
        new_name: new_name.to_string(),
        work_done_progress_params: Default::default(),
    };
    let edit = match s.at::<Rename>(&t.c, &t.text, t.pos, rename, Some(slow(ws))) {
        Ok(edit) => edit,
        Err(LspError::BadReply { .. }) => {
            return Err(ToolError::new(
                ErrorCode::LspFailed,
                format!("{} answered a rename this cannot read", s.command[0]),
            ))
        }
        Err(e) => return Err(e.into()),
    };
    let Some(edit) = edit else {
        return Err(ToolError::new(
            ErrorCode::SymbolNotFound,
            format!(
                "nothing to rename at {}:{}:{}",
                t.c.rel, t.pos.line, t.pos.col
            ),
        )
        .hint("point at a name the server knows, e.g. locate \"file:Cls.m\""));
    };
    let (per_file, file_ops) = lsp::rename_edits(edit);
    let mut outside = Vec::new();
    let mut files = Vec::new();
    let mut diffs = Vec::new();
    let mut edits_total = 0;
    // (file, line) of every edit: what the map's uses are checked against.
    let mut edited: HashSet<(String, u32)> = HashSet::new();
    let filter = file_filter(ws, &p.file_filter)?;
    for (uri, edits) in &per_file {
        let Some(abs) = lsp::uri_to_path(uri) else {
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
        edits_total += edits.len();
        edited.extend(edits.iter().map(|e| (rel.clone(), e.range.start.line + 1)));
        // Every file is listed with its edits; its diff only when the filter keeps it.
        files.push(json!({"file": rel, "edits": edits.len()}));
        if filter.as_ref().is_some_and(|g| !g.is_match(&rel)) {
            continue;
        }
        let old = read_source(
            ws,
            &Contained {
                rel: rel.clone(),
                abs: abs.clone(),
            },
            &rel,
        )?;
        let new = lsp::apply_edits(&old, edits, s.encoding());
        let diff = similar::TextDiff::from_lines(&*old, new.as_str())
            .unified_diff()
            .context_radius(3)
            .header(&format!("a/{rel}"), &format!("b/{rel}"))
            .to_string();
        diffs.push(json!({"file": rel, "diff": diff}));
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
    server_state(&s, &mut w);
    let (uses, missed) = rename_gaps(ws, &t, &edited);
    // The first places of a gap, `file:line, …`.
    let places = |at: &mut dyn Iterator<Item = (&str, u32)>| {
        at.take(3)
            .map(|(f, l)| format!("{f}:{l}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !uses.is_empty() {
        w.push(format!(
            "this rename may be incomplete: {} line(s) where the map resolved a use of this symbol are not in it ({}): code the server does not compile (an inactive #[cfg], a build tag) or cannot see; check them",
            uses.len(),
            places(&mut uses.iter().map(|(f, l)| (f.as_str(), *l)))
        ));
    }
    if !missed.is_empty() {
        w.push(format!(
            "this rename may be incomplete: {} call site(s) of `.{}(` on values whose type the map does not know are not in it ({}); they may call this symbol: check them (nav_references lists them as candidates)",
            missed.len(),
            missed[0].written.rsplit(['.', ':']).next().unwrap_or(&missed[0].written),
            places(&mut missed.iter().map(|c| (c.file.as_str(), c.line)))
        ));
    }
    let offset = p.offset.unwrap_or(0) as usize;
    let shown_total = diffs.len();
    let diffs: Vec<Value> = diffs.into_iter().skip(offset).collect();
    let mut head = json!({"source": "lsp", "newName": new_name, "summary": summary,
                          "files": files, "written": false});
    if !file_ops.is_empty() || ws.detail {
        head["fileOperations"] = json!(file_ops);
    }
    if offset > 0 {
        head["offset"] = json!(offset);
    }
    let next = offset + diffs.len();
    if ws.unbounded {
        // The CLI writing the whole patch (`--output`): every diff at once.
        head["total"] = json!(diffs.len());
        head["diffs"] = json!(diffs);
        head["diffsTotal"] = json!(shown_total);
        return Ok(Answer {
            data: head,
            dropped: None,
            warnings: w,
        });
    }
    let mut ans = listing(
        "diffs",
        diffs,
        head,
        p.token_budget,
        &format!(
            "page on with offset (the next files' diffs), or pick files with fileFilter; {shown_total} diffs in all"
        ),
        w,
        (Layout::AsIs, ws.shape()),
    );
    if let Some(d) = &mut ans.dropped {
        let kept = next - d.count;
        d.note = if kept <= offset {
            // Not one diff fits: say which needs what, not an empty range.
            format!(
                "{}; or write the whole patch with `codemap rename … --output FILE`",
                d.note
            )
        } else {
            format!("diffs of files {}..{} of {shown_total} shown; offset {kept} pages on, fileFilter picks files", offset + 1, kept)
        };
    }
    ans.data["diffsTotal"] = json!(shown_total);
    Ok(ans)
}

/// The map's symbols whose files are gone from disk since the map was built: said, never
/// answered as if they were there.
fn gone_from_disk(ws: &Workspace, syms: &[MapSymbol], w: &mut Vec<String>) {
    let mut gone: Vec<&str> = syms
        .iter()
        .map(|s| s.file.as_str())
        .filter(|f| !ws.root.join(f).exists())
        .collect();
    gone.dedup();
    if !gone.is_empty() {
        w.push(format!(
            "FILE_DELETED: {} no longer exist(s) on disk; the map still holds what was indexed there: `codemap index` (or map_rebuild) refreshes it",
            gone.join(", ")
        ));
    }
}

/// What a server's rename may not reach, on lines it does not touch: uses the map resolved to
/// the symbol (code the server does not compile: an inactive `#[cfg]`, a Go build tag), and
/// calls of its name the map could not link to one definition. Without a map, nothing.
fn rename_gaps(
    ws: &Workspace,
    t: &Target,
    edited: &HashSet<(String, u32)>,
) -> (Vec<(String, u32)>, Vec<UntypedCall>) {
    let none = || (Vec::new(), Vec::new());
    let Ok(map) = ws.map() else { return none() };
    let Ok(_read) = map.snapshot() else {
        return none();
    };
    let Ok((defs, _)) = map_definitions(&map, t) else {
        return none();
    };
    let mut uses: Vec<(String, u32)> = Vec::new();
    for d in &defs {
        let into = map
            .db()
            .edges_into(&d.node_id, USE_KINDS)
            .unwrap_or_default();
        uses.extend(
            into.into_iter()
                .map(|e| (e.file, e.line))
                .filter(|u| !edited.contains(u)),
        );
    }
    uses.sort();
    uses.dedup();
    let Some(d) = defs
        .iter()
        .find(|d| callable(&d.kind, d.signature.as_deref()))
    else {
        return (uses, Vec::new());
    };
    let mut calls = map.db().untyped_calls_named(&d.name).unwrap_or_default();
    calls.retain(|c| !edited.contains(&(c.file.clone(), c.line)));
    (uses, calls)
}

/// `locate`: a locate string → the position, its range, the line, and the symbol around it.
pub fn locate_tool(ws: &Workspace, s: &str) -> Result<Answer, ToolError> {
    let loc = locate::parse(s)?;
    let c = contain(&ws.root, &loc.file)?;
    let lang = lang_of(&c, &loc.file)?;
    let text = read_source(ws, &c, &loc.file)?;
    let (outline, _) = ws.parsed_outline(&c, lang, &loc.file)?;
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
                     "snippet": anchor.snippet, "nodeId": anchor.node_id, "enclosing": enclosing}),
        dropped: None,
        warnings: w,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_filters() {
        let root = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir_all(root.path().join("src/sub")).expect("mkdir");
        std::fs::write(root.path().join("gin.go"), "").expect("write");
        std::fs::write(root.path().join("src/sub/a{b}.go"), "").expect("write");
        let root = root.path().canonicalize().expect("canon");
        let abs = root.join("gin.go").display().to_string();
        // (filter, file, kept)
        for (f, file, kept) in [
            ("gin.go", "gin.go", true),
            ("./gin.go", "gin.go", true),
            (abs.as_str(), "gin.go", true),
            ("gin.go", "gin.go.bak", false),
            ("gin.go", "sub/gin.go", false),
            ("src", "src/sub/x.go", true),
            ("src/", "src/sub/x.go", true),
            ("src", "srcx/y.go", false),
            ("src/sub/a{b}.go", "src/sub/a{b}.go", true),
            ("gin*.go", "gin.go", true),
            ("src/**/*.go", "src/sub/x.go", true),
            ("*.go", "src/sub/x.go", true),
        ] {
            let g = FileFilter::parse(f, &root).expect(f);
            assert_eq!(g.is_match(file), kept, "{f} on {file}");
        }
        for f in ["nothing.go", "/etc/passwd"] {
            assert!(FileFilter::parse(f, &root).is_err(), "{f} refused");
        }
    }

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
}
