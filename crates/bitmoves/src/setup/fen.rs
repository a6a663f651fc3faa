//! FEN in and out for a [`Setup`], as python-chess reads and writes it for
//! every variant: `~` after promoted pieces and the Crazyhouse pocket
//! (`[Nq]` or a ninth row), Three-check's remaining checks (`3+3` in the
//! fifth field) or checks given (`+0+1` as the seventh), one to six
//! standard fields (the missing ones `w - - 0 1`).

use core::fmt;

use super::{HighFirst, Pocket, Setup, highest};
use crate::{Bitboard, Color, File, Piece, Rank, Square};

/// Why a FEN is not a setup; each kind names the field it found wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupFenError {
    /// The FEN has no fields at all.
    Empty,
    /// The placement field: not 8 rows of 8 squares of `pnbrqkPNBRQK`,
    /// digits and `~` after a piece.
    Placement,
    /// The pocket (`[...]` or the ninth row) has a character that is not a
    /// piece letter.
    Pocket,
    /// The side-to-move field is not `w` or `b`.
    Turn,
    /// The castling field is not `-` or up to two of `KQA-H` then up to two
    /// of `kqa-h`.
    Castling,
    /// The en passant field is not `-` or a square.
    EnPassant,
    /// Three-check's check field is not `W+B` (remaining) or `+W+B` (given).
    Checks,
    /// The half-move clock is not a number from 0 to 2^32 - 1.
    HalfmoveClock,
    /// The move number is not a number from 0 to 2^32 - 1.
    FullmoveNumber,
    /// More fields than a FEN has.
    TooManyFields,
}

impl fmt::Display for SetupFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Empty => "empty fen",
            Self::Placement => "invalid placement field in fen",
            Self::Pocket => "invalid pocket in fen",
            Self::Turn => "expected 'w' or 'b' for the side-to-move field of fen",
            Self::Castling => "invalid castling field in fen",
            Self::EnPassant => "invalid en passant field in fen",
            Self::Checks => "invalid check field in three-check fen",
            Self::HalfmoveClock => "invalid half-move clock in fen",
            Self::FullmoveNumber => "invalid fullmove number in fen",
            Self::TooManyFields => "fen has more fields than expected",
        })
    }
}

impl core::error::Error for SetupFenError {}

/// Reads the placement rows (no pocket) into `setup`'s pieces.
fn parse_placement(text: &str, setup: &mut Setup) -> Result<(), SetupFenError> {
    let mut rows = 0usize;
    for (row, line) in text.split('/').enumerate() {
        let rank = Rank::try_index(7usize.wrapping_sub(row)).ok_or(SetupFenError::Placement)?;
        rows += 1;
        let (mut file, mut last_digit, mut last_piece) = (0usize, false, None);
        for c in line.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                if last_digit {
                    return Err(SetupFenError::Placement);
                }
                file += d as usize;
                (last_digit, last_piece) = (true, None);
            } else if c == '~' {
                let square: Square = last_piece.ok_or(SetupFenError::Placement)?;
                setup.promoted.insert(square);
                (last_digit, last_piece) = (false, None);
            } else {
                let piece = Piece::from_char(c)
                    .filter(|_| c.is_ascii())
                    .ok_or(SetupFenError::Placement)?;
                let square = File::try_index(file)
                    .map(|f| Square::new(f, rank))
                    .ok_or(SetupFenError::Placement)?;
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                setup.put(square, color, piece, setup.promoted.contains(square));
                file += 1;
                (last_digit, last_piece) = (false, Some(square));
            }
        }
        if file != 8 {
            return Err(SetupFenError::Placement);
        }
    }
    if rows == 8 {
        Ok(())
    } else {
        Err(SetupFenError::Placement)
    }
}

/// Reads pocket letters (upper case White's, lower case Black's).
fn parse_pocket(text: &str) -> Result<[Pocket; 2], SetupFenError> {
    let mut pockets = [Pocket::default(); 2];
    for c in text.chars() {
        let piece = Piece::from_char(c)
            .filter(|_| c.is_ascii())
            .ok_or(SetupFenError::Pocket)?;
        let color = if c.is_ascii_uppercase() { 0 } else { 1 };
        pockets[color].add(piece);
    }
    Ok(pockets)
}

/// Whether castling text is `-`, or up to two of `KQA-H` then up to two
/// of `kqa-h` (python-chess's `FEN_CASTLING_REGEX`).
fn castling_syntax(text: &str) -> bool {
    if text == "-" {
        return true;
    }
    let upper = text
        .bytes()
        .take_while(|c| matches!(c, b'K' | b'Q' | b'A'..=b'H'))
        .count();
    let rest = &text[upper..];
    upper <= 2 && rest.len() <= 2 && rest.bytes().all(|c| matches!(c, b'k' | b'q' | b'a'..=b'h'))
}

/// The rook squares castling letters name on a placement (python-chess's
/// `_set_castling_fen`): `K`/`Q` the outermost rook beyond the king, else
/// the corner; a file letter that file's back-rank square.
fn castling_rooks(text: &str, s: &Setup) -> Bitboard {
    let mut rights = Bitboard::EMPTY;
    if text == "-" {
        return rights;
    }
    for flag in text.chars() {
        let color = if flag.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let back = color.back_rank();
        let rooks = s.pieces_of(color, Piece::Rook) & back.bitboard();
        let king = s.king_of(color);
        let square = match flag.to_ascii_lowercase() {
            'q' => match (rooks.first(), king) {
                (Some(rook), Some(king)) if rook < king => rook,
                _ => Square::new(File::A, back),
            },
            'k' => match (highest(rooks), king) {
                (Some(rook), Some(king)) if king < rook => rook,
                _ => Square::new(File::H, back),
            },
            letter => match File::from_char(letter) {
                Some(file) => Square::new(file, back),
                None => continue,
            },
        };
        rights.insert(square);
    }
    rights
}

/// A clock field: python-chess rejects negative numbers; we also reject
/// numbers past `u32`.
fn clock(text: &str, error: SetupFenError) -> Result<u32, SetupFenError> {
    let digits = text.strip_prefix('+').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(error);
    }
    digits.parse().map_err(|_| error)
}

/// A count of Three-check's check field (python-chess's `int`).
fn check_count(text: &str) -> Result<i32, SetupFenError> {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(SetupFenError::Checks);
    }
    text.parse().map_err(|_| SetupFenError::Checks)
}

/// Splits `W+B` into the two counts.
fn check_pair(text: &str) -> Result<[i32; 2], SetupFenError> {
    let (w, b) = text.split_once('+').ok_or(SetupFenError::Checks)?;
    Ok([check_count(w)?, check_count(b)?])
}

impl Setup {
    /// Reads a FEN in any variant's form: the placement may carry `~`
    /// marks and a pocket, the fifth field may be Three-check's remaining
    /// checks (`3+3`), a seventh field its checks given (`+0+0`). Missing
    /// fields are `w - - 0 1`; castling letters are resolved against the
    /// rooks on the board, as python-chess resolves them.
    ///
    /// ```
    /// use bitmoves::{setup::{Setup, SetupFenError}, Color, Piece};
    /// let s = Setup::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nq] w KQkq - 2+3 0 1")?;
    /// assert_eq!(s.pockets[Color::White.index()].count(Piece::Knight), 1);
    /// assert_eq!(s.remaining_checks, [2, 3]);
    /// assert_eq!(Setup::from_fen("8/8/8/8/8/8/8/8 x"), Err(SetupFenError::Turn));
    /// # Ok::<(), SetupFenError>(())
    /// ```
    pub fn from_fen(fen: &str) -> Result<Self, SetupFenError> {
        Self::read_fen(fen, true, true)
    }

    /// Reads a FEN; the pocket only with `pockets`, Three-check's fields
    /// only with `checks` (a board of another variant refuses them as
    /// python-chess's does).
    pub(crate) fn read_fen(fen: &str, pockets: bool, checks: bool) -> Result<Self, SetupFenError> {
        let mut fields = fen.split_ascii_whitespace();
        let placement = fields.next().ok_or(SetupFenError::Empty)?;
        let mut setup = Self::EMPTY;
        let (rows, pocket) = if !pockets {
            (placement, None)
        } else if let Some(rest) = placement.strip_suffix(']') {
            let (rows, pocket) = rest.split_once('[').ok_or(SetupFenError::Pocket)?;
            (rows, Some(pocket))
        } else if placement.matches('/').count() == 8 {
            let (rows, pocket) = placement.rsplit_once('/').ok_or(SetupFenError::Placement)?;
            (rows, Some(pocket))
        } else {
            (placement, None)
        };
        if let Some(pocket) = pocket {
            setup.pockets = parse_pocket(pocket)?;
        }
        setup.turn = match fields.next() {
            None | Some("w") => Color::White,
            Some("b") => Color::Black,
            Some(_) => return Err(SetupFenError::Turn),
        };
        let castling = fields.next().unwrap_or("-");
        if !castling_syntax(castling) {
            return Err(SetupFenError::Castling);
        }
        setup.ep_square = match fields.next() {
            None | Some("-") => None,
            Some(text) => Some(text.parse().map_err(|_| SetupFenError::EnPassant)?),
        };
        let mut next = fields.next();
        if let Some(field) = next.filter(|t| checks && t.contains('+')) {
            setup.remaining_checks = check_pair(field)?;
            next = fields.next();
        }
        if let Some(text) = next {
            setup.halfmove_clock = clock(text, SetupFenError::HalfmoveClock)?;
        }
        if let Some(text) = fields.next() {
            setup.fullmove_number = clock(text, SetupFenError::FullmoveNumber)?.max(1);
        }
        if checks && let Some(given) = fields.next() {
            let given = given.strip_prefix('+').ok_or(SetupFenError::Checks)?;
            let [w, b] = check_pair(given)?;
            setup.remaining_checks = [3i32.saturating_sub(w), 3i32.saturating_sub(b)];
        }
        if fields.next().is_some() {
            return Err(SetupFenError::TooManyFields);
        }
        // The placement last, as python-chess reads it: a damaged field is
        // named before the board.
        parse_placement(rows, &mut setup)?;
        setup.castling = castling_rooks(castling, &setup);
        Ok(setup)
    }

    /// Replaces the pieces with a FEN's placement field (no pocket;
    /// python-chess's `set_board_fen`), leaving the rest as it is.
    ///
    /// ```
    /// use bitmoves::setup::{Setup, SetupFenError};
    /// let mut setup = Setup::EMPTY;
    /// setup.set_board_fen("8/8/8/8/8/8/8/K6k")?;
    /// assert_eq!(setup.occupied().len(), 2);
    /// assert_eq!(setup.set_board_fen("8/8/8"), Err(SetupFenError::Placement));
    /// assert_eq!(setup.occupied().len(), 2, "unchanged on error");
    /// # Ok::<(), SetupFenError>(())
    /// ```
    pub fn set_board_fen(&mut self, text: &str) -> Result<(), SetupFenError> {
        let mut placed = Self::EMPTY;
        parse_placement(text.trim(), &mut placed)?;
        self.pieces = placed.pieces;
        self.colors = placed.colors;
        self.promoted = placed.promoted;
        Ok(())
    }

    /// Sets the castling rights from FEN letters resolved against the
    /// rooks on the board (python-chess's `set_castling_fen`).
    ///
    /// ```
    /// use bitmoves::{setup::Setup, Square};
    /// let mut setup = Setup::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1")?;
    /// setup.set_castling_fen("Kq")?;
    /// assert_eq!(setup.castling, Square::H1.bitboard() | Square::A8.bitboard());
    /// # Ok::<(), bitmoves::setup::SetupFenError>(())
    /// ```
    pub fn set_castling_fen(&mut self, text: &str) -> Result<(), SetupFenError> {
        if !text.is_empty() && !castling_syntax(text) {
            return Err(SetupFenError::Castling);
        }
        self.castling = if text.is_empty() {
            Bitboard::EMPTY
        } else {
            castling_rooks(text, self)
        };
        Ok(())
    }

    /// The placement field of the FEN, `~` after promoted pieces when
    /// `promoted` (python-chess's `board_fen(promoted=)`).
    ///
    /// ```
    /// use bitmoves::setup::Setup;
    /// let setup = Setup::from_fen("4k3/8/8/8/8/8/8/Q~3K3 w - - 0 1")?;
    /// assert_eq!(setup.board_fen(true).to_string(), "4k3/8/8/8/8/8/8/Q~3K3");
    /// assert_eq!(setup.board_fen(false).to_string(), "4k3/8/8/8/8/8/8/Q3K3");
    /// # Ok::<(), bitmoves::setup::SetupFenError>(())
    /// ```
    pub fn board_fen(&self, promoted: bool) -> BoardFen<'_> {
        BoardFen {
            setup: self,
            promoted,
        }
    }

    /// The castling rights as python-chess's X-FEN letters: `K`/`Q` for
    /// the outermost rook on its side, else the file letter.
    fn write_xfen_castling(&self, rights: Bitboard, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut any = false;
        for color in Color::ALL {
            let Some(king) = self.king_of(color) else {
                continue;
            };
            let back = color.back_rank().bitboard();
            for rook in HighFirst(rights & back) {
                let a_side = rook.file() < king.file();
                let others = self.pieces_of(color, Piece::Rook) & (back - rook.bitboard());
                let outer = others
                    .into_iter()
                    .any(|other| (other.file() < rook.file()) == a_side);
                let letter = match (outer, a_side) {
                    (true, _) => rook.file().to_char(),
                    (false, true) => 'q',
                    (false, false) => 'k',
                };
                f.write_char_cased(letter, color)?;
                any = true;
            }
        }
        if !any {
            f.write_str("-")?;
        }
        Ok(())
    }
}

/// Writes a letter upper case for White, lower case for Black.
trait WriteCased {
    fn write_char_cased(&mut self, c: char, color: Color) -> fmt::Result;
}

impl WriteCased for fmt::Formatter<'_> {
    fn write_char_cased(&mut self, c: char, color: Color) -> fmt::Result {
        use fmt::Write;
        self.write_char(match color {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c.to_ascii_lowercase(),
        })
    }
}

/// The placement field of a [`Setup`]'s FEN, written when displayed
/// ([`Setup::board_fen`]).
#[derive(Clone, Copy, Debug)]
pub struct BoardFen<'a> {
    setup: &'a Setup,
    promoted: bool,
}

impl fmt::Display for BoardFen<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        let s = self.setup;
        for rank in Rank::ALL.into_iter().rev() {
            let mut empty = 0u8;
            for file in File::ALL {
                let square = Square::new(file, rank);
                match s.piece_on(square) {
                    None => empty += 1,
                    Some((color, piece)) => {
                        if empty > 0 {
                            f.write_char(char::from(b'0' + empty))?;
                            empty = 0;
                        }
                        f.write_char_cased(piece.to_char(), color)?;
                        if self.promoted && s.promoted.contains(square) {
                            f.write_char('~')?;
                        }
                    }
                }
            }
            if empty > 0 {
                f.write_char(char::from(b'0' + empty))?;
            }
            if rank != Rank::First {
                f.write_char('/')?;
            }
        }
        Ok(())
    }
}

/// A FEN of a [`Setup`], written when displayed: what to include is set
/// by the fields (the rules fill them; see
/// [`Position::fen`](crate::variant::Position::fen)).
#[derive(Clone, Copy, Debug)]
pub struct FenWriter<'a> {
    /// The setup to write.
    pub setup: &'a Setup,
    /// The castling rights to write (rook squares).
    pub castling: Bitboard,
    /// The en passant square to write.
    pub ep_square: Option<Square>,
    /// Castling as Shredder letters (rook files) instead of X-FEN.
    pub shredder: bool,
    /// `~` after promoted pieces (Crazyhouse; Antichess with Chess960
    /// castling rights).
    pub promoted: bool,
    /// The pockets in brackets after the placement (Crazyhouse).
    pub pockets: bool,
    /// The remaining checks as a fifth field (Three-check).
    pub checks: bool,
    /// The two clocks at the end (FEN); without them, EPD.
    pub clocks: bool,
}

impl fmt::Display for FenWriter<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        let s = self.setup;
        write!(f, "{}", s.board_fen(self.promoted))?;
        if self.pockets {
            f.write_char('[')?;
            for color in Color::ALL {
                for piece in Piece::ALL.into_iter().rev() {
                    for _ in 0..s.pockets[color.index()].count(piece) {
                        f.write_char_cased(piece.to_char(), color)?;
                    }
                }
            }
            f.write_char(']')?;
        }
        write!(f, " {} ", s.turn.to_char())?;
        if self.shredder {
            let mut any = false;
            for color in Color::ALL {
                for rook in HighFirst(self.castling & color.back_rank().bitboard()) {
                    f.write_char_cased(rook.file().to_char(), color)?;
                    any = true;
                }
            }
            if !any {
                f.write_char('-')?;
            }
        } else {
            s.write_xfen_castling(self.castling, f)?;
        }
        match self.ep_square {
            Some(square) => write!(f, " {square}")?,
            None => f.write_str(" -")?,
        }
        if self.checks {
            let [w, b] = s.remaining_checks;
            write!(f, " {}+{}", w.max(0), b.max(0))?;
        }
        if self.clocks {
            write!(f, " {} {}", s.halfmove_clock, s.fullmove_number)?;
        }
        Ok(())
    }
}
