//! Kotlin: `.kt` and `.kts` files, `query.scm`, fwcd's kotlin-language-server, and the rules
//! where Kotlin differs. Classes (data, sealed, enum, annotation, inner), interfaces, objects
//! and companion objects (`A.Companion` when unnamed) are scopes nested at any depth; an enum
//! class is a `type`, its entries constants. Functions at the top level are functions, in a
//! type methods; a secondary constructor is named after its class (`A.A`), overloads told
//! apart by `~N` as Java's. Properties are fields in a type (a primary constructor's
//! `val`/`var` parameters too), variables at the top level (`const val`: constants).
//! An extension function or property hangs under its receiver type as written, without type
//! arguments or `?` (`fun <T> List<T>.second()` is `List.second`; a function type's receiver
//! is `Function`): two extensions of one name on different receivers have different IDs, and
//! one of a type the file declares is that type's child. `expect` and `actual` declarations
//! are both symbols, each in its own file (they are in different source sets), nothing linking
//! them. Every directory of Kotlin files is a package node named by the files' `package`
//! header, as Java's. A bare name in a function may be a member of its class (`m()` is
//! `this.m()`), a call to a class's name is its constructor.
//!
//! tree-sitter-kotlin-ng cannot read a declaration that ends on the line of the `}` closing
//! its class body (`object X { fun f() {} }`): [`KotlinSyntax::prepare`] turns the blank before
//! such a `}` into `;`.

mod unused;
use super::spec::{
    type_name, Argument, Def, DefTag, GeneratedRules, Language, PackageName, Query, ScipSpec,
    ServerSpec, Syntax,
};
use crate::model::{Import, Kind};
use crate::syntax::{doc_above, doc_comment_at, first_line, lossy, pos_of, text, NodeExt};
use tree_sitter::Node;

pub static KOTLIN: Language = Language {
    builtins: BUILTINS,
    self_names: &["this"],
    super_call: Some("super"),
    implicit_self: true,
    overloads: true,
    local_scopes: &[
        "lambda_literal",
        "object_literal",
        "anonymous_function",
        "anonymous_initializer",
    ],
    block_scopes: &[
        "block",
        "lambda_literal",
        "for_statement",
        "catch_block",
        "when_entry",
    ],
    package_nodes: true,
    is_test_file,
    server: ServerSpec {
        types_every_receiver: true,
        ..ServerSpec::new(
            &[&["kotlin-language-server"]],
            "install kotlin-language-server (https://github.com/fwcd/kotlin-language-server)",
            "kotlin",
        )
    },
    generated: GeneratedRules::NONE,
    kept: unused::kept,
    ..Language::new(
        "Kotlin",
        "kt",
        &["kt", "kts"],
        || tree_sitter_kotlin_ng::LANGUAGE.into(),
        Query {
            file: "lang/kotlin/query.scm",
            text: include_str!("query.scm"),
        },
        &KotlinSyntax,
        ScipSpec {
            language: "Kotlin",
            manager: "kotlin-maven",
            files_are_modules: false,
            manifests: &[
                ("settings.gradle.kts", gradle_settings),
                ("settings.gradle", gradle_settings),
            ],
        },
    )
};

/// A Gradle build's name, from its settings file: `rootProject.name = "shop"` (Kotlin's or
/// Groovy's quotes); the version is the build script's, not read.
fn gradle_settings(text: &str) -> Option<PackageName> {
    text.lines().find_map(|l| {
        let rest = l.trim().strip_prefix("rootProject.name")?.trim_start();
        let v = rest.strip_prefix('=')?.trim();
        let v = v.trim_matches(|c| c == '"' || c == '\'').trim();
        (!v.is_empty()).then(|| PackageName {
            name: v.to_string(),
            version: None,
        })
    })
}

/// `FooTest.kt`, `FooTests.kt`.
fn is_test_file(name: &str) -> bool {
    let Some(stem) = name.strip_suffix(".kt") else {
        return false;
    };
    stem.ends_with("Test") || stem.ends_with("Tests")
}

/// Where the grammar stops reading: a `}` that closes a body on the line of the declaration
/// before it. The blank before each such `}` becomes `;` (an empty statement Kotlin allows
/// anywhere a declaration or a statement ends), outside strings, character literals and
/// comments, and not when it closes a template's `${…}` or an empty or already ended body.
pub(crate) fn end_before_braces(src: &mut [u8]) -> bool {
    #[derive(Clone, Copy, PartialEq)]
    enum In {
        Code,
        /// A string: raw (`"""`) or not.
        Str(bool),
    }
    // The brace depth at which each open template (`${`) returns to its string.
    let mut stack: Vec<(In, usize)> = Vec::new();
    let mut mode = In::Code;
    let mut depth = 0usize;
    let mut changed = false;
    let mut i = 0;
    let n = src.len();
    // Where the last byte of code (not a comment, not white space) is.
    let mut last_code: Option<usize> = None;
    while i < n {
        let c = src[i];
        match mode {
            In::Str(raw) => {
                if !raw && c == b'\\' {
                    i += 2;
                    continue;
                }
                if c == b'$' && src.get(i + 1) == Some(&b'{') {
                    stack.push((mode, depth));
                    mode = In::Code;
                    depth += 1;
                    i += 2;
                    continue;
                }
                if c == b'"' {
                    if raw {
                        if src[i..].starts_with(b"\"\"\"") {
                            // A raw string ends at the last of a run of quotes.
                            let mut j = i + 3;
                            while j < n && src[j] == b'"' {
                                j += 1;
                            }
                            mode = In::Code;
                            last_code = Some(j - 1);
                            i = j;
                            continue;
                        }
                    } else {
                        mode = In::Code;
                        last_code = Some(i);
                    }
                }
                if !raw && c == b'\n' {
                    // An unterminated string ends at its line.
                    mode = In::Code;
                }
                i += 1;
            }
            In::Code => {
                match c {
                    b'/' if src.get(i + 1) == Some(&b'/') => {
                        while i < n && src[i] != b'\n' {
                            i += 1;
                        }
                        continue;
                    }
                    b'/' if src.get(i + 1) == Some(&b'*') => {
                        // Kotlin's block comments nest.
                        let mut level = 0usize;
                        while i < n {
                            if src[i..].starts_with(b"/*") {
                                level += 1;
                                i += 2;
                            } else if src[i..].starts_with(b"*/") {
                                level -= 1;
                                i += 2;
                                if level == 0 {
                                    break;
                                }
                            } else {
                                i += 1;
                            }
                        }
                        continue;
                    }
                    b'"' => {
                        let raw = src[i..].starts_with(b"\"\"\"");
                        mode = In::Str(raw);
                        i += if raw { 3 } else { 1 };
                        continue;
                    }
                    b'\'' => {
                        // A character literal: `'x'`, `'\n'`, `'\u0041'`.
                        let mut j = i + 1;
                        while j < n && j < i + 10 && src[j] != b'\'' && src[j] != b'\n' {
                            j += if src[j] == b'\\' { 2 } else { 1 };
                        }
                        last_code = Some(j.min(n - 1));
                        i = j + 1;
                        continue;
                    }
                    b'{' => depth += 1,
                    b'}' => {
                        depth = depth.saturating_sub(1);
                        if let Some(&(m, d)) = stack.last() {
                            if d == depth {
                                stack.pop();
                                mode = m;
                                i += 1;
                                continue;
                            }
                        }
                        // The last code before it (comments aside) is on its line.
                        if let Some(p) = last_code.filter(|_| i > 0 && src[i - 1] == b' ') {
                            let same_line = !src[p..i].contains(&b'\n');
                            if same_line && !matches!(src[p], b'{' | b';' | b',' | b'>') {
                                src[i - 1] = b';';
                                changed = true;
                            }
                        }
                    }
                    _ => {}
                }
                if !c.is_ascii_whitespace() {
                    last_code = Some(i);
                }
                i += 1;
            }
        }
    }
    changed
}

/// The annotations and comments between a class's header and its primary constructor on a
/// line of its own (`class Regex\n@PublishedApi\ninternal constructor(…)`), which the grammar
/// cannot read, blanked (line breaks kept).
pub(crate) fn blank_before_constructor(src: &mut [u8]) -> bool {
    let lines = line_ranges(src);
    let trimmed = trimmed_range;
    let mut changed = false;
    for (li, &range) in lines.iter().enumerate() {
        let (s, e) = trimmed(src, range);
        if !is_constructor_line(&src[s..e]) {
            continue;
        }
        // Back over annotations, comments and blank lines to the line before them.
        let mut k = li;
        let mut in_doc = false;
        while k > 0 {
            let (a, b) = trimmed(src, lines[k - 1]);
            let l = &src[a..b];
            let skip = l.is_empty()
                || in_doc
                || l.starts_with(b"@")
                || l.starts_with(b"//")
                || l.ends_with(b"*/");
            if !skip {
                break;
            }
            // A block comment's lines above its end, to its start.
            if l.ends_with(b"*/") && !l.starts_with(b"/*") {
                in_doc = true;
            }
            if in_doc && l.starts_with(b"/*") {
                in_doc = false;
            }
            k -= 1;
        }
        if k == 0 || in_doc {
            continue;
        }
        let (a, b) = trimmed(src, lines[k - 1]);
        let header = &src[a..b];
        let is_header = header.windows(6).any(|w| w == b"class ")
            && !matches!(header.last(), Some(b'{' | b'(' | b',' | b'}' | b')'));
        if !is_header {
            continue;
        }
        for &(a, b) in &lines[k..li] {
            for c in &mut src[a..b] {
                if !matches!(*c, b'\n' | b'\r') && *c != b' ' {
                    *c = b' ';
                    changed = true;
                }
            }
        }
        // Nor `actual` (or `expect`) before such a `constructor`.
        let mut w = s;
        while w < e {
            let end = src[w..e]
                .iter()
                .position(|c| c.is_ascii_whitespace())
                .map_or(e, |p| w + p);
            if src[w..end].starts_with(b"constructor") {
                break;
            }
            if matches!(&src[w..end], b"actual" | b"expect") {
                src[w..end].fill(b' ');
                changed = true;
            }
            w = end + 1;
        }
    }
    changed
}

/// A primary constructor on the line after its class's header (`public class Builder\n
/// internal constructor(\n internal var kind: Kind,`): the grammar ends the class at the line
/// break and reads the constructor as a function whose `var` parameters it cannot take, so
/// the class loses its body. Its `constructor(`, when it ends the line, is moved up to the
/// header's line, the modifiers before it dropped; the line breaks stay, as blank lines, and
/// every byte after the constructor's line keeps its place (parameters on the constructor's
/// own line would move, so that line is left alone). Run after [`blank_before_constructor`], so
/// annotations between are blank already. A line with nothing before `constructor` at
/// column 0 has no room and is left alone.
pub(crate) fn join_constructor_line(src: &mut [u8]) -> bool {
    let lines = line_ranges(src);
    let text_of = trimmed_range;
    let mut changed = false;
    for li in 1..lines.len() {
        let (s, e) = text_of(src, lines[li]);
        if !is_constructor_line(&src[s..e]) {
            continue;
        }
        // The header: the nearest line above with text, past blank ones.
        let Some(k) = (0..li).rev().find(|&k| {
            let (a, b) = text_of(src, lines[k]);
            a < b
        }) else {
            continue;
        };
        let (ha, hb) = text_of(src, lines[k]);
        let header = &src[ha..hb];
        let is_header = header.windows(6).any(|w| w == b"class ")
            && !header.starts_with(b"//")
            && !matches!(header.last(), Some(b'{' | b'(' | b',' | b'}' | b')' | b'='));
        if !is_header {
            continue;
        }
        let Some(at) = src[s..e].windows(11).position(|w| w == b"constructor") else {
            continue;
        };
        let core = src[s + at..e].to_vec();
        // Only `constructor(` ending its line: parameters on the line would move.
        if core != b"constructor(" {
            continue;
        }
        let breaks = src[hb..e].iter().filter(|&&c| c == b'\n').count();
        let Some(fill) = (e - hb).checked_sub(1 + core.len() + breaks) else {
            continue;
        };
        let mut region = Vec::with_capacity(e - hb);
        region.push(b' ');
        region.extend_from_slice(&core);
        region.extend(std::iter::repeat_n(b'\n', breaks));
        region.extend(std::iter::repeat_n(b' ', fill));
        src[hb..e].copy_from_slice(&region);
        changed = true;
    }
    changed
}

/// `internal actual constructor(`: modifiers, then `constructor` and its parameters.
fn is_constructor_line(l: &[u8]) -> bool {
    let text = String::from_utf8_lossy(l);
    let mut words = text.split_whitespace();
    for w in words.by_ref() {
        if let Some(rest) = w.strip_prefix("constructor") {
            return rest.is_empty() || rest.starts_with('(');
        }
        if !matches!(
            w,
            "public" | "private" | "internal" | "protected" | "actual" | "expect"
        ) {
            return false;
        }
    }
    false
}

/// A line's range (`line_ranges`) without its leading and trailing whitespace.
fn trimmed_range(src: &[u8], (a, b): (usize, usize)) -> (usize, usize) {
    let s = src[a..b]
        .iter()
        .position(|c| !c.is_ascii_whitespace())
        .map_or(b, |p| a + p);
    let e = src[a..b]
        .iter()
        .rposition(|c| !c.is_ascii_whitespace())
        .map_or(s, |p| a + p + 1);
    (s, e.max(s))
}

/// Each line's byte range, its line break left out.
fn line_ranges(src: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in src.iter().enumerate() {
        if *c == b'\n' {
            out.push((start, i));
            start = i + 1;
        }
    }
    out.push((start, src.len()));
    out
}

/// What the grammar misreads after an annotation, as an expression: `actual` or `expect` on
/// the line of an annotation with arguments (`@SinceKotlin("1.1") public actual typealias
/// A = B`), and the annotations on the lines above an annotation class with neither
/// parameters nor body (`@Target(X)\nannotation class A`). The modifier, or those annotation
/// lines, blanked.
pub(crate) fn blank_around_annotations(src: &mut [u8]) -> bool {
    let lines = line_ranges(src);
    let mut changed = false;
    for (li, &(a, b)) in lines.iter().enumerate() {
        let line = &src[a..b];
        let start = line.iter().position(|c| !c.is_ascii_whitespace());
        let Some(start) = start.map(|p| a + p) else {
            continue;
        };
        if src[start] == b'@' {
            // ` actual ` / ` expect ` after the annotation, before the declaration's name.
            let mut i = start;
            while i + 8 <= b {
                let w = &src[i..i + 8];
                if (w == b" actual " || w == b" expect ") && src[start..i].contains(&b')') {
                    src[i + 1..i + 7].fill(b' ');
                    changed = true;
                }
                i += 1;
            }
            continue;
        }
        if !is_bare_annotation_class(&src[start..b]) {
            continue;
        }
        // The lines of annotations right above it.
        let mut k = li;
        while k > 0 {
            let (pa, pb) = lines[k - 1];
            let t = String::from_utf8_lossy(&src[pa..pb]);
            let t = t.trim();
            let balanced = t.matches('(').count() == t.matches(')').count();
            if !(t.starts_with('@') && balanced) {
                break;
            }
            k -= 1;
        }
        for &(pa, pb) in &lines[k..li] {
            for c in &mut src[pa..pb] {
                if !matches!(*c, b'\r' | b' ') {
                    *c = b' ';
                    changed = true;
                }
            }
        }
    }
    changed
}

/// `internal annotation class A`: modifiers, `annotation class` and a name, nothing after.
fn is_bare_annotation_class(l: &[u8]) -> bool {
    let text = String::from_utf8_lossy(l);
    let text = text.split("//").next().unwrap_or("");
    let words: Vec<&str> = text.split_whitespace().collect();
    let Some(at) = words.iter().position(|w| *w == "annotation") else {
        return false;
    };
    words.len() == at + 3
        && words[at + 1] == "class"
        && words[at + 2]
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_')
        && words[..at].iter().all(|w| {
            matches!(
                *w,
                "public" | "private" | "internal" | "protected" | "actual" | "expect"
            )
        })
}

struct KotlinSyntax;

/// The first child of `node` of kind `kind`.
fn child<'t>(node: Node<'t>, kind: &str) -> Option<Node<'t>> {
    let mut c = node.walk();
    let found = node.children(&mut c).find(|k| k.kind_name() == kind);
    found
}

/// Whether a declaration's modifiers hold the keyword `word` (`enum`, `const`, `vararg`).
fn has_modifier(src: &[u8], node: Node<'_>, word: &str) -> bool {
    child(node, "modifiers").is_some_and(|m| {
        let mut c = m.walk();
        let found = m
            .named_children(&mut c)
            .any(|k| k.kind_name() != "annotation" && text(src, k) == word);
        found
    })
}

/// The class, object or interface a body's member sits in.
fn owner_of(node: Node<'_>) -> Option<Node<'_>> {
    let body = node.parent()?;
    if !matches!(body.kind_name(), "class_body" | "enum_class_body") {
        return None;
    }
    body.parent()
}

impl Syntax for KotlinSyntax {
    fn place(
        &self,
        tag: DefTag,
        enclosing: Option<Kind>,
        _type_node: Option<&str>,
        _name: &str,
    ) -> Option<Kind> {
        use Kind::*;
        let in_type = matches!(enclosing, Some(Class | Interface | Type));
        match tag {
            // Top level, nested, or local to a function.
            DefTag::Type => Some(Class),
            DefTag::Function | DefTag::Method => match enclosing {
                None => Some(Function),
                _ if in_type => Some(Method),
                _ => None,
            },
            DefTag::Field => match enclosing {
                None => Some(Variable),
                _ if in_type => Some(Field),
                _ => None,
            },
            DefTag::Constant => in_type.then_some(Constant),
            _ => None,
        }
    }

    fn name(&self, src: &[u8], def: &Def<'_>) -> String {
        match def.node.kind_name() {
            // Named after its class.
            "secondary_constructor" => owner_of(def.node)
                .and_then(|o| o.field("name"))
                .map_or_else(String::new, |n| text(src, n)),
            "companion_object" if def.node.field("name").is_none() => "Companion".to_string(),
            _ => text(src, def.name),
        }
    }

    fn name_span(&self, src: &[u8], def: &Def<'_>) -> crate::model::Span {
        // A secondary constructor at its `constructor` keyword, an unnamed companion object
        // at `companion`.
        let keyword = match def.node.kind_name() {
            "secondary_constructor" => "constructor",
            "companion_object" if def.node.field("name").is_none() => "companion",
            _ => return crate::syntax::span_of(src, def.name),
        };
        let mut c = def.node.walk();
        let found = def.node.children(&mut c).find(|k| k.kind_name() == keyword);
        crate::syntax::span_of(src, found.unwrap_or(def.name))
    }

    fn refine(&self, src: &[u8], def: &Def<'_>, kind: Kind) -> Option<Kind> {
        let node = def.node;
        Some(match node.kind_name() {
            "class_declaration" => {
                if child(node, "interface").is_some() {
                    Kind::Interface
                } else if has_modifier(src, node, "enum") {
                    Kind::Type
                } else {
                    Kind::Class
                }
            }
            "type_alias" => Kind::Type,
            // A constructor's parameter is a property only with `val` or `var`.
            "class_parameter" => {
                if child(node, "val").is_none() && child(node, "var").is_none() {
                    return None;
                }
                Kind::Field
            }
            // An extension property: where a function would be a method, a field.
            "property_declaration" => {
                let kind = match kind {
                    Kind::Method => Kind::Field,
                    Kind::Function => Kind::Variable,
                    k => k,
                };
                if matches!(kind, Kind::Variable | Kind::Field) && has_modifier(src, node, "const")
                {
                    Kind::Constant
                } else {
                    kind
                }
            }
            _ => kind,
        })
    }

    fn is_scope(&self, _kind: Kind) -> bool {
        true
    }

    fn prepare(&self, src: &[u8]) -> Option<Vec<u8>> {
        let mut out = src.to_vec();
        let a = end_before_braces(&mut out);
        let b = blank_before_constructor(&mut out);
        let c = blank_around_annotations(&mut out);
        let d = join_constructor_line(&mut out);
        (a || b || c || d).then_some(out)
    }

    fn receiver(&self, src: &[u8], receiver: Node<'_>) -> Option<(String, String)> {
        Some(("this".to_string(), receiver_type(src, receiver)?))
    }

    fn params(&self, def: &Def<'_>) -> Option<u32> {
        let list = params_of(def)?;
        let mut c = list.walk();
        let n = list
            .named_children(&mut c)
            .filter(|p| p.kind_name() == "parameter")
            .count();
        Some(n as u32)
    }

    fn param_types(&self, src: &[u8], def: &Def<'_>) -> Vec<String> {
        let Some(list) = params_of(def) else {
            return Vec::new();
        };
        let mut c = list.walk();
        list.named_children(&mut c)
            .filter(|p| p.kind_name() == "parameter")
            .map(|p| match type_child(p) {
                // `String?` takes a `String` too: told apart by the name alone.
                Some(t) => type_name(text(src, t).trim_end_matches('?')),
                None => String::new(),
            })
            .collect()
    }

    fn argument(&self, src: &[u8], arg: Node<'_>) -> Argument {
        // A `value_argument` holds the expression; a named one (`x = 1`) or a spread is not
        // read.
        let expr = match arg.kind_name() {
            "value_argument" if arg.named_child_count() == 1 && arg.child_count() == 1 => {
                match arg.named_child(0) {
                    Some(e) => e,
                    None => return Argument::Unknown,
                }
            }
            "value_argument" => return Argument::Unknown,
            _ => arg,
        };
        let typed = |t: &str| Argument::Type(t.to_string());
        match expr.kind_name() {
            "identifier" => Argument::Name(text(src, expr)),
            "string_literal" | "multiline_string_literal" => typed("String"),
            "character_literal" => typed("Char"),
            "number_literal" => match text(src, expr).chars().last() {
                Some('L') => typed("Long"),
                Some('u' | 'U') => Argument::Unknown,
                _ => typed("Int"),
            },
            "float_literal" => match text(src, expr).chars().last() {
                Some('f' | 'F') => typed("Float"),
                _ => typed("Double"),
            },
            "true" | "false" => typed("Boolean"),
            _ => Argument::Unknown,
        }
    }

    fn variadic(&self, def: &Def<'_>) -> bool {
        params_of(def).is_some_and(|list| child(list, "parameter_modifiers").is_some())
    }

    fn required(&self, def: &Def<'_>) -> Option<u32> {
        // A parameter followed by a value has a default.
        let list = params_of(def)?;
        let mut c = list.walk();
        let kids: Vec<Node<'_>> = list.named_children(&mut c).collect();
        let mut required = 0u32;
        for (i, k) in kids.iter().enumerate() {
            if k.kind_name() != "parameter" {
                continue;
            }
            let defaulted = kids.get(i + 1).is_some_and(|n| {
                !matches!(
                    n.kind_name(),
                    "parameter" | "parameter_modifiers" | "line_comment" | "block_comment"
                )
            });
            if !defaulted {
                required += 1;
            }
        }
        Some(required)
    }

    fn signature(&self, src: &[u8], def: &Def<'_>, _kind: Kind) -> Option<String> {
        let node = def.node;
        let start = decl_start(node);
        let upto = |end: usize| lossy(&src[start..end.max(start)]).trim_end().to_string();
        Some(match node.kind_name() {
            "function_declaration" => {
                let end = def.body.map_or(node.end_byte(), |b| b.start_byte());
                upto(end)
            }
            "secondary_constructor" => {
                let end = child(node, "block").map_or(node.end_byte(), |b| b.start_byte());
                upto(end)
            }
            "class_declaration" | "object_declaration" | "companion_object" => {
                match child(node, "class_body").or_else(|| child(node, "enum_class_body")) {
                    Some(b) => upto(b.start_byte()),
                    None => first_line(&upto(node.end_byte())),
                }
            }
            // An entry with a body: up to it.
            "enum_entry" => match child(node, "class_body") {
                Some(b) => upto(b.start_byte()),
                None => first_line(&text(src, node)),
            },
            "property_declaration" => {
                let end =
                    child(node, "variable_declaration").map_or(node.end_byte(), |v| v.end_byte());
                upto(end)
            }
            "class_parameter" => {
                let end = {
                    let mut c = node.walk();
                    let kids: Vec<Node<'_>> = node.named_children(&mut c).collect();
                    kids.iter()
                        .rfind(|k| {
                            matches!(
                                k.kind_name(),
                                "user_type"
                                    | "nullable_type"
                                    | "function_type"
                                    | "parenthesized_type"
                                    | "identifier"
                            )
                        })
                        .map_or(node.end_byte(), |k| k.end_byte())
                };
                upto(end)
            }
            _ => first_line(&text(src, node)),
        })
    }

    fn doc(
        &self,
        src: &[u8],
        _def: &Def<'_>,
        span_node: Node<'_>,
        comments: Option<&[Node<'_>]>,
    ) -> Option<String> {
        match comments {
            Some(cs) => doc_comment_at(
                src,
                span_node.start_byte(),
                span_node.start_position().row,
                cs,
            ),
            None => doc_above(
                src,
                span_node.prev_sibling(),
                span_node.start_position().row,
                |k| k == "block_comment" || k == "line_comment",
                true,
            ),
        }
    }

    fn module_doc(
        &self,
        _src: &[u8],
        _root: Node<'_>,
        _package: Option<Node<'_>>,
        _comments: Option<&[Node<'_>]>,
    ) -> Option<String> {
        // The comment above `package` is a licence more often than not.
        None
    }

    fn imports(&self, src: &[u8], node: Node<'_>, out: &mut Vec<Import>) {
        // `import a.b.C`, `import a.b.*`, `import a.b.C as D`: the container and the member.
        let Some(path) = child(node, "qualified_identifier").or_else(|| child(node, "identifier"))
        else {
            return;
        };
        let path: String = text(src, path)
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        let star = text(src, node)
            .trim_end()
            .trim_end_matches(';')
            .trim_end()
            .ends_with('*');
        let alias = {
            let mut c = node.walk();
            let kids: Vec<Node<'_>> = node.named_children(&mut c).collect();
            kids.iter()
                .skip_while(|k| k.kind_name() != "qualified_identifier")
                .skip(1)
                .find(|k| k.kind_name() == "identifier")
                .map(|k| text(src, *k))
        };
        let (module, member) = if star {
            (path, "*".to_string())
        } else {
            match path.rsplit_once('.') {
                Some((m, n)) => (m.to_string(), n.to_string()),
                None => return,
            }
        };
        out.push(Import {
            module,
            member: Some(member),
            alias,
            reexport: false,
            pos: pos_of(src, node),
        });
    }

    fn bindings(&self, src: &[u8], node: Node<'_>, out: &mut Vec<(String, Option<String>)>) {
        match node.kind_name() {
            "parameter" | "class_parameter" => {
                let Some(name) = child(node, "identifier") else {
                    return;
                };
                let ty = type_child(node).and_then(|t| type_expr(src, t));
                out.push((text(src, name), ty));
            }
            "property_declaration" => {
                let Some(v) = child(node, "variable_declaration") else {
                    return;
                };
                let Some(name) = child(v, "identifier") else {
                    return;
                };
                let ty = type_child(v).and_then(|t| type_expr(src, t)).or_else(|| {
                    let mut c = node.walk();
                    let value = node
                        .named_children(&mut c)
                        .skip_while(|k| k.kind_name() != "variable_declaration")
                        .nth(1);
                    value.and_then(|v| value_type(src, v))
                });
                out.push((text(src, name), ty));
            }
            "variable_declaration" => {
                if let Some(name) = child(node, "identifier") {
                    let ty = type_child(node).and_then(|t| type_expr(src, t));
                    out.push((text(src, name), ty));
                }
            }
            _ => {}
        }
    }

    fn returns(&self, src: &[u8], def: &Def<'_>) -> Option<String> {
        if def.node.kind_name() != "function_declaration" {
            return None;
        }
        let params = child(def.node, "function_value_parameters")?;
        let mut t = params.next_named_sibling()?;
        if !matches!(
            t.kind_name(),
            "user_type" | "nullable_type" | "function_type" | "parenthesized_type"
        ) {
            return None;
        }
        if t.kind_name() == "nullable_type" {
            t = t.named_child(0)?;
        }
        let ty = type_expr(src, t)?;
        (ty != "Unit").then_some(ty)
    }
}

/// A function's or secondary constructor's parameter list.
fn params_of<'t>(def: &Def<'t>) -> Option<Node<'t>> {
    match def.node.kind_name() {
        "function_declaration" | "secondary_constructor" => {
            child(def.node, "function_value_parameters")
        }
        _ => None,
    }
}

/// A parameter's or a variable's stated type.
fn type_child(node: Node<'_>) -> Option<Node<'_>> {
    let mut c = node.walk();
    let found = node.named_children(&mut c).find(|k| {
        matches!(
            k.kind_name(),
            "user_type" | "nullable_type" | "function_type" | "parenthesized_type"
        )
    });
    found
}

/// An extension's receiver type as its qualname spells it: the names of `a.B<T>?` without
/// type arguments or `?` (`a.B`); `Function` for a function type.
fn receiver_type(src: &[u8], node: Node<'_>) -> Option<String> {
    match node.kind_name() {
        "user_type" => type_expr(src, node),
        "nullable_type" | "parenthesized_type" => receiver_type(src, node.named_child(0)?),
        "function_type" => Some("Function".to_string()),
        _ => None,
    }
}

/// A stated type as a type expression: `T`, `a.b.T`, a generic type's raw type (`List` of
/// `List<T>`), nullable or not; a function type gives nothing.
fn type_expr(src: &[u8], node: Node<'_>) -> Option<String> {
    match node.kind_name() {
        "user_type" => {
            let mut c = node.walk();
            let parts: Vec<String> = node
                .named_children(&mut c)
                .filter(|k| k.kind_name() == "identifier")
                .map(|k| text(src, k))
                .collect();
            (!parts.is_empty()).then(|| parts.join("."))
        }
        "nullable_type" | "parenthesized_type" => type_expr(src, node.named_child(0)?),
        _ => None,
    }
}

/// A value's type expression: a constructor call (`A(…)`: a capitalised name called), a cast
/// (`x as T`), or a chain of names and calls (`a.b().c`).
fn value_type(src: &[u8], node: Node<'_>) -> Option<String> {
    match node.kind_name() {
        "as_expression" => type_expr(src, node.field("right")?),
        "parenthesized_expression" => value_type(src, node.named_child(0)?),
        "call_expression" | "identifier" | "navigation_expression" => chain(src, node),
        _ => None,
    }
}

/// `a.b().c` for a chain of names, member accesses and calls.
fn chain(src: &[u8], node: Node<'_>) -> Option<String> {
    match node.kind_name() {
        "identifier" => Some(text(src, node)),
        "this_expression" => Some("this".to_string()),
        "navigation_expression" => {
            let obj = chain(src, node.named_child(0)?)?;
            let n = node.named_child_count();
            let attr = node.named_child(n.checked_sub(1)?)?;
            (attr.kind_name() == "identifier").then(|| format!("{obj}.{}", text(src, attr)))
        }
        "call_expression" => Some(format!("{}()", chain(src, node.named_child(0)?)?)),
        "parenthesized_expression" => chain(src, node.named_child(0)?),
        _ => None,
    }
}

/// Where a declaration's signature starts: after its annotations, at its first modifier
/// keyword or, without one, at what follows the modifiers.
fn decl_start(node: Node<'_>) -> usize {
    let Some(first) = node.named_child(0).filter(|n| n.kind_name() == "modifiers") else {
        return node.start_byte();
    };
    let mut c = first.walk();
    let kw = first
        .children(&mut c)
        .find(|k| k.kind_name() != "annotation");
    match kw {
        Some(k) => k.start_byte(),
        None => first
            .next_sibling()
            .map_or(node.start_byte(), |n| n.start_byte()),
    }
}

/// What every Kotlin file sees without an import, called or named so often that an edge to
/// it would be noise when the workspace does not define it: `kotlin`'s types and the
/// standard library's most used functions (sorted).
pub(super) const BUILTINS: &[&str] = &[
    "Any",
    "Array",
    "ArrayList",
    "Boolean",
    "Byte",
    "Char",
    "CharSequence",
    "Comparable",
    "Double",
    "Exception",
    "Float",
    "HashMap",
    "HashSet",
    "IllegalArgumentException",
    "IllegalStateException",
    "Int",
    "Iterable",
    "List",
    "Long",
    "Map",
    "MutableList",
    "MutableMap",
    "MutableSet",
    "Nothing",
    "Pair",
    "RuntimeException",
    "Set",
    "Short",
    "String",
    "StringBuilder",
    "TODO",
    "Throwable",
    "Unit",
    "UnsupportedOperationException",
    "also",
    "apply",
    "arrayListOf",
    "arrayOf",
    "assert",
    "buildList",
    "buildString",
    "check",
    "checkNotNull",
    "emptyArray",
    "emptyList",
    "emptyMap",
    "emptySet",
    "error",
    "hashMapOf",
    "lazy",
    "let",
    "listOf",
    "listOfNotNull",
    "mapOf",
    "maxOf",
    "minOf",
    "mutableListOf",
    "mutableMapOf",
    "mutableSetOf",
    "print",
    "println",
    "repeat",
    "require",
    "requireNotNull",
    "run",
    "sequenceOf",
    "setOf",
    "sumOf",
    "synchronized",
    "takeIf",
    "to",
    "use",
    "with",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtins_are_sorted() {
        assert!(BUILTINS.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn test_files_by_name() {
        for (name, test) in [
            ("StoreTest.kt", true),
            ("StoreTests.kt", true),
            ("Store.kt", false),
            ("Latest.kt", false),
        ] {
            assert_eq!(is_test_file(name), test, "{name}");
        }
    }

    #[test]
    fn annotations_before_a_primary_constructor_line() {
        crate::lang::check_rewrites(
            &[
                (
                    "class Regex\n@PublishedApi\ninternal constructor(p: P) : S {\n}",
                    Some("class Regex\n             \ninternal constructor(p: P) : S {\n}"),
                ),
                (
                    "actual class A\n/**\n * Doc.\n */\npublic actual constructor(size: Int) {\n}",
                    Some("actual class A\n   \n       \n   \npublic        constructor(size: Int) {\n}"),
                ),
                (
                    "actual class A\npublic actual constructor(size: Int)",
                    Some("actual class A\npublic        constructor(size: Int)"),
                ),
                // Nothing between, or a secondary constructor in a body: left alone.
                ("class A\nconstructor(x: Int)", None),
                ("class A {\n  @Inject\n  constructor(x: Int)\n}", None),
                ("class A(x: Int)\n@Ann\nfun constructor() {}", None),
            ],
            blank_before_constructor,
        );
    }

    #[test]
    fn a_primary_constructor_line_joins_its_header() {
        crate::lang::check_rewrites(
            &[
                (
                    "  public class Builder\n  internal constructor(\n    internal var k: K,\n  ) {",
                    Some("  public class Builder constructor(\n          \n    internal var k: K,\n  ) {"),
                ),
                // Annotations blanked before: the blank lines stay.
                (
                    "class R\n             \ninternal constructor(\n  p: P) {\n}",
                    Some("class R constructor(\n\n                     \n  p: P) {\n}"),
                ),
                // Parameters on the constructor's line would move: left alone.
                ("class T\nprivate constructor(a: A) : B {\n}", None),
                // No room at column 0; a header that ends otherwise; a secondary
                // constructor in a body.
                ("class A\nconstructor(x: Int)", None),
                ("class A(x: Int) {\n  constructor() : this(1)\n}", None),
                ("class A {\n  constructor(x: Int)\n}", None),
            ],
            join_constructor_line,
        );
    }

    #[test]
    fn annotations_the_grammar_misreads() {
        crate::lang::check_rewrites(
            &[
                (
                    "@SinceKotlin(\"1.1\") public actual typealias A = B",
                    Some("@SinceKotlin(\"1.1\") public        typealias A = B"),
                ),
                (
                    "@Target(X)\n@Retention(Y)\ninternal annotation class A\n",
                    Some("          \n             \ninternal annotation class A\n"),
                ),
                // Read as they are: no arguments, a body, parameters, a string.
                ("@JvmField public actual val x = 1", None),
                ("@Target(X)\nannotation class A(val x: Int)", None),
                ("@Target(X)\nannotation class A {}", None),
                ("@Suppress(\"x\")\nclass A", None),
                ("@A(\" actual \")", None),
            ],
            blank_around_annotations,
        );
    }

    #[test]
    fn braces_ending_a_declaration_line() {
        crate::lang::check_rewrites(
            &[
                ("object X { fun f() {} }", Some("object X { fun f() {};}")),
                ("class A { val x = 1 }", Some("class A { val x = 1;}")),
                (
                    "class A {\n  fun f() = g() }\n",
                    Some("class A {\n  fun f() = g();}\n"),
                ),
                // Empty bodies, ended ones, lambdas' parameters.
                ("class A { }", None),
                ("class A { val x = 1; }", None),
                ("class A {\n}\n", None),
                // Strings, templates, characters and comments are left alone.
                ("val s = \"{ a }\"", None),
                ("val s = \"${ a }\"", None),
                ("val s = \"\"\"${ a } }\"\"\"", None),
                ("val c = '}'", None),
                ("// { a }\n/* { b } /* c */ }*/", None),
                ("when (x) {\n  0 -> { /* nothing */ }\n}", None),
                ("class A {\n  fun f() {}\n  // x }\n}", None),
                ("val s = \"${ f { x } }\"", Some("val s = \"${ f { x;} }\"")),
            ],
            end_before_braces,
        );
    }
}
