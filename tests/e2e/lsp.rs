//! `resolve` against the real language servers (gopls, pyright, TypeScript's tsc from ./tools
//! via scripts/test): every symbol of real standard-library packages and published npm
//! packages, map against live outline.

use crate::util::*;
use bridge::tools::{self, Workspace};
use indexer::index::NoProgress;
use serde_json::json;
use std::path::Path;

/// The pinned servers `scripts/test` installs into ./tools, first on PATH (set once, before
/// any server starts; edition 2021, where `set_var` is a safe call).
pub fn servers_on_path() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let tools = repo_root().join("tools");
        let path = std::env::var("PATH").unwrap_or_default();
        let new = format!(
            "{}:{}:{path}",
            tools.join("bin").display(),
            tools.join("node_modules/.bin").display()
        );
        std::env::set_var("PATH", new);
    });
}

/// Every symbol in the map resolves through the server to the map's name position.
fn agreement(root: &Path) -> (usize, Vec<String>, Vec<String>) {
    agreement_of_files(root, 1)
}

/// [`agreement`] over every `every`-th file of the map (by path): a server's cost is mostly
/// its parse of each file (clangd's of googletest's headers), so a heavy corpus is sampled
/// by file, every symbol of a sampled file checked.
fn agreement_of_files(root: &Path, every: usize) -> (usize, Vec<String>, Vec<String>) {
    let ws = Workspace::new(root, None).expect("workspace");
    let built = tools::call(&ws, "map_rebuild", &json!({}), &NoProgress);
    assert!(built.ok, "{built:?}");
    let files = rows(&db(root), "SELECT path FROM files ORDER BY path");
    let kept: std::collections::HashSet<&String> = files.iter().step_by(every.max(1)).collect();
    let ids: Vec<String> = rows(
        &db(root),
        "SELECT f.path || '|' || node_id || '|' || name_line || '|' || name_col FROM all_symbols s JOIN files f ON f.id = s.file_id WHERE qualname != ''",
    )
    .into_iter()
    .filter_map(|r| {
        let (path, rest) = r.split_once('|')?;
        kept.contains(&path.to_string()).then(|| rest.to_string())
    })
    .collect();
    let mut bad = Vec::new();
    let mut omitted = Vec::new();
    for row in &ids {
        let mut parts = row.rsplitn(3, '|');
        let (col, line, id) = (
            parts.next().unwrap_or(""),
            parts.next().unwrap_or(""),
            parts.next().unwrap_or(""),
        );
        let env = tools::call(&ws, "resolve", &json!({"nodeId": id}), &NoProgress);
        let d = env.data.clone().unwrap_or_default();
        // The few definitions a server's outline omits are answered from the parse, labelled.
        let labelled = d["source"] == "parse" && d["verified"] == false && !env.warnings.is_empty();
        if labelled {
            omitted.push(id.to_string());
        }
        let ok = env.ok
            && (d["source"] == "lsp" && d["verified"] == true || labelled)
            && d["location"]["line"]
                .as_u64()
                .map(|l| l.to_string())
                .as_deref()
                == Some(line)
            && d["location"]["col"]
                .as_u64()
                .map(|c| c.to_string())
                .as_deref()
                == Some(col)
            && d["mapStale"] == false;
        if !ok {
            bad.push(format!(
                "{id} (map {line}:{col}): {}",
                serde_json::to_string(&env).unwrap_or_default()
            ));
        }
    }
    (ids.len(), bad, omitted)
}

#[test]
fn gopls_agrees_with_the_map_on_net_url_and_encoding_json() {
    servers_on_path();
    let ws = tempfile::tempdir().expect("tmp");
    let goroot = String::from_utf8_lossy(
        &std::process::Command::new("go")
            .args(["env", "GOROOT"])
            .output()
            .expect("go")
            .stdout,
    )
    .trim()
    .to_string();
    copy_dir(
        &Path::new(&goroot).join("src/net/url"),
        &ws.path().join("url"),
    );
    copy_dir(
        &Path::new(&goroot).join("src/encoding/json"),
        &ws.path().join("json"),
    );
    write(ws.path(), "go.mod", "module example.com/std\n\ngo 1.22\n");
    let (n, bad, omitted) = agreement(ws.path());
    eprintln!("gopls: {} of {n} symbols of net/url and encoding/json agree with the map ({} answered from the parse: {omitted:?})", n - bad.len(), omitted.len());
    // gopls leaves blank identifiers and the fields of nested anonymous structs out of its
    // outline; those are answered from the parse, labelled.
    let unexplained: Vec<&String> = omitted
        .iter()
        .filter(|id| {
            !id.contains("#_")
                && id
                    .rsplit('#')
                    .next()
                    .is_some_and(|q| q.matches('.').count() < 2)
        })
        .collect();
    assert!(unexplained.is_empty(), "gopls omitted {unexplained:?}");
    assert!(
        bad.is_empty(),
        "{} disagree, e.g. {:#?}",
        bad.len(),
        &bad[..bad.len().min(8)]
    );
}

#[test]
fn pyright_agrees_with_the_map_on_json_and_email() {
    servers_on_path();
    let ws = tempfile::tempdir().expect("tmp");
    copy_dir(
        &crate::corpora::python_root().join("json"),
        &ws.path().join("json"),
    );
    copy_dir(
        &crate::corpora::python_root().join("email"),
        &ws.path().join("email"),
    );
    let (n, bad, omitted) = agreement(ws.path());
    eprintln!("pyright: {} of {n} symbols of json and email agree with the map ({} answered from the parse: {omitted:?})", n - bad.len(), omitted.len());
    assert!(omitted.len() * 50 <= n, "pyright omits few: {omitted:?}");
    assert!(
        bad.is_empty(),
        "{} disagree, e.g. {:#?}",
        bad.len(),
        &bad[..bad.len().min(8)]
    );
}

#[test]
fn tsc_agrees_with_the_map_on_rxjs_and_express() {
    servers_on_path();
    for (package, dir, lang) in [
        ("rxjs-7.8.2", "src", "TypeScript"),
        ("express-4.21.2", "lib", "JavaScript"),
    ] {
        let ws = tempfile::tempdir().expect("tmp");
        copy_dir(
            &crate::corpora::npm_root(package).join(dir),
            &ws.path().join(dir),
        );
        let (n, bad, omitted) = agreement(ws.path());
        eprintln!(
            "tsc, {lang}: {} of {n} symbols of {package}/{dir} agree with the map ({} answered from the parse: {:?})",
            n - bad.len(),
            omitted.len(),
            &omitted[..omitted.len().min(10)]
        );
        assert!(
            bad.len() * 100 <= n,
            "{lang}: {} of {n} disagree, e.g. {:#?}",
            bad.len(),
            &bad[..bad.len().min(8)]
        );
    }
}

/// JDT LS on Guava's `base` package (an invisible project: no build file), every symbol.
#[test]
fn jdtls_agrees_with_the_map_on_guava_base() {
    servers_on_path();
    let ws = tempfile::tempdir().expect("tmp");
    let base = "com/google/common/base";
    copy_dir(
        &crate::corpora::guava_root().join(base),
        &ws.path().join(base),
    );
    let (n, bad, omitted) = agreement(ws.path());
    eprintln!(
        "JDT LS: {} of {n} symbols of Guava's base package agree with the map ({} answered from the parse: {:?})",
        n - bad.len(),
        omitted.len(),
        &omitted[..omitted.len().min(10)]
    );
    assert!(n > 1000, "{n} symbols");
    // JDT LS's outline names (`add(int)`, `Absent<T>`, `transform(Function<T, V>) <V>`) are
    // read as the map's: every symbol is the server's, none the parse's.
    assert!(omitted.is_empty(), "{omitted:?}");
    assert!(
        bad.len() * 100 <= n,
        "{} of {n} disagree, e.g. {:#?}",
        bad.len(),
        &bad[..bad.len().min(8)]
    );
}

/// intelephense on Symfony Console 5.4 (106 files, as Debian ships it), every symbol.
#[test]
fn intelephense_agrees_with_the_map_on_symfony_console() {
    servers_on_path();
    let ws = tempfile::tempdir().expect("tmp");
    copy_dir(
        &crate::util::repo_root()
            .join("tools/corpora/php-symfony-console-5.4.53+dfsg-0+deb12u1/usr/share/php/Symfony/Component/Console"),
        &ws.path().join("Console"),
    );
    let (n, bad, omitted) = agreement(ws.path());
    eprintln!(
        "intelephense: {} of {n} symbols of Symfony Console agree with the map ({} answered from the parse: {:?})",
        n - bad.len(),
        omitted.len(),
        &omitted[..omitted.len().min(10)]
    );
    if !bad.is_empty() {
        eprintln!("disagreements (first 20): {:#?}", &bad[..bad.len().min(20)]);
    }
    assert!(n > 1000, "{n} symbols");
    assert!(
        omitted.len() * 50 <= n,
        "intelephense omits few: {omitted:?}"
    );
    assert!(
        bad.len() * 100 <= n,
        "{} of {n} disagree, e.g. {:#?}",
        bad.len(),
        &bad[..bad.len().min(8)]
    );
}

/// C: tree-sitter's runtime (43 files, as the crate ships it), through codemap-clangd with
/// its generated compile_commands.json.
#[test]
fn clangd_agrees_with_the_map_on_tree_sitter_runtime() {
    servers_on_path();
    let ws = tempfile::tempdir().expect("tmp");
    // Its public headers too (`tree_sitter/api.h`): without them clangd's parse of every
    // file stops at a fatal error and finds few references.
    for d in ["src", "include"] {
        copy_dir(
            &crate::corpora::cargo_crate("tree-sitter-0.25").join(d),
            &ws.path().join(d),
        );
    }
    // Every second file (the suite's time; `agreement` takes them all).
    let (n, bad, omitted) = agreement_of_files(ws.path(), 2);
    eprintln!(
        "clangd: {} of {n} symbols of tree-sitter's runtime (every second file) agree with the map ({} answered from the parse: {:?})",
        n - bad.len(),
        omitted.len(),
        &omitted[..omitted.len().min(10)]
    );
    assert!(n > 1000, "{n} symbols");
    assert!(
        bad.len() * 100 <= n,
        "{} of {n} disagree, e.g. {:#?}",
        bad.len(),
        &bad[..bad.len().min(8)]
    );
}

/// googletest's own sources and headers (`googletest/src`, `googletest/include`, as Debian
/// ships them), through codemap-clangd with its generated compile_commands.json (C++17).
pub fn googletest_copy() -> tempfile::TempDir {
    let ws = tempfile::tempdir().expect("tmp");
    let root = std::path::PathBuf::from("/usr/src/googletest/googletest");
    assert!(
        root.join("src/gtest.cc").is_file(),
        "the C++ corpus is Debian's googletest sources: apt-get install googletest (/usr/src/googletest)"
    );
    for d in ["src", "include"] {
        copy_dir(&root.join(d), &ws.path().join(d));
    }
    // gtest-all.cc is the unity build (it includes every other .cc file).
    let _ = std::fs::remove_file(ws.path().join("src/gtest-all.cc"));
    ws
}

#[test]
fn clangd_agrees_with_the_map_on_googletest() {
    servers_on_path();
    let ws = googletest_copy();
    // Every second file (the suite's time; `agreement` takes them all).
    let (n, bad, omitted) = agreement_of_files(ws.path(), 2);
    eprintln!(
        "clangd (C++): {} of {n} symbols of googletest (every second file) agree with the map ({} answered from the parse: {:?})",
        n - bad.len(),
        omitted.len(),
        &omitted[..omitted.len().min(10)]
    );
    if !bad.is_empty() {
        eprintln!("disagreements (first 20): {:#?}", &bad[..bad.len().min(20)]);
    }
    assert!(n > 1000, "{n} symbols");
    assert!(
        bad.len() * 100 <= n,
        "{} of {n} disagree, e.g. {:#?}",
        bad.len(),
        &bad[..bad.len().min(8)]
    );
}

#[test]
fn rust_analyzer_agrees_with_the_map_on_the_ignore_crate() {
    servers_on_path();
    let ws = tempfile::tempdir().expect("tmp");
    copy_dir(&crate::corpora::cargo_crate("ignore-0."), ws.path());
    let (n, bad, omitted) = agreement(ws.path());
    eprintln!(
        "rust-analyzer: {} of {n} symbols of the ignore crate agree with the map ({} answered from the parse: {:?})",
        n - bad.len(),
        omitted.len(),
        &omitted[..omitted.len().min(10)]
    );
    assert!(
        bad.len() * 100 <= n,
        "{} of {n} disagree, e.g. {:#?}",
        bad.len(),
        &bad[..bad.len().min(8)]
    );
}
