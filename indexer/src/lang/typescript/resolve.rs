//! TypeScript's and JavaScript's resolution (one resolver, the language a parameter): module
//! specifiers as TypeScript's `bundler`/`node16` resolution reads them — relative paths with
//! their extension, a `.js` written for a `.ts` file, `index` files —, `tsconfig.json`'s
//! `paths` and `baseUrl`, and the workspace's own packages by their `package.json` name; what
//! is left is an outside package (`ts:ext:react`). Names go through enclosing scopes, then the
//! file's imports, following re-exports (`export * from`, `export { a as b } from`, a file's
//! `export default x`) to the definition.

use crate::id::NodeId;
use crate::lang::Lang;
use crate::model::{EdgeKind, Import, Kind, Resolution};
use crate::resolve::ctx::{
    hinted, in_scopes, join_path, unique, Binding, FileCtx, ImportEdge, ImportName, Layout,
    Manifest, Outcome, Ref, Resolver, SymRef, SymbolIndex,
};
use crate::walk::parent_dir;
use std::path::Path;

pub(crate) struct EcmaResolver(pub Lang);

/// Extensions tried after a specifier without one, in TypeScript's order, then JavaScript's.
const EXTENSIONS: &[&str] = &["ts", "tsx", "d.ts", "mts", "cts", "js", "jsx", "mjs", "cjs"];

/// A `.js` specifier may name the `.ts` file it is compiled from.
const SOURCE_FOR: &[(&str, &[&str])] = &[
    ("js", &["ts", "tsx", "d.ts"]),
    ("jsx", &["tsx"]),
    ("mjs", &["mts", "d.mts"]),
    ("cjs", &["cts", "d.cts"]),
];

/// The longest a chain of re-exports is followed.
const MAX_REEXPORTS: usize = 8;

/// TypeScript's and JavaScript's reading of the workspace (one, shared).
pub(crate) struct Projects {
    /// Path aliases of project files (`tsconfig.json`'s `paths` and `baseUrl`), deepest
    /// directory first.
    aliases: Vec<PathAliases>,
    /// The workspace's packages by the name their project file gives (`package.json`),
    /// longest name first.
    named: Vec<NamedPackage>,
}

/// `paths` and `baseUrl` of one `tsconfig.json` or `jsconfig.json`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct PathAliases {
    /// The config's directory: it applies to files under it.
    pub dir: String,
    /// `baseUrl`, workspace-relative, if set.
    pub base: Option<String>,
    /// (pattern, targets), targets workspace-relative; a pattern has at most one `*`.
    pub paths: Vec<(String, Vec<String>)>,
}

/// A package of the workspace by its `package.json` name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NamedPackage {
    pub name: String,
    pub dir: String,
    /// `types`, `module`, `main` or `source`, workspace-relative, in that order of preference.
    pub entries: Vec<String>,
    /// `exports`' subpaths (`./observable`, `./adapters/*`), each with the files its
    /// conditions name, workspace-relative, in the order written.
    pub exports: Vec<(String, Vec<String>)>,
}

/// The path aliases of every `tsconfig.json`/`jsconfig.json` found, deepest first.
fn aliases(manifests: &[Manifest]) -> Vec<PathAliases> {
    let mut out: Vec<PathAliases> = manifests
        .iter()
        .filter(|m| m.name == "tsconfig.json" || m.name == "jsconfig.json")
        .filter_map(|m| read_config(&m.dir, &m.text))
        .collect();
    out.sort_by(|a, b| b.dir.len().cmp(&a.dir.len()).then(a.dir.cmp(&b.dir)));
    out.dedup_by(|a, b| a.dir == b.dir);
    out
}

/// The workspace's packages by name, from each `package.json` that names one.
fn named_packages(manifests: &[Manifest]) -> Vec<NamedPackage> {
    let mut out: Vec<NamedPackage> = manifests
        .iter()
        .filter(|m| m.name == "package.json")
        .filter_map(|m| {
            let v: serde_json::Value = serde_json::from_str(&m.text).ok()?;
            let name = v.get("name")?.as_str()?.to_string();
            let entries = ["types", "typings", "module", "main", "source"]
                .iter()
                .filter_map(|k| v.get(*k)?.as_str())
                .map(|e| normalize(&join_path(&m.dir, e.trim_start_matches("./"))))
                .collect::<Option<Vec<_>>>()
                .unwrap_or_default();
            Some(NamedPackage {
                name,
                dir: m.dir.clone(),
                entries,
                exports: exports(&m.dir, v.get("exports")),
            })
        })
        .collect();
    // The longest name first: `@a/b-c` before `@a/b`.
    out.sort_by(|a, b| b.name.len().cmp(&a.name.len()).then(a.dir.cmp(&b.dir)));
    out
}

/// A `package.json`'s `exports`: each subpath (`.` for the package itself) with every file its
/// conditions name (`types`, `import`, `default`, nested ones), workspace-relative. A string or
/// a map of conditions alone is the package's `.`.
fn exports(dir: &str, v: Option<&serde_json::Value>) -> Vec<(String, Vec<String>)> {
    fn files(dir: &str, v: &serde_json::Value, out: &mut Vec<String>) {
        match v {
            serde_json::Value::String(s) => {
                if let Some(p) = normalize(&join_path(dir, s.trim_start_matches("./"))) {
                    if !out.contains(&p) {
                        out.push(p);
                    }
                }
            }
            serde_json::Value::Array(a) => a.iter().for_each(|v| files(dir, v, out)),
            serde_json::Value::Object(o) => o.values().for_each(|v| files(dir, v, out)),
            _ => {}
        }
    }
    let Some(v) = v else {
        return Vec::new();
    };
    let subpaths = match v.as_object() {
        Some(o) if o.keys().any(|k| k.starts_with('.')) => o
            .iter()
            .filter(|(k, _)| k.starts_with('.'))
            .map(|(k, v)| (k.clone(), v))
            .collect(),
        _ => vec![(".".to_string(), v)],
    };
    subpaths
        .into_iter()
        .map(|(k, v)| {
            let mut out = Vec::new();
            files(dir, v, &mut out);
            (k, out)
        })
        .filter(|(_, f)| !f.is_empty())
        .collect()
}

/// A declaration file (`.d.ts`, `.d.mts`, `.d.cts`): what a build writes beside its output,
/// or a hand-written stub re-exporting it.
fn is_declaration(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    name.ends_with(".d.ts") || name.ends_with(".d.mts") || name.ends_with(".d.cts")
}

/// The source a built file of the package in `dir` was likely made from: its output folder
/// (`dist`, `build`, `lib`, `out`, `esm`, `cjs`, the first one below `dir`) read as `src`, its
/// extensions dropped (`dist/observable/index.d.mts` → `src/observable/index`).
fn source_of_built(dir: &str, path: &str) -> Option<String> {
    const OUT: &[&str] = &["dist", "build", "lib", "out", "esm", "cjs"];
    let rel = if dir.is_empty() {
        path
    } else {
        path.strip_prefix(dir)?.strip_prefix('/')?
    };
    let mut parts: Vec<&str> = rel.split('/').collect();
    let at = parts.iter().position(|p| OUT.contains(p))?;
    parts[at] = "src";
    // Some builds nest the output once more by format: `dist/esm/x.js` from `src/x.ts`.
    if parts.len() > at + 2 && matches!(parts[at + 1], "esm" | "cjs" | "types" | "mjs") {
        parts.remove(at + 1);
    }
    let rel = parts.join("/");
    let name_at = rel.rfind('/').map_or(0, |i| i + 1);
    let stem = match rel[name_at..].find('.') {
        Some(dot) => &rel[..name_at + dot],
        None => &rel[..],
    };
    Some(join_path(dir, stem))
}

/// The first of `candidates` the resolution finds, a file of source before a declaration
/// (`packages/server/observable/index.d.ts`, a stub re-exporting the build, is the package's
/// file only when it has no source).
fn source_first(ws: &Layout, candidates: impl IntoIterator<Item = String>) -> Option<String> {
    let mut declaration = None;
    for c in candidates {
        if let Some(f) = probe(ws, &c) {
            if !is_declaration(&f) {
                return Some(f);
            }
            declaration.get_or_insert(f);
        }
    }
    declaration
}

/// What `exports` names for `sub` (`""` for the package itself), and the sources those built
/// files were made from.
fn exported(p: &NamedPackage, sub: &str) -> Vec<String> {
    let key = if sub.is_empty() {
        ".".to_string()
    } else {
        format!("./{sub}")
    };
    let mut out = Vec::new();
    for (pattern, files) in &p.exports {
        let star = if pattern.contains('*') {
            match alias_match(pattern, &key) {
                Some(s) => s,
                None => continue,
            }
        } else if *pattern == key {
            ""
        } else {
            continue;
        };
        for f in files {
            let f = f.replacen('*', star, 1);
            out.extend(source_of_built(&p.dir, &f));
            out.push(f);
        }
    }
    out
}

/// One config's `compilerOptions.baseUrl` and `paths`, relative to the workspace.
fn read_config(dir: &str, text: &str) -> Option<PathAliases> {
    let v: serde_json::Value = serde_json::from_str(&strip_jsonc(text)).ok()?;
    let opts = v.get("compilerOptions")?;
    let base = opts
        .get("baseUrl")
        .and_then(|b| b.as_str())
        .and_then(|b| normalize(&join_path(dir, b.trim_start_matches("./"))));
    // `paths` are relative to `baseUrl` when it is set, else to the config's directory.
    let root = base.clone().unwrap_or_else(|| dir.to_string());
    let paths = opts
        .get("paths")
        .and_then(|p| p.as_object())
        .map(|p| {
            p.iter()
                .map(|(pattern, targets)| {
                    let targets = targets
                        .as_array()
                        .map(|a| {
                            a.iter()
                                .filter_map(|t| t.as_str())
                                .filter_map(|t| {
                                    normalize(&join_path(&root, t.trim_start_matches("./")))
                                })
                                .collect()
                        })
                        .unwrap_or_default();
                    (pattern.clone(), targets)
                })
                .collect()
        })
        .unwrap_or_default();
    Some(PathAliases {
        dir: dir.to_string(),
        base,
        paths,
    })
}

/// JSON with comments and trailing commas (tsconfig's dialect) as JSON.
pub(crate) fn strip_jsonc(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let mut in_str = false;
    let mut start = 0;
    while i < b.len() {
        let c = b[i];
        if in_str {
            if c == b'\\' {
                i += 2;
                continue;
            }
            if c == b'"' {
                in_str = false;
            }
            i += 1;
            continue;
        }
        match c {
            b'"' => {
                in_str = true;
                i += 1;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                out.push_str(&text[start..i]);
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                start = i;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                out.push_str(&text[start..i]);
                i += 2;
                while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                    i += 1;
                }
                i = (i + 2).min(b.len());
                start = i;
            }
            _ => i += 1,
        }
    }
    out.push_str(&text[start.min(text.len())..]);
    // Trailing commas: `,` before `}` or `]`.
    let mut clean = String::with_capacity(out.len());
    let chars: Vec<char> = out.chars().collect();
    let mut in_str = false;
    let mut k = 0;
    while k < chars.len() {
        let c = chars[k];
        if in_str {
            clean.push(c);
            if c == '\\' && k + 1 < chars.len() {
                clean.push(chars[k + 1]);
                k += 2;
                continue;
            }
            if c == '"' {
                in_str = false;
            }
        } else if c == '"' {
            in_str = true;
            clean.push(c);
        } else if c == ',' {
            let next = chars[k + 1..].iter().find(|c| !c.is_whitespace());
            if !matches!(next, Some('}' | ']')) {
                clean.push(c);
            }
        } else {
            clean.push(c);
        }
        k += 1;
    }
    clean
}

/// `a/./b/../c` → `a/c`; `None` when `..` climbs above the workspace.
fn normalize(path: &str) -> Option<String> {
    let mut parts: Vec<&str> = Vec::new();
    for p in path.split('/') {
        match p {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            p => parts.push(p),
        }
    }
    Some(parts.join("/"))
}

/// The source file a path names, as the module resolution finds it: the file itself, the
/// TypeScript source of a `.js` name, the path with an extension, its `index` file.
fn probe(ws: &Layout, base: &str) -> Option<String> {
    let is_source = |f: &str| ws.has_file(f) && Lang::of_path(Path::new(f)).is_some();
    if !base.is_empty() && is_source(base) {
        return Some(base.to_string());
    }
    if let Some((stem, ext)) = base.rsplit_once('.') {
        if let Some((_, sources)) = SOURCE_FOR.iter().find(|(e, _)| *e == ext) {
            if let Some(f) = sources
                .iter()
                .map(|s| format!("{stem}.{s}"))
                .find(|f| is_source(f))
            {
                return Some(f);
            }
        }
    }
    let with = |stem: &str| {
        EXTENSIONS
            .iter()
            .map(|e| format!("{stem}.{e}"))
            .find(|f| is_source(f))
    };
    if !base.is_empty() {
        if let Some(f) = with(base) {
            return Some(f);
        }
    }
    with(&join_path(base, "index"))
}

/// The outside package a bare specifier names: `@scope/name` or its first segment, a
/// `node:` prefix dropped.
fn package_name(spec: &str) -> &str {
    let spec = spec.strip_prefix("node:").unwrap_or(spec);
    let mut parts = spec.splitn(3, '/');
    let first = parts.next().unwrap_or(spec);
    match (first.starts_with('@'), parts.next()) {
        (true, Some(second)) => &spec[..first.len() + 1 + second.len()],
        _ => first,
    }
}

/// Where a module specifier leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Module {
    File(String),
    /// An outside package, by name.
    Outside(String),
    /// A relative or aliased path that names no file of the workspace.
    Missing,
}

/// The file a specifier written in `from` names.
pub(crate) fn resolve_module(ws: &Layout, spec: &str, from: &str) -> Module {
    let relative = spec == "." || spec == ".." || spec.starts_with("./") || spec.starts_with("../");
    if relative {
        return normalize(&join_path(parent_dir(from), spec))
            .and_then(|base| probe(ws, &base))
            .map_or(Module::Missing, Module::File);
    }
    if spec.starts_with('/') || spec.starts_with("node:") {
        return Module::Outside(package_name(spec).to_string());
    }
    let from_dir = parent_dir(from);
    let inside =
        |dir: &str| dir.is_empty() || from_dir == dir || from_dir.starts_with(&format!("{dir}/"));
    let mut aliased = false;
    // The nearest config decides, as the compiler reads only one.
    if let Some(a) = ws
        .facts::<Projects>()
        .map_or(&[][..], |p| &p.aliases)
        .iter()
        .find(|a| inside(&a.dir))
    {
        for (pattern, targets) in &a.paths {
            let Some(star) = alias_match(pattern, spec) else {
                continue;
            };
            aliased = true;
            for t in targets {
                if let Some(f) = probe(ws, &t.replacen('*', star, 1)) {
                    return Module::File(f);
                }
            }
        }
        if let Some(f) = a.base.as_ref().and_then(|b| probe(ws, &join_path(b, spec))) {
            return Module::File(f);
        }
    }
    for p in ws.facts::<Projects>().map_or(&[][..], |p| &p.named) {
        let sub = if spec == p.name {
            ""
        } else if let Some(rest) = spec.strip_prefix(&p.name).and_then(|r| r.strip_prefix('/')) {
            rest
        } else {
            continue;
        };
        // `exports` first (and the sources of the built files it names), then the entries,
        // then the usual places; a source before a declaration file (a build's output, or a
        // stub folder re-exporting it, names the same code as the source it was made from).
        let mut candidates = exported(p, sub);
        if sub.is_empty() {
            for e in &p.entries {
                candidates.extend(source_of_built(&p.dir, e));
                candidates.push(e.clone());
            }
            candidates.push(join_path(&p.dir, "src/index"));
            candidates.push(p.dir.clone());
        } else {
            candidates.push(join_path(&p.dir, sub));
            candidates.push(join_path(&p.dir, &format!("src/{sub}")));
        }
        let found = source_first(ws, candidates);
        return found.map_or(Module::Missing, Module::File);
    }
    if aliased {
        return Module::Missing;
    }
    Module::Outside(package_name(spec).to_string())
}

/// What `*` stands for when `spec` matches `pattern` (`""` for an exact match).
fn alias_match<'s>(pattern: &str, spec: &'s str) -> Option<&'s str> {
    match pattern.split_once('*') {
        None => (pattern == spec).then_some(""),
        Some((pre, post)) => {
            let rest = spec.strip_prefix(pre)?.strip_suffix(post)?;
            Some(rest)
        }
    }
}

fn lang_of(file: &str, or: Lang) -> Lang {
    Lang::of_path(Path::new(file)).unwrap_or(or)
}

impl EcmaResolver {
    /// The definition a module exports as `name`: its own, or one it re-exports.
    fn export(
        &self,
        ws: &Layout,
        idx: &dyn SymbolIndex,
        file: &str,
        name: &str,
        depth: usize,
    ) -> Option<SymRef> {
        let lang = lang_of(file, self.0);
        if let Some(s) = idx.in_file(lang, file, name) {
            return Some(s);
        }
        if depth >= MAX_REEXPORTS {
            return None;
        }
        let imports = idx.imports_of(lang, file);
        for imp in imports.iter().filter(|i| i.reexport) {
            let exported = imp.alias.as_deref().or(imp.member.as_deref());
            let target = |m: &str| {
                match imp.module.as_str() {
                    "" => Some(file.to_string()),
                    spec => match resolve_module(ws, spec, file) {
                        Module::File(f) => Some(f),
                        _ => None,
                    },
                }
                .filter(|f| f != file || m != name)
            };
            match imp.member.as_deref() {
                Some("*") => {
                    if let Some(f) = target(name) {
                        if let Some(s) = self.export(ws, idx, &f, name, depth + 1) {
                            return Some(s);
                        }
                    }
                }
                Some(member) if exported == Some(name) => {
                    let f = target(member)?;
                    return self.export(ws, idx, &f, member, depth + 1);
                }
                _ => {}
            }
        }
        None
    }

    /// `rest` (a qualname's segments) inside what `file` exports as `first`.
    fn through(
        &self,
        ws: &Layout,
        idx: &dyn SymbolIndex,
        file: &str,
        first: &str,
        rest: &[&str],
    ) -> Option<SymRef> {
        let Some(s) = self.export(ws, idx, file, first, 0) else {
            // The default export is an object of the file's own names: `utils.forEach` is
            // what the file exports as `forEach`.
            let object = first == "default"
                && idx.imports_of(lang_of(file, self.0), file).iter().any(|i| {
                    i.reexport
                        && i.module.is_empty()
                        && i.member.as_deref()
                            == Some(crate::lang::typescript::syntax::DEFAULT_OBJECT)
                });
            return match rest {
                [next, more @ ..] if object => self.through(ws, idx, file, next, more),
                _ => None,
            };
        };
        if rest.is_empty() {
            return Some(s);
        }
        let q = format!("{}.{}", s.qualname(), rest.join("."));
        let lang = lang_of(&s.file, self.0);
        // Through the class itself, of a static and an instance method of one name, the
        // static one (axios's `AxiosHeaders.concat(…)`: the instance `concat` was given).
        if s.kind == Kind::Class && rest.len() == 1 {
            let family: Vec<SymRef> = (1..=8)
                .map(|k| match k {
                    1 => q.clone(),
                    _ => format!("{q}~{k}"),
                })
                .map_while(|m| idx.in_file(lang, &s.file, &m))
                .collect();
            let statics: Vec<&SymRef> = family
                .iter()
                .filter(|m| {
                    !idx.facts(lang, &s.file, m.qualname(), crate::model::FactRole::Static)
                        .is_empty()
                })
                .collect();
            if let ([_, _, ..], [one]) = (family.as_slice(), statics.as_slice()) {
                return Some((*one).clone());
            }
        }
        idx.in_file(lang, &s.file, &q)
    }
}

impl Resolver for EcmaResolver {
    fn layout(
        &self,
        _ws: &Layout,
        manifests: &[Manifest],
    ) -> Option<std::sync::Arc<dyn std::any::Any + Send + Sync>> {
        // One reading serves both languages (`Layout::facts` finds it by type): TypeScript's
        // resolver makes it, JavaScript's reads it.
        if self.0 != Lang::TypeScript {
            return None;
        }
        Some(std::sync::Arc::new(Projects {
            aliases: aliases(manifests),
            named: named_packages(manifests),
        }))
    }

    fn bind(&self, ctx: &mut FileCtx, imp: &Import, ws: &Layout) {
        let Some(bound) = self.import_name(imp) else {
            return;
        };
        let binding = match resolve_module(ws, &imp.module, &ctx.path) {
            Module::Outside(p) => Binding::External(p),
            Module::Missing => Binding::Module(Vec::new()),
            Module::File(f) => match bound.member {
                Some(m) => Binding::Member(vec![f], m),
                None => Binding::Module(vec![f]),
            },
        };
        ctx.bindings.insert(bound.name, binding);
    }

    fn import_name(&self, imp: &Import) -> Option<ImportName> {
        if imp.reexport {
            return None;
        }
        let (name, member) = match (&imp.member, &imp.alias) {
            (Some(m), _) if m == "*" => return None,
            (Some(m), alias) => (alias.clone().unwrap_or_else(|| m.clone()), Some(m.clone())),
            (None, Some(alias)) => (alias.clone(), None),
            (None, None) => return None,
        };
        Some(ImportName {
            name,
            module: imp.module.clone(),
            member,
        })
    }

    fn import_edge(&self, ctx: &FileCtx, imp: &Import, ws: &Layout) -> ImportEdge {
        match resolve_module(ws, &imp.module, &ctx.path) {
            Module::File(f) => ImportEdge {
                target: Some(NodeId::file_id(lang_of(&f, self.0), &f)),
                target_name: imp.module.clone(),
                resolution: Resolution::Import,
            },
            Module::Outside(p) => ImportEdge {
                target: Some(NodeId::external_id(self.0, &p)),
                target_name: imp.module.clone(),
                resolution: Resolution::Import,
            },
            Module::Missing => ImportEdge {
                target: None,
                target_name: imp.module.clone(),
                resolution: Resolution::Unresolved,
            },
        }
    }

    fn direct(
        &self,
        ctx: &FileCtx,
        ws: &Layout,
        idx: &dyn SymbolIndex,
        r: &Ref<'_>,
        segs: &[&str],
    ) -> Option<Outcome> {
        let lang = self.0;
        if segs[0] == "?" {
            return None;
        }
        if let (Some(h), true) = (r.hint, segs.len() >= 2) {
            // `this.m` in the class itself, a typed local's class in this file.
            return hinted(lang, ctx, idx, h, segs);
        }
        if let Some(o) = in_scopes(lang, ctx, idx, r) {
            return Some(o);
        }
        // `exports.f()`, `module.exports.f()`: the file's own export.
        let own = match segs {
            ["exports", rest @ ..] | ["module", "exports", rest @ ..] if !rest.is_empty() => {
                Some(rest)
            }
            _ => None,
        };
        if let Some(rest) = own {
            return self
                .through(ws, idx, &ctx.path, rest[0], &rest[1..])
                .map(|s| Outcome::Edge(Some(s.node_id), Resolution::Local));
        }
        let edge =
            |s: Option<SymRef>| s.map(|s| Outcome::Edge(Some(s.node_id), Resolution::Import));
        match ctx.bindings.get(segs[0]) {
            Some(Binding::External(_)) => return Some(Outcome::Edge(None, Resolution::External)),
            Some(Binding::Module(files)) => {
                let Some(file) = files.first() else {
                    return Some(Outcome::Edge(None, Resolution::Unresolved));
                };
                if segs.len() == 1 {
                    // `require("./m")()` or `new (require("./m"))`: what the module exports
                    // as its default (`module.exports = …`), else the module itself.
                    return edge(self.export(ws, idx, file, "default", 0)).or_else(|| {
                        Some(Outcome::Edge(
                            Some(NodeId::file_id(lang_of(file, lang), file)),
                            Resolution::Import,
                        ))
                    });
                }
                // Through what the module exports; a value's members are the types' to find.
                return edge(self.through(ws, idx, file, segs[1], &segs[2..]));
            }
            Some(Binding::Member(files, member)) => {
                let file = files.first()?;
                return edge(self.through(ws, idx, file, member, &segs[1..]));
            }
            Some(Binding::Package(_)) | None => {}
        }
        if lang.is_builtin(segs[0]) {
            return Some(Outcome::Drop);
        }
        None
    }

    /// A name found nowhere is a guess only for a base class or an implemented interface
    /// (a script's globals); a method on a value of unknown type is never guessed.
    fn fallback(
        &self,
        _ctx: &FileCtx,
        _ws: &Layout,
        idx: &dyn SymbolIndex,
        r: &Ref<'_>,
        segs: &[&str],
        want: &dyn Fn(Kind) -> bool,
    ) -> Outcome {
        let single = segs.len() == 1 && segs[0] != "?";
        if single && matches!(r.kind, EdgeKind::Extends | EdgeKind::Implements) {
            return unique(idx, self.0, segs[0], want);
        }
        Outcome::Edge(None, Resolution::Unresolved)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tsconfig_is_read_with_comments_and_trailing_commas() {
        let text = r#"{
  // the compiler's options
  "compilerOptions": {
    "baseUrl": "./src", /* block */
    "paths": { "@app/*": ["app/*", "fallback/*",], "~": ["."], },
    "outDir": "http://x//y"
  },
}"#;
        let a = read_config("web", text).expect("parsed");
        assert_eq!(a.base.as_deref(), Some("web/src"));
        assert_eq!(
            a.paths,
            vec![
                (
                    "@app/*".to_string(),
                    vec![
                        "web/src/app/*".to_string(),
                        "web/src/fallback/*".to_string()
                    ]
                ),
                ("~".to_string(), vec!["web/src".to_string()]),
            ]
        );
        assert!(strip_jsonc(r#"{"a": "x // not a comment", "b": [1,]}"#).contains("// not"));
    }

    #[test]
    fn specifiers_name_files() {
        let files = [
            "src/a.ts",
            "src/b/index.ts",
            "src/c.tsx",
            "src/d.js",
            "src/e.d.ts",
            "src/app/x.ts",
            "packages/core/package.json",
            "packages/core/src/index.ts",
            "packages/core/src/deep/y.ts",
            "packages/ui/src/index.tsx",
        ];
        let manifests = [
            Manifest {
                dir: String::new(),
                name: "tsconfig.json".into(),
                text:
                    r#"{"compilerOptions": {"baseUrl": ".", "paths": {"@app/*": ["src/app/*"]}}}"#
                        .into(),
            },
            Manifest {
                dir: "packages/core".into(),
                name: "package.json".into(),
                text: r#"{"name": "@acme/core", "types": "./src/index.ts"}"#.into(),
            },
            Manifest {
                dir: "packages/ui".into(),
                name: "package.json".into(),
                text: r#"{"name": "@acme/ui"}"#.into(),
            },
        ];
        let ws = Layout::new(
            files.iter().map(|s| s.to_string()),
            Default::default(),
            &manifests,
        );
        let f = |s: &str| Module::File(s.to_string());
        let cases = [
            ("./a", "src/z.ts", f("src/a.ts")),
            ("./a.js", "src/z.ts", f("src/a.ts")),
            ("./b", "src/z.ts", f("src/b/index.ts")),
            ("./c.jsx", "src/z.ts", f("src/c.tsx")),
            ("./d.js", "src/z.ts", f("src/d.js")),
            ("./e", "src/z.ts", f("src/e.d.ts")),
            ("../src/a", "src/z.ts", f("src/a.ts")),
            ("./nope", "src/z.ts", Module::Missing),
            ("../../../x", "src/z.ts", Module::Missing),
            ("@app/x", "src/z.ts", f("src/app/x.ts")),
            ("@app/none", "src/z.ts", Module::Missing),
            ("src/a", "src/z.ts", f("src/a.ts")),
            ("@acme/core", "src/z.ts", f("packages/core/src/index.ts")),
            (
                "@acme/core/deep/y",
                "src/z.ts",
                f("packages/core/src/deep/y.ts"),
            ),
            ("@acme/ui", "src/z.ts", f("packages/ui/src/index.tsx")),
            ("react", "src/z.ts", Module::Outside("react".into())),
            (
                "@types/node/fs",
                "src/z.ts",
                Module::Outside("@types/node".into()),
            ),
            ("node:fs", "src/z.ts", Module::Outside("fs".into())),
            ("lodash/fp", "src/z.ts", Module::Outside("lodash".into())),
        ];
        for (spec, from, want) in cases {
            assert_eq!(resolve_module(&ws, spec, from), want, "{spec} from {from}");
        }
    }

    /// A package built to `dist`, its subpaths named by `exports` and by stub folders of
    /// declarations (tRPC's layout): each specifier is the source the build was made from.
    #[test]
    fn a_built_package_s_subpaths_are_its_sources() {
        let files = [
            "server/package.json",
            "server/src/index.ts",
            "server/src/observable/index.ts",
            "server/src/adapters/express.ts",
            "server/src/http/index.ts",
            // A stub folder whose declaration re-exports the (unindexed) build.
            "server/observable/index.d.ts",
            "server/http/index.d.ts",
            // Only declarations: the stub is all there is.
            "server/only/index.d.ts",
            "legacy/package.json",
            "legacy/lib/index.js",
        ];
        let manifests = [
            Manifest {
                dir: "server".into(),
                name: "package.json".into(),
                text: r#"{"name": "@t/server", "main": "./dist/index.cjs", "types": "./dist/index.d.cts",
                  "exports": {
                    ".": {"import": {"types": "./dist/index.d.mts", "default": "./dist/index.mjs"}},
                    "./observable": {"import": {"types": "./dist/observable/index.d.mts"}},
                    "./adapters/*": {"import": "./dist/esm/adapters/*.mjs"},
                    "./package.json": "./package.json"
                  }}"#
                .into(),
            },
            Manifest {
                dir: "legacy".into(),
                name: "package.json".into(),
                text: r#"{"name": "legacy", "main": "lib/index.js"}"#.into(),
            },
        ];
        let ws = Layout::new(
            files.iter().map(|s| s.to_string()),
            Default::default(),
            &manifests,
        );
        let f = |s: &str| Module::File(s.to_string());
        let cases = [
            ("@t/server", f("server/src/index.ts")),
            ("@t/server/observable", f("server/src/observable/index.ts")),
            (
                "@t/server/adapters/express",
                f("server/src/adapters/express.ts"),
            ),
            // Not in `exports`: the stub folder loses to the source beside it.
            ("@t/server/http", f("server/src/http/index.ts")),
            ("@t/server/only", f("server/only/index.d.ts")),
            ("@t/server/none", Module::Missing),
            ("legacy", f("legacy/lib/index.js")),
        ];
        for (spec, want) in cases {
            assert_eq!(resolve_module(&ws, spec, "app/z.ts"), want, "{spec}");
        }
    }

    #[test]
    fn the_source_of_a_built_file() {
        let cases = [
            (
                "p",
                "p/dist/observable/index.d.mts",
                Some("p/src/observable/index"),
            ),
            ("p", "p/dist/esm/a/b.js", Some("p/src/a/b")),
            ("p", "p/dist/esm.js", Some("p/src/esm")),
            ("", "build/x.js", Some("src/x")),
            // The package's own folder may be called `lib`: only folders below it count.
            ("lib", "lib/dist/x.cjs", Some("lib/src/x")),
            ("p", "p/index.js", None),
            ("p", "q/dist/x.js", None),
        ];
        for (dir, path, want) in cases {
            assert_eq!(source_of_built(dir, path).as_deref(), want, "{path}");
        }
    }
}
