//! The format's index schemes: where in its table a placement of the
//! pieces is stored. Each material has one [`Scheme`], named as Gaviota
//! names them (`kabk`: white king and two different pieces against the
//! bare king; `a`, `b`, `c` other pieces, `p` pawns).
//!
//! | file | what it holds |
//! |---|---|
//! | `index/mod.rs` | [`Scheme`], its table size and the index of a placement |
//! | `index/tables.rs` | the symmetries and the lookup tables of king pairs and pawn sets |
//! | `index/oracle.rs` | tests: every scheme against python-chess's indices |

pub(crate) mod tables;

#[cfg(test)]
mod oracle;

use tables::{
    KING_PAIRS, MIRROR_FILES, NONE, PAWN_PAIRS, PAWN_PAIRS_48, PAWN_TRIPLES, SQUARE_PAIRS,
    SQUARE_TRIPLES, anchor_first, apply, file, king_symmetry, pawn_slot_24, pawn_slot_48,
    square_pair, square_triple,
};

/// How a material's positions are numbered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)] // the names are the format's (see the module doc)
pub(crate) enum Scheme {
    Kxk,
    Kpk,
    Kakb,
    Kakp,
    Kapk,
    Kaak,
    Kabk,
    Kppk,
    Kpkp,
    Kabkc,
    Kabck,
    Kaakb,
    Kaabk,
    Kabbk,
    Kaaak,
    Kapkb,
    Kabkp,
    Kabpk,
    Kppka,
    Kappk,
    Kapkp,
    Kaapk,
    Kaakp,
    Kppkp,
    Kpppk,
}

const SQ: u64 = 64;
/// The pawn pairs of one white and one black pawn (24 × 48).
const PAWN_VS_PAWN: u64 = 24 * 48;

impl Scheme {
    /// How many entries the table holds per side to move.
    pub(crate) fn size(self) -> u64 {
        let kings = KING_PAIRS as u64;
        let pairs = SQUARE_PAIRS as u64;
        match self {
            Self::Kxk => kings * SQ,
            Self::Kpk => 24 * SQ * SQ,
            Self::Kakb | Self::Kabk => kings * SQ * SQ,
            Self::Kakp | Self::Kapk => 24 * SQ * SQ * SQ,
            Self::Kaak => kings * pairs,
            Self::Kppk => PAWN_PAIRS as u64 * SQ * SQ,
            Self::Kpkp => PAWN_VS_PAWN * SQ * SQ,
            Self::Kabkc | Self::Kabck => kings * SQ * SQ * SQ,
            Self::Kaakb | Self::Kaabk | Self::Kabbk => kings * pairs * SQ,
            Self::Kaaak => kings * SQUARE_TRIPLES as u64,
            Self::Kapkb | Self::Kabkp | Self::Kabpk => 24 * SQ * SQ * SQ * SQ,
            Self::Kppka | Self::Kappk => PAWN_PAIRS as u64 * SQ * SQ * SQ,
            Self::Kapkp => PAWN_VS_PAWN * SQ * SQ * SQ,
            Self::Kaapk | Self::Kaakp => 24 * pairs * SQ * SQ,
            Self::Kppkp => 24 * PAWN_PAIRS_48 as u64 * SQ * SQ,
            Self::Kpppk => PAWN_TRIPLES as u64 * SQ * SQ,
        }
    }

    /// The index of a placement: `white` and `black` are each side's
    /// squares, king first, then the other pieces from the strongest
    /// (queen) to pawns. `None` where the scheme has no place for it.
    pub(crate) fn index(self, white: &[u8], black: &[u8]) -> Option<u64> {
        let index = match self {
            Self::Kxk
            | Self::Kakb
            | Self::Kaak
            | Self::Kabk
            | Self::Kabkc
            | Self::Kabck
            | Self::Kaakb
            | Self::Kaabk
            | Self::Kabbk
            | Self::Kaaak => self.pawnless(white, black)?,
            _ => self.with_pawns(white, black)?,
        };
        (index < self.size()).then_some(index)
    }

    /// Pawnless tables: the kings normalised by the board's symmetries,
    /// then the other pieces' squares.
    fn pawnless(self, white: &[u8], black: &[u8]) -> Option<u64> {
        let flags = king_symmetry(black[0], white[0]);
        let mut w = [0u8; 4];
        let mut b = [0u8; 4];
        for (to, &from) in w.iter_mut().zip(white) {
            *to = apply(flags, from);
        }
        for (to, &from) in b.iter_mut().zip(black) {
            *to = apply(flags, from);
        }
        let kings = tables::tables().kings[usize::from(b[0])][usize::from(w[0])];
        if kings == NONE {
            return None;
        }
        let kings = u64::from(kings);
        let pair = |x: u8, y: u8| square_pair(x, y).map(u64::from);
        let (w1, w2, w3, b1) = (sq(w[1]), sq(w[2]), sq(w[3]), sq(b[1]));
        let pairs = SQUARE_PAIRS as u64;
        Some(match self {
            Self::Kxk => kings * SQ + w1,
            Self::Kakb => (kings * SQ + w1) * SQ + b1,
            Self::Kabk => (kings * SQ + w1) * SQ + w2,
            Self::Kaak => kings * pairs + pair(w[1], w[2])?,
            Self::Kabkc => ((kings * SQ + w1) * SQ + w2) * SQ + b1,
            Self::Kabck => ((kings * SQ + w1) * SQ + w2) * SQ + w3,
            Self::Kaakb => (kings * pairs + pair(w[1], w[2])?) * SQ + b1,
            Self::Kaabk => (kings * pairs + pair(w[1], w[2])?) * SQ + w3,
            Self::Kabbk => (kings * pairs + pair(w[2], w[3])?) * SQ + w1,
            Self::Kaaak => {
                let mut three = [w[1], w[2], w[3]];
                three.sort_unstable();
                kings * SQUARE_TRIPLES as u64
                    + u64::from(square_triple(three[0], three[1], three[2])?)
            }
            _ => return None,
        })
    }

    /// Tables with pawns: mirrored so that a pawn stands on files a–d, the
    /// pawns' slots, then the other pieces' squares.
    fn with_pawns(self, white: &[u8], black: &[u8]) -> Option<u64> {
        let t = tables::tables();
        // The pawn whose file decides the mirror.
        let lead = match self {
            Self::Kpk | Self::Kpkp => white[1],
            Self::Kapk | Self::Kapkb | Self::Kapkp => white[2],
            Self::Kabpk | Self::Kaapk => white[3],
            Self::Kakp | Self::Kabkp | Self::Kaakp | Self::Kppkp => black[1],
            Self::Kppk | Self::Kppka => anchor_first(white[1], white[2]).0,
            Self::Kappk => anchor_first(white[2], white[3]).0,
            Self::Kpppk => return kpppk(t, white, black),
            _ => return None,
        };
        let mirror = if file(lead) > 3 { MIRROR_FILES } else { 0 };
        let m = |square: u8| apply(mirror, square);
        // A pawn on ranks 2–7, mirrored.
        let pawn = |square: u8| (8..56).contains(&square).then(|| m(square));
        // A white pawn's slot counted from its 7th rank down; a black
        // pawn's from its own 7th rank (the 2nd) up.
        let white_slot = |square: u8| pawn(square).map(|p| u64::from(pawn_slot_24(p)));
        let black_slot = |square: u8| pawn(square).map(|p| u64::from(pawn_slot_24(p ^ 56)));
        let pawn_pair = |a: u8, b: u8| {
            let (anchor, other) = anchor_first(a, b);
            let (anchor, other) = (pawn(anchor)?, pawn(other)?);
            let v = t.pawn_pairs.get(pawn_slot_24(anchor) as usize)?[pawn_slot_48(other) as usize];
            (v != NONE).then_some(u64::from(v))
        };
        let (wk, bk) = (sq(m(white[0])), sq(m(black[0])));
        let piece = |square: u8| sq(m(square));
        Some(match self {
            Self::Kpk => (white_slot(white[1])? * SQ + wk) * SQ + bk,
            Self::Kapk => ((white_slot(white[2])? * SQ + wk) * SQ + bk) * SQ + piece(white[1]),
            Self::Kakp => ((black_slot(black[1])? * SQ + wk) * SQ + bk) * SQ + piece(white[1]),
            Self::Kapkb => {
                (((white_slot(white[2])? * SQ + wk) * SQ + bk) * SQ + piece(white[1])) * SQ
                    + piece(black[1])
            }
            Self::Kabpk => {
                (((white_slot(white[3])? * SQ + wk) * SQ + bk) * SQ + piece(white[1])) * SQ
                    + piece(white[2])
            }
            Self::Kabkp => {
                (((black_slot(black[1])? * SQ + wk) * SQ + bk) * SQ + piece(white[1])) * SQ
                    + piece(white[2])
            }
            Self::Kaapk | Self::Kaakp => {
                let slot = if self == Self::Kaapk {
                    white_slot(white[3])?
                } else {
                    black_slot(black[1])?
                };
                let pair = u64::from(square_pair(m(white[1]), m(white[2]))?);
                ((slot * SQ + wk) * SQ + bk) * SQUARE_PAIRS as u64 + pair
            }
            Self::Kpkp | Self::Kapkp => {
                let own = if self == Self::Kpkp {
                    white[1]
                } else {
                    white[2]
                };
                let slot = white_slot(own)? * 48 + u64::from(pawn(black[1])? - 8);
                let kings = (slot * SQ + wk) * SQ + bk;
                if self == Self::Kpkp {
                    kings
                } else {
                    kings * SQ + piece(white[1])
                }
            }
            Self::Kppk => (pawn_pair(white[1], white[2])? * SQ + wk) * SQ + bk,
            Self::Kppka => {
                ((pawn_pair(white[1], white[2])? * SQ + wk) * SQ + bk) * SQ + piece(black[1])
            }
            Self::Kappk => {
                ((pawn_pair(white[2], white[3])? * SQ + wk) * SQ + bk) * SQ + piece(white[1])
            }
            Self::Kppkp => {
                let from_h7 = |square: u8| pawn(square).map(|p| usize::from((p ^ 63) - 8));
                let pair = t.pawn_pairs_48[from_h7(white[1])?][from_h7(white[2])?];
                if pair == NONE {
                    return None;
                }
                let slot = black_slot(black[1])?;
                ((slot * PAWN_PAIRS_48 as u64 + u64::from(pair)) * SQ + wk) * SQ + bk
            }
            _ => return None,
        })
    }
}

/// A square as an index digit.
#[inline]
fn sq(square: u8) -> u64 {
    u64::from(square)
}

/// Three white pawns: looked up as they stand, else mirrored.
fn kpppk(t: &tables::Tables, white: &[u8], black: &[u8]) -> Option<u64> {
    let lookup = |mirror: u8| {
        let slot = |square: u8| {
            usize::from(apply(mirror, square))
                .checked_sub(8)
                .filter(|&s| s < 48)
        };
        let at = (slot(white[1])? * 48 + slot(white[2])?) * 48 + slot(white[3])?;
        let v = t.pawn_triples[at];
        (v != NONE).then(|| (u64::from(v), mirror))
    };
    let (triple, mirror) = lookup(0).or_else(|| lookup(MIRROR_FILES))?;
    Some((triple * SQ + sq(apply(mirror, white[0]))) * SQ + sq(apply(mirror, black[0])))
}
