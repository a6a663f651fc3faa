//! Criterion bench of perft with and without a hash table: bitmoves'
//! plain bulk perft against `perft_hashed` from an empty table, on one
//! thread and on two sharing the table. IDs read `hashed/POSITION/MODE`.
//! The table is cleared before every run and the clearing is not timed, so
//! each run counts from a cold table. Counts are checked before timing.

use bitmoves::{Board, perft::perft};
use bitmoves_perft::{Table, perft_hashed, perft_hashed_parallel};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The table size for every hashed run.
const TABLE_BYTES: usize = 64 << 20;

/// Position, FEN, depth, and the known count.
const CASES: [(&str, &str, u32, u64); 3] = [
    ("startpos", Board::STARTPOS_FEN, 6, 119_060_324),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        193_690_690,
    ),
    // Fourteen root moves: the parallel split has to go below the root.
    (
        "pos3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        7,
        178_633_661,
    ),
];

fn hashed(c: &mut Criterion) {
    if let Err(error) = bitmoves::perft::slider_variant() {
        eprintln!("error: {error}");
        std::process::exit(2);
    }
    let mut table = Table::new(TABLE_BYTES).expect("64 MiB for the bench table");
    for (name, fen, depth, expected) in CASES {
        let board = Board::from_fen(fen).expect("valid bench FEN");
        assert_eq!(perft(&board, depth), expected, "{name} perft({depth})");
        table.clear();
        assert_eq!(perft_hashed(&board, depth, &table), u128::from(expected));
        table.clear();
        assert_eq!(
            perft_hashed_parallel(&board, depth, &table, 2),
            u128::from(expected)
        );

        let mut group = c.benchmark_group(format!("hashed/{name}"));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(3));
        group.bench_function("unhashed", |b| {
            b.iter(|| perft(black_box(&board), black_box(depth)))
        });
        for (mode, threads) in [("hashed-64M", 1), ("hashed-64M-2threads", 2)] {
            group.bench_function(mode, |b| {
                b.iter_custom(|iterations| {
                    let mut timed = Duration::ZERO;
                    for _ in 0..iterations {
                        table.clear();
                        let start = Instant::now();
                        black_box(perft_hashed_parallel(
                            black_box(&board),
                            depth,
                            &table,
                            threads,
                        ));
                        timed += start.elapsed();
                    }
                    timed
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, hashed);
criterion_main!(benches);
