//! The writer's law, shared by the hostile-input tests and the `pgn` fuzz
//! target (which includes this file with `#[path]`).

use bitmoves_pgn::{Game, Reader};

/// The writer's law: `game` written as PGN reads back whole, as the same
/// moves from the same start.
pub fn assert_writes_back(game: &Game) {
    let written = game.to_string();
    let again = Game::read(&mut Reader::new(written.as_bytes()))
        .expect("the written game")
        .unwrap_or_else(|e| panic!("{e}\n{written}"));
    assert_eq!(again.moves, game.moves, "{written}");
    assert_eq!(again.start, game.start, "{written}");
}
