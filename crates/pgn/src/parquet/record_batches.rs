//! [`RecordBatches`]: PGN read into Arrow record batches of the dataset's
//! rows (one per game, or one per position), in input order, on several
//! threads, for callers that want Arrow without Parquet (Python's
//! `bitmoves.pgn.read_arrow`); [`Dataset`](super::Dataset) writes its row
//! groups from it.

use super::chunks::{ChunkBatch, ChunkReader};
use super::error::DatasetError;
use super::rows::GameError;
use super::schema;
use crate::Reader;
use crate::parallel::read_chunked;
use arrow_array::RecordBatch;
use arrow_schema::SchemaRef;
use arrow_select::concat::concat_batches;
use std::io::BufRead;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A record batch in the pieces it was built in: slices of the chunks'
/// [`ChunkBatch`]s, in order (concatenated only where one batch is wanted).
pub(crate) type Group = Vec<RecordBatch>;

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
    schema: SchemaRef,
    positions: bool,
    max_rows: usize,
    max_bytes: usize,
    games: u64,
    rows: u64,
    /// The batch being gathered, its rows and its bytes.
    group: Group,
    group_rows: usize,
    group_bytes: usize,
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
        let schema = if positions {
            schema::positions()
        } else {
            schema::games()
        };
        Self {
            schema: Arc::new(schema),
            positions,
            max_rows: max_rows.max(1),
            max_bytes,
            games: 0,
            rows: 0,
            group: Vec::new(),
            group_rows: 0,
            group_bytes: 0,
        }
    }

    /// The schema of the batches.
    pub fn schema(&self) -> SchemaRef {
        self.schema.clone()
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
        each: impl FnMut(&GameOutcome<'_>),
        mut emit: impl FnMut(RecordBatch) -> bool,
    ) -> Result<(), DatasetError> {
        let schema = self.schema();
        let mut failure = None;
        let outcome = self.read_groups(reader, threads, file, each, |group| {
            match concat_batches(&schema, &group) {
                Ok(batch) => emit(batch),
                Err(error) => {
                    failure = Some(DatasetError::Arrow(error));
                    false
                }
            }
        });
        failure.map_or(outcome, Err)
    }

    /// [`read_pgn`](Self::read_pgn), each batch handed to `emit` in the
    /// pieces it was built in (the rows of each chunk of games are built
    /// into Arrow columns by the thread that read the chunk; this thread
    /// only cuts them into batches).
    pub(crate) fn read_groups<R: BufRead + Send>(
        &mut self,
        reader: &mut Reader<R>,
        threads: usize,
        file: Option<&str>,
        mut each: impl FnMut(&GameOutcome<'_>),
        mut emit: impl FnMut(Group) -> bool,
    ) -> Result<(), DatasetError> {
        // After `emit` refuses, the rest of the input is only skimmed.
        let stopped = AtomicBool::new(false);
        let work = ChunkReader {
            positions: self.positions,
            file,
            stopped: &stopped,
        };
        let mut failure = None;
        let sink = |chunk: Result<ChunkBatch, _>| {
            if stopped.load(Ordering::Relaxed) {
                return;
            }
            let chunk = match chunk {
                Ok(chunk) => chunk,
                Err(error) => {
                    failure = Some(DatasetError::Arrow(error));
                    stopped.store(true, Ordering::Relaxed);
                    return;
                }
            };
            // The chunk's rows not yet in the group: from `start` to `end`.
            let (mut start, mut end) = (0, 0);
            for game in &chunk.games {
                each(&GameOutcome {
                    game: game.number,
                    plies: game.plies,
                    error: game.error.as_ref().map(GameError::message),
                    is_note: game.error.as_ref().is_some_and(GameError::is_note),
                });
                self.games += 1;
                self.rows += game.rows as u64;
                end += game.rows;
                self.group_rows += game.rows;
                self.group_bytes += game.bytes;
                if self.group_rows >= self.max_rows || self.group_bytes >= self.max_bytes {
                    self.group.push(chunk.batch.slice(start, end - start));
                    start = end;
                    if !emit(self.take_group()) {
                        stopped.store(true, Ordering::Relaxed);
                        return;
                    }
                }
            }
            if end > start {
                self.group.push(chunk.batch.slice(start, end - start));
            }
        };
        let outcome = read_chunked(reader, threads.max(1), &work, sink);
        if let Some(error) = failure {
            return Err(error);
        }
        outcome.map_err(DatasetError::Input)
    }

    /// The batch gathered, its counts started again.
    fn take_group(&mut self) -> Group {
        self.group_rows = 0;
        self.group_bytes = 0;
        std::mem::take(&mut self.group)
    }

    /// The rows not yet handed out, as a last batch (`None` when there
    /// are none).
    pub fn finish(&mut self) -> Result<Option<RecordBatch>, DatasetError> {
        match self.finish_group() {
            Some(group) => concat_batches(&self.schema, &group)
                .map(Some)
                .map_err(DatasetError::Arrow),
            None => Ok(None),
        }
    }

    /// [`finish`](Self::finish) in pieces.
    pub(crate) fn finish_group(&mut self) -> Option<Group> {
        let group = self.take_group();
        (group.iter().map(RecordBatch::num_rows).sum::<usize>() > 0).then_some(group)
    }
}
