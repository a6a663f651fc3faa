//! Perft against every position of the shared EPD suites: each depth up to
//! about two million nodes in `cargo test`, every listed depth in the
//! ignored `perft_suites_full_depth` test.

mod common;

use common::{SUITES, all_entries, check_all, check_entry, suite};

/// The largest count checked by the default test run.
const QUICK_LIMIT: u64 = 2_000_000;

fn run_suite(file: &str, keep: impl Fn(u32, u64) -> bool + Sync) {
    let entries = suite(file);
    check_all(&entries, 1, |entry| check_entry(entry, &keep));
}

#[test]
fn standard_suite_matches_every_count_up_to_two_million_nodes() {
    run_suite("standard.epd", |_, nodes| nodes <= QUICK_LIMIT);
}

#[test]
fn fischer_suite_matches_every_count_up_to_two_million_nodes() {
    run_suite("fischer.epd", |_, nodes| nodes <= QUICK_LIMIT);
}

#[test]
fn tricky_suite_matches_every_count_up_to_two_million_nodes() {
    run_suite("tricky.epd", |_, nodes| nodes <= QUICK_LIMIT);
}

/// Every listed depth of one suite, positions shared out over all cores.
fn run_suite_full_depth(file: &str) {
    let entries = suite(file);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    check_all(&entries, threads, |entry| check_entry(entry, |_, _| true));
}

/// Every listed depth of `standard.epd` (4.8 billion nodes). Run before
/// resolving movegen work:
/// `cargo test --release -p bitmoves --test perft_suites -- --ignored`.
#[test]
#[ignore = "full depths take minutes; run with --ignored"]
fn full_depth_standard() {
    run_suite_full_depth("standard.epd");
}

/// Every listed depth of `fischer.epd` (524 billion nodes: the long one).
#[test]
#[ignore = "full depths take minutes; run with --ignored"]
fn full_depth_fischer() {
    run_suite_full_depth("fischer.epd");
}

/// Every listed depth of `tricky.epd`.
#[test]
#[ignore = "full depths take minutes; run with --ignored"]
fn full_depth_tricky() {
    run_suite_full_depth("tricky.epd");
}

/// The vendored copies in `tests/data` equal `../shared/perft` when it is
/// present beside the repository, so the suites cannot drift apart.
#[test]
fn vendored_suites_equal_the_shared_ones() {
    let shared = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/perft");
    if !shared.is_dir() {
        eprintln!(
            "note: {} not found; using the vendored suites as they are",
            shared.display()
        );
        return;
    }
    for (name, text) in SUITES {
        let original = std::fs::read_to_string(shared.join(name)).expect("readable shared suite");
        assert!(
            original == text,
            "tests/data/{name} differs from ../shared/perft/{name}: copy it again"
        );
    }
}

/// Bulk counting at the last ply equals making every leaf move, on every
/// suite position at depth 3.
#[test]
fn bulk_perft_equals_full_perft_at_depth_three() {
    for entry in all_entries() {
        let bulk = bitmoves::perft::perft(&entry.board, 3);
        let full = bitmoves::perft::perft_full(&entry.board, 3);
        assert_eq!(bulk, full, "{}:{} {}", entry.file, entry.line, entry.fen);
    }
}
