//! The exceptions python-chess raises, as `ValueError` subclasses, and the
//! mapping of the core's errors onto them.

use bitmoves::SanError;
use pyo3::PyErr;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;

create_exception!(
    bitmoves,
    InvalidMoveError,
    PyValueError,
    "Raised when move notation is not syntactically valid."
);
create_exception!(
    bitmoves,
    IllegalMoveError,
    PyValueError,
    "Raised when the attempted move is illegal in the current position."
);
create_exception!(
    bitmoves,
    AmbiguousMoveError,
    PyValueError,
    "Raised when the attempted move is ambiguous in the current position."
);

/// The Python exception for SAN text that is not one legal move here.
pub fn san_error(text: &str, fen: &str, error: SanError) -> PyErr {
    match error {
        SanError::Syntax { .. } => InvalidMoveError::new_err(format!("invalid san: {text:?}")),
        SanError::Ambiguous { .. } => {
            AmbiguousMoveError::new_err(format!("ambiguous san: {text:?} in {fen}"))
        }
        SanError::NoSuchMove { .. } | SanError::NoSuchCastling { .. } => {
            IllegalMoveError::new_err(format!("illegal san: {text:?} in {fen}"))
        }
    }
}
