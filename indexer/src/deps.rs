//! A workspace's installed dependencies, found by each language's [`DepsSpec`]
//! (`lang/<name>/deps.rs`: Python's virtual environment, `node_modules`, the Go module cache,
//! the cargo registry). The environment is read once here ([`env`]); the languages' parsers are
//! pure and table-tested in their folders.

use crate::lang::{Dep, DepEnv, FoundDeps, Lang};
use std::path::{Path, PathBuf};

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
    let var = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let home = var("HOME");
    // Without either, the module cache's default under the home is the language's to say.
    let gomodcache = var("GOMODCACHE").or_else(|| var("GOPATH").map(|g| g.join("pkg").join("mod")));
    let cargo_home = var("CARGO_HOME").or_else(|| home.as_ref().map(|h| h.join(".cargo")));
    DepEnv {
        home,
        virtual_env: var("VIRTUAL_ENV"),
        gomodcache,
        cargo_home,
    }
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

/// The dependency of this name (and version, when given) among those found: spelled as
/// found, else the one whose name is the same but for case and `-`/`_`/`.` (PyPI's rule:
/// `werkzeug` is `Werkzeug`, `typing_extensions` is `typing-extensions`).
pub fn named<'a>(all: &'a [LangDeps], name: &str) -> Option<(&'a LangDeps, &'a Dep)> {
    let (name, version) = split_version(name);
    let pick = |same: &dyn Fn(&str) -> bool| {
        let mut found = all.iter().flat_map(|l| {
            l.found
                .deps
                .iter()
                .filter(|d| same(&d.name) && version.is_none_or(|v| v == d.version))
                .map(move |d| (l, d))
        });
        let first = found.next();
        // A loose spelling names one dependency or none.
        first.filter(|_| found.next().is_none())
    };
    pick(&|n| n == name).or_else(|| {
        let want = loose(name);
        pick(&|n| loose(n) == want)
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
