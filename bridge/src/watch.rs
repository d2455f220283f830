//! The watcher: `notify` events, debounced, mark changed files stale at once and re-index in the
//! background. A burst (a `git checkout` of a thousand files) is coalesced: events that arrive
//! while a run is going are gathered into the next single run. `.codemap/`, hidden directories
//! and paths the root's `.gitignore` ignores are not acted on.

use crate::workspace::Workspace;
use answer::envelope::ToolError;
use indexer::index::{self, IndexStats, NoProgress};
use indexer::Lang;
use notify_debouncer_full::notify::{EventKind, RecursiveMode};
use notify_debouncer_full::DebounceEventResult;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// How long events are gathered before they are acted on.
pub const DEBOUNCE: Duration = Duration::from_millis(150);
/// The longest a burst of events may hold back its re-index.
const SETTLE: Duration = Duration::from_secs(2);

pub use crate::workspace::WatchStatus;

/// A running watcher; dropping it stops watching.
pub struct Watcher {
    _debouncer: Box<dyn std::any::Any + Send>,
    log: Arc<Mutex<crate::disk_log::DiskLog>>,
}

impl Drop for Watcher {
    fn drop(&mut self) {
        self.log.lock().unwrap_or_else(|e| e.into_inner()).stopped();
    }
}

/// What one batch of events asks for.
#[derive(Debug, Default, PartialEq)]
pub struct Batch {
    /// Source files (workspace-relative) that changed: flagged stale before the run.
    pub files: Vec<String>,
    /// Whether a re-index is needed at all.
    pub run: bool,
    /// A directory came, went or was renamed: only a walk finds what changed under it.
    pub structural: bool,
}

/// Decide what a set of changed paths asks for (pure, apart from the ignore matcher).
pub fn classify(
    root: &Path,
    paths: &[(PathBuf, bool)],
    ignore: Option<&ignore::gitignore::Gitignore>,
) -> Batch {
    let mut b = Batch::default();
    for (p, structural) in paths {
        let Ok(rel) = p.strip_prefix(root) else {
            continue;
        };
        // Hidden entries, and the registry's skipped directories (`node_modules`: an
        // `npm install` is no edit of the workspace), ignored or not.
        let hidden = rel
            .components()
            .any(|c| c.as_os_str().to_str().is_some_and(|s| s.starts_with('.')))
            || rel
                .ancestors()
                .any(|a| !a.as_os_str().is_empty() && Lang::is_skipped_dir(a));
        if hidden || rel.as_os_str().is_empty() {
            continue;
        }
        if let Some(ig) = ignore {
            if ig.matched_path_or_any_parents(rel, p.is_dir()).is_ignore() {
                continue;
            }
        }
        let source = Lang::of_path(rel).is_some()
            || rel
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(Lang::is_manifest);
        if source {
            b.run = true;
            let r = rel.to_string_lossy().replace('\\', "/");
            if !b.files.contains(&r) {
                b.files.push(r);
            }
        } else if *structural && rel.extension().is_none() {
            // A directory created, removed or renamed: its files come or go with it.
            b.run = true;
            b.structural = true;
        }
    }
    b.files.sort();
    b
}

fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Bring the map up to date in the background (built when missing) and keep it so: the first
/// run's progress and outcome (tools wait for it), and the watcher (none when it cannot watch:
/// answers still mark changed files stale by a stat check). `serve` in its own process and the
/// engine for its MCP sessions and `watch` clients (`on_run` hears each of the watcher's runs).
pub fn keep_fresh(
    ws: &Workspace,
    on_run: Option<OnRun>,
) -> (Arc<crate::workspace::FirstBuild>, Option<Watcher>) {
    let fb = Arc::new(crate::workspace::FirstBuild::default());
    {
        let (ws, fb) = (ws.clone(), fb.clone());
        std::thread::spawn(move || {
            let r = {
                let _writing = ws.writing();
                index::run(&ws.index_options(), fb.as_ref())
            }
            .map(|stats| {
                *fb.stats.lock().unwrap_or_else(|e| e.into_inner()) = Some(stats);
            })
            .map_err(|e| e.to_string());
            if let Err(e) = &r {
                tracing::error!("the first index run failed: {e}");
            }
            fb.finish(r);
        });
    }
    let watcher = match start(ws, on_run) {
        Ok(w) => Some(w),
        Err(e) => {
            tracing::warn!(
                "no watcher: {e}; answers still mark changed files stale by a stat check"
            );
            // Said in map_status, and to `watch` clients of an engine.
            *ws.watch.lock().unwrap_or_else(|e| e.into_inner()) = Some(WatchStatus {
                state: "failed".into(),
                last_error: Some(e.message.clone()),
                ..Default::default()
            });
            None
        }
    };
    (fb, watcher)
}

/// Told of every finished re-index.
pub type OnRun = Box<dyn Fn(&Result<IndexStats, String>) + Send>;

/// Start watching the workspace. `on_run` hears every finished re-index.
pub fn start(ws: &Workspace, on_run: Option<OnRun>) -> Result<Watcher, ToolError> {
    let (tx, rx) = std::sync::mpsc::channel::<DebounceEventResult>();
    // Symlinks are not followed (a link to a directory outside must not be watched, nor
    // listed), and reads are filtered in the kernel.
    let config = notify_debouncer_full::notify::Config::default()
        .with_follow_symlinks(false)
        .with_event_kinds(notify_debouncer_full::notify::EventKindMask::CORE);
    let mut debouncer = notify_debouncer_full::new_debouncer_opt::<
        _,
        notify_debouncer_full::notify::RecommendedWatcher,
        _,
    >(
        DEBOUNCE,
        None,
        tx,
        notify_debouncer_full::RecommendedCache::new(),
        config,
    )
    .map_err(|e| ToolError::internal(format!("cannot start the watcher: {e}")))?;
    // Each directory a run would walk, one by one: ignored trees (node_modules/, target/) and
    // hidden ones cost no inotify watch. New directories are added as they appear.
    let walk_opts = indexer::walk::WalkOptions {
        exclude: ws.exclude.clone(),
    };
    let dirs = indexer::walk::dirs(&ws.root, &walk_opts)
        .map_err(|e| ToolError::bad_args(format!("cannot watch {}: {e}", ws.root.display())))?;
    let mut unwatched = Vec::new();
    let mut watched: HashSet<PathBuf> = HashSet::new();
    for d in dirs {
        match debouncer.watch(&d, RecursiveMode::NonRecursive) {
            Ok(()) => {
                watched.insert(d);
            }
            Err(e) if d == ws.root => {
                return Err(ToolError::bad_args(format!(
                    "cannot watch {}: {e}",
                    ws.root.display()
                ))
                .hint("on Linux, raise fs.inotify.max_user_watches for very large trees"));
            }
            Err(e) => unwatched.push(format!("{}: {e}", d.display())),
        }
    }
    let debouncer = Arc::new(Mutex::new(debouncer));
    let adder = Arc::downgrade(&debouncer);
    // `--exclude` patterns are relative to the root: new directories are checked against them
    // from there (a walk from the new directory would read them relative to itself).
    let excluded = indexer::walk::excludes(&ws.root, &ws.exclude).ok();
    let status = ws.watch.clone();
    *status.lock().unwrap_or_else(|e| e.into_inner()) = Some(WatchStatus {
        state: "running".into(),
        directories: watched.len() as u64,
        unwatched: (!unwatched.is_empty()).then(|| {
            format!(
                "{} directories not watched (raise fs.inotify.max_user_watches): {}",
                unwatched.len(),
                unwatched
                    .iter()
                    .take(3)
                    .cloned()
                    .collect::<Vec<_>>()
                    .join("; ")
            )
        }),
        ..Default::default()
    });
    let ignore = {
        let mut b = ignore::gitignore::GitignoreBuilder::new(&ws.root);
        b.add(ws.root.join(".gitignore"));
        b.build().ok()
    };
    let log = ws.disk_log.clone();
    log.lock().unwrap_or_else(|e| e.into_inner()).started();
    let ws = ws.clone();
    std::thread::Builder::new()
        .name("codemap-watch".into())
        .spawn(move || {
            // Ends when the debouncer (the sender) is dropped.
            while let Ok(first) = rx.recv() {
                // Set when the watcher reports an error (a queue overflow loses events): the
                // run then walks the whole workspace.
                let mut lost = false;
                // A batch's paths; whether it lost events.
                let gather = |r: DebounceEventResult, paths: &mut Vec<(PathBuf, bool)>| {
                    let lost = r.is_err();
                    for ev in r.into_iter().flatten() {
                        // Reads (ours, the language servers') change nothing.
                        if matches!(ev.kind, EventKind::Access(_)) {
                            continue;
                        }
                        let structural = matches!(
                            ev.kind,
                            EventKind::Create(_)
                                | EventKind::Remove(_)
                                | EventKind::Modify(
                                    notify_debouncer_full::notify::event::ModifyKind::Name(_)
                                )
                        );
                        for p in &ev.paths {
                            paths.push((p.clone(), structural));
                        }
                    }
                    lost
                };
                // Mark what changed stale at once, then let a burst (a checkout, a formatter
                // over the tree) settle so that it becomes one run: batches keep joining until
                // none has come for a debounce period (at most SETTLE in all), and are marked
                // stale together before the run.
                let mut run = false;
                let mut structural = false;
                let mut pending: Vec<String> = Vec::new();
                // Every source file of the burst, for a run that looks at them alone.
                let mut changed: Vec<String> = Vec::new();
                let mark = |files: &mut Vec<String>| {
                    if files.is_empty() {
                        return;
                    }
                    let marked =
                        indexer::store::mark_stale(&ws.db, files, Duration::from_millis(200))
                            .unwrap_or(0);
                    let mut s = status.lock().unwrap_or_else(|e| e.into_inner());
                    if let Some(s) = s.as_mut() {
                        s.files_marked_stale += marked as u64;
                    }
                    files.clear();
                };
                let settle = Instant::now();
                let mut next = Some(first);
                let mut first_batch = true;
                while let Some(r) = next.take() {
                    let mut paths = Vec::new();
                    let batch_lost = gather(r, &mut paths);
                    lost |= batch_lost;
                    let added = watch_new_dirs(
                        &ws.root,
                        &paths,
                        ignore.as_ref(),
                        excluded.as_ref(),
                        &adder,
                        &mut watched,
                    );
                    if let Some(s) = status.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
                        s.directories = watched.len() as u64;
                    }
                    let mut batch = classify(&ws.root, &paths, ignore.as_ref());
                    ws.disk_log
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .record(
                            batch.files.iter().map(|r| ws.root.join(r)),
                            batch.structural || batch_lost,
                        );
                    if batch.run {
                        run = true;
                        structural |= batch.structural;
                        changed.extend(batch.files.iter().cloned());
                        if let Some(s) = status.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
                            s.events += batch.files.len().max(1) as u64;
                        }
                        pending.append(&mut batch.files);
                        if first_batch {
                            mark(&mut pending);
                            first_batch = false;
                        }
                    }
                    if settle.elapsed() < SETTLE {
                        // Writes into a directory just watched reach us a debounce period
                        // late: wait for them rather than run early and again after.
                        let quiet = if added { DEBOUNCE * 3 } else { DEBOUNCE };
                        next = rx.recv_timeout(quiet).ok();
                    }
                }
                pending.sort();
                pending.dedup();
                mark(&mut pending);
                if !run {
                    continue;
                }
                changed.sort();
                changed.dedup();
                // A map whose folder was removed (the workspace being deleted under an engine)
                // is not made again here, in a folder going away: `map_rebuild` makes it.
                if ws.db.parent().is_some_and(|d| !d.is_dir()) {
                    continue;
                }
                let only = (!structural && !lost && !changed.is_empty()).then_some(changed);
                let t = Instant::now();
                let result = reindex(&ws, only);
                {
                    let mut s = status.lock().unwrap_or_else(|e| e.into_inner());
                    if let Some(s) = s.as_mut() {
                        s.runs += 1;
                        s.last_run_seconds = Some(t.elapsed().as_secs_f64());
                        s.last_run_at = Some(now_secs());
                        s.last_error = result.as_ref().err().cloned();
                    }
                }
                if let Some(f) = &on_run {
                    f(&result);
                }
            }
        })
        .map_err(|e| ToolError::internal(format!("cannot start the watcher thread: {e}")))?;
    Ok(Watcher {
        _debouncer: Box::new(debouncer),
        log,
    })
}

type Debouncer = notify_debouncer_full::Debouncer<
    notify_debouncer_full::notify::RecommendedWatcher,
    notify_debouncer_full::RecommendedCache,
>;

/// Watch the directories that were created (or renamed into place) in this batch, and every
/// directory under them, unless ignored or hidden; forget those removed or renamed away
/// (the kernel drops their watches itself). Whether any watch was added.
fn watch_new_dirs(
    root: &Path,
    paths: &[(PathBuf, bool)],
    ignore: Option<&ignore::gitignore::Gitignore>,
    excluded: Option<&ignore::overrides::Override>,
    debouncer: &std::sync::Weak<Mutex<Debouncer>>,
    watched: &mut HashSet<PathBuf>,
) -> bool {
    let is_excluded = |dir: &Path| {
        let (Some(ov), Ok(rel)) = (excluded, dir.strip_prefix(root)) else {
            return false;
        };
        rel.ancestors()
            .filter(|a| !a.as_os_str().is_empty())
            .any(|a| ov.matched(a, true).is_ignore())
    };
    let mut added = false;
    for (p, structural) in paths {
        if !*structural {
            continue;
        }
        if !p.is_dir() {
            if watched.contains(p) {
                watched.retain(|w| !w.starts_with(p));
            }
            continue;
        }
        if watched.contains(p)
            || is_excluded(p)
            || !classify(root, &[(p.clone(), true)], ignore).run
        {
            continue;
        }
        let Some(d) = debouncer.upgrade() else {
            return added;
        };
        let mut d = d.lock().unwrap_or_else(|e| e.into_inner());
        for dir in indexer::walk::dirs(p, &Default::default()).unwrap_or_default() {
            if watched.contains(&dir) || is_excluded(&dir) {
                continue;
            }
            if d.watch(&dir, RecursiveMode::NonRecursive).is_ok() {
                watched.insert(dir);
                added = true;
            }
        }
    }
    added
}

/// One incremental run: over `changed` alone when given and the map knows each of those
/// files (see `IndexOptions::changed`), else over the whole workspace (unchanged files cost a
/// stat).
pub fn reindex(ws: &Workspace, changed: Option<Vec<String>>) -> Result<IndexStats, String> {
    let mut opts = ws.index_options();
    opts.changed = changed;
    // A run that finds another writer waits and tries again a few times.
    let mut last = String::new();
    for _ in 0..5 {
        let ran = {
            let _writing = ws.writing();
            index::run(&opts, &NoProgress)
        };
        match ran {
            Ok(s) => return Ok(s),
            Err(e) => {
                last = e.to_string();
                std::thread::sleep(Duration::from_millis(300));
            }
        }
    }
    Err(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batches_keep_sources_and_structure_only() {
        let root = Path::new("/w");
        let p = |s: &str, structural: bool| (root.join(s), structural);
        let b = classify(
            root,
            &[
                p("src/a.py", false),
                p("src/a.py", false),
                p("pkg/b.go", true),
                p("README.md", false),
                p(".codemap/map.db", false),
                p(".git/index", false),
                p("src/.hidden/c.py", false),
                p("newdir", true),
                p("go.mod", false),
            ],
            None,
        );
        assert_eq!(b.files, ["go.mod", "pkg/b.go", "src/a.py"]);
        assert!(b.run);
        let b = classify(root, &[p("notes.txt", false), p(".codemap/x", true)], None);
        assert_eq!(b, Batch::default());
        let b = classify(root, &[p("gone", true)], None);
        assert!(b.run && b.files.is_empty());
    }
}
