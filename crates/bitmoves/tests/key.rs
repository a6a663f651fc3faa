//! The position key: the published Polyglot test keys, the incremental key
//! equal to the key worked out from scratch on random playouts, and
//! transpositions meeting on one key.

mod common;
mod playout;

use bitmoves::{Board, Move};
use common::{after, board};
use proptest::prelude::*;

/// The test positions published with the Polyglot book format: the moves
/// from the start position, and the key after them.
const POLYGLOT_KEYS: [(&str, u64); 9] = [
    ("", 0x463b96181691fc9c),
    ("e2e4", 0x823c9b50fd114196),
    ("e2e4 d7d5", 0x0756b94461c50fb0),
    ("e2e4 d7d5 e4e5", 0x662fafb965db29d4),
    ("e2e4 d7d5 e4e5 f7f5", 0x22a48b5a8e47ff78),
    ("e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a607ca3f242c1),
    ("e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fdd303c946bdd9),
    ("a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c8123ea7b067637),
    ("a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f9b829b279560),
];

#[test]
fn published_polyglot_keys_match() {
    for (moves, expected) in POLYGLOT_KEYS {
        let moves: Vec<&str> = moves.split_whitespace().collect();
        let played = after(&Board::default(), &moves);
        assert_eq!(played.key(), expected, "after {moves:?}: {played}");
        // The FEN parser works the key out from scratch: same answer.
        assert_eq!(board(&played.to_string()).key(), expected, "{played}");
    }
}

/// The en passant file counts when a pawn of the side to move stands
/// beside the double-stepped pawn, even when the capture is illegal.
#[test]
fn en_passant_file_counts_even_when_the_capture_is_illegal() {
    // Black's d4 pawn is pinned to its king on a4 by the rook on h4, so
    // dxe3 is illegal; Polyglot still hashes the file.
    let with_square = board("8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1");
    let played = after(&with_square, &["e2e4"]);
    assert_eq!(played.en_passant(), Some("e3".parse().unwrap()));
    assert!(!common::is_legal_uci(&played, "d4e3"));
    let without = board("8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1");
    assert_ne!(played.key(), without.key());
    // Board equality follows the same rule (docs/library.md says so).
    assert_ne!(played, without);
    assert_eq!(played.legal_en_passant(), without.legal_en_passant());
    // A double step with no pawn beside it leaves no file to hash.
    let quiet = after(&Board::default(), &["e2e4"]);
    assert_eq!(quiet.en_passant(), None);
}

#[test]
fn transpositions_meet_on_one_key() {
    let start = Board::default();
    let a = after(&start, &["g1f3", "g8f6", "b1c3", "b8c6"]);
    let b = after(&start, &["b1c3", "b8c6", "g1f3", "g8f6"]);
    assert_eq!(a.key(), b.key());
    assert_eq!(a, b);
    // Clocks are not in the key: knights out and back.
    let back = after(&start, &["g1f3", "g8f6", "f3g1", "f6g8"]);
    assert_eq!(back.key(), start.key());
    assert_ne!(back.halfmove_clock(), start.halfmove_clock());
    // Castling rights are: a rook out and back has lost its right.
    let rook = after(
        &board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
        &["h1h2", "h8h7", "h2h1", "h7h8"],
    );
    assert_ne!(
        rook.key(),
        board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").key()
    );
    assert_eq!(
        rook.key(),
        board("r3k2r/8/8/8/8/8/8/R3K2R w Qq - 4 3").key()
    );
}

#[test]
fn every_suite_position_key_is_the_from_scratch_key_of_its_children() {
    for entry in common::all_entries() {
        for mv in entry.board.legal_moves() {
            let mut child = entry.board;
            child.play(mv).unwrap();
            let fresh = Board::from_fen_with(&child.to_string(), lenient_960(&child)).unwrap();
            assert_eq!(child.key(), fresh.key(), "{} then {mv}", entry.fen);
        }
    }
}

/// FEN options that read back what `board` wrote (suite positions may
/// need the lenient mode; Chess960 boards keep their mode through FEN).
fn lenient_960(board: &Board) -> bitmoves::FenOptions {
    bitmoves::FenOptions {
        lenient: true,
        chess960: board.is_chess960(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// For every position of a random playout, the key kept by `play` is
    /// the key worked out from scratch from the position's FEN.
    #[test]
    fn incremental_key_is_the_from_scratch_key((path, _) in playout::playout()) {
        for board in path {
            let fresh = Board::from_fen_with(&board.to_string(), lenient_960(&board)).unwrap();
            prop_assert_eq!(board.key(), fresh.key(), "{}", board);
        }
    }

    /// Playing a move changes the key (no move leaves the position as it
    /// was, and a 64-bit collision among a handful of children is not
    /// expected).
    #[test]
    fn every_move_changes_the_key(board in playout::position()) {
        for mv in board.legal_moves() {
            let mut child = board;
            child.play_unchecked(mv);
            prop_assert_ne!(child.key(), board.key(), "{} {}", board, Move::to_string(&mv));
        }
    }
}
