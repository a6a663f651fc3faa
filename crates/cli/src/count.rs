//! Counting the move tree below each root move: bulk or full, on one or
//! more threads, with a progress bar over the root moves when wanted.

use bitmoves::{Board, Move, perft};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::{
    io::IsTerminal,
    sync::atomic::{AtomicUsize, Ordering},
    thread,
};

/// How to count a perft tree.
#[derive(Debug, Clone, Copy)]
pub struct Counter {
    /// Plies below the root, the root moves included.
    pub depth: u32,
    /// Count the last ply from the move generator instead of making it.
    pub bulk: bool,
    /// How many threads share out the root moves (at least one is used).
    pub threads: usize,
    /// Whether to draw a progress bar on stderr (only ever on a terminal).
    pub progress: bool,
}

impl Counter {
    /// The depth from which a run may take long enough to want a progress
    /// bar.
    const PROGRESS_DEPTH: u32 = 5;

    /// The count below each legal root move, in move generation order.
    /// Empty at depth 0, where the tree is the root alone.
    pub fn divide(&self, board: &Board) -> Vec<(Move, u64)> {
        let moves = if self.depth == 0 {
            Vec::new()
        } else {
            board.legal_moves().to_vec()
        };
        let bar = self.progress_bar(moves.len());
        let next = AtomicUsize::new(0);
        // Each thread takes the next root move until none are left, and
        // returns `(index, nodes)` pairs.
        let work = || {
            let mut done = Vec::new();
            loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(&mv) = moves.get(index) else {
                    break done;
                };
                let mut child = *board;
                child.play_unchecked(mv);
                done.push((index, self.subtree(&child)));
                bar.inc(1);
            }
        };
        let threads = self.threads.clamp(1, moves.len().max(1));
        let mut counts: Vec<(usize, u64)> = if threads == 1 {
            work()
        } else {
            thread::scope(|scope| {
                let workers: Vec<_> = (0..threads).map(|_| scope.spawn(work)).collect();
                workers
                    .into_iter()
                    .flat_map(|worker| {
                        // A worker panics only if perft does, a bug: pass it on.
                        worker
                            .join()
                            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                    })
                    .collect()
            })
        };
        bar.finish_and_clear();
        counts.sort_unstable();
        counts
            .into_iter()
            .map(|(index, nodes)| (moves[index], nodes))
            .collect()
    }

    /// The total below the root: the sum of [`Counter::divide`], and 1 at
    /// depth 0.
    pub fn total(divide: &[(Move, u64)], depth: u32) -> u64 {
        if depth == 0 {
            1
        } else {
            divide.iter().map(|&(_, nodes)| nodes).sum()
        }
    }

    /// The count below one root move's child position.
    fn subtree(&self, child: &Board) -> u64 {
        if self.bulk {
            perft::perft(child, self.depth - 1)
        } else {
            perft::perft_full(child, self.depth - 1)
        }
    }

    /// A bar over `len` root moves on stderr; hidden unless asked for, the
    /// run is deep, and stderr is a terminal.
    fn progress_bar(&self, len: usize) -> ProgressBar {
        let shown =
            self.progress && self.depth >= Self::PROGRESS_DEPTH && std::io::stderr().is_terminal();
        if !shown {
            return ProgressBar::hidden();
        }
        let style = ProgressStyle::with_template(
            "{elapsed_precise} [{bar:30}] {pos}/{len} root moves, ETA {eta}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
        let len = u64::try_from(len).unwrap_or(u64::MAX);
        ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr()).with_style(style)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_and_bulk_give_the_same_divide() {
        let board = Board::default();
        let base = Counter {
            depth: 3,
            bulk: true,
            threads: 1,
            progress: false,
        };
        let one = base.divide(&board);
        assert_eq!(one.len(), 20);
        assert_eq!(Counter::total(&one, 3), 8_902);
        for counter in [
            Counter { threads: 3, ..base },
            Counter {
                bulk: false,
                ..base
            },
        ] {
            assert_eq!(counter.divide(&board), one);
        }
        assert_eq!(Counter::total(&[], 0), 1);
    }
}
