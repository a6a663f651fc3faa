//! Attack sets computed four ways, per piece: `lookup` (the core's
//! generated tables), `shift` (masked shifts; Kogge-Stone fills for
//! sliders), `fill` (sliders' one-step fill), `offset` (walking with
//! `Square::offset`) and `lazy` (tables built at run time). Plus set-wise
//! pawn and knight cases, and the time to build the lazy tables.
//!
//! Each iteration computes all 64 squares against one fixed pseudo-random
//! occupancy; the throughput is 64 elements, so time per call is the
//! iteration time / 64.

use bitmoves::{Bitboard, Color, Rank, Square, attacks};
use bitmoves_benches::{XorShift, occupancy};
use bitmoves_shift::{kings, knights, lazy, masks, offset, pawns, sliders};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

/// One way of computing a piece's attacks from a square and the occupancy.
type Method = fn(Square, Bitboard) -> Bitboard;

/// Benches every `(id, method)` over all 64 squares in the group `piece`,
/// after checking that they all agree.
fn per_square(c: &mut Criterion, piece: &str, methods: &[(&str, Method)]) {
    let occupied = occupancy();
    let reference = Square::ALL.map(|square| methods[0].1(square, occupied));
    for (id, method) in methods {
        let answers = Square::ALL.map(|square| method(square, occupied));
        assert_eq!(
            answers, reference,
            "{piece}/{id} disagrees with {}",
            methods[0].0
        );
    }
    let mut group = c.benchmark_group(piece);
    group.throughput(Throughput::Elements(Square::ALL.len() as u64));
    for &(id, method) in methods {
        group.bench_function(id, |b| {
            b.iter(|| {
                let occupied = black_box(occupied);
                let mut seen = Bitboard::EMPTY;
                for square in Square::ALL {
                    // Hiding each square keeps the calls from being folded
                    // or vectorised across squares: this is 64 single calls.
                    seen ^= method(black_box(square), occupied);
                }
                seen
            });
        });
    }
    group.finish();
}

fn leapers(c: &mut Criterion) {
    lazy::init();
    per_square(
        c,
        "knight",
        &[
            ("lookup", |sq, _| attacks::knight(sq)),
            ("shift", |sq, _| knights::attacks(sq)),
            ("offset", |sq, _| offset::knight(sq)),
            ("lazy", |sq, _| lazy::knight(sq)),
        ],
    );
    per_square(
        c,
        "king",
        &[
            ("lookup", |sq, _| attacks::king(sq)),
            ("shift", |sq, _| kings::attacks(sq)),
            ("offset", |sq, _| offset::king(sq)),
            ("lazy", |sq, _| lazy::king(sq)),
        ],
    );
    per_square(
        c,
        "pawn",
        &[
            ("lookup", |sq, _| attacks::pawn(Color::White, sq)),
            ("shift", |sq, _| pawns::attacks(Color::White, sq.bitboard())),
            ("offset", |sq, _| offset::pawn(Color::White, sq)),
            ("lazy", |sq, _| lazy::pawn(Color::White, sq)),
        ],
    );
}

fn sliding(c: &mut Criterion) {
    lazy::init();
    per_square(
        c,
        "rook",
        &[
            ("lookup", attacks::rook),
            ("shift", sliders::rook),
            ("fill", sliders::rook_by_steps),
            ("offset", offset::rook),
            ("lazy", lazy::rook),
        ],
    );
    per_square(
        c,
        "bishop",
        &[
            ("lookup", attacks::bishop),
            ("shift", sliders::bishop),
            ("fill", sliders::bishop_by_steps),
            ("offset", offset::bishop),
            ("lazy", lazy::bishop),
        ],
    );
    per_square(
        c,
        "queen",
        &[
            ("lookup", attacks::queen),
            ("shift", sliders::queen),
            ("fill", sliders::queen_by_steps),
            ("offset", offset::queen),
            ("lazy", lazy::queen),
        ],
    );
}

/// Pushes and captures of White `pawns`, pawn by pawn: a table lookup for
/// the captures and `Square::offset` for the pushes.
fn pawn_targets_by_lookup(pawns: Bitboard, empty: Bitboard, enemies: Bitboard) -> Bitboard {
    let mut targets = Bitboard::EMPTY;
    for pawn in pawns {
        targets |= attacks::pawn(Color::White, pawn) & enemies;
        if let Some(one) = pawn.offset(0, 1)
            && empty.contains(one)
        {
            targets.insert(one);
            if pawn.rank() == Rank::Second
                && let Some(two) = one.offset(0, 1)
                && empty.contains(two)
            {
                targets.insert(two);
            }
        }
    }
    targets
}

fn set_wise(c: &mut Criterion) {
    let mut rng = XorShift::new(XorShift::SEED ^ 1);
    // Eight White pawns on ranks 2-7, among the bench occupancy.
    let pawns = rng.squares(8, !(masks::RANK_1 | masks::RANK_8));
    let enemies = occupancy() - pawns;
    let empty = !(pawns | enemies);
    let setwise = pawns::targets(Color::White, pawns, empty, enemies);
    assert_eq!(setwise, pawn_targets_by_lookup(pawns, empty, enemies));

    let mut group = c.benchmark_group("pawns8");
    group.bench_function("setwise", |b| {
        b.iter(|| {
            pawns::targets(
                Color::White,
                black_box(pawns),
                black_box(empty),
                black_box(enemies),
            )
        });
    });
    group.bench_function("lookup", |b| {
        b.iter(|| pawn_targets_by_lookup(black_box(pawns), black_box(empty), black_box(enemies)));
    });
    group.finish();

    let knights = rng.squares(2, Bitboard::FULL);
    let by_lookup = |knights: Bitboard| {
        knights
            .iter()
            .fold(Bitboard::EMPTY, |set, square| set | attacks::knight(square))
    };
    assert_eq!(knights::set_attacks(knights), by_lookup(knights));
    let mut group = c.benchmark_group("knights2");
    group.bench_function("setwise", |b| {
        b.iter(|| knights::set_attacks(black_box(knights)));
    });
    group.bench_function("parallel", |b| {
        b.iter(|| knights::set_attacks_parallel(black_box(knights)));
    });
    group.bench_function("lookup", |b| b.iter(|| by_lookup(black_box(knights))));
    group.finish();
}

/// What the lazy tables cost once: the magic search and table fill that
/// the core does at development time instead.
fn lazy_init(c: &mut Criterion) {
    let mut group = c.benchmark_group("lazy_init");
    group.sample_size(10);
    group.bench_function("sliders", |b| b.iter(lazy::SliderTables::build));
    group.bench_function("all", |b| b.iter(lazy::build_time));
    group.finish();
}

criterion_group!(benches, leapers, sliding, set_wise, lazy_init);
criterion_main!(benches);
