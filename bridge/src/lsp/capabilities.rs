//! Both sides of `initialize`: what codemap says it can take, and what the server says it can
//! do, typed (`lsp_types::ServerCapabilities`), with the questions the tools ask of that: does
//! it offer this request, and how does it count columns.

use super::error::LspError;
use indexer::encoding::Encoding;
use indexer::lang::Setting;
use lsp_types::{
    CallHierarchyServerCapability, ClientCapabilities, DiagnosticClientCapabilities,
    DocumentSymbolClientCapabilities, GeneralClientCapabilities, HoverClientCapabilities,
    HoverProviderCapability, ImplementationProviderCapability, InitializeParams, MarkupKind, OneOf,
    PositionEncodingKind, PublishDiagnosticsClientCapabilities, ServerCapabilities,
    TextDocumentClientCapabilities, TextDocumentSyncClientCapabilities, WindowClientCapabilities,
    WorkspaceClientCapabilities, WorkspaceFolder,
};
use serde::Deserialize;
use serde_json::{json, Map, Value};

/// A request a tool may ask for, offered by a server or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Capability {
    Definition,
    References,
    Implementation,
    Hover,
    WorkspaceSymbol,
    CallHierarchy,
    Rename,
    /// Diagnostics asked for (`textDocument/diagnostic`, the pull model); a server without it
    /// publishes them.
    Diagnostic,
}

impl Capability {
    /// The capability's name in `initialize`'s answer (`definitionProvider`, …), as warnings
    /// say it.
    pub fn name(self) -> &'static str {
        match self {
            Capability::Definition => "definitionProvider",
            Capability::References => "referencesProvider",
            Capability::Implementation => "implementationProvider",
            Capability::Hover => "hoverProvider",
            Capability::WorkspaceSymbol => "workspaceSymbolProvider",
            Capability::CallHierarchy => "callHierarchyProvider",
            Capability::Rename => "renameProvider",
            Capability::Diagnostic => "diagnosticProvider",
        }
    }

    /// Whether `caps` offer it: present and not `false` (options, even empty, offer it).
    pub(super) fn offered_by(self, caps: &ServerCapabilities) -> bool {
        fn either<T>(o: &Option<OneOf<bool, T>>) -> bool {
            !matches!(o, None | Some(OneOf::Left(false)))
        }
        match self {
            Capability::Definition => either(&caps.definition_provider),
            Capability::References => either(&caps.references_provider),
            Capability::WorkspaceSymbol => either(&caps.workspace_symbol_provider),
            Capability::Rename => either(&caps.rename_provider),
            Capability::Implementation => !matches!(
                caps.implementation_provider,
                None | Some(ImplementationProviderCapability::Simple(false))
            ),
            Capability::Hover => !matches!(
                caps.hover_provider,
                None | Some(HoverProviderCapability::Simple(false))
            ),
            Capability::CallHierarchy => !matches!(
                caps.call_hierarchy_provider,
                None | Some(CallHierarchyServerCapability::Simple(false))
            ),
            Capability::Diagnostic => caps.diagnostic_provider.is_some(),
        }
    }
}

impl std::fmt::Display for Capability {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// `initialize`'s `capabilities`, read field by field where the whole does not decode: a
/// capability a server states in a shape `lsp-types` does not know costs that capability, not
/// every other one.
pub(super) fn read_capabilities(v: &Value) -> ServerCapabilities {
    if let Ok(caps) = ServerCapabilities::deserialize(v) {
        return caps;
    }
    let Some(fields) = v.as_object() else {
        return ServerCapabilities::default();
    };
    let readable: Map<String, Value> = fields
        .iter()
        .filter(|(k, x)| {
            let one = Map::from_iter([((*k).clone(), (*x).clone())]);
            ServerCapabilities::deserialize(&Value::Object(one)).is_ok()
        })
        .map(|(k, x)| (k.clone(), x.clone()))
        .collect();
    ServerCapabilities::deserialize(&Value::Object(readable)).unwrap_or_default()
}

/// How the server counts columns: what it chose among those offered (UTF-8, UTF-16), UTF-16
/// when it says nothing.
pub(super) fn encoding(caps: &ServerCapabilities) -> Encoding {
    match caps.position_encoding.as_ref().map(|e| e.as_str()) {
        Some("utf-8") => Encoding::Utf8,
        Some("utf-32") => Encoding::Utf32,
        _ => Encoding::Utf16,
    }
}

/// `initialize`'s params: the root as the first workspace folder (the others a setup's own,
/// below it), and what codemap can take:
/// UTF-8 or UTF-16 columns, hierarchical outlines, markdown or plain hovers, configuration and
/// workspace folders asked of it, work-done progress.
pub(super) fn initialize_params(
    folders: Vec<WorkspaceFolder>,
    settings: &[(&str, Setting)],
    top_level: bool,
    flags: &[(&str, bool)],
) -> Result<InitializeParams, LspError> {
    let uri = folders
        .first()
        .map(|f| f.uri.clone())
        .ok_or(LspError::NoCommand)?;
    let mut options = match (settings.is_empty(), top_level) {
        (true, _) => json!({}),
        (false, true) => settings_json(settings),
        (false, false) => json!({ "settings": settings_json(settings) }),
    };
    let flags: Vec<(&str, Setting)> = flags.iter().map(|(k, v)| (*k, Setting::Bool(*v))).collect();
    if let (Value::Object(o), Value::Object(f)) = (&mut options, settings_json(&flags)) {
        for (k, v) in f {
            o.entry(k).or_insert(v);
        }
    }
    #[allow(deprecated)] // `rootUri`: servers that predate workspace folders read it.
    Ok(InitializeParams {
        initialization_options: options
            .as_object()
            .is_some_and(|o| !o.is_empty())
            .then_some(options),
        process_id: Some(std::process::id()),
        root_uri: Some(uri.clone()),
        workspace_folders: Some(folders),
        capabilities: ClientCapabilities {
            general: Some(GeneralClientCapabilities {
                position_encodings: Some(vec![
                    PositionEncodingKind::UTF8,
                    PositionEncodingKind::UTF16,
                ]),
                ..Default::default()
            }),
            text_document: Some(TextDocumentClientCapabilities {
                document_symbol: Some(DocumentSymbolClientCapabilities {
                    hierarchical_document_symbol_support: Some(true),
                    ..Default::default()
                }),
                hover: Some(HoverClientCapabilities {
                    content_format: Some(vec![MarkupKind::Markdown, MarkupKind::PlainText]),
                    ..Default::default()
                }),
                synchronization: Some(TextDocumentSyncClientCapabilities {
                    dynamic_registration: Some(false),
                    ..Default::default()
                }),
                // Published diagnostics carry the version they were computed for, so a wait
                // knows which text a list is about; the pull model is taken where offered.
                publish_diagnostics: Some(PublishDiagnosticsClientCapabilities {
                    version_support: Some(true),
                    ..Default::default()
                }),
                diagnostic: Some(DiagnosticClientCapabilities {
                    dynamic_registration: Some(false),
                    related_document_support: Some(false),
                }),
                ..Default::default()
            }),
            workspace: Some(WorkspaceClientCapabilities {
                configuration: Some(true),
                workspace_folders: Some(true),
                ..Default::default()
            }),
            window: Some(WindowClientCapabilities {
                work_done_progress: Some(true),
                ..Default::default()
            }),
            // rust-analyzer says when it is quiescent (done loading and indexing): its own
            // extension, which lsp-types has no field for.
            experimental: Some(json!({"serverStatusNotification": true})),
            ..Default::default()
        },
        ..Default::default()
    })
}

/// Dotted settings as nested JSON: `java.import.maven.enabled` → `{"java": {"import": …}}`.
pub(super) fn settings_json(settings: &[(&str, Setting)]) -> Value {
    fn put(obj: &mut Map<String, Value>, parts: &[&str], v: Value) {
        match parts {
            [] => {}
            [last] => {
                obj.insert(last.to_string(), v);
            }
            [first, rest @ ..] => {
                let next = obj
                    .entry(first.to_string())
                    .or_insert_with(|| Value::Object(Map::new()));
                if !next.is_object() {
                    *next = Value::Object(Map::new());
                }
                if let Some(o) = next.as_object_mut() {
                    put(o, rest, v);
                }
            }
        }
    }
    let mut root = Map::new();
    for (key, value) in settings {
        let v = match value {
            Setting::Bool(b) => json!(b),
            Setting::Str(s) => json!(s),
            Setting::Strings(s) => json!(s),
        };
        put(&mut root, &key.split('.').collect::<Vec<_>>(), v);
    }
    Value::Object(root)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn offered_when_present_and_not_false() {
        let caps = read_capabilities(&json!({
            "definitionProvider": true,
            "referencesProvider": {},
            "hoverProvider": false,
            "renameProvider": {"prepareProvider": true},
            "callHierarchyProvider": true,
            "positionEncoding": "utf-8",
            // A shape lsp-types does not know costs this field alone.
            "implementationProvider": 7,
        }));
        let offered: Vec<&str> = [
            Capability::Definition,
            Capability::References,
            Capability::Implementation,
            Capability::Hover,
            Capability::WorkspaceSymbol,
            Capability::CallHierarchy,
            Capability::Rename,
        ]
        .into_iter()
        .filter(|c| c.offered_by(&caps))
        .map(Capability::name)
        .collect();
        assert_eq!(
            offered,
            [
                "definitionProvider",
                "referencesProvider",
                "callHierarchyProvider",
                "renameProvider"
            ]
        );
        assert_eq!(encoding(&caps), Encoding::Utf8);
        assert_eq!(encoding(&read_capabilities(&json!(null))), Encoding::Utf16);
    }

    /// What is sent at `initialize`, as the protocol's JSON (the same bytes as when it was
    /// written by hand).
    #[test]
    fn initialize_sends_what_codemap_takes() {
        let root = WorkspaceFolder {
            uri: "file:///w/my%20repo".parse().expect("uri"),
            name: "workspace".into(),
        };
        let params = initialize_params(vec![root], &[], false, &[]).expect("params");
        let mut sent = serde_json::to_value(params).expect("json");
        assert_eq!(sent["processId"], json!(std::process::id()));
        sent["processId"] = json!(1);
        assert_eq!(
            sent,
            json!({
                "processId": 1,
                "rootUri": "file:///w/my%20repo",
                "workspaceFolders": [{"uri": "file:///w/my%20repo", "name": "workspace"}],
                "capabilities": {
                    "general": {"positionEncodings": ["utf-8", "utf-16"]},
                    "textDocument": {
                        "documentSymbol": {"hierarchicalDocumentSymbolSupport": true},
                        "hover": {"contentFormat": ["markdown", "plaintext"]},
                        "synchronization": {"dynamicRegistration": false},
                        "publishDiagnostics": {"versionSupport": true},
                        "diagnostic": {"dynamicRegistration": false, "relatedDocumentSupport": false},
                    },
                    "workspace": {"configuration": true, "workspaceFolders": true},
                    "window": {"workDoneProgress": true},
                    "experimental": {"serverStatusNotification": true},
                },
            })
        );
    }

    #[test]
    fn settings_nest_by_their_dots() {
        let s = [
            ("java.import.maven.enabled", Setting::Bool(false)),
            ("java.import.gradle.enabled", Setting::Bool(false)),
            (
                "java.project.sourcePaths",
                Setting::Strings(vec!["src".into()]),
            ),
        ];
        assert_eq!(
            settings_json(&s),
            json!({"java": {
                "import": {"maven": {"enabled": false}, "gradle": {"enabled": false}},
                "project": {"sourcePaths": ["src"]},
            }})
        );
    }
}
