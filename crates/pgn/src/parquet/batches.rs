//! [`RecordBatches`]: PGN read into Arrow record batches of the dataset's
//! rows (one per game, or one per position), in input order, on several
//! threads, for callers that want Arrow without Parquet (Python's
//! `bitmoves.pgn.read_arrow`); [`Dataset`](super::Dataset) writes its row
//! groups from it.

use super::batch::{Batch, GameBatch, PositionBatch};
use super::error::DatasetError;
use super::rows::{self, GameRow};
use crate::{PendingGame, Reader};
use arrow_array::RecordBatch;
use arrow_schema::SchemaRef;
use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The most spent rows kept for reuse (more than the games the reading
/// threads hold at once rarely helps).
const SPENT_ROWS: usize = 256;

/// `mutex`, locked (a panic elsewhere does not stop it from being used).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// What became of one game, as [`RecordBatches::read_pgn`] and
/// [`Dataset::write_pgn`](super::Dataset::write_pgn) report it.
#[derive(Debug, Clone, Copy)]
pub struct GameOutcome<'a> {
    /// The game's number in its input, from 1.
    pub game: u64,
    /// The plies read.
    pub plies: usize,
    /// Why the game could not be read whole (its row says it too).
    pub error: Option<&'a str>,
    /// Whether the error is only a note (an unsupported variant).
    pub is_note: bool,
}

/// Games read into record batches of at most `max_rows` rows or about
/// `max_bytes` bytes of row data, with the schema of
/// [`game_schema`](super::game_schema) or
/// [`position_schema`](super::position_schema).
///
/// ```
/// use bitmoves_pgn::Reader;
/// use bitmoves_pgn::parquet::RecordBatches;
/// let pgn = "1. e4 e5 2. Nf3 *\n\n1. d4 *\n";
/// let mut batches = RecordBatches::new(false, 1024, 1 << 20);
/// let mut reader = Reader::new(pgn.as_bytes());
/// let mut out = Vec::new();
/// batches.read_pgn(&mut reader, 1, None, |_| {}, |batch| { out.push(batch); true })?;
/// out.extend(batches.finish()?);
/// assert_eq!(out.iter().map(|b| b.num_rows()).sum::<usize>(), 2);
/// assert_eq!(batches.games(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct RecordBatches {
    batch: Box<dyn Batch + Send>,
    positions: bool,
    max_rows: usize,
    max_bytes: usize,
    games: u64,
    rows: u64,
}

impl std::fmt::Debug for RecordBatches {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RecordBatches")
            .field("positions", &self.positions)
            .field("games", &self.games)
            .field("rows", &self.rows)
            .finish_non_exhaustive()
    }
}

impl RecordBatches {
    /// Batches of position rows when `positions`, else of game rows, of
    /// at most `max_rows` rows (at least 1) or about `max_bytes` bytes.
    pub fn new(positions: bool, max_rows: usize, max_bytes: usize) -> Self {
        let batch: Box<dyn Batch + Send> = if positions {
            Box::new(PositionBatch::new())
        } else {
            Box::new(GameBatch::new())
        };
        Self {
            batch,
            positions,
            max_rows: max_rows.max(1),
            max_bytes,
            games: 0,
            rows: 0,
        }
    }

    /// The schema of the batches.
    pub fn schema(&self) -> SchemaRef {
        self.batch.schema()
    }

    /// The games read so far.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// The rows made so far (games, or positions).
    pub fn rows(&self) -> u64 {
        self.rows
    }

    /// Reads every game of `reader` on `threads` threads into rows, in
    /// input order (`file` fills the `file` column), and hands each full
    /// batch to `emit`, which returns false to stop: the rest of the
    /// input is then only skimmed. `each` hears of every game, in order.
    /// A game that cannot be read is still a row (a game row, with its
    /// `error`); an input error ends the reading
    /// ([`DatasetError::Input`]) after the games before it. The rows of
    /// a last, partly filled batch stay for the next input or
    /// [`finish`](Self::finish).
    pub fn read_pgn<R: BufRead + Send>(
        &mut self,
        reader: &mut Reader<R>,
        threads: usize,
        file: Option<&str>,
        mut each: impl FnMut(&GameOutcome<'_>),
        mut emit: impl FnMut(RecordBatch) -> bool,
    ) -> Result<(), DatasetError> {
        let positions = self.positions;
        // After `emit` refuses, the rest of the input is only skimmed.
        let stopped = AtomicBool::new(false);
        // Rows written go back here to be filled again: once warm, reading
        // a game allocates next to nothing.
        let spent: Mutex<Vec<GameRow>> = Mutex::new(Vec::new());
        let mut failure = None;
        let work = |game: PendingGame<'_>| {
            if stopped.load(Ordering::Relaxed) {
                let _ = game.read(&mut SkipGames);
                return None;
            }
            let row = lock(&spent).pop().unwrap_or_default();
            Some(rows::read(game, positions, row))
        };
        let sink = |row: Option<GameRow>| {
            let Some(row) = row else { return };
            if stopped.load(Ordering::Relaxed) {
                return;
            }
            each(&GameOutcome {
                game: row.number,
                plies: row.plies(),
                error: row.error.as_ref().map(|(message, _)| message.as_str()),
                is_note: row.error.as_ref().is_some_and(|(_, note)| *note),
            });
            let before = self.batch.rows();
            self.batch.push(file, &row);
            self.games += 1;
            self.rows += (self.batch.rows() - before) as u64;
            let full = self.batch.rows() >= self.max_rows || self.batch.bytes() >= self.max_bytes;
            if full {
                let go_on = match self.batch.finish() {
                    Ok(batch) => emit(batch),
                    Err(error) => {
                        failure = Some(DatasetError::Arrow(error));
                        false
                    }
                };
                if !go_on {
                    stopped.store(true, Ordering::Relaxed);
                }
            }
            let mut spent = lock(&spent);
            if spent.len() < SPENT_ROWS {
                spent.push(row);
            }
        };
        let outcome = crate::read_parallel(reader, threads.max(1), work, sink);
        if let Some(error) = failure {
            return Err(error);
        }
        outcome.map_err(DatasetError::Input)
    }

    /// The rows not yet handed out, as a last batch (`None` when there
    /// are none).
    pub fn finish(&mut self) -> Result<Option<RecordBatch>, DatasetError> {
        if self.batch.rows() == 0 {
            return Ok(None);
        }
        self.batch.finish().map(Some).map_err(DatasetError::Arrow)
    }
}

/// A visitor that skips every game.
struct SkipGames;

impl crate::Visitor for SkipGames {
    fn begin_game(&mut self, _number: u64) -> crate::Flow {
        crate::Flow::Skip
    }
}
