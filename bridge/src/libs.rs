//! Dependencies' code in the map: `map_search`'s `scope` (`"lib:NAME"`, `"all"`), the map
//! tools given a library's node ID (`lib:NAME@VERSION/<id>`), `resolve` of one, and `map_deps`
//! (`codemap deps`): the workspace's dependencies, indexed or not, and indexing them. The
//! dependencies are found by `indexer::deps` (each language's `deps.rs`), their maps built
//! and shared by `indexer::libs`; here they are chosen, opened and answered from.

use crate::workspace::Workspace;
use answer::envelope::{clamp_budget, fit_said, Answer, ErrorCode, Text, ToolError};
use answer::query::{merge_hits, search_answer, Map, NeighborsParams, SearchParams};
use answer::shape::Shape;
use indexer::deps::{self, LangDeps};
use indexer::id::LibId;
use indexer::lang::Dep;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{json, Value};
use std::path::PathBuf;

/// The command that indexes dependencies, said where some are not indexed.
const INDEX_HINT: &str =
    "`codemap deps --index NAME` (map_deps index; or `--all`), or map_search with scope \"lib:NAME\"";

fn cache() -> Result<PathBuf, ToolError> {
    indexer::libs::cache_dir().ok_or_else(|| {
        ToolError::bad_args("no cache directory for library maps")
            .hint("set CODEMAP_LIB_CACHE, XDG_CACHE_HOME or HOME")
    })
}

fn found(ws: &Workspace) -> Vec<LangDeps> {
    found_and_own(ws).0
}

/// The workspace's dependencies, without its own projects found among them (an npm
/// workspace's packages, symlinked into `node_modules`; a Maven reactor's module another
/// depends on; an editable install): those are the workspace's code, indexed by its own map,
/// and a library's copy would answer twice. Returns them apart, `NAME@VERSION`, to be said.
fn found_and_own(ws: &Workspace) -> (Vec<LangDeps>, Vec<String>) {
    let projects = ws.map().ok().and_then(|m| m.projects().ok());
    // Each project's root is looked in too: a `go.work`'s modules, a sub-project's `.venv`.
    let roots: Vec<(PathBuf, String)> = projects
        .as_ref()
        .map(|ps| {
            ps.listed()
                .iter()
                .map(|p| (ws.root.join(&p.root), p.kind.clone()))
                .collect()
        })
        .unwrap_or_default();
    let mut all = deps::find_with_projects(&ws.root, &roots, &deps::env());
    let names: std::collections::HashSet<String> = projects
        .map(|ps| ps.listed().iter().map(|p| same_name(&p.name)).collect())
        .unwrap_or_default();
    let root = ws.root.canonicalize().unwrap_or_else(|_| ws.root.clone());
    let mut own = Vec::new();
    for l in &mut all {
        l.found.deps.retain(|d| {
            let inside = d.archive.is_none()
                && d.dir
                    .canonicalize()
                    .ok()
                    .and_then(|c| c.strip_prefix(&root).ok().map(|r| r.to_path_buf()))
                    .is_some_and(|r| !installed_under(&r));
            let mine = inside || names.contains(&same_name(&d.name));
            if mine {
                own.push(format!("{}@{}", d.name, d.version));
            }
            !mine
        });
    }
    (all, own)
}

/// Languages whose manifest at `dir` declares dependencies of which none is installed where
/// codemap looks (Monolog's `composer.json` requires `psr/log`, no `vendor/`): said, with the
/// names, so that a definition or hover that finds nothing in them is not read as "none".
fn not_installed(all: &[LangDeps], dir: &std::path::Path) -> Vec<String> {
    let mut out = Vec::new();
    for l in all.iter().filter(|l| l.found.deps.is_empty()) {
        let Some(read) = l.lang.spec().deps.as_ref().and_then(|d| d.declared) else {
            continue;
        };
        let Some(names) = read(dir).filter(|n| !n.is_empty()) else {
            continue;
        };
        let shown: Vec<&str> = names.iter().take(5).map(String::as_str).collect();
        let more = match names.len() - shown.len() {
            0 => String::new(),
            n => format!(" and {n} more"),
        };
        out.push(format!(
            "not installed: the project declares {} {} dependenc{} ({}{more}) and none is installed where codemap looks ({}): definitions, hover and `lib:` scopes do not reach their code until they are installed (the project's package manager)",
            names.len(),
            l.ecosystem,
            if names.len() == 1 { "y" } else { "ies" },
            shown.join(", "),
            l.found.looked.join("; ")
        ));
    }
    out
}

/// The workspace's declared but uninstalled dependencies ([`not_installed`]), at its root.
pub fn uninstalled(ws: &Workspace) -> Vec<String> {
    not_installed(&found(ws), &ws.root)
}

/// The dependencies installed in another project's folder of the workspace (a sibling
/// sub-project's `.venv`) than the call's project (`--project`), left out: not its own, and
/// another version of a name it has would make the name ambiguous. How many were.
fn in_other_projects(ws: &Workspace, all: &mut [LangDeps]) -> usize {
    let Some(scope) = crate::workspace::current_scope() else {
        return 0;
    };
    let Some(projects) = ws.map().ok().and_then(|m| m.projects().ok()) else {
        return 0;
    };
    let mine = scope.root.trim_end_matches('/');
    // The other projects' folders: not the call's, nor one holding it (the root's `.venv`
    // is every project's).
    let others: Vec<PathBuf> = projects
        .listed()
        .iter()
        .filter(|p| p.root != mine && !indexer::project::holds(&p.root, mine))
        .map(|p| ws.root.join(&p.root))
        .collect();
    let mut cut = 0;
    for l in all.iter_mut() {
        let before = l.found.deps.len();
        l.found
            .deps
            .retain(|d| !others.iter().any(|o| d.dir.starts_with(o)));
        cut += before - l.found.deps.len();
    }
    cut
}

/// The call's project's dependencies alone: of the languages whose projects are of its kind,
/// those its manifest names (a transitive one it never names is left out: the workspace's
/// list has it); the other languages' left out. Each cut said with its count; a language
/// whose manifest is not read keeps the workspace's list, said.
fn only_declared(
    ws: &Workspace,
    project: &indexer::project::Project,
    all: &mut Vec<LangDeps>,
    w: &mut Vec<String>,
) {
    let dir = ws.root.join(&project.root);
    let name = &project.name;
    let elsewhere = in_other_projects(ws, all);
    if elsewhere > 0 {
        w.push(format!(
            "left out: {elsewhere} dependencies installed in other projects' folders (their own environments), not project {name:?}'s"
        ));
    }
    let mut other = 0usize;
    // What was not looked at (the project roots past the cap) is every language's, whichever
    // list carried it: kept with the first one left.
    let mut not_looked = Vec::new();
    all.retain_mut(|l| {
        let mine = l
            .lang
            .spec()
            .projects
            .iter()
            .any(|s| s.kind == project.kind);
        if !mine {
            other += l.found.deps.len();
            not_looked.append(&mut l.found.not_looked);
        }
        mine
    });
    match all.first_mut() {
        Some(l) => l.found.not_looked.extend(not_looked),
        None => w.extend(
            not_looked
                .into_iter()
                .map(|n| format!("not looked in, so the list may miss their dependencies: {n}")),
        ),
    }
    if other > 0 {
        w.push(format!(
            "left out: {other} dependencies of the workspace's other languages (project {name:?} is a {} project)",
            project.kind
        ));
    }
    for l in all.iter_mut() {
        let declared = l
            .lang
            .spec()
            .deps
            .as_ref()
            .and_then(|d| d.declared)
            .and_then(|read| read(&dir));
        let Some(names) = declared else {
            w.push(format!(
                "the {} dependencies of the whole workspace, not of project {name:?} alone: its manifest ({}) is not read for them",
                l.lang.name(),
                project.manifest
            ));
            continue;
        };
        let names: std::collections::HashSet<String> = names.iter().map(|n| same_name(n)).collect();
        let before = l.found.deps.len();
        l.found.deps.retain(|d| names.contains(&same_name(&d.name)));
        let cut = before - l.found.deps.len();
        if cut > 0 {
            w.push(format!(
                "left out: {cut} of the workspace's {before} {} dependencies that project {name:?}'s {} does not name (another project's, or reached only through those it names)",
                l.lang.name(),
                project.manifest
            ));
        }
    }
}

/// A name as registries compare them: case, `-`, `_` and `.` aside (`Foo_Bar` is `foo-bar`).
fn same_name(n: &str) -> String {
    n.to_ascii_lowercase().replace(['_', '.'], "-")
}

/// Whether a path inside the workspace is where packages are installed (a `.venv`'s
/// `site-packages`, `node_modules`, Go's or Composer's `vendor`): a dependency there is
/// installed code, not the workspace's own.
fn installed_under(rel: &std::path::Path) -> bool {
    rel.components().any(|c| {
        matches!(
            c.as_os_str().to_str(),
            Some("node_modules" | "site-packages" | "dist-packages" | "vendor" | ".venv" | "venv")
        )
    })
}

/// The file on disk of a place a server gives inside a dependency's archive by a URI of its
/// own ([`indexer::lang::ServerSpec::archived`]: JDT LS's `jdt://contents/…` in a jar): that
/// file of the dependency's sources, unpacked and indexed first when they are not yet (said
/// in `w`). `Err` with why when no dependency of the workspace comes in that archive, or its
/// sources are not here.
fn archived_file(all: &[LangDeps], uri: &str, w: &mut Vec<String>) -> Result<PathBuf, String> {
    let place = indexer::Lang::ALL
        .iter()
        .find_map(|l| (l.spec().server.archived?)(uri))
        .ok_or_else(|| {
            let shown = uri.split(['?', '#']).next().unwrap_or(uri);
            format!("{shown}, with no sources in a dependency the workspace's build files name")
        })?;
    // Matched by the name the archive has whether or not it is here: a dependency whose
    // sources jar is not downloaded (jsoup's jspecify 1.0.0, named by pom.xml) is said as the
    // reason, not as "not a dependency the workspace's build files name".
    for l in all {
        for d in &l.found.deps {
            if d.archive_name.as_deref() != Some(place.archive.as_str()) {
                continue;
            }
            if let Some(why) = &d.missing {
                return Err(format!(
                    "{}@{}, whose code is not here: {why}",
                    d.name, d.version
                ));
            }
            let path = d.dir.join(&place.rel);
            if !path.is_file() {
                open(l.ecosystem, d, w).map_err(|e| e.message)?;
            }
            return match path.is_file() {
                true => Ok(path),
                false => Err(format!("{}@{} has no {}", d.name, d.version, place.rel)),
            };
        }
    }
    Err(format!(
        "{} in {}, not a dependency the workspace's build files name",
        place.rel, place.archive
    ))
}

fn map_of(cache: &std::path::Path, eco: &str, d: &Dep) -> Result<PathBuf, ToolError> {
    indexer::libs::map_path(cache, eco, &d.name, &d.version).ok_or_else(|| {
        ToolError::bad_args(format!(
            "the dependency {}@{} has a name or version that cannot be a cache path",
            d.name, d.version
        ))
    })
}

fn looked(all: &[LangDeps]) -> Vec<String> {
    all.iter()
        .flat_map(|l| l.found.looked.iter().cloned())
        .collect()
}

/// [`pick`] for a `lib:NAME` scope: a name that is one of the workspace's own projects (`own`,
/// `NAME@VERSION`, left out of its dependencies) is said to be so, not "no dependency".
fn pick_lib<'a>(
    all: &'a [LangDeps],
    own: &[String],
    name: &str,
) -> Result<(&'a LangDeps, &'a Dep), ToolError> {
    pick(all, name).map_err(|e| {
        let asked = same_name(deps::split_version(name).0);
        match own
            .iter()
            .find(|o| same_name(deps::split_version(o).0) == asked)
        {
            Some(o) => ToolError::bad_args(format!(
                "{name:?} is the workspace's own project {o}, not a dependency: its code is in the workspace's map"
            ))
            .hint("search without a scope (or scope \"workspace\"); `--project NAME` keeps to that project"),
            None => e,
        }
    })
}

/// The dependency `name` (or `name@version`) of the workspace, or `BAD_ARGS` with its
/// versions (when it has several), the nearest names (or where it looked, when it found none).
fn pick<'a>(all: &'a [LangDeps], name: &str) -> Result<(&'a LangDeps, &'a Dep), ToolError> {
    match deps::named(all, name) {
        Ok(Some(x)) => return Ok(x),
        Ok(None) => {}
        Err(choices) => {
            return Err(ToolError::bad_args(format!(
                "the workspace has {name:?} at {} versions: {}",
                choices.len(),
                choices.join(", ")
            ))
            .hint(format!(
                "name one with its version, e.g. scope \"lib:{}\"",
                choices[0]
            )))
        }
    }
    let names: Vec<&str> = all
        .iter()
        .flat_map(|l| l.found.deps.iter().map(|d| d.name.as_str()))
        .collect();
    let err = ToolError::bad_args(format!("the workspace has no dependency {name:?}"));
    if names.is_empty() {
        return Err(err.hint(format!(
            "no dependencies were found; looked in: {}",
            looked(all).join("; ")
        )));
    }
    let asked = deps::split_version(name).0;
    // A module path or a Maven coordinate is asked for by its last part (`uuid` for
    // `github.com/google/uuid`): those first, then the names nearest in spelling.
    let mut near: Vec<&str> = names
        .iter()
        .copied()
        .filter(|n| n.rsplit(['/', ':']).next() == Some(asked) && *n != asked)
        .collect();
    near.sort_unstable();
    near.dedup();
    for n in indexer::suggest::nearest(asked, names.iter().copied(), 3) {
        if !near.contains(&n) {
            near.push(n);
        }
    }
    near.truncate(3);
    let hint = if near.is_empty() {
        "`codemap deps` (map_deps) lists the workspace's dependencies".to_string()
    } else {
        format!(
            "{} (`codemap deps`, map_deps, lists them all)",
            indexer::suggest::did_you_mean(&near)
        )
    };
    Err(err.hint(hint))
}

/// The library map of `dep`, built now when it is not there (said in `warnings`, with the
/// seconds it took).
fn open(eco: &str, dep: &Dep, warnings: &mut Vec<String>) -> Result<Map, ToolError> {
    if let Some(why) = &dep.missing {
        return Err(ToolError::bad_args(format!(
            "the dependency {}@{} has no code here to index",
            dep.name, dep.version
        ))
        .hint(why.clone()));
    }
    let map = map_of(&cache()?, eco, dep)?;
    let built = indexer::libs::ensure(&map, dep).map_err(|e| match e {
        indexer::libs::LibError::Archive { .. } => ToolError::bad_args(format!(
            "indexing {}@{} failed: {e}",
            dep.name, dep.version
        ))
        .hint("the archive is damaged: delete it and download it again (for Maven: `mvn dependency:get -Dartifact=GROUP:ARTIFACT:VERSION:jar:sources`)"),
        e => ToolError::new(
            ErrorCode::Internal,
            format!("indexing {}@{} failed: {e}", dep.name, dep.version),
        ),
    })?;
    warnings.extend(built.notes.iter().cloned());
    if let (true, Some(why)) = (built.built, &built.rebuilt) {
        warnings.push(format!(
            "rebuilt the library map of {}@{} ({why}; {} files, {:.1} s)",
            dep.name, dep.version, built.files, built.seconds
        ));
    } else if built.built {
        warnings.push(format!(
            "indexed the library {}@{} now ({} files, {} symbols, {:.1} MB, {:.1} s); later queries, from any workspace using this version, reuse its map",
            dep.name,
            dep.version,
            built.files,
            built.symbols,
            built.bytes as f64 / 1e6,
            built.seconds
        ));
    }
    Ok(Map::open(&dep.dir, &map)?.for_library(&dep.name, &dep.version))
}

/// Whether a search reads the workspace's map only (its `path` is the workspace's).
pub fn workspace_scope(p: &SearchParams) -> bool {
    matches!(p.scope.as_deref(), None | Some("workspace") | Some("all"))
}

/// `map_search` in its scope: the workspace, one library, or both.
pub fn search(ws: &Workspace, p: &SearchParams, shape: Shape) -> Result<Answer, ToolError> {
    let scope = p.scope.as_deref().unwrap_or("workspace");
    if scope == "workspace" {
        return ws.map()?.search(p, shape);
    }
    let limit = p.limit.unwrap_or(20) as usize;
    if let Some(name) = scope.strip_prefix("lib:") {
        let (mut all, own) = found_and_own(ws);
        in_other_projects(ws, &mut all);
        let (l, dep) = pick_lib(&all, &own, name)?;
        let mut warnings = Vec::new();
        let map = open(l.ecosystem, dep, &mut warnings)?;
        // A project's folders are the workspace's: the library is searched whole.
        let mut hits = map.search_hits(&SearchParams {
            not_under: Vec::new(),
            ..p.clone()
        })?;
        warnings.append(&mut hits.warnings);
        hits.warnings = warnings;
        return Ok(search_answer(hits, p, shape));
    }
    if scope != "all" {
        return Err(
            ToolError::bad_args(format!("unknown scope {scope:?}")).hint(
                "scope is \"workspace\" (default), \"lib:NAME\" (a dependency: `codemap deps`, map_deps, lists them) or \"all\"",
            ),
        );
    }
    let mut parts = vec![ws.map()?.search_hits(p)?];
    let all = found(ws);
    let cache = cache()?;
    // `path` and a project's nested folders scope the workspace's hits, not a library's.
    let lib_p = SearchParams {
        path: None,
        not_under: Vec::new(),
        ..p.clone()
    };
    let (mut searched, mut not_indexed, mut warnings) = (0usize, Vec::new(), Vec::new());
    let mut no_code = 0usize;
    for l in &all {
        for d in &l.found.deps {
            if d.missing.is_some() {
                no_code += 1;
                continue;
            }
            let map = map_of(&cache, l.ecosystem, d)?;
            if !map.exists() {
                // The environment's tooling (pip) is not the project's: not asked for.
                if !d.tooling {
                    not_indexed.push(d.name.clone());
                }
                continue;
            }
            // An outdated map (another schema or rules) is rebuilt here, and said.
            let m = open(l.ecosystem, d, &mut warnings)?;
            parts.push(m.search_hits(&lib_p)?);
            searched += 1;
        }
    }
    let mut hits = merge_hits(parts, limit);
    hits.warnings.append(&mut warnings);
    if all.iter().all(|l| l.found.deps.is_empty()) {
        hits.warnings.push(format!(
            "the workspace has no installed dependencies; looked in: {}",
            looked(&all).join("; ")
        ));
    } else if !not_indexed.is_empty() {
        hits.warnings.push(format!(
            "searched the workspace and {searched} indexed dependencies; {} are not indexed yet ({}{}): {INDEX_HINT}",
            not_indexed.len(),
            not_indexed.iter().take(5).cloned().collect::<Vec<_>>().join(", "),
            if not_indexed.len() > 5 { ", …" } else { "" }
        ));
    }
    if no_code > 0 {
        hits.warnings.push(no_code_said(no_code));
    }
    Ok(search_answer(hits, p, shape))
}

fn no_code_said(n: usize) -> String {
    format!("{n} dependencies have no code here to index (a sources jar not downloaded): `codemap deps` (map_deps) says why and how to get it")
}

/// A library's map opened for a node ID of it: the ID in that map, what opening said, the
/// dependency's folder.
struct Opened {
    map: Map,
    inner: String,
    /// `lib:NAME@VERSION/`, before the inner ID.
    prefix: String,
    warnings: Vec<String>,
    dir: PathBuf,
}

/// The library a node ID names, opened (built when it is not there), and the ID in it.
fn lib_map(ws: &Workspace, id: &str) -> Result<Option<Opened>, ToolError> {
    let Some(split) = LibId::split(id) else {
        return Ok(None);
    };
    let l = split.map_err(|e| {
        ToolError::new(ErrorCode::BadNodeId, e.to_string())
            .hint(format!("the grammar: {}", indexer::id::grammar()))
    })?;
    let all = found(ws);
    let (ld, dep) = pick(&all, &format!("{}@{}", l.name, l.version)).map_err(|e| {
        let versions: Vec<String> = all
            .iter()
            .flat_map(|x| x.found.deps.iter())
            .filter(|d| d.name == l.name)
            .map(|d| format!("{}@{}", d.name, d.version))
            .collect();
        if versions.is_empty() {
            e
        } else {
            e.hint(format!("the workspace has {}", versions.join(", ")))
        }
    })?;
    let mut warnings = Vec::new();
    let map = open(ld.ecosystem, dep, &mut warnings)?;
    Ok(Some(Opened {
        map,
        inner: l.inner.to_string(),
        prefix: LibId::format(l.name, l.version, ""),
        warnings,
        dir: dep.dir.clone(),
    }))
}

/// A library's file named by its file node ID (`lib:syn@2.0.119/rs:src/lit.rs`): its language,
/// its path in the library, its absolute path (the dependency's folder, built and unpacked
/// when it is not yet), the ID's `lib:NAME@VERSION/` prefix and what opening it said. `None`
/// when `id` is no library ID; `BAD_ARGS` for a symbol's ID or a file the library lacks.
pub fn lib_file(ws: &Workspace, id: &str) -> Result<Option<LibFile>, ToolError> {
    let Some(o) = lib_map(ws, id)? else {
        return Ok(None);
    };
    let node = answer::query::parse_node_id(&o.inner)?;
    let indexer::id::NodeId::File { lang, path } = node else {
        return Err(ToolError::bad_args(format!(
            "{id} is not a file's ID: an outline is a file's (lib:NAME@VERSION/LANG:PATH)"
        ))
        .hint("`nav_source` takes a symbol's ID"));
    };
    let abs = o.dir.join(&path);
    if !abs.is_file() {
        return Err(
            ToolError::bad_args(format!("{id}: the library has no file {path}"))
                .hint("`map_search` with scope \"lib:NAME\" finds its files' symbols"),
        );
    }
    Ok(Some(LibFile {
        lang,
        prefix: o.prefix,
        rel: path,
        abs,
        warnings: o.warnings,
    }))
}

/// A library's file ([`lib_file`]).
pub struct LibFile {
    pub lang: indexer::Lang,
    pub rel: String,
    pub abs: PathBuf,
    pub prefix: String,
    pub warnings: Vec<String>,
}

/// `map_neighbors` of a library's node: in its map, the IDs answered with the library's.
pub fn neighbors(
    ws: &Workspace,
    p: &NeighborsParams,
    shape: Shape,
) -> Result<Option<Answer>, ToolError> {
    let Some(o) = lib_map(ws, &p.node_id)? else {
        return Ok(None);
    };
    let q = NeighborsParams {
        node_id: o.inner,
        ..p.clone()
    };
    let mut a = o.map.neighbors(&q, shape)?;
    let mut warnings = o.warnings;
    warnings.append(&mut a.warnings);
    a.warnings = warnings;
    Ok(Some(a))
}

/// A library's symbol named by its node ID, for the live tools (`nav::target`): the library,
/// its folder, its map (read-only, the library's own) and the symbol's row there.
pub struct LibNode {
    pub name: String,
    pub version: String,
    /// The library node ID as asked (`lib:NAME@VERSION/<inner>`).
    pub id: String,
    /// The ID in the library's map.
    pub inner: String,
    /// The dependency's folder: the map's paths are relative to it.
    pub dir: PathBuf,
    pub map: Map,
    pub sym: indexer::store::MapSymbol,
    /// What opening the map said (built now, rebuilt).
    pub warnings: Vec<String>,
}

/// The library symbol a library node ID names; `None` for any other ID. `BAD_NODE_ID` for a
/// malformed one, `BAD_ARGS` for a library or version the workspace does not have (with the
/// versions it has), `NODE_NOT_FOUND` for an ID not in the library's map (with the nearest).
pub fn lib_node(ws: &Workspace, id: &str) -> Result<Option<LibNode>, ToolError> {
    let Some(o) = lib_map(ws, id)? else {
        return Ok(None);
    };
    let Some(Ok(l)) = LibId::split(id) else {
        return Ok(None);
    };
    let Some(sym) = o.map.db().symbol(&o.inner)? else {
        let near = answer::query::parse_node_id(&o.inner)
            .ok()
            .and_then(|n| o.map.ids_near(&n).ok())
            .unwrap_or_default()
            .iter()
            .map(|i| o.map.answered_id(i))
            .collect::<Vec<_>>();
        let near =
            indexer::suggest::did_you_mean(&near.iter().map(String::as_str).collect::<Vec<_>>());
        return Err(ToolError::new(
            ErrorCode::NodeNotFound,
            format!("{id} is not in the library's map"),
        )
        .hint(if near.is_empty() {
            format!(
                "map_search with scope \"lib:{}\" finds node IDs by name",
                l.name
            )
        } else {
            near
        }));
    };
    Ok(Some(LibNode {
        name: l.name.to_string(),
        version: l.version.to_string(),
        id: id.to_string(),
        inner: o.inner,
        dir: o.dir,
        map: o.map,
        sym,
        warnings: o.warnings,
    }))
}

/// `resolve` of a library's node: where it is in the installed dependency (its absolute
/// path: a library is no workspace file), from the library's map.
pub fn resolve(ws: &Workspace, id: &str) -> Result<Option<Answer>, ToolError> {
    let Some(Opened {
        map,
        inner,
        warnings,
        dir,
        ..
    }) = lib_map(ws, id)?
    else {
        return Ok(None);
    };
    let Some(n) = map.lookup(&inner)? else {
        return Err(ToolError::new(
            ErrorCode::NodeNotFound,
            format!("{id} is not in the library's map"),
        )
        .hint("map_search with the same scope finds node IDs by name"));
    };
    let file = n.file.as_deref().map(|f| dir.join(f).display().to_string());
    let (line, col) = n
        .range
        .as_ref()
        .map_or((None, None), |r| (Some(r.name_line), Some(r.name_col)));
    let data = json!({
        "nodeId": id,
        "lib": LibId::split(id).and_then(Result::ok).map(|l| l.name),
        "libVersion": LibId::split(id).and_then(Result::ok).map(|l| l.version),
        "location": {"file": file, "line": line, "col": col},
        "symbol": {"kind": n.kind, "name": n.name, "signature": n.signature},
        "source": "libraryMap",
        "stale": n.stale,
    });
    let text = format!(
        "{id}\n  {}:{}:{}  {} {}\n",
        file.as_deref().unwrap_or("?"),
        line.unwrap_or(0),
        col.unwrap_or(0),
        n.kind,
        n.signature.as_deref().unwrap_or(n.name.as_str())
    );
    Ok(Some(Answer {
        data,
        dropped: None,
        warnings,
        text: Text::new(move || text),
    }))
}

/// `map_deps`' arguments.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DepsParams {
    /// Index this dependency (NAME or NAME@VERSION) now.
    #[serde(default)]
    pub index: Option<String>,
    /// Index every dependency not indexed yet.
    #[serde(default)]
    pub all: Option<bool>,
    #[serde(default)]
    #[schemars(schema_with = "answer::envelope::budget_schema")]
    pub token_budget: Option<u32>,
}

/// `map_deps`: the workspace's dependencies (name, version, language, indexed or not), and
/// indexing one or all of them.
pub fn deps_tool(ws: &Workspace, p: &DepsParams) -> Result<Answer, ToolError> {
    let (mut all, own) = found_and_own(ws);
    let cache = cache()?;
    let mut warnings = Vec::new();
    if !own.is_empty() {
        warnings.push(format!(
            "not listed: {} of the workspace's own projects found as dependencies ({}): the workspace's map has their code",
            own.len(),
            own.join(", ")
        ));
    }
    // `--index NAME` is picked from the whole workspace's, whatever the project (kept apart
    // only when a project cuts the list).
    let scope = crate::workspace::current_scope();
    let whole = scope.as_ref().map(|_| all.clone());
    if let Some(scope) = scope {
        let project = ws
            .map()
            .ok()
            .and_then(|m| m.projects().ok())
            .and_then(|ps| ps.find(&scope.name).cloned());
        match project {
            Some(pr) => only_declared(ws, &pr, &mut all, &mut warnings),
            None => warnings.push(format!(
                "the dependencies of the whole workspace, not of project {:?} alone: the map does not list it",
                scope.name
            )),
        }
    }
    // The one asked to index: the answer is its row (the list would bury it, and a budget
    // could cut it).
    let mut only: Option<(String, String)> = None;
    if let Some(n) = &p.index {
        let (l, d) = pick(whole.as_deref().unwrap_or(&all), n)?;
        open(l.ecosystem, d, &mut warnings)?;
        only = Some((d.name.clone(), d.version.clone()));
    }
    let mut targets: Vec<(&LangDeps, &Dep)> = Vec::new();
    if p.all.unwrap_or(false) {
        for l in &all {
            // `--all` indexes what can be; the others are listed with why. The environment's
            // own tooling (pip) is indexed only when named.
            targets.extend(
                l.found
                    .deps
                    .iter()
                    .filter(|d| d.missing.is_none() && !d.tooling)
                    .map(|d| (l, d)),
            );
        }
    }
    // `--all` indexes every one it can: one that fails (a damaged archive) is said, not fatal.
    for (l, d) in targets {
        if let Err(e) = open(l.ecosystem, d, &mut warnings) {
            warnings.push(format!(
                "could not index {}@{}: {}{}",
                d.name,
                d.version,
                e.message,
                e.hint
                    .as_deref()
                    .map_or(String::new(), |h| format!(" ({h})"))
            ));
        }
    }
    let mut rows: Vec<Value> = Vec::new();
    let mut lines: Vec<String> = Vec::new();
    let mut others = 0usize;
    // The one indexed is listed whatever the project names.
    let listed = match only {
        Some(_) => whole.as_ref().unwrap_or(&all),
        None => &all,
    };
    for l in listed {
        for d in &l.found.deps {
            if only
                .as_ref()
                .is_some_and(|(n, v)| *n != d.name || *v != d.version)
            {
                others += 1;
                continue;
            }
            let indexed = d.missing.is_none() && map_of(&cache, l.ecosystem, d)?.exists();
            let mut row = json!({
                "name": d.name, "version": d.version, "lang": l.lang.prefix(),
                "ecosystem": l.ecosystem, "dir": d.dir.display().to_string(), "indexed": indexed,
            });
            if let Some(a) = &d.archive {
                row["archive"] = json!(a.display().to_string());
            }
            if let Some(why) = &d.missing {
                row["missing"] = json!(why);
            }
            if d.tooling {
                row["tooling"] = json!(true);
            }
            rows.push(row);
            let place = match (&d.missing, &d.archive) {
                (Some(why), _) => format!("  no code: {why}"),
                (None, Some(a)) => format!("  {}", a.display()),
                (None, None) if d.only.is_empty() => format!("  {}", d.dir.display()),
                (None, None) => format!("  {} ({})", d.dir.display(), d.only.join(", ")),
            };
            let place = if d.tooling {
                format!("{place}  (the environment's tooling: indexed only when named)")
            } else {
                place
            };
            lines.push(format!(
                "{}@{}  {}  {}{place}",
                d.name,
                d.version,
                l.lang.prefix(),
                if indexed { "indexed" } else { "not indexed" },
            ));
        }
    }
    let looked = looked(&all);
    for l in &all {
        warnings.extend(
            l.found
                .unread
                .iter()
                .map(|u| format!("not read (never guessed): {u}")),
        );
        warnings.extend(
            l.found
                .not_looked
                .iter()
                .map(|u| format!("not looked in, so the list may miss their dependencies: {u}")),
        );
    }
    let dir = crate::workspace::current_scope()
        .and_then(|s| {
            ws.map()
                .ok()
                .and_then(|m| m.projects().ok())
                .and_then(|ps| ps.find(&s.name).map(|p| ws.root.join(&p.root)))
        })
        .unwrap_or_else(|| ws.root.clone());
    let missing = not_installed(&all, &dir);
    if rows.is_empty() && missing.is_empty() {
        warnings.push(format!(
            "no installed dependencies found; looked in: {}",
            looked.join("; ")
        ));
    }
    warnings.extend(missing);
    if others > 0 {
        warnings.push(format!(
            "the dependency indexed, alone; the workspace has {others} more: `codemap deps` (map_deps) lists them"
        ));
    }
    let total = rows.len();
    let indexed = rows.iter().filter(|r| r["indexed"] == json!(true)).count();
    let budget = clamp_budget(p.token_budget);
    let f = fit_said(rows.len(), budget, &warnings, |n| {
        let mut head = json!({"deps": &rows[..n], "total": total, "indexed": indexed, "looked": looked, "cache": cache.display().to_string()});
        if others > 0 {
            head["others"] = json!(others);
        }
        head
    });
    lines.truncate(f.kept);
    let mut text = lines.join("\n");
    if !text.is_empty() {
        text.push('\n');
    }
    if only.is_none() && indexed < total {
        text.push_str(&format!(
            "{indexed} of {total} indexed; index with `codemap deps --index NAME` or `--all`\n"
        ));
    }
    Ok(Answer {
        dropped: f.dropped("deps", "raise tokenBudget"),
        data: f.data,
        warnings,
        text: Text::new(move || text),
    })
}

/// Library symbols for a live tool (`nav_symbols`'s `scope`): the hits of one library
/// (`"lib:NAME"`, built when not there) or of every indexed one (`"all"`), with each
/// library's folder (by `lib:NAME@VERSION` prefix) to place them, and what was said.
pub struct LibHits {
    pub hits: answer::query::SearchHits,
    pub dirs: Vec<(String, PathBuf)>,
}

impl LibHits {
    /// The absolute file of a library hit.
    pub fn file_of(&self, node_id: &str, file: &str) -> Option<PathBuf> {
        self.dirs
            .iter()
            .find(|(p, _)| node_id.starts_with(p.as_str()))
            .map(|(_, d)| d.join(file))
    }
}

/// What a scope names: `None` for the workspace's only, else the library hits (`BAD_ARGS`
/// for an unknown scope or library).
pub fn scoped_hits(
    ws: &Workspace,
    scope: Option<&str>,
    p: &SearchParams,
) -> Result<Option<LibHits>, ToolError> {
    let scope = scope.unwrap_or("workspace");
    if scope == "workspace" {
        return Ok(None);
    }
    let lib_p = SearchParams {
        path: None,
        not_under: Vec::new(),
        ..p.clone()
    };
    let (mut all, own) = found_and_own(ws);
    in_other_projects(ws, &mut all);
    let mut warnings = Vec::new();
    let mut parts = Vec::new();
    let mut dirs = Vec::new();
    let prefix = |d: &Dep| LibId::format(&d.name, &d.version, "");
    if let Some(name) = scope.strip_prefix("lib:") {
        let (l, dep) = pick_lib(&all, &own, name)?;
        let map = open(l.ecosystem, dep, &mut warnings)?;
        parts.push(map.search_hits(&lib_p)?);
        dirs.push((prefix(dep), dep.dir.clone()));
    } else if scope == "all" {
        let cache = cache()?;
        let mut not_indexed = Vec::new();
        let mut no_code = 0usize;
        for l in &all {
            for d in &l.found.deps {
                if d.missing.is_some() {
                    no_code += 1;
                    continue;
                }
                if !map_of(&cache, l.ecosystem, d)?.exists() {
                    if !d.tooling {
                        not_indexed.push(d.name.clone());
                    }
                    continue;
                }
                let m = open(l.ecosystem, d, &mut warnings)?;
                parts.push(m.search_hits(&lib_p)?);
                dirs.push((prefix(d), d.dir.clone()));
            }
        }
        if !not_indexed.is_empty() {
            warnings.push(format!(
                "{} dependencies are not indexed yet ({}{}): {INDEX_HINT}",
                not_indexed.len(),
                not_indexed
                    .iter()
                    .take(5)
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(", "),
                if not_indexed.len() > 5 { ", …" } else { "" }
            ));
        }
        if no_code > 0 {
            warnings.push(no_code_said(no_code));
        }
    } else {
        return Err(
            ToolError::bad_args(format!("unknown scope {scope:?}")).hint(
                "scope is \"workspace\" (default), \"lib:NAME\" (a dependency: `codemap deps`, map_deps, lists them) or \"all\"",
            ),
        );
    }
    let mut hits = merge_hits(parts, p.limit.unwrap_or(20) as usize);
    warnings.append(&mut hits.warnings);
    hits.warnings = warnings;
    Ok(Some(LibHits { hits, dirs }))
}

/// A place inside an installed dependency: the library, its version, and the library node
/// ID of the innermost symbol there (when the library's map exists), else a hint.
pub struct LibPlace {
    pub name: String,
    pub version: String,
    pub node_id: Option<String>,
    pub hint: Option<String>,
}

/// Which of the workspace's dependencies holds a place, or a server's place inside an
/// archive: the dependencies found once (their build files read once), each folder
/// canonicalized once (at its first use), for all the locations of one answer.
pub struct Placer {
    all: Vec<LangDeps>,
    canon: Vec<Vec<Option<Option<PathBuf>>>>,
    cache: Option<PathBuf>,
}

impl Placer {
    pub fn new(ws: &Workspace) -> Placer {
        let all = found(ws);
        let canon = all.iter().map(|l| vec![None; l.found.deps.len()]).collect();
        Placer {
            all,
            canon,
            cache: indexer::libs::cache_dir(),
        }
    }

    /// The file on disk of a place a server gives inside a dependency's archive
    /// ([`archived_file`]), from the dependencies this placer found.
    pub fn archived(&self, uri: &str, w: &mut Vec<String>) -> Result<PathBuf, String> {
        archived_file(&self.all, uri, w)
    }

    /// The dependency holding `abs` (paths compared as given and canonical), with the symbol
    /// at `pos` from its map when that map exists (not built here).
    pub fn place(&mut self, abs: &std::path::Path, pos: indexer::model::Pos) -> Option<LibPlace> {
        let canon = abs.canonicalize().ok();
        for (li, l) in self.all.iter().enumerate() {
            for (di, d) in l.found.deps.iter().enumerate() {
                let rel = match abs.strip_prefix(&d.dir) {
                    Ok(r) => Some(r.to_path_buf()),
                    Err(_) => {
                        let dc = self.canon[li][di]
                            .get_or_insert_with(|| d.dir.canonicalize().ok())
                            .as_ref();
                        canon
                            .as_ref()
                            .zip(dc)
                            .and_then(|(c, dc)| c.strip_prefix(dc).ok().map(|r| r.to_path_buf()))
                    }
                };
                let Some(rel) = rel else { continue };
                let first = rel
                    .components()
                    .next()
                    .map(|c| c.as_os_str().to_string_lossy().to_string());
                if !d.only.is_empty() && !first.is_some_and(|f| d.only.contains(&f)) {
                    continue;
                }
                return Some(lib_place(self.cache.as_deref(), l.ecosystem, d, &rel, pos));
            }
        }
        None
    }
}

/// The node in the build the library's map kept of the module `rel` is a build of, at the
/// same spot, when it names the identifier written at `pos` in `rel` (the builds of one
/// module are the same declarations; a spot that names another is no answer).
fn kept_build_node(map: &Map, d: &Dep, rel: &str, pos: indexer::model::Pos) -> Option<String> {
    let kept = indexer::generated::kept_build(rel, |p| d.dir.join(p).is_file())?;
    let id = map.db().node_at(&kept, pos)?;
    let text = std::fs::read_to_string(d.dir.join(rel)).ok()?;
    let line = indexer::syntax::line_at(&text, pos.line);
    let word = indexer::syntax::word_from(line, pos.col);
    let leaf = id.rsplit(['#', '.']).next()?;
    (!word.is_empty() && leaf.split('~').next() == Some(word)).then_some(id)
}

fn lib_place(
    cache: Option<&std::path::Path>,
    eco: &str,
    d: &Dep,
    rel: &std::path::Path,
    pos: indexer::model::Pos,
) -> LibPlace {
    let rel = rel.to_string_lossy().replace('\\', "/");
    let map = cache
        .and_then(|c| indexer::libs::map_path(c, eco, &d.name, &d.version))
        .filter(|m| m.exists());
    let hint = map.is_none().then(|| {
        format!(
            "index {}@{} for its node IDs: `codemap deps --index {}` (map_deps index)",
            d.name, d.version, d.name
        )
    });
    let node_id = map.and_then(|_| {
        let mut w = Vec::new();
        let map = open(eco, d, &mut w).ok()?;
        let id = map.db().node_at(&rel, pos)?;
        // A build the map left out for another (`types.d.cts` beside `types.d.ts`: a
        // server's definition may land in either): the symbol of that name in the kept one.
        let id = if id.contains('#') {
            id
        } else {
            kept_build_node(&map, d, &rel, pos).unwrap_or(id)
        };
        Some(map.answered_id(&id))
    });
    LibPlace {
        name: d.name.clone(),
        version: d.version.clone(),
        node_id,
        hint,
    }
}
