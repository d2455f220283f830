//! What keeps a C symbol that no edge reaches (`map_unused`): `main`, a function with
//! external linkage (not `static`), which another program or library may call, and a type a
//! header declares, which every file and program including it may use (zlib.h's
//! `typedef struct z_stream_s {…} z_stream;`: the struct was listed, though programs write
//! `z_stream`). A definition whose header declares it is kept by its `implements` edge to
//! the declaration, the map's generic rule.

use crate::lang::spec::{Decl, Kept};
use crate::model::Kind;

pub(super) fn kept(d: &Decl<'_>) -> Option<Kept> {
    // `.h`, as `is_header` says (not called: this module is the language's leaf).
    if matches!(d.kind, Kind::Struct | Kind::Type) && d.path.ends_with(".h") {
        return Some(Kept::Exported);
    }
    if d.kind != Kind::Function {
        return None;
    }
    if d.name == "main" {
        return Some(Kept::Entry);
    }
    let linkage = !(d.says("static") || d.signature.split_whitespace().any(|w| w == "static"));
    linkage.then_some(Kept::Exported)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn main_and_external_linkage() {
        let f = |signature: &'static str, name| Decl {
            signature,
            head: signature,
            ..Decl::of(Kind::Function, name, "src/a.c")
        };
        for (d, want) in [
            (f("int main(void)", "main"), Some(Kept::Entry)),
            (f("int add(int a)", "add"), Some(Kept::Exported)),
            (f("static int add(int a)", "add"), None),
            (f("static inline int add(int a)", "add"), None),
            (
                Decl::of(Kind::Struct, "z_stream_s", "zlib.h"),
                Some(Kept::Exported),
            ),
            (
                Decl::of(Kind::Type, "z_stream", "zlib.h"),
                Some(Kept::Exported),
            ),
            (Decl::of(Kind::Struct, "config_s", "deflate.c"), None),
        ] {
            assert_eq!(kept(&d), want, "{d:?}");
        }
    }
}
