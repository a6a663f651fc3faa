//! Rook and bishop geometry shared by both slider tables: masks, empty-board rays and
//! the slow reference walk the tables are filled from.

use crate::geometry::{BISHOP_DIRECTIONS, NUM_SQUARES, ROOK_DIRECTIONS, bit, ray_squares, walk};

/// A sliding piece kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slider {
    /// Slides along ranks and files.
    Rook,
    /// Slides along diagonals.
    Bishop,
}

impl Slider {
    /// Both sliders, in table order (rooks first).
    pub const ALL: [Slider; 2] = [Slider::Rook, Slider::Bishop];

    fn directions(self) -> [usize; 4] {
        match self {
            Slider::Rook => ROOK_DIRECTIONS,
            Slider::Bishop => BISHOP_DIRECTIONS,
        }
    }

    /// Attacks from `sq` with the given blockers, by walking each ray (the reference).
    pub fn attacks(self, sq: usize, occupied: u64) -> u64 {
        self.directions()
            .iter()
            .fold(0, |acc, &dir| acc | walk(sq, dir, occupied))
    }

    /// Relevant occupancy of `sq`: each empty-board ray without its last square.
    pub fn mask(self, sq: usize) -> u64 {
        self.directions().iter().fold(0, |acc, &dir| {
            let ray = walk(sq, dir, 0);
            let last = ray_squares(sq, dir).last().map_or(0, bit);
            acc | (ray & !last)
        })
    }

    /// Relevant occupancy masks, indexed by square.
    pub fn masks(self) -> Vec<u64> {
        (0..NUM_SQUARES).map(|sq| self.mask(sq)).collect()
    }

    /// Attacks on an empty board, indexed by square.
    pub fn rays_all(self) -> Vec<u64> {
        (0..NUM_SQUARES).map(|sq| self.attacks(sq, 0)).collect()
    }
}

/// Every subset of `mask`, starting with the empty set (carry-rippler order).
pub fn subsets(mask: u64) -> impl Iterator<Item = u64> {
    let mut next = Some(0u64);
    std::iter::from_fn(move || {
        let current = next?;
        let following = current.wrapping_sub(mask) & mask;
        next = (following != 0).then_some(following);
        Some(current)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mask_sizes_match_the_classic_counts() {
        assert_eq!(Slider::Rook.mask(0).count_ones(), 12);
        assert_eq!(Slider::Rook.mask(27).count_ones(), 10);
        assert_eq!(Slider::Bishop.mask(0).count_ones(), 6);
        assert_eq!(Slider::Bishop.mask(27).count_ones(), 9);
        let rook_total: u32 = Slider::Rook
            .masks()
            .iter()
            .map(|m| 1 << m.count_ones())
            .sum();
        let bishop_total: u32 = Slider::Bishop
            .masks()
            .iter()
            .map(|m| 1 << m.count_ones())
            .sum();
        assert_eq!((rook_total, bishop_total), (102_400, 5_248));
    }

    #[test]
    fn subsets_are_all_distinct_and_complete() {
        let mask = 0b1011_0000_0100;
        let all: Vec<u64> = subsets(mask).collect();
        assert_eq!(all.len(), 16);
        assert!(all.iter().all(|s| s & !mask == 0));
    }
}
