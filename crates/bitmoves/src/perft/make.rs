//! Perft's make, in two steps: [`Board::prepare_make`] works out the part
//! of a move that all moves of one piece share (once per piece), and
//! [`Board::make_prepared`] makes each child from it (once per child).
//!
//! This is the second make of the crate, beside `Board::make` in
//! `board/play.rs`. They stay two because perft's is specialised for
//! speed: the shared part once per piece, and the kind of move (quiet,
//! capture, en passant) known at compile time from the target set it
//! comes from, which `play` does not know. It writes the board's fields,
//! which are `pub(crate)` for it alone. **Law:** the board it leaves is
//! the one [`Board::play_unchecked`] leaves, every field and the key
//! alike: `perft/mod.rs` (`children_are_the_boards_play_makes`).

use crate::Board;
use crate::board::zobrist;
use crate::{Bitboard, Color, Move, Piece, Square, attacks};
use bitmoves_tables as tables;

/// The kind of a move that is not castling, as the child loops know it
/// from the target set the move comes from.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum MoveKind {
    /// Onto an empty square (for a pawn: a step or a double step).
    Quiet,
    /// Onto a piece of the other side.
    Capture,
    /// A pawn onto the en passant square.
    EnPassant,
}

/// What every move of one piece from one square does to the board: the
/// fields it changes whatever the target, as they stand after the piece
/// has left its square (see [`Board::prepare_make`]).
#[derive(Clone, Copy)]
pub(crate) struct PreparedMake {
    /// The moving piece's kind, without the piece.
    pieces: Bitboard,
    /// The side to move's pieces, without the piece.
    ours: Bitboard,
    /// The key after the piece has left, the move passed to the other
    /// side and the en passant square gone.
    key: u64,
    halfmove_clock: u16,
    fullmove_number: u16,
    /// Whether the piece leaving changes the castling rights (a castling
    /// rook, or a king with rights); the key already has the change.
    castling_changes: bool,
}

impl Board {
    /// The first step of a move of `piece` of `us` (the side to move) from
    /// `from`: what its moves share, for [`Board::make_prepared`].
    #[inline(always)]
    pub(crate) fn prepare_make(&self, us: Color, piece: Piece, from: Square) -> PreparedMake {
        debug_assert_eq!(us, self.side_to_move());
        debug_assert!(self.colored_pieces(us, piece).contains(from));
        let mut key = self.key
            ^ tables::ZOBRIST_WHITE_TO_MOVE
            ^ zobrist::en_passant_key(self.en_passant)
            ^ zobrist::piece_key(us, piece, from);
        let rooks = self.castling.rook_squares();
        let castling_changes = rooks.contains(from)
            || (piece == Piece::King && rooks.intersects(us.back_rank().bitboard()));
        if castling_changes {
            let mut castling = self.castling;
            castling.forget_rooks_on(from.bitboard());
            if piece == Piece::King {
                castling.clear(us);
            }
            key ^= zobrist::castling_bits_key(self.castling.bits() ^ castling.bits());
        }
        PreparedMake {
            pieces: self.pieces(piece) ^ from.bitboard(),
            ours: self.colors(us) ^ from.bitboard(),
            key,
            halfmove_clock: if piece == Piece::Pawn {
                0
            } else {
                self.halfmove_clock.saturating_add(1)
            },
            fullmove_number: if us == Color::Black {
                self.fullmove_number.saturating_add(1)
            } else {
                self.fullmove_number
            },
            castling_changes,
        }
    }

    /// The second step, on a copy of the parent (`self`, with `us` to
    /// move): the move `mv` of `piece`, of the kind `kind`, made with what
    /// [`Board::prepare_make`] worked out for it; in full (`FULL`: key,
    /// clocks and Chess960 mode kept) or just enough for bulk counting (see
    /// [`Board::make_for_bulk_count`]). Not for castling.
    #[inline(always)]
    pub(crate) fn make_prepared<const FULL: bool>(
        &mut self,
        prepared: &PreparedMake,
        us: Color,
        piece: Piece,
        mv: Move,
        kind: MoveKind,
    ) {
        let Move {
            from,
            to,
            promotion,
        } = mv;
        debug_assert_eq!(kind == MoveKind::Capture, self.colors(!us).contains(to));
        self.en_passant = None;
        self.side_to_move = !us;
        self.pieces[piece.index()] = prepared.pieces;
        self.colors[us.index()] = prepared.ours;
        if FULL {
            self.key = prepared.key;
            self.halfmove_clock = prepared.halfmove_clock;
            self.fullmove_number = prepared.fullmove_number;
        }
        if prepared.castling_changes {
            // Made again on the copy: cheaper than copying the rights
            // (whose bytes, just written, would be read wider).
            if piece == Piece::King {
                self.castling.clear(us);
            } else {
                self.castling.forget_rooks_on(from.bitboard());
            }
            // Chess960 mode only concerns castling (see `Board`'s docs).
            if FULL {
                self.chess960 &= !self.castling.is_empty();
            }
        }
        if kind == MoveKind::Capture {
            if !FULL {
                // Branch-free: whatever stood on `to` is gone.
                for set in &mut self.pieces {
                    *set -= to.bitboard();
                }
                self.colors[(!us).index()] -= to.bitboard();
            } else if let Some(captured) = self.piece_on(to) {
                self.toggle::<true>(!us, captured, to);
            }
            if FULL {
                self.halfmove_clock = 0;
            }
            if self.castling.rook_squares().contains(to) {
                let before = self.castling.bits();
                self.castling.forget_rooks_on(to.bitboard());
                if FULL {
                    self.castling_changed(before);
                }
            }
        }
        self.toggle::<FULL>(us, promotion.unwrap_or(piece), to);
        if piece == Piece::Pawn {
            match kind {
                MoveKind::EnPassant => {
                    self.toggle::<FULL>(!us, Piece::Pawn, to.en_passant_victim())
                }
                MoveKind::Quiet if from.index().abs_diff(to.index()) == 16 => {
                    let passed = Square::from_index((from.index() + to.index()) / 2);
                    if attacks::pawn(us, passed).intersects(self.colored_pieces(!us, Piece::Pawn)) {
                        self.en_passant = Some(passed);
                        if FULL {
                            self.key ^= zobrist::en_passant_key(self.en_passant);
                        }
                    }
                }
                _ => {}
            }
        }
    }
}
