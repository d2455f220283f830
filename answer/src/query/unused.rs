//! `map_unused`: the symbols nothing in the map reaches, so "can I delete this?" is answered
//! honestly.
//!
//! A symbol is **reached** when an edge of any stored kind (calls, uses, extends,
//! implements, imports; `contains` is no use) comes into it from outside it (a recursive call
//! or a method naming its own class is no use), or into one of its members from outside the
//! symbol (a class whose method is called is in use). A symbol nothing reaches is still
//! **kept** when something the map has no edge for may reach it, for one reason counted in
//! the answer ([`Kept`]): its language says so ([`Language::kept`]: entry points, exported
//! API, constructors, hooks), or its place does ([`structural`]: a member of an interface, a
//! method with an `implements` edge out of it, a method of a type whose base has a member of
//! its name, or whose base is outside the map). Exported symbols are kept unless
//! `includeExported`; a type holding an entry point is kept with it (a test class). The
//! rest is listed, each with the untyped call sites of its name that
//! might still reach it (candidates), members of a listed symbol folded under it.
//!
//! Fields, constants and variables are not judged: the map records no reads of them.

use super::handle::Map;
use super::neighbors::callable;
use crate::envelope::{clamp_budget, Answer, Text, ToolError};
use indexer::lang::{Decl, Kept, Lang, TextRules, DECL_LINES_BEFORE};
use indexer::model::Kind;
use indexer::overview::is_test_path;
use indexer::store::{BaseEdge, ScopeSymbol};
use indexer::syntax::word_spans;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap, HashSet};

/// `map_unused`'s arguments.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UnusedParams {
    /// File or folder.
    #[serde(default)]
    pub path: Option<String>,
    #[serde(default)]
    #[schemars(schema_with = "judged_kinds_schema")]
    pub kinds: Option<Vec<String>>,
    /// Exported API too.
    #[serde(default)]
    pub include_exported: Option<bool>,
    /// Without test code and its uses.
    #[serde(default)]
    pub exclude_tests: Option<bool>,
    #[serde(default)]
    #[schemars(schema_with = "crate::envelope::budget_schema")]
    pub token_budget: Option<u32>,
    /// Directories left out (the projects nested in a `project`'s root): set by the
    /// dispatcher, never by a client.
    #[serde(skip)]
    pub not_under: Vec<String>,
}

/// The kinds whose uses the map records, so whether they are used can be judged.
pub const JUDGED: [Kind; 6] = [
    Kind::Class,
    Kind::Struct,
    Kind::Interface,
    Kind::Type,
    Kind::Function,
    Kind::Method,
];

fn judged_kinds_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let kinds: Vec<&str> = JUDGED.iter().map(|k| k.as_str()).collect();
    schemars::json_schema!({"type": "array", "items": {"type": "string", "enum": kinds}})
}

/// One symbol listed as unused.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Unused {
    pub node_id: String,
    pub kind: String,
    pub line: u32,
    /// Unused members folded under it (an unused class's methods).
    #[serde(skip_serializing_if = "is_zero")]
    pub members: usize,
    /// Untyped call sites of its name: they may reach it.
    #[serde(skip_serializing_if = "is_zero")]
    pub candidates: usize,
    /// The first few of them, `file:line`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sites: Vec<String>,
    /// Lines of its directory's files that write its name outside it and outside comments,
    /// no edge made of them: a function passed as a value, a callback, a name in a string.
    #[serde(skip_serializing_if = "is_zero")]
    pub mentions: usize,
    /// The first few of them, `file:line`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub mentioned_at: Vec<String>,
    /// Exported API (listed with `includeExported`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub exported: bool,
    /// Only test code reaches it (`excludeTests`), and no untyped call outside tests may.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub only_tests: bool,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// How many candidate sites one listed symbol shows (`candidates` counts them all).
const SITES: usize = 3;

/// The bases of the types below a type, other than the type itself ([`Map::bases_below`]).
#[derive(Default)]
struct Below {
    in_map: Vec<i64>,
    outside: bool,
}

/// How deep a base chain is followed for a method's override.
const BASE_DEPTH: usize = 8;

/// What the map's structure says keeps a symbol nothing reaches, whatever its language:
/// `overridable` (a method, or an associated type: what a base declares and a type fills in),
/// `in_interface` (its parent is an interface or trait), `implements_out` (an `implements`
/// edge out of it: Rust's trait impl method, a C definition of a header's declaration),
/// `base_has_it` (a base of its type, transitively, has a member of its name),
/// `base_outside` (a base of its type is unresolved or outside the map). Pure.
pub fn structural(
    overridable: bool,
    in_interface: bool,
    implements_out: bool,
    base_has_it: bool,
    base_outside: bool,
) -> Option<Kept> {
    if in_interface {
        Some(Kept::InterfaceMember)
    } else if implements_out || (overridable && base_has_it) {
        Some(Kept::Override)
    } else if overridable && base_outside {
        Some(Kept::BaseOutside)
    } else {
        None
    }
}

/// The verdict on a symbol nothing reaches: kept for a reason, or listed (and whether it
/// is exported API). The language's reason comes first unless it is only "exported", then
/// the structure's; exported symbols are kept unless `include_exported`. Pure.
pub fn verdict(
    language: Option<Kept>,
    structure: Option<Kept>,
    include_exported: bool,
) -> Result<Kept, bool> {
    match (language, structure) {
        (Some(k), _) if k != Kept::Exported => Ok(k),
        (_, Some(k)) => Ok(k),
        (Some(Kept::Exported), None) if !include_exported => Ok(Kept::Exported),
        (Some(Kept::Exported), None) => Err(true),
        _ => Err(false),
    }
}

/// A file's lines, read once for the declarations of one answer (`None`: unreadable).
type Lines = Option<Vec<String>>;

/// Where names are written: (directory, language, name) → (file, line, as a value) of
/// each line.
type Written = HashMap<(String, String, String), Vec<(String, u32, bool)>>;

/// A symbol's mentions in its directory's text: (file, line, as a value), its own lines
/// left out.
fn mentions_of<'w>(
    s: &'w ScopeSymbol,
    written: &'w Written,
) -> impl Iterator<Item = (&'w str, u32, bool)> + 'w {
    written
        .get(&(dir_of(&s.path).to_string(), s.lang.clone(), s.name.clone()))
        .into_iter()
        .flatten()
        .filter(move |(path, line, _)| {
            !(*path == s.path && (s.start_line..=s.end_line).contains(line))
        })
        .map(|(p, l, v)| (p.as_str(), *l, *v))
}

/// Where names are written inside strings: (language, name) → (file, line).
type Quoted = HashMap<(String, String), Vec<(String, u32)>>;

/// The most files of a language read for the listed names written in strings.
const QUOTED_FILES: usize = 5000;

/// Whether the word at `at..at + len` of `line` is inside a string literal: after an
/// unescaped quote (`"` or `'`) not yet closed, and before its closing one. A `'` string must
/// hold no white space (`'make_app'`), so that Rust's lifetimes (`&'a Foo<'a>`) and
/// apostrophes in prose are not strings. Pure.
fn in_string(line: &str, at: usize, len: usize) -> bool {
    let mut open: Option<(char, usize)> = None;
    let mut escaped = false;
    for (i, c) in line[..at].char_indices() {
        if escaped {
            escaped = false;
            continue;
        }
        match (c, open) {
            ('\\', Some(_)) => escaped = true,
            ('"' | '\'', None) => open = Some((c, i)),
            (q, Some((o, _))) if q == o => open = None,
            _ => {}
        }
    }
    let Some((q, from)) = open else {
        return false;
    };
    let rest = &line[at + len..];
    let Some(close) = rest.find(q) else {
        return false;
    };
    q == '"' || !line[from..at + len + close].contains(char::is_whitespace)
}

/// A file's directory (`""` at the root).
fn dir_of(path: &str) -> &str {
    path.rsplit_once('/').map_or("", |(d, _)| d)
}

/// Whether any symbol's language has package nodes (a package spread over files, where one
/// qualname in two files is two builds' definitions).
fn lang_has_packages(symbols: &[ScopeSymbol]) -> bool {
    let langs: HashSet<&str> = symbols.iter().map(|s| s.lang.as_str()).collect();
    langs
        .into_iter()
        .any(|l| Lang::from_prefix(l).is_some_and(|l| l.spec().package_nodes))
}

/// Whether code (not a comment) of `lines` names `name` through a module or an object
/// (`util.Mask<…>`, `errors.Issues`), or as a value (`JSON.stringify(x, replacer)`): a use in
/// a file that imports the name's file, where the map made no edge of it. Pure.
pub fn named_through(lines: &[String], name: &str, rules: &TextRules) -> bool {
    lines.iter().filter(|l| !is_comment(l, rules)).any(|l| {
        word_spans(l)
            .filter(|(_, w)| *w == name)
            .any(|(at, w)| l[..at].ends_with('.') || as_value(l, at, w.len(), rules.member_values))
    })
}

/// Whether the word at `at..at + len` of `line` is used as a value: not called (no `(`
/// after it), not in a string, followed by what ends an argument, an
/// element or an assignment (`,` `)` `}` `]` `;` or the line's end); a type's name with a
/// member read through it (`PartialRoutes.async_endpoint` passed to `partial`); with
/// `member_values`, a member named through an object and neither called nor assigned
/// (`self.not_found if default is None else default`). Pure.
pub fn as_value(line: &str, at: usize, len: usize, member_values: bool) -> bool {
    let before = line[..at].trim_end();
    let after = line[at + len..].trim_start();
    let quoted = before.ends_with(['"', '\'', '`']);
    // `name!(…)`, `name! {`: a macro's invocation (in another macro's body, no edge).
    let invoked = after
        .strip_prefix('!')
        .is_some_and(|r| r.trim_start().starts_with(['(', '{', '[']));
    let through = line[at..]
        .trim_start_matches('_')
        .starts_with(|c: char| c.is_ascii_uppercase())
        && line[at + len..]
            .strip_prefix('.')
            .is_some_and(|r| r.starts_with(|c: char| c.is_alphabetic() || c == '_'));
    let assigned = (after.starts_with('=') && !after.starts_with("=="))
        || ["+=", "-=", "*=", "/=", "|=", "&=", ":="]
            .iter()
            .any(|op| after.starts_with(op));
    let member = member_values
        && line[..at].ends_with('.')
        && !after.starts_with(['(', '.', '['])
        && !assigned;
    !quoted
        && (after.is_empty()
            || after.starts_with([',', ')', '}', ']', ';'])
            || invoked
            || through
            || member)
}

impl Map {
    /// `map_unused`.
    pub fn unused(&self, p: &UnusedParams) -> Result<Answer, ToolError> {
        let _snapshot = self.snapshot()?;
        let kinds: Vec<Kind> = match &p.kinds {
            None => JUDGED.to_vec(),
            Some(ks) => ks
                .iter()
                .map(|k| {
                    Kind::parse(k)
                        .filter(|k| JUDGED.contains(k))
                        .ok_or_else(|| {
                            ToolError::bad_args(format!("kind {k:?} is not judged")).hint(format!(
                                "judged kinds: {} (the map records no reads of fields, constants or variables)",
                                JUDGED.map(|k| k.as_str()).join(", ")
                            ))
                        })
                })
                .collect::<Result<_, _>>()?,
        };
        let include_exported = p.include_exported.unwrap_or(false);
        let exclude_tests = p.exclude_tests.unwrap_or(false);
        let scope = p.path.as_deref();
        let mut warnings = Vec::new();

        let symbols = self.db.scope_symbols(scope)?;
        if symbols.is_empty() {
            if let Some(s) = scope {
                if !self.db.all_paths()?.iter().any(|f| f.starts_with(s)) {
                    let near = self.paths_near(s, 3)?;
                    let near: Vec<&str> = near.iter().map(String::as_str).collect();
                    return Err(
                        ToolError::bad_args(format!("no file of the map is under {s:?}"))
                            .hint(indexer::suggest::did_you_mean(&near)),
                    );
                }
            }
        }
        let at: HashMap<i64, usize> = symbols
            .iter()
            .enumerate()
            .map(|(i, s)| (s.number, i))
            .collect();
        let parent_of = |n: i64| at.get(&n).and_then(|&i| symbols[i].parent);

        // Reached: an edge from outside the symbol into it or into a member of it.
        let mut reached = vec![false; symbols.len()];
        let mut by_tests = vec![false; symbols.len()];
        for e in self.db.edges_into_scope(scope)? {
            let Some(&t) = at.get(&e.target) else {
                continue;
            };
            let from_tests = is_test_path(&e.source_path);
            // Whether the source is `x` or inside it.
            let inside = |x: i64| {
                let mut cur = Some(e.source);
                let mut next = e.source_parent;
                for _ in 0..32 {
                    match cur {
                        Some(c) if c == x => return true,
                        Some(_) => {}
                        None => return false,
                    }
                    cur = next;
                    next = cur.and_then(parent_of);
                }
                false
            };
            let mut x = Some(t);
            for _ in 0..32 {
                let Some(i) = x else { break };
                if inside(symbols[i].number) {
                    break;
                }
                if exclude_tests && from_tests {
                    by_tests[i] = true;
                } else {
                    reached[i] = true;
                }
                x = symbols[i].parent.and_then(|n| at.get(&n).copied());
            }
        }

        // Bases: the `implements` and `extends` edges out of the scope's symbols.
        let mut bases: HashMap<i64, Vec<BaseEdge>> = HashMap::new();
        for b in self.db.bases_in_scope(scope)? {
            bases.entry(b.source).or_default().push(b);
        }

        let all_paths: HashSet<String> = self.db.all_paths()?.into_iter().collect();
        // Objects (variables and constants) by file and qualname: the owners of the methods
        // hung on them by a receiver, which have no parent in the map.
        let objects: HashMap<(&str, &str), usize> = symbols
            .iter()
            .enumerate()
            .filter(|(_, s)| {
                s.parent.and_then(|n| at.get(&n)).is_none()
                    && matches!(s.kind.as_str(), "variable" | "constant")
            })
            .map(|(i, s)| ((s.path.as_str(), s.qualname.as_str()), i))
            .collect();
        let mut files: HashMap<String, Lines> = HashMap::new();
        let mut exported_memo: HashMap<i64, bool> = HashMap::new();
        let mut below: HashMap<i64, Below> = HashMap::new();
        let mut kept_by: BTreeMap<&'static str, usize> = BTreeMap::new();
        let mut not_judged: BTreeMap<String, usize> = BTreeMap::new();
        let (mut judged, mut tests_left_out, mut unreadable) = (0usize, 0usize, 0usize);
        // Listed symbols: index, exported.
        let mut listed: Vec<(usize, bool)> = Vec::new();
        // The symbols around an entry point.
        let mut holds_entry: HashSet<usize> = HashSet::new();
        for (i, s) in symbols.iter().enumerate() {
            let Some(kind) = Kind::parse(&s.kind) else {
                continue;
            };
            if !JUDGED.contains(&kind) {
                if matches!(kind, Kind::Field | Kind::Constant | Kind::Variable) {
                    *not_judged.entry(s.kind.clone()).or_insert(0) += 1;
                }
                continue;
            }
            if !kinds.contains(&kind) {
                continue;
            }
            if p.not_under
                .iter()
                .any(|d| indexer::project::holds(d, &s.path))
            {
                continue;
            }
            if exclude_tests && is_test_path(&s.path) {
                tests_left_out += 1;
                continue;
            }
            judged += 1;
            if reached[i] {
                continue;
            }
            let structure = self.structure_of(s, kind, &symbols, &at, &bases, &mut below)?;
            let language = self.language_says(
                i,
                &symbols,
                &at,
                &objects,
                &all_paths,
                &mut files,
                &mut exported_memo,
                &mut unreadable,
            )?;
            match verdict(language, structure, include_exported) {
                Ok(k) => {
                    *kept_by.entry(k.as_str()).or_insert(0) += 1;
                    if k == Kept::Entry {
                        let mut x = s.parent.and_then(|n| at.get(&n).copied());
                        while let Some(j) = x.filter(|j| holds_entry.insert(*j)) {
                            x = symbols[j].parent.and_then(|n| at.get(&n).copied());
                        }
                    }
                }
                Err(exported) => listed.push((i, exported)),
            }
        }
        // A type that holds an entry point is run with it (a test class of test methods).
        let before = listed.len();
        listed.retain(|(i, _)| !holds_entry.contains(i));
        if listed.len() < before {
            *kept_by.entry(Kept::Entry.as_str()).or_insert(0) += before - listed.len();
        }
        if unreadable > 0 {
            warnings.push(format!(
                "{unreadable} file(s) could not be read: their symbols were judged without their declarations' text (attributes, `export`)"
            ));
        }

        // Each directory's files of the map, by language: where mentions are looked for.
        let mut dirs: HashMap<(String, String), Vec<String>> = HashMap::new();
        for f in self.db.indexed_files_with_lang()? {
            let dir = f.0.rsplit_once('/').map_or("", |(d, _)| d).to_string();
            dirs.entry((dir, f.1)).or_default().push(f.0);
        }

        // Mentions: the listed names written in their directories.
        let mut wanted: HashMap<(String, String), HashSet<String>> = HashMap::new();
        for &(i, _) in &listed {
            let s = &symbols[i];
            let dir = s.path.rsplit_once('/').map_or("", |(d, _)| d).to_string();
            wanted
                .entry((dir, s.lang.clone()))
                .or_default()
                .insert(s.name.clone());
        }
        let written = self.written_in_dirs(&wanted, &dirs, &mut files, exclude_tests);

        // Named as a value in its directory's text (no edge made of it): kept.
        let before = listed.len();
        listed.retain(|&(i, _)| {
            let s = &symbols[i];
            !mentions_of(s, &written).any(|(_, _, value)| value)
        });
        if listed.len() < before {
            *kept_by.entry(Kept::Value.as_str()).or_insert(0) += before - listed.len();
        }
        // Named in a file the parser could not read whole: the use there may be one the map
        // missed (immer's `AnyFunc` in `IProduce`'s call signatures, which tree-sitter's
        // TypeScript grammar does not parse): kept.
        let unparsed: HashSet<String> = self.db.parse_error_files()?.into_iter().collect();
        if !unparsed.is_empty() {
            let before = listed.len();
            listed.retain(|&(i, _)| {
                !mentions_of(&symbols[i], &written).any(|(p, _, _)| unparsed.contains(p))
            });
            if listed.len() < before {
                *kept_by.entry(Kept::Unparsed.as_str()).or_insert(0) += before - listed.len();
            }
        }
        // Imported by name into another file, or named through its module in a file that
        // imports it (`util.jsonStringifyReplacer` passed as a value, `errors.Issues` as a
        // type): used there, where the map made no edge of it (zod's).
        let before = listed.len();
        let paths: HashMap<i64, String> = self.db.indexed_files()?.into_iter().collect();
        let mut importers: HashMap<String, Vec<String>> = HashMap::new();
        listed.retain(|&(i, _)| {
            let s = &symbols[i];
            let Some(lang) = Lang::from_prefix(&s.lang) else {
                return true;
            };
            let file = indexer::id::NodeId::file_id(lang, &s.path);
            let by_name = !s.qualname.contains('.')
                && self
                    .db
                    .imports_of_member_into(&s.name, &file)
                    .is_ok_and(|sites| sites.iter().any(|(f, _, _)| *f != s.path));
            if by_name {
                return false;
            }
            let from = importers
                .entry(s.path.clone())
                .or_insert_with(|| self.importer_files(lang, &s.path, &paths));
            !from.iter().any(|f| {
                !(exclude_tests && is_test_path(f))
                    && self
                        .lines_of(f, &mut files)
                        .as_deref()
                        .is_some_and(|lines| named_through(lines, &s.name, &lang.spec().text))
            })
        });
        if listed.len() < before {
            *kept_by.entry(Kept::Imported.as_str()).or_insert(0) += before - listed.len();
        }
        // Another build's definition of it is reached (Go's `_windows.go` beside `_unix.go`).
        if lang_has_packages(&symbols) {
            let mut reached_names: HashSet<(&str, &str, &str)> = HashSet::new();
            for (i, s) in symbols.iter().enumerate() {
                if reached[i] {
                    reached_names.insert((dir_of(&s.path), s.lang.as_str(), s.qualname.as_str()));
                }
            }
            let before = listed.len();
            listed.retain(|&(i, _)| {
                let s = &symbols[i];
                let packaged = Lang::from_prefix(&s.lang).is_some_and(|l| l.spec().package_nodes);
                !(packaged
                    && reached_names.contains(&(
                        dir_of(&s.path),
                        s.lang.as_str(),
                        s.qualname.as_str(),
                    )))
            });
            if listed.len() < before {
                *kept_by.entry(Kept::Variant.as_str()).or_insert(0) += before - listed.len();
            }
        }
        // Another name of the same definition is reached: one span, several names (a
        // chained assignment, Express's `res.set = res.header = function header`).
        let spans: HashSet<_> = symbols
            .iter()
            .enumerate()
            .filter(|(i, _)| reached[*i])
            .map(|(_, s)| span_key(s))
            .collect();
        let before = listed.len();
        listed.retain(|&(i, _)| !spans.contains(&span_key(&symbols[i])));
        if listed.len() < before {
            *kept_by.entry(Kept::Alias.as_str()).or_insert(0) += before - listed.len();
        }
        // Another definition of its name in its file is reached: in a language without
        // overloads, a variant of it (C's `I2d~2` in the `#else` of 32-bit integers, Rust's
        // `#[cfg]` twin, TypeScript's overload signatures `_enum~2` above `_enum`'s body, the
        // type `stringMap~2` beside the value `stringMap`, Python's `@overload`s).
        let in_file = |s: &ScopeSymbol| {
            Lang::from_prefix(&s.lang)
                .is_some_and(|l| l.spec().variants_in_file.is_some() || !l.spec().overloads)
        };
        let base = |q: &str| q.split('~').next().unwrap_or(q).to_string();
        let reached_here: HashSet<(&str, String)> = symbols
            .iter()
            .enumerate()
            .filter(|(i, s)| reached[*i] && in_file(s))
            .map(|(_, s)| (s.path.as_str(), base(&s.qualname)))
            .collect();
        if !reached_here.is_empty() {
            let before = listed.len();
            listed.retain(|&(i, _)| {
                let s = &symbols[i];
                !(in_file(s) && reached_here.contains(&(s.path.as_str(), base(&s.qualname))))
            });
            if listed.len() < before {
                *kept_by.entry(Kept::Variant.as_str()).or_insert(0) += before - listed.len();
            }
        }

        // An overload called in its file where the map could not tell which one (several
        // take that many arguments): it may be the one called.
        let overloaded = |s: &ScopeSymbol| {
            Lang::from_prefix(&s.lang).is_some_and(|l| l.spec().overloads)
                && callable(&s.kind, s.signature.as_deref())
        };
        // The map's calls with no target, by name: asked once for each name (the candidates
        // below read them again).
        let mut asked: HashMap<String, Vec<indexer::store::UntypedCall>> = HashMap::new();
        for &(i, _) in &listed {
            let s = &symbols[i];
            if overloaded(s) && !asked.contains_key(&s.name) {
                asked.insert(s.name.clone(), self.db.unlinked_calls_named(&s.name)?);
            }
        }
        // Definitions per name in each file, of the names called so.
        let mut defined: HashMap<(&str, String), usize> = HashMap::new();
        if !asked.is_empty() {
            for o in symbols.iter().filter(|o| asked.contains_key(&o.name)) {
                *defined
                    .entry((o.path.as_str(), base(&o.qualname)))
                    .or_insert(0) += 1;
            }
        }
        let before = listed.len();
        listed.retain(|&(i, _)| {
            let s = &symbols[i];
            if !overloaded(s) {
                return true;
            }
            let bare =
                |w: &str| w == s.name || w.strip_prefix("this.").is_some_and(|r| r == s.name);
            let called_here = asked
                .get(&s.name)
                .into_iter()
                .flatten()
                .any(|c| c.file == s.path && c.source != s.node_id && bare(&c.written));
            let twins = defined
                .get(&(s.path.as_str(), base(&s.qualname)))
                .is_some_and(|&n| n > 1);
            !(called_here && twins)
        });
        if listed.len() < before {
            *kept_by.entry(Kept::Overload.as_str()).or_insert(0) += before - listed.len();
        }

        // Members of a listed symbol are folded under the outermost listed one.
        let listed_set: HashSet<usize> = listed.iter().map(|(i, _)| *i).collect();
        let mut members: HashMap<usize, usize> = HashMap::new();
        let mut kept_listed: Vec<(usize, bool)> = Vec::new();
        for &(i, exported) in &listed {
            let mut outer = None;
            let mut x = symbols[i].parent.and_then(|n| at.get(&n).copied());
            for _ in 0..32 {
                let Some(j) = x else { break };
                if listed_set.contains(&j) {
                    outer = Some(j);
                }
                x = symbols[j].parent.and_then(|n| at.get(&n).copied());
            }
            match outer {
                Some(o) => *members.entry(o).or_insert(0) += 1,
                None => kept_listed.push((i, exported)),
            }
        }

        // The names written in a string in another directory (flask's `"create_app2"` in
        // `tests/test_cli.py`, a factory its CLI finds by name; `getattr(module,
        // "make_app")` in `src/flask/cli.py`): mentions too.
        let mut quoted_names: HashMap<String, HashSet<String>> = HashMap::new();
        for &(i, _) in &kept_listed {
            let s = &symbols[i];
            quoted_names
                .entry(s.lang.clone())
                .or_default()
                .insert(s.name.clone());
        }
        let (quoted, quoted_unread) =
            self.quoted_in_files(&quoted_names, &dirs, &mut files, exclude_tests);
        if quoted_unread > 0 {
            warnings.push(format!(
                "{quoted_unread} file(s) were not read for the listed names written in strings (the first {QUOTED_FILES} of each language were): a name given as a string there is not counted (partial)"
            ));
        }

        // Candidates: calls of the name on values the map could not type.
        let mut out: Vec<Unused> = Vec::new();
        for &(i, exported) in &kept_listed {
            let s = &symbols[i];
            let (mut candidates, mut sites) = (0usize, Vec::new());
            if callable(&s.kind, s.signature.as_deref()) {
                if !asked.contains_key(&s.name) {
                    asked.insert(s.name.clone(), self.db.unlinked_calls_named(&s.name)?);
                }
                let inner = format!("{}.", s.node_id);
                for c in asked.get(&s.name).into_iter().flatten() {
                    if c.source == s.node_id || c.source.starts_with(&inner) {
                        continue;
                    }
                    if exclude_tests && is_test_path(&c.file) {
                        continue;
                    }
                    candidates += 1;
                    if sites.len() < SITES {
                        sites.push(format!("{}:{}", c.file, c.line));
                    }
                }
            }
            let skip = sites_seen(&sites);
            let dir = s.path.rsplit_once('/').map_or("", |(d, _)| d).to_string();
            let (mut mentions, mut mentioned_at) = (0usize, Vec::new());
            let _ = dir;
            let own_dir = dir_of(&s.path);
            let in_strings = quoted
                .get(&(s.lang.clone(), s.name.clone()))
                .into_iter()
                .flatten()
                .filter(|(p, _)| dir_of(p) != own_dir)
                .map(|(p, l)| (p.as_str(), *l, false));
            for (path, line, _) in mentions_of(s, &written).chain(in_strings) {
                let site = format!("{path}:{line}");
                if skip.contains(&site) {
                    continue;
                }
                mentions += 1;
                if mentioned_at.len() < SITES {
                    mentioned_at.push(site);
                }
            }
            out.push(Unused {
                node_id: s.node_id.clone(),
                kind: s.kind.clone(),
                line: s.name_line,
                members: members.get(&i).copied().unwrap_or(0),
                candidates,
                sites,
                mentions,
                mentioned_at,
                exported,
                // Not when calls of its name outside tests may reach it (gin's
                // `root.getValue`, a local whose type the parse does not follow).
                only_tests: by_tests[i] && candidates == 0,
            });
        }
        // The most confidently unused first: no candidates, not exported, reached by no
        // test; then by file and line.
        out.sort_by(|a, b| {
            let doubt = |u: &Unused| u.candidates > 0 || u.mentions > 0;
            (doubt(a), a.exported, a.only_tests)
                .cmp(&(doubt(b), b.exported, b.only_tests))
                .then_with(|| {
                    a.node_id
                        .split('#')
                        .next()
                        .cmp(&b.node_id.split('#').next())
                })
                .then(a.line.cmp(&b.line))
        });

        // Stale files: any of them may define a symbol now unused or use a listed one (viper
        // after an edit: "0 unused of 426 judged", nothing said, the new unused function
        // missed).
        let stale = self.stale_files()?;
        if !stale.is_empty() {
            warnings.push(format!(
                "{} file(s) changed on disk since indexing: {} (this answer is the last index run's view of them; run `codemap index`)",
                stale.len(),
                stale.iter().take(5).cloned().collect::<Vec<_>>().join(", ")
            ));
        }
        let mentioned = out.iter().filter(|u| u.mentions > 0).count();
        if mentioned > 0 {
            warnings.push(format!(
                "{mentioned} listed symbol(s) have their name written elsewhere in their directory, or in a string in another, with no edge made of it (mentions: a function passed as a value, a callback, a name looked up from a string)"
            ));
        }
        let with_candidates = out.iter().filter(|u| u.candidates > 0).count();
        if with_candidates > 0 {
            warnings.push(format!(
                "{with_candidates} listed symbol(s) have untyped call sites of their name (candidates) that may reach them: check those before deleting"
            ));
        }
        if !not_judged.is_empty() {
            warnings.push(format!(
                "not judged: {} (the map records no reads of fields, constants or variables)",
                not_judged
                    .iter()
                    .map(|(k, n)| format!("{n} {k}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if tests_left_out > 0 {
            warnings.push(format!(
                "{tests_left_out} symbol(s) of test code left out, and test code's uses not counted (excludeTests)"
            ));
        }
        let total_members: usize = out.iter().map(|u| u.members).sum();
        let kept_total: usize = kept_by.values().sum();
        let head = json!({
            "judged": judged,
            "unused": out.len() + total_members,
            "kept": kept_by,
        });
        let vals: Vec<Value> = out.iter().map(|u| json!(u)).collect();
        let budget = clamp_budget(p.token_budget);
        let f = crate::envelope::fit_said(vals.len(), budget, &warnings, |k| {
            let mut v = head.clone();
            if let Some(s) = scope {
                v["path"] = json!(s);
            }
            v["symbols"] = json!(&vals[..k]);
            v
        });
        let dropped = f.dropped(
            "unused symbols",
            "narrow with `path` or `kinds`, or a larger tokenBudget",
        );
        let kept_n = f.kept;
        let summary = format!(
            "{} unused of {judged} judged{}{}; kept though nothing reaches them: {}",
            out.len() + total_members,
            scope.map(|s| format!(" under {s}")).unwrap_or_default(),
            if total_members > 0 {
                format!(" ({} listed, {total_members} folded as members)", out.len())
            } else {
                String::new()
            },
            if kept_total == 0 {
                "none".to_string()
            } else {
                kept_by
                    .iter()
                    .map(|(k, n)| format!("{n} {k}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        );
        out.truncate(kept_n);
        Ok(Answer {
            data: f.data,
            dropped,
            warnings,
            text: Text::new(move || {
                let mut t = summary;
                t.push('\n');
                for u in &out {
                    t.push_str(&format!("  {} ({}, line {})", u.node_id, u.kind, u.line));
                    if u.members > 0 {
                        t.push_str(&format!(" +{} member(s)", u.members));
                    }
                    if u.exported {
                        t.push_str(" exported");
                    }
                    if u.only_tests {
                        t.push_str(" only-tests");
                    }
                    if u.candidates > 0 {
                        t.push_str(&format!(
                            "  {} untyped call(s) of its name: {}{}",
                            u.candidates,
                            u.sites.join(", "),
                            if u.candidates > u.sites.len() {
                                ", …"
                            } else {
                                ""
                            }
                        ));
                    }
                    if u.mentions > 0 {
                        t.push_str(&format!(
                            "  {} mention(s): {}{}",
                            u.mentions,
                            u.mentioned_at.join(", "),
                            if u.mentions > u.mentioned_at.len() {
                                ", …"
                            } else {
                                ""
                            }
                        ));
                    }
                    t.push('\n');
                }
                t
            }),
        })
    }

    /// Where each name of `wanted` (by directory and language) is written as a word in the
    /// files of that directory, comment lines left out; with `exclude_tests`, not in test
    /// files. Each directory's files are read and split into words once.
    fn written_in_dirs(
        &self,
        wanted: &HashMap<(String, String), HashSet<String>>,
        dirs: &HashMap<(String, String), Vec<String>>,
        files: &mut HashMap<String, Lines>,
        exclude_tests: bool,
    ) -> Written {
        let mut out: Written = HashMap::new();
        for (key, names) in wanted {
            for path in dirs.get(key).into_iter().flatten() {
                if exclude_tests && is_test_path(path) {
                    continue;
                }
                let Some(lines) = self.lines_of(path, files) else {
                    continue;
                };
                let rules = Lang::from_prefix(&key.1).map_or(TextRules::BRACES, |l| l.spec().text);
                for (k, l) in lines.iter().enumerate() {
                    // A line of code: C's `#if FMT_HAS_INCLUDE(…)` is one, Python's `#` not.
                    if is_comment(l, &rules) {
                        continue;
                    }
                    let mut seen: HashMap<&str, usize> = HashMap::new();
                    for (at, w) in word_spans(l) {
                        if !names.contains(w) {
                            continue;
                        }
                        let value = as_value(l, at, w.len(), rules.member_values);
                        let list = out
                            .entry((key.0.clone(), key.1.clone(), w.to_string()))
                            .or_default();
                        match seen.get(w) {
                            // One entry a line; a value anywhere on it makes it one.
                            Some(&j) => list[j].2 |= value,
                            None => {
                                seen.insert(w, list.len());
                                list.push((path.clone(), k as u32 + 1, value));
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// Where the `names` of each language are written inside a string (`"create_app2"`,
    /// `"app:make_app"`), in the map's files of that language (the first [`QUOTED_FILES`] of
    /// each): (language, name) → (file, line), and how many files were not read.
    fn quoted_in_files(
        &self,
        names: &HashMap<String, HashSet<String>>,
        dirs: &HashMap<(String, String), Vec<String>>,
        files: &mut HashMap<String, Lines>,
        exclude_tests: bool,
    ) -> (Quoted, usize) {
        let mut out: Quoted = HashMap::new();
        let mut unread = 0;
        for (lang, wanted) in names {
            let mut paths: Vec<&String> = dirs
                .iter()
                .filter(|((_, l), _)| l == lang)
                .flat_map(|(_, ps)| ps)
                .filter(|p| !(exclude_tests && is_test_path(p)))
                .collect();
            paths.sort();
            unread += paths.len().saturating_sub(QUOTED_FILES);
            for path in paths.into_iter().take(QUOTED_FILES) {
                let Some(lines) = self.lines_of(path, files) else {
                    continue;
                };
                for (k, l) in lines.iter().enumerate() {
                    if !l.contains(['"', '\'']) {
                        continue;
                    }
                    let line = k as u32 + 1;
                    for (at, w) in word_spans(l) {
                        if wanted.contains(w) && in_string(l, at, w.len()) {
                            let sites = out.entry((lang.clone(), w.to_string())).or_default();
                            // One entry a line.
                            if sites.last() != Some(&(path.clone(), line)) {
                                sites.push((path.clone(), line));
                            }
                        }
                    }
                }
            }
        }
        (out, unread)
    }

    /// The files that import `path`'s file, and those that import a barrel among them (an
    /// `index`, `__init__`, `mod` or `lib` file that re-exports it: zod's `core/index.ts`
    /// handing on `util`), by path; `path` itself left out.
    fn importer_files(&self, lang: Lang, path: &str, paths: &HashMap<i64, String>) -> Vec<String> {
        let of = |p: &str| -> Vec<String> {
            self.db
                .importers_of(&indexer::id::NodeId::file_id(lang, p))
                .unwrap_or_default()
                .into_iter()
                .filter_map(|id| paths.get(&id).cloned())
                .collect()
        };
        let mut out = of(path);
        let barrels: Vec<String> = out
            .iter()
            .filter(|p| {
                let stem = p.rsplit('/').next().unwrap_or(p);
                let stem = stem.split('.').next().unwrap_or(stem);
                matches!(stem, "index" | "__init__" | "mod" | "lib")
            })
            .cloned()
            .collect();
        for b in barrels {
            out.extend(of(&b));
        }
        out.sort();
        out.dedup();
        out.retain(|p| p != path);
        out
    }

    /// A file's lines, read once an answer (`None`: unreadable).
    fn lines_of<'f>(&self, path: &str, files: &'f mut HashMap<String, Lines>) -> &'f Lines {
        files.entry(path.to_string()).or_insert_with(|| {
            std::fs::read(self.root.join(path)).ok().map(|b| {
                String::from_utf8_lossy(&b)
                    .lines()
                    .map(str::to_string)
                    .collect()
            })
        })
    }

    /// The other bases of the types below `owner` (transitively): those in the map, and
    /// whether one is outside it. Memoised by owner.
    fn bases_below<'m>(
        &self,
        owner: i64,
        memo: &'m mut HashMap<i64, Below>,
    ) -> Result<&'m Below, ToolError> {
        if let std::collections::hash_map::Entry::Vacant(slot) = memo.entry(owner) {
            let mut out = Below::default();
            let mut seen = HashSet::from([owner]);
            let mut frontier = vec![owner];
            for _ in 0..BASE_DEPTH {
                let mut next = Vec::new();
                for t in frontier {
                    for sub in self.db.subtypes_of(t)? {
                        if !seen.insert(sub) {
                            continue;
                        }
                        for b in self.db.bases_of(sub)? {
                            match (b.base, b.in_map) {
                                (Some(n), true) if n == t => {}
                                (Some(n), true) => out.in_map.push(n),
                                _ => out.outside = true,
                            }
                        }
                        next.push(sub);
                    }
                }
                if next.is_empty() {
                    break;
                }
                frontier = next;
            }
            slot.insert(out);
        }
        Ok(&memo[&owner])
    }

    /// What the map's structure says of a symbol nothing reaches ([`structural`]).
    fn structure_of(
        &self,
        s: &ScopeSymbol,
        kind: Kind,
        symbols: &[ScopeSymbol],
        at: &HashMap<i64, usize>,
        bases: &HashMap<i64, Vec<BaseEdge>>,
        below: &mut HashMap<i64, Below>,
    ) -> Result<Option<Kept>, ToolError> {
        let parent = s.parent.and_then(|n| at.get(&n)).map(|&i| &symbols[i]);
        let in_interface = parent.is_some_and(|p| p.kind == "interface");
        let implements_out = bases.get(&s.number).is_some_and(|bs| !bs.is_empty());
        // A method, or a type declared in a type (an associated type, Rust's `type Target`
        // of `impl Deref for X`): what a base declares and the type fills in.
        // Not where a type has no bases, only impl blocks (Rust): there a method implements
        // only through its impl's `implements` edge, and an inherent method overrides
        // nothing (regex-syntax: an uncalled private method of `TranslatorI`, a type with a
        // `Debug` impl, was kept as "baseOutside"; `cargo check` says never used).
        let by_impl_only =
            Lang::from_prefix(&s.lang).is_some_and(|l| l.spec().impl_self_type.is_some());
        let overridable = !by_impl_only
            && (kind == Kind::Method
                || (kind == Kind::Type && parent.is_some_and(|p| p.kind != "file")));
        let (mut base_has_it, mut base_outside) = (false, false);
        if let (true, Some(owner)) = (overridable, s.parent) {
            // Breadth first up the bases of the method's type.
            let mut seen = HashSet::from([owner]);
            let mut frontier = vec![owner];
            for _ in 0..BASE_DEPTH {
                let mut next = Vec::new();
                for t in frontier {
                    let edges = match bases.get(&t) {
                        Some(bs) => bs.clone(),
                        None if at.contains_key(&t) => Vec::new(),
                        None => self.db.bases_of(t)?,
                    };
                    for b in edges {
                        match (b.base, b.in_map) {
                            (Some(n), true) => {
                                if self.db.has_member_named(n, &s.name)? {
                                    base_has_it = true;
                                }
                                if seen.insert(n) {
                                    next.push(n);
                                }
                            }
                            _ => base_outside = true,
                        }
                    }
                }
                if base_has_it || next.is_empty() {
                    break;
                }
                frontier = next;
            }
        }
        // A type below this one that has another base, of a member of this name or outside
        // the map: it inherits this method to fill that base in (commons-collections4's
        // `AbstractViewIterator.hasPrevious`, for the `ListIterator` only its subclasses
        // implement, listed as dead).
        if let (true, false, false, Some(owner)) =
            (overridable, base_has_it, base_outside, s.parent)
        {
            let b = self.bases_below(owner, below)?;
            base_outside = b.outside;
            for &n in &b.in_map {
                if self.db.has_member_named(n, &s.name)? {
                    base_has_it = true;
                    break;
                }
            }
        }
        Ok(structural(
            overridable,
            in_interface,
            implements_out,
            base_has_it,
            base_outside,
        ))
    }

    /// What the symbol's language says of it ([`Language::kept`]), from its declaration's
    /// text (read once a file) and its parent's verdict (memoised).
    #[allow(clippy::too_many_arguments)]
    fn language_says(
        &self,
        i: usize,
        symbols: &[ScopeSymbol],
        at: &HashMap<i64, usize>,
        objects: &HashMap<(&str, &str), usize>,
        all_paths: &HashSet<String>,
        files: &mut HashMap<String, Lines>,
        exported: &mut HashMap<i64, bool>,
        unreadable: &mut usize,
    ) -> Result<Option<Kept>, ToolError> {
        let s = &symbols[i];
        let Some(lang) = Lang::from_prefix(&s.lang) else {
            return Ok(None);
        };
        let spec = lang.spec();
        // A method hung on an object by its receiver (`handlers.onAdd` of `export const
        // handlers = { onAdd() {…} }`, `res.send = function …`) is a member of that object.
        let parent = s.parent.and_then(|n| at.get(&n).copied()).or_else(|| {
            let (owner, _) = s.qualname.rsplit_once('.')?;
            objects.get(&(s.path.as_str(), owner)).copied()
        });
        let parent_exported = match parent {
            Some(j) => match exported.get(&symbols[j].number) {
                Some(e) => *e,
                None => {
                    let k = self.language_says(
                        j, symbols, at, objects, all_paths, files, exported, unreadable,
                    )?;
                    k == Some(Kept::Exported)
                }
            },
            None => false,
        };
        if !files.contains_key(&s.path) && self.lines_of(&s.path, files).is_none() {
            *unreadable += 1;
        }
        let lines = files.get(&s.path).and_then(|l| l.as_ref());
        let (head, before): (String, Vec<&str>) = match lines {
            Some(ls) => {
                // A file edited since the index run: the declaration where its name is
                // written now, nearest the map's line (regex-syntax: 4 lines added above
                // the tests, and 47 `#[test]` functions read without their attribute were
                // listed).
                let shift = shift_to_name(ls, s.name_line, &s.name);
                let moved = |l: u32| (l as i64 + shift).max(1) as usize;
                let start = moved(s.start_line).saturating_sub(1).min(ls.len());
                let end = moved(s.name_line).clamp(start, ls.len());
                let from = start.saturating_sub(DECL_LINES_BEFORE);
                (
                    ls[start..end].join("\n"),
                    ls[from..start].iter().map(String::as_str).collect(),
                )
            }
            None => (String::new(), Vec::new()),
        };
        let (dir, _) = s.path.rsplit_once('/').unwrap_or(("", ""));
        let in_package = spec.package_init.is_some_and(|stem| {
            spec.extensions.iter().any(|ext| {
                let f = if dir.is_empty() {
                    format!("{stem}.{ext}")
                } else {
                    format!("{dir}/{stem}.{ext}")
                };
                all_paths.contains(&f)
            })
        });
        let decl = Decl {
            kind: Kind::parse(&s.kind).unwrap_or(Kind::Function),
            name: &s.name,
            qualname: &s.qualname,
            path: &s.path,
            parent: parent.and_then(|j| Kind::parse(&symbols[j].kind)),
            parent_exported,
            package: s.package.as_deref(),
            in_package,
            test_file: is_test_path(&s.path),
            signature: s.signature.as_deref().unwrap_or(""),
            head: &head,
            before: &before,
        };
        let k = (spec.kept)(&decl);
        exported.insert(s.number, k == Some(Kept::Exported));
        Ok(k)
    }
}

/// A symbol's file, kind and lines: the key of the names of one definition ([`Kept::Alias`]).
fn span_key(s: &ScopeSymbol) -> (&str, &str, u32, u32) {
    (&s.path, &s.kind, s.start_line, s.end_line)
}

/// How many lines a declaration named `name` on `line` (1-based) of the map has moved in
/// `lines` (the file now): 0 where that line still writes the name, else the offset of the
/// nearest line that does within [`SHIFT_WINDOW`] (0 if none). Pure.
fn shift_to_name(lines: &[String], line: u32, name: &str) -> i64 {
    let writes = |l: i64| {
        l >= 1
            && (l as usize) <= lines.len()
            && indexer::syntax::writes_word(&lines[l as usize - 1], name)
    };
    let line = line as i64;
    if writes(line) {
        return 0;
    }
    (1..=SHIFT_WINDOW)
        .flat_map(|d| [d, -d])
        .find(|d| writes(line + d))
        .unwrap_or(0)
}

/// How far [`shift_to_name`] looks for a declaration's name, each way.
const SHIFT_WINDOW: i64 = 400;

/// The candidate sites already listed, as `file:line` (a mention there is that call).
fn sites_seen(sites: &[String]) -> HashSet<String> {
    sites.iter().cloned().collect()
}

/// Whether a line is a comment line in its language (`TextRules::is_comment_line`: `//`,
/// `/*`, a block comment's ` * ` or `*/`, and `#` where `#` starts a comment, not C's
/// `#if`); a statement that starts with a dereference (`*arr = …`) is none. Pure.
pub fn is_comment(line: &str, rules: &TextRules) -> bool {
    rules.is_comment_line(line.trim_start())
}

#[cfg(test)]
mod tests {
    /// (line, word, inside a string)
    #[test]
    fn a_declaration_moved_since_the_index_is_found_by_its_name() {
        let lines: Vec<String> = [
            "// new",
            "// new",
            "#[test]",
            "fn parse() {}",
            "fn other() {}",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(shift_to_name(&lines, 2, "parse"), 2);
        assert_eq!(shift_to_name(&lines, 4, "parse"), 0);
        assert_eq!(shift_to_name(&lines, 5, "parse"), -1);
        assert_eq!(shift_to_name(&lines, 1, "gone"), 0);
    }

    #[test]
    fn a_name_inside_a_string_is_told() {
        for (line, word, want) in [
            (
                r#"    ("cliapp.factory", "create_app2", "foo"),"#,
                "create_app2",
                true,
            ),
            ("    app = getattr(module, 'make_app')", "make_app", true),
            ("    make_app(x)", "make_app", false),
            (r#"    "a \" b", make_app"#, "make_app", false),
            ("impl<'a> Foo<'a> for Bar {", "Foo", false),
            ("    x = 'it is make_app'", "make_app", false),
            (r#"    print("make_app is called")"#, "make_app", true),
        ] {
            let at = line.find(word).expect("the word");
            assert_eq!(super::in_string(line, at, word.len()), want, "{line}");
        }
    }

    use super::*;

    #[test]
    fn words_and_comment_lines() {
        for (line, word, want) in [
            (
                "return filterFile(src, exportFilter, true)",
                "exportFilter",
                true,
            ),
            ("x := exportFilters", "exportFilter", false),
            ("my_exportFilter()", "exportFilter", false),
            ("f(exportFilter)", "exportFilter", true),
            ("$exportFilter", "exportFilter", false),
            ("exportFilter", "exportFilter", true),
        ] {
            assert_eq!(word_spans(line).any(|(_, w)| w == word), want, "{line}");
        }
        let hash = TextRules {
            hash_comments: true,
            ..TextRules::BRACES
        };
        for (line, want) in [
            ("  // exportFilter is a filter", true),
            ("   * @param x", true),
            ("   *", true),
            ("   */", true),
            (
                "  *arr = ares_array_create(sizeof(ares_buf_t *), ares_buf_destroy_cb);",
                false,
            ),
            ("#[test]", false),
            ("return x // y", false),
            ("#if FMT_HAS_INCLUDE(<string_view>)", false),
        ] {
            assert_eq!(is_comment(line, &TextRules::BRACES), want, "{line}");
        }
        assert!(is_comment("# helper", &hash));
    }

    #[test]
    fn names_through_a_module() {
        let lines = |t: &str| t.lines().map(str::to_string).collect::<Vec<_>>();
        for (text, name, want) in [
            ("pick<M extends util.Mask<keyof Shape>>(", "Mask", true),
            ("const x = issue as errors.Issues;", "Issues", true),
            (
                "JSON.stringify(x, util.jsonStringifyReplacer, 2);",
                "jsonStringifyReplacer",
                true,
            ),
            ("JSON.stringify(x, replacer);", "replacer", true),
            ("// util.Mask is not used here", "Mask", false),
            ("const Mask2 = 1; callMask();", "Mask", false),
            ("\"Mask\" in a string", "Mask", false),
        ] {
            assert_eq!(
                named_through(&lines(text), name, &TextRules::BRACES),
                want,
                "{text}"
            );
        }
    }

    #[test]
    fn names_used_as_values() {
        for (line, name, want) in [
            ("\trun(t, testFoo)", "testFoo", true),
            ("\tt.Run(\"x\", testSplice)", "testSplice", true),
            (
                "\treturn p.parseGenDecl(token.IMPORT, p.parseImportSpec)",
                "parseImportSpec",
                true,
            ),
            ("\t\ttestFoo,", "testFoo", true),
            ("\tHandler: serveFoo,", "serveFoo", true),
            ("\tf := helper", "helper", true),
            ("\thelper(1)", "helper", false),
            ("\tx := r.lookupSRV(ctx)", "lookupSRV", false),
            ("\tname := \"helper\"", "helper", false),
            ("func helper() {", "helper", false),
            ("type helper struct {", "helper", false),
            // A macro invoked in another macro's body.
            ("        if_checking_limit! {", "if_checking_limit", true),
            (
                "    $crate::json_internal!(@array [])",
                "json_internal",
                true,
            ),
            (
                "macro_rules! if_checking_limit {",
                "if_checking_limit",
                false,
            ),
        ] {
            let at = line.find(name).expect("name");
            assert_eq!(as_value(line, at, name.len(), false), want, "{line}");
        }
        // A type's member read through it, in any language; a method named through an object
        // and not called, where that is a value (Python, Go, JS, C#).
        for (line, name, members, want) in [
            (
                "    functools.partial(PartialRoutes.async_endpoint, arg=\"foo\"),",
                "PartialRoutes",
                false,
                true,
            ),
            ("    x = config.value", "config", true, false),
            (
                "        self.default = self.not_found if default is None else default",
                "not_found",
                true,
                true,
            ),
            (
                "        self.default = self.not_found if default is None else default",
                "not_found",
                false,
                false,
            ),
            ("        self.not_found(scope)", "not_found", true, false),
            ("        self.not_found = handler", "not_found", true, false),
            (
                "        if self.not_found == other:",
                "not_found",
                true,
                true,
            ),
            (
                "        self.not_found.cache_clear()",
                "not_found",
                true,
                false,
            ),
        ] {
            let at = line.find(name).expect("name");
            assert_eq!(as_value(line, at, name.len(), members), want, "{line}");
        }
        assert_eq!(
            word_spans("a.b(cd, $e)").collect::<Vec<_>>(),
            [(0, "a"), (2, "b"), (4, "cd"), (8, "$e")]
        );
    }

    #[test]
    fn structure_keeps_contracts_and_overrides() {
        // (method, in interface, implements out, base has it, base outside) → kept
        for (case, want) in [
            (
                (true, true, false, false, false),
                Some(Kept::InterfaceMember),
            ),
            ((true, false, true, false, false), Some(Kept::Override)),
            ((false, false, true, false, false), Some(Kept::Override)),
            ((true, false, false, true, false), Some(Kept::Override)),
            ((true, false, false, true, true), Some(Kept::Override)),
            ((true, false, false, false, true), Some(Kept::BaseOutside)),
            ((false, false, false, false, true), None),
            ((false, false, false, true, false), None),
            ((true, false, false, false, false), None),
        ] {
            let (m, i, o, b, x) = case;
            assert_eq!(structural(m, i, o, b, x), want, "{case:?}");
        }
    }

    #[test]
    fn the_language_first_then_the_structure_then_exported() {
        use Kept::*;
        for (language, structure, include, want) in [
            (None, None, false, Err(false)),
            (None, None, true, Err(false)),
            (Some(Entry), None, false, Ok(Entry)),
            (Some(Entry), Some(Override), false, Ok(Entry)),
            (Some(Exported), Some(Override), false, Ok(Override)),
            (Some(Exported), Some(Override), true, Ok(Override)),
            (Some(Exported), None, false, Ok(Exported)),
            (Some(Exported), None, true, Err(true)),
            (None, Some(InterfaceMember), true, Ok(InterfaceMember)),
            (Some(Constructor), None, true, Ok(Constructor)),
        ] {
            assert_eq!(
                verdict(language, structure, include),
                want,
                "{language:?} {structure:?} {include}"
            );
        }
    }
}
