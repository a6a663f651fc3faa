//! `bitmoves.polyglot`: python-chess's `chess.polyglot` over the core's
//! Polyglot entries ([`bitmoves::polyglot`]), as the submodule
//! `bitmoves._bitmoves.polyglot` ([`register`]): the memory-mapped
//! `MemoryMappedReader`, its `Entry` named tuple and
//! `POLYGLOT_RANDOM_ARRAY`. The pure-Python part (`ZobristHasher`,
//! `zobrist_hash`, `open_reader`) is python/bitmoves/polyglot.py.
//!
//! The search, the decoding of moves, the key of the board, python-chess's
//! castling conversion and the legality test are all done here; Python
//! objects are made only for the entries returned.
//!
//! | file | what it holds |
//! |---|---|
//! | `modules/polyglot/reader.rs` | `MemoryMappedReader` ([`reader::Reader`]): the mapped bytes, python-chess's methods, the entries' iterator |
//! | `modules/polyglot/lookup.rs` | reading the bytes: the entry at an index, and a look-up (the key of what was given, the binary search, the entries as python-chess's `find_all` yields them) |

mod lookup;
mod reader;

use bitmoves::polyglot::{BookEntry, keys};
use bitmoves::{CastlingSide, Color, File as BoardFile, Piece, Square};
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyTuple, PyType};

use crate::values::{PyMove, shared_moves};

/// The size of one book entry in bytes.
const ENTRY_BYTES: usize = BookEntry::SIZE;

/// `Entry`, the named tuple `(key, raw_move, weight, learn, move)` of
/// python-chess, made once ([`entry_type`]).
static ENTRY: GILOnceCell<Py<PyType>> = GILOnceCell::new();

/// `tuple.__new__`, which makes an `Entry` from its five fields without
/// running the named tuple's Python `__new__`.
static TUPLE_NEW: GILOnceCell<PyObject> = GILOnceCell::new();

/// The `Entry` named tuple type.
fn entry_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    ENTRY
        .get_or_try_init(py, || {
            let kwargs = pyo3::types::PyDict::new(py);
            kwargs.set_item("module", "bitmoves.polyglot")?;
            let entry = py
                .import("collections")?
                .getattr("namedtuple")?
                .call(
                    ("Entry", ["key", "raw_move", "weight", "learn", "move"]),
                    Some(&kwargs),
                )?
                .downcast_into::<PyType>()?;
            entry.setattr(
                "__doc__",
                "An entry of a Polyglot opening book: the position's Zobrist key, \
                 the raw 16 bits of the move, its weight, its learn value and the \
                 Move (for the board looked up: legal there, castling in the \
                 board's convention).",
            )?;
            Ok::<_, PyErr>(entry.unbind())
        })
        .map(|entry| entry.bind(py))
}

/// A book entry as Python's `Entry`.
fn make_entry<'py>(py: Python<'py>, entry: &BookEntry, mv: PyMove) -> PyResult<Bound<'py, PyAny>> {
    let tuple_new = TUPLE_NEW.get_or_try_init(py, || {
        Ok::<_, PyErr>(py.get_type::<PyTuple>().getattr("__new__")?.unbind())
    })?;
    let fields = (
        entry.key,
        entry.raw_move,
        entry.weight,
        entry.learn,
        move_object(py, mv)?,
    );
    tuple_new.bind(py).call1((entry_type(py)?, fields))
}

/// The Python `Move` of `mv`: a shared object where there is one.
fn move_object(py: Python<'_>, mv: PyMove) -> PyResult<Py<PyMove>> {
    if mv.drop.is_none() {
        Ok(shared_moves(py)?[usize::from(mv.table_index())].clone_ref(py))
    } else {
        Py::new(py, mv)
    }
}

/// The move of an entry as python-chess decodes it, not yet related to
/// any board: from- and to-square, a promotion (the 3 bits plus one), and
/// a drop where both squares are the same. `None` for promotion bits 6
/// and 7, which are no piece type.
fn raw_move(raw: u16) -> Option<PyMove> {
    let to_square = (raw & 0x3f) as u8;
    let from_square = ((raw >> 6) & 0x3f) as u8;
    let promotion = match (raw >> 12) & 0x7 {
        0 => None,
        part @ 1..=5 => Some(part as u8 + 1),
        _ => return None,
    };
    let (promotion, drop) = if from_square == to_square {
        (None, promotion)
    } else {
        (promotion, None)
    };
    Some(PyMove {
        from_square,
        to_square,
        promotion,
        drop,
    })
}

/// python-chess's `POLYGLOT_RANDOM_ARRAY`: the 781 Polyglot keys, read
/// from the core's (pieces by `64 * (2 * (piece type - 1) + colour) +
/// square` with black 0, then the four castling rights, the eight en
/// passant files and the side to move).
fn random_array() -> Vec<u64> {
    let mut array = Vec::with_capacity(781);
    for piece in Piece::ALL {
        for color in [Color::Black, Color::White] {
            array.extend(Square::ALL.iter().map(|&sq| keys::piece(color, piece, sq)));
        }
    }
    for color in [Color::White, Color::Black] {
        array.push(keys::castling(color, CastlingSide::KingSide));
        array.push(keys::castling(color, CastlingSide::QueenSide));
    }
    array.extend(BoardFile::ALL.iter().map(|&file| keys::en_passant(file)));
    array.push(keys::white_to_move());
    array
}

/// Adds the `bitmoves._bitmoves.polyglot` submodule.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = parent.py();
    let m = PyModule::new(py, "polyglot")?;
    m.add_class::<reader::Reader>()?;
    m.add_class::<reader::EntryIter>()?;
    m.add("Entry", entry_type(py)?)?;
    m.add("POLYGLOT_RANDOM_ARRAY", random_array())?;
    parent.add_submodule(&m)
}
