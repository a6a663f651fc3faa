//! python-chess's attack tables as Python lists and dicts, made from the
//! core's own attack tables when the module loads: `BB_KNIGHT_ATTACKS`,
//! `BB_KING_ATTACKS`, `BB_PAWN_ATTACKS`, `BB_RAYS`, and the slider tables
//! python-chess indexes by occupancy, `BB_DIAG_MASKS`/`BB_DIAG_ATTACKS`,
//! `BB_FILE_MASKS`/`BB_FILE_ATTACKS`, `BB_RANK_MASKS`/`BB_RANK_ATTACKS`.

use bitmoves::{Bitboard, Color, File, Rank, Square, attacks};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use super::squareset::ray_mask;

/// The board's edge squares that a slider on `square` never needs to see
/// occupied: the first and last rank and the a- and h-files, each unless
/// `square` stands on it.
fn edges(square: Square) -> u64 {
    let ranks = (Rank::First.bitboard() | Rank::Eighth.bitboard()) - square.rank().bitboard();
    let files = (File::A.bitboard() | File::H.bitboard()) - square.file().bitboard();
    (ranks | files).0
}

/// A python-chess slider table: per square, the relevant occupancy mask
/// (the slider's empty-board attacks but the edges), and a dict from
/// every subset of that mask to the attacks with that occupancy.
fn slider_table<'py>(
    py: Python<'py>,
    attacks: impl Fn(Square, Bitboard) -> Bitboard,
) -> PyResult<(Bound<'py, PyList>, Bound<'py, PyList>)> {
    let masks = PyList::empty(py);
    let tables = PyList::empty(py);
    for square in Square::ALL {
        let mask = attacks(square, Bitboard::EMPTY).0 & !edges(square);
        let table = PyDict::new(py);
        let mut subset = 0u64;
        loop {
            table.set_item(subset, attacks(square, Bitboard(subset)).0)?;
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        masks.append(mask)?;
        tables.append(table)?;
    }
    Ok((masks, tables))
}

/// The 64 bitboards `f(square)`, a1 first.
fn per_square(f: impl Fn(Square) -> Bitboard) -> Vec<u64> {
    Square::ALL.iter().map(|&square| f(square).0).collect()
}

/// Adds the tables to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("BB_KNIGHT_ATTACKS", per_square(attacks::knight))?;
    m.add("BB_KING_ATTACKS", per_square(attacks::king))?;
    // Indexed by python-chess's colour: BLACK (0) first.
    let pawns =
        [Color::Black, Color::White].map(|color| per_square(|square| attacks::pawn(color, square)));
    m.add("BB_PAWN_ATTACKS", pawns.to_vec())?;
    let rays: Vec<Vec<u64>> = (0..64)
        .map(|a| (0..64).map(|b| ray_mask(a, b)).collect())
        .collect();
    m.add("BB_RAYS", rays)?;
    let (masks, tables) = slider_table(py, attacks::bishop)?;
    m.add("BB_DIAG_MASKS", masks)?;
    m.add("BB_DIAG_ATTACKS", tables)?;
    let (masks, tables) = slider_table(py, |square, occupied| {
        attacks::rook(square, occupied) & square.file().bitboard()
    })?;
    m.add("BB_FILE_MASKS", masks)?;
    m.add("BB_FILE_ATTACKS", tables)?;
    let (masks, tables) = slider_table(py, |square, occupied| {
        attacks::rook(square, occupied) & square.rank().bitboard()
    })?;
    m.add("BB_RANK_MASKS", masks)?;
    m.add("BB_RANK_ATTACKS", tables)?;
    Ok(())
}
