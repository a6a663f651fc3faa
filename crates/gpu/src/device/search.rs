//! The breadth-first search on the device: positions looked up in the
//! transposition table of their depth or else counted, their moves listed
//! and played into the next ply, the children deduplicated, the last two
//! plies counted in one kernel without being played, and each position's
//! count summed from its children's and stored in its table.

use super::{Gpu, HOST_TABLE_ENTRIES, Kernels, Level, Transpositions};
use crate::kernels::{BLOCK, ENTRY_WORDS, SCAN_ITEMS};
use crate::{GpuError, position};
use bitmoves::Board;
use cudarc::driver::{CudaSlice, CudaStream, CudaView, CudaViewMut, LaunchConfig, PushKernelArg};
use std::{ops::Range, sync::Arc, vec, vec::Vec};

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

const LAUNCH: fn(DriverError) -> GpuError = |error| GpuError::Driver {
    what: "run a kernel",
    error: error.to_string(),
};

use cudarc::driver::DriverError;

impl Gpu {
    /// The perft of each of `boards` at `depth`, in order, with the
    /// transposition tables. Boards are sent to the device in batches;
    /// `progress(done, total)` is told after each.
    ///
    /// # Errors
    ///
    /// [`GpuError::Driver`] where the device fails, [`GpuError::TooDeep`]
    /// for a depth over [`MAX_DEPTH`].
    pub fn count(
        &mut self,
        boards: &[Board],
        depth: u32,
        progress: impl FnMut(usize, usize),
    ) -> Result<Vec<u64>, GpuError> {
        self.count_with(boards, depth, true, progress)
    }

    /// [`Gpu::count`], with the transposition tables, the deduplication of
    /// each level and the host's table of whole counts (`tables`), or
    /// without any of them: every path counted.
    pub(crate) fn count_with(
        &mut self,
        boards: &[Board],
        depth: u32,
        tables: bool,
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
            if tables {
                counts.extend(self.count_known(chunk, depth)?);
            } else {
                counts.extend(self.count_batch(chunk, depth, false)?);
            }
            progress(counts.len(), boards.len());
        }
        Ok(counts)
    }

    /// Counts a batch with the tables: boards the host's table knows at
    /// `depth` are answered from it, the others counted on the device and
    /// added to it (emptied first when full).
    fn count_known(&mut self, boards: &[Board], depth: u32) -> Result<Vec<u64>, GpuError> {
        let unknown: Vec<Board> = boards
            .iter()
            .filter(|board| !self.host_table.contains_key(&(**board, depth)))
            .copied()
            .collect();
        let counted = self.count_batch(&unknown, depth, true)?;
        if self.host_table.len() + unknown.len() > HOST_TABLE_ENTRIES {
            self.host_table.clear();
        }
        let mut fresh = unknown.iter().zip(&counted);
        let counts = boards
            .iter()
            .map(|board| match self.host_table.get(&(*board, depth)) {
                Some(&count) => count,
                None => {
                    // `unknown` holds the unknown boards in order.
                    let (_, &count) = fresh.next().expect("a count per unknown board");
                    count
                }
            })
            .collect();
        for (board, &count) in unknown.iter().zip(&counted) {
            self.host_table.insert((*board, depth), count);
        }
        Ok(counts)
    }

    /// Counts one batch of at most a level's capacity of boards.
    fn count_batch(
        &mut self,
        boards: &[Board],
        depth: u32,
        tables: bool,
    ) -> Result<Vec<u64>, GpuError> {
        if boards.is_empty() {
            return Ok(Vec::new());
        }
        let levels = depth.saturating_sub(1).max(1) as usize;
        self.ensure_levels(levels)?;
        let words: Vec<u64> = boards.iter().flat_map(position::encode).collect();
        self.stream
            .memcpy_htod(
                &words,
                &mut self.levels[0].positions.slice_mut(..words.len()),
            )
            .map_err(GpuError::driver("copy the positions"))?;
        self.stream
            .memset_zeros(&mut self.leaves)
            .map_err(GpuError::driver("clear a counter"))?;
        self.expand(0, boards.len() as u64, depth, tables)?;
        let mut values = vec![0u64; boards.len()];
        self.stream
            .memcpy_dtoh(&self.levels[0].values.slice(..boards.len()), &mut values)
            .map_err(GpuError::driver("read the counts"))?;
        let mut leaves = [0u64];
        self.stream
            .memcpy_dtoh(&self.leaves, &mut leaves)
            .map_err(GpuError::driver("read the counts"))?;
        self.counted += u128::from(leaves[0]);
        Ok(values)
    }

    /// Leaves counted on the device since it was opened (fewer than the
    /// perft's where the tables answered).
    pub fn leaves_counted(&self) -> u128 {
        self.counted
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
                values: self.stream.alloc_zeros(capacity).map_err(alloc())?,
                map: self.stream.alloc_zeros(capacity).map_err(alloc())?,
            });
        }
        Ok(())
    }

    /// Counts the first `n` positions of `level`, `depth` plies each, into
    /// the level's values.
    fn expand(&mut self, level: usize, n: u64, depth: u32, tables: bool) -> Result<(), GpuError> {
        if n == 0 {
            return Ok(());
        }
        if depth == 1 {
            let Level {
                positions, values, ..
            } = &mut self.levels[level];
            let positions = positions.slice(..n as usize * position::WORDS);
            let mut launch = self.stream.launch_builder(&self.kernels.count_leaves);
            launch
                .arg(&self.tables)
                .arg(&positions)
                .arg(&n)
                .arg(values)
                .arg(&mut self.leaves);
            // SAFETY: `count_leaves(tables, positions, n, values, leaves)`:
            // `n` positions, at least `n` values, one counter.
            unsafe { launch.launch(launch_config(n)) }.map_err(LAUNCH)?;
            return Ok(());
        }
        if depth == 2 {
            return self.count_two(level, n, tables);
        }
        self.probe_and_scan(level, n, depth, tables)?;
        let mut start = 0;
        while start < n {
            let base = self.offset(level, start)?;
            let end = self.fit(level, start, n, base + self.level_capacity)?;
            let moves = self.offset(level, end)? - base;
            if moves > 0 {
                self.gen_moves(level, start, end, base)?;
                if tables {
                    self.make_moves(level, start, moves, true)?;
                    let unique = self.dedup(level, moves)?;
                    self.expand(level + 1, unique, depth - 1, tables)?;
                } else {
                    self.make_moves(level, start, moves, false)?;
                    self.expand(level + 1, moves, depth - 1, tables)?;
                }
                self.sum_children(level, start, end, base, depth, tables)?;
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
        read_one(&self.stream, &self.levels[level].offsets, index)
    }

    /// Looks up the first `n` positions of `level` in the table of `depth`
    /// or counts their moves, and the moves' offsets: `offsets[i]` the
    /// moves before position `i`, `offsets[n]` all of them.
    fn probe_and_scan(
        &mut self,
        level: usize,
        n: u64,
        depth: u32,
        tables: bool,
    ) -> Result<(), GpuError> {
        let (table, entries, use_table) = table(&self.transpositions, depth, tables);
        let Level {
            positions,
            counts,
            offsets,
            values,
            ..
        } = &mut self.levels[level];
        let positions = positions.slice(..n as usize * position::WORDS);
        let mut launch = self.stream.launch_builder(&self.kernels.probe_count);
        launch
            .arg(&self.tables)
            .arg(&positions)
            .arg(&n)
            .arg(&table)
            .arg(&entries)
            .arg(&use_table)
            .arg(&mut *counts)
            .arg(&mut *values);
        // SAFETY: `probe_count(tables, positions, n, table, entries,
        // use_table, counts, values)`: `n` positions, a table of `entries`
        // entries, at least `n` counts and values.
        unsafe { launch.launch(launch_config(n)) }.map_err(LAUNCH)?;
        scan(
            &self.stream,
            &self.kernels,
            &mut self.sums,
            &counts.slice(..n as usize),
            &mut offsets.slice_mut(..=n as usize),
            n,
        )
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
        unsafe { launch.launch(launch_config(n)) }.map_err(LAUNCH)?;
        Ok(())
    }

    /// Plays the `moves` listed for positions from `start` of `level` into
    /// the children buffer (`dedup`, to be deduplicated) or straight into
    /// the next level.
    fn make_moves(
        &mut self,
        level: usize,
        start: u64,
        moves: u64,
        dedup: bool,
    ) -> Result<(), GpuError> {
        let (this, next) = self.levels.split_at_mut(level + 1);
        let positions = this[level]
            .positions
            .slice(start as usize * position::WORDS..);
        let words = moves as usize * position::WORDS;
        let mut children: CudaViewMut<u64> = if dedup {
            self.children.slice_mut(..words)
        } else {
            next[0].positions.slice_mut(..words)
        };
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
        unsafe { launch.launch(launch_config(moves)) }.map_err(LAUNCH)?;
        Ok(())
    }

    /// Deduplicates the `moves` children of the run in hand of `level`:
    /// the unique ones go to the next level, each child's index there to
    /// the level's map. Returns the unique children's number.
    fn dedup(&mut self, level: usize, moves: u64) -> Result<u64, GpuError> {
        let words = moves as usize * position::WORDS;
        let slot_count = (2 * moves).next_power_of_two();
        let mask = slot_count - 1;
        let (this, next) = self.levels.split_at_mut(level + 1);
        let map = &mut this[level].map;
        let children = self.children.slice(..words);
        let mut slots = self.slots.slice_mut(..slot_count as usize);
        self.stream
            .memset_zeros(&mut slots)
            .map_err(GpuError::driver("clear the deduplication set"))?;
        let mut launch = self.stream.launch_builder(&self.kernels.dedup);
        launch
            .arg(&children)
            .arg(&moves)
            .arg(&mut slots)
            .arg(&mask)
            .arg(&mut *map)
            .arg(&mut self.unique);
        // SAFETY: `dedup(children, n, slots, mask, map, unique)`: `n`
        // children, `mask + 1` cleared slots (a power of two over `2n`, so
        // never full), at least `n` map entries and flags.
        unsafe { launch.launch(launch_config(moves)) }.map_err(LAUNCH)?;
        scan(
            &self.stream,
            &self.kernels,
            &mut self.sums,
            &self.unique.slice(..moves as usize),
            &mut self.places.slice_mut(..=moves as usize),
            moves,
        )?;
        let mut launch = self.stream.launch_builder(&self.kernels.compact);
        launch
            .arg(&children)
            .arg(&moves)
            .arg(&mut *map)
            .arg(&self.places)
            .arg(&mut next[0].positions);
        // SAFETY: `compact(children, n, map, places, next)`: `n` children,
        // map entries and places (plus the total); the next level holds a
        // level's capacity, at least `n`.
        unsafe { launch.launch(launch_config(moves)) }.map_err(LAUNCH)?;
        read_one(&self.stream, &self.places, moves)
    }

    /// Counts the first `n` positions of `level`, two plies each, into
    /// the level's values, looking them up in (and storing them in) the
    /// table of depth 2 with `tables`.
    fn count_two(&mut self, level: usize, n: u64, tables: bool) -> Result<(), GpuError> {
        let (mut table, entries, use_table) = table_mut(&mut self.transpositions, 2, tables);
        let Level {
            positions, values, ..
        } = &mut self.levels[level];
        let positions = positions.slice(..n as usize * position::WORDS);
        let mut launch = self.stream.launch_builder(&self.kernels.count_two);
        launch
            .arg(&self.tables)
            .arg(&positions)
            .arg(&n)
            .arg(&mut table)
            .arg(&entries)
            .arg(&use_table)
            .arg(values)
            .arg(&mut self.leaves);
        // SAFETY: `count_two(tables, positions, n, table, entries,
        // use_table, values, leaves)`: `n` positions, at least `n` values,
        // a table of `entries` entries, one counter.
        unsafe { launch.launch(launch_config(n)) }.map_err(LAUNCH)?;
        Ok(())
    }

    /// The values of positions `start..end` of `level` (whose moves start
    /// at `base`) from their children's, the next level's values (through
    /// the map where the children were deduplicated); stored in the table
    /// of `depth`.
    fn sum_children(
        &mut self,
        level: usize,
        start: u64,
        end: u64,
        base: u64,
        depth: u32,
        tables: bool,
    ) -> Result<(), GpuError> {
        let n = end - start;
        let use_map = u32::from(tables);
        let (mut table, entries, use_table) = table_mut(&mut self.transpositions, depth, tables);
        let (this, next) = self.levels.split_at_mut(level + 1);
        let Level {
            positions,
            offsets,
            values,
            map,
            ..
        } = &mut this[level];
        let from = &next[0].values;
        let positions =
            positions.slice(start as usize * position::WORDS..end as usize * position::WORDS);
        let offsets = offsets.slice(start as usize..=end as usize);
        let mut values = values.slice_mut(start as usize..end as usize);
        let mut launch = self.stream.launch_builder(&self.kernels.sum_children);
        launch
            .arg(&positions)
            .arg(&n)
            .arg(&offsets)
            .arg(&base)
            .arg(from)
            .arg(&*map)
            .arg(&use_map)
            .arg(&mut table)
            .arg(&entries)
            .arg(&use_table)
            .arg(&mut values);
        // SAFETY: `sum_children(positions, n, offsets, base, from, map,
        // use_map, table, entries, use_table, values)`: `n` positions,
        // values and offsets (plus one); offsets less `base` index the
        // run's children, which index `from` directly or through `map`; a
        // table of `entries` entries.
        unsafe { launch.launch(launch_config(n)) }.map_err(LAUNCH)?;
        Ok(())
    }
}

/// The table of `depth` (entries of four words), its entries, and whether
/// it is used (1; with `tables` off, 0: a table that is never read).
fn table(
    transpositions: &Transpositions,
    depth: u32,
    tables: bool,
) -> (CudaView<'_, u64>, u64, u32) {
    let (words, entries, in_use) = table_words(transpositions, depth, tables);
    (transpositions.entries.slice(words), entries, in_use)
}

/// [`table`], to be written.
fn table_mut(
    transpositions: &mut Transpositions,
    depth: u32,
    tables: bool,
) -> (CudaViewMut<'_, u64>, u64, u32) {
    let (words, entries, in_use) = table_words(transpositions, depth, tables);
    (transpositions.entries.slice_mut(words), entries, in_use)
}

/// Where the table of `depth` lies in the entries' words, its entries (one
/// at least, so that the kernels always get a table), and whether it is
/// used.
fn table_words(
    transpositions: &Transpositions,
    depth: u32,
    tables: bool,
) -> (Range<usize>, u64, u32) {
    let (first, entries) = transpositions.by_depth[depth as usize];
    let in_use = tables && entries > 0;
    let entries = entries.max(1);
    let words = (first * ENTRY_WORDS) as usize..((first + entries) * ENTRY_WORDS) as usize;
    (words, entries, u32::from(in_use))
}

/// Word `index` of `slice`, read back from the device.
fn read_one(stream: &Arc<CudaStream>, slice: &CudaSlice<u64>, index: u64) -> Result<u64, GpuError> {
    let mut value = [0u64];
    let index = index as usize;
    stream
        .memcpy_dtoh(&slice.slice(index..index + 1), &mut value)
        .map_err(GpuError::driver("read an offset"))?;
    Ok(value[0])
}

/// The exclusive prefix sums of `n` counts into `offsets` (`n + 1` of them:
/// the last is the total), by the three scan kernels.
fn scan(
    stream: &Arc<CudaStream>,
    kernels: &Kernels,
    sums: &mut CudaSlice<u64>,
    counts: &CudaView<u32>,
    offsets: &mut CudaViewMut<u64>,
    n: u64,
) -> Result<(), GpuError> {
    let blocks = n.div_ceil(SCAN_ITEMS);
    let mut launch = stream.launch_builder(&kernels.scan_blocks);
    launch
        .arg(counts)
        .arg(&n)
        .arg(&mut *offsets)
        .arg(&mut *sums);
    // SAFETY: `scan_blocks(counts, n, offsets, sums)`: `n` counts, `n`
    // offsets and one sum per block of SCAN_ITEMS, as launched.
    unsafe { launch.launch(launch_config(blocks * BLOCK)) }.map_err(LAUNCH)?;
    let mut launch = stream.launch_builder(&kernels.scan_sums);
    launch.arg(&mut *sums).arg(&blocks);
    // SAFETY: `scan_sums(sums, blocks)` in one block: `blocks + 1` sums.
    unsafe { launch.launch(launch_config(BLOCK)) }.map_err(LAUNCH)?;
    let mut launch = stream.launch_builder(&kernels.scan_add);
    launch.arg(offsets).arg(&n).arg(&*sums).arg(&blocks);
    // SAFETY: `scan_add(offsets, n, sums, blocks)`: `n + 1` offsets.
    unsafe { launch.launch(launch_config(n)) }.map_err(LAUNCH)?;
    Ok(())
}
