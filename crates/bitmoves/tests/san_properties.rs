//! The laws of SAN, checked on every position of random playouts from the
//! suite positions (standard and Chess960).

mod common;
mod playout;

use bitmoves::{Board, Move, SanError};
use playout::playout;
use proptest::prelude::*;
use std::collections::HashSet;

/// The SAN of every legal move, with the move.
fn all_san(board: &Board) -> Vec<(Move, String)> {
    board
        .legal_moves()
        .iter()
        .map(|&mv| {
            let san = board
                .san(mv)
                .unwrap_or_else(|e| panic!("{board}: {mv}: {e}"));
            (mv, san.to_string())
        })
        .collect()
}

/// A piece move's SAN split into letter, disambiguation, `x` and the
/// rest (to-square and check mark); `None` for pawns and castling.
fn split_piece_san(san: &str) -> Option<(char, &str, &str, &str)> {
    let letter = san.chars().next().filter(|c| "NBRQK".contains(*c))?;
    let body = san.trim_end_matches(['+', '#']);
    let (middle, capture) = match body[1..body.len() - 2].strip_suffix('x') {
        Some(middle) => (middle, "x"),
        None => (&body[1..body.len() - 2], ""),
    };
    let rest = &san[body.len() - 2..];
    Some((letter, middle, capture, rest))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Reading a move's SAN gives the move back: parse_san(san(mv)) == mv
    /// for every legal move.
    #[test]
    fn parse_san_inverts_san((path, _) in playout()) {
        for board in &path {
            for (mv, san) in all_san(board) {
                prop_assert_eq!(board.parse_san(&san), Ok(mv), "{} {}", board, san);
            }
        }
    }

    /// The SANs of a position's legal moves are all different.
    #[test]
    fn every_san_of_a_position_is_distinct((path, _) in playout()) {
        for board in &path {
            let sans = all_san(board);
            let distinct: HashSet<&str> = sans.iter().map(|(_, s)| s.as_str()).collect();
            prop_assert_eq!(distinct.len(), sans.len(), "{} {:?}", board, sans);
        }
    }

    /// A SAN ends in `+` or `#` exactly when the move gives check, and in
    /// `#` exactly when it gives checkmate; no other `+` or `#` appears.
    #[test]
    fn check_marks_are_exactly_checks_and_mates((path, _) in playout()) {
        for board in &path {
            for (mv, san) in all_san(board) {
                let mut after = *board;
                after.play(mv).unwrap();
                let mate = after.is_check() && !after.has_legal_moves();
                prop_assert_eq!(san.ends_with('+') || san.ends_with('#'), after.is_check(), "{} {}", board, san);
                prop_assert_eq!(san.ends_with('#'), mate, "{} {}", board, san);
                let marks = san.matches(['+', '#']).count();
                prop_assert!(marks <= 1, "{} {}", board, san);
            }
        }
    }

    /// Disambiguation is minimal: a piece SAN without its file-or-rank is
    /// ambiguous, and one written with both would be ambiguous with either
    /// alone. Without any it parses to the same move.
    #[test]
    fn disambiguation_is_the_least_that_works((path, _) in playout()) {
        for board in &path {
            for (mv, san) in all_san(board) {
                let Some((letter, middle, capture, rest)) = split_piece_san(&san) else {
                    continue;
                };
                let bare = format!("{letter}{capture}{rest}");
                if middle.is_empty() {
                    prop_assert_eq!(board.parse_san(&bare), Ok(mv), "{} {}", board, san);
                    continue;
                }
                let is_ambiguous = |text: &str| matches!(board.parse_san(text), Err(SanError::Ambiguous { .. }));
                prop_assert!(is_ambiguous(&bare), "{} {}: {} should be ambiguous", board, san, bare);
                if middle.len() == 2 {
                    for one in [&middle[..1], &middle[1..]] {
                        let text = format!("{letter}{one}{capture}{rest}");
                        prop_assert!(is_ambiguous(&text), "{} {}: {} should be ambiguous", board, san, text);
                    }
                }
            }
        }
    }

    /// The accepted variants name the same move: long algebraic (the UCI
    /// text, and with `-`), zeros for castling, no or another check mark,
    /// annotation marks, a missing `x`.
    #[test]
    fn accepted_variants_parse_to_the_same_move((path, _) in playout()) {
        for board in &path {
            for (mv, san) in all_san(board) {
                let body = san.trim_end_matches(['+', '#']);
                let mut variants = vec![
                    body.to_string(),
                    format!("{body}+"),
                    format!("{body}#"),
                    format!("{san}!?"),
                    format!("{body}??"),
                ];
                if san.starts_with('O') {
                    variants.push(san.replace('O', "0"));
                } else {
                    let uci = mv.to_string();
                    let letter = san.chars().next().filter(char::is_ascii_uppercase);
                    let prefix = letter.map(String::from).unwrap_or_default();
                    variants.push(format!("{prefix}{uci}"));
                    variants.push(format!("{prefix}{}-{}", &uci[..2], &uci[2..]));
                    variants.push(san.replacen('x', "", 1));
                }
                for text in variants {
                    prop_assert_eq!(board.parse_san(&text), Ok(mv), "{} {} as {}", board, san, text);
                }
            }
        }
    }

    /// On random SAN-like text parse_san never panics, and any move it
    /// returns is legal (and its own SAN reads back as it).
    #[test]
    fn parse_san_returns_only_legal_moves(
        (path, _) in playout(),
        texts in prop::collection::vec("[NBRQKPO0a-hx1-8=+#!?-]{0,8}", 16),
    ) {
        for board in &path {
            for text in &texts {
                if let Ok(mv) = board.parse_san(text) {
                    prop_assert!(board.is_legal(mv), "{} {:?} gave {}", board, text, mv);
                    let san = board.san(mv).unwrap();
                    prop_assert_eq!(board.parse_san(&san), Ok(mv));
                }
            }
        }
    }
}
