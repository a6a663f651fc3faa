//! Pawn pushes and attacks for a whole set of pawns at once, both colours.
//!
//! White pawns move north, Black pawns south. Pushes go onto `empty`
//! squares; the double push is the single push pushed again, kept only
//! where the first step landed on the third rank (rank 6 for Black), so a
//! blocked first square blocks it too.

use crate::compass::{north, north_east, north_west, south, south_east, south_west};
use crate::masks::{RANK_3, RANK_6};
use bitmoves::{Bitboard, Color};

/// The rank a single push from the starting rank lands on: 3 for White, 6
/// for Black.
#[inline(always)]
pub const fn third_rank(color: Color) -> Bitboard {
    match color {
        Color::White => RANK_3,
        Color::Black => RANK_6,
    }
}

/// `pawns` one step forward for `color`: north for White, south for Black.
#[inline(always)]
pub fn forward(color: Color, pawns: Bitboard) -> Bitboard {
    match color {
        Color::White => north(pawns),
        Color::Black => south(pawns),
    }
}

/// The squares `pawns` reach by a single push onto `empty` squares.
///
/// ```
/// use bitmoves::{Bitboard, Color, Square};
/// use bitmoves_shift::pawns::single_pushes;
/// let (white, black) = (Square::E2.bitboard(), Square::D7.bitboard());
/// let empty = !(white | black | Square::E3.bitboard());
/// assert!(single_pushes(Color::White, white, empty).is_empty());
/// assert_eq!(single_pushes(Color::Black, black, empty), Square::D6.bitboard());
/// ```
#[inline(always)]
pub fn single_pushes(color: Color, pawns: Bitboard, empty: Bitboard) -> Bitboard {
    forward(color, pawns) & empty
}

/// The squares `pawns` reach by a double push: the single pushes that land
/// on rank 3 (rank 6 for Black), pushed once more onto `empty` squares.
/// Only pawns on their starting rank can land there, and a pawn whose first
/// square is taken has no single push to extend.
///
/// ```
/// use bitmoves::{Bitboard, Color, Square};
/// use bitmoves_shift::pawns::double_pushes;
/// let pawns = Square::E2.bitboard() | Square::D2.bitboard() | Square::C3.bitboard();
/// let empty = !(pawns | Square::D3.bitboard());
/// // d2 is blocked on d3, c3 has left its starting rank.
/// assert_eq!(double_pushes(Color::White, pawns, empty), Square::E4.bitboard());
/// ```
#[inline(always)]
pub fn double_pushes(color: Color, pawns: Bitboard, empty: Bitboard) -> Bitboard {
    single_pushes(
        color,
        single_pushes(color, pawns, empty) & third_rank(color),
        empty,
    )
}

/// The squares `pawns` attack towards the h-file: north-east for White,
/// south-east for Black (both masked with the a-file).
#[inline(always)]
pub fn east_attacks(color: Color, pawns: Bitboard) -> Bitboard {
    match color {
        Color::White => north_east(pawns),
        Color::Black => south_east(pawns),
    }
}

/// The squares `pawns` attack towards the a-file: north-west for White,
/// south-west for Black (both masked with the h-file).
#[inline(always)]
pub fn west_attacks(color: Color, pawns: Bitboard) -> Bitboard {
    match color {
        Color::White => north_west(pawns),
        Color::Black => south_west(pawns),
    }
}

/// Every square `pawns` attack, whatever stands there.
///
/// ```
/// use bitmoves::{Bitboard, Color, Square};
/// use bitmoves_shift::pawns::attacks;
/// let pawns = Square::A2.bitboard() | Square::H2.bitboard();
/// assert_eq!(format!("{:#}", attacks(Color::White, pawns)), "\
/// 8 . . . . . . . .
/// 7 . . . . . . . .
/// 6 . . . . . . . .
/// 5 . . . . . . . .
/// 4 . . . . . . . .
/// 3 . 1 . . . . 1 .
/// 2 . . . . . . . .
/// 1 . . . . . . . .
///   A B C D E F G H
/// ");
/// ```
#[inline(always)]
pub fn attacks(color: Color, pawns: Bitboard) -> Bitboard {
    east_attacks(color, pawns) | west_attacks(color, pawns)
}

/// The `enemies` that `pawns` capture towards the h-file.
#[inline(always)]
pub fn east_captures(color: Color, pawns: Bitboard, enemies: Bitboard) -> Bitboard {
    east_attacks(color, pawns) & enemies
}

/// The `enemies` that `pawns` capture towards the a-file.
#[inline(always)]
pub fn west_captures(color: Color, pawns: Bitboard, enemies: Bitboard) -> Bitboard {
    west_attacks(color, pawns) & enemies
}

/// The `enemies` that `pawns` capture in either direction.
#[inline(always)]
pub fn captures(color: Color, pawns: Bitboard, enemies: Bitboard) -> Bitboard {
    attacks(color, pawns) & enemies
}

/// Every square some pawn of `pawns` can move to: single and double pushes
/// onto `empty` squares, and captures of `enemies` (en passant aside).
///
/// ```
/// use bitmoves::{Bitboard, Color, Square};
/// use bitmoves_shift::pawns::targets;
/// let pawns = Square::E2.bitboard();
/// let enemies = Square::D3.bitboard() | Square::E4.bitboard();
/// let empty = !(pawns | enemies);
/// let expected = Square::E3.bitboard() | Square::D3.bitboard();
/// assert_eq!(targets(Color::White, pawns, empty, enemies), expected);
/// ```
#[inline(always)]
pub fn targets(color: Color, pawns: Bitboard, empty: Bitboard, enemies: Bitboard) -> Bitboard {
    let singles = single_pushes(color, pawns, empty);
    let doubles = single_pushes(color, singles & third_rank(color), empty);
    singles | doubles | captures(color, pawns, enemies)
}
