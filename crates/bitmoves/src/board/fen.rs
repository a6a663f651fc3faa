//! FEN in and out: parsing with typed, field-naming errors, and `Display`.

use super::{Board, PositionError};
use crate::{Color, File, Piece, Rank, Square};
use core::{fmt, str::FromStr};

/// A short copy of the text that was wrong, kept inside an error without
/// borrowing the input or allocating. Text longer than 24 bytes is cut at a
/// character boundary and shown with `…`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Snippet {
    bytes: [u8; Self::CAPACITY],
    len: u8,
    truncated: bool,
}

impl Snippet {
    const CAPACITY: usize = 24;

    pub(crate) fn new(text: &str) -> Self {
        let mut end = text.len().min(Self::CAPACITY);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let mut bytes = [0; Self::CAPACITY];
        bytes[..end].copy_from_slice(&text.as_bytes()[..end]);
        Self {
            bytes,
            len: end as u8,
            truncated: end < text.len(),
        }
    }

    /// The kept text (possibly cut short).
    pub fn as_str(&self) -> &str {
        core::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl fmt::Display for Snippet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}{}\"",
            self.as_str(),
            if self.truncated { "…" } else { "" }
        )
    }
}

impl fmt::Debug for Snippet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a FEN could not be read. The syntax variants name the field and the
/// text that was wrong; [`FenError::InvalidPosition`] wraps a well-formed
/// FEN that describes an impossible position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FenError {
    /// A FEN has 6 fields (4 to 6 are accepted; the clocks may be left off).
    WrongFieldCount {
        /// How many fields there were.
        found: usize,
    },
    /// The placement must have 8 ranks separated by `/`.
    WrongRankCount {
        /// How many ranks there were.
        found: usize,
    },
    /// A character in the placement is neither a piece letter nor a digit 1–8.
    InvalidPiece {
        /// The rank being read.
        rank: Rank,
        /// The character found.
        found: char,
    },
    /// Two digits stand next to each other in a rank of the placement
    /// (`44` for `8`). Accepted by the lenient mode, which adds them up.
    ConsecutiveDigits {
        /// The rank being read.
        rank: Rank,
    },
    /// A rank of the placement does not cover exactly 8 files.
    WrongRankWidth {
        /// The rank being read.
        rank: Rank,
        /// How many files it covered.
        files: usize,
    },
    /// The side to move must be `w` or `b`.
    InvalidSideToMove {
        /// The field as written.
        field: Snippet,
    },
    /// The castling field must be `-` or letters from `KQkq` and `A-Ha-h`.
    InvalidCastling {
        /// The field as written.
        field: Snippet,
    },
    /// The castling field names the same right twice.
    DuplicateCastling {
        /// The field as written.
        field: Snippet,
    },
    /// The en passant field must be `-` or a square name.
    InvalidEnPassant {
        /// The field as written.
        field: Snippet,
    },
    /// The halfmove clock must be a number from 0 to 65535.
    InvalidHalfmoveClock {
        /// The field as written.
        field: Snippet,
    },
    /// The fullmove number must be a number from 1 to 65535 (the lenient
    /// mode reads 0 as 1).
    InvalidFullmoveNumber {
        /// The field as written.
        field: Snippet,
    },
    /// The FEN is well formed but the position is impossible.
    InvalidPosition(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::WrongFieldCount { found } => {
                write!(
                    f,
                    "invalid FEN: expected 6 space-separated fields (4 without the clocks), found {found}"
                )
            }
            Self::WrongRankCount { found } => {
                write!(
                    f,
                    "invalid FEN placement: expected 8 ranks separated by '/', found {found}"
                )
            }
            Self::InvalidPiece { rank, found } => {
                write!(
                    f,
                    "invalid FEN placement: rank {rank} has invalid character {found:?}"
                )
            }
            Self::ConsecutiveDigits { rank } => {
                write!(
                    f,
                    "invalid FEN placement: rank {rank} has two digits in a row; write their sum"
                )
            }
            Self::WrongRankWidth { rank, files } => {
                write!(
                    f,
                    "invalid FEN placement: rank {rank} covers {files} files, expected 8"
                )
            }
            Self::InvalidSideToMove { field } => {
                write!(
                    f,
                    "invalid FEN side to move {field}: expected \"w\" or \"b\""
                )
            }
            Self::InvalidCastling { field } => {
                write!(
                    f,
                    "invalid FEN castling field {field}: expected \"-\" or letters from KQkq or A-H/a-h"
                )
            }
            Self::DuplicateCastling { field } => {
                write!(
                    f,
                    "invalid FEN castling field {field}: a right is given twice"
                )
            }
            Self::InvalidEnPassant { field } => {
                write!(
                    f,
                    "invalid FEN en passant field {field}: expected \"-\" or a square like \"e3\""
                )
            }
            Self::InvalidHalfmoveClock { field } => {
                write!(
                    f,
                    "invalid FEN halfmove clock {field}: expected a number from 0 to 65535"
                )
            }
            Self::InvalidFullmoveNumber { field } => {
                write!(
                    f,
                    "invalid FEN fullmove number {field}: expected a number from 1 to 65535"
                )
            }
            Self::InvalidPosition(error) => write!(f, "invalid position: {error}"),
        }
    }
}

impl core::error::Error for FenError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            Self::InvalidPosition(error) => Some(error),
            _ => None,
        }
    }
}

impl From<PositionError> for FenError {
    fn from(error: PositionError) -> Self {
        Self::InvalidPosition(error)
    }
}

/// Options for [`Board::from_fen_with`].
///
/// ```
/// use bitmoves::{Board, FenOptions};
/// // Two bishops checking along one diagonal: impossible in a game.
/// let fen = "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1";
/// assert!(Board::from_fen(fen).is_err());
/// let board = Board::from_fen_with(fen, FenOptions { lenient: true, ..FenOptions::default() })?;
/// assert_eq!(board.checkers().len(), 2);
/// # Ok::<(), bitmoves::FenError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FenOptions {
    /// Accept check patterns no game can reach: more than two checkers, two
    /// checkers that cannot arise together (two sliders on one line, two
    /// leapers), or checks that do not fit the en passant square. Move
    /// generation stays correct on such positions.
    ///
    /// Two spellings that some FEN writers produce are accepted too: digits
    /// in a row in a rank (`44`, added up) and a fullmove number of 0 (read
    /// as 1). Every other rule is still enforced.
    pub lenient: bool,
    /// Put the board in Chess960 mode even when the position looks
    /// standard: castling moves are then written king-takes-rook. Without
    /// it the mode follows the castling rights (see [`Board`]). The mode
    /// only concerns castling, so a board without castling rights is never
    /// in it.
    pub chess960: bool,
}

impl Board {
    /// Reads a FEN (or the first four fields of an EPD line), checking both
    /// its syntax and that the position is possible.
    ///
    /// Castling may be written as standard `KQkq`, X-FEN (`K`/`Q` meaning
    /// the outermost rook) or Shredder-FEN (`HAha`, rook files); the
    /// spelling does not set the mode: `HAha` with the king on e1 and e8
    /// and the rooks in the corners is a standard position. Missing
    /// halfmove and fullmove fields default to 0 and 1.
    ///
    /// ```
    /// use bitmoves::{Board, FenError, Rank};
    /// let board = Board::from_fen("8/8/8/8/8/8/8/K6k w - -")?;
    /// assert_eq!(board.fullmove_number(), 1);
    /// assert_eq!(
    ///     Board::from_fen("8/8/8/8/8/8/8/K6x w - - 0 1"),
    ///     Err(FenError::InvalidPiece { rank: Rank::First, found: 'x' })
    /// );
    /// # Ok::<(), FenError>(())
    /// ```
    pub fn from_fen(fen: &str) -> Result<Self, FenError> {
        Self::from_fen_with(fen, FenOptions::default())
    }

    /// Reads a FEN with [`FenOptions`]: lenient validation or forced
    /// Chess960 mode.
    pub fn from_fen_with(fen: &str, options: FenOptions) -> Result<Self, FenError> {
        Self::read_fen(fen, options, false)
    }

    /// Reads a FEN with [`FenOptions`] as python-chess reads one, which
    /// keeps what it cannot use out of play instead of refusing the FEN:
    ///
    /// - a castling right is dropped when its king is not on the back rank,
    ///   when no rook stands on the file or side the letter names, or when
    ///   the letter names the king's own file; of two rights for one side
    ///   (`HG`), the outer rook's is kept;
    /// - an en passant square that no double step of the side that just
    ///   moved can have left (wrong rank, occupied, no pawn in front of it)
    ///   is dropped.
    ///
    /// Everything else is checked as [`Board::from_fen_with`] checks it.
    /// The PGN reader reads `FEN` tags this way.
    ///
    /// ```
    /// use bitmoves::{Board, FenOptions};
    /// // The h1 rook is gone, and no black pawn made a double step to d5.
    /// let fen = "4k3/8/8/3P4/8/8/8/R3K3 w KQ d6 0 1";
    /// assert!(Board::from_fen(fen).is_err());
    /// let board = Board::from_fen_cleaned(fen, FenOptions::default())?;
    /// assert_eq!(board.to_string(), "4k3/8/8/3P4/8/8/8/R3K3 w Q - 0 1");
    /// # Ok::<(), bitmoves::FenError>(())
    /// ```
    pub fn from_fen_cleaned(fen: &str, options: FenOptions) -> Result<Self, FenError> {
        Self::read_fen(fen, options, true)
    }

    /// Reads a FEN; with `clean`, unusable castling rights and en passant
    /// squares are dropped (see [`Board::from_fen_cleaned`]).
    fn read_fen(fen: &str, options: FenOptions, clean: bool) -> Result<Self, FenError> {
        let mut fields = [""; 6];
        let mut count = 0;
        for field in fen.split_ascii_whitespace() {
            if count < fields.len() {
                fields[count] = field;
            }
            count += 1;
        }
        if !(4..=6).contains(&count) {
            return Err(FenError::WrongFieldCount { found: count });
        }
        let [placement, side, castling, en_passant, halfmove, fullmove] = fields;

        let mut board = Self::empty();
        board.read_placement(placement, options.lenient)?;
        board.side_to_move = match side {
            "w" => Color::White,
            "b" => Color::Black,
            _ => {
                return Err(FenError::InvalidSideToMove {
                    field: Snippet::new(side),
                });
            }
        };
        // Kings first: castling rights are read relative to them.
        board.validate_kings()?;
        board.read_castling(castling, clean)?;
        // The mode only says how castling is written; without rights it has
        // nothing to say, and boards that differ only in it are equal.
        board.chess960 =
            (options.chess960 || board.castling_needs_chess960()) && !board.castling.is_empty();
        board.en_passant = match en_passant {
            "-" => None,
            text => Some(text.parse().map_err(|_| FenError::InvalidEnPassant {
                field: Snippet::new(text),
            })?),
        };
        if count > 4 {
            board.halfmove_clock = parse_clock(halfmove).ok_or(FenError::InvalidHalfmoveClock {
                field: Snippet::new(halfmove),
            })?;
        }
        if count > 5 {
            let invalid = FenError::InvalidFullmoveNumber {
                field: Snippet::new(fullmove),
            };
            board.fullmove_number = match parse_clock(fullmove).ok_or(invalid)? {
                0 if options.lenient => 1,
                0 => return Err(invalid),
                number => number,
            };
        }
        board.validate(options.lenient, clean)?;
        board.key = board.compute_key();
        Ok(board)
    }

    /// Fills the piece bitboards from the placement field.
    fn read_placement(&mut self, placement: &str, lenient: bool) -> Result<(), FenError> {
        let found = placement.split('/').count();
        if found != Rank::NUM {
            return Err(FenError::WrongRankCount { found });
        }
        for (rank, text) in Rank::ALL.into_iter().rev().zip(placement.split('/')) {
            let mut files = 0usize;
            let mut after_digit = false;
            for c in text.chars() {
                if let Some(skip) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                    if after_digit && !lenient {
                        return Err(FenError::ConsecutiveDigits { rank });
                    }
                    after_digit = true;
                    files = files.saturating_add(skip as usize);
                    continue;
                }
                after_digit = false;
                let piece = Piece::from_char(c).ok_or(FenError::InvalidPiece { rank, found: c })?;
                let color = Color::of_letter(c);
                if let Some(file) = File::try_index(files) {
                    let square = Square::new(file, rank).bitboard();
                    self.pieces[piece.index()] |= square;
                    self.colors[color.index()] |= square;
                }
                files = files.saturating_add(1);
            }
            if files != File::NUM {
                return Err(FenError::WrongRankWidth { rank, files });
            }
        }
        Ok(())
    }
}

/// Parses a move clock: ASCII digits only, at most 65535.
fn parse_clock(text: &str) -> Option<u16> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

impl FromStr for Board {
    type Err = FenError;

    /// Same as [`Board::from_fen`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::from_fen(s)
    }
}

impl fmt::Display for Board {
    /// Writes the position as FEN.
    ///
    /// Castling rights are written in X-FEN, as python-chess writes them:
    /// `KQkq` for the outermost rook on each side of the king, the rook's
    /// file letter only where another rook stands further out on the back
    /// rank (`nqnbbrkr/…/NQNBBRKR w KQkq`, `…/RR2K3 w Bk`). The en passant
    /// square is written only when a pawn of the side to move stands ready
    /// to capture on it, as [`Board::en_passant`] keeps it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_fen(f, false)
    }
}

/// A board's FEN with the castling rights in Shredder-FEN letters (the
/// rooks' files, `HAha`), as [`Board::shredder_fen`] gives it.
#[derive(Debug, Clone, Copy)]
pub struct ShredderFen<'a>(&'a Board);

impl fmt::Display for ShredderFen<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write_fen(f, true)
    }
}

impl Board {
    /// The FEN with every castling right written as its rook's file letter
    /// (Shredder-FEN), as python-chess's `Board.shredder_fen()` writes it;
    /// `Display` writes X-FEN. Neither spelling sets the Chess960 mode when
    /// read back (see [`Board`]).
    ///
    /// ```
    /// use bitmoves::Board;
    /// let board = Board::chess960_start(0)?;
    /// assert_eq!(board.shredder_fen().to_string(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
    /// assert_eq!(board.to_string(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    /// # Ok::<(), bitmoves::Chess960Error>(())
    /// ```
    pub fn shredder_fen(&self) -> ShredderFen<'_> {
        ShredderFen(self)
    }

    /// Writes the FEN, the castling field in X-FEN or Shredder letters.
    fn write_fen(&self, f: &mut fmt::Formatter<'_>, shredder: bool) -> fmt::Result {
        for rank in Rank::ALL.into_iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                let square = Square::new(file, rank);
                match (self.piece_on(square), self.color_on(square)) {
                    (Some(piece), Some(color)) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", color.letter_case(piece.to_char()))?;
                    }
                    _ => empty += 1,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank != Rank::First {
                f.write_str("/")?;
            }
        }
        write!(f, " {} ", self.side_to_move.to_char())?;
        self.write_castling(f, shredder)?;
        match self.en_passant {
            Some(square) => write!(f, " {square}")?,
            None => f.write_str(" -")?,
        }
        write!(f, " {} {}", self.halfmove_clock, self.fullmove_number)
    }
}
