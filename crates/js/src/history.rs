//! Playing and taking back moves as chess.js's `move()`, `undo()` and null
//! moves do, with chess.js's fields after a move and its hash's drift at
//! null moves.

use crate::engine::Engine;
use crate::game::{Entry, Fields, Game, castling_field, flags960, placed_on, side, square};
use crate::moves::{JsMove, bits};
use crate::zobrist::keys;
use bitmoves::{Bitboard, Color, Piece};

impl Game {
    pub(crate) fn snapshot(&self, mv: Option<JsMove>, san: String) -> Entry {
        Entry {
            placement: self.placement,
            fields: self.fields,
            engine: self.engine,
            hash: self.hash,
            mv,
            san,
        }
    }

    /// Plays a legal move as chess.js's `move()` does, counting the new
    /// position.
    pub fn play(&mut self, mv: JsMove, san: String) {
        let Some(mut board) = self.engine else { return };
        let before = self.compute_hash();
        self.history.push(self.snapshot(Some(mv), san));
        board.play_unchecked(mv.mv);
        // Only the squares the move touched change: its two, and those
        // whose occupancy changed (the rook's, the pawn taken en passant).
        let old = self.engine.map_or(Bitboard::EMPTY, |b| b.occupied());
        let touched = (old ^ board.occupied()) | mv.from.bitboard() | mv.to.bitboard();
        for sq in touched {
            self.placement.set(sq, placed_on(&board, sq));
        }
        self.fields = self.fields_after(&mv, &board);
        self.engine = Some(board);
        if self.chess960 {
            self.castling960 = castling_field(&board);
        }
        self.rehash(before);
        self.count();
    }

    /// chess.js's fields after the legal move `mv`, `board` being the
    /// position after it: castling flags dropped by a king or rook move or
    /// a capture on a rook's corner, the en passant square after a double
    /// step beside an enemy pawn, the clocks and the turn.
    pub(crate) fn fields_after(&self, mv: &JsMove, board: &Engine) -> Fields {
        let us = mv.color;
        let them = !us;
        let mut f = self.fields;
        if mv.piece == Piece::King {
            f.castling[side(us)] = 0;
        }
        let corners = |color: Color| {
            let rank = if color == Color::White { 0 } else { 7 };
            [
                (square(0, rank), bits::QSIDE_CASTLE),
                (square(7, rank), bits::KSIDE_CASTLE),
            ]
        };
        if let Some((_, flag)) = corners(us).into_iter().find(|(sq, _)| *sq == mv.from) {
            f.castling[side(us)] &= !flag;
        }
        if let Some((_, flag)) = corners(them).into_iter().find(|(sq, _)| *sq == mv.to) {
            f.castling[side(them)] &= !flag;
        }
        f.ep = None;
        if mv.flags & bits::BIG_PAWN != 0 {
            let beside = |df: i8| {
                mv.to
                    .offset(df, 0)
                    .is_some_and(|s| placed_on(board, s) == Some((them, Piece::Pawn)))
            };
            if beside(-1) || beside(1) {
                f.ep = mv.from.offset(0, if us == Color::White { 1 } else { -1 });
            }
        }
        if mv.piece == Piece::Pawn || mv.flags & (bits::CAPTURE | bits::EP_CAPTURE) != 0 {
            f.half = 0;
        } else {
            f.half += 1;
        }
        if us == Color::Black {
            f.full += 1;
        }
        f.turn = them;
        if self.chess960 {
            f.castling = flags960(board);
        }
        f
    }

    /// chess.js's null move through `move()`: the turn passes, the en
    /// passant square goes. chess.js's own hash does not follow: its
    /// null-move make leaves the hash alone and the make-and-unmake that
    /// builds the `Move` flips the side key and the old en passant key, so
    /// this does the same.
    pub fn play_null(&mut self) {
        self.history.push(self.snapshot(None, "--".to_owned()));
        if let Some(board) = &mut self.engine {
            board.play_null();
        }
        self.hash ^= self.ep_key() ^ keys().side;
        let f = &mut self.fields;
        if f.turn == Color::Black {
            f.full += 1;
        }
        f.half += 1;
        f.turn = !f.turn;
        f.ep = None;
        self.count();
    }

    /// What chess.js's hash goes through when `pgn()`, `history()` or its
    /// comment pruning unmakes and remakes the game: each null move's
    /// unmake flips the side key and the en passant key before it.
    pub fn replay_nulls(&mut self) {
        for entry in &self.history {
            if entry.mv.is_none() {
                self.hash ^=
                    entry.fields.ep.map_or(0, |ep| keys().ep[ep.file().index()]) ^ keys().side;
            }
        }
    }

    /// chess.js's `undo()`: restores the position before the last move and
    /// uncounts the position it leaves. Undoing a null move leaves
    /// chess.js's hash as it was (its unmake and the `Move` it builds flip
    /// the same keys twice).
    pub fn undo(&mut self) -> Option<Entry> {
        let entry = self.history.pop()?;
        let left = self.hash;
        self.uncount(left);
        self.placement = entry.placement;
        self.fields = entry.fields;
        self.engine = entry.engine;
        if self.chess960 {
            self.castling960 = self
                .engine
                .as_ref()
                .map_or_else(|| "-".to_owned(), castling_field);
        }
        self.hash = match entry.mv {
            Some(_) => entry.hash,
            None => left,
        };
        Some(entry)
    }
}
