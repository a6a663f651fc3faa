//! The legal moves of a position as the board's `legal_moves` object
//! keeps them ([`super::generator`]): generated once per position, as the
//! shared `Move` objects, straight into the iterator that lists them;
//! `push` checks a move against them instead of asking the move generator
//! again.

use bitmoves::{Bitboard, Board, Color, Move, Piece, attacks};
use pyo3::ffi;
use pyo3::prelude::*;

#[cfg(target_arch = "x86_64")]
use super::popcnt::has_popcnt;
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

/// How many slots before the first move [`write()`] may write on (the
/// kept iterator's [`super::iter::FRONT`]).
pub const SLACK: usize = super::iter::FRONT;

/// A position's legal moves as [`gather`] takes them from the move
/// generator: each piece's targets by its from-square, and which squares
/// hold pieces with moves. Read back by [`write()`] in python-chess's order.
/// Plain integers, so all-zero bytes are a valid (empty) one: a generator
/// keeps one in its zeroed allocation and [`gather`] refills it, so that
/// no room of 560 bytes is cleared on every position.
pub struct Gathered {
    /// The targets of the piece on each square of `pieces` and `pawns`
    /// (the other entries are not read).
    targets: [u64; 64],
    /// Our pieces but pawns that have moves, the king included.
    pieces: u64,
    /// Our pawns that have moves.
    pawns: u64,
    /// Those of `pawns` that capture a piece (en passant aside).
    capturers: u64,
    /// Every pawn's targets together.
    pawn_targets: u64,
    /// The targets of every piece but pawns and the king together.
    piece_targets: u64,
    /// How many moves there are, each promotion piece counted.
    pub count: usize,
}

/// The legal moves of `board`, gathered by from-square in one pass over
/// the move generator's groups (no list of groups, no sort) into
/// `gathered` (the caller's, so that nothing is copied on return; its
/// `targets` need not be cleared). Compiled twice, with and without the
/// `popcnt` instruction ([`super::popcnt`]), out of line either way (the
/// move generator and its visitor apart from the writer).
pub fn gather(gathered: &mut Gathered, board: &Board) {
    #[cfg(target_arch = "x86_64")]
    if has_popcnt() {
        // SAFETY: the CPU has `popcnt` (the flag is set only then).
        return unsafe { gather_popcnt(gathered, board) };
    }
    gather_plain(gathered, board);
}

/// [`gather`] for any CPU.
#[inline(never)]
fn gather_plain(gathered: &mut Gathered, board: &Board) {
    gather_body(gathered, board);
}

/// [`gather`] with `count_ones` as the `popcnt` instruction.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
#[inline(never)]
fn gather_popcnt(gathered: &mut Gathered, board: &Board) {
    gather_body(gathered, board);
}

/// [`gather`]'s body, compiled into each of its versions. The sets are
/// kept in locals while the generator runs (registers, where fields
/// behind a reference would be loaded and stored on every group).
#[inline(always)]
fn gather_body(gathered: &mut Gathered, board: &Board) {
    let theirs = board.colors(!board.side_to_move()).0;
    let king = board.king(board.side_to_move()).index();
    let targets = &mut gathered.targets;
    let (mut pieces, mut pawns, mut capturers) = (0u64, 0u64, 0u64);
    let (mut pawn_targets, mut piece_targets, mut count) = (0u64, 0u64, 0usize);
    board.generate_moves(|group| {
        let (from, to) = (group.from.index(), group.to.0);
        targets[from] = to;
        let moves = to.count_ones() as usize;
        if group.piece == Piece::Pawn {
            pawns |= 1 << from;
            capturers |= u64::from(to & theirs != 0) << from;
            pawn_targets |= to;
            // Four moves for each promotion square: three more.
            count += moves + 3 * (to & Bitboard::BACK_RANKS.0).count_ones() as usize;
        } else {
            pieces |= 1 << from;
            piece_targets |= to & u64::from(from != king).wrapping_neg();
            count += moves;
        }
        false
    });
    gathered.pieces = pieces;
    gathered.pawns = pawns;
    gathered.capturers = capturers;
    gathered.pawn_targets = pawn_targets;
    gathered.piece_targets = piece_targets;
    gathered.count = count;
}

/// The promotion pieces in python-chess's order reversed (knight, bishop,
/// rook, queen), as its piece types: written down from the end.
const PROMOTIONS_BACKWARDS: [usize; 4] = [2, 3, 4, 5];

/// Writes the shared `Move` objects of the moves [`gather`] found on
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
/// others' in the same order.
///
/// The list is written backwards, from its end (`items` + the count) down,
/// in the reverse order: squares from a1 up, each piece's or set's read
/// by the lowest set bit (`trailing_zeros`, then `x & (x - 1)`: two
/// independent steps a move, no bit reversal), a few moves at a time
/// whether or not there are that many (the extra ones land below, on
/// slots written later or on the [`SLACK`] slots before `items`). The
/// pawns' steps are one set each: no sort, no list of groups.
///
/// Compiled twice, as [`gather`] is: with the `popcnt` instruction where
/// the CPU has it (out of line), and for any CPU (inlined).
///
/// # Safety
/// `items` has room for `gathered.count` moves after it and [`SLACK`]
/// slots before it, and `table` is the whole table of shared moves
/// ([`crate::values::shared_moves`]).
#[inline(always)]
pub unsafe fn write(
    gathered: &mut Gathered,
    board: &Board,
    table: &[Py<PyMove>],
    items: *mut *mut ffi::PyObject,
) -> usize {
    #[cfg(target_arch = "x86_64")]
    if has_popcnt() {
        // SAFETY: the CPU has `popcnt` (the flag is set only then); the
        // rest of the contract is the caller's.
        return unsafe { write_popcnt(gathered, board, table, items) };
    }
    // SAFETY: the caller's contract.
    unsafe { write_body(gathered, board, table, items) }
}

/// [`write()`] with `count_ones` as the `popcnt` instruction.
///
/// # Safety
/// As [`write()`], and the CPU has `popcnt`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
#[inline(never)]
unsafe fn write_popcnt(
    gathered: &mut Gathered,
    board: &Board,
    table: &[Py<PyMove>],
    items: *mut *mut ffi::PyObject,
) -> usize {
    // SAFETY: the caller's contract.
    unsafe { write_body(gathered, board, table, items) }
}

/// [`write()`]'s body, compiled into each of its versions.
///
/// # Safety
/// As [`write()`].
#[inline(always)]
unsafe fn write_body(
    gathered: &mut Gathered,
    board: &Board,
    table: &[Py<PyMove>],
    items: *mut *mut ffi::PyObject,
) -> usize {
    let us = board.side_to_move();
    let ours = board.colors(us).0;
    let theirs = board.colors(!us).0;
    let mut pieces = gathered.pieces;
    // SAFETY: every write below lands between `SLACK` slots before
    // `items` and `items` + the count (the contract): each group's moves
    // end where the moves after it begin, and a write of a few at a time
    // that runs past a group's first move goes at most `SLACK` slots
    // below it, onto slots of the moves before it or the `SLACK` ones.
    // The count is the sum of every group's moves (`gather`), and the
    // writes below are those moves, split by kind: never more.
    unsafe {
        let end = items.add(gathered.count);
        let mut out = end;
        // The king's moves: its steps, with the pieces (or first, in
        // check), and castling, after the pieces.
        let king = board.king(us);
        let king_row = &table[king.index() * 64..][..64];
        let (mut castles, mut evading) = (0, 0);
        if pieces & king.bitboard().0 != 0 {
            let to = gathered.targets[king.index()];
            // Castling is the king's move onto its own rook or further
            // than a step (king to g1 or c1 on a standard board).
            castles = to & (ours | !attacks::king(king).0);
            let steps = to & !castles;
            gathered.targets[king.index()] = steps;
            // In check (then no castling) the king's steps come first:
            // asked only when some piece with moves stands above it,
            // else they are first anyway, and when the others' moves
            // land on at most 8 squares: in check they land on the
            // checker or between it and the king (at most 7 squares) or
            // take en passant. (Most positions are then settled without
            // the attack test, whose slider lookups miss the cache.)
            let others = gathered.piece_targets | gathered.pawn_targets;
            if castles == 0
                && pieces >> king.index() > 1
                && others.count_ones() <= 8
                && board.is_attacked(king, !us, board.occupied())
            {
                evading = steps;
                pieces ^= king.bitboard().0;
            }
        }
        // Last first: en passant, the pawns' double steps, single steps,
        // captures; castling; the pieces; the king's steps in check.
        let en_passant = board.en_passant();
        let en_passant_bit = en_passant.map_or(0, |square| square.bitboard().0);
        if let Some(square) = en_passant
            && gathered.pawn_targets & en_passant_bit != 0
        {
            out = en_passant_captures(out, table, gathered, square.index());
        }
        // A step lands on an empty square: one step ahead of a pawn (a
        // single step), or two with an empty square between (a double
        // step); so no two pawns step onto one square. En passant's
        // square is never a step's: the pawn that passed it stands in
        // front of it.
        let steps = gathered.pawn_targets & !theirs & !en_passant_bit;
        let singles = steps & board.colored_pieces(us, Piece::Pawn).forward(us).0;
        let doubles = steps & !singles;
        let (one, two) = if us == Color::White {
            (-8, -16)
        } else {
            (8, 16)
        };
        if doubles != 0 {
            out = steps_from(out, table, doubles, two);
        }
        if singles & Bitboard::BACK_RANKS.0 == 0 {
            out = steps_from(out, table, singles, one);
        } else {
            out = promoting_steps(out, table, singles, one);
        }
        let mut capturers = gathered.capturers;
        while capturers != 0 {
            let from = capturers.trailing_zeros() as usize;
            capturers &= capturers - 1;
            // Both captures of a pawn land on one rank.
            let to = gathered.targets[from] & theirs;
            if to & Bitboard::BACK_RANKS.0 != 0 {
                out = promotions(out, table, from, to);
            } else {
                out = backwards::<2>(out, &table[from * 64..][..64], to);
            }
        }
        if castles != 0 {
            out = backwards::<2>(out, king_row, castles);
        }
        while pieces != 0 {
            let from = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let row = &table[from * 64..][..64];
            out = backwards::<SLACK>(out, row, gathered.targets[from]);
        }
        if evading != 0 {
            out = backwards::<SLACK>(out, king_row, evading);
        }
        // `out` is `items` (the count is every move written); were it
        // ever above it, the moves move down to `items`.
        let written = end.offset_from(out) as usize;
        debug_assert_eq!(out, items);
        if out != items {
            std::ptr::copy(out, items, written);
        }
        written
    }
}

/// Writes the en passant captures onto `square` of the pawns [`gather`]
/// found down from `end` (by from-square from a1 up, so that they read
/// from h8 down); returns where they begin.
///
/// # Safety
/// There is room for the moves below `end`; `table` is the whole table.
#[cold]
#[inline(never)]
unsafe fn en_passant_captures(
    mut end: *mut *mut ffi::PyObject,
    table: &[Py<PyMove>],
    gathered: &Gathered,
    square: usize,
) -> *mut *mut ffi::PyObject {
    let mut pawns = gathered.pawns;
    while pawns != 0 {
        let from = pawns.trailing_zeros() as usize;
        pawns &= pawns - 1;
        if gathered.targets[from] & (1 << square) != 0 {
            // SAFETY: within the room (the contract).
            unsafe {
                end = end.sub(1);
                end.write(table[from * 64 + square].as_ptr());
            }
        }
    }
    end
}

/// The lowest square of `bits`, and 63 when it is empty: never 64, so
/// that a row of 64 can be read at it whatever `bits` holds (and
/// `trailing_zeros` needs no test for zero).
#[inline(always)]
fn lowest_or_63(bits: u64) -> usize {
    (bits | 1 << 63).trailing_zeros() as usize
}

/// Writes the moves of `row` (the shared moves from one square, by
/// to-square) to the squares of `to` down from `end`, from a1 up (so that
/// they read from h8 down), `N` at a time whether or not there are `N`
/// (so that a group of up to `N` moves is one round of the loop, the same
/// every time, and not one round a move that ends at a different count
/// in each group: a mispredicted branch per group); returns where the
/// moves begin.
///
/// # Safety
/// There is room for the moves below `end` and `N` slots more below them
/// (`N` at most [`SLACK`]).
#[inline(always)]
unsafe fn backwards<const N: usize>(
    end: *mut *mut ffi::PyObject,
    row: &[Py<PyMove>],
    to: u64,
) -> *mut *mut ffi::PyObject {
    let count = to.count_ones() as usize;
    let mut bits = to;
    let mut at = end;
    loop {
        for _ in 0..N {
            let square = lowest_or_63(bits);
            // SAFETY: within the room (the contract); `square` < 64,
            // the row's length.
            unsafe {
                at = at.sub(1);
                at.write(row.get_unchecked(square).as_ptr());
            }
            bits &= bits.wrapping_sub(1);
        }
        if bits == 0 {
            break;
        }
    }
    // SAFETY: within the room, by the contract.
    unsafe { end.sub(count) }
}

/// Writes the pawn steps onto the squares of `to` (none on a back rank)
/// down from `end`, each from its square less `delta` (`-8` a white single
/// step, `16` a black double step, ...), eight at a time as
/// [`backwards`] does; returns where the moves begin.
///
/// # Safety
/// There is room for the moves below `end` and [`SLACK`] slots more;
/// `table` is the whole table, and each square of `to` less `delta` is a
/// square.
#[inline(always)]
unsafe fn steps_from(
    end: *mut *mut ffi::PyObject,
    table: &[Py<PyMove>],
    to: u64,
    delta: isize,
) -> *mut *mut ffi::PyObject {
    let count = to.count_ones() as usize;
    let mut bits = to;
    let mut at = end;
    loop {
        for _ in 0..SLACK {
            let square = lowest_or_63(bits);
            // The move from `square + delta` to `square`; for the square
            // read when `bits` is empty (63), some other move of the
            // table (from 63 × 65 − 1024 up to below 64 × 65 + 1024),
            // written on a slot written later or a spare one.
            let index = (square as isize * 65 + delta * 64) as usize;
            // SAFETY: within the room (the contract); `index` is below
            // 64 × 65 + 1024, far below the table's length (its first
            // 64 × 64 moves are the plain ones, promotions follow).
            unsafe {
                at = at.sub(1);
                at.write(table.get_unchecked(index).as_ptr());
            }
            bits &= bits.wrapping_sub(1);
        }
        if bits == 0 {
            break;
        }
    }
    // SAFETY: within the room, by the contract.
    unsafe { end.sub(count) }
}

/// [`steps_from`] when some land on a back rank: those as four promotions
/// each.
///
/// # Safety
/// As [`steps_from`].
#[cold]
#[inline(never)]
unsafe fn promoting_steps(
    mut end: *mut *mut ffi::PyObject,
    table: &[Py<PyMove>],
    mut to: u64,
    delta: isize,
) -> *mut *mut ffi::PyObject {
    while to != 0 {
        let square = to.trailing_zeros() as usize;
        to &= to - 1;
        let from = (square as isize + delta) as usize;
        // SAFETY: by the contract.
        unsafe {
            if (1u64 << square) & Bitboard::BACK_RANKS.0 != 0 {
                end = promotions(end, table, from, 1 << square);
            } else {
                end = end.sub(1);
                end.write(table[from * 64 + square].as_ptr());
            }
        }
    }
    end
}

/// Writes the promotions of the pawn on `from` to the squares of `to`
/// down from `end`, from a1 up, each as knight, bishop, rook and queen
/// (so that they read from h8 down, queen first); returns where the moves
/// begin.
///
/// # Safety
/// There is room for the moves below `end`, and `table` is the whole
/// table.
#[cold]
#[inline(never)]
unsafe fn promotions(
    mut end: *mut *mut ffi::PyObject,
    table: &[Py<PyMove>],
    from: usize,
    mut to: u64,
) -> *mut *mut ffi::PyObject {
    while to != 0 {
        let square = to.trailing_zeros() as usize;
        to &= to - 1;
        for piece in PROMOTIONS_BACKWARDS {
            // SAFETY: within the room (the contract).
            unsafe {
                end = end.sub(1);
                end.write(table[(piece * 64 + from) * 64 + square].as_ptr());
            }
        }
    }
    end
}
