//! The fingerprint of the indexer's sources (`CODEMAP_RULES_SOURCE`): what extraction and
//! resolution write for an unchanged file is decided by this crate's code, so a map built by
//! another version of it is rebuilt (`lang::rules_fingerprint`), with nobody to remember a
//! revision number. Test files count too: a rebuild too many costs a run, one too few leaves
//! a wrong map.

use std::hash::Hasher;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=../schema.sql");
    let mut files = Vec::new();
    collect(Path::new("src"), &mut files);
    files.push(Path::new("../schema.sql").to_path_buf());
    files.sort();
    // FNV-1a, 64 bits: stable across compilers (std's hasher promises no such thing).
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    for f in &files {
        h.write(f.to_string_lossy().replace('\\', "/").as_bytes());
        h.write(&[0]);
        h.write(&std::fs::read(f).unwrap_or_default());
        h.write(&[0]);
    }
    println!("cargo:rustc-env=CODEMAP_RULES_SOURCE={:016x}", h.finish());
}

fn collect(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, out);
        } else {
            out.push(p);
        }
    }
}

struct Fnv(u64);

impl Hasher for Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}
