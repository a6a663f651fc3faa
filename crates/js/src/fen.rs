//! The FEN exports: [`bm_fen`] writes the text; [`bm_fen_fields`] hands
//! JavaScript numbers to join from strings it keeps (decoding 60 bytes of
//! text cost more than the rest of the call).

use crate::{IO, moves, with};
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
