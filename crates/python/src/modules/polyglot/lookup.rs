//! Reading a book's bytes: the entry at an index, and a look-up (what
//! was given: a key, a bitmoves board, a variant's board, another
//! library's board; its key; the binary search; the entries as
//! python-chess's `find_all` yields them).

use bitmoves::polyglot::BookEntry;
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;

use super::reader::Reader;
use super::{ENTRY_BYTES, entry_type, make_entry, move_object, raw_move};
use crate::board::PyBoard;
use crate::board::engine::from_chess960;
use crate::board::setup::Setup;

/// What a look-up was given: a key, or a board whose key it is and whose
/// legal moves the entries are matched with.
enum Query<'py> {
    /// An int key: entries as stored.
    Key(u64),
    /// An int that is no 64-bit key: no entries.
    NoKey,
    /// A bitmoves board, with its position as python-chess holds it.
    Board(PyRef<'py, PyBoard>, Setup),
    /// A variant's board built on bitmoves' `Board`: its key and
    /// python-chess's castling conversion from the position, its own
    /// `is_legal` (no borrow of it held, so that `is_legal` may push).
    Variant {
        /// The board.
        board: Bound<'py, PyAny>,
        /// Its position.
        setup: Setup,
        /// Its Chess960 mode.
        chess960: bool,
        /// Its Polyglot key.
        key: u64,
    },
    /// Any other object: python-chess's board methods are called on it.
    Other(Bound<'py, PyAny>),
}

impl Reader {
    pub(super) fn bytes(&self) -> PyResult<&[u8]> {
        match &self.bytes {
            Some(bytes) => Ok(bytes.get()),
            None => Err(PyValueError::new_err("the opening book is closed")),
        }
    }

    pub(super) fn entry_at(bytes: &[u8], index: usize) -> BookEntry {
        let start = index * ENTRY_BYTES;
        let mut raw = [0; ENTRY_BYTES];
        raw.copy_from_slice(&bytes[start..start + ENTRY_BYTES]);
        BookEntry::from_bytes(raw)
    }

    /// The first index whose key is not below `key` (python-chess's
    /// `bisect_key_left`).
    pub(super) fn lower_bound(bytes: &[u8], key: u64) -> usize {
        let (mut lo, mut hi) = (0, bytes.len() / ENTRY_BYTES);
        while lo < hi {
            let mid = (lo + hi) / 2;
            let start = mid * ENTRY_BYTES;
            let mut raw = [0; 8];
            raw.copy_from_slice(&bytes[start..start + 8]);
            if u64::from_be_bytes(raw) < key {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        lo
    }

    /// The entry at `index` as python-chess's `__getitem__` returns it.
    pub(super) fn item<'py>(&self, py: Python<'py>, index: isize) -> PyResult<Bound<'py, PyAny>> {
        let bytes = self.bytes()?;
        let len = (bytes.len() / ENTRY_BYTES) as isize;
        let index = if index < 0 { index + len } else { index };
        if !(0..len).contains(&index) {
            return Err(PyIndexError::new_err("book index out of range"));
        }
        let entry = Self::entry_at(bytes, index as usize);
        let mv = raw_move(entry.raw_move).ok_or_else(|| {
            PyValueError::new_err(format!(
                "entry {index} of the book has promotion bits {} (no piece type)",
                (entry.raw_move >> 12) & 7
            ))
        })?;
        make_entry(py, &entry, mv)
    }

    /// The entries of a look-up, as python-chess's `find_all` yields them
    /// (`exclude_moves` none or empty: none left out).
    pub(super) fn look_up<'py>(
        &self,
        board: &Bound<'py, PyAny>,
        minimum_weight: i64,
        exclude_moves: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let py = board.py();
        let query = query(board)?;
        let key = match &query {
            Query::Key(key) => *key,
            Query::NoKey => return Ok(Vec::new()),
            Query::Board(board, _) => zobrist(board),
            Query::Variant { key, .. } => *key,
            Query::Other(board) => py
                .import("bitmoves.polyglot")?
                .getattr("zobrist_hash")?
                .call1((board,))?
                .extract()?,
        };
        let exclude = match exclude_moves {
            Some(moves) if moves.is_truthy()? => Some(moves),
            _ => None,
        };
        let bytes = self.bytes()?;
        let mut found = Vec::new();
        for index in Self::lower_bound(bytes, key)..bytes.len() / ENTRY_BYTES {
            let entry = Self::entry_at(bytes, index);
            if entry.key != key {
                break;
            }
            if i64::from(entry.weight) < minimum_weight {
                continue;
            }
            // Promotion bits 6 and 7 are no move of any board.
            let Some(mv) = raw_move(entry.raw_move) else {
                if matches!(query, Query::Key(_)) {
                    return Err(PyValueError::new_err(format!(
                        "entry {index} of the book has promotion bits {} (no piece type)",
                        (entry.raw_move >> 12) & 7
                    )));
                }
                continue;
            };
            let made = match &query {
                Query::Board(board, setup) => {
                    let mv = from_chess960(setup, board.chess960, mv);
                    if let Some(moves) = exclude
                        && moves.contains(move_object(py, mv)?)?
                    {
                        continue;
                    }
                    if !board.is_legal_move(mv) {
                        continue;
                    }
                    make_entry(py, &entry, mv)?
                }
                Query::Variant {
                    board,
                    setup,
                    chess960,
                    ..
                } => {
                    let mv = from_chess960(setup, *chess960, mv);
                    let object = move_object(py, mv)?;
                    if let Some(moves) = exclude
                        && moves.contains(&object)?
                    {
                        continue;
                    }
                    if !board.call_method1("is_legal", (object,))?.is_truthy()? {
                        continue;
                    }
                    make_entry(py, &entry, mv)?
                }
                Query::Other(board) => {
                    let chess960 = board.getattr("chess960")?;
                    let fields = mv.fields();
                    let mv = board.call_method1(
                        "_from_chess960",
                        (chess960, fields.0, fields.1, fields.2, fields.3),
                    )?;
                    if let Some(moves) = exclude
                        && moves.contains(&mv)?
                    {
                        continue;
                    }
                    if !board.call_method1("is_legal", (&mv,))?.is_truthy()? {
                        continue;
                    }
                    let fields = (entry.key, entry.raw_move, entry.weight, entry.learn, mv);
                    entry_type(py)?.call1(fields)?
                }
                _ => {
                    let object = make_entry(py, &entry, mv)?;
                    if let Some(moves) = exclude
                        && moves.contains(move_object(py, mv)?)?
                    {
                        continue;
                    }
                    object
                }
            };
            found.push(made);
        }
        Ok(found)
    }
}

/// What `board` stands for in a look-up: a bitmoves board of standard
/// chess, else an int key if `int(board)` gives one (python-chess's
/// order), else a board of another kind or a variant.
fn query<'py>(board: &Bound<'py, PyAny>) -> PyResult<Query<'py>> {
    let py = board.py();
    if let Ok(ours) = board.downcast::<PyBoard>() {
        // A variant's board (python-chess's `chess.variant` classes built
        // on bitmoves' `Board`) has rules of its own: its methods decide.
        let standard = board.get_type().is(py.get_type::<PyBoard>())
            || board.getattr("uci_variant")?.eq("chess")?;
        let ours = ours.borrow();
        let setup = ours.setup();
        if !standard {
            return Ok(Query::Variant {
                board: board.clone(),
                setup,
                chess960: ours.chess960,
                key: zobrist(&ours),
            });
        }
        return Ok(Query::Board(ours, setup));
    }
    match py.get_type::<pyo3::types::PyInt>().call1((board,)) {
        Ok(key) => Ok(key.extract::<u64>().map_or(Query::NoKey, Query::Key)),
        Err(error)
            if error.is_instance_of::<PyTypeError>(py)
                || error.is_instance_of::<PyValueError>(py) =>
        {
            Ok(Query::Other(board.clone()))
        }
        Err(error) => Err(error),
    }
}

/// The Polyglot key of a bitmoves board.
fn zobrist(board: &PyBoard) -> u64 {
    match board.core() {
        Some(core) => core.key(),
        None => board.general_zobrist(),
    }
}
