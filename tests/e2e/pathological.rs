//! Repositories nobody cleaned: a 50 MB generated file, a 100,000-line file, 20,000 small files,
//! deep directory and syntax nesting, a binary file, a file name that is not UTF-8, a symlink
//! loop; files rewritten and deleted while a run reads them. Every run completes, each skip is
//! recorded with its reason, and nothing that can be indexed is lost.

use crate::util::*;
use serde_json::Value;
use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

const SMALL_FILES: usize = 20_000;
const DEEP: usize = 300;

fn skips(root: &Path) -> HashMap<String, String> {
    rows(
        &db(root),
        "SELECT path, skip_reason FROM files WHERE skip_reason IS NOT NULL",
    )
    .into_iter()
    .filter_map(|r| {
        let (p, why) = r.split_once('|')?;
        Some((p.to_string(), why.to_string()))
    })
    .collect()
}

fn count(root: &Path, sql: &str) -> i64 {
    db(root)
        .query_row(sql, [], |r| r.get(0))
        .expect("count query")
}

#[test]
fn pathological_files_are_skipped_with_reasons_and_the_rest_indexed() {
    let dir = tempfile::tempdir().expect("tmp");
    let root = dir.path();
    // 50 MB of generated Python.
    let mut big = String::with_capacity(51 << 20);
    let mut i = 0;
    while big.len() < 50 << 20 {
        big.push_str(&format!("GENERATED_{i} = {i}\n"));
        i += 1;
    }
    write(root, "gen/huge_generated.py", &big);
    // 100,000 lines, 25,000 functions: under the size limit, so indexed whole.
    let mut long = String::new();
    for i in 0..25_000 {
        long.push_str(&format!("def f{i}(x):\n    y = x + {i}\n    return y\n\n"));
    }
    assert_eq!(long.lines().count(), 100_000);
    write(root, "long/lines.py", &long);
    // Deep directories, and deep syntax: 100 nested functions, 3,000 nested brackets.
    let deep_dir = vec!["d"; DEEP].join("/");
    write(
        root,
        &format!("{deep_dir}/bottom.py"),
        "def at_the_bottom():\n    pass\n",
    );
    let mut nested = String::new();
    for depth in 0..100 {
        nested.push_str(&format!("{}def level{depth}():\n", "    ".repeat(depth)));
    }
    nested.push_str(&format!("{}pass\n", "    ".repeat(100)));
    nested.push_str(&format!("x = {}{}\n", "[".repeat(3000), "]".repeat(3000)));
    write(root, "nest/deep_syntax.py", &nested);
    let mut go_nested = String::from("package nest\n\nfunc Deep() int {\n\treturn ");
    go_nested.push_str(&"(".repeat(3000));
    go_nested.push('1');
    go_nested.push_str(&")".repeat(3000));
    go_nested.push_str("\n}\n");
    write(root, "gonest/deep.go", &go_nested);
    // Binary content with a source extension; a name that is not UTF-8; a symlink loop.
    write(root, "bin/blob.py", b"\x7fELF\x00\x00\x01def not_code():\n");
    {
        use std::os::unix::ffi::OsStrExt;
        let name = std::ffi::OsStr::from_bytes(b"bad\xffname.py");
        std::fs::create_dir_all(root.join("names")).expect("mkdir");
        std::fs::write(root.join("names").join(name), "def hidden():\n    pass\n").expect("write");
    }
    std::fs::create_dir_all(root.join("loop")).expect("mkdir");
    std::os::unix::fs::symlink(root.join("loop"), root.join("loop/again")).expect("symlink");
    // 20,000 small files in one directory.
    for i in 0..SMALL_FILES {
        write(
            root,
            &format!("many/m{i}.py"),
            format!("def small_{i}():\n    return {i}\n"),
        );
    }

    let t = Instant::now();
    let (v, code) = json(root, &["index"]);
    let took = t.elapsed();
    assert_eq!(code, 0, "{v}");
    let d = &v["data"];
    eprintln!("pathological repo indexed in {took:?}: {d}");
    let skipped = skips(root);
    assert!(
        skipped
            .get("gen/huge_generated.py")
            .is_some_and(|w| w.starts_with("too large")),
        "{skipped:?}"
    );
    assert!(
        skipped
            .get("bin/blob.py")
            .is_some_and(|w| w.starts_with("binary")),
        "{skipped:?}"
    );
    assert_eq!(skipped.len(), 2, "{skipped:?}");
    assert!(
        d["warnings"].to_string().contains("not valid UTF-8"),
        "the non-UTF-8 name is reported: {v}"
    );
    // Everything else is in the map, whole.
    let fns = |like: &str| {
        count(
            root,
            &format!("SELECT count(*) FROM all_symbols WHERE node_id LIKE '{like}'"),
        )
    };
    assert_eq!(fns("py:long/lines.py#f%"), 25_000);
    assert_eq!(fns("py:many/m%.py#small_%"), SMALL_FILES as i64);
    assert_eq!(fns(&format!("py:{deep_dir}/bottom.py#at_the_bottom")), 1);
    assert_eq!(fns("py:nest/deep_syntax.py#level%"), 100);
    assert_eq!(fns("go:gonest/deep.go#Deep"), 1);
    let last = format!(
        "py:nest/deep_syntax.py#{}",
        (0..100)
            .map(|i| format!("level{i}"))
            .collect::<Vec<_>>()
            .join(".")
    );
    assert_eq!(fns(&last), 1, "the 100th nested function has its full ID");
    // The map answers about them.
    let (s, _) = json(root, &["search", "at_the_bottom"]);
    assert_eq!(
        file_of(s["data"]["hits"][0]["nodeId"].as_str().unwrap_or("")),
        format!("{deep_dir}/bottom.py")
    );
    let (st, _) = json(root, &["status"]);
    assert_eq!(st["data"]["skippedCount"], 2, "{st}");
    // A second run over all of it has nothing to do.
    let again = index(root);
    assert_eq!(again["scanned"], 0, "{again}");
    tally("pathological", 8, 0, 0, 0);
}

#[test]
fn files_rewritten_and_deleted_during_a_run_are_caught_up_by_the_next() {
    let dir = tempfile::tempdir().expect("tmp");
    let root = dir.path();
    let n = 4000;
    for i in 0..n {
        write(
            root,
            &format!("pkg/f{i}.py"),
            format!("def before_{i}():\n    return {i}\n"),
        );
    }
    index(root);
    // Touch every file, so the run reads them all, while two threads rewrite and delete.
    for i in 0..n {
        write(
            root,
            &format!("pkg/f{i}.py"),
            format!("def middle_{i}():\n    return {i}\n"),
        );
    }
    let stop = AtomicBool::new(false);
    let (rewrites, deletes) = (AtomicU64::new(0), AtomicU64::new(0));
    let v = std::thread::scope(|s| {
        s.spawn(|| {
            // The same file over and over, truncated and written, as an editor saving.
            let mut k = 0u64;
            while !stop.load(Ordering::SeqCst) {
                k += 1;
                let text = format!(
                    "def churn_{k}():\n    return {k}\n{}",
                    "# pad\n".repeat(400)
                );
                let _ = std::fs::write(root.join("pkg/f7.py"), text);
                rewrites.fetch_add(1, Ordering::SeqCst);
            }
        });
        s.spawn(|| {
            for i in (100..n).step_by(4) {
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                let _ = std::fs::remove_file(root.join(format!("pkg/f{i}.py")));
                deletes.fetch_add(1, Ordering::SeqCst);
                std::thread::sleep(Duration::from_micros(200));
            }
        });
        let (v, code) = json(root, &["index"]);
        stop.store(true, Ordering::SeqCst);
        assert_eq!(code, 0, "the run completes: {v}");
        v
    });
    let d: &Value = &v["data"];
    let (rewrites, deletes) = (rewrites.into_inner(), deletes.into_inner());
    eprintln!("during the run: {rewrites} rewrites, {deletes} deletes; {d}");
    let skipped = skips(root);
    for (path, why) in &skipped {
        assert!(
            why == "deleted while indexing" || why.starts_with("unreadable"),
            "{path}: {why}"
        );
        assert!(!root.join(path).exists(), "{path} is there: {why}");
    }
    // The next run makes the map what is on disk: every file, its last content.
    let next = index(root);
    let on_disk = std::fs::read_dir(root.join("pkg")).expect("dir").count() as i64;
    assert_eq!(count(root, "SELECT count(*) FROM files"), on_disk, "{next}");
    assert!(skips(root).is_empty());
    let last = std::fs::read_to_string(root.join("pkg/f7.py")).expect("read");
    let want = last
        .lines()
        .find_map(|l| {
            l.strip_prefix("def ")?
                .split_once('(')
                .map(|x| x.0.to_string())
        })
        .expect("a def");
    let got = rows(
        &db(root),
        "SELECT qualname FROM all_symbols WHERE node_id LIKE 'py:pkg/f7.py#%'",
    );
    assert!(
        got.iter().all(|q| q == &want),
        "the map has f7.py's last content ({want}): {got:?}"
    );
    assert_eq!(
        count(
            root,
            "SELECT count(*) FROM all_symbols WHERE qualname LIKE 'before_%'"
        ),
        0
    );
    tally("during_run", 0, rewrites + deletes, rewrites + deletes, 0);
}

/// A CMake build tree inside the project (`cmake -B build`, not in `.gitignore`) is build
/// output: its `compiler_depend.ts` is no TypeScript and `CMakeCXXCompilerId.cpp` no source
/// of the project (tinyxml2: 33 of 37 files indexed were the build's, 30 "parse errors").
#[test]
fn a_cmake_build_tree_is_not_indexed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(root, "lib.cpp", "int twice(int x) { return 2 * x; }\n");
    write(
        root,
        "build/CMakeCache.txt",
        "# This is the CMakeCache file.\n",
    );
    write(
        root,
        "build/CMakeFiles/lib.dir/compiler_depend.ts",
        "# CMAKE generated file: DO NOT EDIT!\n# Timestamp file for compiler generated dependencies management for lib.\n",
    );
    write(
        root,
        "build/CMakeFiles/3.25.1/CompilerIdCXX/CMakeCXXCompilerId.cpp",
        "int main() { return 0; }\n",
    );
    // A folder named `build` that is no build tree is the project's.
    write(root, "tools/build/gen.cpp", "int gen() { return 1; }\n");
    let stats = index(root);
    assert_eq!(stats["files"], 2, "{stats}");
    assert_eq!(stats["parseErrors"], 0, "{stats}");
}
