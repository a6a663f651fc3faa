//! `bitmoves pgn`'s output formats on the inputs python-chess reads
//! differently or that broke them: `--positions` with a `Result` tag that
//! is no result, `--pgn` on text that is not UTF-8, `--fen`/`--uci` on
//! Shredder-lettered and Chess960 `FEN` tags, and `moves` on a Shredder
//! FEN. Expectations are python-chess 1.11.2's for the same text.

mod common;

use common::{one_line, run, scratch, stdout};
use std::io::Write;
use std::path::PathBuf;

/// Writes `bytes` to `name` in a fresh directory for `test`.
fn file(test: &str, name: &str, bytes: &[u8]) -> PathBuf {
    let path = scratch(test).join(name);
    std::fs::write(&path, bytes).expect("write the test file");
    path
}

#[test]
fn positions_write_only_the_four_results() {
    let pgn = "[Result \"1-0; 0-1\"]\n\n1. e4 *\n\n\
               [Result \"a;b\"]\n\n1. d4\n\n\
               [Result \";\"]\n\n1. c4\n\n\
               [Result \"1/2\"]\n\n1. Nf3\n\n\
               [Result \"0-1\"]\n\n1. g3\n\n\
               [Result \"junk\"]\n\n1. b3 1/2-1/2\n";
    let path = file("positions_results", "results.pgn", pgn.as_bytes());
    let out = stdout(&["pgn", path.to_str().unwrap(), "--positions"]);
    let results: Vec<&str> = out
        .lines()
        .map(|line| {
            let fields: Vec<&str> = line.split(';').collect();
            assert_eq!(fields.len(), 3, "{line}");
            fields[2]
        })
        .collect();
    // Two lines per game: before and after its one move. The movetext's
    // token wins; a tag that is a result comes next; else `*`.
    assert_eq!(
        results,
        [
            "*", "*", "*", "*", "*", "*", "*", "*", "0-1", "0-1", "1/2-1/2", "1/2-1/2"
        ]
    );
}

#[test]
fn pgn_on_latin1_text_says_so_once_per_file_and_succeeds() {
    let latin1 = b"[Event \"Caf\xe9\"]\n[White \"M\xfcller\"]\n\n1. e4 { Gr\xfc\xdfe } e5 *\n\n\
                   [Event \"Z\xfcrich\"]\n\n1. d4 *\n";
    let bad = file("pgn_latin1", "latin1.pgn", latin1);
    let good = file(
        "pgn_latin1_good",
        "utf8.pgn",
        "\u{feff}[Event \"Café\"]\n\n1. e4 { ½ } *\n".as_bytes(),
    );
    let out = run(&["pgn", bad.to_str().unwrap(), "--pgn"]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert!(
        out.stdout.contains("[Event \"Caf\u{fffd}\"]"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("{ Gr\u{fffd}\u{fffd}e }"),
        "{}",
        out.stdout
    );
    let note = one_line(
        &out.stderr,
        "note: the input is not UTF-8 (first at byte 11)",
    );
    assert!(note.contains("U+FFFD"), "{note}");

    // On several threads: the same output, the same one note.
    let threaded = run(&["pgn", bad.to_str().unwrap(), "--pgn", "--threads", "3"]);
    assert_eq!(threaded.code, Some(0));
    assert_eq!(threaded.stdout, out.stdout);
    assert_eq!(threaded.stderr, out.stderr);

    // Valid UTF-8: no note. Two files: the note names the bad one.
    let out = run(&["pgn", good.to_str().unwrap(), "--pgn"]);
    assert_eq!((out.code, out.stderr.as_str()), (Some(0), ""));
    assert!(out.stdout.contains("[Event \"Café\"]"));
    let out = run(&[
        "pgn",
        good.to_str().unwrap(),
        bad.to_str().unwrap(),
        "--pgn",
    ]);
    assert_eq!(out.code, Some(0));
    one_line(&out.stderr, &format!("note: {}: the input", bad.display()));

    // Compressed: the offset is in the decompressed text.
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gzip.write_all(latin1).expect("gzip");
    let packed = file(
        "pgn_latin1_gz",
        "latin1.pgn.gz",
        &gzip.finish().expect("gzip"),
    );
    let out = run(&["pgn", packed.to_str().unwrap(), "--pgn"]);
    assert_eq!(out.code, Some(0));
    one_line(
        &out.stderr,
        "note: the input is not UTF-8 (first at byte 11)",
    );
}

#[test]
fn a_shredder_fen_tag_on_a_standard_position_is_standard_chess() {
    let pgn = "[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1\"]\n\n1. O-O O-O-O *\n";
    let path = file("shredder_standard", "haha.pgn", pgn.as_bytes());
    let path = path.to_str().unwrap();
    assert_eq!(stdout(&["pgn", path, "--uci"]), "e1g1 e8c8\n");
    assert_eq!(
        stdout(&["pgn", path, "--fen"]),
        "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2\n"
    );
    let written = stdout(&["pgn", path, "--pgn"]);
    assert!(!written.contains("Variant"), "{written}");
    assert!(written.contains("1. O-O O-O-O *"), "{written}");
    let moves = stdout(&["moves", "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1"]);
    let moves: Vec<&str> = moves.lines().collect();
    assert!(
        moves.contains(&"e1g1") && moves.contains(&"e1c1"),
        "{moves:?}"
    );
    assert!(
        !moves.contains(&"e1h1") && !moves.contains(&"e1a1"),
        "{moves:?}"
    );
}

#[test]
fn chess960_fens_are_written_in_xfen() {
    let pgn = "[Variant \"Chess960\"]\n\
               [FEN \"nqnbbrkr/pppppppp/8/8/8/8/PPPPPPPP/NQNBBRKR w KQkq - 0 1\"]\n\n\
               1. e4 e5 2. Nd3 *\n\n\
               [Variant \"Chess960\"]\n\
               [FEN \"r1kqbrnn/pppppppp/8/8/8/8/PPPPPPPP/R1KQBRNN w FAfa - 0 1\"]\n\n*\n";
    let path = file("xfen", "chess960.pgn", pgn.as_bytes());
    let path = path.to_str().unwrap();
    assert_eq!(
        stdout(&["pgn", path, "--fen"]),
        "nqnbbrkr/pppp1ppp/8/4p3/4P3/3N4/PPPP1PPP/NQ1BBRKR b KQkq - 1 2\n\
         r1kqbrnn/pppppppp/8/8/8/8/PPPPPPPP/R1KQBRNN w KQkq - 0 1\n"
    );
    let positions = stdout(&["pgn", path, "--positions"]);
    assert!(
        positions.starts_with("nqnbbrkr/pppppppp/8/8/8/8/PPPPPPPP/NQNBBRKR w KQkq - 0 1;e2e4;*\n"),
        "{positions}"
    );
}
