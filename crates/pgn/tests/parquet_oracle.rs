//! The Parquet dataset against python-chess, read back with pyarrow
//! (`parquet_oracle.py`): every column of every row (tags typed, moves in
//! UCI and SAN, clocks, evaluations, final FEN, errors) equals what
//! python-chess reads, for a generated corpus of lichess-style games
//! (on 1 and 3 threads, in small row groups and parts) and for
//! python-chess's own test PGNs (several inputs in one dataset); and the
//! position rows equal python-chess's positions. The same holds of the
//! rows as DuckDB reads them, where its Python package is installed (CI
//! installs it), and `docs/parquet.md`'s DuckDB query over each game dataset
//! gives python-chess's totals.
//!
//! Without `python3` with `chess` and `pyarrow` the test prints a notice
//! and passes, unless `BITMOVES_REQUIRE_ORACLE=1` (CI sets it).

#[path = "common/python_chess.rs"]
mod python_chess;

use bitmoves_pgn::parquet::{Dataset, DatasetOptions};
use bitmoves_pgn::{Reader, open};
use std::path::{Path, PathBuf};
use std::process::Command;

fn oracle_or_skip() -> bool {
    python_chess::imports_or_skip(
        "import chess.pgn, pyarrow.parquet",
        "python-chess or pyarrow",
        "Parquet oracle skipped: pip install chess pyarrow",
    )
}

fn python(args: &[&str]) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/parquet_oracle.py");
    let out = Command::new("python3")
        .arg(script)
        .args(args)
        .output()
        .expect("run python3");
    assert!(
        out.status.success(),
        "parquet_oracle.py {args:?} failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Writes `files` into a fresh dataset `name`; the `file` column holds
/// their paths when there are several.
fn write(name: &str, files: &[PathBuf], options: DatasetOptions) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("parquet-oracle")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    let mut dataset = Dataset::create(&dir, options).expect("dataset");
    for file in files {
        let mut reader = Reader::new(open(file).expect("the PGN"));
        let name = (files.len() > 1).then(|| file.to_str().expect("utf-8"));
        dataset
            .write_pgn(&mut reader, name, |_| {})
            .expect("written");
    }
    dataset.finish().expect("finished");
    dir
}

/// Whether DuckDB's Python package is there (required in CI).
fn duckdb() -> bool {
    let available = Command::new("python3")
        .args(["-c", "import duckdb"])
        .output()
        .is_ok_and(|out| out.status.success());
    assert!(
        available || !python_chess::required(),
        "BITMOVES_REQUIRE_ORACLE=1 but duckdb is missing (pip install duckdb)"
    );
    available
}

fn check(dir: &Path, positions: bool, files: &[PathBuf]) {
    let mut args = vec!["check", dir.to_str().expect("utf-8")];
    if positions {
        args.push("--positions");
    }
    if duckdb() {
        args.push("--duckdb");
    }
    args.extend(files.iter().map(|f| f.to_str().expect("utf-8")));
    python(&args);
}

#[test]
fn generated_lichess_games_read_back_as_python_chess_reads_them() {
    if !oracle_or_skip() {
        return;
    }
    let corpus = Path::new(env!("CARGO_TARGET_TMPDIR")).join("parquet_corpus.pgn");
    python(&["corpus", corpus.to_str().expect("utf-8"), "800", "44"]);
    let files = [corpus];
    for threads in [1, 3] {
        let options = DatasetOptions {
            threads,
            row_group_rows: 100,
            part_bytes: 100_000,
            ..DatasetOptions::default()
        };
        let dir = write(&format!("games-{threads}"), &files, options);
        check(&dir, false, &files);
    }
    let options = DatasetOptions {
        positions: true,
        threads: 2,
        row_group_rows: 5000,
        ..DatasetOptions::default()
    };
    let dir = write("positions", &files, options);
    check(&dir, true, &files);
}

#[test]
fn python_chess_test_files_read_back_as_python_chess_reads_them() {
    if !oracle_or_skip() {
        return;
    }
    let Some(files) = python_chess::test_pgns() else {
        return;
    };
    let dir = write("python-chess", &files, DatasetOptions::default());
    check(&dir, false, &files);
}
