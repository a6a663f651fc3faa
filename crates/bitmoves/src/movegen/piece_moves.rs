//! [`PieceMoves`]: the legal moves of one piece, as a from-square and a set
//! of target squares.

use crate::{Bitboard, Move, Piece, Square};

/// The legal moves of one piece: it stands on `from` and may go to any
/// square of `to`. A pawn reaching the last rank counts four times, once per
/// promotion piece.
///
/// Move generation hands these out grouped by piece (see
/// [`Board::generate_moves`](crate::Board::generate_moves)), which makes
/// counting moves a matter of adding up set sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceMoves {
    /// The kind of piece that moves.
    pub piece: Piece,
    /// Where it stands.
    pub from: Square,
    /// Where it may go.
    pub to: Bitboard,
}

/// The promotion pieces, in the order moves are produced.
const PROMOTIONS: [Piece; 4] = [Piece::Queen, Piece::Rook, Piece::Bishop, Piece::Knight];

impl PieceMoves {
    /// Whether these moves are promotions (a pawn moving to its last rank).
    #[inline(always)]
    fn promotes(&self) -> bool {
        self.piece == Piece::Pawn && self.to.intersects(Bitboard::BACK_RANKS)
    }

    /// The number of moves, counting each promotion piece separately.
    #[inline(always)]
    pub fn len(&self) -> usize {
        if self.promotes() {
            self.to.len() * PROMOTIONS.len()
        } else {
            self.to.len()
        }
    }

    /// Whether there are no moves.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.to.is_empty()
    }
}

impl IntoIterator for PieceMoves {
    type Item = Move;
    type IntoIter = PieceMovesIter;

    #[inline(always)]
    fn into_iter(self) -> PieceMovesIter {
        PieceMovesIter {
            promotes: self.promotes(),
            moves: self,
            promotion: 0,
        }
    }
}

/// The moves of a [`PieceMoves`], one at a time.
#[derive(Debug, Clone)]
pub struct PieceMovesIter {
    moves: PieceMoves,
    promotes: bool,
    promotion: usize,
}

impl Iterator for PieceMovesIter {
    type Item = Move;

    #[inline(always)]
    fn next(&mut self) -> Option<Move> {
        let to = self.moves.to.first()?;
        let promotion = if self.promotes {
            let piece = PROMOTIONS[self.promotion];
            self.promotion += 1;
            if self.promotion == PROMOTIONS.len() {
                self.promotion = 0;
                self.moves.to.remove(to);
            }
            Some(piece)
        } else {
            self.moves.to.remove(to);
            None
        };
        Some(Move {
            from: self.moves.from,
            to,
            promotion,
        })
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.moves.len() - self.promotion;
        (left, Some(left))
    }
}

impl ExactSizeIterator for PieceMovesIter {}
