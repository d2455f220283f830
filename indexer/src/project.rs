//! The projects of a workspace (issue 41): which directories are projects, from the project
//! files the walk found (each language's [`crate::lang::Language::projects`]: `go.mod`,
//! `Cargo.toml`, `package.json`, `pyproject.toml`, `pom.xml`, …) and their texts. Pure:
//! manifests in, projects out; table-tested below.
//!
//! A directory is a project when a project file in it names one (a module path, a package
//! name), or when a workspace file above it lists it as a member (`go.work`'s `use`, npm's
//! `workspaces`, pnpm's `packages`, Cargo's `[workspace] members`, a pom's `<module>`s) and
//! it holds a project file: then it is named by its directory. A workspace file alone (a
//! `go.work`, a virtual `Cargo.toml`) makes no project. One directory is one project, the
//! first of its files in the registry's order naming it. A file belongs to the innermost
//! project whose root holds it ([`Projects::of`]).

use crate::lang::Lang;

/// One project of the workspace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Project {
    /// As its project file names it (`example.com/a`, `@scope/pkg`); unique in the workspace
    /// (a second project of one name is `name@root`).
    pub name: String,
    /// Its directory, workspace-relative, `''` at the root.
    pub root: String,
    /// Its tool: `go`, `cargo`, `npm`, `python`, `maven`, `gradle`.
    pub kind: String,
    /// The project file that made it, workspace-relative.
    pub manifest: String,
}

/// A project file as the walk found it: its directory (`''` at the root), its name, its text.
#[derive(Debug, Clone, Copy)]
pub struct ManifestText<'a> {
    pub dir: &'a str,
    pub name: &'a str,
    pub text: &'a str,
}

/// The projects the manifests declare, by root (the root project first).
pub fn detect(manifests: &[ManifestText<'_>]) -> Vec<Project> {
    let mut sorted: Vec<&ManifestText<'_>> = manifests.iter().collect();
    sorted.sort_by(|a, b| a.dir.cmp(b.dir).then(rank(a.name).cmp(&rank(b.name))));
    let mut out: Vec<Project> = Vec::new();
    // (workspace file's dir, member pattern, kind)
    let mut members: Vec<(String, String, &'static str)> = Vec::new();
    for m in &sorted {
        // A packaged archive's copy of its build file (a sources jar's
        // `META-INF/maven/<group>/<artifact>/pom.xml`) is no project here.
        if m.dir.split('/').any(|c| c == "META-INF") {
            continue;
        }
        let Some(spec) = spec_of(m.name) else {
            continue;
        };
        let read = (spec.read)(m.text);
        for pat in read.members {
            members.push((m.dir.to_string(), pat, spec.kind));
        }
        let Some(name) = read.name else {
            continue;
        };
        if out.iter().any(|p| p.root == m.dir) {
            continue;
        }
        out.push(Project {
            name,
            root: m.dir.to_string(),
            kind: spec.kind.to_string(),
            manifest: join(m.dir, m.name),
        });
    }
    // Members with a project file that names nothing: named by their directory.
    for m in &sorted {
        if out.iter().any(|p| p.root == m.dir)
            || spec_of(m.name).is_none()
            || m.dir.split('/').any(|c| c == "META-INF")
        {
            continue;
        }
        let listed = members
            .iter()
            .find(|(dir, pat, _)| matches_member(dir, pat, m.dir));
        if let Some((_, _, kind)) = listed {
            let name = m.dir.rsplit('/').next().unwrap_or(m.dir);
            if name.is_empty() {
                continue;
            }
            out.push(Project {
                name: name.to_string(),
                root: m.dir.to_string(),
                kind: kind.to_string(),
                manifest: join(m.dir, m.name),
            });
        }
    }
    out.sort_by(|a, b| a.root.cmp(&b.root));
    // Names are unique: a second project of one name is told by its root.
    let mut seen = std::collections::HashSet::new();
    for p in &mut out {
        if !seen.insert(p.name.clone()) {
            p.name = format!("{}@{}", p.name, p.root);
        }
    }
    out
}

/// The first language's project file of this name, in the registry's order.
fn spec_of(file: &str) -> Option<&'static crate::lang::ProjectSpec> {
    Lang::ALL
        .iter()
        .flat_map(|l| l.spec().projects.iter())
        .find(|p| p.file == file)
}

/// A project file's place in the registry's order (which names a directory first).
fn rank(file: &str) -> usize {
    Lang::ALL
        .iter()
        .flat_map(|l| l.spec().projects.iter())
        .position(|p| p.file == file)
        .unwrap_or(usize::MAX)
}

fn join(dir: &str, name: &str) -> String {
    if dir.is_empty() {
        name.to_string()
    } else {
        format!("{dir}/{name}")
    }
}

/// Whether `dir` is the member `pattern` of a workspace file in `base` (`./a`, `packages/*`,
/// `crates/**`; `*` matches within one directory name, `**` any number of them).
pub fn matches_member(base: &str, pattern: &str, dir: &str) -> bool {
    let mut parts: Vec<&str> = base.split('/').filter(|s| !s.is_empty()).collect();
    for seg in pattern.trim_end_matches('/').split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                if parts.pop().is_none() {
                    return false;
                }
            }
            s => parts.push(s),
        }
    }
    let segs: Vec<&str> = dir.split('/').filter(|s| !s.is_empty()).collect();
    glob(&parts, &segs)
}

fn glob(pat: &[&str], segs: &[&str]) -> bool {
    match pat.split_first() {
        None => segs.is_empty(),
        Some((&"**", rest)) => (0..=segs.len()).any(|i| glob(rest, &segs[i..])),
        Some((p, rest)) => segs
            .split_first()
            .is_some_and(|(s, more)| segment(p, s) && glob(rest, more)),
    }
}

/// One directory name against one pattern segment with `*`s.
fn segment(p: &str, s: &str) -> bool {
    let mut pieces = p.split('*');
    let first = pieces.next().unwrap_or("");
    let Some(mut rest) = s.strip_prefix(first) else {
        return false;
    };
    let pieces: Vec<&str> = pieces.collect();
    for (i, piece) in pieces.iter().enumerate() {
        if i + 1 == pieces.len() {
            return rest.ends_with(piece);
        }
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// The workspace's projects, for asking which one holds a file.
#[derive(Debug, Clone, Default)]
pub struct Projects {
    /// Longest root first: the first root holding a file is its innermost project.
    by_depth: Vec<Project>,
}

impl Projects {
    pub fn new(mut projects: Vec<Project>) -> Projects {
        projects.sort_by(|a, b| b.root.len().cmp(&a.root.len()).then(a.root.cmp(&b.root)));
        Projects { by_depth: projects }
    }

    /// The innermost project holding the workspace-relative path, if any.
    pub fn of(&self, path: &str) -> Option<&Project> {
        self.by_depth.iter().find(|p| holds(&p.root, path))
    }

    /// More than one: answers then name each symbol's project.
    pub fn several(&self) -> bool {
        self.by_depth.len() > 1
    }

    pub fn is_empty(&self) -> bool {
        self.by_depth.is_empty()
    }

    /// By root, the root project first.
    pub fn listed(&self) -> Vec<&Project> {
        let mut v: Vec<&Project> = self.by_depth.iter().collect();
        v.sort_by(|a, b| a.root.cmp(&b.root));
        v
    }

    /// The project of this name, or of this root directory (`.` is the workspace root, as
    /// `map_status` shows it).
    pub fn find(&self, name: &str) -> Option<&Project> {
        let dir = name.trim_end_matches('/');
        let dir = match dir.strip_prefix("./").unwrap_or(dir) {
            "." => Some(""),
            "" => None,
            d => Some(d),
        };
        self.by_depth
            .iter()
            .find(|p| p.name == name)
            .or_else(|| self.by_depth.iter().find(|p| Some(p.root.as_str()) == dir))
    }

    /// The roots of the projects nested inside `project` (what its scope leaves out).
    pub fn nested(&self, project: &Project) -> Vec<&str> {
        self.by_depth
            .iter()
            .filter(|p| p.root != project.root && holds(&project.root, &p.root))
            .map(|p| p.root.as_str())
            .collect()
    }
}

/// Whether the directory `root` (`''`: the workspace) holds `path`.
pub fn holds(root: &str, path: &str) -> bool {
    root.is_empty()
        || path == root
        || path
            .strip_prefix(root)
            .is_some_and(|rest| rest.starts_with('/'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m<'a>(dir: &'a str, name: &'a str, text: &'a str) -> ManifestText<'a> {
        ManifestText { dir, name, text }
    }

    fn names(ps: &[Project]) -> Vec<(String, String, String)> {
        ps.iter()
            .map(|p| (p.name.clone(), p.root.clone(), p.kind.clone()))
            .collect()
    }

    fn t(v: &[(&str, &str, &str)]) -> Vec<(String, String, String)> {
        v.iter()
            .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
            .collect()
    }

    /// Project files' texts in, the projects expected (name, root, kind) out.
    type Case<'a> = (Vec<ManifestText<'a>>, Vec<(&'a str, &'a str, &'a str)>);

    #[test]
    fn projects_from_project_files() {
        let cases: Vec<Case<'_>> = vec![
            // go.work: no project of its own; its modules are.
            (
                vec![
                    m("", "go.work", "go 1.22\n\nuse (\n\t./api // the API\n\t./svc\n)\n"),
                    m("api", "go.mod", "module example.com/api\n\ngo 1.22\n"),
                    m("svc", "go.mod", "module \"example.com/svc\"\n"),
                ],
                vec![("example.com/api", "api", "go"), ("example.com/svc", "svc", "go")],
            ),
            // npm workspaces: a root package and its members, one without a name.
            (
                vec![
                    m("", "package.json", r#"{"name":"mono","private":true,"workspaces":["packages/*"]}"#),
                    m("packages/a", "package.json", r#"{"name":"@m/a"}"#),
                    m("packages/b", "package.json", r#"{"version":"1.0.0"}"#),
                    m("packages/b", "tsconfig.json", "{}"),
                    m("other", "package.json", r#"{"version":"1.0.0"}"#),
                ],
                vec![("mono", "", "npm"), ("@m/a", "packages/a", "npm"), ("b", "packages/b", "npm")],
            ),
            // yarn's object form and pnpm's file.
            (
                vec![
                    m("", "package.json", r#"{"workspaces":{"packages":["libs/**"]}}"#),
                    m("libs/x/y", "package.json", "{}"),
                ],
                vec![("y", "libs/x/y", "npm")],
            ),
            (
                vec![
                    m("", "pnpm-workspace.yaml", "packages:\n  - 'apps/*'\n  - \"!apps/skip\"\n# c\nother: 1\n"),
                    m("apps/web", "package.json", "{}"),
                ],
                vec![("web", "apps/web", "npm")],
            ),
            // A virtual Cargo workspace, and two crates outside any workspace.
            (
                vec![
                    m("", "Cargo.toml", "[workspace]\nmembers = [\n  \"crates/*\", # all\n]\n"),
                    m("crates/a", "Cargo.toml", "[package]\nname = \"a\"\nversion = \"0.1.0\"\n"),
                    m("tools/b", "Cargo.toml", "[package]\nname = 'b'\n"),
                ],
                vec![("a", "crates/a", "cargo"), ("b", "tools/b", "cargo")],
            ),
            // Python: pyproject's [project] or poetry's name, setup.cfg's metadata.
            (
                vec![
                    m("one", "pyproject.toml", "[project]\nname = \"one\"\n"),
                    m("two", "pyproject.toml", "[tool.poetry]\nname = \"two\"\n"),
                    m("three", "setup.cfg", "[metadata]\nname = three\n"),
                    m("three", "setup.py", "setup()"),
                ],
                vec![("one", "one", "python"), ("three", "three", "python"), ("two", "two", "python")],
            ),
            // Maven modules, Gradle settings.
            (
                vec![
                    m("", "pom.xml", "<project><artifactId>parent</artifactId><modules><module>core</module></modules></project>"),
                    m("core", "pom.xml", "<project><parent><artifactId>parent</artifactId></parent><artifactId>core</artifactId></project>"),
                    m("g", "settings.gradle.kts", "rootProject.name = \"gr\"\ninclude(\":app\")\n"),
                    // gson's sources jar unpacked: its own pom.xml inside is no project.
                    m("src/main/java/META-INF/maven/com.google.code.gson/gson", "pom.xml", "<project><artifactId>gson</artifactId></project>"),
                ],
                vec![("parent", "", "maven"), ("core", "core", "maven"), ("gr", "g", "gradle")],
            ),
            // Two projects of one name: the second is told by its root.
            (
                vec![
                    m("a", "package.json", r#"{"name":"x"}"#),
                    m("b", "package.json", r#"{"name":"x"}"#),
                ],
                vec![("x", "a", "npm"), ("x@b", "b", "npm")],
            ),
            // Broken texts make no project and no panic.
            (
                vec![
                    m("", "package.json", "{not json"),
                    m("x", "Cargo.toml", "[package"),
                    m("y", "go.mod", "modulex"),
                ],
                vec![],
            ),
        ];
        for (input, want) in cases {
            assert_eq!(names(&detect(&input)), t(&want), "{input:?}");
        }
    }

    #[test]
    fn a_file_is_in_its_innermost_project() {
        let ps = Projects::new(detect(&[
            m(
                "",
                "package.json",
                r#"{"name":"root","workspaces":["packages/*"]}"#,
            ),
            m("packages/a", "package.json", r#"{"name":"a"}"#),
            m("packages/ab", "package.json", r#"{"name":"ab"}"#),
        ]));
        let of = |p: &str| ps.of(p).map(|p| p.name.as_str());
        assert_eq!(of("packages/a/src/x.ts"), Some("a"));
        assert_eq!(of("packages/ab/x.ts"), Some("ab"));
        assert_eq!(of("packages/x.ts"), Some("root"));
        assert_eq!(of("x.ts"), Some("root"));
        assert!(ps.several());
        let root = ps.find("root").cloned();
        let root = root.as_ref().map(|r| ps.nested(r));
        assert_eq!(root, Some(vec!["packages/ab", "packages/a"]));
        assert_eq!(ps.find("packages/a/").map(|p| p.name.as_str()), Some("a"));
        // The root by its root, as map_status lists it; an empty name is none.
        assert_eq!(ps.find(".").map(|p| p.name.as_str()), Some("root"));
        assert_eq!(ps.find("./packages/a").map(|p| p.name.as_str()), Some("a"));
        assert_eq!(ps.find(""), None);
        assert!(!holds("packages/a", "packages/ab/x.ts"));
    }

    #[test]
    fn members_match_globs() {
        assert!(matches_member("", "./a", "a"));
        assert!(matches_member("w", "../a", "a"));
        assert!(!matches_member("", "../a", "a"));
        assert!(matches_member("", "packages/*", "packages/x"));
        assert!(!matches_member("", "packages/*", "packages/x/y"));
        assert!(matches_member("", "libs/**", "libs/x/y"));
        assert!(matches_member("", "pkg-*-js", "pkg-a-js"));
        assert!(!matches_member("", "pkg-*-js", "pkg-a-ts"));
    }
}
