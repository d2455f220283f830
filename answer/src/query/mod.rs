//! Map tools: `map_search`, `map_neighbors`, `map_path`, `map_overview`, `map_status`. They read the map only
//! (never a language server), mark symbols whose file changed on disk since it was indexed, and
//! answer in the envelope's terms ([`Answer`](crate::envelope::Answer) or [`ToolError`]).
//!
//! Ranking for search is pure ([`match_tier`], [`word_starts`]) and table-tested.
//!
//! One file a concern: `rank` (search ranking, pure), `params` (the tools' parameter types and
//! their schemas), and the tools' bodies: `search`, `neighbors`, `path`, `overview`, `status`, `changes`, `unused`, `view`
//! (`codemap view`'s graph model).
//! The read handle ([`Map`]) and what the tools share (node lookups, staleness, errors) are in
//! `handle`.

mod changes;
mod handle;
mod neighbors;
mod overview;
mod params;
mod path;
mod rank;
mod search;
mod status;
mod unused;
mod view;

pub use crate::shape::{Cluster, EdgeOut, Hub, MapStatus, NodeInfo, Overview, RangeOut};
pub use changes::{ChangedFile, ChangesParams, Reached};
pub use handle::{export_error, parse_node_id, store_error, Map};
pub use indexer::store::UntypedCall;
pub use neighbors::{callable, untyped_warning, Neighborhood, Unread, CANDIDATES};
pub use overview::{FileClusters, OVERVIEW_RESOLUTION};
pub use params::{NeighborsParams, OverviewParams, PathParams, SearchParams};
pub use path::PathFound;
pub use rank::{fuzzy_cost, match_tier, word_starts, words_in_order, NameIndex, Tier};
pub use search::{merge_hits, search_answer, SearchHits};
pub use status::iso_utc;
pub use unused::{structural, verdict, Unused, UnusedParams, JUDGED};
pub use view::{
    ClusterLink, DirShare, Neighbor, SymbolLink, ViewCluster, ViewGraph, ViewParams, ViewSymbol,
};
