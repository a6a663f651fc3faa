//! Slider attacks by fancy magic bitboards: the portable back-end.
//!
//! The index of a square's entry in the shared table is
//! `offset + ((occupied & mask) * magic) >> shift`; the generator found
//! magics for which that index never maps two different attack sets together.

use crate::{Bitboard, Square};
use bitmoves_tables as tables;

/// Rook attacks from `square` through `occupied`.
#[inline(always)]
pub(crate) fn rook(square: Square, occupied: Bitboard) -> Bitboard {
    let s = square.index();
    let index = (occupied.0 & tables::ROOK_MASKS[s]).wrapping_mul(tables::ROOK_MAGICS[s])
        >> tables::ROOK_SHIFTS[s];
    Bitboard(tables::SLIDER_ATTACKS[tables::ROOK_OFFSETS[s] as usize + index as usize])
}

/// Bishop attacks from `square` through `occupied`.
#[inline(always)]
pub(crate) fn bishop(square: Square, occupied: Bitboard) -> Bitboard {
    let s = square.index();
    let index = (occupied.0 & tables::BISHOP_MASKS[s]).wrapping_mul(tables::BISHOP_MAGICS[s])
        >> tables::BISHOP_SHIFTS[s];
    Bitboard(tables::SLIDER_ATTACKS[tables::BISHOP_OFFSETS[s] as usize + index as usize])
}
