//! Where generated moves go: a caller's visitor, or a bare counter.

use super::PieceMoves;
use crate::{Bitboard, Piece, Square};

/// A destination for generated moves. One generator serves both listing
/// and counting; a counter takes unpinned pawns set-wise.
pub(super) trait Sink {
    /// Takes one piece's moves (ignored when `to` is empty); returns `true`
    /// to stop generation.
    fn emit(&mut self, piece: Piece, from: Square, to: Bitboard) -> bool;

    /// The running count of a sink that takes unpinned pawns as a number
    /// rather than one [`PieceMoves`] per pawn; `None` for a sink that
    /// wants to see every move.
    fn setwise_count(&mut self) -> Option<&mut usize>;
}

/// Passes each non-empty group to a caller's closure.
pub(super) struct Visitor<F>(pub F);

impl<F: FnMut(PieceMoves) -> bool> Sink for Visitor<F> {
    #[inline(always)]
    fn emit(&mut self, piece: Piece, from: Square, to: Bitboard) -> bool {
        !to.is_empty() && (self.0)(PieceMoves { piece, from, to })
    }

    #[inline(always)]
    fn setwise_count(&mut self) -> Option<&mut usize> {
        None
    }
}

/// Counts moves without looking at them.
pub(super) struct MoveCounter(pub usize);

impl Sink for MoveCounter {
    #[inline(always)]
    fn emit(&mut self, piece: Piece, from: Square, to: Bitboard) -> bool {
        self.0 += PieceMoves { piece, from, to }.len();
        false
    }

    #[inline(always)]
    fn setwise_count(&mut self) -> Option<&mut usize> {
        Some(&mut self.0)
    }
}
