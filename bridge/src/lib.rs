//! codemap's interfaces and live bridge: the tool dispatcher ([`tools`]) shared by the command
//! line ([`cli`]) and the MCP server ([`mcp`], `codemap serve`); the language-server client
//! ([`lsp`]) and its supervisor ([`supervise`]); `resolve` ([`reconcile`]) and the nav tools
//! ([`nav`]), which ask a server and fall back to the map; the watcher ([`watch`]). The
//! `codemap` binary (`src/main.rs`) runs [`cli`].
//!
//! Every tool is called as `(name, JSON arguments)` and answers with one
//! [`answer::envelope::Envelope`], so `codemap search --json` and an MCP `map_search` call
//! return the same bytes.

#![forbid(unsafe_code)]

pub mod cli;
pub mod disk_log;
pub mod engine;
pub mod git;
pub mod harness;
pub mod libs;
pub mod locate;
pub mod lsp;
pub mod lsp_errors;
pub mod mcp;
pub mod nav;
pub mod paths;
pub mod print;
pub mod reconcile;
pub mod setup;
pub mod supervise;
pub mod tools;
pub mod view;
pub mod watch;
pub mod workspace;
