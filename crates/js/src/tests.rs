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

#[test]
fn a_position_without_a_king_plays_on_the_loose_engine() {
    // chess.js loads it with skipValidation and moves the rook and king.
    let game = new_game("8/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert!(matches!(game.engine, Some(engine::Engine::Loose(_))));
    let sans: Vec<String> = game.legal(None, None).iter().map(|m| game.san(m)).collect();
    assert_eq!(sans.len(), 10 + 5 + 1, "{sans:?}"); // rook, king, O-O-O
    assert_eq!(sans.last().map(String::as_str), Some("O-O-O"));
}

#[test]
fn a_pawn_on_its_own_back_rank_steps_one_square() {
    let game = new_game("4k3/8/8/8/8/8/8/P3K3 w - - 0 1");
    let sans: Vec<String> = game.legal(None, None).iter().map(|m| game.san(m)).collect();
    assert!(sans.contains(&"a2".to_owned()), "{sans:?}");
    assert!(!sans.contains(&"a3".to_owned()), "{sans:?}");
}

#[test]
fn fen_fields_encode_the_fen() {
    let fen = "r3k2r/1p6/8/3pP3/8/8/8/R3K1NR w KQk d6 0 12";
    let handle = bm_new();
    with(handle, |game| game.load(fen));
    let at = crate::fen::bm_fen_fields(handle);
    // SAFETY: bm_fen_fields returns a pointer to 13 i32s that live as long
    // as the thread.
    let out = unsafe { std::slice::from_raw_parts(at, 13) };
    // The 8th rank: a rook (black: 4 + 6) on a, king on e, rook on h.
    assert_eq!(out[0], 10 + 12 * 13i32.pow(4) + 10 * 13i32.pow(7));
    assert_eq!(out[7] % 13, 4); // a white rook on a1
    assert_eq!(&out[8..], &[0, 1 | 2 | 4, 43, 0, 12]); // d6 is 43
    bm_free(handle);
}
