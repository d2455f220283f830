//! The floor for any tree-sitter indexer: read and parse every source file of a tree on all
//! cores, with the same walker and grammars as codemap, and nothing else.
//!
//! `cargo run --release --example bare_parse -- DIR [EXCLUDE...]` prints files, bytes and seconds.

use indexer::walk::{walk, WalkOptions};
use rayon::prelude::*;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(root) = args.first() else {
        eprintln!("usage: bare_parse DIR [EXCLUDE...]");
        std::process::exit(2);
    };
    let extract = std::env::var_os("EXTRACT").is_some();
    let ex = indexer::extract::Extractor::new().expect("queries");
    let t = Instant::now();
    let walked = match walk(
        std::path::Path::new(root),
        &WalkOptions {
            exclude: args[1..].to_vec(),
        },
    ) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let bytes: usize = walked
        .files
        .par_iter()
        .map_init(
            || (tree_sitter::Parser::new(), indexer::extract::Worker::new()),
            |(parser, worker), f| {
            let Ok(src) = std::fs::read(&f.abs) else { return 0 };
            if extract {
                let out = ex.extract(worker, f.lang, &src);
                return out.symbols.len() * 0 + src.len();
            }
            if parser.set_language(&f.lang.ts_language()).is_err() {
                return 0;
            }
            let _tree = parser.parse(&src, None);
            src.len()
        })
        .sum();
    println!(
        "{{\"files\": {}, \"bytes\": {}, \"seconds\": {:.3}}}",
        walked.files.len(),
        bytes,
        t.elapsed().as_secs_f64()
    );
}
