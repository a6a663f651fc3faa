//! python-chess's 3- and 4-piece tables and `endgame.epd`, from its PyPI
//! sdist (downloaded into the target directory at test time, never
//! committed), and the random positions the tests probe.

#![allow(dead_code)]

use std::path::PathBuf;

/// When to skip or fail without python-chess, and runs of it: shared with
/// the core's tests.
#[path = "../../../bitmoves/tests/common/python.rs"]
mod python;
#[allow(unused_imports)] // each test binary uses only some helpers
pub use python::{imports_or_skip, required, run};

/// The unpacked sdist's `data` directory, downloading it on first use;
/// `None` (with a notice) when it cannot be had and the oracle is not
/// required.
pub fn data_dir(what: &str) -> Option<PathBuf> {
    python::sdist(what).map(|sdist| sdist.join("data"))
}

/// The tables' directory in the sdist.
pub fn tables_dir(what: &str) -> Option<PathBuf> {
    data_dir(what).map(|data| data.join("syzygy/regular"))
}

/// The seeded random sources shared with the core's tests.
#[path = "../../../bitmoves/tests/common/random.rs"]
mod random;
#[allow(unused_imports)] // each test binary uses only some helpers
pub use random::xorshift;

/// The tables' names and random placements of their pieces, written as
/// FEN: shared with the Syzygy bench.
mod placements;
#[allow(unused_imports)] // each test binary uses only some helpers
pub use placements::{fen, letters, place as placements_place, random_position, table_names};
