//! Side-by-side perft: bitmoves, cozy-chess, shakmaty and chess, interleaved
//! in one run, single thread, over the six standard positions; every count
//! is checked against the known value. Prints Markdown tables of Mnps with
//! the ratios of bitmoves to each peer.
//!
//! `cargo bench -p bitmoves-benches --bench peers` (after `--`: `--rounds N`,
//! `--bulk-only`, `--full-only`).

mod engines;

use engines::{CASES, LIBRARIES};
use std::hint::black_box;
use std::time::Instant;

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn main() {
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
    println!(
        "perft, single thread, {rounds} interleaved rounds; median seconds per position, Mnps over all six"
    );
    for full in modes {
        // seconds[library][case] over rounds
        let mut seconds = vec![vec![Vec::new(); CASES.len()]; LIBRARIES.len()];
        for _ in 0..rounds {
            for (c, case) in CASES.iter().enumerate() {
                let (depth, expected) = if full { case.full } else { case.bulk };
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
        let mut totals = vec![0.0; LIBRARIES.len()];
        let mut total_nodes = 0u64;
        for (c, case) in CASES.iter().enumerate() {
            let (depth, nodes) = if full { case.full } else { case.bulk };
            total_nodes += nodes;
            print!("| {} | {depth} | {nodes} |", case.name);
            for l in 0..LIBRARIES.len() {
                let s = median(seconds[l][c].clone());
                totals[l] += s;
                print!(" {:.0} |", nodes as f64 / s / 1e6);
            }
            println!();
        }
        print!("| **total** | | {total_nodes} |");
        let mnps: Vec<f64> = totals
            .iter()
            .map(|s| total_nodes as f64 / s / 1e6)
            .collect();
        mnps.iter().for_each(|m| print!(" **{m:.0}** |"));
        print!("\n| bitmoves ÷ peer | | |");
        mnps.iter().for_each(|m| print!(" {:.2}× |", mnps[0] / m));
        println!();
    }
}
