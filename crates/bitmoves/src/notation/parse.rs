//! Reading SAN: the `impl Board` block for [`Board::parse_san`], and
//! [`SanError`], which says whether the text was not SAN at all, named no
//! legal move, or named more than one.

use super::san::castling_text;
use crate::{Bitboard, Board, CastlingSide, File, Move, Piece, Rank, Square};
use core::fmt;

/// Why text could not be read as SAN for a legal move on a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SanError {
    /// The text is not SAN at all.
    Syntax {
        /// The byte offset where reading stopped: the first byte that
        /// cannot continue a SAN move, or the text's length when it ended
        /// too early.
        at: usize,
        /// The character at `at`, or `None` when the text ended there.
        found: Option<char>,
    },
    /// The text is SAN, but no legal move here fits it.
    NoSuchMove {
        /// The piece the text moves.
        piece: Piece,
        /// The square it moves to.
        to: Square,
        /// The promotion it names, if any.
        promotion: Option<Piece>,
    },
    /// The text castles (`O-O` or `O-O-O`), but that castling is not legal
    /// here.
    NoSuchCastling {
        /// The side it castles to.
        side: CastlingSide,
    },
    /// The text fits more than one legal move: it needs a file or rank to
    /// tell them apart.
    Ambiguous {
        /// The piece the text moves.
        piece: Piece,
        /// The square it moves to.
        to: Square,
        /// Where the pieces stand whose moves fit the text.
        candidates: Bitboard,
    },
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Syntax { at, found: None } => {
                write!(f, "not a SAN move: it ends too early, at byte {at}")
            }
            Self::Syntax { at, found: Some(c) } => {
                write!(f, "not a SAN move: unexpected {c:?} at byte {at}")
            }
            Self::NoSuchMove {
                piece,
                to,
                promotion,
            } => {
                write!(f, "no legal {piece} move to {to}")?;
                match promotion {
                    Some(promotion) => write!(f, " promoting to a {promotion}"),
                    None if piece == Piece::Pawn && Bitboard::BACK_RANKS.contains(to) => {
                        write!(f, " (a promotion names its piece, like {to}=Q)")
                    }
                    None => Ok(()),
                }
            }
            Self::NoSuchCastling { side } => {
                write!(f, "castling {} is not legal here", castling_text(side))
            }
            Self::Ambiguous {
                piece,
                to,
                candidates,
            } => {
                write!(f, "ambiguous: a {piece} move to {to} from ")?;
                for (i, square) in candidates.iter().enumerate() {
                    write!(f, "{}{square}", if i > 0 { " or " } else { "" })?;
                }
                Ok(())
            }
        }
    }
}

impl core::error::Error for SanError {}

/// A non-castling SAN move as written: what it names, before the board
/// is asked which legal move fits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Pattern {
    pub(super) piece: Piece,
    pub(super) from_file: Option<File>,
    pub(super) from_rank: Option<Rank>,
    /// Whether the text claims a capture (`x`).
    pub(super) capture: bool,
    pub(super) to: Square,
    pub(super) promotion: Option<Piece>,
}

/// The `impl Board` block for reading SAN.
impl Board {
    /// Reads SAN text as the legal move it names here.
    ///
    /// Besides SAN as [`Board::san`] writes it, this accepts what people
    /// commonly type:
    ///
    /// - castling with zeros, `0-0` and `0-0-0`;
    /// - promotion without `=` (`e8Q`), and promotion letters in lowercase
    ///   (`e8=q`, `e8q`, `e8b`);
    /// - a missing, extra or wrong check mark: `+`, `#` or `++` at the end
    ///   is read and ignored;
    /// - up to two annotation marks, `!` or `?`, at the very end
    ///   (`Nf3!?`, `Qxf7#!!`);
    /// - a missing `x` on a capture (`Nd5` for `Nxd5`, `ed5` for `exd5`);
    /// - more disambiguation than needed, up to long algebraic notation
    ///   (`Ng1f3`, `Ng1-f3`, `e2-e4`, `e2e4`, `e7e8q`);
    /// - a `P` for a pawn (`Pe4`).
    ///
    /// It rejects, as [`SanError::Syntax`], lowercase piece letters (`nf3`),
    /// surrounding whitespace, null moves (`--`, `Z0`), suffixes other than
    /// the ones above (`e.p.`, `$1`), promotion to a king or a pawn, and a
    /// promotion on a piece move. An `x` that claims a capture the move does
    /// not make is [`SanError::NoSuchMove`]. A pawn move without a file
    /// before the to-square is a push (`d5` never means `exd5`), and a
    /// pawn reaching the last rank must name its promotion.
    ///
    /// ```
    /// use bitmoves::{Board, SanError, Square};
    /// let board: Board = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 3".parse()?;
    /// assert_eq!(board.parse_san("Nf3")?.to_string(), "g1f3");
    /// assert_eq!(board.parse_san("Nge2")?.to_string(), "g1e2");
    /// assert_eq!(board.parse_san("Nd5!?")?.to_string(), "c3d5");
    /// assert!(matches!(
    ///     board.parse_san("Ne2"),
    ///     Err(SanError::Ambiguous { candidates, .. })
    ///         if candidates == Square::C3.bitboard() | Square::G1.bitboard()
    /// ));
    /// assert!(matches!(board.parse_san("Nxd5"), Err(SanError::NoSuchMove { .. })));
    /// assert!(matches!(board.parse_san("O-O"), Err(SanError::NoSuchCastling { .. })));
    /// assert!(matches!(board.parse_san("Nz3"), Err(SanError::Syntax { at: 1, found: Some('z') })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        read(self, text).map(|(_, mv)| mv)
    }

    /// Reads SAN text as [`Board::parse_san`] does and plays the move it
    /// names: the move, or the error with the board unchanged. Faster than
    /// `parse_san` then [`Board::play_unchecked`], as reading the SAN
    /// already found the moving piece (PGN replay plays every move so).
    ///
    /// ```
    /// use bitmoves::Board;
    /// let mut board = Board::default();
    /// assert_eq!(board.play_san("Nf3")?.to_string(), "g1f3");
    /// assert!(board.play_san("Nf3").is_err());
    /// assert_eq!(board.to_string(), "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
    /// # Ok::<(), bitmoves::SanError>(())
    /// ```
    pub fn play_san(&mut self, text: &str) -> Result<Move, SanError> {
        // The paths stay apart: merged, their move went through memory,
        // stored a byte at a time and loaded at once (a stall).
        let end = strip_suffixes(text.as_bytes());
        let (piece, mv) = match common_pattern(&text.as_bytes()[..end]) {
            Some(pattern) => {
                let mv = self.find_san_move(&pattern)?;
                self.play_piece(pattern.piece, mv);
                return Ok(mv);
            }
            None => read_spelled(self, text, end)?,
        };
        self.play_piece(piece, mv);
        Ok(mv)
    }

    /// The legal castling to `side`.
    fn find_castling(&self, side: CastlingSide) -> Result<Move, SanError> {
        self.castling_move(side)
            .filter(|&mv| self.is_legal(mv))
            .ok_or(SanError::NoSuchCastling { side })
    }

    /// The one legal move that fits `pattern`. Inlined: its result
    /// returned through memory came back as one load of bytes just stored
    /// one by one, a store-forwarding stall on every move.
    #[inline(always)]
    pub(super) fn find_san_move(&self, pattern: &Pattern) -> Result<Move, SanError> {
        let mut fits = self.san_candidates(pattern.piece, pattern.to);
        if let Some(file) = pattern.from_file {
            fits &= file.bitboard();
        }
        if let Some(rank) = pattern.from_rank {
            fits &= rank.bitboard();
        }
        let promotes = pattern.piece == Piece::Pawn && Bitboard::BACK_RANKS.contains(pattern.to);
        let no_such_move = SanError::NoSuchMove {
            piece: pattern.piece,
            to: pattern.to,
            promotion: pattern.promotion,
        };
        if pattern.capture {
            fits = Bitboard::from_iter(fits.iter().filter(|&from| {
                let mv = Move::new(from, pattern.to);
                self.is_capture(pattern.piece, mv)
            }));
        }
        // A pawn without its promotion fits nothing; the generated moves
        // promote whenever a pawn reaches the last rank, so the promotion
        // piece itself needs no further test.
        if promotes != pattern.promotion.is_some() {
            return Err(no_such_move);
        }
        match fits.single() {
            Some(from) => Ok(Move {
                from,
                to: pattern.to,
                promotion: pattern.promotion,
            }),
            None if fits.is_empty() => Err(no_such_move),
            None => Err(SanError::Ambiguous {
                piece: pattern.piece,
                to: pattern.to,
                candidates: fits,
            }),
        }
    }
}

/// A cursor over SAN text, ASCII byte by byte.
struct Reader<'a> {
    text: &'a str,
    end: usize,
    pos: usize,
}

impl Reader<'_> {
    /// Takes the next byte if `accept` maps it to something.
    fn take<T>(&mut self, accept: impl Fn(u8) -> Option<T>) -> Option<T> {
        let byte = *self.text.as_bytes()[..self.end].get(self.pos)?;
        let value = accept(byte)?;
        self.pos += 1;
        Some(value)
    }

    /// The syntax error at the current position (at `at`, for `error_at`).
    fn error(&self) -> SanError {
        self.error_at(self.pos)
    }

    fn error_at(&self, at: usize) -> SanError {
        let found = if at < self.end {
            self.text.get(at..).and_then(|rest| rest.chars().next())
        } else {
            None
        };
        SanError::Syntax { at, found }
    }
}

/// Reads SAN text, then asks `board` for the legal move it names. The
/// text is read into locals and the pattern handed over by reference: a
/// pattern returned by value came back as one 4-byte load of the bytes
/// just stored one by one, a store-forwarding stall on every move.
fn read(board: &Board, text: &str) -> Result<(Piece, Move), SanError> {
    let end = strip_suffixes(text.as_bytes());
    match common_pattern(&text.as_bytes()[..end]) {
        Some(pattern) => board.find_san_move(&pattern).map(|mv| (pattern.piece, mv)),
        None => read_spelled(board, text, end),
    }
}

/// [`read`] for any spelling, byte by byte: `end` is the text's length
/// without its suffixes.
#[inline(never)]
fn read_spelled(board: &Board, text: &str, end: usize) -> Result<(Piece, Move), SanError> {
    let mut reader = Reader { text, end, pos: 0 };
    if let Some(side) = read_castling(&mut reader)? {
        return board.find_castling(side).map(|mv| (Piece::King, mv));
    }
    let piece = reader.take(piece_of_letter).unwrap_or(Piece::Pawn);
    let file = |b: u8| File::from_char(char::from(b));
    let rank = |b: u8| Rank::from_char(char::from(b));
    let first = (reader.take(file), reader.take(rank));
    let separator_at = reader.pos;
    let separator = reader.take(|b| matches!(b, b'x' | b'-').then_some(b));
    // `-` only separates long algebraic: a whole from-square.
    if separator == Some(b'-') && !matches!(first, (Some(_), Some(_))) {
        return Err(reader.error_at(separator_at));
    }
    let second_at = reader.pos;
    let mut second = (reader.take(file), reader.take(rank));
    // After a whole square, a lone `b` is a lowercase bishop promotion
    // (`a8b`, as `a8q`), not the file of a to-square.
    if separator.is_none() && matches!((first, second), ((Some(_), Some(_)), (Some(_), None))) {
        reader.pos = second_at;
        second = (None, None);
    }
    let (from_file, from_rank, to) = match (first, separator, second) {
        ((Some(file), Some(rank)), None, (None, None)) => (None, None, Square::new(file, rank)),
        ((from_file, from_rank), _, (Some(file), Some(rank))) => {
            (from_file, from_rank, Square::new(file, rank))
        }
        _ => return Err(reader.error()),
    };
    let promotion_at = reader.pos;
    let equals = reader.take(|b| (b == b'=').then_some(())).is_some();
    let promotion = reader.take(|b| match Piece::from_char(char::from(b)) {
        Some(p @ (Piece::Knight | Piece::Bishop | Piece::Rook | Piece::Queen)) => Some(p),
        _ => None,
    });
    if (equals && promotion.is_none()) || reader.pos < end {
        return Err(reader.error());
    }
    if promotion.is_some() && piece != Piece::Pawn {
        return Err(reader.error_at(promotion_at));
    }
    let pattern = Pattern {
        piece,
        // A pawn move without a file stays on its file: a push.
        from_file: from_file.or((piece == Piece::Pawn).then_some(to.file())),
        from_rank,
        capture: separator == Some(b'x'),
        to,
        promotion,
    };
    board.find_san_move(&pattern).map(|mv| (piece, mv))
}

/// The pattern of the shapes most moves are written in (`e4`, `Nf3`,
/// `exd5`, `Nxe5`, `Nbd7`, `R1e2`), read straight from the bytes (check
/// marks already stripped); `None` for anything else, which [`read`]
/// reads byte by byte. Both give the same pattern for these shapes.
#[inline(always)]
fn common_pattern(bytes: &[u8]) -> Option<Pattern> {
    let file = |b: u8| File::from_char(char::from(b));
    let rank = |b: u8| Rank::from_char(char::from(b));
    let piece = |b: u8| piece_of_letter(b).filter(|&p| p != Piece::Pawn);
    let pattern = |piece, from_file, from_rank, capture, to_file, to_rank| {
        Some(Pattern {
            piece,
            from_file,
            from_rank,
            capture,
            to: Square::new(to_file, to_rank),
            promotion: None,
        })
    };
    match *bytes {
        [a, b] => {
            let to_file = file(a)?;
            pattern(Piece::Pawn, Some(to_file), None, false, to_file, rank(b)?)
        }
        [p, a, b] => pattern(piece(p)?, None, None, false, file(a)?, rank(b)?),
        [a, b'x', c, d] => match piece(a) {
            Some(p) => pattern(p, None, None, true, file(c)?, rank(d)?),
            None => pattern(Piece::Pawn, Some(file(a)?), None, true, file(c)?, rank(d)?),
        },
        [p, a, c, d] => {
            let (from_file, from_rank) = match (file(a), rank(a)) {
                (None, None) => return None,
                from => from,
            };
            pattern(piece(p)?, from_file, from_rank, false, file(c)?, rank(d)?)
        }
        _ => None,
    }
}

/// The piece an uppercase SAN letter names, `P` included.
pub(super) fn piece_of_letter(letter: u8) -> Option<Piece> {
    match letter {
        b'P' => Some(Piece::Pawn),
        b'N' => Some(Piece::Knight),
        b'B' => Some(Piece::Bishop),
        b'R' => Some(Piece::Rook),
        b'Q' => Some(Piece::Queen),
        b'K' => Some(Piece::King),
        _ => None,
    }
}

/// Reads `O-O` or `O-O-O` (or with zeros) when the text starts with `O`
/// or `0`; `None` when it does not.
fn read_castling(reader: &mut Reader) -> Result<Option<CastlingSide>, SanError> {
    let bytes = &reader.text.as_bytes()[..reader.end];
    let Some(&letter @ (b'O' | b'0')) = bytes.first() else {
        return Ok(None);
    };
    let long = [letter, b'-', letter, b'-', letter];
    let side = match bytes.len() {
        3 => CastlingSide::KingSide,
        _ => CastlingSide::QueenSide,
    };
    let expected = &long[..if side == CastlingSide::KingSide { 3 } else { 5 }];
    match bytes.iter().zip(expected).position(|(a, b)| a != b) {
        Some(at) => Err(reader.error_at(at)),
        None if bytes.len() == expected.len() => Ok(Some(side)),
        None => Err(reader.error_at(bytes.len().min(expected.len()))),
    }
}

/// The length of the text without its suffixes: up to two annotation
/// marks (`!`, `?`) at the very end, and before them `+`, `#` or `++`.
fn strip_suffixes(bytes: &[u8]) -> usize {
    let mut end = bytes.len();
    for _ in 0..2 {
        if end > 0 && matches!(bytes[end - 1], b'!' | b'?') {
            end -= 1;
        }
    }
    if end >= 2 && bytes[end - 2..end] == *b"++" {
        end -= 2;
    } else if end > 0 && matches!(bytes[end - 1], b'+' | b'#') {
        end -= 1;
    }
    end
}

#[cfg(test)]
mod tests {
    use super::{read_spelled, strip_suffixes};
    use crate::Board;

    /// The law of the fast path: on boards with captures, pins, promotions
    /// and castling, every text of up to four bytes over the letters SAN
    /// uses reads the same (move or error) with and without it.
    #[test]
    fn the_common_shapes_read_as_spelled_out() {
        let fens = [
            Board::STARTPOS_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
        ];
        let alphabet = b"NBRQKPxabdeh1458O-=+";
        for fen in fens {
            let board = Board::from_fen(fen).expect("valid");
            let mut text = [0u8; 4];
            for len in 1..=4 {
                for mut code in 0..alphabet.len().pow(len as u32) {
                    for byte in &mut text[..len] {
                        *byte = alphabet[code % alphabet.len()];
                        code /= alphabet.len();
                    }
                    let text = core::str::from_utf8(&text[..len]).expect("ASCII");
                    let end = strip_suffixes(text.as_bytes());
                    assert_eq!(
                        super::read(&board, text),
                        read_spelled(&board, text, end),
                        "{fen}: {text}"
                    );
                }
            }
        }
    }

    /// A lowercase promotion letter without `=` promotes, `b` (a bishop,
    /// and also a file letter) included; a bishop promotion is never read
    /// as a to-square on the b-file.
    #[test]
    fn lowercase_promotions_without_equals_promote_bishops_too() {
        let board = Board::from_fen("1n5k/P7/8/8/8/8/8/7K w - - 0 1").expect("valid");
        for (san, uci) in [
            ("a8b", "a7a8b"),
            ("a8q", "a7a8q"),
            ("a8=b", "a7a8b"),
            ("axb8b", "a7b8b"),
            ("axb8n", "a7b8n"),
        ] {
            assert_eq!(
                board.parse_san(san).map(|mv| mv.to_string()).as_deref(),
                Ok(uci),
                "{san}"
            );
        }
        for san in ["a8c", "a8bb", "a8k", "Na8b"] {
            assert!(board.parse_san(san).is_err(), "{san}");
        }
    }

    /// `play_san` is `parse_san` then `play_unchecked`: on every legal
    /// move (castling, en passant and promotions included) along random
    /// games from rich positions, standard and Chess960, the same move and
    /// the same board (key included); and an error leaves the board as it
    /// was.
    #[test]
    fn play_san_plays_what_parse_san_reads() {
        let fens = [
            Board::STARTPOS_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        ];
        super::super::random_walks(&fens, 20, 80, 0x2545_f491_4f6c_dd1d, |&board| {
            for mv in board.legal_moves() {
                let san = board.san(mv).expect("legal");
                let (mut played, mut expected) = (board, board);
                assert_eq!(played.play_san(san.as_str()), Ok(mv), "{board}: {san}");
                expected.play_unchecked(mv);
                assert_eq!(played, expected, "{board}: {san}");
            }
            let mut unchanged = board;
            assert!(unchanged.play_san("Ke9").is_err());
            assert_eq!(unchanged, board);
        });
    }
}
