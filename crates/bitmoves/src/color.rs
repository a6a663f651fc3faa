//! [`Color`]: the side a piece belongs to, or the side to move.

use crate::types::simple_enum;
use core::fmt;

simple_enum! {
    /// A side: white or black.
    ///
    /// ```
    /// use bitmoves::Color;
    /// assert_eq!(!Color::White, Color::Black);
    /// assert_eq!(Color::Black.index(), 1);
    /// ```
    pub enum Color {
        /// The side that moves first.
        White,
        /// The side that moves second.
        Black,
    }
}

impl Color {
    /// The FEN letter for the side to move: `'w'` or `'b'`.
    pub const fn to_char(self) -> char {
        match self {
            Self::White => 'w',
            Self::Black => 'b',
        }
    }

    /// Parses a FEN side-to-move letter, `'w'` or `'b'`.
    pub const fn from_char(c: char) -> Option<Self> {
        match c {
            'w' => Some(Self::White),
            'b' => Some(Self::Black),
            _ => None,
        }
    }
}

impl core::ops::Not for Color {
    type Output = Self;

    /// The other side.
    #[inline(always)]
    fn not(self) -> Self {
        match self {
            Self::White => Self::Black,
            Self::Black => Self::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::White => "white",
            Self::Black => "black",
        })
    }
}
