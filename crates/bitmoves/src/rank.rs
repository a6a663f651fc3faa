//! [`Rank`]: a row of the board, 1 to 8.

use crate::{Bitboard, Color, enums::simple_enum};
use core::fmt;

simple_enum! {
    /// A rank (row), from White's back rank (1) to Black's (8).
    pub enum Rank {
        /// Rank 1, White's back rank.
        First,
        /// Rank 2.
        Second,
        /// Rank 3.
        Third,
        /// Rank 4.
        Fourth,
        /// Rank 5.
        Fifth,
        /// Rank 6.
        Sixth,
        /// Rank 7.
        Seventh,
        /// Rank 8, Black's back rank.
        Eighth,
    }
}

impl Rank {
    /// The rank with index `index % 8`, written as a match so that it
    /// compiles to no table load (see `Square::from_index_wrapping`).
    #[inline(always)]
    pub(crate) const fn from_index_wrapping(index: usize) -> Self {
        match index % 8 {
            0 => Self::First,
            1 => Self::Second,
            2 => Self::Third,
            3 => Self::Fourth,
            4 => Self::Fifth,
            5 => Self::Sixth,
            6 => Self::Seventh,
            _ => Self::Eighth,
        }
    }

    /// The rank's digit, `'1'` to `'8'`.
    pub const fn to_char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// Parses a rank digit, `'1'` to `'8'`.
    pub const fn from_char(c: char) -> Option<Self> {
        match c {
            '1'..='8' => Self::try_index(c as usize - '1' as usize),
            _ => None,
        }
    }

    /// Every square on this rank.
    ///
    /// ```
    /// use bitmoves::{Rank, Square};
    /// assert!(Rank::Third.bitboard().contains(Square::H3));
    /// ```
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(0xff << (8 * self as u8))
    }

    /// This rank as seen from `color`'s side: White's ranks are unchanged,
    /// Black's are mirrored, so `Rank::Second.relative_to(Black)` is rank 7.
    pub const fn relative_to(self, color: Color) -> Self {
        match color {
            Color::White => self,
            Color::Black => Self::from_index_wrapping(7 - self.index()),
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}
