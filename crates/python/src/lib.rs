//! The `bitmoves._bitmoves` extension module: bitmoves for Python, with
//! python-chess's API (`Board`, `Move`, `Piece`, the exceptions, `Outcome`),
//! perft with the GIL released, batch encoding into NumPy arrays and the
//! `pgn` submodule (`read_games`, `read_positions`). The
//! pure-Python package `bitmoves` (python/bitmoves/) re-exports it beside
//! python-chess's constants.
//!
//! No input reaches a panic: squares, piece types, depths and sizes are
//! checked and refused with `IndexError`, `ValueError` or `TypeError`.
//!
//! The crate is in layers, each importing only those below it (`cargo
//! xtask tidy` fails on any import circle):
//!
//! | file | what it holds |
//! |---|---|
//! | `modules/mod.rs` | on top: `pgn`, NumPy encoding, perft, pickling, the bridge to python-chess |
//! | `board/mod.rs` | `Board`, its moves and the game's end (`Outcome`, `Termination`) |
//! | `legal_moves/mod.rs` | `board.legal_moves`: the generator and iterator types and the move generation behind them |
//! | `values/mod.rs` | `Move`, `Piece`, `SquareSet`, python-chess's exceptions, its square and bitboard functions and tables, the checked conversions of Python ints |
//! | `capi/mod.rs` | at the bottom: the CPython C-API glue, `unsafe fn`s with stated preconditions |

mod board;
mod capi;
mod legal_moves;
mod modules;
mod values;

use pyo3::prelude::*;

#[pymodule]
fn _bitmoves(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<board::PyBaseBoard>()?;
    m.add_class::<board::PyBoard>()?;
    m.add_class::<values::PyMove>()?;
    m.add_class::<values::PyPiece>()?;
    values::register(m)?;
    m.add("LegalMoveGenerator", legal_moves::generator_type(py)?)?;
    legal_moves::use_popcnt(true);
    m.add_function(wrap_pyfunction!(legal_moves::use_popcnt, m)?)?;
    m.add_class::<board::MoveView>()?;
    m.add_function(wrap_pyfunction!(board::pseudo_legal_move_generator, m)?)?;
    legal_moves::set_constructor(
        py,
        wrap_pyfunction!(board::legal_move_generator, m)?
            .into_any()
            .unbind(),
    );
    board::install(
        &py.get_type::<board::PyBoard>(),
        &py.get_type::<values::PyMove>(),
    )?;
    m.add(
        "InvalidMoveError",
        py.get_type::<values::InvalidMoveError>(),
    )?;
    m.add(
        "IllegalMoveError",
        py.get_type::<values::IllegalMoveError>(),
    )?;
    m.add(
        "AmbiguousMoveError",
        py.get_type::<values::AmbiguousMoveError>(),
    )?;
    m.add_function(wrap_pyfunction!(modules::encode::encode_planes, m)?)?;
    m.add_function(wrap_pyfunction!(modules::encode::encode_bitboards, m)?)?;
    m.add_function(wrap_pyfunction!(modules::encode::encode_state, m)?)?;
    modules::pgn::register(m)?;
    modules::polyglot::register(m)?;
    modules::syzygy::register(m)?;
    modules::gaviota::register(m)?;
    m.add("STARTING_FEN", board::STARTING_FEN)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
