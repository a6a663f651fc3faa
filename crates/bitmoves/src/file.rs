//! [`File`]: a column of the board, a to h.

use crate::{Bitboard, enums::simple_enum};
use core::fmt;

simple_enum! {
    /// A file (column), from the a-file on White's left to the h-file.
    pub enum File {
        /// The a-file.
        A,
        /// The b-file.
        B,
        /// The c-file.
        C,
        /// The d-file.
        D,
        /// The e-file.
        E,
        /// The f-file.
        F,
        /// The g-file.
        G,
        /// The h-file.
        H,
    }
}

impl File {
    /// The file with index `index % 8`, written as a match so that it
    /// compiles to no table load (see `Square::from_index_wrapping`).
    #[inline(always)]
    pub(crate) const fn from_index_wrapping(index: usize) -> Self {
        match index % 8 {
            0 => Self::A,
            1 => Self::B,
            2 => Self::C,
            3 => Self::D,
            4 => Self::E,
            5 => Self::F,
            6 => Self::G,
            _ => Self::H,
        }
    }

    /// The file's lowercase letter, `'a'` to `'h'`.
    pub const fn to_char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// Parses a lowercase file letter, `'a'` to `'h'`.
    pub const fn from_char(c: char) -> Option<Self> {
        match c {
            'a'..='h' => Self::try_index(c as usize - 'a' as usize),
            _ => None,
        }
    }

    /// Every square on this file.
    ///
    /// ```
    /// use bitmoves::{File, Square};
    /// assert!(File::C.bitboard().contains(Square::C7));
    /// assert_eq!(File::C.bitboard().len(), 8);
    /// ```
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << self as u8)
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}
