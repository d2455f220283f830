//! `codemap setup [CLIENT…]`: registers `codemap serve` with the agent clients a user has,
//! in each client's own file and format (`CLIENTS`, each with the documentation it follows),
//! per repository where the client reads a project file, else per user. A file is edited,
//! never re-serialized: the entry is put in or cut out at the spans a small locator finds
//! (`jsonc` for JSON and JSON with comments, `block` for TOML tables and Markdown sections),
//! so comments, key order and formatting stay, a second setup changes nothing, and
//! `--remove` gives back the bytes there were. A file that cannot be parsed is refused with
//! its line and column and left alone; a file written is first copied to
//! `<file>.codemap-bak`, then replaced by a temporary file renamed over it (through a
//! symlink, its target, beside which the backup is: `resolved`). `--instructions` adds a marked section to the repository's
//! `AGENTS.md`/`CLAUDE.md`; `--hook` adds Claude Code's PreToolUse hook (`codemap hook grep`,
//! [`hook`]) to `.claude/settings.json`. Nothing is written with `--print`.

pub mod block;
pub mod hook;
pub mod jsonc;

use jsonc::{Entry, Slot, J};
use std::path::{Path, PathBuf};

/// Where a user's configuration lives: from the environment (`HOME`, `XDG_CONFIG_HOME`,
/// `APPDATA`, `CODEX_HOME`), so tests give a fake home.
#[derive(Debug, Clone)]
pub struct Env {
    pub home: Option<PathBuf>,
    pub config: Option<PathBuf>,
    pub appdata: Option<PathBuf>,
    pub codex_home: Option<PathBuf>,
    pub os: &'static str,
}

impl Env {
    pub fn from_process() -> Env {
        let var = |k: &str| {
            std::env::var_os(k)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        };
        let home = var("HOME").or_else(|| var("USERPROFILE"));
        Env {
            config: var("XDG_CONFIG_HOME").or_else(|| home.as_ref().map(|h| h.join(".config"))),
            appdata: var("APPDATA"),
            codex_home: var("CODEX_HOME"),
            home,
            os: std::env::consts::OS,
        }
    }
}

/// Per repository (a file in the repository) or per user (a file in the home directory,
/// whose one entry serves the repository set up last).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    Repo,
    User,
}

/// How a client's file is written.
#[derive(Debug, Clone, Copy)]
pub enum Format {
    /// JSON (with comments where the client allows them): `"<container>": {"codemap": …}`,
    /// the entry built by `entry`.
    Json {
        container: &'static str,
        entry: fn(&Server) -> J,
    },
    /// TOML: a `[mcp_servers.codemap]` table.
    Toml,
}

/// The command a client runs: this binary, `serve`, the repository.
#[derive(Debug, Clone)]
pub struct Server {
    pub command: String,
    pub args: Vec<String>,
}

/// One agent client: its name on the command line, where its file is, what shows it is
/// installed, its format and the documentation both come from.
pub struct Client {
    pub name: &'static str,
    pub title: &'static str,
    pub scope: Scope,
    pub docs: &'static str,
    /// The file to edit, given the environment and the repository root.
    pub file: fn(&Env, &Path) -> Option<PathBuf>,
    /// Directories whose presence shows the client is installed.
    pub evidence: fn(&Env, &Path) -> Vec<PathBuf>,
    pub format: Format,
}

fn stdio_entry(s: &Server) -> J {
    J::Obj(vec![
        ("command".into(), J::Str(s.command.clone())),
        ("args".into(), strs(&s.args)),
    ])
}

fn typed_stdio_entry(s: &Server) -> J {
    J::Obj(vec![
        ("type".into(), J::Str("stdio".into())),
        ("command".into(), J::Str(s.command.clone())),
        ("args".into(), strs(&s.args)),
    ])
}

fn zed_entry(s: &Server) -> J {
    J::Obj(vec![
        ("source".into(), J::Str("custom".into())),
        ("command".into(), J::Str(s.command.clone())),
        ("args".into(), strs(&s.args)),
        ("env".into(), J::Obj(Vec::new())),
    ])
}

fn strs(v: &[String]) -> J {
    J::Arr(v.iter().map(|a| J::Str(a.clone())).collect())
}

fn home(env: &Env, rel: &str) -> Option<PathBuf> {
    env.home.as_ref().map(|h| h.join(rel))
}

/// The clients `codemap setup` knows, each checked against its documentation (cited).
pub static CLIENTS: &[Client] = &[
    Client {
        name: "claude-code",
        title: "Claude Code",
        scope: Scope::Repo,
        // Project scope: `.mcp.json` at the project root, `mcpServers`, stdio entries with
        // `type`, `command`, `args`, `env`.
        docs: "https://code.claude.com/docs/en/mcp#project-scope",
        file: |_, root| Some(root.join(".mcp.json")),
        evidence: |env, root| {
            [
                home(env, ".claude"),
                home(env, ".claude.json"),
                Some(root.join(".claude")),
            ]
            .into_iter()
            .flatten()
            .collect()
        },
        format: Format::Json {
            container: "mcpServers",
            entry: typed_stdio_entry,
        },
    },
    Client {
        name: "claude-desktop",
        title: "Claude Desktop",
        scope: Scope::User,
        // `claude_desktop_config.json`: macOS `~/Library/Application Support/Claude/`,
        // Windows `%APPDATA%\Claude\`; on Linux (no official build) `~/.config/Claude/`.
        docs: "https://modelcontextprotocol.io/quickstart/user",
        file: |env, _| claude_desktop_dir(env).map(|d| d.join("claude_desktop_config.json")),
        evidence: |env, _| claude_desktop_dir(env).into_iter().collect(),
        format: Format::Json {
            container: "mcpServers",
            entry: stdio_entry,
        },
    },
    Client {
        name: "cursor",
        title: "Cursor",
        scope: Scope::Repo,
        // Project `.cursor/mcp.json` (global `~/.cursor/mcp.json`), `mcpServers`.
        docs: "https://cursor.com/docs/context/mcp",
        file: |_, root| Some(root.join(".cursor").join("mcp.json")),
        evidence: |env, root| {
            [home(env, ".cursor"), Some(root.join(".cursor"))]
                .into_iter()
                .flatten()
                .collect()
        },
        format: Format::Json {
            container: "mcpServers",
            entry: stdio_entry,
        },
    },
    Client {
        name: "vscode",
        title: "VS Code",
        scope: Scope::Repo,
        // Workspace `.vscode/mcp.json`: `servers`, each with `type: "stdio"`, `command`,
        // `args` (JSON with comments).
        docs: "https://code.visualstudio.com/docs/copilot/reference/mcp-configuration",
        file: |_, root| Some(root.join(".vscode").join("mcp.json")),
        evidence: |env, root| {
            [
                home(env, ".vscode"),
                env.config.as_ref().map(|c| c.join("Code")),
                env.appdata.as_ref().map(|a| a.join("Code")),
                home(env, "Library/Application Support/Code"),
                Some(root.join(".vscode")),
            ]
            .into_iter()
            .flatten()
            .collect()
        },
        format: Format::Json {
            container: "servers",
            entry: typed_stdio_entry,
        },
    },
    Client {
        name: "windsurf",
        title: "Windsurf",
        scope: Scope::User,
        // `~/.codeium/windsurf/mcp_config.json` (per user only), `mcpServers`.
        docs: "https://docs.windsurf.com/windsurf/cascade/mcp",
        file: |env, _| home(env, ".codeium/windsurf/mcp_config.json"),
        evidence: |env, _| home(env, ".codeium/windsurf").into_iter().collect(),
        format: Format::Json {
            container: "mcpServers",
            entry: stdio_entry,
        },
    },
    Client {
        name: "zed",
        title: "Zed",
        scope: Scope::Repo,
        // Project settings `.zed/settings.json` (JSON with comments), `context_servers`,
        // custom servers as `{"source": "custom", "command", "args", "env"}`.
        docs: "https://zed.dev/docs/ai/mcp",
        file: |_, root| Some(root.join(".zed").join("settings.json")),
        evidence: |env, root| {
            [
                env.config.as_ref().map(|c| c.join("zed")),
                home(env, "Library/Application Support/Zed"),
                Some(root.join(".zed")),
            ]
            .into_iter()
            .flatten()
            .collect()
        },
        format: Format::Json {
            container: "context_servers",
            entry: zed_entry,
        },
    },
    Client {
        name: "codex",
        title: "Codex CLI",
        scope: Scope::User,
        // `~/.codex/config.toml` (`$CODEX_HOME`), `[mcp_servers.<name>]` with `command`,
        // `args`. A project's `.codex/config.toml` is read only in a trusted project, so
        // the user's file is the one that always works.
        docs: "https://developers.openai.com/codex/mcp",
        file: |env, _| codex_home(env).map(|d| d.join("config.toml")),
        evidence: |env, _| codex_home(env).into_iter().collect(),
        format: Format::Toml,
    },
    Client {
        name: "gemini",
        title: "Gemini CLI",
        scope: Scope::Repo,
        // Project settings `.gemini/settings.json`, `mcpServers` with `command`, `args`.
        docs: "https://geminicli.com/docs/tools/mcp-server/",
        file: |_, root| Some(root.join(".gemini").join("settings.json")),
        evidence: |env, root| {
            [home(env, ".gemini"), Some(root.join(".gemini"))]
                .into_iter()
                .flatten()
                .collect()
        },
        format: Format::Json {
            container: "mcpServers",
            entry: stdio_entry,
        },
    },
];

fn claude_desktop_dir(env: &Env) -> Option<PathBuf> {
    match env.os {
        "macos" => home(env, "Library/Application Support/Claude"),
        "windows" => env.appdata.as_ref().map(|a| a.join("Claude")),
        _ => env.config.as_ref().map(|c| c.join("Claude")),
    }
}

fn codex_home(env: &Env) -> Option<PathBuf> {
    env.codex_home.clone().or_else(|| home(env, ".codex"))
}

pub const SERVER_NAME: &str = "codemap";

/// What `codemap setup` is asked to do.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The repository (absolute).
    pub root: PathBuf,
    /// The `codemap` binary the clients are to run (absolute).
    pub exe: PathBuf,
    /// Named clients; empty: the detected ones (or, with `all`, every one).
    pub clients: Vec<String>,
    pub all: bool,
    /// Show what would be written; write nothing.
    pub print: bool,
    pub remove: bool,
    /// Add (or with `remove`, take out) the marked section of the agent instructions.
    pub instructions: bool,
    /// Add (or take out) Claude Code's PreToolUse hook.
    pub hook: bool,
}

/// What happened to one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Created,
    Updated,
    Unchanged,
    Removed,
    Deleted,
    Absent,
    Skipped(String),
    Refused(String),
}

/// One line of the report: who, which file, what happened.
#[derive(Debug, Clone)]
pub struct Line {
    pub what: String,
    pub file: Option<PathBuf>,
    pub outcome: Outcome,
    /// With `--print`: the file's diff.
    pub diff: Option<String>,
}

/// The server entry every client gets: this binary serving this repository.
pub fn server(opts: &Options) -> Server {
    Server {
        command: opts.exe.display().to_string(),
        args: vec![
            "serve".into(),
            "--root".into(),
            opts.root.display().to_string(),
        ],
    }
}

/// The hook's command line, quoted for a shell.
fn hook_command(opts: &Options) -> String {
    format!(
        "{} --root {} hook grep",
        shell_quote(&opts.exe.display().to_string()),
        shell_quote(&opts.root.display().to_string())
    )
}

fn shell_quote(s: &str) -> String {
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-+:@".contains(c))
    {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

/// Claude Code's hook entry in `.claude/settings.json`: PreToolUse on Grep and Bash.
/// <https://code.claude.com/docs/en/hooks#configuration>
pub fn hook_entry(opts: &Options) -> Entry {
    Entry {
        path: vec!["hooks".into(), "PreToolUse".into()],
        slot: Slot::Item(" hook grep".into()),
        value: J::Obj(vec![
            ("matcher".into(), J::Str("Grep|Bash".into())),
            (
                "hooks".into(),
                J::Arr(vec![J::Obj(vec![
                    ("type".into(), J::Str("command".into())),
                    ("command".into(), J::Str(hook_command(opts))),
                ])]),
            ),
        ]),
    }
}

/// The section `--instructions` writes into the agent instructions file.
pub fn instructions_block() -> String {
    format!(
        "{}\n## Code navigation: codemap\n\n\
This repository has a codemap MCP server (`codemap serve`): a symbol map kept fresh and live \
language servers. Prefer it to grep/find for questions about code structure:\n\n\
- where a name is defined: `map_search` (then `resolve` or `nav_definition` on its nodeId);\n\
- who calls or uses it, what implements it: `nav_references`, `map_neighbors`, `nav_implementations`;\n\
- what a change affects: `map_changes`; whether an edit compiles: `nav_check_edit`;\n\
- the layout of an unfamiliar area: `map_overview`, `nav_outline`.\n\n\
Keep text search for text: log and error messages, TODOs, configuration values, prose.\n{}\n",
        block::BEGIN,
        block::END
    )
}

/// The instructions files: `AGENTS.md` and `CLAUDE.md` that exist; `AGENTS.md` when
/// neither does.
fn instruction_files(root: &Path) -> Vec<PathBuf> {
    let existing: Vec<PathBuf> = ["AGENTS.md", "CLAUDE.md"]
        .iter()
        .map(|n| root.join(n))
        .filter(|p| p.is_file())
        .collect();
    if existing.is_empty() {
        vec![root.join("AGENTS.md")]
    } else {
        existing
    }
}

/// A file's text, `None` when it does not exist; an error for one that cannot be read or
/// is not UTF-8.
fn read(path: &Path) -> Result<Option<String>, String> {
    match std::fs::read(path) {
        Ok(bytes) => String::from_utf8(bytes)
            .map(Some)
            .map_err(|_| "not UTF-8 text; left alone".to_string()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("cannot read it: {e}")),
    }
}

/// How one entry is kept in a file: put in, looked for, taken out (`Ok(None)`: the file is
/// deleted, it held only what a setup of a missing file writes).
trait Keeper {
    fn upsert(&self, text: Option<&str>) -> Result<String, String>;
    fn holds(&self, text: &str) -> bool;
    fn remove(&self, text: &str) -> Result<Option<String>, String>;
}

struct JsonKeeper(Entry);

fn unparsable(e: jsonc::ParseError) -> String {
    format!("cannot parse it at {e}; left alone")
}

impl Keeper for JsonKeeper {
    fn upsert(&self, text: Option<&str>) -> Result<String, String> {
        jsonc::upsert(text.unwrap_or(jsonc::FRESH), &self.0).map_err(unparsable)
    }
    fn holds(&self, text: &str) -> bool {
        jsonc::has(text, &self.0).unwrap_or(false)
    }
    fn remove(&self, text: &str) -> Result<Option<String>, String> {
        jsonc::remove(text, &self.0).map_err(unparsable)
    }
}

struct TomlKeeper(String);

const TOML_TABLE: [&str; 2] = ["mcp_servers", SERVER_NAME];

impl Keeper for TomlKeeper {
    fn upsert(&self, text: Option<&str>) -> Result<String, String> {
        let t = text.unwrap_or("");
        let span = block::toml_table(t, &TOML_TABLE).map_err(unparsable)?;
        Ok(block::upsert(t, span, &self.0))
    }
    fn holds(&self, text: &str) -> bool {
        matches!(block::toml_table(text, &TOML_TABLE), Ok(Some(_)))
    }
    fn remove(&self, text: &str) -> Result<Option<String>, String> {
        let span = block::toml_table(text, &TOML_TABLE).map_err(unparsable)?;
        Ok(block::remove(text, span, &self.0))
    }
}

struct SectionKeeper(String);

impl Keeper for SectionKeeper {
    fn upsert(&self, text: Option<&str>) -> Result<String, String> {
        let t = text.unwrap_or("");
        Ok(block::upsert(t, block::section(t), &self.0))
    }
    fn holds(&self, text: &str) -> bool {
        block::section(text).is_some()
    }
    fn remove(&self, text: &str) -> Result<Option<String>, String> {
        Ok(block::remove(text, block::section(text), &self.0))
    }
}

/// The new text of a file (`None`: delete it), given its text and its backup's.
fn edit(
    k: &dyn Keeper,
    remove: bool,
    text: Option<&str>,
    backup: Option<&str>,
) -> Result<Option<String>, String> {
    match (text, remove) {
        (None, true) => Ok(None),
        (text, false) => k.upsert(text).map(Some),
        (Some(t), true) => Ok(restore_backup(k, t, k.remove(t)?, backup)),
    }
}

/// Where the text alone cannot tell what was there (a file holding `{}` is set up as a
/// missing one is; a last line with or without its line break gets the same block after
/// it), the backup can: its text, when it is free of codemap's entry and its setup gives
/// the current text, is what the removal gives back.
fn restore_backup(
    k: &dyn Keeper,
    text: &str,
    removed: Option<String>,
    backup: Option<&str>,
) -> Option<String> {
    match backup {
        Some(b) if !k.holds(b) && k.upsert(Some(b)).as_deref() == Ok(text) => Some(b.to_string()),
        _ => removed,
    }
}

fn toml_table_text(s: &Server) -> String {
    let args: Vec<String> = s.args.iter().map(|a| block::toml_str(a)).collect();
    format!(
        "[mcp_servers.{SERVER_NAME}]\ncommand = {}\nargs = [{}]\n",
        block::toml_str(&s.command),
        args.join(", ")
    )
}

/// The keeper of a client's entry.
fn keeper(c: &Client, server: &Server) -> Box<dyn Keeper> {
    match c.format {
        Format::Json { container, entry } => Box::new(JsonKeeper(Entry {
            path: vec![container.into()],
            slot: Slot::Key(SERVER_NAME.into()),
            value: entry(server),
        })),
        Format::Toml => Box::new(TomlKeeper(toml_table_text(server))),
    }
}

fn backup_of(path: &Path) -> PathBuf {
    let mut p = path.as_os_str().to_owned();
    p.push(".codemap-bak");
    PathBuf::from(p)
}

/// Apply one edit to one file: read, compute, (print or) back up and write atomically.
fn apply(what: String, path: PathBuf, k: &dyn Keeper, remove: bool, print: bool) -> Line {
    let line = |outcome, diff| Line {
        what: what.clone(),
        file: Some(path.clone()),
        outcome,
        diff,
    };
    // Resolved once: read, backed up and written where the bytes are.
    let real = resolved(&path);
    let before = match read(&real) {
        Ok(t) => t,
        Err(e) => return line(Outcome::Refused(e), None),
    };
    let backup = read(&backup_of(&real)).ok().flatten();
    let after = match edit(k, remove, before.as_deref(), backup.as_deref()) {
        Ok(a) => a,
        Err(e) => return line(Outcome::Refused(e), None),
    };
    let outcome = match (&before, &after) {
        (None, None) => Outcome::Absent,
        (Some(b), Some(a)) if a == b => Outcome::Unchanged,
        (None, Some(_)) => Outcome::Created,
        (Some(_), None) => Outcome::Deleted,
        (Some(b), Some(a)) => {
            if a.len() < b.len() {
                Outcome::Removed
            } else {
                Outcome::Updated
            }
        }
    };
    let changed = !matches!(outcome, Outcome::Absent | Outcome::Unchanged);
    let diff = (print && changed).then(|| {
        similar::TextDiff::from_lines(
            before.as_deref().unwrap_or(""),
            after.as_deref().unwrap_or(""),
        )
        .unified_diff()
        .header(
            &format!("{} (before)", path.display()),
            &format!("{} (after)", path.display()),
        )
        .to_string()
    });
    if print || !changed {
        return line(outcome, diff);
    }
    match write(&real, before.as_deref(), after.as_deref()) {
        Ok(()) => line(outcome, None),
        Err(e) => line(Outcome::Refused(format!("cannot write it: {e}")), None),
    }
}

/// The file a write through `path` changes: its symlinks followed (a dangling one to the
/// path it names), so the link stays a link, and the backup is read and written beside the
/// file that changes.
fn resolved(path: &Path) -> PathBuf {
    let mut p = path.to_path_buf();
    // At most 40 hops, as the kernel allows.
    for _ in 0..40 {
        let Ok(t) = std::fs::read_link(&p) else {
            break;
        };
        p = match p.parent() {
            Some(dir) if t.is_relative() => dir.join(t),
            _ => t,
        };
    }
    p
}

/// Replace a file's text: a backup of what was there (`<file>.codemap-bak`), then
/// [`crate::paths::write_atomic`]; `after: None` deletes it. `path` is the file itself
/// ([`resolved`]). The file is read again first: one changed since it was read is left
/// alone.
fn write(path: &Path, before: Option<&str>, after: Option<&str>) -> std::io::Result<()> {
    let now = match std::fs::read(path) {
        Ok(b) => Some(b),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    if now.as_deref() != before.map(str::as_bytes) {
        return Err(std::io::Error::other(
            "it changed while codemap was editing it; run setup again",
        ));
    }
    if before.is_some() {
        std::fs::copy(path, backup_of(path))?;
    }
    let Some(after) = after else {
        return std::fs::remove_file(path);
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    crate::paths::write_atomic(path, after.as_bytes())
}

/// `codemap setup`: each client's line, then the instructions' and the hook's.
pub fn run(opts: &Options, env: &Env) -> Vec<Line> {
    let mut lines = Vec::new();
    let server = server(opts);
    let unknown: Vec<&String> = opts
        .clients
        .iter()
        .filter(|n| !CLIENTS.iter().any(|c| c.name == n.as_str()))
        .collect();
    for n in unknown {
        lines.push(Line {
            what: n.clone(),
            file: None,
            outcome: Outcome::Refused(format!(
                "no such client; the clients are {}",
                CLIENTS
                    .iter()
                    .map(|c| c.name)
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            diff: None,
        });
    }
    // Only the section and the hook were asked for: no client is touched.
    let only_extras = opts.clients.is_empty() && !opts.all && (opts.instructions || opts.hook);
    for c in CLIENTS {
        if only_extras {
            break;
        }
        let named = opts.clients.iter().any(|n| n == c.name);
        if !opts.clients.is_empty() && !named {
            continue;
        }
        let Some(path) = (c.file)(env, &opts.root) else {
            lines.push(Line {
                what: c.name.into(),
                file: None,
                outcome: Outcome::Skipped("no home directory (HOME) to find its file in".into()),
                diff: None,
            });
            continue;
        };
        if !named && !opts.all {
            if opts.remove {
                // Removal without names: wherever codemap's entry is.
                let holds = read(&path)
                    .ok()
                    .flatten()
                    .is_some_and(|t| keeper(c, &server).holds(&t));
                if !holds {
                    continue;
                }
            } else {
                let evidence = (c.evidence)(env, &opts.root);
                if !evidence.iter().any(|p| p.exists()) {
                    let looked: Vec<String> =
                        evidence.iter().map(|p| p.display().to_string()).collect();
                    lines.push(Line {
                        what: c.name.into(),
                        file: Some(path),
                        outcome: Outcome::Skipped(format!(
                            "not detected (none of {} exists); name it to set it up anyway",
                            looked.join(", ")
                        )),
                        diff: None,
                    });
                    continue;
                }
            }
        }
        let k = keeper(c, &server);
        lines.push(apply(
            c.name.into(),
            path,
            k.as_ref(),
            opts.remove,
            opts.print,
        ));
    }
    if opts.instructions || (opts.remove && opts.clients.is_empty()) {
        let files = if opts.remove {
            ["AGENTS.md", "CLAUDE.md"]
                .iter()
                .map(|n| opts.root.join(n))
                .collect()
        } else {
            instruction_files(&opts.root)
        };
        for f in files {
            let k = SectionKeeper(instructions_block());
            let l = apply("instructions".into(), f, &k, opts.remove, opts.print);
            if !(opts.remove && l.outcome == Outcome::Absent) {
                lines.push(l);
            }
        }
    }
    if opts.hook || (opts.remove && opts.clients.is_empty()) {
        let path = opts.root.join(".claude").join("settings.json");
        let k = JsonKeeper(hook_entry(opts));
        let l = apply("claude-code hook".into(), path, &k, opts.remove, opts.print);
        if !(opts.remove && l.outcome == Outcome::Absent) {
            lines.push(l);
        }
    }
    lines
}

/// The report as text, and the exit code (1 when a file was refused).
pub fn report(lines: &[Line], opts: &Options) -> (String, i32) {
    let mut out = String::new();
    let mut code = 0;
    for l in lines {
        let file = l
            .file
            .as_ref()
            .map(|f| {
                f.strip_prefix(&opts.root)
                    .map(|r| r.display().to_string())
                    .unwrap_or_else(|_| f.display().to_string())
            })
            .unwrap_or_default();
        let would = if opts.print { "would be " } else { "" };
        let said = match &l.outcome {
            Outcome::Created => format!("{would}created"),
            Outcome::Updated => format!("{would}updated"),
            Outcome::Removed => format!("entry {would}removed"),
            Outcome::Deleted => format!("{would}deleted (codemap had created it)"),
            Outcome::Unchanged => "unchanged (already set up)".into(),
            Outcome::Absent => "nothing to remove".into(),
            Outcome::Skipped(why) => format!("skipped: {why}"),
            Outcome::Refused(why) => {
                code = 1;
                format!("refused: {why}")
            }
        };
        let user = CLIENTS
            .iter()
            .find(|c| c.name == l.what && c.scope == Scope::User)
            .is_some_and(|_| matches!(l.outcome, Outcome::Created | Outcome::Updated));
        out.push_str(&format!("{:<17} {file}: {said}", l.what));
        if user {
            out.push_str(
                " (per user: serves this repository in every session until set up from another)",
            );
        }
        out.push('\n');
        if let Some(d) = &l.diff {
            out.push_str(d);
        }
    }
    if lines.is_empty() {
        out.push_str("nothing to do\n");
    }
    (out, code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_client_cites_its_documentation() {
        for c in CLIENTS {
            assert!(c.docs.starts_with("https://"), "{}", c.name);
        }
    }

    #[test]
    fn an_empty_object_file_that_was_there_is_kept() {
        let k = JsonKeeper(Entry {
            path: vec!["mcpServers".into()],
            slot: Slot::Key(SERVER_NAME.into()),
            value: J::Obj(vec![("command".into(), J::Str("/bin/codemap".into()))]),
        });
        let set = edit(&k, false, Some("{}\n"), None)
            .expect("setup")
            .expect("text");
        // No backup: codemap created it, so it goes.
        assert_eq!(edit(&k, true, Some(&set), None), Ok(None));
        // The backup shows it was there: it stays, as it was.
        assert_eq!(
            edit(&k, true, Some(&set), Some("{}\n")),
            Ok(Some("{}\n".into()))
        );
        // A backup that holds the entry (written when a removal deleted the file) is not it.
        assert_eq!(edit(&k, true, Some(&set), Some(&set)), Ok(None));
        // A last line without its line break.
        let s = SectionKeeper(instructions_block());
        let set = edit(&s, false, Some("# A"), None)
            .expect("setup")
            .expect("text");
        assert_eq!(edit(&s, true, Some(&set), None), Ok(Some("# A\n".into())));
        assert_eq!(
            edit(&s, true, Some(&set), Some("# A")),
            Ok(Some("# A".into()))
        );
    }

    #[test]
    fn shell_quoting() {
        assert_eq!(shell_quote("/usr/bin/codemap"), "/usr/bin/codemap");
        assert_eq!(shell_quote("/a b/it's"), "'/a b/it'\\''s'");
    }
}
