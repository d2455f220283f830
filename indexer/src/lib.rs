//! codemap's map: walk a repository, parse its Python, Go, TypeScript, JavaScript and Rust
//! files with tree-sitter, extract symbols and the edges between them, keep them in one SQLite
//! file, and answer map queries from it.
//!
//! Each language is described once, in its folder under [`lang`] (the registry); nothing else
//! names one. The core is pure: [`extract`] turns bytes into symbols and references, [`id`] is
//! the node-ID grammar, [`resolve`] turns references into edges. IO lives at the edges: [`walk`]
//! reads the file system, [`store`] owns SQLite (every statement), [`index`] runs one indexing
//! pass, [`query`] answers the map tools, [`export`] writes a SCIP index. The answers' wire
//! types ([`envelope`], [`shape`]) live here too, for now. `ARCHITECTURE.md` maps the whole.
//!
//! ```no_run
//! use indexer::index::{IndexOptions, run};
//! let stats = run(&IndexOptions::new("/path/to/repo".into()), &indexer::index::NoProgress)?;
//! println!("{} files, {} re-extracted", stats.files, stats.extracted);
//! # Ok::<(), indexer::index::IndexError>(())
//! ```

#![forbid(unsafe_code)]

pub mod encoding;
pub mod envelope;
pub mod export;
pub mod extract;
pub mod generated;
pub mod id;
pub mod index;
pub mod lang;
pub mod model;
pub mod outline;
pub mod overview;
pub mod pattern;
pub mod query;
pub mod resolve;
pub mod shape;
pub mod spill;
pub mod store;
pub mod suggest;
pub mod syntax;
pub mod walk;

pub use lang::Lang;
pub use model::{EdgeKind, Kind, Resolution};
