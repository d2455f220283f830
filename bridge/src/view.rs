//! `codemap view`: the page. [`answer::query::ViewGraph`] (the model) becomes one
//! self-contained HTML file: the model as JSON, the page's script and style, and the graph
//! library (cytoscape, vendored in `bridge/assets` with its licence and version, re-fetched
//! and checked by `scripts/vendor-cytoscape`), all inline: the page asks no host for anything.

use answer::query::ViewGraph;

/// cytoscape's minified build, as npm ships it (MIT; `bridge/assets/cytoscape.LICENSE`).
const CYTOSCAPE: &str = include_str!("../assets/cytoscape.min.js");
/// Its version (`bridge/assets/cytoscape.VERSION`).
pub const CYTOSCAPE_VERSION: &str = include_str!("../assets/cytoscape.VERSION");
const SCRIPT: &str = include_str!("../assets/view.js");
const STYLE: &str = include_str!("../assets/view.css");

/// The page for a model.
pub fn page(g: &ViewGraph) -> String {
    let model = serde_json::to_string(g).unwrap_or_else(|_| "{}".to_string());
    let mut out = String::with_capacity(CYTOSCAPE.len() + model.len() + 32 * 1024);
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    // Nothing from elsewhere: no script, style, image, font or connection but the page's own.
    out.push_str("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:\">\n");
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out.push_str(&format!(
        "<title>codemap view · {}</title>\n",
        escape_html(&g.root)
    ));
    out.push_str("<style>\n");
    out.push_str(STYLE);
    out.push_str("</style>\n</head>\n<body>\n");
    out.push_str("<header><h1>codemap view <span id=\"title-root\"></span></h1>");
    out.push_str("<div id=\"stats\"></div>");
    out.push_str("<input id=\"search\" type=\"search\" placeholder=\"Search hubs and clusters…\" autocomplete=\"off\">");
    out.push_str("</header>\n<main><div id=\"graph\"></div><aside id=\"panel\"></aside></main>\n");
    out.push_str("<script type=\"application/json\" id=\"model\">");
    out.push_str(&script_safe(&model));
    out.push_str("</script>\n");
    out.push_str(&format!(
        "<script>/* cytoscape {} (MIT) */\n",
        CYTOSCAPE_VERSION.trim()
    ));
    // Verbatim: it holds no `</script` or `<!--` (`the_library_is_inlined_verbatim`).
    out.push_str(CYTOSCAPE);
    out.push_str("\n</script>\n<script>\n");
    out.push_str(SCRIPT);
    out.push_str("</script>\n</body>\n</html>\n");
    out
}

/// Text placed inside a `<script>` element: no `</` that could close it early (`<\/` reads
/// the same in JavaScript strings and JSON).
fn script_safe(text: &str) -> String {
    text.replace("</", "<\\/").replace("<!--", "<\\!--")
}

fn escape_html(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_text_cannot_close_its_element() {
        assert_eq!(
            script_safe(r#"{"doc":"</script><!-- x"}"#),
            r#"{"doc":"<\/script><\!-- x"}"#
        );
        // Still JSON, and the same value.
        let v: serde_json::Value =
            serde_json::from_str(&script_safe(r#"{"a":"</b>"}"#)).unwrap_or_default();
        assert_eq!(v["a"], "</b>");
    }

    #[test]
    fn the_library_is_inlined_verbatim() {
        assert!(!CYTOSCAPE.contains("</") && !CYTOSCAPE.contains("<!--"));
        assert!(SCRIPT.contains("cytoscape(") && !SCRIPT.contains("</"));
    }

    #[test]
    fn the_page_loads_nothing_from_elsewhere() {
        let g = ViewGraph {
            root: "/w/<x>".into(),
            files: 0,
            focus: None,
            clusters_total: 0,
            unclustered_files: 0,
            clusters: vec![],
            cluster_links: vec![],
            cluster_links_total: 0,
            symbols: vec![],
            symbol_links: vec![],
            top_hubs: vec![],
            dropped: vec![],
            warnings: vec![],
        };
        let p = page(&g);
        assert!(p.contains("<title>codemap view · /w/&lt;x&gt;</title>"));
        for needle in ["<script src", "<link", "@import", "url(http", "src=\"http"] {
            assert!(!p.contains(needle), "{needle}");
        }
        assert_eq!(p.matches("<script").count(), 3);
    }
}
