//! SAN and Chess960 numbering against python-chess, an independent
//! implementation: this test writes positions with our SAN for every legal
//! move, and the 960 start positions, to a file, and the oracle harness
//! `scripts/oracle/check.py` compares them with python-chess's.
//!
//! Without `python3` and the `chess` package (`pip install chess`) the test
//! prints a notice and passes, unless `BITMOVES_REQUIRE_ORACLE` is set
//! (CI sets it, as for `oracle.rs`), when it fails.

mod common;

use bitmoves::Board;
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

/// Random games from each start, and how long each runs.
const GAMES: usize = 300;
const PLIES: usize = 60;
/// Every how many plies a position is written out.
const EVERY: usize = 3;

/// One `san` line: the position and every legal move with its SAN.
fn san_line(board: &Board) -> String {
    let mut line = format!(
        "san\t{}\t{board}\t",
        if board.is_chess960() { 1 } else { 0 }
    );
    for &mv in board.legal_moves().iter() {
        let san = board
            .san(mv)
            .unwrap_or_else(|e| panic!("{board}: {mv}: {e}"));
        let _ = write!(line, "{mv}={san} ");
    }
    line
}

/// The positions: every suite entry, and positions along random games from
/// the suite entries and from Chess960 start positions.
fn positions() -> Vec<Board> {
    let entries = common::all_entries();
    let mut boards: Vec<Board> = entries.iter().map(|e| e.board).collect();
    let mut rng = common::Random::new(0x9e37_79b9_7f4a_7c15);
    for game in 0..GAMES {
        let mut board = if game % 4 == 0 {
            Board::chess960_start(rng.below(960) as u16).expect("in range")
        } else {
            entries[rng.below(entries.len())].board
        };
        for ply in 0..PLIES {
            let moves = board.legal_moves();
            if moves.is_empty() {
                boards.push(board);
                break;
            }
            if ply % EVERY == 0 {
                boards.push(board);
            }
            board.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
    boards
}

#[test]
fn san_and_chess960_numbering_match_python_chess() {
    if !common::python_chess_or_skip("SAN oracle") {
        return;
    }
    let mut text = String::new();
    for board in positions() {
        text.push_str(&san_line(&board));
        text.push('\n');
    }
    for n in 0..Board::CHESS960_POSITIONS {
        let board = Board::chess960_start(n).expect("in range");
        let _ = writeln!(text, "start\t{n}\t{board}");
    }
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("san_oracle.tsv");
    std::fs::write(&path, text).expect("write the oracle input");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/oracle/check.py");
    let out = Command::new("python3")
        .arg(&script)
        .arg(&path)
        .output()
        .expect("run scripts/oracle/check.py");
    let report = String::from_utf8_lossy(&out.stdout);
    println!("{report}");
    assert!(
        out.status.success(),
        "python-chess disagrees (input kept at {}):\n{report}\n{}",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
}
