//! Attacks on a [`Setup`] as python-chess reads them: the squares a piece
//! attacks, the attackers of a square under any occupancy, pins and the
//! king's slider blockers. Every colour's every piece counts, whatever
//! the number of kings.

use crate::setup::{HighFirst, Setup};
use crate::{Bitboard, Color, Piece, Square, attacks};

impl Setup {
    /// Rooks and queens.
    #[inline(always)]
    pub(crate) fn straight_sliders(&self) -> Bitboard {
        self.kind(Piece::Rook) | self.kind(Piece::Queen)
    }

    /// Bishops and queens.
    #[inline(always)]
    pub(crate) fn diagonal_sliders(&self) -> Bitboard {
        self.kind(Piece::Bishop) | self.kind(Piece::Queen)
    }

    /// The squares the piece on `square` attacks (empty for an empty
    /// square; python-chess's `attacks_mask`).
    ///
    /// ```
    /// use bitmoves::{setup::Setup, Square};
    /// let s = Setup::from_fen("8/8/8/8/3N4/8/8/8 w - - 0 1")?;
    /// assert_eq!(s.attacks_from(Square::D4).len(), 8);
    /// # Ok::<(), bitmoves::setup::SetupFenError>(())
    /// ```
    pub fn attacks_from(&self, square: Square) -> Bitboard {
        let occupied = self.occupied();
        match self.piece_on(square) {
            None => Bitboard::EMPTY,
            Some((color, Piece::Pawn)) => attacks::pawn(color, square),
            Some((_, Piece::Knight)) => attacks::knight(square),
            Some((_, Piece::Bishop)) => attacks::bishop(square, occupied),
            Some((_, Piece::Rook)) => attacks::rook(square, occupied),
            Some((_, Piece::Queen)) => attacks::queen(square, occupied),
            Some((_, Piece::King)) => attacks::king(square),
        }
    }

    /// The pieces of `color` that attack `square` when the sliders see
    /// through `occupied` (python-chess's `attackers_mask`).
    #[inline(always)]
    pub fn attackers_under(&self, color: Color, square: Square, occupied: Bitboard) -> Bitboard {
        let attackers = (attacks::king(square) & self.kind(Piece::King))
            | (attacks::knight(square) & self.kind(Piece::Knight))
            | (attacks::rook(square, occupied) & self.straight_sliders())
            | (attacks::bishop(square, occupied) & self.diagonal_sliders())
            | (attacks::pawn(!color, square) & self.kind(Piece::Pawn));
        attackers & self.side(color)
    }

    /// The pieces of `color` that attack `square`.
    #[inline]
    pub fn attackers(&self, color: Color, square: Square) -> Bitboard {
        self.attackers_under(color, square, self.occupied())
    }

    /// The pieces giving check to the side to move's king (python-chess's
    /// `checkers_mask`; none without a king).
    pub fn checkers(&self) -> Bitboard {
        self.king_of(self.turn)
            .map_or(Bitboard::EMPTY, |king| self.attackers(!self.turn, king))
    }

    /// The line the piece of `color` on `square` may move along when it is
    /// pinned to its king, else every square (python-chess's `pin_mask`).
    pub fn pin_mask(&self, color: Color, square: Square) -> Bitboard {
        let Some(king) = self.king_of(color) else {
            return Bitboard::FULL;
        };
        let bit = square.bitboard();
        let empty = Bitboard::EMPTY;
        let families = [
            (
                attacks::rook(king, empty) & king.file().bitboard(),
                self.straight_sliders(),
            ),
            (
                attacks::rook(king, empty) & king.rank().bitboard(),
                self.straight_sliders(),
            ),
            (attacks::bishop(king, empty), self.diagonal_sliders()),
        ];
        for (rays, sliders) in families {
            if rays.intersects(bit) {
                for sniper in HighFirst(rays & sliders & self.side(!color)) {
                    if attacks::between(sniper, king) & (self.occupied() | bit) == bit {
                        return attacks::line(king, sniper);
                    }
                }
                break;
            }
        }
        Bitboard::FULL
    }

    /// The side to move's pieces that stand alone between `king` and an
    /// enemy slider (python-chess's `_slider_blockers`).
    pub fn slider_blockers(&self, king: Square) -> Bitboard {
        let snipers = (attacks::rook_rays(king) & self.straight_sliders())
            | (attacks::bishop_rays(king) & self.diagonal_sliders());
        let mut blockers = Bitboard::EMPTY;
        for sniper in HighFirst(snipers & self.side(!self.turn)) {
            let between = attacks::between(king, sniper) & self.occupied();
            if !between.is_empty() && !between.has_more_than_one() {
                blockers |= between;
            }
        }
        blockers & self.side(self.turn)
    }

    /// Whether the side not to move stands in check (python-chess's
    /// `was_into_check`).
    pub fn was_into_check(&self) -> bool {
        self.king_of(!self.turn)
            .is_some_and(|king| !self.attackers(self.turn, king).is_empty())
    }
}
