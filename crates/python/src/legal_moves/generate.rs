//! The legal moves of a position as the board's `legal_moves` object
//! keeps them ([`super::generator`]): generated once per position, as the
//! shared `Move` objects, straight into the iterator that lists them;
//! `push` checks a move against them instead of asking the move generator
//! again.

use bitmoves::{Bitboard, Board, Move, Piece, PieceMoves};
use pyo3::ffi;
use pyo3::prelude::*;

use crate::values::PyMove;

/// The legal core move `mv` stands for on `board`, or `None`: the move
/// itself, or on a board whose castling is written the other way, its
/// other form.
pub fn legal_move(board: &Board, mv: PyMove) -> Option<Move> {
    let core = mv.to_core()?;
    if board.is_legal(core) {
        return Some(core);
    }
    if board.piece_on(core.from) == Some(Piece::King) {
        return board.parse_move(&core.to_string()).ok();
    }
    None
}

/// How many moves [`write()`] may write past the last one.
pub const SLACK: usize = 8;

/// Collects the groups of `board`'s legal moves into `groups` (a reused
/// buffer); returns how many moves they hold.
#[inline(never)]
pub fn collect(groups: &mut Vec<PieceMoves>, board: &Board) -> usize {
    groups.clear();
    board.generate_moves(|group| {
        groups.push(group);
        false
    });
    groups.iter().map(PieceMoves::len).sum()
}

/// Writes the shared `Move` objects of the `groups` [`collect`] found, in generation order, from `items` on; returns how many.
///
/// # Safety
/// `items` has room for the count `collect` returned and [`SLACK`]
/// more, and `table` is the whole table of shared moves
/// ([`crate::values::shared_moves`]).
pub unsafe fn write(
    groups: &[PieceMoves],
    table: &[Py<PyMove>],
    items: *mut *mut ffi::PyObject,
) -> usize {
    let mut out = items;
    for &group in groups {
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
