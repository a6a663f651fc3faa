//! `bitmoves.gaviota`: python-chess's `chess.gaviota.PythonTablebase` over
//! `bitmoves-gaviota`, as the submodule `bitmoves._bitmoves.gaviota`
//! ([`register`]). Probes run in Rust with the GIL released; the module's
//! functions and the native libgtb flavour are Python, in
//! python/bitmoves/gaviota.py.
//!
//! Errors are python-chess's: `KeyError` for a position the tables cannot
//! hold (castling rights, more than 5 pieces), `MissingTableError` (a
//! `KeyError`) for a table not added, `OSError` naming the file for one
//! that cannot be read or is damaged.

use std::sync::RwLock;

use bitmoves::Board;
use bitmoves_gaviota::{GaviotaError, Tablebase};
use pyo3::create_exception;
use pyo3::exceptions::{PyKeyError, PyOSError, PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::board::PyBoard;
use crate::modules::input::{os_error, path_of};
use crate::modules::syzygy::or_default;

create_exception!(
    bitmoves.gaviota,
    MissingTableError,
    PyKeyError,
    "Can not probe position because a required table is missing."
);

/// The error of a failed probe, as python-chess raises it.
fn probe_error(error: GaviotaError, board: &Board) -> PyErr {
    match error {
        GaviotaError::MissingTable(_) => MissingTableError::new_err(error.to_string()),
        GaviotaError::Castling => PyKeyError::new_err(format!(
            "gaviota tables do not contain positions with castling rights: {board}"
        )),
        GaviotaError::TooManyPieces { pieces } => PyKeyError::new_err(format!(
            "gaviota tables support up to 5 pieces, not {pieces}: {board}"
        )),
        GaviotaError::Unindexable => PyKeyError::new_err(format!("{error}: {board}")),
        other => PyOSError::new_err(other.to_string()),
    }
}

/// The error of a lock that a panicking thread left.
const POISONED: &str = "a thread panicked while adding tables";

/// `PythonTablebase()`: python-chess's Gaviota prober (DTM and WDL, up to
/// 5 pieces), here in Rust: tables opened when first probed, blocks
/// decompressed on demand and cached. Probes release the GIL.
#[pyclass(module = "bitmoves.gaviota", name = "Tablebase", frozen, subclass)]
pub struct PyTablebase {
    tables: RwLock<Tablebase>,
}

impl PyTablebase {
    /// Runs `probe` on the core board of `board` with the GIL released.
    fn probe<T: Send>(
        &self,
        board: &Bound<'_, PyAny>,
        probe: impl FnOnce(&Tablebase, &Board) -> Result<T, GaviotaError> + Send,
    ) -> PyResult<T> {
        let core = core_board(board)?;
        let result = board.py().allow_threads(|| {
            let tables = self.tables.read().map_err(|_| POISONED)?;
            Ok(probe(&tables, &core))
        });
        match result {
            Ok(result) => result.map_err(|error| probe_error(error, &core)),
            Err(message) => Err(PyRuntimeError::new_err::<&'static str>(message)),
        }
    }
}

/// The core board of a bitmoves board: `TypeError` for anything else, and
/// `KeyError` (the tables cannot hold it) for a position off the core.
fn core_board(board: &Bound<'_, PyAny>) -> PyResult<Board> {
    let ours = board.downcast::<PyBoard>().map_err(|_| {
        PyTypeError::new_err(format!(
            "expected a bitmoves Board, got {}",
            board
                .get_type()
                .name()
                .map_or_else(|_| "?".into(), |n| n.to_string())
        ))
    })?;
    let ours = ours.borrow();
    match ours.core() {
        Some(core) => Ok(*core),
        None => Err(PyKeyError::new_err(format!(
            "not a legal position of standard chess, which the tables hold: {}",
            ours.setup().board_fen()
        ))),
    }
}

#[pymethods]
impl PyTablebase {
    /// An empty collection of tables.
    #[new]
    fn new() -> Self {
        Self {
            tables: RwLock::new(Tablebase::new()),
        }
    }

    /// Adds the `*.gtb.cp4` tables of `directory`; nothing is read yet.
    /// Returns how many were added.
    fn _add_directory(&self, directory: &Bound<'_, PyAny>) -> PyResult<usize> {
        let path = path_of(directory)?;
        let mut tables = self
            .tables
            .write()
            .map_err(|_| PyRuntimeError::new_err(POISONED))?;
        tables
            .add_directory(&path)
            .map_err(|e| os_error(directory, e))
    }

    /// The tables added: file stem (`"kqk"`) to path.
    #[getter]
    fn available_tables<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let tables = self
            .tables
            .read()
            .map_err(|_| PyRuntimeError::new_err(POISONED))?;
        let dict = PyDict::new(py);
        for (name, path) in tables.tables() {
            dict.set_item(name, path)?;
        }
        Ok(dict)
    }

    /// The depth to mate in half-moves: positive when the side to move
    /// mates, negative when it is mated, 0 for a draw or a checkmate on
    /// the board. `KeyError` (`MissingTableError` for a missing table) when
    /// the tables cannot answer.
    fn probe_dtm(&self, board: &Bound<'_, PyAny>) -> PyResult<i32> {
        self.probe(board, |tables, board| tables.probe_dtm(board).map(|d| d.0))
    }

    /// As `probe_dtm`, but `default` instead of a `KeyError`.
    #[pyo3(signature = (board, default=None))]
    fn get_dtm(&self, board: &Bound<'_, PyAny>, default: Option<PyObject>) -> PyResult<PyObject> {
        or_default(board.py(), self.probe_dtm(board), default)
    }

    /// 1 when the side to move wins, 0 for a draw, -1 when it loses.
    /// Errors as `probe_dtm`.
    fn probe_wdl(&self, board: &Bound<'_, PyAny>) -> PyResult<i8> {
        self.probe(board, |tables, board| {
            tables.probe_wdl(board).map(|w| w.value())
        })
    }

    /// As `probe_wdl`, but `default` instead of a `KeyError`.
    #[pyo3(signature = (board, default=None))]
    fn get_wdl(&self, board: &Bound<'_, PyAny>, default: Option<PyObject>) -> PyResult<PyObject> {
        or_default(board.py(), self.probe_wdl(board), default)
    }

    /// Drops every table; later probes raise `MissingTableError`.
    fn close(&self) -> PyResult<()> {
        let mut tables = self
            .tables
            .write()
            .map_err(|_| PyRuntimeError::new_err(POISONED))?;
        tables.clear();
        Ok(())
    }

    /// The tablebase itself.
    fn __enter__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
        slf
    }

    /// Closes the tablebase.
    #[pyo3(signature = (*_args))]
    fn __exit__(&self, _args: &Bound<'_, PyTuple>) -> PyResult<()> {
        self.close()
    }
}

/// Adds the `bitmoves._bitmoves.gaviota` submodule.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = parent.py();
    let m = PyModule::new(py, "gaviota")?;
    m.add_class::<PyTablebase>()?;
    m.add("MissingTableError", py.get_type::<MissingTableError>())?;
    parent.add_submodule(&m)
}
