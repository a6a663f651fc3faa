//! Our probes against python-chess's `chess.syzygy`, an independent
//! implementation: WDL and DTZ equal on thousands of random legal
//! positions of every table python-chess ships (3 and 4 pieces), both
//! sides to move, and on positions with a legal en passant capture.
//!
//! Without `python3` and the `chess` package the test prints a notice and
//! passes, unless `BITMOVES_REQUIRE_ORACLE=1` (CI sets it).

mod common;

use bitmoves::Board;
use bitmoves_syzygy::Tablebase;
use common::{fen, letters, random_position};
use std::path::Path;

/// Random positions per table and side to move.
const PER_SIDE: usize = 150;
/// Positions with a legal en passant capture per table with pawns on both
/// sides.
const EN_PASSANT: usize = 200;

fn python_chess_or_skip() -> bool {
    common::imports_or_skip(
        "import chess.syzygy",
        "python-chess",
        "syzygy oracle skipped: python-chess is not installed (pip install chess)",
    )
}

/// python-chess's `WDL DTZ` (or `error`) per FEN.
fn python_numbers(tables: &Path, fens: &[String]) -> Vec<String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/syzygy_oracle.py");
    let args = [script.to_str(), tables.to_str()].map(|arg| arg.expect("UTF-8"));
    common::run(&args, fens.join("\n") + "\n")
        .lines()
        .map(str::to_owned)
        .collect()
}

/// A random legal position where the side to move may take en passant.
fn en_passant_position(pieces: &[char], next: &mut impl FnMut() -> u64) -> Option<String> {
    let white = next().is_multiple_of(2);
    let (mover, pusher) = if white { ('P', 'p') } else { ('p', 'P') };
    // The pawn that just made its double step, and the one beside it.
    let file = (next() % 8) as usize;
    let (rank, from, over) = if white { (4, 6, 5) } else { (3, 1, 2) };
    let side = if file == 0 || (file < 7 && next().is_multiple_of(2)) {
        file + 1
    } else {
        file - 1
    };
    let mut board = [None; 64];
    board[rank * 8 + file] = Some(pusher);
    board[rank * 8 + side] = Some(mover);
    let mut rest: Vec<char> = pieces.to_vec();
    for placed in [pusher, mover] {
        let at = rest.iter().position(|&c| c == placed)?;
        rest.remove(at);
    }
    for piece in rest {
        let free: Vec<usize> = (0..64)
            .filter(|&sq| board[sq].is_none() && sq != from * 8 + file && sq != over * 8 + file)
            .filter(|&sq| !piece.eq_ignore_ascii_case(&'p') || (8..56).contains(&sq))
            .collect();
        board[free[(next() % free.len() as u64) as usize]] = Some(piece);
    }
    let fen = fen(&board, white, Some(over * 8 + file));
    let parsed = Board::from_fen(&fen).ok()?;
    parsed.legal_en_passant().map(|_| fen)
}

#[test]
fn random_positions_of_every_shipped_table_match_python_chess() {
    if !python_chess_or_skip() {
        return;
    }
    let Some(dir) = common::tables_dir("syzygy oracle") else {
        return;
    };
    let (count, tables) = compare_with_python_chess(&dir, PER_SIDE);
    assert!(tables >= 30, "python-chess ships the 3- and 4-piece tables");
    assert!(count >= 10_000);
}

/// Your own tables (5 to 7 pieces, say) against python-chess: set
/// `BITMOVES_SYZYGY_TABLES` to their directory (and
/// `BITMOVES_SYZYGY_POSITIONS` to the positions per table and side,
/// default 50). A table whose smaller tables are missing is an error in
/// both, which counts as agreement.
#[test]
fn your_tables_match_python_chess() {
    let Some(dir) = std::env::var_os("BITMOVES_SYZYGY_TABLES") else {
        return;
    };
    if !python_chess_or_skip() {
        return;
    }
    let per_side = std::env::var("BITMOVES_SYZYGY_POSITIONS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(50);
    compare_with_python_chess(Path::new(&dir), per_side);
}

/// Compares our WDL and DTZ with python-chess's on `per_side` random
/// positions per table of `dir` and side to move, and en passant
/// positions of the tables with pawns on both sides; returns the
/// positions and tables compared.
fn compare_with_python_chess(dir: &Path, per_side: usize) -> (usize, usize) {
    let dir = dir.to_path_buf();
    let names = common::table_names(&dir);
    assert!(
        names.len() >= 30,
        "python-chess ships the 3- and 4-piece tables: {names:?}"
    );
    let mut next = common::xorshift(0x5eed_0042);
    let mut fens = Vec::new();
    let mut en_passant = 0;
    for name in &names {
        let pieces = letters(name);
        for white in [true, false] {
            let mut made = 0;
            while made < per_side {
                if let Some(fen) = random_position(&pieces, white, &mut next) {
                    fens.push(fen);
                    made += 1;
                }
            }
        }
        if pieces.contains(&'P') && pieces.contains(&'p') {
            let mut made = 0;
            while made < EN_PASSANT {
                if let Some(fen) = en_passant_position(&pieces, &mut next) {
                    fens.push(fen);
                    made += 1;
                }
            }
            en_passant += made;
        }
    }
    let expected = python_numbers(&dir, &fens);
    assert_eq!(expected.len(), fens.len(), "one answer per FEN");
    let tables = Tablebase::open([&dir]).expect("tables");
    let mut wrong = Vec::new();
    for (fen, theirs) in fens.iter().zip(&expected) {
        let board: Board = fen.parse().expect("a legal FEN");
        let ours = match (tables.probe_wdl(&board), tables.probe_dtz(&board)) {
            (Ok(wdl), Ok(dtz)) => format!("{wdl} {dtz}"),
            // Both refuse (a smaller table missing, say): they agree.
            _ if theirs == "error" => "error".to_owned(),
            (wdl, dtz) => format!("error {wdl:?} {dtz:?}"),
        };
        if ours != *theirs {
            wrong.push(format!("{fen}: ours {ours}, python-chess {theirs}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} positions differ:\n{}",
        wrong.len(),
        fens.len(),
        wrong
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    let mut by_wdl = std::collections::BTreeMap::new();
    for answer in &expected {
        *by_wdl
            .entry(answer.split(' ').next().unwrap_or(""))
            .or_insert(0) += 1;
    }
    // Wins, draws and losses all occur (the 3- and 4-piece tables have no
    // cursed win or blessed loss: those take 5 pieces or more).
    for wdl in ["-2", "0", "2"] {
        assert!(
            by_wdl.get(wdl).is_some_and(|&n| n > 0),
            "no position with WDL {wdl}: {by_wdl:?}"
        );
    }
    eprintln!(
        "{} positions of {} tables agree with python-chess ({en_passant} with en passant), by WDL: {by_wdl:?}",
        fens.len(),
        names.len()
    );
    (fens.len(), names.len())
}
