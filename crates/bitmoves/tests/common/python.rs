//! python-chess as the oracle of the tests that compare with it: whether
//! `python3` can import what a test needs, and one run of a Python program
//! fed on stdin. The test crates of the PGN reader and of Syzygy probing
//! include this file too (`#[path]`), so that the rule of when to skip is
//! written once.

// Each test binary uses only some of these helpers.
#![allow(dead_code)]

use std::io::Write as _;
use std::process::{Command, Stdio};

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
