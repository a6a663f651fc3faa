//! The legal moves of a board's position, generated once per position and
//! kept beside it: `board.legal_moves` (python-chess's
//! `LegalMoveGenerator`) lists them from here, and `push` checks a move
//! against them instead of asking the move generator again.

use bitmoves::{Board, Move};
use pyo3::PyTraverseError;
use pyo3::gc::PyVisit;
use pyo3::prelude::*;

use crate::board::PyBoard;
use crate::iter::iterate;
use crate::moves::PyMove;

/// The legal moves of the position now, once asked for: boxed, so that a
/// board that never lists its moves (say one of a million in a batch to
/// encode) stays small.
#[derive(Default)]
pub struct LegalCache(Option<Box<Cached>>);

/// The legal moves of one position, kept until the position changes.
///
/// A random playout (list the moves, play one) then generates once per
/// ply, allocates nothing on the Rust side (the vector keeps its capacity
/// from position to position) and hands Python a C-level iterator over
/// the shared `Move` objects ([`crate::iter`]), which `list()` drains.
#[derive(Default)]
pub struct Cached {
    /// The position the moves belong to; `None` before the first use.
    board: Option<Board>,
    /// The moves, as indices into the shared `Move` table
    /// ([`PyMove::table_index`]), in generation order.
    moves: Vec<u16>,
    /// The board's `legal_moves` object, made once: it holds the board,
    /// so the two form a cycle that the garbage collector sees through
    /// `__traverse__` and breaks through `__clear__`.
    generator: Option<Py<LegalMoveGenerator>>,
}

impl Clone for LegalCache {
    /// A copied board starts without moves: they are made again on demand
    /// (cloning the generator's reference would need the GIL).
    fn clone(&self) -> Self {
        Self::default()
    }
}

impl LegalCache {
    /// The cache, made on first use.
    fn get(&mut self) -> &mut Cached {
        self.0.get_or_insert_with(Box::default)
    }

    /// See [`Cached::lookup`]; `None` before any move was listed.
    pub fn lookup(&self, board: &Board, mv: PyMove) -> Option<Option<Move>> {
        self.0.as_ref()?.lookup(board, mv)
    }
}

impl Cached {
    /// The moves of `board`, generated unless they are already here.
    fn moves_of(&mut self, board: &Board) -> &[u16] {
        if self.board.as_ref() != Some(board) {
            self.moves.clear();
            let moves = &mut self.moves;
            board.generate_moves(|group| {
                moves.extend(group.into_iter().map(PyMove::core_index));
                false
            });
            self.board = Some(*board);
        }
        &self.moves
    }

    /// The legal core move that is exactly `mv` when the moves of `board`
    /// are at hand: `Some(Some(core))` when it is among them,
    /// `Some(None)` when it is not, `None` when they were not generated
    /// (then the caller asks the board).
    pub fn lookup(&self, board: &Board, mv: PyMove) -> Option<Option<Move>> {
        if self.board.as_ref() != Some(board) {
            return None;
        }
        let index = mv.table_index();
        Some(self.moves.contains(&index).then(|| mv.to_core()).flatten())
    }
}

/// `board.legal_moves`: the legal moves of the board as it is when asked
/// (iterating again after a push sees the new position), like
/// python-chess's `LegalMoveGenerator`. Sized, iterable, supports `in`.
// No freelist: PyO3 0.25 reuses a freelist object without tracking it for
// the garbage collector again, and then a board and its generator (a
// cycle) were never collected: the test of the cycle caught the leak.
#[pyclass(module = "bitmoves", name = "LegalMoveGenerator", frozen)]
pub struct LegalMoveGenerator {
    board: Py<PyBoard>,
}

#[pymethods]
impl LegalMoveGenerator {
    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        visit.call(&self.board)
    }

    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        let mut board = self.board.try_borrow_mut(py)?;
        let board = &mut *board;
        Ok(board.legal.get().moves_of(&board.state.board).len())
    }

    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.__len__(py)? > 0)
    }

    /// How many legal moves there are.
    fn count(&self, py: Python<'_>) -> PyResult<usize> {
        self.__len__(py)
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut board = self.board.try_borrow_mut(py)?;
        let board = &mut *board;
        iterate(py, board.legal.get().moves_of(&board.state.board))
    }

    fn __contains__(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(mv) = mv.downcast::<PyMove>() else {
            return Ok(false);
        };
        let board = self.board.try_borrow(py)?;
        Ok(board.legal(*mv.get()).map(PyMove::from_core) == Some(*mv.get()))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let board = self.board.try_borrow(py)?;
        let mut sans = Vec::new();
        for mv in board.board().legal_moves() {
            sans.push(
                board
                    .board()
                    .san(mv)
                    .map(|s| s.to_string())
                    .unwrap_or_default(),
            );
        }
        Ok(format!("<LegalMoveGenerator ({})>", sans.join(", ")))
    }
}

/// `board.legal_moves` (the getter is in [`crate::fast`]): the board's
/// generator, made on first use and kept.
pub fn generator<'py>(slf: &Bound<'py, PyBoard>) -> PyResult<Bound<'py, LegalMoveGenerator>> {
    let py = slf.py();
    let mut board = slf.try_borrow_mut()?;
    if let Some(generator) = &board.legal.get().generator {
        return Ok(generator.bind(py).clone());
    }
    let generator = Bound::new(
        py,
        LegalMoveGenerator {
            board: slf.clone().unbind(),
        },
    )?;
    board.legal.get().generator = Some(generator.clone().unbind());
    Ok(generator)
}

#[pymethods]
impl PyBoard {
    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        if let Some(cached) = &self.legal.0 {
            visit.call(&cached.generator)?;
        }
        Ok(())
    }

    fn __clear__(&mut self) {
        self.legal = LegalCache::default();
    }
}
