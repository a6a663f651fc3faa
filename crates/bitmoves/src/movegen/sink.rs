//! Where generated moves go: a caller's visitor, or a bare counter, and
//! which moves each wants ([`Mask`]).

use super::PieceMoves;
use crate::board::ChildHints;
use crate::{Bitboard, Piece, Square};

/// Which moves a sink wants: those from a square of `from` to a square of
/// `to` (`pawn_to` for pawns, so that promotions and en passant can be
/// sorted with the captures).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Mask {
    /// Squares a wanted move may start on.
    pub from: Bitboard,
    /// Squares a wanted move of a piece other than a pawn may end on.
    pub to: Bitboard,
    /// Squares a wanted pawn move may end on.
    pub pawn_to: Bitboard,
}

impl Mask {
    /// Every move.
    pub const ALL: Self = Self {
        from: Bitboard::FULL,
        to: Bitboard::FULL,
        pawn_to: Bitboard::FULL,
    };
}

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

    /// The moves this sink wants; generation skips the rest.
    fn mask(&self) -> Mask;

    /// The enemy's attack map (with the king off the board) on the
    /// squares the king may step onto or castle across, where the caller
    /// knows it already (see `board/frontier_hints.rs`).
    #[inline(always)]
    fn known_attacks(&self) -> Option<Bitboard> {
        None
    }

    /// The moves of the side to move's knights and sliders, each counted
    /// as if free, onto squares without its own pieces, where the caller
    /// knows them already (see `board/frontier_hints.rs`).
    #[inline(always)]
    fn known_piece_moves(&self) -> Option<usize> {
        None
    }
}

/// Passes each non-empty group of wanted moves to a caller's closure.
pub(super) struct Visitor<F> {
    pub visit: F,
    pub mask: Mask,
}

impl<F: FnMut(PieceMoves) -> bool> Sink for Visitor<F> {
    #[inline(always)]
    fn emit(&mut self, piece: Piece, from: Square, to: Bitboard) -> bool {
        !to.is_empty() && (self.visit)(PieceMoves { piece, from, to })
    }

    #[inline(always)]
    fn setwise_count(&mut self) -> Option<&mut usize> {
        None
    }

    #[inline(always)]
    fn mask(&self) -> Mask {
        self.mask
    }
}

/// Counts every move without looking at them, with what the caller knows
/// already (see [`ChildHints`]).
pub(super) struct MoveCounter(pub usize, pub ChildHints);

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

    #[inline(always)]
    fn mask(&self) -> Mask {
        Mask::ALL
    }

    #[inline(always)]
    fn known_attacks(&self) -> Option<Bitboard> {
        self.1.attacks()
    }

    #[inline(always)]
    fn known_piece_moves(&self) -> Option<usize> {
        self.1.piece_moves()
    }
}
