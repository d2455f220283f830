//! One engine per workspace: a process that holds what every call on a repository shares
//! (its language servers, the map's read handles, parse outlines), reached by every CLI
//! command over a private Unix socket, so a server started for one call answers the next
//! warm. The first client starts it, detached; it stops when idle.
//!
//! - `place`: where its socket, lock and log live, and the private directory's checks;
//! - `protocol`: the wire (newline-delimited JSON, a versioned hello), pure;
//! - `lifetime`: when an engine stops (pure);
//! - `process`: the engine itself (`codemap engine run`);
//! - `client`: reaching it, starting it, asking it.
//!
//! Language servers die with the engine, even by SIGKILL: `crate::lsp::guard`.

pub mod client;
pub mod lifetime;
pub mod place;
pub mod process;
pub mod protocol;
