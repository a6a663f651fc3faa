//! `bitmoves.pgn`: PGN through `bitmoves-pgn`. `read_games` yields games
//! (headers, mainline, start and end boards, errors) from a path or a file
//! object; `read_positions` yields NumPy batches of the positions of every
//! mainline, read on several threads. Both stream: only the current game
//! (or a few batches) is held.

use std::io::{self, BufRead, BufReader, Read};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, sync_channel};

use bitmoves::{Board, Move, SanError};
use bitmoves_pgn::{ErrorKind, Flow, PgnError as CoreError, RawGame, Reader, Visitor};
use numpy::PyArray1;
use pyo3::create_exception;
use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString};

use crate::board::PyBoard;
use crate::errors::{AmbiguousMoveError, IllegalMoveError, InvalidMoveError};
use crate::moves::PyMove;

create_exception!(
    bitmoves.pgn,
    PgnError,
    PyValueError,
    "A game of a PGN file that could not be read (bad FEN tag, unexpected \
     text, unbalanced variation, unsupported variant, …); `game`, `line` \
     and `column` say where."
);

/// The input of a reader: a file or a Python file object, decompressed.
type Input = Box<dyn BufRead + Send>;

/// A Python file object (binary or text) as [`Read`]: each read takes the
/// GIL and calls its `read(n)`; text is encoded as UTF-8.
struct PyFile {
    file: Py<PyAny>,
    pending: Vec<u8>,
}

impl Read for PyFile {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pending.is_empty() {
            self.pending = Python::with_gil(|py| -> PyResult<Vec<u8>> {
                let chunk = self
                    .file
                    .bind(py)
                    .call_method1("read", (buf.len().max(1),))?;
                if let Ok(bytes) = chunk.downcast::<PyBytes>() {
                    Ok(bytes.as_bytes().to_vec())
                } else if let Ok(text) = chunk.downcast::<PyString>() {
                    Ok(text.to_cow()?.as_bytes().to_vec())
                } else {
                    Err(PyTypeError::new_err(
                        "read() returned neither bytes nor str",
                    ))
                }
            })
            .map_err(io::Error::other)?;
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

/// Locks `mutex`, whatever a panic elsewhere left in it.
fn lock<T>(mutex: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Opens a path (str or os.PathLike) or a file object with `read`.
fn open(source: &Bound<'_, PyAny>) -> PyResult<Input> {
    if source.is_instance_of::<PyString>() || source.hasattr("__fspath__")? {
        let path: PathBuf = source.extract()?;
        return bitmoves_pgn::open(&path)
            .map_err(|e| PyOSError::new_err(format!("cannot read {}: {e}", path.display())));
    }
    if source.hasattr("read")? {
        let file = PyFile {
            file: source.clone().unbind(),
            pending: Vec::new(),
        };
        return bitmoves_pgn::decompress(file).map_err(io_error);
    }
    Err(PyTypeError::new_err(format!(
        "expected a path (str or os.PathLike) or a file object, not {}",
        source.get_type().name()?
    )))
}

/// An input error as the Python exception it holds, or `OSError`.
fn io_error(error: io::Error) -> PyErr {
    match error.downcast::<PyErr>() {
        Ok(error) => error,
        Err(error) => PyOSError::new_err(error.to_string()),
    }
}

/// A game error as a Python exception: `IllegalMoveError`,
/// `AmbiguousMoveError` or `InvalidMoveError` for a move, else `PgnError`;
/// `game`, `line` and `column` set on it. `OSError` for the input.
fn game_error(py: Python<'_>, error: CoreError) -> PyResult<PyErr> {
    let message = error.to_string();
    let err = match error.kind {
        ErrorKind::IllegalMove { error: san, .. } => match san {
            SanError::Syntax { .. } => InvalidMoveError::new_err(message),
            SanError::Ambiguous { .. } => AmbiguousMoveError::new_err(message),
            _ => IllegalMoveError::new_err(message),
        },
        ErrorKind::Io(io) => return Ok(PyOSError::new_err(format!("{message} ({io})"))),
        _ => PgnError::new_err(message),
    };
    let value = err.value(py);
    value.setattr("game", error.game)?;
    value.setattr("line", error.line)?;
    value.setattr("column", error.column)?;
    Ok(err)
}

/// Collects one game's tags, start, mainline and result.
#[derive(Default)]
struct Collect {
    number: u64,
    tags: Vec<(String, String)>,
    start: Option<Board>,
    moves: Vec<Option<Move>>,
    result: Option<String>,
}

impl Visitor for Collect {
    fn begin_game(&mut self, number: u64) -> Flow {
        *self = Self {
            number,
            ..Self::default()
        };
        Flow::Continue
    }
    fn tag(&mut self, name: &str, value: &str) {
        self.tags.push((name.to_owned(), value.to_owned()));
    }
    fn begin_moves(&mut self, start: &Board) -> Flow {
        self.start = Some(*start);
        Flow::Continue
    }
    fn play(&mut self, _: &Board, mv: Move, _: &str) {
        self.moves.push(Some(mv));
    }
    fn null_move(&mut self, _: &Board) {
        self.moves.push(None);
    }
    fn result(&mut self, result: &str) {
        self.result = Some(result.to_owned());
    }
}

/// One game of a PGN file, as `read_games` yields it: python-chess's
/// `chess.pgn.Game` for what scripts read from it.
#[pyclass(module = "bitmoves.pgn", name = "Game", frozen)]
pub struct PyGame {
    /// The tag pairs in file order (a dict; python-chess's `Headers`).
    #[pyo3(get)]
    headers: Py<PyDict>,
    /// Why the game could not be read whole (empty when it could):
    /// exceptions with `game`, `line` and `column`, like python-chess's
    /// `Game.errors`. The moves before the error are kept.
    #[pyo3(get)]
    errors: Py<PyList>,
    /// The game's number in the file, from 1.
    #[pyo3(get)]
    number: u64,
    /// The result token at the end of the movetext (`"1-0"`, …), or the
    /// `Result` header, or `"*"`.
    #[pyo3(get)]
    result: String,
    start: Py<PyBoard>,
    end: Py<PyBoard>,
    moves: Py<PyList>,
}

#[pymethods]
impl PyGame {
    /// The starting position (from the `FEN` header, else the standard
    /// one), as python-chess's `Game.board()`.
    fn board(&self, py: Python<'_>) -> PyResult<PyBoard> {
        Ok(self.start.borrow(py).clone())
    }

    /// The position after the mainline, with the mainline as its move
    /// stack (python-chess's `game.end().board()`).
    fn end_board(&self, py: Python<'_>) -> PyResult<PyBoard> {
        Ok(self.end.borrow(py).clone())
    }

    /// The mainline's moves, a list of `Move` (python-chess's
    /// `list(game.mainline_moves())`); a null move is `Move.null()`.
    fn mainline_moves<'py>(&self, py: Python<'py>) -> Bound<'py, PyList> {
        let moves = self.moves.bind(py);
        PyList::new(py, moves.iter()).unwrap_or_else(|_| moves.clone())
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let moves = self.moves.bind(py).len();
        format!(
            "<Game #{} ({} plies, {} errors)>",
            self.number,
            moves,
            self.errors.bind(py).len()
        )
    }
}

impl PyGame {
    /// Builds the Python game from what was collected and the error, if any.
    fn new(py: Python<'_>, game: Collect, error: Option<CoreError>) -> PyResult<Self> {
        let headers = PyDict::new(py);
        for (name, value) in &game.tags {
            headers.set_item(name, value)?;
        }
        let result = game
            .result
            .clone()
            .or_else(|| {
                game.tags
                    .iter()
                    .find(|(n, _)| n == "Result")
                    .map(|(_, v)| v.clone())
            })
            .unwrap_or_else(|| "*".to_owned());
        let start = game.start.unwrap_or_default();
        let start = PyBoard::from_fen(&start.to_string(), start.is_chess960())?;
        let mut end = start.clone();
        let moves = PyList::empty(py);
        for mv in &game.moves {
            let mv = mv.map_or_else(PyMove::null_move, PyMove::from_core);
            moves.append(end.push_checked(mv)?)?;
        }
        let errors = PyList::empty(py);
        if let Some(error) = error {
            errors.append(game_error(py, error)?.into_value(py))?;
        }
        Ok(Self {
            headers: headers.unbind(),
            errors: errors.unbind(),
            number: game.number,
            result,
            start: Py::new(py, start)?,
            end: Py::new(py, end)?,
            moves: moves.unbind(),
        })
    }
}

/// The iterator `read_games` returns.
#[pyclass(module = "bitmoves.pgn", name = "GameReader")]
pub struct GameReader {
    /// Taken out while a game is read with the GIL released; `None` after
    /// the end.
    state: std::sync::Mutex<Option<(Reader<Input>, Collect)>>,
}

#[pymethods]
impl GameReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<PyGame>> {
        let Some((mut reader, mut collect)) = lock(&self.state).take() else {
            return Ok(None);
        };
        let (reader, collect, result) = py.allow_threads(move || {
            let result = reader.read_game(&mut collect);
            (reader, std::mem::take(&mut collect), result)
        });
        let Some(result) = result else {
            return Ok(None);
        };
        *lock(&self.state) = Some((reader, Collect::default()));
        match result {
            Ok(()) => PyGame::new(py, collect, None).map(Some),
            Err(error) if matches!(error.kind, ErrorKind::Io(_)) => Err(match error.kind {
                ErrorKind::Io(io) => io_error(io),
                _ => unreachable!("matched above"),
            }),
            Err(error) => PyGame::new(py, collect, Some(error)).map(Some),
        }
    }
}

/// Reads the games of a PGN file one by one: `path_or_file` is a path (str
/// or os.PathLike; zstd or gzip by content, whatever the name) or a file
/// object opened in binary or text mode. Streams: only the current game is
/// held.
///
/// A damaged game is yielded with what could be read (headers, the moves
/// before the error) and the error in `game.errors`; reading goes on with
/// the next game. An input that cannot be read (a damaged compressed
/// stream) raises `OSError`.
#[pyfunction]
pub fn read_games(path_or_file: &Bound<'_, PyAny>) -> PyResult<GameReader> {
    Ok(GameReader {
        state: std::sync::Mutex::new(Some((Reader::new(open(path_or_file)?), Collect::default()))),
    })
}

/// A [`Read`] that ends when `stop` is set: the producer of
/// `read_positions` stops reading when its iterator is dropped.
struct Stoppable<R> {
    inner: R,
    stop: Arc<AtomicBool>,
}

impl<R: Read> Read for Stoppable<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.stop.load(Ordering::Relaxed) {
            return Ok(0);
        }
        self.inner.read(buf)
    }
}

/// The positions of one game: each position before a move, with the move.
struct Positions {
    boards: Vec<(Board, Move)>,
    result: i8,
    error: Option<CoreError>,
}

/// A batch of positions sent to Python.
#[derive(Default)]
struct Batch {
    boards: Vec<Board>,
    moves: Vec<Move>,
    results: Vec<i8>,
    games: Vec<u64>,
    errors: Vec<CoreError>,
}

/// Collects the positions of one game's mainline.
#[derive(Default)]
struct PositionVisitor {
    boards: Vec<(Board, Move)>,
    tag_result: Option<String>,
    result: Option<String>,
}

impl Visitor for PositionVisitor {
    fn tag(&mut self, name: &str, value: &str) {
        if name == "Result" {
            self.tag_result = Some(value.to_owned());
        }
    }
    fn play(&mut self, board: &Board, mv: Move, _: &str) {
        self.boards.push((*board, mv));
    }
    fn result(&mut self, result: &str) {
        self.result = Some(result.to_owned());
    }
}

/// 1 for a White win, -1 for Black's, 0 for a draw, 2 unknown (`*`).
fn result_code(result: Option<&str>) -> i8 {
    match result {
        Some("1-0") => 1,
        Some("0-1") => -1,
        Some("1/2-1/2") => 0,
        _ => 2,
    }
}

/// Reads one game's positions (on a worker thread); a damaged game gives
/// its error and no positions.
fn positions(raw: &mut RawGame) -> Positions {
    let mut visitor = PositionVisitor::default();
    let outcome = raw.read(&mut visitor);
    let result = result_code(visitor.result.as_deref().or(visitor.tag_result.as_deref()));
    match outcome {
        Ok(()) => Positions {
            boards: visitor.boards,
            result,
            error: None,
        },
        Err(error) => Positions {
            boards: Vec::new(),
            result,
            error: Some(error),
        },
    }
}

/// Reads `input` on `threads` threads into batches of `size` positions,
/// sent in file order; ends when the receiver is gone. The last message is
/// the input error, if one stopped the reading.
fn produce(
    input: Input,
    threads: usize,
    size: usize,
    out: std::sync::mpsc::SyncSender<Result<Batch, CoreError>>,
    stop: Arc<AtomicBool>,
) {
    let input = BufReader::new(Stoppable {
        inner: input,
        stop: Arc::clone(&stop),
    });
    let mut reader = Reader::new(input);
    let mut batch = Batch::default();
    let mut number = 0;
    let outcome = bitmoves_pgn::read_parallel(&mut reader, threads, positions, |game| {
        number += 1;
        if stop.load(Ordering::Relaxed) {
            return;
        }
        if let Some(error) = game.error {
            batch.errors.push(error);
        }
        for (board, mv) in game.boards {
            batch.boards.push(board);
            batch.moves.push(mv);
            batch.results.push(game.result);
            batch.games.push(number);
            if batch.boards.len() == size && out.send(Ok(std::mem::take(&mut batch))).is_err() {
                stop.store(true, Ordering::Relaxed);
                return;
            }
        }
    });
    if stop.load(Ordering::Relaxed) {
        return;
    }
    if !batch.boards.is_empty() || !batch.errors.is_empty() {
        let _ = out.send(Ok(batch));
    }
    if let Err(error) = outcome {
        let _ = out.send(Err(error));
    }
}

/// The iterator `read_positions` returns: dicts of NumPy arrays.
#[pyclass(module = "bitmoves.pgn", name = "PositionReader")]
pub struct PositionReader {
    /// Taken out while waiting with the GIL released; `None` after the end.
    batches: std::sync::Mutex<Option<Receiver<Result<Batch, CoreError>>>>,
    stop: Arc<AtomicBool>,
    planes: bool,
    side_to_move_view: bool,
    /// The games that could not be read so far (skipped, their positions
    /// left out), as exceptions like `Game.errors`'.
    #[pyo3(get)]
    errors: Py<PyList>,
}

impl Drop for PositionReader {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

#[pymethods]
impl PositionReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        loop {
            let Some(batches) = lock(&self.batches).take() else {
                return Ok(None);
            };
            let (batches, next) = py.allow_threads(move || {
                let next = batches.recv();
                (batches, next)
            });
            let mut batch = match next {
                Ok(Ok(batch)) => batch,
                Ok(Err(error)) => {
                    return Err(match error.kind {
                        ErrorKind::Io(io) => io_error(io),
                        _ => game_error(py, error)?,
                    });
                }
                Err(_) => return Ok(None),
            };
            *lock(&self.batches) = Some(batches);
            for error in std::mem::take(&mut batch.errors) {
                self.errors
                    .bind(py)
                    .append(game_error(py, error)?.into_value(py))?;
            }
            if !batch.boards.is_empty() {
                return self.arrays(py, &batch).map(Some);
            }
        }
    }
}

impl PositionReader {
    /// The arrays of one batch.
    fn arrays<'py>(&self, py: Python<'py>, batch: &Batch) -> PyResult<Bound<'py, PyDict>> {
        let dict = crate::encode::state_dict(py, &batch.boards)?;
        if self.planes {
            let planes = crate::encode::planes_array(py, &batch.boards, self.side_to_move_view)?;
            dict.set_item("planes", planes)?;
        } else {
            let bitboards =
                crate::encode::bitboards_array(py, &batch.boards, self.side_to_move_view)?;
            dict.set_item("bitboards", bitboards)?;
        }
        let field = |f: fn(&Move) -> u8| batch.moves.iter().map(f).collect::<Vec<u8>>();
        dict.set_item(
            "move_from",
            PyArray1::from_vec(py, field(|m| m.from.index() as u8)),
        )?;
        dict.set_item(
            "move_to",
            PyArray1::from_vec(py, field(|m| m.to.index() as u8)),
        )?;
        dict.set_item(
            "move_promotion",
            PyArray1::from_vec(
                py,
                field(|m| m.promotion.map_or(0, crate::moves::piece_number)),
            ),
        )?;
        dict.set_item("result", PyArray1::from_vec(py, batch.results.clone()))?;
        dict.set_item("game", PyArray1::from_vec(py, batch.games.clone()))?;
        Ok(dict)
    }
}

/// Reads the positions of every game's mainline into NumPy batches: each
/// yielded dict holds `batch` positions (the last one fewer), each a
/// position a move was played from. `encoding` is `"planes"` (`uint8`
/// `(B, 12, 8, 8)`, as `encode_planes`) or `"bitboards"` (`uint64`
/// `(B, 12)`, as `encode_bitboards`); beside it the arrays of
/// `encode_state`, the move played (`move_from`, `move_to`: squares;
/// `move_promotion`: piece type or 0), `result` (`int8`: 1 White won, -1
/// Black won, 0 drawn, 2 unknown) and `game` (`uint64`, the game's number
/// in the file, from 1).
///
/// The file (a path; zstd or gzip by content) is read on `threads` threads
/// with results in file order. Games that cannot be read are left out and
/// their errors collected in the iterator's `errors`.
#[pyfunction]
#[pyo3(signature = (path, *, batch=4096, threads=1, encoding="planes", side_to_move_view=false))]
pub fn read_positions(
    py: Python<'_>,
    path: &Bound<'_, PyAny>,
    batch: usize,
    threads: usize,
    encoding: &str,
    side_to_move_view: bool,
) -> PyResult<PositionReader> {
    if !(1..=1 << 24).contains(&batch) {
        return Err(PyValueError::new_err(format!(
            "batch must be 1 to 16777216, not {batch}"
        )));
    }
    if !(1..=256).contains(&threads) {
        return Err(PyValueError::new_err(format!(
            "threads must be 1 to 256, not {threads}"
        )));
    }
    let planes = match encoding {
        "planes" => true,
        "bitboards" => false,
        _ => {
            return Err(PyValueError::new_err(format!(
                "encoding must be \"planes\" or \"bitboards\", not {encoding:?}"
            )));
        }
    };
    if !(path.is_instance_of::<PyString>() || path.hasattr("__fspath__")?) {
        return Err(PyTypeError::new_err(format!(
            "expected a path (str or os.PathLike), not {}",
            path.get_type().name()?
        )));
    }
    let input = open(path)?;
    let stop = Arc::new(AtomicBool::new(false));
    let (out, batches) = sync_channel(2);
    let producer_stop = Arc::clone(&stop);
    std::thread::spawn(move || produce(input, threads, batch, out, producer_stop));
    Ok(PositionReader {
        batches: std::sync::Mutex::new(Some(batches)),
        stop,
        planes,
        side_to_move_view,
        errors: PyList::empty(py).unbind(),
    })
}

/// Adds the `bitmoves._bitmoves.pgn` submodule.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = parent.py();
    let m = PyModule::new(py, "pgn")?;
    m.add_class::<PyGame>()?;
    m.add_class::<GameReader>()?;
    m.add_class::<PositionReader>()?;
    m.add("PgnError", py.get_type::<PgnError>())?;
    m.add_function(wrap_pyfunction!(read_games, &m)?)?;
    m.add_function(wrap_pyfunction!(read_positions, &m)?)?;
    parent.add_submodule(&m)
}
