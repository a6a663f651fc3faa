//! Counting the move tree below each root move: bulk or full, on one or
//! more threads, with a progress bar over the root moves when wanted.

use bitmoves::{Board, Move, perft};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

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
        let roots = if self.depth == 0 {
            0
        } else {
            board.move_count()
        };
        let bar = self.progress_bar(roots);
        let split = perft::divide_parallel_with(board, self.depth, self.threads, |child, depth| {
            let nodes = if self.bulk {
                perft::perft(child, depth)
            } else {
                perft::perft_full(child, depth)
            };
            bar.inc(1);
            nodes
        });
        bar.finish_and_clear();
        split
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
