//! Tag values: the PGN escapes (`\"`, `\\`) and the quotes that writers
//! such as python-chess's leave unescaped, read as python-chess reads them,
//! and written back as python-chess writes them (see `write_tags.rs`).

use bitmoves_pgn::{Game, Reader};

/// The one game of `pgn`, read whole.
fn game(pgn: &str) -> Game {
    let mut reader = Reader::new(pgn.as_bytes());
    Game::read(&mut reader).expect("a game").expect("readable")
}

#[test]
fn escaped_quotes_and_backslashes_are_unescaped() {
    let game = game("[Event \"a \\\"b\\\" c\"]\n[Site \"x\\\\y\"]\n\n1. e4 *\n");
    assert_eq!(game.tag("Event"), Some("a \"b\" c"));
    assert_eq!(game.tag("Site"), Some("x\\y"));
}

/// Regression: `[Event "a "b""]` (python-chess writes quotes unescaped)
/// was dropped without a word; python-chess reads it as `a "b"`.
#[test]
fn an_unescaped_inner_quote_is_part_of_the_value() {
    let game = game("[Event \"a \"b\"\"]\n[White \"say \"hi\" now\"]  \n\n1. e4 *\n");
    assert_eq!(game.tag("Event"), Some("a \"b\""));
    assert_eq!(game.tag("White"), Some("say \"hi\" now"));
}

#[test]
fn a_value_with_quotes_is_written_as_it_is_and_reads_back_equal() {
    let first = game("[Event \"a \"b\"\"]\n[Site \"x\\\\y\"]\n\n1. e4 e5 *\n");
    let written = first.to_string();
    assert!(written.contains("[Event \"a \"b\"\"]"), "{written}");
    let again = game(&written);
    assert_eq!(again.tag("Event"), Some("a \"b\""));
    assert_eq!(again.tag("Site"), Some("x\\y"));
    assert_eq!(again.to_string(), written);
}

#[test]
fn a_tag_without_its_closing_quote_is_ignored_and_the_moves_still_read() {
    let game = game("[Event \"open]\n[Site \"s\"]\n\n1. e4 e5 *\n");
    assert_eq!(game.tag("Event"), None);
    assert_eq!(game.tag("Site"), Some("s"));
    assert_eq!(game.mainline().count(), 2);
}
