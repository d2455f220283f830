//! Build output and vendored code: which walked files are generated, by each language's
//! [`GeneratedRules`] and the evidence the walk recorded beside the manifests (source maps,
//! `vendor/modules.txt`). Such files are kept out of the map by default, each with its reason
//! (a skipped file, named in `map_status`); `index --include-generated` takes them in.
//!
//! Pure: the caller hands in the manifests' texts.

use crate::lang::{GeneratedRules, Lang};
use std::collections::HashSet;

/// The marker name the walk records for a folder holding source maps (`x.js.map`).
pub const SOURCE_MAPS: &str = "*.map";

/// Every skip reason this module gives starts so; `map_status` counts them by it.
pub const REASON_PREFIX: &str = "generated: ";

/// The evidence a file is, by its name: source maps, or a vendor folder's evidence file.
pub fn evidence(file_name: &str) -> Option<&'static str> {
    let rules = || Lang::ALL.iter().map(|l| &l.spec().generated);
    if file_name.ends_with(".map") && rules().any(|g| g.entries.is_some()) {
        return Some(SOURCE_MAPS);
    }
    rules()
        .filter_map(|g| g.vendor.map(|(_, _, e)| e))
        .find(|e| *e == file_name)
}

fn join(dir: &str, name: &str) -> String {
    if dir.is_empty() {
        name.to_string()
    } else {
        format!("{dir}/{name}")
    }
}

fn under(path: &str, dir: &str) -> bool {
    path.len() > dir.len() && path.starts_with(dir) && path.as_bytes()[dir.len()] == b'/'
}

/// A folder of generated code, the manifest whose rule named it, and why.
struct Folder {
    dir: String,
    manifest: &'static str,
    reason: String,
}

fn folders(
    markers: &[(String, String)],
    read: &dyn Fn(&str, &str) -> Option<String>,
) -> Vec<Folder> {
    let has = |dir: &str, name: &str| markers.iter().any(|(d, n)| d == dir && n == name);
    let mut out: Vec<Folder> = Vec::new();
    let mut seen: HashSet<(String, &str)> = HashSet::new();
    for lang in Lang::ALL {
        let g = &lang.spec().generated;
        if let Some((manifest, entries)) = g.entries {
            for (dir, _) in markers.iter().filter(|(_, n)| n == manifest) {
                let Some(text) = read(dir, manifest) else {
                    continue;
                };
                for e in entries(&text) {
                    let Some((first, _)) = e.split_once('/') else {
                        continue;
                    };
                    if first.is_empty() || first == "." {
                        continue;
                    }
                    let out_dir = join(dir, first);
                    let maps = markers
                        .iter()
                        .any(|(d, n)| n == SOURCE_MAPS && (*d == out_dir || under(d, &out_dir)));
                    if maps && seen.insert((out_dir.clone(), manifest)) {
                        out.push(Folder {
                            reason: format!(
                                "{REASON_PREFIX}{out_dir}/ is the build output {} ships (it holds source maps)",
                                join(dir, manifest)
                            ),
                            dir: out_dir,
                            manifest,
                        });
                    }
                }
            }
        }
        if let Some((name, manifest, evidence)) = g.vendor {
            for (dir, _) in markers.iter().filter(|(_, n)| n == manifest) {
                let v = join(dir, name);
                if has(&v, evidence) && seen.insert((v.clone(), manifest)) {
                    out.push(Folder {
                        reason: format!(
                            "{REASON_PREFIX}vendored dependencies ({})",
                            join(&v, evidence)
                        ),
                        dir: v,
                        manifest,
                    });
                }
            }
        }
    }
    out
}

/// Whether `rules` name `manifest` (as its entries' or its vendor folder's manifest).
fn names(rules: &GeneratedRules, manifest: &str) -> bool {
    rules.entries.is_some_and(|(m, _)| m == manifest)
        || rules.vendor.is_some_and(|(_, m, _)| m == manifest)
}

/// For each of `files` (workspace-relative path, language), why it is generated, if it is.
pub fn classify(
    files: &[(&str, Lang)],
    markers: &[(String, String)],
    read: &dyn Fn(&str, &str) -> Option<String>,
) -> Vec<Option<String>> {
    let folders = folders(markers, read);
    let paths: HashSet<&str> = files.iter().map(|(p, _)| *p).collect();
    files
        .iter()
        .map(|&(rel, lang)| {
            let g = &lang.spec().generated;
            if let Some(f) = folders
                .iter()
                .find(|f| under(rel, &f.dir) && names(g, f.manifest))
            {
                return Some(f.reason.clone());
            }
            let name = rel.rsplit('/').next().unwrap_or(rel);
            if g.minified.iter().any(|m| name.ends_with(m)) {
                return Some(format!("{REASON_PREFIX}minified"));
            }
            for (suffix, sources) in g.compiled_from {
                let Some(stem) = rel.strip_suffix(suffix) else {
                    continue;
                };
                if stem.is_empty() || stem.ends_with('/') {
                    continue;
                }
                if let Some(src) = sources
                    .iter()
                    .map(|s| format!("{stem}{s}"))
                    .find(|s| paths.contains(s.as_str()))
                {
                    let dir = rel.rsplit_once('/').map_or("", |(d, _)| d);
                    let shown = src.strip_prefix(dir).unwrap_or(&src);
                    return Some(format!(
                        "{REASON_PREFIX}compiled from {} beside it",
                        shown.trim_start_matches('/')
                    ));
                }
                // The same module under a `src/` folder: the build mirrors it at the package's
                // root or in a folder of its own (zod's tarball: `v4/locales/ar.cjs` and
                // `ar.d.cts` built from `src/v4/locales/ar.ts`; 194 such files were indexed
                // as the workspace's code, ranked before the sources).
                if let Some(src) = mirrored_sources(stem)
                    .into_iter()
                    .flat_map(|m| sources.iter().map(move |s| format!("{m}{s}")))
                    .find(|s| paths.contains(s.as_str()))
                {
                    return Some(format!("{REASON_PREFIX}compiled from {src}"));
                }
            }
            None
        })
        .collect()
}

/// Where a built module's source may be, under a `src/` folder: for each folder `P` above the
/// module (the root included), `P/src/R` (the build beside `src/`, R the rest of its path)
/// and `P/src/R'` (the build in a folder of its own, `P/dist/R'`). Stems, no suffix. Pure.
fn mirrored_sources(stem: &str) -> Vec<String> {
    let segs: Vec<&str> = stem.split('/').collect();
    let mut out = Vec::new();
    for at in 0..segs.len().saturating_sub(1).min(8) {
        let root = segs[..at].join("/");
        let join = |rest: &[&str]| {
            let rest = rest.join("/");
            if root.is_empty() {
                format!("src/{rest}")
            } else {
                format!("{root}/src/{rest}")
            }
        };
        if segs[at] != "src" {
            out.push(join(&segs[at..]));
        }
        if segs.len() - at >= 2 && segs[at] != "src" {
            out.push(join(&segs[at + 1..]));
        }
    }
    out
}

/// The build and rank of a file name by the languages' [`GeneratedRules::builds`]: its stem
/// (the path without the suffix) and rank, by the longest suffix that matches (`x.d.ts` is
/// a declaration, not a `.ts` source).
fn build_of(rel: &str, lang: Lang) -> Option<(&str, u8)> {
    lang.spec()
        .generated
        .builds
        .iter()
        .filter(|(s, _)| rel.len() > s.len() && rel.ends_with(s))
        .max_by_key(|(s, _)| s.len())
        .map(|(s, rank)| (&rel[..rel.len() - s.len()], *rank))
}

/// The build of the module `rel` is a build of that a library's map keeps instead
/// ([`other_builds`]): the best-ranked sibling for which `exists`, if it is not `rel`
/// itself (`v3/types.d.ts` for `v3/types.d.cts`, where a server's definition may land).
pub fn kept_build(rel: &str, exists: impl Fn(&str) -> bool) -> Option<String> {
    let (stem, rank) = Lang::ALL.iter().filter_map(|&l| build_of(rel, l)).next()?;
    let mut builds: Vec<(u8, &str)> = Lang::ALL
        .iter()
        .flat_map(|l| l.spec().generated.builds.iter())
        .map(|(s, r)| (*r, *s))
        .filter(|(r, _)| *r < rank)
        .collect();
    builds.sort();
    builds
        .into_iter()
        .map(|(_, s)| format!("{stem}{s}"))
        .find(|p| exists(p))
}

/// For each of `files` (path, language), whether it is another build of a module a better
/// build of which is beside it (`x.js` and `x.cjs` beside `x.d.ts`), and which: the reason
/// it is left out of a library's map.
pub fn other_builds(files: &[(&str, Lang)]) -> Vec<Option<String>> {
    let mut best: std::collections::HashMap<&str, (u8, &str)> = std::collections::HashMap::new();
    for &(rel, lang) in files {
        if let Some((stem, rank)) = build_of(rel, lang) {
            let e = best.entry(stem).or_insert((rank, rel));
            if rank < e.0 {
                *e = (rank, rel);
            }
        }
    }
    files
        .iter()
        .map(|&(rel, lang)| {
            let (stem, rank) = build_of(rel, lang)?;
            let (top, kept) = best.get(stem)?;
            (*top < rank).then(|| {
                let name = kept.rsplit('/').next().unwrap_or(kept);
                format!("{REASON_PREFIX}another build of {name} beside it")
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each file with its reason (`-`: none), as the tables below read.
    fn shown(files: &[(&str, Lang)], got: &[Option<String>]) -> Vec<String> {
        files
            .iter()
            .zip(got)
            .map(|((p, _), r)| format!("{p}: {}", r.as_deref().unwrap_or("-")))
            .collect()
    }

    #[test]
    fn the_kept_build_of_a_module() {
        let on_disk = ["v3/types.d.ts", "v3/types.d.cts", "v3/types.js", "lib/x.ts"];
        let exists = |p: &str| on_disk.contains(&p);
        assert_eq!(
            kept_build("v3/types.d.cts", exists).as_deref(),
            Some("v3/types.d.ts")
        );
        assert_eq!(
            kept_build("v3/types.js", exists).as_deref(),
            Some("v3/types.d.ts")
        );
        assert_eq!(kept_build("v3/types.d.ts", exists), None);
        assert_eq!(kept_build("lib/x.ts", exists), None);
        assert_eq!(kept_build("a.py", exists), None);
    }

    #[test]
    fn a_library_keeps_one_build_of_each_module() {
        let files = [
            ("v4/core/api.js", Lang::JavaScript),
            ("v4/core/api.cjs", Lang::JavaScript),
            ("v4/core/api.d.ts", Lang::TypeScript),
            ("v4/core/api.d.cts", Lang::TypeScript),
            ("src/api.ts", Lang::TypeScript),
            ("lib/index.mjs", Lang::JavaScript),
            ("lib/index.js", Lang::JavaScript),
            ("lib/index.umd.js", Lang::JavaScript),
            ("lib/only.cjs", Lang::JavaScript),
            ("lib/x.ts", Lang::TypeScript),
            ("lib/x.d.ts", Lang::TypeScript),
            ("lib/x.py", Lang::Python),
        ];
        let got = other_builds(&files);
        assert_eq!(
            shown(&files, &got),
            [
                "v4/core/api.js: generated: another build of api.d.ts beside it",
                "v4/core/api.cjs: generated: another build of api.d.ts beside it",
                "v4/core/api.d.ts: -",
                "v4/core/api.d.cts: generated: another build of api.d.ts beside it",
                "src/api.ts: -",
                "lib/index.mjs: generated: another build of index.js beside it",
                "lib/index.js: -",
                "lib/index.umd.js: -",
                "lib/only.cjs: -",
                "lib/x.ts: -",
                "lib/x.d.ts: generated: another build of x.ts beside it",
                "lib/x.py: -",
            ]
        );
    }

    #[test]
    fn build_output_compiled_copies_and_vendored_code() {
        let pkg = r#"{"name": "@x/core", "main": "build/legacy/index.cjs",
                      "exports": {".": {"import": "./build/modern/index.js"}}, "types": "build/modern/index.d.ts"}"#;
        let plain = r#"{"name": "lib", "main": "lib/index.js"}"#;
        let markers: Vec<(String, String)> = [
            ("pkg", "package.json"),
            ("pkg/build/legacy", SOURCE_MAPS),
            ("js", "package.json"),
            ("", "go.mod"),
            ("vendor", "modules.txt"),
            ("tools", "go.mod"),
            ("php", "composer.json"),
            ("php/vendor", "autoload.php"),
            ("php2", "composer.json"),
        ]
        .iter()
        .map(|(d, n)| (d.to_string(), n.to_string()))
        .collect();
        let read = |dir: &str, name: &str| match (dir, name) {
            ("pkg", "package.json") => Some(pkg.to_string()),
            ("js", "package.json") => Some(plain.to_string()),
            _ => None,
        };
        let files = [
            ("pkg/src/query.ts", Lang::TypeScript),
            ("pkg/build/legacy/query.cjs", Lang::JavaScript),
            ("pkg/build/modern/query.d.ts", Lang::TypeScript),
            ("pkg/buildx/a.js", Lang::JavaScript),
            ("js/lib/index.js", Lang::JavaScript),
            ("web/app.ts", Lang::TypeScript),
            ("web/app.js", Lang::JavaScript),
            ("web/app.d.ts", Lang::TypeScript),
            ("web/types.d.ts", Lang::TypeScript),
            ("web/jquery.min.js", Lang::JavaScript),
            ("zod/src/v4/locales/ar.ts", Lang::TypeScript),
            ("zod/v4/locales/ar.cjs", Lang::JavaScript),
            ("zod/v4/locales/ar.d.cts", Lang::TypeScript),
            ("zod/dist/v4/locales/ar.js", Lang::JavaScript),
            ("zod/v4/locales/other.js", Lang::JavaScript),
            ("vendor/github.com/a/b/b.go", Lang::Go),
            ("tools/vendor/c.go", Lang::Go),
            ("go/build/build.go", Lang::Go),
            ("build/lib/x.py", Lang::Python),
            ("php/vendor/symfony/console/Application.php", Lang::Php),
            ("php/vendor/bin/tool.js", Lang::JavaScript),
            ("php/src/Cli.php", Lang::Php),
            ("php2/vendor/a/b/C.php", Lang::Php),
        ];
        let got = classify(&files, &markers, &read);
        assert_eq!(
            shown(&files, &got),
            [
                "pkg/src/query.ts: -",
                "pkg/build/legacy/query.cjs: generated: pkg/build/ is the build output pkg/package.json ships (it holds source maps)",
                "pkg/build/modern/query.d.ts: generated: pkg/build/ is the build output pkg/package.json ships (it holds source maps)",
                "pkg/buildx/a.js: -",
                "js/lib/index.js: -",
                "web/app.ts: -",
                "web/app.js: generated: compiled from app.ts beside it",
                "web/app.d.ts: generated: compiled from app.ts beside it",
                "web/types.d.ts: -",
                "web/jquery.min.js: generated: minified",
                "zod/src/v4/locales/ar.ts: -",
                "zod/v4/locales/ar.cjs: generated: compiled from zod/src/v4/locales/ar.ts",
                "zod/v4/locales/ar.d.cts: generated: compiled from zod/src/v4/locales/ar.ts",
                "zod/dist/v4/locales/ar.js: generated: compiled from zod/src/v4/locales/ar.ts",
                "zod/v4/locales/other.js: -",
                "vendor/github.com/a/b/b.go: -",
                "tools/vendor/c.go: -",
                "go/build/build.go: -",
                "build/lib/x.py: -",
                "php/vendor/symfony/console/Application.php: generated: vendored dependencies (php/vendor/autoload.php)",
                "php/vendor/bin/tool.js: -",
                "php/src/Cli.php: -",
                "php2/vendor/a/b/C.php: -",
            ]
        );
    }

    #[test]
    fn evidence_names() {
        assert_eq!(evidence("index.js.map"), Some(SOURCE_MAPS));
        // Go's vendor folder is kept in (Go's resolves into it); Composer's is not.
        assert_eq!(evidence("modules.txt"), None);
        assert_eq!(evidence("autoload.php"), Some("autoload.php"));
        assert_eq!(evidence("index.js"), None);
    }
}
