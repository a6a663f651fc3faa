//! Perft through the rules engine alone ([`perft_by_rules`]), bulk or
//! with every leaf made: the reference the fast paths of `perft.rs` are
//! tested against, and where they hand a position they do not take.

use super::{LooseMoveList, Position, Variant};
use crate::Bitboard;

/// [`perft`](fn@super::perft) through the rules engine alone, never the fast
/// [`Board`](crate::Board) nor the mask generator: the reference that
/// `perft`'s fast paths are tested against.
///
/// ```
/// use bitmoves::variant::{perft, perft_by_rules, KingOfTheHill, Position};
/// let pos = Position::<KingOfTheHill>::start();
/// assert_eq!(perft_by_rules(&pos, 3), perft(&pos, 3));
/// ```
pub fn perft_by_rules<V: Variant>(pos: &Position<V>, depth: u32) -> u64 {
    by_rules::<V, false>(pos, depth)
}

/// [`perft_full`](super::perft_full) through the rules engine alone.
pub(crate) fn perft_full_by_rules<V: Variant>(pos: &Position<V>, depth: u32) -> u64 {
    by_rules::<V, true>(pos, depth)
}

/// Perft through the rules engine: bulk-counted at the last ply, or with
/// every leaf made (`FULL`).
fn by_rules<V: Variant, const FULL: bool>(pos: &Position<V>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 && !FULL {
        return if pos.is_variant_end() {
            0
        } else {
            V::legal_count(pos) as u64
        };
    }
    let mut moves = LooseMoveList::new();
    pos.generate_legal(Bitboard::FULL, Bitboard::FULL, &mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut child = *pos;
            child.play(mv);
            if depth == 1 {
                core::hint::black_box(&child);
                1
            } else {
                by_rules::<V, FULL>(&child, depth - 1)
            }
        })
        .sum()
}
