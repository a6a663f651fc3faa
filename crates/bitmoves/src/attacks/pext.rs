//! Slider attacks by PEXT/PDEP, for x86-64 CPUs with BMI2. Every function
//! here is `unsafe`: it may only run on such a CPU, which
//! [`Pext`](super::backend::Pext) stands for.
//!
//! PEXT packs the relevant occupancy bits into a dense index; each table
//! entry is the attack set packed the same way into 16 bits, and PDEP
//! spreads it back over the empty-board rays. That makes the table a
//! quarter the size of one holding whole bitboards.

use crate::{Bitboard, Square};
use bitmoves_tables as tables;
use core::arch::x86_64::{_pdep_u64, _pext_u64};

/// The attack set of a slider with the given masks and table offset.
///
/// # Safety
/// The CPU must have BMI2.
#[inline(always)]
unsafe fn lookup(occupied: Bitboard, mask: u64, rays: u64, offset: u32) -> Bitboard {
    // SAFETY: the caller promises BMI2, which has PEXT.
    let index = unsafe { _pext_u64(occupied.0, mask) } as usize;
    let packed = tables::PEXT_ATTACKS[offset as usize + index];
    // SAFETY: the caller promises BMI2, which has PDEP.
    Bitboard(unsafe { _pdep_u64(u64::from(packed), rays) })
}

/// Rook attacks from `square` through `occupied`.
///
/// # Safety
/// The CPU must have BMI2.
#[inline(always)]
pub(crate) unsafe fn rook(square: Square, occupied: Bitboard) -> Bitboard {
    let s = square.index();
    // SAFETY: the caller promises BMI2.
    unsafe {
        lookup(
            occupied,
            tables::ROOK_MASKS[s],
            tables::ROOK_RAYS_ALL[s],
            tables::ROOK_PEXT_OFFSETS[s],
        )
    }
}

/// Bishop attacks from `square` through `occupied`.
///
/// # Safety
/// The CPU must have BMI2.
#[inline(always)]
pub(crate) unsafe fn bishop(square: Square, occupied: Bitboard) -> Bitboard {
    let s = square.index();
    // SAFETY: the caller promises BMI2.
    unsafe {
        lookup(
            occupied,
            tables::BISHOP_MASKS[s],
            tables::BISHOP_RAYS_ALL[s],
            tables::BISHOP_PEXT_OFFSETS[s],
        )
    }
}
