//! [`Dataset`]: a folder of Parquet part files written from PGN input,
//! in constant memory: the folder claimed by the run (`claim.rs`), rows
//! gathered into row groups of bounded size, encoded on threads of their
//! own (`encode.rs`), appended in order by the thread that writes the
//! parts into the run's own hidden folder (`parts.rs`), and the parts
//! published when the whole dataset is written (`publish.rs`).

use super::claim::{Claim, RUN_PREFIX};
use super::encode::Encoders;
use super::error::{DatasetError, io_at};
use super::parts::{Parts, PartsThread};
use super::publish::{clean_up, holds_dataset, publish};
use super::record_batches::{GameOutcome, Group, RecordBatches};
use super::schema::{ROWS_KEY, SCHEMA_VERSION, SCHEMA_VERSION_KEY};
use crate::Reader;
use arrow_schema::DataType;
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::metadata::KeyValue;
use parquet::file::properties::{EnabledStatistics, WriterProperties};
use parquet::schema::types::ColumnPath;
use std::fs;
use std::io::BufRead;
use std::path::{Path, PathBuf};

/// The columns whose values are mostly distinct, written without a
/// dictionary: hashing every value into one cost time, and plain values
/// compress as well or better (`docs/parquet.md`). The others keep
/// Parquet's default dictionary (the moves, clocks and most tags repeat).
const MOSTLY_DISTINCT: &[&str] = &[
    "game",
    "Site",
    "White",
    "Black",
    "FEN",
    "final_fen",
    "error",
    "fen",
];

/// How a [`Dataset`] is written.
#[derive(Debug, Clone)]
pub struct DatasetOptions {
    /// One row per position (of each game read without error) instead of
    /// one per game.
    pub positions: bool,
    /// Replace a dataset already in the folder (it is removed only once
    /// the new one is written whole, every input read to its end).
    pub force: bool,
    /// The threads that read the games and build their rows into Arrow
    /// columns; as many more encode and compress the row groups (rows
    /// stay in input order, and the files are the same on any number).
    pub threads: usize,
    /// The most rows in a row group.
    pub row_group_rows: usize,
    /// About the most bytes of rows in a row group, before encoding.
    pub row_group_bytes: usize,
    /// A part file ends at the first row group past this many bytes.
    pub part_bytes: u64,
    /// The zstd level of the column chunks.
    pub zstd_level: i32,
}

impl Default for DatasetOptions {
    /// Game rows, one thread, row groups of at most 100,000 rows or about
    /// 8 MB of row data (so that memory stops growing within the first
    /// few MB of input), parts of about 256 MB, zstd level 1.
    fn default() -> Self {
        Self {
            positions: false,
            force: false,
            threads: 1,
            row_group_rows: 100_000,
            row_group_bytes: 8 << 20,
            part_bytes: 256 << 20,
            zstd_level: 1,
        }
    }
}

/// What a finished dataset holds.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games read.
    pub games: u64,
    /// Rows written (games, or positions).
    pub rows: u64,
    /// The part files, in order.
    pub parts: Vec<PathBuf>,
}

/// A Parquet dataset being written into a folder: `part-00000.parquet`,
/// `part-00001.parquet`, … and an empty `_SUCCESS`, all appearing only
/// when [`finish`](Dataset::finish) succeeds. The run holds the folder
/// from [`create`](Dataset::create) to its end (the lock file
/// `.bitmoves.lock`: a second run is refused with
/// [`DatasetError::Busy`]); until it finishes, its parts are temporary
/// files in a hidden folder of its own (`.bitmoves-RUN/`), removed if the
/// dataset is dropped unfinished, and a dataset already in the folder is
/// untouched.
///
/// ```no_run
/// use bitmoves_pgn::{Reader, open};
/// use bitmoves_pgn::parquet::{Dataset, DatasetOptions};
/// let mut dataset = Dataset::create("games.parquet".as_ref(), DatasetOptions::default())?;
/// let mut reader = Reader::new(open("games.pgn".as_ref())?);
/// dataset.write_pgn(&mut reader, None, |_| {})?;
/// let summary = dataset.finish()?;
/// println!("{} games in {} parts", summary.games, summary.parts.len());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Dataset {
    dir: PathBuf,
    options: DatasetOptions,
    batches: RecordBatches,
    /// The threads that encode the row groups.
    encoders: Encoders,
    /// The part files, written on their own thread.
    parts: PartsThread,
    /// The temporary files, once the thread has ended.
    temporaries: Vec<PathBuf>,
    summary: Summary,
    /// The run's own folder, where its parts are written.
    run_dir: PathBuf,
    /// The run's hold on `dir`, released last.
    claim: Claim,
}

impl std::fmt::Debug for Dataset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Dataset")
            .field("dir", &self.dir)
            .field("summary", &self.summary)
            .finish_non_exhaustive()
    }
}

impl Dataset {
    /// Starts a dataset in `dir` (made if missing): takes the folder
    /// (refused while another live run holds it), refuses one that holds
    /// a dataset unless [`force`](DatasetOptions::force), and removes
    /// what dead runs left there. The first part file is made at once,
    /// so an unwritable folder fails here.
    pub fn create(dir: &Path, options: DatasetOptions) -> Result<Self, DatasetError> {
        if !options.force && holds_dataset(dir)? {
            return Err(DatasetError::Exists {
                dir: dir.to_owned(),
            });
        }
        fs::create_dir_all(dir).map_err(io_at(dir))?;
        let claim = Claim::take(dir)?;
        if !options.force && holds_dataset(dir)? {
            return Err(DatasetError::Exists {
                dir: dir.to_owned(),
            });
        }
        clean_up(dir)?;
        let run_dir = dir.join(format!("{RUN_PREFIX}{}", claim.run()));
        fs::create_dir(&run_dir).map_err(io_at(&run_dir))?;
        Self::start(dir, run_dir.clone(), options, claim).inspect_err(|_| {
            let _ = fs::remove_dir_all(&run_dir);
        })
    }

    /// Starts the threads of a dataset whose parts go to `run_dir`.
    fn start(
        dir: &Path,
        run_dir: PathBuf,
        options: DatasetOptions,
        claim: Claim,
    ) -> Result<Self, DatasetError> {
        let batches = RecordBatches::new(
            options.positions,
            options.row_group_rows,
            options.row_group_bytes,
        );
        let rows = if options.positions {
            "positions"
        } else {
            "games"
        };
        let level = ZstdLevel::try_new(options.zstd_level).unwrap_or_default();
        // Statistics (for readers that prune row groups) on the scalar
        // columns only: those of the per-ply lists cost time and serve
        // no filter.
        let mut properties = WriterProperties::builder()
            .set_statistics_enabled(EnabledStatistics::None)
            .set_compression(Compression::ZSTD(level));
        for field in batches.schema().fields() {
            if !matches!(field.data_type(), DataType::List(_) | DataType::Map(..)) {
                let column = ColumnPath::from(field.name().as_str());
                properties =
                    properties.set_column_statistics_enabled(column, EnabledStatistics::Chunk);
            }
        }
        for name in MOSTLY_DISTINCT {
            let column = ColumnPath::from(*name);
            properties = properties.set_column_dictionary_enabled(column, false);
        }
        let properties = properties
            .set_max_row_group_row_count(Some(options.row_group_rows.max(1)))
            .set_key_value_metadata(Some(vec![
                KeyValue::new(SCHEMA_VERSION_KEY.to_owned(), SCHEMA_VERSION.to_owned()),
                KeyValue::new(ROWS_KEY.to_owned(), rows.to_owned()),
            ]))
            .build();
        let (encoders, encoded) = Encoders::start(
            options.threads,
            batches.schema(),
            properties.clone(),
            options.row_group_rows,
            dir,
        )?;
        let mut parts = Parts::new(
            run_dir.clone(),
            batches.schema(),
            properties,
            options.part_bytes,
        );
        parts.open()?;
        Ok(Self {
            dir: dir.to_owned(),
            options,
            batches,
            encoders,
            parts: PartsThread::start(parts, encoded)?,
            temporaries: Vec::new(),
            summary: Summary::default(),
            run_dir,
            claim,
        })
    }

    /// Hands `group` to the encoding threads, as one row group (or more,
    /// of at most `row_group_rows` rows each).
    fn send(&mut self, group: Group) -> Result<(), DatasetError> {
        if self.encoders.send(group) {
            return Ok(());
        }
        // A thread stopped at an error: the writing thread says which.
        let (temporaries, outcome) = self.end_threads();
        self.temporaries = temporaries;
        outcome?;
        let stopped = std::io::Error::other("the Parquet writer's thread stopped");
        Err(io_at(&self.dir)(stopped))
    }

    /// Ends the encoding threads once they have encoded what they were
    /// sent, then the writing thread once it has written it: the
    /// temporary files made, and whether all went well.
    fn end_threads(&mut self) -> (Vec<PathBuf>, Result<(), DatasetError>) {
        self.encoders.finish();
        self.parts.finish()
    }

    /// Reads every game of `reader` on the threads of the options and
    /// writes its rows, in input order; `file` fills the `file` column.
    /// `each` hears of every game, in order (for progress and error
    /// messages). A game that cannot be read is still a row, with its
    /// `error`; an input error ends the reading ([`DatasetError::Input`])
    /// after the games before it are written.
    pub fn write_pgn<R: BufRead + Send>(
        &mut self,
        reader: &mut Reader<R>,
        file: Option<&str>,
        each: impl FnMut(&GameOutcome<'_>),
    ) -> Result<(), DatasetError> {
        let mut batches = std::mem::replace(&mut self.batches, RecordBatches::new(false, 1, 0));
        let mut failure = None;
        let outcome =
            batches.read_groups(reader, self.options.threads, file, each, |group| match self
                .send(group)
            {
                Ok(()) => true,
                Err(error) => {
                    failure = Some(error);
                    false
                }
            });
        self.batches = batches;
        match failure {
            Some(error) => Err(error),
            None => outcome,
        }
    }

    /// Writes the last rows, closes the last part and publishes the
    /// dataset: a dataset already in the folder is removed (with
    /// [`force`](DatasetOptions::force); else refused), the parts are
    /// moved into place, `_SUCCESS` is written last. Call it only when
    /// every input was read to its end: `_SUCCESS` says so.
    pub fn finish(mut self) -> Result<Summary, DatasetError> {
        if let Some(group) = self.batches.finish_group() {
            self.send(group)?;
        }
        self.summary.games = self.batches.games();
        self.summary.rows = self.batches.rows();
        let (temporaries, outcome) = self.end_threads();
        self.temporaries = temporaries;
        outcome?;
        self.summary.parts = publish(
            &self.dir,
            &self.temporaries,
            self.options.force,
            &self.claim,
        )?;
        self.temporaries.clear();
        Ok(std::mem::take(&mut self.summary))
    }
}

impl Drop for Dataset {
    /// The run's folder is removed (with the parts of an unfinished
    /// dataset), then the folder's lock (as `claim` drops).
    fn drop(&mut self) {
        let _ = self.end_threads();
        let _ = fs::remove_dir_all(&self.run_dir);
    }
}
