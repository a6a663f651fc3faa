//! [`Dataset`]: a folder of Parquet part files written from PGN input,
//! in constant memory: rows gathered into row groups of bounded size,
//! encoded on threads of their own (`encode.rs`), appended in order by
//! the thread that writes the parts (`parts.rs`), and the parts renamed
//! from their temporary names when the whole dataset is written.

use super::batches::{GameOutcome, Group, RecordBatches};
use super::encode::Encoders;
use super::error::{DatasetError, io_at};
use super::parts::{Parts, PartsThread, part_name};
use super::schema::{ROWS_KEY, SCHEMA_VERSION, SCHEMA_VERSION_KEY};
use crate::Reader;
use arrow_schema::DataType;
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::metadata::KeyValue;
use parquet::file::properties::{EnabledStatistics, WriterProperties};
use parquet::schema::types::ColumnPath;
use std::fs::{self, File};
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
    /// Replace a dataset already in the folder (its parts are removed
    /// once the new ones are written).
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
/// when [`finish`](Dataset::finish) succeeds. Until then the parts are
/// hidden temporary files (`.part-00000.parquet.tmp`), removed if the
/// dataset is dropped unfinished.
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
}

impl std::fmt::Debug for Dataset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Dataset")
            .field("dir", &self.dir)
            .field("summary", &self.summary)
            .finish_non_exhaustive()
    }
}

/// Whether `dir` holds a dataset: a part file or `_SUCCESS`.
fn holds_dataset(dir: &Path) -> Result<bool, DatasetError> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(false),
        Err(error) => return Err(io_at(dir)(error)),
    };
    for entry in entries {
        let name = entry.map_err(io_at(dir))?.file_name();
        if is_final_name(&name.to_string_lossy()) {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Whether `name` is one of a finished dataset's files.
fn is_final_name(name: &str) -> bool {
    name == "_SUCCESS" || (name.starts_with("part-") && name.ends_with(".parquet"))
}

impl Dataset {
    /// Starts a dataset in `dir` (made if missing), refusing one that
    /// holds a dataset unless [`force`](DatasetOptions::force). The
    /// first part file is made at once, so an unwritable folder fails
    /// here.
    pub fn create(dir: &Path, options: DatasetOptions) -> Result<Self, DatasetError> {
        if !options.force && holds_dataset(dir)? {
            return Err(DatasetError::Exists {
                dir: dir.to_owned(),
            });
        }
        fs::create_dir_all(dir).map_err(io_at(dir))?;
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
            dir.to_owned(),
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

    /// Writes the last rows, closes the last part and renames every part
    /// to its final name (removing those of a dataset replaced), then
    /// writes `_SUCCESS`.
    pub fn finish(mut self) -> Result<Summary, DatasetError> {
        if let Some(group) = self.batches.finish_group() {
            self.send(group)?;
        }
        self.summary.games = self.batches.games();
        self.summary.rows = self.batches.rows();
        let (temporaries, outcome) = self.end_threads();
        self.temporaries = temporaries;
        outcome?;
        if self.options.force {
            for entry in fs::read_dir(&self.dir).map_err(io_at(&self.dir))? {
                let path = entry.map_err(io_at(&self.dir))?.path();
                let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
                if name.is_some_and(|name| is_final_name(&name)) {
                    fs::remove_file(&path).map_err(io_at(&path))?;
                }
            }
        }
        let temporaries = std::mem::take(&mut self.temporaries);
        for (index, temporary) in temporaries.iter().enumerate() {
            let path = self.dir.join(part_name(index));
            if let Err(error) = fs::rename(temporary, &path) {
                self.temporaries = temporaries[index..].to_vec();
                return Err(io_at(&path)(error));
            }
            self.summary.parts.push(path);
        }
        let success = self.dir.join("_SUCCESS");
        File::create(&success).map_err(io_at(&success))?;
        Ok(std::mem::take(&mut self.summary))
    }
}

impl Drop for Dataset {
    /// An unfinished dataset's temporary files are removed.
    fn drop(&mut self) {
        let (mut temporaries, _) = self.end_threads();
        temporaries.append(&mut self.temporaries);
        for path in temporaries {
            let _ = fs::remove_file(path);
        }
    }
}
