//! A cold run's references, parked on disk between extraction and resolution, so that memory
//! does not grow with every reference of the repository: the writer appends each file's
//! record as it arrives, and the resolvers read them back one file at a time.
//!
//! The format is private to one run (the file is deleted when the run ends, and a killed
//! run's file is removed by the next one, like a killed build): per record, unsigned LEB128
//! integers and length-prefixed UTF-8 strings, in the order [`Record`] lists its fields.

use crate::lang::Lang;
use crate::model::{EdgeKind, FactRole, Import, Kind, Pos, RawRef, TypeFact};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

/// One file's references and what resolving them needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub file_id: i64,
    pub path: String,
    pub lang: Lang,
    /// (qualname, kind) of each symbol.
    pub syms: Vec<(Box<str>, Kind)>,
    /// The map's numbers of the file node and of each symbol (parallel to `syms`).
    pub file_number: i64,
    pub numbers: Vec<i64>,
    pub refs: Vec<RawRef>,
    pub imports: Vec<Import>,
    pub facts: Vec<TypeFact>,
}

/// The spill file of one run: written by one thread, then read by many.
pub struct Spill {
    path: PathBuf,
    out: Option<BufWriter<File>>,
    file: Option<File>,
    len: u64,
    /// (offset, length) of each record, in the order written.
    records: Vec<(u64, u32)>,
}

impl Spill {
    /// A new spill file beside `db` (`<db>.building.<pid>-refs`).
    pub fn create(db: &Path) -> std::io::Result<Spill> {
        let name = db
            .file_name()
            .map_or_else(|| "map.db".into(), |n| n.to_string_lossy().into_owned());
        let path = db.with_file_name(format!("{name}.building.{}-refs", std::process::id()));
        let file = File::options()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(&path)?;
        Ok(Spill {
            path,
            out: Some(BufWriter::with_capacity(1 << 20, file)),
            file: None,
            len: 0,
            records: Vec::new(),
        })
    }

    pub fn push(&mut self, r: &Record) -> std::io::Result<()> {
        let mut buf = Vec::with_capacity(64 + r.refs.len() * 24);
        encode(r, &mut buf);
        let out = self
            .out
            .as_mut()
            .ok_or_else(|| std::io::Error::other("the spill file is closed for writing"))?;
        out.write_all(&buf)?;
        self.records.push((self.len, buf.len() as u32));
        self.len += buf.len() as u64;
        Ok(())
    }

    /// Done writing: flush, and read from here on.
    pub fn seal(&mut self) -> std::io::Result<()> {
        if let Some(out) = self.out.take() {
            let file = out.into_inner().map_err(|e| e.into_error())?;
            self.file = Some(file);
        }
        Ok(())
    }

    pub fn len(&self) -> usize {
        self.records.len()
    }

    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// Record `i` (in the order written); after [`Spill::seal`].
    pub fn get(&self, i: usize) -> std::io::Result<Record> {
        let (&(at, n), Some(file)) = (
            self.records
                .get(i)
                .ok_or_else(|| std::io::Error::other("no such spilled record"))?,
            self.file.as_ref(),
        ) else {
            return Err(std::io::Error::other("the spill file is not sealed"));
        };
        let mut buf = vec![0u8; n as usize];
        file.read_exact_at(&mut buf, at)?;
        decode(&buf).ok_or_else(|| {
            std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("spilled record {i} of {} is corrupt", self.path.display()),
            )
        })
    }
}

impl Drop for Spill {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

fn put_u(buf: &mut Vec<u8>, mut v: u64) {
    loop {
        let b = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            buf.push(b);
            return;
        }
        buf.push(b | 0x80);
    }
}

fn put_s(buf: &mut Vec<u8>, s: &str) {
    put_u(buf, s.len() as u64);
    buf.extend_from_slice(s.as_bytes());
}

/// An optional string: 0 for none, else its length + 1.
fn put_o(buf: &mut Vec<u8>, s: Option<&str>) {
    match s {
        None => put_u(buf, 0),
        Some(s) => {
            put_u(buf, s.len() as u64 + 1);
            buf.extend_from_slice(s.as_bytes());
        }
    }
}

fn put_pos(buf: &mut Vec<u8>, p: Pos) {
    put_u(buf, p.line as u64);
    put_u(buf, p.col as u64);
}

/// Append `r`'s encoding to `buf`.
pub fn encode(r: &Record, buf: &mut Vec<u8>) {
    put_u(buf, r.file_id as u64);
    put_s(buf, &r.path);
    put_s(buf, r.lang.prefix());
    put_u(buf, r.file_number as u64);
    put_u(buf, r.syms.len() as u64);
    for (q, k) in &r.syms {
        put_s(buf, q);
        put_s(buf, k.as_str());
    }
    put_u(buf, r.numbers.len() as u64);
    for &n in &r.numbers {
        put_u(buf, n as u64);
    }
    put_u(buf, r.refs.len() as u64);
    for x in &r.refs {
        put_s(buf, x.kind.as_str());
        put_u(buf, x.source.map_or(0, |s| s as u64 + 1));
        put_s(buf, &x.target);
        put_o(buf, x.hint.as_deref());
        put_u(buf, x.args.map_or(0, |a| u64::from(a) + 1));
        put_o(buf, x.arg_types.as_deref());
        put_pos(buf, x.pos);
    }
    put_u(buf, r.imports.len() as u64);
    for i in &r.imports {
        put_s(buf, &i.module);
        put_o(buf, i.member.as_deref());
        put_o(buf, i.alias.as_deref());
        put_u(buf, u64::from(i.reexport));
        put_pos(buf, i.pos);
    }
    put_u(buf, r.facts.len() as u64);
    for f in &r.facts {
        put_s(buf, &f.qualname);
        put_s(buf, f.role.as_str());
        put_s(buf, &f.ty);
    }
}

struct Reader<'a> {
    buf: &'a [u8],
}

impl<'a> Reader<'a> {
    fn u(&mut self) -> Option<u64> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let (&b, rest) = self.buf.split_first()?;
            self.buf = rest;
            v |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Some(v);
            }
        }
        None
    }

    fn n(&mut self) -> Option<usize> {
        // A count can never exceed the bytes left: a corrupt one fails here, not in `Vec`.
        let n = usize::try_from(self.u()?).ok()?;
        (n <= self.buf.len()).then_some(n)
    }

    fn bytes(&mut self, n: usize) -> Option<&'a str> {
        if n > self.buf.len() {
            return None;
        }
        let (s, rest) = self.buf.split_at(n);
        self.buf = rest;
        std::str::from_utf8(s).ok()
    }

    fn s(&mut self) -> Option<&'a str> {
        let n = self.n()?;
        self.bytes(n)
    }

    fn o(&mut self) -> Option<Option<&'a str>> {
        match self.u()? {
            0 => Some(None),
            n => self.bytes(usize::try_from(n - 1).ok()?).map(Some),
        }
    }

    fn pos(&mut self) -> Option<Pos> {
        Some(Pos {
            line: u32::try_from(self.u()?).ok()?,
            col: u32::try_from(self.u()?).ok()?,
        })
    }
}

/// The record encoded in `buf`; `None` when it is not one.
pub fn decode(buf: &[u8]) -> Option<Record> {
    let mut r = Reader { buf };
    let file_id = r.u()? as i64;
    let path = r.s()?.to_string();
    let lang = Lang::from_prefix(r.s()?)?;
    let file_number = r.u()? as i64;
    let syms = (0..r.n()?)
        .map(|_| Some((r.s()?.into(), Kind::parse(r.s()?)?)))
        .collect::<Option<Vec<_>>>()?;
    let numbers = (0..r.n()?)
        .map(|_| r.u().map(|n| n as i64))
        .collect::<Option<Vec<_>>>()?;
    let refs = (0..r.n()?)
        .map(|_| {
            let kind = EdgeKind::parse(r.s()?)?;
            let source = match r.u()? {
                0 => None,
                s => Some(u32::try_from(s - 1).ok()?),
            };
            Some(RawRef {
                kind,
                source,
                target: r.s()?.into(),
                hint: r.o()?.map(Into::into),
                args: match r.u()? {
                    0 => None,
                    a => Some(u16::try_from(a - 1).ok()?),
                },
                arg_types: r.o()?.map(Into::into),
                pos: r.pos()?,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    let imports = (0..r.n()?)
        .map(|_| {
            Some(Import {
                module: r.s()?.to_string(),
                member: r.o()?.map(str::to_string),
                alias: r.o()?.map(str::to_string),
                reexport: r.u()? != 0,
                pos: r.pos()?,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    let facts = (0..r.n()?)
        .map(|_| {
            Some(TypeFact {
                qualname: r.s()?.to_string(),
                role: FactRole::parse(r.s()?)?,
                ty: r.s()?.to_string(),
            })
        })
        .collect::<Option<Vec<_>>>()?;
    r.buf.is_empty().then_some(Record {
        file_id,
        path,
        lang,
        syms,
        file_number,
        numbers,
        refs,
        imports,
        facts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Record {
        Record {
            file_id: 7,
            path: "net/url/url.go".into(),
            lang: Lang::Go,
            syms: vec![
                ("URL".into(), Kind::Struct),
                ("URL.String".into(), Kind::Method),
            ],
            file_number: 300,
            numbers: vec![301, 1 << 40],
            refs: vec![
                RawRef {
                    kind: EdgeKind::Calls,
                    source: Some(1),
                    target: "strings.Builder.WriteString".into(),
                    hint: Some("strings.Builder".into()),
                    args: Some(1),
                    arg_types: Some("String,".into()),
                    pos: Pos { line: 812, col: 5 },
                },
                RawRef {
                    kind: EdgeKind::Uses,
                    source: None,
                    target: "é.ü".into(),
                    hint: Some(String::new().into()),
                    args: None,
                    arg_types: None,
                    pos: Pos { line: 1, col: 1 },
                },
            ],
            imports: vec![Import {
                module: "strings".into(),
                member: None,
                alias: Some("s".into()),
                reexport: true,
                pos: Pos { line: 3, col: 2 },
            }],
            facts: vec![TypeFact {
                qualname: "URL.User".into(),
                role: FactRole::Type,
                ty: "*Userinfo".into(),
            }],
        }
    }

    #[test]
    fn records_round_trip() {
        let r = sample();
        let mut buf = Vec::new();
        encode(&r, &mut buf);
        assert_eq!(decode(&buf), Some(r.clone()));
        let empty = Record {
            syms: vec![],
            numbers: vec![],
            refs: vec![],
            imports: vec![],
            facts: vec![],
            ..r
        };
        let mut buf = Vec::new();
        encode(&empty, &mut buf);
        assert_eq!(decode(&buf), Some(empty));
    }

    #[test]
    fn corrupt_records_are_refused() {
        let mut buf = Vec::new();
        encode(&sample(), &mut buf);
        // Every truncation, a trailing byte, and a huge count are refused, never a panic.
        for n in 0..buf.len() {
            assert_eq!(decode(&buf[..n]), None, "truncated at {n}");
        }
        let mut long = buf.clone();
        long.push(0);
        assert_eq!(decode(&long), None);
        assert_eq!(decode(&[0xff; 12]), None);
    }

    #[test]
    fn spill_files_hold_records_and_go_away() {
        let dir = tempfile::tempdir().expect("tempdir");
        let db = dir.path().join("map.db");
        let mut s = Spill::create(&db).expect("create");
        let r = sample();
        for i in 0..3 {
            s.push(&Record {
                file_id: i,
                ..r.clone()
            })
            .expect("push");
        }
        s.seal().expect("seal");
        assert_eq!(s.len(), 3);
        assert_eq!(s.get(2).expect("get").file_id, 2);
        assert_eq!(s.get(0).expect("get"), Record { file_id: 0, ..r });
        assert!(s.get(3).is_err());
        let path = s.path.clone();
        assert!(path.exists());
        drop(s);
        assert!(!path.exists(), "the spill file outlived its run");
    }
}
