//! Counting the move tree below each root move: bulk or full, with or
//! without a hash table, on one or more threads, with a progress bar over
//! the work units when wanted.

use bitmoves::{Board, Move, perft};
use bitmoves_perft::{self as parallel, Table};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// How to count a perft tree.
#[derive(Debug, Clone, Copy)]
pub struct Counter<'a> {
    /// Plies below the root, the root moves included.
    pub depth: u32,
    /// Count the last ply from the move generator instead of making it.
    pub bulk: bool,
    /// How many threads share out the root moves (at least one is used).
    pub threads: usize,
    /// Whether to draw a progress bar on stderr (only ever on a terminal).
    pub progress: bool,
    /// The hash table of subtree counts, shared by the threads, if any.
    /// With a table the last ply is always bulk counted.
    pub table: Option<&'a Table>,
}

impl Counter<'_> {
    /// The depth from which a run may take long enough to want a progress
    /// bar.
    const PROGRESS_DEPTH: u32 = 5;

    /// The count below each legal root move, in move generation order.
    /// Empty at depth 0, where the tree is the root alone.
    pub fn divide(&self, board: &Board) -> Vec<(Move, u128)> {
        let bar = self.progress_bar();
        let split = parallel::divide_parallel_with(
            board,
            self.depth,
            self.threads,
            |unit, depth| match self.table {
                Some(table) => parallel::perft_hashed(unit, depth, table),
                None if self.bulk => u128::from(perft::perft(unit, depth)),
                None => u128::from(perft::perft_full(unit, depth)),
            },
            |done, total| {
                if done == 0 {
                    bar.set_length(u64::try_from(total).unwrap_or(u64::MAX));
                } else {
                    bar.inc(1);
                }
            },
        );
        bar.finish_and_clear();
        split
    }

    /// The total below the root: the sum of [`Counter::divide`], and 1 at
    /// depth 0.
    pub fn total(divide: &[(Move, u128)], depth: u32) -> u128 {
        if depth == 0 {
            1
        } else {
            divide.iter().map(|&(_, nodes)| nodes).sum()
        }
    }

    /// A bar over the work units on stderr (its length is set when the
    /// count starts); hidden unless asked for, the run is deep, and stderr
    /// is a terminal.
    fn progress_bar(&self) -> ProgressBar {
        let shown =
            self.progress && self.depth >= Self::PROGRESS_DEPTH && std::io::stderr().is_terminal();
        if !shown {
            return ProgressBar::hidden();
        }
        let style = ProgressStyle::with_template(
            "{elapsed_precise} [{bar:30}] {pos}/{len} subtrees, ETA {eta}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
        ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr()).with_style(style)
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_bulk_and_hash_give_the_same_divide() {
        let board = Board::default();
        let base = Counter {
            depth: 3,
            bulk: true,
            threads: 1,
            progress: false,
            table: None,
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
        let table = Table::new(1 << 16).expect("64 KiB");
        for threads in [1, 2] {
            let hashed = Counter {
                table: Some(&table),
                threads,
                ..base
            };
            assert_eq!(hashed.divide(&board), one);
        }
        assert_eq!(Counter::total(&[], 0), 1);
    }
}
