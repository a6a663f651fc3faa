//! `bitmoves pgn --pgn` and `--parquet` on games of the variants against
//! python-chess, the independent oracle (`variants_out_oracle.py`): random
//! games of every variant (960 starts, mid-game `FEN` starts, nested
//! variations, comments, NAGs, null moves) and python-chess's own
//! Crazyhouse and Antichess test games, written back as python-chess
//! exports them and as dataset rows holding python-chess's moves, SAN and
//! FENs. Then hostile variant games: each one error with its game and
//! line, the rest written, in both outputs. Without python-chess (and
//! pyarrow) the oracle tests skip with a notice, unless
//! `BITMOVES_REQUIRE_ORACLE=1` is set.

mod common;

#[path = "../../bitmoves/tests/common/python.rs"]
mod python;

use arrow_array::cast::AsArray;
use arrow_array::{Array, RecordBatch};
use common::{arg, names, run, scratch};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use std::path::Path;

/// The oracle script, beside this file.
const ORACLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/variants_out_oracle.py");

/// Whether python-chess and pyarrow are there (else the test skips).
fn oracle_available() -> bool {
    python::imports_or_skip(
        "import chess.variant, pyarrow.parquet",
        "python-chess or pyarrow (pip install chess pyarrow)",
        "variant output oracle skipped: python-chess or pyarrow is not installed",
    )
}

/// Writes `pgn` with `--pgn` (on 1 and 2 threads, which must agree) and
/// both datasets into `dir`, and has the oracle compare them with
/// python-chess's reading of `pgn`; returns the games it checked.
fn compare(pgn: &Path, dir: &Path) -> usize {
    let written = run(&["pgn", arg(pgn), "--pgn"]);
    assert!(written.success, "{}", written.stderr);
    assert!(written.stderr.is_empty(), "{}", written.stderr);
    let threaded = run(&["pgn", arg(pgn), "--pgn", "--threads", "2"]);
    assert_eq!(threaded.stdout, written.stdout);
    let text = dir.join("written.pgn");
    std::fs::write(&text, &written.stdout).expect("write the output");
    let (games, positions) = (dir.join("games"), dir.join("positions"));
    for (set, extra) in [(&games, None), (&positions, Some("--positions"))] {
        let mut args = vec!["pgn", arg(pgn), "--parquet", arg(set)];
        args.extend(extra);
        let out = run(&args);
        assert!(out.success, "{}", out.stderr);
    }
    let checked = python::run(
        &[
            ORACLE,
            "check",
            arg(pgn),
            arg(&text),
            arg(&games),
            arg(&positions),
        ],
        String::new(),
    );
    checked.trim().parse().expect("the number of games checked")
}

#[test]
fn random_variant_games_are_written_as_python_chess_writes_them() {
    if !oracle_available() {
        return;
    }
    let dir = scratch("variant-out-random");
    let pgn = dir.join("variants.pgn");
    python::run(&[ORACLE, "games", arg(&pgn)], String::new());
    assert_eq!(compare(&pgn, &dir), 54);
}

#[test]
fn python_chess_variant_test_games_are_written_as_it_writes_them() {
    if !oracle_available() {
        return;
    }
    let Some(sdist) = python::sdist("python-chess's variant test PGNs") else {
        return;
    };
    for (name, games) in [
        ("antichess-programfox.pgn", 2),
        ("knightvuillaume-jannlee-zh-lichess.pgn", 1),
        ("saturs-jannlee-zh-lichess.pgn", 1),
    ] {
        let dir = scratch(&format!("variant-out-{name}"));
        assert_eq!(
            compare(&sdist.join("data/pgn").join(name), &dir),
            games,
            "{name}"
        );
    }
}

/// Bad variant games among good ones.
const HOSTILE: &str = "\
[Variant \"Crazyhouse\"]

1. e4 d5 2. exd5 Qxd5 3. N@e4 *

[Variant \"Bughouse\"]

1. e4 *

[Variant \"Crazyhouse960\"]

1. e4 *

[Variant \"Three-check\"]
[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+x 0 1\"]

1. e4 *

[Variant \"Crazyhouse\"]
[FEN \"qbbnrnkr/pppppppp/8/8/8/8/PPPPPPPP/QBBNRNKR[] w KQkq - 0 1\"]

1. e4 e5 2. Ng3 ( 2. Nfe3 Nfe6 ) 2... Ng6 3. O-O N@f4 *

[Variant \"Atomic\"]

1. e4 d5 ( 1... e5 2. Qh5 Ke7 ) 2. exd5 { boom } Qxd5 *
";

/// The single part file of dataset `dir`, read.
fn rows(dir: &Path) -> RecordBatch {
    let part = names(dir)
        .into_iter()
        .find(|name| name.ends_with(".parquet"))
        .expect("a part file");
    let file = std::fs::File::open(dir.join(part)).expect("the part");
    let reader = ParquetRecordBatchReaderBuilder::try_new(file)
        .expect("a Parquet file")
        .build()
        .expect("a reader");
    let mut batches: Vec<RecordBatch> = reader.map(|batch| batch.expect("a batch")).collect();
    assert_eq!(batches.len(), 1, "a few rows are one batch");
    batches.remove(0)
}

/// The text column `name` of `batch`, nulls as `None`.
fn texts(batch: &RecordBatch, name: &str) -> Vec<Option<String>> {
    let column = batch.column_by_name(name).expect(name).as_string::<i32>();
    (0..column.len())
        .map(|i| (!column.is_null(i)).then(|| column.value(i).to_owned()))
        .collect()
}

#[test]
fn hostile_variant_games_are_one_error_each_and_the_rest_is_written() {
    let dir = scratch("variant-out-hostile");
    let path = dir.join("hostile.pgn");
    std::fs::write(&path, HOSTILE).expect("write the games");
    let expect = [
        // A knight drop with no knight in hand.
        "error: game 1 (line 3, column 26): illegal move \"N@e4\"",
        "error: game 2 (line 5, column 11): unknown variant \"Bughouse\"",
        // python-chess's `find_variant` refuses it too: 960 is the FEN's.
        "error: game 3 (line 9, column 11): unknown variant \"Crazyhouse960\"",
        "error: game 4 (line 14, column 7): bad FEN tag",
        // Chess960 Crazyhouse: castling is king takes rook (`O-O` reads),
        // the black knight drop has no knight in hand.
        "error: game 5 (line 21, column 50): illegal move \"N@f4\" (illegal san) in qbbnr1kr/pppp1ppp/6n1/4p3/4P3/6N1/PPPP1PPP/QBBNRRK1[] b kq - 3 3",
    ];
    let out = run(&["pgn", arg(&path), "--pgn"]);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    let errors: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(errors.len(), expect.len(), "{}", out.stderr);
    for (line, start) in errors.iter().zip(expect) {
        assert!(line.starts_with(start), "{line:?} is not {start:?}");
    }
    // The Atomic game, its variation replayed (`Ke7` is legal there) and
    // `Qxd5` read past its `x` (the capture exploded the pawn), as
    // python-chess reads and writes it.
    assert!(
        out.stdout.ends_with(
            "[Variant \"Atomic\"]\n\n1. e4 d5 (1... e5 2. Qh5 Ke7) 2. exd5 { boom } 2... Qd5 *\n\n"
        ),
        "{}",
        out.stdout
    );
    assert_eq!(out.stdout.matches("[Event ").count(), 1, "{}", out.stdout);

    let set = dir.join("set");
    let out = run(&["pgn", arg(&path), "--parquet", arg(&set)]);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert_eq!(out.stderr.lines().count(), expect.len(), "{}", out.stderr);
    assert!(names(&set).contains(&"_SUCCESS".to_owned()));
    let batch = rows(&set);
    assert_eq!(batch.num_rows(), 6);
    let variant = texts(&batch, "uci_variant");
    let error = texts(&batch, "error");
    let final_fen = texts(&batch, "final_fen");
    assert_eq!(
        variant,
        [
            Some("crazyhouse"),
            None,
            None,
            None,
            Some("crazyhouse"),
            Some("atomic")
        ]
        .map(|v| v.map(str::to_owned))
    );
    assert!(error[..5].iter().all(Option::is_some), "{error:?}");
    assert_eq!(error[5], None);
    // A failed game's row stops where it did, in the variant's FEN.
    assert_eq!(
        final_fen[0].as_deref(),
        Some("rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3")
    );
    assert_eq!(
        texts(&batch, "FEN")[4].as_deref(),
        Some("qbbnrnkr/pppppppp/8/8/8/8/PPPPPPPP/QBBNRNKR[] w KQkq - 0 1")
    );
    assert_eq!(
        final_fen[5].as_deref(),
        Some("rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 1 3")
    );
}
