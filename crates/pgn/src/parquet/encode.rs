//! [`Encoders`]: row groups encoded and compressed into Parquet column
//! chunks on threads of their own, group `i` on thread `i mod N`, so that
//! the thread writing the parts takes them back in order from each in
//! turn (`parts.rs`) and only appends them.

use super::batches::Group;
use super::error::{DatasetError, io_at};
use arrow_array::RecordBatch;
use arrow_schema::SchemaRef;
use arrow_select::concat::concat_batches;
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
/// batch written and flushed at once, so the files are the same.
struct Encoding {
    schema: SchemaRef,
    factory: ArrowRowGroupWriterFactory,
    max_rows: usize,
}

impl Encoding {
    /// The batch of `group` (its pieces concatenated) as row groups of at
    /// most `max_rows` rows.
    fn encode(&self, group: &Group) -> Result<Vec<RowGroup>, ParquetError> {
        let batch = match group.as_slice() {
            [one] => one.clone(),
            _ => concat_batches(&self.schema, group)?,
        };
        let mut row_groups = Vec::new();
        let mut start = 0;
        while start < batch.num_rows() {
            let rows = self.max_rows.min(batch.num_rows() - start);
            row_groups.push(self.row_group(&batch.slice(start, rows))?);
            start += rows;
        }
        Ok(row_groups)
    }

    /// `batch` as one row group.
    fn row_group(&self, batch: &RecordBatch) -> Result<RowGroup, ParquetError> {
        // The index only matters to encrypted files, which these are not.
        let mut writers = self.factory.create_column_writers(0)?.into_iter();
        let mut chunks = Vec::new();
        for (field, column) in self.schema.fields().iter().zip(batch.columns()) {
            for leaf in compute_leaves(field, column)? {
                let Some(mut writer) = writers.next() else {
                    return Err(ParquetError::General("more leaves than columns".into()));
                };
                writer.write(&leaf)?;
                chunks.push(writer.close()?);
            }
        }
        Ok(chunks)
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
