//! Perft: counting the leaves of the legal move tree, the standard test of
//! a move generator.
//!
//! | function | threads | table | count |
//! |---|---|---|---|
//! | [`perft`], [`perft_full`], [`divide`] | one | no | `u64` |
//! | [`perft_parallel`], [`divide_parallel`], [`divide_parallel_with`] | many | no | `u128` |
//! | [`perft_hashed`], [`divide_hashed`] | one | [`Table`] | `u128` |
//! | [`perft_hashed_parallel`], [`divide_hashed_parallel`] | many | shared [`Table`] | `u128` |
//!
//! `u64` holds every count up to perft(13) of the start position
//! (1,981,066,775,000,976,614); perft(14) and beyond need the `u128`
//! functions. Everything but the first row needs the default `std`
//! feature. [`parse_size`] reads table sizes such as `256M`.
//!
//! ```
//! use bitmoves::{perft::{perft_hashed_parallel, Table}, Board};
//! let table = Table::new(32 << 20)?; // 32 MiB, shared by both threads
//! assert_eq!(perft_hashed_parallel(&Board::default(), 6, &table, 2), 119_060_324);
//! # Ok::<(), bitmoves::perft::TableError>(())
//! ```

use crate::{Board, Move};

#[cfg(feature = "std")]
mod hashed;
#[cfg(feature = "std")]
mod parallel;
mod size;
#[cfg(feature = "std")]
mod table;

#[cfg(feature = "std")]
pub use hashed::{divide_hashed, perft_hashed};
#[cfg(feature = "std")]
pub use parallel::{
    divide_hashed_parallel, divide_parallel, divide_parallel_with, perft_hashed_parallel,
    perft_parallel,
};
pub use size::{SizeError, parse_size};
#[cfg(feature = "std")]
pub use table::{BUCKET_BYTES, Table, TableError};

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
