//! [`Setup`]: any position a user can set up, legal or not, with the state
//! the variants add (pockets, promoted pieces, remaining checks).
//!
//! | file | what it holds |
//! |---|---|
//! | `setup/mod.rs` | the [`Setup`] type: pieces, side, castling rook squares, en passant square, clocks, variant state |
//! | `setup/fen.rs` | FEN in and out for every variant ([`SetupFenError`] names the field) |
//!
//! A `Setup` makes no promise: no kings, several kings, pawns on the back
//! rank and castling rights without their rook are all representable. The
//! rules that play it are in [`crate::variant`].

mod fen;

pub use fen::{BoardFen, FenWriter, SetupFenError};

use crate::{Bitboard, Color, Piece, Square};

/// How many of each piece (pawn to king) a side holds in hand, in
/// Crazyhouse. Counts saturate at 255; other variants keep it empty.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pocket(pub [u8; Piece::NUM]);

impl Pocket {
    /// How many of `piece` are in hand.
    pub const fn count(&self, piece: Piece) -> u8 {
        self.0[piece.index()]
    }

    /// Whether nothing is in hand.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// Adds one `piece` (saturating).
    pub fn add(&mut self, piece: Piece) {
        self.0[piece.index()] = self.0[piece.index()].saturating_add(1);
    }

    /// Takes one `piece` out, if there is one.
    pub fn remove(&mut self, piece: Piece) {
        self.0[piece.index()] = self.0[piece.index()].saturating_sub(1);
    }
}

/// A position as a user sets it up: any placement, any castling rights
/// (as rook squares), any en passant square, and the variant state.
///
/// ```
/// use bitmoves::{setup::Setup, Color, Piece, Square};
/// let setup: Setup = Setup::from_fen("4k3/8/8/8/8/8/8/KK6 b - - 0 7")?;
/// assert_eq!(setup.pieces_of(Color::White, Piece::King).len(), 2);
/// assert_eq!(setup.turn, Color::Black);
/// assert_eq!(setup.piece_on(Square::E8), Some((Color::Black, Piece::King)));
/// # Ok::<(), bitmoves::setup::SetupFenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The squares of each piece kind, indexed by [`Piece::index`].
    pub pieces: [Bitboard; Piece::NUM],
    /// The squares of each colour, indexed by [`Color::index`].
    pub colors: [Bitboard; Color::NUM],
    /// Pieces that were promoted from pawns (Crazyhouse's `~`): they go
    /// back to the pocket as pawns when captured.
    pub promoted: Bitboard,
    /// The side to move.
    pub turn: Color,
    /// The castling rights, as the squares of the rooks that may castle
    /// (as assigned: the rules clean them, see
    /// [`clean_castling_rights`](crate::variant::clean_castling_rights)).
    pub castling: Bitboard,
    /// The en passant square, as the FEN or the last move left it.
    pub ep_square: Option<Square>,
    /// Half-moves since the last capture or pawn move.
    pub halfmove_clock: u32,
    /// The move number, from 1.
    pub fullmove_number: u32,
    /// The pieces in hand, White then Black (Crazyhouse).
    pub pockets: [Pocket; Color::NUM],
    /// Checks each side still has to give to win, White then Black
    /// (Three-check; 3 and 3 elsewhere).
    pub remaining_checks: [i32; Color::NUM],
}

impl Default for Setup {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl Setup {
    /// The empty board, White to move, no rights, clocks 0 and 1, three
    /// checks each.
    pub const EMPTY: Self = Self {
        pieces: [Bitboard::EMPTY; Piece::NUM],
        colors: [Bitboard::EMPTY; Color::NUM],
        promoted: Bitboard::EMPTY,
        turn: Color::White,
        castling: Bitboard::EMPTY,
        ep_square: None,
        halfmove_clock: 0,
        fullmove_number: 1,
        pockets: [Pocket([0; Piece::NUM]); Color::NUM],
        remaining_checks: [3, 3],
    };

    /// The setup of a [`Board`](crate::Board) (a legal standard or Chess960
    /// position).
    ///
    /// ```
    /// use bitmoves::{setup::Setup, Board};
    /// let setup = Setup::from_board(&Board::startpos());
    /// assert_eq!(setup.occupied().len(), 32);
    /// assert_eq!(setup.castling.len(), 4);
    /// ```
    pub fn from_board(board: &crate::Board) -> Self {
        Self {
            pieces: Piece::ALL.map(|piece| board.pieces(piece)),
            colors: Color::ALL.map(|color| board.colors(color)),
            castling: board.castling_rights().rook_squares(),
            turn: board.side_to_move(),
            ep_square: board.en_passant(),
            halfmove_clock: u32::from(board.halfmove_clock()),
            fullmove_number: u32::from(board.fullmove_number()),
            ..Self::EMPTY
        }
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    /// The squares of one piece kind, both colours.
    #[inline(always)]
    pub fn kind(&self, piece: Piece) -> Bitboard {
        self.pieces[piece.index()]
    }

    /// The squares of one colour.
    #[inline(always)]
    pub fn side(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }

    /// The squares of one colour's pieces of one kind.
    #[inline(always)]
    pub fn pieces_of(&self, color: Color, piece: Piece) -> Bitboard {
        self.side(color) & self.kind(piece)
    }

    /// The piece kind on `square`, if any.
    pub fn piece_kind_on(&self, square: Square) -> Option<Piece> {
        Piece::ALL
            .into_iter()
            .find(|piece| self.kind(*piece).contains(square))
    }

    /// The colour and kind of the piece on `square`, if any.
    pub fn piece_on(&self, square: Square) -> Option<(Color, Piece)> {
        let piece = self.piece_kind_on(square)?;
        let color = if self.side(Color::White).contains(square) {
            Color::White
        } else {
            Color::Black
        };
        Some((color, piece))
    }

    /// python-chess's `king(color)`: the highest of the colour's kings not
    /// marked promoted.
    pub fn king_of(&self, color: Color) -> Option<Square> {
        highest(self.pieces_of(color, Piece::King) - self.promoted)
    }

    /// Takes the piece off `square`, returning it.
    pub fn remove(&mut self, square: Square) -> Option<(Color, Piece)> {
        let found = self.piece_on(square)?;
        let bit = square.bitboard();
        self.pieces[found.1.index()] -= bit;
        self.colors[found.0.index()] -= bit;
        self.promoted -= bit;
        Some(found)
    }

    /// Puts a piece on `square`, replacing what stood there.
    pub fn put(&mut self, square: Square, color: Color, piece: Piece, promoted: bool) {
        self.remove(square);
        let bit = square.bitboard();
        self.pieces[piece.index()] |= bit;
        self.colors[color.index()] |= bit;
        if promoted {
            self.promoted |= bit;
        }
    }
}

/// The highest square of a set (python-chess's `msb`), if any.
#[inline(always)]
pub(crate) fn highest(set: Bitboard) -> Option<Square> {
    if set.is_empty() {
        None
    } else {
        Square::try_index(63 - set.0.leading_zeros() as usize)
    }
}

/// The squares of a set, highest first (python-chess's `scan_reversed`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct HighFirst(pub Bitboard);

impl Iterator for HighFirst {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        let square = highest(self.0)?;
        self.0.remove(square);
        Some(square)
    }
}
