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
    TextDocumentContentChangeEvent, TextDocumentIdentifier, TextDocumentItem, Uri,
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
    read: Mutex<HashMap<PathBuf, Option<(u64, SystemTime)>>>,
    /// When the server started: a file changed on disk since then may be stale in its view.
    since: SystemTime,
}

/// A document the server has open: what was last sent, and the disk state it came from.
struct Doc {
    file: Contained,
    uri: Uri,
    version: i32,
    text: String,
    stamp: Option<(u64, SystemTime)>,
    /// When its text was last sent (`didOpen` or `didChange`): a server that publishes
    /// diagnostics without versions is read after this.
    sent: Instant,
}

/// A file's size and modification time, to notice that it changed.
fn stamp(p: &Path) -> Option<(u64, SystemTime)> {
    let m = std::fs::metadata(p).ok()?;
    Some((m.len(), m.modified().ok()?))
}

impl Docs {
    pub(super) fn new(lang: Lang) -> Docs {
        Docs {
            lang,
            open: Mutex::new(HashMap::new()),
            read: Mutex::new(HashMap::new()),
            since: SystemTime::now(),
        }
    }

    /// Make the server's copy of a file equal to `text` (its disk content): `didOpen`, then
    /// `didChange` with a new version when it changed. Every other open document whose file
    /// changed on disk is re-synced too (a stale buffer poisons answers about other files), and
    /// one whose file is gone is closed. The document's URI is returned.
    pub(super) fn sync(
        &self,
        wire: &Transport,
        file: &Contained,
        text: &str,
    ) -> Result<Uri, LspError> {
        let uri = document_uri(&file.abs)?;
        let mut docs = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let mut gone = Vec::new();
        for (path, doc) in docs.iter_mut() {
            if *path == file.abs {
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
            }
        }
        match docs.get_mut(&file.abs) {
            None => {
                wire.notify::<DidOpenTextDocument>(DidOpenTextDocumentParams {
                    text_document: TextDocumentItem {
                        uri: uri.clone(),
                        language_id: language_id(self.lang, &file.abs).to_string(),
                        version: 1,
                        text: text.to_string(),
                    },
                })?;
                docs.insert(
                    file.abs.clone(),
                    Doc {
                        file: file.clone(),
                        uri: uri.clone(),
                        version: 1,
                        text: text.to_string(),
                        stamp: stamp(&file.abs),
                        sent: Instant::now(),
                    },
                );
            }
            Some(doc) => {
                doc.stamp = stamp(&file.abs);
                if doc.text != text {
                    doc.version += 1;
                    wire.notify::<DidChangeTextDocument>(changed(&uri, doc.version, text))?;
                    doc.text = text.to_string();
                    doc.sent = Instant::now();
                }
            }
        }
        Ok(uri)
    }

    /// An open document's version and when its text was last sent.
    pub(super) fn state(&self, abs: &Path) -> Option<(i32, Instant)> {
        let docs = self.open.lock().unwrap_or_else(|e| e.into_inner());
        docs.get(abs).map(|d| (d.version, d.sent))
    }

    /// The files open, by path (re-opened on a server's successor after a restart).
    /// Of `paths` (files an answer named), those the server read from disk itself and that
    /// changed there since it started, or since it was last told: it holds them stale (a
    /// server reads a file that is not open once, and nothing tells it of an edit), so
    /// they are sent as `workspace/didChangeWatchedFiles`. Whether any was.
    pub(super) fn tell_changed(
        &self,
        wire: &Transport,
        paths: impl IntoIterator<Item = PathBuf>,
    ) -> Result<bool, LspError> {
        let open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let mut read = self.read.lock().unwrap_or_else(|e| e.into_inner());
        let mut changes = Vec::new();
        for path in paths {
            if open.contains_key(&path) {
                continue;
            }
            let now = stamp(&path);
            let stale = match read.get(&path) {
                Some(told) => *told != now,
                None => now.is_none_or(|(_, t)| t > self.since),
            };
            read.insert(path.clone(), now);
            if stale {
                let typ = if now.is_some() {
                    lsp_types::FileChangeType::CHANGED
                } else {
                    lsp_types::FileChangeType::DELETED
                };
                changes.push(lsp_types::FileEvent {
                    uri: document_uri(&path)?,
                    typ,
                });
            }
        }
        if changes.is_empty() {
            return Ok(false);
        }
        wire.notify::<lsp_types::notification::DidChangeWatchedFiles>(
            lsp_types::DidChangeWatchedFilesParams { changes },
        )?;
        Ok(true)
    }

    pub(super) fn files(&self) -> Vec<Contained> {
        let docs = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let mut v: Vec<Contained> = docs.values().map(|d| d.file.clone()).collect();
        v.sort_by(|a, b| a.rel.cmp(&b.rel));
        v
    }
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
