//! What an agent is told when a language server fails it: each [`LspError`] as the answer's
//! error, with its code (`LSP_UNAVAILABLE`, `LSP_FAILED`, `LSP_TIMEOUT`) and, where the map
//! can answer instead or the server can be installed, a hint that says so. The client
//! (`crate::lsp`) knows nothing of the tools; this is where their words are added.

use crate::lsp::{install_hint, LspError};
use answer::envelope::{ErrorCode, ToolError};

impl From<LspError> for ToolError {
    fn from(e: LspError) -> ToolError {
        let message = e.to_string();
        match e {
            LspError::NoCommand => ToolError::new(ErrorCode::LspUnavailable, message),
            LspError::Spawn { lang, .. } => {
                ToolError::new(ErrorCode::LspUnavailable, message).hint(install_hint(lang))
            }
            LspError::NoPipes => ToolError::internal(message),
            LspError::Timeout { .. } => ToolError::new(ErrorCode::LspTimeout, message)
                .hint("the map answers without a server: `map_search`, `map_neighbors`"),
            LspError::Exited { .. }
            | LspError::Io { .. }
            | LspError::ExitedWaiting { .. }
            | LspError::ContentModified { .. }
            | LspError::ServerCancelled { .. }
            | LspError::Server { .. }
            | LspError::Encode { .. }
            | LspError::BadReply { .. } => ToolError::new(ErrorCode::LspFailed, message),
        }
    }
}
