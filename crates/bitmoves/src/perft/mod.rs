//! Perft: counting the leaves of the legal move tree, the standard test of
//! a move generator.

use crate::{Board, Move};

#[cfg(feature = "std")]
pub mod split;

/// The number of leaf nodes of the legal move tree `depth` plies deep.
/// `perft(board, 0)` is 1.
///
/// The last ply is *bulk counted*: the moves there are counted from the
/// move generator's target sets, not made. [`perft_full`] makes every move
/// and gives the same numbers.
///
/// ```
/// use bitmoves::{perft::perft, Board};
/// let board = Board::default();
/// assert_eq!(perft(&board, 0), 1);
/// assert_eq!(perft(&board, 3), 8_902);
/// ```
pub fn perft(board: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => board.move_count() as u64,
        _ => {
            let mut nodes = 0;
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut child = *board;
                    child.play_piece(moves.piece, mv);
                    nodes += perft(&child, depth - 1);
                }
                false
            });
            nodes
        }
    }
}

/// Like [`perft`], but makes every move down to the leaves instead of
/// counting the last ply. Slower; it exercises
/// [`Board::play_unchecked`] on every leaf.
///
/// ```
/// use bitmoves::{perft::{perft, perft_full}, Board};
/// let board = Board::default();
/// assert_eq!(perft_full(&board, 3), perft(&board, 3));
/// ```
pub fn perft_full(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = *board;
            child.play_piece(moves.piece, mv);
            nodes += perft_full(&child, depth - 1);
        }
        false
    });
    nodes
}

/// The perft count below each legal root move: `(move, perft(child,
/// depth - 1))`, in move generation order. The counts add up to
/// `perft(board, depth)`. At depth 0 there are no root moves to list, so
/// the iterator is empty.
///
/// ```
/// use bitmoves::{perft::divide, Board};
/// let split: Vec<_> = divide(&Board::default(), 2).collect();
/// assert_eq!(split.len(), 20);
/// assert!(split.iter().all(|&(_, nodes)| nodes == 20));
/// ```
pub fn divide(board: &Board, depth: u32) -> impl Iterator<Item = (Move, u64)> + '_ {
    let moves = if depth == 0 {
        Default::default()
    } else {
        board.legal_moves()
    };
    moves.into_iter().map(move |mv| {
        let mut child = *board;
        child.play_unchecked(mv);
        (mv, perft(&child, depth - 1))
    })
}

/// [`perft`] on `threads` threads: the root moves are shared out among
/// them as they finish. Gives the same count as one thread. `threads` of 0
/// is taken as 1.
///
/// ```
/// use bitmoves::{perft::{perft, perft_parallel}, Board};
/// let board = Board::default();
/// assert_eq!(perft_parallel(&board, 4, 2), perft(&board, 4));
/// ```
#[cfg(feature = "std")]
pub fn perft_parallel(board: &Board, depth: u32, threads: usize) -> u64 {
    divide_parallel(board, depth, threads)
        .iter()
        .map(|&(_, nodes)| nodes)
        .sum::<u64>()
        .max(u64::from(depth == 0))
}

/// [`divide`] on `threads` threads, in move generation order. Each root
/// move's subtree is counted by whichever thread takes it next.
#[cfg(feature = "std")]
pub fn divide_parallel(board: &Board, depth: u32, threads: usize) -> std::vec::Vec<(Move, u64)> {
    divide_parallel_with(board, depth, threads, perft)
}

/// [`divide_parallel`] with the subtree count left to the caller:
/// `count(child, depth - 1)` is called once per root move, on whichever
/// thread takes it. Pass [`perft`] or [`perft_full`], or wrap one to report
/// progress as root moves finish.
///
/// ```
/// use bitmoves::{perft::{divide_parallel_with, perft_full}, Board};
/// use std::sync::atomic::{AtomicUsize, Ordering};
/// let done = AtomicUsize::new(0);
/// let split = divide_parallel_with(&Board::default(), 3, 2, |child, depth| {
///     done.fetch_add(1, Ordering::Relaxed);
///     perft_full(child, depth)
/// });
/// assert_eq!(split.iter().map(|&(_, nodes)| nodes).sum::<u64>(), 8_902);
/// assert_eq!(done.into_inner(), 20);
/// ```
#[cfg(feature = "std")]
pub fn divide_parallel_with(
    board: &Board,
    depth: u32,
    threads: usize,
    count: impl Fn(&Board, u32) -> u64 + Sync,
) -> std::vec::Vec<(Move, u64)> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let moves = if depth == 0 {
        Default::default()
    } else {
        board.legal_moves()
    };
    let next = AtomicUsize::new(0);
    let mut counts = std::vec![0u64; moves.len()];
    let threads = threads.clamp(1, moves.len().max(1));
    std::thread::scope(|scope| {
        let workers: std::vec::Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = std::vec::Vec::new();
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&mv) = moves.get(index) else {
                            break done;
                        };
                        let mut child = *board;
                        child.play_unchecked(mv);
                        done.push((index, count(&child, depth - 1)));
                    }
                })
            })
            .collect();
        for worker in workers {
            // A worker only panics if the count does, which is a bug: pass it on.
            for (index, nodes) in worker
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            {
                counts[index] = nodes;
            }
        }
    });
    moves.iter().copied().zip(counts).collect()
}
