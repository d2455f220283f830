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

/// `resolve/python.rs` → `resolve::python`; `resolve/mod.rs` → `resolve`; the crate root and
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

/// The modules each module of a crate refers to (`crate::a::b`, `super::x`), by the longest
/// module path that exists.
fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let files: Vec<(String, PathBuf)> = rust_files(src)
        .into_iter()
        .filter(|f| !f.ends_with("tests.rs"))
        .filter_map(|f| module_of(src, &f).map(|m| (m, f)))
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
    for krate in ["indexer", "bridge"] {
        let graph = module_graph(&repo_root().join(krate).join("src"));
        let edges: usize = graph.values().map(BTreeSet::len).sum();
        println!(
            "{krate}: {} modules, {edges} imports between them",
            graph.len()
        );
        assert!(graph.len() > 10, "{krate}: the graph was not read");
        if let Some(c) = cycle(&graph) {
            panic!("{krate}: an import cycle: {}", c.join(" → "));
        }
    }
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

/// Where a language may be named in code: its own modules and the registry's lines.
fn may_name_languages(rel: &str, line: &str) -> bool {
    rel.starts_with("indexer/src/lang/")
        || rel == "indexer/src/resolve/python.rs"
        || rel == "indexer/src/resolve/go.rs"
        || rel == "indexer/src/resolve/typescript.rs"
        || rel == "indexer/src/resolve/rust.rs"
        // The resolver registry: `Lang::Python => &python::PythonResolver,`.
        || (rel == "indexer/src/resolve/mod.rs" && line.contains("Resolver") && line.contains("=>"))
}

#[test]
fn languages_are_named_only_in_the_registry() {
    let needles = [
        "Lang::Python",
        "Lang::Go",
        "\"py\"",
        "\"pyi\"",
        "\"go\"",
        "\"python\"",
        "\".py\"",
        "\".go\"",
        "\"go.mod\"",
        "\"pyproject.toml\"",
        "Lang::TypeScript",
        "Lang::JavaScript",
        "\"ts\"",
        "\"tsx\"",
        "\"js\"",
        "\"package.json\"",
        "\"tsconfig.json\"",
        "Lang::Rust",
        "\"rs\"",
        "\"Cargo.toml\"",
    ];
    let mut found = Vec::new();
    let mut lines = 0;
    for krate in ["indexer", "bridge"] {
        for f in rust_files(&repo_root().join(krate).join("src")) {
            if f.ends_with("tests.rs") {
                continue;
            }
            let rel = f
                .strip_prefix(repo_root())
                .unwrap_or(&f)
                .to_string_lossy()
                .replace('\\', "/")
                .trim_start_matches("./")
                .to_string();
            let rel = rel.trim_start_matches("../").to_string();
            let text = std::fs::read_to_string(&f).expect("read");
            for (n, line) in code_lines(&text) {
                lines += 1;
                if may_name_languages(&rel, line) {
                    continue;
                }
                if needles.iter().any(|x| line.contains(x)) {
                    found.push(format!("{rel}:{n}: {}", line.trim()));
                }
            }
        }
    }
    println!(
        "{lines} lines of code read, {} name a language",
        found.len()
    );
    assert!(lines > 5000, "the sources were not read");
    assert!(
        found.is_empty(),
        "outside the registry:\n{}",
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
    for krate in ["indexer", "bridge"] {
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
