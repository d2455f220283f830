//! C#'s NuGet dependencies: what `dotnet restore` resolved for each project
//! (`<project dir>/obj/project.assets.json`: its `libraries` of type `package`, each `path`
//! under one of its `packageFolders`, `~/.nuget/packages/` by default). A package ships
//! compiled assemblies: one holding no C# sources (most) is listed as `missing` with why, never
//! indexed; one that ships `.cs` files (source packages, `contentFiles/cs/`) is indexed. A
//! project not restored yet lists its `PackageReference`s as missing, with `dotnet restore`.

use crate::lang::spec::{Dep, DepEnv, FoundDeps};
use std::path::{Path, PathBuf};

/// How deep project files are looked for below the root.
const DEPTH: usize = 6;

pub(super) fn find(root: &Path, env: &DepEnv) -> FoundDeps {
    let mut out = FoundDeps::default();
    let projects = crate::lang::spec::project_files_where(
        root,
        |name| name.ends_with(".csproj"),
        DEPTH,
        &["node_modules", "bin", "obj"],
    );
    for project in projects {
        let Some(dir) = project.parent() else {
            continue;
        };
        let assets = dir.join("obj").join("project.assets.json");
        out.looked.push(assets.display().to_string());
        match std::fs::read_to_string(&assets) {
            Ok(text) => {
                let (folders, libs) = restored(&text);
                let folders = if folders.is_empty() {
                    default_folders(env)
                } else {
                    folders
                };
                for l in libs {
                    out.deps.push(dep(&l, &folders));
                }
            }
            Err(_) => {
                let text = std::fs::read_to_string(&project).unwrap_or_default();
                for (name, version) in package_references(&text) {
                    out.deps.push(Dep {
                        missing: Some(format!(
                            "{} is not restored ({} is missing): run `dotnet restore`",
                            project.display(),
                            assets.display()
                        )),
                        ..Dep::at(name, version, PathBuf::new())
                    });
                }
            }
        }
    }
    out.deps
        .sort_by(|a, b| a.name.cmp(&b.name).then(a.version.cmp(&b.version)));
    out.deps
        .dedup_by(|a, b| a.name == b.name && a.version == b.version);
    out
}

/// `$NUGET_PACKAGES`, else `~/.nuget/packages`.
fn default_folders(env: &DepEnv) -> Vec<PathBuf> {
    env.nuget_packages
        .clone()
        .or_else(|| env.home.as_ref().map(|h| h.join(".nuget").join("packages")))
        .into_iter()
        .collect()
}

/// A restored package: name, version, its path under a package folder, and whether any of its
/// files is C# source.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Restored {
    name: String,
    version: String,
    path: String,
    sources: bool,
}

/// The package folders and the packages of a `project.assets.json` (projects referenced by
/// the project are the workspace's own code: left out).
fn restored(text: &str) -> (Vec<PathBuf>, Vec<Restored>) {
    let Ok(v) = serde_json::from_str::<serde_json::Value>(text) else {
        return (Vec::new(), Vec::new());
    };
    let folders: Vec<PathBuf> = v["packageFolders"]
        .as_object()
        .map(|o| o.keys().map(PathBuf::from).collect())
        .unwrap_or_default();
    let mut libs = Vec::new();
    for (key, lib) in v["libraries"].as_object().into_iter().flatten() {
        if lib["type"] != "package" {
            continue;
        }
        let Some((name, version)) = key.split_once('/') else {
            continue;
        };
        let Some(path) = lib["path"].as_str() else {
            continue;
        };
        // A name or path leading out of the package folder is no package of it.
        if name.is_empty()
            || version.is_empty()
            || path.starts_with('/')
            || path.split('/').any(|s| s == "..")
        {
            continue;
        }
        let sources = lib["files"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|f| f.as_str())
            .any(|f| f.ends_with(".cs"));
        libs.push(Restored {
            name: name.to_string(),
            version: version.to_string(),
            path: path.to_string(),
            sources,
        });
    }
    (folders, libs)
}

/// The dependency of a restored package: its folder under the first package folder holding
/// it; listed as missing when it is in none, or ships no C# sources.
fn dep(l: &Restored, folders: &[PathBuf]) -> Dep {
    let found = folders.iter().map(|f| f.join(&l.path)).find(|d| d.is_dir());
    let at = |dir: PathBuf| Dep::at(l.name.clone(), l.version.clone(), dir);
    match found {
        Some(dir) if l.sources => at(dir),
        Some(dir) => Dep {
            missing: Some(
                "the package ships compiled assemblies, no C# sources: nothing to index (its API is in the assembly's metadata, which the language server reads)"
                    .to_string(),
            ),
            ..at(dir)
        },
        None => Dep {
            missing: Some(format!(
                "restored but not in the package folders ({}): run `dotnet restore`",
                folders
                    .iter()
                    .map(|f| f.display().to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            ..at(PathBuf::new())
        },
    }
}

/// The `<PackageReference Include="X" Version="1.2.3" />` of a project file (the version as
/// an attribute or a child element), for a project not restored yet.
fn package_references(text: &str) -> Vec<(String, String)> {
    let attr = |tag: &str, name: &str| -> Option<String> {
        let key = format!("{name}=\"");
        let at = tag.find(&key)? + key.len();
        let end = tag[at..].find('"')?;
        Some(tag[at..at + end].trim().to_string())
    };
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("<PackageReference") {
        rest = &rest[i + "<PackageReference".len()..];
        let Some(close) = rest.find('>') else { break };
        let tag = &rest[..close];
        let version = attr(tag, "Version").or_else(|| {
            // `<PackageReference Include="X"><Version>1.0</Version></PackageReference>`
            if tag.ends_with('/') {
                return None;
            }
            let body = &rest[close + 1..];
            let end = body.find("</PackageReference>")?;
            let body = &body[..end];
            let a = body.find("<Version>")? + "<Version>".len();
            let b = body[a..].find("</Version>")?;
            Some(body[a..a + b].trim().to_string())
        });
        if let (Some(name), Some(version)) = (attr(tag, "Include"), version) {
            if !name.is_empty() && !version.is_empty() && !version.contains("$(") {
                out.push((name, version));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const ASSETS: &str = r#"{
  "version": 3,
  "targets": {"net8.0": {}},
  "libraries": {
    "Newtonsoft.Json/13.0.3": {
      "sha512": "x",
      "type": "package",
      "path": "newtonsoft.json/13.0.3",
      "files": [".nupkg.metadata", "lib/net6.0/Newtonsoft.Json.dll", "lib/net6.0/Newtonsoft.Json.xml"]
    },
    "Polyfill/1.0.0": {
      "type": "package",
      "path": "polyfill/1.0.0",
      "files": ["contentFiles/cs/netstandard2.0/Polyfill.cs", "polyfill.nuspec"]
    },
    "Gone/2.0.0": {"type": "package", "path": "gone/2.0.0", "files": []},
    "Evil/1.0.0": {"type": "package", "path": "../../etc", "files": ["a.cs"]},
    "MyLib/1.0.0": {"type": "project", "path": "../MyLib/MyLib.csproj", "msbuildProject": "../MyLib/MyLib.csproj"}
  },
  "packageFolders": {"PKGS/": {}}
}"#;

    #[test]
    fn restored_packages_with_and_without_sources() {
        let t = tempfile::tempdir().expect("tmp");
        let pkgs = t.path().join("pkgs");
        for d in ["newtonsoft.json/13.0.3", "polyfill/1.0.0"] {
            std::fs::create_dir_all(pkgs.join(d)).expect("mkdir");
        }
        let text = ASSETS.replace("PKGS", &pkgs.display().to_string());
        let (folders, libs) = restored(&text);
        assert_eq!(folders.len(), 1);
        let names: Vec<(&str, bool)> = libs.iter().map(|l| (l.name.as_str(), l.sources)).collect();
        assert_eq!(
            names,
            [
                ("Gone", false),
                ("Newtonsoft.Json", false),
                ("Polyfill", true)
            ]
        );
        let deps: Vec<Dep> = libs.iter().map(|l| dep(l, &folders)).collect();
        let said = |d: &Dep| d.missing.as_deref().unwrap_or("indexed").to_string();
        assert!(said(&deps[0]).contains("dotnet restore"), "{deps:?}");
        assert!(said(&deps[1]).contains("compiled assemblies"), "{deps:?}");
        assert_eq!(deps[2].missing, None);
        assert!(deps[2].dir.ends_with("polyfill/1.0.0"));
        assert_eq!(restored("not json"), (Vec::new(), Vec::new()));
    }

    #[test]
    fn package_references_of_a_project_not_restored() {
        let csproj = r#"<Project Sdk="Microsoft.NET.Sdk">
  <ItemGroup>
    <PackageReference Include="Serilog" Version="3.1.1" />
    <PackageReference Include="Dapper">
      <Version>2.1.24</Version>
    </PackageReference>
    <PackageReference Include="Central" />
    <PackageReference Include="Prop" Version="$(PropVersion)" />
  </ItemGroup>
</Project>"#;
        assert_eq!(
            package_references(csproj),
            [
                ("Serilog".to_string(), "3.1.1".to_string()),
                ("Dapper".to_string(), "2.1.24".to_string())
            ]
        );
    }

    #[test]
    fn a_workspace_lists_restored_and_unrestored_projects() {
        let t = tempfile::tempdir().expect("tmp");
        let root = t.path().join("ws");
        let pkgs = t.path().join("pkgs");
        std::fs::create_dir_all(pkgs.join("polyfill/1.0.0")).expect("mkdir");
        std::fs::create_dir_all(root.join("App/obj")).expect("mkdir");
        std::fs::create_dir_all(root.join("Tool")).expect("mkdir");
        std::fs::write(root.join("App/App.csproj"), "<Project/>").expect("write");
        std::fs::write(
            root.join("App/obj/project.assets.json"),
            ASSETS.replace("PKGS", &pkgs.display().to_string()),
        )
        .expect("write");
        std::fs::write(
            root.join("Tool/Tool.csproj"),
            r#"<Project><ItemGroup><PackageReference Include="Serilog" Version="3.1.1" /></ItemGroup></Project>"#,
        )
        .expect("write");
        let found = find(&root, &DepEnv::default());
        let listed: Vec<(&str, bool)> = found
            .deps
            .iter()
            .map(|d| (d.name.as_str(), d.missing.is_none()))
            .collect();
        assert_eq!(
            listed,
            [
                ("Gone", false),
                ("Newtonsoft.Json", false),
                ("Polyfill", true),
                ("Serilog", false)
            ]
        );
        assert_eq!(found.looked.len(), 2, "{:?}", found.looked);
    }
}
