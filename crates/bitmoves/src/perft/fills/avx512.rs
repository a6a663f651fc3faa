//! The fills with AVX-512: the eight directions of a queen (or the eight
//! jumps of a knight) in the eight 64-bit lanes of one register, each lane
//! a Kogge-Stone occluded fill.

use super::{
    AttackLayers, FILE_A, FILE_H, FILES_AB, FILES_GH, RANK_1, RANK_8, SetwiseFills, layers_of_lanes,
};
use crate::Bitboard;
use crate::attacks::Proof;
use core::arch::x86_64::*;

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
            layers_of_lanes(
                [
                    _mm512_castsi512_si256(sliders),
                    _mm512_extracti64x4_epi64::<1>(sliders),
                ],
                [
                    _mm512_castsi512_si256(leaps),
                    _mm512_extracti64x4_epi64::<1>(leaps),
                ],
            )
        }
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
