//! The source files the watcher saw change, as the language servers' supervisor reads them
//! (`Supervisor::catch_up`), instead of a walk of the workspace. Pure bookkeeping: the watcher
//! records each batch, a server asks for what came after the last batch it was told of.

use std::collections::HashMap;
use std::path::PathBuf;

/// The source files the watcher saw change, for the language servers
/// (`Supervisor::catch_up`): each with the number of the batch it last came in, so that a
/// server is told of those after the last batch it was told of, without a walk of the
/// workspace. `live` while a watcher feeds it; from batch `whole` on, a batch lost events or
/// changed folders, and a server told of less than that is brought up to date by a walk.
#[derive(Debug, Default)]
pub struct DiskLog {
    live: bool,
    batch: u64,
    files: HashMap<PathBuf, u64>,
    whole: u64,
}

impl DiskLog {
    /// A watcher feeds it from now on.
    pub fn started(&mut self) {
        self.live = true;
    }

    /// Its watcher stopped: a walk finds what changed from now on.
    pub fn stopped(&mut self) {
        self.live = false;
    }

    /// One batch of changed files (absolute paths); `whole`: it lost events or changed a
    /// folder, so its files are not all named.
    pub fn record(&mut self, files: impl IntoIterator<Item = PathBuf>, whole: bool) {
        self.batch += 1;
        for f in files {
            self.files.insert(f, self.batch);
        }
        if whole {
            self.whole = self.batch;
        }
    }

    /// The batch now, to be told from: `None` when no watcher feeds the log.
    pub fn now(&self) -> Option<u64> {
        self.live.then_some(self.batch)
    }

    /// The files changed after batch `told`, and the batch now; `None` when they are not all
    /// known (no watcher, or a batch since lost events): a walk finds them.
    pub fn since(&self, told: u64) -> Option<(Vec<PathBuf>, u64)> {
        if !self.live || self.whole > told {
            return None;
        }
        let files = self
            .files
            .iter()
            .filter(|(_, b)| **b > told)
            .map(|(f, _)| f.clone())
            .collect();
        Some((files, self.batch))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_disk_log_names_what_changed_after_a_batch_or_asks_for_a_walk() {
        let p = |s: &str| PathBuf::from(format!("/w/{s}"));
        let mut log = DiskLog::default();
        // No watcher: a walk.
        assert_eq!(log.now(), None);
        assert_eq!(log.since(0), None);
        log.started();
        assert_eq!(log.now(), Some(0));
        log.record([p("a.py"), p("b.py")], false);
        log.record([p("b.py")], false);
        let names = |log: &DiskLog, told| {
            log.since(told).map(|(mut f, now)| {
                f.sort();
                (f, now)
            })
        };
        assert_eq!(names(&log, 0), Some((vec![p("a.py"), p("b.py")], 2)));
        assert_eq!(names(&log, 1), Some((vec![p("b.py")], 2)));
        assert_eq!(names(&log, 2), Some((vec![], 2)));
        // A batch that lost events (or changed a folder): a walk for a server told of less.
        log.record([p("c.py")], true);
        assert_eq!(names(&log, 2), None);
        assert_eq!(names(&log, 3), Some((vec![], 3)));
        log.stopped();
        assert_eq!(names(&log, 3), None);
    }
}
