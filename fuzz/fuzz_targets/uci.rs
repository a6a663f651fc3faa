//! Fuzzes `Move::from_uci` and `Board::parse_move`: they must never panic,
//! a parsed move must print back to the same move, and `parse_move` must
//! only return moves that `play` accepts.

#![no_main]

use bitmoves::{Board, Move};
use libfuzzer_sys::fuzz_target;
use std::sync::LazyLock;

/// Boards with castling (standard and Chess960), en passant and promotions.
static BOARDS: LazyLock<Vec<Board>> = LazyLock::new(|| {
    [
        Board::STARTPOS_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
        "r1n1k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
        "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
    ]
    .iter()
    .map(|fen| Board::from_fen(fen).expect("valid FEN"))
    .collect()
});

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
