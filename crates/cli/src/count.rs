//! Counting the move tree below each root move, as the library's
//! [`Counting`] chooses, with a progress bar over the work units when
//! wanted.

use bitmoves::{Board, Move};
use bitmoves_perft::{Counting, divide_parallel_with};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// How to count the perft tree below each root move: the `perft` and
/// `perftree` commands' count.
#[derive(Debug, Clone, Copy)]
pub struct DivideCounter<'a> {
    /// Plies below the root, the root moves included.
    pub depth: u32,
    /// Bulk, full or hashed.
    pub counting: Counting<'a>,
    /// How many threads share out the work units (at least one is used).
    pub threads: usize,
    /// Whether to draw a progress bar on stderr (only ever on a terminal).
    pub progress: bool,
}

impl DivideCounter<'_> {
    /// The depth from which a run may take long enough to want a progress
    /// bar.
    const PROGRESS_DEPTH: u32 = 5;

    /// The count below each legal root move, in move generation order.
    /// Empty at depth 0, where the tree is the root alone.
    pub fn divide(&self, board: &Board) -> Vec<(Move, u128)> {
        let bar = self.progress_bar();
        let split = divide_parallel_with(
            board,
            self.depth,
            self.threads,
            |unit, depth| self.counting.count(unit, depth),
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
    use bitmoves_perft::{Table, total};

    #[test]
    fn threads_bulk_and_hash_give_the_same_divide() {
        let board = Board::default();
        let base = DivideCounter {
            depth: 3,
            counting: Counting::Bulk,
            threads: 1,
            progress: false,
        };
        let one = base.divide(&board);
        assert_eq!(one.len(), 20);
        assert_eq!(total(&one, 3), 8_902);
        let table = Table::new(1 << 16).expect("64 KiB");
        for counting in [Counting::Bulk, Counting::Full, Counting::Hashed(&table)] {
            for threads in [1, 3] {
                let counter = DivideCounter {
                    counting,
                    threads,
                    ..base
                };
                assert_eq!(counter.divide(&board), one, "{counting:?} {threads}");
            }
        }
    }
}
