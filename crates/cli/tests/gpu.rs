//! `--gpu`: `bitmoves` runs the `bitmoves-gpu` program with the position
//! or shard it has read, passes its output on and exits as it did. A
//! stand-in program (a shell script named by `$BITMOVES_GPU`) shows what is
//! passed, so these run without a GPU; the real program is tested in
//! crates/gpu.

use std::{
    fs,
    path::{Path, PathBuf},
    process::{Command, Output},
};

/// A stand-in `bitmoves-gpu` that prints its arguments one per line and
/// exits with `code`.
fn stand_in(dir: &Path, code: i32) -> PathBuf {
    let path = dir.join(format!("fake-bitmoves-gpu-{code}"));
    fs::write(
        &path,
        format!("#!/bin/sh\nfor a in \"$@\"; do echo \"$a\"; done\nexit {code}\n"),
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
    }
    path
}

fn run(program: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bitmoves"))
        .args(args)
        .env("BITMOVES_GPU", program)
        .env_remove("SLURM_ARRAY_TASK_ID")
        .env_remove("SLURM_ARRAY_TASK_COUNT")
        .output()
        .unwrap()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bitmoves-gpu-cli-{name}-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    dir
}

#[cfg(unix)]
#[test]
fn perft_passes_the_position_as_a_fen_and_the_depth() {
    let dir = temp_dir("perft");
    let output = run(&stand_in(&dir, 0), &["perft", "kiwipete", "4", "--gpu"]);
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "perft\nr3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\n4\n"
    );
    fs::remove_dir_all(dir).unwrap();
}

#[cfg(unix)]
#[test]
fn work_passes_the_units_the_shard_and_the_results_directory() {
    let dir = temp_dir("work");
    let output = run(
        &stand_in(&dir, 0),
        &["work", "u.txt", "--gpu", "--shard", "1/4", "-o", "res"],
    );
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "work\nu.txt\n--shard=1/4\n--output\nres\n"
    );
    fs::remove_dir_all(dir).unwrap();
}

#[cfg(unix)]
#[test]
fn its_failure_is_ours_without_a_second_error_line() {
    let dir = temp_dir("fail");
    let output = run(&stand_in(&dir, 3), &["perft", "startpos", "2", "--gpu"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(String::from_utf8(output.stderr).unwrap(), "");
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_missing_program_is_one_error_line() {
    let output = run(
        Path::new("/nonexistent/bitmoves-gpu"),
        &["perft", "startpos", "2", "--gpu"],
    );
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("error: --gpu needs the bitmoves-gpu program"),
        "{stderr}"
    );
}

#[test]
fn options_the_gpu_does_not_take_are_refused() {
    let program = Path::new("/nonexistent/bitmoves-gpu");
    for (args, option) in [
        (
            &["perft", "startpos", "2", "--gpu", "--threads", "2"][..],
            "--threads",
        ),
        (
            &["perft", "startpos", "2", "--gpu", "--hash", "1M"][..],
            "--hash",
        ),
        (
            &["perft", "startpos", "2", "--gpu", "--divide"][..],
            "--divide",
        ),
        (
            &[
                "work",
                "u",
                "--gpu",
                "--shard",
                "0/1",
                "-o",
                "r",
                "--no-bulk",
            ][..],
            "--no-bulk",
        ),
    ] {
        let output = run(program, args);
        assert_eq!(output.status.code(), Some(1));
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(
            stderr,
            format!(
                "error: {option} cannot be combined with --gpu: the GPU counts in bulk, with no table, on its own threads\n"
            )
        );
    }
}
