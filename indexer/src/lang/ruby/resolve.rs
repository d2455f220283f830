//! Ruby's resolution. `require_relative "x"` is the file beside the requiring one,
//! `require "a/b"` a file under the workspace's root or one of its `lib/` directories (else
//! outside: `rb:ext:a`). Constants are global in Ruby: a constant path (`Foo`, `A::B`) is
//! looked up through the lexical scopes around the reference (`A.B.Foo`, `A.Foo`, `Foo`), in
//! the file first and then in the workspace by qualname; a class opened in several files is
//! one node per file, and a reference to it goes to the one in its own file, else to the only
//! one, else to the one whose file its name gives by Ruby's convention (`Net::HTTP` in
//! `net/http.rb`); otherwise it stays unresolved. `Foo.new` is the class, `Foo.x` its
//! function `x` (`def self.x`), a bare name a method of the class around (through its
//! ancestors: `Language::implicit_self`). A method on a value of unknown type is not guessed.

use crate::id::NodeId;
use crate::lang::Lang;
use crate::model::{Import, Kind, Resolution};
use crate::resolve::ctx::{
    hinted, in_scopes, join_path, FileCtx, ImportEdge, ImportName, Layout, Manifest, Outcome, Ref,
    Resolver, SymRef, SymbolIndex,
};
use crate::walk::parent_dir;
use std::collections::HashSet;

pub(crate) struct RubyResolver;

const LANG: Lang = Lang::Ruby;

/// Ruby's reading of the workspace: where `require "a/b"` looks, the root first, then
/// every directory named `lib`, shallowest first.
pub(crate) struct LibRoots(Vec<String>);

fn lib_roots(files: &HashSet<String>) -> Vec<String> {
    let mut roots: Vec<String> = Vec::new();
    let mut seen = HashSet::new();
    for f in files.iter().filter(|f| f.ends_with(".rb")) {
        let mut dir = parent_dir(f);
        while !dir.is_empty() {
            if (dir == "lib" || dir.ends_with("/lib")) && seen.insert(dir.to_string()) {
                roots.push(dir.to_string());
            }
            dir = parent_dir(dir);
        }
    }
    roots.sort_by(|a, b| (a.matches('/').count(), a).cmp(&(b.matches('/').count(), b)));
    roots.insert(0, String::new());
    roots
}

/// `dir` joined with a relative path that may climb (`../x`); `None` above the root.
fn climb(dir: &str, rel: &str) -> Option<String> {
    let mut parts: Vec<&str> = dir.split('/').filter(|s| !s.is_empty()).collect();
    for seg in rel.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            s => parts.push(s),
        }
    }
    Some(parts.join("/"))
}

/// The workspace file a `require` (module `a/b`) or `require_relative` (module `./x`,
/// `../x`) loads.
pub(crate) fn required_file(ws: &Layout, module: &str, from: &str) -> Option<String> {
    let with_ext = |stem: &str| {
        let f = format!("{stem}.rb");
        ws.files.contains(&f).then_some(f)
    };
    if module.starts_with("./") || module.starts_with("../") {
        return with_ext(&climb(parent_dir(from), module)?);
    }
    ws.facts::<LibRoots>()
        .map_or(&[][..], |r| &r.0)
        .iter()
        .find_map(|root| with_ext(&join_path(root, module)))
}

/// A constant's name: it starts with an upper-case letter.
fn is_constant(seg: &str) -> bool {
    seg.starts_with(|c: char| c.is_uppercase())
}

/// Ruby's file for a constant: `Net::HTTPHeader` → `net/http_header`.
pub(crate) fn snake(q: &str) -> String {
    q.split('.')
        .map(|seg| {
            let chars: Vec<char> = seg.chars().collect();
            let mut out = String::new();
            for (i, &c) in chars.iter().enumerate() {
                if c.is_uppercase() {
                    let prev = i.checked_sub(1).map(|j| chars[j]);
                    let next = chars.get(i + 1);
                    let boundary = prev.is_some_and(|p| p.is_lowercase() || p.is_ascii_digit())
                        || (prev.is_some_and(char::is_uppercase)
                            && next.is_some_and(|n| n.is_lowercase()));
                    if boundary {
                        out.push('_');
                    }
                    out.extend(c.to_lowercase());
                } else {
                    out.push(c);
                }
            }
            out
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// What a constant's definitions in several files (a class opened in each) give: the one
/// whose file Ruby's convention names (`a/b_c.rb` for `A::BC`, else `b_c.rb`), when one is.
fn by_convention(hits: Vec<SymRef>, q: &str) -> Option<SymRef> {
    let path = format!("{}.rb", snake(q));
    let leaf = format!("{}.rb", snake(q.rsplit('.').next().unwrap_or(q)));
    let ends = |f: &str, tail: &str| f == tail || f.ends_with(&format!("/{tail}"));
    for tail in [&path, &leaf] {
        let mut m = hits.iter().filter(|s| ends(&s.file, tail));
        if let (Some(one), None) = (m.next(), m.next()) {
            return Some(one.clone());
        }
    }
    None
}

/// What a constant path (`Foo`, `A.B`) names, looked up through the lexical scopes around
/// `source_qual`, innermost first: `Some(None)` when several definitions of it in other files
/// leave it open.
fn constant(
    ctx: &FileCtx,
    idx: &dyn SymbolIndex,
    source_qual: Option<&str>,
    path: &str,
) -> Option<Option<(SymRef, Resolution)>> {
    let parts: Vec<&str> = source_qual.map_or(Vec::new(), |q| q.split('.').collect());
    let leaf = path.rsplit('.').next().unwrap_or(path);
    let fits = |k: Kind| k.is_type_like() || k == Kind::Constant;
    for n in (0..=parts.len()).rev() {
        let q = if n == 0 {
            path.to_string()
        } else {
            format!("{}.{path}", parts[..n].join("."))
        };
        if let Some(s) = idx.in_file(LANG, &ctx.path, &q).filter(|s| fits(s.kind)) {
            return Some(Some((s, Resolution::Local)));
        }
        let hits: Vec<SymRef> = idx
            .by_name(LANG, leaf)
            .into_iter()
            .filter(|s| s.qualname() == q && fits(s.kind))
            .collect();
        match hits.len() {
            0 => continue,
            1 => return Some(hits.into_iter().next().map(|s| (s, Resolution::Unique))),
            _ => return Some(by_convention(hits, &q).map(|s| (s, Resolution::Unique))),
        }
    }
    // No scope around it is known (a base named in a class's scope, read again from the
    // types): the workspace's one constant whose qualname ends so, opened in one file or
    // in several (then the one Ruby's convention names).
    let hits: Vec<SymRef> = idx
        .by_name(LANG, leaf)
        .into_iter()
        .filter(|s| fits(s.kind) && s.qualname().ends_with(&format!(".{path}")))
        .collect();
    let first = hits.first()?.qualname().to_string();
    if hits.iter().any(|s| s.qualname() != first) {
        return Some(None);
    }
    match hits.len() {
        1 => Some(hits.into_iter().next().map(|s| (s, Resolution::Unique))),
        _ => Some(by_convention(hits, &first).map(|s| (s, Resolution::Unique))),
    }
}

/// `m` of a class or module as a function of it (`def self.m`), else as any callable member
/// (`module_function`, an alias): in the type's file, else the only definition elsewhere.
fn singleton(idx: &dyn SymbolIndex, t: &SymRef, m: &str) -> Option<SymRef> {
    let q = format!("{}.{m}", t.qualname());
    let mut here = Vec::new();
    for k in 1..=16u32 {
        let qk = if k == 1 {
            q.clone()
        } else {
            format!("{q}~{k}")
        };
        match idx.in_file(LANG, &t.file, &qk) {
            Some(s) => here.push(s),
            None if k > 1 => break,
            None => {}
        }
    }
    let pick = |v: Vec<SymRef>| -> Option<SymRef> {
        let f: Vec<&SymRef> = v.iter().filter(|s| s.kind == Kind::Function).collect();
        match f.as_slice() {
            [one] => Some((*one).clone()),
            [] => crate::resolve::ctx::single(v.into_iter().filter(|s| s.kind.is_callable())),
            _ => None,
        }
    };
    if !here.is_empty() {
        return pick(here);
    }
    pick(
        idx.by_name(LANG, m)
            .into_iter()
            .filter(|s| {
                let base = match s.qualname().rsplit_once('~') {
                    Some((b, n)) if n.bytes().all(|c| c.is_ascii_digit()) => b,
                    _ => s.qualname(),
                };
                base == q
            })
            .collect(),
    )
}

/// The innermost class of the file around a reference in `source_qual`.
fn enclosing_class(
    ctx: &FileCtx,
    idx: &dyn SymbolIndex,
    source_qual: Option<&str>,
) -> Option<SymRef> {
    let parts: Vec<&str> = source_qual?.split('.').collect();
    (1..=parts.len())
        .rev()
        .filter_map(|n| idx.in_file(LANG, &ctx.path, &parts[..n].join(".")))
        .find(|s| s.kind == Kind::Class)
}

impl Resolver for RubyResolver {
    fn layout(
        &self,
        ws: &Layout,
        _manifests: &[Manifest],
    ) -> Option<std::sync::Arc<dyn std::any::Any + Send + Sync>> {
        Some(std::sync::Arc::new(LibRoots(lib_roots(&ws.files))))
    }

    /// A `require` binds no name: what a file defines is global.
    fn bind(&self, _ctx: &mut FileCtx, _imp: &Import, _ws: &Layout) {}

    fn import_name(&self, _imp: &Import) -> Option<ImportName> {
        None
    }

    fn import_edge(&self, ctx: &FileCtx, imp: &Import, ws: &Layout) -> ImportEdge {
        let relative = imp.module.starts_with("./") || imp.module.starts_with("../");
        match required_file(ws, &imp.module, &ctx.path) {
            Some(f) => ImportEdge {
                target: Some(NodeId::file_id(LANG, &f)),
                target_name: imp.module.clone(),
                resolution: Resolution::Import,
            },
            None if relative => ImportEdge {
                target: None,
                target_name: imp.module.clone(),
                resolution: Resolution::Unresolved,
            },
            None => ImportEdge {
                target: Some(NodeId::external_id(
                    LANG,
                    imp.module.split('/').next().unwrap_or(&imp.module),
                )),
                target_name: imp.module.clone(),
                resolution: Resolution::Import,
            },
        }
    }

    fn direct(
        &self,
        ctx: &FileCtx,
        _ws: &Layout,
        idx: &dyn SymbolIndex,
        r: &Ref<'_>,
        segs: &[&str],
    ) -> Option<Outcome> {
        if segs[0] == "?" {
            return None;
        }
        // `new(…)`, `self.new`: a class method making an instance of its class.
        if segs == ["new"] || segs == ["self", "new"] {
            return Some(
                enclosing_class(ctx, idx, r.source_qual)
                    .map_or(Outcome::Edge(None, Resolution::Unresolved), |c| {
                        Outcome::Edge(Some(c.node_id), Resolution::Local)
                    }),
            );
        }
        if let (Some(h), true) = (r.hint, segs.len() >= 2) {
            return hinted(LANG, ctx, idx, h, segs);
        }
        if is_constant(segs[0]) {
            let n = segs.iter().take_while(|s| is_constant(s)).count();
            for k in (1..=n).rev() {
                let path = segs[..k].join(".");
                let Some(found) = constant(ctx, idx, r.source_qual, &path) else {
                    continue;
                };
                let Some((t, res)) = found else {
                    return Some(Outcome::Edge(None, Resolution::Unresolved));
                };
                return match &segs[k..] {
                    [] => Some(Outcome::Edge(Some(t.node_id), res)),
                    // `Foo.new`: the class.
                    ["new"] if t.kind.is_type_like() => Some(Outcome::Edge(Some(t.node_id), res)),
                    [m] if t.kind.is_type_like() => {
                        let s = singleton(idx, &t, m)?;
                        let res = if s.file == ctx.path {
                            Resolution::Local
                        } else {
                            Resolution::Unique
                        };
                        Some(Outcome::Edge(Some(s.node_id), res))
                    }
                    _ => None,
                };
            }
            return None;
        }
        if segs.len() == 1 {
            return in_scopes(LANG, ctx, idx, r);
        }
        None
    }

    /// A bare name no scope, ancestor or the workspace defines: a builtin (`puts`, `raise`)
    /// is no edge; anything else stays unresolved, never guessed.
    fn fallback(
        &self,
        _ctx: &FileCtx,
        _ws: &Layout,
        _idx: &dyn SymbolIndex,
        _r: &Ref<'_>,
        segs: &[&str],
        _want: &dyn Fn(Kind) -> bool,
    ) -> Outcome {
        if LANG.is_builtin(segs[0]) && (segs.len() == 1 || is_constant(segs[0])) {
            return Outcome::Drop;
        }
        Outcome::Edge(None, Resolution::Unresolved)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_by_file_convention() {
        for (q, want) in [
            ("Net.HTTP", "net/http"),
            ("Net.HTTPHeader", "net/http_header"),
            ("Foo.BarBaz", "foo/bar_baz"),
            ("IPAddr", "ip_addr"),
            ("OpenSSL.X509", "open_ssl/x509"),
            ("Rack", "rack"),
        ] {
            assert_eq!(snake(q), want, "{q}");
        }
    }

    #[test]
    fn requires_climb() {
        for (dir, rel, want) in [
            ("lib/a", "./b", Some("lib/a/b")),
            ("lib/a", "../b", Some("lib/b")),
            ("", "./b", Some("b")),
            ("", "../b", None),
            ("lib", "./x/../y", Some("lib/y")),
        ] {
            assert_eq!(climb(dir, rel).as_deref(), want, "{dir} {rel}");
        }
    }

    #[test]
    fn lib_roots_root_first_then_shallowest() {
        let files: HashSet<String> = ["lib/a.rb", "gems/x/lib/x/y.rb", "test/t.rb", "lib/b/c.rb"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(lib_roots(&files), vec!["", "lib", "gems/x/lib"]);
    }
}
