//! Perft beyond one thread: hashed perft, perft on several threads, and
//! deep perft split into work units, built on the plain perft of the
//! [`bitmoves`] core crate.
//!
//! | function | threads | table | count |
//! |---|---|---|---|
//! | [`perft_parallel`], [`divide_parallel`], [`divide_parallel_with`] | many | no | `u128` |
//! | [`perft_hashed`], [`divide_hashed`], [`perft_hashed_until`] | one | [`Table`] | `u128` |
//! | [`perft_hashed_parallel`], [`divide_hashed_parallel`] | many | shared [`Table`] | `u128` |
//! | [`Counting::count`], [`Counting::count_parallel`] | one, many | as chosen | `u128` |
//!
//! Every parallel count shares its work out through one work pool, whose
//! one tuning constant is [`UNITS_PER_THREAD`]. No count here overflows:
//! [`count`] adds `u64` subtrees of at most [`U64_SAFE_DEPTH`] plies in
//! `u128`.
//!
//! The single-threaded, unhashed [`perft`](bitmoves::perft::perft),
//! [`perft_full`](bitmoves::perft::perft_full) and
//! [`divide`](bitmoves::perft::divide) are in the core crate.
//! [`split`] holds deep perft: unit files, shards, workers and the merge.
//! [`parse_size`] reads table sizes such as `256M`.
//!
//! ```
//! use bitmoves::Board;
//! use bitmoves_perft::{perft_hashed_parallel, Table};
//! let table = Table::new(32 << 20)?; // 32 MiB, shared by both threads
//! assert_eq!(perft_hashed_parallel(&Board::default(), 6, &table, 2), 119_060_324);
//! # Ok::<(), bitmoves_perft::TableError>(())
//! ```

mod hashed;
mod parallel;
mod pool;
mod size;
pub mod split;
mod table;

pub use hashed::{divide_hashed, perft_hashed, perft_hashed_until};
pub use parallel::{
    Counting, divide_hashed_parallel, divide_parallel, divide_parallel_with, perft_hashed_parallel,
    perft_parallel, total,
};
pub use pool::{U64_SAFE_DEPTH, UNITS_PER_THREAD, count};
pub use size::{SizeError, parse_size};
pub use table::{BUCKET_BYTES, Table, TableError};

/// The examples of `docs/hashed-perft.md`, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/hashed-perft.md")]
mod hashed_perft_guide {}
