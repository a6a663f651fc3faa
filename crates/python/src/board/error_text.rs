//! python-chess's wording of errors: text quoted as Python's `repr()`
//! quotes it, and a FEN's errors, where the core's [`SetupFenError`] names
//! the field and python-chess's message says more (which rule of the
//! placement, a negative clock); the text is read again only to word the
//! error, never to decide one.

use crate::values::py_repr;
use bitmoves::setup::SetupFenError;

/// The `ValueError` message python-chess gives for a FEN the core refused
/// with `error`.
pub fn fen_message(fen: &str, error: SetupFenError) -> String {
    let quoted = py_repr(fen);
    let field = |index: usize| fen.split_ascii_whitespace().nth(index).unwrap_or("");
    match error {
        SetupFenError::Empty => "empty fen".to_string(),
        SetupFenError::Turn => format!("expected 'w' or 'b' for turn part of fen: {quoted}"),
        SetupFenError::Castling => format!("invalid castling part in fen: {quoted}"),
        SetupFenError::EnPassant => format!("invalid en passant part in fen: {quoted}"),
        SetupFenError::HalfmoveClock => clock_message(field(4), "half-move clock", &quoted),
        SetupFenError::FullmoveNumber => clock_message(field(5), "fullmove number", &quoted),
        SetupFenError::TooManyFields => {
            format!("fen string has more parts than expected: {quoted}")
        }
        SetupFenError::Placement | SetupFenError::Pocket | SetupFenError::Checks => {
            placement_message(field(0))
        }
    }
}

/// python-chess's message for a clock field it cannot take.
fn clock_message(text: &str, what: &str, quoted: &str) -> String {
    match text.parse::<i64>() {
        Err(_) => format!("invalid {what} in fen: {quoted}"),
        Ok(value) if value < 0 => format!("{what} cannot be negative: {quoted}"),
        Ok(_) => format!("{what} too large in fen: {quoted}"),
    }
}

/// python-chess's message for a placement field the core refused
/// (`_set_board_fen`'s checks, in its order).
pub fn placement_message(text: &str) -> String {
    let quoted = py_repr(text);
    let fen = text.trim();
    let problem = if fen.contains(' ') {
        "expected position part of fen, got multiple parts"
    } else if fen.split('/').count() != 8 {
        "expected 8 rows in position part of fen"
    } else {
        fen.split('/')
            .find_map(row_problem)
            .unwrap_or("invalid position part of fen")
    };
    format!("{problem}: {quoted}")
}

/// What python-chess finds wrong with one row, if anything.
fn row_problem(row: &str) -> Option<&'static str> {
    let (mut columns, mut digit, mut piece) = (0, false, false);
    for c in row.chars() {
        if ('1'..='8').contains(&c) {
            if digit {
                return Some("two subsequent digits in position part of fen");
            }
            columns += c as u32 - '0' as u32;
            (digit, piece) = (true, false);
        } else if c == '~' {
            if !piece {
                return Some("'~' not after piece in position part of fen");
            }
            (digit, piece) = (false, false);
        } else if "pnbrqkPNBRQK".contains(c) {
            columns += 1;
            (digit, piece) = (false, true);
        } else {
            return Some("invalid character in position part of fen");
        }
    }
    (columns != 8).then_some("expected 8 columns per row in position part of fen")
}

/// The squares of SAN text that names both the from-square and the
/// to-square without a piece letter (`e2e4`, `g1-f3`, `a7xb8=Q+`), which
/// python-chess reads by `find_move` and words its error by: from, to, and
/// the promotion letter if any. `None` for any other text.
pub fn fully_specified_san(text: &str) -> Option<(u8, u8, Option<char>)> {
    let body = text.strip_suffix(['+', '#']).unwrap_or(text).as_bytes();
    let square = |file: u8, rank: u8| {
        ((b'a'..=b'h').contains(&file) && (b'1'..=b'8').contains(&rank))
            .then(|| (rank - b'1') * 8 + (file - b'a'))
    };
    let from = square(*body.first()?, *body.get(1)?)?;
    let mut rest = &body[2..];
    if let [b'-' | b'x', tail @ ..] = rest {
        rest = tail;
    }
    let to = square(*rest.first()?, *rest.get(1)?)?;
    let promotion = match &rest[2..] {
        [] => None,
        [letter] | [b'=', letter] if b"nbrqkNBRQK".contains(letter) => {
            Some(char::from(letter.to_ascii_lowercase()))
        }
        _ => return None,
    };
    Some((from, to, promotion))
}
