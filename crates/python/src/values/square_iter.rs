//! The iterators over a bitboard: its squares in either order
//! (`reversed()` of a `SquareSet`, `scan_forward`, `scan_reversed`, and
//! `iter()` of the PyO3 class), as iterators over a tuple of the squares,
//! and its subsets (`SquareSet.carry_rippler`).

use pyo3::prelude::*;
use pyo3::types::{PyIterator, PyTuple};

/// The squares of `mask` as ints, lowest first (or highest first when
/// `descending`), as an iterator over a tuple of them: taken when the
/// iterator is made, CPython's own tuple iterator (the ints below 64 are
/// CPython's shared ones).
pub fn squares<'py>(
    py: Python<'py>,
    mask: u64,
    descending: bool,
) -> PyResult<Bound<'py, PyIterator>> {
    let mut squares = Vec::with_capacity(mask.count_ones() as usize);
    let mut rest = mask;
    while rest != 0 {
        squares.push(rest.trailing_zeros());
        rest &= rest - 1;
    }
    if descending {
        squares.reverse();
    }
    PyTuple::new(py, squares)?.try_iter()
}

/// The subsets of a bitboard as ints, the empty set first, by the
/// carry-rippler trick: `next = (subset - mask) & mask`, until it wraps
/// round to empty.
#[pyclass(module = "bitmoves")]
pub struct CarryRippler {
    /// The set whose subsets are yielded.
    mask: u64,
    /// The next subset, `None` when all are yielded.
    next: Option<u64>,
}

impl CarryRippler {
    /// The subsets of `mask`.
    pub fn new(mask: u64) -> Self {
        Self {
            mask,
            next: Some(0),
        }
    }
}

#[pymethods]
impl CarryRippler {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> Option<u64> {
        let subset = self.next?;
        let following = subset.wrapping_sub(self.mask) & self.mask;
        self.next = (following != 0).then_some(following);
        Some(subset)
    }
}
