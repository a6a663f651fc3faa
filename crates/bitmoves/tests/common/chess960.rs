//! When castling rights need Chess960, written from the rule apart from
//! the library's own code: the core's FEN tests and `fuzz/fuzz_targets/fen.rs`
//! (which includes this file) hold the FEN reader to it.

use bitmoves::{Board, CastlingSide, Color, File};

/// Whether `board`'s castling rights describe a Chess960 position: some
/// right has its king off the e-file or its rook off the corner of its
/// side.
pub fn rights_need_chess960(board: &Board) -> bool {
    Color::ALL.into_iter().any(|color| {
        [
            (CastlingSide::KingSide, File::H),
            (CastlingSide::QueenSide, File::A),
        ]
        .into_iter()
        .any(|(side, corner)| {
            board
                .castling_rights()
                .rook(color, side)
                .is_some_and(|rook| rook != corner || board.king(color).file() != File::E)
        })
    })
}
