//! Making a move on a [`Setup`] by python-chess's rules (`push`): it trusts
//! the move, so a move from an empty square only passes the turn. The
//! variants' extra effects are the [`Variant`](super::Variant) hooks.

use crate::setup::Setup;
use crate::{Color, File, Move, Piece, Square};

use super::movegen::to_chess960;

/// What a move took: the piece kind, where it stood, and whether it was a
/// promoted piece (Crazyhouse pockets and Atomic explosions read this).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capture {
    /// Where the captured piece stood (the passed pawn's square for en
    /// passant).
    pub square: Square,
    /// Its kind.
    pub piece: Piece,
    /// Whether it was marked promoted.
    pub promoted: bool,
    /// Where the capturing piece arrived (the centre of Atomic's
    /// explosion).
    pub to: Square,
}

/// Whether the move takes a piece of the side not to move, en passant
/// included (python-chess's `is_capture`).
pub fn is_capture(s: &Setup, mv: Move) -> bool {
    (mv.from.bitboard() ^ mv.to.bitboard()).intersects(s.side(!s.turn))
        || super::is_en_passant(s, mv)
}

/// Whether the move resets the half-move clock: a pawn moves, a piece of
/// the side not to move is touched, or a pawn is dropped (python-chess's
/// `is_zeroing`; its `push` does not reset the clock on a drop).
pub fn is_zeroing(s: &Setup, mv: Move) -> bool {
    let touched = mv.from.bitboard() ^ mv.to.bitboard();
    touched.intersects(s.kind(Piece::Pawn) | s.side(!s.turn))
        || super::as_drop(mv).is_some_and(|(piece, _)| piece == Piece::Pawn)
}

/// What a pawn's move does besides moving it, as python-chess's `push`:
/// a double step from its second rank sets the en passant square, and a
/// diagonal step onto `ep` (the square before the move) that takes nothing
/// there takes whatever stands behind it (`captured`).
#[inline(always)]
pub(crate) fn pawn_step(
    s: &mut Setup,
    us: Color,
    mv: Move,
    ep: Option<Square>,
    captured: &mut Option<Capture>,
) {
    let diff = mv.to.index() as i32 - mv.from.index() as i32;
    let forward = if us == Color::White { 1 } else { -1 };
    if diff == 16 * forward && mv.from.rank() == crate::Rank::Second.relative_to(us) {
        s.ep_square = mv.from.offset(0, forward as i8);
    } else if Some(mv.to) == ep
        && matches!(diff.abs(), 7 | 9)
        && captured.is_none()
        && let Some(below) = mv.to.offset(0, -forward as i8)
    {
        *captured = s.remove(below).map(|(_, piece)| Capture {
            square: below,
            piece,
            promoted: false,
            to: mv.to,
        });
    }
}

/// Plays `mv` on `s` as python-chess's `push` does, castling written either
/// way (`chess960` says how the move is recorded, which this returns), and
/// returns the capture it made.
pub(crate) fn push(s: &mut Setup, mv: Move) -> Option<Capture> {
    let mv = to_chess960(s, mv);
    let ep = s.ep_square.take();
    s.halfmove_clock = s.halfmove_clock.saturating_add(1);
    let us = s.turn;
    if us == Color::Black {
        s.fullmove_number = s.fullmove_number.saturating_add(1);
    }
    if let Some((piece, square)) = super::as_drop(mv) {
        s.put(square, us, piece, false);
        s.turn = !us;
        return None;
    }
    if is_zeroing(s, mv) {
        s.halfmove_clock = 0;
    }
    let (from_bb, to_bb) = (mv.from.bitboard(), mv.to.bitboard());
    let mut promoted = s.promoted.contains(mv.from);
    let Some((_, mut piece)) = s.remove(mv.from) else {
        // python-chess asserts here after changing the clocks; we leave
        // the pieces as they are.
        s.turn = !us;
        return None;
    };
    let mut captured = s.piece_kind_on(mv.to).map(|piece| Capture {
        square: mv.to,
        piece,
        promoted: s.promoted.contains(mv.to),
        to: mv.to,
    });
    s.castling -= to_bb | from_bb;
    if piece == Piece::King && !promoted {
        s.castling -= us.back_rank().bitboard();
    } else if captured.is_some_and(|c| c.piece == Piece::King && !c.promoted)
        && mv.to.rank() == (!us).back_rank()
    {
        s.castling -= (!us).back_rank().bitboard();
    }
    if piece == Piece::Pawn {
        pawn_step(s, us, mv, ep, &mut captured);
    }
    if let Some(promotion) = mv.promotion {
        promoted = true;
        piece = promotion;
    }
    let castling = piece == Piece::King && s.side(us).contains(mv.to);
    if castling {
        let back = us.back_rank();
        let a_side = mv.to.file() < mv.from.file();
        s.remove(mv.from);
        s.remove(mv.to);
        let (king_to, rook_to) = if a_side {
            (File::C, File::D)
        } else {
            (File::G, File::F)
        };
        s.put(Square::new(king_to, back), us, Piece::King, false);
        s.put(Square::new(rook_to, back), us, Piece::Rook, false);
        captured = None;
    } else {
        s.put(mv.to, us, piece, promoted);
    }
    s.turn = !us;
    captured
}
