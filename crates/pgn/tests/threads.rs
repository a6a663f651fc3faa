//! The law that output never depends on the number of threads, on
//! hostile input: truncated and damaged gzip and zstd files, games on one
//! long line full of `{…}` comments, joined files with byte order marks,
//! `[` lines in the moves. Every game's number, result and moves, and the
//! input error that stopped the reading, are the same on 1, 2, 3 and 8
//! threads. (`one_pass.rs` checks the same law with visitors that skip,
//! and with chunks of every size.)

use bitmoves::{Board, Move};
use bitmoves_pgn::{PendingGame, Reader, Visitor, decompress};
use std::io::{Read, Write};

/// A game's mainline in UCI and its comments counted.
#[derive(Default)]
struct Replay {
    moves: Vec<String>,
    comments: usize,
}

impl Visitor for Replay {
    fn play(&mut self, _: &Board, mv: Move, _: &str) {
        self.moves.push(mv.to_string());
    }
    fn null_move(&mut self, _: &Board) {
        self.moves.push("0000".to_owned());
    }
    fn comment(&mut self, _: &str) {
        self.comments += 1;
    }
}

/// Everything read from `input` on `threads` threads: a line per game
/// handed to `sink`, then the outcome.
fn read(input: impl Read + Send, threads: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let Ok(input) = decompress(input) else {
        return vec!["cannot decompress".to_owned()];
    };
    let work = |game: PendingGame| {
        let number = game.number();
        let mut replay = Replay::default();
        let result = game.read(&mut replay);
        format!(
            "{number}: {result:?} {} moves {} comments {}",
            replay.moves.len(),
            replay.comments,
            replay.moves.join(" ")
        )
    };
    let outcome = bitmoves_pgn::read_parallel(&mut Reader::new(input), threads, work, |line| {
        lines.push(line);
    });
    lines.push(format!("outcome {outcome:?}"));
    lines
}

/// Panics unless `input` reads the same on 2, 3 and 8 threads as on
/// one; returns what one thread read.
fn assert_same_on_any_threads(name: &str, input: &[u8]) -> Vec<String> {
    let one = read(input, 1);
    for threads in [2, 3, 8] {
        let got = read(input, threads);
        if got != one {
            let at = got.iter().zip(&one).take_while(|(a, b)| a == b).count();
            panic!(
                "{name}: {threads} threads differ from one at line {at} of {}\n  got: {:.300?}\n  one: {:.300?}",
                one.len(),
                got.get(at),
                one.get(at)
            );
        }
    }
    one
}

/// Games with many comments, as lichess writes them.
fn corpus(games: usize) -> Vec<u8> {
    let mut text = Vec::new();
    for i in 0..games {
        write!(
            text,
            "[Event \"g{i}\"]\n[Site \"x\"]\n\n1. e4 {{ [%clk 0:03:00] }} e5 {{ [%clk 0:03:00] }} \
             2. Nf3 Nc6 3. Bb5 a6 {{comment {i}}} 4. Ba4 Nf6 *\n\n"
        )
        .expect("in memory");
    }
    text
}

fn gzip(text: &[u8]) -> Vec<u8> {
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gzip.write_all(text).expect("gzip");
    gzip.finish().expect("gzip")
}

/// Truncated gzip and zstd files, cut at 40 places, read the same games
/// and the same error on any number of threads (one thread once handed
/// the game the error cut short to `sink` as well).
#[test]
fn truncated_compressed_files_read_alike_on_any_threads() {
    let text = corpus(3000);
    let zstd = zstd::encode_all(text.as_slice(), 1).expect("zstd");
    for (name, packed) in [("gzip", gzip(&text)), ("zstd", zstd)] {
        let whole = assert_same_on_any_threads(name, &packed);
        assert_eq!(whole.len(), 3001, "{name}");
        for cut in 1..40 {
            let at = packed.len() * cut / 40;
            let read = assert_same_on_any_threads(&format!("{name} cut at {at}"), &packed[..at]);
            let outcome = read.last().expect("an outcome");
            assert!(outcome.contains("Io("), "{name} cut at {at}: {outcome}");
            assert!(
                read[..read.len() - 1]
                    .iter()
                    .all(|line| !line.contains("Err(")),
                "{name} cut at {at}: only whole games reach sink"
            );
        }
        let mut damaged = packed.clone();
        let middle = damaged.len() / 2;
        for byte in &mut damaged[middle..middle + 8] {
            *byte ^= 0xa5;
        }
        assert_same_on_any_threads(&format!("{name} damaged"), &damaged);
    }
}

/// Three games on one line of 512 KB each, full of `{…}` comments (which
/// once made two threads quadratic), in LF and CRLF, read alike.
#[test]
fn long_comment_lines_read_alike_on_any_threads() {
    let mut text = Vec::new();
    for game in 0..3 {
        write!(text, "[Event \"{game}\"]\n\n1. e4 ").expect("in memory");
        let mut moves = 0;
        while text.len() < (game + 1) << 19 {
            text.extend_from_slice(b"{[%clk 0:01:00] a} Nf6 {b} 2. Nf3 {c} Ng8 3. Ng1 {d} Nf6 ");
            text.extend_from_slice(b"{e} 4. Nf3 {f} Ng8 5. Ng1 ");
            moves += 1;
        }
        text.extend_from_slice(b"*\n\n");
        assert!(moves > 1000);
    }
    let read = assert_same_on_any_threads("long lines", &text);
    assert_eq!(read.len(), 4);
    assert!(
        read[..3].iter().all(|game| game.contains("Ok(())")),
        "{:.200?}",
        read
    );
    let crlf = String::from_utf8(text)
        .expect("ASCII")
        .replace('\n', "\r\n");
    assert_eq!(
        assert_same_on_any_threads("long lines, CRLF", crlf.as_bytes()),
        read
    );
}

/// Lines of 300 KB of spaces (ASCII and Unicode) between games, in the
/// tags and in the moves, and one with a word at its end: read alike.
#[test]
fn long_lines_of_spaces_read_alike_on_any_threads() {
    let spaces = |space: &str| space.repeat((300 << 10) / space.len());
    let text = format!(
        "1. e4 *\n\n{}\n1. d4 *\n\n[Event \"x\"]\n{}\n1. c4 *\n{}x\n\n1. Nf3 *\n{}\n1. g3 *\n",
        spaces(" "),
        spaces("\u{a0}"),
        spaces("\t"),
        spaces("\u{3000}"),
    );
    let read = assert_same_on_any_threads("spaces", text.as_bytes());
    assert_eq!(read.len(), 6, "{:.300?}", read);
    let crlf = text.replace('\n', "\r\n");
    assert_eq!(
        assert_same_on_any_threads("spaces, CRLF", crlf.as_bytes()),
        read
    );
}

/// Files joined with their byte order marks, with and without a blank
/// line between them, `[%…]` lines and tag lines in the moves, DOS's
/// end-of-file byte: read alike, every game whole.
#[test]
fn joined_files_and_bracket_lines_read_alike_on_any_threads() {
    let file = "\u{feff}[Event \"a\"]\n\n1. e4 e5\n[%evp 0,1,2]\n2. Nf3 Nc6 *\n";
    let mut text = String::new();
    for i in 0..2000 {
        text.push_str(file);
        text.push_str(["", "\n", "\r\n\r\n"][i % 3]);
        if i % 7 == 0 {
            text.push_str("[Event \"no blank line\"]\n1. d4 *\n");
        }
    }
    text.push('\x1a');
    let read = assert_same_on_any_threads("joined", text.as_bytes());
    assert_eq!(read.len(), 2000 + 286 + 1);
    assert!(
        read[..read.len() - 1]
            .iter()
            .all(|game| game.contains("Ok(())"))
    );
    assert_eq!(
        assert_same_on_any_threads("joined, gzip", &gzip(text.as_bytes())),
        read
    );
}
