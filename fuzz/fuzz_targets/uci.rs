//! Fuzzes `Move::from_uci` and `Board::parse_move`: they must never panic,
//! a parsed move must print back to the same move, and `parse_move` must
//! only return moves that `play` accepts.

#![no_main]

use bitmoves::Move;
use boards::BOARDS;
use libfuzzer_sys::fuzz_target;

#[path = "common/boards.rs"]
mod boards;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(mv) = Move::from_uci(text) {
        assert_eq!(Move::from_uci(&mv.to_string()), Ok(mv), "{text:?}");
    }
    for board in BOARDS.iter() {
        if let Ok(mv) = board.parse_move(text) {
            let mut next = *board;
            assert_eq!(next.play(mv), Ok(()), "{board}: {text:?} gave {mv}");
        }
    }
});
