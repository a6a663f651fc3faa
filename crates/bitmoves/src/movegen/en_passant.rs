//! En passant: which pawns may legally capture, judged by re-scanning
//! the king's slider lines with both pawns gone.
use crate::attacks::{NATIVE, PORTABLE, Sliders};
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
        self.en_passant_capturers_slow::<WHITE>(info, king, square, PORTABLE)
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
        // Only a line through the king can open: the capture takes `from`
        // and the captured pawn off the board and puts a pawn on `square`,
        // which only blocks. So a capturer that neither it nor the captured
        // pawn stands on a line of the king's with a slider of the kind to
        // use it behind, while no slider gives check already, needs no
        // lookups.
        let lines = if diagonal.is_empty() {
            Bitboard::EMPTY
        } else {
            attacks::bishop_rays(king)
        } | if orthogonal.is_empty() {
            Bitboard::EMPTY
        } else {
            attacks::rook_rays(king)
        };
        let slider_checks = info.checkers.intersects(diagonal | orthogonal);
        let mut capturers = Bitboard::EMPTY;
        for from in attacks::pawn(!us, square) & self.colored_pieces(us, Piece::Pawn) {
            if !slider_checks && !lines.intersects(from.bitboard() | captured.bitboard()) {
                capturers.insert(from);
                continue;
            }
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

#[cfg(all(test, feature = "std"))]
mod tests {
    use crate::attacks::Magic;
    use crate::color::with_side;
    use crate::{Move, Piece, attacks};

    /// Law: the en passant captures the generator lists and the count a
    /// counting sink adds are the pawn captures onto the en passant square
    /// that, played, leave the mover's king unattacked (found by playing
    /// each and scanning every enemy piece, not by the lines the shortcut
    /// reads). On positions up to two plies below ones where the capture
    /// is free (no enemy slider, or none on the king's lines), pinned on
    /// the rank through both pawns, pinned on a diagonal through the
    /// capturer or the captured pawn, in check by the pawn or by a slider
    /// it may or may not block.
    #[test]
    fn en_passant_captures_are_those_that_leave_the_king_safe() {
        let fens = [
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "4k3/3p1p2/8/4P3/4K3/8/8/8 b - - 0 1",
            "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
            "8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1",
            "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
            "8/8/3k4/8/1b1pP3/8/8/5K2 b - e3 0 1",
            "2b1k3/8/8/2PpPK2/8/8/8/8 w - d6 0 1",
            "4r1k1/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "7k/8/8/2KpP2q/8/8/8/8 w - d6 0 1",
            "8/8/8/1k1pP3/8/8/8/4K1B1 w - d6 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ];
        let (mut positions, mut legal, mut illegal) = (0, 0, 0);
        // Every position up to three plies below that has an en passant
        // square (the double steps of the third ply made too).
        let boards = fens
            .into_iter()
            .flat_map(crate::board::up_to_two_plies_below);
        let boards = boards.flat_map(|board| {
            let children = board.legal_moves().into_iter().map(move |mv| {
                let mut child = board;
                child.play_unchecked(mv);
                child
            });
            core::iter::once(board).chain(children.collect::<std::vec::Vec<_>>())
        });
        for board in boards {
            let Some(square) = board.en_passant() else {
                continue;
            };
            positions += 1;
            let us = board.side_to_move();
            let mut expected = 0;
            for from in attacks::pawn(!us, square) & board.colored_pieces(us, Piece::Pawn) {
                let mut child = board;
                child.play_unchecked(Move::new(from, square));
                let attacked = child.attacked_squares(!us, child.occupied(), Magic);
                if attacked.contains(child.king(us)) {
                    illegal += 1;
                } else {
                    expected += 1;
                    legal += 1;
                }
            }
            let listed = board
                .legal_moves()
                .into_iter()
                .filter(|mv| mv.to == square && board.piece_on(mv.from) == Some(Piece::Pawn))
                .count();
            assert_eq!(listed, expected, "{board}");
            let info = board.check_info();
            let king = board.king(us);
            let counted = with_side!(us, WHITE => {
                board.en_passant_count::<WHITE>(&info, king, square)
            });
            assert_eq!(counted, expected, "{board}");
        }
        // Both answers are tested, on many positions.
        assert!(
            positions > 300 && legal > 200 && illegal > 100,
            "{positions} {legal} {illegal}"
        );
    }
}
