//! Slider back-ends as types, so that move generation can be compiled once
//! per back-end and the fast one picked when the program runs.
//!
//! [`Magic`] works everywhere. [`Pext`] reads the PEXT tables with the
//! PEXT/PDEP instructions of BMI2; a value of it exists only where the CPU
//! has them, which makes its lookups sound to call. [`NATIVE`] is the
//! back-end this build can use without asking the CPU: PEXT when the build
//! enables `bmi2` (for example with `-C target-cpu=native`), magic
//! otherwise. [`PextWith`] adds fills for perft's leaf counting (AVX-512
//! or AVX2); perft's dispatch alone uses them. Each type's value proves
//! the CPU features it needs ([`Proof`]).

#[cfg(target_arch = "x86_64")]
use crate::perft::fills::{NoFills, SetwiseFills};
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

/// A type whose value proves CPU features (a slider back-end, fills):
/// made only by [`Proof::assume`], after a check of those features.
pub(crate) trait Proof: Copy {
    /// The value.
    ///
    /// # Safety
    ///
    /// The CPU running this has the features the type names.
    unsafe fn assume() -> Self;
}

#[cfg(any(test, not(target_arch = "wasm32")))]
impl Proof for Magic {
    unsafe fn assume() -> Self {
        Magic
    }
}

/// Fancy magic bitboards: the portable back-end.
#[cfg(any(test, not(target_arch = "wasm32")))]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Magic;

/// Obstruction difference on the empty-board rays: no tables of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Obstruction;

impl Proof for Obstruction {
    unsafe fn assume() -> Self {
        Obstruction
    }
}

impl Sliders for Obstruction {
    #[cfg(target_arch = "x86_64")]
    type Fills = NoFills;

    #[inline(always)]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        super::obstruction::bishop(square, occupied)
    }

    #[inline(always)]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        super::obstruction::rook(square, occupied)
    }
}

/// The back-end that needs no CPU feature: magic, or on wasm32 one with
/// no large tables.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) type Portable = Magic;
/// The back-end that needs no CPU feature.
#[cfg(target_arch = "wasm32")]
pub(crate) type Portable = Obstruction;
/// The value of [`Portable`].
#[cfg(not(target_arch = "wasm32"))]
pub(crate) const PORTABLE: Portable = Magic;
/// The value of [`Portable`].
#[cfg(target_arch = "wasm32")]
pub(crate) const PORTABLE: Portable = Obstruction;

#[cfg(any(test, not(target_arch = "wasm32")))]
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
    /// (The tests' own check; perft detects by its variants' table.)
    #[cfg(all(test, feature = "std"))]
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

#[cfg(target_arch = "x86_64")]
impl Proof for Pext {
    #[inline(always)]
    unsafe fn assume() -> Self {
        Self { _bmi2: () }
    }
}

#[cfg(target_arch = "x86_64")]
impl<F: SetwiseFills + Proof> Proof for PextWith<F> {
    #[inline(always)]
    unsafe fn assume() -> Self {
        // SAFETY: the caller promises BMI2 and the fills' features.
        unsafe {
            Self {
                pext: Pext::assume(),
                fills: F::assume(),
            }
        }
    }
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
pub(crate) const NATIVE: Portable = PORTABLE;
