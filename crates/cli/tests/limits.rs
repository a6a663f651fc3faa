//! Under a process limit (`ulimit -u`, a container's pids limit) the
//! system refuses threads: every command that starts threads still ends
//! with the right output, on the threads it got, never with an abort.
//!
//! Root ignores `RLIMIT_NPROC`, and the tests run as root in CI: there
//! the command runs as the user `nobody` (uid 65534, through `setpriv`)
//! under the limit; as any other user, under the limit directly. Where
//! neither can be arranged (no `setpriv`), the test says so and passes.

mod common;

use common::{arg, scratch, split_args, split_units, stdout};
use std::{
    fs,
    process::{Command, Output},
};

/// Runs `bitmoves ARGS` with at most `processes` processes (threads
/// included) for its user; `None` where that cannot be arranged here.
fn with_process_limit(processes: u32, args: &[&str]) -> Option<Output> {
    let limited = format!("ulimit -u {processes} && exec \"$@\"");
    let is_root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|output| output.stdout.starts_with(b"0\n"));
    let mut command = if is_root {
        let mut command = Command::new("setpriv");
        command.args([
            "--reuid=65534",
            "--regid=65534",
            "--clear-groups",
            "--",
            "bash",
        ]);
        command
    } else {
        Command::new("bash")
    };
    command
        .args(["-c", &limited, "bash", env!("CARGO_BIN_EXE_bitmoves")])
        .args(args);
    match command.output() {
        // setpriv missing, or not allowed to change user here.
        Err(_) => None,
        Ok(output) if is_root && output.status.code() == Some(127) => None,
        Ok(output) => Some(output),
    }
}

/// A directory the user `nobody` can read and write.
fn shared_scratch(name: &str) -> std::path::PathBuf {
    let dir = scratch(name);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o777)).unwrap();
    }
    dir
}

fn check(output: Option<Output>, expected: &str, what: &str) {
    let Some(output) = output else {
        eprintln!("note: no way to set a process limit here (setpriv): {what} not checked");
        return;
    };
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(0), "{what}: {stderr}");
    assert!(!stderr.contains("panicked"), "{what}: {stderr}");
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        expected,
        "{what}"
    );
}

#[test]
fn perft_counts_on_the_threads_it_gets() {
    for args in [
        &["perft", "startpos", "4", "--threads", "200"][..],
        &["perft", "startpos", "4", "--threads", "1024", "--no-bulk"],
        &["perft", "startpos", "4", "--threads", "200", "--hash", "1M"],
    ] {
        check(
            with_process_limit(4, args),
            "Nodes searched: 197281\n",
            &format!("{args:?}"),
        );
    }
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let perftree = with_process_limit(2, &["perftree", "2", fen]);
    if let Some(output) = &perftree {
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "{stdout}");
        assert!(stdout.ends_with("\n\n2039\n"), "{stdout}");
    }
}

#[test]
fn pgn_reads_on_the_threads_it_gets() {
    let dir = shared_scratch("limits-pgn");
    let path = dir.join("games.pgn");
    let games = (0..2000)
        .map(|n| {
            format!(
                "[Round \"{n}\"]\n\n1. e4 e5 2. Nf3 {} *\n\n",
                ["Nc6", "d6"][n % 2]
            )
        })
        .collect::<String>();
    fs::write(&path, games).unwrap();
    let expected: String = (0..2000)
        .map(|n| ["e2e4 e7e5 g1f3 b8c6\n", "e2e4 e7e5 g1f3 d7d6\n"][n % 2])
        .collect();
    for threads in ["2", "200"] {
        check(
            with_process_limit(3, &["pgn", arg(&path), "--uci", "--threads", threads]),
            &expected,
            &format!("pgn --threads {threads}"),
        );
    }
}

#[test]
fn a_deep_perft_worker_counts_on_the_threads_it_gets() {
    let dir = shared_scratch("limits-work");
    let units = dir.join("units.txt");
    stdout(&split_args("startpos", "4", "2", &units));
    let results = dir.join("results");
    let ran = with_process_limit(
        3,
        &[
            "work",
            arg(&units),
            "--shard",
            "0/1",
            "--threads",
            "200",
            "-o",
            arg(&results),
        ],
    );
    if let Some(output) = ran {
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let merged = Command::new(env!("CARGO_BIN_EXE_bitmoves"))
            .args(["merge", arg(&units), arg(&results)])
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8(merged.stdout).unwrap(),
            "Nodes searched: 197281\n"
        );
    }
}

/// Runs `bitmoves ARGS` with at most `kib` KiB of address space
/// (`ulimit -v`, which binds root too).
fn with_memory_limit(kib: u32, args: &[&str]) -> Output {
    Command::new("bash")
        .args(["-c", &format!("ulimit -v {kib} && exec \"$@\""), "bash"])
        .arg(env!("CARGO_BIN_EXE_bitmoves"))
        .args(args)
        .output()
        .unwrap()
}

/// Checks that a run short of memory ended with one `error:` line saying
/// so and status 1, or (`may_succeed`) succeeded: never an abort.
fn out_of_memory(output: &Output, may_succeed: bool, what: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    if may_succeed && output.status.success() {
        return;
    }
    assert_eq!(output.status.code(), Some(1), "{what}: {stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{what}: {stderr}");
    assert!(
        lines[0].starts_with("error: ") && lines[0].contains("out of memory"),
        "{what}: {stderr}"
    );
}

/// The case: ply 6 of the start position takes about a gigabyte,
/// far past a 300 MB limit, and the default --max-memory (8G) allows it:
/// the split ends with one line, and writes nothing.
#[test]
fn a_split_short_of_memory_is_one_error_line() {
    let dir = scratch("limits-split-memory");
    let units = dir.join("u.txt");
    let output = with_memory_limit(
        300_000,
        &["split", "startpos", "7", "--at", "6", "-o", arg(&units)],
    );
    out_of_memory(&output, false, "split startpos 7 --at 6");
    assert!(!units.exists());
    assert!(
        fs::read_dir(&dir).unwrap().next().is_none(),
        "a temporary file left"
    );
}

/// The least address space, in KiB and steps of 5,000, in which the
/// binary starts at all (`--version`): what its code and libraries map,
/// which grows with the binary (a debug build maps more).
fn starting_limit() -> u32 {
    (10_000..=1_000_000)
        .step_by(5_000)
        .find(|&kib| with_memory_limit(kib, &["--version"]).status.success())
        .expect("the binary starts in a gigabyte")
}

/// A unit file of 822,518 units (ply 5), read and worked on or merged
/// with too little memory for its lists (the binary's own start-up room
/// and 0 to 20 MB more): one error line, or success where the limit
/// allowed it, never an abort.
#[test]
fn work_and_merge_short_of_memory_are_one_error_line() {
    let (_, units, results) = split_units("limits-merge-memory", "startpos", "5", "5");
    fs::create_dir_all(&results).unwrap();
    let start = starting_limit();
    for kib in [start, start + 10_000, start + 20_000] {
        let merge = with_memory_limit(kib, &["merge", arg(&units), arg(&results)]);
        // With no results at all the merge fails anyway: say so in one line.
        let stderr = String::from_utf8_lossy(&merge.stderr);
        assert_eq!(merge.status.code(), Some(1), "merge at {kib} KiB: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "merge at {kib} KiB: {stderr}");
        let work = with_memory_limit(
            kib,
            &[
                "work",
                arg(&units),
                "--shard",
                "0/100000",
                "-o",
                arg(&results),
            ],
        );
        out_of_memory(&work, true, &format!("work at {kib} KiB"));
    }
}
