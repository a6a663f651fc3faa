//! Perft on several threads: the positions a ply or more below the root
//! become work units, which the [work pool](crate::pool) shares out among
//! the threads. Counts are `u128`.
//!
//! Splitting below the root keeps every thread busy to the end even when
//! the root has few moves: with two threads, a position in check with three
//! legal moves would leave one thread idle for a third of a root split, but
//! gives hundreds of units two plies down.

use crate::pool::{self, UNITS_PER_THREAD};
use crate::{Table, perft_hashed};
use bitmoves::{
    Board, Move,
    perft::{perft, perft_full},
};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// How each position is counted: the choice behind every parallel count,
/// the `perft` command's and a deep-perft worker's alike.
#[derive(Debug, Clone, Copy)]
pub enum Counting<'a> {
    /// Bulk perft ([`perft`]): the last ply counted from the move
    /// generator's target sets.
    Bulk,
    /// Full perft ([`perft_full`]): every move made down to the leaves.
    Full,
    /// Hashed perft ([`perft_hashed`]) in a table shared by every thread
    /// and kept from call to call; the last ply is bulk counted.
    Hashed(&'a Table),
}

impl Counting<'_> {
    /// `perft(board, depth)` counted this way on the calling thread, in
    /// `u128` at any depth: no count overflows (see [`pool::count`]).
    ///
    /// ```
    /// use bitmoves::Board;
    /// use bitmoves_perft::Counting;
    /// assert_eq!(Counting::Full.count(&Board::default(), 3), 8_902);
    /// ```
    pub fn count(self, board: &Board, depth: u32) -> u128 {
        match self {
            Self::Bulk => pool::count(board, depth, perft),
            Self::Full => pool::count(board, depth, perft_full),
            Self::Hashed(table) => perft_hashed(board, depth, table),
        }
    }

    /// [`Counting::count`] on `threads` threads (0 is taken as 1). Gives
    /// the same count as one thread.
    ///
    /// ```
    /// use bitmoves::Board;
    /// use bitmoves_perft::Counting;
    /// assert_eq!(Counting::Bulk.count_parallel(&Board::default(), 4, 2), 197_281);
    /// ```
    pub fn count_parallel(self, board: &Board, depth: u32, threads: usize) -> u128 {
        total(&self.divide_parallel(board, depth, threads), depth)
    }

    /// The count below each legal root move, counted this way on
    /// `threads` threads, in move generation order.
    pub fn divide_parallel(self, board: &Board, depth: u32, threads: usize) -> Vec<(Move, u128)> {
        divide_parallel_with(
            board,
            depth,
            threads,
            |unit, depth| self.count(unit, depth),
            |_, _| {},
        )
    }
}

/// The deepest split: four plies hold at most a few hundred thousand units.
const MAX_SPLIT_PLY: u32 = 4;

/// [`perft`] on `threads` threads, in `u128`. Gives the same count as one
/// thread. `threads` of 0 is taken as 1.
///
/// ```
/// use bitmoves::{perft::perft, Board};
/// use bitmoves_perft::perft_parallel;
/// let board = Board::default();
/// assert_eq!(perft_parallel(&board, 4, 2), u128::from(perft(&board, 4)));
/// ```
pub fn perft_parallel(board: &Board, depth: u32, threads: usize) -> u128 {
    Counting::Bulk.count_parallel(board, depth, threads)
}

/// [`divide`](bitmoves::perft::divide) on `threads` threads, in move generation
/// order, with `u128` counts.
///
/// ```
/// use bitmoves::Board;
/// use bitmoves_perft::divide_parallel;
/// let split = divide_parallel(&Board::default(), 3, 2);
/// assert_eq!(split.len(), 20);
/// assert_eq!(split.iter().map(|&(_, nodes)| nodes).sum::<u128>(), 8_902);
/// ```
pub fn divide_parallel(board: &Board, depth: u32, threads: usize) -> Vec<(Move, u128)> {
    Counting::Bulk.divide_parallel(board, depth, threads)
}

/// [`perft_hashed`] on `threads` threads sharing `table`. Gives the same
/// count as one thread; two threads take a little over half the time of
/// one. `threads` of 0 is taken as 1.
///
/// ```
/// use bitmoves::Board;
/// use bitmoves_perft::{perft_hashed_parallel, Table};
/// let table = Table::new(4 << 20)?;
/// assert_eq!(perft_hashed_parallel(&Board::default(), 6, &table, 2), 119_060_324);
/// # Ok::<(), bitmoves_perft::TableError>(())
/// ```
pub fn perft_hashed_parallel(board: &Board, depth: u32, table: &Table, threads: usize) -> u128 {
    Counting::Hashed(table).count_parallel(board, depth, threads)
}

/// [`divide_hashed`](super::divide_hashed) on `threads` threads sharing
/// `table`, in move generation order.
///
/// ```
/// use bitmoves::Board;
/// use bitmoves_perft::{divide_hashed_parallel, Table};
/// let table = Table::new(1 << 20)?;
/// let split = divide_hashed_parallel(&Board::default(), 4, &table, 2);
/// assert_eq!(split.iter().map(|&(_, nodes)| nodes).sum::<u128>(), 197_281);
/// # Ok::<(), bitmoves_perft::TableError>(())
/// ```
pub fn divide_hashed_parallel(
    board: &Board,
    depth: u32,
    table: &Table,
    threads: usize,
) -> Vec<(Move, u128)> {
    Counting::Hashed(table).divide_parallel(board, depth, threads)
}

/// The parallel divide with the counting and the progress report left to
/// the caller.
///
/// The positions some plies below the root are the work units: the root
/// moves themselves with one thread, two plies down (deeper when there
/// are few) with more. Each unit is counted by `count(unit, depth left)`,
/// on whichever thread takes it: [`Counting::count`], or a count of your
/// own. `progress(done,
/// total)` is called with `done` = 0 before the first unit starts, then
/// once as each unit finishes, from the thread that finished it.
///
/// The counts are summed per root move, in move generation order, and
/// add up to the perft of `board` (which is 1 at depth 0, where the list
/// is empty). `threads` of 0 is taken as 1.
///
/// [`perft_full`]: bitmoves::perft::perft_full
///
/// ```
/// use bitmoves::{perft::perft_full, Board};
/// use bitmoves_perft::divide_parallel_with;
/// use std::sync::atomic::{AtomicUsize, Ordering};
/// let (units, done) = (AtomicUsize::new(0), AtomicUsize::new(0));
/// let split = divide_parallel_with(
///     &Board::default(),
///     4,
///     2,
///     |unit, depth| u128::from(perft_full(unit, depth)),
///     |finished, total| {
///         units.store(total, Ordering::Relaxed);
///         done.fetch_max(finished, Ordering::Relaxed);
///     },
/// );
/// assert_eq!(split.iter().map(|&(_, nodes)| nodes).sum::<u128>(), 197_281);
/// assert_eq!(units.into_inner(), 400); // two plies down
/// assert_eq!(done.into_inner(), 400);
/// ```
pub fn divide_parallel_with(
    board: &Board,
    depth: u32,
    threads: usize,
    count: impl Fn(&Board, u32) -> u128 + Sync,
    progress: impl Fn(usize, usize) + Sync,
) -> Vec<(Move, u128)> {
    let roots = if depth == 0 {
        Default::default()
    } else {
        board.legal_moves()
    };
    let (ply, units) = work_units(board, depth, threads.max(1));
    progress(0, units.len());
    let finished = AtomicUsize::new(0);
    // Each thread sums per root move; the sums are added at the end.
    let sums = pool::run(
        &units,
        threads,
        || std::vec![0u128; roots.len()],
        |sums, unit| {
            sums[unit.root] += count(&unit.board, depth - ply);
            progress(finished.fetch_add(1, Relaxed) + 1, units.len());
            true
        },
    );
    let mut counts = std::vec![0u128; roots.len()];
    for thread in sums {
        for (total, nodes) in counts.iter_mut().zip(thread) {
            *total += nodes;
        }
    }
    roots.iter().copied().zip(counts).collect()
}

/// A position `ply` plies below the root, and the index of the root move
/// it descends from.
struct Unit {
    root: usize,
    board: Board,
}

/// The split ply and the work units for `threads` threads: the root moves
/// for one thread or a shallow count, else two plies down, or deeper
/// while there are fewer than [`UNITS_PER_THREAD`] units per thread and at
/// least two plies stay below them (and the memory for them is there).
fn work_units(board: &Board, depth: u32, threads: usize) -> (u32, Vec<Unit>) {
    let mut ply = 1;
    let mut units = children(board)
        .enumerate()
        .map(|(root, board)| Unit { root, board })
        .collect::<Vec<_>>();
    if depth == 0 {
        units.clear();
    }
    while threads > 1
        && ply < MAX_SPLIT_PLY
        && depth >= ply + 3
        && (ply < 2 || units.len() < UNITS_PER_THREAD * threads)
    {
        let Some(deeper) = deeper(&units) else {
            break;
        };
        units = deeper;
        ply += 1;
    }
    (ply, units)
}

/// The units one ply below `units`, or `None` where the memory for them
/// cannot be had: the split then stays where it is, and gives the same
/// count from fewer, larger units.
fn deeper(units: &[Unit]) -> Option<Vec<Unit>> {
    let mut next = Vec::new();
    for unit in units {
        for board in children(&unit.board) {
            next.try_reserve(1).ok()?;
            next.push(Unit {
                root: unit.root,
                board,
            });
        }
    }
    Some(next)
}

/// The positions after each legal move, in move generation order.
fn children(board: &Board) -> impl Iterator<Item = Board> + '_ {
    board.legal_moves().into_iter().map(|mv| {
        let mut child = *board;
        child.play_unchecked(mv);
        child
    })
}

/// The total of a divide `depth` plies deep: the sum of its counts, or 1
/// at depth 0, where the tree is the root alone (and the divide is empty).
///
/// ```
/// use bitmoves::Board;
/// use bitmoves_perft::{divide_parallel, total};
/// assert_eq!(total(&divide_parallel(&Board::default(), 3, 2), 3), 8_902);
/// assert_eq!(total(&[], 0), 1);
/// ```
pub fn total(divide: &[(Move, u128)], depth: u32) -> u128 {
    if depth == 0 {
        1
    } else {
        divide.iter().map(|&(_, nodes)| nodes).sum()
    }
}
