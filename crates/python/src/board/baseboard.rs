//! `BaseBoard`, python-chess's board without a game: the pieces alone
//! (no side to move, castling, en passant or clocks), with the same
//! questions about squares as `Board`, which extends it (`Board` defines
//! every one of them again on its own position, so the base's fields of a
//! `Board` are never read).

use bitmoves::Bitboard;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyType};

use super::engine;
use super::setup::Setup;
use crate::values::{
    Bits, Int, PyPiece, PySquareSet, Text, mask_of, piece_number, piece_type, square,
};

/// The placement of the standard start position.
pub const STARTING_BOARD_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

/// python-chess's `chess.BaseBoard`: pieces on squares, nothing more.
#[pyclass(module = "bitmoves", name = "BaseBoard", subclass)]
#[derive(Clone)]
pub struct PyBaseBoard {
    /// The pieces (the rest of the setup is not used), made on first
    /// change: a `Board`'s object holds this unused, and stays small and
    /// quick to make (no allocation).
    setup: Pieces,
}

/// A `BaseBoard`'s setup, allocated on first change; the empty board
/// until then.
#[derive(Clone, Default)]
struct Pieces(Option<Box<Setup>>);

impl std::ops::Deref for Pieces {
    type Target = Setup;

    fn deref(&self) -> &Setup {
        self.0.as_deref().unwrap_or(&Setup::EMPTY)
    }
}

impl std::ops::DerefMut for Pieces {
    fn deref_mut(&mut self) -> &mut Setup {
        self.0.get_or_insert_with(|| Box::new(Setup::EMPTY))
    }
}

impl PyBaseBoard {
    /// The pieces (what `piece_masks!` reads).
    fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The base of a `Board` (never read: `Board` answers from its own
    /// position).
    pub fn for_board() -> Self {
        Self {
            setup: Pieces::default(),
        }
    }

    fn square(value: Int) -> PyResult<u8> {
        Ok(square(value.0)?.index() as u8)
    }

    fn piece(&self, sq: u8) -> Option<PyPiece> {
        let piece_type = self.setup.piece_type_at(sq)?;
        Some(PyPiece {
            piece_type,
            color: self.setup.co(true) & (1u64 << (sq & 63)) != 0,
        })
    }
}

#[pymethods]
impl PyBaseBoard {
    /// `BaseBoard(board_fen=STARTING_BOARD_FEN)`; `None` is the empty board.
    #[new]
    #[pyo3(signature = (board_fen=Some(Text::plain(STARTING_BOARD_FEN))))]
    fn new(board_fen: Option<Text>) -> PyResult<Self> {
        let mut setup = Setup::EMPTY;
        if let Some(Text(fen, surrogates)) = board_fen {
            let parsed = engine::parse_board_fen(&fen, &mut setup);
            surrogates.restore(parsed.map_err(PyValueError::new_err))?;
        }
        Ok(Self {
            setup: Pieces(Some(Box::new(setup))),
        })
    }

    /// The empty board.
    #[classmethod]
    fn empty(cls: &Bound<'_, PyType>) -> PyResult<Py<PyAny>> {
        Ok(cls.call1((None::<String>,))?.unbind())
    }

    /// The placement as a FEN field.
    #[pyo3(signature = (*, promoted=false))]
    fn board_fen(&self, promoted: Option<bool>) -> String {
        let _ = promoted;
        self.setup.board_fen()
    }

    /// Sets the pieces from a FEN's placement field.
    fn set_board_fen(&mut self, fen: Text) -> PyResult<()> {
        let parsed = engine::parse_board_fen(&fen.0, &mut self.setup);
        fen.1.restore(parsed.map_err(PyValueError::new_err))
    }

    /// Puts the pieces on their start squares.
    fn reset_board(&mut self) -> PyResult<()> {
        self.set_board_fen(Text::plain(STARTING_BOARD_FEN))
    }

    /// Takes every piece off.
    fn clear_board(&mut self) {
        *self.setup = Setup::EMPTY;
    }

    /// The piece on `square`, or `None`.
    fn piece_at(&self, square: Int) -> PyResult<Option<PyPiece>> {
        Ok(self.piece(Self::square(square)?))
    }

    /// The piece type on `square`, or `None`.
    fn piece_type_at(&self, square: Int) -> PyResult<Option<u8>> {
        Ok(self.piece(Self::square(square)?).map(|p| p.piece_type))
    }

    /// The colour of the piece on `square`, or `None`.
    fn color_at(&self, square: Int) -> PyResult<Option<bool>> {
        Ok(self.piece(Self::square(square)?).map(|p| p.color))
    }

    /// The square of `color`'s king (the highest of several), or `None`.
    fn king(&self, color: bool) -> Option<u8> {
        self.setup.king_of(color)
    }

    /// Puts `piece` on `square` (`None` empties it).
    #[pyo3(signature = (square, piece, promoted=false))]
    fn set_piece_at(
        &mut self,
        square: Int,
        piece: Option<PyPiece>,
        promoted: bool,
    ) -> PyResult<()> {
        let sq = Self::square(square)?;
        match piece {
            Some(p) => self.setup.put_at(sq, p.piece_type, p.color, promoted),
            None => {
                self.setup.remove_at(sq);
            }
        }
        Ok(())
    }

    /// Takes the piece off `square` and returns it.
    fn remove_piece_at(&mut self, square: Int) -> PyResult<Option<PyPiece>> {
        let sq = Self::square(square)?;
        let piece = self.piece(sq);
        self.setup.remove_at(sq);
        Ok(piece)
    }

    /// Sets the pieces from a `{square: Piece}` mapping.
    fn set_piece_map(&mut self, pieces: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut setup = Setup::EMPTY;
        for item in pieces.call_method0("items")?.try_iter()? {
            let (sq, piece): (Int, PyPiece) = item?.extract()?;
            setup.put_at(Self::square(sq)?, piece.piece_type, piece.color, false);
        }
        *self.setup = setup;
        Ok(())
    }

    /// The pieces by square, `{square: Piece}`.
    #[pyo3(signature = (*, mask=None))]
    fn piece_map<'py>(&self, py: Python<'py>, mask: Option<u64>) -> PyResult<Bound<'py, PyDict>> {
        let map = PyDict::new(py);
        let squares = Bitboard(self.setup.occupied() & mask.unwrap_or(u64::MAX));
        for sq in squares.iter().rev().map(|sq| sq.index() as u8) {
            map.set_item(sq, self.piece(sq))?;
        }
        Ok(map)
    }

    /// The squares of `color`'s pieces of `piece_type`, as a mask.
    fn pieces_mask(&self, piece_type: Int, color: bool) -> PyResult<u64> {
        let piece = self::piece_type(piece_type.0)?;
        Ok(self.setup.kind(piece_number(piece)) & self.setup.co(color))
    }

    /// `pieces_mask` as a `SquareSet`.
    fn pieces(&self, py: Python<'_>, piece_type: Int, color: bool) -> PyResult<Py<PySquareSet>> {
        PySquareSet::object(py, self.pieces_mask(piece_type, color)?)
    }

    /// The squares the piece on `square` attacks, as a mask.
    fn attacks_mask(&self, square: Int) -> PyResult<u64> {
        Ok(self.setup.attacks_mask(Self::square(square)?))
    }

    /// `attacks_mask` as a `SquareSet`.
    fn attacks(&self, py: Python<'_>, square: Int) -> PyResult<Py<PySquareSet>> {
        PySquareSet::object(py, self.attacks_mask(square)?)
    }

    /// `color`'s pieces attacking `square`, as a mask; with `occupied`,
    /// the sliders see through the squares not in it.
    #[pyo3(signature = (color, square, occupied=None))]
    fn attackers_mask(&self, color: bool, square: Int, occupied: Option<Bits>) -> PyResult<u64> {
        let occupied = occupied.map_or_else(|| self.setup.occupied(), |Bits(bits)| bits);
        Ok(self
            .setup
            .attackers_under(color, Self::square(square)?, occupied))
    }

    /// The line the piece of `color` on `square` is pinned along, or
    /// every square.
    fn pin_mask(&self, color: bool, square: Int) -> PyResult<u64> {
        Ok(self.setup.pin_mask(color, Self::square(square)?))
    }

    /// `pin_mask` as a `SquareSet`.
    fn pin(&self, py: Python<'_>, color: bool, square: Int) -> PyResult<Py<PySquareSet>> {
        PySquareSet::object(py, self.pin_mask(color, square)?)
    }

    /// Whether the piece of `color` on `square` is pinned.
    fn is_pinned(&self, color: bool, square: Int) -> PyResult<bool> {
        Ok(self.pin_mask(color, square)? != u64::MAX)
    }

    /// A copy.
    fn copy(&self) -> Self {
        self.clone()
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }

    /// Equal when the same pieces stand on the same squares.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        let Ok(other) = other.downcast::<PyBaseBoard>() else {
            return false;
        };
        let Ok(other) = other.try_borrow() else {
            return false;
        };
        let (a, b): (&Setup, &Setup) = (&self.setup, &other.setup);
        (a.pieces, a.colors, a.promoted) == (b.pieces, b.colors, b.promoted)
    }

    fn __ne__(&self, other: &Bound<'_, PyAny>) -> bool {
        !self.__eq__(other)
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let name = slf.get_type().name()?;
        Ok(format!("{name}('{}')", slf.borrow().setup.board_fen()))
    }

    fn __str__(&self) -> String {
        let rows: Vec<String> = (0..8u8)
            .rev()
            .map(|rank| {
                (0..8u8)
                    .map(|file| match self.piece(rank * 8 + file) {
                        Some(p) => {
                            let letter = char::from(b" pnbrqk"[usize::from(p.piece_type)]);
                            let letter = if p.color {
                                letter.to_ascii_uppercase()
                            } else {
                                letter
                            };
                            letter.to_string()
                        }
                        None => ".".to_string(),
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        rows.join("\n")
    }

    /// The pieces drawn as SVG for Jupyter, by python-chess's `chess.svg`
    /// at its size for a `BaseBoard` (imported when first asked for;
    /// python-chess must be installed). `Board` has its own, which adds
    /// the last move and a check.
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<PyObject> {
        let py = slf.py();
        let kwargs = PyDict::new(py);
        kwargs.set_item("board", slf)?;
        kwargs.set_item("size", 400)?;
        let svg = py.import("chess.svg")?;
        Ok(svg.call_method("board", (), Some(&kwargs))?.unbind())
    }
}

attack_questions!(PyBaseBoard);
piece_masks!(PyBaseBoard);
