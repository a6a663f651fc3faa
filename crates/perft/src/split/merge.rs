//! [`Merge`]: every unit's count, checked, weighted by its multiplicity and
//! added up exactly.

use super::{MergeError, ResultLine, UnitFile};
use std::{collections::TryReserveError, vec::Vec};

/// The counts gathered so far for the units of one unit file.
///
/// ```
/// use bitmoves::Board;
/// use bitmoves_perft::split::{Merge, ResultLine, SplitOptions, UnitFile};
/// let (units, _) = UnitFile::split(&Board::default(), 3, 1, SplitOptions::default())?;
/// let mut merge = Merge::new(&units)?;
/// for index in 0..units.units().len() {
///     let count = bitmoves::perft::perft(&units.board(&units.units()[index])?, 2).into();
///     merge.add(&ResultLine { index, count, remaining: units.remaining(), checksum: units.checksum() })?;
/// }
/// assert_eq!(merge.total()?, 8_902);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Merge<'a> {
    units: &'a UnitFile,
    counts: Vec<u128>,
    seen: Vec<bool>,
}

impl<'a> Merge<'a> {
    /// A merge with no counts yet, or the error where the memory for its
    /// counts (17 bytes a unit) cannot be had.
    pub fn new(units: &'a UnitFile) -> Result<Self, TryReserveError> {
        let len = units.units().len();
        let (mut counts, mut seen) = (Vec::new(), Vec::new());
        counts.try_reserve_exact(len)?;
        seen.try_reserve_exact(len)?;
        counts.resize(len, 0);
        seen.resize(len, false);
        Ok(Self {
            units,
            counts,
            seen,
        })
    }

    /// Takes one result. It must belong to this unit file, count its
    /// remaining depth and name one of its units; a second result for a unit must give the same count (a
    /// retried task counting it again), else it is a conflict, an error
    /// naming the unit.
    pub fn add(&mut self, line: &ResultLine) -> Result<(), MergeError> {
        if line.checksum != self.units.checksum() {
            return Err(MergeError::OtherUnitFile {
                found: line.checksum,
                expected: self.units.checksum(),
            });
        }
        if line.remaining != self.units.remaining() {
            return Err(MergeError::OtherDepth {
                found: line.remaining,
                expected: self.units.remaining(),
            });
        }
        let index = line.index;
        let (Some(seen), Some(count)) = (self.seen.get_mut(index), self.counts.get_mut(index))
        else {
            return Err(MergeError::UnknownUnit {
                index,
                units: self.units.units().len(),
            });
        };
        if *seen && *count != line.count {
            return Err(MergeError::Conflict {
                index,
                fen: self.units.fen(&self.units.units()[index]),
                first: *count,
                second: line.count,
            });
        }
        *seen = true;
        *count = line.count;
        Ok(())
    }

    /// The indices of the units without a count yet, one by one (nothing
    /// is allocated: collect what you need).
    pub fn missing(&self) -> impl Iterator<Item = usize> + '_ {
        self.seen
            .iter()
            .enumerate()
            .filter(|&(_, &seen)| !seen)
            .map(|(index, _)| index)
    }

    /// The perft of the root at the unit file's depth: the sum over the
    /// units of multiplicity × count, exact. Every unit must have its
    /// count ([`MergeError::Missing`] lists those that do not).
    pub fn total(&self) -> Result<u128, MergeError> {
        let count = self.seen.iter().filter(|&&seen| !seen).count();
        if count > 0 {
            let mut missing = Vec::new();
            missing
                .try_reserve_exact(count)
                .map_err(|_| MergeError::OutOfMemory { missing: count })?;
            missing.extend(self.missing());
            return Err(MergeError::Missing { units: missing });
        }
        self.units
            .units()
            .iter()
            .zip(&self.counts)
            .try_fold(0u128, |sum, (unit, &count)| {
                count
                    .checked_mul(u128::from(unit.multiplicity))
                    .and_then(|weighted| sum.checked_add(weighted))
            })
            .ok_or(MergeError::Overflow)
    }
}
