//! The server's outline (`textDocument/documentSymbol`) in SPEC's terms: qualnames (`~N` for
//! repeated names in one scope, Go methods under their receiver type), the map's kinds,
//! 1-based lines and character columns; for servers whose categories are not the map's, the
//! kinds settled by a parse of the same text.

use indexer::encoding::to_char_col;
use indexer::encoding::Encoding;
use indexer::lang::Lang;
use indexer::model::{Kind, Pos, Span};
use indexer::outline::OutlineSymbol;
use lsp_types::{DocumentSymbol, Range, SymbolKind};
use std::collections::HashMap;

fn lsp_pos(p: &lsp_types::Position, lines: &[&str], enc: Encoding) -> Pos {
    let text = lines.get(p.line as usize).copied().unwrap_or("");
    Pos {
        line: p.line + 1,
        col: to_char_col(text, u64::from(p.character), enc),
    }
}

fn lsp_span(r: &Range, lines: &[&str], enc: Encoding) -> Span {
    Span {
        start: lsp_pos(&r.start, lines, enc),
        end: lsp_pos(&r.end, lines, enc),
    }
}

/// A method named with its receiver, `(*Server).Serve` or `(T[K]).M`, as gopls lists them at
/// the top of its outline: (receiver base type, method).
fn receiver_method_name(name: &str) -> Option<(String, String)> {
    let rest = name.strip_prefix('(')?;
    let (recv, method) = rest.split_once(").")?;
    let recv = recv.trim_start_matches('*');
    let recv = recv.split('[').next().unwrap_or(recv);
    Some((recv.to_string(), method.to_string()))
}

/// The map kind of an outline entry of `lsp_kind` under a `parent` of this kind.
fn kind_of(lang: Lang, lsp_kind: SymbolKind, parent: Option<Kind>) -> Option<Kind> {
    use Kind::*;
    let server = &lang.spec().server;
    Some(match lsp_kind {
        SymbolKind::CLASS => server.class_kind,
        SymbolKind::STRUCT => Struct,
        SymbolKind::INTERFACE => Interface,
        SymbolKind::METHOD | SymbolKind::CONSTRUCTOR => Method,
        SymbolKind::FUNCTION if parent == Some(Class) && server.functions_in_class_are_methods => {
            Method
        }
        SymbolKind::FUNCTION => Function,
        SymbolKind::FIELD | SymbolKind::PROPERTY => Field,
        SymbolKind::CONSTANT => Constant,
        SymbolKind::VARIABLE => match parent {
            Some(Class | Struct) => Field,
            _ => Variable,
        },
        SymbolKind::ENUM_MEMBER => server.enum_member_kind,
        SymbolKind::NAMESPACE | SymbolKind::MODULE => return server.namespace_kind,
        SymbolKind::TYPE_PARAMETER | SymbolKind::ENUM => Type,
        _ => return None,
    })
}

/// The kinds of a server's outline settled by a parse of the same text, for servers whose
/// categories are not the map's: the parsed symbol whose name starts at the same place, or
/// (where the server points at the value: `exports.f = function () {}`) the one of the same
/// name declared on that line around it, gives its kind, name position and qualname. Top-level
/// variables the parse does not define (imports: `import { a }`, `const b = require(…)`) are
/// left out, as the map leaves them out.
pub(super) fn settle_kinds(parsed: &[OutlineSymbol], out: &mut Vec<OutlineSymbol>) {
    let at: HashMap<(u32, u32), usize> = parsed
        .iter()
        .enumerate()
        .map(|(i, s)| ((s.name_span.start.line, s.name_span.start.col), i))
        .collect();
    let mut keep = Vec::with_capacity(out.len());
    for s in out.iter_mut() {
        let start = s.name_span.start;
        let found = at.get(&(start.line, start.col)).copied().or_else(|| {
            parsed.iter().position(|p| {
                p.name == s.name
                    && p.name_span.start.line == start.line
                    && (p.span.start.line, p.span.start.col) <= (start.line, start.col)
                    && (start.line, start.col) <= (p.span.end.line, p.span.end.col)
            })
        });
        match found.map(|i| &parsed[i]) {
            Some(p) => {
                s.kind = p.kind;
                s.name_span = p.name_span;
                s.qualname = p.qualname.clone();
                keep.push(true);
            }
            None => keep.push(!(s.parent.is_none() && s.kind == Kind::Variable)),
        }
    }
    // Drop, and renumber the parents of what stays.
    let mut new_index = Vec::with_capacity(out.len());
    let mut n = 0;
    for k in &keep {
        new_index.push(n);
        n += usize::from(*k);
    }
    let old = std::mem::take(out);
    for (i, mut s) in old.into_iter().enumerate() {
        if keep[i] {
            s.parent = s.parent.filter(|p| keep[*p]).map(|p| new_index[p]);
            out.push(s);
        }
    }
    // What the parse named under a type the server listed apart (`Map.open` out of an
    // `impl Map` block) hangs under it.
    let by_qual: HashMap<String, usize> = out
        .iter()
        .enumerate()
        .map(|(i, s)| (s.qualname.clone(), i))
        .collect();
    for s in out.iter_mut() {
        if s.parent.is_none() {
            if let Some((up, _)) = s.qualname.rsplit_once('.') {
                s.parent = by_qual.get(up).copied();
            }
        }
    }
}

/// A parse of the same text the server outlined, as outline symbols; `None` when no parser
/// can be had.
pub(super) fn parse_outline(lang: Lang, path: &str, text: &str) -> Option<Vec<OutlineSymbol>> {
    let ex = indexer::extract::Extractor::shared().ok()?;
    let symbols = ex
        .extract(
            &mut indexer::extract::Worker::new(),
            lang,
            path,
            text.as_bytes(),
        )
        .symbols;
    Some(OutlineSymbol::from_symbols(symbols))
}

/// The last segment of a qualname without its overload mark (`value~2` → `value`).
fn base_name(qualname: &str) -> &str {
    indexer::id::segment_name(qualname.rsplit('.').next().unwrap_or(qualname))
}

/// The scope part of a qualname (`Box.value~2` → `Box`; top level → "").
fn scope_of(qualname: &str) -> &str {
    qualname.rsplit_once('.').map_or("", |(up, _)| up)
}

/// Names declared more than once in one scope, as the parse (and so the map) marks them: the
/// server's twins take the parse's qualnames by line (pyright lists a property's setter alone,
/// its getter folded into it: the setter would be given the getter's node ID `Box.value`,
/// which the map places at the getter; an `@overload`ed function's body takes the plain name
/// in the map, where the server counts in order), and the twins the server left out are added
/// from the parse beside them, so the outline and the map name the same declarations alike.
/// Pure.
pub(super) fn settle_twins(parsed: &[OutlineSymbol], out: &mut Vec<OutlineSymbol>) {
    // The parse's groups of twins: (scope, name) → members' indexes, in line order.
    let mut groups: HashMap<(&str, &str), Vec<usize>> = HashMap::new();
    for (i, p) in parsed.iter().enumerate() {
        groups
            .entry((scope_of(&p.qualname), base_name(&p.qualname)))
            .or_default()
            .push(i);
    }
    groups.retain(|_, members| members.len() > 1);
    if groups.is_empty() {
        return;
    }
    let mut keys: Vec<(&str, &str)> = groups.keys().copied().collect();
    keys.sort_unstable();
    for key in keys {
        let members = &groups[&key];
        let (scope, name) = key;
        let listed: Vec<usize> = (0..out.len())
            .filter(|&i| out[i].name == name && scope_of(&out[i].qualname) == scope)
            .collect();
        if listed.is_empty() {
            continue;
        }
        // The server's twins take the parse's qualnames of their lines.
        let mut matched = vec![false; members.len()];
        for &i in &listed {
            let line = out[i].name_span.start.line;
            if let Some(k) = (0..members.len())
                .find(|&k| !matched[k] && parsed[members[k]].name_span.start.line == line)
            {
                matched[k] = true;
                rename_subtree(out, i, &parsed[members[k]].qualname);
            }
        }
        // Those the server left out, each before the first listed twin below it (else after
        // the last one's members), under the twins' parent.
        let parent = out[listed[0]].parent;
        for (k, &m) in members.iter().enumerate() {
            if matched[k] {
                continue;
            }
            let line = parsed[m].name_span.start.line;
            let twins: Vec<usize> = (0..out.len())
                .filter(|&i| out[i].name == name && scope_of(&out[i].qualname) == scope)
                .collect();
            let at = match twins
                .iter()
                .copied()
                .find(|&i| out[i].name_span.start.line > line)
            {
                Some(i) => i,
                None => {
                    let last = twins.last().copied().unwrap_or(out.len() - 1);
                    let mut end = last + 1;
                    while end < out.len() && is_under(out, end, last) {
                        end += 1;
                    }
                    end
                }
            };
            let mut sym = parsed[m].clone();
            sym.parent = parent;
            insert_at(out, at, sym);
        }
    }
}

/// Whether `i` lies under `root` in the outline.
fn is_under(out: &[OutlineSymbol], i: usize, root: usize) -> bool {
    let mut at = out[i].parent;
    while let Some(p) = at {
        if p == root {
            return true;
        }
        at = out[p].parent;
    }
    false
}

/// `out[i]` renamed to `qualname`, its members' qualnames following.
fn rename_subtree(out: &mut [OutlineSymbol], i: usize, qualname: &str) {
    let old = std::mem::replace(&mut out[i].qualname, qualname.to_string());
    if old == qualname {
        return;
    }
    let prefix = format!("{old}.");
    for j in i + 1..out.len() {
        if is_under(out, j, i) {
            if let Some(rest) = out[j].qualname.strip_prefix(&prefix) {
                out[j].qualname = format!("{qualname}.{rest}");
            }
        }
    }
}

/// `sym` inserted at `at`, the parents of what follows renumbered.
fn insert_at(out: &mut Vec<OutlineSymbol>, at: usize, sym: OutlineSymbol) {
    for s in out.iter_mut() {
        if let Some(p) = s.parent.as_mut() {
            if *p >= at {
                *p += 1;
            }
        }
    }
    out.insert(at, sym);
}

/// Kinds that are declarations of their own even inside a function (not locals).
fn declares_scope(k: SymbolKind) -> bool {
    matches!(
        k,
        SymbolKind::CLASS
            | SymbolKind::METHOD
            | SymbolKind::FUNCTION
            | SymbolKind::STRUCT
            | SymbolKind::INTERFACE
    )
}

/// The server's hierarchical outline → outline symbols with SPEC qualnames (`~N` for repeated
/// names in one scope, Go methods under their receiver type) and character positions. Locals
/// (what servers list under functions that are not functions or classes) are left out, as in
/// the map.
pub fn convert_outline(
    lang: Lang,
    top: &[DocumentSymbol],
    text: &str,
    enc: Encoding,
) -> Vec<OutlineSymbol> {
    let lines: Vec<&str> = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    let mut out: Vec<OutlineSymbol> = Vec::new();
    let mut counts: HashMap<(Option<usize>, String), u32> = HashMap::new();
    // (symbol, parent index in `out`)
    let mut stack: Vec<(&DocumentSymbol, Option<usize>)> =
        top.iter().rev().map(|s| (s, None)).collect();
    // Process in source order: a stack of reversed children keeps document order per level.
    while let Some((s, parent)) = stack.pop() {
        // JDT LS names a method with its parameter types (`add(int, int)`) and a generic
        // type with its type parameters (`Absent<T>`): the name is what comes before them.
        let raw_name = match s.kind {
            // A generic method's type parameters follow (`transform(Function<T, V>) <V>`).
            SymbolKind::METHOD | SymbolKind::CONSTRUCTOR | SymbolKind::FUNCTION
                if s.name.ends_with(')') || s.name.ends_with('>') && s.name.contains('(') =>
            {
                s.name.split('(').next().unwrap_or(&s.name).trim_end()
            }
            SymbolKind::CLASS | SymbolKind::INTERFACE | SymbolKind::ENUM | SymbolKind::STRUCT
                if s.name.ends_with('>') =>
            {
                s.name.split('<').next().unwrap_or(&s.name).trim_end()
            }
            // intelephense names a PHP property with its `$` (`$items`); the map without.
            SymbolKind::PROPERTY | SymbolKind::FIELD if s.name.len() > 1 => {
                s.name.strip_prefix('$').unwrap_or(&s.name)
            }
            _ => s.name.as_str(),
        };
        // clangd's `(anonymous namespace)`: no scope of the map's (its members are named as
        // the enclosing namespace's, as the parse names them); its members stand in its place.
        // Left out whole, sentencepiece's `unigram_model.cc` lost 11 symbols, unsaid.
        if s.kind == SymbolKind::NAMESPACE && raw_name.starts_with('(') {
            for c in s.children.iter().flatten().rev() {
                stack.push((c, parent));
            }
            continue;
        }
        let parent_kind = parent.map(|p| out[p].kind);
        // Under a function, only nested functions and types count: the rest are locals and
        // parameters. Under a variable or a field, what its value holds is no symbol of the
        // map's either (tsc lists a `const` arrow function's locals and an object literal's
        // keys: zod's `error.Sizable.string`, node IDs `source` then rejected).
        if matches!(
            parent_kind,
            Some(Kind::Function | Kind::Method | Kind::Variable | Kind::Constant | Kind::Field)
        ) && !declares_scope(s.kind)
        {
            continue;
        }
        let Some(kind) = kind_of(lang, s.kind, parent_kind) else {
            // A container the map has no kind for (rust-analyzer's `impl Map` block): where
            // the parse settles the outline, its children stand in its place, and the parse
            // names them (`Map.open`).
            if lang.spec().server.outline_kinds_from_parse {
                for c in s.children.iter().flatten().rev() {
                    stack.push((c, parent));
                }
            }
            continue;
        };
        let by_receiver = lang
            .spec()
            .server
            .receiver_in_method_names
            .then(|| receiver_method_name(raw_name))
            .flatten();
        // clangd names a C++ method defined out of line by its class (`Money::format`,
        // `shop::Money::format`): the map's qualname puts it under that class, as the parse does.
        let scoped = raw_name
            .rsplit_once("::")
            .filter(|(scope, leaf)| !scope.is_empty() && !leaf.is_empty());
        let (prefix, name, kind) = match (by_receiver, scoped) {
            (Some((recv, m)), _) => (Some(recv), m, Kind::Method),
            (None, Some((scope, leaf))) => {
                let scope = scope.trim_start_matches("::").replace("::", ".");
                let prefix = match parent.map(|p| out[p].qualname.clone()) {
                    Some(p) => format!("{p}.{scope}"),
                    None => scope,
                };
                let kind = if kind == Kind::Function {
                    Kind::Method
                } else {
                    kind
                };
                (Some(prefix), leaf.to_string(), kind)
            }
            _ => (
                parent.map(|p| out[p].qualname.clone()),
                raw_name.to_string(),
                kind,
            ),
        };
        // A name no node ID can carry (tsc's `setTimeout() callback`, a computed key) is no
        // symbol of the map's; what it holds is local to it.
        if !indexer::id::is_member_name(&name) {
            continue;
        }
        let key_scope = if prefix.is_some() && parent.is_none() {
            None
        } else {
            parent
        };
        let key = (
            key_scope,
            format!("{}|{name}", prefix.clone().unwrap_or_default()),
        );
        let n = counts.entry(key).or_insert(0);
        *n += 1;
        let seg = if *n > 1 {
            format!("{name}~{n}")
        } else {
            name.clone()
        };
        let qualname = match prefix {
            Some(p) => format!("{p}.{seg}"),
            None => seg,
        };
        let span = lsp_span(&s.range, &lines, enc);
        let mut name_span = lsp_span(&s.selection_range, &lines, enc);
        // The name without its `$` starts one character on.
        if raw_name.len() < s.name.len() && s.name.starts_with('$') {
            let at = name_span.start;
            let sigil = lines
                .get((at.line as usize).wrapping_sub(1))
                .and_then(|l| l.chars().nth((at.col as usize).wrapping_sub(1)));
            if sigil == Some('$') {
                name_span.start.col += 1;
            }
        }
        let idx = out.len();
        out.push(OutlineSymbol {
            name,
            qualname,
            kind,
            span,
            name_span,
            signature: s
                .detail
                .as_deref()
                .filter(|d| !d.is_empty())
                .map(indexer::extract::clip_signature),
            parent,
        });
        for c in s.children.iter().flatten().rev() {
            stack.push((c, Some(idx)));
        }
    }
    // Methods named with their receiver hang under its type when it is in this file.
    if lang.spec().server.receiver_in_method_names {
        let types: HashMap<String, usize> = out
            .iter()
            .enumerate()
            .filter(|(_, s)| s.parent.is_none() && s.kind.is_type_like())
            .map(|(i, s)| (s.qualname.clone(), i))
            .collect();
        for s in out.iter_mut() {
            if s.kind == Kind::Method && s.parent.is_none() {
                if let Some((recv, _)) = s.qualname.split_once('.') {
                    s.parent = types.get(recv).copied();
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn outline_names_are_node_id_segments() {
        let r = |l: u32, c: u32, e: u32| json!({"start": {"line": l, "character": c}, "end": {"line": l, "character": e}});
        let text = "class R {\n  #t = 0\n  s() {\n    setTimeout(() => {}, 1)\n  }\n}\n";
        let v = json!([{
            "name": "R", "kind": 5, "range": r(0, 0, 1), "selectionRange": r(0, 6, 7),
            "children": [
                {"name": "#t", "kind": 8, "range": r(1, 2, 8), "selectionRange": r(1, 2, 4)},
                {"name": "s", "kind": 6, "range": r(2, 2, 3), "selectionRange": r(2, 2, 3),
                 "children": [{"name": "setTimeout() callback", "kind": 12,
                               "range": r(3, 15, 25), "selectionRange": r(3, 15, 25)}]}
            ]
        }]);
        let top: Vec<DocumentSymbol> = serde_json::from_value(v).expect("symbols");
        let out = convert_outline(Lang::TypeScript, &top, text, Encoding::Utf16);
        let names: Vec<&str> = out.iter().map(|s| s.qualname.as_str()).collect();
        assert_eq!(names, ["R", "R.#t", "R.s"]);
        for s in &out {
            let id = indexer::id::NodeId::symbol_id(Lang::TypeScript, "r.ts", &s.qualname);
            assert!(indexer::id::NodeId::parse(&id).is_ok(), "{id}");
        }
    }

    /// What a variable's value holds (an arrow function's locals, an object literal's keys)
    /// is no symbol: zod's `error.Sizable.string` had node IDs `source` rejected.
    #[test]
    fn a_variable_s_value_holds_no_symbols() {
        let r = |l: u32, c: u32, e: u32| json!({"start": {"line": l, "character": c}, "end": {"line": l, "character": e}});
        let text =
            "const error = () => {\n  const Sizable = { string: 1 };\n  function inner() {}\n};\n";
        let v = json!([{
            "name": "error", "kind": 13, "range": r(0, 0, 3), "selectionRange": r(0, 6, 11),
            "children": [
                {"name": "Sizable", "kind": 13, "range": r(1, 2, 30), "selectionRange": r(1, 8, 15),
                 "children": [{"name": "string", "kind": 7, "range": r(1, 20, 29), "selectionRange": r(1, 20, 26)}]},
                {"name": "inner", "kind": 12, "range": r(2, 2, 20), "selectionRange": r(2, 11, 16)}
            ]
        }]);
        let top: Vec<DocumentSymbol> = serde_json::from_value(v).expect("symbols");
        let out = convert_outline(Lang::TypeScript, &top, text, Encoding::Utf16);
        let names: Vec<&str> = out.iter().map(|s| s.qualname.as_str()).collect();
        assert_eq!(names, ["error", "error.inner"]);
    }

    #[test]
    fn an_anonymous_namespace_s_members_stand_in_its_place() {
        let r = |l: u32, c: u32, e: u32| json!({"start": {"line": l, "character": c}, "end": {"line": l, "character": e}});
        let text = "namespace outer {\nnamespace {\nint helper() { return 1; }\n}\nint use() { return helper(); }\n}\n";
        let v = json!([{
            "name": "outer", "kind": 3, "range": r(0, 0, 1), "selectionRange": r(0, 10, 15),
            "children": [
                {"name": "(anonymous namespace)", "kind": 3, "range": r(1, 0, 1), "selectionRange": r(1, 0, 9),
                 "children": [{"name": "helper", "kind": 12, "range": r(2, 0, 26), "selectionRange": r(2, 4, 10)}]},
                {"name": "use", "kind": 12, "range": r(4, 0, 30), "selectionRange": r(4, 4, 7)}
            ]
        }]);
        let top: Vec<DocumentSymbol> = serde_json::from_value(v).expect("symbols");
        let out = convert_outline(Lang::Cpp, &top, text, Encoding::Utf16);
        let got: Vec<(&str, Option<usize>)> = out
            .iter()
            .map(|s| (s.qualname.as_str(), s.parent))
            .collect();
        assert_eq!(
            got,
            [
                ("outer", None),
                ("outer.helper", Some(0)),
                ("outer.use", Some(0))
            ]
        );
    }

    fn sym(qualname: &str, line: u32, parent: Option<usize>) -> OutlineSymbol {
        let at = |l| Span {
            start: Pos { line: l, col: 5 },
            end: Pos { line: l, col: 9 },
        };
        OutlineSymbol {
            name: super::base_name(qualname).to_string(),
            qualname: qualname.to_string(),
            kind: Kind::Method,
            span: at(line),
            name_span: at(line),
            signature: None,
            parent,
        }
    }

    #[test]
    fn twins_take_the_parse_s_marks_and_the_left_out_are_added() {
        let lines = |o: &[OutlineSymbol]| -> Vec<String> {
            o.iter()
                .map(|s| format!("{}@{}^{:?}", s.qualname, s.name_span.start.line, s.parent))
                .collect()
        };
        // pyright: a property's setter alone (its getter folded in), with a nested def.
        let parsed = vec![
            sym("Box", 1, None),
            sym("Box.value", 6, Some(0)),
            sym("Box.value~2", 10, Some(0)),
            sym("Box.value~2.inner", 11, Some(2)),
            sym("Box.other", 13, Some(0)),
        ];
        let mut server = vec![
            sym("Box", 1, None),
            sym("Box.value", 10, Some(0)),
            sym("Box.value.inner", 11, Some(1)),
            sym("Box.other", 13, Some(0)),
        ];
        settle_twins(&parsed, &mut server);
        assert_eq!(
            lines(&server),
            [
                "Box@1^None",
                "Box.value@6^Some(0)",
                "Box.value~2@10^Some(0)",
                "Box.value~2.inner@11^Some(2)",
                "Box.other@13^Some(0)"
            ]
        );
        // `@overload`: the body takes the plain name in the parse; the server counted in
        // order, and lists every one.
        let parsed = vec![
            sym("conv~2", 4, None),
            sym("conv~3", 6, None),
            sym("conv", 7, None),
        ];
        let mut server = vec![
            sym("conv", 4, None),
            sym("conv~2", 6, None),
            sym("conv~3", 7, None),
        ];
        settle_twins(&parsed, &mut server);
        assert_eq!(
            lines(&server),
            ["conv~2@4^None", "conv~3@6^None", "conv@7^None"]
        );
        // The last twin left out goes after the listed ones' members.
        let parsed = vec![sym("f", 1, None), sym("f~2", 5, None), sym("g", 9, None)];
        let mut server = vec![sym("f", 1, None), sym("f.x", 2, Some(0)), sym("g", 9, None)];
        settle_twins(&parsed, &mut server);
        assert_eq!(
            lines(&server),
            ["f@1^None", "f.x@2^Some(0)", "f~2@5^None", "g@9^None"]
        );
        // No twins: nothing changes.
        let parsed = vec![sym("a", 1, None)];
        let mut server = vec![sym("a", 2, None)];
        settle_twins(&parsed, &mut server);
        assert_eq!(lines(&server), ["a@2^None"]);
    }

    #[test]
    fn gopls_method_names() {
        assert_eq!(
            receiver_method_name("(*Server).Serve"),
            Some(("Server".into(), "Serve".into()))
        );
        assert_eq!(
            receiver_method_name("(List[T]).Len"),
            Some(("List".into(), "Len".into()))
        );
        assert_eq!(receiver_method_name("Serve"), None);
    }
}
