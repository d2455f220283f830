//! What an edit changed for other files: a file's state before the run ([`Before`]), the
//! changes to its stated types that readers elsewhere see ([`TypedChange`]), and the names a
//! module hands on differently ([`Handed`]).

use super::implements::{shape_of, Shape};
use crate::id::segment_name;
use crate::lang::Lang;
use crate::model::{FactRole, FileExtract, Import, Pos, TypeFact, ANY_EXPORT};
use crate::resolve;
use crate::store::{self, Db, SqlResult};
use std::collections::{BTreeSet, HashSet};

/// What a file's symbols and stated types were before this run rewrote or removed it.
pub(super) struct Before {
    pub(super) symbols: Vec<store::FileSymbol>,
    pub(super) facts: Vec<TypeFact>,
    pub(super) imports: Vec<Import>,
}

impl Before {
    pub(super) fn read(conn: &Db, file_id: i64) -> SqlResult<Before> {
        Ok(Before {
            symbols: conn.file_symbols(file_id)?,
            facts: conn.file_facts(file_id)?,
            imports: conn.file_imports(file_id)?,
        })
    }

    /// Its symbols' names: references elsewhere re-resolve by them.
    /// What method-set `implements` read of it ([`Shape`]).
    pub(super) fn shape(&self) -> Shape {
        shape_of((self.symbols.iter()).map(|s| {
            (
                s.qualname.as_str(),
                s.kind,
                s.params,
                s.signature.as_deref(),
            )
        }))
    }

    pub(super) fn names(&self) -> impl Iterator<Item = String> + '_ {
        self.symbols.iter().map(|s| s.name.clone())
    }

    /// The qualnames of its types (classes, structs, interfaces, named types).
    pub(super) fn types(&self) -> BTreeSet<String> {
        self.symbols
            .iter()
            .filter(|s| s.kind.is_type_like())
            .map(|s| s.qualname.clone())
            .collect()
    }

    /// What its going (deleted, or now skipped) changes for the files that read its types.
    pub(super) fn gone(&self) -> Option<TypedChange> {
        with_types(
            typed_change(&self.facts, &[]),
            &self.types(),
            &BTreeSet::new(),
        )
    }
}

/// What changed in a file's stated types, as far as references elsewhere can tell: the
/// names whose types changed (a reference reads one only through a name on its path; a
/// type that came or went is among them), whether bases changed (those reach references
/// through any value of the class), and whether types came or went (a new one may give a
/// target to a reference that had none, through a chain of stated types the reference does
/// not spell: `tt.m.Encode` through `m`'s type). A chain through a type that went is found
/// by the facts that name it (see `reading`).
#[derive(Debug, Clone, Default)]
pub(super) struct TypedChange {
    pub(super) names: HashSet<String>,
    /// The changed qualnames' first segments: what an import that hands them on binds.
    pub(super) owners: HashSet<String>,
    pub(super) bases: bool,
    pub(super) types: bool,
}

impl TypedChange {
    /// A change to `qualname`: references read it by its last segment, imports bind its
    /// first (a re-export of `WalkBuilder` hands on a change to `WalkBuilder.new`).
    fn add(&mut self, qualname: &str) {
        let seg = |s: Option<&str>| segment_name(s.unwrap_or(qualname)).to_string();
        self.names.insert(seg(qualname.rsplit('.').next()));
        self.owners.insert(seg(qualname.split('.').next()));
    }

    pub(super) fn merge(&mut self, other: TypedChange) {
        self.names.extend(other.names);
        self.owners.extend(other.owners);
        self.bases |= other.bases;
        self.types |= other.types;
    }

    /// The part of this change a file was not re-resolved for yet (`done`: what it was),
    /// added to `done`; `None` when there is none.
    pub(super) fn fresh(&self, done: &mut TypedChange) -> Option<TypedChange> {
        let fresh = TypedChange {
            names: self.names.difference(&done.names).cloned().collect(),
            owners: self.owners.clone(),
            bases: self.bases && !done.bases,
            types: self.types && !done.types,
        };
        if fresh.names.is_empty() && !fresh.bases && !fresh.types {
            return None;
        }
        done.names.extend(fresh.names.iter().cloned());
        done.bases |= fresh.bases;
        done.types |= fresh.types;
        Some(fresh)
    }
}

/// `c`, marked (or made) as a change to the file's set of types when types came or went
/// between `old` and `new` (qualnames); their names join the changed names.
pub(super) fn with_types(
    c: Option<TypedChange>,
    old: &BTreeSet<String>,
    new: &BTreeSet<String>,
) -> Option<TypedChange> {
    if old == new {
        return c;
    }
    let mut c = c.unwrap_or_default();
    c.types = true;
    for q in old.symmetric_difference(new) {
        c.add(q);
    }
    Some(c)
}

/// The names a file's imports bind to one of `names` or `owners` (the name itself, and its
/// alias).
pub(super) fn bound_names(
    imports: &[Import],
    names: &HashSet<String>,
    owners: &HashSet<String>,
) -> Vec<String> {
    let mut out = Vec::new();
    for imp in imports {
        let name = imp
            .member
            .as_deref()
            .unwrap_or_else(|| crate::model::leaf_of(&imp.module));
        if names.contains(name) || owners.contains(name) {
            out.push(name.to_string());
            out.extend(imp.alias.clone());
        }
    }
    out
}

/// What a file's unchanged facts now mean differently, when they name one of `names` (a
/// type that came, went or changed): their qualnames' names, and whether a base is among
/// them.
pub(super) fn reading(facts: &[TypeFact], names: &HashSet<String>) -> Option<TypedChange> {
    let mut c = TypedChange::default();
    for f in facts
        .iter()
        .filter(|f| !matches!(f.role, FactRole::Exports | FactRole::Unread))
    {
        let named =
            f.ty.split(|ch: char| !(ch.is_alphanumeric() || ch == '_' || ch == '$'))
                .any(|w| names.contains(w));
        if named {
            c.add(&f.qualname);
            c.bases |= f.role == FactRole::Base;
        }
    }
    (c.bases || !c.names.is_empty()).then_some(c)
}

/// The qualnames of an extract's types (classes, structs, interfaces, named types).
pub(super) fn types_of(ex: &FileExtract) -> BTreeSet<String> {
    ex.symbols
        .iter()
        .filter(|s| s.kind.is_type_like())
        .map(|s| s.qualname.clone())
        .collect()
}

/// The change from `old` to `new` facts. A name new to the file counts too: a reference
/// that reads it on the way (`req.Header.Set` when the field `Header` comes back) ends in
/// another name, so re-resolution by name does not reach it.
pub(super) fn typed_change(old: &[TypeFact], new: &[TypeFact]) -> Option<TypedChange> {
    let group = |fs: &[TypeFact]| {
        let mut m: std::collections::BTreeMap<String, Vec<(FactRole, String)>> =
            std::collections::BTreeMap::new();
        // A build line is no type: what it changes is which definitions are chosen, below.
        // Nor is an export list (what it changes is followed by `Reexports`), nor a count of
        // macros not read.
        for f in fs.iter().filter(|f| {
            !matches!(
                f.role,
                FactRole::Build | FactRole::Exports | FactRole::Unread
            )
        }) {
            m.entry(f.qualname.clone())
                .or_default()
                .push((f.role, f.ty.clone()));
        }
        m
    };
    let (a, b) = (group(old), group(new));
    let mut c = TypedChange::default();
    for q in a.keys().chain(b.keys()) {
        let (x, y) = (a.get(q), b.get(q));
        if x == y {
            continue;
        }
        let base = |v: Option<&Vec<(FactRole, String)>>| {
            v.is_some_and(|v| v.iter().any(|(r, _)| *r == FactRole::Base))
        };
        c.bases |= base(x) || base(y);
        c.add(q);
    }
    (c.bases || !c.names.is_empty()).then_some(c)
}

/// Names a module hands on to its importers that changed in a run: a name an import of it
/// binds (Python: `from ._models import Response` in `__init__.py`) or its export list
/// (`__all__`) names came or went; `all` when what changed is a `*` import or a list the parse
/// could not read, so any name may have.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Handed {
    pub(super) names: BTreeSet<String>,
    pub(super) all: bool,
}

impl Handed {
    /// What a file hands on differently with `new` imports and facts than with `old`.
    pub(super) fn between(
        lang: Lang,
        old_imports: &[Import],
        old_facts: &[TypeFact],
        new_imports: &[Import],
        new_facts: &[TypeFact],
    ) -> Option<Handed> {
        let set = |is: &[Import]| -> BTreeSet<(String, Option<String>, Option<String>, bool)> {
            is.iter()
                .filter(|i| resolve::hands_on(lang, i))
                .map(|i| {
                    (
                        i.module.clone(),
                        i.member.clone(),
                        i.alias.clone(),
                        i.reexport,
                    )
                })
                .collect()
        };
        let (a, b) = (set(old_imports), set(new_imports));
        let mut h = Handed::default();
        for (module, member, alias, reexport) in a.symmetric_difference(&b) {
            if member.as_deref() == Some("*") {
                h.all = true;
                continue;
            }
            let imp = Import {
                module: module.clone(),
                member: member.clone(),
                alias: alias.clone(),
                reexport: *reexport,
                pos: Pos::default(),
            };
            if let Some(n) = resolve::import_name(lang, &imp) {
                h.names.insert(n.name);
            }
        }
        let exports = |fs: &[TypeFact]| -> BTreeSet<String> {
            fs.iter()
                .filter(|f| f.role == FactRole::Exports)
                .map(|f| f.ty.clone())
                .collect()
        };
        let (x, y) = (exports(old_facts), exports(new_facts));
        if x != y {
            let unread = |s: &BTreeSet<String>| s.is_empty() || s.contains(ANY_EXPORT);
            if unread(&x) || unread(&y) {
                h.all = true;
            } else {
                h.names.extend(x.symmetric_difference(&y).cloned());
            }
        }
        (h.all || !h.names.is_empty()).then_some(h)
    }

    /// What an importer's `imports` of a module handing on `self` bind of it: the names its
    /// own references read the change by, and the ones it hands on in turn. `from m import *`
    /// passes the change as it is; `from m import x as y` binds `y` when `x` changed; `import
    /// m` keeps the names spelled (`m.x`), or, when any may have changed, the module's name.
    pub(super) fn through(&self, lang: Lang, imports: &[&Import]) -> Handed {
        let mut out = Handed::default();
        for imp in imports {
            let bound = resolve::import_name(lang, imp).map(|n| n.name);
            match imp.member.as_deref() {
                Some("*") => {
                    out.all |= self.all;
                    out.names.extend(self.names.iter().cloned());
                }
                Some(m) if self.all || self.names.contains(m) => out.names.extend(bound),
                Some(_) => {}
                None if self.all => out.names.extend(bound),
                None => out.names.extend(self.names.iter().cloned()),
            }
        }
        out
    }

    /// The part of this a file was not re-resolved for yet (`done`), added to `done`.
    pub(super) fn fresh(&self, done: &mut Handed) -> Option<Handed> {
        let fresh = Handed {
            all: self.all && !done.all,
            names: if done.all {
                BTreeSet::new()
            } else {
                self.names.difference(&done.names).cloned().collect()
            },
        };
        if !fresh.all && fresh.names.is_empty() {
            return None;
        }
        done.all |= fresh.all;
        done.names.extend(fresh.names.iter().cloned());
        Some(fresh)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fact(qualname: &str, role: FactRole, ty: &str) -> TypeFact {
        TypeFact {
            qualname: qualname.to_string(),
            role,
            ty: ty.to_string(),
        }
    }

    fn set(names: &[&str]) -> HashSet<String> {
        names.iter().map(|s| s.to_string()).collect()
    }

    fn imp(module: &str, member: Option<&str>, alias: Option<&str>) -> Import {
        Import {
            module: module.to_string(),
            member: member.map(str::to_string),
            alias: alias.map(str::to_string),
            reexport: false,
            pos: Pos { line: 1, col: 1 },
        }
    }

    /// What a module hands on differently (issue 35): the names its changed imports bind, or
    /// those its `__all__` gained or lost; any name after a `*` import or an unread list
    /// changed. Then what an importer binds of it, and hands on in turn.
    #[test]
    fn handed_names_follow_imports_and_export_lists() {
        let py = Lang::Python;
        let names = |h: &Handed| h.names.iter().cloned().collect::<Vec<_>>();
        let ex = |ns: &[&str]| {
            ns.iter()
                .map(|n| fact("", FactRole::Exports, n))
                .collect::<Vec<_>>()
        };
        let a = [
            imp("._models", Some("Response"), None),
            imp("._a", Some("*"), None),
        ];
        assert_eq!(
            Handed::between(py, &a, &[], &a, &[]),
            None,
            "nothing changed"
        );
        let moved = [
            imp("._a", Some("*"), None),
            imp("._models", Some("Response"), None),
        ];
        assert_eq!(
            Handed::between(py, &a, &[], &moved, &[]),
            None,
            "an import that only moved"
        );
        let h = Handed::between(
            py,
            &a[..1],
            &[],
            &[imp("._models", Some("Response"), Some("R"))],
            &[],
        )
        .expect("a change");
        assert_eq!(
            (names(&h), h.all),
            (vec!["R".into(), "Response".into()], false)
        );
        let h = Handed::between(py, &a, &[], &a[..1], &[]).expect("a change");
        assert!(h.all, "a * import went");
        let h = Handed::between(py, &[], &ex(&["a", "b"]), &[], &ex(&["b", "c"])).expect("change");
        assert_eq!((names(&h), h.all), (vec!["a".into(), "c".into()], false));
        for (old, new) in [(ex(&[]), ex(&["a"])), (ex(&["a"]), ex(&["a", "*"]))] {
            let h = Handed::between(py, &[], &old, &[], &new).expect("a change");
            assert!(h.all, "a list that came, or that the parse cannot read");
        }
        assert_eq!(
            Handed::between(py, &[], &[fact("X", FactRole::Base, "Y")], &[], &[]),
            None,
            "a type fact is no export"
        );

        let h = Handed {
            names: ["Response".to_string()].into(),
            all: false,
        };
        let star = imp("pkg", Some("*"), None);
        let named = imp("pkg", Some("Response"), Some("R"));
        let other = imp("pkg", Some("Client"), None);
        let module = imp("pkg", None, Some("p"));
        assert_eq!(names(&h.through(py, &[&star])), ["Response"]);
        assert_eq!(names(&h.through(py, &[&named, &other])), ["R"]);
        assert_eq!(names(&h.through(py, &[&module])), ["Response"]);
        let any = Handed {
            names: BTreeSet::new(),
            all: true,
        };
        assert!(any.through(py, &[&star]).all);
        let t = any.through(py, &[&named, &module]);
        assert_eq!((names(&t), t.all), (vec!["R".into(), "p".into()], false));

        let mut done = Handed::default();
        assert_eq!(h.fresh(&mut done), Some(h.clone()));
        assert_eq!(
            h.fresh(&mut done),
            None,
            "a file is re-resolved once per name"
        );
        assert!(any.fresh(&mut done).is_some_and(|f| f.all));
        assert_eq!(h.fresh(&mut done), None);
    }

    /// What a file's facts changing tells the files that read them: the changed qualnames'
    /// last segments (what references end in or pass through) and first segments (what
    /// imports bind), bases, and nothing for facts that stayed.
    #[test]
    fn a_typed_change_names_what_readers_pass_through() {
        let t = FactRole::Type;
        let same = [fact("Request.Header", t, "Header")];
        assert!(typed_change(&same, &same).is_none());
        // A field that went, one that came (`req.Header.Set` reads it on the way), a result
        // type that changed.
        for (old, new, names, owners) in [
            (
                vec![fact("Request.Header", t, "Header")],
                vec![],
                vec!["Header"],
                vec!["Request"],
            ),
            (
                vec![],
                vec![fact("Request.Header", t, "Header")],
                vec!["Header"],
                vec!["Request"],
            ),
            (
                vec![fact("URL.Query", FactRole::Returns, "Values")],
                vec![fact("URL.Query", FactRole::Returns, "*URL")],
                vec!["Query"],
                vec!["URL"],
            ),
        ] {
            let c = typed_change(&old, &new).expect("a change");
            assert_eq!(
                (c.names, c.owners, c.bases),
                (set(&names), set(&owners), false)
            );
        }
        let c = typed_change(&[fact("A", FactRole::Base, "B")], &[]).expect("a change");
        assert!(c.bases);
        // Types that came or went: their names, and the mark that unresolved readers are
        // tried again; no change when the set is the same.
        let types = |q: &[&str]| q.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
        assert!(with_types(None, &types(&["Values"]), &types(&["Values"])).is_none());
        let c = with_types(None, &types(&["Values"]), &types(&["Values2"])).expect("a change");
        assert!(c.types);
        assert_eq!(c.names, set(&["Values", "Values2"]));
    }

    /// A file is re-resolved again only for what is new to it, so the outward walk ends.
    #[test]
    fn a_file_is_re_resolved_only_for_what_is_new_to_it() {
        let mut done = TypedChange::default();
        let first = TypedChange {
            names: set(&["Client", "c"]),
            ..TypedChange::default()
        };
        assert_eq!(
            first.fresh(&mut done).map(|c| c.names),
            Some(set(&["Client", "c"]))
        );
        assert!(first.fresh(&mut done).is_none());
        let more = TypedChange {
            names: set(&["c", "builder"]),
            bases: true,
            ..TypedChange::default()
        };
        let fresh = more.fresh(&mut done).expect("builder and bases are new");
        assert_eq!((fresh.names, fresh.bases), (set(&["builder"]), true));
        assert!(more.fresh(&mut done).is_none());
    }

    /// A file's unchanged facts that name a changed type changed in meaning; its imports that
    /// bind a changed name or its owner hand the change on.
    #[test]
    fn unchanged_facts_and_imports_pass_a_change_on() {
        let facts = [
            fact("clientServerTest.c", FactRole::Type, "*Client"),
            fact("Workspace.builder", FactRole::Returns, "WalkBuilder"),
            fact("OperatorSubscriber", FactRole::Base, "Subscriber<T>"),
            fact("ClientConn.x", FactRole::Type, "ClientConn"),
        ];
        let c = reading(&facts, &set(&["Client"])).expect("reads Client");
        assert_eq!((c.names, c.bases), (set(&["c"]), false));
        let c = reading(&facts, &set(&["Subscriber"])).expect("reads Subscriber");
        assert_eq!((c.names, c.bases), (set(&["OperatorSubscriber"]), true));
        assert!(reading(&facts, &set(&["Builder", "Conn"])).is_none());
        let imports = [
            imp("crate::walk", Some("WalkBuilder"), None),
            imp("./types", Some("Observer"), Some("Obs")),
            imp("email.message", None, None),
        ];
        assert_eq!(
            bound_names(&imports, &set(&["new"]), &set(&["WalkBuilder"])),
            ["WalkBuilder"]
        );
        assert_eq!(
            bound_names(&imports, &set(&["Observer"]), &HashSet::new()),
            ["Observer", "Obs"]
        );
        assert_eq!(
            bound_names(&imports, &HashSet::new(), &set(&["message"])),
            ["message"]
        );
        assert!(bound_names(&imports, &set(&["Walk"]), &set(&["Message"])).is_empty());
    }
}
