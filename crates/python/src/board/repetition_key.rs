//! The position: the core board with python-chess's en passant square
//! ([`State`]), the position as the draw rules key it ([`Position`]) and
//! the moves that reset their count ([`is_zeroing`], [`is_irreversible`]).

use bitmoves::setup::{Pocket, Setup as CoreSetup};
use bitmoves::{Board, Color, Piece, Square};

use crate::values::PyMove;

/// A position with what python-chess keeps beside it: the en passant square
/// as the last move left it (set on every double step, as python-chess's
/// `ep_square`, where the core keeps it only when a capture is possible).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct State {
    /// The core board.
    pub board: Board,
    /// python-chess's `ep_square`.
    pub ep_square: Option<Square>,
}

/// What makes two positions the same for repetition and `==`: the pieces,
/// the side to move, the castling rights and a legal en passant square
/// (python-chess's transposition key).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// The squares of each piece type.
    pub pieces: [u64; 6],
    /// The squares of each colour.
    pub colors: [u64; 2],
    /// Whether White is to move.
    pub white: bool,
    /// The castling rights that count.
    pub castling: u64,
    /// The en passant square when a capture there is legal.
    pub en_passant: Option<Square>,
    /// Crazyhouse's pockets and promoted pieces, Three-check's remaining
    /// checks (as in the empty setup in other variants).
    pub variant_state: ([Pocket; 2], u64, [i32; 2]),
}

/// The variant state of standard chess's positions.
pub const NO_VARIANT_STATE: ([Pocket; 2], u64, [i32; 2]) = (
    CoreSetup::EMPTY.pockets,
    0,
    CoreSetup::EMPTY.remaining_checks,
);

impl Position {
    /// The position of a board.
    pub fn of(board: &Board) -> Self {
        Self {
            pieces: Piece::ALL.map(|piece| board.pieces(piece).0),
            colors: Color::ALL.map(|color| board.colors(color).0),
            white: board.side_to_move() == Color::White,
            castling: board.castling_rights().rook_squares().0,
            en_passant: board.legal_en_passant(),
            variant_state: NO_VARIANT_STATE,
        }
    }
}

/// python-chess's `is_zeroing`: the move touches a pawn or the opponent's
/// pieces. The squares are taken as python-chess takes them, from and to
/// exclusive-or'ed, so that the null move (a1 to a1) touches nothing,
/// whatever stands on a1.
pub fn is_zeroing(board: &Board, mv: PyMove) -> bool {
    let touched = (1u64 << mv.from_square) ^ (1u64 << mv.to_square);
    touched & (board.pieces(Piece::Pawn).0 | board.colors(!board.side_to_move()).0) != 0
}

/// python-chess's `is_irreversible`: zeroing, losing castling rights, or
/// giving up a legal en passant capture.
pub fn is_irreversible(before: &State, mv: PyMove, after: &Board) -> bool {
    is_zeroing(&before.board, mv)
        || before.board.castling_rights() != after.castling_rights()
        || before.board.legal_en_passant().is_some()
}
