//! One chess.js game: chess.js's own state (the placement, the castling
//! flags and en passant square as chess.js keeps them, the clocks, its
//! hash and repetition counts, the history) with an [`Engine`] (the
//! core's [`bitmoves::Board`], or its loose engine for positions `Board`
//! refuses) that generates, names and plays the moves; its hash and
//! repetition counts. Setting up is in `setup.rs`, playing and taking
//! back in `history.rs`, the FEN in `fen.rs`.
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
use bitmoves::{CastlingSide, Color, Piece, Square};
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

/// What undo restores, and the move that left it.
#[derive(Debug, Clone)]
pub struct Entry {
    /// The pieces before the move.
    pub(crate) placement: Placement,
    /// The fields before the move.
    pub fields: Fields,
    /// The engine before the move.
    pub(crate) engine: Option<Engine>,
    /// chess.js's hash before the move.
    pub(crate) hash: u64,
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

    pub(crate) fn ep_key(&self) -> u64 {
        self.fields.ep.map_or(0, |ep| keys().ep[ep.file().index()])
    }

    pub(crate) fn castling_key(&self) -> u64 {
        let [w, b] = self.fields.castling;
        keys().castling[usize::from((w >> 5) | (b >> 3))]
    }

    /// Counts the current position once more (chess.js's
    /// `_incPositionCount`).
    pub(crate) fn count(&mut self) {
        *self.counts.entry(self.hash).or_insert(0) += 1;
    }

    /// Counts the position of hash `hash` once less (chess.js's
    /// `_decPositionCount`).
    pub(crate) fn uncount(&mut self, hash: u64) {
        match self.counts.get_mut(&hash) {
            Some(n) if *n > 1 => *n -= 1,
            _ => {
                self.counts.remove(&hash);
            }
        }
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
pub(crate) fn castling_field(engine: &Engine) -> String {
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
pub(crate) fn flags960(engine: &Engine) -> [u8; 2] {
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
pub(crate) fn placed_on(board: &Engine, square: Square) -> Placed {
    board
        .piece_on(square)
        .zip(board.color_on(square))
        .map(|(kind, color)| (color, kind))
}
