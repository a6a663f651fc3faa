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
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

/// One criterion group: one piece, the core's lookup and then every other
/// method timed over all 64 squares, each checked against the lookup first.
///
/// Each method is passed as its own function or closure type, not as a
/// `fn` pointer, so it is monomorphised and inlined like any real caller.
struct PerSquare<'a> {
    group: BenchmarkGroup<'a, WallTime>,
    occupied: Bitboard,
    lookup: [Bitboard; Square::NUM],
}

impl<'a> PerSquare<'a> {
    /// Starts the group `piece` with the `lookup` bench.
    fn lookup(
        c: &'a mut Criterion,
        piece: &str,
        lookup: impl Fn(Square, Bitboard) -> Bitboard,
    ) -> Self {
        let occupied = occupancy();
        let mut group = c.benchmark_group(piece);
        group.throughput(Throughput::Elements(Square::NUM as u64));
        let expected = Square::ALL.map(|square| lookup(square, occupied));
        let this = Self {
            group,
            occupied,
            lookup: expected,
        };
        this.bench("lookup", lookup)
    }

    fn bench(mut self, id: &str, method: impl Fn(Square, Bitboard) -> Bitboard) -> Self {
        let answers = Square::ALL.map(|square| method(square, self.occupied));
        assert_eq!(answers, self.lookup, "{id} disagrees with the lookup");
        let occupied = self.occupied;
        self.group.bench_function(id, |b| {
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
        self
    }

    fn finish(self) {
        self.group.finish();
    }
}

fn leapers(c: &mut Criterion) {
    lazy::init();
    PerSquare::lookup(c, "knight", |sq, _| attacks::knight(sq))
        .bench("shift", |sq, _| knights::attacks(sq))
        .bench("offset", |sq, _| offset::knight(sq))
        .bench("lazy", |sq, _| lazy::knight(sq))
        .finish();
    PerSquare::lookup(c, "king", |sq, _| attacks::king(sq))
        .bench("shift", |sq, _| kings::attacks(sq))
        .bench("offset", |sq, _| offset::king(sq))
        .bench("lazy", |sq, _| lazy::king(sq))
        .finish();
    PerSquare::lookup(c, "pawn", |sq, _| attacks::pawn(Color::White, sq))
        .bench("shift", |sq, _| pawns::attacks(Color::White, sq.bitboard()))
        .bench("offset", |sq, _| offset::pawn(Color::White, sq))
        .bench("lazy", |sq, _| lazy::pawn(Color::White, sq))
        .finish();
}

/// A slider's five ways side by side: `attacks::PIECE` first, then the
/// shift crate's Kogge-Stone fill, its step fill (`STEPS`), offset walking
/// and the lazily built table.
macro_rules! slider_benches {
    ($c:expr, $piece:ident, $steps:ident) => {
        PerSquare::lookup($c, stringify!($piece), attacks::$piece)
            .bench("shift", sliders::$piece)
            .bench("fill", sliders::$steps)
            .bench("offset", offset::$piece)
            .bench("lazy", lazy::$piece)
            .finish()
    };
}

fn sliding(c: &mut Criterion) {
    lazy::init();
    slider_benches!(c, rook, rook_by_steps);
    slider_benches!(c, bishop, bishop_by_steps);
    slider_benches!(c, queen, queen_by_steps);
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
