//! Rays in the eight directions, and the `between` and `line` tables built from them.

use crate::geometry::{DIRECTIONS, NUM_SQUARES, bit, opposite, ray_squares, walk};

/// Rays indexed `[direction][square]`, excluding the origin, running to the edge.
pub fn rays() -> Vec<Vec<u64>> {
    (0..DIRECTIONS.len())
        .map(|dir| (0..NUM_SQUARES).map(|sq| walk(sq, dir, 0)).collect())
        .collect()
}

/// Squares strictly between `a` and `b`, indexed `[a][b]`; 0 unless aligned.
pub fn between() -> Vec<Vec<u64>> {
    let mut table = vec![vec![0; NUM_SQUARES]; NUM_SQUARES];
    for (a, row) in table.iter_mut().enumerate() {
        for dir in 0..DIRECTIONS.len() {
            let mut inside = 0;
            for b in ray_squares(a, dir) {
                row[b] = inside;
                inside |= bit(b);
            }
        }
    }
    table
}

/// The whole edge-to-edge line through `a` and `b`, indexed `[a][b]`; 0 unless aligned.
pub fn line(rays: &[Vec<u64>]) -> Vec<Vec<u64>> {
    let mut table = vec![vec![0; NUM_SQUARES]; NUM_SQUARES];
    for (a, row) in table.iter_mut().enumerate() {
        for dir in 0..DIRECTIONS.len() {
            let full = rays[dir][a] | rays[opposite(dir)][a] | bit(a);
            for b in ray_squares(a, dir) {
                row[b] = full;
            }
        }
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn between_and_line_on_a_diagonal() {
        let (a1, c3, h8) = (0, 18, 63);
        assert_eq!(between()[a1][c3], bit(9));
        assert_eq!(between()[a1][a1], 0);
        assert_eq!(line(&rays())[c3][a1], 0x8040_2010_0804_0201);
        assert_eq!(line(&rays())[h8][h8], 0);
        assert_eq!(line(&rays())[a1][17], 0, "a1 and b3 are not aligned");
    }
}
