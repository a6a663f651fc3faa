//! [`Shard`]: which part of a unit file one worker counts, and the stable
//! assignment of units to shards, balanced by estimated cost.

use super::UnitFile;
use bitmoves::{Board, perft::perft};
use core::{cmp::Reverse, fmt, str::FromStr};
use std::{
    collections::{BinaryHeap, TryReserveError},
    string::{String, ToString},
    vec::Vec,
};

/// Shard `index` of `count`, written `I/N` with `0 <= I < N`.
///
/// ```
/// use bitmoves_perft::split::Shard;
/// let shard: Shard = "2/4".parse()?;
/// assert_eq!((shard.index(), shard.count()), (2, 4));
/// assert!("5/4".parse::<Shard>().is_err());
/// assert!("0/0".parse::<Shard>().is_err());
/// assert!("x".parse::<Shard>().is_err());
/// assert!("-1/3".parse::<Shard>().is_err_and(|e| e.to_string().contains("negative")));
/// assert!("1/99999999999".parse::<Shard>().is_err_and(|e| e.to_string().contains("too large")));
/// # Ok::<(), bitmoves_perft::split::ShardError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shard {
    index: u32,
    count: u32,
}

/// Why a shard could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShardError {
    /// The text is not `I/N` with whole numbers.
    Syntax {
        /// The text given.
        text: String,
    },
    /// `I` or `N` is negative.
    Negative {
        /// The text given.
        text: String,
    },
    /// `I` or `N` is a whole number too large for any shard (beyond
    /// 2<sup>32</sup> − 1).
    TooLarge {
        /// The text given.
        text: String,
    },
    /// `N` is 0.
    NoShards,
    /// `I` is not below `N`.
    OutOfRange {
        /// The index given.
        index: u32,
        /// The number of shards given.
        count: u32,
    },
    /// An environment variable the shard is read from is not set.
    MissingVariable {
        /// The variable's name.
        name: &'static str,
    },
    /// An environment variable holds something other than a whole number.
    BadVariable {
        /// The variable's name.
        name: &'static str,
        /// What it held.
        value: String,
    },
}

impl fmt::Display for ShardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Syntax { text } => write!(
                f,
                "shard \"{text}\" is not I/N (for example 0/4, the first of four shards)"
            ),
            Self::Negative { text } => {
                write!(f, "shard \"{text}\": shard numbers cannot be negative")
            }
            Self::TooLarge { text } => write!(
                f,
                "shard \"{text}\": a number is too large (at most {})",
                u32::MAX
            ),
            Self::NoShards => f.write_str("the number of shards must be at least 1"),
            Self::OutOfRange { index, count } => write!(
                f,
                "shard index {index} is out of range for {count} shards (0 to {})",
                count.saturating_sub(1)
            ),
            Self::MissingVariable { name } => write!(f, "{name} is not set"),
            Self::BadVariable { name, value } => {
                write!(f, "{name} is \"{value}\", not a whole number")
            }
        }
    }
}

impl std::error::Error for ShardError {}

impl Shard {
    /// The environment variables of a Slurm array task that
    /// [`Shard::from_env`] reads: the task's index and the array's size.
    pub const SLURM_VARIABLES: [&'static str; 2] =
        ["SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT"];

    /// Shard `index` of `count`.
    pub fn new(index: u32, count: u32) -> Result<Self, ShardError> {
        if count == 0 {
            Err(ShardError::NoShards)
        } else if index >= count {
            Err(ShardError::OutOfRange { index, count })
        } else {
            Ok(Self { index, count })
        }
    }

    /// The shard's index, from 0.
    pub fn index(self) -> u32 {
        self.index
    }

    /// The number of shards.
    pub fn count(self) -> u32 {
        self.count
    }

    /// The shard of a Slurm array task: `SLURM_ARRAY_TASK_ID` of
    /// `SLURM_ARRAY_TASK_COUNT`, with `var` looking variables up (pass
    /// `|name| std::env::var(name).ok()`). This needs an array numbered
    /// from 0 (`--array=0-3`); a resubmitted single task has a count of 1,
    /// so scripts should pass `--shard "$SLURM_ARRAY_TASK_ID/N"` instead.
    ///
    /// ```
    /// use bitmoves_perft::split::Shard;
    /// let env = |name: &str| match name {
    ///     "SLURM_ARRAY_TASK_ID" => Some("3".to_string()),
    ///     "SLURM_ARRAY_TASK_COUNT" => Some("8".to_string()),
    ///     _ => None,
    /// };
    /// assert_eq!(Shard::from_env(env)?, Shard::new(3, 8)?);
    /// # Ok::<(), bitmoves_perft::split::ShardError>(())
    /// ```
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Result<Self, ShardError> {
        let read = |name: &'static str| {
            let value = var(name).ok_or(ShardError::MissingVariable { name })?;
            parse_number(value.trim()).ok_or(ShardError::BadVariable { name, value })
        };
        let [id, count] = Self::SLURM_VARIABLES;
        Self::new(read(id)?, read(count)?)
    }

    /// The indices of the units of `units` that fall to this shard, in
    /// increasing order (see [`assign`]).
    ///
    /// # Errors
    ///
    /// Where the memory for the lists (about 40 bytes a unit) cannot be
    /// had.
    pub fn units(self, units: &UnitFile) -> Result<Vec<usize>, TryReserveError> {
        let assignment = assign(units, self.count)?;
        let mine = assignment.iter().filter(|&&shard| shard == self.index);
        let mut indices = Vec::new();
        indices.try_reserve_exact(mine.count())?;
        indices.extend(
            assignment
                .iter()
                .enumerate()
                .filter(|&(_, &shard)| shard == self.index)
                .map(|(index, _)| index),
        );
        Ok(indices)
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<Self, ShardError> {
        let syntax = || ShardError::Syntax {
            text: text.to_string(),
        };
        let (index, count) = text.split_once('/').ok_or_else(syntax)?;
        let number = |part: &str| {
            let digits = part.strip_prefix('-').unwrap_or(part);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                Err(syntax())
            } else if digits.len() < part.len() {
                Err(ShardError::Negative {
                    text: text.to_string(),
                })
            } else {
                parse_number(part).ok_or_else(|| ShardError::TooLarge {
                    text: text.to_string(),
                })
            }
        };
        Self::new(number(index)?, number(count)?)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// A whole number: ASCII digits only, fitting a `u32`.
fn parse_number(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// The shard of each unit, for `shards` shards (at least 1): greedy by
/// estimated cost. Units are taken from the most expensive down (ties by
/// index) and each goes to the shard with the least estimated work so far
/// (ties to the lowest shard). The result depends only on the unit file
/// and `shards`, so every worker computes the same assignment on its own.
///
/// # Errors
///
/// Where the memory for the lists (about 40 bytes a unit) cannot be had:
/// a machine short of memory gets an error, not an abort.
pub fn assign(units: &UnitFile, shards: u32) -> Result<Vec<u32>, TryReserveError> {
    let shards = shards.max(1);
    let remaining = units.remaining();
    let len = units.units().len();
    let mut costs: Vec<u128> = Vec::new();
    costs.try_reserve_exact(len)?;
    costs.extend(units.units().iter().map(|unit| {
        units
            .board(unit)
            .map_or(1, |board| estimate(&board, remaining))
    }));
    let mut order: Vec<usize> = Vec::new();
    order.try_reserve_exact(len)?;
    order.extend(0..len);
    order.sort_unstable_by_key(|&index| (Reverse(costs[index]), index));
    // Shards beyond the number of units get none: with each unit going to
    // the least loaded (then lowest) shard, the first `len` shards take
    // them all, so only those are kept, whatever `shards` is.
    let kept = u32::try_from(costs.len()).map_or(shards, |len| shards.min(len.max(1)));
    let mut loads: BinaryHeap<Reverse<(u128, u32)>> = BinaryHeap::new();
    loads.try_reserve_exact(kept as usize)?;
    loads.extend((0..kept).map(|shard| Reverse((0, shard))));
    let mut assignment = Vec::new();
    assignment.try_reserve_exact(len)?;
    assignment.resize(len, 0);
    for index in order {
        if let Some(Reverse((load, shard))) = loads.pop() {
            assignment[index] = shard;
            loads.push(Reverse((load.saturating_add(costs[index]), shard)));
        }
    }
    Ok(assignment)
}

/// An estimate of `perft(board, depth)`, the cost of counting a unit, from
/// the moves of both sides one and two plies down: the side to move's
/// branching and the average number of replies, alternated. Integer
/// arithmetic only, so that it is the same on every machine.
///
/// ```
/// use bitmoves::Board;
/// use bitmoves_perft::split::estimate;
/// let board = Board::default();
/// assert_eq!(estimate(&board, 2), 400);
/// let guess = estimate(&board, 5); // perft 5 is 4,865,609
/// assert!((3_000_000..8_000_000).contains(&guess));
/// ```
pub fn estimate(board: &Board, depth: u32) -> u128 {
    let moves = board.move_count() as u128;
    match depth {
        0 => 1,
        1 => moves,
        _ if moves == 0 => 1,
        _ => {
            let two = u128::from(perft(board, 2));
            // Replies per move, in 256ths.
            let replies = (two * 256 / moves).max(1);
            let mut guess = two;
            for ply in 3..=depth {
                guess = if ply % 2 == 1 {
                    guess.saturating_mul(moves)
                } else {
                    guess.saturating_mul(replies) >> 8
                };
            }
            guess.max(1)
        }
    }
}
