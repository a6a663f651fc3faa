//! `Piece` for Python, as python-chess's: a piece type with its colour,
//! its letter and figurine, python-chess's hash and its SVG picture.

use bitmoves::Piece as CorePiece;
use pyo3::exceptions::PyValueError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{IntoPyDict, PyType};

use super::convert::{Int, piece_number, piece_type};

/// A piece with its colour: `piece_type` (1 = pawn … 6 = king) and `color`
/// (`True` for white). Compared with `==` and hashed as python-chess's
/// (`hash` 0 to 5 for the white pawn to king, 6 to 11 for the black ones).
#[pyclass(module = "bitmoves", name = "Piece", frozen, eq)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyPiece {
    /// 1 (pawn) to 6 (king).
    #[pyo3(get)]
    pub piece_type: u8,
    /// `True` for white, `False` for black.
    #[pyo3(get)]
    pub color: bool,
}

impl PyPiece {
    /// The letter: uppercase for white (`P N B R Q K`), lowercase for black.
    pub fn letter(self) -> char {
        let letter = CorePiece::from_index(usize::from(self.piece_type) - 1).to_char();
        if self.color {
            letter.to_ascii_uppercase()
        } else {
            letter
        }
    }
}

/// The figurines, white pawn to king, then black pawn to king.
const FIGURINES: [char; 12] = ['♙', '♘', '♗', '♖', '♕', '♔', '♟', '♞', '♝', '♜', '♛', '♚'];

#[pymethods]
impl PyPiece {
    /// `Piece(piece_type, color)`: a piece type 1 to 6 (`ValueError`
    /// otherwise) and a colour, read as a truth value.
    #[new]
    fn new(piece_type: Int, color: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(Self {
            piece_type: piece_number(self::piece_type(piece_type.0)?),
            color: color.is_truthy()?,
        })
    }

    /// The letter: uppercase for white (`P N B R Q K`), lowercase for black.
    fn symbol(&self) -> String {
        self.letter().to_string()
    }

    /// The piece as a chess figurine (♙ … ♚); with `invert_color=True`,
    /// the other colour's.
    #[pyo3(signature = (*, invert_color=false))]
    fn unicode_symbol(&self, invert_color: bool) -> String {
        let black = self.color == invert_color;
        let side = if black { 6 } else { 0 };
        FIGURINES[side + usize::from(self.piece_type) - 1].to_string()
    }

    /// The piece of a letter (`P` white pawn, `n` black knight, …);
    /// `ValueError` for anything else.
    #[classmethod]
    fn from_symbol(_cls: &Bound<'_, PyType>, symbol: &str) -> PyResult<Self> {
        let mut chars = symbol.chars();
        let piece = match (chars.next(), chars.next()) {
            (Some(c), None) => CorePiece::from_char(c).map(|piece| Self {
                piece_type: piece_number(piece),
                color: c.is_ascii_uppercase(),
            }),
            _ => None,
        };
        piece.ok_or_else(|| PyValueError::new_err(format!("not a piece symbol: {symbol:?}")))
    }

    /// python-chess's hash: 0 to 5 for the white pawn to king, 6 to 11 for
    /// the black ones.
    fn __hash__(&self) -> isize {
        let side = if self.color { 0 } else { 6 };
        side + isize::from(self.piece_type) - 1
    }

    fn __str__(&self) -> String {
        self.symbol()
    }

    fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.letter())
    }

    /// The piece drawn by `chess.svg.piece` (45 pixels) where python-chess
    /// is installed, for Jupyter; `None` where it is not.
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<Option<PyObject>> {
        let py = slf.py();
        let kwargs = [("size", 45)].into_py_dict(py)?;
        super::svg_picture(py, "piece", (slf,), &kwargs)
    }
}

/// The twelve `Piece` objects, white pawn to king then black pawn to
/// king, shared by the board's C-API methods (`Piece` is frozen, so one
/// object serves every caller).
static SHARED: GILOnceCell<[Py<PyPiece>; 12]> = GILOnceCell::new();

/// A new reference to the `Piece` object of `piece`, or to `None`.
pub fn piece_object(py: Python<'_>, piece: Option<PyPiece>) -> PyResult<*mut ffi::PyObject> {
    let Some(piece) = piece else {
        return Ok(py.None().into_ptr());
    };
    let shared = SHARED.get_or_try_init(py, || {
        let mut made = Vec::with_capacity(12);
        for color in [true, false] {
            for piece_type in 1..=6 {
                made.push(Py::new(py, PyPiece { piece_type, color })?);
            }
        }
        made.try_into()
            .map_err(|_| pyo3::exceptions::PySystemError::new_err("twelve pieces"))
    })?;
    let index = if piece.color { 0 } else { 6 } + usize::from(piece.piece_type) - 1;
    Ok(shared[index].clone_ref(py).into_ptr())
}
