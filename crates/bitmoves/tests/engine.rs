//! What a search needs from the board, by its laws on random playouts:
//! captures and quiets split the legal moves, `is_legal` and
//! `is_pseudo_legal` answer for any move without generating the list,
//! `gives_check` agrees with playing the move, the null move, attackers,
//! and the draw rules.

mod common;
mod playout;
mod reference;

use bitmoves::{Board, Color, GameStatus, Move, Piece, Square};
use common::board;
use proptest::prelude::*;
use std::collections::BTreeSet;

fn uci_set(moves: impl IntoIterator<Item = Move>) -> BTreeSet<String> {
    moves.into_iter().map(|mv| mv.to_string()).collect()
}

/// Moves to ask about: every legal move, every legal move of the same
/// position with the other side to move (moves "from another position"),
/// and garbage: every from/to pair of a few squares with every promotion.
fn questions(board: &Board, from: usize, to: usize) -> Vec<Move> {
    let mut moves: Vec<Move> = board.legal_moves().to_vec();
    let fen = board.to_string();
    let flipped = if fen.contains(" w ") {
        fen.replace(" w ", " b ")
    } else {
        fen.replace(" b ", " w ")
    };
    if let Ok(other) = Board::from_fen_with(
        &flipped.replacen(
            &format!(
                " {} ",
                board.en_passant().map_or("-".into(), |s| s.to_string())
            ),
            " - ",
            1,
        ),
        bitmoves::FenOptions {
            lenient: true,
            chess960: board.is_chess960(),
        },
    ) {
        moves.extend(other.legal_moves().iter());
    }
    let promotions = [
        None,
        Some(Piece::Knight),
        Some(Piece::Queen),
        Some(Piece::King),
        Some(Piece::Pawn),
    ];
    for (f, t) in [
        (from, to),
        (to, from),
        (from, (from + 8) % 64),
        (from, (from + 16) % 64),
    ] {
        for promotion in promotions {
            moves.push(Move {
                from: Square::from_index(f),
                to: Square::from_index(t),
                promotion,
            });
        }
    }
    // Castling spellings of both conventions, legal or not.
    for color in Color::ALL {
        let king = board.king(color);
        for to in [
            king.file().index().saturating_sub(2),
            (king.file().index() + 2).min(7),
            0,
            7,
        ] {
            moves.push(Move::new(
                king,
                Square::new(bitmoves::File::from_index(to), king.rank()),
            ));
        }
    }
    moves
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Captures (onto enemy pieces, en passant, and every promotion) and
    /// quiets are disjoint, and together they are the legal moves.
    #[test]
    fn captures_and_quiets_split_the_legal_moves(board in playout::position()) {
        let legal = uci_set(board.legal_moves());
        let captures = uci_set(board.captures());
        let quiets = uci_set(board.quiets());
        prop_assert!(captures.is_disjoint(&quiets), "{}", board);
        let union: BTreeSet<_> = captures.union(&quiets).cloned().collect();
        prop_assert_eq!(&union, &legal, "{}", board);
        for mv in board.captures() {
            let takes = board.color_on(mv.to) == Some(!board.side_to_move());
            let en_passant = Some(mv.to) == board.en_passant()
                && board.piece_on(mv.from) == Some(Piece::Pawn);
            prop_assert!(takes || en_passant || mv.promotion.is_some(), "{}: {}", board, mv);
        }
    }

    /// `is_legal` is membership in `legal_moves()`, for legal moves, moves
    /// of another position and garbage alike; `is_pseudo_legal` is
    /// membership in the reference's pseudo-legal moves (castling judged in
    /// full, as `is_legal` does), and every legal move is pseudo-legal.
    #[test]
    fn single_move_legality_agrees_with_the_lists(
        board in playout::position(),
        from in 0..64usize,
        to in 0..64usize,
    ) {
        let legal = uci_set(board.legal_moves());
        let pseudo = uci_set(reference::pseudo_legal(&board).into_iter().map(|c| c.mv));
        for mv in questions(&board, from, to) {
            let text = mv.to_string();
            prop_assert_eq!(board.is_legal(mv), legal.contains(&text), "{}: {}", board, text);
            let expected = if board.castling_side(mv).is_some() {
                legal.contains(&text)
            } else {
                pseudo.contains(&text)
            };
            prop_assert_eq!(board.is_pseudo_legal(mv), expected, "{}: {}", board, text);
            prop_assert!(!board.is_legal(mv) || board.is_pseudo_legal(mv));
        }
    }

    /// `gives_check(mv)` is whether the side to move is in check after
    /// playing it: direct, discovered, en passant, castling, promotions.
    #[test]
    fn gives_check_agrees_with_playing_the_move(board in playout::position()) {
        for mv in board.legal_moves() {
            let mut child = board;
            child.play_unchecked(mv);
            prop_assert_eq!(board.gives_check(mv), child.is_check(), "{}: {}", board, mv);
        }
    }

    /// `attackers_to` is the union of both sides' attackers found by the
    /// reference's walk out from the square.
    #[test]
    fn attackers_to_agrees_with_the_reference(board in playout::position(), square in 0..64usize) {
        let square = Square::from_index(square);
        let cells = reference::mailbox(&board);
        let expected: BTreeSet<Square> = Color::ALL
            .into_iter()
            .flat_map(|by| reference::attackers(&cells, square, by))
            .collect();
        let found: BTreeSet<Square> = board.attackers_to(square, board.occupied()).iter().collect();
        prop_assert_eq!(found, expected, "{} {}", board, square);
        for by in Color::ALL {
            prop_assert_eq!(
                board.is_attacked(square, by, board.occupied()),
                reference::attacked(&cells, square, by)
            );
        }
    }

    /// The null move passes: other side to move, no en passant square, the
    /// key as worked out from scratch; refused exactly when in check.
    #[test]
    fn null_move_passes_or_is_refused_in_check(board in playout::position()) {
        let mut passed = board;
        match passed.play_null() {
            Err(_) => {
                prop_assert!(board.is_check());
                prop_assert_eq!(passed, board);
            }
            Ok(()) => {
                prop_assert!(!board.is_check());
                prop_assert_eq!(passed.side_to_move(), !board.side_to_move());
                prop_assert_eq!(passed.en_passant(), None);
                let options = bitmoves::FenOptions { lenient: true, chess960: passed.is_chess960() };
                let fresh = Board::from_fen_with(&passed.to_string(), options).unwrap();
                prop_assert_eq!(passed.key(), fresh.key());
            }
        }
    }
}

#[test]
fn promotions_are_captures_and_castling_is_quiet() {
    let b = board("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let captures = uci_set(b.captures());
    assert!(captures.contains("b7a8q") && captures.contains("b7b8n"));
    let quiets = uci_set(b.quiets());
    assert!(quiets.contains("e1g1") && quiets.contains("e1c1"));
    assert!(!quiets.iter().any(|mv| mv.starts_with("b7")));
}

#[test]
fn gives_check_sees_the_rare_checks() {
    // En passant empties two squares of the rank: the rook behind them
    // checks a king on that rank, and no other.
    let discovered = board("8/8/8/R2pP2k/8/8/8/K7 w - d6 0 1");
    assert!(discovered.gives_check("e5d6".parse().unwrap()));
    let elsewhere = board("7k/8/8/R2pP3/8/8/8/K7 w - d6 0 1");
    assert!(!elsewhere.gives_check("e5d6".parse().unwrap()));
    // Castling with the rook giving check.
    let castle = board("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(castle.gives_check("e1g1".parse().unwrap()));
    // Promotion to a knight that checks, and to a queen that does not.
    let promote = board("8/4P3/8/3k4/8/8/8/K7 w - - 0 1");
    assert!(!promote.gives_check("e7e8q".parse().unwrap()));
    let promote = board("8/4P3/3k4/8/8/8/8/K7 w - - 0 1");
    assert!(promote.gives_check("e7e8n".parse().unwrap()));
}

#[test]
fn draws_by_material_and_the_fifty_move_rule() {
    for (fen, expected) in [
        (
            "8/8/4k3/8/8/8/4K3/8 w - - 0 1",
            GameStatus::InsufficientMaterial,
        ),
        (
            "8/8/4k3/8/8/2N5/4K3/8 w - - 0 1",
            GameStatus::InsufficientMaterial,
        ),
        (
            "8/8/4k3/8/8/2B5/4K3/8 b - - 0 1",
            GameStatus::InsufficientMaterial,
        ),
        ("8/8/2b1k3/8/8/2B5/4K3/8 w - - 0 1", GameStatus::Ongoing),
        (
            "8/8/3bk3/8/8/2B5/4K3/8 w - - 0 1",
            GameStatus::InsufficientMaterial,
        ),
        ("8/8/4k3/8/8/2BB4/4K3/8 w - - 0 1", GameStatus::Ongoing),
        ("8/8/4k3/8/8/2NN4/4K3/8 w - - 0 1", GameStatus::Ongoing),
        ("8/8/4kn2/8/8/2B5/4K3/8 w - - 0 1", GameStatus::Ongoing),
        ("8/8/4k3/8/8/2P5/4K3/8 w - - 0 1", GameStatus::Ongoing),
        ("8/8/4k3/8/8/2R5/4K3/8 w - - 99 80", GameStatus::Ongoing),
        (
            "8/8/4k3/8/8/2R5/4K3/8 w - - 100 80",
            GameStatus::FiftyMoveRule,
        ),
        // Mate on the hundredth half-move is mate.
        (
            "R5k1/5ppp/8/8/8/8/8/6K1 b - - 100 80",
            GameStatus::Checkmate,
        ),
        // Stalemate comes before insufficient material.
        ("k7/3N4/1K6/8/8/8/8/8 b - - 0 1", GameStatus::Stalemate),
    ] {
        assert_eq!(board(fen).status(), expected, "{fen}");
        assert_eq!(
            expected.is_draw(),
            !matches!(expected, GameStatus::Ongoing | GameStatus::Checkmate)
        );
    }
    assert_eq!(
        GameStatus::FiftyMoveRule.to_string(),
        "draw by the fifty-move rule"
    );
    assert_eq!(
        GameStatus::InsufficientMaterial.to_string(),
        "draw by insufficient material"
    );
}
