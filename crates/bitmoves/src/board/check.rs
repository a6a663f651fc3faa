//! Who attacks what. This file holds the `impl Board` block for attacks
//! and check: [`Board::checkers`], [`Board::pinned`], [`Board::is_check`],
//! [`Board::gives_check`], [`Board::attackers_to`], [`Board::is_attacked`],
//! and the crate's [`CheckInfo`] and enemy attack map that move generation
//! uses.

use super::Board;
use crate::attacks::{NATIVE, Sliders};
use crate::color::with_side;
use crate::{Bitboard, Color, Move, Piece, Square, attacks};

/// The check situation of the side to move, computed once per generation:
/// its checkers, and its pinned pieces (Stockfish's `checkers()`, and
/// those of its `blockers_for_king()` that are its own).
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

    /// Whether `mv`, a legal move of the side to move, gives check, worked
    /// out without playing it: a direct check by the piece that arrives
    /// (the promoted piece for a promotion, the rook for castling), or a
    /// discovered check by a slider behind the squares the move empties,
    /// en passant's captured pawn included.
    ///
    /// For a move that is not legal the answer is unspecified (but never a
    /// panic).
    ///
    /// ```
    /// use bitmoves::Board;
    /// let board: Board = "4k3/8/8/8/8/8/4B3/4RK2 w - - 0 1".parse()?;
    /// assert!(board.gives_check("e2d3".parse()?)); // discovered by the rook
    /// assert!(!board.gives_check("f1f2".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn gives_check(&self, mv: Move) -> bool {
        let us = self.side_to_move();
        let their_king = self.king(!us);
        let Some(piece) = self.piece_on(mv.from) else {
            return false;
        };
        let mut occupied = self.occupied() - mv.from.bitboard();
        // Our pieces, after the move, that may check from where they stand.
        let mut ours = self.colors(us) - mv.from.bitboard();
        // The squares the move empties (the castling rook's aside).
        let mut vacated = mv.from.bitboard();
        let arrivals = match (piece, self.castling_side(mv)) {
            (Piece::King, Some(side)) => {
                let rook = if self.colors(us).contains(mv.to) {
                    mv.to
                } else {
                    self.castling_rights()
                        .rook_square(us, side)
                        .unwrap_or(mv.to)
                };
                let (king_to, rook_to) = (side.king_destination(us), side.rook_destination(us));
                occupied = (occupied - rook.bitboard()) | king_to.bitboard() | rook_to.bitboard();
                ours -= rook.bitboard();
                // A king never checks; the rook may.
                return (attacks::rook_rays(their_king).contains(rook_to)
                    && clear(rook_to, their_king, occupied))
                    || self.discovers_check(us, ours, occupied);
            }
            (Piece::Pawn, _) if Some(mv.to) == self.en_passant() => {
                let victim = mv.to.en_passant_victim().bitboard();
                occupied -= victim;
                vacated |= victim;
                (Piece::Pawn, mv.to)
            }
            _ => (mv.promotion.unwrap_or(piece), mv.to),
        };
        let (arriving, to) = arrivals;
        occupied |= to.bitboard();
        // Sliders by the small tables (the lines through the king, and
        // what stands between): the magic tables' lookups missed the
        // cache on most moves of a PGN replay.
        let (diagonals, orthogonals) = (
            attacks::bishop_rays(their_king),
            attacks::rook_rays(their_king),
        );
        let direct = match arriving {
            Piece::Pawn => attacks::pawn(us, to).contains(their_king),
            Piece::Knight => attacks::knight(to).contains(their_king),
            Piece::Bishop => diagonals.contains(to) && clear(to, their_king, occupied),
            Piece::Rook => orthogonals.contains(to) && clear(to, their_king, occupied),
            Piece::Queen => {
                (diagonals | orthogonals).contains(to) && clear(to, their_king, occupied)
            }
            Piece::King => false,
        };
        // The side not to move is never in check, so a discovered check
        // runs through a square the move empties, on the king's lines.
        direct
            || ((diagonals | orthogonals).intersects(vacated)
                && self.discovers_check(us, ours - to.bitboard(), occupied))
    }

    /// Whether a slider among `ours` (pieces of `us` that did not move)
    /// attacks the enemy king through `occupied`: one on the king's lines
    /// with nothing between.
    #[inline]
    fn discovers_check(&self, us: Color, ours: Bitboard, occupied: Bitboard) -> bool {
        let their_king = self.king(!us);
        let queens = self.pieces(Piece::Queen);
        let diagonal = (self.pieces(Piece::Bishop) | queens) & ours;
        let orthogonal = (self.pieces(Piece::Rook) | queens) & ours;
        let aimed = (diagonal & attacks::bishop_rays(their_king))
            | (orthogonal & attacks::rook_rays(their_king));
        aimed
            .iter()
            .any(|slider| clear(slider, their_king, occupied))
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
    #[inline]
    pub fn is_attacked(&self, square: Square, by: Color, occupied: Bitboard) -> bool {
        self.is_attacked_with(square, by, occupied, NATIVE)
    }

    /// [`Board::is_attacked`] with the slider back-end `s`.
    #[inline(always)]
    pub(crate) fn is_attacked_with(
        &self,
        square: Square,
        by: Color,
        occupied: Bitboard,
        s: impl Sliders,
    ) -> bool {
        let them = self.colors(by);
        let queens = self.pieces(Piece::Queen);
        let hit = |attacks: Bitboard, pieces: Bitboard| attacks.intersects(pieces & them);
        hit(attacks::knight(square), self.pieces(Piece::Knight))
            || hit(attacks::pawn(!by, square), self.pieces(Piece::Pawn))
            || hit(attacks::king(square), self.pieces(Piece::King))
            || hit(
                s.bishop(square, occupied),
                self.pieces(Piece::Bishop) | queens,
            )
            || hit(s.rook(square, occupied), self.pieces(Piece::Rook) | queens)
    }

    /// The checkers and pinned pieces of the side to move.
    #[inline(always)]
    pub(crate) fn check_info(&self) -> CheckInfo {
        with_side!(self.side_to_move, WHITE => self.check_info_for::<WHITE>())
    }

    /// [`Board::check_info`] with the side to move a constant: White when
    /// `WHITE`, which must be the side to move.
    #[inline(always)]
    pub(crate) fn check_info_for<const WHITE: bool>(&self) -> CheckInfo {
        let us = Color::of_const::<WHITE>();
        let king = self.king(us);
        let ours = self.colors(us);
        let them = self.colors(!us);
        let queens = self.pieces(Piece::Queen);
        let diagonal = (self.pieces(Piece::Bishop) | queens) & them;
        let orthogonal = (self.pieces(Piece::Rook) | queens) & them;
        let mut checkers = (attacks::knight(king) & self.pieces(Piece::Knight) & them)
            | (attacks::pawn(us, king) & self.pieces(Piece::Pawn) & them);
        let mut pinned = Bitboard::EMPTY;
        // Enemy sliders on a line through the king: with nothing between,
        // they check; with one of our pieces alone between, they pin it.
        // Read from the empty board's lines, so that no slider lookup is
        // needed.
        let line_sliders =
            (attacks::bishop_rays(king) & diagonal) | (attacks::rook_rays(king) & orthogonal);
        let occupied = ours | them;
        for slider in line_sliders {
            let blockers = attacks::between(king, slider) & occupied;
            if blockers.is_empty() {
                checkers |= slider.bitboard();
            } else if !blockers.has_more_than_one() {
                pinned |= blockers & ours;
            }
        }
        CheckInfo { checkers, pinned }
    }

    /// Every square a piece of `by` attacks, with `occupied` as the
    /// blockers for sliders, with the slider back-end `s`.
    #[inline(always)]
    pub(crate) fn attacked_squares(
        &self,
        by: Color,
        occupied: Bitboard,
        s: impl Sliders,
    ) -> Bitboard {
        let them = self.colors(by);
        let queens = self.pieces(Piece::Queen);
        let (east, west) = attacks::pawns(by, self.colored_pieces(by, Piece::Pawn));
        let mut attacked = east | west | attacks::king(self.king(by));
        for from in self.colored_pieces(by, Piece::Knight) {
            attacked |= attacks::knight(from);
        }
        for from in (self.pieces(Piece::Bishop) | queens) & them {
            attacked |= s.bishop(from, occupied);
        }
        for from in (self.pieces(Piece::Rook) | queens) & them {
            attacked |= s.rook(from, occupied);
        }
        attacked
    }
}

/// Whether nothing of `occupied` stands between `a` and `b`.
#[inline]
fn clear(a: Square, b: Square, occupied: Bitboard) -> bool {
    !attacks::between(a, b).intersects(occupied)
}

/// The checkers and pins of a child's side to move as its parent knows
/// them, or nothing known. Two words, so that it crosses a call in
/// registers (an `Option<CheckInfo>` would go through memory).
#[derive(Debug, Clone, Copy)]
pub(crate) struct MaybeCheckInfo(CheckInfo);

impl MaybeCheckInfo {
    /// Nothing known. (No position has a checker on every square.)
    pub(crate) const UNKNOWN: Self = Self(CheckInfo {
        checkers: Bitboard::FULL,
        pinned: Bitboard::EMPTY,
    });

    /// Known: `info`.
    #[inline(always)]
    pub(crate) fn known(info: CheckInfo) -> Self {
        Self(info)
    }

    /// The checkers and pins, if known.
    #[inline(always)]
    pub(crate) fn get(self) -> Option<CheckInfo> {
        (self.0.checkers != Bitboard::FULL).then_some(self.0)
    }
}
