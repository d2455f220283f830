//! Targeting: a position as a tool was given it (`{file, line, col}`, a `nodeId` or a `locate`
//! string) → a [`Target`]: the file inside the workspace, its language, its text now and the
//! spot; and the identifier at a spot.
//!
//! A library node ID (`lib:NAME@VERSION/<id>`) targets its symbol in the installed
//! dependency's file, outside the workspace: the target then carries [`LibTarget`] (the
//! library, its folder and map, the symbol's row), and its `c.rel` is the file's path in the
//! *library's* map, never the workspace's: a tool checks `lib` before any lookup in the
//! workspace's map.

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
use indexer::outline::{self, Found};
use std::sync::Arc;

/// A resolved position: the file inside the workspace (or a library's, with `lib`), its text
/// now, and the spot.
pub(super) struct Target {
    pub(super) c: Contained,
    pub(super) lang: Lang,
    pub(super) text: Arc<str>,
    pub(super) pos: Pos,
    /// A library node ID's target: its file is the dependency's (`c.abs`), `c.rel` its path
    /// in the library's map.
    pub(super) lib: Option<LibTarget>,
}

/// What a target inside an installed dependency knows besides its file: the library, the
/// node, its map, and the symbol's range now (the map's re-checked against the file).
pub(super) struct LibTarget {
    pub(super) node: crate::libs::LibNode,
    /// The symbol's qualname, as found in the file's parse now.
    pub(super) qualname: String,
    /// The symbol in the file's parse now (its span, lead and name).
    pub(super) live: indexer::outline::OutlineSymbol,
}

impl Target {
    /// The file as messages name it: workspace-relative, or a library file's absolute path.
    pub(super) fn shown(&self) -> String {
        match &self.lib {
            Some(_) => self.c.abs.display().to_string(),
            None => self.c.rel.clone(),
        }
    }

    /// `BAD_ARGS` for a library target: `what` needs a place in the workspace.
    pub(super) fn in_workspace(&self, what: &str) -> Result<(), ToolError> {
        match &self.lib {
            Some(l) => Err(ToolError::bad_args(format!(
                "{} is in the library {}@{}, which is read-only: {what} works in the workspace",
                l.node.id, l.node.name, l.node.version
            ))),
            None => Ok(()),
        }
    }
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
    anchored(ws, lease, p, false, warnings)
}

/// [`target`] for a tool about functions (`nav_calls`, `nav_implementations`): a locate
/// string naming a field and a method alike (`ProxyInputStream.afterRead`) is the method.
pub(super) fn callable_target<'a>(
    ws: &'a Workspace,
    lease: &'a Result<MapLease, ToolError>,
    p: &dyn AsPosition,
    warnings: &mut Vec<String>,
) -> Result<(Target, Anchors<'a>), ToolError> {
    anchored(ws, lease, p, true, warnings)
}

fn anchored<'a>(
    ws: &'a Workspace,
    lease: &'a Result<MapLease, ToolError>,
    p: &dyn AsPosition,
    callable: bool,
    warnings: &mut Vec<String>,
) -> Result<(Target, Anchors<'a>), ToolError> {
    let t = position_of(ws, lease, p, callable, warnings)?;
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
    position_of(ws, lease, p, false, warnings)
}

fn position_of(
    ws: &Workspace,
    lease: &Result<MapLease, ToolError>,
    p: &dyn AsPosition,
    callable: bool,
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
        let mut pos = found.pos;
        if let locate::Scope::Symbol(q) = &loc.scope {
            let method = if callable && loc.find.is_none() {
                callable_namesake(&outline, q, pos)
            } else {
                None
            };
            match method {
                Some((at, note)) => {
                    pos = at;
                    warnings.push(note);
                }
                None => warnings.extend(overloads_note(
                    &outline,
                    q,
                    found.pos,
                    lang.spec().overloads,
                )),
            }
        }
        return Ok(Target {
            c,
            lang,
            text,
            pos,
            lib: None,
        });
    }
    if let Some(id) = p.node_id {
        if let Some(n) = crate::libs::lib_node(ws, id)? {
            return lib_target(ws, n, warnings);
        }
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
            lib: None,
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
        lib: None,
    })
}

/// The target of a library node ID (`None` for any other ID): for the tools that take a node
/// ID alone (`nav_source`, `includeBody`).
pub(super) fn library(
    ws: &Workspace,
    id: &str,
    warnings: &mut Vec<String>,
) -> Result<Option<Target>, ToolError> {
    match crate::libs::lib_node(ws, id)? {
        Some(n) => lib_target(ws, n, warnings).map(Some),
        None => Ok(None),
    }
}

impl LibTarget {
    /// The symbol's library node ID now (the asked one, unless it was found relocated).
    pub(super) fn node_id(&self, lang: Lang, rel: &str) -> String {
        self.node
            .map
            .answered_id(&NodeId::symbol_id(lang, rel, &self.qualname))
    }
}

/// A library symbol's target: its file in the dependency's folder read now, parsed, and the
/// symbol found there by its qualname (the library map's range re-checked against the text:
/// a reinstalled dependency moved it, or it is gone: said); the spot is its name.
fn lib_target(
    ws: &Workspace,
    n: crate::libs::LibNode,
    warnings: &mut Vec<String>,
) -> Result<Target, ToolError> {
    warnings.extend(n.warnings.iter().cloned());
    let NodeId::Symbol {
        lang,
        path,
        qualname,
    } = parse_node_id(&n.inner)?
    else {
        return Err(ToolError::bad_args(format!(
            "{} is a file; a position tool needs a symbol in it (`{}#Name`)",
            n.id, n.id
        ))
        .hint("map_search with the library's scope finds its symbols' node IDs"));
    };
    let c = Contained {
        abs: n.dir.join(&path),
        rel: path.clone(),
    };
    let shown = c.abs.display().to_string();
    let text = match ws.text(&c.abs) {
        Ok(Some(t)) => t,
        Ok(None) => {
            return Err(ToolError::bad_args(format!(
                "{shown} is a binary file (it contains NUL bytes)"
            )))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(ToolError::new(
                answer::envelope::ErrorCode::FileDeleted,
                format!(
                    "{shown}, the file of {} in the library's map, no longer exists",
                    n.id
                ),
            )
            .hint(format!(
                "the dependency was removed or reinstalled: `codemap deps` lists what the workspace has; `codemap deps --index {}` rebuilds its map",
                n.name
            )))
        }
        Err(e) => return Err(ToolError::bad_args(format!("cannot read {shown}: {e}"))),
    };
    let outline = ws.parsed_outline(&c, lang, &text)?;
    let i = match outline::find(&outline, &qualname) {
        Found::Exact(i) => i,
        Found::Relocated(i) => {
            warnings.push(format!(
                "{} is not in {shown} under that qualname now; the one symbol of its name there is {}",
                n.id, outline[i].qualname
            ));
            i
        }
        Found::NotFound { candidates } => {
            return Err(crate::reconcile::not_found(
                &outline,
                &shown,
                &qualname,
                &candidates,
                Some(true),
            ))
        }
    };
    let live = outline[i].clone();
    if (n.sym.name_line, n.sym.name_col) != (live.name_span.start.line, live.name_span.start.col) {
        warnings.push(format!(
            "{} is at line {} of {shown} now, not at {} as the library's map says: answered at the file's place",
            n.id, live.name_span.start.line, n.sym.name_line
        ));
    }
    Ok(Target {
        pos: live.name_span.start,
        lang,
        text,
        c,
        lib: Some(LibTarget {
            qualname: live.qualname.clone(),
            node: n,
            live,
        }),
    })
}

/// Whether text ending here can be a value a member is read off (`app`, `f()`, `xs[0]`):
/// what stands before `.name`. Pure.
pub(super) fn ends_a_receiver(before: &str) -> bool {
    before.ends_with(|c: char| indexer::syntax::is_word_char(c) || c == ')' || c == ']')
}

/// The identifier under (or just before) a position.
pub(super) fn word_at(line_text: &str, col: u32) -> Option<(String, u32)> {
    let chars: Vec<char> = line_text.chars().collect();
    let is_word = indexer::syntax::is_word_char;
    let mut i = (col.saturating_sub(1) as usize).min(chars.len());
    // `~XMLNode`: a destructor's node ID points at its `~`; the name follows it (as a private
    // name's points at its `#`).
    if i + 1 < chars.len() && matches!(chars[i], '~' | '#') && is_word(chars[i + 1]) {
        i += 1;
    }
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
    // An ECMAScript private name (`#dispatch`): the `#` is part of it (the map's symbol is
    // `Query.#dispatch`; its node ID points at the `#`).
    if start > 0 && chars[start - 1] == '#' {
        start -= 1;
    }
    Some((chars[start..end].iter().collect(), start as u32 + 1))
}

/// Where a locate's symbol that names a field or a variable at `pos` names a function or a
/// method too, in the same scope (Java's `private final IOIntConsumer afterRead;` beside
/// `protected void afterRead(int n)`): the first such callable's name, and the note that
/// says which was taken. `None` when the symbol at `pos` is callable or has no callable
/// namesake. Pure.
pub(super) fn callable_namesake(
    outline: &[indexer::outline::OutlineSymbol],
    q: &str,
    pos: indexer::model::Pos,
) -> Option<(indexer::model::Pos, String)> {
    let all = indexer::outline::overloads_named(outline, q);
    let here = all
        .iter()
        .map(|&i| &outline[i])
        .find(|s| s.name_span.start == pos)?;
    if here.kind.is_callable() {
        return None;
    }
    let method = all
        .iter()
        .map(|&i| &outline[i])
        .find(|s| s.kind.is_callable())?;
    let mark = |s: &indexer::outline::OutlineSymbol| {
        s.qualname
            .rsplit('.')
            .next()
            .unwrap_or(&s.qualname)
            .to_string()
    };
    Some((
        method.name_span.start,
        format!(
            "{q} names a {} (line {}, `{}`) and a {} (line {}, `{}`): answered for the {}",
            here.kind.as_str(),
            here.name_span.start.line,
            mark(here),
            method.kind.as_str(),
            method.name_span.start.line,
            mark(method),
            method.kind.as_str(),
        ),
    ))
}

/// Said when a locate's symbol, written without an overload mark, names several overloads:
/// which one the position is in, and the others with their lines and marks.
/// In a language without overloads the declarations are a property's accessors, `@overload`
/// signatures or a name defined again: said as declarations (rich's `Text.plain` was said to
/// name "2 overloads").
fn overloads_note(
    outline: &[indexer::outline::OutlineSymbol],
    q: &str,
    pos: indexer::model::Pos,
    overloads: bool,
) -> Option<String> {
    let all = indexer::outline::overloads_named(outline, q);
    if all.is_empty() {
        return None;
    }
    let here = all
        .iter()
        .find(|&&i| outline[i].span.start <= pos && pos < outline[i].span.end)
        .map(|&i| &outline[i]);
    let listed: Vec<String> = all
        .iter()
        .take(12)
        .map(|&i| {
            let s = &outline[i];
            let mark = s.qualname.rsplit('.').next().unwrap_or(&s.qualname);
            format!("{mark} (line {})", s.name_span.start.line)
        })
        .collect();
    Some(format!(
        "{q} names {} {}{}: {}{}; name one by its mark (`{q}~2`) or pick it with `@` and text from its body",
        all.len(),
        if overloads {
            "overloads"
        } else {
            "declarations in one scope"
        },
        here.map(|s| format!(", and this is the one at line {}", s.name_span.start.line))
            .unwrap_or_default(),
        listed.join(", "),
        if all.len() > listed.len() { ", …" } else { "" }
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Java's field and method of one name: a tool about functions takes the method, said;
    /// a method named alone, or a field without a callable namesake, is left as it is.
    #[test]
    fn a_field_s_callable_namesake() {
        use indexer::model::{Kind, Pos, Span};
        use indexer::outline::OutlineSymbol;
        let sym = |q: &str, kind, line| {
            let at = Pos { line, col: 5 };
            OutlineSymbol {
                name: q
                    .rsplit('.')
                    .next()
                    .unwrap_or(q)
                    .split('~')
                    .next()
                    .unwrap_or(q)
                    .into(),
                qualname: q.into(),
                kind,
                span: Span {
                    start: at,
                    end: Pos {
                        line: line + 1,
                        col: 1,
                    },
                },
                name_span: Span { start: at, end: at },
                signature: None,
                parent: None,
            }
        };
        let outline = vec![
            sym("Proxy", Kind::Class, 3),
            sym("Proxy.afterRead", Kind::Field, 4),
            sym("Proxy.afterRead~2", Kind::Method, 10),
            sym("Proxy.count", Kind::Field, 12),
        ];
        let at = |line| Pos { line, col: 5 };
        let (pos, note) =
            callable_namesake(&outline, "Proxy.afterRead", at(4)).expect("the method");
        assert_eq!(pos, at(10));
        assert_eq!(
            note,
            "Proxy.afterRead names a field (line 4, `afterRead`) and a method (line 10, \
             `afterRead~2`): answered for the method"
        );
        assert_eq!(callable_namesake(&outline, "Proxy.afterRead", at(10)), None);
        assert_eq!(callable_namesake(&outline, "Proxy.count", at(12)), None);
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
        // A destructor's `~`: the name after it.
        assert_eq!(
            word_at("XMLNode::~XMLNode()", 10),
            Some(("XMLNode".into(), 11))
        );
        // A private name: its `#` is part of it, wherever the column is in it.
        assert_eq!(
            word_at("  #dispatch(x) {", 3),
            Some(("#dispatch".into(), 3))
        );
        assert_eq!(
            word_at("this.#dispatch(x)", 8),
            Some(("#dispatch".into(), 6))
        );
    }
}
