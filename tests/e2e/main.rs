//! End-to-end tests of the `codemap` binary: real SQLite files, real fixture projects, the
//! machine's Python and Go standard libraries, universal-ctags as a peer.

mod answers;
mod architecture;
mod bad_input;
mod bodies;
mod changes;
mod concurrency;
mod corpora;
mod deps;
mod diagnostics;
mod edges;
mod engine;
mod faults;
mod fixtures;
mod incremental;
mod kill;
mod libids;
mod lsp;
mod mcp;
mod nav;
mod pathological;
mod projects;
mod reexports;
mod reliability;
mod resolve;
mod scip;
mod setup;
mod snapshot;
mod typed;
mod unused;
mod util;
mod view;
mod watch;
