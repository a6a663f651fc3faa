//! Tables built at run time on first use (`once_cell::sync::Lazy`), the
//! way many engines fill theirs at start-up. The core crate generates the
//! same tables at development time instead; these measure what that saves.
//!
//! Knight, king and pawn tables are filled from the shift functions; the
//! slider tables come from a magic search run at first use
//! ([`SliderTables::build`]). [`build_time`] reports how long building them
//! all takes.

mod magic;

pub use magic::{SliderTables, bishop_mask, rook_mask, subsets};

use crate::{kings, knights, pawns};
use bitmoves::{Bitboard, Color, Square};
use once_cell::sync::Lazy;
use std::time::{Duration, Instant};

/// Knight attacks, `KNIGHT[square]`.
static KNIGHT: Lazy<[Bitboard; Square::NUM]> = Lazy::new(knight_table);
/// King attacks, `KING[square]`.
static KING: Lazy<[Bitboard; Square::NUM]> = Lazy::new(king_table);
/// Pawn attacks, `PAWN[color][square]`.
static PAWN: Lazy<[[Bitboard; Square::NUM]; Color::NUM]> = Lazy::new(pawn_table);
/// Rook and bishop magics and their shared attack table.
static SLIDERS: Lazy<SliderTables> = Lazy::new(SliderTables::build);

fn knight_table() -> [Bitboard; Square::NUM] {
    Square::ALL.map(knights::attacks)
}

fn king_table() -> [Bitboard; Square::NUM] {
    Square::ALL.map(kings::attacks)
}

fn pawn_table() -> [[Bitboard; Square::NUM]; Color::NUM] {
    Color::ALL.map(|color| Square::ALL.map(|square| pawns::attacks(color, square.bitboard())))
}

/// The squares a knight on `square` attacks, from the lazily built table.
///
/// ```
/// use bitmoves::{attacks, Square};
/// use bitmoves_shift::lazy;
/// assert_eq!(lazy::knight(Square::B1), attacks::knight(Square::B1));
/// ```
#[inline]
pub fn knight(square: Square) -> Bitboard {
    KNIGHT[square.index()]
}

/// The squares a king on `square` attacks, from the lazily built table.
#[inline]
pub fn king(square: Square) -> Bitboard {
    KING[square.index()]
}

/// The squares a pawn of `color` on `square` attacks, from the lazily built
/// table.
#[inline]
pub fn pawn(color: Color, square: Square) -> Bitboard {
    PAWN[color.index()][square.index()]
}

/// The squares a rook on `square` attacks through `occupied`, from the
/// magic table searched for at first use.
///
/// ```
/// use bitmoves::{attacks, Square};
/// use bitmoves_shift::lazy;
/// let occupied = Square::A4.bitboard();
/// assert_eq!(lazy::rook(Square::A1, occupied), attacks::rook(Square::A1, occupied));
/// ```
#[inline]
pub fn rook(square: Square, occupied: Bitboard) -> Bitboard {
    SLIDERS.rook(square, occupied)
}

/// The squares a bishop on `square` attacks through `occupied`, from the
/// magic table searched for at first use.
#[inline]
pub fn bishop(square: Square, occupied: Bitboard) -> Bitboard {
    SLIDERS.bishop(square, occupied)
}

/// The squares a queen on `square` attacks through `occupied`.
#[inline]
pub fn queen(square: Square, occupied: Bitboard) -> Bitboard {
    let sliders = &*SLIDERS;
    sliders.rook(square, occupied) | sliders.bishop(square, occupied)
}

/// Builds every lazy table now, if it is not built yet, so that later
/// calls (and timings) do not pay for it.
pub fn init() {
    Lazy::force(&KNIGHT);
    Lazy::force(&KING);
    Lazy::force(&PAWN);
    Lazy::force(&SLIDERS);
}

/// How long building all the tables takes: the knight, king and pawn
/// tables and the slider magic search, timed on fresh copies (the shared
/// lazy tables are left alone). This is what the core's compile-time
/// generation saves at start-up.
///
/// ```no_run
/// let took = bitmoves_shift::lazy::build_time();
/// assert!(took.as_secs() < 60);
/// ```
pub fn build_time() -> Duration {
    let start = Instant::now();
    std::hint::black_box((knight_table(), king_table(), pawn_table()));
    std::hint::black_box(SliderTables::build());
    start.elapsed()
}
