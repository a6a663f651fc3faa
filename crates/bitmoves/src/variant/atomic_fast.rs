//! Atomic legality without making the move: on a position with one
//! unpromoted king a side, a pseudo-legal move's result (which pieces
//! explode, where the king stands, what still attacks it) is computed
//! from bitboards, giving the answer python-chess's make-and-test gives.

use super::movegen::{castling_moves, pseudo_legal_ep};
use super::{LooseMoveList, Position, Variant};
use crate::setup::Setup;
use crate::{Bitboard, Color, Move, Piece, Rank, Square, attacks};

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

/// How many legal moves the position has (what `Atomic::legal` lists over
/// every square), counted without listing them where the fast test
/// covers the position and the king is not in check: a quiet move of a
/// piece other than the king is legal unless the piece alone shields the
/// king from a slider and leaves that line (any quiet move is legal while
/// the kings touch); captures and king moves are tested one by one,
/// castling and en passant judged by `made` (the make-and-test). `None`
/// where the caller should list the moves.
pub(super) fn legal_count<V: Variant>(
    pos: &Position<V>,
    kings: Kings,
    made: impl Fn(Move) -> bool,
) -> Option<usize> {
    let s = pos.setup();
    let us = s.turn;
    let (ours, theirs) = (s.side(us), s.side(!us));
    let occupied = s.occupied();
    let king = kings.ours;
    let touching = attacks::king(king).contains(kings.theirs);
    if !touching && attacked(s, king, occupied, theirs) {
        return None;
    }
    let pinned = if touching {
        Bitboard::EMPTY
    } else {
        s.slider_blockers(king)
    };
    let empty = !occupied;
    let mut count = 0;
    let captures = |from: Square, targets: Bitboard| {
        let mut legal = 0;
        for to in targets & theirs {
            legal += usize::from(is_legal(s, kings, Move::new(from, to)) == Some(true));
        }
        legal
    };
    let piece = |from: Square, targets: Bitboard| {
        let mut quiet = targets & empty;
        if pinned.contains(from) {
            quiet &= attacks::line(king, from);
        }
        quiet.len() + captures(from, targets)
    };
    for from in s.pieces_of(us, Piece::Knight) {
        count += piece(from, attacks::knight(from));
    }
    for from in ours & s.diagonal_sliders() {
        count += piece(from, attacks::bishop(from, occupied));
    }
    for from in ours & s.straight_sliders() {
        count += piece(from, attacks::rook(from, occupied));
    }
    for to in attacks::king(king) & empty {
        count += usize::from(is_legal(s, kings, Move::new(king, to)) == Some(true));
    }
    let pawns = s.pieces_of(us, Piece::Pawn);
    let promotions = |targets: Bitboard| {
        (targets - Bitboard::BACK_RANKS).len() + 4 * (targets & Bitboard::BACK_RANKS).len()
    };
    for from in pawns {
        count += promotions(captures_by_pawn(s, kings, from, theirs));
    }
    let free = pawns - pinned;
    let single = free.forward(us) & empty;
    let double_ranks = match us {
        Color::White => Bitboard::ranks(&[Rank::Third, Rank::Fourth]),
        Color::Black => Bitboard::ranks(&[Rank::Sixth, Rank::Fifth]),
    };
    let double = single.forward(us) & empty & double_ranks;
    count += promotions(single) + double.len();
    for from in pawns & pinned {
        let line = attacks::line(king, from);
        let single = from.bitboard().forward(us) & empty;
        let double = single.forward(us) & empty & double_ranks;
        count += promotions(single & line) + (double & line).len();
    }
    let mut others = LooseMoveList::new();
    pseudo_legal_ep(s, Bitboard::FULL, Bitboard::FULL, &mut others);
    castling_moves::<V>(
        s,
        pos.is_chess960(),
        Bitboard::FULL,
        Bitboard::FULL,
        &mut others,
    );
    count += others.iter().filter(|&&mv| made(mv)).count();
    Some(count)
}

/// The squares a pawn on `from` may legally capture on (each counted once
/// per promotion by the caller: the promoted piece explodes at once).
#[inline]
fn captures_by_pawn(s: &Setup, kings: Kings, from: Square, theirs: Bitboard) -> Bitboard {
    let mut legal = Bitboard::EMPTY;
    for to in attacks::pawn(s.turn, from) & theirs {
        if is_legal(s, kings, Move::new(from, to)) == Some(true) {
            legal.insert(to);
        }
    }
    legal
}
