//! `FEN` tags, read as python-chess 1.11.2's `chess.pgn` reads them: the
//! castling spelling does not make a game Chess960 (only the position or
//! a `Variant` tag does), and castling rights or en passant squares that
//! cannot be used are dropped. What bitmoves still refuses is an error
//! naming the game. Each expectation is python-chess's answer for the same
//! text.

use bitmoves_pgn::{ErrorKind, Game, PgnError, Reader};

/// Every game of `pgn`, read whole.
fn read_all(pgn: &str) -> Vec<Result<Game, PgnError>> {
    let mut reader = Reader::new(pgn.as_bytes());
    std::iter::from_fn(|| Game::read(&mut reader)).collect()
}

/// The one game of `pgn`: its start FEN, whether it is Chess960, its
/// mainline in UCI and its end FEN.
fn replay(pgn: &str) -> (String, bool, Vec<String>, String) {
    let game = read_all(pgn)
        .pop()
        .expect("a game")
        .unwrap_or_else(|e| panic!("{e}"));
    let moves = game
        .mainline()
        .map(|mv| mv.expect("no null move").to_string())
        .collect();
    (
        game.start.to_string(),
        game.start.is_chess960(),
        moves,
        game.end().to_string(),
    )
}

/// What [`replay`] gives for a standard game from `start` with `moves`,
/// ending at `end`.
fn standard(start: &str, moves: &[&str], end: &str) -> (String, bool, Vec<String>, String) {
    let moves = moves.iter().map(|mv| mv.to_string()).collect();
    (start.to_string(), false, moves, end.to_string())
}

#[test]
fn shredder_letters_for_the_corner_rooks_are_standard_chess() {
    let pgn = "[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1\"]\n\n1. O-O O-O-O *\n";
    assert_eq!(
        replay(pgn),
        standard(
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            &["e1g1", "e8c8"],
            "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2"
        )
    );
    // Lower-case, one side only, and mixed with X-FEN: the same reading.
    for castling in ["Hh", "Kh", "HAk", "AH"] {
        let pgn = format!("[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w {castling} - 0 1\"]\n\n1. O-O *\n");
        let (_, chess960, moves, _) = replay(&pgn);
        assert!(!chess960, "{castling}");
        assert_eq!(moves, ["e1g1"], "{castling}");
    }
}

#[test]
fn a_variant_tag_or_the_position_makes_a_game_chess960() {
    let pgn =
        "[Variant \"Chess960\"]\n[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1\"]\n\n1. O-O *\n";
    let (start, chess960, moves, _) = replay(pgn);
    assert_eq!(start, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(chess960);
    assert_eq!(moves, ["e1h1"]);
    // The king off the e-file: Chess960 without a Variant tag.
    let pgn = "[FEN \"1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1\"]\n\n1. O-O-O *\n";
    let (start, chess960, moves, _) = replay(pgn);
    assert_eq!(start, "1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1");
    assert!(chess960);
    assert_eq!(moves, ["g1b1"]);
}

#[test]
fn castling_rights_without_their_rook_or_king_are_dropped() {
    // python-chess: `r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1`, then e1g1 e8d8.
    let pgn = "[FEN \"r3k3/8/8/8/8/8/8/4K2R w KQkq - 0 1\"]\n\n1. O-O Kd8 *\n";
    assert_eq!(
        replay(pgn),
        standard(
            "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1",
            &["e1g1", "e8d8"],
            "r2k4/8/8/8/8/8/8/5RK1 w - - 2 2"
        )
    );
    // The king off its back rank, a file letter with no rook, the king's
    // own file, and a right given twice.
    for (fen, start) in [
        (
            "4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1",
            "4k3/8/8/8/8/8/4K3/R6R w - - 0 1",
        ),
        (
            "4k3/8/8/8/8/8/8/R3K3 w GA - 0 1",
            "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
        ),
        (
            "4k3/8/8/8/8/8/8/R3K2R w EH - 0 1",
            "4k3/8/8/8/8/8/8/R3K2R w K - 0 1",
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KKkk - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w Kk - 0 1",
        ),
    ] {
        let pgn = format!("[FEN \"{fen}\"]\n\n1. Kd1 *\n");
        assert_eq!(replay(&pgn).0, start, "{fen}");
    }
}

#[test]
fn an_en_passant_square_no_double_step_left_is_dropped() {
    let pgn = "[FEN \"4k3/8/8/3P4/8/8/8/4K3 w - d6 0 1\"]\n\n1. d6 *\n";
    let (start, _, moves, end) = replay(pgn);
    assert_eq!(start, "4k3/8/8/3P4/8/8/8/4K3 w - - 0 1");
    assert_eq!(moves, ["d5d6"]);
    assert_eq!(end, "4k3/8/3P4/8/8/8/8/4K3 b - - 0 1");
    // A real double step keeps its square.
    let pgn = "[FEN \"4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2\"]\n\n1. dxe6 *\n";
    assert_eq!(replay(pgn).2, ["d5e6"]);
}

/// What bitmoves still refuses (python-chess reads the tag and fails on
/// the first move, or not at all): an error that names the game and the
/// FEN, and the next game is read.
#[test]
fn a_fen_tag_bitmoves_refuses_is_an_error_naming_the_game() {
    let pgn = "[Event \"one\"]\n\n1. e4 *\n\n\
               [Event \"two\"]\n[FEN \"4k3/8/8/8/8/8/8/R7 w Q - 0 1\"]\n\n1. Ra2 *\n\n\
               [Event \"three\"]\n[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkqX - 0 1\"]\n\n*\n\n\
               [Event \"four\"]\n\n1. d4 *\n";
    let games = read_all(pgn);
    assert_eq!(games.len(), 4);
    assert!(games[0].is_ok() && games[3].is_ok());
    for (index, needle) in [(1, "white has no king"), (2, "castling field")] {
        let error = games[index].as_ref().expect_err("refused");
        assert!(matches!(error.kind, ErrorKind::BadFen { .. }), "{error}");
        let text = error.to_string();
        assert!(
            text.starts_with(&format!("game {} (line ", index + 1)),
            "{text}"
        );
        assert!(
            text.contains("bad FEN tag") && text.contains(needle),
            "{text}"
        );
    }
}
