//! `bitmoves.pgn.read_games`: games (headers, mainline, start and end
//! boards, errors) from a path or a file object, streaming: only the
//! current game is held. Each game is built by `bitmoves-pgn`'s
//! [`GameBuilder`], its mainline only.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

use bitmoves_pgn::{ErrorKind, Game, GameBuilder, PgnError as CoreError, Reader};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use super::errors::game_error;
use crate::board::PyBoard;
use crate::modules::input::{Input, Interruptible, io_error, lock, open};
use crate::values::PyMove;

/// One game of a PGN file, as `read_games` yields it (`bitmoves.pgn.GameRecord`): python-chess's
/// `chess.pgn.Game` for what scripts read from it. The Python objects
/// (headers, boards, moves) are made when first asked for.
#[pyclass(module = "bitmoves.pgn", name = "GameRecord", frozen)]
pub struct PyGame {
    game: Game,
    /// The game's number in the file, from 1.
    #[pyo3(get)]
    number: u64,
    /// Why the game could not be read whole (empty when it could):
    /// exceptions with `game`, `line` and `column`, like python-chess's
    /// `Game.errors`. The moves before the error are kept.
    #[pyo3(get)]
    errors: Py<PyList>,
    headers: OnceLock<Py<PyDict>>,
}

#[pymethods]
impl PyGame {
    /// The tag pairs in file order, a dict (python-chess's `Headers`,
    /// without the seven-tag roster's defaults for tags the file lacks).
    #[getter]
    fn headers(&self, py: Python<'_>) -> PyResult<Py<PyDict>> {
        if let Some(headers) = self.headers.get() {
            return Ok(headers.clone_ref(py));
        }
        let headers = PyDict::new(py);
        for (name, value) in &self.game.tags {
            headers.set_item(name, value)?;
        }
        Ok(self.headers.get_or_init(|| headers.unbind()).clone_ref(py))
    }

    /// The result token at the end of the movetext (`"1-0"`, …), else the
    /// `Result` header, else `"*"`.
    #[getter]
    fn result(&self) -> &str {
        let tag = self.game.tags.iter().find(|(name, _)| name == "Result");
        self.game
            .result
            .as_deref()
            .or(tag.map(|(_, value)| value.as_str()))
            .unwrap_or("*")
    }

    /// The starting position (from the `FEN` header, else the standard
    /// one), as python-chess's `Game.board()`.
    fn board(&self, py: Python<'_>) -> PyResult<Py<PyBoard>> {
        self.start_board(py)?.object(py)
    }

    /// The position after the mainline, with the mainline as its move
    /// stack (python-chess's `game.end().board()`).
    fn end_board(&self, py: Python<'_>) -> PyResult<Py<PyBoard>> {
        self.played_board(py)?.object(py)
    }

    /// The mainline's moves, a list of `Move` (python-chess's
    /// `list(game.mainline_moves())`); a null move is `Move.null()`.
    fn mainline_moves(&self, py: Python<'_>) -> PyResult<Vec<PyMove>> {
        Ok(self
            .played_board(py)?
            .stack
            .into_iter()
            .map(|(_, mv)| mv)
            .collect())
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "<Game #{} ({} plies, {} errors)>",
            self.number,
            self.game.moves.moves.len(),
            self.errors.bind(py).len()
        )
    }
}

impl PyGame {
    /// The Python game of what was built (game `number` of the file), and
    /// the error, if any.
    fn new(py: Python<'_>, number: u64, game: Game, error: Option<CoreError>) -> PyResult<Self> {
        let errors = PyList::empty(py);
        if let Some(error) = error {
            errors.append(game_error(py, error)?.into_value(py))?;
        }
        Ok(Self {
            number,
            game,
            errors: errors.unbind(),
            headers: OnceLock::new(),
        })
    }
}

/// The iterator `read_games` returns.
#[pyclass(module = "bitmoves.pgn", name = "GameReader", frozen)]
pub struct GameReader {
    /// Taken out while a game is read with the GIL released; `None` after
    /// the end (`done`) or while another thread reads.
    state: std::sync::Mutex<Option<(Reader<Input>, GameBuilder)>>,
    done: AtomicBool,
}

#[pymethods]
impl GameReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<PyGame>> {
        let Some((mut reader, mut builder)) = lock(&self.state).take() else {
            if self.done.load(Ordering::Relaxed) {
                return Ok(None);
            }
            return Err(PyRuntimeError::new_err(
                "read_games: the reader is in use by another thread",
            ));
        };
        let (reader, builder, result) = py.allow_threads(move || {
            let result = reader.read_game(&mut builder);
            (reader, builder, result)
        });
        let Some(result) = result else {
            self.done.store(true, Ordering::Relaxed);
            return Ok(None);
        };
        *lock(&self.state) = Some((reader, GameBuilder::mainline()));
        let number = builder.number();
        let game = builder.finish();
        match result {
            Ok(()) => PyGame::new(py, number, game, None).map(Some),
            Err(CoreError {
                kind: ErrorKind::Io(io),
                ..
            }) => {
                self.done.store(true, Ordering::Relaxed);
                lock(&self.state).take();
                Err(io_error(io))
            }
            Err(error) => PyGame::new(py, number, game, Some(error)).map(Some),
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
    let input: Input = Box::new(Interruptible::new(open(path_or_file)?));
    Ok(GameReader {
        state: std::sync::Mutex::new(Some((Reader::new(input), GameBuilder::mainline()))),
        done: AtomicBool::new(false),
    })
}

impl PyGame {
    /// The starting position as a board.
    fn start_board(&self, py: Python<'_>) -> PyResult<PyBoard> {
        let start = self.game.start;
        PyBoard::from_fen(py, &start.to_string(), start.is_chess960())
    }

    /// The position after the mainline, with the mainline as its stack.
    fn played_board(&self, py: Python<'_>) -> PyResult<PyBoard> {
        let mut board = self.start_board(py)?;
        for mv in self.game.mainline() {
            board.push_checked(py, mv.map_or_else(PyMove::null_move, PyMove::from_core))?;
        }
        Ok(board)
    }
}
