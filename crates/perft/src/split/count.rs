//! Counting one unit: perft as a `u128`, on one thread or several.

use bitmoves::{
    Board,
    perft::{each_child, perft, perft_full},
};
use std::{
    sync::{
        Arc, Condvar, Mutex, MutexGuard, PoisonError,
        atomic::{AtomicUsize, Ordering},
    },
    thread::JoinHandle,
    vec::Vec,
};

/// The deepest perft that provably fits a `u64`: no position has more than
/// 218 legal moves, and 218<sup>8</sup> < 2<sup>64</sup> <
/// 218<sup>9</sup>. Deeper counts add `u64` subtotals from this depth up
/// in `u128`.
pub const U64_SAFE_DEPTH: u32 = 8;

/// `perft(board, depth)` as a `u128`, on `threads` threads (0 is taken as
/// 1), never overflowing: subtrees of at most [`U64_SAFE_DEPTH`] plies are
/// counted with [`perft`], and their sums kept in a `u128`.
///
/// ```
/// use bitmoves::Board;
/// use bitmoves_perft::split::count;
/// assert_eq!(count(&Board::default(), 5, 2), 4_865_609);
/// ```
pub fn count(board: &Board, depth: u32, threads: usize) -> u128 {
    count_with(board, depth, threads, perft)
}

/// [`count`] making every move down to the leaves ([`perft_full`]): slower,
/// the same numbers, a check on the bulk counting.
pub fn count_full(board: &Board, depth: u32, threads: usize) -> u128 {
    count_with(board, depth, threads, perft_full)
}

/// [`count`] with the subtree count supplied: `leaf(board, depth)` is
/// called with `depth <= U64_SAFE_DEPTH` only. With more than one thread
/// the positions two plies down (one, for depth 2) are shared out among
/// the threads as they finish, which keeps them all busy to the end.
pub fn count_with(
    board: &Board,
    depth: u32,
    threads: usize,
    leaf: impl Fn(&Board, u32) -> u64 + Sync,
) -> u128 {
    if threads <= 1 || depth < 2 {
        return serial(board, depth, &leaf);
    }
    let plies = if depth >= 3 { 2 } else { 1 };
    let mut tasks = Vec::new();
    collect(board, plies, &mut tasks);
    let next = AtomicUsize::new(0);
    let rest = depth - plies;
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.min(tasks.len()))
            .map(|_| {
                scope.spawn(|| {
                    let mut sum = 0u128;
                    while let Some(task) = tasks.get(next.fetch_add(1, Ordering::Relaxed)) {
                        sum += serial(task, rest, &leaf);
                    }
                    sum
                })
            })
            .collect();
        workers
            .into_iter()
            // A worker only panics if the count does, which is a bug: pass it on.
            .map(|worker| {
                worker
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .sum()
    })
}

/// The count on this thread, splitting only where a `u64` could overflow.
fn serial(board: &Board, depth: u32, leaf: &(impl Fn(&Board, u32) -> u64 + Sync)) -> u128 {
    if depth <= U64_SAFE_DEPTH {
        return u128::from(leaf(board, depth));
    }
    let mut nodes = 0u128;
    each_child(board, |child| nodes += serial(child, depth - 1, leaf));
    nodes
}

/// Every position `plies` plies below `board`, one per path.
fn collect(board: &Board, plies: u32, out: &mut Vec<Board>) {
    if plies == 0 {
        out.push(*board);
        return;
    }
    each_child(board, |child| collect(child, plies - 1, out));
}

/// Threads kept for counting many units one after another: between units
/// they wait instead of being started again, which matters when units take
/// well under a millisecond. Each unit is shared out as [`count_with`]
/// does; the calling thread counts too, so `threads` is the total.
///
/// ```
/// use bitmoves::{Board, perft::perft};
/// use bitmoves_perft::split::CountPool;
/// let pool = CountPool::new(2, perft);
/// assert_eq!(pool.count(&Board::default(), 4), 197_281);
/// assert_eq!(pool.count(&Board::default(), 3), 8_902);
/// ```
#[derive(Debug)]
pub struct CountPool {
    shared: Arc<Shared>,
    helpers: Vec<JoinHandle<()>>,
}

/// What the pool's threads share.
#[derive(Debug)]
struct Shared {
    batch: Mutex<Batch>,
    /// Signalled when a batch is posted or the pool closes.
    posted: Condvar,
    /// Signalled when a batch's last task is done.
    finished: Condvar,
    leaf: fn(&Board, u32) -> u64,
}

/// The positions of the unit being counted.
#[derive(Debug, Default)]
struct Batch {
    tasks: Vec<Board>,
    depth: u32,
    next: usize,
    pending: usize,
    sum: u128,
    closed: bool,
}

impl CountPool {
    /// A pool of `threads` threads in all (0 is taken as 1) counting
    /// subtrees with `leaf`, [`perft`] or [`perft_full`].
    pub fn new(threads: usize, leaf: fn(&Board, u32) -> u64) -> Self {
        let shared = Arc::new(Shared {
            batch: Mutex::new(Batch::default()),
            posted: Condvar::new(),
            finished: Condvar::new(),
            leaf,
        });
        let helpers = (1..threads.max(1))
            .map(|_| {
                let shared = Arc::clone(&shared);
                std::thread::spawn(move || while shared.help(true) {})
            })
            .collect();
        Self { shared, helpers }
    }

    /// `perft(board, depth)` as a `u128`, as [`count_with`] counts it.
    pub fn count(&self, board: &Board, depth: u32) -> u128 {
        if self.helpers.is_empty() || depth < 2 {
            return serial(board, depth, &self.shared.leaf);
        }
        let plies = if depth >= 3 { 2 } else { 1 };
        let mut tasks = Vec::new();
        collect(board, plies, &mut tasks);
        {
            let mut batch = self.shared.lock();
            batch.pending = tasks.len();
            batch.tasks = tasks;
            batch.depth = depth - plies;
            batch.next = 0;
            batch.sum = 0;
        }
        self.shared.posted.notify_all();
        // Count alongside the helpers until no task is left to take.
        while self.shared.help(false) {}
        let mut batch = self.shared.lock();
        while batch.pending > 0 {
            batch = self
                .shared
                .finished
                .wait(batch)
                .unwrap_or_else(PoisonError::into_inner);
        }
        batch.sum
    }
}

impl Shared {
    /// The batch, even if a thread panicked while holding it (the counts
    /// are then lost, but the panic is reported where it happened).
    fn lock(&self) -> MutexGuard<'_, Batch> {
        self.batch.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Counts one task of the current batch. A helper (`wait`) waits for
    /// one to be posted and returns `false` once the pool closes; the
    /// caller of `count` returns `false` when none is left to take.
    fn help(&self, wait: bool) -> bool {
        let (task, depth) = {
            let mut batch = self.lock();
            loop {
                if batch.closed {
                    return false;
                }
                if let Some(&task) = batch.tasks.get(batch.next) {
                    batch.next += 1;
                    break (task, batch.depth);
                }
                if !wait {
                    return false;
                }
                batch = self
                    .posted
                    .wait(batch)
                    .unwrap_or_else(PoisonError::into_inner);
            }
        };
        let nodes = serial(&task, depth, &self.leaf);
        let mut batch = self.lock();
        batch.sum += nodes;
        batch.pending -= 1;
        if batch.pending == 0 {
            self.finished.notify_all();
        }
        true
    }
}

impl Drop for CountPool {
    fn drop(&mut self) {
        self.shared.lock().closed = true;
        self.shared.posted.notify_all();
        for helper in self.helpers.drain(..) {
            let _ = helper.join();
        }
    }
}
