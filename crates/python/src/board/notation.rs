//! `Board` methods that write and read notations beyond UCI, SAN and
//! EPD, with python-chess's meaning: long algebraic notation (`lan`), the
//! SAN of a variation (`variation_san`, `san_and_push`) and the XBoard
//! protocol's moves (`xboard`, `parse_xboard`, `push_xboard`). They build
//! on the board's own SAN methods, called as Python methods so that a
//! subclass's are used.

use bitmoves::{Color, Piece};
use pyo3::prelude::*;

use super::derived::{copy_of, is_castling};
use super::pyboard::PyBoard;
use super::setup::Setup;
use crate::values::{IllegalMoveError, PyMove};

/// Whether `mv`, a pseudo-legal move on `setup`, takes a piece (en passant
/// included), as python-chess's `is_capture`.
fn is_capture(setup: &Setup, mv: PyMove) -> bool {
    let (from, to) = (1u64 << mv.from_square, 1u64 << mv.to_square);
    let them = setup.colors[(!setup.turn).index()];
    let en_passant = setup
        .ep_square
        .is_some_and(|sq| sq.index() == usize::from(mv.to_square))
        && setup.pieces[Piece::Pawn.index()] & from != 0
        && matches!(mv.from_square.abs_diff(mv.to_square), 7 | 9)
        && setup.occupied() & to == 0;
    (from ^ to) & them != 0 || en_passant
}

/// The name of a square, `e4`.
fn square_name(square: u8) -> String {
    format!("{}{}", char::from(b'a' + square % 8), square / 8 + 1)
}

#[pymethods]
impl PyBoard {
    /// The move in long algebraic notation (`Ng1-f3`, `e5xd6#`, `O-O`),
    /// `--` for the null move; `IllegalMoveError` for a move not legal here.
    #[pyo3(name = "_lan_native")]
    pub(super) fn lan(slf: &Bound<'_, Self>, r#move: PyMove) -> PyResult<String> {
        // The native SAN, for its suffix (python-chess's `lan` asks a
        // subclass's `san` nothing).
        let san = slf.borrow().san(r#move)?;
        let setup = slf.borrow().setup();
        if r#move.is_null() || is_castling(&setup, r#move) {
            return Ok(san);
        }
        let suffix = san.trim_start_matches(|c| c != '+' && c != '#');
        let mut lan = String::with_capacity(12);
        let from = bitmoves::Square::from_index(usize::from(r#move.from_square));
        if let Some((piece, _)) = setup.piece_on(from)
            && piece != Piece::Pawn
        {
            lan.push(piece.to_char().to_ascii_uppercase());
        }
        lan.push_str(&square_name(r#move.from_square));
        lan.push(if is_capture(&setup, r#move) { 'x' } else { '-' });
        lan.push_str(&square_name(r#move.to_square));
        if let Some(promotion) = r#move.promotion {
            lan.push('=');
            let piece = Piece::from_index(usize::from(promotion) - 1);
            lan.push(piece.to_char().to_ascii_uppercase());
        }
        lan.push_str(suffix);
        Ok(lan)
    }

    /// The SAN of a sequence of moves (any iterable) from this position,
    /// numbered (`1. e4 e5 2. Nf3`, `19...Kxh7 20. Qh5+`); the board is
    /// left as it was. `IllegalMoveError` names the first move that is not
    /// legal where it is played.
    fn variation_san(slf: &Bound<'_, Self>, variation: &Bound<'_, PyAny>) -> PyResult<String> {
        let board = copy_of(slf, false)?;
        let mut parts: Vec<String> = Vec::new();
        for mv in variation.try_iter()? {
            let mv = mv?;
            let legal: bool = board.call_method1("is_legal", (&mv,))?.extract()?;
            if !legal {
                let fen: String = board.call_method0("fen")?.extract()?;
                return Err(IllegalMoveError::new_err(format!(
                    "illegal move {} in position {fen}",
                    mv.str()?
                )));
            }
            let setup = board.borrow().setup();
            let san: String = board.call_method1("san", (&mv,))?.extract()?;
            parts.push(match (setup.turn, parts.is_empty()) {
                (Color::White, _) => format!("{}. {san}", setup.fullmove_number),
                (Color::Black, true) => format!("{}...{san}", setup.fullmove_number),
                (Color::Black, false) => san,
            });
            board.call_method1("push", (mv,))?;
        }
        Ok(parts.join(" "))
    }

    /// The SAN of a legal move (as `san`), which is then played (as
    /// `push`).
    fn san_and_push(slf: &Bound<'_, Self>, r#move: PyMove) -> PyResult<String> {
        let san: String = slf.call_method1("san", (r#move,))?.extract()?;
        slf.call_method1("push", (r#move,))?;
        Ok(san)
    }

    /// The move as the XBoard protocol writes it: UCI, `@@@@` for the null
    /// move, and castling as `O-O`/`O-O-O` in Chess960 (`chess960`
    /// defaults to the board's mode).
    #[pyo3(signature = (r#move, chess960=None))]
    fn xboard(&self, r#move: PyMove, chess960: Option<bool>) -> String {
        let setup = self.setup();
        if !chess960.unwrap_or(self.chess960) || !is_castling(&setup, r#move) {
            return if r#move.is_null() {
                "@@@@".to_string()
            } else {
                r#move.uci_text()
            };
        }
        if r#move.to_square % 8 > r#move.from_square % 8 {
            "O-O".to_string()
        } else {
            "O-O-O".to_string()
        }
    }

    /// The legal move XBoard text names: SAN, as `parse_san`.
    fn parse_xboard<'py>(
        slf: &Bound<'py, Self>,
        xboard: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        slf.call_method1("parse_san", (xboard,))
    }

    /// `parse_xboard`, then `push`; returns the move (as `push_san`).
    fn push_xboard<'py>(
        slf: &Bound<'py, Self>,
        xboard: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        slf.call_method1("push_san", (xboard,))
    }
}
