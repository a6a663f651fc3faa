//! `MemoryMappedReader`: a book's bytes mapped into memory, python-chess's
//! methods on them, and the iterator of its entries.

use std::fs::File;

use memmap2::{Advice, Mmap};
use pyo3::exceptions::{PyIndexError, PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyList, PyTuple};

use super::ENTRY_BYTES;
use crate::modules::input::{os_error, path_of};

/// The bytes of a book: mapped, or none for an empty file (which cannot
/// be mapped) and for what is not a regular file (`os.devnull`).
pub(super) enum Bytes {
    Mapped(Mmap),
    Empty,
}

impl Bytes {
    pub(super) fn get(&self) -> &[u8] {
        match self {
            Self::Mapped(map) => map,
            Self::Empty => &[],
        }
    }
}

/// `MemoryMappedReader(filename)`: a Polyglot opening book mapped into
/// memory, as python-chess's. Look-ups take a board (its Zobrist key is
/// searched, and its entries come back as legal moves of that board,
/// castling in the board's convention) or an int key (entries as stored).
/// A closed reader raises `ValueError`, as python-chess's: when
/// `find_all`'s iterator is first advanced; `get` gives its default and
/// `find` raises `IndexError`.
#[pyclass(module = "bitmoves.polyglot", name = "MemoryMappedReader", subclass)]
pub struct Reader {
    /// The book's bytes; `None` once closed.
    pub(super) bytes: Option<Bytes>,
}

/// `random.randint`, for `choice` and `weighted_choice` without `random=`.
static RANDINT: GILOnceCell<PyObject> = GILOnceCell::new();

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
    fn new(filename: &Bound<'_, PyAny>) -> PyResult<Self> {
        let name = filename;
        let filename = path_of(name)?;
        let metadata = std::fs::metadata(&filename).map_err(|e| os_error(name, e))?;
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
        let file = File::open(&filename).map_err(|e| os_error(name, e))?;
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
        EntryIter::new(slf, false)
    }

    /// The entries from the last to the first.
    fn __reversed__(slf: Bound<'_, Self>) -> PyResult<EntryIter> {
        EntryIter::new(slf, true)
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
        for current in self.look_up(&key, minimum, None)? {
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
        slf: &Bound<'py, Self>,
        board: &Bound<'py, PyAny>,
        minimum_weight: i64,
        exclude_moves: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = board.py();
        if slf.borrow().bytes.is_none() {
            // python-chess's generator raises when first advanced.
            let closed = EntryIter {
                reader: slf.clone().unbind(),
                next: 0,
                reversed: false,
            };
            return Ok(Bound::new(py, closed)?.into_any());
        }
        let found = slf.borrow().look_up(board, minimum_weight, exclude_moves)?;
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

    /// As `find`, but `default` when there is no entry (or the book is
    /// closed).
    #[pyo3(signature = (board, default=None, *, minimum_weight=1, exclude_moves=None))]
    fn get<'py>(
        &self,
        board: &Bound<'py, PyAny>,
        default: Option<Bound<'py, PyAny>>,
        minimum_weight: i64,
        exclude_moves: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        if self.bytes.is_none() {
            return Ok(default); // python-chess finds nothing in a closed book
        }
        let found = self.look_up(board, minimum_weight, exclude_moves)?;
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
        let found = self.look_up(board, minimum_weight, exclude_moves)?;
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
        let found = self.look_up(board, 1, exclude_moves)?;
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

impl EntryIter {
    /// The entries of an open `reader`, from the last to the first when
    /// `reversed`; `ValueError` when it is closed.
    fn new(reader: Bound<'_, Reader>, reversed: bool) -> PyResult<Self> {
        reader.borrow().bytes()?;
        Ok(Self {
            reader: reader.unbind(),
            next: 0,
            reversed,
        })
    }
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
