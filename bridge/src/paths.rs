//! Path arguments, contained: every path a tool takes is resolved inside the workspace root.
//! `..` that climbs out, absolute paths elsewhere, symlinks leading outside, NUL bytes and
//! absurd lengths are refused before any file is opened.

use answer::envelope::{ErrorCode, ToolError};
use std::path::{Component, Path, PathBuf};

/// The longest path argument accepted.
const MAX_PATH: usize = 4096;

/// A path inside the workspace: relative ('/'-separated) and absolute.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contained {
    pub rel: String,
    pub abs: PathBuf,
}

fn outside(arg: &str) -> ToolError {
    ToolError::new(
        ErrorCode::OutsideWorkspace,
        format!("{arg:?} is outside the workspace"),
    )
    .hint("give a path relative to the workspace root (see `codemap status` for the root); a file of an installed dependency is asked about by its library node ID (`lib:NAME@VERSION/LANG:PATH#SYMBOL`, as `def` and `search --scope lib:NAME` name it; its file's, `lib:NAME@VERSION/LANG:PATH`, for `outline`)")
}

/// Resolve `arg` (relative to `root`, or absolute inside it). `root` must be canonical.
pub fn contain(root: &Path, arg: &str) -> Result<Contained, ToolError> {
    if arg.is_empty() {
        return Err(ToolError::bad_args("the path is empty"));
    }
    if arg.contains('\0') {
        return Err(ToolError::bad_args("the path contains a NUL byte"));
    }
    if arg.len() > MAX_PATH {
        return Err(ToolError::bad_args(format!(
            "the path is {} bytes long (at most {MAX_PATH})",
            arg.len()
        )));
    }
    let p = Path::new(arg);
    let rel_part: PathBuf = if p.is_absolute() {
        match p.strip_prefix(root) {
            Ok(r) => r.to_path_buf(),
            Err(_) => return Err(outside(arg)),
        }
    } else {
        p.to_path_buf()
    };
    // Lexical normalisation: `..` may not climb above the root.
    let mut parts: Vec<String> = Vec::new();
    for c in rel_part.components() {
        match c {
            Component::Normal(s) => parts.push(s.to_string_lossy().into_owned()),
            Component::CurDir => {}
            Component::ParentDir => {
                if parts.pop().is_none() {
                    return Err(outside(arg));
                }
            }
            Component::RootDir | Component::Prefix(_) => return Err(outside(arg)),
        }
    }
    let rel = parts.join("/");
    let abs = root.join(&rel);
    // Symlinks: what exists of the path must resolve inside the root.
    let mut probe = abs.clone();
    loop {
        if let Ok(real) = probe.canonicalize() {
            if !real.starts_with(root) {
                return Err(outside(arg));
            }
            break;
        }
        if !probe.pop() {
            break;
        }
    }
    Ok(Contained { rel, abs })
}

/// Replace a file's bytes atomically: a temporary file beside it, written and synced, given
/// the old file's permissions, then renamed over it (a reader sees the old bytes or the new,
/// never part). The directory must exist; the temporary file goes on failure.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write as _;
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::other("the path names no file"))?;
    let tmp = dir.join(format!(
        ".{}.codemap-tmp.{}",
        name.to_string_lossy(),
        std::process::id()
    ));
    let written = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        match std::fs::metadata(path) {
            Ok(m) => std::fs::set_permissions(&tmp, m.permissions())?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
        std::fs::rename(&tmp, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn containment_rules() {
        let dir = tempfile::tempdir().expect("tmp");
        let root = dir.path().canonicalize().expect("canon");
        std::fs::create_dir_all(root.join("src")).expect("mkdir");
        std::fs::write(root.join("src/a.py"), "x = 1\n").expect("write");
        let out = tempfile::tempdir().expect("tmp");
        std::os::unix::fs::symlink(out.path(), root.join("src/escape")).expect("link");
        let ok = |a: &str| contain(&root, a).map(|c| c.rel);
        let code = |a: &str| contain(&root, a).err().map(|e| e.code);
        assert_eq!(ok("src/a.py").as_deref(), Ok("src/a.py"));
        assert_eq!(ok("./src/../src/a.py").as_deref(), Ok("src/a.py"));
        assert_eq!(
            ok(&root.join("src/a.py").to_string_lossy()).as_deref(),
            Ok("src/a.py")
        );
        assert_eq!(
            ok("src/new.py").as_deref(),
            Ok("src/new.py"),
            "a file that does not exist yet"
        );
        assert_eq!(code("../x.py"), Some(ErrorCode::OutsideWorkspace));
        assert_eq!(code("src/../../x.py"), Some(ErrorCode::OutsideWorkspace));
        assert_eq!(code("/etc/passwd"), Some(ErrorCode::OutsideWorkspace));
        assert_eq!(
            code("src/escape/secret.py"),
            Some(ErrorCode::OutsideWorkspace)
        );
        assert_eq!(code("src/escape"), Some(ErrorCode::OutsideWorkspace));
        assert_eq!(code("a\0b.py"), Some(ErrorCode::BadArgs));
        assert_eq!(code(&"a/".repeat(5000)), Some(ErrorCode::BadArgs));
        assert_eq!(code(""), Some(ErrorCode::BadArgs));
    }

    #[test]
    fn atomic_writes_keep_permissions_and_leave_no_temporary_file() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().expect("tmp");
        std::fs::create_dir_all(dir.path().join("sub")).expect("mkdir");
        let p = dir.path().join("sub/a.json");
        write_atomic(&p, b"one").expect("create");
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o600)).expect("chmod");
        write_atomic(&p, b"two").expect("replace");
        assert_eq!(std::fs::read(&p).ok().as_deref(), Some(&b"two"[..]));
        let mode = std::fs::metadata(&p).map(|m| m.permissions().mode() & 0o777);
        assert_eq!(mode.ok(), Some(0o600));
        let names: Vec<_> = std::fs::read_dir(dir.path().join("sub"))
            .map(|r| r.flatten().map(|e| e.file_name()).collect())
            .unwrap_or_default();
        assert_eq!(names.len(), 1, "{names:?}");
    }
}
