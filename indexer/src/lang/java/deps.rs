//! Java's (and Kotlin's: they share Maven's repositories) dependencies: what the workspace's
//! `pom.xml` files, `build.gradle(.kts)` files and Gradle version catalogs
//! (`libs.versions.toml`) name as `group:artifact` at a version written out, each found as its
//! **sources jar** in Maven's local repository or Gradle's cache. A jar is an archive: the
//! dependency's `dir` is the library cache folder `indexer::libs::ensure` unpacks it into.
//! Nothing is evaluated (no Maven model, no Groovy or Kotlin): a version only a build computes
//! is said in `unread`, never guessed. The parsers are pure and table-tested below.

use crate::lang::spec::{lib_dir, project_files, quoted, Dep, DepEnv, FoundDeps};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Build output and installed packages: no project files of the workspace's own.
/// Folders whose build files are not the project's: build output, and a packaged archive's
/// copy of its own (`META-INF/maven/<group>/<artifact>/pom.xml` in an unpacked sources jar).
const SKIP: &[&str] = &["target", "node_modules", "build", ".gradle", "META-INF"];

/// A dependency as a build file names it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Coord {
    pub group: String,
    pub artifact: String,
    pub version: String,
}

fn coord(g: &str, a: &str, v: &str) -> Coord {
    Coord {
        group: g.to_string(),
        artifact: a.to_string(),
        version: v.to_string(),
    }
}

pub(crate) fn find(root: &Path, env: &DepEnv) -> FoundDeps {
    let mut out = FoundDeps::default();
    let rel = |p: &Path| {
        p.strip_prefix(root)
            .unwrap_or(p)
            .to_string_lossy()
            .replace('\\', "/")
    };
    let read = |names: &[&str]| -> Vec<(String, String)> {
        project_files(root, names, 8, SKIP)
            .into_iter()
            .filter_map(|p| Some((rel(&p), std::fs::read_to_string(&p).ok()?)))
            .collect()
    };
    let poms = read(&["pom.xml"]);
    let gradles = read(&["build.gradle", "build.gradle.kts"]);
    let catalogs = read(&["libs.versions.toml"]);
    let mut coords: BTreeSet<Coord> = BTreeSet::new();
    let (c, u) = maven(&poms);
    coords.extend(c);
    out.unread.extend(u);
    for (file, text) in &gradles {
        let (c, u) = gradle(file, text);
        coords.extend(c);
        out.unread.extend(u);
    }
    for (file, text) in &catalogs {
        let (c, u) = catalog(file, text);
        coords.extend(c);
        out.unread.extend(u);
    }
    let files: Vec<&String> = poms
        .iter()
        .chain(&gradles)
        .chain(&catalogs)
        .map(|(f, _)| f)
        .collect();
    out.looked.push(if files.is_empty() {
        format!(
            "{}: no pom.xml, build.gradle(.kts) or libs.versions.toml",
            root.display()
        )
    } else {
        format!(
            "{} (in {})",
            files
                .iter()
                .map(|f| f.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            root.display()
        )
    });
    if !coords.is_empty() {
        out.looked.push(format!(
            "sources jars in {} and {}",
            env.maven_repo
                .as_ref()
                .map_or("(no Maven repository: no $HOME)".into(), |p| p
                    .display()
                    .to_string()),
            env.gradle_home.as_ref().map_or(
                "(no Gradle home: no $HOME or $GRADLE_USER_HOME)".into(),
                |p| p.join("caches/modules-2/files-2.1").display().to_string()
            )
        ));
    }
    for c in coords {
        out.deps.push(dep(&c, env));
    }
    out
}

/// The dependency of `c`: its sources jar found (Maven's repository first, then Gradle's
/// cache), else listed with why and how to get it.
fn dep(c: &Coord, env: &DepEnv) -> Dep {
    let name = format!("{}:{}", c.group, c.artifact);
    let file = format!("{}-{}-sources.jar", c.artifact, c.version);
    let m2 = env.maven_repo.as_ref().map(|r| {
        r.join(c.group.replace('.', "/"))
            .join(&c.artifact)
            .join(&c.version)
            .join(&file)
    });
    let gradle = env.gradle_home.as_ref().map(|g| {
        g.join("caches/modules-2/files-2.1")
            .join(&c.group)
            .join(&c.artifact)
            .join(&c.version)
    });
    let in_gradle = gradle.as_ref().and_then(|d| {
        let mut hashes: Vec<PathBuf> = std::fs::read_dir(d)
            .ok()?
            .flatten()
            .map(|e| e.path().join(&file))
            .filter(|p| p.is_file())
            .collect();
        hashes.sort();
        hashes.into_iter().next()
    });
    let jar = m2.clone().filter(|p| p.is_file()).or(in_gradle);
    let unpacked = env
        .lib_cache
        .as_deref()
        .and_then(|cache| lib_dir(cache, "maven", &name, &c.version))
        .map(|d| d.join("src"));
    let mut d = Dep::at(
        name,
        c.version.clone(),
        unpacked.unwrap_or_else(|| jar.clone().unwrap_or_default()),
    );
    d.archive_name = Some(file.clone());
    match jar {
        Some(j) => d.archive = Some(j),
        None => {
            let wher = [
                m2.map(|p| p.display().to_string()),
                gradle.map(|p| format!("{}/*/{file}", p.display())),
            ]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" or ");
            d.missing = Some(format!(
                "its sources jar is not downloaded (not in {wher}); get it with `mvn dependency:get -Dartifact={}:{}:{}:jar:sources` (or `mvn dependency:sources` in the project; Gradle: the idea or eclipse plugin with `downloadSources = true`)",
                c.group, c.artifact, c.version
            ));
        }
    }
    d
}

/// A group, artifact or version that can be a path segment of a repository (no `/`, `..`,
/// spaces, `${...}` or ranges).
fn plain(s: &str) -> bool {
    !s.is_empty()
        && !s.contains("..")
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '+'))
}

// ---- Maven -------------------------------------------------------------------------------

/// An XML element: its name, children and text (attributes, comments and processing
/// instructions dropped). Enough of XML for a pom.
#[derive(Debug, Default)]
struct El {
    name: String,
    kids: Vec<El>,
    text: String,
}

impl El {
    fn kid(&self, name: &str) -> Option<&El> {
        self.kids.iter().find(|k| k.name == name)
    }
    fn kids<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a El> + 'a {
        self.kids.iter().filter(move |k| k.name == name)
    }
    /// The trimmed text of the child `name`, when it has some.
    fn val(&self, name: &str) -> Option<String> {
        let t = self.kid(name)?.text.trim();
        (!t.is_empty()).then(|| t.to_string())
    }
    /// `a/b/c`.
    fn path(&self, path: &str) -> Option<&El> {
        path.split('/').try_fold(self, |e, n| e.kid(n))
    }
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// The root element of an XML text; `None` when it has none.
fn xml(text: &str) -> Option<El> {
    let mut stack: Vec<El> = vec![El::default()];
    let mut rest = text;
    while let Some(i) = rest.find('<') {
        if let Some(top) = stack.last_mut() {
            top.text.push_str(&unescape(&rest[..i]));
        }
        rest = &rest[i..];
        let skip_to = |rest: &str, end: &str| rest.find(end).map(|j| j + end.len());
        if rest.starts_with("<!--") {
            rest = &rest[skip_to(rest, "-->")?..];
        } else if let Some(cdata) = rest.strip_prefix("<![CDATA[") {
            let j = cdata.find("]]>")?;
            if let Some(top) = stack.last_mut() {
                top.text.push_str(&cdata[..j]);
            }
            rest = &cdata[j + 3..];
        } else if rest.starts_with("<?") {
            rest = &rest[skip_to(rest, "?>")?..];
        } else if rest.starts_with("<!") {
            rest = &rest[skip_to(rest, ">")?..];
        } else if let Some(close) = rest.strip_prefix("</") {
            let j = close.find('>')?;
            let name = close[..j].trim();
            rest = &close[j + 1..];
            // Close up to the element of that name (a stray close tag is ignored).
            if stack.iter().skip(1).any(|e| e.name == name) {
                while stack.len() > 1 {
                    let Some(done) = stack.pop() else { break };
                    let last = done.name == name;
                    if let Some(parent) = stack.last_mut() {
                        parent.kids.push(done);
                    }
                    if last {
                        break;
                    }
                }
            }
        } else {
            let j = rest.find('>')?;
            let tag = &rest[1..j];
            rest = &rest[j + 1..];
            let self_closing = tag.ends_with('/');
            let name: String = tag
                .trim_end_matches('/')
                .split(|c: char| c.is_whitespace())
                .next()
                .unwrap_or("")
                .to_string();
            let el = El {
                name,
                ..El::default()
            };
            if self_closing {
                if let Some(top) = stack.last_mut() {
                    top.kids.push(el);
                }
            } else {
                stack.push(el);
            }
        }
    }
    while stack.len() > 1 {
        let done = stack.pop()?;
        stack.last_mut()?.kids.push(done);
    }
    stack.pop()?.kids.into_iter().next()
}

/// A pom's `<dependency>`: its version when stated, its `scope` and `type`.
#[derive(Debug)]
struct PomDep {
    group: String,
    artifact: String,
    version: Option<String>,
    scope: Option<String>,
    ty: Option<String>,
}

/// One pom, read.
#[derive(Debug, Default)]
struct Pom {
    file: String,
    group: Option<String>,
    artifact: Option<String>,
    version: Option<String>,
    /// The parent's group, artifact, version, and `relativePath` (default `../pom.xml`).
    parent: Option<(String, String, String, String)>,
    props: BTreeMap<String, String>,
    /// `dependencyManagement`'s versions by `group:artifact` (imported BOMs left out).
    managed: BTreeMap<String, String>,
    deps: Vec<PomDep>,
}

fn pom(file: &str, text: &str) -> Option<Pom> {
    let root = xml(text)?;
    if root.name != "project" {
        return None;
    }
    let parent = root.kid("parent").and_then(|p| {
        Some((
            p.val("groupId")?,
            p.val("artifactId")?,
            p.val("version").unwrap_or_default(),
            p.val("relativePath")
                .unwrap_or_else(|| "../pom.xml".to_string()),
        ))
    });
    let deps_of = |e: Option<&El>| {
        e.into_iter()
            .flat_map(|d| d.kids("dependency"))
            .filter_map(|d| {
                Some(PomDep {
                    group: d.val("groupId")?,
                    artifact: d.val("artifactId")?,
                    version: d.val("version"),
                    scope: d.val("scope"),
                    ty: d.val("type"),
                })
            })
            .collect::<Vec<_>>()
    };
    let managed = deps_of(root.path("dependencyManagement/dependencies"))
        .into_iter()
        .filter(|d| d.scope.as_deref() != Some("import"))
        .filter_map(|d| Some((format!("{}:{}", d.group, d.artifact), d.version?)))
        .collect();
    Some(Pom {
        file: file.to_string(),
        group: root
            .val("groupId")
            .or_else(|| parent.as_ref().map(|p| p.0.clone())),
        artifact: root.val("artifactId"),
        version: root
            .val("version")
            .or_else(|| parent.as_ref().map(|p| p.2.clone())),
        parent,
        props: root
            .kid("properties")
            .map(|p| {
                p.kids
                    .iter()
                    .map(|k| (k.name.clone(), k.text.trim().to_string()))
                    .collect()
            })
            .unwrap_or_default(),
        managed,
        deps: deps_of(root.kid("dependencies")),
    })
}

/// `dir/rel` with `.` and `..` folded, `/`-separated, workspace-relative.
fn fold(dir: &str, rel: &str) -> String {
    let mut parts: Vec<&str> = dir.split('/').filter(|s| !s.is_empty()).collect();
    for seg in rel.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            s => parts.push(s),
        }
    }
    parts.join("/")
}

/// `${name}` replaced from `props`, nested ones too; `Err` with the first unknown name.
fn interpolate(s: &str, props: &BTreeMap<String, String>) -> Result<String, String> {
    let mut s = s.to_string();
    for _ in 0..10 {
        let Some(a) = s.find("${") else {
            return Ok(s);
        };
        let Some(b) = s[a..].find('}').map(|b| a + b) else {
            return Err(s[a..].to_string());
        };
        let key = &s[a + 2..b];
        let Some(v) = props.get(key) else {
            return Err(key.to_string());
        };
        s = format!("{}{v}{}", &s[..a], &s[b + 1..]);
    }
    Err(s)
}

/// The dependencies the poms (workspace-relative path, text) name, and what could not be
/// read. A pom's properties and managed versions are its own over its parent's, when the
/// parent is one of these poms (by `groupId:artifactId`, else by `relativePath`).
pub(crate) fn maven(files: &[(String, String)]) -> (Vec<Coord>, Vec<String>) {
    let poms: Vec<Pom> = files.iter().filter_map(|(f, t)| pom(f, t)).collect();
    let mut unread = Vec::new();
    for (f, _) in files {
        if !poms.iter().any(|p| &p.file == f) {
            unread.push(format!("{f}: not a Maven <project>"));
        }
    }
    let parent_of = |p: &Pom| -> Option<&Pom> {
        let (g, a, _, rel) = p.parent.as_ref()?;
        let dir = p.file.rsplit_once('/').map_or("", |(d, _)| d);
        let mut rel_file = fold(dir, rel);
        if !rel_file.ends_with(".xml") {
            rel_file = fold(&rel_file, "pom.xml");
        }
        poms.iter()
            .find(|q| q.group.as_deref() == Some(g) && q.artifact.as_deref() == Some(a))
            .or_else(|| poms.iter().find(|q| q.file == rel_file))
    };
    let mut out = Vec::new();
    for p in &poms {
        // Its ancestors in the workspace, nearest first (a cycle is cut).
        let mut chain = vec![p];
        while let Some(up) = chain.last().and_then(|q| parent_of(q)) {
            if chain.iter().any(|q| std::ptr::eq(*q, up)) || chain.len() > 16 {
                break;
            }
            chain.push(up);
        }
        let mut props: BTreeMap<String, String> = BTreeMap::new();
        let mut managed: BTreeMap<String, String> = BTreeMap::new();
        for q in chain.iter().rev() {
            props.extend(q.props.iter().map(|(k, v)| (k.clone(), v.clone())));
            managed.extend(q.managed.iter().map(|(k, v)| (k.clone(), v.clone())));
        }
        let mut builtin = |k: &str, v: &Option<String>| {
            if let Some(v) = v {
                for pre in ["project.", "pom.", ""] {
                    props.insert(format!("{pre}{k}"), v.clone());
                }
            }
        };
        builtin("groupId", &p.group);
        builtin("artifactId", &p.artifact);
        builtin("version", &p.version);
        if let Some((g, _, v, _)) = &p.parent {
            props.insert("project.parent.groupId".into(), g.clone());
            props.insert("project.parent.version".into(), v.clone());
        }
        for PomDep {
            group: g,
            artifact: a,
            version: v,
            scope,
            ty,
        } in &p.deps
        {
            if scope.as_deref() == Some("system") || matches!(ty.as_deref(), Some(t) if t != "jar")
            {
                continue;
            }
            let what = format!("{}: {g}:{a}", p.file);
            let (g, a) = match (interpolate(g, &props), interpolate(a, &props)) {
                (Ok(g), Ok(a)) => (g, a),
                (Err(k), _) | (_, Err(k)) => {
                    unread.push(format!("{what}: ${{{k}}} is not defined here"));
                    continue;
                }
            };
            let v = match v {
                Some(v) => v.clone(),
                None => match managed.get(&format!("{g}:{a}")) {
                    Some(v) => v.clone(),
                    None => {
                        unread.push(format!("{what}: no version (from a BOM or a parent outside the workspace): not listed"));
                        continue;
                    }
                },
            };
            match interpolate(&v, &props) {
                Ok(v) if plain(&g) && plain(&a) && plain(&v) => out.push(coord(&g, &a, &v)),
                Ok(v) => unread.push(format!(
                    "{what}: version {v:?} is no single version (a range?): not listed"
                )),
                Err(k) => unread.push(format!(
                    "{what}: its version's ${{{k}}} is not defined in the workspace's poms"
                )),
            }
        }
    }
    (out, unread)
}

// ---- Gradle ------------------------------------------------------------------------------

/// Whether a Gradle configuration takes dependencies (`implementation`, `testImplementation`,
/// `api`, `compileOnly`, `kapt`...); `classpath` (the build's own) and `platform` are not.
fn configuration(word: &str) -> bool {
    const EXACT: &[&str] = &[
        "implementation",
        "api",
        "compileOnly",
        "runtimeOnly",
        "compileOnlyApi",
        "annotationProcessor",
        "kapt",
        "ksp",
        "compile",
        "runtime",
        "testCompile",
        "testRuntime",
    ];
    EXACT.contains(&word)
        || ["Implementation", "Api", "CompileOnly", "RuntimeOnly"]
            .iter()
            .any(|s| word.len() > s.len() && word.ends_with(s))
}

/// The `"group:artifact:version"` dependencies of a `build.gradle(.kts)`, and the ones it
/// names without a version written out (`"g:a:$v"`, `"g:a"` from a platform).
pub(crate) fn gradle(file: &str, text: &str) -> (Vec<Coord>, Vec<String>) {
    let (mut out, mut unread) = (Vec::new(), Vec::new());
    for (n, line) in text.lines().enumerate() {
        let l = line.trim();
        let word: String = l
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if !configuration(&word) {
            continue;
        }
        let args = &l[word.len()..];
        if !args.trim_start().starts_with(['(', '"', '\'']) {
            continue;
        }
        if args.contains("platform(") {
            continue;
        }
        for s in quoted(args) {
            let parts: Vec<&str> = s.split(':').collect();
            let at = format!("{file}:{}", n + 1);
            match parts.as_slice() {
                [g, a, v] | [g, a, v, _] if plain(g) && plain(a) && plain(v) => {
                    out.push(coord(g, a, v))
                }
                [_, _] | [_, _, _] | [_, _, _, _] => unread.push(format!(
                    "{at}: \"{s}\": its version is not written out (a variable, a range or a platform's): not listed"
                )),
                _ => {}
            }
        }
    }
    (out, unread)
}

/// `key = value` pairs of a TOML inline table's inside (`module = "g:a", version.ref = "x"`),
/// values with their quotes removed; a nested table's value kept whole.
fn inline(s: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let (mut depth, mut quote, mut start) = (0usize, None::<char>, 0usize);
    let mut push = |part: &str| {
        if let Some((k, v)) = part.split_once('=') {
            let v = v.trim();
            let v = v
                .strip_prefix('"')
                .and_then(|x| x.strip_suffix('"'))
                .or_else(|| v.strip_prefix('\'').and_then(|x| x.strip_suffix('\'')))
                .unwrap_or(v);
            out.push((k.trim().replace([' ', '"'], ""), v.to_string()));
        }
    };
    for (i, c) in s.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '{') => depth += 1,
            (None, '}') => depth = depth.saturating_sub(1),
            (None, ',') if depth == 0 => {
                push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    push(&s[start..]);
    out
}

/// A TOML line without its `#` comment (outside strings).
fn uncomment(line: &str) -> &str {
    let mut quote = None;
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '#') => return &line[..i],
            _ => {}
        }
    }
    line
}

/// The libraries of a Gradle version catalog (`gradle/libs.versions.toml`): `[libraries]`
/// entries as `"g:a:v"` or `{ module = "g:a" | group = "g", name = "a", version = "v" |
/// version.ref = "key" }`, versions from `[versions]` (a plain string, or a table's `strictly`
/// / `require`).
pub(crate) fn catalog(file: &str, text: &str) -> (Vec<Coord>, Vec<String>) {
    let mut section = String::new();
    let mut versions: BTreeMap<String, String> = BTreeMap::new();
    let mut libs: Vec<(usize, String, String)> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let l = uncomment(line).trim();
        if l.starts_with('[') && l.ends_with(']') {
            section = l.trim_matches(['[', ']', ' ']).to_string();
            continue;
        }
        let Some((k, v)) = l.split_once('=') else {
            continue;
        };
        let (k, v) = (k.trim().trim_matches('"').to_string(), v.trim().to_string());
        match section.as_str() {
            "versions" => {
                let table = v.strip_prefix('{').and_then(|x| x.strip_suffix('}'));
                let value = match table {
                    Some(t) => {
                        let kv = inline(t);
                        ["strictly", "require"]
                            .iter()
                            .find_map(|w| kv.iter().find(|(k, _)| k == w).map(|(_, v)| v.clone()))
                    }
                    None => Some(v.trim_matches(['"', '\'']).to_string()),
                };
                if let Some(value) = value {
                    versions.insert(k, value);
                }
            }
            "libraries" => libs.push((n + 1, k, v)),
            _ => {}
        }
    }
    let (mut out, mut unread) = (Vec::new(), Vec::new());
    for (n, key, v) in libs {
        let at = format!("{file}:{n}: {key}");
        let (g, a, ver) = if let Some(t) = v.strip_prefix('{').and_then(|x| x.strip_suffix('}')) {
            let kv = inline(t);
            let get = |w: &str| kv.iter().find(|(k, _)| k == w).map(|(_, v)| v.clone());
            let (g, a) = match (get("module"), get("group"), get("name")) {
                (Some(m), _, _) => match m.split_once(':') {
                    Some((g, a)) => (g.to_string(), a.to_string()),
                    None => continue,
                },
                (None, Some(g), Some(a)) => (g, a),
                _ => continue,
            };
            let ver = match (get("version"), get("version.ref")) {
                (Some(v), _) if !v.starts_with('{') => Some(v),
                (_, Some(r)) => versions.get(&r).cloned(),
                _ => None,
            };
            (g, a, ver)
        } else {
            let s = v.trim_matches(['"', '\'']);
            let p: Vec<&str> = s.split(':').collect();
            match p.as_slice() {
                [g, a, v] => (g.to_string(), a.to_string(), Some(v.to_string())),
                [g, a] => (g.to_string(), a.to_string(), None),
                _ => continue,
            }
        };
        match ver {
            Some(v) if plain(&g) && plain(&a) && plain(&v) => out.push(coord(&g, &a, &v)),
            Some(v) => unread.push(format!(
                "{at}: {g}:{a} at {v:?} (no single version): not listed"
            )),
            None => unread.push(format!(
                "{at}: {g}:{a} has no version written out (a platform's, or a rich version): not listed"
            )),
        }
    }
    (out, unread)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(file: &str, text: &str) -> (String, String) {
        (file.to_string(), text.to_string())
    }

    #[test]
    fn poms_with_properties_parents_and_managed_versions() {
        let parent = r#"<?xml version="1.0"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <!-- <dependencies><dependency><groupId>no</groupId></dependency></dependencies> -->
  <groupId>org.acme</groupId><artifactId>parent</artifactId><version>1.2.3</version>
  <packaging>pom</packaging>
  <properties><guava.version>33.5.0-jre</guava.version><slf4j>2.0.9</slf4j></properties>
  <dependencyManagement><dependencies>
    <dependency><groupId>org.slf4j</groupId><artifactId>slf4j-api</artifactId><version>${slf4j}</version></dependency>
    <dependency><groupId>org.bom</groupId><artifactId>bom</artifactId><version>1</version><type>pom</type><scope>import</scope></dependency>
  </dependencies></dependencyManagement>
</project>"#;
        let child = r#"<project>
  <parent><groupId>org.acme</groupId><artifactId>parent</artifactId><version>1.2.3</version></parent>
  <artifactId>app</artifactId>
  <properties><junit.version>5.10.0</junit.version></properties>
  <dependencies>
    <dependency><groupId>com.google.guava</groupId><artifactId>guava</artifactId><version>${guava.version}</version></dependency>
    <dependency><groupId>org.slf4j</groupId><artifactId>slf4j-api</artifactId></dependency>
    <dependency><groupId>org.junit</groupId><artifactId>junit</artifactId><version>${junit.version}</version><scope>test</scope></dependency>
    <dependency><groupId>${project.groupId}</groupId><artifactId>core</artifactId><version>${project.version}</version></dependency>
    <dependency><groupId>sun</groupId><artifactId>tools</artifactId><version>1</version><scope>system</scope></dependency>
    <dependency><groupId>x</groupId><artifactId>nover</artifactId></dependency>
    <dependency><groupId>x</groupId><artifactId>undef</artifactId><version>${nope}</version></dependency>
    <dependency><groupId>x</groupId><artifactId>range</artifactId><version>[1.0,2.0)</version></dependency>
  </dependencies>
  <build><plugins><plugin><dependencies><dependency><groupId>plugin</groupId><artifactId>dep</artifactId><version>1</version></dependency></dependencies></plugin></plugins></build>
</project>"#;
        let (got, unread) = maven(&[f("pom.xml", parent), f("app/pom.xml", child)]);
        assert_eq!(
            got,
            [
                coord("com.google.guava", "guava", "33.5.0-jre"),
                coord("org.slf4j", "slf4j-api", "2.0.9"),
                coord("org.junit", "junit", "5.10.0"),
                coord("org.acme", "core", "1.2.3"),
            ]
        );
        assert_eq!(unread.len(), 3, "{unread:?}");
        assert!(unread[0].contains("x:nover") && unread[0].contains("no version"));
        assert!(unread[1].contains("${nope}"), "{unread:?}");
        assert!(unread[2].contains("[1.0,2.0)"), "{unread:?}");
        // The parent found by its relativePath when its coordinates differ.
        let orphan = child.replace(
            "<artifactId>parent</artifactId><version>",
            "<artifactId>other</artifactId><version>",
        );
        let (got, _) = maven(&[f("pom.xml", parent), f("app/pom.xml", &orphan)]);
        assert!(got.contains(&coord("com.google.guava", "guava", "33.5.0-jre")));
        // Without the parent in the workspace its properties are unknown: said, not guessed.
        let (got, unread) = maven(&[f("app/pom.xml", child)]);
        assert_eq!(
            got,
            [
                coord("org.junit", "junit", "5.10.0"),
                coord("org.acme", "core", "1.2.3")
            ]
        );
        assert!(
            unread.iter().any(|u| u.contains("${guava.version}")),
            "{unread:?}"
        );
        let (got, unread) = maven(&[f("pom.xml", "<settings/>"), f("b/pom.xml", "not xml <")]);
        assert!(got.is_empty());
        assert_eq!(unread.len(), 2, "{unread:?}");
    }

    #[test]
    fn xml_keeps_text_cdata_and_nesting() {
        let e = xml(
            "<?xml?><a x=\"1\"><b>t &amp; u</b><c/><!-- <b>no</b> --><d><![CDATA[<x>]]></d></a>",
        )
        .expect("xml");
        assert_eq!(e.name, "a");
        assert_eq!(e.val("b").as_deref(), Some("t & u"));
        assert!(e.kid("c").is_some());
        assert_eq!(e.val("d").as_deref(), Some("<x>"));
        assert_eq!(e.kids("b").count(), 1);
        assert!(xml("no tags").is_none());
    }

    #[test]
    fn gradle_string_notation() {
        let kts = r#"
plugins { kotlin("jvm") version "2.2.0" }
dependencies {
    implementation("com.google.guava:guava:33.5.0-jre")
    testImplementation("org.junit.jupiter:junit-jupiter:5.10.0") // tests
    api 'org.apache:commons:1.0:sources'
    implementation(platform("org.springframework.boot:spring-boot-dependencies:3.2.0"))
    implementation("org.springframework:spring-core")
    implementation("org.x:y:$yVersion")
    implementation(libs.kotlin.stdlib)
    classpath("com.android.tools.build:gradle:8.0.0")
    kapt("com.google.dagger:dagger-compiler:2.48")
}
"#;
        let (got, unread) = gradle("build.gradle.kts", kts);
        assert_eq!(
            got,
            [
                coord("com.google.guava", "guava", "33.5.0-jre"),
                coord("org.junit.jupiter", "junit-jupiter", "5.10.0"),
                coord("org.apache", "commons", "1.0"),
                coord("com.google.dagger", "dagger-compiler", "2.48"),
            ]
        );
        assert_eq!(unread.len(), 2, "{unread:?}");
        assert!(unread[0].starts_with("build.gradle.kts:8:"), "{unread:?}");
        assert!(unread[1].contains("$yVersion"), "{unread:?}");
    }

    #[test]
    fn version_catalogs() {
        let toml = r#"
[versions]
kotlin = "2.2.0" # the compiler
guava = { strictly = "33.5.0-jre" }
rich = { prefer = "1.0" }

[libraries]
kotlin-stdlib = { module = "org.jetbrains.kotlin:kotlin-stdlib", version.ref = "kotlin" }
guava = { group = "com.google.guava", name = "guava", version.ref = "guava" }
junit = "junit:junit:4.13.2"
slf4j = { module = "org.slf4j:slf4j-api", version = "2.0.9" }
bom-managed = { module = "org.x:managed" }
rich = { module = "org.x:rich", version.ref = "rich" }

[plugins]
kotlin-jvm = { id = "org.jetbrains.kotlin.jvm", version.ref = "kotlin" }
"#;
        let (got, unread) = catalog("gradle/libs.versions.toml", toml);
        assert_eq!(
            got,
            [
                coord("org.jetbrains.kotlin", "kotlin-stdlib", "2.2.0"),
                coord("com.google.guava", "guava", "33.5.0-jre"),
                coord("junit", "junit", "4.13.2"),
                coord("org.slf4j", "slf4j-api", "2.0.9"),
            ]
        );
        assert_eq!(unread.len(), 2, "{unread:?}");
        assert!(unread[0].contains("org.x:managed"), "{unread:?}");
        assert!(unread[1].contains("org.x:rich"), "{unread:?}");
    }

    #[test]
    fn settings_xml_local_repository() {
        use crate::lang::maven_local_repository as repo;
        let home = Path::new("/home/u");
        let s =
            |v: &str| format!("<settings>\n  <localRepository>{v}</localRepository>\n</settings>");
        assert_eq!(
            repo(&s("/data/m2"), Some(home)),
            Some(PathBuf::from("/data/m2"))
        );
        assert_eq!(
            repo(&s("${user.home}/.m2/alt"), Some(home)),
            Some(PathBuf::from("/home/u/.m2/alt"))
        );
        assert_eq!(repo(&s("${env.M2}/r"), Some(home)), None);
        assert_eq!(repo(&s("  "), Some(home)), None);
        assert_eq!(repo("<settings/>", Some(home)), None);
    }

    #[test]
    fn sources_jars_in_the_maven_repository_and_the_gradle_cache() {
        let t = tempfile::tempdir().expect("tmp");
        let m2 = t.path().join("m2");
        let gh = t.path().join("gradle");
        let jar = m2.join("com/google/guava/guava/33.5.0-jre/guava-33.5.0-jre-sources.jar");
        let gjar = gh.join("caches/modules-2/files-2.1/org.jetbrains.kotlin/kotlin-stdlib/2.2.0/abc123/kotlin-stdlib-2.2.0-sources.jar");
        for j in [&jar, &gjar] {
            std::fs::create_dir_all(j.parent().expect("dir")).expect("mkdir");
            std::fs::write(j, b"PK").expect("write");
        }
        let env = DepEnv {
            maven_repo: Some(m2),
            gradle_home: Some(gh),
            lib_cache: Some(t.path().join("cache")),
            ..DepEnv::default()
        };
        let d = dep(&coord("com.google.guava", "guava", "33.5.0-jre"), &env);
        assert_eq!(d.name, "com.google.guava:guava");
        assert_eq!(d.archive.as_deref(), Some(jar.as_path()));
        assert_eq!(
            d.dir,
            t.path()
                .join("cache/maven/com.google.guava:guava@33.5.0-jre/src")
        );
        let d = dep(
            &coord("org.jetbrains.kotlin", "kotlin-stdlib", "2.2.0"),
            &env,
        );
        assert_eq!(d.archive.as_deref(), Some(gjar.as_path()));
        assert_eq!(
            d.archive_name.as_deref(),
            Some("kotlin-stdlib-2.2.0-sources.jar")
        );
        let d = dep(&coord("org.x", "y", "1"), &env);
        assert!(d.archive.is_none());
        // Named though missing: a server's location in `y-1.jar` is matched to it.
        assert_eq!(d.archive_name.as_deref(), Some("y-1-sources.jar"));
        let why = d.missing.unwrap_or_default();
        assert!(
            why.contains("mvn dependency:get -Dartifact=org.x:y:1:jar:sources"),
            "{why}"
        );
    }
}
