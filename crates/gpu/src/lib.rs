//! Bulk perft on an NVIDIA GPU, for the bitmoves chess move generator.
//!
//! [`Gpu::open`] loads the CUDA driver and NVRTC at run time (nothing of
//! CUDA is needed to build this crate), compiles the kernels of
//! `movegen.cu` and `perft.cu` for the device and copies the move generator's tables to
//! it. [`Gpu::perft`] then counts a perft: the first plies are split on the
//! CPU into unique positions with their multiplicities
//! ([`bitmoves_perft::split`]), and the last [`SEARCH_PLIES`] plies are
//! searched on the device breadth first, one ply at a time: each position
//! is looked up in the transposition table of its depth or its legal moves
//! are counted, prefix sums give each its place, the moves are listed and
//! played, the children deduplicated into the next ply's positions, the
//! last two plies counted in one kernel (the children made and their moves
//! counted, none written to memory), and each position's count summed from
//! its children's and stored in its table. [`Gpu::count`] counts many
//! positions at once, which is how `bitmoves-gpu work` counts the units of
//! a deep perft (`docs/gpu.md`).
//!
//! Without a GPU, [`Gpu::open`] returns an error ([`GpuError::NoDriver`],
//! [`GpuError::Driver`]); it never panics.
//!
//! ```no_run
//! use bitmoves::Board;
//! let mut gpu = bitmoves_gpu::Gpu::open(0)?;
//! println!("{}", gpu.name());
//! assert_eq!(gpu.perft(&Board::default(), 7)?, 3_195_901_860);
//! # Ok::<(), bitmoves_gpu::GpuError>(())
//! ```

mod device;
mod kernels;
mod position;
mod tables;
mod work;

#[cfg(test)]
mod host_check;

pub use device::{
    Gpu, MAX_DEPTH, PROGRESS_BATCH, PerftOptions, PerftReport, SEARCH_PLIES, compile,
};
pub use kernels::KERNEL_SOURCE;
pub use work::{WorkError, work_gpu};

use core::fmt;

/// Why the GPU could not count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GpuError {
    /// The CUDA driver (`libcuda.so`) could not be loaded: no NVIDIA
    /// driver is installed.
    NoDriver,
    /// NVRTC (`libnvrtc.so`), CUDA's run-time compiler, could not be
    /// loaded: it comes with the CUDA toolkit, or PyPI's
    /// `nvidia-cuda-nvrtc`; its folder must be on `LD_LIBRARY_PATH`.
    NoCompiler,
    /// The driver failed (no such device, out of memory, a kernel fault).
    Driver {
        /// What was being done.
        what: &'static str,
        /// The driver's message.
        error: String,
    },
    /// The device is older than the kernels need (compute capability 6.0).
    Unsupported {
        /// The device's name.
        name: String,
        /// Its compute capability's major number.
        major: i32,
        /// And minor.
        minor: i32,
    },
    /// NVRTC rejected the kernels (its log).
    Compile(String),
    /// A search deeper than [`MAX_DEPTH`] was asked of [`Gpu::count`].
    TooDeep(u32),
    /// The CPU's split of a perft failed.
    Split(String),
}

impl fmt::Display for GpuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoDriver => write!(
                f,
                "no CUDA driver: libcuda.so could not be loaded (is an NVIDIA GPU and its driver installed?)"
            ),
            Self::NoCompiler => write!(
                f,
                "no NVRTC: libnvrtc.so could not be loaded (install the CUDA toolkit and put its lib64 folder on LD_LIBRARY_PATH)"
            ),
            Self::Driver { what, error } => write!(f, "the GPU failed to {what}: {error}"),
            Self::Unsupported { name, major, minor } => write!(
                f,
                "{name} has compute capability {major}.{minor}; the kernels need 6.0 or later"
            ),
            Self::Compile(log) => write!(f, "NVRTC could not compile the kernels: {log}"),
            Self::TooDeep(depth) => {
                write!(
                    f,
                    "a GPU search of {depth} plies is deeper than the {MAX_DEPTH} it holds: split at a deeper ply (bitmoves split --at)"
                )
            }
            Self::Split(error) => write!(f, "cannot split the perft: {error}"),
        }
    }
}

impl std::error::Error for GpuError {}

/// The examples of `docs/gpu.md`, compiled as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/gpu.md")]
mod gpu_guide {}
