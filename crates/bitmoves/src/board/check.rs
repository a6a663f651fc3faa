//! Who attacks what. This file holds the `impl Board` block for attacks
//! and check: [`Board::checkers`], [`Board::pinned`], [`Board::is_check`],
//! [`Board::attackers_to`], [`Board::is_attacked`], and the crate's
//! [`CheckInfo`] and enemy attack map that move generation uses.

use super::Board;
use crate::{Bitboard, Color, Piece, Square, attacks};

/// The check situation of the side to move, computed once per generation.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CheckInfo {
    /// Enemy pieces giving check.
    pub checkers: Bitboard,
    /// Our pieces pinned to our king.
    pub pinned: Bitboard,
}

impl Board {
    /// The enemy pieces giving check to the side to move.
    pub fn checkers(&self) -> Bitboard {
        self.check_info().checkers
    }

    /// The pieces of the side to move that are pinned to their own king:
    /// moving them off the line to the king would expose it.
    pub fn pinned(&self) -> Bitboard {
        self.check_info().pinned
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        !self.checkers().is_empty()
    }

    /// Every piece, of either colour, that attacks `square` when `occupied`
    /// holds the blockers for sliders. Pass [`Board::occupied`] for the
    /// board as it stands, or a changed set to ask "what if": with a piece
    /// gone, x-ray attackers behind it appear.
    ///
    /// ```
    /// use bitmoves::{Board, Square};
    /// // The e4 pawn is attacked by the knight on f6 and the pawn on d5,
    /// // and defended by the knight on c3 and the rook on e2.
    /// let board: Board = "4k3/8/5n2/3p4/4P3/2N5/4R3/4QK2 w - - 0 1".parse()?;
    /// let occupied = board.occupied();
    /// assert_eq!(format!("{:#}", board.attackers_to(Square::E4, occupied)), "\
    /// 8 . . . . . . . .
    /// 7 . . . . . . . .
    /// 6 . . . . . 1 . .
    /// 5 . . . 1 . . . .
    /// 4 . . . . . . . .
    /// 3 . . 1 . . . . .
    /// 2 . . . . 1 . . .
    /// 1 . . . . . . . .
    ///   A B C D E F G H
    /// ");
    /// // With the rook lifted, the queen behind it appears.
    /// let without_rook = occupied - Square::E2.bitboard();
    /// assert!(board.attackers_to(Square::E4, without_rook).contains(Square::E1));
    /// # Ok::<(), bitmoves::FenError>(())
    /// ```
    #[inline]
    pub fn attackers_to(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let queens = self.pieces(Piece::Queen);
        let white_pawns = self.colored_pieces(Color::White, Piece::Pawn);
        let black_pawns = self.colored_pieces(Color::Black, Piece::Pawn);
        ((attacks::knight(square) & self.pieces(Piece::Knight))
            | (attacks::king(square) & self.pieces(Piece::King))
            | (attacks::pawn(Color::Black, square) & white_pawns)
            | (attacks::pawn(Color::White, square) & black_pawns)
            | (attacks::bishop(square, occupied) & (self.pieces(Piece::Bishop) | queens))
            | (attacks::rook(square, occupied) & (self.pieces(Piece::Rook) | queens)))
            & occupied
    }

    /// Whether any piece of `by` attacks `square`, with `occupied` as the
    /// blockers for sliders. It stops at the first attacker found, so it
    /// is cheaper than testing [`Board::attackers_to`].
    ///
    /// ```
    /// use bitmoves::{Board, Color, Square};
    /// let board = Board::default();
    /// assert!(board.is_attacked(Square::F3, Color::White, board.occupied()));
    /// assert!(!board.is_attacked(Square::E4, Color::White, board.occupied()));
    /// ```
    #[inline(always)]
    pub fn is_attacked(&self, square: Square, by: Color, occupied: Bitboard) -> bool {
        let them = self.colors(by);
        let queens = self.pieces(Piece::Queen);
        let hit = |attacks: Bitboard, pieces: Bitboard| attacks.intersects(pieces & them);
        hit(attacks::knight(square), self.pieces(Piece::Knight))
            || hit(attacks::pawn(!by, square), self.pieces(Piece::Pawn))
            || hit(attacks::king(square), self.pieces(Piece::King))
            || hit(
                attacks::bishop(square, occupied),
                self.pieces(Piece::Bishop) | queens,
            )
            || hit(
                attacks::rook(square, occupied),
                self.pieces(Piece::Rook) | queens,
            )
    }

    /// The checkers and pinned pieces of the side to move.
    #[inline(always)]
    pub(crate) fn check_info(&self) -> CheckInfo {
        let us = self.side_to_move;
        let king = self.king(us);
        let ours = self.colors(us);
        let them = self.colors(!us);
        let queens = self.pieces(Piece::Queen);
        let diagonal = (self.pieces(Piece::Bishop) | queens) & them;
        let orthogonal = (self.pieces(Piece::Rook) | queens) & them;
        let mut checkers = (attacks::knight(king) & self.pieces(Piece::Knight) & them)
            | (attacks::pawn(us, king) & self.pieces(Piece::Pawn) & them);
        let mut pinned = Bitboard::EMPTY;
        // Sliders that would hit the king if only our own pieces were gone.
        let snipers =
            (attacks::bishop(king, them) & diagonal) | (attacks::rook(king, them) & orthogonal);
        let occupied = ours | them;
        for sniper in snipers {
            let blockers = attacks::between(king, sniper) & occupied;
            if blockers.is_empty() {
                checkers |= sniper.bitboard();
            } else if !blockers.has_more_than_one() {
                pinned |= blockers & ours;
            }
        }
        CheckInfo { checkers, pinned }
    }

    /// Every square a piece of `by` attacks, with `occupied` as the
    /// blockers for sliders.
    #[inline(always)]
    pub(crate) fn attacked_squares(&self, by: Color, occupied: Bitboard) -> Bitboard {
        let them = self.colors(by);
        let queens = self.pieces(Piece::Queen);
        let (east, west) = attacks::pawns(by, self.colored_pieces(by, Piece::Pawn));
        let mut attacked = east | west | attacks::king(self.king(by));
        for from in self.colored_pieces(by, Piece::Knight) {
            attacked |= attacks::knight(from);
        }
        for from in (self.pieces(Piece::Bishop) | queens) & them {
            attacked |= attacks::bishop(from, occupied);
        }
        for from in (self.pieces(Piece::Rook) | queens) & them {
            attacked |= attacks::rook(from, occupied);
        }
        attacked
    }
}
