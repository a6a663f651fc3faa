//! FEN and SAN as chess.js writes them, straight into byte buffers (the
//! text the JavaScript side decodes once per call).

use crate::engine::Engine;
use crate::fields::{Fields, Placed};
use crate::moves::{JsMove, bits};
use bitmoves::{Color, Piece, Square};

/// Appends `n` in decimal.
pub fn write_number(out: &mut Vec<u8>, mut n: u32) {
    let mut digits = [0u8; 10];
    let mut len = 0;
    loop {
        digits[len] = b'0' + (n % 10) as u8;
        len += 1;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend(digits[..len].iter().rev());
}

/// Appends a square's name.
pub fn write_square(out: &mut Vec<u8>, square: Square) {
    out.push(b'a' + square.file().index() as u8);
    out.push(b'1' + square.rank().index() as u8);
}

/// Appends chess.js's FEN of `placement` and `fields`, printing the en
/// passant square when `ep` is set (the caller decides, as chess.js
/// prints it only when a legal capture there exists). `castling`, when
/// given, is written as the castling field instead of chess.js's flags
/// (Chess960's X-FEN).
pub fn write_fen(
    out: &mut Vec<u8>,
    placement: impl Fn(usize) -> Placed,
    fields: &Fields,
    ep: Option<Square>,
    castling: Option<&str>,
) {
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match placement(rank * 8 + file) {
                None => empty += 1,
                Some((color, kind)) => {
                    if empty > 0 {
                        out.push(b'0' + empty);
                        empty = 0;
                    }
                    let letter = b"pnbrqk"[kind.index()];
                    out.push(if color == Color::White {
                        letter.to_ascii_uppercase()
                    } else {
                        letter
                    });
                }
            }
        }
        if empty > 0 {
            out.push(b'0' + empty);
        }
        if rank > 0 {
            out.push(b'/');
        }
    }
    out.extend_from_slice(if fields.turn == Color::White {
        b" w "
    } else {
        b" b "
    });
    let before = out.len();
    if let Some(field) = castling {
        out.extend_from_slice(field.as_bytes());
    }
    for (letter, color, flag) in [
        (b'K', 0, bits::KSIDE_CASTLE),
        (b'Q', 0, bits::QSIDE_CASTLE),
        (b'k', 1, bits::KSIDE_CASTLE),
        (b'q', 1, bits::QSIDE_CASTLE),
    ] {
        if castling.is_none() && fields.castling[color] & flag != 0 {
            out.push(letter);
        }
    }
    if out.len() == before {
        out.push(b'-');
    }
    out.push(b' ');
    match ep {
        Some(square) => write_square(out, square),
        None => out.push(b'-'),
    }
    out.push(b' ');
    write_number(out, fields.half);
    out.push(b' ');
    write_number(out, fields.full);
}

/// chess.js's disambiguator for `mv` among `list`: the file, the rank or
/// the whole square of the from-square, when another piece of its kind in
/// `list` reaches the same square.
fn write_disambiguator(out: &mut Vec<u8>, mv: &JsMove, list: &[JsMove]) {
    let (mut ambiguities, mut same_rank, mut same_file) = (0, 0, 0);
    for other in list {
        if other.piece == mv.piece && other.from != mv.from && other.to == mv.to {
            ambiguities += 1;
            same_rank += usize::from(other.from.rank() == mv.from.rank());
            same_file += usize::from(other.from.file() == mv.from.file());
        }
    }
    if ambiguities == 0 {
        return;
    }
    if same_rank > 0 && same_file > 0 {
        write_square(out, mv.from);
    } else if same_file > 0 {
        out.push(b'1' + mv.from.rank().index() as u8);
    } else {
        out.push(b'a' + mv.from.file().index() as u8);
    }
}

/// Appends chess.js's SAN of `mv`, legal on `board`, disambiguated among
/// `list` (chess.js's quirk: `moves({square})` disambiguates among that
/// square's moves only, so never), with `+` or `#` after.
pub fn write_san(out: &mut Vec<u8>, board: &Engine, mv: &JsMove, list: &[JsMove]) {
    if mv.flags & bits::KSIDE_CASTLE != 0 {
        out.extend_from_slice(b"O-O");
    } else if mv.flags & bits::QSIDE_CASTLE != 0 {
        out.extend_from_slice(b"O-O-O");
    } else {
        if mv.piece != Piece::Pawn {
            out.push(b"PNBRQK"[mv.piece.index()]);
            write_disambiguator(out, mv, list);
        }
        if mv.flags & (bits::CAPTURE | bits::EP_CAPTURE) != 0 {
            if mv.piece == Piece::Pawn {
                out.push(b'a' + mv.from.file().index() as u8);
            }
            out.push(b'x');
        }
        write_square(out, mv.to);
        if let Some(promotion) = mv.promotion {
            out.push(b'=');
            out.push(b"PNBRQK"[promotion.index()]);
        }
    }
    let mut after = *board;
    after.play_unchecked(mv.mv);
    if after.is_check() {
        out.push(if after.has_legal_moves() { b'+' } else { b'#' });
    }
}
