//! `Board` methods that draw or move the whole position: `mirror` and
//! `transform` (and their in-place `apply_` forms, with python-chess's
//! bitboard functions such as `chess.flip_vertical`) and `unicode`. Each reads the position through [`PyBoard::setup`] and
//! changes it only through [`PyBoard::set_setup`].

use bitmoves::{Color, Square};
use pyo3::prelude::*;

use super::derived::same_kind;
use super::pyboard::PyBoard;
use super::setup::Setup;
use crate::values::MaskedBits;

/// The setup turned upside down (rank 1 ↔ rank 8), as python-chess's
/// `flip_vertical` does to every bitboard.
fn flip_vertical(bits: u64) -> u64 {
    bits.swap_bytes()
}

/// python-chess's `apply_mirror` on a setup: flipped vertically, colours,
/// side to move, Crazyhouse's pockets and Three-check's counts swapped.
fn mirrored(setup: &Setup) -> Setup {
    Setup {
        pieces: setup.pieces.map(flip_vertical),
        colors: [
            flip_vertical(setup.colors[1]),
            flip_vertical(setup.colors[0]),
        ],
        promoted: flip_vertical(setup.promoted),
        turn: !setup.turn,
        castling_rights: flip_vertical(setup.castling_rights),
        ep_square: setup
            .ep_square
            .map(|sq| Square::from_index(sq.index() ^ 0x38)),
        pockets: [setup.pockets[1], setup.pockets[0]],
        remaining_checks: [setup.remaining_checks[1], setup.remaining_checks[0]],
        ..*setup
    }
}

/// python-chess's `apply_transform` on a setup: `f` (a Python function on
/// int bitboards) applied to each piece bitboard, both colours, the
/// promoted mask, the en passant square and the castling rights, in
/// python-chess's order. `ValueError` when `f` does not map squares to
/// squares consistently (pieces on one square, or a colour without its
/// pieces).
fn transformed(f: &Bound<'_, PyAny>, setup: &Setup) -> PyResult<Setup> {
    let apply = |bits: u64| -> PyResult<u64> { Ok(f.call1((bits,))?.extract::<MaskedBits>()?.0) };
    let mut out = *setup;
    for bits in &mut out.pieces {
        *bits = apply(*bits)?;
    }
    for bits in &mut out.colors {
        *bits = apply(*bits)?;
    }
    let occupied = apply(setup.occupied())?;
    out.promoted = apply(setup.promoted)?;
    out.ep_square = match setup.ep_square {
        None => None,
        Some(sq) => {
            let bits = apply(1 << sq.index())?;
            (bits != 0).then(|| Square::from_index(63 - bits.leading_zeros() as usize))
        }
    };
    out.castling_rights = apply(setup.castling_rights)?;
    let pieces: u64 = out.pieces.iter().fold(0, |all, bits| all | bits);
    let overlaps = out.pieces.iter().map(|bits| bits.count_ones()).sum::<u32>()
        != pieces.count_ones()
        || out.colors[0] & out.colors[1] != 0;
    if overlaps || pieces != out.occupied() || pieces != occupied {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "the transformation does not map squares to squares consistently",
        ));
    }
    Ok(out)
}

/// The figurine python-chess's `unicode()` draws for a piece letter.
fn figurine(letter: char) -> char {
    match letter {
        'P' => '♙',
        'N' => '♘',
        'B' => '♗',
        'R' => '♖',
        'Q' => '♕',
        'K' => '♔',
        'p' => '♟',
        'n' => '♞',
        'b' => '♝',
        'r' => '♜',
        'q' => '♛',
        _ => '♚',
    }
}

/// The letter of the piece on `square` (uppercase for White), if any.
fn letter(setup: &Setup, square: usize) -> Option<char> {
    setup
        .piece_on(Square::from_index(square))
        .map(|(piece, color)| match color {
            Color::White => piece.to_char().to_ascii_uppercase(),
            Color::Black => piece.to_char(),
        })
}

impl PyBoard {
    /// Sets the position to `setup` and clears the move stack, as
    /// python-chess's `apply_transform` and `apply_mirror` do.
    fn replace_position(&mut self, py: Python<'_>, setup: &Setup) -> PyResult<()> {
        self.set_setup(py, setup)?;
        self.clear_moves();
        Ok(())
    }
}

#[pymethods]
impl PyBoard {
    /// A copy (of the board's own class), without the move stack,
    /// mirrored vertically with the colours swapped: the same position for
    /// the other side (side to move, castling rights and en passant square
    /// mirrored too).
    fn mirror<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, Self>> {
        let setup = mirrored(&slf.borrow().setup());
        same_kind(slf, &setup)
    }

    /// Mirrors the board in place (see `mirror`); clears the move stack.
    fn apply_mirror(&mut self, py: Python<'_>) -> PyResult<()> {
        let setup = mirrored(&self.setup());
        self.replace_position(py, &setup)
    }

    /// A copy (of the board's own class), without the move stack, with the
    /// bitboard function `f`
    /// (such as `chess.flip_horizontal` or `chess.shift_down`) applied to
    /// every piece, the en passant square and the castling rights.
    fn transform<'py>(slf: &Bound<'py, Self>, f: &Bound<'py, PyAny>) -> PyResult<Bound<'py, Self>> {
        let setup = transformed(f, &slf.borrow().setup())?;
        same_kind(slf, &setup)
    }

    /// Applies the bitboard function `f` in place (see `transform`);
    /// clears the move stack.
    fn apply_transform(&mut self, py: Python<'_>, f: &Bound<'_, PyAny>) -> PyResult<()> {
        let setup = transformed(f, &self.setup())?;
        self.replace_position(py, &setup)
    }

    /// The board drawn with chess figurines, rank 8 first (rank 1 first
    /// with `orientation=BLACK`); `invert_color` swaps the figurines'
    /// colours, `borders` adds a frame with the coordinates, and
    /// `empty_square` is the text of an empty square.
    #[pyo3(signature = (*, invert_color=false, borders=false, empty_square="⭘", orientation=true))]
    fn unicode(
        &self,
        invert_color: bool,
        borders: bool,
        empty_square: &str,
        orientation: bool,
    ) -> String {
        let setup = self.setup();
        let frame = format!("  {}\n", "-".repeat(17));
        let mut text = String::new();
        for row in 0..8 {
            let rank = if orientation { 7 - row } else { row };
            if borders {
                text.push_str(&frame);
                text.push(char::from(b'1' + rank as u8));
                text.push(' ');
            }
            for i in 0..8 {
                let file = if orientation { i } else { 7 - i };
                if borders {
                    text.push('|');
                } else if i > 0 {
                    text.push(' ');
                }
                match letter(&setup, rank * 8 + file) {
                    Some(letter) if invert_color => {
                        let swapped = if letter.is_ascii_uppercase() {
                            letter.to_ascii_lowercase()
                        } else {
                            letter.to_ascii_uppercase()
                        };
                        text.push(figurine(swapped));
                    }
                    Some(letter) => text.push(figurine(letter)),
                    None => text.push_str(empty_square),
                }
            }
            if borders {
                text.push('|');
            }
            if borders || row < 7 {
                text.push('\n');
            }
        }
        if borders {
            text.push_str(&frame);
            text.push_str(if orientation {
                "   a b c d e f g h"
            } else {
                "   h g f e d c b a"
            });
        }
        text
    }
}
