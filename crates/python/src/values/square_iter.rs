//! The iterators over a bitboard: its squares in either order
//! (`SquareSet.__iter__`, `reversed()`, `scan_forward`, `scan_reversed`)
//! and its subsets (`SquareSet.carry_rippler`).

use pyo3::prelude::*;

/// The squares of a bitboard, ascending or descending, as ints; taken
/// when the iterator is made, so that changing the set meanwhile does not
/// change what it yields.
#[pyclass(module = "bitmoves")]
pub struct SquareIter {
    /// The squares not yet yielded.
    mask: u64,
    /// Whether the highest square comes first.
    descending: bool,
}

impl SquareIter {
    /// The squares of `mask`, a1 first.
    pub fn forward(mask: u64) -> Self {
        Self {
            mask,
            descending: false,
        }
    }

    /// The squares of `mask`, h8 first.
    pub fn backward(mask: u64) -> Self {
        Self {
            mask,
            descending: true,
        }
    }
}

#[pymethods]
impl SquareIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> Option<u32> {
        if self.mask == 0 {
            return None;
        }
        if self.descending {
            let square = 63 - self.mask.leading_zeros();
            self.mask ^= 1 << square;
            Some(square)
        } else {
            let square = self.mask.trailing_zeros();
            self.mask &= self.mask - 1;
            Some(square)
        }
    }

    /// How many squares are left, for `list()` to size its result.
    fn __length_hint__(&self) -> usize {
        self.mask.count_ones() as usize
    }
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
