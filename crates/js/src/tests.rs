//! The engine's native tests: chess.js's order, SAN forms and state.

use super::*;
use crate::play::stripped;

fn new_game(fen: &str) -> Game {
    let mut game = Game::default();
    game.load(fen);
    game
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn the_start_has_twenty_moves_in_chess_js_order() {
    let game = new_game(START);
    let sans: Vec<String> = game.legal(None, None).iter().map(|m| game.san(m)).collect();
    assert_eq!(
        sans.join(" "),
        "a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 g3 g4 h3 h4 Na3 Nc3 Nf3 Nh3"
    );
    assert_eq!(game.fen(false), START);
}

#[test]
fn stripping_follows_chess_js() {
    assert_eq!(stripped("e8=Q+"), "e8Q");
    assert_eq!(stripped("Nf3!?"), "Nf3");
    assert_eq!(stripped("O-O#"), "O-O");
}

#[test]
fn a_double_step_sets_the_square_only_beside_an_enemy_pawn() {
    let mut game = new_game(START);
    let e4 = game
        .legal(None, None)
        .into_iter()
        .find(|m| game.san(m) == "e4")
        .unwrap();
    game.play(e4, "e4".into());
    assert_eq!(game.fields.ep, None);
    assert_eq!(
        game.fen(false),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    assert!(game.undo().is_some());
    assert_eq!(game.fen(false), START);
}

#[test]
#[allow(clippy::field_reassign_with_default)] // `counts` is private to `game`
fn chess960_keeps_its_castling_rights() {
    let mut game = Game::default();
    game.chess960 = true;
    game.load("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    assert!(game.engine.is_some());
    assert_eq!(
        game.fen(false),
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"
    );
    let fen = "bqn2rkr/pp2bpp1/3p4/2p1Bp1p/4P3/PP1P4/N5PP/1Q1BNRKR b KQkq - 1 15";
    let options = bitmoves::FenOptions {
        lenient: true,
        chess960: true,
    };
    let board = bitmoves::Board::from_fen_cleaned(fen, options).unwrap();
    assert_eq!(board.to_string(), fen);
}
