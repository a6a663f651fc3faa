//! `bitmoves.pgn`: PGN through `bitmoves-pgn`, as the submodule
//! `bitmoves._bitmoves.pgn` ([`register`]): the batch readers, and the
//! Rust half of python-chess's `chess.pgn` (the `bitmoves/pgn/` package).
//!
//! | file | what it holds |
//! |---|---|
//! | `modules/pgn/arrow.rs` | `read_arrow` (a `pyarrow.RecordBatchReader` through the Arrow C stream interface) and `to_parquet` |
//! | `modules/pgn/errors.rs` | `PgnError`, and a game error as the Python exception python-chess raises |
//! | `modules/pgn/games.rs` | `read_games` and its `Game`: one game at a time, streaming |
//! | `modules/pgn/scan.rs` | `scan_game`: where a game ends and its tags, for `read_headers` and `skip_game`; `read_tags` for `read_game` |
//! | `modules/pgn/tokens.rs` | a movetext line's tokens as python-chess's `chess.pgn` cuts them |
//! | `modules/pgn/tree.rs` | `build_tree`: `read_game`'s fast path, one game's movetext read into its tree's records |
//! | `modules/pgn/line.rs` | the board of one line of play while `tree.rs` reads: the core's (the fast path) or a `PyBoard` |
//! | `modules/pgn/positions.rs` | `read_positions`: NumPy batches of mainline positions, read on several threads |

#[cfg(feature = "arrow")]
mod arrow;
mod errors;
mod games;
mod line;
mod positions;
mod scan;
mod tokens;
mod tree;

use pyo3::prelude::*;

#[cfg(feature = "arrow")]
use arrow::{read_arrow, to_parquet};
use errors::PgnError;
use games::{GameReader, PyGame, read_games};
use positions::{PositionReader, read_positions};
use scan::{read_tags, scan_game};
use tree::build_tree;

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
    m.add_function(wrap_pyfunction!(build_tree, &m)?)?;
    m.add_function(wrap_pyfunction!(scan_game, &m)?)?;
    m.add_function(wrap_pyfunction!(read_tags, &m)?)?;
    #[cfg(feature = "arrow")]
    {
        m.add_function(wrap_pyfunction!(read_arrow, &m)?)?;
        m.add_function(wrap_pyfunction!(to_parquet, &m)?)?;
    }
    parent.add_submodule(&m)
}
