//! Atomic legality without making the move: on a position with one
//! unpromoted king a side, a pseudo-legal move's result (which pieces
//! explode, where the king stands, what still attacks it) is computed
//! from bitboards, giving the answer python-chess's make-and-test gives.

use crate::setup::Setup;
use crate::{Bitboard, Move, Piece, Square, attacks};

/// The two kings of a position the fast test covers.
#[derive(Clone, Copy, Debug)]
pub(super) struct Kings {
    /// The king of the side to move.
    pub ours: Square,
    /// The other side's king.
    pub theirs: Square,
}

impl Kings {
    /// The kings, when each side has exactly one and neither is marked
    /// promoted (so python-chess's `king()`, its "any king" tests and its
    /// king adjacency all read the same square); `None` otherwise.
    #[inline]
    pub(super) fn of(s: &Setup) -> Option<Self> {
        let kings = s.kind(Piece::King);
        if kings.intersects(s.promoted) {
            return None;
        }
        let ours = (kings & s.side(s.turn)).single()?;
        let theirs = (kings & s.side(!s.turn)).single()?;
        Some(Self { ours, theirs })
    }
}

/// Whether the pseudo-legal `mv` is legal by Atomic's rules, decided on
/// the bitboards: `None` for castling and en passant, which the caller
/// plays out.
///
/// python-chess plays the move and keeps it when the mover still has a
/// king and either the other king is gone or the two kings stand side by
/// side or the mover's king is not attacked. A capture removes the
/// captured piece, the capturing piece and every piece but pawns on the
/// squares around the target.
#[inline]
pub(super) fn is_legal(s: &Setup, kings: Kings, mv: Move) -> Option<bool> {
    let us = s.turn;
    let theirs = s.side(!us);
    let occupied = s.occupied();
    let (from, to) = (mv.from.bitboard(), mv.to.bitboard());
    let king_moves = mv.from == kings.ours;
    if theirs.contains(mv.to) {
        let blast = attacks::king(mv.to) - s.kind(Piece::Pawn) - from;
        let gone = blast | to | from;
        if king_moves || blast.contains(kings.ours) {
            return Some(false);
        }
        if gone.contains(kings.theirs) {
            return Some(true);
        }
        if attacks::king(kings.ours).contains(kings.theirs) {
            return Some(true);
        }
        return Some(!attacked(s, kings.ours, occupied - gone, theirs - gone));
    }
    let pawn = s.kind(Piece::Pawn).contains(mv.from);
    if pawn && mv.from.file() != mv.to.file() {
        return None;
    }
    let king = if king_moves {
        let files = mv.from.file().index().abs_diff(mv.to.file().index());
        if files > 1 || s.side(us).contains(mv.to) {
            return None;
        }
        mv.to
    } else {
        kings.ours
    };
    if attacks::king(king).contains(kings.theirs) {
        return Some(true);
    }
    Some(!attacked(s, king, (occupied - from) | to, theirs))
}

/// Whether a piece of `attackers` (a subset of the other side's pieces,
/// its king left out: a king next to the king does not check in Atomic)
/// attacks `king` with `occupied` as the board's occupancy.
#[inline(always)]
fn attacked(s: &Setup, king: Square, occupied: Bitboard, attackers: Bitboard) -> bool {
    let us = s.turn;
    let near = (attacks::knight(king) & s.kind(Piece::Knight))
        | (attacks::pawn(us, king) & s.kind(Piece::Pawn));
    if near.intersects(attackers) {
        return true;
    }
    let straight = attackers & s.straight_sliders();
    let diagonal = attackers & s.diagonal_sliders();
    attacks::rook(king, occupied).intersects(straight)
        || attacks::bishop(king, occupied).intersects(diagonal)
}
