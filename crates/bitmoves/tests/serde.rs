//! The `serde` feature: the text forms, round trips through JSON for every
//! value and for random boards, the compact forms for formats that are
//! not human-readable, and bad input as errors. Run with
//! `cargo test -p bitmoves --features serde --test serde`.

#![cfg(feature = "serde")]

mod common;
mod playout;

use bitmoves::{
    Bitboard, Board, CastlingRights, CastlingSide, Color, File, Move, Piece, Rank, Square,
};
use playout::playout;
use proptest::prelude::*;
use serde::{Serialize, de::DeserializeOwned};
use serde_test::{Configure, Token, assert_tokens};

/// The JSON text of a value.
fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("serialises")
}

/// Reads JSON text as a `T`.
fn from_json<T: DeserializeOwned>(text: &str) -> Result<T, serde_json::Error> {
    serde_json::from_str(text)
}

/// Asserts that `value` is written as `expected` and reads back as itself.
fn assert_json<T>(value: T, expected: &str)
where
    T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
{
    assert_eq!(json(&value), expected, "{value:?}");
    assert_eq!(from_json::<T>(expected).unwrap(), value, "{expected}");
}

/// The error message for reading `text` as a `T`, which must fail.
fn error<T: DeserializeOwned + std::fmt::Debug>(text: &str) -> String {
    match from_json::<T>(text) {
        Ok(value) => panic!("{text} read as {value:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn value_types_are_written_as_their_names() {
    assert_json(Square::E4, r#""e4""#);
    assert_json(File::E, r#""e""#);
    assert_json(Rank::Fourth, r#""4""#);
    assert_json(Color::White, r#""white""#);
    assert_json(Color::Black, r#""black""#);
    assert_json(Piece::Knight, r#""knight""#);
    assert_json(CastlingSide::KingSide, r#""king_side""#);
    assert_json(CastlingSide::QueenSide, r#""queen_side""#);
    assert_json("e7e8q".parse::<Move>().unwrap(), r#""e7e8q""#);
    assert_json(
        Board::default(),
        r#""rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1""#,
    );
    assert_json(
        Square::E4.bitboard() | Square::D5.bitboard(),
        r#"["e4","d5"]"#,
    );
    assert_json(Bitboard::EMPTY, "[]");
    assert_json(
        Board::default().castling_rights(),
        r#"{"white_king_side":"h","white_queen_side":"a","black_king_side":"h","black_queen_side":"a"}"#,
    );
    assert_json(
        CastlingRights::NONE,
        r#"{"white_king_side":null,"white_queen_side":null,"black_king_side":null,"black_queen_side":null}"#,
    );
}

#[test]
fn every_value_of_the_small_types_round_trips() {
    for square in Square::ALL {
        assert_json(square, &format!("\"{square}\""));
    }
    for file in File::ALL {
        assert_json(file, &format!("\"{file}\""));
    }
    for rank in Rank::ALL {
        assert_json(rank, &format!("\"{rank}\""));
    }
    for piece in Piece::ALL {
        assert_json(piece, &format!("\"{piece}\""));
    }
    for color in Color::ALL {
        assert_json(color, &format!("\"{color}\""));
    }
}

#[test]
fn chess960_boards_keep_their_mode() {
    let board = Board::chess960_start(518).unwrap();
    let text = json(&board);
    assert_eq!(
        text,
        r#""rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1""#
    );
    let back: Board = from_json(&text).unwrap();
    assert_eq!(back, board);
    assert!(back.is_chess960());
}

/// Formats that are not human-readable get a bitboard as its `u64`; the
/// other forms are the same.
#[test]
fn compact_forms() {
    let set = Square::A1.bitboard() | Square::H8.bitboard();
    assert_tokens(&set.compact(), &[Token::U64(set.0)]);
    assert_tokens(
        &set.readable(),
        &[
            Token::Seq { len: Some(2) },
            Token::Str("a1"),
            Token::Str("h8"),
            Token::SeqEnd,
        ],
    );
    assert_tokens(&Square::E4.compact(), &[Token::Str("e4")]);
    let mut rights = CastlingRights::NONE;
    rights.set(Color::Black, CastlingSide::QueenSide, Some(File::B));
    assert_tokens(
        &rights,
        &[
            Token::Struct {
                name: "CastlingRights",
                len: 4,
            },
            Token::Str("white_king_side"),
            Token::None,
            Token::Str("white_queen_side"),
            Token::None,
            Token::Str("black_king_side"),
            Token::None,
            Token::Str("black_queen_side"),
            Token::Some,
            Token::Str("b"),
            Token::StructEnd,
        ],
    );
}

#[test]
fn lenient_input_forms_are_documented_choices() {
    // A bitboard's list may come in any order and repeat a square.
    let set: Bitboard = from_json(r#"["h8","a1","h8"]"#).unwrap();
    assert_eq!(set, Square::A1.bitboard() | Square::H8.bitboard());
    // Castling rights may leave fields out, in any order.
    let rights: CastlingRights = from_json(r#"{"black_king_side":"g"}"#).unwrap();
    assert_eq!(
        rights.rook(Color::Black, CastlingSide::KingSide),
        Some(File::G)
    );
    assert_eq!(rights.rook_squares().len(), 1);
}

#[test]
fn bad_text_is_an_error_that_says_what_was_expected() {
    assert!(error::<Square>(r#""e9""#).contains("invalid rank '9'"));
    assert!(error::<Square>(r#""E4""#).contains("invalid file 'E'"));
    assert!(error::<Square>(r#""""#).contains("empty square name"));
    assert!(error::<Square>("64").contains("a square name"));
    assert!(error::<File>(r#""i""#).contains("a file letter"));
    assert!(error::<File>(r#""ab""#).contains("a file letter"));
    assert!(error::<Rank>(r#""9""#).contains("a rank digit"));
    assert!(error::<Rank>("4").contains("a rank digit"));
    assert!(error::<Color>(r#""w""#).contains(r#""white" or "black""#));
    assert!(error::<Color>(r#""White""#).contains(r#""white" or "black""#));
    assert!(error::<Piece>(r#""Knight""#).contains("a piece name"));
    assert!(error::<Piece>(r#""n""#).contains("a piece name"));
    assert!(error::<CastlingSide>(r#""O-O""#).contains("king_side"));
    assert!(error::<Move>(r#""e2e9""#).contains("invalid to-square"));
    assert!(error::<Move>(r#""0000""#).contains("null move"));
    assert!(error::<Board>(r#""8/8/8 w - - 0 1""#).contains("expected 8 ranks"));
    assert!(
        error::<Board>(r#""rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1""#)
            .contains("side to move")
    );
    // Lenient mode is not used: an impossible check is refused.
    assert!(error::<Board>(r#""B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1""#).contains("invalid position"));
    assert!(error::<Board>("null").contains("a FEN string"));
    assert!(error::<Bitboard>(r#"["e4","z9"]"#).contains("invalid file 'z'"));
    assert!(error::<Bitboard>(r#""e4""#).contains("a list of square names"));
    assert!(error::<Bitboard>("17").contains("a list of square names"));
    assert!(error::<CastlingRights>(r#"{"white_kingside":"h"}"#).contains("unknown field"));
    assert!(
        error::<CastlingRights>(r#"{"white_king_side":"h","white_king_side":"g"}"#)
            .contains("duplicate field")
    );
    assert!(error::<CastlingRights>(r#"{"white_king_side":"x"}"#).contains("a file letter"));
    assert!(error::<CastlingRights>(r#""KQkq""#).contains("castling rights"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Every board of a random playout from a strictly valid start, its
    /// castling rights, its legal moves, and the bitboards it holds all
    /// read back from their JSON as themselves.
    #[test]
    fn playout_values_round_trip((path, strict) in playout()) {
        for board in &path {
            if strict {
                prop_assert_eq!(from_json::<Board>(&json(board)).ok(), Some(*board));
            }
            let rights = board.castling_rights();
            prop_assert_eq!(from_json::<CastlingRights>(&json(&rights)).ok(), Some(rights));
            for mv in board.legal_moves() {
                prop_assert_eq!(from_json::<Move>(&json(&mv)).ok(), Some(mv));
            }
            for set in [board.occupied(), board.checkers(), board.pinned()] {
                prop_assert_eq!(from_json::<Bitboard>(&json(&set)).ok(), Some(set));
            }
        }
    }

    /// Any set of squares round-trips, as a list of that many names.
    #[test]
    fn any_bitboard_round_trips(bits in any::<u64>()) {
        let set = Bitboard(bits);
        let text = json(&set);
        prop_assert_eq!(text.matches('"').count(), 2 * set.len());
        prop_assert_eq!(from_json::<Bitboard>(&text).ok(), Some(set));
    }

    /// Arbitrary strings never panic a reader: each is a value or an error.
    #[test]
    fn arbitrary_strings_never_panic(text in "\\PC{0,80}") {
        let quoted = json(&text);
        let _ = from_json::<Square>(&quoted);
        let _ = from_json::<File>(&quoted);
        let _ = from_json::<Rank>(&quoted);
        let _ = from_json::<Color>(&quoted);
        let _ = from_json::<Piece>(&quoted);
        let _ = from_json::<CastlingSide>(&quoted);
        let _ = from_json::<Move>(&quoted);
        let _ = from_json::<Board>(&quoted);
        let _ = from_json::<Bitboard>(&text);
        let _ = from_json::<CastlingRights>(&text);
    }
}
