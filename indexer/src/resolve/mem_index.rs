//! The in-memory [`SymbolIndex`] a cold run resolves against: [`MemIndex`], every symbol of
//! the workspace with its file, type facts and imports, in hashed tables searched by binary
//! search.

use super::ctx::{single, SymRef, SymbolIndex};
use crate::id::NodeId;
use crate::lang::Lang;
use crate::model::{FactRole, Import, Kind, TypeFact};
use crate::walk::parent_dir;
use std::collections::HashMap;

/// An index held in memory, for a cold run: each symbol once, and two sorted tables of
/// (32-bit hash of the lookup key, symbol) searched by binary search; hits are verified
/// against the symbol itself, so a hash collision never returns a wrong symbol.
///
/// It holds every symbol of the workspace until resolution ends, so it is kept small (about
/// 60 bytes a symbol): qualnames and the facts' strings live in one text buffer, named by
/// (offset, length); the interner keeps hashes, not a second copy of each string.
#[derive(Default)]
pub struct MemIndex {
    /// (qualname, kind, file index); the node ID is made from them when a symbol is found.
    syms: Vec<(Text, Kind, u32)>,
    files: Vec<(Box<str>, Lang)>,
    by_dir: Vec<(u32, u32)>,
    by_name: Vec<(u32, u32)>,
    sorted: bool,
    /// File path → index in `files`.
    file_ix: HashMap<Box<str>, u32>,
    /// The type facts, one row each, sorted by the hash of (file, qualname) at `finish` (in
    /// the order stated within one key); their strings are interned in `text`.
    facts: Vec<FactRow>,
    /// Every qualname and type expression, end to end.
    text: String,
    /// While files are added: hash of an interned fact string → where it is in `text`
    /// (dropped by `finish`). A string whose hash is taken by another is stored again.
    interned: HashMap<u64, Text>,
    /// Each file's imports, by file index.
    imports: Vec<Vec<Import>>,
    /// The map's number of each symbol (parallel to `syms`) and of each file node (to
    /// `files`).
    numbers: Vec<i64>,
    file_numbers: Vec<i64>,
}

/// A string in [`MemIndex::text`]: its offset and length.
#[derive(Debug, Clone, Copy, Default)]
struct Text {
    at: u32,
    len: u32,
}

/// One type fact: the hash of its (file, qualname), the file, the qualname and the type
/// expression in `MemIndex::text`, its role. A lookup verifies the file and the qualname, so
/// a hash collision never gives another qualname's facts.
#[derive(Debug, Clone, Copy)]
struct FactRow {
    key: u64,
    file: u32,
    qual: Text,
    ty: Text,
    role: FactRole,
}

/// The hash every table of [`MemIndex`] keys on (hits are verified, so a collision costs a
/// comparison, never a wrong answer); the lookup tables keep its low 32 bits.
fn hash_of<T: std::hash::Hash + ?Sized>(v: &T) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault};
    BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default().hash_one(v)
}

fn fact_key(file: u32, qualname: &str) -> u64 {
    hash_of(&(file, qualname))
}

fn key_hash(parts: &[&str]) -> u32 {
    hash_of(parts) as u32
}

impl MemIndex {
    /// An empty index with room for `files` files, `symbols` symbols, `facts` facts and
    /// `text` bytes of their strings, so that its tables are not copied as they grow (a
    /// doubling table briefly holds three times its contents).
    pub fn with_capacity(files: usize, symbols: usize, facts: usize, text: usize) -> MemIndex {
        MemIndex {
            syms: Vec::with_capacity(symbols),
            files: Vec::with_capacity(files),
            by_dir: Vec::with_capacity(symbols),
            by_name: Vec::with_capacity(symbols),
            file_ix: HashMap::with_capacity(files),
            facts: Vec::with_capacity(facts),
            text: String::with_capacity(text),
            imports: Vec::with_capacity(files),
            numbers: Vec::with_capacity(symbols),
            file_numbers: Vec::with_capacity(files),
            ..MemIndex::default()
        }
    }

    /// Add a file's symbols, as (qualname, kind), its type facts and its imports, and the
    /// map's numbers of its file node and of each symbol (parallel to `symbols`).
    #[allow(clippy::too_many_arguments)]
    pub fn add_file(
        &mut self,
        lang: Lang,
        file: &str,
        symbols: &[(Box<str>, Kind)],
        facts: &[TypeFact],
        imports: &[Import],
        file_number: i64,
        numbers: &[i64],
    ) {
        let fi = self.files.len() as u32;
        self.files.push((file.into(), lang));
        self.file_numbers.push(file_number);
        self.file_ix.insert(file.into(), fi);
        self.imports.push(imports.to_vec());
        for f in facts {
            let row = FactRow {
                key: fact_key(fi, &f.qualname),
                file: fi,
                qual: self.intern(&f.qualname),
                ty: self.intern(&f.ty),
                role: f.role,
            };
            self.facts.push(row);
        }
        let dir = parent_dir(file);
        for (k, (qualname, kind)) in symbols.iter().enumerate() {
            let qualname: &str = qualname;
            let name = crate::id::segment_name(qualname.rsplit('.').next().unwrap_or(qualname));
            let i = self.syms.len() as u32;
            self.numbers.push(numbers.get(k).copied().unwrap_or(0));
            let q = self.store(qualname);
            self.syms.push((q, *kind, fi));
            self.by_dir
                .push((key_hash(&[lang.prefix(), dir, qualname]), i));
            self.by_name.push((key_hash(&[lang.prefix(), name]), i));
        }
        self.sorted = false;
    }

    /// `s` appended to `text`.
    fn store(&mut self, s: &str) -> Text {
        let t = Text {
            at: self.text.len() as u32,
            len: s.len() as u32,
        };
        self.text.push_str(s);
        t
    }

    /// `s` in `text`, stored once when its hash is free or names the same string.
    fn intern(&mut self, s: &str) -> Text {
        let h = hash_of(s);
        if let Some(&t) = self.interned.get(&h) {
            if self.get(t) == s {
                return t;
            }
            return self.store(s);
        }
        let t = self.store(s);
        self.interned.insert(h, t);
        t
    }

    fn get(&self, t: Text) -> &str {
        &self.text[t.at as usize..(t.at + t.len) as usize]
    }

    /// Sort the lookup tables; call once after the last `add_file`.
    pub fn finish(&mut self) {
        tracing::info!(
            symbols = self.syms.len(),
            facts = self.facts.len(),
            text_bytes = self.text.len(),
            "in-memory index"
        );
        self.by_dir.sort_unstable();
        self.by_name.sort_unstable();
        // Stable: a qualname's facts keep the order they were stated in.
        self.facts.sort_by_key(|r| r.key);
        self.facts.shrink_to_fit();
        self.interned = HashMap::new();
        self.text.shrink_to_fit();
        self.sorted = true;
        for v in [&mut self.by_dir, &mut self.by_name] {
            v.shrink_to_fit();
        }
        self.syms.shrink_to_fit();
        self.numbers.shrink_to_fit();
    }

    fn range(table: &[(u32, u32)], h: u32) -> impl Iterator<Item = u32> + '_ {
        let from = table.partition_point(|(k, _)| *k < h);
        table[from..]
            .iter()
            .take_while(move |(k, _)| *k == h)
            .map(|(_, i)| *i)
    }

    /// Symbol `i` borrowed: (kind, qualname, file, language). Candidates are checked on this
    /// view; only the hits are copied out (a common name has thousands of candidates).
    fn view(&self, i: u32) -> (Kind, &str, &str, Lang) {
        let (q, kind, f) = self.syms[i as usize];
        let (file, lang) = &self.files[f as usize];
        (kind, self.get(q), file, *lang)
    }

    fn sym(&self, i: u32) -> SymRef {
        let (kind, q, file, lang) = self.view(i);
        SymRef {
            node_id: NodeId::symbol_id(lang, file, q),
            kind,
            file: file.to_string(),
        }
    }

    fn named<'a>(&'a self, lang: Lang, name: &'a str) -> impl Iterator<Item = u32> + 'a {
        Self::range(&self.by_name, key_hash(&[lang.prefix(), name])).filter(move |&i| {
            let (_, q, _, l) = self.view(i);
            l == lang && crate::id::segment_name(q.rsplit('.').next().unwrap_or(q)) == name
        })
    }
}

impl SymbolIndex for MemIndex {
    fn in_dir(&self, lang: Lang, dir: &str, qualname: &str) -> Vec<SymRef> {
        debug_assert!(self.sorted, "MemIndex::finish was not called");
        Self::range(&self.by_dir, key_hash(&[lang.prefix(), dir, qualname]))
            .filter(|&i| {
                let (_, q, f, l) = self.view(i);
                l == lang && q == qualname && parent_dir(f) == dir
            })
            .map(|i| self.sym(i))
            .collect()
    }

    fn in_file(&self, lang: Lang, file: &str, qualname: &str) -> Option<SymRef> {
        Self::range(
            &self.by_dir,
            key_hash(&[lang.prefix(), parent_dir(file), qualname]),
        )
        .find(|&i| {
            let (_, q, f, l) = self.view(i);
            l == lang && q == qualname && f == file
        })
        .map(|i| self.sym(i))
    }

    fn by_name(&self, lang: Lang, name: &str) -> Vec<SymRef> {
        self.named(lang, name).map(|i| self.sym(i)).collect()
    }

    fn facts(&self, _lang: Lang, file: &str, qualname: &str, role: FactRole) -> Vec<String> {
        let Some(&fi) = self.file_ix.get(file) else {
            return Vec::new();
        };
        debug_assert!(self.sorted, "MemIndex::finish was not called");
        let key = fact_key(fi, qualname);
        let start = self.facts.partition_point(|r| r.key < key);
        self.facts[start..]
            .iter()
            .take_while(|r| r.key == key)
            .filter(|r| r.file == fi && r.role == role && self.get(r.qual) == qualname)
            .map(|r| self.get(r.ty).to_string())
            .collect()
    }

    fn imports_of(&self, _lang: Lang, file: &str) -> Vec<Import> {
        self.file_ix
            .get(file)
            .and_then(|&fi| self.imports.get(fi as usize))
            .cloned()
            .unwrap_or_default()
    }

    fn unique_by_name(
        &self,
        lang: Lang,
        name: &str,
        want: &dyn Fn(Kind) -> bool,
    ) -> Option<SymRef> {
        single(self.named(lang, name).filter(|&i| want(self.view(i).0))).map(|i| self.sym(i))
    }

    fn number(&self, node_id: &str) -> Option<i64> {
        if !node_id.contains('#') {
            // A file node: `lang:path`.
            let (prefix, path) = node_id.split_once(':')?;
            let &fi = self.file_ix.get(path)?;
            return (self.files[fi as usize].1.prefix() == prefix)
                .then(|| self.file_numbers[fi as usize]);
        }
        // A symbol: `lang:path#qualname`, found the way `in_file` finds it.
        let (head, qualname) = node_id.split_once('#')?;
        let (prefix, file) = head.split_once(':')?;
        Self::range(
            &self.by_dir,
            key_hash(&[prefix, parent_dir(file), qualname]),
        )
        .find(|&i| {
            let (_, q, f, l) = self.view(i);
            q == qualname && f == file && l.prefix() == prefix
        })
        .map(|i| self.numbers[i as usize])
        .filter(|&n| n != 0)
    }
}
