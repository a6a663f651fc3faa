//! `Move` for Python, as python-chess's: from-square, to-square, promotion
//! and drop, UCI text both ways, python-chess's hash; and the table of
//! shared `Move` objects that move lists hand out.

use bitmoves::{Piece as CorePiece, Square};
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyTuple, PyType};

use super::convert::{Int, UciText, piece_number, piece_type, square};
use super::errors::{InvalidMoveError, py_repr};

/// One `Move` object for every from-square, to-square and promotion (none
/// or a piece type 1 to 6), then for every drop (piece type 1 to 6 and
/// square), made on first use, at [`PyMove::table_index`]: a move list
/// hands out these shared, immutable objects instead of allocating one per
/// move, which makes `list(board.legal_moves)` several times faster.
static MOVES: GILOnceCell<Vec<Py<PyMove>>> = GILOnceCell::new();

/// Where the drops start in the table of shared moves.
const DROPS: usize = 7 * 64 * 64;

/// The table of shared `Move` objects, indexed by [`PyMove::table_index`].
pub fn shared_moves(py: Python<'_>) -> PyResult<&'static [Py<PyMove>]> {
    let table = MOVES.get_or_try_init(py, || {
        (0..DROPS + 6 * 64)
            .map(|i: usize| {
                let mv = if i < DROPS {
                    let promotion = (i / 4096) as u8;
                    PyMove {
                        from_square: (i / 64 % 64) as u8,
                        to_square: (i % 64) as u8,
                        promotion: (promotion > 0).then_some(promotion),
                        drop: None,
                    }
                } else {
                    let square = ((i - DROPS) % 64) as u8;
                    PyMove {
                        from_square: square,
                        to_square: square,
                        promotion: None,
                        drop: Some(((i - DROPS) / 64) as u8 + 1),
                    }
                };
                Py::new(py, mv)
            })
            .collect::<PyResult<Vec<_>>>()
    })?;
    Ok(table)
}

/// A move: `from_square` to `to_square`, with an optional promotion piece
/// type, or a drop (`N@f3`: from and to the same square, `drop` the piece
/// type). Castling is the king's move (`e1g1`; king takes rook, `e1h1`, on
/// a Chess960 board). `Move.null()` (a1 to a1, nothing else) is the null
/// move `0000`, the only falsy move. Comparable with `==` and hashed as
/// python-chess hashes its `Move` (a dataclass: the hash of the tuple of
/// its four fields).
#[pyclass(module = "bitmoves", name = "Move", frozen, eq)]
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
    /// Piece type dropped (Crazyhouse), or `None`.
    #[pyo3(get)]
    pub drop: Option<u8>,
}

/// A move's four fields, as `Move(from_square, to_square, promotion,
/// drop)` takes them.
pub type MoveFields = (u8, u8, Option<u8>, Option<u8>);

impl PyMove {
    /// The four fields, as the constructor takes them.
    pub fn fields(self) -> MoveFields {
        (self.from_square, self.to_square, self.promotion, self.drop)
    }

    /// Reads UCI text as python-chess's `Move.from_uci` does: `0000` is the
    /// null move; `N@f3` a drop (any piece letter, either case); otherwise
    /// two square names and a fifth letter, any lowercase piece letter
    /// (`e7e8k` is a move, an illegal one); from and to must differ.
    pub fn parse(uci: &str) -> PyResult<Self> {
        if uci == "0000" {
            return Ok(Self::null_move());
        }
        let invalid = || InvalidMoveError::new_err(format!("invalid uci: {}", py_repr(uci)));
        let chars: Vec<char> = uci.chars().collect();
        let square_at = |at: usize| -> PyResult<u8> {
            let name: String = chars[at..at + 2].iter().collect();
            let square: Square = name.parse().map_err(|_| invalid())?;
            Ok(square.index() as u8)
        };
        if chars.len() == 4 && chars[1] == '@' {
            let letter = chars[0].to_ascii_lowercase();
            let drop = CorePiece::from_char(letter).ok_or_else(invalid)?;
            let to = square_at(2)?;
            return Ok(Self {
                from_square: to,
                to_square: to,
                promotion: None,
                drop: Some(piece_number(drop)),
            });
        }
        if !(4..=5).contains(&chars.len()) {
            return Err(InvalidMoveError::new_err(format!(
                "expected uci string to be of length 4 or 5: {}",
                py_repr(uci)
            )));
        }
        let from_square = square_at(0)?;
        let to_square = square_at(2)?;
        let promotion = match chars.get(4) {
            None => None,
            Some(&letter) if letter.is_ascii_lowercase() => Some(piece_number(
                CorePiece::from_char(letter).ok_or_else(invalid)?,
            )),
            Some(_) => return Err(invalid()),
        };
        if from_square == to_square {
            return Err(InvalidMoveError::new_err(format!(
                "invalid uci (use 0000 for null moves): {}",
                py_repr(uci)
            )));
        }
        Ok(Self {
            from_square,
            to_square,
            promotion,
            drop: None,
        })
    }

    /// The Python move of a core move.
    pub fn from_core(mv: bitmoves::Move) -> Self {
        Self {
            from_square: mv.from.index() as u8,
            to_square: mv.to.index() as u8,
            promotion: mv.promotion.map(piece_number),
            drop: None,
        }
    }

    /// The core move, or `None` for what is no move of the core's: the
    /// null move, a drop, a move from a square to itself.
    pub fn to_core(self) -> Option<bitmoves::Move> {
        if self.drop.is_some() || self.from_square == self.to_square {
            return None;
        }
        Some(bitmoves::Move {
            from: Square::from_index(usize::from(self.from_square)),
            to: Square::from_index(usize::from(self.to_square)),
            // Checked where made: 1 to 6.
            promotion: self
                .promotion
                .map(|p| CorePiece::from_index(usize::from(p) - 1)),
        })
    }

    /// The move's place in the table of shared moves: promotion (0 for
    /// none, else the piece type) × 4096 + from × 64 + to, below 7 × 4096;
    /// a drop after those, 7 × 4096 + (piece type - 1) × 64 + square.
    pub fn table_index(self) -> u16 {
        if let Some(drop) = self.drop {
            let piece = u16::from(drop.clamp(1, 6) - 1);
            return DROPS as u16 + piece * 64 + u16::from(self.to_square & 63);
        }
        let promotion = u16::from(self.promotion.unwrap_or(0));
        (promotion * 64 + u16::from(self.from_square)) * 64 + u16::from(self.to_square)
    }

    /// [`PyMove::table_index`] of a core move.
    #[inline]
    pub fn core_index(mv: bitmoves::Move) -> u16 {
        let promotion = mv.promotion.map_or(0, |p| p.index() as u16 + 1);
        (promotion * 64 + mv.from.index() as u16) * 64 + mv.to.index() as u16
    }

    /// Whether this is the null move (`0000`): a1 to a1, no promotion, no
    /// drop, python-chess's only falsy move.
    pub fn is_null(self) -> bool {
        self == Self::null_move()
    }

    /// The null move, from a1 to a1 (`0000`).
    pub fn null_move() -> Self {
        Self {
            from_square: 0,
            to_square: 0,
            promotion: None,
            drop: None,
        }
    }

    /// The UCI text: `e2e4`, `e7e8q`, `N@f3`, `0000` for the null move.
    pub fn uci_text(self) -> String {
        let name = |square: u8| Square::from_index(usize::from(square)).to_string();
        let letter = |piece: u8| CorePiece::from_index(usize::from(piece) - 1).to_char();
        if let Some(drop) = self.drop {
            format!(
                "{}@{}",
                letter(drop).to_ascii_uppercase(),
                name(self.to_square)
            )
        } else if self.is_null() {
            "0000".to_string()
        } else {
            let mut text = name(self.from_square) + &name(self.to_square);
            text.extend(self.promotion.map(letter));
            text
        }
    }
}

/// `hash(None)` in this process where the tuple hash below is CPython's
/// (checked once against `hash(tuple)`); `None` where it is not, and moves
/// then hash a real tuple.
static NONE_HASH: GILOnceCell<Option<u64>> = GILOnceCell::new();

/// CPython's tuple hash (xxHash-like, 64-bit `Py_uhash_t`) of items with
/// the given hashes.
fn tuple_hash(lanes: &[u64]) -> isize {
    const PRIME_1: u64 = 11_400_714_785_074_694_791;
    const PRIME_2: u64 = 14_029_467_366_897_019_727;
    const PRIME_5: u64 = 2_870_177_450_012_600_261;
    let mut acc = PRIME_5;
    for &lane in lanes {
        acc = acc.wrapping_add(lane.wrapping_mul(PRIME_2));
        acc = acc.rotate_left(31);
        acc = acc.wrapping_mul(PRIME_1);
    }
    acc = acc.wrapping_add(lanes.len() as u64 ^ (PRIME_5 ^ 3_527_539));
    if acc == u64::MAX {
        return 1_546_275_796;
    }
    acc as isize
}

impl PyMove {
    /// The four fields as a tuple, as python-chess's dataclass hashes them.
    fn field_tuple(self, py: Python<'_>) -> PyResult<Bound<'_, PyTuple>> {
        self.fields().into_pyobject(py)
    }

    /// python-chess's hash of this move: `hash((from_square, to_square,
    /// promotion, drop))`.
    fn python_hash(self, py: Python<'_>) -> PyResult<isize> {
        let none = NONE_HASH.get_or_try_init(py, || -> PyResult<Option<u64>> {
            let none = py.None().bind(py).hash()? as u64;
            let sample = Self::parse("e7e8q")?;
            let lanes = [52, 60, 5, none];
            Ok((sample.field_tuple(py)?.hash()? == tuple_hash(&lanes)).then_some(none))
        })?;
        match *none {
            Some(none) => {
                let lane = |value: Option<u8>| value.map_or(none, u64::from);
                Ok(tuple_hash(&[
                    u64::from(self.from_square),
                    u64::from(self.to_square),
                    lane(self.promotion),
                    lane(self.drop),
                ]))
            }
            None => self.field_tuple(py)?.hash(),
        }
    }
}

#[pymethods]
impl PyMove {
    /// `Move(from_square, to_square, promotion=None, drop=None)`; squares
    /// 0 to 63 (`IndexError` otherwise), promotion and drop piece types 1
    /// to 6 (`ValueError` otherwise).
    #[new]
    #[pyo3(signature = (from_square, to_square, promotion=None, drop=None))]
    fn new(
        from_square: Int,
        to_square: Int,
        promotion: Option<Int>,
        drop: Option<Int>,
    ) -> PyResult<Self> {
        let from = square(from_square.0)?;
        let to = square(to_square.0)?;
        let piece = |value: Option<Int>| -> PyResult<Option<u8>> {
            value.map(|p| piece_type(p.0).map(piece_number)).transpose()
        };
        Ok(Self {
            from_square: from.index() as u8,
            to_square: to.index() as u8,
            promotion: piece(promotion)?,
            drop: piece(drop)?,
        })
    }

    /// The UCI text: `e2e4`, `e7e8q`, `N@f3`, `0000` for the null move.
    fn uci(&self) -> String {
        self.uci_text()
    }

    /// The move as XBoard writes it: the UCI text, `@@@@` for the null
    /// move.
    fn xboard(&self) -> String {
        if self.is_null() {
            "@@@@".to_string()
        } else {
            self.uci_text()
        }
    }

    /// Parses UCI text (`e2e4`, `e7e8q`, `N@f3`, `0000`);
    /// `InvalidMoveError` when the text is not UCI. Legality is the
    /// board's question.
    #[classmethod]
    fn from_uci(_cls: &Bound<'_, PyType>, uci: UciText) -> PyResult<Self> {
        uci.1.restore(Self::parse(&uci.0))
    }

    /// The null move, `0000`: passing the turn.
    #[staticmethod]
    fn null() -> Self {
        Self::null_move()
    }

    fn __bool__(&self) -> bool {
        !self.is_null()
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.python_hash(py)
    }

    fn __str__(&self) -> String {
        self.uci_text()
    }

    fn __repr__(&self) -> String {
        format!("Move.from_uci('{}')", self.uci_text())
    }
}
