//! `SquareSet`: python-chess's set of squares, a 64-bit mask.

use pyo3::prelude::*;

use super::moves::Int;

/// A set of squares, python-chess's `chess.SquareSet`: a 64-bit mask, bit
/// `n` for square `n` (a1 = 0 … h8 = 63).
#[pyclass(module = "bitmoves", name = "SquareSet", subclass)]
#[derive(Clone, Copy)]
pub struct PySquareSet {
    /// The squares, one bit each.
    pub mask: u64,
}

impl PySquareSet {
    /// A new Python `SquareSet` of `mask`.
    pub fn object(py: Python<'_>, mask: u64) -> PyResult<Py<Self>> {
        Py::new(py, Self { mask })
    }
}

#[pymethods]
impl PySquareSet {
    /// `SquareSet(mask=0)`: the squares of an int bitboard.
    #[new]
    #[pyo3(signature = (squares=Int(0)))]
    fn new(squares: Int) -> Self {
        Self {
            mask: squares.0 as u64,
        }
    }

    fn __int__(&self) -> u64 {
        self.mask
    }

    fn __index__(&self) -> u64 {
        self.mask
    }

    fn __len__(&self) -> usize {
        self.mask.count_ones() as usize
    }
}
