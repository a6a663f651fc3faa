//! What an engine asks of the board, timed: one move's legality
//! (`is_legal`, `is_pseudo_legal`) against generating the whole list and
//! searching it, `gives_check` against playing the move, and the
//! captures-only list against the full list. IDs read `engine/WHAT/HOW`.
//!
//! `cargo bench -p bitmoves-benches --bench engine`

use bitmoves::{Board, Move};
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, criterion_group, criterion_main};
use std::hint::black_box;

/// Middlegame positions with many moves, and the moves asked about: each
/// position's legal moves plus the same moves on the other positions (hash
/// moves from elsewhere, mostly illegal).
fn inputs() -> (Vec<Board>, Vec<Move>) {
    let boards: Vec<Board> = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    ]
    .into_iter()
    .map(|fen| fen.parse().expect("valid FEN"))
    .collect();
    let moves = boards
        .iter()
        .flat_map(|b| b.legal_moves().to_vec())
        .collect();
    (boards, moves)
}

/// How many of `moves` pass `test` on each of `boards`.
fn count(boards: &[Board], moves: &[Move], test: impl Fn(&Board, Move) -> bool) -> usize {
    let mut passed = 0;
    for board in boards {
        for &mv in moves {
            passed += usize::from(test(black_box(board), black_box(mv)));
        }
    }
    passed
}

fn legality(c: &mut Criterion) {
    let (boards, moves) = inputs();
    let mut group = c.benchmark_group("engine/is_legal");
    group.bench_function("is_legal", |b| {
        b.iter(|| count(&boards, &moves, Board::is_legal))
    });
    group.bench_function("is_pseudo_legal", |b| {
        b.iter(|| count(&boards, &moves, Board::is_pseudo_legal))
    });
    group.bench_function("legal_moves_contains", |b| {
        b.iter(|| {
            count(&boards, &moves, |board, mv| {
                board.legal_moves().contains(&mv)
            })
        })
    });
    group.finish();
}

/// Benches `name`: the sum over `boards` of `length`, the length of one
/// move list.
fn bench_list(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    boards: &[Board],
    length: impl Fn(&Board) -> usize,
) {
    group.bench_function(name, |b| {
        b.iter(|| boards.iter().map(|b| length(black_box(b))).sum::<usize>())
    });
}

fn checks_and_captures(c: &mut Criterion) {
    let (boards, _) = inputs();
    let pairs: Vec<(Board, Move)> = boards
        .iter()
        .flat_map(|b| {
            b.legal_moves()
                .iter()
                .map(|&mv| (*b, mv))
                .collect::<Vec<_>>()
        })
        .collect();
    let mut group = c.benchmark_group("engine/gives_check");
    group.bench_function("gives_check", |b| {
        b.iter(|| {
            pairs
                .iter()
                .filter(|(board, mv)| black_box(board).gives_check(*mv))
                .count()
        })
    });
    group.bench_function("play_then_is_check", |b| {
        b.iter(|| {
            pairs
                .iter()
                .filter(|(board, mv)| {
                    let mut child = *black_box(board);
                    child.play_unchecked(*mv);
                    child.is_check()
                })
                .count()
        })
    });
    group.finish();
    let mut group = c.benchmark_group("engine/lists");
    bench_list(&mut group, "captures", &boards, |b| b.captures().len());
    bench_list(&mut group, "legal_moves", &boards, |b| {
        b.legal_moves().len()
    });
    group.finish();
}

criterion_group!(benches, legality, checks_and_captures);
criterion_main!(benches);
