//! Perft with a [`Table`] of subtree counts: [`perft_hashed`] and
//! [`divide_hashed`], counted in `u128`, and [`perft_hashed_until`], which
//! another thread can stop.

use crate::Table;
use crate::table::Entry;
use bitmoves::{
    Board, Move,
    perft::{each_child, perft},
};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// The smallest remaining depth whose counts go into the table. Depth 1 is
/// bulk counted from the move generator, cheaper than a table probe.
const MIN_STORED_DEPTH: u32 = 2;

/// [`perft`] with a hash table: the count of each subtree of
/// two or more plies is stored in `table`, and a position met again at
/// the same depth (by another move order) is counted once. Counts are
/// `u128`, so no depth overflows them.
///
/// The table may be shared with other threads counting at the same time,
/// and keeps what it learned for the next call.
///
/// ```
/// use bitmoves::Board;
/// use bitmoves_perft::{perft_hashed, Table};
/// let table = Table::new(16 << 20)?;
/// assert_eq!(perft_hashed(&Board::default(), 6, &table), 119_060_324);
/// # Ok::<(), bitmoves_perft::TableError>(())
/// ```
pub fn perft_hashed(board: &Board, depth: u32, table: &Table) -> u128 {
    Search::new(table, None).count(board, depth, 0)
}

/// [`perft_hashed`] that gives up when `stop` is set (by another thread):
/// `None` then, and no count it left unfinished goes into the table. The
/// flag is read at every node three or more plies from the leaves, so the
/// count ends within a perft(3)'s time of it being set.
///
/// ```
/// use bitmoves::Board;
/// use bitmoves_perft::{perft_hashed_until, Table};
/// use std::sync::atomic::AtomicBool;
/// let table = Table::new(1 << 20)?;
/// let board = Board::default();
/// assert_eq!(perft_hashed_until(&board, 4, &table, &AtomicBool::new(false)), Some(197_281));
/// assert_eq!(perft_hashed_until(&board, 30, &table, &AtomicBool::new(true)), None);
/// # Ok::<(), bitmoves_perft::TableError>(())
/// ```
pub fn perft_hashed_until(
    board: &Board,
    depth: u32,
    table: &Table,
    stop: &AtomicBool,
) -> Option<u128> {
    let nodes = Search::new(table, Some(stop)).count(board, depth, 0);
    (!stop.load(Relaxed)).then_some(nodes)
}

/// [`divide`](bitmoves::perft::divide) with a hash table: the count below each legal
/// root move, in move generation order, as [`perft_hashed`] gives it.
///
/// ```
/// use bitmoves::Board;
/// use bitmoves_perft::{divide_hashed, Table};
/// let table = Table::new(1 << 20)?;
/// let split: Vec<_> = divide_hashed(&Board::default(), 3, &table).collect();
/// assert_eq!(split.len(), 20);
/// assert_eq!(split.iter().map(|&(_, nodes)| nodes).sum::<u128>(), 8_902);
/// # Ok::<(), bitmoves_perft::TableError>(())
/// ```
pub fn divide_hashed<'a>(
    board: &'a Board,
    depth: u32,
    table: &'a Table,
) -> impl Iterator<Item = (Move, u128)> + 'a {
    let moves = if depth == 0 {
        Default::default()
    } else {
        board.legal_moves()
    };
    moves.into_iter().map(move |mv| {
        let mut child = *board;
        child.play_unchecked(mv);
        (mv, perft_hashed(&child, depth - 1, table))
    })
}

/// A hashed count in progress: the table, and a list of children for each
/// ply, reused from node to node. All the children of a node are made
/// first and their buckets prefetched, then counted one by one, so the
/// table's cache misses overlap one another and the work (faster than
/// prefetching one child ahead: `docs/hashed-perft.md` has the timings).
struct Search<'a> {
    table: &'a Table,
    children: Vec<Vec<Board>>,
    /// Set when the count is to be given up ([`perft_hashed_until`]).
    stop: Option<&'a AtomicBool>,
}

impl<'a> Search<'a> {
    fn new(table: &'a Table, stop: Option<&'a AtomicBool>) -> Self {
        Self {
            table,
            children: Vec::new(),
            stop,
        }
    }

    /// Whether the count is being given up.
    fn stopped(&self) -> bool {
        self.stop.is_some_and(|stop| stop.load(Relaxed))
    }

    /// The hashed count of a subtree `depth` plies deep, `ply` plies below
    /// where this search started.
    fn count(&mut self, board: &Board, depth: u32, ply: usize) -> u128 {
        if depth < MIN_STORED_DEPTH {
            return u128::from(perft(board, depth));
        }
        let entry = Entry::new(board, depth);
        if let Some(entry) = &entry
            && let Some(nodes) = self.table.probe(entry)
        {
            return u128::from(nodes);
        }
        let nodes = if depth == 2 {
            // Plain perft: it runs the variant this CPU runs best, and
            // makes the pre-frontier nodes' children only to count them.
            u128::from(perft(board, 2))
        } else {
            if self.stopped() {
                return 0;
            }
            if self.children.len() <= ply {
                self.children.resize_with(ply + 1, Vec::new);
            }
            let mut children = core::mem::take(&mut self.children[ply]);
            children.clear();
            // Here depth > 2, so every child's count goes through the
            // table.
            let table = self.table;
            each_child(board, |child| {
                table.prefetch(child.key());
                children.push(*child);
            });
            let mut nodes = 0;
            for child in &children {
                nodes += self.count(child, depth - 1, ply + 1);
            }
            self.children[ply] = children;
            nodes
        };
        // A count cut short by `stop` is not stored.
        if let Some(entry) = &entry
            && !self.stopped()
        {
            self.table.store(entry, nodes);
        }
        nodes
    }
}
