//! Attack sets of many pieces at once with AVX-512: the eight directions
//! of a queen (or the eight jumps of a knight) in the eight 64-bit lanes of
//! one register, each lane a Kogge-Stone occluded fill; and
//! [`SetwiseFills`], what perft's counting asks of these fills and of
//! their AVX2 form (`attacks/fill_avx2.rs`).
//!
//! Perft's leaf counting uses these where the CPU has AVX-512F and
//! AVX-512 VPOPCNTDQ: one fill counts the moves of every knight, bishop,
//! rook and queen of a side, and another gives the enemy's attack map for
//! the king, with no loop over the pieces and no table lookup
//! (`docs/performance.md`, "What each choice bought", has the measurements).

use super::{AttackLayers, Proof};
use crate::Bitboard;
use core::arch::x86_64::*;

pub(super) const RANK_1: u64 = 0xFF;
pub(super) const RANK_8: u64 = 0xFF << 56;
pub(super) const FILE_A: u64 = 0x0101_0101_0101_0101;
pub(super) const FILE_H: u64 = FILE_A << 7;
pub(super) const FILES_AB: u64 = FILE_A | (FILE_A << 1);
pub(super) const FILES_GH: u64 = FILE_H | (FILE_H >> 1);

/// Attack sets of a side's knights and sliders all at once, by fills in
/// vector registers: what a slider back-end offers perft's counting
/// (`Sliders::fills`). Made only where the CPU has the instructions, which
/// makes the methods sound to call.
pub(crate) trait SetwiseFills: Copy {
    /// The number of moves onto `target` of the knights `knights` and the
    /// sliders `diagonal` (bishops and queens) and `orthogonal` (rooks and
    /// queens), with `occupied` blocking the sliders.
    ///
    /// The pieces must all be of one side, and `target` must hold none of
    /// that side's pieces. Then two pieces' moves in one direction never
    /// share a square of `target` (a slider's ray ends on the next piece of
    /// its side; two knights' jumps by one offset start on different
    /// squares), so the moves of all of them are the squares of the eight
    /// directions together.
    fn move_count(
        self,
        diagonal: Bitboard,
        orthogonal: Bitboard,
        knights: Bitboard,
        occupied: Bitboard,
        target: Bitboard,
    ) -> usize;

    /// Every square the knights `knights` and the sliders `diagonal` and
    /// `orthogonal` attack, with `occupied` blocking the sliders.
    fn attacks(
        self,
        diagonal: Bitboard,
        orthogonal: Bitboard,
        knights: Bitboard,
        occupied: Bitboard,
    ) -> Bitboard;

    /// The squares the sliders `diagonal` and `orthogonal` attack at
    /// least once and at least twice, and the same for the knights
    /// `knights`, with `occupied` blocking the sliders.
    ///
    /// Each direction's squares count once: two pieces never attack a
    /// square from one direction (the nearer slider blocks the farther;
    /// two knights would share a square), and one piece attacks a square
    /// from one direction only, so the count of directions is the count of
    /// attackers.
    fn attack_layers(
        self,
        diagonal: Bitboard,
        orthogonal: Bitboard,
        knights: Bitboard,
        occupied: Bitboard,
    ) -> AttackLayers;
}

/// The fills of a back-end that has none: no value of it exists.
#[derive(Debug, Clone, Copy)]
pub(crate) enum NoFills {}

impl SetwiseFills for NoFills {
    fn move_count(self, _: Bitboard, _: Bitboard, _: Bitboard, _: Bitboard, _: Bitboard) -> usize {
        match self {}
    }

    fn attacks(self, _: Bitboard, _: Bitboard, _: Bitboard, _: Bitboard) -> Bitboard {
        match self {}
    }

    fn attack_layers(self, _: Bitboard, _: Bitboard, _: Bitboard, _: Bitboard) -> AttackLayers {
        match self {}
    }
}

/// Proof that the CPU has AVX-512F and AVX-512 VPOPCNTDQ: only made where
/// it does, which makes the fills sound to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Avx512Fills {
    /// Private: an `Avx512Fills` is made only by `assume` or `detect`.
    _avx512: (),
}

impl Proof for Avx512Fills {
    #[inline(always)]
    unsafe fn assume() -> Self {
        Self { _avx512: () }
    }
}

impl Avx512Fills {
    /// An `Avx512Fills` when the CPU running this has both features.
    /// (The tests' own check; perft detects by its variants' table.)
    #[cfg(all(test, feature = "std"))]
    pub(crate) fn detect() -> Option<Self> {
        use std::is_x86_feature_detected as has;
        (has!("avx512f") && has!("avx512vpopcntdq")).then_some(Self { _avx512: () })
    }
}

impl SetwiseFills for Avx512Fills {
    #[inline(always)]
    fn move_count(
        self,
        diagonal: Bitboard,
        orthogonal: Bitboard,
        knights: Bitboard,
        occupied: Bitboard,
        target: Bitboard,
    ) -> usize {
        // SAFETY: an `Avx512Fills` exists only on a CPU with AVX-512F and
        // AVX-512 VPOPCNTDQ (see `Avx512Fills`).
        unsafe {
            let (sliders, leaps) = attack_lanes(diagonal, orthogonal, knights, occupied);
            let target = _mm512_set1_epi64(target.0 as i64);
            let counts = _mm512_add_epi64(
                _mm512_popcnt_epi64(_mm512_and_si512(sliders, target)),
                _mm512_popcnt_epi64(_mm512_and_si512(leaps, target)),
            );
            _mm512_reduce_add_epi64(counts) as usize
        }
    }

    #[inline(always)]
    fn attacks(
        self,
        diagonal: Bitboard,
        orthogonal: Bitboard,
        knights: Bitboard,
        occupied: Bitboard,
    ) -> Bitboard {
        // SAFETY: as in `move_count`.
        unsafe {
            let (sliders, leaps) = attack_lanes(diagonal, orthogonal, knights, occupied);
            Bitboard(_mm512_reduce_or_epi64(_mm512_or_si512(sliders, leaps)) as u64)
        }
    }

    #[inline(always)]
    fn attack_layers(
        self,
        diagonal: Bitboard,
        orthogonal: Bitboard,
        knights: Bitboard,
        occupied: Bitboard,
    ) -> AttackLayers {
        // SAFETY: as in `move_count` (AVX-512F includes AVX2).
        unsafe {
            let (sliders, leaps) = attack_lanes(diagonal, orthogonal, knights, occupied);
            let (sliders, sliders_twice) = once_and_twice(
                _mm512_castsi512_si256(sliders),
                _mm512_extracti64x4_epi64::<1>(sliders),
            );
            let (knights, knights_twice) = once_and_twice(
                _mm512_castsi512_si256(leaps),
                _mm512_extracti64x4_epi64::<1>(leaps),
            );
            AttackLayers {
                sliders,
                sliders_twice,
                knights,
                knights_twice,
            }
        }
    }
}

/// The squares in at least one, and in at least two, of the eight lanes
/// of `a` and `b`: the layers are halved lane by lane, each half's
/// squares in both halves going to the second layer.
///
/// # Safety
/// The CPU must have AVX2.
#[inline(always)]
pub(super) unsafe fn once_and_twice(a: __m256i, b: __m256i) -> (Bitboard, Bitboard) {
    // SAFETY: the caller promises AVX2.
    unsafe {
        let (once, twice) = (_mm256_or_si256(a, b), _mm256_and_si256(a, b));
        let (low, high) = (
            _mm256_castsi256_si128(once),
            _mm256_extracti128_si256::<1>(once),
        );
        let twice = _mm_or_si128(
            _mm_or_si128(
                _mm256_castsi256_si128(twice),
                _mm256_extracti128_si256::<1>(twice),
            ),
            _mm_and_si128(low, high),
        );
        let once = _mm_or_si128(low, high);
        let (once_high, twice_high) = (
            _mm_unpackhi_epi64(once, once),
            _mm_unpackhi_epi64(twice, twice),
        );
        let twice = _mm_or_si128(
            _mm_or_si128(twice, twice_high),
            _mm_and_si128(once, once_high),
        );
        let once = _mm_or_si128(once, once_high);
        (
            Bitboard(_mm_cvtsi128_si64(once) as u64),
            Bitboard(_mm_cvtsi128_si64(twice) as u64),
        )
    }
}

/// The slider attacks of `diagonal` and `orthogonal` (lanes 0-3: north,
/// south, east, west; lanes 4-7: north-east, north-west, south-east,
/// south-west) and the knight jumps of `knights` (lanes 0-7: +17, +15,
/// +10, +6, -6, -10, -15, -17), one direction per lane.
///
/// # Safety
/// The CPU must have AVX-512F.
#[inline(always)]
unsafe fn attack_lanes(
    diagonal: Bitboard,
    orthogonal: Bitboard,
    knights: Bitboard,
    occupied: Bitboard,
) -> (__m512i, __m512i) {
    // SAFETY: the caller promises the CPU's features (see above).
    unsafe {
        // Each slider direction is a rotation by `step`, and `edge` keeps out
        // the squares a rotation would reach by wrapping around the board.
        let step = _mm512_set_epi64(55, 57, 7, 9, 63, 1, 56, 8);
        let edge = _mm512_set_epi64(
            !(RANK_8 | FILE_H) as i64,
            !(RANK_8 | FILE_A) as i64,
            !(RANK_1 | FILE_H) as i64,
            !(RANK_1 | FILE_A) as i64,
            !FILE_H as i64,
            !FILE_A as i64,
            !RANK_8 as i64,
            !RANK_1 as i64,
        );
        let mut fill = _mm512_mask_blend_epi64(
            0xF0,
            _mm512_set1_epi64(orthogonal.0 as i64),
            _mm512_set1_epi64(diagonal.0 as i64),
        );
        // Kogge-Stone: the fill spreads 1, 2, then 4 steps through the empty
        // squares, which spread themselves so as to stay contiguous.
        let mut empty = _mm512_andnot_si512(_mm512_set1_epi64(occupied.0 as i64), edge);
        let mut shift = step;
        for _ in 0..2 {
            fill = _mm512_or_si512(
                fill,
                _mm512_and_si512(empty, _mm512_rolv_epi64(fill, shift)),
            );
            empty = _mm512_and_si512(empty, _mm512_rolv_epi64(empty, shift));
            shift = _mm512_add_epi64(shift, shift);
        }
        fill = _mm512_or_si512(
            fill,
            _mm512_and_si512(empty, _mm512_rolv_epi64(fill, shift)),
        );
        let sliders = _mm512_and_si512(_mm512_rolv_epi64(fill, step), edge);
        // Jumps are shifts, not rotations, so that one off the board is lost;
        // a count of 64 shifts every bit out, so each lane shifts one way.
        let knights = _mm512_set1_epi64(knights.0 as i64);
        let up = _mm512_sllv_epi64(knights, _mm512_set_epi64(64, 64, 64, 64, 6, 10, 15, 17));
        let down = _mm512_srlv_epi64(knights, _mm512_set_epi64(17, 15, 10, 6, 64, 64, 64, 64));
        let landing = _mm512_set_epi64(
            !FILE_H as i64,
            !FILE_A as i64,
            !FILES_GH as i64,
            !FILES_AB as i64,
            !FILES_GH as i64,
            !FILES_AB as i64,
            !FILE_H as i64,
            !FILE_A as i64,
        );
        (
            sliders,
            _mm512_and_si512(_mm512_or_si512(up, down), landing),
        )
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use crate::attacks::{self, Avx2Fills, Magic, Sliders};
    use crate::{Board, Piece};

    /// The positions the laws are checked on: every position up to two
    /// plies below the make tests' positions (castling, en passant,
    /// promotions, Chess960).
    fn boards() -> std::vec::Vec<Board> {
        crate::board::MAKE_TEST_FENS
            .into_iter()
            .flat_map(crate::board::up_to_two_plies_below)
            .collect()
    }

    /// Law: the fills' attack map of a side's knights and sliders is the
    /// union of each piece's table lookup, with and without a king taken
    /// off the board; for the AVX-512 and the AVX2 fills, where this CPU
    /// has them.
    #[test]
    fn the_attack_map_is_the_union_of_the_lookups() {
        with_each_kind_of_fills!(attack_map_law);
    }

    /// Runs `$law` with the AVX-512 and the AVX2 fills, where this CPU has
    /// them.
    macro_rules! with_each_kind_of_fills {
        ($law:ident) => {
            if let Some(fills) = Avx512Fills::detect() {
                $law(fills);
            }
            if let Some(fills) = Avx2Fills::detect() {
                $law(fills);
            }
        };
    }
    use with_each_kind_of_fills;

    /// Calls `law` with each board of [`boards`] and each side.
    fn each_side(mut law: impl FnMut(&Board, crate::Color, Bitboard)) {
        for board in boards() {
            for side in [crate::Color::White, crate::Color::Black] {
                law(&board, side, board.colors(side));
            }
        }
    }

    /// Calls `law` with each board of [`boards`], each side's diagonal
    /// sliders, orthogonal sliders and knights, and the occupancy with and
    /// without the other side's king.
    fn each_side_and_occupancy(
        mut law: impl FnMut(&Board, Bitboard, Bitboard, Bitboard, Bitboard),
    ) {
        each_side(|board, side, ours| {
            let queens = board.pieces(Piece::Queen);
            let diagonal = (board.pieces(Piece::Bishop) | queens) & ours;
            let orthogonal = (board.pieces(Piece::Rook) | queens) & ours;
            let knights = board.pieces(Piece::Knight) & ours;
            for occupied in [
                board.occupied(),
                board.occupied() - board.king(!side).bitboard(),
            ] {
                law(board, diagonal, orthogonal, knights, occupied);
            }
        });
    }

    fn attack_map_law(fills: impl SetwiseFills) {
        each_side_and_occupancy(|board, diagonal, orthogonal, knights, occupied| {
            let mut expected = Bitboard::EMPTY;
            for from in knights {
                expected |= attacks::knight(from);
            }
            for from in diagonal {
                expected |= Magic.bishop(from, occupied);
            }
            for from in orthogonal {
                expected |= Magic.rook(from, occupied);
            }
            assert_eq!(
                fills.attacks(diagonal, orthogonal, knights, occupied),
                expected,
                "{board}"
            );
        });
    }

    /// Law: the fills' attack layers hold the squares that one or more,
    /// and two or more, of a side's sliders (and, apart, of its knights)
    /// attack by their table lookups, with and without a king taken off
    /// the board; for the AVX-512 and the AVX2 fills, where this CPU has
    /// them.
    #[test]
    fn the_attack_layers_count_the_lookups() {
        with_each_kind_of_fills!(attack_layers_law);
    }

    fn attack_layers_law(fills: impl SetwiseFills) {
        each_side_and_occupancy(|board, diagonal, orthogonal, knights, occupied| {
            // Each square's attackers, counted one piece at a time.
            let mut sliders = [0; 64];
            let mut leapers = [0; 64];
            for from in diagonal | orthogonal {
                let mut reach = Bitboard::EMPTY;
                if diagonal.contains(from) {
                    reach |= Magic.bishop(from, occupied);
                }
                if orthogonal.contains(from) {
                    reach |= Magic.rook(from, occupied);
                }
                reach.into_iter().for_each(|to| sliders[to.index()] += 1);
            }
            for from in knights {
                attacks::knight(from)
                    .into_iter()
                    .for_each(|to| leapers[to.index()] += 1);
            }
            let at_least = |counts: &[u32; 64], n: u32| {
                Bitboard::FULL
                    .into_iter()
                    .filter(|to| counts[to.index()] >= n)
                    .collect::<Bitboard>()
            };
            let expected = AttackLayers {
                sliders: at_least(&sliders, 1),
                sliders_twice: at_least(&sliders, 2),
                knights: at_least(&leapers, 1),
                knights_twice: at_least(&leapers, 2),
            };
            assert_eq!(
                fills.attack_layers(diagonal, orthogonal, knights, occupied),
                expected,
                "{board}"
            );
        });
    }

    /// Law: the fills' move count is the sum over the pieces of their
    /// lookups' squares in the target, for the whole board and for a
    /// check's evasion squares alike; for the AVX-512 and the AVX2 fills,
    /// where this CPU has them.
    #[test]
    fn the_move_count_is_the_sum_of_the_lookups() {
        with_each_kind_of_fills!(move_count_law);
    }

    fn move_count_law(fills: impl SetwiseFills) {
        each_side(|board, side, ours| {
            let queens = board.pieces(Piece::Queen) & ours;
            let bishops = board.pieces(Piece::Bishop) & ours;
            let rooks = board.pieces(Piece::Rook) & ours;
            let knights = board.pieces(Piece::Knight) & ours;
            let occupied = board.occupied();
            let king = board.king(!side);
            for target in [
                !ours,
                board.colors(!side),
                !ours & attacks::queen(king, occupied),
            ] {
                let mut expected = 0;
                for from in knights {
                    expected += (attacks::knight(from) & target).len();
                }
                for from in bishops {
                    expected += (Magic.bishop(from, occupied) & target).len();
                }
                for from in rooks {
                    expected += (Magic.rook(from, occupied) & target).len();
                }
                for from in queens {
                    expected += (Magic.queen(from, occupied) & target).len();
                }
                let count =
                    fills.move_count(bishops | queens, rooks | queens, knights, occupied, target);
                assert_eq!(count, expected, "{board}");
            }
        });
    }
}
