//! SAN out and in on any [`Setup`], as python-chess writes and reads it:
//! disambiguation by the legal moves, `+`/`#` from the position after the
//! move; reading accepts what python-chess accepts (a capture mark with
//! nothing taken, fully specified moves such as `g1f3`) and nothing more.

use super::kinds::{is_capture, is_castling, is_kingside_castling, is_queenside_castling};
use super::make::push;
use super::movegen::{castling_moves, from_chess960, has_legal_moves, is_legal, legal};
use super::{Rules, bit};
use crate::board::setup::Setup;
use crate::values::PyMove;

/// Why SAN text is not one legal move here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// Not SAN (`InvalidMoveError`).
    Invalid(String),
    /// No legal move fits (`IllegalMoveError`).
    Illegal(String),
    /// Several legal moves fit (`AmbiguousMoveError`).
    Ambiguous(String),
}

const LETTERS: &[u8; 7] = b" pnbrqk";

/// python-chess's `san(move)`: `None` when no piece stands on the move's
/// from-square (python-chess asserts there).
pub fn san(s: &Setup, r: Rules, m: PyMove) -> Option<String> {
    if m.is_null() {
        return Some("--".to_string());
    }
    let mut text = if is_castling(s, m) {
        if (m.to_square & 7) < (m.from_square & 7) {
            "O-O-O".to_string()
        } else {
            "O-O".to_string()
        }
    } else {
        without_suffix(s, r, m)?
    };
    let mut after = *s;
    push(&mut after, Rules { pushed: true, ..r }, m);
    let check = after.checkers_mask() != 0;
    if check && !has_legal_moves(&after, Rules { pushed: true, ..r }) {
        text.push('#');
    } else if check {
        text.push('+');
    }
    Some(text)
}

/// The SAN of a move that is not castling, without `+` or `#`.
fn without_suffix(s: &Setup, r: Rules, m: PyMove) -> Option<String> {
    let piece = s.piece_type_at(m.from_square)?;
    let capture = is_capture(s, m);
    let file = |sq: u8| char::from(b'a' + (sq & 7));
    let rank = |sq: u8| char::from(b'1' + sq / 8);
    let mut text = String::new();
    if piece != 1 {
        text.push(char::from(LETTERS[usize::from(piece)].to_ascii_uppercase()));
        let from_mask = s.kind(piece) & s.co(s.white()) & !bit(m.from_square);
        let mut candidates = Vec::new();
        legal(s, r, from_mask, bit(m.to_square), &mut candidates);
        let others = candidates.iter().fold(0, |acc, c| acc | bit(c.from_square));
        if others != 0 {
            let (mut row, mut column) = (false, false);
            if others & (0xffu64 << (m.from_square & !7)) != 0 {
                column = true;
            }
            if others & (0x0101_0101_0101_0101u64 << (m.from_square & 7)) != 0 {
                row = true;
            } else {
                column = true;
            }
            if column {
                text.push(file(m.from_square));
            }
            if row {
                text.push(rank(m.from_square));
            }
        }
    } else if capture {
        text.push(file(m.from_square));
    }
    if capture {
        text.push('x');
    }
    text.push(file(m.to_square));
    text.push(rank(m.to_square));
    if let Some(promotion) = m.promotion {
        text.push('=');
        text.push(char::from(
            LETTERS[usize::from(promotion)].to_ascii_uppercase(),
        ));
    }
    Some(text)
}

/// SAN text split as python-chess's `SAN_REGEX` splits it: piece, from
/// file, from rank, to-square, promotion.
struct Parts {
    piece: Option<u8>,
    file: Option<u8>,
    rank: Option<u8>,
    to: u8,
    promotion: Option<u8>,
}

fn piece_of(letter: u8) -> Option<u8> {
    LETTERS[1..]
        .iter()
        .position(|&l| l == letter.to_ascii_lowercase())
        .map(|i| i as u8 + 1)
}

fn split(text: &str) -> Option<Parts> {
    let mut b = text.as_bytes();
    if let [rest @ .., b'+' | b'#'] = b {
        b = rest;
    }
    let mut promotion = None;
    if let [rest @ .., last] = b
        && b"nbrqkNBRQK".contains(last)
    {
        promotion = piece_of(*last);
        b = rest;
        if let [rest @ .., b'='] = b {
            b = rest;
        }
    }
    let [rest @ .., f @ b'a'..=b'h', r @ b'1'..=b'8'] = b else {
        return None;
    };
    let to = (r - b'1') * 8 + (f - b'a');
    b = rest;
    if let [rest @ .., b'-' | b'x'] = b {
        b = rest;
    }
    let mut piece = None;
    if let [first @ (b'N' | b'B' | b'K' | b'R' | b'Q'), rest @ ..] = b {
        piece = piece_of(*first);
        b = rest;
    }
    let mut file = None;
    if let [f @ b'a'..=b'h', rest @ ..] = b {
        file = Some(f - b'a');
        b = rest;
    }
    let mut rank = None;
    if let [r @ b'1'..=b'8', rest @ ..] = b {
        rank = Some(r - b'1');
        b = rest;
    }
    b.is_empty().then_some(Parts {
        piece,
        file,
        rank,
        to,
        promotion,
    })
}

/// python-chess's `find_move(from, to, promotion)`: the legal move (a
/// pawn reaching the back rank promotes to a queen unless told).
pub fn find_move(s: &Setup, r: Rules, from: u8, to: u8, promotion: Option<u8>) -> Option<PyMove> {
    let back_ranks = 0xffu64 | (0xff << 56);
    let promotion = promotion
        .or_else(|| (s.kind(1) & bit(from) != 0 && bit(to) & back_ranks != 0).then_some(5));
    let m = from_chess960(
        s,
        r.chess960,
        PyMove {
            from_square: from,
            to_square: to,
            promotion,
            drop: None,
        },
    );
    is_legal(s, r, m).then_some(m)
}

/// python-chess's `parse_san(text)`; `fen` names the position in errors.
pub fn parse_san(s: &Setup, r: Rules, text: &str, fen: &str) -> Result<PyMove, SanError> {
    let illegal = || SanError::Illegal(format!("illegal san: {} in {fen}", py_repr(text)));
    let castle = |kingside: bool| {
        let mut moves = Vec::new();
        castling_moves(s, r, u64::MAX, u64::MAX, &mut moves);
        moves
            .into_iter()
            .find(|&m| {
                if kingside {
                    is_kingside_castling(s, m)
                } else {
                    is_queenside_castling(s, m)
                }
            })
            .ok_or_else(illegal)
    };
    match text {
        "O-O" | "O-O+" | "O-O#" | "0-0" | "0-0+" | "0-0#" => return castle(true),
        "O-O-O" | "O-O-O+" | "O-O-O#" | "0-0-0" | "0-0-0+" | "0-0-0#" => return castle(false),
        _ => {}
    }
    let Some(parts) = split(text) else {
        if matches!(text, "--" | "Z0" | "0000" | "@@@@") {
            return Ok(PyMove::null_move());
        }
        if text.contains(',') {
            return Err(SanError::Invalid(format!(
                "unsupported multi-leg move: {}",
                py_repr(text)
            )));
        }
        return Err(SanError::Invalid(format!("invalid san: {}", py_repr(text))));
    };
    let white = s.white();
    let to_mask = bit(parts.to) & !s.co(white);
    let mut from_mask = u64::MAX;
    if let Some(file) = parts.file {
        from_mask &= 0x0101_0101_0101_0101u64 << file;
    }
    if let Some(rank) = parts.rank {
        from_mask &= 0xffu64 << (rank * 8);
    }
    if let Some(piece) = parts.piece {
        from_mask &= s.kind(piece) & s.co(white);
    } else if let (Some(file), Some(rank)) = (parts.file, parts.rank) {
        let from = rank * 8 + file;
        let m = find_move(s, r, from, parts.to, parts.promotion).ok_or_else(|| {
            SanError::Illegal(format!(
                "no matching legal move for {} ({} -> {}) in {fen}",
                PyMove {
                    from_square: from,
                    to_square: parts.to,
                    promotion: parts.promotion,
                    drop: None,
                }
                .uci_text(),
                square_name(from),
                square_name(parts.to)
            ))
        })?;
        return if m.promotion == parts.promotion {
            Ok(m)
        } else {
            Err(SanError::Illegal(format!(
                "missing promotion piece type: {} in {fen}",
                py_repr(text)
            )))
        };
    } else {
        from_mask &= s.kind(1);
        if parts.file.is_none() {
            from_mask &= 0x0101_0101_0101_0101u64 << (parts.to & 7);
        }
    }
    let mut moves = Vec::new();
    legal(s, r, from_mask, to_mask, &mut moves);
    let mut matched = None;
    for m in moves {
        if m.promotion != parts.promotion {
            continue;
        }
        if matched.is_some() {
            return Err(SanError::Ambiguous(format!(
                "ambiguous san: {} in {fen}",
                py_repr(text)
            )));
        }
        matched = Some(m);
    }
    matched.ok_or_else(illegal)
}

/// Text as Python's `repr()` writes a `str`, as python-chess's SAN errors
/// quote it: single quotes unless the text holds one and no double quote.
pub fn py_repr(text: &str) -> String {
    let quote = if text.contains('\'') && !text.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(text.len() + 2);
    out.push(quote);
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

/// A square's name, `a1` to `h8`.
fn square_name(square: u8) -> String {
    let file = char::from(b'a' + square % 8);
    let rank = char::from(b'1' + square / 8);
    format!("{file}{rank}")
}
