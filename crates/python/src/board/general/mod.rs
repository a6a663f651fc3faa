//! The general engine: python-chess's rules on any position a [`Setup`]
//! holds (no kings, several kings, pawns on the back ranks, odd castling
//! rights and en passant squares), in Rust. A board whose position the
//! core does not take (`Setup::legal_state` is `None`) runs on this; the
//! core's generator stays the fast path for legal positions. Moves are
//! [`PyMove`]s, listed in python-chess's order (highest square first).
//!
//! | file | what it holds |
//! |---|---|
//! | `board/general/attacks.rs` | attacks, attackers, pins and slider blockers of a setup |
//! | `board/general/rules.rs` | castling rights cleaned, the en passant square checked, `status()`, insufficient material |
//! | `board/general/kinds.rs` | what kind a move is: castling, en passant, capture, zeroing |
//! | `board/general/movegen.rs` | pseudo-legal and legal moves, castling, en passant, evasions |
//! | `board/general/make.rs` | python-chess's `push` and `is_irreversible` |
//! | `board/general/fen.rs` | reading and writing FEN as python-chess does |
//! | `board/general/san.rs` | SAN out and in, as python-chess writes and reads it |

pub mod attacks;
pub mod fen;
pub mod kinds;
pub mod make;
pub mod movegen;
pub mod rules;
pub mod san;

pub use movegen::has_legal_en_passant;
pub use rules::{castling_rights, clean_castling_rights, valid_ep_square};

use super::setup::Setup;
use crate::values::PyMove;

/// What python-chess's rules read besides the setup: the Chess960 flag
/// (how castling moves are written, and which castling rights count) and
/// whether moves were pushed (python-chess then trusts the castling rights
/// as already cleaned).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// python-chess's `chess960`.
    pub chess960: bool,
    /// Whether the move stack is not empty.
    pub pushed: bool,
}

/// Bit of a square index.
#[inline]
pub fn bit(square: u8) -> u64 {
    1u64 << square
}

/// The squares of a mask, highest first (python-chess's `scan_reversed`).
pub fn scan_reversed(mut mask: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let square = 63 - mask.leading_zeros() as u8;
        mask &= !bit(square);
        Some(square)
    })
}

/// The highest square of a non-empty mask.
#[inline]
pub fn msb(mask: u64) -> u8 {
    63 - mask.leading_zeros() as u8
}

/// A move without promotion.
#[inline]
pub fn mv(from: u8, to: u8) -> PyMove {
    PyMove {
        from_square: from,
        to_square: to,
        promotion: None,
        drop: None,
    }
}

/// Rank 1 for White (`true`), rank 8 for Black.
#[inline]
pub fn back_rank(white: bool) -> u64 {
    if white { 0xff } else { 0xff << 56 }
}

/// Index of the python-chess colour in `Setup::colors`.
#[inline]
pub fn side(white: bool) -> usize {
    if white { 0 } else { 1 }
}

impl Setup {
    /// The pieces of python-chess's colour (`true` White).
    #[inline]
    pub fn co(&self, white: bool) -> u64 {
        self.colors[side(white)]
    }

    /// Whether White is to move.
    #[inline]
    pub fn white(&self) -> bool {
        self.turn == bitmoves::Color::White
    }

    /// The squares of a piece type by python-chess's number (1 to 6).
    #[inline]
    pub fn kind(&self, piece_type: u8) -> u64 {
        self.pieces[usize::from(piece_type - 1)]
    }

    /// python-chess's `piece_type_at`: 1 to 6, or `None`.
    pub fn piece_type_at(&self, square: u8) -> Option<u8> {
        let b = bit(square);
        (0..6u8)
            .find(|&i| self.pieces[usize::from(i)] & b != 0)
            .map(|i| i + 1)
    }

    /// python-chess's `king(color)`: the highest square of that colour's
    /// kings not marked promoted.
    pub fn king_of(&self, white: bool) -> Option<u8> {
        let kings = self.co(white) & self.kind(6) & !self.promoted;
        (kings != 0).then(|| msb(kings))
    }

    /// Takes the piece off `square`, returning its type.
    pub fn remove_at(&mut self, square: u8) -> Option<u8> {
        let piece = self.piece_type_at(square)?;
        let clear = !bit(square);
        for mask in self.pieces.iter_mut().chain(self.colors.iter_mut()) {
            *mask &= clear;
        }
        self.promoted &= clear;
        Some(piece)
    }

    /// Puts a piece on `square` (replacing what stood there).
    pub fn put_at(&mut self, square: u8, piece_type: u8, white: bool, promoted: bool) {
        self.remove_at(square);
        let b = bit(square);
        self.pieces[usize::from(piece_type - 1)] |= b;
        self.colors[side(white)] |= b;
        if promoted {
            self.promoted |= b;
        }
    }
}
