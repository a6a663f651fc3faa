//! The `bitmoves._bitmoves` extension module: bitmoves for Python, with
//! python-chess's API (`Board`, `Move`, `Piece`, the exceptions, `Outcome`),
//! perft with the GIL released, batch encoding into NumPy arrays and the
//! `pgn` submodule (`read_games`, `read_positions`). The
//! pure-Python package `bitmoves` (python/bitmoves/) re-exports it beside
//! python-chess's constants.
//!
//! No input reaches a panic: squares, piece types, depths and sizes are
//! checked and refused with `IndexError`, `ValueError` or `TypeError`.

mod board;
mod encode;
mod errors;
mod fast;
mod generator;
mod input;
mod interop;
mod iter;
mod legal;
mod moves;
mod perft;
mod pgn;
mod pickle;
mod play;
mod positions;
mod status;

use pyo3::prelude::*;

#[pymodule]
fn _bitmoves(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<board::PyBoard>()?;
    m.add_class::<moves::PyMove>()?;
    m.add_class::<moves::PyPiece>()?;
    m.add("LegalMoveGenerator", generator::generator_type(py)?)?;
    m.add_class::<status::Termination>()?;
    fast::install(
        &py.get_type::<board::PyBoard>(),
        &py.get_type::<moves::PyMove>(),
    )?;
    m.add_class::<status::Outcome>()?;
    m.add(
        "InvalidMoveError",
        py.get_type::<errors::InvalidMoveError>(),
    )?;
    m.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    m.add(
        "AmbiguousMoveError",
        py.get_type::<errors::AmbiguousMoveError>(),
    )?;
    m.add_function(wrap_pyfunction!(encode::encode_planes, m)?)?;
    m.add_function(wrap_pyfunction!(encode::encode_bitboards, m)?)?;
    m.add_function(wrap_pyfunction!(encode::encode_state, m)?)?;
    pgn::register(m)?;
    m.add("STARTING_FEN", board::STARTING_FEN)?;
    Ok(())
}
