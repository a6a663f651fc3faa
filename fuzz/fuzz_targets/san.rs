//! Fuzzes `Board::parse_san` and `Board::san`. The input is SAN text, or a
//! FEN line, a newline and SAN text. Neither function may panic; a move
//! that `parse_san` returns must be legal, and its own SAN must read back
//! as it. On a board made from fuzzed FEN, every legal move's SAN must
//! read back as that move, too.

#![no_main]

use bitmoves::{Board, FenOptions};
use boards::BOARDS;
use libfuzzer_sys::fuzz_target;

#[path = "common/boards.rs"]
mod boards;

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
