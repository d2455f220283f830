//! A client of the workspace's engine: connect (starting the engine, detached, when none
//! answers), greet, ask, read the reply. An engine that is gone mid-call is started again and
//! the call asked once more (every call sent here only reads). Whatever keeps a client from
//! an engine it may use is returned as the reason, and the caller answers in its own process.

use super::place::{self, Place};
use super::protocol::{self, Call, Hello, Reply, Request};
use crate::print::Printed;
use std::io::{BufReader, Write};
use std::os::unix::net::UnixStream;
use std::path::Path;
use std::time::{Duration, Instant};

/// How long a client waits for an engine it started to listen.
const START_WAIT: Duration = Duration::from_secs(15);

/// How long a client waits for an engine of another build, asked to stop, to exit.
const REPLACE_WAIT: Duration = Duration::from_secs(10);

/// Why an engine could not be used: `Gone`, it went away while greeted (killed, stopping: a
/// new one may be started at once); `Replaced`, it runs another build and was asked to stop
/// (pid: a new one may be started once it has exited); `No`, it cannot be used (and why).
#[derive(Debug)]
enum Unusable {
    Gone(String),
    Replaced(String, u32),
    No(String),
}

impl Unusable {
    fn why(self) -> String {
        match self {
            Unusable::Gone(s) | Unusable::Replaced(s, _) | Unusable::No(s) => s,
        }
    }
}

/// One connection to an engine, greeted.
pub struct Conn {
    reader: BufReader<UnixStream>,
    writer: UnixStream,
    /// The engine's process id.
    pub pid: u32,
}

impl Conn {
    /// Send a request and read its reply.
    pub fn ask(&mut self, r: &Request) -> std::io::Result<Reply> {
        self.writer.write_all(protocol::line(r).as_bytes())?;
        let line =
            protocol::read_line(&mut self.reader, protocol::MAX_REPLY)?.ok_or_else(|| {
                std::io::Error::new(
                    std::io::ErrorKind::UnexpectedEof,
                    "the engine hung up before answering",
                )
            })?;
        protocol::reply(&line).map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
    }

    /// Greet the engine on `stream`: its pid, or why it may not be used (another version: it
    /// is then asked to stop, so the next client starts one of its own).
    fn greet(stream: UnixStream) -> Result<Conn, Unusable> {
        let reader = BufReader::new(
            stream
                .try_clone()
                .map_err(|e| Unusable::No(e.to_string()))?,
        );
        let mut c = Conn {
            reader,
            writer: stream,
            pid: 0,
        };
        let ours = Hello::ours();
        match c.ask(&Request::Hello(ours.clone())) {
            Ok(Reply::Hello { hello, pid }) => {
                if let Err(why) = protocol::agree(&ours, &hello) {
                    let _ = c.ask(&Request::Stop);
                    return Err(Unusable::Replaced(
                        format!("{why} (pid {pid}): asked it to stop"),
                        pid,
                    ));
                }
                c.pid = pid;
                Ok(c)
            }
            Ok(other) => Err(Unusable::No(format!("the engine did not greet: {other:?}"))),
            // Accepted by a listener whose engine was dying: it is gone.
            Err(e) => Err(Unusable::Gone(format!("the engine did not greet: {e}"))),
        }
    }
}

/// Connect to a running engine, checking that it runs as this user.
fn connect(socket: &Path) -> std::io::Result<UnixStream> {
    let s = UnixStream::connect(socket)?;
    let (uid, me) = (place::peer_uid(&s)?, place::uid());
    if uid != me {
        return Err(std::io::Error::new(
            std::io::ErrorKind::PermissionDenied,
            format!("{} is served by uid {uid}, not {me}", socket.display()),
        ));
    }
    Ok(s)
}

/// No engine listens there (none ever did, or a dead one left its socket).
fn nobody_there(e: &std::io::Error) -> bool {
    matches!(
        e.kind(),
        std::io::ErrorKind::NotFound | std::io::ErrorKind::ConnectionRefused
    )
}

/// Start the engine of `root` and `db`, detached (its own session, stdio to its log).
fn start(place: &Place, root: &Path, db: &Path) -> std::io::Result<std::process::Child> {
    use std::os::unix::fs::OpenOptionsExt;
    let log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .mode(0o600)
        .open(&place.log)?;
    std::process::Command::new(std::env::current_exe()?)
        .arg("--root")
        .arg(root)
        .arg("--db")
        .arg(db)
        .args(["engine", "run"])
        .current_dir(root)
        .stdin(std::process::Stdio::null())
        .stdout(log.try_clone()?)
        .stderr(log)
        .spawn()
}

/// The running engine, or one started now.
fn connect_or_start(place: &Place, root: &Path, db: &Path) -> Result<Conn, Unusable> {
    match connect(&place.socket) {
        Ok(s) => return Conn::greet(s),
        Err(e) if nobody_there(&e) => {}
        Err(e) => return Err(Unusable::No(format!("cannot reach the engine: {e}"))),
    }
    // Before an engine is started (seldom: not every call), what dead engines of workspaces
    // that are gone left behind is cleared.
    let swept = place::sweep(&place.dir, &place::key(root, db));
    if !swept.is_empty() {
        tracing::info!("cleared {} dead engines' files: {swept:?}", swept.len());
    }
    let cannot_start = |e: std::io::Error| Unusable::No(format!("cannot start the engine: {e}"));
    let deadline = Instant::now() + START_WAIT;
    let mut child = start(place, root, db).map_err(cannot_start)?;
    loop {
        std::thread::sleep(Duration::from_millis(20));
        match connect(&place.socket) {
            Ok(s) => {
                reap_later(child);
                return Conn::greet(s);
            }
            Err(e) if nobody_there(&e) => {}
            Err(e) => return Err(Unusable::No(format!("cannot reach the engine: {e}"))),
        }
        if Instant::now() > deadline {
            reap_later(child);
            return Err(Unusable::No(format!(
                "no engine listened within {} s (its log: {})",
                START_WAIT.as_secs(),
                place.log.display()
            )));
        }
        // It exited without listening: another engine held the lock and may be on its way
        // out (stopping, its socket gone). Try again.
        if let Ok(Some(_)) = child.try_wait() {
            std::thread::sleep(Duration::from_millis(100));
            child = start(place, root, db).map_err(cannot_start)?;
        }
    }
}

/// [`connect_or_start`], again on an engine that went away while greeted (a few times).
fn reach(place: &Place, root: &Path, db: &Path) -> Result<Conn, String> {
    let mut tries = 0;
    loop {
        match connect_or_start(place, root, db) {
            Ok(c) => return Ok(c),
            Err(Unusable::Gone(why)) if tries < 3 => {
                tracing::info!("{why}; again");
                tries += 1;
                std::thread::sleep(Duration::from_millis(50));
            }
            // After an upgrade: the old build's engine finishes its calls and shuts its
            // servers down; this client then starts one of its own build (rather than answer
            // in its own process, or greet the old one while it goes).
            Err(Unusable::Replaced(why, pid)) if tries < 3 => {
                tracing::info!("{why}; waiting for it to exit");
                let deadline = Instant::now() + REPLACE_WAIT;
                while alive(pid) && Instant::now() < deadline {
                    std::thread::sleep(Duration::from_millis(50));
                }
                if alive(pid) {
                    return Err(format!(
                        "{why}; it still runs after {} s",
                        REPLACE_WAIT.as_secs()
                    ));
                }
                tries += 1;
            }
            Err(e) => return Err(e.why()),
        }
    }
}

/// The engine outlives this client: a thread waits for the process started (so a long-lived
/// client leaves no zombie); the engine, in its own session, is the system's once this exits.
fn reap_later(mut child: std::process::Child) {
    let _ = std::thread::Builder::new()
        .name("codemap-engine-reaper".into())
        .spawn(move || child.wait());
}

/// Ask the engine of `root` (canonical) and `db` to answer `call`, starting it when needed;
/// once more on a new engine when the connection breaks before the answer. `Err`: why the
/// engine cannot be used (the caller answers in its own process).
pub fn call(root: &Path, db: &Path, call: Call) -> Result<Printed, String> {
    let place = place::place(root, db)?;
    let request = Request::Call(call);
    let mut last = String::new();
    for _ in 0..2 {
        let mut conn = reach(&place, root, db)?;
        match conn.ask(&request) {
            Ok(Reply::Printed(p)) => return Ok(p),
            Ok(other) => return Err(format!("the engine answered out of turn: {other:?}")),
            Err(e) => {
                tracing::info!("the engine (pid {}) went away: {e}; again", conn.pid);
                last = e.to_string();
            }
        }
    }
    Err(format!("the engine went away twice: {last}"))
}

/// The running engine of `root` and `db`, if any (none is started): its connection.
pub fn running(root: &Path, db: &Path) -> Result<Option<Conn>, String> {
    let place = place::place(root, db)?;
    match connect(&place.socket) {
        Ok(s) => match Conn::greet(s) {
            Ok(c) => Ok(Some(c)),
            Err(Unusable::Gone(_)) => Ok(None),
            Err(e @ (Unusable::Replaced(..) | Unusable::No(_))) => Err(e.why()),
        },
        Err(e) if nobody_there(&e) => Ok(None),
        Err(e) => Err(format!("cannot reach the engine: {e}")),
    }
}

/// An MCP session's connection to the engine of `root` and `db` (started when none runs),
/// which keeps the map fresh from now on.
pub fn session(root: &Path, db: &Path) -> Result<Conn, String> {
    let place = place::place(root, db)?;
    let mut conn = reach(&place, root, db)?;
    match conn.ask(&Request::Session) {
        Ok(Reply::Session { .. }) => Ok(conn),
        Ok(other) => Err(format!("the engine answered out of turn: {other:?}")),
        Err(e) => Err(format!("the engine went away: {e}")),
    }
}

/// Hold a session's connection open while the session lasts (this thread ends with the
/// process). When the engine goes away (stopped, killed), the session's next call starts a new
/// one; the connection is then taken again, so that one, too, counts the session as a client.
pub fn hold_session(mut conn: Conn, root: &Path, db: &Path) {
    loop {
        // Nothing more is sent on it: the read returns when the engine hangs up.
        let _ = protocol::read_line(&mut conn.reader, protocol::MAX_REPLY);
        conn = loop {
            std::thread::sleep(Duration::from_secs(1));
            if let Ok(Some(mut c)) = running(root, db) {
                if let Ok(Reply::Session { .. }) = c.ask(&Request::Session) {
                    break c;
                }
            }
        };
    }
}

/// `codemap watch` through the engine of `root` and `db` (started when none runs): its one
/// watcher keeps the map fresh, and each of its runs is printed here as it comes (the engine
/// sends the bytes). Returns the exit code once the engine is stopped (`engine stop`, SIGTERM:
/// it says so); an engine that dies instead (killed) is started again and followed on.
/// `Err`: why no engine can be used at first (the caller watches in its own process).
pub fn watch(root: &Path, db: &Path, json: bool) -> Result<i32, String> {
    let place = place::place(root, db)?;
    let mut followed: Option<u32> = None;
    // Seconds in a row no engine could be reached after one was followed: past
    // `GIVE_UP_SECS` (an engine of another version holds the place, say), the caller watches
    // in its own process rather than trying for ever.
    const GIVE_UP_SECS: u32 = 30;
    let mut failing = 0;
    loop {
        let mut conn = match reach(&place, root, db) {
            Ok(c) => {
                failing = 0;
                c
            }
            Err(why) if followed.is_none() || failing >= GIVE_UP_SECS => return Err(why),
            Err(why) => {
                eprintln!("warning: engine: {why}; trying again");
                failing += 1;
                std::thread::sleep(Duration::from_secs(1));
                continue;
            }
        };
        match conn.ask(&Request::Watch { json }) {
            Ok(Reply::Watching { pid }) => {
                match followed {
                    None => eprintln!(
                        "watching {} through its engine (pid {pid}; Ctrl-C to stop)",
                        root.display()
                    ),
                    Some(old) => eprintln!(
                        "the engine (pid {old}) went away; watching on through a new one (pid {pid})"
                    ),
                }
                followed = Some(pid);
            }
            Ok(other) if followed.is_none() => {
                return Err(format!("the engine answered out of turn: {other:?}"))
            }
            Err(e) if followed.is_none() => return Err(format!("the engine went away: {e}")),
            _ if failing >= GIVE_UP_SECS => {
                return Err("no engine takes the watch again".to_string())
            }
            _ => {
                failing += 1;
                std::thread::sleep(Duration::from_secs(1));
                continue;
            }
        }
        // Each run, until the engine hangs up.
        while let Ok(Some(line)) = protocol::read_line(&mut conn.reader, protocol::MAX_REPLY) {
            match protocol::reply(&line) {
                Ok(Reply::Printed(p)) => {
                    p.write();
                }
                Ok(Reply::Stopping { pid }) => {
                    eprintln!("the engine (pid {pid}) was stopped; watch ends");
                    return Ok(0);
                }
                Ok(Reply::Refused { message }) => {
                    eprintln!("error: {message}");
                    return Ok(1);
                }
                _ => {}
            }
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// Whether process `pid` still exists.
pub fn alive(pid: u32) -> bool {
    let Ok(pid) = i32::try_from(pid) else {
        return false;
    };
    nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), None).is_ok()
}
