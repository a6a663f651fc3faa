//! Helpers for the hand-built position tests: strict FEN parsing that
//! names the FEN on failure, and legal moves as sorted UCI strings.

#![allow(dead_code)]

use bitmoves::{Board, FenOptions, Move};
use std::collections::BTreeSet;

/// Parses a FEN strictly, panicking with the FEN and the error.
pub fn board(fen: &str) -> Board {
    Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Parses a FEN strictly with the board forced into Chess960 mode.
pub fn board960(fen: &str) -> Board {
    let options = FenOptions {
        chess960: true,
        ..FenOptions::default()
    };
    Board::from_fen_with(fen, options).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves of `board` as a sorted set of UCI strings.
pub fn legal_uci(board: &Board) -> BTreeSet<String> {
    board.legal_moves().iter().map(Move::to_string).collect()
}

/// Whether `uci` is among the legal moves.
pub fn is_legal_uci(board: &Board, uci: &str) -> bool {
    legal_uci(board).contains(uci)
}

/// Asserts that the legal moves are exactly `expected`, showing the FEN
/// and the difference on failure.
pub fn assert_legal_moves(board: &Board, expected: &[&str]) {
    let actual = legal_uci(board);
    let expected: BTreeSet<String> = expected.iter().map(|s| s.to_string()).collect();
    let missing: Vec<_> = expected.difference(&actual).collect();
    let extra: Vec<_> = actual.difference(&expected).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "{board}\n  missing: {missing:?}\n  extra:   {extra:?}"
    );
    assert_eq!(board.move_count(), expected.len(), "{board}: move_count");
}

/// Asserts that each of `present` is legal and none of `absent` is.
pub fn assert_some_moves(board: &Board, present: &[&str], absent: &[&str]) {
    let actual = legal_uci(board);
    for mv in present {
        assert!(
            actual.contains(*mv),
            "{board}: {mv} should be legal; legal: {actual:?}"
        );
    }
    for mv in absent {
        assert!(
            !actual.contains(*mv),
            "{board}: {mv} should be illegal; legal: {actual:?}"
        );
        let parsed: Move = mv.parse().expect("UCI spelling");
        assert!(
            !board.is_legal(parsed),
            "{board}: is_legal({mv}) should be false"
        );
    }
}

/// Plays UCI moves in order (each must be legal) and returns the board.
pub fn after(board: &Board, moves: &[&str]) -> Board {
    let mut board = *board;
    for text in moves {
        let mv = board
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{board}: {text}: {e}"));
        board.play(mv).unwrap_or_else(|e| panic!("{board}: {e}"));
    }
    board
}

/// Asserts the FEN of the board after playing `moves` from `board`.
pub fn assert_fen_after(board: &Board, moves: &[&str], expected: &str) {
    assert_eq!(
        after(board, moves).to_string(),
        expected,
        "{board} after {moves:?}"
    );
}

/// The FEN placement field of 64 cells indexed like `Square` (a1 = 0),
/// holding FEN piece letters or `.` for an empty square.
pub fn placement(cells: &[char; 64]) -> String {
    let mut ranks = Vec::new();
    for rank in cells.chunks(8).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for &cell in rank {
            if cell == '.' {
                empty += 1;
                continue;
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
                empty = 0;
            }
            text.push(cell);
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        ranks.push(text);
    }
    ranks.join("/")
}
