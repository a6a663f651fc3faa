//! Independent oracles: python-chess checks the Polyglot key, the legal
//! moves (and, once SAN lands, the SAN) of a few hundred random positions,
//! and Stockfish checks their perft(3), through `scripts/oracle/check.py`.
//!
//! The oracles are outside programs: when python-chess is missing the test
//! says so and passes, unless `BITMOVES_REQUIRE_ORACLE=1` is set, as CI
//! sets it (CI installs python-chess and Stockfish first).

mod common;

use bitmoves::{Board, perft};
use std::{fmt::Write as _, path::Path, process::Command};

/// Random positions: up to 60 random plies from random suite positions.
fn positions(count: usize) -> Vec<Board> {
    let starts: Vec<Board> = common::all_entries()
        .into_iter()
        .filter(|e| Board::from_fen(&e.fen).is_ok())
        .map(|e| e.board)
        .collect();
    let mut random = common::Random::new(0x6269_746d_6f76_6573);
    (0..count)
        .map(|_| {
            let start = starts[random.below(starts.len())];
            let plies = random.below(60);
            random.playout(start, plies)
        })
        .collect()
}

#[test]
fn python_chess_and_stockfish_agree() {
    if !common::python_chess_or_skip("oracle") {
        return;
    }
    let mut cases = String::new();
    for board in positions(400) {
        let moves = board.legal_moves();
        let uci: Vec<String> = moves.iter().map(ToString::to_string).collect();
        writeln!(
            cases,
            "{board}\t{}\t{:016x}\t{}\t-\t3\t{}",
            u8::from(board.is_chess960()),
            board.key(),
            uci.join(" "),
            perft::perft(&board, 3),
        )
        .unwrap();
    }
    let dir = std::env::temp_dir().join(format!("bitmoves-oracle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("cases.tsv");
    std::fs::write(&file, cases).unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/oracle/check.py");
    let mut command = Command::new("python3");
    command.arg(&script).arg(&file);
    let stockfish = Path::new("/usr/games/stockfish");
    if stockfish.exists() {
        command.arg("--stockfish").arg(stockfish);
    } else {
        eprintln!("Stockfish not found at /usr/games/stockfish: perft not checked against it");
    }
    let out = command.output().expect("python3 runs");
    let _ = std::fs::remove_dir_all(&dir);
    let report = String::from_utf8_lossy(&out.stdout);
    eprintln!("{report}{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "the oracles disagree:\n{report}");
}

/// The harness itself: a blank line in the cases file is skipped; a
/// missing Stockfish, a missing file and a short line are each one
/// `error:` line on stderr with exit status 2, never a traceback.
#[test]
fn the_oracle_harness_reports_bad_input_in_one_line() {
    if !common::python_chess_or_skip("oracle harness") {
        return;
    }
    let dir = std::env::temp_dir().join(format!("bitmoves-harness-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let board = Board::default();
    let moves: Vec<String> = board
        .legal_moves()
        .iter()
        .map(ToString::to_string)
        .collect();
    let case = format!(
        "{board}\t0\t{:016x}\t{}\t-\t1\t20\n",
        board.key(),
        moves.join(" ")
    );
    let blank = dir.join("blank.tsv");
    std::fs::write(&blank, format!("\n{case}\n  \n{case}")).unwrap();
    let short = dir.join("short.tsv");
    std::fs::write(&short, "a\tb\n").unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/oracle/check.py");
    let run = |args: &[&std::ffi::OsStr]| {
        let out = Command::new("python3")
            .arg(&script)
            .args(args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr,
        )
    };
    let (code, stdout, stderr) = run(&[blank.as_os_str()]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("2 passed, 0 failed"), "{stdout}");
    let missing = dir.join("no-such-stockfish");
    for (args, message) in [
        (
            vec![
                blank.as_os_str(),
                "--stockfish".as_ref(),
                missing.as_os_str(),
            ],
            "cannot run Stockfish",
        ),
        (vec![missing.as_os_str()], "cannot read"),
        (vec![short.as_os_str()], "expected 7 tab-separated fields"),
    ] {
        let (code, _, stderr) = run(&args);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("error: ") && stderr.contains(message),
            "{stderr}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
