//! Conditional directives where tree-sitter-c has no place for them.
//!
//! The grammar reads `#if`/`#ifdef`/`#else`/`#endif` between top-level declarations, between
//! statements, fields and enumerators, but not inside a brace initializer:
//!
//! ```c
//! static struct ctl_table tbl[] = {
//! #ifdef CONFIG_X
//!     { .name = "x" },
//! #endif
//! };
//! ```
//!
//! There the whole file can come back as one error node (the Linux kernel's
//! `kernel/sched/core.c` does), and error recovery pays for dozens of parses to find the
//! broken declaration. Blanking those directive lines keeps every branch's entries, which in
//! an initializer list are still a valid list, and leaves every byte's line and column where
//! it was.

/// What a bracket opened.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Open {
    /// A block: a function's body, a struct's fields, an enum's list.
    Block,
    /// A brace initializer: `= {`, and the braces nested in one.
    Init,
    /// `(` or `[`.
    Paren,
    /// C++: a constructor's member initializers, from `) :` to the body's `{` (or a `;`:
    /// then it was a conditional expression's `:`).
    CtorInit,
}

/// Blanks the conditional directive lines (`#if`, `#ifdef`, `#ifndef`, `#elif`, `#else`,
/// `#endif`, with their continuation lines) that stand where the grammar has no place for
/// them: inside a brace initializer; inside a statement or brackets (`s->status =` /
/// `#ifdef GZIP` / `a ? b :` / `#endif` / `c;`), where the branches after the first are
/// blanked too, so the statement reads as its first branch writes it; and with
/// `ctor_inits` (C++) among a constructor's member initializers (`A() : #if … a_(1), #endif
/// b_(2) {}`), where tree-sitter-cpp has no place for them either and leaves the class
/// unclosed over the rest of the file. Brackets
/// are counted outside comments, strings and character literals; across `#if … #else …
/// #endif` they are counted in the first branch only (as ctags does), so a function whose
/// head each branch writes (`int f(int a) {` / `int f(void) {`) opens one block. Returns
/// whether anything was blanked. Pure; table-tested.
pub(crate) fn blank_misplaced_directives(src: &mut [u8], ctor_inits: bool) -> bool {
    let n = src.len();
    let mut stack: Vec<Open> = Vec::new();
    // Each open conditional: the bracket stack at its `#if`, at the end of its first branch,
    // and whether it stands inside a statement (`s->status =` / `#ifdef GZIP` / `a ? b :` /
    // `#endif` / `c;`, zlib's deflate.c, where the grammar broke the function and the rest of
    // the file): then its directives are blanked and its other branches too, so the statement
    // reads as its first branch writes it.
    let mut conds: Vec<(Vec<Open>, Option<Vec<Open>>, bool)> = Vec::new();
    // Blanking a mid-statement conditional's other branches: while the count of open
    // conditionals is at least this.
    let mut skipping: Option<usize> = None;
    let mut last: u8 = b';';
    let mut line_start = true;
    let mut changed = false;
    let mut i = 0;
    while i < n {
        if line_start {
            line_start = false;
            let mut j = i;
            while j < n && matches!(src[j], b' ' | b'\t') {
                j += 1;
            }
            if let Some(level) = skipping {
                // A line of a branch left out: blanked whole, its conditionals still counted.
                let end = if src.get(j) == Some(&b'#') {
                    let end = directive_end(src, j);
                    match directive_word(&src[j + 1..end]) {
                        b"if" | b"ifdef" | b"ifndef" => conds.push((Vec::new(), None, true)),
                        b"endif" => {
                            if let Some((_, first, _)) = conds.pop() {
                                if conds.len() < level {
                                    skipping = None;
                                    if let Some(first) = first {
                                        stack = first;
                                    }
                                }
                            }
                        }
                        _ => {}
                    }
                    end
                } else {
                    memchr::memchr(b'\n', &src[i..]).map_or(n, |k| i + k + 1)
                };
                blank_keeping_lines(&mut src[i..end]);
                changed = true;
                i = end;
                line_start = true;
                continue;
            }
            if src.get(j) == Some(&b'#') {
                let end = directive_end(src, j);
                let word = directive_word(&src[j + 1..end]);
                // Whether this directive line is blanked: in an initializer, or one of a
                // conditional that stands inside a statement.
                let mut blank_it = matches!(stack.last(), Some(Open::Init | Open::CtorInit));
                let conditional = match word {
                    b"if" | b"ifdef" | b"ifndef" => {
                        // In brackets, or in a block after no statement's end (an enum's
                        // list, after `,`, the grammar reads).
                        let mid = !blank_it
                            && match stack.last() {
                                Some(Open::Paren) => true,
                                Some(Open::Block) => {
                                    !matches!(last, b';' | b'{' | b'}' | b':' | b',')
                                }
                                _ => false,
                            };
                        conds.push((stack.clone(), None, mid));
                        blank_it |= mid;
                        true
                    }
                    b"elif" | b"else" | b"elifdef" | b"elifndef" => {
                        if let Some((at_if, first, mid)) = conds.last_mut() {
                            if first.is_none() {
                                *first = Some(std::mem::take(&mut stack));
                            }
                            stack = at_if.clone();
                            if *mid {
                                blank_it = true;
                                skipping = Some(conds.len());
                            }
                        }
                        true
                    }
                    b"endif" => {
                        if let Some((_, first, mid)) = conds.pop() {
                            blank_it |= mid;
                            if let Some(first) = first {
                                stack = first;
                            }
                        }
                        true
                    }
                    _ => false,
                };
                if conditional && blank_it {
                    blank_keeping_lines(&mut src[i..end]);
                    changed = true;
                }
                i = end;
                line_start = true;
                continue;
            }
        }
        let b = src[i];
        match b {
            b'\n' => line_start = true,
            b'/' if src.get(i + 1) == Some(&b'/') => {
                // To the line's end (a `\` at the end continues it, as the preprocessor says).
                i = directive_end(src, i);
                line_start = true;
                continue;
            }
            b'/' if src.get(i + 1) == Some(&b'*') => {
                i = memchr::memmem::find(&src[i + 2..], b"*/").map_or(n, |k| i + 2 + k + 2);
                continue;
            }
            b'"' | b'\'' => {
                i = crate::syntax::literal_end(src, i);
                last = b'"';
                continue;
            }
            b'{' if stack.last() == Some(&Open::CtorInit) => {
                // The body after `) {`, `} {`; a member's brace initializer after its name.
                if matches!(last, b')' | b'}' | b':') {
                    stack.pop();
                    stack.push(Open::Block);
                } else {
                    stack.push(Open::Init);
                }
            }
            b'{' => {
                let init = last == b'='
                    || (matches!(last, b',' | b'{') && stack.last() == Some(&Open::Init));
                stack.push(if init { Open::Init } else { Open::Block });
            }
            b':' if ctor_inits && last == b')' && src.get(i + 1) != Some(&b':') => {
                stack.push(Open::CtorInit)
            }
            b';' if stack.last() == Some(&Open::CtorInit) => {
                stack.pop();
            }
            b'(' | b'[' => stack.push(Open::Paren),
            b'}' | b')' | b']' => {
                if stack.last() == Some(&Open::CtorInit) {
                    stack.pop();
                }
                stack.pop();
            }
            _ => {}
        }
        if !b.is_ascii_whitespace() {
            last = b;
        }
        i += 1;
    }
    changed
}

/// Rewrites loop macros in function bodies as `if` (the name blanked after `if`), so that
/// `for_each_possible_cpu(i)` over an indented statement, or `list_for_each_entry(p, h, m) {`,
/// reads as control flow: the grammar reads the first as a nested function's head and leaves
/// the body unclosed over the rest of the file, the second as a call missing its `;`. A loop
/// macro is an indented line that is a name and its arguments alone (arguments may run over
/// lines), followed by `{` on that line or by a line indented deeper (or a `{` line), and not
/// after a line that ends in a type (`static ares_status_t` then an indented
/// `ares_addr_node_to_sconfig_llist(…)` and `{`: c-ares writes a function's name under its
/// type, and 25 functions came out named `if`). Such a macro is then no call in the map.
/// Returns whether anything changed. Pure; table-tested.
pub(super) fn loop_macros_as_if(src: &mut [u8]) -> bool {
    const KEYWORDS: &[&[u8]] = &[
        b"if",
        b"while",
        b"for",
        b"switch",
        b"return",
        b"sizeof",
        b"do",
        b"else",
        b"case",
        b"goto",
        b"typeof",
        b"__typeof__",
        b"defined",
    ];
    let n = src.len();
    let mut changed = false;
    let mut continued = false;
    let mut at = 0;
    while at < n {
        let end = memchr::memchr(b'\n', &src[at..]).map_or(n, |k| at + k);
        let line = &src[at..end];
        let in_define = continued;
        continued = line.trim_ascii_end().last() == Some(&b'\\');
        let indent = line
            .iter()
            .take_while(|b| matches!(b, b' ' | b'\t'))
            .count();
        let name_len = line[indent..]
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
            .count();
        let name = &line[indent..indent + name_len];
        let head = !in_define
            && indent > 0
            && name_len >= 2
            && name[0].is_ascii_alphabetic() | (name[0] == b'_')
            && !KEYWORDS.contains(&name);
        let after_name = at + indent + name_len;
        let open = head
            .then(|| {
                src[after_name..end]
                    .iter()
                    .position(|b| !matches!(b, b' ' | b'\t'))
            })
            .flatten()
            .map(|k| after_name + k)
            .filter(|&k| src[k] == b'(');
        if let Some(open) = open {
            if let Some(close) = matching_paren(src, open) {
                let line_end = memchr::memchr(b'\n', &src[close..]).map_or(n, |k| close + k);
                let rest = src[close + 1..line_end].trim_ascii();
                let rest = strip_comment(rest);
                let next = next_code_line(src, line_end);
                let brace = rest == b"{";
                let over = rest.is_empty()
                    && next.is_some_and(|l| {
                        l.trim_ascii_start().starts_with(b"{") || width(l) > width(line)
                    });
                if (brace || over) && !after_a_type(prev_code_line(src, at)) {
                    src[at + indent] = b'i';
                    src[at + indent + 1] = b'f';
                    for b in &mut src[at + indent + 2..after_name] {
                        *b = b' ';
                    }
                    changed = true;
                    at = line_end + 1;
                    continue;
                }
            }
        }
        at = end + 1;
    }
    changed
}

/// Blanks the `/* … */` comments inside a `#define` that more of the macro follows (`(slot =
/// NULL, 0)  /* not a table */  \` then the next line): the grammar's macro body ends at `/*`,
/// and the rest of the definition is read as code, an error that loses the macro (Lua's
/// `luaV_fastget` came out as a constant `slot`). A trailing comment, ending the definition,
/// is left alone. Every byte keeps its line and column. Returns whether anything changed.
/// Pure; table-tested.
pub(crate) fn blank_comments_in_macros(src: &mut [u8]) -> bool {
    let mut changed = false;
    let mut at = 0;
    while at < src.len() {
        let line_end = memchr::memchr(b'\n', &src[at..]).map_or(src.len(), |k| at + k);
        let t = &src[at..line_end];
        let lead = t.iter().take_while(|b| matches!(b, b' ' | b'\t')).count();
        if t.get(lead) != Some(&b'#') || directive_word(&t[lead + 1..]) != b"define" {
            at = line_end + 1;
            continue;
        }
        let end = directive_end(src, at);
        let mut i = at + lead + 1;
        let mut quote = None;
        while i + 1 < end {
            let b = src[i];
            match quote {
                Some(_) if b == b'\\' => i += 1,
                Some(q) if b == q => quote = None,
                Some(_) => {}
                None if b == b'"' || b == b'\'' => quote = Some(b),
                None if b == b'/' && src[i + 1] == b'/' => break,
                None if b == b'/' && src[i + 1] == b'*' => {
                    let Some(k) = memchr::memmem::find(&src[i + 2..end], b"*/") else {
                        break;
                    };
                    let close = i + 2 + k + 2;
                    let more = src[close..end].iter().any(|b| !b.is_ascii_whitespace());
                    if more {
                        // Line breaks stay, and the `\` before one (the macro goes on).
                        for j in i..close {
                            let splice =
                                src[j] == b'\\' && matches!(src.get(j + 1), Some(b'\n' | b'\r'));
                            if !matches!(src[j], b'\n' | b'\r') && !splice {
                                src[j] = b' ';
                            }
                        }
                        changed = true;
                    }
                    i = close;
                    continue;
                }
                None => {}
            }
            i += 1;
        }
        at = end;
    }
    changed
}

/// The `)` that closes the `(` at `open`, strings and characters skipped, within 16 lines.
pub(super) fn matching_paren(src: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut lines = 0;
    let mut i = open;
    while i < src.len() {
        match src[i] {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            b'"' | b'\'' => {
                i = crate::syntax::literal_end(src, i);
                continue;
            }
            b'\n' => {
                lines += 1;
                if lines > 16 {
                    return None;
                }
            }
            b';' | b'{' | b'}' => return None,
            _ => {}
        }
        i += 1;
    }
    None
}

/// A line's text less a trailing `/* … */` or `// …` comment.
fn strip_comment(t: &[u8]) -> &[u8] {
    let cut = memchr::memmem::find(t, b"/*")
        .into_iter()
        .chain(memchr::memmem::find(t, b"//"))
        .min()
        .unwrap_or(t.len());
    t[..cut].trim_ascii_end()
}

/// The last line before the line that starts at `at` that holds code (not blank, not a
/// directive, not a `//` comment alone).
fn prev_code_line(src: &[u8], at: usize) -> Option<&[u8]> {
    let mut end = at.checked_sub(1)?;
    loop {
        let start = memchr::memrchr(b'\n', &src[..end]).map_or(0, |k| k + 1);
        let t = src[start..end].trim_ascii();
        if !t.is_empty() && !t.starts_with(b"#") && !t.starts_with(b"//") {
            return Some(&src[start..end]);
        }
        end = start.checked_sub(1)?;
    }
}

/// Whether a line of code ends in a declaration's type, so that a name and its arguments on
/// the next line are its declarator (`static ares_status_t`, `const char *`), not a statement:
/// it ends in a name or `*` that is no keyword a statement follows (`else`, `do`).
fn after_a_type(line: Option<&[u8]>) -> bool {
    let Some(t) = line.map(|l| strip_comment(l.trim_ascii())) else {
        return false;
    };
    let word = t
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
        .count();
    let last = &t[t.len() - word..];
    (word > 0 && !matches!(last, b"else" | b"do")) || t.last() == Some(&b'*')
}

/// The next line after the line break at `nl` that holds code (not blank, not a directive).
fn next_code_line(src: &[u8], nl: usize) -> Option<&[u8]> {
    let mut at = nl + 1;
    while at < src.len() {
        let end = memchr::memchr(b'\n', &src[at..]).map_or(src.len(), |k| at + k);
        let t = src[at..end].trim_ascii();
        if !t.is_empty() && !t.starts_with(b"#") {
            return Some(&src[at..end]);
        }
        at = end + 1;
    }
    None
}

/// A line's indentation in columns (a tab to the next multiple of 8).
fn width(line: &[u8]) -> usize {
    let mut w = 0;
    for &b in line {
        match b {
            b' ' => w += 1,
            b'\t' => w = (w / 8 + 1) * 8,
            _ => break,
        }
    }
    w
}

/// Where the line that holds `from` ends, past its `\`-continued lines: the index of its
/// last line break + 1, or the end.
/// Every byte a space but the line ends, so each line and column stays where it was.
fn blank_keeping_lines(bytes: &mut [u8]) {
    for b in bytes {
        if !matches!(*b, b'\n' | b'\r') {
            *b = b' ';
        }
    }
}

fn directive_end(src: &[u8], from: usize) -> usize {
    let mut at = from;
    loop {
        let Some(k) = memchr::memchr(b'\n', &src[at..]) else {
            return src.len();
        };
        let nl = at + k;
        let body = src[at..nl].strip_suffix(b"\r").unwrap_or(&src[at..nl]);
        if body.last() != Some(&b'\\') {
            return nl + 1;
        }
        at = nl + 1;
    }
}

/// The directive's name after `#` (`ifdef` in `# ifdef X`).
fn directive_word(after_hash: &[u8]) -> &[u8] {
    let start = after_hash
        .iter()
        .position(|b| !matches!(b, b' ' | b'\t'))
        .unwrap_or(after_hash.len());
    let rest = &after_hash[start..];
    let len = rest
        .iter()
        .position(|b| !b.is_ascii_alphabetic())
        .unwrap_or(rest.len());
    &rest[..len]
}

#[cfg(test)]
mod tests {
    use super::blank_misplaced_directives as blank;

    /// (source, what it becomes; `None`: left alone)
    #[test]
    fn loop_macros_read_as_if() {
        let cases: &[(&str, Option<&str>)] = &[
            (
                "void f(void)\n{\n\tfor_each_cpu(i)\n\t\tsum += i;\n}\n",
                Some("void f(void)\n{\n\tif          (i)\n\t\tsum += i;\n}\n"),
            ),
            (
                "\tlist_for_each_entry(p, &h->list, node) { /* all */\n\t\tx(p);\n\t}\n",
                Some("\tif                 (p, &h->list, node) { /* all */\n\t\tx(p);\n\t}\n"),
            ),
            // Arguments over two lines.
            (
                "\thash_for_each_possible(t, obj, node,\n\t\t\t       key)\n\t\tn++;\n",
                Some("\tif                    (t, obj, node,\n\t\t\t       key)\n\t\tn++;\n"),
            ),
            // A function's name under its type (c-ares' style) is its declarator, not a loop;
            // one after `else` is a loop.
            (
                "static ares_status_t\n  ares_addr_node_llist(const struct n *servers,\n                       ares_llist_t **llist)\n{\n  return 0;\n}\nstatic const char *\n  name_of(int x)\n{\n}\n",
                None,
            ),
            (
                "\tif (a)\n\t\tx();\n\telse\n\t\tlist_for_each(p, h) {\n\t\t}\n",
                Some("\tif (a)\n\t\tx();\n\telse\n\t\tif           (p, h) {\n\t\t}\n"),
            ),
            // Calls, statements, keywords, a `#define`'s lines and top-level macros: left alone.
            (
                "\tfoo(x);\n\tif (a)\n\t\tb();\n\twhile (x)\n\t\ty();\n#define LOOP(x) \\\n\tfor_x(x) \\\n\t\tdo_it(x)\nEXPORT_SYMBOL(f)\n\tint y;\n\tret = f(a)\n\t\t+ g(b);\n",
                None,
            ),
        ];
        crate::lang::check_rewrites(cases, super::loop_macros_as_if);
    }

    /// (source, what it becomes; `None`: left alone)
    #[test]
    fn comments_inside_macros_are_blanked() {
        let cases: &[(&str, Option<&str>)] = &[
            // Lua's `luaV_fastget`: a comment, then the `\` that continues the macro.
            (
                "#define get(t,slot) \\\n  (x ? (slot = NULL, 0)  /* 'slot' is NULL */  \\\n   : 1)\nint y;\n",
                Some("#define get(t,slot) \\\n  (x ? (slot = NULL, 0)                        \\\n   : 1)\nint y;\n"),
            ),
            // Inside one line, and one over two lines of the macro.
            (
                "#define F(a) (a /* c */ + 1)\n#define G(a) a /* x \\\n y */ + 2\n",
                Some("#define F(a) (a         + 1)\n#define G(a) a      \\\n      + 2\n"),
            ),
            // A trailing comment, a `//` comment, a comment in a string, code outside a
            // `#define`, another directive: left alone.
            (
                "#define X 1 /* one */\n#define Y(a) a // why /* */ \\\n + 1\n#define S \"/*\" 1\nint a /* c */ = 1;\n#if A /* b */ || C\n#endif\n",
                None,
            ),
        ];
        crate::lang::check_rewrites(cases, super::blank_comments_in_macros);
    }

    /// C++: directives among a constructor's member initializers (leveldb's `Limiter`).
    /// (source, what it becomes; `None`: left alone)
    #[test]
    fn directives_in_constructor_initializers_are_blanked() {
        let cases: &[(&str, Option<&str>)] = &[
            (
                "class L {\n L(int m)\n  :\n#if !defined(N)\n  m_(m),\n#endif\n  a_{m} {\n#if X\n  f();\n#endif\n }\n};\n",
                Some("class L {\n L(int m)\n  :\n               \n  m_(m),\n      \n  a_{m} {\n#if X\n  f();\n#endif\n }\n};\n"),
            ),
            // A conditional expression's `:` after `)`, a `::` after `)`, a range-`for`:
            // no initializers.
            (
                "int f() {\n  int x = (a) ? (b) : c;\n#if X\n  g();\n#endif\n  decltype(x)::type y;\n  for (auto z : zs) {\n#if Y\n  h();\n#endif\n  }\n}\n",
                None,
            ),
        ];
        crate::lang::check_rewrites(cases, |s| blank(s, true));
    }

    /// (source, what it becomes; `None`: left alone)
    #[test]
    fn misplaced_directives_are_blanked() {
        let cases: &[(&str, Option<&str>)] = &[
            (
                "static int t[] = {\n#ifdef A\n\t1,\n#else\n\t2,\n#endif\n};\n",
                Some("static int t[] = {\n        \n\t1,\n     \n\t2,\n      \n};\n"),
            ),
            // Nested braces in an initializer, a directive with a comment after it.
            (
                "struct s x = {\n\t{ 1 },\n\t{\n#if B /* why */\n\t\t2,\n#endif\n\t},\n};\n",
                Some("struct s x = {\n\t{ 1 },\n\t{\n               \n\t\t2,\n      \n\t},\n};\n"),
            ),
            // Between declarations, in a function's body, in a struct's fields: the grammar
            // reads them; left alone.
            (
                "#ifdef A\nint a;\n#endif\nvoid f(void) {\n#if B\n\tg();\n#endif\n}\nstruct s {\n#ifdef C\n\tint c;\n#endif\n};\n",
                None,
            ),
            // A head in each branch opens one block, so what follows is no initializer.
            (
                "#ifdef A\nint f(int a) {\n#else\nint f(void) {\n#endif\n#if B\n\treturn 1;\n#endif\n}\n",
                None,
            ),
            // Braces in strings, characters and comments are not counted.
            (
                "char *s = \"{\"; char c = '{'; /* { */ // {\nint t[] = {\n#if A\n1,\n#endif\n};\n",
                Some("char *s = \"{\"; char c = '{'; /* { */ // {\nint t[] = {\n     \n1,\n      \n};\n"),
            ),
            // Directives one after another.
            (
                "int t[] = {\n#if A\n1,\n#endif\n#if B\n2,\n#endif\n};\n",
                Some("int t[] = {\n     \n1,\n      \n     \n2,\n      \n};\n"),
            ),
            // A `#define` inside is not a conditional; its braces are not counted.
            (
                "#define OPEN {\nint t[] = {\n#define X 1\nX,\n};\n",
                None,
            ),
            // Inside a statement (zlib's deflate.c): the directives are blanked, and the
            // other branches, so the statement reads as the first branch writes it.
            (
                "void f(void) {\n\ts = \n#ifdef G\n\t\tw ? 2 :\n#endif\n\t\t1;\n\tg(a,\n#if B\n\t  b\n#else\n\t  c\n#if D\n\t  d\n#endif\n#endif\n\t);\n}\n",
                Some("void f(void) {\n\ts = \n        \n\t\tw ? 2 :\n      \n\t\t1;\n\tg(a,\n     \n\t  b\n     \n    \n     \n    \n      \n      \n\t);\n}\n"),
            ),
        ];
        crate::lang::check_rewrites(cases, |s| blank(s, false));
    }
}
