//! One file of the map as one SCIP `Document`. Pure: the rows, the SCIP symbol of every node
//! they name and the file's lines in, the document out.
//!
//! - Every symbol row is a definition occurrence on its name, `enclosing_range` its full
//!   range, and a `SymbolInformation` (display name, kind, signature and first doc line,
//!   relationships; `enclosing_symbol` where the symbol does not spell its parent: locals, and
//!   a Go file's package).
//! - Every edge with a target found in the file is a reference occurrence on the name it was
//!   found at: `imports` with the Import role on the module or path as written, `calls`,
//!   `uses` and `extends` on the name's last segment.
//! - `implements` and `extends` edges are `is_implementation` relationships of their source;
//!   a method that overrides a base's or an interface's method of its name has an
//!   `is_implementation` + `is_reference` relationship to it.
//! - Columns are converted from codemap's characters to the declared encoding with the line's
//!   text; a position on a line the text does not have keeps its character count.

use super::symbol::Suffix;
use crate::encoding::{from_char_col_bytes, Encoding};
use crate::model::{EdgeKind, Kind};
use crate::store::{DocEdge, DocSymbol};
use crate::Lang;
use scip::types::symbol_information::Kind as ScipKind;
use scip::types::{
    Document, Occurrence, PositionEncoding, Relationship, Signature, SymbolInformation, SymbolRole,
};
use std::collections::{HashMap, HashSet};

/// A Go file's package clause: the package node's symbol, the clause's name, and whether this
/// document defines the package (its first file) or refers to it.
#[derive(Debug, Clone)]
pub struct PackageClause {
    pub symbol: String,
    pub name: String,
    pub defines: bool,
    /// The package's `SymbolInformation`, in the document that defines it.
    pub info: Option<SymbolInformation>,
}

/// Everything one document is made of.
pub struct Input<'a> {
    pub path: &'a str,
    pub lang: Lang,
    /// In source order.
    pub symbols: &'a [DocSymbol],
    pub edges: &'a [DocEdge],
    /// The `implements` and `extends` edges of the file's symbols, wherever they were found.
    pub bases: &'a [DocEdge],
    /// (method, the base or interface method it overrides).
    pub overrides: &'a [(i64, i64)],
    pub package: Option<&'a PackageClause>,
    /// The SCIP symbol of every node number the rows name (locals as `local N`).
    pub names: &'a HashMap<i64, String>,
    /// The file's lines (bytes: a file need not be UTF-8), without line ends; empty when the
    /// file could not be read.
    pub lines: &'a [&'a [u8]],
    pub encoding: Encoding,
}

/// What building a document counted.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    pub definitions: u64,
    pub references: u64,
    /// Occurrences dropped as exact repeats (two edges at one name to one target).
    pub repeats: u64,
    /// Edges whose target has no SCIP symbol (left out).
    pub unnamed: u64,
    /// Positions on lines the text does not have (kept in characters).
    pub unconverted: u64,
}

pub fn position_encoding(enc: Encoding) -> PositionEncoding {
    match enc {
        Encoding::Utf8 => PositionEncoding::UTF8CodeUnitOffsetFromLineStart,
        Encoding::Utf16 => PositionEncoding::UTF16CodeUnitOffsetFromLineStart,
        Encoding::Utf32 => PositionEncoding::UTF32CodeUnitOffsetFromLineStart,
    }
}

/// The SCIP kind of a map symbol.
pub fn scip_kind(lang: Lang, kind: Kind, parent_kind: Option<Kind>) -> ScipKind {
    match kind {
        Kind::File if lang.spec().scip.files_are_modules => ScipKind::Module,
        Kind::File => ScipKind::File,
        // A directory's package (Go); a namespace declared in a file (TypeScript).
        Kind::Package if lang.spec().package_nodes => ScipKind::Package,
        Kind::Package => ScipKind::Namespace,
        Kind::Class => ScipKind::Class,
        Kind::Struct => ScipKind::Struct,
        Kind::Interface => ScipKind::Interface,
        Kind::Type => ScipKind::Type,
        Kind::Function => ScipKind::Function,
        Kind::Method if parent_kind == Some(Kind::Interface) => ScipKind::AbstractMethod,
        Kind::Method => ScipKind::Method,
        Kind::Field => ScipKind::Field,
        Kind::Constant => ScipKind::Constant,
        Kind::Variable => ScipKind::Variable,
    }
}

/// A symbol's documentation: its signature as a code block (what hovers show; newer readers
/// also find it in `signature_documentation`), then its first doc line.
fn documentation(lang: Lang, s: &DocSymbol) -> Vec<String> {
    let fence = lang.spec().scip.language.to_lowercase();
    s.signature
        .iter()
        .map(|sig| format!("```{fence}\n{sig}\n```"))
        .chain(s.doc.iter().cloned())
        .collect()
}

/// Whether every descriptor but the last of `symbol` spells `parent`: then SCIP readers find
/// the parent from the symbol itself and `enclosing_symbol` stays empty.
fn spells_parent(symbol: &str, parent: &str) -> bool {
    !symbol.starts_with("local ") && symbol.len() > parent.len() && symbol.starts_with(parent)
}

struct Lines<'a> {
    lines: &'a [&'a [u8]],
    enc: Encoding,
    unconverted: u64,
}

impl Lines<'_> {
    fn bytes(&self, line: u32) -> Option<&[u8]> {
        self.lines.get(line.checked_sub(1)? as usize).copied()
    }

    /// A line's text to search for names in (not UTF-8: decoded lossily).
    fn text(&self, line: u32) -> Option<std::borrow::Cow<'_, str>> {
        self.bytes(line).map(String::from_utf8_lossy)
    }

    /// A 1-based (line, character column) → SCIP's 0-based (line, unit offset).
    fn point(&mut self, line: u32, col: u32) -> (i32, i32) {
        let l = line.saturating_sub(1) as i32;
        match self.bytes(line) {
            Some(t) => (l, from_char_col_bytes(t, col, self.enc) as i32),
            None => {
                self.unconverted += 1;
                (l, col.saturating_sub(1) as i32)
            }
        }
    }

    fn range(&mut self, start: (u32, u32), end: (u32, u32)) -> Vec<i32> {
        let (sl, sc) = self.point(start.0, start.1);
        let (el, ec) = self.point(end.0, end.1);
        if sl == el {
            vec![sl, sc, ec]
        } else {
            vec![sl, sc, el, ec]
        }
    }
}

/// Where `needle` stands as a whole word on a line: its 1-based character columns, the first
/// at or after `col`, else the last before it.
pub fn find_word(line: &str, needle: &str, col: u32, word: fn(char) -> bool) -> Option<(u32, u32)> {
    if needle.is_empty() {
        return None;
    }
    let whole = |&(i, _): &(usize, &str)| {
        line[..i].chars().next_back().is_none_or(|c| !word(c))
            && line[i + needle.len()..]
                .chars()
                .next()
                .is_none_or(|c| !word(c))
    };
    let from = line
        .char_indices()
        .nth(col.saturating_sub(1) as usize)
        .map_or(line.len(), |(i, _)| i);
    let hits = || line.match_indices(needle).filter(whole);
    let (at, _) = hits()
        .find(|(i, _)| *i >= from)
        .or_else(|| hits().take_while(|(i, _)| *i < from).last())?;
    let start = line[..at].chars().count() as u32 + 1;
    Some((start, start + needle.chars().count() as u32))
}

/// The name an edge's occurrence covers: the last segment of what was written
/// (`self.graph.add` → `add`, `super().total` → `total`, `pkg.Type[int]` → `Type`).
pub fn leaf(target_name: &str) -> &str {
    let last = crate::model::leaf_of(target_name);
    let end = last
        .char_indices()
        .find(|(_, c)| !crate::syntax::is_word_char(*c))
        .map_or(last.len(), |(i, _)| i);
    &last[..end]
}

/// The columns of an import's module on its line: a Go path inside its quotes, a Python or
/// Java module as written (the longest prefix of `shop.util.log` on the line: `shop.util`).
fn import_columns(line: &str, lang: Lang, target_name: &str, col: u32) -> Option<(u32, u32)> {
    // A Go import path, inside its quotes.
    if lang.spec().package_nodes {
        let quoted = format!("\"{target_name}\"");
        if let Some((s, e)) = find_word(line, &quoted, col, |_| false) {
            return Some((s + 1, e - 1));
        }
    }
    let dotted = |c: char| crate::syntax::is_word_char(c) || c == '.';
    let mut name = target_name;
    loop {
        if let Some(hit) = find_word(line, name, col, dotted) {
            return Some(hit);
        }
        let (rest, _) = name.rsplit_once('.')?;
        if rest.is_empty() || rest.chars().all(|c| c == '.') {
            return find_word(line, rest, col, |_| false).or(None);
        }
        name = rest;
    }
}

/// The columns of an edge's occurrence: the written name at the edge's position, else where
/// it stands on that line, else the word at the position.
fn reference_columns(line: Option<&str>, lang: Lang, e: &DocEdge, col: u32) -> (u32, u32) {
    let (needle, found) = match e.kind {
        EdgeKind::Imports => {
            let hit = line.and_then(|l| import_columns(l, lang, &e.target_name, col));
            (e.target_name.as_str(), hit)
        }
        _ => {
            let leaf = leaf(&e.target_name);
            (
                leaf,
                line.and_then(|l| find_word(l, leaf, col, crate::syntax::is_word_char)),
            )
        }
    };
    if let Some(hit) = found {
        return hit;
    }
    // Not on the line as written (a name split over lines): the word at the position.
    let len = line
        .map(|l| {
            l.chars()
                .skip(col.saturating_sub(1) as usize)
                .take_while(|c| crate::syntax::is_word_char(*c))
                .count()
        })
        .filter(|n| *n > 0)
        .unwrap_or(needle.chars().count().max(1));
    (col, col + len as u32)
}

/// Where a Go file's package clause names its package: (line, columns), 1-based.
pub fn package_clause(lines: &[&[u8]], name: &str) -> Option<(u32, (u32, u32))> {
    let mut in_block = false;
    for (i, raw) in lines.iter().enumerate() {
        let raw = String::from_utf8_lossy(raw);
        let mut line = raw.trim_start();
        if in_block {
            match line.find("*/") {
                Some(end) => {
                    in_block = false;
                    line = line[end + 2..].trim_start();
                }
                None => continue,
            }
        }
        if line.starts_with("/*") && !line.contains("*/") {
            in_block = true;
            continue;
        }
        if let Some(rest) = line.strip_prefix("package") {
            if rest.starts_with(char::is_whitespace) {
                let (s, e) = find_word(&raw, name, 1, crate::syntax::is_word_char)?;
                return Some((i as u32 + 1, (s, e)));
            }
        }
    }
    None
}

/// Build the document.
pub fn build(input: &Input) -> (Document, Counts) {
    let mut lines = Lines {
        lines: input.lines,
        enc: input.encoding,
        unconverted: 0,
    };
    let mut counts = Counts::default();
    let mut occurrences: Vec<Occurrence> = Vec::new();
    let mut infos: Vec<SymbolInformation> = Vec::new();
    let name_of = |id: i64| input.names.get(&id).map(String::as_str);

    // Relationships, by source node: target symbol → (is_implementation, is_reference).
    let mut rels: HashMap<i64, Vec<(String, bool, bool)>> = HashMap::new();
    let mut relate = |source: i64, target: &str, reference: bool| {
        let list = rels.entry(source).or_default();
        match list.iter_mut().find(|(s, _, _)| s == target) {
            Some(r) => r.2 |= reference,
            None => list.push((target.to_string(), true, reference)),
        }
    };
    for e in input.bases {
        if matches!(e.kind, EdgeKind::Implements | EdgeKind::Extends) {
            if let Some(t) = name_of(e.target) {
                relate(e.source, t, false);
            }
        }
    }
    for (method, base) in input.overrides {
        if let Some(t) = name_of(*base) {
            relate(*method, t, true);
        }
    }

    for s in input.symbols {
        let Some(symbol) = name_of(s.id) else {
            continue;
        };
        let range = lines.range((s.name_line, s.name_cols.0), (s.name_line, s.name_cols.1));
        let enclosing = lines.range(s.start, s.end);
        occurrences.push(Occurrence {
            range,
            symbol: symbol.to_string(),
            symbol_roles: SymbolRole::Definition as i32,
            enclosing_range: enclosing,
            ..Default::default()
        });
        counts.definitions += 1;
        let mut info = SymbolInformation {
            symbol: symbol.to_string(),
            display_name: s.name.clone(),
            kind: scip_kind(input.lang, s.kind, s.parent_kind).into(),
            documentation: documentation(input.lang, s),
            ..Default::default()
        };
        if let Some(sig) = &s.signature {
            info.signature_documentation = Some(Signature {
                language: input.lang.spec().scip.language.to_lowercase(),
                text: sig.clone(),
                ..Default::default()
            })
            .into();
        }
        if let Some(parent) = s.parent.and_then(name_of) {
            if !spells_parent(symbol, parent) {
                info.enclosing_symbol = parent.to_string();
            }
        }
        for (target, implementation, reference) in rels.remove(&s.id).unwrap_or_default() {
            info.relationships.push(Relationship {
                symbol: target,
                is_implementation: implementation,
                is_reference: reference,
                ..Default::default()
            });
        }
        infos.push(info);
    }

    if let Some(p) = input.package {
        if let Some((line, cols)) = package_clause(input.lines, &p.name) {
            let range = lines.range((line, cols.0), (line, cols.1));
            occurrences.push(Occurrence {
                range,
                symbol: p.symbol.clone(),
                symbol_roles: if p.defines {
                    SymbolRole::Definition as i32
                } else {
                    0
                },
                ..Default::default()
            });
            if p.defines {
                counts.definitions += 1;
            } else {
                counts.references += 1;
            }
        }
        if let Some(info) = &p.info {
            infos.push(info.clone());
        }
    }

    for e in input.edges {
        if matches!(e.kind, EdgeKind::Implements | EdgeKind::Contains) {
            continue;
        }
        let (Some(line), Some(col)) = (e.line, e.col) else {
            continue;
        };
        let Some(symbol) = name_of(e.target) else {
            counts.unnamed += 1;
            continue;
        };
        let text = lines.text(line);
        let (s, t) = reference_columns(text.as_deref(), input.lang, e, col);
        let range = lines.range((line, s), (line, t));
        occurrences.push(Occurrence {
            range,
            symbol: symbol.to_string(),
            symbol_roles: if e.kind == EdgeKind::Imports {
                SymbolRole::Import as i32
            } else {
                0
            },
            ..Default::default()
        });
        counts.references += 1;
    }

    // One occurrence per (range, symbol, roles), in position order.
    occurrences.sort_by(|a, b| {
        (&a.range, &a.symbol, a.symbol_roles).cmp(&(&b.range, &b.symbol, b.symbol_roles))
    });
    let before = occurrences.len();
    occurrences.dedup_by(|a, b| {
        a.range == b.range && a.symbol == b.symbol && a.symbol_roles == b.symbol_roles
    });
    let repeats = (before - occurrences.len()) as u64;
    counts.repeats = repeats;
    counts.references -= repeats;
    counts.unconverted = lines.unconverted;

    let doc = Document {
        language: input.lang.spec().scip.language.to_string(),
        relative_path: input.path.to_string(),
        occurrences,
        symbols: infos,
        position_encoding: position_encoding(input.encoding).into(),
        ..Default::default()
    };
    (doc, counts)
}

/// The suffix of every segment of a symbol's qualname, from the kinds of the symbol and its
/// ancestors (`kinds[0]` the symbol's, then its parent's, ...). A segment with no ancestor of
/// a kind that could own it is a receiver's type (a Go method declared apart from its type).
pub fn suffixes(segments: usize, kinds: &[Kind]) -> Vec<Suffix> {
    (0..segments)
        .map(|i| match kinds.get(segments - 1 - i) {
            Some(k) if !matches!(k, Kind::File | Kind::Package) => Suffix::of(*k),
            _ => Suffix::Type,
        })
        .collect()
}

/// What a call or type reference into a library names, when the map left it without a target
/// (`external`): `fmt.Println` through the import that binds `fmt`, `join` through
/// `from os.path import join`. (module, member); `None` when the name does not go through an
/// import of an outside module the file has (`s.lower()`, `log.info()`, `a.b.c()`).
pub fn library_member(
    bound: &[crate::resolve::ImportName],
    external: &HashSet<String>,
    target_name: &str,
) -> Option<(String, String)> {
    let (first, member) = match target_name.split_once('.') {
        Some((first, rest)) if !rest.contains('.') => (first, Some(rest)),
        Some(_) => return None,
        None => (target_name, None),
    };
    let b = bound.iter().rev().find(|b| b.name == first)?;
    let (module, member) = match (&b.member, member) {
        (None, Some(m)) => (b.module.clone(), m.to_string()),
        (Some(m), None) => (b.module.clone(), m.clone()),
        _ => return None,
    };
    (external.contains(&module) && crate::syntax::is_identifier(&member))
        .then_some((module, member))
}

/// Node numbers a set of rows names, for the caller to name them all.
pub fn named(
    symbols: &[DocSymbol],
    edges: &[DocEdge],
    bases: &[DocEdge],
    overrides: &[(i64, i64)],
) -> Vec<i64> {
    let mut seen = HashSet::new();
    symbols
        .iter()
        .flat_map(|s| std::iter::once(s.id).chain(s.parent))
        .chain(edges.iter().chain(bases).flat_map(|e| [e.source, e.target]))
        .chain(overrides.iter().flat_map(|(a, b)| [*a, *b]))
        .filter(|n| seen.insert(*n))
        .collect()
}

#[cfg(test)]
mod tests;
