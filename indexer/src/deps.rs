//! A workspace's installed dependencies, found by each language's [`DepsSpec`]
//! (`lang/<name>/deps.rs`: Python's virtual environment, `node_modules`, the Go module cache,
//! the cargo registry). The environment is read once here ([`env`]); the languages' parsers are
//! pure and table-tested in their folders.

use crate::lang::{Dep, DepEnv, FoundDeps, Lang};
use std::path::Path;

/// One language's dependencies (and where it looked).
#[derive(Debug, Clone)]
pub struct LangDeps {
    pub lang: Lang,
    pub ecosystem: &'static str,
    pub found: FoundDeps,
}

/// The environment dependency discovery reads: `$HOME`, `$VIRTUAL_ENV`, `$GOMODCACHE` (else
/// `$GOPATH/pkg/mod`), `$CARGO_HOME` (else `~/.cargo`).
pub fn env() -> DepEnv {
    DepEnv::from_process()
}

/// Every language's dependencies of the workspace at `root`, in the registry's order.
pub fn find(root: &Path, env: &DepEnv) -> Vec<LangDeps> {
    Lang::ALL
        .iter()
        .filter_map(|&lang| {
            let spec = lang.spec().deps.as_ref()?;
            Some(LangDeps {
                lang,
                ecosystem: spec.ecosystem,
                found: (spec.find)(root, env),
            })
        })
        .collect()
}

/// The most project roots below the workspace's looked in by [`find_with_projects`].
pub const MAX_PROJECT_ROOTS: usize = 64;

/// [`find`] at the workspace's root, then at the root of each of its projects below it
/// (`(dir, kind)`: a `go.work`'s modules, a sub-project's own `.venv`) by the languages whose
/// projects are of that kind (`go` for a `go.mod`): each dependency once (by name, version and
/// folder), a project root's places looked in said where it found some. At most
/// [`MAX_PROJECT_ROOTS`] project roots (the rest said in `not_looked`).
pub fn find_with_projects(
    root: &Path,
    projects: &[(std::path::PathBuf, String)],
    env: &DepEnv,
) -> Vec<LangDeps> {
    let mut all = find(root, env);
    let below: Vec<&(std::path::PathBuf, String)> =
        projects.iter().filter(|(d, _)| d != root).collect();
    for (dir, kind) in below.iter().take(MAX_PROJECT_ROOTS) {
        for l in all.iter_mut() {
            let Some(spec) = l.lang.spec().deps.as_ref() else {
                continue;
            };
            if !l.lang.spec().projects.iter().any(|p| p.kind == kind) {
                continue;
            }
            let more = (spec.find)(dir, env);
            if more.deps.is_empty() {
                continue;
            }
            for d in more.deps {
                let known = l
                    .found
                    .deps
                    .iter()
                    .any(|x| x.name == d.name && x.version == d.version && x.dir == d.dir);
                if !known {
                    l.found.deps.push(d);
                }
            }
            for s in more.looked {
                if !l.found.looked.contains(&s) {
                    l.found.looked.push(s);
                }
            }
            for s in more.unread {
                if !l.found.unread.contains(&s) {
                    l.found.unread.push(s);
                }
            }
        }
    }
    if below.len() > MAX_PROJECT_ROOTS {
        if let Some(l) = all.first_mut() {
            l.found.not_looked.push(format!(
                "{} projects' roots past the first {MAX_PROJECT_ROOTS} below the workspace's (their own dependency folders)",
                below.len() - MAX_PROJECT_ROOTS
            ));
        }
    }
    all
}

/// The dependency of this name (and version, when given) among those found: spelled as
/// found, else the one whose name is the same but for case and `-`/`_`/`.` (PyPI's rule:
/// `werkzeug` is `Werkzeug`, `typing_extensions` is `typing-extensions`). `Err` with the
/// `NAME@VERSION` choices when the name fits several (`syn` 1.x and 2.x in one Cargo.lock).
/// A Maven `group:artifact` is named by its artifact alone too (`guava`), when that is unique.
#[allow(clippy::type_complexity)]
pub fn named<'a>(
    all: &'a [LangDeps],
    name: &str,
) -> Result<Option<(&'a LangDeps, &'a Dep)>, Vec<String>> {
    let (name, version) = split_version(name);
    let pick = |same: &dyn Fn(&Dep) -> bool| {
        let found: Vec<(&LangDeps, &Dep)> = all
            .iter()
            .flat_map(|l| {
                l.found
                    .deps
                    .iter()
                    .filter(|d| same(d) && version.is_none_or(|v| v == d.version))
                    .map(move |d| (l, d))
            })
            .collect();
        match found.as_slice() {
            [] => Ok(None),
            [one] => Ok(Some(*one)),
            many => {
                let mut v: Vec<String> = many
                    .iter()
                    .map(|(_, d)| format!("{}@{}", d.name, d.version))
                    .collect();
                v.sort();
                v.dedup();
                Err(v)
            }
        }
    };
    if let Some(x) = pick(&|d| d.name == name)? {
        return Ok(Some(x));
    }
    let want = loose(name);
    if let Some(x) = pick(&|d| loose(&d.name) == want)? {
        return Ok(Some(x));
    }
    // A Maven `group:artifact` by its artifact alone (`guava`), when no other has it.
    if name.contains(':') {
        return Ok(None);
    }
    if let Some(x) = pick(&|d| {
        d.name
            .rsplit_once(':')
            .is_some_and(|(_, a)| loose(a) == want)
    })? {
        return Ok(Some(x));
    }
    // By the name the code imports it by (`markdown_it` for markdown-it-py): the top-level
    // folders or modules it installs, without their extension.
    pick(&|d| {
        d.only.iter().any(|o| {
            let stem = std::path::Path::new(o).file_stem();
            stem.is_some_and(|s| loose(&s.to_string_lossy()) == want)
        })
    })
}

/// A name with case and `-`, `_`, `.` runs folded (PEP 503's normalized name).
fn loose(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        if matches!(c, '-' | '_' | '.') {
            if !out.ends_with('-') {
                out.push('-');
            }
        } else {
            out.extend(c.to_lowercase());
        }
    }
    out
}

/// `NAME@VERSION` → (`NAME`, `VERSION`); a scoped npm name keeps its leading `@`.
pub fn split_version(s: &str) -> (&str, Option<&str>) {
    let start = usize::from(s.starts_with('@'));
    match s[start..].rfind('@').map(|i| i + start) {
        Some(i) if i > 0 && i + 1 < s.len() => (&s[..i], Some(&s[i + 1..])),
        _ => (s, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dep(name: &str, version: &str) -> Dep {
        Dep::at(
            name.into(),
            version.into(),
            format!("/r/{name}-{version}").into(),
        )
    }

    /// Project roots past the cap are not looked in, and that is said apart from `looked`
    /// (shown only when nothing is found), so a list that may miss theirs says so.
    #[test]
    fn project_roots_past_the_cap_are_said() {
        let root = tempfile::tempdir().expect("dir");
        let roots: Vec<(std::path::PathBuf, String)> = (0..MAX_PROJECT_ROOTS + 2)
            .map(|i| (root.path().join(format!("p{i}")), "go".to_string()))
            .collect();
        let all = find_with_projects(root.path(), &roots, &DepEnv::default());
        let said: Vec<&String> = all.iter().flat_map(|l| &l.found.not_looked).collect();
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(
            said[0].starts_with("2 projects' roots past the first 64"),
            "{said:?}"
        );
        let few = find_with_projects(root.path(), &roots[..3], &DepEnv::default());
        assert!(few.iter().all(|l| l.found.not_looked.is_empty()));
    }

    #[test]
    fn a_name_at_two_versions_asks_for_one() {
        let all = vec![LangDeps {
            lang: Lang::ALL[0],
            ecosystem: "crates",
            found: FoundDeps {
                deps: vec![
                    dep("syn", "1.0.109"),
                    dep("syn", "2.0.87"),
                    dep("Foo_bar", "1"),
                    dep("com.google.guava:guava", "33.5.0-jre"),
                    dep("org.a:core", "1"),
                    dep("org.b:core", "2"),
                    Dep {
                        only: vec!["markdown_it".into()],
                        ..dep("markdown-it-py", "4.3.0")
                    },
                    Dep {
                        only: vec!["six.py".into()],
                        ..dep("six", "1.17.0")
                    },
                ],
                ..FoundDeps::default()
            },
        }];
        let got = |n: &str| named(&all, n).map(|x| x.map(|(_, d)| d.version.clone()));
        assert_eq!(
            got("syn"),
            Err(vec!["syn@1.0.109".to_string(), "syn@2.0.87".to_string()])
        );
        assert_eq!(got("syn@2.0.87"), Ok(Some("2.0.87".to_string())));
        assert_eq!(got("syn@3"), Ok(None));
        assert_eq!(got("foo-bar"), Ok(Some("1".to_string())));
        assert_eq!(got("nope"), Ok(None));
        assert_eq!(got("guava"), Ok(Some("33.5.0-jre".to_string())));
        assert_eq!(got("guava@33.5.0-jre"), Ok(Some("33.5.0-jre".to_string())));
        assert_eq!(got("x:guava"), Ok(None));
        // By the name the code imports.
        assert_eq!(got("markdown_it"), Ok(Some("4.3.0".to_string())));
        assert_eq!(got("markdown_it@4.3.0"), Ok(Some("4.3.0".to_string())));
        assert_eq!(got("six"), Ok(Some("1.17.0".to_string())));
        assert_eq!(
            got("core"),
            Err(vec!["org.a:core@1".to_string(), "org.b:core@2".to_string()])
        );
    }

    #[test]
    fn loose_names_fold_case_and_separators() {
        for (a, b) in [
            ("Werkzeug", "werkzeug"),
            ("typing_extensions", "typing-extensions"),
            ("zope.interface", "zope-interface"),
            ("a__b", "a-b"),
            ("@types/node", "@types/node"),
        ] {
            assert_eq!(loose(a), b, "{a}");
        }
    }

    #[test]
    fn names_split_from_versions() {
        for (s, want) in [
            ("attrs", ("attrs", None)),
            ("attrs@23.2.0", ("attrs", Some("23.2.0"))),
            ("@types/node", ("@types/node", None)),
            ("@types/node@22.0.0", ("@types/node", Some("22.0.0"))),
            (
                "golang.org/x/sync@v0.21.0",
                ("golang.org/x/sync", Some("v0.21.0")),
            ),
            ("", ("", None)),
        ] {
            assert_eq!(split_version(s), want, "{s}");
        }
    }
}
