//! `fileFilter`: which files' results a tool keeps (a glob, or a path relative to the
//! workspace root naming a file or a folder).

use super::anchor::Anchor;
use crate::workspace::Workspace;
use answer::envelope::{ErrorCode, ToolError};
use std::path::Path;

/// What `fileFilter` keeps: a glob (`*`, `?`, `[`), or a plain path relative to the root (the
/// file itself or anything under the folder). globset drops an empty alternative (`f{,/**}`
/// matched only `f/…`), so a plain path is two globs, each escaped.
pub(super) struct FileFilter(globset::GlobSet);

impl FileFilter {
    /// The filter as given; `root` turns an absolute path inside the workspace into a relative
    /// one. A plain path that names nothing under `root` is refused: an answer of "no uses in
    /// that file" would be false.
    pub(super) fn parse(f: &str, root: &Path) -> Result<FileFilter, ToolError> {
        let bad = |e: String| ToolError::bad_args(format!("fileFilter {f:?} is not a glob: {e}"));
        let glob = |pat: &str| {
            globset::GlobBuilder::new(pat)
                .literal_separator(false)
                .build()
                .map_err(|e| bad(e.to_string()))
        };
        let mut set = globset::GlobSetBuilder::new();
        if f.contains(['*', '?', '[']) {
            set.add(glob(f.strip_prefix("./").unwrap_or(f))?);
        } else {
            let rel = plain_rel(f, root)?;
            if !root.join(&rel).exists() {
                return Err(ToolError::bad_args(format!(
                    "fileFilter {f:?} names no file or folder in the workspace"
                ))
                .hint("a path relative to the workspace root, or a glob such as 'src/**/*.py'"));
            }
            let esc = globset::escape(&rel);
            set.add(glob(&esc)?);
            set.add(glob(&format!("{esc}/**"))?);
        }
        set.build().map(FileFilter).map_err(|e| bad(e.to_string()))
    }

    pub(super) fn is_match(&self, rel: &str) -> bool {
        self.0.is_match(rel)
    }
}

/// A plain `fileFilter` path as the workspace-relative form anchors carry: `./` and a trailing
/// `/` dropped, an absolute path inside the root made relative.
fn plain_rel(f: &str, root: &Path) -> Result<String, ToolError> {
    let p = Path::new(f);
    let rel = if p.is_absolute() {
        let canon = p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
        match canon.strip_prefix(root) {
            Ok(r) => r.to_string_lossy().into_owned(),
            Err(_) => {
                return Err(ToolError::new(
                    ErrorCode::OutsideWorkspace,
                    format!("fileFilter {f:?} is outside the workspace"),
                ))
            }
        }
    } else {
        f.trim_start_matches("./").to_string()
    };
    Ok(rel.trim_end_matches('/').to_string())
}

pub(super) fn file_filter(
    ws: &Workspace,
    filter: &Option<String>,
) -> Result<Option<FileFilter>, ToolError> {
    filter
        .as_deref()
        .map(|f| FileFilter::parse(f, &ws.root))
        .transpose()
}

pub(super) fn keep(filter: &Option<FileFilter>, anchor: &Anchor) -> bool {
    match filter {
        None => true,
        Some(g) => g.is_match(&anchor.file),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_filters() {
        let root = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir_all(root.path().join("src/sub")).expect("mkdir");
        std::fs::write(root.path().join("gin.go"), "").expect("write");
        std::fs::write(root.path().join("src/sub/a{b}.go"), "").expect("write");
        let root = root.path().canonicalize().expect("canon");
        let abs = root.join("gin.go").display().to_string();
        // (filter, file, kept)
        for (f, file, kept) in [
            ("gin.go", "gin.go", true),
            ("./gin.go", "gin.go", true),
            (abs.as_str(), "gin.go", true),
            ("gin.go", "gin.go.bak", false),
            ("gin.go", "sub/gin.go", false),
            ("src", "src/sub/x.go", true),
            ("src/", "src/sub/x.go", true),
            ("src", "srcx/y.go", false),
            ("src/sub/a{b}.go", "src/sub/a{b}.go", true),
            ("gin*.go", "gin.go", true),
            ("src/**/*.go", "src/sub/x.go", true),
            ("*.go", "src/sub/x.go", true),
        ] {
            let g = FileFilter::parse(f, &root).expect(f);
            assert_eq!(g.is_match(file), kept, "{f} on {file}");
        }
        for f in ["nothing.go", "/etc/passwd"] {
            assert!(FileFilter::parse(f, &root).is_err(), "{f} refused");
        }
    }
}
