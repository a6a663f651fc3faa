//! [`Square`]: one of the 64 squares, in little-endian rank-file order.

use crate::{Bitboard, Color, File, Rank, enums::simple_enum};
use core::{fmt, str::FromStr};

simple_enum! {
    /// A square of the board, numbered in little-endian rank-file order:
    /// a1 = 0, b1 = 1, …, h1 = 7, a2 = 8, …, h8 = 63.
    ///
    /// ```
    /// use bitmoves::{File, Rank, Square};
    /// let e4: Square = "e4".parse()?;
    /// assert_eq!(e4, Square::E4);
    /// assert_eq!(e4, Square::new(File::E, Rank::Fourth));
    /// assert_eq!(e4.index(), 28);
    /// assert_eq!(e4.to_string(), "e4");
    /// # Ok::<(), bitmoves::ParseSquareError>(())
    /// ```
    pub enum Square {
        /// The a1 square.
        A1,
        /// The b1 square.
        B1,
        /// The c1 square.
        C1,
        /// The d1 square.
        D1,
        /// The e1 square.
        E1,
        /// The f1 square.
        F1,
        /// The g1 square.
        G1,
        /// The h1 square.
        H1,
        /// The a2 square.
        A2,
        /// The b2 square.
        B2,
        /// The c2 square.
        C2,
        /// The d2 square.
        D2,
        /// The e2 square.
        E2,
        /// The f2 square.
        F2,
        /// The g2 square.
        G2,
        /// The h2 square.
        H2,
        /// The a3 square.
        A3,
        /// The b3 square.
        B3,
        /// The c3 square.
        C3,
        /// The d3 square.
        D3,
        /// The e3 square.
        E3,
        /// The f3 square.
        F3,
        /// The g3 square.
        G3,
        /// The h3 square.
        H3,
        /// The a4 square.
        A4,
        /// The b4 square.
        B4,
        /// The c4 square.
        C4,
        /// The d4 square.
        D4,
        /// The e4 square.
        E4,
        /// The f4 square.
        F4,
        /// The g4 square.
        G4,
        /// The h4 square.
        H4,
        /// The a5 square.
        A5,
        /// The b5 square.
        B5,
        /// The c5 square.
        C5,
        /// The d5 square.
        D5,
        /// The e5 square.
        E5,
        /// The f5 square.
        F5,
        /// The g5 square.
        G5,
        /// The h5 square.
        H5,
        /// The a6 square.
        A6,
        /// The b6 square.
        B6,
        /// The c6 square.
        C6,
        /// The d6 square.
        D6,
        /// The e6 square.
        E6,
        /// The f6 square.
        F6,
        /// The g6 square.
        G6,
        /// The h6 square.
        H6,
        /// The a7 square.
        A7,
        /// The b7 square.
        B7,
        /// The c7 square.
        C7,
        /// The d7 square.
        D7,
        /// The e7 square.
        E7,
        /// The f7 square.
        F7,
        /// The g7 square.
        G7,
        /// The h7 square.
        H7,
        /// The a8 square.
        A8,
        /// The b8 square.
        B8,
        /// The c8 square.
        C8,
        /// The d8 square.
        D8,
        /// The e8 square.
        E8,
        /// The f8 square.
        F8,
        /// The g8 square.
        G8,
        /// The h8 square.
        H8,
    }
}

impl Square {
    /// The square on `file` and `rank`.
    #[inline(always)]
    pub const fn new(file: File, rank: Rank) -> Self {
        Self::from_index_wrapping((rank.index() * 8 + file.index()) as u32)
    }

    /// The square with index `index % 64`: the conversion for indices that
    /// are in range by construction, such as a non-empty set's
    /// `trailing_zeros`. Written as a match so that it compiles to no code
    /// at all: no bounds check and no table load.
    #[inline(always)]
    pub(crate) const fn from_index_wrapping(index: u32) -> Self {
        match index % 64 {
            0 => Self::A1,
            1 => Self::B1,
            2 => Self::C1,
            3 => Self::D1,
            4 => Self::E1,
            5 => Self::F1,
            6 => Self::G1,
            7 => Self::H1,
            8 => Self::A2,
            9 => Self::B2,
            10 => Self::C2,
            11 => Self::D2,
            12 => Self::E2,
            13 => Self::F2,
            14 => Self::G2,
            15 => Self::H2,
            16 => Self::A3,
            17 => Self::B3,
            18 => Self::C3,
            19 => Self::D3,
            20 => Self::E3,
            21 => Self::F3,
            22 => Self::G3,
            23 => Self::H3,
            24 => Self::A4,
            25 => Self::B4,
            26 => Self::C4,
            27 => Self::D4,
            28 => Self::E4,
            29 => Self::F4,
            30 => Self::G4,
            31 => Self::H4,
            32 => Self::A5,
            33 => Self::B5,
            34 => Self::C5,
            35 => Self::D5,
            36 => Self::E5,
            37 => Self::F5,
            38 => Self::G5,
            39 => Self::H5,
            40 => Self::A6,
            41 => Self::B6,
            42 => Self::C6,
            43 => Self::D6,
            44 => Self::E6,
            45 => Self::F6,
            46 => Self::G6,
            47 => Self::H6,
            48 => Self::A7,
            49 => Self::B7,
            50 => Self::C7,
            51 => Self::D7,
            52 => Self::E7,
            53 => Self::F7,
            54 => Self::G7,
            55 => Self::H7,
            56 => Self::A8,
            57 => Self::B8,
            58 => Self::C8,
            59 => Self::D8,
            60 => Self::E8,
            61 => Self::F8,
            62 => Self::G8,
            63 => Self::H8,
            _ => Self::H8,
        }
    }

    /// The square's file.
    #[inline(always)]
    pub const fn file(self) -> File {
        File::from_index_wrapping(self.index())
    }

    /// The square's rank.
    #[inline(always)]
    pub const fn rank(self) -> Rank {
        Rank::from_index_wrapping(self.index() / 8)
    }

    /// The square `file_delta` files east and `rank_delta` ranks north, or
    /// `None` when that is off the board. This is the one place that knows
    /// where the board ends.
    ///
    /// ```
    /// use bitmoves::Square;
    /// assert_eq!(Square::G1.offset(-1, 2), Some(Square::F3));
    /// assert_eq!(Square::H4.offset(2, 1), None); // does not wrap onto the a-file
    /// ```
    #[inline]
    pub const fn offset(self, file_delta: i8, rank_delta: i8) -> Option<Self> {
        let file = self.file().index() as i8 + file_delta;
        let rank = self.rank().index() as i8 + rank_delta;
        if file < 0 || file > 7 || rank < 0 || rank > 7 {
            None
        } else {
            Some(Self::from_index(rank as usize * 8 + file as usize))
        }
    }

    /// The same file on the mirrored rank: a1 ↔ a8, e2 ↔ e7.
    #[inline(always)]
    pub const fn flip_rank(self) -> Self {
        Self::from_index_wrapping((self.index() ^ 56) as u32)
    }

    /// This square as seen from `color`'s side: unchanged for White,
    /// mirrored top to bottom for Black.
    #[inline(always)]
    pub const fn relative_to(self, color: Color) -> Self {
        match color {
            Color::White => self,
            Color::Black => self.flip_rank(),
        }
    }

    /// The set holding only this square.
    #[inline(always)]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(1 << self as u8)
    }

    /// For an en passant square (on rank 3 or 6), the square of the pawn
    /// that a capture onto it takes: the pawn that made the double step,
    /// one rank further on (rank 4 or 5).
    #[inline(always)]
    pub(crate) const fn en_passant_victim(self) -> Self {
        Self::from_index_wrapping((self.index() ^ 8) as u32)
    }
}

/// Why a square name such as `"e4"` failed to parse.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParseSquareError {
    /// The text was empty.
    Empty,
    /// The text was not two characters long.
    WrongLength {
        /// How many characters it had.
        len: usize,
    },
    /// The first character is not a file letter `a`–`h`.
    InvalidFile {
        /// The character found.
        found: char,
    },
    /// The second character is not a rank digit `1`–`8`.
    InvalidRank {
        /// The character found.
        found: char,
    },
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Empty => {
                f.write_str("empty square name, expected a file a-h and a rank 1-8 like \"e4\"")
            }
            Self::WrongLength { len } => {
                write!(f, "a square name has 2 characters like \"e4\", found {len}")
            }
            Self::InvalidFile { found } => {
                write!(f, "invalid file {found:?} in square name, expected a-h")
            }
            Self::InvalidRank { found } => {
                write!(f, "invalid rank {found:?} in square name, expected 1-8")
            }
        }
    }
}

impl core::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses a lowercase square name, `"a1"` to `"h8"`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        let (Some(file), Some(rank), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(match s.chars().count() {
                0 => ParseSquareError::Empty,
                len => ParseSquareError::WrongLength { len },
            });
        };
        let file = File::from_char(file).ok_or(ParseSquareError::InvalidFile { found: file })?;
        let rank = Rank::from_char(rank).ok_or(ParseSquareError::InvalidRank { found: rank })?;
        Ok(Self::new(file, rank))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), self.rank())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parsing_rejects_bad_names_with_the_reason() {
        use ParseSquareError::*;
        for (name, reason) in [
            ("", Empty),
            ("z9", InvalidFile { found: 'z' }),
            ("a9", InvalidRank { found: '9' }),
            ("e44", WrongLength { len: 3 }),
            ("E4", InvalidFile { found: 'E' }),
            ("é4", InvalidFile { found: 'é' }),
        ] {
            assert_eq!(name.parse::<Square>(), Err(reason), "{name:?}");
        }
    }

    #[test]
    fn every_square_round_trips_through_its_name() {
        for sq in Square::ALL {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
            assert_eq!(Square::new(sq.file(), sq.rank()), sq);
        }
    }

    #[test]
    fn offset_stops_at_every_edge() {
        assert_eq!(Square::A1.offset(-1, 0), None);
        assert_eq!(Square::A1.offset(0, -1), None);
        assert_eq!(Square::H8.offset(1, 0), None);
        assert_eq!(Square::H8.offset(0, 1), None);
        assert_eq!(Square::H1.offset(1, 1), None);
        assert_eq!(Square::D4.offset(1, 2), Some(Square::E6));
    }
}
