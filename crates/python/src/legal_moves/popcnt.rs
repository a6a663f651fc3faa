//! Whether the move writer counts with the `popcnt` instruction: the
//! extension is built for any x86-64, whose `count_ones` is about 15
//! instructions, and a playout counts a position's moves by piece (two or
//! three dozen counts a ply, in [`super::generate`]'s `gather` and
//! `write`), so those two are compiled twice, with and without it, and
//! pick by this flag: set when the module loads from what the CPU says,
//! and turned off by the tests (`_bitmoves._use_popcnt`) to check the
//! version for any CPU against python-chess as well.

use std::sync::atomic::{AtomicBool, Ordering};

use pyo3::prelude::*;

/// Whether `gather` and `write` take their `popcnt` versions.
static POPCNT: AtomicBool = AtomicBool::new(false);

/// Whether the `popcnt` versions are in use (one relaxed load).
#[inline(always)]
pub fn has_popcnt() -> bool {
    POPCNT.load(Ordering::Relaxed)
}

/// Uses the `popcnt` versions when `on` and the CPU has the instruction,
/// else the versions for any CPU; returns whether the `popcnt` ones are in
/// use now. Called with `True` when the module loads; the tests turn it
/// off and on again.
#[pyfunction]
#[pyo3(name = "_use_popcnt")]
pub fn use_popcnt(on: bool) -> bool {
    #[cfg(target_arch = "x86_64")]
    let on = on && std::is_x86_feature_detected!("popcnt");
    #[cfg(not(target_arch = "x86_64"))]
    let on = {
        let _ = on;
        false
    };
    POPCNT.store(on, Ordering::Relaxed);
    on
}
