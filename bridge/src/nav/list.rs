//! A list in an answer: fitted into the token budget (what was left out is said) and laid out
//! by the answer's shape.

use answer::envelope::{clamp_budget, fit_said, Answer};
use answer::shape::Shape;
use serde::Serialize;
use serde_json::{json, Value};

/// How a list is laid out in the compact shape (SPEC "Interfaces"); in the detail shape every
/// list is as its items serialize.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Layout {
    /// Anchors grouped by file (definitions, references, implementations).
    ByFile,
    /// Anchors whose order across files means something (calls, symbols), each with its file.
    Flat,
    /// Items already in their final shape (outline, rename's files).
    AsIs,
}

impl Layout {
    fn render(self, items: &[Value], shape: Shape) -> Value {
        match (self, shape) {
            (Layout::AsIs, _) | (_, Shape::Detail) => json!(items),
            (Layout::ByFile, Shape::Compact) => answer::shape::anchors(items, shape),
            (Layout::Flat, Shape::Compact) => {
                Value::Array(items.iter().map(answer::shape::flat_anchor).collect())
            }
        }
    }
}

/// Fit a list of anchors (or other items) into the budget, saying what was left out.
pub(super) fn listing<T: Serialize>(
    key: &str,
    items: Vec<T>,
    head: Value,
    budget: Option<u32>,
    narrow: &str,
    warnings: Vec<String>,
    (layout, shape): (Layout, Shape),
) -> Answer {
    let items: Vec<Value> = items
        .iter()
        .map(|x| serde_json::to_value(x).unwrap_or(Value::Null))
        .collect();
    let total = items.len();
    let f = fit_said(total, clamp_budget(budget), &warnings, |n| {
        let mut h = head.clone();
        h[key] = layout.render(&items[..n], shape);
        h["total"] = json!(total);
        h
    });
    Answer {
        text: None,
        dropped: f.dropped(key, narrow),
        data: f.data,
        warnings,
    }
}
