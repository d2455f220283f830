//! Signatures as their text writes them: the parameter types of a C-like signature, compared
//! with names, `final`, annotations, namespaces and a by-value parameter's own `const` aside.
//! Pure.

use indexer::store::MapSymbol;

/// Whether two methods' signatures write the same parameter types (`(final Appendable buf,
/// Calendar c)` and `(Appendable buffer, Calendar calendar)`: names, `final` and annotations
/// aside); true when either cannot be read.
pub(super) fn same_parameter_types(a: &MapSymbol, b: &MapSymbol) -> bool {
    match (
        a.signature.as_deref().and_then(parameter_types),
        b.signature.as_deref().and_then(parameter_types),
    ) {
        (Some(x), Some(y)) => same_types(&x, &y),
        _ => true,
    }
}

/// Whether two parameter type lists are one: type for type, a type variable (`T`, `I`: one
/// upper-case letter and a digit at most) standing for any type, as a generic interface's
/// method is overridden with the type it is given (commons-collections4's `Transformer<I,
/// O>.transform(I)` by `InvokerTransformer.transform(Object)`). Pure.
fn same_types(x: &[String], y: &[String]) -> bool {
    let variable = |t: &str| {
        let t = t.trim_end_matches("...").trim_end_matches("[]");
        let mut c = t.chars();
        c.next().is_some_and(|f| f.is_ascii_uppercase())
            && t.len() <= 2
            && c.all(|d| d.is_ascii_digit())
    };
    x.len() == y.len()
        && x.iter()
            .zip(y)
            .all(|(a, b)| a == b || variable(a) || variable(b))
}

/// A parameter's text without its `/* … */` comments (a name left out, written as a comment:
/// tinyxml2's `Visit(const XMLText& /*text*/)`, overridden by `Visit(const XMLText& text)`).
fn without_comments(p: &str) -> String {
    let mut out = String::with_capacity(p.len());
    let mut rest = p;
    while let Some(i) = rest.find("/*") {
        out.push_str(&rest[..i]);
        out.push(' ');
        rest = match rest[i + 2..].find("*/") {
            Some(j) => &rest[i + 2 + j + 2..],
            None => "",
        };
    }
    out.push_str(rest);
    out
}

/// The parameter types of a C-like signature (`void f(final A a, List<B> b)` → `[A, List<B>]`):
/// each parameter without its name, `final` and annotations, white space removed.
fn parameter_types(sig: &str) -> Option<Vec<String>> {
    let open = sig.find('(')?;
    let mut depth = 0i32;
    let mut params = Vec::new();
    let mut cur = String::new();
    for c in sig[open + 1..].chars() {
        match c {
            '(' | '<' | '[' => depth += 1,
            ')' if depth == 0 => {
                params.push(std::mem::take(&mut cur));
                let types = params
                    .iter()
                    .map(|p| without_comments(p))
                    .filter(|p| !p.trim().is_empty())
                    .map(|p| {
                        // `&msg`, `*p`: the name, its `&` or `*` the type's.
                        let spaced: String = p
                            .chars()
                            .flat_map(|c| match c {
                                '&' | '*' => vec![' ', c, ' '],
                                _ => vec![c],
                            })
                            .collect();
                        let words: Vec<&str> = spaced
                            .split_whitespace()
                            .filter(|w| *w != "final" && !w.starts_with('@'))
                            .collect();
                        // The last word is the name unless it is punctuation (`const T &`
                        // names none).
                        let named = words
                            .last()
                            .is_some_and(|w| w.chars().any(char::is_alphanumeric));
                        let n = if named && words.len() > 1 {
                            words.len() - 1
                        } else {
                            words.len()
                        };
                        // A by-value parameter's own `const` is no part of the function's
                        // type (`char32_t c` in a header, `const char32_t c` in its
                        // definition).
                        let by_value = !words[..n].iter().any(|w| matches!(*w, "&" | "*" | "&&"));
                        let kept: Vec<&str> = words[..n]
                            .iter()
                            .copied()
                            .filter(|w| !(by_value && matches!(*w, "const" | "volatile")))
                            .collect();
                        unqualified(&kept.join(" ")).replace(' ', "")
                    })
                    .collect();
                return Some(types);
            }
            ')' | '>' | ']' => depth -= 1,
            ',' if depth == 0 => {
                params.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    None
}

/// A type without the namespaces or packages that qualify its names (`spdlog::details::log_msg`
/// and `details::log_msg` are one type to an override; `java.util.List<T>` is `List<T>`).
fn unqualified(t: &str) -> String {
    let mut out = String::new();
    let mut word_start = 0;
    let mut chars = t.chars().peekable();
    while let Some(c) = chars.next() {
        // `a.B`, not `String...`.
        let dot = c == '.' && chars.peek().is_some_and(|n| n.is_alphabetic() || *n == '_');
        let sep = (c == ':' && chars.peek() == Some(&':')) || dot;
        if sep {
            // `::x` (the global namespace) as well as `a::x`.
            if c == ':' {
                chars.next();
            }
            out.truncate(word_start);
            continue;
        }
        if !(c.is_alphanumeric() || c == '_') {
            word_start = out.len() + c.len_utf8();
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameter_types_leave_names_final_and_annotations_out() {
        let t = |s: &str| parameter_types(s).map(|v| v.join("|"));
        assert_eq!(
            t("public void appendTo(final Appendable buffer, final Calendar calendar)").as_deref(),
            Some("Appendable|Calendar")
        );
        assert_eq!(
            t("void appendTo(Appendable buf, int value)").as_deref(),
            Some("Appendable|int")
        );
        assert_eq!(
            t("<K, V> Map<K, V> of(Map<K, ? extends V> m, @Nullable String... names)").as_deref(),
            Some("Map<K,?extendsV>|String...")
        );
        assert_eq!(t("int size()").as_deref(), Some(""));
        // An override spells the type with more of its namespace, or names no parameter.
        let base = t("virtual void sink_it_(const details::log_msg &msg) = 0");
        assert_eq!(base.as_deref(), Some("constlog_msg&"));
        for o in [
            "void sink_it_(const spdlog::details::log_msg &msg) override",
            "void sink_it_(const spdlog::details::log_msg &) final",
            "void sink_it_(const ::spdlog::details::log_msg& m) override",
            "virtual void sink_it_(const details::log_msg& /*msg*/)",
        ] {
            assert_eq!(t(o), base, "{o}");
        }
        assert_ne!(t("void sink_it_(const details::log_msg *msg)"), base);
        assert_eq!(
            t("void f(java.util.List<a.B> xs)").as_deref(),
            Some("List<B>")
        );
        assert_eq!(t("void f(char *argv[])").as_deref(), Some("char*"));
        // A by-value parameter's own `const` is no part of the type; a pointee's is.
        assert_eq!(
            t("std::string UnicodeCharToUTF8(const char32_t c)"),
            t("std::string UnicodeCharToUTF8(char32_t c)")
        );
        assert_ne!(t("void f(const char *s)"), t("void f(char *s)"));
        assert_eq!(t("no parens"), None);
    }

    #[test]
    fn a_type_variable_stands_for_any_type() {
        let v = |xs: &[&str]| xs.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(same_types(&v(&["I"]), &v(&["Object"])));
        assert!(same_types(&v(&["K", "V2"]), &v(&["String", "int"])));
        assert!(!same_types(&v(&["List"]), &v(&["Object"])));
        assert!(!same_types(&v(&["I"]), &v(&["Object", "int"])));
    }
}
