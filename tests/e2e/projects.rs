//! Several projects in one workspace (issue 41): a monorepo built from published code — Go's
//! `encoding/csv` as a module of a `go.work` beside a module that imports it, npm's `semver`
//! (from `tools/node_modules`) as a member of an npm workspace beside a package that requires
//! it, the `itoa` crate's sources (from the Cargo registry) beside a crate that uses it, in no
//! Cargo workspace, and Python's `colorsys` as a pyproject package beside another that
//! imports it. The map lists the projects, a `project` argument scopes the tools, hits carry
//! their project, imports across projects are edges, a bad name is `BAD_ARGS` listing the
//! projects, and the real servers go from one project into another.

use crate::util::*;
use serde_json::Value;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// The monorepo, or `None` with the reason when a published source is missing here.
fn monorepo() -> Result<tempfile::TempDir, String> {
    let dir = tempfile::Builder::new()
        .prefix("codemap-mono-")
        .tempdir()
        .map_err(|e| e.to_string())?;
    let root = dir.path();
    // Go: encoding/csv as the module example.com/csvx, and a module importing it.
    let goroot = Command::new("go")
        .args(["env", "GOROOT"])
        .output()
        .map_err(|e| format!("go: {e}"))?;
    let goroot = String::from_utf8_lossy(&goroot.stdout).trim().to_string();
    let csv = Path::new(&goroot).join("src/encoding/csv");
    for f in ["reader.go", "writer.go"] {
        let text = std::fs::read(csv.join(f)).map_err(|e| format!("{f}: {e}"))?;
        write(root, &format!("go/csvx/{f}"), text);
    }
    write(
        root,
        "go/csvx/go.mod",
        "module example.com/csvx\n\ngo 1.22\n",
    );
    write(
        root,
        "go/app/go.mod",
        "module example.com/app\n\ngo 1.22\n\nrequire example.com/csvx v0.0.0\n",
    );
    write(
        root,
        "go/app/main.go",
        "package main\n\nimport (\n\t\"fmt\"\n\t\"strings\"\n\n\tcsv \"example.com/csvx\"\n)\n\nfunc main() {\n\tr := csv.NewReader(strings.NewReader(\"a,b\\n\"))\n\trecs, err := r.ReadAll()\n\tfmt.Println(recs, err)\n}\n",
    );
    write(
        root,
        "go.work",
        "go 1.22\n\nuse (\n\t./go/app\n\t./go/csvx\n)\n",
    );
    // npm: a workspace of semver 7 and a package requiring it by name.
    let semver = repo_root().join("tools/node_modules/semver");
    if !semver.join("package.json").is_file() {
        return Err(format!(
            "{} is not installed (scripts/test)",
            semver.display()
        ));
    }
    copy_dir(&semver, &root.join("js/semver"));
    write(
        root,
        "package.json",
        r#"{"name": "mono", "private": true, "workspaces": ["js/*"]}"#,
    );
    write(
        root,
        "js/cli/package.json",
        r#"{"name": "@mono/cli", "main": "index.js", "dependencies": {"semver": "*"}}"#,
    );
    write(
        root,
        "js/cli/index.js",
        "const semver = require('semver')\n\nfunction newest(versions) {\n  return semver.rsort(versions.filter((v) => semver.valid(v)))[0]\n}\n\nmodule.exports = { newest }\n",
    );
    // Rust: itoa's sources and a crate using them, two Cargo projects in no workspace.
    let registry = std::env::var("CARGO_HOME")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|_| Path::new(&std::env::var("HOME").unwrap_or_default()).join(".cargo"))
        .join("registry/src");
    let itoa = std::fs::read_dir(&registry)
        .map_err(|e| format!("{}: {e}", registry.display()))?
        .filter_map(|e| e.ok())
        .map(|e| e.path().join("itoa-1.0.19"))
        .find(|p| p.is_dir())
        .ok_or("itoa 1.0.19 is not in the Cargo registry")?;
    copy_dir(&itoa.join("src"), &root.join("rs/itoa/src"));
    write(
        root,
        "rs/itoa/Cargo.toml",
        "[package]\nname = \"itoa\"\nversion = \"1.0.19\"\nedition = \"2018\"\n\n[lib]\npath = \"src/lib.rs\"\n",
    );
    write(
        root,
        "rs/fmt/Cargo.toml",
        "[package]\nname = \"fmt\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\nitoa = { path = \"../itoa\" }\n",
    );
    write(
        root,
        "rs/fmt/src/lib.rs",
        "pub fn render(n: u64) -> String {\n    let mut buf = itoa::Buffer::new();\n    buf.format(n).to_string()\n}\n",
    );
    // Python: colorsys as the package `colors`, and a package importing it.
    let colorsys = Command::new("python3")
        .args(["-c", "import colorsys; print(colorsys.__file__)"])
        .output()
        .map_err(|e| format!("python3: {e}"))?;
    let colorsys = String::from_utf8_lossy(&colorsys.stdout).trim().to_string();
    let text = std::fs::read(&colorsys).map_err(|e| format!("{colorsys}: {e}"))?;
    write(root, "py/colors/colors/colorsys.py", text);
    write(root, "py/colors/colors/__init__.py", "");
    write(
        root,
        "py/colors/pyproject.toml",
        "[project]\nname = \"colors\"\nversion = \"1.0\"\n",
    );
    write(
        root,
        "py/paint/pyproject.toml",
        "[project]\nname = \"paint\"\nversion = \"0.1\"\ndependencies = [\"colors\"]\n",
    );
    write(root, "py/paint/paint/__init__.py", "");
    write(
        root,
        "py/paint/paint/mix.py",
        "from colors.colorsys import rgb_to_hsv\n\n\ndef hue(r, g, b):\n    return rgb_to_hsv(r, g, b)[0]\n",
    );
    Ok(dir)
}

fn ok(v: &(Value, i32)) -> &Value {
    assert_eq!(v.1, 0, "{}", v.0);
    assert_eq!(v.0["ok"], true, "{}", v.0);
    &v.0["data"]
}

fn hits(v: &Value) -> Vec<Value> {
    v["hits"].as_array().cloned().unwrap_or_default()
}

fn ids_under(list: &[Value], key: &str) -> Vec<String> {
    list.iter()
        .filter_map(|h| h[key].as_str().map(str::to_string))
        .collect()
}

#[test]
fn a_monorepo_of_four_ecosystems_is_mapped_by_project() {
    let dir = match monorepo() {
        Ok(d) => d,
        Err(why) => panic!("the monorepo's published sources are missing: {why}"),
    };
    let root = dir.path();
    index(root);

    // The projects, with files and symbols each.
    let status = json(root, &["status"]);
    let projects = ok(&status)["projects"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let listed: Vec<(String, String, String)> = projects
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap_or("").to_string(),
                p["root"].as_str().unwrap_or("").to_string(),
                p["kind"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    let want = [
        ("mono", "", "npm"),
        ("example.com/app", "go/app", "go"),
        ("example.com/csvx", "go/csvx", "go"),
        ("@mono/cli", "js/cli", "npm"),
        ("semver", "js/semver", "npm"),
        ("paint", "py/paint", "python"),
        ("colors", "py/colors", "python"),
        ("fmt", "rs/fmt", "cargo"),
        ("itoa", "rs/itoa", "cargo"),
    ];
    let mut want: Vec<(String, String, String)> = want
        .iter()
        .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
        .collect();
    want.sort_by(|a, b| a.1.cmp(&b.1));
    assert_eq!(listed, want, "{}", status.0);
    for p in &projects {
        let files = p["files"].as_u64().unwrap_or(0);
        let symbols = p["symbols"].as_u64().unwrap_or(0);
        eprintln!("project {}: {files} files, {symbols} symbols", p["name"]);
        if p["name"] != "mono" {
            assert!(files > 0 && symbols > 0, "{p}");
        }
    }
    let text = String::from_utf8_lossy(&run(root, &["status"]).stdout).to_string();
    assert!(text.contains("projects 9\n"), "{text}");
    assert!(
        text.contains("  example.com/csvx (go, go/csvx): "),
        "{text}"
    );

    // Hits carry their project; `project` keeps to one (its name or its root).
    let all = json(root, &["search", "NewReader", "--limit", "50"]);
    let all_hits = hits(ok(&all));
    assert!(
        all_hits.iter().any(|h| h["project"] == "example.com/csvx"),
        "{}",
        all.0
    );
    let t = Instant::now();
    let scoped = json(
        root,
        &["search", "new", "--project", "itoa", "--limit", "50"],
    );
    let with = t.elapsed();
    let t = Instant::now();
    let unscoped = json(root, &["search", "new", "--limit", "50"]);
    let without = t.elapsed();
    eprintln!("search new: {with:?} with project, {without:?} without");
    let scoped_hits = hits(ok(&scoped));
    assert!(!scoped_hits.is_empty(), "{}", scoped.0);
    for h in &scoped_hits {
        assert_eq!(h["project"], "itoa", "{h}");
        assert!(
            h["nodeId"]
                .as_str()
                .unwrap_or("")
                .starts_with("rs:rs/itoa/"),
            "{h}"
        );
    }
    let unscoped_hits = hits(ok(&unscoped));
    assert!(
        unscoped_hits
            .iter()
            .any(|h| h["project"] == "example.com/csvx"),
        "{}",
        unscoped.0
    );
    assert!(unscoped_hits.len() > scoped_hits.len(), "{}", unscoped.0);
    let by_root = json(
        root,
        &["search", "new", "--project", "rs/itoa", "--limit", "50"],
    );
    assert_eq!(
        ids_under(&hits(ok(&by_root)), "nodeId"),
        ids_under(&scoped_hits, "nodeId")
    );
    // The root project leaves out the projects nested in it: semver's `valid` is not mono's.
    let nested = json(root, &["search", "valid", "--project", "mono"]);
    assert!(hits(ok(&nested)).is_empty(), "{}", nested.0);
    let in_semver = json(root, &["search", "valid", "--project", "semver"]);
    assert!(!hits(ok(&in_semver)).is_empty(), "{}", in_semver.0);

    // Overview and unused keep to the project too.
    let ov = json(root, &["overview", "--project", "colors"]);
    let ov_text = ok(&ov).to_string();
    assert!(ov_text.contains("py/colors/"), "{ov_text}");
    for other in ["go/", "js/", "rs/itoa", "rs/fmt", "py/paint/"] {
        assert!(!ov_text.contains(other), "{other} in {ov_text}");
    }
    let unused = json(root, &["unused", "--project", "paint"]);
    let unused_text = ok(&unused).to_string();
    assert!(!unused_text.contains("py/colors/"), "{unused_text}");

    // A directory argument outside the project is refused; a node outside it is answered
    // with a warning.
    let outside = json(root, &["search", "x", "--project", "paint", "--path", "go"]);
    assert_eq!(outside.0["error"]["code"], "BAD_ARGS", "{}", outside.0);
    let warned = json(
        root,
        &["neighbors", "go:go/app/main.go#main", "--project", "paint"],
    );
    let warnings = ok(&warned);
    let _ = warnings;
    assert!(
        warned.0["warnings"]
            .as_array()
            .is_some_and(|w| w.iter().any(|w| w
                .as_str()
                .unwrap_or("")
                .contains("outside project \"paint\""))),
        "{}",
        warned.0
    );

    // An unknown project: BAD_ARGS, the projects listed nearest first.
    let bad = json(root, &["search", "x", "--project", "exmaple.com/csvx"]);
    assert_eq!(bad.1, 1, "{}", bad.0);
    assert_eq!(bad.0["error"]["code"], "BAD_ARGS", "{}", bad.0);
    let hint = bad.0["error"]["hint"].as_str().unwrap_or("");
    assert!(hint.starts_with("projects: example.com/csvx"), "{hint}");
    assert!(hint.contains("itoa"), "{hint}");
    let not_string = json(root, &["search", "x", "--project", ""]);
    assert_eq!(
        not_string.0["error"]["code"], "BAD_ARGS",
        "{}",
        not_string.0
    );

    // Imports across projects are edges into the other project.
    let conn = db(root);
    let cross = rows(
        &conn,
        "SELECT source || ' -> ' || target FROM all_edges WHERE kind IN ('calls','imports','uses') \
         AND ((source LIKE 'go:go/app/%' AND target LIKE 'go:go/csvx/%') \
           OR (source LIKE 'js:js/cli/%' AND target LIKE 'js:js/semver/%') \
           OR (source LIKE 'py:py/paint/%' AND target LIKE 'py:py/colors/%') \
           OR (source LIKE 'rs:rs/fmt/%' AND target LIKE 'rs:rs/itoa/%'))",
    );
    eprintln!("cross-project edges: {cross:#?}");
    for (from, to) in [
        (
            "go:go/app/main.go#main -> go:go/csvx/reader.go#NewReader",
            "",
        ),
        ("js:js/cli/", " -> js:js/semver/"),
        (
            "py:py/paint/paint/mix.py",
            " -> py:py/colors/colors/colorsys.py#rgb_to_hsv",
        ),
        (
            "rs:rs/fmt/src/lib.rs#render -> rs:rs/itoa/src/lib.rs#Buffer",
            "",
        ),
    ] {
        assert!(
            cross.iter().any(|e| e.starts_with(from) && e.contains(to)),
            "no edge {from}{to} in {cross:#?}"
        );
    }
    let neighbors = json(
        root,
        &["neighbors", "go:go/app/main.go#main", "--direction", "out"],
    );
    let n = ok(&neighbors).to_string();
    assert!(n.contains("\"project\":\"example.com/csvx\""), "{n}");
}

/// The real servers go from one project into another: gopls from a go.work module into the
/// other, rust-analyzer from one crate into another that is in no workspace with it.
#[test]
fn nav_crosses_projects_through_the_real_servers() {
    let dir = match monorepo() {
        Ok(d) => d,
        Err(why) => panic!("the monorepo's published sources are missing: {why}"),
    };
    let root = dir.path();
    index(root);
    let go = json(
        root,
        &[
            "def",
            "go/app/main.go:main@csv.<|>NewReader",
            "--project",
            "example.com/app",
        ],
    );
    let d = ok(&go);
    eprintln!("gopls: {d}");
    assert_eq!(d["source"], "lsp", "{}", go.0);
    assert!(d.to_string().contains("go/csvx/reader.go"), "{}", go.0);
    // References scoped to a project say how many of the server's they left out (the use
    // in the other module), so the short list is not read as every use.
    let scoped = json(
        root,
        &[
            "refs",
            "go:go/csvx/reader.go#NewReader",
            "--project",
            "example.com/csvx",
        ],
    );
    let d = ok(&scoped);
    assert_eq!(d["source"], "lsp", "{}", scoped.0);
    assert!(!d.to_string().contains("go/app/"), "{}", scoped.0);
    let w = scoped.0["warnings"].to_string();
    assert!(
        w.contains("left out: 1 of the server's")
            && w.contains("project \\\"example.com/csvx\\\"'s root"),
        "{w}"
    );
    let all = json(root, &["refs", "go:go/csvx/reader.go#NewReader"]);
    assert!(ok(&all).to_string().contains("go/app/main.go"), "{}", all.0);
    assert!(
        !all.0["warnings"].to_string().contains("left out"),
        "{}",
        all.0
    );
    // rust-analyzer loads two Cargo projects and the sysroot first: on a busy machine its
    // first answer may pass the request timeout (then the map answers); the engine keeps it
    // loading, so it is asked again.
    let ask = ["def", "rs/fmt/src/lib.rs:render@itoa::<|>Buffer::new"];
    let mut rs = json(root, &ask);
    for _ in 0..4 {
        if rs.0["data"]["source"] == "lsp" {
            break;
        }
        eprintln!("rust-analyzer not yet: {}", rs.0["warnings"]);
        std::thread::sleep(std::time::Duration::from_secs(10));
        rs = json(root, &ask);
    }
    let d = ok(&rs);
    eprintln!("rust-analyzer: {d}");
    assert!(d.to_string().contains("rs/itoa/src/lib.rs"), "{}", rs.0);
    assert_eq!(d["source"], "lsp", "{}", rs.0);
    // pyright at the root: one pyproject's import of another resolves through the project
    // directories given as its extraPaths (without them, the import is unresolved).
    let py = json(
        root,
        &["def", "py/paint/paint/mix.py:hue@return <|>rgb_to_hsv"],
    );
    let d = ok(&py);
    eprintln!("pyright: {d}");
    assert_eq!(d["source"], "lsp", "{}", py.0);
    assert!(
        d.to_string().contains("py/colors/colors/colorsys.py"),
        "{}",
        py.0
    );
}

/// rxjs 7.8.2 (`tools/corpora`) as a package of an npm workspace, beside a package that
/// imports it by its name: tsc reads `rxjs` there through its `exports`' built declarations
/// (`dist/types`), so tsserver's references from either side stop at the package's edge.
/// codemap asks across: the same list of uses from rxjs's source and from the importer's
/// use, with and without the declarations' maps, said in the warnings.
fn rxjs_workspace() -> tempfile::TempDir {
    let rxjs = crate::corpora::npm_root("rxjs-7.8.2");
    let dir = tempfile::Builder::new()
        .prefix("codemap-rxmono-")
        .tempdir()
        .expect("tempdir");
    let root = dir.path();
    for part in ["src", "dist/types"] {
        copy_dir(&rxjs.join(part), &root.join("packages/rxjs").join(part));
    }
    for f in ["package.json", "tsconfig.json"] {
        std::fs::copy(rxjs.join(f), root.join("packages/rxjs").join(f)).expect("copy");
    }
    write(
        root,
        "package.json",
        r#"{"name": "mono", "private": true, "workspaces": ["packages/*"]}"#,
    );
    write(
        root,
        "packages/app/package.json",
        r#"{"name": "@mono/app", "version": "0.1.0", "dependencies": {"rxjs": "*"}}"#,
    );
    write(
        root,
        "packages/app/tsconfig.json",
        r#"{"compilerOptions": {"strict": true, "target": "ES2020", "module": "ESNext", "moduleResolution": "Bundler", "noEmit": true}, "include": ["src"]}"#,
    );
    write(
        root,
        "packages/app/src/main.ts",
        "import { Observable, map } from 'rxjs';\n\n/** The numbers below `n`, one by one. */\nexport function ticks(n: number): Observable<number> {\n  return new Observable<number>((sub) => {\n    for (let i = 0; i < n; i++) sub.next(i);\n    sub.complete();\n  });\n}\n\nexport const doubled: Observable<number> = ticks(3).pipe(map((x) => x * 2));\n",
    );
    // What npm install links for a workspace's member.
    std::fs::create_dir_all(root.join("node_modules")).expect("mkdir");
    std::os::unix::fs::symlink("../packages/rxjs", root.join("node_modules/rxjs")).expect("link");
    dir
}

/// `file:line:col` of every reference, sorted, and the answer's warnings: in plain text,
/// which lists them all (the JSON answer is budgeted).
fn ref_places(root: &Path, args: &[&str]) -> (Vec<String>, String) {
    let mut all = vec!["refs"];
    all.extend_from_slice(args);
    let out = run(root, &all);
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{text}");
    assert!(text.contains("references, source lsp"), "{text}");
    let mut places: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with("warning:") && !l.starts_with('('))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|p| p.starts_with("packages/"))
        .map(str::to_string)
        .collect();
    places.sort();
    let warnings: Vec<&str> = text.lines().filter(|l| l.starts_with("warning:")).collect();
    (places, warnings.join("\n"))
}

#[test]
fn references_cross_npm_packages_read_through_built_declarations() {
    let dir = rxjs_workspace();
    let root = dir.path();
    index(root);
    let def = "ts:packages/rxjs/src/internal/Observable.ts#Observable";
    let at_use = "packages/app/src/main.ts:ticks@return new <|>Observable";
    let app = |v: &[String]| v.iter().filter(|p| p.starts_with("packages/app/")).count();
    let ours = |v: &[String]| {
        v.iter()
            .filter(|p| p.starts_with("packages/rxjs/src/"))
            .count()
    };
    for maps in [true, false] {
        if !maps {
            // Built declarations without their maps: tsserver's definition from the app is
            // then the `.d.ts` itself, which the map matches to its source by path.
            for e in walk(&root.join("packages/rxjs/dist")) {
                if e.to_string_lossy().ends_with(".d.ts.map") {
                    std::fs::remove_file(e).expect("rm");
                }
            }
            let _ = run(root, &["engine", "stop"]);
        }
        let (from_def, w1) = ref_places(root, &[def]);
        let (from_use, w2) = ref_places(root, &[at_use]);
        eprintln!(
            "maps {maps}: from the definition {} ({} in the app), from the use {}",
            from_def.len(),
            app(&from_def),
            from_use.len()
        );
        // The app's four lines (the import, the return type, `new`, the const's type).
        assert_eq!(app(&from_def), 4, "{from_def:?}\n{w1}");
        assert!(
            w1.contains("packages/app's uses of Observable (it imports rxjs)"),
            "{w1}"
        );
        assert!(ours(&from_def) > 300, "{}", from_def.len());
        // No place in the package's built declarations, the same list from either side.
        assert!(
            !from_use.iter().any(|p| p.contains("/dist/")),
            "{from_use:?}"
        );
        assert_eq!(from_use, from_def, "{w2}");
        assert!(
            w2.contains("found from the definition at packages/rxjs/src/internal/Observable.ts"),
            "{w2}"
        );
        if !maps {
            assert!(
                w1.contains(
                    "built declarations (packages/rxjs/dist/types/internal/Observable.d.ts"
                ),
                "{w1}"
            );
            assert!(
                w2.contains("its source is packages/rxjs/src/internal/Observable.ts"),
                "{w2}"
            );
        }
        // The definition from the app: the source first (without the maps, by the map).
        let d = run(root, &["def", at_use]);
        let text = String::from_utf8_lossy(&d.stdout).to_string();
        assert!(
            text.lines()
                .next()
                .is_some_and(|l| l.starts_with("packages/rxjs/src/internal/Observable.ts:15:")),
            "{text}"
        );
        // A rename from either side edits the app and rxjs's source, not its declarations.
        for from in [def, at_use] {
            let r = run(root, &["rename", from, "--to", "Obs"]);
            let text = String::from_utf8_lossy(&r.stdout).to_string();
            assert!(text.contains("+++ b/packages/app/src/main.ts"), "{text}");
            assert!(!text.contains("+++ b/packages/rxjs/dist/"), "{text}");
            assert!(
                text.contains("+++ b/packages/rxjs/src/internal/Observable.ts"),
                "{text}"
            );
        }
        // A caller in the app of a member whose receiver the map cannot type (`sub.next(i)`):
        // found across packages, placed in the app's `ticks`.
        let c = run(
            root,
            &[
                "calls",
                "ts:packages/rxjs/src/internal/Subscriber.ts#Subscriber.next",
            ],
        );
        let text = String::from_utf8_lossy(&c.stdout).to_string();
        assert!(
            text.lines()
                .any(|l| l.starts_with("packages/app/src/main.ts:4:") && l.contains("ticks")),
            "{text}"
        );
        // A member: `pipe`'s use in the app, found from its definition.
        let (pipe, w3) = ref_places(
            root,
            &[
                "ts:packages/rxjs/src/internal/Observable.ts#Observable.pipe",
                "--file-filter",
                "packages/app",
            ],
        );
        assert_eq!(
            pipe,
            vec!["packages/app/src/main.ts:11:53".to_string()],
            "{w3}"
        );
    }
}

/// Every file below `dir`.
fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

/// tRPC's server and client (11.4.3, as published) as the packages of one npm workspace with
/// no tsconfig.json: the client imports the server by subpath `exports`
/// (`@trpc/server/observable`), which the package also answers with stub folders of
/// declarations, and tsserver reads the server through a bundled declaration map naming
/// several sources, mapping a place onto the right line of the wrong file.
fn trpc_workspace() -> tempfile::TempDir {
    scoped_workspace(
        "trpc",
        &[
            ("trpc-server-11.4.3", "server"),
            ("trpc-client-11.4.3", "client"),
        ],
    )
}

/// Published packages of one npm scope (`@trpc/server` from `tools/corpora/trpc-server-…`)
/// as the packages of an npm workspace without a tsconfig.json, linked into `node_modules`
/// as npm install links them.
fn scoped_workspace(scope: &str, packages: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::Builder::new()
        .prefix(&format!("codemap-{scope}-"))
        .tempdir()
        .expect("tempdir");
    let root = dir.path();
    for (corpus, pkg) in packages {
        copy_dir(
            &crate::corpora::npm_root(corpus),
            &root.join("packages").join(pkg),
        );
    }
    write(
        root,
        "package.json",
        r#"{"private": true, "workspaces": ["packages/*"]}"#,
    );
    let scoped = root.join("node_modules").join(format!("@{scope}"));
    std::fs::create_dir_all(&scoped).expect("mkdir");
    for (_, pkg) in packages {
        std::os::unix::fs::symlink(format!("../../packages/{pkg}"), scoped.join(pkg))
            .expect("link");
    }
    dir
}

/// tiptap's core and link extension (3.35.0, as published: tests in `src`, no tsconfig.json):
/// `Mark`'s references from its definition hold every test file's uses (tsserver reads each
/// file alone: each importing file asked), and no place mapped back through the link
/// extension's declaration map at a column that holds no `Mark` (nor twice, through
/// `node_modules`).
#[test]
fn references_without_a_tsconfig_ask_each_importer_and_hold_the_name() {
    let dir = scoped_workspace(
        "tiptap",
        &[
            ("tiptap-core-3.35.0", "core"),
            ("tiptap-extension-link-3.35.0", "extension-link"),
        ],
    );
    let root = dir.path();
    index(root);
    let (refs, w) = ref_places(root, &["ts:packages/core/src/Mark.ts#Mark"]);
    let tests = refs.iter().filter(|p| p.contains(".test.ts:")).count();
    // grep: 19 lines of the test files write `Mark` as a word outside comments and strings.
    eprintln!("Mark: {} references, {tests} in tests", refs.len());
    assert!(tests >= 19, "{refs:#?}\n{w}");
    assert!(w.contains("files importing Mark one by one"), "{w}");
    for p in &refs {
        let mut parts = p.rsplitn(3, ':');
        let (col, line, file) = (parts.next(), parts.next(), parts.next());
        let (Some(col), Some(line), Some(file)) = (col, line, file) else {
            panic!("{p}");
        };
        let (line, col): (usize, usize) = (line.parse().expect("line"), col.parse().expect("col"));
        let text = std::fs::read_to_string(root.join(file)).expect("a listed file");
        let at: String = text
            .lines()
            .nth(line - 1)
            .unwrap_or_default()
            .chars()
            .skip(col - 1)
            .take(4)
            .collect();
        assert_eq!(at, "Mark", "{p}\n{w}");
        assert!(!file.contains("node_modules"), "{p}");
    }
    // A rename edits the tests too (tsserver's own rename, from core alone, had none).
    let out = run(
        root,
        &[
            "rename",
            "ts:packages/core/src/Mark.ts#Mark",
            "--to",
            "TiptapMark",
        ],
    );
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        text.contains("+++ b/packages/core/src/Extendable.test.ts"),
        "{text}"
    );
    assert!(!text.contains("+++ b/node_modules/"), "{text}");
    // Callers two levels up: the link extension's `markdownLinkPasteRule` calls core's
    // `markPasteRule`, which calls `getMarksBetween` (tsserver's tree, from core alone, has
    // neither the link extension's callers nor their callers).
    let out = run(
        root,
        &[
            "calls",
            "ts:packages/core/src/helpers/getMarksBetween.ts#getMarksBetween",
            "--direction",
            "incoming",
            "--depth",
            "2",
        ],
    );
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        text.lines().any(|l| l
            .trim_start()
            .starts_with("packages/extension-link/src/helpers/markdownLink.ts:171:17")
            && l.starts_with("  ")),
        "{text}"
    );
}

#[test]
fn a_bundled_declaration_map_s_wrong_file_is_caught_and_subpath_imports_are_edges() {
    let dir = trpc_workspace();
    let root = dir.path();
    index(root);
    let def = "ts:packages/server/src/observable/observable.ts#observable";
    let at_use = "packages/client/src/links/splitLink.ts:24@return <|>observable";
    // The map: the client's calls through `@trpc/server/observable` reach the source (the
    // stub folder `observable/index.d.ts` re-exporting the build was the import's file).
    let c = run(root, &["calls", def, "--no-lsp"]);
    let text = String::from_utf8_lossy(&c.stdout).to_string();
    let client_callers = text
        .lines()
        .filter(|l| l.starts_with("packages/client/src/"))
        .count();
    // 13 calls in 12 functions (dedupeLink calls it twice).
    assert_eq!(client_callers, 12, "{text}");
    // tsserver's definition from the client lands on line 21 of types.ts (the bundled map's
    // wrong source, inside `OperatorFunction`): left out, said, the map's given.
    let d = run(root, &["def", at_use]);
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&d.stdout),
        String::from_utf8_lossy(&d.stderr)
    );
    assert!(
        text.lines()
            .next()
            .is_some_and(|l| l.starts_with("packages/server/src/observable/observable.ts:21:")),
        "{text}"
    );
    assert!(text.contains("the place is wrong"), "{text}");
    // Every name the client imports from the server: its definition is a line that writes
    // it, or the name it aliases (`type AnyRouter as AnyTRPCRouter`, re-exported: tsserver's
    // place, `TypeError`'s line, is left out for the map's `AnyRouter`).
    let index_ts = std::fs::read_to_string(root.join("packages/server/src/@trpc/server/index.ts"))
        .expect("index.ts");
    let aliased = |name: &str| {
        index_ts.lines().find_map(|l| {
            let (from, to) = l.trim().trim_start_matches("type ").split_once(" as ")?;
            (to.trim_end_matches(',') == name).then(|| from.to_string())
        })
    };
    let mut asked = 0;
    let mut wrong = Vec::new();
    for f in walk(&root.join("packages/client/src")) {
        let rel = f
            .strip_prefix(root)
            .expect("inside")
            .to_string_lossy()
            .to_string();
        let Ok(src) = std::fs::read_to_string(&f) else {
            continue;
        };
        for (i, line) in src.lines().enumerate() {
            let Some(names) = line
                .strip_prefix("import { ")
                .or_else(|| line.strip_prefix("import type { "))
                .filter(|l| l.contains("} from '@trpc/server"))
                .and_then(|l| l.split('}').next())
            else {
                continue;
            };
            for name in names.split(',').map(str::trim).filter(|n| !n.is_empty()) {
                let name = name.trim_start_matches("type ");
                if name.contains(' ') {
                    continue;
                }
                let locate = format!("{rel}:{}@<|>{name} ", i + 1);
                let locate = if line.contains(&format!("{name},")) {
                    format!("{rel}:{}@<|>{name},", i + 1)
                } else {
                    locate
                };
                let d = run(root, &["def", &locate, "--json"]);
                let v: Value = serde_json::from_slice(&d.stdout).expect("json");
                asked += 1;
                let first = v["data"]["definitions"][0].clone();
                let (file, at) = (
                    first["file"].as_str().unwrap_or_default().to_string(),
                    first["items"][0]["at"]
                        .as_str()
                        .unwrap_or_default()
                        .to_string(),
                );
                let n: usize = at
                    .split(':')
                    .next()
                    .and_then(|n| n.parse().ok())
                    .unwrap_or(0);
                let holds = std::fs::read_to_string(root.join(&file))
                    .ok()
                    .and_then(|t| t.lines().nth(n.saturating_sub(1)).map(str::to_string))
                    .is_some_and(|l| {
                        l.contains(name) || aliased(name).is_some_and(|a| l.contains(a.as_str()))
                    });
                if !holds {
                    wrong.push(format!("{locate} -> {file}:{at}"));
                }
            }
        }
    }
    eprintln!(
        "definitions of the client's imports: {asked} asked, {} wrong",
        wrong.len()
    );
    assert!(asked >= 40, "{asked}");
    assert!(wrong.is_empty(), "{wrong:#?}");
    assert!(aliased("AnyTRPCRouter").is_some_and(|a| a == "AnyRouter"));
    // References, from the definition and from a use: the client's 25 places (12 imports,
    // 13 calls) either way, though tsserver reads each client file alone (no tsconfig).
    let client = |v: &[String]| {
        v.iter()
            .filter(|p| p.starts_with("packages/client/"))
            .count()
    };
    let (from_def, w1) = ref_places(root, &[def]);
    let (from_use, w2) = ref_places(root, &[at_use]);
    eprintln!(
        "observable: from the definition {} ({} in the client), from a use {}",
        from_def.len(),
        client(&from_def),
        from_use.len()
    );
    assert_eq!(client(&from_def), 25, "{from_def:#?}\n{w1}");
    assert!(w1.contains("the server reads each file alone"), "{w1}");
    assert_eq!(from_use, from_def, "{w2}");
    assert!(w2.contains("is used instead"), "{w2}");
}
