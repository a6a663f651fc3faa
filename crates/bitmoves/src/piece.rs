//! [`Piece`]: the kind of a chessman, without its colour.

use crate::enums::simple_enum;
use core::fmt;

simple_enum! {
    /// The kind of a piece, from pawn to king, without its colour.
    ///
    /// ```
    /// use bitmoves::Piece;
    /// assert_eq!(Piece::from_char('n'), Some(Piece::Knight));
    /// assert_eq!(Piece::Queen.to_char(), 'q');
    /// ```
    pub enum Piece {
        /// A pawn.
        Pawn,
        /// A knight.
        Knight,
        /// A bishop.
        Bishop,
        /// A rook.
        Rook,
        /// A queen.
        Queen,
        /// A king.
        King,
    }
}

impl Piece {
    /// The lowercase letter used in FEN and UCI: `p n b r q k`.
    pub const fn to_char(self) -> char {
        match self {
            Self::Pawn => 'p',
            Self::Knight => 'n',
            Self::Bishop => 'b',
            Self::Rook => 'r',
            Self::Queen => 'q',
            Self::King => 'k',
        }
    }

    /// Parses a piece letter in either case.
    pub const fn from_char(c: char) -> Option<Self> {
        match c.to_ascii_lowercase() {
            'p' => Some(Self::Pawn),
            'n' => Some(Self::Knight),
            'b' => Some(Self::Bishop),
            'r' => Some(Self::Rook),
            'q' => Some(Self::Queen),
            'k' => Some(Self::King),
            _ => None,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Pawn => "pawn",
            Self::Knight => "knight",
            Self::Bishop => "bishop",
            Self::Rook => "rook",
            Self::Queen => "queen",
            Self::King => "king",
        })
    }
}
