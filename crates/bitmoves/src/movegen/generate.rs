//! The generator: the White/Black dispatch, the side's checkers and pins,
//! then every piece's legal moves into a sink (the king's in `king.rs`).
use super::sink::Sink;
use crate::attacks::Sliders;
use crate::board::CheckInfo;
use crate::color::with_side;
#[cfg(target_arch = "x86_64")]
use crate::perft::fills::SetwiseFills;
use crate::{Bitboard, Board, Color, Piece, Rank, attacks};

/// This file holds the `impl Board` block for the generator's body.
impl Board {
    /// Generates into any sink, choosing the specialisation by the side to
    /// move: each side's generator is compiled apart, with the colour a
    /// constant (`WHITE`).
    #[inline(always)]
    pub(super) fn generate_into(&self, sink: &mut impl Sink, s: impl Sliders) -> bool {
        with_side!(self.side_to_move(), WHITE => self.generate_for::<WHITE>(sink, s))
    }

    /// [`Board::generate_legal`] for the side `WHITE` says, which must be
    /// the side to move, with its checkers and pinned pieces worked out
    /// here. (A function of its own, not written into `generate_into`:
    /// perft's full recursion compiles to the same code as before with it.)
    #[inline(always)]
    fn generate_for<const WHITE: bool>(&self, sink: &mut impl Sink, s: impl Sliders) -> bool {
        self.generate_legal::<WHITE>(&self.check_info_for::<WHITE>(), sink, s)
    }

    /// Generates the legal moves of the side `WHITE` says, which must be
    /// the side to move, with its checkers and pinned pieces `info` worked
    /// out already, choosing the specialisation by the number of checkers:
    /// none, one (evasions), or two (king moves only).
    #[inline(always)]
    pub(super) fn generate_legal<const WHITE: bool>(
        &self,
        info: &CheckInfo,
        sink: &mut impl Sink,
        s: impl Sliders,
    ) -> bool {
        if info.checkers.is_empty() {
            self.generate_all::<false, WHITE>(info, sink, s)
        } else if !info.checkers.has_more_than_one() {
            self.generate_all::<true, WHITE>(info, sink, s)
        } else {
            self.king_moves::<true, WHITE, _>(sink, s)
        }
    }

    /// All moves when at most one piece gives check. With a checker, every
    /// piece but the king must capture it or block the line to the king.
    #[inline(always)]
    fn generate_all<const IN_CHECK: bool, const WHITE: bool>(
        &self,
        info: &CheckInfo,
        sink: &mut impl Sink,
        s: impl Sliders,
    ) -> bool {
        let us = Color::of_const::<WHITE>();
        let ours = self.colors(us);
        let occupied = self.occupied();
        let king = self.king(us);
        let mask = sink.mask();
        // Pinned pieces and pieces the sink does not want are left alone.
        let pinned = info.pinned | !mask.from;
        let evasions = match info.checkers.first() {
            Some(checker) if IN_CHECK => attacks::between(king, checker) | checker.bitboard(),
            _ => !ours,
        };
        if self.pawn_moves::<WHITE, _>(info, evasions & mask.pawn_to, sink, s) {
            return true;
        }
        let target = evasions & mask.to;
        let counted = self.count_setwise::<IN_CHECK, WHITE, _>(sink, s, info, target, occupied);
        if !counted {
            // A pinned knight can never move.
            for from in self.colored_pieces(us, Piece::Knight) - pinned {
                if sink.emit(Piece::Knight, from, attacks::knight(from) & target) {
                    return true;
                }
            }
        }
        let bishops = self.colored_pieces(us, Piece::Bishop);
        let rooks = self.colored_pieces(us, Piece::Rook);
        let queens = self.colored_pieces(us, Piece::Queen);
        if !counted {
            for from in bishops - pinned {
                if sink.emit(Piece::Bishop, from, s.bishop(from, occupied) & target) {
                    return true;
                }
            }
            for from in rooks - pinned {
                if sink.emit(Piece::Rook, from, s.rook(from, occupied) & target) {
                    return true;
                }
            }
            for from in queens - pinned {
                if sink.emit(Piece::Queen, from, s.queen(from, occupied) & target) {
                    return true;
                }
            }
        }
        // A pinned slider may only move along the line through its king.
        for from in (bishops | rooks | queens) & info.pinned & mask.from {
            let (piece, reach) = if bishops.contains(from) {
                (Piece::Bishop, s.bishop(from, occupied))
            } else if rooks.contains(from) {
                (Piece::Rook, s.rook(from, occupied))
            } else {
                (Piece::Queen, s.queen(from, occupied))
            };
            if sink.emit(piece, from, reach & target & attacks::line(king, from)) {
                return true;
            }
        }
        self.king_moves::<IN_CHECK, WHITE, _>(sink, s)
    }

    /// [`Board::attacked_squares`], by the fills (AVX-512 or AVX2) where the
    /// back-end has them and `by` has two knights and sliders or more (for
    /// fewer, the lookups are cheaper).
    #[inline(always)]
    pub(super) fn attacked_squares_with(
        &self,
        s: impl Sliders,
        by: Color,
        occupied: Bitboard,
    ) -> Bitboard {
        #[cfg(target_arch = "x86_64")]
        if let Some(fills) = s.fills() {
            let them = self.colors(by);
            let queens = self.pieces(Piece::Queen);
            let diagonal = (self.pieces(Piece::Bishop) | queens) & them;
            let orthogonal = (self.pieces(Piece::Rook) | queens) & them;
            let knights = self.pieces(Piece::Knight) & them;
            if (diagonal | orthogonal | knights).has_more_than_one() {
                let (east, west) = attacks::pawns(by, self.colored_pieces(by, Piece::Pawn));
                let pieces = fills.attacks(diagonal, orthogonal, knights, occupied);
                return pieces | east | west | attacks::king(self.king(by));
            }
        }
        self.attacked_squares(by, occupied, s)
    }

    /// Pawn pushes onto empty squares, captures onto enemy pieces, and en
    /// passant. `target` holds the squares a pawn may go to (check evasions
    /// and the sink's mask), apart from en passant, which is judged apart.
    #[inline(always)]
    fn pawn_moves<const WHITE: bool, S: Sink>(
        &self,
        info: &CheckInfo,
        target: Bitboard,
        sink: &mut S,
        s: impl Sliders,
    ) -> bool {
        let us = Color::of_const::<WHITE>();
        let theirs = self.colors(!us);
        let empty = !self.occupied();
        let king = self.king(us);
        let double_step_rank = Rank::Third.relative_to(us).bitboard();
        let pawns = self.colored_pieces(us, Piece::Pawn);
        // A counting sink counts en passant apart, below.
        let en_passant = if S::COUNTS {
            None
        } else {
            self.en_passant_capturers::<WHITE>(info, king, s)
        };
        // A counting sink takes the unpinned pawns all at once.
        let one_by_one = if !S::COUNTS {
            pawns & sink.mask().from
        } else {
            let free = pawns - info.pinned;
            let single = free.forward(us) & empty;
            let double = (single & double_step_rank).forward(us) & empty;
            let (east, west) = attacks::pawns(us, free);
            let (east, west) = (east & theirs & target, west & theirs & target);
            // Pushes land on empty squares and captures on enemy pieces,
            // so only the two capture sets can share a square.
            let to = ((single | double) & target) | (east ^ west);
            let both = east & west;
            sink.add(to.len() + 2 * both.len());
            let promoting = (to | both) & Bitboard::BACK_RANKS;
            if !promoting.is_empty() {
                sink.add(
                    3 * ((to & Bitboard::BACK_RANKS).len()
                        + 2 * (both & Bitboard::BACK_RANKS).len()),
                );
            }
            // Every legal en passant capture, pinned pawns' too: rare,
            // and counted out of line.
            if let Some(square) = self.en_passant() {
                sink.add(self.en_passant_count::<WHITE>(info, king, square));
            }
            pawns & info.pinned
        };
        for from in one_by_one {
            let single = from.bitboard().forward(us) & empty;
            let double = (single & double_step_rank).forward(us) & empty;
            let captures = attacks::pawn(us, from) & theirs;
            let mut to = (single | double | captures) & target;
            if info.pinned.contains(from) {
                to &= attacks::line(king, from);
            }
            if let Some((capturers, square)) = en_passant
                && capturers.contains(from)
                && sink.mask().pawn_to.contains(square)
            {
                to.insert(square);
            }
            if sink.emit(Piece::Pawn, from, to) {
                return true;
            }
        }
        false
    }
}
