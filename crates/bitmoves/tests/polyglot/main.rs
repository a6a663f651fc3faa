//! Polyglot books: each test writes its book's bytes itself, reads them
//! back with `bitmoves::polyglot`, and checks the moves, the castling
//! conversion, the skipping of bad entries, the errors, the search of a
//! large book on disk, and (with python-chess) agreement with another
//! reader.

#[path = "../common/mod.rs"]
mod common;
mod large;
mod oracle;

use bitmoves::{
    Board,
    polyglot::{Book, BookEntry, BookError, BookMove},
};
use common::{Random, TempFile, board, board960};
use std::io;

/// The starting position's Polyglot key, as published with the format.
const START_KEY: u64 = 0x463b_9618_1691_fc9c;

/// One entry's 16 bytes, packed by hand (not by [`BookEntry::to_bytes`]).
fn raw(key: u64, mv: u16, weight: u16, learn: u32) -> Vec<u8> {
    let mut bytes = key.to_be_bytes().to_vec();
    bytes.extend(mv.to_be_bytes());
    bytes.extend(weight.to_be_bytes());
    bytes.extend(learn.to_be_bytes());
    bytes
}

/// The move bits of a UCI move, packed by hand: to-file, to-rank,
/// from-file, from-rank and promotion, three bits each from the lowest.
fn bits(uci: &str) -> u16 {
    let b = uci.as_bytes();
    let file = |c: u8| u16::from(c - b'a');
    let rank = |c: u8| u16::from(c - b'1');
    let promotion = match b.get(4) {
        None => 0,
        Some(b'n') => 1,
        Some(b'b') => 2,
        Some(b'r') => 3,
        Some(b'q') => 4,
        Some(other) => panic!("bad promotion {other}"),
    };
    file(b[2]) | rank(b[3]) << 3 | file(b[0]) << 6 | rank(b[1]) << 9 | promotion << 12
}

/// A book of `(key, uci, weight)` entries, sorted by key with a stable
/// sort (so entries of one key keep their order).
fn book_bytes(entries: &[(u64, &str, u16)]) -> Vec<u8> {
    let mut sorted = entries.to_vec();
    sorted.sort_by_key(|&(key, _, _)| key);
    sorted
        .iter()
        .flat_map(|&(key, uci, weight)| raw(key, bits(uci), weight, 0))
        .collect()
}

/// The book moves of `board` as `uci weight` strings, in the order given.
fn listed(bytes: &[u8], board: &Board) -> Vec<String> {
    let mut book = Book::from_bytes(bytes).expect("a valid book");
    let moves = book.moves(board).expect("the search succeeds");
    moves
        .iter()
        .map(|m| format!("{} {}", m.mv, m.weight))
        .collect()
}

#[test]
fn the_format_is_read_field_by_field_big_endian() {
    assert_eq!(bits("e2e4"), 0x031c);
    let bytes = raw(START_KEY, 0x031c, 0x0102, 0x0a0b_0c0d);
    let entry = BookEntry::from_bytes(bytes.clone().try_into().unwrap());
    assert_eq!(
        entry,
        BookEntry {
            key: START_KEY,
            raw_move: 0x031c,
            weight: 0x0102,
            learn: 0x0a0b_0c0d
        }
    );
    assert_eq!(entry.to_bytes().to_vec(), bytes);
    let mut book = Book::from_bytes(&bytes).unwrap();
    assert_eq!(book.len(), 1);
    let moves = book.moves(&Board::default()).unwrap();
    assert_eq!(
        moves,
        [BookMove {
            mv: "e2e4".parse().unwrap(),
            weight: 0x0102,
            learn: 0x0a0b_0c0d
        }]
    );
}

#[test]
fn every_encodable_move_packs_as_polyglot_writes_it() {
    let board = board("r1n1k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    for mv in board.legal_moves() {
        let uci = mv.to_string();
        assert_eq!(BookEntry::new(0, mv, 1, 0).raw_move, bits(&uci), "{uci}");
        assert_eq!(BookEntry::new(0, mv, 1, 0).decoded_move(), Some(mv));
    }
}

#[test]
fn moves_come_highest_weight_first_and_ties_keep_book_order() {
    let bytes = book_bytes(&[
        (START_KEY, "g1f3", 5),
        (START_KEY, "e2e4", 10),
        (START_KEY, "d2d4", 10),
        (START_KEY, "c2c4", 20),
        (START_KEY, "b1c3", 0),
    ]);
    assert_eq!(
        listed(&bytes, &Board::default()),
        ["c2c4 20", "e2e4 10", "d2d4 10", "g1f3 5", "b1c3 0"]
    );
}

#[test]
fn pick_maps_r_modulo_the_total_weight_onto_the_listed_order() {
    // Listed: c2c4 (20), e2e4 (10), d2d4 (10), g1f3 (5); total 45.
    let bytes = book_bytes(&[
        (START_KEY, "g1f3", 5),
        (START_KEY, "e2e4", 10),
        (START_KEY, "b1c3", 0),
        (START_KEY, "d2d4", 10),
        (START_KEY, "c2c4", 20),
    ]);
    let mut book = Book::from_bytes(&bytes).unwrap();
    let start = Board::default();
    let mut pick = |r| book.pick(&start, r).unwrap().unwrap().to_string();
    for (r, expected) in [
        (0, "c2c4"),
        (19, "c2c4"),
        (20, "e2e4"),
        (29, "e2e4"),
        (30, "d2d4"),
        (39, "d2d4"),
        (40, "g1f3"),
        (44, "g1f3"),
        (45, "c2c4"),
        (45 * 1000 + 41, "g1f3"),
        (u64::MAX, "c2c4"), // u64::MAX % 45 == 15
    ] {
        assert_eq!(pick(r), expected, "r = {r}");
    }
    // Every r in one cycle: each move is picked as often as it weighs.
    let mut counts = std::collections::BTreeMap::new();
    for r in 0..45 {
        *counts.entry(pick(r)).or_insert(0) += 1;
    }
    let counts: Vec<_> = counts.into_iter().collect();
    assert_eq!(
        counts,
        [
            ("c2c4".to_owned(), 20),
            ("d2d4".to_owned(), 10),
            ("e2e4".to_owned(), 10),
            ("g1f3".to_owned(), 5)
        ]
    );
}

#[test]
fn pick_is_none_for_zero_total_weight_and_for_a_missing_position() {
    let bytes = book_bytes(&[(START_KEY, "e2e4", 0), (START_KEY, "d2d4", 0)]);
    let mut book = Book::from_bytes(&bytes).unwrap();
    assert_eq!(book.moves(&Board::default()).unwrap().len(), 2);
    assert_eq!(book.pick(&Board::default(), 7).unwrap(), None);
    let after_e4 = board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(book.moves(&after_e4).unwrap(), []);
    assert_eq!(book.pick(&after_e4, 7).unwrap(), None);
}

#[test]
fn king_takes_rook_is_castling_on_a_standard_board() {
    let white = board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let black = board("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    let bytes = book_bytes(&[
        (white.key(), "e1h1", 3),
        (white.key(), "e1a1", 2),
        (black.key(), "e8h8", 5),
        (black.key(), "e8a8", 4),
    ]);
    assert_eq!(listed(&bytes, &white), ["e1g1 3", "e1c1 2"]);
    assert_eq!(listed(&bytes, &black), ["e8g8 5", "e8c8 4"]);

    // The king's step, which Polyglot does not write, is still read.
    let steps = book_bytes(&[(white.key(), "e1g1", 1)]);
    assert_eq!(listed(&steps, &white), ["e1g1 1"]);

    // Without the right, king-takes-rook is a king taking its own rook.
    let kingside_only = board("r3k2r/8/8/8/8/8/8/R3K2R w K - 0 1");
    let bytes = book_bytes(&[
        (kingside_only.key(), "e1a1", 9),
        (kingside_only.key(), "e1h1", 1),
    ]);
    assert_eq!(listed(&bytes, &kingside_only), ["e1g1 1"]);

    // Castling through an attacked square is not legal, so it is skipped.
    let attacked = board("r3k2r/8/8/8/8/8/6r1/R3K2R w KQ - 0 1");
    let bytes = book_bytes(&[(attacked.key(), "e1h1", 1), (attacked.key(), "e1a1", 1)]);
    assert_eq!(listed(&bytes, &attacked), ["e1c1 1"]);
}

#[test]
fn king_takes_rook_stays_as_written_in_chess960() {
    let standard_setup = board960("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let bytes = book_bytes(&[
        (standard_setup.key(), "e1h1", 3),
        (standard_setup.key(), "e1a1", 2),
        (standard_setup.key(), "e1g1", 1), // the step is not castling here
    ]);
    assert_eq!(listed(&bytes, &standard_setup), ["e1h1 3", "e1a1 2"]);

    // King e1, rooks b1 and g1: castling lands on g1/f1 and c1/d1.
    let board = board960("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1");
    let bytes = book_bytes(&[(board.key(), "e1g1", 7), (board.key(), "e1b1", 6)]);
    assert_eq!(listed(&bytes, &board), ["e1g1 7", "e1b1 6"]);
    let mut after = board;
    after.play("e1g1".parse().unwrap()).unwrap();
    assert_eq!(
        after.to_string(),
        "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 b kq - 1 1"
    );
}

#[test]
fn promotions_are_read_with_their_piece() {
    let board = board("r1n1k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let key = board.key();
    let bytes = book_bytes(&[
        (key, "b7b8q", 40),
        (key, "b7a8n", 30),
        (key, "b7c8r", 20),
        (key, "b7b8b", 10),
        (key, "b7b8", 99), // a promotion without its piece is not legal
    ]);
    assert_eq!(
        listed(&bytes, &board),
        ["b7b8q 40", "b7a8n 30", "b7c8r 20", "b7b8b 10"]
    );
}

#[test]
fn illegal_and_corrupt_entries_are_skipped() {
    let start = Board::default();
    let mut bytes = book_bytes(&[
        (START_KEY, "e2e5", 9),  // no such pawn move
        (START_KEY, "e1e2", 9),  // onto its own pawn
        (START_KEY, "e7e5", 9),  // black's move, white to play
        (START_KEY, "e2e4q", 9), // a promotion off the last rank
        (START_KEY, "d2d4", 1),
    ]);
    for corrupt in [
        0x8000 | bits("e2e4"), // bit 15
        0x5000 | bits("e2e4"), // promotion code 5
        0x7000 | bits("e2e4"), // promotion code 7
        bits("e2e2"),          // from == to
        0,                     // a1a1
    ] {
        bytes.extend(raw(START_KEY, corrupt, 9, 0));
    }
    assert_eq!(listed(&bytes, &start), ["d2d4 1"]);
}

#[test]
fn entries_of_other_keys_are_never_returned() {
    let start = Board::default();
    let after_e4 = board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    let bytes = book_bytes(&[
        (START_KEY - 1, "e2e4", 5),
        (START_KEY + 1, "d2d4", 5),
        (0, "g1f3", 5),
        (u64::MAX, "c2c4", 5),
        // A collision: another position's move stored under this key.
        (START_KEY, "e7e5", 5),
        (START_KEY, "b1c3", 2),
        (after_e4.key(), "e7e5", 8),
    ]);
    assert_eq!(listed(&bytes, &start), ["b1c3 2"]);
    assert_eq!(listed(&bytes, &after_e4), ["e7e5 8"]);
    let mut book = Book::from_bytes(&bytes).unwrap();
    assert_eq!(book.entries(START_KEY).unwrap().len(), 2);
    assert_eq!(book.entries(START_KEY + 2).unwrap(), []);
    assert_eq!(book.entries(0).unwrap().len(), 1);
    assert_eq!(book.entries(u64::MAX).unwrap().len(), 1);
}

#[test]
fn a_length_off_the_entry_size_is_truncated() {
    for len in [1, 15, 17, 31, 16 * 1000 + 8] {
        let error = Book::from_bytes(&vec![0; len]).unwrap_err();
        assert!(
            matches!(error, BookError::Truncated { len: found } if found == len as u64),
            "{len}: {error:?}"
        );
    }
    let file = TempFile::new("truncated", &book_bytes(&[(START_KEY, "e2e4", 1)])[..15]);
    let error = Book::open(&file.0).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the book is 15 bytes, not a whole number of 16-byte entries (15 bytes too many)"
    );
}

#[test]
fn an_empty_book_has_no_moves() {
    let mut book = Book::from_bytes(&[]).unwrap();
    assert!(book.is_empty());
    assert_eq!(book.moves(&Board::default()).unwrap(), []);
    assert_eq!(book.pick(&Board::default(), 0).unwrap(), None);
    assert_eq!(book.entry(0).unwrap(), None);
    book.validate().unwrap();

    let file = TempFile::new("empty", &[]);
    let mut book = Book::open(&file.0).unwrap();
    assert_eq!(book.len(), 0);
    assert_eq!(book.moves(&Board::default()).unwrap(), []);
}

#[test]
fn a_missing_file_is_an_io_error() {
    let error = Book::open("/nonexistent/bitmoves/book.bin").unwrap_err();
    match &error {
        BookError::Io(io) => assert_eq!(io.kind(), io::ErrorKind::NotFound),
        other => panic!("{other:?}"),
    }
    assert!(std::error::Error::source(&error).is_some());
    assert!(error.to_string().starts_with("cannot read the book: "));
    let error = Book::open(std::env::temp_dir()).unwrap_err();
    assert!(
        matches!(&error, BookError::Io(io) if io.kind() == io::ErrorKind::IsADirectory),
        "{error:?}"
    );
}

#[test]
fn an_unsorted_book_is_reported_where_a_search_meets_it() {
    // Keys 5, 4, 3, 2, 1: the search for 3 meets 3, then 4 after it.
    let bytes: Vec<u8> = (1..=5)
        .rev()
        .flat_map(|key| raw(key, bits("e2e4"), 1, 0))
        .collect();
    let mut book = Book::from_bytes(&bytes).unwrap();
    let error = book.entries(3).unwrap_err();
    assert!(
        matches!(error, BookError::Unsorted { index: 1 }),
        "{error:?}"
    );
    assert!(matches!(
        book.validate(),
        Err(BookError::Unsorted { index: 1 })
    ));
    // A run of the key followed by a smaller key.
    let bytes: Vec<u8> = [7, 7, 3]
        .into_iter()
        .flat_map(|key| raw(key, bits("e2e4"), 1, 0))
        .collect();
    let mut book = Book::from_bytes(&bytes).unwrap();
    assert!(matches!(
        book.entries(7),
        Err(BookError::Unsorted { index: 2 })
    ));
    let sorted = book_bytes(&[(1, "e2e4", 1), (1, "d2d4", 1), (9, "e2e4", 1)]);
    Book::from_bytes(&sorted).unwrap().validate().unwrap();
}
