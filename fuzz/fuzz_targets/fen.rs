//! Fuzzes `Board::from_fen_with` in every mode: it must never panic; a
//! board that parses must read back from its own FEN as the same board, and
//! generating and playing each of its legal moves must not panic.

#![no_main]

use bitmoves::{Board, FenOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for (lenient, chess960) in [(false, false), (true, false), (true, true)] {
        let options = FenOptions { lenient, chess960 };
        let Ok(board) = Board::from_fen_with(text, options) else {
            continue;
        };
        let written = board.to_string();
        assert_eq!(
            Board::from_fen_with(&written, options),
            Ok(board),
            "{text:?} was written as {written:?}"
        );
        let moves = board.legal_moves();
        assert_eq!(moves.len(), board.move_count(), "{written}");
        for &mv in moves.iter() {
            let mut next = board;
            assert_eq!(next.play(mv), Ok(()), "{written}: {mv}");
            let _ = next.to_string();
            let _ = next.status();
        }
    }
});
