//! Criterion perft bench (bulk): each library on each standard position, at
//! depths where bitmoves takes about 0.1–0.5 s a run (the peer table's
//! depths, pos4 one ply less). IDs read `perft/POSITION/LIBRARY`. Counts are
//! checked before timing.

mod engines;

use criterion::{Criterion, criterion_group, criterion_main};
use engines::{CASES, LIBRARIES};
use std::hint::black_box;
use std::time::Duration;

fn perft(c: &mut Criterion) {
    engines::check_slider_variant();
    for case in &CASES {
        let (depth, expected) = case.criterion;
        let mut group = c.benchmark_group(format!("perft/{}", case.name));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2));
        for (name, run) in LIBRARIES {
            assert_eq!(
                run(case.fen, depth, false),
                expected,
                "{name} miscounts {} at depth {depth}",
                case.name
            );
            group.bench_function(name, |b| {
                b.iter(|| run(black_box(case.fen), black_box(depth), false))
            });
        }
        group.finish();
    }
}

criterion_group!(benches, perft);
criterion_main!(benches);
