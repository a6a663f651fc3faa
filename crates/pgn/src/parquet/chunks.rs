//! [`ChunkReader`]: the rows of each chunk of games built into Arrow columns
//! by the thread that read the chunk ([`crate::parallel::ChunkWork`]), so
//! that the thread handing the chunks on in input order only cuts them
//! into row groups (`record_batches.rs`).

use super::columns::{Batch, GameBatch, PositionBatch};
use super::rows::{self, GameError, GameRow};
use crate::PendingGame;
use crate::parallel::ChunkWork;
use arrow_array::RecordBatch;
use arrow_schema::ArrowError;
use std::sync::atomic::{AtomicBool, Ordering};

/// A chunk of games as rows: their columns, and what each game gave.
pub(crate) struct ChunkBatch {
    pub batch: RecordBatch,
    pub games: Vec<GameSummary>,
}

/// What one game of a [`ChunkBatch`] gave.
pub(crate) struct GameSummary {
    /// The game's number in its input, from 1.
    pub number: u64,
    /// The plies read.
    pub plies: usize,
    /// Its rows (1 for a game row; its positions, or none, in positions).
    pub rows: usize,
    /// About how many bytes its rows hold (as the batch counts them).
    pub bytes: usize,
    /// Why it could not be read whole.
    pub error: Option<GameError>,
}

/// Games read into rows and built into [`ChunkBatch`]s: a thread's
/// [`ChunkState`] holds the Arrow builders of its chunk, and a row reused
/// from game to game.
pub(crate) struct ChunkReader<'a> {
    pub positions: bool,
    /// The `file` column's value.
    pub file: Option<&'a str>,
    /// Set when no more rows are wanted: the games are then skipped.
    pub stopped: &'a AtomicBool,
}

/// A thread's state: the chunk's columns being built, what its games
/// gave, and the row read last, for reuse.
pub(crate) struct ChunkState {
    batch: Box<dyn Batch + Send>,
    games: Vec<GameSummary>,
    spare: Option<GameRow>,
}

impl ChunkWork for ChunkReader<'_> {
    type State = ChunkState;
    type Game = Option<GameRow>;
    type Out = Result<ChunkBatch, ArrowError>;

    fn state(&self) -> ChunkState {
        let batch: Box<dyn Batch + Send> = if self.positions {
            Box::new(PositionBatch::new())
        } else {
            Box::new(GameBatch::new())
        };
        ChunkState {
            batch,
            games: Vec::new(),
            spare: None,
        }
    }

    fn read(&self, state: &mut ChunkState, game: PendingGame<'_>) -> Option<GameRow> {
        if self.stopped.load(Ordering::Relaxed) {
            let _ = game.read(&mut SkipGames);
            return None;
        }
        let row = state.spare.take().unwrap_or_default();
        Some(rows::read(game, self.positions, row))
    }

    fn keep(&self, state: &mut ChunkState, row: Option<GameRow>) {
        let Some(mut row) = row else { return };
        let (rows, bytes) = (state.batch.rows(), state.batch.bytes());
        state.batch.push(self.file, &row);
        state.games.push(GameSummary {
            number: row.number,
            plies: row.plies(),
            rows: state.batch.rows() - rows,
            bytes: state.batch.bytes() - bytes,
            error: row.error.take(),
        });
        state.spare = Some(row);
    }

    fn finish(&self, state: &mut ChunkState) -> Result<ChunkBatch, ArrowError> {
        Ok(ChunkBatch {
            batch: state.batch.finish()?,
            games: std::mem::take(&mut state.games),
        })
    }
}

/// A visitor that skips every game.
struct SkipGames;

impl crate::Visitor for SkipGames {
    fn begin_game(&mut self, _number: u64) -> crate::Flow {
        crate::Flow::Skip
    }
}
