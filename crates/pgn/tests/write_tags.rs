//! How the writer writes tags: values as python-chess writes them (no
//! escapes, except a backslash that bitmoves would read as one), so that
//! python-chess 1.11.2 and bitmoves both read each value back; one tag per
//! name holding its last value, as python-chess keeps them.
//!
//! The python-chess checks skip with a notice when it is missing, unless
//! `BITMOVES_REQUIRE_ORACLE=1` (CI sets it).

#[path = "../../bitmoves/tests/common/python.rs"]
mod python;

use bitmoves_pgn::{Game, Reader};

/// The one game of `pgn`, read whole.
fn game(pgn: &str) -> Game {
    let mut reader = Reader::new(pgn.as_bytes());
    Game::read(&mut reader).expect("a game").expect("readable")
}

/// A game from the start position with `tags`, and 1. e4.
fn game_with(tags: &[(&str, &str)]) -> Game {
    let mut game = game("1. e4 *\n");
    game.tags = tags
        .iter()
        .map(|&(name, value)| (name.to_owned(), value.to_owned()))
        .collect();
    game
}

/// Whether python-chess can run, else a notice (or a failure under
/// `BITMOVES_REQUIRE_ORACLE=1`).
fn python_chess_or_skip() -> bool {
    python::imports_or_skip(
        "import chess.pgn",
        "python-chess",
        "write_tags oracle skipped: python-chess is not installed (pip install chess)",
    )
}

/// The headers python-chess reads from `pgn` (one game), in order, as
/// `(name, value)`.
fn python_headers(pgn: &str) -> Vec<(String, String)> {
    let script = r#"
import io, sys, chess.pgn
game = chess.pgn.read_game(io.StringIO(sys.stdin.buffer.read().decode("utf-8")))
for name, value in game.headers.items():
    print(name, value.encode("utf-8").hex())
"#;
    let text = python::run(&["-c", script], pgn.to_owned());
    parse_pairs(&text)
}

/// Reads the lines `NAME HEX` that `python_headers` prints: the value's
/// UTF-8 bytes in hex, so any text comes through.
fn parse_pairs(text: &str) -> Vec<(String, String)> {
    text.lines()
        .map(|line| {
            let (name, hex) = line.split_once(' ').expect("two fields");
            let bytes: Vec<u8> = (0..hex.len())
                .step_by(2)
                .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex"))
                .collect();
            (name.to_owned(), String::from_utf8(bytes).expect("UTF-8"))
        })
        .collect()
}

/// Hostile tag values: quotes, brackets and backslashes in every place.
const VALUES: [&str; 16] = [
    "a \"b\" c",
    "\"",
    "\"\"",
    "\"]",
    "a\"] b",
    "x\"]   ",
    "[Event \"inner\"]",
    "C:\\dir\\file",
    "trailing\\",
    "\\",
    "\\\\",
    "a\\\"b",
    "\\\"]",
    "a\\\\b",
    "Ñandú \"ß\" 中",
    "",
];

/// Whether python-chess reads `value` back unchanged from what the writer
/// writes: every value without a backslash before a quote, before another
/// backslash or at its end.
fn python_reads_back(value: &str) -> bool {
    let chars: Vec<char> = value.chars().collect();
    !chars
        .iter()
        .enumerate()
        .any(|(i, &c)| c == '\\' && matches!(chars.get(i + 1), None | Some('"' | '\\')))
}

#[test]
fn every_value_reads_back_unchanged_in_bitmoves() {
    for value in VALUES {
        let written = game_with(&[("Event", value), ("Annotator", value)]).to_string();
        let again = game(&written);
        assert_eq!(again.tag("Event"), Some(value), "{written}");
        assert_eq!(again.tag("Annotator"), Some(value), "{written}");
        assert_eq!(again.to_string(), written);
    }
}

#[test]
fn quotes_and_lone_backslashes_are_written_as_they_are() {
    let written = game_with(&[("Event", "a \"b\" c"), ("Site", "C:\\dir\\file")]).to_string();
    assert!(written.contains("[Event \"a \"b\" c\"]\n"), "{written}");
    assert!(written.contains("[Site \"C:\\dir\\file\"]\n"), "{written}");
    // A backslash bitmoves would read as an escape is written escaped.
    let written = game_with(&[("Event", "a\\\"b"), ("Site", "end\\")]).to_string();
    assert!(written.contains("[Event \"a\\\\\"b\"]\n"), "{written}");
    assert!(written.contains("[Site \"end\\\\\"]\n"), "{written}");
}

#[test]
fn python_chess_reads_the_written_values_back() {
    if !python_chess_or_skip() {
        return;
    }
    let mut checked = 0;
    for value in VALUES {
        let written = game_with(&[("Event", value)]).to_string();
        let headers = python_headers(&written);
        let event = headers
            .iter()
            .find(|(name, _)| name == "Event")
            .map(|(_, value)| value.as_str());
        if python_reads_back(value) {
            assert_eq!(event, Some(value), "{written}");
            checked += 1;
        } else {
            // python-chess keeps the escape's extra backslash.
            assert_ne!(event, Some(value), "{written}");
        }
    }
    assert_eq!(checked, 10);
}

#[test]
fn a_repeated_tag_is_written_once_with_its_last_value_as_python_chess_keeps_it() {
    let pgn = "[Event \"first\"]\n[Site \"s\"]\n[Annotator \"a1\"]\n[Event \"second\"]\n\
               [Annotator \"a2\"]\n[Result \"0-1\"]\n[Result \"1-0\"]\n\n1. e4 *\n";
    let written = game(pgn).to_string();
    assert_eq!(written.matches("[Event ").count(), 1, "{written}");
    assert!(written.contains("[Event \"second\"]\n"), "{written}");
    assert_eq!(written.matches("[Annotator ").count(), 1, "{written}");
    assert!(written.contains("[Annotator \"a2\"]\n"), "{written}");
    assert_eq!(written.matches("[Result ").count(), 1, "{written}");
    assert!(written.contains("[Result \"1-0\"]\n"), "{written}");
    if python_chess_or_skip() {
        assert_eq!(python_headers(&written), python_headers(pgn));
    }
}

#[test]
fn of_two_fen_tags_the_last_is_the_start_and_the_one_written() {
    let pgn = "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\
               [FEN \"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1\"]\n\n1. O-O-O *\n";
    let first = game(pgn);
    assert_eq!(first.start.to_string(), "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    let written = first.to_string();
    assert_eq!(written.matches("[FEN ").count(), 1, "{written}");
    assert!(written.contains("[FEN \"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1\"]\n"));
    let again = game(&written);
    assert_eq!(again.start, first.start);
    assert_eq!(again.moves, first.moves);
}

/// A game with many tags of one name is written in one pass over them
/// (the repeated name is looked up, not searched for).
#[test]
fn many_repeated_tags_are_written_once() {
    let tags: Vec<(String, String)> = (0..50_000)
        .map(|i| (format!("T{}", i % 7), i.to_string()))
        .collect();
    let mut game = game_with(&[]);
    game.tags = tags;
    let written = game.to_string();
    assert_eq!(written.matches("[T").count(), 7);
    assert!(written.contains("[T0 \"49994\"]\n"), "{written}");
}
