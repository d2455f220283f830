//! What keeps a C symbol that no edge reaches (`map_unused`): `main`, and a function with
//! external linkage (not `static`), which another program or library may call. A
//! definition whose header declares it is kept by its `implements` edge to the
//! declaration, the map's generic rule.

use crate::lang::spec::{Decl, Kept};
use crate::model::Kind;

pub(super) fn kept(d: &Decl<'_>) -> Option<Kept> {
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
        ] {
            assert_eq!(kept(&d), want, "{d:?}");
        }
    }
}
