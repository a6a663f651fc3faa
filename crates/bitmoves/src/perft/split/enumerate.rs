//! Enumerating the positions a number of plies below a root, with
//! transpositions merged: the table behind [`UnitFile::split`](super::UnitFile::split).

use super::{PositionKey, SplitError};
use crate::Board;
use core::hash::{BuildHasherDefault, Hasher};
use std::{collections::HashMap, vec::Vec};

/// Limits for [`UnitFile::split`](super::UnitFile::split).
///
/// ```
/// use bitmoves::perft::split::SplitOptions;
/// let options = SplitOptions { max_memory: 256 << 20 };
/// assert_eq!(options.max_units(), (256 << 20) / SplitOptions::BYTES_PER_UNIT);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SplitOptions {
    /// The most memory, in bytes, the table of unique positions may take.
    /// The split stops with [`SplitError::TooManyUnits`] instead of
    /// growing past it.
    pub max_memory: usize,
}

impl SplitOptions {
    /// Memory per unique position, a generous bound: a table entry (a
    /// 24-byte key and an 8-byte multiplicity, a control byte, and the
    /// table's spare capacity and regrowth) and the sorted list made from
    /// the table afterwards. Measured peaks stay below it.
    pub const BYTES_PER_UNIT: usize = 112;

    /// The most unique positions that fit in [`SplitOptions::max_memory`].
    pub fn max_units(&self) -> usize {
        self.max_memory / Self::BYTES_PER_UNIT
    }
}

impl Default for SplitOptions {
    /// 8 GiB: enough for ply 6 of most middlegame positions (ply 6 of the
    /// start position is 9.4 million units, about a gigabyte).
    fn default() -> Self {
        Self {
            max_memory: 8 << 30,
        }
    }
}

/// What a split cost, for reporting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SplitStats {
    /// Paths from the root to the split ply: `perft(root, ply)`, the sum of
    /// the units' multiplicities.
    pub paths: u64,
    /// Unique positions at the split ply: the units.
    pub units: usize,
    /// The table's size in bytes when it was largest (entries, control
    /// bytes and spare capacity).
    pub table_bytes: usize,
}

/// Positions with their multiplicities, sorted by key.
pub(super) type Counted = Vec<(PositionKey, u64)>;

/// The hasher of the split's table: keys hash themselves into one mixed
/// word (see `PositionKey`'s `Hash`), which this passes through.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Not used by `PositionKey`; FNV-1a keeps it correct for anything.
        for &byte in bytes {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = word;
    }
}

type Table = HashMap<PositionKey, u64, BuildHasherDefault<KeyHasher>>;

/// Every position `ply` plies below `root` with the number of paths that
/// reach it, sorted by key.
pub(super) fn enumerate(
    root: &Board,
    ply: u32,
    options: SplitOptions,
) -> Result<(Counted, SplitStats), SplitError> {
    let mut walk = Walk {
        table: Table::default(),
        max_units: options.max_units(),
        stats: SplitStats::default(),
    };
    walk.visit(root, ply)?;
    walk.note_size();
    let Walk {
        table, mut stats, ..
    } = walk;
    stats.units = table.len();
    let mut units: Counted = table.into_iter().collect();
    units.sort_unstable_by_key(|&(key, _)| key);
    Ok((units, stats))
}

/// The state of the depth-first walk.
struct Walk {
    table: Table,
    max_units: usize,
    stats: SplitStats,
}

impl Walk {
    /// Walks `plies` further down from `board`, counting each position
    /// reached at the bottom.
    fn visit(&mut self, board: &Board, plies: u32) -> Result<(), SplitError> {
        if plies == 0 {
            return self.insert(board);
        }
        let mut result = Ok(());
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = *board;
                child.play_piece(moves.piece, mv);
                result = self.visit(&child, plies - 1);
                if result.is_err() {
                    return true;
                }
            }
            false
        });
        result
    }

    /// Counts one more path to `board`.
    fn insert(&mut self, board: &Board) -> Result<(), SplitError> {
        let key = PositionKey::new(board).ok_or(SplitError::Unencodable)?;
        self.stats.paths = self
            .stats
            .paths
            .checked_add(1)
            .ok_or(SplitError::Overflow)?;
        let full = self.table.len() == self.table.capacity();
        if let Some(count) = self.table.get_mut(&key) {
            *count = count.checked_add(1).ok_or(SplitError::Overflow)?;
            return Ok(());
        }
        if self.table.len() >= self.max_units {
            return Err(SplitError::TooManyUnits {
                max_units: self.max_units,
            });
        }
        if full {
            // About to grow: the old size was the largest so far.
            self.note_size();
        }
        self.table.insert(key, 1);
        Ok(())
    }

    /// Records the table's current size if it is the largest yet.
    fn note_size(&mut self) {
        let entry = core::mem::size_of::<(PositionKey, u64)>() + 1;
        let bytes = self.table.capacity() * entry;
        self.stats.table_bytes = self.stats.table_bytes.max(bytes);
    }
}
