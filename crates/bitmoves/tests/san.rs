//! SAN by example: how each kind of move is written, which variants
//! `parse_san` accepts and rejects, and what its errors say.

mod common;

use bitmoves::{Board, CastlingSide, Move, Piece, San, SanError, Square};
use common::{board, board960};

/// The SAN of the UCI move `uci`, which must be legal.
fn san(board: &Board, uci: &str) -> String {
    let mv = board
        .parse_move(uci)
        .unwrap_or_else(|e| panic!("{board}: {uci}: {e}"));
    board
        .san(mv)
        .unwrap_or_else(|e| panic!("{board}: {uci}: {e}"))
        .to_string()
}

/// The UCI text of the move `text` names, which must parse.
fn parsed(board: &Board, text: &str) -> String {
    board
        .parse_san(text)
        .unwrap_or_else(|e| panic!("{board}: {text:?}: {e}"))
        .to_string()
}

/// Asserts that `text` is a syntax error at byte `at`.
fn assert_syntax_error(board: &Board, text: &str, at: usize) {
    match board.parse_san(text) {
        Err(SanError::Syntax { at: actual, .. }) => {
            assert_eq!(actual, at, "{text:?}: wrong error position")
        }
        other => panic!("{text:?}: expected a syntax error at {at}, got {other:?}"),
    }
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

// ------------------------------------------------------------------ writing

#[test]
fn pieces_pawns_and_captures_are_written_with_letters_and_x() {
    let b = board(KIWIPETE);
    assert_eq!(san(&b, "e5f7"), "Nxf7");
    assert_eq!(san(&b, "d5e6"), "dxe6");
    assert_eq!(san(&b, "d5d6"), "d6");
    assert_eq!(san(&b, "g2h3"), "gxh3");
    assert_eq!(san(&b, "f3f6"), "Qxf6");
    assert_eq!(san(&b, "e1f1"), "Kf1");
    assert_eq!(san(&b, "a1b1"), "Rb1");
}

#[test]
fn castling_is_written_o_o_on_standard_and_chess960_boards() {
    let b = board(KIWIPETE);
    assert_eq!(san(&b, "e1g1"), "O-O");
    assert_eq!(san(&b, "e1c1"), "O-O-O");
    // Chess960: king b1, rooks a1 and h1; castling is king-takes-rook.
    let b = board960("r5kr/8/8/8/8/8/8/RK5R w HAha - 0 1");
    assert_eq!(san(&b, "b1a1"), "O-O-O");
    assert_eq!(san(&b, "b1h1"), "O-O");
    // The king's ordinary step to c1 is a king move, not castling.
    assert_eq!(san(&b, "b1c1"), "Kc1");
    assert_eq!(parsed(&b, "Kc1"), "b1c1");
    assert_eq!(parsed(&b, "O-O-O"), "b1a1");
}

#[test]
fn castling_that_checks_gets_its_mark() {
    let b = board("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(san(&b, "e1g1"), "O-O+");
    assert_eq!(parsed(&b, "O-O+"), "e1g1");
}

#[test]
fn en_passant_is_a_capture() {
    let b = board("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    assert_eq!(san(&b, "e5d6"), "exd6");
    assert_eq!(parsed(&b, "exd6"), "e5d6");
    assert_eq!(parsed(&b, "ed6"), "e5d6");
}

#[test]
fn promotions_name_their_piece_and_may_check_or_mate() {
    let b = board("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(san(&b, "a7a8q"), "a8=Q");
    assert_eq!(san(&b, "a7a8n"), "a8=N");
    assert_eq!(san(&b, "a7b8q"), "axb8=Q+");
    assert_eq!(san(&b, "a7b8r"), "axb8=R+");
    assert_eq!(san(&b, "a7b8b"), "axb8=B");
    // Back-rank mate by promotion.
    let b = board("6k1/4Pppp/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(san(&b, "e7e8q"), "e8=Q#");
    assert_eq!(san(&b, "e7e8r"), "e8=R#");
    assert_eq!(san(&b, "e7e8b"), "e8=B");
}

#[test]
fn disambiguation_is_by_file_else_rank_else_both() {
    // Knights b8 and f6 both reach d7: the file tells them apart.
    let b = board("rn2kb1r/ppp2ppp/5n2/3pp3/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(san(&b, "b8d7"), "Nbd7");
    assert_eq!(san(&b, "f6d7"), "Nfd7");
    // Rooks a1 and a5 share the file: the rank tells them apart.
    let b = board("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert_eq!(san(&b, "a1a3"), "R1a3");
    assert_eq!(san(&b, "a5a3"), "R5a3");
    // Queens e4, h4 and h1 all reach e1: h4 shares its file with h1 and
    // its rank with e4, so it needs both.
    let b = board("8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1");
    assert_eq!(san(&b, "h4e1"), "Qh4e1");
    assert_eq!(san(&b, "e4e1"), "Qee1");
    assert_eq!(san(&b, "h1e1"), "Q1e1");
    assert_eq!(parsed(&b, "Qh4e1"), "h4e1");
    assert!(matches!(
        b.parse_san("Qe1"),
        Err(SanError::Ambiguous { candidates, .. }) if candidates.len() == 3
    ));
    assert!(matches!(
        b.parse_san("Qhe1"),
        Err(SanError::Ambiguous { candidates, .. })
            if candidates == Square::H4.bitboard() | Square::H1.bitboard()
    ));
}

#[test]
fn pinned_pieces_do_not_count_for_disambiguation() {
    // The knight on c3 is pinned by the bishop on b4: only g1 reaches e2.
    let b = board("4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1");
    assert_eq!(san(&b, "g1e2"), "Ne2");
    assert_eq!(parsed(&b, "Ne2"), "g1e2");
    assert!(matches!(
        b.parse_san("Nce2"),
        Err(SanError::NoSuchMove {
            piece: Piece::Knight,
            to: Square::E2,
            promotion: None
        })
    ));
}

#[test]
fn illegal_moves_have_no_san() {
    let b = Board::default();
    for uci in ["e2e5", "e1g1", "a1a1", "e7e5"] {
        let mv: Move = uci.parse().unwrap();
        assert!(b.san(mv).is_err(), "{uci}");
    }
    // A Chess960-style castling move on a standard board is not this
    // board's spelling of castling.
    let b = board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(b.san("e1h1".parse().unwrap()).is_err());
}

#[test]
fn the_longest_san_fits_the_buffer() {
    // Queens b4, h4 and h1 all take on e1: h4 shares its file with h1 and
    // its rank with b4, so it needs both, and it checks on the e-file.
    let b = board("4k3/8/8/8/1Q5Q/8/K7/4n2Q w - - 0 1");
    assert_eq!(san(&b, "h4e1"), "Qh4xe1+");
    assert_eq!(san(&b, "h4e1").len(), San::CAPACITY);
    let b = board("3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(san(&b, "e7d8q"), "exd8=Q+");
    assert_eq!(san(&b, "e7d8q").len(), San::CAPACITY);
}

// ------------------------------------------------------------------ reading

#[test]
fn accepted_variants_name_the_same_move() {
    let b = Board::default();
    for text in [
        "Nf3", "Nf3+", "Nf3#", "Nf3++", "Nf3!", "Nf3?", "Nf3!?", "Nf3?!", "Nf3!!", "Nf3+!", "Ngf3",
        "N1f3", "Ng1f3", "Ng1-f3",
    ] {
        assert_eq!(parsed(&b, text), "g1f3", "{text}");
    }
    for text in ["e4", "Pe4", "e2e4", "e2-e4", "Pe2e4", "e4!"] {
        assert_eq!(parsed(&b, text), "e2e4", "{text}");
    }
    let b = board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for (text, uci) in [("0-0", "e1g1"), ("0-0-0", "e1c1"), ("O-O-O+", "e1c1")] {
        assert_eq!(parsed(&b, text), uci, "{text}");
    }
    let b = board("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    for (text, uci) in [
        ("a8=Q", "a7a8q"),
        ("a8Q", "a7a8q"),
        ("a8=q", "a7a8q"),
        ("a8q", "a7a8q"),
        ("a7a8q", "a7a8q"),
        ("axb8N", "a7b8n"),
        ("ab8=N", "a7b8n"),
        ("a7xb8=N+", "a7b8n"),
    ] {
        assert_eq!(parsed(&b, text), uci, "{text}");
    }
    // A capture written without its `x`.
    let b = board(KIWIPETE);
    assert_eq!(parsed(&b, "Nf7"), "e5f7");
    assert_eq!(parsed(&b, "de6"), "d5e6");
}

#[test]
fn rejected_variants_are_syntax_errors_at_the_bad_byte() {
    let b = Board::default();
    for (text, at) in [
        ("", 0),
        ("nf3", 0),
        (" Nf3", 0),
        ("Nf3 ", 3),
        ("--", 0),
        ("Z0", 0),
        ("Nf", 2),
        ("Nz3", 1),
        ("Nf3=Q", 3),
        ("Nf3Q", 3),
        ("Nf3!!!", 3),
        ("Nf3$1", 3),
        ("Nf3+#", 3),
        ("Nf-3", 2),
        ("Nf-f3", 2),
        ("e2--e4", 3),
        ("e8=K", 3),
        ("e8=", 3),
        ("O-0", 2),
        ("O-O-O-O", 5),
        ("O-O-", 4),
        ("o-o", 0),
        ("exd6e.p.", 4),
        ("e9", 1),
        ("é4", 0),
        ("Ké4", 1),
    ] {
        assert_syntax_error(&b, text, at);
    }
    assert_eq!(
        b.parse_san("Nz3"),
        Err(SanError::Syntax {
            at: 1,
            found: Some('z')
        })
    );
    assert_eq!(
        b.parse_san("Ké4"),
        Err(SanError::Syntax {
            at: 1,
            found: Some('é')
        })
    );
    assert_eq!(
        b.parse_san("Nf"),
        Err(SanError::Syntax { at: 2, found: None })
    );
}

#[test]
fn a_pawn_move_without_a_file_is_a_push_and_a_capture_needs_a_target() {
    // The e4 pawn may take on d5, but "d5" means a pawn pushed to d5.
    let b = board("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    assert!(matches!(
        b.parse_san("d5"),
        Err(SanError::NoSuchMove {
            piece: Piece::Pawn,
            to: Square::D5,
            ..
        })
    ));
    assert_eq!(parsed(&b, "exd5"), "e4d5");
    // `x` on a move that captures nothing.
    assert!(matches!(
        b.parse_san("exe5"),
        Err(SanError::NoSuchMove { .. })
    ));
    assert!(matches!(
        b.parse_san("Kxd2"),
        Err(SanError::NoSuchMove { .. })
    ));
    assert_eq!(parsed(&b, "Kd2"), "e1d2");
}

#[test]
fn a_promotion_must_be_named_and_only_on_the_last_rank() {
    let b = board("4k3/P7/8/8/8/8/4P3/4K3 w - - 0 1");
    let missing = b.parse_san("a8").unwrap_err();
    assert_eq!(
        missing,
        SanError::NoSuchMove {
            piece: Piece::Pawn,
            to: Square::A8,
            promotion: None
        }
    );
    assert_eq!(
        missing.to_string(),
        "no legal pawn move to a8 (a promotion names its piece, like a8=Q)"
    );
    let early = b.parse_san("e4=Q").unwrap_err();
    assert_eq!(
        early.to_string(),
        "no legal pawn move to e4 promoting to a queen"
    );
}

#[test]
fn errors_say_what_is_wrong() {
    let b = board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 3");
    let ambiguous = b.parse_san("Ne2").unwrap_err();
    assert_eq!(
        ambiguous,
        SanError::Ambiguous {
            piece: Piece::Knight,
            to: Square::E2,
            candidates: Square::C3.bitboard() | Square::G1.bitboard()
        }
    );
    assert_eq!(
        ambiguous.to_string(),
        "ambiguous: a knight move to e2 from g1 or c3"
    );
    let castling = b.parse_san("O-O").unwrap_err();
    assert_eq!(
        castling,
        SanError::NoSuchCastling {
            side: CastlingSide::KingSide
        }
    );
    assert_eq!(castling.to_string(), "castling O-O is not legal here");
    assert_eq!(
        b.parse_san("Qh6").unwrap_err().to_string(),
        "no legal queen move to h6"
    );
    assert_eq!(
        b.parse_san("Nf3=").unwrap_err().to_string(),
        "not a SAN move: it ends too early, at byte 4"
    );
    assert_eq!(
        b.parse_san("Nf3x").unwrap_err().to_string(),
        "not a SAN move: it ends too early, at byte 4"
    );
    assert_eq!(
        b.parse_san("Nz3").unwrap_err().to_string(),
        "not a SAN move: unexpected 'z' at byte 1"
    );
}
