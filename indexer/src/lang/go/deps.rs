//! Go's dependencies: `go.mod`'s `require`s, each in the module cache at
//! `<GOMODCACHE>/<escaped module path>@<version>` (capitals escaped as `!` and the letter).

use crate::lang::spec::{Dep, DepEnv, FoundDeps};
use std::path::Path;

pub(crate) fn find(root: &Path, env: &DepEnv) -> FoundDeps {
    let mut out = FoundDeps::default();
    // `go env GOMODCACHE`'s default: `~/go/pkg/mod`.
    let default = env
        .home
        .as_ref()
        .map(|h| h.join("go").join("pkg").join("mod"));
    let Some(cache) = env.gomodcache.as_ref().or(default.as_ref()) else {
        out.looked
            .push("the Go module cache (no $GOMODCACHE, $GOPATH or home)".into());
        return out;
    };
    out.looked
        .push(format!("{} (go.mod requires)", cache.display()));
    let Ok(text) = std::fs::read_to_string(root.join("go.mod")) else {
        return out;
    };
    for (path, version) in requires(&text) {
        let dir = cache.join(format!("{}@{}", escape(&path), escape(&version)));
        if dir.is_dir() {
            out.deps.push(Dep::at(path, version, dir));
        }
    }
    out
}

/// The modules `go.mod` at `dir` requires.
pub(crate) fn declared(dir: &Path) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(dir.join("go.mod")).ok()?;
    Some(requires(&text).into_iter().map(|(p, _)| p).collect())
}

/// The modules and versions `go.mod` requires, in a block or one a line.
pub(crate) fn requires(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut in_block = false;
    for raw in text.lines() {
        let line = raw.split("//").next().unwrap_or("").trim();
        let spec = if in_block {
            if line == ")" {
                in_block = false;
                continue;
            }
            line
        } else if let Some(rest) = line.strip_prefix("require") {
            let rest = rest.trim();
            if rest == "(" {
                in_block = true;
                continue;
            }
            if !raw.trim_start().starts_with("require ")
                && !raw.trim_start().starts_with("require\t")
            {
                continue;
            }
            rest
        } else {
            continue;
        };
        let mut parts = spec.split_whitespace();
        if let (Some(p), Some(v), None) = (parts.next(), parts.next(), parts.next()) {
            out.push((p.trim_matches('"').to_string(), v.to_string()));
        }
    }
    out
}

/// The module cache's spelling of a path or version: each capital is `!` and its lower case.
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_ascii_uppercase() {
            out.push('!');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_mod_requires() {
        let text = "module example.com/m\n\ngo 1.22\n\nrequire golang.org/x/sync v0.21.0\n\
require (\n\tgithub.com/BurntSushi/toml v1.3.2 // indirect\n\t\"golang.org/x/mod\" v0.37.0\n)\n\
requirex y v1\nreplace a => b v1\n";
        let want = [
            ("golang.org/x/sync", "v0.21.0"),
            ("github.com/BurntSushi/toml", "v1.3.2"),
            ("golang.org/x/mod", "v0.37.0"),
        ];
        let got = requires(text);
        let got: Vec<(&str, &str)> = got.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
        assert_eq!(got, want);
    }

    #[test]
    fn module_paths_are_case_escaped() {
        for (path, want) in [
            ("github.com/BurntSushi/toml", "github.com/!burnt!sushi/toml"),
            ("golang.org/x/sync", "golang.org/x/sync"),
            ("v1.0.0-RC1", "v1.0.0-!r!c1"),
        ] {
            assert_eq!(escape(path), want);
        }
    }

    #[test]
    fn go_mod_s_requires_are_declared() {
        let dir = tempfile::tempdir().expect("dir");
        std::fs::write(
            dir.path().join("go.mod"),
            "module m\n\ngo 1.22\n\nrequire (\n\tgo.uber.org/zap v1.27.0\n\tgolang.org/x/sync v0.7.0 // indirect\n)\n",
        )
        .expect("write");
        assert_eq!(
            declared(dir.path()),
            Some(vec![
                "go.uber.org/zap".to_string(),
                "golang.org/x/sync".to_string()
            ])
        );
    }
}
