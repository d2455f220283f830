//! codemap's map: walk a repository, parse its Python, Go, TypeScript, JavaScript and Rust
//! files with tree-sitter, extract symbols and the edges between them, keep them in one SQLite
//! file, and read it back.
//!
//! Each language is described once, in its folder under [`lang`] (the registry); nothing else
//! names one. The core is pure: [`extract`] turns bytes into symbols and references, [`id`] is
//! the node-ID grammar, [`resolve`] turns references into edges. IO lives at the edges: [`walk`]
//! reads the file system, [`store`] owns SQLite (every statement) and its typed reads, [`index`]
//! runs one indexing pass, [`export`] writes a SCIP index. Everything here is a domain type:
//! the wire (the map tools, their parameters, the envelope, the shapes) is the `answer`
//! crate's. `ARCHITECTURE.md` maps the whole.
//!
//! ```no_run
//! use indexer::index::{IndexOptions, run};
//! let stats = run(&IndexOptions::new("/path/to/repo".into()), &indexer::index::NoProgress)?;
//! println!("{} files, {} re-extracted", stats.files, stats.extracted);
//! # Ok::<(), indexer::index::IndexError>(())
//! ```

#![forbid(unsafe_code)]

pub mod deps;
pub mod diff;
pub mod encoding;
pub mod export;
pub mod extract;
pub mod generated;
pub mod id;
pub mod index;
pub mod lang;
pub mod libs;
pub mod model;
pub mod outline;
pub mod overview;
pub mod pattern;
pub mod project;
pub mod resolve;
pub mod spill;
pub mod store;
pub mod suggest;
pub mod syntax;
pub mod walk;

pub use lang::Lang;
pub use model::{EdgeKind, Kind, Resolution};
