//! [`Board::read_move`]: a legal move from UCI or SAN text, whichever it
//! is, with [`ReadMoveError`].

use crate::{Board, Move, MoveError, SanError, Square};
use core::fmt;

/// Why [`Board::read_move`] found no legal move in the text: the error of
/// the notation the text was taken for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadMoveError {
    /// Read as UCI: legal UCI syntax for an illegal move, or text that
    /// starts with two squares as UCI does (`e7e5x`).
    Uci(MoveError),
    /// Read as SAN, which says what is wrong with it as SAN.
    San(SanError),
}

impl fmt::Display for ReadMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Uci(error) => error.fmt(f),
            Self::San(error) => error.fmt(f),
        }
    }
}

impl core::error::Error for ReadMoveError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            Self::Uci(error) => Some(error),
            Self::San(error) => Some(error),
        }
    }
}

impl Board {
    /// A legal move of this board from UCI text ([`Board::parse_move`]) or,
    /// failing that, SAN ([`Board::parse_san`]), for input that may be
    /// either. Text that is UCI but illegal, or that starts with two
    /// squares as UCI does (`e7e5x`), gets the UCI error; other text gets
    /// the SAN error.
    ///
    /// ```
    /// use bitmoves::{Board, ReadMoveError};
    /// let board = Board::default();
    /// assert_eq!(board.read_move("e2e4")?, board.read_move("e4")?);
    /// assert_eq!(board.read_move("Nf3")?.to_string(), "g1f3");
    /// assert!(matches!(board.read_move("e2e5"), Err(ReadMoveError::Uci(_))));
    /// assert!(matches!(board.read_move("Nf4"), Err(ReadMoveError::San(_))));
    /// # Ok::<(), ReadMoveError>(())
    /// ```
    pub fn read_move(&self, text: &str) -> Result<Move, ReadMoveError> {
        match self.parse_move(text) {
            Ok(mv) => Ok(mv),
            Err(error @ MoveError::Illegal(_)) => Err(ReadMoveError::Uci(error)),
            Err(error @ MoveError::Syntax(_)) => self.parse_san(text).map_err(|san| {
                let squares = |range: core::ops::Range<usize>| {
                    text.get(range).is_some_and(|s| s.parse::<Square>().is_ok())
                };
                if text.len() == 5 && squares(0..2) && squares(2..4) {
                    ReadMoveError::Uci(error)
                } else {
                    ReadMoveError::San(san)
                }
            }),
        }
    }
}
