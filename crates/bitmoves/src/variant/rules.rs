//! python-chess's position rules on any [`Setup`]: the castling rights
//! that count, the en passant square that counts, insufficient material,
//! and how a game ends ([`Outcome`]).

use crate::setup::{Setup, highest};
use crate::{Bitboard, Color, File, Piece, Rank, Square};

use super::LooseMoveList;
use super::movegen::pseudo_legal_ep;

/// The castling rights whose rook and king stand where castling needs them
/// (python-chess's `clean_castling_rights` on a board with no moves
/// played): on a standard board the corner rooks of a king on e1/e8; in
/// Chess960 the outermost right on each side of the king.
///
/// ```
/// use bitmoves::{setup::Setup, variant::clean_castling_rights, Square};
/// let s = Setup::from_fen("4k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1")?;
/// let rights = clean_castling_rights(&s, false);
/// assert_eq!(rights.len(), 2);
/// assert!(rights.contains(Square::A1) && rights.contains(Square::H1));
/// # Ok::<(), bitmoves::setup::SetupFenError>(())
/// ```
pub fn clean_castling_rights(s: &Setup, chess960: bool) -> Bitboard {
    let castling = s.castling & s.kind(Piece::Rook);
    let kings = s.kind(Piece::King) - s.promoted;
    let side = |color: Color| {
        let back = color.back_rank();
        let rights = castling & back.bitboard() & s.side(color);
        let king = s.side(color) & kings & back.bitboard();
        if !chess960 {
            let corners =
                Square::new(File::A, back).bitboard() | Square::new(File::H, back).bitboard();
            return if king.contains(Square::new(File::E, back)) {
                rights & corners
            } else {
                Bitboard::EMPTY
            };
        }
        let (Some(king), Some(a_side), Some(h_side)) =
            (highest(king), rights.first(), highest(rights))
        else {
            return Bitboard::EMPTY;
        };
        let mut kept = Bitboard::EMPTY;
        if a_side < king {
            kept.insert(a_side);
        }
        if h_side > king {
            kept.insert(h_side);
        }
        kept
    };
    side(Color::White) | side(Color::Black)
}

/// The en passant square if a double step can have left it: on the sixth
/// rank (from the mover's side), the passed pawn in front, the squares
/// it came from empty (python-chess's `_valid_ep_square`).
pub fn valid_ep_square(s: &Setup) -> Option<Square> {
    let ep = s.ep_square.filter(|&sq| sq != Square::A1)?;
    let us = s.turn;
    let forward: i8 = if us == Color::White { 1 } else { -1 };
    let pawn = ep.offset(0, -forward)?;
    let origin = ep.offset(0, forward)?;
    let ok = ep.rank() == Rank::Sixth.relative_to(us)
        && s.pieces_of(!us, Piece::Pawn).contains(pawn)
        && !s.occupied().contains(ep)
        && !s.occupied().contains(origin);
    ok.then_some(ep)
}

/// Whether an en passant capture is pseudo-legal (python-chess's
/// `has_pseudo_legal_en_passant`, the en passant square of X-FEN).
pub fn has_pseudo_legal_en_passant(s: &Setup) -> bool {
    let mut moves = LooseMoveList::new();
    pseudo_legal_ep(s, Bitboard::FULL, Bitboard::FULL, &mut moves);
    s.ep_square.is_some() && !moves.is_empty()
}

/// Whether `color` cannot mate by the standard rules
/// (python-chess's `has_insufficient_material`).
pub fn standard_insufficient_material(s: &Setup, color: Color) -> bool {
    let ours = s.side(color);
    let (knights, bishops) = (s.kind(Piece::Knight), s.kind(Piece::Bishop));
    if ours.intersects(s.kind(Piece::Pawn) | s.straight_sliders()) {
        return false;
    }
    if ours.intersects(knights) {
        return ours.len() <= 2
            && (s.side(!color) - s.kind(Piece::King) - s.kind(Piece::Queen)).is_empty();
    }
    if ours.intersects(bishops) {
        let same_color = !bishops.intersects(Bitboard::DARK_SQUARES)
            || !bishops.intersects(Bitboard::LIGHT_SQUARES);
        return same_color && s.kind(Piece::Pawn).is_empty() && knights.is_empty();
    }
    true
}

/// Why a game ended, as python-chess's `Termination` names it (the
/// positional ones: repetition needs the game's history).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can win.
    InsufficientMaterial,
    /// 75 moves (150 half-moves) without a capture or pawn move.
    SeventyFiveMoves,
    /// The variant's own win (for the side to move).
    VariantWin,
    /// The variant's own loss (for the side to move).
    VariantLoss,
    /// The variant's own draw.
    VariantDraw,
}

/// How a game ended: why, and who won (`None` for a draw).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Why the game ended.
    pub termination: Termination,
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
}
