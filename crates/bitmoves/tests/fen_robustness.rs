//! Robustness of the text parsers: `Board::from_fen`, `Move::from_uci` and
//! `Board::parse_move` return `Ok` or `Err` on any input and never panic;
//! whatever parses round-trips through `Display`, and a parsed board can
//! generate and play its moves.

mod common;

use bitmoves::{Board, FenOptions, Move};
use common::{check_fen_law, placement};
use proptest::prelude::*;
use std::sync::OnceLock;

const LENIENT: FenOptions = FenOptions {
    lenient: true,
    chess960: false,
};

/// Every suite FEN (with its clocks), as mutation seeds.
fn seeds() -> &'static [String] {
    static SEEDS: OnceLock<Vec<String>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        common::all_entries()
            .into_iter()
            .map(|e| e.fen)
            .chain([
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string(),
                "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3".to_string(),
                "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1".to_string(),
                "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1".to_string(),
                "rr2k1rr/8/8/8/8/8/8/RR2K1RR w GBhb - 0 1".to_string(),
                "nqnbbrkr/pppppppp/8/8/8/8/PPPPPPPP/NQNBBRKR w HFhf - 0 1".to_string(),
                "4k3/8/8/3Pp3/8/8/8/R3K3 w Q e6 0 2".to_string(),
            ])
            .collect()
    })
}

/// Text that is UCI-ish or arbitrary: `from_uci` and `parse_move` never
/// panic, what parses prints back to the same move, and `parse_move` only
/// returns legal moves.
fn check_uci(text: &str) -> Result<(), TestCaseError> {
    if let Ok(mv) = Move::from_uci(text) {
        prop_assert_eq!(Move::from_uci(&mv.to_string()), Ok(mv), "{:?}", text);
        prop_assert_eq!(text.parse::<Move>(), Ok(mv));
    }
    static BOARDS: OnceLock<Vec<Board>> = OnceLock::new();
    let boards = BOARDS.get_or_init(|| {
        [
            Board::STARTPOS_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r1n1k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
            "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
            "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        ]
        .iter()
        .map(|fen| Board::from_fen(fen).expect("valid"))
        .collect()
    });
    for board in boards {
        if let Ok(mv) = board.parse_move(text) {
            prop_assert!(board.is_legal(mv), "{}: {:?} gave {}", board, text, mv);
            prop_assert!(board.legal_moves().contains(&mv));
        }
    }
    Ok(())
}

/// Characters that FEN mutations insert or substitute: FEN letters, digits
/// that are out of range, separators, whitespace, and non-ASCII text.
fn fen_char() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => prop::sample::select(
            "pnbrqkPNBRQK012345678 9/-wbKQkqABCDEFGHabcdefgh".chars().collect::<Vec<_>>()
        ),
        1 => prop::sample::select(vec!['\t', '\n', '\0', 'é', '中', '٣', '\u{3000}', '…', 'ß']),
        1 => any::<char>(),
    ]
}

/// A replacement for one whole field: huge numbers, boundaries, empty or
/// blank text, non-ASCII text.
fn field_replacement() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "99999999999999999999",
            "18446744073709551616",
            "65535",
            "65536",
            "0",
            "-0",
            "+1",
            "",
            "     ",
            "-",
            "--",
            "é",
            "KQkqKQkq",
            "HAha",
            "e3",
            "e6",
            "a0",
            "h9",
            "8/8/8/8/8/8/8/8",
            "9/9/9/9/9/9/9/9",
            "0p7/8/8/8/8/8/8/8",
        ])
        .prop_map(String::from),
        "[0-9]{1,30}",
        "\\PC{0,6}",
    ]
}

/// One edit of a FEN.
#[derive(Debug, Clone)]
enum Edit {
    Substitute(usize, char),
    Insert(usize, char),
    Delete(usize),
    ReplaceField(usize, String),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), fen_char()).prop_map(|(at, c)| Edit::Substitute(at, c)),
        (any::<usize>(), fen_char()).prop_map(|(at, c)| Edit::Insert(at, c)),
        any::<usize>().prop_map(Edit::Delete),
        (0..7usize, field_replacement()).prop_map(|(i, f)| Edit::ReplaceField(i, f)),
    ]
}

/// Applies `edits` to `fen`, positions taken modulo its length in chars.
fn mutate(fen: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = fen.chars().collect();
    for edit in edits {
        match edit {
            Edit::Substitute(at, c) if !chars.is_empty() => {
                let at = at % chars.len();
                chars[at] = *c;
            }
            Edit::Insert(at, c) => chars.insert(at % (chars.len() + 1), *c),
            Edit::Delete(at) if !chars.is_empty() => {
                chars.remove(at % chars.len());
            }
            Edit::ReplaceField(index, field) => {
                let text: String = chars.iter().collect();
                let mut fields: Vec<String> = text.split(' ').map(String::from).collect();
                if *index < fields.len() {
                    fields[*index].clone_from(field);
                } else {
                    fields.push(field.clone());
                }
                chars = fields.join(" ").chars().collect();
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// A FEN built field by field from plausible pieces, so that many parse.
fn structured_fen() -> impl Strategy<Value = String> {
    let rank = "([pnbrqkPNBRQK]|[1-8]){1,8}";
    let placement = prop::collection::vec(rank, 7..=9).prop_map(|ranks| ranks.join("/"));
    let side = prop_oneof![8 => "[wb]", 1 => "\\PC{0,2}"];
    let castling = prop_oneof![4 => Just("-".to_string()), 4 => "[KQkq]{1,4}", 2 => "[A-Ha-h]{1,4}", 1 => "\\PC{0,5}"];
    let en_passant = prop_oneof![4 => Just("-".to_string()), 2 => "[a-h][36]", 1 => "[a-j][0-9]", 1 => "\\PC{0,3}"];
    let clock = prop_oneof![4 => "[0-9]{1,3}", 1 => "[0-9]{4,25}", 1 => "\\PC{0,4}"];
    let fields = prop::collection::vec(clock, 0..=3);
    (placement, side, castling, en_passant, fields).prop_map(
        |(placement, side, castling, en_passant, clocks)| {
            let mut fen = format!("{placement} {side} {castling} {en_passant}");
            for clock in clocks {
                fen.push(' ');
                fen.push_str(&clock);
            }
            fen
        },
    )
}

/// Boards of two kings and up to 12 random pieces (pawns off the back
/// ranks), with random rights and en passant squares: many parse, so the
/// round trip is exercised on many valid boards.
fn valid_looking_fen() -> impl Strategy<Value = String> {
    let piece = (
        0..64usize,
        prop::sample::select("pnbrqPNBRQ".chars().collect::<Vec<_>>()),
    );
    let castling =
        prop_oneof![3 => Just("-".to_string()), 1 => "[KQkq]{1,4}", 1 => "[A-Ha-h]{1,2}"];
    let en_passant = prop_oneof![3 => Just("-".to_string()), 1 => "[a-h][36]"];
    (
        prop::collection::vec(piece, 0..12),
        0..64usize,
        0..64usize,
        any::<bool>(),
        castling,
        en_passant,
    )
        .prop_map(|(pieces, white, black, side, castling, en_passant)| {
            let mut cells = ['.'; 64];
            for (square, piece) in pieces {
                let back_rank = !(8..56).contains(&square);
                if !(back_rank && piece.eq_ignore_ascii_case(&'p')) {
                    cells[square] = piece;
                }
            }
            cells[white] = 'K';
            cells[black] = 'k';
            let side = if side { 'w' } else { 'b' };
            format!("{} {side} {castling} {en_passant} 0 1", placement(&cells))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    /// Any printable text: `from_fen` never panics, and what parses
    /// round-trips.
    #[test]
    fn arbitrary_text_never_panics_the_fen_parser(text in "\\PC*") {
        check_fen_law(&text);
    }

    /// Text over the FEN alphabet, out-of-range digits included.
    #[test]
    fn fen_alphabet_text_never_panics_the_fen_parser(
        text in "[pnbrqkPNBRQK0-9/ wb\\-a-hA-H]{0,100}"
    ) {
        check_fen_law(&text);
    }

    /// Suite FENs with random character edits and field replacements (huge
    /// clocks, digits 0 and 9, empty fields, many spaces, Unicode).
    #[test]
    fn mutated_valid_fens_never_panic_and_round_trip(
        seed in 0..seeds().len(),
        edits in prop::collection::vec(edit(), 1..6),
    ) {
        let fen = mutate(&seeds()[seed], &edits);
        check_fen_law(&fen);
    }

    /// FENs assembled field by field from plausible parts.
    #[test]
    fn structured_fens_never_panic_and_round_trip(fen in structured_fen()) {
        check_fen_law(&fen);
    }

    /// Random placements with two kings, random rights and en passant
    /// squares: many are valid, and every valid one round-trips.
    #[test]
    fn random_placements_round_trip(fen in valid_looking_fen()) {
        check_fen_law(&fen);
    }

    /// Any printable text as a UCI move.
    #[test]
    fn arbitrary_text_never_panics_the_move_parsers(text in "\\PC{0,8}") {
        check_uci(&text)?;
    }

    /// Text shaped like UCI moves, with out-of-range files, ranks and
    /// promotion letters.
    #[test]
    fn uci_shaped_text_never_panics_the_move_parsers(
        text in "[a-j0-9][0-9][a-j][0-9][nbrqkpNBRQKPx0é]?"
    ) {
        check_uci(&text)?;
    }
}

/// The seeds themselves parse (leniently) and round-trip: the mutations
/// start from valid FENs.
#[test]
fn seeds_are_valid() {
    for fen in seeds() {
        let board = Board::from_fen_with(fen, LENIENT).expect(fen);
        assert_eq!(Board::from_fen_with(&board.to_string(), LENIENT), Ok(board));
    }
}
