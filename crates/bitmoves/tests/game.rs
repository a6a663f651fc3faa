//! `Game`: undo, repetition counts (with the legal en passant rule), and
//! the draws that need the history.

mod common;

use bitmoves::{Board, Game, GameStatus};
use common::board;

fn play(game: &mut Game, moves: &str) {
    for uci in moves.split_whitespace() {
        let mv = game
            .board()
            .parse_move(uci)
            .unwrap_or_else(|e| panic!("{uci}: {e}"));
        game.play(mv).unwrap();
    }
}

const KNIGHTS_OUT_AND_BACK: &str = "g1f3 g8f6 f3g1 f6g8";

#[test]
fn repetitions_count_up_to_fivefold() {
    let mut game = Game::default();
    assert_eq!(game.repetitions(), 1);
    for expected in 2..=5 {
        play(&mut game, KNIGHTS_OUT_AND_BACK);
        assert_eq!(game.repetitions(), expected);
        // At the fifth time the game is drawn already: nothing to claim.
        assert_eq!(game.can_claim_draw(), (3..5).contains(&expected));
    }
    assert_eq!(game.status(), GameStatus::FivefoldRepetition);
    game.undo();
    assert_eq!(
        game.repetitions(),
        4,
        "after f6g8 is taken back: Nf6 on the board"
    );
    assert_eq!(game.status(), GameStatus::Ongoing);
}

#[test]
fn a_pawn_move_ends_the_repetitions() {
    let mut game = Game::default();
    play(&mut game, KNIGHTS_OUT_AND_BACK);
    play(&mut game, "e2e4 e7e5");
    play(&mut game, KNIGHTS_OUT_AND_BACK);
    assert_eq!(game.repetitions(), 2, "the position after 1.e4 e5, twice");
}

#[test]
fn undo_takes_back_moves_to_the_start() {
    let mut game = Game::new(board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    play(&mut game, "e1g1 e8c8");
    assert_eq!(game.moves().len(), 2);
    assert_eq!(game.undo().unwrap().to_string(), "e8c8");
    assert_eq!(game.undo().unwrap().to_string(), "e1g1");
    assert_eq!(game.undo(), None);
    assert_eq!(game.board(), game.start());
    // An illegal move leaves the game as it was.
    let before = game.clone();
    assert!(game.play("e1e3".parse().unwrap()).is_err());
    assert_eq!(game, before);
}

/// An en passant square whose capture is illegal does not make a position
/// different for repetition; one whose capture is legal does.
#[test]
fn only_a_legal_en_passant_capture_makes_a_position_different() {
    // Black's d4 pawn is pinned along the fourth rank: after e2e4 the
    // board keeps e3 (the FEN rule) but dxe3 is illegal.
    let start = board("8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1");
    let mut game = Game::new(start);
    play(&mut game, "e2e4");
    assert!(game.board().en_passant().is_some());
    assert_eq!(game.board().legal_en_passant(), None);
    play(&mut game, "a4a3 e1d1 a3a4 d1e1");
    assert_eq!(game.repetitions(), 2);
    // Without the pin the capture is legal, and the first position differs.
    let start = board("8/8/8/8/3p3R/k7/4P3/4K3 w - - 0 1");
    let mut game = Game::new(start);
    play(&mut game, "e2e4");
    assert!(game.board().legal_en_passant().is_some());
    play(&mut game, "a3a2 e1d1 a2a3 d1e1");
    assert_eq!(game.repetitions(), 1);
}

#[test]
fn seventy_five_moves_draw_without_a_claim() {
    let mut game = Game::new(board("8/8/4k3/8/8/2R5/4K3/8 w - - 148 90"));
    assert_eq!(game.status(), GameStatus::FiftyMoveRule);
    assert!(game.can_claim_draw());
    play(&mut game, "c3c4 e6e5");
    assert_eq!(game.status(), GameStatus::SeventyFiveMoveRule);
    // Mate on the last move counts as mate.
    let mate = Game::new(Board::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 150 90").unwrap());
    assert_eq!(mate.status(), GameStatus::Checkmate);
    assert!(!mate.can_claim_draw());
}
