//! The one place codemap reads git (`map_changes`): which files of the workspace differ from a
//! ref (staged or not, untracked ones included) and their bytes at that ref. Git is only read:
//! `rev-parse`, `diff --name-status`, `ls-files`, `cat-file --batch`.

use answer::envelope::{ErrorCode, ToolError};
use answer::query::ChangedFile;
use indexer::lang::Lang;
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};

/// A change set: the ref's commit, the files that differ (workspace-relative), and the
/// ref's bytes of those the ref has.
pub struct ChangeSet {
    pub commit: String,
    pub files: Vec<ChangedFile>,
    pub old: HashMap<String, Vec<u8>>,
}

fn git(root: &Path, args: &[&str]) -> Result<Vec<u8>, ToolError> {
    let out = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| {
            ToolError::new(ErrorCode::Internal, format!("git could not be run: {e}"))
                .hint("map_changes reads the workspace's git history: install git")
        })?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        return Err(ToolError::bad_args(format!(
            "git {} failed: {}",
            args.first().copied().unwrap_or(""),
            err.trim()
        )));
    }
    Ok(out.stdout)
}

/// The files under `root` (and under `path`, a workspace-relative file or folder, when given)
/// that differ between `git_ref` and the working tree, and their bytes at the ref. A ref that
/// is no commit, or a root in no repository, is `BAD_ARGS`.
pub fn change_set(root: &Path, git_ref: &str, path: Option<&str>) -> Result<ChangeSet, ToolError> {
    if git_ref.is_empty() || git_ref.starts_with('-') || git_ref.contains(['\n', '\0']) {
        return Err(ToolError::bad_args(format!("{git_ref:?} is not a git ref"))
            .hint("a commit, branch or tag: HEAD, HEAD~3, main, v1.2"));
    }
    git(root, &["rev-parse", "--is-inside-work-tree"]).map_err(|_| {
        ToolError::bad_args(format!("{} is not in a git repository", root.display()))
            .hint("map_changes compares the working tree with a git ref")
    })?;
    let commit = git(
        root,
        &[
            "rev-parse",
            "--verify",
            "--quiet",
            &format!("{git_ref}^{{commit}}"),
        ],
    )
    .ok()
    .map(|o| String::from_utf8_lossy(&o).trim().to_string())
    .filter(|c| !c.is_empty())
    .ok_or_else(|| {
        ToolError::bad_args(format!("{git_ref:?} names no commit of this repository"))
            .hint("a commit, branch or tag: HEAD, HEAD~3, main, v1.2")
    })?;
    let prefix = String::from_utf8_lossy(&git(root, &["rev-parse", "--show-prefix"])?)
        .trim()
        .to_string();
    let mut files = Vec::new();
    let diff = git(
        root,
        &[
            "diff",
            "--name-status",
            "-z",
            "--no-renames",
            "--relative",
            &commit,
            "--",
        ],
    )?;
    let mut fields = diff.split(|&b| b == 0).filter(|f| !f.is_empty());
    while let (Some(status), Some(path)) = (fields.next(), fields.next()) {
        let status = match status.first() {
            Some(b'A') => "added",
            Some(b'D') => "deleted",
            _ => "modified",
        };
        files.push(changed(String::from_utf8_lossy(path).into_owned(), status));
    }
    let untracked = git(root, &["ls-files", "--others", "--exclude-standard", "-z"])?;
    for path in untracked.split(|&b| b == 0).filter(|f| !f.is_empty()) {
        let path = String::from_utf8_lossy(path).into_owned();
        // What the map's walk leaves out is no change of the workspace's code either: build
        // output and installed packages (`target/`, `node_modules/`: axum with no
        // `.gitignore` said 1,298 files changed, `target/debug/build/*/out/private.rs` among
        // them) and hidden folders (`.codemap/`).
        if walk_skips(&path) {
            continue;
        }
        files.push(changed(path, "untracked"));
    }
    if let Some(p) = path.map(|p| p.trim_matches('/')).filter(|p| !p.is_empty()) {
        files.retain(|f| f.path == p || f.path.starts_with(&format!("{p}/")));
    }
    files.sort_by(|a, b| a.path.cmp(&b.path));
    let wanted: Vec<&str> = files
        .iter()
        .filter(|f| f.lang.is_some() && matches!(f.status, "deleted" | "modified"))
        .map(|f| f.path.as_str())
        .collect();
    let old = blobs(root, &commit, &prefix, &wanted)?;
    Ok(ChangeSet { commit, files, old })
}

/// Whether the map's walk leaves the untracked file `rel` out: under a hidden folder or one
/// a language skips (`Lang::is_skipped_dir`).
fn walk_skips(rel: &str) -> bool {
    let mut dir = Path::new(rel).parent();
    while let Some(d) = dir.filter(|d| !d.as_os_str().is_empty()) {
        let hidden = d
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with('.'));
        if hidden || Lang::is_skipped_dir(d) {
            return true;
        }
        dir = d.parent();
    }
    false
}

fn changed(path: String, status: &'static str) -> ChangedFile {
    let lang = Lang::of_path(Path::new(&path));
    ChangedFile {
        path,
        status,
        lang,
        unread: None,
        parse_errors: false,
    }
}

/// The bytes of `paths` (relative to the workspace, which is `prefix` in the repository) at
/// `commit`, read through one `git cat-file --batch`.
fn blobs(
    root: &Path,
    commit: &str,
    prefix: &str,
    paths: &[&str],
) -> Result<HashMap<String, Vec<u8>>, ToolError> {
    let mut out = HashMap::new();
    if paths.is_empty() {
        return Ok(out);
    }
    let failed = |e: std::io::Error| {
        ToolError::new(ErrorCode::Internal, format!("git cat-file failed: {e}"))
    };
    let mut child = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(["cat-file", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(failed)?;
    let mut stdin = child
        .stdin
        .take()
        .ok_or_else(|| failed(std::io::ErrorKind::BrokenPipe.into()))?;
    let names: Vec<String> = paths
        .iter()
        .map(|p| format!("{commit}:{prefix}{p}\n"))
        .collect();
    // Written from a thread: git answers as it reads, and a pipe holds only so much.
    let writer = std::thread::spawn(move || {
        for n in names {
            if stdin.write_all(n.as_bytes()).is_err() {
                break;
            }
        }
    });
    let stdout = child
        .stdout
        .take()
        .ok_or_else(|| failed(std::io::ErrorKind::BrokenPipe.into()))?;
    let mut r = BufReader::new(stdout);
    for p in paths {
        let mut head = String::new();
        if r.read_line(&mut head).map_err(failed)? == 0 {
            break;
        }
        // `<oid> blob <size>` or `<name> missing`.
        let mut parts = head.split_whitespace();
        let (kind, size) = (
            parts.nth(1),
            parts.next().and_then(|s| s.parse::<usize>().ok()),
        );
        let Some(size) = size else {
            continue;
        };
        let mut bytes = vec![0u8; size + 1];
        r.read_exact(&mut bytes).map_err(failed)?;
        bytes.pop();
        if kind == Some("blob") {
            out.insert(p.to_string(), bytes);
        }
    }
    let _ = writer.join();
    let _ = child.wait();
    Ok(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn untracked_files_the_walk_leaves_out_are_no_changes() {
        for (rel, skipped) in [
            ("target/debug/build/x/out/private.rs", true),
            (".codemap/map.db", true),
            ("web/node_modules/left-pad/index.js", true),
            ("src/routing/mod.rs", false),
            ("main.go", false),
            ("src/.hidden/x.py", true),
        ] {
            assert_eq!(super::walk_skips(rel), skipped, "{rel}");
        }
    }
}
