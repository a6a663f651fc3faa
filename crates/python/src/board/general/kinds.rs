//! What kind of move a move is on a [`Setup`], as python-chess asks:
//! castling (either side), en passant, capture, zeroing.

use super::bit;
use crate::board::setup::Setup;
use crate::values::PyMove;

/// python-chess's `is_castling(move)`.
pub fn is_castling(s: &Setup, m: PyMove) -> bool {
    if s.kind(6) & bit(m.from_square) == 0 {
        return false;
    }
    let diff = (m.from_square & 7).abs_diff(m.to_square & 7);
    diff > 1 || s.kind(4) & s.co(s.white()) & bit(m.to_square) != 0
}

/// python-chess's `is_kingside_castling(move)`.
pub fn is_kingside_castling(s: &Setup, m: PyMove) -> bool {
    is_castling(s, m) && (m.to_square & 7) > (m.from_square & 7)
}

/// python-chess's `is_queenside_castling(move)`.
pub fn is_queenside_castling(s: &Setup, m: PyMove) -> bool {
    is_castling(s, m) && (m.to_square & 7) < (m.from_square & 7)
}

/// python-chess's `is_en_passant(move)` (it reads `ep_square` as set,
/// a1 included).
pub fn is_en_passant(s: &Setup, m: PyMove) -> bool {
    s.ep_square.map(|sq| sq.index() as u8) == Some(m.to_square)
        && s.kind(1) & bit(m.from_square) != 0
        && matches!(m.to_square.abs_diff(m.from_square), 7 | 9)
        && s.occupied() & bit(m.to_square) == 0
}

/// python-chess's `is_capture(move)`.
pub fn is_capture(s: &Setup, m: PyMove) -> bool {
    let touched = bit(m.from_square) ^ bit(m.to_square);
    touched & s.co(!s.white()) != 0 || is_en_passant(s, m)
}

/// python-chess's `is_zeroing(move)`.
pub fn is_zeroing(s: &Setup, m: PyMove) -> bool {
    let touched = bit(m.from_square) ^ bit(m.to_square);
    touched & (s.kind(1) | s.co(!s.white())) != 0
}
