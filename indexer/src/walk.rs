//! Walking the workspace: which files are source of a language in the registry, with their size and mtime.
//!
//! Uses the `ignore` crate, so `.gitignore`, `.ignore` and `.codemapignore` are honoured and
//! hidden directories (`.git`, `.codemap`, ...) are skipped. Symlinks are not followed into
//! directories; a symlinked source file is indexed only when it resolves inside the root.

use crate::lang::Lang;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

/// Project files the resolver needs (the registry's `manifests`: `go.mod`, `pyproject.toml`…):
/// (directory, workspace-relative with '' for the root; file name), sorted.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Markers {
    /// The manifests, and the evidence of generated code (`crate::generated::evidence`).
    pub manifests: Vec<(String, String)>,
}

impl Markers {
    /// One `dir<TAB>name` line per manifest: how the map remembers them between runs. A
    /// path with a tab or a newline in it cannot be written so: then `!`, which
    /// [`Markers::decode`] refuses (and a run walks instead of reading it).
    pub fn encode(&self) -> String {
        let bad = |s: &str| s.contains(['\t', '\n']);
        if self.manifests.iter().any(|(d, n)| bad(d) || bad(n)) {
            return "!".to_string();
        }
        let mut out = String::new();
        for (dir, name) in &self.manifests {
            out.push_str(dir);
            out.push('\t');
            out.push_str(name);
            out.push('\n');
        }
        out
    }

    /// The inverse of [`Markers::encode`].
    pub fn decode(text: &str) -> Option<Markers> {
        let mut manifests = Vec::new();
        for line in text.lines() {
            let (d, n) = line.split_once('\t')?;
            manifests.push((d.to_string(), n.to_string()));
        }
        Some(Markers { manifests })
    }
}

#[derive(Debug, Clone)]
pub struct WalkedFile {
    /// Workspace-relative, '/'-separated.
    pub rel: String,
    pub abs: PathBuf,
    pub lang: Lang,
    pub size: u64,
    pub mtime_ns: i64,
    /// Set when the file cannot be indexed at all (outside link, unreadable metadata).
    pub skip: Option<String>,
}

#[derive(Debug, Default)]
pub struct Walked {
    pub files: Vec<WalkedFile>,
    pub markers: Markers,
    /// Non-fatal problems met on the way (unreadable directories, bad ignore files).
    pub warnings: Vec<String>,
}

#[derive(Debug, Clone, Default)]
pub struct WalkOptions {
    /// Glob patterns (gitignore syntax) of paths to leave out, relative to the root.
    pub exclude: Vec<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum WalkError {
    #[error("the workspace root {0} is not a readable directory: {1}")]
    Root(PathBuf, std::io::Error),
    #[error("bad --exclude pattern {0:?}: {1}")]
    Exclude(String, ignore::Error),
}

/// `a/b/c.py` → `a/b`; `c.py` → ``.
pub fn parent_dir(rel: &str) -> &str {
    rel.rsplit_once('/').map_or("", |(d, _)| d)
}

pub fn walk(root: &Path, opts: &WalkOptions) -> Result<Walked, WalkError> {
    let canon_root = root
        .canonicalize()
        .map_err(|e| WalkError::Root(root.to_path_buf(), e))?;
    if !canon_root.is_dir() {
        return Err(WalkError::Root(
            root.to_path_buf(),
            std::io::Error::other("not a directory"),
        ));
    }
    collect(
        &canon_root,
        builder(&canon_root, &canon_root, opts, Vec::new())?,
    )
}

/// The files under `sub` (a folder relative to `root`), by the rules of [`walk`] (the ignore
/// files of the folders between the root and `sub` included); paths relative to `root`. A
/// folder outline's way to find files its map has not seen yet, without walking the root.
pub fn walk_under(root: &Path, sub: &str, opts: &WalkOptions) -> Result<Walked, WalkError> {
    let canon_root = root
        .canonicalize()
        .map_err(|e| WalkError::Root(root.to_path_buf(), e))?;
    let start = canon_root.join(sub);
    let canon_start = start
        .canonicalize()
        .map_err(|e| WalkError::Root(start.clone(), e))?;
    if !canon_start.starts_with(&canon_root) || !canon_start.is_dir() {
        return Err(WalkError::Root(
            start,
            std::io::Error::other("not a directory inside the workspace"),
        ));
    }
    // The ignore files between the root and `sub` apply as they do to a walk of the root:
    // each matched relative to its own folder.
    let mut parents = Vec::new();
    for d in canon_start
        .ancestors()
        .skip(1)
        .take_while(|d| d.starts_with(&canon_root))
    {
        let mut g = ignore::gitignore::GitignoreBuilder::new(d);
        let mut any = false;
        for name in [".gitignore", ".ignore", ".codemapignore"] {
            let f = d.join(name);
            if f.is_file() {
                any = true;
                if let Some(e) = g.add(&f) {
                    return Err(WalkError::Exclude(f.display().to_string(), e));
                }
            }
        }
        if any {
            let g = g
                .build()
                .map_err(|e| WalkError::Exclude(d.display().to_string(), e))?;
            parents.push(g);
        }
    }
    let b = builder(&canon_root, &canon_start, opts, parents)?;
    collect(&canon_root, b)
}

/// Run a walker built by [`builder`], its files relative to `canon_root`.
fn collect(canon_root: &Path, mut b: ignore::WalkBuilder) -> Result<Walked, WalkError> {
    let canon_root = canon_root.to_path_buf();
    let walker = b
        .threads(
            std::thread::available_parallelism()
                .map_or(2, |n| n.get())
                .min(8),
        )
        .build_parallel();
    // Each walker thread collects into its own `Walked`; they are merged at the end.
    let parts: std::sync::Mutex<Vec<Walked>> = std::sync::Mutex::new(Vec::new());
    walker.run(|| {
        let mut local = Collector {
            part: Walked::default(),
            root: &canon_root,
            parts: &parts,
        };
        Box::new(move |entry| {
            local.visit(entry);
            ignore::WalkState::Continue
        })
    });
    let mut out = Walked::default();
    for p in parts.into_inner().unwrap_or_else(|e| e.into_inner()) {
        out.files.extend(p.files);
        out.warnings.extend(p.warnings);
        out.markers.manifests.extend(p.markers.manifests);
    }
    out.markers.manifests.sort();
    out.markers.manifests.dedup();
    out.warnings.sort();
    out.files.sort_by(|a, b| a.rel.cmp(&b.rel));
    Ok(out)
}

/// The walker with codemap's rules: ignore files honoured, hidden entries skipped, symlinks
/// not followed, `--exclude` patterns and the registry's skipped directories left out.
fn builder(
    canon_root: &Path,
    start: &Path,
    opts: &WalkOptions,
    parents: Vec<ignore::gitignore::Gitignore>,
) -> Result<ignore::WalkBuilder, WalkError> {
    let overrides = excludes(canon_root, &opts.exclude)?;
    let mut b = ignore::WalkBuilder::new(start);
    b.hidden(true)
        .git_ignore(true)
        .git_global(false)
        .git_exclude(true)
        .require_git(false)
        .ignore(true)
        .parents(false)
        .follow_links(false)
        .add_custom_ignore_filename(".codemapignore")
        .overrides(overrides)
        // Installed packages (`node_modules`): never the workspace's own code, ignored or not.
        .filter_entry(move |e| {
            let dir = e.file_type().is_some_and(|t| t.is_dir());
            let skipped = e.depth() > 0 && dir && Lang::is_skipped_dir(e.path());
            let ignored = parents
                .iter()
                .any(|g| g.matched_path_or_any_parents(e.path(), dir).is_ignore());
            !(skipped || ignored)
        });
    Ok(b)
}

/// `--exclude` patterns (gitignore syntax, relative to `root`) as a matcher: a path under
/// `root` they match is `is_ignore()`.
pub fn excludes(
    root: &Path,
    patterns: &[String],
) -> Result<ignore::overrides::Override, WalkError> {
    let mut overrides = ignore::overrides::OverrideBuilder::new(root);
    for pat in patterns {
        overrides
            .add(&format!("!{pat}"))
            .map_err(|e| WalkError::Exclude(pat.clone(), e))?;
    }
    overrides
        .build()
        .map_err(|e| WalkError::Exclude(patterns.join(" "), e))
}

/// The directories a walk from `dir` visits (`dir` included), by the same rules as [`walk`]:
/// what the watcher watches, so that ignored trees (`node_modules/`, `target/`) cost no
/// inotify watches.
pub fn dirs(dir: &Path, opts: &WalkOptions) -> Result<Vec<PathBuf>, WalkError> {
    let canon = dir
        .canonicalize()
        .map_err(|e| WalkError::Root(dir.to_path_buf(), e))?;
    Ok(builder(&canon, &canon, opts, Vec::new())?
        .build()
        .flatten()
        .filter(|e| e.file_type().is_some_and(|t| t.is_dir()))
        .map(ignore::DirEntry::into_path)
        .collect())
}

/// One walker thread's findings; handed over when the thread's visitor is dropped.
struct Collector<'a> {
    part: Walked,
    root: &'a Path,
    parts: &'a std::sync::Mutex<Vec<Walked>>,
}

impl Drop for Collector<'_> {
    fn drop(&mut self) {
        let part = std::mem::take(&mut self.part);
        self.parts
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(part);
    }
}

impl Collector<'_> {
    fn visit(&mut self, entry: Result<ignore::DirEntry, ignore::Error>) {
        let out = &mut self.part;
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                out.warnings.push(e.to_string());
                return;
            }
        };
        let path = entry.path();
        let Ok(rel_path) = path.strip_prefix(self.root) else {
            return;
        };
        let Some(ft) = entry.file_type() else { return };
        if ft.is_dir() {
            return;
        }
        let Some(rel) = rel_path.to_str().map(|s| s.replace('\\', "/")) else {
            out.warnings.push(format!(
                "{}: path is not valid UTF-8, left out",
                path.display()
            ));
            return;
        };
        let file_name = rel.rsplit('/').next().unwrap_or(&rel);
        let dir = parent_dir(&rel).to_string();
        if Lang::is_manifest(file_name) {
            out.markers
                .manifests
                .push((dir.clone(), file_name.to_string()));
        } else if let Some(name) = crate::generated::evidence(file_name) {
            // Evidence of generated code (source maps, `vendor/modules.txt`): one a folder.
            out.markers.manifests.push((dir.clone(), name.to_string()));
        }
        let Some(mut lang) = Lang::of_path(rel_path) else {
            return;
        };
        // A `.h` is C or C++ by its text (`Lang::of_text`): its head is read.
        if Lang::needs_text(rel_path) && !ft.is_symlink() {
            if let Some(head) = read_head(path, Lang::SNIFF_BYTES) {
                lang = Lang::of_text(rel_path, &head).unwrap_or(lang);
            }
        }
        let mut skip = None;
        if ft.is_symlink() {
            match path.canonicalize() {
                Ok(target) if target.starts_with(self.root) && target.is_file() => {}
                Ok(target) if target.starts_with(self.root) => return,
                Ok(_) => skip = Some("symlink leading outside the workspace".to_string()),
                Err(e) => skip = Some(format!("broken symlink: {e}")),
            }
        }
        let (size, mtime_ns) = if skip.is_some() {
            (0, 0)
        } else {
            match std::fs::metadata(path) {
                Ok(m) => (m.len(), mtime_ns(&m)),
                Err(e) => {
                    skip = Some(format!("unreadable: {e}"));
                    (0, 0)
                }
            }
        };
        out.files.push(WalkedFile {
            rel,
            abs: path.to_path_buf(),
            lang,
            size,
            mtime_ns,
            skip,
        });
    }
}

/// A file's first `n` bytes, `None` when it cannot be read.
fn read_head(path: &Path, n: usize) -> Option<Vec<u8>> {
    use std::io::Read;
    let f = std::fs::File::open(path).ok()?;
    let mut buf = Vec::new();
    f.take(n as u64).read_to_end(&mut buf).ok()?;
    Some(buf)
}

pub fn mtime_ns(m: &std::fs::Metadata) -> i64 {
    m.modified()
        .ok()
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos() as i64)
}

#[cfg(test)]
mod tests {
    use super::Markers;

    #[test]
    fn markers_round_trip_or_refuse() {
        let m = |v: &[(&str, &str)]| Markers {
            manifests: v
                .iter()
                .map(|(d, n)| (d.to_string(), n.to_string()))
                .collect(),
        };
        for case in [
            m(&[]),
            m(&[("", "go.mod")]),
            m(&[
                ("", "go.mod"),
                ("tools/x", "pyproject.toml"),
                ("a b", "Cargo.toml"),
            ]),
        ] {
            assert_eq!(Markers::decode(&case.encode()), Some(case));
        }
        for bad in [m(&[("a\tb", "go.mod")]), m(&[("a\nb", "go.mod")])] {
            assert_eq!(bad.encode(), "!");
            assert_eq!(Markers::decode(&bad.encode()), None);
        }
    }
}
