//! `Board` methods that write and read notations beyond UCI and SAN, with
//! python-chess's meaning: long algebraic notation (`lan`), the XBoard
//! protocol's moves (`xboard`, `parse_xboard`, `push_xboard`), the SAN of
//! a variation, and EPD with its operations (`epd(**operations)`,
//! `set_epd`, `Board.from_epd`). They build on the board's own FEN and SAN
//! methods, called as Python methods so that a subclass's are used.

use pyo3::exceptions::{PyAssertionError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyFloat, PyInt, PyList, PyString, PyTuple, PyType};

use super::extras::{copy_of, is_castling};
use super::pyboard::PyBoard;
use super::setup::Setup;
use crate::values::{IllegalMoveError, PyMove};
use bitmoves::{Color, Piece};

/// The opcodes whose operand is a list of moves.
const MOVE_LISTS: [&str; 3] = ["pv", "am", "bm"];

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

/// python-chess's check for an EPD opcode: not empty, not `-`, starting
/// with a letter, without spaces, tabs or line breaks.
fn validate_opcode(opcode: &str) -> PyResult<()> {
    let error = |message: String| Err(PyValueError::new_err(message));
    match opcode.chars().next() {
        None => return error("empty string is not a valid epd opcode".to_string()),
        Some(_) if opcode == "-" => {
            return error("dash (-) is not a valid epd opcode".to_string());
        }
        Some(first) if !first.is_alphabetic() => {
            return error(format!(
                "expected epd opcode to start with a letter, got: {opcode:?}"
            ));
        }
        Some(_) => {}
    }
    match opcode
        .chars()
        .find(|c| matches!(c, ' ' | '\n' | '\t' | '\r'))
    {
        Some(bad) => error(format!(
            "invalid character {bad:?} in epd opcode: {opcode:?}"
        )),
        None => Ok(()),
    }
}

/// An EPD string operand, its backslashes, tabs, line breaks and quotes
/// escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\n' => out.push_str("\\n"),
            '"' => out.push_str("\\\""),
            c => out.push(c),
        }
    }
    out
}

/// The operations of `epd(**operations)`, written as python-chess writes
/// them: `op;` for `None`, SAN for a move (a `pv` list played out, an `am`
/// or `bm` list sorted), numbers as Python prints them, anything else as
/// a quoted, escaped string.
fn write_operations(
    board: &Bound<'_, PyBoard>,
    operations: &Bound<'_, PyDict>,
) -> PyResult<String> {
    let mut parts = Vec::with_capacity(operations.len());
    for (opcode, operand) in operations.iter() {
        let opcode: String = opcode.extract()?;
        validate_opcode(&opcode)?;
        let mut part = opcode.clone();
        let is_iterable = !operand.is_instance_of::<PyString>() && operand.hasattr("__iter__")?;
        if operand.is_none() {
        } else if let Ok(mv) = operand.downcast::<PyMove>() {
            let san: String = board.call_method1("san", (mv,))?.extract()?;
            part.push(' ');
            part.push_str(&san);
        } else if operand.is_instance_of::<PyInt>() {
            part.push_str(&format!(" {}", operand.str()?));
        } else if let Ok(number) = operand.downcast::<PyFloat>() {
            if !number.value().is_finite() {
                return Err(PyAssertionError::new_err(format!(
                    "expected numeric epd operand to be finite, got: {}",
                    operand.str()?
                )));
            }
            part.push_str(&format!(" {}", operand.str()?));
        } else if opcode == "pv" && is_iterable {
            let kwargs = PyDict::new(board.py());
            kwargs.set_item("stack", false)?;
            let position = board.call_method("copy", (), Some(&kwargs))?;
            for mv in operand.try_iter()? {
                let mv = mv?;
                let san: String = position.call_method1("san", (&mv,))?.extract()?;
                position.call_method1("push", (mv,))?;
                part.push(' ');
                part.push_str(&san);
            }
        } else if (opcode == "am" || opcode == "bm") && is_iterable {
            let mut sans = Vec::new();
            for mv in operand.try_iter()? {
                sans.push(board.call_method1("san", (mv?,))?.extract::<String>()?);
            }
            sans.sort();
            for san in sans {
                part.push(' ');
                part.push_str(&san);
            }
        } else {
            part.push_str(&format!(" \"{}\"", escape(&operand.str()?.to_cow()?)));
        }
        part.push(';');
        parts.push(part);
    }
    Ok(parts.join(" "))
}

/// Where python-chess's EPD operation reader stands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Read {
    Opcode,
    AfterOpcode,
    Numeric,
    Text,
    TextEscape,
    San,
}

/// Reads EPD operations as python-chess's `_parse_epd_ops` does. Moves are
/// read as SAN (XBoard) on a board of `fen` (made on first use, of the
/// type `cls`); a `pv` is played out on it.
fn read_operations<'py>(
    cls: &Bound<'py, PyType>,
    fen: &str,
    text: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let py = cls.py();
    let operations = PyDict::new(py);
    let mut state = Read::Opcode;
    let mut opcode = String::new();
    let mut operand = String::new();
    let mut position: Option<Bound<'py, PyAny>> = None;
    let empty = |opcode: &str| -> PyResult<PyObject> {
        Ok(if MOVE_LISTS.contains(&opcode) {
            PyList::empty(py).into_any().unbind()
        } else {
            py.None()
        })
    };
    for ch in text.chars().map(Some).chain([None]) {
        let blank = matches!(ch, Some(' ' | '\t' | '\r' | '\n'));
        let end = matches!(ch, None | Some(';'));
        match state {
            Read::Opcode => {
                if blank {
                    if opcode == "-" {
                        opcode.clear();
                    } else if !opcode.is_empty() {
                        validate_opcode(&opcode)?;
                        state = Read::AfterOpcode;
                    }
                } else if end {
                    if opcode == "-" {
                        opcode.clear();
                    } else if !opcode.is_empty() {
                        operations.set_item(&opcode, empty(&opcode)?)?;
                        opcode.clear();
                    }
                } else if let Some(ch) = ch {
                    opcode.push(ch);
                }
            }
            Read::AfterOpcode => match ch {
                _ if blank => {}
                Some('"') => state = Read::Text,
                _ if end => {
                    if !opcode.is_empty() {
                        operations.set_item(&opcode, empty(&opcode)?)?;
                        opcode.clear();
                    }
                    state = Read::Opcode;
                }
                Some(ch) => {
                    operand = ch.to_string();
                    state = if "+-.0123456789".contains(ch) {
                        Read::Numeric
                    } else {
                        Read::San
                    };
                }
                None => {}
            },
            Read::Numeric => match ch {
                Some(ch) if !end => operand.push(ch),
                _ => {
                    let value = if operand.contains(['.', 'e', 'E']) {
                        let number = py.get_type::<PyFloat>().call1((&operand,))?;
                        if !number.extract::<f64>()?.is_finite() {
                            return Err(PyValueError::new_err(format!(
                                "invalid numeric operand for epd operation {opcode:?}: {operand:?}"
                            )));
                        }
                        number
                    } else {
                        py.get_type::<PyInt>().call1((&operand,))?
                    };
                    operations.set_item(&opcode, value)?;
                    opcode.clear();
                    operand.clear();
                    state = Read::Opcode;
                }
            },
            Read::Text => match ch {
                None | Some('"') => {
                    operations.set_item(&opcode, &operand)?;
                    opcode.clear();
                    operand.clear();
                    state = Read::Opcode;
                }
                Some('\\') => state = Read::TextEscape,
                Some(ch) => operand.push(ch),
            },
            Read::TextEscape => {
                match ch {
                    None => {
                        operations.set_item(&opcode, &operand)?;
                        opcode.clear();
                        operand.clear();
                        state = Read::Opcode;
                        continue;
                    }
                    Some('r') => operand.push('\r'),
                    Some('n') => operand.push('\n'),
                    Some('t') => operand.push('\t'),
                    Some(ch) => operand.push(ch),
                }
                state = Read::Text;
            }
            Read::San => match ch {
                Some(ch) if !end => operand.push(ch),
                _ => {
                    let board = match &position {
                        Some(board) => board.clone(),
                        None => position.insert(cls.call1((fen,))?).clone(),
                    };
                    let value = read_moves(&board, &opcode, &operand)?;
                    operations.set_item(&opcode, value)?;
                    opcode.clear();
                    operand.clear();
                    state = Read::Opcode;
                }
            },
        }
    }
    Ok(operations)
}

/// The moves of an EPD operand read as SAN on `board`: a `pv` played out
/// (then taken back), the set of an `am` or `bm`, or one move.
fn read_moves<'py>(board: &Bound<'py, PyAny>, opcode: &str, operand: &str) -> PyResult<PyObject> {
    let py = board.py();
    let parse = |token: &str| board.call_method1("parse_san", (token,));
    match opcode {
        "pv" => {
            let variation = PyList::empty(py);
            let mut played = 0;
            let result = operand.split_whitespace().try_for_each(|token| {
                let mv = parse(token)?;
                board.call_method1("push", (&mv,))?;
                played += 1;
                variation.append(mv)
            });
            for _ in 0..played {
                board.call_method0("pop")?;
            }
            result?;
            Ok(variation.into_any().unbind())
        }
        "am" | "bm" => {
            let moves = operand
                .split_whitespace()
                .map(parse)
                .collect::<PyResult<Vec<_>>>()?;
            Ok(PyList::new(py, moves)?.into_any().unbind())
        }
        _ => Ok(parse(operand)?.unbind()),
    }
}

#[pymethods]
impl PyBoard {
    /// The move in long algebraic notation (`Ng1-f3`, `e5xd6#`, `O-O`),
    /// `--` for the null move; `IllegalMoveError` for a move not legal here.
    fn lan(slf: &Bound<'_, Self>, r#move: PyMove) -> PyResult<String> {
        let san: String = slf.call_method1("san", (r#move,))?.extract()?;
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
    fn parse_xboard<'py>(slf: &Bound<'py, Self>, xboard: &str) -> PyResult<Bound<'py, PyAny>> {
        slf.call_method1("parse_san", (xboard,))
    }

    /// `parse_xboard`, then `push`; returns the move (as `push_san`).
    fn push_xboard<'py>(slf: &Bound<'py, Self>, xboard: &str) -> PyResult<Bound<'py, PyAny>> {
        slf.call_method1("push_san", (xboard,))
    }

    /// The EPD: the FEN without its clocks (`shredder` and `en_passant` as
    /// for `fen`), then the keyword `operations` as python-chess writes
    /// them (`bm=move` as SAN, `pv=[moves]`, numbers, strings, `None`).
    /// `promoted` is accepted for python-chess's signature (standard chess
    /// marks no promoted pieces).
    #[pyo3(signature = (*, shredder=false, en_passant="legal", promoted=None, **operations))]
    fn epd(
        slf: &Bound<'_, Self>,
        shredder: bool,
        en_passant: &str,
        promoted: Option<&Bound<'_, PyAny>>,
        operations: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<String> {
        let _ = promoted;
        let kwargs = PyDict::new(slf.py());
        kwargs.set_item("shredder", shredder)?;
        kwargs.set_item("en_passant", en_passant)?;
        let fen: String = slf.call_method("fen", (), Some(&kwargs))?.extract()?;
        let fields: Vec<&str> = fen.split(' ').take(4).collect();
        let mut epd = fields.join(" ");
        if let Some(operations) = operations.filter(|ops| !ops.is_empty()) {
            epd.push(' ');
            epd.push_str(&write_operations(slf, operations)?);
        }
        Ok(epd)
    }

    /// Sets the position from an EPD and returns its operations as a dict
    /// (numbers, strings, moves, lists of moves, `None`); `hmvc` and
    /// `fmvn` set the clocks (0 and 1 otherwise). Clears the move stack.
    /// `ValueError` for an invalid EPD.
    fn set_epd<'py>(slf: &Bound<'py, Self>, epd: &str) -> PyResult<Bound<'py, PyDict>> {
        let py = slf.py();
        let text = PyString::new(py, epd)
            .call_method0("strip")?
            .call_method1("rstrip", (";",))?;
        let mut parts: Vec<String> = text.call_method1("split", (py.None(), 4))?.extract()?;
        if parts.len() <= 4 {
            slf.call_method1("set_fen", (epd,))?;
            return Ok(PyDict::new(py));
        }
        let operations_text = parts.pop().unwrap_or_default();
        let fen = format!("{} 0 1", parts.join(" "));
        let operations = read_operations(&slf.get_type(), &fen, &operations_text)?;
        for (clock, default) in [("hmvc", "0"), ("fmvn", "1")] {
            parts.push(match operations.get_item(clock)? {
                Some(value) => value.str()?.to_cow()?.into_owned(),
                None => default.to_string(),
            });
        }
        slf.call_method1("set_fen", (parts.join(" "),))?;
        Ok(operations)
    }

    /// `(board, operations)` of an EPD (see `set_epd`).
    #[classmethod]
    #[pyo3(signature = (epd, *, chess960=false))]
    fn from_epd<'py>(
        cls: &Bound<'py, PyType>,
        epd: &str,
        chess960: bool,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let kwargs = PyDict::new(cls.py());
        kwargs.set_item("chess960", chess960)?;
        let board = cls.call((), Some(&kwargs))?;
        let operations = board.call_method1("set_epd", (epd,))?;
        PyTuple::new(cls.py(), [board, operations])
    }
}
