//! python-chess's 3- and 4-piece tables and `endgame.epd`, from its PyPI
//! sdist (downloaded into the target directory at test time, never
//! committed), and the random positions the tests probe.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The python-chess release whose data the tests use.
pub const VERSION: &str = "1.11.2";

/// When to skip or fail without python-chess, and runs of it: shared with
/// the core's tests.
#[path = "../../../bitmoves/tests/common/python.rs"]
mod python;
#[allow(unused_imports)] // each test binary uses only some helpers
pub use python::{imports_or_skip, required, run};

/// The unpacked sdist's `data` directory, downloading it on first use;
/// `None` (with a notice) when it cannot be had and the oracle is not
/// required. One download per test binary (its tests share it), unpacked
/// beside its final place and renamed there, so no test sees half a tree.
pub fn data_dir(what: &str) -> Option<PathBuf> {
    static DATA: OnceLock<Option<PathBuf>> = OnceLock::new();
    let data = DATA.get_or_init(download).clone();
    if data.is_none() {
        assert!(
            !required(),
            "BITMOVES_REQUIRE_ORACLE=1 but pip download of chess=={VERSION} failed"
        );
        eprintln!("{what} skipped: cannot download python-chess's sdist");
    }
    data
}

fn download() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("python-chess-sdist");
    let unpacked = dir.join(format!("chess-{VERSION}"));
    let data = unpacked.join("data");
    let complete = |data: &Path| {
        data.join("syzygy/regular/KQvK.rtbw").is_file() && data.join("endgame.epd").is_file()
    };
    if complete(&data) {
        return Some(data);
    }
    let spec = format!("chess=={VERSION}");
    let downloaded = Command::new("python3")
        .args([
            "-m",
            "pip",
            "download",
            "--quiet",
            "--no-binary",
            ":all:",
            "--no-deps",
            &spec,
            "-d",
        ])
        .arg(&dir)
        .status()
        .is_ok_and(|s| s.success());
    if !downloaded {
        return None;
    }
    let scratch = dir.join(format!("unpacking-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).ok()?;
    let unpacked_ok = Command::new("tar")
        .arg("xzf")
        .arg(dir.join(format!("chess-{VERSION}.tar.gz")))
        .arg("-C")
        .arg(&scratch)
        .status()
        .is_ok_and(|s| s.success());
    if unpacked_ok && !complete(&data) {
        let _ = std::fs::remove_dir_all(&unpacked);
        let _ = std::fs::rename(scratch.join(format!("chess-{VERSION}")), &unpacked);
    }
    let _ = std::fs::remove_dir_all(&scratch);
    complete(&data).then_some(data)
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
pub use placements::{fen, letters, random_position, table_names};
