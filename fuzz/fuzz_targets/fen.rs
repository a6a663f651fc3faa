//! Fuzzes `Board::from_fen_with` and `Board::from_fen_cleaned` in every
//! mode: they must never panic; cleaning changes nothing the strict reading
//! accepts; a board that parses must read back from its own FEN as the same
//! board (its Chess960 mode passed along), and without the mode as the same
//! position, in Chess960 mode exactly where its castling rights need it (a
//! standard position is never read as Chess960); the same FEN in Shredder
//! letters reads as the same board; generating and playing each of its
//! legal moves must not panic. `crates/bitmoves/tests/fen_robustness.rs`
//! runs the same law as an ordinary test.

#![no_main]

use bitmoves::{Board, FenOptions};
use libfuzzer_sys::fuzz_target;

/// When castling rights need Chess960: the core tests' rule.
#[path = "../../crates/bitmoves/tests/common/chess960.rs"]
mod chess960;
use chess960::rights_need_chess960;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for (lenient, chess960) in [(false, false), (true, false), (true, true)] {
        let options = FenOptions { lenient, chess960 };
        let strict = Board::from_fen_with(text, options);
        let cleaned = Board::from_fen_cleaned(text, options);
        if let Ok(board) = strict {
            assert_eq!(cleaned, Ok(board), "{text:?} cleaned");
        }
        let Ok(board) = cleaned else {
            continue;
        };
        let written = board.to_string();
        let with_mode = FenOptions {
            chess960: board.is_chess960(),
            ..options
        };
        assert_eq!(
            Board::from_fen_with(&written, with_mode),
            Ok(board),
            "{text:?} was written as {written:?}"
        );
        let without = FenOptions {
            chess960: false,
            ..options
        };
        let plain = Board::from_fen_with(&written, without);
        assert_eq!(plain.map(|b| b.to_string()), Ok(written.clone()));
        assert_eq!(
            plain.map(|b| b.is_chess960()),
            Ok(rights_need_chess960(&board)),
            "{written}"
        );
        let shredder = board.shredder_fen().to_string();
        assert_eq!(
            Board::from_fen_with(&shredder, without),
            plain,
            "{shredder}"
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
