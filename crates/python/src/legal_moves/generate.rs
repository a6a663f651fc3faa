//! The legal moves of a position as the board's `legal_moves` object
//! keeps them ([`super::generator`]): generated once per position, as the
//! shared `Move` objects, straight into the iterator that lists them;
//! `push` checks a move against them instead of asking the move generator
//! again.

use bitmoves::{Bitboard, Board, Color, Move, Piece, PieceMoves, Square, attacks};
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

/// The promotion pieces in python-chess's order, as its piece types.
const PROMOTIONS: [usize; 4] = [5, 4, 3, 2];

/// Writes the shared `Move` objects of the `groups` [`collect`] found on
/// `board`, in python-chess's order, from `items` on; returns how many.
///
/// python-chess's order (`generate_pseudo_legal_moves`, filtered by
/// `generate_legal_moves`): the pieces but pawns by from-square from h8
/// down, each one's targets from h8 down; then castling (by rook square
/// from h8 down: the king side first); then the pawns' captures (by
/// from-square, then target, from h8 down; promotions queen, rook,
/// bishop, knight), their single steps, their double steps (each by
/// to-square from h8 down, which is by from-square), and en passant. In
/// check (`_generate_evasions`) the king's moves come first, then the
/// others' in the same order. The groups are indexed by square and read
/// back from the highest: no sort.
///
/// # Safety
/// `items` has room for the count `collect` returned and [`SLACK`]
/// more, and `table` is the whole table of shared moves
/// ([`crate::values::shared_moves`]).
pub unsafe fn write(
    groups: &[PieceMoves],
    board: &Board,
    table: &[Py<PyMove>],
    items: *mut *mut ffi::PyObject,
) -> usize {
    let us = board.side_to_move();
    let ours = board.colors(us).0;
    let theirs = board.colors(!us).0;
    // The group of each from-square, and which squares hold what.
    let en_passant = board.en_passant().map(Square::index);
    let en_passant_bit = en_passant.map_or(0, |square| 1u64 << square);
    let white = us == Color::White;
    let forward = |bits: u64, ranks: u32| {
        if white {
            bits << (8 * ranks)
        } else {
            bits >> (8 * ranks)
        }
    };
    let mut at = [0u8; 64];
    let (mut pieces, mut king) = (0u64, None);
    // The pawns: those that capture and those that take en passant, and
    // where their single and double steps land.
    let (mut capturers, mut en_passant_capturers) = (0u64, 0u64);
    let (mut singles, mut doubles) = (0u64, 0u64);
    for (i, group) in groups.iter().enumerate() {
        let from = group.from.index();
        at[from] = i as u8;
        match group.piece {
            Piece::Pawn => {
                let (bit, to) = (1u64 << from, group.to.0);
                capturers |= u64::from(to & theirs != 0) << from;
                en_passant_capturers |= u64::from(to & en_passant_bit != 0) << from;
                singles |= to & forward(bit, 1);
                doubles |= to & forward(bit, 2);
            }
            Piece::King => king = Some(group),
            _ => pieces |= 1 << from,
        }
    }
    let mut out = items;
    // SAFETY: every write below is within the room, which holds every
    // move and `SLACK` more (the contract): each write of a few moves
    // starts before the last move written so far.
    unsafe {
        let mut castles = 0;
        if let Some(king) = king {
            let from = king.from.index();
            let row = &table[from * 64..][..64];
            // Castling is the king's move onto its own rook or further
            // than a step (king to g1 or c1 on a standard board).
            castles = king.to.0 & (ours | !attacks::king(king.from).0);
            let steps = king.to.0 & !castles;
            // The king's steps come first in check (then no castling),
            // and with no other piece above it they are first anyway.
            if pieces >> from == 0 || board.is_attacked(king.from, !us, board.occupied()) {
                out = descending::<SLACK>(out, row, steps);
            } else {
                pieces |= 1 << from;
            }
        }
        let mut order = pieces.reverse_bits();
        while order != 0 {
            let from = 63 - order.trailing_zeros() as usize;
            order &= order - 1;
            let group = &groups[usize::from(at[from])];
            let row = &table[from * 64..][..64];
            let to = if group.piece == Piece::King {
                group.to.0 & !castles
            } else {
                group.to.0
            };
            out = descending::<SLACK>(out, row, to);
        }
        if castles != 0 {
            let king = king.map_or(0, |king| king.from.index());
            out = descending::<2>(out, &table[king * 64..][..64], castles);
        }
        // The pawns' moves, each kind in its own pass: captures (by
        // pawn), single steps, double steps (set-wise, by to-square), en
        // passant (by pawn).
        let mut capturers = capturers;
        while capturers != 0 {
            let from = highest(capturers);
            capturers ^= 1 << from;
            // Both captures of a pawn land on one rank.
            let to = groups[usize::from(at[from])].to.0 & theirs;
            if to & Bitboard::BACK_RANKS.0 != 0 {
                out = promotions(out, table, from, to);
            } else {
                out = descending::<2>(out, &table[from * 64..][..64], to);
            }
        }
        let (one, two) = if us == Color::White {
            (-8, -16)
        } else {
            (8, 16)
        };
        if singles & Bitboard::BACK_RANKS.0 == 0 {
            out = steps(out, table, singles, one);
        } else {
            out = promoting_steps(out, table, singles, one);
        }
        out = steps(out, table, doubles, two);
        if let Some(square) = en_passant {
            let mut capturers = en_passant_capturers;
            while capturers != 0 {
                let from = highest(capturers);
                capturers ^= 1 << from;
                out.write(table[from * 64 + square].as_ptr());
                out = out.add(1);
            }
        }
        out.offset_from(items) as usize
    }
}

/// The highest square of a non-empty bitboard.
#[inline(always)]
fn highest(bits: u64) -> usize {
    63 - bits.leading_zeros() as usize
}

/// Writes the moves of `row` (the shared moves from one square, by
/// to-square) to the squares of `to`, from h8 down, `N` at a time whether
/// or not there are `N` (so that a group of up to `N` moves is one round
/// of the loop, the same every time, and not one round a move that ends
/// at a different count in each group: a mispredicted branch per group);
/// returns the end of the moves written.
///
/// # Safety
/// `out` has room for the moves and `N` more (`N` at most [`SLACK`]).
#[inline(always)]
unsafe fn descending<const N: usize>(
    out: *mut *mut ffi::PyObject,
    row: &[Py<PyMove>],
    to: u64,
) -> *mut *mut ffi::PyObject {
    let count = to.count_ones() as usize;
    // The squares mirrored (h8 is bit 0), taken from the lowest: each
    // step's next square and the clearing of its bit (`x & (x - 1)`) are
    // independent, where the highest bit's (`leading_zeros`, then a
    // shift) would chain four operations a move.
    let mut mirrored = to.reverse_bits();
    let mut at = out;
    loop {
        for _ in 0..N {
            // A square index (masked: `mirrored` may be empty, and its
            // square then reads as 63) is below 64, the row's length.
            let square = (mirrored.trailing_zeros() as usize ^ 63) & 63;
            // SAFETY: within the room (the contract); `square` < 64.
            unsafe {
                at.write(row.get_unchecked(square).as_ptr());
                at = at.add(1);
            }
            mirrored &= mirrored.wrapping_sub(1);
        }
        if mirrored == 0 {
            break;
        }
    }
    // SAFETY: within the room, by the contract.
    unsafe { out.add(count) }
}

/// Writes the pawn steps onto the squares of `to` (none on a back rank),
/// from h8 down, each from its square less `delta` (`-8` a white single
/// step, `16` a black double step, ...), eight at a time as
/// [`descending`] does; returns the end of the moves written.
///
/// # Safety
/// `out` has room for the moves and [`SLACK`] more; `table` is the whole
/// table, and each square of `to` less `delta` is a square.
#[inline(always)]
unsafe fn steps(
    out: *mut *mut ffi::PyObject,
    table: &[Py<PyMove>],
    to: u64,
    delta: isize,
) -> *mut *mut ffi::PyObject {
    let count = to.count_ones() as usize;
    let mut mirrored = to.reverse_bits();
    let mut at = out;
    loop {
        for _ in 0..SLACK {
            let square = (mirrored.trailing_zeros() as usize ^ 63) & 63;
            // The move from `square + delta` to `square`; for the square
            // read when `mirrored` is empty (63), some other move of the
            // table (below 64 × 65 + 1024), written past the moves.
            let index = (square as isize * 65 + delta * 64) as usize;
            // SAFETY: within the room (the contract).
            unsafe {
                at.write(table[index].as_ptr());
                at = at.add(1);
            }
            mirrored &= mirrored.wrapping_sub(1);
        }
        if mirrored == 0 {
            break;
        }
    }
    // SAFETY: within the room, by the contract.
    unsafe { out.add(count) }
}

/// [`steps`] when some land on a back rank: those as four promotions each.
///
/// # Safety
/// As [`steps`].
#[cold]
#[inline(never)]
unsafe fn promoting_steps(
    mut out: *mut *mut ffi::PyObject,
    table: &[Py<PyMove>],
    mut to: u64,
    delta: isize,
) -> *mut *mut ffi::PyObject {
    while to != 0 {
        let square = highest(to);
        to ^= 1 << square;
        let from = (square as isize + delta) as usize;
        // SAFETY: by the contract.
        unsafe {
            if (1u64 << square) & Bitboard::BACK_RANKS.0 != 0 {
                out = promotions(out, table, from, 1 << square);
            } else {
                out.write(table[from * 64 + square].as_ptr());
                out = out.add(1);
            }
        }
    }
    out
}

/// Writes the promotions of the pawn on `from` to the squares of `to`,
/// from h8 down, each as queen, rook, bishop and knight; returns the end
/// of the moves written.
///
/// # Safety
/// `out` has room for the moves, and `table` is the whole table.
#[cold]
#[inline(never)]
unsafe fn promotions(
    mut out: *mut *mut ffi::PyObject,
    table: &[Py<PyMove>],
    from: usize,
    mut to: u64,
) -> *mut *mut ffi::PyObject {
    while to != 0 {
        let square = highest(to);
        to ^= 1 << square;
        for piece in PROMOTIONS {
            // SAFETY: within the room (the contract).
            unsafe {
                out.write(table[(piece * 64 + from) * 64 + square].as_ptr());
                out = out.add(1);
            }
        }
    }
    out
}
