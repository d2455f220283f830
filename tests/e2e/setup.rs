//! `codemap setup` on a fake home and a repository holding a real-looking configuration of
//! every client (`tests/fixtures/setup/`): merged, idempotent, removed byte for byte; a file
//! it cannot parse refused and untouched; detection; `--print`; the instructions section and
//! Claude Code's hook. And `codemap hook grep` on recorded tool calls, counted.

use crate::util::{bin, fixture, index, repo_root};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The client fixtures: (fixture file, where it goes: under the repository or the home).
const PLACES: &[(&str, &str, bool)] = &[
    ("claude-code.mcp.json", ".mcp.json", true),
    (
        "claude-desktop.json",
        ".config/Claude/claude_desktop_config.json",
        false,
    ),
    ("cursor.json", ".cursor/mcp.json", true),
    ("vscode.jsonc", ".vscode/mcp.json", true),
    ("windsurf.json", ".codeium/windsurf/mcp_config.json", false),
    ("zed.jsonc", ".zed/settings.json", true),
    ("codex.toml", ".codex/config.toml", false),
    ("gemini.json", ".gemini/settings.json", true),
];

struct World {
    _home: tempfile::TempDir,
    home: PathBuf,
    repo: tempfile::TempDir,
}

fn world() -> World {
    let home = tempfile::Builder::new()
        .prefix("codemap-home-")
        .tempdir()
        .expect("home");
    let repo = tempfile::Builder::new()
        .prefix("codemap-repo-")
        .tempdir()
        .expect("repo");
    World {
        home: home.path().canonicalize().expect("home path"),
        _home: home,
        repo,
    }
}

impl World {
    fn repo(&self) -> PathBuf {
        self.repo.path().canonicalize().expect("repo path")
    }

    /// `codemap --root REPO setup ARGS` with this world's home, never the real one.
    fn setup(&self, args: &[&str]) -> Output {
        Command::new(bin())
            .env("HOME", &self.home)
            .env("XDG_CONFIG_HOME", self.home.join(".config"))
            .env("CODEX_HOME", self.home.join(".codex"))
            .env_remove("APPDATA")
            .env_remove("USERPROFILE")
            .arg("--root")
            .arg(self.repo())
            .arg("setup")
            .args(args)
            .output()
            .expect("run codemap setup")
    }

    fn place(&self, rel: &str, in_repo: bool) -> PathBuf {
        if in_repo {
            self.repo().join(rel)
        } else {
            self.home.join(rel)
        }
    }

    /// Every client's fixture in its place; returns (path, original bytes).
    fn install_fixtures(&self) -> Vec<(PathBuf, Vec<u8>)> {
        PLACES
            .iter()
            .map(|(fx, rel, in_repo)| {
                let bytes = std::fs::read(fixtures().join(fx)).expect("fixture");
                let p = self.place(rel, *in_repo);
                std::fs::create_dir_all(p.parent().expect("dir")).expect("mkdir");
                std::fs::write(&p, &bytes).expect("write");
                (p, bytes)
            })
            .collect()
    }
}

fn fixtures() -> PathBuf {
    repo_root().join("tests/fixtures/setup")
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// The JSON of a JSONC file: comments and trailing commas taken out (a test-side reader,
/// independent of the code under test).
fn jsonc_value(t: &str) -> Value {
    let mut out = String::new();
    let mut chars = t.chars().peekable();
    let mut in_str = false;
    while let Some(c) = chars.next() {
        if in_str {
            out.push(c);
            if c == '\\' {
                if let Some(n) = chars.next() {
                    out.push(n);
                }
            } else if c == '"' {
                in_str = false;
            }
            continue;
        }
        match (c, chars.peek()) {
            ('"', _) => {
                in_str = true;
                out.push(c);
            }
            ('/', Some('/')) => {
                for n in chars.by_ref() {
                    if n == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            ('/', Some('*')) => {
                chars.next();
                let mut prev = ' ';
                for n in chars.by_ref() {
                    if prev == '*' && n == '/' {
                        break;
                    }
                    prev = n;
                }
            }
            _ => out.push(c),
        }
    }
    let re = regex::Regex::new(r",(\s*[}\]])").expect("regex");
    let clean = re.replace_all(&out, "$1");
    serde_json::from_str(&clean).unwrap_or_else(|e| panic!("not JSON(C): {e}\n{t}"))
}

#[test]
fn setup_merges_every_client_and_removal_gives_back_the_bytes() {
    let w = world();
    let originals = w.install_fixtures();
    let repo = w.repo();
    let exe = std::fs::canonicalize(bin()).expect("exe");

    let o = w.setup(&["--all"]);
    assert!(o.status.success(), "{}", text(&o));
    let report = text(&o);
    for (path, before) in &originals {
        let after = std::fs::read_to_string(path).expect("read");
        // The entry: this binary serving this repository.
        assert!(
            after.contains(&*exe.to_string_lossy()),
            "{}:\n{after}",
            path.display()
        );
        assert!(
            after.contains(&*repo.to_string_lossy()),
            "{}:\n{after}",
            path.display()
        );
        // What was there is all still there, in order (lines kept whole).
        let mut rest = after.as_str();
        // (A file on one line gets the entry inside that line: checked by the JSON below.)
        for line in String::from_utf8_lossy(before).lines().filter(|_| {
            before.contains(&b'\n') && before.iter().filter(|&&b| b == b'\n').count() > 1
        }) {
            // (An empty object the entry goes into is opened up.)
            let line = line.trim_end_matches([',']).trim_end_matches("{}");
            let at = rest
                .find(line)
                .unwrap_or_else(|| panic!("{}: lost {line:?}\n{after}", path.display()));
            rest = &rest[at + line.len()..];
        }
        // A backup of the original, byte for byte.
        let bak = PathBuf::from(format!("{}.codemap-bak", path.display()));
        assert_eq!(
            &std::fs::read(&bak).expect("backup"),
            before,
            "{}",
            bak.display()
        );
        // Each format as its client reads it.
        let name = path.to_string_lossy();
        if name.ends_with(".toml") {
            assert!(
                after.contains("[mcp_servers.codemap]\ncommand = "),
                "{after}"
            );
        } else {
            let v = jsonc_value(&after);
            let (container, entry) = if name.ends_with(".vscode/mcp.json") {
                ("servers", &v["servers"]["codemap"])
            } else if name.ends_with(".zed/settings.json") {
                ("context_servers", &v["context_servers"]["codemap"])
            } else {
                ("mcpServers", &v["mcpServers"]["codemap"])
            };
            assert_eq!(
                entry["command"],
                exe.to_string_lossy().as_ref(),
                "{container}: {after}"
            );
            assert_eq!(entry["args"][0], "serve", "{after}");
            assert_eq!(entry["args"][2], repo.to_string_lossy().as_ref(), "{after}");
            if container == "servers" || name.ends_with(".mcp.json") {
                assert_eq!(entry["type"], "stdio", "{after}");
            }
            if container == "context_servers" {
                assert_eq!(entry["source"], "custom", "{after}");
            }
        }
    }
    assert_eq!(report.matches("updated").count(), PLACES.len(), "{report}");

    // A second setup changes nothing.
    let set: Vec<Vec<u8>> = originals
        .iter()
        .map(|(p, _)| std::fs::read(p).expect("read"))
        .collect();
    let again = w.setup(&["--all"]);
    assert!(again.status.success(), "{}", text(&again));
    assert_eq!(
        text(&again).matches("unchanged").count(),
        PLACES.len(),
        "{}",
        text(&again)
    );
    for ((p, _), s) in originals.iter().zip(&set) {
        assert_eq!(&std::fs::read(p).expect("read"), s, "{}", p.display());
    }

    // Removal gives back every original byte.
    let removed = w.setup(&["--remove"]);
    assert!(removed.status.success(), "{}", text(&removed));
    for (p, before) in &originals {
        assert_eq!(
            &std::fs::read(p).expect("read"),
            before,
            "{} after --remove:\n{}",
            p.display(),
            text(&removed)
        );
    }
}

#[test]
fn setup_creates_missing_files_and_removal_deletes_them() {
    let w = world();
    let o = w.setup(&["--all"]);
    assert!(o.status.success(), "{}", text(&o));
    assert_eq!(
        text(&o).matches("created").count(),
        PLACES.len(),
        "{}",
        text(&o)
    );
    for (_, rel, in_repo) in PLACES {
        assert!(w.place(rel, *in_repo).is_file(), "{rel}");
    }
    let r = w.setup(&["--remove"]);
    assert!(r.status.success(), "{}", text(&r));
    for (_, rel, in_repo) in PLACES {
        assert!(!w.place(rel, *in_repo).exists(), "{rel}: {}", text(&r));
    }
}

#[test]
fn setup_refuses_a_file_it_cannot_parse_and_leaves_it_alone() {
    let w = world();
    let broken = "{\n  \"mcpServers\": {\n    \"a\": {\"command\": \"x\"}\n    \"b\": {}\n  }\n}\n";
    let p = w.repo().join(".cursor/mcp.json");
    std::fs::create_dir_all(p.parent().expect("dir")).expect("mkdir");
    std::fs::write(&p, broken).expect("write");
    let toml = w.home.join(".codex/config.toml");
    std::fs::create_dir_all(toml.parent().expect("dir")).expect("mkdir");
    std::fs::write(&toml, "[mcp_servers]\ncodemap = { command = \"old\" }\n").expect("write");
    let o = w.setup(&["cursor", "codex", "gemini"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let out = text(&o);
    assert!(
        out.contains("cursor") && out.contains("refused: cannot parse it at 4:5"),
        "{out}"
    );
    assert!(
        out.contains("codex") && out.contains("dotted keys or an inline table"),
        "{out}"
    );
    // The other client is still set up.
    assert!(out.contains("gemini") && out.contains("created"), "{out}");
    assert_eq!(std::fs::read_to_string(&p).expect("read"), broken);
    assert!(!PathBuf::from(format!("{}.codemap-bak", p.display())).exists());
    // An unknown client is a usage error.
    let bad = w.setup(&["emacs"]);
    assert_eq!(bad.status.code(), Some(2), "{}", text(&bad));
}

#[test]
fn setup_sets_up_the_detected_clients_and_says_what_it_skipped() {
    let w = world();
    std::fs::create_dir_all(w.home.join(".cursor")).expect("mkdir");
    std::fs::create_dir_all(w.home.join(".codex")).expect("mkdir");
    let o = w.setup(&[]);
    assert!(o.status.success(), "{}", text(&o));
    let out = text(&o);
    let line = |name: &str| {
        out.lines()
            .find(|l| l.starts_with(&format!("{name} ")))
            .unwrap_or_else(|| panic!("no line for {name}:\n{out}"))
            .to_string()
    };
    assert!(line("cursor").contains("created"), "{out}");
    assert!(
        line("codex").contains("created") && line("codex").contains("per user"),
        "{out}"
    );
    for skipped in [
        "claude-code",
        "claude-desktop",
        "vscode",
        "windsurf",
        "zed",
        "gemini",
    ] {
        assert!(line(skipped).contains("skipped: not detected"), "{out}");
    }
    assert!(w.repo().join(".cursor/mcp.json").is_file());
    assert!(!w.repo().join(".mcp.json").exists());
}

#[test]
fn setup_print_shows_the_diff_and_writes_nothing() {
    let w = world();
    let originals = w.install_fixtures();
    let o = w.setup(&["--all", "--print", "--instructions", "--hook"]);
    assert!(o.status.success(), "{}", text(&o));
    let out = text(&o);
    assert!(
        out.contains("would be updated") && out.contains("+    \"codemap\": {"),
        "{out}"
    );
    assert!(out.contains("+[mcp_servers.codemap]"), "{out}");
    assert!(out.contains("AGENTS.md: would be created"), "{out}");
    assert!(
        out.contains(".claude/settings.json: would be created"),
        "{out}"
    );
    for (p, before) in &originals {
        assert_eq!(&std::fs::read(p).expect("read"), before, "{}", p.display());
    }
    assert!(!w.repo().join("AGENTS.md").exists());
    assert!(!w.repo().join(".claude").exists());
}

#[test]
fn setup_instructions_and_hook_are_added_only_when_asked_and_removed_byte_for_byte() {
    let w = world();
    let repo = w.repo();
    let agents = std::fs::read(fixtures().join("AGENTS.md")).expect("fixture");
    let settings = std::fs::read(fixtures().join("claude-settings.json")).expect("fixture");
    std::fs::write(repo.join("AGENTS.md"), &agents).expect("write");
    std::fs::create_dir_all(repo.join(".claude")).expect("mkdir");
    std::fs::write(repo.join(".claude/settings.json"), &settings).expect("write");
    // A plain setup touches neither.
    let plain = w.setup(&["claude-code"]);
    assert!(plain.status.success(), "{}", text(&plain));
    assert_eq!(std::fs::read(repo.join("AGENTS.md")).expect("read"), agents);
    assert_eq!(
        std::fs::read(repo.join(".claude/settings.json")).expect("read"),
        settings
    );

    let o = w.setup(&["--instructions", "--hook"]);
    assert!(o.status.success(), "{}", text(&o));
    let md = std::fs::read_to_string(repo.join("AGENTS.md")).expect("read");
    assert!(md.starts_with(&*String::from_utf8_lossy(&agents)), "{md}");
    assert!(
        md.contains("<!-- codemap:begin") && md.contains("map_search"),
        "{md}"
    );
    let s =
        jsonc_value(&std::fs::read_to_string(repo.join(".claude/settings.json")).expect("read"));
    let pre = &s["hooks"]["PreToolUse"][0];
    assert_eq!(pre["matcher"], "Grep|Bash", "{s}");
    assert_eq!(pre["hooks"][0]["type"], "command", "{s}");
    let cmd = pre["hooks"][0]["command"].as_str().expect("command");
    assert!(
        cmd.ends_with(" hook grep") && cmd.contains(&*repo.to_string_lossy()),
        "{cmd}"
    );
    // The user's hooks are still there.
    assert_eq!(s["hooks"]["PostToolUse"][0]["matcher"], "Write|Edit", "{s}");
    // Idempotent.
    let again = w.setup(&["--instructions", "--hook"]);
    assert!(
        text(&again).matches("unchanged").count() >= 2,
        "{}",
        text(&again)
    );

    let r = w.setup(&["--remove"]);
    assert!(r.status.success(), "{}", text(&r));
    assert_eq!(
        std::fs::read(repo.join("AGENTS.md")).expect("read"),
        agents,
        "{}",
        text(&r)
    );
    assert_eq!(
        std::fs::read(repo.join(".claude/settings.json")).expect("read"),
        settings,
        "{}",
        text(&r)
    );
    assert!(!repo.join(".mcp.json").exists(), "{}", text(&r));
}

/// Recorded Grep and Bash calls (`grep_calls.jsonl`: symbol names and text searches) given
/// to the hook on Go's fixture: which it points at the map, which it lets pass.
#[test]
fn hook_grep_points_symbol_searches_at_the_map() {
    let ws = fixture("go_app");
    index(ws.path());
    let calls = std::fs::read_to_string(fixtures().join("grep_calls.jsonl")).expect("fixture");
    let (mut redirected, mut passed, mut wrong) = (0, 0, Vec::new());
    for line in calls.lines().filter(|l| !l.trim().is_empty()) {
        let mut call: Value = serde_json::from_str(line).expect("fixture line");
        let expect = call["expect"].as_str().expect("expect").to_string();
        call["hook_event_name"] = "PreToolUse".into();
        call["cwd"] = ws.path().to_string_lossy().as_ref().into();
        call["session_id"] = "test".into();
        let out = run_hook(ws.path(), &call.to_string(), &[]);
        assert_eq!(out.status.code(), Some(0), "{line}: {}", text(&out));
        let stdout = String::from_utf8_lossy(&out.stdout).to_string();
        let got = if stdout.trim().is_empty() {
            passed += 1;
            "pass"
        } else {
            let v: Value = serde_json::from_str(&stdout).expect("hook output is JSON");
            let h = &v["hookSpecificOutput"];
            assert_eq!(h["hookEventName"], "PreToolUse", "{v}");
            let ctx = h["additionalContext"].as_str().expect("additionalContext");
            assert!(ctx.contains("map_search") && ctx.contains("go:"), "{ctx}");
            redirected += 1;
            "redirect"
        };
        if got != expect {
            wrong.push(format!("{got} (expected {expect}): {line}"));
        }
    }
    eprintln!(
        "hook grep on {} recorded calls: {redirected} pointed at the map, {passed} passed",
        redirected + passed
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert_eq!((redirected, passed), (10, 12));

    // --deny: the same verdict as a denial with its reason.
    let grep = r#"{"tool_name":"Grep","tool_input":{"pattern":"NewMemoryStore"}}"#;
    let out = run_hook(ws.path(), grep, &["--deny"]);
    let v: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["hookSpecificOutput"]["permissionDecision"], "deny", "{v}");
    assert!(v["hookSpecificOutput"]["permissionDecisionReason"]
        .as_str()
        .is_some_and(|r| r.contains("map_search")));
    // Bad input: a clear error, a non-blocking exit code, nothing on stdout.
    let bad = run_hook(ws.path(), "not json", &[]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(bad.stdout.is_empty());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("not the hook's JSON"));
    // No map: everything passes.
    let empty = tempfile::tempdir().expect("tempdir");
    let none = run_hook(empty.path(), grep, &[]);
    assert_eq!(none.status.code(), Some(0));
    assert!(none.stdout.is_empty());
    // A text search passes without the map being opened: a map file that is not SQLite
    // fails only a symbol search.
    std::fs::create_dir_all(empty.path().join(".codemap")).expect("mkdir");
    std::fs::write(empty.path().join(".codemap/map.db"), "not sqlite").expect("write");
    let text_search = r#"{"tool_name":"Grep","tool_input":{"pattern":"failed to open"}}"#;
    let passed = run_hook(empty.path(), text_search, &[]);
    assert_eq!(passed.status.code(), Some(0), "{}", text(&passed));
    assert!(passed.stdout.is_empty() && passed.stderr.is_empty());
    let unread = run_hook(empty.path(), grep, &[]);
    assert_eq!(unread.status.code(), Some(1), "{}", text(&unread));
    assert!(String::from_utf8_lossy(&unread.stderr).contains("cannot read the map"));
}

fn run_hook(root: &Path, input: &str, extra: &[&str]) -> Output {
    use std::io::Write as _;
    let mut child = Command::new(bin())
        .arg("--root")
        .arg(root)
        .args(["hook", "grep"])
        .args(extra)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("spawn hook");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("hook output")
}

/// A client file that is a symlink: the target is edited in place (the link stays a link),
/// its backup is beside the target both when written and when read, and `--remove` gives
/// back the target's bytes (`{}`: only the backup tells it was there).
#[test]
fn setup_through_a_symlink_edits_the_target_and_removal_restores_it() {
    let w = world();
    let repo = w.repo();
    let shared = repo.join("shared");
    std::fs::create_dir_all(&shared).expect("mkdir");
    let target = shared.join("mcp.json");
    std::fs::write(&target, "{}\n").expect("write");
    let link = repo.join(".mcp.json");
    std::os::unix::fs::symlink("shared/mcp.json", &link).expect("symlink");
    for _ in 0..2 {
        let o = w.setup(&["claude-code"]);
        assert!(o.status.success(), "{}", text(&o));
        assert!(link.is_symlink(), "{}", text(&o));
    }
    let set = std::fs::read_to_string(&target).expect("target");
    assert!(set.contains("\"codemap\""), "{set}");
    assert!(!repo.join(".mcp.json.codemap-bak").exists());
    assert!(shared.join("mcp.json.codemap-bak").is_file());
    let r = w.setup(&["--remove", "claude-code"]);
    assert!(r.status.success(), "{}", text(&r));
    assert!(link.is_symlink(), "{}", text(&r));
    assert_eq!(
        std::fs::read(&target).ok().as_deref(),
        Some(&b"{}\n"[..]),
        "{}",
        text(&r)
    );
}
