//! `bitmoves.polyglot`: python-chess's `chess.polyglot` over the core's
//! Polyglot entries ([`bitmoves::polyglot`]), as the submodule
//! `bitmoves._bitmoves.polyglot` ([`register`]): the memory-mapped
//! [`Reader`] (`MemoryMappedReader`), its `Entry` named tuple and
//! `POLYGLOT_RANDOM_ARRAY`. The pure-Python part (`ZobristHasher`,
//! `zobrist_hash`, `open_reader`) is python/bitmoves/polyglot.py.
//!
//! The search, the decoding of moves, the key of the board, python-chess's
//! castling conversion and the legality test are all done here; Python
//! objects are made only for the entries returned.

use std::fs::File;
use std::path::PathBuf;

use bitmoves::polyglot::{BookEntry, keys};
use bitmoves::{CastlingSide, Color, File as BoardFile, Piece, Square};
use memmap2::{Advice, Mmap};
use pyo3::exceptions::{PyIndexError, PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyList, PyTuple, PyType};

use crate::board::PyBoard;
use crate::board::general::movegen::from_chess960;
use crate::board::setup::Setup;
use crate::values::{PyMove, shared_moves};

/// The size of one book entry in bytes.
const ENTRY_BYTES: usize = BookEntry::SIZE;

/// `Entry`, the named tuple `(key, raw_move, weight, learn, move)` of
/// python-chess, made once ([`entry_type`]).
static ENTRY: GILOnceCell<Py<PyType>> = GILOnceCell::new();

/// `tuple.__new__`, which makes an `Entry` from its five fields without
/// running the named tuple's Python `__new__`.
static TUPLE_NEW: GILOnceCell<PyObject> = GILOnceCell::new();

/// `random.randint`, for `choice` and `weighted_choice` without `random=`.
static RANDINT: GILOnceCell<PyObject> = GILOnceCell::new();

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

/// The bytes of a book: mapped, or none for an empty file (which cannot
/// be mapped) and for what is not a regular file (`os.devnull`).
enum Bytes {
    Mapped(Mmap),
    Empty,
}

impl Bytes {
    fn get(&self) -> &[u8] {
        match self {
            Self::Mapped(map) => map,
            Self::Empty => &[],
        }
    }
}

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

/// `MemoryMappedReader(filename)`: a Polyglot opening book mapped into
/// memory, as python-chess's. Look-ups take a board (its Zobrist key is
/// searched, and its entries come back as legal moves of that board,
/// castling in the board's convention) or an int key (entries as stored).
/// A closed reader raises `ValueError`.
#[pyclass(module = "bitmoves.polyglot", name = "MemoryMappedReader", subclass)]
pub struct Reader {
    /// The book's bytes; `None` once closed.
    bytes: Option<Bytes>,
}

impl Reader {
    fn bytes(&self) -> PyResult<&[u8]> {
        match &self.bytes {
            Some(bytes) => Ok(bytes.get()),
            None => Err(PyValueError::new_err("the opening book is closed")),
        }
    }

    fn entry_at(bytes: &[u8], index: usize) -> BookEntry {
        let start = index * ENTRY_BYTES;
        let mut raw = [0; ENTRY_BYTES];
        raw.copy_from_slice(&bytes[start..start + ENTRY_BYTES]);
        BookEntry::from_bytes(raw)
    }

    /// The first index whose key is not below `key` (python-chess's
    /// `bisect_key_left`).
    fn lower_bound(bytes: &[u8], key: u64) -> usize {
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
    fn item<'py>(&self, py: Python<'py>, index: isize) -> PyResult<Bound<'py, PyAny>> {
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

    /// The entries of a look-up, as python-chess's `find_all` yields them.
    fn look_up<'py>(
        &self,
        board: &Bound<'py, PyAny>,
        minimum_weight: i64,
        exclude_moves: &Bound<'py, PyAny>,
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
        let exclude = exclude_moves.is_truthy()?;
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
                    if exclude && exclude_moves.contains(move_object(py, mv)?)? {
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
                    if exclude && exclude_moves.contains(&object)? {
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
                    if exclude && exclude_moves.contains(&mv)? {
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
                    if exclude && exclude_moves.contains(move_object(py, mv)?)? {
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

/// A random int in `first..=last`: `random.randint`, or the `randint` of
/// the `random` given.
fn randint(
    py: Python<'_>,
    random: Option<&Bound<'_, PyAny>>,
    first: u64,
    last: u64,
) -> PyResult<u64> {
    let drawn = match random {
        Some(random) => random.call_method1("randint", (first, last))?,
        None => RANDINT
            .get_or_try_init(py, || {
                Ok::<_, PyErr>(py.import("random")?.getattr("randint")?.unbind())
            })?
            .bind(py)
            .call1((first, last))?,
    };
    drawn.extract()
}

/// The weight of an `Entry`.
fn weight(entry: &Bound<'_, PyAny>) -> PyResult<u64> {
    entry.get_item(2)?.extract()
}

#[pymethods]
impl Reader {
    /// Maps the book at `filename` (a str, bytes or path-like). A missing
    /// file is `FileNotFoundError`, a directory `IsADirectoryError`, and a
    /// length that is not a multiple of 16 bytes `OSError`. An empty file,
    /// and what is not a regular file (`os.devnull`), is an empty book.
    #[new]
    fn new(filename: PathBuf) -> PyResult<Self> {
        let metadata = std::fs::metadata(&filename)?;
        if metadata.is_dir() {
            return Err(std::io::Error::from(std::io::ErrorKind::IsADirectory).into());
        }
        if !metadata.is_file() || metadata.len() == 0 {
            return Ok(Self {
                bytes: Some(Bytes::Empty),
            });
        }
        if metadata.len() % ENTRY_BYTES as u64 != 0 {
            return Err(PyOSError::new_err(format!(
                "invalid file size: ensure {:?} is a valid polyglot opening book",
                filename.display().to_string()
            )));
        }
        let file = File::open(&filename)?;
        // SAFETY: the map is read-only and private to this reader. As for
        // every memory-mapped reader (python-chess's included), the file
        // must not be truncated or changed while mapped; what is read is
        // then plain bytes, and every index is checked against the length
        // taken from the map itself.
        let map = unsafe { Mmap::map(&file)? };
        if map.len() % ENTRY_BYTES != 0 {
            return Err(PyOSError::new_err(format!(
                "invalid file size: ensure {:?} is a valid polyglot opening book",
                filename.display().to_string()
            )));
        }
        // Only a hint: a failure changes nothing.
        let _ = map.advise(Advice::Random);
        Ok(Self {
            bytes: Some(Bytes::Mapped(map)),
        })
    }

    /// The number of entries.
    fn __len__(&self) -> PyResult<usize> {
        Ok(self.bytes()?.len() / ENTRY_BYTES)
    }

    /// The entry at `index` (negative from the end), its move as stored
    /// (castling as king takes rook). `IndexError` out of range.
    fn __getitem__<'py>(&self, py: Python<'py>, index: isize) -> PyResult<Bound<'py, PyAny>> {
        self.item(py, index)
    }

    /// The entries in book order.
    fn __iter__(slf: Bound<'_, Self>) -> PyResult<EntryIter> {
        slf.borrow().bytes()?;
        Ok(EntryIter {
            reader: slf.unbind(),
            next: 0,
            reversed: false,
        })
    }

    /// The entries from the last to the first.
    fn __reversed__(slf: Bound<'_, Self>) -> PyResult<EntryIter> {
        slf.borrow().bytes()?;
        Ok(EntryIter {
            reader: slf.unbind(),
            next: 0,
            reversed: true,
        })
    }

    /// The reader itself.
    fn __enter__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
        slf
    }

    /// Closes the reader.
    #[pyo3(signature = (*_args))]
    fn __exit__(&mut self, _args: &Bound<'_, PyTuple>) {
        self.close();
    }

    /// Unmaps the book; later look-ups raise `ValueError`.
    fn close(&mut self) {
        self.bytes = None;
    }

    /// The index of the first entry whose key is not below `key`.
    fn bisect_key_left(&self, key: u64) -> PyResult<usize> {
        Ok(Self::lower_bound(self.bytes()?, key))
    }

    /// Whether `entry` is in the book (among the entries of its key, with
    /// at least its weight).
    fn __contains__(&self, entry: &Bound<'_, PyAny>) -> PyResult<bool> {
        let key = entry.getattr("key")?;
        let minimum = entry.getattr("weight")?.extract()?;
        let none = PyTuple::empty(entry.py());
        for current in self.look_up(&key, minimum, none.as_any())? {
            if current.eq(entry)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The entries of `board` (a board, or a Zobrist key as an int) with at
    /// least `minimum_weight`, in book order, as an iterator. For a board,
    /// only its legal moves, castling converted to its convention, and none
    /// of `exclude_moves`.
    #[pyo3(signature = (board, *, minimum_weight=1, exclude_moves=None))]
    fn find_all<'py>(
        &self,
        board: &Bound<'py, PyAny>,
        minimum_weight: i64,
        exclude_moves: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = board.py();
        let none = PyTuple::empty(py);
        let found = self.look_up(
            board,
            minimum_weight,
            exclude_moves.unwrap_or(none.as_any()),
        )?;
        Ok(PyList::new(py, found)?.as_any().try_iter()?.into_any())
    }

    /// The main entry of `board`: the first of the highest weight.
    /// `IndexError` when there is none.
    #[pyo3(signature = (board, *, minimum_weight=1, exclude_moves=None))]
    fn find<'py>(
        &self,
        board: &Bound<'py, PyAny>,
        minimum_weight: i64,
        exclude_moves: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.get(board, None, minimum_weight, exclude_moves)?
            .ok_or_else(|| PyIndexError::new_err("no entry for this position"))
    }

    /// As `find`, but `default` when there is no entry.
    #[pyo3(signature = (board, default=None, *, minimum_weight=1, exclude_moves=None))]
    fn get<'py>(
        &self,
        board: &Bound<'py, PyAny>,
        default: Option<Bound<'py, PyAny>>,
        minimum_weight: i64,
        exclude_moves: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let none = PyTuple::empty(board.py());
        let found = self.look_up(
            board,
            minimum_weight,
            exclude_moves.unwrap_or(none.as_any()),
        )?;
        let mut best: Option<(u64, Bound<'py, PyAny>)> = None;
        for entry in found {
            let w = weight(&entry)?;
            if best.as_ref().is_none_or(|(top, _)| w > *top) {
                best = Some((w, entry));
            }
        }
        Ok(best.map(|(_, entry)| entry).or(default))
    }

    /// An entry of `board` chosen uniformly at random (with `random`, an
    /// object with python-chess's `randint`, or the `random` module).
    /// `IndexError` when there is none.
    #[pyo3(signature = (board, *, minimum_weight=1, exclude_moves=None, random=None))]
    fn choice<'py>(
        &self,
        board: &Bound<'py, PyAny>,
        minimum_weight: i64,
        exclude_moves: Option<&Bound<'py, PyAny>>,
        random: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = board.py();
        let none = PyTuple::empty(py);
        let found = self.look_up(
            board,
            minimum_weight,
            exclude_moves.unwrap_or(none.as_any()),
        )?;
        let mut chosen = None;
        for (i, entry) in found.into_iter().enumerate() {
            // python-chess's reservoir: the same draws, in the same order.
            if chosen.is_none() || randint(py, random, 0, i as u64)? == i as u64 {
                chosen = Some(entry);
            }
        }
        chosen.ok_or_else(|| PyIndexError::new_err("no entry for this position"))
    }

    /// An entry of `board` chosen at random in proportion to the weights.
    /// `IndexError` when there is none, or all weigh 0.
    #[pyo3(signature = (board, *, exclude_moves=None, random=None))]
    fn weighted_choice<'py>(
        &self,
        board: &Bound<'py, PyAny>,
        exclude_moves: Option<&Bound<'py, PyAny>>,
        random: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = board.py();
        let none = PyTuple::empty(py);
        let found = self.look_up(board, 1, exclude_moves.unwrap_or(none.as_any()))?;
        let weights = found.iter().map(weight).collect::<PyResult<Vec<_>>>()?;
        let total: u64 = weights.iter().sum();
        if total == 0 {
            return Err(PyIndexError::new_err("no entry for this position"));
        }
        let choice = randint(py, random, 0, total - 1)?;
        let mut sum = 0;
        for (entry, w) in found.into_iter().zip(weights) {
            sum += w;
            if sum > choice {
                return Ok(entry);
            }
        }
        Err(PyValueError::new_err(format!(
            "randint(0, {}) gave {choice}, out of range",
            total - 1
        )))
    }
}

/// The iterator of a reader's entries, forwards or backwards.
#[pyclass(module = "bitmoves.polyglot")]
pub struct EntryIter {
    reader: Py<Reader>,
    next: usize,
    reversed: bool,
}

#[pymethods]
impl EntryIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let reader = self.reader.borrow(py);
        let len = reader.__len__()?;
        if self.next >= len {
            return Ok(None);
        }
        let index = if self.reversed {
            len - 1 - self.next
        } else {
            self.next
        };
        self.next += 1;
        reader.item(py, index as isize).map(Some)
    }
}

/// Adds the `bitmoves._bitmoves.polyglot` submodule.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = parent.py();
    let m = PyModule::new(py, "polyglot")?;
    m.add_class::<Reader>()?;
    m.add_class::<EntryIter>()?;
    m.add("Entry", entry_type(py)?)?;
    m.add("POLYGLOT_RANDOM_ARRAY", random_array())?;
    parent.add_submodule(&m)
}
