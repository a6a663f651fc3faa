//! Fuzzes `Board::parse_san` and `Board::san`. The input is SAN text, or a
//! FEN line, a newline and SAN text. Neither function may panic; a move
//! that `parse_san` returns must be legal, and its own SAN must read back
//! as it. On a board made from fuzzed FEN, every legal move's SAN must
//! read back as that move, too.

#![no_main]

use bitmoves::{Board, FenOptions};
use libfuzzer_sys::fuzz_target;
use std::sync::LazyLock;

/// Boards with castling (standard and Chess960), en passant, promotions,
/// and pieces that need disambiguation.
static BOARDS: LazyLock<Vec<Board>> = LazyLock::new(|| {
    [
        Board::STARTPOS_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
        "r1n1k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
        "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
        "4k3/8/8/8/1Q5Q/8/K7/4n2Q w - - 0 1",
    ]
    .iter()
    .map(|fen| Board::from_fen(fen).expect("valid FEN"))
    .collect()
});

/// Checks `text` against `board`.
fn check_text(board: &Board, text: &str) {
    if let Ok(mv) = board.parse_san(text) {
        assert!(board.is_legal(mv), "{board}: {text:?} gave {mv}");
        let san = board.san(mv).expect("a legal move has a SAN");
        assert_eq!(
            board.parse_san(&san),
            Ok(mv),
            "{board}: {text:?} gave {mv} ({san})"
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    let Some((fen, text)) = input.split_once('\n') else {
        for board in BOARDS.iter() {
            check_text(board, input);
        }
        return;
    };
    for (lenient, chess960) in [(false, false), (true, true)] {
        let Ok(board) = Board::from_fen_with(fen, FenOptions { lenient, chess960 }) else {
            continue;
        };
        check_text(&board, text);
        for &mv in board.legal_moves().iter() {
            let san = board.san(mv).expect("a legal move has a SAN");
            assert_eq!(board.parse_san(&san), Ok(mv), "{board}: {mv} ({san})");
        }
    }
});
