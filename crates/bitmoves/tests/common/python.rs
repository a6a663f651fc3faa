//! python-chess as the oracle of the tests that compare with it: whether
//! `python3` can import what a test needs, one run of a Python program fed
//! on stdin, and python-chess's sdist (its test data, perft files and
//! tables: downloaded at test time, never committed). The test crates of the PGN reader and of Syzygy probing
//! include this file too (`#[path]`), so that the rule of when to skip is
//! written once.

// Each test binary uses only some of these helpers.
#![allow(dead_code)]

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// Whether CI asked for the oracle (`BITMOVES_REQUIRE_ORACLE=1`): then a
/// missing download or python-chess fails the test instead of skipping it.
pub fn required() -> bool {
    std::env::var("BITMOVES_REQUIRE_ORACLE").is_ok_and(|v| v == "1")
}

/// Whether `python3` runs `import` (`"import chess.pgn"`, say). When it
/// cannot, the test fails if the oracle is required (`missing` names what
/// is missing), else `notice` is printed.
pub fn imports_or_skip(import: &str, missing: &str, notice: &str) -> bool {
    let available = Command::new("python3")
        .args(["-c", import])
        .output()
        .is_ok_and(|out| out.status.success());
    if !available {
        assert!(
            !required(),
            "BITMOVES_REQUIRE_ORACLE=1 but {missing} is missing"
        );
        eprintln!("{notice}");
    }
    available
}

/// Runs `python3` with `args` (`-c SOURCE`, or a script and its
/// arguments), `input` on its stdin, written from another thread so that
/// a long answer cannot block it; checks that it succeeded and returns its
/// stdout.
pub fn run(args: &[&str], input: String) -> String {
    let mut child = Command::new("python3")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let mut stdin = child.stdin.take().expect("a pipe");
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("python3 finishes");
    writer.join().expect("writer").expect("input written");
    assert!(out.status.success(), "python3 {args:?} failed");
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The python-chess release whose sdist the tests read.
pub const SDIST_VERSION: &str = "1.11.2";

/// The unpacked sdist of python-chess [`SDIST_VERSION`] (the folder
/// `chess-1.11.2`, with its `data/` and `examples/`), downloaded by pip
/// into Cargo's temporary directory on first use; `None`, with a notice
/// that `what` is skipped, when it cannot be had and the oracle is not
/// required. It is unpacked beside its final place and renamed there, so
/// that no test, of this binary or of another running at once, sees half
/// a tree.
pub fn sdist(what: &str) -> Option<PathBuf> {
    static SDIST: OnceLock<Option<PathBuf>> = OnceLock::new();
    let found = SDIST.get_or_init(download_sdist).clone();
    if found.is_none() {
        assert!(
            !required(),
            "BITMOVES_REQUIRE_ORACLE=1 but pip download of chess=={SDIST_VERSION} failed"
        );
        eprintln!("{what} skipped: cannot download python-chess's sdist");
    }
    found
}

/// Downloads and unpacks the sdist unless a complete tree is there.
fn download_sdist() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("python-chess-sdist");
    let unpacked = dir.join(format!("chess-{SDIST_VERSION}"));
    // What the tests read, from each of the sdist's folders.
    let complete = |tree: &Path| {
        [
            "data/syzygy/regular/KQvK.rtbw",
            "data/endgame.epd",
            "data/gaviota/kqk.gtb.cp4",
            "data/pgn/anastasian-lewis.pgn",
            "examples/perft/atomic.perft",
        ]
        .iter()
        .all(|file| tree.join(file).is_file())
    };
    if complete(&unpacked) {
        return Some(unpacked);
    }
    let spec = format!("chess=={SDIST_VERSION}");
    let downloaded = Command::new("python3")
        .args(["-m", "pip", "download", "--quiet", "--no-binary", ":all:"])
        .args(["--no-deps", &spec, "-d"])
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
        .arg(dir.join(format!("chess-{SDIST_VERSION}.tar.gz")))
        .arg("-C")
        .arg(&scratch)
        .status()
        .is_ok_and(|s| s.success());
    if unpacked_ok && !complete(&unpacked) {
        let _ = std::fs::remove_dir_all(&unpacked);
        let _ = std::fs::rename(scratch.join(format!("chess-{SDIST_VERSION}")), &unpacked);
    }
    let _ = std::fs::remove_dir_all(&scratch);
    complete(&unpacked).then_some(unpacked)
}
