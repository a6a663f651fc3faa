//! python-chess as the oracle of the tests that compare with it: whether
//! `python3` has it (and what else a test imports), runs of it, and its own test PGNs,
//! from the PyPI sdist of the installed version (`pip download`, unpacked
//! into the target directory at test time, never committed).

use std::path::{Path, PathBuf};
use std::process::Command;

/// When to skip or fail without python-chess, shared with the core's tests.
#[path = "../../../bitmoves/tests/common/python.rs"]
mod python;
#[allow(unused_imports)] // each test binary uses only some helpers
pub use python::{imports_or_skip, required, run};

/// python-chess's test PGNs (it ships a dozen), sorted; `None` (with a
/// notice) when the sdist cannot be had and the oracle is not required.
pub fn test_pgns() -> Option<Vec<PathBuf>> {
    let Some(files) = download_test_pgns() else {
        assert!(
            !required(),
            "BITMOVES_REQUIRE_ORACLE=1 but pip download of chess failed"
        );
        eprintln!("skipped: cannot download python-chess's sdist");
        return None;
    };
    assert!(
        files.len() >= 10,
        "python-chess ships a dozen test PGNs: {files:?}"
    );
    Some(files)
}

/// The test PGNs of the sdist, downloading and unpacking it when its
/// `data/pgn` directory is not there yet; `None` when that fails.
fn download_test_pgns() -> Option<Vec<PathBuf>> {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("python-chess-sdist");
    let version = Command::new("python3")
        .args(["-c", "import chess; print(chess.__version__)"])
        .output()
        .ok()?;
    let version = String::from_utf8(version.stdout).ok()?.trim().to_owned();
    let data = dir.join(format!("chess-{version}/data/pgn"));
    if !data.is_dir() {
        let spec = format!("chess=={version}");
        let download = Command::new("python3")
            .args(["-m", "pip", "download", "--quiet", "--no-binary", ":all:"])
            .args(["--no-deps", &spec, "-d"])
            .arg(&dir)
            .status()
            .ok()?;
        let archive = dir.join(format!("chess-{version}.tar.gz"));
        let unpack = download.success()
            && Command::new("tar")
                .arg("xzf")
                .arg(&archive)
                .arg("-C")
                .arg(&dir)
                .status()
                .ok()?
                .success();
        if !unpack {
            return None;
        }
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(&data)
        .ok()?
        .filter_map(|entry| Some(entry.ok()?.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    Some(files)
}
