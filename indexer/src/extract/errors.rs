//! A file's syntax errors as tree-sitter reads them: each `ERROR` node (text the grammar could
//! not place) and each `MISSING` node (a token it had to assume), with its range. What a live
//! tool reports as diagnostics when no language server answers (source `parse`).

use crate::model::Pos;
use crate::syntax::pos_at;

/// The most errors read from one file: past the first few, a broken file's errors are
/// cascades of the same one.
pub const MAX_PARSE_ERRORS: usize = 100;

/// One syntax error: where it is (1-based lines, character columns; `end` exclusive) and what
/// it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub start: Pos,
    pub end: Pos,
    /// `syntax error` for an `ERROR` node, `missing <token>` for a `MISSING` one.
    pub message: String,
}

/// The errors of a parsed tree, in source order, at most [`MAX_PARSE_ERRORS`]: an `ERROR`
/// node is one error (what it holds is not walked), a `MISSING` node another. Only subtrees
/// that hold an error are walked.
pub fn parse_errors(root: tree_sitter::Node<'_>, src: &[u8]) -> Vec<ParseError> {
    let mut out = Vec::new();
    if !root.has_error() {
        return out;
    }
    let at = |byte: usize, p: tree_sitter::Point| pos_at(src, byte, p.row, p.column);
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        if out.len() >= MAX_PARSE_ERRORS {
            break;
        }
        if n.is_error() || n.is_missing() {
            let message = if n.is_missing() {
                format!("missing {}", n.kind())
            } else {
                let text = std::str::from_utf8(&src[n.start_byte()..n.end_byte().min(src.len())])
                    .unwrap_or("");
                let first: String = text
                    .split_whitespace()
                    .next()
                    .unwrap_or("")
                    .chars()
                    .take(40)
                    .collect();
                if first.is_empty() {
                    "syntax error".to_string()
                } else {
                    format!("syntax error at {first:?}")
                }
            };
            out.push(ParseError {
                start: at(n.start_byte(), n.start_position()),
                end: at(n.end_byte(), n.end_position()),
                message,
            });
            continue;
        }
        // Children pushed last first, so they pop in source order.
        let mut c = n.walk();
        let kids: Vec<_> = n.children(&mut c).filter(|k| k.has_error()).collect();
        stack.extend(kids.into_iter().rev());
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::extract::{Extractor, Worker};
    use crate::lang::Lang;
    use crate::model::Pos;

    #[test]
    fn syntax_errors_and_missing_tokens_are_found_where_they_are() {
        let ex = Extractor::shared().expect("queries compile");
        let errors = |lang, path, src: &str| -> Vec<(Pos, String)> {
            ex.parse_errors(&mut Worker::new(), lang, path, src.as_bytes())
                .into_iter()
                .map(|e| (e.start, e.message))
                .collect()
        };
        assert!(errors(Lang::Go, "a.go", "package a\n\nfunc f() int { return 1 }\n").is_empty());
        let got = errors(Lang::Python, "a.py", "def f(:\n    pass\n");
        assert_eq!(got.len(), 1, "{got:?}");
        assert_eq!(got[0].0.line, 1);
        let got = errors(
            Lang::Go,
            "a.go",
            "package a\n\nfunc f() {\n\tx := []int{1, 2\n}\n",
        );
        assert!(!got.is_empty(), "an unclosed literal");
        assert!(got.iter().all(|(p, _)| p.line >= 4), "{got:?}");
        // Character columns: `é` is one.
        let got = errors(Lang::Python, "a.py", "x = 'é' +\n");
        assert_eq!(got.len(), 1, "{got:?}");
    }
}
