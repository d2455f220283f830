//! Where an engine lives: a private directory of the user's (`$XDG_RUNTIME_DIR/codemap`, else
//! `/tmp/codemap-<uid>`, mode 0700, owned by the user, never a symbolic link), and in it, per
//! workspace, `<key>.sock` (the socket), `<key>.lock` (held by the one engine, its pid inside)
//! and `<key>.log` (its standard output and error). The key is a digest of the canonical root
//! and the map file, so a git worktree (its own root) has its own engine.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// One workspace's engine files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    pub dir: PathBuf,
    pub socket: PathBuf,
    pub lock: PathBuf,
    pub log: PathBuf,
}

/// The directory for this user: under `$XDG_RUNTIME_DIR` when it is set (an absolute path),
/// else in `/tmp`, named by the uid.
pub fn dir_for(xdg_runtime_dir: Option<&OsStr>, uid: u32) -> PathBuf {
    match xdg_runtime_dir.map(Path::new) {
        Some(d) if d.is_absolute() => d.join("codemap"),
        _ => PathBuf::from(format!("/tmp/codemap-{uid}")),
    }
}

/// The workspace's key: 16 hex digits of a digest of its canonical root and its map file.
pub fn key(root: &Path, db: &Path) -> String {
    use std::os::unix::ffi::OsStrExt;
    let mut h = blake3::Hasher::new();
    h.update(root.as_os_str().as_bytes());
    h.update(b"\0");
    h.update(db.as_os_str().as_bytes());
    h.finalize().to_hex()[..16].to_string()
}

/// The files of one workspace's engine in `dir`.
pub fn files(dir: &Path, key: &str) -> Place {
    Place {
        dir: dir.to_path_buf(),
        socket: dir.join(format!("{key}.sock")),
        lock: dir.join(format!("{key}.lock")),
        log: dir.join(format!("{key}.log")),
    }
}

/// What [`check_dir`] looks at.
#[derive(Debug, Clone, Copy)]
pub struct DirFacts {
    pub is_dir: bool,
    pub is_symlink: bool,
    pub uid: u32,
    pub mode: u32,
}

/// Whether the engine directory is private to user `uid`: a real directory (not a link), owned
/// by them, with no permission for group or others. Never repaired here: a directory someone
/// else made in `/tmp` is refused, not adopted.
pub fn check_dir(dir: &Path, f: DirFacts, uid: u32) -> Result<(), String> {
    let shown = dir.display();
    if f.is_symlink {
        return Err(format!("{shown} is a symbolic link"));
    }
    if !f.is_dir {
        return Err(format!("{shown} is not a directory"));
    }
    if f.uid != uid {
        return Err(format!("{shown} belongs to uid {}, not {uid}", f.uid));
    }
    if f.mode & 0o077 != 0 {
        return Err(format!(
            "{shown} has mode {:o}: others may reach it (chmod 700 {shown})",
            f.mode & 0o7777
        ));
    }
    Ok(())
}

/// This user's id (the effective one, which owns what this process creates).
pub fn uid() -> u32 {
    nix::unistd::geteuid().as_raw()
}

/// The uid of the process at the other end of a Unix socket (`SO_PEERCRED`).
pub fn peer_uid(s: &std::os::unix::net::UnixStream) -> std::io::Result<u32> {
    nix::sys::socket::getsockopt(s, nix::sys::socket::sockopt::PeerCredentials)
        .map(|c| c.uid())
        .map_err(std::io::Error::from)
}

/// This user's engine directory, made (0700) when missing, refused when not private.
pub fn private_dir() -> Result<PathBuf, String> {
    use std::os::unix::fs::{DirBuilderExt, MetadataExt};
    let uid = uid();
    let dir = dir_for(std::env::var_os("XDG_RUNTIME_DIR").as_deref(), uid);
    match std::fs::DirBuilder::new().mode(0o700).create(&dir) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(format!("cannot make {}: {e}", dir.display())),
    }
    let m = std::fs::symlink_metadata(&dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let facts = DirFacts {
        is_dir: m.is_dir(),
        is_symlink: m.file_type().is_symlink(),
        uid: m.uid(),
        mode: m.mode(),
    };
    check_dir(&dir, facts, uid)?;
    Ok(dir)
}

/// The engine files of the workspace with this canonical root and map, in the private
/// directory.
pub fn place(root: &Path, db: &Path) -> Result<Place, String> {
    let dir = private_dir()?;
    let p = files(&dir, &key(root, db));
    // A Unix socket's path has room for 107 bytes.
    if p.socket.as_os_str().len() > 100 {
        return Err(format!(
            "the socket path {} is too long for a Unix socket",
            p.socket.display()
        ));
    }
    Ok(p)
}

/// What a dead engine of another workspace left in `dir`, cleared: for each `<key>.lock` that
/// no engine holds (taken here for the while) and whose workspace is gone (the root its
/// engine wrote on the lock's second line is no directory, or none is written), its
/// `<key>.sock`, `<key>.log` and the lock itself are removed. `keep` (the caller's own key)
/// is left to its next engine, which replaces them. A live engine's lock is held: skipped.
/// The keys cleared.
pub fn sweep(dir: &Path, keep: &str) -> Vec<String> {
    let mut cleared = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        let Some(key) = path
            .file_name()
            .and_then(OsStr::to_str)
            .and_then(|n| n.strip_suffix(".lock"))
        else {
            continue;
        };
        if key == keep || !entry.file_type().is_ok_and(|t| t.is_file()) {
            continue;
        }
        let Ok(f) = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(&path)
        else {
            continue;
        };
        if f.try_lock().is_err() {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let root = text.lines().nth(1).map(Path::new);
        if root.is_some_and(Path::is_dir) {
            continue;
        }
        let p = files(dir, key);
        let _ = std::fs::remove_file(&p.socket);
        let _ = std::fs::remove_file(&p.log);
        // Last, while still held: an engine that opened it before is refused by its check
        // that the lock it holds is still the file's (`process::take_lock`).
        let _ = std::fs::remove_file(&p.lock);
        cleared.push(key.to_string());
    }
    cleared
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_directory_is_the_runtime_one_or_the_users_in_tmp() {
        let cases: &[(Option<&str>, &str)] = &[
            (Some("/run/user/1000"), "/run/user/1000/codemap"),
            (None, "/tmp/codemap-1000"),
            // Relative or empty: not trusted.
            (Some("run"), "/tmp/codemap-1000"),
            (Some(""), "/tmp/codemap-1000"),
        ];
        for (xdg, want) in cases {
            assert_eq!(
                dir_for(xdg.map(OsStr::new), 1000),
                PathBuf::from(want),
                "{xdg:?}"
            );
        }
    }

    #[test]
    fn each_root_and_map_has_its_own_files() {
        let a = key(Path::new("/w/a"), Path::new("/w/a/.codemap/map.db"));
        let b = key(Path::new("/w/b"), Path::new("/w/b/.codemap/map.db"));
        let a2 = key(Path::new("/w/a"), Path::new("/elsewhere/map.db"));
        assert_eq!(a.len(), 16);
        assert_ne!(a, b);
        assert_ne!(a, a2);
        assert_eq!(a, key(Path::new("/w/a"), Path::new("/w/a/.codemap/map.db")));
        let p = files(Path::new("/tmp/codemap-0"), "abc");
        assert_eq!(p.socket, PathBuf::from("/tmp/codemap-0/abc.sock"));
        assert_eq!(p.lock, PathBuf::from("/tmp/codemap-0/abc.lock"));
        assert_eq!(p.log, PathBuf::from("/tmp/codemap-0/abc.log"));
    }

    #[test]
    fn only_a_private_directory_of_the_users_is_taken() {
        let d = |is_dir, is_symlink, uid, mode| DirFacts {
            is_dir,
            is_symlink,
            uid,
            mode,
        };
        let cases = [
            (d(true, false, 1000, 0o40700), Ok(())),
            (d(true, false, 1000, 0o40500), Ok(())),
            (d(true, false, 1000, 0o40750), Err("mode 750")),
            (d(true, false, 1000, 0o40777), Err("mode 777")),
            (d(true, false, 1000, 0o40701), Err("mode 701")),
            (
                d(true, false, 0, 0o40700),
                Err("belongs to uid 0, not 1000"),
            ),
            (d(false, true, 1000, 0o120777), Err("symbolic link")),
            (d(false, false, 1000, 0o100600), Err("not a directory")),
        ];
        for (facts, want) in cases {
            let got = check_dir(Path::new("/tmp/codemap-1000"), facts, 1000);
            match (got, want) {
                (Ok(()), Ok(())) => {}
                (Err(e), Err(w)) => assert!(e.contains(w), "{e} lacks {w}"),
                (got, want) => panic!("{facts:?}: {got:?}, want {want:?}"),
            }
        }
    }
}
