//! Under a process limit (`ulimit -u`, a container's pids limit) the
//! system refuses threads: every command that starts threads still ends
//! with the right output, on the threads it got, never with an abort.
//!
//! Root ignores `RLIMIT_NPROC`, and the tests run as root in CI: there
//! the command runs as the user `nobody` (uid 65534, through `setpriv`)
//! under the limit; as any other user, under the limit directly. Where
//! neither can be arranged (no `setpriv`), the test says so and passes.

mod common;

use common::{arg, scratch};
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
    let status = Command::new(env!("CARGO_BIN_EXE_bitmoves"))
        .args(["split", "startpos", "4", "--at", "2", "-o", arg(&units)])
        .status()
        .unwrap();
    assert!(status.success());
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
