//! Print the `map_overview` cluster of chosen files at several resolutions:
//! `cargo run --release --example clusters -- ROOT FILE...`.
use std::collections::HashMap;
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((root, wanted)) = args.split_first() else {
        return Err("usage: clusters ROOT FILE...".into());
    };
    let root = PathBuf::from(root);
    let map =
        answer::query::Map::open(&root, &root.join(".codemap/map.db")).map_err(|e| e.message)?;
    for res in [1.0, 1.5, 2.0, 3.0, 5.0] {
        let t = std::time::Instant::now();
        let (files, comm, _) = map.file_clusters(None, res).map_err(|e| e.message)?;
        let mut size: HashMap<u32, usize> = HashMap::new();
        for c in &comm {
            *size.entry(*c).or_default() += 1;
        }
        let big = size.values().filter(|&&n| n >= 2).count();
        let largest = size.values().max().copied().unwrap_or(0);
        println!(
            "resolution {res}: {big} clusters, largest {largest} files ({:.2}s)",
            t.elapsed().as_secs_f64()
        );
        for w in wanted {
            if let Some(i) = files.iter().position(|(_, p)| p == w) {
                println!("  {w}: cluster {} ({} files)", comm[i], size[&comm[i]]);
            }
        }
    }
    Ok(())
}
