//! A [`PendingGame`] dropped unread is skipped: the reader's next game is
//! the one after it, on every buffer size (a game the buffer holds whole
//! and one it does not), never the same game again. And a tag a game
//! repeats reads as its last value.

use bitmoves_pgn::{Game, Reader};
use std::io::BufReader;

const TEXT: &str = "[Event \"one\"]\n\n1. e4 e5 2. Nf3 *\n\n\
                    [Event \"two\"]\n\n1. d4 d5 *\n\n\
                    [Event \"three\"]\n\n1. c4 { a long comment } c5 *\n";

#[test]
fn a_pending_game_dropped_unread_is_skipped() {
    for capacity in [1, 2, 7, 16, 64, 4096] {
        let mut reader = Reader::new(BufReader::with_capacity(capacity, TEXT.as_bytes()));
        // Drop every odd game unread, read the others.
        let mut events = Vec::new();
        let mut handed_out = 0;
        while let Some(game) = reader.next_game() {
            handed_out += 1;
            assert!(
                handed_out <= 3,
                "capacity {capacity}: a game handed out twice"
            );
            let number = game.number();
            if number % 2 == 1 {
                drop(game);
                continue;
            }
            let game = Game::from_pending(game).expect("game two reads");
            events.push(game.tag("Event").unwrap_or_default().to_owned());
        }
        assert_eq!(events, ["two"], "capacity {capacity}");
        assert_eq!(handed_out, 3, "capacity {capacity}");
    }
}

#[test]
fn a_repeated_tag_reads_as_its_last_value_as_python_chess_keeps_it() {
    let text = "[Event \"first\"]\n[Site \"x\"]\n[Event \"last\"]\n\n1. e4 *\n";
    let mut reader = Reader::new(text.as_bytes());
    let game = Game::read(&mut reader).expect("a game").expect("it reads");
    assert_eq!(game.tag("Event"), Some("last"));
    assert_eq!(game.tag("Site"), Some("x"));
    assert_eq!(game.tag("Round"), None);
}
