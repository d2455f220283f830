//! Dependencies' code in the map (issue 41, part 3): a workspace with a real virtual
//! environment (`attrs` from PyPI) and `node_modules` (`ky` from npm), both installed once
//! into the test target's temporary directory and shared (as symlinks) by two workspaces.

use crate::util::{assert_envelope, bin, write};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

const ATTRS: &str = "attrs==23.2.0";
const KY: &str = "ky@1.7.2";

/// The installed packages, once per target directory (pinned; idempotent).
pub(crate) fn installed() -> PathBuf {
    static ONE: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _one = ONE.lock().unwrap_or_else(|e| e.into_inner());
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("deps-attrs-23.2.0-ky-1.7.2");
    let done = dir.join("installed");
    if done.exists() {
        return dir;
    }
    std::fs::create_dir_all(&dir).expect("mkdir");
    venv_with(&dir, ATTRS);
    write(
        &dir,
        "package.json",
        "{\"name\":\"deps-test\",\"version\":\"0.0.0\"}\n",
    );
    run_ok(Command::new("npm").current_dir(&dir).args([
        "install",
        "--no-audit",
        "--no-fund",
        "--silent",
        KY,
    ]));
    std::fs::write(&done, "").expect("mark");
    dir
}

/// A workspace using the installed packages (its `.venv` and `node_modules` are symlinks to
/// them): Python code that defines `attrib` itself and uses attrs.
pub(crate) fn workspace(installed: &Path) -> tempfile::TempDir {
    let ws = tempfile::Builder::new()
        .prefix("codemap-deps-")
        .tempdir()
        .expect("tempdir");
    for d in [".venv", "node_modules"] {
        std::os::unix::fs::symlink(installed.join(d), ws.path().join(d)).expect("symlink");
    }
    write(
        ws.path(),
        "app.py",
        "import attr\n\n\ndef attrib(name):\n    return attr.ib(default=name)\n\n\n@attr.s\nclass Point:\n    x = attrib(0)\n",
    );
    ws
}

/// The binary in this process (no engine), with the library cache given.
pub(crate) fn call(root: &Path, cache: &Path, args: &[&str]) -> (Value, i32) {
    call_env(root, cache, &[], args)
}

pub(crate) fn call_env(
    root: &Path,
    cache: &Path,
    env: &[(&str, &str)],
    args: &[&str],
) -> (Value, i32) {
    let out = Command::new(bin())
        .envs(env.iter().copied())
        .env("CODEMAP_LIB_CACHE", cache)
        .env("CODEMAP_NO_DAEMON", "1")
        .arg("--root")
        .arg(root)
        .arg("--json")
        .args(args)
        .output()
        .expect("run codemap");
    let text = String::from_utf8_lossy(&out.stdout);
    let v: Value = serde_json::from_str(text.trim()).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {text} {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    assert_envelope(&v);
    (v, out.status.code().unwrap_or(-1))
}

pub(crate) fn warnings(v: &Value) -> String {
    v["warnings"].to_string()
}

/// The node IDs of a search's hits that end with `end` (`#Name`), in order.
fn hit_ids<'a>(v: &'a Value, end: &str) -> Vec<&'a str> {
    v["data"]["hits"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|h| h["nodeId"].as_str())
        .filter(|i| i.ends_with(end))
        .collect()
}

#[test]
fn a_dependency_is_searched_by_scope_tagged_and_its_node_ids_are_accepted() {
    let inst = installed();
    let cache = tempfile::tempdir().expect("cache");
    let ws = workspace(&inst);
    let (v, code) = call(ws.path(), cache.path(), &["index"]);
    assert_eq!(code, 0, "{v}");

    // The workspace's dependencies, none indexed yet.
    let (v, _) = call(ws.path(), cache.path(), &["deps"]);
    let deps = v["data"]["deps"].as_array().cloned().unwrap_or_default();
    let dep = |n: &str| deps.iter().find(|d| d["name"] == n).cloned();
    let attrs = dep("attrs").unwrap_or_else(|| panic!("attrs not listed: {v}"));
    assert_eq!(
        (attrs["version"].as_str(), attrs["lang"].as_str()),
        (Some("23.2.0"), Some("py")),
        "{v}"
    );
    assert_eq!(attrs["indexed"], false, "{v}");
    let ky = dep("ky").unwrap_or_else(|| panic!("ky not listed: {v}"));
    assert_eq!(ky["version"], "1.7.2", "{v}");

    // The first search of a library builds its map and says so.
    let t = Instant::now();
    let (v, code) = call(
        ws.path(),
        cache.path(),
        &["search", "attrib", "--scope", "lib:attrs"],
    );
    let first = t.elapsed();
    assert_eq!(code, 0, "{v}");
    assert!(
        warnings(&v).contains("indexed the library attrs@23.2.0 now"),
        "{v}"
    );
    let hits = v["data"]["hits"].as_array().cloned().unwrap_or_default();
    let hit = hits
        .iter()
        .find(|h| h["nodeId"].as_str().is_some_and(|i| i.ends_with("#attrib")))
        .cloned()
        .unwrap_or_else(|| panic!("no attrib in attrs: {v}"));
    let id = hit["nodeId"].as_str().unwrap_or_default().to_string();
    assert!(id.starts_with("lib:attrs@23.2.0/py:attr/"), "{id}");
    assert_eq!(
        (hit["lib"].as_str(), hit["libVersion"].as_str()),
        (Some("attrs"), Some("23.2.0")),
        "{v}"
    );
    let map = cache.path().join("pypi/attrs@23.2.0/map.db");
    let before = std::fs::metadata(&map)
        .expect("the library map")
        .modified()
        .expect("mtime");

    // Its node ID is one map_neighbors and resolve accept.
    let (v, code) = call(ws.path(), cache.path(), &["neighbors", &id]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["node"]["nodeId"], id.as_str(), "{v}");
    assert_eq!(v["data"]["node"]["lib"], "attrs", "{v}");
    let edges = v["data"]["edges"].as_array().cloned().unwrap_or_default();
    assert!(!edges.is_empty(), "{v}");
    assert!(
        edges.iter().all(|e| e["from"]
            .as_str()
            .is_some_and(|f| f.starts_with("lib:attrs@23.2.0/"))),
        "{v}"
    );
    let (v, code) = call(ws.path(), cache.path(), &["resolve", "--node-id", &id]);
    assert_eq!(code, 0, "{v}");
    let file = v["data"]["location"]["file"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        file.ends_with("site-packages/attr/_make.py") && Path::new(&file).is_file(),
        "{v}"
    );
    let line = v["data"]["location"]["line"].as_u64().unwrap_or(0) as usize;
    let text = std::fs::read_to_string(&file).expect("read");
    assert!(
        text.lines()
            .nth(line - 1)
            .is_some_and(|l| l.contains("def attrib(")),
        "{v}"
    );

    // "all": the workspace's hits and the library's, ranked together; what is not indexed
    // is said, with the command.
    let (v, code) = call(
        ws.path(),
        cache.path(),
        &["search", "attrib", "--scope", "all"],
    );
    assert_eq!(code, 0, "{v}");
    let hits = v["data"]["hits"].as_array().cloned().unwrap_or_default();
    assert!(
        hits.iter()
            .any(|h| h["nodeId"] == "py:app.py#attrib" && h.get("lib").is_none()),
        "{v}"
    );
    assert!(hits.iter().any(|h| h["lib"] == "attrs"), "{v}");
    assert!(hits.iter().take(2).all(|h| h["match"] == "exact"), "{v}");
    // ky is not indexed yet; the venv's own pip is not asked for.
    let w = warnings(&v);
    assert!(
        w.contains("1 indexed dependencies")
            && w.contains("are not indexed yet")
            && w.contains("ky")
            && !w.contains("pip"),
        "{v}"
    );
    assert!(w.contains("codemap deps --index"), "{v}");

    // A second workspace using the same version reuses the map: no build.
    let ws2 = workspace(&inst);
    let t = Instant::now();
    let (v, code) = call(
        ws2.path(),
        cache.path(),
        &["search", "attrib", "--scope", "lib:attrs"],
    );
    let second = t.elapsed();
    assert_eq!(code, 0, "{v}");
    assert!(!warnings(&v).contains("indexed the library"), "{v}");
    assert!(v["data"]["hits"].to_string().contains(&id), "{v}");
    eprintln!("attrs: first search (with the build) {first:?}, from a second workspace {second:?}");
    assert!(second < first, "{second:?} >= {first:?}");

    // A workspace run does not write the library's map.
    let (v, code) = call(ws.path(), cache.path(), &["index"]);
    assert_eq!(code, 0, "{v}");
    let after = std::fs::metadata(&map)
        .expect("map")
        .modified()
        .expect("mtime");
    assert_eq!(before, after);

    // node_modules: ky, indexed by `deps --index`.
    let (v, code) = call(ws.path(), cache.path(), &["deps", "--index", "ky"]);
    assert_eq!(code, 0, "{v}");
    assert!(
        warnings(&v).contains("indexed the library ky@1.7.2 now"),
        "{v}"
    );
    let (v, code) = call(
        ws.path(),
        cache.path(),
        &["search", "HTTPError", "--scope", "lib:ky"],
    );
    assert_eq!(code, 0, "{v}");
    let hits = v["data"]["hits"].as_array().cloned().unwrap_or_default();
    assert!(
        hits.iter().any(|h| h["lib"] == "ky"
            && h["nodeId"]
                .as_str()
                .is_some_and(|i| i.starts_with("lib:ky@1.7.2/") && i.ends_with("#HTTPError"))),
        "{v}"
    );
    // ky ships each module as `.js` and `.d.ts`: one build is indexed, so the class is
    // listed once (its declaration).
    let classes = hit_ids(&v, "#HTTPError");
    assert_eq!(classes.len(), 1, "{v}");
    assert!(classes[0].contains(".d.ts#"), "{v}");

    // `--all` leaves the venv's own pip (which vendors copies of other libraries) out;
    // it is listed, as the environment's tooling, and indexed when named.
    let (v, code) = call(ws.path(), cache.path(), &["deps", "--all"]);
    assert_eq!(code, 0, "{v}");
    let deps = v["data"]["deps"].as_array().cloned().unwrap_or_default();
    let pip = deps.iter().find(|d| d["name"] == "pip");
    assert!(
        pip.is_some_and(|p| p["tooling"] == true && p["indexed"] == false),
        "{v}"
    );
    assert!(
        deps.iter()
            .filter(|d| d.get("tooling").is_none())
            .all(|d| d["indexed"] == true),
        "{v}"
    );
}

#[test]
fn unknown_libraries_and_workspaces_without_dependencies_are_said_clearly() {
    let inst = installed();
    let cache = tempfile::tempdir().expect("cache");
    let ws = workspace(&inst);
    // The name the code imports (`attr`, which attrs installs) is the dependency's.
    let (v, code) = call(
        ws.path(),
        cache.path(),
        &["search", "attrib", "--scope", "lib:attr"],
    );
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["hits"][0]["lib"], "attrs", "{v}");
    let (v, code) = call(
        ws.path(),
        cache.path(),
        &["search", "attrib", "--scope", "lib:atrs"],
    );
    assert_eq!(code, 1, "{v}");
    assert_eq!(v["error"]["code"], "BAD_ARGS", "{v}");
    assert!(
        v["error"]["hint"]
            .as_str()
            .is_some_and(|h| h.contains("attrs")),
        "{v}"
    );
    let (v, _) = call(
        ws.path(),
        cache.path(),
        &["search", "attrib", "--scope", "libs"],
    );
    assert_eq!(v["error"]["code"], "BAD_ARGS", "{v}");
    // A library node ID of a version the workspace does not have.
    let (v, _) = call(
        ws.path(),
        cache.path(),
        &["neighbors", "lib:attrs@1.0/py:attr/_make.py#attrib"],
    );
    assert_eq!(v["error"]["code"], "BAD_ARGS", "{v}");
    assert!(
        v["error"]["hint"]
            .as_str()
            .is_some_and(|h| h.contains("attrs@23.2.0")),
        "{v}"
    );
    let (v, _) = call(ws.path(), cache.path(), &["neighbors", "lib:attrs/py:a.py"]);
    assert_eq!(v["error"]["code"], "BAD_NODE_ID", "{v}");
    // Nothing installed: an answer, not an error, saying where it looked.
    let empty = tempfile::tempdir().expect("tempdir");
    write(empty.path(), "a.py", "def f():\n    pass\n");
    let (v, code) = call(empty.path(), cache.path(), &["deps"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["total"], 0, "{v}");
    assert!(
        warnings(&v).contains("looked in") && warnings(&v).contains("node_modules"),
        "{v}"
    );
    let (v, code) = call(empty.path(), cache.path(), &["index"]);
    assert_eq!(code, 0, "{v}");
    let (v, code) = call(
        empty.path(),
        cache.path(),
        &["search", "f", "--scope", "all"],
    );
    assert_eq!(code, 0, "{v}");
    assert!(warnings(&v).contains("no installed dependencies"), "{v}");
    // Declared but not installed (Monolog's `composer.json` without `vendor/`): said by
    // `deps` with the names, and by a hover that finds nothing for a name of theirs.
    write(
        empty.path(),
        "composer.json",
        r#"{"name": "acme/app", "require": {"php": ">=7.2", "psr/log": "^3.0"}}"#,
    );
    write(
        empty.path(),
        "src/App.php",
        "<?php\nnamespace Acme;\n\nuse Psr\\Log\\LoggerInterface;\n\nclass App implements LoggerInterface\n{\n}\n",
    );
    let (v, code) = call(empty.path(), cache.path(), &["index"]);
    assert_eq!(code, 0, "{v}");
    let said = "not installed: the project declares 1 packagist dependency (psr/log)";
    let (v, code) = call(empty.path(), cache.path(), &["deps"]);
    assert_eq!(code, 0, "{v}");
    assert!(warnings(&v).contains(said), "{v}");
    let (v, _) = call(
        empty.path(),
        cache.path(),
        &[
            "hover",
            "src/App.php:6@implements <|>LoggerInterface",
            "--no-lsp",
        ],
    );
    assert_eq!(v["error"]["code"], "SYMBOL_NOT_FOUND", "{v}");
    assert!(
        v["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains(said)),
        "{v}"
    );
}

#[test]
fn go_and_rust_dependencies_are_found_in_the_module_cache_and_the_registry() {
    let (gomodcache, sync) = crate::libids::cached_sync();
    // The workspace's own Cargo.lock names anyhow, which the build fetched.
    let lock =
        std::fs::read_to_string(crate::util::repo_root().join("Cargo.lock")).expect("Cargo.lock");
    let anyhow = lock
        .split("[[package]]")
        .find(|p| p.contains("name = \"anyhow\""))
        .and_then(|p| p.lines().find_map(|l| l.strip_prefix("version = \"")))
        .map(|v| v.trim_end_matches('"').to_string())
        .expect("anyhow in Cargo.lock");
    let ws = tempfile::tempdir().expect("tempdir");
    write(
        ws.path(),
        "go.mod",
        format!("module example.com/m\n\ngo 1.22\n\nrequire golang.org/x/sync {sync}\n"),
    );
    write(ws.path(), "Cargo.lock", format!("version = 3\n\n[[package]]\nname = \"anyhow\"\nversion = \"{anyhow}\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\n"));
    let cache = tempfile::tempdir().expect("cache");
    let env = [("GOMODCACHE", gomodcache.as_str())];
    let (v, code) = call_env(
        ws.path(),
        cache.path(),
        &env,
        &["deps", "--index", "golang.org/x/sync"],
    );
    assert_eq!(code, 0, "{v}");
    // `--index` answers the one it indexed, and counts the others.
    let deps = v["data"]["deps"].as_array().cloned().unwrap_or_default();
    assert_eq!(deps.len(), 1, "{v}");
    assert_eq!(deps[0]["name"], "golang.org/x/sync", "{v}");
    assert_eq!(deps[0]["version"], sync.as_str(), "{v}");
    assert_eq!(deps[0]["indexed"], true, "{v}");
    assert_eq!(v["data"]["others"], 1, "{v}");
    assert!(
        warnings(&v).contains("indexed the library golang.org/x/sync@"),
        "{v}"
    );
    let (v, code) = call_env(ws.path(), cache.path(), &env, &["deps"]);
    assert_eq!(code, 0, "{v}");
    let deps = v["data"]["deps"].to_string();
    assert!(
        deps.contains("\"name\":\"golang.org/x/sync\"") && deps.contains(&sync),
        "{v}"
    );
    assert!(
        deps.contains("\"name\":\"anyhow\"") && deps.contains(&anyhow),
        "{v}"
    );
    // A module asked for by its last part is suggested by its path.
    let (v, code) = call_env(
        ws.path(),
        cache.path(),
        &env,
        &["search", "Group", "--scope", "lib:sync"],
    );
    assert_ne!(code, 0, "{v}");
    assert!(
        v["error"]["hint"]
            .as_str()
            .is_some_and(|h| h.contains("golang.org/x/sync") && h.contains("map_deps")),
        "{v}"
    );
    let (v, code) = call_env(
        ws.path(),
        cache.path(),
        &env,
        &["search", "Group.Go", "--scope", "lib:golang.org/x/sync"],
    );
    assert_eq!(code, 0, "{v}");
    assert!(
        v["data"]["hits"][0]["nodeId"].as_str().is_some_and(
            |i| i == format!("lib:golang.org/x/sync@{sync}/go:errgroup/errgroup.go#Group.Go")
        ),
        "{v}"
    );
}

/// A monorepo's projects keep their dependencies at their own roots: a `go.work` module's
/// `go.mod` and a Python sub-project's `.venv`, none at the workspace's root. They are found
/// (were "no installed dependencies" and `BAD_ARGS` for the library), searched, and a place
/// in one is tagged with its library.
#[test]
fn a_project_s_dependencies_are_found_at_its_own_root() {
    let (gomodcache, sync) = crate::libids::cached_sync();
    let inst = installed();
    let ws = tempfile::tempdir().expect("tempdir");
    write(
        ws.path(),
        "go.work",
        "go 1.22

use ./svc
",
    );
    write(
        ws.path(),
        "svc/go.mod",
        format!("module example.com/svc\n\ngo 1.22\n\nrequire golang.org/x/sync {sync}\n"),
    );
    write(
        ws.path(),
        "svc/main.go",
        "package main\n\nimport \"golang.org/x/sync/errgroup\"\n\nfunc main() {\n\tvar g errgroup.Group\n\t_ = g.Wait()\n}\n",
    );
    write(
        ws.path(),
        "web/pyproject.toml",
        "[project]\nname = \"web\"\nversion = \"1.0\"\ndependencies = [\"attrs>=23\"]\n",
    );
    std::os::unix::fs::symlink(inst.join(".venv"), ws.path().join("web/.venv")).expect("symlink");
    write(
        ws.path(),
        "web/app.py",
        "import attr\n\nP = attr.s(object)\n",
    );
    let cache = tempfile::tempdir().expect("cache");
    let env = [("GOMODCACHE", gomodcache.as_str())];
    let (v, code) = call_env(ws.path(), cache.path(), &env, &["index"]);
    assert_eq!(code, 0, "{v}");
    let (v, code) = call_env(ws.path(), cache.path(), &env, &["deps"]);
    assert_eq!(code, 0, "{v}");
    let deps = v["data"]["deps"].to_string();
    for name in ["golang.org/x/sync", "attrs"] {
        assert!(
            deps.contains(&format!("\"name\":\"{name}\"")),
            "{name}: {v}"
        );
    }
    let (v, code) = call_env(
        ws.path(),
        cache.path(),
        &env,
        &["search", "Group.Wait", "--scope", "lib:golang.org/x/sync"],
    );
    assert_eq!(code, 0, "{v}");
    assert!(
        v["data"]["hits"][0]["nodeId"].as_str().is_some_and(
            |i| i == format!("lib:golang.org/x/sync@{sync}/go:errgroup/errgroup.go#Group.Wait")
        ),
        "{v}"
    );
    let (v, code) = call_env(
        ws.path(),
        cache.path(),
        &env,
        &["search", "attrib", "--scope", "lib:attrs"],
    );
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["hits"][0]["lib"], "attrs", "{v}");
    // One project's: what its manifest names, the other language's left out, said.
    let (v, code) = call_env(ws.path(), cache.path(), &env, &["deps", "--project", "web"]);
    assert_eq!(code, 0, "{v}");
    let names: Vec<&str> = v["data"]["deps"]
        .as_array()
        .map(|a| a.iter().filter_map(|d| d["name"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(names, ["attrs"], "{v}");
    let w = v["warnings"].to_string();
    assert!(
        w.contains("left out: 1 dependencies of the workspace's other languages"),
        "{v}"
    );
    assert!(w.contains("left out: 2 of the workspace's 3 Python dependencies that project \\\"web\\\"'s web/pyproject.toml does not name"), "{v}");
    let (v, code) = call_env(ws.path(), cache.path(), &env, &["deps", "--project", "svc"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["deps"][0]["name"], "golang.org/x/sync", "{v}");
    assert_eq!(v["data"]["total"], 1, "{v}");
    // pyright, given the lone sub-project's environment (the machine's has attrs too),
    // resolves the sub-project's import there.
    let (v, code) = call_env(
        ws.path(),
        cache.path(),
        &env,
        &["def", "web/app.py:3@attr.<|>s"],
    );
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["source"], "lsp", "{v}");
    let file = v["data"]["definitions"][0]["file"]
        .as_str()
        .unwrap_or_default();
    let item = &v["data"]["definitions"][0]["items"][0];
    assert_eq!(item["lib"], "attrs", "{v}");
    assert!(
        file.contains(".venv/") && file.ends_with("attr/__init__.py"),
        "not the sub-project's environment: {v}"
    );
}

#[test]
fn a_dependency_at_two_versions_is_named_with_one() {
    // The workspace's own Cargo.lock holds syn at two versions, both fetched by the build.
    let lock =
        std::fs::read_to_string(crate::util::repo_root().join("Cargo.lock")).expect("Cargo.lock");
    let versions: Vec<String> = lock
        .split("[[package]]")
        .filter(|p| p.contains("name = \"syn\""))
        .filter_map(|p| p.lines().find_map(|l| l.strip_prefix("version = \"")))
        .map(|v| v.trim_end_matches('"').to_string())
        .collect();
    assert!(versions.len() >= 2, "syn at one version: {versions:?}");
    let ws = tempfile::tempdir().expect("tempdir");
    let mut text = "version = 3\n".to_string();
    for v in &versions {
        text.push_str(&format!("\n[[package]]\nname = \"syn\"\nversion = \"{v}\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\n"));
    }
    write(ws.path(), "Cargo.lock", text);
    let cache = tempfile::tempdir().expect("cache");
    let (v, code) = call(
        ws.path(),
        cache.path(),
        &["search", "Ident", "--scope", "lib:syn"],
    );
    assert_eq!(code, 1, "{v}");
    assert_eq!(v["error"]["code"], "BAD_ARGS", "{v}");
    let said = v["error"].to_string();
    for ver in &versions {
        assert!(said.contains(&format!("syn@{ver}")), "{ver}: {v}");
    }
    let scope = format!("lib:syn@{}", versions[0]);
    let (v, code) = call(
        ws.path(),
        cache.path(),
        &["search", "Ident", "--scope", &scope, "--limit", "3"],
    );
    assert_eq!(code, 0, "{v}");
    assert!(
        v["data"]["hits"][0]["nodeId"]
            .as_str()
            .is_some_and(|i| i.starts_with(&format!("lib:syn@{}/", versions[0]))),
        "{v}"
    );
}

/// Two Python projects in a workspace sharing one virtual environment.
fn two_projects(installed: &Path) -> tempfile::TempDir {
    let ws = workspace(installed);
    for (p, f) in [("one", "one/a.py"), ("two", "two/b.py")] {
        write(
            ws.path(),
            &format!("{p}/pyproject.toml"),
            format!("[project]\nname = \"{p}\"\nversion = \"1.0\"\n"),
        );
        write(ws.path(), f, "def attrib(x):\n    return x\n");
    }
    ws
}

#[test]
fn a_project_scopes_the_workspace_hits_not_the_librarys() {
    let inst = installed();
    let cache = tempfile::tempdir().expect("cache");
    let ws = two_projects(&inst);
    let (v, code) = call(ws.path(), cache.path(), &["index"]);
    assert_eq!(code, 0, "{v}");
    let (v, code) = call(ws.path(), cache.path(), &["deps", "--index", "attrs"]);
    assert_eq!(code, 0, "{v}");
    for scope in ["all", "lib:attrs"] {
        let (v, code) = call(
            ws.path(),
            cache.path(),
            &["search", "attrib", "--scope", scope, "--project", "one"],
        );
        assert_eq!(code, 0, "{v}");
        let hits = v["data"]["hits"].as_array().cloned().unwrap_or_default();
        assert!(
            hits.iter().any(|h| h["lib"] == "attrs"
                && h["nodeId"].as_str().is_some_and(|i| i.ends_with("#attrib"))),
            "{scope}: {v}"
        );
        let ws_hits: Vec<&str> = hits
            .iter()
            .filter(|h| h.get("lib").is_none())
            .filter_map(|h| h["nodeId"].as_str())
            .collect();
        if scope == "all" {
            assert_eq!(ws_hits, ["py:one/a.py#attrib"], "{v}");
        } else {
            assert!(ws_hits.is_empty(), "{v}");
        }
    }
}

#[test]
fn an_outdated_library_map_is_rebuilt_and_said() {
    let inst = installed();
    let cache = tempfile::tempdir().expect("cache");
    let ws = workspace(&inst);
    let (v, code) = call(ws.path(), cache.path(), &["index"]);
    assert_eq!(code, 0, "{v}");
    let (v, code) = call(ws.path(), cache.path(), &["deps", "--index", "attrs"]);
    assert_eq!(code, 0, "{v}");
    let map = cache.path().join("pypi/attrs@23.2.0/map.db");
    let set = |sql: &str| {
        let c = rusqlite::Connection::open(&map).expect("open the library map");
        c.execute_batch(sql).expect("set");
    };
    // An older schema, then other extraction rules: each rebuilt by the next query.
    for (sql, said) in [
        ("PRAGMA user_version = 1", "schema version 1"),
        (
            "UPDATE meta SET value = 'old' WHERE key = 'rules'",
            "other extraction rules",
        ),
    ] {
        set(sql);
        for scope in ["all", "lib:attrs"] {
            let (v, code) = call(
                ws.path(),
                cache.path(),
                &["search", "attrib", "--scope", scope],
            );
            assert_eq!(code, 0, "{scope}: {v}");
            let hits = v["data"]["hits"].to_string();
            assert!(hits.contains("lib:attrs@23.2.0/"), "{scope}: {v}");
            let w = warnings(&v);
            let rebuilt = w.contains("rebuilt the library map of attrs@23.2.0") && w.contains(said);
            // The first query rebuilds; the second finds it current.
            assert_eq!(rebuilt, scope == "all", "{scope}: {v}");
        }
    }
}

/// The anchors of a nav answer's list (`definitions`, `symbols`), flat or by file, each with
/// its `file`.
pub(crate) fn listed(v: &Value, key: &str) -> Vec<Value> {
    let mut out = Vec::new();
    for x in v["data"][key].as_array().cloned().unwrap_or_default() {
        match x["items"].as_array() {
            Some(items) => out.extend(items.iter().map(|i| {
                let mut i = i.clone();
                i["file"] = x["file"].clone();
                i
            })),
            None => out.push(x),
        }
    }
    out
}

#[test]
fn nav_definition_into_a_dependency_is_tagged_and_nav_symbols_searches_libraries() {
    let inst = installed();
    let cache = tempfile::tempdir().expect("cache");
    let ws = workspace(&inst);
    write(
        ws.path(),
        "uses.py",
        "import attrs\n\n\ndef f():\n    return attrs.define\n\n\ndef g(x):\n    return attrs.asdict(x)\n",
    );
    // A namesake in the workspace: hover must not take it for attrs' `define` (by the name
    // alone, the map would).
    write(ws.path(), "other.py", "def define():\n    return None\n");
    let (v, code) = call(ws.path(), cache.path(), &["index"]);
    assert_eq!(code, 0, "{v}");

    // pyright (given the workspace's .venv) lands in attrs: tagged, the index command said.
    let def = |c: &Path| {
        let (v, code) = call(ws.path(), c, &["def", "uses.py:f@attrs.<|>define"]);
        assert_eq!(code, 0, "{v}");
        assert_eq!(
            v["data"]["source"], "lsp",
            "pyright-langserver on PATH? {v}"
        );
        v
    };
    let v = def(cache.path());
    let found = listed(&v, "definitions");
    assert!(!found.is_empty(), "{v}");
    assert!(
        found.iter().all(|d| d["lib"] == "attrs"
            && d["libVersion"] == "23.2.0"
            && d.get("nodeId").is_none()
            && d["file"]
                .as_str()
                .is_some_and(|f| f.contains("site-packages/attr"))),
        "{v}"
    );
    assert!(warnings(&v).contains("`codemap deps --index attrs`"), "{v}");

    // Indexed: the library node ID of the symbol there, which resolve accepts.
    let (v, code) = call(ws.path(), cache.path(), &["deps", "--index", "attrs"]);
    assert_eq!(code, 0, "{v}");
    let v = def(cache.path());
    let found = listed(&v, "definitions");
    let ids: Vec<&str> = found.iter().filter_map(|d| d["nodeId"].as_str()).collect();
    assert_eq!(ids.len(), found.len(), "{v}");
    assert!(
        ids.iter()
            .all(|i| i.starts_with("lib:attrs@23.2.0/py:attr") && i.contains("#define")),
        "{v}"
    );
    assert!(!warnings(&v).contains("--index"), "{v}");
    let (r, code) = call(ws.path(), cache.path(), &["resolve", "--node-id", ids[0]]);
    assert_eq!(code, 0, "{r}");
    assert_eq!(r["data"]["symbol"]["name"], "define", "{r}");

    // The other live tools tag what lands in the library too: the hovered name, the callees
    // outside the workspace. (pyright's references, even with the declaration, stay in the
    // workspace's files: the workspace's uses are not tagged.)
    let (v, code) = call(
        ws.path(),
        cache.path(),
        &["refs", "uses.py:f@attrs.<|>define", "--include-declaration"],
    );
    assert_eq!(code, 0, "{v}");
    let refs = listed(&v, "references");
    assert!(
        !refs.is_empty()
            && refs
                .iter()
                .all(|r| r["file"] == "uses.py" && r.get("lib").is_none()),
        "{v}"
    );
    // Without the declaration, the use asked at is still a reference (pyright asked so
    // leaves that one out, and lists the declaration instead: it is asked with it, and its
    // definition left out here).
    let (v, code) = call(
        ws.path(),
        cache.path(),
        &["refs", "uses.py:f@attrs.<|>define"],
    );
    assert_eq!(code, 0, "{v}");
    let refs = listed(&v, "references");
    assert!(
        refs.iter()
            .any(|r| r["file"] == "uses.py" && r["at"] == "5:18"),
        "{v}"
    );
    let (v, code) = call(
        ws.path(),
        cache.path(),
        &["hover", "uses.py:f@attrs.<|>define"],
    );
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["lib"], "attrs", "{v}");
    assert_eq!(v["data"]["libVersion"], "23.2.0", "{v}");
    assert!(
        v["data"]["nodeId"]
            .as_str()
            .is_some_and(|i| i.starts_with("lib:attrs@23.2.0/") && i.contains("define")),
        "{v}"
    );
    let (v, code) = call(
        ws.path(),
        cache.path(),
        &["calls", "uses.py:g", "--direction", "outgoing"],
    );
    assert_eq!(code, 0, "{v}");
    // The workspace's .venv is inside it: the callee is listed, tagged (a library outside
    // the workspace is set apart under `outside`, counted by library in `outside.libs`).
    let calls = listed(&v, "calls");
    assert!(
        calls.iter().any(|c| c["name"] == "asdict"
            && c["lib"] == "attrs"
            && c["nodeId"] == "lib:attrs@23.2.0/py:attrs/__init__.pyi#asdict"),
        "{v}"
    );

    // nav_symbols scope lib:attrs: the library map's symbols, with its node IDs.
    let (v, code) = call(
        ws.path(),
        cache.path(),
        &["symbols", "define", "--scope", "lib:attrs"],
    );
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["source"], "libraryMap", "{v}");
    let syms = listed(&v, "symbols");
    assert!(
        syms.iter().any(|s| s["name"] == "define"
            && s["lib"] == "attrs"
            && s["libVersion"] == "23.2.0"
            && s["nodeId"]
                .as_str()
                .is_some_and(|i| i.starts_with("lib:attrs@23.2.0/"))),
        "{v}"
    );
    assert!(syms.iter().all(|s| s["lib"] == "attrs"), "{v}");

    // all: the server's workspace symbols and the indexed libraries', the rest said.
    let (v, code) = call(
        ws.path(),
        cache.path(),
        &["symbols", "attrib", "--scope", "all"],
    );
    assert_eq!(code, 0, "{v}");
    let syms = listed(&v, "symbols");
    assert!(
        syms.iter()
            .any(|s| s["nodeId"] == "py:app.py#attrib" && s.get("lib").is_none()),
        "{v}"
    );
    assert!(
        syms.iter()
            .any(|s| s["lib"] == "attrs" && s["name"] == "attrib"),
        "{v}"
    );
    assert!(
        warnings(&v).contains("not indexed yet") && warnings(&v).contains("ky"),
        "{v}"
    );

    // Unknown libraries and scopes: BAD_ARGS, with the nearest name.
    let (v, code) = call(
        ws.path(),
        cache.path(),
        &["symbols", "define", "--scope", "lib:atrs"],
    );
    assert_ne!(code, 0, "{v}");
    assert_eq!(v["error"]["code"], "BAD_ARGS", "{v}");
    assert!(v["error"]["hint"].to_string().contains("attrs"), "{v}");
    let (v, _) = call(
        ws.path(),
        cache.path(),
        &["symbols", "define", "--scope", "libs"],
    );
    assert_eq!(v["error"]["code"], "BAD_ARGS", "{v}");
}

/// PHP: Composer's `vendor/composer/installed.json` (Composer 2's format) naming Symfony
/// Console 5.4.53, whose published sources (Debian's package, `scripts/install-corpora`) are
/// in `vendor/symfony/console`: listed, indexed, searched by scope, its node IDs accepted.
#[test]
fn composer_dependencies_are_found_in_vendor() {
    let console = crate::util::repo_root().join(
        "tools/corpora/php-symfony-console-5.4.53+dfsg-0+deb12u1/usr/share/php/Symfony/Component/Console",
    );
    assert!(console.join("Application.php").is_file(), "{console:?}");
    let ws = tempfile::tempdir().expect("tmp");
    let root = ws.path();
    crate::util::copy_dir(&console, &root.join("vendor/symfony/console"));
    write(
        root,
        "vendor/composer/installed.json",
        r#"{"packages": [{"name": "symfony/console", "version": "v5.4.53", "version_normalized": "5.4.53.0", "install-path": "../symfony/console"}], "dev": true, "dev-package-names": []}"#,
    );
    write(
        root,
        "composer.json",
        r#"{"name": "acme/cli", "require": {"symfony/console": "^5.4"}}"#,
    );
    // Composer writes it into every vendor/: the evidence that the folder is dependencies.
    write(
        root,
        "vendor/autoload.php",
        "<?php\nreturn require __DIR__ . '/composer/autoload_real.php';\n",
    );
    write(
        root,
        "src/cli.php",
        "<?php\nuse Symfony\\Component\\Console\\Application;\n\nfunction cli(): Application\n{\n    return new Application('acme');\n}\n",
    );
    let cache = tempfile::tempdir().expect("cache");
    let (v, code) = call(root, cache.path(), &["index"]);
    assert_eq!(code, 0, "{v}");
    let (v, code) = call(root, cache.path(), &["deps"]);
    assert_eq!(code, 0, "{v}");
    assert!(
        v.to_string().contains("symfony/console") && v.to_string().contains("v5.4.53"),
        "{v}"
    );
    let (v, code) = call(
        root,
        cache.path(),
        &["search", "Application", "--scope", "lib:symfony/console"],
    );
    assert_eq!(code, 0, "{v}");
    let hits = v["data"]["hits"].as_array().cloned().unwrap_or_default();
    let id = hits
        .iter()
        .filter(|h| h["lib"] == "symfony/console")
        .filter_map(|h| h["nodeId"].as_str())
        .find(|i| i.starts_with("lib:symfony/console@v5.4.53/php:") && i.ends_with("#Application"))
        .unwrap_or_else(|| panic!("no Application class in the library: {v}"))
        .to_string();
    let (v, code) = call(
        root,
        cache.path(),
        &["resolve", "--no-lsp", "--node-id", &id],
    );
    assert_eq!(code, 0, "{v}");
    // vendor/ is the library's, not the workspace's: `all` lists its class once.
    let (v, code) = call(
        root,
        cache.path(),
        &["search", "Application", "--scope", "all", "--limit", "50"],
    );
    assert_eq!(code, 0, "{v}");
    assert_eq!(hit_ids(&v, "#Application"), [id.as_str()], "{v}");
    let (v, code) = call(root, cache.path(), &["status"]);
    assert_eq!(code, 0, "{v}");
    assert!(v.to_string().contains("vendored dependencies"), "{v}");
}

/// Ruby: the gems `Gemfile.lock` locks, found where Bundler installed them (`BUNDLE_PATH` of
/// `.bundle/config`: `vendor/bundle/ruby/<ABI>/gems/<name>-<version>`), here Rack 2.2.22's
/// published gem (Debian's package, `scripts/install-corpora`); a locked gem installed nowhere
/// is said with `bundle install`. Listed, indexed by scope, its node IDs accepted, and `all`
/// lists its class once (vendor/bundle is never walked as the workspace's code).
#[test]
fn gems_of_gemfile_lock_are_found_in_the_bundle_path() {
    let rack = crate::util::repo_root().join(
        "tools/corpora/ruby-rack-2.2.22-0+deb12u1/usr/share/rubygems-integration/all/gems/rack-2.2.22",
    );
    assert!(
        rack.join("lib/rack.rb").is_file(),
        "{rack:?}: ./scripts/install-corpora fetches it"
    );
    let ws = tempfile::tempdir().expect("tmp");
    let root = ws.path();
    crate::util::copy_dir(
        &rack,
        &root.join("vendor/bundle/ruby/3.1.0/gems/rack-2.2.22"),
    );
    write(
        root,
        ".bundle/config",
        "---\nBUNDLE_PATH: \"vendor/bundle\"\n",
    );
    write(
        root,
        "Gemfile",
        "source \"https://rubygems.org\"\ngem \"sinatra\"\ngem \"rack\"\n",
    );
    write(
        root,
        "Gemfile.lock",
        "GEM\n  remote: https://rubygems.org/\n  specs:\n    mustermann (3.0.0)\n      ruby2_keywords (~> 0.0.1)\n    rack (2.2.22)\n    sinatra (3.0.5)\n      mustermann (~> 3.0)\n      rack (~> 2.2, >= 2.2.4)\n\nPLATFORMS\n  x86_64-linux\n\nDEPENDENCIES\n  rack\n  sinatra\n\nBUNDLED WITH\n   2.4.10\n",
    );
    write(
        root,
        "app.rb",
        "require \"rack\"\n\nclass App\n  def call(env)\n    req = Rack::Request.new(env)\n    [200, {}, [req.path]]\n  end\nend\n",
    );
    let cache = tempfile::tempdir().expect("cache");
    // No gem directory of this machine is read: HOME and GEM_HOME point at empty folders.
    let home = tempfile::tempdir().expect("home");
    let home_s = home.path().to_string_lossy().to_string();
    let env = [("HOME", home_s.as_str()), ("GEM_HOME", home_s.as_str())];
    let (v, code) = call_env(root, cache.path(), &env, &["index"]);
    assert_eq!(code, 0, "{v}");
    let (v, code) = call_env(root, cache.path(), &env, &["deps"]);
    assert_eq!(code, 0, "{v}");
    let deps = v["data"]["deps"].as_array().cloned().unwrap_or_default();
    let listed: Vec<(&str, &str, bool)> = deps
        .iter()
        .map(|d| {
            (
                d["name"].as_str().unwrap_or(""),
                d["version"].as_str().unwrap_or(""),
                d["missing"]
                    .as_str()
                    .is_some_and(|m| m.contains("`bundle install`")),
            )
        })
        .collect();
    assert_eq!(
        listed,
        [
            ("mustermann", "3.0.0", true),
            ("rack", "2.2.22", false),
            ("sinatra", "3.0.5", true)
        ],
        "{v}"
    );
    assert!(deps.iter().all(|d| d["ecosystem"] == "rubygems"), "{v}");
    let (v, code) = call_env(
        root,
        cache.path(),
        &env,
        &["search", "Request", "--scope", "lib:rack"],
    );
    assert_eq!(code, 0, "{v}");
    let id = v["data"]["hits"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|h| h["nodeId"].as_str())
        .find(|i| *i == "lib:rack@2.2.22/rb:lib/rack/request.rb#Rack.Request")
        .unwrap_or_else(|| panic!("no Rack::Request in the library: {v}"))
        .to_string();
    assert!(
        warnings(&v).contains("indexed the library rack@2.2.22"),
        "{v}"
    );
    let (v, code) = call_env(
        root,
        cache.path(),
        &env,
        &["resolve", "--no-lsp", "--node-id", &id],
    );
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["symbol"]["name"], "Request", "{v}");
    let (v, code) = call_env(
        root,
        cache.path(),
        &env,
        &["search", "Request", "--scope", "all", "--limit", "50"],
    );
    assert_eq!(code, 0, "{v}");
    assert_eq!(hit_ids(&v, "#Rack.Request"), [id.as_str()], "{v}");
}

/// A published sources jar of `~/.m2` (`scripts/test` and `scripts/install-corpora` fetch
/// them), copied to `to`.
fn copy_jar(rel: &str, to: &Path) {
    let home = std::env::var_os("HOME").map(PathBuf::from).expect("HOME");
    let from = home.join(".m2/repository").join(rel);
    assert!(from.is_file(), "{from:?}: run scripts/test");
    std::fs::create_dir_all(to.parent().expect("dir")).expect("mkdir");
    std::fs::copy(&from, to).expect("copy jar");
}

/// Java/Kotlin: a Maven pom naming Guava 33.5.0-jre through `${guava.version}`, a
/// dependency whose sources jar is not downloaded and one whose jar is damaged, and a Gradle
/// build whose version catalog names kotlin-stdlib 2.2.0. The sources jars are the published
/// ones, copied into a temporary Maven repository (named by `~/.m2/settings.xml`'s
/// `localRepository` of a temporary HOME) and Gradle cache (`$GRADLE_USER_HOME`).
#[test]
fn maven_and_gradle_dependencies_are_unpacked_from_sources_jars() {
    let t = tempfile::tempdir().expect("tmp");
    let (home, repo, gradle) = (
        t.path().join("home"),
        t.path().join("repo"),
        t.path().join("gradle"),
    );
    write(
        &home,
        ".m2/settings.xml",
        "<settings><localRepository>${user.home}/../repo</localRepository></settings>\n",
    );
    copy_jar(
        "com/google/guava/guava/33.5.0-jre/guava-33.5.0-jre-sources.jar",
        &repo.join("com/google/guava/guava/33.5.0-jre/guava-33.5.0-jre-sources.jar"),
    );
    copy_jar(
        "org/jetbrains/kotlin/kotlin-stdlib/2.2.0/kotlin-stdlib-2.2.0-sources.jar",
        &gradle.join("caches/modules-2/files-2.1/org.jetbrains.kotlin/kotlin-stdlib/2.2.0/0a1b2c/kotlin-stdlib-2.2.0-sources.jar"),
    );
    // A damaged jar: the first half of Guava's.
    let broken = repo.join("org/acme/broken/1.0/broken-1.0-sources.jar");
    let bytes =
        std::fs::read(repo.join("com/google/guava/guava/33.5.0-jre/guava-33.5.0-jre-sources.jar"))
            .expect("read");
    write(&repo, "org/acme/broken/1.0/.keep", "");
    std::fs::write(&broken, &bytes[..bytes.len() / 2]).expect("write");

    let ws = t.path().join("ws");
    write(
        &ws,
        "pom.xml",
        r#"<project>
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.acme</groupId><artifactId>app</artifactId><version>1.0</version>
  <properties><guava.version>33.5.0-jre</guava.version></properties>
  <dependencies>
    <dependency><groupId>com.google.guava</groupId><artifactId>guava</artifactId><version>${guava.version}</version></dependency>
    <dependency><groupId>org.acme</groupId><artifactId>nosources</artifactId><version>9.9</version></dependency>
    <dependency><groupId>org.acme</groupId><artifactId>broken</artifactId><version>${project.version}</version></dependency>
  </dependencies>
</project>
"#,
    );
    write(
        &ws,
        "src/main/java/org/acme/App.java",
        "package org.acme;\n\nimport com.google.common.collect.ImmutableList;\n\npublic class App {\n    ImmutableList<String> names() { return ImmutableList.of(\"a\"); }\n}\n",
    );
    write(
        &ws,
        "cli/build.gradle.kts",
        "dependencies {\n    implementation(libs.kotlin.stdlib)\n    implementation(\"org.x:y:$yVersion\")\n}\n",
    );
    write(
        &ws,
        "gradle/libs.versions.toml",
        "[versions]\nkotlin = \"2.2.0\"\n\n[libraries]\nkotlin-stdlib = { module = \"org.jetbrains.kotlin:kotlin-stdlib\", version.ref = \"kotlin\" }\n",
    );
    let cache = t.path().join("cache");
    let (h, g) = (home.display().to_string(), gradle.display().to_string());
    let env = [("HOME", h.as_str()), ("GRADLE_USER_HOME", g.as_str())];
    let run = |args: &[&str]| call_env(&ws, &cache, &env, args);

    let (v, code) = run(&["index"]);
    assert_eq!(code, 0, "{v}");
    let (v, code) = run(&["deps"]);
    assert_eq!(code, 0, "{v}");
    let deps = listed(&v, "deps");
    let row = |n: &str| {
        deps.iter()
            .find(|d| d["name"] == n)
            .cloned()
            .unwrap_or_else(|| panic!("no {n}: {v}"))
    };
    assert_eq!(
        row("com.google.guava:guava")["version"],
        "33.5.0-jre",
        "{v}"
    );
    assert_eq!(row("com.google.guava:guava")["ecosystem"], "maven", "{v}");
    assert_eq!(
        row("org.jetbrains.kotlin:kotlin-stdlib")["version"],
        "2.2.0",
        "{v}"
    );
    assert!(
        row("org.jetbrains.kotlin:kotlin-stdlib")["archive"]
            .as_str()
            .is_some_and(|a| a.starts_with(&g)),
        "{v}"
    );
    let missing = row("org.acme:nosources")["missing"].to_string();
    assert!(
        missing.contains("mvn dependency:get -Dartifact=org.acme:nosources:9.9:jar:sources"),
        "{v}"
    );
    assert_eq!(row("org.acme:broken")["version"], "1.0", "{v}");
    // What a build computes is said, not guessed.
    assert!(warnings(&v).contains("$yVersion"), "{v}");

    // A library in a sources jar: unpacked and indexed on first use.
    let t0 = Instant::now();
    let (v, code) = run(&[
        "search",
        "ImmutableList",
        "--scope",
        "lib:com.google.guava:guava",
    ]);
    let secs = t0.elapsed().as_secs_f64();
    assert_eq!(code, 0, "{v}");
    eprintln!("guava 33.5.0-jre sources: {} ({secs:.1} s)", warnings(&v));
    assert!(
        warnings(&v).contains("unpacked") && warnings(&v).contains("indexed the library"),
        "{v}"
    );
    let id = v["data"]["hits"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|h| h["nodeId"].as_str())
        .find(|i| *i == "lib:com.google.guava:guava@33.5.0-jre/java:com/google/common/collect/ImmutableList.java#ImmutableList")
        .unwrap_or_else(|| panic!("no ImmutableList class: {v}"))
        .to_string();
    let resolved = |v: &Value| -> PathBuf {
        PathBuf::from(v["data"]["location"]["file"].as_str().unwrap_or_default())
    };
    let (v, code) = run(&["resolve", "--no-lsp", "--node-id", &id]);
    assert_eq!(code, 0, "{v}");
    let file = resolved(&v);
    assert!(file.is_file() && file.starts_with(&cache), "{v}");
    // Its unpacked files gone, the map's next use unpacks them again.
    std::fs::remove_dir_all(file.ancestors().nth(5).expect("src")).expect("rm src");
    let (v, code) = run(&["resolve", "--no-lsp", "--node-id", &id]);
    assert_eq!(code, 0, "{v}");
    assert!(resolved(&v).is_file(), "{v}");
    assert!(warnings(&v).contains("unpacked"), "{v}");

    // Kotlin sources in a jar of Gradle's cache are indexed as Kotlin.
    let (v, code) = run(&[
        "search",
        "listOf",
        "--scope",
        "lib:org.jetbrains.kotlin:kotlin-stdlib",
        "--kind",
        "function",
    ]);
    assert_eq!(code, 0, "{v}");
    eprintln!("kotlin-stdlib 2.2.0 sources: {}", warnings(&v));
    assert!(
        v["data"]["hits"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|h| h["nodeId"].as_str().is_some_and(|i| i
                .starts_with("lib:org.jetbrains.kotlin:kotlin-stdlib@2.2.0/kt:")
                && i.ends_with("#listOf"))),
        "{v}"
    );

    // `all`: the workspace and the indexed libraries; the one without sources said.
    let (v, code) = run(&["search", "ImmutableList", "--scope", "all", "--limit", "50"]);
    assert_eq!(code, 0, "{v}");
    assert!(v.to_string().contains(&id), "{v}");
    assert!(warnings(&v).contains("no code here to index"), "{v}");

    // No sources: BAD_ARGS with the fix.
    let (v, code) = run(&["search", "X", "--scope", "lib:org.acme:nosources"]);
    assert_ne!(code, 0, "{v}");
    assert_eq!(v["error"]["code"], "BAD_ARGS", "{v}");
    assert!(
        v["error"]["hint"]
            .to_string()
            .contains("mvn dependency:get"),
        "{v}"
    );

    // A damaged jar: a clear error, and no map or half-unpacked folder left.
    let (v, code) = run(&["search", "X", "--scope", "lib:org.acme:broken"]);
    assert_ne!(code, 0, "{v}");
    assert_eq!(v["error"]["code"], "BAD_ARGS", "{v}");
    assert!(
        v["error"]["message"]
            .to_string()
            .contains("cannot be unpacked"),
        "{v}"
    );
    let lib = cache.join("maven/org.acme:broken@1.0");
    for left in ["map.db", "src", "src.part"] {
        assert!(!lib.join(left).exists(), "{left} left: {v}");
    }
    // `--all` indexes what it can and says what it could not.
    let (v, code) = run(&["deps", "--all"]);
    assert_eq!(code, 0, "{v}");
    assert!(
        warnings(&v).contains("could not index org.acme:broken@1.0"),
        "{v}"
    );
    assert_eq!(v["data"]["indexed"], 2, "{v}");
    assert!(!lib.join("map.db").exists(), "{v}");

    // A Maven dependency named by its artifact alone.
    let (v, code) = run(&[
        "search",
        "ImmutableList",
        "--scope",
        "lib:guava",
        "--limit",
        "3",
    ]);
    assert_eq!(code, 0, "{v}");
    assert!(v.to_string().contains(&id), "{v}");
}

/// A workspace's own projects found among its dependencies are not listed as libraries (their
/// code is the workspace map's; a library's copy answered twice in `--scope all`), and said:
/// an npm workspace's package symlinked into `node_modules`, as npm lays it out, and a Maven
/// reactor's module another module depends on. A project scope on `deps` is said to be the
/// whole workspace's list.
#[test]
fn the_workspace_s_own_projects_are_not_its_dependencies() {
    let cache = tempfile::tempdir().expect("cache");
    let ws = tempfile::Builder::new()
        .prefix("codemap-own-")
        .tempdir()
        .expect("tempdir");
    let root = ws.path();
    write(
        root,
        "package.json",
        r#"{"name": "mono", "private": true, "workspaces": ["packages/*"]}"#,
    );
    write(
        root,
        "packages/core/package.json",
        r#"{"name": "@demo/core", "version": "1.0.0", "main": "index.js"}"#,
    );
    write(
        root,
        "packages/core/index.js",
        "export function makeStore() {\n  return {};\n}\n",
    );
    write(
        root,
        "packages/app/package.json",
        r#"{"name": "@demo/app", "version": "1.0.0", "dependencies": {"@demo/core": "1.0.0"}}"#,
    );
    write(
        root,
        "packages/app/main.js",
        "import { makeStore } from '@demo/core';\nmakeStore();\n",
    );
    std::fs::create_dir_all(root.join("node_modules/@demo")).expect("mkdir");
    for p in ["core", "app"] {
        std::os::unix::fs::symlink(
            format!("../../packages/{p}"),
            root.join("node_modules/@demo").join(p),
        )
        .expect("symlink");
    }
    write(
        root,
        "java/pom.xml",
        "<project><modelVersion>4.0.0</modelVersion><groupId>org.demo</groupId><artifactId>parent</artifactId><version>1.0</version><packaging>pom</packaging><modules><module>a</module><module>b</module></modules></project>\n",
    );
    write(
        root,
        "java/a/pom.xml",
        "<project><modelVersion>4.0.0</modelVersion><groupId>org.demo</groupId><artifactId>a</artifactId><version>1.0</version></project>\n",
    );
    write(
        root,
        "java/b/pom.xml",
        "<project><modelVersion>4.0.0</modelVersion><groupId>org.demo</groupId><artifactId>b</artifactId><version>1.0</version><dependencies><dependency><groupId>org.demo</groupId><artifactId>a</artifactId><version>1.0</version></dependency></dependencies></project>\n",
    );
    let (v, code) = call(root, cache.path(), &["index"]);
    assert_eq!(code, 0, "{v}");
    let (v, code) = call(root, cache.path(), &["deps"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["total"], 0, "{v}");
    let w = warnings(&v);
    assert!(
        w.contains("not listed: 3 of the workspace's own projects")
            && w.contains("@demo/core@1.0.0")
            && w.contains("org.demo:a@1.0"),
        "{v}"
    );
    let (v, code) = call(
        root,
        cache.path(),
        &["search", "makeStore", "--scope", "all"],
    );
    assert_eq!(code, 0, "{v}");
    let ids = hit_ids(&v, "#makeStore");
    assert_eq!(ids, ["js:packages/core/index.js#makeStore"], "{v}");
    // The project's own: its package.json names only the workspace's core, not listed.
    let (v, code) = call(root, cache.path(), &["deps", "--project", "@demo/app"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["total"], 0, "{v}");
    assert!(!warnings(&v).contains("of the whole workspace"), "{v}");
    // Asked for as a library, the workspace's own project is said to be that.
    let (v, code) = call(
        root,
        cache.path(),
        &["search", "makeStore", "--scope", "lib:@demo/core"],
    );
    assert_eq!(code, 1, "{v}");
    assert_eq!(v["error"]["code"], "BAD_ARGS", "{v}");
    assert!(
        v["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("is the workspace's own project @demo/core@1.0.0")),
        "{v}"
    );
}

/// A second environment: attrs at another version (pinned), once per target directory.
fn installed_older() -> PathBuf {
    static ONE: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _one = ONE.lock().unwrap_or_else(|e| e.into_inner());
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("deps-attrs-22.2.0");
    if dir.join("installed").exists() {
        return dir;
    }
    venv_with(&dir, "attrs==22.2.0");
    std::fs::write(dir.join("installed"), "").expect("mark");
    dir
}

/// Run an installer; its failure fails the test, with what it said.
fn run_ok(c: &mut Command) {
    let out = c.output().expect("run installer");
    assert!(
        out.status.success(),
        "{c:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A virtual environment at `dir/.venv` with `pkg` installed (without its dependencies).
fn venv_with(dir: &Path, pkg: &str) {
    run_ok(
        Command::new("python3")
            .args(["-m", "venv"])
            .arg(dir.join(".venv")),
    );
    run_ok(Command::new(dir.join(".venv/bin/pip")).args(["install", "-q", "--no-deps", pkg]));
}

/// Two Python projects with environments of their own, attrs 23.2.0 in one and 22.2.0 in
/// the other: pyright is given each one's interpreter as a workspace folder of its own, so
/// a definition lands in the environment of the file's project (was the machine's, for
/// both); a project's scope keeps its own environment's version (was "2 versions").
#[test]
fn each_project_s_own_environment_answers_for_it() {
    let (newer, older) = (installed(), installed_older());
    let ws = tempfile::Builder::new()
        .prefix("codemap-envs-")
        .tempdir()
        .expect("tempdir");
    for (p, inst) in [("web", &newer), ("api", &older)] {
        write(
            ws.path(),
            &format!("{p}/pyproject.toml"),
            format!("[project]\nname = \"{p}\"\nversion = \"1.0\"\ndependencies = [\"attrs\"]\n"),
        );
        std::os::unix::fs::symlink(inst.join(".venv"), ws.path().join(p).join(".venv"))
            .expect("symlink");
        write(ws.path(), &format!("{p}/{p}/__init__.py"), "");
        write(
            ws.path(),
            &format!("{p}/{p}/models.py"),
            "import attr\n\n\n@attr.s\nclass Model:\n    name = attr.ib()\n",
        );
    }
    let cache = tempfile::tempdir().expect("cache");
    let (v, code) = call(ws.path(), cache.path(), &["index"]);
    assert_eq!(code, 0, "{v}");
    for (p, version) in [("web", "23.2.0"), ("api", "22.2.0")] {
        let at = format!("{p}/{p}/models.py:Model@attr.<|>s");
        let (v, code) = call(ws.path(), cache.path(), &["def", &at]);
        assert_eq!(code, 0, "{v}");
        assert_eq!(v["data"]["source"], "lsp", "{v}");
        let file = v["data"]["definitions"][0]["file"]
            .as_str()
            .unwrap_or_default();
        let item = &v["data"]["definitions"][0]["items"][0];
        assert!(
            file.starts_with(&format!("{p}/.venv/")),
            "{p}'s definition is not in its own environment: {v}"
        );
        assert_eq!(item["libVersion"], version, "{v}");
        // Its project's scope: its own environment's attrs, not "2 versions".
        let (v, code) = call(
            ws.path(),
            cache.path(),
            &["search", "attrib", "--scope", "lib:attrs", "--project", p],
        );
        assert_eq!(code, 0, "{v}");
        assert!(
            v["data"]["hits"][0]["nodeId"]
                .as_str()
                .is_some_and(|i| i.starts_with(&format!("lib:attrs@{version}/"))),
            "{v}"
        );
        let (v, code) = call(ws.path(), cache.path(), &["deps", "--project", p]);
        assert_eq!(code, 0, "{v}");
        let listed: Vec<String> = v["data"]["deps"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|d| {
                        format!(
                            "{}@{}",
                            d["name"].as_str().unwrap_or(""),
                            d["version"].as_str().unwrap_or("")
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        assert_eq!(listed, [format!("attrs@{version}")], "{v}");
        assert!(
            v["warnings"]
                .to_string()
                .contains("installed in other projects' folders"),
            "{v}"
        );
    }
}
