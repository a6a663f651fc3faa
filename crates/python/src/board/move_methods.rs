//! `Board` methods that read and make moves: `pop`, `push_uci`, `push_san`
//! (`push` itself and `legal_moves` are in `capi_push.rs`),
//! UCI and SAN in and out, and the questions about one move.

use bitmoves::{Board, Move, Piece, Square};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;

use super::core_or_loose::Pos;
use super::engine::{self, SanError};
use super::pyboard::PyBoard;
use super::repetition_key::State;
use crate::legal_moves::legal_move;
use crate::values::{
    AmbiguousMoveError, IllegalMoveError, InvalidMoveError, PyMove, Text, UciText, py_repr,
};

impl PyBoard {
    /// The legal core move `mv` stands for here ([`legal_move`]), on a
    /// legal position.
    pub fn legal(&self, mv: PyMove) -> Option<Move> {
        legal_move(self.core()?, mv)
    }

    /// Whether `mv` is legal here, as python-chess's `is_legal`.
    pub fn is_legal_move(&self, mv: PyMove) -> bool {
        match self.core() {
            Some(board) => legal_move(board, mv).is_some(),
            None => engine::is_legal(&self.setup(), self.rules(), mv),
        }
    }

    /// Plays `mv` and records it on the stack: a legal move on the core's
    /// board (the fast path), a pseudo-legal move or any move on a
    /// position off the core as python-chess pushes it; on a legal
    /// position a move that is not even pseudo-legal is refused.
    pub fn push_checked(&mut self, py: Python<'_>, mv: PyMove) -> PyResult<PyMove> {
        let Pos::Legal(now) = self.state() else {
            return self.push_general(py, mv);
        };
        if mv.is_null() {
            let mut board = now.board;
            if board.play_null().is_err() {
                // In check: python-chess passes the turn anyway.
                return self.push_general(py, mv);
            }
            let entry = (*now, mv);
            let after = State {
                board,
                ep_square: None,
            };
            self.stack.push(entry);
            self.set_state(py, Pos::Legal(after));
            return Ok(mv);
        }
        // The moves listed for this position, when they were: no second
        // generation.
        let legal = match self.generator().find(py, mv) {
            Some(true) => mv.to_core(),
            _ => legal_move(&now.board, mv),
        };
        let Some(core) = legal else {
            // python-chess pushes any pseudo-legal move (its caller's
            // promise); one that is not even that is refused.
            if engine::is_pseudo_legal(&now.setup_of(), self.rules(), mv) {
                return self.push_general(py, mv);
            }
            return Err(IllegalMoveError::new_err(format!(
                "illegal move: {} in {}",
                mv.uci_text(),
                self.fen_now()
            )));
        };
        // The position goes onto the stack as it is, then the move is
        // played in place (no copy of the board but the one kept).
        let played = PyMove::from_core(core);
        let ep_square = double_step(&now.board, core);
        let entry = (*now, played);
        self.stack.push(entry);
        self.update(py, |state| {
            state.board.play_unchecked(core);
            state.ep_square = ep_square;
        });
        Ok(played)
    }

    /// python-chess's `push` on any position (the move is trusted, but a
    /// move from an empty square is refused).
    fn push_general(&mut self, py: Python<'_>, mv: PyMove) -> PyResult<PyMove> {
        let before = *self.state();
        let mut setup = before.setup();
        if !mv.is_null() && mv.drop.is_none() && setup.piece_type_at(mv.from_square).is_none() {
            return Err(IllegalMoveError::new_err(format!(
                "push() expects a pseudo-legal move, but got {} in {}",
                mv.uci_text(),
                self.fen_now()
            )));
        }
        let rules = self.rules();
        let recorded = engine::push(&mut setup, rules, mv);
        self.push_entry(before, recorded);
        self.set_setup(py, &setup)?;
        Ok(recorded)
    }

    /// The legal move UCI text names, the null move for `0000`:
    /// `InvalidMoveError` for text that is not UCI, `IllegalMoveError` for
    /// a move not legal here.
    pub fn parse_uci_move(&self, uci: &str) -> PyResult<PyMove> {
        let mv = PyMove::parse(uci)?;
        if mv.is_null() {
            return Ok(mv);
        }
        let setup = self.setup();
        let mv = engine::to_chess960(&setup, mv);
        let mv = engine::from_chess960(&setup, self.chess960, mv);
        if !self.is_legal_move(mv) {
            return Err(IllegalMoveError::new_err(format!(
                "illegal uci: {} in {}",
                py_repr(uci),
                self.fen_now()
            )));
        }
        Ok(mv)
    }

    /// python-chess's `parse_san`.
    pub(crate) fn parse_san_text(&self, san: &str) -> PyResult<PyMove> {
        // The fast path: on a legal position, text that is the move's own
        // SAN (check marks aside), as `san()` writes it and PGN files hold
        // it, reads the same in the core as in python-chess; any other
        // spelling, and every error, takes python-chess's rules below.
        if let Some(mv) = self.core().and_then(|board| canonical_san(board, san)) {
            return Ok(PyMove::from_core(mv));
        }
        let fen = self.fen_now();
        engine::parse_san(&self.setup(), self.rules(), san, &fen).map_err(|e| match e {
            SanError::Invalid(text) => InvalidMoveError::new_err(text),
            SanError::Illegal(text) => IllegalMoveError::new_err(text),
            SanError::Ambiguous(text) => AmbiguousMoveError::new_err(text),
        })
    }
}

/// The move `san` names on a legal position when it is that move's own
/// SAN (check marks aside): the text the core reads as python-chess does
/// (`parse_san`'s fast path); `None` for any other text.
pub(crate) fn canonical_san(board: &Board, san: &str) -> Option<Move> {
    let mv = board.parse_san(san).ok()?;
    let written = board.san(mv).ok()?;
    (written.to_string().trim_end_matches(['+', '#']) == san.trim_end_matches(['+', '#']))
        .then_some(mv)
}

/// The square a pawn skipped when `mv` is its double step, as python-chess
/// sets `ep_square`.
pub fn double_step(board: &Board, mv: Move) -> Option<Square> {
    let (from, to) = (mv.from.index(), mv.to.index());
    if board.piece_on(mv.from) == Some(Piece::Pawn) && from.abs_diff(to) == 16 {
        Square::try_index((from + to) / 2)
    } else {
        None
    }
}

#[pymethods]
impl PyBoard {
    /// The moves played since the board was made, oldest first (a new list).
    #[getter]
    fn move_stack(&self) -> Vec<PyMove> {
        self.stack.iter().map(|(_, mv)| *mv).collect()
    }

    /// Takes back the last move and returns it; `IndexError` when the stack
    /// is empty.
    pub(crate) fn pop(&mut self, py: Python<'_>) -> PyResult<PyMove> {
        let (state, mv) = self
            .pop_entry()
            .ok_or_else(|| PyIndexError::new_err("pop from empty list"))?;
        match (self.state(), state) {
            // The fast path: legal to legal, in place.
            (Pos::Legal(_), Pos::Legal(before)) => self.update(py, |now| *now = before),
            (_, state) => self.set_state(py, state),
        }
        Ok(mv)
    }

    /// The last move played; `IndexError` when there is none.
    fn peek(&self) -> PyResult<PyMove> {
        self.stack
            .last()
            .map(|(_, mv)| *mv)
            .ok_or_else(|| PyIndexError::new_err("list index out of range"))
    }

    /// The legal move that UCI text names (`e2e4`; castling as the king's
    /// two-square step or king takes rook, written as the board's mode
    /// writes it). `InvalidMoveError` for text that is not UCI,
    /// `IllegalMoveError` for a move not legal here.
    #[pyo3(name = "_parse_uci_native")]
    pub(super) fn parse_uci(&self, uci: UciText) -> PyResult<PyMove> {
        uci.1.restore(self.parse_uci_move(&uci.0))
    }

    /// `parse_uci`, then `push`; returns the move.
    #[pyo3(name = "_push_uci_native")]
    pub(super) fn push_uci(&mut self, py: Python<'_>, uci: UciText) -> PyResult<PyMove> {
        let mv = self.parse_uci(uci)?;
        self.push_checked(py, mv)
    }

    /// The legal move that SAN text names (`Nf3`, `exd5`, `O-O`, `e8=Q+`).
    /// `InvalidMoveError` for text that is not SAN, `IllegalMoveError`
    /// when no legal move fits, `AmbiguousMoveError` when several do.
    #[pyo3(name = "_parse_san_native")]
    pub(super) fn parse_san(&self, san: Text) -> PyResult<PyMove> {
        san.1.restore(self.parse_san_text(&san.0))
    }

    /// `parse_san`, then `push`; returns the move.
    #[pyo3(name = "_push_san_native")]
    pub(super) fn push_san(&mut self, py: Python<'_>, san: Text) -> PyResult<PyMove> {
        let mv = self.parse_san(san)?;
        self.push_checked(py, mv)
    }

    /// The SAN of a move (with `+` or `#`), `--` for the null move;
    /// `IllegalMoveError` when no piece stands on its from-square (or, on a
    /// legal position, for a move that is not legal).
    #[pyo3(signature = (move_))]
    #[pyo3(name = "_san_native")]
    pub(super) fn san(&self, move_: PyMove) -> PyResult<String> {
        if let (Some(board), Some(core)) = (self.core(), self.legal(move_)) {
            return board
                .san(core)
                .map(|san| san.to_string())
                .map_err(|e| IllegalMoveError::new_err(e.to_string()));
        }
        engine::san(&self.setup(), self.rules(), move_).ok_or_else(|| {
            IllegalMoveError::new_err(format!(
                "san() expects a legal move, but got {} in {}",
                move_.uci_text(),
                self.fen_now()
            ))
        })
    }

    /// The UCI text of a move, castling written as the board's mode (or
    /// `chess960`) writes it.
    #[pyo3(signature = (move_, *, chess960=None))]
    fn uci(&self, move_: PyMove, chess960: Option<bool>) -> String {
        let setup = self.setup();
        let mv = engine::to_chess960(&setup, move_);
        engine::from_chess960(&setup, chess960.unwrap_or(self.chess960), mv).uci_text()
    }

    /// Whether `move` is legal here.
    #[pyo3(signature = (move_))]
    #[pyo3(name = "_is_legal_native")]
    pub(super) fn is_legal(&self, move_: PyMove) -> bool {
        self.is_legal_move(move_)
    }

    /// Whether `move` is pseudo-legal here (legal but for leaving the
    /// king in check).
    #[pyo3(signature = (move_))]
    fn is_pseudo_legal(&self, move_: PyMove) -> bool {
        engine::is_pseudo_legal(&self.setup(), self.rules(), move_)
    }

    /// Whether the pseudo-legal `move` leaves the mover's king in check.
    #[pyo3(signature = (move_))]
    fn is_into_check(&self, move_: PyMove) -> bool {
        engine::is_into_check(&self.setup(), self.rules(), move_)
    }

    /// Whether the pseudo-legal `move` checks the opponent's king.
    #[pyo3(signature = (move_))]
    fn gives_check(&self, move_: PyMove) -> bool {
        if let (Some(board), Some(core)) = (self.core(), self.legal(move_)) {
            return board.gives_check(core);
        }
        let mut after = self.setup();
        if !move_.is_null() && after.piece_type_at(move_.from_square).is_none() {
            return false;
        }
        engine::push(&mut after, self.rules(), move_);
        after.checkers_mask() != 0
    }

    /// Whether `move` cannot be undone by later moves: zeroing, losing
    /// castling rights, or giving up a legal en passant capture.
    #[pyo3(signature = (move_))]
    fn is_irreversible(&self, move_: PyMove) -> bool {
        engine::is_irreversible(&self.setup(), self.rules(), move_)
    }

    /// Whether an en passant capture is legal here.
    fn has_legal_en_passant(&self) -> bool {
        match self.core() {
            Some(board) => board.legal_en_passant().is_some(),
            None => engine::has_legal_en_passant(&self.setup(), self.rules()),
        }
    }

    /// Whether an en passant capture is pseudo-legal here.
    fn has_pseudo_legal_en_passant(&self) -> bool {
        engine::has_pseudo_legal_en_passant(&self.setup())
    }
}

/// python-chess's questions about the kind of one move, each answered by
/// the core's function of the same name (`engine::kinds`) on the position
/// as python-chess holds it.
macro_rules! move_kinds {
    ($($(#[$doc:meta])* $name:ident,)*) => {
        #[pymethods]
        impl PyBoard {
            $(
                $(#[$doc])*
                #[pyo3(signature = (move_))]
                fn $name(&self, move_: PyMove) -> bool {
                    engine::kinds::$name(&self.setup(), move_)
                }
            )*
        }
    };
}

move_kinds! {
    /// Whether `move` captures a piece, en passant included.
    is_capture,
    /// Whether `move` is an en passant capture.
    is_en_passant,
    /// Whether `move` is a castling move (either spelling).
    is_castling,
    /// Whether `move` castles king side (h-side in Chess960).
    is_kingside_castling,
    /// Whether `move` castles queen side (a-side in Chess960).
    is_queenside_castling,
    /// Whether `move` resets the halfmove clock: a pawn move or a capture.
    is_zeroing,
}
