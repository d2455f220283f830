//! Blocks of lines that `codemap setup` owns in a text file: Codex's `[mcp_servers.codemap]`
//! table in a TOML file, and the marked codemap section of an agent instructions file
//! (`AGENTS.md`). Found by a small purpose-built scanner (TOML: headers outside strings and
//! arrays; Markdown: the two marker lines), replaced in place or appended after a blank line,
//! cut out again so that a removal after a setup gives back the original bytes. Pure.

use super::jsonc::ParseError;

/// `text` with `block` (whole lines, ending with a line break) at `span` (the block found
/// there), or appended after a blank line.
pub fn upsert(text: &str, span: Option<(usize, usize)>, block: &str) -> String {
    match span {
        Some((s, e)) => format!("{}{block}{}", &text[..s], &text[e..]),
        None => {
            let mut out = text.to_string();
            if !out.is_empty() && !out.ends_with('\n') {
                out.push('\n');
            }
            if !out.trim().is_empty() {
                out.push('\n');
            }
            out.push_str(block);
            out
        }
    }
}

/// `text` with the block at `span` cut out, or `None` when the file is to be deleted (it
/// holds only what a setup of a missing file writes). Of the ways to cut it (with the line
/// breaks a setup adds before it, or without), the first whose setup gives back `text`.
pub fn remove(text: &str, span: Option<(usize, usize)>, block: &str) -> Option<String> {
    let Some((s, e)) = span else {
        return Some(text.to_string());
    };
    if upsert("", None, block) == text {
        return None;
    }
    let (prefix, suffix) = (&text[..s], &text[e..]);
    let mut candidates = vec![format!("{prefix}{suffix}")];
    if suffix.is_empty() {
        for cut in ["\n", "\n\n"] {
            if let Some(p) = prefix.strip_suffix(cut) {
                candidates.push(p.to_string());
            }
        }
    }
    for c in &candidates {
        if upsert(c, None, block) == text {
            return Some(c.clone());
        }
    }
    candidates.into_iter().next()
}

// ---------------------------------------------------------------------------------------
// Markdown: the marked section.

pub const BEGIN: &str = "<!-- codemap:begin (written by `codemap setup --instructions`; `codemap setup --remove` takes it out) -->";
pub const END: &str = "<!-- codemap:end -->";

/// The marked section's lines, from its first marker's line to its last's line break.
pub fn section(text: &str) -> Option<(usize, usize)> {
    let s = text.find("<!-- codemap:begin")?;
    let s = text[..s].rfind('\n').map_or(0, |i| i + 1);
    let e = s + text[s..].find(END)? + END.len();
    let e = text[e..].find('\n').map_or(text.len(), |i| e + i + 1);
    Some((s, e))
}

// ---------------------------------------------------------------------------------------
// TOML: one table.

/// A TOML table's span, from its header's line to the end of its last line that is not
/// blank, sub-tables (`[a.b.env]`) included; an error where the file cannot be scanned, or
/// where the table is written in another form (an inline table, dotted keys) codemap does
/// not edit.
pub fn toml_table(text: &str, name: &[&str]) -> Result<Option<(usize, usize)>, ParseError> {
    let b = text.as_bytes();
    let err = |at: usize, message: String| {
        let before = &text[..at.min(text.len())];
        ParseError {
            line: before.matches('\n').count() + 1,
            col: before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1,
            message,
        }
    };
    let mut i = 0;
    let mut depth = 0usize;
    let mut table: Vec<String> = Vec::new();
    let mut found: Option<(usize, usize)> = None;
    let mut at_line_start = true;
    while i < b.len() {
        let c = b[i];
        if at_line_start && depth == 0 {
            // Skip indentation; then a header, a key line, a comment or a blank line.
            let mut j = i;
            while j < b.len() && (b[j] == b' ' || b[j] == b'\t') {
                j += 1;
            }
            at_line_start = false;
            if j < b.len() && b[j] == b'[' {
                let line_end = text[j..].find('\n').map_or(text.len(), |k| j + k);
                let line = &text[j..line_end];
                let inner = line
                    .trim_start_matches('[')
                    .split(']')
                    .next()
                    .unwrap_or_default();
                table = keys(inner);
                let ours = table.len() >= name.len() && table.iter().zip(name).all(|(a, b)| a == b);
                let line_start = text[..j].rfind('\n').map_or(0, |k| k + 1);
                match (&mut found, ours) {
                    (None, true) if table.len() == name.len() => {
                        found = Some((line_start, text.len()))
                    }
                    (Some((_, end)), false) if *end == text.len() => *end = line_start,
                    _ => {}
                }
                i = line_end;
                continue;
            }
            if j < b.len() && b[j] != b'#' && b[j] != b'\n' && b[j] != b'\r' {
                // A key line: its full key.
                let eq = text[j..].find('=').map(|k| j + k);
                if let Some(eq) = eq {
                    let mut full = table.clone();
                    full.extend(keys(&text[j..eq]));
                    let inside =
                        full.len() >= name.len() && full.iter().zip(name).all(|(a, b)| a == b);
                    let names_it = full.len() == name.len() - 1
                        && full.iter().zip(name).all(|(a, b)| a == b)
                        && text[eq..]
                            .lines()
                            .next()
                            .is_some_and(|v| v.contains(name[name.len() - 1]));
                    if (inside && table.len() < name.len()) || names_it {
                        return Err(err(
                            j,
                            format!(
                                "[{}] is written here as dotted keys or an inline table; codemap edits only a [{}] table: edit or remove this one by hand",
                                name.join("."),
                                name.join(".")
                            ),
                        ));
                    }
                }
            }
            i = j;
            continue;
        }
        match c {
            b'\n' => {
                at_line_start = true;
                i += 1;
            }
            b'#' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'"' | b'\'' => {
                let triple = b.get(i + 1) == Some(&c) && b.get(i + 2) == Some(&c);
                let open = i;
                if triple {
                    let close = if c == b'"' { "\"\"\"" } else { "'''" };
                    match text[i + 3..].find(close) {
                        Some(k) => {
                            i += 3 + k + 3;
                            while b.get(i) == Some(&c) {
                                i += 1;
                            }
                        }
                        None => {
                            return Err(err(open, "a multi-line string is never closed".into()))
                        }
                    }
                } else {
                    i += 1;
                    loop {
                        match b.get(i) {
                            None | Some(b'\n') => {
                                return Err(err(open, "a string is never closed".into()))
                            }
                            Some(b'\\') if c == b'"' => i += 2,
                            Some(&q) if q == c => {
                                i += 1;
                                break;
                            }
                            _ => i += 1,
                        }
                    }
                }
            }
            b'[' | b'{' => {
                depth += 1;
                i += 1;
            }
            b']' | b'}' => {
                depth = depth.saturating_sub(1);
                i += 1;
            }
            _ => i += 1,
        }
    }
    if depth != 0 {
        return Err(err(
            text.len(),
            "an array or inline table is never closed".into(),
        ));
    }
    // The table ends with its last line that is not blank, line break included.
    Ok(found.map(|(s, e)| {
        let body = &text[s..e];
        let mut end = s + body.trim_end_matches(['\n', '\r', ' ', '\t']).len();
        if text[end..].starts_with("\r\n") {
            end += 2;
        } else if text[end..].starts_with('\n') {
            end += 1;
        }
        (s, end)
    }))
}

/// A dotted key's parts, quotes taken off.
fn keys(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    for ch in s.chars() {
        match (quote, ch) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => cur.push(c),
            (None, '"' | '\'') => quote = Some(ch),
            (None, '.') => out.push(std::mem::take(&mut cur).trim().to_string()),
            (None, c) => cur.push(c),
        }
    }
    out.push(cur.trim().to_string());
    out
}

/// A TOML basic string.
pub fn toml_str(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\u{:04X}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAME: &[&str] = &["mcp_servers", "codemap"];
    const TABLE: &str = "[mcp_servers.codemap]\ncommand = \"/bin/codemap\"\nargs = [\"serve\"]\n";

    fn set(text: &str) -> String {
        let span = toml_table(text, NAME).expect("scan");
        upsert(text, span, TABLE)
    }

    #[test]
    fn toml_setup_then_remove_is_the_identity() {
        for o in [
            "",
            "model = \"o3\"\n",
            "model = \"o3\"\n\n",
            "[mcp_servers.other]\ncommand = \"x\"\nargs = [\n  \"[not a header]\",\n]\n\n[profiles.a]\nmodel = \"m\"\n",
            "notes = '''\n[mcp_servers.codemap]\n'''\n",
        ] {
            let s = set(o);
            assert_eq!(set(&s), s, "idempotent: {o:?}");
            let span = toml_table(&s, NAME).expect("scan");
            assert!(span.is_some(), "{s}");
            let back = remove(&s, span, TABLE);
            if o.is_empty() {
                assert_eq!(back, None);
            } else {
                assert_eq!(back.as_deref(), Some(o), "{s:?}");
            }
        }
    }

    #[test]
    fn toml_table_in_the_middle_is_replaced_and_cut() {
        let o = "[mcp_servers.codemap]\ncommand = \"old\"\n\n[mcp_servers.codemap.env]\nA = \"1\"\n\n[other]\nx = 1\n";
        let span = toml_table(o, NAME).expect("scan");
        assert_eq!(span.map(|(s, e)| &o[s..e]), Some("[mcp_servers.codemap]\ncommand = \"old\"\n\n[mcp_servers.codemap.env]\nA = \"1\"\n"));
        let s = set(o);
        assert_eq!(s, format!("{TABLE}\n[other]\nx = 1\n"));
    }

    #[test]
    fn toml_refuses_other_forms_and_broken_files() {
        for bad in [
            "mcp_servers.codemap.command = \"x\"\n",
            "[mcp_servers]\ncodemap = { command = \"x\" }\n",
            "a = \"\"\"\nnever closed\n",
            "a = [1, 2\n",
        ] {
            assert!(toml_table(bad, NAME).is_err(), "{bad}");
        }
        let e = toml_table("x = 1\ny = 'open\n", NAME).expect_err("open string");
        assert_eq!((e.line, e.col), (2, 5));
    }

    #[test]
    fn markdown_section_round_trip() {
        let block = format!("{BEGIN}\n## codemap\nuse it\n{END}\n");
        // (A last line without its line break comes back with one, unless the backup
        // says otherwise: `setup::restore_backup`.)
        for o in ["", "# Agents\n\nBe nice.\n", "# Agents\n"] {
            let s = upsert(o, section(o), &block);
            assert_eq!(upsert(&s, section(&s), &block), s);
            let back = remove(&s, section(&s), &block);
            if o.is_empty() {
                assert_eq!(back, None);
            } else {
                assert_eq!(back.as_deref(), Some(o));
            }
        }
    }

    #[test]
    fn toml_strings_escape() {
        assert_eq!(toml_str("C:\\bin\\\"x\""), "\"C:\\\\bin\\\\\\\"x\\\"\"");
    }
}
