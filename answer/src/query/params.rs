//! The map tools' parameter types (`serde` and `schemars`: what a client sends, and the
//! schemas the tools declare).

use indexer::lang::Lang;
use indexer::model::{EdgeKind, Kind};
use schemars::JsonSchema;
use serde::Deserialize;

/// `map_search`'s arguments.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SearchParams {
    /// A name, part of one, or a qualname suffix ("Server.Serve").
    pub query: String,
    #[serde(default)]
    #[schemars(schema_with = "kinds_schema")]
    pub kinds: Option<Vec<String>>,
    #[serde(default)]
    #[schemars(schema_with = "lang_schema")]
    pub lang: Option<String>,
    /// Only under this path.
    #[serde(default)]
    pub path: Option<String>,
    /// Default 20.
    #[serde(default)]
    #[schemars(range(min = 1, max = 200))]
    pub limit: Option<u32>,
    /// Leave out test code.
    #[serde(default)]
    pub exclude_tests: Option<bool>,
    /// "workspace" (default), "lib:NAME" (a dependency, indexed on first use) or "all".
    #[serde(default)]
    pub scope: Option<String>,
    /// Add each symbol's source (`body`).
    #[serde(default)]
    pub include_body: Option<bool>,
    #[serde(default)]
    #[schemars(schema_with = "crate::envelope::budget_schema")]
    pub token_budget: Option<u32>,
    /// Directories left out (the projects nested in a `project`'s root): set by the
    /// dispatcher, never by a client.
    #[serde(skip)]
    pub not_under: Vec<String>,
}

/// `map_neighbors`' arguments.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NeighborsParams {
    pub node_id: String,
    #[serde(default)]
    #[schemars(schema_with = "edge_kinds_schema")]
    pub edge_kinds: Option<Vec<String>>,
    /// Default both.
    #[serde(default)]
    #[schemars(extend("enum" = ["out", "in", "both"]))]
    pub direction: Option<String>,
    /// Hops (default 1).
    #[serde(default)]
    #[schemars(range(min = 1, max = 3))]
    pub depth: Option<u32>,
    #[serde(default)]
    #[schemars(range(min = 1, max = 200))]
    pub limit: Option<u32>,
    /// Without test code's edges.
    #[serde(default)]
    pub exclude_tests: Option<bool>,
    /// Add each symbol's source (`body`).
    #[serde(default)]
    pub include_body: Option<bool>,
    #[serde(default)]
    #[schemars(schema_with = "crate::envelope::budget_schema")]
    pub token_budget: Option<u32>,
}

/// `map_path`'s arguments.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PathParams {
    /// A node ID.
    pub from: String,
    /// A node ID.
    pub to: String,
    #[serde(default)]
    #[schemars(schema_with = "edge_kinds_schema")]
    pub edge_kinds: Option<Vec<String>>,
    #[serde(default)]
    #[schemars(range(min = 1, max = 6))]
    pub max_depth: Option<u32>,
    #[serde(default)]
    #[schemars(schema_with = "crate::envelope::budget_schema")]
    pub token_budget: Option<u32>,
}

/// `map_overview`'s arguments.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OverviewParams {
    /// Only this directory.
    #[serde(default)]
    pub focus: Option<String>,
    #[serde(default)]
    #[schemars(range(min = 1, max = 20))]
    pub hubs_per_cluster: Option<u32>,
    #[serde(default)]
    #[schemars(schema_with = "crate::envelope::budget_schema")]
    pub token_budget: Option<u32>,
}

fn kinds_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let kinds: Vec<&str> = Kind::ALL.iter().map(|k| k.as_str()).collect();
    schemars::json_schema!({"type": "array", "items": {"type": "string", "enum": kinds}})
}

fn edge_kinds_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let kinds: Vec<&str> = EdgeKind::ALL.iter().map(|k| k.as_str()).collect();
    schemars::json_schema!({"type": "array", "items": {"type": "string", "enum": kinds}})
}

fn lang_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({"type": "string", "enum": Lang::prefixes()})
}
