//! The lookup tables of the index schemes, built once on first use: king
//! pairs under the board's symmetries, and the sets of two and three pawns.
//! Squares are raw numbers, a1 = 0 … h8 = 63, as the format stores them.

use std::sync::OnceLock;

/// A table entry that holds no index.
pub(crate) const NONE: u16 = u16::MAX;

/// Normalised king pairs (black king, white king), not side by side.
pub(crate) const KING_PAIRS: usize = 462;
/// Two white pawns, one of them (the anchor) on files a to d.
pub(crate) const PAWN_PAIRS: usize = 576;
/// Unordered pairs of squares on ranks 2 to 7.
pub(crate) const PAWN_PAIRS_48: usize = 1128;
/// Three white pawns, two of them on files a to d.
pub(crate) const PAWN_TRIPLES: usize = 8648;
/// Unordered pairs of distinct squares.
pub(crate) const SQUARE_PAIRS: usize = 64 * 63 / 2;
/// Unordered triples of distinct squares.
pub(crate) const SQUARE_TRIPLES: usize = 64 * 63 * 62 / 6;

/// Mirror the files (a ↔ h).
pub(crate) const MIRROR_FILES: u8 = 1;
/// Mirror the ranks (1 ↔ 8).
pub(crate) const MIRROR_RANKS: u8 = 2;
/// Swap files and ranks (reflect in the a1–h8 diagonal).
pub(crate) const TRANSPOSE: u8 = 4;

#[inline]
pub(crate) fn file(square: u8) -> u8 {
    square & 7
}

#[inline]
pub(crate) fn rank(square: u8) -> u8 {
    square >> 3
}

/// `square` under the symmetries of `flags`, files first, then ranks,
/// then the diagonal.
#[inline]
pub(crate) fn apply(flags: u8, mut square: u8) -> u8 {
    if flags & MIRROR_FILES != 0 {
        square ^= 7;
    }
    if flags & MIRROR_RANKS != 0 {
        square ^= 56;
    }
    if flags & TRANSPOSE != 0 {
        square = (file(square) << 3) | rank(square);
    }
    square
}

/// The symmetries that bring the black king into the a1–d1–d4 triangle
/// (and, with it on the diagonal, the white king on or below the
/// diagonal): what pawnless tables store.
#[inline]
pub(crate) fn king_symmetry(black_king: u8, white_king: u8) -> u8 {
    let mut flags = 0;
    if file(black_king) > 3 {
        flags |= MIRROR_FILES;
    }
    if rank(apply(flags, black_king)) > 3 {
        flags |= MIRROR_RANKS;
    }
    let (black, white) = (apply(flags, black_king), apply(flags, white_king));
    if rank(black) > file(black) || (rank(black) == file(black) && rank(white) > file(white)) {
        flags |= TRANSPOSE;
    }
    flags
}

/// A pawn's slot among the 24 squares of files a to d, ranks 7 down to 2
/// (seen from White: a7 = 0, d7 = 3, a6 = 4, …); `square` on files a–d.
#[inline]
pub(crate) fn pawn_slot_24(square: u8) -> u32 {
    let from_top = u32::from(square ^ 56).wrapping_sub(8);
    (from_top + (from_top & 3)) >> 1
}

/// A pawn's slot among the 48 squares of ranks 7 down to 2 (a7 = 0).
#[inline]
pub(crate) fn pawn_slot_48(square: u8) -> u32 {
    u32::from(square ^ 56).wrapping_sub(8)
}

/// The index of two distinct squares, in either order.
#[inline]
pub(crate) fn square_pair(a: u8, b: u8) -> Option<u32> {
    let (low, high) = (u32::from(a.min(b)), u32::from(a.max(b)));
    (low != high).then(|| low * (127 - low) / 2 + high - low - 1)
}

/// The index of three distinct squares given in increasing order: the
/// combinatorial number C(c, 3) + C(b, 2) + a.
#[inline]
pub(crate) fn square_triple(a: u8, b: u8, c: u8) -> Option<u32> {
    let (a, b, c) = (u32::from(a), u32::from(b), u32::from(c));
    (a < b && b < c).then(|| c * (c - 1) * (c - 2) / 6 + b * (b - 1) / 2 + a)
}

/// Which of two pawns on ranks 2–7 anchors a pair: the one further up,
/// then the one nearer an edge file, then the lower square. Returns
/// (anchor, other).
#[inline]
pub(crate) fn anchor_first(a: u8, b: u8) -> (u8, u8) {
    let edge = |square: u8| file(square).max(7 - file(square));
    let key = |square: u8| (rank(square), edge(square));
    match key(a).cmp(&key(b)) {
        std::cmp::Ordering::Greater => (a, b),
        std::cmp::Ordering::Less => (b, a),
        std::cmp::Ordering::Equal => (a.min(b), a.max(b)),
    }
}

/// The tables, built on first use.
pub(crate) struct Tables {
    /// `kings[black][white]`: the index of a normalised king pair.
    pub kings: [[u16; 64]; 64],
    /// `pawn_pairs[anchor slot 24][other slot 48]`.
    pub pawn_pairs: [[u16; 48]; 24],
    /// `pawn_pairs_48[a][b]`, by squares counted from h7 down (h7 = 0).
    pub pawn_pairs_48: [[u16; 48]; 48],
    /// `pawn_triples[(a * 48 + b) * 48 + c]`, by squares counted from a2
    /// up (a2 = 0).
    pub pawn_triples: Box<[u16]>,
}

/// The tables (built by the first caller).
pub(crate) fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| Tables {
        kings: king_pairs(),
        pawn_pairs: pawn_pairs(),
        pawn_pairs_48: pawn_pairs_48(),
        pawn_triples: pawn_triples(),
    })
}

fn adjacent(a: u8, b: u8) -> bool {
    file(a).abs_diff(file(b)) <= 1 && rank(a).abs_diff(rank(b)) <= 1
}

/// Numbers the king pairs in the order the format does: black king, then
/// white king, by square, each normalised pair at its first sight.
fn king_pairs() -> [[u16; 64]; 64] {
    let mut kings = [[NONE; 64]; 64];
    let mut next = 0;
    for black in 0..64 {
        for white in 0..64 {
            if adjacent(black, white) {
                continue;
            }
            let flags = king_symmetry(black, white);
            let slot =
                &mut kings[usize::from(apply(flags, black))][usize::from(apply(flags, white))];
            if *slot == NONE {
                *slot = next;
                next += 1;
            }
        }
    }
    debug_assert_eq!(usize::from(next), KING_PAIRS);
    kings
}

/// Numbers the pairs of white pawns: the first pawn from h7 down to a2
/// (on files e–h), the second below it, each pair mirrored so that its
/// anchor stands on files a–d.
fn pawn_pairs() -> [[u16; 48]; 24] {
    let mut pairs = [[NONE; 48]; 24];
    let mut next = 0;
    for a in (8..56).rev().filter(|&a| file(a) > 3) {
        for b in (8..a).rev() {
            let (mut anchor, mut other) = anchor_first(a, b);
            if file(anchor) > 3 {
                anchor ^= 7;
                other ^= 7;
            }
            let slot = &mut pairs[pawn_slot_24(anchor) as usize][pawn_slot_48(other) as usize];
            if *slot == NONE {
                *slot = next;
                next += 1;
            }
        }
    }
    debug_assert_eq!(usize::from(next), PAWN_PAIRS);
    pairs
}

/// Numbers the unordered pairs of squares on ranks 2–7, walking both from
/// h7 down.
fn pawn_pairs_48() -> [[u16; 48]; 48] {
    let mut pairs = [[NONE; 48]; 48];
    let mut next = 0;
    for a in (8..56u8).rev() {
        for b in (8..a).rev() {
            let (i, j) = (usize::from((a ^ 63) - 8), usize::from((b ^ 63) - 8));
            if pairs[i][j] == NONE {
                pairs[i][j] = next;
                pairs[j][i] = next;
                next += 1;
            }
        }
    }
    debug_assert_eq!(usize::from(next), PAWN_PAIRS_48);
    pairs
}

/// The 48 pawn squares in the order of the triples' numbering: files h to
/// e, ranks 7 down to 2, then files d to a likewise.
fn triple_order() -> Vec<u8> {
    let side = |files: [u8; 4]| (1..7u8).rev().flat_map(move |r| files.map(|f| r * 8 + f));
    side([7, 6, 5, 4]).chain(side([3, 2, 1, 0])).collect()
}

/// Numbers the sets of three pawns whose second and third (in the order
/// above) stand on files a–d.
fn pawn_triples() -> Box<[u16]> {
    let order = triple_order();
    let mut triples = vec![NONE; 48 * 48 * 48].into_boxed_slice();
    let at = |a: usize, b: usize, c: usize| (a * 48 + b) * 48 + c;
    let mut next = 0;
    for x in 0..48 {
        for y in x + 1..48 {
            for z in y + 1..48 {
                let (a, b, c) = (order[x], order[y], order[z]);
                if file(b) > 3 || file(c) > 3 {
                    continue;
                }
                let (i, j, k) = (usize::from(a - 8), usize::from(b - 8), usize::from(c - 8));
                if triples[at(i, j, k)] != NONE {
                    continue;
                }
                for (p, q, r) in [
                    (i, j, k),
                    (i, k, j),
                    (j, i, k),
                    (j, k, i),
                    (k, i, j),
                    (k, j, i),
                ] {
                    triples[at(p, q, r)] = next;
                }
                next += 1;
            }
        }
    }
    debug_assert_eq!(usize::from(next), PAWN_TRIPLES);
    triples
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_number_every_slot_once() {
        let t = tables();
        let count = |values: &mut dyn Iterator<Item = u16>| {
            let mut seen: Vec<u16> = values.filter(|&v| v != NONE).collect();
            seen.sort_unstable();
            seen.dedup();
            seen.len()
        };
        assert_eq!(count(&mut t.kings.iter().flatten().copied()), KING_PAIRS);
        assert_eq!(
            count(&mut t.pawn_pairs.iter().flatten().copied()),
            PAWN_PAIRS
        );
        assert_eq!(
            count(&mut t.pawn_pairs_48.iter().flatten().copied()),
            PAWN_PAIRS_48
        );
        assert_eq!(count(&mut t.pawn_triples.iter().copied()), PAWN_TRIPLES);
    }

    #[test]
    fn square_pairs_and_triples_count_every_set_once() {
        let mut pairs: Vec<u32> = (0..64)
            .flat_map(|a| (a + 1..64).map(move |b| square_pair(b, a).unwrap()))
            .collect();
        pairs.sort_unstable();
        assert_eq!(pairs, (0..SQUARE_PAIRS as u32).collect::<Vec<_>>());
        let mut triples = Vec::new();
        for c in 0..64 {
            for b in 0..c {
                for a in 0..b {
                    triples.push(square_triple(a, b, c).unwrap());
                }
            }
        }
        triples.sort_unstable();
        assert_eq!(triples, (0..SQUARE_TRIPLES as u32).collect::<Vec<_>>());
    }

    #[test]
    fn a_normalised_king_pair_is_its_own_normal_form() {
        for black in 0..64 {
            for white in 0..64 {
                let flags = king_symmetry(black, white);
                let (b, w) = (apply(flags, black), apply(flags, white));
                assert_eq!(king_symmetry(b, w), 0, "{black} {white}");
            }
        }
    }
}
