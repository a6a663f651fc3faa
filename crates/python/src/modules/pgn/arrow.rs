//! `bitmoves.pgn.read_arrow` and `bitmoves.pgn.to_parquet`: the rows of
//! `bitmoves pgn --parquet` (one per game, or one per position) as a
//! `pyarrow.RecordBatchReader`, handed over through the Arrow C stream
//! interface (`FFI_ArrowArrayStream`) and filled by a producer thread
//! running `read_parallel`; and the Parquet dataset itself, written with
//! the GIL released.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender};

use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::{RecordBatch, RecordBatchReader};
use arrow_schema::{ArrowError, SchemaRef};
use bitmoves_pgn::Reader;
use bitmoves_pgn::parquet::{Dataset, DatasetError, DatasetOptions, RecordBatches};
use pyo3::exceptions::{PyFileExistsError, PyImportError, PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::modules::input::{
    Input, Interruptible, ProducerReader, io_error, open, path_of, spawn_producer,
};
use crate::values::Int;

/// The most rows in a record batch of `read_arrow`.
const BATCH_ROWS: usize = 65_536;

/// About the most bytes of row data in one record batch (as in the
/// dataset's row groups).
const BATCH_BYTES: usize = 8 << 20;

/// The batches, as an Arrow `RecordBatchReader` over the producer's
/// channel; dropping it stops the producer.
struct Stream {
    schema: SchemaRef,
    batches: Receiver<Result<RecordBatch, ArrowError>>,
    stop: Arc<AtomicBool>,
}

impl Drop for Stream {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Iterator for Stream {
    type Item = Result<RecordBatch, ArrowError>;

    fn next(&mut self) -> Option<Self::Item> {
        let batches = &mut self.batches;
        // The consumer may hold the GIL (pyarrow calls in with or without
        // it); the wait releases it, so that a producer reading a Python
        // file object can take it.
        Python::with_gil(move |py| py.allow_threads(move || batches.recv().ok()))
    }
}

impl RecordBatchReader for Stream {
    fn schema(&self) -> SchemaRef {
        Arc::clone(&self.schema)
    }
}

/// Reads `reader` on `threads` threads into record batches, sent in input
/// order; the last message is the input error, if one stopped the
/// reading. Ends early when the receiver is gone.
fn produce(
    reader: &mut ProducerReader,
    mut batches: RecordBatches,
    threads: usize,
    out: SyncSender<Result<RecordBatch, ArrowError>>,
    stop: Arc<AtomicBool>,
) {
    let send = |batch: RecordBatch| {
        let sent = out.send(Ok(batch)).is_ok();
        if !sent {
            stop.store(true, Ordering::Relaxed);
        }
        sent
    };
    let outcome = batches.read_pgn(reader, threads, None, |_| {}, send);
    if stop.load(Ordering::Relaxed) {
        return;
    }
    match batches.finish() {
        Ok(Some(batch)) => {
            let _ = out.send(Ok(batch));
        }
        Ok(None) => {}
        Err(error) => {
            let _ = out.send(Err(ArrowError::ExternalError(Box::new(error))));
        }
    }
    if let Err(error) = outcome {
        let _ = out.send(Err(ArrowError::ExternalError(Box::new(error))));
    }
}

/// `pyarrow`, or `ImportError` naming it.
fn pyarrow<'py>(py: Python<'py>, function: &str) -> PyResult<Bound<'py, PyModule>> {
    py.import("pyarrow").map_err(|error| {
        PyImportError::new_err(format!(
            "bitmoves.pgn.{function} needs pyarrow (pip install pyarrow): {error}"
        ))
    })
}

/// `threads` as a count from 1 to 256.
fn thread_count(threads: Int) -> PyResult<usize> {
    usize::try_from(threads.0)
        .ok()
        .filter(|n| (1..=256).contains(n))
        .ok_or_else(|| {
            PyValueError::new_err(format!("threads must be 1 to 256, not {}", threads.0))
        })
}

/// The rows of a PGN file (a path, zstd or gzip by content, or a binary
/// or text file object) as a `pyarrow.RecordBatchReader`: one row per
/// game, or with `positions` one per position, in the columns of
/// `bitmoves pgn --parquet` (docs/parquet.md). The games are read on
/// `threads` threads, in input order, while the batches are consumed; a
/// game that cannot be read is a row with its `error`. Needs pyarrow
/// (`ImportError` without it).
#[pyfunction]
#[pyo3(
    signature = (path_or_file, *, positions=false, threads=Int(1)),
    text_signature = "(path_or_file, *, positions=False, threads=1)"
)]
pub fn read_arrow<'py>(
    py: Python<'py>,
    path_or_file: &Bound<'py, PyAny>,
    positions: bool,
    threads: Int,
) -> PyResult<Bound<'py, PyAny>> {
    let pyarrow = pyarrow(py, "read_arrow")?;
    let threads = thread_count(threads)?;
    let input: Input = Box::new(Interruptible::new(open(path_or_file)?));
    let batches = RecordBatches::new(positions, BATCH_ROWS, BATCH_BYTES);
    let schema = batches.schema();
    let (received, stop) =
        spawn_producer("bitmoves-read-arrow", input, move |reader, out, stop| {
            produce(reader, batches, threads, out, stop);
        })
        .map_err(|e| PyOSError::new_err(format!("cannot start the reading thread: {e}")))?;
    let stream = Stream {
        schema,
        batches: received,
        stop,
    };
    // pyarrow moves the stream out of this struct (leaving it released),
    // so dropping the box afterwards releases nothing twice.
    let mut ffi = Box::new(FFI_ArrowArrayStream::new(Box::new(stream)));
    let address = std::ptr::addr_of_mut!(*ffi) as usize;
    pyarrow
        .getattr("RecordBatchReader")?
        .call_method1("_import_from_c", (address,))
}

/// `error` as the Python exception it stands for.
fn dataset_error(error: DatasetError) -> PyErr {
    match error {
        DatasetError::Exists { dir } => PyFileExistsError::new_err(format!(
            "{} already holds a dataset (force=True replaces it)",
            dir.display()
        )),
        DatasetError::Input(error) => match error.kind {
            bitmoves_pgn::ErrorKind::Io(io) => io_error(io),
            _ => PyValueError::new_err(error.to_string()),
        },
        error => PyOSError::new_err(error.to_string()),
    }
}

/// Writes the PGN file `src` (a path, zstd or gzip by content, or a file
/// object) as the Parquet dataset folder `dst`, as `bitmoves pgn
/// --parquet` does: `part-*.parquet` and `_SUCCESS`, appearing only once
/// all is written; a folder that holds a dataset is refused
/// (`FileExistsError`) unless `force`. Returns a dict: `games`, `rows`,
/// `errors` (games that could not be read: rows with their `error`) and
/// `parts` (the paths).
#[pyfunction]
#[pyo3(
    signature = (src, dst, *, positions=false, threads=Int(1), force=false),
    text_signature = "(src, dst, *, positions=False, threads=1, force=False)"
)]
pub fn to_parquet<'py>(
    py: Python<'py>,
    src: &Bound<'py, PyAny>,
    dst: &Bound<'py, PyAny>,
    positions: bool,
    threads: Int,
    force: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let threads = thread_count(threads)?;
    let dir: PathBuf = path_of(dst)?;
    let input: Input = Box::new(Interruptible::new(open(src)?));
    let options = DatasetOptions {
        positions,
        force,
        threads,
        ..DatasetOptions::default()
    };
    let (summary, errors) = py
        .allow_threads(move || {
            let mut dataset = Dataset::create(&dir, options)?;
            let mut errors = 0u64;
            let mut reader = Reader::new(input);
            dataset.write_pgn(&mut reader, None, |game| {
                errors += u64::from(game.error.is_some() && !game.is_note);
            })?;
            dataset.finish().map(|summary| (summary, errors))
        })
        .map_err(dataset_error)?;
    let dict = PyDict::new(py);
    dict.set_item("games", summary.games)?;
    dict.set_item("rows", summary.rows)?;
    dict.set_item("errors", errors)?;
    let parts: Vec<String> = summary
        .parts
        .iter()
        .map(|path| path.to_string_lossy().into_owned())
        .collect();
    dict.set_item("parts", parts)?;
    Ok(dict)
}
