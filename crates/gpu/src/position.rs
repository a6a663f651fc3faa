//! A board in the kernels' layout: eight words, from the side to move's
//! point of view (see `struct Pos` in `movegen.cu`).

use crate::kernels::{META_EP_SHIFT, META_FILES_SHIFT, POSITION_WORDS};
use bitmoves::{Board, CastlingSide, Color, Piece};

/// The words of one position (`struct Pos` in `movegen.cu`).
pub(crate) const WORDS: usize = POSITION_WORDS;

/// `board` as the kernels store it: mirrored top to bottom when Black is
/// to move, so that the side to move always moves up the board.
pub(crate) fn encode(board: &Board) -> [u64; WORDS] {
    let side = board.side_to_move();
    let frame = |bits: u64| {
        if side == Color::White {
            bits
        } else {
            bits.swap_bytes()
        }
    };
    let pieces = |piece: Piece| board.pieces(piece).0;
    let queens = pieces(Piece::Queen);
    let castling = board.castling_rights();
    let mut meta = 0u64;
    for (slot, (color, castle)) in [
        (side, CastlingSide::KingSide),
        (side, CastlingSide::QueenSide),
        (!side, CastlingSide::KingSide),
        (!side, CastlingSide::QueenSide),
    ]
    .into_iter()
    .enumerate()
    {
        if let Some(file) = castling.rook(color, castle) {
            meta |= 1 << slot | (file.index() as u64) << (META_FILES_SHIFT as usize + 3 * slot);
        }
    }
    if let Some(square) = board.en_passant() {
        let square = square.index() as u64;
        meta |= if side == Color::White {
            square
        } else {
            square ^ 56
        } << META_EP_SHIFT;
    }
    [
        frame(board.colors(side).0),
        frame(board.occupied().0),
        frame(pieces(Piece::Pawn)),
        frame(pieces(Piece::Knight)),
        frame(pieces(Piece::Bishop) | queens),
        frame(pieces(Piece::Rook) | queens),
        frame(pieces(Piece::King)),
        meta,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn black_to_move_is_mirrored_and_its_rights_come_first() {
        let board: Board = "r3k2r/8/8/8/3pP3/8/8/4K2R b Kkq e3 0 1".parse().unwrap();
        let words = encode(&board);
        // Black's king e8 is on e1 in its own frame.
        assert_eq!(words[6] & words[0], 1 << 4);
        // Ours (black): king side h, queen side a; theirs: king side h only.
        assert_eq!(words[7] & 15, 0b0111);
        assert_eq!((words[7] >> 4) & 7, 7);
        assert_eq!((words[7] >> 7) & 7, 0);
        assert_eq!((words[7] >> 10) & 7, 7);
        // e3 seen from black is e6.
        assert_eq!((words[7] >> 16) & 63, 44);
        assert_eq!(words[7] >> 32, 0);
    }
}
