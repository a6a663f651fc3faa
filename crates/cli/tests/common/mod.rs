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

impl From<Output> for Run {
    fn from(output: Output) -> Self {
        Run {
            success: output.status.success(),
            code: output.status.code(),
            stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
            stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
        }
    }
}

/// Runs `bitmoves` with these arguments.
pub fn run(args: &[&str]) -> Run {
    Command::new(env!("CARGO_BIN_EXE_bitmoves"))
        .args(args)
        .output()
        .expect("the bitmoves binary runs")
        .into()
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

/// A file in the temporary directory, removed when dropped (the core's
/// tests' helper).
#[path = "../../../bitmoves/tests/common/temp.rs"]
mod temp;
#[allow(unused_imports)] // each test binary uses only some helpers
pub use temp::TempFile;

/// A fresh, empty directory for one test, under Cargo's temporary
/// directory for integration tests.
pub fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// A fresh path `name` in the folder `folder` under Cargo's temporary
/// directory for integration tests: nothing stands there, its parent
/// exists.
pub fn fresh_path(folder: &str, name: &str) -> std::path::PathBuf {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(folder)
        .join(name);
    let _ = std::fs::remove_dir_all(&path);
    let _ = std::fs::remove_file(&path);
    std::fs::create_dir_all(path.parent().expect("a parent")).expect("temp dir");
    path
}

/// Every name in `dir` (hidden ones too), sorted; none where `dir` cannot
/// be read.
pub fn names(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// A path as an argument.
pub fn arg(path: &std::path::Path) -> &str {
    path.to_str().expect("UTF-8 paths")
}

/// Checks that `stderr` is one line starting with `start` (`"note: "`,
/// `"error: "`, or more of the message), and returns that line.
pub fn one_line<'a>(stderr: &'a str, start: &str) -> &'a str {
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "one line on stderr: {stderr:?}");
    assert!(
        lines[0].starts_with(start),
        "{stderr:?} does not start with {start:?}"
    );
    lines[0]
}

/// Checks that a run failed with exactly one `error:` line and no panic,
/// and returns that line.
pub fn one_error(run: &Run) -> String {
    assert!(!run.success, "should have failed: {}", run.stdout);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    one_line(&run.stderr, "error: ").to_string()
}

/// Runs `bitmoves` with `args` and checks the one-line error, which must
/// contain `needle`.
pub fn assert_error(args: &[&str], needle: &str) {
    error_line(args, needle);
}

/// Like [`assert_error`], for a malformed command line: exit status 2.
pub fn assert_usage_error(args: &[&str], needle: &str) {
    let out = error_line(args, needle);
    assert_eq!(out.code, Some(2), "bitmoves {args:?}: {}", out.stderr);
}

/// Like [`assert_error`], for a well-formed command with a bad position,
/// move or name: exit status 1.
pub fn assert_input_error(args: &[&str], needle: &str) {
    let out = error_line(args, needle);
    assert_eq!(out.code, Some(1), "bitmoves {args:?}: {}", out.stderr);
}

/// Runs `bitmoves` with `args`, checks the one-line error, which must
/// contain `needle`, and returns the run.
pub fn error_line(args: &[&str], needle: &str) -> Run {
    let out = run(args);
    assert!(
        out.stdout.is_empty(),
        "bitmoves {args:?} printed {}",
        out.stdout
    );
    let error = one_error(&out);
    assert!(
        error.contains(needle),
        "bitmoves {args:?}: {error:?} lacks {needle:?}"
    );
    out
}

/// `work UNITS --shard SHARD -o RESULTS`, which must be refused with one
/// `error:` line before anything is created at `results`: that line.
pub fn refused_shard(units: &std::path::Path, shard: &str, results: &std::path::Path) -> String {
    let error = one_error(&run(&work_args(units, shard, results)));
    assert!(!results.exists(), "{shard}: nothing created at {results:?}");
    error
}

/// A fresh scratch directory `name` holding `units.txt`, split from
/// `position` to `depth` `--at` `ply` (which must succeed): the directory,
/// the unit file, and the path of a `results` directory beside it (not yet
/// created).
pub fn split_units(
    name: &str,
    position: &str,
    depth: &str,
    ply: &str,
) -> (std::path::PathBuf, std::path::PathBuf, std::path::PathBuf) {
    let dir = scratch(name);
    let units = dir.join("units.txt");
    stdout(&split_args(position, depth, ply, &units));
    let results = dir.join("results");
    (dir, units, results)
}

/// The arguments of `split POSITION DEPTH --at PLY -o OUTPUT`.
pub fn split_args<'a>(
    position: &'a str,
    depth: &'a str,
    ply: &'a str,
    output: &'a std::path::Path,
) -> [&'a str; 7] {
    ["split", position, depth, "--at", ply, "-o", arg(output)]
}

/// The arguments of `work UNITS --shard SHARD -o RESULTS`.
pub fn work_args<'a>(
    units: &'a std::path::Path,
    shard: &'a str,
    results: &'a std::path::Path,
) -> [&'a str; 6] {
    ["work", arg(units), "--shard", shard, "-o", arg(results)]
}

/// The arguments of `merge UNITS RESULTS`.
pub fn merge_args<'a>(units: &'a std::path::Path, results: &'a std::path::Path) -> [&'a str; 3] {
    ["merge", arg(units), arg(results)]
}

/// The seeded random source of the core's tests (SplitMix64), so that a
/// failing run can be repeated with its seed.
#[path = "../../../bitmoves/tests/common/random.rs"]
mod random;
#[allow(unused_imports)] // each test binary uses only some helpers
pub use random::Random;
