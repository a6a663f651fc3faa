//! Perft with a [`Table`] of subtree counts: [`perft_hashed`] and
//! [`divide_hashed`], counted in `u128`.

use super::table::Entry;
use super::{Table, perft};
use crate::{Board, Move};

/// The smallest remaining depth whose counts go into the table. Depth 1 is
/// bulk counted from the move generator, cheaper than a table probe.
const MIN_STORED_DEPTH: u32 = 2;

/// [`perft`](super::perft) with a hash table: the count of each subtree of
/// two or more plies is stored in `table`, and a position met again at
/// the same depth (by another move order) is counted once. Counts are
/// `u128`, so no depth overflows them.
///
/// The table may be shared with other threads counting at the same time,
/// and keeps what it learned for the next call.
///
/// ```
/// use bitmoves::{perft::{perft_hashed, Table}, Board};
/// let table = Table::new(16 << 20)?;
/// assert_eq!(perft_hashed(&Board::default(), 6, &table), 119_060_324);
/// # Ok::<(), bitmoves::perft::TableError>(())
/// ```
pub fn perft_hashed(board: &Board, depth: u32, table: &Table) -> u128 {
    count(board, depth, table)
}

/// [`divide`](super::divide) with a hash table: the count below each legal
/// root move, in move generation order, as [`perft_hashed`] gives it.
///
/// ```
/// use bitmoves::{perft::{divide_hashed, Table}, Board};
/// let table = Table::new(1 << 20)?;
/// let split: Vec<_> = divide_hashed(&Board::default(), 3, &table).collect();
/// assert_eq!(split.len(), 20);
/// assert_eq!(split.iter().map(|&(_, nodes)| nodes).sum::<u128>(), 8_902);
/// # Ok::<(), bitmoves::perft::TableError>(())
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

/// The hashed count of a subtree `depth` plies deep.
fn count(board: &Board, depth: u32, table: &Table) -> u128 {
    if depth < MIN_STORED_DEPTH {
        return u128::from(perft(board, depth));
    }
    let entry = Entry::new(board, depth);
    if let Some(entry) = &entry
        && let Some(nodes) = table.probe(entry)
    {
        return u128::from(nodes);
    }
    let nodes = if depth == 2 {
        let mut nodes = 0u64;
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = *board;
                child.play_piece(moves.piece, mv);
                nodes += child.move_count() as u64;
            }
            false
        });
        u128::from(nodes)
    } else {
        // Each child's bucket is prefetched when it is made, and the child
        // counted after the next one is made: the load overlaps a move.
        let mut nodes = 0;
        let mut pending: Option<Board> = None;
        let prefetch = depth > MIN_STORED_DEPTH;
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = *board;
                child.play_piece(moves.piece, mv);
                if prefetch {
                    table.prefetch(child.key());
                }
                if let Some(previous) = pending.replace(child) {
                    nodes += count(&previous, depth - 1, table);
                }
            }
            false
        });
        if let Some(last) = pending {
            nodes += count(&last, depth - 1, table);
        }
        nodes
    };
    if let Some(entry) = &entry {
        table.store(entry, nodes);
    }
    nodes
}
