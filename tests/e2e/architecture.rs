//! The layout's invariants (ARCHITECTURE.md), checked on the source: no import cycle between
//! the modules of a crate, and no language named outside the language registry.

use crate::util::repo_root;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("read src").flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// `resolve/langs.rs` → `resolve::langs`; `resolve/mod.rs` → `resolve`; the crate root and
/// the binary are left out.
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src).ok()?.with_extension("");
    let parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .filter(|p| p != "mod")
        .collect();
    let m = parts.join("::");
    (!matches!(m.as_str(), "lib" | "main")).then_some(m)
}

/// The code of a file without its test module and comments.
fn code_lines(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .take_while(|(_, l)| !l.trim_start().starts_with("#[cfg(test)]"))
        .filter(|(_, l)| !l.trim_start().starts_with("//"))
        .map(|(i, l)| (i + 1, l))
        .collect()
}

/// Modules declared with `#[path = "…"]` (a language's resolver lives in its language's
/// folder and is a module of the resolve layer): file → module path.
fn path_modules(src: &Path) -> BTreeMap<PathBuf, String> {
    let mut out = BTreeMap::new();
    for f in rust_files(src) {
        let owner = module_of(src, &f).unwrap_or_default();
        let text = std::fs::read_to_string(&f).expect("read");
        let mut path: Option<String> = None;
        for line in text.lines().map(str::trim) {
            if let Some(rest) = line.strip_prefix("#[path = \"") {
                path = rest.strip_suffix("\"]").map(str::to_string);
                continue;
            }
            let Some(p) = path.take() else { continue };
            let decl = match line.strip_prefix("pub") {
                Some(rest) => rest.split_once(' ').map_or(rest, |(_, d)| d),
                None => line,
            };
            let Some(name) = decl.strip_prefix("mod ").and_then(|n| n.strip_suffix(';')) else {
                continue;
            };
            let dir = f.parent().expect("a file's folder");
            let file = normalize(&dir.join(p));
            let module = if owner.is_empty() {
                name.to_string()
            } else {
                format!("{owner}::{name}")
            };
            out.insert(file, module);
        }
    }
    out
}

/// `a/b/../c` → `a/c`.
fn normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            c => out.push(c),
        }
    }
    out
}

/// The modules each module of a crate refers to (`crate::a::b`, `super::x`), by the longest
/// module path that exists, and each module's parent to it (`mod x;` is a use of `x`).
fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let renamed = path_modules(src);
    let files: Vec<(String, PathBuf)> = rust_files(src)
        .into_iter()
        .filter(|f| !f.ends_with("tests.rs"))
        .filter_map(|f| {
            renamed
                .get(&normalize(&f))
                .cloned()
                .or_else(|| module_of(src, &f))
                .map(|m| (m, f))
        })
        .collect();
    let known: BTreeSet<String> = files.iter().map(|(m, _)| m.clone()).collect();
    let longest = |path: &str| -> Option<String> {
        let parts: Vec<&str> = path.split("::").collect();
        (1..=parts.len())
            .rev()
            .map(|n| parts[..n].join("::"))
            .find(|p| known.contains(p))
    };
    let word = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
            .collect::<String>()
            .trim_end_matches(':')
            .to_string()
    };
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (m, f) in &files {
        let text = std::fs::read_to_string(f).expect("read");
        let parent = m.rsplit_once("::").map(|(p, _)| p.to_string());
        if let Some(p) = &parent {
            graph.entry(p.clone()).or_default().insert(m.clone());
        }
        let deps = graph.entry(m.clone()).or_default();
        for (_, line) in code_lines(&text) {
            for (i, _) in line.match_indices("crate::") {
                let path = word(&line[i + "crate::".len()..]);
                if let Some(d) = longest(&path).filter(|d| d != m) {
                    deps.insert(d);
                }
            }
            for (i, _) in line.match_indices("super::") {
                let Some(p) = &parent else { continue };
                let rest = word(&line[i + "super::".len()..]);
                let path = format!("{p}::{rest}");
                if let Some(d) = longest(&path).filter(|d| d != m) {
                    deps.insert(d);
                }
            }
        }
    }
    graph
}

/// A cycle in the graph, if there is one.
fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        g: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match state.get(n) {
            Some(2) => return None,
            Some(1) => {
                let from = path.iter().position(|p| p == n).unwrap_or(0);
                let mut c = path[from..].to_vec();
                c.push(n.to_string());
                return Some(c);
            }
            _ => {}
        }
        state.insert(n.to_string(), 1);
        path.push(n.to_string());
        for d in g.get(n).into_iter().flatten() {
            if let Some(c) = visit(d, g, state, path) {
                return Some(c);
            }
        }
        path.pop();
        state.insert(n.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for n in graph.keys() {
        if let Some(c) = visit(n, graph, &mut state, &mut Vec::new()) {
            return Some(c);
        }
    }
    None
}

#[test]
fn no_module_imports_itself_through_others() {
    for krate in ["indexer", "answer", "bridge"] {
        let graph = module_graph(&repo_root().join(krate).join("src"));
        let edges: usize = graph.values().map(BTreeSet::len).sum();
        println!(
            "{krate}: {} modules, {edges} imports between them",
            graph.len()
        );
        assert!(graph.len() > 10, "{krate}: the graph was not read");
        let cycles = all_cycles(&graph);
        assert!(
            cycles.is_empty(),
            "{krate}: {} import cycles:\n{}",
            cycles.len(),
            cycles.join("\n")
        );
    }
}

/// One cycle through each module that is on one, each printed once.
fn all_cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut out = BTreeSet::new();
    let mut g = graph.clone();
    while let Some(c) = cycle(&g) {
        out.insert(c.join(" → "));
        // Cut the cycle's last edge and look again.
        let (a, b) = (&c[c.len() - 2], &c[c.len() - 1]);
        if let Some(d) = g.get_mut(a) {
            d.remove(b);
        }
    }
    out.into_iter().collect()
}

#[test]
fn the_cycle_finder_finds_cycles() {
    let g: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec![]),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.into_iter().map(String::from).collect()))
    .collect();
    assert_eq!(
        cycle(&g),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
    let mut acyclic = g.clone();
    acyclic.insert("c".into(), BTreeSet::new());
    assert_eq!(cycle(&acyclic), None);
}

/// Where a language may be named in code: the language folders (`indexer/src/lang/<name>/`,
/// where a family shares code: JavaScript's rules are TypeScript's), and the registries' own
/// lines: the language registry (`lang/mod.rs`) and the resolver registry
/// (`resolve/langs.rs`), whose lines are `mod`s, `#[path]`s and match arms.
fn may_name_languages(rel: &str, line: &str) -> bool {
    let in_folder = rel
        .strip_prefix("indexer/src/lang/")
        .is_some_and(|rest| rest.contains('/'));
    let registry = rel == "indexer/src/lang/mod.rs" || rel == "indexer/src/resolve/langs.rs";
    let l = line.trim_start();
    in_folder
        || (registry
            && (l.contains("=>")
                || l.starts_with("#[path")
                || l.contains("mod ")
                || l.starts_with("Lang::")
                || l.ends_with(','))
            && !l.starts_with("pub fn")
            && !l.starts_with("fn"))
}

/// What names one language in code: its variant, its prefix, extensions and project files
/// as strings, its folder's module path, its server commands. Read from the registry, so a
/// new language is checked with no change here.
fn language_needles() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for l in indexer::Lang::ALL {
        let spec = l.spec();
        let name = spec.name.to_string();
        let mut push = |n: String| out.push((name.clone(), n));
        push(format!("Lang::{l:?}"));
        push(format!("lang::{}::", spec.name.to_lowercase()));
        push(format!("\"{}\"", spec.prefix));
        push(format!("\"{}\"", spec.name.to_lowercase()));
        for e in spec.extensions {
            push(format!("\"{e}\""));
            push(format!("\".{e}\""));
        }
        for m in spec.manifests {
            push(format!("\"{m}\""));
        }
        for c in spec.server.commands {
            if let Some(cmd) = c.first() {
                push(format!("\"{cmd}\""));
            }
        }
    }
    out
}

#[test]
fn languages_are_named_only_in_their_folders_and_the_registries() {
    let needles = language_needles();
    assert!(needles.len() > 40, "the registry was not read");
    // The check itself: a language named in the indexer's core is found; in its folder, not.
    let named = |line: &str| needles.iter().any(|(_, x)| line.contains(x.as_str()));
    assert!(named("if path.ends_with(\".go\") {") && named("Lang::Python =>"));
    assert!(!may_name_languages(
        "indexer/src/index.rs",
        "Lang::Python => 1,"
    ));
    assert!(may_name_languages(
        "indexer/src/lang/python/resolve.rs",
        "Lang::Python"
    ));
    let mut found = Vec::new();
    let mut lines = 0;
    for krate in ["indexer", "answer", "bridge"] {
        for f in rust_files(&repo_root().join(krate).join("src")) {
            if f.ends_with("tests.rs") {
                continue;
            }
            let rel = normalize(&f)
                .strip_prefix(normalize(&repo_root()))
                .map(|p| p.to_string_lossy().replace('\\', "/"))
                .unwrap_or_default();
            let text = std::fs::read_to_string(&f).expect("read");
            for (n, line) in code_lines(&text) {
                lines += 1;
                if may_name_languages(&rel, line) {
                    continue;
                }
                for (lang, x) in &needles {
                    if line.contains(x.as_str()) {
                        found.push(format!("{rel}:{n}: {lang} ({x}): {}", line.trim()));
                    }
                }
            }
        }
    }
    println!(
        "{lines} lines of code read for {} names of {} languages; {} lines name one outside its folder",
        needles.len(),
        indexer::Lang::ALL.len(),
        found.len()
    );
    assert!(lines > 5000, "the sources were not read");
    assert!(
        found.is_empty(),
        "outside the language folders and registries:\n{}",
        found.join("\n")
    );
}

/// Whether a line of code runs SQL or names SQLite: a statement's first words in a string,
/// or the crate's calls.
fn is_sql(line: &str) -> bool {
    let statements = [
        "\"SELECT ",
        "\"INSERT ",
        "\"UPDATE ",
        "\"DELETE ",
        "\"CREATE ",
        "\"DROP ",
        "\"PRAGMA ",
        "\"BEGIN",
        "\"COMMIT",
        "\"ROLLBACK",
        "\"WITH ",
    ];
    let calls = [
        "rusqlite",
        "execute_batch(",
        "prepare_cached(",
        "query_row(",
    ];
    // A hint to the user that shows a `sqlite3` command is a message, not a statement run.
    !line.contains("sqlite3 ")
        && (statements.iter().any(|s| line.contains(s)) || calls.iter().any(|c| line.contains(c)))
}

#[test]
fn sql_is_only_in_the_store() {
    let mut found = Vec::new();
    let mut in_store = 0;
    for krate in ["indexer", "answer", "bridge"] {
        let src = repo_root().join(krate).join("src");
        for f in rust_files(&src) {
            let store = krate == "indexer" && f.starts_with(src.join("store"));
            let text = std::fs::read_to_string(&f).expect("read");
            // Tests read the map as `sqlite3` would, to check what was written.
            for (n, line) in code_lines(&text) {
                if !is_sql(line) {
                    continue;
                }
                if store {
                    in_store += 1;
                } else {
                    found.push(format!("{}:{n}: {}", f.display(), line.trim()));
                }
            }
        }
    }
    println!(
        "{in_store} lines of SQL in indexer/src/store, {} elsewhere",
        found.len()
    );
    assert!(in_store > 50, "the store was not read");
    assert!(
        found.is_empty(),
        "SQL outside the store:\n{}",
        found.join("\n")
    );
}

/// The map library returns domain types: it names no wire type (the envelope, its error codes,
/// tool errors, parameter schemas), builds no JSON answer and depends on no schema crate. The
/// answer layer (`answer`) owns all of that. JSON *input* is allowed where a language reads a
/// project's JSON configuration (`package.json`, `tsconfig.json`) in its folder.
#[test]
fn the_map_library_knows_no_wire() {
    let manifest = std::fs::read_to_string(repo_root().join("indexer/Cargo.toml")).expect("read");
    assert!(
        !manifest.contains("schemars"),
        "indexer/Cargo.toml depends on schemars"
    );
    let wire = [
        "ToolError",
        "ErrorCode",
        "Envelope",
        "schemars",
        "JsonSchema",
        "json!(",
        "answer::",
        "serde_json::Value",
    ];
    let src = repo_root().join("indexer/src");
    let mut found = Vec::new();
    let mut lines = 0;
    for f in rust_files(&src) {
        if f.ends_with("tests.rs") {
            continue;
        }
        let config_reader = f.starts_with(src.join("lang"));
        let text = std::fs::read_to_string(&f).expect("read");
        // Unit tests at a file's end may build JSON to check it; they are not the library.
        let text = text.split("#[cfg(test)]").next().unwrap_or_default();
        for (n, line) in code_lines(text) {
            lines += 1;
            // SQLite's own error codes are the store's business.
            let line = &line.replace("rusqlite::ErrorCode", "");
            for w in wire {
                if line.contains(w) && !(config_reader && w == "serde_json::Value") {
                    found.push(format!("{}:{n}: {}", f.display(), line.trim()));
                }
            }
        }
    }
    println!(
        "{lines} lines of the map library read; {} name a wire type",
        found.len()
    );
    assert!(lines > 5000, "the sources were not read");
    assert!(
        found.is_empty(),
        "wire types in the map library:\n{}",
        found.join("\n")
    );
    // The check itself finds what it looks for.
    assert!(wire
        .iter()
        .any(|w| "Err(ToolError::bad_args(x))".contains(w)));
}
