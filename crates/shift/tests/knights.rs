//! Set-wise knight calculations: attacks of many knights (both forms),
//! the k-move fill, and fork squares, each against a brute-force reference.

mod common;

use bitmoves::{Bitboard, Square, attacks};
use bitmoves_shift::knights;
use common::bitboard;
use proptest::prelude::*;

/// Union of per-square lookups.
fn union_of_lookups(knights: Bitboard) -> Bitboard {
    knights
        .iter()
        .fold(Bitboard::EMPTY, |set, sq| set | attacks::knight(sq))
}

/// Breadth-first search over single squares: the squares at knight
/// distance at most `moves` from `starts`.
fn within_by_bfs(starts: Bitboard, moves: usize) -> Bitboard {
    let mut distance = [usize::MAX; Square::NUM];
    let mut queue: std::collections::VecDeque<Square> = starts.iter().collect();
    for sq in starts {
        distance[sq.index()] = 0;
    }
    while let Some(sq) = queue.pop_front() {
        for next in attacks::knight(sq) {
            if distance[next.index()] == usize::MAX {
                distance[next.index()] = distance[sq.index()] + 1;
                queue.push_back(next);
            }
        }
    }
    Square::ALL
        .into_iter()
        .filter(|sq| distance[sq.index()] <= moves)
        .collect()
}

/// The squares whose knight attacks hold two or more targets, one by one.
fn forks_by_brute_force(targets: Bitboard) -> Bitboard {
    Square::ALL
        .into_iter()
        .filter(|&sq| (attacks::knight(sq) & targets).len() >= 2)
        .collect()
}

proptest! {
    /// For any knights: union of 8 shifts == parallel prefix == union of lookups.
    #[test]
    fn set_attacks_in_both_forms_equal_the_union_of_lookups(knights in bitboard()) {
        let union = union_of_lookups(knights);
        prop_assert_eq!(knights::set_attacks(knights), union);
        prop_assert_eq!(knights::set_attacks_parallel(knights), union);
    }

    /// For any start set and k ≤ 6: fill(starts, k) == BFS distance ≤ k.
    #[test]
    fn fill_after_k_moves_equals_bfs_distance_at_most_k(starts in bitboard(), moves in 0..=6_usize) {
        prop_assert_eq!(knights::fill(starts, moves), within_by_bfs(starts, moves));
    }

    /// For a few starting squares, sparse like real knights.
    #[test]
    fn fill_from_one_or_two_squares_equals_bfs(a in 0..64_usize, b in 0..64_usize, moves in 0..=6_usize) {
        let starts = Square::ALL[a].bitboard() | Square::ALL[b].bitboard();
        prop_assert_eq!(knights::fill(starts, moves), within_by_bfs(starts, moves));
    }

    /// For any targets: fork squares == squares whose knight attacks hold ≥ 2 targets.
    #[test]
    fn fork_squares_equal_brute_force(targets in bitboard()) {
        prop_assert_eq!(knights::fork_squares(targets), forks_by_brute_force(targets));
    }
}

#[test]
fn fill_from_every_single_square_equals_bfs_for_every_k_up_to_6() {
    for sq in Square::ALL {
        for moves in 0..=6 {
            assert_eq!(
                knights::fill(sq.bitboard(), moves),
                within_by_bfs(sq.bitboard(), moves)
            );
        }
    }
}

#[test]
fn fork_squares_equal_brute_force_for_every_pair_of_targets() {
    for a in Square::ALL {
        for b in Square::ALL {
            let targets = a.bitboard() | b.bitboard();
            assert_eq!(
                knights::fork_squares(targets),
                forks_by_brute_force(targets),
                "{a} {b}"
            );
        }
    }
}
