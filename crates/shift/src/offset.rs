//! Offset walking: attacks one square at a time, stepping `square + delta`
//! with [`Square::offset`], which refuses to step off the board.
//!
//! This is the per-square approach the write-ups start from, and the
//! clearest reference: every edge case is the one check inside
//! [`Square::offset`].

use bitmoves::{Bitboard, Color, Direction, Square};

/// A knight's eight jumps as `(file delta, rank delta)`, clockwise from
/// two north one east, the order of [`knight_jumps`](crate::compass::knight_jumps).
pub const KNIGHT_DELTAS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The squares `deltas` away from `square` that are on the board.
fn leaps(square: Square, deltas: impl IntoIterator<Item = (i8, i8)>) -> Bitboard {
    deltas
        .into_iter()
        .filter_map(|(file, rank)| square.offset(file, rank))
        .collect()
}

/// The squares a knight on `square` attacks.
///
/// ```
/// use bitmoves::{attacks, Square};
/// use bitmoves_shift::offset;
/// assert_eq!(offset::knight(Square::H4), attacks::knight(Square::H4));
/// ```
pub fn knight(square: Square) -> Bitboard {
    leaps(square, KNIGHT_DELTAS)
}

/// The squares a king on `square` attacks: one step each way.
pub fn king(square: Square) -> Bitboard {
    leaps(square, Direction::ALL.map(Direction::delta))
}

/// The squares a pawn of `color` on `square` attacks: one file either side,
/// one rank forward.
///
/// ```
/// use bitmoves::{Color, Square};
/// use bitmoves_shift::offset;
/// assert_eq!(offset::pawn(Color::Black, Square::A5), Square::B4.bitboard());
/// ```
pub fn pawn(color: Color, square: Square) -> Bitboard {
    let forward = match color {
        Color::White => 1,
        Color::Black => -1,
    };
    leaps(square, [(-1, forward), (1, forward)])
}

/// The squares attacked from `square` along `direction`: each step until
/// the edge, stopping after the first square in `occupied`.
///
/// ```
/// use bitmoves::{Direction, Square};
/// use bitmoves_shift::offset;
/// let ray = offset::ray(Direction::East, Square::E1, Square::G1.bitboard());
/// assert_eq!(ray, Square::F1.bitboard() | Square::G1.bitboard());
/// ```
pub fn ray(direction: Direction, square: Square, occupied: Bitboard) -> Bitboard {
    let (file, rank) = direction.delta();
    let mut attacked = Bitboard::EMPTY;
    let mut current = square;
    while let Some(next) = current.offset(file, rank) {
        attacked.insert(next);
        if occupied.contains(next) {
            break;
        }
        current = next;
    }
    attacked
}

/// The union of the rays from `square` in the directions `keep` accepts.
fn rays(square: Square, occupied: Bitboard, keep: fn(Direction) -> bool) -> Bitboard {
    Direction::ALL
        .into_iter()
        .filter(|&direction| keep(direction))
        .fold(Bitboard::EMPTY, |set, direction| {
            set | ray(direction, square, occupied)
        })
}

/// The squares a rook on `square` attacks through `occupied`.
pub fn rook(square: Square, occupied: Bitboard) -> Bitboard {
    rays(square, occupied, Direction::is_orthogonal)
}

/// The squares a bishop on `square` attacks through `occupied`.
pub fn bishop(square: Square, occupied: Bitboard) -> Bitboard {
    rays(square, occupied, Direction::is_diagonal)
}

/// The squares a queen on `square` attacks through `occupied`.
pub fn queen(square: Square, occupied: Bitboard) -> Bitboard {
    rays(square, occupied, |_| true)
}
