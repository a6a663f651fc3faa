//! Castling in one place: [`CastlingSide`] knows where king and rook land,
//! [`CastlingRights`] knows which rooks may still castle and the squares
//! each castle needs, and the board knows which castles are legal here
//! (free and safe: the last `impl Board` block, which the generator's king
//! moves call).
//!
//! Rights are stored by rook file, so Chess960 and standard chess share
//! one code path. How a castling move is *written* (the king's two-square
//! step on a standard board, king-takes-rook in Chess960 mode) is the
//! board's business: see [`Board::castling_move`](crate::Board::castling_move)
//! and [`Board::castling_side`](crate::Board::castling_side).

use crate::attacks::Sliders;
use crate::{Bitboard, Board, Color, File, Move, Square, attacks, enums::simple_enum};

simple_enum! {
    /// The side of the king a castling rook stands on.
    pub enum CastlingSide {
        /// Towards the h-file: the king ends on g1 or g8, the rook on f1 or f8.
        KingSide,
        /// Towards the a-file: the king ends on c1 or c8, the rook on d1 or d8.
        QueenSide,
    }
}

impl CastlingSide {
    /// The side of a king on `king` that a rook on `rook` stands on (the
    /// files must differ).
    ///
    /// ```
    /// use bitmoves::{CastlingSide, File};
    /// assert_eq!(CastlingSide::of_rook(File::B, File::G), CastlingSide::KingSide);
    /// assert_eq!(CastlingSide::of_rook(File::E, File::A), CastlingSide::QueenSide);
    /// ```
    #[inline(always)]
    pub const fn of_rook(king: File, rook: File) -> Self {
        if rook.index() > king.index() {
            Self::KingSide
        } else {
            Self::QueenSide
        }
    }

    /// The file of this side's rook in the standard starting position.
    pub const fn standard_rook_file(self) -> File {
        match self {
            Self::KingSide => File::H,
            Self::QueenSide => File::A,
        }
    }

    /// The square `color`'s king ends on after castling to this side: the
    /// g- or c-file of its back rank, in Chess960 as in standard chess.
    ///
    /// ```
    /// use bitmoves::{CastlingSide, Color, Square};
    /// assert_eq!(CastlingSide::KingSide.king_destination(Color::White), Square::G1);
    /// assert_eq!(CastlingSide::QueenSide.king_destination(Color::Black), Square::C8);
    /// ```
    #[inline(always)]
    pub const fn king_destination(self, color: Color) -> Square {
        let file = match self {
            Self::KingSide => File::G,
            Self::QueenSide => File::C,
        };
        Square::new(file, color.back_rank())
    }

    /// On a standard board (king on the e-file, rooks in the corners): the
    /// squares that must be empty to castle to this side, and the squares
    /// the king crosses and lands on, which no enemy may attack.
    #[inline(always)]
    pub(crate) const fn standard_squares(self, color: Color) -> (Bitboard, Bitboard) {
        // On the first rank: b1, c1, d1 and c1, d1; f1, g1 and f1, g1.
        let (empty, king_walk) = match self {
            Self::KingSide => (0x60, 0x60),
            Self::QueenSide => (0x0e, 0x0c),
        };
        let shift = 8 * color.back_rank().index();
        (Bitboard(empty << shift), Bitboard(king_walk << shift))
    }

    /// The square `color`'s rook ends on after castling to this side: the
    /// f- or d-file of its back rank.
    ///
    /// ```
    /// use bitmoves::{CastlingSide, Color, Square};
    /// assert_eq!(CastlingSide::KingSide.rook_destination(Color::Black), Square::F8);
    /// assert_eq!(CastlingSide::QueenSide.rook_destination(Color::White), Square::D1);
    /// ```
    #[inline(always)]
    pub const fn rook_destination(self, color: Color) -> Square {
        let file = match self {
            Self::KingSide => File::F,
            Self::QueenSide => File::D,
        };
        Square::new(file, color.back_rank())
    }
}

/// The squares one castling move needs, for a king and rook on their
/// squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CastlingPath {
    /// The rook's square.
    pub rook: Square,
    /// Squares that must be empty, apart from the king and rook themselves:
    /// every square either piece crosses or lands on.
    pub empty: Bitboard,
    /// Squares no enemy may attack: the ones the king crosses and lands on
    /// (its own square is covered by "not in check").
    pub king_walk: Bitboard,
}

/// The castling rights of both sides, as the files of the rooks that may
/// still castle. The rooks stand on their side's back rank.
///
/// ```
/// use bitmoves::{Board, CastlingSide, Color, File};
/// let board = Board::default();
/// let rights = board.castling_rights();
/// assert_eq!(rights.rook(Color::White, CastlingSide::KingSide), Some(File::H));
/// assert_eq!(rights.rook(Color::Black, CastlingSide::QueenSide), Some(File::A));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights {
    rooks: [[Option<File>; CastlingSide::NUM]; Color::NUM],
    /// The squares of the rooks above, so a move can tell in one test
    /// whether it touches a castling rook.
    squares: Bitboard,
    /// Which rights are held, one bit each (see [`CastlingRights::bits`]):
    /// one byte that a move's key update reads instead of the four files.
    held: u8,
}

impl CastlingRights {
    /// No castling rights at all.
    pub const NONE: Self = Self {
        rooks: [[None; 2]; 2],
        squares: Bitboard::EMPTY,
        held: 0,
    };

    /// The bit of `color`'s right to castle to `side` in
    /// [`CastlingRights::bits`].
    #[inline(always)]
    pub(crate) const fn bit(color: Color, side: CastlingSide) -> u8 {
        1 << (2 * color.index() + side.index())
    }

    /// The rights held, as four bits: bit `2 * color + side` (White 0,
    /// Black 1; king side 0, queen side 1).
    #[inline(always)]
    pub(crate) const fn bits(&self) -> u8 {
        self.held
    }

    /// The file of `color`'s rook that may castle to `side`, if any.
    #[inline(always)]
    pub const fn rook(&self, color: Color, side: CastlingSide) -> Option<File> {
        self.rooks[color.index()][side.index()]
    }

    /// The square of `color`'s rook that may castle to `side`, if any.
    #[inline(always)]
    pub const fn rook_square(&self, color: Color, side: CastlingSide) -> Option<Square> {
        match self.rook(color, side) {
            Some(file) => Some(Square::new(file, color.back_rank())),
            None => None,
        }
    }

    /// Sets (or with `None` clears) the rook that may castle.
    pub fn set(&mut self, color: Color, side: CastlingSide, rook: Option<File>) {
        self.rooks[color.index()][side.index()] = rook;
        let bit = Self::bit(color, side);
        self.held = if rook.is_some() {
            self.held | bit
        } else {
            self.held & !bit
        };
        self.squares = Bitboard::EMPTY;
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if let Some(square) = self.rook_square(color, side) {
                    self.squares.insert(square);
                }
            }
        }
    }

    /// Whether no right is left.
    #[inline(always)]
    pub const fn is_empty(&self) -> bool {
        self.squares.is_empty()
    }

    /// The squares of the rooks that may still castle.
    #[inline(always)]
    pub const fn rook_squares(&self) -> Bitboard {
        self.squares
    }

    /// Clears both of `color`'s rights, as when its king moves.
    #[inline(always)]
    pub fn clear(&mut self, color: Color) {
        self.rooks[color.index()] = [None, None];
        self.squares -= color.back_rank().bitboard();
        self.held &=
            !(Self::bit(color, CastlingSide::KingSide) | Self::bit(color, CastlingSide::QueenSide));
    }

    /// Drops the right of any castling rook on `squares`.
    #[inline(always)]
    pub(crate) fn forget_rooks_on(&mut self, squares: Bitboard) {
        if !self.squares.intersects(squares) {
            return;
        }
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if self
                    .rook_square(color, side)
                    .is_some_and(|rook| squares.contains(rook))
                {
                    self.rooks[color.index()][side.index()] = None;
                    self.held &= !Self::bit(color, side);
                }
            }
        }
        self.squares -= squares;
    }

    /// The squares `color` needs to castle to `side` with its king on
    /// `king`, if it still has that right.
    #[inline(always)]
    pub(crate) fn path(
        &self,
        color: Color,
        side: CastlingSide,
        king: Square,
    ) -> Option<CastlingPath> {
        let rook = self.rook_square(color, side)?;
        let king_to = side.king_destination(color);
        let rook_to = side.rook_destination(color);
        let king_walk = attacks::between(king, king_to) | king_to.bitboard();
        let rook_walk = attacks::between(rook, rook_to) | rook_to.bitboard();
        Some(CastlingPath {
            rook,
            empty: (king_walk | rook_walk) - king.bitboard() - rook.bitboard(),
            king_walk,
        })
    }
}

impl CastlingSide {
    /// The side a king move from `from` to `to` castles to, when the move
    /// is written as castling: the king onto a piece of its own (`onto_own`,
    /// king takes rook), or the king's step of two files along the rank.
    /// `None` for an ordinary king move.
    #[inline(always)]
    pub(crate) fn of_king_move(from: Square, to: Square, onto_own: bool) -> Option<Self> {
        let castles = onto_own || from.file().index().abs_diff(to.file().index()) > 1;
        castles.then(|| Self::of_rook(from.file(), to.file()))
    }
}

/// The `impl Board` block for castling moves: how they are written on this
/// board, and how a written move is recognised as one.
impl Board {
    /// The castling move of the side to move towards `side`, written in
    /// this board's convention (the king's step on a standard board,
    /// king-takes-rook in Chess960 mode), if the right is still there.
    /// Whether it is legal now is [`Board::is_legal`]'s question.
    ///
    /// ```
    /// use bitmoves::{Board, CastlingSide, FenOptions};
    /// let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse()?;
    /// let castle = board.castling_move(CastlingSide::QueenSide).unwrap();
    /// assert_eq!(castle.to_string(), "e1c1");
    /// let options = FenOptions { chess960: true, ..FenOptions::default() };
    /// let chess960 = Board::from_fen_with("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", options)?;
    /// assert_eq!(chess960.castling_move(CastlingSide::QueenSide).unwrap().to_string(), "e1a1");
    /// # Ok::<(), bitmoves::FenError>(())
    /// ```
    pub fn castling_move(&self, side: CastlingSide) -> Option<Move> {
        let us = self.side_to_move();
        let rook = self.castling_rights().rook_square(us, side)?;
        Some(Move::new(self.king(us), self.castling_target(side, rook)))
    }

    /// The to-square of the castling move towards `side` with the rook on
    /// `rook`: the rook's square in Chess960 mode, the king's destination
    /// on a standard board.
    #[inline(always)]
    pub(crate) fn castling_target(&self, side: CastlingSide, rook: Square) -> Square {
        if self.is_chess960() {
            rook
        } else {
            side.king_destination(self.side_to_move())
        }
    }

    /// The side `mv` castles to, when it is written as a castling move of
    /// the side to move: its king onto a piece of its own (king takes rook),
    /// or its king stepping two files or more. `None` for every other move.
    /// This reads the move's shape only; legality is [`Board::is_legal`]'s.
    ///
    /// ```
    /// use bitmoves::{Board, CastlingSide};
    /// let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse()?;
    /// assert_eq!(board.castling_side("e1g1".parse()?), Some(CastlingSide::KingSide));
    /// assert_eq!(board.castling_side("e1a1".parse()?), Some(CastlingSide::QueenSide));
    /// assert_eq!(board.castling_side("e1f1".parse()?), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn castling_side(&self, mv: Move) -> Option<CastlingSide> {
        let us = self.side_to_move();
        if mv.from != self.king(us) || mv.promotion.is_some() {
            return None;
        }
        CastlingSide::of_king_move(mv.from, mv.to, self.colors(us).contains(mv.to))
    }
}

/// Castling legality: which castles are free and safe, for the
/// generator (`movegen/king.rs`).
impl Board {
    /// The castling moves whose squares are free, one bit per side (bit
    /// `side.index()`): a small value that crosses into `safe_castles` in a
    /// register.
    #[inline(always)]
    pub(crate) fn unblocked_castles<const WHITE: bool>(&self, king: Square) -> u8 {
        let us = Color::of_const::<WHITE>();
        let occupied = self.occupied();
        let mut sides = 0;
        if !self.is_chess960() {
            // King and rooks on their standard squares: fixed paths.
            let held = self.castling_rights().bits() >> (2 * us.index());
            for side in CastlingSide::ALL {
                let (empty, _) = side.standard_squares(us);
                if held & (1 << side.index()) != 0 && !empty.intersects(occupied) {
                    sides |= 1 << side.index();
                }
            }
            return sides;
        }
        for side in CastlingSide::ALL {
            if let Some(path) = self.castling_rights().path(us, side, king)
                && !path.empty.intersects(occupied)
            {
                sides |= 1 << side.index();
            }
        }
        sides
    }

    /// The targets of the castling moves of `us`, holding the rights
    /// `held` (bit `side.index()` per side), on a standard board, whose
    /// squares are free in `occupied` and whose king walk `attacked` (the
    /// enemy's attack map; the king not in check) leaves alone.
    /// Branch-free.
    #[inline(always)]
    pub(crate) fn standard_castles(
        us: Color,
        held: u8,
        occupied: Bitboard,
        attacked: Bitboard,
    ) -> Bitboard {
        let mut to = 0;
        for side in CastlingSide::ALL {
            let (empty, king_walk) = side.standard_squares(us);
            let free = ((occupied & empty) | (attacked & king_walk)).is_empty();
            let ok = (u64::from(held) >> side.index()) & u64::from(free);
            to |= ok << side.king_destination(us).index();
        }
        Bitboard(to)
    }

    /// The targets of the unblocked castling moves (`sides`, from
    /// `unblocked_castles`) on a standard board, where the king steps to
    /// the g- or c-file: those whose king walk `attacked` (the enemy's
    /// attack map) leaves alone.
    #[inline(always)]
    pub(crate) fn safe_standard_castles(us: Color, sides: u8, attacked: Bitboard) -> Bitboard {
        let mut to = Bitboard::EMPTY;
        for side in CastlingSide::ALL {
            let (_, king_walk) = side.standard_squares(us);
            if sides & (1 << side.index()) != 0 && !king_walk.intersects(attacked) {
                to.insert(side.king_destination(us));
            }
        }
        to
    }

    /// The targets of the unblocked castling moves (`sides`, from
    /// `unblocked_castles`) of a board in Chess960 mode whose king walk is
    /// safe, written king-takes-rook (see [`Board::castling_move`]).
    #[inline(never)]
    pub(crate) fn safe_chess960_castles<const WHITE: bool>(
        &self,
        king: Square,
        sides: u8,
        s: impl Sliders,
    ) -> Bitboard {
        let us = Color::of_const::<WHITE>();
        let mut to = Bitboard::EMPTY;
        for side in CastlingSide::ALL {
            if sides & (1 << side.index()) == 0 {
                continue;
            }
            let Some(path) = self.castling_rights().path(us, side, king) else {
                continue;
            };
            // The castling rook may be shielding a square the king crosses
            // or lands on, so judge without it.
            let occupied = self.occupied() - king.bitboard() - path.rook.bitboard();
            let safe = !path
                .king_walk
                .iter()
                .any(|square| self.is_attacked_with(square, !us, occupied, s));
            if safe {
                to.insert(path.rook);
            }
        }
        to
    }
}
