//! The legal moves of a board's position, generated once per position and
//! kept beside it: `board.legal_moves` (python-chess's
//! `LegalMoveGenerator`) lists them from here, and `push` checks a move
//! against them instead of asking the move generator again.

use bitmoves::{Bitboard, Board, Move, Piece, PieceMoves};
use pyo3::PyTraverseError;
use pyo3::gc::PyVisit;
use pyo3::prelude::*;

use crate::board::PyBoard;
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
    /// Whether `moves` are those of the board's position now: set when
    /// they are generated, cleared by [`PyBoard::state_mut`], the only way
    /// to change a board's position (its `state` field is private), so
    /// that checking costs one flag instead of comparing two boards.
    current: bool,
    /// The moves, as indices into the shared `Move` table
    /// ([`PyMove::table_index`]), in generation order.
    moves: Vec<u16>,
    /// The generator's groups of moves, one per piece (a reused buffer).
    groups: Vec<PieceMoves>,
    /// The board's `legal_moves` object, made once: it holds the board,
    /// so the two form a cycle that the garbage collector sees through
    /// `__traverse__` and breaks through `__clear__`.
    pub generator: Option<Py<PyAny>>,
    /// The iterator `iter(board.legal_moves)` hands out, kept for reuse
    /// ([`crate::iter::iterate`]).
    iterator: Option<Py<PyAny>>,
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
    pub fn get(&mut self) -> &mut Cached {
        self.0.get_or_insert_with(Box::default)
    }

    /// See [`Cached::lookup`]; `None` before any move was listed.
    pub fn lookup(&self, mv: PyMove) -> Option<Option<Move>> {
        self.0.as_ref()?.lookup(mv)
    }

    /// Forgets the moves: the position is about to change.
    #[inline]
    pub fn invalidate(&mut self) {
        if let Some(cached) = &mut self.0 {
            cached.current = false;
        }
    }
}

impl Cached {
    /// The moves of `board`, the owning board's position now, generated
    /// unless they are already here.
    #[inline]
    pub fn moves_of(&mut self, board: &Board) -> &[u16] {
        if !self.current {
            self.generate(board);
        }
        &self.moves
    }

    /// Generates and keeps the moves of `board`.
    #[inline(never)]
    fn generate(&mut self, board: &Board) {
        self.moves.clear();
        // Enough for any legal position (218 at most) in one go: the
        // vector keeps it from position to position.
        self.moves.reserve(256);
        // The generator's visitor only keeps each piece's moves; the
        // indices are written afterwards, in one tight loop.
        self.groups.clear();
        let groups = &mut self.groups;
        board.generate_moves(|group| {
            groups.push(group);
            false
        });
        for &group in &self.groups {
            add(&mut self.moves, group);
        }
        self.current = true;
    }

    /// An iterator over the moves of `board` (see [`Cached::moves_of`]).
    pub fn iterate<'py>(&mut self, py: Python<'py>, board: &Board) -> PyResult<Bound<'py, PyAny>> {
        self.moves_of(board);
        crate::iter::iterate(py, &self.moves, &mut self.iterator)
    }

    /// The legal core move that is exactly `mv` when the moves of the
    /// position now are at hand: `Some(Some(core))` when it is among them,
    /// `Some(None)` when it is not, `None` when they were not generated
    /// (then the caller asks the board).
    pub fn lookup(&self, mv: PyMove) -> Option<Option<Move>> {
        if !self.current {
            return None;
        }
        let index = mv.table_index();
        Some(self.moves.contains(&index).then(|| mv.to_core()).flatten())
    }
}

/// Adds the table indices of one piece's moves to `moves`.
#[inline(always)]
fn add(moves: &mut Vec<u16>, group: PieceMoves) {
    if group.piece == Piece::Pawn && group.to.intersects(Bitboard::BACK_RANKS) {
        moves.extend(group.into_iter().map(PyMove::core_index));
    } else {
        // Not a promotion: the index is from × 64 + to.
        let from = group.from.index() as u16 * 64;
        moves.extend(group.to.into_iter().map(|to| from + to.index() as u16));
    }
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
