//! [`Bitboard`]: a set of squares, stored as one bit per square.

use crate::{Color, File, Rank, Square};
use core::{fmt, iter::FusedIterator, ops};

/// A set of squares. Bit `i` stands for the square with index `i`
/// (a1 = bit 0, h8 = bit 63).
///
/// It behaves as a set: `|` is union, `&` intersection, `^` symmetric
/// difference, `-` difference and `!` complement. Iterating yields the
/// squares in ascending order.
///
/// `Display` draws the diagram the classic write-ups use, rank 8 at the top,
/// `1` for a member and `0` for the rest; `{:#}` draws `.` for the rest.
///
/// ```
/// use bitmoves::{Bitboard, Square};
/// let set = Square::B2.bitboard() | Square::G7.bitboard();
/// assert_eq!(set.len(), 2);
/// assert!(set.contains(Square::G7));
/// assert_eq!(set.iter().collect::<Vec<_>>(), [Square::B2, Square::G7]);
/// assert_eq!((set - Square::B2.bitboard()), Square::G7.bitboard());
/// assert_eq!(set.to_string(), "\
/// 8 0 0 0 0 0 0 0 0
/// 7 0 0 0 0 0 0 1 0
/// 6 0 0 0 0 0 0 0 0
/// 5 0 0 0 0 0 0 0 0
/// 4 0 0 0 0 0 0 0 0
/// 3 0 0 0 0 0 0 0 0
/// 2 0 1 0 0 0 0 0 0
/// 1 0 0 0 0 0 0 0 0
///   A B C D E F G H
/// ");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Self = Self(0);
    /// All 64 squares.
    pub const FULL: Self = Self(!0);
    /// The 32 light squares (h1 is light).
    pub const LIGHT_SQUARES: Self = Self(0x55aa_55aa_55aa_55aa);
    /// The 32 dark squares (a1 is dark).
    pub const DARK_SQUARES: Self = Self(!0x55aa_55aa_55aa_55aa);

    /// The number of squares in the set.
    #[inline(always)]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set has no squares.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has two or more squares.
    #[inline(always)]
    pub const fn has_more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// Whether `square` is in the set.
    #[inline(always)]
    pub const fn contains(self, square: Square) -> bool {
        self.0 & square.bitboard().0 != 0
    }

    /// Whether every square of `self` is also in `other`.
    #[inline(always)]
    pub const fn is_subset(self, other: Self) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether the two sets share a square.
    #[inline(always)]
    pub const fn intersects(self, other: Self) -> bool {
        self.0 & other.0 != 0
    }

    /// Adds `square` to the set.
    #[inline(always)]
    pub const fn insert(&mut self, square: Square) {
        self.0 |= square.bitboard().0;
    }

    /// Removes `square` from the set.
    #[inline(always)]
    pub const fn remove(&mut self, square: Square) {
        self.0 &= !square.bitboard().0;
    }

    /// The lowest square in the set (a1 first, then b1 …), if any.
    #[inline(always)]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_wrapping(self.0.trailing_zeros()))
        }
    }

    /// The only square of a one-square set; `None` when the set is empty or
    /// has more than one square.
    #[inline(always)]
    pub const fn single(self) -> Option<Square> {
        if self.has_more_than_one() {
            None
        } else {
            self.first()
        }
    }

    /// Iterates over the squares in ascending order.
    #[inline(always)]
    pub const fn iter(self) -> Squares {
        Squares(self)
    }

    /// The union of the given files.
    pub const fn files(files: &[File]) -> Self {
        let mut set = Self::EMPTY;
        let mut i = 0;
        while i < files.len() {
            set.0 |= files[i].bitboard().0;
            i += 1;
        }
        set
    }

    /// The union of the given ranks.
    pub const fn ranks(ranks: &[Rank]) -> Self {
        let mut set = Self::EMPTY;
        let mut i = 0;
        while i < ranks.len() {
            set.0 |= ranks[i].bitboard().0;
            i += 1;
        }
        set
    }

    /// The first and last ranks: where pawns promote, and where no pawn
    /// may stand.
    pub const BACK_RANKS: Self = Self::ranks(&[Rank::First, Rank::Eighth]);

    /// Every square moved one rank towards `color`'s opponent (north for
    /// White, south for Black); squares pushed off the board are dropped.
    #[inline(always)]
    pub const fn forward(self, color: Color) -> Self {
        match color {
            Color::White => Self(self.0 << 8),
            Color::Black => Self(self.0 >> 8),
        }
    }
}

/// Implements a binary set operator and its assigning form for `Bitboard`.
macro_rules! set_operator {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, |$a:ident, $b:ident| $body:expr, $doc:literal) => {
        impl ops::$trait for Bitboard {
            type Output = Self;

            #[doc = $doc]
            #[inline(always)]
            fn $method(self, rhs: Self) -> Self {
                let ($a, $b) = (self.0, rhs.0);
                Self($body)
            }
        }

        impl ops::$assign_trait for Bitboard {
            #[doc = $doc]
            #[inline(always)]
            fn $assign_method(&mut self, rhs: Self) {
                *self = ops::$trait::$method(*self, rhs);
            }
        }
    };
}

set_operator!(
    BitOr,
    bitor,
    BitOrAssign,
    bitor_assign,
    |a, b| a | b,
    "Union."
);
set_operator!(
    BitAnd,
    bitand,
    BitAndAssign,
    bitand_assign,
    |a, b| a & b,
    "Intersection."
);
set_operator!(
    BitXor,
    bitxor,
    BitXorAssign,
    bitxor_assign,
    |a, b| a ^ b,
    "Symmetric difference."
);
set_operator!(
    Sub,
    sub,
    SubAssign,
    sub_assign,
    |a, b| a & !b,
    "Difference: the squares of `self` not in `rhs`."
);

impl ops::Not for Bitboard {
    type Output = Self;

    /// Complement: every square not in the set.
    #[inline(always)]
    fn not(self) -> Self {
        Self(!self.0)
    }
}

impl From<Square> for Bitboard {
    #[inline(always)]
    fn from(square: Square) -> Self {
        square.bitboard()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        iter.into_iter()
            .fold(Self::EMPTY, |set, sq| set | sq.bitboard())
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;

    #[inline(always)]
    fn into_iter(self) -> Squares {
        self.iter()
    }
}

/// The squares of a [`Bitboard`], lowest first; `.rev()` gives them highest
/// first (python-chess's `scan_reversed`).
///
/// ```
/// use bitmoves::{Bitboard, Square};
/// let set = Bitboard::from_iter([Square::A1, Square::E4, Square::H8]);
/// let high_first: Vec<Square> = set.iter().rev().collect();
/// assert_eq!(high_first, [Square::H8, Square::E4, Square::A1]);
/// ```
#[derive(Debug, Clone)]
pub struct Squares(Bitboard);

impl Iterator for Squares {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        let square = self.0.first()?;
        self.0.0 &= self.0.0 - 1;
        Some(square)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.0.len(), Some(self.0.len()))
    }
}

impl DoubleEndedIterator for Squares {
    #[inline(always)]
    fn next_back(&mut self) -> Option<Square> {
        let index = 63usize.checked_sub(self.0.0.leading_zeros() as usize)?;
        let square = Square::try_index(index)?;
        self.0.0 ^= 1 << index;
        Some(square)
    }
}

impl ExactSizeIterator for Squares {}
impl FusedIterator for Squares {}

impl fmt::Display for Bitboard {
    /// Draws the set: rank 8 first, `1` for a member, `0` (or `.` with `{:#}`)
    /// otherwise, and the file letters underneath.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let empty = if f.alternate() { '.' } else { '0' };
        for rank in Rank::ALL.into_iter().rev() {
            write!(f, "{}", rank)?;
            for file in File::ALL {
                let mark = if self.contains(Square::new(file, rank)) {
                    '1'
                } else {
                    empty
                };
                write!(f, " {mark}")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "  A B C D E F G H")
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bitboard({:#018x})", self.0)?;
        if f.alternate() {
            write!(f, "\n{self:#}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_sets_have_the_right_squares() {
        assert!(Bitboard::LIGHT_SQUARES.contains(Square::H1));
        assert!(Bitboard::DARK_SQUARES.contains(Square::A1));
        assert_eq!(Bitboard::LIGHT_SQUARES.len(), 32);
    }

    #[test]
    fn set_operations_follow_set_algebra() {
        let a: Bitboard = [Square::A1, Square::B2].into_iter().collect();
        let b: Bitboard = [Square::B2, Square::C3].into_iter().collect();
        assert_eq!((a | b).len(), 3);
        assert_eq!(a & b, Square::B2.bitboard());
        assert_eq!(a ^ b, [Square::A1, Square::C3].into_iter().collect());
        assert_eq!(a - b, Square::A1.bitboard());
        assert_eq!((!a).len(), 62);
        assert_eq!(a.has_more_than_one(), a.len() >= 2);
        assert_eq!(Square::E4.bitboard().single(), Some(Square::E4));
        assert_eq!(a.single(), None);
    }

    #[test]
    fn alternate_display_uses_dots() {
        let drawn = format!("{:#}", Square::A8.bitboard());
        assert!(drawn.starts_with("8 1 . . . . . . .\n"));
    }
}
