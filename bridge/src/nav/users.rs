//! The files that use what an edit changes: `nav_check_edit` asks the server about them too,
//! so that the errors an edit causes in its callers are not left to a server's choice of what
//! to re-check (pyright re-checks open files only, clangd too, gopls the package).
//!
//! The declarations an edit changes come from a parse of both texts
//! ([`indexer::outline::changed_declarations`]); their uses, from the map's edges (a C or C++
//! prototype's, from its definition's: the map links calls there).

use super::fallback::{defined_apart, USE_KINDS};
use crate::lsp::{Capability, Locate, Server};
use crate::paths::{contain, Contained};
use crate::workspace::{lang_of, Workspace};
use indexer::lang::Lang;
use indexer::store::MapSymbol;
use std::collections::HashMap;
use std::sync::Arc;

/// How many users an edit's check asks about: the files with the most uses first. Each is
/// opened and checked by the server (clangd parses a C++ file in a second or more).
pub(super) const CHECKED_USERS: usize = 10;

/// The most calls of a changed declaration's name the map no longer has that are read for
/// the files to check.
const GONE_CALLS: usize = 200;

/// An edited file of one language: where it is, its text on disk and as edited.
pub(super) struct EditedFile<'a> {
    pub c: &'a Contained,
    pub lang: Lang,
    pub disk: &'a Arc<str>,
    pub edited: &'a Arc<str>,
}

/// The users of an edit's changed declarations.
#[derive(Default)]
pub(super) struct Users {
    /// The declarations the edit changes (gone, or another signature), by qualname.
    pub changed: Vec<String>,
    /// The files that use them, most uses first, at most [`CHECKED_USERS`], with their text.
    pub files: Vec<(Contained, Arc<str>)>,
    /// Files that use them beyond those, by path.
    pub more: Vec<String>,
    /// How many uses the map has of them outside the edited files.
    pub uses: usize,
    /// Calls of their names the map linked to no definition, in files that name the method's
    /// type (or any file, for a function), and in how many files: checked after the uses.
    pub unlinked: (usize, usize),
    /// Whether the map was read for them (else `files` is empty for want of it, said).
    pub looked: bool,
    /// Files the server's references found that the map's uses did not ([`server_users`]).
    pub by_server: usize,
    /// Whether the server was asked for the references of the changed declarations.
    pub server_asked: bool,
    /// Where each changed declaration's name is in the file on disk: the edited file's
    /// index among those given, and the place.
    pub changed_at: Vec<(usize, indexer::model::Pos)>,
}

/// The users, in files of `lang`, of the declarations `edited` changes; `all` are every
/// edited file of the check (none of them is a user). A map that cannot be read finds none,
/// and says so in `w`.
pub(super) fn users_of(
    ws: &Workspace,
    edited: &[EditedFile<'_>],
    all: &[&Contained],
    w: &mut Vec<String>,
) -> Users {
    let mut out = Users::default();
    let mut targets: Vec<MapSymbol> = Vec::new();
    // Changed declarations the map no longer has (renamed or removed, and indexed since):
    // their names' calls it links to nothing are their users.
    let mut gone: Vec<String> = Vec::new();
    let map = ws.map();
    for (k, e) in edited.iter().enumerate() {
        let (Ok(old), Ok(new)) = (
            ws.parsed_outline(e.c, e.lang, e.disk),
            ws.parsed_outline(e.c, e.lang, e.edited),
        ) else {
            continue;
        };
        let mut own = Vec::new();
        for i in indexer::outline::changed_declarations(&old, &new) {
            let q = &old[i].qualname;
            out.changed.push(q.clone());
            out.changed_at.push((k, old[i].name_span.start));
            let id = indexer::id::NodeId::symbol_id(e.lang, &e.c.rel, q);
            if let Ok(map) = &map {
                match map.db().symbol(&id) {
                    Ok(Some(s)) => own.push(s),
                    Ok(None) => gone.push(old[i].name.clone()),
                    Err(_) => {}
                }
            }
        }
        if let (Ok(map), Some(declares)) = (&map, e.lang.spec().declared_apart) {
            if let Ok(apart) = defined_apart(map, &e.c.rel, e.disk, &own, declares) {
                own.extend(apart);
            }
        }
        targets.extend(own);
    }
    if out.changed.is_empty() {
        return out;
    }
    let map = match map {
        Ok(m) => m,
        Err(e) => {
            w.push(format!(
                "the map could not be read ({}): the files that use the {} declaration(s) the edit changes were not found, and not checked (codemap index builds it)",
                e.message,
                out.changed.len()
            ));
            return out;
        }
    };
    out.looked = true;
    let mut per_file: HashMap<String, usize> = HashMap::new();
    for t in &targets {
        let Ok(into) = map.db().edges_into(&t.node_id, USE_KINDS) else {
            w.push(format!(
                "the map's uses of {} could not be read: files that use it may be missing from the check",
                t.node_id
            ));
            continue;
        };
        // A top-level name's importers bind it by name (`from .cells import cell_len`): a
        // file that only imports it, to call it under another name (`_cell_len = cell_len`),
        // has no call edge into it, and its uses break too.
        let (file_node, qual) = t.node_id.split_once('#').unwrap_or((&t.node_id, ""));
        let imported = if qual.is_empty() || qual.contains('.') {
            Vec::new()
        } else {
            map.db()
                .imports_of_member_into(&t.name, file_node)
                .unwrap_or_default()
        };
        // The methods of the name above and below it in its types: an override breaks when
        // the method it overrides changes (javapoet: `TypeName.emit` made private, and
        // `ClassName.emit`'s `@Override` fails; the map has no edge from it).
        let family = super::hierarchy::override_family(&map, t).unwrap_or_default();
        // An interface's method: every type below the interface must implement it as it is
        // now, those that inherit it and never write its name too (commons-collections4's
        // `Bag.getCount` given a parameter: `HashBag` "must implement" it, unchecked).
        let implementers: Vec<String> = match t.parent.as_deref() {
            Some(p) if t.kind == "method" && p.contains('#') => {
                let interface = map
                    .db()
                    .symbol(p)
                    .ok()
                    .flatten()
                    .is_some_and(|s| s.kind == "interface");
                if interface {
                    super::hierarchy::subtypes(&map, p)
                        .unwrap_or_default()
                        .iter()
                        .filter_map(|id| map.db().symbol(id).ok().flatten())
                        .map(|s| s.file)
                        .collect()
                } else {
                    Vec::new()
                }
            }
            _ => Vec::new(),
        };
        // An interface given a member: the values of the types below it, where they are
        // made or used, stop converting to it (echo's `Renderer` given `Name()`: the errors at
        // `e.Renderer = &TemplateRenderer{…}` in two test files, found only when gopls happened
        // to publish them).
        let values_of_implementers: Vec<String> = if t.kind == "interface" {
            super::hierarchy::subtypes(&map, &t.node_id)
                .unwrap_or_default()
                .iter()
                .flat_map(|id| map.db().edges_into(id, USE_KINDS).unwrap_or_default())
                .map(|e| e.file)
                .collect()
        } else {
            Vec::new()
        };
        let sites = into
            .into_iter()
            .map(|e| e.file)
            .chain(values_of_implementers)
            .chain(imported.into_iter().map(|(f, _, _)| f))
            .chain(family.into_iter().map(|m| m.file))
            .chain(implementers);
        for file in sites {
            if all.iter().any(|c| c.rel == file) {
                continue;
            }
            *per_file.entry(file).or_default() += 1;
            out.uses += 1;
        }
    }
    let mut files: Vec<(String, usize)> = per_file.into_iter().collect();
    files.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    // Then the calls of the names the map could not link (commons-text's
    // `script.append(new KeepCommand<>(…))`, one of three overloads it could not tell apart:
    // "no use in other files", and the two broken calls unchecked), in files that name the
    // method's type: `.append(` on a `StringBuilder` elsewhere is no use of it.
    let mut unlinked: HashMap<String, usize> = HashMap::new();
    for t in targets
        .iter()
        .filter(|t| matches!(t.kind.as_str(), "method" | "function"))
    {
        // The method's type and its subtypes: a value of a subtype calls it too
        // (marshmallow's `Field.serialize`, called on `fields.String(…)` in the tests: 170
        // broken calls unchecked when only files naming `Field` were).
        let type_name = |id: &str| {
            id.split_once('#').map(|(_, q)| {
                indexer::id::segment_name(q.rsplit('.').next().unwrap_or(q)).to_string()
            })
        };
        let ty: Option<Vec<String>> = t.parent.as_deref().and_then(type_name).map(|own| {
            let mut names = vec![own];
            if let Some(p) = t.parent.as_deref() {
                for sub in super::hierarchy::subtypes(&map, p).unwrap_or_default() {
                    if let Some(n) = type_name(&sub).filter(|n| !names.contains(n)) {
                        names.push(n);
                    }
                }
            }
            names
        });
        // This target's calls, each file kept if it names the target's own type.
        let mut of_target: HashMap<String, usize> = HashMap::new();
        for call in super::fallback::calls_named(&map, t).unwrap_or_default() {
            if all.iter().any(|e| e.rel == call.file) || files.iter().any(|(f, _)| *f == call.file)
            {
                continue;
            }
            *of_target.entry(call.file).or_default() += 1;
        }
        for (rel, n) in of_target {
            let names_type = ty.as_deref().is_none_or(|tys| {
                contain(&ws.root, &rel)
                    .and_then(|c| ws.source(&c, &rel))
                    .is_ok_and(|text| {
                        text.lines()
                            .any(|l| tys.iter().any(|ty| indexer::syntax::writes_word(l, ty)))
                    })
            });
            if names_type {
                *unlinked.entry(rel).or_default() += n;
            }
        }
    }
    // cobra: `HasParent` renamed and indexed: its 5 callers in `doc/` broke, unchecked, as
    // no edge led to them any more.
    gone.sort();
    gone.dedup();
    for name in &gone {
        let mut calls = map
            .db()
            .first_unlinked_calls_named(name, GONE_CALLS + 1)
            .unwrap_or_default();
        if calls.len() > GONE_CALLS {
            calls.truncate(GONE_CALLS);
            w.push(format!(
                "`{name}`, changed and no longer in the map, has more than {GONE_CALLS} calls the map links to nothing: the files of the first {GONE_CALLS} are its users here (partial)"
            ));
        }
        for call in calls {
            if all.iter().any(|e| e.rel == call.file) || files.iter().any(|(f, _)| *f == call.file)
            {
                continue;
            }
            *unlinked.entry(call.file).or_default() += 1;
        }
    }
    let mut unlinked: Vec<(String, usize)> = unlinked.into_iter().collect();
    unlinked.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    out.unlinked = (unlinked.iter().map(|(_, n)| n).sum(), unlinked.len());
    files.extend(unlinked);
    for (rel, _) in files {
        let read = || -> Option<(Contained, Arc<str>)> {
            let c = contain(&ws.root, &rel).ok()?;
            (lang_of(&c, &rel).ok()? == edited.first()?.lang).then_some(())?;
            let text = ws.source(&c, &rel).ok()?;
            Some((c, text))
        };
        match (out.files.len() < CHECKED_USERS).then(read).flatten() {
            Some(f) => out.files.push(f),
            None => out.more.push(rel),
        }
    }
    out
}

/// The most changed declarations whose references the server is asked for
/// ([`server_users`]).
const ASKED_DECLARATIONS: usize = 5;

/// The files the server's references of the changed declarations land in, added to `users`
/// where the map linked none of them: a use through a receiver the map could not type (hono:
/// `c.text(…)` on a callback's `c`, typed by inference: `Context.text` renamed, "adds and
/// removes no diagnostic", tsc's error in the caller unchecked). The first
/// [`ASKED_DECLARATIONS`] changed declarations ([`Users::changed_at`]) are asked; more are
/// said.
pub(super) fn server_users(
    ws: &Workspace,
    s: &Server,
    edited: &[EditedFile<'_>],
    all: &[&Contained],
    users: &mut Users,
    w: &mut Vec<String>,
) {
    if !s.supports(Capability::References) {
        return;
    }
    let asked = users.changed_at.len().min(ASKED_DECLARATIONS);
    let unasked = users.changed_at.len() - asked;
    let mut added: Vec<String> = Vec::new();
    let mut failed = Vec::new();
    for &(k, pos) in &users.changed_at[..asked] {
        let Some(e) = edited.get(k) else {
            continue;
        };
        let declaration = false;
        let locs = match s.locate(
            Locate::References { declaration },
            e.c,
            e.disk,
            pos,
            Some(ws.lsp_timeout),
        ) {
            Ok(locs) => locs,
            Err(err) => {
                failed.push(format!("{}:{} ({err})", e.c.rel, pos.line));
                continue;
            }
        };
        for l in locs {
            let Some(rel) = crate::lsp::uri_to_path(l.uri.as_str()).and_then(|p| ws.rel_of(&p))
            else {
                continue;
            };
            let known = all.iter().any(|c| c.rel == rel)
                || users.files.iter().any(|(c, _)| c.rel == rel)
                || users.more.contains(&rel)
                || added.contains(&rel);
            if !known {
                added.push(rel);
            }
        }
    }
    let lang = edited.first().map(|e| e.lang);
    for rel in &added {
        let read = || -> Option<(Contained, Arc<str>)> {
            let c = contain(&ws.root, rel).ok()?;
            (Some(lang_of(&c, rel).ok()?) == lang).then_some(())?;
            let text = ws.source(&c, rel).ok()?;
            Some((c, text))
        };
        match (users.files.len() < CHECKED_USERS).then(read).flatten() {
            Some(f) => users.files.push(f),
            None => users.more.push(rel.clone()),
        }
    }
    users.by_server = added.len();
    users.server_asked = asked > 0;
    if !failed.is_empty() {
        w.push(format!(
            "the server's references of {} changed declaration(s) could not be had ({}): their users the map does not link are not checked (partial)",
            failed.len(),
            failed.join(", ")
        ));
    }
    if unasked > 0 {
        w.push(format!(
            "the server's references were asked for the first {ASKED_DECLARATIONS} declaration(s) the edit changes, not the other {unasked}: their users the map does not link are not checked (partial)"
        ));
    }
}
