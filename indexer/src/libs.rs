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

/// The shared cache of library maps, from the environment.
pub fn cache_dir() -> Option<PathBuf> {
    let var = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    var("CODEMAP_LIB_CACHE")
        .or_else(|| var("XDG_CACHE_HOME").map(|c| c.join("codemap").join("libs")))
        .or_else(|| var("HOME").map(|h| h.join(".cache").join("codemap").join("libs")))
}

/// Where the map of `name@version` of `ecosystem` lives in `cache`; `None` for a name or
/// version that would lead out of it (`..`, absolute, NUL, backslash).
pub fn map_path(cache: &Path, ecosystem: &str, name: &str, version: &str) -> Option<PathBuf> {
    let ok = |s: &str| {
        !s.is_empty()
            && !s.starts_with('/')
            && !s.contains(['\\', '\0'])
            && s.split('/')
                .all(|seg| !seg.is_empty() && seg != "." && seg != "..")
    };
    if !ok(name) || !ok(version) || version.contains('/') {
        return None;
    }
    Some(
        cache
            .join(ecosystem)
            .join(format!("{name}@{version}"))
            .join("map.db"),
    )
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
}

/// The library map at `map`, built from `dep` unless it is there. Holds the lock file beside
/// it while it checks and builds: a second builder waits and then finds it built. A map
/// written by another schema version or other extraction rules ([`crate::store::outdated`],
/// the workspace map's test) is rebuilt under the same lock, said in [`Built::rebuilt`].
pub fn ensure(map: &Path, dep: &Dep) -> Result<Built, IndexError> {
    let io = |source: std::io::Error, path: &Path| {
        IndexError::Store(crate::store::StoreError::Io {
            path: path.to_path_buf(),
            source,
        })
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
                return Ok(Built {
                    bytes: size(map),
                    ..Built::default()
                })
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
    let mut opts = IndexOptions::new(dep.dir.clone());
    opts.db = Some(map.to_path_buf());
    // A library's shipped code is what there is: its build output is its code.
    opts.include_generated = Some(true);
    opts.exclude = others(&dep.dir, &dep.only);
    let stats = index::run(&opts, &NoProgress)?;
    drop(lock);
    Ok(Built {
        built: true,
        seconds: t0.elapsed().as_secs_f64(),
        files: stats.files,
        symbols: stats.symbols.unwrap_or(stats.symbols_written as i64),
        bytes: size(map),
        rebuilt,
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
