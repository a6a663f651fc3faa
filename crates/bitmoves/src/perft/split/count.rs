//! Counting one unit: perft as a `u128`, on one thread or several.

use crate::{
    Board,
    perft::{perft, perft_full},
};
use std::{
    sync::atomic::{AtomicUsize, Ordering},
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
/// use bitmoves::{Board, perft::split::count};
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
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = *board;
            child.play_piece(moves.piece, mv);
            nodes += serial(&child, depth - 1, leaf);
        }
        false
    });
    nodes
}

/// Every position `plies` plies below `board`, one per path.
fn collect(board: &Board, plies: u32, out: &mut Vec<Board>) {
    if plies == 0 {
        out.push(*board);
        return;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = *board;
            child.play_piece(moves.piece, mv);
            collect(&child, plies - 1, out);
        }
        false
    });
}
