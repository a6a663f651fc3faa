//! FEN in and out as python-chess reads and writes it: one to six fields,
//! any placement, castling letters resolved against the rooks there,
//! clocks of any size a `u32` holds; written with X-FEN or Shredder
//! castling of the rights that count and the en passant square as asked.

use bitmoves::{Color, Piece, Square};

use super::movegen::{has_legal_en_passant, has_pseudo_legal_en_passant};
use super::rules::castling_rights;
use super::san::py_repr;
use super::{Rules, back_rank, bit, msb, scan_reversed};
use crate::board::setup::Setup;

/// A FEN read as python-chess reads it.
#[derive(Clone, Copy, Debug)]
pub struct FenParts {
    /// The position, castling rights as the letters name them.
    pub setup: Setup,
}

/// Reads a FEN's placement field (with python-chess's `~` marks for
/// promoted pieces) into the pieces of `setup`, which it clears first.
pub fn parse_board_fen(text: &str, setup: &mut Setup) -> Result<(), String> {
    let fen = text.trim();
    if fen.contains(' ') {
        return Err(format!(
            "expected position part of fen, got multiple parts: {}",
            py_repr(text)
        ));
    }
    let rows: Vec<&str> = fen.split('/').collect();
    if rows.len() != 8 {
        return Err(format!(
            "expected 8 rows in position part of fen: {}",
            py_repr(text)
        ));
    }
    for row in &rows {
        let (mut sum, mut digit, mut piece) = (0, false, false);
        for c in row.chars() {
            if ('1'..='8').contains(&c) {
                if digit {
                    return Err(format!(
                        "two subsequent digits in position part of fen: {}",
                        py_repr(text)
                    ));
                }
                sum += c as u32 - '0' as u32;
                (digit, piece) = (true, false);
            } else if c == '~' {
                if !piece {
                    return Err(format!(
                        "'~' not after piece in position part of fen: {}",
                        py_repr(text)
                    ));
                }
                (digit, piece) = (false, false);
            } else if Piece::from_char(c.to_ascii_lowercase()).is_some() && c.is_ascii() {
                sum += 1;
                (digit, piece) = (false, true);
            } else {
                return Err(format!(
                    "invalid character in position part of fen: {}",
                    py_repr(text)
                ));
            }
        }
        if sum != 8 {
            return Err(format!(
                "expected 8 columns per row in position part of fen: {}",
                py_repr(text)
            ));
        }
    }
    setup.pieces = [0; 6];
    setup.colors = [0; 2];
    setup.promoted = 0;
    for (row, text) in rows.iter().enumerate() {
        let mut file = 0u8;
        let rank = 7 - row as u8;
        let mut last = None;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                file += d as u8;
            } else if c == '~' {
                if let Some(sq) = last {
                    setup.promoted |= bit(sq);
                }
            } else if let Some(piece) = Piece::from_char(c.to_ascii_lowercase()) {
                let sq = rank * 8 + file;
                setup.put_at(sq, piece.index() as u8 + 1, c.is_ascii_uppercase(), false);
                last = Some(sq);
                file += 1;
            }
        }
    }
    Ok(())
}

/// Whether castling text is python-chess's `FEN_CASTLING_REGEX`: `-`, or
/// up to two of `KQA-H` then up to two of `kqa-h`.
fn castling_syntax(text: &str) -> bool {
    if text == "-" {
        return true;
    }
    let upper = text
        .chars()
        .take_while(|c| matches!(c, 'K' | 'Q' | 'A'..='H'))
        .count();
    let rest = &text[upper..];
    upper <= 2 && rest.len() <= 2 && rest.chars().all(|c| matches!(c, 'k' | 'q' | 'a'..='h'))
}

/// python-chess's `_set_castling_fen`: the rook squares the letters name
/// on this placement (`K`/`Q` the outermost rook beyond the king, else
/// the corner).
pub fn castling_from_fen(text: &str, s: &Setup) -> Result<u64, String> {
    if text.is_empty() || text == "-" {
        return Ok(0);
    }
    if !castling_syntax(text) {
        return Err(format!("invalid castling fen: {}", py_repr(text)));
    }
    let mut rights = 0;
    for flag in text.chars() {
        let white = flag.is_ascii_uppercase();
        let flag = flag.to_ascii_lowercase();
        let backrank = back_rank(white);
        let rooks = s.co(white) & s.kind(4) & backrank;
        let king = s.king_of(white).map(i32::from);
        let lsb = if rooks == 0 {
            -1
        } else {
            rooks.trailing_zeros() as i32
        };
        let high = if rooks == 0 {
            -1
        } else {
            i32::from(msb(rooks))
        };
        match flag {
            'q' => {
                if king.is_some_and(|k| lsb < k) {
                    rights |= rooks & rooks.wrapping_neg();
                } else {
                    rights |= 0x0101_0101_0101_0101 & backrank;
                }
            }
            'k' => {
                if king.is_some_and(|k| k < high) {
                    rights |= bit(high as u8);
                } else {
                    rights |= 0x8080_8080_8080_8080 & backrank;
                }
            }
            file => rights |= (0x0101_0101_0101_0101u64 << (file as u8 - b'a')) & backrank,
        }
    }
    Ok(rights)
}

/// A clock field: a non-negative integer.
fn clock(text: &str, what: &str, fen: &str) -> Result<u32, String> {
    let value: i64 = text
        .parse()
        .map_err(|_| format!("invalid {what} in fen: {}", py_repr(fen)))?;
    if value < 0 {
        return Err(format!("{what} cannot be negative: {}", py_repr(fen)));
    }
    u32::try_from(value).map_err(|_| format!("{what} too large in fen: {}", py_repr(fen)))
}

/// python-chess's `set_fen`: one to six fields (the missing ones `w - -
/// 0 1`).
pub fn parse_fen(fen: &str) -> Result<FenParts, String> {
    let parts: Vec<&str> = fen.split_whitespace().collect();
    let Some(board) = parts.first() else {
        return Err("empty fen".to_string());
    };
    let turn = match parts.get(1) {
        None | Some(&"w") => Color::White,
        Some(&"b") => Color::Black,
        Some(_) => {
            return Err(format!(
                "expected 'w' or 'b' for turn part of fen: {}",
                py_repr(fen)
            ));
        }
    };
    let castling = parts.get(2).copied().unwrap_or("-");
    if !castling_syntax(castling) {
        return Err(format!("invalid castling part in fen: {}", py_repr(fen)));
    }
    let ep_square = match parts.get(3) {
        None | Some(&"-") => None,
        Some(text) => Some(
            text.parse::<Square>()
                .ok()
                .filter(|_| text.len() == 2)
                .ok_or_else(|| format!("invalid en passant part in fen: {}", py_repr(fen)))?,
        ),
    };
    let halfmove_clock = match parts.get(4) {
        None => 0,
        Some(text) => clock(text, "half-move clock", fen)?,
    };
    let fullmove_number = match parts.get(5) {
        None => 1,
        Some(text) => clock(text, "fullmove number", fen)?.max(1),
    };
    // Checked after the fields, as python-chess does: a damaged field is
    // named before the count.
    if parts.len() > 6 {
        return Err(format!(
            "fen string has more parts than expected: {}",
            py_repr(fen)
        ));
    }
    let mut setup = Setup::EMPTY;
    parse_board_fen(board, &mut setup)?;
    setup.turn = turn;
    setup.castling_rights = castling_from_fen(castling, &setup)?;
    setup.ep_square = ep_square;
    setup.halfmove_clock = halfmove_clock;
    setup.fullmove_number = fullmove_number;
    Ok(FenParts { setup })
}

/// python-chess's `castling_xfen()`.
pub fn castling_xfen(s: &Setup, r: Rules) -> String {
    let rights = castling_rights(s, r);
    let mut text = String::new();
    for white in [true, false] {
        let Some(king) = s.king_of(white) else {
            continue;
        };
        let backrank = back_rank(white);
        for rook in scan_reversed(rights & backrank) {
            let file = rook & 7;
            let a_side = file < (king & 7);
            let others = s.co(white) & s.kind(4) & backrank & !bit(rook);
            let outer = scan_reversed(others).any(|other| ((other & 7) < file) == a_side);
            let letter = match (outer, a_side) {
                (true, _) => char::from(b'a' + file),
                (false, true) => 'q',
                (false, false) => 'k',
            };
            text.push(if white {
                letter.to_ascii_uppercase()
            } else {
                letter
            });
        }
    }
    if text.is_empty() {
        text.push('-');
    }
    text
}

/// python-chess's `castling_shredder_fen()`.
pub fn castling_shredder(s: &Setup, r: Rules) -> String {
    let rights = castling_rights(s, r);
    let mut text = String::new();
    for rook in scan_reversed(rights & back_rank(true)) {
        text.push(char::from(b'A' + (rook & 7)));
    }
    for rook in scan_reversed(rights & back_rank(false)) {
        text.push(char::from(b'a' + (rook & 7)));
    }
    if text.is_empty() {
        text.push('-');
    }
    text
}

/// python-chess's `epd()` without operations (`clocks` adds the two
/// clocks: `fen()`); `en_passant` is "legal", "fen" or "xfen".
pub fn write_fen(
    s: &Setup,
    r: Rules,
    shredder: bool,
    en_passant: &str,
    clocks: bool,
) -> Result<String, String> {
    let ep = match en_passant {
        "fen" => s.ep_square,
        "xfen" => s.ep_square.filter(|_| has_pseudo_legal_en_passant(s)),
        "legal" => s.ep_square.filter(|_| has_legal_en_passant(s, r)),
        other => {
            return Err(format!(
                "en_passant must be \"legal\", \"fen\" or \"xfen\", not {other:?}"
            ));
        }
    };
    let castling = if shredder {
        castling_shredder(s, r)
    } else {
        castling_xfen(s, r)
    };
    let mut fen = format!(
        "{} {} {castling} {}",
        s.board_fen(),
        if s.white() { 'w' } else { 'b' },
        ep.map_or("-".to_string(), |sq| sq.to_string())
    );
    if clocks {
        fen.push_str(&format!(" {} {}", s.halfmove_clock, s.fullmove_number));
    }
    Ok(fen)
}
