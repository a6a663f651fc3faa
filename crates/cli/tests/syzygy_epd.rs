//! `bitmoves syzygy --epd`'s output contract: one output line per input
//! line, in input order (`WDL DTZ`, empty for a blank line, `error` for a
//! line that cannot be probed, its reason on stderr), whatever the bytes
//! (not UTF-8, a byte order mark, CRLF, an over-long line) and the number
//! of threads; stdin streamed, answered before it ends, in bounded memory.
//! The tables and `endgame.epd` come from python-chess's sdist (see the
//! syzygy crate's tests); without a download the tests print a notice and
//! pass.

mod common;
// Both helper modules include the core's `random.rs`: two copies of its
// types, which these tests never mix.
#[allow(clippy::duplicate_mod)]
#[path = "../../syzygy/tests/common/mod.rs"]
mod tables;

use common::{Run, arg, run, scratch};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// KBNvK, Black to move: WDL -2, DTZ -53.
const KBN: &str = "8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1";
/// KQvK, White to move: WDL 2, DTZ 11 (its EPD form, no clocks).
const KQ: &str = "8/8/8/8/8/4k3/8/1QK5 w - -";

/// The longest line the command reads (`MAX_LINE` in `epd.rs`).
const MAX_LINE: usize = 1 << 16;

/// The thread counts every contract is checked with.
const THREADS: [&str; 3] = ["1", "2", "5"];

/// Writes `bytes` to a scratch file `name`.
fn file(name: &str, bytes: &[u8]) -> PathBuf {
    let path = scratch(&format!("syzygy-epd-{name}")).join("in.epd");
    std::fs::write(&path, bytes).expect("write");
    path
}

/// `bitmoves syzygy TABLES --epd FILE --threads N`.
fn epd(tables: &Path, file: &Path, threads: &str) -> Run {
    run(&[
        "syzygy",
        arg(tables),
        "--epd",
        arg(file),
        "--threads",
        threads,
    ])
}

/// Checks a run's stdout line by line, and that stderr is exactly one
/// `error: line N: …` line per failed line, in order, each holding its
/// needle; exit status 1 when a line failed, else 0.
fn check(run: &Run, stdout: &[&str], failures: &[(u64, &str)], what: &str) {
    let lines: Vec<&str> = run.stdout.split_terminator('\n').collect();
    assert_eq!(lines, stdout, "{what}: stdout; stderr {}", run.stderr);
    let errors: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(errors.len(), failures.len(), "{what}: {}", run.stderr);
    for (error, (number, needle)) in errors.iter().zip(failures) {
        let start = format!("error: line {number}: ");
        assert!(
            error.starts_with(&start) && error.contains(needle),
            "{what}: {error:?} should start {start:?} and hold {needle:?}"
        );
    }
    let code = if failures.is_empty() { 0 } else { 1 };
    assert_eq!(run.code, Some(code), "{what}: {}", run.stderr);
}

#[test]
fn every_input_line_has_its_output_line_blank_and_failed_ones_included() {
    let Some(dir) = tables::tables_dir("syzygy --epd lines") else {
        return;
    };
    // Blank and whitespace lines, failures between answers, a castling
    // right (no table holds one), a line with three fields, and a last
    // line without its line break.
    let text = format!(
        "\n{KBN}\n\n   \t \nnot a position\n{KQ}\n4k3/8/8/8/8/8/8/4K2R w K - 0 1\n\
         8/8/8 w -\n\n{KQ} bm Qb4; id \"x\";\n{KBN}"
    );
    let path = file("lines", text.as_bytes());
    let expected = [
        "", "-2 -53", "", "", "error", "2 11", "error", "error", "", "2 11", "-2 -53",
    ];
    let failures = [
        (5, "fewer than four"),
        (7, "castling"),
        (8, "fewer than four"),
    ];
    for threads in THREADS {
        let run = epd(&dir, &path, threads);
        check(&run, &expected, &failures, &format!("{threads} threads"));
    }
    // CRLF line ends read alike, and a file of blank lines answers blank
    // lines and succeeds.
    let crlf = file("crlf", text.replace('\n', "\r\n").as_bytes());
    let blank = file("blank", b"\n\r\n \r\n\n");
    for threads in THREADS {
        let run = epd(&dir, &crlf, threads);
        check(
            &run,
            &expected,
            &failures,
            &format!("CRLF, {threads} threads"),
        );
        let run = epd(&dir, &blank, threads);
        check(
            &run,
            &["", "", "", ""],
            &[],
            &format!("blank, {threads} threads"),
        );
    }
}

#[test]
fn bytes_that_are_not_utf8_fail_only_their_own_line() {
    let Some(dir) = tables::tables_dir("syzygy --epd UTF-8") else {
        return;
    };
    let mut bytes = Vec::new();
    bytes.extend_from_slice(format!("{KBN}\n").as_bytes());
    // In the FEN's placement: that line fails.
    bytes.extend_from_slice(b"8/8/8/8/8/4\xffk3/8/1QK5 w - -\n");
    // In an EPD operation (a Latin-1 comment): harmless.
    bytes.extend_from_slice(format!("{KQ} c0 \"caf").as_bytes());
    bytes.extend_from_slice(b"\xe9\";\n");
    // A lone continuation byte as the side to move.
    bytes.extend_from_slice(b"8/8/8/8/8/4k3/8/1QK5 \x80 - -\n");
    bytes.extend_from_slice(format!("{KQ}\n").as_bytes());
    // A character cut short at the very end of the file.
    bytes.extend_from_slice(format!("{KBN} ").as_bytes());
    bytes.extend_from_slice(b"\xe4\xb8");
    let path = file("utf8", &bytes);
    let expected = ["-2 -53", "error", "2 11", "error", "2 11", "-2 -53"];
    let failures = [(2, "placement"), (4, "")];
    for threads in THREADS {
        let run = epd(&dir, &path, threads);
        check(&run, &expected, &failures, &format!("{threads} threads"));
    }
}

#[test]
fn a_byte_order_mark_is_skipped_at_the_start_only() {
    let Some(dir) = tables::tables_dir("syzygy --epd BOM") else {
        return;
    };
    let bom = "\u{feff}";
    for (name, text, expected, failures) in [
        (
            "bom",
            format!("{bom}{KBN}\n{KQ}\n"),
            &["-2 -53", "2 11"][..],
            &[][..],
        ),
        (
            "bom-crlf",
            format!("{bom}{KQ}\r\n{KBN}\r\n"),
            &["2 11", "-2 -53"],
            &[],
        ),
        // A blank first line after the mark stays a blank line.
        ("bom-blank", format!("{bom}\n{KQ}\n"), &["", "2 11"], &[]),
        // A mark later in the file is no line break's business: that line
        // fails.
        (
            "bom-later",
            format!("{KQ}\n{bom}{KBN}\n"),
            &["2 11", "error"],
            &[(2, "placement")],
        ),
    ] {
        let path = file(name, text.as_bytes());
        for threads in THREADS {
            let run = epd(&dir, &path, threads);
            check(
                &run,
                expected,
                failures,
                &format!("{name}, {threads} threads"),
            );
        }
    }
}

#[test]
fn an_over_long_line_fails_alone_and_the_longest_allowed_is_read() {
    let Some(dir) = tables::tables_dir("syzygy --epd long lines") else {
        return;
    };
    // A line of exactly MAX_LINE bytes (an EPD with a long comment) is
    // probed, with CRLF too; one byte more fails, unread; 3 MiB too.
    let padded = |length: usize| {
        let head = format!("{KQ} c0 \"");
        format!("{head}{}\"", "x".repeat(length - head.len() - 1))
    };
    let text = format!(
        "{}\n{}\r\n{}\n{KBN}\n{}\n{KQ}",
        padded(MAX_LINE),
        padded(MAX_LINE),
        padded(MAX_LINE + 1),
        "y".repeat(3 << 20),
    );
    let path = file("long", text.as_bytes());
    let expected = ["2 11", "2 11", "error", "-2 -53", "error", "2 11"];
    let failures = [
        (3, "longer than 65536 bytes"),
        (5, "longer than 65536 bytes"),
    ];
    for threads in THREADS {
        let run = epd(&dir, &path, threads);
        check(&run, &expected, &failures, &format!("{threads} threads"));
    }
}

#[test]
fn many_chunks_come_out_in_input_order_on_any_number_of_threads() {
    let Some(data) = tables::data_dir("syzygy --epd order") else {
        return;
    };
    let dir = data.join("syzygy/regular");
    let epd_text = std::fs::read_to_string(data.join("endgame.epd")).expect("endgame.epd");
    // python-chess's numbers for its 200 positions, as in tests/syzygy.rs.
    let oracle: Vec<(String, String)> = epd_text
        .lines()
        .map(|line| {
            let op = |name: &str| {
                line.split(';')
                    .find_map(|op| op.trim().strip_prefix(name)?.trim().parse::<i32>().ok())
                    .expect("an operation")
            };
            (line.to_owned(), format!("{} {}", op("wdl "), op("dtz ")))
        })
        .collect();
    // 40 rounds of them with a bad line and a blank line every 7 lines:
    // about 700 KB, so many chunks.
    let mut input = String::new();
    let mut expected = Vec::new();
    let mut failures = Vec::new();
    for round in 0..40 {
        for (i, (line, answer)) in oracle.iter().enumerate() {
            input.push_str(line);
            input.push('\n');
            expected.push(answer.as_str());
            if (i + round) % 7 == 0 {
                input.push_str("\nnot a position\n");
                expected.extend(["", "error"]);
                failures.push((expected.len() as u64, "fewer than four"));
            }
        }
    }
    let path = file("order", input.as_bytes());
    for threads in THREADS {
        let run = epd(&dir, &path, threads);
        check(&run, &expected, &failures, &format!("{threads} threads"));
    }
}

#[test]
fn input_errors_are_one_error_line() {
    let Some(dir) = tables::tables_dir("syzygy --epd input errors") else {
        return;
    };
    let here = scratch("syzygy-epd-input-errors");
    for threads in THREADS {
        // A directory opens on Unix, and fails on its first read.
        let run = epd(&dir, &here, threads);
        let error = common::one_error(&run);
        assert!(error.starts_with("error: cannot read "), "{error}");
        assert_eq!((run.code, run.stdout.as_str()), (Some(1), ""));
        let run = epd(&dir, &here.join("missing.epd"), threads);
        let error = common::one_error(&run);
        assert!(error.starts_with("error: cannot read "), "{error}");
        // An empty file: no lines, no output, success.
        let empty = file("empty", b"");
        let run = epd(&dir, &empty, threads);
        check(&run, &[], &[], "empty");
    }
}

/// `bitmoves syzygy TABLES --epd - --threads N`, its stdin and stdout
/// piped.
fn spawn_stdin(tables: &Path, threads: &str) -> Child {
    Command::new(env!("CARGO_BIN_EXE_bitmoves"))
        .args(["syzygy", arg(tables), "--epd", "-", "--threads", threads])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bitmoves runs")
}

/// The lines of `stdout`, read on a thread, so that a test waiting for
/// one can give up instead of hanging when it never comes.
fn line_reader(stdout: ChildStdout) -> mpsc::Receiver<String> {
    let (send, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { return };
            if send.send(line).is_err() {
                return;
            }
        }
    });
    lines
}

/// The next line, or a failure naming what was awaited (a guard against
/// a hang, generous enough for any machine: not a timing).
fn next_line(lines: &mpsc::Receiver<String>, what: &str) -> String {
    lines
        .recv_timeout(Duration::from_secs(120))
        .unwrap_or_else(|_| panic!("{what}: no answer while the input stays open"))
}

/// Writes four lines one at a time to `input` and checks that each is
/// answered while `input` stays open; then closes it, and checks the
/// exit status and the one error line.
fn answered_while_open(mut child: Child, mut input: impl Write, what: &str) {
    let lines = line_reader(child.stdout.take().expect("stdout"));
    for (line, answer) in [(KBN, "-2 -53"), ("", ""), ("bad", "error"), (KQ, "2 11")] {
        writeln!(input, "{line}").expect("write");
        input.flush().expect("flush");
        assert_eq!(next_line(&lines, what), answer, "{what}");
    }
    drop(input);
    let status = child.wait().expect("exit");
    assert_eq!(status.code(), Some(1), "{what}: the bad line");
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut stderr)
        .expect("stderr");
    assert_eq!(stderr.lines().count(), 1, "{what}: {stderr}");
    assert!(stderr.starts_with("error: line 3: "), "{what}: {stderr}");
}

#[test]
fn stdin_is_answered_line_by_line_while_it_stays_open() {
    let Some(dir) = tables::tables_dir("syzygy --epd stdin") else {
        return;
    };
    for threads in THREADS {
        let mut child = spawn_stdin(&dir, threads);
        let stdin = child.stdin.take().expect("stdin");
        answered_while_open(child, stdin, &format!("stdin, {threads} threads"));
    }
}

/// The same through a named pipe given as FILE: the file is read as it
/// comes, never whole first.
#[cfg(unix)]
#[test]
fn a_fifo_is_answered_line_by_line_while_it_stays_open() {
    let Some(dir) = tables::tables_dir("syzygy --epd FIFO") else {
        return;
    };
    for threads in THREADS {
        let fifo = scratch(&format!("syzygy-epd-fifo-{threads}")).join("in.epd");
        let made = Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|status| status.success()) {
            eprintln!("syzygy --epd FIFO skipped: mkfifo failed");
            return;
        }
        let child = Command::new(env!("CARGO_BIN_EXE_bitmoves"))
            .args([
                "syzygy",
                arg(&dir),
                "--epd",
                arg(&fifo),
                "--threads",
                threads,
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("bitmoves runs");
        // Opening the write end waits for the command to open the other.
        let input = std::fs::OpenOptions::new()
            .write(true)
            .open(&fifo)
            .expect("the FIFO's write end");
        answered_while_open(child, input, &format!("FIFO, {threads} threads"));
    }
}

/// The peak resident memory of a running process, in bytes (Linux).
#[cfg(target_os = "linux")]
fn peak_memory(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("status");
    let kib: u64 = status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|value| value.trim().strip_suffix("kB"))
        .and_then(|value| value.trim().parse().ok())
        .expect("VmHWM");
    kib * 1024
}

/// The law: memory does not grow with the input. 160 MiB go through the
/// pipe (lines over the limit, whose bytes are never kept, and positions);
/// once every line is answered, and before stdin closes, the process has
/// never held more than 64 MiB.
#[cfg(target_os = "linux")]
#[test]
fn a_long_stream_runs_in_bounded_memory() {
    let Some(dir) = tables::tables_dir("syzygy --epd memory") else {
        return;
    };
    let long = "z".repeat(1 << 20) + "\n";
    let rounds = 160;
    for threads in THREADS {
        let what = format!("{threads} threads");
        let mut child = spawn_stdin(&dir, threads);
        let mut stdin = child.stdin.take().expect("stdin");
        let lines = line_reader(child.stdout.take().expect("stdout"));
        // stderr gets an error line per long line: drain it.
        let mut stderr = child.stderr.take().expect("stderr");
        let errors = std::thread::spawn(move || {
            let mut text = String::new();
            stderr.read_to_string(&mut text).map(|_| text)
        });
        let writer = {
            let long = long.clone();
            std::thread::spawn(move || {
                for _ in 0..rounds {
                    stdin.write_all(long.as_bytes())?;
                    writeln!(stdin, "{KQ}")?;
                }
                stdin.flush()?;
                Ok::<_, std::io::Error>(stdin)
            })
        };
        for round in 0..rounds {
            assert_eq!(next_line(&lines, &what), "error", "{what}, {round}");
            assert_eq!(next_line(&lines, &what), "2 11", "{what}, {round}");
        }
        let peak = peak_memory(child.id());
        let stdin = writer.join().expect("writer").expect("written");
        drop(stdin);
        let status = child.wait().expect("exit");
        assert_eq!(status.code(), Some(1), "{what}");
        let errors = errors.join().expect("stderr").expect("stderr");
        assert_eq!(errors.lines().count(), rounds, "{what}");
        assert!(
            peak < 64 << 20,
            "{what}: {} MiB resident after a {rounds} MiB stream",
            peak >> 20
        );
    }
}

/// `… --epd - | head -1`: once the reader of the output goes, the command
/// stops reading and exits 0 without an error line.
#[test]
fn a_closed_output_pipe_ends_the_stream_quietly() {
    let Some(dir) = tables::tables_dir("syzygy --epd closed pipe") else {
        return;
    };
    let block = format!("{KQ}\n{KBN}\n").repeat(4096);
    for threads in THREADS {
        let mut child = spawn_stdin(&dir, threads);
        let mut stdin = child.stdin.take().expect("stdin");
        let writer = {
            let block = block.clone();
            // Writes until the command goes (then the write fails).
            std::thread::spawn(move || while stdin.write_all(block.as_bytes()).is_ok() {})
        };
        let mut first = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut first)
            .expect("a line");
        assert_eq!(first, "2 11\n");
        let output = child.wait_with_output().expect("exit");
        writer.join().expect("writer");
        assert_eq!(output.status.code(), Some(0), "{threads} threads");
        assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    }
}
