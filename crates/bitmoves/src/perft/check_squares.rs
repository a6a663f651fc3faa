//! [`CheckSquares`]: what a node knows, before it makes its moves, of the
//! check situation after each: Stockfish's check squares (where each kind
//! of piece would check the enemy king) with the enemy's pinned pieces
//! and the lines through its king. Bulk perft's pre-frontier nodes hand
//! it to each child, which then skips its own search for checkers and
//! pins.
//!
//! It works out `board/check.rs`'s checkers and pins ahead of the move,
//! with the same line scan.

use crate::Board;
use crate::board::{CheckInfo, MaybeCheckInfo};
use crate::color::with_side;
use crate::{Bitboard, Color, Piece, Square, attacks};

/// What a node knows, before it makes them, of its children's check
/// situation: the checkers and pinned pieces of the opponent, the side
/// to move in each child (see [`Board::check_squares`]). A child whose
/// move leaves the lines from the opponent's king to the mover's sliders
/// alone, and puts no slider on a new one, has the pins the parent had,
/// and at most the moved knight or pawn giving check:
/// [`PieceCheckSquares::after`] says so without the child's loop over the
/// sliders on its king's lines.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CheckSquares {
    /// Each of the mover's sliders on a line through the opponent's king,
    /// and the squares between it and the king: a move from or to one of
    /// them may change a pin or a check.
    lines: Bitboard,
    /// The king's diagonals and its rank and file on an empty board: a
    /// diagonal or orthogonal slider of the mover arriving on one may check
    /// or pin from there.
    diagonals: Bitboard,
    orthogonals: Bitboard,
    /// The squares from which a knight, or a pawn, of the mover checks the
    /// opponent's king.
    knight_checks: Bitboard,
    pawn_checks: Bitboard,
    /// The opponent's pieces pinned to its king, as the parent stands.
    pinned: Bitboard,
}

impl CheckSquares {
    /// What the parent knows of the check situation after any move of
    /// `piece` from `from` (not castling, a promotion or en passant).
    #[inline(always)]
    pub(crate) fn for_piece(&self, piece: Piece, from: Square) -> PieceCheckSquares {
        let new_line = match piece {
            Piece::Bishop => self.diagonals,
            Piece::Rook => self.orthogonals,
            Piece::Queen => self.diagonals | self.orthogonals,
            _ => Bitboard::EMPTY,
        };
        PieceCheckSquares {
            unknown_to: if self.lines.contains(from) {
                Bitboard::FULL
            } else {
                self.lines | new_line
            },
            direct: match piece {
                Piece::Knight => self.knight_checks,
                Piece::Pawn => self.pawn_checks,
                _ => Bitboard::EMPTY,
            },
            pinned: self.pinned,
        }
    }
}

/// [`CheckSquares`] for the moves of one piece from one square.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PieceCheckSquares {
    /// The targets after which the child must work out its checkers and
    /// pins itself (every square when the piece leaves a king line).
    unknown_to: Bitboard,
    /// The targets from which the piece checks the king directly.
    direct: Bitboard,
    /// The opponent's pinned pieces after any other move.
    pinned: Bitboard,
}

impl PieceCheckSquares {
    /// Nothing known: for children made in full, which count nothing.
    pub(crate) const NONE: Self = Self {
        unknown_to: Bitboard::FULL,
        direct: Bitboard::EMPTY,
        pinned: Bitboard::EMPTY,
    };

    /// The opponent's checkers and pins after the piece moves to `to`.
    #[inline(always)]
    pub(crate) fn after(&self, to: Square) -> MaybeCheckInfo {
        let to = to.bitboard();
        if self.unknown_to.intersects(to) {
            MaybeCheckInfo::UNKNOWN
        } else {
            MaybeCheckInfo::known(CheckInfo {
                checkers: to & self.direct,
                pinned: self.pinned,
            })
        }
    }
}

impl Board {
    /// What this board knows of its children's check situation: see
    /// [`CheckSquares`].
    #[inline(always)]
    pub(crate) fn check_squares(&self) -> CheckSquares {
        with_side!(self.side_to_move(), WHITE => self.check_squares_for::<WHITE>())
    }

    /// [`Board::check_squares`] with White (`WHITE`) or Black to move. The
    /// opponent is not in check here (the position is legal), so
    /// only the moved piece can check directly.
    #[inline(always)]
    fn check_squares_for<const WHITE: bool>(&self) -> CheckSquares {
        let us = Color::of_const::<WHITE>();
        let king = self.king(!us);
        let ours = self.colors(us);
        let queens = self.pieces(Piece::Queen);
        let diagonal = (self.pieces(Piece::Bishop) | queens) & ours;
        let orthogonal = (self.pieces(Piece::Rook) | queens) & ours;
        let diagonals = attacks::bishop_rays(king);
        let orthogonals = attacks::rook_rays(king);
        let occupied = self.occupied();
        let mut lines = Bitboard::EMPTY;
        let mut pinned = Bitboard::EMPTY;
        for slider in (diagonals & diagonal) | (orthogonals & orthogonal) {
            let between = attacks::between(king, slider);
            lines |= between | slider.bitboard();
            let blockers = between & occupied;
            if !blockers.has_more_than_one() {
                pinned |= blockers - ours;
            }
        }
        CheckSquares {
            lines,
            diagonals,
            orthogonals,
            knight_checks: attacks::knight(king),
            pawn_checks: attacks::pawn(!us, king),
            pinned,
        }
    }
}

#[cfg(test)]
mod tests {
    /// Law: where a parent's [`CheckSquares`](super::CheckSquares) know a child's checkers and
    /// pins (a move that is not castling, a promotion or en passant), they
    /// are the ones the child works out itself; on every position up to
    /// two plies below the make tests' positions and three positions with
    /// pins and checks a move away, for every legal move.
    #[test]
    fn what_the_parent_knows_of_the_child_is_what_the_child_finds() {
        let pins = [
            // Sliders of both sides on the kings' lines, pins, discovered
            // and direct checks a move away.
            "4k3/4r3/8/8/1B6/8/4R3/4K2q w - - 0 1",
            "3qk3/8/1b3n2/3PN3/8/2B5/r2Q4/4K2R b K - 0 1",
            "8/8/3k4/2n1r3/8/1Q3B2/8/4K1R1 w - - 0 1",
        ];
        let (mut known, mut all) = (0, 0);
        for fen in crate::board::MAKE_TEST_FENS.into_iter().chain(pins) {
            for board in crate::board::up_to_two_plies_below(fen) {
                let squares = board.check_squares();
                for (mv, piece, child) in crate::board::plain_moves(&board) {
                    all += 1;
                    if let Some(info) = squares.for_piece(piece, mv.from).after(mv.to).get() {
                        known += 1;
                        let found = child.check_info();
                        assert_eq!(
                            (info.checkers, info.pinned),
                            (found.checkers, found.pinned),
                            "{board} {mv}"
                        );
                    }
                }
            }
        }
        // Most children are known: the shortcut is taken, not skipped.
        assert!(known * 2 > all, "{known} of {all}");
    }
}
