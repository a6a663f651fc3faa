//! Where generated moves go: a caller's visitor, or a bare counter, and
//! which moves each wants ([`Mask`]).

use super::PieceMoves;
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
/// and counting: whether a sink counts is a property of its type
/// ([`Sink::COUNTS`]), so each generator compiled for a sink holds only
/// that sink's path.
pub(super) trait Sink {
    /// Whether this sink only counts: it then takes the unpinned pawns
    /// (and the knights and sliders, where it can) as a number
    /// ([`Sink::add`]) rather than one [`PieceMoves`] per piece, and
    /// judges en passant and castling its own way. `false` for a sink
    /// that wants to see every move.
    const COUNTS: bool;

    /// What the caller may know already of the position ([`Known`]).
    type Known: Known;

    /// Takes one piece's moves (ignored when `to` is empty); returns `true`
    /// to stop generation.
    fn emit(&mut self, piece: Piece, from: Square, to: Bitboard) -> bool;

    /// Adds `moves` moves to the count; the generator calls it only where
    /// [`Sink::COUNTS`].
    fn add(&mut self, moves: usize);

    /// The moves this sink wants; generation skips the rest.
    fn mask(&self) -> Mask;

    /// What the caller knows already.
    fn known(&self) -> Self::Known;
}

/// What a counting sink's caller may know already of the position it
/// counts, each part or nothing: perft's `ChildHints`
/// (`perft/frontier_hints.rs`) at its frontier, [`NothingKnown`]
/// elsewhere.
pub(crate) trait Known: Copy {
    /// The enemy's attack map (with the king off the board) on the
    /// squares the king may step onto or castle across.
    fn attacks(self) -> Option<Bitboard>;

    /// The moves of the side to move's knights and sliders, each counted
    /// as if free, onto squares without its own pieces.
    fn piece_moves(self) -> Option<usize>;
}

/// Nothing known: what every sink but perft's frontier counters has.
#[derive(Debug, Clone, Copy)]
pub(crate) struct NothingKnown;

impl Known for NothingKnown {
    #[inline(always)]
    fn attacks(self) -> Option<Bitboard> {
        None
    }

    #[inline(always)]
    fn piece_moves(self) -> Option<usize> {
        None
    }
}

/// Passes each non-empty group of wanted moves to a caller's closure.
pub(super) struct Visitor<F> {
    pub visit: F,
    pub mask: Mask,
}

impl<F: FnMut(PieceMoves) -> bool> Sink for Visitor<F> {
    const COUNTS: bool = false;
    type Known = NothingKnown;

    #[inline(always)]
    fn emit(&mut self, piece: Piece, from: Square, to: Bitboard) -> bool {
        !to.is_empty() && (self.visit)(PieceMoves { piece, from, to })
    }

    /// Never called (a visitor does not count).
    #[inline(always)]
    fn add(&mut self, _moves: usize) {}

    #[inline(always)]
    fn mask(&self) -> Mask {
        self.mask
    }

    #[inline(always)]
    fn known(&self) -> NothingKnown {
        NothingKnown
    }
}

/// Counts every move without looking at them, with what the caller knows
/// already (`known`).
pub(super) struct MoveCounter<K> {
    /// The moves counted so far.
    pub count: usize,
    /// What the caller knows already.
    pub known: K,
}

impl<K: Known> Sink for MoveCounter<K> {
    const COUNTS: bool = true;
    type Known = K;

    #[inline(always)]
    fn emit(&mut self, piece: Piece, from: Square, to: Bitboard) -> bool {
        self.count += PieceMoves { piece, from, to }.len();
        false
    }

    #[inline(always)]
    fn add(&mut self, moves: usize) {
        self.count += moves;
    }

    #[inline(always)]
    fn mask(&self) -> Mask {
        Mask::ALL
    }

    #[inline(always)]
    fn known(&self) -> K {
        self.known
    }
}
