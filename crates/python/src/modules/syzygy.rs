//! `bitmoves.syzygy`: python-chess's `chess.syzygy.Tablebase` over
//! `bitmoves-syzygy`, as the submodule `bitmoves._bitmoves.syzygy`
//! ([`register`]). Probes run in Rust with the GIL released; the table
//! names (`tablenames`, `normalize_tablename`, ...) are pure Python in
//! python/bitmoves/syzygy.py.
//!
//! Errors are python-chess's: `KeyError` for a position the tables cannot
//! hold (castling rights, too many pieces, another variant's board),
//! `MissingTableError` (a `KeyError`) for a table not added, `OSError`
//! naming the file for one that cannot be read or is damaged.
//!
//! `Tablebase(VariantBoard=...)` reads that variant's tables (atomic's
//! `.atbw`, Suicide's `.stbw`, Giveaway's and Antichess's `.gtbw`, with the
//! class's suffixes) and probes its boards through the core's variant
//! engine (`Tablebase::probe_variant_wdl`), the variant's end first.

use std::sync::RwLock;

use bitmoves::Board;
use bitmoves::variant::{
    Antichess, Atomic, Crazyhouse, Giveaway, Horde, KingOfTheHill, Position, RacingKings, Standard,
    Suicide, ThreeCheck, Variant, VariantKind,
};
use bitmoves_syzygy::{SyzygyError, Tablebase, Wdl};
use pyo3::create_exception;
use pyo3::exceptions::{PyKeyError, PyOSError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::board::PyBoard;
use crate::board::engine::Rules;
use crate::board::setup::Setup;
use crate::modules::input::{os_error, path_of};

create_exception!(
    bitmoves.syzygy,
    MissingTableError,
    PyKeyError,
    "A table the probe needs (the position's, or one a capture or \
     promotion leads to) was not added."
);

/// The error of a failed probe, as python-chess raises it.
fn probe_error(error: SyzygyError, board: &dyn std::fmt::Display) -> PyErr {
    match error {
        SyzygyError::MissingTable { table, material } => {
            MissingTableError::new_err(missing_table(&table, &material))
        }
        SyzygyError::Castling => PyKeyError::new_err(format!(
            "syzygy tables do not contain positions with castling rights: {board}"
        )),
        SyzygyError::TooManyPieces { pieces } => PyKeyError::new_err(format!(
            "syzygy tables support up to 7 pieces, not {pieces}: {board}"
        )),
        SyzygyError::WrongVariant { tables, position } => PyKeyError::new_err(format!(
            "tablebase has been opened for {}, probed with: {}",
            tables.uci_name(),
            position.uci_name()
        )),
        other => PyOSError::new_err(other.to_string()),
    }
}

/// python-chess's words for a missing table, `did not find wdl table
/// KPPvKR` (or `dtz`): the probed position's material, white's pieces
/// first, and the kind from the file the core's error names (`KRvKPP.rtbw`:
/// a suffix ending in `w` is a WDL table).
fn missing_table(file: &str, material: &str) -> String {
    let kind = if file.ends_with('w') { "wdl" } else { "dtz" };
    format!("did not find {kind} table {material}")
}

/// `Tablebase(*, max_fds=128, VariantBoard=chess.Board)`: python-chess's
/// collection of Syzygy tables (`.rtbw` and `.rtbz`, 3 to 7 pieces,
/// standard chess), each memory-mapped when a probe first needs it.
/// `max_fds` is accepted and has nothing to limit: a mapped table keeps no
/// file open. Probes release the GIL, so threads may probe at once.
#[pyclass(module = "bitmoves.syzygy", name = "Tablebase", frozen, subclass)]
pub struct PyTablebase {
    tables: RwLock<Tablebase>,
    /// The file suffixes read: `[wdl, dtz]`, each the variant board's own
    /// and, for pawnless tables, its `pawnless_` one.
    suffixes: [[Option<String>; 2]; 2],
}

/// One probe of a variant's position: each method is one of
/// [`Tablebase`]'s variant probes.
trait VariantProbe<T>: Send {
    fn run<V: Variant>(self, tables: &Tablebase, pos: &Position<V>) -> Result<T, SyzygyError>;
}

/// Runs `probe` on the board's position, typed by its variant.
fn dispatch<T, P: VariantProbe<T>>(
    probe: P,
    tables: &Tablebase,
    rules: Rules,
    setup: &Setup,
) -> Result<T, SyzygyError> {
    macro_rules! on {
        ($($kind:ident),+) => {
            match rules.variant {
                $(VariantKind::$kind => probe.run(tables, &rules.position::<$kind>(setup)),)+
            }
        };
    }
    on!(
        Standard,
        KingOfTheHill,
        ThreeCheck,
        RacingKings,
        Horde,
        Suicide,
        Giveaway,
        Antichess,
        Atomic,
        Crazyhouse
    )
}

struct ProbeWdl;
impl VariantProbe<Wdl> for ProbeWdl {
    fn run<V: Variant>(self, tables: &Tablebase, pos: &Position<V>) -> Result<Wdl, SyzygyError> {
        tables.probe_variant_wdl(pos)
    }
}

struct ProbeWdlTable;
impl VariantProbe<Wdl> for ProbeWdlTable {
    fn run<V: Variant>(self, tables: &Tablebase, pos: &Position<V>) -> Result<Wdl, SyzygyError> {
        tables.probe_variant_wdl_table(pos)
    }
}

struct ProbeDtz {
    en_passant: bool,
}
impl VariantProbe<i32> for ProbeDtz {
    fn run<V: Variant>(self, tables: &Tablebase, pos: &Position<V>) -> Result<i32, SyzygyError> {
        let dtz = if self.en_passant {
            tables.probe_variant_dtz(pos)?
        } else {
            tables.probe_variant_dtz_no_ep(pos)?
        };
        Ok(dtz.0)
    }
}

struct ProbeDtzTable(Wdl);
impl VariantProbe<Option<i32>> for ProbeDtzTable {
    fn run<V: Variant>(
        self,
        tables: &Tablebase,
        pos: &Position<V>,
    ) -> Result<Option<i32>, SyzygyError> {
        tables.probe_variant_dtz_table(pos, self.0)
    }
}

impl PyTablebase {
    /// Runs `variant_probe` on a variant's board (or `probe` on the core
    /// board of a standard one) with the GIL released.
    fn probe<T: Send>(
        &self,
        board: &Bound<'_, PyAny>,
        variant_probe: impl VariantProbe<T>,
        probe: impl FnOnce(&Tablebase, &Board) -> Result<T, SyzygyError> + Send,
    ) -> PyResult<T> {
        let variant = self
            .tables
            .read()
            .map_err(|_| PyRuntimeError::new_err(POISONED))?
            .variant();
        if variant != VariantKind::Standard {
            return self.probe_variant(board, variant, variant_probe);
        }
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

    /// Runs `probe` on a variant's board, which must be of the variant
    /// the tables were opened for (python-chess compares `uci_variant`).
    fn probe_variant<T: Send>(
        &self,
        board: &Bound<'_, PyAny>,
        variant: VariantKind,
        probe: impl VariantProbe<T>,
    ) -> PyResult<T> {
        let ours = board
            .downcast::<PyBoard>()
            .map_err(|_| not_a_board(board))?;
        let name: String = board.getattr("uci_variant")?.extract()?;
        if name != variant.uci_name() {
            return Err(PyKeyError::new_err(format!(
                "tablebase has been opened for {}, probed with: {name}",
                variant.uci_name()
            )));
        }
        let (rules, setup) = {
            let ours = ours.borrow();
            (ours.rules(), ours.setup())
        };
        let result = board.py().allow_threads(|| {
            let tables = self.tables.read().map_err(|_| POISONED)?;
            Ok(dispatch(probe, &tables, rules, &setup))
        });
        match result {
            Ok(result) => result.map_err(|error| {
                let fen: String = board
                    .call_method0("fen")
                    .and_then(|fen| fen.extract())
                    .unwrap_or_default();
                probe_error(error, &fen)
            }),
            Err(message) => Err(PyRuntimeError::new_err::<&'static str>(message)),
        }
    }

    /// Adds one file if its name is a table's of a kind asked for: 1 if
    /// added, else 0.
    fn add_path(&self, path: &std::path::Path, load_wdl: bool, load_dtz: bool) -> PyResult<usize> {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let has = |suffixes: &[Option<String>; 2]| {
            suffixes
                .iter()
                .flatten()
                .any(|suffix| name.ends_with(suffix.as_str()))
        };
        let wanted = (load_wdl && has(&self.suffixes[0])) || (load_dtz && has(&self.suffixes[1]));
        if !wanted || !path.is_file() {
            return Ok(0);
        }
        let mut tables = self
            .tables
            .write()
            .map_err(|_| PyRuntimeError::new_err(POISONED))?;
        Ok(usize::from(tables.add_file(path)))
    }
}

/// The error of a lock that a panicking thread left.
const POISONED: &str = "a thread panicked while adding tables";

/// The core board of a bitmoves board: `TypeError` for anything else, and
/// `KeyError` (the tables cannot hold it) for a variant's board or a
/// position off the core.
fn core_board(board: &Bound<'_, PyAny>) -> PyResult<Board> {
    let ours = board
        .downcast::<PyBoard>()
        .map_err(|_| not_a_board(board))?;
    // A variant's board (a subclass, such as python-chess's antichess
    // board) is not standard chess: python-chess's KeyError.
    if !board.get_type().is(board.py().get_type::<PyBoard>()) {
        let variant: String = board.getattr("uci_variant")?.extract()?;
        if variant != "chess" {
            return Err(PyKeyError::new_err(format!(
                "tablebase has been opened for chess, probed with: {variant}"
            )));
        }
    }
    let ours = ours.borrow();
    match ours.core() {
        Some(core) => Ok(*core),
        None => Err(PyKeyError::new_err(format!(
            "not a legal position of standard chess, which the tables hold: {}",
            ours.setup().board_fen()
        ))),
    }
}

/// The `TypeError` for a probe of something that is no bitmoves board.
fn not_a_board(board: &Bound<'_, PyAny>) -> PyErr {
    PyTypeError::new_err(format!(
        "expected a bitmoves Board, got {}",
        board
            .get_type()
            .name()
            .map_or_else(|_| "?".into(), |n| n.to_string())
    ))
}

/// The variant of a `VariantBoard` class (its `uci_variant`) and its
/// tables' suffixes (`tbw_suffix`, `pawnless_tbw_suffix`, ...; `None` for
/// a variant without tables).
fn variant_of(class: &Bound<'_, PyAny>) -> PyResult<(VariantKind, [[Option<String>; 2]; 2])> {
    let name: String = class.getattr("uci_variant")?.extract()?;
    let kind = if name == "chess" {
        VariantKind::Standard
    } else {
        name.parse::<VariantKind>()
            .map_err(|_| PyValueError::new_err(format!("bitmoves plays no variant {name:?}")))?
    };
    let suffix = |attribute: &str| -> PyResult<Option<String>> {
        match class.getattr(attribute) {
            Ok(value) => value.extract(),
            Err(_) => Ok(None),
        }
    };
    Ok((
        kind,
        [
            [suffix("tbw_suffix")?, suffix("pawnless_tbw_suffix")?],
            [suffix("tbz_suffix")?, suffix("pawnless_tbz_suffix")?],
        ],
    ))
}

/// A WDL value from Python: -2 to 2.
fn wdl_arg(wdl: i8) -> PyResult<Wdl> {
    if (-2..=2).contains(&wdl) {
        Ok(Wdl::from_value(wdl))
    } else {
        Err(PyValueError::new_err(format!(
            "wdl must be -2 to 2, not {wdl}"
        )))
    }
}

#[pymethods]
impl PyTablebase {
    /// An empty collection of the tables of `VariantBoard`'s variant
    /// (standard chess's by default; `AtomicBoard`, `SuicideBoard`,
    /// `GiveawayBoard` and `AntichessBoard` read their variant's tables,
    /// by the class's suffixes). Its probes take boards of that variant
    /// only (`KeyError` for another).
    #[new]
    #[pyo3(signature = (*, max_fds=Some(128), VariantBoard=None))]
    #[allow(non_snake_case)]
    fn new(max_fds: Option<i64>, VariantBoard: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let _ = max_fds;
        let (variant, suffixes) = match VariantBoard {
            Some(class) => variant_of(class)?,
            None => (
                VariantKind::Standard,
                [
                    [Some(".rtbw".to_owned()), None],
                    [Some(".rtbz".to_owned()), None],
                ],
            ),
        };
        Ok(Self {
            tables: RwLock::new(Tablebase::for_variant(variant)),
            suffixes,
        })
    }

    /// Adds the tables of `directory` (named like `KQvKR.rtbw` and
    /// `KQvKR.rtbz`, the stronger side first); nothing is read yet.
    /// Returns how many files were added. A missing directory is
    /// `FileNotFoundError`.
    #[pyo3(signature = (directory, *, load_wdl=true, load_dtz=true))]
    fn add_directory(
        &self,
        directory: &Bound<'_, PyAny>,
        load_wdl: bool,
        load_dtz: bool,
    ) -> PyResult<usize> {
        let path = path_of(directory)?;
        let mut added = 0;
        for entry in std::fs::read_dir(&path).map_err(|e| os_error(directory, e))? {
            let entry = entry.map_err(|e| os_error(directory, e))?;
            added += self.add_path(&entry.path(), load_wdl, load_dtz)?;
        }
        Ok(added)
    }

    /// Adds one table file: 1 if its name is a table's, else 0.
    #[pyo3(signature = (path, *, load_wdl=true, load_dtz=true))]
    fn add_file(&self, path: &Bound<'_, PyAny>, load_wdl: bool, load_dtz: bool) -> PyResult<usize> {
        self.add_path(&path_of(path)?, load_wdl, load_dtz)
    }

    /// The WDL value, for the side to move, of a position reached right
    /// after a capture or pawn move: 2 win, 1 win that the 50-move rule
    /// makes a draw, 0 draw, -1 loss saved by the 50-move rule, -2 loss.
    /// `KeyError` (`MissingTableError` for a missing table) when the
    /// tables cannot answer.
    fn probe_wdl(&self, board: &Bound<'_, PyAny>) -> PyResult<i8> {
        self.probe(board, ProbeWdl, |tables, board| tables.probe_wdl(board))
            .map(Wdl::value)
    }

    /// As `probe_wdl`, but `default` instead of a `KeyError`.
    #[pyo3(signature = (board, default=None))]
    fn get_wdl(&self, board: &Bound<'_, PyAny>, default: Option<PyObject>) -> PyResult<PyObject> {
        or_default(board.py(), self.probe_wdl(board), default)
    }

    /// The WDL value stored in the position's own table, with no capture
    /// or en passant searched.
    fn probe_wdl_table(&self, board: &Bound<'_, PyAny>) -> PyResult<i8> {
        self.probe(board, ProbeWdlTable, |tables, board| {
            tables.probe_wdl_table(board)
        })
        .map(Wdl::value)
    }

    /// The distance to zeroing (a capture or pawn move) in plies: positive
    /// when the side to move wins, 0 for a draw, negative when it loses;
    /// beyond ±100 when the 50-move rule decides. Needs the WDL and DTZ
    /// tables. Errors as `probe_wdl`.
    fn probe_dtz(&self, board: &Bound<'_, PyAny>) -> PyResult<i32> {
        self.probe(board, ProbeDtz { en_passant: true }, |tables, board| {
            tables.probe_dtz(board).map(|dtz| dtz.0)
        })
    }

    /// As `probe_dtz`, but `default` instead of a `KeyError`.
    #[pyo3(signature = (board, default=None))]
    fn get_dtz(&self, board: &Bound<'_, PyAny>, default: Option<PyObject>) -> PyResult<PyObject> {
        or_default(board.py(), self.probe_dtz(board), default)
    }

    /// The DTZ with en passant captures left out.
    fn probe_dtz_no_ep(&self, board: &Bound<'_, PyAny>) -> PyResult<i32> {
        self.probe(board, ProbeDtz { en_passant: false }, |tables, board| {
            tables.probe_dtz_no_ep(board).map(|dtz| dtz.0)
        })
    }

    /// The number the position's DTZ table stores for it, given its WDL
    /// value: `(dtz, 1)`, or `(0, -1)` when the table holds the other side
    /// to move.
    fn probe_dtz_table(&self, board: &Bound<'_, PyAny>, wdl: i8) -> PyResult<(i32, i8)> {
        let wdl = wdl_arg(wdl)?;
        self.probe(board, ProbeDtzTable(wdl), |tables, board| {
            tables.probe_dtz_table(board, wdl)
        })
        .map(|found| found.map_or((0, -1), |dtz| (dtz, 1)))
    }

    /// Drops every table (unmapping them); later probes raise
    /// `MissingTableError`.
    fn close(&self) -> PyResult<()> {
        let mut tables = self
            .tables
            .write()
            .map_err(|_| PyRuntimeError::new_err(POISONED))?;
        *tables = Tablebase::for_variant(tables.variant());
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

/// Adds the `bitmoves._bitmoves.syzygy` submodule.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = parent.py();
    let m = PyModule::new(py, "syzygy")?;
    m.add_class::<PyTablebase>()?;
    m.add("MissingTableError", py.get_type::<MissingTableError>())?;
    parent.add_submodule(&m)
}

/// A probe's value, or `default` (`None` if not given) where the probe
/// raised `KeyError` (no table): python-chess's `get_wdl`/`get_dtz`, and
/// Gaviota's `get_dtm`/`get_wdl`.
pub(crate) fn or_default<'py, T: IntoPyObject<'py>>(
    py: Python<'py>,
    probed: PyResult<T>,
    default: Option<PyObject>,
) -> PyResult<PyObject> {
    match probed {
        Ok(value) => pyo3::IntoPyObjectExt::into_py_any(value, py),
        Err(error) if error.is_instance_of::<PyKeyError>(py) => {
            Ok(default.unwrap_or_else(|| py.None()))
        }
        Err(error) => Err(error),
    }
}
