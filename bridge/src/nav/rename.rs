//! `nav_rename`: the server's workspace edit as a unified diff per file (nothing is written),
//! paged, with what the rename may not reach by the map. No fallback: it needs a server.

use super::anchor::read_once;
use super::fallback::{map_definitions, twin_definitions, USE_KINDS};
use super::filter::file_filter;
use super::list::{listing, Layout, ListText};
use super::params::RenameParams;
use super::server::{server_state_across, slow};
use super::target::{position, Target};
use crate::lsp::{self, Capability, Locate, LspError};
use crate::paths::Contained;
use crate::workspace::Workspace;
use answer::envelope::{Answer, ErrorCode, Text, ToolError};
use answer::query::{callable, Map, UntypedCall};
use indexer::store::MapSymbol;
use lsp_types::request::Rename;
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::{HashMap, HashSet};

/// `nav_rename`: the server's workspace edit as a unified diff per file; nothing is written.
pub fn rename(ws: &Workspace, p: &RenameParams) -> Result<Answer, ToolError> {
    let mut w = Vec::new();
    let mut preview = rename_preview(ws, p, &mut w)?;
    // `check`: the preview's edits applied in the server's memory, their diagnostics.
    let checked = match std::mem::take(&mut preview.edited) {
        texts if p.check == Some(true) => {
            Some(super::diagnostics::check_rename(ws, texts, &mut w)?)
        }
        _ => None,
    };
    let mut ans = rename_answer(ws, p, preview, w);
    if let Some((section, text)) = checked {
        ans.data["check"] = section;
        let diffs = std::mem::replace(&mut ans.text, Text::new(String::new));
        ans.text = Text::new(move || format!("{text}{}", diffs.render()));
    }
    Ok(ans)
}

/// A name of several words (`ensure_sync`, `getIndexOf`), unlikely to be another's by
/// chance where it is written: a plain word (`get`) is everywhere.
fn compound(name: &str) -> bool {
    name.chars().skip(1).any(char::is_uppercase) || name.trim_matches('_').contains('_')
}

/// The lines of `text` (1-based) that none of the edits changed (`edited`) and that still
/// write `name`, other than as a call on some value (`x.name(`, `p->name(`: another type's
/// method the server rightly left): a template (cobra's `{{if .HasAvailableSubCommands}}`,
/// which fails at run time once the method is renamed), a string, a comment (a call in
/// a comment too: a doc test's `a.split_to(5)`). Only for a
/// compound name (`HasAvailableSubCommands`, `parse_args`): a plain word (`matches`) is
/// prose as often as code. Pure.
fn left_written(text: &str, name: &str, edited: impl Fn(u32) -> bool) -> Vec<u32> {
    if !compound(name) {
        return Vec::new();
    }
    let call_on_value = |line: &str, at: usize| {
        let before = line[..at].trim_end();
        let receiver = [".", "->", "::"]
            .iter()
            .find_map(|op| before.strip_suffix(op));
        let after = line[at + name.len()..].trim_start();
        receiver.is_some_and(super::target::ends_a_receiver) && after.starts_with('(')
    };
    // A comment's call is no other type's the server left: the server renames nothing in
    // comments, and a doc test's `a.split_to(5)` fails once renamed (bytes, indexmap).
    let comment = |l: &str| {
        let t = l.trim_start();
        t.starts_with("//") || t.starts_with("/*") || t.starts_with("* ") || t.starts_with('#')
    };
    text.lines()
        .enumerate()
        .map(|(i, l)| (i as u32 + 1, l))
        .filter(|&(n, l)| {
            !edited(n)
                && indexer::syntax::word_spans(l)
                    .any(|(at, w)| w == name && (comment(l) || !call_on_value(l, at)))
        })
        .map(|(n, _)| n)
        .collect()
}

/// The other variants of the symbol whose name is at `t`'s position, in a language whose
/// files define a name once per `#if` branch (`Language::variants_in_file`): their name's
/// places and qualnames (`lsys_load~3`), in line order. None elsewhere.
fn other_variants(ws: &Workspace, t: &Target) -> Vec<(indexer::model::Pos, String)> {
    if t.lang.spec().variants_in_file.is_none() {
        return Vec::new();
    }
    let Ok(outline) = ws.parsed_outline(&t.c, t.lang, &t.text) else {
        return Vec::new();
    };
    let Some(here) = outline.iter().find(|s| s.name_span.start == t.pos) else {
        return Vec::new();
    };
    let base = here.qualname.split('~').next().unwrap_or(&here.qualname);
    indexer::outline::overloads_named(&outline, base)
        .into_iter()
        .map(|i| &outline[i])
        .filter(|s| s.name_span.start != t.pos)
        .map(|s| (s.name_span.start, s.qualname.clone()))
        .collect()
}

/// With no `tsconfig.json` (tsserver reads each file alone), the edits in the files importing
/// the symbol that the server's rename left out ([`super::packages::each_importer`]): the name
/// at each reference's place asked from those files, said.
fn each_importer(
    ws: &Workspace,
    map: &Map,
    s: &crate::lsp::Server,
    (t, d): (&Target, Option<&MapSymbol>),
    (per_file, new_name): (
        &mut std::collections::BTreeMap<String, Vec<lsp_types::TextEdit>>,
        &str,
    ),
    w: &mut Vec<String>,
) {
    let Some(d) = d else {
        return;
    };
    let listed = per_file
        .keys()
        .filter_map(|u| super::packages::rel_of_uri(ws, u))
        .collect();
    let until = std::time::Instant::now() + slow(ws);
    let at = (t.c.abs.as_path(), true);
    let Some(asked) = super::packages::each_importer(ws, map, s, d, at, &listed, until) else {
        return;
    };
    let (added, _) = edits_at(ws, s, &asked.locs, (&d.name, new_name), per_file);
    w.push(format!(
        "{added} edit{} added by {} (each the name at a reference's place: check an import alias or a shorthand property there)",
        if added == 1 { "" } else { "s" },
        asked.said(&d.name)
    ));
}

/// An edit replacing `old` with `new` at each of `locs` where the file holds `old` now (not
/// one already there): (added, places that do not hold `old`).
fn edits_at(
    ws: &Workspace,
    s: &crate::lsp::Server,
    locs: &[lsp_types::Location],
    (old, new): (&str, &str),
    per_file: &mut std::collections::BTreeMap<String, Vec<lsp_types::TextEdit>>,
) -> (usize, usize) {
    let (mut added, mut stale) = (0, 0);
    for l in locs {
        let text = lsp::uri_to_path(l.uri.as_str()).and_then(|p| ws.text(&p).ok().flatten());
        let holds = text
            .as_deref()
            .and_then(|x| lsp::text_at(x, &l.range, s.encoding()))
            == Some(old);
        if !holds {
            stale += 1;
            continue;
        }
        let edits = per_file.entry(l.uri.as_str().to_string()).or_default();
        if edits.iter().any(|e| e.range == l.range) {
            continue;
        }
        edits.push(lsp_types::TextEdit {
            range: l.range,
            new_text: new.to_string(),
        });
        added += 1;
    }
    (added, stale)
}

/// The symbol's uses in the workspace's other npm packages, which the server's rename from
/// one side does not reach ([`super::packages::across`]): their places added as edits (the
/// name there replaced, where the place still holds it), the server's edits in the
/// definition's package's built declarations (or, when its uses were asked from the
/// definition, in its source) replaced; said, with what the built declarations keep.
fn across_packages(
    ws: &Workspace,
    map: &Map,
    s: &crate::lsp::Server,
    t: &Target,
    (per_file, new_name): (
        &mut std::collections::BTreeMap<String, Vec<lsp_types::TextEdit>>,
        &str,
    ),
    w: &mut Vec<String>,
) {
    let rel = |uri: &str| super::packages::rel_of_uri(ws, uri);
    let listed = per_file.keys().filter_map(|u| rel(u)).collect();
    let at = super::packages::At::of(t, true);
    let until = std::time::Instant::now() + slow(ws);
    let Some(more) = super::packages::across(ws, map, s, at, &listed, until, w) else {
        return;
    };
    let old = &more.name;
    let before = per_file.len();
    per_file.retain(|u, _| rel(u).is_none_or(|f| !more.replaced(&f, &t.c.rel)));
    let dropped = before - per_file.len();
    let (added, stale) = edits_at(ws, s, &more.locs, (old, new_name), per_file);
    if added > 0 || dropped > 0 {
        w.push(format!(
            "{added} edit{} added from the uses across the workspace's packages (each the name at a reference's place: check an import alias or a shorthand property there){}; {}'s built declarations name it the old way until the package is built again",
            if added == 1 { "" } else { "s" },
            if dropped > 0 {
                format!(", and the server's edits in {dropped} file{} of {} replaced by them", if dropped == 1 { "" } else { "s" }, more.pkg.name)
            } else {
                String::new()
            },
            more.pkg.name
        ));
    }
    if stale > 0 {
        w.push(format!(
            "not edited: {stale} place{} the server gave across packages that do not hold {old} (places mapped back through a build's declaration maps land so, as do places in files changed since the server read them): check them",
            if stale == 1 { "" } else { "s" }
        ));
    }
}

/// What a rename would change, typed: what `nav_rename` answers and `rename --output` writes.
pub struct Preview {
    pub new_name: String,
    /// `would touch N files, M edits…`.
    pub summary: String,
    /// Every file the rename edits.
    pub files: Vec<FileEdits>,
    /// The diffs of the files `fileFilter` keeps, in file order.
    pub diffs: Vec<FileDiff>,
    /// Creations, renames and deletions of files, as the server gave them.
    pub file_ops: Vec<Value>,
    /// Every edited file's text now and after the rename, when `check` asks for them.
    pub edited: Vec<(Contained, std::sync::Arc<str>, String)>,
}

/// The server's rename at the position, as diffs; what it may not reach in `w`.
pub fn rename_preview(
    ws: &Workspace,
    p: &RenameParams,
    w: &mut Vec<String>,
) -> Result<Preview, ToolError> {
    let Some(new_name) = p.new_name.as_deref() else {
        return Err(ToolError::bad_args("nav_rename needs newName"));
    };
    if !indexer::id::is_identifier(new_name) {
        return Err(ToolError::bad_args(format!(
            "{new_name:?} is not an identifier"
        )));
    }
    // One lease on the map and one snapshot of it for the whole answer.
    let lease = ws.map();
    let _read = read_once(&lease)?;
    let mut t = position(ws, &lease, p, w)?;
    t.in_workspace("nav_rename")?;
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
            format!(
                "{} offers no rename{}",
                s.command[0],
                super::server::unoffered_why(t.lang)
            ),
        ));
    }
    s.wait_ready(slow(ws));
    // Files outside the server's configured project: opened, and those the rename leaves
    // out said below (pyright renames none there, open or not: requests' tests, 93 uses of
    // `Response.status_code`).
    let mut said = Vec::new();
    let beyond = super::target::word_at(indexer::syntax::line_at(&t.text, t.pos.line), t.pos.col)
        .and_then(|(word, _)| {
            let map = lease.as_deref().ok();
            super::server::open_outside_project(ws, map, t.lang, &word, &mut said)
                .map(|o| (word, o))
        });
    let rename = |at| lsp_types::RenameParams {
        text_document_position: at,
        new_name: new_name.to_string(),
        work_done_progress_params: Default::default(),
    };
    // A C function with `#if` variants, asked at one the server does not compile (Lua's
    // `lsys_load` at loadlib.c:124, `LUA_USE_DLOPEN`): "no symbol at the given location".
    // The variant it compiles is renamed instead, said.
    let mut first = s.at::<Rename>(&t.c, &t.text, t.pos, rename, Some(slow(ws)));
    // A server that began loading while it was asked (clangd starts its background index a
    // moment after the first file opens: libgit2's `git__strntol32` got 1 edit of 12) is
    // waited for and asked again: a rename from a half-read workspace is a broken build.
    if s.loading() && !s.wait_ready(slow(ws)) {
        first = s.at::<Rename>(&t.c, &t.text, t.pos, rename, Some(slow(ws)));
    }
    if !matches!(first, Ok(Some(_))) {
        for (pos, q) in other_variants(ws, &t) {
            if let Ok(Some(e)) = s.at::<Rename>(&t.c, &t.text, pos, rename, Some(slow(ws))) {
                w.push(format!(
                    "line {} of {} is code {} does not compile (another `#if` branch): renamed the definition it compiles, {q} at line {}",
                    t.pos.line,
                    t.shown(),
                    s.command[0],
                    pos.line
                ));
                t.pos = pos;
                first = Ok(Some(e));
                break;
            }
        }
    }
    let edit = match first {
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
                t.shown(),
                t.pos.line,
                t.pos.col
            ),
        )
        .hint("point at a name the server knows, e.g. locate \"file:Cls.m\""));
    };
    let (mut per_file, file_ops) = lsp::rename_edits(edit);
    // The map's definitions of the target, read once for what follows: all of them for the
    // gaps, the ones it is sure of for the importers and the twins.
    let (defs, sure) = match lease.as_deref().ok().map(|m| map_definitions(m, &t)) {
        Some(Ok((defs, how))) => {
            let sure = if how.sure() { defs.clone() } else { Vec::new() };
            (defs, sure)
        }
        _ => (Vec::new(), Vec::new()),
    };
    if let Ok(map) = lease.as_deref() {
        across_packages(ws, map, &s, &t, (&mut per_file, new_name), w);
        each_importer(
            ws,
            map,
            &s,
            (&t, sure.first()),
            (&mut per_file, new_name),
            w,
        );
    }
    let mut outside: Vec<String> = Vec::new();
    let mut files = Vec::new();
    let mut diffs = Vec::new();
    let mut edits_total = 0;
    let mut texts = Vec::new();
    // (file, line) of every edit: what the map's uses are checked against.
    let mut edited: HashSet<(String, u32)> = HashSet::new();
    let filter = file_filter(ws, &p.file_filter)?;
    // The old name, for what the server left written in the files it edited.
    let old_name =
        indexer::syntax::word_from(indexer::syntax::line_at(&t.text, t.pos.line), t.pos.col)
            .to_string();
    let mut left: Vec<(String, u32)> = Vec::new();
    for (uri, edits) in &per_file {
        let Some(abs) = lsp::uri_to_path(uri) else {
            continue;
        };
        let Some(rel) = ws.rel_of(&abs) else {
            outside.push(abs.display().to_string());
            continue;
        };
        let c = Contained {
            rel: rel.clone(),
            abs: abs.clone(),
        };
        // The target's file was read once already: the text the server was given.
        let old = if abs == t.c.abs {
            t.text.clone()
        } else {
            ws.source(&c, &rel)?
        };
        // Each use its own edit (JDT LS gives one per file, from the first use to the last).
        let edits = lsp::split_edits(&old, edits, s.encoding());
        edits_total += edits.len();
        edited.extend(edits.iter().map(|e| (rel.clone(), e.range.start.line + 1)));
        // The lines where the map defines a namesake (another type's method) are its own.
        let namesakes: HashSet<u32> = lease
            .as_deref()
            .ok()
            .and_then(|m| m.db().symbols_named(&old_name, &rel).ok())
            .unwrap_or_default()
            .into_iter()
            .filter(|s| s.file == rel)
            .map(|s| s.name_line)
            .collect();
        let skip = |l: u32| edited.contains(&(rel.clone(), l)) || namesakes.contains(&l);
        for l in left_written(&old, &old_name, skip) {
            left.push((rel.clone(), l));
        }
        // Every file is listed with its edits; its diff only when the filter keeps it.
        files.push(FileEdits {
            file: rel.clone(),
            edits: edits.len(),
        });
        let check = p.check == Some(true);
        if filter.as_ref().is_some_and(|g| !g.is_match(&rel)) && !check {
            continue;
        }
        let new = lsp::apply_edits(&old, &edits, s.encoding());
        if check {
            texts.push((c, old.clone(), new.clone()));
            if filter.as_ref().is_some_and(|g| !g.is_match(&rel)) {
                continue;
            }
        }
        let diff = similar::TextDiff::from_lines(&*old, new.as_str())
            .unified_diff()
            .context_radius(3)
            .header(&format!("a/{rel}"), &format!("b/{rel}"))
            .to_string();
        diffs.push(FileDiff { file: rel, diff });
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
    server_state_across(&s, &t.c.abs, w);
    let (uses, mut missed, not_compared) = rename_gaps(ws, lease.as_deref().ok(), &defs, &edited);
    if not_compared > 0 {
        w.push(format!(
            "{not_compared} of the map's uses of it are in files changed since the last index run and were not compared with the edits (their lines in the map are old): `codemap index`, then preview again to check them"
        ));
    }
    // A server that knows every receiver's type renamed the calls that are this symbol's:
    // an untyped call it left is another symbol's (jsoup's `reader.matches(';')` beside
    // `Evaluator.matches`: 11 such were said as possibly missed).
    if t.lang.spec().server.types_every_receiver {
        missed.clear();
    }
    // The first places of a gap, `file:line, …`.
    let places = |at: &mut dyn Iterator<Item = (&str, u32)>| {
        at.take(3)
            .map(|(f, l)| format!("{f}:{l}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !uses.is_empty() {
        w.push(format!(
            "this rename may be incomplete: {} line(s) where the map resolved a use of this symbol are not in it ({}{}): code the server does not compile ({}) or cannot see; check them",
            uses.len(),
            places(&mut uses.iter().map(|(f, l)| (f.as_str(), *l))),
            if uses.len() > 3 { ", …" } else { "" },
            super::fallback::twin_place(t.lang)
        ));
    }
    left.retain(|x| !uses.contains(x));
    if !left.is_empty() {
        w.push(format!(
            "`{old_name}` is still written on {} line(s) of the edited files the rename leaves as they are ({}{}): a template, a string or a comment that names it fails or misleads once it is renamed; check them",
            left.len(),
            places(&mut left.iter().map(|(f, l)| (f.as_str(), *l))),
            if left.len() > 3 { ", …" } else { "" }
        ));
    }
    let twins = twins(ws, lease.as_deref().ok(), &t, &sure, &edited);
    for (name, f, l) in &twins {
        w.push(format!(
            "this rename may be incomplete: {name} is also defined at {f}:{l}, {}, which the server's build leaves out: that definition and the uses it alone sees are not in it; check them",
            super::fallback::twin_place(t.lang)
        ));
    }
    if !uses.is_empty() || !twins.is_empty() {
        w.extend(super::server::caveat(ws, t.lang));
    }
    // The methods of the name above and below it in its types (pyright renames one
    // method's uses: click's `Command.invoke` left `BaseCommand.invoke`, which it overrides,
    // and `MultiCommand.invoke`, which overrides it, unsaid; the base's stub then runs).
    if let Ok(map) = lease.as_deref() {
        let mut family: Vec<MapSymbol> = Vec::new();
        for d in &sure {
            let related = match super::hierarchy::override_family(map, d) {
                Ok(r) => r,
                Err(e) => {
                    w.push(format!(
                        "the methods {} overrides or that override it were not checked: the map could not be read ({})",
                        d.name, e.message
                    ));
                    Vec::new()
                }
            };
            for m in related {
                if !edited.contains(&(m.file.clone(), m.name_line))
                    && !family.iter().any(|f| f.node_id == m.node_id)
                {
                    family.push(m);
                }
            }
        }
        if !family.is_empty() {
            let named: Vec<String> = family
                .iter()
                .take(5)
                .map(|m| {
                    let q = m
                        .node_id
                        .split_once('#')
                        .map_or(m.name.as_str(), |(_, q)| q);
                    format!("{q} at {}:{}", m.file, m.name_line)
                })
                .collect();
            w.push(format!(
                "this rename may be incomplete: {} method(s) of the same name that this one overrides or that override it are not in it ({}{}): a call through the base type stops reaching the renamed one; rename them too, each with its own rename",
                family.len(),
                named.join(", "),
                if family.len() > 5 { ", …" } else { "" }
            ));
        }
    }
    if let Ok(map) = lease.as_deref() {
        w.extend(taken(map, t.lang, &sure, new_name));
    }
    if may_be_implemented(lease.as_deref().ok(), &defs) {
        outside_implementations(ws, lease.as_deref().ok(), &s, &t, w);
    }
    if !missed.is_empty() {
        w.push(format!(
            "this rename may be incomplete: {} call site(s) of `.{}(` on values whose type the map does not know are not in it ({}); they may call this symbol: check them",
            missed.len(),
            missed[0].written.rsplit(['.', ':']).next().unwrap_or(&missed[0].written),
            places(&mut missed.iter().map(|c| (c.file.as_str(), c.line)))
        ));
    }
    // Reads of the name off values of unknown type (not calls, which `missed` counts), in
    // the files the rename does not edit, for a compound name (a plain word, `get`, is
    // everywhere).
    if !t.lang.spec().server.types_every_receiver && compound(&old_name) {
        if let Ok(map) = lease.as_deref() {
            let touched: HashSet<&str> = files.iter().map(|f| f.file.as_str()).collect();
            let (reads, unread) =
                super::server::attribute_reads(ws, map, t.lang, &old_name, |f, _| {
                    touched.contains(f)
                });
            if !reads.is_empty() {
                w.push(format!(
                    "this rename may be incomplete: {} place(s) in files it does not edit use `.{old_name}` on a value without calling it, which the server did not take for this symbol ({}{}{}): if the value is of this symbol's type, they break; check them",
                    reads.len(),
                    places(&mut reads.iter().map(|(f, l)| (f.as_str(), *l))),
                    if reads.len() > 3 { ", …" } else { "" },
                    if unread > 0 { format!("; {unread} files were not read for it") } else { String::new() }
                ));
            }
        }
    }
    if let Some((word, (limit, writing))) = beyond {
        let left: Vec<&String> = writing
            .iter()
            .filter(|f| !files.iter().any(|e| &e.file == *f))
            .collect();
        if !left.is_empty() {
            let shown: Vec<&str> = left.iter().take(5).map(|f| f.as_str()).collect();
            w.push(format!(
                "this rename may be incomplete: {} renames only inside its project ({limit}), and {} file(s) outside it write `{word}` and get no edit here ({}{}): a use of this symbol there breaks; codemap refs lists the uses",
                s.command[0],
                left.len(),
                shown.join(", "),
                if left.len() > shown.len() { ", …" } else { "" }
            ));
        }
    }
    Ok(Preview {
        new_name: new_name.to_string(),
        summary,
        files,
        diffs,
        file_ops,
        edited: texts,
    })
}

/// The definitions already named `new_name` in the scope of a renamed one (httpx's
/// `to_bytes` renamed `to_str` beside an existing `to_str`: the server renames, every call
/// then reaches the other one, and the module defines the name twice), said with their
/// places. In a language with overloads only one that takes as many parameters collides.
fn taken(map: &Map, lang: indexer::Lang, sure: &[MapSymbol], new_name: &str) -> Vec<String> {
    let mut said = Vec::new();
    for d in sure {
        let Some(scope) = d.parent.as_deref() else {
            continue;
        };
        let members = match map.db().members_named(scope, new_name) {
            Ok(m) => m,
            Err(e) => {
                said.push(format!(
                    "whether `{new_name}` is already defined beside {} was not checked: the map could not be read ({e})",
                    d.name
                ));
                continue;
            }
        };
        for m in members {
            let clash = !lang.spec().overloads || (m.params.is_some() && m.params == d.params);
            if m.node_id != d.node_id && clash {
                said.push(format!(
                    "`{new_name}` is already defined in the same scope ({} {} at {}:{}): after this rename the two collide (a second definition, uses that reach the other one); pick another name",
                    m.kind, m.name, m.file, m.name_line
                ));
            }
        }
    }
    said
}

/// Whether the target can have implementations elsewhere: an interface (a trait) or one of
/// its methods, by the map; unknown to the map (no map, no definition found), it may. A plain
/// function or a class's method asks the server nothing more.
fn may_be_implemented(map: Option<&Map>, defs: &[MapSymbol]) -> bool {
    let Some(map) = map else { return true };
    if defs.is_empty() {
        return true;
    }
    defs.iter().any(|d| match d.kind.as_str() {
        "interface" => true,
        "method" => d.parent.as_deref().is_some_and(|p| {
            map.db()
                .symbol(p)
                .ok()
                .flatten()
                .is_some_and(|s| s.kind == "interface")
        }),
        _ => false,
    })
}

/// The implementations of the renamed interface or method that lie outside the workspace (a
/// dependency's type: gin's `render.Render.WriteContentType`, implemented by `sse.Event` in
/// the module cache): the server renames none of them, so they stop implementing it and the
/// build breaks where they are used as it. Said, with the first places: those in a
/// package the workspace imports first (a `String() string` interface has 29 in Go's
/// standard library alone).
fn outside_implementations(
    ws: &Workspace,
    map: Option<&Map>,
    s: &crate::lsp::Server,
    t: &Target,
    w: &mut Vec<String>,
) {
    if !s.supports(Capability::Implementation) {
        return;
    }
    let Ok(found) = s.locate(Locate::Implementation, &t.c, &t.text, t.pos, Some(slow(ws))) else {
        return;
    };
    // (imported, place), the imported first.
    let mut outside: Vec<(bool, String)> = found
        .iter()
        .filter_map(|l| {
            let abs = lsp::uri_to_path(l.uri.as_str())?;
            if ws.rel_of(&abs).is_some() {
                return None;
            }
            let imported = map.is_some_and(|m| imported_dir(m, &abs));
            Some((
                imported,
                format!("{}:{}", abs.display(), l.range.start.line + 1),
            ))
        })
        .collect();
    if outside.is_empty() {
        return;
    }
    outside.sort_by_key(|(imported, _)| !imported);
    let imported = outside.iter().filter(|(i, _)| *i).count();
    w.push(format!(
        "this rename may break the build: {} implementation(s) of it outside the workspace keep the old name{} ({}{}): where such a type is used as this interface (gin's `sse.Event` as `render.Render`) it no longer implements it; check them",
        outside.len(),
        if map.is_some() {
            format!(", {imported} of them in packages the workspace imports")
        } else {
            String::new()
        },
        outside
            .iter()
            .take(3)
            .map(|(_, p)| p.as_str())
            .collect::<Vec<_>>()
            .join(", "),
        if outside.len() > 3 { ", …" } else { "" }
    ));
}

/// Whether a workspace file imports the package of the directory holding `abs`, named by a
/// tail of its path without versions (Go's module cache:
/// `…/pkg/mod/github.com/gin-contrib/sse@v0.1.0/x.go` is `github.com/gin-contrib/sse`;
/// its standard library: `…/src/net/http/x.go` is `net/http`).
fn imported_dir(map: &Map, abs: &std::path::Path) -> bool {
    let Some(dir) = abs.parent() else {
        return false;
    };
    let parts: Vec<String> = dir
        .components()
        .filter_map(|c| match c {
            std::path::Component::Normal(s) => {
                let s = s.to_string_lossy();
                Some(s.split('@').next().unwrap_or(&s).to_string())
            }
            _ => None,
        })
        .collect();
    (0..parts.len()).rev().any(|from| {
        let module = parts[from..].join("/");
        map.db()
            .files_importing(&module, 1)
            .is_ok_and(|f| !f.is_empty())
    })
}

/// A preview in the answer's shape: the diffs from `offset` fitted to the budget (all of them
/// when unbounded).
pub fn rename_answer(ws: &Workspace, p: &RenameParams, preview: Preview, w: Vec<String>) -> Answer {
    let Preview {
        new_name,
        summary,
        files,
        diffs,
        file_ops,
        ..
    } = preview;
    let offset = p.offset.unwrap_or(0) as usize;
    let shown_total = diffs.len();
    let diffs: Vec<FileDiff> = diffs.into_iter().skip(offset).collect();
    let mut head = json!({"source": "lsp", "newName": new_name, "summary": &summary,
                          "files": &files, "written": false});
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
        return Answer {
            text: Text::new(move || rename_text(&summary, &files, &diffs)),
            data: head,
            dropped: None,
            warnings: w,
        };
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
        ListText::new(move |_, diffs| {
            rename_text(&summary, &files, diffs)
        }),
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
    ans
}

/// A file a rename edits, and how many edits it gets.
#[derive(Debug, Clone, Serialize)]
pub struct FileEdits {
    pub file: String,
    pub edits: usize,
}

/// A file's unified diff under a rename.
#[derive(Debug, Clone, Serialize)]
pub struct FileDiff {
    pub file: String,
    pub diff: String,
}

/// A rename preview as plain text: the summary, every file with its edits, the diffs shown.
fn rename_text(summary: &str, files: &[FileEdits], diffs: &[FileDiff]) -> String {
    let mut out = format!("{summary} (nothing written)\n");
    for f in files {
        out.push_str(&format!("  {} edits  {}\n", f.edits, f.file));
    }
    for d in diffs {
        out.push_str(&d.diff);
    }
    out
}

/// The target's twin definitions ([`twin_definitions`]) of the map's sure ones the rename does
/// not edit, and those sure ones when it has twins and the rename does not edit them (C's first
/// `#if` variant, to which the map links a call, when the server compiles another): (qualname,
/// file, line).
fn twins(
    ws: &Workspace,
    map: Option<&Map>,
    t: &Target,
    sure: &[MapSymbol],
    edited: &HashSet<(String, u32)>,
) -> Vec<(String, String, u32)> {
    let Some(map) = map else {
        return Vec::new();
    };
    let twins = twin_definitions(ws, map, t.lang, sure);
    let qualname = |s: &MapSymbol| {
        let q = s.node_id.split_once('#').map_or("", |(_, q)| q);
        q.split('~').next().unwrap_or(q).to_string()
    };
    let own = sure
        .iter()
        .filter(|_| !twins.is_empty())
        .map(|s| (qualname(s), s.clone()))
        .collect::<Vec<_>>();
    own.into_iter()
        .chain(twins)
        .filter(|(_, s)| !edited.contains(&(s.file.clone(), s.name_line)))
        .map(|(q, s)| (q, s.file, s.name_line))
        .collect()
}

/// What a server's rename may not reach, on lines it does not touch: uses the map resolved to
/// the symbol (code the server does not compile: an inactive `#[cfg]`, a Go build tag), and
/// calls of its name the map could not link to one definition. Without a map, nothing.
/// Also how many of the map's places were not compared: those in files changed since the last
/// index run, whose lines in the map are old (viper's `realKey` renamed after 8 lines were
/// added above its uses: 7 "may be incomplete" places, every one of them in the rename).
/// A use written under another name (zod's `z.instanceof(…)` through `export { _instanceof as
/// instanceof }`) is none a rename changes: not counted.
fn rename_gaps(
    ws: &Workspace,
    map: Option<&Map>,
    defs: &[MapSymbol],
    edited: &HashSet<(String, u32)>,
) -> (Vec<(String, u32)>, Vec<UntypedCall>, usize) {
    let none = || (Vec::new(), Vec::new(), 0);
    let Some(map) = map else { return none() };
    let mut changed: HashMap<String, bool> = HashMap::new();
    let mut stale = |f: &str| {
        *changed
            .entry(f.to_string())
            .or_insert_with(|| map.changed_since_indexed(f))
    };
    let mut skipped = 0usize;
    let mut uses: Vec<(String, u32)> = Vec::new();
    let mut texts: HashMap<String, Option<std::sync::Arc<str>>> = HashMap::new();
    for d in defs {
        let into = map
            .db()
            .edges_into(&d.node_id, USE_KINDS)
            .unwrap_or_default();
        for e in into {
            if stale(&e.file) {
                skipped += 1;
                continue;
            }
            if edited.contains(&(e.file.clone(), e.line)) {
                continue;
            }
            let text = texts.entry(e.file.clone()).or_insert_with(|| {
                crate::paths::contain(&ws.root, &e.file)
                    .and_then(|c| ws.source(&c, &e.file))
                    .ok()
            });
            let aliased = text.as_deref().is_some_and(|t| {
                let word = indexer::syntax::word_from(indexer::syntax::line_at(t, e.line), e.col);
                !word.is_empty() && word != d.name
            });
            if !aliased {
                uses.push((e.file, e.line));
            }
        }
    }
    uses.sort();
    uses.dedup();
    let Some(d) = defs
        .iter()
        .find(|d| callable(&d.kind, d.signature.as_deref()))
    else {
        return (uses, Vec::new(), skipped);
    };
    let mut calls = super::fallback::calls_named(map, d).unwrap_or_default();
    calls.retain(|c| {
        let old = stale(&c.file);
        skipped += usize::from(old);
        !old && !edited.contains(&(c.file.clone(), c.line))
    });
    (uses, calls, skipped)
}

#[cfg(test)]
mod tests {
    use super::left_written;

    /// (line, name, left written?)
    #[test]
    fn what_a_rename_leaves_written_is_found() {
        for (line, name, want) in [
            (
                "{{if .HasAvailableSubCommands}}",
                "HasAvailableSubCommands",
                true,
            ),
            (
                "// HasAvailableSubCommands says",
                "HasAvailableSubCommands",
                true,
            ),
            ("\"parse_args\": 1", "parse_args", true),
            (
                "o.HasAvailableSubCommands()",
                "HasAvailableSubCommands",
                false,
            ),
            ("p->parse_args(x)", "parse_args", false),
            ("/// let b = a.split_to(5);", "split_to", true),
            ("    //! m.get_index_of(&k)", "get_index_of", true),
            ("f().parse_args (x)", "parse_args", false),
            ("// it matches", "matches", false),
            (
                "HasAvailableSubCommandsToo",
                "HasAvailableSubCommands",
                false,
            ),
        ] {
            let got = !left_written(line, name, |_| false).is_empty();
            assert_eq!(got, want, "{line:?}");
        }
        assert!(left_written("{{.ParseArgs}}", "ParseArgs", |l| l == 1).is_empty());
    }
}
