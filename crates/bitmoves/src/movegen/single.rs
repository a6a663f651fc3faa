//! The `impl Board` block for one move's legality, without generating the
//! others: [`Board::is_legal`] and [`Board::is_pseudo_legal`], for a hash
//! move or a killer move that may come from another position.

use super::Mask;
use crate::attacks::NATIVE;
use crate::{Bitboard, Board, Move, Piece, Rank, attacks};

impl Board {
    /// Whether `mv` is legal here, written in this board's castling
    /// convention (see [`Move`]). Any `Move` may be asked about: one from
    /// another position, with no piece on its from-square, a piece of the
    /// wrong colour, or a promotion that makes no sense is simply not
    /// legal.
    ///
    /// Only the moving piece's moves are worked out (after the checkers
    /// and pins), so this costs a fraction of listing every move.
    ///
    /// ```
    /// use bitmoves::{Board, Move, Piece, Square};
    /// let board = Board::default();
    /// assert!(board.is_legal("g1f3".parse()?));
    /// assert!(!board.is_legal("g1g3".parse()?));
    /// let queen_promotion = Move::new_promotion(Square::E2, Square::E4, Piece::Queen);
    /// assert!(!board.is_legal(queen_promotion));
    /// # Ok::<(), bitmoves::ParseMoveError>(())
    /// ```
    pub fn is_legal(&self, mv: Move) -> bool {
        self.has_move_shape(mv) && {
            let mask = Mask {
                from: mv.from.bitboard(),
                to: mv.to.bitboard(),
                pawn_to: mv.to.bitboard(),
            };
            self.generate_masked(mask, NATIVE, |_| true)
        }
    }

    /// Whether `mv` moves a piece of the side to move by that piece's
    /// rules: onto an empty or enemy square, pawns pushing onto empty
    /// squares and capturing enemy pieces or en passant, promotions exactly
    /// on the last rank, and castling in full (right, empty path, king not
    /// in check and not crossing an attacked square). Unlike
    /// [`Board::is_legal`] it does not ask whether the move leaves its own
    /// king attacked, which an engine may find out by playing it.
    ///
    /// Every legal move is pseudo-legal.
    ///
    /// ```
    /// use bitmoves::Board;
    /// // The knight on d2 is pinned by the bishop on b4.
    /// let board: Board = "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1".parse()?;
    /// let jump = "d2f3".parse()?;
    /// assert!(board.is_pseudo_legal(jump));
    /// assert!(!board.is_legal(jump));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_pseudo_legal(&self, mv: Move) -> bool {
        if !self.has_move_shape(mv) {
            return false;
        }
        let us = self.side_to_move();
        let Some(piece) = self.piece_on(mv.from) else {
            return false;
        };
        if piece == Piece::King && self.castling_side(mv).is_some() {
            // Castling's own rules are all about the king's safety.
            return self.is_legal(mv);
        }
        let occupied = self.occupied();
        let reach = match piece {
            Piece::Pawn => {
                let empty = !occupied;
                let single = mv.from.bitboard().forward(us) & empty;
                let double = (single & Rank::Third.relative_to(us).bitboard()).forward(us) & empty;
                let en_passant = self
                    .en_passant()
                    .map_or(Bitboard::EMPTY, |ep| ep.bitboard());
                single | double | (attacks::pawn(us, mv.from) & (self.colors(!us) | en_passant))
            }
            Piece::Knight => attacks::knight(mv.from),
            Piece::Bishop => attacks::bishop(mv.from, occupied),
            Piece::Rook => attacks::rook(mv.from, occupied),
            Piece::Queen => attacks::queen(mv.from, occupied),
            Piece::King => attacks::king(mv.from),
        };
        (reach - self.colors(us)).contains(mv.to)
    }

    /// Whether `mv` could be a move of the side to move at all: one of its
    /// pieces on the from-square, and a promotion piece (knight to queen)
    /// exactly when a pawn reaches the last rank.
    #[inline(always)]
    fn has_move_shape(&self, mv: Move) -> bool {
        let us = self.side_to_move();
        if !self.colors(us).contains(mv.from) {
            return false;
        }
        let promotes = self.colored_pieces(us, Piece::Pawn).contains(mv.from)
            && Bitboard::BACK_RANKS.contains(mv.to);
        match mv.promotion {
            None => !promotes,
            Some(piece) => promotes && !matches!(piece, Piece::Pawn | Piece::King),
        }
    }
}
