//! Our probes against python-chess's `chess.gaviota.PythonTablebase`, an
//! independent implementation: DTM and WDL equal on a seeded sample of
//! the legal positions of every table python-chess ships (KQK, KRK, KBK,
//! KNK, KPK), both sides to move and both colour arrangements; with
//! `BITMOVES_GAVIOTA_ALL=1`, on every legal position of them.
//!
//! Without `python3` and the `chess` package the test prints a notice and
//! passes, unless `BITMOVES_REQUIRE_ORACLE=1` (CI sets it).

mod common;

use bitmoves::Board;
use bitmoves_gaviota::Tablebase;
use std::path::Path;

/// Positions per table and colour arrangement in the sample.
const SAMPLE: usize = 1500;

fn python_numbers(tables: &Path, fens: &[String]) -> Vec<String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/gaviota_oracle.py");
    let args = [script.to_str(), tables.to_str()].map(|arg| arg.expect("UTF-8"));
    common::run(&args, fens.join("\n") + "\n")
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn every_shipped_table_matches_python_chess() {
    let python = common::imports_or_skip(
        "import chess.gaviota",
        "python-chess",
        "gaviota oracle skipped: python-chess is not installed (pip install chess)",
    );
    if !python {
        return;
    }
    let Some(dir) = common::tables_dir("gaviota oracle") else {
        return;
    };
    let all = std::env::var("BITMOVES_GAVIOTA_ALL").is_ok_and(|v| v == "1");
    let mut next = common::xorshift(0x6a71_07a5);
    let mut fens = Vec::new();
    for table in common::TABLES {
        for mirror in [false, true] {
            let positions = if all {
                common::positions(table, mirror, None)
            } else {
                common::positions(table, mirror, Some((SAMPLE, &mut next)))
            };
            fens.extend(positions);
        }
    }
    let expected = python_numbers(&dir, &fens);
    assert_eq!(expected.len(), fens.len());
    let tables = Tablebase::open([&dir]).expect("the tables' directory");
    let mut wrong = Vec::new();
    for (fen, expected) in fens.iter().zip(&expected) {
        let board = Board::from_fen(fen).expect("legal");
        let ours = match (tables.probe_dtm(&board), tables.probe_wdl(&board)) {
            (Ok(dtm), Ok(wdl)) => format!("{dtm} {wdl}"),
            (Err(e), _) | (_, Err(e)) => format!("error ({e})"),
        };
        if !ours.starts_with(expected.as_str())
            || (expected == "error") != ours.starts_with("error")
        {
            wrong.push(format!("{fen}: python-chess {expected}, bitmoves {ours}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} differ:\n{}",
        wrong.len(),
        fens.len(),
        wrong[..wrong.len().min(20)].join("\n")
    );
    assert!(fens.len() >= 10 * SAMPLE);
}
