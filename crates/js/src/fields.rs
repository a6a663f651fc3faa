//! chess.js's state beside the placement: the side to move, its castling
//! flags, its en passant square and the clocks ([`Fields`]), and what a
//! square holds ([`Placed`]).

use bitmoves::{Color, Piece, Square};

/// A piece on a square: its colour and kind.
pub type Placed = Option<(Color, Piece)>;

/// chess.js's side-to-move, castling, en passant and clock fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fields {
    /// The side to move.
    pub turn: Color,
    /// chess.js's castling flags per colour (white, black):
    /// [`crate::moves::bits::KSIDE_CASTLE`] and
    /// [`crate::moves::bits::QSIDE_CASTLE`].
    pub castling: [u8; 2],
    /// The en passant square chess.js keeps (set after a double step next
    /// to an enemy pawn).
    pub ep: Option<Square>,
    /// The halfmove clock.
    pub half: u32,
    /// The fullmove number.
    pub full: u32,
}
