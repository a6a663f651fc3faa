//! `bitmoves.pgn`: PGN through `bitmoves-pgn`, as the submodule
//! `bitmoves._bitmoves.pgn` ([`register`]). python-chess's `chess.pgn`
//! (game trees, writing) belongs here.
//!
//! | file | what it holds |
//! |---|---|
//! | `modules/pgn/errors.rs` | `PgnError`, and a game error as the Python exception python-chess raises |
//! | `modules/pgn/games.rs` | `read_games` and its `Game`: one game at a time, streaming |
//! | `modules/pgn/positions.rs` | `read_positions`: NumPy batches of mainline positions, read on several threads |

mod errors;
mod games;
mod positions;

use pyo3::prelude::*;

use errors::PgnError;
use games::{GameReader, PyGame, read_games};
use positions::{PositionReader, read_positions};

/// Adds the `bitmoves._bitmoves.pgn` submodule.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = parent.py();
    let m = PyModule::new(py, "pgn")?;
    m.add_class::<PyGame>()?;
    m.add_class::<GameReader>()?;
    m.add_class::<PositionReader>()?;
    m.add("PgnError", py.get_type::<PgnError>())?;
    m.add_function(wrap_pyfunction!(read_games, &m)?)?;
    m.add_function(wrap_pyfunction!(read_positions, &m)?)?;
    parent.add_submodule(&m)
}
