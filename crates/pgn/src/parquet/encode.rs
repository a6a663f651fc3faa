//! [`Encoders`]: row groups encoded and compressed into Parquet column
//! chunks on threads of their own, group `i` on thread `i mod N`, so that
//! the thread writing the parts takes them back in order from each in
//! turn (`parts.rs`) and only appends them.

use super::error::{DatasetError, io_at};
use super::record_batches::Group;
use arrow_array::{Array, RecordBatch};
use arrow_schema::SchemaRef;
use arrow_select::concat::concat;
use parquet::arrow::ArrowWriter;
use parquet::arrow::arrow_writer::{ArrowColumnChunk, ArrowRowGroupWriterFactory, compute_leaves};
use parquet::errors::ParquetError;
use parquet::file::properties::WriterProperties;
use std::path::Path;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread::JoinHandle;

/// One row group's column chunks, encoded and compressed, in column
/// order.
pub(crate) type RowGroup = Vec<ArrowColumnChunk>;

/// What an encoding thread hands on for one group of rows: its row
/// groups (one, or more when it holds more rows than a row group may),
/// or why it could not encode them. `None` says the thread ended.
pub(crate) type Encoded = Option<Result<Vec<RowGroup>, ParquetError>>;

/// How a group of rows is encoded: as [`ArrowWriter`] encodes a record
/// batch written and flushed at once (cut into row groups of at most
/// `max_rows` rows), so the files are the same.
struct Encoding {
    schema: SchemaRef,
    factory: ArrowRowGroupWriterFactory,
    max_rows: usize,
}

impl Encoding {
    /// The rows of `group` as row groups of at most `max_rows` rows, one
    /// column at a time: each column's pieces concatenated (so the
    /// writers see one array, as from one record batch), then cut into
    /// the row groups.
    fn encode(&self, group: &Group) -> Result<Vec<RowGroup>, ParquetError> {
        let rows: usize = group.iter().map(RecordBatch::num_rows).sum();
        // The index only matters to encrypted files, which these are not.
        let mut writers = (0..rows.div_ceil(self.max_rows))
            .map(|_| self.factory.create_column_writers(0))
            .collect::<Result<Vec<_>, _>>()?;
        let mut leaves_before = 0;
        for (index, field) in self.schema.fields().iter().enumerate() {
            let pieces: Vec<&dyn Array> = group.iter().map(|b| b.column(index).as_ref()).collect();
            let column = match pieces.as_slice() {
                [one] => one.slice(0, one.len()),
                _ => concat(&pieces)?,
            };
            let mut leaves = 0;
            for (row_group, start) in writers.iter_mut().zip((0..rows).step_by(self.max_rows)) {
                let slice = column.slice(start, self.max_rows.min(rows - start));
                let column_leaves = compute_leaves(field, &slice)?;
                leaves = column_leaves.len();
                for (leaf, writer) in column_leaves.iter().zip(&mut row_group[leaves_before..]) {
                    writer.write(leaf)?;
                }
            }
            leaves_before += leaves;
        }
        writers
            .into_iter()
            .map(|row_group| row_group.into_iter().map(|w| w.close()).collect())
            .collect()
    }
}

/// The encoding threads: group `i` goes to thread `i mod N` through a
/// channel holding one, and comes back through another, so memory stays
/// bounded (a few row groups per thread).
pub(crate) struct Encoders {
    inputs: Vec<SyncSender<Group>>,
    threads: Vec<JoinHandle<()>>,
    /// The number of the next group.
    next: usize,
}

impl Encoders {
    /// Starts `threads` threads (at least one) that encode row groups
    /// of `schema` with `properties`, and the channels their row groups
    /// come back through, thread by thread. An error when the system
    /// refuses the first thread.
    pub fn start(
        threads: usize,
        schema: SchemaRef,
        properties: WriterProperties,
        max_rows: usize,
        dir: &Path,
    ) -> Result<(Self, Vec<Receiver<Encoded>>), DatasetError> {
        // The column writers are made as the file writer makes them,
        // from a writer of no file.
        let factory = ArrowWriter::try_new(std::io::sink(), schema.clone(), Some(properties))
            .and_then(ArrowWriter::into_serialized_writer)
            .map_err(|error| DatasetError::Parquet {
                path: dir.to_owned(),
                error,
            })?
            .1;
        let encoding = Arc::new(Encoding {
            schema,
            factory,
            max_rows: max_rows.max(1),
        });
        let mut encoders = Self {
            inputs: Vec::new(),
            threads: Vec::new(),
            next: 0,
        };
        let mut outputs = Vec::new();
        for _ in 0..threads.max(1) {
            let (input, groups) = sync_channel::<Group>(1);
            let (output, encoded) = sync_channel::<Encoded>(1);
            let encoding = Arc::clone(&encoding);
            let started = std::thread::Builder::new()
                .name("parquet-encoder".to_owned())
                .spawn(move || encode_all(&encoding, &groups, &output));
            match started {
                Ok(thread) => {
                    encoders.inputs.push(input);
                    encoders.threads.push(thread);
                    outputs.push(encoded);
                }
                // Fewer threads do the work; none is an error.
                Err(error) if outputs.is_empty() => return Err(io_at(dir)(error)),
                Err(_) => break,
            }
        }
        Ok((encoders, outputs))
    }

    /// Hands `group` to the next thread in turn; false when that thread
    /// has stopped (the writing thread says why).
    pub fn send(&mut self, group: Group) -> bool {
        let Some(input) = self.inputs.get(self.next % self.inputs.len().max(1)) else {
            return false;
        };
        self.next += 1;
        input.send(group).is_ok()
    }

    /// Lets the threads end once they have encoded what they were sent,
    /// and waits for them.
    pub fn finish(&mut self) {
        self.inputs.clear();
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

/// An encoding thread's work: each group received, encoded and handed
/// on, until the input ends (then `None` says so), the output is gone or
/// an error is handed on.
fn encode_all(encoding: &Encoding, groups: &Receiver<Group>, output: &SyncSender<Encoded>) {
    for group in groups {
        let encoded = encoding.encode(&group);
        drop(group);
        let failed = encoded.is_err();
        if output.send(Some(encoded)).is_err() || failed {
            return;
        }
    }
    let _ = output.send(None);
}
