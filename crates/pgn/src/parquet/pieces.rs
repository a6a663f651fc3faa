//! [`Pieces`]: the rows of each chunk of games built into Arrow columns
//! by the thread that read the chunk ([`crate::parallel::ChunkWork`]), so
//! that the thread handing the chunks on in input order only cuts them
//! into row groups (`batches.rs`).

use super::batch::{Batch, GameBatch, PositionBatch};
use super::rows::{self, GameRow};
use crate::PendingGame;
use crate::parallel::ChunkWork;
use arrow_array::RecordBatch;
use arrow_schema::ArrowError;
use std::sync::atomic::{AtomicBool, Ordering};

/// A chunk of games as rows: their columns, and what each game gave.
pub(crate) struct Piece {
    pub batch: RecordBatch,
    pub games: Vec<GameInfo>,
}

/// What one game of a [`Piece`] gave.
pub(crate) struct GameInfo {
    /// The game's number in its input, from 1.
    pub number: u64,
    /// The plies read.
    pub plies: usize,
    /// Its rows (1 for a game row; its positions, or none, in positions).
    pub rows: usize,
    /// About how many bytes its rows hold (as the batch counts them).
    pub bytes: usize,
    /// Why it could not be read whole, and whether that is only a note.
    pub error: Option<(String, bool)>,
}

/// Games read into rows and built into [`Piece`]s: a thread's
/// [`PieceState`] holds the Arrow builders of its chunk, and a row reused
/// from game to game.
pub(crate) struct Pieces<'a> {
    pub positions: bool,
    /// The `file` column's value.
    pub file: Option<&'a str>,
    /// Set when no more rows are wanted: the games are then skipped.
    pub stopped: &'a AtomicBool,
}

/// A thread's state: the chunk's columns being built, what its games
/// gave, and the row read last, for reuse.
pub(crate) struct PieceState {
    batch: Box<dyn Batch + Send>,
    games: Vec<GameInfo>,
    spare: Option<GameRow>,
}

impl ChunkWork for Pieces<'_> {
    type State = PieceState;
    type Game = Option<GameRow>;
    type Out = Result<Piece, ArrowError>;

    fn state(&self) -> PieceState {
        let batch: Box<dyn Batch + Send> = if self.positions {
            Box::new(PositionBatch::new())
        } else {
            Box::new(GameBatch::new())
        };
        PieceState {
            batch,
            games: Vec::new(),
            spare: None,
        }
    }

    fn read(&self, state: &mut PieceState, game: PendingGame<'_>) -> Option<GameRow> {
        if self.stopped.load(Ordering::Relaxed) {
            let _ = game.read(&mut SkipGames);
            return None;
        }
        let row = state.spare.take().unwrap_or_default();
        Some(rows::read(game, self.positions, row))
    }

    fn keep(&self, state: &mut PieceState, row: Option<GameRow>) {
        let Some(mut row) = row else { return };
        let (rows, bytes) = (state.batch.rows(), state.batch.bytes());
        state.batch.push(self.file, &row);
        state.games.push(GameInfo {
            number: row.number,
            plies: row.plies(),
            rows: state.batch.rows() - rows,
            bytes: state.batch.bytes() - bytes,
            error: row.error.take(),
        });
        state.spare = Some(row);
    }

    fn finish(&self, state: &mut PieceState) -> Result<Piece, ArrowError> {
        Ok(Piece {
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
