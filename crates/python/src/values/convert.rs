//! The checked conversions of Python ints into the core's types (squares,
//! piece types, colours) and into python-chess's own readings of them: a
//! list index (`BB_SQUARES[square]`) and a 64-bit bitboard.

use bitmoves::{Color, Piece as CorePiece, Square};
use pyo3::exceptions::{PyIndexError, PyOverflowError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyInt;

use super::surrogates::Surrogates;

/// A Python int argument (anything with `__index__`), as an `i64`: ints
/// beyond its range become `i64::MIN` or `i64::MAX`, which every range
/// check then refuses as it refuses any number out of range (so that
/// `2**70` is the `IndexError` or `ValueError` python-chess raises, not an
/// `OverflowError`); not an int is a `TypeError`.
#[derive(Clone, Copy, Debug)]
pub struct Int(pub i64);

impl<'py> FromPyObject<'py> for Int {
    fn extract_bound(value: &Bound<'py, PyAny>) -> PyResult<Self> {
        match value.extract::<i64>() {
            Ok(n) => Ok(Self(n)),
            Err(error) if error.is_instance_of::<PyOverflowError>(value.py()) => {
                Ok(Self(if value.lt(0)? { i64::MIN } else { i64::MAX }))
            }
            Err(error) => Err(error),
        }
    }
}

/// A square as python-chess reads one where it looks it up in a table of
/// the 64 squares (`BB_SQUARES[square]`): any int from -64 to 63, the
/// negative ones counted from the end as Python's list indices are (-1 is
/// h8); `IndexError` beyond, `TypeError` for what is not an int.
#[derive(Clone, Copy, Debug)]
pub struct ListSquare(pub u32);

impl<'py> FromPyObject<'py> for ListSquare {
    fn extract_bound(value: &Bound<'py, PyAny>) -> PyResult<Self> {
        let Int(index) = value.extract()?;
        list_square(index).map(Self)
    }
}

/// The square at `index` of a Python list of the 64 squares.
pub fn list_square(index: i64) -> PyResult<u32> {
    match index {
        0..=63 => Ok(index as u32),
        -64..=-1 => Ok((index + 64) as u32),
        _ => Err(PyIndexError::new_err(format!(
            "square index out of range: {index}"
        ))),
    }
}

/// A bitboard argument of the module's functions (`lsb`, `flip_vertical`,
/// `shift_up`, …): an int (or anything with `__index__`, a `SquareSet`
/// among them) from 0 to 2**64 - 1; `ValueError` for other ints.
#[derive(Clone, Copy, Debug)]
pub struct Bits(pub u64);

impl<'py> FromPyObject<'py> for Bits {
    fn extract_bound(value: &Bound<'py, PyAny>) -> PyResult<Self> {
        extract_bits(value, || {
            Err(PyValueError::new_err(format!(
                "not a bitboard (0 to 2**64 - 1): {value}"
            )))
        })
        .map(Self)
    }
}

/// An int bitboard taken modulo 2**64, as python-chess's `&` with `BB_ALL`
/// would take it (what a `transform` function returns): any Python int,
/// or object with `__index__`; not an int is a `TypeError`.
#[derive(Clone, Copy, Debug)]
pub struct MaskedBits(pub u64);

impl<'py> FromPyObject<'py> for MaskedBits {
    fn extract_bound(value: &Bound<'py, PyAny>) -> PyResult<Self> {
        extract_bits(value, || value.bitand(u64::MAX)?.extract()).map(Self)
    }
}

/// `value` as a `u64`, or `beyond()` for ints outside its range.
fn extract_bits(value: &Bound<'_, PyAny>, beyond: impl FnOnce() -> PyResult<u64>) -> PyResult<u64> {
    match value.extract::<u64>() {
        Ok(bits) => Ok(bits),
        Err(error) if error.is_instance_of::<PyOverflowError>(value.py()) => beyond(),
        Err(error) => Err(error),
    }
}

/// The low 64 bits of a Python int, two's complement for negative ones:
/// python-chess's `value & BB_ALL`.
pub fn low_bits(int: &Bound<'_, PyInt>) -> PyResult<u64> {
    if let Ok(bits) = int.extract::<u64>() {
        return Ok(bits);
    }
    if let Ok(negative) = int.extract::<i64>() {
        return Ok(negative as u64);
    }
    int.bitand(u64::MAX)?.extract()
}

/// A square from a Python int, 0 (a1) to 63 (h8); `IndexError` otherwise,
/// as python-chess's table lookups raise.
pub fn square(index: i64) -> PyResult<Square> {
    usize::try_from(index)
        .ok()
        .and_then(Square::try_index)
        .ok_or_else(|| PyIndexError::new_err(format!("square index out of range: {index}")))
}

/// A piece type from a Python int, 1 (pawn) to 6 (king).
pub fn piece_type(value: i64) -> PyResult<CorePiece> {
    value
        .checked_sub(1)
        .and_then(|index| usize::try_from(index).ok())
        .and_then(CorePiece::try_index)
        .ok_or_else(|| PyValueError::new_err(format!("not a piece type (1 to 6): {value}")))
}

/// The core colour for python-chess's `WHITE` (`True`) and `BLACK` (`False`).
pub fn color(white: bool) -> Color {
    if white { Color::White } else { Color::Black }
}

/// python-chess's piece type number (1 to 6) of a core piece.
pub fn piece_number(piece: CorePiece) -> u8 {
    piece.index() as u8 + 1
}

/// A text argument (FEN, SAN, UCI, EPD) as python-chess reads one: a `str`
/// whose lone surrogates (which no such text holds; a file read with
/// `errors="surrogateescape"` gives them) are read as stand-in characters
/// ([`super::surrogates`]), so that the text is refused as any other bad
/// text is (`ValueError`, `InvalidMoveError`), never with a
/// `UnicodeEncodeError`, and the error's message names them as
/// python-chess's does ([`Surrogates::restore`]). Not a `str` is a
/// `TypeError`.
#[derive(Clone, Debug)]
pub struct Text(pub String, pub Surrogates);

impl Text {
    /// Text with no lone surrogate.
    pub fn plain(text: &str) -> Self {
        Self(text.to_string(), Surrogates(false))
    }
}

impl<'py> FromPyObject<'py> for Text {
    fn extract_bound(value: &Bound<'py, PyAny>) -> PyResult<Self> {
        let text = value.downcast::<pyo3::types::PyString>()?;
        match text.to_cow() {
            Ok(text) => Ok(Self(text.into_owned(), Surrogates(false))),
            Err(_) => {
                let (text, surrogates) = super::surrogates::read(text)?;
                Ok(Self(text, surrogates))
            }
        }
    }
}

/// UCI text as python-chess's `Move.from_uci` reads it: [`Text`], and
/// `InvalidMoveError` for anything else that has a length (bytes, a list:
/// python-chess slices it and finds no move), `TypeError` for the rest.
#[derive(Clone, Debug)]
pub struct UciText(pub String, pub Surrogates);

impl<'py> FromPyObject<'py> for UciText {
    fn extract_bound(value: &Bound<'py, PyAny>) -> PyResult<Self> {
        if let Ok(Text(text, surrogates)) = value.extract() {
            return Ok(Self(text, surrogates));
        }
        if value.len().is_ok() {
            return Err(super::InvalidMoveError::new_err(format!(
                "invalid uci: {}",
                value.repr()?
            )));
        }
        Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "expected a str, got {}",
            value.get_type().name()?
        )))
    }
}

/// A FEN as python-chess's `Board(fen)` and `set_fen` read one: [`Text`],
/// and for bytes the errors python-chess runs into: `ValueError` for bytes
/// of two fields or more (their turn field is not `"w"`), else `TypeError`.
#[derive(Clone, Debug)]
pub struct FenText(pub String, pub Surrogates);

impl<'py> FromPyObject<'py> for FenText {
    fn extract_bound(value: &Bound<'py, PyAny>) -> PyResult<Self> {
        if let Ok(Text(text, surrogates)) = value.extract() {
            return Ok(Self(text, surrogates));
        }
        let fields = value.downcast::<pyo3::types::PyBytes>().map_or(0, |bytes| {
            let words = bytes.as_bytes().split(u8::is_ascii_whitespace);
            words.filter(|f| !f.is_empty()).count()
        });
        if fields >= 2 {
            return Err(PyValueError::new_err(format!(
                "expected 'w' or 'b' for turn part of fen: {}",
                value.repr()?
            )));
        }
        Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "expected a FEN str, got {}",
            value.get_type().name()?
        )))
    }
}
