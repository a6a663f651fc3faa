//! FEN out of a board's position ([`fen_of`]): the core's legal board
//! written as python-chess writes it, a position off the core by the
//! core's rules engine.

use bitmoves::{Bitboard, Board, Color, Piece, Square};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use super::core_or_loose::Pos;
use super::engine::{self, Rules};

/// The FEN of `state` in python-chess's form: X-FEN castling (or
/// Shredder letters when asked), the en passant square by `en_passant`
/// ("legal", "fen" or "xfen"). A position off the core is written with
/// the castling rights Chess960 counts.
pub fn fen_of(state: &Pos, shredder: bool, en_passant: &str, clocks: bool) -> PyResult<String> {
    let state = match state {
        Pos::Legal(state) => state,
        Pos::General(setup) => {
            let rules = Rules {
                chess960: true,
                pushed: false,
                variant: bitmoves::variant::VariantKind::Standard,
            };
            return engine::write_fen(setup, rules, shredder, en_passant, clocks)
                .map_err(PyValueError::new_err);
        }
    };
    let board = &state.board;
    let ep = match en_passant {
        "legal" => board.legal_en_passant(),
        "xfen" => board.en_passant(),
        "fen" => state.ep_square,
        other => {
            return Err(PyValueError::new_err(format!(
                "en_passant must be \"legal\", \"fen\" or \"xfen\", not {other:?}"
            )));
        }
    };
    let mut fen = board_fen(board);
    fen.push(' ');
    fen.push(board.side_to_move().to_char());
    fen.push(' ');
    fen.push_str(&castling_fen(board, shredder));
    fen.push(' ');
    fen.push_str(&ep.map_or("-".to_string(), |sq| sq.to_string()));
    if clocks {
        fen.push_str(&format!(
            " {} {}",
            board.halfmove_clock(),
            board.fullmove_number()
        ));
    }
    Ok(fen)
}

/// The placement field of the board's FEN.
pub fn board_fen(board: &Board) -> String {
    let fen = board.to_string();
    fen.split(' ').next().unwrap_or_default().to_string()
}

/// Castling rights as python-chess writes them: X-FEN (`K`/`Q` for the
/// outermost rook, a file letter otherwise) or Shredder (file letters).
fn castling_fen(board: &Board, shredder: bool) -> String {
    let rights = board.castling_rights().rook_squares();
    let mut text = String::new();
    for side in Color::ALL {
        let back_rank = Bitboard::ranks(&[side.back_rank()]);
        let rooks = board.colored_pieces(side, Piece::Rook) & back_rank;
        let king = board.king(side).file();
        let mut ours: Vec<Square> = (rights & back_rank).iter().collect();
        ours.reverse();
        for rook in ours {
            let queen_side = rook.file() < king;
            let outer = (rooks - rook.bitboard())
                .iter()
                .any(|other| (other.file() < rook.file()) == queen_side);
            let letter = match (shredder || outer, queen_side) {
                (true, _) => rook.file().to_char(),
                (false, true) => 'q',
                (false, false) => 'k',
            };
            text.push(letter_case(side, letter));
        }
    }
    if text.is_empty() {
        text.push('-');
    }
    text
}

/// `letter` uppercase for White, lowercase for Black.
pub fn letter_case(side: Color, letter: char) -> char {
    match side {
        Color::White => letter.to_ascii_uppercase(),
        Color::Black => letter.to_ascii_lowercase(),
    }
}
