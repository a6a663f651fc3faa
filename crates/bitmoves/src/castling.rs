//! [`CastlingRights`]: which rooks may still castle, stored by rook file so
//! that Chess960 and standard chess share one code path.

use crate::{Bitboard, Color, File, Rank, Square, types::simple_enum};

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
    /// The file the king ends on after castling to this side.
    pub const fn king_destination(self) -> File {
        match self {
            Self::KingSide => File::G,
            Self::QueenSide => File::C,
        }
    }

    /// The file the rook ends on after castling to this side.
    pub const fn rook_destination(self) -> File {
        match self {
            Self::KingSide => File::F,
            Self::QueenSide => File::D,
        }
    }
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
}

impl CastlingRights {
    /// No castling rights at all.
    pub const NONE: Self = Self {
        rooks: [[None; 2]; 2],
        squares: Bitboard::EMPTY,
    };

    /// The file of `color`'s rook that may castle to `side`, if any.
    #[inline(always)]
    pub const fn rook(&self, color: Color, side: CastlingSide) -> Option<File> {
        self.rooks[color.index()][side.index()]
    }

    /// Sets (or with `None` clears) the rook that may castle.
    pub fn set(&mut self, color: Color, side: CastlingSide, rook: Option<File>) {
        self.rooks[color.index()][side.index()] = rook;
        self.squares = Bitboard::EMPTY;
        for color in Color::ALL {
            for file in self.rooks[color.index()].into_iter().flatten() {
                self.squares
                    .insert(Square::new(file, Rank::First.relative_to(color)));
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
        self.squares -= Rank::First.relative_to(color).bitboard();
    }

    /// Drops the right of any castling rook on `squares`.
    #[inline(always)]
    pub(crate) fn forget_rooks_on(&mut self, squares: Bitboard) {
        if !self.squares.intersects(squares) {
            return;
        }
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if let Some(file) = self.rook(color, side)
                    && squares.contains(Square::new(file, Rank::First.relative_to(color)))
                {
                    self.set(color, side, None);
                }
            }
        }
    }
}
