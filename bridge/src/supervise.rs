//! Supervision of the language servers: one per (workspace root, language), started on first
//! use, restarted after a crash with backoff (0.5 s doubling to 8 s, at most 5 restarts in two
//! minutes, then parked as failed with its stderr tail), stopped after an idle period, and its
//! state reported by `map_status`.
//!
//! Each language has a slot behind its own mutex. Requests take the slot (starting the server
//! if needed); a monitor thread ticks every 100 ms to notice crashes, perform due restarts (with
//! the documents the dead server had open re-opened) and stop idle servers. The monitor holds
//! only a weak reference: dropping the supervisor shuts every server down.

use crate::lsp::{self, Server};
use answer::envelope::{ErrorCode, ToolError};
use indexer::lang::Lang;
use std::collections::{HashMap, VecDeque};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

/// Restarts allowed within [`RESTART_WINDOW`] before a server is parked as failed.
pub const MAX_RESTARTS: usize = 5;
pub const RESTART_WINDOW: Duration = Duration::from_secs(120);
const FIRST_BACKOFF: Duration = Duration::from_millis(500);
const MAX_BACKOFF: Duration = Duration::from_secs(8);
/// Default idle period after which a server is stopped.
pub const IDLE: Duration = Duration::from_secs(600);
const TICK: Duration = Duration::from_millis(100);

/// The delay before restart number `n` (0-based) within the window: 0.5 s, 1, 2, 4, 8, 8 …
pub fn backoff(n: usize) -> Duration {
    let factor = 1u32 << n.min(5);
    (FIRST_BACKOFF * factor).min(MAX_BACKOFF)
}

#[derive(Debug, Clone)]
pub struct Config {
    pub root: PathBuf,
    pub enabled: bool,
    pub commands: HashMap<Lang, Vec<String>>,
    pub timeout: Duration,
    pub idle: Duration,
    /// The workspace's `--exclude` patterns: the walk that finds files changed on disk
    /// ([`Supervisor::catch_up`]) leaves out what the map does.
    pub exclude: Vec<String>,
    /// The watcher's log of changed files, when one runs: read instead of a walk.
    pub disk_log: Arc<Mutex<crate::disk_log::DiskLog>>,
    /// Where what a server that keeps state between runs is of is written (the map's
    /// folder): `server-<lang>.told` ([`Server::resume`]).
    pub state_dir: Option<PathBuf>,
}

enum State {
    NotStarted,
    Ready(Arc<Server>),
    /// Crashed; restarted at `until`.
    Backoff {
        until: Instant,
        reason: String,
    },
    Failed {
        reason: String,
    },
    /// No command, or it cannot be run: not retried.
    Unavailable(ToolError),
    StoppedIdle,
}

struct Slot {
    state: State,
    command: Option<Vec<String>>,
    /// When restarts were scheduled, within the window.
    restarts: VecDeque<Instant>,
    restart_count: u32,
    last_used: Instant,
    /// Files to re-open on the next server after a crash.
    reopen: Vec<crate::paths::Contained>,
    /// The stderr tail of the last server that died.
    last_stderr: Vec<String>,
    /// Why the last server died.
    last_crash: Option<String>,
    /// The language's stamp of what the running server's view of the installed dependencies
    /// rests on ([`indexer::lang::ServerSpec::stamp`]), read when it was started.
    stamp: String,
    /// Restarts because that stamp changed (a package installed, another environment).
    env_restarts: u32,
    /// Files the running servers were told changed on disk ([`Supervisor::catch_up`]).
    told_changed: u64,
    /// The tool call ([`Supervisor::new_call`]) the workspace was last walked for them in: a
    /// call takes its server a few times, and one walk serves them all (a walk of 8,000
    /// files costs tens of milliseconds).
    caught_up: Option<u64>,
    /// The watcher's batch ([`crate::disk_log::DiskLog`]) the running server was told of up to.
    log_batch: Option<u64>,
}

pub struct Supervisor {
    cfg: Config,
    slots: HashMap<Lang, Mutex<Slot>>,
    /// Tool calls begun ([`Supervisor::new_call`]).
    calls: std::sync::atomic::AtomicU64,
}

impl std::fmt::Debug for Supervisor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Supervisor({:?})", self.status())
    }
}

impl Supervisor {
    pub fn new(cfg: Config) -> Arc<Supervisor> {
        let slots = Lang::ALL
            .iter()
            .map(|&l| {
                (
                    l,
                    Mutex::new(Slot {
                        state: State::NotStarted,
                        command: None,
                        restarts: VecDeque::new(),
                        restart_count: 0,
                        last_used: Instant::now(),
                        reopen: Vec::new(),
                        last_stderr: Vec::new(),
                        last_crash: None,
                        stamp: String::new(),
                        env_restarts: 0,
                        told_changed: 0,
                        caught_up: None,
                        log_batch: None,
                    }),
                )
            })
            .collect();
        let sup = Arc::new(Supervisor {
            cfg,
            slots,
            calls: Default::default(),
        });
        if sup.cfg.enabled {
            let weak = Arc::downgrade(&sup);
            let _ = std::thread::Builder::new()
                .name("codemap-lsp-monitor".into())
                .spawn(move || monitor(weak));
        }
        sup
    }

    fn slot(&self, lang: Lang) -> std::sync::MutexGuard<'_, Slot> {
        // Every language has a slot (built from Lang::ALL).
        self.slots[&lang].lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A tool call begins: the first take of each running server in it looks for files
    /// changed on disk first ([`Supervisor::catch_up`]).
    pub fn new_call(&self) {
        self.calls.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }

    /// The running server for a language, started (or restarted, when its backoff is over) if
    /// needed. While a crashed server waits for its restart, or once it is parked as failed,
    /// this is `LSP_FAILED` and the caller falls back.
    pub fn get(&self, lang: Lang) -> Result<Arc<Server>, ToolError> {
        if !self.cfg.enabled {
            // Turned off, not missing: no install hint.
            return Err(ToolError::new(
                ErrorCode::LspUnavailable,
                "language servers are turned off (--no-lsp)",
            )
            .hint("run without --no-lsp to use them"));
        }
        let mut slot = self.slot(lang);
        slot.last_used = Instant::now();
        self.notice_crash(&mut slot);
        // A server whose view of the installed packages is out of date (it does not watch
        // them) is replaced: the old one finishes what it is answering, then stops.
        if let State::Ready(_) = &slot.state {
            let now = self.stamp(lang);
            if now != slot.stamp {
                tracing::info!(
                    lang = lang.prefix(),
                    was = %slot.stamp,
                    now = %now,
                    "restarting a language server: the installed packages changed"
                );
                slot.env_restarts += 1;
                slot.state = State::NotStarted;
            }
        }
        if let State::Ready(s) = &slot.state {
            let s = s.clone();
            // A server that keeps state is caught up once it has loaded (below): told while
            // it imports, JDT LS drops what it is told.
            if !(lang.spec().server.keeps_state && s.loading()) {
                self.catch_up_once(lang, &mut slot, &s);
            }
            return Ok(s);
        }
        match &slot.state {
            State::Unavailable(e) => return Err(e.clone()),
            State::Failed { reason } => {
                return Err(failed_error(lang, reason, &slot.last_stderr));
            }
            State::Backoff { until, reason } if Instant::now() < *until => {
                let wait = until.saturating_duration_since(Instant::now());
                return Err(ToolError::new(
                    ErrorCode::LspFailed,
                    format!(
                        "the {} language server {reason}; it restarts in {:.1} s",
                        lang.prefix(),
                        wait.as_secs_f64()
                    ),
                )
                .hint("the map answers meanwhile: `map_search`, `map_neighbors`"));
            }
            _ => {}
        }
        self.start(lang, &mut slot);
        match &slot.state {
            State::Ready(s) => {
                let s = s.clone();
                if lang.spec().server.keeps_state {
                    // It may hold files changed while it was down: told once it has loaded,
                    // with the slot free meanwhile (`status`, the monitor and `stop_all`
                    // do not wait for the load).
                    drop(slot);
                    s.wait_ready(self.cfg.timeout);
                    let mut slot = self.slot(lang);
                    if matches!(&slot.state, State::Ready(now) if Arc::ptr_eq(now, &s)) {
                        slot.caught_up = None;
                        self.catch_up_once(lang, &mut slot, &s);
                    }
                }
                Ok(s)
            }
            State::Unavailable(e) => Err(e.clone()),
            State::Failed { reason } | State::Backoff { reason, .. } => {
                Err(failed_error(lang, reason, &slot.last_stderr))
            }
            State::NotStarted | State::StoppedIdle => {
                Err(ToolError::internal("the language server did not start"))
            }
        }
    }

    /// [`Supervisor::catch_up`] at the first take of the slot's server in a tool call.
    fn catch_up_once(&self, lang: Lang, slot: &mut Slot, server: &Server) {
        let call = self.calls.load(std::sync::atomic::Ordering::SeqCst);
        if slot.caught_up != Some(call) {
            slot.told_changed += self.catch_up(lang, server, &mut slot.log_batch) as u64;
            slot.caught_up = Some(call);
        }
    }

    /// Tells a running server of the files of its language changed on disk since it read
    /// them, or made since it started: a server reads a file that is not open once, and
    /// nothing else tells it of an edit, so a call added to a file no answer named was
    /// missing from its references. The files are those of the watcher's log after batch
    /// `told` when a watcher runs, else a walk of the workspace by the map's rules (tens of
    /// milliseconds for 8,000 files). How many it was told of. (Files an answer names are
    /// checked again after it: [`Server::locate`].)
    fn catch_up(&self, lang: Lang, server: &Server, told: &mut Option<u64>) -> usize {
        let t = Instant::now();
        let at = std::time::SystemTime::now();
        let logged = {
            let log = self.cfg.disk_log.lock().unwrap_or_else(|e| e.into_inner());
            let logged = told.and_then(|b| log.since(b));
            // Walked now when not all are logged: what the watcher logs from here on is told
            // next time.
            *told = logged.as_ref().map(|(_, now)| *now).or(log.now());
            logged
        };
        if let Some((files, _)) = logged {
            let files = files
                .into_iter()
                .filter(|f| Lang::of_path(f) == Some(lang))
                .filter_map(|abs| {
                    let rel = abs.strip_prefix(&self.cfg.root).ok()?;
                    let rel = rel.to_string_lossy().replace('\\', "/");
                    Some(crate::paths::Contained { rel, abs })
                })
                .collect();
            return match server.tell_files(files) {
                Ok(n) => {
                    server.caught_up(at);
                    n
                }
                Err(e) => {
                    tracing::warn!(
                        lang = lang.prefix(),
                        "cannot tell the server of changed files: {e}"
                    );
                    0
                }
            };
        }
        let opts = indexer::walk::WalkOptions {
            exclude: self.cfg.exclude.clone(),
        };
        let walked = match indexer::walk::walk(&self.cfg.root, &opts) {
            Ok(w) => w,
            Err(e) => {
                tracing::warn!(
                    lang = lang.prefix(),
                    "no walk for files changed on disk: {e}"
                );
                return 0;
            }
        };
        let disk = walked
            .files
            .into_iter()
            .filter(|f| f.lang == lang && f.skip.is_none())
            .map(|f| {
                let file = crate::paths::Contained {
                    rel: f.rel,
                    abs: f.abs,
                };
                (file, (f.size, f.mtime_ns))
            })
            .collect();
        match server.tell_disk(disk) {
            Ok(n) => {
                server.caught_up(at);
                tracing::debug!(
                    lang = lang.prefix(),
                    ms = t.elapsed().as_millis() as u64,
                    "walked the workspace for files changed on disk"
                );
                if n > 0 {
                    tracing::info!(
                        lang = lang.prefix(),
                        files = n,
                        ms = t.elapsed().as_millis() as u64,
                        "told the language server of files changed on disk"
                    );
                }
                n
            }
            Err(e) => {
                tracing::warn!(
                    lang = lang.prefix(),
                    "cannot tell the server of changed files: {e}"
                );
                0
            }
        }
    }

    /// A ready server whose output ended has crashed: schedule its restart or park it.
    fn notice_crash(&self, slot: &mut Slot) {
        if let State::Ready(s) = &slot.state {
            if !s.alive() {
                let (tail, files) = (s.stderr_tail(), s.open_files());
                slot.reopen = files;
                self.crashed(slot, "exited unexpectedly".into(), tail);
            }
        }
    }

    fn crashed(&self, slot: &mut Slot, reason: String, tail: Vec<String>) {
        let now = Instant::now();
        while slot
            .restarts
            .front()
            .is_some_and(|t| now.duration_since(*t) > RESTART_WINDOW)
        {
            slot.restarts.pop_front();
        }
        if !tail.is_empty() {
            slot.last_stderr = tail;
        }
        slot.last_crash = Some(reason.clone());
        tracing::warn!(%reason, "language server crashed");
        if slot.restarts.len() >= MAX_RESTARTS {
            slot.state = State::Failed {
                reason: format!(
                    "{reason}, and was restarted {MAX_RESTARTS} times in {} s: parked as failed",
                    RESTART_WINDOW.as_secs()
                ),
            };
            slot.reopen.clear();
        } else {
            let delay = backoff(slot.restarts.len());
            slot.restarts.push_back(now);
            slot.state = State::Backoff {
                until: now + delay,
                reason,
            };
        }
    }

    fn start(&self, lang: Lang, slot: &mut Slot) {
        let restart = matches!(slot.state, State::Backoff { .. });
        let command = self
            .cfg
            .commands
            .get(&lang)
            .cloned()
            .or_else(|| lsp::command_for(lang));
        let Some(command) = command else {
            slot.state = State::Unavailable(
                ToolError::new(
                    ErrorCode::LspUnavailable,
                    format!("no {} language server on PATH", lang.prefix()),
                )
                .hint(lsp::install_hint(lang)),
            );
            return;
        };
        slot.command = Some(command.clone());
        slot.stamp = self.stamp(lang);
        match Server::start(lang, &self.cfg.root, command, self.cfg.timeout, restart) {
            Ok(mut server) => {
                if lang.spec().server.keeps_state {
                    if let Some(d) = &self.cfg.state_dir {
                        server.resume(d.join(format!("server-{}.told", lang.prefix())));
                    }
                }
                if restart {
                    slot.restart_count += 1;
                }
                // The documents the dead server had open, re-opened as they are on disk now.
                for file in std::mem::take(&mut slot.reopen) {
                    if let Ok(bytes) = std::fs::read(&file.abs) {
                        let _ = server.sync(&file, &String::from_utf8_lossy(&bytes));
                    }
                }
                slot.state = State::Ready(Arc::new(server));
            }
            Err(e) => {
                let error = ToolError::from(e.error);
                if error.code == ErrorCode::LspUnavailable {
                    slot.state = State::Unavailable(error);
                    return;
                }
                if restart {
                    slot.restart_count += 1;
                }
                self.crashed(
                    slot,
                    format!("failed to start ({})", error.message),
                    e.stderr_tail,
                );
            }
        }
    }

    /// The language's stamp of what its server's view of the installed packages rests on,
    /// read now with the call's environment; empty for a language that has none.
    fn stamp(&self, lang: Lang) -> String {
        lang.spec()
            .server
            .stamp
            .map_or(String::new(), |f| f(&self.cfg.root, &indexer::deps::env()))
    }

    /// One monitor pass: crashes noticed, due restarts made, idle servers stopped.
    fn tick(&self) {
        for (lang, m) in &self.slots {
            // A busy slot (a request starting a server) is looked at next time.
            let Ok(mut slot) = m.try_lock() else { continue };
            self.notice_crash(&mut slot);
            match &slot.state {
                State::Backoff { until, .. } if Instant::now() >= *until => {
                    self.start(*lang, &mut slot);
                }
                // Idle since the last request began and since the server last answered.
                State::Ready(s)
                    if slot.last_used.elapsed().min(s.idle_for()) >= self.cfg.idle
                        && s.in_flight() == 0 =>
                {
                    tracing::info!(lang = lang.prefix(), "stopping an idle language server");
                    let old = std::mem::replace(&mut slot.state, State::StoppedIdle);
                    drop(slot);
                    drop(old); // shutdown, exit, reaped
                }
                _ => {}
            }
        }
    }

    /// Stop every running server now (shutdown, exit, reaped once no request holds it): the
    /// engine's last act before it exits.
    pub fn stop_all(&self) {
        for m in self.slots.values() {
            let mut slot = m.lock().unwrap_or_else(|e| e.into_inner());
            if matches!(slot.state, State::Ready(_)) {
                let old = std::mem::replace(&mut slot.state, State::StoppedIdle);
                drop(slot);
                drop(old);
            }
        }
    }

    /// Each language's server state, for `map_status`.
    pub fn status(&self) -> Vec<ServerStatus> {
        let mut langs: Vec<Lang> = self.slots.keys().copied().collect();
        langs.sort_by_key(|l| l.prefix());
        langs
            .into_iter()
            .map(|lang| {
                let Ok(slot) = self.slots[&lang].try_lock() else {
                    return ServerStatus::new(lang, None, "starting");
                };
                let mut v = ServerStatus::new(lang, Some(slot.restart_count), "");
                v.command = slot.command.as_ref().map(|c| c.join(" "));
                v.env_restarts = (slot.env_restarts > 0).then_some(slot.env_restarts);
                v.told_changed = (slot.told_changed > 0).then_some(slot.told_changed);
                match &slot.state {
                    State::NotStarted => {
                        v.state = "not-started";
                        if !self.cfg.enabled {
                            v.reason = Some("language servers are turned off (--no-lsp)".into());
                        }
                    }
                    State::Ready(s) if s.alive() => {
                        v.caveat = lang.spec().server.caveat.and_then(|f| f(&self.cfg.root));
                        match s.degraded() {
                            Some(why) => {
                                v.state = "degraded";
                                v.reason = Some(why.to_string());
                            }
                            None => v.state = "ready",
                        }
                        v.loading = s.loading();
                        v.pid = Some(s.pid());
                        v.rss_kb = rss_kb(s.pid());
                        v.idle_seconds = Some(slot.last_used.elapsed().as_secs());
                    }
                    State::Ready(s) => {
                        v.state = "failed";
                        v.reason = Some("exited unexpectedly; restarting".into());
                        v.stderr_tail = Some(s.stderr_tail());
                    }
                    State::Backoff { until, reason } => {
                        v.state = "starting";
                        v.reason = Some(reason.to_string());
                        v.restart_in_ms =
                            Some(until.saturating_duration_since(Instant::now()).as_millis());
                        v.stderr_tail = Some(slot.last_stderr.clone());
                    }
                    State::Failed { reason } => {
                        v.state = "failed";
                        v.reason = Some(reason.to_string());
                        v.stderr_tail = Some(slot.last_stderr.clone());
                    }
                    State::Unavailable(e) => {
                        v.state = "failed";
                        v.reason = Some(e.message.clone());
                        v.hint = e.hint.clone();
                    }
                    State::StoppedIdle => {
                        v.state = "stopped-idle";
                    }
                }
                v
            })
            .collect()
    }
}

/// One language's server as `map_status` reports it.
#[derive(Debug, Clone, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ServerStatus {
    pub lang: &'static str,
    /// None while the slot is busy (starting).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub restarts: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
    /// `not-started`, `starting`, `ready`, `degraded`, `failed` or `stopped-idle`.
    pub state: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub loading: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pid: Option<u32>,
    /// Its resident memory (KiB), while it runs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rss_kb: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub idle_seconds: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub restart_in_ms: Option<u128>,
    /// Restarts because the installed packages it reads changed (a `pip install`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub env_restarts: Option<u32>,
    /// Files it was told changed on disk since it read them (edits no answer of its named).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub told_changed: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stderr_tail: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
    /// What its answers rest on that the workspace does not give it
    /// (`ServerSpec::caveat`: clangd with no compile_commands.json).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub caveat: Option<String>,
}

impl ServerStatus {
    fn new(lang: Lang, restarts: Option<u32>, state: &'static str) -> ServerStatus {
        ServerStatus {
            lang: lang.prefix(),
            restarts,
            command: None,
            state,
            reason: None,
            loading: false,
            pid: None,
            rss_kb: None,
            idle_seconds: None,
            restart_in_ms: None,
            env_restarts: None,
            told_changed: None,
            stderr_tail: None,
            hint: None,
            caveat: None,
        }
    }

    /// The status's line of `map_status`'s plain text.
    pub fn text(&self) -> String {
        let memory = self
            .rss_kb
            .map(|kb| format!("pid {}, {} MB", self.pid.unwrap_or(0), kb / 1024));
        let extra = [
            self.command.as_deref(),
            memory.as_deref(),
            self.reason.as_deref(),
            self.caveat.as_deref(),
        ]
        .into_iter()
        .flatten()
        .filter(|x| !x.is_empty())
        .collect::<Vec<_>>()
        .join("; ");
        format!(
            "server   {:<3} {} (restarts {}){}\n",
            self.lang,
            self.state,
            serde_json::to_string(&self.restarts).unwrap_or_default(),
            if extra.is_empty() {
                String::new()
            } else {
                format!(": {extra}")
            }
        )
    }
}

/// A process's resident memory in KiB (`VmRSS` in /proc), if it says.
pub fn rss_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
}

fn failed_error(lang: Lang, reason: &str, tail: &[String]) -> ToolError {
    let tail = tail
        .iter()
        .rev()
        .take(5)
        .rev()
        .cloned()
        .collect::<Vec<_>>()
        .join(" | ");
    ToolError::new(
        ErrorCode::LspFailed,
        format!(
            "the {} language server {reason}{}",
            lang.prefix(),
            if tail.is_empty() {
                String::new()
            } else {
                format!("; its stderr ends: {tail}")
            }
        ),
    )
    .hint("the map still answers (`map_search`, `map_neighbors`); `map_status` shows the server's state")
}

fn monitor(weak: Weak<Supervisor>) {
    loop {
        std::thread::sleep(TICK);
        let Some(sup) = weak.upgrade() else { return };
        sup.tick();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_to_eight_seconds() {
        let secs: Vec<f64> = (0..7).map(|n| backoff(n).as_secs_f64()).collect();
        assert_eq!(secs, [0.5, 1.0, 2.0, 4.0, 8.0, 8.0, 8.0]);
    }
}
