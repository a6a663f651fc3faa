//! The [`Variant`] trait: the hooks through which a variant changes the
//! shared rules, as python-chess's variant classes override `chess.Board`.

use super::make::Capture;
use super::{
    LooseMoveList, Outcome, Position, Status, VariantKind, movegen, standard_insufficient_material,
};
use crate::setup::Setup;
use crate::{Bitboard, Color, Move};

/// The rules of one variant, as hooks on the shared engine. Each variant
/// is a zero-sized type, so [`Position`] monomorphises per variant.
pub trait Variant: Copy + core::fmt::Debug + Default + 'static {
    /// The variant's row in the table.
    const KIND: VariantKind;

    /// Adds the legal moves from `from_mask` to `to_mask`, ignoring the
    /// variant's end (python-chess's `generate_legal_moves` less its
    /// `is_variant_end` check).
    fn legal(
        pos: &Position<Self>,
        from_mask: Bitboard,
        to_mask: Bitboard,
        out: &mut LooseMoveList,
    ) {
        movegen::standard_legal::<Self>(&pos.setup, pos.chess960, from_mask, to_mask, out);
    }

    /// How many moves [`Variant::legal`] adds over every square (perft's
    /// last ply): a variant may count them without listing them.
    fn legal_count(pos: &Position<Self>) -> usize {
        let mut moves = LooseMoveList::new();
        Self::legal(pos, Bitboard::FULL, Bitboard::FULL, &mut moves);
        moves.len()
    }

    /// Whether the variant's own end is reached: no move is legal then.
    fn is_variant_end(_s: &Setup) -> bool {
        false
    }

    /// The variant's own result, checked before checkmate and stalemate:
    /// a win, loss or draw for the side to move.
    fn variant_outcome(_pos: &Position<Self>) -> Option<Outcome> {
        None
    }

    /// Whether `color` cannot win by this variant's rules.
    fn has_insufficient_material(s: &Setup, color: Color) -> bool {
        standard_insufficient_material(s, color)
    }

    /// The pieces giving check to the side to move (none where the variant
    /// has no check).
    fn checkers(s: &Setup) -> Bitboard {
        s.checkers()
    }

    /// Whether the side not to move stands in check (python-chess's
    /// `was_into_check`).
    fn was_into_check(s: &Setup) -> bool {
        s.was_into_check()
    }

    /// The variant's changes to the standard [`Status`] flags.
    fn status(_pos: &Position<Self>, standard: Status) -> Status {
        standard
    }

    /// Whether a pseudo-legal move leaves the mover's king attacked
    /// (python-chess's `is_into_check`, which decides the en passant
    /// square a FEN shows).
    fn is_into_check(pos: &Position<Self>, mv: Move) -> bool {
        movegen::is_into_check::<Self>(pos.setup(), pos.is_chess960(), mv)
    }

    /// Whether a square of `path` is attacked, for the king's castling path
    /// (python-chess's `_attacked_for_king`).
    fn attacked_for_king(s: &Setup, path: Bitboard, occupied: Bitboard) -> bool {
        movegen::attacked_for_king(s, path, occupied)
    }

    /// What the variant changes after the standard `push` of `mv`, which
    /// made `capture` (Three-check counts checks, Atomic explodes,
    /// Crazyhouse fills and empties pockets).
    fn after_play(_s: &mut Setup, _mv: Move, _capture: Option<Capture>) {}

    /// Whether the FEN marks promoted pieces with `~` here.
    fn fen_shows_promoted(_pos: &Position<Self>) -> bool {
        false
    }

    /// Whether pawns may promote to kings (Antichess).
    const KING_PROMOTIONS: bool = false;

    /// Whether the FEN has a check field (Three-check).
    const CHECKS_IN_FEN: bool = false;

    /// Whether the sides have pockets, shown in the FEN (Crazyhouse).
    const POCKETS: bool = false;

    /// Whether 75 moves without capture or pawn move end the game.
    const SEVENTY_FIVE_MOVES: bool = true;
}
