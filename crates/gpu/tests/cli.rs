//! The `bitmoves-gpu` program: bad input is one `error:` line and exit 1,
//! before any GPU is needed; without a GPU, one line saying so.

use std::process::Command;

/// Runs `bitmoves-gpu ARGS`: its exit status, stdout and stderr.
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_bitmoves-gpu"))
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// Checks that a run failed with exit status 1, nothing on stdout and
/// one `error:` line on stderr.
fn assert_one_error(code: Option<i32>, stdout: &str, stderr: &str) {
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(stdout, "");
    assert!(
        stderr.starts_with("error: ") && stderr.lines().count() == 1,
        "{stderr}"
    );
}

/// The arguments of `work UNITS --shard SHARD -o RESULTS`.
fn work<'a>(units: &'a str, shard: &'a str, results: &'a str) -> [&'a str; 6] {
    ["work", units, "--shard", shard, "-o", results]
}

#[test]
fn a_bad_fen_is_an_error_before_the_gpu() {
    let (code, stdout, stderr) = run(&["perft", "8/8/8 w - - 0 1", "3"]);
    assert_one_error(code, &stdout, &stderr);
    assert!(stderr.starts_with("error: 8/8/8 w - - 0 1: "), "{stderr}");
}

#[test]
fn a_missing_unit_file_and_a_bad_shard_are_errors() {
    let (code, _, stderr) = run(&work("/nonexistent/units", "0/1", "/tmp/x"));
    assert_eq!(code, Some(1));
    assert!(
        stderr.starts_with("error: cannot read /nonexistent/units"),
        "{stderr}"
    );
    let (code, _, stderr) = run(&work("/nonexistent/units", "3/2", "/tmp/x"));
    assert_eq!(code, Some(1));
    assert!(stderr.starts_with("error: --shard: "), "{stderr}");
}

/// On a machine with a GPU this counts; without one it says why.
#[test]
fn perft_counts_or_says_there_is_no_gpu() {
    let (code, stdout, stderr) = run(&["perft", "startpos", "4"]);
    if code == Some(0) {
        assert_eq!(stdout, "Nodes searched: 197281\n");
    } else {
        assert_one_error(code, &stdout, &stderr);
    }
}

/// `--result-line`, what `bitmoves perft --gpu` reads: the position as
/// given, the depth and the count on one line.
#[test]
fn the_result_line_names_the_position_and_the_depth() {
    let (code, stdout, stderr) = run(&["perft", "startpos", "3", "--result-line"]);
    if code == Some(0) {
        assert_eq!(stdout, "perft;startpos;3;8902\n");
    } else {
        assert_eq!((code, stdout.as_str()), (Some(1), ""), "{stderr}");
    }
}

/// A worker checks for its GPU before it creates anything: without one,
/// the results directory is not made.
#[test]
fn work_without_a_gpu_creates_no_results_directory() {
    use bitmoves_perft::split::{SplitOptions, UnitFile};
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("gpu-work-no-gpu");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (units, _) =
        UnitFile::split(&bitmoves::Board::default(), 3, 1, SplitOptions::default()).unwrap();
    let mut text = Vec::new();
    units.write(&mut text).unwrap();
    let unit_path = dir.join("units.txt");
    std::fs::write(&unit_path, text).unwrap();
    let results = dir.join("results");
    let (code, _, stderr) = run(&work(
        unit_path.to_str().unwrap(),
        "0/1",
        results.to_str().unwrap(),
    ));
    if code != Some(0) {
        assert_eq!(code, Some(1), "{stderr}");
        assert!(!results.exists(), "{stderr}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A file name with a line break stays inside the one `error:` line.
#[test]
fn a_file_name_cannot_forge_a_second_error_line() {
    let (code, _, stderr) = run(&work(
        "/nonexistent/a\nerror: forged\r",
        "0/1",
        "/nonexistent/results",
    ));
    assert_eq!(code, Some(1));
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(!stderr.contains('\r'), "{stderr:?}");
}
