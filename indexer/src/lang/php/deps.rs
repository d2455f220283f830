//! PHP's installed dependencies: Composer's `vendor/composer/installed.json` at the workspace
//! root. Composer 2 writes `{"packages": [...]}`, each package with its `name`, `version` and
//! `install-path` (relative to `vendor/composer/`); Composer 1 wrote the list alone, with no
//! path (the package is in `vendor/<name>`).

use crate::lang::spec::{Dep, DepEnv, FoundDeps};
use std::path::Path;

pub(crate) fn find(root: &Path, _env: &DepEnv) -> FoundDeps {
    let composer = root.join("vendor/composer");
    let file = composer.join("installed.json");
    let mut out = FoundDeps {
        looked: vec![file.display().to_string()],
        ..FoundDeps::default()
    };
    let Ok(text) = std::fs::read_to_string(&file) else {
        return out;
    };
    let vendor = root.join("vendor").canonicalize().ok();
    for p in installed(&text) {
        let dir = match &p.path {
            Some(rel) => lexical_join(&composer, rel),
            None => root.join("vendor").join(&p.name),
        };
        // A path that leads out of vendor/ (a `path` repository's symlink target) is the
        // workspace's own code or another's: not a library of this one.
        let inside = dir
            .canonicalize()
            .ok()
            .zip(vendor.as_ref())
            .is_some_and(|(d, v)| d.starts_with(v));
        if inside {
            out.deps.push(Dep::at(p.name, p.version, dir));
        }
    }
    out.deps.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

/// `base` joined with `rel`, its `..` and `.` folded (`vendor/composer/../symfony/console` is
/// `vendor/symfony/console`), without reading the file system.
fn lexical_join(base: &Path, rel: &str) -> std::path::PathBuf {
    let mut out = base.to_path_buf();
    for part in rel.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                out.pop();
            }
            p => out.push(p),
        }
    }
    out
}

/// One package of `installed.json`.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Installed {
    pub name: String,
    pub version: String,
    /// `install-path`, relative to `vendor/composer/`.
    pub path: Option<String>,
}

/// The packages of an `installed.json` of either format; a package without a usable name or
/// version is left out.
pub(crate) fn installed(text: &str) -> Vec<Installed> {
    let Ok(v) = serde_json::from_str::<serde_json::Value>(text) else {
        return Vec::new();
    };
    let list = v.get("packages").unwrap_or(&v);
    let Some(list) = list.as_array() else {
        return Vec::new();
    };
    list.iter()
        .filter_map(|p| {
            let name = p.get("name")?.as_str()?.trim();
            let version = p.get("version")?.as_str()?.trim();
            let ok = |s: &str| !s.is_empty() && !s.contains("..") && !s.starts_with('/');
            (ok(name) && ok(version) && !version.contains('/')).then(|| Installed {
                name: name.to_string(),
                version: version.to_string(),
                path: p
                    .get("install-path")
                    .and_then(|s| s.as_str())
                    .map(str::to_string),
            })
        })
        .collect()
}

/// The packages `composer.json` at `dir` requires (`require`, `require-dev`), without the
/// platform's (`php`, `ext-json`).
pub(crate) fn declared(dir: &Path) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(dir.join("composer.json")).ok()?;
    let v: serde_json::Value = serde_json::from_str(&text).ok()?;
    let mut out: Vec<String> = ["require", "require-dev"]
        .iter()
        .filter_map(|k| v[*k].as_object())
        .flat_map(|o| o.keys().cloned())
        .filter(|n| n.contains('/'))
        .collect();
    out.sort();
    out.dedup();
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn installed_json_of_composer_1_and_2() {
        let two = r#"{"packages": [
            {"name": "symfony/console", "version": "v5.4.53", "install-path": "../symfony/console"},
            {"name": "psr/log", "version": "3.0.0"},
            {"name": "../evil", "version": "1"},
            {"name": "x/y", "version": "1/2"},
            {"name": "a/b"}
        ], "dev": true}"#;
        let one = r#"[{"name": "psr/log", "version": "1.1.4"}]"#;
        let p = |n: &str, v: &str, path: Option<&str>| Installed {
            name: n.into(),
            version: v.into(),
            path: path.map(str::to_string),
        };
        assert_eq!(
            installed(two),
            [
                p("symfony/console", "v5.4.53", Some("../symfony/console")),
                p("psr/log", "3.0.0", None)
            ]
        );
        assert_eq!(installed(one), [p("psr/log", "1.1.4", None)]);
        assert_eq!(installed("not json"), []);
        assert_eq!(installed(r#"{"packages": 3}"#), []);
        assert_eq!(
            lexical_join(Path::new("/w/vendor/composer"), "../symfony/./console"),
            Path::new("/w/vendor/symfony/console")
        );
    }

    #[test]
    fn composer_json_requires_without_the_platform() {
        let dir = tempfile::tempdir().expect("dir");
        std::fs::write(
            dir.path().join("composer.json"),
            r#"{"require":{"php":">=8.1","ext-json":"*","symfony/console":"^7"},"require-dev":{"phpunit/phpunit":"^10"}}"#,
        )
        .expect("write");
        assert_eq!(
            declared(dir.path()),
            Some(vec![
                "phpunit/phpunit".to_string(),
                "symfony/console".to_string()
            ])
        );
        assert_eq!(declared(&dir.path().join("none")), None);
    }
}
