//! The resolver registry: each language's [`Resolver`], found by its [`Lang`]. A resolver's
//! file lives in its language's folder (`lang/<name>/resolve.rs`), beside the language's
//! syntax rules and query, and is a module of this layer: it builds on `resolve::ctx`, which
//! the language registry below cannot see.

use super::ctx::Resolver;
use crate::lang::Lang;

#[path = "../lang/c/resolve.rs"]
pub(super) mod c;
#[path = "../lang/cpp/resolve.rs"]
pub(super) mod cpp;
#[path = "../lang/csharp/resolve.rs"]
pub(super) mod csharp;
#[path = "../lang/go/resolve.rs"]
pub(super) mod go;
#[path = "../lang/java/resolve.rs"]
pub(super) mod java;
#[path = "../lang/kotlin/resolve.rs"]
pub(super) mod kotlin;
#[path = "../lang/php/resolve.rs"]
pub(super) mod php;
#[path = "../lang/python/resolve.rs"]
pub(super) mod python;
#[path = "../lang/ruby/resolve.rs"]
pub(super) mod ruby;
#[path = "../lang/rust/resolve.rs"]
pub(super) mod rust;
#[path = "../lang/typescript/resolve.rs"]
pub(super) mod typescript;

/// Each language's resolver.
pub(super) fn resolver(lang: Lang) -> &'static dyn Resolver {
    match lang {
        Lang::Python => &python::PythonResolver,
        Lang::Go => &go::GoResolver,
        Lang::TypeScript => &typescript::EcmaResolver(Lang::TypeScript),
        Lang::JavaScript => &typescript::EcmaResolver(Lang::JavaScript),
        Lang::Rust => &rust::RustResolver,
        Lang::Java => &java::JavaResolver,
        Lang::C => &c::CResolver,
        Lang::Cpp => &cpp::CppResolver,
        Lang::Php => &php::PhpResolver,
        Lang::CSharp => &csharp::CSharpResolver,
        Lang::Ruby => &ruby::RubyResolver,
        Lang::Kotlin => &kotlin::KotlinResolver,
    }
}
