//! Move generation on any [`Setup`], as python-chess generates: pseudo-legal
//! moves, castling, en passant, evasions, and the legal moves (checked
//! against the highest king of the side to move; every pseudo-legal move
//! when it has none).

use super::attacks::{between, line, pawn_attacks};
use super::kinds::{is_castling, is_en_passant};
use super::rules::castling_rights;
use super::{Rules, back_rank, bit, msb, mv, scan_reversed};
use crate::board::setup::Setup;
use crate::values::PyMove;

const FILE_A: u64 = 0x0101_0101_0101_0101;
const RANK_3_4: u64 = 0xffff << 16;
const RANK_5_6: u64 = 0xffff << 32;
const BACK_RANKS: u64 = 0xff | (0xff << 56);

/// python-chess's `ep_square` as its generators read it (`if
/// self.ep_square`: a1 counts as none).
pub fn ep_square(s: &Setup) -> Option<u8> {
    s.ep_square.map(|sq| sq.index() as u8).filter(|&sq| sq != 0)
}

/// Pushes the four promotions (queen first) or the plain move.
fn pawn_move(out: &mut Vec<PyMove>, from: u8, to: u8) {
    if bit(to) & BACK_RANKS != 0 {
        for promotion in [5, 4, 3, 2] {
            out.push(PyMove {
                from_square: from,
                to_square: to,
                promotion: Some(promotion),
                drop: None,
            });
        }
    } else {
        out.push(mv(from, to));
    }
}

/// python-chess's `generate_pseudo_legal_moves(from_mask, to_mask)`.
pub fn pseudo_legal(s: &Setup, r: Rules, from_mask: u64, to_mask: u64, out: &mut Vec<PyMove>) {
    let white = s.white();
    let ours = s.co(white);
    let pawns_all = s.kind(1);
    for from in scan_reversed(ours & !pawns_all & from_mask) {
        for to in scan_reversed(s.attacks_mask(from) & !ours & to_mask) {
            out.push(mv(from, to));
        }
    }
    if from_mask & s.kind(6) != 0 {
        castling_moves(s, r, from_mask, to_mask, out);
    }
    let pawns = pawns_all & ours & from_mask;
    if pawns == 0 {
        return;
    }
    for from in scan_reversed(pawns) {
        for to in scan_reversed(pawn_attacks(white, from) & s.co(!white) & to_mask) {
            pawn_move(out, from, to);
        }
    }
    let empty = !s.occupied();
    let (single, double) = if white {
        let single = (pawns << 8) & empty;
        (single, (single << 8) & empty & RANK_3_4)
    } else {
        let single = (pawns >> 8) & empty;
        (single, (single >> 8) & empty & RANK_5_6)
    };
    for to in scan_reversed(single & to_mask) {
        let from = if white { to - 8 } else { to + 8 };
        pawn_move(out, from, to);
    }
    for to in scan_reversed(double & to_mask) {
        let from = if white { to - 16 } else { to + 16 };
        out.push(mv(from, to));
    }
    if ep_square(s).is_some() {
        pseudo_legal_ep(s, from_mask, to_mask, out);
    }
}

/// python-chess's `generate_pseudo_legal_ep`.
pub fn pseudo_legal_ep(s: &Setup, from_mask: u64, to_mask: u64, out: &mut Vec<PyMove>) {
    let Some(ep) = ep_square(s) else { return };
    if bit(ep) & to_mask == 0 || bit(ep) & s.occupied() != 0 {
        return;
    }
    let white = s.white();
    let rank = if white { 0xffu64 << 32 } else { 0xffu64 << 24 };
    let capturers = s.kind(1) & s.co(white) & from_mask & pawn_attacks(!white, ep) & rank;
    for from in scan_reversed(capturers) {
        out.push(mv(from, ep));
    }
}

/// python-chess's `_attacked_for_king(path, occupied)`.
fn attacked_for_king(s: &Setup, path: u64, occupied: u64) -> bool {
    let them = !s.white();
    scan_reversed(path).any(|sq| s.attackers_under(them, sq, occupied) != 0)
}

/// python-chess's `_from_chess960`: on a standard board, the king's move
/// onto its own rook in a corner is written as the two-square step.
pub fn from_chess960(s: &Setup, chess960: bool, m: PyMove) -> PyMove {
    if !chess960 && m.promotion.is_none() {
        let kings = s.kind(6);
        let step = |from: u8, to: u8| match (from, to) {
            (4, 7) | (60, 63) => Some(from + 2),
            (4, 0) | (60, 56) => Some(from - 2),
            _ => None,
        };
        if (m.from_square == 4 || m.from_square == 60)
            && kings & bit(m.from_square) != 0
            && let Some(to) = step(m.from_square, m.to_square)
        {
            return mv(m.from_square, to);
        }
    }
    m
}

/// python-chess's `_to_chess960`: the two-square king step from e1/e8 as
/// king takes rook, when no rook stands on the target.
pub fn to_chess960(s: &Setup, m: PyMove) -> PyMove {
    let (from, to) = (m.from_square, m.to_square);
    if (from == 4 || from == 60) && s.kind(6) & bit(from) != 0 && s.kind(4) & bit(to) == 0 {
        if to == from + 2 {
            return mv(from, from + 3);
        }
        if to + 2 == from {
            return mv(from, from - 4);
        }
    }
    m
}

/// python-chess's `generate_castling_moves(from_mask, to_mask)`.
pub fn castling_moves(s: &Setup, r: Rules, from_mask: u64, to_mask: u64, out: &mut Vec<PyMove>) {
    let white = s.white();
    let backrank = back_rank(white);
    let mut king = s.co(white) & s.kind(6) & !s.promoted & backrank & from_mask;
    king &= king.wrapping_neg();
    if king == 0 {
        return;
    }
    let king_sq = msb(king);
    let file = |f: u8| (FILE_A << f) & backrank;
    let occupied = s.occupied();
    for candidate in scan_reversed(castling_rights(s, r) & backrank & to_mask) {
        let rook = bit(candidate);
        let a_side = rook < king;
        let king_to = if a_side { file(2) } else { file(6) };
        let rook_to = if a_side { file(3) } else { file(5) };
        let king_path = between(king_sq, msb(king_to));
        let rook_path = between(candidate, msb(rook_to));
        let blocked = (occupied ^ king ^ rook) & (king_path | rook_path | king_to | rook_to) != 0;
        if !(blocked
            || attacked_for_king(s, king_path | king, occupied ^ king)
            || attacked_for_king(s, king_to, occupied ^ king ^ rook ^ rook_to))
        {
            out.push(from_chess960(s, r.chess960, mv(king_sq, candidate)));
        }
    }
}

/// python-chess's `_ep_skewered(king, capturer)`.
fn ep_skewered(s: &Setup, ep: u8, king: u8, capturer: u8) -> bool {
    let white = s.white();
    let last_double = if white { ep - 8 } else { ep + 8 };
    let occupancy = (s.occupied() & !bit(last_double) & !bit(capturer)) | bit(ep);
    let at = super::attacks::square(king);
    let occ = bitmoves::Bitboard(occupancy);
    let rank = 0xffu64 << (king & !7);
    let straight = s.co(!white) & (s.kind(4) | s.kind(5));
    if bitmoves::attacks::rook(at, occ).0 & rank & straight != 0 {
        return true;
    }
    let diagonal = s.co(!white) & (s.kind(3) | s.kind(5));
    bitmoves::attacks::bishop(at, occ).0 & diagonal != 0
}

/// python-chess's `_is_safe(king, blockers, move)`.
pub fn is_safe(s: &Setup, king: u8, blockers: u64, m: PyMove) -> bool {
    let white = s.white();
    if m.from_square == king {
        if is_castling(s, m) {
            return true;
        }
        return !s.is_attacked_by(!white, m.to_square);
    }
    if is_en_passant(s, m) {
        let ep = m.to_square;
        return s.pin_mask(white, m.from_square) & bit(ep) != 0
            && !ep_skewered(s, ep, king, m.from_square);
    }
    blockers & bit(m.from_square) == 0 || line(m.from_square, m.to_square) & bit(king) != 0
}

/// python-chess's `_generate_evasions(king, checkers, from_mask, to_mask)`.
pub fn evasions(
    s: &Setup,
    r: Rules,
    king: u8,
    checkers: u64,
    from_mask: u64,
    to_mask: u64,
    out: &mut Vec<PyMove>,
) {
    let white = s.white();
    let sliders = checkers & (s.kind(3) | s.kind(4) | s.kind(5));
    let mut attacked = 0;
    for checker in scan_reversed(sliders) {
        attacked |= line(king, checker) & !bit(checker);
    }
    if bit(king) & from_mask != 0 {
        let king_attacks = bitmoves::attacks::king(super::attacks::square(king)).0;
        for to in scan_reversed(king_attacks & !s.co(white) & !attacked & to_mask) {
            out.push(mv(king, to));
        }
    }
    let checker = msb(checkers);
    if bit(checker) == checkers {
        let target = between(king, checker) | checkers;
        pseudo_legal(s, r, !s.kind(6) & from_mask, target & to_mask, out);
        if let Some(ep) = ep_square(s)
            && bit(ep) & target == 0
            // python-chess's `ep_square - 8` on an edited square of rank 1
            // is negative: no checker (so no underflow here).
            && (if white { ep.checked_sub(8) } else { Some(ep + 8) }) == Some(checker)
        {
            pseudo_legal_ep(s, from_mask, to_mask, out);
        }
    }
}

/// python-chess's `generate_legal_moves(from_mask, to_mask)`.
pub fn legal(s: &Setup, r: Rules, from_mask: u64, to_mask: u64, out: &mut Vec<PyMove>) {
    let white = s.white();
    let king_mask = s.kind(6) & s.co(white);
    if king_mask == 0 {
        pseudo_legal(s, r, from_mask, to_mask, out);
        return;
    }
    let king = msb(king_mask);
    let blockers = s.slider_blockers(king);
    let checkers = s.attackers_mask(!white, king);
    let start = out.len();
    if checkers != 0 {
        evasions(s, r, king, checkers, from_mask, to_mask, out);
    } else {
        pseudo_legal(s, r, from_mask, to_mask, out);
    }
    let mut keep = start;
    for i in start..out.len() {
        if is_safe(s, king, blockers, out[i]) {
            out[keep] = out[i];
            keep += 1;
        }
    }
    out.truncate(keep);
}

/// The legal moves, in a new list.
pub fn legal_moves(s: &Setup, r: Rules) -> Vec<PyMove> {
    let mut out = Vec::with_capacity(64);
    legal(s, r, u64::MAX, u64::MAX, &mut out);
    out
}

/// Whether the side to move has a legal move.
pub fn has_legal_moves(s: &Setup, r: Rules) -> bool {
    !legal_moves(s, r).is_empty()
}

/// python-chess's `generate_legal_ep`.
pub fn legal_ep(s: &Setup, r: Rules, from_mask: u64, to_mask: u64, out: &mut Vec<PyMove>) {
    let mut candidates = Vec::new();
    pseudo_legal_ep(s, from_mask, to_mask, &mut candidates);
    out.extend(candidates.into_iter().filter(|&m| !is_into_check(s, r, m)));
}

/// python-chess's `is_into_check(move)`.
pub fn is_into_check(s: &Setup, r: Rules, m: PyMove) -> bool {
    let white = s.white();
    let Some(king) = s.king_of(white) else {
        return false;
    };
    let checkers = s.attackers_mask(!white, king);
    if checkers != 0 {
        let mut evading = Vec::new();
        evasions(
            s,
            r,
            king,
            checkers,
            bit(m.from_square),
            bit(m.to_square),
            &mut evading,
        );
        if !evading.contains(&m) {
            return true;
        }
    }
    !is_safe(s, king, s.slider_blockers(king), m)
}

/// python-chess's `is_pseudo_legal(move)`.
pub fn is_pseudo_legal(s: &Setup, r: Rules, m: PyMove) -> bool {
    if m.is_null() {
        return false;
    }
    let Some(piece) = s.piece_type_at(m.from_square) else {
        return false;
    };
    let (from_mask, to_mask) = (bit(m.from_square), bit(m.to_square));
    let white = s.white();
    if s.co(white) & from_mask == 0 {
        return false;
    }
    if m.promotion.is_some() {
        if piece != 1 {
            return false;
        }
        let last = if white { 7 } else { 0 };
        if m.to_square / 8 != last {
            return false;
        }
    }
    if piece == 6 {
        let castle = from_chess960(s, r.chess960, mv(m.from_square, m.to_square));
        let mut castles = Vec::new();
        castling_moves(s, r, u64::MAX, u64::MAX, &mut castles);
        if castles.contains(&castle) {
            return true;
        }
    }
    if s.co(white) & to_mask != 0 {
        return false;
    }
    if piece == 1 {
        let mut moves = Vec::new();
        pseudo_legal(s, r, from_mask, to_mask, &mut moves);
        return moves.contains(&m);
    }
    s.attacks_mask(m.from_square) & to_mask != 0
}

/// python-chess's `is_legal(move)`.
pub fn is_legal(s: &Setup, r: Rules, m: PyMove) -> bool {
    is_pseudo_legal(s, r, m) && !is_into_check(s, r, m)
}

/// python-chess's `has_legal_en_passant()`.
pub fn has_legal_en_passant(s: &Setup, r: Rules) -> bool {
    let mut moves = Vec::new();
    s.ep_square.is_some() && {
        legal_ep(s, r, u64::MAX, u64::MAX, &mut moves);
        !moves.is_empty()
    }
}

/// python-chess's `has_pseudo_legal_en_passant()`.
pub fn has_pseudo_legal_en_passant(s: &Setup) -> bool {
    let mut moves = Vec::new();
    pseudo_legal_ep(s, u64::MAX, u64::MAX, &mut moves);
    s.ep_square.is_some() && !moves.is_empty()
}
