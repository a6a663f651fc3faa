//! Hashed perft against the shared EPD suites and plain perft: every
//! position at its deepest listed depth up to a few million nodes in
//! `cargo test`, every listed depth in the ignored full-depth tests; big
//! tables and tiny ones (one bucket, so every store replaces another),
//! one thread and several sharing a table.

// The perft suites and their reader are the core crate's.
#[path = "../../bitmoves/tests/common/mod.rs"]
mod common;

use bitmoves::{Board, FenOptions, perft};
use bitmoves_perft::{
    Table, divide_hashed, divide_hashed_parallel, perft_hashed, perft_hashed_parallel,
};
use common::{SuiteEntry, all_entries};
use std::fmt::Write;

/// The largest count the default run checks per position.
const QUICK_LIMIT: u64 = 3_000_000;

/// How a position is counted with a table.
#[derive(Clone, Copy, Debug)]
enum Mode {
    /// `perft_hashed` on the calling thread.
    Single,
    /// `perft_hashed_parallel` with this many threads.
    Parallel(usize),
}

/// The count of `board` at `depth` in `mode`.
fn count(board: &Board, depth: u32, table: &Table, mode: Mode) -> u128 {
    match mode {
        Mode::Single => perft_hashed(board, depth, table),
        Mode::Parallel(threads) => perft_hashed_parallel(board, depth, table, threads),
    }
}

/// Checks the deepest listed depth of `entry` whose count passes `keep`;
/// a failure report names the FEN, depth, mode, both counts, and the
/// hashed divide beside the plain one.
fn check(
    entry: &SuiteEntry,
    table: &Table,
    mode: Mode,
    keep: impl Fn(u64) -> bool,
) -> Option<String> {
    let &(depth, expected) = entry.counts.iter().rev().find(|&&(_, n)| keep(n))?;
    let actual = count(&entry.board, depth, table, mode);
    if actual == u128::from(expected) {
        return None;
    }
    let mut report = format!(
        "{}:{}: hashed perft mismatch ({mode:?}, {} byte table)\n  fen:      {}\n  depth:    {depth}\n  expected: {expected}\n  actual:   {actual}\n  divide (hashed, plain):\n",
        entry.file,
        entry.line,
        table.bytes(),
        entry.fen
    );
    let plain = perft::divide(&entry.board, depth);
    for ((mv, hashed), (_, plain)) in divide_hashed(&entry.board, depth, table).zip(plain) {
        let _ = writeln!(report, "    {mv}: {hashed} {plain}");
    }
    Some(report)
}

/// Runs `check` over `entries` on `workers` threads sharing `table`, and
/// fails with every report.
fn check_all(
    entries: &[SuiteEntry],
    table: &Table,
    mode: Mode,
    workers: usize,
    keep: impl Fn(u64) -> bool + Sync,
) {
    common::check_all(entries, workers, |entry| check(entry, table, mode, &keep));
}

fn table(bytes: usize) -> Table {
    Table::new(bytes).expect("test tables are small")
}

#[test]
fn every_suite_position_matches_with_a_shared_table_on_one_thread_each() {
    // Two positions at a time, both writing the one table.
    check_all(&all_entries(), &table(16 << 20), Mode::Single, 2, |n| {
        n <= QUICK_LIMIT
    });
}

#[test]
fn every_suite_position_matches_with_threads_sharing_a_table() {
    check_all(
        &all_entries(),
        &table(16 << 20),
        Mode::Parallel(3),
        1,
        |n| n <= QUICK_LIMIT,
    );
}

/// One bucket of four slots for the whole count: every store evicts
/// another, every probe sees positions with other keys, and with threads
/// several writers hit the same slots at once, so torn entries must be
/// caught by the check word.
#[test]
fn a_one_bucket_table_forces_collisions_and_still_counts_exactly() {
    let tiny = table(bitmoves_perft::BUCKET_BYTES);
    assert_eq!(tiny.capacity(), 4);
    let entries = all_entries();
    check_all(&entries, &tiny, Mode::Single, 2, |n| n <= QUICK_LIMIT / 3);
    check_all(&entries, &tiny, Mode::Parallel(4), 1, |n| {
        n <= QUICK_LIMIT / 3
    });
}

/// A few kilobytes: replacements on every bucket, across suite positions.
#[test]
fn a_four_kilobyte_table_replaces_entries_and_still_counts_exactly() {
    check_all(&all_entries(), &table(4 << 10), Mode::Parallel(2), 1, |n| {
        n <= QUICK_LIMIT
    });
}

/// The Polyglot key counts castling rights by side. Here White's king has
/// two rooks on its king side, and only which one may castle differs:
/// with the g1 rook, castling puts the king on g1 and the rook on f1;
/// with the h1 rook, g1 is blocked. The table must keep the two apart.
#[test]
fn chess960_rights_that_differ_only_by_rook_file_are_different_entries() {
    let options = FenOptions {
        chess960: true,
        ..FenOptions::default()
    };
    let parse = |fen| Board::from_fen_with(fen, options).expect("valid Chess960 position");
    let inner = parse("4k3/8/8/8/8/8/8/4K1RR w G - 0 1");
    let outer = parse("4k3/8/8/8/8/8/8/4K1RR w H - 0 1");
    assert_eq!(
        inner.key(),
        outer.key(),
        "the Polyglot key cannot tell them apart"
    );
    assert_ne!(perft::perft(&inner, 1), perft::perft(&outer, 1));
    for depth in 2..=4 {
        let shared = table(1 << 20);
        for board in [inner, outer, inner, outer] {
            assert_eq!(
                perft_hashed(&board, depth, &shared),
                u128::from(perft::perft(&board, depth)),
                "{board} depth {depth}"
            );
        }
    }
}

#[test]
fn hashed_divides_equal_the_plain_divide_and_reuse_the_table() {
    let board: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
        .parse()
        .expect("kiwipete");
    let plain: Vec<_> = perft::divide(&board, 4)
        .map(|(mv, n)| (mv, u128::from(n)))
        .collect();
    let mut shared = table(1 << 20);
    for _ in 0..2 {
        assert_eq!(divide_hashed(&board, 4, &shared).collect::<Vec<_>>(), plain);
        assert_eq!(divide_hashed_parallel(&board, 4, &shared, 2), plain);
    }
    shared.clear();
    assert_eq!(divide_hashed_parallel(&board, 4, &shared, 3), plain);
}

#[test]
fn depths_zero_and_one_need_no_table() {
    let shared = table(1 << 10);
    let board = Board::default();
    for threads in [1, 2] {
        assert_eq!(perft_hashed_parallel(&board, 0, &shared, threads), 1);
        assert_eq!(perft_hashed_parallel(&board, 1, &shared, threads), 20);
    }
    assert_eq!(perft_hashed(&board, 0, &shared), 1);
    assert_eq!(divide_hashed(&board, 0, &shared).count(), 0);
    assert!(divide_hashed_parallel(&board, 0, &shared, 2).is_empty());
    // Checkmate: no moves at any depth.
    let mate: Board = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
        .parse()
        .expect("fool's mate");
    assert_eq!(perft_hashed(&mate, 5, &shared), 0);
    assert_eq!(perft_hashed_parallel(&mate, 5, &shared, 2), 0);
}

/// Every listed depth of one suite, on all cores, in both modes: first a
/// position per thread with `perft_hashed`, then each position with
/// `perft_hashed_parallel` on all threads; each with a 256 MiB table and
/// with a 1 MiB one (replacements all the time).
fn full_depth(file: &str) {
    let entries: Vec<_> = all_entries()
        .into_iter()
        .filter(|e| e.file == file)
        .collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    for bytes in [256 << 20, 1 << 20] {
        let shared = table(bytes);
        check_all(&entries, &shared, Mode::Single, threads, |_| true);
        check_all(&entries, &shared, Mode::Parallel(threads), 1, |_| true);
    }
}

/// `cargo test --release -p bitmoves-perft --test perft_hashed -- --ignored`.
#[test]
#[ignore = "full depths take minutes; run with --ignored"]
fn full_depth_standard_hashed() {
    full_depth("standard.epd");
}

/// Chess960 (the long one).
#[test]
#[ignore = "full depths take minutes; run with --ignored"]
fn full_depth_fischer_hashed() {
    full_depth("fischer.epd");
}

#[test]
#[ignore = "full depths take minutes; run with --ignored"]
fn full_depth_tricky_hashed() {
    full_depth("tricky.epd");
}

/// `perft_hashed_until`: a count stopped from another thread gives `None`
/// and leaves no partial count in the table, so the same table then
/// counts the same tree exactly; a count never stopped is
/// `perft_hashed`'s, and one stopped before it starts counts nothing.
#[test]
fn a_stopped_hashed_count_gives_none_and_stores_no_partial_count() {
    use bitmoves_perft::perft_hashed_until;
    use std::sync::atomic::{AtomicBool, Ordering};
    let board = Board::default();
    let table = table(1 << 20);
    let stop = AtomicBool::new(false);
    let stopped = std::thread::scope(|scope| {
        let counting = scope.spawn(|| perft_hashed_until(&board, 6, &table, &stop));
        std::thread::sleep(std::time::Duration::from_millis(5));
        stop.store(true, Ordering::Relaxed);
        counting.join().unwrap()
    });
    // Stopped, or (on a machine fast enough) finished before the stop.
    assert!(matches!(stopped, None | Some(119_060_324)), "{stopped:?}");
    assert_eq!(perft_hashed(&board, 6, &table), 119_060_324);
    let never = AtomicBool::new(false);
    assert_eq!(
        perft_hashed_until(&board, 5, &table, &never),
        Some(4_865_609)
    );
    let at_once = AtomicBool::new(true);
    assert_eq!(perft_hashed_until(&board, 30, &table, &at_once), None);
}
