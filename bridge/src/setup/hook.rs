//! `codemap hook grep`: a Claude Code `PreToolUse` hook that points a search for a symbol's
//! name at the map. It reads the hook's JSON on standard input (`tool_name`, `tool_input`,
//! `cwd`; <https://code.claude.com/docs/en/hooks#pretooluse-input>), takes the pattern of a
//! `Grep` call or of a `grep`/`rg`/`git grep` in a `Bash` command, and when the pattern is a
//! name (`Store`, `\bNewMemoryStore\(`, `def parse_args`) that the map holds, answers with
//! `hookSpecificOutput.additionalContext` (or, with `--deny`, `permissionDecision: "deny"`
//! and its reason; <https://code.claude.com/docs/en/hooks#pretooluse-decision-control>)
//! naming the map's definitions and the tools that answer the question. Any other call
//! passes untouched: nothing on standard output, exit 0.

use answer::query::{Map, SearchParams, Tier};
use serde_json::{json, Value};
use std::path::Path;

/// The pattern a call searches for, if it is a text search: `Grep`'s `pattern`, or the
/// pattern of the first `grep`, `rg`, `ag`, `ack` or `git grep` in a `Bash` command.
pub fn pattern_of_call(tool: &str, input: &Value) -> Option<String> {
    match tool {
        "Grep" => input["pattern"].as_str().map(str::to_string),
        "Bash" => input["command"].as_str().and_then(pattern_of_command),
        _ => None,
    }
}

/// Options of grep-like commands that take a value as the next word.
const TAKES_VALUE: &[&str] = &[
    "-A",
    "-B",
    "-C",
    "-m",
    "-f",
    "-g",
    "-t",
    "-T",
    "-d",
    "-D",
    "--include",
    "--exclude",
    "--exclude-dir",
    "--glob",
    "--type",
    "--type-not",
    "--max-count",
    "--context",
    "--after-context",
    "--before-context",
    "--file",
    "--max-depth",
    "--color",
    "--colour",
];

/// The search pattern of a shell command line's first grep-like command.
pub fn pattern_of_command(cmd: &str) -> Option<String> {
    for segment in cmd.split(['|', ';', '&', '\n']) {
        let words = shell_words(segment);
        let mut w = words.iter().map(String::as_str).peekable();
        // `cd x && grep …` is split at '&'; `env A=1 grep`, `command grep`: skip to it.
        let first = loop {
            match w.next() {
                Some(x) if x.contains('=') || x == "command" || x == "sudo" => continue,
                other => break other,
            }
        };
        match first {
            Some("git") if w.peek() == Some(&"grep") => {
                w.next();
            }
            Some("grep" | "egrep" | "fgrep" | "rg" | "ag" | "ack") => {}
            _ => continue,
        }
        while let Some(x) = w.next() {
            if x == "-e" || x == "--regexp" {
                return w.next().map(str::to_string);
            }
            if let Some(p) = x.strip_prefix("--regexp=") {
                return Some(p.to_string());
            }
            if x == "--" {
                return w.next().map(str::to_string);
            }
            if x.starts_with('-') {
                if TAKES_VALUE.contains(&x) {
                    w.next();
                }
                continue;
            }
            return Some(x.to_string());
        }
    }
    None
}

/// Words of a shell command: quotes taken off, no expansion.
fn shell_words(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut any = false;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') => {
                if let Some(n) = chars.next() {
                    cur.push(n);
                }
            }
            (Some(_), c) => cur.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                any = true;
            }
            (None, '\\') => {
                if let Some(n) = chars.next() {
                    cur.push(n);
                }
                any = true;
            }
            (None, c) if c.is_whitespace() => {
                if any || !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            (None, c) => cur.push(c),
        }
    }
    if any || !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// Words that introduce a declaration in a pattern (`def parse_args`, `func (s *S) Get`).
const DECLARATIONS: &[&str] = &[
    "func",
    "def",
    "class",
    "fn",
    "pub",
    "type",
    "struct",
    "interface",
    "trait",
    "enum",
    "impl",
    "function",
    "const",
    "let",
    "var",
    "async",
    "static",
    "module",
    "object",
    "record",
    "namespace",
    "void",
];

/// The name a pattern searches for, if it searches for one: word boundaries, a declaration
/// keyword before it and a call's parenthesis after it are allowed; anything else that a
/// regex or a sentence has (spaces between words, `.*`, classes) is a text search.
pub fn name_of_pattern(p: &str) -> Option<String> {
    let mut s = p.trim().to_string();
    for (from, to) in [
        ("\\b", ""),
        ("\\<", ""),
        ("\\>", ""),
        ("\\s+", " "),
        ("\\s*", " "),
        ("\\s", " "),
        ("\\(", "("),
        ("::", "."),
        ("\\.", "."),
    ] {
        s = s.replace(from, to);
    }
    let s = s.trim_start_matches('^').trim_end_matches('$');
    let mut words: Vec<&str> = s.split_whitespace().collect();
    while words.len() > 1 && DECLARATIONS.contains(&words[0]) {
        words.remove(0);
    }
    // `type Store interface`, `Item struct`.
    while words.len() > 1 && words.last().is_some_and(|w| DECLARATIONS.contains(w)) {
        words.pop();
    }
    if words.len() != 1 {
        return None;
    }
    let w = words[0].trim_end_matches(['(', ':', '{', '<', '[']);
    let ident = |x: &str| {
        let mut cs = x.chars();
        cs.next().is_some_and(|c| c.is_alphabetic() || c == '_')
            && cs.all(|c| c.is_alphanumeric() || c == '_')
    };
    let parts: Vec<&str> = w.split('.').collect();
    let leaf = parts.last().copied().unwrap_or_default();
    (parts.len() <= 3 && parts.iter().all(|x| ident(x)) && leaf.chars().count() >= 3)
        .then(|| w.to_string())
}

/// What the hook says about one call: the name searched for and the map's definitions of
/// it (node IDs), when it is a name the map holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    pub name: String,
    pub definitions: Vec<String>,
}

/// The map's definitions of `name` (exact name, or a qualname ending so for `A.b`).
pub fn definitions(map: &Map, name: &str) -> Vec<String> {
    let p = SearchParams {
        query: name.to_string(),
        limit: Some(5),
        ..SearchParams::default()
    };
    let Ok(found) = map.search_hits(&p) else {
        return Vec::new();
    };
    found
        .hits
        .into_iter()
        .filter(|(_, t)| matches!(t, Tier::Exact | Tier::QualnameSuffix))
        .map(|(n, _)| n.node_id)
        .collect()
}

/// The name a hook input searches for, if it is a symbol search (judged without the map).
pub fn searched_name(input: &Value) -> Option<String> {
    let tool = input["tool_name"].as_str()?;
    let pattern = pattern_of_call(tool, &input["tool_input"])?;
    name_of_pattern(&pattern)
}

/// The verdict on one hook input, given a way to look names up (asked only for a symbol
/// search).
pub fn judge(input: &Value, lookup: &dyn Fn(&str) -> Vec<String>) -> Option<Verdict> {
    let name = searched_name(input)?;
    let definitions = lookup(&name);
    (!definitions.is_empty()).then_some(Verdict { name, definitions })
}

/// The hook's answer for a verdict (Claude Code's `hookSpecificOutput`).
pub fn answer(v: &Verdict, deny: bool) -> Value {
    let shown: Vec<&str> = v.definitions.iter().take(3).map(String::as_str).collect();
    let more = v.definitions.len().saturating_sub(shown.len());
    let text = format!(
        "codemap: `{}` is a symbol in this repository's map ({}{}). For where it is defined, \
         what calls or uses it and what implements it, codemap's tools answer without matches \
         in comments and strings: map_search {{\"query\": \"{}\"}}, then nav_references or \
         map_neighbors on its nodeId. Text search is still right for messages, TODOs and \
         config values.",
        v.name,
        shown.join(", "),
        if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        },
        v.name
    );
    let mut out = json!({"hookEventName": "PreToolUse"});
    if deny {
        out["permissionDecision"] = json!("deny");
        out["permissionDecisionReason"] = json!(text);
    } else {
        out["additionalContext"] = json!(text);
    }
    json!({ "hookSpecificOutput": out })
}

/// `codemap hook grep`: the hook's JSON from `input`, the answer (or nothing) as the
/// process prints it. `root` is the workspace (`--root`; else the input's `cwd`), `db` its
/// map, opened only for a symbol search (a text search passes without it). Returns
/// (stdout, stderr, exit code).
pub fn run(
    root: Option<&Path>,
    db: Option<&Path>,
    input: &str,
    deny: bool,
) -> (String, String, i32) {
    let v: Value = match serde_json::from_str(input) {
        Ok(v) => v,
        Err(e) => {
            return (
                String::new(),
                format!("codemap hook grep: standard input is not the hook's JSON ({e}); nothing was changed\n"),
                1,
            )
        }
    };
    let root = match (root, v["cwd"].as_str()) {
        (Some(r), _) => r.to_path_buf(),
        (None, Some(cwd)) => Path::new(cwd).to_path_buf(),
        (None, None) => Path::new(".").to_path_buf(),
    };
    if searched_name(&v).is_none() {
        return (String::new(), String::new(), 0);
    }
    let db = db.map_or_else(|| indexer::store::default_db(&root), Path::to_path_buf);
    if !db.is_file() {
        // No map here: nothing to point at.
        return (String::new(), String::new(), 0);
    }
    let map = match Map::open(&root, &db) {
        Ok(m) => m,
        Err(e) => {
            return (
                String::new(),
                format!(
                    "codemap hook grep: cannot read the map {}: {}\n",
                    db.display(),
                    e.message
                ),
                1,
            )
        }
    };
    match judge(&v, &|name| definitions(&map, name)) {
        Some(verdict) => (format!("{}\n", answer(&verdict, deny)), String::new(), 0),
        None => (String::new(), String::new(), 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_of_commands() {
        let cases: &[(&str, Option<&str>)] = &[
            ("grep -rn MemoryStore .", Some("MemoryStore")),
            (
                "rg -n 'func NewMemoryStore' --type go",
                Some("func NewMemoryStore"),
            ),
            ("cd src && grep -R -e \"Store\" -- .", Some("Store")),
            ("git grep -n parse_args", Some("parse_args")),
            ("rg -g '*.go' -C 3 Put", Some("Put")),
            ("ls -la | grep main", Some("main")),
            ("cat a.txt", None),
            ("grep", None),
            ("rg --regexp=Item src", Some("Item")),
        ];
        for (cmd, want) in cases {
            assert_eq!(pattern_of_command(cmd).as_deref(), *want, "{cmd}");
        }
    }

    #[test]
    fn names_of_patterns() {
        let cases: &[(&str, Option<&str>)] = &[
            ("MemoryStore", Some("MemoryStore")),
            ("\\bNewMemoryStore\\(", Some("NewMemoryStore")),
            ("func NewMemoryStore", Some("NewMemoryStore")),
            ("def parse_args", Some("parse_args")),
            ("class\\s+Store", Some("Store")),
            ("type Store interface", Some("Store")),
            ("store::Item", Some("store.Item")),
            ("DiskStore.Get", Some("DiskStore.Get")),
            ("TODO", Some("TODO")),
            ("TODO:", Some("TODO")),
            ("failed to open", None),
            ("err.*nil", None),
            ("[A-Z]+Store", None),
            ("id", None),
            ("\"version\":", None),
        ];
        for (p, want) in cases {
            assert_eq!(name_of_pattern(p).as_deref(), *want, "{p}");
        }
    }

    #[test]
    fn judges_by_the_map() {
        let lookup = |n: &str| {
            if n == "MemoryStore" {
                vec!["go:store/memory.go#MemoryStore".to_string()]
            } else {
                Vec::new()
            }
        };
        let grep = json!({"tool_name": "Grep", "tool_input": {"pattern": "MemoryStore"}});
        let v = judge(&grep, &lookup).expect("a name the map holds");
        let out = answer(&v, false);
        assert_eq!(out["hookSpecificOutput"]["hookEventName"], "PreToolUse");
        assert!(out["hookSpecificOutput"]["additionalContext"]
            .as_str()
            .is_some_and(|t| t.contains("map_search")));
        assert!(out["hookSpecificOutput"]
            .get("permissionDecision")
            .is_none());
        let denied = answer(&v, true);
        assert_eq!(denied["hookSpecificOutput"]["permissionDecision"], "deny");
        let todo = json!({"tool_name": "Grep", "tool_input": {"pattern": "TODO"}});
        assert_eq!(judge(&todo, &lookup), None);
        let read = json!({"tool_name": "Read", "tool_input": {"file_path": "/a"}});
        assert_eq!(judge(&read, &lookup), None);
    }
}
