//! Perft's fills: attack sets of many pieces at once in vector registers
//! (`avx512.rs`, `avx2.rs`), and the layers of attacks (once, twice) that
//! perft's frontier hints are made of.
//!
//! Perft's leaf counting uses the fills where the CPU has AVX-512F and
//! AVX-512 VPOPCNTDQ, or AVX2: one fill counts the moves of every knight,
//! bishop, rook and queen of a side, and another gives the enemy's attack
//! map for the king, with no loop over the pieces and no table lookup
//! (`docs/performance.md`, "What each choice bought", has the
//! measurements). A slider back-end offers them through `Sliders::fills`;
//! nothing outside perft's counting asks for them.

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
#[cfg(all(test, feature = "std", target_arch = "x86_64"))]
mod tests;

#[cfg(target_arch = "x86_64")]
pub(crate) use avx2::Avx2Fills;
#[cfg(target_arch = "x86_64")]
pub(crate) use avx512::Avx512Fills;

use crate::Bitboard;
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

#[cfg(target_arch = "x86_64")]
const RANK_1: u64 = 0xFF;
#[cfg(target_arch = "x86_64")]
const RANK_8: u64 = 0xFF << 56;
#[cfg(target_arch = "x86_64")]
const FILE_A: u64 = 0x0101_0101_0101_0101;
#[cfg(target_arch = "x86_64")]
const FILE_H: u64 = FILE_A << 7;
#[cfg(target_arch = "x86_64")]
const FILES_AB: u64 = FILE_A | (FILE_A << 1);
#[cfg(target_arch = "x86_64")]
const FILES_GH: u64 = FILE_H | (FILE_H >> 1);

/// The squares a side's sliders, and its knights, attack at least once
/// and at least twice (two pieces never attack a square from one
/// direction, so these are also the squares of one, and of two or more,
/// directions): what perft's `FrontierHints` are made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct AttackLayers {
    pub sliders: Bitboard,
    pub sliders_twice: Bitboard,
    pub knights: Bitboard,
    pub knights_twice: Bitboard,
}

/// Attack sets of a side's knights and sliders all at once, by fills in
/// vector registers: what a slider back-end offers perft's counting
/// (`Sliders::fills`). Made only where the CPU has the instructions, which
/// makes the methods sound to call.
#[cfg(target_arch = "x86_64")]
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
#[cfg(target_arch = "x86_64")]
#[derive(Debug, Clone, Copy)]
pub(crate) enum NoFills {}

#[cfg(target_arch = "x86_64")]
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

/// The layers of the fills' lanes: the slider directions in the lanes of
/// `sliders` (two registers of four), the knight jumps in `knights`'.
///
/// # Safety
/// The CPU must have AVX2.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn layers_of_lanes(sliders: [__m256i; 2], knights: [__m256i; 2]) -> AttackLayers {
    // SAFETY: the caller promises AVX2.
    unsafe {
        let (sliders, sliders_twice) = once_and_twice(sliders[0], sliders[1]);
        let (knights, knights_twice) = once_and_twice(knights[0], knights[1]);
        AttackLayers {
            sliders,
            sliders_twice,
            knights,
            knights_twice,
        }
    }
}

#[cfg(target_arch = "x86_64")]
/// The squares in at least one, and in at least two, of the eight lanes
/// of `a` and `b`: the layers are halved lane by lane, each half's
/// squares in both halves going to the second layer.
///
/// # Safety
/// The CPU must have AVX2.
#[inline(always)]
unsafe fn once_and_twice(a: __m256i, b: __m256i) -> (Bitboard, Bitboard) {
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
