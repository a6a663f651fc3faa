//! The worker: counting the units of one shard into its results file,
//! skipping those already done.

use super::{ResultsFile, Shard, UnitFile};
use crate::{Board, FenError};
use core::fmt;
use std::io;

/// Why a worker stopped.
#[derive(Debug)]
pub enum WorkError {
    /// Writing a result failed.
    Io(io::Error),
    /// A unit's position could not be set up (a bug: units always come
    /// from boards).
    Unit {
        /// The unit's index.
        index: usize,
        /// Why its FEN did not read.
        error: FenError,
    },
}

impl fmt::Display for WorkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Io(error) => write!(f, "cannot write a result: {error}"),
            Self::Unit { index, error } => write!(f, "unit {index}: {error}"),
        }
    }
}

impl std::error::Error for WorkError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Io(error) => Some(error),
            Self::Unit { error, .. } => Some(error),
        }
    }
}

/// What a worker did, for reporting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct WorkSummary {
    /// Units assigned to the shard.
    pub assigned: usize,
    /// Of those, units the results file already had (from an earlier run).
    pub skipped: usize,
    /// Units counted by this run.
    pub counted: usize,
    /// The sum of the counts made by this run (not multiplied by the
    /// units' multiplicities).
    pub nodes: u128,
}

/// Counts the units of `shard` that `results` does not have yet, in index
/// order, recording each as soon as it is counted. `count(board, depth)`
/// counts one unit; `progress` is told after each unit (with the summary
/// so far, the unit's index and its count).
///
/// A worker killed at any point loses at most the unit it was counting:
/// run it again with the same results file and it goes on from there.
///
/// ```
/// use bitmoves::{Board, perft::split::{count, work, ResultsFile, Shard, SplitOptions, UnitFile}};
/// let (units, _) = UnitFile::split(&Board::default(), 4, 2, SplitOptions::default())?;
/// let path = std::env::temp_dir().join(format!("bitmoves-work-doctest-{}", std::process::id()));
/// let mut results = ResultsFile::open(&path, &units)?;
/// let shard = Shard::new(0, 1)?;
/// let summary = work(&units, shard, &mut results, |board, depth| count(board, depth, 1), |_, _, _| {})?;
/// assert_eq!((summary.assigned, summary.counted), (400, 400));
/// // Run again, it has nothing left to do.
/// let mut results = ResultsFile::open(&path, &units)?;
/// let again = work(&units, shard, &mut results, |board, depth| count(board, depth, 1), |_, _, _| {})?;
/// assert_eq!((again.skipped, again.counted), (400, 0));
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn work(
    units: &UnitFile,
    shard: Shard,
    results: &mut ResultsFile,
    mut count: impl FnMut(&Board, u32) -> u128,
    mut progress: impl FnMut(&WorkSummary, usize, u128),
) -> Result<WorkSummary, WorkError> {
    let assigned = shard.units(units);
    let mut summary = WorkSummary {
        assigned: assigned.len(),
        ..WorkSummary::default()
    };
    for index in assigned {
        if results.is_done(index) {
            summary.skipped += 1;
            continue;
        }
        let unit = &units.units()[index];
        let board = units
            .board(unit)
            .map_err(|error| WorkError::Unit { index, error })?;
        let nodes = count(&board, units.remaining());
        results.record(index, nodes).map_err(WorkError::Io)?;
        summary.counted += 1;
        summary.nodes = summary.nodes.saturating_add(nodes);
        progress(&summary, index, nodes);
    }
    Ok(summary)
}
