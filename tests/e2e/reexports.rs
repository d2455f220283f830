//! Python re-exports (issue 35, item 1): a name a package hands on from a private module
//! (`from ._models import *` in `__init__.py`, named, aliased, absolute, through a chain of
//! `__init__.py`, a cycle of `*` imports) leads to its definition, so the callers and the
//! subclasses written against the package's API are found. The fixture is shaped like httpx.

use crate::util::*;

/// The edges from the fixture's tests: (source, target or '', as written, kind, resolution).
fn test_edges(root: &std::path::Path) -> Vec<String> {
    rows(
        &db(root),
        "SELECT source, coalesce(target, ''), target_name, kind, resolution FROM all_edges \
         WHERE source LIKE 'py:tests/%' AND kind NOT IN ('contains', 'imports')",
    )
}

#[test]
fn names_a_package_re_exports_lead_to_their_definitions() {
    let ws = fixture("py_reexports");
    index(ws.path());
    let got = test_edges(ws.path());
    let t = "py:tests/test_client.py";
    let want = [
        // `class MyClient(webby.Client)`: `*` of `_client`, whose `__all__` lists it.
        format!("{t}#MyClient|py:webby/_client.py#Client|webby.Client|extends|import"),
        // `from webby import MockTransport`: a chain of two `__init__.py`.
        format!(
            "{t}#EchoTransport|py:webby/_transports/mock.py#MockTransport|MockTransport|extends|import"
        ),
        format!("{t}#MyClient.send|py:webby/_client.py#Client.send|super().send|calls|inferred"),
        format!("{t}#test_get|py:webby/_client.py#Client|webby.Client|calls|import"),
        // Through the type of a value made by a re-exported class.
        format!("{t}#test_get|py:webby/_client.py#Client.send|client.send|calls|inferred"),
        format!("{t}#test_get|py:webby/_models.py#Request|webby.Request|calls|import"),
        format!("{t}#test_get|py:webby/_api.py#get|webby.get|calls|import"),
        // `from webby import Response as Resp`.
        format!("{t}#test_get|py:webby/_models.py#Response|Resp|calls|import"),
        format!(
            "{t}#test_get|py:webby/_models.py#Response.raise_for_status|Resp().raise_for_status|calls|inferred"
        ),
        format!("{t}#test_get|py:webby/_models.py#Response|webby.Response|calls|import"),
        // `from webby._models import Response as HTTPResponse`: absolute, aliased.
        format!("{t}#test_get|py:webby/_models.py#Response|webby.HTTPResponse|calls|import"),
        // Public but not in `_models.__all__`: `*` does not bring it.
        format!("{t}#test_get||webby.Unlisted|calls|unresolved"),
        // The submodule itself.
        format!("{t}#test_get|py:webby/_models.py#Response|webby._models.Response|calls|import"),
        // A cycle of `*` imports (cyc/__init__ ← a ← cyc, a ↔ b) ends.
        "py:tests/test_cycle.py#test_cycle|py:cyc/a.py#f|cyc.f|calls|import".to_string(),
        "py:tests/test_cycle.py#test_cycle|py:cyc/b.py#g|cyc.g|calls|import".to_string(),
        "py:tests/test_cycle.py#test_cycle||cyc.missing|calls|unresolved".to_string(),
    ];
    let mut want: Vec<String> = want.to_vec();
    want.sort();
    assert_eq!(got, want);
}

#[test]
fn callers_and_subclasses_through_re_exports_are_neighbors_and_implementations() {
    let ws = fixture("py_reexports");
    index(ws.path());
    let (v, code) = json(
        ws.path(),
        &[
            "neighbors",
            "py:webby/_models.py#Response",
            "--direction",
            "in",
        ],
    );
    assert_eq!(code, 0, "{v}");
    let callers: std::collections::BTreeSet<&str> = v["data"]["edges"]
        .as_array()
        .expect("edges")
        .iter()
        .filter(|e| e["kind"] == "calls")
        .filter_map(|e| e["from"].as_str())
        .collect();
    assert!(
        callers.contains("py:tests/test_client.py#test_get"),
        "the test calls Response through the package: {v}"
    );
    let (v, code) = json(ws.path(), &["--no-lsp", "impls", "webby/_client.py:Client"]);
    assert_eq!(code, 0, "{v}");
    let text = v["data"].to_string();
    assert!(
        text.contains("py:tests/test_client.py#MyClient"),
        "a subclass of webby.Client: {v}"
    );
    let (v, code) = json(
        ws.path(),
        &[
            "path",
            "py:tests/test_client.py#test_get",
            "py:webby/_models.py#Request",
        ],
    );
    assert_eq!(code, 0, "{v}");
    assert!(
        v["data"].to_string().contains("webby/_models.py#Request"),
        "{v}"
    );
}
