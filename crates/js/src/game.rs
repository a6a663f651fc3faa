//! One chess.js game: chess.js's own state (the placement, the castling
//! flags and en passant square as chess.js keeps them, the clocks, its
//! hash and repetition counts, the history) with an [`Engine`] (the
//! core's [`Board`], or its loose engine for positions `Board` refuses)
//! that generates, names and plays the moves.
//!
//! chess.js keeps castling flags and an en passant square that the
//! position may not support (a `K` flag without an h1 rook); the engine is
//! built from what the position supports, and chess.js's raw fields are
//! kept beside it for `fen()`, `hash()` and `getCastlingRights()`.

use crate::engine::Engine;
pub use crate::fields::{Fields, Placed};
use crate::moves::{self, JsMove, bits};
use crate::placement::Placement;
use crate::text;
use crate::zobrist::{keys, ox88};
use bitmoves::variant::Position;
use bitmoves::{Bitboard, Board, CastlingSide, Color, FenOptions, Piece, Square};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The repetition table's hasher: its keys are Zobrist hashes, already
/// uniform, so the key is its own hash.
#[derive(Debug, Default, Clone, Copy)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}
use std::fmt::Write;

/// What undo restores, and the move that left it.
#[derive(Debug, Clone)]
pub struct Entry {
    placement: Placement,
    /// The fields before the move.
    pub fields: Fields,
    engine: Option<Engine>,
    hash: u64,
    /// The move played; `None` for a null move.
    pub mv: Option<JsMove>,
    /// Its SAN (`--` for a null move).
    pub san: String,
}

/// A chess.js game in wasm memory.
#[derive(Debug, Clone)]
pub struct Game {
    /// The pieces, a1 = 0 … h8 = 63.
    pub placement: Placement,
    /// chess.js's fields.
    pub fields: Fields,
    /// The engine: the core's `Board` when it plays the position, else
    /// (not in Chess960 mode) the loose engine.
    pub engine: Option<Engine>,
    /// chess.js's hash of the position.
    pub hash: u64,
    /// The moves played, oldest first.
    pub history: Vec<Entry>,
    /// Chess960 mode (`new Chess(fen, {chess960: true})`): castling is
    /// king-takes-rook and the FEN's castling field is X-FEN, kept in
    /// `castling960`.
    pub chess960: bool,
    /// In Chess960 mode, the castling field as the engine writes it.
    pub(crate) castling960: String,
    counts: HashMap<u64, u32, BuildHasherDefault<KeyHasher>>,
}

impl Default for Game {
    fn default() -> Self {
        let mut game = Self {
            placement: Placement::EMPTY,
            fields: Fields {
                turn: Color::White,
                castling: [0; 2],
                ep: None,
                half: 0,
                full: 1,
            },
            engine: None,
            hash: 0,
            history: Vec::new(),
            counts: HashMap::default(),
            chess960: false,
            castling960: String::from("-"),
        };
        game.hash = game.compute_hash();
        game
    }
}

pub(crate) fn side(color: Color) -> usize {
    color.index()
}

pub(crate) fn square(file: usize, rank: usize) -> Square {
    Square::from_index(rank * 8 + file)
}

impl Game {
    /// chess.js's `clear()`: an empty board, white to move, move 1.
    pub fn clear(&mut self) {
        *self = Self {
            chess960: self.chess960,
            ..Self::default()
        };
    }

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

    /// chess.js's `fen()`: the en passant square only when a legal capture
    /// there exists (or always, with `force_ep`).
    pub fn fen(&self, force_ep: bool) -> String {
        let mut out = Vec::with_capacity(90);
        self.write_fen(&mut out, force_ep);
        String::from_utf8(out).unwrap_or_default()
    }

    /// The en passant square [`Game::fen`] prints.
    pub fn shown_ep(&self, force_ep: bool) -> Option<Square> {
        shown_ep(self.engine.as_ref(), &self.fields, force_ep)
    }

    /// Appends [`Game::fen`] to `out`.
    pub fn write_fen(&self, out: &mut Vec<u8>, force_ep: bool) {
        let ep = self.shown_ep(force_ep);
        let castling = self.chess960.then_some(self.castling960.as_str());
        text::write_fen(out, |i| self.placement[i], &self.fields, ep, castling);
    }

    /// Appends the FEN after the legal move `mv`, without playing it.
    pub fn write_fen_after(&self, out: &mut Vec<u8>, mv: &JsMove) {
        let Some(mut board) = self.engine else { return };
        board.play_unchecked(mv.mv);
        let fields = self.fields_after(mv, &board);
        let ep = shown_ep(Some(&board), &fields, false);
        let castling = self.chess960.then(|| castling_field(&board));
        let placed = |i| placed_on(&board, Square::from_index(i));
        text::write_fen(out, placed, &fields, ep, castling.as_deref());
    }

    /// chess.js's `_computeHash`.
    pub(crate) fn compute_hash(&self) -> u64 {
        let keys = keys();
        let mut hash = 0;
        for (index, placed) in self.placement.squares().iter().enumerate() {
            if let Some((color, kind)) = placed {
                hash ^= keys.pieces[side(*color)][kind.index()][ox88(index)];
            }
        }
        hash ^= self.ep_key() ^ self.castling_key();
        if self.fields.turn == Color::Black {
            hash ^= keys.side;
        }
        hash
    }

    fn ep_key(&self) -> u64 {
        self.fields.ep.map_or(0, |ep| keys().ep[ep.file().index()])
    }

    fn castling_key(&self) -> u64 {
        let [w, b] = self.fields.castling;
        keys().castling[usize::from((w >> 5) | (b >> 3))]
    }

    /// Counts the current position once more (chess.js's
    /// `_incPositionCount`).
    fn count(&mut self) {
        *self.counts.entry(self.hash).or_insert(0) += 1;
    }

    /// How often the current position has been counted.
    pub fn repetitions(&self) -> u32 {
        self.counts.get(&self.hash).copied().unwrap_or(0)
    }

    /// The king of `color`, as chess.js tracks it.
    pub fn king(&self, color: Color) -> Option<Square> {
        self.placement.find((color, Piece::King))
    }

    /// The legal moves (from `square`, of kind `piece`) in chess.js's order.
    pub fn legal(&self, square: Option<Square>, piece: Option<Piece>) -> Vec<JsMove> {
        self.engine
            .as_ref()
            .map(|board| moves::legal(board, square, piece))
            .unwrap_or_default()
    }

    /// The SAN of a legal move, as chess.js writes it among all the
    /// legal moves.
    pub fn san(&self, mv: &JsMove) -> String {
        let mut out = Vec::with_capacity(8);
        if let Some(board) = &self.engine {
            // Only moves of the same kind to the same square disambiguate.
            let list: Vec<JsMove> = board
                .legal_moves()
                .into_iter()
                .filter(|m| m.to == mv.mv.to && board.piece_on(m.from) == Some(mv.piece))
                .map(|m| JsMove::new(board, m))
                .collect();
            text::write_san(&mut out, board, mv, &list);
        }
        String::from_utf8(out).unwrap_or_default()
    }

    fn snapshot(&self, mv: Option<JsMove>, san: String) -> Entry {
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
    fn fields_after(&self, mv: &JsMove, board: &Engine) -> Fields {
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
        match self.counts.get_mut(&left) {
            Some(n) if *n > 1 => *n -= 1,
            _ => {
                self.counts.remove(&left);
            }
        }
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

    /// The position before history entry `index` (the current one for
    /// `index == history.len()`), as a game without history.
    pub fn position_at(&self, index: usize) -> Game {
        match self.history.get(index) {
            None => Game {
                history: Vec::new(),
                counts: HashMap::default(),
                ..self.clone_position()
            },
            Some(entry) => Game {
                placement: entry.placement,
                fields: entry.fields,
                engine: entry.engine,
                hash: entry.hash,
                history: Vec::new(),
                counts: HashMap::default(),
                chess960: self.chess960,
                castling960: entry
                    .engine
                    .as_ref()
                    .map_or_else(|| "-".to_owned(), castling_field),
            },
        }
    }

    fn clone_position(&self) -> Game {
        Game {
            placement: self.placement,
            fields: self.fields,
            engine: self.engine,
            hash: self.hash,
            history: Vec::new(),
            counts: HashMap::default(),
            chess960: self.chess960,
            castling960: self.castling960.clone(),
        }
    }
}

/// The castling field of `board`'s FEN (X-FEN in Chess960 mode).
fn castling_field(engine: &Engine) -> String {
    let Some(board) = engine.fast() else {
        return String::from("-");
    };
    board
        .to_string()
        .split(' ')
        .nth(2)
        .unwrap_or("-")
        .to_owned()
}

/// chess.js's flags for `board`'s castling rights: `K` for a right on the
/// king's side, `Q` on the queen's side.
fn flags960(engine: &Engine) -> [u8; 2] {
    let Some(board) = engine.fast() else {
        return [0; 2];
    };
    let rights = board.castling_rights();
    [Color::White, Color::Black].map(|color| {
        let mut flags = 0;
        if rights.rook(color, CastlingSide::KingSide).is_some() {
            flags |= bits::KSIDE_CASTLE;
        }
        if rights.rook(color, CastlingSide::QueenSide).is_some() {
            flags |= bits::QSIDE_CASTLE;
        }
        flags
    })
}

/// The piece on `square` of `board`.
fn placed_on(board: &Engine, square: Square) -> Placed {
    board
        .piece_on(square)
        .zip(board.color_on(square))
        .map(|(kind, color)| (color, kind))
}

/// The en passant square chess.js's `fen()` prints: with `force`, the one
/// it keeps; else only when the side to move can take there legally.
fn shown_ep(board: Option<&Engine>, fields: &Fields, force: bool) -> Option<Square> {
    let ep = fields.ep?;
    if force {
        return Some(ep);
    }
    let board = board?;
    board
        .legal_moves()
        .into_iter()
        .any(|mv| {
            mv.to == ep
                && mv.from.file() != ep.file()
                && board.piece_on(mv.from) == Some(Piece::Pawn)
        })
        .then_some(ep)
}

/// JavaScript's `parseInt` for a clock field, 0 when there is no number.
fn parse_int(text: &str) -> u32 {
    let digits: String = text.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().unwrap_or(0)
}
