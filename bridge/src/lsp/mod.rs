//! A client for one language server over stdio (LSP), standing alone: it knows the protocol,
//! not the tools that use it. What differs between servers comes from the language registry
//! (`Lang::spec().server`): commands, `languageId`, kinds, quirks.
//!
//! - `transport`: Content-Length frames, the reader thread routing responses by id and
//!   answering the server's own requests, the stderr tail;
//! - `server`: the process, `initialize`, requests typed by `lsp_types::request::Request`
//!   (notifications by `lsp_types::notification::Notification`) with timeouts, cancellation
//!   and retries, what the tools ask (outlines, position requests, locations, calls);
//! - `capabilities`: both sides of `initialize`: what codemap takes, and what the server
//!   offers ([`Capability`]) and how it counts columns;
//! - `reply`: how each request's result is read from the reply ([`Decode`]): lists element by
//!   element, so one element a server got wrong is left out, not the whole reply;
//! - `load`: whether the server is still loading, and whether it says it is unwell;
//! - `docs`: the documents it has open, kept equal to the disk;
//! - `diagnostics`: what it publishes (kept per document, with its version) and what it
//!   answers when asked, in SPEC's units;
//! - `outline`, `hover`, `convert`: results converted into SPEC's units (1-based lines,
//!   character columns, qualnames), so no other module sees a server column or a reply's
//!   JSON;
//! - `guard`: servers started so that they die with this process, even by SIGKILL;
//! - `error`: [`LspError`], what went wrong in the protocol's terms. The agent-facing error
//!   (code, hint) is made by the layer that answers the agent (`crate::lsp_errors`).
//!
//! A server that dies makes every waiting and later request fail at once; restarting it is the
//! supervisor's job (module `supervise`).

mod capabilities;
mod convert;
mod diagnostics;
mod docs;
mod error;
pub mod guard;
mod hover;
mod load;
mod outline;
mod reply;
mod server;
mod transport;

pub use capabilities::Capability;
pub use convert::{
    apply_edits, locations, path_to_uri, rename_edits, split_edits, spot, text_at, uri_to_path,
    workspace_symbols, FoundSymbol, Spot,
};
pub use diagnostics::{Diag, Severity};
pub use error::LspError;
pub use hover::{hover_params, hover_signature, hover_text, signature_from_hover, split_hover};
pub use outline::convert_outline;
pub use reply::Decode;
pub use server::{
    command_for, install_hint, CheckState, Diagnosed, EditDiagnosed, EditedText, Elsewhere, Locate,
    ProjectCheck, Server, StartError, TIMEOUT,
};
pub use transport::read_frame;

/// How the server counts columns (negotiated: UTF-8 if it offers it, else UTF-16); the
/// conversions are the indexer's, shared with the SCIP export.
pub use indexer::encoding::{from_char_col, to_char_col, Encoding};
