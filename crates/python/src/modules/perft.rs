//! `Board.perft` and `Board.divide`: counting the move tree at native speed
//! with the GIL released, on one or more threads, with or without a hash
//! table of subtree counts: one thread through the core's `bitmoves::perft`,
//! threads and tables through `bitmoves-perft`. A count of more than a few
//! milliseconds runs on a thread of its own that Ctrl-C stops.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::mpsc::{self, RecvTimeoutError};

use bitmoves::perft::{self as single, each_child};
use bitmoves::{Board, Move};
use bitmoves_perft::{self as counting, Table};
use pyo3::exceptions::{PyMemoryError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::board::PyBoard;
use crate::modules::input::SIGNAL_INTERVAL;
use crate::values::{Int, PyMove};

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

    /// `perft(board, depth)` of one position, stopped (with a partial
    /// count) when `stop` is set.
    fn count(&self, board: &Board, depth: u32, table: Option<&Table>, stop: &AtomicBool) -> u128 {
        match table {
            Some(table) => counting::perft_hashed_until(board, depth, table, stop).unwrap_or(0),
            None => bulk(board, depth, stop),
        }
    }

    /// The per-root-move counts (empty for depth 0), in move generation
    /// order: the root moves one by one on one thread, `bitmoves-perft`'s
    /// pool on more.
    fn divide(&self, board: &Board, table: Option<&Table>, stop: &AtomicBool) -> Vec<(Move, u128)> {
        counting::divide_parallel_with(
            board,
            self.depth,
            self.threads,
            |unit, depth| self.count(unit, depth, table, stop),
            |_, _| {},
        )
    }

    fn perft(&self, board: &Board, table: Option<&Table>, stop: &AtomicBool) -> u128 {
        if self.threads == 1 {
            self.count(board, self.depth, table, stop)
        } else {
            counting::total(&self.divide(board, table, stop), self.depth)
        }
    }

    /// Whether the count is small enough to run on the calling thread
    /// without looking for Ctrl-C: one piece of [`bulk`].
    fn is_small(&self) -> bool {
        self.depth <= PIECE_DEPTH && self.threads == 1 && self.hash == 0
    }
}

/// The depth up to which [`bulk`] counts a subtree in one piece, with the
/// core's `perft`, before it looks at its stop flag again: perft(4) is a
/// few milliseconds (kiwipete's 4 million nodes), far below the 50 ms
/// between two looks for Ctrl-C.
const PIECE_DEPTH: u32 = 4;

/// Bulk perft in `u128`, pieces of [`PIECE_DEPTH`] plies counted by the
/// core's `perft`; gives up (with a partial count) when `stop` is set.
fn bulk(board: &Board, depth: u32, stop: &AtomicBool) -> u128 {
    if stop.load(Relaxed) {
        return 0;
    }
    if depth <= PIECE_DEPTH {
        return u128::from(single::perft(board, depth));
    }
    let mut nodes = 0;
    each_child(board, |child| nodes += bulk(child, depth - 1, stop));
    nodes
}

/// Runs `work` (a count that ends soon after its stop flag is set) on a
/// thread of its own while the calling thread waits with the GIL released,
/// taking it every [`SIGNAL_INTERVAL`] to run the signal handlers: Ctrl-C
/// sets the flag, waits for the count to end, and raises
/// `KeyboardInterrupt`.
fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&AtomicBool) -> T + Send,
) -> PyResult<T> {
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (done, mut result) = mpsc::channel();
        let worker = std::thread::Builder::new()
            .name("bitmoves-perft".to_string())
            .spawn_scoped(scope, {
                let stop = &stop;
                // The receiver waits until the count is sent or given up.
                move || {
                    let _ = done.send(work(stop));
                }
            })
            .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
        loop {
            let (back, next) = py.allow_threads(move || {
                let next = result.recv_timeout(SIGNAL_INTERVAL);
                (result, next)
            });
            result = back;
            match next {
                Ok(value) => return Ok(value),
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(interrupt) = py.check_signals() {
                        stop.store(true, Relaxed);
                        let _ = py.allow_threads(|| worker.join());
                        return Err(interrupt);
                    }
                }
                // The worker ended without sending: it panicked, a bug
                // passed on as it is.
                Err(RecvTimeoutError::Disconnected) => {
                    return match py.allow_threads(|| worker.join()) {
                        Err(panic) => std::panic::resume_unwind(panic),
                        Ok(()) => Err(PyRuntimeError::new_err("perft ended without a count")),
                    };
                }
            }
        }
    })
}

/// The table size: an int of bytes, or text like `"256M"` as the CLI's
/// `--hash` takes it.
fn hash_bytes(hash: &Bound<'_, PyAny>) -> PyResult<usize> {
    if let Ok(text) = hash.extract::<String>() {
        return counting::parse_size(&text)
            .map_err(|e| PyValueError::new_err(format!("hash size {text:?}: {e}")));
    }
    let Int(bytes) = hash
        .extract()
        .map_err(|_| PyValueError::new_err("hash must be a size in bytes or text like \"256M\""))?;
    usize::try_from(bytes)
        .map_err(|_| PyValueError::new_err(format!("hash size must not be negative: {bytes}")))
}

#[pymethods]
impl PyBoard {
    /// The number of leaf nodes of the legal move tree `depth` plies deep
    /// (`perft(0)` is 1), counted natively with the GIL released on a copy
    /// of the position (the board stays free for other threads).
    /// `threads` counts in parallel; `hash` (bytes, or text like "256M")
    /// adds a shared table of subtree counts. Ctrl-C raises
    /// `KeyboardInterrupt` within about 50 ms.
    #[pyo3(
        signature = (depth, *, threads=Int(1), hash=None),
        text_signature = "($self, depth, *, threads=1, hash=None)"
    )]
    fn perft(
        slf: &Bound<'_, Self>,
        depth: Int,
        threads: Int,
        hash: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u128> {
        let py = slf.py();
        let job = Job::new(depth.0, threads.0, hash)?;
        {
            // A variant's board counts on the core's variant engine (one
            // thread, no table).
            let this = slf.borrow();
            if this.variant != bitmoves::variant::VariantKind::Standard {
                let (kind, setup, chess960) = (this.variant, this.setup().core(), this.chess960);
                drop(this);
                let depth = job.depth;
                return Ok(py.allow_threads(|| {
                    u128::from(bitmoves::variant::perft_of(kind, setup, chess960, depth))
                }));
            }
        }
        // Copied, and the borrow of the board let go, before the GIL is.
        let board = *slf.borrow().board()?;
        if job.is_small() {
            let never = AtomicBool::new(false);
            return Ok(py.allow_threads(|| job.perft(&board, None, &never)));
        }
        let table = job.table()?;
        interruptible(py, |stop| job.perft(&board, table.as_ref(), stop))
    }

    /// `perft(depth - 1)` below each legal move: a dict from `Move` to its
    /// count, in move generation order (empty for depth 0). Counted as
    /// `perft` counts.
    #[pyo3(
        signature = (depth, *, threads=Int(1), hash=None),
        text_signature = "($self, depth, *, threads=1, hash=None)"
    )]
    fn divide<'py>(
        slf: &Bound<'py, Self>,
        depth: Int,
        threads: Int,
        hash: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let py = slf.py();
        let job = Job::new(depth.0, threads.0, hash)?;
        let board = *slf.borrow().board()?;
        let split = if job.depth == 0 {
            Vec::new()
        } else if job.is_small() {
            let never = AtomicBool::new(false);
            py.allow_threads(|| job.divide(&board, None, &never))
        } else {
            let table = job.table()?;
            interruptible(py, |stop| job.divide(&board, table.as_ref(), stop))?
        };
        let dict = PyDict::new(py);
        for (mv, nodes) in split {
            dict.set_item(PyMove::from_core(mv), nodes)?;
        }
        Ok(dict)
    }
}
