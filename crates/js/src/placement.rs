//! [`Placement`]: the pieces as chess.js places them, with each rank's
//! number for `fen()` kept up to date as squares change (so a FEN made
//! afresh reads eight numbers instead of 64 squares).

use crate::fields::Placed;
use bitmoves::{Color, Piece, Square};
use std::ops::Index;

/// 13 to the power of each file: a square's weight in its rank's number.
const WEIGHTS: [i32; 8] = {
    let mut weights = [1; 8];
    let mut file = 1;
    while file < 8 {
        weights[file] = weights[file - 1] * 13;
        file += 1;
    }
    weights
};

/// A square's digit in its rank's number: 0 empty, 1–6 a white pawn …
/// king, 7–12 a black one.
fn digit(placed: Placed) -> i32 {
    placed.map_or(0, |(color, kind)| {
        kind.index() as i32 + 1 + 6 * i32::from(color == Color::Black)
    })
}

/// The pieces, a1 = 0 … h8 = 63, and the ranks' numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement {
    squares: [Placed; 64],
    /// Each rank (1st to 8th) as a number in base 13, a digit a square
    /// (the a-file lowest): under 13⁸ < 2³⁰, a small integer to
    /// JavaScript, which keeps each rank's text by it.
    ranks: [i32; 8],
}

impl Default for Placement {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl Placement {
    /// No pieces.
    pub const EMPTY: Self = Self {
        squares: [None; 64],
        ranks: [0; 8],
    };

    /// Puts `placed` on `square` (`None` empties it); returns what was there.
    pub fn set(&mut self, square: Square, placed: Placed) -> Placed {
        let index = square.index();
        let old = std::mem::replace(&mut self.squares[index], placed);
        self.ranks[index / 8] += (digit(placed) - digit(old)) * WEIGHTS[index % 8];
        old
    }

    /// The 64 squares, a1 first.
    pub fn squares(&self) -> &[Placed; 64] {
        &self.squares
    }

    /// The number of the rank of index `rank` (0: the 1st rank).
    pub fn rank_number(&self, rank: usize) -> i32 {
        self.ranks[rank]
    }

    /// Where the piece `placed` stands, a1 first.
    pub fn find(&self, placed: (Color, Piece)) -> Option<Square> {
        self.squares
            .iter()
            .position(|&p| p == Some(placed))
            .map(Square::from_index)
    }
}

impl Index<usize> for Placement {
    type Output = Placed;

    fn index(&self, index: usize) -> &Placed {
        &self.squares[index]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rank numbers computed afresh from the squares.
    fn fresh(placement: &Placement) -> [i32; 8] {
        std::array::from_fn(|rank| {
            (0..8).rev().fold(0, |code, file| {
                code * 13 + digit(placement[rank * 8 + file])
            })
        })
    }

    /// Law: after any sequence of `set`s, each rank's kept number equals
    /// the number computed from its squares.
    #[test]
    fn kept_rank_numbers_equal_fresh_ones() {
        let mut placement = Placement::EMPTY;
        let mut seed = 0x9e37_79b9_u32;
        for step in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            let square = Square::from_index((seed % 64) as usize);
            let placed = match (seed >> 8) % 14 {
                n @ 0..12 => Some((
                    if n < 6 { Color::White } else { Color::Black },
                    Piece::from_index((n % 6) as usize),
                )),
                _ => None,
            };
            placement.set(square, placed);
            assert_eq!(placement.ranks, fresh(&placement), "after step {step}");
        }
        let full: Vec<Placed> = placement.squares().to_vec();
        assert!(full.iter().any(Option::is_some) && full.iter().any(Option::is_none));
    }

    #[test]
    fn a_full_rank_of_black_kings_stays_a_small_integer() {
        let mut placement = Placement::EMPTY;
        for file in 0..8 {
            placement.set(
                Square::from_index(56 + file),
                Some((Color::Black, Piece::King)),
            );
        }
        assert_eq!(placement.rank_number(7), 13_i32.pow(8) - 1);
        assert!(placement.rank_number(7) < 1 << 30);
    }
}
