//! `--gpu`: `bitmoves` runs the `bitmoves-gpu` program with the position
//! or shard it has read, passes its output on and exits as it did. A
//! stand-in program (a shell script named by `$BITMOVES_GPU`) shows what is
//! passed, so these run without a GPU; the real program is tested in
//! crates/gpu.

mod common;

use common::{Run, arg, one_error, scratch, split_args, work_args};
use std::{
    fs,
    path::{Path, PathBuf},
    process::Command,
};

/// A stand-in `bitmoves-gpu`: a shell script running `body` (with `#!`
/// line `shebang`).
fn script(dir: &Path, name: &str, shebang: &str, body: &str) -> PathBuf {
    let path = dir.join(name);
    let text = dir.join(format!("{name}.text"));
    fs::write(&text, format!("#!{shebang}\n{body}\n")).unwrap();
    install(&text, &path);
    path
}

/// Copies `from` to an executable `to` in a child process (`install`),
/// never opening `to` for writing here: a child that another test thread
/// forks meanwhile would inherit that descriptor until its `exec`, and
/// running `to` then fails with "Text file busy" (ETXTBSY).
fn install(from: &Path, to: &Path) {
    let done = Command::new("install")
        .args(["-m", "755"])
        .arg(from)
        .arg(to)
        .status()
        .unwrap();
    assert!(
        done.success(),
        "install {} {}",
        from.display(),
        to.display()
    );
}

/// A stand-in that prints its arguments one per line on stderr, for
/// `perft` the result line `nodes` makes, for `work` runs `work` (a shell
/// command), then exits with `code`.
fn stand_in_doing(dir: &Path, code: i32, nodes: &str, work: &str) -> PathBuf {
    script(
        dir,
        &format!("fake-bitmoves-gpu-{code}"),
        "/bin/sh",
        &format!(
            "for a in \"$@\"; do echo \"$a\" >&2; done\n\
             [ \"$1\" = perft ] && printf 'perft;%s;%s;%s\\n' \"$2\" \"$3\" {nodes}\n\
             [ \"$1\" = work ] && {{ {work}; }}\n\
             exit {code}"
        ),
    )
}

/// [`stand_in_doing`] with a `work` that does nothing.
fn stand_in(dir: &Path, code: i32, nodes: &str) -> PathBuf {
    stand_in_doing(dir, code, nodes, "true")
}

/// A unit file in `dir` (startpos perft 3 split at ply 1: 20 units), and
/// a folder with the CPU worker's results for its shard 1/4.
fn units_and_results(dir: &Path) -> (PathBuf, PathBuf) {
    let units = dir.join("u.txt");
    let prepared = dir.join("prepared");
    common::stdout(&split_args("startpos", "3", "1", &units));
    common::stdout(&work_args(&units, "1/4", &prepared));
    (units, prepared)
}

/// Runs `bitmoves` with `args` and `program` as `$BITMOVES_GPU`.
fn run(program: &Path, args: &[&str]) -> Run {
    Command::new(env!("CARGO_BIN_EXE_bitmoves"))
        .args(args)
        .env("BITMOVES_GPU", program)
        .env_remove("SLURM_ARRAY_TASK_ID")
        .env_remove("SLURM_ARRAY_TASK_COUNT")
        .output()
        .unwrap()
        .into()
}

/// Runs `bitmoves` with `args` and `program` as `$BITMOVES_GPU`, checks
/// that it failed with exit status 1, nothing on stdout and one error
/// line, and returns that line.
fn gpu_error(program: &Path, args: &[&str]) -> String {
    let output = run(program, args);
    assert_eq!(output.code, Some(1), "{args:?}: {}", output.stderr);
    assert_eq!(output.stdout, "", "{args:?}");
    one_error(&output)
}

/// The arguments of `work UNITS --gpu --shard 1/4 -o RESULTS`.
fn gpu_work<'a>(units: &'a Path, results: &'a Path) -> [&'a str; 7] {
    [
        "work",
        arg(units),
        "--gpu",
        "--shard",
        "1/4",
        "-o",
        arg(results),
    ]
}

#[cfg(unix)]
#[test]
fn perft_passes_the_position_as_a_fen_and_the_depth() {
    let dir = scratch("gpu-perft");
    let output = run(
        &stand_in(&dir, 0, "97862"),
        &["perft", "kiwipete", "4", "--gpu"],
    );
    assert!(output.success, "{}", output.stderr);
    assert_eq!(output.stdout, "Nodes searched: 97862\n");
    assert_eq!(
        output.stderr,
        "perft\nr3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\n4\n--result-line\n"
    );
    fs::remove_dir_all(dir).unwrap();
}

#[cfg(unix)]
#[test]
fn work_passes_the_units_the_shard_and_the_results_directory() {
    let dir = scratch("gpu-work");
    let (units, prepared) = units_and_results(&dir);
    let copy = format!("mkdir -p \"$5\" && cp {}/* \"$5\"", prepared.display());
    let results = dir.join("res");
    let output = run(
        &stand_in_doing(&dir, 0, "1", &copy),
        &gpu_work(&units, &results),
    );
    let stderr = output.stderr;
    assert!(output.success, "{stderr}");
    assert_eq!(
        stderr,
        format!(
            "work\n{}\n--shard=1/4\n--output\n{}\n",
            units.display(),
            results.display()
        )
    );
    fs::remove_dir_all(dir).unwrap();
}

/// A worker that exits 0 without a count for every unit of its shard is
/// an error, not a success.
#[cfg(unix)]
#[test]
fn a_gpu_worker_that_leaves_units_uncounted_is_an_error() {
    let dir = scratch("gpu-work-uncounted");
    let (units, prepared) = units_and_results(&dir);
    let results = dir.join("res");
    let file = "shard-1-of-4.results";
    for (name, work, expected) in [
        (
            "nothing",
            "true".to_owned(),
            "wrote no results file".to_owned(),
        ),
        (
            "empty",
            "mkdir -p \"$5\" && : > \"$5\"/shard-1-of-4.results".to_owned(),
            "5 of shard 1/4's 5 units have no count".to_owned(),
        ),
        (
            "some",
            format!(
                "mkdir -p \"$5\" && head -n 2 {}/{file} > \"$5\"/{file}",
                prepared.display()
            ),
            "3 of shard 1/4's 5 units have no count".to_owned(),
        ),
    ] {
        let _ = fs::remove_dir_all(&results);
        let output = run(
            &stand_in_doing(&dir, 0, "1", &work),
            &gpu_work(&units, &results),
        );
        let stderr = output.stderr;
        assert_eq!(output.code, Some(1), "{name}: {stderr}");
        let errors: Vec<&str> = stderr.lines().filter(|l| l.starts_with("error:")).collect();
        assert_eq!(errors.len(), 1, "{name}: {stderr}");
        assert!(errors[0].contains(&expected), "{name}: {stderr}");
    }
    fs::remove_dir_all(dir).unwrap();
}

/// Its exit status is ours, whatever it is, without a second error line.
#[cfg(unix)]
#[test]
fn its_failure_is_ours_with_its_exit_status_and_no_second_error_line() {
    let dir = scratch("gpu-fail");
    let (units, _) = units_and_results(&dir);
    let units = units.to_str().unwrap();
    for code in [1, 2, 3, 101, 255] {
        for args in [
            &["perft", "startpos", "2", "--gpu"][..],
            &["work", units, "--gpu", "--shard", "0/1", "-o", "res"][..],
        ] {
            let output = run(&stand_in(&dir, code, "400"), args);
            assert_eq!(output.code, Some(code), "{args:?}");
            assert!(output.stdout.is_empty(), "{args:?}");
            assert!(!output.stderr.contains("error:"), "{args:?}");
        }
    }
    fs::remove_dir_all(dir).unwrap();
}

/// A program that exits 0 without the one result line for the position
/// and depth asked for is an error, not a count.
#[cfg(unix)]
#[test]
fn a_result_that_is_missing_or_for_another_count_is_an_error() {
    let dir = scratch("gpu-wrong");
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for (name, body) in [
        ("silent", "exit 0".to_owned()),
        ("nodes-only", "echo 'Nodes searched: 8902'".into()),
        ("wrong-depth", format!("echo 'perft;{fen};4;8902'")),
        (
            "wrong-fen",
            "echo 'perft;8/8/8/8/8/8/8/8 w - - 0 1;3;8902'".into(),
        ),
        ("not-a-number", format!("echo 'perft;{fen};3;many'")),
        ("negative", format!("echo 'perft;{fen};3;-8902'")),
        (
            "two-lines",
            format!("echo 'perft;{fen};3;8902'; echo 'perft;{fen};3;8902'"),
        ),
        ("no-newline", format!("printf 'perft;{fen};3;8902'")),
        ("endless", "yes 'perft;x;3;1'".into()),
        ("forged", "printf 'x\\nerror: forged\\n'".into()),
    ] {
        let program = script(&dir, name, "/bin/sh", &body);
        let error = gpu_error(&program, &["perft", "startpos", "3", "--gpu"]);
        assert!(
            error.contains("gave no result for perft 3 of"),
            "{name}: {error}"
        );
    }
    fs::remove_dir_all(dir).unwrap();
}

/// A program killed by a signal is one error line naming the signal.
#[cfg(unix)]
#[test]
fn a_program_killed_by_a_signal_is_an_error_naming_it() {
    let dir = scratch("gpu-signal");
    let (units, _) = units_and_results(&dir);
    let units = units.to_str().unwrap();
    for (signal, name) in [
        ("KILL", "signal 9 (SIGKILL)"),
        ("SEGV", "signal 11 (SIGSEGV)"),
    ] {
        let program = script(&dir, signal, "/bin/sh", &format!("kill -{signal} $$"));
        for args in [
            &["perft", "startpos", "2", "--gpu"][..],
            &["work", units, "--gpu", "--shard", "0/1", "-o", "res"][..],
        ] {
            let error = gpu_error(&program, args);
            assert!(error.contains(&format!("was killed by {name}")), "{error}");
        }
    }
    fs::remove_dir_all(dir).unwrap();
}

/// A script whose `#!` interpreter is missing is found but cannot run:
/// the error says so, and does not claim that there is no program.
#[cfg(unix)]
#[test]
fn a_program_whose_interpreter_is_missing_is_reported_as_not_found() {
    let dir = scratch("gpu-interpreter");
    let program = script(&dir, "bitmoves-gpu", "/nonexistent/interpreter", "exit 0");
    let error = gpu_error(&program, &["perft", "startpos", "2", "--gpu"]);
    assert!(
        error.starts_with("error: cannot run ") && error.contains("interpreter"),
        "{error}"
    );
    fs::remove_dir_all(dir).unwrap();
}

/// An empty `$BITMOVES_GPU` is as if unset: the program is looked for
/// beside `bitmoves` and on `PATH`.
#[cfg(unix)]
#[test]
fn an_empty_bitmoves_gpu_still_searches_beside_and_on_path() {
    let dir = scratch("gpu-empty");
    // A copy of bitmoves alone in a folder, so that none is beside it.
    let alone = dir.join("alone");
    fs::create_dir_all(&alone).unwrap();
    let bitmoves = alone.join("bitmoves");
    install(Path::new(env!("CARGO_BIN_EXE_bitmoves")), &bitmoves);
    let on_path = dir.join("bin");
    fs::create_dir_all(&on_path).unwrap();
    let found = stand_in(&on_path, 0, "400");
    fs::rename(&found, on_path.join("bitmoves-gpu")).unwrap();
    let perft = || -> Run {
        Command::new(&bitmoves)
            .args(["perft", "startpos", "2", "--gpu"])
            .env("BITMOVES_GPU", "")
            .env("PATH", &on_path)
            .output()
            .unwrap()
            .into()
    };
    let output = perft();
    assert!(output.success, "{}", output.stderr);
    assert_eq!(output.stdout, "Nodes searched: 400\n");
    // Beside bitmoves comes first.
    let beside = stand_in(&alone, 0, "401");
    fs::rename(&beside, alone.join("bitmoves-gpu")).unwrap();
    assert_eq!(perft().stdout, "Nodes searched: 401\n");
    fs::remove_dir_all(dir).unwrap();
}

/// The GPU program counts to depth 16; deeper is refused here, in one
/// line, before any program is looked for.
#[test]
fn depths_beyond_the_gpu_programs_are_one_error_line() {
    for depth in ["17", "20"] {
        let error = gpu_error(
            Path::new("/nonexistent/bitmoves-gpu"),
            &["perft", "startpos", depth, "--gpu"],
        );
        assert_eq!(
            error,
            format!(
                "error: depth {depth} is too deep for --gpu: bitmoves-gpu counts at most depth 16"
            )
        );
    }
}

#[test]
fn a_missing_program_is_one_error_line() {
    let error = gpu_error(
        Path::new("/nonexistent/bitmoves-gpu"),
        &["perft", "startpos", "2", "--gpu"],
    );
    assert!(
        error.starts_with("error: --gpu needs the bitmoves-gpu program"),
        "{error}"
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
        assert_eq!(
            gpu_error(program, args),
            format!(
                "error: {option} cannot be combined with --gpu: the GPU counts in bulk, with no table, on its own threads"
            )
        );
    }
}
