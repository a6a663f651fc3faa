//! Move generation on any [`Setup`] by python-chess's rules: pseudo-legal
//! moves, castling, en passant, evasions, and the legal moves (checked
//! against the highest king of the side to move; every pseudo-legal move
//! when it has none). Moves come highest from-square first, as
//! python-chess lists them. The setup's castling rights are taken as the
//! ones that count.

use super::{LooseMoveList, Variant};
use crate::setup::{HighFirst, Setup, highest};
use crate::{Bitboard, Color, File, Move, Piece, Rank, Square, attacks};

/// The en passant square as python-chess's generators read it (`if
/// self.ep_square`: a1 counts as none).
#[inline]
pub(crate) fn ep_square(s: &Setup) -> Option<Square> {
    s.ep_square.filter(|&sq| sq != Square::A1)
}

/// Pushes the promotions (a king first where the variant allows one, then
/// queen, rook, bishop, knight) or the plain move.
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

/// The pseudo-legal moves from `from_mask` to `to_mask`
/// (python-chess's `generate_pseudo_legal_moves`).
pub(crate) fn pseudo_legal<V: Variant>(
    s: &Setup,
    chess960: bool,
    from_mask: Bitboard,
    to_mask: Bitboard,
    out: &mut LooseMoveList,
) {
    let us = s.turn;
    let ours = s.side(us);
    let pawns_all = s.kind(Piece::Pawn);
    for from in HighFirst((ours - pawns_all) & from_mask) {
        for to in HighFirst((s.attacks_from(from) - ours) & to_mask) {
            out.push(Move::new(from, to));
        }
    }
    if from_mask.intersects(s.kind(Piece::King)) {
        castling_moves::<V>(s, chess960, from_mask, to_mask, out);
    }
    let pawns = pawns_all & ours & from_mask;
    if pawns.is_empty() {
        return;
    }
    for from in HighFirst(pawns) {
        for to in HighFirst(attacks::pawn(us, from) & s.side(!us) & to_mask) {
            pawn_move::<V>(out, from, to);
        }
    }
    let empty = !s.occupied();
    let single = pawns.forward(us) & empty;
    let double_ranks = match us {
        Color::White => Bitboard::ranks(&[Rank::Third, Rank::Fourth]),
        Color::Black => Bitboard::ranks(&[Rank::Sixth, Rank::Fifth]),
    };
    let double = single.forward(us) & empty & double_ranks;
    let back =
        |to: Square, ranks: i8| to.offset(0, if us == Color::White { -ranks } else { ranks });
    for to in HighFirst(single & to_mask) {
        if let Some(from) = back(to, 1) {
            pawn_move::<V>(out, from, to);
        }
    }
    for to in HighFirst(double & to_mask) {
        if let Some(from) = back(to, 2) {
            out.push(Move::new(from, to));
        }
    }
    pseudo_legal_ep(s, from_mask, to_mask, out);
}

/// The en passant captures (python-chess's `generate_pseudo_legal_ep`).
pub(crate) fn pseudo_legal_ep(
    s: &Setup,
    from_mask: Bitboard,
    to_mask: Bitboard,
    out: &mut LooseMoveList,
) {
    let Some(ep) = ep_square(s) else { return };
    if !to_mask.contains(ep) || s.occupied().contains(ep) {
        return;
    }
    let us = s.turn;
    let rank = Rank::Fifth.relative_to(us).bitboard();
    let capturers = s.pieces_of(us, Piece::Pawn) & from_mask & attacks::pawn(!us, ep) & rank;
    for from in HighFirst(capturers) {
        out.push(Move::new(from, ep));
    }
}

/// Whether any square of `path` is attacked by the side not to move under
/// `occupied` (python-chess's `_attacked_for_king`).
pub(crate) fn attacked_for_king(s: &Setup, path: Bitboard, occupied: Bitboard) -> bool {
    HighFirst(path).any(|sq| !s.attackers_under(!s.turn, sq, occupied).is_empty())
}

/// On a standard board, the king's move onto its own rook in a corner is
/// written as the two-square step (python-chess's `_from_chess960`).
pub fn from_chess960(s: &Setup, chess960: bool, mv: Move) -> Move {
    if chess960 || mv.promotion.is_some() || !s.kind(Piece::King).contains(mv.from) {
        return mv;
    }
    let to = match (mv.from, mv.to) {
        (Square::E1, Square::H1) => Square::G1,
        (Square::E1, Square::A1) => Square::C1,
        (Square::E8, Square::H8) => Square::G8,
        (Square::E8, Square::A8) => Square::C8,
        _ => return mv,
    };
    Move::new(mv.from, to)
}

/// The two-square king step from e1/e8 as king takes rook, when no rook
/// stands on the target (python-chess's `_to_chess960`).
pub fn to_chess960(s: &Setup, mv: Move) -> Move {
    let king = s.kind(Piece::King).contains(mv.from) && !s.kind(Piece::Rook).contains(mv.to);
    if !king || mv.promotion.is_some() {
        return mv;
    }
    let to = match (mv.from, mv.to) {
        (Square::E1, Square::G1) => Square::H1,
        (Square::E1, Square::C1) => Square::A1,
        (Square::E8, Square::G8) => Square::H8,
        (Square::E8, Square::C8) => Square::A8,
        _ => return mv,
    };
    Move::new(mv.from, to)
}

/// The castling moves (python-chess's `generate_castling_moves`): the
/// lowest unpromoted king on the back rank with each right's rook.
pub(crate) fn castling_moves<V: Variant>(
    s: &Setup,
    chess960: bool,
    from_mask: Bitboard,
    to_mask: Bitboard,
    out: &mut LooseMoveList,
) {
    castling_pairs::<V>(s, from_mask, to_mask, |king, rook| {
        out.push(from_chess960(s, chess960, Move::new(king, rook)));
    });
}

/// Calls `found` with the king's and the rook's square of each castling
/// move, in [`castling_moves`]' order.
#[inline]
pub(crate) fn castling_pairs<V: Variant>(
    s: &Setup,
    from_mask: Bitboard,
    to_mask: Bitboard,
    mut found: impl FnMut(Square, Square),
) {
    let us = s.turn;
    let back = us.back_rank();
    let kings = (s.pieces_of(us, Piece::King) - s.promoted) & back.bitboard() & from_mask;
    let Some(king) = kings.first() else { return };
    let king_bb = king.bitboard();
    let occupied = s.occupied();
    for rook in HighFirst(s.castling & back.bitboard() & to_mask) {
        let rook_bb = rook.bitboard();
        let a_side = rook < king;
        let (king_to, rook_to) = if a_side {
            (Square::new(File::C, back), Square::new(File::D, back))
        } else {
            (Square::new(File::G, back), Square::new(File::F, back))
        };
        let king_path = attacks::between(king, king_to);
        let rook_path = attacks::between(rook, rook_to);
        let needed = king_path | rook_path | king_to.bitboard() | rook_to.bitboard();
        let blocked = (occupied ^ king_bb ^ rook_bb).intersects(needed);
        if !(blocked
            || V::attacked_for_king(s, king_path | king_bb, occupied ^ king_bb)
            || V::attacked_for_king(
                s,
                king_to.bitboard(),
                occupied ^ king_bb ^ rook_bb ^ rook_to.bitboard(),
            ))
        {
            found(king, rook);
        }
    }
}

/// Whether python-chess reads `mv` as castling: a king moving more than
/// one file, or onto its own rook.
pub fn is_castling(s: &Setup, mv: Move) -> bool {
    if !s.kind(Piece::King).contains(mv.from) {
        return false;
    }
    let files = (mv.from.file().index()).abs_diff(mv.to.file().index());
    files > 1 || s.pieces_of(s.turn, Piece::Rook).contains(mv.to)
}

/// Whether python-chess reads `mv` as en passant.
pub fn is_en_passant(s: &Setup, mv: Move) -> bool {
    s.ep_square == Some(mv.to)
        && s.kind(Piece::Pawn).contains(mv.from)
        && matches!(mv.to.index().abs_diff(mv.from.index()), 7 | 9)
        && !s.occupied().contains(mv.to)
}

/// Whether an en passant capture to `ep` by `capturer` uncovers a slider on
/// `king` (python-chess's `_ep_skewered`).
fn ep_skewered(s: &Setup, ep: Square, king: Square, capturer: Square) -> bool {
    let us = s.turn;
    let Some(last_double) = ep.offset(0, if us == Color::White { -1 } else { 1 }) else {
        return false;
    };
    let occupancy = (s.occupied() - last_double.bitboard() - capturer.bitboard()) | ep.bitboard();
    let straight = s.side(!us) & s.straight_sliders();
    if (attacks::rook(king, occupancy) & king.rank().bitboard()).intersects(straight) {
        return true;
    }
    attacks::bishop(king, occupancy).intersects(s.side(!us) & s.diagonal_sliders())
}

/// Whether a pseudo-legal move leaves `king` safe (python-chess's
/// `_is_safe`).
pub(crate) fn is_safe(s: &Setup, king: Square, blockers: Bitboard, mv: Move) -> bool {
    if mv.from == king {
        return is_castling(s, mv) || s.attackers(!s.turn, mv.to).is_empty();
    }
    if is_en_passant(s, mv) {
        return s.pin_mask(s.turn, mv.from).contains(mv.to)
            && !ep_skewered(s, mv.to, king, mv.from);
    }
    !blockers.contains(mv.from) || attacks::line(mv.from, mv.to).contains(king)
}

/// The moves out of check (python-chess's `_generate_evasions`).
pub(crate) fn evasions<V: Variant>(
    s: &Setup,
    chess960: bool,
    king: Square,
    checkers: Bitboard,
    from_mask: Bitboard,
    to_mask: Bitboard,
    out: &mut LooseMoveList,
) {
    let us = s.turn;
    let sliders = checkers & (s.diagonal_sliders() | s.kind(Piece::Rook));
    let mut attacked = Bitboard::EMPTY;
    for checker in HighFirst(sliders) {
        attacked |= attacks::line(king, checker) - checker.bitboard();
    }
    if from_mask.contains(king) {
        for to in HighFirst((attacks::king(king) - s.side(us) - attacked) & to_mask) {
            out.push(Move::new(king, to));
        }
    }
    let Some(checker) = highest(checkers) else {
        return;
    };
    if checkers.has_more_than_one() {
        return;
    }
    let target = attacks::between(king, checker) | checkers;
    pseudo_legal::<V>(
        s,
        chess960,
        from_mask - s.kind(Piece::King),
        target & to_mask,
        out,
    );
    if let Some(ep) = ep_square(s) {
        let pushed = ep.offset(0, if us == Color::White { -1 } else { 1 });
        if !target.contains(ep) && pushed == Some(checker) {
            pseudo_legal_ep(s, from_mask, to_mask, out);
        }
    }
}

/// Whether a pseudo-legal move leaves the king of the side to move (its
/// highest unpromoted one) attacked (python-chess's `is_into_check`).
pub(crate) fn is_into_check<V: Variant>(s: &Setup, chess960: bool, mv: Move) -> bool {
    let Some(king) = s.king_of(s.turn) else {
        return false;
    };
    let checkers = s.attackers(!s.turn, king);
    if !checkers.is_empty() {
        let mut evading = LooseMoveList::new();
        evasions::<V>(
            s,
            chess960,
            king,
            checkers,
            mv.from.bitboard(),
            mv.to.bitboard(),
            &mut evading,
        );
        if !evading.contains(&mv) {
            return true;
        }
    }
    !is_safe(s, king, s.slider_blockers(king), mv)
}

/// The legal moves by the standard rules, with no variant end (python-chess's
/// `generate_legal_moves` of `chess.Board`).
pub(crate) fn standard_legal<V: Variant>(
    s: &Setup,
    chess960: bool,
    from_mask: Bitboard,
    to_mask: Bitboard,
    out: &mut LooseMoveList,
) {
    let Some(king) = highest(s.pieces_of(s.turn, Piece::King)) else {
        pseudo_legal::<V>(s, chess960, from_mask, to_mask, out);
        return;
    };
    let blockers = s.slider_blockers(king);
    let checkers = s.attackers(!s.turn, king);
    let start = out.len();
    if checkers.is_empty() {
        pseudo_legal::<V>(s, chess960, from_mask, to_mask, out);
    } else {
        evasions::<V>(s, chess960, king, checkers, from_mask, to_mask, out);
    }
    let mut keep = start;
    for i in start..out.len() {
        let mv = out[i];
        if is_safe(s, king, blockers, mv) {
            out[keep] = mv;
            keep += 1;
        }
    }
    out.truncate(keep);
}
