//! The fills of `avx512.rs` with AVX2, for x86-64 CPUs without
//! AVX-512: the eight directions of a queen in two registers of four
//! 64-bit lanes (those that shift left, north, east, north-east and
//! north-west, and those that shift right), each lane a Kogge-Stone
//! occluded fill, and a knight's eight jumps in two more. AVX2 has no
//! rotation and no popcount of a lane: the fills shift (a bit shifted off
//! the board is lost, so only the files need masks), and the count adds
//! the lanes' bytes' popcounts, each looked up by nibble.

use super::{AttackLayers, FILE_A, FILE_H, FILES_AB, FILES_GH, SetwiseFills, layers_of_lanes};
use crate::Bitboard;
use crate::attacks::Proof;
use core::arch::x86_64::*;

/// Proof that the CPU has AVX2: only made where it does, which makes the
/// fills sound to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Avx2Fills {
    /// Private: an `Avx2Fills` is made only by `assume` or `detect`.
    _avx2: (),
}

impl Proof for Avx2Fills {
    #[inline(always)]
    unsafe fn assume() -> Self {
        Self { _avx2: () }
    }
}

impl Avx2Fills {
    /// An `Avx2Fills` when the CPU running this has AVX2.
    /// (The tests' own check; perft detects by its variants' table.)
    #[cfg(all(test, feature = "std"))]
    pub(crate) fn detect() -> Option<Self> {
        std::is_x86_feature_detected!("avx2").then_some(Self { _avx2: () })
    }
}

impl SetwiseFills for Avx2Fills {
    #[inline(always)]
    fn move_count(
        self,
        diagonal: Bitboard,
        orthogonal: Bitboard,
        knights: Bitboard,
        occupied: Bitboard,
        target: Bitboard,
    ) -> usize {
        // SAFETY: an `Avx2Fills` exists only on a CPU with AVX2 (see
        // `Avx2Fills`).
        unsafe {
            let [up, down, leaps_up, leaps_down] =
                attack_lanes(diagonal, orthogonal, knights, occupied);
            let target = _mm256_set1_epi64x(target.0 as i64);
            // Each byte's count is at most 8 per register: 32 in all.
            let bytes = _mm256_add_epi8(
                _mm256_add_epi8(
                    byte_counts(_mm256_and_si256(up, target)),
                    byte_counts(_mm256_and_si256(down, target)),
                ),
                _mm256_add_epi8(
                    byte_counts(_mm256_and_si256(leaps_up, target)),
                    byte_counts(_mm256_and_si256(leaps_down, target)),
                ),
            );
            let lanes = _mm256_sad_epu8(bytes, _mm256_setzero_si256());
            let halves = _mm_add_epi64(
                _mm256_castsi256_si128(lanes),
                _mm256_extracti128_si256::<1>(lanes),
            );
            let sum = _mm_add_epi64(halves, _mm_unpackhi_epi64(halves, halves));
            _mm_cvtsi128_si64(sum) as usize
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
            let [up, down, leaps_up, leaps_down] =
                attack_lanes(diagonal, orthogonal, knights, occupied);
            let all = _mm256_or_si256(
                _mm256_or_si256(up, down),
                _mm256_or_si256(leaps_up, leaps_down),
            );
            let halves = _mm_or_si128(
                _mm256_castsi256_si128(all),
                _mm256_extracti128_si256::<1>(all),
            );
            let union = _mm_or_si128(halves, _mm_unpackhi_epi64(halves, halves));
            Bitboard(_mm_cvtsi128_si64(union) as u64)
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
        // SAFETY: as in `move_count`.
        unsafe {
            let [up, down, leaps_up, leaps_down] =
                attack_lanes(diagonal, orthogonal, knights, occupied);
            layers_of_lanes([up, down], [leaps_up, leaps_down])
        }
    }
}

/// Four lanes, the first in the lowest.
///
/// # Safety
/// The CPU must have AVX.
#[inline(always)]
unsafe fn lanes(values: [u64; 4]) -> __m256i {
    // SAFETY: the caller promises AVX.
    unsafe {
        _mm256_set_epi64x(
            values[3] as i64,
            values[2] as i64,
            values[1] as i64,
            values[0] as i64,
        )
    }
}

/// The number of set bits of each byte of `v`, by nibbles looked up in a
/// register.
///
/// # Safety
/// The CPU must have AVX2.
#[inline(always)]
unsafe fn byte_counts(v: __m256i) -> __m256i {
    // SAFETY: the caller promises AVX2.
    unsafe {
        let table = _mm256_setr_epi8(
            0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2,
            3, 3, 4,
        );
        let nibble = _mm256_set1_epi8(0x0F);
        let low = _mm256_and_si256(v, nibble);
        let high = _mm256_and_si256(_mm256_srli_epi16::<4>(v), nibble);
        _mm256_add_epi8(
            _mm256_shuffle_epi8(table, low),
            _mm256_shuffle_epi8(table, high),
        )
    }
}

/// The slider attacks of `diagonal` and `orthogonal` in the directions
/// that shift left (north +8, east +1, north-east +9, north-west +7) and
/// right (south, west, south-west, south-east, by the same steps), and the
/// knight jumps of `knights` up (+17, +15, +10, +6) and down (-6, -10,
/// -15, -17), one direction per lane, in that order.
///
/// # Safety
/// The CPU must have AVX2.
#[inline(always)]
unsafe fn attack_lanes(
    diagonal: Bitboard,
    orthogonal: Bitboard,
    knights: Bitboard,
    occupied: Bitboard,
) -> [__m256i; 4] {
    // SAFETY: the caller promises AVX2.
    unsafe {
        // Rooks' and queens' lines in the low two lanes, bishops' and
        // queens' in the high two: a blend of two broadcasts.
        let from = _mm256_blend_epi32::<0xF0>(
            _mm256_set1_epi64x(orthogonal.0 as i64),
            _mm256_set1_epi64x(diagonal.0 as i64),
        );
        let empty = _mm256_set1_epi64x(!occupied.0 as i64);
        // A step east (+1 left, -7 right) never lands on the a-file but by
        // wrapping round the board, nor one west on the h-file.
        let step = lanes([8, 1, 9, 7]);
        let (left, right) = (
            lanes([!0, !FILE_A, !FILE_A, !FILE_H]),
            lanes([!0, !FILE_H, !FILE_H, !FILE_A]),
        );
        let up = fill::<true>(from, _mm256_and_si256(empty, left), left, step);
        let down = fill::<false>(from, _mm256_and_si256(empty, right), right, step);
        let n = _mm256_set1_epi64x(knights.0 as i64);
        let leaps_up = _mm256_and_si256(
            _mm256_sllv_epi64(n, lanes([17, 15, 10, 6])),
            lanes([!FILE_A, !FILE_H, !FILES_AB, !FILES_GH]),
        );
        let leaps_down = _mm256_and_si256(
            _mm256_srlv_epi64(n, lanes([6, 10, 15, 17])),
            lanes([!FILES_AB, !FILES_GH, !FILE_A, !FILE_H]),
        );
        [up, down, leaps_up, leaps_down]
    }
}

/// One register of Kogge-Stone occluded fills: the attacks of the
/// sliders `from`, each lane stepping by its count of `step`, to the left
/// (`LEFT`) or the right, through the squares `open` (empty, and not reached by
/// wrapping), onto the squares `landing` (not reached by wrapping).
///
/// # Safety
/// The CPU must have AVX2.
#[inline(always)]
unsafe fn fill<const LEFT: bool>(
    from: __m256i,
    open: __m256i,
    landing: __m256i,
    step: __m256i,
) -> __m256i {
    // SAFETY: the caller promises AVX2.
    unsafe {
        let (mut fill, mut open, mut by) = (from, open, step);
        for _ in 0..2 {
            fill = _mm256_or_si256(fill, _mm256_and_si256(open, shift::<LEFT>(fill, by)));
            open = _mm256_and_si256(open, shift::<LEFT>(open, by));
            by = _mm256_add_epi64(by, by);
        }
        fill = _mm256_or_si256(fill, _mm256_and_si256(open, shift::<LEFT>(fill, by)));
        _mm256_and_si256(shift::<LEFT>(fill, step), landing)
    }
}

/// Each lane of `v` shifted by its count in `by`, to the left (`LEFT`) or
/// the right. (A function, not a closure, so that it inlines with the
/// target features of its caller.)
///
/// # Safety
/// The CPU must have AVX2.
#[inline(always)]
unsafe fn shift<const LEFT: bool>(v: __m256i, by: __m256i) -> __m256i {
    // SAFETY: the caller promises AVX2.
    unsafe {
        if LEFT {
            _mm256_sllv_epi64(v, by)
        } else {
            _mm256_srlv_epi64(v, by)
        }
    }
}
