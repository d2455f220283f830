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
    let lock = root.join("Cargo.lock");
    let Ok(text) = std::fs::read_to_string(&lock) else {
        return out;
    };
    // A workspace member's own lock (a published crate ships one) is not cargo's: the
    // workspace's is, and its versions are what is built.
    if let Some(ws) = enclosing_workspace(root) {
        out.unread.push(format!(
            "{}: a workspace member's own lock, which cargo ignores (the workspace's {} is read)",
            lock.display(),
            ws.join("Cargo.lock").display()
        ));
        return out;
    }
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

/// The nearest folder above `dir` whose `Cargo.toml` declares a `[workspace]` and that has a
/// `Cargo.lock`: the lock cargo uses for a member at `dir`.
fn enclosing_workspace(dir: &Path) -> Option<&Path> {
    dir.ancestors().skip(1).find(|d| {
        d.join("Cargo.lock").is_file()
            && std::fs::read_to_string(d.join("Cargo.toml"))
                .is_ok_and(|t| t.lines().any(|l| l.trim() == "[workspace]"))
    })
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

/// The crates `Cargo.toml` at `dir` depends on: the keys of its `[dependencies]`,
/// `[dev-dependencies]`, `[build-dependencies]` tables (a target's and the workspace's too),
/// and `[dependencies.NAME]` tables; a renamed one (`package = "real"`) by its crate's name.
pub(crate) fn declared(dir: &Path) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(dir.join("Cargo.toml")).ok()?;
    Some(manifest_deps(&text))
}

pub(crate) fn manifest_deps(text: &str) -> Vec<String> {
    let is_deps = |t: &str| {
        let last = t.rsplit('.').next().unwrap_or(t);
        matches!(
            last,
            "dependencies" | "dev-dependencies" | "build-dependencies"
        )
    };
    let package = |v: &str| {
        let i = v.find("package")?;
        let rest = v[i + "package".len()..].trim_start().strip_prefix('=')?;
        let rest = rest.trim_start().strip_prefix('"')?;
        Some(rest[..rest.find('"')?].to_string())
    };
    let mut out = Vec::new();
    // In a deps table; or in `[dependencies.NAME]`, whose name (or `package`) is the crate.
    let mut table: Option<bool> = None;
    let mut named: Option<String> = None;
    let flush = |named: &mut Option<String>, out: &mut Vec<String>| {
        if let Some(n) = named.take() {
            out.push(n);
        }
    };
    for raw in text.lines() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if let Some(h) = line.strip_prefix('[') {
            flush(&mut named, &mut out);
            let h = h.trim_end_matches(']').trim_matches('[').trim();
            table = None;
            if is_deps(h) {
                table = Some(true);
            } else if let Some((t, name)) = h.rsplit_once('.') {
                if is_deps(t) {
                    table = Some(false);
                    named = Some(name.trim_matches('"').to_string());
                }
            }
            continue;
        }
        match table {
            Some(true) => {
                let Some((k, v)) = line.split_once('=') else {
                    continue;
                };
                let k = k.trim().trim_matches('"');
                if k.is_empty() || (k.contains('.') && !k.ends_with(".workspace")) {
                    continue;
                }
                let k = k.trim_end_matches(".workspace");
                out.push(package(v).unwrap_or_else(|| k.to_string()));
            }
            Some(false) if line.starts_with("package") => {
                if let Some(p) = package(line) {
                    named = Some(p);
                }
            }
            Some(false) => {}
            None => {}
        }
    }
    flush(&mut named, &mut out);
    out.sort();
    out.dedup();
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

    #[test]
    fn cargo_toml_s_dependency_tables() {
        let text = r#"
[package]
name = "a"
version = "1.0.0"

[dependencies]
serde = { version = "1", features = ["derive"] }
anyhow = "1"
tokio.workspace = true
rand_core = { package = "rand_core_renamed", version = "0.6" } # renamed
# commented = "1"

[dependencies.nix]
version = "0.29"

[dependencies.old_name]
package = "new-name"
version = "2"

[target.'cfg(unix)'.dependencies]
libc = "0.2"

[dev-dependencies]
tempfile = "3"

[features]
default = ["serde"]
"#;
        assert_eq!(
            manifest_deps(text),
            [
                "anyhow",
                "libc",
                "new-name",
                "nix",
                "rand_core_renamed",
                "serde",
                "tempfile",
                "tokio"
            ]
        );
    }

    #[test]
    fn a_workspace_member_s_own_lock_is_not_read() {
        let ws = tempfile::tempdir().expect("dir");
        let home = ws.path().join("cargo");
        let src = home.join("registry/src/index.crates.io-1");
        std::fs::create_dir_all(src.join("slab-0.4.12")).expect("mkdir");
        std::fs::create_dir_all(src.join("slab-0.4.9")).expect("mkdir");
        let lock = |v: &str| {
            format!("version = 3\n\n[[package]]\nname = \"slab\"\nversion = \"{v}\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\n")
        };
        std::fs::write(
            ws.path().join("Cargo.toml"),
            "[workspace]\nmembers = [\"m\"]\n",
        )
        .expect("write");
        std::fs::write(ws.path().join("Cargo.lock"), lock("0.4.12")).expect("write");
        std::fs::create_dir_all(ws.path().join("m")).expect("mkdir");
        std::fs::write(ws.path().join("m/Cargo.lock"), lock("0.4.9")).expect("write");
        let env = DepEnv {
            cargo_home: Some(home),
            ..DepEnv::default()
        };
        let versions = |d: &Path| -> Vec<String> {
            find(d, &env)
                .deps
                .iter()
                .map(|d| d.version.clone())
                .collect()
        };
        assert_eq!(versions(ws.path()), ["0.4.12"]);
        let member = find(&ws.path().join("m"), &env);
        assert!(member.deps.is_empty(), "{:?}", member.deps);
        assert!(
            member.unread[0].contains("a workspace member's own lock"),
            "{:?}",
            member.unread
        );
    }
}
