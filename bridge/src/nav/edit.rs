//! Edits as text (pure): range edits applied to a file's text, a unified diff read and
//! applied, which old lines an edit keeps (and where they went), and two lists of
//! diagnostics compared across an edit (`nav_check_edit`: what it adds and removes).

use crate::lsp::Diag;
use std::collections::HashMap;

/// One range of a file replaced: 1-based lines, character columns, `end` exclusive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RangeEdit {
    pub line: u32,
    pub col: u32,
    pub end_line: u32,
    pub end_col: u32,
    pub text: String,
}

/// The byte offset of a 1-based line and character column of `text`, when the position is in
/// it (a column one past the line's end is its end).
fn offset(text: &str, line: u32, col: u32) -> Option<usize> {
    if line == 0 || col == 0 {
        return None;
    }
    let mut start = 0;
    for _ in 1..line {
        start += text[start..].find('\n')? + 1;
    }
    let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    let l = &text[start..end];
    let n = (col - 1) as usize;
    if n == l.chars().count() {
        return Some(end);
    }
    l.char_indices().nth(n).map(|(i, _)| start + i)
}

/// `text` with `edits` applied (ranges in `text`'s positions; none may overlap). A range past
/// the end of the text, or ending before it starts, is refused, saying which.
pub fn apply_range_edits(text: &str, edits: &[RangeEdit]) -> Result<String, String> {
    let lines = text.split('\n').count();
    let mut spans = Vec::with_capacity(edits.len());
    for (i, e) in edits.iter().enumerate() {
        let at = |l: u32, c: u32| {
            offset(text, l, c).ok_or_else(|| {
                // Which part is out: the line, or the column on a line that is there.
                let width = (l >= 1)
                    .then(|| text.split('\n').nth(l as usize - 1))
                    .flatten()
                    .map(|t| t.chars().count());
                match width {
                    Some(n) if c >= 1 => format!(
                        "edit {}: {l}:{c} is past the end of line {l}, which has {n} character(s) (column {} is its end)",
                        i + 1,
                        n + 1
                    ),
                    _ => format!(
                        "edit {}: {l}:{c} is past the end of the text ({lines} line(s)) or not a 1-based position",
                        i + 1
                    ),
                }
            })
        };
        let (s, t) = (at(e.line, e.col)?, at(e.end_line, e.end_col)?);
        if t < s {
            return Err(format!(
                "edit {}: its end {}:{} is before its start {}:{}",
                i + 1,
                e.end_line,
                e.end_col,
                e.line,
                e.col
            ));
        }
        spans.push((s, t, e.text.as_str(), i));
    }
    spans.sort_by_key(|x| (x.0, x.1));
    for w in spans.windows(2) {
        if w[1].0 < w[0].1 {
            return Err(format!("edits {} and {} overlap", w[0].3 + 1, w[1].3 + 1));
        }
    }
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for (s, t, new, _) in spans {
        out.push_str(&text[at..s]);
        out.push_str(new);
        at = t;
    }
    out.push_str(&text[at..]);
    Ok(out)
}

/// One file's part of a unified diff.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FilePatch {
    /// The file it edits, as the diff names it (`a/`, `b/` prefixes taken off).
    pub path: String,
    hunks: Vec<Hunk>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Hunk {
    /// The 1-based line of the old text where it starts (0 for an empty old side).
    old_start: usize,
    /// Its lines as the old text has them (context and removed), and as the new one will.
    old: Vec<String>,
    new: Vec<String>,
    /// `\ No newline at end of file` after an old-side or a new-side line.
    old_no_newline: bool,
    new_no_newline: bool,
}

/// `-a,b +c,d` → (a, b), (c, d); a missing count is 1.
fn hunk_ranges(header: &str) -> Option<((usize, usize), (usize, usize))> {
    let body = header.strip_prefix("@@ ")?;
    let body = &body[..body.find(" @@")?];
    let (old, new) = body.split_once(' ')?;
    let range = |s: &str| -> Option<(usize, usize)> {
        match s.split_once(',') {
            Some((a, b)) => Some((a.parse().ok()?, b.parse().ok()?)),
            None => Some((s.parse().ok()?, 1)),
        }
    };
    Some((
        range(old.strip_prefix('-')?)?,
        range(new.strip_prefix('+')?)?,
    ))
}

/// A path as a diff header names it: `b/src/x.go` → `src/x.go`, a tab and what follows
/// (a timestamp) taken off; `/dev/null` stays.
fn header_path(s: &str) -> String {
    let s = s.split('\t').next().unwrap_or(s).trim_end();
    let s = s.trim_matches('"');
    if s == "/dev/null" {
        return s.to_string();
    }
    s.strip_prefix("a/")
        .or_else(|| s.strip_prefix("b/"))
        .unwrap_or(s)
        .to_string()
}

/// A unified diff (`git diff`, `diff -u`), one file or several, read. Creating or deleting a
/// file, a hunk whose line counts do not add up, or no hunk at all is refused, saying where.
pub fn parse_diff(diff: &str) -> Result<Vec<FilePatch>, String> {
    let mut out: Vec<FilePatch> = Vec::new();
    let mut old_path: Option<String> = None;
    let mut lines = diff.lines().enumerate().peekable();
    while let Some((n, line)) = lines.next() {
        if let Some(p) = line.strip_prefix("--- ") {
            old_path = Some(header_path(p));
            continue;
        }
        if let Some(p) = line.strip_prefix("+++ ") {
            let new_path = header_path(p);
            if new_path == "/dev/null" || old_path.as_deref() == Some("/dev/null") {
                return Err(format!(
                    "line {}: the diff creates or deletes a file ({}); only edits of existing files are checked",
                    n + 1,
                    if new_path == "/dev/null" { old_path.clone().unwrap_or_default() } else { new_path }
                ));
            }
            out.push(FilePatch {
                path: new_path,
                hunks: Vec::new(),
            });
            continue;
        }
        if line.starts_with("@@") {
            let Some(file) = out.last_mut() else {
                return Err(format!(
                    "line {}: a hunk before any `+++ file` header",
                    n + 1
                ));
            };
            let Some(((old_start, mut old_n), (_, mut new_n))) = hunk_ranges(line) else {
                return Err(format!("line {}: not a hunk header: {line:?}", n + 1));
            };
            let mut h = Hunk {
                old_start,
                old: Vec::new(),
                new: Vec::new(),
                old_no_newline: false,
                new_no_newline: false,
            };
            // The side the last line was on, for a `\ No newline` after it.
            let mut last = ' ';
            while old_n > 0 || new_n > 0 || lines.peek().is_some_and(|(_, l)| l.starts_with('\\')) {
                let Some((m, l)) = lines.next() else {
                    return Err(format!(
                        "the hunk at line {} of the diff ends early: {old_n} old and {new_n} new line(s) missing",
                        n + 1
                    ));
                };
                let (tag, rest) = match l.chars().next() {
                    Some(c) => (c, &l[c.len_utf8()..]),
                    // An empty context line whose space was trimmed.
                    None => (' ', ""),
                };
                match tag {
                    ' ' if old_n > 0 && new_n > 0 => {
                        h.old.push(rest.to_string());
                        h.new.push(rest.to_string());
                        old_n -= 1;
                        new_n -= 1;
                    }
                    '-' if old_n > 0 => {
                        h.old.push(rest.to_string());
                        old_n -= 1;
                    }
                    '+' if new_n > 0 => {
                        h.new.push(rest.to_string());
                        new_n -= 1;
                    }
                    '\\' => match last {
                        '-' => h.old_no_newline = true,
                        '+' => h.new_no_newline = true,
                        _ => {
                            h.old_no_newline = true;
                            h.new_no_newline = true;
                        }
                    },
                    _ => {
                        return Err(format!(
                            "line {}: {l:?} does not fit the hunk at line {} ({old_n} old and {new_n} new line(s) left)",
                            m + 1,
                            n + 1
                        ))
                    }
                }
                if tag != '\\' {
                    last = tag;
                }
            }
            file.hunks.push(h);
        }
    }
    if out.is_empty() {
        return Err(
            "no file in the diff: it needs `--- a/FILE`, `+++ b/FILE` and `@@` hunks".into(),
        );
    }
    if let Some(f) = out.iter().find(|f| f.hunks.is_empty()) {
        return Err(format!("the diff has no hunk for {}", f.path));
    }
    Ok(out)
}

/// `text` with a file's hunks applied: each where its old lines are, at the line it says
/// (shifted by the hunks before it) or else the nearest place they match. A hunk whose old
/// lines are nowhere is refused, saying which.
pub fn apply_patch(text: &str, p: &FilePatch) -> Result<String, String> {
    let ends_with_newline = text.ends_with('\n') || text.is_empty();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut newline = ends_with_newline;
    // Lines added minus removed by the hunks applied so far.
    let mut shift: isize = 0;
    let mut floor = 0usize;
    for (i, h) in p.hunks.iter().enumerate() {
        let want = (h.old_start.max(1) as isize - 1 + shift).max(0) as usize;
        let want = if h.old.is_empty() && h.old_start == 0 {
            0
        } else {
            want
        };
        let fits = |at: usize| {
            at + h.old.len() <= lines.len()
                && lines[at..at + h.old.len()]
                    .iter()
                    .zip(&h.old)
                    .all(|(a, b)| a.trim_end_matches('\r') == b.trim_end_matches('\r'))
        };
        let at = if fits(want) {
            Some(want)
        } else {
            // The nearest place at or after the previous hunk's end.
            (floor..=lines.len())
                .filter(|&a| fits(a))
                .min_by_key(|&a| a.abs_diff(want))
        };
        let Some(at) = at else {
            return Err(format!(
                "hunk {} of {} (at line {}) does not apply: its old lines are not in the file",
                i + 1,
                p.path,
                h.old_start
            ));
        };
        let touches_end = at + h.old.len() == lines.len();
        lines.splice(at..at + h.old.len(), h.new.iter().cloned());
        shift += h.new.len() as isize - h.old.len() as isize;
        floor = at + h.new.len();
        if touches_end {
            if h.new_no_newline {
                newline = false;
            } else if h.old_no_newline {
                newline = true;
            }
        }
    }
    let mut out = lines.join("\n");
    if newline && !lines.is_empty() {
        out.push('\n');
    }
    Ok(out)
}

/// For each line of `old` (index: line - 1), the line of `new` it is, when an edit from one to
/// the other keeps it (`None`: removed or changed).
pub fn kept_lines(old: &str, new: &str) -> Vec<Option<u32>> {
    use similar::{ChangeTag, TextDiff};
    let diff = TextDiff::from_lines(old, new);
    let mut kept = Vec::new();
    for c in diff.iter_all_changes() {
        match c.tag() {
            ChangeTag::Equal => kept.push(c.new_index().map(|i| i as u32 + 1)),
            ChangeTag::Delete => kept.push(None),
            ChangeTag::Insert => {}
        }
    }
    kept
}

/// Two lists of diagnostics compared across an edit: those the edit adds, those it removes,
/// and how many it leaves as they were.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Compared {
    pub added: Vec<Diag>,
    pub removed: Vec<Diag>,
    pub unchanged: usize,
}

/// Match the diagnostics `before` an edit (positions in the old text) with those `after` it
/// (in the new text): the same severity, code and message, at the same place once the edit's
/// shift is counted (`kept`, from [`kept_lines`]); then, among the rest, one on a line the
/// edit changed with one on a line it wrote. What matches is unchanged; the rest of `after`
/// is added, the rest of `before` removed.
pub fn compare(before: &[Diag], after: &[Diag], kept: &[Option<u32>]) -> Compared {
    let key = |d: &Diag| (d.severity, d.code.clone(), d.message.clone());
    let moved = |d: &Diag| kept.get(d.start.line as usize - 1).copied().flatten();
    let new_kept: std::collections::HashSet<u32> = kept.iter().flatten().copied().collect();
    let mut open: HashMap<_, Vec<usize>> = HashMap::new();
    for (i, d) in before.iter().enumerate() {
        open.entry(key(d)).or_default().push(i);
    }
    let mut used = vec![false; before.len()];
    let mut matched = vec![false; after.len()];
    // Same place after the shift.
    for (j, a) in after.iter().enumerate() {
        if let Some(is) = open.get(&key(a)) {
            if let Some(&i) = is.iter().find(|&&i| {
                !used[i]
                    && moved(&before[i]) == Some(a.start.line)
                    && before[i].start.col == a.start.col
            }) {
                used[i] = true;
                matched[j] = true;
            }
        }
    }
    // A changed line's diagnostic with one on a line the edit wrote.
    for (j, a) in after.iter().enumerate() {
        if matched[j] || new_kept.contains(&a.start.line) {
            continue;
        }
        if let Some(is) = open.get(&key(a)) {
            if let Some(&i) = is
                .iter()
                .find(|&&i| !used[i] && moved(&before[i]).is_none())
            {
                used[i] = true;
                matched[j] = true;
            }
        }
    }
    Compared {
        added: after
            .iter()
            .zip(&matched)
            .filter(|(_, m)| !**m)
            .map(|(d, _)| d.clone())
            .collect(),
        removed: before
            .iter()
            .zip(&used)
            .filter(|(_, u)| !**u)
            .map(|(d, _)| d.clone())
            .collect(),
        unchanged: matched.iter().filter(|m| **m).count(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lsp::Severity;
    use indexer::model::Pos;

    fn edit(line: u32, col: u32, end_line: u32, end_col: u32, text: &str) -> RangeEdit {
        RangeEdit {
            line,
            col,
            end_line,
            end_col,
            text: text.into(),
        }
    }

    #[test]
    fn range_edits_apply_in_character_columns_and_bad_ranges_are_refused() {
        let t = "aé b\ncd\n";
        let cases: &[(&[RangeEdit], Result<&str, &str>)] = &[
            (&[edit(1, 2, 1, 3, "e")], Ok("ae b\ncd\n")),
            (
                &[edit(2, 3, 2, 3, "!"), edit(1, 1, 1, 1, ">")],
                Ok(">aé b\ncd!\n"),
            ),
            (&[edit(1, 4, 2, 2, "")], Ok("aé d\n")),
            (&[edit(3, 1, 3, 1, "x")], Ok("aé b\ncd\nx")),
            (&[edit(4, 1, 4, 1, "x")], Err("edit 1: 4:1 is past the end")),
            (&[edit(2, 9, 2, 9, "x")], Err("edit 1: 2:9 is past the end")),
            (
                &[edit(2, 2, 1, 1, "x")],
                Err("edit 1: its end 1:1 is before"),
            ),
            (
                &[edit(1, 1, 1, 3, ""), edit(1, 2, 1, 4, "")],
                Err("edits 1 and 2 overlap"),
            ),
        ];
        for (edits, want) in cases {
            let got = apply_range_edits(t, edits);
            match want {
                Ok(w) => assert_eq!(got.as_deref(), Ok(*w), "{edits:?}"),
                Err(w) => assert!(
                    got.as_ref().is_err_and(|e| e.starts_with(w)),
                    "{edits:?}: {got:?}"
                ),
            }
        }
    }

    const OLD: &str = "a\nb\nc\nd\ne\nf\ng\n";

    #[test]
    fn a_unified_diff_applies_shifted_and_several_files() {
        let d = "diff --git a/x.go b/x.go\n--- a/x.go\n+++ b/x.go\n@@ -2,3 +2,3 @@\n b\n-c\n+C\n d\n@@ -6,2 +6,3 @@\n f\n g\n+h\n--- a/y.go\t2024-01-01\n+++ b/y.go\n@@ -1 +1 @@\n-a\n+z\n";
        let p = parse_diff(d).expect("parses");
        assert_eq!(
            p.iter().map(|f| f.path.as_str()).collect::<Vec<_>>(),
            ["x.go", "y.go"]
        );
        assert_eq!(
            apply_patch(OLD, &p[0]).as_deref(),
            Ok("a\nb\nC\nd\ne\nf\ng\nh\n")
        );
        assert_eq!(apply_patch("a\n", &p[1]).as_deref(), Ok("z\n"));
        // Two lines added above: the hunks are found where their lines went.
        assert_eq!(
            apply_patch(&format!("0\n0\n{OLD}"), &p[0]).as_deref(),
            Ok("0\n0\na\nb\nC\nd\ne\nf\ng\nh\n")
        );
        // No newline at the end, either way.
        let p = parse_diff("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+a\n")
            .expect("parses");
        assert_eq!(apply_patch("a", &p[0]).as_deref(), Ok("a\n"));
    }

    #[test]
    fn a_diff_that_does_not_apply_or_read_is_refused() {
        let p = parse_diff("--- a/x\n+++ b/x\n@@ -2,1 +2,1 @@\n-zz\n+y\n").expect("parses");
        assert!(apply_patch(OLD, &p[0]).is_err_and(|e| e.contains("hunk 1 of x")));
        for bad in [
            "",
            "just text\n",
            "--- /dev/null\n+++ b/new.go\n@@ -0,0 +1 @@\n+a\n",
            "--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-a\n",
            "--- a/x\n+++ b/x\n@@ nonsense @@\n",
            "--- a/x\n+++ b/x\n",
        ] {
            assert!(parse_diff(bad).is_err(), "{bad:?}");
        }
    }

    fn d(line: u32, col: u32, message: &str) -> Diag {
        Diag {
            severity: Severity::Error,
            code: None,
            source: None,
            message: message.into(),
            start: Pos { line, col },
            end: Pos { line, col: col + 1 },
        }
    }

    #[test]
    fn diagnostics_compared_across_an_edit_follow_their_lines() {
        // Line 2 (b) removed, a line inserted after d: c..g shift.
        let new = "a\nc\nd\nX\ne\nf\ng\n";
        let kept = kept_lines(OLD, new);
        assert_eq!(kept[..4], [Some(1), None, Some(2), Some(3)]);
        let before = [d(1, 1, "same"), d(5, 2, "shifted"), d(2, 1, "gone")];
        let after = [
            d(1, 1, "same"),
            d(5, 2, "shifted"),
            d(4, 1, "new"),
            d(6, 1, "same"),
        ];
        let c = compare(&before, &after, &kept);
        assert_eq!(c.unchanged, 2);
        assert_eq!(c.removed, [d(2, 1, "gone")]);
        assert_eq!(c.added, [d(4, 1, "new"), d(6, 1, "same")]);
        // A diagnostic of a changed line matches one on a line the edit wrote.
        let c = compare(&[d(2, 3, "m")], &[d(4, 1, "m")], &kept);
        assert_eq!((c.added.len(), c.removed.len(), c.unchanged), (0, 0, 1));
    }
}
