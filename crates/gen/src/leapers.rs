//! Knight, king and pawn attacks: pieces that jump to fixed offsets.

use crate::geometry::{DIRECTIONS, NUM_SQUARES, bit, offset};

const KNIGHT_STEPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// Pawn capture steps per colour: white (0) north-east and north-west, black (1) south.
const PAWN_STEPS: [[(i32, i32); 2]; 2] = [[(1, 1), (-1, 1)], [(1, -1), (-1, -1)]];

fn leaper_attacks(steps: &[(i32, i32)]) -> Vec<u64> {
    (0..NUM_SQUARES)
        .map(|sq| {
            steps
                .iter()
                .filter_map(|&(df, dr)| offset(sq, df, dr))
                .fold(0, |acc, s| acc | bit(s))
        })
        .collect()
}

/// Knight attacks, indexed by square.
pub fn knight() -> Vec<u64> {
    leaper_attacks(&KNIGHT_STEPS)
}

/// King attacks, indexed by square: one step in each compass direction.
pub fn king() -> Vec<u64> {
    leaper_attacks(&DIRECTIONS)
}

/// Pawn attacks, indexed `[color][square]` (0 = white, 1 = black), for all 64 squares.
pub fn pawn() -> Vec<Vec<u64>> {
    PAWN_STEPS
        .iter()
        .map(|steps| leaper_attacks(steps))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_on_a1_attacks_b3_and_c2() {
        assert_eq!(knight()[0], 0x20400);
    }

    #[test]
    fn pawns_on_the_back_ranks() {
        let pawn = pawn();
        assert_eq!(pawn[0][63], 0, "white pawn on h8");
        assert_eq!(pawn[0][0], bit(9), "white pawn on a1 attacks b2");
        assert_eq!(pawn[1][0], 0, "black pawn on a1");
        assert_eq!(pawn[1][63], bit(54), "black pawn on h8 attacks g7");
    }

    #[test]
    fn king_in_the_corner() {
        assert_eq!(king()[0], bit(1) | bit(8) | bit(9));
    }
}
