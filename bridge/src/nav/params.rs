//! The tools' arguments: the three forms of a position (`{file, line, col}`, a `nodeId`, a
//! `locate` string), which `at_params!` gives every tool that takes one, and the arguments of
//! the tools that take none (`nav_outline`, `nav_symbols`, `locate`).

use schemars::JsonSchema;
use serde::Deserialize;

/// A position as a tool was given it: `{file, line, col}`, a `nodeId` or a `locate` string.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Position<'a> {
    pub(super) file: Option<&'a str>,
    pub(super) line: Option<u32>,
    pub(super) col: Option<u32>,
    pub(super) node_id: Option<&'a str>,
    pub(super) locate: Option<&'a str>,
}

/// Arguments that carry a position.
pub(super) trait AsPosition {
    fn position(&self) -> Position<'_>;
}

/// Declares the arguments of a tool that takes a position: the three forms of a position,
/// the tool's own fields, and `tokenBudget`. Unknown fields are refused (`deny_unknown_fields`),
/// so a field another tool takes is an error, not silently ignored.
macro_rules! at_params {
    ($(#[$doc:meta])* $name:ident { $($(#[$fm:meta])* $field:ident : $ty:ty,)* }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
        #[serde(rename_all = "camelCase", deny_unknown_fields)]
        pub struct $name {
            #[serde(default)]
            pub file: Option<String>,
            #[serde(default)]
            #[schemars(range(min = 1))]
            pub line: Option<u32>,
            #[serde(default)]
            #[schemars(range(min = 1))]
            pub col: Option<u32>,
            #[serde(default)]
            pub node_id: Option<String>,
            #[serde(default)]
            pub locate: Option<String>,
            $( $(#[$fm])* pub $field: $ty, )*
            #[serde(default)]
            #[schemars(schema_with = "answer::envelope::budget_schema")]
            pub token_budget: Option<u32>,
        }

        impl AsPosition for $name {
            fn position(&self) -> Position<'_> {
                Position {
                    file: self.file.as_deref(),
                    line: self.line,
                    col: self.col,
                    node_id: self.node_id.as_deref(),
                    locate: self.locate.as_deref(),
                }
            }
        }
    };
}

at_params!(
    /// The arguments of `nav_definition`, `nav_implementations` and `nav_hover`: a position.
    AtParams {
        /// Add each symbol's source (`body`).
        include_body: Option<bool>,
    }
);

at_params!(
    /// `nav_references`' arguments.
    ReferencesParams {
        include_declaration: Option<bool>,
        /// Path prefix or glob ("**/*_test.go").
        file_filter: Option<String>,
    }
);

at_params!(
    /// `nav_calls`' arguments.
    CallsParams {
        /// Default incoming.
        #[schemars(extend("enum" = ["incoming", "outgoing"]))]
        direction: Option<String>,
        /// Default 1.
        #[schemars(range(min = 1, max = 3))]
        depth: Option<u32>,
    }
);

at_params!(
    /// `nav_rename`'s arguments.
    RenameParams {
        #[schemars(required)]
        new_name: Option<String>,
        /// Diffs of these files only (prefix or glob).
        file_filter: Option<String>,
        /// Skip this many files' diffs.
        offset: Option<u32>,
        /// Also the diagnostics the rename would add (checked in memory).
        check: Option<bool>,
    }
);

/// `nav_outline`'s arguments: a file, a folder or a glob, or a locate string naming a file.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OutlineParams {
    /// A file, a folder ("src/auth") or a glob ("src/**/*.rs").
    #[serde(default)]
    pub file: Option<String>,
    /// Only its file is used.
    #[serde(default)]
    pub locate: Option<String>,
    /// Nesting shown: 0 = top-level symbols only. Default: all.
    #[serde(default)]
    pub depth: Option<u32>,
    /// Folders and globs: skip this many files.
    #[serde(default)]
    pub offset: Option<u32>,
    /// Folders and globs: at most this many files (default 100).
    #[serde(default)]
    #[schemars(range(min = 1, max = 1000))]
    pub limit: Option<u32>,
    /// Add each symbol's source (`body`).
    #[serde(default)]
    pub include_body: Option<bool>,
    #[serde(default)]
    #[schemars(schema_with = "answer::envelope::budget_schema")]
    pub token_budget: Option<u32>,
}

/// `nav_symbols`' arguments.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SymbolsParams {
    #[schemars(required, length(min = 3))]
    pub query: Option<String>,
    #[serde(default)]
    #[schemars(range(min = 1, max = 200))]
    pub limit: Option<u32>,
    /// Add each symbol's source (`body`).
    #[serde(default)]
    pub include_body: Option<bool>,
    /// "workspace" (default), "lib:NAME[@VERSION]", "all".
    #[serde(default)]
    pub scope: Option<String>,
    #[serde(default)]
    #[schemars(schema_with = "answer::envelope::budget_schema")]
    pub token_budget: Option<u32>,
}

/// `nav_source`'s arguments: a symbol by node ID, or the innermost symbol around a locate
/// string's spot.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SourceParams {
    #[serde(default)]
    pub node_id: Option<String>,
    /// "<file>:[scope]@[find]": the symbol around the spot.
    #[serde(default)]
    pub locate: Option<String>,
    #[serde(default)]
    #[schemars(schema_with = "answer::envelope::budget_schema")]
    pub token_budget: Option<u32>,
}

impl AsPosition for SourceParams {
    fn position(&self) -> Position<'_> {
        Position {
            node_id: self.node_id.as_deref(),
            locate: self.locate.as_deref(),
            ..Position::default()
        }
    }
}

/// `locate`'s arguments.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LocateParams {
    /// "<file>:[scope]@[find]", e.g. "src/app.py:App.run@return <|>result".
    pub locate: String,
    #[serde(default)]
    #[schemars(schema_with = "answer::envelope::budget_schema")]
    pub token_budget: Option<u32>,
}
