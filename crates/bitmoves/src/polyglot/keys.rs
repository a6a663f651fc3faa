//! The Polyglot random numbers behind [`Board::key`](crate::Board::key),
//! one by one, for hashing positions a [`Board`](crate::Board) cannot
//! hold (python-chess hashes any position, legal or not).
//!
//! A position's key is the XOR of [`piece`] for every piece, [`castling`]
//! for every castling right, [`en_passant`] for the file of an en passant
//! square that a pawn of the side to move stands beside, and
//! [`white_to_move`] when White is to move:
//!
//! ```
//! use bitmoves::polyglot::keys;
//! use bitmoves::{Board, CastlingSide, Color, Piece};
//!
//! let board = Board::default();
//! let mut key = keys::white_to_move();
//! for color in Color::ALL {
//!     for piece in Piece::ALL {
//!         for square in board.colored_pieces(color, piece) {
//!             key ^= keys::piece(color, piece, square);
//!         }
//!     }
//!     for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
//!         key ^= keys::castling(color, side);
//!     }
//! }
//! assert_eq!(key, board.key());
//! ```

use bitmoves_tables as tables;

use crate::{CastlingSide, Color, File, Piece, Square};

/// The key of `color`'s `piece` on `square`.
pub fn piece(color: Color, piece: Piece, square: Square) -> u64 {
    tables::ZOBRIST_PIECES[color.index()][piece.index()][square.index()]
}

/// The key of `color`'s right to castle to `side`.
pub fn castling(color: Color, side: CastlingSide) -> u64 {
    tables::ZOBRIST_CASTLING[color.index()][side.index()]
}

/// The key of an en passant square on `file`.
pub fn en_passant(file: File) -> u64 {
    tables::ZOBRIST_EN_PASSANT[file.index()]
}

/// The key added when White is to move.
pub fn white_to_move() -> u64 {
    tables::ZOBRIST_WHITE_TO_MOVE
}
