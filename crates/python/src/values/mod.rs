//! The values layer: python-chess's exceptions, its values (`Move`,
//! `Piece`, `SquareSet`), its module-level functions and tables of squares
//! and bitboards, and the checked conversions of Python ints into the
//! core's types. It imports nothing of the crate: the layers above
//! (`crate::legal_moves`, `crate::board`, `crate::modules`) build on it.
//!
//! | file | what it holds |
//! |---|---|
//! | `values/errors.rs` | `InvalidMoveError`, `IllegalMoveError`, `AmbiguousMoveError`, the core's SAN errors mapped onto them, and `py_repr` (text quoted as Python's `repr()`, as python-chess's messages quote it) |
//! | `values/convert.rs` | `Int`, the checked square, piece and colour conversions, python-chess's list-index squares and 64-bit bitboards, and the text arguments (`Text`, `UciText`, `FenText`) |
//! | `values/surrogates.rs` | lone surrogates in text arguments: read as stand-in characters, written back into error messages and EPD operations as python-chess shows them |
//! | `values/moves.rs` | `Move`, its UCI text and python-chess's hash, the shared `Move` objects |
//! | `values/piece.rs` | `Piece` |
//! | `values/squareset/mod.rs` | `SquareSet`: its class, methods, operators and the type Python sees (C-API slots over the class) |
//! | `values/square_iter.rs` | the iterators over a bitboard's squares and subsets |
//! | `values/bitboard_fast.rs` | the one-bitboard functions (`lsb`, `popcount`, `flip_*`, `shift_*`) as C-API functions for 64-bit ints (`crate::capi::function`), the rest to `values/bitboards.rs` |
//! | `values/bitboards.rs` | `lsb`, `msb`, `popcount`, `scan_*`, `flip_*`, `shift_*`, the square distances, `ray`, `between` |
//! | `values/tables.rs` | `BB_KNIGHT_ATTACKS` … `BB_RAYS` and the slider tables, from the core's tables |

mod bitboard_fast;
mod bitboards;
mod convert;
mod errors;
mod moves;
mod piece;
mod square_iter;
mod squareset;
mod surrogates;
mod tables;

pub use convert::{
    Bits, FenText, Int, MaskedBits, Text, UciText, color, piece_number, piece_type, square,
};
pub use errors::{AmbiguousMoveError, IllegalMoveError, InvalidMoveError, py_repr};
pub use moves::{MoveFields, PyMove, shared_moves};
pub use piece::{PyPiece, piece_object};
pub use squareset::mask_of;
// For the board's methods that return a `SquareSet` (`PySquareSet::object`).
#[allow(unused_imports)]
pub use squareset::PySquareSet;
pub use squareset::set_object;
pub use surrogates::Surrogates;

use pyo3::prelude::*;

/// Adds `SquareSet` and the values layer's module-level functions and
/// tables to the extension module (the other classes are added with the
/// others).
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("SquareSet", squareset::square_set_type(m.py())?)?;
    bitboards::register(m)?;
    bitboard_fast::register(m)?;
    tables::register(m)
}

/// `chess.svg.<function>(*args, **kwargs)` where python-chess is
/// installed, for Jupyter's `_repr_svg_`; `None` where it is not.
pub fn svg_picture<'py>(
    py: Python<'py>,
    function: &str,
    args: impl pyo3::call::PyCallArgs<'py>,
    kwargs: &Bound<'py, pyo3::types::PyDict>,
) -> PyResult<Option<PyObject>> {
    let svg = match py.import("chess.svg") {
        Ok(svg) => svg,
        Err(error) if error.is_instance_of::<pyo3::exceptions::PyImportError>(py) => {
            return Ok(None);
        }
        Err(error) => return Err(error),
    };
    Ok(Some(
        svg.getattr(function)?.call(args, Some(kwargs))?.unbind(),
    ))
}
