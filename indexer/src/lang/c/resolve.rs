//! C's resolution.
//!
//! - `#include "x.h"` and `#include <x.h>` name a workspace file looked up relative to the
//!   including file's directory, then in the `include` directories above it (nearest first),
//!   then from the workspace root, then in the one other `include` directory that holds it (if
//!   several do, none is chosen), then the one workspace file whose path ends with it (a
//!   build's `-I src/util`: libgit2's `#include "git2_util.h"` in `src/libgit2/common.h`);
//!   else the include is the external node `c:ext:x.h`.
//! - A name (a call, a type) resolves through the file's own symbols (`local`), then through
//!   the headers it includes, directly and then what they include, up to three levels
//!   (`import`). A call found declared in a header, or by a prototype in its own `.c` file,
//!   goes to the function's definition when the workspace has exactly one outside headers
//!   (prototypes are none: `FactRole::Declared`) (`import`), else to the declaration. A name
//!   found nowhere is the workspace's only definition of that name outside headers
//!   (`unique`), or stays `unresolved`.
//! - A definition `implements` the declaration of its name in a header its file includes.

use crate::id::NodeId;
use crate::lang::c::is_header;
use crate::lang::Lang;
use crate::model::{EdgeKind, FactRole, Import, Kind, Resolution};
use crate::resolve::ctx::{
    join_path, single, Binding, FileCtx, ImportEdge, ImportName, Layout, Manifest, Outcome, Ref,
    Resolver, SymRef, SymbolIndex,
};
use crate::walk::parent_dir;
use std::any::Any;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

pub(crate) struct CResolver;

const LANG: Lang = Lang::C;

/// How deep includes are followed for a name, and how many headers at most.
const INCLUDE_DEPTH: usize = 3;
const INCLUDE_FILES: usize = 64;

/// C's reading of the workspace: every directory named `include`, sorted.
pub(crate) struct IncludeDirs {
    places: IncludePlaces,
    /// A header's includes resolved to workspace files, worked out once a run (the Linux
    /// kernel's files see the same few hundred headers).
    includes: Mutex<HashMap<String, Arc<[String]>>>,
    /// The workspace's one definition of a name for a kind of reference (or none), worked
    /// out once a run: the kernel's names have thousands of symbols (`probe`, `ops` fields),
    /// and every reference to them read them all.
    sole: Mutex<HashMap<(EdgeKind, String), Option<SymRef>>>,
}

/// `find` once a run for this kind of reference and name, in the run's [`IncludeDirs`].
fn sole_cached(
    ws: &Layout,
    kind: EdgeKind,
    name: &str,
    find: impl FnOnce() -> Option<SymRef>,
) -> Option<SymRef> {
    let Some(cache) = ws.facts::<IncludeDirs>().map(|d| &d.sole) else {
        return find();
    };
    let key = (kind, name.to_string());
    if let Some(hit) = cache.lock().ok().and_then(|c| c.get(&key).cloned()) {
        return hit;
    }
    let found = find();
    if let Ok(mut c) = cache.lock() {
        c.insert(key, found.clone());
    }
    found
}

fn include_dirs(files: &HashSet<String>) -> IncludeDirs {
    IncludeDirs {
        places: include_places(files, &[LANG]),
        includes: Mutex::new(HashMap::new()),
        sole: Mutex::new(HashMap::new()),
    }
}

/// Where an `#include` may find a workspace file: every directory named `include` above a
/// file of the languages, and those files by their file name.
#[derive(Default)]
pub(crate) struct IncludePlaces {
    dirs: Vec<String>,
    by_name: HashMap<String, Vec<String>>,
}

/// The [`IncludePlaces`] of the files of `langs` (by extension).
pub(crate) fn include_places(files: &HashSet<String>, langs: &[Lang]) -> IncludePlaces {
    let mut places = IncludePlaces::default();
    for f in files {
        if !Lang::of_path(std::path::Path::new(f)).is_some_and(|l| langs.contains(&l)) {
            continue;
        }
        let parts: Vec<&str> = f.split('/').collect();
        let (name, dirs) = parts.split_last().unwrap_or((&"", &[]));
        places
            .by_name
            .entry(name.to_string())
            .or_default()
            .push(f.clone());
        for (i, _) in dirs.iter().enumerate().filter(|(_, d)| **d == "include") {
            places.dirs.push(parts[..=i].join("/"));
        }
    }
    places.dirs.sort();
    places.dirs.dedup();
    places
}

/// `a/./b/../c` → `a/c`; `None` when it climbs above the root or is absolute.
fn normalize(path: &str) -> Option<String> {
    if path.starts_with('/') {
        return None;
    }
    let mut out: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                out.pop()?;
            }
            p => out.push(p),
        }
    }
    Some(out.join("/"))
}

/// The workspace file an `#include` of `path` in `from` names (the rule in the module doc).
pub(crate) fn include_target(ws: &Layout, from: &str, path: &str) -> Option<String> {
    let none = IncludePlaces::default();
    let places = ws.facts::<IncludeDirs>().map_or(&none, |d| &d.places);
    include_in(ws, places, from, path)
}

/// The workspace file an `#include` of `path` in `from` names, given the workspace's
/// `include` directories (the rule in the module doc; C++ reads it too).
pub(crate) fn include_in(
    ws: &Layout,
    places: &IncludePlaces,
    from: &str,
    path: &str,
) -> Option<String> {
    let dirs = &places.dirs;
    let found = |dir: &str| normalize(&join_path(dir, path)).filter(|f| ws.has_file(f));
    let from_dir = parent_dir(from);
    if let Some(f) = found(from_dir) {
        return Some(f);
    }
    let above = |d: &str| {
        let base = parent_dir(d);
        base.is_empty()
            || from_dir == base
            || from_dir
                .strip_prefix(base)
                .is_some_and(|r| r.starts_with('/'))
    };
    let mut near: Vec<&String> = dirs.iter().filter(|d| above(d)).collect();
    near.sort_by_key(|d| std::cmp::Reverse(d.len()));
    if let Some(f) = near.iter().find_map(|d| found(d)) {
        return Some(f);
    }
    if let Some(f) = found("") {
        return Some(f);
    }
    if let Some(f) = single(dirs.iter().filter(|d| !above(d)).filter_map(|d| found(d))) {
        return Some(f);
    }
    // A directory a build names with `-I`: the one file whose path ends with the include's.
    let path = normalize(path)?;
    let name = path.rsplit('/').next().unwrap_or(&path);
    single(
        places
            .by_name
            .get(name)
            .into_iter()
            .flatten()
            .filter(|f| f.ends_with(&format!("/{path}")))
            .cloned(),
    )
}

/// The headers a file sees: its includes in order, then theirs, up to [`INCLUDE_DEPTH`]
/// levels and [`INCLUDE_FILES`] files. Worked out once per file (`FileCtx::memo`).
fn headers_seen<'a>(ctx: &'a FileCtx, ws: &Layout, idx: &dyn SymbolIndex) -> &'a [String] {
    let memo = ctx.memo.get_or_init(|| Box::new(headers_of(ctx, ws, idx)));
    memo.downcast_ref::<Vec<String>>().map_or(&[], |v| &v[..])
}

fn headers_of(ctx: &FileCtx, ws: &Layout, idx: &dyn SymbolIndex) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    let mut level: Vec<String> = ctx
        .star
        .iter()
        .filter_map(|b| match b {
            Binding::Module(p) => p.first().cloned(),
            _ => None,
        })
        .collect();
    for depth in 0..INCLUDE_DEPTH {
        let mut next = Vec::new();
        for f in level {
            if f == ctx.path || seen.contains(&f) || seen.len() >= INCLUDE_FILES {
                continue;
            }
            if depth + 1 < INCLUDE_DEPTH {
                next.extend(includes_of(ws, idx, &f).iter().cloned());
            }
            seen.push(f);
        }
        level = next;
    }
    seen
}

/// The workspace files a header includes, resolved once a run.
fn includes_of(ws: &Layout, idx: &dyn SymbolIndex, header: &str) -> Arc<[String]> {
    let resolve = || -> Arc<[String]> {
        idx.imports_of(LANG, header)
            .iter()
            .filter_map(|imp| include_target(ws, header, &imp.module))
            .collect()
    };
    let Some(cache) = ws.facts::<IncludeDirs>().map(|d| &d.includes) else {
        return resolve();
    };
    if let Some(hit) = cache.lock().ok().and_then(|c| c.get(header).cloned()) {
        return hit;
    }
    let found = resolve();
    if let Ok(mut c) = cache.lock() {
        c.insert(header.to_string(), found.clone());
    }
    found
}

/// The one definition of function `name` outside headers, if the workspace has exactly one:
/// a prototype in a `.c` file (`FactRole::Declared`: libyaml's `tests/test-reader.c`
/// declares `yaml_parser_update_buffer`, defined in `src/reader.c`) is not one.
fn sole_definition(idx: &dyn SymbolIndex, name: &str) -> Option<SymRef> {
    single(idx.by_name(LANG, name).into_iter().filter(|s| {
        s.kind == Kind::Function && s.qualname() == name && !is_header(&s.file) && !declared(idx, s)
    }))
}

/// Whether a function symbol is a prototype, its definition elsewhere.
fn declared(idx: &dyn SymbolIndex, s: &SymRef) -> bool {
    !idx.facts(LANG, &s.file, s.qualname(), FactRole::Declared)
        .is_empty()
}

impl Resolver for CResolver {
    fn layout(&self, ws: &Layout, _manifests: &[Manifest]) -> Option<Arc<dyn Any + Send + Sync>> {
        Some(Arc::new(include_dirs(&ws.files)))
    }

    fn bind(&self, ctx: &mut FileCtx, imp: &Import, ws: &Layout) {
        let b = match include_target(ws, &ctx.path, &imp.module) {
            Some(f) => Binding::Module(vec![f]),
            None => Binding::External(imp.module.clone()),
        };
        ctx.star.push(b);
    }

    /// An include binds no name: every name of the header is seen.
    fn import_name(&self, _imp: &Import) -> Option<ImportName> {
        None
    }

    fn import_edge(&self, ctx: &FileCtx, imp: &Import, ws: &Layout) -> ImportEdge {
        let target = match include_target(ws, &ctx.path, &imp.module) {
            Some(f) => NodeId::file_id(LANG, &f),
            None => NodeId::external_id(LANG, &imp.module),
        };
        ImportEdge {
            target: Some(target),
            target_name: imp.module.clone(),
            resolution: Resolution::Import,
        }
    }

    fn direct(
        &self,
        ctx: &FileCtx,
        ws: &Layout,
        idx: &dyn SymbolIndex,
        r: &Ref<'_>,
        segs: &[&str],
    ) -> Option<Outcome> {
        let [name] = segs else {
            return Some(Outcome::Edge(None, Resolution::Unresolved));
        };
        let want = |k: Kind| match r.kind {
            EdgeKind::Uses => k.is_type_like(),
            _ => k == Kind::Function,
        };
        if r.kind == EdgeKind::Implements {
            // A definition and the declaration a header it includes gives.
            let decl = headers_seen(ctx, ws, idx)
                .iter()
                .find_map(|h| idx.in_file(LANG, h, name).filter(|s| want(s.kind)));
            return Some(match decl {
                Some(s) => Outcome::Edge(Some(s.node_id), Resolution::Import),
                None => Outcome::Drop,
            });
        }
        if let Some(s) = idx.in_file(LANG, &ctx.path, name).filter(|s| want(s.kind)) {
            // A header's call of a function it declares goes to the definition, as a call
            // through an include does; so does a call of a function a `.c` file declares.
            let defined = (r.kind == EdgeKind::Calls
                && (is_header(&ctx.path) || declared(idx, &s)))
            .then(|| sole_cached(ws, EdgeKind::Calls, name, || sole_definition(idx, name)))
            .flatten();
            return Some(match defined {
                Some(d) => Outcome::Edge(Some(d.node_id), Resolution::Import),
                None => Outcome::Edge(Some(s.node_id), Resolution::Local),
            });
        }
        let found = headers_seen(ctx, ws, idx)
            .iter()
            .find_map(|h| idx.in_file(LANG, h, name).filter(|s| want(s.kind)))?;
        let target = match r.kind {
            EdgeKind::Calls => {
                sole_cached(ws, EdgeKind::Calls, name, || sole_definition(idx, name))
                    .unwrap_or(found)
            }
            _ => found,
        };
        Some(Outcome::Edge(Some(target.node_id), Resolution::Import))
    }

    /// The workspace's only definition of the name outside headers, else unresolved.
    fn fallback(
        &self,
        _ctx: &FileCtx,
        ws: &Layout,
        idx: &dyn SymbolIndex,
        r: &Ref<'_>,
        segs: &[&str],
        want: &dyn Fn(Kind) -> bool,
    ) -> Outcome {
        let [name] = segs else {
            return Outcome::Edge(None, Resolution::Unresolved);
        };
        // `want` is the reference kind's (`resolve_ref`): one answer a run per kind and name.
        let hit = sole_cached(ws, r.kind, name, || match r.kind {
            EdgeKind::Calls => sole_definition(idx, name),
            _ => single(
                idx.by_name(LANG, name)
                    .into_iter()
                    .filter(|s| want(s.kind) && s.qualname() == *name),
            ),
        });
        match hit {
            Some(s) => Outcome::Edge(Some(s.node_id), Resolution::Unique),
            None => Outcome::Edge(None, Resolution::Unresolved),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::normalize;

    /// (including file, include, the file it names)
    #[test]
    fn an_include_names_the_file_the_rule_finds() {
        let files = [
            "include/git2/common.h",
            "src/libgit2/common.h",
            "src/libgit2/errors.h",
            "src/util/errors.h",
            "src/util/git2_util.h",
            "src/util/hash/sha1.h",
            "src/libgit2/repository.c",
        ];
        let ws = crate::resolve::ctx::Layout::new(
            files.iter().map(|f| f.to_string()),
            std::collections::HashMap::new(),
            &[],
        );
        for (from, include, want) in [
            (
                "src/libgit2/repository.c",
                "common.h",
                Some("src/libgit2/common.h"),
            ),
            (
                "src/libgit2/common.h",
                "git2/common.h",
                Some("include/git2/common.h"),
            ),
            // In a directory only a build's `-I` names: the one file so named.
            (
                "src/libgit2/common.h",
                "git2_util.h",
                Some("src/util/git2_util.h"),
            ),
            (
                "src/libgit2/common.h",
                "hash/sha1.h",
                Some("src/util/hash/sha1.h"),
            ),
            // Beside the including file first; two elsewhere: none chosen.
            (
                "src/libgit2/common.h",
                "errors.h",
                Some("src/libgit2/errors.h"),
            ),
            ("src/other/x.c", "errors.h", None),
            ("src/libgit2/common.h", "sha1.h/x.h", None),
            ("src/libgit2/common.h", "stdio.h", None),
        ] {
            assert_eq!(
                super::include_target(&ws, from, include).as_deref(),
                want,
                "{from} includes {include}"
            );
        }
    }

    #[test]
    fn include_paths_are_normalized_inside_the_workspace() {
        assert_eq!(normalize("src/./a/../b.h").as_deref(), Some("src/b.h"));
        assert_eq!(normalize("../b.h"), None);
        assert_eq!(normalize("/usr/include/stdio.h"), None);
    }
}
