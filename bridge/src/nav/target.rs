//! Targeting: a position as a tool was given it (`{file, line, col}`, a `nodeId` or a `locate`
//! string) → a [`Target`]: the file inside the workspace, its language, its text now and the
//! spot; and the identifier at a spot.

use super::anchor::Anchors;
use super::params::AsPosition;
use crate::locate;
use crate::paths::{contain, Contained};
use crate::workspace::{lang_of, MapLease, Workspace};
use answer::envelope::ToolError;
use answer::query::parse_node_id;
use indexer::id::NodeId;
use indexer::lang::Lang;
use indexer::model::Pos;
use std::sync::Arc;

/// A resolved position: the file inside the workspace, its text now, and the spot.
pub(super) struct Target {
    pub(super) c: Contained,
    pub(super) lang: Lang,
    pub(super) text: Arc<str>,
    pub(super) pos: Pos,
}

/// `{file, line, col}`, a `nodeId` or a `locate` string → a position (exactly one form), and
/// the answer's anchor builder, on `lease` (the answer's one lease on the map) and seeded with
/// the target's text: the one read of its file in this answer (and its one parse, when the
/// form needs one). A node ID is parsed once, here.
pub(super) fn target<'a>(
    ws: &'a Workspace,
    lease: &'a Result<MapLease, ToolError>,
    p: &dyn AsPosition,
    warnings: &mut Vec<String>,
) -> Result<(Target, Anchors<'a>), ToolError> {
    let t = position(ws, lease, p, warnings)?;
    let a = Anchors::new(ws, lease, warnings).known(&t.c.abs, &t.text);
    Ok((t, a))
}

/// The position alone (what [`target`] makes anchors for): for a tool that lists none.
pub(super) fn position(
    ws: &Workspace,
    lease: &Result<MapLease, ToolError>,
    p: &dyn AsPosition,
    warnings: &mut Vec<String>,
) -> Result<Target, ToolError> {
    let p = p.position();
    let by_pos = p.file.is_some() || p.line.is_some() || p.col.is_some();
    crate::reconcile::one_position(
        &[
            ("{file, line, col}", by_pos),
            ("nodeId", p.node_id.is_some()),
            ("locate", p.locate.is_some()),
        ],
        "e.g. {\"locate\": \"src/app.py:App.run@return <|>result\"} or {\"nodeId\": \"go:pkg/x.go#T.M\"}",
    )?;
    if let Some(s) = p.locate {
        let loc = locate::parse(s)?;
        let c = contain(&ws.root, &loc.file)?;
        let lang = lang_of(&c, &loc.file)?;
        let text = ws.source(&c, &loc.file)?;
        let outline = ws.parsed_outline(&c, lang, &text)?;
        let found = locate::locate(&text, &outline, &loc)?;
        return Ok(Target {
            c,
            lang,
            text,
            pos: found.pos,
        });
    }
    if let Some(id) = p.node_id {
        let node = parse_node_id(id)?;
        if let NodeId::File { .. } = node {
            return Err(ToolError::bad_args(format!(
                "{id} is a file; a position tool needs a symbol in it (`{id}#Name`) or a position"
            ))
            .hint("`nav_outline` lists the file's symbols with their node IDs"));
        }
        let (r, read) =
            crate::reconcile::locate_node(ws, lease.as_deref(), &node, id, false, warnings)?;
        let (Some(line), Some(col), Some((c, text))) = (r.location.line, r.location.col, read)
        else {
            return Err(ToolError::bad_args(format!(
                "{id} is not a symbol with a position (a package or external node)"
            )));
        };
        let lang = lang_of(&c, &r.location.file)?;
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
    let text = ws.source(&c, file)?;
    crate::reconcile::check_position(&text, file, line, col)?;
    Ok(Target {
        c,
        lang,
        text,
        pos: Pos { line, col },
    })
}

/// The identifier under (or just before) a position.
pub(super) fn word_at(line_text: &str, col: u32) -> Option<(String, u32)> {
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
}
