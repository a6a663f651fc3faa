//! python-chess's 3- and 4-piece tables and `endgame.epd`, from its PyPI
//! sdist (downloaded into the target directory at test time, never
//! committed), and the random positions the tests probe.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The python-chess release whose data the tests use.
pub const VERSION: &str = "1.11.2";

/// Whether CI asked for the oracle (`BITMOVES_REQUIRE_ORACLE=1`): then a
/// missing download or python-chess fails the test instead of skipping it.
pub fn required() -> bool {
    std::env::var("BITMOVES_REQUIRE_ORACLE").is_ok_and(|v| v == "1")
}

/// The unpacked sdist's `data` directory, downloading it on first use;
/// `None` (with a notice) when it cannot be had and the oracle is not
/// required.
pub fn data_dir(what: &str) -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("python-chess-sdist");
    let data = dir.join(format!("chess-{VERSION}/data"));
    if data.join("syzygy/regular/KQvK.rtbw").is_file() && data.join("endgame.epd").is_file() {
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
        .is_ok_and(|s| s.success())
        && Command::new("tar")
            .arg("xzf")
            .arg(dir.join(format!("chess-{VERSION}.tar.gz")))
            .arg("-C")
            .arg(&dir)
            .status()
            .is_ok_and(|s| s.success());
    if downloaded && data.join("syzygy/regular/KQvK.rtbw").is_file() {
        return Some(data);
    }
    assert!(
        !required(),
        "BITMOVES_REQUIRE_ORACLE=1 but pip download of chess=={VERSION} failed"
    );
    eprintln!("{what} skipped: cannot download python-chess's sdist");
    None
}

/// The tables' directory in the sdist.
pub fn tables_dir(what: &str) -> Option<PathBuf> {
    data_dir(what).map(|data| data.join("syzygy/regular"))
}

/// A xorshift generator from `seed`.
pub fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}
