//! Pickling and copying: `Board` (its root position, Chess960 flag and
//! move stack), `Move` and `Piece` pickle (`Termination` and `Outcome`
//! are Python's own enum and dataclass, `bitmoves/_outcome.py`), so
//! that they pass to `multiprocessing` workers, and the immutable values
//! copy as themselves (`copy.copy`, `copy.deepcopy`).

use pyo3::prelude::*;
use pyo3::types::{PyTuple, PyType};

use bitmoves::variant::VariantKind;

use crate::board::PyBoard;
use crate::board::engine::{self, Rules};
use crate::values::{MoveFields, PyMove, PyPiece};

/// What a board is pickled as: its root FEN (Shredder castling on a
/// Chess960 board, the en passant square as python-chess's `ep_square`),
/// the Chess960 flag, and the move stack in UCI.
type BoardState = (String, bool, Vec<String>);

#[pymethods]
impl PyBoard {
    /// `pickle` support: `Board()`, then `__setstate__` with the root
    /// FEN, the Chess960 flag and the move stack.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>, BoardState)> {
        let board = slf.borrow();
        let root = if board.variant == VariantKind::Standard {
            PyBoard::fen_of(&board.root_state(), board.chess960, "fen", true)?
        } else {
            // A variant's FEN, with its pockets or check counts.
            let rules = Rules {
                chess960: true,
                pushed: false,
                variant: board.variant,
            };
            engine::write_fen(
                &board.root_state().setup(),
                rules,
                board.chess960,
                "fen",
                true,
            )
            .map_err(pyo3::exceptions::PyValueError::new_err)?
        };
        let moves = board.stack.iter().map(|(_, mv)| mv.uci_text()).collect();
        Ok((
            slf.get_type(),
            PyTuple::empty(slf.py()),
            (root, board.chess960, moves),
        ))
    }

    /// Sets the board from a pickled state: the root FEN, the Chess960
    /// flag, then the move stack replayed (`ValueError` for a state no
    /// board pickles as).
    fn __setstate__(&mut self, py: Python<'_>, state: BoardState) -> PyResult<()> {
        let (root, chess960, moves) = state;
        let fresh = PyBoard::from_fen_in(py, &root, chess960, self.variant)?;
        self.chess960 = fresh.chess960;
        self.set_state(py, *fresh.state());
        self.clear_moves();
        for uci in moves {
            let mv = self.parse_uci_move(&uci)?;
            self.push_checked(py, mv)?;
        }
        Ok(())
    }
}

#[pymethods]
impl PyMove {
    /// `pickle` support: `Move(from_square, to_square, promotion, drop)`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, MoveFields) {
        (slf.get_type(), slf.get().fields())
    }
}

#[pymethods]
impl PyPiece {
    /// `pickle` support: `Piece(piece_type, color)`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (u8, bool)) {
        let piece = slf.get();
        (slf.get_type(), (piece.piece_type, piece.color))
    }
}

/// `copy.copy` and `copy.deepcopy` of values that never change: the value
/// itself.
macro_rules! immutable_copies {
    ($($type:ty),*) => {$(
        #[pymethods]
        impl $type {
            /// The value itself: it never changes.
            fn __copy__<'py>(slf: &Bound<'py, Self>) -> Bound<'py, Self> {
                slf.clone()
            }

            /// The value itself: it never changes.
            fn __deepcopy__<'py>(slf: &Bound<'py, Self>, _memo: &Bound<'py, PyAny>) -> Bound<'py, Self> {
                slf.clone()
            }
        }
    )*};
}

immutable_copies!(PyMove, PyPiece);
