//! Slider attacks by obstruction difference: the back-end with no tables
//! of its own, the default on wasm32 (where the magic tables would be most
//! of the module).
//!
//! Each line through the square (file, rank, diagonal, anti-diagonal) is
//! its two empty-board rays from the square, the one towards a1's side
//! (lower squares) and the one towards h8's (higher squares), read from
//! `tables::RAYS` (4 KB that the crate has anyway). The nearest blocker
//! below is the highest occupied bit of the lower ray (a leading-zero
//! count; square 0 stands in for "none", which lets the whole lower ray
//! through); subtracting it from the upper ray's occupied bits borrows up
//! to the nearest blocker above, so `upper ^ (upper - nearest_below)`
//! holds every square from the one blocker to the other, and the line
//! keeps those of them that are on it. After Michael Hoffmann's
//! "Obstruction Difference" (Chess Programming Wiki). Everything here is
//! shifts, a subtraction and a leading-zero count: no multiplication, no
//! byte swap (which wasm lacks).

use crate::{Bitboard, Direction, Square};
use Direction::{East, North, NorthEast, NorthWest, South, SouthEast, SouthWest, West};
use bitmoves_tables as tables;

/// The attacks along one line from `square`: `lower` is the direction
/// towards lower squares, `upper` its opposite.
#[inline(always)]
fn line(square: Square, occupied: u64, lower: Direction, upper: Direction) -> u64 {
    let lower_ray = tables::RAYS[lower.index()][square.index()];
    let upper_ray = tables::RAYS[upper.index()][square.index()];
    let below = occupied & lower_ray;
    let above = occupied & upper_ray;
    // The highest blocker below, or square 0 where there is none.
    let nearest_below = 0x8000_0000_0000_0000_u64 >> (below | 1).leading_zeros();
    let between = above ^ above.wrapping_sub(nearest_below);
    (lower_ray | upper_ray) & between
}

/// Rook attacks from `square` through `occupied`.
// One copy on wasm32, where it is the only back-end and a copy inlined at
// each of the generator's lookups costs module size (the lab's budget).
#[cfg_attr(target_arch = "wasm32", inline(never))]
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
pub(crate) fn rook(square: Square, occupied: Bitboard) -> Bitboard {
    let file = line(square, occupied.0, South, North);
    let rank = line(square, occupied.0, West, East);
    Bitboard(file | rank)
}

/// Bishop attacks from `square` through `occupied`.
// One copy on wasm32, where it is the only back-end and a copy inlined at
// each of the generator's lookups costs module size (the lab's budget).
#[cfg_attr(target_arch = "wasm32", inline(never))]
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
pub(crate) fn bishop(square: Square, occupied: Bitboard) -> Bitboard {
    let diagonal = line(square, occupied.0, SouthWest, NorthEast);
    let anti = line(square, occupied.0, SouthEast, NorthWest);
    Bitboard(diagonal | anti)
}
