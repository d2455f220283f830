//! The uses of an npm workspace package's symbol in the workspace's other packages, which a
//! server's references from one side do not reach: tsc reads a package another imports by
//! its name through the package's built declarations (its `exports`' or `types`' `.d.ts`),
//! or through its source as a file of another project, and lists the uses of one project
//! only. Asked across: from a use, the definition in another package; from the definition,
//! the first import of each package importing it by the package's name. `nav_references`
//! adds what comes of it, `nav_rename` edits it.

use super::server::slow;
use crate::lsp::{Locate, Server};
use crate::workspace::Workspace;
use answer::query::Map;
use indexer::export::document::find_word;
use indexer::model::Pos;
use indexer::project::{holds, Project};
use indexer::store::MapSymbol;
use lsp_types::Location;
use std::collections::HashSet;
use std::time::Instant;

/// How many lines below an import's first line its names are looked for: a statement of
/// one import per line (`import {\n  a,\n  b,\n} from 'm'`) names each on a line of its own.
const IMPORT_LINES: usize = 64;

/// Where `name` is written at `line:at` of the workspace's `file`, or on the lines below it
/// (the map places an import at its statement's first line): the file, its text now and the
/// spot; else what stands in the way, said.
pub(super) fn site(
    ws: &Workspace,
    file: &str,
    line: u32,
    at: u32,
    name: &str,
) -> Result<(crate::paths::Contained, std::sync::Arc<str>, Pos), String> {
    let Ok(c) = crate::paths::contain(&ws.root, file) else {
        return Err("outside the workspace".into());
    };
    let Ok(Some(text)) = ws.text(&c.abs) else {
        return Err("not readable".into());
    };
    let word = indexer::syntax::is_word_char;
    let found = text
        .lines()
        .skip(line.saturating_sub(1) as usize)
        .take(IMPORT_LINES)
        .enumerate()
        .find_map(|(i, l)| {
            let from = if i == 0 { at.max(1) } else { 1 };
            find_word(l, name, from, word).map(|(col, _)| (line + i as u32, col))
        });
    match found {
        Some((line, col)) => Ok((c, text, Pos { line, col })),
        None => Err(format!("{name} is no longer on that line")),
    }
}

/// The most importing packages asked from.
const IMPORTER_PACKAGES: usize = 8;

/// Whether `file` is a declaration file (`.d.ts`, `.d.mts`, `.d.cts`), what a package's build
/// writes beside its code.
pub(super) fn declarations(file: &str) -> bool {
    [".d.ts", ".d.mts", ".d.cts"]
        .iter()
        .any(|e| file.ends_with(e))
}

/// Whether a workspace-relative `file` is the package at `root`'s own: inside its folder, in
/// none of the packages `nested` in it (the root `package.json`'s project holds its
/// workspaces' folders), and not installed code (`node_modules`).
fn owned(root: &str, nested: &[String], file: &str) -> bool {
    !std::path::Path::new(file).is_absolute()
        && holds(root, file)
        && !nested.iter().any(|n| holds(n, file))
        && !file.split('/').any(|c| c == "node_modules")
}

/// The roots of the projects inside `pkg`'s folder.
fn nested_in(projects: &indexer::project::Projects, pkg: &Project) -> Vec<String> {
    projects
        .nested(pkg)
        .into_iter()
        .map(str::to_string)
        .collect()
}

/// How the server binds one importing package's imports of the target's package.
#[derive(Debug, PartialEq, Eq)]
enum Binds {
    /// To the target's own file.
    Source,
    /// To another file inside the target's package (its built declarations), at this place.
    Built(String),
    /// To somewhere else (another package of the name, or nothing).
    Elsewhere(String),
}

/// A definition the server gave: its file (workspace-relative, else absolute), line, and
/// the map's node named there, its overloads' `~N` cut (`…#Observable.pipe~3` is
/// `…#Observable.pipe`: the server lands on the overload a use matches).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct DefAt {
    file: String,
    line: u32,
    col: u32,
    node: Option<String>,
}

impl DefAt {
    fn shown(&self) -> String {
        format!("{}:{}", self.file, self.line)
    }
}

/// A node ID without its overload's `~N`.
fn overloads(id: &str) -> &str {
    match id.rsplit_once('~') {
        Some((head, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => head,
        _ => id,
    }
}

/// Where the definitions of an importing package's use land, for the symbol defined at
/// `def` inside the package whose files are `inside`: the symbol itself (its place, or its node in its
/// file), else the first inside its package, else the first.
fn binds(def: &DefAt, inside: &dyn Fn(&str) -> bool, defs: &[DefAt]) -> Binds {
    let same = |d: &DefAt| {
        d.file == def.file && (d.line == def.line || (d.node.is_some() && d.node == def.node))
    };
    if defs.iter().any(same) {
        return Binds::Source;
    }
    if let Some(d) = defs.iter().find(|d| inside(&d.file)) {
        return Binds::Built(d.shown());
    }
    Binds::Elsewhere(match defs.first() {
        Some(d) => d.shown(),
        None => "no definition".into(),
    })
}

/// Of a package's top-level symbols of one name (`candidates`: file, line; its declaration
/// files left out), the one whose source a built declaration file `decl` was made from: the
/// one whose path, its file's extensions cut, ends in the most of `decl`'s folders and name
/// (`dist/types/internal/Observable.d.ts` from `src/internal/Observable.ts`); when no path
/// matches (a bundle, `hydration-DArUEfp7.d.ts`), the only one. `None` when two are as near.
fn source_for<'c>(decl: &str, candidates: &'c [(String, u32)]) -> Option<&'c (String, u32)> {
    // Folders, then the file's name up to its first dot (`Observable.d.ts`, `Observable.ts`).
    let parts = |f: &str| -> Vec<String> {
        let mut v: Vec<String> = f.rsplit('/').map(str::to_string).collect();
        if let Some(name) = v.first_mut() {
            if let Some((stem, _)) = name.split_once('.') {
                *name = stem.to_string();
            }
        }
        v
    };
    let d = parts(decl);
    let score = |f: &str| parts(f).iter().zip(&d).take_while(|(a, b)| a == b).count();
    let best = candidates.iter().map(|c| score(&c.0)).max()?;
    let mut at_best = candidates.iter().filter(|c| score(&c.0) == best);
    let one = at_best.next()?;
    match (at_best.next(), best, candidates.len()) {
        (None, 1.., _) | (None, 0, 1) => Some(one),
        _ => None,
    }
}

/// A server's location's file: workspace-relative, else absolute.
fn rel(ws: &Workspace, loc: &Location) -> Option<String> {
    rel_of_uri(ws, loc.uri.as_str())
}

/// A file URI's path: workspace-relative, else absolute.
pub(super) fn rel_of_uri(ws: &Workspace, uri: &str) -> Option<String> {
    let p = crate::lsp::uri_to_path(uri)?;
    Some(match p.strip_prefix(&ws.root) {
        Ok(r) => super::anchor::linked_package_file(&ws.root, &p, r),
        Err(_) => p.display().to_string(),
    })
}

/// The server's definitions, with the map's node at each.
fn places_of(ws: &Workspace, map: &Map, locs: &[Location]) -> Vec<DefAt> {
    locs.iter()
        .filter_map(|l| {
            let file = rel(ws, l)?;
            let line = l.range.start.line + 1;
            let pos = Pos {
                line,
                col: l.range.start.character + 1,
            };
            let node = match std::path::Path::new(&file).is_absolute() {
                true => None,
                false => map.db().node_at(&file, pos),
            };
            let node = node.map(|n| overloads(&n).to_string());
            let col = pos.col;
            Some(DefAt {
                file,
                line,
                col,
                node,
            })
        })
        .collect()
}

/// The symbol at a place: its workspace file, its text now and the spot; whether the
/// definition's own place is wanted among the uses asked from it (a rename edits it).
pub(super) struct At<'t> {
    pub(super) c: &'t crate::paths::Contained,
    pub(super) text: &'t str,
    pub(super) pos: Pos,
    pub(super) declaration: bool,
}

impl<'t> At<'t> {
    /// A nav tool's target, in the workspace.
    pub(super) fn of(t: &'t super::target::Target, declaration: bool) -> At<'t> {
        At {
            c: &t.c,
            text: &t.text,
            pos: t.pos,
            declaration,
        }
    }
}

/// What [`across`] found: the places to add, and the package whose built declarations are
/// not the symbol's (its `root`), to leave out of the server's own answer.
pub(super) struct Across {
    pub(super) locs: Vec<Location>,
    pub(super) pkg: Project,
    /// The symbol's name, as written at the place asked.
    pub(super) name: String,
    /// The roots of the packages inside its folder (not its files).
    nested: Vec<String>,
    /// The definition's package's uses were asked from the definition (a use in another
    /// package was the target): the server's answer from the use is replaced there (read
    /// through the built declarations' maps, its places in the package's source may be
    /// another symbol's).
    asked_there: bool,
}

impl Across {
    /// Whether the server's answer from the target's place at a workspace `file` is left
    /// out: the package's built declarations, or, when its uses were asked from the
    /// definition, any of its files.
    pub(super) fn replaced(&self, file: &str, target: &str) -> bool {
        file != target
            && owned(&self.pkg.root, &self.nested, file)
            && (self.asked_there || declarations(file))
    }
}

/// The symbol at `at`'s uses in the workspace's other npm packages that the server's answer
/// from there (whose files are `listed`) does not hold, each said in `w`; `None` when the
/// workspace has one project, or `at` is in no npm package, or its name is no identifier.
pub(super) fn across(
    ws: &Workspace,
    map: &Map,
    server: &Server,
    at: At<'_>,
    listed: &HashSet<String>,
    until: Instant,
    w: &mut Vec<String>,
) -> Option<Across> {
    let projects = map.projects().ok()?;
    let npm = |rel: &str| projects.of(rel).filter(|p| p.kind == "npm").cloned();
    let here = npm(&at.c.rel).filter(|_| projects.several())?;
    let name = at
        .text
        .lines()
        .nth(at.pos.line.saturating_sub(1) as usize)
        .and_then(|l| super::target::word_at(l, at.pos.col))
        .map(|(n, _)| n)?;
    let left = until.saturating_duration_since(Instant::now());
    let mut defs = server
        .locate(Locate::Definition, at.c, at.text, at.pos, Some(left))
        .map(|d| places_of(ws, map, &d))
        .unwrap_or_default();
    // A place whose line does not write the name is wrong (tsserver through a bundled
    // declaration map lands on the right line of another source file): the map's definition,
    // when it is sure of one, instead.
    let wrong: Vec<String> = defs
        .iter()
        .map(DefAt::shown)
        .filter(|d| !written_on(ws, d, &name))
        .collect();
    if !wrong.is_empty() {
        defs.retain(|d| written_on(ws, &d.shown(), &name));
        let sure = indexer::Lang::of_path(&at.c.abs)
            .and_then(|lang| {
                super::fallback::sure_definitions(map, &at.c.rel, at.text, at.pos, lang).ok()
            })
            .flatten()
            .and_then(|(_, sure)| sure)
            .map(|(syms, _)| syms)
            .unwrap_or_default();
        let instead: Vec<DefAt> = sure
            .iter()
            .filter(|s| s.name == name)
            .map(|s| DefAt {
                file: s.file.clone(),
                line: s.name_line,
                col: s.name_col,
                node: Some(overloads(&s.node_id).to_string()),
            })
            .collect();
        w.push(format!(
            "the server's definition from here, {}, is a line that does not write {name} (a place mapped through a build's declaration map into the wrong file): {}",
            wrong.join(", "),
            match instead.first() {
                Some(d) => format!("the map's, {}, is used instead", d.shown()),
                None => "left out".to_string(),
            }
        ));
        defs.extend(instead);
    }
    // The definition in the workspace, and whether it is in another package.
    // (Installed code, `node_modules`, is no package of the workspace's.)
    let inside = defs
        .iter()
        .filter(|d| owned("", &[], &d.file))
        .find_map(|d| Some((d.clone(), npm(&d.file)?)));
    let there = inside.clone().filter(|(_, p)| p.root != here.root);
    // The source another package's built declarations were made from, by the map.
    let src = there
        .as_ref()
        .filter(|(d, _)| declarations(&d.file))
        .and_then(|(d, p)| built_source(ws, map, p, d));
    let mut locs = Vec::new();
    let mut asked_there = false;
    let (def, pkg) = match there {
        // Its own package's: the definition the server gave, else the place asked.
        None => match inside {
            Some((d, _)) => (d, here),
            None => {
                let node = map.db().node_at(&at.c.rel, at.pos);
                let node = node.map(|n| overloads(&n).to_string());
                let file = at.c.rel.clone();
                let line = at.pos.line;
                let col = at.pos.col;
                (
                    DefAt {
                        file,
                        line,
                        col,
                        node,
                    },
                    here,
                )
            }
        },
        Some((d, p)) if declarations(&d.file) && src.is_none() => {
            let (f, l) = (&d.file, d.line);
            w.push(format!(
                "the server binds this to {}'s built declarations ({f}:{l}), not its source: the uses inside {} and in other packages reading its source are not in this answer",
                p.name, p.root
            ));
            let nested = nested_in(&projects, &p);
            return Some(Across {
                locs,
                pkg: p,
                name,
                nested,
                asked_there: false,
            });
        }
        // Another package's source (or the source its built declarations were made from):
        // its uses asked from there, the server's answer from here replaced in it (read
        // through declarations, its places there may be off).
        Some((d, p)) => {
            let d = match src {
                Some(src) => {
                    w.push(format!(
                        "the server binds this to {}'s built declarations ({}); its source is {} (the map's symbol of the name in the package whose path matches)",
                        p.name,
                        d.shown(),
                        src.shown()
                    ));
                    src
                }
                _ => d,
            };
            let (f, l) = (&d.file, d.line);
            match from_definition(ws, server, (f, l, &name), at.declaration, until) {
                Ok(found) => {
                    w.push(format!(
                            "the server's answer from here stops at {}: {} found from the definition at {f}:{l} in {}, added",
                            here.name,
                            found.len(),
                            p.name
                        ));
                    locs = found;
                    asked_there = true;
                }
                Err(e) => w.push(format!(
                    "the uses in {} were not asked from the definition at {f}:{l} ({e})",
                    p.name
                )),
            }
            (d, p)
        }
    };
    let mut listed = listed.clone();
    listed.extend(locs.iter().filter_map(|l| rel(ws, l)));
    let mut more = importers(ws, server, (map, &pkg), (&def, &name), &listed, until, w);
    locs.append(&mut more);
    let nested = nested_in(&projects, &pkg);
    Some(Across {
        locs,
        pkg,
        name,
        nested,
        asked_there,
    })
}

/// The source a package's built declaration `d` of the top-level `name` was made from, by
/// the map ([`source_for`]).
fn built_source(ws: &Workspace, map: &Map, pkg: &Project, d: &DefAt) -> Option<DefAt> {
    let pos = Pos {
        line: d.line,
        col: d.col,
    };
    let qualname = declared(ws, &d.file, pos)?;
    let s = source_symbol(map, pkg, &d.file, &qualname)?;
    let node = Some(overloads(&s.node_id).to_string());
    Some(DefAt {
        file: s.file,
        line: s.name_line,
        col: s.name_col,
        node,
    })
}

/// The map's symbol of the source a package's built declaration file `decl` of the symbol
/// `qualname` (its overloads' `~N` cut: `Observable.pipe`) was made from ([`source_for`]):
/// the first overload in the file chosen.
fn source_symbol(map: &Map, pkg: &Project, decl: &str, qualname: &str) -> Option<MapSymbol> {
    if !declarations(decl) {
        return None;
    }
    let named = map.db().symbols_with_qualname(qualname, &pkg.root).ok()?;
    let mut candidates: Vec<(String, u32)> = named
        .iter()
        .filter(|s| !declarations(&s.file))
        .map(|s| (s.file.clone(), 0))
        .collect();
    candidates.dedup();
    let (file, _) = source_for(decl, &candidates)?.clone();
    named.into_iter().find(|s| s.file == file)
}

/// The qualname (overloads' `~N` cut) of the symbol named at `pos` of a declaration file, by
/// its parse now: `Observable.pipe` for a method's signature in a `declare class`.
fn declared(ws: &Workspace, file: &str, pos: Pos) -> Option<String> {
    let c = crate::paths::contain(&ws.root, file).ok()?;
    let text = ws.text(&c.abs).ok()??;
    let lang = indexer::lang::Lang::of_path(std::path::Path::new(file))?;
    let outline = ws.parsed_outline(&c, lang, &text).ok()?;
    let s = outline
        .iter()
        .filter(|s| s.name_span.start.line == pos.line && s.name_span.start.col <= pos.col)
        .filter(|s| pos.col <= s.name_span.end.col)
        .min_by_key(|s| s.span.end.line - s.span.start.line)?;
    let cut: Vec<&str> = s.qualname.split('.').map(overloads).collect();
    Some(cut.join("."))
}

/// A definition the server gave in the built declarations of one of the workspace's npm
/// packages (`file`, workspace-relative, the name at `pos`): the map's symbol of its source,
/// and the package's name. `None` when the file is no such declaration, or no one symbol of
/// the package's source matches it.
pub(super) fn source_of_declaration(
    ws: &Workspace,
    map: &Map,
    file: &str,
    pos: Pos,
) -> Option<(MapSymbol, String)> {
    if !declarations(file) {
        return None;
    }
    let projects = map.projects().ok()?;
    let pkg = projects.of(file).filter(|p| p.kind == "npm")?;
    // An installed package's declarations are its own, not the workspace package's build
    // (express: `node_modules/router/index.d.ts` was said to be express's, made from
    // `lib/express.js`'s `exports.Router = Router`).
    if !owned(&pkg.root, &[], file) {
        return None;
    }
    let qualname = declared(ws, file, pos)?;
    let s = source_symbol(map, pkg, file, &qualname)?;
    Some((s, pkg.name.clone()))
}

/// Whether one of `defs` in the package's built declarations was made from `def`: the
/// symbol declared there (by its parse: `Observable.pipe`) is, by the map, `def`'s node.
fn made_from(
    ws: &Workspace,
    map: &Map,
    (pkg, mine): (&Project, &dyn Fn(&str) -> bool),
    def: &DefAt,
    defs: &[DefAt],
) -> bool {
    defs.iter()
        .filter(|d| declarations(&d.file) && mine(&d.file))
        .filter_map(|d| built_source(ws, map, pkg, d))
        .any(|s| s.file == def.file && s.node.is_some() && s.node == def.node)
}

/// The references from the definition at `file:line` of `name`.
fn from_definition(
    ws: &Workspace,
    server: &Server,
    (file, line, name): (&str, u32, &str),
    declaration: bool,
    until: Instant,
) -> Result<Vec<Location>, String> {
    let (c, text, pos) = site(ws, file, line, 1, name)?;
    let left = until
        .saturating_duration_since(Instant::now())
        .max(slow(ws));
    server
        .locate(
            Locate::References { declaration },
            &c,
            &text,
            pos,
            Some(left),
        )
        .map_err(|e| format!("the references request failed: {e}"))
}

/// Where a package's places to ask from are: the imports of the name itself (a symbol
/// the package exports), else the files importing anything from the package (a member's
/// uses: `observer.getOptimisticResult(…)`), searched for the name.
struct Importer {
    root: String,
    named: Vec<(String, u32, u32)>,
    files: Vec<(String, u32)>,
}

/// The most importing files asked one by one when the server reads each file alone (for a
/// package's importers, and for a symbol's).
const LOOSE_FILES: usize = 48;

/// What asking each importing file found ([`each_importer`]).
pub(super) struct Importers {
    pub(super) locs: Vec<Location>,
    asked: usize,
    rest: usize,
}

impl Importers {
    /// How they were asked, for a warning: "asking 6 files importing Mark one by one (…)".
    pub(super) fn said(&self, name: &str) -> String {
        format!(
            "asking {} file{} importing {name} one by one (no tsconfig.json above them: the server reads each file alone){}",
            self.asked,
            if self.asked == 1 { "" } else { "s" },
            match self.rest {
                0 => String::new(),
                n => format!("; {n} more importing file{} not asked (the cap or the deadline): uses there may be missing", if n == 1 { "" } else { "s" }),
            }
        )
    }
}

/// With no project file above the symbol `d`'s file or the file asked from (`at`: its path,
/// and whether the declaration is wanted), tsserver reads each file alone, with what it
/// imports: the uses in a file importing the symbol that no open file imports are not in its
/// answer (tiptap's tests of `Mark`). Each file the map binds to the symbol by an import
/// (`imports_of_member_into`) and `listed` does not hold is asked for its references from its
/// import, up to [`LOOSE_FILES`] and `until`. `None` when the server reads a project, or no
/// file was asked.
pub(super) fn each_importer(
    ws: &Workspace,
    map: &Map,
    server: &Server,
    d: &MapSymbol,
    (from, declaration): (&std::path::Path, bool),
    listed: &HashSet<String>,
    until: Instant,
) -> Option<Importers> {
    let project = |f: &std::path::Path| super::server::has_project(server, f);
    if project(&ws.root.join(&d.file)) && project(from) {
        return None;
    }
    let file_node = d.node_id.split('#').next().unwrap_or(&d.node_id);
    let sites = map.db().imports_of_member_into(&d.name, file_node).ok()?;
    let mut seen = HashSet::new();
    let mut out = Importers {
        locs: Vec::new(),
        asked: 0,
        rest: 0,
    };
    for (file, line, col) in sites {
        if listed.contains(&file) || !seen.insert(file.clone()) {
            continue;
        }
        if out.asked == LOOSE_FILES || Instant::now() >= until {
            out.rest += 1;
            continue;
        }
        let Ok((c, text, pos)) = site(ws, &file, line, col, &d.name) else {
            continue;
        };
        let left = until.saturating_duration_since(Instant::now());
        let what = Locate::References { declaration };
        let Ok(locs) = server.locate(what, &c, &text, pos, Some(left)) else {
            continue;
        };
        out.asked += 1;
        out.locs.extend(locs);
    }
    (out.asked > 0).then_some(out)
}

/// Whether the line of the place `at` (`file:line`, workspace-relative or absolute) writes
/// `name` as a word.
fn written_on(ws: &Workspace, at: &str, name: &str) -> bool {
    let Some((file, line)) = at.rsplit_once(':') else {
        return true;
    };
    let (Ok(line), Ok(c)) = (line.parse::<u32>(), crate::paths::contain(&ws.root, file)) else {
        return true;
    };
    let Ok(Some(text)) = ws.text(&c.abs) else {
        return true;
    };
    let word = indexer::syntax::is_word_char;
    find_word(indexer::syntax::line_at(&text, line), name, 1, word).is_some()
}

/// The most places of one package asked for their definition when none is the symbol's
/// (a word in a comment, another symbol of the name).
const TRIES: usize = 3;

/// The first places in `files` (with the line of each one's import) where `name` is written,
/// as (file, line, column), up to `n`.
fn written(
    ws: &Workspace,
    files: &[(String, u32)],
    name: &str,
    n: usize,
) -> Vec<(String, u32, u32)> {
    let word = indexer::syntax::is_word_char;
    let mut out = Vec::new();
    for (file, from) in files {
        let Ok(c) = crate::paths::contain(&ws.root, file) else {
            continue;
        };
        let Ok(Some(text)) = ws.text(&c.abs) else {
            continue;
        };
        for (i, l) in text
            .lines()
            .enumerate()
            .skip(from.saturating_sub(1) as usize)
        {
            let mut at = 1;
            // (`find_word` falls back to the last before `at`: none after it ends the line.)
            while let Some((col, end)) = find_word(l, name, at, word).filter(|h| h.0 >= at) {
                out.push((file.clone(), i as u32 + 1, col));
                if out.len() == n {
                    return out;
                }
                at = end;
            }
        }
    }
    out
}

/// The packages importing from the package `pkg` by its name (`import { QueryObserver } from
/// '@tanstack/query-core'`) whose files the answer has not `listed`: per package (in the
/// map's order, up to [`IMPORTER_PACKAGES`], until `until`), the definition is asked at its
/// first import of `name`, or, for a member no file imports, at the first few places its
/// importing files write the name. When a definition is the symbol's (`def`, its file and
/// line; or, from an import of the name, the package's built declarations), that place's
/// references are added, the package's declaration files left out. Each package said: what
/// it binds to, how many were found from where; packages whose places bind elsewhere, and
/// those past the cap or the deadline, too.
fn importers(
    ws: &Workspace,
    server: &Server,
    (map, pkg): (&Map, &Project),
    (def, name): (&DefAt, &str),
    listed: &HashSet<String>,
    until: Instant,
    w: &mut Vec<String>,
) -> Vec<Location> {
    let Ok(projects) = map.projects() else {
        return Vec::new();
    };
    let db = map.db();
    let (Ok(named), Ok(files)) = (
        db.imports_of_member_from(name, &pkg.name, 10_000),
        db.files_importing(&pkg.name, 10_000),
    ) else {
        return Vec::new();
    };
    let mut groups: Vec<Importer> = Vec::new();
    let root_of = |file: &str| {
        projects
            .of(file)
            .map(|p| p.root.clone())
            .unwrap_or_default()
    };
    fn group(groups: &mut Vec<Importer>, root: String) -> &mut Importer {
        let i = match groups.iter().position(|g| g.root == root) {
            Some(i) => i,
            None => {
                groups.push(Importer {
                    root,
                    named: Vec::new(),
                    files: Vec::new(),
                });
                groups.len() - 1
            }
        };
        &mut groups[i]
    }
    // A package the answer lists a file of was read by the server: its other files hold no
    // use of the symbol. Not so when the server reads each file alone (no project file
    // above it): the answer holds the uses of the files it read.
    let covered: HashSet<String> = listed
        .iter()
        .filter(|f| super::server::has_project(server, &ws.root.join(f)))
        .map(|f| root_of(f))
        .collect();
    let nested = nested_in(&projects, pkg);
    let mine = |file: &str| owned(&pkg.root, &nested, file);
    let ours = |file: &str| mine(file) || covered.contains(&root_of(file));
    for (file, line, col) in named.into_iter().filter(|s| !ours(&s.0)) {
        group(&mut groups, root_of(&file))
            .named
            .push((file, line, col));
    }
    for (file, line) in files.into_iter().filter(|s| !ours(&s.0)) {
        group(&mut groups, root_of(&file)).files.push((file, line));
    }
    let shown = |root: &str| match root {
        "" => "the workspace's root".to_string(),
        r => r.to_string(),
    };
    let mut out = Vec::new();
    let mut asked = 0;
    // The packages with places to ask that were not asked (past the cap or the deadline).
    let mut rest = Vec::new();
    for g in &groups {
        let by_import = !g.named.is_empty();
        let places = match by_import {
            true => g.named.iter().take(1).cloned().collect(),
            false => written(ws, &g.files, name, TRIES),
        };
        // A package whose importing files never write the name has no use of it.
        if places.is_empty() {
            continue;
        }
        if asked == IMPORTER_PACKAGES || Instant::now() >= until {
            rest.push(shown(&g.root));
            continue;
        }
        asked += 1;
        let of = format!(
            "{}'s uses of {name} (it imports {})",
            shown(&g.root),
            pkg.name
        );
        let mut gave = Vec::new();
        let mut hit = None;
        for (file, line, at) in places {
            let (c, text, pos) = match site(ws, &file, line, at, name) {
                Ok(s) => s,
                Err(e) => {
                    gave.push(format!("{file}:{line}: {e}"));
                    continue;
                }
            };
            let left = until.saturating_duration_since(Instant::now());
            let defs = match server.locate(Locate::Definition, &c, &text, pos, Some(left)) {
                Ok(d) => places_of(ws, map, &d),
                Err(e) => {
                    gave.push(format!(
                        "{file}:{}: the definition request failed ({e})",
                        pos.line
                    ));
                    continue;
                }
            };
            match binds(def, &mine, &defs) {
                Binds::Built(to) if !by_import && !made_from(ws, map, (pkg, &mine), def, &defs) => {
                    gave.push(format!(
                        "{file}:{}: bound to {to}, not this definition",
                        pos.line
                    ));
                }
                Binds::Elsewhere(to) => gave.push(format!("{file}:{}: bound to {to}", pos.line)),
                how => {
                    hit = Some((file, c, text, pos, how));
                    break;
                }
            }
        }
        let Some((file, c, text, pos, how)) = hit else {
            w.push(format!(
                "{of}: not added, no place asked is bound to this symbol ({})",
                gave.join("; ")
            ));
            continue;
        };
        let left = until
            .saturating_duration_since(Instant::now())
            .max(slow(ws));
        let declaration = false;
        let what = Locate::References { declaration };
        let refs = match server.locate(what, &c, &text, pos, Some(left)) {
            Ok(r) => r,
            Err(e) => {
                w.push(format!(
                    "{of}: not added, the references request from {file}:{} failed ({e})",
                    pos.line
                ));
                continue;
            }
        };
        // With no project file above it, tsserver reads each file on its own (with what it
        // imports): one importing file's answer is that file's. Each other importing file is
        // asked too, as far as the cap and the deadline let.
        let mut refs = refs;
        let loose = !super::server::has_project(server, &c.abs);
        let mut more = (0, 0);
        if loose {
            let others = match by_import {
                true => g.named.clone(),
                false => written(ws, &g.files, name, IMPORT_LINES),
            };
            let mut seen: HashSet<String> = HashSet::from([file.clone()]);
            for (f, line, at) in others {
                if !seen.insert(f.clone()) {
                    continue;
                }
                if more.0 == LOOSE_FILES || Instant::now() >= until {
                    more.1 += 1;
                    continue;
                }
                let Ok((c, text, pos)) = site(ws, &f, line, at, name) else {
                    continue;
                };
                let left = until.saturating_duration_since(Instant::now());
                if let Ok(r) = server.locate(what, &c, &text, pos, Some(left)) {
                    more.0 += 1;
                    refs.extend(r);
                }
            }
            let mut at = HashSet::new();
            refs.retain(|l| {
                at.insert((
                    l.uri.to_string(),
                    l.range.start.line,
                    l.range.start.character,
                ))
            });
        }
        // The package's own places are the answer from the definition's: from here, read
        // through its built declarations and their maps, they may be another symbol's.
        let mut k = 0;
        for l in refs {
            let f = rel(ws, &l);
            if f.as_ref().is_some_and(|f| mine(f)) {
                continue;
            }
            k += usize::from(f.as_ref().is_none_or(|f| !listed.contains(f)));
            out.push(l);
        }
        let from = match more {
            (0, 0) => format!("{file}:{}", pos.line),
            (n, 0) => format!(
                "{file}:{} and {n} more importing file{} (no tsconfig.json above them: the server reads each file alone)",
                pos.line,
                if n == 1 { "" } else { "s" }
            ),
            (n, rest) => format!(
                "{file}:{} and {n} more importing files (no tsconfig.json above them: the server reads each file alone; {rest} more not asked, the cap or the deadline: uses there may be missing)",
                pos.line
            ),
        };
        w.push(match &how {
            Binds::Built(to) if !written_on(ws, to, name) => format!(
                "{of}: the server's definition from here is {to}, a line that does not write {name} (a place mapped through the package's declaration maps into the wrong file), so its answer from here has none of them: {k} found from {from}, added"
            ),
            Binds::Built(to) => format!(
                "{of}: the server binds them to {}, not this source, so its answer from here has none of them: {k} found from {from}, added",
                if declarations(to.split(':').next().unwrap_or_default()) {
                    format!("the package's built declarations ({to})")
                } else {
                    to.clone()
                },
            ),
            _ if k == 0 => format!(
                "{of}: asked from {from}: the answer already had them all"
            ),
            _ => format!(
                "{of}: the server's answer from here lacked {k}, found from {from}, added",
            ),
        });
    }
    if !rest.is_empty() {
        let n = rest.len();
        w.push(format!(
            "not asked: {n} more package{} import{} from {} and write{} {name} ({}); uses there may be missing",
            if n == 1 { "" } else { "s" },
            if n == 1 { "s" } else { "" },
            pkg.name,
            if n == 1 { "s" } else { "" },
            rest.join(", ")
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn where_an_importer_s_definitions_land() {
        let at = |f: &str, l: u32, n: Option<&str>| DefAt {
            file: f.to_string(),
            line: l,
            col: 1,
            node: n.map(str::to_string),
        };
        let src = "packages/core/src/observer.ts";
        let id = "ts:packages/core/src/observer.ts#Observer.pipe";
        let def = at(src, 56, Some(id));
        let root = "packages/core";
        let cases = [
            (vec![at(src, 56, None)], Binds::Source),
            // Another overload of the same method: the same symbol.
            (vec![at(src, 61, Some(id))], Binds::Source),
            // Another symbol of its file: not this one.
            (
                vec![at(
                    src,
                    90,
                    Some("ts:packages/core/src/observer.ts#Other.pipe"),
                )],
                Binds::Built(format!("{src}:90")),
            ),
            // Built declarations first, the source among them: the source.
            (
                vec![
                    at("packages/core/build/index.d.ts", 3, None),
                    at(src, 56, None),
                ],
                Binds::Source,
            ),
            (
                vec![at("packages/core/build/modern/hydration-x.d.ts", 900, None)],
                Binds::Built("packages/core/build/modern/hydration-x.d.ts:900".into()),
            ),
            // A package of the same name elsewhere (an installed copy): not this one.
            (
                vec![at("/home/u/.npm/core/index.d.ts", 1, None)],
                Binds::Elsewhere("/home/u/.npm/core/index.d.ts:1".into()),
            ),
            (vec![], Binds::Elsewhere("no definition".into())),
            // A sibling package whose root begins with the same letters is not inside.
            (
                vec![at("packages/core-x/build/a.d.ts", 1, None)],
                Binds::Elsewhere("packages/core-x/build/a.d.ts:1".into()),
            ),
        ];
        for (defs, want) in cases {
            let inside = |f: &str| owned(root, &[], f);
            assert_eq!(binds(&def, &inside, &defs), want, "{defs:?}");
        }
    }

    #[test]
    fn the_source_of_a_built_declaration() {
        let c =
            |v: &[&str]| -> Vec<(String, u32)> { v.iter().map(|f| (f.to_string(), 1)).collect() };
        let obs = "dist/types/internal/Observable.d.ts";
        // The declaration file, the candidates, the source chosen.
        type Case<'a> = (&'a str, Vec<(String, u32)>, Option<&'a str>);
        let cases: [Case; 6] = [
            (
                obs,
                c(&["src/internal/Observable.ts", "src/testing/Observable.ts"]),
                Some("src/internal/Observable.ts"),
            ),
            (
                obs,
                c(&["src/internal/Observable.ts"]),
                Some("src/internal/Observable.ts"),
            ),
            // As near as each other: none.
            (
                obs,
                c(&["a/internal/Observable.ts", "b/internal/Observable.ts"]),
                None,
            ),
            // A bundle: the only one, else none.
            (
                "build/modern/hydration-DArUEfp7.d.ts",
                c(&["src/queryObserver.ts"]),
                Some("src/queryObserver.ts"),
            ),
            (
                "build/modern/hydration-DArUEfp7.d.ts",
                c(&["src/a.ts", "src/b.ts"]),
                None,
            ),
            (obs, vec![], None),
        ];
        for (decl, cands, want) in cases {
            assert_eq!(
                source_for(decl, &cands).map(|x| x.0.as_str()),
                want,
                "{decl} {cands:?}"
            );
        }
    }

    #[test]
    fn overloads_are_one_symbol() {
        for (id, want) in [
            ("ts:a.ts#Observable.pipe~3", "ts:a.ts#Observable.pipe"),
            ("ts:a.ts#Observable.pipe", "ts:a.ts#Observable.pipe"),
            ("ts:a.ts#f~", "ts:a.ts#f~"),
            ("ts:a.ts#f~x", "ts:a.ts#f~x"),
        ] {
            assert_eq!(overloads(id), want, "{id}");
        }
    }

    #[test]
    fn a_package_s_own_files() {
        let nested = ["packages/a".to_string(), "packages/b".to_string()];
        for (root, file, want) in [
            ("", "src/index.ts", true),
            // The root's project holds its workspaces' folders, not their files.
            ("", "packages/a/src/x.ts", false),
            ("packages/a", "packages/a/src/x.ts", true),
            ("packages/a", "packages/ab/src/x.ts", false),
            // Installed code is no package's.
            ("", "node_modules/react/index.d.ts", false),
            ("packages/a", "packages/a/node_modules/x/y.d.ts", false),
            ("", "/usr/lib/node_modules/x.d.ts", false),
        ] {
            let nested: &[String] = if root.is_empty() { &nested } else { &[] };
            assert_eq!(owned(root, nested, file), want, "{root} {file}");
        }
    }

    #[test]
    fn declaration_files() {
        for (f, want) in [
            ("build/index.d.ts", true),
            ("build/index.d.cts", true),
            ("build/index.d.mts", true),
            ("src/index.ts", false),
            ("src/d.ts.ts", false),
            ("src/types.d.tsx", false),
        ] {
            assert_eq!(declarations(f), want, "{f}");
        }
    }
}
