//! The documents a server has open, kept equal to the files on disk: opened with their text,
//! changed (a new version, the whole text) when the file changed, closed when it is gone.

use super::convert::path_to_uri;
use super::error::LspError;
use super::transport::Transport;
use crate::paths::Contained;
use indexer::lang::Lang;
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification,
};
use lsp_types::{
    DidChangeTextDocumentParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams,
    FileChangeType, TextDocumentContentChangeEvent, TextDocumentIdentifier, TextDocumentItem, Uri,
    VersionedTextDocumentIdentifier,
};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Instant, SystemTime};

/// The open documents of one server, by absolute path.
pub(super) struct Docs {
    lang: Lang,
    open: Mutex<HashMap<PathBuf, Doc>>,
    /// The files it was not given but read from disk itself, which its answers named: the
    /// disk state it was last told of (`None`: as it was when the server started).
    read: Mutex<HashMap<PathBuf, Option<Stamp>>>,
    /// When the server started (ns since the epoch), or what its kept state is of: a file
    /// changed on disk since then may be stale in its view.
    since: std::sync::atomic::AtomicI64,
    /// When the server was last told of a change to any file (a document's new text, a
    /// file changed on disk): a list it published before, for a document unchanged since,
    /// may rest on the old text of another file.
    changed: Mutex<Option<Instant>>,
    /// The server re-checks the project when a file is saved (rust-analyzer's `cargo check`
    /// on `didSave`), which nothing else starts: a file it is told changed on disk is sent
    /// as saved too.
    saves: std::sync::atomic::AtomicBool,
    /// The newest modification time (ns since the epoch) of a file it was told changed on
    /// disk since it started: a project check begun before then checked older text.
    disk_changed: std::sync::atomic::AtomicI64,
    /// When it was last sent a `didSave` (ns since the epoch).
    saved: std::sync::atomic::AtomicI64,
}

/// A document the server has open: what was last sent, and the disk state it came from.
struct Doc {
    file: Contained,
    uri: Uri,
    version: i32,
    text: String,
    stamp: Option<Stamp>,
    /// When its text was last sent (`didOpen` or `didChange`): a server that publishes
    /// diagnostics without versions is read after this.
    sent: Instant,
}

fn now_ns() -> i64 {
    SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as i64)
}

/// A file's size and modification time (nanoseconds since the epoch), to notice that it
/// changed.
pub(crate) type Stamp = (u64, i64);

fn stamp(p: &Path) -> Option<Stamp> {
    let m = std::fs::metadata(p).ok()?;
    Some((m.len(), indexer::walk::mtime_ns(&m)))
}

/// Whether a file came into being after `since` (ns since the epoch): its birth time where
/// the file system keeps one, else its modification time.
fn born_after(p: &Path, since: i64) -> bool {
    std::fs::metadata(p).is_ok_and(|m| {
        let born = m
            .created()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or_else(|| indexer::walk::mtime_ns(&m), |d| d.as_nanos() as i64);
        born > since
    })
}

/// What a server that read files from disk itself must be told of one file (pure): `told`,
/// the disk state it was last told of (`Some(None)`: told it was gone; `None`: never told, so
/// as it was when the server started at `since`); `now`, the file's state on disk (`None`:
/// gone); `born_after`, whether the file came into being after `since`. `None`: nothing.
pub(crate) fn change(
    told: Option<Option<Stamp>>,
    now: Option<Stamp>,
    born_after: bool,
    since: i64,
) -> Option<FileChangeType> {
    match (told, now) {
        (Some(t), now) if t == now => None,
        (Some(_), None) => Some(FileChangeType::DELETED),
        (Some(None), Some(_)) => Some(FileChangeType::CREATED),
        (Some(Some(_)), Some(_)) => Some(FileChangeType::CHANGED),
        // Never told, and gone: it was named by an answer, so the server holds it.
        (None, None) => Some(FileChangeType::DELETED),
        (None, Some((_, mtime))) if mtime <= since => None,
        (None, Some(_)) if born_after => Some(FileChangeType::CREATED),
        (None, Some(_)) => Some(FileChangeType::CHANGED),
    }
}

impl Docs {
    pub(super) fn new(lang: Lang) -> Docs {
        Docs {
            lang,
            open: Mutex::new(HashMap::new()),
            read: Mutex::new(HashMap::new()),
            since: std::sync::atomic::AtomicI64::new(
                SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos() as i64),
            ),
            changed: Mutex::new(None),
            saves: std::sync::atomic::AtomicBool::new(false),
            disk_changed: std::sync::atomic::AtomicI64::new(0),
            saved: std::sync::atomic::AtomicI64::new(0),
        }
    }

    /// The server re-checks the project on `didSave` (see [`Docs::saves`]).
    pub(super) fn set_saves(&self, yes: bool) {
        self.saves.store(yes, std::sync::atomic::Ordering::SeqCst);
    }

    /// Files changed on disk were told, the newest modified at `mtime`: noted, and each of
    /// `uris` (a few at most) sent as saved to a server that re-checks on save.
    fn told_disk(&self, wire: &Transport, mtime: i64, uris: &[Uri]) -> Result<(), LspError> {
        use std::sync::atomic::Ordering::SeqCst;
        self.disk_changed.fetch_max(mtime, SeqCst);
        if self.saves.load(SeqCst) && !uris.is_empty() {
            for uri in uris.iter().take(8) {
                self.save(wire, uri)?;
            }
        }
        Ok(())
    }

    /// Send `didSave` for a document (its text is the disk's): a server that checks the
    /// project on save runs that check.
    pub(super) fn save(&self, wire: &Transport, uri: &Uri) -> Result<(), LspError> {
        wire.notify::<lsp_types::notification::DidSaveTextDocument>(
            lsp_types::DidSaveTextDocumentParams {
                text_document: TextDocumentIdentifier { uri: uri.clone() },
                text: None,
            },
        )?;
        self.saved
            .store(now_ns(), std::sync::atomic::Ordering::SeqCst);
        Ok(())
    }

    /// The newest modification time of a file told changed on disk, and when a `didSave`
    /// was last sent (ns since the epoch; 0: never).
    pub(super) fn disk_state(&self) -> (i64, i64) {
        use std::sync::atomic::Ordering::SeqCst;
        (self.disk_changed.load(SeqCst), self.saved.load(SeqCst))
    }

    /// Something changed in the server's view at `at` (the latest such time is kept).
    fn told_change(&self, at: Instant) {
        let mut changed = self.changed.lock().unwrap_or_else(|e| e.into_inner());
        *changed = Some(changed.map_or(at, |c| c.max(at)));
    }

    /// Make the server's copy of a file equal to `text` (its disk content): `didOpen`, then
    /// `didChange` with a new version when it changed. Every other open document whose file
    /// changed on disk is re-synced too (a stale buffer poisons answers about other files), and
    /// one whose file is gone is closed. A document whose text is unchanged but was last sent
    /// before another file changed is sent again as a new version: its diagnostics are then
    /// waited for afresh, not taken from a list made against the other file's old text
    /// (httpx: `tests/client/test_redirects.py` kept "No parameter named follow_redirects"
    /// after `_client.py` was reverted). The document's URI is returned.
    pub(super) fn sync(
        &self,
        wire: &Transport,
        file: &Contained,
        text: &str,
    ) -> Result<Uri, LspError> {
        let uri = document_uri(&file.abs)?;
        let mut docs = self.open.lock().unwrap_or_else(|e| e.into_inner());
        self.resync_locked(wire, &mut docs, Some(&file.abs))?;
        let others_changed = *self.changed.lock().unwrap_or_else(|e| e.into_inner());
        match docs.get_mut(&file.abs) {
            None => {
                open_doc(&mut docs, wire, self.lang, file, uri.clone(), text)?;
                // A file written since the server started (what it read of it may be older),
                // or opened with other text than the disk's (an edit checked in memory).
                let since = self.since.load(std::sync::atomic::Ordering::SeqCst);
                let now = stamp(&file.abs);
                let newer = now.is_none_or(|(_, mtime)| mtime > since);
                if let Some((_, mtime)) = now.filter(|_| newer) {
                    self.told_disk(wire, mtime, &[])?;
                }
                // The others' view changed, not this document's: it is not sent again for it.
                if newer || std::fs::read(&file.abs).map_or(true, |b| b != text.as_bytes()) {
                    let sent = docs.get(&file.abs).map_or_else(Instant::now, |d| d.sent);
                    self.told_change(sent);
                }
            }
            Some(doc) => {
                let now = stamp(&file.abs);
                if now != doc.stamp {
                    // Its file changed on disk since it was last synced.
                    self.told_disk(wire, now.map_or_else(now_ns, |(_, m)| m), &[])?;
                }
                doc.stamp = now;
                let stale = others_changed.is_some_and(|c| doc.sent < c);
                let republishes = self.lang.spec().server.republishes_same_text;
                if doc.text == text && stale && !republishes {
                    // A server that checks the same text sent again no more (clangd) is
                    // given the document afresh: it reads the files it includes again, and
                    // publishes its list (fmt's `os.cc` after `os.h` changed on disk: "no
                    // diagnostics", where g++ gave 3 errors).
                    wire.notify::<DidCloseTextDocument>(DidCloseTextDocumentParams {
                        text_document: TextDocumentIdentifier { uri: uri.clone() },
                    })?;
                    doc.version += 1;
                    wire.notify::<DidOpenTextDocument>(DidOpenTextDocumentParams {
                        text_document: TextDocumentItem {
                            uri: uri.clone(),
                            language_id: language_id(self.lang, &file.abs).to_string(),
                            version: doc.version,
                            text: text.to_string(),
                        },
                    })?;
                    doc.sent = Instant::now();
                } else if doc.text != text || stale && republishes {
                    doc.version += 1;
                    wire.notify::<DidChangeTextDocument>(changed(&uri, doc.version, text))?;
                    doc.sent = Instant::now();
                    // The same text sent again changes nothing for the other documents.
                    if doc.text != text {
                        doc.text = text.to_string();
                        self.told_change(doc.sent);
                    }
                }
            }
        }
        Ok(uri)
    }

    /// Every open document whose file changed on disk sent again (its text now), and one
    /// whose file is gone closed: before a request that reads no one document (workspace
    /// symbols), a server holding an open file's old text answers from it (zod's `ZodCatch`
    /// given 3 lines off after a hand edit).
    pub(super) fn resync(&self, wire: &Transport) -> Result<(), LspError> {
        let mut docs = self.open.lock().unwrap_or_else(|e| e.into_inner());
        self.resync_locked(wire, &mut docs, None)
    }

    /// [`Docs::resync`] with the documents locked, `skip` (the document being synced) left
    /// alone.
    fn resync_locked(
        &self,
        wire: &Transport,
        docs: &mut HashMap<PathBuf, Doc>,
        skip: Option<&Path>,
    ) -> Result<(), LspError> {
        let mut gone = Vec::new();
        let mut on_disk: (i64, Vec<Uri>) = (0, Vec::new());
        for (path, doc) in docs.iter_mut() {
            if Some(path.as_path()) == skip {
                continue;
            }
            let now = stamp(path);
            if now == doc.stamp {
                continue;
            }
            match std::fs::read(path) {
                Ok(bytes) => {
                    let t = String::from_utf8_lossy(&bytes).into_owned();
                    doc.stamp = now;
                    if t != doc.text {
                        doc.version += 1;
                        wire.notify::<DidChangeTextDocument>(changed(&doc.uri, doc.version, &t))?;
                        doc.text = t;
                        doc.sent = Instant::now();
                        self.told_change(doc.sent);
                        on_disk.0 = on_disk.0.max(now.map_or(0, |(_, m)| m));
                        on_disk.1.push(doc.uri.clone());
                    }
                }
                Err(_) => gone.push(path.clone()),
            }
        }
        for path in gone {
            if let Some(doc) = docs.remove(&path) {
                wire.notify::<DidCloseTextDocument>(DidCloseTextDocumentParams {
                    text_document: TextDocumentIdentifier { uri: doc.uri },
                })?;
                on_disk.0 = on_disk.0.max(now_ns());
            }
        }
        if on_disk.0 > 0 {
            self.told_disk(wire, on_disk.0, &on_disk.1)?;
        }
        Ok(())
    }

    /// Send an open document's text again as a new version, so that the server checks it
    /// again against the others' text now (a user of a header edited in memory: clangd
    /// rebuilds a file when a header it includes changed, not when only the header did).
    /// Nothing for a document that is not open.
    pub(super) fn resend(&self, wire: &Transport, abs: &Path) -> Result<(), LspError> {
        let mut docs = self.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(doc) = docs.get_mut(abs) {
            doc.version += 1;
            wire.notify::<DidChangeTextDocument>(changed(&doc.uri, doc.version, &doc.text))?;
            doc.sent = Instant::now();
        }
        Ok(())
    }

    /// An open document's version and when its text was last sent.
    pub(super) fn state(&self, abs: &Path) -> Option<(i32, Instant)> {
        let docs = self.open.lock().unwrap_or_else(|e| e.into_inner());
        docs.get(abs).map(|d| (d.version, d.sent))
    }

    /// Of `paths` (files an answer named), those the server read from disk itself and that
    /// changed there since it started, or since it was last told: it holds them stale (a
    /// server reads a file that is not open once, and nothing tells it of an edit), so
    /// they are sent as `workspace/didChangeWatchedFiles`. Whether any was.
    pub(super) fn tell_changed(
        &self,
        wire: &Transport,
        paths: impl IntoIterator<Item = PathBuf>,
    ) -> Result<bool, LspError> {
        let now = paths.into_iter().map(|p| {
            let s = stamp(&p);
            (p, s, None)
        });
        Ok(self.tell(wire, now)? > 0)
    }

    /// Of the files of its language on disk now (a walk of the workspace: the file and its
    /// state), those the server read itself that changed since it started or was last told
    /// (sent as `workspace/didChangeWatchedFiles`), those made since (opened: a server adds a
    /// created file to what it knows on its next rescan, and pyright's references asked a
    /// moment later left out the call in one), and the files it was told of that are gone
    /// now (deleted). How many it was told of.
    pub(super) fn tell_disk(
        &self,
        wire: &Transport,
        disk: Vec<(Contained, Stamp)>,
    ) -> Result<usize, LspError> {
        let gone: Vec<PathBuf> = {
            let read = self.read.lock().unwrap_or_else(|e| e.into_inner());
            let on_disk: std::collections::HashSet<&PathBuf> =
                disk.iter().map(|(f, _)| &f.abs).collect();
            read.iter()
                .filter(|(p, told)| told.is_some() && !on_disk.contains(p))
                .map(|(p, _)| p.clone())
                .collect()
        };
        let all = disk
            .into_iter()
            .map(|(f, s)| (f.abs, Some(s), Some(f.rel)))
            .chain(gone.into_iter().map(|p| (p, None, None)));
        self.tell(wire, all)
    }

    /// Of `files` (changed on disk, as a watcher saw), those changed since the server read
    /// them or was last told, made since it started (opened, as by [`Docs::tell_disk`]), or
    /// gone. How many it was told of.
    pub(super) fn tell_files(
        &self,
        wire: &Transport,
        files: Vec<Contained>,
    ) -> Result<usize, LspError> {
        let now = files.into_iter().map(|f| {
            let s = stamp(&f.abs);
            (f.abs, s, Some(f.rel))
        });
        self.tell(wire, now)
    }

    /// [`Docs::tell_changed`], [`Docs::tell_disk`] and [`Docs::tell_files`]: each file by its state now (`None`:
    /// gone), and its workspace-relative path when a file made since the server started is
    /// to be opened; how many the server was told of.
    fn tell(
        &self,
        wire: &Transport,
        files: impl Iterator<Item = (PathBuf, Option<Stamp>, Option<String>)>,
    ) -> Result<usize, LspError> {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let mut read = self.read.lock().unwrap_or_else(|e| e.into_inner());
        let mut changes = Vec::new();
        let mut opened = 0;
        let mut newest = 0;
        let since = self.since.load(std::sync::atomic::Ordering::SeqCst);
        for (path, now, rel) in files {
            if open.contains_key(&path) {
                continue;
            }
            let was = read.get(&path).copied();
            let typ = change(was, now, was.is_none() && born_after(&path, since), since);
            let Some(typ) = typ else { continue };
            newest = now.map_or_else(now_ns, |(_, m)| m).max(newest);
            read.insert(path.clone(), now);
            if let (FileChangeType::CREATED, Some(rel)) = (typ, rel) {
                if let Ok(bytes) = std::fs::read(&path) {
                    let text = String::from_utf8_lossy(&bytes);
                    let uri = document_uri(&path)?;
                    let file = Contained { rel, abs: path };
                    open_doc(&mut open, wire, self.lang, &file, uri, &text)?;
                    opened += 1;
                    continue;
                }
            }
            changes.push(lsp_types::FileEvent {
                uri: document_uri(&path)?,
                typ,
            });
        }
        if changes.is_empty() {
            if opened > 0 {
                self.told_change(Instant::now());
                self.told_disk(wire, newest, &[])?;
            }
            return Ok(opened);
        }
        let told = opened + changes.len();
        let saved: Vec<Uri> = changes
            .iter()
            .filter(|c| c.typ != FileChangeType::DELETED)
            .map(|c| c.uri.clone())
            .collect();
        wire.notify::<lsp_types::notification::DidChangeWatchedFiles>(
            lsp_types::DidChangeWatchedFilesParams { changes },
        )?;
        self.told_change(Instant::now());
        self.told_disk(wire, newest, &saved)?;
        Ok(told)
    }

    /// The server's view of the disk is of `at` (ns since the epoch), not of its start: a
    /// server that keeps state between runs (JDT LS's workspace folder) starts from it.
    pub(super) fn since(&self, at: i64) {
        self.since.store(at, std::sync::atomic::Ordering::SeqCst);
    }

    /// The files open, by path (re-opened on a server's successor after a restart).
    pub(super) fn files(&self) -> Vec<Contained> {
        let docs = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let mut v: Vec<Contained> = docs.values().map(|d| d.file.clone()).collect();
        v.sort_by(|a, b| a.rel.cmp(&b.rel));
        v
    }
}

/// Open a document with its text (its disk content), version 1.
fn open_doc(
    docs: &mut HashMap<PathBuf, Doc>,
    wire: &Transport,
    lang: Lang,
    file: &Contained,
    uri: Uri,
    text: &str,
) -> Result<(), LspError> {
    wire.notify::<DidOpenTextDocument>(DidOpenTextDocumentParams {
        text_document: TextDocumentItem {
            uri: uri.clone(),
            language_id: language_id(lang, &file.abs).to_string(),
            version: 1,
            text: text.to_string(),
        },
    })?;
    docs.insert(
        file.abs.clone(),
        Doc {
            file: file.clone(),
            uri,
            version: 1,
            text: text.to_string(),
            stamp: stamp(&file.abs),
            sent: Instant::now(),
        },
    );
    Ok(())
}

/// A file's URI as LSP types carry it.
pub(super) fn document_uri(p: &Path) -> Result<Uri, LspError> {
    let uri = path_to_uri(p);
    uri.parse().map_err(|e| LspError::Encode {
        method: DidOpenTextDocument::METHOD.to_string(),
        message: format!("{uri} is no URI: {e:?}"),
    })
}

/// A document's new text, whole.
fn changed(uri: &Uri, version: i32, text: &str) -> DidChangeTextDocumentParams {
    DidChangeTextDocumentParams {
        text_document: VersionedTextDocumentIdentifier {
            uri: uri.clone(),
            version,
        },
        content_changes: vec![TextDocumentContentChangeEvent {
            range: None,
            range_length: None,
            text: text.to_string(),
        }],
    }
}

/// LSP's `languageId` of a file: its extension's (`tsx` → `typescriptreact`), else its
/// language's.
fn language_id(lang: Lang, path: &Path) -> &'static str {
    let server = &lang.spec().server;
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    server
        .language_ids
        .iter()
        .find(|(e, _)| *e == ext)
        .map_or(server.language_id, |(_, id)| id)
}

#[cfg(test)]
mod tests {
    use super::{change, FileChangeType as T, Stamp};

    #[test]
    fn what_a_server_is_told_of_a_file() {
        let since = 100;
        let (old, new) = (Some((10, 50)), Some((12, 150)));
        // (told, now, born after `since`) → told what
        type Row = (Option<Option<Stamp>>, Option<Stamp>, bool, Option<T>);
        let table: &[Row] = &[
            // Never told: as it was at the start, unless changed since.
            (None, old, false, None),
            (None, new, false, Some(T::CHANGED)),
            (None, new, true, Some(T::CREATED)),
            (None, None, false, Some(T::DELETED)),
            // Told: by what it was told.
            (Some(new), new, false, None),
            (Some(old), new, false, Some(T::CHANGED)),
            (Some(new), None, false, Some(T::DELETED)),
            (Some(None), None, false, None),
            (Some(None), new, true, Some(T::CREATED)),
        ];
        for (i, (told, now, born, want)) in table.iter().enumerate() {
            assert_eq!(change(*told, *now, *born, since), *want, "row {i}");
        }
    }
}
