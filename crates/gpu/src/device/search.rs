//! The breadth-first search on the device: positions counted a ply at a
//! time, their moves listed and played into the next ply, the last ply
//! counted without being played, into a total per root.

use super::{Gpu, Level, SCAN_ITEMS};
use crate::{GpuError, position};
use bitmoves::Board;
use cudarc::driver::{CudaView, CudaViewMut, LaunchConfig, PushKernelArg};
use std::{vec, vec::Vec};

/// Threads per block (`BLOCK` in `perft.cu`).
const BLOCK: u64 = 256;

/// The deepest search [`Gpu::count`] takes: one level of buffers per ply.
pub const MAX_DEPTH: u32 = 7;

fn launch_config(threads: u64) -> LaunchConfig {
    LaunchConfig {
        // Every caller keeps `threads` under 2^31 * 256.
        grid_dim: (threads.div_ceil(BLOCK) as u32, 1, 1),
        block_dim: (BLOCK as u32, 1, 1),
        shared_mem_bytes: 0,
    }
}

impl Gpu {
    /// The perft of each of `boards` at `depth`, in order. Boards are sent
    /// to the device in batches; `progress(done, total)` is told after
    /// each.
    ///
    /// # Errors
    ///
    /// [`GpuError::Driver`] where the device fails, [`GpuError::TooDeep`]
    /// for a depth over [`MAX_DEPTH`].
    pub fn count(
        &mut self,
        boards: &[Board],
        depth: u32,
        mut progress: impl FnMut(usize, usize),
    ) -> Result<Vec<u64>, GpuError> {
        if depth > MAX_DEPTH {
            return Err(GpuError::TooDeep(depth));
        }
        if depth == 0 {
            return Ok(vec![1; boards.len()]);
        }
        let mut counts = Vec::with_capacity(boards.len());
        let batch = self.level_capacity.min(1 << 20) as usize;
        for chunk in boards.chunks(batch) {
            counts.extend(self.count_batch(chunk, depth)?);
            progress(counts.len(), boards.len());
        }
        Ok(counts)
    }

    /// Counts one batch of at most a level's capacity of boards.
    fn count_batch(&mut self, boards: &[Board], depth: u32) -> Result<Vec<u64>, GpuError> {
        let levels = depth.saturating_sub(1).max(1) as usize;
        self.ensure_levels(levels)?;
        let words: Vec<u64> = boards
            .iter()
            .enumerate()
            .flat_map(|(root, board)| position::encode(board, root as u32))
            .collect();
        let alloc = GpuError::driver("copy the positions");
        self.stream
            .memcpy_htod(
                &words,
                &mut self.levels[0].positions.slice_mut(..words.len()),
            )
            .map_err(alloc)?;
        self.totals = self
            .stream
            .alloc_zeros::<u64>(boards.len())
            .map_err(GpuError::driver("allocate device memory"))?;
        self.expand(0, boards.len() as u64, depth)?;
        self.stream
            .clone_dtoh(&self.totals)
            .map_err(GpuError::driver("read the counts"))
    }

    /// Allocates levels 0 to `count - 1`.
    fn ensure_levels(&mut self, count: usize) -> Result<(), GpuError> {
        while self.levels.len() < count {
            let capacity = self.level_capacity as usize;
            let alloc = || GpuError::driver("allocate device memory");
            self.levels.push(Level {
                positions: self
                    .stream
                    .alloc_zeros(capacity * position::WORDS)
                    .map_err(alloc())?,
                counts: self.stream.alloc_zeros(capacity).map_err(alloc())?,
                offsets: self.stream.alloc_zeros(capacity + 1).map_err(alloc())?,
            });
        }
        Ok(())
    }

    /// Counts the first `n` positions of `level`, `depth` plies each, into
    /// the totals of their roots.
    fn expand(&mut self, level: usize, n: u64, depth: u32) -> Result<(), GpuError> {
        let failed = GpuError::driver("run a kernel");
        if n == 0 {
            return Ok(());
        }
        let words = n as usize * position::WORDS;
        if depth == 1 {
            let positions = self.levels[level].positions.slice(..words);
            let mut launch = self.stream.launch_builder(&self.kernels.count_leaves);
            launch
                .arg(&self.tables)
                .arg(&positions)
                .arg(&n)
                .arg(&mut self.totals);
            // SAFETY: the arguments match `count_leaves` in perft.cu: the
            // tables, `n` positions, and a total for each root index they
            // carry (every root of the batch has one).
            unsafe { launch.launch(launch_config(n)) }.map_err(failed)?;
            return Ok(());
        }
        self.count_and_scan(level, n)?;
        let capacity = if depth == 2 {
            self.moves.len() as u64
        } else {
            self.level_capacity
        };
        let mut start = 0;
        while start < n {
            let base = self.offset(level, start)?;
            let end = self.fit(level, start, n, base + capacity)?;
            let moves = self.offset(level, end)? - base;
            if moves > 0 {
                self.gen_moves(level, start, end, base)?;
                if depth == 2 {
                    self.make_count(level, start, moves)?;
                } else {
                    self.make_moves(level, start, moves)?;
                    self.expand(level + 1, moves, depth - 1)?;
                }
            }
            start = end;
        }
        Ok(())
    }

    /// The largest `end` in `start + 1 ..= n` whose offset is at most
    /// `limit` (every position has fewer moves than any capacity).
    fn fit(&self, level: usize, start: u64, n: u64, limit: u64) -> Result<u64, GpuError> {
        if self.offset(level, n)? <= limit {
            return Ok(n);
        }
        let (mut fits, mut over) = (start + 1, n);
        while over - fits > 1 {
            let middle = fits + (over - fits) / 2;
            if self.offset(level, middle)? <= limit {
                fits = middle;
            } else {
                over = middle;
            }
        }
        Ok(fits)
    }

    /// The offset of position `index` of `level` (its first move).
    fn offset(&self, level: usize, index: u64) -> Result<u64, GpuError> {
        let mut value = [0u64];
        let index = index as usize;
        self.stream
            .memcpy_dtoh(
                &self.levels[level].offsets.slice(index..index + 1),
                &mut value,
            )
            .map_err(GpuError::driver("read an offset"))?;
        Ok(value[0])
    }

    /// Counts the moves of the first `n` positions of `level`, and their
    /// offsets: `offsets[i]` the moves before position `i`, `offsets[n]`
    /// all of them.
    fn count_and_scan(&mut self, level: usize, n: u64) -> Result<(), GpuError> {
        let failed = GpuError::driver("run a kernel");
        let words = n as usize * position::WORDS;
        let Level {
            positions,
            counts,
            offsets,
        } = &mut self.levels[level];
        let positions = positions.slice(..words);
        let mut launch = self.stream.launch_builder(&self.kernels.count_moves);
        launch
            .arg(&self.tables)
            .arg(&positions)
            .arg(&n)
            .arg(&mut *counts);
        // SAFETY: `count_moves(tables, positions, n, counts)`: `n`
        // positions, and at least `n` counts.
        unsafe { launch.launch(launch_config(n)) }.map_err(failed)?;
        let blocks = n.div_ceil(SCAN_ITEMS);
        let mut launch = self.stream.launch_builder(&self.kernels.scan_blocks);
        launch
            .arg(&*counts)
            .arg(&n)
            .arg(&mut *offsets)
            .arg(&mut self.sums);
        // SAFETY: `scan_blocks(counts, n, offsets, sums)`: `n` counts, `n`
        // offsets and one sum per block of SCAN_ITEMS, as launched.
        unsafe { launch.launch(launch_config(blocks * BLOCK)) }.map_err(failed)?;
        let mut launch = self.stream.launch_builder(&self.kernels.scan_sums);
        launch.arg(&mut self.sums).arg(&blocks);
        // SAFETY: `scan_sums(sums, blocks)` in one block: `blocks + 1` sums.
        unsafe { launch.launch(launch_config(BLOCK)) }.map_err(failed)?;
        let mut launch = self.stream.launch_builder(&self.kernels.scan_add);
        launch.arg(offsets).arg(&n).arg(&self.sums).arg(&blocks);
        // SAFETY: `scan_add(offsets, n, sums, blocks)`: `n + 1` offsets.
        unsafe { launch.launch(launch_config(n)) }.map_err(failed)?;
        Ok(())
    }

    /// Lists the moves of positions `start..end` of `level`, whose first
    /// offset is `base`, into the move buffer.
    fn gen_moves(&mut self, level: usize, start: u64, end: u64, base: u64) -> Result<(), GpuError> {
        let n = end - start;
        let Level {
            positions, offsets, ..
        } = &self.levels[level];
        let positions: CudaView<u64> =
            positions.slice(start as usize * position::WORDS..end as usize * position::WORDS);
        let offsets = offsets.slice(start as usize..=end as usize);
        let mut launch = self.stream.launch_builder(&self.kernels.gen_moves);
        launch
            .arg(&self.tables)
            .arg(&positions)
            .arg(&n)
            .arg(&offsets)
            .arg(&base)
            .arg(&mut self.moves)
            .arg(&mut self.parents);
        // SAFETY: `gen_moves(tables, positions, n, offsets, base, moves,
        // parents)`: the offsets less `base` run from 0 to at most the
        // move buffer's length (`fit` chose `end` so).
        unsafe { launch.launch(launch_config(n)) }.map_err(GpuError::driver("run a kernel"))?;
        Ok(())
    }

    /// Plays the `moves` listed for positions from `start` of `level` into
    /// the positions of the next level.
    fn make_moves(&mut self, level: usize, start: u64, moves: u64) -> Result<(), GpuError> {
        let (this, next) = self.levels.split_at_mut(level + 1);
        let positions = this[level]
            .positions
            .slice(start as usize * position::WORDS..);
        let mut children: CudaViewMut<u64> = next[0]
            .positions
            .slice_mut(..moves as usize * position::WORDS);
        let mut launch = self.stream.launch_builder(&self.kernels.make_moves);
        launch
            .arg(&positions)
            .arg(&self.moves)
            .arg(&self.parents)
            .arg(&moves)
            .arg(&mut children);
        // SAFETY: `make_moves(positions, moves, parents, n, children)`:
        // `n` moves whose parents index `positions`, and room for `n`
        // children (`fit` kept `n` within a level).
        unsafe { launch.launch(launch_config(moves)) }.map_err(GpuError::driver("run a kernel"))?;
        Ok(())
    }

    /// Plays the `moves` listed for positions from `start` of `level` and
    /// adds the children's move counts to their roots' totals.
    fn make_count(&mut self, level: usize, start: u64, moves: u64) -> Result<(), GpuError> {
        let positions = self.levels[level]
            .positions
            .slice(start as usize * position::WORDS..);
        let mut launch = self.stream.launch_builder(&self.kernels.make_count);
        launch
            .arg(&self.tables)
            .arg(&positions)
            .arg(&self.moves)
            .arg(&self.parents)
            .arg(&moves)
            .arg(&mut self.totals);
        // SAFETY: `make_count(tables, positions, moves, parents, n,
        // totals)`: `n` moves whose parents index `positions`, whose roots
        // index `totals`.
        unsafe { launch.launch(launch_config(moves)) }.map_err(GpuError::driver("run a kernel"))?;
        Ok(())
    }
}
