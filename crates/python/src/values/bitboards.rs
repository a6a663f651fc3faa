//! python-chess's module-level functions of squares and bitboards:
//! `lsb`, `msb`, `popcount`, `scan_forward`, `scan_reversed`, the flips,
//! the shifts, the three square distances, `ray` and `between`.
//! Bitboards are ints from 0 to 2**64 - 1 (or anything with `__index__`,
//! such as a `SquareSet`); the results are ints.

use bitmoves::File;
use pyo3::prelude::*;
use pyo3::wrap_pyfunction;

use super::convert::{Bits, Int, ListSquare, list_square};
use super::square_iter::squares;
use super::squareset::{between_mask, negative_shift, ray_mask};
use pyo3::types::PyIterator;

/// The lowest square of a bitboard, -1 when it is empty.
#[pyfunction]
pub fn lsb(bb: Bits) -> i32 {
    if bb.0 == 0 {
        -1
    } else {
        bb.0.trailing_zeros() as i32
    }
}

/// The highest square of a bitboard, -1 when it is empty.
#[pyfunction]
pub fn msb(bb: Bits) -> i32 {
    63 - bb.0.leading_zeros() as i32
}

/// How many squares a bitboard holds.
#[pyfunction]
pub fn popcount(bb: Bits) -> u32 {
    bb.0.count_ones()
}

/// The squares of a bitboard, lowest first, as an iterator.
#[pyfunction]
fn scan_forward(py: Python<'_>, bb: Bits) -> PyResult<Bound<'_, PyIterator>> {
    squares(py, bb.0, false)
}

/// The squares of a bitboard, highest first, as an iterator.
#[pyfunction]
fn scan_reversed(py: Python<'_>, bb: Bits) -> PyResult<Bound<'_, PyIterator>> {
    squares(py, bb.0, true)
}

/// The bitboard mirrored top to bottom (a1 <-> a8): ranks reversed.
#[pyfunction]
pub fn flip_vertical(bb: Bits) -> u64 {
    bb.0.swap_bytes()
}

/// The bitboard mirrored left to right (a1 <-> h1): files reversed.
#[pyfunction]
pub fn flip_horizontal(bb: Bits) -> u64 {
    u64::from_le_bytes(bb.0.to_le_bytes().map(u8::reverse_bits))
}

/// Each square of `bb` moved to `to(square)`.
fn remapped(bb: u64, to: impl Fn(u32) -> u32) -> u64 {
    let mut out = 0;
    let mut rest = bb;
    while rest != 0 {
        out |= 1 << to(rest.trailing_zeros());
        rest &= rest - 1;
    }
    out
}

/// The bitboard mirrored about the a1-h8 diagonal: file and rank swapped.
#[pyfunction]
pub fn flip_diagonal(bb: Bits) -> u64 {
    remapped(bb.0, |square| (square % 8) * 8 + square / 8)
}

/// The bitboard mirrored about the h1-a8 diagonal (a1 <-> h8).
#[pyfunction]
pub fn flip_anti_diagonal(bb: Bits) -> u64 {
    remapped(bb.0, |square| 63 - ((square % 8) * 8 + square / 8))
}

/// The squares of `files`, as a mask to clear.
fn files(files: &[File]) -> u64 {
    files.iter().fold(0, |mask, file| mask | file.bitboard().0)
}

/// Every square one rank down (towards rank 1).
#[pyfunction]
pub fn shift_down(b: Bits) -> u64 {
    b.0 >> 8
}

/// Every square two ranks down.
#[pyfunction]
pub fn shift_2_down(b: Bits) -> u64 {
    b.0 >> 16
}

/// Every square one rank up (towards rank 8).
#[pyfunction]
pub fn shift_up(b: Bits) -> u64 {
    b.0 << 8
}

/// Every square two ranks up.
#[pyfunction]
pub fn shift_2_up(b: Bits) -> u64 {
    b.0 << 16
}

/// Every square one file right (towards the h-file); the h-file falls off.
#[pyfunction]
pub fn shift_right(b: Bits) -> u64 {
    (b.0 << 1) & !files(&[File::A])
}

/// Every square two files right.
#[pyfunction]
pub fn shift_2_right(b: Bits) -> u64 {
    (b.0 << 2) & !files(&[File::A, File::B])
}

/// Every square one file left (towards the a-file); the a-file falls off.
#[pyfunction]
pub fn shift_left(b: Bits) -> u64 {
    (b.0 >> 1) & !files(&[File::H])
}

/// Every square two files left.
#[pyfunction]
pub fn shift_2_left(b: Bits) -> u64 {
    (b.0 >> 2) & !files(&[File::G, File::H])
}

/// Every square one step up and left (north-west).
#[pyfunction]
pub fn shift_up_left(b: Bits) -> u64 {
    (b.0 << 7) & !files(&[File::H])
}

/// Every square one step up and right (north-east).
#[pyfunction]
pub fn shift_up_right(b: Bits) -> u64 {
    (b.0 << 9) & !files(&[File::A])
}

/// Every square one step down and left (south-west).
#[pyfunction]
pub fn shift_down_left(b: Bits) -> u64 {
    (b.0 >> 9) & !files(&[File::H])
}

/// Every square one step down and right (south-east).
#[pyfunction]
pub fn shift_down_right(b: Bits) -> u64 {
    (b.0 >> 7) & !files(&[File::A])
}

/// The file and rank distances between two squares, computed as
/// python-chess computes them for any ints (`square & 7`, `square >> 3`).
fn deltas(a: Int, b: Int) -> (i64, i64) {
    let file = |square: i64| square & 7;
    let rank = |square: i64| square >> 3;
    ((file(a.0) - file(b.0)).abs(), (rank(a.0) - rank(b.0)).abs())
}

/// The Chebyshev distance: how many king steps from `a` to `b`.
#[pyfunction]
fn square_distance(a: Int, b: Int) -> i64 {
    let (files, ranks) = deltas(a, b);
    files.max(ranks)
}

/// The Manhattan distance: how many rook steps of one square from `a` to
/// `b`.
#[pyfunction]
fn square_manhattan_distance(a: Int, b: Int) -> i64 {
    let (files, ranks) = deltas(a, b);
    files + ranks
}

/// How many knight moves from `a` to `b` on an empty board.
#[pyfunction]
fn square_knight_distance(a: Int, b: Int) -> PyResult<i64> {
    let (dx, dy) = deltas(a, b);
    if dx + dy == 1 {
        return Ok(3);
    }
    if dx == 2 && dy == 2 {
        return Ok(4);
    }
    if dx == 1 && dy == 1 {
        // One diagonal step from a corner takes four moves, not two.
        let corner =
            |square: i64| -> PyResult<bool> { Ok(matches!(list_square(square)?, 0 | 7 | 56 | 63)) };
        if corner(a.0)? || corner(b.0)? {
            return Ok(4);
        }
    }
    // A knight move covers 2 on one axis and 1 on the other: at least
    // half of each distance and a third of their sum, then the parity of
    // the square colours.
    let moves = ((dx + 1) / 2).max((dy + 1) / 2).max((dx + dy + 2) / 3);
    Ok(moves + (moves + dx + dy) % 2)
}

/// The whole rank, file or diagonal through `a` and `b`, as a bitboard,
/// when they are two squares on one, else 0 (`BB_RAYS[a][b]`).
#[pyfunction]
fn ray(a: ListSquare, b: ListSquare) -> u64 {
    ray_mask(a.0, b.0)
}

/// The squares strictly between `a` and `b` on their rank, file or
/// diagonal, as a bitboard, else 0.
#[pyfunction]
fn between(a: Int, b: Int) -> PyResult<u64> {
    let squares = (list_square(a.0)?, list_square(b.0)?);
    if a.0 < 0 || b.0 < 0 {
        return Err(negative_shift());
    }
    Ok(between_mask(squares.0, squares.1))
}

/// Adds the functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(lsb, m)?)?;
    m.add_function(wrap_pyfunction!(msb, m)?)?;
    m.add_function(wrap_pyfunction!(popcount, m)?)?;
    m.add_function(wrap_pyfunction!(scan_forward, m)?)?;
    m.add_function(wrap_pyfunction!(scan_reversed, m)?)?;
    m.add_function(wrap_pyfunction!(flip_vertical, m)?)?;
    m.add_function(wrap_pyfunction!(flip_horizontal, m)?)?;
    m.add_function(wrap_pyfunction!(flip_diagonal, m)?)?;
    m.add_function(wrap_pyfunction!(flip_anti_diagonal, m)?)?;
    m.add_function(wrap_pyfunction!(shift_down, m)?)?;
    m.add_function(wrap_pyfunction!(shift_2_down, m)?)?;
    m.add_function(wrap_pyfunction!(shift_up, m)?)?;
    m.add_function(wrap_pyfunction!(shift_2_up, m)?)?;
    m.add_function(wrap_pyfunction!(shift_right, m)?)?;
    m.add_function(wrap_pyfunction!(shift_2_right, m)?)?;
    m.add_function(wrap_pyfunction!(shift_left, m)?)?;
    m.add_function(wrap_pyfunction!(shift_2_left, m)?)?;
    m.add_function(wrap_pyfunction!(shift_up_left, m)?)?;
    m.add_function(wrap_pyfunction!(shift_up_right, m)?)?;
    m.add_function(wrap_pyfunction!(shift_down_left, m)?)?;
    m.add_function(wrap_pyfunction!(shift_down_right, m)?)?;
    m.add_function(wrap_pyfunction!(square_distance, m)?)?;
    m.add_function(wrap_pyfunction!(square_manhattan_distance, m)?)?;
    m.add_function(wrap_pyfunction!(square_knight_distance, m)?)?;
    m.add_function(wrap_pyfunction!(ray, m)?)?;
    m.add_function(wrap_pyfunction!(between, m)?)?;
    Ok(())
}
