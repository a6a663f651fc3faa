//! Chess960 start positions by number: the `impl Board` block for
//! [`Board::chess960_start`] and [`Board::double_chess960_start`], and
//! [`Chess960Error`] for a number out of range.

use crate::{Board, CastlingSide, Color, FenOptions, File, Piece};
use core::fmt;

/// A Chess960 start position number outside 0 to 959.
///
/// ```
/// use bitmoves::{Board, Chess960Error};
/// assert_eq!(Board::chess960_start(960), Err(Chess960Error { number: 960 }));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chess960Error {
    /// The number asked for.
    pub number: u16,
}

impl fmt::Display for Chess960Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no Chess960 start position {}: the numbers run from 0 to 959",
            self.number
        )
    }
}

impl core::error::Error for Chess960Error {}

/// The two squares of the knights among the five squares left after the
/// bishops and the queen, for each of the ten values of the last digit.
const KNIGHTS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// The `impl Board` block for Chess960 start positions.
impl Board {
    /// How many Chess960 start positions there are: they are numbered
    /// 0 to 959.
    pub const CHESS960_POSITIONS: u16 = 960;

    /// The back rank of Chess960 start position `number`, a-file first, in
    /// the standard (Scharnagl) numbering:
    ///
    /// 1. `number % 4` puts the bishop on the light squares: on the b-, d-,
    ///    f- or h-file;
    /// 2. of what is left, `% 4` puts the dark-squared bishop on the a-,
    ///    c-, e- or g-file;
    /// 3. of what is left, `% 6` puts the queen on the first to sixth empty
    ///    square;
    /// 4. what is left (0 to 9) places the two knights on two of the five
    ///    empty squares, in the order ab, ac, ad, ae, bc, bd, be, cd, ce,
    ///    de of those squares;
    /// 5. rook, king and rook fill the last three squares in that order.
    ///
    /// Position 518 is the standard one.
    ///
    /// ```
    /// use bitmoves::{Board, Piece::*};
    /// assert_eq!(Board::chess960_back_rank(518)?, [Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook]);
    /// assert_eq!(Board::chess960_back_rank(0)?, [Bishop, Bishop, Queen, Knight, Knight, Rook, King, Rook]);
    /// assert_eq!(Board::chess960_back_rank(959)?, [Rook, King, Rook, Knight, Knight, Queen, Bishop, Bishop]);
    /// assert!(Board::chess960_back_rank(960).is_err());
    /// # Ok::<(), bitmoves::Chess960Error>(())
    /// ```
    pub fn chess960_back_rank(number: u16) -> Result<[Piece; 8], Chess960Error> {
        if number >= Self::CHESS960_POSITIONS {
            return Err(Chess960Error { number });
        }
        let mut rank: [Option<Piece>; 8] = [None; 8];
        let mut n = usize::from(number);
        rank[2 * (n % 4) + 1] = Some(Piece::Bishop);
        n /= 4;
        rank[2 * (n % 4)] = Some(Piece::Bishop);
        n /= 4;
        place_on_empty(&mut rank, n % 6, Piece::Queen);
        n /= 6;
        let (first, second) = KNIGHTS[n];
        // The second knight's index counts the first knight's square as
        // empty; place it first so the first placement does not shift it.
        place_on_empty(&mut rank, second, Piece::Knight);
        place_on_empty(&mut rank, first, Piece::Knight);
        for piece in [Piece::Rook, Piece::King, Piece::Rook] {
            place_on_empty(&mut rank, 0, piece);
        }
        Ok(rank.map(|piece| piece.unwrap_or(Piece::Pawn)))
    }

    /// Chess960 start position `number` (0 to 959, see
    /// [`Board::chess960_back_rank`] for the numbering): pawns on their
    /// usual ranks, both back ranks alike, White to move, and full castling
    /// rights. The board is in Chess960 mode, position 518 included, so
    /// castling is written king-takes-rook (see [`Board`]). Its FEN is
    /// X-FEN, as python-chess writes it (`KQkq` on every start, since each
    /// rook is the outermost on its side), so position 518's FEN reads back
    /// as a standard board unless [`FenOptions::chess960`] asks otherwise.
    ///
    /// ```
    /// use bitmoves::{Board, perft::perft};
    /// let board = Board::chess960_start(0)?;
    /// assert_eq!(board.to_string(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    /// assert!(board.is_chess960());
    /// let standard = Board::chess960_start(518)?;
    /// assert!(standard.is_chess960());
    /// assert_eq!(standard.to_string(), Board::STARTPOS_FEN);
    /// assert_eq!(perft(&standard, 3), 8_902);
    /// # Ok::<(), bitmoves::Chess960Error>(())
    /// ```
    pub fn chess960_start(number: u16) -> Result<Self, Chess960Error> {
        Self::double_chess960_start(number, number)
    }

    /// A Double Fischer Random Chess start position: White's back rank from
    /// Chess960 start position `white`, Black's from `black`, each 0 to 959.
    /// Otherwise as [`Board::chess960_start`], which is the case
    /// `white == black`.
    ///
    /// ```
    /// use bitmoves::Board;
    /// let board = Board::double_chess960_start(518, 0)?;
    /// assert_eq!(board.to_string(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// # Ok::<(), bitmoves::Chess960Error>(())
    /// ```
    pub fn double_chess960_start(white: u16, black: u16) -> Result<Self, Chess960Error> {
        let ranks = [
            Self::chess960_back_rank(white)?,
            Self::chess960_back_rank(black)?,
        ];
        let mut fen = FenBuffer::default();
        fen.push_back_rank(Color::Black, &ranks[1]);
        fen.push_str("/pppppppp/8/8/8/8/PPPPPPPP/");
        fen.push_back_rank(Color::White, &ranks[0]);
        fen.push_str(" w ");
        for (color, rank) in [(Color::White, &ranks[0]), (Color::Black, &ranks[1])] {
            for side in CastlingSide::ALL {
                if let Some(file) = castling_rook(rank, side) {
                    fen.push(color.letter_case(file.to_char()));
                }
            }
        }
        fen.push_str(" - 0 1");
        let options = FenOptions {
            chess960: true,
            lenient: false,
        };
        match Self::from_fen_with(fen.as_str(), options) {
            Ok(board) => Ok(board),
            // A test builds all 921,600 pairs.
            Err(_) => unreachable!("every Chess960 start position is valid"),
        }
    }
}

/// Puts `piece` on the `index`-th still empty square (counting from 0).
fn place_on_empty(rank: &mut [Option<Piece>; 8], index: usize, piece: Piece) {
    if let Some(square) = rank.iter_mut().filter(|square| square.is_none()).nth(index) {
        *square = Some(piece);
    }
}

/// The file of the rook on `side` of the king in a back rank.
fn castling_rook(rank: &[Piece; 8], side: CastlingSide) -> Option<File> {
    let king = rank.iter().position(|&piece| piece == Piece::King)?;
    let rook = match side {
        CastlingSide::KingSide => (king + 1..8).find(|&i| rank[i] == Piece::Rook),
        CastlingSide::QueenSide => (0..king).rev().find(|&i| rank[i] == Piece::Rook),
    }?;
    File::try_index(rook)
}

/// A FEN being written on the stack: 8 + 35 + 8 placement bytes, 3, at
/// most 4 castling letters and 6 more make 64.
struct FenBuffer {
    bytes: [u8; 64],
    len: usize,
}

impl Default for FenBuffer {
    fn default() -> Self {
        Self {
            bytes: [0; 64],
            len: 0,
        }
    }
}

impl FenBuffer {
    fn push(&mut self, c: char) {
        if let (Ok(byte), Some(slot)) = (u8::try_from(c), self.bytes.get_mut(self.len)) {
            *slot = byte;
            self.len += 1;
        }
    }

    fn push_str(&mut self, text: &str) {
        text.chars().for_each(|c| self.push(c));
    }

    fn push_back_rank(&mut self, color: Color, rank: &[Piece; 8]) {
        for piece in rank {
            self.push(color.letter_case(piece.to_char()));
        }
    }

    fn as_str(&self) -> &str {
        core::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}
