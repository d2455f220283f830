//! Table tests of extraction on inline sources.

use super::recover::blank;
use super::*;
use crate::lang::DefTag;
use crate::model::{EdgeKind, FactRole, Kind};
use expect_test::{expect, Expect};
use std::fmt::Write;

fn render(lang: Lang, src: &str) -> String {
    let ex = Extractor::new().expect("queries compile");
    let out = ex.extract_source(lang, src.as_bytes());
    let mut s = String::new();
    for sym in &out.symbols {
        let parent = sym
            .parent
            .map_or("-".to_string(), |p| out.symbols[p].qualname.clone());
        let _ = writeln!(
            s,
            "{} {} {}:{}-{}:{} name@{}:{} parent={} sig={:?} doc={:?}{}",
            sym.kind.as_str(),
            sym.qualname,
            sym.span.start.line,
            sym.span.start.col,
            sym.span.end.line,
            sym.span.end.col,
            sym.name_span.start.line,
            sym.name_span.start.col,
            parent,
            sym.signature.as_deref().unwrap_or(""),
            sym.doc.as_deref().unwrap_or(""),
            sym.params.map_or(String::new(), |p| format!(" params={p}")),
        );
    }
    for r in &out.refs {
        let source = r.source.map_or("<file>".to_string(), |p| {
            out.symbols[p as usize].qualname.clone()
        });
        let _ = writeln!(
            s,
            "{} {} -> {} @{}:{}{}",
            r.kind.as_str(),
            source,
            r.target,
            r.pos.line,
            r.pos.col,
            r.hint
                .as_ref()
                .map_or(String::new(), |h| format!(" hint={h}"))
        );
    }
    for i in &out.imports {
        let _ = writeln!(
            s,
            "import {} member={:?} alias={:?}",
            i.module, i.member, i.alias
        );
    }
    if let Some(p) = &out.package {
        let _ = writeln!(s, "package {p}");
    }
    if let Some(d) = &out.doc {
        let _ = writeln!(s, "filedoc {d:?}");
    }
    if out.parse_error {
        s.push_str("parse_error\n");
    }
    s
}

fn check(lang: Lang, src: &str, want: Expect) {
    want.assert_eq(&render(lang, src));
}

#[test]
fn python_classes_methods_and_nesting() {
    check(
        Lang::Python,
        r#""""Session storage."""
import os
from .base import Base as B, helper

MAX_AGE = 30
store = {}

class SessionStore(B):
    """Keeps sessions.

    More text.
    """
    ttl: int = 5

    def refresh(self, token: str, *, force=False) -> "Session":
        self.check(token)
        helper(os.path.join("a", "b"))
        def inner():
            local = 1
            return local
        return inner()

    @property
    def name(self):
        return "x"

    @name.setter
    def name(self, v):
        pass

    class Inner:
        def m(self): ...

def outer():
    def inner(): pass
    class Local:
        field = 1
"#,
        expect![[r#"
            constant MAX_AGE 5:1-5:13 name@5:1 parent=- sig="MAX_AGE = 30" doc=""
            variable store 6:1-6:11 name@6:1 parent=- sig="store = {}" doc=""
            class SessionStore 8:1-32:25 name@8:7 parent=- sig="class SessionStore(B)" doc="Keeps sessions."
            field SessionStore.ttl 13:5-13:17 name@13:5 parent=SessionStore sig="ttl: int = 5" doc=""
            method SessionStore.refresh 15:5-21:23 name@15:9 parent=SessionStore sig="def refresh(self, token: str, *, force=False) -> \"Session\"" doc="" params=3
            function SessionStore.refresh.inner 18:9-20:25 name@18:13 parent=SessionStore.refresh sig="def inner()" doc="" params=0
            method SessionStore.name 23:5-25:19 name@24:9 parent=SessionStore sig="def name(self)" doc="" params=1
            method SessionStore.name~2 27:5-29:13 name@28:9 parent=SessionStore sig="def name(self, v)" doc="" params=2
            class SessionStore.Inner 31:5-32:25 name@31:11 parent=SessionStore sig="class Inner" doc=""
            method SessionStore.Inner.m 32:9-32:25 name@32:13 parent=SessionStore.Inner sig="def m(self)" doc="" params=1
            function outer 34:1-37:18 name@34:5 parent=- sig="def outer()" doc="" params=0
            function outer.inner 35:5-35:22 name@35:9 parent=outer sig="def inner()" doc="" params=0
            class outer.Local 36:5-37:18 name@36:11 parent=outer sig="class Local" doc=""
            field outer.Local.field 37:9-37:18 name@37:9 parent=outer.Local sig="field = 1" doc=""
            extends SessionStore -> B @8:20
            uses SessionStore.ttl -> int @13:10
            uses SessionStore.refresh -> str @15:30
            calls SessionStore.refresh -> self.check @16:14 hint=SessionStore
            calls SessionStore.refresh -> helper @17:9
            calls SessionStore.refresh -> os.path.join @17:24
            calls SessionStore.refresh -> inner @21:16
            calls SessionStore -> property @23:6
            calls SessionStore -> name.setter @27:11
            import os member=None alias=None
            import .base member=Some("Base") alias=Some("B")
            import .base member=Some("helper") alias=None
            filedoc "Session storage."
        "#]],
    );
}

#[test]
fn python_variables_first_binding_and_conditionals() {
    check(
        Lang::Python,
        r#"try:
    import json
except ImportError:
    json = None
if True:
    X = 1
else:
    X = 2
a, b = 1, 2
c = d = 3
def f(): pass
f = wrap(f)
def f(): pass
"#,
        expect![[r#"
            variable json 4:5-4:16 name@4:5 parent=- sig="json = None" doc=""
            constant X 6:5-6:10 name@6:5 parent=- sig="X = 1" doc=""
            variable a 9:1-9:12 name@9:1 parent=- sig="a, b = 1, 2" doc=""
            variable b 9:1-9:12 name@9:4 parent=- sig="a, b = 1, 2" doc=""
            variable c 10:1-10:10 name@10:1 parent=- sig="c = d = 3" doc=""
            variable d 10:5-10:10 name@10:5 parent=- sig="d = 3" doc=""
            function f 11:1-11:14 name@11:5 parent=- sig="def f()" doc="" params=0
            function f~2 13:1-13:14 name@13:5 parent=- sig="def f()" doc="" params=0
            calls <file> -> wrap @12:5
            import json member=None alias=None
        "#]],
    );
}

#[test]
fn go_types_methods_fields_and_calls() {
    check(
        Lang::Go,
        r#"// Package http does things.
package http

import (
	"fmt"
	nurl "net/url"
)

// Server serves.
// More.
type Server struct {
	Addr    string // TCP address
	a, b    int
	*Base
	sync.Mutex
	inner struct {
		deep int
	}
}

type Handler interface {
	ServeHTTP(w ResponseWriter, r *Request)
	io.Closer
}

type (
	ID   int
	List[T any] []T
	Alias = Server
)

const Max, Min = 10, 1

var _ Handler = (*Server)(nil)
var _ = fmt.Sprintf

// Serve accepts.
func (s *Server) Serve(l net.Listener) error {
	s.handle(l)
	fmt.Println(nurl.Parse("x"))
	var local = 1
	type localT struct{ x int }
	return helper()
}

func (l *List[T]) Len() int { return len(*l) }

func generic() {
	first[string](1)
	nurl.Of[int, bool](2)
	s.get[[]byte](3)
	fns[0](4)
}

func helper() error { return nil }
func init() {}
func init() {}
"#,
        expect![[r#"
            struct Server 11:1-19:2 name@11:6 parent=- sig="type Server struct" doc="Server serves."
            field Server.Addr 12:2-12:16 name@12:2 parent=Server sig="Addr string" doc="TCP address"
            field Server.a 13:2-13:13 name@13:2 parent=Server sig="a, b int" doc=""
            field Server.b 13:2-13:13 name@13:5 parent=Server sig="a, b int" doc=""
            field Server.Base 14:2-14:7 name@14:3 parent=Server sig="*Base" doc=""
            field Server.Mutex 15:2-15:12 name@15:7 parent=Server sig="sync.Mutex" doc=""
            field Server.inner 16:2-18:3 name@16:2 parent=Server sig="inner struct" doc=""
            field Server.inner.deep 17:3-17:11 name@17:3 parent=Server.inner sig="deep int" doc=""
            interface Handler 21:1-24:2 name@21:6 parent=- sig="type Handler interface" doc=""
            method Handler.ServeHTTP 22:2-22:41 name@22:2 parent=Handler sig="ServeHTTP(w ResponseWriter, r *Request)" doc="" params=2
            type ID 27:2-27:10 name@27:2 parent=- sig="type ID int" doc=""
            type List 28:2-28:17 name@28:2 parent=- sig="type List[T any] []T" doc=""
            type Alias 29:2-29:16 name@29:2 parent=- sig="type Alias = Server" doc=""
            constant Max 32:1-32:23 name@32:7 parent=- sig="const Max, Min = 10, 1" doc=""
            constant Min 32:1-32:23 name@32:12 parent=- sig="const Max, Min = 10, 1" doc=""
            variable _ 34:1-34:31 name@34:5 parent=- sig="var _ Handler = (*Server)(nil)" doc=""
            variable _~2 35:1-35:20 name@35:5 parent=- sig="var _ = fmt.Sprintf" doc=""
            method Server.Serve 38:1-44:2 name@38:18 parent=Server sig="func (s *Server) Serve(l net.Listener) error" doc="Serve accepts." params=1
            method List.Len 46:1-46:47 name@46:19 parent=List sig="func (l *List[T]) Len() int" doc="" params=0
            function generic 48:1-53:2 name@48:6 parent=- sig="func generic()" doc="" params=0
            function helper 55:1-55:35 name@55:6 parent=- sig="func helper() error" doc="" params=0
            function init 56:1-56:15 name@56:6 parent=- sig="func init()" doc="" params=0
            function init~2 57:1-57:15 name@57:6 parent=- sig="func init()" doc="" params=0
            uses Server.Addr -> string @12:10
            uses Server.b -> int @13:10
            extends Server -> Base @14:3
            extends Server -> sync.Mutex @15:7
            uses Server.inner.deep -> int @17:8
            uses Handler.ServeHTTP -> ResponseWriter @22:14
            uses Handler.ServeHTTP -> Request @22:33
            extends Handler -> io.Closer @23:5
            uses ID -> int @27:7
            uses Alias -> Server @29:10
            uses _ -> Handler @34:7
            uses Server.Serve -> net.Listener @38:30
            uses Server.Serve -> error @38:40
            calls Server.Serve -> s.handle @39:4 hint=Server
            calls Server.Serve -> fmt.Println @40:6
            calls Server.Serve -> nurl.Parse @40:19
            uses Server.Serve -> int @42:24
            calls Server.Serve -> helper @43:9
            uses List.Len -> int @46:25
            calls List.Len -> len @46:38
            calls generic -> first @49:2
            calls generic -> nurl.Of @50:7
            calls generic -> s.get @51:4
            uses helper -> error @55:15
            import fmt member=None alias=None
            import net/url member=None alias=Some("nurl")
            package http
            filedoc "Package http does things."
        "#]],
    );
}

#[test]
fn positions_count_characters_not_bytes() {
    check(
        Lang::Python,
        "s = \"é🎉\"; t = 1\nclass Ünïcode:\n    def méthode(self): pass\n",
        expect![[r#"
            variable s 1:1-1:9 name@1:1 parent=- sig="s = \"é🎉\"" doc=""
            variable t 1:11-1:16 name@1:11 parent=- sig="t = 1" doc=""
            class Ünïcode 2:1-3:28 name@2:7 parent=- sig="class Ünïcode" doc=""
            method Ünïcode.méthode 3:5-3:28 name@3:9 parent=Ünïcode sig="def méthode(self)" doc="" params=1
        "#]],
    );
}

#[test]
fn broken_input_is_data() {
    // Syntax errors: what parses is still extracted, and the file is flagged.
    check(
        Lang::Python,
        "def ok(): pass\ndef broken(:\n    pass\nclass After: pass\n",
        expect![[r#"
            function ok 1:1-1:15 name@1:5 parent=- sig="def ok()" doc="" params=0
            function broken 2:1-3:9 name@2:5 parent=- sig="def broken(" doc="" params=0
            class After 4:1-4:18 name@4:7 parent=- sig="class After" doc=""
            parse_error
        "#]],
    );
    // CRLF and a BOM: same lines and columns as without them.
    check(
        Lang::Go,
        "\u{feff}package p\r\n\r\nfunc F() {}\r\n",
        expect![[r#"
            function F 3:1-3:12 name@3:6 parent=- sig="func F()" doc="" params=0
            package p
        "#]],
    );
    // Invalid UTF-8 in a string does not stop extraction.
    let ex = Extractor::new().expect("queries compile");
    let out = ex.extract_source(Lang::Python, b"x = '\xff\xfe'\ndef g(): pass\n");
    assert_eq!(out.symbols.len(), 2);
    // Deep nesting does not overflow the stack.
    let deep = format!(
        "x = {}1{}\ndef after(): pass\n",
        "(".repeat(5000),
        ")".repeat(5000)
    );
    let out = ex.extract_source(Lang::Python, deep.as_bytes());
    assert!(out.symbols.iter().any(|s| s.name == "after"));
    let deep_go = format!(
        "package p\nvar x = {}1{}\nfunc After() {{}}\n",
        "(".repeat(5000),
        ")".repeat(5000)
    );
    let out = ex.extract_source(Lang::Go, deep_go.as_bytes());
    assert!(out.symbols.iter().any(|s| s.name == "After"));
}

#[test]
fn scope_rules_table() {
    use Kind::*;
    type Case<'a> = (
        Lang,
        DefTag,
        Option<Kind>,
        Option<&'a str>,
        &'a str,
        Option<Kind>,
    );
    let cases: &[Case<'_>] = &[
        (
            Lang::Python,
            DefTag::Function,
            None,
            None,
            "f",
            Some(Function),
        ),
        (
            Lang::Python,
            DefTag::Function,
            Some(Class),
            None,
            "f",
            Some(Method),
        ),
        (
            Lang::Python,
            DefTag::Function,
            Some(Method),
            None,
            "f",
            Some(Function),
        ),
        (
            Lang::Python,
            DefTag::Variable,
            None,
            None,
            "x",
            Some(Variable),
        ),
        (
            Lang::Python,
            DefTag::Variable,
            None,
            None,
            "MAX_2",
            Some(Constant),
        ),
        (
            Lang::Python,
            DefTag::Variable,
            None,
            None,
            "_",
            Some(Variable),
        ),
        (
            Lang::Python,
            DefTag::Variable,
            Some(Class),
            None,
            "X",
            Some(Field),
        ),
        (
            Lang::Python,
            DefTag::Variable,
            Some(Function),
            None,
            "x",
            None,
        ),
        (
            Lang::Go,
            DefTag::Type,
            None,
            Some("struct_type"),
            "T",
            Some(Struct),
        ),
        (
            Lang::Go,
            DefTag::Type,
            None,
            Some("interface_type"),
            "I",
            Some(Interface),
        ),
        (
            Lang::Go,
            DefTag::Type,
            None,
            Some("type_identifier"),
            "ID",
            Some(Type),
        ),
        (
            Lang::Go,
            DefTag::Type,
            Some(Function),
            Some("struct_type"),
            "t",
            None,
        ),
        (
            Lang::Go,
            DefTag::Field,
            Some(Struct),
            None,
            "f",
            Some(Field),
        ),
        (Lang::Go, DefTag::Field, Some(Variable), None, "f", None),
        (Lang::Go, DefTag::Field, Some(Function), None, "f", None),
        (
            Lang::Go,
            DefTag::MethodSpec,
            Some(Interface),
            None,
            "M",
            Some(Method),
        ),
        (
            Lang::Go,
            DefTag::MethodSpec,
            Some(Function),
            None,
            "M",
            None,
        ),
        (Lang::Go, DefTag::Variable, None, None, "v", Some(Variable)),
        (Lang::Go, DefTag::Variable, Some(Function), None, "v", None),
        (Lang::Go, DefTag::Constant, Some(Variable), None, "c", None),
    ];
    for (lang, tag, enclosing, ty, name, want) in cases {
        assert_eq!(
            lang.spec().syntax.place(*tag, *enclosing, *ty, name),
            *want,
            "{tag:?} in {enclosing:?} ({name})"
        );
    }
}

#[test]
fn signatures_are_clipped_by_characters() {
    let long = "é".repeat(MAX_SIGNATURE + 1);
    let exact = "é".repeat(MAX_SIGNATURE);
    let huge = "y".repeat(50 << 20);
    for (input, chars, ellipsis) in [
        ("", 0, false),
        ("func f()", 8, false),
        (exact.as_str(), MAX_SIGNATURE, false),
        (long.as_str(), MAX_SIGNATURE, true),
        (huge.as_str(), MAX_SIGNATURE, true),
    ] {
        let out = clip_signature(input);
        assert_eq!(
            out.chars().count(),
            chars,
            "{}",
            &input[..input.len().min(20)]
        );
        assert_eq!(out.ends_with('…'), ellipsis);
    }
}

/// A file's type facts, one a line, then each call with its first name's hint.
fn facts_and_hints(out: &crate::model::FileExtract) -> String {
    let mut s = String::new();
    for f in &out.facts {
        let _ = writeln!(s, "{} {} {}", f.qualname, f.role.as_str(), f.ty);
    }
    for r in out.refs.iter().filter(|r| r.kind == EdgeKind::Calls) {
        let _ = write!(
            s,
            "call {} hint={}",
            r.target,
            r.hint.as_deref().unwrap_or("-")
        );
        match &r.arg_types {
            Some(a) => {
                let _ = writeln!(s, " args=({a})");
            }
            None => s.push('\n'),
        }
    }
    s
}

/// The parameter types of overloads and the argument types of calls, as far as the parse
/// tells them: `new`, literals, casts, and locals or parameters of a stated type (`` where
/// it tells nothing).
#[test]
fn overload_parameter_and_argument_types() {
    let ex = Extractor::new().expect("queries compile");
    let java = r#"
class S {
  void append(Keep k, java.util.List<String> xs, int... more) {}
  static void check(boolean b, String t, @Nullable Object @Nullable ... args) {}
  void run(Insert ins, final S s) {
    Delete d = new Delete();
    s.append(new Keep(), d, ins, "x", 'c', 3, 3L, 2.0, 2f, true, (Keep) null, (ins), this, f());
  }
}
"#;
    let csharp = r#"
class S {
  void Append(Keep k, ref int n, params string[] more) {}
  static void Ext(this S s, int n) {}
  void Run(Insert ins) {
    var d = new Delete();
    Keep k = null;
    Append(k, ins, "x", $"y{1}", 'c', 3, 3L, 2.0, 2f, 1m, true, (Keep) null, x: 1, ref d);
  }
}
"#;
    let kotlin = r#"
class S {
  fun append(k: Keep, s: String?, vararg more: Int) {}
  fun run(ins: Insert) {
    append(ins, "x", 'c', 3, 3L, 2.0, 2f, true, k = ins, *arr)
  }
}
"#;
    let cpp = r#"
struct S {
  void append(const Keep& k, std::string s, int* n, long x = 0);
  void run(Insert* ins) {
    const Keep k;
    append(k, ins, new Delete(), "x", 'c', 3, 3l, 2.0, 2.0f, 0x1f, 3u, true, (Keep*) 0);
    append(*this, this, *ins, *k.p);
  }
};
"#;
    let mut s = String::new();
    for (lang, src) in [
        (Lang::Java, java),
        (Lang::CSharp, csharp),
        (Lang::Kotlin, kotlin),
        (Lang::Cpp, cpp),
    ] {
        let out = ex.extract_source(lang, src.as_bytes());
        let _ = writeln!(s, "{}:", lang.prefix());
        for f in out.facts.iter().filter(|f| f.role == FactRole::Params) {
            let _ = writeln!(s, "  {} params {}", f.qualname, f.ty);
        }
        for r in out.refs.iter().filter(|r| r.kind == EdgeKind::Calls) {
            let _ = writeln!(
                s,
                "  call {} ({})",
                r.target,
                r.arg_types.as_deref().unwrap_or("-")
            );
        }
    }
    expect![[r#"
        java:
          S.append params 2+ Keep,List,
          S.check params 2+ boolean,String,
          S.run params 2 Insert,S
          call Delete (-)
          call s.append (Keep,Delete,Insert,String,char,int,long,double,float,boolean,Keep,Insert,,)
          call Keep (-)
          call f (-)
        cs:
          S.Append params 2+ Keep,,
          S.Ext params 2
          S.Run params 1 Insert
          call Delete (-)
          call Append (Keep,Insert,string,string,char,int,long,double,float,decimal,bool,Keep,,)
        kt:
          S.append params 2+ Keep,String,Int
          S.run params 1 Insert
          call append (Insert,String,Char,Int,Long,Double,Float,,,)
        cpp:
          S.append params 3-4 Keep,string,int,long
          S.run params 1 Insert
          call append (Keep,Insert,Delete,char,char,int,long,double,float,int,,bool,Keep)
          call Delete (-)
          call append (S,S,Insert,)
    "#]]
    .assert_eq(&s);
}

/// Rust's type expressions: what each binding, field and result states, and the hint each
/// call's first name gets (`?`: a local whose type the code does not tell).
#[test]
fn rust_types_the_code_states() {
    let src = r#"
use std::sync::Arc;

#[derive(Debug, Clone)]
pub struct Store {
    items: Vec<Item>,
    first: Option<Box<Item>>,
    shared: Arc<Mutex<Item>>,
    pairs: Vec<(u32, u32)>,
    len: usize,
}

pub enum Event { Put(Item), Clear }

impl Store {
    pub fn open() -> Self { Store::default() }
    pub fn len(&self) -> usize { self.len }
    pub fn load(p: &str) -> std::io::Result<Store> { loop {} }
    pub fn split(&self) -> (Item, Store) { loop {} }
    fn run<T: Named>(&self, t: &T, it: impl Iterator<Item = u8>) {
        let s = Store::load("x")?;
        let s = s.first.as_ref().unwrap();
        let (a, b) = self.split();
        a.shown();
        b.len();
        for x in &self.items { x.shown(); }
        match self.first { Some(y) => y.shown(), None => {} }
        let f = |z| z.shown();
        t.name();
        let m = |p| Store::load(p);
        m("x")?.len();
        let k = move || { t.name(); Store::open() };
        k().len();
        let r = k();
        r.len();
    }
}

static COUNT: AtomicUsize = AtomicUsize::new(0);
"#;
    let ex = Extractor::new().expect("queries compile");
    let out = ex.extract_source(Lang::Rust, src.as_bytes());
    let s = facts_and_hints(&out);
    expect![[r#"
        Event.Put returns Event
        Store.open returns Store
        Store.len~2 returns usize
        Store.load returns Maybe(Store)
        Store.split returns Item, Store
        Store.items type []Item
        Store.first type Maybe(Item)
        Store.shared type Item
        Store.pairs type Vec
        Store.len type usize
        COUNT type AtomicUsize
        Store base Debug
        Store base Clone
        call Store.default hint=-
        call Store.load hint=-
        call s.first.as_ref().unwrap hint=Store.load()?
        call s.first.as_ref hint=Store.load()?
        call self.split hint=Store
        call a.shown hint=Store.split()@0
        call b.len hint=Store.split()@1
        call x.shown hint=Store.items[]
        call y.shown hint=?
        call z.shown hint=?
        call t.name hint=Named
        call Store.load hint=-
        call m()?.len hint=Gives(Store.load())
        call t.name hint=Named
        call Store.open hint=-
        call k().len hint=Gives(Store.open())
        call r.len hint=Store.open()
        call AtomicUsize.new hint=-
    "#]]
    .assert_eq(&s);
}

/// C++'s type expressions: containers as their elements (`[]T`), smart pointers as what
/// they point at, range-`for` elements, `const` values and methods, and the hint each
/// call's first name gets.
#[test]
fn cpp_types_the_code_states() {
    let src = r#"
namespace shop {
class Item;
class Cart {
 public:
  Item* first();
  const Item* first() const;
  int size() const;
  void Scan(const Item& a, Item* b) const {
    a.Price();
    b->Price();
    for (auto* i : items_) i->Price();
    for (const auto& o : owners_) o.Name();
    for (Item* j : this->items_) j->Price();
    first()->Price();
    owned_->Price();
    b->Get<int>(1);
  }
 private:
  std::vector<Item*> items_;
  std::unique_ptr<Item> owned_;
  const std::vector<Owner> owners_;
  std::map<int, Item> by_id_;
};
}
"#;
    let ex = Extractor::new().expect("queries compile");
    let out = ex.extract_source(Lang::Cpp, src.as_bytes());
    let s = facts_and_hints(&out);
    expect![[r#"
        shop.Cart.first returns Item
        shop.Cart.first params 0
        shop.Cart.first~2 returns Item
        shop.Cart.first~2 params 0
        shop.Cart.first~2 const 
        shop.Cart.size returns ?
        shop.Cart.size params 0
        shop.Cart.size const 
        shop.Cart.Scan params 2 Item,Item
        shop.Cart.Scan const 
        shop.Cart.items_ type []Item
        shop.Cart.owned_ type Item
        shop.Cart.owners_ type []Owner
        shop.Cart.by_id_ type std.map
        call a.Price hint=const Item
        call b.Price hint=Item
        call i.Price hint=items_[]
        call o.Name hint=const owners_[]
        call j.Price hint=Item
        call first().Price hint=-
        call first hint=-
        call owned_.Price hint=-
        call b.Get hint=Item args=(int)
    "#]]
    .assert_eq(&s);
}

/// An unclosed parameter list can swallow every declaration after it into one error node;
/// the blanked re-parse recovers them in every language, at their own lines.
#[test]
fn a_broken_declaration_does_not_take_the_rest_of_the_file() {
    let ex = Extractor::new().expect("queries compile");
    // (language, source, the (qualname, line) pairs that must be there)
    type Case<'a> = (Lang, &'a str, &'a [(&'a str, u32)]);
    let cases: [Case; 6] = [
        (
            Lang::TypeScript,
            "export function a(x: number, y: string\n\nexport class After {\n  m() {}\n}\n\nexport function last() {}\n",
            &[("After", 3), ("After.m", 4), ("last", 7)],
        ),
        (
            Lang::JavaScript,
            "export function a(x, y\n\nexport class After {\n  m() {}\n}\n\nexport function last() {}\n",
            &[("After", 3), ("After.m", 4), ("last", 7)],
        ),
        (
            Lang::Python,
            "def a(x, y\n\nclass After:\n    def m(self):\n        pass\n\ndef last():\n    pass\n",
            &[("After", 3), ("After.m", 4), ("last", 7)],
        ),
        (
            Lang::Go,
            "package p\n\nfunc a(x int, y string {\n}\n\ntype After struct{}\n\nfunc (After) M() {}\n\nfunc last() {}\n",
            &[("After", 6), ("After.M", 8), ("last", 10)],
        ),
        (
            Lang::Rust,
            "fn a(x: i32, y: &str {\n}\n\nstruct After;\n\nimpl After {\n    fn m(&self) {}\n}\n\nfn last() {}\n",
            &[("After", 4), ("After.m", 7), ("last", 10)],
        ),
        // C: tree-sitter-c closes the list itself and reads the next declaration's head and
        // body as the broken function's; `struct after {` is no declarator's line (`f(`),
        // so not a head written over two lines: the broken one is blanked, the rest kept.
        (
            Lang::C,
            "int a(int x, int y\n\nstruct after {\n\tint m;\n};\n\nint last(void)\n{\n\treturn 0;\n}\n",
            &[("after", 3), ("after.m", 4), ("last", 7)],
        ),
    ];
    for (lang, src, want) in cases {
        let out = ex.extract_source(lang, src.as_bytes());
        assert!(out.parse_error, "{lang:?} flags the error");
        let got: Vec<(String, u32)> = out
            .symbols
            .iter()
            .map(|s| (s.qualname.clone(), s.name_span.start.line))
            .collect();
        for (q, line) in want {
            assert!(
                got.iter().any(|(g, l)| g == q && l == line),
                "{lang:?}: {q} at line {line} in {got:?}"
            );
        }
    }
}

/// C++ writes a namespace's declarations at column 0: an error inside one is looked for
/// inside it (each prefix closed), and the namespace and what follows the broken
/// declaration keep their names (googletest's headers lost `testing` before).
#[test]
fn a_broken_declaration_in_a_namespace_keeps_the_namespace() {
    let ex = Extractor::new().expect("queries compile");
    let src = "namespace testing {\nnamespace internal {\n\nint a(int x, int y\n\nclass After {\n public:\n  void m();\n};\n\nint last();\n\n}  // namespace internal\n}  // namespace testing\n";
    let out = ex.extract_source(Lang::Cpp, src.as_bytes());
    assert!(out.parse_error);
    let got: Vec<(&str, u32)> = out
        .symbols
        .iter()
        .map(|s| (s.qualname.as_str(), s.name_span.start.line))
        .collect();
    for want in [
        ("testing", 1),
        ("testing.internal", 2),
        ("testing.internal.After", 6),
        ("testing.internal.After.m", 8),
        ("testing.internal.last", 11),
    ] {
        assert!(got.contains(&want), "{want:?} in {got:?}");
    }
}

/// pugixml: `PUGI_IMPL_FN` before out-of-line members in an Allman-braced namespace is no
/// type (34 of 319 members were under their return type's class); a test macro's body is a
/// function, its locals no symbols (1790 were file variables).
#[test]
fn cpp_export_macros_in_a_namespace_and_test_macro_bodies() {
    let ex = Extractor::new().expect("queries compile");
    let src = "namespace pugi\n{\n\tPUGI_IMPL_FN xml_attribute xml_node::append_attribute(const char_t* n)\n\t{\n\t\treturn xml_attribute();\n\t}\n\n\tPUGI_IMPL_FN xpath_node::xpath_node(const xml_node& n): _node(n)\n\t{\n\t}\n}\n\nint x;\nTEST_XML(dom_attr_assign, \"<node/>\")\n{\n\txml_node node = doc.child(\"n\");\n\tnode.append_attribute(\"a\");\n}\n\nTEST(dom_empty)\n{\n\txml_document doc;\n}\n";
    let out = ex.extract_source(Lang::Cpp, src.as_bytes());
    let got: Vec<(&str, u32)> = out
        .symbols
        .iter()
        .map(|s| (s.qualname.as_str(), s.name_span.start.line))
        .collect();
    assert_eq!(
        got,
        [
            ("pugi", 1),
            ("pugi.xml_node.append_attribute", 3),
            ("pugi.xpath_node.xpath_node", 8),
            ("x", 13),
            ("dom_attr_assign", 14),
            ("dom_empty", 20),
        ]
    );
    // The body's call sits in the test (symbol 4), not in the file.
    let call = out
        .refs
        .iter()
        .find(|r| r.target.ends_with("append_attribute"))
        .map(|r| r.source);
    assert_eq!(call, Some(Some(4)));
}

/// C++: a macro defined inside a namespace is the file's (the preprocessor knows no
/// namespaces); conversion operators and `operator new` are named as node IDs can carry
/// them; a lone macro line after an access label is blanked, not read as a member.
#[test]
fn cpp_macros_operators_and_macro_lines() {
    let ex = Extractor::new().expect("queries compile");
    let src = "namespace ns {\n#define CHECK_(c) if (c) {}\nclass A {\n public:\n  DISABLE_WARNINGS_PUSH_(4180)\n  operator bool() const { return true; }\n  explicit operator ::ns::Matcher<int>() const;\n  void* operator new(size_t n);\n  void operator delete[](void* p);\n};\n}\n";
    let out = ex.extract_source(Lang::Cpp, src.as_bytes());
    let got: Vec<&str> = out.symbols.iter().map(|s| s.qualname.as_str()).collect();
    assert_eq!(
        got,
        [
            "ns",
            "CHECK_",
            "ns.A",
            "ns.A.operator bool",
            "ns.A.operator Matcher",
            "ns.A.operator new",
            "ns.A.operator delete[]"
        ],
        "{:?}",
        out.parse_error
    );
}

/// A nested class defined out of line (`class Block::Iter {…}`, leveldb) is the outer
/// class's, and its methods its own; `#if` among a constructor's member initializers keeps
/// the class closed.
#[test]
fn cpp_nested_class_out_of_line_and_directives_in_initializers() {
    let ex = Extractor::new().expect("queries compile");
    let src = "namespace db {\nclass Block::Iter : public Iterator {\n public:\n  Iter(int n)\n      :\n#if !defined(NDEBUG)\n        max_(n),\n#endif\n        left_(n) {}\n  int key() const { return left_; }\n private:\n  int left_;\n};\nclass Other {};\n}\n";
    let out = ex.extract_source(Lang::Cpp, src.as_bytes());
    let got: Vec<(&str, Kind)> = out
        .symbols
        .iter()
        .map(|s| (s.qualname.as_str(), s.kind))
        .collect();
    assert_eq!(
        got,
        [
            ("db", Kind::Package),
            ("db.Block.Iter", Kind::Class),
            ("db.Block.Iter.Iter", Kind::Method),
            ("db.Block.Iter.key", Kind::Method),
            ("db.Block.Iter.left_", Kind::Field),
            ("db.Other", Kind::Class),
        ],
        "{:?}",
        out.parse_error
    );
}

/// An in-class declaration is dropped for the file's out-of-line definition of that very
/// method only: another overload's (a parameter count apart) or another conversion
/// operator's (`operator M<int>` against `operator M<long>`) keeps it.
#[test]
fn cpp_declarations_defined_out_of_line_by_overload() {
    let ex = Extractor::new().expect("queries compile");
    let src = "class A {\n  void f(int a);\n  void f(double a, int b);\n  operator M<int>() const;\n  operator M<long>() const;\n};\nvoid A::f(int a) {}\nA::operator M<int>() const { return {}; }\n";
    let out = ex.extract_source(Lang::Cpp, src.as_bytes());
    let got: Vec<(&str, u32)> = out
        .symbols
        .iter()
        .map(|s| (s.qualname.as_str(), s.name_span.start.line))
        .collect();
    assert_eq!(
        got,
        [
            ("A", 1),
            ("A.f", 3),
            ("A.operator M", 5),
            ("A.f~2", 7),
            ("A.operator M~2", 8),
        ],
        "{:?}",
        out.parse_error
    );
}

#[test]
fn namespace_bodies_are_matched_past_comments_and_strings() {
    let syntax = Lang::Cpp.spec().syntax;
    let src = "namespace a {\n// }\nconst char* s = \"}\";\nchar c = '}';\nint n = 1'000;\nnamespace b {\nvoid f() { }\n}\n}\nnamespace open {\n";
    let bodies = super::recover::bodies(src.as_bytes(), syntax);
    let at = |needle: &str| src.find(needle).expect("in the text");
    let mut bodies = bodies;
    bodies.sort();
    assert_eq!(
        bodies,
        [
            (at("{\n// }") + 1, at("}\nnamespace open")),
            (at("{\nvoid f") + 1, at("}\n}\nnamespace open")),
            (at("open {") + 6, usize::MAX),
        ]
    );
    assert!(super::recover::bodies(src.as_bytes(), Lang::C.spec().syntax).is_empty());
}

/// Linux's kernel/sched/core.c: a loop macro over a statement without braces was read as a
/// nested function's head whose body never closed, over every later function; C's
/// `Syntax::prepare` reads it as an `if`, and the file parses whole.
#[test]
fn a_loop_macro_does_not_take_the_rest_of_the_file() {
    let ex = Extractor::new().expect("queries compile");
    let src = "unsigned long long nr_context_switches(void)\n{\n\tint i;\n\tunsigned long long sum = 0;\n\n\tfor_each_possible_cpu(i)\n\t\tsum += cpu_rq(i)->nr_switches;\n\n\treturn sum;\n}\n\nunsigned int nr_iowait_cpu(int cpu)\n{\n\treturn atomic_read(&cpu_rq(cpu)->nr_iowait);\n}\n";
    let out = ex.extract_source(Lang::C, src.as_bytes());
    assert!(!out.parse_error);
    let got: Vec<(&str, u32)> = out
        .symbols
        .iter()
        .map(|s| (s.qualname.as_str(), s.name_span.start.line))
        .collect();
    assert_eq!(got, [("nr_context_switches", 1), ("nr_iowait_cpu", 12)]);
}

#[test]
fn top_lines_and_blanks_keep_lines() {
    let src = b"function a(x,\n  y\n}\n// c\n@d\nclass B {}\n#[x]\nfn f() {}\n";
    assert_eq!(top_lines(src), [0, 20, 25, 39]);
    let mut b = b"ab\n\xc3\xa9c\nd".to_vec();
    blank(&mut b[..7]);
    assert_eq!(&b, b"  \n   \nd");
}

/// `__all__` as the module builds it: set, added to (`+=`, `.extend`, `.append`), inside
/// `if`/`try`; a part the parse cannot read is `*`, any name.
#[test]
fn python_export_lists() {
    let ex = Extractor::new().expect("queries compile");
    let exports = |src: &str| -> Vec<String> {
        ex.extract_source(Lang::Python, src.as_bytes())
            .facts
            .into_iter()
            .filter(|f| f.role == FactRole::Exports && f.qualname.is_empty())
            .map(|f| f.ty)
            .collect()
    };
    let cases: &[(&str, &[&str])] = &[
        ("x = 1\n", &[]),
        ("__all__ = ['a', \"b\"]\n", &["a", "b"]),
        ("__all__: list[str] = ('a',)\n", &["a"]),
        (
            "__all__ = ['a']\n__all__ += ['b']\n__all__.extend(['c'])\n__all__.append('d')\n",
            &["a", "b", "c", "d"],
        ),
        ("__all__ = ['old']\n__all__ = ['new']\n", &["new"]),
        (
            "try:\n    __all__ = ['a']\nexcept ImportError:\n    __all__ = ['b']\n",
            &["b"],
        ),
        ("if X:\n    __all__ = ['a']\n", &["a"]),
        ("__all__ = ['a'] + _sub.__all__\n", &["a", "*"]),
        ("__all__ = [f'{x}']\n", &["*"]),
        ("def f():\n    __all__ = ['local']\n", &[]),
    ];
    for (src, want) in cases {
        assert_eq!(exports(src), *want, "{src}");
    }
}

/// Rust macro arguments read as code (issue 35): calls inside `tri!`, `assert!`, `vec!`,
/// `format!` and `matches!` (its first argument only) at their own lines and character
/// columns, items inside an item-level invocation and inside `cfg_if!`'s groups, and the
/// invocations that parse as neither counted per symbol (`unread`); a `//` note above `///`
/// is not the doc.
#[test]
fn rust_macro_arguments_read_as_code() {
    let src = r#"macro_rules! tri {
    ($e:expr) => { match $e { Ok(v) => v, Err(e) => return Err(e) } };
}
pub struct De;
impl De {
    fn peek(&mut self) -> Result<u8, ()> { Ok(0) }
    fn value(&mut self) -> Result<u8, ()> {
        let b = tri!(self.peek());
        assert!(helper(b) > 0, "bad {}", describe(b));
        let v = vec![helper(1), tri!(self.peek())];
        let s = format!("{x} {}", describe(b), x = 1);
        if matches!(self.peek(), Ok(b'a'..=b'z') | Err(Some(_))) {}
        log_if! { *self.level(), { describe(b); } }
        Ok(b)
    }
    forward! { fn hidden(&self) {} }
}
cfg_std! {
    /// Made only with std.
    pub fn with_std(d: &mut De) -> u8 {
        let é = 1; tri!(d.value()).wrapping_add(é)
    }
    pub struct Gated;
}
cfg_if::cfg_if! {
    if #[cfg(unix)] {
        pub fn on_unix() { helper(3); }
    } else {
        pub fn elsewhere() {}
    }
}
fn helper(x: u8) -> u8 { x }
fn describe(x: u8) -> String { String::new() }
fn quoted() {
    let t = quote! { #x . foo () };
    let j = json!({"a": helper(1)});
}
// A note for maintainers, not the doc.
/// Says hello.
fn noted() {}
"#;
    let ex = Extractor::new().expect("queries compile");
    let out = ex.extract_source(Lang::Rust, src.as_bytes());
    let mut s = render(Lang::Rust, src);
    for f in out.facts.iter().filter(|f| f.role == FactRole::Unread) {
        let _ = writeln!(s, "unread in {:?}: {}", f.qualname, f.ty);
    }
    // The reference path (tree-sitter's query cursor) reads the same.
    let reference = ex.extract_reference(&mut Worker::new(), Lang::Rust, "lib.rs", src.as_bytes());
    assert_eq!(
        reference,
        ex.extract(&mut Worker::new(), Lang::Rust, "lib.rs", src.as_bytes())
    );
    expect![[r#"
        function tri 1:1-3:2 name@1:14 parent=- sig="macro_rules! tri" doc=""
        struct De 4:1-4:15 name@4:12 parent=- sig="pub struct De" doc=""
        method De.peek 6:5-6:51 name@6:8 parent=De sig="fn peek(&mut self) -> Result<u8, ()>" doc="" params=1
        method De.value 7:5-15:6 name@7:8 parent=De sig="fn value(&mut self) -> Result<u8, ()>" doc="" params=1
        function with_std 20:5-22:6 name@20:12 parent=- sig="pub fn with_std(d: &mut De) -> u8" doc="Made only with std." params=1
        struct Gated 23:5-23:22 name@23:16 parent=- sig="pub struct Gated" doc=""
        function on_unix 27:9-27:40 name@27:16 parent=- sig="pub fn on_unix()" doc="" params=0
        function elsewhere 29:9-29:30 name@29:16 parent=- sig="pub fn elsewhere()" doc="" params=0
        function helper 32:1-32:29 name@32:4 parent=- sig="fn helper(x: u8) -> u8" doc="" params=1
        function describe 33:1-33:47 name@33:4 parent=- sig="fn describe(x: u8) -> String" doc="" params=1
        function quoted 34:1-37:2 name@34:4 parent=- sig="fn quoted()" doc="" params=0
        function noted 40:1-40:14 name@40:4 parent=- sig="fn noted()" doc="Says hello." params=0
        uses De.peek -> Result @6:27
        calls De.peek -> Ok @6:44
        uses De.value -> Result @7:28
        calls De.value -> tri! @8:17
        calls De.value -> self.peek @8:27 hint=De
        calls De.value -> assert! @9:9
        calls De.value -> helper @9:17
        calls De.value -> describe @9:42
        calls De.value -> vec! @10:17
        calls De.value -> helper @10:22
        calls De.value -> tri! @10:33
        calls De.value -> self.peek @10:43 hint=De
        calls De.value -> format! @11:17
        calls De.value -> describe @11:35
        calls De.value -> matches! @12:12
        calls De.value -> self.peek @12:26 hint=De
        calls De.value -> log_if! @13:9
        calls De.value -> self.level @13:25 hint=De
        calls De.value -> describe @13:36
        calls De.value -> Ok @14:9
        calls <file> -> forward! @16:5
        calls <file> -> cfg_std! @18:1
        uses with_std -> De @20:29
        calls with_std -> ?.wrapping_add @21:36
        calls with_std -> tri! @21:20
        calls with_std -> d.value @21:27 hint=De
        calls <file> -> cfg_if.cfg_if! @25:9
        calls on_unix -> helper @27:28
        uses describe -> String @33:23
        calls describe -> String.new @33:40
        calls quoted -> quote! @35:13
        calls quoted -> json! @36:13
        unread in "": 1 forward
        unread in "quoted": 1 quote
        unread in "quoted": 1 json
    "#]].assert_eq(&s);
}

/// A C prototype kept as a symbol (its definition is in another file) is `declared`, so that
/// a call resolves to the definition; a definition is not (libyaml: `tests/test-reader.c`'s
/// prototype of `yaml_parser_update_buffer` took its calls from `src/reader.c`'s).
#[test]
fn c_prototypes_are_declared_only() {
    let ex = Extractor::new().expect("queries compile");
    let src = "int elsewhere(int a);\nstatic int forward(void);\nint here(int a) { return elsewhere(a) + forward(); }\nstatic int forward(void) { return 0; }\n";
    let out = ex.extract_source(Lang::C, src.as_bytes());
    let declared: Vec<&str> = out
        .facts
        .iter()
        .filter(|f| f.role == FactRole::Declared)
        .map(|f| f.qualname.as_str())
        .collect();
    assert_eq!(declared, ["elsewhere"]);
}

/// C's declarations: a prototype the file defines and a static forward declaration are no
/// symbols, another prototype is; `extern` is no symbol; function pointers are variables,
/// fields and typedefs; `typedef struct t {…} t;` is the struct alone; locals stay out.
#[test]
fn c_declarators_prototypes_and_typedefs() {
    check(
        Lang::C,
        r#"#include "a.h"
#include <stdio.h>
int defined_here(int a);
static int forward(void);
int declared_only(const char *s, ...);
extern int counter;
int counter = 1;
void *(*alloc_fn)(size_t n) = 0;
void (*handlers[4])(int);
char *names[3], **argv_copy;
typedef struct point { int x, y; } point;
typedef struct { int (*cb)(void *); unsigned flags : 3; } ops_t, *ops_p;
typedef enum { RED, GREEN = 2 } color;
/* Adds one. */
int defined_here(int a) {
    int local = a;
    struct inner { int z; } in;
    return forward() + local + declared_only("x");
}
static int forward(void) { return 0; }
#define SQUARE(x) ((x) * (x))
"#,
        expect![[r##"
            function declared_only 5:1-5:39 name@5:5 parent=- sig="int declared_only(const char *s, ...)" doc="" params=2
            variable counter 7:1-7:17 name@7:5 parent=- sig="int counter = 1" doc=""
            variable alloc_fn 8:1-8:33 name@8:9 parent=- sig="void *(*alloc_fn)(size_t n) = 0" doc=""
            variable handlers 9:1-9:26 name@9:8 parent=- sig="void (*handlers[4])(int)" doc=""
            variable names 10:1-10:29 name@10:7 parent=- sig="char *names[3], **argv_copy" doc=""
            variable argv_copy 10:1-10:29 name@10:19 parent=- sig="char *names[3], **argv_copy" doc=""
            struct point 11:1-11:42 name@11:16 parent=- sig="struct point" doc=""
            field point.x 11:24-11:33 name@11:28 parent=point sig="int x, y" doc=""
            field point.y 11:24-11:33 name@11:31 parent=point sig="int x, y" doc=""
            struct ops_t 12:1-12:73 name@12:59 parent=- sig="typedef struct ops_t" doc=""
            field ops_t.cb 12:18-12:36 name@12:24 parent=ops_t sig="int (*cb)(void *)" doc=""
            field ops_t.flags 12:37-12:56 name@12:46 parent=ops_t sig="unsigned flags : 3" doc=""
            constant RED 13:16-13:19 name@13:16 parent=- sig="RED" doc=""
            constant GREEN 13:21-13:30 name@13:21 parent=- sig="GREEN = 2" doc=""
            type color 13:1-13:39 name@13:33 parent=- sig="typedef enum {…} color" doc=""
            function defined_here 15:1-19:2 name@15:5 parent=- sig="int defined_here(int a)" doc="Adds one." params=1
            function forward 20:1-20:39 name@20:12 parent=- sig="static int forward(void)" doc=""
            function SQUARE 21:1-21:30 name@21:9 parent=- sig="#define SQUARE(x)" doc="" params=1
            calls defined_here -> forward @18:12
            calls defined_here -> declared_only @18:32
            implements defined_here -> defined_here @15:5
            import a.h member=None alias=None
            import stdio.h member=None alias=None
        "##]],
    );
}

/// A function-like macro's body is read as code: its calls are the macro's (a block, an
/// expression, a call on a continued line), what it declares is local, and a body that pastes,
/// quotes or is no code alone is not read and not counted as unread.
#[test]
fn c_macro_bodies_call() {
    check(
        Lang::C,
        "void full(int);\nint get(int);\n#define CHANGE(L,pre,pos) \\\n\t{ if (on(L)) { pre; full(L); pos; } }\n#define GET(t,k) (get(t) + k)\n#define DECL(x) { int v = get(x); full(v); }\n#define CAT(a,b) a ## b(get(1))\n#define OPEN(x) if (get(x)) {\n#define ZERO(x) ((void)0)\n",
        expect![[r##"
            function full 1:1-1:16 name@1:6 parent=- sig="void full(int)" doc="" params=1
            function get 2:1-2:14 name@2:5 parent=- sig="int get(int)" doc="" params=1
            function CHANGE 3:1-4:39 name@3:9 parent=- sig="#define CHANGE(L,pre,pos)" doc="" params=3
            function GET 5:1-5:30 name@5:9 parent=- sig="#define GET(t,k)" doc="" params=2
            function DECL 6:1-6:45 name@6:9 parent=- sig="#define DECL(x)" doc="" params=1
            function CAT 7:1-7:32 name@7:9 parent=- sig="#define CAT(a,b)" doc="" params=2
            function OPEN 8:1-8:30 name@8:9 parent=- sig="#define OPEN(x)" doc="" params=1
            function ZERO 9:1-9:26 name@9:9 parent=- sig="#define ZERO(x)" doc="" params=1
            calls CHANGE -> on @4:8
            calls CHANGE -> full @4:22
            calls GET -> get @5:19
            calls DECL -> get @6:27
            calls DECL -> full @6:35
        "##]],
    );
    let ex = Extractor::new().expect("queries");
    let src = b"#define CAT(a,b) a ## b(get(1))\n#define OPEN(x) if (get(x)) {\n";
    let out = ex.extract_source(Lang::C, src);
    assert!(
        !out.facts.iter().any(|f| f.role == FactRole::Unread),
        "{:?}",
        out.facts
    );
}

#[test]
fn a_parse_past_its_bound_is_stopped_and_yields_nothing() {
    let ex = Extractor::new().expect("queries");
    let src = format!(
        "X = [{}]\ndef after():\n    pass\n",
        "(1, 'a'), ".repeat(100_000)
    );
    let mut worker = Worker::bounded(Duration::ZERO);
    let stopped = ex.extract(&mut worker, Lang::Python, "slow.py", src.as_bytes());
    assert!(stopped.stopped && stopped.symbols.is_empty(), "{stopped:?}");
    // The same worker reads the next file afresh (a stopped parse is not resumed).
    worker.bound = Some(DEFAULT_PARSE_BOUND);
    for _ in 0..2 {
        let read = ex.extract(&mut worker, Lang::Python, "slow.py", src.as_bytes());
        assert!(!read.stopped && !read.parse_error, "{:?}", read.symbols);
        assert_eq!(read.symbols.len(), 2);
    }
}

#[test]
fn php_declarations_kinds_and_ids() {
    check(
        Lang::Php,
        r#"<?php
namespace App\Http;

use App\Models\{User, Post as Article};
use function App\Support\slug;
use const App\Support\LIMIT;
use Closure;

const VERSION = '1';
define('APP_START', microtime(true));

/** Handles requests. */
#[Attr]
final class Kernel extends Base implements \Countable, Contracts\Kernel
{
    use Traits\Logs, Boots;

    public const NAME = 'k', OTHER = 2;
    protected static ?User $user = null;
    private $a, $b;

    public function __construct(private readonly Router $router, public int $n = 0) {}

    /** Runs it. */
    public static function handle(Request $r, string ...$rest): Response
    {
        $x = new Response();
        $x->send();
        $this->router->dispatch($r);
        self::boot();
        static::boot();
        parent::handle($r);
        Article::find(1)?->save();
        \App\Support\slug('x');
        $f = function () { function inner() {} };
        $o = new class { public function hidden() {} };
        return $x;
    }

    abstract protected function boot(): void;
}

interface Contract extends A, B { public function run(): void; }
trait Logs { public $lines = []; }
enum Suit: string { case Hearts = 'H'; case Spades = 'S'; const Wild = self::Spades; }
function helper(int $a = 1) { if (true) { function nested() {} } }
"#,
        expect![[r#"
            constant VERSION 9:1-9:21 name@9:7 parent=- sig="const VERSION = '1'" doc=""
            constant APP_START 10:1-10:37 name@10:9 parent=- sig="define('APP_START', microtime(true))" doc=""
            class Kernel 13:1-41:2 name@14:13 parent=- sig="final class Kernel extends Base implements \\Countable, Contracts\\Kernel" doc="Handles requests."
            constant Kernel.NAME 18:18-18:28 name@18:18 parent=Kernel sig="public const NAME = 'k'" doc=""
            constant Kernel.OTHER 18:30-18:39 name@18:30 parent=Kernel sig="public const OTHER = 2" doc=""
            field Kernel.user 19:5-19:41 name@19:29 parent=Kernel sig="protected static ?User $user = null" doc=""
            field Kernel.a 20:13-20:15 name@20:14 parent=Kernel sig="private $a" doc=""
            field Kernel.b 20:17-20:19 name@20:18 parent=Kernel sig="private $b" doc=""
            method Kernel.__construct 22:5-22:87 name@22:21 parent=Kernel sig="public function __construct(private readonly Router $router, public int $n = 0)" doc="" params=2
            field Kernel.router 22:33-22:64 name@22:58 parent=Kernel sig="private readonly Router $router" doc=""
            field Kernel.n 22:66-22:83 name@22:78 parent=Kernel sig="public int $n = 0" doc=""
            method Kernel.handle 25:5-38:6 name@25:28 parent=Kernel sig="public static function handle(Request $r, string ...$rest): Response" doc="Runs it." params=2
            method Kernel.boot 40:5-40:46 name@40:33 parent=Kernel sig="abstract protected function boot(): void" doc="" params=0
            interface Contract 43:1-43:65 name@43:11 parent=- sig="interface Contract extends A, B" doc=""
            method Contract.run 43:35-43:63 name@43:51 parent=Contract sig="public function run(): void" doc="" params=0
            class Logs 44:1-44:35 name@44:7 parent=- sig="trait Logs" doc=""
            field Logs.lines 44:14-44:33 name@44:22 parent=Logs sig="public $lines = []" doc=""
            type Suit 45:1-45:87 name@45:6 parent=- sig="enum Suit: string" doc=""
            constant Suit.Hearts 45:21-45:39 name@45:26 parent=Suit sig="case Hearts = 'H'" doc=""
            constant Suit.Spades 45:40-45:58 name@45:45 parent=Suit sig="case Spades = 'S'" doc=""
            constant Suit.Wild 45:59-45:85 name@45:65 parent=Suit sig="const Wild = self::Spades" doc=""
            function helper 46:1-46:67 name@46:10 parent=- sig="function helper(int $a = 1)" doc="" params=1
            calls APP_START -> define @10:1
            calls APP_START -> microtime @10:21
            extends Kernel -> Base @14:28
            implements Kernel -> Countable @14:44
            implements Kernel -> Contracts.Kernel @14:66
            extends Kernel -> Traits.Logs @16:16
            extends Kernel -> Boots @16:22
            uses Kernel -> User @19:23
            uses Kernel.router -> Router @22:50
            uses Kernel.handle -> Request @25:35
            uses Kernel.handle -> Response @25:65
            calls Kernel.handle -> Response @27:18
            calls Kernel.handle -> x.send @28:13 hint=Response
            calls Kernel.handle -> this.router.dispatch @29:24 hint=Kernel
            calls Kernel.handle -> self.boot @30:15 hint=Kernel
            calls Kernel.handle -> static.boot @31:17 hint=Kernel
            calls Kernel.handle -> parent.handle @32:17 hint=Kernel
            calls Kernel.handle -> Article.find().save @33:28
            calls Kernel.handle -> Article.find @33:18
            calls Kernel.handle -> App.Support.slug @34:22
            extends Contract -> A @43:28
            extends Contract -> B @43:31
            import App\Models member=Some("User") alias=None
            import App\Models member=Some("Post") alias=Some("Article")
            import App\Support member=Some("slug") alias=None
            import App\Support member=Some("LIMIT") alias=None
            import  member=Some("Closure") alias=None
            package App\Http
        "#]],
    );
}

#[test]
fn php_braced_namespaces_and_broken_input() {
    // Braced namespaces name the package as unbraced ones do; their classes are top level.
    check(
        Lang::Php,
        "<?php\nnamespace A\\B {\n    class C { function m() {} }\n}\nnamespace {\n    function g() {}\n}\n",
        expect![[r#"
            class C 3:5-3:32 name@3:11 parent=- sig="class C" doc=""
            method C.m 3:15-3:30 name@3:24 parent=C sig="function m()" doc="" params=0
            function g 6:5-6:20 name@6:14 parent=- sig="function g()" doc="" params=0
            package A\B
        "#]],
    );
    // A broken method keeps what parses around it.
    check(
        Lang::Php,
        "<?php\nclass A {\n    function ok() {}\n    function broken( {\n    }\n    function after() {}\n}\nfunction later() {}\n",
        expect![[r#"
            class A 2:1-7:2 name@2:7 parent=- sig="class A" doc=""
            method A.ok 3:5-3:21 name@3:14 parent=A sig="function ok()" doc="" params=0
            method A.broken 4:5-5:6 name@4:14 parent=A sig="function broken(" doc="" params=0
            method A.after 6:5-6:24 name@6:14 parent=A sig="function after()" doc="" params=0
            function later 8:1-8:20 name@8:10 parent=- sig="function later()" doc="" params=0
            parse_error
        "#]],
    );
    // HTML around PHP (a template): only what is PHP is read.
    check(
        Lang::Php,
        "<html><?php function shown() { return 1; } ?><p><?= shown() ?></p></html>\n",
        expect![[r#"
            function shown 1:13-1:43 name@1:22 parent=- sig="function shown()" doc="" params=0
            calls <file> -> shown @1:53
        "#]],
    );
}

/// C#: a dotted namespace (`Shop.Core`, a package with its qualifier as receiver), types of
/// every kind nested in a class, members (a `const` field a constant, properties and events
/// fields, overloaded constructors `~2`), a local function, a record's positional
/// parameters; a base list whose first entry is a class and whose others are interfaces (a
/// struct's all are); calls on `this`, `base`, a typed local, `new T()`, `T.M()`; the three
/// `using` forms.
#[test]
fn csharp_namespaces_types_members_and_calls() {
    check(
        Lang::CSharp,
        r#"using System;
using static System.Math;
using IO = System.IO;
namespace Shop.Core
{
    /// <summary>A cart of <see cref="T:Shop.Item"/>s.</summary>
    public partial class Cart<T> : Base, ICart, Other where T : class
    {
        public const int Max = 3;
        private readonly List<T> items = new List<T>(), spare;
        public int Count { get; set; }
        public event EventHandler Changed;
        public Cart() : this(1) { }
        public Cart(int n) : base(n) { }
        public void Add(T item, params int[] xs)
        {
            this.items.Add(item);
            Helper.Run();
            var s = new Store();
            s.Save(1);
            base.Foo();
            int Local() => 1;
            Local();
        }
        public delegate void Handler(object o);
        enum Color { Red, Green = 2 }
        struct P : IComparable { int x; }
        record R(int A, string B);
        record struct RS(int A);
        interface IX : IY { void M(); }
    }
}
"#,
        expect![[r#"
            package Shop.Core 4:1-32:2 name@4:16 parent=- sig="namespace Shop.Core" doc=""
            class Shop.Core.Cart 7:5-31:6 name@7:26 parent=Shop.Core sig="public partial class Cart<T> : Base, ICart, Other where T : class" doc="A cart of Shop.Items."
            constant Shop.Core.Cart.Max 9:9-9:34 name@9:26 parent=Shop.Core.Cart sig="public const int Max = 3" doc=""
            field Shop.Core.Cart.items 10:34-10:55 name@10:34 parent=Shop.Core.Cart sig="private readonly List<T> items" doc=""
            field Shop.Core.Cart.spare 10:57-10:62 name@10:57 parent=Shop.Core.Cart sig="private readonly List<T> spare" doc=""
            field Shop.Core.Cart.Count 11:9-11:39 name@11:20 parent=Shop.Core.Cart sig="public int Count" doc=""
            field Shop.Core.Cart.Changed 12:9-12:43 name@12:35 parent=Shop.Core.Cart sig="public event EventHandler Changed" doc=""
            method Shop.Core.Cart.Cart 13:9-13:36 name@13:16 parent=Shop.Core.Cart sig="public Cart() : this(1)" doc="" params=0
            method Shop.Core.Cart.Cart~2 14:9-14:41 name@14:16 parent=Shop.Core.Cart sig="public Cart(int n) : base(n)" doc="" params=1
            method Shop.Core.Cart.Add 15:9-24:10 name@15:21 parent=Shop.Core.Cart sig="public void Add(T item, params int[] xs)" doc="" params=2
            function Shop.Core.Cart.Add.Local 22:13-22:30 name@22:17 parent=Shop.Core.Cart.Add sig="int Local()" doc="" params=0
            type Shop.Core.Cart.Handler 25:9-25:48 name@25:30 parent=Shop.Core.Cart sig="public delegate void Handler(object o)" doc=""
            type Shop.Core.Cart.Color 26:9-26:38 name@26:14 parent=Shop.Core.Cart sig="enum Color" doc=""
            constant Shop.Core.Cart.Color.Red 26:22-26:25 name@26:22 parent=Shop.Core.Cart.Color sig="Red" doc=""
            constant Shop.Core.Cart.Color.Green 26:27-26:36 name@26:27 parent=Shop.Core.Cart.Color sig="Green = 2" doc=""
            struct Shop.Core.Cart.P 27:9-27:42 name@27:16 parent=Shop.Core.Cart sig="struct P : IComparable" doc=""
            field Shop.Core.Cart.P.x 27:34-27:40 name@27:38 parent=Shop.Core.Cart.P sig="int x" doc=""
            class Shop.Core.Cart.R 28:9-28:35 name@28:16 parent=Shop.Core.Cart sig="record R(int A, string B)" doc=""
            field Shop.Core.Cart.R.A 28:18-28:23 name@28:22 parent=Shop.Core.Cart.R sig="int A" doc=""
            field Shop.Core.Cart.R.B 28:25-28:33 name@28:32 parent=Shop.Core.Cart.R sig="string B" doc=""
            struct Shop.Core.Cart.RS 29:9-29:33 name@29:23 parent=Shop.Core.Cart sig="record struct RS(int A)" doc=""
            field Shop.Core.Cart.RS.A 29:26-29:31 name@29:30 parent=Shop.Core.Cart.RS sig="int A" doc=""
            interface Shop.Core.Cart.IX 30:9-30:40 name@30:19 parent=Shop.Core.Cart sig="interface IX : IY" doc=""
            method Shop.Core.Cart.IX.M 30:29-30:38 name@30:34 parent=Shop.Core.Cart.IX sig="void M()" doc="" params=0
            extends Shop.Core.Cart -> Base @7:36
            implements Shop.Core.Cart -> ICart @7:42
            implements Shop.Core.Cart -> Other @7:49
            uses Shop.Core.Cart -> List @10:26
            uses Shop.Core.Cart -> T @10:31
            calls Shop.Core.Cart.items -> List @10:46
            uses Shop.Core.Cart.items -> T @10:51
            uses Shop.Core.Cart -> EventHandler @12:22
            uses Shop.Core.Cart.Add -> T @15:25
            calls Shop.Core.Cart.Add -> this.items.Add @17:24 hint=Shop.Core.Cart
            calls Shop.Core.Cart.Add -> Helper.Run @18:20
            calls Shop.Core.Cart.Add -> Store @19:25
            calls Shop.Core.Cart.Add -> s.Save @20:15 hint=Store
            calls Shop.Core.Cart.Add -> base.Foo @21:18 hint=Shop.Core.Cart
            calls Shop.Core.Cart.Add -> Local @23:13
            implements Shop.Core.Cart.P -> IComparable @27:20
            extends Shop.Core.Cart.IX -> IY @30:24
            import System member=None alias=None
            import System.Math member=Some("*") alias=None
            import System member=Some("IO") alias=Some("IO")
            package Shop.Core
        "#]],
    );
}

/// Ruby: modules are interfaces, a compact `class A::B` is `A.B`, `def self.x` and the
/// methods of `class << self` are functions beside the instance methods, `attr_*` symbols
/// are fields, a class opened again in the file is the same scope, `Struct.new` makes a
/// class, `require`/`require_relative` are imports, `include` a base (a mixin).
#[test]
fn ruby_modules_classes_methods_and_mixins() {
    check(
        Lang::Ruby,
        r#"# frozen_string_literal: true
require "json"
require_relative "helper"

module Shop
  # A cart of items.
  # More.
  class Cart < Base
    include Enumerable
    extend Forwardable
    attr_reader :items, :owner
    attr_accessor :note
    MAX = 10
    def initialize(owner)
      @items = []
    end

    def self.build(x) = new(x)

    class << self
      def empty; new(nil); end
    end

    def add(item, qty = 1, *rest, key:, &blk)
      touch
      validate!(item)
      total = Price.new(item)
      total.amount
      Shop::Tax.rate(1)
      self.class.build(2)
      other.thing
    end
    def valid?; true; end
    def ==(other) = true
    def name=(v); end
    alias size count
    alias_method :length, :count
    define_method(:each_item) { |x| x }
  end

  class Cart
    def reopened; end
  end
end

class Shop::Tax
  def self.rate(x); end
end

def Shop.helper; end

module Shop
  def Shop.more; end
  def Tax.levy; end
end

Point = Struct.new(:x, :y) do
  def norm; end
end
"#,
        expect![[r#"
            interface Shop 5:1-44:4 name@5:8 parent=- sig="module Shop" doc=""
            class Shop.Cart 8:3-39:6 name@8:9 parent=Shop sig="class Cart < Base" doc="A cart of items."
            field Shop.Cart.items 11:5-11:31 name@11:18 parent=Shop.Cart sig="attr_reader :items, :owner" doc=""
            field Shop.Cart.owner 11:5-11:31 name@11:26 parent=Shop.Cart sig="attr_reader :items, :owner" doc=""
            field Shop.Cart.note 12:5-12:24 name@12:20 parent=Shop.Cart sig="attr_accessor :note" doc=""
            constant Shop.Cart.MAX 13:5-13:13 name@13:5 parent=Shop.Cart sig="MAX = 10" doc=""
            method Shop.Cart.initialize 14:5-16:8 name@14:9 parent=Shop.Cart sig="def initialize(owner)" doc="" params=1
            function Shop.Cart.build 18:5-18:31 name@18:14 parent=Shop.Cart sig="def self.build(x)" doc="" params=1
            function Shop.Cart.empty 21:7-21:31 name@21:11 parent=Shop.Cart sig="def empty" doc="" params=0
            method Shop.Cart.add 24:5-32:8 name@24:9 parent=Shop.Cart sig="def add(item, qty = 1, *rest, key:, &blk)" doc="" params=5
            method Shop.Cart.valid? 33:5-33:26 name@33:9 parent=Shop.Cart sig="def valid?" doc="" params=0
            method Shop.Cart.== 34:5-34:25 name@34:9 parent=Shop.Cart sig="def ==(other)" doc="" params=1
            method Shop.Cart.name= 35:5-35:22 name@35:9 parent=Shop.Cart sig="def name=(v)" doc="" params=1
            method Shop.Cart.size 36:5-36:21 name@36:11 parent=Shop.Cart sig="alias size count" doc=""
            method Shop.Cart.length 37:5-37:33 name@37:19 parent=Shop.Cart sig="alias_method :length, :count" doc=""
            method Shop.Cart.each_item 38:5-38:40 name@38:20 parent=Shop.Cart sig="define_method(:each_item) { |x| x }" doc=""
            method Shop.Cart.reopened 42:5-42:22 name@42:9 parent=Shop.Cart sig="def reopened" doc="" params=0
            class Shop.Tax 46:1-48:4 name@46:13 parent=Shop sig="class Shop::Tax" doc=""
            function Shop.Tax.rate 47:3-47:24 name@47:12 parent=Shop.Tax sig="def self.rate(x)" doc="" params=1
            function Shop.helper 50:1-50:21 name@50:10 parent=Shop sig="def Shop.helper" doc="" params=0
            function Shop.more 53:3-53:21 name@53:12 parent=Shop sig="def Shop.more" doc="" params=0
            function Shop.Tax.levy 54:3-54:20 name@54:11 parent=Shop.Tax sig="def Tax.levy" doc="" params=0
            class Point 57:1-59:4 name@57:1 parent=- sig="Point = Struct.new(:x, :y) do" doc=""
            method Point.norm 58:3-58:16 name@58:7 parent=Point sig="def norm" doc="" params=0
            calls <file> -> require @2:1
            calls <file> -> require_relative @3:1
            extends Shop.Cart -> Base @8:16
            calls Shop.Cart -> include @9:5
            extends Shop.Cart -> Enumerable @9:13
            calls Shop.Cart -> extend @10:5
            extends Shop.Cart -> Forwardable @10:12
            calls Shop.Cart.owner -> attr_reader @11:5
            calls Shop.Cart.note -> attr_accessor @12:5
            calls Shop.Cart.build -> new @18:25
            calls Shop.Cart.empty -> new @21:18
            calls Shop.Cart.add -> touch @25:7
            calls Shop.Cart.add -> validate! @26:7
            calls Shop.Cart.add -> Price.new @27:21
            calls Shop.Cart.add -> total.amount @28:13 hint=Price
            calls Shop.Cart.add -> Shop.Tax.rate @29:17
            calls Shop.Cart.add -> self.class().build @30:18 hint=Shop.Cart
            calls Shop.Cart.add -> self.class @30:12 hint=Shop.Cart
            calls Shop.Cart.add -> other.thing @31:13
            calls Shop.Cart.length -> alias_method @37:5
            calls Shop.Cart.each_item -> define_method @38:5
            calls Point -> Struct.new @57:16
            import json member=None alias=None
            import ./helper member=None alias=None
        "#]],
    );
}

#[test]
fn kotlin_declarations_extensions_and_calls() {
    check(
        Lang::Kotlin,
        r#"package a.b

import x.y.Z
import x.y.*
import p.Q as R

/** A point. */
data class P(val x: Int, var y: String = "", z: Int) : Base(1), I1, I2 by d {
    constructor(a: Int) : this(a, "", 0)
    val q: Int get() = 1
    fun f(a: Int): Int { return this.g(a) + g(a) + x.h() }
    companion object { fun make() = P(1, "", 2) }
    inner class In
    object O { fun f() {} }
}
sealed interface S<T>
enum class E(val c: Int) { A(1), B(2) { override fun g() {} }; fun h() = 1 }
annotation class Ann
typealias M<K> = Map<K, String>
fun <T> List<T>.ext(n: Int = 0): T = get(n)
fun String?.ext() = 1
const val K = 1
fun main() { val p: P = P(1); p.f(2); P.make(); p.q.also { } }
"#,
        expect![[r#"
            class P 8:1-15:2 name@8:12 parent=- sig="data class P(val x: Int, var y: String = \"\", z: Int) : Base(1), I1, I2 by d" doc="A point."
            field P.x 8:14-8:24 name@8:18 parent=P sig="val x: Int" doc=""
            field P.y 8:26-8:44 name@8:30 parent=P sig="var y: String" doc=""
            method P.P 9:5-9:41 name@9:5 parent=P sig="constructor(a: Int) : this(a, \"\", 0)" doc="" params=1
            field P.q 10:5-10:25 name@10:9 parent=P sig="val q: Int" doc=""
            method P.f 11:5-11:59 name@11:9 parent=P sig="fun f(a: Int): Int" doc="" params=1
            class P.Companion 12:5-12:50 name@12:5 parent=P sig="companion object" doc=""
            method P.Companion.make 12:24-12:48 name@12:28 parent=P.Companion sig="fun make()" doc="" params=0
            class P.In 13:5-13:19 name@13:17 parent=P sig="inner class In" doc=""
            class P.O 14:5-14:28 name@14:12 parent=P sig="object O" doc=""
            method P.O.f 14:16-14:26 name@14:20 parent=P.O sig="fun f()" doc="" params=0
            interface S 16:1-16:22 name@16:18 parent=- sig="sealed interface S<T>" doc=""
            type E 17:1-17:77 name@17:12 parent=- sig="enum class E(val c: Int)" doc=""
            field E.c 17:14-17:24 name@17:18 parent=E sig="val c: Int" doc=""
            constant E.A 17:28-17:32 name@17:28 parent=E sig="A(1)" doc=""
            constant E.B 17:34-17:62 name@17:34 parent=E sig="B(2)" doc=""
            method E.h 17:64-17:75 name@17:68 parent=E sig="fun h()" doc="" params=0
            class Ann 18:1-18:21 name@18:18 parent=- sig="annotation class Ann" doc=""
            type M 19:1-19:32 name@19:11 parent=- sig="typealias M<K> = Map<K, String>" doc=""
            function List.ext 20:1-20:44 name@20:17 parent=- sig="fun <T> List<T>.ext(n: Int = 0): T" doc="" params=1
            function String.ext 21:1-21:22 name@21:13 parent=- sig="fun String?.ext()" doc="" params=0
            constant K 22:1-22:16 name@22:11 parent=- sig="const val K" doc=""
            function main 23:1-23:63 name@23:5 parent=- sig="fun main()" doc="" params=0
            uses P.x -> Int @8:21
            uses P.y -> String @8:33
            uses P -> Int @8:49
            extends P -> Base @8:56
            implements P -> I1 @8:65
            implements P -> I2 @8:69
            uses P.P -> Int @9:20
            uses P.q -> Int @10:12
            uses P.f -> Int @11:14
            uses P.f -> Int @11:20
            calls P.f -> this.g @11:38 hint=P
            calls P.f -> g @11:45
            calls P.f -> x.h @11:54
            calls P.Companion.make -> P @12:37
            uses E.c -> Int @17:21
            uses M -> K @19:22
            uses M -> String @19:25
            uses List.ext -> T @20:14
            uses List.ext -> Int @20:24
            uses List.ext -> T @20:34
            calls List.ext -> get @20:38
            uses main -> P @23:21
            calls main -> P @23:25
            calls main -> p.f @23:33 hint=P
            calls main -> P.make @23:41
            calls main -> p.q.also @23:53 hint=P
            import x.y member=Some("Z") alias=None
            import x.y member=Some("*") alias=None
            import p member=Some("Q") alias=Some("R")
            package a.b
        "#]],
    );
}

#[test]
fn kotlin_a_broken_declaration_keeps_the_rest() {
    check(
        Lang::Kotlin,
        "package a\n\nclass A {\n    fun f(: Int {\n}\n\nclass B {\n    fun g() = 1\n}\n\nfun h() = B()\n",
        expect![[r#"
            class A 3:1-5:2 name@3:7 parent=- sig="class A { fun f(: Int" doc=""
            class B 7:1-9:2 name@7:7 parent=- sig="class B" doc=""
            method B.g 8:5-8:16 name@8:9 parent=B sig="fun g()" doc="" params=0
            function h 11:1-11:14 name@11:5 parent=- sig="fun h()" doc="" params=0
            implements A -> Int @4:13
            calls h -> B @11:11
            package a
            parse_error
        "#]],
    );
}

/// Python's `@overload` signatures before their implementation: the body takes the plain name
/// (calls, `source` and outgoing calls reach it), the signatures the marks in order; a
/// property's getter and setter (both with bodies) keep source order.
#[test]
fn python_overload_bodies_first_and_properties_in_order() {
    let ex = Extractor::new().expect("queries compile");
    let src = "import typing\nfrom typing import overload\n\n@overload\ndef conv(x: int) -> int: ...\n@typing.overload\ndef conv(x: str) -> str: ...\ndef conv(x):\n    return x\n\nclass Box:\n    @property\n    def value(self):\n        return 1\n    @value.setter\n    def value(self, v):\n        pass\n\ndef use():\n    return conv(1)\n";
    let out = ex.extract_source(Lang::Python, src.as_bytes());
    let got: Vec<(&str, u32)> = out
        .symbols
        .iter()
        .map(|s| (s.qualname.as_str(), s.name_span.start.line))
        .collect();
    assert_eq!(
        got,
        [
            ("conv~2", 5),
            ("conv~3", 7),
            ("conv", 8),
            ("Box", 11),
            ("Box.value", 13),
            ("Box.value~2", 16),
            ("use", 19),
        ]
    );
}

/// An anonymous default export is the symbol `default`, as the servers name it and a default
/// import binds it (zod's 48 locale files: `export default function () {…}`, none in the map);
/// a named one keeps its name.
#[test]
fn anonymous_default_exports_are_named_default() {
    for lang in [Lang::TypeScript, Lang::JavaScript] {
        let src = "export default function () {\n  return 1;\n}\n";
        let out = Extractor::new()
            .expect("queries")
            .extract_source(lang, src.as_bytes());
        let names: Vec<(String, Kind)> = out
            .symbols
            .iter()
            .map(|s| (s.qualname.clone(), s.kind))
            .collect();
        assert_eq!(
            names,
            vec![("default".to_string(), Kind::Function)],
            "{lang:?}"
        );
        let src = "export default class {\n  m() { return 1; }\n}\nexport const f = () => 1;\n";
        let out = Extractor::new()
            .expect("queries")
            .extract_source(lang, src.as_bytes());
        let names: Vec<String> = out.symbols.iter().map(|s| s.qualname.clone()).collect();
        assert!(
            names.starts_with(&["default".to_string(), "default.m".to_string()]),
            "{lang:?} {names:?}"
        );
        let src = "export default function run() {}\n";
        let out = Extractor::new()
            .expect("queries")
            .extract_source(lang, src.as_bytes());
        let names: Vec<String> = out.symbols.iter().map(|s| s.qualname.clone()).collect();
        assert_eq!(names, vec!["run".to_string()], "{lang:?}");
    }
}

/// An object's methods (`export const p: P = { a() {…} }`) read the same by the pattern walk
/// and the query cursor, a comment above one its doc (rxjs' schedulers' providers differed).
#[test]
fn object_methods_walk_agrees_with_the_query_cursor() {
    let cases = [
        "export const p: P = {\n  a(...args) {\n    return 1;\n  },\n  b: undefined,\n};\n",
        "export const p: P = {\n  // c\n  a(x) {\n    return 1;\n  },\n};\n",
        "const { a, b } = X;\nexport const p: P = {\n  a(x) {\n    const { d } = p;\n    return (d?.a || a)(x);\n  },\n};\n",
    ];
    let ex = Extractor::new().expect("queries compile");
    for src in cases {
        let reference =
            ex.extract_reference(&mut Worker::new(), Lang::TypeScript, "a.ts", src.as_bytes());
        let ours = ex.extract(&mut Worker::new(), Lang::TypeScript, "a.ts", src.as_bytes());
        assert_eq!(reference, ours, "{src}");
    }
}
