//! `bitmoves.pgn.PgnError`, and a game error of `bitmoves-pgn` as the
//! Python exception python-chess would raise.

use bitmoves::SanError;
use bitmoves_pgn::{ErrorKind, PgnError as CoreError};
use pyo3::create_exception;
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;

use crate::values::{AmbiguousMoveError, IllegalMoveError, InvalidMoveError};

create_exception!(
    bitmoves.pgn,
    PgnError,
    PyValueError,
    "A game of a PGN file that could not be read (bad FEN tag, unexpected \
     text, unbalanced variation, unsupported variant, …); `game`, `line` \
     and `column` say where."
);

/// A game error as a Python exception: `IllegalMoveError`,
/// `AmbiguousMoveError` or `InvalidMoveError` for a move, else `PgnError`;
/// `game`, `line` and `column` set on it. `OSError` for the input.
pub fn game_error(py: Python<'_>, error: CoreError) -> PyResult<PyErr> {
    let message = error.to_string();
    let err = match error.kind {
        ErrorKind::IllegalMove { error: san, .. } => match san {
            SanError::Syntax { .. } => InvalidMoveError::new_err(message),
            SanError::Ambiguous { .. } => AmbiguousMoveError::new_err(message),
            _ => IllegalMoveError::new_err(message),
        },
        ErrorKind::Io(io) => return Ok(PyOSError::new_err(format!("{message} ({io})"))),
        _ => PgnError::new_err(message),
    };
    let value = err.value(py);
    value.setattr("game", error.game)?;
    value.setattr("line", error.line)?;
    value.setattr("column", error.column)?;
    Ok(err)
}
