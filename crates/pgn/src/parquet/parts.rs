//! [`Parts`]: a dataset's part files, written under temporary names, each
//! closed (footer written, synced) once past its size; and
//! [`PartsThread`], which writes them on a thread of their own, so that
//! encoding and compressing the columns overlaps reading the games.

use super::error::{DatasetError, io_at};
use arrow_array::RecordBatch;
use arrow_schema::SchemaRef;
use parquet::arrow::ArrowWriter;
use parquet::file::properties::WriterProperties;
use std::fs::File;
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread::JoinHandle;

/// The final name of part `index`.
pub(crate) fn part_name(index: usize) -> String {
    format!("part-{index:05}.parquet")
}

/// The part files of a dataset being written.
pub(crate) struct Parts {
    pub dir: PathBuf,
    pub schema: SchemaRef,
    pub properties: WriterProperties,
    /// A part is closed at the first row group past this many bytes.
    pub part_bytes: u64,
    /// The part being written, and its temporary path.
    current: Option<(ArrowWriter<File>, PathBuf)>,
    /// The temporary paths of the parts closed.
    closed: Vec<PathBuf>,
}

impl Parts {
    /// The parts of a dataset in `dir`, none open yet.
    pub fn new(
        dir: PathBuf,
        schema: SchemaRef,
        properties: WriterProperties,
        part_bytes: u64,
    ) -> Self {
        Self {
            dir,
            schema,
            properties,
            part_bytes,
            current: None,
            closed: Vec::new(),
        }
    }

    /// Opens the next part file under its temporary name.
    pub fn open(&mut self) -> Result<(), DatasetError> {
        let index = self.closed.len();
        let path = self.dir.join(format!(".{}.tmp", part_name(index)));
        let file = File::create(&path).map_err(io_at(&path))?;
        let properties = Some(self.properties.clone());
        let writer = ArrowWriter::try_new(file, self.schema.clone(), properties);
        let writer = writer.map_err(|error| DatasetError::Parquet {
            path: path.clone(),
            error,
        })?;
        self.current = Some((writer, path));
        Ok(())
    }

    /// Closes the part being written: its footer written, synced to disk.
    pub fn close(&mut self) -> Result<(), DatasetError> {
        let Some((writer, path)) = self.current.take() else {
            return Ok(());
        };
        self.closed.push(path.clone());
        let parquet = |error| DatasetError::Parquet {
            path: path.clone(),
            error,
        };
        let file = writer.into_inner().map_err(parquet)?;
        file.sync_all().map_err(io_at(&path))
    }

    /// Writes `batch` as one row group (opening a part if none is open),
    /// and closes the part when it is big enough.
    pub fn write(&mut self, batch: &RecordBatch) -> Result<(), DatasetError> {
        if self.current.is_none() {
            self.open()?;
        }
        let Some((writer, path)) = self.current.as_mut() else {
            return Ok(());
        };
        let parquet = |error| DatasetError::Parquet {
            path: path.clone(),
            error,
        };
        writer.write(batch).map_err(parquet)?;
        writer.flush().map_err(parquet)?;
        if writer.bytes_written() as u64 >= self.part_bytes {
            self.close()?;
        }
        Ok(())
    }

    /// Every temporary file made, the open one included.
    pub fn temporaries(&self) -> Vec<PathBuf> {
        let current = self.current.as_ref().map(|(_, path)| path.clone());
        self.closed.iter().cloned().chain(current).collect()
    }

    /// Writes the batches received until the sender is dropped, then
    /// closes the last part; stops at the first error (dropping the
    /// receiver, so that sending fails). Returns the temporary files made
    /// and how it went.
    fn run(mut self, batches: Receiver<RecordBatch>) -> Written {
        let mut outcome = Ok(());
        for batch in batches.iter() {
            outcome = self.write(&batch);
            if outcome.is_err() {
                break;
            }
        }
        if outcome.is_ok() {
            outcome = self.close();
        }
        (self.temporaries(), outcome)
    }
}

/// What the writing thread ends with: the temporary files it made, and
/// how it went.
type Written = (Vec<PathBuf>, Result<(), DatasetError>);

/// [`Parts`] written on their own thread: batches go in through a channel
/// that holds one, so memory stays bounded.
pub(crate) struct PartsThread {
    sender: Option<SyncSender<RecordBatch>>,
    thread: Option<JoinHandle<Written>>,
    dir: PathBuf,
}

impl PartsThread {
    /// Starts writing `parts` on a thread; an error when the system
    /// refuses the thread (what was written stays a hidden temporary file,
    /// never a part).
    pub fn start(parts: Parts) -> Result<Self, DatasetError> {
        let dir = parts.dir.clone();
        let (sender, batches) = sync_channel(1);
        let thread = std::thread::Builder::new()
            .name("parquet-writer".to_owned())
            .spawn(move || parts.run(batches))
            .map_err(io_at(&dir))?;
        Ok(Self {
            sender: Some(sender),
            thread: Some(thread),
            dir,
        })
    }

    /// Hands `batch` to the thread; false when it has stopped (after an
    /// error, which [`finish`](Self::finish) returns).
    pub fn send(&mut self, batch: RecordBatch) -> bool {
        self.sender
            .as_ref()
            .is_some_and(|sender| sender.send(batch).is_ok())
    }

    /// Waits for the thread to write what it was sent and close the last
    /// part: the temporary files made, and whether all went well.
    pub fn finish(&mut self) -> Written {
        self.sender = None;
        match self.thread.take().map(JoinHandle::join) {
            Some(Ok(done)) => done,
            Some(Err(_)) => {
                let error = std::io::Error::other("the Parquet writer's thread panicked");
                (Vec::new(), Err(io_at(&self.dir)(error)))
            }
            None => (Vec::new(), Ok(())),
        }
    }
}
