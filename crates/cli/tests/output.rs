//! Where the output goes wrong: a failed write to stdout is one `error:`
//! line and a non-zero exit; a closed pipe ends the command quietly with
//! status 0, without reading on; a failed write to stderr is no panic; a
//! file name cannot break or forge an error line.

mod common;

use common::{arg, one_line, scratch};
use std::{
    fs::{self, File},
    io::{BufRead, BufReader, Write},
    process::{Command, Output, Stdio},
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
};

/// Runs `bitmoves ARGS` with stdout (or stderr) writing to /dev/full.
fn to_full(args: &[&str], stderr_full: bool) -> Output {
    let full = || {
        File::options()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full")
    };
    let mut command = Command::new(env!("CARGO_BIN_EXE_bitmoves"));
    command.args(args);
    if stderr_full {
        command.stderr(full());
    } else {
        command.stdout(full());
    }
    command.output().expect("bitmoves runs")
}

/// A PGN file of `games` short games.
fn pgn_file(name: &str, games: usize) -> std::path::PathBuf {
    let path = scratch(name).join("games.pgn");
    fs::write(
        &path,
        "[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n".repeat(games),
    )
    .unwrap();
    path
}

#[cfg(target_os = "linux")]
#[test]
fn a_failed_write_to_stdout_is_one_error_line_everywhere() {
    let pgn = pgn_file("output-full", 3000);
    for args in [
        &["--help"][..],
        &["--version"],
        &["perft", "--help"],
        &["moves", "startpos"],
        &["positions"],
        &["perft", "startpos", "2"],
        &["perft", "startpos", "3", "--divide", "--threads", "2"],
        &["show", "kiwipete"],
        &["mask", "a-file"],
        &["pgn", arg(&pgn)],
        &["pgn", arg(&pgn), "--uci"],
        &["pgn", arg(&pgn), "--uci", "--threads", "3"],
    ] {
        let output = to_full(args, false);
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
        assert_eq!(
            stderr, "error: cannot write the output: No space left on device (os error 28)\n",
            "{args:?}"
        );
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_failed_write_to_stderr_is_no_panic() {
    let dir = scratch("output-stderr-full");
    let units = dir.join("u.txt");
    let output = to_full(
        &["split", "startpos", "3", "--at", "2", "-o", arg(&units)],
        true,
    );
    assert_eq!(output.status.code(), Some(0));
    assert!(units.exists());
    let output = to_full(&["pgn", "/nonexistent/a.pgn", "/nonexistent/b.pgn"], true);
    assert_eq!(output.status.code(), Some(3), "unreadable inputs");
    let output = to_full(&["perft", "startpos", "3"], true);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "Nodes searched: 8902\n"
    );
}

/// `bitmoves pgn - --uci | head -1` on an input far larger than what is
/// read before the first line comes out: once the reader of the output
/// has gone, the command stops reading, and exits 0 without a line.
#[test]
fn pgn_stops_reading_when_the_reader_of_its_output_goes() {
    let game = "[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n".repeat(1000);
    // 48 MiB at most; with the reader gone, it must not all be read.
    let limit = 48 << 20;
    for threads in ["1", "4"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_bitmoves"))
            .args(["pgn", "-", "--uci", "--threads", threads])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let written = Arc::new(AtomicU64::new(0));
        let writer = {
            let (written, game) = (Arc::clone(&written), game.clone());
            std::thread::spawn(move || {
                while written.load(Ordering::Relaxed) < limit {
                    if stdin.write_all(game.as_bytes()).is_err() {
                        return;
                    }
                    written.fetch_add(game.len() as u64, Ordering::Relaxed);
                }
            })
        };
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        assert_eq!(first, "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6\n");
        // The reader goes (the pipe's read end is closed with it).
        let output = child.wait_with_output().unwrap();
        writer.join().unwrap();
        assert_eq!(output.status.code(), Some(0), "{threads} threads");
        assert_eq!(String::from_utf8(output.stderr).unwrap(), "");
        let read = written.load(Ordering::Relaxed);
        assert!(read < limit, "{threads} threads: read all {read} bytes");
    }
}

/// A closed pipe is no error, for every command.
#[test]
fn a_closed_pipe_ends_quietly_with_status_0() {
    let pgn = pgn_file("output-pipe", 3000);
    for args in [
        &["--help"][..],
        &["moves", "startpos"],
        &["perft", "startpos", "3", "--divide"],
        &["pgn", arg(&pgn), "--uci"],
        &["pgn", arg(&pgn), "--fen", "--threads", "2"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_bitmoves"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        // perft's `Time:` line may come, as the pipe may close after the
        // count was written; no error line does.
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(!stderr.contains("error"), "{args:?}: {stderr}");
    }
}

/// A file name with a line break, a carriage return or an escape sequence
/// is quoted and escaped: each problem stays one `error:` line.
#[test]
fn file_names_cannot_forge_error_lines() {
    let dir = scratch("output-names");
    let forged = dir.join("a\nerror: forged");
    let returned = dir.join("b\rerror: forged");
    let escape = dir.join("c\u{1b}[2Kerror: forged");
    let run = |args: &[&str]| {
        let output = Command::new(env!("CARGO_BIN_EXE_bitmoves"))
            .args(args)
            .output()
            .unwrap();
        assert!(!output.status.success(), "{args:?}");
        String::from_utf8(output.stderr).unwrap()
    };
    // Three missing files: three lines, each one error, no total.
    let stderr = run(&["pgn", arg(&forged), arg(&returned), arg(&escape)]);
    assert_eq!(stderr.lines().count(), 3, "{stderr}");
    assert!(stderr.lines().all(|line| line.starts_with("error: ")));
    assert!(!stderr.contains(['\r', '\u{1b}']), "{stderr:?}");
    assert!(stderr.contains("a\\nerror: forged\""), "{stderr}");
    // A bad game in a file with such a name: the game's line names it.
    let bad = dir.join("d\ne.pgn");
    fs::write(&bad, "1. e4 e4 *\n\n").unwrap();
    let good = pgn_file("output-names-good", 1);
    let stderr = run(&["pgn", arg(&bad), arg(&good)]);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.lines().all(|line| line.starts_with("error: ")));
    for args in [
        &["merge", arg(&forged), arg(&dir)][..],
        &["work", arg(&forged), "--shard", "0/1", "-o", arg(&dir)],
        &["book", arg(&forged), "startpos"],
        &[
            "split",
            "startpos",
            "2",
            "--at",
            "1",
            "-o",
            arg(&dir.join("x\ny\n/u")),
        ],
    ] {
        one_line(&run(args), "error: ");
    }
}
