//! Python's installed dependencies: the project's virtual environment (`$VIRTUAL_ENV`,
//! `.venv/`, `venv/`), `lib/python3.*/site-packages/`, one dependency a `*.dist-info` folder:
//! name and version from `METADATA`, its top-level packages from `top_level.txt`, else from
//! the paths `RECORD` lists.

use crate::lang::spec::{Dep, DepEnv, FoundDeps};
use std::path::{Path, PathBuf};

pub(super) fn find(root: &Path, env: &DepEnv) -> FoundDeps {
    let mut out = FoundDeps::default();
    let mut seen = std::collections::HashSet::new();
    for venv in venvs(root, env) {
        out.looked
            .push(format!("{}/lib/python3.*/site-packages", venv.display()));
        for sp in site_packages(&venv) {
            let Ok(canon) = sp.canonicalize() else {
                continue;
            };
            if !seen.insert(canon) {
                continue;
            }
            out.deps.extend(dists(&sp));
        }
    }
    out.deps
        .sort_by(|a, b| a.name.cmp(&b.name).then(a.version.cmp(&b.version)));
    out.deps
        .dedup_by(|a, b| a.name == b.name && a.version == b.version);
    out
}

/// The virtual environments a workspace may use, in the order they are read: `$VIRTUAL_ENV`
/// (the activated one), then `.venv/` and `venv/` at the root.
pub(super) fn venvs(root: &Path, env: &DepEnv) -> Vec<PathBuf> {
    let mut envs: Vec<PathBuf> = vec![root.join(".venv"), root.join("venv")];
    if let Some(v) = &env.virtual_env {
        envs.insert(0, v.clone());
    }
    envs
}

pub(super) fn site_packages(venv: &Path) -> Vec<PathBuf> {
    let Ok(rd) = std::fs::read_dir(venv.join("lib")) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = rd
        .flatten()
        .filter(|e| {
            e.file_name()
                .to_str()
                .is_some_and(|n| n.starts_with("python3"))
        })
        .map(|e| e.path().join("site-packages"))
        .filter(|p| p.is_dir())
        .collect();
    out.sort();
    out
}

/// The distributions `venv` and `virtualenv` seed every environment with.
const SEEDED: &[&str] = &["pip", "setuptools", "wheel"];

fn dists(sp: &Path) -> Vec<Dep> {
    let Ok(rd) = std::fs::read_dir(sp) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for e in rd.flatten() {
        let name = e.file_name();
        let Some(name) = name.to_str() else { continue };
        if !name.ends_with(".dist-info") {
            continue;
        }
        let read = |f: &str| std::fs::read_to_string(e.path().join(f)).ok();
        let Some((dist, version)) = read("METADATA").as_deref().and_then(metadata) else {
            continue;
        };
        let only: Vec<String> =
            top_levels(read("top_level.txt").as_deref(), read("RECORD").as_deref())
                .into_iter()
                .filter_map(|t| {
                    // `top_level.txt` names a module `six` for the file `six.py`.
                    [t.clone(), format!("{t}.py")]
                        .into_iter()
                        .find(|c| sp.join(c).exists())
                })
                .collect();
        if only.is_empty() {
            continue;
        }
        // The installer's own packages, which every environment is made with: not the
        // project's code (pip vendors copies of other libraries), so `--all` leaves them.
        let tooling = SEEDED.contains(&dist.to_ascii_lowercase().as_str());
        out.push(Dep {
            only,
            tooling,
            ..Dep::at(dist, version, sp.to_path_buf())
        });
    }
    out
}

/// `Name:` and `Version:` of a dist's `METADATA` (the header, before the first blank line).
pub(crate) fn metadata(text: &str) -> Option<(String, String)> {
    let (mut name, mut version) = (None, None);
    for line in text.lines() {
        if line.trim().is_empty() {
            break;
        }
        if let Some(v) = line.strip_prefix("Name:") {
            name.get_or_insert_with(|| v.trim().to_string());
        } else if let Some(v) = line.strip_prefix("Version:") {
            version.get_or_insert_with(|| v.trim().to_string());
        }
    }
    match (name, version) {
        (Some(n), Some(v)) if !n.is_empty() && !v.is_empty() => Some((n, v)),
        _ => None,
    }
}

/// The dist's entries in `site-packages`: `top_level.txt`'s lines, else the first segment of
/// each path `RECORD` lists (a package folder or a module `six.py`), without the dist's own
/// metadata, scripts (`../../bin`), caches and `.pth` files.
pub(crate) fn top_levels(top_level: Option<&str>, record: Option<&str>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    if let Some(t) = top_level {
        for l in t.lines().map(str::trim).filter(|l| !l.is_empty()) {
            let first = l.split('/').next().unwrap_or(l);
            out.push(first.to_string());
        }
    }
    if out.is_empty() {
        for line in record.unwrap_or("").lines() {
            let path = line.split(',').next().unwrap_or("").trim_matches('"');
            let first = path.split('/').next().unwrap_or("");
            let is_module =
                !path.contains('/') && (path.ends_with(".py") || path.ends_with(".pyi"));
            if first.is_empty()
                || first.starts_with('.')
                || first.ends_with(".dist-info")
                || first.ends_with(".data")
                || first == "__pycache__"
                || (!path.contains('/') && !is_module)
            {
                continue;
            }
            out.push(first.to_string());
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The distributions a project at `dir` depends on, by name: `pyproject.toml`'s
/// `[project]` `dependencies` and `optional-dependencies` and Poetry's dependency tables
/// (when it has either table), and `requirements.txt`'s; `None` when it has neither file so.
pub(crate) fn declared(dir: &Path) -> Option<Vec<String>> {
    let mut out: Option<Vec<String>> = None;
    if let Ok(text) = std::fs::read_to_string(dir.join("pyproject.toml")) {
        let manifest = text
            .lines()
            .any(|l| matches!(l.trim(), "[project]" | "[tool.poetry]"));
        if manifest {
            out = Some(pyproject_deps(&text));
        }
    }
    if let Ok(text) = std::fs::read_to_string(dir.join("requirements.txt")) {
        out.get_or_insert_with(Vec::new).extend(
            text.lines()
                .filter_map(|l| requirement_name(l.split('#').next().unwrap_or(""))),
        );
    }
    out
}

/// A PEP 508 requirement's distribution name (`attrs>=23; python_version<"3.9"` is
/// `attrs`); none for an option line (`-e .`, `--index-url`).
fn requirement_name(req: &str) -> Option<String> {
    let req = req
        .trim()
        .trim_matches(|c| c == '"' || c == '\'' || c == ',');
    if req.starts_with('-') {
        return None;
    }
    let end = req
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-')))
        .unwrap_or(req.len());
    (end > 0).then(|| req[..end].to_string())
}

/// Whether a line of a TOML array closes it: a `]` outside quotes (`"requests[socks]"`
/// does not).
fn closes(line: &str) -> bool {
    let mut quote: Option<char> = None;
    for c in line.chars() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, ']') => return true,
            _ => {}
        }
    }
    false
}

pub(crate) fn pyproject_deps(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut table = String::new();
    // Inside a `dependencies = [ … ]` array spread over lines.
    let mut in_array = false;
    for raw in text.lines() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if in_array {
            for part in line.split(',') {
                let part = part.trim().trim_end_matches(']').trim();
                if let Some(n) = requirement_name(part) {
                    out.push(n);
                }
            }
            in_array = !closes(line);
            continue;
        }
        if let Some(h) = line.strip_prefix('[') {
            table = h.trim_end_matches(']').trim().to_string();
            continue;
        }
        let Some((k, v)) = line.split_once('=') else {
            continue;
        };
        let k = k.trim();
        let array =
            (table == "project" && k == "dependencies") || table == "project.optional-dependencies";
        let poetry = table == "tool.poetry.dependencies"
            || table.starts_with("tool.poetry.group.") && table.ends_with(".dependencies")
            || table == "tool.poetry.dev-dependencies";
        if array {
            let v = v.trim();
            let Some(items) = v.strip_prefix('[') else {
                continue;
            };
            for part in items.split(',') {
                let part = part.trim().trim_end_matches(']').trim();
                if let Some(n) = requirement_name(part) {
                    out.push(n);
                }
            }
            in_array = !closes(items);
        } else if poetry && k != "python" {
            out.push(k.trim_matches('"').to_string());
        }
    }
    out.sort();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metadata_names_and_versions() {
        let cases: &[(&str, Option<(&str, &str)>)] = &[
            (
                "Metadata-Version: 2.1\nName: attrs\nVersion: 23.2.0\nSummary: x\n\nName: body\n",
                Some(("attrs", "23.2.0")),
            ),
            (
                "Name: Flask\r\nVersion: 3.0.3\r\n",
                Some(("Flask", "3.0.3")),
            ),
            ("Name: x\n", None),
            ("\nName: x\nVersion: 1\n", None),
        ];
        for (text, want) in cases {
            let got = metadata(text);
            let want = want.map(|(n, v)| (n.to_string(), v.to_string()));
            assert_eq!(got, want, "{text:?}");
        }
    }

    #[test]
    fn top_levels_from_top_level_txt_or_record() {
        let record = "attr/__init__.py,sha256=x,1\nattr/_make.py,sha256=y,2\n\
attrs/__init__.py,,\nattrs-23.2.0.dist-info/METADATA,,\n../../bin/x,,\n\
__pycache__/six.cpython-311.pyc,,\nsix.py,,\nx.pth,,\n";
        let cases: &[(Option<&str>, Option<&str>, &[&str])] = &[
            (Some("attr\nattrs\n"), Some(record), &["attr", "attrs"]),
            (None, Some(record), &["attr", "attrs", "six.py"]),
            (Some("\n"), Some("a/b/c.py,,\n"), &["a"]),
            (Some("werkzeug/debug\n"), None, &["werkzeug"]),
            (None, None, &[]),
        ];
        for (top, rec, want) in cases {
            assert_eq!(top_levels(*top, *rec), *want, "{top:?} {rec:?}");
        }
    }

    #[test]
    fn a_project_s_declared_distributions() {
        let pep621 = r#"
[project]
name = "web"
dependencies = [
    "Flask>=3.0",
    "requests[socks] >=2, <3",
    'attrs; python_version < "3.12"',  # a marker
]
[project.optional-dependencies]
dev = ["pytest>=8", "ruff"]
[tool.ruff]
line-length = 100
"#;
        assert_eq!(
            pyproject_deps(pep621),
            ["Flask", "attrs", "pytest", "requests", "ruff"]
        );
        let one_line = "[project]\nname = \"x\"\ndependencies = [\"click\", \"rich>=13\"]\n";
        assert_eq!(pyproject_deps(one_line), ["click", "rich"]);
        let poetry = "[tool.poetry.dependencies]\npython = \"^3.10\"\nhttpx = \"^0.27\"\n[tool.poetry.group.dev.dependencies]\nmypy = \"*\"\n";
        assert_eq!(pyproject_deps(poetry), ["httpx", "mypy"]);
        assert_eq!(requirement_name("-e ."), None);
        assert_eq!(
            requirement_name("Django==5.0  "),
            Some("Django".to_string())
        );
    }
}
