//! Library maps: a dependency's code indexed by the ordinary index run into a map of its own,
//! in a cache shared by every workspace that uses the same version
//! (`<cache>/<ecosystem>/<name>@<version>/map.db`, the cache `$CODEMAP_LIB_CACHE`, else
//! `$XDG_CACHE_HOME/codemap/libs`, else `~/.cache/codemap/libs`). A library map is built once,
//! under a lock (`lock` beside it: concurrent builders wait, the second finds it built), beside
//! its final name and renamed into place by the index run; afterwards it is only read.

use crate::index::{self, IndexError, IndexOptions, NoProgress};
use crate::lang::Dep;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The shared cache of library maps, from the environment ([`crate::lang::lib_cache_dir`]).
pub fn cache_dir() -> Option<PathBuf> {
    crate::lang::lib_cache_dir()
}

/// Where the map of `name@version` of `ecosystem` lives in `cache`; `None` for a name or
/// version that would lead out of it (`..`, absolute, NUL, backslash).
pub fn map_path(cache: &Path, ecosystem: &str, name: &str, version: &str) -> Option<PathBuf> {
    crate::lang::lib_dir(cache, ecosystem, name, version).map(|d| d.join("map.db"))
}

/// What [`ensure`] did: whether it built the map now (else it was there), how long that took,
/// the files and symbols indexed and the map's size.
#[derive(Debug, Clone, Default)]
pub struct Built {
    pub built: bool,
    pub seconds: f64,
    pub files: usize,
    pub symbols: i64,
    pub bytes: u64,
    /// Why a map that was there was rebuilt (another schema version or other rules).
    pub rebuilt: Option<String>,
    /// What unpacking an archive said: files and bytes unpacked, entries refused or cut.
    pub notes: Vec<String>,
}

/// Why a library map could not be built.
#[derive(Debug, thiserror::Error)]
pub enum LibError {
    #[error(transparent)]
    Index(#[from] IndexError),
    /// The dependency's archive is not a readable zip (corrupt, truncated, not a jar).
    #[error("the archive {} cannot be unpacked: {reason}", path.display())]
    Archive { path: PathBuf, reason: String },
}

/// How much of an archive is unpacked: each entry's and the whole's uncompressed bytes.
#[derive(Debug, Clone, Copy)]
pub struct Caps {
    pub entry: u64,
    pub total: u64,
}

/// The caps of [`ensure`]: 8 MiB a file (Kotlin's largest generated source is 0.9 MB), 512 MiB
/// in all.
pub const CAPS: Caps = Caps {
    entry: 8 << 20,
    total: 512 << 20,
};

/// What [`unpack`] did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Unpacked {
    pub files: usize,
    pub bytes: u64,
    /// Entries refused: a path leading out (`..`, absolute) or a symbolic link.
    pub refused: Vec<String>,
    /// Entries over the caps, not unpacked.
    pub cut: Vec<String>,
}

/// Unpacks the source files (those a language claims by extension) of the zip archive `jar`
/// into `dest` (created), within `caps`. Refuses entries leading out of `dest` and symbolic
/// links; `Err` with the reason when the archive cannot be read (what was written stays: the
/// caller removes `dest`).
pub fn unpack(jar: &Path, dest: &Path, caps: Caps) -> Result<Unpacked, String> {
    use std::io::{Read, Write};
    let file = std::fs::File::open(jar).map_err(|e| e.to_string())?;
    let mut zip = zip::ZipArchive::new(std::io::BufReader::new(file))
        .map_err(|e| format!("not a readable zip archive ({e})"))?;
    let mut out = Unpacked::default();
    for i in 0..zip.len() {
        let mut entry = zip.by_index(i).map_err(|e| format!("entry {i}: {e}"))?;
        if entry.is_dir() {
            continue;
        }
        let Ok(name) = entry.name().map(|n| n.to_string()) else {
            out.refused
                .push(format!("entry {i} (a name that is not text)"));
            continue;
        };
        let safe = !name.starts_with('/')
            && !name.contains(['\\', '\0', ':'])
            && name.split('/').all(|s| s != ".." && s != ".")
            && entry.enclosed_name().is_some();
        if !safe || entry.is_symlink() {
            out.refused.push(name);
            continue;
        }
        let rel = Path::new(&name);
        if crate::lang::Lang::of_path(rel).is_none() {
            continue;
        }
        if entry.size() > caps.entry {
            out.cut.push(format!("{name} ({} bytes)", entry.size()));
            continue;
        }
        if out.bytes + entry.size() > caps.total {
            out.cut.push(format!(
                "{name} and later entries (over {} bytes in all)",
                caps.total
            ));
            break;
        }
        let path = dest.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        let mut f = std::fs::File::create(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        // The stated size may lie: read one byte past the cap to know.
        let mut buf = Vec::new();
        (&mut entry)
            .take(caps.entry + 1)
            .read_to_end(&mut buf)
            .map_err(|e| format!("{name}: {e}"))?;
        if buf.len() as u64 > caps.entry || out.bytes + buf.len() as u64 > caps.total {
            drop(f);
            let _ = std::fs::remove_file(&path);
            out.cut.push(format!("{name} (over the cap once inflated)"));
            continue;
        }
        f.write_all(&buf)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        out.files += 1;
        out.bytes += buf.len() as u64;
    }
    Ok(out)
}

/// Unpacks `jar` into `src` (the library's folder `dir`'s `src`), replacing what is there;
/// nothing is left of `src` when it fails.
fn unpack_into(jar: &Path, src: &Path, dir: &Path) -> Result<(Unpacked, f64), LibError> {
    let bad = |reason: String| LibError::Archive {
        path: jar.to_path_buf(),
        reason,
    };
    if src != dir.join("src") {
        return Err(bad(format!(
            "its folder {} is not its map's (refused to write there)",
            src.display()
        )));
    }
    let t0 = Instant::now();
    let part = dir.join("src.part");
    for d in [&part, &src.to_path_buf()] {
        if d.exists() {
            std::fs::remove_dir_all(d).map_err(|e| bad(format!("{}: {e}", d.display())))?;
        }
    }
    match unpack(jar, &part, CAPS) {
        Ok(u) => {
            std::fs::create_dir_all(&part).map_err(|e| bad(e.to_string()))?;
            std::fs::rename(&part, src).map_err(|e| bad(e.to_string()))?;
            Ok((u, t0.elapsed().as_secs_f64()))
        }
        Err(reason) => {
            let _ = std::fs::remove_dir_all(&part);
            Err(bad(reason))
        }
    }
}

fn said(jar: &Path, u: &Unpacked, secs: f64) -> Vec<String> {
    let mut notes = vec![format!(
        "unpacked {} source files ({:.1} MB) of {} in {secs:.1} s",
        u.files,
        u.bytes as f64 / 1e6,
        jar.display()
    )];
    let list = |v: &[String]| {
        let mut s = v.iter().take(3).cloned().collect::<Vec<_>>().join(", ");
        if v.len() > 3 {
            s.push_str(", …");
        }
        s
    };
    if !u.refused.is_empty() {
        notes.push(format!(
            "refused {} entries of the archive (a path leading out, or a link): {}",
            u.refused.len(),
            list(&u.refused)
        ));
    }
    if !u.cut.is_empty() {
        notes.push(format!(
            "left out {} entries over the size caps ({} MiB a file, {} MiB in all): {}",
            u.cut.len(),
            CAPS.entry >> 20,
            CAPS.total >> 20,
            list(&u.cut)
        ));
    }
    notes
}

/// The library map at `map`, built from `dep` unless it is there. Holds the lock file beside
/// it while it checks and builds: a second builder waits and then finds it built. A map
/// written by another schema version or other extraction rules ([`crate::store::outdated`],
/// the workspace map's test) is rebuilt under the same lock, said in [`Built::rebuilt`]. A
/// dependency in an archive ([`Dep::archive`]) is unpacked into its `dir` (`<map's folder>/src`)
/// under the same lock first; when that fails, or the index run does, no map and no `src` is
/// left.
pub fn ensure(map: &Path, dep: &Dep) -> Result<Built, LibError> {
    let io = |source: std::io::Error, path: &Path| {
        LibError::Index(IndexError::Store(crate::store::StoreError::Io {
            path: path.to_path_buf(),
            source,
        }))
    };
    let dir = map.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| io(e, dir))?;
    let lock_path = dir.join("lock");
    let lock = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .map_err(|e| io(e, &lock_path))?;
    lock.lock().map_err(|e| io(e, &lock_path))?;
    let mut rebuilt = None;
    if map.exists() {
        let why = match crate::store::outdated(map) {
            Ok(None) => {
                let mut notes = Vec::new();
                // The map's files must be on disk (bodies, resolve, nav): unpacked again.
                if let Some(jar) = dep.archive.as_deref().filter(|_| !dep.dir.is_dir()) {
                    let (u, secs) = unpack_into(jar, &dep.dir, dir)?;
                    notes = said(jar, &u, secs);
                }
                return Ok(Built {
                    bytes: size(map),
                    notes,
                    ..Built::default()
                });
            }
            Ok(Some(why)) => why,
            Err(e) => format!("the map could not be read ({e}); rebuilt it"),
        };
        // Readers that have it open keep the old file; the next ones open the new map.
        for f in [map.to_path_buf(), wal(map, "-wal"), wal(map, "-shm")] {
            match std::fs::remove_file(&f) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(io(e, &f)),
                _ => {}
            }
        }
        rebuilt = Some(why);
    }
    let t0 = Instant::now();
    let mut notes = Vec::new();
    if let Some(jar) = &dep.archive {
        let (u, secs) = unpack_into(jar, &dep.dir, dir)?;
        notes = said(jar, &u, secs);
    }
    let mut opts = IndexOptions::new(dep.dir.clone());
    opts.db = Some(map.to_path_buf());
    // A library's shipped code is what there is: its build output is its code.
    opts.include_generated = Some(true);
    // But one build of each module: zod's `.js`, `.cjs`, `.d.ts` and `.d.cts` copies of one
    // file listed each symbol four times.
    opts.one_build = true;
    opts.exclude = others(&dep.dir, &dep.only);
    let stats = match index::run(&opts, &NoProgress) {
        Ok(s) => s,
        Err(e) => {
            if dep.archive.is_some() {
                let _ = std::fs::remove_dir_all(&dep.dir);
            }
            return Err(e.into());
        }
    };
    drop(lock);
    Ok(Built {
        built: true,
        seconds: t0.elapsed().as_secs_f64(),
        files: stats.files,
        symbols: stats.symbols.unwrap_or(stats.symbols_written as i64),
        bytes: size(map),
        rebuilt,
        notes,
    })
}

fn wal(map: &Path, suffix: &str) -> PathBuf {
    let mut s = map.as_os_str().to_os_string();
    s.push(suffix);
    PathBuf::from(s)
}

fn size(p: &Path) -> u64 {
    std::fs::metadata(p).map_or(0, |m| m.len())
}

/// Patterns leaving out every entry of `dir` but `only` (none when `only` is empty): a
/// Python dist's packages in a `site-packages` shared with other dists.
fn others(dir: &Path, only: &[String]) -> Vec<String> {
    if only.is_empty() {
        return Vec::new();
    }
    let Ok(rd) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<String> = rd
        .flatten()
        .filter_map(|e| e.file_name().to_str().map(str::to_string))
        .filter(|n| !only.contains(n))
        .map(|n| format!("/{}", glob_escape(&n)))
        .collect();
    out.sort();
    out
}

fn glob_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '*' | '?' | '[' | ']' | '{' | '}' | '\\' | '!') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A jar of stored entries: (name, bytes), and links (name, target).
    fn jar(path: &Path, files: &[(&str, &[u8])], links: &[(&str, &str)]) {
        use std::io::Write;
        let mut w = zip::ZipWriter::new(std::fs::File::create(path).expect("create"));
        let o = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Stored);
        for (n, b) in files {
            w.start_file(*n, o).expect("entry");
            w.write_all(b).expect("write");
        }
        for (n, t) in links {
            w.add_symlink(*n, *t, o).expect("link");
        }
        w.finish().expect("finish");
    }

    #[test]
    fn unpacking_refuses_paths_out_links_and_what_is_over_the_caps() {
        let t = tempfile::tempdir().expect("tmp");
        let j = t.path().join("a-1-sources.jar");
        jar(
            &j,
            &[
                ("META-INF/MANIFEST.MF", b"Manifest-Version: 1.0\n"),
                ("com/a/A.java", b"package com.a; class A {}\n"),
                ("kotlin/K.kt", b"package kotlin\nclass K\n"),
                ("../evil.java", b"class E {}"),
                ("/abs.java", b"class E {}"),
                ("com/a/Big.java", &[b' '; 200]),
                ("com/b/B.java", b"class B {}"),
            ],
            &[("com/a/L.java", "/etc/passwd")],
        );
        let dest = t.path().join("out");
        let caps = Caps {
            entry: 100,
            total: 1000,
        };
        let u = unpack(&j, &dest, caps).expect("unpack");
        assert_eq!(u.files, 3, "{u:?}");
        assert_eq!(u.refused.len(), 3, "{u:?}");
        assert!(u.refused.iter().any(|r| r == "com/a/L.java"), "{u:?}");
        assert_eq!(u.cut.len(), 1, "{u:?}");
        assert!(u.cut[0].starts_with("com/a/Big.java"), "{u:?}");
        assert!(dest.join("com/a/A.java").is_file());
        assert!(dest.join("kotlin/K.kt").is_file());
        assert!(!dest.join("META-INF").exists());
        assert!(!dest.join("com/a/L.java").exists());
        assert!(!t.path().join("evil.java").exists());
        // The total cap cuts the rest, said.
        let u = unpack(
            &j,
            &t.path().join("out2"),
            Caps {
                entry: 100,
                total: 40,
            },
        )
        .expect("unpack");
        assert_eq!(u.files, 1, "{u:?}");
        assert!(u.cut.iter().any(|c| c.contains("later entries")), "{u:?}");
        // A damaged archive is an error.
        let bad = t.path().join("bad.jar");
        let bytes = std::fs::read(&j).expect("read");
        std::fs::write(&bad, &bytes[..bytes.len() / 2]).expect("write");
        assert!(unpack(&bad, &t.path().join("out3"), caps).is_err());
        std::fs::write(&bad, b"not a zip").expect("write");
        assert!(unpack(&bad, &t.path().join("out4"), caps).is_err());
    }

    #[test]
    fn map_paths_stay_in_the_cache() {
        let c = Path::new("/c");
        assert_eq!(
            map_path(c, "npm", "@types/node", "22.0.0"),
            Some(PathBuf::from("/c/npm/@types/node@22.0.0/map.db"))
        );
        assert_eq!(
            map_path(c, "go", "golang.org/x/sync", "v0.21.0"),
            Some(PathBuf::from("/c/go/golang.org/x/sync@v0.21.0/map.db"))
        );
        for (n, v) in [
            ("..", "1"),
            ("a/../b", "1"),
            ("/etc", "1"),
            ("a", "1/2"),
            ("a", ""),
            ("", "1"),
            ("a", ".."),
        ] {
            assert_eq!(map_path(c, "npm", n, v), None, "{n}@{v}");
        }
    }
}
