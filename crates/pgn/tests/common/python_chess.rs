//! python-chess as the oracle of the tests that compare with it: whether
//! `python3` has it (and what else a test imports), runs of it, and its own
//! test PGNs, from its PyPI sdist (`pip download`, unpacked into the target
//! directory at test time, never committed).

use std::path::PathBuf;

/// When to skip or fail without python-chess, shared with the core's tests.
#[path = "../../../bitmoves/tests/common/python.rs"]
mod python;
#[allow(unused_imports)] // each test binary uses only some helpers
pub use python::{imports_or_skip, required, run};

/// python-chess's test PGNs (it ships a dozen), sorted; `None` (with a
/// notice) when the sdist cannot be had and the oracle is not required.
pub fn test_pgns() -> Option<Vec<PathBuf>> {
    let data = python::sdist("python-chess's test PGNs")?.join("data/pgn");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&data)
        .expect("the sdist's data/pgn")
        .filter_map(|entry| Some(entry.ok()?.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 10,
        "python-chess ships a dozen test PGNs: {files:?}"
    );
    Some(files)
}
