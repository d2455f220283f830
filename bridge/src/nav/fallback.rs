//! The fallback: the map's side of a nav answer. Its read handle, what the name at a position
//! refers to by the map, the map's finds added beside a server's (labelled by source), and the
//! warnings of what the map may miss (macro bodies it could not read, calls it could not type,
//! files gone from disk).

use super::anchor::{sort_anchors, Anchor, Anchors};
use super::target::{word_at, Target};
use crate::workspace::Workspace;
use answer::envelope::ToolError;
use answer::query::{untyped_warning, Map, UntypedCall, CANDIDATES};
use indexer::store::MapSymbol;
use indexer::syntax::line_at;
use indexer::Lang;
use serde_json::{json, Value};
use std::collections::{BTreeSet, HashSet};

/// The edge kinds that use a symbol: what references, and rename's gaps, read from the map.
pub(super) const USE_KINDS: &[&str] = &["calls", "imports", "extends", "implements", "uses"];

/// The answer's read handle on the map: the anchors' (see [`Anchors`]); when they have none,
/// the error that says why.
pub(super) fn need_map<'a>(a: &Anchors<'a>) -> Result<&'a Map, ToolError> {
    a.need_map()
}

/// How [`map_definitions`] found its answer. The map is sure of the first two (the definition
/// at the position, the edge written there); by the name alone it may name a namesake
/// (a workspace `define` for attrs' `define`), and a server should decide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Found {
    Definition,
    Edge,
    ImportUses,
    NameInFile,
    Name,
}

impl Found {
    /// Whether the map is sure the symbols are the one at the position.
    pub(super) fn sure(self) -> bool {
        matches!(self, Found::Definition | Found::Edge | Found::ImportUses)
    }
}

impl std::fmt::Display for Found {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Found::Definition => "the definition itself",
            Found::Edge => "the map's edge at this spot",
            Found::ImportUses => "this import's name: where the file's uses of it lead",
            Found::NameInFile => "the name, in the same file",
            Found::Name => "the name alone (every symbol so named)",
        })
    }
}

/// Whether a line is an import or a re-export statement's (ECMAScript's, Python's, Java's):
/// `import { Router } from …`, `export { LinearRouter };`, `export * from …`. Pure.
pub(super) fn imports_or_exports(line: &str) -> bool {
    let code = line.trim_start();
    [
        "import ",
        "import{",
        "from ",
        "export {",
        "export{",
        "export * ",
    ]
    .iter()
    .any(|k| code.starts_with(k))
}

/// Whether `line` is (part of) an import statement naming `word`: it starts with `import` or
/// `from` (ECMAScript, Python, Java, Go's single import), or it is one name of a list that
/// spans lines (`  observable,`, `  type Foo as Bar,`).
fn imports_name(line: &str, word: &str) -> bool {
    let code = line.trim();
    if !indexer::syntax::writes_word(code, word) {
        return false;
    }
    if imports_or_exports(code) {
        return true;
    }
    let item = code.trim_end_matches([',', ';', ')', '}']).trim();
    let item = item.strip_prefix("type ").unwrap_or(item);
    let mut parts = item.split_whitespace();
    match (parts.next(), parts.next(), parts.next(), parts.next()) {
        (Some(a), None, _, _) => a == word,
        (Some(a), Some("as"), Some(b), None) => a == word || b == word,
        _ => false,
    }
}

/// What the name at a position refers to, by the map: the symbol defined there, the target of
/// the edge written there, or the symbols of that name (same file first).
pub(super) fn map_definitions(map: &Map, t: &Target) -> Result<(Vec<MapSymbol>, Found), ToolError> {
    // A library target's `c.rel` is the library map's path: never looked up in this map.
    if let Some(l) = &t.lib {
        return Err(ToolError::new(
            answer::envelope::ErrorCode::Internal,
            format!(
                "a bug: {} (a library's symbol) was looked up in the workspace's map",
                l.node.id
            ),
        ));
    }
    let Some((word, sure)) = sure_definitions(map, &t.c.rel, &t.text, t.pos, t.lang)? else {
        return Err(ToolError::bad_args(format!(
            "there is no identifier at {}:{}:{}",
            t.shown(),
            t.pos.line,
            t.pos.col
        ))
        .hint("point at a name, e.g. with locate: \"file.py:Cls.m@<|>name\""));
    };
    if let Some(sure) = sure {
        return Ok(sure);
    }
    // By name: the same file first, then everywhere.
    let by_name = map.db().symbols_named(&word, &t.c.rel)?;
    let same_file: Vec<MapSymbol> = by_name
        .iter()
        .filter(|s| s.file == t.c.rel)
        .cloned()
        .collect();
    if !same_file.is_empty() {
        return Ok((same_file, Found::NameInFile));
    }
    Ok((by_name, Found::Name))
}

/// What the map is sure the name at `pos` of the workspace file `rel` (its text now) stands
/// for: the definition there, the edge written there, or, in an import statement, where the
/// file's uses of the name lead. `None` when no name is there; else the name (with a `!` or
/// `?` its language ends names with), and the symbols when the map is sure.
#[allow(clippy::type_complexity)]
pub(super) fn sure_definitions(
    map: &Map,
    rel: &str,
    text: &str,
    pos: indexer::model::Pos,
    lang: indexer::Lang,
) -> Result<Option<(String, Option<(Vec<MapSymbol>, Found)>)>, ToolError> {
    let line = line_at(text, pos.line);
    let Some((word, word_col)) = word_at(line, pos.col) else {
        return Ok(None);
    };
    // A name with its `!` or `?` where the language's names end so (`check_unknown!`: the
    // definition of `opts.check_unknown!` was none, asked of `check_unknown`).
    let after = line
        .chars()
        .nth((word_col as usize - 1) + word.chars().count());
    let word = match after {
        Some(c) if lang.spec().text.name_ends.contains(&c) => format!("{word}{c}"),
        _ => word,
    };
    // A destructor (`~XMLNode`), defined with its `~` where the map has it: that symbol, not
    // the class.
    let tilde = word_col > 1 && line.chars().nth(word_col as usize - 2) == Some('~');
    let (word, word_col) = match tilde
        && !map.changed_since_indexed(rel)
        && map
            .db()
            .defined_at(rel, pos.line, word_col - 1)?
            .iter()
            .any(|s| s.name == format!("~{word}"))
    {
        true => (format!("~{word}"), word_col - 1),
        false => (word, word_col),
    };
    // The map's lines of a file changed since indexing are not the file's now: a line there
    // named another symbol (a caller of `Version::new` given for `Prerelease::new`, one
    // line below it now), so only the name is asked of the map.
    let changed = map.changed_since_indexed(rel);
    // In such a file, a parse of its text now tells which symbol is defined at the spot or
    // encloses it, by qualname: the map's node of that ID is the one meant (click: `refs` at
    // `pass_context` after a line was added above it dropped the map's 33 decorator uses,
    // unsaid: by the name alone the map is not sure beside a server).
    if changed {
        if let Some(found) = live_definitions(map, rel, text, pos, lang, &word, word_col)? {
            return Ok(Some((word, Some(found))));
        }
    }
    // A definition's own name.
    let own = if changed {
        Vec::new()
    } else {
        map.db().defined_at(rel, pos.line, word_col)?
    };
    if !own.is_empty() {
        let mut own = own;
        if let Some(declares) = lang.spec().declared_apart {
            let apart = defined_apart(map, rel, text, &own, declares)?;
            own.extend(apart);
        }
        return Ok(Some((word, Some((own, Found::Definition)))));
    }
    // An edge written at this spot (a call, an import, a base class).
    let mut out = Vec::new();
    let edges = if changed {
        Vec::new()
    } else {
        map.db().edges_on_line(rel, pos.line)?
    };
    for e in edges {
        let len = e.target_name.chars().count() as u32;
        let leaf = e.target_name.rsplit('.').next().unwrap_or(&e.target_name);
        if e.col <= pos.col && pos.col < e.col + len.max(1) && leaf == word {
            if let Some(s) = map.db().symbol(&e.target)? {
                out.push(s);
            }
        }
    }
    if !out.is_empty() {
        out.dedup_by(|a, b| a.node_id == b.node_id);
        return Ok(Some((word, Some((out, Found::Edge)))));
    }
    // A name in an import statement (which binds it, so no edge is written at it): what the
    // file's own uses of the name lead to.
    if !changed && imports_name(line, &word) {
        for target in map.db().import_targets_in_file(rel, &word)? {
            if let Some(s) = map.db().symbol(&target)? {
                out.push(s);
            }
        }
        if !out.is_empty() {
            out.truncate(1);
            return Ok(Some((word, Some((out, Found::ImportUses)))));
        }
    }
    Ok(Some((word, None)))
}

/// [`sure_definitions`] in a file changed since the map indexed it, from a parse of its text
/// now: the symbol whose name is at the spot, by its node ID; else, inside a symbol the map
/// knows, the one target of its calls written with this name (several: not sure). `None` when
/// the map has no such node or the name leads to several.
fn live_definitions(
    map: &Map,
    rel: &str,
    text: &str,
    pos: indexer::model::Pos,
    lang: Lang,
    word: &str,
    word_col: u32,
) -> Result<Option<(Vec<MapSymbol>, Found)>, ToolError> {
    let Ok(extractor) = indexer::extract::Extractor::shared() else {
        return Ok(None);
    };
    let parsed = extractor.extract(
        &mut indexer::extract::Worker::new(),
        lang,
        rel,
        text.as_bytes(),
    );
    let outline = indexer::outline::OutlineSymbol::from_symbols(parsed.symbols);
    let id = |q: &str| indexer::id::NodeId::symbol_id(lang, rel, q);
    let named = outline.iter().find(|s| {
        s.name == word && s.name_span.start.line == pos.line && s.name_span.start.col == word_col
    });
    if let Some(s) = named {
        return Ok(map
            .db()
            .symbol(&id(&s.qualname))?
            .filter(|m| m.name == word)
            .map(|m| (vec![m], Found::Definition)));
    }
    let Some(&inner) = indexer::outline::enclosing(&outline, pos).last() else {
        return Ok(None);
    };
    let mut targets: Vec<String> = map
        .db()
        .calls_out_of(&id(&outline[inner].qualname))?
        .into_iter()
        .map(|e| e.other)
        .collect();
    targets.sort();
    targets.dedup();
    let mut out = Vec::new();
    for t in targets {
        if let Some(s) = map.db().symbol(&t)? {
            if s.name == word {
                out.push(s);
            }
        }
    }
    Ok((out.len() == 1).then_some((out, Found::Edge)))
}

/// The definitions, in source files (those `declares` does not hold: `Language::declared_apart`),
/// of the functions `own` declares without a body in `rel` (C or C++'s prototype in a
/// header, `int twice(int x);`): the same qualname (overload marks aside: a header and a
/// source count their overloads apart) and parameter types. The map
/// links calls to the definition, so from the prototype alone the map's references were the
/// definition's own line (sentencepiece's `UnicodeCharToUTF8` in `util.h`: clangd gave 4 of 15
/// places to rename, and the map added none of the 13 calls it had).
pub(super) fn defined_apart(
    map: &Map,
    rel: &str,
    text: &str,
    own: &[MapSymbol],
    declares: fn(&str) -> bool,
) -> Result<Vec<MapSymbol>, ToolError> {
    let source = |f: &str| !declares(f);
    let unmarked = indexer::id::unmarked;
    let mut out = Vec::new();
    for s in own {
        let prototype = matches!(s.kind.as_str(), "function" | "method")
            && line_at(text, s.end_line).trim_end().ends_with(';');
        if !prototype {
            continue;
        }
        let Some((_, qual)) = s.node_id.split_once('#') else {
            continue;
        };
        let base = unmarked(qual);
        for d in map.db().symbols_with_qualname(&base, "")? {
            let same = d.file != rel
                && source(&d.file)
                && d.kind == s.kind
                && d.node_id
                    .split_once('#')
                    .is_some_and(|(_, q)| unmarked(q) == base)
                && (d.params.is_none() || s.params.is_none() || d.params == s.params)
                && super::signature::same_parameter_types(s, &d);
            if same && !out.iter().any(|o: &MapSymbol| o.node_id == d.node_id) {
                out.push(d);
            }
        }
    }
    Ok(out)
}

/// The other definitions of the qualnames of `sure` (the map's definitions of a target, when
/// it is sure of them) in other files of their package, in a
/// language whose directories are packages (Go's `go120.go` and `pre_go120.go` under opposite
/// build tags), or in the same file where its definitions of one name are `#if` variants
/// (C's `lsys_load` under `LUA_USE_DLOPEN`, `lsys_load~2` under `LUA_DL_DLL`): (qualname,
/// symbol). A server reads one build configuration; the map, all.
pub(super) fn twin_definitions(
    ws: &Workspace,
    map: &Map,
    lang: Lang,
    sure: &[MapSymbol],
) -> Vec<(String, MapSymbol)> {
    // A language of overloads (Java, Kotlin, C#) defines a name twice on purpose, as C#'s
    // partial classes do a type; Go's several `init` functions are each their own.
    let spec = lang.spec();
    let in_file = spec.variants_in_file.is_some();
    if !(spec.package_nodes || in_file) || spec.overloads {
        return Vec::new();
    }
    let mut out: Vec<(String, MapSymbol)> = Vec::new();
    for d in sure {
        let Some((_, qualname)) = d.node_id.split_once('#') else {
            continue;
        };
        // `lsys_load~3`: the variants are all `lsys_load`'s.
        let qualname = qualname.split('~').next().unwrap_or(qualname);
        if !matches!(d.kind.as_str(), "function" | "method") || d.name == "init" {
            continue;
        }
        let dir = indexer::walk::parent_dir(&d.file);
        let same = map
            .db()
            .symbols_with_qualname(qualname, dir)
            .unwrap_or_default();
        // A language whose same-file twins may each be compiled (Rust's `impl From<f32>` and
        // `impl From<f64>`): a twin only where one of the two is a build's variant.
        // The file's text is read once for all its twins, and only where a gate needs it.
        let text = spec.build_variant.and_then(|_| {
            crate::paths::contain(&ws.root, &d.file)
                .and_then(|c| ws.source(&c, &d.file))
                .ok()
        });
        let gated = |s: &MapSymbol| match (spec.build_variant, &text) {
            (None, _) => true,
            (Some(gate), Some(t)) => gate(t, d.name_line) || gate(t, s.name_line),
            (Some(_), None) => false,
        };
        for s in same {
            let twin = if in_file {
                s.file == d.file && s.node_id != d.node_id && s.kind == d.kind && gated(&s)
            } else {
                s.file != d.file && indexer::walk::parent_dir(&s.file) == dir
            };
            if twin && !out.iter().any(|(_, o)| o.node_id == s.node_id) {
                out.push((qualname.to_string(), s));
            }
        }
    }
    out
}

/// Where a twin definition ([`twin_definitions`]) is, for a warning: another `#if` branch of
/// its file, or another file of its package.
pub(super) fn twin_place(lang: Lang) -> &'static str {
    let spec = lang.spec();
    spec.variants_in_file
        .or(spec.variants_apart)
        .unwrap_or("a file the server's project leaves out")
}

/// The map's answer may miss calls inside macro invocations it could not read: counted in
/// a warning, over the files of `anchors` (callers, references and the symbol's own), or
/// (`within` a qualname) in that symbol alone.
pub(super) fn unread_note(
    map: &Map,
    anchors: &[Anchor],
    within: Option<&str>,
    w: &mut Vec<String>,
) -> Result<(), ToolError> {
    let files: BTreeSet<&str> = anchors
        .iter()
        .filter(|x| !x.external)
        .map(|x| x.file.as_str())
        .collect();
    let u = map.unread_in(files, within)?;
    let place = match within {
        Some(_) => "in this symbol",
        None => "in the files of these answers",
    };
    w.extend(u.warning(place));
    Ok(())
}

/// Calls of `d`'s name the map could not type ([`calls_named`]): counted in a warning, and
/// listed in `head` as `candidates` (apart from the answer's own list) when `list`.
pub(super) fn offer_candidates(
    head: &mut Value,
    untyped: &[UntypedCall],
    d: &MapSymbol,
    list: bool,
    w: &mut Vec<String>,
) {
    if untyped.is_empty() {
        return;
    }
    w.push(untyped_warning(untyped, &d.name, list, results_untyped(d)));
    if list {
        head["candidates"] = json!(&untyped[..untyped.len().min(CANDIDATES)]);
        head["candidatesTotal"] = json!(untyped.len());
    }
}

/// Whether one of `defs` is an overload: its file defines another callable of the same
/// qualname (`A.f`, `A.f~2`) in a language whose overloads the map tells apart by guess
/// (argument count and stated types; the server by the compiler's rules).
pub(super) fn is_overload(map: &Map, defs: &[MapSymbol]) -> Result<bool, ToolError> {
    let unmarked = |id: &str| indexer::id::unmarked(id.split_once('#').map_or("", |(_, q)| q));
    for d in defs {
        if !Lang::of_id(&d.node_id).is_some_and(|l| l.spec().overloads) {
            continue;
        }
        let twins = map
            .db()
            .symbols_named(&d.name, &d.file)?
            .into_iter()
            .filter(|s| {
                s.file == d.file
                    && s.node_id != d.node_id
                    && matches!(s.kind.as_str(), "method" | "function")
                    && unmarked(&s.node_id) == unmarked(&d.node_id)
            })
            .count();
        if twins > 0 {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Of the map's places of an overloaded symbol that the server did not list, those in files
/// where the server lists others: the server read those files and picked another overload
/// there (tinyxml2: 22 one-argument `Write("<")` calls added as the two-parameter `Write`'s,
/// a `const` object's call as the non-`const` overload's). They are left out, counted and
/// said with the first few; places in files the server lists nothing in stay (it may not
/// have read them). `files`: the server's files.
pub(super) fn other_overloads(
    from_map: Vec<Anchor>,
    files: &HashSet<String>,
    what: &str,
    w: &mut Vec<String>,
) -> Vec<Anchor> {
    let (out, kept): (Vec<Anchor>, Vec<Anchor>) =
        from_map.into_iter().partition(|x| files.contains(&x.file));
    if !out.is_empty() {
        let shown: Vec<String> = out
            .iter()
            .take(5)
            .map(|x| format!("{}:{}", x.file, x.line))
            .collect();
        w.push(format!(
            "{} of the map's {what} in files where the server lists this overload's are left out ({}{}): the map picks an overload by argument count and the types the code states, the server by the compiler's rules, so these are likely another overload's",
            out.len(),
            shown.join(", "),
            if out.len() > shown.len() { ", …" } else { "" }
        ));
    }
    kept
}

/// The server's anchors with what the map knows and the server did not list added, each
/// labelled by its source when any is added. `by_symbol`: a map anchor whose symbol the
/// server listed (at another spot: rust-analyzer's `impl Trait for T` line) is not new.
pub(super) fn merge_map_extras(
    mut found: Vec<Anchor>,
    from_map: Vec<Anchor>,
    what: &str,
    by_symbol: bool,
    w: &mut Vec<String>,
) -> Vec<Anchor> {
    let listed: HashSet<(String, u32, u32)> = found
        .iter()
        .map(|x| (x.file.clone(), x.line, x.col))
        .collect();
    let symbols: HashSet<&str> = found
        .iter()
        .filter(|_| by_symbol)
        .filter_map(|x| x.node_id.as_deref())
        .collect();
    // The names the server's places point at, by file: an implementation the server gives at
    // `impl Callsite for TestCallsite` (rust-analyzer, inside a `mod test` the map holds as
    // the symbol there) is the map's `TestCallsite` of that file.
    let named: HashSet<(&str, String)> = found
        .iter()
        .filter(|_| by_symbol)
        .filter_map(|x| Some((x.file.as_str(), word_at(x.snippet.as_deref()?, x.col)?.0)))
        .collect();
    // Where a declaration and its definition are two symbols (a header's and a source's):
    // the qualnames of the server's places, whose declaration in a header is the same.
    let defined: HashSet<&str> = symbols
        .iter()
        .filter(|n| Lang::of_id(n).is_some_and(|l| l.spec().declared_apart.is_some()))
        .filter_map(|n| n.split_once('#').map(|(_, q)| q))
        .collect();
    let extra: Vec<Anchor> = from_map
        .into_iter()
        .filter(|x| !listed.contains(&(x.file.clone(), x.line, x.col)))
        .filter(|x| !x.node_id.as_deref().is_some_and(|n| symbols.contains(n)))
        .filter(|x| {
            !x.node_id.as_deref().is_some_and(|n| {
                let apart = Lang::of_id(n).and_then(|l| l.spec().declared_apart);
                apart.is_some_and(|in_header| in_header(&x.file))
                    && n.split_once('#').is_some_and(|(_, q)| defined.contains(q))
            })
        })
        .filter(|x| {
            !x.node_id
                .as_deref()
                .and_then(leaf_name)
                .is_some_and(|n| named.contains(&(x.file.as_str(), n.to_string())))
        })
        .collect();
    if !extra.is_empty() {
        w.push(format!(
            "{} of the map's {what} the server did not list are added (source: map)",
            extra.len()
        ));
        for x in &mut found {
            x.source = Some("lsp");
        }
        found.extend(extra.into_iter().map(|mut x| {
            x.source = Some("map");
            x
        }));
        sort_anchors(&mut found);
    }
    found
}

/// The calls of `d`'s name the map linked to no definition, which may call it: the untyped
/// ones, and in a language whose libraries' results the map does not type
/// (`Language::library_results_untyped`) those it sent outside the workspace too.
pub(super) fn calls_named(map: &Map, d: &MapSymbol) -> Result<Vec<UntypedCall>, ToolError> {
    let mut calls = match results_untyped(d) {
        true => map.db().unlinked_calls_named(&d.name)?,
        false => map.db().untyped_calls_named(&d.name)?,
    };
    // Where overloads are told apart by their count, a call passing more arguments than the
    // symbol takes is another overload's (commons-lang3's 2-parameter `ArrayUtils.indexOf`
    // was offered 3-argument calls): not offered. Fewer may be defaults.
    let overloads = Lang::of_id(&d.node_id).is_some_and(|l| l.spec().overloads);
    let variadic = d
        .signature
        .as_deref()
        .is_some_and(|s| s.contains("...") || s.contains("params ") || s.contains("vararg "));
    if let (true, false, Some(most)) = (overloads, variadic, d.params) {
        calls.retain(|c| c.args.is_none_or(|n| u32::from(n) <= most));
    }
    // A module's function is reached through a receiver only when that receiver is an
    // imported module (`httpx.get(`), never a value's method (`headers.get(`: 109 of
    // httpx's were offered as candidates of `_api.get`).
    let through_imports =
        Lang::of_id(&d.node_id).is_some_and(|l| l.spec().functions_through_imports);
    // Top-level: no parent, or the file's module.
    let top = d.parent.as_deref().is_none_or(|p| !p.contains('#'));
    if through_imports && d.kind == "function" && top {
        // One question a (file, receiver): a file's many `headers.get(` ask once.
        let mut asked: std::collections::HashMap<(String, String), bool> = Default::default();
        calls.retain(|c| {
            let Some((recv, _)) = c.written.rsplit_once('.') else {
                return true;
            };
            // The receiver is the module itself (`httpx`, `a.b` of `import a.b`), not a
            // value reached from one (`os.environ.get(`, `chardet.detect().get(`).
            *asked
                .entry((c.file.clone(), recv.to_string()))
                .or_insert_with(|| map.db().binds_import(&c.file, recv).unwrap_or(true))
        });
    }
    // A member (a method, an object's function) is called through a receiver where a bare
    // name is no member (`Language::implicit_self` false): a bare call is another's
    // (express: `send(req, …)`, the `send` module's, offered for `res.send`).
    let implicit_self = Lang::of_id(&d.node_id).is_some_and(|l| l.spec().implicit_self);
    let member = d.kind == "method"
        || d.node_id
            .split_once('#')
            .is_some_and(|(_, q)| q.contains('.'));
    if !implicit_self && member {
        calls.retain(|c| [".", "::", "->"].iter().any(|op| c.written.contains(op)));
    }
    Ok(calls)
}

/// Whether `d`'s language leaves its libraries' results untyped in the map
/// (`Language::library_results_untyped`): a call on one is a candidate of `d` too.
pub(super) fn results_untyped(d: &MapSymbol) -> bool {
    Lang::of_id(&d.node_id).is_some_and(|l| l.spec().library_results_untyped)
}

/// A symbol's node ID's own name: `rs:a.rs#test.TestCallsite~2` → `TestCallsite`.
fn leaf_name(id: &str) -> Option<&str> {
    let q = id.split_once('#')?.1;
    let leaf = q.rsplit('.').next()?;
    Some(leaf.split('~').next().unwrap_or(leaf))
}

/// The answer's map handle; without a map, `None` when the server answered (its answer then
/// stands alone), else the error that says why.
pub(super) fn map_beside<'a>(
    a: &Anchors<'a>,
    answered: bool,
) -> Result<Option<&'a Map>, ToolError> {
    match need_map(a) {
        Ok(m) => Ok(Some(m)),
        Err(_) if answered => Ok(None),
        Err(e) => Err(e),
    }
}

/// The map's symbols whose files are gone from disk since the map was built: said, never
/// answered as if they were there.
pub(super) fn gone_from_disk(ws: &Workspace, syms: &[MapSymbol], w: &mut Vec<String>) {
    let mut gone: Vec<&str> = syms
        .iter()
        .map(|s| s.file.as_str())
        .filter(|f| !ws.root.join(f).exists())
        .collect();
    gone.dedup();
    if !gone.is_empty() {
        w.push(format!(
            "FILE_DELETED: {} no longer exist(s) on disk; the map still holds what was indexed there: `codemap index` (or map_rebuild) refreshes it",
            gone.join(", ")
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::{imports_name, leaf_name, merge_map_extras, Anchor};

    #[test]
    fn a_name_in_an_import_statement() {
        let cases = [
            (
                "import { observable } from '@trpc/server/observable';",
                "observable",
                true,
            ),
            ("import { a as observable } from 'x';", "observable", true),
            ("from attr import s, ib", "ib", true),
            ("import java.util.List;", "List", true),
            ("  observable,", "observable", true),
            ("  type Foo as Bar,", "Bar", true),
            ("  Foo as Bar", "Foo", true),
            (
                "export { observable } from './observable';",
                "observable",
                true,
            ),
            // Code, not an import list.
            ("  return observable(x);", "observable", false),
            ("  observable", "other", false),
            ("  a = observable,", "observable", false),
            ("import { other } from 'observable';", "obs", false),
        ];
        for (line, word, want) in cases {
            assert_eq!(imports_name(line, word), want, "{line:?} {word}");
        }
    }

    /// yaml-cpp's `EventHandler::OnScalar`: clangd lists the overrides' definitions in the
    /// `.cpp` files; the map's declaration of one in its header is the same (was counted
    /// twice: 10 for 7), while a same-named class of another program (util/parse.cpp's and
    /// util/sandbox.cpp's `NullEventHandler`, each in its own `.cpp`) is another.
    #[test]
    fn a_header_s_declaration_of_a_listed_definition_is_not_added() {
        let at = |file: &str, line: u32, id: &str| Anchor {
            file: file.into(),
            line,
            col: 8,
            node_id: Some(id.into()),
            ..Anchor::default()
        };
        let server = vec![
            at("src/emit.cpp", 40, "cpp:src/emit.cpp#YAML.Emit.OnScalar"),
            at("util/sandbox.cpp", 18, "cpp:util/sandbox.cpp#Null.OnScalar"),
        ];
        let map = vec![
            at(
                "include/emit.h",
                32,
                "cpp:include/emit.h#YAML.Emit.OnScalar",
            ),
            at("util/parse.cpp", 28, "cpp:util/parse.cpp#Null.OnScalar"),
        ];
        let mut w = Vec::new();
        let got = merge_map_extras(server, map, "implementations", true, &mut w);
        let files: Vec<&str> = got.iter().map(|x| x.file.as_str()).collect();
        assert_eq!(
            files,
            ["src/emit.cpp", "util/parse.cpp", "util/sandbox.cpp"]
        );
        assert_eq!(
            w,
            ["1 of the map's implementations the server did not list are added (source: map)"]
        );
    }

    #[test]
    fn a_node_id_s_own_name() {
        for (id, want) in [
            ("rs:a.rs#test.TestCallsite~2", Some("TestCallsite")),
            ("rs:a.rs#Top", Some("Top")),
            ("rs:a.rs", None),
        ] {
            assert_eq!(leaf_name(id), want, "{id}");
        }
    }
}
