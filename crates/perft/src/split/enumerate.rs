//! Enumerating the positions a number of plies below a root, with
//! transpositions merged: the table behind [`UnitFile::split`](super::UnitFile::split).

use super::{PositionKey, SplitError};
use bitmoves::Board;
use core::hash::{BuildHasherDefault, Hasher};
use std::{collections::HashMap, vec::Vec};

/// Limits for [`UnitFile::split`](super::UnitFile::split).
///
/// ```
/// use bitmoves_perft::split::SplitOptions;
/// let options = SplitOptions { max_memory: 256 << 20 };
/// assert_eq!(options.max_units(), (256 << 20) / SplitOptions::BYTES_PER_UNIT);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SplitOptions {
    /// The most memory, in bytes, the table of unique positions may take.
    /// The split stops with [`SplitError::TooManyUnits`] instead of
    /// growing past it, and with [`SplitError::OutOfMemory`] where the
    /// machine (or a limit such as `ulimit -v`) gives less.
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

/// A table of positions by key.
type Table<V> = HashMap<PositionKey, V, BuildHasherDefault<KeyHasher>>;

/// Every position `ply` plies below `root` with the number of paths that
/// reach it, sorted by key.
///
/// The walk goes one ply at a time and merges transpositions at every
/// ply, not only the last: positions with equal keys have the same moves
/// and children, so each unique position is expanded once, with its
/// multiplicity passed on to its children. At ply 6 of the start position
/// that makes 25 million table updates instead of 119 million.
pub(super) fn enumerate(
    root: &Board,
    ply: u32,
    options: SplitOptions,
) -> Result<(Counted, SplitStats), SplitError> {
    let max_units = options.max_units();
    let mut stats = SplitStats::default();
    let mut level: Vec<(Board, u64)> = std::vec![(*root, 1)];
    for _ in 1..ply {
        let mut table: Table<(Board, u64)> = Table::default();
        let largest = expand(&level, max_units, |key, child, paths| {
            grow(&mut table)?;
            let entry = table.entry(key).or_insert((child, 0));
            entry.1 = add(entry.1, paths)?;
            Ok(table.len())
        })?;
        stats.table_bytes = stats.table_bytes.max(table_bytes::<(Board, u64)>(largest));
        let mut next = Vec::new();
        next.try_reserve_exact(table.len())
            .map_err(|_| out_of_memory::<(Board, u64)>(table.len()))?;
        next.extend(table.into_values());
        level = next;
    }
    let units = if ply == 0 {
        let key = PositionKey::new(root).ok_or(SplitError::Unencodable)?;
        std::vec![(key, 1)]
    } else {
        let mut table: Table<u64> = Table::default();
        let largest = expand(&level, max_units, |key, _, paths| {
            grow(&mut table)?;
            let count = table.entry(key).or_insert(0);
            *count = add(*count, paths)?;
            Ok(table.len())
        })?;
        stats.table_bytes = stats.table_bytes.max(table_bytes::<u64>(largest));
        drop(level);
        let mut units: Counted = Vec::new();
        units
            .try_reserve_exact(table.len())
            .map_err(|_| out_of_memory::<(PositionKey, u64)>(table.len()))?;
        units.extend(table);
        units.sort_unstable_by_key(|&(key, _)| key);
        units
    };
    stats.units = units.len();
    stats.paths = units
        .iter()
        .try_fold(0u64, |sum, &(_, paths)| sum.checked_add(paths))
        .ok_or(SplitError::Overflow)?;
    Ok((units, stats))
}

/// Makes room in `table` for one more entry, or the out-of-memory error
/// (the table doubles: its next size is what could not be had).
fn grow<V>(table: &mut Table<V>) -> Result<(), SplitError> {
    table.try_reserve(1).map_err(|_| SplitError::OutOfMemory {
        bytes: table_bytes::<V>(table.len().saturating_mul(2)),
    })
}

/// The out-of-memory error for a list of `len` values of type `T`.
fn out_of_memory<T>(len: usize) -> SplitError {
    SplitError::OutOfMemory {
        bytes: len.saturating_mul(core::mem::size_of::<T>()),
    }
}

/// `a + b`, or the overflow error.
fn add(a: u64, b: u64) -> Result<u64, SplitError> {
    a.checked_add(b).ok_or(SplitError::Overflow)
}

/// Hands every child of every position of `level` to `insert(key, child,
/// paths)`, which files it and returns the table's new length; stops when
/// that passes `max_units`. Returns the table's largest length.
fn expand(
    level: &[(Board, u64)],
    max_units: usize,
    mut insert: impl FnMut(PositionKey, Board, u64) -> Result<usize, SplitError>,
) -> Result<usize, SplitError> {
    let mut result = Ok(());
    let mut largest = 0;
    for &(board, paths) in level {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board;
                child.play_unchecked(mv);
                result = PositionKey::new(&child)
                    .ok_or(SplitError::Unencodable)
                    .and_then(|key| insert(key, child, paths))
                    .and_then(|len| {
                        largest = largest.max(len);
                        if len > max_units {
                            Err(SplitError::TooManyUnits { max_units })
                        } else {
                            Ok(len)
                        }
                    })
                    .map(|_| ());
                if result.is_err() {
                    return true;
                }
            }
            false
        });
        result.clone()?;
    }
    Ok(largest)
}

/// An estimate of the bytes of a table holding `len` entries with values
/// of type `V`: the standard table's buckets (a power of two, at most
/// seven eighths full), each an entry and a control byte.
fn table_bytes<V>(len: usize) -> usize {
    let buckets = (len.saturating_mul(8) / 7).next_power_of_two();
    buckets.saturating_mul(core::mem::size_of::<(PositionKey, V)>() + 1)
}
