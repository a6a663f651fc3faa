//! Square arithmetic on the little-endian rank-file board (a1 = 0, b1 = 1, …, h8 = 63).

/// Number of squares on the board.
pub const NUM_SQUARES: usize = 64;

/// The eight compass directions as `(file step, rank step)`, in table order:
/// North, NorthEast, East, SouthEast, South, SouthWest, West, NorthWest.
pub const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// Indices into [`DIRECTIONS`] that a rook slides along.
pub const ROOK_DIRECTIONS: [usize; 4] = [0, 2, 4, 6];

/// Indices into [`DIRECTIONS`] that a bishop slides along.
pub const BISHOP_DIRECTIONS: [usize; 4] = [1, 3, 5, 7];

/// The file (0 = a … 7 = h) of `sq`.
pub fn file(sq: usize) -> i32 {
    (sq % 8) as i32
}

/// The rank (0 = rank 1 … 7 = rank 8) of `sq`.
pub fn rank(sq: usize) -> i32 {
    (sq / 8) as i32
}

/// The one-square bitboard of `sq`.
pub fn bit(sq: usize) -> u64 {
    1 << sq
}

/// The square `df` files and `dr` ranks away from `sq`, or `None` off the board.
pub fn offset(sq: usize, df: i32, dr: i32) -> Option<usize> {
    let (f, r) = (file(sq) + df, rank(sq) + dr);
    if (0..8).contains(&f) && (0..8).contains(&r) {
        Some((r * 8 + f) as usize)
    } else {
        None
    }
}

/// The squares from `sq` (exclusive) in direction `dir`, nearest first, up to the edge.
pub fn ray_squares(sq: usize, dir: usize) -> impl Iterator<Item = usize> {
    let (df, dr) = DIRECTIONS[dir];
    std::iter::successors(offset(sq, df, dr), move |&s| offset(s, df, dr))
}

/// The squares a slider on `sq` reaches in direction `dir`: up to and including the
/// first square of `occupied`, or to the edge.
pub fn walk(sq: usize, dir: usize, occupied: u64) -> u64 {
    let mut attacks = 0;
    for s in ray_squares(sq, dir) {
        attacks |= bit(s);
        if occupied & bit(s) != 0 {
            break;
        }
    }
    attacks
}

/// The direction index that points back the other way.
pub fn opposite(dir: usize) -> usize {
    (dir + 4) % 8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offset_checks_every_edge() {
        assert_eq!(offset(0, -1, 0), None);
        assert_eq!(offset(7, 1, 0), None);
        assert_eq!(offset(63, 0, 1), None);
        assert_eq!(offset(0, 0, -1), None);
        assert_eq!(offset(0, 1, 2), Some(17));
    }

    #[test]
    fn walk_stops_on_the_first_blocker() {
        // Rook on a1 looking north with a blocker on a4.
        assert_eq!(walk(0, 0, bit(24)), bit(8) | bit(16) | bit(24));
    }
}
