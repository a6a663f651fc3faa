//! FEN in and out: every `FenError` and `PositionError` variant from a
//! concrete bad FEN (with a `Display` that names the field and the value),
//! default clocks, X-FEN and Shredder castling, round trips over every
//! suite position, lenient mode, and `play` refusing without side effects.

mod common;

use bitmoves::{
    Board, CastlingSide, Color, FenError, FenOptions, File, IllegalMoveError, Move, PositionError,
    Rank, Square,
};
use common::board;

const LENIENT: FenOptions = FenOptions {
    lenient: true,
    chess960: false,
};

/// The error `fen` gives, panicking if it parses.
fn error(fen: &str) -> FenError {
    match Board::from_fen(fen) {
        Ok(board) => panic!("{fen} parsed as {board}"),
        Err(error) => error,
    }
}

/// Asserts that the error's `Display` mentions each of `parts`.
fn assert_names(error: &FenError, parts: &[&str]) {
    let text = error.to_string();
    for part in parts {
        assert!(text.contains(part), "{text:?} should mention {part:?}");
    }
}

/// The name and the field text of the syntax errors that quote a field.
fn quoted_field(error: &FenError) -> Option<(&'static str, &str)> {
    match error {
        FenError::InvalidSideToMove { field } => Some(("InvalidSideToMove", field.as_str())),
        FenError::InvalidCastling { field } => Some(("InvalidCastling", field.as_str())),
        FenError::DuplicateCastling { field } => Some(("DuplicateCastling", field.as_str())),
        FenError::InvalidEnPassant { field } => Some(("InvalidEnPassant", field.as_str())),
        FenError::InvalidHalfmoveClock { field } => Some(("InvalidHalfmoveClock", field.as_str())),
        FenError::InvalidFullmoveNumber { field } => {
            Some(("InvalidFullmoveNumber", field.as_str()))
        }
        _ => None,
    }
}

/// Asserts that `fen` fails with the variant named `variant`, quoting
/// `field`, and that the message names the field (`words`) and its text.
fn assert_field_error(fen: &str, variant: &str, field: &str, words: &[&str]) {
    let error = error(fen);
    assert_eq!(
        quoted_field(&error),
        Some((variant, field)),
        "{fen:?}: {error:?}"
    );
    assert_names(&error, words);
    assert_names(&error, &[&format!("\"{field}\"")]);
}

/// Asserts that `fen` fails as `InvalidPosition(expected)`, and that the
/// message names the position error.
fn assert_position_error(fen: &str, expected: PositionError, parts: &[&str]) {
    let error = error(fen);
    assert_eq!(error, FenError::InvalidPosition(expected), "{fen}");
    assert_names(&error, &["invalid position"]);
    assert_names(&error, parts);
    assert_eq!(
        expected.to_string(),
        error.to_string()["invalid position: ".len()..]
    );
}

// ------------------------------------------------------------- syntax errors

/// 4 to 6 fields are accepted; anything else is `WrongFieldCount`.
#[test]
fn wrong_field_count_names_the_count() {
    for (fen, found) in [
        ("", 0),
        ("   ", 0),
        ("4k3/8/8/8/8/8/8/4K3", 1),
        ("4k3/8/8/8/8/8/8/4K3 w -", 3),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", 7),
    ] {
        let error = error(fen);
        assert_eq!(error, FenError::WrongFieldCount { found }, "{fen:?}");
        assert_names(&error, &["fields", &format!("found {found}")]);
    }
}

/// The placement needs exactly 8 ranks.
#[test]
fn wrong_rank_count_names_the_count() {
    let error = error("4k3/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(error, FenError::WrongRankCount { found: 7 });
    assert_names(&error, &["ranks", "found 7"]);
    assert_eq!(
        self::error("4k3/8/8/8/8/8/8/8/4K3 w - - 0 1"),
        FenError::WrongRankCount { found: 9 }
    );
}

/// A character that is no piece letter and no digit 1–8 is `InvalidPiece`,
/// naming the rank and the character.
#[test]
fn invalid_piece_names_rank_and_character() {
    let error = error("4k3/8/8/8/8/8/8/4K2x w - - 0 1");
    assert_eq!(
        error,
        FenError::InvalidPiece {
            rank: Rank::First,
            found: 'x'
        }
    );
    assert_names(&error, &["rank 1", "'x'"]);
    assert_eq!(
        self::error("4k3/8/8/8/8/8/8/4K2é w - - 0 1"),
        FenError::InvalidPiece {
            rank: Rank::First,
            found: 'é'
        }
    );
    assert_eq!(
        self::error("4k2/8/8/8/8/8/8/4K3 w - - 0 1"),
        FenError::WrongRankWidth {
            rank: Rank::Eighth,
            files: 7
        }
    );
}

/// A rank that covers more or fewer than 8 files is `WrongRankWidth`.
#[test]
fn wrong_rank_width_names_rank_and_width() {
    let error = error("4k4/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        error,
        FenError::WrongRankWidth {
            rank: Rank::Eighth,
            files: 9
        }
    );
    assert_names(&error, &["rank 8", "9 files"]);
    assert_eq!(
        self::error("4k3/8/8/8/8/8//4K3 w - - 0 1"),
        FenError::WrongRankWidth {
            rank: Rank::Second,
            files: 0
        }
    );
}

/// The side to move is `w` or `b`, lowercase.
#[test]
fn invalid_side_to_move_names_the_field() {
    for side in ["W", "white", "x", "-"] {
        let fen = format!("4k3/8/8/8/8/8/8/4K3 {side} - - 0 1");
        assert_field_error(&fen, "InvalidSideToMove", side, &["side to move"]);
    }
}

/// Castling letters must be `-`, `KQkq` or files `A-H`/`a-h` other than
/// the king's, at most four of them.
#[test]
fn invalid_castling_names_the_field() {
    for castling in ["KQx", "KQkqK", "-K", "E", "e", "I"] {
        let fen = format!("r3k2r/8/8/8/8/8/8/R3K2R w {castling} - 0 1");
        assert_field_error(&fen, "InvalidCastling", castling, &["castling"]);
    }
}

/// The same right given twice, in one spelling or two, is
/// `DuplicateCastling`.
#[test]
fn duplicate_castling_names_the_field() {
    for castling in ["KK", "KH", "qa", "kkq", "AQ"] {
        let fen = format!("r3k2r/8/8/8/8/8/8/R3K2R w {castling} - 0 1");
        assert_field_error(&fen, "DuplicateCastling", castling, &["castling", "twice"]);
    }
}

/// The en passant field must be `-` or a square name.
#[test]
fn invalid_en_passant_field_names_the_field() {
    for field in ["e9", "i3", "E3", "e", "e3e4", "--"] {
        let fen = format!("4k3/8/8/8/8/8/8/4K3 w - {field} 0 1");
        assert_field_error(&fen, "InvalidEnPassant", field, &["en passant"]);
    }
}

/// Clocks are ASCII digits up to 65535; anything else names its field.
#[test]
fn invalid_clocks_name_the_field() {
    for clock in ["65536", "-1", "+3", "x", "1.5", "٣"] {
        let halfmove = format!("4k3/8/8/8/8/8/8/4K3 w - - {clock} 1");
        assert_field_error(&halfmove, "InvalidHalfmoveClock", clock, &["halfmove"]);
        let fullmove = format!("4k3/8/8/8/8/8/8/4K3 w - - 0 {clock}");
        assert_field_error(&fullmove, "InvalidFullmoveNumber", clock, &["fullmove"]);
    }
}

/// Fullmove number 0 is not a move number: strict parsing refuses it, the
/// lenient mode reads it as 1 (some FEN writers start at 0).
#[test]
fn fullmove_number_zero_is_refused_unless_lenient() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 0";
    assert_field_error(
        fen,
        "InvalidFullmoveNumber",
        "0",
        &["fullmove", "1 to 65535"],
    );
    let board = Board::from_fen_with(fen, LENIENT).unwrap();
    assert_eq!(board.fullmove_number(), 1);
    assert_eq!(board.to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

/// Two digits in a row (`44` for `8`) are refused with the rank named;
/// the lenient mode adds them up.
#[test]
fn consecutive_digits_are_refused_unless_lenient() {
    let fen = "4k3/8/8/8/8/8/44/4K3 w - - 0 1";
    assert_eq!(
        error(fen),
        FenError::ConsecutiveDigits { rank: Rank::Second }
    );
    assert_names(&error(fen), &["rank 2", "two digits in a row"]);
    let board = Board::from_fen_with(fen, LENIENT).unwrap();
    assert_eq!(board.to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    // A digit after a piece after a digit is fine.
    assert!(Board::from_fen("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1").is_ok());
}

/// A long field is shown cut short with `…`, at a character boundary.
#[test]
fn long_fields_are_shown_cut_short() {
    let huge = "9".repeat(40);
    let error = error(&format!("4k3/8/8/8/8/8/8/4K3 w - - 0 {huge}"));
    assert_names(&error, &[&format!("\"{}…\"", "9".repeat(24))]);
    let wide = "é".repeat(20);
    let error = self::error(&format!("4k3/8/8/8/8/8/8/4K3 {wide} - - 0 1"));
    assert_names(&error, &[&format!("\"{}…\"", "é".repeat(12))]);
}

// ----------------------------------------------------------- position errors

/// Each side needs exactly one king.
#[test]
fn king_count_errors_name_the_side() {
    assert_position_error(
        "8/8/8/8/8/8/8/4K3 w - - 0 1",
        PositionError::MissingKing {
            color: Color::Black,
        },
        &["black has no king"],
    );
    assert_position_error(
        "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
        PositionError::TooManyKings {
            color: Color::White,
        },
        &["white has more than one king"],
    );
}

/// More than 8 pawns, more promoted pieces than lost pawns, or more than 16
/// pieces is `TooManyPieces`.
#[test]
fn too_many_pieces_names_the_side() {
    for fen in [
        "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/PPPPPPPP/NNN1K3 w - - 0 1",
        "4k3/8/8/8/8/8/PPPPPPP1/QQQ1K3 w - - 0 1",
    ] {
        assert_position_error(
            fen,
            PositionError::TooManyPieces {
                color: Color::White,
            },
            &["white has too many pieces"],
        );
    }
    assert_position_error(
        "qqqqkqqq/qqqqqqqq/8/8/8/8/8/4K3 w - - 0 1",
        PositionError::TooManyPieces {
            color: Color::Black,
        },
        &["black"],
    );
    // Nine queens, two of each other piece and a king: the most allowed.
    board("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1");
}

/// A pawn on the first or last rank names its square.
#[test]
fn pawn_on_back_rank_names_the_square() {
    assert_position_error(
        "4k2P/8/8/8/8/8/8/4K3 w - - 0 1",
        PositionError::PawnOnBackRank { square: Square::H8 },
        &["pawn on h8"],
    );
    assert_position_error(
        "4k3/8/8/8/8/8/8/p3K3 w - - 0 1",
        PositionError::PawnOnBackRank { square: Square::A1 },
        &["pawn on a1"],
    );
}

/// The side that just moved may not be in check.
#[test]
fn opponent_in_check_is_rejected() {
    assert_position_error(
        "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
        PositionError::OpponentInCheck,
        &["not to move is in check"],
    );
    // Lenient mode does not relax it.
    assert!(Board::from_fen_with("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", LENIENT).is_err());
}

/// Three checkers are rejected strictly and accepted leniently.
#[test]
fn too_many_checkers_is_rejected_unless_lenient() {
    let fen = "4r1k1/8/8/8/1b6/3n4/8/4K3 w - - 0 1";
    assert_position_error(
        fen,
        PositionError::TooManyCheckers { count: 3 },
        &["3 pieces give check"],
    );
    let lenient = Board::from_fen_with(fen, LENIENT).unwrap();
    assert_eq!(lenient.checkers().len(), 3);
    assert_eq!(lenient.legal_moves().len(), lenient.move_count());
}

/// Two leapers checking, or a check the last double step cannot have
/// given, is `ImpossibleCheck`; lenient mode accepts both.
#[test]
fn impossible_checks_are_rejected_unless_lenient() {
    for fen in [
        "4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1",
        "4k3/8/8/3pP3/8/8/8/r3K3 w - d6 0 1",
    ] {
        assert_position_error(fen, PositionError::ImpossibleCheck, &["cannot arise"]);
        assert!(Board::from_fen_with(fen, LENIENT).is_ok(), "{fen}");
    }
}

/// The aligned-bishop double check of `standard.epd` (line 51: two white
/// bishops on the long diagonal both checking the black king) is the only
/// suite position strict parsing rejects, with `ImpossibleCheck`; lenient
/// parsing accepts it. Its sibling on line 47 (same pieces, White to move,
/// no check) is valid strictly.
#[test]
fn lenient_mode_accepts_the_aligned_bishop_double_check_of_the_suite() {
    let rejected: Vec<(String, FenError)> = common::all_entries()
        .into_iter()
        .filter_map(|entry| Board::from_fen(&entry.fen).err().map(|e| (entry.fen, e)))
        .collect();
    let fens: Vec<&str> = rejected.iter().map(|(fen, _)| fen.as_str()).collect();
    assert_eq!(fens, ["B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1"]);
    for (fen, error) in &rejected {
        assert_eq!(
            *error,
            FenError::InvalidPosition(PositionError::ImpossibleCheck),
            "{fen}"
        );
        let board = Board::from_fen_with(fen, LENIENT).unwrap();
        assert_eq!(board.checkers().len(), 2, "{fen}");
    }
    let sibling = board("B6b/8/8/8/2K5/4k3/8/b6B w - - 0 1");
    assert!(!sibling.is_check());
    // The same pattern with the white king between two black bishops.
    let mirrored = "b6B/8/8/8/2k5/5K2/8/B6b w - - 0 1";
    assert_eq!(
        Board::from_fen(mirrored),
        Err(FenError::InvalidPosition(PositionError::ImpossibleCheck))
    );
    assert_eq!(
        Board::from_fen_with(mirrored, LENIENT).map(|b| b.checkers().len()),
        Ok(2)
    );
}

/// A castling right needs its king on the back rank and a rook on that
/// side of it.
#[test]
fn castling_without_king_or_rook_names_side_and_right() {
    assert_position_error(
        "4k3/8/8/8/8/8/4K3/7R w K - 0 1",
        PositionError::CastlingWithoutKing {
            color: Color::White,
        },
        &["white has a castling right but no king"],
    );
    assert_position_error(
        "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
        PositionError::CastlingWithoutRook {
            color: Color::White,
            side: CastlingSide::KingSide,
        },
        &["white has a kingside castling right but no rook"],
    );
    assert_position_error(
        "4k3/8/8/8/8/8/8/R3K3 b q - 0 1",
        PositionError::CastlingWithoutRook {
            color: Color::Black,
            side: CastlingSide::QueenSide,
        },
        &["black has a queenside castling right"],
    );
    // Shredder letters name a file that holds no rook.
    assert_position_error(
        "4k3/8/8/8/8/8/8/4K2R w G - 0 1",
        PositionError::CastlingWithoutRook {
            color: Color::White,
            side: CastlingSide::KingSide,
        },
        &["kingside"],
    );
}

/// The en passant square must be on the sixth rank (relative to the side to
/// move), empty, with an enemy pawn in front of it and an empty square
/// behind it.
#[test]
fn invalid_en_passant_square_names_the_square() {
    for (fen, square) in [
        ("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", Square::E6),
        ("4k3/8/8/4p3/8/8/8/4K3 w - e3 0 1", Square::E3),
        ("4k3/8/4n3/4p3/8/8/8/4K3 w - e6 0 1", Square::E6),
        ("4k3/4n3/8/4p3/8/8/8/4K3 w - e6 0 1", Square::E6),
        ("4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", Square::E3),
    ] {
        assert_position_error(
            fen,
            PositionError::InvalidEnPassant { square },
            &[&format!("en passant square {square}")],
        );
    }
}

// ------------------------------------------------------- fields and clocks

/// Missing clocks default to halfmove 0 and fullmove 1; a missing fullmove
/// alone defaults to 1.
#[test]
fn missing_clocks_default_to_zero_and_one() {
    let four = board("4k3/8/8/8/8/8/8/4K3 b - -");
    assert_eq!((four.halfmove_clock(), four.fullmove_number()), (0, 1));
    assert_eq!(four.to_string(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    let five = board("4k3/8/8/8/8/8/8/4K3 w - - 7");
    assert_eq!((five.halfmove_clock(), five.fullmove_number()), (7, 1));
    let spaced = board("  4k3/8/8/8/8/8/8/4K3 \t w  -   -  3   9 \n");
    assert_eq!((spaced.halfmove_clock(), spaced.fullmove_number()), (3, 9));
}

/// An en passant square no pawn can capture onto is valid but dropped, so
/// the FEN written back has `-`.
#[test]
fn unusable_en_passant_square_is_dropped() {
    let b = board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_eq!(b.en_passant(), None);
    assert_eq!(
        b.to_string(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    let usable = board("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3");
    assert_eq!(usable.en_passant(), Some(Square::E3));
}

/// The castling rook files of each side, kingside and queenside.
fn rook_files(board: &Board) -> [Option<File>; 4] {
    let rights = board.castling_rights();
    [
        rights.rook(Color::White, CastlingSide::KingSide),
        rights.rook(Color::White, CastlingSide::QueenSide),
        rights.rook(Color::Black, CastlingSide::KingSide),
        rights.rook(Color::Black, CastlingSide::QueenSide),
    ]
}

/// X-FEN `KQkq` names the outermost rook on each side; on the standard
/// squares the board stays standard.
#[test]
fn xfen_castling_letters_name_the_outermost_rooks() {
    let standard = board("rr2k1rr/8/8/8/8/8/8/RR2K1RR w KQkq - 0 1");
    assert!(!standard.is_chess960());
    assert_eq!(
        rook_files(&standard),
        [Some(File::H), Some(File::A), Some(File::H), Some(File::A)]
    );
    assert_eq!(
        standard.to_string(),
        "rr2k1rr/8/8/8/8/8/8/RR2K1RR w KQkq - 0 1"
    );
    // A king or rook off the standard squares makes it a Chess960 board,
    // written back in X-FEN as python-chess writes it: `KQkq`, since no
    // rook stands further out than the castling ones.
    let shifted = board("1rk3r1/8/8/8/8/8/8/1RK3R1 w KQkq - 0 1");
    assert!(shifted.is_chess960());
    assert_eq!(
        rook_files(&shifted),
        [Some(File::G), Some(File::B), Some(File::G), Some(File::B)]
    );
    assert_eq!(
        shifted.to_string(),
        "1rk3r1/8/8/8/8/8/8/1RK3R1 w KQkq - 0 1"
    );
}

/// Shredder letters name the rook files directly. They do not set the
/// mode: rooks in the corners and kings on the e-file are a standard
/// position (python-chess reads `HAha` so), any other rook file or king
/// file a Chess960 one.
#[test]
fn shredder_castling_letters_name_the_rook_files() {
    let haha = board("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    assert!(!haha.is_chess960());
    assert_eq!(haha, board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    assert_eq!(
        rook_files(&haha),
        [Some(File::H), Some(File::A), Some(File::H), Some(File::A)]
    );
    assert_eq!(haha.to_string(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let gbgb = board("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1");
    assert!(gbgb.is_chess960());
    assert_eq!(
        rook_files(&gbgb),
        [Some(File::G), Some(File::B), Some(File::G), Some(File::B)]
    );
    assert_eq!(gbgb.to_string(), "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1");
    // An inner rook named by its file, beside an outer one.
    let inner = board("4k3/8/8/8/8/8/8/RR2K1RR w G - 0 1");
    assert_eq!(rook_files(&inner), [Some(File::G), None, None, None]);
    assert_eq!(inner.to_string(), "4k3/8/8/8/8/8/8/RR2K1RR w G - 0 1");
}

/// FEN round trip: for every suite position, reading the FEN the board
/// writes gives the same board, and writing is stable.
#[test]
fn every_suite_position_round_trips() {
    for entry in common::all_entries() {
        let written = entry.board.to_string();
        let options = FenOptions {
            lenient: true,
            chess960: false,
        };
        let reread = Board::from_fen_with(&written, options);
        assert_eq!(
            reread,
            Ok(entry.board),
            "{}:{} {written}",
            entry.file,
            entry.line
        );
        assert_eq!(reread.unwrap().to_string(), written);
        // Without forcing the mode, too: the FEN itself carries it.
        assert_eq!(
            Board::from_fen_with(&written, LENIENT),
            Ok(entry.board),
            "{written}"
        );
    }
}

/// `play` refuses an illegal move with an error naming it, and leaves the
/// board exactly as it was.
#[test]
fn play_error_leaves_the_board_unchanged() {
    let start = Board::default();
    for text in ["e2e5", "e1g1", "e7e5", "a1a3", "g1g3", "e2e4q"] {
        let mv: Move = text.parse().unwrap();
        let mut board = start;
        assert_eq!(board.play(mv), Err(IllegalMoveError { mv }), "{text}");
        assert_eq!(board, start, "{text}");
        assert!(board.play(mv).unwrap_err().to_string().contains(text));
    }
    let mut castling = board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let before = castling;
    let king_takes_rook: Move = "e1h1".parse().unwrap();
    assert!(castling.play(king_takes_rook).is_err());
    assert_eq!(castling, before);
}

/// `from_fen_cleaned` reads what python-chess 1.11.2 reads, the same way:
/// castling rights without their king on the back rank or their rook, a
/// file letter on the king's own file, and an en passant square that no
/// double step left are dropped; of two rights for one side the outer
/// rook's is kept. Each expected FEN is python-chess's `Board(fen).fen()`
/// (Chess960 where its castling rights need it, as `chess.pgn` reads a
/// `FEN` tag). `from_fen` stays strict and refuses every one.
#[test]
fn cleaned_reading_drops_what_python_chess_drops() {
    for (fen, expected) in [
        // The h1 rook is gone.
        (
            "4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1",
            "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
        ),
        // No white rook at all, Black to move.
        (
            "1r2k3/8/8/8/8/8/8/4K3 b Q - 0 1",
            "1r2k3/8/8/8/8/8/8/4K3 b - - 0 1",
        ),
        // The king is off its back rank.
        (
            "4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1",
            "4k3/8/8/8/8/8/4K3/R6R w - - 0 1",
        ),
        // A file letter naming the king's own file.
        (
            "4k3/8/8/8/8/8/8/R3K2R w E - 0 1",
            "4k3/8/8/8/8/8/8/R3K2R w - - 0 1",
        ),
        // Two rights for one side: the outer rook's is kept.
        (
            "4k3/8/8/8/8/8/8/4K1RR w GH - 0 1",
            "4k3/8/8/8/8/8/8/4K1RR w K - 0 1",
        ),
        (
            "4k3/8/8/8/8/8/8/RR2K3 w BA - 0 1",
            "4k3/8/8/8/8/8/8/RR2K3 w Q - 0 1",
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w K - 0 1",
        ),
        // En passant squares no double step left: no pawn in front, and
        // the wrong rank for the side to move.
        (
            "4k3/8/8/3P4/8/8/8/4K3 w - d6 0 1",
            "4k3/8/8/3P4/8/8/8/4K3 w - - 0 1",
        ),
        (
            "4k3/8/8/8/3pP3/8/8/4K3 w - e3 0 1",
            "4k3/8/8/8/3pP3/8/8/4K3 w - - 0 1",
        ),
        (
            "4k3/8/8/8/3pP3/8/8/4K3 w - e6 0 1",
            "4k3/8/8/8/3pP3/8/8/4K3 w - - 0 1",
        ),
    ] {
        assert!(Board::from_fen(fen).is_err(), "{fen} is strict");
        let cleaned = Board::from_fen_cleaned(fen, FenOptions::default())
            .unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(cleaned.to_string(), expected, "{fen}");
        assert!(!cleaned.is_chess960(), "{fen}");
        assert_eq!(cleaned, board(expected), "{fen}");
    }
    // A right that survives keeps its Chess960 reading.
    let kept = Board::from_fen_cleaned("1r2k3/8/8/8/8/8/8/1R2K3 w BH - 0 1", LENIENT).unwrap();
    assert!(kept.is_chess960());
    assert_eq!(kept.to_string(), "1r2k3/8/8/8/8/8/8/1R2K3 w Q - 0 1");
}

/// Cleaning drops only what cannot be used: a FEN that is wrong in any
/// other way is refused as strictly as `from_fen_with` refuses it, with
/// the same error.
#[test]
fn cleaned_reading_keeps_every_other_rule() {
    for fen in [
        "4k3/8/8/8/8/8/8/R3K3 w KX - 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w KQkqK - 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w Q e9 0 1",
        "4k3/8/8/8/8/8/8/R3K3 x Q - 0 1",
        "8/8/8/8/8/8/8/R3K3 w Q - 0 1",
        "4k3/8/8/8/8/8/8/R3KK2 w Q - 0 1",
        "4k3/4R3/8/8/8/8/8/R3K3 w Q - 0 1",
        "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w Q - 0 0",
    ] {
        let strict = Board::from_fen(fen).unwrap_err();
        assert_eq!(
            Board::from_fen_cleaned(fen, FenOptions::default()),
            Err(strict),
            "{fen}"
        );
    }
}
