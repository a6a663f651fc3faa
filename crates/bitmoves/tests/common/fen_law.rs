//! The FEN reader's law for any text, as the core's robustness tests
//! (`tests/fen_robustness.rs`) and the FEN fuzz target
//! (`fuzz/fuzz_targets/fen.rs`, which includes this file) check it.

use super::chess960::rights_need_chess960;
use bitmoves::{Board, FenOptions};

/// Reads `text` strictly, leniently and in forced Chess960 mode, each
/// plainly and cleaned, and panics where the law fails. Reading never
/// panics; cleaning changes nothing the strict reading accepts; a board
/// that parses reads back from its own FEN as the same board (its mode
/// passed along), and without the mode as the same position, in Chess960
/// mode exactly where its castling rights need it (a standard position is
/// never read as Chess960); the same FEN in Shredder letters reads as the
/// same board; a strictly read board's FEN reads back in the default mode
/// by `from_fen` and `parse`; generating and playing each of its legal
/// moves does not panic.
pub fn check_fen_law(text: &str) {
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
        if strict.is_ok() && options == FenOptions::default() {
            assert_eq!(Board::from_fen(&written), Ok(board), "{written}");
            assert_eq!(written.parse::<Board>(), Ok(board), "{written}");
        }
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
        let _ = board.status();
    }
}
