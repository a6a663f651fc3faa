//! python-chess's `push` on any [`Setup`] (it trusts the move: a move
//! from an empty square only passes the turn) and `is_irreversible`.

use super::kinds::is_zeroing;
use super::movegen::{from_chess960, has_legal_en_passant, to_chess960};
use super::rules::castling_rights;
use super::{Rules, back_rank, bit};
use crate::board::setup::Setup;
use crate::values::PyMove;

/// python-chess's `is_irreversible(move)`.
pub fn is_irreversible(s: &Setup, r: Rules, m: PyMove) -> bool {
    let rights = castling_rights(s, r);
    let touched = bit(m.from_square) ^ bit(m.to_square);
    let kings = |white: bool| touched & s.kind(6) & s.co(white) & !s.promoted != 0;
    let reduces = touched & rights != 0
        || (rights & back_rank(true) != 0 && kings(true))
        || (rights & back_rank(false) != 0 && kings(false));
    is_zeroing(s, m) || reduces || has_legal_en_passant(s, r)
}

/// python-chess's `push(move)` on `s` (the move as given: it is not
/// checked). Returns the move as the stack records it.
pub fn push(s: &mut Setup, r: Rules, m: PyMove) -> PyMove {
    let m = to_chess960(s, m);
    s.castling_rights = castling_rights(s, r);
    let recorded = from_chess960(s, r.chess960, m);
    let ep = s.ep_square.map(|sq| sq.index() as u8);
    s.ep_square = None;
    s.halfmove_clock = s.halfmove_clock.saturating_add(1);
    let white = s.white();
    if !white {
        s.fullmove_number = s.fullmove_number.saturating_add(1);
    }
    let flip = |s: &mut Setup| s.turn = !s.turn;
    if m.is_null() {
        flip(s);
        return recorded;
    }
    if is_zeroing(s, m) {
        s.halfmove_clock = 0;
    }
    let (from_bb, to_bb) = (bit(m.from_square), bit(m.to_square));
    let mut promoted = s.promoted & from_bb != 0;
    let Some(mut piece) = s.remove_at(m.from_square) else {
        // python-chess asserts here, after changing the clocks; the move
        // from an empty square leaves the pieces as they are.
        flip(s);
        return recorded;
    };
    let mut captured = s.piece_type_at(m.to_square);
    s.castling_rights &= !to_bb & !from_bb;
    if piece == 6 && !promoted {
        s.castling_rights &= !back_rank(white);
    } else if captured == Some(6) && s.promoted & to_bb == 0 {
        if white && m.to_square / 8 == 7 {
            s.castling_rights &= !back_rank(false);
        } else if !white && m.to_square / 8 == 0 {
            s.castling_rights &= !back_rank(true);
        }
    }
    if piece == 1 {
        let diff = i16::from(m.to_square) - i16::from(m.from_square);
        if diff == 16 && m.from_square / 8 == 1 {
            s.ep_square = square(m.from_square + 8);
        } else if diff == -16 && m.from_square / 8 == 6 {
            s.ep_square = square(m.from_square - 8);
        } else if ep == Some(m.to_square) && matches!(diff.abs(), 7 | 9) && captured.is_none() {
            let below = if white {
                m.to_square - 8
            } else {
                m.to_square + 8
            };
            captured = s.remove_at(below);
        }
    }
    let _ = captured;
    if let Some(promotion) = m.promotion {
        promoted = true;
        piece = promotion;
    }
    let castling = piece == 6 && s.co(white) & to_bb != 0;
    if castling {
        let a_side = (m.to_square & 7) < (m.from_square & 7);
        s.remove_at(m.from_square);
        s.remove_at(m.to_square);
        let base = if white { 0 } else { 56 };
        let (king_to, rook_to) = if a_side { (2, 3) } else { (6, 5) };
        s.put_at(base + king_to, 6, white, false);
        s.put_at(base + rook_to, 4, white, false);
    } else {
        s.put_at(m.to_square, piece, white, promoted);
    }
    flip(s);
    recorded
}

/// The core square of an index below 64.
fn square(index: u8) -> Option<bitmoves::Square> {
    bitmoves::Square::try_index(usize::from(index))
}
