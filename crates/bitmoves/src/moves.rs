//! [`Move`]: a move as from-square, to-square and promotion, with UCI text.

use crate::{Piece, Square};
use core::{fmt, str::FromStr};

/// A move: the piece on `from` goes to `to`, promoting when `promotion` is set.
///
/// Castling is written as the king's move. On a standard board it is the
/// king's two-square step (`e1g1`); on a Chess960 board it is the king
/// "capturing" its own rook (`e1h1`), which is unambiguous in every start
/// position. [`Board::legal_moves`](crate::Board::legal_moves) produces
/// castling moves in the board's own convention, and
/// [`Board::parse_move`](crate::Board::parse_move) accepts both on a standard
/// board.
///
/// ```
/// use bitmoves::{Move, Piece, Square};
/// let mv: Move = "e7e8q".parse()?;
/// assert_eq!(mv, Move::new_promotion(Square::E7, Square::E8, Piece::Queen));
/// assert_eq!(mv.to_string(), "e7e8q");
/// assert!("0000".parse::<Move>().is_err());
/// # Ok::<(), bitmoves::ParseMoveError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The square the piece leaves.
    pub from: Square,
    /// The square the piece arrives on (for castling, see the type's docs).
    pub to: Square,
    /// The piece a pawn becomes on the last rank.
    pub promotion: Option<Piece>,
}

/// Why a text is not a UCI move. This is about spelling only; whether the
/// move is legal is the board's question ([`MoveError`](crate::MoveError)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParseMoveError {
    /// The text is not 4 or 5 characters long.
    WrongLength {
        /// How many characters it had.
        len: usize,
    },
    /// The text has a character outside ASCII, which no UCI move has.
    NotAscii {
        /// The first such character.
        found: char,
    },
    /// The first two characters are not a square name.
    InvalidFromSquare,
    /// The third and fourth characters are not a square name.
    InvalidToSquare,
    /// The fifth character is not one of `n b r q` (either case).
    InvalidPromotion {
        /// The character found.
        found: char,
    },
    /// `0000`, the UCI null move, which is not a move on the board.
    NullMove,
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::WrongLength { len } => {
                write!(
                    f,
                    "not a UCI move: expected 4 or 5 characters like \"e2e4\" or \"e7e8q\", found {len}"
                )
            }
            Self::NotAscii { found } => {
                write!(f, "not a UCI move: unexpected character {found:?}")
            }
            Self::InvalidFromSquare => f.write_str("not a UCI move: invalid from-square"),
            Self::InvalidToSquare => f.write_str("not a UCI move: invalid to-square"),
            Self::InvalidPromotion { found } => {
                write!(
                    f,
                    "not a UCI move: invalid promotion piece {found:?}, expected n, b, r or q"
                )
            }
            Self::NullMove => f.write_str("not a UCI move: the null move 0000 is not playable"),
        }
    }
}

impl core::error::Error for ParseMoveError {}

impl Move {
    /// The move of the piece on `from` to `to`, with no promotion.
    ///
    /// ```
    /// use bitmoves::{Move, Square};
    /// assert_eq!(Move::new(Square::G1, Square::F3).to_string(), "g1f3");
    /// ```
    #[inline(always)]
    pub const fn new(from: Square, to: Square) -> Self {
        Self {
            from,
            to,
            promotion: None,
        }
    }

    /// The move of the pawn on `from` to `to`, promoting to `piece`.
    ///
    /// ```
    /// use bitmoves::{Move, Piece, Square};
    /// let mv = Move::new_promotion(Square::E7, Square::E8, Piece::Queen);
    /// assert_eq!(mv.to_string(), "e7e8q");
    /// ```
    #[inline(always)]
    pub const fn new_promotion(from: Square, to: Square, piece: Piece) -> Self {
        Self {
            from,
            to,
            promotion: Some(piece),
        }
    }

    /// Parses UCI text: `e2e4`, `e7e8q`; uppercase promotion letters are
    /// accepted. This checks spelling only, not legality.
    pub fn from_uci(text: &str) -> Result<Self, ParseMoveError> {
        if text == "0000" {
            return Err(ParseMoveError::NullMove);
        }
        if let Some(found) = text.chars().find(|c| !c.is_ascii()) {
            return Err(ParseMoveError::NotAscii { found });
        }
        // ASCII from here on: a byte is a character.
        let len = text.len();
        if !(4..=5).contains(&len) {
            return Err(ParseMoveError::WrongLength { len });
        }
        let from = text[0..2]
            .parse::<Square>()
            .map_err(|_| ParseMoveError::InvalidFromSquare)?;
        let to = text[2..4]
            .parse::<Square>()
            .map_err(|_| ParseMoveError::InvalidToSquare)?;
        let promotion = match text[4..].chars().next() {
            None => None,
            Some(c) => match Piece::from_char(c) {
                Some(p @ (Piece::Knight | Piece::Bishop | Piece::Rook | Piece::Queen)) => Some(p),
                _ => return Err(ParseMoveError::InvalidPromotion { found: c }),
            },
        };
        Ok(Self {
            from,
            to,
            promotion,
        })
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::from_uci(s)
    }
}

impl fmt::Display for Move {
    /// Writes UCI text, promotions in lowercase.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(piece) = self.promotion {
            write!(f, "{}", piece.to_char())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_spelling_errors_are_named() {
        assert_eq!(
            Move::from_uci("e2e"),
            Err(ParseMoveError::WrongLength { len: 3 })
        );
        assert_eq!(
            Move::from_uci("e2e4qq"),
            Err(ParseMoveError::WrongLength { len: 6 })
        );
        assert_eq!(
            Move::from_uci("i2e4"),
            Err(ParseMoveError::InvalidFromSquare)
        );
        assert_eq!(Move::from_uci("e2e9"), Err(ParseMoveError::InvalidToSquare));
        assert_eq!(
            Move::from_uci("e7e8k"),
            Err(ParseMoveError::InvalidPromotion { found: 'k' })
        );
        assert_eq!(Move::from_uci("0000"), Err(ParseMoveError::NullMove));
        // Four characters, but not four ASCII characters: the error says
        // which character is wrong rather than miscounting the length.
        assert_eq!(
            Move::from_uci("e2é4"),
            Err(ParseMoveError::NotAscii { found: 'é' })
        );
        assert_eq!(
            Move::from_uci("e2é4").unwrap_err().to_string(),
            "not a UCI move: unexpected character 'é'"
        );
    }

    #[test]
    fn uppercase_promotions_are_accepted_and_written_lowercase() {
        let mv = Move::from_uci("a2a1N").unwrap();
        assert_eq!(mv.promotion, Some(Piece::Knight));
        assert_eq!(mv.to_string(), "a2a1n");
    }
}
