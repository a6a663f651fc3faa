//! Perft through the rules engine, for any variant: the number of move
//! paths of a given length, bulk-counted at the last ply.

use super::{LooseMoveList, Position, Variant, VariantKind, dispatch};
use crate::Bitboard;
use crate::setup::Setup;

/// Counts the move paths of `depth` plies from `pos` (1 for depth 0), by
/// the rules of `V`.
///
/// ```
/// use bitmoves::variant::{perft, Position, RacingKings};
/// assert_eq!(perft(&Position::<RacingKings>::start(), 2), 421);
/// ```
pub fn perft<V: Variant>(pos: &Position<V>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = LooseMoveList::new();
    pos.generate_legal(Bitboard::FULL, Bitboard::FULL, &mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&mv| {
            let mut child = *pos;
            child.play(mv);
            perft(&child, depth - 1)
        })
        .sum()
}

/// Perft of `setup` by the rules of the variant `kind` names, chosen at
/// run time (each variant's code is its own monomorphised copy).
///
/// ```
/// use bitmoves::{setup::Setup, variant::{perft_of, VariantKind}};
/// let kind: VariantKind = "horde".parse()?;
/// let setup = Setup::from_fen(kind.start_fen())?;
/// assert_eq!(perft_of(kind, setup, false, 2), 128);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn perft_of(kind: VariantKind, setup: Setup, chess960: bool, depth: u32) -> u64 {
    dispatch!(kind, V => perft(&Position::<V>::from_setup(setup, chess960), depth))
}
