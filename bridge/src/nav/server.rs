//! Asking the running language server: which server answers for a language and capability,
//! a located request's answer as anchors, what the server's state says of its answer, and the
//! warning when it cannot answer (the caller then answers from the map).

use super::anchor::{dedup_anchors, Anchor, Anchors};
use super::target::Target;
use crate::lsp::{Capability, Locate, Server};
use crate::workspace::Workspace;
use answer::envelope::ToolError;
use indexer::lang::Lang;
use std::sync::Arc;
use std::time::Duration;

/// Timeout for the slow requests (references, workspace symbols, call hierarchy): twice the
/// per-request one, so SPEC's 30 s by default.
pub(super) fn slow(ws: &Workspace) -> Duration {
    ws.lsp_timeout.saturating_mul(2)
}

/// The running server for a language when it offers `capability`; else why not, as a warning.
pub(super) fn server_for(
    ws: &Workspace,
    lang: Lang,
    capability: Capability,
    warnings: &mut Vec<String>,
) -> Option<Arc<Server>> {
    match ws.server(lang) {
        Ok(s) if s.supports(capability) => Some(s),
        Ok(s) => {
            warnings.push(format!(
                "{} offers no {capability}: answered without it{}",
                s.command[0],
                unoffered_why(lang)
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

/// Why the language's server may not offer a capability, as a warning's tail (`""` when its
/// spec does not say).
pub(super) fn unoffered_why(lang: Lang) -> String {
    lang.spec()
        .server
        .unoffered
        .map(|w| format!(" ({w})"))
        .unwrap_or_default()
}

/// A request of the tools that ask the server first and fall back to the map.
pub(super) struct Ask<'a> {
    pub(super) request: Locate,
    pub(super) timeout: Option<Duration>,
    /// What answers when the server cannot ("from the map"), for the warning.
    pub(super) instead: &'a str,
}

impl<'a> Ask<'a> {
    /// A request with the usual timeout, the map instead.
    pub(super) fn new(request: Locate) -> Ask<'a> {
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
pub(super) fn server_anchors(
    ws: &Workspace,
    t: &Target,
    a: &mut Anchors<'_>,
    ask: Ask<'_>,
    w: &mut Vec<String>,
) -> Option<Vec<Anchor>> {
    let s = server_for(ws, t.lang, ask.request.capability(), w)?;
    let mut tries = 0;
    let word = super::target::word_at(indexer::syntax::line_at(&t.text, t.pos.line), t.pos.col)
        .map(|(w, _)| w);
    let answer = loop {
        let answer = s.locate(ask.request, &t.c, &t.text, t.pos, ask.timeout);
        let Ok(found) = &answer else { break answer };
        // References none of which writes the name asked: the server answered for another
        // symbol. JDT LS, asked at once after an edit it was just sent, gave the enclosing
        // class's 58 references for a method's 1 (javapoet's `writeComment`), right a moment
        // later: asked again, a few times.
        let references = matches!(ask.request, Locate::References { .. });
        let Some(word) = word.as_deref().filter(|_| references && found.len() > 1) else {
            break answer;
        };
        // Read until one writes it (the first, on a right answer), not every place twice.
        let mut spelled = false;
        for l in found {
            let Some(x) = a.lsp_anchor(l, s.encoding()) else {
                continue;
            };
            if a.name_at(&x).as_deref() == Some(word) {
                spelled = true;
                break;
            }
        }
        if spelled || tries >= OTHER_SYMBOL_TRIES {
            if !spelled {
                w.push(format!(
                    "none of the server's {} references writes `{word}` where it places them (asked {} times): it may have answered for another symbol (the one around the place asked, after an edit it had just been sent); ask again, or ask the map (--no-lsp)",
                    found.len(),
                    tries + 1
                ));
            }
            break answer;
        }
        tries += 1;
        std::thread::sleep(std::time::Duration::from_millis(600));
    };
    match answer {
        Ok(found) => {
            let mut out: Vec<Anchor> = found
                .iter()
                .filter_map(|l| a.lsp_anchor(l, s.encoding()))
                .collect();
            dedup_anchors(&mut out);
            w.extend(a.take_notes());
            server_state_across(&s, &t.c.abs, w);
            if out.is_empty() && s.degraded().is_some() {
                // Nothing from a server that says it is unwell is no answer: the map's stands.
                w.push(format!(
                    "{} answered nothing: {}",
                    s.command[0], ask.instead
                ));
                return None;
            }
            // Nor is nothing from a server still loading (clangd indexing a large project),
            // where the workspace's map can answer instead.
            if out.is_empty() && s.loading() && t.lib.is_none() && a.need_map().is_ok() {
                w.push(format!(
                    "{}, still loading the workspace, named nothing here: answered {} instead (ask again once it has loaded)",
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
pub(super) fn server_state(s: &Server, w: &mut Vec<String>) {
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

/// How many times references none of which writes the name are asked again.
const OTHER_SYMBOL_TRIES: u32 = 3;

/// How long a restarted server must have been done loading for its answers to be taken as
/// whole again.
const SETTLED: std::time::Duration = std::time::Duration::from_secs(10);

/// How long after a restart an answer that spans files says the server was restarted.
const AFTER_RESTART: std::time::Duration = std::time::Duration::from_secs(120);

/// [`server_state`] of an answer that spans files (references, calls, a rename): for two
/// minutes after a restart, that the server stopped unasked and may answer from what it has
/// read so far, with no sign of it (JDT LS after a kill: references 0, as fact); and a
/// server that needs a project file (`tsconfig.json`) and finds none above `file`: it
/// answered from the files the open ones import alone.
pub(super) fn server_state_across(s: &Server, file: &std::path::Path, w: &mut Vec<String>) {
    server_state(s, w);
    // Not once the restarted server has said it finished loading, a while ago: its answers
    // are whole again (the warning rode on every answer for two minutes: bytes, cobra).
    let settled = s.settled_for().is_some_and(|d| d >= SETTLED);
    if let Some(ago) = s.after_crash().filter(|a| *a < AFTER_RESTART && !settled) {
        w.push(format!(
            "LSP_RESTARTED: {} was started again {} s ago after it stopped unasked (a crash or a kill): an empty or short answer may be what it has read so far (partial); ask again shortly, or `codemap engine stop` to start afresh",
            s.command[0],
            ago.as_secs()
        ));
    }
    w.extend(no_project(s, file));
}

/// Whether the server reads `file` as part of a project: it needs no project file, or one
/// (`tsconfig.json`) is above `file`.
/// What the language's server rests on that this workspace does not give it
/// (`ServerSpec::caveat`: clangd with no compile_commands.json), said once beside an answer
/// about code it may not compile.
pub(super) fn caveat(ws: &Workspace, lang: Lang) -> Option<String> {
    lang.spec().server.caveat.and_then(|f| f(&ws.root))
}

/// The most files outside the server's configured project opened for one answer.
const OUTSIDE_OPENED: usize = 40;
/// The most files outside it read for the name, for one answer.
const OUTSIDE_READ: usize = 2000;

/// Where the workspace's configuration limits the server's project to some paths (pyright's
/// `include`: requests' `src/requests`), the server finds uses only in the files it has open
/// outside them (requests' tests: `refs Response.text` gave 1 of 8, unsaid). The map's files
/// of the language outside those paths that write `name` are opened first, up to
/// [`OUTSIDE_OPENED`] of the first [`OUTSIDE_READ`]; said with the counts.
///
/// Returns the limit as said and the files outside it that write `name` (opened or not), for
/// a rename, which such a server does not carry there, open or not.
pub(super) fn open_outside_project(
    ws: &Workspace,
    map: Option<&answer::query::Map>,
    lang: Lang,
    name: &str,
    w: &mut Vec<String>,
) -> Option<(String, Vec<String>)> {
    let (Some(hook), Some(map)) = (lang.spec().server.project_include, map) else {
        return None;
    };
    let (config, include) = hook(&ws.root)?;
    let inside = |rel: &str| {
        include
            .iter()
            .any(|p| rel == p || rel.starts_with(&format!("{p}/")))
    };
    let Writing {
        files,
        outside,
        unread,
    } = files_writing(ws, map, lang, name, |rel| !inside(rel))?;
    if outside == 0 {
        return None;
    }
    let server = ws.server(lang).ok()?;
    let mut opened = 0usize;
    for (c, text) in &files {
        if opened < OUTSIDE_OPENED && server.sync(c, text).is_ok() {
            opened += 1;
        }
    }
    let writing: Vec<String> = files.into_iter().map(|(c, _)| c.rel).collect();
    let mut more = if writing.len() > opened {
        format!(
            "; {} more that write it were not opened, their uses are missing (partial)",
            writing.len() - opened
        )
    } else {
        String::new()
    };
    if unread > 0 {
        more.push_str(&format!(
            "; {unread} files outside it were not read for it (partial)"
        ));
    }
    let limit = format!("{config} (include: {})", include.join(", "));
    w.push(format!(
        "{}'s project is limited by {limit}: it finds uses in the {} {} file(s) outside it only when they are open; the {opened} that write `{name}` were opened for this answer{more}",
        server.command[0],
        outside,
        lang.name()
    ));
    Some((limit, writing))
}

/// The places in the map's files of `lang` (other than those `skip` takes) that read
/// `.name` off a value without calling it (`_async_wrapper=app.ensure_sync`): a rename the
/// server makes of a method leaves those on a value whose type it does not know, and a map
/// that records calls does not list them (flask: renaming `Flask.ensure_sync` left
/// `helpers.py:346`, unsaid, and `flash()` broke). Of the first [`OUTSIDE_READ`] files, with
/// how many were not read.
pub(super) fn attribute_reads(
    ws: &Workspace,
    map: &answer::query::Map,
    lang: Lang,
    name: &str,
    skip: impl Fn(&str, u32) -> bool,
) -> (Vec<(String, u32)>, usize) {
    let Some(writing) = files_writing(ws, map, lang, name, |_| true) else {
        return (Vec::new(), 0);
    };
    let mut out = Vec::new();
    for (c, text) in &writing.files {
        for (i, line) in text.lines().enumerate() {
            let n = i as u32 + 1;
            if skip(&c.rel, n) {
                continue;
            }
            let read = indexer::syntax::word_spans(line).any(|(at, w)| {
                w == name
                    && line[..at].ends_with('.')
                    && super::target::ends_a_receiver(line[..at].trim_end_matches('.'))
                    && !line[at + name.len()..].trim_start().starts_with('(')
            });
            if read {
                out.push((c.rel.clone(), n));
            }
        }
    }
    (out, writing.unread)
}

/// The map's files of a language that `pick` takes, read for `name`: those that write it
/// (with their texts), of the first [`OUTSIDE_READ`].
struct Writing {
    files: Vec<(crate::paths::Contained, std::sync::Arc<str>)>,
    /// How many files `pick` took, and how many of them were not read.
    outside: usize,
    unread: usize,
}

fn files_writing(
    ws: &Workspace,
    map: &answer::query::Map,
    lang: Lang,
    name: &str,
    pick: impl Fn(&str) -> bool,
) -> Option<Writing> {
    let outside: Vec<String> = map
        .db()
        .indexed_files_with_lang()
        .ok()?
        .into_iter()
        .filter(|(rel, l)| l == lang.prefix() && pick(rel))
        .map(|(rel, _)| rel)
        .collect();
    let files = outside
        .iter()
        .take(OUTSIDE_READ)
        .filter_map(|rel| {
            let c = crate::paths::contain(&ws.root, rel).ok()?;
            let text = ws.source(&c, rel).ok()?;
            text.lines()
                .any(|l| indexer::syntax::writes_word(l, name))
                .then_some((c, text))
        })
        .collect();
    Some(Writing {
        files,
        outside: outside.len(),
        unread: outside.len().saturating_sub(OUTSIDE_READ),
    })
}

/// The map's files of `lang` that its server's build never loads (`ServerSpec::unseen`) and
/// that write `name`: said, with the count, since the server's answer has no use there
/// (chi's `_examples/`: `refs middleware.Logger` gave 0 of 6, or 1 once a file there had
/// been opened, unsaid). At most [`OUTSIDE_READ`] files are read for the name.
pub(super) fn say_unseen(
    ws: &Workspace,
    map: Option<&answer::query::Map>,
    lang: Lang,
    name: &str,
    w: &mut Vec<String>,
) {
    let (Some(unseen), Some(map)) = (lang.spec().server.unseen, map) else {
        return;
    };
    let Some(Writing { files, unread, .. }) = files_writing(ws, map, lang, name, unseen) else {
        return;
    };
    let writing: Vec<&str> = files.iter().map(|(c, _)| c.rel.as_str()).collect();
    if writing.is_empty() {
        return;
    }
    let Ok(server) = ws.server(lang) else {
        return;
    };
    let shown: Vec<&str> = writing.iter().take(4).copied().collect();
    let unread = if unread > 0 {
        format!("; {unread} more such files were not read for it")
    } else {
        String::new()
    };
    w.push(format!(
        "{} {} file(s) are in directories {}'s build never loads ({}{}) and write `{name}`: its answer has no use there, or only from a file it has open (partial); the map's own edges there are added where it has them{unread}",
        writing.len(),
        lang.name(),
        server.command[0],
        shown.join(", "),
        if writing.len() > shown.len() { ", …" } else { "" },
    ));
}

pub(super) fn has_project(s: &Server, file: &std::path::Path) -> bool {
    no_project(s, file).is_none()
}

fn no_project(s: &Server, file: &std::path::Path) -> Option<String> {
    let names = s.lang.spec().server.project_files;
    let rel = file.strip_prefix(s.root()).ok()?;
    if names.is_empty() {
        return None;
    }
    let found = file
        .ancestors()
        .skip(1)
        .take_while(|d| d.starts_with(s.root()))
        .any(|d| names.iter().any(|n| d.join(n).is_file()));
    (!found).then(|| {
        format!(
            "{} found no {} above {}: it sees only the files the open ones import, so uses in other files may be missing from its answer (a {} at the root that includes them fixes this)",
            s.command[0],
            names.join(" or "),
            rel.display(),
            names[0]
        )
    })
}

pub(super) fn failed(warnings: &mut Vec<String>, e: impl Into<ToolError>, instead: &str) {
    let e: ToolError = e.into();
    warnings.push(format!(
        "{}: {}: answered {instead}",
        e.code.as_str(),
        e.message
    ));
}
