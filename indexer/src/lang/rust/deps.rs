//! Rust's dependencies: `Cargo.lock`'s packages from a registry, each in the cargo registry's
//! sources at `<CARGO_HOME>/registry/src/<index>/<name>-<version>`.

use crate::lang::spec::{Dep, DepEnv, FoundDeps};
use std::path::Path;

pub(crate) fn find(root: &Path, env: &DepEnv) -> FoundDeps {
    let mut out = FoundDeps::default();
    let Some(home) = &env.cargo_home else {
        out.looked
            .push("the cargo registry (no $CARGO_HOME or home)".into());
        return out;
    };
    let src = home.join("registry").join("src");
    out.looked.push(format!(
        "{}/*/<name>-<version> (Cargo.lock packages)",
        src.display()
    ));
    let Ok(text) = std::fs::read_to_string(root.join("Cargo.lock")) else {
        return out;
    };
    let indexes: Vec<std::path::PathBuf> = std::fs::read_dir(&src)
        .map(|rd| rd.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    for (name, version) in lock_packages(&text) {
        let found = indexes
            .iter()
            .map(|i| i.join(format!("{name}-{version}")))
            .find(|d| d.is_dir());
        if let Some(dir) = found {
            out.deps.push(Dep::at(name, version, dir));
        }
    }
    out
}

/// `Cargo.lock`'s `[[package]]`s that come from a registry: name and version.
pub(crate) fn lock_packages(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let (mut name, mut version, mut registry) = (None, None, false);
    let mut flush =
        |name: &mut Option<String>, version: &mut Option<String>, registry: &mut bool| {
            if let (Some(n), Some(v), true) = (name.take(), version.take(), *registry) {
                out.push((n, v));
            }
            *registry = false;
        };
    for line in text.lines().map(str::trim) {
        if line == "[[package]]" {
            flush(&mut name, &mut version, &mut registry);
            continue;
        }
        let Some((k, v)) = line.split_once('=') else {
            continue;
        };
        let v = v.trim().trim_matches('"').to_string();
        match k.trim() {
            "name" => name = Some(v),
            "version" => version = Some(v),
            "source" => registry = v.starts_with("registry+") || v.starts_with("sparse+"),
            _ => {}
        }
    }
    flush(&mut name, &mut version, &mut registry);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cargo_lock_registry_packages() {
        let text = "version = 3\n\n[[package]]\nname = \"anyhow\"\nversion = \"1.0.86\"\n\
source = \"registry+https://github.com/rust-lang/crates.io-index\"\nchecksum = \"x\"\n\n\
[[package]]\nname = \"bridge\"\nversion = \"0.1.0\"\ndependencies = [\n \"anyhow\",\n]\n\n\
[[package]]\nname = \"git-dep\"\nversion = \"0.2.0\"\nsource = \"git+https://x\"\n\n\
[[package]]\nname = \"serde\"\nversion = \"1.0.200\"\nsource = \"sparse+https://index.crates.io/\"\n";
        let got = lock_packages(text);
        let got: Vec<(&str, &str)> = got.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
        assert_eq!(got, [("anyhow", "1.0.86"), ("serde", "1.0.200")]);
    }
}
