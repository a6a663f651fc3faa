//! What python-chess reads and the reader reads the same way: the null
//! move `0000`, commands and blank lines of odd spaces between the moves,
//! byte order marks where files were joined, DOS's end-of-file byte,
//! `a8b`, a capture mark where nothing is taken, a bare `$`, a result
//! written onto a move, `e.p.`; and where the reader stays stricter (a
//! NAG past `$255`), a clear error naming the game. `oracle.rs` checks the
//! same inputs against python-chess itself.

use bitmoves_pgn::{ErrorKind, Game, PgnError, Reader};

/// Each game of `text`: its mainline in UCI (`0000` for a null move) and
/// its result, or its error.
fn games(text: &[u8]) -> Vec<Result<String, PgnError>> {
    let mut reader = Reader::new(text);
    std::iter::from_fn(|| Game::read(&mut reader))
        .map(|game| {
            game.map(|game| {
                let moves: Vec<String> = game
                    .mainline()
                    .map(|mv| mv.map_or("0000".to_owned(), |mv| mv.to_string()))
                    .collect();
                format!(
                    "{} {}",
                    moves.join(" "),
                    game.result.as_deref().unwrap_or("-")
                )
            })
        })
        .collect()
}

/// The games of `text`, all read without error.
fn read(text: &str) -> Vec<String> {
    games(text.as_bytes())
        .into_iter()
        .map(|game| game.unwrap_or_else(|e| panic!("{e}\n{text}")))
        .collect()
}

#[test]
fn uci_null_move_0000_is_a_null_move_not_a_move_number() {
    assert_eq!(read("1. e4 0000 2. e5 *\n"), ["e2e4 0000 e4e5 *"]);
    assert_eq!(
        read("1. e4 1...0000 2. e5 0000!? *\n"),
        ["e2e4 0000 e4e5 0000 *"]
    );
    // Other all-digit words stay move numbers.
    assert_eq!(read("1. e4 2 e5 000 Nf3 *\n"), ["e2e4 e7e5 g1f3 *"]);
}

#[test]
fn a_command_line_in_the_moves_neither_ends_the_game_nor_is_read() {
    let pgn = "[Event \"a\"]\n\n1. e4 e5\n[%evp 0,1,2]\n2. Nf3 [%clk 0:01:00] Nc6 *\n";
    assert_eq!(read(pgn), ["e2e4 e7e5 g1f3 b8c6 *"]);
    assert_eq!(read(&pgn.replace('\n', "\r\n")), ["e2e4 e7e5 g1f3 b8c6 *"]);
    // A tag line still starts the next game, with or without a blank
    // line before it.
    assert_eq!(
        read("1. e4 *\n[Event \"b\"]\n1. d4 *\n"),
        ["e2e4 *", "d2d4 *"]
    );
    // Other `[` lines are no tag: part of the game, where they are wrong.
    let games = games(b"1. e4 e5\n[ Event \"x\"]\n2. Nf3 *\n\n1. e4\n[%evp 1\n*\n");
    assert_eq!(games.len(), 2);
    for game in &games {
        let error = game.as_ref().expect_err("unexpected text");
        assert!(
            matches!(error.kind, ErrorKind::Unexpected { .. }),
            "{error}"
        );
    }
}

#[test]
fn joined_files_with_byte_order_marks_read_as_the_files_do() {
    let file = "\u{feff}[Event \"a\"]\n[Site \"s\"]\n\n1. e4 e5 *\n";
    for between in ["", "\n", "\n\n", "\r\n"] {
        let joined = format!("{file}{between}{file}");
        let games: Vec<Game> = {
            let mut reader = Reader::new(joined.as_bytes());
            std::iter::from_fn(|| Game::read(&mut reader))
                .map(|game| game.unwrap_or_else(|e| panic!("{e}: {joined:?}")))
                .collect()
        };
        assert_eq!(games.len(), 2, "{joined:?}");
        for game in games {
            assert_eq!(game.tag("Event"), Some("a"), "{joined:?}");
            assert_eq!(game.tag("Site"), Some("s"), "{joined:?}");
        }
    }
    // A byte order mark on a line of its own, or before an escape line,
    // between games.
    assert_eq!(
        read("1. e4 *\n\n\u{feff}\n\u{feff}% x\n1. d4 *\n"),
        ["e2e4 *", "d2d4 *"]
    );
}

#[test]
fn a_dos_end_of_file_byte_is_whitespace() {
    assert_eq!(read("1. e4 e5 *\n\x1a"), ["e2e4 e7e5 *"]);
    assert_eq!(read("1. e4 e5 *\x1a"), ["e2e4 e7e5 *"]);
    assert_eq!(read("1. e4 e5 *\r\n\r\n\x1a\r\n"), ["e2e4 e7e5 *"]);
    assert_eq!(read("1. e4 *\n\x1a\n1. d4 *\n"), ["e2e4 *", "d2d4 *"]);
}

#[test]
fn lines_of_unicode_spaces_are_blank() {
    for space in [
        "\u{a0}",
        "\u{a0}\u{a0}",
        " \u{3000}\t",
        "\u{2028}",
        "\u{85}",
        "\x1c",
    ] {
        let pgn = format!("[Event \"a\"]\n{space}\n1. e4 *\n{space}\n1. d4 *\n{space}\n");
        assert_eq!(read(&pgn), ["e2e4 *", "d2d4 *"], "{pgn:?}");
    }
    // A zero-width space is no space: the line is part of the game.
    assert!(games("1. e4 *\n\u{200b}\n1. d4 *\n".as_bytes())[0].is_err());
}

#[test]
fn promotion_to_a_lowercase_bishop_without_equals_is_read() {
    let pgn = "[FEN \"1n5k/P7/8/8/8/8/8/7K w - - 0 1\"]\n\n1. a8b Kg7 *\n\n\
               [FEN \"1n5k/P7/8/8/8/8/8/7K w - - 0 1\"]\n\n1. axb8b *\n";
    assert_eq!(read(pgn), ["a7a8b h8g7 *", "a7b8b *"]);
}

#[test]
fn a_capture_mark_where_nothing_is_taken_is_read_past() {
    assert_eq!(
        read("1. e4 e5 2. Nf3 Nc6 3. Nxc3 *\n"),
        ["e2e4 e7e5 g1f3 b8c6 b1c3 *"]
    );
    // A pawn still needs something to take.
    let games = games(b"1. e4 e5 2. exd5 *\n");
    let error = games[0].as_ref().expect_err("no pawn takes on d5");
    assert!(
        matches!(&error.kind, ErrorKind::IllegalMove { san, .. } if san == "exd5"),
        "{error}"
    );
}

#[test]
fn a_bare_dollar_a_glued_result_and_en_passant_marks_are_read() {
    assert_eq!(read("1. e4 $ e5 $\n*\n"), ["e2e4 e7e5 *"]);
    assert_eq!(read("1. e4 e5*\n"), ["e2e4 e7e5 *"]);
    assert_eq!(
        read("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#1-0\n"),
        ["e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7 1-0"]
    );
    assert_eq!(
        read("1. e4 e5 2. Nf3 1/2-1/2\n"),
        ["e2e4 e7e5 g1f3 1/2-1/2"]
    );
    assert_eq!(
        read("1. e4 a6 2. e5 d5 3. exd6e.p. h5 4. a3 h4 5. g4 hxg3 e.p. *\n"),
        ["e2e4 a7a6 e4e5 d7d5 e5d6 h7h5 a2a3 h5h4 g2g4 h4g3 *"]
    );
}

#[test]
fn a_nag_past_255_is_an_error_naming_the_game_and_the_nag() {
    let games = games(b"1. e4 *\n\n1. e4 $255 e5 $256 *\n\n1. d4 *\n");
    assert_eq!(games.len(), 3);
    assert!(games[0].is_ok() && games[2].is_ok());
    let error = games[1].as_ref().expect_err("$256");
    assert_eq!((error.game, error.line, error.column), (2, 3, 15));
    assert!(
        matches!(&error.kind, ErrorKind::BadNag { nag } if nag == "$256"),
        "{error}"
    );
    assert_eq!(
        error.to_string(),
        "game 2 (line 3, column 15): NAG \"$256\" is past $255"
    );
    // In a skipped variation it is only passed over, as python-chess
    // passes over a skipped variation.
    let skipped = games_skipping_variations(b"1. e4 (1. d4 $999) e5 *\n");
    assert!(skipped[0].is_ok(), "{skipped:?}");
}

/// A NAG is its digits as a number: leading zeros are read past (as
/// python-chess's `int()` reads them), and past 255 it is an error however
/// the digits reach it.
#[test]
fn a_nag_is_its_digits_as_a_number() {
    let text = b"1. e4 $0000000000000000000255 e5 $001 $0 *\n\n1. e4 $1000 *\n\n\
                 1. e4 $00000000000000000000000000256 *\n\n1. e4 $260 *\n\n1. e4 $99999999999999999999999 *\n";
    let mut reader = Reader::new(&text[..]);
    let games: Vec<_> = std::iter::from_fn(|| Game::read(&mut reader)).collect();
    let first = games[0].as_ref().expect("NAGs 255, 1 and 0");
    let nags: Vec<Vec<u8>> = first
        .moves
        .moves
        .iter()
        .map(|node| node.nags.clone())
        .collect();
    assert_eq!(nags, [vec![255], vec![1, 0]]);
    for (game, nag) in games[1..].iter().zip([
        "$1000",
        "$00000000000000000000000000256",
        "$260",
        "$99999999999999999999999",
    ]) {
        let error = game.as_ref().expect_err(nag);
        assert!(
            matches!(&error.kind, ErrorKind::BadNag { nag: text } if text == nag),
            "{error}"
        );
    }
}

/// Each game read with the default visitor, which skips variations.
fn games_skipping_variations(text: &[u8]) -> Vec<Result<(), PgnError>> {
    struct Nothing;
    impl bitmoves_pgn::Visitor for Nothing {}
    let mut reader = Reader::new(text);
    std::iter::from_fn(|| reader.read_game(&mut Nothing)).collect()
}
