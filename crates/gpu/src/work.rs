//! [`work_gpu`]: a deep-perft worker that counts its shard's units on the
//! GPU, many units at a time, into the same results file as the CPU's
//! worker (`bitmoves work`).

use crate::{Gpu, GpuError};
use bitmoves_perft::split::{ResultsFile, Shard, UnitFile, WorkSummary, to_do};
use core::fmt;
use std::{io, vec::Vec};

/// Units sent to the device at once. Each batch is recorded when it is
/// counted, so a worker killed mid-run loses at most one batch.
const BATCH: usize = 4096;

/// Why a GPU worker stopped.
#[derive(Debug)]
pub enum WorkError {
    /// The device failed.
    Gpu(GpuError),
    /// Writing a result failed.
    Io(io::Error),
    /// The shard's units could not be listed (out of memory).
    Plan(bitmoves_perft::split::WorkError),
    /// A unit's position could not be set up (a bug: units always come
    /// from boards).
    Unit {
        /// The unit's index.
        index: usize,
        /// Why its FEN did not read.
        error: bitmoves::FenError,
    },
}

impl fmt::Display for WorkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Gpu(error) => error.fmt(f),
            Self::Io(error) => write!(f, "cannot write a result: {error}"),
            Self::Plan(error) => error.fmt(f),
            Self::Unit { index, error } => write!(f, "unit {index}: {error}"),
        }
    }
}

impl std::error::Error for WorkError {}

/// Counts the units of `shard` that `results` does not have yet on `gpu`,
/// as [`bitmoves_perft::split::work`] does on the CPU, recording each
/// count in `results`; `progress` is told after each batch.
///
/// # Errors
///
/// [`WorkError::Gpu`] where the device fails, [`WorkError::Io`] where a
/// result cannot be written.
pub fn work_gpu(
    units: &UnitFile,
    shard: Shard,
    results: &mut ResultsFile,
    gpu: &mut Gpu,
    mut progress: impl FnMut(&WorkSummary),
) -> Result<WorkSummary, WorkError> {
    let (todo, mut summary) = to_do(units, shard, results).map_err(WorkError::Plan)?;
    for batch in todo.chunks(BATCH) {
        let boards = batch
            .iter()
            .map(|&index| {
                units
                    .board(&units.units()[index])
                    .map_err(|error| WorkError::Unit { index, error })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let counts = gpu
            .count(&boards, units.remaining(), |_, _| {})
            .map_err(WorkError::Gpu)?;
        for (&index, &count) in batch.iter().zip(&counts) {
            results
                .record(index, u128::from(count))
                .map_err(WorkError::Io)?;
            summary.counted += 1;
            summary.nodes += u128::from(count);
        }
        progress(&summary);
    }
    Ok(summary)
}
