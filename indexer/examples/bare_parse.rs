//! The floor for any tree-sitter indexer: read and parse every source file of a tree on all
//! cores, with codemap's walker and grammars, and nothing else. With `--extract`, also run
//! codemap's extraction (queries and symbol building) but write nothing.
//!
//! `cargo run --release --example bare_parse -- DIR [--extract] [--exclude GLOB]...` prints one
//! JSON line: files, bytes, symbols, seconds. With `--walk`, parse and visit every node once
//! with a tree cursor (the floor of an extractor that walks instead of matching queries).
//! With `--reference`, extract through tree-sitter's query cursor and node navigation (the
//! reference the pattern walk is checked against). With `--errors`, print each file whose
//! parse (after the language's `Syntax::prepare`) has an error, and whether the error
//! swallows a declaration (what makes extraction pay for error recovery).

// The same allocator as the codemap binary: the floor is measured on equal terms.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use indexer::extract::{Extractor, Worker};
use indexer::walk::{walk, WalkOptions};
use rayon::prelude::*;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let mut root = None;
    let mut extract = false;
    let mut walk_all = false;
    let mut reference = false;
    let mut errors = false;
    let mut exclude = Vec::new();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--extract" => extract = true,
            "--walk" => walk_all = true,
            "--errors" => errors = true,
            "--reference" => {
                extract = true;
                reference = true;
            }
            "--exclude" => exclude.extend(args.next()),
            _ => root = Some(a),
        }
    }
    let Some(root) = root else {
        eprintln!("usage: bare_parse DIR [--extract] [--exclude GLOB]...");
        std::process::exit(2);
    };
    let extractor = match Extractor::new() {
        Ok(e) => e,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let t = Instant::now();
    let walked = match walk(std::path::Path::new(&root), &WalkOptions { exclude }) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let (bytes, symbols) = walked
        .files
        .par_iter()
        .map_init(
            || (tree_sitter::Parser::new(), Worker::new()),
            |(parser, worker), f| {
                let Ok(src) = std::fs::read(&f.abs) else {
                    return (0, 0);
                };
                if extract {
                    let out = if reference {
                        extractor.extract_reference(worker, f.lang, &f.rel, &src)
                    } else {
                        extractor.extract(worker, f.lang, &f.rel, &src)
                    };
                    return (src.len(), out.symbols.len());
                }
                if parser.set_language(&f.lang.grammar_for(&f.rel)).is_err() {
                    return (0, 0);
                }
                if errors {
                    let src = f.lang.spec().syntax.prepare(&src).unwrap_or(src);
                    let Some(tree) = parser.parse(&src, None) else {
                        return (0, 0);
                    };
                    let root = tree.root_node();
                    if root.has_error() {
                        match indexer::extract::swallows(root, &src, f.lang.spec().syntax) {
                            Some(at) => {
                                let line = 1 + memchr::memchr_iter(b'\n', &src[..at]).count();
                                println!("swallows\t{}:{line}", f.rel);
                            }
                            None => println!("error\t{}", f.rel),
                        }
                    }
                    return (src.len(), usize::from(root.has_error()));
                }
                let tree = parser.parse(&src, None);
                let mut named = 0;
                if let (true, Some(t)) = (walk_all, &tree) {
                    let mut c = t.walk();
                    'walk: loop {
                        named += usize::from(c.node().is_named());
                        if c.goto_first_child() || c.goto_next_sibling() {
                            continue;
                        }
                        loop {
                            if !c.goto_parent() {
                                break 'walk;
                            }
                            if c.goto_next_sibling() {
                                break;
                            }
                        }
                    }
                }
                drop(tree);
                (src.len(), named)
            },
        )
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    println!(
        "{{\"files\": {}, \"bytes\": {bytes}, \"symbols\": {symbols}, \"seconds\": {:.3}}}",
        walked.files.len(),
        t.elapsed().as_secs_f64()
    );
}
