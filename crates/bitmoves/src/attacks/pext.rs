//! Slider attacks by PEXT/PDEP, compiled when the build enables `bmi2`.
//!
//! PEXT packs the relevant occupancy bits into a dense index; each table
//! entry is the attack set packed the same way into 16 bits, and PDEP
//! spreads it back over the empty-board rays. That makes the table a
//! quarter the size of one holding whole bitboards.

use crate::{Bitboard, Square};
use bitmoves_tables as tables;
use core::arch::x86_64::{_pdep_u64, _pext_u64};

/// The attack set of a slider with the given masks and table offset.
#[inline(always)]
fn lookup(occupied: Bitboard, mask: u64, rays: u64, offset: u32) -> Bitboard {
    // SAFETY: this module is compiled only when the build enables the `bmi2`
    // target feature, which promises that the CPU running it has PEXT/PDEP.
    let index = unsafe { _pext_u64(occupied.0, mask) } as usize;
    let packed = tables::PEXT_ATTACKS[offset as usize + index];
    // SAFETY: as above, `bmi2` is enabled for the whole build.
    Bitboard(unsafe { _pdep_u64(u64::from(packed), rays) })
}

/// Rook attacks from `square` through `occupied`.
#[inline(always)]
pub(crate) fn rook(square: Square, occupied: Bitboard) -> Bitboard {
    let s = square.index();
    lookup(
        occupied,
        tables::ROOK_MASKS[s],
        tables::ROOK_RAYS_ALL[s],
        tables::ROOK_PEXT_OFFSETS[s],
    )
}

/// Bishop attacks from `square` through `occupied`.
#[inline(always)]
pub(crate) fn bishop(square: Square, occupied: Bitboard) -> Bitboard {
    let s = square.index();
    lookup(
        occupied,
        tables::BISHOP_MASKS[s],
        tables::BISHOP_RAYS_ALL[s],
        tables::BISHOP_PEXT_OFFSETS[s],
    )
}
