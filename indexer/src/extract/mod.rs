//! Extraction: `(bytes, language) -> FileExtract`. Pure: no file system, no SQLite.
//!
//! The query files (`lang/<name>/query.scm`) say what is a definition, a call, an import or a base; this
//! module runs each file's captures in one pass and then decides, from how the captured nodes
//! nest, which definitions are symbols of the map (module-, class- and type-level ones; locals
//! are left out), their qualified names (with `~N` for repeated names in one scope), ranges,
//! signatures and first doc lines, and which symbol each reference sits in. Where languages
//! differ it asks the language's [`Syntax`] rules from the registry; it names no language.
//!
//! [`Extractor`] runs the parts in order: the queries compiled (`query`), a file's matches
//! gathered (`raw`), macro arguments parsed again (`reread`), the sweep placing symbols and
//! references (`sweep`, over the open symbols of `stack`, naming references with `dotted`,
//! stating types with `types`), and a broken file's declarations blanked (`recover`).

mod dotted;
mod errors;
mod query;
mod raw;
mod recover;
mod reread;
mod stack;
mod sweep;
mod types;

use crate::lang::{Lang, MacroArgs};
use crate::model::FileExtract;
pub use crate::syntax::{char_count, clip_signature, pos_at, MAX_SIGNATURE};
use crate::syntax::{parse_until, Deadline};
pub use errors::{ParseError, MAX_PARSE_ERRORS};
pub use query::{check_query, QueryError};
use query::{compile, LangQuery};
use raw::{reference_matches, Raw};
use recover::recover;
pub use recover::{swallows, top_lines};
use reread::reread;
use std::time::Duration;
use sweep::build;
use tree_sitter::{Parser, Query};

/// How long (in its thread's CPU time, `syntax::Deadline`) one file's parses may take in all
/// (its first parse and error recovery's):
/// tree-sitter stops a parse past it, and the file is left out of the map with the reason
/// (`IndexOptions::parse_bound`, the index's default). A generated 878 KB Kotlin file takes
/// 2.9 s; no source file of the standard libraries measured takes 1 s.
pub const DEFAULT_PARSE_BOUND: Duration = Duration::from_secs(10);

/// How the skip reason of a file stopped by the bound starts.
pub const PARSE_STOPPED: &str = "parse stopped";

/// The compiled queries of every language. Build once, share between threads.
pub struct Extractor {
    queries: Vec<LangQuery>,
}

impl Extractor {
    pub fn new() -> Result<Extractor, QueryError> {
        let mut queries = Vec::new();
        for lang in Lang::ALL {
            for dialect in 0..=lang.spec().dialects.len() {
                queries.push(compile(lang, dialect)?);
            }
        }
        Ok(Extractor { queries })
    }

    /// The compiled queries, built once per process and shared (the error, when a query
    /// does not compile, as text).
    pub fn shared() -> Result<&'static Extractor, String> {
        static EX: std::sync::OnceLock<Result<Extractor, String>> = std::sync::OnceLock::new();
        EX.get_or_init(|| Extractor::new().map_err(|e| e.to_string()))
            .as_ref()
            .map_err(Clone::clone)
    }

    fn query(&self, lang: Lang, dialect: usize) -> Option<&LangQuery> {
        self.queries
            .iter()
            .find(|q| q.lang == lang && q.dialect == dialect)
    }

    /// Parse and extract one file, with the grammar its path calls for (`.tsx`). Never
    /// fails: broken input yields what could be recovered and `parse_error: true`.
    pub fn extract(&self, worker: &mut Worker, lang: Lang, path: &str, src: &[u8]) -> FileExtract {
        self.extract_by(worker, lang, lang.dialect_of(path), src, false)
    }

    /// The same extraction with tree-sitter's own query cursor matching the query file: the
    /// reference the pattern walk is checked against (tests, `bare_parse --reference`).
    pub fn extract_reference(
        &self,
        worker: &mut Worker,
        lang: Lang,
        path: &str,
        src: &[u8],
    ) -> FileExtract {
        self.extract_by(worker, lang, lang.dialect_of(path), src, true)
    }

    fn extract_by(
        &self,
        worker: &mut Worker,
        lang: Lang,
        dialect: usize,
        src: &[u8],
        reference: bool,
    ) -> FileExtract {
        let src = src.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(src);
        worker.until = worker.bound.map(Deadline::after);
        let prepared = lang.spec().syntax.prepare(src);
        let src = prepared.as_deref().unwrap_or(src);
        let (first, swallowed) = self.extract_parsed(worker, lang, dialect, src, reference);
        let Some(bodies) = swallowed else {
            return first;
        };
        if first.stopped || worker.until.is_some_and(|u| u.passed()) {
            return first;
        }
        // A syntax error can swallow every declaration after it into one top-level error
        // node (`function a(x: number,` unclosed). Blank the broken declaration and parse
        // again: the answer that recovers more definitions is kept.
        let lq = self.query(lang, dialect);
        let Some(blanked) =
            lq.and_then(|lq| recover(&mut worker.parser, &lq.grammar, src, &bodies, worker.until))
        else {
            return first;
        };
        let (second, _) = self.extract_parsed(worker, lang, dialect, &blanked, reference);
        if second.symbols.len() > first.symbols.len() {
            FileExtract {
                parse_error: true,
                ..second
            }
        } else {
            first
        }
    }

    fn extract_parsed(
        &self,
        worker: &mut Worker,
        lang: Lang,
        dialect: usize,
        src: &[u8],
        reference: bool,
    ) -> (FileExtract, Option<Vec<(usize, usize)>>) {
        let failed = (
            FileExtract {
                parse_error: true,
                ..FileExtract::default()
            },
            None,
        );
        // The grammar was checked in `Extractor::new`; a failure here cannot happen, but a
        // file is never worth a panic.
        let Some(lq) = self.query(lang, dialect) else {
            return failed;
        };
        if worker.parser.set_language(&lq.grammar).is_err() {
            return failed;
        }
        // A previous file's macro arguments were parsed alone.
        if worker.parser.set_included_ranges(&[]).is_err() {
            return failed;
        }
        let Some(tree) = parse_until(&mut worker.parser, src, worker.until) else {
            // Past the bound (the grammar was set above): nothing is kept.
            return (
                FileExtract {
                    parse_error: true,
                    stopped: worker.until.is_some(),
                    ..FileExtract::default()
                },
                None,
            );
        };
        let spec = lang.spec();
        let mut raw = Raw::default();
        let mut macros: Vec<MacroArgs> = Vec::new();
        let mut collected = Vec::new();
        if reference {
            let Some(query) = lq
                .query
                .get_or_init(|| Query::new(&lq.grammar, spec.query).ok())
            else {
                return failed;
            };
            reference_matches(lq, spec, query, &tree, src, &mut raw, &mut collected);
        } else {
            lq.patterns.for_each_match(
                &tree,
                src,
                &lq.collect_kinds,
                &mut collected,
                |_, m, path| {
                    raw.take(&lq.caps, spec, m, path);
                },
            );
        }
        raw.sort_collected(lq, spec, src, collected, &mut macros, reference, false);
        // Macro arguments, parsed again on their own; then matched as the file is.
        let mut trees: Vec<tree_sitter::Tree> = Vec::new();
        let unread = reread(&mut worker.parser, lq, spec, src, macros, &mut trees);
        if worker.parser.set_included_ranges(&[]).is_err() {
            return failed;
        }
        if !trees.is_empty() {
            let mut collected = Vec::new();
            for t in &trees {
                if reference {
                    if let Some(Some(query)) = lq.query.get() {
                        reference_matches(lq, spec, query, t, src, &mut raw, &mut collected);
                    }
                } else {
                    lq.patterns.for_each_match(
                        t,
                        src,
                        &lq.collect_kinds,
                        &mut collected,
                        |_, m, path| {
                            raw.take(&lq.caps, spec, m, path);
                        },
                    );
                }
            }
            // Their macros were read already (`reread`).
            raw.sort_collected(lq, spec, src, collected, &mut Vec::new(), reference, true);
        }
        raw.unread = unread;
        let mut out = build(spec, src, raw, tree.root_node());
        out.parse_error = tree.root_node().has_error();
        let syntax = spec.syntax;
        let swallowed = (out.parse_error
            && recover::swallows(tree.root_node(), src, syntax).is_some())
        .then(|| recover::bodies(src, syntax));
        (out, swallowed)
    }

    /// A file's syntax errors (`ERROR` and `MISSING` nodes), read from one parse of its text
    /// prepared as extraction prepares it (same bytes, lines and columns), with the grammar
    /// its path calls for. A parse past the worker's bound gives none.
    pub fn parse_errors(
        &self,
        worker: &mut Worker,
        lang: Lang,
        path: &str,
        src: &[u8],
    ) -> Vec<ParseError> {
        let src = src.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(src);
        worker.until = worker.bound.map(Deadline::after);
        let prepared = lang.spec().syntax.prepare(src);
        let src = prepared.as_deref().unwrap_or(src);
        let Some(lq) = self.query(lang, lang.dialect_of(path)) else {
            return Vec::new();
        };
        if worker.parser.set_language(&lq.grammar).is_err()
            || worker.parser.set_included_ranges(&[]).is_err()
        {
            return Vec::new();
        }
        match parse_until(&mut worker.parser, src, worker.until) {
            Some(tree) => errors::parse_errors(tree.root_node(), src),
            None => Vec::new(),
        }
    }

    /// Convenience for tests and one-off callers: a fresh worker per call, the language's
    /// own grammar.
    pub fn extract_source(&self, lang: Lang, src: &[u8]) -> FileExtract {
        self.extract_by(&mut Worker::new(), lang, 0, src, false)
    }
}

/// Per-thread parsing state (a parser, and the time bound on one file's parses); make one
/// per rayon worker.
pub struct Worker {
    parser: Parser,
    /// How long one file's parses may take; `None`: unbounded.
    bound: Option<Duration>,
    /// When the file being read passes its bound.
    until: Option<Deadline>,
}

impl Worker {
    /// A worker with no time bound (tests, one-off callers).
    pub fn new() -> Worker {
        Worker {
            parser: Parser::new(),
            bound: None,
            until: None,
        }
    }

    /// A worker that stops a file's parse past `bound` ([`DEFAULT_PARSE_BOUND`]): the
    /// file's extract is then empty, with `stopped` set.
    pub fn bounded(bound: Duration) -> Worker {
        Worker {
            bound: Some(bound),
            ..Worker::new()
        }
    }
}

impl Default for Worker {
    fn default() -> Self {
        Worker::new()
    }
}

#[cfg(test)]
mod tests;
