//! Fuzzes Polyglot book reading. Any bytes, read as a book, must never
//! panic and must give only legal moves. Then the same bytes are made into
//! a sorted book whose keys mostly belong to a few boards, and the binary
//! search must find exactly what a scan of every entry finds: the same
//! entries, the same moves in the same order, and the same pick.

#![no_main]

use bitmoves::{
    Board, FenOptions, Move,
    polyglot::{Book, BookEntry, BookMove, choose},
};
use libfuzzer_sys::fuzz_target;
use std::sync::LazyLock;

/// Boards with castling (standard and Chess960), en passant and promotions.
static BOARDS: LazyLock<Vec<Board>> = LazyLock::new(|| {
    let chess960 = FenOptions {
        chess960: true,
        lenient: false,
    };
    vec![
        Board::default(),
        Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .expect("valid FEN"),
        Board::from_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3")
            .expect("valid FEN"),
        Board::from_fen("r1n1k3/1P6/8/8/8/8/8/4K3 w - - 0 1").expect("valid FEN"),
        Board::from_fen_with("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", chess960).expect("valid FEN"),
        Board::from_fen("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1")
            .expect("valid FEN"),
    ]
});

/// A random number for `pick`, from the data's first bytes.
fn random(data: &[u8]) -> u64 {
    let mut bytes = [0; 8];
    let n = data.len().min(8);
    bytes[..n].copy_from_slice(&data[..n]);
    u64::from_le_bytes(bytes)
}

/// `mv` as Polyglot writes it: castling as king-takes-rook.
fn polyglot_spelling(board: &Board, mut mv: Move) -> Move {
    let us = board.side_to_move();
    if let Some(side) = board.castling_side(mv)
        && let Some(rook) = board.castling_rights().rook_square(us, side)
    {
        mv.to = rook;
    }
    mv
}

fuzz_target!(|data: &[u8]| {
    let r = random(data);

    // The bytes as they are: errors are fine, panics and illegal moves not.
    if let Ok(mut book) = Book::from_bytes(data) {
        for board in BOARDS.iter() {
            if let Ok(moves) = book.moves(board) {
                for book_move in &moves {
                    assert!(board.is_legal(book_move.mv), "{board}: {}", book_move.mv);
                }
            }
            if let Ok(Some(mv)) = book.pick(board, r) {
                assert!(board.is_legal(mv), "{board}: {mv}");
            }
        }
        let _ = book.validate();
    }

    // A sorted book: an entry whose first byte is even takes a board's key,
    // and one whose first byte is a multiple of 4 one of its legal moves too.
    let mut entries: Vec<BookEntry> = data
        .chunks_exact(BookEntry::SIZE)
        .map(|record| {
            let mut entry = BookEntry::from_bytes(record.try_into().expect("16 bytes"));
            if record[0] % 2 == 0 {
                let board = &BOARDS[usize::from(record[1]) % BOARDS.len()];
                entry.key = board.key();
                let moves = board.legal_moves();
                if record[0] % 4 == 0 && !moves.is_empty() {
                    let mv = polyglot_spelling(board, moves[usize::from(record[2]) % moves.len()]);
                    entry.raw_move = BookEntry::new(0, mv, 0, 0).raw_move;
                }
            }
            entry
        })
        .collect();
    entries.sort_by_key(|entry| entry.key); // stable: a key's run keeps its order
    let bytes: Vec<u8> = entries.iter().flat_map(BookEntry::to_bytes).collect();
    let mut book = Book::from_bytes(&bytes).expect("a whole number of entries");
    assert_eq!(book.validate().ok(), Some(()));
    for board in BOARDS.iter() {
        let scanned: Vec<BookEntry> = entries
            .iter()
            .copied()
            .filter(|entry| entry.key == board.key())
            .collect();
        assert_eq!(book.entries(board.key()).expect("sorted"), scanned);
        let mut expected: Vec<BookMove> = scanned
            .iter()
            .filter_map(|entry| entry.book_move(board))
            .collect();
        expected.sort_by_key(|book_move| std::cmp::Reverse(book_move.weight)); // stable
        assert_eq!(book.moves(board).expect("sorted"), expected, "{board}");
        assert_eq!(
            book.pick(board, r).expect("sorted"),
            choose(&expected, r).map(|book_move| book_move.mv)
        );
    }
});
