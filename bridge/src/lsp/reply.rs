//! How the result of each request codemap asks is read from the server's reply into its
//! `lsp-types` type (`R::Result`). Lists are read element by element: an element a server got
//! wrong is left out, not the whole reply. A rename's edit is read whole, since half an edit
//! is a wrong one.

use super::capabilities::read_capabilities;
use lsp_types::{
    CallHierarchyIncomingCall, CallHierarchyItem, CallHierarchyOutgoingCall,
    DocumentSymbolResponse, GotoDefinitionResponse, Hover, InitializeResult, Location,
    LocationLink, OneOf, ServerInfo, SymbolInformation, WorkspaceEdit, WorkspaceSymbol,
    WorkspaceSymbolResponse,
};
use serde::Deserialize;
use serde_json::Value;

/// A request's result as read from the reply; `Err` says why it cannot be.
pub trait Decode: Sized {
    fn decode(v: Value) -> Result<Self, String>;
}

/// The elements of a reply (an array, one value, or null) that decode as `T`.
fn each<T: serde::de::DeserializeOwned>(v: &Value) -> Vec<T> {
    let one = |x: &Value| T::deserialize(x).ok();
    match v {
        Value::Array(a) => a.iter().filter_map(one).collect(),
        Value::Null => Vec::new(),
        x => one(x).into_iter().collect(),
    }
}

/// `Location | Location[] | LocationLink[] | null` as locations (a link's target and its
/// selection range), whichever each element is.
fn locations(v: &Value) -> Vec<Location> {
    each::<OneOf<LocationLink, Location>>(v)
        .into_iter()
        .map(|l| match l {
            OneOf::Left(link) => Location {
                uri: link.target_uri,
                range: link.target_selection_range,
            },
            OneOf::Right(l) => l,
        })
        .collect()
}

/// `initialize`: the capabilities read field by field, the server's name when it says it.
impl Decode for InitializeResult {
    fn decode(v: Value) -> Result<Self, String> {
        Ok(InitializeResult {
            capabilities: read_capabilities(&v["capabilities"]),
            server_info: ServerInfo::deserialize(&v["serverInfo"]).ok(),
        })
    }
}

/// `shutdown`: whatever it answers.
impl Decode for () {
    fn decode(_: Value) -> Result<Self, String> {
        Ok(())
    }
}

/// `definition`, `implementation`.
impl Decode for Option<GotoDefinitionResponse> {
    fn decode(v: Value) -> Result<Self, String> {
        Ok(Some(GotoDefinitionResponse::Array(locations(&v))))
    }
}

/// `references` (locations; links too, from a server that sends them).
impl Decode for Option<Vec<Location>> {
    fn decode(v: Value) -> Result<Self, String> {
        Ok(Some(locations(&v)))
    }
}

/// `hover`: none for null or a reply that does not decode.
impl Decode for Option<Hover> {
    fn decode(v: Value) -> Result<Self, String> {
        Ok(Hover::deserialize(&v).ok())
    }
}

/// `documentSymbol`: the hierarchical outline (a flat one has no `DocumentSymbol` in it).
impl Decode for Option<DocumentSymbolResponse> {
    fn decode(v: Value) -> Result<Self, String> {
        Ok(Some(DocumentSymbolResponse::Nested(each(&v))))
    }
}

/// `workspace/symbol`: `SymbolInformation` and `WorkspaceSymbol` elements alike, each as a
/// `WorkspaceSymbol`.
impl Decode for Option<WorkspaceSymbolResponse> {
    fn decode(v: Value) -> Result<Self, String> {
        let found = each::<OneOf<SymbolInformation, WorkspaceSymbol>>(&v)
            .into_iter()
            .map(|s| match s {
                OneOf::Left(i) => WorkspaceSymbol {
                    name: i.name,
                    kind: i.kind,
                    tags: i.tags,
                    container_name: i.container_name,
                    location: OneOf::Left(i.location),
                    data: None,
                },
                OneOf::Right(w) => w,
            })
            .collect();
        Ok(Some(WorkspaceSymbolResponse::Nested(found)))
    }
}

/// `textDocument/diagnostic`: a full report's items; an unchanged one (never asked for: no
/// previous result id is sent) or a partial result as what it holds.
impl Decode for lsp_types::DocumentDiagnosticReportResult {
    fn decode(v: Value) -> Result<Self, String> {
        use lsp_types::{
            DocumentDiagnosticReport, DocumentDiagnosticReportResult, FullDocumentDiagnosticReport,
            RelatedFullDocumentDiagnosticReport,
        };
        let items = match v.get("items") {
            Some(items) => each(items),
            None if v.get("kind").and_then(Value::as_str) == Some("full") => Vec::new(),
            None => {
                return Err(format!(
                    "not a diagnostic report: {}",
                    super::transport::truncate(&v.to_string(), 200)
                ))
            }
        };
        Ok(DocumentDiagnosticReportResult::Report(
            DocumentDiagnosticReport::Full(RelatedFullDocumentDiagnosticReport {
                related_documents: None,
                full_document_diagnostic_report: FullDocumentDiagnosticReport {
                    result_id: None,
                    items,
                },
            }),
        ))
    }
}

/// `prepareCallHierarchy`.
impl Decode for Option<Vec<CallHierarchyItem>> {
    fn decode(v: Value) -> Result<Self, String> {
        Ok(Some(each(&v)))
    }
}

/// `callHierarchy/incomingCalls`.
impl Decode for Option<Vec<CallHierarchyIncomingCall>> {
    fn decode(v: Value) -> Result<Self, String> {
        Ok(Some(each(&v)))
    }
}

/// `callHierarchy/outgoingCalls`.
impl Decode for Option<Vec<CallHierarchyOutgoingCall>> {
    fn decode(v: Value) -> Result<Self, String> {
        Ok(Some(each(&v)))
    }
}

/// `rename`: none for null; a reply that is no `WorkspaceEdit` is an error.
impl Decode for Option<WorkspaceEdit> {
    fn decode(v: Value) -> Result<Self, String> {
        Option::<WorkspaceEdit>::deserialize(&v).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn lists_keep_what_decodes() {
        let r = json!({"start": {"line": 1, "character": 2}, "end": {"line": 1, "character": 5}});
        let reply = json!([
            {"uri": "file:///a.go", "range": r},
            {"uri": "file:///b.go"},
            {"targetUri": "file:///c.go", "targetRange": r, "targetSelectionRange": r},
        ]);
        let Ok(Some(GotoDefinitionResponse::Array(found))) =
            Option::<GotoDefinitionResponse>::decode(reply)
        else {
            panic!("not decoded as locations");
        };
        let uris: Vec<&str> = found.iter().map(|l| l.uri.as_str()).collect();
        assert_eq!(uris, ["file:///a.go", "file:///c.go"]);
        assert!(matches!(Option::<Hover>::decode(json!(3)), Ok(None)));
        assert!(matches!(
            Option::<WorkspaceEdit>::decode(json!(null)),
            Ok(None)
        ));
        assert!(Option::<WorkspaceEdit>::decode(json!({"changes": 3})).is_err());
    }
}
