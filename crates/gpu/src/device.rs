//! [`Gpu`]: one CUDA device with the perft kernels compiled for it, and the
//! breadth-first search that drives them.

use crate::{GpuError, position, tables};
use bitmoves::Board;
use cudarc::{
    driver::{
        CudaContext, CudaFunction, CudaSlice, CudaStream, CudaView, CudaViewMut, DriverError,
        LaunchConfig, PushKernelArg,
    },
    nvrtc::{self, CompileOptions, Ptx},
};
use std::{sync::Arc, vec, vec::Vec};

/// The kernels' source, compiled by NVRTC when a [`Gpu`] is opened.
pub const KERNEL_SOURCE: &str = include_str!("perft.cu");

/// Threads per block (`BLOCK` in `perft.cu`).
const BLOCK: u64 = 256;
/// Counts per block of the prefix sum (`SCAN_ITEMS` in `perft.cu`).
const SCAN_ITEMS: u64 = 1024;
/// The most positions one level holds: parents are 32-bit indices.
const MAX_LEVEL: u64 = 1 << 26;

/// The kernels of `perft.cu`.
struct Kernels {
    count_moves: CudaFunction,
    gen_moves: CudaFunction,
    make_moves: CudaFunction,
    make_count: CudaFunction,
    count_leaves: CudaFunction,
    scan_blocks: CudaFunction,
    scan_sums: CudaFunction,
    scan_add: CudaFunction,
}

/// One ply of the search: positions, and their move counts and offsets.
struct Level {
    /// [`position::WORDS`] words per position.
    positions: CudaSlice<u64>,
    counts: CudaSlice<u32>,
    /// One more than the positions: the last is the total.
    offsets: CudaSlice<u64>,
}

/// A CUDA device ready to count perft: the kernels compiled for it, the
/// tables copied to it, and the buffers of a breadth-first search.
///
/// ```no_run
/// use bitmoves::Board;
/// let mut gpu = bitmoves_gpu::Gpu::open(0)?;
/// assert_eq!(gpu.perft(&Board::default(), 6)?, 119_060_324);
/// # Ok::<(), bitmoves_gpu::GpuError>(())
/// ```
pub struct Gpu {
    stream: Arc<CudaStream>,
    kernels: Kernels,
    name: String,
    tables: CudaSlice<u64>,
    /// Levels 0 (the roots) to the deepest the search has needed so far.
    levels: Vec<Level>,
    /// Positions per level.
    level_capacity: u64,
    moves: CudaSlice<u16>,
    parents: CudaSlice<u32>,
    /// The prefix sum's block sums.
    sums: CudaSlice<u64>,
    /// A count per root of the batch in hand.
    totals: CudaSlice<u64>,
}

impl core::fmt::Debug for Gpu {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Gpu")
            .field("name", &self.name)
            .field("level_capacity", &self.level_capacity)
            .field("move_capacity", &self.moves.len())
            .finish_non_exhaustive()
    }
}

fn launch_config(threads: u64) -> LaunchConfig {
    LaunchConfig {
        // Every caller keeps `threads` under 2^31 * 256.
        grid_dim: (threads.div_ceil(BLOCK) as u32, 1, 1),
        block_dim: (BLOCK as u32, 1, 1),
        shared_mem_bytes: 0,
    }
}

impl Gpu {
    /// Opens CUDA device `ordinal` (0 is the first): loads the driver and
    /// NVRTC, compiles the kernels for the device and copies the tables to
    /// it. Buffers take about a quarter of the device's free memory, up
    /// to 8 GiB.
    ///
    /// # Errors
    ///
    /// [`GpuError::NoDriver`] or [`GpuError::NoCompiler`] where the CUDA
    /// driver or NVRTC cannot be loaded, [`GpuError::Driver`] where there
    /// is no such device or it fails, [`GpuError::Compile`] where NVRTC
    /// rejects the kernels.
    pub fn open(ordinal: usize) -> Result<Self, GpuError> {
        // SAFETY: only tries to load the library, calling nothing in it.
        if !unsafe { cudarc::driver::sys::is_culib_present() } {
            return Err(GpuError::NoDriver);
        }
        let context = CudaContext::new(ordinal).map_err(GpuError::driver("open the device"))?;
        // One stream, used in order: cudarc's events between streams are
        // not needed.
        // SAFETY: nothing runs on the context yet.
        unsafe { context.disable_event_tracking() };
        let name = context
            .name()
            .map_err(GpuError::driver("read the device's name"))?;
        let (major, minor) = context
            .compute_capability()
            .map_err(GpuError::driver("read the compute capability"))?;
        if major < 6 {
            return Err(GpuError::Unsupported { name, major, minor });
        }
        let ptx = compile(major, minor)?;
        let module = context
            .load_module(ptx)
            .map_err(GpuError::driver("load the kernels"))?;
        let load = |name: &str| {
            module
                .load_function(name)
                .map_err(GpuError::driver("find a kernel"))
        };
        let kernels = Kernels {
            count_moves: load("count_moves")?,
            gen_moves: load("gen_moves")?,
            make_moves: load("make_moves")?,
            make_count: load("make_count")?,
            count_leaves: load("count_leaves")?,
            scan_blocks: load("scan_blocks")?,
            scan_sums: load("scan_sums")?,
            scan_add: load("scan_add")?,
        };
        let stream = context.default_stream();
        let tables = stream
            .clone_htod(&tables::words())
            .map_err(GpuError::driver("copy the tables"))?;
        let (free, _) = context
            .mem_get_info()
            .map_err(GpuError::driver("read the free memory"))?;
        // A level costs 76 bytes a position (64 + a count + an offset),
        // and the moves 6 bytes each, 16 per position of the last level:
        // with up to six levels, about 550 bytes per position of capacity.
        let budget = (free as u64 / 4).min(8 << 30);
        let level_capacity = (budget / 550).clamp(1 << 16, MAX_LEVEL);
        let move_capacity = level_capacity * 16;
        let alloc = GpuError::driver("allocate device memory");
        let moves = stream
            .alloc_zeros::<u16>(move_capacity as usize)
            .map_err(alloc)?;
        let parents = stream
            .alloc_zeros::<u32>(move_capacity as usize)
            .map_err(GpuError::driver("allocate device memory"))?;
        let sums = stream
            .alloc_zeros::<u64>((level_capacity.div_ceil(SCAN_ITEMS) + 1) as usize)
            .map_err(GpuError::driver("allocate device memory"))?;
        let totals = stream
            .alloc_zeros::<u64>(1)
            .map_err(GpuError::driver("allocate device memory"))?;
        Ok(Self {
            stream,
            kernels,
            name,
            tables,
            levels: Vec::new(),
            level_capacity,
            moves,
            parents,
            sums,
            totals,
        })
    }

    /// The device's name, such as `NVIDIA H100 80GB HBM3`.
    pub fn name(&self) -> &str {
        &self.name
    }

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
        let mut counts = Vec::with_capacity(boards.len());
        for batch in boards.chunks(PROGRESS_BATCH) {
            counts.extend(self.count(batch, remaining, |_, _| {})?);
            progress(counts.len(), boards.len());
        }
        Ok(PerftReport {
            nodes: counts
                .iter()
                .zip(&multiplicities)
                .map(|(&count, &multiplicity)| u128::from(count) * u128::from(multiplicity))
                .sum(),
            counted: counts.iter().map(|&count| u128::from(count)).sum(),
            positions: boards.len(),
            split_ply,
        })
    }

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

/// How [`Gpu::perft_with`] shares a perft between the CPU and the device.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PerftOptions {
    /// The plies counted on the device (1 to [`MAX_DEPTH`]); the plies
    /// above are split on the CPU. Default [`SEARCH_PLIES`].
    pub plies: u32,
    /// Merge transpositions at the split ply (`true`, the default): each
    /// unique position is counted once and weighted by the number of paths
    /// that reach it, as `bitmoves split` does. With `false` every path is
    /// counted, which shows the device's raw speed.
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
    /// The leaves the device counted, before the weighting by
    /// multiplicities (equal to `nodes` without merged transpositions).
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
/// a fraction of a second on an H100 at the default plies, and still enough
/// to fill it.
pub const PROGRESS_BATCH: usize = 4096;

/// The plies [`Gpu::perft`] counts on the device by default; the plies
/// above are split on the CPU.
pub const SEARCH_PLIES: u32 = 5;

/// The deepest search [`Gpu::count`] takes: one level of buffers per ply.
pub const MAX_DEPTH: u32 = 7;

/// Compiles [`KERNEL_SOURCE`] with NVRTC for compute capability
/// `major.minor`; this needs NVRTC, not a GPU. Options in
/// `$BITMOVES_GPU_NVRTC_OPTIONS` (split at spaces) are added, for tuning.
///
/// # Errors
///
/// [`GpuError::NoCompiler`] without NVRTC, [`GpuError::Compile`] with its
/// log where it rejects the source.
pub fn compile(major: i32, minor: i32) -> Result<Ptx, GpuError> {
    // SAFETY: only tries to load the library, calling nothing in it.
    if !unsafe { cudarc::nvrtc::sys::is_culib_present() } {
        return Err(GpuError::NoCompiler);
    }
    let mut options = vec![
        format!("--gpu-architecture=sm_{major}{minor}"),
        "-std=c++14".into(),
    ];
    // Tuning by hand (docs/gpu.md): extra NVRTC options, such as
    // `--maxrregcount=64`.
    if let Ok(extra) = std::env::var("BITMOVES_GPU_NVRTC_OPTIONS") {
        options.extend(extra.split_whitespace().map(String::from));
    }
    nvrtc::compile_ptx_with_opts(
        KERNEL_SOURCE,
        CompileOptions {
            options,
            name: Some("perft.cu".into()),
            ..CompileOptions::default()
        },
    )
    .map_err(|error| GpuError::Compile(compile_message(&error)))
}

fn compile_message(error: &nvrtc::CompileError) -> String {
    match error {
        nvrtc::CompileError::CompileError { log, .. } => log.to_string_lossy().into_owned(),
        other => format!("{other:?}"),
    }
}

impl GpuError {
    /// A mapper of a driver error while doing `what`.
    fn driver(what: &'static str) -> impl Fn(DriverError) -> GpuError + Copy {
        move |error| GpuError::Driver {
            what,
            error: error.to_string(),
        }
    }
}
