#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    tracing_subscriber::fmt().with_writer(std::io::stderr).with_env_filter(tracing_subscriber::EnvFilter::from_env("CODEMAP_LOG")).init();
    let args: Vec<String> = std::env::args().collect();
    let mut o = indexer::index::IndexOptions::new(args[1].clone().into());
    o.db = args.get(2).map(Into::into);
    o.exclude = args.iter().skip(3).cloned().collect();
    let s = indexer::index::run(&o, &indexer::index::NoProgress);
    println!("{s:#?}");
}
