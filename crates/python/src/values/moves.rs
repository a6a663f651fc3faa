//! `Move` and `Piece` for Python, as python-chess spells them, and the
//! checked conversions of Python ints (squares, piece types, colours) into
//! the core's types.

use bitmoves::{Color, Piece as CorePiece, Square};
use pyo3::exceptions::{PyIndexError, PyOverflowError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::PyType;

use super::errors::InvalidMoveError;

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

/// One `Move` object for every from-square, to-square and promotion (none
/// or a piece type 1 to 6), made on first use, at [`PyMove::table_index`]:
/// a move list hands out these shared, immutable objects instead of
/// allocating one per move, which makes `list(board.legal_moves)` several
/// times faster.
static MOVES: GILOnceCell<Vec<Py<PyMove>>> = GILOnceCell::new();

/// The table of shared `Move` objects, indexed by [`PyMove::table_index`].
pub fn shared_moves(py: Python<'_>) -> PyResult<&'static [Py<PyMove>]> {
    let table = MOVES.get_or_try_init(py, || {
        (0..7 * 64 * 64)
            .map(|i: usize| {
                let promotion = (i / 4096) as u8;
                let from_square = (i / 64 % 64) as u8;
                let to_square = (i % 64) as u8;
                let promotion = (promotion > 0).then_some(promotion);
                Py::new(
                    py,
                    PyMove {
                        from_square,
                        to_square,
                        promotion,
                    },
                )
            })
            .collect::<PyResult<Vec<_>>>()
    })?;
    Ok(table)
}

/// A move: `from_square` to `to_square`, with an optional promotion piece
/// type. Castling is the king's move (`e1g1`; king takes rook, `e1h1`, on a
/// Chess960 board). `Move.null()` (from a1 to a1) is the null move `0000`.
/// Hashable and comparable with `==`, like python-chess's `Move`.
#[pyclass(module = "bitmoves", name = "Move", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyMove {
    /// Square index (0 = a1 … 63 = h8) the piece leaves.
    #[pyo3(get)]
    pub from_square: u8,
    /// Square index the piece arrives on.
    #[pyo3(get)]
    pub to_square: u8,
    /// Piece type a pawn promotes to (2 = knight … 5 = queen), or `None`.
    #[pyo3(get)]
    pub promotion: Option<u8>,
}

impl PyMove {
    /// Reads UCI text as python-chess's `Move.from_uci` does: `0000` is the
    /// null move, a fifth letter is any lowercase piece letter (`e7e8k` is
    /// a move, an illegal one), and from and to must differ.
    pub fn parse(uci: &str) -> PyResult<Self> {
        if uci == "0000" {
            return Ok(Self::null_move());
        }
        let invalid = || InvalidMoveError::new_err(format!("invalid uci: {uci:?}"));
        // ASCII checked first: the slices below then cut whole characters.
        if !uci.is_ascii() || !(4..=5).contains(&uci.len()) {
            return Err(invalid());
        }
        let from: Square = uci[0..2].parse().map_err(|_| invalid())?;
        let to: Square = uci[2..4].parse().map_err(|_| invalid())?;
        let promotion = match uci.as_bytes().get(4) {
            None => None,
            Some(&letter) if letter.is_ascii_lowercase() => {
                Some(CorePiece::from_char(char::from(letter)).ok_or_else(invalid)?)
            }
            Some(_) => return Err(invalid()),
        };
        if from == to {
            return Err(invalid());
        }
        Ok(Self {
            from_square: from.index() as u8,
            to_square: to.index() as u8,
            promotion: promotion.map(piece_number),
        })
    }

    /// The Python move of a core move.
    pub fn from_core(mv: bitmoves::Move) -> Self {
        Self {
            from_square: mv.from.index() as u8,
            to_square: mv.to.index() as u8,
            promotion: mv.promotion.map(piece_number),
        }
    }

    /// The core move, or `None` for the null move.
    pub fn to_core(self) -> Option<bitmoves::Move> {
        if self.is_null() {
            return None;
        }
        Some(bitmoves::Move {
            from: Square::from_index(usize::from(self.from_square)),
            to: Square::from_index(usize::from(self.to_square)),
            // Checked in `new`: 1 to 6.
            promotion: self
                .promotion
                .map(|p| CorePiece::from_index(usize::from(p) - 1)),
        })
    }

    /// The move's place in the table of shared moves: promotion (0 for
    /// none, else the piece type) × 4096 + from × 64 + to, below 7 × 4096.
    pub fn table_index(self) -> u16 {
        let promotion = u16::from(self.promotion.unwrap_or(0));
        (promotion * 64 + u16::from(self.from_square)) * 64 + u16::from(self.to_square)
    }

    /// [`PyMove::table_index`] of a core move.
    #[inline]
    pub fn core_index(mv: bitmoves::Move) -> u16 {
        let promotion = mv.promotion.map_or(0, |p| p.index() as u16 + 1);
        (promotion * 64 + mv.from.index() as u16) * 64 + mv.to.index() as u16
    }

    /// Whether this is the null move (`0000`).
    pub fn is_null(self) -> bool {
        self.from_square == self.to_square
    }

    /// The UCI text, `0000` for the null move.
    pub fn uci_text(self) -> String {
        match self.to_core() {
            Some(mv) => mv.to_string(),
            None => "0000".to_string(),
        }
    }
}

#[pymethods]
impl PyMove {
    /// `Move(from_square, to_square, promotion=None, drop=None)`; squares
    /// 0 to 63 (`IndexError` otherwise), promotion a piece type 1 to 6
    /// (`ValueError` otherwise). Drops are not supported: `drop` must be
    /// `None`.
    #[new]
    #[pyo3(signature = (from_square, to_square, promotion=None, drop=None))]
    fn new(
        from_square: Int,
        to_square: Int,
        promotion: Option<Int>,
        drop: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        if drop.is_some() {
            return Err(PyValueError::new_err("bitmoves does not support drops"));
        }
        let from = square(from_square.0)?;
        let to = square(to_square.0)?;
        let promotion = promotion.map(|p| piece_type(p.0)).transpose()?;
        Ok(Self {
            from_square: from.index() as u8,
            to_square: to.index() as u8,
            promotion: promotion.map(piece_number),
        })
    }

    /// Always `None`: bitmoves plays standard chess and Chess960, no drops.
    #[getter]
    fn drop(&self) -> Option<u8> {
        None
    }

    /// The UCI text: `e2e4`, `e7e8q`, `0000` for the null move.
    fn uci(&self) -> String {
        self.uci_text()
    }

    /// Parses UCI text (`e2e4`, `e7e8q`, `0000`); `InvalidMoveError` when
    /// the text is not UCI. Legality is the board's question.
    #[classmethod]
    fn from_uci(_cls: &Bound<'_, PyType>, uci: &str) -> PyResult<Self> {
        Self::parse(uci)
    }

    /// The null move, `0000`: passing the turn.
    #[staticmethod]
    fn null() -> Self {
        Self::null_move()
    }

    fn __bool__(&self) -> bool {
        !self.is_null()
    }

    fn __str__(&self) -> String {
        self.uci_text()
    }

    fn __repr__(&self) -> String {
        format!("Move.from_uci('{}')", self.uci_text())
    }
}

impl PyMove {
    /// The null move, from a1 to a1 (`0000`).
    pub fn null_move() -> Self {
        Self {
            from_square: 0,
            to_square: 0,
            promotion: None,
        }
    }
}

/// A piece with its colour: `piece_type` (1 = pawn … 6 = king) and `color`
/// (`True` for white).
#[pyclass(module = "bitmoves", name = "Piece", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyPiece {
    /// 1 (pawn) to 6 (king).
    #[pyo3(get)]
    pub piece_type: u8,
    /// `True` for white, `False` for black.
    #[pyo3(get)]
    pub color: bool,
}

#[pymethods]
impl PyPiece {
    /// `Piece(piece_type, color)`.
    #[new]
    fn new(piece_type: Int, color: bool) -> PyResult<Self> {
        Ok(Self {
            piece_type: piece_number(self::piece_type(piece_type.0)?),
            color,
        })
    }

    /// The letter: uppercase for white (`P N B R Q K`), lowercase for black.
    fn symbol(&self) -> String {
        let letter = CorePiece::from_index(usize::from(self.piece_type) - 1).to_char();
        if self.color {
            letter.to_ascii_uppercase().to_string()
        } else {
            letter.to_string()
        }
    }

    /// The piece as a chess figurine (♙ … ♚).
    fn unicode_symbol(&self) -> String {
        const FIGURINES: [char; 12] = ['♙', '♘', '♗', '♖', '♕', '♔', '♟', '♞', '♝', '♜', '♛', '♚'];
        let side = if self.color { 0 } else { 6 };
        FIGURINES[side + usize::from(self.piece_type) - 1].to_string()
    }

    /// The piece of a letter (`P` white pawn, `n` black knight, …);
    /// `ValueError` for anything else.
    #[classmethod]
    fn from_symbol(_cls: &Bound<'_, PyType>, symbol: &str) -> PyResult<Self> {
        let mut chars = symbol.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => match CorePiece::from_char(c) {
                Some(piece) => Ok(Self {
                    piece_type: piece_number(piece),
                    color: c.is_ascii_uppercase(),
                }),
                None => Err(PyValueError::new_err(format!(
                    "not a piece symbol: {symbol:?}"
                ))),
            },
            _ => Err(PyValueError::new_err(format!(
                "not a piece symbol: {symbol:?}"
            ))),
        }
    }

    fn __str__(&self) -> String {
        self.symbol()
    }

    fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.symbol())
    }
}
