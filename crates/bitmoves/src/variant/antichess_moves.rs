//! The antichess forms' legal moves over every square, in python-chess's
//! order, from one pass over the pieces' attack sets: the captures if
//! there are any, else the other moves. The same list as generating the
//! captures, then the rest, and filtering (what `antichess::legal` does
//! under masks); the law test in `tests/variant_fast_law.rs` holds them
//! equal.

use super::movegen::{castling_moves, pseudo_legal_ep};
use super::{LooseMoveList, Position, Variant};
use crate::setup::HighFirst;
use crate::{Bitboard, Color, Move, Piece, Rank, Square, attacks};

/// Pushes a pawn's move: each promotion (a king first where the variant
/// allows it, then queen, rook, bishop, knight) on the last rank, else the
/// plain move (as `movegen` orders them).
#[inline]
fn pawn_move<V: Variant>(out: &mut LooseMoveList, from: Square, to: Square) {
    if Bitboard::BACK_RANKS.contains(to) {
        if V::KING_PROMOTIONS {
            out.push(Move::new_promotion(from, to, Piece::King));
        }
        for piece in [Piece::Queen, Piece::Rook, Piece::Bishop, Piece::Knight] {
            out.push(Move::new_promotion(from, to, piece));
        }
    } else {
        out.push(Move::new(from, to));
    }
}

/// Adds the legal moves over every square to `out`.
pub(super) fn legal_moves<V: Variant>(pos: &Position<V>, out: &mut LooseMoveList) {
    let s = pos.setup();
    let us = s.turn;
    let (ours, theirs) = (s.side(us), s.side(!us));
    let occupied = s.occupied();
    let pawns = s.kind(Piece::Pawn);
    // Each piece's targets, highest square first, the kind found as
    // `attacks_from` finds it.
    let mut reach = [(Square::A1, Bitboard::EMPTY); 64];
    let mut pieces = 0;
    let mut captures = false;
    for from in HighFirst(ours - pawns) {
        let attacks = if s.kind(Piece::Knight).contains(from) {
            attacks::knight(from)
        } else if s.kind(Piece::Bishop).contains(from) {
            attacks::bishop(from, occupied)
        } else if s.kind(Piece::Rook).contains(from) {
            attacks::rook(from, occupied)
        } else if s.kind(Piece::Queen).contains(from) {
            attacks::queen(from, occupied)
        } else if s.kind(Piece::King).contains(from) {
            attacks::king(from)
        } else {
            Bitboard::EMPTY
        };
        let targets = attacks - ours;
        captures |= targets.intersects(theirs);
        reach[pieces] = (from, targets);
        pieces += 1;
    }
    let reach = &reach[..pieces];
    let our_pawns = pawns & ours;
    if !captures {
        captures = HighFirst(our_pawns).any(|from| attacks::pawn(us, from).intersects(theirs));
    }
    let start = out.len();
    if captures {
        for &(from, targets) in reach {
            for to in HighFirst(targets & theirs) {
                out.push(Move::new(from, to));
            }
        }
        for from in HighFirst(our_pawns) {
            for to in HighFirst(attacks::pawn(us, from) & theirs) {
                pawn_move::<V>(out, from, to);
            }
        }
    }
    pseudo_legal_ep(s, Bitboard::FULL, Bitboard::FULL, out);
    if out.len() > start {
        return;
    }
    for &(from, targets) in reach {
        for to in HighFirst(targets - theirs) {
            out.push(Move::new(from, to));
        }
    }
    if !s.kind(Piece::King).is_empty() {
        castling_moves::<V>(s, pos.is_chess960(), Bitboard::FULL, !theirs, out);
    }
    let empty = !occupied;
    let single = our_pawns.forward(us) & empty;
    let double_ranks = match us {
        Color::White => Bitboard::ranks(&[Rank::Third, Rank::Fourth]),
        Color::Black => Bitboard::ranks(&[Rank::Sixth, Rank::Fifth]),
    };
    let double = single.forward(us) & empty & double_ranks;
    let back =
        |to: Square, ranks: i8| to.offset(0, if us == Color::White { -ranks } else { ranks });
    for to in HighFirst(single) {
        if let Some(from) = back(to, 1) {
            pawn_move::<V>(out, from, to);
        }
    }
    for to in HighFirst(double) {
        if let Some(from) = back(to, 2) {
            out.push(Move::new(from, to));
        }
    }
}
