//! A move as chess.js describes it ([`JsMove`]: from, to, piece, captured,
//! promotion and chess.js's flag bits), made from the core's [`Move`] on
//! its [`Engine`], and chess.js's order of the move list.

use crate::engine::Engine;
use crate::zobrist::ox88;
use bitmoves::{Color, Move, Piece, Square};

/// chess.js's `BITS`: the flags of a move.
pub mod bits {
    /// A quiet move.
    pub const NORMAL: u8 = 1;
    /// A capture (not en passant).
    pub const CAPTURE: u8 = 2;
    /// A pawn's double step.
    pub const BIG_PAWN: u8 = 4;
    /// An en passant capture.
    pub const EP_CAPTURE: u8 = 8;
    /// A promotion.
    pub const PROMOTION: u8 = 16;
    /// Castling on the king's side.
    pub const KSIDE_CASTLE: u8 = 32;
    /// Castling on the queen's side.
    pub const QSIDE_CASTLE: u8 = 64;
    /// A null move.
    pub const NULL_MOVE: u8 = 128;
}

/// chess.js's piece codes in the packed form: 1 pawn … 6 king, 0 none.
pub fn piece_code(piece: Option<Piece>) -> u32 {
    piece.map_or(0, |p| p.index() as u32 + 1)
}

/// A legal move as chess.js reports it. `to` is the king's destination
/// when castling (g1, c1), as chess.js writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JsMove {
    /// The core's move, to play it.
    pub mv: Move,
    /// The side moving.
    pub color: Color,
    /// The square left.
    pub from: Square,
    /// The square reached (the king's for castling).
    pub to: Square,
    /// The piece moving.
    pub piece: Piece,
    /// The piece taken, a pawn for en passant.
    pub captured: Option<Piece>,
    /// The piece promoted to.
    pub promotion: Option<Piece>,
    /// chess.js's flag bits ([`bits`]).
    pub flags: u8,
}

impl JsMove {
    /// The chess.js description of `mv`, legal on `board`.
    pub fn new(board: &Engine, mv: Move) -> Self {
        let color = board.side_to_move();
        let piece = board.piece_on(mv.from).unwrap_or(Piece::Pawn);
        let target = board
            .piece_on(mv.to)
            .filter(|_| board.color_on(mv.to) != Some(color));
        let mut flags = 0;
        let mut to = mv.to;
        let mut captured = target;
        let df = mv.to.file().index() as i32 - mv.from.file().index() as i32;
        let dr = mv.to.rank().index() as i32 - mv.from.rank().index() as i32;
        if piece == Piece::King && (board.color_on(mv.to) == Some(color) || df.abs() == 2) {
            // Castling: king-takes-rook (Chess960) or the king's two-step.
            // chess.js names the king's destination; Chess960 mode keeps
            // the rook's square, the UCI convention.
            let kingside = mv.to.file().index() > mv.from.file().index();
            let file = if kingside { 6 } else { 2 };
            if !board.is_chess960() {
                to = Square::try_index(mv.from.rank().index() * 8 + file).unwrap_or(mv.to);
            }
            flags |= if kingside {
                bits::KSIDE_CASTLE
            } else {
                bits::QSIDE_CASTLE
            };
            captured = None;
        } else if piece == Piece::Pawn && df != 0 && target.is_none() {
            flags |= bits::EP_CAPTURE;
            captured = Some(Piece::Pawn);
        } else if target.is_some() {
            flags |= bits::CAPTURE;
        }
        if piece == Piece::Pawn && dr.abs() == 2 {
            flags |= bits::BIG_PAWN;
        }
        if mv.promotion.is_some() {
            flags |= bits::PROMOTION;
        }
        if flags & !(bits::PROMOTION) == 0 {
            flags |= bits::NORMAL;
        }
        Self {
            mv,
            color,
            from: mv.from,
            to,
            piece,
            captured,
            promotion: mv.promotion,
            flags,
        }
    }

    /// The move packed into one `i32` for the JavaScript side: from (6
    /// bits), to (6), piece, captured, promotion (3 each, [`piece_code`]),
    /// flags (8).
    pub fn packed(&self) -> i32 {
        (self.from.index() as u32
            | (self.to.index() as u32) << 6
            | piece_code(Some(self.piece)) << 12
            | piece_code(self.captured) << 15
            | piece_code(self.promotion) << 18
            | u32::from(self.flags) << 21) as i32
    }

    /// Where chess.js's generator puts this move: by from-square in its
    /// order (a8 … h1), then the direction in its offset tables, the
    /// distance and the promotion (n, b, r, q); castling last, king's side
    /// first.
    pub fn order_key(&self) -> u32 {
        if self.flags & (bits::KSIDE_CASTLE | bits::QSIDE_CASTLE) != 0 {
            return (255 << 16) | u32::from(self.flags & bits::QSIDE_CASTLE != 0);
        }
        let from = ox88(self.from.index()) as i32;
        let offset = ox88(self.to.index()) as i32 - from;
        let promotion = match self.promotion {
            Some(Piece::Knight) => 0,
            Some(Piece::Bishop) => 1,
            Some(Piece::Rook) => 2,
            _ => 3,
        };
        let (direction, distance) = match self.piece {
            Piece::Pawn => {
                let sign = if self.color == Color::White { -1 } else { 1 };
                let offsets = [16, 32, 17, 15].map(|o| o * sign);
                (offsets.iter().position(|&o| o == offset).unwrap_or(0), 1)
            }
            Piece::Knight => {
                let offsets = [-18, -33, -31, -14, 18, 33, 31, 14];
                (offsets.iter().position(|&o| o == offset).unwrap_or(0), 1)
            }
            kind => {
                let df = self.to.file().index() as i32 - self.from.file().index() as i32;
                let dr = self.to.rank().index() as i32 - self.from.rank().index() as i32;
                let distance = df.abs().max(dr.abs()).max(1);
                let unit = offset / distance;
                let offsets: &[i32] = match kind {
                    Piece::Bishop => &[-17, -15, 17, 15],
                    Piece::Rook => &[-16, 1, 16, -1],
                    _ => &[-17, -16, -15, 1, 17, 16, 15, -1],
                };
                (
                    offsets.iter().position(|&o| o == unit).unwrap_or(0),
                    distance as u32,
                )
            }
        };
        (from as u32) << 16 | (direction as u32) << 8 | distance << 3 | promotion
    }
}

/// The legal moves of `board` from `square` and of kind `piece` (when
/// given), in chess.js's order.
pub fn legal(board: &Engine, square: Option<Square>, piece: Option<Piece>) -> Vec<JsMove> {
    let mut moves: Vec<JsMove> = board
        .legal_moves()
        .into_iter()
        .filter(|mv| square.is_none_or(|s| s == mv.from))
        .map(|mv| JsMove::new(board, mv))
        .filter(|m| piece.is_none_or(|p| p == m.piece))
        .collect();
    moves.sort_by_cached_key(JsMove::order_key);
    moves
}
