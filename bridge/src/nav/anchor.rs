//! Anchors: the places a nav answer lists (file, line, character column, end line, snippet,
//! the map's node there, and what a tool adds), built by [`Anchors`], which reads each file once
//! and holds the answer's read handle on the map; their order and deduplication.

use crate::lsp::{self, Encoding};
use crate::workspace::{MapLease, Workspace};
use answer::envelope::ToolError;
use answer::query::Map;
use answer::shape::Shape;
use indexer::model::Pos;
use indexer::store::{MapSymbol, Snapshot};
use indexer::syntax::line_at;
use serde::Serialize;
use serde_json::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The most of a line an anchor shows: in the detail shape, and in the compact one (a window
/// around the spot).
const SNIPPET_CHARS: usize = 160;
const COMPACT_SNIPPET_CHARS: usize = 100;

/// One place a nav tool answers with (SPEC: file, line, character column, end line, the
/// line's text, the map's node there; `external` outside the workspace), and what the tool
/// says about it. Serialized only when the answer is made.
#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Anchor {
    pub(super) file: String,
    pub(super) line: u32,
    pub(super) col: u32,
    pub(super) end_line: u32,
    pub(super) snippet: Option<String>,
    pub(super) node_id: Option<String>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(super) external: bool,
    /// Map references: the edge's kind and source.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) edge: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) from: Option<String>,
    /// Symbols and calls: the name, kind and container as the server or the map gave them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) name: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) kind: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) container: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) lang: Option<&'static str>,
    /// Calls: the level, the caller or callee it was reached from, the lines of the calls.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) depth: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) via: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) call_lines: Option<Vec<u64>>,
    /// In an answer that joins the server's and the map's: which one found this.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) source: Option<&'static str>,
    /// Inside an installed dependency: the library and its version (`nodeId` then the
    /// library's, `lib:NAME@VERSION/<id>`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) lib: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) lib_version: Option<String>,
}

/// Whether `line` writes `name` as a whole word at the 1-based character column `col`.
fn word_at_col(line: &str, name: &str, col: u32) -> bool {
    let Some(i) = line
        .char_indices()
        .nth((col as usize).saturating_sub(1))
        .map(|(i, _)| i)
    else {
        return false;
    };
    let word = indexer::syntax::is_word_char;
    !name.is_empty()
        && line[i..].starts_with(name)
        && !line[..i].chars().next_back().is_some_and(word)
        && !line[i + name.len()..].chars().next().is_some_and(word)
}

/// Builds anchors, reading each file once and naming the map's node at each spot. Its read
/// handle on the map is the answer's one lease (taken by the tool, which holds its snapshot
/// for the whole answer): the target's lookup and the map fallbacks
/// ([`need_map`](super::fallback::need_map)) read through it too.
pub(super) struct Anchors<'a> {
    pub(super) ws: &'a Workspace,
    /// The map, or why there is none (for a fallback that needs one).
    map: Result<&'a Map, ToolError>,
    texts: HashMap<PathBuf, Option<Arc<str>>>,
    /// Workspace files that changed on disk since the map indexed them (the map's positions
    /// in them are off), by path, as first looked at in this answer.
    changed: HashMap<String, bool>,
    /// What placing the server's locations found to say (a library's sources unpacked, a
    /// place left out), for the answer's warnings ([`Anchors::take_notes`]).
    notes: Vec<String>,
    /// The workspace's dependencies, found at the first place that needs them and kept for
    /// the answer (each finding reads every build file).
    placer: Option<crate::libs::Placer>,
    /// The map's symbols shown from files changed since indexing.
    moved: Moved,
}

/// The answer's one lease on the map ([`Workspace::map`]), and its snapshot: until the guard
/// drops, every read of the answer sees one state of the map.
pub(super) fn read_once(
    lease: &Result<MapLease, ToolError>,
) -> Result<Option<Snapshot<'_>>, ToolError> {
    lease.as_ref().ok().map(|m| m.snapshot()).transpose()
}

impl<'a> Anchors<'a> {
    pub(super) fn new(
        ws: &'a Workspace,
        lease: &'a Result<MapLease, ToolError>,
        warnings: &mut Vec<String>,
    ) -> Anchors<'a> {
        let map = match lease {
            Ok(m) => Ok(&**m),
            Err(e) => {
                warnings.push(format!(
                    "{}: anchors carry no nodeId ({})",
                    e.message,
                    e.hint.clone().unwrap_or_default()
                ));
                Err(e.clone())
            }
        };
        Anchors {
            ws,
            map,
            texts: HashMap::new(),
            changed: HashMap::new(),
            notes: Vec::new(),
            placer: None,
            moved: Moved::default(),
        }
    }

    /// The answer's one [`crate::libs::Placer`].
    fn placer(&mut self) -> &mut crate::libs::Placer {
        let ws = self.ws;
        self.placer
            .get_or_insert_with(|| crate::libs::Placer::new(ws))
    }

    /// The file on disk of a server's place inside a dependency's archive (JDT LS's
    /// `jdt://contents/…`), unpacked when it is not yet (said in the notes).
    pub(super) fn archived(&mut self, uri: &str) -> Result<PathBuf, String> {
        // The two fields borrowed apart: the placer, and the notes it adds to.
        let ws = self.ws;
        let placer = self
            .placer
            .get_or_insert_with(|| crate::libs::Placer::new(ws));
        placer.archived(uri, &mut self.notes)
    }

    /// Locations inside an installed dependency (outside the workspace, or in its ignored
    /// environment folders, so with no node of the workspace's map): tagged with the library
    /// and its version, and the library node ID of the symbol there when that library's map
    /// exists; else one hint per library naming the command that indexes it.
    pub(super) fn in_libraries(&mut self, found: &mut [Anchor], w: &mut Vec<String>) {
        // (hint, library@version) of each library without a map, once each.
        let mut unindexed: Vec<(String, String)> = Vec::new();
        for x in found
            .iter_mut()
            .filter(|x| x.external || x.node_id.is_none())
        {
            let abs = if x.external {
                PathBuf::from(&x.file)
            } else {
                self.ws.root.join(&x.file)
            };
            let pos = Pos {
                line: x.line,
                col: x.col,
            };
            let Some(place) = self.placer().place(&abs, pos) else {
                continue;
            };
            if let Some(h) = place.hint {
                if !unindexed.iter().any(|(k, _)| *k == h) {
                    unindexed.push((h, format!("{}@{}", place.name, place.version)));
                }
            }
            x.node_id = place.node_id;
            x.lib = Some(place.name);
            x.lib_version = Some(place.version);
        }
        // A few said one by one; many in one line (toml_edit's `impls Display`: 48 lines).
        if unindexed.len() <= 3 {
            for (h, _) in unindexed {
                if !w.contains(&h) {
                    w.push(h);
                }
            }
        } else {
            let names: Vec<&str> = unindexed.iter().map(|(_, n)| n.as_str()).collect();
            w.push(format!(
                "{} libraries here have no map yet, so their places carry no node IDs ({}{}): `codemap deps --index NAME` (map_deps index) indexes one",
                names.len(),
                names[..5].join(", "),
                if names.len() > 5 { ", …" } else { "" }
            ));
        }
    }

    /// What placing the server's locations found to say since last asked.
    pub(super) fn take_notes(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notes)
    }

    /// The answer's map, when there is one.
    pub(super) fn map(&self) -> Option<&'a Map> {
        self.map.as_ref().ok().copied()
    }

    /// The answer's map, or the error that says why there is none.
    pub(super) fn need_map(&self) -> Result<&'a Map, ToolError> {
        self.map.clone()
    }

    fn text(&mut self, abs: &Path) -> Option<&str> {
        let ws = self.ws;
        self.texts
            .entry(abs.to_path_buf())
            .or_insert_with(|| ws.text(abs).ok().flatten())
            .as_deref()
    }

    /// Seed the text of a file already read (the target's).
    pub(super) fn known(mut self, abs: &Path, text: &Arc<str>) -> Self {
        self.texts.insert(abs.to_path_buf(), Some(text.clone()));
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
                return Some(linked_package_file(root, abs, r));
            }
        }
        let abs = abs.canonicalize().unwrap_or_else(|_| abs.to_path_buf());
        abs.strip_prefix(root)
            .ok()
            .map(|r| r.to_string_lossy().replace('\\', "/"))
    }

    /// An LSP `{uri, range}`, converted by the LSP layer into SPEC's units.
    pub(super) fn lsp_anchor(
        &mut self,
        loc: &lsp_types::Location,
        enc: Encoding,
    ) -> Option<Anchor> {
        // A place in a library's archive (JDT LS's `jdt://` in a jar): that file of its
        // sources, unpacked; a place that cannot be found so is left out, said.
        let placed;
        let loc = if loc.uri.scheme().is_some_and(|s| s.as_str() != "file") {
            match self.archived(loc.uri.as_str()) {
                Ok(p) => {
                    placed = lsp_types::Location {
                        uri: lsp::path_to_uri(&p).parse().ok()?,
                        range: loc.range,
                    };
                    &placed
                }
                Err(why) => {
                    let note = format!("left out: a place the server gave in {why}");
                    if !self.notes.contains(&note) {
                        self.notes.push(note);
                    }
                    return None;
                }
            }
        } else {
            loc
        };
        let spot = lsp::spot(loc, enc, |abs, line| {
            self.text(abs).map(|t| line_at(t, line).to_string())
        })?;
        let pos = self.past_doc(&spot.abs, spot.pos, spot.end_line);
        Some(self.at(&spot.abs, pos, spot.end_line))
    }

    /// A declaration's range that starts with its doc comment (intelephense's, from `/**`):
    /// the first line of the range after the comment, where the declaration is. The node
    /// there is the method's; at `/**` it was the class around it.
    fn past_doc(&mut self, abs: &Path, pos: Pos, end_line: u32) -> Pos {
        let Some(rules) = indexer::Lang::of_path(abs).map(|l| &l.spec().text) else {
            return pos;
        };
        let Some(text) = self.text(abs) else {
            return pos;
        };
        if end_line <= pos.line || !rules.is_comment_line(line_at(text, pos.line).trim()) {
            return pos;
        }
        // To the range's last line: a declaration without a body (an interface's method)
        // is on it.
        (pos.line + 1..=end_line)
            .find_map(|l| {
                let t = line_at(text, l);
                let lead = t.len() - t.trim_start().len();
                let code = t.trim();
                let in_comment = code.is_empty() || rules.is_comment_line(code);
                (!in_comment).then(|| Pos {
                    line: l,
                    col: t[..lead].chars().count() as u32 + 1,
                })
            })
            .unwrap_or(pos)
    }

    /// Why the server's place `x` cannot be where a name is declared (past the file's end, on
    /// a blank or comment line, inside a word), read from the file now; `None` when it can
    /// be, or the file is unread.
    pub(super) fn misplaced(&mut self, x: &Anchor) -> Option<&'static str> {
        let abs = self.abs_of(x);
        let rules = indexer::Lang::of_path(&abs).map(|l| &l.spec().text);
        let text = self.text(&abs)?;
        if let Some(why) = misplaced(text, x.line, x.col) {
            return Some(why);
        }
        let code = line_at(text, x.line).trim();
        rules
            .is_some_and(|r| r.is_comment_line(code))
            .then_some("on a comment line")
    }

    /// [`misplaced`] at the place `x` (no comment-line check: a reference may be in a doc
    /// comment), read from the file now.
    pub(super) fn misplaced_structurally(&mut self, x: &Anchor) -> Option<&'static str> {
        let abs = self.abs_of(x);
        misplaced(self.text(&abs)?, x.line, x.col)
    }

    /// The text of the workspace file `rel` from (line, col) on, `lines` lines at most, read
    /// from the file now.
    pub(super) fn text_from(&mut self, rel: &str, pos: Pos, lines: usize) -> Option<String> {
        let abs = self.ws.root.join(rel);
        let text = self.text(&abs)?;
        let mut out = String::new();
        for (i, l) in text
            .split('\n')
            .skip(pos.line.checked_sub(1)? as usize)
            .take(lines)
            .enumerate()
        {
            if i == 0 {
                out.extend(l.chars().skip(pos.col.saturating_sub(1) as usize));
            } else {
                out.push('\n');
                out.push_str(l);
            }
        }
        Some(out)
    }

    /// The line of the place `x`, read from the file now.
    pub(super) fn line_of(&mut self, x: &Anchor) -> Option<&str> {
        let abs = self.abs_of(x);
        Some(line_at(self.text(&abs)?, x.line))
    }

    /// What [`sym_anchor`] did with the map's symbols in files changed since indexing, as a
    /// warning (once: the count is taken).
    pub(super) fn moved_note(&mut self) -> Option<String> {
        let m = std::mem::take(&mut self.moved);
        if m.files.is_empty() {
            return None;
        }
        let shown: Vec<&str> = m.files.iter().map(String::as_str).take(3).collect();
        let gone = if m.gone.is_empty() {
            String::new()
        } else {
            let ids: Vec<&str> = m.gone.iter().map(String::as_str).take(3).collect();
            format!(
                ", {} no longer there (renamed or removed since: {}{})",
                m.gone.len(),
                ids.join(", "),
                if m.gone.len() > ids.len() {
                    ", …"
                } else {
                    ""
                }
            )
        };
        Some(format!(
            "{} of the map's symbols are in {} file{} changed since the last index run ({}{}): {} placed where a parse of the file or its name now puts them, {} not found there and shown at the line the map has{gone} (`codemap index` refreshes the map)",
            m.placed + m.unplaced + m.gone.len(),
            m.files.len(),
            if m.files.len() == 1 { "" } else { "s" },
            shown.join(", "),
            if m.files.len() > shown.len() { ", …" } else { "" },
            m.placed,
            m.unplaced
        ))
    }

    /// A map place `x` in a file changed since indexing, placed again where `name` is
    /// written now: on its old line or the nearest line within 40 of it that writes `name` as
    /// a word at the same column (lines added or removed above it move it whole); `None` when
    /// none does (the use is gone, or its line was edited: a common name such as `new` found
    /// elsewhere on a line is no evidence).
    /// `taken`: lines already given to another place of this file (two old places may not
    /// land on one).
    pub(super) fn placed_again(
        &mut self,
        x: &Anchor,
        name: &str,
        taken: &std::collections::HashSet<(String, u32, u32)>,
    ) -> Option<Anchor> {
        // The symbol the place sits in, as the map has it and as a parse of the file has it
        // now: the place moves with it, and stays inside it (express: a method with a call
        // of the same name inserted above `sendStatus` took its call, 9 lines further).
        let within = self.moved_with_enclosing(x);
        let abs = self.abs_of(x);
        let text = self.text(&abs)?;
        let lines: Vec<&str> = text.split('\n').collect();
        let col = x.col;
        let (origin, span) = match within {
            Some((line, span)) => (line, Some(span)),
            None => (x.line, None),
        };
        let at = |line: u32| -> Option<u32> {
            if span.is_some_and(|(a, b)| line < a || line > b) {
                return None;
            }
            let l = lines.get((line as usize).checked_sub(1)?)?;
            (word_at_col(l, name, col) && !taken.contains(&(x.file.clone(), line, col)))
                .then_some(col)
        };
        let found = (0..=40u32).find_map(|d| {
            let below = at(origin + d).map(|c| (origin + d, c));
            let above = (d > 0 && origin > d)
                .then(|| at(origin - d).map(|c| (origin - d, c)))
                .flatten();
            above.or(below)
        });
        let (line, col) = found?;
        let mut y = self.at(&abs, Pos { line, col }, line);
        y.edge = x.edge.clone();
        y.from = x.from.clone();
        y.source = x.source;
        y.name = x.name.clone();
        y.kind = x.kind.clone();
        Some(y)
    }

    /// The map's calls of `name` whose receiver's type it does not know (candidates), those
    /// in files changed since indexing placed again as the map's references are
    /// ([`Anchors::placed_again`]), those no longer found there left out (express: `self.send`
    /// offered at line 916 after 5 lines were added above it, at 921); those left out are
    /// counted in `w`.
    pub(super) fn calls_again(
        &mut self,
        calls: Vec<indexer::store::UntypedCall>,
        name: &str,
        w: &mut Vec<String>,
    ) -> Vec<indexer::store::UntypedCall> {
        let mut taken = std::collections::HashSet::new();
        let mut out = Vec::with_capacity(calls.len());
        let mut gone = 0;
        for mut c in calls {
            if !self.changed(&c.file) {
                out.push(c);
                continue;
            }
            let x = Anchor {
                file: c.file.clone(),
                line: c.line,
                col: c.col,
                from: Some(c.source.clone()),
                ..Anchor::default()
            };
            if let Some(y) = self.placed_again(&x, name, &taken) {
                taken.insert((y.file.clone(), y.line, y.col));
                c.line = y.line;
                c.col = y.col;
                out.push(c);
            } else {
                gone += 1;
            }
        }
        if gone > 0 {
            w.push(format!(
                "{gone} of the map's untyped calls of `{name}` are in files changed since the last index run and no longer found near their old lines: not offered as candidates (`codemap index` refreshes the map)"
            ));
        }
        out
    }

    /// Where the place `x` of a file changed since indexing is expected now, moved as the
    /// symbol it sits in (`x.from`) moved, and that symbol's lines now: from the map's line of
    /// the symbol and a parse of the file now. `None` when the place has no symbol around
    /// it in the map or the parse no longer has it.
    fn moved_with_enclosing(&mut self, x: &Anchor) -> Option<(u32, (u32, u32))> {
        let from = x.from.as_deref()?;
        let (_, qualname) = from.split_once('#')?;
        let map = self.map.as_ref().ok().copied()?;
        let old = map.db().symbol(from).ok().flatten()?;
        if old.file != x.file || x.line < old.name_line || x.line > old.end_line {
            return None;
        }
        let now = self.live_symbol(&x.file, qualname).ok().flatten()?;
        let shifted =
            i64::from(x.line) + i64::from(now.name_span.start.line) - i64::from(old.name_line);
        let line = u32::try_from(shifted).ok()?;
        Some((line, (now.span.start.line, now.span.end.line)))
    }

    /// The identifier that starts at the place `x`, read from the file now.
    pub(super) fn name_at(&mut self, x: &Anchor) -> Option<String> {
        let abs = self.abs_of(x);
        let line = line_at(self.text(&abs)?, x.line);
        let name = indexer::syntax::word_from(line, x.col).to_string();
        (!name.is_empty()).then_some(name)
    }

    fn abs_of(&self, x: &Anchor) -> PathBuf {
        if x.external {
            PathBuf::from(&x.file)
        } else {
            self.ws.root.join(&x.file)
        }
    }

    pub(super) fn at(&mut self, abs: &Path, pos: Pos, end_line: u32) -> Anchor {
        let max = match self.ws.shape() {
            Shape::Detail => SNIPPET_CHARS,
            Shape::Compact => COMPACT_SNIPPET_CHARS,
        };
        let snippet = self
            .text(abs)
            .map(|t| answer::shape::snippet(line_at(t, pos.line), pos.col, max));
        let (file, node_id, external) = match self.rel(abs) {
            Some(rel) => {
                let node = if self.changed(&rel) {
                    self.live_node_at(abs, &rel, pos)
                } else {
                    self.node_at(&rel, pos)
                };
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
            lib: None,
            lib_version: None,
        }
    }

    pub(super) fn at_rel(&mut self, rel: &str, pos: Pos, end_line: u32) -> Anchor {
        let abs = self.ws.root.join(rel);
        self.at(&abs, pos, end_line)
    }

    /// The map's symbol named at this spot, else the innermost one around it.
    fn node_at(&self, rel: &str, pos: Pos) -> Option<String> {
        self.map.as_ref().ok()?.db().node_at(rel, pos)
    }

    /// Whether the workspace file `rel` changed on disk since the map indexed it: its
    /// positions in the map are off (a map reference there is at an old line, and the map's
    /// symbol around a spot may be another).
    pub(super) fn changed(&mut self, rel: &str) -> bool {
        let Some(map) = self.map.as_ref().ok().copied() else {
            return false;
        };
        *self
            .changed
            .entry(rel.to_string())
            .or_insert_with(|| map.changed_since_indexed(rel))
    }

    /// The symbol `qualname` of the workspace file `rel` as a parse of its text now has it:
    /// `Ok(None)` when the parse has no such symbol (renamed or removed since indexing),
    /// `Err(())` when the file could not be read or parsed.
    fn live_symbol(
        &mut self,
        rel: &str,
        qualname: &str,
    ) -> Result<Option<indexer::outline::OutlineSymbol>, ()> {
        let ws = self.ws;
        let c = crate::paths::contain(&ws.root, rel).map_err(|_| ())?;
        let lang = crate::workspace::lang_of(&c, rel).map_err(|_| ())?;
        let abs = ws.root.join(rel);
        self.text(&abs).ok_or(())?;
        let text: Arc<str> = self.texts.get(&abs).cloned().flatten().ok_or(())?;
        let outline = ws.parsed_outline(&c, lang, &text).map_err(|_| ())?;
        Ok(outline.iter().find(|s| s.qualname == qualname).cloned())
    }

    /// Whether the map's symbol `node_id`, shown by [`sym_anchor`] from a file changed since
    /// indexing, is no longer in that file (a parse of its text now has no such symbol).
    pub(super) fn gone(&self, node_id: &str) -> bool {
        self.moved.gone.contains(node_id)
    }

    /// [`Anchors::node_at`] for a file changed since indexing: from a parse of its text now
    /// (the symbol named at the spot, else the innermost one around it, else the file).
    fn live_node_at(&mut self, abs: &Path, rel: &str, pos: Pos) -> Option<String> {
        let ws = self.ws;
        let c = crate::paths::contain(&ws.root, rel).ok()?;
        let lang = crate::workspace::lang_of(&c, rel).ok()?;
        let text: Arc<str> = self.texts.get(abs).cloned().flatten()?;
        let outline = ws.parsed_outline(&c, lang, &text).ok()?;
        let named = outline.iter().find(|s| {
            s.name_span.start.line == pos.line
                && s.name_span.start.col <= pos.col
                && pos.col < s.name_span.end.col.max(s.name_span.start.col + 1)
        });
        let around = indexer::outline::enclosing(&outline, pos)
            .last()
            .map(|&i| &outline[i]);
        Some(match named.or(around) {
            Some(s) => indexer::id::NodeId::symbol_id(lang, rel, &s.qualname),
            None => indexer::id::NodeId::file_id(lang, rel),
        })
    }
}

/// A workspace file's path, `rel` under the root; one reached through `node_modules` (an npm
/// workspace links its packages there: `node_modules/@tiptap/extension-link/src/link.ts`) is
/// named by the package's own path, so that one file is not two in an answer.
pub(super) fn linked_package_file(root: &Path, abs: &Path, rel: &Path) -> String {
    let through = rel.components().any(|c| c.as_os_str() == "node_modules");
    if through {
        let own = abs.canonicalize().ok().and_then(|c| {
            let r = c.strip_prefix(root).ok()?;
            (!r.components().any(|c| c.as_os_str() == "node_modules")).then(|| r.to_path_buf())
        });
        if let Some(own) = own {
            return own.to_string_lossy().replace('\\', "/");
        }
    }
    rel.to_string_lossy().replace('\\', "/")
}

/// Why (line, character column) in `text` is not the start of a declaration's name: past the
/// file's end, past the line's end, on a blank, or inside a word. A server that maps a place through a
/// bundled declaration map can land on the right line and column of the wrong source file
/// (tsserver through tRPC's `.d.mts.map`); a name always starts a word there.
pub(super) fn misplaced(text: &str, line: u32, col: u32) -> Option<&'static str> {
    let lines = text.split('\n').count() - usize::from(text.ends_with('\n'));
    if line == 0 || line as usize > lines {
        return Some("past the file's end");
    }
    let l = line_at(text, line);
    let at = col.saturating_sub(1) as usize;
    if at > l.chars().count() {
        return Some("past the line's end");
    }
    let word = indexer::syntax::is_word_char;
    let mut chars = l.chars().skip(at.saturating_sub(1));
    let before = if at > 0 { chars.next() } else { None };
    match chars.next() {
        None => Some("at a line's end"),
        Some(c) if c.is_whitespace() => Some("on a blank"),
        Some(c) if word(c) && before.is_some_and(word) => Some("inside a word"),
        _ => None,
    }
}

pub(super) fn sym_anchor(a: &mut Anchors<'_>, s: &MapSymbol) -> Anchor {
    let mut v = a.at_rel(
        &s.file,
        Pos {
            line: s.name_line,
            col: s.name_col,
        },
        s.end_line,
    );
    v.node_id = Some(s.node_id.clone());
    // In a file changed since indexing the map's line is old: the symbol is shown where a
    // parse of the file now has it; else where its name is written now at the same column
    // near that line (viper's `Get` after 8 lines were added above it was given at its old
    // line, with another line's text), else where the map had it; counted for
    // [`Anchors::moved_note`]. One the parse no longer has (chi's `Mux.Find` renamed by hand:
    // `impls Routes.Find` gave it at its old line, a comment now) is counted gone: lists
    // leave it out ([`Anchors::gone`]).
    if !v.external && a.changed(&s.file) {
        a.moved.files.insert(s.file.clone());
        let qualname = indexer::id::NodeId::parse(&s.node_id)
            .ok()
            .and_then(|n| n.qualname().map(str::to_string));
        let live = match &qualname {
            Some(q) => a.live_symbol(&s.file, q),
            None => Err(()),
        };
        match live {
            Ok(Some(live)) => {
                let mut y = a.at_rel(&s.file, live.name_span.start, live.span.end.line);
                y.node_id = v.node_id.take();
                a.moved.placed += 1;
                return y;
            }
            Ok(None) => {
                a.moved.gone.insert(s.node_id.clone());
                return v;
            }
            Err(()) => {}
        }
        match a.placed_again(&v, &s.name, &std::collections::HashSet::new()) {
            Some(mut y) => {
                let delta = i64::from(y.line) - i64::from(v.line);
                y.end_line = u32::try_from(i64::from(s.end_line) + delta)
                    .unwrap_or(y.line)
                    .max(y.line);
                y.node_id = v.node_id.take();
                a.moved.placed += 1;
                v = y;
            }
            None => a.moved.unplaced += 1,
        }
    }
    v
}

/// The map's symbols shown from files changed since indexing ([`sym_anchor`]).
#[derive(Default)]
pub(super) struct Moved {
    placed: usize,
    unplaced: usize,
    /// Node IDs of those a parse of their file now does not have.
    gone: std::collections::BTreeSet<String>,
    files: std::collections::BTreeSet<String>,
}

pub(super) fn sort_anchors(v: &mut [Anchor]) {
    v.sort_by(|a, b| (&a.file, a.line, a.col).cmp(&(&b.file, b.line, b.col)));
}

/// The workspace's places before those outside it (a dependency's, by absolute path, or one
/// inside the workspace's own environment folder, `.venv/…`, tagged `lib` by
/// `Anchors::in_libraries`), each in the order it had: a budget cuts the outside ones
/// first (54 references of `uuid.UUID` kept 34 in the module cache and dropped the
/// workspace's 4 when absolute paths sorted first; references of attrs' `define` listed 9 in
/// `.venv/` before the workspace's one).
pub(super) fn workspace_first(v: &mut [Anchor]) {
    v.sort_by_key(|x| x.external || x.lib.is_some());
}

pub(super) fn dedup_anchors(v: &mut Vec<Anchor>) {
    sort_anchors(v);
    v.dedup_by(|a, b| a.file == b.file && a.line == b.line && a.col == b.col);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_at_a_column() {
        use super::word_at_col;
        assert!(word_at_col("  let x = Route::new(a);", "new", 18));
        assert!(!word_at_col("  let x = Route::newer(a);", "new", 18));
        assert!(!word_at_col("  let x = Route::new(a);", "new", 17));
        assert!(word_at_col("é new", "new", 3));
        assert!(!word_at_col("new", "new", 9));
    }

    #[test]
    fn a_declaration_s_place_starts_a_word() {
        let text = "export function observable<T>(\n  op3: OperatorFunction<T>,\n\tlet é = 1;\n";
        let cases = [
            (1, 17, None),
            (1, 1, None),
            (2, 3, None),
            (2, 8, None),
            // tsserver's place through a bundled map: the right column of another file.
            (2, 17, Some("inside a word")),
            (3, 6, None),
            (3, 7, Some("on a blank")),
            (3, 1, Some("on a blank")),
            (2, 40, Some("past the line's end")),
            (4, 1, Some("past the file's end")),
            (91, 1, Some("past the file's end")),
        ];
        for (line, col, want) in cases {
            assert_eq!(misplaced(text, line, col), want, "{line}:{col}");
        }
        assert_eq!(misplaced("a", 1, 1), None);
        assert_eq!(misplaced("a\n\nb", 2, 1), Some("at a line's end"));
    }
}
