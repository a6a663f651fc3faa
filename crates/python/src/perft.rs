//! `Board.perft` and `Board.divide`: counting the move tree at native speed
//! with the GIL released, on one or more threads, with or without a hash
//! table of subtree counts: one thread through the core's `bitmoves::perft`,
//! threads and tables through `bitmoves-perft`.

use bitmoves::Board;
use bitmoves::perft as single;
use bitmoves_perft::{self as counting, Table};
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::board::PyBoard;
use crate::moves::PyMove;

/// The deepest count accepted: far beyond any that finishes, well within
/// `u128`.
const MAX_DEPTH: i64 = 30;

/// The most threads accepted: more than any machine gains from, few enough
/// that the operating system does not refuse them (a refused thread would
/// be a panic).
const MAX_THREADS: i64 = 256;

/// How to count: depth, threads and the table's size in bytes (0: none).
struct Job {
    depth: u32,
    threads: usize,
    hash: usize,
}

impl Job {
    fn new(depth: i64, threads: i64, hash: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        if !(0..=MAX_DEPTH).contains(&depth) {
            return Err(PyValueError::new_err(format!(
                "depth must be 0 to {MAX_DEPTH}, not {depth}"
            )));
        }
        if !(1..=MAX_THREADS).contains(&threads) {
            return Err(PyValueError::new_err(format!(
                "threads must be 1 to {MAX_THREADS}, not {threads}"
            )));
        }
        Ok(Self {
            depth: depth as u32,
            threads: threads as usize,
            hash: hash.map(hash_bytes).transpose()?.unwrap_or(0),
        })
    }

    /// The table, when a size was asked for.
    fn table(&self) -> PyResult<Option<Table>> {
        if self.hash == 0 {
            return Ok(None);
        }
        Table::new(self.hash)
            .map(Some)
            .map_err(|e| PyMemoryError::new_err(format!("hash table: {e}")))
    }

    /// The per-root-move counts (the total for depth 0 is 1, no moves).
    fn divide(&self, board: &Board, table: Option<&Table>) -> Vec<(bitmoves::Move, u128)> {
        match (table, self.threads) {
            (None, 1) => single::divide(board, self.depth)
                .map(|(mv, n)| (mv, u128::from(n)))
                .collect(),
            (None, threads) => counting::divide_parallel(board, self.depth, threads),
            (Some(table), threads) => {
                counting::divide_hashed_parallel(board, self.depth, table, threads)
            }
        }
    }

    fn perft(&self, board: &Board, table: Option<&Table>) -> u128 {
        match (table, self.threads) {
            (None, 1) => u128::from(single::perft(board, self.depth)),
            (None, threads) => counting::perft_parallel(board, self.depth, threads),
            (Some(table), threads) => {
                counting::perft_hashed_parallel(board, self.depth, table, threads)
            }
        }
    }
}

/// The table size: an int of bytes, or text like `"256M"` as the CLI's
/// `--hash` takes it.
fn hash_bytes(hash: &Bound<'_, PyAny>) -> PyResult<usize> {
    if let Ok(text) = hash.extract::<String>() {
        return counting::parse_size(&text)
            .map_err(|e| PyValueError::new_err(format!("hash size {text:?}: {e}")));
    }
    let bytes: i64 = hash
        .extract()
        .map_err(|_| PyValueError::new_err("hash must be a size in bytes or text like \"256M\""))?;
    usize::try_from(bytes)
        .map_err(|_| PyValueError::new_err(format!("hash size must not be negative: {bytes}")))
}

#[pymethods]
impl PyBoard {
    /// The number of leaf nodes of the legal move tree `depth` plies deep
    /// (`perft(0)` is 1), counted natively with the GIL released.
    /// `threads` counts in parallel; `hash` (bytes, or text like "256M")
    /// adds a shared table of subtree counts.
    #[pyo3(signature = (depth, *, threads=1, hash=None))]
    fn perft(
        &self,
        py: Python<'_>,
        depth: i64,
        threads: i64,
        hash: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u128> {
        let job = Job::new(depth, threads, hash)?;
        let board = *self.board();
        let table = job.table()?;
        Ok(py.allow_threads(|| job.perft(&board, table.as_ref())))
    }

    /// `perft(depth - 1)` below each legal move: a dict from `Move` to its
    /// count, in move generation order (empty for depth 0).
    #[pyo3(signature = (depth, *, threads=1, hash=None))]
    fn divide<'py>(
        &self,
        py: Python<'py>,
        depth: i64,
        threads: i64,
        hash: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let job = Job::new(depth, threads, hash)?;
        let board = *self.board();
        let table = job.table()?;
        let split = if job.depth == 0 {
            Vec::new()
        } else {
            py.allow_threads(|| job.divide(&board, table.as_ref()))
        };
        let dict = PyDict::new(py);
        for (mv, nodes) in split {
            dict.set_item(PyMove::from_core(mv), nodes)?;
        }
        Ok(dict)
    }
}
