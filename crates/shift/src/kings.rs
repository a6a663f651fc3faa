//! King attacks by masked shifts, for one square or many kings at once.

use crate::compass::{east, north, south, west};
use bitmoves::{Bitboard, Square};

/// The squares a king on `square` attacks.
///
/// ```
/// use bitmoves::{attacks, Square};
/// use bitmoves_shift::kings;
/// assert_eq!(format!("{:#}", kings::attacks(Square::H8)), "\
/// 8 . . . . . . 1 .
/// 7 . . . . . . 1 1
/// 6 . . . . . . . .
/// 5 . . . . . . . .
/// 4 . . . . . . . .
/// 3 . . . . . . . .
/// 2 . . . . . . . .
/// 1 . . . . . . . .
///   A B C D E F G H
/// ");
/// assert_eq!(kings::attacks(Square::H8), attacks::king(Square::H8));
/// ```
#[inline(always)]
pub fn attacks(square: Square) -> Bitboard {
    set_attacks(square.bitboard())
}

/// The squares a king on `square` may step to, ignoring checks: its
/// attacks, less the squares holding `own` pieces.
#[inline(always)]
pub fn moves(square: Square, own: Bitboard) -> Bitboard {
    attacks(square) & !own
}

/// Every square attacked by some king of `kings`. Four shifts instead of
/// eight: east and west first, then the row of three moved north and south.
///
/// ```
/// use bitmoves::Square;
/// use bitmoves_shift::kings;
/// assert_eq!(kings::set_attacks(Square::E4.bitboard()).len(), 8);
/// ```
#[inline(always)]
pub fn set_attacks(kings: Bitboard) -> Bitboard {
    let sideways = east(kings) | west(kings);
    let row = sideways | kings;
    sideways | north(row) | south(row)
}
