//! The `impl Board` block for the position key: [`Board::key`], the
//! Polyglot Zobrist hash, kept up to date by every move played.
//!
//! The random numbers are the Polyglot book format's published table,
//! rendered into `bitmoves-tables` by `cargo xtask regenerate`.

use super::Board;
use crate::{CastlingRights, CastlingSide, Color, Piece, Square};
use bitmoves_tables as tables;

/// The key of one piece of `color` and kind `piece` on `square`.
#[inline(always)]
pub(crate) fn piece_key(color: Color, piece: Piece, square: Square) -> u64 {
    tables::ZOBRIST_PIECES[color.index()][piece.index()][square.index()]
}

/// The key of a set of castling rights: one number per right, by side.
#[inline]
pub(crate) fn castling_key(rights: CastlingRights) -> u64 {
    let mut key = 0;
    for color in Color::ALL {
        for side in CastlingSide::ALL {
            if rights.rook(color, side).is_some() {
                key ^= tables::ZOBRIST_CASTLING[color.index()][side.index()];
            }
        }
    }
    key
}

/// The key of an en passant square (as [`Board::en_passant`] keeps it):
/// its file's number, or nothing.
#[inline(always)]
pub(crate) fn en_passant_key(square: Option<Square>) -> u64 {
    square.map_or(0, |square| {
        tables::ZOBRIST_EN_PASSANT[square.file().index()]
    })
}

/// The key's side-to-move part: Polyglot hashes White to move.
#[inline(always)]
pub(crate) fn side_key(color: Color) -> u64 {
    match color {
        Color::White => tables::ZOBRIST_WHITE_TO_MOVE,
        Color::Black => 0,
    }
}

impl Board {
    /// The position's 64-bit Zobrist key, compatible with Polyglot opening
    /// books: pieces, castling rights, the side to move, and the en passant
    /// file. Move clocks are not part of it. It is kept up to date by
    /// [`Board::play`] and [`Board::play_unchecked`], so reading it costs
    /// nothing.
    ///
    /// The en passant file counts when a pawn of the side to move stands
    /// beside the pawn that just made a double step, *whether or not* that
    /// capture is legal: that is the Polyglot rule, and it is the rule
    /// [`Board::en_passant`] and FEN output follow. (Repetition, where
    /// only a legal capture counts, is [`Game`](crate::Game)'s business.)
    ///
    /// Castling rights count by side, with Polyglot's four numbers. In
    /// Chess960 a side may have two rooks on one wing of its king; which of
    /// them holds the right is not in the key, so two such positions share
    /// a key. Perft's hash table adds the rook files to tell them apart.
    ///
    /// ```
    /// use bitmoves::Board;
    /// let mut board = Board::default();
    /// assert_eq!(board.key(), 0x463b96181691fc9c);
    /// board.play("e2e4".parse()?)?;
    /// assert_eq!(board.key(), 0x823c9b50fd114196);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The key worked out from the position alone, as the FEN parser sets
    /// it; [`Board::play`] keeps it up to date step by step instead.
    pub(crate) fn compute_key(&self) -> u64 {
        let mut key = castling_key(self.castling)
            ^ en_passant_key(self.en_passant)
            ^ side_key(self.side_to_move);
        for color in Color::ALL {
            for piece in Piece::ALL {
                for square in self.colored_pieces(color, piece) {
                    key ^= piece_key(color, piece, square);
                }
            }
        }
        key
    }
}
