//! The SQLite map, and every statement run on it. [`Db`] is the one handle on SQLite: the
//! rest of the crate asks it typed questions (`run`: an index run's reads and writes; `map`:
//! the map tools' and live tools' reads; `scip`: the export's) and gets model types back,
//! never rows or statements. Every statement binds its parameters.

/// SQL for the node ID of a file's symbol: the row `$s` of `symbols` whose file row is `$f`
/// (its file's node ID, then `#` and the qualname; a file node's qualname is empty). The one
/// spelling of a derived node ID in the crate's statements; `schema.sql`'s views spell it the
/// same way.
macro_rules! file_node_text {
    ($s:literal, $f:literal) => {
        concat!(
            $f,
            ".node || CASE ",
            $s,
            ".qualname WHEN '' THEN '' ELSE '#' || ",
            $s,
            ".qualname END"
        )
    };
}

/// The head of a [`SqlIndex`] lookup: each symbol a `SymRef` (node ID, kind, file), from the
/// files of `f` joined to their symbols `s`; `$where` follows.
macro_rules! sym_refs_where {
    ($where:literal) => {
        concat!(
            "SELECT ",
            file_node_text!("s", "f"),
            ", s.kind, f.path FROM files f JOIN symbols s ON s.file_id = f.id WHERE ",
            $where
        )
    };
}

/// SQL for the node ID of any symbol row `$s` (its file row `$f` LEFT JOINed: a package has
/// none, and keeps its ID in `nodes`).
macro_rules! sym_text {
    ($s:literal, $f:literal) => {
        concat!(
            "coalesce(",
            file_node_text!($s, $f),
            ", (SELECT nx.node_id FROM nodes nx WHERE nx.id = ",
            $s,
            ".id))"
        )
    };
}

/// SQL for the node ID of the node numbered by the column `$n`, whatever the node is.
macro_rules! node_text {
    ($n:literal) => {
        concat!(
            "coalesce((SELECT ",
            file_node_text!("ns", "nf"),
            " FROM symbols ns JOIN files nf ON nf.id = ns.file_id WHERE ns.id = ",
            $n,
            "), (SELECT nx.node_id FROM nodes nx WHERE nx.id = ",
            $n,
            "))"
        )
    };
}

/// SQL for the target as written of the edge row `$e`: its `names` row's text.
macro_rules! edge_name {
    ($e:literal) => {
        concat!("(SELECT nm.name FROM names nm WHERE nm.id = ", $e, ".name)")
    };
}

mod db;
mod edges;
mod file_rows;
mod map;
mod method_sets;
mod open;
mod run;
mod scip;
mod sql_index;

pub use db::*;
pub use open::{
    build_path, default_db, mark_stale, open_for_read, open_for_write, open_fresh_build, outdated,
    remove_orphans, remove_stale_builds,
};
pub use sql_index::SqlIndex;

pub use edges::EdgeRow;
pub use map::{
    BaseEdge, CandidateRow, EdgeOnLine, EdgeOut, EdgeSite, InEdge, LangCounts, MapSymbol, NodeInfo,
    NodeRow, RangeOut, ScopeSymbol, Skipped, StaleRow, UntypedCall, UseRow,
};
pub use method_sets::{MapTypes, ReceiverMethod, SetRow, TypeNode, TypeRow};
pub use run::{RefName, StoredFile, StoredRef};
pub use scip::{DocEdge, DocRows, DocSymbol, ExportFile, PackageRow};
