//! The worker: counting the units of one shard into its results file,
//! skipping those already done.

use super::{ResultsFile, Shard, UnitFile};
use crate::pool;
use bitmoves::{Board, FenError};
use core::fmt;
use std::{
    io,
    sync::{Mutex, PoisonError},
    vec::Vec,
};

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
    /// The memory for the shard's lists of units (about 40 bytes a unit
    /// of the unit file) could not be had.
    OutOfMemory,
}

impl fmt::Display for WorkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Io(error) => write!(f, "cannot write a result: {error}"),
            Self::Unit { index, error } => write!(f, "unit {index}: {error}"),
            Self::OutOfMemory => f.write_str(
                "out of memory for the lists of the shard's units (about 40 bytes a unit)",
            ),
        }
    }
}

impl std::error::Error for WorkError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Io(error) => Some(error),
            Self::Unit { error, .. } => Some(error),
            Self::OutOfMemory => None,
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
/// use bitmoves::Board;
/// use bitmoves_perft::{Counting, split::{work, ResultsFile, Shard, SplitOptions, UnitFile}};
/// let (units, _) = UnitFile::split(&Board::default(), 4, 2, SplitOptions::default())?;
/// let path = std::env::temp_dir().join(format!("bitmoves-work-doctest-{}", std::process::id()));
/// let mut results = ResultsFile::open(&path, &units)?;
/// let shard = Shard::new(0, 1)?;
/// let summary = work(&units, shard, &mut results, |board, depth| Counting::Bulk.count(board, depth), |_, _, _| {})?;
/// assert_eq!((summary.assigned, summary.counted), (400, 400));
/// // Run again, it has nothing left to do.
/// let mut results = ResultsFile::open(&path, &units)?;
/// let again = work(&units, shard, &mut results, |board, depth| Counting::Bulk.count(board, depth), |_, _, _| {})?;
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
    let assigned = shard.units(units).map_err(|_| WorkError::OutOfMemory)?;
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

/// The units of `shard` that `results` does not have yet, in index order,
/// and a summary with [`WorkSummary::assigned`] and
/// [`WorkSummary::skipped`] filled in: where every worker starts.
///
/// ```
/// use bitmoves::Board;
/// use bitmoves_perft::split::{to_do, ResultsFile, Shard, SplitOptions, UnitFile};
/// let (units, _) = UnitFile::split(&Board::default(), 3, 1, SplitOptions::default())?;
/// let path = std::env::temp_dir().join(format!("bitmoves-to-do-doctest-{}", std::process::id()));
/// let results = ResultsFile::open(&path, &units)?;
/// let (todo, summary) = to_do(&units, Shard::new(1, 2)?, &results)?;
/// assert_eq!((todo.len(), summary.assigned, summary.skipped), (10, 10, 0));
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`WorkError::OutOfMemory`] where the memory for the lists cannot be
/// had.
pub fn to_do(
    units: &UnitFile,
    shard: Shard,
    results: &ResultsFile,
) -> Result<(Vec<usize>, WorkSummary), WorkError> {
    let assigned = shard.units(units).map_err(|_| WorkError::OutOfMemory)?;
    let left = || {
        assigned
            .iter()
            .copied()
            .filter(|&index| !results.is_done(index))
    };
    let mut todo = Vec::new();
    todo.try_reserve_exact(left().count())
        .map_err(|_| WorkError::OutOfMemory)?;
    todo.extend(left());
    let summary = WorkSummary {
        assigned: assigned.len(),
        skipped: assigned.len() - todo.len(),
        ..WorkSummary::default()
    };
    Ok((todo, summary))
}

/// [`work`] on `threads` threads (0 is taken as 1), each counting whole
/// units: a thread takes the next unit not yet taken, counts it with
/// `count` and records it, until none is left. `count` is shared by the
/// threads, so it can use one table for all of them (a
/// [`Table`](crate::Table) with
/// [`perft_hashed`](crate::perft_hashed)); `progress` is told after
/// each unit, from the thread that counted it, one at a time.
///
/// Units are finished out of index order, and a worker killed at any
/// point loses at most the `threads` units being counted; run again, it
/// counts just those. On an error the threads stop taking units, and the
/// first error is returned once they have finished the ones in hand.
///
/// Many small units keep the threads busy to the end; for a shard of a
/// few large units, count each unit on all the threads instead (call
/// [`work`] with [`Counting::count_parallel`](crate::Counting::count_parallel));
/// [`Worker`](super::Worker) chooses between the two.
///
/// ```
/// use bitmoves::Board;
/// use bitmoves_perft::{perft_hashed, Table, split::{work_parallel, ResultsFile, Shard, SplitOptions, UnitFile}};
/// let (units, _) = UnitFile::split(&Board::default(), 5, 3, SplitOptions::default())?;
/// let path = std::env::temp_dir().join(format!("bitmoves-work-parallel-doctest-{}", std::process::id()));
/// let mut results = ResultsFile::open(&path, &units)?;
/// let table = Table::new(1 << 20)?;
/// let count = |board: &Board, depth| perft_hashed(board, depth, &table);
/// let summary = work_parallel(&units, Shard::new(0, 1)?, &mut results, 2, count, |_, _, _| {})?;
/// assert_eq!(summary.counted, 5_362);
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn work_parallel(
    units: &UnitFile,
    shard: Shard,
    results: &mut ResultsFile,
    threads: usize,
    count: impl Fn(&Board, u32) -> u128 + Sync,
    progress: impl FnMut(&WorkSummary, usize, u128) + Send,
) -> Result<WorkSummary, WorkError> {
    let (todo, summary) = to_do(units, shard, results)?;
    /// What the threads record into, one at a time.
    struct Record<'a, P> {
        results: &'a mut ResultsFile,
        summary: WorkSummary,
        progress: P,
        error: Option<WorkError>,
    }
    let record = Mutex::new(Record {
        results,
        summary,
        progress,
        error: None,
    });
    pool::run(
        &todo,
        threads,
        || (),
        |(), &index| {
            let counted = units
                .board(&units.units()[index])
                .map(|board| count(&board, units.remaining()))
                .map_err(|error| WorkError::Unit { index, error });
            let mut guard = record.lock().unwrap_or_else(PoisonError::into_inner);
            let record = &mut *guard;
            let done = counted.and_then(|nodes| {
                record.results.record(index, nodes).map_err(WorkError::Io)?;
                Ok(nodes)
            });
            match done {
                Ok(nodes) => {
                    record.summary.counted += 1;
                    record.summary.nodes = record.summary.nodes.saturating_add(nodes);
                    (record.progress)(&record.summary, index, nodes);
                    true
                }
                Err(error) => {
                    record.error.get_or_insert(error);
                    false
                }
            }
        },
    );
    let record = record.into_inner().unwrap_or_else(PoisonError::into_inner);
    match record.error {
        Some(error) => Err(error),
        None => Ok(record.summary),
    }
}
