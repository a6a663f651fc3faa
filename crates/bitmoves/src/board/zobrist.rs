//! The `impl Board` block for the position key: [`Board::key`], the
//! Polyglot Zobrist hash, kept up to date by every move played.
//!
//! The random numbers are the Polyglot book format's published table,
//! rendered into `bitmoves-tables` by `cargo xtask regenerate`.

use super::Board;
use crate::{CastlingRights, Color, Piece, Square};
use bitmoves_tables as tables;

/// The key of one piece of `color` and kind `piece` on `square`.
#[inline(always)]
pub(crate) fn piece_key(color: Color, piece: Piece, square: Square) -> u64 {
    tables::ZOBRIST_PIECES[color.index()][piece.index()][square.index()]
}

/// The key of a set of castling rights: one number per right, by side.
#[inline(always)]
pub(crate) fn castling_key(rights: CastlingRights) -> u64 {
    castling_bits_key(rights.bits())
}

/// The key of the castling rights in `bits` (as [`CastlingRights::bits`]
/// gives them). The key is the XOR of one number per right, so the key of
/// the rights two sets differ by is `castling_bits_key(before ^ after)`.
#[inline(always)]
pub(crate) fn castling_bits_key(bits: u8) -> u64 {
    CASTLING_KEYS[usize::from(bits & 0xf)]
}

/// [`castling_bits_key`] for each of the 16 sets of rights.
static CASTLING_KEYS: [u64; 16] = {
    let mut keys = [0; 16];
    let mut bits = 0;
    while bits < 16 {
        let mut right = 0;
        while right < 4 {
            if bits & (1 << right) != 0 {
                keys[bits] ^= tables::ZOBRIST_CASTLING[right / 2][right % 2];
            }
            right += 1;
        }
        bits += 1;
    }
    keys
};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CastlingSide;

    /// The castling key read from the rights' one-byte summary is the XOR
    /// of one Polyglot number per right the rook files say is held, on
    /// every position two plies below positions where moves take rights
    /// away (king and rook moves, rook captures, Chess960 rooks).
    #[test]
    fn the_castling_summary_follows_the_rook_files() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "1rk2r2/8/8/8/8/8/8/1RK2R2 w FBfb - 0 1",
        ];
        for fen in fens {
            for board in super::super::up_to_two_plies_below(fen) {
                let rights = board.castling_rights();
                let mut expected = 0;
                for color in Color::ALL {
                    for side in CastlingSide::ALL {
                        if rights.rook(color, side).is_some() {
                            expected ^= tables::ZOBRIST_CASTLING[color.index()][side.index()];
                        }
                    }
                }
                assert_eq!(castling_key(rights), expected, "{board}");
                assert_eq!(board.key(), board.compute_key(), "{board}");
            }
        }
    }
}
