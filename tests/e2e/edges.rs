//! The map's call edges against the real language servers (pyright, gopls) on standard-library
//! packages: for each sampled function or method, the server's references are the truth.
//!
//! - **Recall**: of the server's call sites (a reference followed by `(`), how many the map
//!   holds as a `calls` edge into the symbol at that spot.
//! - **Precision**: of the map's `calls` edges into the symbol, how many the server lists
//!   among its references.
//!
//! Both are printed per package; a disagreement is a bug in the map until shown otherwise.

use crate::lsp::servers_on_path;
use crate::util::*;
use bridge::lsp;
use bridge::paths::contain;
use bridge::tools::{self, Workspace};
use indexer::index::NoProgress;
use indexer::lang::Lang;
use indexer::model::{EdgeKind, Pos};
use serde_json::json;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;
use std::time::Duration;

/// Edge kinds as the map's `edges` table stores them (the views spell them out).
const CALLS: i64 = EdgeKind::Calls as i64;
const IMPLEMENTS: i64 = EdgeKind::Implements as i64;
const EXTENDS: i64 = EdgeKind::Extends as i64;
/// A C function-like macro is a `function` of the map, but no function to a server: its
/// "calls" are expansions (clangd lists few as references). Not sampled.
const NOT_A_MACRO: &str = "AND (signature IS NULL OR signature NOT LIKE '#define%')";
/// C: a function a file defines several times (`clock_now` under `#ifdef _WIN32`, `#elif
/// __APPLE__`, `#else`: `clock_now`, `clock_now~2`, `clock_now~3`) is one of its
/// preprocessor variants; clangd reads the one its build selects, the map cannot tell which
/// (its calls go to the first). Not sampled.
fn variant_clause(lang: Lang, id: &str) -> String {
    match lang {
        Lang::C => format!(
            "AND {id} NOT LIKE '%~%' AND NOT EXISTS (SELECT 1 FROM all_symbols v WHERE v.node_id = {id} || '~2')"
        ),
        _ => String::new(),
    }
}

type Site = (String, u32, u32);

#[derive(Default, Debug, Clone)]
struct Tally {
    symbols: usize,
    /// Symbols the server calls at least once: for the per-symbol recall.
    called: usize,
    /// Sum over those of their recall.
    recall_sum: f64,
    server_sites: usize,
    held: usize,
    map_edges: usize,
    confirmed: usize,
    hub_edges: usize,
    hub_confirmed: usize,
}

impl Tally {
    fn add(&mut self, o: &Tally) {
        self.symbols += o.symbols;
        self.called += o.called;
        self.recall_sum += o.recall_sum;
        self.server_sites += o.server_sites;
        self.held += o.held;
        self.map_edges += o.map_edges;
        self.confirmed += o.confirmed;
        self.hub_edges += o.hub_edges;
        self.hub_confirmed += o.hub_confirmed;
    }
    fn recall(&self) -> f64 {
        ratio(self.held, self.server_sites)
    }
    fn per_symbol(&self) -> f64 {
        if self.called == 0 {
            1.0
        } else {
            self.recall_sum / self.called as f64
        }
    }
    fn precision(&self) -> f64 {
        ratio(self.confirmed, self.map_edges)
    }
    fn hub_precision(&self) -> f64 {
        ratio(self.hub_confirmed, self.hub_edges)
    }
}

fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 {
        1.0
    } else {
        a as f64 / b as f64
    }
}

/// A reference is a call when `(` follows the name (Go's generic instantiation `F[T](` too).
fn is_call(text: &str, line: u32, col: u32) -> bool {
    let Some(l) = text.lines().nth(line as usize - 1) else {
        return false;
    };
    // A link in a doc comment (Javadoc's `{@link #m(char)}`) is no call.
    let t = l.trim_start();
    if t.starts_with('*') || t.starts_with("//") || t.starts_with("/*") {
        return false;
    }
    let rest: String = l.chars().skip(col as usize - 1).collect();
    let after = rest.trim_start_matches(|c: char| c.is_alphanumeric() || c == '_');
    let after = if after.starts_with('[') {
        after.split_once(']').map_or("", |(_, r)| r)
    } else {
        after
    };
    after.trim_start().starts_with('(')
}

struct Summary {
    by_package: BTreeMap<String, Tally>,
    total: Tally,
    misses: Vec<String>,
    wrong: Vec<String>,
    skipped: Vec<String>,
    /// Sites the server lists whose call its own definition request sends elsewhere (a call
    /// of the method an override overrides, JDT LS): left out of the recall, counted.
    through_base: usize,
    /// Sites the server counts as a call of a function that a macro the call names expands
    /// to (C: `array_delete(&a)` is `_array__delete(…)`): the map's edge there is to the
    /// macro, so the site is the macro's, not counted for the function.
    through_macro: usize,
    /// C and C++: the map's edges at sites where the server reads no code (its definition
    /// request there answers nothing: an `#if` branch the build leaves out, such as
    /// googletest's `GTEST_OS_WINDOWS` code on Linux): neither confirmed nor denied, left
    /// out of the precision, counted.
    inactive: usize,
    /// C and C++: the map's edges the references leave out that the server's definition
    /// request at the site confirms.
    by_definition: usize,
    /// Every call site the server gave, `node_id file:line:col`: the truth another map can
    /// be held to (`print` writes them beside the misses).
    sites: Vec<String>,
    /// Sites the server lists that are a function's or method's own declaration, a name
    /// followed by its parameters (clangd lists the base declarations an override
    /// overrides: `virtual void OnTestStart(const TestInfo&) = 0;`): no call, left out.
    declarations: usize,
}

fn site(row: &str) -> Site {
    let p: Vec<&str> = row.split('|').collect();
    (
        p[0].to_string(),
        p.get(1).and_then(|x| x.parse().ok()).unwrap_or(0),
        p.get(2).and_then(|x| x.parse().ok()).unwrap_or(0),
    )
}

/// `hubs` most-called symbols (by the map) plus every `stride`-th function or method.
fn measure(root: &Path, lang: Lang, hubs: usize, stride: usize) -> Summary {
    measure_sites(root, lang, hubs, stride, false)
}

/// [`measure`]; with `direct`, a site the server lists but whose own definition request
/// lands elsewhere (JDT LS lists a call of a base method among an override's references)
/// is no site of the symbol's.
fn measure_sites(root: &Path, lang: Lang, hubs: usize, stride: usize, direct: bool) -> Summary {
    servers_on_path();
    let ws = Workspace::new(root, None).expect("workspace");
    let built = tools::call(&ws, "map_rebuild", &json!({}), &NoProgress);
    assert!(built.ok, "{built:?}");
    let conn = db(root);
    let prefix = lang.prefix();
    let hub_ids: Vec<String> = rows(
        &conn,
        &format!(
            "SELECT s.node_id FROM all_symbols s JOIN edges e ON e.target = s.id AND e.kind = {CALLS}
             WHERE s.lang = '{prefix}' AND s.kind IN ('function', 'method') {NOT_A_MACRO} {}
             GROUP BY s.node_id ORDER BY count(*) DESC, s.node_id LIMIT {hubs}",
            variant_clause(lang, "s.node_id")
        ),
    );
    let all: Vec<String> = rows(
        &conn,
        &format!(
            "SELECT node_id FROM all_symbols WHERE lang = '{prefix}' AND kind IN ('function', 'method')
             {NOT_A_MACRO} {} ORDER BY node_id",
            variant_clause(lang, "all_symbols.node_id")
        ),
    );
    let mut sample: Vec<String> = hub_ids.clone();
    for id in all.iter().step_by(stride) {
        if !sample.contains(id) {
            sample.push(id.clone());
        }
    }
    // The map's macros by name: a server site whose text names one is in its expansion.
    let macro_names: HashSet<String> = rows(
        &conn,
        "SELECT DISTINCT name FROM all_symbols WHERE signature LIKE '#define%'",
    )
    .into_iter()
    .collect();
    // Where the map's functions and methods are declared: a name there is no call.
    let declared: HashSet<Site> = rows(
        &conn,
        &format!(
            "SELECT f.path || '|' || s.name_line || '|' || s.name_col FROM all_symbols s
             JOIN files f ON f.id = s.file_id
             WHERE s.lang = '{prefix}' AND s.kind IN ('function', 'method')"
        ),
    )
    .iter()
    .map(|r| site(r))
    .collect();
    let server = ws.server(lang).expect("server");
    // The whole load first (clangd's background index of every file): under load it takes
    // minutes, past a request's own wait, and references asked before it ends miss sites.
    // clangd starts it only once a file is open (it reads compile_commands.json then), and
    // reports it a moment later: asked before, it said "loaded" at 0.9 s and 400 s of
    // references under load missed sites (precision 0.867). So one file is opened first, and
    // the load waited for once it has begun (or 30 s passed without one).
    let t = std::time::Instant::now();
    if lang == Lang::Cpp {
        let first = rows(
            &conn,
            &format!(
                "SELECT f.path FROM all_symbols s JOIN files f ON f.id = s.file_id WHERE s.node_id = '{}'",
                sample.first().map(|i| i.replace('\'', "''")).unwrap_or_default()
            ),
        );
        if let Some(file) = first.first() {
            let text = std::fs::read_to_string(root.join(file)).unwrap_or_default();
            let contained = contain(&root.canonicalize().expect("root"), file).expect("contained");
            let _ = server.locate(
                lsp::Locate::References { declaration: false },
                &contained,
                &text,
                Pos { line: 1, col: 1 },
                Some(Duration::from_secs(60)),
            );
        }
        while !server.loading() && t.elapsed() < Duration::from_secs(30) {
            std::thread::sleep(Duration::from_millis(100));
        }
    }
    server.wait_ready(Duration::from_secs(900));
    eprintln!(
        "{lang:?}: loaded in {:.1} s (still loading: {})",
        t.elapsed().as_secs_f64(),
        server.loading()
    );
    let t = std::time::Instant::now();
    let canon = root.canonicalize().expect("root");
    let mut texts: HashMap<String, String> = HashMap::new();
    let mut text_of = |rel: &str| -> String {
        texts
            .entry(rel.to_string())
            .or_insert_with(|| std::fs::read_to_string(canon.join(rel)).unwrap_or_default())
            .clone()
    };
    let mut summary = Summary {
        by_package: BTreeMap::new(),
        total: Tally::default(),
        misses: Vec::new(),
        wrong: Vec::new(),
        skipped: Vec::new(),
        through_base: 0,
        through_macro: 0,
        inactive: 0,
        by_definition: 0,
        sites: Vec::new(),
        declarations: 0,
    };
    for id in &sample {
        let row = rows(
            &conn,
            &format!(
                "SELECT f.path || '|' || s.name_line || '|' || s.name_col FROM all_symbols s
                 JOIN files f ON f.id = s.file_id WHERE s.node_id = '{}'",
                id.replace('\'', "''")
            ),
        );
        let Some(row) = row.first() else { continue };
        let parts: Vec<&str> = row.split('|').collect();
        let (file, line, col) = (
            parts[0].to_string(),
            parts[1].parse::<u32>().unwrap_or(1),
            parts[2].parse::<u32>().unwrap_or(1),
        );
        let text = text_of(&file);
        let contained = contain(&canon, &file).expect("contained");
        let answer = match server.locate(
            lsp::Locate::References { declaration: false },
            &contained,
            &text,
            Pos { line, col },
            Some(Duration::from_secs(60)),
        ) {
            Ok(a) => a,
            Err(e) => {
                // gopls has no package for a file its build tags leave out.
                summary.skipped.push(format!("{id}: {e}"));
                continue;
            }
        };
        let mut refs: HashSet<Site> = HashSet::new();
        for loc in answer {
            let Some(s) = lsp::spot(&loc, server.encoding(), |abs, l| {
                std::fs::read_to_string(abs)
                    .ok()
                    .and_then(|t| t.lines().nth(l as usize - 1).map(str::to_string))
            }) else {
                continue;
            };
            let Ok(rel) = s.abs.strip_prefix(&canon) else {
                continue; // the server's own stubs
            };
            refs.insert((rel.to_string_lossy().into_owned(), s.pos.line, s.pos.col));
        }
        let mut calls: HashSet<Site> = refs
            .iter()
            .filter(|(f, l, c)| is_call(&text_of(f), *l, *c))
            .cloned()
            .collect();
        let before = calls.len();
        calls.retain(|c| !declared.contains(c));
        summary.declarations += before - calls.len();
        if std::env::var("CODEMAP_EDGES_DECLARATIONS").is_ok() && before > calls.len() {
            eprintln!("{id}: {} declaration sites", before - calls.len());
        }
        if direct {
            let before = calls.len();
            calls.retain(
                |site| match definitions_at(&server, &canon, &text_of(&site.0), site) {
                    Some(defs) => defs.contains(&Some((file.clone(), line))),
                    None => true,
                },
            );
            summary.through_base += before - calls.len();
        }
        // The map's edges into the symbol, and (Go) into the interface methods it implements
        // or the methods that implement it: gopls counts a call through an interface as a
        // reference to the concrete methods too, and the other way round. JDT LS does so
        // for a base class's method and its overrides too (`extends`).
        let quoted = id.replace('\'', "''");
        let through: HashSet<Site> = rows(
            &conn,
            &format!(
                "SELECT f.path || '|' || e.line || '|' || e.col FROM all_symbols m
                 JOIN edges i ON (i.source = m.parent OR i.target = m.parent) AND i.kind IN ({IMPLEMENTS}, {EXTENDS})
                 JOIN symbols im ON im.parent = (CASE WHEN i.source = m.parent THEN i.target ELSE i.source END)
                   AND im.name = m.name
                 JOIN edges e ON e.target = im.id AND e.kind = {CALLS}
                 JOIN files f ON f.id = e.file_id
                 WHERE m.node_id = '{quoted}'"
            ),
        )
        .iter()
        .map(|r| site(r))
        .collect();
        // C and C++: a definition and the declaration it implements are one function (calls
        // go to the definition; clangd lists them under either).
        let linked: HashSet<Site> = rows(
            &conn,
            &format!(
                "SELECT f.path || '|' || e.line || '|' || e.col FROM all_symbols m
                 JOIN edges i ON (i.source = m.id OR i.target = m.id) AND i.kind = {IMPLEMENTS}
                 JOIN edges e ON e.target = (CASE WHEN i.source = m.id THEN i.target ELSE i.source END)
                   AND e.kind = {CALLS}
                 JOIN files f ON f.id = e.file_id
                 WHERE m.node_id = '{quoted}' AND (m.kind = 'function' OR m.lang = 'cpp')"
            ),
        )
        .iter()
        .map(|r| site(r))
        .collect();
        let through: HashSet<Site> = through.union(&linked).cloned().collect();
        // Sites where the map's call is to a macro, or whose text names a macro the map
        // holds, not the function (`GTEST_IMPL_FORMAT_C_STRING_AS_POINTER_(char);` calls
        // `PrintToString` in its expansion; C++'s `Syntax::prepare` blanks such a line).
        let callee = indexer::id::segment_name(id.rsplit(['#', '.']).next().unwrap_or(id));
        let macro_calls: HashSet<Site> = calls
            .iter()
            .filter(|(f, l, c)| {
                let word: String = text_of(f)
                    .lines()
                    .nth(*l as usize - 1)
                    .unwrap_or("")
                    .chars()
                    .skip(*c as usize - 1)
                    .take_while(|ch| ch.is_alphanumeric() || *ch == '_')
                    .collect();
                let named_macro = word != callee && macro_names.contains(&word);
                named_macro
                    || !rows(
                        &conn,
                        &format!(
                            "SELECT 1 FROM all_edges e JOIN files fl ON fl.id = e.file_id
                         JOIN all_symbols t ON t.node_id = e.target
                         WHERE fl.path = '{}' AND e.line = {l} AND e.col = {c} AND e.kind = 'calls'
                           AND t.signature LIKE '#define%'",
                            f.replace('\'', "''")
                        ),
                    )
                    .is_empty()
            })
            .cloned()
            .collect();
        summary.through_macro += macro_calls.len();
        calls.retain(|c| !macro_calls.contains(c));
        let map: HashSet<Site> = rows(
            &conn,
            &format!(
                "SELECT f.path || '|' || e.line || '|' || e.col FROM all_edges e JOIN files f ON f.id = e.file_id
                 WHERE e.target = '{quoted}' AND e.kind = 'calls'"
            ),
        )
        .iter()
        .map(|r| site(r))
        .collect();
        summary.sites.extend(
            calls
                .iter()
                .map(|c| format!("{id} {}:{}:{}", c.0, c.1, c.2)),
        );
        let held = calls
            .iter()
            .filter(|c| map.contains(*c) || through.contains(*c))
            .count();
        // C and C++: the map's edges the references leave out, asked again with the
        // server's definition request at the site. No answer: the server reads no code
        // there (an inactive `#if` branch), left out. An answer on the symbol (or on the
        // declaration or definition it implements or is implemented by): confirmed by the
        // server's own reading of the site (clangd lists a function template's
        // instantiated calls under no reference of the template).
        let mut by_definition: HashSet<Site> = HashSet::new();
        let mut inactive: HashSet<Site> = HashSet::new();
        if matches!(lang, Lang::C | Lang::Cpp) {
            let homes: HashSet<(String, u32)> = rows(
                &conn,
                &format!(
                    "SELECT f.path || '|' || s.name_line || '|0' FROM all_symbols m
                     JOIN edges i ON (i.source = m.id OR i.target = m.id) AND i.kind = {IMPLEMENTS}
                     JOIN symbols s ON s.id = (CASE WHEN i.source = m.id THEN i.target ELSE i.source END)
                     JOIN files f ON f.id = s.file_id
                     WHERE m.node_id = '{quoted}'"
                ),
            )
            .iter()
            .map(|r| {
                let (f, l, _) = site(r);
                (f, l)
            })
            .chain([(file.clone(), line)])
            .collect();
            for w in map.difference(&refs) {
                let Some(defs) = definitions_at(&server, &canon, &text_of(&w.0), w) else {
                    continue;
                };
                if defs.is_empty() {
                    inactive.insert(w.clone());
                    continue;
                }
                let lands = defs.iter().flatten().any(|d| homes.contains(d));
                if lands {
                    by_definition.insert(w.clone());
                }
            }
        }
        summary.inactive += inactive.len();
        summary.by_definition += by_definition.len();
        let map: HashSet<Site> = map.difference(&inactive).cloned().collect();
        let refs: HashSet<Site> = refs.union(&by_definition).cloned().collect();
        let confirmed = map.intersection(&refs).count();
        let mut t = Tally {
            symbols: 1,
            server_sites: calls.len(),
            held,
            map_edges: map.len(),
            confirmed,
            ..Tally::default()
        };
        if !calls.is_empty() {
            t.called = 1;
            t.recall_sum = held as f64 / calls.len() as f64;
        }
        if hub_ids.contains(id) {
            t.hub_edges = map.len();
            t.hub_confirmed = confirmed;
        }
        for m in calls
            .iter()
            .filter(|c| !map.contains(*c) && !through.contains(*c))
        {
            summary
                .misses
                .push(format!("{id} called at {}:{}:{}", m.0, m.1, m.2));
        }
        for w in map.difference(&refs) {
            summary
                .wrong
                .push(format!("{id} not called at {}:{}:{}", w.0, w.1, w.2));
        }
        let pkg = match file.rsplit_once('/') {
            Some((dir, _)) => dir.to_string(),
            None => String::new(),
        };
        summary.by_package.entry(pkg).or_default().add(&t);
        summary.total.add(&t);
    }
    summary.misses.sort();
    summary.wrong.sort();
    eprintln!(
        "{lang:?}: {} symbols asked in {:.1} s",
        sample.len(),
        t.elapsed().as_secs_f64()
    );
    summary
}

/// Where the server's definition request at a site (`text` is its file's) lands, each
/// `(path under root, line)` (`None`: outside the root); `None` when the site is outside the
/// root or the request fails.
fn definitions_at(
    server: &lsp::Server,
    root: &Path,
    text: &str,
    (f, l, c): &Site,
) -> Option<Vec<Option<(String, u32)>>> {
    let at = contain(root, f).ok()?;
    let defs = server
        .locate(
            lsp::Locate::Definition,
            &at,
            text,
            Pos { line: *l, col: *c },
            Some(Duration::from_secs(30)),
        )
        .ok()?;
    Some(
        defs.iter()
            .map(|d| {
                let s = lsp::spot(d, server.encoding(), |abs, n| {
                    std::fs::read_to_string(abs)
                        .ok()
                        .and_then(|x| x.lines().nth(n as usize - 1).map(str::to_string))
                })?;
                let p = s.abs.strip_prefix(root).ok()?;
                Some((p.to_string_lossy().into_owned(), s.pos.line))
            })
            .collect(),
    )
}

impl Summary {
    /// The precision against the server's references alone, without the edges its
    /// definition request confirmed.
    fn reference_precision(&self) -> f64 {
        ratio(
            self.total.confirmed - self.by_definition,
            self.total.map_edges,
        )
    }
}

fn print(name: &str, s: &Summary) {
    // Every miss and every unconfirmed edge, for a closer look.
    let out = repo_root().join("target/edges");
    let _ = std::fs::create_dir_all(&out);
    let file = out.join(format!(
        "{}.txt",
        name.split(' ').next().unwrap_or("server")
    ));
    let _ = std::fs::write(
        &file,
        format!(
            "misses:\n{}\n\nunconfirmed:\n{}\n",
            s.misses.join("\n"),
            s.wrong.join("\n")
        ),
    );
    let mut sites = s.sites.clone();
    sites.sort();
    let _ = std::fs::write(file.with_extension("sites.txt"), sites.join("\n") + "\n");
    eprintln!("  (all of them in {})", file.display());
    eprintln!("call edges against {name}:");
    eprintln!(
        "  {:<16} {:>7} {:>12} {:>10} {:>12} {:>10} {:>10}",
        "package", "symbols", "server sites", "recall", "per symbol", "precision", "at hubs"
    );
    let row = |p: &str, t: &Tally| {
        eprintln!(
            "  {:<16} {:>7} {:>12} {:>9.1}% {:>11.1}% {:>9.1}% {:>9.1}%",
            p,
            t.symbols,
            t.server_sites,
            100.0 * t.recall(),
            100.0 * t.per_symbol(),
            100.0 * t.precision(),
            100.0 * t.hub_precision()
        )
    };
    for (p, t) in &s.by_package {
        row(p, t);
    }
    row("all", &s.total);
    eprintln!("  not asked (the server refused): {}", s.skipped.len());
    eprintln!(
        "  sites whose call the server's definition sends to another declaration (a base method): {}",
        s.through_base
    );
    eprintln!(
        "  sites the server counts for a function a called macro expands to (the map's edge is the macro's): {}",
        s.through_macro
    );
    eprintln!(
        "  sites that are a declaration of a function or method (a name and its parameters, no call): {}",
        s.declarations
    );
    eprintln!(
        "  the map's edges where the server reads no code (an inactive #if branch), not counted: {}",
        s.inactive
    );
    eprintln!(
        "  the map's edges no reference lists that the server's definition at the site confirms: {} (precision against the references alone: {:.1}%)",
        s.by_definition,
        100.0 * s.reference_precision()
    );
    eprintln!(
        "  misses (first 15 of {}): {:#?}",
        s.misses.len(),
        &s.misses[..s.misses.len().min(15)]
    );
    eprintln!(
        "  unconfirmed (first 15 of {}): {:#?}",
        s.wrong.len(),
        &s.wrong[..s.wrong.len().min(15)]
    );
}

/// A copy of these standard-library packages renamed `x<name>` (imports and dotted uses
/// rewritten): pyright resolves a standard-library module name to its own stubs, never to a
/// copy in the workspace, so under their own names it would find no cross-module reference.
fn renamed_stdlib(packages: &[&str]) -> tempfile::TempDir {
    let ws = stdlib_subset(packages);
    let mut dirs = Vec::new();
    for p in packages {
        let from = ws.path().join(p);
        if from.is_dir() {
            std::fs::rename(&from, ws.path().join(format!("x{p}"))).expect("rename");
            dirs.push(format!("x{p}"));
        }
    }
    let script = r#"
import re, sys, pathlib
root, names = pathlib.Path(sys.argv[1]), sys.argv[2:]
pat = re.compile(r"(?<![\w.])(" + "|".join(names) + r")(?=\.|\s+import|\s*$|\s*,|\s+as\b)", re.M)
for f in root.rglob("*.py"):
    f.write_text(pat.sub(lambda m: "x" + m.group(1), f.read_text(encoding="utf-8")), encoding="utf-8")
"#;
    let out = std::process::Command::new("python3")
        .arg("-c")
        .arg(script)
        .arg(ws.path())
        .args(packages)
        .output()
        .expect("python3");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    ws
}

/// The issue's targets: recall of sites (and per symbol), precision at the hubs and overall.
fn targets(s: &Summary, sites: f64, per_symbol: f64) {
    let t = &s.total;
    assert!(t.recall() >= sites, "recall {:.3} < {sites}", t.recall());
    assert!(
        t.per_symbol() >= per_symbol,
        "per-symbol recall {:.3} < {per_symbol}",
        t.per_symbol()
    );
    assert!(
        t.precision() >= 0.98,
        "precision {:.3}: {:#?}",
        t.precision(),
        s.wrong
    );
    assert!(
        t.hub_precision() >= 0.99,
        "precision at the hubs {:.3}: {:#?}",
        t.hub_precision(),
        s.wrong
    );
}

#[test]
fn python_call_edges_agree_with_pyright() {
    let ws = renamed_stdlib(&["json", "email", "http", "logging"]);
    let s = measure(ws.path(), Lang::Python, 40, 6);
    print("pyright (Python json, email, http, logging)", &s);
    assert!(s.total.symbols > 50, "sampled {}", s.total.symbols);
    targets(&s, 0.85, 0.90);
}

/// A copy of these standard-library packages as packages of the module `example.com/std`,
/// their imports of each other rewritten (an import of `go/token` would otherwise reach the
/// installed standard library, not the copy).
fn go_module_of_stdlib(packages: &[&str]) -> tempfile::TempDir {
    // Not a hidden directory: gopls leaves packages under one out of its workspace.
    let ws = tempfile::Builder::new()
        .prefix("codemap-")
        .tempdir()
        .expect("tmp");
    let goroot = crate::corpora::go_root();
    for p in packages {
        copy_dir(&goroot.join(p), &ws.path().join(p));
    }
    for f in files_with_ext(ws.path(), "go") {
        let mut text = std::fs::read_to_string(&f).expect("read");
        for p in packages {
            text = text.replace(&format!("\"{p}\""), &format!("\"example.com/std/{p}\""));
        }
        std::fs::write(&f, text).expect("write");
    }
    // Range-over-func and other recent syntax: the language version of the Go that runs this.
    write(ws.path(), "go.mod", "module example.com/std\n\ngo 1.24\n");
    ws
}

#[test]
fn go_call_edges_agree_with_gopls() {
    let pkgs = [
        "go/token",
        "go/scanner",
        "go/ast",
        "go/parser",
        "text/template/parse",
    ];
    let ws = go_module_of_stdlib(&pkgs);
    let s = measure(ws.path(), Lang::Go, 40, 6);
    print(
        "gopls (Go go/token, go/scanner, go/ast, go/parser, text/template/parse)",
        &s,
    );
    assert!(s.total.symbols > 50, "sampled {}", s.total.symbols);
}

/// Guava's `base` and `primitives` packages (no build file: JDT LS's invisible project).
#[test]
fn java_call_edges_agree_with_jdtls() {
    let ws = tempfile::tempdir().expect("tmp");
    for p in ["com/google/common/base", "com/google/common/primitives"] {
        copy_dir(&crate::corpora::guava_root().join(p), &ws.path().join(p));
    }
    // Every 24th function besides the hubs (every third took 310 s of a suite's run, every
    // sixth 151 s, every twelfth 88 s: a definition request at each site the references
    // list). Every twelfth: 164 functions, 693 sites, recall 96.4%, precision 99.9% on
    // 2026-11-27, 69 s alone; every 24th: 103 symbols asked in 35 s (2026-11-28).
    let s = measure_sites(ws.path(), Lang::Java, 40, 24, true);
    print("JDT LS (Java: Guava base and primitives)", &s);
    assert!(s.total.symbols > 50, "sampled {}", s.total.symbols);
    let t = &s.total;
    assert!(t.recall() >= 0.90, "recall {:.3}", t.recall());
    assert!(
        t.precision() >= 0.97,
        "precision {:.3}: {:#?}",
        t.precision(),
        s.wrong
    );
}

/// C: tree-sitter's runtime, clangd's references (its background index read first: the
/// server is loading while its indexing progress is open).
#[test]
fn c_call_edges_agree_with_clangd() {
    let ws = tempfile::tempdir().expect("tmp");
    // Its public headers too (`tree_sitter/api.h`): without them clangd's parse of every
    // file stops at a fatal error and finds few references.
    for d in ["src", "include"] {
        copy_dir(
            &crate::corpora::cargo_crate("tree-sitter-0.25").join(d),
            &ws.path().join(d),
        );
    }
    // lib.c is the unity build (it includes every other .c file), and wasm_store.c and
    // wasm/ are compiled only with TREE_SITTER_FEATURE_WASM: clangd reads no code there
    // (inactive, so no references), which the map does read.
    for f in ["src/lib.c", "src/wasm_store.c"] {
        std::fs::remove_file(ws.path().join(f)).expect("remove");
    }
    std::fs::remove_dir_all(ws.path().join("src/wasm")).expect("remove");
    let s = measure(ws.path(), Lang::C, 40, 3);
    print("clangd (C: tree-sitter's runtime)", &s);
    assert!(s.total.symbols > 50, "sampled {}", s.total.symbols);
    let t = &s.total;
    assert!(t.recall() >= 0.90, "recall {:.3}", t.recall());
    // Against the references alone: the edges clangd's definition request confirms (in
    // `#ifdef DEBUG` code, where it answers by name) are not counted for it. Under the whole
    // suite's load clangd's background index lists fewer references when asked (96.9% in
    // two suite runs, 98.4% alone; every edge short of them confirmed by its definition).
    assert!(
        s.reference_precision() >= 0.96,
        "precision {:.3}: {:#?}",
        s.reference_precision(),
        s.wrong
    );
}

/// The same measurement on any project, for code no test uses (ignored; run by hand):
/// `CODEMAP_EDGES_ROOT=/path/to/copy CODEMAP_EDGES_LANG=cpp cargo test --release -p bridge
/// --test e2e edges_on_a_project -- --ignored --nocapture`. The map is built in the
/// directory itself (a scratch copy); the misses land in `target/edges/`.
#[test]
#[ignore]
fn edges_on_a_project() {
    let root = std::env::var("CODEMAP_EDGES_ROOT").expect("CODEMAP_EDGES_ROOT: the project");
    let lang = std::env::var("CODEMAP_EDGES_LANG").expect("CODEMAP_EDGES_LANG: cpp, java, go…");
    let lang = Lang::from_prefix(&lang).expect("a language prefix");
    let stride = std::env::var("CODEMAP_EDGES_STRIDE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(4);
    let s = measure(Path::new(&root), lang, 40, stride);
    print(&format!("{} (the project at {root})", lang.prefix()), &s);
    eprintln!(
        "precision {:.1}%, against the references alone {:.1}%",
        100.0 * s.total.precision(),
        100.0 * s.reference_precision()
    );
}

/// C++: googletest's own sources and headers, clangd's references.
#[test]
fn cpp_call_edges_agree_with_clangd() {
    let ws = crate::lsp::googletest_copy();
    // Every sixteenth function besides the 40 hubs: every fourth (526 functions, 1,151 sites)
    // took 332 s of a suite's run under load, every eighth 250 s under load (282 functions,
    // 872 sites; recall 95.3%, precision 99.2% on 2026-11-27); every sixteenth asks 162
    // (740 sites; recall 91.2%, precision 98.2%, 52 s alone on 2026-11-28).
    let s = measure(ws.path(), Lang::Cpp, 40, 16);
    print("clangd (C++: googletest)", &s);
    assert!(s.total.symbols > 50, "sampled {}", s.total.symbols);
    let t = &s.total;
    // The targets: recall 90%, precision 97%. 2026-11-26: recall 90.8% of 1,147 sites
    // (73.2% two sessions ago, 85.0% before this one's forward-declared types, container
    // elements and range-`for`, `const` overloads, calls on `A::f()` and `v[i]`; 24 sites
    // that are declarations clangd lists for an override left out). Precision 98.2%: the
    // edges the references list, and those clangd's own definition request at the site
    // confirms (a function template's calls are under no reference of the template:
    // `testing::Eq`); against the references alone 92.7%, held as a floor. The misses left:
    // overloads of one arity told apart by argument types (`OutputJsonKey`, `PrintTo`),
    // member and base initializers (`random_(0)`), `(Message() << x).GetString()`,
    // declarations that construct (`Message msg;`), constructors chosen by defaults.
    assert!(t.recall() >= 0.90, "recall {:.3}", t.recall());
    assert!(
        t.precision() >= 0.97,
        "precision {:.3}: {:#?}",
        t.precision(),
        s.wrong
    );
    assert!(
        s.reference_precision() >= 0.91,
        "precision against the references alone {:.3}: {:#?}",
        s.reference_precision(),
        s.wrong
    );
}

#[test]
fn rust_call_edges_agree_with_rust_analyzer() {
    let ws = tempfile::tempdir().expect("tmp");
    copy_dir(&crate::corpora::cargo_crate("ignore-0."), ws.path());
    let s = measure(ws.path(), Lang::Rust, 40, 3);
    print("rust-analyzer (Rust: the ignore crate)", &s);
    assert!(s.total.symbols > 50, "sampled {}", s.total.symbols);
    // Offline, `cargo metadata` cannot fetch a dev-dependency the registry cache lacks, so
    // rust-analyzer loads the crate without its dependencies' metadata and misses some calls
    // through trait impls (`Error::from(e).with_path(…)`); the unconfirmed edges read by hand
    // (a sample: the map's target was right in each) are of that kind (measured: 97.9% of its
    // call sites held, 97.0% of the map's edges confirmed).
    // Since the map reads macro arguments as code (issue 35), calls inside `assert!(…)` in the
    // crate's tests and benches are edges too; that rust-analyzer (offline, without the
    // dev-dependencies) lists none of them there is counted apart, and the precision asked
    // is that of the rest.
    let t = &s.total;
    let in_macros = unconfirmed_in_macro_arguments(ws.path(), &s.wrong);
    let rest = t.confirmed as f64 / (t.map_edges - in_macros).max(1) as f64;
    eprintln!(
        "unconfirmed inside macro arguments: {in_macros} of {} unconfirmed; precision of the rest {:.1}%",
        s.wrong.len(),
        100.0 * rest
    );
    // rust-analyzer loaded whole (scripts/test fetches the standard library's dependencies)
    // reads the crate's tests too: recall 85.0% before tuple elements taken apart from a call
    // on a local that was one (`let (ig, err) = ig.add_child(…)`), 87.4% after; 95.5% of
    // 1,979 sites once a closure's result is typed by its body (`let m = |p| gi.matched(p);
    // m("x").is_ignore()`, 160 of the 250 sites missed before, in
    // tests/gitignore_matched_path_or_any_parents_tests.rs).
    assert!(t.recall() >= 0.93, "recall {:.3}", t.recall());
    assert!(rest >= 0.95, "precision {rest:.3}: {:#?}", s.wrong);
}

/// How many of the unconfirmed edges (`… not called at FILE:LINE:COL`) sit inside a macro
/// invocation's arguments on their line (`assert!(x.f())`).
fn unconfirmed_in_macro_arguments(root: &Path, wrong: &[String]) -> usize {
    wrong
        .iter()
        .filter(|w| {
            let Some((_, site)) = w.rsplit_once(" at ") else {
                return false;
            };
            let mut parts = site.rsplitn(3, ':');
            let (Some(col), Some(line), Some(file)) = (parts.next(), parts.next(), parts.next())
            else {
                return false;
            };
            let (Ok(col), Ok(line)) = (col.parse::<usize>(), line.parse::<usize>()) else {
                return false;
            };
            let text = std::fs::read_to_string(root.join(file)).unwrap_or_default();
            let Some(l) = text.lines().nth(line.saturating_sub(1)) else {
                return false;
            };
            let before: String = l.chars().take(col.saturating_sub(1)).collect();
            before.contains("!(") || before.contains("![") || before.contains("!{")
        })
        .count()
}

/// Issue 35: a published crate that wraps calls in macros, against rust-analyzer: serde_json
/// (`tri!(…)` around nearly every fallible call), as Cargo unpacked it to build codemap.
/// Before the map read macro arguments, 79.4% of these call sites were edges (the same
/// sites held against a map of the previous binary), now 88.5%.
#[test]
fn rust_calls_inside_macros_agree_with_rust_analyzer() {
    // Measured: serde_json 88.8% of rust-analyzer's call sites held, 65.4% of the map's edges
    // confirmed. The unconfirmed edges read by hand are plain calls rust-analyzer did not
    // list (`self.eat_char()` in `Deserializer`'s own methods: its workspace loads offline
    // without every dev-dependency), and code under inactive `cfg`s it does not see.
    // tokio is not measured here: copied without a Cargo.lock, rust-analyzer loads no
    // workspace for it offline and answers no references (0 server sites).
    let ws = tempfile::tempdir().expect("tmp");
    copy_dir(&crate::corpora::cargo_crate("serde_json-1."), ws.path());
    // Every sixth function besides the hubs (every third took 230 s of a suite's run).
    let s = measure(ws.path(), Lang::Rust, 40, 6);
    print(
        "rust-analyzer-serde_json (Rust: serde_json, calls inside macros)",
        &s,
    );
    assert!(s.total.symbols > 50, "sampled {}", s.total.symbols);
    let t = &s.total;
    assert!(t.recall() >= 0.85, "recall {:.3}", t.recall());
    assert!(
        t.precision() >= 0.6,
        "precision {:.3}: {:#?}",
        t.precision(),
        s.wrong
    );
}
