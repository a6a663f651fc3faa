//! Gaviota endgame tablebases for [`bitmoves`]: depth to mate (DTM) and
//! win/draw/loss of positions with up to 5 pieces.
//!
//! The tables (`kqkr.gtb.cp4`: white king and queen against king and
//! rook, both sides to move) are found by name in the directories added
//! to a [`Tablebase`], opened the first time a probe needs them, and read
//! one LZMA-compressed block of 16,384 positions at a time; the blocks
//! probed last stay decompressed in a shared cache. A `Tablebase` is
//! `Send + Sync`: probes take `&self`. The numbers and errors are
//! python-chess's (`chess.gaviota`), and a damaged file is a
//! [`GaviotaError`] naming it, never a panic.
//!
//! ```no_run
//! use bitmoves::Board;
//! use bitmoves_gaviota::{Tablebase, Wdl};
//!
//! let tables = Tablebase::open(["/srv/gaviota"])?;
//! let board: Board = "8/8/8/8/8/8/8/K2kr3 w - - 0 1".parse()?;
//! assert_eq!(tables.probe_dtm(&board)?.0, -10); // mated in 10 half-moves
//! assert_eq!(tables.probe_wdl(&board)?, Wdl::Loss);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! | file | what it holds |
//! |---|---|
//! | `tablebase.rs` | [`Tablebase`]: the tables by material, opened on first use |
//! | `probe.rs` | [`Tablebase::probe_dtm`], [`Tablebase::probe_wdl`], en passant |
//! | `material.rs` | a position's or file's material, and its table's index scheme |
//! | `index/mod.rs` | the index schemes: where a placement is stored |
//! | `table.rs` | one file: header, block offsets, LZMA blocks |
//! | `cache.rs` | the decompressed blocks probed last |
//! | `values.rs` | [`Dtm`], [`Wdl`], and how a stored byte reads |
//! | `error.rs` | [`GaviotaError`] |

mod cache;
mod error;
mod index;
mod material;
mod probe;
mod table;
mod tablebase;
mod values;

pub use error::{GaviotaError, Result};
pub use material::MAX_PIECES;
pub use tablebase::{DEFAULT_CACHE_BLOCKS, Tablebase};
pub use values::{Dtm, Wdl};

/// The Rust examples of `docs/gaviota.md`, compiled as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/gaviota.md")]
pub struct GuideDoctests;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tablebase_is_shared_between_threads() {
        fn shared<T: Send + Sync>() {}
        shared::<Tablebase>();
        shared::<GaviotaError>();
    }
}
