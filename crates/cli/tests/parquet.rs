//! `bitmoves pgn --parquet DIR`: the dataset written and read back, a
//! damaged game a row with its `error` (exit 1), an existing dataset
//! refused unless `--force`, and no complete-looking dataset after an
//! unwritable folder, a write that fails (a file size limit, as a full
//! disk) or a killed run.

mod common;

use arrow_array::cast::AsArray;
use arrow_array::{Array, RecordBatch};
use common::{names, run};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::Command;

const GAMES: &str = "\
[Event \"one\"]
[Result \"1-0\"]

1. e4 { [%clk 0:05:00] } e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0

1. d4 d5 2. Ke3 *

[Variant \"Atomic\"]

1. e4 d5 *
";

fn temp(name: &str) -> PathBuf {
    common::fresh_path("cli-parquet", name)
}

fn games_file(name: &str, text: &str) -> String {
    let path = temp(name);
    std::fs::write(&path, text).expect("write the PGN");
    path.to_str().expect("utf-8").to_owned()
}

/// Whether `dir` holds anything that reads as a finished dataset.
fn looks_complete(dir: &Path) -> bool {
    names(dir)
        .iter()
        .any(|n| n == "_SUCCESS" || n.ends_with(".parquet"))
}

fn read(path: &Path) -> Vec<RecordBatch> {
    let builder = ParquetRecordBatchReaderBuilder::try_new(File::open(path).expect("part"))
        .expect("a Parquet file");
    builder
        .build()
        .expect("reader")
        .map(|b| b.expect("batch"))
        .collect()
}

#[test]
fn a_dataset_is_written_and_a_damaged_game_is_a_row_with_its_error() {
    let pgn = games_file("games.pgn", GAMES);
    let dir = temp("games.parquet");
    let out = run(&["pgn", &pgn, "--parquet", dir.to_str().unwrap()]);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert!(
        out.stdout
            .starts_with("games: 3\nrows: 3\ngames with errors: 1\nparts: 1\n"),
        "{}",
        out.stdout
    );
    let lines: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(lines.len(), 1, "one line per problem: {}", out.stderr);
    assert!(
        lines[0].starts_with("error: game 2") && lines[0].contains("Ke3"),
        "{}",
        lines[0]
    );
    assert_eq!(names(&dir), ["_SUCCESS", "part-00000.parquet"]);
    let batches = read(&dir.join("part-00000.parquet"));
    let batch = &batches[0];
    assert_eq!(batch.num_rows(), 3);
    let error = batch.column_by_name("error").unwrap().as_string::<i32>();
    assert!(error.is_null(0));
    assert!(error.value(1).contains("Ke3"));
    // The Atomic game is read by its rules (its moves as python-chess
    // reads them: crates/cli/tests/variants_out.rs).
    assert!(error.is_null(2));
    let variant = batch
        .column_by_name("uci_variant")
        .unwrap()
        .as_string::<i32>();
    assert_eq!((variant.is_null(0), variant.value(2)), (true, "atomic"));
    let uci = batch.column_by_name("uci").unwrap().as_list::<i32>();
    assert_eq!(uci.value(1).len(), 2, "the moves before the error");
    assert_eq!(uci.value(2).len(), 2, "the Atomic game's moves");
    let file = batch.column_by_name("file").unwrap();
    assert_eq!(file.null_count(), 3, "one input: no file column values");
}

#[test]
fn several_inputs_fill_the_file_column_and_positions_give_a_row_each() {
    let pgn = games_file("two.pgn", "1. e4 e5 *\n");
    let dir = temp("positions.parquet");
    let out = run(&[
        "pgn",
        &pgn,
        &pgn,
        "--positions",
        "--parquet",
        dir.to_str().unwrap(),
    ]);
    assert!(out.success, "{}", out.stderr);
    assert!(
        out.stdout.starts_with("games: 2\nrows: 6\n"),
        "{}",
        out.stdout
    );
    let batch = &read(&dir.join("part-00000.parquet"))[0];
    let file = batch.column_by_name("file").unwrap().as_string::<i32>();
    assert_eq!(file.value(0), pgn);
    let fen = batch.column_by_name("fen").unwrap().as_string::<i32>();
    assert_eq!(
        fen.value(2),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
}

#[test]
fn an_existing_dataset_is_refused_and_force_replaces_it() {
    let pgn = games_file("refuse.pgn", "1. e4 *\n");
    let dir = temp("refuse.parquet");
    let dir_arg = dir.to_str().unwrap();
    assert!(run(&["pgn", &pgn, "--parquet", dir_arg]).success);
    let again = run(&["pgn", &pgn, "--parquet", dir_arg]);
    assert_eq!(again.code, Some(5));
    assert_eq!(again.stderr.lines().count(), 1, "{}", again.stderr);
    assert!(
        again.stderr.starts_with("error: ") && again.stderr.contains("--force"),
        "{}",
        again.stderr
    );
    let forced = run(&["pgn", &pgn, "--parquet", dir_arg, "--force"]);
    assert!(forced.success, "{}", forced.stderr);
    assert_eq!(names(&dir), ["_SUCCESS", "part-00000.parquet"]);
    let usage = run(&["pgn", &pgn, "--force"]);
    assert_eq!(usage.code, Some(2), "--force needs --parquet");
}

#[test]
fn an_unwritable_folder_is_one_error_line_and_no_dataset() {
    let pgn = games_file("unwritable.pgn", "1. e4 *\n");
    let blocker = temp("blocker");
    std::fs::write(&blocker, "").unwrap();
    let dir = blocker.join("dataset");
    let out = run(&["pgn", &pgn, "--parquet", dir.to_str().unwrap()]);
    assert_eq!(out.code, Some(4));
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    assert!(
        out.stderr.starts_with("error: cannot write "),
        "{}",
        out.stderr
    );
    assert!(!dir.exists());
}

/// Many games, so that the dataset passes a few kilobytes.
fn many() -> String {
    (0..3000)
        .map(|i| {
            format!(
                "[Round \"{i}\"]\n\n1. e4 {{ [%clk 0:01:{:02}] }} e5 2. Nf3 Nc6 *\n\n",
                i % 60
            )
        })
        .collect()
}

/// Runs the binary under a 16 KB file size limit; `ignore` makes an
/// oversized write fail (as on a full disk) instead of killing it.
fn limited(pgn: &str, dir: &Path, ignore: bool) -> std::process::Output {
    let trap = if ignore { "trap '' XFSZ; " } else { "" };
    Command::new("sh")
        .arg("-c")
        .arg(format!("{trap}ulimit -f 32; exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_bitmoves"))
        .args(["pgn", pgn, "--parquet", dir.to_str().unwrap()])
        .output()
        .expect("sh runs")
}

/// Writes `games` as `NAME.parquet` under the file size limit, ignoring
/// `SIGXFSZ`: the write fails with one error line, and the dataset's
/// folder is left empty.
fn assert_failed_write_leaves_nothing(name: &str, games: &str) {
    let pgn = games_file(&format!("{name}.pgn"), games);
    let dir = temp(&format!("{name}.parquet"));
    let out = limited(&pgn, &dir, true);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(4), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("error: cannot write "), "{stderr}");
    assert_eq!(names(&dir), Vec::<String>::new(), "temporary parts removed");
}

#[test]
fn a_failed_write_leaves_no_dataset() {
    assert_failed_write_leaves_nothing("full", &many());
}

#[test]
fn a_killed_run_leaves_nothing_that_reads_as_complete() {
    let pgn = games_file("killed.pgn", &many());
    let dir = temp("killed.parquet");
    let out = limited(&pgn, &dir, false);
    assert_eq!(out.status.code(), None, "killed by SIGXFSZ");
    assert!(!looks_complete(&dir), "{:?}", names(&dir));
}

#[test]
fn a_write_failing_mid_run_leaves_no_dataset() {
    // 150,000 games: the first row group (100,000 rows) is written while
    // the input is still being read, past the file size limit.
    assert_failed_write_leaves_nothing("full-mid-run", &"1. e4 *\n\n".repeat(150_000));
}
