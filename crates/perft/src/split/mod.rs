//! Deep perft in pieces: split a root into work units, count them anywhere,
//! merge the counts exactly.
//!
//! Every deep perft record is computed the same way: enumerate the
//! positions some plies below the root, merge transpositions while
//! remembering how often each occurs, count each unique position once,
//! multiply, add. From the start position, 8,902 paths lead to ply 3 but
//! only 5,362 positions; at ply 6, 119 million paths lead to 9.4 million.
//!
//! - [`UnitFile::split`] makes the units: each unique position at the
//!   split ply (a [`PositionKey`]) with its multiplicity, in key order.
//! - [`work()`] counts the units of one [`Shard`] into a [`ResultsFile`],
//!   one line per unit as soon as it is counted, skipping units already
//!   there: a killed worker is restarted, not repaired.
//! - [`Merge`] checks that every unit has exactly one count and that the
//!   results belong to this unit file, and adds multiplicity × count in a
//!   `u128`.
//!
//! ```
//! use bitmoves::{Board, perft::perft};
//! use bitmoves_perft::{Counting, split::*};
//! let root = Board::default();
//! let (units, _) = UnitFile::split(&root, 5, 2, SplitOptions::default())?;
//! let mut merge = Merge::new(&units)?;
//! for (index, unit) in units.units().iter().enumerate() {
//!     let count = Counting::Bulk.count(&units.board(unit)?, units.remaining());
//!     merge.add(&ResultLine { index, count, remaining: units.remaining(), checksum: units.checksum() })?;
//! }
//! assert_eq!(merge.total()?, u128::from(perft(&root, 5)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Which positions are the same unit
//!
//! Two positions are one unit exactly when the rules of repetition say
//! they are the same position: the same pieces on the same squares, the
//! same side to move, the same castling rights, and the same en passant
//! square *where an en passant capture is legal*. A [`Board`](bitmoves::Board)
//! keeps its en passant square whenever an enemy pawn stands beside the
//! pawn that made the double step, legal capture or not; the key drops it
//! unless a capture is legal. The move clocks do not count. The Chess960
//! mode is the root's, and only changes how castling rights are written.
//!
//! # The unit file
//!
//! Plain UTF-8 text, lines ended by `\n` (a `\r` before it is tolerated).
//! It starts with seven header lines, in this order:
//!
//! ```text
//! # bitmoves units v1
//! # root: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
//! # depth: 7
//! # ply: 3
//! # units: 5362
//! # paths: 8902
//! # checksum: fnv1a64 8db56604388fdd65
//! ```
//!
//! - `root`: the root position's FEN, as bitmoves writes it.
//! - `depth`: the total depth, at most [`UnitFile::MAX_DEPTH`]; `ply`: the
//!   split ply, at most `depth`.
//! - `units`: the number of unit lines; `paths`: the number of move
//!   sequences from the root to the split ply, `perft(root, ply)`, which is
//!   the sum of the multiplicities.
//! - `checksum`: 64-bit FNV-1a (offset basis `0xcbf29ce484222325`, prime
//!   `0x100000001b3`) over the other six header lines and then every unit
//!   line, in file order, each line's bytes followed by one `\n`; written as
//!   16 lowercase hex digits.
//!
//! Every other non-empty line is one unit, four fields separated by `;`
//! (which no FEN contains):
//!
//! ```text
//! 0;rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 2;4;4
//! ```
//!
//! - the index, 0, 1, 2, … in file order;
//! - the position's FEN, canonical: halfmove clock 0, the fullmove number
//!   the root's advanced by the Black moves of the first `ply` plies, an
//!   en passant square only where the capture is legal, castling as the
//!   root's mode writes it;
//! - the multiplicity, at least 1;
//! - the remaining depth, `depth - ply`.
//!
//! Units are in increasing [`PositionKey`] order, so each appears once.
//! Numbers are plain decimal without signs or leading zeros. Reading
//! checks all of this and recomputes the checksum: a truncated, edited or
//! reordered file is refused with the line at fault.
//!
//! # Results files
//!
//! One line per counted unit (results format 2,
//! [`RESULTS_FORMAT`]), `index;count;depth;checksum;check`: the unit's
//! index, its perft count at the remaining depth (decimal, up to
//! 2<sup>128</sup> − 1, not multiplied by the multiplicity), the remaining
//! depth, the unit file's checksum in 16 lowercase hex digits, and the
//! line check, the 64-bit FNV-1a of the rest of the line. Each line is
//! written with one call and ended by `\n`. A line that fails to read
//! (torn by a worker that died, spliced with another writer's line, cut)
//! is damage: it counts for nothing, and a worker that restarts counts its
//! unit again. Lines of format 1 (`index;count;checksum`) are refused by
//! name. See [`ResultLine`] and [`ResultsReader`].

mod enumerate;
mod error;
mod merge;
mod position_key;
mod results;
mod shard;
mod unit_file;
mod work;
mod worker;

#[cfg(test)]
mod tests;

pub use enumerate::{SplitOptions, SplitStats};
pub use error::{
    MergeError, ResultsError, ResultsProblem, SplitError, UnitFileError, UnitFileProblem,
};
pub use merge::Merge;
pub use position_key::PositionKey;
pub use results::{OpenResultsError, RESULTS_FORMAT, ResultLine, ResultsFile, ResultsReader};
pub use shard::{Shard, ShardError, assign, estimate};
pub use unit_file::{FORMAT_LINE, Unit, UnitFile};
pub use work::{WorkError, WorkSummary, to_do, work, work_parallel};
pub use worker::Worker;
