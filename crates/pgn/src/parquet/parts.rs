//! [`Parts`]: a dataset's part files, written under temporary names in
//! the run's own folder, each closed (footer written, synced) once past
//! its size; and [`PartsThread`], which appends the row groups the encoding threads
//! (`encode.rs`) hand back, in order, on a thread of its own.

use super::encode::{Encoded, RowGroup};
use super::error::{DatasetError, io_at};
use arrow_schema::SchemaRef;
use parquet::arrow::ArrowWriter;
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;
use std::fs::File;
use std::path::PathBuf;
use std::sync::mpsc::Receiver;
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
    current: Option<(SerializedFileWriter<File>, PathBuf)>,
    /// The temporary paths of the parts closed.
    closed: Vec<PathBuf>,
}

impl Parts {
    /// The parts of a dataset written in the run's folder `dir`, none
    /// open yet.
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

    /// Opens the next part file under its temporary name, in the run's
    /// own folder.
    pub fn open(&mut self) -> Result<(), DatasetError> {
        let index = self.closed.len();
        let path = self.dir.join(format!("{}.tmp", part_name(index)));
        let file = File::create(&path).map_err(io_at(&path))?;
        // The file writer as `ArrowWriter` makes it (the Arrow schema in
        // its metadata); the row groups come encoded.
        let properties = Some(self.properties.clone());
        let writer = ArrowWriter::try_new(file, self.schema.clone(), properties)
            .and_then(ArrowWriter::into_serialized_writer)
            .map(|(writer, _)| writer);
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

    /// Appends the row groups of one group of rows (opening a part if
    /// none is open), and closes the part when it is big enough.
    pub fn write(&mut self, row_groups: Vec<RowGroup>) -> Result<(), DatasetError> {
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
        for chunks in row_groups {
            let mut row_group = writer.next_row_group().map_err(parquet)?;
            for chunk in chunks {
                chunk.append_to_row_group(&mut row_group).map_err(parquet)?;
            }
            row_group.close().map_err(parquet)?;
        }
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

    /// Appends the row groups of the encoding threads, taken from each
    /// in turn (group `i` from thread `i mod N`), until they end, then
    /// closes the last part; stops at the first error (dropping the
    /// receivers, so that the encoding threads stop). Returns the
    /// temporary files made and how it went.
    fn run(mut self, encoders: Vec<Receiver<Encoded>>) -> Written {
        let mut outcome = Ok(());
        for encoded in encoders.iter().cycle() {
            let error = match encoded.recv() {
                Ok(Some(Ok(row_groups))) => match self.write(row_groups) {
                    Ok(()) => continue,
                    Err(error) => error,
                },
                // The threads have encoded every group.
                Ok(None) => break,
                Ok(Some(Err(error))) => {
                    let path = self.temporaries().pop().unwrap_or_else(|| self.dir.clone());
                    DatasetError::Parquet { path, error }
                }
                Err(_) => {
                    let error = std::io::Error::other("a Parquet encoding thread stopped");
                    io_at(&self.dir)(error)
                }
            };
            outcome = Err(error);
            break;
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

/// [`Parts`] written on their own thread, from the row groups the
/// encoding threads hand back.
pub(crate) struct PartsThread {
    thread: Option<JoinHandle<Written>>,
    dir: PathBuf,
}

impl PartsThread {
    /// Starts writing `parts` on a thread, from `encoders`' row groups;
    /// an error when the system refuses the thread (what was written
    /// stays a hidden temporary file, never a part).
    pub fn start(parts: Parts, encoders: Vec<Receiver<Encoded>>) -> Result<Self, DatasetError> {
        let dir = parts.dir.clone();
        let thread = std::thread::Builder::new()
            .name("parquet-writer".to_owned())
            .spawn(move || parts.run(encoders))
            .map_err(io_at(&dir))?;
        Ok(Self {
            thread: Some(thread),
            dir,
        })
    }

    /// Waits for the thread to write what the encoding threads hand back
    /// and close the last part (the encoding threads must have been told
    /// to end): the temporary files made, and whether all went well.
    pub fn finish(&mut self) -> Written {
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
