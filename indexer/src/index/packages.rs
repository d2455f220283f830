//! The workspace's shape for resolution (its files, package directories and manifests' text)
//! and the `package` nodes of languages whose directories are packages.

use crate::id::NodeId;
use crate::lang::Lang;
use crate::resolve::{Layout, Manifest};
use crate::store::{Db, SqlResult};
use crate::walk;
use std::collections::{HashMap, HashSet};

/// Each walked manifest's text, read once a run: the language resolvers read them (a go.mod's
/// module path) and so does project detection.
pub(super) fn manifest_texts(root: &std::path::Path, walked: &walk::Walked) -> Vec<Manifest> {
    walked
        .markers
        .manifests
        .iter()
        .filter(|(_, name)| Lang::is_manifest(name))
        .filter_map(|(dir, name)| {
            let p = if dir.is_empty() {
                root.join(name)
            } else {
                root.join(dir).join(name)
            };
            std::fs::read_to_string(p).ok().map(|text| Manifest {
                dir: dir.clone(),
                name: name.clone(),
                text,
            })
        })
        .collect()
}

pub(super) fn workspace(
    db: &Db,
    manifests: &[Manifest],
    walked: &walk::Walked,
) -> SqlResult<Layout> {
    let mut packages: HashMap<String, Option<String>> = HashMap::new();
    for lang in package_langs() {
        packages.extend(db.package_dirs(lang)?);
    }
    let mut ws = Layout::new(
        // Generated code left out is no module to resolve to: an import of a package whose
        // package.json names its build output goes on to its sources (`src/index.ts`).
        walked
            .files
            .iter()
            .filter(|f| {
                f.skip
                    .as_deref()
                    .is_none_or(|r| !r.starts_with(crate::generated::REASON_PREFIX))
            })
            .map(|f| f.rel.clone()),
        packages,
        manifests,
    );
    // Files whose text decided their language (a C++ `.h`).
    ws.set_langs(
        walked
            .files
            .iter()
            .filter(|f| Lang::of_path(std::path::Path::new(&f.rel)) != Some(f.lang))
            .map(|f| (f.rel.clone(), f.lang))
            .collect(),
    );
    Ok(ws)
}

/// The workspace's projects from its project files' texts (`crate::project::detect`),
/// written when they differ from the map's.
pub(super) fn sync_projects(db: &Db, manifests: &[Manifest]) -> SqlResult<()> {
    let manifests: Vec<crate::project::ManifestText<'_>> = manifests
        .iter()
        .map(|m| crate::project::ManifestText {
            dir: &m.dir,
            name: &m.name,
            text: &m.text,
        })
        .collect();
    let found = crate::project::detect(&manifests);
    if db.projects()? != found {
        db.replace_projects(&found)?;
    }
    Ok(())
}

/// Languages whose directories are package nodes.
fn package_langs() -> impl Iterator<Item = Lang> {
    Lang::ALL.into_iter().filter(|l| l.spec().package_nodes)
}

/// One `package` node per package directory of each language with package nodes (Go, Java):
/// a directory is one language's package when it holds that language's files.
pub(super) fn sync_packages(
    conn: &Db,
    ws: &Layout,
    only: Option<&HashSet<String>>,
) -> SqlResult<Vec<i64>> {
    let mut gone = Vec::new();
    let langs: Vec<Lang> = package_langs().collect();
    if langs.is_empty() {
        return Ok(gone);
    }
    let dirs: Vec<String> = match only {
        Some(dirs) => dirs.iter().cloned().collect(),
        None => {
            conn.delete_packages()?;
            ws.package_dirs().map(str::to_string).collect()
        }
    };
    // Which language's files each directory holds.
    let mut held: HashSet<(Lang, &str)> = HashSet::new();
    if langs.len() > 1 || only.is_some() {
        for f in ws.files() {
            if let Some(l) = Lang::of_path(std::path::Path::new(f)) {
                if langs.contains(&l) {
                    held.insert((l, walk::parent_dir(f)));
                }
            }
        }
    }
    let holds = |l: Lang, d: &str| (langs.len() == 1 && only.is_none()) || held.contains(&(l, d));
    for lang in langs.iter().copied() {
        for d in &dirs {
            let node = NodeId::package_id(lang, d);
            if !ws.is_package_dir(d) || !holds(lang, d) {
                if let Some(id) = conn.number_of(&node)? {
                    conn.delete_symbol(id)?;
                    gone.push(id);
                }
                continue;
            }
            let id = conn.node_number(&node)?;
            conn.delete_symbol(id)?;
            let name = ws
                .package_name(d)
                .map(str::to_string)
                .unwrap_or_else(|| d.rsplit('/').next().unwrap_or(d).to_string());
            conn.insert_package(id, &name, d, lang)?;
        }
    }
    Ok(gone)
}
