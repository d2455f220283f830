//! Every rule of SPEC's locate, as a table.

use super::*;
use indexer::extract::Extractor;
use indexer::lang::Lang;

const PY: &str = r#"import os

class Store:
    """Keeps things."""

    def get(self, key):
        value = self.cache.get(key)
        if value is None:
            value = load(key)
        return value

    def put(self, key, value):
        self.cache[key] = value
        return value

def load(key):
    x = a+b
    y = f(x, y)
    s = "<|> in code"
    return os.path.join(key, "int a")
"#;

fn outline_of(text: &str) -> Vec<OutlineSymbol> {
    let ex = Extractor::new().expect("queries compile");
    OutlineSymbol::from_symbols(ex.extract_source(Lang::Python, text.as_bytes()).symbols)
}

/// `Ok((line, col))` or `Err(code)`.
fn at(s: &str) -> Result<(u32, u32), &'static str> {
    let loc = parse(s).map_err(|e| e.code.as_str())?;
    locate(PY, &outline_of(PY), &loc)
        .map(|l| (l.pos.line, l.pos.col))
        .map_err(|e| e.code.as_str())
}

#[test]
fn parses_every_form() {
    type Want<'a> = Result<(&'a str, Scope, Option<&'a str>), &'a str>;
    let cases: &[(&str, Want<'_>)] = &[
        ("a.py", Ok(("a.py", Scope::File, None))),
        ("a.py:42", Ok(("a.py", Scope::Lines(42, 42), None))),
        ("a.py:10-20", Ok(("a.py", Scope::Lines(10, 20), None))),
        ("a.py:10,20", Ok(("a.py", Scope::Lines(10, 20), None))),
        (
            "a.py:Cls.m",
            Ok(("a.py", Scope::Symbol("Cls.m".into()), None)),
        ),
        ("a.py:f~2", Ok(("a.py", Scope::Symbol("f~2".into()), None))),
        (
            "a.py:Cls@return <|>x",
            Ok(("a.py", Scope::Symbol("Cls".into()), Some("return <|>x"))),
        ),
        ("a.py@self.<|>", Ok(("a.py", Scope::File, Some("self.<|>")))),
        ("a.py:@x: int", Ok(("a.py", Scope::File, Some("x: int")))),
        (
            "src/@scope/x.go:3@a",
            Ok(("src/@scope/x.go", Scope::Lines(3, 3), Some("a"))),
        ),
        ("dir.py/x.go@a", Ok(("dir.py/x.go", Scope::File, Some("a")))),
        ("a.py:42@", Ok(("a.py", Scope::Lines(42, 42), Some("")))),
        ("a.txt:3", Err("BAD_ARGS")),
        ("a.py:0", Err("BAD_ARGS")),
        ("a.py:20-10", Err("BAD_ARGS")),
        ("a.py:Cls..m", Err("BAD_ARGS")),
        ("a.py:1a", Err("BAD_ARGS")),
        ("", Err("BAD_ARGS")),
    ];
    for (input, want) in cases {
        let got = parse(input)
            .map(|l| (l.file, l.scope, l.find))
            .map_err(|e| e.code.as_str());
        let want = want
            .clone()
            .map(|(f, s, x)| (f.to_string(), s, x.map(str::to_string)));
        assert_eq!(got, want, "{input:?}");
    }
}

#[test]
fn resolves_every_rule() {
    type Want = Result<(u32, u32), &'static str>;
    let cases: &[(&str, Want)] = &[
        // Natural positions: a symbol's name; a line's first non-blank character.
        ("a.py:Store.get", Ok((6, 9))),
        ("a.py:load", Ok((16, 5))),
        ("a.py:7", Ok((7, 9))),
        ("a.py:7@", Ok((7, 9))),
        ("a.py:6-9", Ok((6, 5))),
        // One line declaring a symbol: its name, not the keyword before it.
        ("a.py:6", Ok((6, 9))),
        // The marker, in a symbol scope; without a marker, the start of the match.
        ("a.py:Store.get@return <|>value", Ok((10, 16))),
        ("a.py:Store.get@return value", Ok((10, 9))),
        ("a.py:Store.put@return <|>value", Ok((14, 16))),
        // A lone marker: the start of the scope.
        ("a.py:7@<|>", Ok((7, 1))),
        // The same text in two methods: ambiguous without a scope.
        ("a.py@return <|>value", Err("LOCATE_AMBIGUOUS")),
        ("a.py:10@return <|>value", Ok((10, 16))),
        ("a.py:12-14@return <|>value", Ok((14, 16))),
        // Identifiers are atomic: `key` does not match inside `keys`, `a` not in `load`.
        ("a.py:17@a", Ok((17, 9))),
        ("a.py:load@a", Err("LOCATE_AMBIGUOUS")),
        ("a.py:Store@ke", Err("LOCATE_NO_MATCH")),
        // A space needs a space; punctuation allows any spacing.
        ("a.py@x = a + b", Err("LOCATE_NO_MATCH")),
        ("a.py@x = a+b", Ok((17, 5))),
        ("a.py@x=a+b", Ok((17, 5))),
        ("a.py@x = a+<|>b", Ok((17, 11))),
        ("a.py@f( x,y )", Err("LOCATE_NO_MATCH")),
        ("a.py@f(x,<|>y)", Ok((18, 14))),
        ("a.py@f(x, <|>y)", Ok((18, 14))),
        ("a.py@returnvalue", Err("LOCATE_NO_MATCH")),
        ("a.py@int a", Ok((20, 31))),
        ("a.py@inta", Err("LOCATE_NO_MATCH")),
        // Attribute access across dots.
        ("a.py@self.cache.<|>get", Ok((7, 28))),
        // The marker inside an identifier: the identifier whole, the spot inside it.
        ("a.py@self.ca<|>che.get", Ok((7, 24))),
        ("a.py:Store.get@ca<|>che", Ok((7, 24))),
        ("a.py@self.ca<|>ch.get", Err("LOCATE_NO_MATCH")),
        ("a.py:Store.put@self . <|>cache", Err("LOCATE_NO_MATCH")),
        ("a.py:Store.put@self.<|>cache", Ok((13, 14))),
        // The code holds `<|>`: the deeper marker is the one.
        ("a.py@s = \"<|> <<|>>in code", Ok((19, 14))),
        ("a.py@<|> <|>", Err("BAD_ARGS")),
        // Scopes that do not exist.
        ("a.py:Nope@x", Err("SYMBOL_NOT_FOUND")),
        ("a.py:99", Err("LOCATE_NO_MATCH")),
        ("a.py@definitely_absent", Err("LOCATE_NO_MATCH")),
    ];
    let wrong: Vec<String> = cases
        .iter()
        .filter(|(input, want)| at(input) != *want)
        .map(|(input, want)| format!("{input:?}: got {:?}, want {want:?}", at(input)))
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn ranges_cover_the_match_or_the_scope() {
    let o = outline_of(PY);
    let r = |s: &str| {
        let l = locate(PY, &o, &parse(s).expect("parses")).expect("locates");
        (
            l.range.start.line,
            l.range.start.col,
            l.range.end.line,
            l.range.end.col,
        )
    };
    assert_eq!(r("a.py@x = a+b"), (17, 5, 17, 12));
    assert_eq!(r("a.py:Store.put"), (12, 5, 14, 21));
    assert_eq!(r("a.py:6-7"), (6, 1, 8, 1));
}

#[test]
fn columns_are_characters() {
    let text = "s = \"🎉 日本\"; t = 1\n";
    let loc = parse("a.py@t = <|>1").expect("parses");
    let l = locate(text, &[], &loc).expect("locates");
    assert_eq!((l.pos.line, l.pos.col), (1, 17));
}

#[test]
fn a_match_in_code_is_chosen_over_matches_in_comment_lines() {
    let text = "def run():\n    # call helper() first, then helper() again\n    return helper()\n\n\ndef twice():\n    # helper\n    helper()\n    return helper()\n";
    let at = |s: &str| {
        let loc = parse(s).map_err(|e| e.code.as_str())?;
        locate(text, &outline_of(text), &loc)
            .map(|l| (l.pos.line, l.pos.col))
            .map_err(|e| e.code.as_str())
    };
    assert_eq!(at("a.py:run@<|>helper"), Ok((3, 12)));
    // Only in the comment: found there.
    assert_eq!(at("a.py:run@call <|>helper"), Ok((2, 12)));
    // Two in code: still ambiguous.
    assert_eq!(at("a.py:twice@<|>helper"), Err("LOCATE_AMBIGUOUS"));
    // `#` is no comment in C: `#define` lines are code.
    let c = "#define helper_on 1\nint f(void) { return helper_on; }\n";
    let loc = parse("a.c@helper_on").map_err(|e| e.code.as_str());
    let got = loc.and_then(|l| locate(c, &[], &l).map_err(|e| e.code.as_str()));
    assert_eq!(got.map(|l| l.pos.line), Err("LOCATE_AMBIGUOUS"));
}

/// `(line, col)` of a locate string in a TypeScript text, or the error's code.
fn ts_at(text: &'static str) -> impl Fn(&str) -> Result<(u32, u32), &'static str> {
    let ex = Extractor::new().expect("queries compile");
    let outline =
        OutlineSymbol::from_symbols(ex.extract_source(Lang::TypeScript, text.as_bytes()).symbols);
    move |s| {
        let loc = parse(s).map_err(|e| e.code.as_str())?;
        locate(text, &outline, &loc)
            .map(|l| (l.pos.line, l.pos.col))
            .map_err(|e| e.code.as_str())
    }
}

#[test]
fn a_scope_with_overloads_is_each_of_them() {
    // TypeScript's overload signatures, then the body: the body is `use`, the signatures
    // `use~2`, `use~3` (`Syntax::bodiless`).
    let at = ts_at("export function use(a: string): string\nexport function use(a: number): number\nexport function use(a: any) {\n  return wrap(a)\n}\n\nfunction two(a: string): void\nfunction two(a: any) { call(a) }\nfunction two2() { call(1) }\n");
    assert_eq!(at("a.ts:use@return <|>wrap"), Ok((4, 10)));
    assert_eq!(at("a.ts:use~3@return <|>wrap"), Err("LOCATE_NO_MATCH"));
    assert_eq!(at("a.ts:two@<|>call"), Ok((8, 24)));
    // In no overload: the first's error.
    assert_eq!(at("a.ts:use@nowhere"), Err("LOCATE_NO_MATCH"));
    // The name alone: the one with a body, past the signatures (zod's `string`); a mark
    // names a signature, in their order.
    assert_eq!(at("a.ts:use"), Ok((3, 17)));
    assert_eq!(at("a.ts:two"), Ok((8, 10)));
    assert_eq!(at("a.ts:use~2"), Ok((1, 17)));
    assert_eq!(at("a.ts:use~3"), Ok((2, 17)));
    // Methods: a class's overload signatures, then its body; an interface's (no body) keep
    // their order.
    let at = ts_at("class C {\n  m(a: string): void\n  m(a: any) {}\n}\ninterface I {\n  n(a: string): void\n  n(a: number): void\n}\n");
    assert_eq!(at("a.ts:C.m"), Ok((3, 3)));
    assert_eq!(at("a.ts:I.n"), Ok((6, 3)));
}
