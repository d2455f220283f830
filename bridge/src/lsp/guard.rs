//! No orphaned language servers: a server dies with the process that started it, even when
//! that process is killed with SIGKILL (which runs no `Drop`).
//!
//! On Linux a child can ask to be signalled when its parent dies (`prctl(PR_SET_PDEATHSIG)`),
//! but only from inside the child, between `fork` and `exec`: `pre_exec`, which is `unsafe`,
//! and this crate forbids `unsafe`. So the binary that can (`codemap`, [`enable`]d by its
//! `main`) starts each server through itself: `codemap __lsp-guard PARENT PROGRAM ARGS…` sets
//! the death signal to SIGKILL, checks that its parent is still `PARENT` (it may have died
//! before the signal was set), and `exec`s the server in place: same pid, same pipes, same
//! environment and directory, so nothing else notices.
//!
//! The death signal follows the parent *thread*, not the process: a server started from a
//! request's thread would be killed when that thread ends (tokio's blocking threads end after
//! 10 idle seconds; the engine's end with their connection). So, guarded, every server is
//! spawned by one thread that lives as long as the process ([`spawn`]).
//!
//! Without [`enable`] (the library's own tests, `bridge/examples`) servers are spawned
//! directly, as before; their `Drop` still shuts them down.

use std::ffi::{OsStr, OsString};
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::sync::{mpsc, Mutex, OnceLock};

/// The hidden command of the `codemap` binary that runs [`exec`].
pub const GUARD_ARG: &str = "__lsp-guard";

/// The binary that runs the guard, when [`enable`]d.
static GUARD: OnceLock<PathBuf> = OnceLock::new();

type Job = (Command, mpsc::Sender<io::Result<Child>>);

/// The thread that spawns every guarded server (see the module's comment).
static SPAWNER: OnceLock<Mutex<mpsc::Sender<Job>>> = OnceLock::new();

/// Start servers through this binary's [`GUARD_ARG`] from now on. Call it only from a binary
/// whose `main` runs [`exec`] for that argument. Linux only (elsewhere: a no-op).
pub fn enable() {
    // The running binary itself, even when its file was replaced since (a rebuild): the
    // child opens it before `exec`.
    let me = Path::new("/proc/self/exe");
    if cfg!(target_os = "linux") && me.exists() {
        let _ = GUARD.set(me.to_path_buf());
    }
}

/// Whether servers are started through the guard.
pub fn enabled() -> bool {
    GUARD.get().is_some()
}

/// The command that starts `prog`: the guard running it when enabled, else `prog` itself. A
/// program that cannot be found fails here as `spawn` would have (`NotFound`), so the error
/// still names the missing server.
pub(super) fn command(prog: &str) -> io::Result<Command> {
    let Some(guard) = GUARD.get() else {
        return Ok(Command::new(prog));
    };
    let path = find_program(prog, std::env::var_os("PATH").as_deref())
        .ok_or_else(|| io::Error::from_raw_os_error(nix::libc::ENOENT))?;
    let mut cmd = Command::new(guard);
    cmd.arg(GUARD_ARG)
        .arg(std::process::id().to_string())
        .arg(path)
        .arg(prog);
    Ok(cmd)
}

/// `prog` as `execvp` finds it: a path when it has a `/`, else the first executable file of
/// that name in `PATH`.
fn find_program(prog: &str, path_var: Option<&OsStr>) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let runnable = |p: &Path| {
        std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    if prog.contains('/') {
        let p = PathBuf::from(prog);
        return runnable(&p).then_some(p);
    }
    std::env::split_paths(path_var?)
        .map(|d| d.join(prog))
        .find(|p| runnable(p))
}

/// Spawn a server's command: guarded, on the one long-lived spawning thread; else here.
pub(super) fn spawn(mut cmd: Command) -> io::Result<Child> {
    if !enabled() {
        return cmd.spawn();
    }
    let spawner = SPAWNER.get_or_init(|| {
        let (tx, rx) = mpsc::channel::<Job>();
        let started = std::thread::Builder::new()
            .name("codemap-lsp-spawner".into())
            .spawn(move || {
                for (mut cmd, reply) in rx {
                    let _ = reply.send(cmd.spawn());
                }
            });
        if let Err(e) = started {
            tracing::warn!("no spawning thread ({e}): servers are spawned where asked");
        }
        Mutex::new(tx)
    });
    let (tx, rx) = mpsc::channel();
    let sent = spawner
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .send((cmd, tx));
    match sent {
        Ok(()) => rx
            .recv()
            .unwrap_or_else(|_| Err(io::Error::other("the spawning thread is gone"))),
        Err(mpsc::SendError((mut cmd, _))) => cmd.spawn(),
    }
}

/// The guard itself (`codemap __lsp-guard PARENT PATH ARGV0 ARGS…`, the arguments after
/// [`GUARD_ARG`]): die with the parent, then become the server. Returns only on failure, with
/// the exit code.
pub fn exec(args: &[OsString]) -> i32 {
    use std::os::unix::process::CommandExt;
    let (Some(parent), Some(path), Some(argv0)) = (args.first(), args.get(1), args.get(2)) else {
        eprintln!("codemap {GUARD_ARG}: expected PARENT PATH ARGV0 [ARGS…]");
        return 2;
    };
    let parent: Option<i32> = parent.to_str().and_then(|p| p.parse().ok());
    if let Err(e) = nix::sys::prctl::set_pdeathsig(nix::sys::signal::Signal::SIGKILL) {
        eprintln!("codemap {GUARD_ARG}: cannot set the parent-death signal: {e}");
        return 1;
    }
    // The parent may have died before the signal was set: then nothing would ever send it.
    if parent != Some(nix::unistd::getppid().as_raw()) {
        return 1;
    }
    let err = Command::new(path).arg0(argv0).args(&args[3..]).exec();
    eprintln!("codemap {GUARD_ARG}: cannot run {}: {err}", path.display());
    127
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programs_are_found_as_execvp_finds_them() {
        let dir = tempfile::tempdir().expect("tempdir");
        let exe = dir.path().join("srv");
        std::fs::write(&exe, "#!/bin/sh\n").expect("write");
        let plain = dir.path().join("plain");
        std::fs::write(&plain, "").expect("write");
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&exe, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        let path = std::env::join_paths([Path::new("/nonexistent"), dir.path()]).expect("join");
        let cases: &[(&str, Option<&OsStr>, bool)] = &[
            ("srv", Some(path.as_os_str()), true),
            ("plain", Some(path.as_os_str()), false),
            ("missing", Some(path.as_os_str()), false),
            ("srv", None, false),
        ];
        for (prog, var, found) in cases {
            assert_eq!(find_program(prog, *var).is_some(), *found, "{prog}");
        }
        let abs = exe.to_string_lossy().into_owned();
        assert_eq!(find_program(&abs, None), Some(exe.clone()));
        let not = plain.to_string_lossy().into_owned();
        assert_eq!(find_program(&not, None), None);
    }
}
