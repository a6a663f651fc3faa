//! Perft on several threads: the positions a ply or more below the root
//! become work units, which the threads take one at a time until none are
//! left. Counts are `u128`.
//!
//! Splitting below the root keeps every thread busy to the end even when
//! the root has few moves: with two threads, a position in check with three
//! legal moves would leave one thread idle for a third of a root split, but
//! gives hundreds of units two plies down. The units are taken in
//! generation order through one atomic index, so a thread that draws small
//! units simply takes more of them.

use crate::{Table, perft_hashed};
use bitmoves::{Board, Move, perft::perft};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// With more than one thread, the split goes deeper than two plies until
/// there are at least this many units per thread (or the split reaches
/// [`MAX_SPLIT_PLY`]), so that the last units to finish are small.
const UNITS_PER_THREAD: usize = 64;

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
    total(&divide_parallel(board, depth, threads), depth)
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
    divide_parallel_with(
        board,
        depth,
        threads,
        |unit, depth| u128::from(perft(unit, depth)),
        |_, _| {},
    )
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
    total(&divide_hashed_parallel(board, depth, table, threads), depth)
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
    divide_parallel_with(
        board,
        depth,
        threads,
        |unit, depth| perft_hashed(unit, depth, table),
        |_, _| {},
    )
}

/// The parallel divide with the counting and the progress report left to
/// the caller.
///
/// The positions some plies below the root are the work units: the root
/// moves themselves with one thread, two plies down (deeper when there
/// are few) with more. Each unit is counted by `count(unit, depth left)`,
/// on whichever thread takes it; pass [`perft`], [`perft_full`], or
/// [`perft_hashed`] with a table, widened to `u128`. `progress(done,
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
    let threads = threads.max(1);
    let (ply, units) = work_units(board, depth, threads);
    let threads = threads.min(units.len()).max(1);
    progress(0, units.len());
    let next = AtomicUsize::new(0);
    let finished = AtomicUsize::new(0);
    let worker = || {
        let mut sums = std::vec![0u128; roots.len()];
        while let Some(unit) = units.get(next.fetch_add(1, Relaxed)) {
            sums[unit.root] += count(&unit.board, depth - ply);
            progress(finished.fetch_add(1, Relaxed) + 1, units.len());
        }
        sums
    };
    let mut counts = std::vec![0u128; roots.len()];
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads).map(|_| scope.spawn(worker)).collect();
        let mut add = |sums: Vec<u128>| {
            for (total, nodes) in counts.iter_mut().zip(sums) {
                *total += nodes;
            }
        };
        add(worker());
        for helper in helpers {
            // A worker only panics if `count` does, which is a bug: pass it on.
            add(helper
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)));
        }
    });
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
/// least two plies stay below them.
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
        units = units
            .iter()
            .flat_map(|unit| {
                children(&unit.board).map(|board| Unit {
                    root: unit.root,
                    board,
                })
            })
            .collect();
        ply += 1;
    }
    (ply, units)
}

/// The positions after each legal move, in move generation order.
fn children(board: &Board) -> impl Iterator<Item = Board> + '_ {
    board.legal_moves().into_iter().map(|mv| {
        let mut child = *board;
        child.play_unchecked(mv);
        child
    })
}

/// The sum of a divide, or 1 at depth 0.
fn total(divide: &[(Move, u128)], depth: u32) -> u128 {
    if depth == 0 {
        1
    } else {
        divide.iter().map(|&(_, nodes)| nodes).sum()
    }
}
