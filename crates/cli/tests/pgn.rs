//! `bitmoves pgn`: files written by the test, read by the binary; its
//! outputs, its error and note lines and exit status, threads, stdin and
//! compressed input.

mod common;

use common::{run, stdout};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

const GAMES: &str = "\
[Event \"one\"]
[Result \"1-0\"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? (3... g6) 4. Qxf7# 1-0

[Variant \"Chess960\"]
[FEN \"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1\"]
[Result \"*\"]

1. a3 a6 2. O-O *

1. d4 d5 2. Ke3 *

[Variant \"Atomic\"]

1. e4 d5 *

[Result \"0-1\"]

*
";

/// Writes `bytes` to a file in the test's temporary directory.
fn file(name: &str, bytes: &[u8]) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, bytes).expect("write the test file");
    path
}

fn games() -> String {
    file("games.pgn", GAMES.as_bytes())
        .to_str()
        .expect("utf-8")
        .to_owned()
}

#[test]
fn uci_prints_one_line_per_game_and_an_error_line_for_the_bad_one() {
    let path = games();
    let out = run(&["pgn", &path, "--uci"]);
    assert_eq!(out.code, Some(1));
    assert_eq!(
        out.stdout,
        "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7\na2a3 a7a6 e1h1\ne2e4 d7d5\n\n"
    );
    let lines: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(lines.len(), 1, "one line per problem: {}", out.stderr);
    assert!(
        lines[0].starts_with("error: game 3 (line 12, column 13): illegal move \"Ke3\""),
        "{}",
        lines[0]
    );
}

#[test]
fn fen_and_positions() {
    let path = games();
    let out = run(&["pgn", &path, "--fen"]);
    assert_eq!(
        out.stdout,
        "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4\n\
         r3k2r/1ppppppp/p7/8/8/P7/1PPPPPPP/R4RK1 b kq - 1 2\n\
         rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n\
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
    );
    let out = run(&["pgn", &path, "--positions"]);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 8 + 4 + 3 + 1);
    assert_eq!(
        lines[0],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;e2e4;1-0"
    );
    assert_eq!(
        lines[7],
        "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4;;1-0"
    );
    // The Atomic game, by python-chess's AtomicBoard.
    assert_eq!(
        lines[12],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;e2e4;*"
    );
    assert_eq!(
        lines[15],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;;*"
    );
}

#[test]
fn variant_games_are_written_back_and_the_summary_counts() {
    // `--pgn` writes variant games back by their rules.
    let path = file(
        "note.pgn",
        b"[Variant \"Crazyhouse\"]\n\n1. e4 *\n\n1. e4 e5 *\n",
    );
    let out = run(&["pgn", path.to_str().expect("utf-8"), "--pgn"]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(out.stderr, "");
    assert!(
        out.stdout.contains("[Variant \"Crazyhouse\"]\n\n1. e4 *"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("1. e4 e5 *"), "{}", out.stdout);
    // The summary reads them.
    let out = run(&["pgn", path.to_str().expect("utf-8")]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert!(
        out.stdout.starts_with(
            "games: 2\nplies: 3\ngames with errors: 0\nskipped variants: 0\nbytes: 44\nMB/s: "
        ),
        "{}",
        out.stdout
    );
}

#[test]
fn variations_are_checked_only_when_asked() {
    let path = file("variation.pgn", b"1. e4 (1. d4 d5 2. Ke3) e5 *\n");
    let path = path.to_str().expect("utf-8");
    assert_eq!(stdout(&["pgn", path, "--uci"]), "e2e4 e7e5\n");
    let out = run(&["pgn", path, "--uci", "--variations"]);
    assert_eq!(out.code, Some(1));
    assert!(out.stderr.contains("\"Ke3\""), "{}", out.stderr);
}

/// Many games with variety: the given ones repeated with move orders
/// shifted.
fn many() -> String {
    let mut text = String::new();
    for i in 0..400 {
        let first = ["e4", "d4", "c4", "Nf3"][i % 4];
        text.push_str(&format!(
            "[Round \"{i}\"]\n\n1. {first} e5 2. Nc3 {{c}} Nc6 3. g3 *\n\n"
        ));
    }
    text.push_str(GAMES);
    text
}

#[test]
fn threads_print_in_file_order_and_compressed_input_is_recognised_by_content() {
    let text = many();
    let plain = file("many.pgn", text.as_bytes());
    let plain = plain.to_str().expect("utf-8");
    let one = run(&["pgn", plain, "--uci"]);
    let three = run(&["pgn", plain, "--uci", "--threads", "3"]);
    assert_eq!(one.stdout, three.stdout);
    assert_eq!(one.stderr, three.stderr);
    assert_eq!(one.stdout.lines().count(), 404);

    let zstd = file(
        "many-zstd.pgn",
        &zstd::encode_all(text.as_bytes(), 3).expect("zstd"),
    );
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gzip.write_all(text.as_bytes()).expect("gzip");
    let gzip = file("many.pgn.gz", &gzip.finish().expect("gzip"));
    for packed in [zstd, gzip] {
        let out = run(&[
            "pgn",
            packed.to_str().expect("utf-8"),
            "--uci",
            "--threads",
            "2",
        ]);
        assert_eq!(out.stdout, one.stdout);
    }
}

#[test]
fn stdin_and_several_files_in_order_and_a_missing_file_is_an_error() {
    let path = file("small.pgn", b"1. e4 *\n");
    let path = path.to_str().expect("utf-8");
    let mut child = Command::new(env!("CARGO_BIN_EXE_bitmoves"))
        .args(["pgn", path, "-", path, "--uci"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"1. d4 *\n")
        .expect("write");
    let out = child.wait_with_output().expect("output");
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "e2e4\nd2d4\ne2e4\n");
    let out = run(&["pgn", "/nonexistent/file.pgn", path, "--uci"]);
    assert_eq!(out.code, Some(3), "an unreadable input");
    assert_eq!(out.stdout, "e2e4\n");
    assert!(
        out.stderr
            .starts_with("error: cannot read /nonexistent/file.pgn"),
        "{}",
        out.stderr
    );
}

#[test]
fn pgn_output_reads_back_to_the_same_games() {
    let text = many();
    let plain = file("many-again.pgn", text.as_bytes());
    let plain = plain.to_str().expect("utf-8");
    let written = run(&["pgn", plain, "--pgn"]).stdout;
    let again = file("written.pgn", written.as_bytes());
    let again = again.to_str().expect("utf-8");
    // The same games, the Atomic one included.
    assert_eq!(
        run(&["pgn", again, "--uci"]).stdout,
        run(&["pgn", plain, "--uci"]).stdout
    );
    assert_eq!(stdout(&["pgn", again, "--pgn"]), written);
}

/// The law of a compressed file cut short: read on 1 and 2 threads, it
/// prints the same games and error lines (one for the input), and exits
/// non-zero, wherever the cut falls: at the places where the gzip stream
/// was flushed, so that its text stops exactly after a game's blank line
/// (where 2 threads once dropped that game) or a line of one, and at
/// other bytes of the gzip and zstd streams.
#[test]
fn a_truncated_compressed_file_reads_alike_on_one_and_two_threads() {
    let text = many().replace('\n', "\r\n");
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    let mut flushed = Vec::new();
    for (i, line) in text.split_inclusive('\n').enumerate() {
        gzip.write_all(line.as_bytes()).expect("gzip");
        if i < 60 {
            gzip.flush().expect("gzip");
            flushed.push(gzip.get_ref().len());
        }
    }
    let gzip = gzip.finish().expect("gzip");
    let zstd = zstd::encode_all(text.as_bytes(), 3).expect("zstd");
    let mut cuts: Vec<(&str, &[u8])> = Vec::new();
    cuts.extend(flushed.iter().map(|&at| ("cut.pgn.gz", &gzip[..at])));
    for k in 1..20 {
        cuts.push(("cut.pgn.gz", &gzip[..gzip.len() * k / 20]));
    }
    for k in [1, 2, 3] {
        cuts.push(("cut.pgn.zst", &zstd[..zstd.len() * k / 4]));
    }
    for (name, bytes) in cuts {
        let path = file(name, bytes);
        let path = path.to_str().expect("utf-8");
        let one = run(&["pgn", path, "--uci"]);
        let two = run(&["pgn", path, "--uci", "--threads", "2"]);
        let cut = bytes.len();
        assert_eq!(one.stdout, two.stdout, "{name} cut at {cut}");
        assert_eq!(one.stderr, two.stderr, "{name} cut at {cut}");
        assert_eq!(one.code, two.code, "{name} cut at {cut}");
        assert_ne!(one.code, Some(0), "{name} cut at {cut}");
        let broken = one
            .stderr
            .lines()
            .filter(|l| l.starts_with("error:") && l.contains("cannot read the input"));
        assert_eq!(broken.count(), 1, "{name} cut at {cut}: {}", one.stderr);
    }
}
