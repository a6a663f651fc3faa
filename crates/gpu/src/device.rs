//! [`Gpu`]: one CUDA device with the perft kernels compiled for it, the
//! buffers of the search and its transposition tables; the search is in
//! [`search`], perft on top of it in [`perft`].

mod perft;
mod search;

pub use perft::{PROGRESS_BATCH, PerftOptions, PerftReport, SEARCH_PLIES};
pub use search::MAX_DEPTH;

use crate::kernels::{ENTRY_WORDS, KERNEL_SOURCE, SCAN_ITEMS};
use crate::{GpuError, tables};
use bitmoves::Board;
use cudarc::{
    driver::{CudaContext, CudaFunction, CudaSlice, CudaStream, DriverError},
    nvrtc::{self, CompileOptions, Ptx},
};
use std::{collections::HashMap, sync::Arc, vec, vec::Vec};

/// The most positions one level holds: parents are 32-bit indices.
const MAX_LEVEL: u64 = 1 << 26;
/// Bytes of buffers per position of level capacity, with every level
/// allocated: per level 64 (a position) + 4 + 8 + 8 + 4 (its move count,
/// offset, value and child map); shared, 64 + 8 + 4 + 8 (the children of
/// a run, the deduplication set, the unique flags and their places); and
/// a move of 6 bytes (the move and its parent).
const BYTES_PER_POSITION: u64 = 88 * (MAX_DEPTH as u64 - 1) + 84 + 6;
/// The most entries the host's table of whole counts keeps.
const HOST_TABLE_ENTRIES: usize = 1 << 22;

/// The kernels of `perft.cu`.
struct Kernels {
    probe_count: CudaFunction,
    gen_moves: CudaFunction,
    make_moves: CudaFunction,
    dedup: CudaFunction,
    compact: CudaFunction,
    count_two: CudaFunction,
    sum_children: CudaFunction,
    count_leaves: CudaFunction,
    scan_blocks: CudaFunction,
    scan_sums: CudaFunction,
    scan_add: CudaFunction,
}

/// One ply of the search: positions, their move counts, offsets and
/// values, and the next level's index of each child of the run in hand.
struct Level {
    /// [`position::WORDS`](crate::position::WORDS) words per position.
    positions: CudaSlice<u64>,
    counts: CudaSlice<u32>,
    /// One more than the positions: the last is the total.
    offsets: CudaSlice<u64>,
    /// Each position's count at the level's depth.
    values: CudaSlice<u64>,
    /// Per child of the run in hand: its unique position's index in the
    /// next level.
    map: CudaSlice<u32>,
}

/// The transposition tables: one per depth, in one allocation.
struct Transpositions {
    entries: CudaSlice<u64>,
    /// Per depth: the first entry and the number of entries (0: none).
    by_depth: [(u64, u64); MAX_DEPTH as usize + 1],
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
    /// The moves of a run, one level's capacity.
    moves: CudaSlice<u16>,
    parents: CudaSlice<u32>,
    /// The children of a run, before deduplication.
    children: CudaSlice<u64>,
    /// The deduplication set: a power of two of slots, at least two per
    /// child.
    slots: CudaSlice<u32>,
    /// Per child: whether it is the first of its equals.
    unique: CudaSlice<u32>,
    /// Prefix sums of `unique`: each unique child's index in the next level.
    places: CudaSlice<u64>,
    /// The prefix sum's block sums.
    sums: CudaSlice<u64>,
    /// Leaves counted on the device (a single counter).
    leaves: CudaSlice<u64>,
    transpositions: Transpositions,
    /// Whole counts of boards sent to the device, by board and depth: a
    /// board counted before is not sent again.
    host_table: HashMap<(Board, u32), u64>,
    /// Leaves counted on the device since the device was opened.
    counted: u128,
}

impl core::fmt::Debug for Gpu {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Gpu")
            .field("name", &self.name)
            .field("level_capacity", &self.level_capacity)
            .field("table_entries", &self.table_entries())
            .finish_non_exhaustive()
    }
}

impl Gpu {
    /// Opens CUDA device `ordinal` (0 is the first): loads the driver and
    /// NVRTC, compiles the kernels for the device and copies the tables to
    /// it. Buffers take about a quarter of the device's free memory, up to
    /// 16 GiB, and the transposition tables half of what is left, up to
    /// 64 GiB: a smaller card gets smaller tables (and a table that is full
    /// only makes the search slower).
    ///
    /// # Errors
    ///
    /// [`GpuError::NoDriver`] or [`GpuError::NoCompiler`] where the CUDA
    /// driver or NVRTC cannot be loaded, [`GpuError::Driver`] where there
    /// is no such device or it fails, [`GpuError::Compile`] where NVRTC
    /// rejects the kernels.
    pub fn open(ordinal: usize) -> Result<Self, GpuError> {
        Self::open_with_tables(ordinal, None)
    }

    /// [`Gpu::open`], with the transposition tables given `table_bytes`
    /// of device memory (`None`: half of what the buffers leave, up to
    /// 64 GiB). Small tables make the search slower, never wrong: the
    /// tests use them to make every slot fought over.
    ///
    /// # Errors
    ///
    /// As [`Gpu::open`].
    pub fn open_with_tables(ordinal: usize, table_bytes: Option<u64>) -> Result<Self, GpuError> {
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
            probe_count: load("probe_count")?,
            gen_moves: load("gen_moves")?,
            make_moves: load("make_moves")?,
            dedup: load("dedup")?,
            compact: load("compact")?,
            count_two: load("count_two")?,
            sum_children: load("sum_children")?,
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
        let free = free as u64;
        let level_capacity =
            ((free / 4).min(16 << 30) / BYTES_PER_POSITION).clamp(1 << 16, MAX_LEVEL);
        let alloc = GpuError::driver("allocate device memory");
        let cap = level_capacity as usize;
        let moves = stream.alloc_zeros::<u16>(cap).map_err(alloc)?;
        let parents = stream.alloc_zeros::<u32>(cap).map_err(alloc)?;
        let children = stream
            .alloc_zeros::<u64>(cap * crate::position::WORDS)
            .map_err(alloc)?;
        let slots = stream
            .alloc_zeros::<u32>((2 * cap).next_power_of_two())
            .map_err(alloc)?;
        let unique = stream.alloc_zeros::<u32>(cap).map_err(alloc)?;
        let places = stream.alloc_zeros::<u64>(cap + 1).map_err(alloc)?;
        let sums = stream
            .alloc_zeros::<u64>((level_capacity.div_ceil(SCAN_ITEMS) + 1) as usize)
            .map_err(alloc)?;
        let leaves = stream.alloc_zeros::<u64>(1).map_err(alloc)?;
        // Tables from what is left after the levels the deepest search
        // allocates; where the driver refuses, half as much.
        let left = free.saturating_sub(level_capacity * BYTES_PER_POSITION);
        let mut table_bytes = table_bytes.unwrap_or((left / 2).min(64 << 30));
        let transpositions = loop {
            let by_depth = table_layout(table_bytes);
            let entries: u64 = by_depth.iter().map(|&(_, entries)| entries).sum();
            match stream.alloc_zeros::<u64>((entries.max(1) * ENTRY_WORDS) as usize) {
                Ok(entries) => break Transpositions { entries, by_depth },
                Err(_) if table_bytes > 1 << 20 => table_bytes /= 2,
                Err(error) => return Err(alloc(error)),
            }
        };
        Ok(Self {
            stream,
            kernels,
            name,
            tables,
            levels: Vec::new(),
            level_capacity,
            moves,
            parents,
            children,
            slots,
            unique,
            places,
            sums,
            leaves,
            transpositions,
            host_table: HashMap::new(),
            counted: 0,
        })
    }

    /// The entries of the transposition tables, all depths together.
    pub fn table_entries(&self) -> u64 {
        self.transpositions
            .by_depth
            .iter()
            .map(|&(_, entries)| entries)
            .sum()
    }

    /// The device's name, such as `NVIDIA H200`.
    pub fn name(&self) -> &str {
        &self.name
    }
}

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

/// The tables' layout in `bytes`: per depth, its first entry and its
/// entries (at least one). Depth 2 (the deepest level of the search,
/// which has the most positions) gets half, depth 3 a quarter, and so on;
/// depths 0 and 1 have none (they are counted, never looked up).
fn table_layout(bytes: u64) -> [(u64, u64); MAX_DEPTH as usize + 1] {
    let mut layout = [(0, 0); MAX_DEPTH as usize + 1];
    let mut first = 0;
    for (depth, slot) in layout.iter_mut().enumerate().skip(2) {
        let share = bytes >> (depth - 1).min(MAX_DEPTH as usize - 2);
        let entries = (share / (ENTRY_WORDS * 8)).max(1);
        *slot = (first, entries);
        first += entries;
    }
    layout
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_fit_their_bytes_and_deeper_ones_are_smaller() {
        for bytes in [0, 1000, 1 << 20, 3 << 30, 64 << 30] {
            let layout = table_layout(bytes);
            assert_eq!(layout[0], (0, 0));
            assert_eq!(layout[1], (0, 0));
            let mut first = 0;
            for (depth, &(start, entries)) in layout.iter().enumerate().skip(2) {
                assert!(entries >= 1, "{bytes} bytes, depth {depth}");
                assert_eq!(start, first);
                first += entries;
                if depth > 2 && bytes >= 1 << 20 {
                    assert!(entries <= layout[depth - 1].1);
                }
            }
            assert!(
                first * ENTRY_WORDS * 8 <= bytes.max(32 * 6),
                "{bytes} bytes: {first} entries"
            );
        }
    }
}
