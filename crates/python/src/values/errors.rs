//! The exceptions python-chess raises, as `ValueError` subclasses, and the
//! mapping of the core's errors onto them.

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
