//! The command line: clap definitions, turning flags into a tool's JSON arguments, and the
//! human-readable rendering of each answer. `--json` prints the envelope exactly as MCP returns it.

use crate::tools::{self, Tool, Workspace};
use answer::envelope::Envelope;
use clap::{Args, FromArgMatches};
use indexer::index::Progress;
use serde_json::{json, Map, Value};
use std::io::IsTerminal;
use std::path::PathBuf;

// Output to stdout that a closed pipe (`codemap search x | head`) does not turn into a panic.
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stdout().lock(), $($t)*);
    }};
}
macro_rules! outln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($t)*);
    }};
}

/// The parsed command line: the global flags and what to do.
#[derive(Debug)]
pub struct Cli {
    pub global: Global,
    pub command: Command,
}

#[derive(Debug, Args)]
pub struct Global {
    /// The workspace root.
    #[arg(long, global = true, default_value = ".")]
    pub root: PathBuf,
    /// The map file (default: <root>/.codemap/map.db).
    #[arg(long, global = true)]
    pub db: Option<PathBuf>,
    /// Print the answer envelope as JSON (exactly what MCP returns).
    #[arg(long, global = true)]
    pub json: bool,
    /// Token budget for the answer (100..10000; default 2000 with --json and over MCP, none for plain text)
    #[arg(long, global = true)]
    pub token_budget: Option<u32>,
    /// Answers in the full shape (file, name, qualname, full ranges, anchors not grouped by
    /// file) rather than the compact one; with --json, and for `serve`.
    #[arg(long, global = true)]
    pub detail: bool,
    /// Do not start language servers: live answers come from a parse of the file on disk.
    #[arg(long, global = true)]
    pub no_lsp: bool,
    /// The server command for a language, e.g. `--lsp "go=gopls -rpc.trace"`; repeatable.
    /// (Default: each language's server, the first of its registry's candidates found on
    /// PATH; `codemap status` names the one running.)
    #[arg(long = "lsp", global = true, value_name = "LANG=CMD")]
    pub lsp: Vec<String>,
    /// Per-request timeout for language servers, in milliseconds (default 15000; references,
    /// workspace symbols and call hierarchy get twice as long).
    #[arg(long, global = true)]
    pub lsp_timeout_ms: Option<u64>,
    /// Stop a language server after this many seconds without a request (default 600).
    #[arg(long, global = true, value_name = "SECONDS")]
    pub lsp_idle: Option<f64>,
    /// Answer in this process, without the workspace's engine (also CODEMAP_NO_DAEMON=1).
    #[arg(long, global = true)]
    pub no_daemon: bool,
}

/// What the command line asks for.
#[derive(Debug)]
pub enum Command {
    /// A tool with its JSON arguments. `index` is `map_rebuild`, with the workspace's options.
    Tool {
        tool: &'static Tool,
        args: Map<String, Value>,
        index: Option<IndexArgs>,
        /// `rename --output FILE`: write the whole patch there.
        output: Option<PathBuf>,
    },
    /// Serve every tool over MCP (stdio).
    Serve,
    /// Keep the map fresh until interrupted.
    Watch,
    /// `engine run|status|stop`: the workspace's engine.
    Engine(EngineCommand),
    /// `setup`: register `codemap serve` with agent clients (the root and this binary are
    /// filled in when it runs).
    Setup(crate::setup::Options),
    /// `hook grep`: Claude Code's PreToolUse hook (JSON on standard input).
    HookGrep { deny: bool },
    /// `export scip`: write the map as a SCIP index.
    ExportScip {
        output: PathBuf,
        encoding: indexer::encoding::Encoding,
        arguments: Vec<String>,
    },
    /// `view`: write the map's overview as an interactive page (or its graph model as JSON).
    View {
        output: PathBuf,
        json_model: bool,
        params: answer::query::ViewParams,
    },
}

/// What `codemap engine` does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EngineCommand {
    /// Be the engine (what a client starts, detached).
    Run,
    /// Show the running engine, if any.
    Status,
    /// Stop the running engine.
    Stop,
}

/// `codemap index`'s workspace options (not arguments of `map_rebuild`).
#[derive(Debug, Default)]
pub struct IndexArgs {
    pub dir: Option<PathBuf>,
    pub exclude: Vec<String>,
    pub max_file_size: Option<u64>,
    pub parse_bound: Option<std::time::Duration>,
}

/// The `codemap` command: the global flags, one subcommand per declared tool (its flags from
/// the tool's schema, see [`tools::CliSpec`]), `serve` and `watch`.
pub fn command() -> clap::Command {
    let mut cmd = clap::Command::new("codemap")
        .version(env!("CARGO_PKG_VERSION"))
        .about("An IDE's sense of a repository, for coding agents: a symbol map and live language servers")
        .subcommand_required(true)
        .arg_required_else_help(true);
    cmd = Global::augment_args(cmd);
    for t in tools::TOOLS {
        let mut sub = tool_command(t);
        if t.name == "map_rebuild" {
            sub = sub
                .arg(
                    clap::Arg::new("dir")
                        .index(1)
                        .value_parser(clap::value_parser!(PathBuf))
                        .help("The workspace to index (overrides --root)."),
                )
                .arg(
                    clap::Arg::new("exclude")
                        .long("exclude")
                        .action(clap::ArgAction::Append)
                        .help("Leave out paths matching this glob (gitignore syntax); repeatable."),
                )
                .arg(
                    clap::Arg::new("max-file-size")
                        .long("max-file-size")
                        .value_parser(clap::value_parser!(u64))
                        .help("Skip files larger than this many bytes (default 4 MiB)."),
                )
                .arg(
                    clap::Arg::new("parse-bound")
                        .long("parse-bound")
                        .value_name("MS")
                        .value_parser(clap::value_parser!(u64).range(1..))
                        .help("Leave out a file whose parse takes longer than this many milliseconds (default 10000), with the reason in `status`."),
                );
        }
        if t.name == "nav_check_edit" {
            sub = sub.arg(
                clap::Arg::new("new-text-file")
                    .long("new-text-file")
                    .value_name("F")
                    .value_parser(clap::value_parser!(PathBuf))
                    .help("The file's whole new text, read from F (- reads standard input)"),
            );
        }
        if t.name == "nav_rename" {
            sub = sub.arg(
                clap::Arg::new("output")
                    .long("output")
                    .short('o')
                    .value_parser(clap::value_parser!(PathBuf))
                    .help("Write the whole patch (every file's diff) to this file; the sources are never touched. Apply it with `git apply`."),
            );
        }
        cmd = cmd.subcommand(sub);
    }
    cmd.subcommand(clap::Command::new("serve").about(
        "Serve every tool over MCP (stdio) for agents; builds the map if missing and watches files.",
    ))
    .subcommand(clap::Command::new("watch").about(
        "Keep the map fresh: re-index in the background as files change (until interrupted).",
    ))
    .subcommand(
        clap::Command::new("setup")
            .about("Register `codemap serve` with your agent clients (Claude Code, Claude Desktop, Cursor, VS Code, Windsurf, Zed, Codex CLI, Gemini CLI): per repository where the client reads a project file, else per user. Edits each file in place (comments and formatting kept, a .codemap-bak copy first); --remove gives back the original bytes.")
            .arg(
                clap::Arg::new("clients")
                    .value_name("CLIENT")
                    .num_args(0..)
                    .value_parser(crate::setup::CLIENTS.iter().map(|c| c.name).collect::<Vec<_>>())
                    .help("The clients to set up (default: those detected on this machine)."),
            )
            .arg(clap::Arg::new("all").long("all").action(clap::ArgAction::SetTrue).help("Every client, detected or not."))
            .arg(clap::Arg::new("print").long("print").action(clap::ArgAction::SetTrue).help("Show what would be written (a diff per file); write nothing."))
            .arg(clap::Arg::new("remove").long("remove").action(clap::ArgAction::SetTrue).help("Take codemap's entries out again (without CLIENT: wherever they are, with the instructions section and the hook)."))
            .arg(clap::Arg::new("instructions").long("instructions").action(clap::ArgAction::SetTrue).help("Also add a marked codemap section to AGENTS.md / CLAUDE.md: when to prefer codemap over grep."))
            .arg(clap::Arg::new("hook").long("hook").action(clap::ArgAction::SetTrue).help("Also add a Claude Code PreToolUse hook (.claude/settings.json) that points a grep for a symbol's name at map_search.")),
    )
    .subcommand(
        clap::Command::new("hook")
            .about("Hooks for agent clients.")
            .subcommand_required(true)
            .arg_required_else_help(true)
            .subcommand(
                clap::Command::new("grep")
                    .about("Claude Code PreToolUse hook: reads the hook's JSON on stdin; for a Grep (or grep/rg in Bash) of a name the map holds, answers with the map's definitions and map_search; else passes.")
                    .arg(clap::Arg::new("deny").long("deny").action(clap::ArgAction::SetTrue).help("Deny such a search (the reason points at map_search) instead of adding context to it.")),
            ),
    )
    .subcommand(
        clap::Command::new("engine")
            .about("The workspace's engine: the process that keeps its language servers warm for every command (started by the first, stopped when idle).")
            .subcommand_required(true)
            .arg_required_else_help(true)
            .subcommand(clap::Command::new("status").about("Show the engine serving this workspace, if one runs: pid, uptime, clients, servers."))
            .subcommand(clap::Command::new("stop").about("Stop the engine serving this workspace (calls under way are answered first)."))
            .subcommand(clap::Command::new("run").hide(true).about("Be the engine (started by clients, detached).")),
    )
    .subcommand(
        clap::Command::new("export")
            .about("Write the map in a format other tools read.")
            .subcommand_required(true)
            .arg_required_else_help(true)
            .subcommand(
                clap::Command::new("scip")
                    .about("Write the map as a SCIP index (scip.proto), for Sourcegraph and other engines that take SCIP uploads (the map is built first if there is none; no language server is needed).")
                    .arg(
                        clap::Arg::new("output")
                            .long("output")
                            .short('o')
                            .value_name("FILE")
                            .value_parser(clap::value_parser!(PathBuf))
                            .default_value("index.scip")
                            .help("Where to write the index (replaced whole when done)."),
                    )
                    .arg(
                        clap::Arg::new("encoding")
                            .long("encoding")
                            .value_name("ENCODING")
                            .value_parser(indexer::encoding::Encoding::ALL.map(|e| e.label()))
                            .default_value("utf-8")
                            .help("How the index counts columns (each document declares it)."),
                    ),
            ),
    )
    .subcommand(
        clap::Command::new("view")
            .about("Write the map's overview as one self-contained interactive page: clusters with their hubs, the edges between clusters; click a hub for its callers and callees and their locations; search. No request leaves the page (the map is built first if there is none).")
            .arg(
                clap::Arg::new("output")
                    .long("output")
                    .short('o')
                    .value_name("FILE")
                    .value_parser(clap::value_parser!(PathBuf))
                    .default_value("codemap-view.html")
                    .help("Where to write the page (replaced whole when done)."),
            )
            .arg(
                clap::Arg::new("format")
                    .long("format")
                    .value_parser(["html", "json"])
                    .default_value("html")
                    .help("html: the page; json: the graph model it draws."),
            )
            .arg(
                clap::Arg::new("focus")
                    .long("focus")
                    .value_name("DIR")
                    .help("Only this directory."),
            )
            .arg(
                clap::Arg::new("clusters")
                    .long("clusters")
                    .value_name("N")
                    .value_parser(clap::value_parser!(u32))
                    .help("The biggest N clusters drawn (1..200, default 40; the rest is counted)."),
            )
            .arg(
                clap::Arg::new("hubs")
                    .long("hubs")
                    .value_name("N")
                    .value_parser(clap::value_parser!(u32))
                    .help("Hubs drawn per cluster (1..20, default 5)."),
            )
            .arg(
                clap::Arg::new("neighbors")
                    .long("neighbors")
                    .value_name("N")
                    .value_parser(clap::value_parser!(u32))
                    .help("Callers and callees listed per hub, each (1..500, default 30)."),
            ),
    )
}

/// A tool's arguments as (name, schema, required), in the schema's order.
fn tool_props(t: &Tool) -> Vec<(String, Value, bool)> {
    let schema = (t.schema)();
    let required: Vec<&str> = schema["required"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    schema["properties"]
        .as_object()
        .map(|o| {
            o.iter()
                .filter(|(k, _)| *k != "tokenBudget")
                .map(|(k, v)| (k.clone(), v.clone(), required.contains(&k.as_str())))
                .collect()
        })
        .unwrap_or_default()
}

/// How an argument is shown in usage lines: `fileFilter` → `FILE_FILTER`.
fn value_name(name: &str) -> String {
    kebab(name).to_uppercase().replace('-', "_")
}

/// `fileFilter` → `file-filter`.
fn kebab(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            out.push('-');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

fn help_of(schema: &Value) -> String {
    let mut h = schema["description"].as_str().unwrap_or("").to_string();
    let values = schema["enum"]
        .as_array()
        .or(schema["items"]["enum"].as_array());
    if let Some(vs) = values {
        let vs: Vec<&str> = vs.iter().filter_map(Value::as_str).collect();
        h.push_str(&format!(" [{}]", vs.join(", ")));
    }
    if schema["type"] == "array" {
        h.push_str(" (repeatable)");
    }
    h
}

const TARGET_HELP: &str =
    "A locate string ('src/x.py:Cls.m@<|>name') or a node ID ('py:src/x.py#Cls.m').";

fn tool_command(t: &Tool) -> clap::Command {
    let props = tool_props(t);
    let mut c = clap::Command::new(t.cli.command).about(t.cli.about);
    for (i, name) in t.cli.positional.iter().enumerate() {
        let (schema, required) = props
            .iter()
            .find(|(k, _, _)| k == name)
            .map(|(_, s, r)| (s.clone(), *r))
            .unwrap_or((Value::Null, false));
        let help = if *name == "target" {
            TARGET_HELP.to_string()
        } else {
            help_of(&schema)
        };
        let mut a = clap::Arg::new(*name)
            .index(i + 1)
            .required(required)
            .value_name(value_name(name))
            .help(help);
        if schema["type"] == "array" {
            a = a.num_args(1..).action(clap::ArgAction::Append);
        }
        c = c.arg(a);
    }
    for (name, schema, required) in &props {
        if t.cli.positional.contains(&name.as_str()) {
            continue;
        }
        let flag = t
            .cli
            .renamed
            .iter()
            .find(|(p, _)| p == name)
            .map_or_else(|| kebab(name), |(_, f)| f.to_string());
        let mut a = clap::Arg::new(name.clone())
            .value_name(value_name(name))
            .long(flag)
            .required(*required)
            .help(help_of(schema));
        a = match schema["type"].as_str() {
            Some("integer") => a.value_parser(clap::value_parser!(u64)),
            Some("boolean") => a.action(clap::ArgAction::SetTrue),
            Some("array") => a.action(clap::ArgAction::Append),
            _ => a,
        };
        // Flags whose command-line form is not their JSON one (see `check_edit_args`).
        a = match (t.name, name.as_str()) {
            ("nav_diagnostics", "changed") => a
                .num_args(0..=1)
                .default_missing_value("HEAD")
                .value_name("REF"),
            ("nav_check_edit", "edits") => a
                .value_name("L:C-L:C=TEXT")
                .value_parser(parse_edit_flag)
                .help("Replace a range (1-based line:col, end exclusive) with TEXT; repeatable"),
            ("nav_check_edit", "diff") => a
                .value_name("PATCH")
                .help("A unified diff file (one file or several; - reads standard input)"),
            _ => a,
        };
        c = c.arg(a);
    }
    c
}

/// The JSON arguments of a tool from its subcommand's matches.
fn tool_args(t: &Tool, m: &clap::ArgMatches) -> Map<String, Value> {
    let mut args = Map::new();
    for (name, schema, _) in tool_props(t) {
        let v = match schema["type"].as_str() {
            Some("integer") => json!(m.get_one::<u64>(&name)),
            Some("boolean") => json!(m.get_flag(&name).then_some(true)),
            Some("array") => json!(m
                .get_many::<String>(&name)
                .map(|v| v.cloned().collect::<Vec<_>>())),
            _ => json!(m.get_one::<String>(&name)),
        };
        put(&mut args, &name, v);
    }
    if t.cli.positional.contains(&"target") {
        if let Some(target) = m.get_one::<String>("target") {
            // A node ID starts with its language's prefix (`py:`), which no locate string's
            // file does; a file node has no `#`. A library's starts with `lib:` (and holds
            // its version's `@`).
            let is_id = target.starts_with("lib:")
                || (indexer::Lang::of_id(target).is_some()
                    && (target.contains('#') || !target.contains('@')));
            put(
                &mut args,
                if is_id { "nodeId" } else { "locate" },
                json!(target),
            );
        }
    }
    args
}

/// `--edit L:C-L:C=TEXT` → `{line, col, endLine, endCol, text}` (`\n` in TEXT is a line
/// break).
fn parse_edit_flag(s: &str) -> Result<String, String> {
    let bad = || {
        format!("{s:?} is not L:C-L:C=TEXT (1-based line:col, end exclusive), e.g. 3:5-3:9=name")
    };
    let (range, text) = s.split_once('=').ok_or_else(bad)?;
    let (from, to) = range.split_once('-').ok_or_else(bad)?;
    let pos = |p: &str| -> Result<(u32, u32), String> {
        let (l, c) = p.split_once(':').ok_or_else(bad)?;
        Ok((
            l.trim().parse().map_err(|_| bad())?,
            c.trim().parse().map_err(|_| bad())?,
        ))
    };
    let ((line, col), (end_line, end_col)) = (pos(from)?, pos(to)?);
    Ok(
        json!({"line": line, "col": col, "endLine": end_line, "endCol": end_col,
              "text": text.replace("\\n", "\n")})
        .to_string(),
    )
}

/// A file's text for a flag (`-`: standard input), read by the command's own process.
fn read_flag_file(p: &std::path::Path) -> Result<String, String> {
    use std::io::Read;
    let mut s = String::new();
    if p == std::path::Path::new("-") {
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| format!("standard input: {e}"))?;
        return Ok(s);
    }
    std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display()))
}

/// `check-edit`'s flags as `nav_check_edit`'s arguments: each `--edit` as its object,
/// `--diff PATCH` and `--new-text-file F` read into `diff` and `newText`.
fn check_edit_args(m: &clap::ArgMatches, args: &mut Map<String, Value>) -> Result<(), String> {
    if let Some(Value::Array(es)) = args.get_mut("edits") {
        for e in es.iter_mut() {
            if let Some(parsed) = e.as_str().and_then(|s| serde_json::from_str(s).ok()) {
                *e = parsed;
            }
        }
    }
    if let Some(Value::String(path)) = args.get("diff") {
        let text = read_flag_file(std::path::Path::new(path))?;
        args.insert("diff".into(), json!(text));
    }
    if let Some(f) = m.get_one::<PathBuf>("new-text-file") {
        args.insert("newText".into(), json!(read_flag_file(f)?));
    }
    Ok(())
}

impl Cli {
    /// The command line of this process; a usage error exits with 2 (clap).
    pub fn parse() -> Cli {
        Cli::from_matches(&command().get_matches())
    }

    fn from_matches(m: &clap::ArgMatches) -> Cli {
        let global = Global::from_arg_matches(m).unwrap_or_else(|e| e.exit());
        let command = match m.subcommand() {
            Some(("serve", _)) | None => Command::Serve,
            Some(("watch", _)) => Command::Watch,
            Some(("engine", sub)) => Command::Engine(match sub.subcommand_name() {
                Some("run") => EngineCommand::Run,
                Some("stop") => EngineCommand::Stop,
                _ => EngineCommand::Status,
            }),
            Some(("setup", sub)) => Command::Setup(crate::setup::Options {
                clients: sub
                    .get_many::<String>("clients")
                    .map(|v| v.cloned().collect())
                    .unwrap_or_default(),
                all: sub.get_flag("all"),
                print: sub.get_flag("print"),
                remove: sub.get_flag("remove"),
                instructions: sub.get_flag("instructions"),
                hook: sub.get_flag("hook"),
                ..Default::default()
            }),
            Some(("hook", sub)) => Command::HookGrep {
                deny: sub
                    .subcommand_matches("grep")
                    .is_some_and(|g| g.get_flag("deny")),
            },
            Some(("export", sub)) => match sub.subcommand() {
                Some(("scip", scip)) => Command::ExportScip {
                    output: scip
                        .get_one::<PathBuf>("output")
                        .cloned()
                        .unwrap_or_else(|| PathBuf::from("index.scip")),
                    encoding: scip
                        .get_one::<String>("encoding")
                        .and_then(|e| indexer::encoding::Encoding::from_label(e))
                        .unwrap_or(indexer::encoding::Encoding::Utf8),
                    arguments: std::env::args().collect(),
                },
                _ => Command::Serve,
            },
            Some(("view", v)) => Command::View {
                output: v
                    .get_one::<PathBuf>("output")
                    .cloned()
                    .unwrap_or_else(|| PathBuf::from("codemap-view.html")),
                json_model: v.get_one::<String>("format").is_some_and(|f| f == "json"),
                params: answer::query::ViewParams {
                    focus: v.get_one::<String>("focus").cloned(),
                    clusters: v.get_one::<u32>("clusters").copied(),
                    hubs_per_cluster: v.get_one::<u32>("hubs").copied(),
                    neighbors: v.get_one::<u32>("neighbors").copied(),
                },
            },
            Some((name, sub)) => match tools::TOOLS.iter().find(|t| t.cli.command == name) {
                Some(tool) => Command::Tool {
                    tool,
                    args: {
                        let mut args = tool_args(tool, sub);
                        if tool.name == "nav_check_edit" {
                            if let Err(e) = check_edit_args(sub, &mut args) {
                                command()
                                    .error(clap::error::ErrorKind::ValueValidation, e)
                                    .exit();
                            }
                        }
                        args
                    },
                    index: (tool.name == "map_rebuild").then(|| IndexArgs {
                        dir: sub.get_one::<PathBuf>("dir").cloned(),
                        exclude: sub
                            .get_many::<String>("exclude")
                            .map(|v| v.cloned().collect())
                            .unwrap_or_default(),
                        max_file_size: sub.get_one::<u64>("max-file-size").copied(),
                        parse_bound: sub
                            .get_one::<u64>("parse-bound")
                            .map(|ms| std::time::Duration::from_millis(*ms)),
                    }),
                    output: (tool.name == "nav_rename")
                        .then(|| sub.get_one::<PathBuf>("output").cloned())
                        .flatten(),
                },
                None => Command::Serve,
            },
        };
        Cli { global, command }
    }
}

struct Bar(Option<indicatif::ProgressBar>);

impl Progress for Bar {
    fn start(&self, total: u64) {
        if let Some(b) = &self.0 {
            b.set_length(total);
        }
    }
    fn inc(&self, n: u64) {
        if let Some(b) = &self.0 {
            b.inc(n);
        }
    }
    fn finish(&self) {
        if let Some(b) = &self.0 {
            b.finish_and_clear();
        }
    }
}

fn bar(json: bool) -> Bar {
    if json || !std::io::stderr().is_terminal() {
        return Bar(None);
    }
    let b = indicatif::ProgressBar::new(0);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{spinner} indexing [{bar:30}] {pos}/{len} files {per_sec} eta {eta}",
    ) {
        b.set_style(style.progress_chars("=> "));
    }
    Bar(Some(b))
}

fn put(obj: &mut Map<String, Value>, key: &str, v: Value) {
    let empty = v.is_null() || v.as_array().is_some_and(Vec::is_empty);
    if !empty {
        obj.insert(key.to_string(), v);
    }
}

/// Run the command; returns the process exit code (0 ok, 1 tool error).
pub fn run(cli: Cli) -> i32 {
    let g = &cli.global;
    // The commands that need no workspace.
    match cli.command {
        Command::Engine(e) => return engine(g, e),
        Command::Setup(opts) => return setup(g, opts),
        Command::HookGrep { deny } => return hook_grep(g, deny),
        _ => {}
    }
    let root = match &cli.command {
        Command::Tool {
            index: Some(IndexArgs { dir: Some(d), .. }),
            ..
        } => d.clone(),
        _ => g.root.clone(),
    };
    let mut ws = match Workspace::new(&root, g.db.as_deref()) {
        Ok(ws) => ws,
        Err(e) => return emit(g.json, &Envelope::from_result(Err(e), g.token_budget), None),
    };
    ws.lsp = !g.no_lsp;
    // Plain text is rendered from the full shape; `serve` and --json answer compact unless
    // asked.
    ws.detail = g.detail || (!g.json && !matches!(cli.command, Command::Serve));
    if let Some(ms) = g.lsp_timeout_ms {
        ws.lsp_timeout = std::time::Duration::from_millis(ms.max(1));
    }
    if let Some(secs) = g.lsp_idle {
        ws.lsp_idle = std::time::Duration::from_secs_f64(secs.clamp(0.1, 1e7));
    }
    for spec in &g.lsp {
        let parsed = spec.split_once('=').and_then(|(l, c)| {
            let cmd: Vec<String> = c.split_whitespace().map(str::to_string).collect();
            indexer::Lang::from_prefix(l.trim())
                .filter(|_| !cmd.is_empty())
                .map(|l| (l, cmd))
        });
        match parsed {
            Some((l, cmd)) => {
                ws.lsp_commands.insert(l, cmd);
            }
            None => {
                let e = answer::envelope::ToolError::bad_args(format!(
                    "--lsp {spec:?} is not LANG=CMD"
                ))
                .hint("e.g. --lsp \"py=pyright-langserver --stdio\" or --lsp go=gopls");
                return emit(g.json, &Envelope::from_result(Err(e), g.token_budget), None);
            }
        }
    }
    let (tool, mut args) = match cli.command {
        Command::Serve => {
            let engine = engine_allowed(g, std::env::var_os("CODEMAP_NO_DAEMON").as_deref());
            return match crate::mcp::serve(ws, engine) {
                Ok(()) => 0,
                Err(e) => {
                    eprintln!("error: {e}");
                    1
                }
            };
        }
        Command::Watch => {
            let engine = engine_allowed(g, std::env::var_os("CODEMAP_NO_DAEMON").as_deref());
            return watch(ws, g.json, engine);
        }
        Command::Engine(_) | Command::Setup(_) | Command::HookGrep { .. } => {
            unreachable!("answered before the workspace is opened")
        }
        Command::ExportScip {
            output,
            encoding,
            arguments,
        } => return export_scip(&ws, output, encoding, arguments, g.json),
        Command::View {
            output,
            json_model,
            params,
        } => return view(&ws, output, json_model, &params, g.json),
        Command::Tool {
            tool,
            args,
            index,
            output,
        } => {
            if let Some(ix) = index {
                ws.exclude = ix.exclude;
                ws.max_file_size = ix.max_file_size;
                ws.parse_bound = ix.parse_bound;
            }
            if let Some(out) = output {
                let engine = engine_allowed(g, std::env::var_os("CODEMAP_NO_DAEMON").as_deref());
                return write_patch(ws, args, &out, (g.json, engine));
            }
            (tool, args)
        }
    };
    // A person at a terminal is not paying for tokens: plain text has no budget unless one
    // is asked for.
    ws.unbounded = !g.json && g.token_budget.is_none();
    put(&mut args, "tokenBudget", json!(g.token_budget));
    if uses_engine(g, tool, std::env::var_os("CODEMAP_NO_DAEMON").as_deref()) {
        if let Some(printed) = ask_engine(&ws, tool.name, &args, g.json) {
            return printed.write();
        }
    }
    let progress = bar(g.json);
    let (env, text) = tools::call_with_text(&ws, tool.name, &Value::Object(args), &progress);
    emit(g.json, &env, text)
}

/// A tool call answered by the workspace's engine (started if none runs), printed as `json`
/// or text with the workspace's `detail` and `unbounded`; `None`, said on standard error,
/// when the engine cannot answer (the caller answers in its own process).
fn ask_engine(
    ws: &Workspace,
    tool: &str,
    args: &Map<String, Value>,
    json: bool,
) -> Option<crate::print::Printed> {
    let call = crate::engine::protocol::Call {
        tool: tool.to_string(),
        args: Value::Object(args.clone()),
        json,
        detail: ws.detail,
        unbounded: ws.unbounded,
        session: false,
        env: indexer::lang::process_call_env(),
    };
    // The engine runs elsewhere: the map file by its absolute path.
    let db = std::path::absolute(&ws.db).unwrap_or_else(|_| ws.db.clone());
    match crate::engine::client::call(&ws.root, &db, call) {
        Ok(printed) => Some(printed),
        Err(why) => {
            eprintln!(
                "warning: engine: {why}; answered in this process (CODEMAP_NO_DAEMON=1 or --no-daemon does so without trying)"
            );
            None
        }
    }
}

/// Whether a tool call goes to the workspace's engine: unless told not to (`--no-daemon`,
/// `CODEMAP_NO_DAEMON`), for every tool but `map_rebuild` (a writer, run where it is asked
/// with its progress bar), when the command sets no server option of its own (the engine's
/// servers are shared, so they run the defaults: a command with `--no-lsp`, `--lsp`,
/// `--lsp-timeout-ms` or `--lsp-idle` answers in its own process).
fn uses_engine(g: &Global, tool: &Tool, no_daemon_env: Option<&std::ffi::OsStr>) -> bool {
    engine_allowed(g, no_daemon_env) && tool.name != "map_rebuild"
}

/// Whether a command may use the workspace's engine at all (`serve`: for every tool), given
/// `CODEMAP_NO_DAEMON`'s value.
fn engine_allowed(g: &Global, no_daemon_env: Option<&std::ffi::OsStr>) -> bool {
    let opted_out = g.no_daemon || no_daemon_env.is_some_and(|v| !v.is_empty() && v != "0");
    let own_servers =
        g.no_lsp || !g.lsp.is_empty() || g.lsp_timeout_ms.is_some() || g.lsp_idle.is_some();
    !opted_out && !own_servers
}

/// `codemap setup`: the root and this binary as absolute paths, the clients' files edited
/// (or shown), a line per file.
fn setup(g: &Global, mut opts: crate::setup::Options) -> i32 {
    let root = match std::fs::canonicalize(&g.root) {
        Ok(r) if r.is_dir() => r,
        Ok(r) => {
            eprintln!("error: --root {} is not a directory", r.display());
            return 1;
        }
        Err(e) => {
            eprintln!("error: --root {}: {e}", g.root.display());
            return 1;
        }
    };
    let exe = match std::env::current_exe().and_then(std::fs::canonicalize) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: cannot tell where this codemap binary is: {e}");
            return 1;
        }
    };
    opts.root = root;
    opts.exe = exe;
    let lines = crate::setup::run(&opts, &crate::setup::Env::from_process());
    let (text, code) = crate::setup::report(&lines, &opts);
    out!("{text}");
    code
}

/// `codemap hook grep`: the hook's JSON on standard input, its answer on standard output.
fn hook_grep(g: &Global, deny: bool) -> i32 {
    use std::io::Read as _;
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("codemap hook grep: cannot read standard input: {e}");
        return 1;
    }
    // `--root` when given (setup writes it); else the hook's `cwd`.
    let root = (g.root != std::path::Path::new(".")).then_some(g.root.as_path());
    let (stdout, stderr, code) = crate::setup::hook::run(root, g.db.as_deref(), &input, deny);
    out!("{stdout}");
    eprint!("{stderr}");
    code
}

/// `codemap engine run|status|stop`.
fn engine(g: &Global, what: EngineCommand) -> i32 {
    use crate::engine::{client, process, protocol};
    if what == EngineCommand::Run {
        return process::run(process::Options {
            root: g.root.clone(),
            db: g.db.clone(),
            idle: process::idle_from(std::env::var("CODEMAP_ENGINE_IDLE_SECS").ok().as_deref()),
        });
    }
    let ws = match Workspace::new(&g.root, g.db.as_deref()) {
        Ok(ws) => ws,
        Err(e) => return emit(g.json, &Envelope::from_result(Err(e), None), None),
    };
    let db = std::path::absolute(&ws.db).unwrap_or_else(|_| ws.db.clone());
    let conn = match client::running(&ws.root, &db) {
        Ok(c) => c,
        Err(why) => {
            eprintln!("error: engine: {why}");
            return 1;
        }
    };
    let Some(mut conn) = conn else {
        if g.json {
            outln!(
                "{}",
                json!({"running": false, "root": ws.root.display().to_string()})
            );
        } else {
            outln!("no engine serves {}", ws.root.display());
        }
        return 0;
    };
    let request = match what {
        EngineCommand::Stop => protocol::Request::Stop,
        _ => protocol::Request::Info,
    };
    match conn.ask(&request) {
        Ok(protocol::Reply::Info { engine }) => {
            if g.json {
                outln!("{engine}");
            } else {
                out!("{}", engine_text(&engine));
            }
            0
        }
        Ok(protocol::Reply::Stopping { pid }) => {
            // Calls under way are answered first; then its servers are shut down.
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
            while client::alive(pid) && std::time::Instant::now() < deadline {
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            if client::alive(pid) {
                eprintln!("error: the engine (pid {pid}) is still running after 30 s");
                return 1;
            }
            if g.json {
                outln!("{}", json!({"stopped": pid}));
            } else {
                outln!("stopped the engine (pid {pid}) of {}", ws.root.display());
            }
            0
        }
        Ok(other) => {
            eprintln!("error: the engine answered out of turn: {other:?}");
            1
        }
        Err(e) => {
            eprintln!("error: engine: {e}");
            1
        }
    }
}

/// `codemap engine status` as text: the engine's line, then its running servers.
fn engine_text(info: &Value) -> String {
    let e = &info["engine"];
    let mut out = format!(
        "engine of {}: pid {}{}, up {} s, {} clients connected, {} requests answered; stops after {} s idle\n  socket {}\n  log {}\n",
        info["root"].as_str().unwrap_or("?"),
        e["pid"],
        info["rssKb"]
            .as_u64()
            .map(|kb| format!(" ({} MB)", kb / 1024))
            .unwrap_or_default(),
        e["uptimeSeconds"],
        e["clients"],
        e["requests"],
        e["idleStopSeconds"],
        e["socket"].as_str().unwrap_or("?"),
        e["log"].as_str().unwrap_or("?"),
    );
    for s in info["servers"].as_array().into_iter().flatten() {
        out.push_str(&format!(
            "  server {}: {} (pid {}{})\n",
            s["lang"].as_str().unwrap_or("?"),
            s["state"].as_str().unwrap_or("?"),
            s["pid"],
            s["rssKb"]
                .as_u64()
                .map(|kb| format!(", {} MB", kb / 1024))
                .unwrap_or_default(),
        ));
    }
    out
}

/// `rename --output FILE`: the rename with every diff, the patch written to FILE (never to the
/// sources), the summary, the files and the warnings printed. Asked of the workspace's engine
/// like every tool (its servers are warm: a rename in a process of its own asked a clangd
/// that had not indexed yet, and wrote 1 edit of 12), else answered here.
fn write_patch(
    mut ws: Workspace,
    mut args: Map<String, Value>,
    out: &std::path::Path,
    (json_out, engine): (bool, bool),
) -> i32 {
    ws.unbounded = true;
    ws.detail = false;
    let mut env: Option<Value> = None;
    if engine {
        args.remove("tokenBudget");
        if let Some(printed) = ask_engine(&ws, "nav_rename", &args, true) {
            match serde_json::from_str::<Value>(&printed.stdout) {
                Ok(v) => env = Some(v),
                Err(e) => eprintln!(
                    "warning: engine: an answer that is no envelope ({e}); answered in this process"
                ),
            }
        }
    }
    let mut env = env.unwrap_or_else(|| {
        let mut w = Vec::new();
        let result =
            tools::params::<crate::nav::RenameParams>(&Value::Object(args)).and_then(|p| {
                let preview = crate::nav::rename_preview(&ws, &p, &mut w)?;
                Ok(crate::nav::rename_answer(&ws, &p, preview, w))
            });
        let env = Envelope::from_result(result, Some(answer::envelope::UNBOUNDED));
        serde_json::to_value(&env).unwrap_or_default()
    });
    if env["ok"] == json!(true) {
        let patch: String = env["data"]["diffs"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|d| d["diff"].as_str())
            .collect();
        match std::fs::write(out, &patch) {
            Ok(()) => {
                // The diffs are in the file; the answer says where.
                env["data"]["diffs"] = json!([]);
                env["data"]["patch"] = json!(out.display().to_string());
            }
            Err(e) => {
                let err = answer::envelope::ToolError::bad_args(format!(
                    "cannot write the patch to {}: {e}",
                    out.display()
                ));
                let failed = Envelope::from_result(Err(err), None);
                env = serde_json::to_value(&failed).unwrap_or_default();
            }
        }
    }
    if json_out {
        outln!("{env}");
    } else if env["ok"] == json!(true) {
        let d = &env["data"];
        outln!(
            "{} (nothing written to the sources; the patch is in {}: `git apply {}`)",
            d["summary"].as_str().unwrap_or(""),
            out.display(),
            out.display()
        );
        for f in d["files"].as_array().into_iter().flatten() {
            outln!(
                "  {} edits  {}",
                f["edits"],
                f["file"].as_str().unwrap_or("")
            );
        }
    } else {
        eprintln!(
            "error [{}]: {}",
            env["error"]["code"].as_str().unwrap_or(""),
            env["error"]["message"].as_str().unwrap_or("")
        );
        if let Some(h) = env["error"]["hint"].as_str() {
            eprintln!("hint: {h}");
        }
    }
    if !json_out {
        for w in env["warnings"].as_array().into_iter().flatten() {
            eprintln!("warning: {}", w.as_str().unwrap_or(""));
        }
    }
    i32::from(env["ok"] != json!(true))
}

/// `codemap export scip`: write the map as it is (built first when there is none; a file
/// changed since is reported).
fn export_scip(
    ws: &Workspace,
    output: PathBuf,
    encoding: indexer::encoding::Encoding,
    arguments: Vec<String>,
    json_out: bool,
) -> i32 {
    let indexed = if ws.db.is_file() {
        Ok(())
    } else {
        crate::watch::reindex(ws, None).map(|_| ()).map_err(|e| {
            answer::envelope::ToolError::new(
                answer::envelope::ErrorCode::Internal,
                format!("cannot build the map to export: {e}"),
            )
        })
    };
    let result = indexed.and_then(|_| {
        // A relative output is relative to where the command runs, as users expect.
        let output = std::env::current_dir()
            .map(|d| d.join(&output))
            .unwrap_or(output);
        indexer::export::scip(&indexer::export::ScipOptions {
            root: ws.root.clone(),
            db: ws.db.clone(),
            output,
            encoding,
            arguments,
        })
        .map_err(answer::query::export_error)
    });
    let result = result.map(|a| answer::envelope::Answer {
        warnings: a.warnings(),
        data: json!(a),
        dropped: None,
        text: answer::envelope::Text::new(move || export_text(&a)),
    });
    let (env, text) = Envelope::with_text(result, Some(answer::envelope::UNBOUNDED));
    emit(json_out, &env, text)
}

/// `codemap view`: the map's graph model (built first when there is none), written as the
/// page (`crate::view`) or as JSON, replaced whole.
fn view(
    ws: &Workspace,
    output: PathBuf,
    json_model: bool,
    params: &answer::query::ViewParams,
    json_out: bool,
) -> i32 {
    use answer::envelope::{ErrorCode, ToolError};
    let started = std::time::Instant::now();
    let indexed = if ws.db.is_file() {
        Ok(())
    } else {
        crate::watch::reindex(ws, None).map(|_| ()).map_err(|e| {
            ToolError::new(
                ErrorCode::Internal,
                format!("cannot build the map to view: {e}"),
            )
        })
    };
    let result = indexed
        .and_then(|_| answer::query::Map::open(&ws.root, &ws.db))
        .and_then(|map| map.view_graph(params))
        .and_then(|g| {
            let output = std::env::current_dir()
                .map(|d| d.join(&output))
                .unwrap_or(output);
            let body = if json_model {
                serde_json::to_string_pretty(&g).unwrap_or_default()
            } else {
                crate::view::page(&g)
            };
            crate::paths::write_atomic(&output, body.as_bytes()).map_err(|e| {
                ToolError::new(
                    ErrorCode::Internal,
                    format!("cannot write {}: {e}", output.display()),
                )
                .hint("choose another --output")
            })?;
            Ok((g, output, body.len()))
        });
    let result = result.map(|(g, output, bytes)| {
        let data = json!({
            "output": output.display().to_string(),
            "format": if json_model { "json" } else { "html" },
            "bytes": bytes,
            "files": g.files,
            "clusters": g.clusters.len(),
            "clustersTotal": g.clusters_total,
            "hubs": g.symbols.len(),
            "clusterLinks": g.cluster_links.len(),
            "symbolLinks": g.symbol_links.len(),
            "seconds": (started.elapsed().as_secs_f64() * 100.0).round() / 100.0,
        });
        let text = format!(
            "wrote {} ({} bytes): {} of {} clusters, {} hubs, {} cluster links, {} hub links, from {} files\n",
            output.display(),
            bytes,
            g.clusters.len(),
            g.clusters_total,
            g.symbols.len(),
            g.cluster_links.len(),
            g.symbol_links.len(),
            g.files
        );
        let mut dropped = g.dropped.clone();
        let mut warnings: Vec<String> = dropped.iter().skip(1).map(|d| d.note.clone()).collect();
        warnings.extend(g.warnings.iter().cloned());
        answer::envelope::Answer {
            warnings,
            dropped: if dropped.is_empty() {
                None
            } else {
                Some(dropped.remove(0))
            },
            data,
            text: answer::envelope::Text::new(move || text),
        }
    });
    let (env, text) = Envelope::with_text(result, Some(answer::envelope::UNBOUNDED));
    emit(json_out, &env, text)
}

/// `export scip`'s plain text: what was written, the packages named, what was left out.
fn export_text(a: &indexer::export::ScipExport) -> String {
    let mut out = format!(
        "wrote {} ({} bytes, {} columns): {} documents, {} symbols ({} local), {} definitions, {} references, {} relationships, {} external symbols in {:.2}s\n",
        a.output, a.bytes, a.position_encoding, a.documents, a.symbols, a.local_symbols,
        a.definitions, a.references, a.relationships, a.external_symbols, a.seconds
    );
    if a.packages.len() > 6 {
        out.push_str(&format!(
            "  {} packages (from project files), e.g.:\n",
            a.packages.len()
        ));
    }
    for p in a.packages.iter().take(6) {
        out.push_str(&format!(
            "  package {} {} {} ({}, from {})\n",
            p.manager, p.name, p.version, p.lang, p.from
        ));
    }
    out.push_str(&format!("  not exported: {}\n", a.left_out.note));
    out
}

/// `codemap watch`: bring the map up to date, then re-index as files change, a line per run.
/// Through the workspace's engine (`engine`): its one watcher, shared with the MCP sessions
/// and other `watch` clients, the runs printed here; else (or when no engine can be used)
/// in this process.
fn watch(ws: Workspace, json_out: bool, engine: bool) -> i32 {
    if engine {
        let db = std::path::absolute(&ws.db).unwrap_or_else(|_| ws.db.clone());
        match crate::engine::client::watch(&ws.root, &db, json_out) {
            Ok(code) => return code,
            Err(why) => eprintln!(
                "warning: engine: {why}; watching in this process (CODEMAP_NO_DAEMON=1 or --no-daemon does so without trying)"
            ),
        }
    }
    let first = crate::watch::reindex(&ws, None);
    let report = move |r: &Result<indexer::index::IndexStats, String>| {
        tools::run_printed(json_out, r).write();
    };
    report(&first);
    let _w = match crate::watch::start(&ws, Some(Box::new(report))) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    eprintln!("watching {} (Ctrl-C to stop)", ws.root.display());
    loop {
        std::thread::park();
    }
}

fn emit(json: bool, env: &Envelope, text: Option<answer::envelope::Text>) -> i32 {
    crate::print::Printed::of(json, env, text).write()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tool_commands_use_the_engine_unless_told_or_configured_otherwise() {
        let cases: &[(&[&str], Option<&str>, bool)] = &[
            (&["refs", "go:a.go#f"], None, true),
            (&["--json", "search", "x"], None, true),
            (
                &["--detail", "--token-budget", "500", "outline", "a.py"],
                None,
                true,
            ),
            (&["--no-daemon", "refs", "go:a.go#f"], None, false),
            (&["refs", "go:a.go#f"], Some("1"), false),
            (&["refs", "go:a.go#f"], Some("yes"), false),
            (&["refs", "go:a.go#f"], Some("0"), true),
            (&["refs", "go:a.go#f"], Some(""), true),
            // The engine's servers are shared: a command's own server options run here.
            (&["--no-lsp", "refs", "go:a.go#f"], None, false),
            (&["--lsp", "go=gopls", "refs", "go:a.go#f"], None, false),
            (
                &["--lsp-timeout-ms", "100", "hover", "go:a.go#f"],
                None,
                false,
            ),
            (&["--lsp-idle", "5", "def", "go:a.go#f"], None, false),
            // The writer runs where it is asked.
            (&["index"], None, false),
        ];
        for (args, env, want) in cases {
            let argv = std::iter::once("codemap").chain(args.iter().copied());
            let m = command()
                .try_get_matches_from(argv)
                .unwrap_or_else(|e| panic!("{args:?}: {e}"));
            let cli = Cli::from_matches(&m);
            let Command::Tool { tool, .. } = cli.command else {
                panic!("{args:?}: not a tool command");
            };
            let env = env.map(std::ffi::OsStr::new);
            assert_eq!(
                uses_engine(&cli.global, tool, env),
                *want,
                "{args:?} {env:?}"
            );
        }
    }
}
