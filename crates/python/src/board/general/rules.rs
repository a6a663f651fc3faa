//! python-chess's position rules on any [`Setup`]: the castling rights
//! that count (`clean_castling_rights`), the en passant square checked,
//! `status()` and insufficient material.

use super::attacks::line;
use super::{Rules, back_rank, bit, msb, scan_reversed};
use crate::board::setup::Setup;

/// python-chess's `Status` flags.
pub mod flags {
    /// No white king.
    pub const NO_WHITE_KING: u32 = 1 << 0;
    /// No black king.
    pub const NO_BLACK_KING: u32 = 1 << 1;
    /// More than two kings.
    pub const TOO_MANY_KINGS: u32 = 1 << 2;
    /// More than 8 white pawns.
    pub const TOO_MANY_WHITE_PAWNS: u32 = 1 << 3;
    /// More than 8 black pawns.
    pub const TOO_MANY_BLACK_PAWNS: u32 = 1 << 4;
    /// Pawns on rank 1 or 8.
    pub const PAWNS_ON_BACKRANK: u32 = 1 << 5;
    /// More than 16 white pieces.
    pub const TOO_MANY_WHITE_PIECES: u32 = 1 << 6;
    /// More than 16 black pieces.
    pub const TOO_MANY_BLACK_PIECES: u32 = 1 << 7;
    /// Castling rights that do not count.
    pub const BAD_CASTLING_RIGHTS: u32 = 1 << 8;
    /// An en passant square no double step can have left.
    pub const INVALID_EP_SQUARE: u32 = 1 << 9;
    /// The side not to move is in check.
    pub const OPPOSITE_CHECK: u32 = 1 << 10;
    /// No pieces at all.
    pub const EMPTY: u32 = 1 << 11;
    /// More than two checkers.
    pub const TOO_MANY_CHECKERS: u32 = 1 << 15;
    /// Checkers no last move can have given.
    pub const IMPOSSIBLE_CHECK: u32 = 1 << 16;
}

/// python-chess's `clean_castling_rights()` when the move stack is empty:
/// the rights whose rook and king stand where castling needs them.
pub fn clean_castling_rights(s: &Setup, chess960: bool) -> u64 {
    let castling = s.castling_rights & s.kind(4);
    let mut white = castling & back_rank(true) & s.co(true);
    let mut black = castling & back_rank(false) & s.co(false);
    let kings = s.kind(6) & !s.promoted;
    if !chess960 {
        white &= bit(0) | bit(7);
        black &= bit(56) | bit(63);
        if s.co(true) & kings & bit(4) == 0 {
            white = 0;
        }
        if s.co(false) & kings & bit(60) == 0 {
            black = 0;
        }
        return white | black;
    }
    let sides = |castling: u64, king_mask: u64| {
        if king_mask == 0 || castling == 0 {
            return 0;
        }
        let king = msb(king_mask);
        let a_side = castling & castling.wrapping_neg();
        let h_side = bit(msb(castling));
        let a = if msb(a_side) > king { 0 } else { a_side };
        let h = if msb(h_side) < king { 0 } else { h_side };
        a | h
    };
    sides(white, s.co(true) & kings & back_rank(true))
        | sides(black, s.co(false) & kings & back_rank(false))
}

/// The castling rights that count: as assigned once moves were pushed
/// (python-chess then trusts them), else cleaned.
pub fn castling_rights(s: &Setup, r: Rules) -> u64 {
    if r.pushed {
        s.castling_rights
    } else {
        clean_castling_rights(s, r.chess960)
    }
}

/// python-chess's `_valid_ep_square()`.
pub fn valid_ep_square(s: &Setup) -> Option<u8> {
    let ep = s
        .ep_square
        .map(|sq| sq.index() as u8)
        .filter(|&sq| sq != 0)?;
    let white = s.white();
    let (rank, pawn, seventh) = if white {
        (5, bit(ep) >> 8, bit(ep) << 8)
    } else {
        (2, bit(ep) << 8, bit(ep) >> 8)
    };
    let ok = ep / 8 == rank
        && s.kind(1) & s.co(!white) & pawn != 0
        && s.occupied() & bit(ep) == 0
        && s.occupied() & seventh == 0;
    ok.then_some(ep)
}

/// python-chess's `was_into_check()`.
pub fn was_into_check(s: &Setup) -> bool {
    let white = s.white();
    s.king_of(!white)
        .is_some_and(|king| s.is_attacked_by(white, king))
}

/// python-chess's `status()`, as its flags.
pub fn status(s: &Setup, r: Rules) -> u32 {
    use flags::*;
    let mut errors = 0;
    let occupied = s.occupied();
    let kings = s.kind(6);
    let pawns = s.kind(1);
    let count = |mask: u64| mask.count_ones();
    if occupied == 0 {
        errors |= EMPTY;
    }
    if s.co(true) & kings == 0 {
        errors |= NO_WHITE_KING;
    }
    if s.co(false) & kings == 0 {
        errors |= NO_BLACK_KING;
    }
    if count(occupied & kings) > 2 {
        errors |= TOO_MANY_KINGS;
    }
    if count(s.co(true)) > 16 {
        errors |= TOO_MANY_WHITE_PIECES;
    }
    if count(s.co(false)) > 16 {
        errors |= TOO_MANY_BLACK_PIECES;
    }
    if count(s.co(true) & pawns) > 8 {
        errors |= TOO_MANY_WHITE_PAWNS;
    }
    if count(s.co(false) & pawns) > 8 {
        errors |= TOO_MANY_BLACK_PAWNS;
    }
    if pawns & (back_rank(true) | back_rank(false)) != 0 {
        errors |= PAWNS_ON_BACKRANK;
    }
    if s.castling_rights != castling_rights(s, r) {
        errors |= BAD_CASTLING_RIGHTS;
    }
    let valid_ep = valid_ep_square(s);
    if s.ep_square.map(|sq| sq.index() as u8) != valid_ep {
        errors |= INVALID_EP_SQUARE;
    }
    if was_into_check(s) {
        errors |= OPPOSITE_CHECK;
    }
    let checkers = s.checkers_mask();
    let our_kings = kings & s.co(s.white()) & !s.promoted;
    if checkers != 0 {
        if count(checkers) > 2 {
            errors |= TOO_MANY_CHECKERS;
        }
        if let Some(ep) = valid_ep {
            let pushed_to = ep ^ 8;
            let pushed_from = ep ^ 24;
            let before = (occupied & !bit(pushed_to)) | bit(pushed_from);
            let them = !s.white();
            let attacked =
                scan_reversed(our_kings).any(|sq| s.attackers_under(them, sq, before) != 0);
            if count(checkers) > 1 || (msb(checkers) != pushed_to && attacked) {
                errors |= IMPOSSIBLE_CHECK;
            }
        } else {
            let first = checkers.trailing_zeros() as u8;
            if count(checkers) > 2
                || (count(checkers) == 2 && line(first, msb(checkers)) & our_kings != 0)
            {
                errors |= IMPOSSIBLE_CHECK;
            }
        }
    }
    errors
}

/// python-chess's `has_insufficient_material(color)`.
pub fn has_insufficient_material(s: &Setup, white: bool) -> bool {
    let ours = s.co(white);
    let (pawns, knights, bishops) = (s.kind(1), s.kind(2), s.kind(3));
    if ours & (pawns | s.kind(4) | s.kind(5)) != 0 {
        return false;
    }
    if ours & knights != 0 {
        return ours.count_ones() <= 2 && s.co(!white) & !s.kind(6) & !s.kind(5) == 0;
    }
    if ours & bishops != 0 {
        const LIGHT: u64 = 0x55aa_55aa_55aa_55aa;
        const DARK: u64 = 0xaa55_aa55_aa55_aa55;
        let same_color = bishops & DARK == 0 || bishops & LIGHT == 0;
        return same_color && pawns == 0 && knights == 0;
    }
    true
}
