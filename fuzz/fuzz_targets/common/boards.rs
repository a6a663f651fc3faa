//! The boards the move-text fuzz targets (`uci`, `san`) try every input
//! on: castling (standard and Chess960), en passant, promotions, and
//! pieces that need disambiguation. Included with `#[path]`.

use bitmoves::Board;
use std::sync::LazyLock;

/// The boards, parsed once.
pub static BOARDS: LazyLock<Vec<Board>> = LazyLock::new(|| {
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
