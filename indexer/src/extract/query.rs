//! Query compilation: each language's query file compiled for each of its grammars, and its
//! captures read into indices.

use crate::lang::{DefTag, Lang};
use crate::pattern::{PatternError, Patterns};
use crate::syntax::IntMap;
use tree_sitter::{Parser, Query};

#[derive(Debug, thiserror::Error)]
pub enum QueryError {
    #[error("{file}: {source}")]
    Compile {
        file: &'static str,
        source: tree_sitter::QueryError,
    },
    #[error("{file}: unknown capture @{capture}; known captures: {known}")]
    UnknownCapture {
        file: &'static str,
        capture: String,
        known: String,
    },
    #[error("{file}: {source}")]
    Pattern {
        file: &'static str,
        source: PatternError,
    },
    #[error("grammar version mismatch for {lang}: {source}")]
    Language {
        lang: &'static str,
        source: tree_sitter::LanguageError,
    },
}

/// Capture indices of one compiled query.
#[derive(Debug, Default, Clone)]
pub(super) struct Captures {
    pub(super) def: IntMap<u32, DefTag>,
    pub(super) name: Option<u32>,
    pub(super) body: Option<u32>,
    pub(super) receiver: Option<u32>,
    pub(super) ty: Option<u32>,
    pub(super) call: Option<u32>,
    pub(super) base: Option<u32>,
    pub(super) implements: Option<u32>,
    pub(super) uses: Option<u32>,
    pub(super) import: Option<u32>,
    pub(super) package: Option<u32>,
    pub(super) binding: Option<u32>,
}

/// One language's query compiled for one of its grammars.
pub(super) struct LangQuery {
    pub(super) lang: Lang,
    /// Which of the language's grammars (`Lang::dialect_of`).
    pub(super) dialect: usize,
    pub(super) grammar: tree_sitter::Language,
    /// Kinds of comment nodes, collected during the walk (for doc comments).
    pub(super) comment_kinds: Vec<u16>,
    /// Kinds of the language's local scopes (`Language::local_scopes`), collected too.
    pub(super) local_kinds: Vec<u16>,
    /// Kinds of macro invocations (`Language::macro_calls`), collected too.
    pub(super) macro_kinds: Vec<u16>,
    /// All three, what the walk collects.
    pub(super) collect_kinds: Vec<u16>,
    /// tree-sitter's compiled query, the reference (compiled on first use: it costs more
    /// than a one-file run's extraction). Its capture indexes are the patterns'.
    pub(super) query: std::sync::OnceLock<Option<Query>>,
    pub(super) patterns: Patterns,
    pub(super) caps: Captures,
}

pub(super) fn compile(lang: Lang, dialect: usize) -> Result<LangQuery, QueryError> {
    let spec = lang.spec();
    let file = spec.query_file;
    let language = lang.grammar(dialect);
    // Fails loudly if the grammar's ABI does not fit the tree-sitter runtime.
    Parser::new()
        .set_language(&language)
        .map_err(|source| QueryError::Language {
            lang: spec.prefix,
            source,
        })?;
    // The patterns are what runs; tree-sitter's compile of the same file (its errors name the
    // line) is `check_query`, run by the tests.
    let patterns = Patterns::new(&language, spec.query)
        .map_err(|source| QueryError::Pattern { file, source })?;
    let others = [
        "name",
        "body",
        "receiver",
        "type",
        "reference.call",
        "reference.base",
        "reference.embed",
        "reference.implements",
        "reference.type",
        "import",
        "package",
        "binding",
    ];
    let mut caps = Captures::default();
    for (i, name) in patterns.capture_names().iter().enumerate() {
        let i = i as u32;
        let name = name.as_str();
        if let Some(tag) = DefTag::ALL.iter().find(|t| t.capture() == name) {
            caps.def.insert(i, *tag);
            continue;
        }
        let slot = match name {
            "name" => &mut caps.name,
            "body" => &mut caps.body,
            "receiver" => &mut caps.receiver,
            "type" => &mut caps.ty,
            "reference.call" => &mut caps.call,
            "reference.base" | "reference.embed" => &mut caps.base,
            "reference.implements" => &mut caps.implements,
            "reference.type" => &mut caps.uses,
            // `@_name`: a capture for a predicate only.
            other if other.starts_with('_') => continue,
            "import" => &mut caps.import,
            "package" => &mut caps.package,
            "binding" => &mut caps.binding,
            other => {
                let known: Vec<&str> = DefTag::ALL
                    .iter()
                    .map(|t| t.capture())
                    .chain(others)
                    .collect();
                return Err(QueryError::UnknownCapture {
                    file,
                    capture: other.to_string(),
                    known: known.join(", "),
                });
            }
        };
        *slot = Some(i);
    }
    let kinds_named = |names: &[&str]| -> Vec<u16> {
        (0..language.node_kind_count() as u16)
            .filter(|&k| {
                language.node_kind_is_named(k)
                    && language
                        .node_kind_for_id(k)
                        .is_some_and(|n| names.contains(&n))
            })
            .collect()
    };
    let comment_kinds = kinds_named(&["comment", "line_comment", "block_comment"]);
    let local_kinds = kinds_named(spec.local_scopes);
    let macro_kinds = kinds_named(spec.macro_calls);
    let collect_kinds = comment_kinds
        .iter()
        .chain(&local_kinds)
        .chain(&macro_kinds)
        .copied()
        .collect();
    Ok(LangQuery {
        lang,
        dialect,
        grammar: language,
        comment_kinds,
        local_kinds,
        macro_kinds,
        collect_kinds,
        query: std::sync::OnceLock::new(),
        patterns,
        caps,
    })
}

/// A language's query file compiled by tree-sitter, and its captures read the same way by
/// the patterns: what the tests check of every query file.
pub fn check_query(lang: Lang) -> Result<(), QueryError> {
    for dialect in 0..=lang.spec().dialects.len() {
        check_dialect(lang, dialect)?;
    }
    Ok(())
}

fn check_dialect(lang: Lang, dialect: usize) -> Result<(), QueryError> {
    let spec = lang.spec();
    let file = spec.query_file;
    let language = lang.grammar(dialect);
    let query =
        Query::new(&language, spec.query).map_err(|source| QueryError::Compile { file, source })?;
    let patterns = Patterns::new(&language, spec.query)
        .map_err(|source| QueryError::Pattern { file, source })?;
    if query.capture_names() != patterns.capture_names() {
        return Err(QueryError::Pattern {
            file,
            source: PatternError::new(format!(
                "captures read as {:?}, tree-sitter reads {:?}",
                patterns.capture_names(),
                query.capture_names()
            )),
        });
    }
    Ok(())
}
