use super::*;

fn sym(id: i64, name: &str, kind: Kind, line: u32, cols: (u32, u32), end: (u32, u32)) -> DocSymbol {
    DocSymbol {
        id,
        name: name.into(),
        kind,
        start: (line, 1),
        end,
        name_line: line,
        name_cols: cols,
        signature: None,
        doc: None,
        parent: None,
        parent_kind: None,
    }
}

fn edge(source: i64, target: i64, name: &str, kind: EdgeKind, at: Option<(u32, u32)>) -> DocEdge {
    DocEdge {
        source,
        target,
        target_name: name.into(),
        kind,
        line: at.map(|a| a.0),
        col: at.map(|a| a.1),
    }
}

/// (range, symbol, roles) of every occurrence.
fn occs(d: &Document) -> Vec<(Vec<i32>, String, i32)> {
    d.occurrences
        .iter()
        .map(|o| (o.range.clone(), o.symbol.clone(), o.symbol_roles))
        .collect()
}

const PY: &[&str] = &[
    "from .models import Order, Базa",
    "import os.path",
    "",
    "class Café(Базa):",
    "    def naïve(self): return Order().total()",
    "    def total(self): return 1",
];

#[test]
fn python_definitions_references_and_columns() {
    let lines: Vec<&[u8]> = PY.iter().map(|l| l.as_bytes()).collect();
    let mut file = sym(1, "m.py", Kind::File, 1, (1, 1), (7, 1));
    file.doc = Some("A module.".into());
    let mut class = sym(2, "Café", Kind::Class, 4, (7, 11), (6, 30));
    class.parent = Some(1);
    class.parent_kind = Some(Kind::File);
    let mut naive = sym(3, "naïve", Kind::Method, 5, (9, 14), (5, 44));
    naive.start = (5, 5);
    naive.parent = Some(2);
    naive.parent_kind = Some(Kind::Class);
    naive.signature = Some("def naïve(self)".into());
    let mut total = sym(4, "total", Kind::Method, 6, (9, 14), (6, 30));
    total.parent = Some(2);
    total.parent_kind = Some(Kind::Class);
    let symbols = vec![file, class, naive, total];
    let edges = vec![
        edge(1, 10, ".models.Order", EdgeKind::Imports, Some((1, 1))),
        edge(1, 10, ".models.Базa", EdgeKind::Imports, Some((1, 1))),
        edge(1, 11, "os.path", EdgeKind::Imports, Some((2, 1))),
        edge(2, 12, "Базa", EdgeKind::Extends, Some((4, 12))),
        edge(3, 13, "Order", EdgeKind::Calls, Some((5, 29))),
        edge(3, 14, "Order().total", EdgeKind::Calls, Some((5, 37))),
    ];
    let overrides = vec![(4, 14)];
    let names: HashMap<i64, String> = [
        (1, "codemap python p . `m.py`/"),
        (2, "codemap python p . `m.py`/`Café`#"),
        (3, "codemap python p . `m.py`/`Café`#`naïve`()."),
        (4, "codemap python p . `m.py`/`Café`#total()."),
        (10, "codemap python p . `models.py`/"),
        (11, "codemap python os . `ext:os.path`/"),
        (12, "codemap python p . `models.py`/`Базa`#"),
        (13, "codemap python p . `models.py`/Order#"),
        (14, "codemap python p . `models.py`/Order#total()."),
    ]
    .into_iter()
    .map(|(k, v)| (k, v.to_string()))
    .collect();
    let input = |enc| Input {
        path: "m.py",
        lang: Lang::Python,
        symbols: &symbols,
        edges: &edges,
        bases: &edges,
        overrides: &overrides,
        package: None,
        names: &names,
        lines: &lines,
        encoding: enc,
    };
    let (doc, counts) = build(&input(Encoding::Utf8));
    let n = |k: i64| names[&k].clone();
    let def = SymbolRole::Definition as i32;
    let imp = SymbolRole::Import as i32;
    // 'é' is two bytes: Café's name ends at byte 10; 'ï' shifts naïve's end; Базa is 7 bytes.
    assert_eq!(
        occs(&doc),
        vec![
            (vec![0, 0, 0], n(1), def),
            (vec![0, 5, 12], n(10), imp),
            (vec![1, 7, 14], n(11), imp),
            (vec![3, 6, 11], n(2), def),
            (vec![3, 12, 19], n(12), 0),
            (vec![4, 8, 14], n(3), def),
            (vec![4, 29, 34], n(13), 0),
            (vec![4, 37, 42], n(14), 0),
            (vec![5, 8, 13], n(4), def),
        ]
    );
    assert_eq!(
        counts,
        Counts {
            definitions: 4,
            references: 5,
            repeats: 1,
            unnamed: 0,
            unconverted: 1, // the file's end, on line 7, which the text does not have
        }
    );
    let info = |i: usize| &doc.symbols[i];
    assert_eq!(info(0).kind.enum_value(), Ok(ScipKind::Module));
    assert_eq!(info(0).documentation, vec!["A module.".to_string()]);
    assert_eq!(info(1).display_name, "Café");
    assert_eq!(info(1).relationships.len(), 1);
    assert_eq!(info(1).relationships[0].symbol, n(12));
    assert!(info(1).relationships[0].is_implementation && !info(1).relationships[0].is_reference);
    assert_eq!(info(1).enclosing_symbol, "", "the symbol spells its parent");
    assert_eq!(info(2).signature_documentation.text, "def naïve(self)");
    assert_eq!(
        info(2).documentation,
        vec!["```python\ndef naïve(self)\n```".to_string()]
    );
    assert_eq!(info(2).signature_documentation.language, "python");
    assert_eq!(info(3).relationships[0].symbol, n(14));
    assert!(
        info(3).relationships[0].is_reference,
        "an override is a reference too"
    );
    assert_eq!(doc.language, "Python");
    assert_eq!(
        doc.position_encoding.enum_value(),
        Ok(PositionEncoding::UTF8CodeUnitOffsetFromLineStart)
    );

    // UTF-16 and UTF-32 count the same names differently.
    let (doc16, _) = build(&input(Encoding::Utf16));
    assert_eq!(doc16.occurrences[3].range, vec![3, 6, 10]);
    let (doc32, _) = build(&input(Encoding::Utf32));
    assert_eq!(doc32.occurrences[5].range, vec![4, 8, 13]);
    // Without the text, columns stay characters and are counted.
    let (_, c) = build(&Input {
        lines: &[],
        ..input(Encoding::Utf8)
    });
    assert_eq!(
        c.unconverted, 28,
        "4 definitions × 4 points + 6 references × 2"
    );
}

const GO: &[&str] = &[
    "// Package x does things.",
    "/* package y",
    "*/",
    "package x",
    "",
    "import \"example.com/m/y\"",
    "",
    "func (t *T) M() { y.Do() }",
];

#[test]
fn go_package_clause_locals_and_receivers() {
    let lines: Vec<&[u8]> = GO.iter().map(|l| l.as_bytes()).collect();
    assert_eq!(package_clause(&lines, "x"), Some((4, (9, 10))));
    assert_eq!(
        package_clause(&[b"package  x_test // c"], "x_test"),
        Some((1, (10, 16)))
    );
    assert_eq!(package_clause(&[b"// package x"], "x"), None);

    let mut file = sym(1, "a.go", Kind::File, 1, (1, 1), (9, 1));
    file.parent = Some(9);
    file.parent_kind = Some(Kind::Package);
    let mut m = sym(2, "M", Kind::Method, 8, (13, 14), (8, 27));
    m.parent = Some(1);
    m.parent_kind = Some(Kind::File);
    let symbols = vec![file, m];
    let edges = vec![
        edge(1, 20, "example.com/m/y", EdgeKind::Imports, Some((6, 8))),
        edge(2, 21, "y.Do", EdgeKind::Calls, Some((8, 21))),
        edge(2, 22, "I", EdgeKind::Implements, None),
    ];
    let names: HashMap<i64, String> = [
        (1, "codemap gomod m . `a.go`/"),
        (2, "codemap gomod m . `a.go`/T#M()."),
        (9, "codemap gomod m . `/`/"),
        (20, "codemap gomod m . `y/`/"),
        (21, "codemap gomod m . `y/y.go`/Do()."),
    ]
    .into_iter()
    .map(|(k, v)| (k, v.to_string()))
    .collect();
    let pkg = PackageClause {
        symbol: names[&9].clone(),
        name: "x".into(),
        defines: true,
        info: Some(SymbolInformation {
            symbol: names[&9].clone(),
            ..Default::default()
        }),
    };
    let (doc, counts) = build(&Input {
        path: "a.go",
        lang: Lang::Go,
        symbols: &symbols,
        edges: &edges,
        bases: &edges,
        overrides: &[],
        package: Some(&pkg),
        names: &names,
        lines: &lines,
        encoding: Encoding::Utf8,
    });
    let def = SymbolRole::Definition as i32;
    assert_eq!(
        occs(&doc),
        vec![
            (vec![0, 0, 0], names[&1].clone(), def),
            (vec![3, 8, 9], names[&9].clone(), def),
            (
                vec![5, 8, 23],
                names[&20].clone(),
                SymbolRole::Import as i32
            ),
            (vec![7, 12, 13], names[&2].clone(), def),
            (vec![7, 20, 22], names[&21].clone(), 0),
        ]
    );
    assert_eq!(
        counts.unnamed, 0,
        "implements edges are relationships, not occurrences"
    );
    assert!(
        doc.symbols[1].relationships.is_empty(),
        "a target without a name is left out"
    );
    assert_eq!(doc.symbols[0].kind.enum_value(), Ok(ScipKind::File));
    assert_eq!(
        doc.symbols[0].enclosing_symbol, names[&9],
        "a Go file names its package"
    );
    assert_eq!(doc.symbols[1].enclosing_symbol, "");
    assert_eq!(
        doc.symbols.len(),
        3,
        "the package's information is in its first file"
    );
}

#[test]
fn suffixes_from_ancestor_kinds() {
    use Suffix::*;
    assert_eq!(
        suffixes(2, &[Kind::Method, Kind::Class, Kind::File]),
        vec![Type, Method]
    );
    assert_eq!(
        suffixes(2, &[Kind::Method, Kind::File]),
        vec![Type, Method],
        "a receiver"
    );
    assert_eq!(
        suffixes(
            3,
            &[Kind::Variable, Kind::Function, Kind::Function, Kind::File]
        ),
        vec![Method, Method, Term]
    );
    assert_eq!(suffixes(0, &[Kind::File]), Vec::<Suffix>::new());
}

#[test]
fn words_and_leaves() {
    assert_eq!(leaf("self.graph.add"), "add");
    assert_eq!(leaf("super().total"), "total");
    assert_eq!(leaf("pkg.Type[int]"), "Type");
    assert_eq!(leaf("fill"), "fill");
    // Whole words only, the first at or after the column, else the last before it.
    assert_eq!(
        find_word("add(x); add(y)", "add", 3, crate::syntax::is_word_char),
        Some((9, 12))
    );
    assert_eq!(
        find_word("padd(add)", "add", 1, crate::syntax::is_word_char),
        Some((6, 9))
    );
    assert_eq!(
        find_word("x = add", "add", 99, crate::syntax::is_word_char),
        Some((5, 8))
    );
    assert_eq!(
        find_word("address", "add", 1, crate::syntax::is_word_char),
        None
    );
    assert_eq!(find_word("", "", 1, crate::syntax::is_word_char), None);
}

#[test]
fn library_members_through_imports() {
    use crate::resolve::ImportName;
    let b = |name: &str, module: &str, member: Option<&str>| ImportName {
        name: name.into(),
        module: module.into(),
        member: member.map(str::to_string),
    };
    let bound = vec![
        b("fmt", "fmt", None),
        b("join", "os.path", Some("join")),
        b("np", "numpy", None),
        b("store", "example.com/shop/store", None),
    ];
    let external: HashSet<String> = ["fmt", "os.path", "numpy"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let m = |t: &str| library_member(&bound, &external, t);
    let some = |a: &str, b: &str| Some((a.to_string(), b.to_string()));
    assert_eq!(m("fmt.Println"), some("fmt", "Println"));
    assert_eq!(m("join"), some("os.path", "join"));
    assert_eq!(m("np.array"), some("numpy", "array"));
    assert_eq!(
        m("np.linalg.norm"),
        None,
        "a chain: what `linalg` is is not known"
    );
    assert_eq!(m("store.New"), None, "the workspace's own package");
    assert_eq!(m("s.lower"), None, "a value, not an import");
    assert_eq!(m("fmt"), None, "the package itself");
    assert_eq!(m("super().total"), None);
}
