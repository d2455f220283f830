//! What keeps a TypeScript or JavaScript symbol that no edge reaches (`map_unused`; the two
//! share it): constructors; decorated definitions (a framework registers them); a Proxy
//! handler's traps of names no other API uses (`deleteProperty`); and exported
//! API: a top-level declaration written with `export` (`export default` too), and a member
//! of an exported class that is neither `private` nor `#private`; CommonJS's
//! `exports.f = …` and `module.exports.f = …`; every declaration of a
//! `.d.ts` file or under `declare` (they describe code elsewhere). Names exported by a list
//! (`export { a }`, `module.exports = { a }`) are not seen here: such a symbol is listed unless
//! an edge reaches it.

use crate::lang::spec::{Decl, Kept};
use crate::model::Kind;

/// A Proxy handler's traps that no other API names so: the runtime calls them on the
/// handler object (immer's `arrayTraps.deleteProperty`). `get`, `set`, `has` and `apply`
/// are everyday names and are not taken for traps.
const PROXY_TRAPS: &[&str] = &[
    "deleteProperty",
    "ownKeys",
    "getOwnPropertyDescriptor",
    "defineProperty",
    "getPrototypeOf",
    "setPrototypeOf",
    "isExtensible",
    "preventExtensions",
];

pub(crate) fn kept(d: &Decl<'_>) -> Option<Kept> {
    if d.kind == Kind::Method && d.name == "constructor" {
        return Some(Kept::Constructor);
    }
    if d.kind == Kind::Method && PROXY_TRAPS.contains(&d.name) {
        return Some(Kept::Hook);
    }
    if d.says("override") {
        return Some(Kept::Override);
    }
    if !d.annotations("@").is_empty() {
        return Some(Kept::Hook);
    }
    // A declaration file describes code outside it: every name in it is that code's API.
    if d.path.ends_with(".d.ts") || d.says("declare") {
        return Some(Kept::Exported);
    }
    let exported = match d.parent {
        // `export function f`, CommonJS's `exports.f = …` and `module.exports.f = …`; a
        // function written as an object's member at the top level is one of
        // `module.exports = { get status() {…}, set(f, v) {…} }` (koa's request.js).
        None => {
            d.says("export")
                || d.says("exports")
                || (d.kind == Kind::Function && written_as_member(d.head, d.name))
                || bound_to_exports(d.head, d.name)
        }
        Some(_) => d.parent_exported && !d.says("private") && !d.name.starts_with('#'),
    };
    exported.then_some(Kept::Exported)
}

/// Whether a declaration's head is an object member's: `name(`, `get name(`, `async name(`,
/// `*name(`, `name: function`. Pure.
fn written_as_member(head: &str, name: &str) -> bool {
    let named = |h: &str| {
        h.trim_start_matches('*')
            .trim_start()
            .strip_prefix(name)
            .is_some_and(|rest| rest.trim_start().starts_with(['(', ':']))
    };
    // The name itself may be a keyword's (`get (field) {`, koa's `request.get`).
    let mut h = head.trim_start();
    if named(h) {
        return true;
    }
    for k in ["async ", "get ", "set ", "static "] {
        h = h.strip_prefix(k).unwrap_or(h).trim_start();
        if named(h) {
            return true;
        }
    }
    false
}

/// Whether a declaration binds the module's exports too: `const proto = module.exports = {`
/// (koa's context.js). Pure.
fn bound_to_exports(head: &str, name: &str) -> bool {
    let Some(at) = head.find(name) else {
        return false;
    };
    let rest = head[at + name.len()..].trim_start();
    let Some(value) = rest.strip_prefix('=') else {
        return false;
    };
    let value = value.trim_start();
    ["module.exports", "exports"].iter().any(|e| {
        value
            .strip_prefix(e)
            .is_some_and(|r| r.trim_start().starts_with('=') && !r.trim_start().starts_with("=="))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constructors_decorators_and_exports() {
        let top = |head: &'static str, name| Decl {
            head,
            ..Decl::of(Kind::Function, name, "src/cart.ts")
        };
        let member = |head: &'static str, name, parent_exported| Decl {
            head,
            parent: Some(Kind::Class),
            parent_exported,
            ..Decl::of(Kind::Method, name, "src/cart.ts")
        };
        for (d, want) in [
            (
                top("export function total(c: Cart) {", "total"),
                Some(Kept::Exported),
            ),
            (
                top("export default function total() {", "total"),
                Some(Kept::Exported),
            ),
            (
                top("export const total = (c) => {", "total"),
                Some(Kept::Exported),
            ),
            (top("function total(c: Cart) {", "total"), None),
            (
                top("module.exports.joinAll = (items) => items", "joinAll"),
                Some(Kept::Exported),
            ),
            (
                top("exports.slugify = function (text) {", "slugify"),
                Some(Kept::Exported),
            ),
            (top("const exported = () => 1", "exported"), None),
            // Members of `module.exports = { … }`.
            (top("get status () {", "status"), Some(Kept::Exported)),
            (top("vary (field) {", "vary"), Some(Kept::Exported)),
            (top("get (field) {", "get"), Some(Kept::Exported)),
            (top("set (field, val) {", "set"), Some(Kept::Exported)),
            (
                top("set: function (field, val) {", "set"),
                Some(Kept::Exported),
            ),
            (top("async *entries() {", "entries"), Some(Kept::Exported)),
            (top("function status() {", "status"), None),
            (
                Decl {
                    head: "const proto = module.exports = {",
                    ..Decl::of(Kind::Constant, "proto", "lib/context.js")
                },
                Some(Kept::Exported),
            ),
            (
                Decl {
                    head: "const proto = module.exports.base",
                    ..Decl::of(Kind::Constant, "proto", "lib/context.js")
                },
                None,
            ),
            (
                member("add(item: Priced): void {", "add", true),
                Some(Kept::Exported),
            ),
            (member("add(item: Priced): void {", "add", false), None),
            (member("private add(item: Priced) {", "add", true), None),
            (member("#add(item) {", "#add", true), None),
            (
                member("constructor(a: number) {", "constructor", false),
                Some(Kept::Constructor),
            ),
            (
                member("deleteProperty(state, prop) {", "deleteProperty", false),
                Some(Kept::Hook),
            ),
            (member("get(state, prop) {", "get", false), None),
            (
                member("override add(item) {", "add", false),
                Some(Kept::Override),
            ),
            (
                member("@HostListener('click')\n  onClick() {", "onClick", false),
                Some(Kept::Hook),
            ),
            (
                top("declare function tick(): void", "tick"),
                Some(Kept::Exported),
            ),
            (
                Decl {
                    path: "types/ambient.d.ts",
                    ..top("interface IntrinsicElements {", "IntrinsicElements")
                },
                Some(Kept::Exported),
            ),
        ] {
            assert_eq!(kept(&d), want, "{d:?}");
        }
    }
}
