//! Where generated moves go: a caller's visitor, or a bare counter.

use super::PieceMoves;
use crate::{Bitboard, Piece, Square};

/// A destination for generated moves. One generator serves both listing
/// and counting; the counter takes unpinned pawns set-wise.
pub(super) trait Sink {
    /// Whether unpinned pawns are handed over as counts via [`Sink::add`]
    /// instead of one [`PieceMoves`] per pawn.
    const SETWISE_PAWNS: bool;

    /// Takes one piece's moves (ignored when `to` is empty); returns `true`
    /// to stop generation.
    fn emit(&mut self, piece: Piece, from: Square, to: Bitboard) -> bool;

    /// Takes a number of moves counted set-wise.
    fn add(&mut self, count: usize);
}

/// Passes each non-empty group to a caller's closure.
pub(super) struct Visitor<F>(pub F);

impl<F: FnMut(PieceMoves) -> bool> Sink for Visitor<F> {
    const SETWISE_PAWNS: bool = false;

    #[inline(always)]
    fn emit(&mut self, piece: Piece, from: Square, to: Bitboard) -> bool {
        !to.is_empty() && (self.0)(PieceMoves { piece, from, to })
    }

    #[inline(always)]
    fn add(&mut self, _: usize) {
        unreachable!("a visitor takes pawns one by one")
    }
}

/// Counts moves without looking at them.
pub(super) struct Counter(pub usize);

impl Sink for Counter {
    const SETWISE_PAWNS: bool = true;

    #[inline(always)]
    fn emit(&mut self, piece: Piece, from: Square, to: Bitboard) -> bool {
        self.0 += PieceMoves { piece, from, to }.len();
        false
    }

    #[inline(always)]
    fn add(&mut self, count: usize) {
        self.0 += count;
    }
}
