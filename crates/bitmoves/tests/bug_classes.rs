//! Hand-built regressions for the bugs peers have shipped in board, FEN and
//! legal move generation code (castling lives in `castling.rs`): each test names the law it checks and
//! asserts the exact legal-move set, or the moves that must be present or
//! absent, or the FEN after the move.

mod common;

use bitmoves::{Bitboard, Board, Color, GameStatus, Move, MoveList, ParseMoveError, Piece, Square};
use common::{
    after, assert_fen_after, assert_legal_moves, assert_some_moves, board, legal_uci, placement,
};

fn squares(list: &[Square]) -> Bitboard {
    list.iter()
        .fold(Bitboard::EMPTY, |set, sq| set | sq.bitboard())
}

// ---------------------------------------------------------------- en passant

/// En passant that removes both pawns from the king's rank, exposing the
/// king to a rook, is illegal (white).
#[test]
fn en_passant_exposing_the_king_along_the_rank_is_illegal() {
    let b = board("8/8/8/KPp4r/8/8/8/7k w - c6 0 2");
    assert_eq!(b.en_passant(), Some(Square::C6));
    assert_legal_moves(&b, &["a5a4", "a5a6", "a5b6", "b5b6"]);
    // Without the rook the same capture is legal.
    let free = board("8/8/8/KPp5/8/8/8/7k w - c6 0 2");
    assert_some_moves(&free, &["b5c6"], &[]);
    // A second pawn still shields the king after the capture.
    let shielded = board("8/8/8/KPpP3r/8/8/8/7k w - c6 0 2");
    assert_some_moves(&shielded, &["b5c6", "d5c6"], &[]);
}

/// The same law for Black: `c4b3` would empty the fourth rank between the
/// king on a4 and the rook on h4.
#[test]
fn en_passant_exposing_the_king_along_the_rank_is_illegal_for_black() {
    let b = board("7K/8/8/8/kPp4R/8/8/8 b - b3 0 2");
    assert_legal_moves(&b, &["a4a3", "a4b3", "a4b4", "a4b5", "c4c3"]);
}

/// En passant that removes the captured pawn from a diagonal between the
/// king and a bishop is illegal.
#[test]
fn en_passant_exposing_the_king_along_a_diagonal_is_illegal() {
    let b = board("8/8/2k5/8/3pP3/8/6B1/4K3 b - e3 0 1");
    assert_legal_moves(
        &b,
        &[
            "c6b5", "c6b6", "c6b7", "c6c5", "c6c7", "c6d6", "c6d7", "d4d3",
        ],
    );
}

/// A pawn pinned along a diagonal may capture en passant along that
/// diagonal (it still blocks the bishop), but may not push off it.
#[test]
fn pinned_pawn_may_capture_en_passant_along_its_pin() {
    let b = board("7b/8/8/4Pp2/8/2K5/8/k7 w - f6 0 2");
    assert_eq!(b.pinned(), Square::E5.bitboard());
    assert_legal_moves(
        &b,
        &[
            "e5f6", "c3b3", "c3b4", "c3c2", "c3c4", "c3d2", "c3d3", "c3d4",
        ],
    );
    assert_fen_after(&b, &["e5f6"], "7b/8/5P2/8/8/2K5/8/k7 b - - 0 2");
}

/// A pawn pinned along the other diagonal may not capture en passant: the
/// capture leaves the pin line.
#[test]
fn pinned_pawn_may_not_capture_en_passant_off_its_pin() {
    let b = board("1b6/8/8/4Pp2/8/6K1/8/k7 w - f6 0 2");
    assert_legal_moves(
        &b,
        &["g3f2", "g3f3", "g3f4", "g3g2", "g3h2", "g3h3", "g3h4"],
    );
}

/// A pawn pinned along a file may push along it but never capture, en
/// passant included.
#[test]
fn pawn_pinned_on_a_file_may_not_capture_en_passant() {
    let b = board("4r2k/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    assert_legal_moves(&b, &["e5e6", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
}

/// En passant answers a check given by the pawn that just made the double
/// step; a plain push does not.
#[test]
fn en_passant_may_capture_the_checking_pawn() {
    let b = board("8/8/8/6k1/4pP2/8/8/4K3 b - f3 0 1");
    assert_eq!(b.checkers(), Square::F4.bitboard());
    assert_legal_moves(
        &b,
        &[
            "e4f3", "g5f4", "g5f5", "g5f6", "g5g4", "g5g6", "g5h4", "g5h5", "g5h6",
        ],
    );
}

/// En passant never answers a check that the double step uncovered: the
/// capturing pawn lands off the checking line.
#[test]
fn en_passant_does_not_answer_a_discovered_check() {
    let b = board("8/8/8/8/4pP1k/8/8/4B1K1 b - f3 0 1");
    assert_eq!(b.checkers(), Square::E1.bitboard());
    assert_eq!(b.en_passant(), Some(Square::F3));
    assert_legal_moves(&b, &["h4g4", "h4h3", "h4h5"]);
}

// ---------------------------------------------------------------- promotions

/// A pawn reaching the last rank promotes to each of knight, bishop, rook
/// and queen, by pushing and by capturing: 12 moves from b7 here.
/// Law: counting sinks count en passant as the move list lists it. They
/// count it apart from the other pawn moves (`Board::en_passant_count`,
/// out of line): `move_count` equals the list's length, and bulk perft two
/// plies deep (whose last ply counts) equals full perft, on each position
/// above and with a pinned capturer, a pawn giving check and a rank pin.
#[test]
fn counting_counts_en_passant_as_the_list_lists_it() {
    use bitmoves::perft::{perft, perft_full};
    for fen in [
        "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
        "7K/8/8/8/kPp4R/8/8/8 b - b3 0 2",
        "8/8/2k5/8/3pP3/8/6B1/4K3 b - e3 0 1",
        "7b/8/8/4Pp2/8/2K5/8/k7 w - f6 0 2",
        "1b6/8/8/4Pp2/8/6K1/8/k7 w - f6 0 2",
        "4r2k/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
        "8/8/8/6k1/4pP2/8/8/4K3 b - f3 0 1",
        "8/8/8/8/4pP1k/8/8/4B1K1 b - f3 0 1",
        "8/8/8/2k5/3pP3/8/8/4K1B1 b - e3 0 1",
        "3k4/8/8/8/3pP3/8/8/3RK3 b - e3 0 1",
        "8/8/8/5k2/3pP3/8/8/4K3 b - e3 0 1",
        "8/8/8/8/3pP3/8/R6k/4K3 b - e3 0 1",
        "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1",
    ] {
        let b = board(fen);
        assert!(b.en_passant().is_some(), "{fen}");
        assert_eq!(b.move_count(), b.legal_moves().len(), "{fen}");
        assert_eq!(perft(&b, 1), b.legal_moves().len() as u64, "{fen}");
        assert_eq!(perft(&b, 2), perft_full(&b, 2), "{fen}");
    }
}

#[test]
fn promotion_to_every_piece_including_capture_promotions() {
    let b = board("r1n1k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let pawn_moves: Vec<String> = legal_uci(&b)
        .into_iter()
        .filter(|m| m.starts_with("b7"))
        .collect();
    let mut expected = Vec::new();
    for to in ["a8", "b8", "c8"] {
        for piece in ["b", "n", "q", "r"] {
            expected.push(format!("b7{to}{piece}"));
        }
    }
    assert_eq!(pawn_moves, expected);
    for text in &expected {
        let mv: Move = text.parse().unwrap();
        let mut next = b;
        next.play(mv).unwrap();
        assert_eq!(next.piece_on(mv.to), mv.promotion, "{text}");
        assert_eq!(next.color_on(mv.to), Some(Color::White), "{text}");
        assert_eq!(next.piece_on(Square::B7), None, "{text}");
        assert_eq!(next.halfmove_clock(), 0, "{text}");
    }
    // A promotion square without a piece, or with a king or a pawn, is not
    // a legal move.
    for promotion in [None, Some(Piece::King), Some(Piece::Pawn)] {
        let mv = Move {
            from: Square::B7,
            to: Square::B8,
            promotion,
        };
        assert!(!b.is_legal(mv), "{mv:?}");
    }
    // Nor is a promotion piece on a move that does not promote.
    assert!(!b.is_legal("e1e2q".parse().unwrap()));
    assert_eq!(
        Move::from_uci("b7b8k"),
        Err(ParseMoveError::InvalidPromotion { found: 'k' })
    );
}

/// Black promotes on the first rank, by push and by capture.
#[test]
fn black_promotes_on_the_first_rank() {
    let b = board("4k3/8/8/8/8/8/6p1/4K2R b - - 0 1");
    assert_some_moves(
        &b,
        &[
            "g2g1q", "g2g1r", "g2g1b", "g2g1n", "g2h1q", "g2h1r", "g2h1b", "g2h1n",
        ],
        &["g2g1", "g2h1"],
    );
    assert_fen_after(&b, &["g2h1n"], "4k3/8/8/8/8/8/8/4K2n w - - 0 2");
}

// ------------------------------------------------------- checks and status

/// In double check only the king may move: the bishop on g2 could take the
/// knight in single check, but not here.
#[test]
fn double_check_allows_only_king_moves() {
    let b = board("4r1k1/8/8/8/8/5n2/6B1/R3K2R w KQ - 0 1");
    assert_eq!(b.checkers(), squares(&[Square::E8, Square::F3]));
    assert_legal_moves(&b, &["e1d1", "e1f1", "e1f2"]);
    // The same knight alone: single check, which the bishop may answer.
    let single = board("6k1/8/8/8/8/5n2/6B1/R3K2R w KQ - 0 1");
    assert_some_moves(&single, &["g2f3"], &["e1g1"]);
}

/// `status()` tells checkmate (in check, no move), stalemate (not in
/// check, no move) and an ongoing game apart.
#[test]
fn status_tells_checkmate_stalemate_and_ongoing_apart() {
    let fools_mate = board("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert_eq!(fools_mate.status(), GameStatus::Checkmate);
    assert_eq!(fools_mate.checkers(), Square::H4.bitboard());
    let back_rank = board("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    assert_eq!(back_rank.status(), GameStatus::Checkmate);
    assert!(back_rank.legal_moves().is_empty());
    let stalemate = board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(stalemate.status(), GameStatus::Stalemate);
    assert!(!stalemate.is_check());
    assert_eq!(stalemate.move_count(), 0);
    assert_eq!(Board::default().status(), GameStatus::Ongoing);
}

/// `checkers`, `is_check` and `pinned` on known positions: a pin along a
/// file and a diagonal, a knight check, and a piece behind an enemy piece
/// that is not pinned.
#[test]
fn checkers_and_pinned_on_known_positions() {
    let file_pin = board("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1");
    assert!(!file_pin.is_check());
    assert_eq!(file_pin.checkers(), Bitboard::EMPTY);
    assert_eq!(file_pin.pinned(), Square::E2.bitboard());
    assert_legal_moves(&file_pin, &["e1d1", "e1d2", "e1f1", "e1f2"]);

    let diagonal_pin = board("4k3/8/8/b7/8/8/3P4/4K3 w - - 0 1");
    assert_eq!(diagonal_pin.pinned(), Square::D2.bitboard());
    assert_legal_moves(&diagonal_pin, &["e1d1", "e1e2", "e1f1", "e1f2"]);

    let knight_check = board("4k3/8/8/8/8/3n4/8/4K3 w - - 0 1");
    assert!(knight_check.is_check());
    assert_eq!(knight_check.checkers(), Square::D3.bitboard());
    assert_eq!(knight_check.pinned(), Bitboard::EMPTY);

    // Two pieces between king and rook: neither is pinned.
    let two_blockers = board("4k3/4r3/8/8/4p3/8/4B3/4K3 w - - 0 1");
    assert_eq!(two_blockers.pinned(), Bitboard::EMPTY);
    // An enemy piece between is never in our pinned set.
    let enemy_between = board("4k3/4r3/8/8/4p3/8/8/4K3 w - - 0 1");
    assert_eq!(enemy_between.pinned(), Bitboard::EMPTY);
    assert!(!enemy_between.is_check());
}

// ---------------------------------------------------------------- move lists

/// The position with the most legal moves known, 218, fits the list and is
/// counted alike by the list, the counter and perft.
#[test]
fn position_with_218_moves_fits_the_move_list() {
    let b = board("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1");
    assert_eq!(b.legal_moves().len(), 218);
    assert_eq!(b.move_count(), 218);
    assert_eq!(bitmoves::perft::perft(&b, 1), 218);
}

/// `MoveList::CAPACITY` is the bound its docs derive: a king (8), nine
/// queens (27 each), two rooks (14), two bishops (13) and two knights (8),
/// which is more than the 218 of any known position.
#[test]
fn move_list_capacity_is_the_documented_bound() {
    assert_eq!(MoveList::CAPACITY, 8 + 9 * 27 + 2 * 14 + 2 * 13 + 2 * 8);
    const { assert!(MoveList::CAPACITY >= 218) };
}

/// Boards with the most material validation allows (nine queens, two of
/// each other piece, a king) never overflow the list, wherever the pieces
/// stand. Black's king sits in a8 behind a7, b7 and b8 so that most
/// placements leave it out of check.
#[test]
fn maximal_material_never_overflows_the_move_list() {
    let pieces = "QQQQQQQQQRRBBNNK";
    let mut random = common::Random::new(0x9e37_79b9_7f4a_7c15);
    let mut accepted = 0;
    for _ in 0..2_000 {
        let mut cells = ['.'; 64];
        for (index, piece) in [(56, 'k'), (57, 'n'), (48, 'p'), (49, 'p')] {
            cells[index] = piece;
        }
        for piece in pieces.chars() {
            loop {
                let index = random.below(64);
                if cells[index] == '.' {
                    cells[index] = piece;
                    break;
                }
            }
        }
        let fen = format!("{} w - - 0 1", placement(&cells));
        let Ok(b) = Board::from_fen(&fen) else {
            continue;
        };
        accepted += 1;
        let moves = b.legal_moves();
        assert!(moves.len() <= MoveList::CAPACITY, "{fen}");
        assert_eq!(moves.len(), b.move_count(), "{fen}");
    }
    assert!(accepted > 500, "only {accepted} boards were valid");
}

// -------------------------------------------------------------- FEN numbers

/// FEN numbers never wrap: clocks past 65535, signs and the digits 0 and 9
/// in the placement are errors, and digits adding up past 8 are caught
/// without overflow.
#[test]
fn fen_numbers_never_wrap_or_overflow() {
    use bitmoves::FenError;
    let base = "4k3/8/8/8/8/8/8/4K3 w - -";
    for clock in ["65536", "99999999999999999999", "-1", "+1", "1e3", "0x10"] {
        assert!(
            matches!(
                Board::from_fen(&format!("{base} {clock} 1")),
                Err(FenError::InvalidHalfmoveClock { .. })
            ),
            "halfmove {clock}"
        );
        assert!(
            matches!(
                Board::from_fen(&format!("{base} 0 {clock}")),
                Err(FenError::InvalidFullmoveNumber { .. })
            ),
            "fullmove {clock}"
        );
    }
    let max = board(&format!("{base} 65535 65535"));
    assert_eq!(
        (max.halfmove_clock(), max.fullmove_number()),
        (65535, 65535)
    );
    assert!(matches!(
        Board::from_fen("4k3/8/8/8/8/8/8/4K2 w - - 0 1"),
        Err(FenError::WrongRankWidth { files: 7, .. })
    ));
    // Digits in a row are refused outright; the lenient mode adds them up
    // without overflowing.
    let wide = format!("4k3/8/8/8/8/8/8/{} w - - 0 1", "8".repeat(32));
    assert!(matches!(
        Board::from_fen(&wide),
        Err(FenError::ConsecutiveDigits { .. })
    ));
    let lenient = bitmoves::FenOptions {
        lenient: true,
        ..Default::default()
    };
    assert!(matches!(
        Board::from_fen_with(&wide, lenient),
        Err(FenError::WrongRankWidth { files: 256, .. })
    ));
    for digit in ['0', '9'] {
        assert!(matches!(
            Board::from_fen(&format!("4k3/8/8/8/8/8/8/4K2{digit} w - - 0 1")),
            Err(FenError::InvalidPiece { found, .. }) if found == digit
        ));
    }
    let many_pieces = format!("4k3/8/8/8/8/8/8/K{} w - - 0 1", "p".repeat(300));
    assert!(Board::from_fen(&many_pieces).is_err());
}

/// The clocks saturate at 65535 rather than wrapping to 0 when a move is
/// played.
#[test]
fn move_clocks_saturate_instead_of_wrapping() {
    let b = board("4k3/8/8/8/8/8/8/4K3 b - - 65535 65535");
    let next = after(&b, &["e8d8"]);
    assert_eq!(next.halfmove_clock(), 65535);
    assert_eq!(next.fullmove_number(), 65535);
    assert_eq!(next.to_string(), "3k4/8/8/8/8/8/8/4K3 w - - 65535 65535");
}
