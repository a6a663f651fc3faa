//! Syzygy endgame tablebases for [`bitmoves`]: WDL and DTZ probes of
//! positions with up to 7 pieces, and the ranking of a position's moves
//! as an engine plays them at the root.
//!
//! The tables (`KQvKR.rtbw` for win/draw/loss, `KQvKR.rtbz` for distance
//! to zeroing) are found by name in the directories added to a
//! [`Tablebase`], and memory-mapped the first time a probe needs them. A
//! `Tablebase` is `Send + Sync`: probes take `&self`, from any number of
//! threads. The numbers are python-chess's (`chess.syzygy`), and a damaged
//! file is a [`SyzygyError`] naming it, never a panic.
//!
//! ```no_run
//! use bitmoves::Board;
//! use bitmoves_syzygy::{Tablebase, Wdl};
//!
//! let tables = Tablebase::open(["/srv/syzygy"])?;
//! let board: Board = "8/8/8/8/8/4k3/8/1QK5 w - - 0 1".parse()?;
//! assert_eq!(tables.probe_wdl(&board)?, Wdl::Win);
//! println!("DTZ {}", tables.probe_dtz(&board)?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod consts;
mod error;
mod format;
mod header;
mod index;
mod material;
mod pairs;
mod probe;
mod root;
mod tablebase;
mod values;
mod variant;

pub use error::{Result, SyzygyError};
pub use root::{MAX_DTZ, RootMove, RootOptions};
pub use tablebase::Tablebase;
pub use values::{Dtz, Wdl};

/// The Rust examples of `docs/syzygy.md`, compiled as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/syzygy.md")]
pub struct GuideDoctests;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tablebase_is_shared_between_threads() {
        fn shared<T: Send + Sync>() {}
        shared::<Tablebase>();
        shared::<SyzygyError>();
    }
}
