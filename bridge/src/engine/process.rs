//! The engine process (`codemap engine run`, started detached by the first client): one per
//! workspace, holding what every call on it shares: the language servers and their
//! supervisor, the map's read handles, parse outlines. It takes the workspace's lock (a second
//! engine started in a race exits at once), clears a dead engine's socket, listens, answers
//! each connection on its own thread, and exits after its idle period with no client and no
//! request, when asked to stop, or when its root or socket file is gone.

use super::lifetime::{stop_reason, Facts};
use super::place::{self, Place};
use super::protocol::{self, Call, Hello, Reply, Request};
use crate::print::Printed;
use crate::tools::{self, Workspace};
use crate::workspace::{EngineState, FirstBuild};
use answer::envelope::{Envelope, ToolError};
use std::io::{BufReader, Write};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering::SeqCst};
use std::sync::Arc;
use std::time::Duration;

/// How long an engine waits with no client and no request before it stops, unless told
/// (`CODEMAP_ENGINE_IDLE_SECS`).
pub const IDLE: Duration = Duration::from_secs(600);

/// The idle period from `CODEMAP_ENGINE_IDLE_SECS` (seconds, fractions allowed), else [`IDLE`].
pub fn idle_from(var: Option<&str>) -> Duration {
    var.and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s > 0.0)
        .map_or(IDLE, |s| Duration::from_secs_f64(s.min(1e7)))
}

/// What an engine serves.
#[derive(Debug, Clone)]
pub struct Options {
    pub root: PathBuf,
    pub db: Option<PathBuf>,
    pub idle: Duration,
}

/// Run the engine until it stops; the exit code (0 also when another engine holds the lock).
pub fn run(opts: Options) -> i32 {
    // Its own session: no terminal's hangup or Ctrl-C reaches it.
    let _ = nix::unistd::setsid();
    // Its build as it starts, before the binary can be replaced under it.
    let _ = Hello::ours();
    let stop = Arc::new(AtomicBool::new(false));
    stop_on_signals(&stop);
    let mut ws = match Workspace::new(&opts.root, opts.db.as_deref()) {
        Ok(ws) => ws,
        Err(e) => {
            eprintln!("engine: {}", e.message);
            return 1;
        }
    };
    let place = match place::place(&ws.root, &ws.db) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("engine: {e}");
            return 1;
        }
    };
    let Some(lock) = take_lock(&place, &ws.root) else {
        return 0;
    };
    // The log holds this engine's life only (the client opened it for appending).
    if let Ok(f) = std::fs::OpenOptions::new().write(true).open(&place.log) {
        let _ = f.set_len(0);
    }
    let listener = match listen(&place) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("engine: cannot listen on {}: {e}", place.socket.display());
            return 1;
        }
    };
    let socket_id = file_id(&place.socket);
    let state = Arc::new(EngineState::new(
        place.socket.clone(),
        place.log.clone(),
        opts.idle,
    ));
    ws.engine = Some(state.clone());
    eprintln!(
        "engine: pid {} serving {} (map {}), stops after {:.1} s idle",
        state.pid,
        ws.root.display(),
        ws.db.display(),
        opts.idle.as_secs_f64()
    );
    let fresh = Arc::new(Fresh::default());
    {
        let (ws, state, stop, fresh) = (ws.clone(), state.clone(), stop.clone(), fresh.clone());
        let accepted = std::thread::Builder::new()
            .name("codemap-engine-accept".into())
            .spawn(move || accept(listener, ws, state, stop, fresh));
        if let Err(e) = accepted {
            eprintln!("engine: no accepting thread: {e}");
            return 1;
        }
    }
    let map_dir = ws
        .db
        .parent()
        .filter(|d| d.is_dir())
        .map(|d| d.to_path_buf());
    let tick = (opts.idle / 4).clamp(Duration::from_millis(50), Duration::from_secs(1));
    let why = loop {
        std::thread::sleep(tick);
        if let Some(why) = why_stop(&ws, &state, &stop, &place, socket_id, map_dir.as_deref()) {
            break why;
        }
    };
    eprintln!("engine: stopping ({why})");
    // `watch` clients are told, so they end rather than start another engine.
    fresh.farewell(state.pid);
    // No new client finds it; then the servers are shut down; the lock goes with the process.
    if file_id(&place.socket) == socket_id {
        let _ = std::fs::remove_file(&place.socket);
    }
    ws.stop_servers();
    // A workspace that is gone gets no engine again: its lock and log go too (a temporary
    // directory's, the tests' many).
    if !ws.root.is_dir() || map_dir.as_ref().is_some_and(|d| !d.is_dir()) {
        let _ = std::fs::remove_file(&place.log);
        let _ = std::fs::remove_file(&place.lock);
    }
    drop(lock);
    0
}

/// SIGTERM, SIGINT and SIGHUP stop the engine as `codemap engine stop` does (calls under way
/// answered, socket removed, servers shut down): blocked in every thread (this runs before
/// any other starts; children start with none blocked, as `std::process` resets the mask) and
/// taken by one thread that waits for them.
fn stop_on_signals(stop: &Arc<AtomicBool>) {
    use nix::sys::signal::{SigSet, Signal};
    let mut set = SigSet::empty();
    for s in [Signal::SIGTERM, Signal::SIGINT, Signal::SIGHUP] {
        set.add(s);
    }
    if let Err(e) = set.thread_block() {
        eprintln!("engine: signals not handled ({e}): they end it at once");
        return;
    }
    let stop = stop.clone();
    let _ = std::thread::Builder::new()
        .name("codemap-engine-signals".into())
        .spawn(move || {
            if let Ok(sig) = set.wait() {
                eprintln!("engine: {sig} received");
                stop.store(true, SeqCst);
            }
        });
}

/// Why the engine should stop now, if it should: the facts gathered, the decision
/// `lifetime::stop_reason`'s.
fn why_stop(
    ws: &Workspace,
    state: &EngineState,
    stop: &AtomicBool,
    place: &Place,
    socket_id: Option<(u64, u64)>,
    map_dir: Option<&std::path::Path>,
) -> Option<String> {
    stop_reason(Facts {
        asked: stop.load(SeqCst),
        clients: state.clients.load(SeqCst),
        busy: state.in_flight.load(SeqCst),
        quiet: state.quiet_for(),
        idle: state.idle,
        root_exists: ws.root.is_dir(),
        map_dir_gone: map_dir.is_some_and(|d| !d.is_dir()),
        socket_ours: file_id(&place.socket) == socket_id,
    })
}

/// The workspace's lock, held for the engine's life, its pid and root written in it; `None`
/// when another engine has it, or when the file was removed or replaced after it was opened
/// (a client's `place::sweep`: the lock held would be no one's).
fn take_lock(place: &Place, root: &std::path::Path) -> Option<std::fs::File> {
    use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
    let mut f = match std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .mode(0o600)
        .open(&place.lock)
    {
        Ok(f) => f,
        Err(e) => {
            eprintln!("engine: cannot open {}: {e}", place.lock.display());
            return None;
        }
    };
    match f.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            eprintln!("engine: another engine holds {}", place.lock.display());
            return None;
        }
        Err(std::fs::TryLockError::Error(e)) => {
            eprintln!("engine: cannot lock {}: {e}", place.lock.display());
            return None;
        }
    }
    let same = match (f.metadata(), std::fs::metadata(&place.lock)) {
        (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
        _ => false,
    };
    if !same {
        eprintln!(
            "engine: {} was removed while it was taken",
            place.lock.display()
        );
        return None;
    }
    let _ = f.set_len(0);
    let _ = writeln!(f, "{}\n{}", std::process::id(), root.display());
    Some(f)
}

/// Listen on the socket, replacing a dead engine's (the lock says none is alive); only this
/// user may connect (the directory is private, the socket 0600, the peer checked).
fn listen(place: &Place) -> std::io::Result<UnixListener> {
    use std::os::unix::fs::PermissionsExt;
    match std::fs::remove_file(&place.socket) {
        Ok(()) => eprintln!("engine: removed a stale socket {}", place.socket.display()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    let l = UnixListener::bind(&place.socket)?;
    std::fs::set_permissions(&place.socket, std::fs::Permissions::from_mode(0o600))?;
    Ok(l)
}

/// A file's (device, inode), to know the socket is still the one bound.
fn file_id(p: &std::path::Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    std::fs::symlink_metadata(p)
        .ok()
        .map(|m| (m.dev(), m.ino()))
}

fn accept(
    listener: UnixListener,
    ws: Workspace,
    state: Arc<EngineState>,
    stop: Arc<AtomicBool>,
    fresh: Arc<Fresh>,
) {
    let me = place::uid();
    for conn in listener.incoming() {
        let Ok(conn) = conn else { continue };
        if stop.load(SeqCst) {
            continue;
        }
        match place::peer_uid(&conn) {
            Ok(uid) if uid == me => {}
            Ok(uid) => {
                eprintln!("engine: refused a connection from uid {uid}");
                continue;
            }
            Err(e) => {
                eprintln!("engine: refused a connection whose peer is unknown: {e}");
                continue;
            }
        }
        state.clients.fetch_add(1, SeqCst);
        state.touch();
        let (ws, state2, stop, fresh) = (ws.clone(), state.clone(), stop.clone(), fresh.clone());
        let spawned = std::thread::Builder::new()
            .name("codemap-engine-client".into())
            .spawn(move || {
                serve_client(&ws, &state2, &stop, &fresh, conn);
                state2.clients.fetch_sub(1, SeqCst);
                state2.touch();
            });
        if spawned.is_err() {
            state.clients.fetch_sub(1, SeqCst);
        }
    }
}

/// One connection: its hello, then its requests, one reply each, until it hangs up.
fn serve_client(
    ws: &Workspace,
    state: &EngineState,
    stop: &AtomicBool,
    fresh: &Fresh,
    conn: UnixStream,
) {
    let Ok(read_half) = conn.try_clone() else {
        return;
    };
    let mut reader = BufReader::new(read_half);
    let mut writer = conn;
    let mut greeted = false;
    while let Ok(Some(line)) = protocol::read_line(&mut reader, protocol::MAX_REQUEST) {
        state.touch();
        let reply = match protocol::request(&line) {
            Ok(Request::Hello(_)) => {
                greeted = true;
                Reply::Hello {
                    hello: Hello::ours(),
                    pid: state.pid,
                }
            }
            Ok(_) if !greeted => Reply::Refused {
                message: "a connection starts with a hello".into(),
            },
            Ok(Request::Call(mut call)) => {
                state.in_flight.fetch_add(1, SeqCst);
                if call.session {
                    // A session's call waits for the map's first build, as in `serve`.
                    let (build, _) = fresh.keep(ws);
                    while !build.wait(Duration::from_secs(1)) {}
                }
                let env = Some(std::mem::take(&mut call.env));
                let printed = indexer::lang::with_call_env(env, || answer(ws, call));
                state.in_flight.fetch_sub(1, SeqCst);
                state.requests.fetch_add(1, SeqCst);
                Reply::Printed(printed)
            }
            Ok(Request::Info) => Reply::Info {
                engine: info(ws, state, fresh),
            },
            Ok(Request::Session) => {
                fresh.keep(ws);
                Reply::Session { pid: state.pid }
            }
            Ok(Request::Watch { json }) => {
                // The connection is the watch client's from now on.
                return follow(ws, state, fresh, json, reader, writer);
            }
            Ok(Request::Stop) => {
                stop.store(true, SeqCst);
                Reply::Stopping { pid: state.pid }
            }
            Err(message) => Reply::Refused { message },
        };
        state.touch();
        if writer.write_all(protocol::line(&reply).as_bytes()).is_err() {
            break;
        }
    }
}

/// A `codemap watch` client (`Request::Watch`): how it prints, and its connection, written by
/// the watcher's thread after each run (one line at a time: the lock).
struct Follower {
    id: u64,
    json: bool,
    conn: Arc<std::sync::Mutex<UnixStream>>,
}

impl Follower {
    /// Send one reply line; false when the client is gone (or stuck for a second).
    fn send(&self, reply: &Reply) -> bool {
        let mut c = self.conn.lock().unwrap_or_else(|e| e.into_inner());
        c.write_all(protocol::line(reply).as_bytes()).is_ok()
    }
}

/// The map kept fresh for MCP sessions and `watch` clients: the first build and the watcher,
/// started by the first of them and kept for the engine's life (the watcher and index runs
/// stay one writer: this engine's, one run at a time, `Workspace::writing`); and the `watch`
/// clients, told of each of the watcher's runs.
#[derive(Default)]
struct Fresh {
    kept: std::sync::Mutex<Option<Kept>>,
    followers: Arc<std::sync::Mutex<Vec<Follower>>>,
    next_id: std::sync::atomic::AtomicU64,
}

struct Kept {
    build: Arc<FirstBuild>,
    _watcher: Option<crate::watch::Watcher>,
}

impl Fresh {
    /// The `watch` clients following now.
    fn following(&self) -> usize {
        self.followers
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .len()
    }

    /// Tell every `watch` client that the engine stops (they end, not start another).
    fn farewell(&self, pid: u32) {
        let followers =
            std::mem::take(&mut *self.followers.lock().unwrap_or_else(|e| e.into_inner()));
        for f in followers {
            f.send(&Reply::Stopping { pid });
        }
    }

    /// The first build's progress once a session started it: `{done, total, finished}`.
    fn progress(&self) -> Option<serde_json::Value> {
        use std::sync::atomic::Ordering::Relaxed;
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        let b = &kept.as_ref()?.build;
        Some(serde_json::json!({
            "done": b.done.load(Relaxed),
            "total": b.total.load(Relaxed),
            "finished": b.finished(),
        }))
    }

    /// Start the first build and the watcher if not yet; the first build, and whether this
    /// call started it.
    fn keep(&self, ws: &Workspace) -> (Arc<FirstBuild>, bool) {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(k) = kept.as_ref() {
            return (k.build.clone(), false);
        }
        eprintln!("engine: a session or watch client: the map is brought up to date and watched");
        // Each run of the one watcher, printed for each `watch` client as it asked; a client
        // that is gone is dropped.
        let followers = self.followers.clone();
        let on_run: crate::watch::OnRun = Box::new(move |r| {
            let mut fs = followers.lock().unwrap_or_else(|e| e.into_inner());
            fs.retain(|f| f.send(&Reply::Printed(tools::run_printed(f.json, r))));
        });
        let (build, watcher) = crate::watch::keep_fresh(ws, Some(on_run));
        *kept = Some(Kept {
            build: build.clone(),
            _watcher: watcher,
        });
        (build, true)
    }
}

/// A `codemap watch` client, on its connection's thread until it hangs up: the map kept fresh
/// (the first build and the one watcher, as for a session), brought up to date now (the first
/// build when this client started it, else a catch-up run: that run sent, as `watch` in its
/// own process prints its first), then each run of the watcher sent (by the watcher's thread,
/// [`Fresh::keep`]'s `on_run`).
fn follow(
    ws: &Workspace,
    state: &EngineState,
    fresh: &Fresh,
    json: bool,
    mut reader: BufReader<UnixStream>,
    writer: UnixStream,
) {
    // A client that stops reading holds up the watcher's thread a second at most.
    let _ = writer.set_write_timeout(Some(Duration::from_secs(1)));
    let me = Follower {
        id: fresh.next_id.fetch_add(1, SeqCst),
        json,
        conn: Arc::new(std::sync::Mutex::new(writer)),
    };
    if !me.send(&Reply::Watching { pid: state.pid }) {
        return;
    }
    state.in_flight.fetch_add(1, SeqCst);
    let (build, started) = fresh.keep(ws);
    while !build.wait(Duration::from_secs(1)) {}
    // No watcher (the inotify limit): said, and the client ends (in its own process it could
    // not watch either).
    let failed = ws
        .watch
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_ref()
        .filter(|w| w.state != "running")
        .map(|w| w.last_error.clone().unwrap_or_else(|| w.state.clone()));
    if let Some(why) = failed {
        state.in_flight.fetch_sub(1, SeqCst);
        me.send(&Reply::Refused {
            message: format!("the engine cannot watch {}: {why}", ws.root.display()),
        });
        return;
    }
    // Following before the catch-up run, so no run of the watcher's goes unsent (the
    // follower's lock keeps lines whole).
    let conn = me.conn.clone();
    let id = me.id;
    fresh
        .followers
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(me);
    let first = if started {
        let outcome = build
            .outcome
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        match outcome {
            Some(Err(e)) => Err(e),
            _ => build
                .stats
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .clone()
                .ok_or_else(|| "the first build left no figures".to_string()),
        }
    } else {
        crate::watch::reindex(ws, None)
    };
    state.in_flight.fetch_sub(1, SeqCst);
    state.touch();
    let line = protocol::line(&Reply::Printed(tools::run_printed(json, &first)));
    let sent = conn
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .write_all(line.as_bytes())
        .is_ok();
    // The client sends nothing more: the read ends when it hangs up.
    if sent {
        while let Ok(Some(_)) = protocol::read_line(&mut reader, protocol::MAX_REQUEST) {}
    }
    fresh
        .followers
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .retain(|f| f.id != id);
}

/// A tool call answered as the command line would print it in its own process.
fn answer(ws: &Workspace, call: Call) -> Printed {
    let mut ws = ws.clone();
    ws.detail = call.detail;
    ws.unbounded = call.unbounded;
    let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let (env, text) =
            tools::call_with_text(&ws, &call.tool, &call.args, &indexer::index::NoProgress);
        Printed::of(call.json, &env, text)
    }));
    ran.unwrap_or_else(|_| {
        let e = ToolError::internal(format!("the engine's {} call panicked", call.tool));
        Printed::of(call.json, &Envelope::from_result(Err(e), None), None)
    })
}

/// The engine's state and its running servers' (with their memory), for `codemap engine
/// status`.
fn info(ws: &Workspace, state: &EngineState, fresh: &Fresh) -> serde_json::Value {
    let servers: Vec<_> = ws
        .supervisor()
        .status()
        .into_iter()
        .filter(|s| s.pid.is_some())
        .collect();
    serde_json::json!({
        "engine": state.status(),
        "rssKb": crate::supervise::rss_kb(state.pid),
        "root": ws.root.display().to_string(),
        "map": ws.db.display().to_string(),
        "servers": servers,
        "build": fresh.progress(),
        "watchClients": fresh.following(),
    })
}
