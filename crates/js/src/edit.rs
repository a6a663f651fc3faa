//! Editing a game as chess.js's `put`, `remove` and `setCastlingRights`
//! do, and what a position answers about attacks: `attackers`, check, and
//! chess.js's insufficient material.

use crate::fields::Placed;
use crate::game::{Game, side, square};
use crate::moves::bits;
use crate::zobrist::ox88;
use bitmoves::{Bitboard, Color, Piece, Square, attacks};

impl Game {
    /// chess.js's `_put`: refuses a second king of one colour.
    pub(crate) fn put_raw(&mut self, color: Color, kind: Piece, sq: Square) -> bool {
        if kind == Piece::King && self.king(color).is_some_and(|k| k != sq) {
            return false;
        }
        self.placement.set(sq, Some((color, kind)));
        true
    }

    /// chess.js's `put`: places the piece, then drops the castling flags
    /// the position no longer supports and the en passant square.
    pub fn put(&mut self, color: Color, kind: Piece, sq: Square) -> bool {
        let before = self.compute_hash();
        if !self.put_raw(color, kind, sq) {
            return false;
        }
        self.after_edit(before);
        true
    }

    /// chess.js's `remove`.
    pub fn remove(&mut self, sq: Square) -> Placed {
        let before = self.compute_hash();
        let placed = self.placement.set(sq, None);
        self.after_edit(before);
        placed
    }

    /// chess.js's `_updateCastlingRights` and `_updateEnPassantSquare`
    /// (which, in 1.4, always drops the square: it compares an empty
    /// square with `null`, but empty squares are `undefined`). The hash
    /// changes by what changed, as chess.js's incremental hash does (so an
    /// offset left by a null move stays).
    fn after_edit(&mut self, before: u64) {
        self.update_castling();
        self.fields.ep = None;
        self.engine = self.build_engine();
        self.sync960();
        self.rehash(before);
    }

    /// Moves the hash by the change from a position whose full hash was
    /// `before` to this one.
    pub(crate) fn rehash(&mut self, before: u64) {
        self.hash ^= before ^ self.compute_hash();
    }

    /// chess.js's `_updateCastlingRights`.
    pub fn update_castling(&mut self) {
        if self.chess960 {
            // The engine keeps the rights the position supports (sync960).
            return;
        }
        for (color, rank) in [(Color::White, 0), (Color::Black, 7)] {
            let king = self.placement[square(4, rank).index()] == Some((color, Piece::King));
            for (flag, file) in [(bits::QSIDE_CASTLE, 0), (bits::KSIDE_CASTLE, 7)] {
                let rook = self.placement[square(file, rank).index()] == Some((color, Piece::Rook));
                if !king || !rook {
                    self.fields.castling[side(color)] &= !flag;
                }
            }
        }
    }

    /// chess.js's `setCastlingRights` before its answer: sets or clears
    /// the flags asked for, then drops what the position does not support.
    /// chess.js sets the flags without touching its hash, so only the
    /// dropping moves it.
    pub fn set_castling(&mut self, color: Color, king: Option<bool>, queen: Option<bool>) {
        if self.chess960 {
            self.set_castling960(color, king, queen);
            return;
        }
        for (want, flag) in [(king, bits::KSIDE_CASTLE), (queen, bits::QSIDE_CASTLE)] {
            match want {
                Some(true) => self.fields.castling[side(color)] |= flag,
                Some(false) => self.fields.castling[side(color)] &= !flag,
                None => {}
            }
        }
        let before = self.compute_hash();
        self.update_castling();
        self.rehash(before);
        self.engine = self.build_engine();
    }

    /// `setCastlingRights` in Chess960 mode: a right cleared goes; a right
    /// set names the outermost rook of `color` on that side of its king on
    /// their back rank (X-FEN's `K`/`Q`), and is dropped, as the core drops
    /// it, when the king or that rook is not there. The hash follows the
    /// rights (chess.js's two flags per colour).
    fn set_castling960(&mut self, color: Color, king: Option<bool>, queen: Option<bool>) {
        let rank = if color == Color::White { 0 } else { 7 };
        let Some(king_square) = self.king(color).filter(|k| k.rank().index() == rank) else {
            return;
        };
        let king_file = king_square.file().index();
        let own = |c: char| c.is_ascii_uppercase() == (color == Color::White);
        // The side a letter of the castling field names: king's side true.
        let king_side = |c: char| match c.to_ascii_uppercase() {
            'K' => true,
            'Q' => false,
            file => usize::from(file as u8 - b'A') > king_file,
        };
        let mut field: String = self
            .castling960
            .chars()
            .filter(|&c| c != '-')
            .filter(|&c| {
                !own(c) || (king_side(c) && king.is_none()) || (!king_side(c) && queen.is_none())
            })
            .collect();
        let rooks = (0..8)
            .filter(|&file| self.placement[rank * 8 + file] == Some((color, Piece::Rook)))
            .fold(0u8, |rooks, file| rooks | 1 << file);
        let letters = if color == Color::White { "KQ" } else { "kq" };
        for (want, letter, files) in [
            (king, &letters[..1], !0u8 << king_file << 1),
            (queen, &letters[1..], !(!0u8 << king_file)),
        ] {
            if want == Some(true) && rooks & files != 0 {
                field.push_str(letter);
            }
        }
        if field.is_empty() {
            field.push('-');
        }
        let before = self.compute_hash();
        let kept = (self.castling960.clone(), self.engine);
        self.castling960 = field;
        self.engine = self.build_engine();
        if self.engine.is_none() {
            (self.castling960, self.engine) = kept;
            return;
        }
        self.sync960();
        self.rehash(before);
    }

    /// The squares holding pieces of `color` that attack `target`, in
    /// chess.js's order (a8 … h1).
    pub fn attackers(&self, target: Square, color: Color) -> Vec<Square> {
        let mut occupied = Bitboard::EMPTY;
        let mut of = [Bitboard::EMPTY; 6];
        for (index, placed) in self.placement.squares().iter().enumerate() {
            if let Some((c, kind)) = placed {
                let sq = Square::from_index(index).bitboard();
                occupied |= sq;
                if *c == color {
                    of[kind.index()] |= sq;
                }
            }
        }
        let found = (attacks::pawn(!color, target) & of[0])
            | (attacks::knight(target) & of[1])
            | (attacks::bishop(target, occupied) & (of[2] | of[4]))
            | (attacks::rook(target, occupied) & (of[3] | of[4]))
            | (attacks::king(target) & of[5]);
        let mut squares: Vec<Square> = found.into_iter().filter(|&s| s != target).collect();
        squares.sort_by_key(|s| ox88(s.index()));
        squares
    }

    /// Whether the side to move's king is attacked.
    pub fn is_check(&self) -> bool {
        let us = self.fields.turn;
        self.king(us)
            .is_some_and(|k| !self.attackers(k, !us).is_empty())
    }

    /// chess.js's `isInsufficientMaterial`: two pieces; three with one
    /// knight or bishop; or kings and bishops all on one square colour.
    pub fn is_insufficient_material(&self) -> bool {
        let mut count = [0u32; 6];
        let mut pieces = 0;
        let mut bishop_colors = Vec::new();
        for (index, placed) in self.placement.squares().iter().enumerate() {
            if let Some((_, kind)) = placed {
                count[kind.index()] += 1;
                pieces += 1;
                if *kind == Piece::Bishop {
                    bishop_colors.push((index / 8 + index % 8) % 2);
                }
            }
        }
        let bishops = count[Piece::Bishop.index()];
        if pieces == 2 || pieces == 3 && (bishops == 1 || count[Piece::Knight.index()] == 1) {
            return true;
        }
        pieces == bishops + 2
            && (bishop_colors.iter().all(|&c| c == 0) || bishop_colors.iter().all(|&c| c == 1))
    }
}
