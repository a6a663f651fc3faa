//! Fuzzes `Board::from_fen_with` and `Board::from_fen_cleaned` in every
//! mode against the FEN law of `crates/bitmoves/tests/common/fen_law.rs`
//! (never a panic, cleaning changes nothing the strict reading accepts,
//! round trips with and without the Chess960 mode and in Shredder letters,
//! legal moves generated and played), the law
//! `crates/bitmoves/tests/fen_robustness.rs` runs as an ordinary test.

#![no_main]

use libfuzzer_sys::fuzz_target;

/// When castling rights need Chess960: the core tests' rule.
#[path = "../../crates/bitmoves/tests/common/chess960.rs"]
mod chess960;
/// The FEN law, as the core's robustness tests check it.
#[path = "../../crates/bitmoves/tests/common/fen_law.rs"]
mod fen_law;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        fen_law::check_fen_law(text);
    }
});
