//! Position indexing: squares of a position in, the table's index out
//! (the pieces encoding for pawnless tables, the pawn encoding otherwise),
//! and the per-table normalisation and factors that the indexing uses.

use crate::consts::{
    DIAG, FILE_TO_FILE, FLAP, INVFLAP, INVTRIANGLE, KK_IDX, LOWER, MTWIST, PP_IDX, PTWIST, TRIANGLE,
};

/// The most pieces a table holds.
pub(crate) const MAX_PIECES: usize = 7;

/// `BINOMIAL[k][n]`: n choose k, for k < 8 and n < 64.
const BINOMIAL: [[u64; 64]; 8] = {
    let mut table = [[0u64; 64]; 8];
    let mut n = 0;
    while n < 64 {
        table[0][n] = 1;
        let mut k = 1;
        while k < 8 {
            table[k][n] = if n == 0 {
                0
            } else {
                table[k - 1][n - 1] + table[k][n - 1]
            };
            k += 1;
        }
        n += 1;
    }
    table
};

/// n choose k, 0 outside the table (a negative `n` included).
#[inline(always)]
fn binomial(n: i32, k: usize) -> u64 {
    if !(0..64).contains(&n) || k >= 8 {
        return 0;
    }
    BINOMIAL[k][n as usize]
}

/// `PAWN_INDEX[pawns - 1][FLAP[leading pawn]]`: where the leading pawns'
/// index starts, and `PAWN_FACTOR[pawns - 1][file]`: how many placements
/// of that many leading pawns a file has.
const PAWN_TABLES: ([[u64; 24]; 5], [[u64; 4]; 5]) = {
    let mut index = [[0u64; 24]; 5];
    let mut factor = [[0u64; 4]; 5];
    let mut i = 0;
    while i < 5 {
        let mut j = 0;
        let mut file = 0;
        while file < 4 {
            let mut sum = 0;
            while j < 6 * (file + 1) {
                index[i][j] = sum;
                sum += if i == 0 {
                    1
                } else {
                    BINOMIAL[i][PTWIST[INVFLAP[j] as usize] as usize]
                };
                j += 1;
            }
            factor[i][file] = sum;
            file += 1;
        }
        i += 1;
    }
    (index, factor)
};

/// `MULTI_INDEX[n - 1][TRIANGLE[first piece]]`: where the index of `n`
/// identical leading pieces starts (antichess tables), and
/// `MULTI_FACTOR[n - 1]`: how many placements they have.
const MULTI_TABLES: ([[u64; 10]; 5], [u64; 5]) = {
    let mut index = [[0u64; 10]; 5];
    let mut factor = [0u64; 5];
    let mut i = 0;
    while i < 5 {
        let mut sum = 0;
        let mut j = 0;
        while j < 10 {
            index[i][j] = sum;
            sum += if i == 0 {
                1
            } else {
                BINOMIAL[i][MTWIST[INVTRIANGLE[j] as usize] as usize]
            };
            j += 1;
        }
        factor[i] = sum;
        i += 1;
    }
    (index, factor)
};

/// n choose k as the format's `subfactor` computes it.
fn subfactor(k: u8, n: u8) -> u64 {
    binomial(i32::from(n), usize::from(k))
}

/// A rank-and-file square index, 0 to 63, as the format handles them.
type Sq = u8;

fn off_diagonal(sq: Sq) -> i8 {
    (sq >> 3) as i8 - (sq & 7) as i8
}

fn flip_diagonal(sq: Sq) -> Sq {
    ((sq >> 3) | (sq << 3)) & 63
}

/// How a pawnless table indexes its first pieces: three unique pieces
/// (`Three`, 31,332 placements), two (`Kings`, 462, or 518 where kings may
/// touch), or in antichess tables with fewer unique pieces a group of
/// identical ones (`Group(2)`: 278, more: the multi-piece tables).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PieceEncoding {
    /// At least three pieces occur once (the kings and one more).
    Three,
    /// Only two pieces (the kings) are unique; `connected` where they may
    /// stand side by side (atomic, antichess).
    Kings {
        /// Whether the two may touch.
        connected: bool,
    },
    /// Antichess: fewer than two unique pieces; the smallest group of
    /// identical pieces (2 to 6) leads.
    Group(u8),
}

impl PieceEncoding {
    /// How many pieces the leading placement covers.
    fn leading(self) -> u8 {
        match self {
            PieceEncoding::Three => 3,
            PieceEncoding::Kings { .. } => 2,
            PieceEncoding::Group(n) => n,
        }
    }

    /// How many placements the leading pieces have; `None` for a group
    /// the format has no tables for.
    fn placements(self) -> Option<u64> {
        match self {
            PieceEncoding::Three => Some(31_332),
            PieceEncoding::Kings { connected: false } => Some(462),
            PieceEncoding::Kings { connected: true } => Some(518),
            PieceEncoding::Group(2) => Some(278),
            PieceEncoding::Group(n) => MULTI_TABLES.1.get(usize::from(n).checked_sub(1)?).copied(),
        }
    }
}

/// Which indexing a table uses, with what it needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Encoding {
    /// A pawnless table.
    Pieces(PieceEncoding),
    /// A table with pawns: `[leading side's pawns, other side's pawns]`.
    Pawns([u8; 2]),
}

/// One side's (or one file's) normalisation: the piece codes of the
/// table in index order, the group sizes and the factors.
#[derive(Debug, Clone, Default)]
pub(crate) struct Layout {
    /// Piece codes: type 1 (pawn) to 6 (king), plus 8 for black.
    pub pieces: [u8; MAX_PIECES],
    /// At each group's start, the group's size.
    pub norm: [u8; MAX_PIECES],
    /// At each group's start, what its index is multiplied by.
    pub factor: [u64; MAX_PIECES],
}

impl Layout {
    /// The layout of `count` pieces with the given codes and `order`
    /// nibbles; returns it with the table size, `None` when the header is
    /// inconsistent.
    pub fn new(
        encoding: Encoding,
        count: usize,
        pieces: [u8; MAX_PIECES],
        order: u8,
        order2: u8,
        file: usize,
    ) -> Option<(Self, u64)> {
        let mut layout = Layout {
            pieces,
            ..Layout::default()
        };
        let first = match encoding {
            Encoding::Pieces(kind) => {
                layout.norm[0] = kind.leading();
                usize::from(kind.leading())
            }
            Encoding::Pawns([lead, other]) => {
                layout.norm[0] = lead;
                if other > 0 {
                    *layout.norm.get_mut(usize::from(lead))? = other;
                }
                usize::from(lead + other)
            }
        };
        if first > count || count > MAX_PIECES {
            return None;
        }
        let mut i = first;
        while i < count {
            let mut run = 0;
            while i + run < count && pieces[i + run] == pieces[i] {
                run += 1;
            }
            layout.norm[i] = run as u8;
            i += run;
        }
        let size = match encoding {
            Encoding::Pieces(kind) => layout.piece_factors(kind, count, order)?,
            Encoding::Pawns(_) => layout.pawn_factors(count, order, order2, file)?,
        };
        Some((layout, size))
    }

    fn piece_factors(&mut self, kind: PieceEncoding, count: usize, order: u8) -> Option<u64> {
        let pivot = kind.placements()?;
        let mut free = 64 - self.norm[0];
        let mut size: u64 = 1;
        let mut i = usize::from(self.norm[0]);
        let mut k = 0;
        while i < count || k == order {
            if k == order {
                self.factor[0] = size;
                size = size.checked_mul(pivot)?;
            } else {
                size = self.group_factor(&mut i, &mut free, size)?;
            }
            k += 1;
        }
        Some(size)
    }

    /// Gives the group of pieces at `i` the factor `size`, moves `i` and
    /// `free` past it, and returns `size` times its placements on the `free`
    /// squares.
    fn group_factor(&mut self, i: &mut usize, free: &mut u8, size: u64) -> Option<u64> {
        let group = self.norm[*i];
        self.factor[*i] = size;
        let size = size.checked_mul(subfactor(group, *free))?;
        *free = free.checked_sub(group)?;
        *i += usize::from(group);
        Some(size)
    }

    fn pawn_factors(&mut self, count: usize, order: u8, order2: u8, file: usize) -> Option<u64> {
        let lead = usize::from(self.norm[0]);
        let mut i = lead;
        if order2 < 0x0f {
            i += usize::from(*self.norm.get(i)?);
        }
        let mut free = 64u8.checked_sub(i as u8)?;
        let mut size: u64 = 1;
        let mut k = 0;
        while i < count || k == order || k == order2 {
            if k == order {
                self.factor[0] = size;
                let factor = PAWN_TABLES.1.get(lead.checked_sub(1)?)?[file];
                size = size.checked_mul(factor)?;
            } else if k == order2 {
                self.factor[lead] = size;
                size = size.checked_mul(subfactor(self.norm[lead], 48 - self.norm[0]))?;
            } else {
                size = self.group_factor(&mut i, &mut free, size)?;
            }
            k += 1;
        }
        Some(size)
    }
}

/// The index of the groups from `start` on: each group's squares, sorted,
/// counted among the squares the earlier pieces leave free.
#[inline(always)]
fn encode_groups(
    layout: &Layout,
    squares: &mut [Sq; MAX_PIECES],
    start: usize,
    count: usize,
) -> u64 {
    let mut index = 0;
    let mut i = start;
    while i < count {
        let size = usize::from(layout.norm[i]).max(1);
        let end = (i + size).min(count);
        squares[i..end].sort_unstable();
        let mut sum = 0;
        for (m, &sq) in squares[i..end].iter().enumerate() {
            let below = squares[..i].iter().filter(|&&other| sq > other).count() as i32;
            sum += binomial(i32::from(sq) - below, m + 1);
        }
        index = sum.wrapping_mul(layout.factor[i]).wrapping_add(index);
        i = end;
    }
    index
}

/// The index of a pawnless position; `None` for a placement the table
/// cannot hold (kings side by side where they may not touch).
pub(crate) fn encode_pieces(
    kind: PieceEncoding,
    layout: &Layout,
    squares: &mut [Sq; MAX_PIECES],
    count: usize,
) -> Option<u64> {
    let (index, start) = match kind {
        PieceEncoding::Group(n) => encode_group(n, squares, count)?,
        PieceEncoding::Three | PieceEncoding::Kings { .. } => {
            normalise_unique(kind, &mut squares[..count]);
            (encode_unique(kind, squares)?, usize::from(kind.leading()))
        }
    };
    Some(
        index
            .wrapping_mul(layout.factor[0])
            .wrapping_add(encode_groups(layout, squares, start, count)),
    )
}

/// Moves the first piece into the a1-d1-d4 triangle (mirroring files,
/// ranks and, where the leading pieces decide it, the diagonal).
fn normalise_unique(kind: PieceEncoding, squares: &mut [Sq]) {
    if squares[0] & 0x04 != 0 {
        squares.iter_mut().for_each(|sq| *sq ^= 0x07);
    }
    if squares[0] & 0x20 != 0 {
        squares.iter_mut().for_each(|sq| *sq ^= 0x38);
    }
    if let Some(i) = squares.iter().position(|&sq| off_diagonal(sq) != 0)
        && i < usize::from(kind.leading())
        && off_diagonal(squares[i]) > 0
    {
        squares.iter_mut().for_each(|sq| *sq = flip_diagonal(*sq));
    }
}

/// The index of the leading unique pieces (three, or two kings),
/// normalised.
fn encode_unique(kind: PieceEncoding, squares: &[Sq; MAX_PIECES]) -> Option<u64> {
    let table = |t: &[u8; 64], sq: usize| i64::from(t[sq]);
    let index = match kind {
        PieceEncoding::Three => {
            let [a, b, c] = [squares[0], squares[1], squares[2]].map(usize::from);
            let i = i64::from(b > a);
            let j = i64::from(c > a) + i64::from(c > b);
            let (bi, ci) = (b as i64, c as i64);
            if off_diagonal(squares[0]) != 0 {
                table(&TRIANGLE, a) * 63 * 62 + (bi - i) * 62 + (ci - j)
            } else if off_diagonal(squares[1]) != 0 {
                6 * 63 * 62 + table(&DIAG, a) * 28 * 62 + table(&LOWER, b) * 62 + ci - j
            } else if off_diagonal(squares[2]) != 0 {
                6 * 63 * 62
                    + 4 * 28 * 62
                    + table(&DIAG, a) * 7 * 28
                    + (table(&DIAG, b) - i) * 28
                    + table(&LOWER, c)
            } else {
                6 * 63 * 62
                    + 4 * 28 * 62
                    + 4 * 7 * 28
                    + table(&DIAG, a) * 7 * 6
                    + (table(&DIAG, b) - i) * 6
                    + (table(&DIAG, c) - j)
            }
        }
        PieceEncoding::Kings { connected: false } => i64::from(
            KK_IDX[usize::from(TRIANGLE[usize::from(squares[0])])][usize::from(squares[1])],
        ),
        PieceEncoding::Kings { connected: true } => {
            let [a, b] = [squares[0], squares[1]].map(usize::from);
            let i = i64::from(b > a);
            if off_diagonal(squares[0]) != 0 {
                table(&TRIANGLE, a) * 63 + (b as i64 - i)
            } else if off_diagonal(squares[1]) != 0 {
                6 * 63 + table(&DIAG, a) * 28 + table(&LOWER, b)
            } else {
                6 * 63 + 4 * 28 + table(&DIAG, a) * 7 + (table(&DIAG, b) - i)
            }
        }
        PieceEncoding::Group(_) => return None,
    };
    u64::try_from(index).ok()
}

/// Whether a square is one of a5, a6, a7, b5, b6, c5 (above the a1-h8
/// diagonal's half that the pair encoding keeps).
fn test45(sq: Sq) -> bool {
    matches!(sq, 32 | 40 | 48 | 33 | 41 | 34)
}

/// Antichess's leading group of `n` identical pieces, normalised and
/// indexed: the index and where the other groups start.
fn encode_group(n: u8, squares: &mut [Sq; MAX_PIECES], count: usize) -> Option<(u64, usize)> {
    let n = usize::from(n);
    if n < 2 || n > count {
        return None;
    }
    let triangle = |sq: Sq| TRIANGLE[usize::from(sq)];
    let used = &mut squares[..count];
    for i in 1..n {
        if triangle(used[0]) > triangle(used[i]) {
            used.swap(0, i);
        }
    }
    if used[0] & 0x04 != 0 {
        used.iter_mut().for_each(|sq| *sq ^= 0x07);
    }
    if used[0] & 0x20 != 0 {
        used.iter_mut().for_each(|sq| *sq ^= 0x38);
    }
    if n == 2 {
        let flip =
            off_diagonal(used[0]) > 0 || (off_diagonal(used[0]) == 0 && off_diagonal(used[1]) > 0);
        if flip {
            used.iter_mut().for_each(|sq| *sq = flip_diagonal(*sq));
        }
        if test45(used[1]) && triangle(used[0]) == triangle(used[1]) {
            used.swap(0, 1);
            used.iter_mut()
                .for_each(|sq| *sq = flip_diagonal(*sq ^ 0x38));
        }
        let index = PP_IDX[usize::from(triangle(used[0]))][usize::from(used[1])];
        return Some((u64::try_from(index).ok()?, 2));
    }
    if off_diagonal(used[0]) > 0 {
        used.iter_mut().for_each(|sq| *sq = flip_diagonal(*sq));
    }
    for i in 1..n {
        for j in i + 1..n {
            if MTWIST[usize::from(used[i])] > MTWIST[usize::from(used[j])] {
                used.swap(i, j);
            }
        }
    }
    let mut index = MULTI_TABLES.0.get(n - 1)?[usize::from(triangle(used[0]))];
    for (i, &sq) in used.iter().enumerate().take(n).skip(1) {
        index += binomial(i32::from(MTWIST[usize::from(sq)]), i);
    }
    Some((index, n))
}

/// Puts the leading pawn with the lowest `FLAP` first and returns the
/// file (0 to 3) the table stores the position under.
pub(crate) fn pawn_file(squares: &mut [Sq; MAX_PIECES], lead: usize) -> usize {
    for i in 1..lead {
        if FLAP[usize::from(squares[0])] > FLAP[usize::from(squares[i])] {
            squares.swap(0, i);
        }
    }
    usize::from(FILE_TO_FILE[usize::from(squares[0] & 0x07)])
}

/// The index of a position with pawns, the leading pawn first (see
/// [`pawn_file`]).
pub(crate) fn encode_pawns(
    pawns: [u8; 2],
    layout: &Layout,
    squares: &mut [Sq; MAX_PIECES],
    count: usize,
) -> u64 {
    if squares[0] & 0x04 != 0 {
        squares[..count].iter_mut().for_each(|sq| *sq ^= 0x07);
    }
    let lead = usize::from(pawns[0]);
    for i in 1..lead {
        for j in i + 1..lead {
            if PTWIST[usize::from(squares[i])] < PTWIST[usize::from(squares[j])] {
                squares.swap(i, j);
            }
        }
    }
    let t = lead - 1;
    let mut index = PAWN_TABLES.0[t][usize::from(FLAP[usize::from(squares[0])])];
    for i in (1..=t).rev() {
        index += binomial(i32::from(PTWIST[usize::from(squares[i])]), t - i + 1);
    }
    index = index.wrapping_mul(layout.factor[0]);
    let mut i = lead;
    let end = lead + usize::from(pawns[1]);
    if end > i {
        squares[i..end].sort_unstable();
        let mut sum = 0;
        for (m, &sq) in squares[i..end].iter().enumerate() {
            let below = squares[..i].iter().filter(|&&other| sq > other).count() as i32;
            sum += binomial(i32::from(sq) - below - 8, m + 1);
        }
        index = sum.wrapping_mul(layout.factor[i]).wrapping_add(index);
        i = end;
    }
    index.wrapping_add(encode_groups(layout, squares, i, count))
}
