//! What can go wrong when a language server is started or asked, in the protocol's terms.
//! Each message says what happened to which server or request; what an agent is told on top
//! (the answer's error code, a hint naming the map's tools) is added by the layer that answers
//! it, never here.

use indexer::lang::Lang;
use lsp_types::error_codes::{CONTENT_MODIFIED, SERVER_CANCELLED};
use std::time::Duration;

/// The code a request still waiting when the server exited is said to fail with: the client's
/// own, from the range JSON-RPC leaves to implementations.
const EXITED: i64 = -32099;

/// How many of the server's last stderr lines a message quotes.
const STDERR_QUOTED: usize = 5;

#[derive(Debug, Clone, thiserror::Error)]
pub enum LspError {
    /// The command to start the server is empty.
    #[error("empty server command")]
    NoCommand,
    /// The server's program could not be run (not installed, not executable).
    #[error("cannot start {program}: {message}")]
    Spawn {
        lang: Lang,
        program: String,
        message: String,
    },
    /// The server started without the pipes it was given (a bug, not the server's fault).
    #[error("the server's pipes were not set up")]
    NoPipes,
    /// The server's output has ended: it exited, or sent what is no frame.
    #[error("{program} has exited{}", stderr_note(.stderr))]
    Exited {
        program: String,
        stderr: Vec<String>,
    },
    /// A message could not be written to the server.
    #[error("{program} could not be written to: {message}{}", stderr_note(.stderr))]
    Io {
        program: String,
        message: String,
        stderr: Vec<String>,
    },
    /// The server exited while a request waited for its answer.
    #[error("{method} failed ({EXITED}): the language server exited")]
    ExitedWaiting { method: String },
    /// No answer within the time given (the request was cancelled).
    #[error("{method} got no answer in {:.1} s", .waited.as_secs_f64())]
    Timeout { method: String, waited: Duration },
    /// The server answered that the document changed under the request (-32801), after the
    /// request was asked again for as long as it could be.
    #[error("{method} failed ({CONTENT_MODIFIED}): {message}")]
    ContentModified { method: String, message: String },
    /// The server cancelled the request itself (-32802), after it was asked again for as long
    /// as it could be.
    #[error("{method} failed ({SERVER_CANCELLED}): {message}")]
    ServerCancelled { method: String, message: String },
    /// Any other error the server answered with.
    #[error("{method} failed ({code}): {message}")]
    Server {
        method: String,
        code: i64,
        message: String,
    },
    /// A message's params could not be put in JSON (a path that makes no URI).
    #[error("{method} could not be sent: {message}")]
    Encode { method: String, message: String },
    /// The server's answer is not what the protocol says the request returns.
    #[error("{method} answered what does not decode: {message}")]
    BadReply { method: String, message: String },
}

impl LspError {
    /// The error a server answered a request with, by its code.
    pub(super) fn answered(method: &str, code: i64, message: String) -> LspError {
        let method = method.to_string();
        match code {
            CONTENT_MODIFIED => LspError::ContentModified { method, message },
            SERVER_CANCELLED => LspError::ServerCancelled { method, message },
            _ => LspError::Server {
                method,
                code,
                message,
            },
        }
    }

    /// "Not now": the same request may be answered if asked again shortly (rust-analyzer says
    /// so while it loads).
    pub(super) fn retryable(&self) -> bool {
        matches!(
            self,
            LspError::ContentModified { .. } | LspError::ServerCancelled { .. }
        )
    }
}

/// `; its stderr ends: a | b` with the last lines the server wrote there, or nothing.
fn stderr_note(tail: &[String]) -> String {
    if tail.is_empty() {
        return String::new();
    }
    let from = tail.len().saturating_sub(STDERR_QUOTED);
    format!("; its stderr ends: {}", tail[from..].join(" | "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages() {
        let tail: Vec<String> = (1..=7).map(|n| format!("line {n}")).collect();
        let e = LspError::Exited {
            program: "gopls".into(),
            stderr: tail,
        };
        assert_eq!(
            e.to_string(),
            "gopls has exited; its stderr ends: line 3 | line 4 | line 5 | line 6 | line 7"
        );
        let e = LspError::answered("textDocument/hover", -32801, "content modified".into());
        assert!(e.retryable());
        assert_eq!(
            e.to_string(),
            "textDocument/hover failed (-32801): content modified"
        );
        let e = LspError::Timeout {
            method: "workspace/symbol".into(),
            waited: Duration::from_millis(30_000),
        };
        assert_eq!(e.to_string(), "workspace/symbol got no answer in 30.0 s");
        let e = LspError::ExitedWaiting {
            method: "initialize".into(),
        };
        assert_eq!(
            e.to_string(),
            "initialize failed (-32099): the language server exited"
        );
    }
}
