//! [`Line`]: the board of one line of play while `tree.rs` reads a
//! movetext, doing what python-chess's `Board` does there (`parse_san`,
//! `push`, `copy` and `pop` where a variation starts): on the core's
//! board ([`CoreLine`], the fast path) or on a `PyBoard`.

use bitmoves::Board;
use pyo3::prelude::*;

use crate::board::{PyBoard, canonical_san};
use crate::legal_moves::legal_move;
use crate::values::PyMove;

/// A board of one line of play.
pub trait Line: Sized {
    /// Whether a move was played on it (python-chess's `move_stack` is
    /// not empty).
    fn has_moves(&self) -> bool;

    /// A copy with the last move taken back, where a variation starts.
    fn branch(&self, py: Python<'_>) -> PyResult<Self>;

    /// python-chess's `parse_san(text)`, with its errors.
    fn parse_san(&self, py: Python<'_>, text: &str) -> PyResult<PyMove>;

    /// python-chess's `push(mv)` of a move `parse_san` gave; `Ok(false)`
    /// where this board cannot play it (the game is then read again on a
    /// `PyBoard`).
    fn push(&mut self, py: Python<'_>, mv: PyMove) -> PyResult<bool>;
}

impl Line for PyBoard {
    fn has_moves(&self) -> bool {
        !self.stack.is_empty()
    }

    fn branch(&self, py: Python<'_>) -> PyResult<Self> {
        let mut branch = self.duplicate(py)?;
        branch.pop(py)?;
        Ok(branch)
    }

    fn parse_san(&self, _py: Python<'_>, text: &str) -> PyResult<PyMove> {
        self.parse_san_text(text)
    }

    fn push(&mut self, py: Python<'_>, mv: PyMove) -> PyResult<bool> {
        self.push_checked(py, mv)?;
        Ok(true)
    }
}

/// A line on the core's board: its positions from the line's start
/// (python-chess's move stack), the last the one now.
pub struct CoreLine {
    positions: Vec<Board>,
    chess960: bool,
}

impl CoreLine {
    /// A line from a legal position (a board in Chess960 mode or not).
    pub fn new(start: Board, chess960: bool) -> Self {
        Self {
            positions: vec![start],
            chess960,
        }
    }

    fn now(&self) -> &Board {
        self.positions.last().expect("a line always has its start")
    }
}

impl Line for CoreLine {
    fn has_moves(&self) -> bool {
        self.positions.len() > 1
    }

    fn branch(&self, _py: Python<'_>) -> PyResult<Self> {
        let mut positions = self.positions.clone();
        positions.pop();
        Ok(Self {
            positions,
            chess960: self.chess960,
        })
    }

    fn parse_san(&self, py: Python<'_>, text: &str) -> PyResult<PyMove> {
        let board = self.now();
        if let Some(mv) = canonical_san(board, text) {
            return Ok(PyMove::from_core(mv));
        }
        // Any other spelling, and every error: python-chess's rules, on a
        // board of this position (rare, so made only here).
        PyBoard::from_fen(py, &board.to_string(), self.chess960)?.parse_san_text(text)
    }

    fn push(&mut self, _py: Python<'_>, mv: PyMove) -> PyResult<bool> {
        let mut board = *self.now();
        if mv.is_null() {
            // In check, python-chess passes the turn all the same, to a
            // position the core does not hold.
            if board.play_null().is_err() {
                return Ok(false);
            }
        } else {
            let Some(core) = legal_move(&board, mv) else {
                return Ok(false);
            };
            board.play_unchecked(core);
        }
        self.positions.push(board);
        Ok(true)
    }
}
