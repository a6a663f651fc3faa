//! The class `PySquareSet`, python-chess's `SquareSet` as PyO3 lays it
//! out: one 64-bit mask.

use pyo3::prelude::*;

/// A set of squares, python-chess's `chess.SquareSet`: a 64-bit mask, bit
/// `n` for square `n` (a1 = 0 … h8 = 63). Mutable, so not hashable, and
/// open to subclasses (whose `__init__` may take other arguments).
#[pyclass(module = "bitmoves", name = "SquareSet", subclass)]
#[derive(Clone, Copy)]
pub struct PySquareSet {
    /// The squares, one bit each.
    pub mask: u64,
}
