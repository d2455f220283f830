//! What a run looks at: the workspace's source files (from a walk, or from the changed files
//! alone when the map knows them all), the map's rows for them, and which are generated code
//! left out.

use super::options::{IndexError, IndexOptions};
use crate::lang::Lang;
use crate::store::{Db, FileRow};
use crate::walk::{self, WalkOptions, WalkedFile};
use std::collections::HashMap;
use std::path::Path;
use std::time::Instant;

/// The workspace's source files and the map's rows for them: from the changed files alone
/// when [`IndexOptions::changed`] allows it (see [`known_files`]), else from a walk.
pub(super) fn survey(
    opts: &IndexOptions,
    conn: &Db,
) -> Result<(walk::Walked, HashMap<String, FileRow>), IndexError> {
    let load = |conn: &Db| -> Result<HashMap<String, FileRow>, IndexError> {
        let t = Instant::now();
        let old: HashMap<String, FileRow> = conn.load_files()?.into_iter().collect();
        tracing::info!(elapsed = ?t.elapsed(), files = old.len(), "loaded files table");
        Ok(old)
    };
    // Before the map's rows are read: taking generated code in flags it.
    let include = include_generated(opts, conn)?;
    // A run told what changed reads the map first: it may need no walk.
    let known = match &opts.changed {
        Some(changed) => {
            let old = load(conn)?;
            let markers = conn
                .get_meta("manifests")?
                .and_then(|m| walk::Markers::decode(&m));
            if let Some(mut walked) =
                markers.and_then(|m| known_files(&opts.root, &old, changed, m))
            {
                mark_generated(opts, include, &mut walked);
                return Ok((walked, old));
            }
            Some(old)
        }
        None => None,
    };
    let walked = walk::walk(
        &opts.root,
        &WalkOptions {
            exclude: opts.exclude.clone(),
        },
    )?;
    // What a later run from changed files alone reads instead of walking.
    let manifests = walked.markers.encode();
    if conn.get_meta("manifests")?.as_deref() != Some(manifests.as_str()) {
        conn.set_meta("manifests", &manifests)?;
    }
    let old = match known {
        Some(old) => old,
        None => load(conn)?,
    };
    let mut walked = walked;
    mark_generated(opts, include, &mut walked);
    Ok((walked, old))
}

/// Whether generated code goes into the map: as this run says (remembered in `meta`; taken
/// in now, the files left out are flagged for this run), else as the map was told.
fn include_generated(opts: &IndexOptions, conn: &Db) -> Result<bool, IndexError> {
    Ok(match opts.include_generated {
        Some(b) => {
            let v = if b { "1" } else { "0" };
            if conn
                .get_meta("include_generated")?
                .as_deref()
                .unwrap_or("0")
                != v
            {
                conn.set_meta("include_generated", v)?;
                // Taken in now: the files left out as generated are read this run.
                conn.flag_generated_stale()?;
            }
            b
        }
        None => conn.get_meta("include_generated")?.as_deref() == Some("1"),
    })
}

/// Generated files (see [`crate::generated`]) marked skipped with their reason, unless
/// `include`.
fn mark_generated(opts: &IndexOptions, include: bool, walked: &mut walk::Walked) {
    if opts.one_build {
        let files: Vec<(&str, Lang)> = walked
            .files
            .iter()
            .map(|f| (f.rel.as_str(), f.lang))
            .collect();
        let reasons = crate::generated::other_builds(&files);
        for (f, r) in walked.files.iter_mut().zip(reasons) {
            if f.skip.is_none() {
                f.skip = r;
            }
        }
    }
    if include {
        return;
    }
    let read = |dir: &str, name: &str| {
        let p = if dir.is_empty() {
            opts.root.join(name)
        } else {
            opts.root.join(dir).join(name)
        };
        std::fs::read_to_string(p).ok()
    };
    let files: Vec<(&str, Lang)> = walked
        .files
        .iter()
        .map(|f| (f.rel.as_str(), f.lang))
        .collect();
    let reasons = crate::generated::classify(&files, &walked.markers.manifests, &read);
    for (f, r) in walked.files.iter_mut().zip(reasons) {
        if f.skip.is_none() {
            f.skip = r;
        }
    }
}

/// The workspace as the map knows it, with only `changed` looked at on disk: each is
/// stat-ed (a new stamp makes the run read it) or, when gone, left out (the run deletes it).
/// `None` when that is not enough and a walk must decide: a changed path the map does not
/// hold (a new file: only a walk applies the ignore rules to it; a manifest, which the map
/// lists only in `meta`) or one that is not a plain file now.
fn known_files(
    root: &Path,
    old: &HashMap<String, FileRow>,
    changed: &[String],
    markers: walk::Markers,
) -> Option<walk::Walked> {
    let mut fresh: HashMap<&str, Option<(u64, i64)>> = HashMap::new();
    for rel in changed {
        old.get(rel.as_str())?;
        let stamp = match std::fs::symlink_metadata(root.join(rel)) {
            Ok(m) if m.file_type().is_file() => Some((m.len(), walk::mtime_ns(&m))),
            Ok(_) => return None,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(_) => return None,
        };
        fresh.insert(rel.as_str(), stamp);
    }
    let mut files = Vec::with_capacity(old.len());
    for (rel, row) in old {
        let lang = Lang::from_prefix(&row.lang)?;
        let (size, mtime_ns) = match fresh.get(rel.as_str()) {
            Some(None) => continue,
            Some(Some(stamp)) => *stamp,
            None => (row.size as u64, row.mtime_ns),
        };
        files.push(WalkedFile {
            rel: rel.clone(),
            abs: root.join(rel),
            lang,
            size,
            mtime_ns,
            skip: None,
        });
    }
    files.sort_by(|a, b| a.rel.cmp(&b.rel));
    Some(walk::Walked {
        files,
        markers,
        warnings: Vec::new(),
    })
}
