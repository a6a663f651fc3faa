//! EPD with its operations, as python-chess writes and reads them:
//! `epd(**operations)` (moves as SAN, `pv` lines, `am`/`bm` sets,
//! numbers, strings, `None`), `set_epd` and `Board.from_epd`, which return
//! the operations python-chess's reader finds (its state machine, string
//! escapes and numbers included). The FEN part and the moves come from
//! the board's own `fen`, `san` and `parse_san`, called as Python methods.

use pyo3::exceptions::{PyAssertionError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyFloat, PyInt, PyList, PyString, PyTuple, PyType};

use super::pyboard::PyBoard;
use crate::values::{PyMove, Surrogates, Text, py_repr};

/// The opcodes whose operand is a list of moves.
const MOVE_LISTS: [&str; 3] = ["pv", "am", "bm"];

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
                "expected epd opcode to start with a letter, got: {}",
                py_repr(opcode)
            ));
        }
        Some(_) => {}
    }
    match opcode
        .chars()
        .find(|c| matches!(c, ' ' | '\n' | '\t' | '\r'))
    {
        Some(bad) => error(format!(
            "invalid character {} in epd opcode: {}",
            py_repr(&bad.to_string()),
            py_repr(opcode)
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
                                "invalid numeric operand for epd operation {}: {}",
                                py_repr(&opcode),
                                py_repr(&operand)
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
    /// The EPD: the FEN without its clocks (`shredder` and `en_passant` as
    /// for `fen`), then the keyword `operations` as python-chess writes
    /// them (`bm=move` as SAN, `pv=[moves]`, numbers, strings, `None`).
    /// `promoted` is accepted for python-chess's signature (standard chess
    /// marks no promoted pieces).
    #[pyo3(signature = (*, shredder=false, en_passant="legal", promoted=None, **operations))]
    #[pyo3(name = "_epd_native")]
    pub(super) fn epd(
        slf: &Bound<'_, Self>,
        shredder: bool,
        en_passant: &str,
        promoted: Option<&Bound<'_, PyAny>>,
        operations: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<String> {
        let _ = promoted;
        // The position's own four fields (python-chess's `fen` is built on
        // `epd`, not the other way round: a subclass's `fen` is not asked).
        let mut epd = slf.borrow().fen_text(shredder, en_passant, false)?;
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
    fn set_epd<'py>(slf: &Bound<'py, Self>, epd: Text) -> PyResult<Bound<'py, PyDict>> {
        let Text(epd, surrogates) = epd;
        let operations = surrogates.restore(Self::set_epd_text(slf, &epd))?;
        if surrogates.0 {
            // Text the operations hold, with lone surrogates as given.
            restore_surrogates(&operations)?;
        }
        Ok(operations)
    }

    /// `(board, operations)` of an EPD (see `set_epd`).
    #[classmethod]
    #[pyo3(signature = (epd, *, chess960=false))]
    fn from_epd<'py>(
        cls: &Bound<'py, PyType>,
        epd: &Bound<'py, PyAny>,
        chess960: bool,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let kwargs = PyDict::new(cls.py());
        kwargs.set_item("chess960", chess960)?;
        let board = cls.call((), Some(&kwargs))?;
        let operations = board.call_method1("set_epd", (epd,))?;
        PyTuple::new(cls.py(), [board, operations])
    }
}

impl PyBoard {
    /// `set_epd` of text read from a `str`.
    fn set_epd_text<'py>(slf: &Bound<'py, Self>, epd: &str) -> PyResult<Bound<'py, PyDict>> {
        let py = slf.py();
        let text = PyString::new(py, epd)
            .call_method0("strip")?
            .call_method1("rstrip", (";",))?;
        // Three-check's position has a fifth field, the check counts.
        let fields = match slf.borrow().variant {
            bitmoves::variant::VariantKind::ThreeCheck => 5,
            _ => 4,
        };
        let mut parts: Vec<String> = text.call_method1("split", (py.None(), fields))?.extract()?;
        if parts.len() <= fields {
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
}

/// The strings of `operations` (keys, values) with their stand-ins for
/// lone surrogates written back as the surrogates.
fn restore_surrogates(operations: &Bound<'_, PyDict>) -> PyResult<()> {
    fn restored<'py>(item: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        match item.downcast::<PyString>() {
            Ok(text) => Surrogates::unmasked(text),
            Err(_) => Ok(item.clone()),
        }
    }
    let items = operations.items();
    operations.clear();
    for item in items.iter() {
        let (key, value) = item.extract::<(Bound<'_, PyAny>, Bound<'_, PyAny>)>()?;
        operations.set_item(restored(&key)?, restored(&value)?)?;
    }
    Ok(())
}
