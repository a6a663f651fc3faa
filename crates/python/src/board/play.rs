//! `Board` methods that read and make moves: `pop`, `push_uci`, `push_san`
//! (`push` itself and `legal_moves` are in `push.rs`),
//! UCI and SAN in and out, and the questions about one move.

use bitmoves::{Board, Move, Piece, Square};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;

use super::position::{State, is_zeroing};
use super::pyboard::PyBoard;
use crate::legal_moves::legal_move;
use crate::values::{IllegalMoveError, PyMove, san_error};

impl PyBoard {
    /// The legal core move `mv` stands for here ([`legal_move`]).
    pub fn legal(&self, mv: PyMove) -> Option<Move> {
        legal_move(self.board(), mv)
    }

    /// Plays `mv` (legal, or the null move) and records it on the stack.
    pub fn push_checked(&mut self, py: Python<'_>, mv: PyMove) -> PyResult<PyMove> {
        if mv.is_null() {
            let before = *self.state();
            let mut board = before.board;
            board
                .play_null()
                .map_err(|_| IllegalMoveError::new_err("no null move while in check"))?;
            let after = State {
                board,
                ep_square: None,
            };
            self.set_state(py, after);
            self.stack.push((before, mv));
            return Ok(mv);
        }
        // The moves listed for this position, when they were: no second
        // generation.
        let legal = match self.generator().find(py, mv) {
            Some(true) => mv.to_core(),
            _ => self.legal(mv),
        };
        let Some(core) = legal else {
            return Err(IllegalMoveError::new_err(format!(
                "illegal move: {} in {}",
                mv.uci_text(),
                PyBoard::fen_of(self.state(), false, "legal", true)?
            )));
        };
        // The position goes onto the stack as it is, then the move is
        // played in place (no copy of the board but the one kept).
        let played = PyMove::from_core(core);
        let ep_square = double_step(self.board(), core);
        self.stack.push((*self.state(), played));
        self.update(py, |state| {
            state.board.play_unchecked(core);
            state.ep_square = ep_square;
        });
        Ok(played)
    }

    fn fen_now(&self) -> String {
        PyBoard::fen_of(self.state(), false, "legal", true).unwrap_or_default()
    }

    /// The legal move UCI text names, the null move for `0000`:
    /// `InvalidMoveError` for text that is not UCI, `IllegalMoveError` for
    /// a move not legal here.
    pub fn parse_uci_move(&self, uci: &str) -> PyResult<PyMove> {
        let mv = PyMove::parse(uci)?;
        if mv.is_null() {
            return Ok(mv);
        }
        self.legal(mv).map(PyMove::from_core).ok_or_else(|| {
            IllegalMoveError::new_err(format!("illegal uci: {uci:?} in {}", self.fen_now()))
        })
    }

    fn parse_san_text(&self, san: &str) -> PyResult<PyMove> {
        if matches!(san, "--" | "Z0" | "0000" | "@@@@") {
            return Ok(PyMove::null_move());
        }
        self.board()
            .parse_san(san)
            .map(PyMove::from_core)
            .map_err(|e| san_error(san, &self.fen_now(), e))
    }
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
    fn pop(&mut self, py: Python<'_>) -> PyResult<PyMove> {
        let (state, mv) = self
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from empty list"))?;
        self.set_state(py, state);
        Ok(mv)
    }

    /// The last move played; `IndexError` when there is none.
    fn peek(&self) -> PyResult<PyMove> {
        self.stack
            .last()
            .map(|(_, mv)| *mv)
            .ok_or_else(|| PyIndexError::new_err("list index out of range"))
    }

    /// The legal move that UCI text names (`e2e4`; on a standard board
    /// castling as `e1g1` or `e1h1`). `InvalidMoveError` for text that is
    /// not UCI, `IllegalMoveError` for a move not legal here.
    fn parse_uci(&self, uci: &str) -> PyResult<PyMove> {
        self.parse_uci_move(uci)
    }

    /// `parse_uci`, then `push`; returns the move.
    fn push_uci(&mut self, py: Python<'_>, uci: &str) -> PyResult<PyMove> {
        let mv = self.parse_uci(uci)?;
        self.push_checked(py, mv)
    }

    /// The legal move that SAN text names (`Nf3`, `exd5`, `O-O`, `e8=Q+`).
    /// `InvalidMoveError` for text that is not SAN, `IllegalMoveError`
    /// when no legal move fits, `AmbiguousMoveError` when several do.
    fn parse_san(&self, san: &str) -> PyResult<PyMove> {
        self.parse_san_text(san)
    }

    /// `parse_san`, then `push`; returns the move.
    fn push_san(&mut self, py: Python<'_>, san: &str) -> PyResult<PyMove> {
        let mv = self.parse_san_text(san)?;
        self.push_checked(py, mv)
    }

    /// The SAN of a legal move (with `+` or `#`), `--` for the null move;
    /// `IllegalMoveError` for a move not legal here.
    fn san(&self, r#move: PyMove) -> PyResult<String> {
        if r#move.is_null() {
            return Ok("--".to_string());
        }
        let core = self.legal(r#move).ok_or_else(|| {
            IllegalMoveError::new_err(format!(
                "illegal move: {} in {}",
                r#move.uci_text(),
                self.fen_now()
            ))
        })?;
        self.board()
            .san(core)
            .map(|san| san.to_string())
            .map_err(|e| IllegalMoveError::new_err(e.to_string()))
    }

    /// The UCI text of a move (python-chess's `board.uci(move)`).
    fn uci(&self, r#move: PyMove) -> String {
        r#move.uci_text()
    }

    /// Whether `move` is legal here.
    fn is_legal(&self, r#move: PyMove) -> bool {
        self.legal(r#move).is_some()
    }

    /// Whether `move` captures a piece, en passant included.
    fn is_capture(&self, r#move: PyMove) -> bool {
        let Some(core) = r#move.to_core() else {
            return false;
        };
        let board = self.board();
        let them = board.colors(!board.side_to_move());
        them.contains(core.to) || self.is_en_passant(r#move)
    }

    /// Whether `move` is an en passant capture.
    fn is_en_passant(&self, r#move: PyMove) -> bool {
        let Some(core) = r#move.to_core() else {
            return false;
        };
        let board = self.board();
        self.state().ep_square == Some(core.to)
            && board.piece_on(core.from) == Some(Piece::Pawn)
            && matches!(core.from.index().abs_diff(core.to.index()), 7 | 9)
            && !board.occupied().contains(core.to)
    }

    /// Whether `move` is a castling move (either spelling).
    fn is_castling(&self, r#move: PyMove) -> bool {
        let Some(core) = r#move.to_core() else {
            return false;
        };
        let board = self.board();
        let us = board.side_to_move();
        if !board.colored_pieces(us, Piece::King).contains(core.from) {
            return false;
        }
        core.from.file().index().abs_diff(core.to.file().index()) > 1
            || board.colored_pieces(us, Piece::Rook).contains(core.to)
    }

    /// Whether the legal move `move` checks the opponent's king (`False`
    /// for a move that is not legal here).
    fn gives_check(&self, r#move: PyMove) -> bool {
        self.legal(r#move)
            .is_some_and(|core| self.board().gives_check(core))
    }

    /// Whether `move` resets the halfmove clock: a pawn move or a capture.
    fn is_zeroing(&self, r#move: PyMove) -> bool {
        is_zeroing(self.board(), r#move)
    }

    /// Whether an en passant capture is legal here.
    fn has_legal_en_passant(&self) -> bool {
        self.board().legal_en_passant().is_some()
    }
}
