//! [`Worker`]: how a deep-perft worker counts its shard, whole units per
//! thread or each unit on all the threads, and the name of the results
//! file it writes.

use super::{ResultsFile, Shard, UnitFile, WorkError, WorkSummary, to_do, work, work_parallel};
use crate::{Counting, UNITS_PER_THREAD};
use bitmoves::Board;

/// A deep-perft worker: how it counts each unit, and on how many threads.
///
/// ```
/// use bitmoves::Board;
/// use bitmoves_perft::{Counting, split::{ResultsFile, Shard, SplitOptions, UnitFile, Worker}};
/// let (units, _) = UnitFile::split(&Board::default(), 4, 2, SplitOptions::default())?;
/// let shard = Shard::new(0, 1)?;
/// let path = std::env::temp_dir()
///     .join(format!("bitmoves-worker-doctest-{}", std::process::id()))
///     .join(ResultsFile::name(shard));
/// # std::fs::create_dir_all(path.parent().unwrap())?;
/// let mut results = ResultsFile::open(&path, &units)?;
/// let worker = Worker { counting: Counting::Bulk, threads: 2 };
/// let summary = worker.work(&units, shard, &mut results, |_, _, _| {})?;
/// assert_eq!((summary.counted, summary.nodes), (400, 197_281));
/// # std::fs::remove_dir_all(path.parent().unwrap())?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Worker<'a> {
    /// How each unit is counted: bulk, full, or hashed in a table shared
    /// by the threads and kept from unit to unit.
    pub counting: Counting<'a>,
    /// Threads to count with (0 is taken as 1).
    pub threads: usize,
}

impl Worker<'_> {
    /// Counts the units of `shard` that `results` does not have yet, as
    /// [`work()`] does. With at least [`UNITS_PER_THREAD`] units per thread
    /// left to count, the threads take whole units ([`work_parallel`]),
    /// which costs no synchronisation inside a unit and keeps a table's
    /// hits in one thread's cache; with fewer, each unit is counted on all
    /// the threads, so that a shard of a few large units keeps them busy.
    ///
    /// # Errors
    ///
    /// As [`work()`]: a result that cannot be written, or a unit whose
    /// position does not set up.
    pub fn work(
        &self,
        units: &UnitFile,
        shard: Shard,
        results: &mut ResultsFile,
        progress: impl FnMut(&WorkSummary, usize, u128) + Send,
    ) -> Result<WorkSummary, WorkError> {
        let threads = self.threads.max(1);
        let todo = to_do(units, shard, results)?.0.len();
        let counting = self.counting;
        if threads > 1 && todo >= UNITS_PER_THREAD * threads {
            let count = |board: &Board, depth| counting.count(board, depth);
            work_parallel(units, shard, results, threads, count, progress)
        } else {
            let count = |board: &Board, depth| counting.count_parallel(board, depth, threads);
            work(units, shard, results, count, progress)
        }
    }
}

impl ResultsFile {
    /// The name of `shard`'s results file, `shard-I-of-N.results`: the
    /// name a worker writes to in its results directory, and the name
    /// [`ResultsFile::shard_of`] reads back.
    ///
    /// ```
    /// use bitmoves_perft::split::{ResultsFile, Shard};
    /// let shard = Shard::new(3, 8)?;
    /// assert_eq!(ResultsFile::name(shard), "shard-3-of-8.results");
    /// assert_eq!(ResultsFile::shard_of("shard-3-of-8.results"), Some(shard));
    /// # Ok::<(), bitmoves_perft::split::ShardError>(())
    /// ```
    pub fn name(shard: Shard) -> String {
        format!("shard-{}-of-{}.results", shard.index(), shard.count())
    }

    /// The shard whose results file is named `name` (see
    /// [`ResultsFile::name`]), or `None` for any other name.
    pub fn shard_of(name: &str) -> Option<Shard> {
        let (index, count) = name
            .strip_suffix(".results")?
            .strip_prefix("shard-")?
            .split_once("-of-")?;
        let number = |text: &str| {
            // Plain decimal, as `name` writes it: no sign, no leading zero.
            let plain = text.bytes().all(|b| b.is_ascii_digit())
                && !(text.len() > 1 && text.starts_with('0'));
            plain.then(|| text.parse().ok()).flatten()
        };
        Shard::new(number(index)?, number(count)?).ok()
    }
}
