//! The [`Map`] handle every map tool is a method of, and what the tools share: opening the
//! map, snapshots, node lookups, errors as the agent sees them.

use super::rank::NameIndex;
use crate::envelope::{ErrorCode, ToolError};
use crate::shape::{EdgeOut, NodeInfo};
use indexer::id::{grammar, NodeId};
use indexer::model::EdgeKind;
use indexer::project::{Project, Projects};
use indexer::store::{self, Db, NodeRow, StoreError};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A read handle on the map.
pub struct Map {
    pub(super) db: Db,
    pub(super) root: PathBuf,
    /// The map file's path.
    pub(super) path: PathBuf,
    pub(super) names: RefCell<Option<(i64, Arc<NameIndex>)>>,
    /// The map's projects, cached as `names` is (every answer's rows are tagged with them).
    pub(super) projects: RefCell<Option<(i64, Arc<Projects>)>>,
    /// A library map's name and version: the node IDs it answers are
    /// `lib:NAME@VERSION/<id>` ([`indexer::id::LibId`]); it is given and takes plain ones.
    pub(super) lib: Option<(String, String)>,
}

pub fn store_error(e: StoreError) -> ToolError {
    match e {
        StoreError::NotBuilt(p) => ToolError::new(
            ErrorCode::MapNotBuilt,
            format!("there is no map at {}", p.display()),
        )
        .hint("run `codemap index` in the workspace (or `map_rebuild`) to build it"),
        StoreError::Version { .. } => ToolError::new(ErrorCode::MapNotBuilt, e.to_string())
            .hint("run `codemap index` to rebuild the map for this version"),
        other => ToolError::internal(other),
    }
}

/// A failed SCIP export, as the tools answer it.
pub fn export_error(e: indexer::export::ExportError) -> ToolError {
    use indexer::export::ExportError;
    match e {
        ExportError::Open(e) => store_error(e),
        ExportError::Read { .. } => ToolError::new(ErrorCode::Internal, e.to_string()),
        ExportError::Write { .. } => ToolError::new(ErrorCode::BadArgs, e.to_string())
            .hint("give --output a path in a directory you can write to"),
    }
}

pub(super) fn parse_edge_kinds(kinds: &Option<Vec<String>>) -> Result<Vec<EdgeKind>, ToolError> {
    let Some(ks) = kinds else {
        return Ok(EdgeKind::ALL.to_vec());
    };
    ks.iter()
        .map(|k| {
            EdgeKind::parse(k).ok_or_else(|| {
                ToolError::bad_args(format!("unknown edge kind {k:?}")).hint(format!(
                    "edge kinds are: {}",
                    EdgeKind::ALL.map(|k| k.as_str()).join(", ")
                ))
            })
        })
        .collect()
}

pub fn parse_node_id(s: &str) -> Result<NodeId, ToolError> {
    let id = NodeId::parse(s).map_err(|e| {
        ToolError::new(ErrorCode::BadNodeId, e.to_string())
            .hint(format!("the grammar: {}", grammar()))
    })?;
    if let NodeId::File { lang, path } | NodeId::Symbol { lang, path, .. } = &id {
        if let Some(right) = prefix_mismatch(*lang, path) {
            let fixed = format!("{}:{}", right.prefix(), &s[lang.prefix().len() + 1..]);
            return Err(ToolError::new(
                ErrorCode::BadNodeId,
                format!(
                    "{s}: {path} is a {} file, and its node IDs start `{}:`, not `{}:`",
                    right.name(),
                    right.prefix(),
                    lang.prefix()
                ),
            )
            .hint(format!("did you mean {fixed}?")));
        }
    }
    Ok(id)
}

/// The language a node ID's file is of when its prefix names another (`py:entry.go#Entry`):
/// by the file's extension; a language that may claim it by its text (`cpp:` for a `.h`) is
/// no mismatch, nor is an extension no language has. Pure.
fn prefix_mismatch(lang: indexer::lang::Lang, path: &str) -> Option<indexer::lang::Lang> {
    let p = std::path::Path::new(path);
    let by_ext = indexer::lang::Lang::of_path(p)?;
    let ext = p.extension()?.to_str()?;
    let claims = lang.spec().claims.iter().any(|(e, _)| *e == ext);
    (by_ext != lang && !claims).then_some(by_ext)
}

impl Map {
    pub fn open(root: &Path, db: &Path) -> Result<Map, ToolError> {
        let handle = store::open_for_read(db).map_err(store_error)?;
        Ok(Map {
            db: handle,
            root: root.to_path_buf(),
            path: db.to_path_buf(),
            names: RefCell::new(None),
            projects: RefCell::new(None),
            lib: None,
        })
    }

    /// This map as the library `name@version`'s: its answers' node IDs carry the library.
    pub fn for_library(mut self, name: &str, version: &str) -> Map {
        self.lib = Some((name.to_string(), version.to_string()));
        self
    }

    /// A node ID of this map as answered: with the library's prefix for a library map.
    pub fn answered_id(&self, id: &str) -> String {
        match &self.lib {
            Some((n, v)) => indexer::id::LibId::format(n, v, id),
            None => id.to_string(),
        }
    }

    /// The map's typed reads (see [`store::Db`]); the live tools' lookups (`symbol`,
    /// `edges_into`, `node_at`, …) are among them.
    pub fn db(&self) -> &Db {
        &self.db
    }

    /// Until the guard drops, every statement reads one state of the map: a run committed
    /// between two of an answer's queries is seen whole or not at all (SQLite WAL snapshot).
    /// Inside another snapshot, a no-op.
    pub fn snapshot(&self) -> Result<store::Snapshot<'_>, ToolError> {
        Ok(self.db.snapshot()?)
    }

    /// Whether the file on disk differs from what was indexed (a cheap stat).
    /// Whether the workspace file `rel`, which the map holds, changed on disk since it was
    /// indexed (its positions in the map are then off); false for a file it does not hold.
    pub fn changed_since_indexed(&self, rel: &str) -> bool {
        match self.db.file_stamp(rel) {
            Ok(Some(s)) => self.is_stale(&s.path, s.size, s.mtime, s.flagged),
            _ => false,
        }
    }

    /// Every file of the map changed on disk since indexing (stats each one: for answers
    /// that judge the whole map, or say "none"), by path.
    pub fn stale_files(&self) -> Result<Vec<String>, ToolError> {
        Ok(self
            .db
            .file_stamps()?
            .into_iter()
            .filter(|r| self.is_stale(&r.path, r.size, r.mtime, r.flagged))
            .map(|r| r.path)
            .collect())
    }

    /// Whether a file changed since it was indexed: its size, else (its time changed alone)
    /// its bytes' hash, so a file written back as it was (an edit undone, `git checkout`)
    /// is not stale.
    pub(super) fn is_stale(&self, file: &str, size: i64, mtime: i64, flagged: bool) -> bool {
        if flagged {
            return true;
        }
        let path = self.root.join(file);
        match std::fs::metadata(&path) {
            Ok(m) if m.len() as i64 != size => true,
            Ok(m) if indexer::walk::mtime_ns(&m) == mtime => false,
            Ok(_) => match (self.db.hash_of_file(file), std::fs::read(&path)) {
                (Ok(Some(h)), Ok(bytes)) => indexer::index::content_hash(&bytes) != h,
                _ => true,
            },
            Err(_) => true,
        }
    }

    pub(super) fn finish_rows(
        &self,
        rows: Vec<NodeRow>,
        warnings: &mut Vec<String>,
    ) -> Vec<NodeInfo> {
        let mut stale_files: HashMap<String, bool> = HashMap::new();
        let mut out = Vec::with_capacity(rows.len());
        // Each symbol's project, when the workspace has several.
        // (A library's map tags its hits with the library, not with projects of its own.)
        let projects = self
            .projects()
            .ok()
            .filter(|p| p.several() && self.lib.is_none());
        for mut r in rows {
            if let (Some(ps), Some(f)) = (&projects, &r.info.file) {
                r.info.project = ps.of(f).map(|p| p.name.clone());
            }
            if let Some(f) = &r.info.file {
                let st = *stale_files
                    .entry(f.clone())
                    .or_insert_with(|| self.is_stale(f, r.size, r.mtime, r.info.stale));
                r.info.stale = st;
            }
            out.push(r.info);
        }
        let mut stale: Vec<&String> = stale_files
            .iter()
            .filter(|(_, s)| **s)
            .map(|(f, _)| f)
            .collect();
        stale.sort();
        if !stale.is_empty() {
            warnings.push(format!(
                "{} file(s) in this answer changed on disk since indexing; their positions may be off: {} (run `codemap index`, or `resolve` for live positions)",
                stale.len(),
                stale.iter().take(5).map(|s| s.as_str()).collect::<Vec<_>>().join(", ")
            ));
        }
        out
    }

    /// The workspace's projects as the last index run found them.
    pub fn projects(&self) -> Result<Arc<Projects>, ToolError> {
        let stamp = self.db.data_version()?;
        if let Some((s, ps)) = self.projects.borrow().as_ref() {
            if *s == stamp {
                return Ok(ps.clone());
            }
        }
        let ps = Arc::new(Projects::new(self.db.projects()?));
        *self.projects.borrow_mut() = Some((stamp, ps.clone()));
        Ok(ps)
    }

    /// The project of this name (or root directory); an unknown one is `BAD_ARGS` listing
    /// the projects, nearest first.
    pub fn project(&self, name: &str) -> Result<(Project, Projects), ToolError> {
        let ps = self.projects()?;
        if let Some(p) = ps.find(name) {
            return Ok((p.clone(), (*ps).clone()));
        }
        let names: Vec<&str> = ps.listed().iter().map(|p| p.name.as_str()).collect();
        let near = indexer::suggest::nearest(name, names.iter().copied(), names.len());
        let mut listed: Vec<&str> = near;
        for n in &names {
            if !listed.contains(n) {
                listed.push(n);
            }
        }
        Err(ToolError::bad_args(format!("unknown project {name:?}")).hint(
            if listed.is_empty() {
                "the map found no project files (go.mod, Cargo.toml, package.json, pyproject.toml, …): leave out `project`".to_string()
            } else {
                format!("projects: {}", listed.join(", "))
            },
        ))
    }

    /// A node of the map, with `stale` checked against the disk.
    pub fn lookup(&self, id: &str) -> Result<Option<NodeInfo>, ToolError> {
        let _snapshot = self.snapshot()?;
        let Some(row) = self.db.node(id)? else {
            return Ok(None);
        };
        let mut warnings = Vec::new();
        Ok(self.finish_rows(vec![row], &mut warnings).pop())
    }

    /// Many nodes of the map at once, by the ID asked (an ID the map lacks is not there):
    /// `stale` checked once a file, and one warning for the stale files among them all.
    pub(super) fn lookup_many(
        &self,
        ids: &[String],
        warnings: &mut Vec<String>,
    ) -> Result<HashMap<String, NodeInfo>, ToolError> {
        let _snapshot = self.snapshot()?;
        let (asked, rows): (Vec<String>, Vec<_>) = self.db.nodes(ids)?.into_iter().unzip();
        Ok(asked
            .into_iter()
            .zip(self.finish_rows(rows, warnings))
            .collect())
    }

    /// Up to `n` of the map's file paths nearest to one that is not there.
    pub fn paths_near(&self, path: &str, n: usize) -> Result<Vec<String>, ToolError> {
        let all = self.db.all_paths()?;
        Ok(
            indexer::suggest::nearest(path, all.iter().map(String::as_str), n)
                .into_iter()
                .map(str::to_string)
                .collect(),
        )
    }

    /// Up to `n` qualnames of the map's symbols in `path` nearest to one that is not there.
    pub fn qualnames_near(
        &self,
        path: &str,
        qualname: &str,
        n: usize,
    ) -> Result<Vec<String>, ToolError> {
        let all = self.db.qualnames_in(path)?;
        Ok(
            indexer::suggest::nearest(qualname, all.iter().map(String::as_str), n)
                .into_iter()
                .map(str::to_string)
                .collect(),
        )
    }

    /// Node IDs near one the map does not have: the same file's symbols of a near qualname,
    /// else near files (as file IDs with the same qualname).
    pub fn ids_near(&self, id: &NodeId) -> Result<Vec<String>, ToolError> {
        let lang = id.lang();
        let (path, qualname) = match id {
            NodeId::File { path, .. } => (path.as_str(), None),
            NodeId::Symbol { path, qualname, .. } => (path.as_str(), Some(qualname.as_str())),
            _ => return Ok(Vec::new()),
        };
        if let (true, Some(q)) = (self.db.has_file(path)?, qualname) {
            return Ok(self
                .qualnames_near(path, q, 3)?
                .iter()
                .map(|q| NodeId::symbol_id(lang, path, q))
                .collect());
        }
        Ok(self
            .paths_near(path, 3)?
            .iter()
            .map(|p| match qualname {
                Some(q) => NodeId::symbol_id(lang, p, q),
                None => NodeId::file_id(lang, p),
            })
            .collect())
    }

    pub(super) fn require_node(&self, id: &str) -> Result<NodeId, ToolError> {
        let parsed = parse_node_id(id)?;
        if self.db.node(id)?.is_some() {
            return Ok(parsed);
        }
        if matches!(parsed, NodeId::External { .. }) && self.db.is_edge_target(id)? {
            return Ok(parsed);
        }
        let near = self.ids_near(&parsed)?;
        let near: Vec<&str> = near.iter().map(String::as_str).collect();
        let mut hint = match parsed.qualname() {
            Some(q) => format!(
                "`map_search` for {:?} finds where it lives now",
                indexer::id::segment_name(q.rsplit('.').next().unwrap_or(q))
            ),
            None => "`map_search` finds node IDs by name".to_string(),
        };
        if !near.is_empty() {
            hint = format!("{} Or {hint}", indexer::suggest::did_you_mean(&near));
        }
        Err(ToolError::new(ErrorCode::NodeNotFound, format!("{id} is not in the map")).hint(hint))
    }

    pub(super) fn edges_of(
        &self,
        id: &str,
        outgoing: bool,
        kinds: &[EdgeKind],
    ) -> Result<Vec<EdgeOut>, ToolError> {
        let rows = self.db.edges_of(id, outgoing)?;
        Ok(rows
            .into_iter()
            .filter(|e| EdgeKind::parse(&e.kind).is_some_and(|k| kinds.contains(&k)))
            .collect())
    }

    pub(super) fn describe(
        &self,
        ids: &[String],
        warnings: &mut Vec<String>,
    ) -> Result<Vec<NodeInfo>, ToolError> {
        let (found, rows): (HashSet<String>, Vec<_>) = self.db.nodes(ids)?.into_iter().unzip();
        let externals = ids.iter().filter(|id| !found.contains(*id)).cloned();
        let mut out = self.finish_rows(rows, warnings);
        for id in externals {
            let name = match NodeId::parse(&id) {
                Ok(NodeId::External { package, .. }) => package,
                _ => id.clone(),
            };
            out.push(NodeInfo::bare(id, "external", name));
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A prefix that names another language than the file's is refused with the right ID
    /// (logrus: `refs py:entry.go#Entry` answered 171 references beside "no py server").
    #[test]
    fn a_node_id_s_prefix_is_its_file_s_language() {
        let e = parse_node_id("py:entry.go#Entry.Log").expect_err("a go file with a py prefix");
        assert_eq!(e.code, ErrorCode::BadNodeId);
        assert!(e.message.contains("entry.go is a Go file"), "{}", e.message);
        assert_eq!(
            e.hint.as_deref(),
            Some("did you mean go:entry.go#Entry.Log?")
        );
        assert!(parse_node_id("rs:src/a.hpp").is_err());
        for ok in [
            "go:entry.go#Entry",
            "cpp:src/pugixml.h#pugi.xml_node",
            "c:src/x.h#f",
            "py:Makefile#x",
        ] {
            assert!(parse_node_id(ok).is_ok(), "{ok}");
        }
    }
}
