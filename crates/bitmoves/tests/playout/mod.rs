//! Random legal positions for property tests: random playouts of up to 40
//! plies from the suite positions.

#![allow(dead_code)]

use super::common;
use bitmoves::Board;
use proptest::prelude::*;
use std::sync::OnceLock;

/// The starting positions: every `standard.epd` and `tricky.epd` entry and
/// every 10th `fischer.epd` entry, with whether each parses strictly.
pub fn starts() -> &'static [(Board, bool)] {
    static STARTS: OnceLock<Vec<(Board, bool)>> = OnceLock::new();
    STARTS.get_or_init(|| {
        common::all_entries()
            .into_iter()
            .filter(|e| e.file != "fischer.epd" || e.line % 10 == 1)
            .map(|e| (e.board, Board::from_fen(&e.fen).is_ok()))
            .collect()
    })
}

/// A random game: a start position and up to 40 plies, each choosing a
/// move by index among the legal ones. Yields every position on the way
/// (the start included), and whether the start is strictly valid.
pub fn playout() -> impl Strategy<Value = (Vec<Board>, bool)> {
    (
        0..starts().len(),
        prop::collection::vec(any::<u16>(), 0..40),
    )
        .prop_map(|(start, choices)| {
            let (mut board, strict) = starts()[start];
            let mut path = vec![board];
            for choice in choices {
                let moves = board.legal_moves();
                if moves.is_empty() {
                    break;
                }
                board.play_unchecked(moves[usize::from(choice) % moves.len()]);
                path.push(board);
            }
            (path, strict)
        })
}

/// One random position: the last board of a [`playout`].
pub fn position() -> impl Strategy<Value = Board> {
    playout().prop_map(|(path, _)| path[path.len() - 1])
}
