//! `bitmoves.pgn.read_positions`: NumPy batches of the positions of every
//! mainline of a PGN file, read on several threads by `bitmoves-pgn`'s
//! `read_parallel` on a producer thread, a few batches queued at most.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};

use bitmoves::{Board, Move};
use bitmoves_pgn::{ErrorKind, PendingGame, PgnError as CoreError, Visitor};
use numpy::PyArray1;
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use super::errors::game_error;
use crate::modules::encode;
use crate::modules::input::{
    ProducerReader, SIGNAL_INTERVAL, io_error, is_path, lock, open, spawn_producer,
};
use crate::values::{Int, piece_number};

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
fn positions(game: PendingGame) -> Positions {
    let mut visitor = PositionVisitor::default();
    let outcome = game.read(&mut visitor);
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

/// Reads `reader` on `threads` threads into batches of `size` positions,
/// sent in file order; ends when the receiver is gone. The last message is
/// the input error, if one stopped the reading.
fn produce(
    reader: &mut ProducerReader,
    threads: usize,
    size: usize,
    out: std::sync::mpsc::SyncSender<Result<Batch, CoreError>>,
    stop: Arc<AtomicBool>,
) {
    let mut batch = Batch::default();
    let mut number = 0;
    let outcome = bitmoves_pgn::read_parallel(reader, threads, positions, |game| {
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
#[pyclass(module = "bitmoves.pgn", name = "PositionReader", frozen)]
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
            // Waits in slices, running the signal handlers between them:
            // Ctrl-C raises `KeyboardInterrupt` and leaves the reader as
            // it was.
            let (batches, next) = py.allow_threads(move || {
                let next = batches.recv_timeout(SIGNAL_INTERVAL);
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
                Err(RecvTimeoutError::Timeout) => {
                    *lock(&self.batches) = Some(batches);
                    py.check_signals()?;
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => return Ok(None),
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
        let dict = encode::state_dict(py, &batch.boards)?;
        if self.planes {
            let planes = encode::planes_array(py, &batch.boards, self.side_to_move_view)?;
            dict.set_item("planes", planes)?;
        } else {
            let bitboards = encode::bitboards_array(py, &batch.boards, self.side_to_move_view)?;
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
            PyArray1::from_vec(py, field(|m| m.promotion.map_or(0, piece_number))),
        )?;
        dict.set_item("result", PyArray1::from_vec(py, batch.results.clone()))?;
        dict.set_item("game", PyArray1::from_vec(py, batch.games.clone()))?;
        Ok(dict)
    }
}

/// `value` as a count from 1 to `most`; `ValueError` naming `name`
/// otherwise (an int beyond any range is `Int`'s saturated bound).
fn in_range(name: &str, value: Int, most: usize) -> PyResult<usize> {
    usize::try_from(value.0)
        .ok()
        .filter(|n| (1..=most).contains(n))
        .ok_or_else(|| {
            PyValueError::new_err(format!("{name} must be 1 to {most}, not {}", value.0))
        })
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
#[pyo3(
    signature = (path, *, batch=Int(4096), threads=Int(1), encoding="planes", side_to_move_view=false),
    text_signature = "(path, *, batch=4096, threads=1, encoding='planes', side_to_move_view=False)"
)]
pub fn read_positions(
    py: Python<'_>,
    path: &Bound<'_, PyAny>,
    batch: Int,
    threads: Int,
    encoding: &str,
    side_to_move_view: bool,
) -> PyResult<PositionReader> {
    let batch = in_range("batch", batch, 1 << 24)?;
    let threads = in_range("threads", threads, 256)?;
    let planes = match encoding {
        "planes" => true,
        "bitboards" => false,
        _ => {
            return Err(PyValueError::new_err(format!(
                "encoding must be \"planes\" or \"bitboards\", not {encoding:?}"
            )));
        }
    };
    if !is_path(path)? {
        return Err(PyTypeError::new_err(format!(
            "expected a path (str, bytes or os.PathLike), not {}",
            path.get_type().name()?
        )));
    }
    let input = open(path)?;
    let (batches, stop) = spawn_producer(
        "bitmoves-read-positions",
        input,
        move |reader, out, stop| {
            produce(reader, threads, batch, out, stop);
        },
    )
    .map_err(|e| PyRuntimeError::new_err(format!("cannot start the reading thread: {e}")))?;
    Ok(PositionReader {
        batches: std::sync::Mutex::new(Some(batches)),
        stop,
        planes,
        side_to_move_view,
        errors: PyList::empty(py).unbind(),
    })
}
