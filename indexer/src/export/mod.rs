//! The map as a SCIP index (`codemap export scip`), for code-intelligence engines that take
//! SCIP uploads. The shell around two pure parts: [`symbol`] (node IDs ↔ SCIP symbols) and
//! [`document`] (one file's rows → one `Document`). This module reads the map in one read
//! transaction, a file at a time, names every node it meets, and streams the index to disk:
//! the metadata, then each document as it is built, then the external symbols. Memory holds
//! one document, a kind and parent per node, and the names of external packages.
//!
//! The output appears whole or not at all: it is written beside its path and renamed into
//! place.

pub mod document;
pub mod symbol;

use crate::encoding::Encoding;
use crate::model::{EdgeKind, Kind};
use crate::store::{self, Db, DocRows, SqlError};
use crate::Lang;
use document::PackageClause;
use protobuf::Message;
use scip::types::{
    symbol_information::Kind as ScipKind, Index, Metadata, SymbolInformation, TextEncoding,
    ToolInfo,
};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use symbol::Package;

/// What to export, and how.
#[derive(Debug, Clone)]
pub struct ScipOptions {
    pub root: PathBuf,
    pub db: PathBuf,
    pub output: PathBuf,
    pub encoding: Encoding,
    /// The command line, for `ToolInfo.arguments`.
    pub arguments: Vec<String>,
}

/// What an export wrote: the answer of `codemap export scip`.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ScipExport {
    pub output: String,
    pub bytes: u64,
    pub position_encoding: &'static str,
    pub documents: u64,
    /// `SymbolInformation` entries in documents.
    pub symbols: u64,
    pub local_symbols: u64,
    pub definitions: u64,
    pub references: u64,
    pub external_symbols: u64,
    /// References among `references` that name a library's member through an import
    /// (`fmt.Println`): external symbols under their package.
    pub library_references: u64,
    pub relationships: u64,
    /// The packages symbols were given (language, manager, name, version).
    pub packages: Vec<PackageUsed>,
    /// What the map holds that the export cannot carry.
    pub left_out: LeftOut,
    pub seconds: f64,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq, PartialOrd, Ord)]
pub struct PackageUsed {
    pub lang: &'static str,
    pub manager: String,
    pub name: String,
    pub version: String,
    /// Where the name came from: a project file's path, or "workspace directory".
    pub from: String,
}

#[derive(Debug, Clone, Serialize, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
pub struct LeftOut {
    /// Edges whose target the map does not know (`resolution` unresolved or external): no
    /// symbol to point at.
    pub unresolved_edges: u64,
    /// Positions on lines a file no longer has, kept in characters.
    pub unconverted_positions: u64,
    /// Files in the map that could not be read for their columns (deleted since the run).
    pub unread_files: u64,
    /// Files changed on disk since the map was built: their positions may be off. The first
    /// few are named in `changed`.
    pub changed_files: u64,
    pub changed: Vec<String>,
    pub note: String,
}

/// Why an export failed.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The map could not be opened (none built, another version's).
    #[error(transparent)]
    Open(#[from] store::StoreError),
    /// A read of the map failed; `what` names the read.
    #[error("cannot read the map ({what}): {source}")]
    Read {
        what: &'static str,
        source: SqlError,
    },
    /// The output could not be written.
    #[error("cannot write {}: {message}", path.display())]
    Write { path: PathBuf, message: String },
}

fn internal(what: &'static str) -> impl Fn(SqlError) -> ExportError {
    move |source| ExportError::Read { what, source }
}

/// A node's kind and parent, by node number.
struct Tree {
    nodes: Vec<(Option<Kind>, i64)>,
}

impl Tree {
    fn load(db: &Db) -> Result<Tree, ExportError> {
        Ok(Tree {
            nodes: db.node_tree().map_err(internal("nodes"))?,
        })
    }

    fn get(&self, id: i64) -> Option<(Kind, i64)> {
        let (k, p) = usize::try_from(id).ok().and_then(|i| self.nodes.get(i))?;
        Some(((*k)?, *p))
    }

    /// The kinds of a node and its ancestors, up to `n` of them.
    fn kinds(&self, id: i64, n: usize) -> Vec<Kind> {
        let mut out = Vec::with_capacity(n);
        let mut at = id;
        while out.len() < n {
            let Some((k, p)) = self.get(at) else { break };
            out.push(k);
            at = p;
        }
        out
    }

    /// Whether a function or method encloses the node: then nothing outside its file can
    /// name it, and it is a local symbol.
    fn in_function(&self, id: i64) -> bool {
        let mut at = self.get(id).map_or(0, |(_, p)| p);
        for _ in 0..64 {
            match self.get(at) {
                Some((Kind::Function | Kind::Method, _)) => return true,
                Some((_, p)) => at = p,
                None => return false,
            }
        }
        false
    }
}

/// The package of each directory, from the nearest project file that names one.
struct Packages {
    root: PathBuf,
    fallback: String,
    by_dir: HashMap<(Lang, String), (Package, String)>,
}

impl Packages {
    fn of_dir(&mut self, lang: Lang, dir: &str) -> (Package, String) {
        if let Some(p) = self.by_dir.get(&(lang, dir.to_string())) {
            return p.clone();
        }
        let spec = &lang.spec().scip;
        let here = spec.manifests.iter().find_map(|(file, read)| {
            // `*.gemspec`: the first file of the folder, by name, that ends so.
            let file = match file.strip_prefix('*') {
                Some(suffix) => {
                    let mut names: Vec<String> = std::fs::read_dir(self.root.join(dir))
                        .ok()?
                        .filter_map(|e| e.ok()?.file_name().into_string().ok())
                        .filter(|n| n.ends_with(suffix) && n.len() > suffix.len())
                        .collect();
                    names.sort();
                    names.into_iter().next()?
                }
                None => file.to_string(),
            };
            let rel = if dir.is_empty() {
                file
            } else {
                format!("{dir}/{file}")
            };
            let text = std::fs::read_to_string(self.root.join(&rel)).ok()?;
            read(&text).map(|p| (p, rel))
        });
        let found = match here {
            Some((p, rel)) => (
                Package {
                    manager: spec.manager.to_string(),
                    name: p.name,
                    version: p.version.unwrap_or_default(),
                },
                rel,
            ),
            None if dir.is_empty() => (
                Package {
                    manager: spec.manager.to_string(),
                    name: self.fallback.clone(),
                    version: String::new(),
                },
                "workspace directory".to_string(),
            ),
            None => {
                let up = crate::walk::parent_dir(dir).to_string();
                self.of_dir(lang, &up)
            }
        };
        self.by_dir.insert((lang, dir.to_string()), found.clone());
        found
    }

    /// The package of a node by its head: a file's or package directory's project, or the
    /// external package itself.
    fn of_head(&mut self, lang: Lang, head: &str) -> Package {
        if let Some(ext) = head.strip_prefix("ext:") {
            return Package::external(lang, ext);
        }
        let path = crate::id::decode_path(head).unwrap_or_else(|| head.to_string());
        // A package's head is its directory with a `/` (the root's is `/` alone).
        let dir = match path.strip_suffix('/') {
            Some(d) => d,
            None => crate::walk::parent_dir(&path),
        };
        self.of_dir(lang, dir).0
    }

    fn used(&self) -> Vec<PackageUsed> {
        let mut seen: Vec<PackageUsed> = self
            .by_dir
            .iter()
            .map(|((lang, _), (p, from))| PackageUsed {
                lang: lang.prefix(),
                manager: p.manager.clone(),
                name: p.name.clone(),
                version: if p.version.is_empty() {
                    ".".into()
                } else {
                    p.version.clone()
                },
                from: from.clone(),
            })
            .collect();
        seen.sort();
        seen.dedup();
        seen
    }
}

/// Names nodes: global symbols by node ID and kinds, locals per document.
struct Namer {
    tree: Tree,
    packages: Packages,
    /// Nodes in a function that another file's edge names: global after all.
    named_elsewhere: HashSet<i64>,
    /// External symbols met: symbol → (display name, kind). Packages, and the members of
    /// packages that calls and type references name.
    externals: BTreeMap<String, (String, ScipKind)>,
}

impl Namer {
    fn is_local(&self, id: i64) -> bool {
        self.tree.in_function(id) && !self.named_elsewhere.contains(&id)
    }

    fn global(&mut self, id: i64, node_id: &str) -> Option<String> {
        let (lang, head, segments) = symbol::split_node_id(node_id)?;
        let pkg = self.packages.of_head(lang, head);
        let suffixes = document::suffixes(segments.len(), &self.tree.kinds(id, segments.len()));
        let s = symbol::global(&pkg, head, &segments, &suffixes);
        if let Some(ext) = head.strip_prefix("ext:") {
            let kind = if lang.spec().scip.files_are_modules {
                ScipKind::Module
            } else {
                ScipKind::Package
            };
            self.externals
                .entry(s.clone())
                .or_insert_with(|| (ext.to_string(), kind));
        }
        Some(s)
    }

    /// The symbol of a library's member that a call or type reference names: the member
    /// under its package's external node (`ext:fmt` + `Println().`).
    fn library(&mut self, lang: Lang, module: &str, member: &str, kind: EdgeKind) -> String {
        let pkg = Package::external(lang, module);
        let (suffix, scip_kind) = match kind {
            EdgeKind::Calls => (symbol::Suffix::Method, ScipKind::Function),
            _ => (symbol::Suffix::Type, ScipKind::Type),
        };
        let s = symbol::global(&pkg, &format!("ext:{module}"), &[member], &[suffix]);
        self.externals
            .entry(s.clone())
            .or_insert_with(|| (member.to_string(), scip_kind));
        s
    }
}

/// `file:///abs/path` with the characters a URI cannot hold escaped.
fn file_uri(path: &Path) -> String {
    let mut out = String::from("file://");
    for b in path.to_string_lossy().bytes() {
        if b.is_ascii_alphanumeric() || b"/-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Write the map's SCIP index to `opts.output`.
pub fn scip(opts: &ScipOptions) -> Result<ScipExport, ExportError> {
    let started = std::time::Instant::now();
    let conn = store::open_for_read(&opts.db)?;
    // One state of the map for the whole export (see `Db::export_snapshot`).
    let _snapshot = conn.export_snapshot().map_err(internal("begin"))?;

    let tree = Tree::load(&conn)?;
    let mut named_elsewhere = HashSet::new();
    conn.targets_named_elsewhere(|t| {
        if tree.in_function(t) {
            named_elsewhere.insert(t);
        }
    })
    .map_err(internal("edges"))?;
    let root_abs = opts
        .root
        .canonicalize()
        .unwrap_or_else(|_| opts.root.clone());
    let fallback = root_abs.file_name().map_or_else(
        || "workspace".to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let mut namer = Namer {
        tree,
        packages: Packages {
            root: opts.root.clone(),
            fallback,
            by_dir: HashMap::new(),
        },
        named_elsewhere,
        externals: BTreeMap::new(),
    };
    let packages = conn.package_nodes().map_err(internal("packages"))?;

    let files = conn.export_files().map_err(internal("files"))?;
    let unresolved_edges = conn.count_unresolved_edges().map_err(internal("edges"))?;

    store::remove_orphans(&opts.output, ".tmp-");
    let tmp = {
        let mut name = opts.output.as_os_str().to_owned();
        name.push(format!(".tmp-{}", std::process::id()));
        PathBuf::from(name)
    };
    let write_err = |e: &dyn std::fmt::Display| ExportError::Write {
        path: opts.output.clone(),
        message: e.to_string(),
    };
    let file = std::fs::File::create(&tmp).map_err(|e| write_err(&e))?;
    let mut out = std::io::BufWriter::with_capacity(1 << 20, file);
    let mut answer = ScipExport {
        output: opts.output.display().to_string(),
        bytes: 0,
        position_encoding: opts.encoding.label(),
        documents: 0,
        symbols: 0,
        local_symbols: 0,
        definitions: 0,
        references: 0,
        external_symbols: 0,
        library_references: 0,
        relationships: 0,
        packages: Vec::new(),
        left_out: LeftOut {
            unresolved_edges,
            ..Default::default()
        },
        seconds: 0.0,
    };
    let result = (|| -> Result<(), ExportError> {
        let metadata = Metadata {
            tool_info: Some(ToolInfo {
                name: "codemap".into(),
                version: env!("CARGO_PKG_VERSION").into(),
                arguments: opts.arguments.clone(),
                ..Default::default()
            })
            .into(),
            project_root: file_uri(&root_abs),
            text_document_encoding: TextEncoding::UTF8.into(),
            ..Default::default()
        };
        field(&mut out, 1, &metadata).map_err(|e| write_err(&e))?;
        for store::ExportFile {
            id: file_id,
            path,
            lang,
            package: package_name,
            stamp: (size, mtime_ns),
        } in &files
        {
            let Some(lang) = Lang::from_prefix(lang) else {
                continue;
            };
            let mut rows: DocRows = conn.doc_rows(*file_id).map_err(internal("a file's rows"))?;
            // The names the file's imports bind.
            let bound: Vec<crate::resolve::ImportName> = rows
                .imports
                .iter()
                .filter_map(|imp| crate::resolve::import_name(lang, imp))
                .collect();
            if rows.symbols.is_empty() {
                continue;
            }
            // The text (for its columns) and its stamp, from one open.
            let read = std::fs::File::open(opts.root.join(path)).and_then(|mut f| {
                let stamp = stamp(&f.metadata()?);
                let mut text = Vec::new();
                std::io::Read::read_to_end(&mut f, &mut text)?;
                Ok((text, stamp))
            });
            let text = match read {
                Ok((text, on_disk)) => {
                    if on_disk != (*size, *mtime_ns) {
                        answer.left_out.changed_files += 1;
                        if answer.left_out.changed.len() < 5 {
                            answer.left_out.changed.push(path.clone());
                        }
                    }
                    Some(text)
                }
                Err(_) => {
                    answer.left_out.unread_files += 1;
                    None
                }
            };
            let lines: Vec<&[u8]> = text
                .as_deref()
                .map(|t| {
                    t.split(|b| *b == b'\n')
                        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
                        .collect()
                })
                .unwrap_or_default();

            // Name every node: this file's function-scoped symbols as `local N`, numbered
            // across the whole index (a reader that keys locals by their text alone, as
            // `scip lint` does, then never mixes two files' locals).
            let mut names: HashMap<i64, String> = HashMap::new();
            let own: HashSet<i64> = rows.symbols.iter().map(|s| s.id).collect();
            for s in &rows.symbols {
                if namer.is_local(s.id) {
                    names.insert(s.id, format!("local {}", answer.local_symbols));
                    answer.local_symbols += 1;
                }
            }
            for id in document::named(&rows.symbols, &rows.edges, &rows.bases, &rows.overrides) {
                if names.contains_key(&id) {
                    continue;
                }
                if !own.contains(&id) && namer.is_local(id) {
                    // Another file's local: nothing here can point at it.
                    continue;
                }
                if let Some(node_id) = rows.ids.get(&id) {
                    if let Some(s) = namer.global(id, node_id) {
                        names.insert(id, s);
                    }
                }
            }
            // Calls and type references into libraries, through the file's imports: named
            // under their package's external node, with numbers no node has (negative).
            let imported: HashSet<String> = rows
                .edges
                .iter()
                .filter(|e| e.kind == EdgeKind::Imports)
                .filter_map(|e| rows.ids.get(&e.target))
                .filter_map(|id| symbol::split_node_id(id))
                .filter_map(|(_, head, _)| head.strip_prefix("ext:").map(str::to_string))
                .collect();
            let mut library_ids: HashMap<String, i64> = HashMap::new();
            for mut e in std::mem::take(&mut rows.library) {
                let Some((module, member)) =
                    document::library_member(&bound, &imported, &e.target_name)
                else {
                    continue;
                };
                let s = namer.library(lang, &module, &member, e.kind);
                let next = -(library_ids.len() as i64) - 1;
                let id = *library_ids.entry(s.clone()).or_insert(next);
                names.insert(id, s);
                e.target = id;
                rows.edges.push(e);
                answer.library_references += 1;
            }
            let file_row = rows.symbols.iter().find(|s| s.kind == Kind::File);
            let clause = file_row
                .and_then(|f| f.parent)
                .and_then(|p| packages.get(&p))
                .and_then(|p| {
                    let symbol = namer.global(p.id, &p.node_id)?;
                    let defines = p.first_file == *file_id;
                    let info = defines.then(|| SymbolInformation {
                        symbol: symbol.clone(),
                        display_name: package_name.clone().unwrap_or_else(|| p.name.clone()),
                        kind: ScipKind::Package.into(),
                        documentation: p
                            .doc
                            .clone()
                            .or_else(|| file_row.and_then(|f| f.doc.clone()))
                            .into_iter()
                            .collect(),
                        ..Default::default()
                    });
                    Some(PackageClause {
                        symbol,
                        name: package_name.clone()?,
                        defines,
                        info,
                    })
                });
            let (doc, counts) = document::build(&document::Input {
                path,
                lang,
                symbols: &rows.symbols,
                edges: &rows.edges,
                bases: &rows.bases,
                overrides: &rows.overrides,
                package: clause.as_ref(),
                names: &names,
                lines: &lines,
                encoding: opts.encoding,
            });
            answer.documents += 1;
            answer.symbols += doc.symbols.len() as u64;
            answer.definitions += counts.definitions;
            answer.references += counts.references;
            answer.relationships += doc
                .symbols
                .iter()
                .map(|s| s.relationships.len() as u64)
                .sum::<u64>();
            answer.left_out.unconverted_positions += counts.unconverted;
            field(&mut out, 2, &doc).map_err(|e| write_err(&e))?;
        }
        for (symbol, (display, kind)) in &namer.externals {
            let info = SymbolInformation {
                symbol: symbol.clone(),
                display_name: display.clone(),
                kind: (*kind).into(),
                ..Default::default()
            };
            field(&mut out, 3, &info).map_err(|e| write_err(&e))?;
            answer.external_symbols += 1;
        }
        out.flush().map_err(|e| write_err(&e))?;
        Ok(())
    })();
    drop(out);
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(e);
    }
    std::fs::rename(&tmp, &opts.output).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        write_err(&e)
    })?;
    answer.bytes = std::fs::metadata(&opts.output).map_or(0, |m| m.len());
    answer.left_out.unresolved_edges -= answer
        .library_references
        .min(answer.left_out.unresolved_edges);
    answer.packages = namer.packages.used();
    answer.left_out.note = format!(
        "{} edges name no symbol: calls on values whose type the code does not state, and \
         names in libraries reached other than through an import (`s.lower()`, `a.b.c()`); \
         SCIP occurrences need a symbol, so they are not exported; `codemap refs` and \
         `resolve` reach them through the language server",
        answer.left_out.unresolved_edges
    );
    answer.seconds = (started.elapsed().as_secs_f64() * 100.0).round() / 100.0;
    Ok(answer)
}

impl ScipExport {
    /// What the answer should warn about: files changed since the map was built.
    pub fn warnings(&self) -> Vec<String> {
        let l = &self.left_out;
        (l.changed_files > 0)
            .then(|| {
                format!(
                    "{} files changed since the map was built (first: {}): their positions may \
                     be off; run `codemap index` and export again",
                    l.changed_files,
                    l.changed.join(", ")
                )
            })
            .into_iter()
            .collect()
    }
}

/// A file's (size, mtime in ns), as the map records them.
fn stamp(m: &std::fs::Metadata) -> (i64, i64) {
    (m.len() as i64, crate::walk::mtime_ns(m))
}

/// One field of the `Index` message, written as it comes: SCIP's streaming form (the
/// repeated fields of `Index` may be concatenated, metadata first).
fn field(out: &mut impl Write, number: u32, msg: &impl Message) -> std::io::Result<()> {
    let bytes = msg.write_to_bytes().map_err(std::io::Error::other)?;
    let mut head = Vec::with_capacity(12);
    varint(&mut head, u64::from(number << 3 | 2)); // length-delimited
    varint(&mut head, bytes.len() as u64);
    out.write_all(&head)?;
    out.write_all(&bytes)
}

/// Protobuf's base-128 varint.
fn varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8 & 0x7f) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Read a SCIP index back (for tests and checks): the whole `Index` message.
pub fn read_index(path: &Path) -> Result<Index, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Index::parse_from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streamed_fields_read_back_as_one_index() {
        let mut buf = Vec::new();
        let meta = Metadata {
            project_root: "file:///w".into(),
            ..Default::default()
        };
        field(&mut buf, 1, &meta).expect("write");
        for p in ["a.py", "b.py"] {
            let doc = scip::types::Document {
                relative_path: p.into(),
                text: "x".repeat(300), // a length over one varint byte
                ..Default::default()
            };
            field(&mut buf, 2, &doc).expect("write");
        }
        let index = Index::parse_from_bytes(&buf).expect("parse");
        assert_eq!(index.metadata.project_root, "file:///w");
        let paths: Vec<&str> = index
            .documents
            .iter()
            .map(|d| d.relative_path.as_str())
            .collect();
        assert_eq!(paths, ["a.py", "b.py"]);
    }

    #[test]
    fn file_uris_escape_what_they_must() {
        assert_eq!(
            file_uri(Path::new("/w/my repo/é")),
            "file:///w/my%20repo/%C3%A9"
        );
    }

    #[test]
    fn encodings_by_label() {
        for e in Encoding::ALL {
            assert_eq!(Encoding::from_label(e.label()), Some(e));
        }
        assert_eq!(Encoding::from_label("UTF8"), Some(Encoding::Utf8));
        assert_eq!(Encoding::from_label("latin1"), None);
    }
}
