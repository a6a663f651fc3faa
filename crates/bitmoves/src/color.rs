//! [`Color`]: the side a piece belongs to, or the side to move.

use crate::{Rank, enums::simple_enum};
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

    /// The rank this side's pieces start on: rank 1 for White, rank 8 for
    /// Black. Castling happens on it, and the other side's pawns promote
    /// on it.
    ///
    /// ```
    /// use bitmoves::{Color, Rank};
    /// assert_eq!(Color::Black.back_rank(), Rank::Eighth);
    /// ```
    #[inline(always)]
    pub const fn back_rank(self) -> Rank {
        Rank::First.relative_to(self)
    }

    /// White when `WHITE`, else Black: the colour of code compiled for
    /// one side.
    #[inline(always)]
    pub(crate) const fn of_const<const WHITE: bool>() -> Self {
        if WHITE { Self::White } else { Self::Black }
    }

    /// The side a FEN letter belongs to: uppercase is White, lowercase
    /// Black (`'K'` is White's king, `'q'` Black's queen-side right).
    #[inline]
    pub(crate) const fn of_letter(letter: char) -> Self {
        if letter.is_ascii_uppercase() {
            Self::White
        } else {
            Self::Black
        }
    }

    /// `letter` in this side's FEN case: uppercase for White, lowercase for
    /// Black. The inverse of [`Color::of_letter`].
    #[inline]
    pub(crate) const fn letter_case(self, letter: char) -> char {
        match self {
            Self::White => letter.to_ascii_uppercase(),
            Self::Black => letter.to_ascii_lowercase(),
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

/// `$body` compiled once per side, run for the side `$color`: within it,
/// `$white` is a `const bool`, true for White. The one place where a
/// colour known at run time becomes one known at compile time, so that
/// code generic over `const WHITE: bool` (move generation, perft's child
/// loops) has its shifts, ranks and table rows as constants.
///
/// ```text
/// with_side!(board.side_to_move(), WHITE => board.check_info_for::<WHITE>())
/// ```
macro_rules! with_side {
    ($color:expr, $white:ident => $body:expr) => {
        match $color {
            $crate::Color::White => {
                const $white: bool = true;
                $body
            }
            $crate::Color::Black => {
                const $white: bool = false;
                $body
            }
        }
    };
}
pub(crate) use with_side;
