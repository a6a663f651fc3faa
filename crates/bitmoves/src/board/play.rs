//! The `impl Board` block for making moves: checked [`Board::play`], fast
//! [`Board::play_unchecked`], and [`Board::parse_move`] from UCI text.

use super::{Board, zobrist};
use crate::{CastlingSide, Color, Move, ParseMoveError, Piece, Square, attacks};
use bitmoves_tables as tables;
use core::fmt;

/// A move that is not legal in the position it was played in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IllegalMoveError {
    /// The move that was refused.
    pub mv: Move,
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {} in this position", self.mv)
    }
}

impl core::error::Error for IllegalMoveError {}

/// A null move asked for while the side to move is in check: passing would
/// leave the king capturable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NullMoveError;

impl fmt::Display for NullMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("no null move in check")
    }
}

impl core::error::Error for NullMoveError {}

/// Why UCI text could not be turned into a legal move on a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a UCI move at all.
    Syntax(ParseMoveError),
    /// The text is a move, but not a legal one here.
    Illegal(IllegalMoveError),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Syntax(error) => error.fmt(f),
            Self::Illegal(error) => error.fmt(f),
        }
    }
}

impl core::error::Error for MoveError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            Self::Syntax(error) => Some(error),
            Self::Illegal(error) => Some(error),
        }
    }
}

impl Board {
    /// Plays `mv` if it is legal. Otherwise returns an error and leaves the
    /// board as it was.
    ///
    /// ```
    /// use bitmoves::{Board, Move};
    /// let mut board = Board::default();
    /// board.play("e2e4".parse()?)?;
    /// assert_eq!(board.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// assert!(board.play("e2e4".parse()?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        if !self.is_legal(mv) {
            return Err(IllegalMoveError { mv });
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// Passes the move to the other side, as null-move pruning in a search
    /// does: the side to move changes, the en passant square goes, the key
    /// follows, and the clocks run as for a quiet move. Refused in check.
    ///
    /// ```
    /// use bitmoves::{Board, Color};
    /// let mut board = Board::default();
    /// board.play("e2e4".parse()?)?;
    /// board.play_null()?;
    /// assert_eq!(board.side_to_move(), Color::White);
    /// let check: Board = "4k3/8/8/8/8/8/8/4K2r w - - 0 1".parse()?;
    /// assert!(check.clone().play_null().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_null(&mut self) -> Result<(), NullMoveError> {
        if self.is_check() {
            return Err(NullMoveError);
        }
        let us = self.side_to_move();
        self.key ^= zobrist::en_passant_key(self.en_passant.take()) ^ tables::ZOBRIST_WHITE_TO_MOVE;
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        if us == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.side_to_move = !us;
        Ok(())
    }

    /// Reads UCI text as a legal move on this board. On a standard board,
    /// castling may be written either as the king's step (`e1g1`) or as
    /// king-takes-rook (`e1h1`); the move returned uses the board's own
    /// convention.
    ///
    /// ```
    /// use bitmoves::{Board, MoveError};
    /// let board = Board::default();
    /// assert_eq!(board.parse_move("g1f3")?.to_string(), "g1f3");
    /// assert!(matches!(board.parse_move("g1g3"), Err(MoveError::Illegal(_))));
    /// assert!(matches!(board.parse_move("g1"), Err(MoveError::Syntax(_))));
    /// # Ok::<(), MoveError>(())
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mut mv = Move::from_uci(text).map_err(MoveError::Syntax)?;
        // King onto its own castling rook is castling, written the
        // Chess960 way; a standard board writes it as the king's step.
        let castling_rook =
            self.castling_rights().rook_squares() & self.colors(self.side_to_move());
        if !self.is_chess960()
            && castling_rook.contains(mv.to)
            && let Some(castle) = self
                .castling_side(mv)
                .and_then(|side| self.castling_move(side))
        {
            mv = castle;
        }
        if self.is_legal(mv) {
            Ok(mv)
        } else {
            Err(MoveError::Illegal(IllegalMoveError { mv }))
        }
    }

    /// Plays `mv` without checking that it is legal: the fast path for moves
    /// taken from [`Board::legal_moves`] or [`Board::generate_moves`].
    ///
    /// With an illegal move the board may end up in a position no game can
    /// reach, and later answers about it are unspecified, but this is never
    /// undefined behaviour: the crate has no `unsafe` code on this path.
    /// Debug builds assert that a piece of the side to move stands on
    /// `mv.from`.
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        let Some(piece) = self.piece_on(mv.from) else {
            debug_assert!(false, "play_unchecked: no piece on {} for {mv}", mv.from);
            return;
        };
        self.play_piece(piece, mv);
    }

    /// A copy of the board to play a child move on, in the search loops
    /// (perft). It is `*self`, except in builds with AVX-512: there LLVM
    /// copies the board with 64-byte stores, which the child's next 1- and
    /// 8-byte reads cannot take their data from until the stores reach the
    /// cache (a failed store-to-load forward, tens of cycles on each
    /// child). The copy is then made in 16-byte pieces instead, as builds
    /// without AVX-512 make it.
    #[inline(always)]
    pub(crate) fn copy_for_child(&self) -> Self {
        #[cfg(target_feature = "avx512f")]
        return self.copy_by_chunks();
        #[cfg(not(target_feature = "avx512f"))]
        return *self;
    }

    /// `*self`, copied one 16-byte piece at a time (8 bytes off x86-64),
    /// with reads that the compiler may not merge into wider ones (see
    /// [`Board::copy_for_child`]).
    #[cfg(any(target_feature = "avx512f", target_arch = "x86_64", test))]
    #[inline(always)]
    pub(crate) fn copy_by_chunks(&self) -> Self {
        use core::mem::{MaybeUninit, align_of, size_of};
        #[cfg(target_arch = "x86_64")]
        type Chunk = core::arch::x86_64::__m128i;
        #[cfg(not(target_arch = "x86_64"))]
        type Chunk = u64;
        const CHUNKS: usize = size_of::<Board>() / size_of::<Chunk>();
        const {
            assert!(
                size_of::<Board>().is_multiple_of(size_of::<Chunk>())
                    && align_of::<Board>() >= align_of::<Chunk>()
            );
        }
        let mut copy = MaybeUninit::<Board>::uninit();
        let from = core::ptr::from_ref(self).cast::<MaybeUninit<Chunk>>();
        let to = copy.as_mut_ptr().cast::<MaybeUninit<Chunk>>();
        for chunk in 0..CHUNKS {
            // SAFETY: `self` is a valid board, readable for its
            // `size_of::<Board>()` bytes, a whole number of chunks, and
            // aligned for a chunk (both asserted above); `copy` has the
            // same size and alignment, and `chunk < CHUNKS` stays inside
            // both. The chunks are read and written as `MaybeUninit`, so
            // padding bytes are copied without being read as values.
            unsafe { to.add(chunk).write(from.add(chunk).read_volatile()) };
        }
        // SAFETY: every byte of `self` was copied into `copy`, and a
        // bitwise copy of a `Copy` type is a valid value of it.
        unsafe { copy.assume_init() }
    }

    /// [`Board::play_unchecked`] when the moving piece is already known, as
    /// it is to anyone holding a [`PieceMoves`](crate::PieceMoves).
    #[inline(always)]
    pub(crate) fn play_piece(&mut self, piece: Piece, mv: Move) {
        self.make::<true>(self.side_to_move(), piece, mv);
    }

    /// [`Board::play_piece`] with the side to move, `us`, given, so that a
    /// caller that knows it at compile time has the make compiled for it
    /// (perft's child loops).
    #[inline(always)]
    pub(crate) fn play_piece_of(&mut self, us: Color, piece: Piece, mv: Move) {
        self.make::<true>(us, piece, mv);
    }

    /// The part of a move that counting the next ply's moves needs: pieces,
    /// side to move, castling rights and the en passant square, but no key,
    /// no clocks and no Chess960 mode, and a capture is cleared from every
    /// piece set instead of looked up. Perft's pre-frontier nodes play their
    /// children this way and only count them: the board it leaves must
    /// never be seen outside.
    #[inline(always)]
    pub(crate) fn make_for_bulk_count(&mut self, us: Color, piece: Piece, mv: Move) {
        self.make::<false>(us, piece, mv);
    }

    /// A move made (copy-make: the caller has copied the board), in full
    /// (`FULL` true: key, clocks and Chess960 mode kept) or just enough to
    /// count the next ply (see [`Board::make_for_bulk_count`]).
    ///
    /// The crate has a second make, perft's two-step one
    /// (`Board::prepare_make` and `Board::make_prepared` in
    /// `perft/make.rs`), specialised for speed; castling, which it
    /// leaves out, comes here. **Law:** the two leave the same board,
    /// every field and the key alike: `perft/mod.rs`
    /// (`children_are_the_boards_play_makes`).
    #[inline(always)]
    fn make<const FULL: bool>(&mut self, us: Color, piece: Piece, mv: Move) {
        debug_assert_eq!(us, self.side_to_move());
        let Move {
            from,
            to,
            promotion,
        } = mv;
        debug_assert!(
            self.colored_pieces(us, piece).contains(from),
            "play_unchecked: {mv} is not a move of the side to move"
        );
        let en_passant = self.en_passant.take();
        // Castling rights change only when a move touches a castling rook's
        // square or a king with rights moves. Only the rights' one-byte
        // summary is kept for the key: a wider read of rights just written
        // byte by byte (or of a board just copied piece by piece, see
        // `copy_for_child`) would wait on those stores.
        let rooks = self.castling.rook_squares();
        let castling_may_change = rooks.intersects(from.bitboard() | to.bitboard())
            || (piece == Piece::King && rooks.intersects(us.back_rank().bitboard()));
        let castling_before = if FULL && castling_may_change {
            self.castling.bits()
        } else {
            0
        };
        if FULL {
            self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        }
        self.castling
            .forget_rooks_on(from.bitboard() | to.bitboard());

        let castles = match piece {
            Piece::King => CastlingSide::of_king_move(from, to, self.colors(us).contains(to)),
            _ => None,
        };
        if let Some(side) = castles {
            self.castle::<FULL>(us, side, from, to);
        } else {
            if !FULL {
                // Branch-free: whatever stood on `to` is gone.
                for set in &mut self.pieces {
                    *set -= to.bitboard();
                }
                self.colors[(!us).index()] -= to.bitboard();
            } else if self.colors(!us).contains(to)
                && let Some(captured) = self.piece_on(to)
            {
                self.toggle::<FULL>(!us, captured, to);
                self.halfmove_clock = 0;
            }
            self.toggle::<FULL>(us, piece, from);
            self.toggle::<FULL>(us, promotion.unwrap_or(piece), to);
            if piece == Piece::King {
                self.castling.clear(us);
            }
            if piece == Piece::Pawn {
                if FULL {
                    self.halfmove_clock = 0;
                }
                self.pawn_specials::<FULL>(us, from, to, en_passant);
            }
        }
        self.side_to_move = !us;
        if !FULL {
            return;
        }
        if us == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.key ^= tables::ZOBRIST_WHITE_TO_MOVE;
        // Most moves neither find nor leave an en passant square.
        if en_passant.is_some() || self.en_passant.is_some() {
            self.key ^=
                zobrist::en_passant_key(en_passant) ^ zobrist::en_passant_key(self.en_passant);
        }
        if castling_may_change {
            self.castling_changed(castling_before);
        }
    }

    /// Brings the key and the Chess960 mode up to date after the castling
    /// rights may have changed from `before` (as
    /// [`CastlingRights::bits`](crate::CastlingRights) gives them).
    #[inline(always)]
    pub(crate) fn castling_changed(&mut self, before: u8) {
        self.key ^= zobrist::castling_bits_key(before ^ self.castling.bits());
        // Chess960 mode only concerns castling (see `Board`'s docs).
        self.chess960 &= !self.castling.is_empty();
    }

    /// Adds or removes one piece, and with `FULL` keeps the key.
    #[inline(always)]
    pub(crate) fn toggle<const FULL: bool>(&mut self, color: Color, piece: Piece, square: Square) {
        self.pieces[piece.index()] ^= square.bitboard();
        self.colors[color.index()] ^= square.bitboard();
        if FULL {
            self.key ^= zobrist::piece_key(color, piece, square);
        }
    }

    /// Moves king and rook for castling to `side`; `to` is the rook's
    /// square (Chess960 convention) or the king's destination (standard).
    #[inline(always)]
    fn castle<const FULL: bool>(
        &mut self,
        us: Color,
        side: CastlingSide,
        king: Square,
        to: Square,
    ) {
        // In Chess960 notation the move names the rook's square (whose right
        // `forget_rooks_on` has just dropped); otherwise the right names it.
        let rook = if self.colored_pieces(us, Piece::Rook).contains(to) {
            to
        } else {
            self.castling
                .rook_square(us, side)
                .unwrap_or(Square::new(side.standard_rook_file(), king.rank()))
        };
        self.toggle::<FULL>(us, Piece::King, king);
        self.toggle::<FULL>(us, Piece::King, side.king_destination(us));
        self.toggle::<FULL>(us, Piece::Rook, rook);
        self.toggle::<FULL>(us, Piece::Rook, side.rook_destination(us));
        self.castling.clear(us);
    }

    /// En passant captures and double steps, after the pawn has moved.
    #[inline(always)]
    fn pawn_specials<const FULL: bool>(
        &mut self,
        us: Color,
        from: Square,
        to: Square,
        en_passant: Option<Square>,
    ) {
        if Some(to) == en_passant {
            self.toggle::<FULL>(!us, Piece::Pawn, to.en_passant_victim());
        } else if from.index().abs_diff(to.index()) == 16 {
            let passed = Square::from_index((from.index() + to.index()) / 2);
            if !(attacks::pawn(us, passed) & self.colored_pieces(!us, Piece::Pawn)).is_empty() {
                self.en_passant = Some(passed);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The size the docs give (`Board`'s and `docs/ARCHITECTURE.md`).
    #[test]
    fn a_board_is_96_bytes() {
        assert_eq!(core::mem::size_of::<Board>(), 96);
    }

    /// The piecewise copy perft uses in AVX-512 builds is the board
    /// itself, field for field, on every position two plies below
    /// positions with castling rights, en passant, promotions and a
    /// Chess960 start.
    #[test]
    fn a_copy_by_chunks_is_the_board() {
        for fen in super::super::MAKE_TEST_FENS {
            for board in super::super::up_to_two_plies_below(fen) {
                let copy = board.copy_by_chunks();
                assert_eq!(copy, board);
                assert_eq!(std::format!("{copy:?}"), std::format!("{board:?}"));
                assert_eq!(copy.copy_for_child(), board);
            }
        }
    }
}
