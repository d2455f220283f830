//! The checks behind the fuzz targets (`fuzz/`), callable from ordinary tests too: each takes
//! arbitrary bytes, drives one parser, and panics only when an invariant breaks. Every input a
//! fuzzer found crashing is kept under `fuzz/regressions/<target>/` and replayed by
//! `tests/e2e/reliability.rs`.

use indexer::extract::{Extractor, Worker};
use indexer::id::NodeId;
use indexer::lang::Lang;
use indexer::outline::OutlineSymbol;
use std::io::Cursor;

/// The fuzz targets by name, for the replay test. `extract` covers every language of the
/// registry: its input's first byte picks one.
pub const TARGETS: [&str; 4] = ["node_id", "locate", "extract", "lsp_frame"];

/// Run the check `target` names on `data`; false for an unknown name. Besides [`TARGETS`],
/// `extract_<language>` (`extract_python`) runs the extraction check on one language.
pub fn run(target: &str, data: &[u8]) -> bool {
    match target {
        "node_id" => node_id(data),
        "locate" => locate(data),
        "lsp_frame" => lsp_frames(data),
        "extract" => {
            let Some((&pick, source)) = data.split_first() else {
                return true;
            };
            extract(Lang::ALL[pick as usize % Lang::ALL.len()], source);
        }
        t => match t.strip_prefix("extract_").and_then(Lang::from_name) {
            Some(lang) => extract(lang, data),
            None => return false,
        },
    }
    true
}

/// A parsed ID prints back to a string that parses to the same ID.
pub fn node_id(data: &[u8]) {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(id) = NodeId::parse(s) {
        let again = id.to_string();
        let back = NodeId::parse(&again);
        assert!(back.as_ref() == Ok(&id), "{s:?} → {again:?} → {back:?}");
    }
}

/// Positions of every symbol lie inside the text, ends never precede starts, and every
/// symbol makes a well-formed node ID.
pub fn extract(lang: Lang, data: &[u8]) {
    let Some(ex) = extractor() else {
        return;
    };
    let out = ex.extract_source(lang, data);
    let lines = data.split(|&b| b == b'\n').count() as u32;
    for s in &out.symbols {
        for span in [s.span, s.name_span] {
            assert!(span.start.line >= 1 && span.start.col >= 1, "{s:?}");
            assert!(span.end.line <= lines.max(1), "{s:?} beyond {lines} lines");
            assert!(
                (span.start.line, span.start.col) <= (span.end.line, span.end.col),
                "{s:?}"
            );
        }
        if let Some(p) = s.parent {
            assert!(p < out.symbols.len(), "{s:?}");
        }
        assert!(!s.qualname.is_empty(), "{s:?}");
        let id = NodeId::symbol_id(lang, "f.x", &s.qualname);
        assert!(NodeId::parse(&id).is_ok(), "{id:?} from {s:?}");
    }
}

/// The first line is the locate string, the rest the file's text (parsed in the language of
/// the string's file name, the registry's first when it has none). A match lies inside the text.
pub fn locate(data: &[u8]) {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let (query, text) = s.split_once('\n').unwrap_or((s, ""));
    let Ok(loc) = crate::locate::parse(query) else {
        return;
    };
    let lang = Lang::of_path(std::path::Path::new(&loc.file)).unwrap_or(Lang::ALL[0]);
    let Some(ex) = extractor() else {
        return;
    };
    let outline = OutlineSymbol::from_symbols(
        ex.extract(&mut Worker::new(), lang, &loc.file, text.as_bytes())
            .symbols,
    );
    if let Ok(found) = crate::locate::locate(text, &outline, &loc) {
        let lines = text.split('\n').count() as u32;
        assert!(
            found.pos.line >= 1 && found.pos.line <= lines.max(1),
            "{query:?}: {found:?}"
        );
        assert!(found.pos.col >= 1, "{query:?}: {found:?}");
    }
}

/// Frames are read until the stream ends or breaks; each frame read is a JSON value, and the
/// reader never asks for more than the input holds.
pub fn lsp_frames(data: &[u8]) {
    let mut r = Cursor::new(data);
    for _ in 0..10_000 {
        match crate::lsp::read_frame(&mut r) {
            Some(Ok(_)) => {}
            Some(Err(_)) | None => break,
        }
    }
}

fn extractor() -> Option<&'static Extractor> {
    Extractor::shared().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_target_runs_on_sample_input() {
        for t in TARGETS {
            assert!(run(t, b"py:a.py#f\nx = 1\n"), "{t}");
        }
        assert!(!run("nope", b""));
        locate(b"a.py:f@<|>x\ndef f():\n    return x\n");
        lsp_frames(b"Content-Length: 2\r\n\r\n{}Content-Length: 5\r\n\r\n{}");
    }
}
