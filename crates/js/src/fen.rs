//! chess.js's FEN of a game (the en passant square only where a legal
//! capture exists) and its exports: [`bm_fen`] writes the text;
//! [`bm_fen_fields`] hands JavaScript numbers to join from strings it
//! keeps (decoding 60 bytes of text cost more than the rest of the call).

use crate::engine::Engine;
use crate::game::{Fields, Game, castling_field, placed_on};
use crate::moves::JsMove;
use crate::{IO, moves, text, with};
use bitmoves::{Piece, Square};
use std::cell::Cell;

/// Writes the FEN; returns its length.
#[unsafe(no_mangle)]
pub extern "C" fn bm_fen(handle: u32, force_ep: bool) -> usize {
    with(handle, |game| {
        IO.with_borrow_mut(|io| {
            io.text.clear();
            game.write_fen(&mut io.text, force_ep);
            io.text.len()
        })
    })
}

/// chess.js's FEN as numbers, for JavaScript to join from strings it
/// keeps: the eight ranks from the 8th down, each its
/// [`crate::placement::Placement::rank_number`] (kept as the squares
/// change: reading the 64 squares was two thirds of the call), then the
/// side to move (0, 1), the castling letters present (`K` 1, `Q` 2, `k` 4,
/// `q` 8), the en passant square shown (a1 = 0 … h8 = 63; -1: none), the
/// halfmove clock and the fullmove number. Chess960's castling field is
/// text: use [`bm_fen`]. Returns where the 13 numbers are (the same place
/// every call: no vector to find).
#[unsafe(no_mangle)]
pub extern "C" fn bm_fen_fields(handle: u32) -> *const i32 {
    with(handle, |game| {
        let mut out = [0i32; 13];
        for (rank, slot) in out[..8].iter_mut().enumerate() {
            *slot = game.placement.rank_number(7 - rank);
        }
        let fields = &game.fields;
        let flags = |color: usize| {
            i32::from(fields.castling[color] & moves::bits::KSIDE_CASTLE != 0)
                | i32::from(fields.castling[color] & moves::bits::QSIDE_CASTLE != 0) << 1
        };
        out[8] = fields.turn.index() as i32;
        out[9] = flags(0) | flags(1) << 2;
        out[10] = game.shown_ep(false).map_or(-1, |sq| sq.index() as i32);
        out[11] = fields.half as i32;
        out[12] = fields.full as i32;
        FEN_FIELDS.set(out);
    });
    FEN_FIELDS.with(Cell::as_ptr).cast()
}

thread_local! {
    /// [`bm_fen_fields`]' output.
    static FEN_FIELDS: Cell<[i32; 13]> = const { Cell::new([0; 13]) };
}

impl Game {
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
