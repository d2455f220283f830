//! JavaScript's and TypeScript's installed dependencies: `node_modules/<name>/package.json`
//! and `node_modules/@scope/<name>/package.json` at the workspace root (name and version).

use crate::lang::spec::{Dep, DepEnv, FoundDeps};
use std::path::Path;

pub(crate) fn find(root: &Path, _env: &DepEnv) -> FoundDeps {
    let nm = root.join("node_modules");
    let mut out = FoundDeps {
        deps: Vec::new(),
        looked: vec![format!("{}/*/package.json", nm.display())],
        unread: Vec::new(),
    };
    let Ok(rd) = std::fs::read_dir(&nm) else {
        return out;
    };
    let mut dirs = Vec::new();
    for e in rd.flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        if name.starts_with('.') {
            continue;
        }
        if name.starts_with('@') {
            if let Ok(inner) = std::fs::read_dir(e.path()) {
                dirs.extend(inner.flatten().map(|i| i.path()));
            }
        } else {
            dirs.push(e.path());
        }
    }
    for dir in dirs {
        let Ok(text) = std::fs::read_to_string(dir.join("package.json")) else {
            continue;
        };
        if let Some((name, version)) = package_json(&text) {
            out.deps.push(Dep {
                name,
                version,
                dir,
                only: Vec::new(),
                archive: None,
                missing: None,
            });
        }
    }
    out.deps.sort_by(|a, b| a.name.cmp(&b.name));
    out
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
