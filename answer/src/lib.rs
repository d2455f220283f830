//! codemap's answer layer: everything between the map library ([`indexer`], domain types only)
//! and an agent or a person. It owns the wire: the map tools ([`query`]: `map_search`,
//! `map_neighbors`, `map_path`, `map_overview`, `map_status`) and their parameter types and
//! schemas, the one envelope every tool answers in ([`envelope`]), the compact and detail
//! shapes ([`shape`]) and the token budget. The bridge's live tools answer through it too.
//! `ARCHITECTURE.md` maps the whole.

#![forbid(unsafe_code)]

pub mod envelope;
pub mod query;
pub mod shape;
pub mod text;
