//! [`Gpu`]: one CUDA device with the perft kernels compiled for it and the
//! buffers of the search; the search is in [`search`], perft on top of it
//! in [`perft`].

mod perft;
mod search;

pub use perft::{PROGRESS_BATCH, PerftOptions, PerftReport, SEARCH_PLIES};
pub use search::MAX_DEPTH;

use crate::{GpuError, tables};
use cudarc::{
    driver::{CudaContext, CudaFunction, CudaSlice, CudaStream, DriverError},
    nvrtc::{self, CompileOptions, Ptx},
};
use std::{sync::Arc, vec, vec::Vec};

/// The kernels' source, compiled by NVRTC when a [`Gpu`] is opened.
pub const KERNEL_SOURCE: &str = include_str!("perft.cu");

/// The most positions one level holds: parents are 32-bit indices.
const MAX_LEVEL: u64 = 1 << 26;
/// Counts per block of the prefix sum (`SCAN_ITEMS` in `perft.cu`).
const SCAN_ITEMS: u64 = 1024;

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
    /// [`position::WORDS`](crate::position::WORDS) words per position.
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
