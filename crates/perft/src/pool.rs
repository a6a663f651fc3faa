//! The work pool, the one place this crate starts threads: every parallel
//! count (plain, hashed, and the units of a deep-perft shard) hands it a
//! list of work items, and the threads take them one at a time through one
//! atomic index until none is left or a worker says stop. A thread that
//! draws small items simply takes more of them.
//!
//! [`UNITS_PER_THREAD`] is its one tuning constant; [`count`] is the
//! one-thread count that every item's work ends in, in `u128` and never
//! overflowing.

use bitmoves::{Board, perft::each_child};
use std::{
    sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed},
    thread::{Scope, ScopedJoinHandle},
};

/// How many work items per thread a parallel count wants before it stops
/// splitting them smaller: perft splits its root until there are this many
/// positions per thread, and a deep-perft shard has its threads take whole
/// units only from this many units per thread up (below it, each unit is
/// counted by all the threads). The last items to finish then leave the
/// other threads idle for a small part of the run. `docs/performance.md`
/// (*Threads*) has the measurement that chose it.
pub const UNITS_PER_THREAD: usize = 16;

/// The deepest perft that provably fits a `u64`: no position has more than
/// 218 legal moves, and 218<sup>8</sup> < 2<sup>64</sup> <
/// 218<sup>9</sup>. [`count`] adds `u64` subtotals from this depth up in
/// `u128`.
pub const U64_SAFE_DEPTH: u32 = 8;

/// `leaf(board, depth)`, a perft count in `u64` such as
/// [`perft`](bitmoves::perft::perft), taken in `u128` without overflow at
/// any depth: subtrees of at most [`U64_SAFE_DEPTH`] plies are counted by
/// `leaf`, and their sums kept in a `u128`.
///
/// ```
/// use bitmoves::{perft::perft, Board};
/// assert_eq!(bitmoves_perft::count(&Board::default(), 4, perft), 197_281);
/// ```
pub fn count(board: &Board, depth: u32, leaf: impl Fn(&Board, u32) -> u64 + Copy) -> u128 {
    if depth <= U64_SAFE_DEPTH {
        return u128::from(leaf(board, depth));
    }
    let mut nodes = 0u128;
    each_child(board, |child| nodes += count(child, depth - 1, leaf));
    nodes
}

/// Runs `work` over `items` on `threads` threads (0 is taken as 1, and no
/// more are started than there are items); the calling thread is one of
/// them. Where the system refuses a thread (a process or memory limit),
/// the work is shared among those that started: same result, less speed. Each thread starts from its own `init()` state and hands it to
/// `work` with each item it takes; when `work` returns `false`, every
/// thread stops taking items (those in hand are finished). Returns the
/// threads' states, the calling thread's first.
///
/// A panic in `work` is a bug: it is passed on to the caller.
pub(crate) fn run<T: Sync, S: Send>(
    items: &[T],
    threads: usize,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, &T) -> bool + Sync,
) -> Vec<S> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let worker = || {
        let mut state = init();
        while !stop.load(Relaxed) {
            let Some(item) = items.get(next.fetch_add(1, Relaxed)) else {
                break;
            };
            if !work(&mut state, item) {
                stop.store(true, Relaxed);
            }
        }
        state
    };
    let threads = threads.clamp(1, items.len().max(1));
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads).map_while(|_| spawn(scope, worker)).collect();
        let mut states = Vec::with_capacity(threads);
        states.push(worker());
        for helper in helpers {
            states.push(
                helper
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            );
        }
        states
    })
}

/// Starts a helper thread in `scope`, or `None` where the system refuses
/// one.
fn spawn<'scope, S: Send + 'scope>(
    scope: &'scope Scope<'scope, '_>,
    worker: impl FnOnce() -> S + Send + 'scope,
) -> Option<ScopedJoinHandle<'scope, S>> {
    #[cfg(test)]
    if tests::REFUSE_AFTER.with(|left| {
        let refuse = left.get() == Some(0);
        left.set(left.get().map(|n| n.saturating_sub(1)));
        refuse
    }) {
        return None;
    }
    std::thread::Builder::new().spawn_scoped(scope, worker).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitmoves::perft::perft;
    use std::cell::Cell;

    std::thread_local! {
        /// How many more threads this test thread's pool may start before
        /// the "system" refuses the rest (`None`: no limit).
        pub(super) static REFUSE_AFTER: Cell<Option<usize>> = const { Cell::new(None) };
    }

    /// The law: where the system refuses threads, the threads that did
    /// start (the calling one at least) take every item, once.
    #[test]
    fn refused_threads_leave_the_work_to_those_that_started() {
        let items: Vec<usize> = (0..500).collect();
        for started in [0, 1, 5] {
            REFUSE_AFTER.with(|left| left.set(Some(started)));
            let states = run(&items, 64, Vec::new, |taken, &item| {
                taken.push(item);
                true
            });
            REFUSE_AFTER.with(|left| left.set(None));
            assert_eq!(states.len(), started + 1);
            let mut all: Vec<usize> = states.into_iter().flatten().collect();
            all.sort_unstable();
            assert_eq!(all, items, "{started} helpers started");
        }
    }

    /// The law: the pool hands out every item exactly once, whatever the
    /// number of threads, and stops early when told.
    #[test]
    fn every_item_is_taken_once_and_stop_stops() {
        let items: Vec<usize> = (0..1000).collect();
        for threads in [0, 1, 2, 3, 8, 2000] {
            let states = run(&items, threads, Vec::new, |taken, &item| {
                taken.push(item);
                true
            });
            assert!(states.len() <= threads.max(1));
            let mut all: Vec<usize> = states.into_iter().flatten().collect();
            all.sort_unstable();
            assert_eq!(all, items, "{threads} threads");
        }
        let states = run(
            &items,
            1,
            || 0,
            |taken, _| {
                *taken += 1;
                *taken < 10
            },
        );
        assert_eq!(states, [10]);
        assert!(run(&[] as &[u8], 4, || 0, |_, _| true) == [0]);
    }

    /// The law: [`count`] adds in `u128`, so leaves whose counts are near
    /// `u64::MAX` sum exactly where a `u64` sum would wrap.
    #[test]
    fn counts_near_u64_max_add_up_without_overflow() {
        let board = Board::default();
        let near = u64::MAX - 7;
        // At U64_SAFE_DEPTH + 1 the root's 20 children are each counted
        // by the leaf.
        let nodes = count(&board, U64_SAFE_DEPTH + 1, |_, _| near);
        assert_eq!(nodes, 20 * u128::from(near));
        assert!(nodes > u128::from(u64::MAX));
        // Two plies above the leaves: 400 leaves.
        let nodes = count(&board, U64_SAFE_DEPTH + 2, |_, _| near);
        assert_eq!(nodes, 400 * u128::from(near));
        // Within the safe depth the leaf counts all of it.
        assert_eq!(count(&board, 4, perft), 197_281);
    }
}
