//! The map's vocabulary: symbol kinds, edge kinds, resolution classes, ranges, and what the
//! extractor produces for one file.

use serde::Serialize;

/// The kind of a node in the map (SPEC "Kinds").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    File,
    Package,
    Class,
    Struct,
    Interface,
    Type,
    Function,
    Method,
    Field,
    Constant,
    Variable,
}

impl Kind {
    /// The kind as the map stores it (`symbols.kind_code`; `schema.sql`'s `kind` column names it).
    pub fn code(self) -> i64 {
        self as i64
    }

    /// The kind a stored code names ([`Kind::code`]'s inverse).
    pub fn from_code(code: i64) -> Option<Kind> {
        usize::try_from(code)
            .ok()
            .and_then(|i| Kind::ALL.get(i).copied())
    }

    pub const ALL: [Kind; 11] = [
        Kind::File,
        Kind::Package,
        Kind::Class,
        Kind::Struct,
        Kind::Interface,
        Kind::Type,
        Kind::Function,
        Kind::Method,
        Kind::Field,
        Kind::Constant,
        Kind::Variable,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::File => "file",
            Kind::Package => "package",
            Kind::Class => "class",
            Kind::Struct => "struct",
            Kind::Interface => "interface",
            Kind::Type => "type",
            Kind::Function => "function",
            Kind::Method => "method",
            Kind::Field => "field",
            Kind::Constant => "constant",
            Kind::Variable => "variable",
        }
    }

    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// Kinds that can be called (a call edge may point at them).
    pub fn is_callable(self) -> bool {
        matches!(
            self,
            Kind::Function | Kind::Method | Kind::Class | Kind::Struct | Kind::Type
        )
    }

    /// Kinds that can be a base class or an embedded type.
    pub fn is_type_like(self) -> bool {
        matches!(
            self,
            Kind::Class | Kind::Struct | Kind::Interface | Kind::Type
        )
    }

    /// A rank used to break ties in search: definitions people look for first come first.
    pub fn search_rank(self) -> u8 {
        match self {
            Kind::Class | Kind::Struct | Kind::Interface => 0,
            Kind::Type => 1,
            Kind::Function => 2,
            Kind::Method => 3,
            Kind::Constant => 4,
            Kind::Variable => 5,
            Kind::Field => 6,
            Kind::Package => 7,
            Kind::File => 8,
        }
    }
}

/// The kind of an edge (SPEC "Edges").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EdgeKind {
    Contains,
    Imports,
    Calls,
    Extends,
    Implements,
    /// A type named in an annotation, a declared type, a composite literal or `isinstance`.
    Uses,
}

impl EdgeKind {
    pub const ALL: [EdgeKind; 6] = [
        EdgeKind::Contains,
        EdgeKind::Imports,
        EdgeKind::Calls,
        EdgeKind::Extends,
        EdgeKind::Implements,
        EdgeKind::Uses,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            EdgeKind::Contains => "contains",
            EdgeKind::Imports => "imports",
            EdgeKind::Calls => "calls",
            EdgeKind::Extends => "extends",
            EdgeKind::Implements => "implements",
            EdgeKind::Uses => "uses",
        }
    }

    pub fn parse(s: &str) -> Option<EdgeKind> {
        EdgeKind::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// The small integer the map stores (`edges.kind`; the views spell it out): the kind's
    /// place in [`EdgeKind::ALL`].
    pub fn code(self) -> i64 {
        self as i64
    }

    pub fn from_code(code: i64) -> Option<EdgeKind> {
        usize::try_from(code)
            .ok()
            .and_then(|i| EdgeKind::ALL.get(i).copied())
    }
}

/// How an edge's target was found (SPEC "Edges": resolution).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Resolution {
    /// Same scope or same file.
    Local,
    /// Through an import.
    Import,
    /// Same Go package (another file of the directory).
    Package,
    /// Through a type the code states: an annotation, a declared type, a constructor call, a
    /// function's declared result, a base class or embedded field.
    Inferred,
    /// The only workspace symbol of that name.
    Unique,
    /// Outside the workspace: a package or module it does not hold, or a method of a
    /// builtin or outside type (`str.lower`, `error.Error`). Target NULL, name kept.
    External,
    /// Not found, or ambiguous: target NULL, name kept.
    Unresolved,
}

impl Resolution {
    pub fn as_str(self) -> &'static str {
        match self {
            Resolution::Local => "local",
            Resolution::Import => "import",
            Resolution::Package => "package",
            Resolution::Inferred => "inferred",
            Resolution::Unique => "unique",
            Resolution::External => "external",
            Resolution::Unresolved => "unresolved",
        }
    }

    pub const ALL: [Resolution; 7] = [
        Resolution::Local,
        Resolution::Import,
        Resolution::Package,
        Resolution::Inferred,
        Resolution::Unique,
        Resolution::External,
        Resolution::Unresolved,
    ];

    /// The small integer the map stores (`edges.resolution`): its place in [`Resolution::ALL`].
    pub fn code(self) -> i64 {
        self as i64
    }

    pub fn from_code(code: i64) -> Option<Resolution> {
        usize::try_from(code)
            .ok()
            .and_then(|i| Resolution::ALL.get(i).copied())
    }

    pub fn parse(s: &str) -> Option<Resolution> {
        Resolution::ALL.into_iter().find(|r| r.as_str() == s)
    }
}

/// A 1-based position: line, and column counted in characters (Unicode code points).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Default)]
pub struct Pos {
    pub line: u32,
    pub col: u32,
}

/// A range of positions; `end` is exclusive (the character after the last one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Default)]
pub struct Span {
    pub start: Pos,
    pub end: Pos,
}

/// One definition found in a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbol {
    pub name: String,
    /// The chain of names from the file down to this symbol, with `~N` suffixes.
    pub qualname: String,
    pub kind: Kind,
    pub span: Span,
    pub name_span: Span,
    pub signature: Option<String>,
    pub doc: Option<String>,
    /// Index of the parent symbol in the same file; `None` means the file itself.
    pub parent: Option<usize>,
    /// Number of parameters, for functions and methods (Go method sets use it).
    pub params: Option<u32>,
    /// Go methods: the base name of the receiver type (`*T[K]` gives `T`).
    pub receiver: Option<String>,
}

/// A reference from inside a file that will become a `calls`, `extends` or `uses` edge once
/// resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawRef {
    pub kind: EdgeKind,
    /// The symbol the reference sits in (index into the file's symbols); `None` means the file.
    pub source: Option<u32>,
    /// The target as written, dotted (`self.refresh`, `fmt.Println`, `json.JSONDecoder`);
    /// `?.name` when the receiver is an expression that is not a dotted name.
    pub target: Box<str>,
    /// The type of the first segment of `target`, as a type expression in the file's scope
    /// (see [`TypeFact`]): the enclosing class for `self`/`cls`/`super()`, the receiver's
    /// type, or a parameter's or local variable's stated type.
    pub hint: Option<Box<str>>,
    /// A call's number of arguments, where the language picks an overload by it
    /// (`Language::overloads`).
    pub args: Option<u16>,
    /// A call's argument types as far as the parse tells them, `,`-separated, `` for one it
    /// does not (`KeepCommand,,String`); `None` when it tells none. Of overloads taking as
    /// many arguments, they pick the one whose parameter types they name.
    pub arg_types: Option<Box<str>>,
    pub pos: Pos,
}

impl RawRef {
    /// The last segment of the target: the name a definition must have to be its target.
    pub fn leaf(&self) -> &str {
        leaf_of(&self.target)
    }
}

/// The last segment of a target as written: after the last `.`, `/` or `:` (`self.a.b` →
/// `b`, `./util` → `util`, `crate::dir::Ignore` → `Ignore`). Edges of unchanged files are
/// re-resolved by it when a definition of that name comes or goes.
pub fn leaf_of(target: &str) -> &str {
    target.rsplit(['.', '/', ':']).next().unwrap_or(target)
}

/// The segments of a target as written that [`leaf_of`] does not give: each segment (split
/// at `.`, `/` and `:`, as the leaf is) cut before its first `(` or `[`
/// (`T.TypeParams().Len` → `T`, `TypeParams`), the last one only when cutting changed it,
/// none empty or `?` (an expression's value), each once. With the leaf they are every name a
/// reference spells on its way (`req.Header.Set` reads `Header`), what `name_parts` indexes.
pub fn name_parts(target: &str) -> Vec<&str> {
    let cut = |s: &'_ str| -> usize { s.find(['(', '[']).unwrap_or(s.len()) };
    let segs: Vec<&str> = target.split(['.', '/', ':']).collect();
    let mut out: Vec<&str> = segs
        .iter()
        .enumerate()
        .filter(|&(i, s)| i + 1 < segs.len() || cut(s) < s.len())
        .map(|(_, s)| &s[..cut(s)])
        .filter(|s| !s.is_empty() && *s != "?")
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// What a type fact says about a qualname.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FactRole {
    /// The type of a variable, field or attribute (`x: T`, `x = T()`, `self.x = T()`).
    Type,
    /// The declared result types of a function or method, `, `-separated (Go's several).
    Returns,
    /// A base class or embedded type, in order (one fact each).
    Base,
    /// Go: the file's build constraint, its `//go:build` line's expression (qualname `''`,
    /// the file): which builds compile the file.
    Build,
    /// Python: one name a module's `__all__` lists (qualname `''`, the file), in order: what
    /// `from m import *` brings. [`ANY_EXPORT`] when the list is built in a way the parse
    /// does not follow (`__all__ += other.__all__`).
    Exports,
    /// Macro invocations in the symbol (qualname `''`: the file's level) whose arguments
    /// could not be read as code, counted per macro: `3 quote` ([`unread_fact`]). No type.
    Unread,
    /// A method's or function's number of parameters, where overloads are told apart by it
    /// (`Language::overloads`).
    Params,
    /// A C++ method declared `const` (no type): of two overloads that differ by it
    /// (`T* impl()`, `const T* impl() const`), the one a call on a `const` object means.
    Const,
    /// A static method (no type) beside an instance one of the same name (JavaScript's
    /// `static concat()` and `concat()` in one class): the one a call through the class means.
    Static,
    /// A function declared and not defined where it is written (no type): C's prototype in a
    /// `.c` file of a function defined in another (`Syntax::declared_only`). A call is the
    /// definition's, not the declaration's.
    Declared,
}

impl FactRole {
    pub fn as_str(self) -> &'static str {
        match self {
            FactRole::Type => "type",
            FactRole::Returns => "returns",
            FactRole::Base => "base",
            FactRole::Build => "build",
            FactRole::Exports => "exports",
            FactRole::Unread => "unread",
            FactRole::Params => "params",
            FactRole::Const => "const",
            FactRole::Static => "static",
            FactRole::Declared => "declared",
        }
    }

    pub fn parse(s: &str) -> Option<FactRole> {
        [
            FactRole::Type,
            FactRole::Returns,
            FactRole::Base,
            FactRole::Build,
            FactRole::Exports,
            FactRole::Unread,
            FactRole::Params,
            FactRole::Const,
            FactRole::Static,
            FactRole::Declared,
        ]
        .into_iter()
        .find(|r| r.as_str() == s)
    }
}

/// The fact that `n` invocations of macro `name` in `qualname` could not be read.
pub fn unread_fact(qualname: String, name: &str, n: u32) -> TypeFact {
    TypeFact {
        qualname,
        role: FactRole::Unread,
        ty: format!("{n} {name}"),
    }
}

/// How many invocations an [`FactRole::Unread`] fact counts, and of which macro.
pub fn unread_count(fact_ty: &str) -> Option<(u32, &str)> {
    let (n, name) = fact_ty.split_once(' ')?;
    Some((n.parse().ok()?, name))
}

/// The type expression of an optional value or a result (Rust's `Option<T>`, `Result<T, E>`):
/// `Maybe(T)`; `?` and the language's unwrapping methods give the `T`.
pub const MAYBE: &str = "Maybe(";

/// The type expression of a closure by the value its call gives (Rust's `let m = |p|
/// gi.matched(p);`): `Gives(T)`; `m(x)` is a `T`.
pub const GIVES: &str = "Gives(";

/// An `__all__` entry that stands for names the parse could not read: every name may be
/// exported.
pub const ANY_EXPORT: &str = "*";

/// The prefix of a type expression for a value the code declares `const` (C++'s `const A&
/// a`, `const A* p`): `const A`. It reads as `A`; a call on it picks the `const` overload.
pub const CONST: &str = "const ";

/// The hint of a reference whose first name is a local of a type the code does not tell.
pub const UNKNOWN_TYPE: &str = "?";

/// A type the code states for a qualname of its file, as a type expression written in the
/// file's scope: dotted names, where a segment ending in `()` is a call's result and a final
/// `@N` picks the Nth of several results (`Graph`, `pkg.T`, `pkg.NewT()@0`, `Cls.make()`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TypeFact {
    pub qualname: String,
    pub role: FactRole,
    pub ty: String,
}

/// One import statement's binding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Import {
    /// Python: the module as written, relative ones with their leading dots (`..pkg.mod`).
    /// Go: the import path. TypeScript and JavaScript: the specifier (`./util`, `react`).
    pub module: String,
    /// Python `from m import member`: the member (`*` for a wildcard).
    pub member: Option<String>,
    /// The local name bound, when the code names one (`as x`, Go's explicit package name).
    pub alias: Option<String>,
    /// A re-export (`export { a as b } from "./m"`): the module's names are passed on under
    /// `alias` (or their own), and nothing is bound in the file itself.
    pub reexport: bool,
    pub pos: Pos,
}

/// Everything the extractor found in one file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FileExtract {
    pub symbols: Vec<Symbol>,
    pub refs: Vec<RawRef>,
    pub imports: Vec<Import>,
    /// Go: the name in the package clause.
    pub package: Option<String>,
    /// Python: the module docstring's first line; Go: the package doc comment's first line.
    pub doc: Option<String>,
    /// The tree had syntax errors; what could be recovered was still extracted.
    pub parse_error: bool,
    /// The parse passed the per-file time bound and was stopped: nothing was extracted.
    pub stopped: bool,
    /// Types the code states for the file's variables, fields, attributes and results.
    pub facts: Vec<TypeFact>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_targets_leaf_is_its_last_segment_in_every_language() {
        for (target, leaf) in [
            ("self.store.refresh", "refresh"),
            ("fmt.Println", "Println"),
            ("./util", "util"),
            ("crate::dir::Ignore", "Ignore"),
            ("std::fs", "fs"),
            ("parse", "parse"),
            ("", ""),
        ] {
            assert_eq!(leaf_of(target), leaf, "{target}");
        }
    }

    /// A target's parts and its leaf are each segment it spells once, cut as the outward
    /// walk's per-reference check cuts them (`reads_any`: before `(` or `[`).
    #[test]
    fn a_targets_parts_are_the_segments_its_leaf_does_not_give() {
        for (target, parts) in [
            ("req.Header.Set", &["Header", "req"][..]),
            ("T.TypeParams().Len", &["T", "TypeParams"]),
            ("?.Rhs[].Pos", &["Rhs"]),
            ("?.Field().Type", &["Field"]),
            // The last segment too, when the leaf is not it cut.
            ("a.b()", &["a", "b"]),
            ("x.x.x", &["x"]),
            ("fmt.Println", &["fmt"]),
            ("parse", &[]),
            ("", &[]),
            // Paths: split where the leaf is.
            ("./util", &[]),
            ("../pkg/mod", &["pkg"]),
            ("crate::dir::Ignore", &["crate", "dir"]),
            ("std::fs.File", &["fs", "std"]),
            ("ΦExported.ξ", &["ΦExported"]),
        ] {
            assert_eq!(name_parts(target), parts, "{target}");
        }
    }

    /// The codes the map stores round-trip, and the views spell each one as its name.
    #[test]
    fn stored_codes_round_trip_and_the_views_name_them() {
        let schema = crate::store::SCHEMA;
        for k in EdgeKind::ALL {
            assert_eq!(EdgeKind::from_code(k.code()), Some(k));
            if k != EdgeKind::Contains {
                let when = format!("WHEN {} THEN '{}'", k.code(), k.as_str());
                assert!(schema.contains(&when), "schema.sql lacks {when}");
            }
        }
        for k in Kind::ALL {
            assert_eq!(Kind::from_code(k.code()), Some(k));
            let when = format!("WHEN {} THEN '{}'", k.code(), k.as_str());
            assert!(schema.contains(&when), "schema.sql lacks {when}");
        }
        for r in Resolution::ALL {
            assert_eq!(Resolution::from_code(r.code()), Some(r));
            let when = format!("WHEN {} THEN '{}'", r.code(), r.as_str());
            assert!(schema.contains(&when), "schema.sql lacks {when}");
        }
        assert_eq!(EdgeKind::from_code(-1), None);
        assert_eq!(Resolution::from_code(7), None);
        assert_eq!(Kind::from_code(11), None);
        assert_eq!(Kind::from_code(-1), None);
    }
}
