//! The legal moves of a board's position, generated once per position and
//! kept by the board's `legal_moves` object (python-chess's
//! `LegalMoveGenerator`, [`crate::generator`]): it lists them from there,
//! and `push` checks a move against them instead of asking the move
//! generator again. This file holds the board's side: the generator it
//! keeps, and the writing of the moves as shared `Move` objects.

use bitmoves::{Bitboard, Board, Piece, PieceMoves};
use pyo3::PyTraverseError;
use pyo3::ffi;
use pyo3::gc::PyVisit;
use pyo3::prelude::*;

use crate::board::PyBoard;
use crate::generator::GeneratorRef;
use crate::moves::PyMove;

/// The board's `legal_moves` object and the generator's buffer, once
/// asked for: boxed, so that a board that never lists its moves (say one
/// of a million in a batch to encode) stays small.
#[derive(Default)]
pub struct LegalCache(Option<Box<Cached>>);

/// What a board keeps to list its legal moves.
///
/// A random playout (list the moves, play one) then generates once per
/// ply, allocates nothing (the buffers are reused from position to
/// position) and hands Python a C-level iterator over the shared `Move`
/// objects ([`crate::iter`]), which `list()` drains.
#[derive(Default)]
pub struct Cached {
    /// The generator's groups of moves, one per piece (a reused buffer).
    groups: Vec<PieceMoves>,
    /// The board's `legal_moves` object, made once: it holds the board,
    /// so the two form a cycle that the garbage collector sees through
    /// `__traverse__` and breaks through `__clear__`. It keeps the moves,
    /// with a flag saying whether they are the position's now, which
    /// [`PyBoard::state_mut`] clears.
    pub generator: Option<GeneratorRef>,
}

impl Clone for LegalCache {
    /// A copied board starts without moves: they are made again on demand
    /// (cloning the generator's reference would need the GIL).
    fn clone(&self) -> Self {
        Self::default()
    }
}

impl Drop for Cached {
    /// A generator no longer kept by its board is no longer told when the
    /// position changes: its moves stop counting as current.
    fn drop(&mut self) {
        if let Some(generator) = &self.generator {
            generator.forget();
        }
    }
}

impl LegalCache {
    /// The cache, made on first use.
    pub fn get(&mut self) -> &mut Cached {
        self.0.get_or_insert_with(Box::default)
    }

    /// The board's generator, when it has made one.
    #[inline]
    pub fn generator(&self) -> Option<&GeneratorRef> {
        self.0.as_ref()?.generator.as_ref()
    }

    /// Forgets the moves: the position is about to change.
    #[inline]
    pub fn invalidate(&mut self) {
        if let Some(generator) = self.generator() {
            generator.forget();
        }
    }
}

/// How many moves [`Cached::write`] may write past the last one.
pub const SLACK: usize = 8;

impl Cached {
    /// Collects the groups of `board`'s legal moves; returns how many
    /// moves they hold.
    #[inline(never)]
    pub fn collect(&mut self, board: &Board) -> usize {
        self.groups.clear();
        let groups = &mut self.groups;
        board.generate_moves(|group| {
            groups.push(group);
            false
        });
        self.groups.iter().map(PieceMoves::len).sum()
    }

    /// Writes the shared `Move` objects of the groups [`Cached::collect`]
    /// found, in generation order, from `items` on; returns how many.
    ///
    /// # Safety
    /// `items` has room for the count `collect` returned and [`SLACK`]
    /// more, and `table` is the whole table of shared moves
    /// ([`crate::moves::shared_moves`]).
    pub unsafe fn write(&self, table: &[Py<PyMove>], items: *mut *mut ffi::PyObject) -> usize {
        let mut out = items;
        for &group in &self.groups {
            if group.piece == Piece::Pawn && group.to.intersects(Bitboard::BACK_RANKS) {
                for mv in group {
                    // SAFETY: room for every move (the contract).
                    unsafe {
                        out.write(table[usize::from(PyMove::core_index(mv))].as_ptr());
                        out = out.add(1);
                    }
                }
                continue;
            }
            // Not a promotion: the moves from `from` are the table's row
            // `from` (index from × 64 + to). They are written eight at a
            // time, whether or not there are eight (the room has `SLACK`
            // to spare), so that a group of up to eight moves (a pawn's,
            // a knight's, the king's) is one round of the loop, the same
            // every time, and not one round a move that ends at a
            // different count in each group (a mispredicted branch per
            // group).
            let row = &table[group.from.index() * 64..][..64];
            let mut to = group.to.0;
            let count = to.count_ones() as usize;
            let mut at = out;
            loop {
                for _ in 0..SLACK {
                    // SAFETY: the room has `SLACK` more than the moves
                    // (the contract), and the group's writes start before
                    // its last move; a square index (masked: `to` may be
                    // empty) is below 64, the row's length.
                    unsafe {
                        let square = to.trailing_zeros() as usize & 63;
                        at.write(row.get_unchecked(square).as_ptr());
                        at = at.add(1);
                    }
                    to &= to.wrapping_sub(1);
                }
                if to == 0 {
                    break;
                }
            }
            // SAFETY: within the room, by the contract.
            out = unsafe { out.add(count) };
        }
        // SAFETY: `out` moved forward from `items` one move at a time.
        unsafe { out.offset_from(items) as usize }
    }
}

#[pymethods]
impl PyBoard {
    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        if let Some(generator) = self.legal.generator() {
            visit.call(generator.object())?;
        }
        Ok(())
    }

    fn __clear__(&mut self) {
        self.legal = LegalCache::default();
    }
}
