//! Perft on the device: [`Gpu::perft`] and its options, the split on the
//! CPU and the weighting of the counts.

use super::Gpu;
use crate::{GpuError, MAX_DEPTH};
use bitmoves::Board;
use std::{vec, vec::Vec};

impl Gpu {
    /// The perft of `board` at `depth` (leaf nodes, as
    /// [`bitmoves::perft::perft`] counts them), with the default
    /// [`PerftOptions`].
    ///
    /// # Errors
    ///
    /// As [`Gpu::perft_with`].
    pub fn perft(&mut self, board: &Board, depth: u32) -> Result<u128, GpuError> {
        Ok(self
            .perft_with(board, depth, PerftOptions::default())?
            .nodes)
    }

    /// The perft of `board` at `depth`: the first plies are split on the
    /// CPU into positions, the last `options.plies` counted on the
    /// device, and what it did.
    ///
    /// # Errors
    ///
    /// [`GpuError::Driver`] where the device fails, [`GpuError::Split`]
    /// where the split does (a depth over
    /// [`UnitFile::MAX_DEPTH`](bitmoves_perft::split::UnitFile::MAX_DEPTH)),
    /// [`GpuError::TooDeep`] for `options.plies` over [`MAX_DEPTH`].
    pub fn perft_with(
        &mut self,
        board: &Board,
        depth: u32,
        options: PerftOptions,
    ) -> Result<PerftReport, GpuError> {
        self.perft_with_progress(board, depth, options, |_, _| {})
    }

    /// [`Gpu::perft_with`], telling `progress(done, total)` after each
    /// batch of [`PROGRESS_BATCH`] positions of the split ply.
    ///
    /// # Errors
    ///
    /// As [`Gpu::perft_with`].
    pub fn perft_with_progress(
        &mut self,
        board: &Board,
        depth: u32,
        options: PerftOptions,
        mut progress: impl FnMut(usize, usize),
    ) -> Result<PerftReport, GpuError> {
        use bitmoves_perft::split::{SplitOptions, UnitFile};
        if options.plies > MAX_DEPTH {
            return Err(GpuError::TooDeep(options.plies));
        }
        let remaining = depth.min(options.plies);
        let split_ply = depth - remaining;
        let (boards, multiplicities) = if options.merge_transpositions {
            let (units, _) = UnitFile::split(board, depth, split_ply, SplitOptions::default())
                .map_err(|error| GpuError::Split(error.to_string()))?;
            let boards = units
                .units()
                .iter()
                .map(|unit| units.board(unit))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|error| GpuError::Split(error.to_string()))?;
            (
                boards,
                units.units().iter().map(|unit| unit.multiplicity).collect(),
            )
        } else {
            let mut boards = Vec::new();
            paths(board, split_ply, &mut boards);
            let ones = vec![1; boards.len()];
            (boards, ones)
        };
        let leaves_before = self.leaves_counted();
        let mut counts = Vec::with_capacity(boards.len());
        for batch in boards.chunks(PROGRESS_BATCH) {
            counts.extend(self.count_with(
                batch,
                remaining,
                options.merge_transpositions,
                |_, _| {},
            )?);
            progress(counts.len(), boards.len());
        }
        Ok(PerftReport {
            nodes: counts
                .iter()
                .zip(&multiplicities)
                .map(|(&count, &multiplicity)| u128::from(count) * u128::from(multiplicity))
                .sum(),
            counted: self.leaves_counted() - leaves_before,
            positions: boards.len(),
            split_ply,
        })
    }
}

/// How [`Gpu::perft_with`] shares a perft between the CPU and the device.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PerftOptions {
    /// The plies counted on the device (1 to [`MAX_DEPTH`]); the plies
    /// above are split on the CPU. Default [`SEARCH_PLIES`].
    pub plies: u32,
    /// Merge transpositions (`true`, the default): at the split ply each
    /// unique position is counted once and weighted by the number of paths
    /// that reach it, as `bitmoves split` does; on the device each level's
    /// children are deduplicated and looked up in the transposition table
    /// of their depth. With `false` every path is counted, which shows the
    /// device's raw speed.
    pub merge_transpositions: bool,
}

impl Default for PerftOptions {
    fn default() -> Self {
        Self {
            plies: SEARCH_PLIES,
            merge_transpositions: true,
        }
    }
}

/// What [`Gpu::perft_with`] counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PerftReport {
    /// The perft: leaf nodes.
    pub nodes: u128,
    /// The leaves the device counted: fewer than `nodes` where
    /// transpositions were merged (at the split by multiplicities, on the
    /// device by its tables and deduplication); equal to it without.
    pub counted: u128,
    /// The positions at the split ply sent to the device.
    pub positions: usize,
    /// The ply the CPU split at.
    pub split_ply: u32,
}

/// Every position `plies` plies below `board`, one per path.
fn paths(board: &Board, plies: u32, out: &mut Vec<Board>) {
    if plies == 0 {
        out.push(*board);
        return;
    }
    for mv in board.legal_moves() {
        let mut child = *board;
        child.play_unchecked(mv);
        paths(&child, plies - 1, out);
    }
}

/// Positions of the split ply per batch of [`Gpu::perft_with_progress`]:
/// a few seconds at most on an H200 at the default plies (perft(11)), and
/// still enough to fill it.
pub const PROGRESS_BATCH: usize = 4096;

/// The plies [`Gpu::perft`] counts on the device by default (the most it
/// takes: with the tables, the deeper the device searches, the more
/// transpositions it merges); the plies above are split on the CPU.
pub const SEARCH_PLIES: u32 = 7;
