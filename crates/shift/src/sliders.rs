//! Rook, bishop and queen attacks without tables, by filling along each ray
//! through the empty squares: occluded (Kogge-Stone) fills, which double
//! the distance each step, and the simple fill, one step at a time.
//!
//! Both fills work on whole sets: `rays_*` fill from every square of
//! `sliders` at once. A ray's attacks are its fill moved one step further,
//! so they stop at, and include, the first occupied square.

use crate::compass::{delta, landing, shift, step};
use bitmoves::{Bitboard, Direction, Square};

/// The four directions a rook moves in.
pub const ROOK_DIRECTIONS: [Direction; 4] = [
    Direction::North,
    Direction::East,
    Direction::South,
    Direction::West,
];

/// The four directions a bishop moves in.
pub const BISHOP_DIRECTIONS: [Direction; 4] = [
    Direction::NorthEast,
    Direction::SouthEast,
    Direction::SouthWest,
    Direction::NorthWest,
];

/// Kogge-Stone occluded fill: `sliders` and every square they reach in
/// `direction` through `empty` squares (the blockers themselves excluded).
///
/// The propagator (empty squares that may be entered without wrapping) is
/// shifted along with the generator by 1, 2 and 4 steps, so three rounds
/// cover the seven steps a ray can take.
///
/// ```
/// use bitmoves::{Bitboard, Direction, Square};
/// use bitmoves_shift::sliders::occluded_fill;
/// let empty = !Square::E6.bitboard();
/// let fill = occluded_fill(Direction::North, Square::E2.bitboard(), empty);
/// let expected = [Square::E2, Square::E3, Square::E4, Square::E5];
/// assert_eq!(fill, expected.into_iter().collect());
/// ```
#[inline(always)]
pub fn occluded_fill(direction: Direction, sliders: Bitboard, empty: Bitboard) -> Bitboard {
    let by = delta(direction);
    let mut generator = sliders;
    let mut propagator = empty & landing(direction);
    generator |= propagator & shift(generator, by);
    propagator &= shift(propagator, by);
    generator |= propagator & shift(generator, 2 * by);
    propagator &= shift(propagator, 2 * by);
    generator | (propagator & shift(generator, 4 * by))
}

/// The simple fill: the same set as [`occluded_fill`], one masked step at a
/// time. Six steps reach the far end of any ray (the seventh is the attack
/// step that [`rays_by_steps`] adds).
#[inline(always)]
pub fn step_fill(direction: Direction, sliders: Bitboard, empty: Bitboard) -> Bitboard {
    let mut fill = sliders;
    let mut front = sliders;
    for _ in 0..6 {
        front = step(direction, front) & empty;
        fill |= front;
    }
    fill
}

/// The squares `sliders` attack in `direction`, by the Kogge-Stone fill.
#[inline(always)]
pub fn rays(direction: Direction, sliders: Bitboard, occupied: Bitboard) -> Bitboard {
    step(direction, occluded_fill(direction, sliders, !occupied))
}

/// The squares `sliders` attack in `direction`, by the one-step fill.
#[inline(always)]
pub fn rays_by_steps(direction: Direction, sliders: Bitboard, occupied: Bitboard) -> Bitboard {
    step(direction, step_fill(direction, sliders, !occupied))
}

/// The squares `sliders` attack along all of `directions`, by `fill`
/// (which is [`rays`] or [`rays_by_steps`]).
#[inline(always)]
fn all_rays(
    directions: [Direction; 4],
    fill: fn(Direction, Bitboard, Bitboard) -> Bitboard,
    sliders: Bitboard,
    occupied: Bitboard,
) -> Bitboard {
    let [a, b, c, d] = directions.map(|direction| fill(direction, sliders, occupied));
    a | b | c | d
}

/// The squares a rook on `square` attacks through `occupied`, by
/// Kogge-Stone fills.
///
/// ```
/// use bitmoves::{attacks, Bitboard, Square};
/// use bitmoves_shift::sliders;
/// let occupied = Square::D6.bitboard() | Square::G4.bitboard() | Square::D1.bitboard();
/// assert_eq!(format!("{:#}", sliders::rook(Square::D4, occupied)), "\
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
    all_rays(ROOK_DIRECTIONS, rays, square.bitboard(), occupied)
}

/// The squares a bishop on `square` attacks through `occupied`, by
/// Kogge-Stone fills.
///
/// ```
/// use bitmoves::{attacks, Square};
/// use bitmoves_shift::sliders;
/// let occupied = Square::F6.bitboard() | Square::B2.bitboard();
/// assert_eq!(sliders::bishop(Square::D4, occupied), attacks::bishop(Square::D4, occupied));
/// ```
#[inline(always)]
pub fn bishop(square: Square, occupied: Bitboard) -> Bitboard {
    all_rays(BISHOP_DIRECTIONS, rays, square.bitboard(), occupied)
}

/// The squares a queen on `square` attacks through `occupied`, by
/// Kogge-Stone fills.
#[inline(always)]
pub fn queen(square: Square, occupied: Bitboard) -> Bitboard {
    rook(square, occupied) | bishop(square, occupied)
}

/// The squares a rook on `square` attacks through `occupied`, by one-step
/// fills.
#[inline(always)]
pub fn rook_by_steps(square: Square, occupied: Bitboard) -> Bitboard {
    all_rays(ROOK_DIRECTIONS, rays_by_steps, square.bitboard(), occupied)
}

/// The squares a bishop on `square` attacks through `occupied`, by
/// one-step fills.
#[inline(always)]
pub fn bishop_by_steps(square: Square, occupied: Bitboard) -> Bitboard {
    all_rays(
        BISHOP_DIRECTIONS,
        rays_by_steps,
        square.bitboard(),
        occupied,
    )
}

/// The squares a queen on `square` attacks through `occupied`, by
/// one-step fills.
#[inline(always)]
pub fn queen_by_steps(square: Square, occupied: Bitboard) -> Bitboard {
    rook_by_steps(square, occupied) | bishop_by_steps(square, occupied)
}
