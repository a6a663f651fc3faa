//! Attacks on a [`Setup`] as python-chess reads them: the squares a piece
//! attacks, the attackers of a square (under any occupancy), pins and the
//! king's slider blockers.

use bitmoves::{Bitboard, Color, Square, attacks};

use super::{bit, msb, scan_reversed};
use crate::board::setup::Setup;

/// The core square of an index below 64.
#[inline]
pub fn square(index: u8) -> Square {
    Square::from_index(usize::from(index & 63))
}

/// python-chess's `BB_RAYS[a][b]`: the whole line through both squares,
/// or 0.
#[inline]
pub fn line(a: u8, b: u8) -> u64 {
    attacks::line(square(a), square(b)).0
}

/// python-chess's `between(a, b)`: the squares strictly between.
#[inline]
pub fn between(a: u8, b: u8) -> u64 {
    attacks::between(square(a), square(b)).0
}

/// Pawn attacks of a pawn of the colour (`true` White) on `square`.
#[inline]
pub fn pawn_attacks(white: bool, sq: u8) -> u64 {
    let color = if white { Color::White } else { Color::Black };
    attacks::pawn(color, square(sq)).0
}

/// The rook-line squares (rank and file) seen from `sq` on an empty board.
#[inline]
fn rook_rays(sq: u8) -> u64 {
    attacks::rook(square(sq), Bitboard(0)).0
}

/// The diagonal squares seen from `sq` on an empty board.
#[inline]
fn bishop_rays(sq: u8) -> u64 {
    attacks::bishop(square(sq), Bitboard(0)).0
}

impl Setup {
    /// Rooks and queens.
    fn straight_sliders(&self) -> u64 {
        self.kind(4) | self.kind(5)
    }

    /// Bishops and queens.
    fn diagonal_sliders(&self) -> u64 {
        self.kind(3) | self.kind(5)
    }

    /// python-chess's `attacks_mask(square)`: the squares the piece there
    /// attacks (0 for an empty square).
    pub fn attacks_mask(&self, sq: u8) -> u64 {
        let occupied = Bitboard(self.occupied());
        let at = square(sq);
        match self.piece_type_at(sq) {
            None => 0,
            Some(1) => pawn_attacks(self.co(true) & bit(sq) != 0, sq),
            Some(2) => attacks::knight(at).0,
            Some(3) => attacks::bishop(at, occupied).0,
            Some(4) => attacks::rook(at, occupied).0,
            Some(5) => attacks::queen(at, occupied).0,
            Some(_) => attacks::king(at).0,
        }
    }

    /// python-chess's `attackers_mask(color, square, occupied)`: the pieces
    /// of the colour attacking `sq` when the sliders see through
    /// `occupied` (pieces off it still attack).
    pub fn attackers_under(&self, white: bool, sq: u8, occupied: u64) -> u64 {
        let at = square(sq);
        let occ = Bitboard(occupied);
        let attackers = (attacks::king(at).0 & self.kind(6))
            | (attacks::knight(at).0 & self.kind(2))
            | (attacks::rook(at, occ).0 & self.straight_sliders())
            | (attacks::bishop(at, occ).0 & self.diagonal_sliders())
            | (pawn_attacks(!white, sq) & self.kind(1));
        attackers & self.co(white)
    }

    /// `attackers_under` with the board's own occupancy.
    pub fn attackers_mask(&self, white: bool, sq: u8) -> u64 {
        self.attackers_under(white, sq, self.occupied())
    }

    /// Whether the colour attacks `sq`.
    pub fn is_attacked_by(&self, white: bool, sq: u8) -> bool {
        self.attackers_mask(white, sq) != 0
    }

    /// python-chess's `checkers_mask`: the attackers of the side to move's
    /// king (none without a king).
    pub fn checkers_mask(&self) -> u64 {
        let white = self.white();
        self.king_of(white)
            .map_or(0, |king| self.attackers_mask(!white, king))
    }

    /// python-chess's `pin_mask(color, square)`: the line the piece on
    /// `sq` may move along when pinned to its king, else every square.
    pub fn pin_mask(&self, white: bool, sq: u8) -> u64 {
        let Some(king) = self.king_of(white) else {
            return u64::MAX;
        };
        let square_mask = bit(sq);
        let file = rook_rays(king) & (0x0101_0101_0101_0101u64 << (king & 7));
        let rank = rook_rays(king) & (0xffu64 << (king & !7));
        let families = [
            (file, self.straight_sliders()),
            (rank, self.straight_sliders()),
            (bishop_rays(king), self.diagonal_sliders()),
        ];
        for (rays, sliders) in families {
            if rays & square_mask != 0 {
                let snipers = rays & sliders & self.co(!white);
                for sniper in scan_reversed(snipers) {
                    if between(sniper, king) & (self.occupied() | square_mask) == square_mask {
                        return line(king, sniper);
                    }
                }
                break;
            }
        }
        u64::MAX
    }

    /// python-chess's `_slider_blockers(king)`: the side to move's pieces
    /// that stand alone between its king and an enemy slider.
    pub fn slider_blockers(&self, king: u8) -> u64 {
        let snipers = (rook_rays(king) & self.straight_sliders())
            | (bishop_rays(king) & self.diagonal_sliders());
        let mut blockers = 0;
        for sniper in scan_reversed(snipers & self.co(!self.white())) {
            let b = between(king, sniper) & self.occupied();
            if b != 0 && bit(msb(b)) == b {
                blockers |= b;
            }
        }
        blockers & self.co(self.white())
    }
}
