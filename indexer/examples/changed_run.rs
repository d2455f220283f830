//! One incremental run over the files a watcher would report, as `codemap serve`'s watcher
//! makes it (`IndexOptions::changed`): `cargo run --release --example changed_run -- ROOT
//! FILE...` (FILE workspace-relative) prints the run's seconds and what it did as one JSON line.

// The same allocator as the codemap binary.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use indexer::index::{run, IndexOptions, NoProgress};

fn main() {
    // Phase timings with CODEMAP_LOG=info, as the binary gives them.
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("CODEMAP_LOG")
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .init();
    let mut args = std::env::args().skip(1);
    let Some(root) = args.next() else {
        eprintln!("usage: changed_run ROOT FILE...");
        std::process::exit(2);
    };
    let mut opts = IndexOptions::new(root.into());
    opts.changed = Some(args.collect());
    match run(&opts, &NoProgress) {
        Ok(s) => println!(
            "{{\"seconds\": {:.4}, \"extracted\": {}, \"deleted\": {}, \"files\": {}}}",
            s.seconds, s.extracted, s.deleted, s.files
        ),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
