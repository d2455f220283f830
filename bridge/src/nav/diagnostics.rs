//! `nav_diagnostics` (a file's, or the changed files', errors and warnings from its server,
//! each in the symbol it is in; without a server, the parse errors, labelled) and
//! `nav_check_edit` (what a proposed edit would add and remove, checked by the server on the
//! edited text in memory; nothing is written), and the check of a rename preview.

use super::edit::{self, Compared, RangeEdit};
use super::list::{listing, Layout, ListText};
use super::server::{failed, server_state};
use super::users::{users_of, EditedFile, Users, CHECKED_USERS};
use crate::lsp::{CheckState, Diag, EditedText, ProjectCheck, Severity};
use crate::paths::{contain, Contained};
use crate::workspace::{lang_of, Workspace};
use answer::envelope::{Answer, ToolError};
use indexer::lang::Lang;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::sync::Arc;

/// The most files one answer checks (a larger change set is cut, and said so).
const MAX_FILES: usize = 50;

/// `nav_diagnostics`' arguments.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DiagnosticsParams {
    #[serde(default)]
    pub files: Vec<String>,
    /// Also the files changed since this git ref (e.g. HEAD).
    #[serde(default)]
    pub changed: Option<String>,
    #[serde(default)]
    #[schemars(schema_with = "answer::envelope::budget_schema")]
    pub token_budget: Option<u32>,
}

/// `nav_check_edit`'s arguments: a file with its new text or range edits, or a diff.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CheckEditParams {
    #[serde(default)]
    pub file: Option<String>,
    /// The file's whole new text.
    #[serde(default)]
    pub new_text: Option<String>,
    /// Ranges replaced (1-based, end exclusive).
    #[serde(default)]
    pub edits: Option<Vec<EditParam>>,
    /// A unified diff (one file or several).
    #[serde(default)]
    pub diff: Option<String>,
    #[serde(default)]
    #[schemars(schema_with = "answer::envelope::budget_schema")]
    pub token_budget: Option<u32>,
}

/// One range of `nav_check_edit`'s `edits`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EditParam {
    pub line: u32,
    pub col: u32,
    pub end_line: u32,
    pub end_col: u32,
    pub text: String,
}

/// Where a file's diagnostics came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Source {
    /// The server: asked for (`pulled`) or published; `complete` unless its time ran out.
    Lsp { pulled: bool, complete: bool },
    /// Tree-sitter's syntax errors: no server answered.
    Parse,
}

impl Source {
    fn label(self) -> &'static str {
        match self {
            Source::Lsp { .. } => "lsp",
            Source::Parse => "parse",
        }
    }
}

/// One diagnostic as answered: its file, the diagnostic, and the node of the innermost symbol
/// it is in.
#[derive(Debug, Clone)]
struct Item {
    file: String,
    d: Diag,
    node_id: Option<String>,
    /// `nav_check_edit`: `added` or `removed`; `nav_diagnostics` with `changed`: `new` (not
    /// there in the ref's text) or `old`.
    change: Option<&'static str>,
    /// From the server's project check of the disk (rust-analyzer's `cargo check`), merged
    /// into its own list: an in-memory check cannot compare it.
    from_disk_check: bool,
    detail: bool,
}

impl Serialize for Item {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let d = &self.d;
        let mut v = if self.detail {
            json!({"file": self.file, "line": d.start.line, "col": d.start.col,
                   "endLine": d.end.line, "endCol": d.end.col,
                   "severity": d.severity.as_str(), "message": d.message})
        } else {
            json!({"file": self.file, "at": answer::shape::at(d.start.line, d.start.col),
                   "severity": d.severity.as_str(), "message": d.message})
        };
        for (k, x) in [
            ("code", &d.code),
            ("source", &d.source),
            ("nodeId", &self.node_id),
        ] {
            if let Some(x) = x {
                v[k] = json!(x);
            }
        }
        if let Some(c) = self.change {
            v["change"] = json!(c);
        }
        v.serialize(s)
    }
}

/// Counts by severity, as answered (`{"error": 2, "warning": 1}`; none left out).
fn counts<'a>(ds: impl Iterator<Item = &'a Diag>) -> Value {
    let mut n = [0usize; 4];
    for d in ds {
        n[Severity::ALL
            .iter()
            .position(|s| *s == d.severity)
            .unwrap_or(0)] += 1;
    }
    let mut v = json!({});
    for (s, k) in Severity::ALL.iter().zip(n) {
        v[s.as_str()] = json!(k);
    }
    v
}

/// A file to check: inside the workspace, its language and its text on disk.
struct File {
    c: Contained,
    lang: Lang,
    text: Arc<str>,
}

fn open_file(ws: &Workspace, shown: &str) -> Result<File, ToolError> {
    let c = contain(&ws.root, shown)?;
    let lang = lang_of(&c, shown)?;
    let text = ws.source(&c, shown)?;
    Ok(File { c, lang, text })
}

/// The file's syntax errors from a parse of `text`, as diagnostics (source `parse`).
fn parse_diagnostics(lang: Lang, rel: &str, text: &str) -> Result<Vec<Diag>, ToolError> {
    let ex = indexer::extract::Extractor::shared().map_err(ToolError::internal)?;
    let mut worker = indexer::extract::Worker::bounded(indexer::extract::DEFAULT_PARSE_BOUND);
    Ok(ex
        .parse_errors(&mut worker, lang, rel, text.as_bytes())
        .into_iter()
        .map(|e| Diag {
            severity: Severity::Error,
            code: None,
            source: Some("parse".into()),
            message: e.message,
            start: e.start,
            end: e.end,
        })
        .collect())
}

/// The language's server, or why there is none (said once per language in `w`).
fn server_or_say(
    ws: &Workspace,
    lang: Lang,
    w: &mut Vec<String>,
) -> Option<Arc<crate::lsp::Server>> {
    match ws.server(lang) {
        Ok(s) => Some(s),
        Err(e) => {
            w.push(format!(
                "{}: {}{}: {} diagnostics are the files' parse errors (source: parse); type and name errors need the server",
                e.code.as_str(),
                e.message,
                e.hint.map(|h| format!(" ({h})")).unwrap_or_default(),
                lang.spec().name
            ));
            None
        }
    }
}

/// Say that a server's list may be partial: its time ran out, or it is unwell or loading.
fn said_partial(
    s: &crate::lsp::Server,
    rel: &str,
    complete: bool,
    waited: std::time::Duration,
    w: &mut Vec<String>,
) {
    if !complete {
        w.push(format!(
            "LSP_TIMEOUT: {} gave no diagnostics for this text of {rel} within {:.1}s: the list is the latest it gave, which may be an older text's (partial)",
            s.command[0],
            waited.as_secs_f64()
        ));
    }
    server_state(s, w);
}

/// Say that the compiler's diagnostics of a file (its server's project check, rust-analyzer's
/// `cargo check`) may be missing or old: the check was still running when the time was up, or
/// has not run since a file changed.
fn said_check(
    s: &crate::lsp::Server,
    rel: &str,
    c: &ProjectCheck,
    timeout: std::time::Duration,
    w: &mut Vec<String>,
) {
    let server = &s.command[0];
    let title = &c.title;
    match c.state {
        CheckState::Done => {}
        CheckState::Running => w.push(format!(
            "CHECK_RUNNING: {server}'s {title} was still running after {:.0}s: the compiler's errors (rustc's E0xxx) of {rel} may be missing or those of an earlier check (partial); ask again once it ends, raise --lsp-timeout-ms, or run {title} yourself",
            timeout.as_secs_f64()
        )),
        CheckState::NotRun => w.push(format!(
            "CHECK_NOT_RUN: {server} has not run {title} since {rel} or another file changed on disk (asked, none began): the compiler's errors (rustc's E0xxx) are missing or an earlier check's, only {server}'s own diagnostics are current (partial); run {title} yourself, or check that rust-analyzer.checkOnSave is on"
        )),
    }
}

/// The node ID of the innermost symbol of `text` (the file's text now, or an edit's) that
/// holds each diagnostic: read from a parse of that text, so an edit's positions have theirs.
fn items(
    ws: &Workspace,
    f: &File,
    text: &Arc<str>,
    ds: Vec<Diag>,
    change: Option<&'static str>,
) -> Vec<Item> {
    let outline = ws.parsed_outline(&f.c, f.lang, text).unwrap_or_default();
    ds.into_iter()
        .map(|d| {
            let node_id = indexer::outline::enclosing(&outline, d.start)
                .last()
                .map(|&i| indexer::id::NodeId::symbol_id(f.lang, &f.c.rel, &outline[i].qualname));
            Item {
                file: f.c.rel.clone(),
                d,
                node_id,
                change,
                from_disk_check: false,
                detail: ws.detail,
            }
        })
        .collect()
}

/// The files that use what changed since `git_ref` (declarations gone or of another
/// signature, from a parse of each modified file at the ref and now: [`users_of`]), at most
/// [`super::users::CHECKED_USERS`] per language, most uses first; said in `w`, with the
/// users left over. A renamed method's callers in unchanged files break too (gin's
/// `IsAborted` renamed: 15 errors in `context_test.go`, "no diagnostics" when only the
/// changed file was asked about).
fn changed_users(
    ws: &Workspace,
    git_ref: &str,
    set: &crate::git::ChangeSet,
    changed: &[String],
    w: &mut Vec<String>,
) -> Vec<String> {
    let mut opened = Vec::new();
    for path in changed {
        let (Some(old), Ok(f)) = (set.old.get(path), open_file(ws, path)) else {
            continue;
        };
        let old: Arc<str> = String::from_utf8_lossy(old).into();
        opened.push((f, old));
    }
    let all: Vec<&Contained> = opened.iter().map(|(f, _)| &f.c).collect();
    let mut langs: Vec<Lang> = opened.iter().map(|(f, _)| f.lang).collect();
    langs.sort();
    langs.dedup();
    let mut out = Vec::new();
    for lang in langs {
        let files: Vec<EditedFile<'_>> = opened
            .iter()
            .filter(|(f, _)| f.lang == lang)
            .map(|(f, old)| EditedFile {
                c: &f.c,
                lang,
                disk: old,
                edited: &f.text,
            })
            .collect();
        let users = users_of(ws, &files, &all, w);
        if users.changed.is_empty() {
            continue;
        }
        let checked: Vec<String> = users.files.iter().map(|(c, _)| c.rel.clone()).collect();
        if !checked.is_empty() || !users.more.is_empty() {
            w.push(format!(
                "USERS: {} declaration(s) changed since {git_ref} ({}): {} file(s) that use them are checked too ({}){}; the uses are those the map links (a call on a receiver of unknown type, through a function value or in a macro's body is not looked for)",
                users.changed.len(),
                shown(&mut users.changed.iter().cloned()),
                checked.len(),
                checked.join(", "),
                if users.more.is_empty() {
                    String::new()
                } else {
                    format!(
                        "; {} more use them and are not checked (partial): {}",
                        users.more.len(),
                        shown(&mut users.more.iter().cloned())
                    )
                }
            ));
        }
        out.extend(checked);
    }
    out
}

/// `nav_diagnostics`.
pub fn diagnostics(ws: &Workspace, p: &DiagnosticsParams) -> Result<Answer, ToolError> {
    let mut names = p.files.clone();
    let mut w = Vec::new();
    let mut baseline = None;
    if let Some(r) = &p.changed {
        let set = crate::git::change_set(&ws.root, r, None)?;
        let changed: Vec<String> = set
            .files
            .iter()
            .filter(|f| f.status != "deleted" && f.lang.is_some())
            .map(|f| f.path.clone())
            .collect();
        let users = changed_users(ws, r, &set, &changed, &mut w);
        names.extend(changed.iter().cloned());
        names.extend(users.iter().cloned());
        baseline = Some((r, set, changed, users));
    }
    // Each file once, in the order asked (a file named and also changed, or a user).
    let mut seen = std::collections::HashSet::new();
    names.retain(|n| seen.insert(n.clone()));
    if names.is_empty() {
        return Err(
            ToolError::bad_args("nav_diagnostics needs files, or changed (a git ref)")
                .hint("e.g. {\"files\": [\"src/app.py\"]} or {\"changed\": \"HEAD\"}"),
        );
    }
    if names.len() > MAX_FILES {
        w.push(format!(
            "{} files asked: the first {MAX_FILES} are checked (partial); ask for the rest by name",
            names.len()
        ));
        names.truncate(MAX_FILES);
    }
    let files = names
        .iter()
        .map(|n| open_file(ws, n))
        .collect::<Result<Vec<_>, _>>()?;
    let mut all = Vec::new();
    let mut per_file = Vec::new();
    let mut sources = Vec::new();
    let mut said: Vec<Lang> = Vec::new();
    // Files whose server's published list was merged into its pulled one, and the state of
    // the project check it comes from.
    let mut merged: Vec<String> = Vec::new();
    let mut check_state = Vec::new();
    for f in &files {
        let server = if said.contains(&f.lang) {
            None
        } else {
            server_or_say(ws, f.lang, &mut w)
        };
        let mut got = None;
        // How many of the file's diagnostics (its list's last) the project check gave.
        let mut pushed = 0;
        if let Some(s) = server {
            match s.disk_diagnostics(&f.c, &f.text, ws.lsp_timeout) {
                Ok(d) => {
                    said_partial(&s, &f.c.rel, d.complete, d.waited, &mut w);
                    if let Some(c) = &d.check {
                        check_state.push((f.c.rel.clone(), c.clone()));
                        said_check(&s, &f.c.rel, c, ws.lsp_timeout, &mut w);
                    }
                    if let Some(n) = d.pushed {
                        merged.push(f.c.rel.clone());
                        pushed = n;
                    }
                    if let Some(unchecked) = f.lang.spec().server.unchecked {
                        w.extend(unchecked(&ws.root, &f.c.rel, &f.text));
                    }
                    got = Some((
                        d.items,
                        Source::Lsp {
                            pulled: d.pulled,
                            complete: d.complete,
                        },
                    ));
                }
                Err(e) => failed(&mut w, e, "with the file's parse errors (source: parse)"),
            }
        } else if !said.contains(&f.lang) {
            said.push(f.lang);
        }
        let (ds, source) = match got {
            Some(g) => g,
            None => (parse_diagnostics(f.lang, &f.c.rel, &f.text)?, Source::Parse),
        };
        let mut head =
            json!({"file": f.c.rel, "source": source.label(), "counts": counts(ds.iter())});
        if let Source::Lsp { pulled, complete } = source {
            head["model"] = json!(match (pulled, merged.contains(&f.c.rel)) {
                (true, true) => "pull+push",
                (true, false) => "pull",
                _ => "push",
            });
            if !complete {
                head["complete"] = json!(false);
            }
            if let Some((_, c)) = check_state.iter().find(|(r, _)| *r == f.c.rel) {
                head["check"] = json!({"command": c.title, "state": match c.state {
                    CheckState::Done => "done",
                    CheckState::Running => "running",
                    CheckState::NotRun => "not run",
                }});
            }
        }
        per_file.push(head);
        sources.push(source.label());
        let mut these = items(ws, f, &f.text, ds, None);
        let from = these.len().saturating_sub(pushed);
        for i in &mut these[from..] {
            i.from_disk_check = true;
        }
        all.extend(these);
    }
    let since = match baseline {
        Some((r, set, changed, users)) if !all.is_empty() => Some(mark_since(
            ws,
            r,
            &set,
            (&changed, &users),
            &mut all,
            &mut w,
        )?),
        _ => None,
    };
    w.dedup();
    // New since the ref first, then old, then not compared; errors first within each.
    let rank = |c: Option<&str>| match c {
        Some("new") => 0,
        Some(_) => 1,
        None => 2,
    };
    all.sort_by(|a, b| {
        (
            rank(a.change),
            a.d.severity,
            &a.file,
            a.d.start.line,
            a.d.start.col,
        )
            .cmp(&(
                rank(b.change),
                b.d.severity,
                &b.file,
                b.d.start.line,
                b.d.start.col,
            ))
    });
    sources.sort();
    sources.dedup();
    let mut head = json!({"source": sources.join("+"), "counts": counts(all.iter().map(|i| &i.d)),
                      "files": per_file});
    if let Some(s) = since {
        head["since"] = s;
    }
    Ok(listing(
        "diagnostics",
        all,
        head,
        p.token_budget,
        "errors come first; ask for fewer files, or a larger tokenBudget",
        w,
        (Layout::AsIs, ws.shape()),
        ListText::new(|_, items: &[Item]| items_text(items, "no diagnostics")),
    ))
}

/// Mark each diagnostic of a `changed` answer `new` (absent from the ref's text) or `old`: the
/// modified files are put back to their text at `git_ref` in their server's memory (as
/// `nav_check_edit` checks an edit, then sent back), and the two lists compared, in them and
/// in the files their server checked again meanwhile (errors only there). A file added since
/// the ref has only new ones. What could not be compared stays unmarked, counted and said in
/// `w`. The answer's `since` section: the counts.
fn mark_since(
    ws: &Workspace,
    git_ref: &str,
    set: &crate::git::ChangeSet,
    (changed, users): (&[String], &[String]),
    all: &mut [Item],
    w: &mut Vec<String>,
) -> Result<Value, ToolError> {
    let mut reverted = Vec::new();
    let mut added_files = Vec::new();
    for path in changed {
        match set.old.get(path) {
            Some(old) => {
                let Ok(f) = open_file(ws, path) else { continue };
                let new: Arc<str> = String::from_utf8_lossy(old).into();
                reverted.push(Edited { f, new });
            }
            None => added_files.push(path.clone()),
        }
    }
    // The check's own warnings speak of "the edit": only a server's trouble is kept.
    let mut said = Vec::new();
    // The files that use what changed are checked while it is put back too: the map may not
    // know the declarations as they are now (a method renamed and not indexed), so the check
    // would not find them itself (requests: `tests/test_requests.py`'s 1,142 were not compared).
    let c = if reverted.is_empty() {
        None
    } else {
        Some(check_with(ws, &reverted, users, &mut said)?)
    };
    w.extend(
        said.into_iter()
            .filter(|x| !x.starts_with("CHECK_SCOPE") && !x.starts_with("CHECK_IN_MEMORY")),
    );
    // Present now and gone in the ref's text: the check's `removed`, at today's positions.
    let key = |i: &Item| {
        (
            i.file.clone(),
            i.d.start.line,
            i.d.start.col,
            i.d.message.clone(),
        )
    };
    let mut new = std::collections::HashSet::new();
    let mut gone = 0;
    // The compiler's errors a server publishes from its project check of the disk were not
    // part of the in-memory check: neither new nor old is known of them.
    let disk_check: Option<&(String, String)> = c.as_ref().and_then(|c| c.disk_only.first());
    let mut whole: Vec<&str> = Vec::new();
    let mut errors_only: Vec<&str> = Vec::new();
    if let Some(c) = &c {
        new.extend(c.removed.iter().map(key));
        gone = c.added.len();
        whole.extend(reverted.iter().map(|e| e.f.c.rel.as_str()));
        errors_only.extend(c.compared.iter().map(String::as_str));
    }
    let (mut n_new, mut n_old, mut n_unknown, mut n_disk) = (0, 0, 0, 0);
    for i in all.iter_mut() {
        let f = i.file.as_str();
        let added = added_files.iter().any(|a| a == f);
        i.change = if i.from_disk_check && !added && disk_check.is_some() {
            n_disk += 1;
            n_unknown += 1;
            None
        } else if added || new.contains(&key(i)) {
            n_new += 1;
            Some("new")
        } else if whole.contains(&f)
            || (i.d.severity == Severity::Error && errors_only.contains(&f))
        {
            n_old += 1;
            Some("old")
        } else {
            n_unknown += 1;
            None
        };
    }
    let unknown = if n_unknown > n_disk {
        format!(
            "; {} not compared (unmarked: a file's warnings other than the changed files', or a file the server did not check again), so they may be either",
            n_unknown - n_disk
        )
    } else {
        String::new()
    };
    let compiler = match disk_check {
        Some((server, title)) if n_disk > 0 => format!(
            "; {n_disk} are the compiler's ({server}'s {title}, which reads the disk and is not part of the in-memory check): not compared (unmarked), so they may be either"
        ),
        _ => String::new(),
    };
    w.push(format!(
        "SINCE: {n_new} of the {} diagnostic(s) are new since {git_ref} (marked new, listed first: absent when the {} modified file(s) are put back to their text at {git_ref} in the server's memory, or in a file added since), {n_old} were there at {git_ref} (marked old){unknown}{compiler}; {gone} there at {git_ref} are gone",
        all.len(),
        reverted.len(),
    ));
    let mut since =
        json!({"ref": git_ref, "new": n_new, "old": n_old, "notCompared": n_unknown, "gone": gone});
    if n_disk > 0 {
        since["compilerNotCompared"] = json!(n_disk);
    }
    Ok(since)
}

/// Diagnostics as plain text: one line each (`file:line:col  severity  message  [code]  in
/// node`), then the count.
fn items_text(items: &[Item], none: &str) -> String {
    let mut out = String::new();
    if items.is_empty() {
        out.push_str(none);
        out.push('\n');
    }
    for i in items {
        let d = &i.d;
        out.push_str(&format!(
            "{}{}:{}:{}  {}  {}{}{}\n",
            i.change.map_or(String::new(), |c| format!("{c}  ")),
            i.file,
            d.start.line,
            d.start.col,
            d.severity.as_str(),
            d.message.lines().next().unwrap_or(""),
            d.code
                .as_ref()
                .map_or(String::new(), |c| format!("  [{c}]")),
            i.node_id
                .as_ref()
                .map_or(String::new(), |n| format!("  in {n}")),
        ));
    }
    out
}

/// A file as an edit would make it.
pub(super) struct Edited {
    f: File,
    new: Arc<str>,
}

/// An edit's files and texts from `nav_check_edit`'s arguments: exactly one of `newText`,
/// `edits` (both with `file`) and `diff`. Bad ranges, a diff that does not read or apply, a
/// path outside the workspace or a binary file are `BAD_ARGS`-style errors; nothing is read
/// but the files named.
fn edited_files(ws: &Workspace, p: &CheckEditParams) -> Result<Vec<Edited>, ToolError> {
    let given = [p.new_text.is_some(), p.edits.is_some(), p.diff.is_some()];
    if given.iter().filter(|g| **g).count() != 1 {
        return Err(ToolError::bad_args(
            "nav_check_edit takes exactly one of newText, edits (each with file) or diff",
        )
        .hint("e.g. {\"file\": \"src/a.go\", \"edits\": [{\"line\": 3, \"col\": 1, \"endLine\": 3, \"endCol\": 5, \"text\": \"x\"}]}"));
    }
    if let Some(d) = &p.diff {
        let patches = edit::parse_diff(d)
            .map_err(|e| ToolError::bad_args(format!("the diff does not read: {e}")))?;
        let mut out: Vec<Edited> = Vec::new();
        for patch in &patches {
            if p.file.as_deref().is_some_and(|f| f != patch.path) {
                continue;
            }
            let f = open_file(ws, &patch.path)?;
            let new = edit::apply_patch(&f.text, patch)
                .map_err(|e| ToolError::bad_args(format!("the diff does not apply: {e}")))?;
            out.push(Edited { f, new: new.into() });
        }
        if out.is_empty() {
            return Err(ToolError::bad_args(format!(
                "the diff edits none of {}",
                p.file.as_deref().unwrap_or("the files")
            )));
        }
        return Ok(out);
    }
    let Some(name) = &p.file else {
        return Err(ToolError::bad_args("newText and edits need file"));
    };
    let f = open_file(ws, name)?;
    let new = match (&p.new_text, &p.edits) {
        (Some(t), _) => t.clone(),
        (_, Some(es)) => {
            let es: Vec<RangeEdit> = es
                .iter()
                .map(|e| RangeEdit {
                    line: e.line,
                    col: e.col,
                    end_line: e.end_line,
                    end_col: e.end_col,
                    text: e.text.clone(),
                })
                .collect();
            edit::apply_range_edits(&f.text, &es)
                .map_err(|e| ToolError::bad_args(format!("{name}: {e}")))?
        }
        _ => unreachable!("one of the three was given"),
    };
    Ok(vec![Edited { f, new: new.into() }])
}

/// What an edit does to its files' diagnostics: per file, the comparison and its source.
pub(super) struct Checked {
    files: Vec<Value>,
    added: Vec<Item>,
    removed: Vec<Item>,
    unchanged: usize,
    source: String,
    /// How many files a server checked: the edited ones, and the others it published again
    /// during the edit.
    edited: usize,
    elsewhere: usize,
    /// Of those elsewhere, files that use what the edit changes, asked about for it.
    users: usize,
    /// The declarations the edit changes (gone, or of another signature), by qualname.
    changed: Vec<String>,
    /// The files elsewhere whose errors were compared (published again during the edit),
    /// whether or not any changed.
    compared: Vec<String>,
    /// Servers whose project check (rust-analyzer's `cargo check`: the compiler's errors)
    /// reads the disk and so was not part of the in-memory check: (server, check's title).
    disk_only: Vec<(String, String)>,
}

/// Check edited texts: for each language, its server's diagnostics of each file's disk text,
/// then of its edited text in the server's memory (sent back to the disk text after), and the
/// two compared; without a server, the parse errors of both texts, labelled.
fn check(ws: &Workspace, edited: &[Edited], w: &mut Vec<String>) -> Result<Checked, ToolError> {
    check_with(ws, edited, &[], w)
}

/// [`check`], with `also`: files (workspace-relative) asked about during the edit beside the
/// users the map finds, as users are.
fn check_with(
    ws: &Workspace,
    edited: &[Edited],
    also: &[String],
    w: &mut Vec<String>,
) -> Result<Checked, ToolError> {
    let mut out = Checked {
        files: Vec::new(),
        added: Vec::new(),
        removed: Vec::new(),
        unchanged: 0,
        source: String::new(),
        edited: 0,
        elsewhere: 0,
        users: 0,
        changed: Vec::new(),
        compared: Vec::new(),
        disk_only: Vec::new(),
    };
    let mut sources = Vec::new();
    // Files the edit does not touch whose diagnostics their server published again.
    let mut others: Vec<(Lang, crate::lsp::Elsewhere)> = Vec::new();
    let mut langs: Vec<Lang> = edited.iter().map(|e| e.f.lang).collect();
    langs.sort();
    langs.dedup();
    for lang in langs {
        let group: Vec<&Edited> = edited.iter().filter(|e| e.f.lang == lang).collect();
        let mut by_server = None;
        if let Some(s) = server_or_say(ws, lang, w) {
            // Loading before the check, or only busy with it (JDT LS reports the edit's
            // build as progress: "still loading" after a check, while `status` said ready).
            let loading_before = s.loading();
            let all: Vec<&Contained> = edited.iter().map(|e| &e.f.c).collect();
            let files: Vec<EditedFile<'_>> = group
                .iter()
                .map(|e| EditedFile {
                    c: &e.f.c,
                    lang,
                    disk: &e.f.text,
                    edited: &e.new,
                })
                .collect();
            let mut users = users_of(ws, &files, &all, w);
            super::users::server_users(ws, &s, &files, &all, &mut users, w);
            for rel in also {
                let known = all.iter().any(|c| c.rel == *rel)
                    || users.files.iter().any(|(c, _)| c.rel == *rel);
                if known || users.files.len() >= CHECKED_USERS {
                    continue;
                }
                if let Ok(f) = open_file(ws, rel) {
                    if f.lang == lang {
                        users.files.push((f.c, f.text));
                    }
                }
            }
            let user_texts: Vec<(&Contained, &str)> =
                users.files.iter().map(|(c, t)| (c, &**t)).collect();
            let run = || -> Result<_, crate::lsp::LspError> {
                let before = group
                    .iter()
                    .map(|e| s.diagnostics(&e.f.c, &e.f.text, ws.lsp_timeout))
                    .collect::<Result<Vec<_>, _>>()?;
                let texts: Vec<EditedText<'_>> = group
                    .iter()
                    .map(|e| EditedText {
                        file: &e.f.c,
                        disk: &e.f.text,
                        edited: &e.new,
                    })
                    .collect();
                let after = s.diagnostics_of_edit(&texts, &user_texts, ws.lsp_timeout)?;
                Ok((before, after))
            };
            match run() {
                Ok((
                    before,
                    crate::lsp::EditDiagnosed {
                        files: after,
                        elsewhere,
                        unchecked,
                    },
                )) => {
                    let published: Vec<&std::path::Path> =
                        elsewhere.iter().map(|o| o.abs.as_path()).collect();
                    let scope = Scope {
                        edited: group.len(),
                        elsewhere: elsewhere.len(),
                        published: &published,
                        users: &users,
                        unchecked: &unchecked,
                    };
                    said_scope(ws, &s, &scope, w);
                    if let Some(title) = s.project_check() {
                        out.disk_only.push((s.command[0].clone(), title));
                    }
                    out.edited += group.len();
                    out.elsewhere += elsewhere.len();
                    out.users += users.files.len() - unchecked.len().min(users.files.len());
                    out.changed.extend(users.changed.iter().cloned());
                    others.extend(elsewhere.into_iter().map(|o| (lang, o)));
                    for (e, (b, a)) in group.iter().zip(before.iter().zip(&after)) {
                        let from = w.len();
                        said_partial(
                            &s,
                            &e.f.c.rel,
                            b.complete && a.complete,
                            b.waited + a.waited,
                            w,
                        );
                        if !loading_before {
                            let said = w.split_off(from);
                            w.extend(said.into_iter().filter(|x| !x.starts_with("LSP_LOADING: ")));
                        }
                    }
                    by_server = Some(
                        before
                            .into_iter()
                            .zip(after)
                            .map(|(b, a)| (b.items, a.items, b.complete && a.complete))
                            .collect::<Vec<_>>(),
                    );
                }
                Err(e) => failed(w, e, "with the parse errors of both texts (source: parse)"),
            }
        }
        let source = if by_server.is_some() { "lsp" } else { "parse" };
        sources.push(source);
        let pairs = match by_server {
            Some(p) => p,
            None => group
                .iter()
                .map(|e| {
                    Ok((
                        parse_diagnostics(lang, &e.f.c.rel, &e.f.text)?,
                        parse_diagnostics(lang, &e.f.c.rel, &e.new)?,
                        true,
                    ))
                })
                .collect::<Result<Vec<_>, ToolError>>()?,
        };
        for (e, (before, after, complete)) in group.iter().zip(pairs) {
            let kept = edit::kept_lines(&e.f.text, &e.new);
            let Compared {
                added,
                removed,
                unchanged,
            } = edit::compare(&before, &after, &kept);
            let mut head = json!({"file": e.f.c.rel, "source": source,
                                  "added": counts(added.iter()), "removed": removed.len(),
                                  "unchanged": unchanged});
            if !complete {
                head["complete"] = json!(false);
            }
            out.files.push(head);
            out.unchanged += unchanged;
            out.added
                .extend(items(ws, &e.f, &e.new, added, Some("added")));
            out.removed
                .extend(items(ws, &e.f, &e.f.text, removed, Some("removed")));
        }
    }
    // Other files' errors only: their warnings come in stages (gopls' analyzers a second
    // after its type errors, and not at all while a package has one), so a warning there
    // may look added or removed by an edit that did not touch it.
    for (lang, mut o) in others {
        o.before.retain(|d| d.severity == Severity::Error);
        o.after.retain(|d| d.severity == Severity::Error);
        let Ok(rel) = o.abs.strip_prefix(&ws.root) else {
            continue;
        };
        let rel = rel.to_string_lossy().into_owned();
        out.compared.push(rel.clone());
        let c = Contained { rel, abs: o.abs };
        let kept: Vec<Option<u32>> = (1..=o
            .before
            .iter()
            .chain(&o.after)
            .map(|d| d.start.line)
            .max()
            .unwrap_or(0))
            .map(Some)
            .collect();
        let Compared {
            added,
            removed,
            unchanged,
        } = edit::compare(&o.before, &o.after, &kept);
        if added.is_empty() && removed.is_empty() {
            continue;
        }
        let Ok(text) = ws.source(&c, &c.rel) else {
            continue;
        };
        let f = File { c, lang, text };
        out.files
            .push(json!({"file": f.c.rel, "source": "lsp", "elsewhere": true,
                              "added": counts(added.iter()), "removed": removed.len(),
                              "unchanged": unchanged}));
        out.unchanged += unchanged;
        out.added
            .extend(items(ws, &f, &f.text, added, Some("added")));
        out.removed
            .extend(items(ws, &f, &f.text, removed, Some("removed")));
    }
    sources.sort();
    sources.dedup();
    out.source = sources.join("+");
    w.dedup();
    Ok(out)
}

/// What a server's check of an edit covered (see [`said_scope`]).
struct Scope<'a> {
    edited: usize,
    /// Other files it published again during the edit, users among them.
    elsewhere: usize,
    /// Those files.
    published: &'a [&'a std::path::Path],
    users: &'a Users,
    /// Users it gave no list of during the edit.
    unchecked: &'a [std::path::PathBuf],
}

/// The first eight of `names`, `, `-separated, and how many more.
fn shown(names: &mut dyn Iterator<Item = String>) -> String {
    let all: Vec<String> = names.collect();
    let mut list = all.iter().take(8).cloned().collect::<Vec<_>>().join(", ");
    if all.len() > 8 {
        list.push_str(&format!(", and {} more", all.len() - 8));
    }
    list
}

/// Say what a server's check of an edit covered: the edited files, the files that use what
/// it changes (asked about, as many as [`CHECKED_USERS`]), and the other files it published
/// again meanwhile; an error the edit causes in another file it did not check is missing, and
/// the compiler's errors of a project check (rust-analyzer's `cargo check`) are not part of an
/// in-memory check at all.
fn said_scope(ws: &Workspace, s: &crate::lsp::Server, k: &Scope<'_>, w: &mut Vec<String>) {
    let server = &s.command[0];
    let files = |n: usize| format!("{n} file{}", if n == 1 { "" } else { "s" });
    let u = k.users;
    let pulled = s.supports(crate::lsp::Capability::Diagnostic);
    // The users it gave a list of during the edit, among `elsewhere`.
    let answered = u.files.len() - k.unchecked.len().min(u.files.len());
    let mut said = format!(
        "CHECK_SCOPE: {} checked: the edited {}",
        files(k.edited + k.elsewhere.max(answered)),
        if k.edited == 1 { "one" } else { "ones" }
    );
    if u.changed.is_empty() {
        said.push_str(", and the edit changes no declaration (a parse of both texts: bodies only, an inferred type aside), so no file that uses it was asked about");
    } else if !u.looked {
        said.push_str(&format!(
            ", not the files that use the {} declaration(s) it changes ({}): the map was not read",
            u.changed.len(),
            shown(&mut u.changed.iter().cloned())
        ));
    } else if u.uses == 0 && u.unlinked.0 == 0 && u.by_server == 0 {
        said.push_str(&format!(
            ", and the {} declaration(s) it changes ({}) have no use in other files in the map",
            u.changed.len(),
            shown(&mut u.changed.iter().cloned())
        ));
    } else {
        let unlinked = if u.unlinked.0 > 0 {
            format!(
                ", and {} call(s) of their names it could not link, in {} that name{} their type",
                u.unlinked.0,
                files(u.unlinked.1),
                if u.unlinked.1 == 1 { "s" } else { "" }
            )
        } else {
            String::new()
        };
        let unlinked = if u.by_server > 0 {
            format!(
                "{unlinked}, and {} the server's references found",
                files(u.by_server)
            )
        } else {
            unlinked
        };
        said.push_str(&format!(
            ", and {} that use{} the {} declaration(s) it changes ({}; the map's {} use(s) of them{unlinked})",
            files(u.files.len()),
            if u.files.len() == 1 { "s" } else { "" },
            u.changed.len(),
            shown(&mut u.changed.iter().cloned()),
            u.uses
        ));
    }
    if k.elsewhere > answered {
        said.push_str(&format!(
            "; and {} {server} published again during the edit",
            files(k.elsewhere - answered)
        ));
    }
    // The map's uses are what it could link: a call on a value of unknown type, through a
    // function value or written inside a macro is not among them.
    if u.looked && !u.changed.is_empty() {
        said.push_str(if u.server_asked {
            "; uses the map could not link (a receiver of unknown type, a function value, a macro's body) were looked for in the server's references"
        } else {
            "; uses the map could not link (a receiver of unknown type, a function value, a macro's body) were not looked for"
        });
    }
    w.push(said);
    // Users past the first ones that the server published again during the edit were
    // checked after all (echo's `context_test.go`, said unchecked beside its 50 errors).
    let more: Vec<&String> = u
        .more
        .iter()
        .filter(|rel| !k.published.iter().any(|p| p.ends_with(rel.as_str())))
        .collect();
    if !more.is_empty() {
        w.push(format!(
            "CHECK_SCOPE: {} more use what the edit changes and were not checked (the first {CHECKED_USERS} by uses were): {}; errors the edit causes there are missing (partial): after writing it, run codemap diagnostics on them",
            files(more.len()),
            shown(&mut more.iter().map(|r| r.to_string()))
        ));
    }
    if !k.unchecked.is_empty() {
        let rel = |p: &std::path::PathBuf| {
            p.strip_prefix(&ws.root)
                .map_or_else(|_| p.display().to_string(), |r| r.display().to_string())
        };
        w.push(format!(
            "CHECK_SCOPE: {server} gave no list during the edit for {} of the {} that use what it changes ({}): {}; errors the edit causes there may be missing; after writing it, run codemap diagnostics on them",
            k.unchecked.len(),
            files(u.files.len()),
            if pulled {
                "it did not answer in time"
            } else {
                "unchanged, or not checked again: it does not say which"
            },
            shown(&mut k.unchecked.iter().map(rel))
        ));
    }
    if let Some(title) = s.project_check() {
        w.push(format!(
            "CHECK_IN_MEMORY: {server}'s {title} (the compiler's errors, rustc's E0xxx such as a trait not implemented or a method not found) reads the disk and is not part of an in-memory check: only {server}'s own diagnostics were compared; write the edit and run codemap diagnostics on the file, which waits for {title}"
        ));
    }
}

/// Hints and notes "removed" from a folder (a Go package) where the edit adds errors: a
/// server may skip its analyzers while the code does not type-check (gopls: 8 modernize and
/// deprecation hints "removed" before echo's one real error), so they are unreported, not
/// fixed. Taken out of the list, counted in a warning.
fn quiet_hints_apart(c: &mut Checked, w: &mut Vec<String>) {
    use crate::lsp::Severity;
    let folder = |f: &str| f.rsplit_once('/').map_or("", |(d, _)| d).to_string();
    let erring: std::collections::HashSet<String> = c
        .added
        .iter()
        .filter(|i| i.d.severity == Severity::Error)
        .map(|i| folder(&i.file))
        .collect();
    let (quiet, kept): (Vec<Item>, Vec<Item>) =
        std::mem::take(&mut c.removed).into_iter().partition(|i| {
            matches!(i.d.severity, Severity::Information | Severity::Hint)
                && erring.contains(&folder(&i.file))
        });
    c.removed = kept;
    if !quiet.is_empty() {
        w.push(format!(
            "{} hint(s) or note(s) no longer published in folder(s) where the edit adds errors are not listed as removed: a server may skip its analyzers while the code does not type-check, so they may be unreported rather than fixed",
            quiet.len()
        ));
    }
}

/// `nav_check_edit`.
pub fn check_edit(ws: &Workspace, p: &CheckEditParams) -> Result<Answer, ToolError> {
    let edited = edited_files(ws, p)?;
    let mut w = Vec::new();
    let mut c = check(ws, &edited, &mut w)?;
    quiet_hints_apart(&mut c, &mut w);
    if c.source.contains("lsp") {
        for e in &edited {
            if let Some(unchecked) = e.f.lang.spec().server.unchecked {
                w.extend(unchecked(&ws.root, &e.f.c.rel, &e.new));
            }
        }
    }
    // An edit that leaves a file unparsable: a server may stop reporting its type errors
    // (gopls: a syntax error "removed" 19 errors that were still there, cobra).
    if !c.removed.is_empty() {
        let broken: Vec<String> = edited
            .iter()
            .filter(|e| {
                let now = parse_diagnostics(e.f.lang, &e.f.c.rel, &e.new).unwrap_or_default();
                let before = parse_diagnostics(e.f.lang, &e.f.c.rel, &e.f.text).unwrap_or_default();
                now.len() > before.len()
            })
            .map(|e| e.f.c.rel.clone())
            .collect();
        if !broken.is_empty() {
            w.push(format!(
                "CHECK_UNPARSABLE: the edit leaves a syntax error in {} (the parse's): a server may stop reporting the type errors of a file it cannot parse, so the {} removed may be unreported rather than fixed; fix the syntax and check again",
                broken.join(", "),
                c.removed.len()
            ));
        }
    }
    // A server whose compiler check reads the disk compared only its own diagnostics: "no
    // diagnostic added" is not the compiler's word (indexmap: renaming `get_index_of` in
    // memory "adds and removes no diagnostic"; written, `cargo check` gave 10 E0599).
    let none = match c.disk_only.first() {
        Some((server, title)) => format!(
            "{server}'s own diagnostics: the edit adds and removes none (nothing written); the compiler's errors ({title}) are not checked on an edit in memory: write it and run codemap diagnostics on the files"
        ),
        None => "the edit adds and removes no diagnostic (nothing written)".to_string(),
    };
    let mut head = json!({"source": c.source, "written": false,
                      "added": counts(c.added.iter().map(|i| &i.d)),
                      "removed": c.removed.len(), "unchanged": c.unchanged,
                      "checked": {"edited": c.edited, "elsewhere": c.elsewhere,
                                  "users": c.users, "changed": c.changed.len()},
                      "files": c.files});
    if !c.disk_only.is_empty() {
        head["compilerChecked"] = json!(false);
    }
    let mut list = c.added;
    list.sort_by(|a, b| {
        (a.d.severity, &a.file, a.d.start.line).cmp(&(b.d.severity, &b.file, b.d.start.line))
    });
    list.extend(c.removed);
    Ok(listing(
        "diagnostics",
        list,
        head,
        p.token_budget,
        "added errors come first; a larger tokenBudget shows the rest",
        w,
        (Layout::AsIs, ws.shape()),
        ListText::new(move |_, items: &[Item]| items_text(items, &none)),
    ))
}

/// A rename preview's files as edits (`old` its text now, `new` after), checked as
/// `nav_check_edit` checks them: the `check` section of `nav_rename`'s answer and its text.
pub(super) fn check_rename(
    ws: &Workspace,
    files: Vec<(Contained, Arc<str>, String)>,
    w: &mut Vec<String>,
) -> Result<(Value, String), ToolError> {
    let mut edited = Vec::new();
    for (c, old, new) in files {
        let lang = lang_of(&c, &c.rel)?;
        edited.push(Edited {
            f: File { c, lang, text: old },
            new: new.into(),
        });
    }
    let c = check(ws, &edited, w)?;
    const SHOWN: usize = 30;
    let mut added = c.added;
    added.sort_by(|a, b| {
        (a.d.severity, &a.file, a.d.start.line).cmp(&(b.d.severity, &b.file, b.d.start.line))
    });
    let total = added.len();
    let by_severity = counts(added.iter().map(|i| &i.d));
    added.truncate(SHOWN);
    let text = format!(
        "check: {} diagnostic(s) added, {} removed, {} unchanged (source {})\n{}",
        total,
        c.removed.len(),
        c.unchanged,
        c.source,
        items_text(&added, "")
    );
    let mut v = json!({"source": c.source, "added": by_severity,
                       "removed": c.removed.len(), "unchanged": c.unchanged,
                       "diagnostics": added});
    v["added"]["total"] = json!(total);
    v["checked"] = json!({"edited": c.edited, "elsewhere": c.elsewhere});
    if total > SHOWN {
        v["shown"] = json!(SHOWN);
    }
    Ok((v, text))
}
