//! The position: the core board with python-chess's en passant square
//! ([`State`]), or any position python-chess allows ([`Pos`]), the
//! position as the draw rules key it ([`Position`]) and the moves that
//! reset their count ([`is_zeroing`], [`is_irreversible`]).

use bitmoves::{Board, Color, Piece, Square};

use super::general::{self, Rules};
use super::setup::Setup;
use crate::values::PyMove;

/// A board's position: the core's legal board (the fast path) or, for a
/// position the core does not take, python-chess's fields ([`Setup`]),
/// which the general engine (`super::general`) plays on.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Pos {
    /// A legal position, on the core's generator.
    Legal(State),
    /// Any other position.
    General(Setup),
}

impl Pos {
    /// The position of a setup: the core's when it takes it exactly
    /// (castling rights as python-chess cleans them, a valid en passant
    /// square, nothing marked promoted), else the setup itself.
    pub fn of(setup: &Setup, chess960: bool) -> Self {
        let clean = general::clean_castling_rights(setup, chess960) == setup.castling_rights;
        let ep_ok = setup.ep_square.is_none()
            || general::valid_ep_square(setup).map(|sq| sq as usize)
                == setup.ep_square.map(Square::index);
        if clean && ep_ok && setup.promoted == 0 {
            if let Some(state) = setup.legal_state(chess960) {
                return Self::Legal(state);
            }
        }
        Self::General(*setup)
    }

    /// The position as python-chess holds it.
    pub fn setup(&self) -> Setup {
        match self {
            Self::Legal(state) => Setup::of(state),
            Self::General(setup) => *setup,
        }
    }

    /// The core board, for a legal position.
    pub fn core(&self) -> Option<&Board> {
        match self {
            Self::Legal(state) => Some(&state.board),
            Self::General(_) => None,
        }
    }

    /// The position as the draw rules key it.
    pub fn key(&self, rules: Rules) -> Position {
        match self {
            Self::Legal(state) => Position::of(&state.board),
            Self::General(setup) => Position::general(setup, rules),
        }
    }
}

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

impl State {
    /// The position as python-chess holds it.
    pub fn setup_of(&self) -> Setup {
        Setup::of(self)
    }
}

/// What makes two positions the same for repetition and `==`: the pieces,
/// the side to move, the castling rights and a legal en passant square
/// (python-chess's transposition key).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pieces: [u64; 6],
    colors: [u64; 2],
    white: bool,
    castling: u64,
    en_passant: Option<Square>,
}

impl Position {
    /// The position of a board.
    pub fn of(board: &Board) -> Self {
        Self {
            pieces: Piece::ALL.map(|piece| board.pieces(piece).0),
            colors: Color::ALL.map(|color| board.colors(color).0),
            white: board.side_to_move() == Color::White,
            castling: board.castling_rights().rook_squares().0,
            en_passant: board.legal_en_passant(),
        }
    }

    /// The key of any position, as python-chess's `_transposition_key`.
    pub fn general(setup: &Setup, rules: Rules) -> Self {
        Self {
            pieces: setup.pieces,
            colors: setup.colors,
            white: setup.turn == Color::White,
            castling: general::castling_rights(setup, rules),
            en_passant: setup
                .ep_square
                .filter(|_| general::has_legal_en_passant(setup, rules)),
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

/// python-chess's `is_irreversible` for a move from any position.
pub fn is_irreversible_pos(before: &Pos, mv: PyMove, after: &Pos, rules: Rules) -> bool {
    match (before, after) {
        (Pos::Legal(b), Pos::Legal(a)) => is_irreversible(b, mv, &a.board),
        _ => general::make::is_irreversible(&before.setup(), rules, mv),
    }
}
