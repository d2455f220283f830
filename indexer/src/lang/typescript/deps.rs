//! JavaScript's and TypeScript's installed dependencies: `node_modules/<name>/package.json`
//! and `node_modules/@scope/<name>/package.json` at the workspace root (name and version),
//! and the other versions npm nests inside a package that needs them
//! (`node_modules/a/node_modules/b`).

use crate::lang::spec::{Dep, DepEnv, FoundDeps};
use std::path::{Path, PathBuf};

/// How deep nested `node_modules` are followed (npm nests a version only where it
/// conflicts; a link cycle ends here).
const NESTED: usize = 4;

pub(crate) fn find(root: &Path, _env: &DepEnv) -> FoundDeps {
    let nm = root.join("node_modules");
    let mut out = FoundDeps {
        looked: vec![format!("{}/*/package.json", nm.display())],
        ..FoundDeps::default()
    };
    let mut dirs = Vec::new();
    packages(&nm, 0, &mut dirs);
    for dir in dirs {
        let Ok(text) = std::fs::read_to_string(dir.join("package.json")) else {
            continue;
        };
        if let Some((name, version)) = package_json(&text) {
            out.deps.push(Dep::at(name, version, dir));
        }
    }
    // One entry a version: the first found (the shallowest) stands for copies nested deeper.
    out.deps
        .sort_by(|a, b| a.name.cmp(&b.name).then(a.version.cmp(&b.version)));
    out.deps
        .dedup_by(|a, b| a.name == b.name && a.version == b.version);
    out
}

/// The package folders of the `node_modules` folder `nm` (`@scope/name` included), then
/// those nested in each, breadth first.
fn packages(nm: &Path, depth: usize, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(nm) else {
        return;
    };
    let mut here = Vec::new();
    let mut entries: Vec<_> = rd.flatten().collect();
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        let name = e.file_name().to_string_lossy().to_string();
        if name.starts_with('.') {
            continue;
        }
        if name.starts_with('@') {
            if let Ok(inner) = std::fs::read_dir(e.path()) {
                let mut inner: Vec<PathBuf> = inner.flatten().map(|i| i.path()).collect();
                inner.sort();
                here.extend(inner);
            }
        } else {
            here.push(e.path());
        }
    }
    out.extend(here.iter().cloned());
    if depth < NESTED {
        for dir in here {
            packages(&dir.join("node_modules"), depth + 1, out);
        }
    }
}

/// A `package.json`'s `name` and `version`.
pub(crate) fn package_json(text: &str) -> Option<(String, String)> {
    let v: serde_json::Value = serde_json::from_str(text).ok()?;
    let name = v.get("name")?.as_str()?.trim();
    let version = v.get("version")?.as_str()?.trim();
    if name.is_empty() || version.is_empty() || name.contains("..") || version.contains('/') {
        return None;
    }
    Some((name.to_string(), version.to_string()))
}

/// The packages `package.json` at `dir` depends on: its `dependencies`, `devDependencies`,
/// `peerDependencies` and `optionalDependencies`.
pub(crate) fn declared(dir: &Path) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(dir.join("package.json")).ok()?;
    Some(package_json_deps(&text))
}

pub(crate) fn package_json_deps(text: &str) -> Vec<String> {
    let Ok(v) = serde_json::from_str::<serde_json::Value>(text) else {
        return Vec::new();
    };
    let mut out: Vec<String> = [
        "dependencies",
        "devDependencies",
        "peerDependencies",
        "optionalDependencies",
    ]
    .iter()
    .filter_map(|k| v[*k].as_object())
    .flat_map(|o| o.keys().cloned())
    .collect();
    out.sort();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_versions_are_listed_once_each() {
        let t = tempfile::tempdir().expect("tmp");
        let pkg = |rel: &str, name: &str, version: &str| {
            let d = t.path().join(rel);
            std::fs::create_dir_all(&d).expect("mkdir");
            std::fs::write(
                d.join("package.json"),
                format!(r#"{{"name":"{name}","version":"{version}"}}"#),
            )
            .expect("write");
        };
        pkg("node_modules/a", "a", "1.0.0");
        pkg("node_modules/b", "b", "2.0.0");
        pkg("node_modules/@s/c", "@s/c", "3.0.0");
        // npm nests the version `a` needs; `b` 2.0.0 nested again is the same one.
        pkg("node_modules/a/node_modules/b", "b", "1.5.0");
        pkg("node_modules/@s/c/node_modules/b", "b", "2.0.0");
        pkg("node_modules/.cache/x", "x", "0.0.1");
        let got: Vec<(String, String, String)> = find(t.path(), &DepEnv::default())
            .deps
            .into_iter()
            .map(|d| {
                let dir = d
                    .dir
                    .strip_prefix(t.path())
                    .map(|p| p.display().to_string());
                (d.name, d.version, dir.unwrap_or_default())
            })
            .collect();
        let want = [
            ("@s/c", "3.0.0", "node_modules/@s/c"),
            ("a", "1.0.0", "node_modules/a"),
            ("b", "1.5.0", "node_modules/a/node_modules/b"),
            ("b", "2.0.0", "node_modules/b"),
        ];
        let want: Vec<(String, String, String)> = want
            .iter()
            .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
            .collect();
        assert_eq!(got, want);
    }

    #[test]
    fn package_json_names_and_versions() {
        let cases: &[(&str, Option<(&str, &str)>)] = &[
            (
                r#"{"name":"ky","version":"1.7.2","main":"x"}"#,
                Some(("ky", "1.7.2")),
            ),
            (
                r#"{"name":"@types/node","version":"22.0.0"}"#,
                Some(("@types/node", "22.0.0")),
            ),
            (r#"{"name":"x"}"#, None),
            (r#"{"name":"../x","version":"1"}"#, None),
            ("not json", None),
        ];
        for (text, want) in cases {
            let want = want.map(|(n, v)| (n.to_string(), v.to_string()));
            assert_eq!(package_json(text), want, "{text}");
        }
    }

    #[test]
    fn a_package_json_s_dependencies_of_every_kind() {
        let text = r#"{"name":"a","dependencies":{"zod":"^3"},"devDependencies":{"@types/node":"20","zod":"^3"},"peerDependencies":{"react":"*"},"scripts":{"b":"tsc"}}"#;
        assert_eq!(package_json_deps(text), ["@types/node", "react", "zod"]);
        assert!(package_json_deps("not json").is_empty());
    }
}
