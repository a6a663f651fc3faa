//! Slider back-ends as types, so that move generation can be compiled once
//! per back-end and the fast one picked when the program runs.
//!
//! [`Magic`] works everywhere. [`Pext`] reads the PEXT tables with the
//! PEXT/PDEP instructions of BMI2; a value of it exists only where the CPU
//! has them, which makes its lookups sound to call. [`NATIVE`] is the
//! back-end this build can use without asking the CPU: PEXT when the build
//! enables `bmi2` (for example with `-C target-cpu=native`), magic
//! otherwise. [`PextFills`] adds AVX-512 fills for perft's leaf counting,
//! [`PextAvx2`] their AVX2 form; perft's dispatch alone uses them.

#[cfg(target_arch = "x86_64")]
use super::{Avx2Fills, Fills, NoFills, SetwiseFills};
use crate::{Bitboard, Square};

/// A way to look up slider attacks. All back-ends give the same sets.
pub(crate) trait Sliders: Copy {
    /// Bishop attacks from `square` through `occupied`.
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard;

    /// Rook attacks from `square` through `occupied`.
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard;

    /// Queen attacks: rook and bishop together.
    #[inline(always)]
    fn queen(self, square: Square, occupied: Bitboard) -> Bitboard {
        self.bishop(square, occupied) | self.rook(square, occupied)
    }

    /// The kind of fills this back-end counts with ([`NoFills`] for none).
    #[cfg(target_arch = "x86_64")]
    type Fills: SetwiseFills;

    /// The fills (AVX-512 or AVX2), where this back-end may use them:
    /// counting sinks then take every knight and slider at once.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn fills(self) -> Option<Self::Fills> {
        None
    }
}

/// Fancy magic bitboards: the portable back-end.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Magic;

impl Sliders for Magic {
    #[cfg(target_arch = "x86_64")]
    type Fills = NoFills;

    #[inline(always)]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        super::magic::bishop(square, occupied)
    }

    #[inline(always)]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        super::magic::rook(square, occupied)
    }
}

/// PEXT/PDEP lookups: only made where the CPU has BMI2.
#[cfg(target_arch = "x86_64")]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Pext {
    /// Private: a `Pext` is proof that the CPU has BMI2.
    _bmi2: (),
}

#[cfg(target_arch = "x86_64")]
impl Pext {
    /// A `Pext` when this build promises BMI2 (`target_feature = "bmi2"`).
    #[cfg(target_feature = "bmi2")]
    pub(crate) const STATIC: Self = Self { _bmi2: () };

    /// A `Pext` when the CPU running this has BMI2.
    #[cfg(feature = "std")]
    pub(crate) fn detect() -> Option<Self> {
        std::is_x86_feature_detected!("bmi2").then_some(Self { _bmi2: () })
    }
}

#[cfg(target_arch = "x86_64")]
impl Sliders for Pext {
    type Fills = NoFills;

    #[inline(always)]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        // SAFETY: a `Pext` exists only on a CPU with BMI2 (see `Pext`).
        unsafe { super::pext::bishop(square, occupied) }
    }

    #[inline(always)]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        // SAFETY: a `Pext` exists only on a CPU with BMI2 (see `Pext`).
        unsafe { super::pext::rook(square, occupied) }
    }
}

/// PEXT lookups, and fills of kind `F` for counting: only made where the
/// CPU has BMI2 and the fills' instructions.
#[cfg(target_arch = "x86_64")]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PextWith<F> {
    /// Proof of BMI2.
    pub pext: Pext,
    /// Proof of the fills' features.
    pub fills: F,
}

/// PEXT lookups and AVX-512 fills: BMI2, AVX-512F and AVX-512 VPOPCNTDQ.
#[cfg(target_arch = "x86_64")]
pub(crate) type PextFills = PextWith<Fills>;

/// PEXT lookups and AVX2 fills: BMI2 and AVX2.
#[cfg(target_arch = "x86_64")]
pub(crate) type PextAvx2 = PextWith<Avx2Fills>;

#[cfg(target_arch = "x86_64")]
impl PextFills {
    /// A `PextFills` when this build promises all three features (for
    /// builds without `std`, which cannot ask the CPU).
    #[cfg_attr(feature = "std", allow(dead_code))]
    #[cfg(all(
        target_feature = "bmi2",
        target_feature = "avx512f",
        target_feature = "avx512vpopcntdq"
    ))]
    pub(crate) const STATIC: Self = Self {
        pext: Pext::STATIC,
        fills: Fills::STATIC,
    };
}

#[cfg(target_arch = "x86_64")]
impl PextAvx2 {
    /// A `PextAvx2` when this build promises BMI2 and AVX2 (for builds
    /// without `std`, which cannot ask the CPU).
    #[cfg_attr(feature = "std", allow(dead_code))]
    #[cfg(all(target_feature = "bmi2", target_feature = "avx2"))]
    pub(crate) const STATIC: Self = Self {
        pext: Pext::STATIC,
        fills: Avx2Fills::STATIC,
    };
}

#[cfg(target_arch = "x86_64")]
impl<F: SetwiseFills> Sliders for PextWith<F> {
    type Fills = F;

    #[inline(always)]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        self.pext.bishop(square, occupied)
    }

    #[inline(always)]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        self.pext.rook(square, occupied)
    }

    #[inline(always)]
    fn fills(self) -> Option<F> {
        Some(self.fills)
    }
}

/// The back-end this build uses without asking the CPU. Never the fills,
/// even where the build has AVX-512: the library's own generators stay as
/// they are, and perft picks the fills itself when it runs.
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
pub(crate) const NATIVE: Pext = Pext::STATIC;

/// The back-end this build uses without asking the CPU.
#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
pub(crate) const NATIVE: Magic = Magic;
