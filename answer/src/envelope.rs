//! The one answer shape every tool returns, through the CLI's `--json` and through MCP
//! (SPEC "Every answer: one envelope"), and the token budget that bounds it.

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

pub const DEFAULT_BUDGET: u32 = 2000;
pub const MIN_BUDGET: u32 = 100;
pub const MAX_BUDGET: u32 = 10_000;
/// What the envelope around `data` costs, in tokens.
pub const ENVELOPE_OVERHEAD: u32 = 40;
/// What saying a cut costs (`truncated`, `dropped {kind, count, note}`), in tokens.
pub const DROPPED_RESERVE: u32 = 75;

/// Stable error codes (SPEC).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ErrorCode {
    BadArgs,
    BadNodeId,
    NodeNotFound,
    MapNotBuilt,
    FileDeleted,
    SymbolNotFound,
    OutsideWorkspace,
    LocateNoMatch,
    LocateAmbiguous,
    LspUnavailable,
    LspFailed,
    LspTimeout,
    UnsupportedLanguage,
    Internal,
}

impl ErrorCode {
    /// The code as it appears in an envelope, e.g. `LSP_TIMEOUT`.
    pub fn as_str(self) -> &'static str {
        use ErrorCode::*;
        match self {
            BadArgs => "BAD_ARGS",
            BadNodeId => "BAD_NODE_ID",
            NodeNotFound => "NODE_NOT_FOUND",
            MapNotBuilt => "MAP_NOT_BUILT",
            FileDeleted => "FILE_DELETED",
            SymbolNotFound => "SYMBOL_NOT_FOUND",
            OutsideWorkspace => "OUTSIDE_WORKSPACE",
            LocateNoMatch => "LOCATE_NO_MATCH",
            LocateAmbiguous => "LOCATE_AMBIGUOUS",
            LspUnavailable => "LSP_UNAVAILABLE",
            LspFailed => "LSP_FAILED",
            LspTimeout => "LSP_TIMEOUT",
            UnsupportedLanguage => "UNSUPPORTED_LANGUAGE",
            Internal => "INTERNAL",
        }
    }
}

#[cfg(test)]
mod code_tests {
    #[test]
    fn codes_read_as_serialized() {
        use super::ErrorCode::*;
        for c in [
            BadArgs,
            BadNodeId,
            NodeNotFound,
            MapNotBuilt,
            FileDeleted,
            SymbolNotFound,
            OutsideWorkspace,
            LocateNoMatch,
            LocateAmbiguous,
            LspUnavailable,
            LspFailed,
            LspTimeout,
            UnsupportedLanguage,
            Internal,
        ] {
            assert_eq!(
                serde_json::to_value(c).ok(),
                Some(serde_json::json!(c.as_str()))
            );
        }
    }
}

/// A domain failure: a stable code, what went wrong, and what to do about it.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ToolError {
    pub code: ErrorCode,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
}

impl ToolError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ToolError {
        ToolError {
            code,
            message: message.into(),
            hint: None,
        }
    }

    pub fn hint(mut self, hint: impl Into<String>) -> ToolError {
        self.hint = Some(hint.into());
        self
    }

    pub fn bad_args(message: impl Into<String>) -> ToolError {
        ToolError::new(ErrorCode::BadArgs, message)
    }

    /// A bug in codemap, not in the input: the message says so.
    pub fn internal(message: impl std::fmt::Display) -> ToolError {
        ToolError::new(
            ErrorCode::Internal,
            format!("internal error (a bug in codemap, please report it): {message}"),
        )
    }
}

impl std::fmt::Display for ToolError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.message)?;
        if let Some(h) = &self.hint {
            write!(f, " (hint: {h})")?;
        }
        Ok(())
    }
}

/// What was cut to fit the budget, and how to get it back.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Dropped {
    pub kind: String,
    pub count: usize,
    pub note: String,
}

/// A tool's successful answer before it is put in the envelope.
#[derive(Debug)]
pub struct Answer {
    pub data: Value,
    pub dropped: Option<Dropped>,
    pub warnings: Vec<String>,
    /// The same answer as plain text for a person, from the tool's typed result.
    pub text: Text,
}

/// An answer as plain text (the CLI without `--json`), rendered from the tool's typed result
/// (never from its JSON) and only when asked for: MCP and `--json` never pay for it. It shows
/// what the answer's `data` holds: the items that fit the budget.
pub struct Text(Box<dyn FnOnce() -> String + Send>);

impl Text {
    pub fn new(render: impl FnOnce() -> String + Send + 'static) -> Text {
        Text(Box::new(render))
    }

    pub fn render(self) -> String {
        (self.0)()
    }
}

impl std::fmt::Debug for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Text(..)")
    }
}

/// The budget asked for, what the answer used and the clamped maximum, in tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub struct TokenBudget {
    pub requested: u32,
    pub used: u32,
    pub max: u32,
}

/// Every tool's answer (SPEC "Every answer: one envelope"): `data` when `ok`, `error` when not.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Envelope {
    pub ok: bool,
    /// The tool's answer: always an object.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<serde_json::Map<String, Value>>")]
    pub data: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ToolError>,
    pub token_budget: TokenBudget,
    pub truncated: bool,
    pub dropped: Option<Dropped>,
    pub warnings: Vec<String>,
}

/// The schema of every tool's `tokenBudget` argument.
pub fn budget_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    // No minimum or maximum: a budget outside 100..=10000 is clamped, not refused.
    schemars::json_schema!({"type": "integer"})
}

/// No budget: what the CLI's plain text asks for (a person at a terminal is not paying for
/// tokens). Never reachable from a tool argument: `tools::call` clamps those first.
pub const UNBOUNDED: u32 = u32::MAX;

/// The budget a caller asked for, clamped to 100..=10000 (default 2000); [`UNBOUNDED`] stays.
pub fn clamp_budget(requested: Option<u32>) -> u32 {
    match requested {
        Some(UNBOUNDED) => UNBOUNDED,
        r => r.unwrap_or(DEFAULT_BUDGET).clamp(MIN_BUDGET, MAX_BUDGET),
    }
}

/// About four characters a token.
pub fn tokens_of(v: &Value) -> u32 {
    let chars = serde_json::to_string(v).map_or(0, |s| s.chars().count());
    (chars as u32).div_ceil(4)
}

impl Envelope {
    /// The envelope of a result, and its plain text for a person (none for an error).
    pub fn with_text(
        result: Result<Answer, ToolError>,
        requested: Option<u32>,
    ) -> (Envelope, Option<Text>) {
        match result {
            Ok(mut a) => {
                let text = std::mem::replace(&mut a.text, Text::new(String::new));
                (Envelope::from_result(Ok(a), requested), Some(text))
            }
            Err(e) => (Envelope::from_result(Err(e), requested), None),
        }
    }

    pub fn from_result(result: Result<Answer, ToolError>, requested: Option<u32>) -> Envelope {
        let max = clamp_budget(requested);
        let budget = |used| TokenBudget {
            requested: requested.unwrap_or(DEFAULT_BUDGET),
            used,
            max,
        };
        match result {
            Ok(mut a) => {
                if let Some(r) = requested.filter(|&r| r != UNBOUNDED && r != max) {
                    a.warnings.push(format!(
                        "tokenBudget {r} is outside {MIN_BUDGET}..={MAX_BUDGET}: answered within {max}"
                    ));
                }
                let mut e = Envelope {
                    ok: true,
                    token_budget: budget(0),
                    truncated: a.dropped.is_some(),
                    data: Some(a.data),
                    error: None,
                    dropped: a.dropped,
                    warnings: said_once(a.warnings),
                };
                // What the whole answer costs, as sent.
                e.token_budget.used = (e.to_json().chars().count() as u32).div_ceil(4);
                e
            }
            Err(e) => Envelope {
                ok: false,
                data: None,
                token_budget: budget(ENVELOPE_OVERHEAD),
                error: Some(e),
                truncated: false,
                dropped: None,
                warnings: Vec::new(),
            },
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| {
            format!("{{\"ok\":false,\"error\":{{\"code\":\"INTERNAL\",\"message\":\"cannot serialize the answer: {e}\"}}}}")
        })
    }
}

/// A list fitted to a budget: the data with its first `kept` of `total` items.
#[derive(Debug, Clone)]
pub struct Fitted {
    pub data: Value,
    pub kept: usize,
    pub total: usize,
    /// The budget asked for.
    pub budget: u32,
    /// When not one item fits: the smallest budget that holds the first.
    pub one: Option<u32>,
}

impl Fitted {
    /// What was cut, never silent: how many of how many `kind` were left out, how to narrow,
    /// and when the budget holds none of them, the budget that would hold one (an empty list
    /// must not read as "nothing matches").
    pub fn dropped(&self, kind: &str, narrow: &str) -> Option<Dropped> {
        if self.kept >= self.total {
            return None;
        }
        let count = self.total - self.kept;
        let mut note = format!("{count} of {} {kind} left out: {narrow}", self.total);
        if let Some(one) = self.one {
            note = format!(
                "none of {} {kind} fits in tokenBudget {}: {one} holds the first; {narrow}",
                self.total, self.budget
            );
        }
        Some(Dropped {
            kind: kind.to_string(),
            count,
            note,
        })
    }
}

/// Warnings without repeats: one that another warning already says (the same text, or its
/// beginning, as when two layers report the same missing server) is left out; order is kept.
pub fn said_once(warnings: Vec<String>) -> Vec<String> {
    let keep: Vec<bool> = warnings
        .iter()
        .enumerate()
        .map(|(i, w)| {
            !warnings
                .iter()
                .enumerate()
                .any(|(j, o)| j != i && o.starts_with(w.as_str()) && (o.len() > w.len() || j < i))
        })
        .collect();
    warnings
        .into_iter()
        .zip(keep)
        .filter_map(|(w, k)| k.then_some(w))
        .collect()
}

/// What an answer's `warnings` cost, in tokens.
pub fn said_tokens(warnings: &[String]) -> u32 {
    warnings
        .iter()
        .map(|w| (w.chars().count() as u32 + 3).div_ceil(4))
        .sum()
}

/// [`fit`] with room left for the answer's `warnings`: what they cost is taken from the budget,
/// and added back to the budget that would hold one item.
pub fn fit_said<F: Fn(usize) -> Value>(
    total: usize,
    budget: u32,
    warnings: &[String],
    make: F,
) -> Fitted {
    let said = said_tokens(warnings);
    let mut f = fit(total, budget.saturating_sub(said), make);
    f.budget = budget;
    f.one = f.one.map(|o| o + said);
    f
}

/// The largest `n` for which `make(n)` fits the budget, by bisection (`make` is monotone in `n`);
/// a cut leaves room for saying so.
pub fn fit<F: Fn(usize) -> Value>(total: usize, budget: u32, make: F) -> Fitted {
    let whole = budget.saturating_sub(ENVELOPE_OVERHEAD);
    let limit = whole.saturating_sub(DROPPED_RESERVE);
    let full = make(total);
    let done = |data, kept| Fitted {
        data,
        kept,
        total,
        budget,
        one: None,
    };
    if tokens_of(&full) <= whole {
        return done(full, total);
    }
    let (mut lo, mut hi) = (0usize, total);
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if tokens_of(&make(mid)) <= limit {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    let mut f = done(make(lo), lo);
    if lo == 0 && total > 0 {
        f.one = Some(tokens_of(&make(1)) + ENVELOPE_OVERHEAD + DROPPED_RESERVE);
    }
    f
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn warnings_are_said_once() {
        let w = |v: &[&str]| said_once(v.iter().map(|s| s.to_string()).collect());
        assert_eq!(
            w(&[
                "off (--no-lsp): from a parse",
                "off (--no-lsp)",
                "other",
                "other"
            ]),
            ["off (--no-lsp): from a parse", "other"]
        );
        assert_eq!(w(&["a", "b"]), ["a", "b"]);
    }

    #[test]
    fn budget_is_clamped() {
        assert_eq!(clamp_budget(None), 2000);
        assert_eq!(clamp_budget(Some(5)), 100);
        assert_eq!(clamp_budget(Some(50_000)), 10_000);
        let answer = || {
            Ok(Answer {
                data: serde_json::json!({}),
                dropped: None,
                warnings: Vec::new(),
                text: Text::new(String::new),
            })
        };
        let e = Envelope::from_result(answer(), Some(50_000));
        assert_eq!(
            e.warnings,
            ["tokenBudget 50000 is outside 100..=10000: answered within 10000"]
        );
        for ok in [None, Some(3000), Some(UNBOUNDED)] {
            assert!(Envelope::from_result(answer(), ok).warnings.is_empty());
        }
    }

    #[test]
    fn fit_keeps_the_largest_prefix() {
        let items: Vec<String> = (0..500).map(|i| format!("item number {i:04}")).collect();
        let f = fit(items.len(), 200, |n| json!({ "items": &items[..n] }));
        assert!(f.kept > 0 && f.kept < 500, "{}", f.kept);
        assert!(tokens_of(&f.data) <= 160);
        assert!(f
            .dropped("items", "narrow")
            .is_some_and(|d| d.count == 500 - f.kept));
        let f = fit(items.len(), 10_000, |n| json!({ "items": &items[..n] }));
        assert_eq!(f.kept, 500);
        assert!(f.dropped("items", "narrow").is_none());
    }

    #[test]
    fn a_budget_that_holds_nothing_says_what_would() {
        let big: Vec<String> = (0..3).map(|i| format!("{i}{}", "x".repeat(600))).collect();
        let f = fit(big.len(), 100, |n| json!({ "items": &big[..n] }));
        assert_eq!(f.kept, 0);
        let one = f.one.expect("the budget for one");
        assert!(one > 200 && one < 350, "{one}");
        let d = f.dropped("hits", "narrow with `kinds`").expect("dropped");
        assert_eq!(d.count, 3);
        assert!(
            d.note.contains(&format!("{one} holds the first")),
            "{}",
            d.note
        );
        assert_eq!(
            fit(big.len(), one, |n| json!({ "items": &big[..n] })).kept,
            1
        );
    }

    #[test]
    fn errors_have_the_same_shape() {
        let e = Envelope::from_result(
            Err(ToolError::new(ErrorCode::BadNodeId, "bad").hint("see grammar")),
            None,
        );
        let v: Value = serde_json::from_str(&e.to_json()).expect("json");
        assert_eq!(v["ok"], false);
        assert_eq!(v["error"]["code"], "BAD_NODE_ID");
        assert_eq!(v["error"]["hint"], "see grammar");
        assert_eq!(v["tokenBudget"]["max"], 2000);
        assert_eq!(v["truncated"], false);
        assert!(v["dropped"].is_null());
    }
}

/// A failed read of the map, as the tools answer it.
impl From<indexer::store::SqlError> for ToolError {
    fn from(e: indexer::store::SqlError) -> Self {
        ToolError::internal(format!("cannot read the map: {e}"))
    }
}
