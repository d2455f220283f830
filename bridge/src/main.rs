//! The `codemap` binary: parse the command line, run the tool, exit 0 (ok), 1 (tool error) or
//! 2 (usage error, from clap).

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    // Logs go to stderr: stdout belongs to the answer (and to MCP's protocol).
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("CODEMAP_LOG")
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .init();
    let cli = bridge::cli::Cli::parse();
    std::process::exit(bridge::cli::run(cli));
}
