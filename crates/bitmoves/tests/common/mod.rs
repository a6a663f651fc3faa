//! The one support module of the core crate's integration tests: the EPD
//! perft suites, strict FEN parsing that names the FEN on failure, legal
//! moves as sorted UCI strings, a seeded random source, temporary files,
//! and the python-chess check.

#![allow(dead_code)]

use bitmoves::{Board, FenOptions, Move, perft};
use std::collections::BTreeSet;
use std::fmt::Write;

/// The EPD perft suites and their reader: shared with the perft crate's
/// split tests.
mod suites;
#[allow(unused_imports)] // each test binary uses only some helpers
pub use suites::{SUITES, SuiteEntry, all_entries, read_suite, suite};

/// Checks `perft` at every listed depth whose count passes `keep`; returns
/// a failure report naming the FEN, depth, expected and actual counts, and
/// the divide at that depth.
pub fn check_entry(entry: &SuiteEntry, keep: impl Fn(u32, u64) -> bool) -> Option<String> {
    for &(depth, expected) in entry.counts.iter().filter(|&&(d, n)| keep(d, n)) {
        let actual = perft::perft(&entry.board, depth);
        if actual != expected {
            let mut report = format!(
                "{}:{}: perft mismatch\n  fen:      {}\n  depth:    {depth}\n  expected: {expected}\n  actual:   {actual}\n  divide:\n",
                entry.file, entry.line, entry.fen
            );
            for (mv, nodes) in perft::divide(&entry.board, depth) {
                let _ = writeln!(report, "    {mv}: {nodes}");
            }
            return Some(report);
        }
    }
    None
}

/// Runs `check` on every entry, the entries shared out over `threads`
/// threads, and fails listing every report it returned.
pub fn check_all(
    entries: &[SuiteEntry],
    threads: usize,
    check: impl Fn(&SuiteEntry) -> Option<String> + Sync,
) {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                while let Some(entry) =
                    entries.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
                {
                    if let Some(report) = check(entry) {
                        failures
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .push(report);
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap_or_else(|e| e.into_inner());
    assert!(
        failures.is_empty(),
        "{} of {} positions failed:\n{}",
        failures.len(),
        entries.len(),
        failures.join("\n")
    );
}

mod random;
#[allow(unused_imports)] // each test binary uses only some helpers
pub use random::Random;

/// Temporary files.
mod temp;
#[allow(unused_imports)] // each test binary uses only some helpers
pub use temp::TempFile;

/// The rule for when castling rights need Chess960: shared with the FEN
/// fuzz target.
mod chess960;
#[allow(unused_imports)] // each test binary uses only some helpers
pub use chess960::rights_need_chess960;

/// The FEN reader's law for any text: shared with the FEN fuzz target.
mod fen_law;
#[allow(unused_imports)] // each test binary uses only some helpers
pub use fen_law::check_fen_law;

/// python-chess as the oracle: whether it runs, and runs of it.
pub mod python;

/// Whether python-chess, the independent oracle, can run here
/// (`python3 -c "import chess.polyglot"`). When it cannot, the caller
/// (`what`) is skipped with a notice on stderr, unless
/// `BITMOVES_REQUIRE_ORACLE=1` is set, as CI sets it: then this fails the
/// test.
pub fn python_chess_or_skip(what: &str) -> bool {
    python::imports_or_skip(
        "import chess.polyglot",
        "python-chess (pip install chess)",
        &format!("{what} skipped: python-chess is not installed (pip install chess)"),
    )
}

/// Parses a FEN strictly, panicking with the FEN and the error.
pub fn board(fen: &str) -> Board {
    Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Parses a FEN strictly with the board forced into Chess960 mode.
pub fn board960(fen: &str) -> Board {
    let options = FenOptions {
        chess960: true,
        ..FenOptions::default()
    };
    Board::from_fen_with(fen, options).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves of `board` as a sorted set of UCI strings.
pub fn legal_uci(board: &Board) -> BTreeSet<String> {
    board.legal_moves().iter().map(Move::to_string).collect()
}

/// Whether `uci` is among the legal moves.
pub fn is_legal_uci(board: &Board, uci: &str) -> bool {
    legal_uci(board).contains(uci)
}

/// Asserts that the legal moves are exactly `expected`, showing the FEN
/// and the difference on failure.
pub fn assert_legal_moves(board: &Board, expected: &[&str]) {
    let actual = legal_uci(board);
    let expected: BTreeSet<String> = expected.iter().map(|s| s.to_string()).collect();
    let missing: Vec<_> = expected.difference(&actual).collect();
    let extra: Vec<_> = actual.difference(&expected).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "{board}\n  missing: {missing:?}\n  extra:   {extra:?}"
    );
    assert_eq!(board.move_count(), expected.len(), "{board}: move_count");
}

/// Asserts that each of `present` is legal and none of `absent` is.
pub fn assert_some_moves(board: &Board, present: &[&str], absent: &[&str]) {
    let actual = legal_uci(board);
    for mv in present {
        assert!(
            actual.contains(*mv),
            "{board}: {mv} should be legal; legal: {actual:?}"
        );
    }
    for mv in absent {
        assert!(
            !actual.contains(*mv),
            "{board}: {mv} should be illegal; legal: {actual:?}"
        );
        let parsed: Move = mv.parse().expect("UCI spelling");
        assert!(
            !board.is_legal(parsed),
            "{board}: is_legal({mv}) should be false"
        );
    }
}

/// Plays UCI moves in order (each must be legal) and returns the board.
pub fn after(board: &Board, moves: &[&str]) -> Board {
    let mut board = *board;
    for text in moves {
        let mv = board
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{board}: {text}: {e}"));
        board.play(mv).unwrap_or_else(|e| panic!("{board}: {e}"));
    }
    board
}

/// Asserts the FEN of the board after playing `moves` from `board`.
pub fn assert_fen_after(board: &Board, moves: &[&str], expected: &str) {
    assert_eq!(
        after(board, moves).to_string(),
        expected,
        "{board} after {moves:?}"
    );
}

/// The FEN placement field of 64 cells indexed like `Square` (a1 = 0),
/// holding FEN piece letters or `.` for an empty square.
pub fn placement(cells: &[char; 64]) -> String {
    let mut ranks = Vec::new();
    for rank in cells.chunks(8).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for &cell in rank {
            if cell == '.' {
                empty += 1;
                continue;
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
                empty = 0;
            }
            text.push(cell);
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        ranks.push(text);
    }
    ranks.join("/")
}
