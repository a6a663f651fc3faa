//! Horde's insufficient material for the horde (White), as python-chess
//! decides it (after stevepapazis/horde-insufficient-material-tests):
//! by counting the horde's material against Black's.

use crate::setup::Setup;
use crate::{Bitboard, Color, Piece};

/// Counts of one side's pieces by kind, and its bishops by square colour.
struct Army {
    pawns: u32,
    knights: u32,
    bishops: u32,
    rooks: u32,
    queens: u32,
    light_bishops: u32,
    dark_bishops: u32,
    all: u32,
}

impl Army {
    fn of(s: &Setup, color: Color) -> Self {
        let count = |piece| s.pieces_of(color, piece).len() as u32;
        let bishops = s.pieces_of(color, Piece::Bishop);
        Self {
            pawns: count(Piece::Pawn),
            knights: count(Piece::Knight),
            bishops: count(Piece::Bishop),
            rooks: count(Piece::Rook),
            queens: count(Piece::Queen),
            light_bishops: (bishops & Bitboard::LIGHT_SQUARES).len() as u32,
            dark_bishops: (bishops & Bitboard::DARK_SQUARES).len() as u32,
            all: s.side(color).len() as u32,
        }
    }

    fn has_bishop_pair(&self) -> bool {
        self.light_bishops >= 1 && self.dark_bishops >= 1
    }
}

/// Whether White, the horde, cannot win (Black always can). The
/// conditions are python-chess's, term for term, so that they can be
/// checked against it.
#[allow(clippy::nonminimal_bool)]
pub(crate) fn horde_insufficient_material(s: &Setup, color: Color) -> bool {
    if color == Color::Black {
        return false;
    }
    let h = Army::of(s, Color::White);
    let p = Army::of(s, Color::Black);
    // The colour of the squares of the horde's bishops: light if any.
    let horde_bishops_light = h.light_bishops >= 1;
    let opposite = if horde_bishops_light {
        p.dark_bishops
    } else {
        p.light_bishops
    };
    let same = if horde_bishops_light {
        p.light_bishops
    } else {
        p.dark_bishops
    };
    let not_of = |n: u32| p.all.saturating_sub(n);
    let horde_num =
        h.pawns + h.knights + h.rooks + h.queens + h.dark_bishops.min(2) + h.light_bishops.min(2);
    if horde_num == 0 {
        return true;
    }
    if horde_num >= 4 {
        return false;
    }
    if (h.pawns >= 1 || h.queens >= 1) && horde_num >= 2 {
        return false;
    }
    if h.rooks >= 1
        && horde_num >= 2
        && !(horde_num == 2 && h.rooks == 1 && h.bishops == 1 && not_of(same) == 1)
    {
        return false;
    }
    match horde_num {
        1 => {
            if p.all == 1 {
                true
            } else if h.queens == 1 {
                !(p.pawns >= 1 || p.rooks >= 1 || p.light_bishops >= 2 || p.dark_bishops >= 2)
            } else if h.pawns == 1 {
                let Some(pawn) = s.pieces_of(Color::White, Piece::Pawn).first() else {
                    return true;
                };
                [Piece::Queen, Piece::Knight].into_iter().all(|piece| {
                    let mut promoted = *s;
                    promoted.put(pawn, Color::White, piece, false);
                    horde_insufficient_material(&promoted, Color::White)
                })
            } else if h.rooks == 1 {
                !(p.pawns >= 2
                    || (p.rooks >= 1 && p.pawns >= 1)
                    || (p.rooks >= 1 && p.knights >= 1)
                    || (p.pawns >= 1 && p.knights >= 1))
            } else if h.bishops == 1 {
                !(opposite >= 2 || (opposite >= 1 && p.pawns >= 1) || p.pawns >= 2)
            } else if h.knights == 1 {
                !(p.all >= 4
                    && (p.knights >= 2
                        || p.pawns >= 2
                        || (p.rooks >= 1 && p.knights >= 1)
                        || (p.rooks >= 1 && p.bishops >= 1)
                        || (p.knights >= 1 && p.bishops >= 1)
                        || (p.rooks >= 1 && p.pawns >= 1)
                        || (p.knights >= 1 && p.pawns >= 1)
                        || (p.bishops >= 1 && p.pawns >= 1)
                        || (p.has_bishop_pair() && p.pawns >= 1))
                    && (p.dark_bishops < 2 || not_of(p.dark_bishops) >= 3)
                    && (p.light_bishops < 2 || not_of(p.light_bishops) >= 3))
            } else {
                true
            }
        }
        2 => {
            if p.all == 1 {
                true
            } else if h.knights == 2 {
                p.pawns + p.bishops + p.knights < 1
            } else if h.has_bishop_pair() {
                !(p.pawns >= 1 || p.bishops >= 1 || (p.knights >= 1 && p.rooks + p.queens >= 1))
            } else if h.bishops >= 1 && h.knights >= 1 {
                !(p.pawns >= 1 || opposite >= 1 || not_of(same) >= 3)
            } else {
                !((p.pawns >= 1 && opposite >= 1)
                    || (p.pawns >= 1 && p.knights >= 1)
                    || (opposite >= 1 && p.knights >= 1)
                    || opposite >= 2
                    || p.knights >= 2
                    || p.pawns >= 2)
            }
        }
        3 => {
            if (h.knights == 2 && h.bishops == 1) || h.knights == 3 || h.has_bishop_pair() {
                false
            } else {
                p.all == 1
            }
        }
        _ => true,
    }
}
