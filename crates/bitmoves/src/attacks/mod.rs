//! Attack sets: the squares a piece attacks, read from the generated tables.
//!
//! "Attacks" are squares a piece attacks, whatever stands on them; legal
//! moves are the business of [`Board`](crate::Board). Sliding pieces take the
//! board's occupancy and stop at (and include) the first blocker on each ray.
//!
//! All slider back-ends give identical results; the tests check every
//! occupancy subset of every square. The functions here use PEXT when the
//! build enables the `bmi2` target feature (for example
//! `RUSTFLAGS="-C target-cpu=native"` on a CPU that has it), obstruction
//! difference on wasm32 (no large tables: the magic ones are not linked
//! into a wasm module), and magic bitboards otherwise. Perft does better
//! than that: it asks the CPU when it runs (see
//! [`perft::slider_backend`](crate::perft::slider_backend)).

#[cfg(any(test, not(target_arch = "wasm32")))]
mod magic;
mod obstruction;
#[cfg(target_arch = "x86_64")]
mod pext;
mod sliders;
#[cfg(test)]
mod tests;

#[cfg(any(test, not(target_arch = "wasm32")))]
pub(crate) use sliders::Magic;
pub(crate) use sliders::{NATIVE, Obstruction, PORTABLE, Proof, Sliders};
#[cfg(target_arch = "x86_64")]
pub(crate) use sliders::{Pext, PextWith};

use crate::{Bitboard, Color, Direction, Square};
use bitmoves_tables as tables;

/// The name of the slider lookup the functions of this module use:
/// `"pext"`, `"obstruction"` (on wasm32) or `"magic"`, fixed when the
/// crate is built.
pub const SLIDER_BACKEND: &str = if cfg!(all(target_arch = "x86_64", target_feature = "bmi2")) {
    "pext"
} else if cfg!(target_arch = "wasm32") {
    "obstruction"
} else {
    "magic"
};

/// The squares a knight on `square` attacks.
///
/// ```
/// use bitmoves::{attacks, Square};
/// assert_eq!(format!("{:#}", attacks::knight(Square::D4)), "\
/// 8 . . . . . . . .
/// 7 . . . . . . . .
/// 6 . . 1 . 1 . . .
/// 5 . 1 . . . 1 . .
/// 4 . . . . . . . .
/// 3 . 1 . . . 1 . .
/// 2 . . 1 . 1 . . .
/// 1 . . . . . . . .
///   A B C D E F G H
/// ");
/// ```
#[inline(always)]
pub fn knight(square: Square) -> Bitboard {
    Bitboard(tables::KNIGHT_ATTACKS[square.index()])
}

/// The squares a king on `square` attacks.
///
/// ```
/// use bitmoves::{attacks, Square};
/// assert_eq!(format!("{:#}", attacks::king(Square::A1)), "\
/// 8 . . . . . . . .
/// 7 . . . . . . . .
/// 6 . . . . . . . .
/// 5 . . . . . . . .
/// 4 . . . . . . . .
/// 3 . . . . . . . .
/// 2 1 1 . . . . . .
/// 1 . 1 . . . . . .
///   A B C D E F G H
/// ");
/// ```
#[inline(always)]
pub fn king(square: Square) -> Bitboard {
    Bitboard(tables::KING_ATTACKS[square.index()])
}

/// The squares a pawn of `color` on `square` attacks (diagonally forward).
///
/// Defined for every square, including the first and last ranks, so that
/// `pawn(!color, sq)` answers "which pawns of `color` attack `sq`".
///
/// ```
/// use bitmoves::{attacks, Color, Square};
/// assert_eq!(format!("{:#}", attacks::pawn(Color::Black, Square::H5)), "\
/// 8 . . . . . . . .
/// 7 . . . . . . . .
/// 6 . . . . . . . .
/// 5 . . . . . . . .
/// 4 . . . . . . 1 .
/// 3 . . . . . . . .
/// 2 . . . . . . . .
/// 1 . . . . . . . .
///   A B C D E F G H
/// ");
/// ```
#[inline(always)]
pub fn pawn(color: Color, square: Square) -> Bitboard {
    Bitboard(tables::PAWN_ATTACKS[color.index()][square.index()])
}

/// The squares a bishop on `square` attacks when `occupied` holds the
/// pieces on the board. Each diagonal stops at its first occupied square,
/// which is included.
///
/// ```
/// use bitmoves::{attacks, Bitboard, Square};
/// let occupied = Square::F6.bitboard() | Square::B2.bitboard();
/// assert_eq!(format!("{:#}", attacks::bishop(Square::D4, occupied)), "\
/// 8 . . . . . . . .
/// 7 1 . . . . . . .
/// 6 . 1 . . . 1 . .
/// 5 . . 1 . 1 . . .
/// 4 . . . . . . . .
/// 3 . . 1 . 1 . . .
/// 2 . 1 . . . 1 . .
/// 1 . . . . . . 1 .
///   A B C D E F G H
/// ");
/// ```
#[inline(always)]
pub fn bishop(square: Square, occupied: Bitboard) -> Bitboard {
    NATIVE.bishop(square, occupied)
}

/// The squares a rook on `square` attacks when `occupied` holds the pieces
/// on the board. Each line stops at its first occupied square, which is
/// included.
///
/// ```
/// use bitmoves::{attacks, Bitboard, Square};
/// let occupied = Square::D6.bitboard() | Square::G4.bitboard() | Square::D1.bitboard();
/// assert_eq!(format!("{:#}", attacks::rook(Square::D4, occupied)), "\
/// 8 . . . . . . . .
/// 7 . . . . . . . .
/// 6 . . . 1 . . . .
/// 5 . . . 1 . . . .
/// 4 1 1 1 . 1 1 1 .
/// 3 . . . 1 . . . .
/// 2 . . . 1 . . . .
/// 1 . . . 1 . . . .
///   A B C D E F G H
/// ");
/// ```
#[inline(always)]
pub fn rook(square: Square, occupied: Bitboard) -> Bitboard {
    NATIVE.rook(square, occupied)
}

/// The squares a queen on `square` attacks: the rook's and the bishop's
/// attacks together.
///
/// ```
/// use bitmoves::{attacks, Bitboard, Square};
/// assert_eq!(format!("{:#}", attacks::queen(Square::B7, Bitboard::EMPTY)), "\
/// 8 1 1 1 . . . . .
/// 7 1 . 1 1 1 1 1 1
/// 6 1 1 1 . . . . .
/// 5 . 1 . 1 . . . .
/// 4 . 1 . . 1 . . .
/// 3 . 1 . . . 1 . .
/// 2 . 1 . . . . 1 .
/// 1 . 1 . . . . . 1
///   A B C D E F G H
/// ");
/// ```
#[inline(always)]
pub fn queen(square: Square, occupied: Bitboard) -> Bitboard {
    rook(square, occupied) | bishop(square, occupied)
}

/// The squares strictly between `a` and `b` when they share a rank, file or
/// diagonal; empty otherwise (and when `a == b`).
///
/// ```
/// use bitmoves::{attacks, Square};
/// assert_eq!(format!("{:#}", attacks::between(Square::B2, Square::F6)), "\
/// 8 . . . . . . . .
/// 7 . . . . . . . .
/// 6 . . . . . . . .
/// 5 . . . . 1 . . .
/// 4 . . . 1 . . . .
/// 3 . . 1 . . . . .
/// 2 . . . . . . . .
/// 1 . . . . . . . .
///   A B C D E F G H
/// ");
/// assert!(attacks::between(Square::B2, Square::C4).is_empty());
/// ```
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(tables::BETWEEN[a.index()][b.index()])
}

/// The whole line, edge to edge, through `a` and `b` when they share a
/// rank, file or diagonal; empty otherwise (and when `a == b`).
///
/// ```
/// use bitmoves::{attacks, Square};
/// assert_eq!(format!("{:#}", attacks::line(Square::C2, Square::E4)), "\
/// 8 . . . . . . . .
/// 7 . . . . . . . 1
/// 6 . . . . . . 1 .
/// 5 . . . . . 1 . .
/// 4 . . . . 1 . . .
/// 3 . . . 1 . . . .
/// 2 . . 1 . . . . .
/// 1 . 1 . . . . . .
///   A B C D E F G H
/// ");
/// ```
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(tables::LINE[a.index()][b.index()])
}

/// The ray from `square` towards the edge in `direction`, without `square`
/// itself.
///
/// ```
/// use bitmoves::{attacks, Direction, Square};
/// assert_eq!(format!("{:#}", attacks::ray(Direction::SouthWest, Square::D4)), "\
/// 8 . . . . . . . .
/// 7 . . . . . . . .
/// 6 . . . . . . . .
/// 5 . . . . . . . .
/// 4 . . . . . . . .
/// 3 . . 1 . . . . .
/// 2 . 1 . . . . . .
/// 1 1 . . . . . . .
///   A B C D E F G H
/// ");
/// ```
#[inline(always)]
pub fn ray(direction: Direction, square: Square) -> Bitboard {
    Bitboard(tables::RAYS[direction.index()][square.index()])
}

/// The squares `color`'s pawns on `pawns` attack, all at once, as the
/// captures towards the h-file and towards the a-file: one step forward
/// and one file aside, without wrapping round the board edge.
#[inline(always)]
pub(crate) fn pawns(color: Color, pawns: Bitboard) -> (Bitboard, Bitboard) {
    let ahead = pawns.forward(color);
    let east = Bitboard((ahead - crate::File::H.bitboard()).0 << 1);
    let west = Bitboard((ahead - crate::File::A.bitboard()).0 >> 1);
    (east, west)
}

/// The squares a bishop on `square` attacks on an empty board: its whole
/// diagonals.
#[inline(always)]
pub(crate) fn bishop_rays(square: Square) -> Bitboard {
    Bitboard(tables::BISHOP_RAYS_ALL[square.index()])
}

/// The squares a rook on `square` attacks on an empty board: its rank and
/// file.
#[inline(always)]
pub(crate) fn rook_rays(square: Square) -> Bitboard {
    Bitboard(tables::ROOK_RAYS_ALL[square.index()])
}
