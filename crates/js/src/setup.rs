//! Setting a game up as chess.js's `load` does: the placement, the flags
//! and clocks read from a FEN, and the engine built for the position (the
//! core's `Board` when it plays it, else the loose engine).

use crate::engine::Engine;
use crate::game::{Game, castling_field, flags960, side, square};
use crate::moves::bits;
use bitmoves::variant::Position;
use bitmoves::{Board, Color, FenOptions, Piece};
use std::fmt::Write;

impl Game {
    /// chess.js's `load` after its validation (done by the caller): reads
    /// the placement as chess.js does (a second king of one colour is
    /// dropped, squares past a rank's end are skipped), the flags as
    /// letters found, and counts the position once.
    pub fn load(&mut self, fen: &str) {
        self.clear();
        let tokens: Vec<&str> = fen.split_whitespace().collect();
        let field = |i: usize| tokens.get(i).copied().unwrap_or("");
        let mut at = 0usize; // chess.js's 0x88 index, a8 = 0
        for c in field(0).chars() {
            if c == '/' {
                at += 8;
            } else if let Some(d) = c.to_digit(10) {
                at += d as usize;
            } else {
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let kind = "pnbrqk".find(c.to_ascii_lowercase()).map(Piece::from_index);
                if let (Some(kind), true) = (kind, at < 128 && at & 0x88 == 0) {
                    let sq = square(at % 16, 7 - at / 16);
                    self.put_raw(color, kind, sq);
                }
                at += 1;
            }
        }
        self.fields.turn = if field(1) == "b" {
            Color::Black
        } else {
            Color::White
        };
        let castling = field(2);
        for (letter, color, flag) in [
            ('K', 0, bits::KSIDE_CASTLE),
            ('Q', 0, bits::QSIDE_CASTLE),
            ('k', 1, bits::KSIDE_CASTLE),
            ('q', 1, bits::QSIDE_CASTLE),
        ] {
            if castling.contains(letter) {
                self.fields.castling[color] |= flag;
            }
        }
        if self.chess960 {
            self.castling960 = castling.to_owned();
        }
        self.fields.ep = field(3).parse().ok();
        self.fields.half = parse_int(field(4));
        self.fields.full = parse_int(field(5));
        self.refresh();
        self.count();
    }

    /// Recomputes the hash and rebuilds the engine after the position was
    /// set up.
    fn refresh(&mut self) {
        self.engine = self.build_engine();
        self.sync960();
        self.hash = self.compute_hash();
    }

    /// In Chess960 mode, takes the castling rights from the engine: the
    /// X-FEN field, and chess.js's flags (a right on the king's side sets
    /// `K`, on the queen's side `Q`).
    pub(crate) fn sync960(&mut self) {
        if !self.chess960 {
            return;
        }
        let Some(board) = &self.engine else {
            self.castling960 = String::from("-");
            self.fields.castling = [0; 2];
            return;
        };
        self.castling960 = castling_field(board);
        self.fields.castling = flags960(board);
    }

    /// The engine for this position: the core's board when it plays it
    /// (the castling flags the king and rooks support, lenient checks),
    /// else the loose engine (not in Chess960 mode).
    pub(crate) fn build_engine(&self) -> Option<Engine> {
        let mut fen = self.placement_fen();
        let turn = if self.fields.turn == Color::White {
            'w'
        } else {
            'b'
        };
        let _ = write!(fen, " {turn} ");
        let mut any = false;
        if self.chess960 {
            fen.push_str(&self.castling960);
            any = true;
        }
        for (letter, color, flag, rook_file) in [
            ('K', Color::White, bits::KSIDE_CASTLE, 7),
            ('Q', Color::White, bits::QSIDE_CASTLE, 0),
            ('k', Color::Black, bits::KSIDE_CASTLE, 7),
            ('q', Color::Black, bits::QSIDE_CASTLE, 0),
        ] {
            let rank = if color == Color::White { 0 } else { 7 };
            if !self.chess960
                && self.fields.castling[side(color)] & flag != 0
                && self.placement[square(4, rank).index()] == Some((color, Piece::King))
                && self.placement[square(rook_file, rank).index()] == Some((color, Piece::Rook))
            {
                fen.push(letter);
                any = true;
            }
        }
        if !any {
            fen.push('-');
        }
        match self.fields.ep {
            Some(ep) => {
                let _ = write!(fen, " {ep} 0 1");
            }
            None => fen.push_str(" - 0 1"),
        }
        let options = FenOptions {
            lenient: true,
            chess960: self.chess960,
        };
        match Board::from_fen_cleaned(&fen, options) {
            Ok(board) => Some(Engine::Fast(board)),
            Err(_) if self.chess960 => None,
            Err(_) => Position::from_fen(&fen, false).ok().map(Engine::Loose),
        }
    }

    /// The placement field of a FEN.
    fn placement_fen(&self) -> String {
        let mut fen = String::with_capacity(90);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.placement[rank * 8 + file] {
                    None => empty += 1,
                    Some((color, kind)) => {
                        if empty > 0 {
                            fen.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        let letter = b"pnbrqk"[kind.index()];
                        fen.push(char::from(if color == Color::White {
                            letter.to_ascii_uppercase()
                        } else {
                            letter
                        }));
                    }
                }
            }
            if empty > 0 {
                fen.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        fen
    }
}

/// JavaScript's `parseInt` for a clock field, 0 when there is no number.
fn parse_int(text: &str) -> u32 {
    let digits: String = text.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().unwrap_or(0)
}
