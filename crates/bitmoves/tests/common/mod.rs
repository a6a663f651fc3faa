//! Shared helpers for the integration tests: reading the EPD perft suites.

#![allow(dead_code)]

use bitmoves::{Board, FenOptions, perft};
use std::fmt::Write;

/// One suite line: a position and its expected perft counts by depth.
pub struct SuiteEntry {
    pub file: &'static str,
    pub line: usize,
    pub fen: String,
    pub board: Board,
    pub counts: Vec<(u32, u64)>,
}

/// The suite files, vendored from `../shared/perft/` (a test checks the copies).
pub const SUITES: [(&str, &str); 3] = [
    ("standard.epd", include_str!("../data/standard.epd")),
    ("fischer.epd", include_str!("../data/fischer.epd")),
    ("tricky.epd", include_str!("../data/tricky.epd")),
];

/// Parses every line of a suite. Suite positions load in lenient mode:
/// `standard.epd` holds a position with an impossible double check (two
/// bishops checking along one diagonal, line 51).
pub fn read_suite(file: &'static str, text: &str) -> Vec<SuiteEntry> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap_or_default().trim().to_string();
            let board = Board::from_fen_with(
                &fen,
                FenOptions {
                    lenient: true,
                    chess960: false,
                },
            )
            .unwrap_or_else(|e| panic!("{file}:{}: {fen}: {e}", index + 1));
            let counts = parts
                .map(|part| {
                    let (depth, nodes) = part.trim().split_once(' ').expect("`Dk n` field");
                    (
                        depth.trim_start_matches('D').parse().expect("depth"),
                        nodes.trim().parse().expect("count"),
                    )
                })
                .collect();
            SuiteEntry {
                file,
                line: index + 1,
                fen,
                board,
                counts,
            }
        })
        .collect()
}

/// Every entry of every suite.
pub fn all_entries() -> Vec<SuiteEntry> {
    SUITES
        .iter()
        .flat_map(|(file, text)| read_suite(file, text))
        .collect()
}

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

/// SplitMix64: a small, seeded random source, so every run of a test
/// checks the same positions.
pub struct Random(pub u64);

impl Random {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Whether python-chess, the independent oracle, can run here
/// (`python3 -c "import chess.polyglot"`). When it cannot, the caller
/// (`what`) is skipped with a notice on stderr, unless
/// `BITMOVES_REQUIRE_ORACLE=1` is set, as CI sets it: then this fails the
/// test.
pub fn python_chess_or_skip(what: &str) -> bool {
    let available = std::process::Command::new("python3")
        .args(["-c", "import chess.polyglot"])
        .output()
        .is_ok_and(|out| out.status.success());
    if !available {
        let required = std::env::var("BITMOVES_REQUIRE_ORACLE").is_ok_and(|v| v == "1");
        assert!(
            !required,
            "BITMOVES_REQUIRE_ORACLE=1 but python-chess is missing: pip install chess"
        );
        eprintln!("{what} skipped: python-chess is not installed (pip install chess)");
    }
    available
}
