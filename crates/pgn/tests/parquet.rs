//! The Parquet dataset (feature `parquet`): its columns read back with
//! the `parquet` crate's Arrow reader, its row groups and parts bounded,
//! rows in input order on any number of threads, an existing dataset
//! refused unless forced, and no complete-looking file after a failure.

use arrow_array::cast::AsArray;
use arrow_array::types::{Date32Type, Float64Type, Int32Type, Int64Type, UInt32Type, UInt64Type};
use arrow_array::{Array, RecordBatch};
use bitmoves_pgn::Reader;
use bitmoves_pgn::parquet::{
    Dataset, DatasetError, DatasetOptions, SCHEMA_VERSION, SCHEMA_VERSION_KEY,
};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use std::fs::File;
use std::path::{Path, PathBuf};

const GAMES: &str = r#"[Event "Rated Blitz game"]
[Site "https://lichess.org/abc"]
[Date "2024.02.29"]
[UTCDate "2024.02.29"]
[UTCTime "23:59:01"]
[White "A"]
[Black "B"]
[Result "0-1"]
[WhiteElo "1500"]
[BlackElo "?"]
[WhiteRatingDiff "-7"]
[TimeControl "180+2"]
[Annotator "x"]
[Annotator "y"]
[Opening "King's Pawn"]

1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... e5 { [%clk 0:02:59.5] [%eval #-3] } 2. Nf3 (2. f4 { [%clk 9:9:9] }) { [%eval -1.5] } 2... Nc6 0-1

[Event "Odd"]
[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]
[SetUp "1"]

1. O-O Kd7 2. Rf7+ *

[Event "Broken"]

1. e4 e5 2. Ke3 *
"#;

fn dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("parquet")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn write(
    dir: &Path,
    text: &str,
    options: DatasetOptions,
) -> Result<bitmoves_pgn::parquet::Summary, DatasetError> {
    let mut dataset = Dataset::create(dir, options)?;
    dataset.write_pgn(&mut Reader::new(text.as_bytes()), Some("in.pgn"), |_| {})?;
    dataset.finish()
}

/// Every row group of every part, in order.
fn read(dir: &Path) -> Vec<RecordBatch> {
    let mut parts: Vec<_> = std::fs::read_dir(dir)
        .expect("dir")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "parquet"))
        .collect();
    parts.sort();
    let mut batches = Vec::new();
    for part in parts {
        let builder = ParquetRecordBatchReaderBuilder::try_new(File::open(part).expect("part"))
            .expect("parquet");
        let version = builder
            .metadata()
            .file_metadata()
            .key_value_metadata()
            .and_then(|kv| kv.iter().find(|kv| kv.key == SCHEMA_VERSION_KEY))
            .and_then(|kv| kv.value.clone());
        assert_eq!(version.as_deref(), Some(SCHEMA_VERSION));
        for batch in builder.build().expect("reader") {
            batches.push(batch.expect("batch"));
        }
    }
    batches
}

fn strings(batch: &RecordBatch, column: &str) -> Vec<Option<String>> {
    let array = batch
        .column_by_name(column)
        .expect(column)
        .as_string::<i32>();
    array.iter().map(|v| v.map(str::to_owned)).collect()
}

/// A primitive column's values, `None` where null.
fn primitives<T: arrow_array::ArrowPrimitiveType>(
    batch: &RecordBatch,
    column: &str,
) -> Vec<Option<T::Native>> {
    let array = batch.column_by_name(column).expect(column);
    array.as_primitive::<T>().iter().collect()
}

fn list<T: arrow_array::ArrowPrimitiveType>(
    batch: &RecordBatch,
    column: &str,
    row: usize,
) -> Vec<Option<T::Native>> {
    let lists = batch.column_by_name(column).expect(column).as_list::<i32>();
    lists.value(row).as_primitive::<T>().iter().collect()
}

fn words(batch: &RecordBatch, column: &str, row: usize) -> Vec<String> {
    let lists = batch.column_by_name(column).expect(column).as_list::<i32>();
    lists
        .value(row)
        .as_string::<i32>()
        .iter()
        .map(|v| v.expect("word").to_owned())
        .collect()
}

#[test]
fn game_rows_hold_typed_tags_moves_clocks_evals_and_errors() {
    let dir = dir("games");
    let summary = write(&dir, GAMES, DatasetOptions::default()).expect("written");
    assert_eq!(
        (summary.games, summary.rows, summary.parts.len()),
        (3, 3, 1)
    );
    assert!(dir.join("_SUCCESS").exists());
    let batches = read(&dir);
    assert_eq!(batches.len(), 1);
    let b = &batches[0];
    assert_eq!(
        primitives::<UInt64Type>(b, "game"),
        [Some(1), Some(2), Some(3)]
    );
    assert_eq!(strings(b, "file"), vec![Some("in.pgn".to_owned()); 3]);
    assert_eq!(strings(b, "Event")[2].as_deref(), Some("Broken"));
    assert_eq!(strings(b, "White")[1], None);
    let date = primitives::<Date32Type>(b, "Date");
    assert_eq!(date[..2], [Some(19782), None]);
    let elo = |c| primitives::<Int32Type>(b, c);
    assert_eq!(elo("WhiteElo"), [Some(1500), None, None]);
    assert_eq!(elo("BlackElo"), [None, None, None], "? is null");
    assert_eq!(elo("WhiteRatingDiff")[0], Some(-7));
    assert_eq!(elo("base_seconds")[0], Some(180));
    assert_eq!(elo("increment_seconds")[0], Some(2));
    let time = primitives::<arrow_array::types::Time32MillisecondType>(b, "UTCTime");
    assert_eq!(time[0], Some((23 * 3600 + 59 * 60 + 1) * 1000));
    let tags = b.column_by_name("tags").unwrap().as_map();
    let first = tags.value(0);
    assert_eq!(first.column(0).as_string::<i32>().value(0), "Annotator");
    assert_eq!(
        first.column(1).as_string::<i32>().value(0),
        "y",
        "the last duplicate wins"
    );
    assert_eq!(first.len(), 1);
    assert_eq!(tags.value(1).column(0).as_string::<i32>().value(0), "SetUp");
    assert_eq!(
        strings(b, "FEN"),
        [
            None,
            Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1".to_owned()),
            None
        ]
    );
    assert_eq!(words(b, "uci", 0), ["e2e4", "e7e5", "g1f3", "b8c6"]);
    assert_eq!(words(b, "san", 1), ["O-O", "Kd7", "Rf7+"]);
    assert_eq!(words(b, "uci", 1)[0], "e1g1");
    assert_eq!(
        list::<Float64Type>(b, "clock", 0),
        [Some(180.0), Some(179.5), None, None]
    );
    assert_eq!(
        list::<Int64Type>(b, "eval_cp", 0),
        [Some(17), None, Some(-150), None],
        "a comment after a variation is the move's"
    );
    assert_eq!(
        list::<Int32Type>(b, "eval_mate", 0),
        [None, Some(-3), None, None]
    );
    assert_eq!(
        primitives::<UInt32Type>(b, "plies"),
        [Some(4), Some(3), Some(2)]
    );
    let errors = strings(b, "error");
    assert_eq!(errors[..2], [None, None]);
    assert!(
        errors[2].as_deref().is_some_and(|e| e.contains("Ke3")),
        "{errors:?}"
    );
    assert_eq!(
        strings(b, "final_fen")[2].as_deref(),
        Some("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"),
        "a failed game's row ends where its moves stopped"
    );
}

#[test]
fn position_rows_follow_each_mainline() {
    let dir = dir("positions");
    let options = DatasetOptions {
        positions: true,
        ..DatasetOptions::default()
    };
    let summary = write(&dir, GAMES, options).expect("written");
    assert_eq!(
        (summary.games, summary.rows),
        (3, 5 + 4),
        "the failed game has no positions"
    );
    let b = &read(&dir)[0];
    let ply = primitives::<UInt32Type>(b, "ply");
    assert_eq!(ply, [0, 1, 2, 3, 4, 0, 1, 2, 3].map(Some));
    let uci = strings(b, "uci");
    assert_eq!(uci[0].as_deref(), Some("e2e4"));
    assert_eq!(uci[4], None);
    assert_eq!(
        strings(b, "fen")[0].as_deref(),
        Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    );
    let clock = primitives::<Float64Type>(b, "clock");
    assert_eq!(clock[..3], [None, Some(180.0), Some(179.5)]);
    assert_eq!(primitives::<Int32Type>(b, "eval_mate")[2], Some(-3));
    assert_eq!(strings(b, "result")[0].as_deref(), Some("0-1"));
    assert_eq!(strings(b, "result")[5].as_deref(), Some("*"));
}

/// Many games, to spread over row groups, parts and threads.
fn many() -> String {
    (0..300)
        .map(|i| {
            format!(
                "[Round \"{i}\"]\n\n1. e4 {{ [%clk 0:01:{:02}] }} e5 2. Nf3 *\n\n",
                i % 60
            )
        })
        .collect()
}

#[test]
fn row_groups_and_parts_are_bounded_and_rows_stay_in_order_on_threads() {
    let text = many();
    let mut rounds = Vec::new();
    for threads in [1, 3] {
        let dir = dir(&format!("bounded-{threads}"));
        let options = DatasetOptions {
            threads,
            row_group_rows: 7,
            part_bytes: 4000,
            ..DatasetOptions::default()
        };
        let summary = write(&dir, &text, options).expect("written");
        assert!(summary.parts.len() > 3, "{} parts", summary.parts.len());
        for part in &summary.parts {
            let builder =
                ParquetRecordBatchReaderBuilder::try_new(File::open(part).unwrap()).unwrap();
            for group in builder.metadata().row_groups() {
                assert!(group.num_rows() <= 7);
            }
        }
        let batches = read(&dir);
        let round: Vec<String> = batches
            .iter()
            .flat_map(|b| strings(b, "Round"))
            .map(|r| r.unwrap())
            .collect();
        assert_eq!(round.len(), 300);
        rounds.push(round);
    }
    let expected: Vec<String> = (0..300).map(|i| i.to_string()).collect();
    assert_eq!(rounds[0], expected);
    assert_eq!(rounds[1], expected);
}

/// Games enough for many chunks of the threads' input (about 1.3 MB),
/// some damaged, with clocks and evaluations.
fn chunks_of_games() -> String {
    let moves = "1. e4 { [%clk 0:03:00] } e5 { [%eval 0.2] } 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 \
                 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7";
    (0..8000)
        .map(|i| match i % 97 {
            0 => format!("[Round \"{i}\"]\n\n1. e4 e5 2. Ke3 *\n\n"),
            n => format!(
                "[Round \"{i}\"]\n[WhiteElo \"{}\"]\n\n{moves} *\n\n",
                1000 + n
            ),
        })
        .collect()
}

/// The law: the dataset's files are the same, byte for byte, whatever
/// the number of threads (row groups cut at the same rows, split where
/// a batch of positions passes the row limit, parts closed alike).
#[test]
fn the_files_are_the_same_on_any_number_of_threads() {
    let text = chunks_of_games();
    assert!(text.len() > 1 << 20, "{} bytes", text.len());
    for positions in [false, true] {
        let mut datasets = Vec::new();
        for threads in [1, 2, 4] {
            let dir = dir(&format!("same-{positions}-{threads}"));
            let options = DatasetOptions {
                positions,
                threads,
                // Positions: more rows than a row group holds after a few
                // games, so the batch is split.
                row_group_rows: if positions { 50 } else { 5000 },
                row_group_bytes: 300_000,
                part_bytes: 20_000,
                ..DatasetOptions::default()
            };
            let summary = write(&dir, &text, options).expect("written");
            assert!(summary.parts.len() > 1, "{} parts", summary.parts.len());
            let files: Vec<Vec<u8>> = summary
                .parts
                .iter()
                .map(|part| std::fs::read(part).expect("part"))
                .collect();
            datasets.push((summary.rows, files));
        }
        // (Compared without printing megabytes when they differ.)
        assert!(
            datasets[0] == datasets[1],
            "positions {positions}: 1 and 2 threads differ"
        );
        assert!(
            datasets[0] == datasets[2],
            "positions {positions}: 1 and 4 threads differ"
        );
    }
}

/// A visitor that takes nothing.
struct Nothing;

impl bitmoves_pgn::Visitor for Nothing {}

/// The law of input errors: a damaged compressed input ends the reading
/// with `DatasetError::Input`, and the dataset holds the games before
/// the damage, those `read_parallel` hands on, on any number of threads.
#[test]
fn a_truncated_input_keeps_the_games_before_it_on_any_number_of_threads() {
    let compressed = zstd::encode_all(chunks_of_games().as_bytes(), 1).expect("zstd");
    let cut = &compressed[..compressed.len() * 3 / 5];
    let input = || Reader::new(bitmoves_pgn::decompress(cut).expect("zstd"));
    let mut before = Vec::new();
    let work = |game: bitmoves_pgn::PendingGame| {
        let number = game.number();
        let _ = game.read(&mut Nothing);
        number
    };
    let outcome = bitmoves_pgn::read_parallel(&mut input(), 1, work, |n| before.push(n));
    assert!(outcome.is_err(), "the cut input reads whole");
    assert!(
        before.len() > 1000,
        "{} games before the damage",
        before.len()
    );
    for threads in [1, 2, 4] {
        let dir = dir(&format!("truncated-{threads}"));
        let options = DatasetOptions {
            threads,
            row_group_bytes: 300_000,
            ..DatasetOptions::default()
        };
        let mut dataset = Dataset::create(&dir, options).expect("created");
        let outcome = dataset.write_pgn(&mut input(), None, |_| {});
        assert!(
            matches!(outcome, Err(DatasetError::Input(_))),
            "{outcome:?}"
        );
        let summary = dataset.finish().expect("finished");
        assert_eq!(summary.games, before.len() as u64);
        let games: Vec<u64> = read(&dir)
            .iter()
            .flat_map(|batch| primitives::<UInt64Type>(batch, "game"))
            .map(|game| game.expect("a number"))
            .collect();
        assert_eq!(games, before, "{threads} threads");
    }
}

#[test]
fn an_existing_dataset_is_refused_unless_forced() {
    let dir = dir("exists");
    let small = DatasetOptions {
        row_group_rows: 1,
        part_bytes: 1,
        ..DatasetOptions::default()
    };
    let first = write(&dir, GAMES, small.clone()).expect("first");
    assert_eq!(first.parts.len(), 3);
    let refused = write(&dir, GAMES, DatasetOptions::default());
    assert!(
        matches!(refused, Err(DatasetError::Exists { .. })),
        "{refused:?}"
    );
    let forced = DatasetOptions {
        force: true,
        ..DatasetOptions::default()
    };
    let second = write(&dir, "1. d4 *\n", forced).expect("forced");
    assert_eq!(second.parts.len(), 1);
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let mut names = names;
    names.sort();
    assert_eq!(
        names,
        ["_SUCCESS", "part-00000.parquet"],
        "the old parts are gone"
    );
    assert_eq!(read(&dir)[0].num_rows(), 1);
}

#[test]
fn an_unfinished_dataset_leaves_no_file() {
    let dir = dir("unfinished");
    let mut dataset = Dataset::create(&dir, DatasetOptions::default()).expect("created");
    dataset
        .write_pgn(&mut Reader::new(GAMES.as_bytes()), None, |_| {})
        .expect("written");
    drop(dataset);
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
}

#[test]
fn a_folder_that_cannot_be_made_is_an_io_error() {
    let file = dir("not-a-dir");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, "").unwrap();
    let error = Dataset::create(&file.join("sub"), DatasetOptions::default())
        .expect_err("a file is in the way");
    assert!(matches!(error, DatasetError::Io { .. }), "{error:?}");
    assert!(error.to_string().contains("not-a-dir"), "{error}");
}

#[test]
fn outcomes_are_reported_in_order() {
    let dir = dir("outcomes");
    let mut dataset = Dataset::create(
        &dir,
        DatasetOptions {
            threads: 2,
            ..DatasetOptions::default()
        },
    )
    .unwrap();
    let mut seen = Vec::new();
    dataset
        .write_pgn(&mut Reader::new(GAMES.as_bytes()), None, |o| {
            seen.push((o.game, o.plies, o.error.is_some()))
        })
        .unwrap();
    dataset.finish().unwrap();
    assert_eq!(seen, [(1, 4, false), (2, 3, false), (3, 2, true)]);
}

#[test]
fn scalar_columns_carry_statistics_and_zstd() {
    let dir = dir("statistics");
    let summary = write(&dir, GAMES, DatasetOptions::default()).expect("written");
    let file = File::open(&summary.parts[0]).unwrap();
    let builder = ParquetRecordBatchReaderBuilder::try_new(file).unwrap();
    let group = builder.metadata().row_group(0);
    for column in group.columns() {
        let path = column.column_path().string();
        let scalar = !path.contains('.');
        assert_eq!(column.statistics().is_some(), scalar, "{path}");
        assert!(
            matches!(column.compression(), parquet::basic::Compression::ZSTD(_)),
            "{path}"
        );
    }
}
