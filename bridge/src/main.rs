//! The `codemap` binary: parse the command line, run the tool, exit 0 (ok), 1 (tool error) or
//! 2 (usage error, from clap).

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

// mimalloc's runtime options (its C API; the crate's bindings do not name this one).
#[allow(unsafe_code)]
extern "C" {
    fn mi_option_get(option: std::ffi::c_int) -> std::ffi::c_long;
    fn mi_option_set(option: std::ffi::c_int, value: std::ffi::c_long);
}

/// `mi_option_purge_delay` in mimalloc.h (v3): how long freed memory is kept before it goes
/// back to the system, in milliseconds; 1000 by default in the pinned version (src/options.c;
/// the header's comment still says 10).
const MI_OPTION_PURGE_DELAY: std::ffi::c_int = 15;

/// Freed memory goes back to the system after 100 ms instead of 1 s (arenas: 1 s instead of
/// 10 s). A cold index frees the trees and extracts of thousands of files while it holds the
/// symbol index; kept for reuse, they made a fifth of its peak (6.5 M lines of Go: 360 →
/// 286 MB; Go's standard library: 177–202 → 157–163 MB). 1 ms saved more (258–265 MB) but cost
/// about 11% of a cold run's time in madvise calls and page faults; 100 ms costs about 4%,
/// within this machine's noise. Set only when the option at that number has the pinned
/// version's default, so a renumbered enum changes nothing.
#[allow(unsafe_code)]
fn return_freed_memory_sooner() {
    // SAFETY: plain calls into the linked allocator's option table, before any thread starts.
    unsafe {
        if mi_option_get(MI_OPTION_PURGE_DELAY) == 1000 {
            mi_option_set(MI_OPTION_PURGE_DELAY, 100);
        }
    }
}

fn main() {
    // A language server being started through the guard: become it (bridge::lsp::guard).
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args
        .get(1)
        .is_some_and(|a| a == bridge::lsp::guard::GUARD_ARG)
    {
        std::process::exit(bridge::lsp::guard::exec(&args[2..]));
    }
    // Servers this process starts die with it, even by SIGKILL.
    bridge::lsp::guard::enable();
    return_freed_memory_sooner();
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
