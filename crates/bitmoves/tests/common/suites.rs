//! The EPD perft suites (`FEN ;D1 n ;D2 n …`, one position a line) and
//! their reader: the core's integration tests use them through `common`,
//! the perft crate's split tests include this file.

use bitmoves::{Board, FenOptions};

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

/// Every entry of the suite file `name` (`"standard.epd"`, …).
pub fn suite(name: &str) -> Vec<SuiteEntry> {
    let (file, text) = SUITES
        .iter()
        .find(|(file, _)| *file == name)
        .unwrap_or_else(|| panic!("no suite {name}"));
    read_suite(file, text)
}
