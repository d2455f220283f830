//! Prints a file's syntax tree as tree-sitter sees it, with field names and positions: a tool
//! for writing query files (`cargo run --example sexp -- path/to/file`). The text is what
//! codemap parses: what the language's `Syntax::prepare` blanks is blank; `SEXP_PREPARED=1`
//! prints that text instead of the tree.

use indexer::lang::Lang;
use std::path::Path;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: sexp FILE")?;
    let lang = Lang::of_path(Path::new(&path)).ok_or("not a language codemap reads")?;
    let src = std::fs::read(&path)?;
    // As codemap parses it: what the language blanks first (`Syntax::prepare`) blanked.
    let src = lang.spec().syntax.prepare(&src).unwrap_or(src);
    if std::env::var_os("SEXP_PREPARED").is_some() {
        use std::io::Write;
        std::io::stdout().write_all(&src)?;
        return Ok(());
    }
    let mut parser = tree_sitter::Parser::new();
    parser.set_language(&lang.grammar_for(&path))?;
    let tree = parser.parse(&src, None).ok_or("no tree")?;
    let mut cursor = tree.walk();
    let mut depth = 0;
    loop {
        let n = cursor.node();
        let field = cursor
            .field_name()
            .map(|f| format!("{f}: "))
            .unwrap_or_default();
        let leaf = if n.is_missing() {
            " MISSING".to_string()
        } else if n.child_count() == 0 {
            format!(" {:?}", n.utf8_text(&src).unwrap_or(""))
        } else {
            String::new()
        };
        if n.is_named()
            || n.is_missing()
            || n.child_count() == 0 && n.kind().chars().all(char::is_alphabetic)
        {
            println!(
                "{}{field}{} [{}:{}]{leaf}",
                "  ".repeat(depth),
                n.kind(),
                n.start_position().row + 1,
                n.start_position().column
            );
        }
        if cursor.goto_first_child() {
            depth += 1;
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return Ok(());
            }
            depth -= 1;
        }
    }
}
