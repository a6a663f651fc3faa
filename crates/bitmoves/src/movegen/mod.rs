//! Legal move generation through check and pin masks: no move is made and
//! then tested.

mod move_list;
mod piece_moves;

pub use move_list::{MoveList, MoveListIntoIter};
pub use piece_moves::{PieceMoves, PieceMovesIter};

use crate::{Bitboard, Board, CastlingSide, Color, Move, Piece, Rank, Square, attacks};

/// `set` moved one rank towards `color`'s opponent.
#[inline(always)]
fn forward(set: Bitboard, color: Color) -> Bitboard {
    match color {
        Color::White => Bitboard(set.0 << 8),
        Color::Black => Bitboard(set.0 >> 8),
    }
}

impl Board {
    /// Hands the legal moves to `visitor`, grouped by the piece that moves.
    /// The visitor returns `true` to stop early; `generate_moves` returns
    /// whether it was stopped. No group it receives is empty.
    ///
    /// This is the fast path: counting moves is adding up
    /// [`PieceMoves::len`], and nothing is allocated.
    ///
    /// ```
    /// use bitmoves::{Board, Piece};
    /// let board = Board::default();
    /// let mut knight_moves = 0;
    /// board.generate_moves(|moves| {
    ///     if moves.piece == Piece::Knight {
    ///         knight_moves += moves.len();
    ///     }
    ///     false
    /// });
    /// assert_eq!(knight_moves, 4);
    /// ```
    #[inline]
    pub fn generate_moves(&self, mut visitor: impl FnMut(PieceMoves) -> bool) -> bool {
        match self.checkers().len() {
            0 => self.generate::<false>(&mut visitor),
            1 => self.generate::<true>(&mut visitor),
            _ => self.king_moves::<true>(&mut visitor),
        }
    }

    /// The legal moves, in a stack-allocated list.
    ///
    /// ```
    /// use bitmoves::Board;
    /// let moves = Board::default().legal_moves();
    /// assert_eq!(moves.len(), 20);
    /// assert!(moves.iter().any(|mv| mv.to_string() == "g1f3"));
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_moves(|moves| {
            moves.into_iter().for_each(|mv| list.push(mv));
            false
        });
        list
    }

    /// The number of legal moves, counted without listing them.
    #[inline]
    pub fn move_count(&self) -> usize {
        let mut count = 0;
        self.generate_moves(|moves| {
            count += moves.len();
            false
        });
        count
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_moves(&self) -> bool {
        self.generate_moves(|_| true)
    }

    /// Whether `mv` is legal here, written in this board's castling
    /// convention (see [`Move`]).
    pub fn is_legal(&self, mv: Move) -> bool {
        let mut legal = false;
        self.generate_moves(|moves| {
            if moves.from != mv.from {
                return false;
            }
            let promotes = moves.piece == Piece::Pawn
                && (mv.to.rank() == Rank::First || mv.to.rank() == Rank::Eighth);
            let promotion_ok = match mv.promotion {
                None => !promotes,
                Some(piece) => promotes && !matches!(piece, Piece::Pawn | Piece::King),
            };
            legal = moves.to.contains(mv.to) && promotion_ok;
            true
        });
        legal
    }

    /// All moves when at most one piece gives check. With a checker, every
    /// piece but the king must capture it or block the line to the king.
    #[inline(always)]
    fn generate<const IN_CHECK: bool>(&self, visitor: &mut impl FnMut(PieceMoves) -> bool) -> bool {
        let us = self.side_to_move();
        let ours = self.colors(us);
        let theirs = self.colors(!us);
        let occupied = ours | theirs;
        let king = self.king(us);
        let pinned = self.pinned();
        let target = match self.checkers().first() {
            Some(checker) if IN_CHECK => attacks::between(king, checker) | checker.bitboard(),
            _ => !ours,
        };
        let pin_line = |from: Square| {
            if pinned.contains(from) {
                attacks::line(king, from)
            } else {
                Bitboard::FULL
            }
        };
        let mut emit =
            |piece, from, to: Bitboard| !to.is_empty() && visitor(PieceMoves { piece, from, to });

        // Pawns: pushes onto empty squares, captures onto enemy pieces.
        let empty = !occupied;
        let double_step_rank = Rank::Third.relative_to(us).bitboard();
        let en_passant = self.en_passant_capturers(king);
        for from in self.colored_pieces(us, Piece::Pawn) {
            let single = forward(from.bitboard(), us) & empty;
            let double = forward(single & double_step_rank, us) & empty;
            let captures = attacks::pawn(us, from) & theirs;
            let mut to = (single | double | captures) & target & pin_line(from);
            if let Some((capturers, square)) = en_passant
                && capturers.contains(from)
            {
                to.insert(square);
            }
            if emit(Piece::Pawn, from, to) {
                return true;
            }
        }
        // A pinned knight can never move.
        for from in self.colored_pieces(us, Piece::Knight) - pinned {
            if emit(Piece::Knight, from, attacks::knight(from) & target) {
                return true;
            }
        }
        for from in self.colored_pieces(us, Piece::Bishop) {
            if emit(
                Piece::Bishop,
                from,
                attacks::bishop(from, occupied) & target & pin_line(from),
            ) {
                return true;
            }
        }
        for from in self.colored_pieces(us, Piece::Rook) {
            if emit(
                Piece::Rook,
                from,
                attacks::rook(from, occupied) & target & pin_line(from),
            ) {
                return true;
            }
        }
        for from in self.colored_pieces(us, Piece::Queen) {
            if emit(
                Piece::Queen,
                from,
                attacks::queen(from, occupied) & target & pin_line(from),
            ) {
                return true;
            }
        }
        self.king_moves::<IN_CHECK>(visitor)
    }

    /// The king's moves: steps onto squares no enemy attacks, and castling
    /// when not in check.
    #[inline(always)]
    fn king_moves<const IN_CHECK: bool>(
        &self,
        visitor: &mut impl FnMut(PieceMoves) -> bool,
    ) -> bool {
        let us = self.side_to_move();
        let king = self.king(us);
        // The king must not hide behind itself from a slider.
        let occupied = self.occupied() - king.bitboard();
        let mut to = Bitboard::EMPTY;
        for square in attacks::king(king) - self.colors(us) {
            if self.attackers(square, !us, occupied).is_empty() {
                to.insert(square);
            }
        }
        if !IN_CHECK {
            to |= self.castling_moves(king);
        }
        !to.is_empty()
            && visitor(PieceMoves {
                piece: Piece::King,
                from: king,
                to,
            })
    }

    /// The target squares of the legal castling moves: the king's
    /// destination on a standard board, the rook's square in Chess960 mode.
    #[inline(always)]
    fn castling_moves(&self, king: Square) -> Bitboard {
        let us = self.side_to_move();
        let rights = self.castling_rights();
        let mut to = Bitboard::EMPTY;
        for side in CastlingSide::ALL {
            let Some(rook_file) = rights.rook(us, side) else {
                continue;
            };
            let rook = Square::new(rook_file, king.rank());
            let (king_to, rook_to) = Self::castling_squares(us, side);
            let king_path = attacks::between(king, king_to) | king_to.bitboard();
            let rook_path = attacks::between(rook, rook_to) | rook_to.bitboard();
            let movers = king.bitboard() | rook.bitboard();
            let occupied = self.occupied() - movers;
            if (king_path | rook_path).intersects(occupied) {
                continue;
            }
            // Judged without the castling rook, which may be shielding a
            // square the king crosses or lands on.
            if king_path
                .iter()
                .any(|square| !self.attackers(square, !us, occupied).is_empty())
            {
                continue;
            }
            to.insert(if self.is_chess960() { rook } else { king_to });
        }
        to
    }

    /// The pawns that may legally capture en passant, and the square they
    /// capture onto.
    #[inline(always)]
    fn en_passant_capturers(&self, king: Square) -> Option<(Bitboard, Square)> {
        let square = self.en_passant()?;
        let us = self.side_to_move();
        let captured = Square::from_index(square.index() ^ 8);
        let queens = self.pieces(Piece::Queen);
        let theirs = self.colors(!us) - captured.bitboard();
        let diagonal = (self.pieces(Piece::Bishop) | queens) & theirs;
        let orthogonal = (self.pieces(Piece::Rook) | queens) & theirs;
        // A leaper giving check must be the captured pawn itself.
        let leaper_checks = self.checkers() - captured.bitboard() - diagonal - orthogonal;
        if !leaper_checks.is_empty() {
            return None;
        }
        let mut capturers = Bitboard::EMPTY;
        for from in attacks::pawn(!us, square) & self.colored_pieces(us, Piece::Pawn) {
            let occupied =
                (self.occupied() - from.bitboard() - captured.bitboard()) | square.bitboard();
            let exposed = (attacks::bishop(king, occupied) & diagonal)
                | (attacks::rook(king, occupied) & orthogonal);
            if exposed.is_empty() {
                capturers.insert(from);
            }
        }
        (!capturers.is_empty()).then_some((capturers, square))
    }
}
