//! En passant: which pawns may legally capture, judged by re-scanning
//! the king's slider lines with both pawns gone.
use crate::attacks::{Magic, NATIVE, Sliders};
use crate::board::CheckInfo;
use crate::color::with_side;
use crate::{Bitboard, Board, Color, Piece, Square, attacks};

/// This file holds the `impl Board` block for en passant.
impl Board {
    /// The en passant square when an en passant capture is legal here.
    /// [`Board::en_passant`] keeps the square whenever a pawn stands ready
    /// beside (the FEN and Polyglot rule); this is the stricter rule that
    /// decides whether two positions are the same for repetition.
    ///
    /// ```
    /// use bitmoves::Board;
    /// // The d4 pawn may not take on e3: it is pinned along the fourth rank.
    /// let pinned: Board = "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1".parse()?;
    /// assert!(pinned.en_passant().is_some());
    /// assert_eq!(pinned.legal_en_passant(), None);
    /// # Ok::<(), bitmoves::FenError>(())
    /// ```
    pub fn legal_en_passant(&self) -> Option<Square> {
        let info = self.check_info();
        let king = self.king(self.side_to_move());
        let capturers = with_side!(self.side_to_move(), WHITE => {
            self.en_passant_capturers::<WHITE>(&info, king, NATIVE)
        });
        capturers.map(|(_, square)| square)
    }

    /// The pawns that may legally capture en passant, and the square they
    /// capture onto.
    #[inline(always)]
    pub(super) fn en_passant_capturers<const WHITE: bool>(
        &self,
        info: &CheckInfo,
        king: Square,
        s: impl Sliders,
    ) -> Option<(Bitboard, Square)> {
        let square = self.en_passant()?;
        self.en_passant_capturers_slow::<WHITE>(info, king, square, s)
    }

    /// The number of legal en passant captures onto `square`, pinned pawns'
    /// too: what a counting sink adds for en passant. Out of line, and so
    /// without the dispatched variant's target features: magic lookups,
    /// which need none (a PEXT lookup would be a call here). Counting it
    /// apart keeps en passant out of the counting loops (bulk perft on
    /// pos3: 2% faster than with PEXT lookups out of line, 4% than with
    /// the count inline).
    #[inline(never)]
    pub(super) fn en_passant_count<const WHITE: bool>(
        &self,
        info: &CheckInfo,
        king: Square,
        square: Square,
    ) -> usize {
        self.en_passant_capturers_slow::<WHITE>(info, king, square, Magic)
            .map_or(0, |(capturers, _)| capturers.len())
    }

    /// The body of [`Self::en_passant_capturers`], kept out of line: en
    /// passant is rare.
    #[inline(never)]
    fn en_passant_capturers_slow<const WHITE: bool>(
        &self,
        info: &CheckInfo,
        king: Square,
        square: Square,
        s: impl Sliders,
    ) -> Option<(Bitboard, Square)> {
        let us = Color::of_const::<WHITE>();
        let captured = square.en_passant_victim();
        let queens = self.pieces(Piece::Queen);
        let theirs = self.colors(!us) - captured.bitboard();
        let diagonal = (self.pieces(Piece::Bishop) | queens) & theirs;
        let orthogonal = (self.pieces(Piece::Rook) | queens) & theirs;
        // A leaper giving check must be the captured pawn itself.
        let leaper_checks = info.checkers - captured.bitboard() - diagonal - orthogonal;
        if !leaper_checks.is_empty() {
            return None;
        }
        let mut capturers = Bitboard::EMPTY;
        for from in attacks::pawn(!us, square) & self.colored_pieces(us, Piece::Pawn) {
            let occupied =
                (self.occupied() - from.bitboard() - captured.bitboard()) | square.bitboard();
            let exposed =
                (s.bishop(king, occupied) & diagonal) | (s.rook(king, occupied) & orthogonal);
            if exposed.is_empty() {
                capturers.insert(from);
            }
        }
        (!capturers.is_empty()).then_some((capturers, square))
    }
}
