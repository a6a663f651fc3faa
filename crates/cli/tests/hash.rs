//! `bitmoves perft --hash SIZE`: the same counts as without a table, with
//! threads, divide and every size spelling; a one-line error for every
//! size that is malformed or cannot be allocated.

mod common;

use common::{assert_error, nodes_searched, stdout};

#[test]
fn hashed_counts_equal_the_plain_ones_for_every_size_spelling() {
    for size in ["64K", "1M", "1m", "2MiB", "65536", "64", "0"] {
        let out = stdout(&["perft", "kiwipete", "4", "--hash", size]);
        assert_eq!(nodes_searched(&out), 4_085_603, "--hash {size}");
    }
}

#[test]
fn hash_combines_with_threads_and_divide() {
    let plain = stdout(&["perft", "pos3", "5", "--divide"]);
    for threads in ["1", "2", "3"] {
        let hashed = stdout(&[
            "perft",
            "pos3",
            "5",
            "--divide",
            "--hash",
            "256K",
            "--threads",
            threads,
        ]);
        assert_eq!(hashed, plain, "--threads {threads}");
    }
    assert_eq!(nodes_searched(&plain), 674_624);
}

#[test]
fn a_chess960_position_counts_exactly_with_a_tiny_table() {
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let out = stdout(&["perft", fen, "4", "--hash", "4K", "--threads", "2"]);
    assert_eq!(nodes_searched(&out), 326_672);
}

/// `perft startpos 3 --hash SIZE`.
fn perft(size: &str) -> [&str; 5] {
    ["perft", "startpos", "3", "--hash", size]
}

#[test]
fn malformed_sizes_are_one_line_errors() {
    assert_error(&perft("12X"), "unknown unit");
    assert_error(&perft("-1"), "cannot be negative");
    assert_error(&perft("1.5G"), "unknown unit");
    assert_error(&perft("G"), "whole number");
    assert_error(&perft(""), "empty");
    assert_error(&perft("99999999999999999999"), "too large");
    assert_error(&perft("99999999999T"), "too large");
    assert_error(&["perft", "startpos", "3", "--hash"], "--hash");
}

#[test]
fn sizes_that_cannot_be_allocated_are_one_line_errors() {
    // 64 PiB: more than any x86-64 or AArch64 address space.
    assert_error(
        &perft("65536T"),
        "cannot allocate a hash table of 72057594037927936 bytes (64 PiB)",
    );
    assert_error(&perft("63"), "smaller than one 64-byte bucket");
}

#[test]
fn hash_and_no_bulk_do_not_combine() {
    assert_error(
        &["perft", "startpos", "3", "--hash", "1M", "--no-bulk"],
        "--no-bulk",
    );
    // --hash 0 is no table, so --no-bulk is fine.
    let out = stdout(&["perft", "startpos", "3", "--hash", "0", "--no-bulk"]);
    assert_eq!(nodes_searched(&out), 8_902);
}
