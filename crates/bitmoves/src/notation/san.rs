//! Writing SAN: [`San`], a move's Standard Algebraic Notation in a fixed
//! buffer, and the `impl Board` block for [`Board::san`].

use crate::movegen::Mask;
use crate::{
    Bitboard, Board, CastlingSide, Color, IllegalMoveError, Move, Piece, Rank, Square, attacks,
};
use core::{fmt, ops::Deref};

/// A move written in Standard Algebraic Notation (`Nbd7`, `exd6`, `e8=Q+`,
/// `O-O-O#`), as [`Board::san`] makes it.
///
/// It holds its text in a buffer of [`San::CAPACITY`] bytes, so writing
/// one allocates nothing. It dereferences to `str` and compares equal to
/// string slices.
///
/// ```
/// use bitmoves::Board;
/// let board = Board::default();
/// let san = board.san("g1f3".parse()?)?;
/// assert_eq!(san, "Nf3");
/// assert_eq!(san.to_string(), "Nf3");
/// assert_eq!(san.len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct San {
    bytes: [u8; San::CAPACITY],
    len: u8,
}

impl San {
    /// The longest SAN there is, in bytes: a piece letter, a full
    /// from-square, `x`, the to-square and `+` or `#` (`Qh4xe1#`) is 7, as
    /// is a pawn capture that promotes and checks (`exd8=Q+`). Castling is
    /// at most 6 (`O-O-O#`).
    pub const CAPACITY: usize = 7;

    const fn new() -> Self {
        Self {
            bytes: [0; Self::CAPACITY],
            len: 0,
        }
    }

    /// Appends ASCII text. Every SAN fits (see [`San::CAPACITY`]); were
    /// the bound ever wrong the text would be cut short, never a panic.
    fn push_str(&mut self, text: &str) {
        for &byte in text.as_bytes() {
            if let Some(slot) = self.bytes.get_mut(usize::from(self.len)) {
                *slot = byte;
                self.len += 1;
            }
        }
    }

    /// Appends one ASCII character.
    fn push(&mut self, c: char) {
        let mut buffer = [0; 4];
        self.push_str(c.encode_utf8(&mut buffer));
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        // Only ASCII is ever pushed, so this never falls back.
        core::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl Deref for San {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for San {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq<str> for San {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for San {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl fmt::Debug for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

/// The SAN letter of a piece: `N B R Q K`, and nothing for a pawn.
pub(super) const fn piece_letter(piece: Piece) -> Option<char> {
    match piece {
        Piece::Pawn => None,
        Piece::Knight => Some('N'),
        Piece::Bishop => Some('B'),
        Piece::Rook => Some('R'),
        Piece::Queen => Some('Q'),
        Piece::King => Some('K'),
    }
}

/// The SAN text of castling to `side`.
pub(super) const fn castling_text(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "O-O",
        CastlingSide::QueenSide => "O-O-O",
    }
}

/// The `impl Board` block for writing moves in SAN.
impl Board {
    /// Writes a legal move in Standard Algebraic Notation:
    ///
    /// - the piece letter (`N B R Q K`; none for a pawn);
    /// - for a piece, the least that tells it apart from the others of its
    ///   kind that may legally move to the same square: its file if no
    ///   other shares it, else its rank if no other shares that, else both
    ///   (`Nbd7`, `R1e2`, `Qh4e1`); a pawn capture names its file (`exd5`);
    /// - `x` for a capture, en passant included;
    /// - the to-square, then `=Q` (or `=R`, `=B`, `=N`) for a promotion;
    /// - `O-O` or `O-O-O` for castling, on standard and Chess960 boards;
    /// - `+` when the move gives check, `#` when it gives checkmate.
    ///
    /// A move that is not legal here (castling included, which must be
    /// written in the board's own convention, see [`Move`]) is an error.
    ///
    /// ```
    /// use bitmoves::Board;
    /// let board: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse()?;
    /// let san = |uci: &str| board.san(uci.parse().unwrap()).unwrap().to_string();
    /// assert_eq!(san("e5f7"), "Nxf7");
    /// assert_eq!(san("d5e6"), "dxe6");
    /// assert_eq!(san("e1c1"), "O-O-O");
    /// assert_eq!(san("c3b1"), "Nb1");
    /// assert_eq!(san("e2a6"), "Bxa6");
    /// assert!(board.san("e1e3".parse()?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn san(&self, mv: Move) -> Result<San, IllegalMoveError> {
        let piece = match self.piece_on(mv.from) {
            Some(piece) if self.is_legal(mv) => piece,
            _ => return Err(IllegalMoveError { mv }),
        };
        let mut san = San::new();
        match self.castling_side(mv) {
            Some(side) => san.push_str(castling_text(side)),
            None => self.write_san_body(&mut san, piece, mv),
        }
        if self.gives_check(mv) {
            let mut after = *self;
            after.play_piece(piece, mv);
            san.push(if after.has_legal_moves() { '+' } else { '#' });
        }
        Ok(san)
    }

    /// Everything of a non-castling SAN before the check mark.
    fn write_san_body(&self, san: &mut San, piece: Piece, mv: Move) {
        let capture = self.is_capture(piece, mv);
        match piece_letter(piece) {
            None if capture => san.push(mv.from.file().to_char()),
            None => {}
            Some(letter) => {
                san.push(letter);
                self.write_disambiguation(san, piece, mv);
            }
        }
        if capture {
            san.push('x');
        }
        write_square(san, mv.to);
        if let Some(letter) = mv.promotion.and_then(piece_letter) {
            san.push('=');
            san.push(letter);
        }
    }

    /// The file, rank or both of `mv.from`, as few as tell it apart from
    /// the other pieces of its kind that may legally move to `mv.to`.
    fn write_disambiguation(&self, san: &mut San, piece: Piece, mv: Move) {
        let others = self.san_candidates(piece, mv.to) - mv.from.bitboard();
        if others.is_empty() {
            return;
        }
        let (file, rank) = (mv.from.file(), mv.from.rank());
        if !others.intersects(file.bitboard()) {
            san.push(file.to_char());
        } else if !others.intersects(rank.bitboard()) {
            san.push(rank.to_char());
        } else {
            write_square(san, mv.from);
        }
    }

    /// The squares of the pieces of kind `piece` (of the side to move) with
    /// a legal move to `to` that SAN writes as a move of that piece to
    /// `to`: every legal move but castling, which SAN writes `O-O`.
    ///
    /// The pieces that reach `to` come from the attack tables; out of
    /// check, a pinned one stays only if `to` is on its pin line and the
    /// king only if `to` is not attacked; in check, a piece only if it
    /// takes the one checker or steps between, unpinned. For en passant
    /// the generator decides. PGN replay spends most of its time here.
    pub(super) fn san_candidates(&self, piece: Piece, to: Square) -> Bitboard {
        let us = self.side_to_move();
        let ours = self.colored_pieces(us, piece);
        let occupied = self.occupied();
        if self.colors(us).contains(to) {
            return Bitboard::EMPTY;
        }
        let en_passant = piece == Piece::Pawn && self.en_passant() == Some(to);
        let from = match piece {
            Piece::Pawn if self.colors(!us).contains(to) || en_passant => {
                attacks::pawn(!us, to) & ours
            }
            Piece::Pawn => self.pushers(to, ours),
            Piece::Knight => attacks::knight(to) & ours,
            Piece::Bishop => Self::reaching(attacks::bishop_rays(to) & ours, to, occupied),
            Piece::Rook => Self::reaching(attacks::rook_rays(to) & ours, to, occupied),
            Piece::Queen => Self::reaching(
                (attacks::bishop_rays(to) | attacks::rook_rays(to)) & ours,
                to,
                occupied,
            ),
            Piece::King => attacks::king(to) & ours,
        };
        if from.is_empty() {
            return from;
        }
        if en_passant {
            return self.generated_candidates(piece, to);
        }
        // One pass over the enemy sliders on the king's lines (small
        // tables only): one with nothing between is a check; one with a
        // single piece of ours between pins it, which may then only move
        // along that line (and not at all in check).
        let them = !us;
        let king = self.king(us);
        let queens = self.colored_pieces(them, Piece::Queen);
        let line_sliders = (attacks::bishop_rays(king)
            & (self.colored_pieces(them, Piece::Bishop) | queens))
            | (attacks::rook_rays(king) & (self.colored_pieces(them, Piece::Rook) | queens));
        let mut pinned = Bitboard::EMPTY;
        let mut pinned_off = Bitboard::EMPTY;
        let mut checkers = (attacks::knight(king) & self.colored_pieces(them, Piece::Knight))
            | (attacks::pawn(us, king) & self.colored_pieces(them, Piece::Pawn));
        for slider in line_sliders {
            let line = attacks::between(king, slider);
            let blockers = line & occupied;
            if blockers.is_empty() {
                checkers |= slider.bitboard();
            } else if !blockers.has_more_than_one() && blockers.intersects(from) {
                pinned |= blockers;
                if !(line | slider.bitboard()).contains(to) {
                    pinned_off |= blockers;
                }
            }
        }
        if piece == Piece::King {
            // In check the king no longer shields the squares behind it.
            let occupied = occupied - king.bitboard();
            let attacked = self.attacked_by_tables(to, them, occupied)
                || attacks::king(to).intersects(self.colored_pieces(them, Piece::King));
            return if attacked { Bitboard::EMPTY } else { from };
        }
        match checkers.single() {
            None if checkers.is_empty() => from - pinned_off,
            // Double check: only the king moves.
            None => Bitboard::EMPTY,
            // A piece answers a check by taking the checker or stepping
            // between; a pinned one cannot (its line meets the check's
            // only at the king).
            Some(checker)
                if (attacks::between(king, checker) | checker.bitboard()).contains(to) =>
            {
                from - pinned
            }
            Some(_) => Bitboard::EMPTY,
        }
    }

    /// The sliders in `sliders` (each on a line through `to` it moves
    /// along) with nothing between them and `to`. A line or two per move
    /// from the small `between` table: the magic tables' lookups missed
    /// the cache on most slider moves of a PGN replay.
    #[inline(always)]
    fn reaching(sliders: Bitboard, to: Square, occupied: Bitboard) -> Bitboard {
        Bitboard::from_iter(
            sliders
                .iter()
                .filter(|&from| (attacks::between(to, from) & occupied).is_empty()),
        )
    }

    /// Whether a knight, pawn or slider of `them` attacks `square` through
    /// `occupied` (kings aside), from the small tables only: knights and
    /// pawns by their attacks, and the sliders on the empty board's lines
    /// through `square` by what stands between. The magic tables' lookups
    /// missed the cache on most moves of a PGN replay.
    fn attacked_by_tables(&self, square: Square, them: Color, occupied: Bitboard) -> bool {
        if !(attacks::knight(square) & self.colored_pieces(them, Piece::Knight)).is_empty()
            || !(attacks::pawn(!them, square) & self.colored_pieces(them, Piece::Pawn)).is_empty()
        {
            return true;
        }
        let queens = self.colored_pieces(them, Piece::Queen);
        let line_sliders = (attacks::bishop_rays(square)
            & (self.colored_pieces(them, Piece::Bishop) | queens))
            | (attacks::rook_rays(square) & (self.colored_pieces(them, Piece::Rook) | queens));
        line_sliders
            .iter()
            .any(|slider| (attacks::between(square, slider) & occupied).is_empty())
    }

    /// The pawns in `pawns` that push onto the empty square `to`, one step
    /// or two.
    fn pushers(&self, to: Square, pawns: Bitboard) -> Bitboard {
        let (back, double_rank) = match self.side_to_move() {
            Color::White => (-1, Rank::Fourth),
            Color::Black => (1, Rank::Fifth),
        };
        if self.occupied().contains(to) {
            return Bitboard::EMPTY;
        }
        match to.offset(0, back) {
            Some(one) if pawns.contains(one) => one.bitboard(),
            Some(one) if to.rank() == double_rank && !self.occupied().contains(one) => one
                .offset(0, back)
                .map_or(Bitboard::EMPTY, |two| two.bitboard() & pawns),
            _ => Bitboard::EMPTY,
        }
    }

    /// [`Board::san_candidates`] by the generator, for the positions the
    /// fast path leaves to it.
    fn generated_candidates(&self, piece: Piece, to: Square) -> Bitboard {
        // Through the move list, not a closure of its own over the
        // generator: each closure is another copy of the whole generator
        // (12 KB of the lab's wasm module), and this path is rare.
        let mask = Mask {
            from: self.colored_pieces(self.side_to_move(), piece),
            to: to.bitboard(),
            pawn_to: to.bitboard(),
        };
        self.list_masked(mask)
            .iter()
            .filter(|mv| {
                let plain = Move::new(mv.from, mv.to);
                mv.to == to && (piece != Piece::King || self.castling_side(plain).is_none())
            })
            .map(|mv| mv.from)
            .collect()
    }

    /// Whether `mv`, a legal non-castling move of `piece`, captures: it
    /// lands on an enemy piece, or it is a pawn's diagonal step (which
    /// without a piece there is en passant).
    pub(super) fn is_capture(&self, piece: Piece, mv: Move) -> bool {
        self.colors(!self.side_to_move()).contains(mv.to)
            || (piece == Piece::Pawn && mv.from.file() != mv.to.file())
    }
}

/// Appends a square's name.
fn write_square(san: &mut San, square: Square) {
    san.push(square.file().to_char());
    san.push(square.rank().to_char());
}

#[cfg(test)]
mod tests {
    use crate::{Board, Piece, Square};

    /// The law of the fast path: for every position along random games
    /// from positions rich in pins, checks and en passant, every piece kind
    /// and every square, the candidates from the attack tables equal the
    /// generator's. Hundreds of the positions are in check, some in
    /// double check.
    #[test]
    fn fast_candidates_equal_the_generators() {
        let starts = [
            Board::STARTPOS_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 2",
            // Double check, by a knight and a bishop.
            "4k3/8/8/8/1b6/3n4/8/R3K2R w KQ - 0 1",
        ];
        let (mut positions, mut checks, mut double_checks) = (0, 0, 0);
        super::super::random_walks(&starts, 40, 60, 0x9e37_79b9_7f4a_7c15, |board| {
            checks += usize::from(board.is_check());
            double_checks += usize::from(board.checkers().has_more_than_one());
            for piece in Piece::ALL {
                for to in Square::ALL {
                    assert_eq!(
                        board.san_candidates(piece, to),
                        board.generated_candidates(piece, to),
                        "{board}: {piece} to {to}"
                    );
                }
            }
            positions += 1;
        });
        assert!(positions > 5_000);
        assert!(
            checks > 300 && double_checks > 5,
            "{checks} checks, {double_checks} double"
        );
    }
}
