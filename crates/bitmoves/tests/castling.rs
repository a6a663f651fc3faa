//! Castling regressions, standard and Chess960: through or out of check,
//! across attacked squares, captured and moved rooks losing their rights,
//! kings jumping rooks, shielding rooks, and how castling is spelled.

mod common;

use bitmoves::{Board, CastlingSide, Color, File, Move, Square};
use common::{after, assert_fen_after, assert_legal_moves, assert_some_moves, board, board960};

// ------------------------------------------------------------------ castling

/// The king may not castle across a square an enemy attacks (f1 here),
/// while the other side stays available.
#[test]
fn castling_through_an_attacked_square_is_illegal() {
    let b = board("4k3/8/8/5r2/8/8/8/R3K2R w KQ - 0 1");
    assert_some_moves(&b, &["e1c1", "e1d1"], &["e1g1", "e1f1"]);
}

/// The king may not castle onto an attacked square.
#[test]
fn castling_into_check_is_illegal() {
    let b = board("4k3/8/8/6r1/8/8/8/R3K2R w KQ - 0 1");
    assert_some_moves(&b, &["e1c1", "e1f1"], &["e1g1"]);
}

/// A king in check may not castle: only king steps answer this check.
#[test]
fn castling_out_of_check_is_illegal() {
    let b = board("4k3/8/8/4r3/8/8/8/R3K2R w KQ - 0 1");
    assert_legal_moves(&b, &["e1d1", "e1d2", "e1f1", "e1f2"]);
}

/// A pawn's attacks count: a black pawn on e2 covers d1 and f1, so both
/// castlings are illegal though the king is not in check.
#[test]
fn castling_across_a_pawn_attack_is_illegal() {
    let b = board("4k3/8/8/8/8/8/4p3/R3K2R w KQ - 0 1");
    assert!(!b.is_check());
    assert_some_moves(&b, &["e1f2"], &["e1g1", "e1c1"]);
}

/// Queenside, only d1 and c1 must be safe: an attack on b1 (which the rook
/// crosses, not the king) does not forbid castling, but a piece on b1 does.
#[test]
fn queenside_castling_ignores_attacks_on_b1_but_not_pieces_on_it() {
    let attacked = board("4k3/8/8/1r6/8/8/8/R3K2R w KQ - 0 1");
    assert_some_moves(&attacked, &["e1c1", "e1g1"], &[]);
    let blocked = board("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1");
    assert_some_moves(&blocked, &["e1g1"], &["e1c1"]);
}

/// Black's castling follows the same rules: a bishop on a3 covers f8.
#[test]
fn black_castling_through_an_attacked_square_is_illegal() {
    let b = board("r3k2r/8/8/8/8/B7/8/4K3 b kq - 0 1");
    assert_some_moves(&b, &["e8c8"], &["e8g8"]);
}

/// Castling moves king and rook to their standard squares, clears the
/// side's rights and counts towards the halfmove clock.
#[test]
fn castling_moves_king_and_rook_and_clears_rights() {
    let b = board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_fen_after(&b, &["e1g1"], "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    assert_fen_after(&b, &["e1c1"], "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
    assert_fen_after(&b, &["e1g1", "e8c8"], "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
}

/// A rook captured on its square takes its castling right with it.
#[test]
fn captured_rook_loses_its_castling_right() {
    let b = board("r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1");
    let taken = after(&b, &["g2h1"]);
    assert_eq!(taken.to_string(), "r3k2r/8/8/8/8/8/8/R3K2b w Qkq - 0 2");
    assert_eq!(
        taken
            .castling_rights()
            .rook(Color::White, CastlingSide::KingSide),
        None
    );
    assert_some_moves(&taken, &["e1c1"], &["e1g1"]);

    // Rook takes rook: both sides lose the right of the rook involved.
    let b = board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_fen_after(&b, &["a1a8"], "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
}

/// A capture-promotion onto a rook's square also removes that right.
#[test]
fn capture_promotion_on_a_rook_square_loses_its_castling_right() {
    let b = board("r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1");
    assert_fen_after(&b, &["b7a8q"], "Q3k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

/// In Chess960 the rights belong to rook files: capturing the b-file rook
/// removes `B`, and the g-file right stays.
#[test]
fn captured_chess960_rook_loses_its_castling_right() {
    let b = board("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1");
    assert!(b.is_chess960());
    // X-FEN: the g-file rooks are now the outermost, so `K` and `k`; the
    // king is still off the e-file, so the board stays in Chess960 mode.
    let after = after(&b, &["b1b8"]);
    assert_eq!(after.to_string(), "1R2k1r1/8/8/8/8/8/8/4K1R1 b Kk - 0 1");
    assert!(after.is_chess960());
}

/// A rook that leaves its square loses its right for good, even when it
/// comes back; a king move loses both rights.
#[test]
fn moved_rook_or_king_loses_castling_rights_for_good() {
    let b = board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let back = after(&b, &["h1h2", "a8a7", "h2h1", "a7a8"]);
    assert_eq!(back.to_string(), "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 4 3");
    assert_some_moves(&back, &["e1c1"], &["e1g1"]);
    assert_fen_after(&b, &["e1f1"], "r3k2r/8/8/8/8/8/8/R4K1R b kq - 1 1");
}

// ------------------------------------------------------------------ Chess960

/// The king may not pass over a piece that is not its castling rook: with
/// the right on h1 and another rook on g1, castling is illegal, in
/// Chess960 mode and in standard chess, written Shredder `H` or X-FEN `K`
/// (the outermost rook).
#[test]
fn king_cannot_castle_over_another_rook() {
    let shredder = board960("4k3/8/8/8/8/8/8/4K1RR w H - 0 1");
    assert!(shredder.is_chess960());
    assert_some_moves(&shredder, &["e1f1"], &["e1h1", "e1g1"]);
    assert_eq!(shredder.to_string(), "4k3/8/8/8/8/8/8/4K1RR w K - 0 1");
    // King on e1, rook on h1: a standard position, however it is spelled.
    let standard = board("4k3/8/8/8/8/8/8/4K1RR w H - 0 1");
    assert!(!standard.is_chess960());
    assert_some_moves(&standard, &["e1f1"], &["e1h1", "e1g1"]);
    let xfen = board("4k3/8/8/8/8/8/8/4K1RR w K - 0 1");
    assert_eq!(
        xfen.castling_rights()
            .rook(Color::White, CastlingSide::KingSide),
        Some(File::H)
    );
    assert_some_moves(&xfen, &["e1f1"], &["e1g1", "e1h1"]);
    assert!(xfen.parse_move("e1h1").is_err());
}

/// The castling rook's destination must be empty too (d1 here holds a
/// knight), even when the king's path is clear.
#[test]
fn chess960_castling_needs_the_rook_destination_empty() {
    let b = board("1k6/8/8/8/8/8/8/RK1N4 w A - 0 1");
    assert_some_moves(&b, &["b1c1"], &["b1a1"]);
    let clear = board("1k6/8/8/8/8/8/8/RK6 w A - 0 1");
    assert_some_moves(&clear, &["b1a1"], &[]);
    assert_fen_after(&clear, &["b1a1"], "1k6/8/8/8/8/8/8/2KR4 b - - 1 1");
}

/// The castling rook may not be the piece that shields the king's
/// destination: with a black rook on a1, castling `e1b1` would put the
/// king on c1 in check once the b1 rook has gone to d1.
#[test]
fn chess960_castling_rook_cannot_shield_the_king() {
    let b = board("4k3/8/8/8/8/8/8/rR2K3 w B - 0 1");
    assert_some_moves(&b, &["e1d1", "b1a1"], &["e1b1"]);
    let free = board("4k3/8/8/8/8/8/8/1R2K3 w B - 0 1");
    assert_some_moves(&free, &["e1b1"], &[]);
    assert_fen_after(&free, &["e1b1"], "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    // The king already on its destination: the rook on b1 is pinned, and
    // castling would uncover the a1 rook.
    let staying = board("4k3/8/8/8/8/8/8/rRK5 w B - 0 1");
    assert_eq!(staying.pinned(), Square::B1.bitboard());
    assert_some_moves(&staying, &["b1a1"], &["c1b1", "b1b2"]);
}

/// Castling where one of the two pieces stays on its square: the king on
/// c1 (queenside) or the rook on f1 (kingside).
#[test]
fn chess960_castling_when_king_or_rook_does_not_move() {
    let king_stays = board("1k6/8/8/8/8/8/8/R1K5 w A - 0 1");
    assert_some_moves(&king_stays, &["c1a1"], &[]);
    assert_fen_after(&king_stays, &["c1a1"], "1k6/8/8/8/8/8/8/2KR4 b - - 1 1");
    let rook_stays = board("4k3/8/8/8/8/8/8/4KR2 w F - 0 1");
    assert_some_moves(&rook_stays, &["e1f1"], &["e1g1"]);
    assert_fen_after(&rook_stays, &["e1f1"], "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // King and rook swap squares.
    let swap = board("4k3/8/8/8/8/8/8/5KR1 w G - 0 1");
    assert_fen_after(&swap, &["f1g1"], "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
}

/// Castling is written `e1g1` on a standard board and `e1h1` (king takes
/// rook) on a Chess960 board. Shredder letters that name the corner rooks
/// with the king on e1 describe a standard position (as python-chess reads
/// them); the mode on such a position comes only from the options. FEN
/// rights are written in X-FEN (`KQkq`) in both modes.
#[test]
fn castling_spelling_follows_the_board_mode() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    for standard in [board(fen), board("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1")] {
        assert!(!standard.is_chess960());
        assert_some_moves(&standard, &["e1g1", "e1c1"], &["e1h1", "e1a1"]);
        assert_eq!(standard.to_string(), fen);
        assert_eq!(standard, board(fen));
    }

    let chess960 = board960(fen);
    assert!(chess960.is_chess960());
    assert_some_moves(&chess960, &["e1h1", "e1a1"], &["e1g1", "e1c1"]);
    assert_eq!(chess960.to_string(), fen);
    assert!(chess960.parse_move("e1g1").is_err());
    // python-chess: the same FEN after `e1h1` with chess960=True.
    assert_fen_after(&chess960, &["e1h1"], "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
}

/// `parse_move` on a standard board reads both `e1g1` and `e1h1` as the
/// castling move `e1g1`.
#[test]
fn parse_move_accepts_both_castling_spellings_on_a_standard_board() {
    let b = board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let step: Move = "e1g1".parse().unwrap();
    let long: Move = "e1c1".parse().unwrap();
    assert_eq!(b.parse_move("e1g1"), Ok(step));
    assert_eq!(b.parse_move("e1h1"), Ok(step));
    assert_eq!(b.parse_move("e1c1"), Ok(long));
    assert_eq!(b.parse_move("e1a1"), Ok(long));
    let black = board("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    assert_eq!(
        black.parse_move("e8h8").map(|m| m.to_string()),
        Ok("e8g8".into())
    );
    assert_eq!(
        black.parse_move("e8a8").map(|m| m.to_string()),
        Ok("e8c8".into())
    );
}

/// Regression: a Chess960 board that loses its last castling right is a
/// standard board, so its FEN (which cannot carry the mode) round-trips.
#[test]
fn chess960_mode_ends_with_the_last_castling_right_so_fen_round_trips() {
    let mut board = Board::from_fen("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1").unwrap();
    assert!(board.is_chess960());
    for uci in ["e1f1", "e8f8"] {
        board.play(board.parse_move(uci).unwrap()).unwrap();
    }
    assert!(!board.is_chess960());
    assert_eq!(Board::from_fen(&board.to_string()), Ok(board));
}

/// Regression: on a standard board only a king onto its castling rook is
/// read as castling; any other move keeps the squares the user typed.
#[test]
fn parse_move_rewrites_only_castling_rooks() {
    let board = Board::from_fen("4k3/8/8/8/8/8/8/4KR2 w - - 0 1").unwrap();
    let error = board.parse_move("e1f1").unwrap_err();
    assert_eq!(error.to_string(), "illegal move e1f1 in this position");
    let castling = Board::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    assert_eq!(castling.parse_move("e1h1").unwrap().to_string(), "e1g1");
}

/// Regression: king counts are checked before castling rights, so two
/// kings are reported as such rather than as a castling problem.
#[test]
fn too_many_kings_is_reported_before_castling_rights() {
    let error = Board::from_fen("4k3/8/8/8/8/8/8/K3K2R w K - 0 1").unwrap_err();
    assert_eq!(
        error,
        bitmoves::FenError::InvalidPosition(bitmoves::PositionError::TooManyKings {
            color: Color::White
        })
    );
}
