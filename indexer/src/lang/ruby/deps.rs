//! Ruby's installed gems: those `Gemfile.lock` at the workspace root names (its `GEM` and
//! `GIT` sections' `specs:`, each `name (version)` four spaces in; a platform gem's version
//! keeps its platform, `1.15.4-x86_64-linux`, as its folder does), found in the gem
//! directories Bundler and RubyGems install into: `BUNDLE_PATH` of `.bundle/config`,
//! `vendor/bundle`, `$GEM_HOME`, `$GEM_PATH`, `~/.gem`, `~/.local/share/gem`, `/var/lib/gems`,
//! `/usr/local/lib/ruby/gems`, `/usr/lib/ruby/gems`, Debian's `/usr/share/rubygems-integration`.
//! A gem directory holds
//! `gems/<name>-<version>/` (registry gems) and `bundler/gems/<name>-<revision 12>/` (git
//! gems), directly or under `ruby/<ABI>/` or `<ABI>/`. A locked gem installed nowhere is
//! listed as `missing`, with `bundle install`; a `PATH` gem is the workspace's own code.

use crate::lang::spec::{Dep, DepEnv, FoundDeps};
use std::path::{Path, PathBuf};

pub(super) fn find(root: &Path, env: &DepEnv) -> FoundDeps {
    let lock = root.join("Gemfile.lock");
    let mut out = FoundDeps {
        looked: vec![lock.display().to_string()],
        ..FoundDeps::default()
    };
    let Ok(text) = std::fs::read_to_string(&lock) else {
        return out;
    };
    let locked = locked(&text);
    if locked.is_empty() {
        return out;
    }
    let bundle_path = std::fs::read_to_string(root.join(".bundle/config"))
        .ok()
        .and_then(|t| bundle_path(&t));
    let bases = bases(root, env, bundle_path.as_deref());
    let gem_dirs: Vec<PathBuf> = bases.iter().flat_map(|b| gem_dirs(b)).collect();
    out.looked.extend(
        bases
            .iter()
            .map(|b| format!("{}/[ruby/<ABI>/]gems", b.display())),
    );
    for g in locked {
        let folder = match &g.revision {
            None => Some(format!("gems/{}-{}", g.name, g.version)),
            Some(rev) => rev
                .get(..12)
                .map(|r| format!("bundler/gems/{}-{r}", g.name)),
        };
        let dir = folder
            .as_ref()
            .and_then(|f| gem_dirs.iter().map(|d| d.join(f)).find(|d| d.is_dir()));
        match dir {
            Some(dir) => out.deps.push(Dep::at(g.name, g.version, dir)),
            None => {
                // Listed with why, never indexed: where Bundler would put it.
                let want = bases[0].join(folder.unwrap_or_default());
                let mut d = Dep::at(g.name, g.version, want);
                d.missing = Some(format!(
                    "locked in Gemfile.lock, installed in none of the {} gem folders looked in: `bundle install`",
                    bases.len()
                ));
                out.deps.push(d);
            }
        }
    }
    out.deps
        .sort_by(|a, b| a.name.cmp(&b.name).then(a.version.cmp(&b.version)));
    out.deps
        .dedup_by(|a, b| a.name == b.name && a.version == b.version);
    out
}

/// Where gems may be installed, in the order read: Bundler's configured path (relative to the
/// root when relative), `vendor/bundle`, then RubyGems' directories.
fn bases(root: &Path, env: &DepEnv, bundle_path: Option<&str>) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Some(p) = bundle_path {
        let p = Path::new(p);
        out.push(if p.is_absolute() {
            p.to_path_buf()
        } else {
            root.join(p)
        });
    }
    out.push(root.join("vendor/bundle"));
    out.extend(env.gem_paths.iter().cloned());
    if let Some(h) = &env.home {
        out.push(h.join(".gem"));
        out.push(h.join(".local/share/gem"));
    }
    for sys in [
        "/var/lib/gems",
        "/usr/local/lib/ruby/gems",
        "/usr/lib/ruby/gems",
        "/usr/share/rubygems-integration",
    ] {
        out.push(PathBuf::from(sys));
    }
    out.dedup();
    out
}

/// The gem directories of a base: itself (a `$GEM_HOME`), `<ABI>/` and `ruby/<ABI>/` below
/// it (Debian's packaged gems: `all/`), each one holding `gems/` or `bundler/gems/`.
fn gem_dirs(base: &Path) -> Vec<PathBuf> {
    let holds = |d: &Path| d.join("gems").is_dir() || d.join("bundler/gems").is_dir();
    let mut out = Vec::new();
    if holds(base) {
        out.push(base.to_path_buf());
    }
    for parent in [base.to_path_buf(), base.join("ruby")] {
        let Ok(rd) = std::fs::read_dir(&parent) else {
            continue;
        };
        let mut abis: Vec<PathBuf> = rd
            .flatten()
            .map(|e| e.path())
            .filter(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with(|c: char| c.is_ascii_digit()) || n == "all")
                    && holds(p)
            })
            .collect();
        abis.sort();
        out.extend(abis);
    }
    out
}

/// `BUNDLE_PATH` of a `.bundle/config` (`BUNDLE_PATH: "vendor/bundle"`).
fn bundle_path(config: &str) -> Option<String> {
    config.lines().find_map(|l| {
        let v = l.trim().strip_prefix("BUNDLE_PATH:")?.trim();
        let v = v.trim_matches(|c| c == '"' || c == '\'');
        (!v.is_empty()).then(|| v.to_string())
    })
}

/// One gem a `Gemfile.lock` locks: its name, version and, for a `GIT` gem, the revision.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Locked {
    pub name: String,
    pub version: String,
    pub revision: Option<String>,
}

/// The gems of a `Gemfile.lock`'s `GEM` and `GIT` sections (not `PATH`: the workspace's own).
pub(super) fn locked(text: &str) -> Vec<Locked> {
    let mut out = Vec::new();
    let mut section = "";
    let mut revision: Option<String> = None;
    let mut in_specs = false;
    for line in text.lines() {
        if !line.starts_with(' ') {
            section = line.trim();
            revision = None;
            in_specs = false;
            continue;
        }
        if !matches!(section, "GEM" | "GIT") {
            continue;
        }
        let trimmed = line.trim();
        if let Some(r) = line.strip_prefix("  revision:") {
            revision = Some(r.trim().to_string());
        } else if line.starts_with("  specs:") {
            in_specs = true;
        } else if in_specs && line.starts_with("    ") && !line.starts_with("     ") {
            let Some((name, rest)) = trimmed.split_once(" (") else {
                continue;
            };
            let Some(version) = rest.strip_suffix(')') else {
                continue;
            };
            let ok = |s: &str| {
                !s.is_empty()
                    && s.chars()
                        .all(|c| c.is_ascii_alphanumeric() || "._-+".contains(c))
            };
            if ok(name) && ok(version) {
                out.push(Locked {
                    name: name.to_string(),
                    version: version.to_string(),
                    revision: (section == "GIT").then(|| revision.clone()).flatten(),
                });
            }
        } else if !line.starts_with("    ") {
            in_specs = false;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gemfile_lock_sections() {
        let text = "GIT
  remote: https://github.com/acme/tool.git
  revision: 0123456789abcdef0123456789abcdef01234567
  branch: main
  specs:
    tool (0.3.0)
      rack (>= 2)

PATH
  remote: .
  specs:
    mine (0.1.0)
      rack (~> 2.2)

GEM
  remote: https://rubygems.org/
  specs:
    mustermann (3.0.0)
      ruby2_keywords (~> 0.0.1)
    nokogiri (1.15.4-x86_64-linux)
      racc (~> 1.4)
    rack (2.2.22)
    bad name (1.0)
    ../evil (1.0)

PLATFORMS
  x86_64-linux

DEPENDENCIES
  mine!
  rack (~> 2.2)

BUNDLED WITH
   2.4.10
";
        let got: Vec<(String, String, Option<String>)> = locked(text)
            .into_iter()
            .map(|g| (g.name, g.version, g.revision))
            .collect();
        let s = |x: &str| x.to_string();
        assert_eq!(
            got,
            vec![
                (
                    s("tool"),
                    s("0.3.0"),
                    Some(s("0123456789abcdef0123456789abcdef01234567"))
                ),
                (s("mustermann"), s("3.0.0"), None),
                (s("nokogiri"), s("1.15.4-x86_64-linux"), None),
                (s("rack"), s("2.2.22"), None),
            ]
        );
        assert!(locked("").is_empty());
        assert!(locked("GEM\n  specs:\n    (1.0)\n    x ()\n").is_empty());
    }

    #[test]
    fn bundle_config_path() {
        assert_eq!(
            bundle_path("---\nBUNDLE_PATH: \"vendor/bundle\"\nBUNDLE_JOBS: \"4\"\n").as_deref(),
            Some("vendor/bundle")
        );
        assert_eq!(bundle_path("---\nBUNDLE_JOBS: \"4\"\n"), None);
    }

    /// Registry and git gems found in a Bundler path and a `$GEM_HOME`; a missing one said.
    #[test]
    fn gems_are_found_where_bundler_and_rubygems_put_them() {
        let ws = tempfile::tempdir().expect("tmp");
        let home = tempfile::tempdir().expect("tmp");
        let root = ws.path();
        let mk = |p: &Path| std::fs::create_dir_all(p).expect("mkdir");
        std::fs::write(
            root.join("Gemfile.lock"),
            "GIT\n  remote: x\n  revision: 0123456789abcdef0123\n  specs:\n    tool (0.3.0)\n\nGEM\n  specs:\n    rack (2.2.22)\n    json (2.6.3)\n    gone (1.0.0)\n",
        )
        .expect("write");
        mk(&root.join(".bundle"));
        std::fs::write(root.join(".bundle/config"), "BUNDLE_PATH: \"deps\"\n").expect("write");
        mk(&root.join("deps/ruby/3.1.0/gems/rack-2.2.22/lib"));
        mk(&root.join("deps/ruby/3.1.0/bundler/gems/tool-0123456789ab/lib"));
        mk(&home.path().join("gems/json-2.6.3/lib"));
        let env = DepEnv {
            gem_paths: vec![home.path().to_path_buf()],
            ..DepEnv::default()
        };
        let found = find(root, &env);
        let got: Vec<(&str, &str)> = found
            .deps
            .iter()
            .map(|d| (d.name.as_str(), d.version.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                ("gone", "1.0.0"),
                ("json", "2.6.3"),
                ("rack", "2.2.22"),
                ("tool", "0.3.0")
            ]
        );
        let missing: Vec<bool> = found.deps.iter().map(|d| d.missing.is_some()).collect();
        assert_eq!(missing, [true, false, false, false]);
        assert!(found.deps[0]
            .missing
            .as_deref()
            .is_some_and(|m| m.contains("bundle install")));
        assert!(found.deps[2]
            .dir
            .ends_with("deps/ruby/3.1.0/gems/rack-2.2.22"));
    }
}
