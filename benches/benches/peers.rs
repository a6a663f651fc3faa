//! Side-by-side perft: bitmoves, cozy-chess, shakmaty and chess, interleaved
//! in one run, single thread, over the six standard positions; every count
//! is checked against the known value. Prints Markdown tables of Mnps with
//! the ratios of bitmoves to each peer, and draws them as an SVG bar chart.
//!
//! `cargo bench -p bitmoves-benches --bench peers` (after `--`: `--rounds N`,
//! `--bulk-only`, `--full-only`, `--svg PATH`, `--no-svg`, and `--quick`,
//! which checks the tool in seconds by running one ply shallower in bulk and
//! two in full: too short to time well, so its chart goes to `target/`).
//!
//! The chart goes to `docs/peers-default.svg` in a build without BMI2 and to
//! `docs/peers-native.svg` in one with it (`RUSTFLAGS="-C target-cpu=native"`),
//! unless `--svg PATH` (relative to the workspace root) says otherwise.
//! With `--features cozy-pext` (native builds only) cozy-chess uses its
//! PEXT sliders.

mod chart;
mod engines;

use bitmoves_benches::median;
use engines::{CASES, LIBRARIES};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// What the build compiled in: the chart's title and default file name.
fn build_kind() -> (&'static str, &'static str) {
    if cfg!(target_feature = "bmi2") {
        ("native build (BMI2 at compile time)", "native")
    } else {
        ("default build (no target-cpu)", "default")
    }
}

/// Where the chart goes: `--svg PATH` (relative paths from the workspace
/// root, since cargo runs benches in `benches/`), `None` with `--no-svg`.
fn svg_path(args: &[String]) -> Option<PathBuf> {
    if args.iter().any(|a| a == "--no-svg") {
        return None;
    }
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = manifest.parent().unwrap_or(manifest);
    let quick = args.iter().any(|a| a == "--quick");
    let path = match args.iter().position(|a| a == "--svg") {
        Some(i) => PathBuf::from(args.get(i + 1).expect("--svg needs a PATH")),
        None if quick => PathBuf::from(format!("target/peers-{}-quick.svg", build_kind().1)),
        None => PathBuf::from(format!("docs/peers-{}.svg", build_kind().1)),
    };
    Some(root.join(path))
}

fn main() {
    engines::check_slider_variant();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rounds = args
        .iter()
        .position(|a| a == "--rounds")
        .and_then(|i| args.get(i + 1)?.parse().ok())
        .unwrap_or(3usize);
    let modes: Vec<bool> = match (
        args.iter().any(|a| a == "--bulk-only"),
        args.iter().any(|a| a == "--full-only"),
    ) {
        (true, false) => vec![false],
        (false, true) => vec![true],
        _ => vec![false, true],
    };
    let quick = args.iter().any(|a| a == "--quick");
    let depth_and_count = |case: &engines::Case, full: bool| match (full, quick) {
        (false, false) => case.bulk,
        (true, false) | (false, true) => case.full,
        (true, true) => case.shallow,
    };
    let svg = svg_path(&args);
    println!(
        "perft, single thread, {rounds} interleaved rounds; median seconds per position, Mnps over all six; bitmoves variant {} (BITMOVES_SLIDERS picks another)",
        bitmoves::perft::slider_backend()
    );
    let mut panels = Vec::new();
    for full in modes {
        // seconds[library][case] over rounds
        let mut seconds = vec![vec![Vec::new(); CASES.len()]; LIBRARIES.len()];
        for _ in 0..rounds {
            for (c, case) in CASES.iter().enumerate() {
                let (depth, expected) = depth_and_count(case, full);
                for (l, (name, perft)) in LIBRARIES.iter().enumerate() {
                    let start = Instant::now();
                    let nodes = perft(black_box(case.fen), black_box(depth), full);
                    seconds[l][c].push(start.elapsed().as_secs_f64());
                    assert_eq!(
                        nodes, expected,
                        "{name} miscounts {} at depth {depth}",
                        case.name
                    );
                }
            }
        }
        let mode = if full {
            "full (every leaf made)"
        } else {
            "bulk (last ply counted)"
        };
        println!("\n## {mode}\n");
        print!("| position | depth | nodes |");
        LIBRARIES
            .iter()
            .for_each(|(name, _)| print!(" {name} Mnps |"));
        println!("\n|---|---|---|{}", "---|".repeat(LIBRARIES.len()));
        // mnps[library][case], then the total last
        let mut mnps = vec![Vec::new(); LIBRARIES.len()];
        let mut totals = vec![0.0; LIBRARIES.len()];
        let mut total_nodes = 0u64;
        let mut groups = Vec::new();
        for (c, case) in CASES.iter().enumerate() {
            let (depth, nodes) = depth_and_count(case, full);
            total_nodes += nodes;
            groups.push(format!("{} d{depth}", case.name));
            print!("| {} | {depth} | {nodes} |", case.name);
            for l in 0..LIBRARIES.len() {
                let s = median(seconds[l][c].clone());
                totals[l] += s;
                mnps[l].push(nodes as f64 / s / 1e6);
                print!(" {:.0} |", nodes as f64 / s / 1e6);
            }
            println!();
        }
        print!("| **total** | | {total_nodes} |");
        let total_mnps: Vec<f64> = totals
            .iter()
            .map(|s| total_nodes as f64 / s / 1e6)
            .collect();
        total_mnps.iter().for_each(|m| print!(" **{m:.0}** |"));
        print!("\n| bitmoves ÷ peer | | |");
        total_mnps
            .iter()
            .for_each(|m| print!(" {:.2}× |", total_mnps[0] / m));
        println!();
        groups.push("total".to_owned());
        mnps.iter_mut()
            .zip(&total_mnps)
            .for_each(|(row, &total)| row.push(total));
        panels.push(chart::Panel {
            caption: mode.to_owned(),
            groups,
            mnps,
        });
    }
    if let Some(path) = svg {
        let cozy = if cfg!(feature = "cozy-pext") {
            ", cozy-chess with pext"
        } else {
            ""
        };
        let title = format!("Single-thread perft, {}{cozy}", build_kind().0);
        let plural = if rounds == 1 { "" } else { "s" };
        let subtitle = if quick {
            format!(
                "A quick check at shallow depths, too short to time well ({rounds} round{plural})"
            )
        } else {
            format!(
                "Median of {rounds} interleaved round{plural}, every count checked: \
                 cargo bench -p bitmoves-benches --bench peers"
            )
        };
        let names: Vec<&str> = LIBRARIES.iter().map(|(name, _)| *name).collect();
        match chart::write_svg(&path, &title, &subtitle, &names, &panels) {
            Ok(()) => println!("\nchart: {}", path.display()),
            Err(error) => eprintln!("error: cannot write {}: {error}", path.display()),
        }
    }
}
