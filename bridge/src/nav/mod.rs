//! The `nav_*` tools and `locate` (SPEC "nav tools"): a position in (`{file, line, col}`, a
//! `nodeId` or a `locate` string), anchors `{file, line, col, endLine, snippet, nodeId}` out.
//!
//! Each tool asks the language server when one is running and offers the capability; otherwise
//! (or when the request fails) it answers from the map or a live parse, labelled by `source`
//! (`lsp`, `map`, `parse`, `fallback-references`, `fallback-map`) with a warning that says why.
//! `nav_rename` alone has no fallback: it needs a server, and it never writes a file.
//!
//! One file a concern: `params` (the tools' arguments; the three forms of a position), `target`
//! (a position → the file, its text and the spot), `anchor` (the places an answer lists),
//! `list` (a list fitted into the budget and laid out by shape), `server` (asking the running
//! server, and what its state and failures say), `fallback` (the map's side: its answers where
//! no server answers, and its finds beside a server's), `filter` (`fileFilter`), and the tools'
//! bodies: `definition`, `references`, `hierarchy` (implementations and calls), `hover`,
//! `outline` (and `locate`), `symbols`, `rename`, `diagnostics` (and `nav_check_edit`, with
//! `edit`: range edits and unified diffs applied, diagnostics compared across an edit). This
//! file only declares and re-exports.

mod anchor;
mod body;
mod definition;
mod diagnostics;
mod edit;
mod fallback;
mod filter;
mod hierarchy;
mod hover;
mod list;
mod outline;
mod packages;
mod params;
mod references;
mod rename;
mod server;
mod signature;
mod symbols;
mod target;
mod users;

pub(crate) use body::attach as attach_bodies;
pub use body::{source, Body};
pub use definition::definition;
pub use diagnostics::{check_edit, diagnostics, CheckEditParams, DiagnosticsParams, EditParam};
pub use hierarchy::{calls, implementations};
pub use hover::hover;
pub use outline::{locate_tool, outline};
pub use params::{
    AtParams, CallsParams, LocateParams, OutlineParams, ReferencesParams, RenameParams,
    SourceParams, SymbolsParams,
};
pub use references::references;
pub use rename::{rename, rename_answer, rename_preview, FileDiff, FileEdits, Preview};
pub use symbols::symbols;
