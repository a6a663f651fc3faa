//! Running the real `bitmoves` binary and checking what it printed.

// Each test binary uses only some of these helpers.
#![allow(dead_code)]

use std::process::{Command, Output};

/// The result of one run of the binary.
pub struct Run {
    /// Whether it exited with status 0.
    pub success: bool,
    /// Its exit status (`None` if a signal ended it).
    pub code: Option<i32>,
    /// Everything it wrote to stdout.
    pub stdout: String,
    /// Everything it wrote to stderr.
    pub stderr: String,
}

/// Runs `bitmoves` with these arguments.
pub fn run(args: &[&str]) -> Run {
    let Output {
        status,
        stdout,
        stderr,
    } = Command::new(env!("CARGO_BIN_EXE_bitmoves"))
        .args(args)
        .output()
        .expect("the bitmoves binary runs");
    Run {
        success: status.success(),
        code: status.code(),
        stdout: String::from_utf8(stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(stderr).expect("stderr is UTF-8"),
    }
}

/// Runs `bitmoves`, checks that it succeeded without a panic, and returns
/// its stdout.
pub fn stdout(args: &[&str]) -> String {
    let run = run(args);
    assert!(run.success, "bitmoves {args:?} failed: {}", run.stderr);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    run.stdout
}

/// The node count from a `Nodes searched: N` line.
pub fn nodes_searched(stdout: &str) -> u64 {
    stdout
        .lines()
        .find_map(|line| line.strip_prefix("Nodes searched: "))
        .and_then(|count| count.parse().ok())
        .unwrap_or_else(|| panic!("no `Nodes searched` line in {stdout:?}"))
}

/// A file in the temporary directory, holding `bytes`, removed when
/// dropped.
pub struct TempFile(pub std::path::PathBuf);

impl TempFile {
    pub fn new(name: &str, bytes: &[u8]) -> Self {
        let path =
            std::env::temp_dir().join(format!("bitmoves-cli-{}-{name}.bin", std::process::id()));
        std::fs::write(&path, bytes).expect("the temporary directory is writable");
        Self(path)
    }

    pub fn path(&self) -> &str {
        self.0.to_str().expect("a UTF-8 temporary path")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}
